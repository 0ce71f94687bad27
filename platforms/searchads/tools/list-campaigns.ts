import * as v from 'valibot';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { withoutConversions } from '../awareness';
import { defineSearchAdsTool } from '../define';
import { dateRangeArgs, dateRangeRule, totalsBy } from './common';
import { reportWindow } from '../../../core/report-window';
import { metricTotalsEntries, videoMetricEntries } from '../../../core/metrics';

export const listCampaigns = defineSearchAdsTool({
  name: 'list_campaigns',
  description:
    'Lists the campaigns of a searchads account with type, status, daily budget and performance over a date range (start_date/end_date, default the last 30 days ending yesterday).',
  access: 'read',
  args: {
    status: v.optional(v.pipe(v.picklist(['ENABLED', 'PAUSED', 'REMOVED']), v.description('Only campaigns in this status'))),
    ...dateRangeArgs(),
  },
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    campaigns: v.array(
      v.object({
        end_date: v.optional(v.string()),
        language_ids: v.array(v.string()),
        label_ids: v.array(v.string()),
        network_settings: v.object({
          target_partner_search_network: v.boolean(),
          target_content_network: v.boolean(),
          target_google_tv_network: v.boolean(),
          target_google_search: v.boolean(),
          target_search_network: v.boolean(),
          target_youtube: v.boolean(),
        }),
        type: v.string(),
        name: v.string(),
        audience_targeting_mode: v.optional(v.string()),
        bidding_targets: v.optional(
          v.object({ target_cpa: v.optional(v.number()), target_roas: v.optional(v.number()), max_cpc_limit: v.optional(v.number()) }),
        ),
        id: v.string(),
        bidding_strategy: v.string(),
        status: v.string(),
        budget_amount: v.number(),
        start_date: v.string(),
        metrics: v.object({
          ...metricTotalsEntries,
          ...videoMetricEntries,
        }),
        frequency_caps: v.optional(
          v.array(
            v.object({
              time_length: v.number(),
              time_unit: v.string(),
              event_type: v.string(),
              cap: v.number(),
              level: v.string(),
            }),
          ),
        ),
        tracking_url_template: v.optional(v.string()),
        url_expansion_opt_out: v.optional(v.boolean()),
        ai_max_enabled: v.optional(v.boolean()),
        url_custom_parameters: v.optional(
          v.array(
            v.object({
              value: v.string(),
              key: v.string(),
            }),
          ),
        ),
        final_url_suffix: v.optional(v.string()),
      }),
    ),
  }),
  rules: [dateRangeRule],
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const [all, report] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.getReport('campaign', start, end)]);
    const figures = totalsBy(report, 'campaign_id');
    const rows = all.filter((c) => !args.status || c.status === args.status).map((c) => ({ ...c, metrics: figures(c.id) }));
    const currency = ctx.account.currency;
    // Video campaigns are judged on views: only they have video views and a view rate.
    const video = rows.filter((c) => c.metrics.video_views !== undefined);
    const text = [
      `## Campaigns of ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            ['Campaign', 'Id', 'Type', 'Status', 'Daily budget', 'Spend', 'Clicks', 'CTR', 'Conversions', 'CPA'],
            rows.map((c) => [
              c.name,
              c.id,
              c.type,
              c.status,
              money(c.budget_amount, currency),
              money(c.metrics.spend, currency),
              count(c.metrics.clicks),
              percent(c.metrics.ctr),
              // A video campaign bought for impressions or views has no conversions (its views are below).
              withoutConversions(c) ? 'n/a (awareness)' : c.metrics.conversions,
              withoutConversions(c) ? 'n/a (awareness)' : money(c.metrics.cpa, currency),
            ]),
          )
        : 'No campaigns match.',
      ...(video.length
        ? [
            '',
            markdownTable(
              ['Video campaign', 'Views', 'View rate', 'Cost per view'],
              video.map((c) => [
                c.name,
                count(c.metrics.video_views!),
                percent(c.metrics.view_rate ?? null),
                money(c.metrics.video_views ? Math.round((c.metrics.spend / c.metrics.video_views) * 100) / 100 : null, currency),
              ]),
            ),
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        campaigns: rows,
      },
    };
  },
});
