import * as v from 'valibot';
import { dateArgument } from '../../arguments';
import { lastDays } from '../../dates';
import { metricsBetween, profileFor, totals, withinSharedBudget, type DailyMetrics, type MetricTotals, type PerformanceProfile, type PerformanceTier } from '../../sandbox/metrics';
import type { SocialAdsAd, SocialAdsAdSet, SocialAdsCampaign } from '../port';

/** A YYYY-MM-DD argument that is a real calendar date. */
export const dateArg = (description: string) => v.optional(dateArgument(description));

/** start_date / end_date go together and in order. */
export function dateRangeRule(args: { start_date?: string; end_date?: string }): string | undefined {
  if (Boolean(args.start_date) !== Boolean(args.end_date)) return '`start_date` and `end_date` must be given together (or leave both out to use `lookback_days`)';
  if (args.start_date && args.end_date && args.start_date > args.end_date) return '`start_date` must be on or before `end_date`';
  return undefined;
}

/** The reporting window: explicit dates win over lookback_days (which ends yesterday). */
export function reportWindow(now: Date, args: { start_date?: string; end_date?: string; lookback_days: number }): { start: string; end: string } {
  if (args.start_date && args.end_date) return { start: args.start_date, end: args.end_date };
  return lastDays(now, args.lookback_days);
}

/**
 * Install rate (installs per click) of app-promotion ads per performance tier: app store clicks
 * convert to installs far more often than web clicks convert to purchases.
 */
const INSTALL_RATE: Record<PerformanceTier, number> = { strong: 0.34, average: 0.2, poor: 0.07, wasteful: 0, new: 0.18 };

function profileOf(tier: PerformanceTier, isApp: boolean): PerformanceProfile {
  if (!isApp) return profileFor(tier);
  const base = profileFor(tier);
  return profileFor(tier, { cvr: INSTALL_RATE[tier], cpc: Math.round(base.cpc * 0.55 * 100) / 100, order_value: 0 });
}

/** What delivery of an ad depends on: the account's campaigns, ad sets and every ad (its siblings). */
export interface SocialAdsDelivery {
  campaigns: readonly SocialAdsCampaign[];
  adSets: readonly SocialAdsAdSet[];
  ads: readonly SocialAdsAd[];
}

/** An ad's days before any budget: empty outside the ad's and its parents' active windows. */
function naturalAdDays(ad: SocialAdsAd, adSet: SocialAdsAdSet | undefined, campaign: SocialAdsCampaign | undefined, start: string, end: string): DailyMetrics[] {
  const from = [ad.start_date, adSet?.start_date, campaign?.start_date].filter(Boolean).sort().at(-1)!;
  const until = [adSet?.end_date, campaign?.end_date].filter(Boolean).sort()[0] as string | undefined;
  const isApp = campaign?.objective === 'OUTCOME_APP_PROMOTION';
  return metricsBetween(ad.id, start, end, profileOf(ad.performance, isApp), from).map((day) =>
    until && day.date > until ? { date: day.date, impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 } : day,
  );
}

/**
 * Daily metrics of one ad: the ad is the unit of delivery; ad sets and campaigns are sums of their
 * ads, so every level agrees. The daily budget sits on the ad set, or on the campaign (Advantage
 * campaign budget); the ads under it share it (withinSharedBudget).
 */
export function adDailyMetrics(ad: SocialAdsAd, account: SocialAdsDelivery, start: string, end: string): DailyMetrics[] {
  const adSetOf = (a: SocialAdsAd) => account.adSets.find((s) => s.id === a.ad_set_id);
  const adSet = adSetOf(ad);
  const campaign = account.campaigns.find((c) => c.id === ad.campaign_id);
  const own = naturalAdDays(ad, adSet, campaign, start, end);
  const onAdSet = Boolean(adSet?.daily_budget);
  const budget = onAdSet ? adSet!.daily_budget : campaign?.daily_budget;
  if (!budget) return own;
  const siblings = account.ads.filter((a) => a.id !== ad.id && (onAdSet ? a.ad_set_id === ad.ad_set_id : a.campaign_id === ad.campaign_id));
  const group = [own, ...siblings.map((a) => naturalAdDays(a, adSetOf(a), campaign, start, end))];
  return withinSharedBudget(own, group, budget);
}

export interface AppMetrics extends MetricTotals {
  installs: number;
  cost_per_install: number | null;
}

export function withInstalls(t: MetricTotals): AppMetrics {
  return { ...t, installs: t.conversions, cost_per_install: t.conversions > 0 ? Math.round((t.spend / t.conversions) * 100) / 100 : null };
}

/** Totals of many ads' daily metrics. */
export function sumAds(days: DailyMetrics[][]): MetricTotals {
  return totals(days.flat());
}

