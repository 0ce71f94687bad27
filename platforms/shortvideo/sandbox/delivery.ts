/**
 * The shortvideo sandbox's one delivery model, allocated top down. Each past day of a campaign is
 * computed once from the state its campaign, ad groups and ads had during that day (histories via
 * jointSegments): a paused or deleted campaign, a disabled, deleted, not yet started or ended ad
 * group, and an ad group without an enabled, approved ad (REJECTED and IN_REVIEW ads spend nothing)
 * deliver nothing while in that state. Each live ad group wants its own deterministic day (tier,
 * date, id) for the live part of the day, capped by its daily budget; the campaign's daily budget
 * (or the budget of campaign budget optimization) caps their sum. The campaign's day is then
 * rounded once and split, unit for unit and cent for cent, among its ad groups, and each ad
 * group's day among its live ads, so ads add up to ad groups, ad groups to campaigns and campaigns
 * to the advertiser. Days from today (UTC) on have no delivery. No level spends more than 97 % of
 * its daily budget (the platform documents no overdelivery for daily budgets); a lifetime budget
 * is paced evenly over its flight (the schedule, or 30 days from the start when open-ended).
 */
import { addDays } from '../../../core/dates';
import type { DailyMetrics } from '../../../core/metrics';
import { splitEarned } from '../../sandbox/allocate';
import { DayMemo, contentKey } from '../../sandbox/day-memo';
import { jointSegments } from '../../sandbox/top-down';
import type { WithHistory } from '../../sandbox/history';
import {
  dailyMetrics,
  datesBetween,
  dayCount,
  hash32,
  profileFor,
  type PerformanceProfile,
  type PerformanceTier,
} from '../../sandbox/metrics';
import type { Objective, ShortVideoAd, ShortVideoAdGroup, ShortVideoCampaign } from '../port';

type Stored<T> = WithHistory<T & { performance: PerformanceTier }>;
export type DeliveryCampaign = Stored<ShortVideoCampaign>;
export type DeliveryAdGroup = Stored<ShortVideoAdGroup>;
export type DeliveryAd = Stored<ShortVideoAd>;

/** Objectives bought on reach and views: their results are of their own type, never conversions. */
export const NO_CONVERSION_OBJECTIVES: ReadonlySet<Objective> = new Set<Objective>(['REACH', 'VIDEO_VIEWS']);

/** An ad group's delivery profile: its tier's, without conversions (nor their value) under a reach or view objective. */
function profileOf(objective: Objective, tier: PerformanceTier): PerformanceProfile {
  return NO_CONVERSION_OBJECTIVES.has(objective) ? profileFor(tier, { cvr: 0, order_value: 0 }) : profileFor(tier);
}

/** Share of a daily cap a day may use: delivery stops just under the budget. */
const BUDGET_USE = 0.97;
/** Days a lifetime budget without an end date is paced over. */
const OPEN_FLIGHT_DAYS = 30;

type Figures = Omit<DailyMetrics, 'date'>;
const METRICS = ['impressions', 'clicks', 'spend', 'conversions', 'revenue', 'video_views'] as const;
const zero = (): Figures => ({ impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 });
const scale = (f: Figures, by: number): Figures => ({
  impressions: f.impressions * by,
  clicks: f.clicks * by,
  spend: f.spend * by,
  conversions: f.conversions * by,
  revenue: f.revenue * by,
  video_views: f.video_views * by,
});

/** The daily cap of a budget on `date` (Infinity when it has none). */
function dailyCap(
  budget: { budget_mode: string; budget?: number },
  date: string,
  flightStart: string,
  flightEnd: string | undefined,
): number {
  if (budget.budget_mode === 'BUDGET_MODE_DAY') return budget.budget ? budget.budget : Infinity;
  if (budget.budget_mode === 'BUDGET_MODE_TOTAL' && budget.budget) {
    const end = flightEnd ?? addDays(flightStart, OPEN_FLIGHT_DAYS - 1);
    if (date < flightStart || date > end) return 0;
    return budget.budget / dayCount(flightStart, end);
  }
  return Infinity;
}

const groupStart = (g: ShortVideoAdGroup) => g.schedule_start_time.slice(0, 10);
const groupEnd = (g: ShortVideoAdGroup) => g.schedule_end_time?.slice(0, 10);

/** An ad's weight among the ads of its ad group, per metric (its tier shapes what it earns). */
function adWeights(ad: DeliveryAd): Figures {
  const p = profileFor(ad.performance);
  const presence = 0.6 + ((hash32(ad.id) % 1000) / 1000) * 0.8;
  const impressions = presence * p.impressions;
  const clicks = impressions * p.ctr;
  const conversions = clicks * p.cvr;
  return {
    impressions,
    clicks,
    spend: clicks * p.cpc,
    conversions,
    revenue: conversions * p.order_value,
    video_views: impressions * p.view_rate,
  };
}

/** What each metric is earned from: clicks and views from impressions, spend and conversions from clicks, revenue from conversions. */
const EARNED_FROM: Partial<Record<(typeof METRICS)[number], (typeof METRICS)[number]>> = {
  clicks: 'impressions',
  spend: 'clicks',
  conversions: 'clicks',
  revenue: 'conversions',
  video_views: 'impressions',
};

/**
 * Splits whole figures among parts exactly: impressions by the parts' weights, every other metric
 * by what the part already got of the metric it is earned from times the part's own rate; when no
 * part qualifies, by impressions weights, then all to the first part, so nothing is lost.
 */
function split(total: Figures, weights: readonly Figures[]): Figures[] {
  return splitEarned(total, weights, {
    metrics: METRICS,
    earnedFrom: EARNED_FROM,
    money: ['spend', 'revenue'],
    impressions: 'impressions',
  }) as Figures[];
}

/** Rounds a campaign's day: whole units, money to the cent. */
function rounded(f: Figures): Figures {
  // Whole conversions; revenue follows them at the day's average value (none without a conversion).
  const conversions = Math.round(f.conversions);
  return {
    impressions: Math.round(f.impressions),
    clicks: Math.round(f.clicks),
    spend: Math.round(f.spend * 100) / 100,
    conversions,
    revenue: conversions > 0 ? Math.round((f.revenue / f.conversions) * conversions * 100) / 100 : 0,
    video_views: Math.round(f.video_views),
  };
}

export interface Delivery {
  campaign: Map<string, DailyMetrics[]>;
  adgroup: Map<string, DailyMetrics[]>;
  ad: Map<string, DailyMetrics[]>;
}

/**
 * Campaign days computed in this process (sandbox/day-memo.ts): a finished day of a campaign is a pure
 * function of the campaign, its ad groups and their ads as stored (history included) and the date, so
 * the key is the account's partition, those entities and the date. A write changes what is read, so its
 * next read misses.
 */
const campaignDays = new DayMemo<CampaignDay>(4000);

/** One day of a campaign: its rounded total, and each ad group's share with its ads' shares. */
interface CampaignDay {
  total: Figures;
  groups: { day: Figures; ads: Figures[] }[];
}

/**
 * The days of [start, end] of every campaign, ad group and ad; `today` (YYYY-MM-DD) and later have none.
 * `scope` (the account's partition) lets finished days come from the process's memo.
 */
export function simulateDelivery(
  campaigns: DeliveryCampaign[],
  adGroups: DeliveryAdGroup[],
  ads: DeliveryAd[],
  start: string,
  end: string,
  today: string,
  scope?: string,
): Delivery {
  const dates = datesBetween(start, end);
  const out: Delivery = { campaign: new Map(), adgroup: new Map(), ad: new Map() };
  const push = (map: Map<string, DailyMetrics[]>, id: string, date: string, f: Figures) => {
    const list = map.get(id) ?? [];
    list.push({ date, ...f });
    map.set(id, list);
  };
  for (const campaign of campaigns) {
    const groups = adGroups.filter((g) => g.campaign_id === campaign.id);
    const adsOf = groups.map((g) => ads.filter((a) => a.adgroup_id === g.id));
    let memoKey: string | undefined;
    for (const date of dates) {
      const finished = date < today;
      const compute = () => campaignDay(campaign, groups, adsOf, date, finished);
      let day: CampaignDay;
      if (finished && scope !== undefined) {
        memoKey ??= contentKey(scope, [campaign, groups, adsOf]);
        day = campaignDays.day(memoKey, date, compute);
      } else day = compute();
      push(out.campaign, campaign.id, date, day.total);
      day.groups.forEach((group, gi) => {
        push(out.adgroup, groups[gi]!.id, date, group.day);
        group.ads.forEach((adDay, ai) => push(out.ad, adsOf[gi]![ai]!.id, date, adDay));
      });
    }
  }
  // Ad groups and ads of unknown campaigns (none in practice) still get their dates.
  for (const g of adGroups) if (!out.adgroup.has(g.id)) for (const date of dates) push(out.adgroup, g.id, date, zero());
  for (const a of ads) if (!out.ad.has(a.id)) for (const date of dates) push(out.ad, a.id, date, zero());
  return out;
}

/** A campaign's day `date`: nothing unless `finished` (before today, UTC). */
function campaignDay(
  campaign: DeliveryCampaign,
  groups: DeliveryAdGroup[],
  adsOf: DeliveryAd[][],
  date: string,
  finished: boolean,
): CampaignDay {
  const groupDays: Figures[] = [];
  const adShares: Figures[][] = [];
  let campaignCap = 0;
  if (finished) {
    for (const segment of jointSegments([campaign], date)) {
      const c = segment.states[0]!;
      if (c.status === 'ACTIVE' && c.start_date <= date) campaignCap += segment.share * dailyCap(c, date, c.start_date, undefined);
    }
  }
  for (const [gi, group] of groups.entries()) {
    const groupAds = adsOf[gi]!;
    let live = 0;
    let cap = 0;
    const weights = groupAds.map(() => 0);
    if (finished) {
      for (const segment of jointSegments<ShortVideoCampaign | ShortVideoAdGroup | ShortVideoAd>([campaign, group, ...groupAds], date)) {
        const c = segment.states[0] as ShortVideoCampaign;
        const g = segment.states[1] as ShortVideoAdGroup;
        const adStates = segment.states.slice(2) as ShortVideoAd[];
        const running = adStates.map((a) => a.status === 'ENABLED' && a.review_status === 'APPROVED' && a.create_time.slice(0, 10) <= date);
        const groupEnded = groupEnd(g) !== undefined && date > groupEnd(g)!;
        if (
          c.status !== 'ACTIVE' ||
          c.start_date > date ||
          g.status !== 'ENABLED' ||
          groupStart(g) > date ||
          groupEnded ||
          !running.some(Boolean)
        )
          continue;
        live += segment.share;
        cap += segment.share * dailyCap(g, date, groupStart(g), groupEnd(g));
        running.forEach((on, i) => on && (weights[i]! += segment.share));
      }
    }
    let day = zero();
    if (live > 0) {
      const natural = dailyMetrics(group.id, date, profileOf(campaign.objective_type, group.performance));
      day = scale(natural, live);
      if (day.spend > cap * BUDGET_USE) day = scale(day, (cap * BUDGET_USE) / day.spend);
    }
    groupDays.push(day);
    adShares.push(groupAds.map((ad, i) => scale(adWeights(ad), weights[i]!)));
  }
  // The campaign's budget caps its ad groups together.
  const wanted = groupDays.reduce((sum, d) => sum + d.spend, 0);
  const limit = campaignCap * BUDGET_USE;
  const campaignShare = wanted > limit ? limit / wanted : 1;
  const shaped = groupDays.map((d) => scale(d, campaignShare));
  const total = rounded(
    shaped.reduce(
      (sum, d) => ({
        impressions: sum.impressions + d.impressions,
        clicks: sum.clicks + d.clicks,
        spend: sum.spend + d.spend,
        conversions: sum.conversions + d.conversions,
        revenue: sum.revenue + d.revenue,
        video_views: sum.video_views + d.video_views,
      }),
      zero(),
    ),
  );
  const shapedDays = split(total, shaped);
  return { total, groups: shapedDays.map((day, gi) => ({ day, ads: split(day, adShares[gi]!) })) };
}
