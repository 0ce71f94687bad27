import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable, money } from '../../../core/markdown';
import { defineChatAdsTool } from '../define';
import {
  adGroupIdArg,
  awarenessEntities,
  campaignIdArg,
  figuresByEntity,
  figuresSchema,
  statusFilterArg,
  windowArgs,
  windowRules,
} from './common';
import { reportWindow } from '../../../core/report-window';

export const listChatAdsAds = defineChatAdsTool({
  name: 'list_chatads_ads',
  description:
    'Lists chatads chat card ads with their campaign, ad group, status, title and landing page, and their figures over a window (default the last 30 days ending yesterday): spend, clicks, conversions. Filter by campaign, ad group and statuses; page with offset/limit.',
  access: 'read',
  args: {
    campaign_id: v.optional(campaignIdArg),
    ad_group_id: v.optional(adGroupIdArg),
    status_filter: statusFilterArg(['active', 'paused', 'archived'] as const),
    ...windowArgs,
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Rows to skip, default 0')), 0),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Rows per page, 1-500, default 50')),
      50,
    ),
  },
  rules: windowRules,
  output: v.object({
    start_date: v.string(),
    end_date: v.string(),
    ads: v.array(v.looseObject({ id: v.string(), name: v.string(), status: v.string(), figures: figuresSchema })),
    matched: v.number(),
    total: v.number(),
    next_offset: v.nullable(v.number()),
  }),
  async run(args, ctx) {
    const window = reportWindow(ctx, args);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    if (args.ad_group_id) {
      const group = await ctx.platform.getAdGroup(args.ad_group_id);
      if (args.campaign_id && group.campaign_id !== args.campaign_id)
        throw new ToolError(`Ad group ${group.id} belongs to campaign ${group.campaign_id}, not ${args.campaign_id}.`);
    }
    const all = await ctx.platform.listAds();
    const matched = all
      .filter(
        (a) =>
          (!args.campaign_id || a.campaign_id === args.campaign_id) &&
          (!args.ad_group_id || a.ad_group_id === args.ad_group_id) &&
          (!args.status_filter || args.status_filter.includes(a.status)),
      )
      .sort((a, b) => a.campaign_id.localeCompare(b.campaign_id) || a.ad_group_id.localeCompare(b.ad_group_id) || a.id.localeCompare(b.id));
    const page = matched.slice(args.offset, args.offset + args.limit);
    const figures = await figuresByEntity(
      ctx.platform,
      'ad',
      page.map((a) => a.id),
      window,
      ctx.account.mode === 'live',
      await awarenessEntities(ctx.platform, page),
    );
    const ads = page.map((a) => ({ ...a, figures: figures.get(a.id)! }));
    const next = args.offset + page.length;
    const currency = ctx.account.currency;
    const text = [
      `## Chatads ads: ${matched.length} matched of ${all.length}`,
      '',
      `Figures: ${window.start} to ${window.end}.`,
      '',
      ads.length
        ? markdownTable(
            ['Ad', 'Id', 'Ad group', 'Status', 'Title', 'Spend', 'Clicks', 'Conversions'],
            ads.map((a) => [
              a.name,
              a.id,
              a.ad_group_id,
              a.status,
              a.headline,
              money(a.figures.spend, currency),
              count(a.figures.clicks),
              a.figures.conversions === null ? 'n/a (awareness)' : count(a.figures.conversions),
            ]),
          )
        : 'No ads match.',
      '',
      next < matched.length
        ? `More ads: call again with \`offset\`: ${next}.`
        : 'Pause an ad with pause_chatads_ad; add one with create_chatads_ad.',
    ].join('\n');
    return {
      text,
      structured: {
        start_date: window.start,
        end_date: window.end,
        ads,
        matched: matched.length,
        total: all.length,
        next_offset: next < matched.length ? next : null,
      },
    };
  },
});
