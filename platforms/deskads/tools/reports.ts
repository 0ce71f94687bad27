import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { previousPeriod } from '../../../core/report-window';
import { markdownTable, money, percent } from '../../../core/markdown';
import { totals, type MetricTotals } from '../../../core/metrics';
import { defineDeskAdsTool } from '../define';
import { DESKADS_LIMIT, DESKADS_MAX_OFFSET } from '../list-filters';
import { QUALITY_RATINGS, type DeskAdsPort, type DeskAdsReportRow } from '../port';
import { idArgument, metricsOutput, metricsWindow, rowMetrics, windowArgs, windowRule } from './shared';
import { budgetSourceNote, budgetUse } from '../../../core/budget-limited';
import { budgetSourceOf, campaignBudgetDays } from './shared-budget-days';
import { campaignBudget, campaignBudgetOutput } from './campaign-budget';

/** deskads report tools: campaign and account figures by day, device or network; keyword quality and bid estimates. */

const BREAKDOWNS = ['day', 'device', 'network'] as const;
type Breakdown = (typeof BREAKDOWNS)[number];

export const pagingArgs = {
  offset: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.maxValue(
        DESKADS_MAX_OFFSET,
        `must be at most ${DESKADS_MAX_OFFSET}: deep paging is capped to protect your quota; narrow the range instead`,
      ),
      v.description(`Rows to skip, default 0, at most ${DESKADS_MAX_OFFSET}`),
    ),
    0,
  ),
  limit: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(DESKADS_LIMIT.min),
      v.maxValue(DESKADS_LIMIT.max),
      v.description(`Rows per page, ${DESKADS_LIMIT.min}-${DESKADS_LIMIT.max}, default ${DESKADS_LIMIT.default}`),
    ),
    DESKADS_LIMIT.default,
  ),
};

const breakdownArg = v.optional(
  v.pipe(
    v.picklist(BREAKDOWNS),
    v.description('day (default), device (Computer, Smartphone, Tablet) or network (OwnedAndOperated, Syndicated, Audience)'),
  ),
  'day',
);

/** The key of a row within a breakdown: its day, device or network. */
const segmentOf = (row: DeskAdsReportRow, breakdown: Breakdown) =>
  breakdown === 'day' ? row.date! : breakdown === 'device' ? row.device_type! : row.network!;

async function reportRows(port: DeskAdsPort, window: { start: string; end: string }, breakdown: Breakdown) {
  return port.getReport({
    report_type: 'CampaignPerformance',
    aggregation: breakdown === 'day' ? 'Daily' : 'Summary',
    start_date: window.start,
    end_date: window.end,
    ...(breakdown === 'device' ? { segment: 'DeviceType' as const } : breakdown === 'network' ? { segment: 'Network' as const } : {}),
  });
}

const segmentRow = v.object({ segment: v.string(), metrics: metricsOutput });

export const getDeskAdsCampaignPerformance = defineDeskAdsTool({
  name: 'get_deskads_campaign_performance',
  description:
    "Figures of one or more deskads campaigns (default all) over a date range (default the last 30 days ending yesterday), broken down by day, device or network, with the days the budget limited delivery (each day against that day's own budget; budget_source says whether the platform reported it or today's was used; a campaign on a shared budget has none of its own: its daily_budget is the shared amount, shared_budget_id and shared_budget_name name it, and its days are the shared budget's, all its campaigns' spend against that amount) and the impression-weighted quality score of search campaigns. Rows page with offset and limit (10-200).",
  access: 'read',
  args: {
    campaign_ids: v.optional(
      v.pipe(
        v.array(idArgument('campaign', 'list_deskads_campaigns')),
        v.minLength(1),
        v.maxLength(100),
        v.description('Campaigns to report, 1-100 ids; default every campaign'),
      ),
    ),
    breakdown: breakdownArg,
    ...windowArgs,
    ...pagingArgs,
  },
  rules: [windowRule],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    breakdown: v.picklist(BREAKDOWNS),
    budget_source: v.picklist(['each_day', 'today']),
    campaigns: v.array(
      v.object({
        campaign_id: v.string(),
        name: v.string(),
        type: v.string(),
        status: v.string(),
        ...campaignBudgetOutput,
        budget_limited_days: v.number(),
        average_quality_score: v.nullable(v.number()),
        metrics: metricsOutput,
        rows: v.array(segmentRow),
        rows_total: v.number(),
        has_more: v.boolean(),
      }),
    ),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const breakdown = args.breakdown as Breakdown;
    const [all, sharedBudgets] = await Promise.all([ctx.platform.listCampaignSettings(), ctx.platform.listBudgets()]);
    const unknown = (args.campaign_ids ?? []).filter((id) => !all.some((c) => c.id === id));
    if (unknown.length)
      throw new ToolError(
        `No campaign ${unknown.join(', ')} in account ${ctx.account.account_id}. list_deskads_campaigns lists the valid ids.`,
        { code: 'not_found', unknown_ids: unknown },
      );
    const chosen = args.campaign_ids ? all.filter((c) => args.campaign_ids!.includes(c.id)) : all;
    const [rows, daily, keywords, keywordRows] = await Promise.all([
      reportRows(ctx.platform, window, breakdown),
      breakdown === 'day' ? Promise.resolve(undefined) : reportRows(ctx.platform, window, 'day'),
      ctx.platform.listKeywords(),
      ctx.platform.getReport({ report_type: 'KeywordPerformance', aggregation: 'Summary', start_date: window.start, end_date: window.end }),
    ]);
    const days = daily ?? rows;
    // Each day is judged with its own budget when the platform reports it on every daily row; else with today's.
    const budgetSource = budgetSourceOf(days);
    const impressionsOf = new Map(keywordRows.map((r) => [r.keyword_id!, r.impressions]));
    const campaigns = chosen.map((c) => {
      const mine = rows.filter((r) => r.campaign_id === c.id);
      const segments = [...new Set(mine.map((r) => segmentOf(r, breakdown)))].sort();
      const segmentRows = segments.map((segment) => ({
        segment,
        metrics: rowMetrics(totals(mine.filter((r) => segmentOf(r, breakdown) === segment))),
      }));
      // Days held back by the budget it drew on that day, its own or a shared one (core/budget-limited.ts).
      const limited = budgetUse(campaignBudgetDays(days, c, budgetSource, sharedBudgets)).limited_days;
      const scored = keywords.filter((k) => k.campaign_id === c.id && k.quality_score !== null && (impressionsOf.get(k.id) ?? 0) > 0);
      const weight = scored.reduce((t, k) => t + impressionsOf.get(k.id)!, 0);
      const quality =
        weight > 0 ? Math.round((scored.reduce((t, k) => t + k.quality_score! * impressionsOf.get(k.id)!, 0) / weight) * 10) / 10 : null;
      return {
        campaign_id: c.id,
        name: c.name,
        type: c.type,
        status: c.status,
        ...campaignBudget(c, sharedBudgets),
        budget_limited_days: limited,
        average_quality_score: quality,
        metrics: rowMetrics(totals(mine)),
        rows: segmentRows.slice(args.offset, args.offset + args.limit),
        rows_total: segmentRows.length,
        has_more: args.offset + args.limit < segmentRows.length,
      };
    });
    const currency = ctx.account.currency;
    const text = [
      `## Campaign performance by ${breakdown}, ${window.start} to ${window.end}`,
      '',
      markdownTable(
        ['Campaign', 'Status', 'Spend', 'Clicks', 'Conv.', 'CPA', 'ROAS', 'Budget-limited days', 'Avg QS'],
        campaigns.map((c) => [
          c.name,
          c.status,
          money(c.metrics.spend, currency),
          c.metrics.clicks,
          c.metrics.conversions,
          c.metrics.cpa === null ? '-' : money(c.metrics.cpa, currency),
          c.metrics.roas === null ? '-' : c.metrics.roas.toFixed(2),
          c.budget_limited_days,
          c.average_quality_score ?? '-',
        ]),
      ),
      ...campaigns
        .filter((c) => c.rows.length)
        .flatMap((c) => [
          '',
          `### ${c.name}`,
          markdownTable(
            [breakdown === 'day' ? 'Day' : breakdown === 'device' ? 'Device' : 'Network', 'Impr.', 'Clicks', 'Spend', 'Conv.', 'CTR'],
            c.rows.map((r) => [
              r.segment,
              r.metrics.impressions,
              r.metrics.clicks,
              money(r.metrics.spend, currency),
              r.metrics.conversions,
              percent(r.metrics.ctr),
            ]),
          ),
          ...(c.has_more ? [`More rows: call again with offset ${args.offset + args.limit}.`] : []),
        ]),
      ...(campaigns.some((c) => c.budget_limited_days > 0 && c.metrics.cpa !== null)
        ? [
            '',
            'Campaigns limited by budget on several days with a good CPA can take more: raise the budget with update_deskads_campaign (a shared budget with update_deskads_budget).',
          ]
        : []),
      ...(budgetSourceNote(budgetSource) ? ['', budgetSourceNote(budgetSource)] : []),
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        breakdown,
        budget_source: budgetSource,
        campaigns,
      },
    };
  },
});

const change = (now: number, before: number) => (before > 0 ? Math.round(((now - before) / before) * 1000) / 10 : null);

export const getDeskAdsAccountPerformance = defineDeskAdsTool({
  name: 'get_deskads_account_performance',
  description:
    'Account totals of a deskads account over a date range (default the last 30 days ending yesterday) against the previous period of the same length (change in percent), broken down by day, device or network. Rows page with offset and limit (10-200).',
  access: 'read',
  args: { breakdown: breakdownArg, ...windowArgs, ...pagingArgs },
  rules: [windowRule],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    previous_start_date: v.string(),
    previous_end_date: v.string(),
    breakdown: v.picklist(BREAKDOWNS),
    metrics: metricsOutput,
    previous_metrics: metricsOutput,
    change_percent: v.object({
      spend: v.nullable(v.number()),
      clicks: v.nullable(v.number()),
      conversions: v.nullable(v.number()),
      revenue: v.nullable(v.number()),
    }),
    rows: v.array(segmentRow),
    rows_total: v.number(),
    has_more: v.boolean(),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const previous = previousPeriod(window);
    const breakdown = args.breakdown as Breakdown;
    const [rows, before] = await Promise.all([
      reportRows(ctx.platform, window, breakdown),
      ctx.platform.getReport({
        report_type: 'CampaignPerformance',
        aggregation: 'Summary',
        start_date: previous.start,
        end_date: previous.end,
      }),
    ]);
    const now: MetricTotals = totals(rows);
    const then: MetricTotals = totals(before);
    const segments = [...new Set(rows.map((r) => segmentOf(r, breakdown)))].sort();
    const all = segments.map((segment) => ({
      segment,
      metrics: rowMetrics(totals(rows.filter((r) => segmentOf(r, breakdown) === segment))),
    }));
    const page = all.slice(args.offset, args.offset + args.limit);
    const delta = {
      spend: change(now.spend, then.spend),
      clicks: change(now.clicks, then.clicks),
      conversions: change(now.conversions, then.conversions),
      revenue: change(now.revenue, then.revenue),
    };
    const currency = ctx.account.currency;
    const signed = (n: number | null) => (n === null ? 'n/a' : `${n > 0 ? '+' : ''}${n}%`);
    const text = [
      `## Account ${ctx.account.account_id}, ${window.start} to ${window.end} (vs ${previous.start} to ${previous.end})`,
      '',
      markdownTable(
        ['Metric', 'This period', 'Previous', 'Change'],
        [
          ['Spend', money(now.spend, currency), money(then.spend, currency), signed(delta.spend)],
          ['Clicks', now.clicks, then.clicks, signed(delta.clicks)],
          ['Conversions', now.conversions, then.conversions, signed(delta.conversions)],
          ['Revenue', money(now.revenue, currency), money(then.revenue, currency), signed(delta.revenue)],
          ['CPA', now.cpa === null ? '-' : money(now.cpa, currency), then.cpa === null ? '-' : money(then.cpa, currency), ''],
        ],
      ),
      '',
      `### By ${breakdown}`,
      page.length
        ? markdownTable(
            [breakdown === 'day' ? 'Day' : breakdown === 'device' ? 'Device' : 'Network', 'Impr.', 'Clicks', 'Spend', 'Conv.'],
            page.map((r) => [r.segment, r.metrics.impressions, r.metrics.clicks, money(r.metrics.spend, currency), r.metrics.conversions]),
          )
        : 'No delivery in this range.',
      ...(args.offset + args.limit < all.length ? [`More rows: call again with offset ${args.offset + args.limit}.`] : []),
      '',
      'Per campaign: get_deskads_campaign_performance.',
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        previous_start_date: previous.start,
        previous_end_date: previous.end,
        breakdown,
        metrics: rowMetrics(now),
        previous_metrics: rowMetrics(then),
        change_percent: delta,
        rows: page,
        rows_total: all.length,
        has_more: args.offset + args.limit < all.length,
      },
    };
  },
});

const rating = v.picklist(QUALITY_RATINGS);

export const getDeskAdsKeywordPerformance = defineDeskAdsTool({
  name: 'get_deskads_keyword_performance',
  description:
    'Keyword figures over a date range (default the last 30 days ending yesterday) with the quality score and its components (expected CTR, ad relevance, landing page experience) and the bids estimated to reach the first page, the top of the page and the first mainline position; for the account, a campaign or an ad group, sorted by spend. Rows page with offset and limit (10-200).',
  access: 'read',
  args: {
    campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')),
    ad_group_id: v.optional(idArgument('ad group', 'list_deskads_ad_groups')),
    include_deleted: v.optional(v.pipe(v.boolean(), v.description('true = deleted keywords too (default false)')), false),
    ...windowArgs,
    ...pagingArgs,
  },
  rules: [windowRule],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    keywords: v.array(
      v.object({
        keyword_id: v.string(),
        text: v.string(),
        match_type: v.string(),
        status: v.string(),
        ad_group_id: v.string(),
        campaign_id: v.string(),
        bid: v.number(),
        quality_score: v.nullable(v.number()),
        expected_ctr: v.nullable(rating),
        ad_relevance: v.nullable(rating),
        landing_page_experience: v.nullable(rating),
        first_page_bid: v.nullable(v.number()),
        top_of_page_bid: v.nullable(v.number()),
        mainline_first_bid: v.nullable(v.number()),
        metrics: metricsOutput,
      }),
    ),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const groups = await ctx.platform.listAdGroups();
    if (args.ad_group_id && !groups.some((g) => g.id === args.ad_group_id))
      throw new ToolError(
        `No ad group ${args.ad_group_id} in account ${ctx.account.account_id}. list_deskads_ad_groups lists the valid ids.`,
        { code: 'not_found' },
      );
    const [keywords, rows] = await Promise.all([
      ctx.platform.listKeywords({ campaignId: args.campaign_id, adGroupId: args.ad_group_id }),
      ctx.platform.getReport({ report_type: 'KeywordPerformance', aggregation: 'Summary', start_date: window.start, end_date: window.end }),
    ]);
    const shown = keywords.filter((k) => args.include_deleted || k.status !== 'Deleted');
    const figures = (id: string) => totals(rows.filter((r) => r.keyword_id === id));
    const sorted = shown.map((k) => ({ k, t: figures(k.id) })).sort((a, b) => b.t.spend - a.t.spend || a.k.text.localeCompare(b.k.text));
    const page = sorted.slice(args.offset, args.offset + args.limit);
    const estimates = new Map((await ctx.platform.getEstimatedBids(page.map((p) => p.k.id))).map((e) => [e.keyword_id, e]));
    const bidOf = (k: (typeof keywords)[number]) => k.bid ?? groups.find((g) => g.id === k.ad_group_id)?.cpc_bid ?? 0;
    const listed = page.map(({ k, t }) => {
      const e = estimates.get(k.id);
      return {
        keyword_id: k.id,
        text: k.text,
        match_type: k.match_type,
        status: k.status,
        ad_group_id: k.ad_group_id,
        campaign_id: k.campaign_id,
        bid: bidOf(k),
        quality_score: k.quality_score,
        expected_ctr: k.quality_components?.expected_ctr ?? null,
        ad_relevance: k.quality_components?.ad_relevance ?? null,
        landing_page_experience: k.quality_components?.landing_page ?? null,
        first_page_bid: e?.first_page ?? null,
        top_of_page_bid: e?.top_of_page ?? null,
        mainline_first_bid: e?.mainline_first ?? null,
        metrics: rowMetrics(t),
      };
    });
    const currency = ctx.account.currency;
    const below = listed.filter((k) => k.status === 'Active' && k.first_page_bid !== null && k.bid < k.first_page_bid);
    const text = [
      `## Keyword performance, ${window.start} to ${window.end}`,
      '',
      `${shown.length} keywords; showing ${listed.length ? `${args.offset + 1}-${args.offset + listed.length}` : 'none'}, by spend.`,
      '',
      listed.length
        ? markdownTable(
            ['Keyword', 'Match', 'Status', 'Bid', 'QS', 'Exp. CTR', 'Ad rel.', 'Landing', 'First page', 'Top of page', 'Spend', 'Conv.'],
            listed.map((k) => [
              k.text,
              k.match_type,
              k.status,
              money(k.bid, currency),
              k.quality_score ?? '-',
              k.expected_ctr ?? '-',
              k.ad_relevance ?? '-',
              k.landing_page_experience ?? '-',
              k.first_page_bid === null ? '-' : money(k.first_page_bid, currency),
              k.top_of_page_bid === null ? '-' : money(k.top_of_page_bid, currency),
              money(k.metrics.spend, currency),
              k.metrics.conversions,
            ]),
          )
        : 'No keyword matches.',
      ...(below.length
        ? [
            '',
            `${below.length} active keyword(s) bid below the first-page estimate: raise the bids of those that convert with update_deskads_keywords.`,
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        total: shown.length,
        offset: args.offset,
        limit: args.limit,
        has_more: args.offset + args.limit < shown.length,
        keywords: listed,
      },
    };
  },
});
