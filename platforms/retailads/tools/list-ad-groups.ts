import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';

const STATES = ['ENABLED', 'PAUSED', 'ARCHIVED'] as const;

export const listRetailAdsAdGroups = defineRetailAdsTool({
  name: 'list_retailads_ad_groups',
  description:
    'Lists Sponsored Products ad groups with campaign, state, default bid and how many keywords, targets and product ads each holds. Filter by campaign ids and state; pages of max_results (default 100) with next_token.',
  access: 'read',
  args: {
    campaign_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
        v.minLength(1),
        v.maxLength(100),
        v.description('Only ad groups of these Sponsored Products campaigns (1-100 ids)'),
      ),
    ),
    state_filter: v.optional(
      v.pipe(v.array(v.picklist(STATES)), v.minLength(1), v.description('Only these states: ENABLED, PAUSED, ARCHIVED; default all')),
    ),
    max_results: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000), v.description('Page size, 1-1000, default 100')),
      100,
    ),
    next_token: v.optional(
      v.pipe(v.string(), v.regex(/^\d+$/, 'must be the next_token of a previous page'), v.description('next_token of the previous page')),
    ),
  },
  output: v.object({
    profile_id: v.string(),
    ad_groups: v.array(
      v.object({
        ad_group_id: v.string(),
        name: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        state: v.string(),
        default_bid: v.number(),
        keywords: v.number(),
        targets: v.number(),
        product_ads: v.number(),
      }),
    ),
    total: v.number(),
    next_token: v.nullable(v.string()),
    unknown_campaign_ids: v.array(v.string()),
  }),
  async run(args, ctx) {
    const [campaigns, adGroups, keywords, targets, productAds] = await Promise.all([
      ctx.platform.listCampaigns(),
      ctx.platform.listAdGroups(),
      ctx.platform.listKeywords(),
      ctx.platform.listTargets(),
      ctx.platform.listProductAds(),
    ]);
    const spCampaigns = new Map(campaigns.filter((c) => c.ad_product === 'SPONSORED_PRODUCTS').map((c) => [c.id, c]));
    const unknown = (args.campaign_ids ?? []).filter((id) => !spCampaigns.has(id));
    if (args.campaign_ids && unknown.length === args.campaign_ids.length) {
      throw new ToolError(
        `None of \`campaign_ids\` is a Sponsored Products campaign of profile ${ctx.account.account_id}: ${unknown.join(', ')}. Get the ids from get_retailads_report (spCampaigns).`,
      );
    }
    const wanted = args.campaign_ids ? new Set(args.campaign_ids) : undefined;
    const matching = adGroups
      .filter(
        (g) =>
          spCampaigns.has(g.campaign_id) &&
          (!wanted || wanted.has(g.campaign_id)) &&
          (!args.state_filter || args.state_filter.includes(g.state)),
      )
      .sort(
        (a, b) =>
          spCampaigns.get(a.campaign_id)!.name.localeCompare(spCampaigns.get(b.campaign_id)!.name) ||
          a.name.localeCompare(b.name) ||
          a.id.localeCompare(b.id),
      );
    const offset = Number(args.next_token ?? 0);
    const page = matching.slice(offset, offset + args.max_results);
    const next = offset + page.length < matching.length ? String(offset + page.length) : null;
    const countIn = (list: { ad_group_id: string }[], id: string) => list.filter((x) => x.ad_group_id === id).length;
    const rows = page.map((g) => ({
      ad_group_id: g.id,
      name: g.name,
      campaign_id: g.campaign_id,
      campaign_name: spCampaigns.get(g.campaign_id)!.name,
      state: g.state,
      default_bid: g.default_bid,
      keywords: countIn(keywords, g.id),
      targets: countIn(targets, g.id),
      product_ads: countIn(productAds, g.id),
    }));
    const lines = [
      `## Sponsored Products ad groups (${rows.length} of ${matching.length})`,
      '',
      rows.length
        ? markdownTable(
            ['Ad group', 'Id', 'Campaign', 'State', 'Default bid', 'Keywords', 'Targets', 'Product ads'],
            rows.map((r) => [
              r.name,
              r.ad_group_id,
              r.campaign_name,
              r.state,
              money(r.default_bid, ctx.account.currency),
              r.keywords,
              r.targets,
              r.product_ads,
            ]),
          )
        : 'No ad groups match.',
    ];
    if (unknown.length) lines.push('', `Not Sponsored Products campaigns of this profile (ignored): ${unknown.join(', ')}.`);
    if (next) lines.push('', `More ad groups: call again with \`next_token\`: "${next}".`);
    return {
      text: lines.join('\n'),
      structured: {
        profile_id: ctx.account.account_id,
        ad_groups: rows,
        total: matching.length,
        next_token: next,
        unknown_campaign_ids: unknown,
      },
    };
  },
});
