/**
 * The socialads sandbox's delivery model, allocated top down and kept like a real platform's
 * history:
 * - A day's delivery is computed from the entities' state ON THAT DAY (history.ts): a change takes
 *   effect from the moment it is made, so a day that has passed never changes. Days from today on
 *   have no delivery.
 * - The budget holder (the campaign with a campaign budget, otherwise the ad set) computes its
 *   day once: its ads' natural figures for the parts of the day they could deliver (ad, ad set and
 *   campaign ACTIVE, inside their dates, created, ad approved), capped at the holder's budget of
 *   that day (a lifetime budget counts as an even daily share of its flight). That whole is split
 *   among its ads (whole impressions, clicks, results, cents), so ads add up to ad sets and ad sets
 *   to campaigns exactly, and no holder ever spends more than its daily budget.
 * - Results follow the objective: purchases (with value) for sales and traffic, leads for lead
 *   forms, installs for app promotion, none for awareness and engagement (judged on reach, ThruPlays
 *   or post engagements); video views only for video ads. Every ad has post engagements (its link
 *   clicks and the reactions, comments, shares and other clicks on it), far more of them when its
 *   ad set optimises for them (POST_ENGAGEMENT).
 * - Clicks are all clicks; the link clicks are 60-85 % of them, and the landing page views 70-90 % of
 *   the link clicks (the page did not load for the others), so landing page views ≤ link clicks ≤
 *   clicks on every row. Video ads have 2-second continuous plays, 1.8-2.5× their ThruPlays (at most
 *   one per impression, never fewer than the ThruPlays).
 */
import type { DailyMetrics } from '../../../core/metrics';
import type { WithHistory } from '../../sandbox/history';
import {
  dailyMetrics,
  datesBetween,
  dayCount,
  profileFor,
  seededRandom,
  type PerformanceProfile,
  type PerformanceTier,
} from '../../sandbox/metrics';
import { splitEarned, valueOfConversions } from '../../sandbox/allocate';
import { DayMemo, contentKey } from '../../sandbox/day-memo';
import { jointSegments } from '../../sandbox/top-down';
import type { SocialAdsAd, SocialAdsAdSet, SocialAdsCampaign } from '../port';

type Simulated<T> = WithHistory<T & { performance: PerformanceTier }>;
export type StoredCampaign = Simulated<SocialAdsCampaign>;
export type StoredAdSet = Simulated<SocialAdsAdSet>;
export type StoredAd = Simulated<SocialAdsAd>;

export interface DeliveryAccount {
  campaigns: readonly StoredCampaign[];
  adSets: readonly StoredAdSet[];
  ads: readonly StoredAd[];
}

/** One day of one ad: whole numbers, spend and revenue in cents. */
export interface AdDay {
  ad: StoredAd;
  date: string;
  impressions: number;
  reach: number;
  clicks: number;
  spend_cents: number;
  conversions: number;
  revenue_cents: number;
  video_views: number;
  post_engagements: number;
  link_clicks: number;
  landing_page_views: number;
  two_second_video_plays: number;
}

/** The whole figures of an ad's day. */
export const METRICS = [
  'impressions',
  'reach',
  'clicks',
  'spend_cents',
  'conversions',
  'revenue_cents',
  'video_views',
  'post_engagements',
  'link_clicks',
  'landing_page_views',
  'two_second_video_plays',
] as const;
type Metric = (typeof METRICS)[number];

/**
 * Install rate (installs per click) of app-promotion ads per performance tier: app store clicks
 * convert to installs far more often than web clicks convert to purchases.
 */
const INSTALL_RATE: Record<PerformanceTier, number> = { strong: 0.34, average: 0.2, poor: 0.07, wasteful: 0, new: 0.18 };

function profileOf(ad: StoredAd, campaign: SocialAdsCampaign): PerformanceProfile {
  const base = profileFor(ad.performance);
  const videoViews = ad.ad_type === 'video' ? {} : { view_rate: 0 };
  switch (campaign.objective) {
    case 'OUTCOME_APP_PROMOTION':
      return profileFor(ad.performance, {
        cvr: INSTALL_RATE[ad.performance],
        cpc: Math.round(base.cpc * 0.55 * 100) / 100,
        order_value: 0,
        ...videoViews,
      });
    case 'OUTCOME_LEADS':
      return profileFor(ad.performance, { order_value: 0, ...videoViews });
    case 'OUTCOME_AWARENESS':
    case 'OUTCOME_ENGAGEMENT':
      // Bought on reach and views: cheap impressions, no conversion results.
      return profileFor(ad.performance, { impressions: base.impressions * 2, cpc: base.cpc * 0.6, cvr: 0, order_value: 0, ...videoViews });
    default:
      return profileFor(ad.performance, videoViews);
  }
}

/** An entity that exists at `moment` and is switched on. */
const created = (entity: { created_at: string }, moment: string) => Date.parse(entity.created_at) <= Date.parse(moment);
const inFlight = (entity: { start_date: string; end_date?: string }, date: string) =>
  entity.start_date <= date && (!entity.end_date || date <= entity.end_date);

function campaignDelivers(c: SocialAdsCampaign, date: string, moment: string): boolean {
  return c.status === 'ACTIVE' && created(c, moment) && inFlight(c, date);
}
function adSetDelivers(s: SocialAdsAdSet, date: string, moment: string): boolean {
  return s.status === 'ACTIVE' && created(s, moment) && inFlight(s, date);
}
function adDelivers(a: SocialAdsAd, date: string, moment: string): boolean {
  // An ad in review or disapproved does not deliver; nor does one paused or archived.
  return a.status === 'ACTIVE' && a.effective_status === 'ACTIVE' && created(a, moment) && a.start_date <= date;
}

/** The holder's budget for one day in a given state: the daily budget, or an even share of a lifetime budget. */
function dailyBudgetOf(holder: {
  daily_budget?: number;
  lifetime_budget?: number;
  start_date: string;
  end_date?: string;
}): number | undefined {
  if (holder.daily_budget) return holder.daily_budget;
  if (holder.lifetime_budget && holder.end_date) {
    const days = dayCount(holder.start_date, holder.end_date);
    return days > 0 ? holder.lifetime_budget / days : undefined;
  }
  return undefined;
}

/**
 * Every ad's delivery, day by day, over [since, until] (both included; days from `today` on are
 * left out). Only days with delivery are returned. `scope` (the account's partition) lets a budget
 * holder's days come from the process's memo (`holderDays`).
 */
export function deliveredAdDays(account: DeliveryAccount, since: string, until: string, today: string, scope?: string): AdDay[] {
  const last = until < today ? until : addDaysUtc(today, -1);
  if (since > last) return [];
  const campaignById = new Map(account.campaigns.map((c) => [c.id, c]));
  const adSetById = new Map(account.adSets.map((s) => [s.id, s]));
  // Budget holders: a campaign with a campaign budget holds it for all its ads; otherwise each ad set.
  const holders = new Map<string, BudgetHolder>();
  for (const ad of account.ads) {
    const adSet = adSetById.get(ad.ad_set_id);
    const campaign = campaignById.get(ad.campaign_id);
    if (!adSet || !campaign) continue;
    const onCampaign = Boolean(campaign.daily_budget || campaign.lifetime_budget);
    const key = onCampaign ? `c:${campaign.id}` : `s:${adSet.id}`;
    const holder = holders.get(key) ?? { chain: onCampaign ? [campaign] : [campaign, adSet], ads: [] };
    holder.ads.push({ ad, adSet, campaign });
    holders.set(key, holder);
  }
  const out: AdDay[] = [];
  const memoKeys = new Map<string, string>();
  for (const date of datesBetween(since, last)) {
    for (const [key, holder] of holders) {
      const compute = () => holderDay(key, holder, date);
      let days: readonly HolderAdDay[];
      if (scope === undefined) days = compute();
      else {
        const memoKey = memoKeys.get(key) ?? contentKey(scope, [key, holder]);
        memoKeys.set(key, memoKey);
        days = holderDays.day(memoKey, date, compute);
      }
      for (const { index, ...figures } of days) out.push({ ad: holder.ads[index]!.ad, date, ...figures });
    }
  }
  return out;
}

/** Which kind an entity of the model is (campaign, ad set or ad ids never collide, but be explicit). */
function kindOf(entity: object): 'ad' | 'adset' | 'campaign' {
  return 'ad_set_id' in entity ? 'ad' : 'campaign_id' in entity ? 'adset' : 'campaign';
}

function addDaysUtc(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The neutral figures of a day (spend and revenue back in currency units). */
export function asDailyMetrics(
  day: AdDay,
): DailyMetrics & Pick<AdDay, 'reach' | 'post_engagements' | 'link_clicks' | 'landing_page_views' | 'two_second_video_plays'> {
  return {
    date: day.date,
    impressions: day.impressions,
    reach: day.reach,
    clicks: day.clicks,
    spend: day.spend_cents / 100,
    conversions: day.conversions,
    revenue: day.revenue_cents / 100,
    video_views: day.video_views,
    post_engagements: day.post_engagements,
    link_clicks: day.link_clicks,
    landing_page_views: day.landing_page_views,
    two_second_video_plays: day.two_second_video_plays,
  };
}

/** A budget holder: its campaign (and ad set, when the budget is the ad set's) and the ads it pays for. */
interface BudgetHolder {
  chain: (StoredCampaign | StoredAdSet)[];
  ads: { ad: StoredAd; adSet: StoredAdSet; campaign: StoredCampaign }[];
}

/** One ad's delivered day within its holder: the ad by its place in `holder.ads`. */
type HolderAdDay = Omit<AdDay, 'ad' | 'date'> & { index: number };

/**
 * Budget holders' days computed in this process (sandbox/day-memo.ts): a finished day of a holder is a
 * pure function of its campaign, ad sets and ads as stored (history included) and the date, so the key
 * is the account's partition, the holder with those entities and the date. A write changes what is
 * read, so its next read misses. Only finished days are asked (`last` is before today).
 */
const holderDays = new DayMemo<readonly HolderAdDay[]>(4000);

/** The delivered days of a holder's ads on `date` (a finished day). */
function holderDay(key: string, holder: BudgetHolder, date: string): HolderAdDay[] {
  const weights = holder.ads.map(({ ad, adSet, campaign }) => {
    let share = 0;
    for (const segment of jointSegments<SocialAdsCampaign | SocialAdsAdSet | SocialAdsAd>([campaign, adSet, ad], date, [
      campaign.created_at,
      adSet.created_at,
      ad.created_at,
    ])) {
      const [c, s, a] = segment.states as [SocialAdsCampaign, SocialAdsAdSet, SocialAdsAd];
      if (campaignDelivers(c, date, segment.from) && adSetDelivers(s, date, segment.from) && adDelivers(a, date, segment.from))
        share += segment.share;
    }
    if (share === 0) return undefined;
    const natural = dailyMetrics(ad.id, date, profileOf(ad, campaign));
    const random = seededRandom(`${ad.id}|${date}|reach`);
    const reach = natural.impressions / (1.15 + 0.4 * random());
    // Post engagements: the link clicks and the other interactions with the post, per impression.
    const engagementRate = (adSet.optimization_goal === 'POST_ENGAGEMENT' ? 0.03 : 0.004) * (0.7 + 0.6 * random());
    const shares = seededRandom(`${ad.id}|${date}|link`);
    const linkClicks = natural.clicks * (0.6 + 0.25 * shares());
    const landingPageViews = linkClicks * (0.7 + 0.2 * shares());
    const twoSecondPlays = Math.min(natural.impressions, natural.video_views * (1.8 + 0.7 * shares()));
    return {
      impressions: natural.impressions * share,
      reach: reach * share,
      clicks: natural.clicks * share,
      spend_cents: natural.spend * 100 * share,
      conversions: natural.conversions * share,
      revenue_cents: natural.revenue * 100 * share,
      video_views: natural.video_views * share,
      post_engagements: (natural.clicks + natural.impressions * engagementRate) * share,
      link_clicks: linkClicks * share,
      landing_page_views: landingPageViews * share,
      two_second_video_plays: twoSecondPlays * share,
    } satisfies Record<Metric, number>;
  });
  if (weights.every((w) => !w)) return [];
  // The holder's budget of the day: time-weighted over the parts of the day when it and at
  // least one of its ads could deliver (a budget is paced over the hours it can run).
  const members = [...new Set([...holder.chain, ...holder.ads.flatMap(({ adSet, ad }) => [adSet, ad])])] as (
    StoredCampaign | StoredAdSet | StoredAd
  )[];
  let cap = 0;
  let capped = true;
  for (const segment of jointSegments<object>(
    members,
    date,
    members.map((e) => e.created_at),
  )) {
    const stateOf = new Map(members.map((e, i) => [e.id + ':' + kindOf(e), segment.states[i]]));
    const [c, s] = holder.chain.map((e) => stateOf.get(e.id + ':' + kindOf(e))) as unknown as [
      SocialAdsCampaign,
      SocialAdsAdSet | undefined,
    ];
    if (!campaignDelivers(c, date, segment.from) || (s && !adSetDelivers(s, date, segment.from))) continue;
    const anyAd = holder.ads.some(({ adSet, ad }) => {
      const a = stateOf.get(ad.id + ':ad') as SocialAdsAd;
      const set = stateOf.get(adSet.id + ':adset') as SocialAdsAdSet;
      return adSetDelivers(set, date, segment.from) && adDelivers(a, date, segment.from);
    });
    if (!anyAd) continue;
    const budget = dailyBudgetOf(s ?? c);
    if (budget === undefined) capped = false;
    else cap += budget * 100 * segment.share;
  }
  const natural = Object.fromEntries(METRICS.map((m) => [m, weights.reduce((sum, w) => sum + (w?.[m] ?? 0), 0)])) as Record<Metric, number>;
  const budgetCents = Math.floor(cap);
  // Budget-limited days deliver 93-100 % of the budget; every figure shrinks with the spend.
  const factor =
    capped && natural.spend_cents > budgetCents
      ? (budgetCents * (0.93 + 0.07 * seededRandom(`${key}|${date}|pace`)())) / natural.spend_cents
      : 1;
  const whole = Object.fromEntries(METRICS.map((m) => [m, Math.round(natural[m] * factor)])) as Record<Metric, number>;
  if (capped) whole.spend_cents = Math.min(whole.spend_cents, budgetCents);
  // Revenue comes with the conversions that happened (same value per conversion), never without one.
  whole.revenue_cents = Math.round(valueOfConversions(natural.revenue_cents, natural.conversions, whole.conversions));
  // Each ad's share: revenue follows the conversions it got, so no ad has revenue without one.
  const split = splitEarned(
    whole,
    weights.map((w) => w ?? (Object.fromEntries(METRICS.map((m) => [m, 0])) as Record<Metric, number>)),
    { metrics: METRICS, earnedFrom: { revenue_cents: 'conversions' }, money: [], impressions: 'impressions' },
  );
  const parts = Object.fromEntries(METRICS.map((m) => [m, split.map((p) => p[m])])) as Record<Metric, number[]>;
  const days: HolderAdDay[] = [];
  holder.ads.forEach((_, i) => {
    if (!weights[i]) return;
    const day: HolderAdDay = {
      index: i,
      impressions: 0,
      reach: 0,
      clicks: 0,
      spend_cents: 0,
      conversions: 0,
      revenue_cents: 0,
      video_views: 0,
      post_engagements: 0,
      link_clicks: 0,
      landing_page_views: 0,
      two_second_video_plays: 0,
    };
    for (const m of METRICS) day[m] = parts[m][i]!;
    day.clicks = Math.min(day.clicks, day.impressions);
    day.reach = Math.min(day.reach, day.impressions);
    day.post_engagements = Math.max(day.post_engagements, day.clicks);
    day.link_clicks = Math.min(day.link_clicks, day.clicks);
    day.landing_page_views = Math.min(day.landing_page_views, day.link_clicks);
    day.two_second_video_plays = Math.max(Math.min(day.two_second_video_plays, day.impressions), day.video_views);
    if (day.impressions || day.spend_cents || day.clicks) days.push(day);
  });
  return days;
}
