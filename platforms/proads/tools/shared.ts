import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import type { AccountClock } from '../../../core/dates';
import { datePairRule, reportWindow, windowDays } from '../../../core/report-window';
import { totals, type MetricTotals } from '../../../core/metrics';
import type {
  ProAdsAnalyticsPivot,
  ProAdsCampaign,
  ProAdsCreative,
  ProAdsFacet,
  ProAdsFormat,
  ProAdsObjective,
  ProAdsPivot,
  ProAdsPort,
} from '../port';

/** The reporting-window arguments shared by the proads analysis tools (specification, proads tools). */
export const DATE_RANGES = { last_7_days: 7, last_14_days: 14, last_30_days: 30, last_60_days: 60, last_90_days: 90 } as const;

const isoDateArg = (description: string) => v.optional(dateArgument(description));

export const windowArgs = {
  start_date: isoDateArg('Start date, YYYY-MM-DD; with end_date it overrides date_range and lookback_days'),
  end_date: isoDateArg('End date, YYYY-MM-DD; with start_date it overrides date_range and lookback_days'),
  date_range: v.optional(
    v.pipe(
      v.picklist(Object.keys(DATE_RANGES) as (keyof typeof DATE_RANGES)[]),
      v.description(
        'last_7_days, last_14_days, last_30_days, last_60_days or last_90_days; overrides lookback_days; ignored when start_date and end_date are given',
      ),
    ),
  ),
  lookback_days: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(7), v.maxValue(120), v.description('Days to analyse, 7-120, default 30 (ending yesterday)')),
    30,
  ),
  raw_data: v.optional(
    v.pipe(
      v.boolean(),
      v.description('true returns only the raw metrics, without ranking, classification or recommendations; default false'),
    ),
    false,
  ),
};

export const windowRules = (args: { start_date?: string; end_date?: string }) => datePairRule(args, 'use `date_range` / `lookback_days`');

export interface ResolvedWindow {
  start: string;
  end: string;
  days: number;
  /** Which argument decided the window. */
  source: 'start_end' | 'date_range' | 'lookback_days';
}

/**
 * start/end (both) beat date_range, which beats lookback_days. Relative windows end yesterday; an
 * explicit window that reaches past today is refused (no figures exist for days not yet run).
 */
export function resolveWindow(
  clock: AccountClock,
  args: { start_date?: string; end_date?: string; date_range?: keyof typeof DATE_RANGES; lookback_days: number },
): ResolvedWindow {
  const explicit = Boolean(args.start_date && args.end_date);
  const window = reportWindow(clock, {
    start_date: explicit ? args.start_date : undefined,
    end_date: explicit ? args.end_date : undefined,
    lookback_days: args.date_range ? DATE_RANGES[args.date_range] : args.lookback_days,
  });
  return { ...window, days: windowDays(window), source: explicit ? 'start_end' : args.date_range ? 'date_range' : 'lookback_days' };
}

export interface CreativeRow {
  creative: ProAdsCreative;
  campaign: ProAdsCampaign;
  metrics: MetricTotals;
  /** Spend per conversion; null without conversions. */
  cost_per_conversion: number | null;
}

/**
 * Totals per pivot value over [start, end], from the platform's analytics (one ALL row per value).
 * A value without delivery has no row and gets zero totals.
 */
export async function analyticsTotals(
  platform: ProAdsPort,
  pivot: ProAdsAnalyticsPivot,
  start: string,
  end: string,
  facets: { campaigns?: readonly string[] } = {},
): Promise<(pivotValue: string) => MetricTotals> {
  const rows =
    facets.campaigns && !facets.campaigns.length
      ? []
      : await platform.getAnalytics({ pivot, date_range: { start, end }, time_granularity: 'ALL', ...facets });
  const byValue = new Map(rows.map((row) => [row.pivot_value, row]));
  return (pivotValue) => totals(byValue.has(pivotValue) ? [byValue.get(pivotValue)!] : []);
}

/** The creatives of these campaigns with their figures over [start, end]. */
export async function creativeRows(
  platform: ProAdsPort,
  creatives: ProAdsCreative[],
  campaigns: ProAdsCampaign[],
  start: string,
  end: string,
): Promise<CreativeRow[]> {
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  const metricsOf = await analyticsTotals(platform, 'CREATIVE', start, end, { campaigns: campaigns.map((c) => c.id) });
  return creatives
    .filter((cr) => byId.has(cr.campaign_id))
    .map((cr) => {
      const campaign = byId.get(cr.campaign_id)!;
      const metrics = metricsOf(cr.id);
      return { creative: cr, campaign, metrics, cost_per_conversion: metrics.cpa };
    });
}

/** Days the entity has been live at the end of the window (0 if it starts later). */
export function ageInDays(startDate: string, windowEnd: string): number {
  return Math.max(0, Math.round((Date.parse(`${windowEnd}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1);
}

/**
 * CTR floors per format, under the platform's usual ranges: Sponsored Content single image and
 * carousel run about 0.44-0.65 %, video about 0.3-0.5 %, and desktop text ads about 0.02-0.05 %.
 * A creative or campaign under its format's floor needs new copy or visuals.
 */
export const CTR_FLOOR_BY_FORMAT: Record<ProAdsFormat, number> = { SINGLE_IMAGE: 0.0035, CAROUSEL: 0.0035, VIDEO: 0.003, TEXT_AD: 0.0002 };

/** What to test when a creative's CTR is under its format's floor. */
export const REFRESH_BY_FORMAT: Record<ProAdsFormat, string> = {
  SINGLE_IMAGE: 'test a new image and a sharper headline',
  CAROUSEL: 'test new lead cards and a sharper introductory text',
  VIDEO: 'test a stronger first 3 seconds and a new thumbnail',
  TEXT_AD: 'test a sharper headline and description',
};

/** What an objective's results are, as the platform reports them. */
export const RESULT_BY_OBJECTIVE: Record<ProAdsObjective, 'leads' | 'conversions' | 'video_views' | 'clicks' | 'impressions'> = {
  LEAD_GENERATION: 'leads',
  WEBSITE_CONVERSION: 'conversions',
  VIDEO_VIEW: 'video_views',
  WEBSITE_VISIT: 'clicks',
  ENGAGEMENT: 'clicks',
  BRAND_AWARENESS: 'impressions',
};

/** Said wherever an analysis recommends changes: each names the write tool (and its arguments) that makes it. */
export const HOW_TO_APPLY =
  'Each action names the proads write tool that carries it out, with its arguments: call it with dry_run: true to see the plan first, then without to apply. Verify the next day with get_proads_campaign_performance.';

/** The tool that adds a creative to a campaign of each format. */
export const ADD_CREATIVE_TOOL: Record<ProAdsFormat, string> = {
  SINGLE_IMAGE: 'add_proads_creative',
  VIDEO: 'add_proads_video_creative',
  CAROUSEL: 'add_proads_carousel_creative',
  TEXT_AD: 'add_proads_text_creative',
};

/** The targeting facet of each demographic pivot (its segments are values of that facet). */
export const FACET_OF_PIVOT: Record<ProAdsPivot, ProAdsFacet> = {
  SENIORITY: 'seniorities',
  JOB_FUNCTION: 'job_functions',
  INDUSTRY: 'industries',
  COMPANY_SIZE: 'company_sizes',
};
