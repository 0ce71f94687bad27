import * as v from 'valibot';

/**
 * The figures a platform reports, in the port's neutral vocabulary: a day of delivery of one entity
 * as a report row gives it, and totals over a range with the usual ratios. Ports return these
 * (sandbox and live alike); tools only add up and present what the platform reported.
 */
export interface DailyMetrics {
  date: string;
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  /** Sales or conversion value, in account currency. */
  revenue: number;
  video_views: number;
}

/**
 * A day of a type that may lack some metrics: a metric the entity's type does not have (video views
 * of a search campaign) is absent, not zero.
 */
export type ReportedDay = Omit<DailyMetrics, 'video_views'> & { video_views?: number };

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface MetricTotals {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  revenue: number;
  /** Absent when no row of the range has the metric (types without video). */
  video_views?: number;
  /** Video views per impression, 0-1; present with video_views. */
  view_rate?: number | null;
  /** Derived ratios; null where the denominator is zero. */
  ctr: number | null;
  cpc: number | null;
  cpa: number | null;
  roas: number | null;
  /** Advertising cost of sales, percent. */
  acos: number | null;
  conversion_rate: number | null;
}

/**
 * The output schema entries of MetricTotals, for tools whose `data.structured` carries totals: spread
 * them into a row's `metrics` object, with videoMetricEntries where the entity's type has video views
 * (a search campaign has none, and its schema says so).
 */
export const videoMetricEntries = {
  video_views: v.optional(v.number()),
  view_rate: v.optional(v.nullable(v.number())),
};

export const metricTotalsEntries = {
  impressions: v.number(),
  clicks: v.number(),
  spend: v.number(),
  conversions: v.number(),
  revenue: v.number(),
  ctr: v.nullable(v.number()),
  cpc: v.nullable(v.number()),
  cpa: v.nullable(v.number()),
  roas: v.nullable(v.number()),
  acos: v.nullable(v.number()),
  conversion_rate: v.nullable(v.number()),
};

/** The output schema of MetricTotals as `totals` returns it (video figures where the rows had them). */
export const metricTotalsSchema = v.object({ ...metricTotalsEntries, ...videoMetricEntries });

export function totals(days: readonly Omit<ReportedDay, 'date'>[]): MetricTotals {
  const sum = { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 };
  const hasViews = days.some((day) => day.video_views !== undefined);
  for (const day of days) {
    sum.impressions += day.impressions;
    sum.clicks += day.clicks;
    sum.spend += day.spend;
    sum.conversions += day.conversions;
    sum.revenue += day.revenue;
    sum.video_views += day.video_views ?? 0;
  }
  sum.spend = round2(sum.spend);
  sum.revenue = round2(sum.revenue);
  const ratio = (a: number, b: number, digits = 4) => (b > 0 ? Math.round((a / b) * 10 ** digits) / 10 ** digits : null);
  const { video_views, ...counted } = sum;
  return {
    ...counted,
    ...(hasViews ? { video_views, view_rate: ratio(video_views, sum.impressions) } : {}),
    ctr: ratio(sum.clicks, sum.impressions),
    cpc: ratio(sum.spend, sum.clicks, 2),
    cpa: ratio(sum.spend, sum.conversions, 2),
    roas: ratio(sum.revenue, sum.spend, 2),
    acos: sum.revenue > 0 ? Math.round((sum.spend / sum.revenue) * 10000) / 100 : null,
    conversion_rate: ratio(sum.conversions, sum.clicks),
  };
}

/**
 * A cost per result with spend and no result is the worst value, not a missing one (spend with zero
 * conversions is the worst CPA; with zero clicks, the worst CPC): compared and ranked as +Infinity
 * (above every threshold, below none) and said in words. The one place monitors, analyses and the
 * watch read such a figure; null only where nothing was spent.
 */
export interface CostReading {
  /** The figure, null where undefined. */
  value: number | null;
  /** What to compare and rank: the value, or +Infinity for spend without results. */
  rank: number | null;
  /** "no conversions" / "no clicks" when spend had no results. */
  note?: string;
}

const COST_PER = { cpa: ['conversions', 'no conversions'], cpc: ['clicks', 'no clicks'] } as const;

export function costReading(t: Pick<MetricTotals, 'spend' | 'conversions' | 'clicks' | 'cpa' | 'cpc'>, metric: 'cpa' | 'cpc'): CostReading {
  const [results, note] = COST_PER[metric];
  if (t[metric] === null && t.spend > 0 && t[results] === 0) return { value: null, rank: Infinity, note };
  return { value: t[metric], rank: t[metric] };
}
