/**
 * The chatads sandbox's delivery model: one model, allocated top down (campaign → ad group → ad),
 * from the entities' state on each day, so every level adds up exactly and the past never changes.
 *
 * For one UTC day of one campaign:
 * 1. The day is cut where the campaign or one of its ad groups changed (history.ts, as daySegments
 *    cuts one entity's day) or an ad group was created; each part runs under the state of that moment.
 * 2. The campaign's day is computed once (deterministic from its id and the date, capped by its
 *    daily budget) and split over the parts by their share of the day; a part delivers only while
 *    the campaign is active and within its dates and has an active ad group with an active ad
 *    (paused, archived, not yet created, not started and ended deliver nothing; a parent's state gates its children).
 * 3. A part's figures are split among its delivering ad groups, and each ad group's among its active
 *    ads, by weights from their ids and performance (clicks follow CTR, conversions CVR, a wasteful
 *    child gets none), in whole units (cents for money) so the parts add up to the whole exactly.
 * Days from today on have no delivery. Nothing here can exceed the campaign's daily budget: the
 * model has no overdelivery allowance.
 */
import { stateAt, type WithHistory } from '../../sandbox/history';
import { splitEarned } from '../../sandbox/allocate';
import { DayMemo, contentKey } from '../../sandbox/day-memo';
import { dailyMetrics, profileFor, seededRandom, type PerformanceTier } from '../../sandbox/metrics';
import type { ChatAdsAd, ChatAdsAdGroup, ChatAdsCampaign, ChatAdsInsightsField } from '../port';

export type Counts = Record<ChatAdsInsightsField, number>;
export type StoredCampaign = ChatAdsCampaign & { performance: PerformanceTier };
export type StoredAdGroup = ChatAdsAdGroup & { performance: PerformanceTier };
export type StoredAd = ChatAdsAd & { performance: PerformanceTier };

const FIELDS: ChatAdsInsightsField[] = ['impressions', 'clicks', 'spend', 'conversions', 'conversion_value', 'view_through_conversions'];
/** Share of impressions followed by a conversion within a day without a click, per tier. */
const VIEW_THROUGH_RATE: Record<PerformanceTier, number> = { strong: 0.0006, average: 0.0004, poor: 0.0002, wasteful: 0.0001, new: 0.0003 };

export const zeroCounts = (): Counts => ({
  impressions: 0,
  clicks: 0,
  spend: 0,
  conversions: 0,
  view_through_conversions: 0,
  conversion_value: 0,
});

export function addCounts(a: Counts, b: Counts): Counts {
  const out = zeroCounts();
  for (const f of FIELDS) out[f] = f === 'spend' || f === 'conversion_value' ? Math.round((a[f] + b[f]) * 100) / 100 : a[f] + b[f];
  return out;
}

/**
 * Splits counts among children with each child's weight for each field, in whole units (cents for
 * money); conversion value follows the conversions each child got, so no child has value without one.
 */
export function split(total: Counts, weights: readonly Record<ChatAdsInsightsField, number>[]): Counts[] {
  return splitEarned(total, weights, {
    metrics: FIELDS,
    earnedFrom: { conversion_value: 'conversions' },
    money: ['spend', 'conversion_value'],
    impressions: 'impressions',
  });
}

/** How a child (ad group or ad) draws on its parent's figures: its size, and its tier's rates. */
function weightsOf(id: string, tier: PerformanceTier): Record<ChatAdsInsightsField, number> {
  const p = profileFor(tier);
  const size = 0.7 + 0.6 * seededRandom(`${id}|share`)();
  const clicks = size * p.ctr;
  return {
    impressions: size,
    clicks,
    spend: clicks * p.cpc,
    conversions: clicks * p.cvr,
    conversion_value: clicks * p.cvr * p.order_value,
    view_through_conversions: size * VIEW_THROUGH_RATE[tier],
  };
}

/**
 * The campaign's whole day before splitting: deterministic from its id and the date, within its daily
 * budget. An awareness campaign (impression bidding) buys impressions: it records no conversions,
 * click-through or view-through, and so no conversion value, as every chatads tool reports it.
 */
function campaignDay(campaign: StoredCampaign, date: string, dailyBudget: number | undefined): Counts {
  const day = dailyMetrics(campaign.id, date, profileFor(campaign.performance, { daily_budget: dailyBudget }));
  const random = seededRandom(`${campaign.id}|vt|${date}`);
  const vt = day.impressions * VIEW_THROUGH_RATE[campaign.performance] * (0.6 + 0.8 * random());
  const converts = campaign.bidding_type !== 'impressions';
  return {
    impressions: day.impressions,
    clicks: day.clicks,
    spend: day.spend,
    conversions: converts ? day.conversions : 0,
    conversion_value: converts ? day.revenue : 0,
    view_through_conversions: converts ? Math.floor(vt) + (random() < vt % 1 ? 1 : 0) : 0,
  };
}

const delivering = (c: ChatAdsCampaign, date: string) =>
  c.status === 'active' && date >= c.start_date && (!c.end_date || date <= c.end_date);

/**
 * Every ad's figures on one day, for one campaign with its ad groups and ads (all with history).
 * `today` (YYYY-MM-DD): that day and later days deliver nothing.
 */
export function campaignAdDays(
  campaign: WithHistory<StoredCampaign>,
  adGroups: readonly WithHistory<StoredAdGroup>[],
  ads: readonly WithHistory<StoredAd>[],
  date: string,
  today: string,
): Map<string, Counts> {
  const byAd = new Map<string, Counts>();
  if (date >= today) return byAd;
  const dayStart = Date.parse(`${date}T00:00:00.000Z`);
  const dayEnd = dayStart + 86_400_000;
  // Where the day is cut: changes of the campaign or its ad groups, and ad groups created that day.
  const cuts = new Set<number>();
  for (const entity of [campaign, ...adGroups]) for (const entry of entity.history ?? []) cuts.add(Date.parse(entry.at));
  for (const g of adGroups) cuts.add(Date.parse(g.created_at));
  for (const a of ads) if (a.created_at) cuts.add(Date.parse(a.created_at));
  const bounds = [dayStart, ...[...cuts].filter((t) => t > dayStart && t < dayEnd).sort((a, b) => a - b), dayEnd];
  const parts = bounds.slice(0, -1).map((start, i) => ({ start, share: (bounds[i + 1]! - start) / 86_400_000 }));

  const states = parts.map(({ start }) => {
    const moment = new Date(start).toISOString();
    const c = stateAt(campaign, moment);
    const groups = delivering(c, date)
      ? adGroups
          .filter((g) => Date.parse(g.created_at) <= start && stateAt(g, moment).status === 'active')
          .map((g) => ({
            group: g,
            ads: ads.filter(
              (a) =>
                a.ad_group_id === g.id && (!a.created_at || Date.parse(a.created_at) <= start) && stateAt(a, moment).status === 'active',
            ),
          }))
          .filter((g) => g.ads.length > 0)
      : [];
    return { campaign: c, groups };
  });
  const budgets = states.map((s) => s.campaign.daily_budget).filter((b): b is number => b !== undefined);
  const whole = campaignDay(campaign, date, budgets.length ? Math.min(...budgets) : undefined);
  // The campaign's day over the parts of the day (a part that does not deliver keeps its share unspent).
  const partTotals = split(
    whole,
    parts.map((p) => Object.fromEntries(FIELDS.map((f) => [f, p.share])) as Record<ChatAdsInsightsField, number>),
  );
  partTotals.forEach((total, i) => {
    const { groups } = states[i]!;
    if (groups.length === 0) return;
    split(
      total,
      groups.map((g) => weightsOf(g.group.id, g.group.performance)),
    ).forEach((groupTotal, gi) => {
      const groupAds = groups[gi]!.ads;
      split(
        groupTotal,
        groupAds.map((a) => weightsOf(a.id, a.performance)),
      ).forEach((adTotal, ai) => {
        const id = groupAds[ai]!.id;
        byAd.set(id, addCounts(byAd.get(id) ?? zeroCounts(), adTotal));
      });
    });
  });
  return byAd;
}

/**
 * Campaign days computed in this process (sandbox/day-memo.ts): a finished day of a campaign's ads is a
 * pure function of the campaign, its ad groups and their ads as stored (history included) and the date,
 * so the key is the account's partition, those entities and the date. A write changes what is read, so
 * its next read misses.
 */
const adDayMemo = new DayMemo<Map<string, Counts>>(4000);

/**
 * campaignAdDays for one campaign over the days a read asks, finished days from the process's memo within
 * `scope` (the account's partition); the entities are hashed once, on the first finished day asked.
 */
export function campaignAdDaysOf(
  scope: string,
  campaign: WithHistory<StoredCampaign>,
  adGroups: readonly WithHistory<StoredAdGroup>[],
  ads: readonly WithHistory<StoredAd>[],
  today: string,
): (date: string) => ReadonlyMap<string, Counts> {
  let key: string | undefined;
  return (date) => {
    const compute = () => campaignAdDays(campaign, adGroups, ads, date, today);
    if (date >= today) return compute();
    key ??= contentKey(scope, [campaign, adGroups, ads]);
    return adDayMemo.day(key, date, compute);
  };
}
