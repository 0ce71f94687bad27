import * as v from 'valibot';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, dateRangeArgs, dateRangeRule, totalsBy } from './common';
import { reportWindow } from '../../../core/report-window';
import { metricTotalsEntries } from '../../../core/metrics';

export const listAdGroups = defineSearchAdsTool({
  name: 'list_ad_groups',
  description:
    'Lists ad groups of a searchads account (optionally of one campaign) with campaign, type, status, default CPC bid and performance over a date range (start_date/end_date, default the last 30 days ending yesterday). Use the ad group ids with resume_ad_group and add_ad_group_audiences.',
  access: 'read',
  args: {
    campaign_id: v.optional(campaignIdArg('Only ad groups of this campaign (from list_campaigns)')),
    status: v.optional(v.pipe(v.picklist(['ENABLED', 'PAUSED', 'REMOVED']), v.description('Only ad groups in this status'))),
    include_removed: v.optional(
      v.pipe(v.boolean(), v.description('Include REMOVED ad groups (default false; implied by status=REMOVED)')),
      false,
    ),
    ...dateRangeArgs(),
  },
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    ad_groups: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        type: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        campaign_status: v.string(),
        cpc_bid: v.number(),
        audiences: v.number(),
        metrics: v.object({
          ...metricTotalsEntries,
          video_views: v.optional(v.number()),
          view_rate: v.optional(v.nullable(v.number())),
        }),
      }),
    ),
  }),
  rules: [dateRangeRule],
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const [campaigns, groups, report] = await Promise.all([
      ctx.platform.listCampaigns(),
      ctx.platform.listAdGroups(args.campaign_id),
      ctx.platform.getReport('ad_group', start, end),
    ]);
    const figures = totalsBy(report, 'ad_group_id');
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    const campaignOf = new Map(campaigns.map((c) => [c.id, c]));
    const rows = groups
      .filter((g) => (args.status ? g.status === args.status : args.include_removed || g.status !== 'REMOVED'))
      .map((g) => ({
        id: g.id,
        name: g.name,
        status: g.status,
        type: g.type,
        campaign_id: g.campaign_id,
        campaign_name: campaignOf.get(g.campaign_id)?.name ?? '',
        campaign_status: campaignOf.get(g.campaign_id)?.status ?? '',
        cpc_bid: g.cpc_bid,
        audiences: (g.audiences ?? []).length,
        metrics: figures(g.id),
      }))
      .sort((a, b) => a.campaign_name.localeCompare(b.campaign_name) || a.name.localeCompare(b.name));
    const currency = ctx.account.currency;
    const paused = rows.filter((r) => r.status === 'PAUSED').length;
    const text = [
      `## Ad groups${args.campaign_id ? ` of campaign ${campaignOf.get(args.campaign_id)?.name ?? args.campaign_id}` : ''}, ${start} to ${end}`,
      '',
      `${rows.length} ad group(s)${paused ? `, ${paused} paused (resume_ad_group re-enables one)` : ''}.`,
      '',
      rows.length
        ? markdownTable(
            ['Ad group', 'Id', 'Campaign', 'Type', 'Status', 'CPC bid', 'Spend', 'Clicks', 'CTR', 'Conversions'],
            rows.map((r) => [
              r.name,
              r.id,
              r.campaign_name,
              r.type,
              r.status,
              money(r.cpc_bid, currency),
              money(r.metrics.spend, currency),
              count(r.metrics.clicks),
              percent(r.metrics.ctr),
              r.metrics.conversions,
            ]),
          )
        : 'No ad groups match.',
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, start_date: start, end_date: end, ad_groups: rows } };
  },
});
