import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { dateArgument } from '../../../core/arguments';
import { addDays } from '../../../core/dates';
import { type MetricTotals, totals } from '../../../core/metrics';
import { markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsReportRow } from '../port';
import { campaignIdArg, dateRangeRule } from './common';
import { reportWindow, previousPeriod } from '../../../core/report-window';

/**
 * Why did a metric move? The period is compared with the period before it (or one the caller
 * names): how unusual the move is against the 28 days before the period (a z-score of the period's
 * daily mean), which factors of the metric moved it (spend = clicks × CPC, CPA = CPC ÷ conversion
 * rate...), and which campaigns (or ad groups, within one campaign) account for the change. Every
 * figure is the platform's report rows added up, as the report tools show them.
 */

const METRICS = ['spend', 'clicks', 'impressions', 'conversions', 'revenue', 'ctr', 'cpc', 'cpa', 'roas', 'conversion_rate'] as const;
type Metric = (typeof METRICS)[number];
type Sums = Pick<MetricTotals, 'impressions' | 'clicks' | 'spend' | 'conversions' | 'revenue'>;

/** A metric as numerator ÷ denominator of report sums (additive metrics divide by 1). */
const FRACTION: Record<Metric, { num: (s: Sums) => number; den: (s: Sums) => number; money: boolean; ratio: boolean }> = {
  spend: { num: (s) => s.spend, den: () => 1, money: true, ratio: false },
  clicks: { num: (s) => s.clicks, den: () => 1, money: false, ratio: false },
  impressions: { num: (s) => s.impressions, den: () => 1, money: false, ratio: false },
  conversions: { num: (s) => s.conversions, den: () => 1, money: false, ratio: false },
  revenue: { num: (s) => s.revenue, den: () => 1, money: true, ratio: false },
  ctr: { num: (s) => s.clicks, den: (s) => s.impressions, money: false, ratio: true },
  cpc: { num: (s) => s.spend, den: (s) => s.clicks, money: true, ratio: false },
  cpa: { num: (s) => s.spend, den: (s) => s.conversions, money: true, ratio: false },
  roas: { num: (s) => s.revenue, den: (s) => s.spend, money: false, ratio: false },
  conversion_rate: { num: (s) => s.conversions, den: (s) => s.clicks, money: false, ratio: true },
};

const valueOf = (metric: Metric, s: Sums): number | null => {
  const den = FRACTION[metric].den(s);
  return den > 0 ? FRACTION[metric].num(s) / den : null;
};

/** The factors whose product (or quotient) is the metric: what moved it. */
const DRIVERS: Record<Metric, { name: string; of: (s: Sums) => number | null; inverse?: boolean }[]> = {
  spend: [
    { name: 'clicks', of: (s) => s.clicks },
    { name: 'cpc', of: (s) => valueOf('cpc', s) },
  ],
  clicks: [
    { name: 'impressions', of: (s) => s.impressions },
    { name: 'ctr', of: (s) => valueOf('ctr', s) },
  ],
  impressions: [],
  conversions: [
    { name: 'clicks', of: (s) => s.clicks },
    { name: 'conversion_rate', of: (s) => valueOf('conversion_rate', s) },
  ],
  revenue: [
    { name: 'conversions', of: (s) => s.conversions },
    { name: 'value_per_conversion', of: (s) => (s.conversions > 0 ? s.revenue / s.conversions : null) },
  ],
  ctr: [
    { name: 'clicks', of: (s) => s.clicks },
    { name: 'impressions', of: (s) => s.impressions, inverse: true },
  ],
  cpc: [
    { name: 'spend', of: (s) => s.spend },
    { name: 'clicks', of: (s) => s.clicks, inverse: true },
  ],
  cpa: [
    { name: 'cpc', of: (s) => valueOf('cpc', s) },
    { name: 'conversion_rate', of: (s) => valueOf('conversion_rate', s), inverse: true },
  ],
  roas: [
    { name: 'conversion_rate', of: (s) => valueOf('conversion_rate', s) },
    { name: 'value_per_conversion', of: (s) => (s.conversions > 0 ? s.revenue / s.conversions : null) },
    { name: 'cpc', of: (s) => valueOf('cpc', s), inverse: true },
  ],
  conversion_rate: [
    { name: 'conversions', of: (s) => s.conversions },
    { name: 'clicks', of: (s) => s.clicks, inverse: true },
  ],
};

const BASELINE_DAYS = 28;
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;
const change = (before: number | null, after: number | null) =>
  before !== null && after !== null && before !== 0 ? round((after - before) / before) : null;

const within = (rows: SearchAdsReportRow[], start: string, end: string) => rows.filter((r) => r.date >= start && r.date <= end);

/** The z-score of the period's daily mean against the baseline days (days with a defined value). */
function unusualness(
  metric: Metric,
  rows: SearchAdsReportRow[],
  period: { start: string; end: string },
  baseline: { start: string; end: string },
) {
  const daily = (start: string, end: string) => {
    const values: number[] = [];
    for (let day = start; day <= end; day = addDays(day, 1)) {
      const value = valueOf(metric, totals(rows.filter((r) => r.date === day)));
      if (value !== null) values.push(value);
    }
    return values;
  };
  const base = daily(baseline.start, baseline.end);
  const now = daily(period.start, period.end);
  if (base.length < 7 || now.length === 0)
    return { z_score: null, baseline_daily_mean: null, period_daily_mean: null, baseline_days: base.length };
  const mean = base.reduce((a, b) => a + b, 0) / base.length;
  const sd = Math.sqrt(base.reduce((a, b) => a + (b - mean) ** 2, 0) / (base.length - 1));
  const periodMean = now.reduce((a, b) => a + b, 0) / now.length;
  const z = sd > 0 ? (periodMean - mean) / (sd / Math.sqrt(now.length)) : periodMean === mean ? 0 : null;
  return {
    z_score: z === null ? null : round(z, 2),
    baseline_daily_mean: round(mean),
    period_daily_mean: round(periodMean),
    baseline_days: base.length,
  };
}

function verdictOf(z: number | null): string {
  if (z === null) return 'not enough history to judge';
  if (Math.abs(z) >= 3) return 'highly unusual';
  if (Math.abs(z) >= 2) return 'unusual';
  return 'within normal day-to-day variation';
}

export const explainPerformanceAnomaly = defineSearchAdsTool({
  name: 'explain_performance_anomaly',
  description:
    'Explains why a metric (spend, clicks, impressions, conversions, revenue, ctr, cpc, cpa, roas or conversion_rate) moved between a period and the period before it (or compare_start_date/compare_end_date): how unusual the move is against the 28 days before the period (z-score of the daily mean), which factors moved it (e.g. CPA = CPC ÷ conversion rate) and which campaigns (ad groups, with campaign_id) account for the change; their contributions add up to the whole change.',
  access: 'read',
  args: {
    metric: v.pipe(
      v.picklist(METRICS, `must be one of ${METRICS.join(', ')}`),
      v.description(`The metric that moved: ${METRICS.join(', ')}`),
    ),
    campaign_id: v.optional(campaignIdArg('Only this campaign; contributions are then by ad group')),
    start_date: v.optional(
      dateArgument('First day of the period (YYYY-MM-DD); with end_date. Default: the last lookback_days days ending yesterday'),
    ),
    end_date: v.optional(dateArgument('Last day of the period, at the latest yesterday; with start_date')),
    lookback_days: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(90),
        v.description('Length of the period when no dates are given, 1-90 days, default 7'),
      ),
      7,
    ),
    compare_start_date: v.optional(
      dateArgument('First day of the comparison period; with compare_end_date. Default: the same number of days just before the period'),
    ),
    compare_end_date: v.optional(dateArgument('Last day of the comparison period; before the period starts')),
  },
  rules: [
    dateRangeRule,
    (a) =>
      Boolean(a.compare_start_date) !== Boolean(a.compare_end_date)
        ? '`compare_start_date` and `compare_end_date` must be given together'
        : undefined,
    (a) =>
      a.compare_start_date && a.compare_end_date && a.compare_start_date > a.compare_end_date
        ? '`compare_start_date` must be on or before `compare_end_date`'
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    metric: v.string(),
    scope: v.object({
      level: v.picklist(['account', 'campaign']),
      campaign_id: v.nullable(v.string()),
      campaign_name: v.nullable(v.string()),
    }),
    period: v.object({ start_date: v.string(), end_date: v.string(), value: v.nullable(v.number()) }),
    comparison: v.object({ start_date: v.string(), end_date: v.string(), value: v.nullable(v.number()) }),
    change: v.nullable(v.number()),
    relative_change: v.nullable(v.number()),
    significance: v.object({
      z_score: v.nullable(v.number()),
      verdict: v.string(),
      baseline_start_date: v.string(),
      baseline_end_date: v.string(),
      baseline_daily_mean: v.nullable(v.number()),
      period_daily_mean: v.nullable(v.number()),
    }),
    drivers: v.array(
      v.object({
        factor: v.string(),
        before: v.nullable(v.number()),
        after: v.nullable(v.number()),
        relative_change: v.nullable(v.number()),
        effect: v.picklist(['raises', 'lowers']),
        share_of_change: v.nullable(v.number()),
      }),
    ),
    contributors: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        level: v.picklist(['campaign', 'ad_group']),
        before: v.nullable(v.number()),
        after: v.nullable(v.number()),
        contribution: v.number(),
        share_of_change: v.nullable(v.number()),
      }),
    ),
  }),
  async run(args, ctx) {
    const period = reportWindow(ctx, { ...args, lookback_days: args.lookback_days });
    const comparison =
      args.compare_start_date && args.compare_end_date
        ? { start: args.compare_start_date, end: args.compare_end_date }
        : previousPeriod(period);
    if (comparison.end >= period.start) {
      throw new ToolError(
        `The comparison period (${comparison.start} to ${comparison.end}) must end before the period starts (${period.start}).`,
      );
    }
    const baseline = { start: addDays(period.start, -BASELINE_DAYS), end: addDays(period.start, -1) };
    const first = comparison.start < baseline.start ? comparison.start : baseline.start;
    const campaign = args.campaign_id ? await ctx.platform.getCampaign(args.campaign_id) : undefined;
    const level = campaign ? 'ad_group' : 'campaign';
    const [rows, campaigns, groups] = await Promise.all([
      ctx.platform.getReport(level, first, period.end),
      ctx.platform.listCampaigns(),
      campaign ? ctx.platform.listAdGroups(campaign.id) : Promise.resolve([]),
    ]);
    const scoped = campaign ? rows.filter((r) => r.campaign_id === campaign.id) : rows;
    const metric = args.metric;
    const before = totals(within(scoped, comparison.start, comparison.end));
    const after = totals(within(scoped, period.start, period.end));
    const valueBefore = valueOf(metric, before);
    const valueAfter = valueOf(metric, after);
    const delta = valueBefore !== null && valueAfter !== null ? valueAfter - valueBefore : null;
    const significance = unusualness(metric, scoped, period, baseline);

    const logChange = valueBefore && valueAfter && valueBefore > 0 && valueAfter > 0 ? Math.log(valueAfter / valueBefore) : null;
    const drivers = DRIVERS[metric].map((d) => {
      const b = d.of(before);
      const a = d.of(after);
      const part = b && a && b > 0 && a > 0 ? Math.log(a / b) * (d.inverse ? -1 : 1) : null;
      return {
        factor: d.name,
        before: b === null ? null : round(b),
        after: a === null ? null : round(a),
        relative_change: change(b, a),
        effect: (part ?? 0) >= 0 ? ('raises' as const) : ('lowers' as const),
        share_of_change: part !== null && logChange ? round(part / logChange) : null,
      };
    });

    // Contribution of each entity: its numerator over the whole denominator, after minus before; they add up to the change.
    const fraction = FRACTION[metric];
    const denBefore = fraction.den(before);
    const denAfter = fraction.den(after);
    const entities = campaign
      ? groups.map((g) => ({ id: g.id, name: g.name, key: (r: SearchAdsReportRow) => r.ad_group_id === g.id }))
      : campaigns.map((c) => ({ id: c.id, name: c.name, key: (r: SearchAdsReportRow) => r.campaign_id === c.id }));
    const contributors = entities
      .map((e) => {
        const own = scoped.filter(e.key);
        const b = totals(within(own, comparison.start, comparison.end));
        const a = totals(within(own, period.start, period.end));
        const contribution = (denAfter > 0 ? fraction.num(a) / denAfter : 0) - (denBefore > 0 ? fraction.num(b) / denBefore : 0);
        const entityBefore = valueOf(metric, b);
        const entityAfter = valueOf(metric, a);
        return {
          id: e.id,
          name: e.name,
          level: level,
          before: entityBefore === null ? null : round(entityBefore),
          after: entityAfter === null ? null : round(entityAfter),
          contribution: round(contribution),
          share_of_change: delta ? round(contribution / delta) : null,
        };
      })
      .filter((c) => c.contribution !== 0)
      .sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));

    const currency = ctx.account.currency;
    const show = (value: number | null) =>
      value === null
        ? '-'
        : fraction.money
          ? money(value, currency)
          : fraction.ratio
            ? percent(value)
            : metric === 'roas'
              ? round(value, 2).toString()
              : round(value, 2).toLocaleString('en-US');
    const factorShow = (name: string, value: number | null) =>
      value === null
        ? '-'
        : ['cpc', 'value_per_conversion', 'spend'].includes(name)
          ? money(value, currency)
          : ['ctr', 'conversion_rate'].includes(name)
            ? percent(value)
            : round(value, 2).toLocaleString('en-US');
    const relative = change(valueBefore, valueAfter);
    const where = campaign ? `campaign "${campaign.name}"` : 'the account';
    const text = [
      `## ${metric} of ${where}: ${show(valueBefore)} → ${show(valueAfter)}${relative === null ? '' : ` (${relative >= 0 ? '+' : ''}${percent(relative, 1)})`}`,
      '',
      `Period ${period.start} to ${period.end} against ${comparison.start} to ${comparison.end}.`,
      significance.z_score === null
        ? `Unusualness: ${verdictOf(null)} (${significance.baseline_days} days with a value in the 28 days before).`
        : `Unusualness: ${verdictOf(significance.z_score)} — the period's daily mean ${show(significance.period_daily_mean)} against ${show(significance.baseline_daily_mean)} over ${baseline.start} to ${baseline.end} (z = ${significance.z_score}).`,
      '',
      ...(drivers.length
        ? [
            '### What moved it',
            markdownTable(
              ['Factor', 'Before', 'After', 'Change', 'Share of the move'],
              drivers.map((d) => [
                d.factor,
                factorShow(d.factor, d.before),
                factorShow(d.factor, d.after),
                d.relative_change === null ? '-' : `${d.relative_change >= 0 ? '+' : ''}${percent(d.relative_change, 1)}`,
                d.share_of_change === null ? '-' : percent(d.share_of_change, 0),
              ]),
            ),
            '',
          ]
        : ['Impressions follow budgets, bids, targeting and how often people search: the contributors below show where they changed.', '']),
      `### Where it moved (${campaign ? 'ad groups' : 'campaigns'})`,
      contributors.length
        ? markdownTable(
            [campaign ? 'Ad group' : 'Campaign', 'Id', 'Before', 'After', 'Contribution', 'Share'],
            contributors
              .slice(0, 10)
              .map((c) => [
                c.name,
                c.id,
                show(c.before),
                show(c.after),
                show(c.contribution),
                c.share_of_change === null ? '-' : percent(c.share_of_change, 0),
              ]),
          )
        : 'No entity changed it.',
      '',
      `Next: get_${campaign ? 'ad_group' : 'campaign'}_performance for the full figures, analyze_search_terms for the searches behind a move, explain again with campaign_id to go one level down.`,
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        metric,
        scope: {
          level: campaign ? ('campaign' as const) : ('account' as const),
          campaign_id: campaign?.id ?? null,
          campaign_name: campaign?.name ?? null,
        },
        period: { start_date: period.start, end_date: period.end, value: valueAfter === null ? null : round(valueAfter) },
        comparison: { start_date: comparison.start, end_date: comparison.end, value: valueBefore === null ? null : round(valueBefore) },
        change: delta === null ? null : round(delta),
        relative_change: relative,
        significance: {
          z_score: significance.z_score,
          verdict: verdictOf(significance.z_score),
          baseline_start_date: baseline.start,
          baseline_end_date: baseline.end,
          baseline_daily_mean: significance.baseline_daily_mean,
          period_daily_mean: significance.period_daily_mean,
        },
        drivers,
        contributors,
      },
    };
  },
});
