import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { datePairRule } from '../../../core/report-window';
import { metricTotalsEntries, totals, videoMetricEntries, type MetricTotals } from '../../../core/metrics';
import {
  SOCIALADS_PUBLISHER_PLATFORMS,
  type SocialAdsInsightsLevel,
  type SocialAdsInsightsRow,
  type SocialAdsObjective,
  type SocialAdsPort,
  type SocialAdsTargeting,
} from '../port';
import type { SchemaDescribes } from '../../../core/schema-types';

/** A YYYY-MM-DD argument that is a real calendar date. */
export const dateArg = (description: string) => v.optional(dateArgument(description));

/** start_date / end_date go together and in order. */
export const dateRangeRule = (args: { start_date?: string; end_date?: string }) =>
  datePairRule(args, 'leave both out to use `lookback_days`');

/**
 * Totals per entity of one level over [start, end], from the platform's daily insights rows. An
 * entity without delivery has no rows and gets zero totals. Without ids nothing is asked.
 */
export async function insightTotals(
  platform: SocialAdsPort,
  level: SocialAdsInsightsLevel,
  ids: readonly string[],
  start: string,
  end: string,
  options: { days?: boolean } = {},
): Promise<(id: string) => SocialAdsTotals> {
  const rows = ids.length ? await platform.getInsights({ level, ids: [...new Set(ids)], time_range: { since: start, until: end } }) : [];
  const byEntity = new Map<string, SocialAdsInsightsRow[]>();
  for (const row of rows) {
    const id = level === 'campaign' ? row.campaign_id : level === 'adset' ? row.ad_set_id! : row.ad_id!;
    const own = byEntity.get(id);
    if (own) own.push(row);
    else byEntity.set(id, [row]);
  }
  return (id) => {
    const rows = byEntity.get(id) ?? [];
    return {
      ...totals(rows),
      daily_reach: rows.reduce((sum, row) => sum + (row.reach ?? 0), 0),
      post_engagements: rows.reduce((sum, row) => sum + (row.post_engagements ?? 0), 0),
      link_clicks: rows.reduce((sum, row) => sum + (row.link_clicks ?? 0), 0),
      landing_page_views: rows.reduce((sum, row) => sum + (row.landing_page_views ?? 0), 0),
      two_second_video_plays: rows.reduce((sum, row) => sum + (row.two_second_video_plays ?? 0), 0),
      days_with_delivery: new Set(rows.map((row) => row.date)).size,
      ...(options.days ? { days: rows } : {}),
    };
  };
}

/**
 * Totals of insights rows, with the daily reach summed (reach is not additive across days); with
 * `days` asked for, the daily rows they add up (with each day's budget where the platform reports it).
 */
export type SocialAdsTotals = MetricTotals & {
  daily_reach: number;
  post_engagements: number;
  /** Link clicks (among `clicks`, all clicks), landing page views and 2-second continuous video plays. */
  link_clicks: number;
  landing_page_views: number;
  two_second_video_plays: number;
  days_with_delivery: number;
  days?: readonly SocialAdsInsightsRow[];
};

/** What an ad set's results are: the platform counts results by the optimization goal. */
export type ResultType =
  | 'purchases'
  | 'leads'
  | 'installs'
  | 'thruplays'
  | 'two_second_video_plays'
  | 'post_engagements'
  | 'reach'
  | 'impressions'
  | 'link_clicks'
  | 'landing_page_views';

const RESULT_BY_GOAL: Record<string, ResultType> = {
  OFFSITE_CONVERSIONS: 'purchases',
  VALUE: 'purchases',
  LEAD_GENERATION: 'leads',
  QUALITY_LEAD: 'leads',
  APP_INSTALLS: 'installs',
  APP_INSTALLS_AND_OFFSITE_CONVERSIONS: 'installs',
  THRUPLAY: 'thruplays',
  TWO_SECOND_CONTINUOUS_VIDEO_VIEWS: 'two_second_video_plays',
  REACH: 'reach',
  IMPRESSIONS: 'impressions',
  AD_RECALL_LIFT: 'reach',
  LINK_CLICKS: 'link_clicks',
  LANDING_PAGE_VIEWS: 'landing_page_views',
  POST_ENGAGEMENT: 'post_engagements',
};

/** Result types whose figure is a conversion the platform attributes (and that can carry value). */
const CONVERSION_RESULTS: ResultType[] = ['purchases', 'leads', 'installs'];
/** Result types of traffic: their CTR and CPC are the link ones (per link click), as the platform shows them. */
const LINK_RESULTS: ResultType[] = ['link_clicks', 'landing_page_views'];
/** Result types of video plays: their entities show their ThruPlays and view rate. */
const VIDEO_RESULTS: ResultType[] = ['thruplays', 'two_second_video_plays'];

export function resultTypeOf(optimizationGoal: string | undefined, objective: SocialAdsObjective | undefined): ResultType {
  if (optimizationGoal && RESULT_BY_GOAL[optimizationGoal]) return RESULT_BY_GOAL[optimizationGoal]!;
  switch (objective) {
    case 'OUTCOME_SALES':
      return 'purchases';
    case 'OUTCOME_LEADS':
      return 'leads';
    case 'OUTCOME_APP_PROMOTION':
      return 'installs';
    case 'OUTCOME_AWARENESS':
      return 'reach';
    case 'OUTCOME_ENGAGEMENT':
      return 'thruplays';
    default:
      return 'link_clicks';
  }
}

/** The output schema of an ad set's targeting (SocialAdsTargeting), as list and report rows show it. */
const targetingEntries = {
  countries: v.array(v.string()),
  age_min: v.number(),
  age_max: v.number(),
  genders: v.array(v.number()),
  publisher_platforms: v.array(v.picklist(SOCIALADS_PUBLISHER_PLATFORMS)),
  interests: v.optional(v.array(v.object({ id: v.string(), name: v.string() }))),
  custom_audiences: v.optional(v.array(v.string())),
  excluded_custom_audiences: v.optional(v.array(v.string())),
};
const targetingMatches: SchemaDescribes<typeof targetingEntries, SocialAdsTargeting> = true;
void targetingMatches;
export const targetingSchema = v.object(targetingEntries);

/** The figures of one entity as its objective reports them; metrics a type does not have are absent. */
/** The output schema of ObjectiveMetrics (below): what every socialads list and report row's `metrics` holds. */
export const metricsSchema = v.object({
  impressions: v.number(),
  clicks: v.number(),
  link_clicks: v.number(),
  spend: v.number(),
  ctr: v.nullable(v.number()),
  cpc: v.nullable(v.number()),
  avg_daily_reach: v.number(),
  avg_daily_frequency: v.nullable(v.number()),
  result_type: v.string(),
  results: v.number(),
  cost_per_result: v.nullable(v.number()),
  conversions: v.optional(v.number()),
  conversion_rate: v.optional(v.nullable(v.number())),
  cpa: v.optional(v.nullable(v.number())),
  revenue: v.optional(v.number()),
  roas: v.optional(v.nullable(v.number())),
  video_views: v.optional(v.number()),
  view_rate: v.optional(v.nullable(v.number())),
});

export interface ObjectiveMetrics {
  impressions: number;
  /** All clicks (likes, expands, profile clicks and link clicks); `link_clicks` the clicks on the ad's link. */
  clicks: number;
  link_clicks: number;
  spend: number;
  /** Per link click for traffic results (link clicks, landing page views), per click otherwise. */
  ctr: number | null;
  cpc: number | null;
  /** Daily reach averaged over the days with delivery, and impressions per account reached a day. */
  avg_daily_reach: number;
  avg_daily_frequency: number | null;
  result_type: ResultType;
  results: number;
  cost_per_result: number | null;
  /** Conversion objectives (purchases, leads, installs) only. */
  conversions?: number;
  conversion_rate?: number | null;
  cpa?: number | null;
  /** Purchases only. */
  revenue?: number;
  roas?: number | null;
  /** Entities with video ads only: ThruPlays and their share of impressions (2-second plays are results of their own). */
  video_views?: number;
  view_rate?: number | null;
}

const ratio = (a: number, b: number, digits = 4) => (b > 0 ? Math.round((a / b) * 10 ** digits) / 10 ** digits : null);

/**
 * The metrics of an entity for its result type (`hasVideo`: it runs video ads). Reach results are
 * the average daily reach, and cost 1,000 accounts reached a day; impressions cost per 1,000 (CPM).
 */
export function objectiveMetrics(t: SocialAdsTotals, resultType: ResultType, options: { hasVideo: boolean }): ObjectiveMetrics {
  const avgDailyReach = t.days_with_delivery > 0 ? Math.round(t.daily_reach / t.days_with_delivery) : 0;
  const videoViews = t.video_views ?? 0;
  const results =
    resultType === 'thruplays'
      ? videoViews
      : resultType === 'two_second_video_plays'
        ? t.two_second_video_plays
        : resultType === 'reach'
          ? avgDailyReach
          : resultType === 'impressions'
            ? t.impressions
            : resultType === 'link_clicks'
              ? t.link_clicks
              : resultType === 'landing_page_views'
                ? t.landing_page_views
                : resultType === 'post_engagements'
                  ? t.post_engagements
                  : t.conversions;
  const perLink = LINK_RESULTS.includes(resultType);
  const m: ObjectiveMetrics = {
    impressions: t.impressions,
    clicks: t.clicks,
    link_clicks: t.link_clicks,
    spend: t.spend,
    ctr: perLink ? ratio(t.link_clicks, t.impressions) : t.ctr,
    cpc: perLink ? ratio(t.spend, t.link_clicks, 2) : t.cpc,
    avg_daily_reach: avgDailyReach,
    avg_daily_frequency: ratio(t.impressions, t.daily_reach, 2),
    result_type: resultType,
    results,
    // Reach and impressions are bought per thousand.
    cost_per_result:
      resultType === 'reach'
        ? ratio(t.spend * 1000, t.daily_reach, 2)
        : resultType === 'impressions'
          ? ratio(t.spend * 1000, results, 2)
          : ratio(t.spend, results, 2),
  };
  if (CONVERSION_RESULTS.includes(resultType)) {
    m.conversions = t.conversions;
    m.conversion_rate = t.conversion_rate;
    m.cpa = t.cpa;
  }
  if (resultType === 'purchases') {
    m.revenue = t.revenue;
    m.roas = t.roas;
  }
  if (options.hasVideo || VIDEO_RESULTS.includes(resultType)) {
    m.video_views = videoViews;
    m.view_rate = ratio(videoViews, t.impressions);
  }
  return m;
}

/** How a result type is named in tables. */
export const RESULT_LABEL: Record<ResultType, string> = {
  purchases: 'purchases',
  leads: 'leads',
  installs: 'installs',
  thruplays: 'ThruPlays',
  two_second_video_plays: '2-second video plays',
  post_engagements: 'post engagements',
  reach: 'avg daily reach',
  impressions: 'impressions',
  link_clicks: 'link clicks',
  landing_page_views: 'landing page views',
};

export interface AppMetrics extends MetricTotals {
  installs: number;
  cost_per_install: number | null;
}

/** The output schema of AppMetrics (the app reports' totals), and of a row's `metrics`, which adds its reach. */
const appTotalsEntries = { ...metricTotalsEntries, ...videoMetricEntries, installs: v.number(), cost_per_install: v.nullable(v.number()) };
export const appTotalsSchema = v.object(appTotalsEntries);
export const appMetricsSchema = v.object({ ...appTotalsEntries, daily_reach: v.number(), days_with_delivery: v.number() });

/** The counts of socialads totals that other results are made of, which neutral totals (MetricTotals) do not carry. */
type SocialCounts = Pick<SocialAdsTotals, 'post_engagements' | 'link_clicks' | 'landing_page_views' | 'two_second_video_plays'>;

/** Totals without the socialads-only counts (post engagements, link clicks, landing page views, 2-second plays). */
export function withoutSocialCounts<T extends Partial<SocialCounts>>(t: T): Omit<T, keyof SocialCounts> {
  const { post_engagements: _engagements, link_clicks: _links, landing_page_views: _views, two_second_video_plays: _plays, ...rest } = t;
  return rest;
}

/** App-promotion figures: the results of these campaigns are installs (post engagements and link clicks are not shown). */
export function withInstalls(t: MetricTotals & Partial<SocialCounts>): AppMetrics {
  const figures = withoutSocialCounts(t);
  return {
    ...figures,
    installs: t.conversions,
    cost_per_install: t.conversions > 0 ? Math.round((t.spend / t.conversions) * 100) / 100 : null,
  };
}

/** The reporting window arguments every socialads report and list tool takes. */
export const windowEntries = {
  lookback_days: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(365),
      v.description('Days of performance, 1-365, default 30 (ends yesterday)'),
    ),
    30,
  ),
  start_date: dateArg('Start of the reporting window, YYYY-MM-DD (with end_date; overrides lookback_days)'),
  end_date: dateArg('End of the reporting window, YYYY-MM-DD (with start_date; yesterday at the latest)'),
};

const statusWord = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');

/**
 * An ad's state as a buyer means it (not "PAUSED (ACTIVE)": its own status and its review state
 * mixed): its own status ("Paused", "Archived"); an active ad says what keeps it from delivering, the
 * way the platform's effective_status does: its campaign or ad set paused (CAMPAIGN_PAUSED,
 * ADSET_PAUSED), or its review ("Active (pending review)").
 */
export function adStatusText(
  ad: { status: string; effective_status: string },
  parents: { campaign?: string; ad_set?: string } = {},
): string {
  if (ad.status !== 'ACTIVE') return statusWord(ad.status);
  if (parents.campaign && parents.campaign !== 'ACTIVE') return `Active (campaign ${parents.campaign.toLowerCase()})`;
  if (parents.ad_set && parents.ad_set !== 'ACTIVE') return `Active (ad set ${parents.ad_set.toLowerCase()})`;
  if (ad.effective_status !== 'ACTIVE') return `Active (${statusWord(ad.effective_status).toLowerCase()})`;
  return 'Active';
}
