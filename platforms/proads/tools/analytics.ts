/**
 * The proads analytics readers: campaign performance, demographic insights, engagement, anomaly
 * explanation, budget split and supply forecast. All read the platform's analytics (pivots CAMPAIGN,
 * CREATIVE, MEMBER_*) over the one reporting window, so their figures equal the list tools' and the
 * analyses' for the same dates; each names the write tool that carries out its advice.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { refuseDatesAfterYesterday, reportingZone } from '../../../core/dates';
import { previousPeriod } from '../../../core/report-window';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { totals, type MetricTotals } from '../../../core/metrics';
import { defineProAdsTool } from '../define';
import type { ProAdsCampaign, ProAdsEngagement, ProAdsPivot } from '../port';
import {
  campaignIdArg,
  checkTargeting,
  dailyBudgetArg,
  findCampaign,
  groupIdArg,
  metricsOutput,
  optionalDate,
  targetingArg,
} from './common';
import { listWindowArgs, totalsOf } from './readers';
import { analyticsTotals, RESULT_BY_OBJECTIVE, resolveWindow, windowRules } from './shared';

const windowOutput = { start_date: v.string(), end_date: v.string() };
const round2 = (n: number) => Math.round(n * 100) / 100;
const AWARENESS = ['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'];
/** A recommended budget raises a campaign by at most this factor in one step. */
const MAX_RAISE = 1.5;

/** Results and cost per result by objective: leads, conversions, views or clicks. */
function results(
  m: MetricTotals,
  c: Pick<ProAdsCampaign, 'objective_type'>,
): { result: string; results: number; cost_per_result: number | null } {
  const kind = RESULT_BY_OBJECTIVE[c.objective_type];
  const n =
    kind === 'leads' || kind === 'conversions'
      ? m.conversions
      : kind === 'video_views'
        ? (m.video_views ?? 0)
        : kind === 'clicks'
          ? m.clicks
          : m.impressions;
  const per = kind === 'impressions' ? 1000 : 1;
  return {
    result: kind === 'impressions' ? 'impressions (cost per 1,000)' : kind,
    results: n,
    cost_per_result: n > 0 ? round2((m.spend / n) * per) : null,
  };
}

export const getCampaignPerformance = defineProAdsTool({
  name: 'get_proads_campaign_performance',
  description:
    'proads campaign metrics over the reporting window (default last 30 days ending yesterday): spend, impressions, clicks, CTR, CPC, and the result of each objective with its cost (leads and cost per lead for lead generation, conversions, video views, clicks). Filter by campaign_ids or campaign_group_id; time_granularity daily adds one row per day.',
  access: 'read',
  args: {
    campaign_ids: v.optional(
      v.pipe(v.array(campaignIdArg()), v.minLength(1), v.maxLength(100), v.description('Only these campaigns (list_proads_campaigns)')),
    ),
    campaign_group_id: v.optional(groupIdArg()),
    time_granularity: v.optional(v.pipe(v.picklist(['total', 'daily']), v.description('total (default) or daily')), 'total'),
    ...listWindowArgs,
  },
  rules: [windowRules],
  output: v.object({
    ad_account_id: v.string(),
    ...windowOutput,
    totals: metricsOutput,
    campaigns: v.array(
      v.object({
        campaign_id: v.string(),
        name: v.string(),
        status: v.string(),
        objective_type: v.string(),
        result: v.string(),
        results: v.number(),
        cost_per_result: v.nullable(v.number()),
        metrics: metricsOutput,
        days: v.optional(
          v.array(v.object({ date: v.string(), impressions: v.number(), clicks: v.number(), spend: v.number(), conversions: v.number() })),
        ),
      }),
    ),
  }),
  async run(args, ctx) {
    const window = resolveWindow(ctx, args);
    const all = await ctx.platform.listCampaigns();
    for (const id of args.campaign_ids ?? []) if (!all.some((c) => c.id === id)) await findCampaign(ctx.platform, id);
    const campaigns = all.filter(
      (c) =>
        (!args.campaign_ids || args.campaign_ids.includes(c.id)) &&
        (!args.campaign_group_id || c.campaign_group_id === args.campaign_group_id) &&
        c.status !== 'DRAFT',
    );
    const metricsOf = await analyticsTotals(ctx.platform, 'CAMPAIGN', window.start, window.end, { campaigns: campaigns.map((c) => c.id) });
    const daily =
      args.time_granularity === 'daily' && campaigns.length
        ? await ctx.platform.getAnalytics({
            pivot: 'CAMPAIGN',
            date_range: { start: window.start, end: window.end },
            time_granularity: 'DAILY',
            campaigns: campaigns.map((c) => c.id),
          })
        : [];
    const rows = campaigns
      .map((c) => {
        const metrics = metricsOf(c.id);
        const days =
          args.time_granularity === 'daily'
            ? daily
                .filter((d) => d.pivot_value === c.id)
                .map((d) => ({
                  date: d.date_range.start,
                  impressions: d.impressions,
                  clicks: d.clicks,
                  spend: d.spend,
                  conversions: d.conversions,
                }))
            : undefined;
        return {
          campaign_id: c.id,
          name: c.name,
          status: c.status,
          objective_type: c.objective_type,
          ...results(metrics, c),
          metrics,
          ...(days ? { days } : {}),
        };
      })
      .filter((r) => r.metrics.impressions > 0 || r.status === 'ACTIVE')
      .sort((a, b) => b.metrics.spend - a.metrics.spend);
    const sum = totalsOf(rows.map((r) => r.metrics));
    const cur = ctx.account.currency;
    const text = [
      `## proads campaign performance, ${window.start} to ${window.end}`,
      '',
      `Spend ${money(sum.spend, cur)}, ${count(sum.impressions)} impressions, ${count(sum.clicks)} clicks (CTR ${percent(sum.ctr, 3)}), ${sum.conversions} conversions/leads (cost ${money(sum.cpa, cur)} each).`,
      '',
      rows.length
        ? markdownTable(
            ['Campaign', 'Status', 'Spend', 'Impr.', 'CTR', 'CPC', 'Result', 'Results', 'Cost/result'],
            rows.map((r) => [
              `${r.name} (${r.campaign_id})`,
              r.status,
              money(r.metrics.spend, cur),
              count(r.metrics.impressions),
              percent(r.metrics.ctr, 3),
              money(r.metrics.cpc, cur),
              r.result,
              count(r.results),
              money(r.cost_per_result, cur),
            ]),
          )
        : 'No campaign delivered in this window.',
      ...(args.time_granularity === 'daily'
        ? [
            '',
            '### Daily',
            markdownTable(
              ['Date', 'Campaign', 'Spend', 'Clicks', 'Conv.'],
              rows.flatMap((r) => (r.days ?? []).map((d) => [d.date, r.name, money(d.spend, cur), d.clicks, d.conversions])),
            ),
          ]
        : []),
      '',
      'Next: analyze_proads_wasted_spend to find waste, optimize_proads_budget to move budget to the best cost per result (update_proads_campaign_budget applies one change).',
    ].join('\n');
    return {
      text,
      structured: { ad_account_id: ctx.account.account_id, start_date: window.start, end_date: window.end, totals: sum, campaigns: rows },
    };
  },
});

const PIVOTS: Record<string, ProAdsPivot> = {
  job_function: 'JOB_FUNCTION',
  seniority: 'SENIORITY',
  industry: 'INDUSTRY',
  company_size: 'COMPANY_SIZE',
};
const FACET_OF: Record<ProAdsPivot, string> = {
  JOB_FUNCTION: 'job_functions',
  SENIORITY: 'seniorities',
  INDUSTRY: 'industries',
  COMPANY_SIZE: 'company_sizes',
};

export const getAudienceInsights = defineProAdsTool({
  name: 'get_proads_audience_insights',
  description:
    "proads performance by job function, seniority, industry and company size over the reporting window: each segment's share of spend, CTR, conversions and cost per conversion against the account average, and which segments to exclude (update_proads_campaign_targeting) or favour. The segments of one breakdown add up to the account.",
  access: 'read',
  args: {
    breakdown: v.optional(
      v.pipe(
        v.picklist(Object.keys(PIVOTS) as [string, ...string[]]),
        v.description('job_function, seniority, industry or company_size; default all four'),
      ),
    ),
    ...listWindowArgs,
  },
  rules: [windowRules],
  output: v.object({
    ad_account_id: v.string(),
    ...windowOutput,
    account: metricsOutput,
    segments: v.array(
      v.object({
        breakdown: v.string(),
        value: v.string(),
        id: v.string(),
        spend_share: v.number(),
        metrics: metricsOutput,
        verdict: v.picklist(['exclude', 'favour', 'keep']),
      }),
    ),
  }),
  async run(args, ctx) {
    const window = resolveWindow(ctx, args);
    const segments = (await ctx.platform.listSegments()).filter((s) => !args.breakdown || s.pivot === PIVOTS[args.breakdown]);
    const account = await analyticsTotals(ctx.platform, 'CAMPAIGN', window.start, window.end);
    const campaigns = await ctx.platform.listCampaigns();
    const accountTotals = totalsOf(campaigns.map((c) => account(c.id)));
    const pivots = [...new Set(segments.map((s) => s.pivot))];
    const byPivot = new Map(
      await Promise.all(
        pivots.map(async (p) => [p, await analyticsTotals(ctx.platform, `MEMBER_${p}`, window.start, window.end)] as const),
      ),
    );
    const avgCpa = accountTotals.cpa;
    const rows = segments.map((s) => {
      const metrics = byPivot.get(s.pivot)!(s.urn);
      const wasteful =
        metrics.spend >= 50 && (metrics.conversions === 0 || (avgCpa !== null && metrics.cpa !== null && metrics.cpa > 2 * avgCpa));
      const strong = metrics.conversions > 0 && avgCpa !== null && metrics.cpa !== null && metrics.cpa < 0.7 * avgCpa;
      return {
        breakdown: Object.keys(PIVOTS).find((k) => PIVOTS[k] === s.pivot)!,
        value: s.value,
        id: s.urn,
        spend_share: accountTotals.spend > 0 ? Math.round((metrics.spend / accountTotals.spend) * 10_000) / 10_000 : 0,
        metrics,
        verdict: (wasteful ? 'exclude' : strong ? 'favour' : 'keep') as 'exclude' | 'favour' | 'keep',
      };
    });
    const cur = ctx.account.currency;
    const excl = rows.filter((r) => r.verdict === 'exclude');
    const text = [
      `## Audience insights, ${window.start} to ${window.end}`,
      '',
      `Account: spend ${money(accountTotals.spend, cur)}, cost per conversion ${money(avgCpa, cur)}.`,
      '',
      markdownTable(
        ['Breakdown', 'Segment', 'Spend share', 'CTR', 'Conv.', 'Cost/conv.', 'Verdict'],
        rows.map((r) => [
          r.breakdown.replace('_', ' '),
          `${r.value} (${r.id})`,
          percent(r.spend_share, 1),
          percent(r.metrics.ctr, 3),
          r.metrics.conversions,
          money(r.metrics.cpa, cur),
          r.verdict,
        ]),
      ),
      '',
      ...(excl.length
        ? [
            '### What to do',
            ...excl.map(
              (r) =>
                `- Exclude ${r.value} (${r.id}): update_proads_campaign_targeting, excluding {"${FACET_OF[PIVOTS[r.breakdown]!]}": ["${r.id}"]} on the campaigns that reach it.`,
            ),
          ]
        : ['No segment costs more than twice the account average per conversion.']),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        account: accountTotals,
        segments: rows,
      },
    };
  },
});

const ZERO: ProAdsEngagement = {
  reactions: 0,
  comments: 0,
  shares: 0,
  follows: 0,
  lead_form_opens: 0,
  leads: 0,
  video_starts: 0,
  video_completions: 0,
};
const engagementOutput = v.object({
  reactions: v.number(),
  comments: v.number(),
  shares: v.number(),
  follows: v.number(),
  lead_form_opens: v.number(),
  leads: v.number(),
  video_starts: v.number(),
  video_completions: v.number(),
});

export const getEngagementMetrics = defineProAdsTool({
  name: 'get_proads_engagement_metrics',
  description:
    'proads engagement over the reporting window, per campaign: social actions (reactions, comments, shares, follows) and engagement rate, lead forms (opens, leads, form completion rate) and video (starts, views, completions, completion rate). Text ads have no social actions.',
  access: 'read',
  args: { campaign_id: v.optional(campaignIdArg()), ...listWindowArgs },
  rules: [windowRules],
  output: v.object({
    ad_account_id: v.string(),
    ...windowOutput,
    campaigns: v.array(
      v.object({
        campaign_id: v.string(),
        name: v.string(),
        format: v.string(),
        impressions: v.number(),
        clicks: v.number(),
        video_views: v.number(),
        engagement: engagementOutput,
        engagement_rate: v.nullable(v.number()),
        lead_form_completion_rate: v.nullable(v.number()),
        video_completion_rate: v.nullable(v.number()),
      }),
    ),
  }),
  async run(args, ctx) {
    const window = resolveWindow(ctx, args);
    const campaigns = args.campaign_id ? [await findCampaign(ctx.platform, args.campaign_id)] : await ctx.platform.listCampaigns();
    const rows = campaigns.length
      ? await ctx.platform.getAnalytics({
          pivot: 'CAMPAIGN',
          date_range: { start: window.start, end: window.end },
          time_granularity: 'ALL',
          campaigns: campaigns.map((c) => c.id),
        })
      : [];
    const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);
    const out = rows.map((r) => {
      const c = campaigns.find((x) => x.id === r.pivot_value)!;
      const e = r.engagement ?? ZERO;
      return {
        campaign_id: c.id,
        name: c.name,
        format: c.format,
        impressions: r.impressions,
        clicks: r.clicks,
        video_views: r.video_views,
        engagement: e,
        engagement_rate: ratio(r.clicks + e.reactions + e.comments + e.shares + e.follows, r.impressions),
        lead_form_completion_rate: c.objective_type === 'LEAD_GENERATION' ? ratio(e.leads, e.lead_form_opens) : null,
        video_completion_rate: c.format === 'VIDEO' ? ratio(e.video_completions, e.video_starts) : null,
      };
    });
    const text = [
      `## proads engagement, ${window.start} to ${window.end}`,
      '',
      out.length
        ? markdownTable(
            [
              'Campaign',
              'Impr.',
              'Eng. rate',
              'Reactions',
              'Comments',
              'Shares',
              'Follows',
              'Form opens',
              'Leads',
              'Form compl.',
              'Video starts',
              'Completions',
            ],
            out.map((r) => [
              r.name,
              count(r.impressions),
              percent(r.engagement_rate, 2),
              r.engagement.reactions,
              r.engagement.comments,
              r.engagement.shares,
              r.engagement.follows,
              r.engagement.lead_form_opens,
              r.engagement.leads,
              percent(r.lead_form_completion_rate, 1),
              r.engagement.video_starts,
              r.engagement.video_completions,
            ]),
          )
        : 'No delivery in this window.',
      '',
      'A lead form completing under 10 % usually asks too much: shorten the form. Refresh creatives with low engagement with update_proads_creative or add_proads_creative.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: window.start, end_date: window.end, campaigns: out } };
  },
});

const ANOMALY_METRICS = ['spend', 'impressions', 'clicks', 'conversions', 'ctr', 'cpc', 'cpa'] as const;
type AnomalyMetric = (typeof ANOMALY_METRICS)[number];
const valueOf = (m: MetricTotals, metric: AnomalyMetric) => (m[metric] ?? 0) as number;

export const explainAnomaly = defineProAdsTool({
  name: 'explain_proads_anomaly',
  description:
    'Explains a change in a proads metric (spend, impressions, clicks, conversions, ctr, cpc, cpa) between two periods: the change, its drivers (impressions, CTR, CPC, conversion rate) and the campaigns that moved it most. Default: the last 7 days ending yesterday against the 7 days before.',
  access: 'read',
  args: {
    metric: v.optional(
      v.pipe(v.picklist(ANOMALY_METRICS), v.description('spend (default), impressions, clicks, conversions, ctr, cpc or cpa')),
      'spend',
    ),
    campaign_id: v.optional(campaignIdArg()),
    start_date: listWindowArgs.start_date,
    end_date: listWindowArgs.end_date,
    compare_start_date: optionalDate('Start of the period to compare with, YYYY-MM-DD; default the same number of days just before'),
    compare_end_date: optionalDate('End of the period to compare with, YYYY-MM-DD'),
  },
  rules: [
    windowRules,
    (a) =>
      Boolean(a.compare_start_date) !== Boolean(a.compare_end_date)
        ? '`compare_start_date` and `compare_end_date` must be given together'
        : a.compare_start_date && a.compare_end_date && a.compare_start_date > a.compare_end_date
          ? '`compare_start_date` must be on or before `compare_end_date`'
          : undefined,
  ],
  output: v.object({
    ad_account_id: v.string(),
    metric: v.string(),
    current: v.object({ ...windowOutput, value: v.number(), metrics: metricsOutput }),
    previous: v.object({ ...windowOutput, value: v.number(), metrics: metricsOutput }),
    change: v.number(),
    change_percent: v.nullable(v.number()),
    drivers: v.array(v.string()),
    campaigns: v.array(
      v.object({ campaign_id: v.string(), name: v.string(), current: v.number(), previous: v.number(), change: v.number() }),
    ),
  }),
  async run(args, ctx) {
    refuseDatesAfterYesterday(
      ctx.now,
      { compare_start_date: args.compare_start_date, compare_end_date: args.compare_end_date },
      reportingZone(ctx.account),
    );
    const current = resolveWindow(ctx, { ...args, lookback_days: 7 });
    const previous =
      args.compare_start_date && args.compare_end_date
        ? resolveWindow(ctx, { start_date: args.compare_start_date, end_date: args.compare_end_date, lookback_days: 7 })
        : { ...previousPeriod(current), days: current.days };
    const campaigns = args.campaign_id ? [await findCampaign(ctx.platform, args.campaign_id)] : await ctx.platform.listCampaigns();
    const ids = { campaigns: campaigns.map((c) => c.id) };
    const [now, before] = await Promise.all([
      analyticsTotals(ctx.platform, 'CAMPAIGN', current.start, current.end, ids),
      analyticsTotals(ctx.platform, 'CAMPAIGN', previous.start, previous.end, ids),
    ]);
    const cur = totalsOf(campaigns.map((c) => now(c.id)));
    const prev = totalsOf(campaigns.map((c) => before(c.id)));
    const metric = args.metric;
    const change = round2(valueOf(cur, metric) - valueOf(prev, metric));
    const pct = valueOf(prev, metric) ? Math.round((change / valueOf(prev, metric)) * 1000) / 10 : null;
    const rel = (a: number | null, b: number | null) => (a !== null && b ? Math.round(((a - b) / b) * 1000) / 10 : null);
    const drivers = [
      ['impressions', rel(cur.impressions, prev.impressions)],
      ['CTR', rel(cur.ctr, prev.ctr)],
      ['CPC', rel(cur.cpc, prev.cpc)],
      ['conversion rate', rel(cur.conversion_rate, prev.conversion_rate)],
    ]
      .filter(([, p]) => p !== null && Math.abs(p as number) >= 5)
      .map(([name, p]) => `${name} ${(p as number) > 0 ? '+' : ''}${p} %`);
    const moved = campaigns
      .map((c) => ({
        campaign_id: c.id,
        name: c.name,
        current: round2(valueOf(now(c.id), metric)),
        previous: round2(valueOf(before(c.id), metric)),
      }))
      .map((r) => ({ ...r, change: round2(r.current - r.previous) }))
      .filter((r) => r.change !== 0)
      .sort((a, b) => Math.abs(b.change) - Math.abs(a.change))
      .slice(0, 10);
    const text = [
      `## ${metric} ${change >= 0 ? 'rose' : 'fell'} ${pct === null ? '' : `${Math.abs(pct)} % `}(${current.start} to ${current.end} vs ${previous.start} to ${previous.end})`,
      '',
      `${metric}: ${valueOf(prev, metric)} → ${valueOf(cur, metric)} (${change >= 0 ? '+' : ''}${change}).`,
      '',
      `Drivers: ${drivers.length ? drivers.join(', ') : 'no driver moved 5 % or more'}.`,
      '',
      moved.length
        ? markdownTable(
            ['Campaign', 'Before', 'Now', 'Change'],
            moved.map((m) => [`${m.name} (${m.campaign_id})`, m.previous, m.current, m.change]),
          )
        : 'No campaign changed.',
      '',
      'A campaign that stopped (paused, ended) shows as a drop to 0: check it with get_proads_campaign_structure; act with pause_proads_campaign or update_proads_campaign_budget.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        metric,
        current: { start_date: current.start, end_date: current.end, value: valueOf(cur, metric), metrics: cur },
        previous: { start_date: previous.start, end_date: previous.end, value: valueOf(prev, metric), metrics: prev },
        change,
        change_percent: pct,
        drivers,
        campaigns: moved,
      },
    };
  },
});

export const optimizeBudget = defineProAdsTool({
  name: 'optimize_proads_budget',
  description:
    'Recommends how to split proads daily budget across the active conversion campaigns from their cost per conversion over the reporting window: budget moves from campaigns with no conversions or a cost per conversion above target to the cheapest ones; awareness campaigns keep theirs. The total is at most the current sum (or total_daily_budget); a winner is raised by at most 50 % in one step, and a campaign whose cost per conversion is above target_cpa is never raised. Apply with batch_update_proads_campaigns (the exact arguments are in the answer).',
  access: 'read',
  args: {
    total_daily_budget: v.optional(
      v.pipe(
        v.number(),
        v.minValue(10),
        v.maxValue(10_000_000),
        v.description('Daily budget to split across the conversion campaigns; default their current sum'),
      ),
    ),
    target_cpa: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.maxValue(1_000_000),
        v.description('Cost per conversion never to exceed: campaigns above it are not raised'),
      ),
    ),
    ...listWindowArgs,
  },
  rules: [windowRules],
  output: v.object({
    ad_account_id: v.string(),
    ...windowOutput,
    total_before: v.number(),
    total_after: v.number(),
    campaigns: v.array(
      v.object({
        campaign_id: v.string(),
        name: v.string(),
        spend: v.number(),
        conversions: v.number(),
        cpa: v.nullable(v.number()),
        daily_budget: v.number(),
        recommended_daily_budget: v.number(),
        reason: v.string(),
      }),
    ),
    apply: v.nullable(
      v.object({
        tool: v.string(),
        arguments: v.object({ updates: v.array(v.object({ campaign_id: v.string(), daily_budget: v.number() })) }),
      }),
    ),
  }),
  async run(args, ctx) {
    const window = resolveWindow(ctx, args);
    const campaigns = (await ctx.platform.listCampaigns()).filter((c) => c.status === 'ACTIVE' && !AWARENESS.includes(c.objective_type));
    if (!campaigns.length)
      throw new ToolError('No active conversion campaign to split budget across. list_proads_campaigns shows the campaigns.', {
        code: 'nothing_to_optimize',
      });
    const metricsOf = await analyticsTotals(ctx.platform, 'CAMPAIGN', window.start, window.end, { campaigns: campaigns.map((c) => c.id) });
    const rows = campaigns.map((c) => ({ c, m: metricsOf(c.id) }));
    const before = round2(campaigns.reduce((s, c) => s + c.daily_budget, 0));
    const total = args.total_daily_budget ?? before;
    const floor = 10;
    // Score: conversions per currency unit; no conversions or above target = the floor only.
    const eligible = rows.filter((r) => r.m.conversions > 0 && (args.target_cpa === undefined || (r.m.cpa ?? Infinity) <= args.target_cpa));
    const scoreSum = eligible.reduce((s, r) => s + r.m.conversions / Math.max(r.m.spend, 1), 0);
    const pool = Math.max(0, total - floor * (rows.length - eligible.length));
    const out = rows.map(({ c, m }) => {
      const isEligible = eligible.some((e) => e.c.id === c.id);
      let rec =
        isEligible && scoreSum > 0 ? Math.max(floor, Math.round((pool * (m.conversions / Math.max(m.spend, 1))) / scoreSum)) : floor;
      // Never raise a campaign whose cost per conversion is above target, nor one without conversions;
      // raise a winner by at most half its budget at a time (delivery re-learns after big jumps).
      if (!isEligible) rec = Math.min(rec, c.daily_budget);
      else rec = Math.min(rec, Math.round(c.daily_budget * MAX_RAISE));
      const reason = !isEligible
        ? m.conversions === 0
          ? 'no conversions in the window: cut to the floor'
          : `cost per conversion ${money(m.cpa, ctx.account.currency)} above target: cut to the floor`
        : rec > c.daily_budget
          ? `cost per conversion ${money(m.cpa, ctx.account.currency)}: among the cheapest, raise`
          : rec < c.daily_budget
            ? `cost per conversion ${money(m.cpa, ctx.account.currency)}: lower`
            : 'keep';
      return {
        campaign_id: c.id,
        name: c.name,
        spend: m.spend,
        conversions: m.conversions,
        cpa: m.cpa,
        daily_budget: c.daily_budget,
        recommended_daily_budget: rec,
        reason,
      };
    });
    const updates = out
      .filter((r) => r.recommended_daily_budget !== r.daily_budget)
      .map((r) => ({ campaign_id: r.campaign_id, daily_budget: r.recommended_daily_budget }));
    const after = round2(out.reduce((s, r) => s + r.recommended_daily_budget, 0));
    const cur = ctx.account.currency;
    const apply = updates.length ? { tool: 'batch_update_proads_campaigns', arguments: { updates } } : null;
    const text = [
      `## Budget split, from ${window.start} to ${window.end}`,
      '',
      `Daily budget of the active conversion campaigns: ${money(before, cur)} → ${money(after, cur)}.`,
      '',
      markdownTable(
        ['Campaign', 'Spend', 'Conv.', 'Cost/conv.', 'Daily budget', 'Recommended', 'Why'],
        out.map((r) => [
          `${r.name} (${r.campaign_id})`,
          money(r.spend, cur),
          r.conversions,
          money(r.cpa, cur),
          money(r.daily_budget, cur),
          money(r.recommended_daily_budget, cur),
          r.reason,
        ]),
      ),
      '',
      apply
        ? `Apply it with batch_update_proads_campaigns: \`${JSON.stringify(apply.arguments)}\` (add dry_run: true to preview).`
        : 'Every budget already matches the recommendation: nothing to change.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        total_before: before,
        total_after: after,
        campaigns: out,
        apply,
      },
    };
  },
});

export const forecastSupply = defineProAdsTool({
  name: 'forecast_proads_campaign_supply',
  description:
    "Forecasts a proads campaign's daily and total impressions, clicks, spend and conversions for a targeting spec and a daily budget, from the audience size and this account's own cost per 1,000 impressions, CTR and conversion rate of the same format over the last 30 days (low and high range). Read-only; create the campaign with add_proads_campaign_to_group.",
  access: 'read',
  examples: [{ targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } }, daily_budget: 80 }],
  args: {
    targeting: targetingArg(),
    daily_budget: dailyBudgetArg(),
    format: v.optional(
      v.pipe(v.picklist(['SINGLE_IMAGE', 'VIDEO', 'CAROUSEL', 'TEXT_AD']), v.description('Ad format; default SINGLE_IMAGE')),
      'SINGLE_IMAGE',
    ),
    days: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365), v.description('Days to forecast, 1-365; default 30')),
      30,
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    audience_size: v.number(),
    basis: v.object({ ...windowOutput, cpm: v.number(), ctr: v.number(), conversion_rate: v.number(), from_account: v.boolean() }),
    daily: v.object({ impressions: v.number(), clicks: v.number(), spend: v.number(), conversions: v.number() }),
    total: v.object({ impressions: v.number(), clicks: v.number(), spend: v.number(), conversions: v.number(), reach_share: v.number() }),
    range: v.object({ low_clicks: v.number(), high_clicks: v.number() }),
  }),
  async run(args, ctx) {
    const audience = await checkTargeting(ctx.platform, args.targeting as never);
    const { start, end } = resolveWindow(ctx, { lookback_days: 30 });
    const same = (await ctx.platform.listCampaigns()).filter((c) => c.format === args.format);
    const metricsOf = await analyticsTotals(ctx.platform, 'CAMPAIGN', start, end, { campaigns: same.map((c) => c.id) });
    const hist = totals(same.map((c) => metricsOf(c.id)).filter((m) => m.impressions > 0));
    const fromAccount = hist.impressions >= 1000;
    // Platform benchmarks when the account has too little history in this format.
    const bench = args.format === 'TEXT_AD' ? { cpm: 3, ctr: 0.0004, cvr: 0.03 } : { cpm: 35, ctr: 0.005, cvr: 0.06 };
    const cpm = fromAccount ? round2((hist.spend / hist.impressions) * 1000) : bench.cpm;
    const ctr = fromAccount && hist.ctr ? hist.ctr : bench.ctr;
    const cvr = fromAccount && hist.conversion_rate !== null ? hist.conversion_rate : bench.cvr;
    // A member sees the campaign at most about 3 times a week: supply caps impressions a day.
    const supply = Math.floor((audience * 3) / 7);
    const impressions = Math.min(supply, Math.floor((args.daily_budget / cpm) * 1000));
    const spend = round2(Math.min(args.daily_budget, (impressions * cpm) / 1000));
    const clicks = Math.round(impressions * ctr);
    const conversions = Math.round(clicks * cvr * 100) / 100;
    const t = {
      impressions: impressions * args.days,
      clicks: clicks * args.days,
      spend: round2(spend * args.days),
      conversions: Math.round(conversions * args.days),
      reach_share: Math.min(1, Math.round(((impressions * args.days) / 3 / Math.max(audience, 1)) * 1000) / 1000),
    };
    const cur = ctx.account.currency;
    const text = [
      `## Forecast: ${args.format} at ${money(args.daily_budget, cur)} a day for ${args.days} days`,
      '',
      `Audience about ${count(audience)} members. Basis: ${fromAccount ? `this account's ${args.format} delivery ${start} to ${end}` : 'platform benchmarks (too little history in this format)'}: CPM ${money(cpm, cur)}, CTR ${percent(ctr, 3)}, conversion rate ${percent(cvr, 1)}.`,
      '',
      markdownTable(
        ['', 'Impressions', 'Clicks', 'Spend', 'Conversions'],
        [
          ['Per day', count(impressions), count(clicks), money(spend, cur), conversions],
          [`${args.days} days`, count(t.impressions), count(t.clicks), money(t.spend, cur), t.conversions],
        ],
      ),
      '',
      `Range: ${count(Math.round(t.clicks * 0.8))}-${count(Math.round(t.clicks * 1.2))} clicks.${spend < args.daily_budget ? ' The audience is too small to spend the whole budget: widen the targeting.' : ''}`,
      '',
      'Next: add_proads_campaign_to_group with this targeting and budget (it starts as a draft).',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        audience_size: audience,
        basis: { start_date: start, end_date: end, cpm, ctr, conversion_rate: cvr, from_account: fromAccount },
        daily: { impressions, clicks, spend, conversions },
        total: t,
        range: { low_clicks: Math.round(t.clicks * 0.8), high_clicks: Math.round(t.clicks * 1.2) },
      },
    };
  },
});

export const analyticsTools: ToolDefinition[] = [
  getCampaignPerformance,
  getAudienceInsights,
  getEngagementMetrics,
  explainAnomaly,
  optimizeBudget,
  forecastSupply,
];
