import * as v from 'valibot';
import { count, markdownTable, money, percent } from '../../markdown';
import { defineSearchAdsTool } from '../define';
import { dateRangeArgs, dateRangeRule, reportWindow, totalsBy } from './common';

export const listCampaigns = defineSearchAdsTool({
  name: 'list_campaigns',
  description: 'Lists the campaigns of a searchads account with type, status, daily budget and performance over a date range (start_date/end_date, default the last 30 days ending yesterday).',
  access: 'read',
  args: {
    status: v.optional(v.pipe(v.picklist(['ENABLED', 'PAUSED', 'REMOVED']), v.description('Only campaigns in this status'))),
    ...dateRangeArgs(),
  },
  rules: [dateRangeRule],
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx.now, args);
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
            rows.map((c) => [c.name, c.id, c.type, c.status, money(c.budget_amount, currency), money(c.metrics.spend, currency), count(c.metrics.clicks), percent(c.metrics.ctr), c.metrics.conversions, money(c.metrics.cpa, currency)]),
          )
        : 'No campaigns match.',
      ...(video.length
        ? ['', markdownTable(['Video campaign', 'Views', 'View rate', 'Cost per view'], video.map((c) => [c.name, count(c.metrics.video_views!), percent(c.metrics.view_rate ?? null), money(c.metrics.video_views ? Math.round((c.metrics.spend / c.metrics.video_views) * 100) / 100 : null, currency)]))]
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
