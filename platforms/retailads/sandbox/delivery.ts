/**
 * The retailads sandbox's one delivery model, allocated top down. Each past day of a campaign is
 * computed once from the state its campaign, ad groups, keywords/targets and product ads had during
 * that day (histories via jointSegments): a paused, archived, not yet started or ended campaign, a
 * paused or archived ad group, keyword or target, and an ad group without an enabled product ad
 * deliver nothing while in that state, and neither does a Sponsored Brands ad group without an enabled ad
 * whose creative was approved by moderation before that day. Each live keyword/target wants its own deterministic day
 * (tier, date, id) for the live part of the day; the campaign's daily budget caps their sum (the
 * day stops at 97 % of it; the platform documents no overdelivery beyond the daily budget). The
 * campaign's day is rounded once and split, unit for unit and cent for cent, among its
 * keywords/targets, and (for Sponsored Products) among its three placements, so keywords/targets
 * add up to ad groups and campaigns, and placements to campaigns, for every range. Range totals of
 * a keyword/target are then split among its search terms, and an ad group's among its product ads,
 * again exactly. Days from today (UTC) on have no delivery.
 */
import { splitEarned } from '../../sandbox/allocate';
import { jointSegments } from '../../sandbox/top-down';
import { DayMemo, contentKey } from '../../sandbox/day-memo';
import type { WithHistory } from '../../sandbox/history';
import { dailyMetrics, datesBetween, hash32, profileFor, type PerformanceTier } from '../../sandbox/metrics';
import {
  PLACEMENTS,
  type RetailAdsAdGroup,
  type RetailAdsAsset,
  type RetailAdsCampaign,
  type RetailAdsKeyword,
  type RetailAdsPlacement,
  type RetailAdsProductAd,
  type RetailAdsSbAd,
  type RetailAdsTarget,
} from '../port';
import { servingVersion } from './moderation';
import type { RetailAdsRawMetrics } from '../ratios';

export type Stored<T> = WithHistory<T & { performance: PerformanceTier }>;

export interface ReportEntities {
  campaigns: Stored<RetailAdsCampaign>[];
  adGroups: Stored<RetailAdsAdGroup>[];
  productAds: Stored<RetailAdsProductAd>[];
  keywords: Stored<RetailAdsKeyword>[];
  targets: Stored<RetailAdsTarget>[];
  /** Sponsored Brands ads: an SB ad group serves only while one of its ads is enabled with an approved creative. */
  sbAds?: WithHistory<RetailAdsSbAd>[];
  assets?: RetailAdsAsset[];
  /** The account's sandbox partition they were read from: with it, campaign ranges are kept in the process's memo. */
  scope?: string;
}

export type Raw = RetailAdsRawMetrics;
export const METRICS = ['impressions', 'clicks', 'spend', 'orders', 'sales'] as const;
export const zero = (): Raw => ({ impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 });
const round2 = (n: number) => Math.round(n * 100) / 100;
export function add(a: Raw, b: Raw): Raw {
  return {
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    spend: round2(a.spend + b.spend),
    orders: a.orders + b.orders,
    sales: round2(a.sales + b.sales),
  };
}
const scaled = (f: Raw, by: number): Raw => ({
  impressions: f.impressions * by,
  clicks: f.clicks * by,
  spend: f.spend * by,
  orders: f.orders * by,
  sales: f.sales * by,
});

/** Share of the daily budget a day may use: delivery stops just under it. */
const BUDGET_USE = 0.97;

/** What each metric is earned from: clicks from impressions, spend and orders from clicks, sales from orders. */
const EARNED_FROM: Partial<Record<(typeof METRICS)[number], (typeof METRICS)[number]>> = {
  clicks: 'impressions',
  spend: 'clicks',
  orders: 'clicks',
  sales: 'orders',
};

/**
 * Splits whole figures among parts exactly. Impressions follow the parts' weights; every other
 * metric follows what the part already got of the metric it is earned from, times the part's own
 * rate (so a part without clicks gets no spend or orders, and no sales without orders). When no
 * part qualifies, a metric falls back to the impressions weights, then to the first part, so
 * nothing is ever lost.
 */
export function splitRaw(total: Raw, weights: readonly Raw[]): Raw[] {
  return splitEarned(total, weights, {
    metrics: METRICS,
    earnedFrom: EARNED_FROM,
    money: ['spend', 'sales'],
    impressions: 'impressions',
  }) as Raw[];
}

/** A stable 0.15-0.45 share of traffic for an entity. */
export const scaleOf = (id: string) => 0.15 + ((hash32(id) % 1000) / 1000) * 0.3;

/** The natural day of a keyword/target: its tier, sized by its id; marketplace baskets are larger than the generic order. */
function naturalDay(id: string, tier: PerformanceTier, date: string): Raw {
  const typical = profileFor(tier);
  const day = dailyMetrics(
    id,
    date,
    profileFor(tier, { impressions: Math.max(1, Math.round(typical.impressions * scaleOf(id))), order_value: typical.order_value * 1.8 }),
  );
  return { impressions: day.impressions, clicks: day.clicks, spend: day.spend, orders: day.conversions, sales: day.revenue };
}

const PLACEMENT_SHAPE: Record<RetailAdsPlacement, { impressions: number; ctr: number; cvr: number; cpc: number }> = {
  TOP_OF_SEARCH: { impressions: 0.22, ctr: 2.1, cvr: 1.45, cpc: 1.3 },
  REST_OF_SEARCH: { impressions: 0.38, ctr: 0.9, cvr: 0.85, cpc: 0.95 },
  PRODUCT_PAGES: { impressions: 0.4, ctr: 0.55, cvr: 0.7, cpc: 0.8 },
};

/** How a campaign's traffic leans over the placements under its bid adjustments (weights per metric). */
function placementWeights(campaign: RetailAdsCampaign, placement: RetailAdsPlacement): Raw {
  const shape = PLACEMENT_SHAPE[placement];
  const adjustment = campaign.placement_adjustments?.[placement] ?? 0;
  const lean = 0.6 + ((hash32(`${campaign.id}|${placement}`) % 1000) / 1000) * 0.9;
  const impressions = shape.impressions * (1 + adjustment / 200);
  const clicks = impressions * shape.ctr;
  const orders = clicks * shape.cvr * lean;
  return { impressions, clicks, spend: clicks * shape.cpc * (1 + adjustment / 300), orders, sales: orders };
}

const isOn = (state: string) => state === 'ENABLED' || state === 'enabled';
const campaignLive = (c: RetailAdsCampaign, date: string) =>
  c.state === 'ENABLED' && c.start_date <= date && (!c.end_date || date <= c.end_date);

export interface RetailDelivery {
  /** Range totals of every campaign, keyword/target (by id) and product ad. */
  campaign: Map<string, Raw>;
  /** Split from the campaigns' days when first read (a campaign report reads neither). */
  readonly leaf: Map<string, Raw>;
  readonly product: Map<string, Raw>;
  /** Sponsored Products campaigns' range totals per placement. */
  placement: Map<string, Record<RetailAdsPlacement, Raw>>;
  /** Days of each campaign (for budget checks), with the daily budget in force that day (time-weighted over a change). */
  campaignDays: Map<string, { date: string; spend: number; daily_budget: number }[]>;
}

/** One campaign's delivery over a range of days: what simulateDelivery reports of it. */
interface CampaignRange {
  total: Raw;
  days: { date: string; spend: number; daily_budget: number }[];
  /** Sponsored Products only. */
  placement?: Record<RetailAdsPlacement, Raw>;
  /** Its keywords'/targets' and product ads' range totals, split when first asked (a campaign report asks neither). */
  parts(): { leaf: [string, Raw][]; product: [string, Raw][] };
}

/** What one campaign's delivery is simulated from: the campaign and the entities under it. */
interface CampaignEntities {
  campaign: Stored<RetailAdsCampaign>;
  groups: Stored<RetailAdsAdGroup>[];
  leaves: Stored<RetailAdsKeyword | RetailAdsTarget>[];
  products: Stored<RetailAdsProductAd>[];
  sbAds: WithHistory<RetailAdsSbAd>[];
}

/**
 * Campaign ranges computed in this process (sandbox/day-memo.ts), keyed by the account, the
 * campaign's entities as stored (history included; with SB ads, the assets their creatives come
 * from) and the days: everything campaignRange reads. Fewer than searchads' days: a range holds each
 * of its days' keyword/target parts until it is split (a 30-day range of 20 keywords about 600 of them).
 */
const campaignRanges = new DayMemo<CampaignRange>(500);

/**
 * Every range total of [start, end]; `today` (YYYY-MM-DD) and later days have no delivery. Entities
 * read from an account (`scope`) keep each campaign's range in the process's memo.
 */
export function simulateDelivery(entities: ReportEntities, start: string, end: string, today: string): RetailDelivery {
  const leaf = new Map<string, Raw>();
  const product = new Map<string, Raw>();
  const ranges: CampaignRange[] = [];
  let split = 0;
  /** Splits the campaigns' days among their keywords/targets, and their ad groups' totals among their product ads. */
  const splitAll = () => {
    for (; split < ranges.length; split++) {
      const parts = ranges[split]!.parts();
      for (const [id, raw] of parts.leaf) leaf.set(id, raw);
      for (const [id, raw] of parts.product) product.set(id, raw);
    }
  };
  const out: RetailDelivery = {
    campaign: new Map(),
    get leaf() {
      splitAll();
      return leaf;
    },
    get product() {
      splitAll();
      return product;
    },
    placement: new Map(),
    campaignDays: new Map(),
  };
  const dates = datesBetween(start, end).filter((d) => d < today);
  const assets = new Map((entities.assets ?? []).map((a) => [a.id, a]));
  const days = dates.length ? `${dates[0]}..${dates.at(-1)}` : 'none';
  for (const campaign of entities.campaigns) {
    const of: CampaignEntities = {
      campaign,
      groups: entities.adGroups.filter((g) => g.campaign_id === campaign.id),
      leaves: [...entities.keywords, ...entities.targets].filter((l) => l.campaign_id === campaign.id),
      products: entities.productAds.filter((p) => p.campaign_id === campaign.id),
      sbAds: (entities.sbAds ?? []).filter((a) => a.campaign_id === campaign.id),
    };
    const compute = () => campaignRange(of, assets, dates);
    const range = entities.scope
      ? campaignRanges.day(contentKey(entities.scope, [of, of.sbAds.length ? (entities.assets ?? []) : []]), days, compute)
      : compute();
    out.campaign.set(campaign.id, range.total);
    out.campaignDays.set(campaign.id, range.days);
    if (range.placement) out.placement.set(campaign.id, range.placement);
    ranges.push(range);
  }
  return out;
}

/** One campaign's days over `dates`, their totals, and (when first asked) its keywords'/targets' and product ads' parts. */
function campaignRange(of: CampaignEntities, assets: Map<string, RetailAdsAsset>, dates: readonly string[]): CampaignRange {
  const { campaign, groups, leaves, products, sbAds } = of;
  const gatedBySbAds = campaign.ad_product === 'SPONSORED_BRANDS';
  const groupIndex = new Map(groups.map((g, i) => [g.id, i]));
  let campaignTotal = zero();
  /** Each day and its keywords'/targets' shares of it, split when first asked (parts). */
  const leafDays: { day: Raw; shaped: Raw[] }[] = [];
  const productWeights = products.map(() => 0);
  const placementTotals = Object.fromEntries(PLACEMENTS.map((p) => [p, zero()])) as Record<RetailAdsPlacement, Raw>;
  const days: { date: string; spend: number; daily_budget: number }[] = [];
  type AnyEntity = RetailAdsCampaign | RetailAdsAdGroup | RetailAdsKeyword | RetailAdsTarget | RetailAdsProductAd | RetailAdsSbAd;
  const all: WithHistory<AnyEntity>[] = [campaign, ...groups, ...leaves, ...products, ...sbAds];
  for (const date of dates) {
    // An SB ad's creative counts from the day after moderation approved it.
    const dayStart = new Date(`${date}T00:00:00.000Z`);
    const approved = sbAds.map((a) => servingVersion(a, assets, dayStart) !== undefined);
    const live = leaves.map(() => 0);
    const placementLean = PLACEMENTS.map(() => zero());
    let cap = 0;
    for (const segment of jointSegments(all, date)) {
      const c = segment.states[0] as RetailAdsCampaign;
      if (!campaignLive(c, date)) continue;
      cap += segment.share * c.daily_budget;
      const groupStates = segment.states.slice(1, 1 + groups.length) as RetailAdsAdGroup[];
      const leafStates = segment.states.slice(1 + groups.length, 1 + groups.length + leaves.length) as (
        RetailAdsKeyword | RetailAdsTarget
      )[];
      const productStates = segment.states.slice(
        1 + groups.length + leaves.length,
        1 + groups.length + leaves.length + products.length,
      ) as RetailAdsProductAd[];
      const sbAdStates = segment.states.slice(1 + groups.length + leaves.length + products.length) as RetailAdsSbAd[];
      const groupOn = groupStates.map(
        (g, gi) =>
          isOn(g.state) &&
          productStates.some((p) => p.ad_group_id === groups[gi]!.id && isOn(p.state)) &&
          (!gatedBySbAds || sbAdStates.some((a, ai) => a.ad_group_id === groups[gi]!.id && isOn(a.state) && approved[ai])),
      );
      leafStates.forEach((l, li) => {
        const gi = groupIndex.get(l.ad_group_id);
        if (gi !== undefined && groupOn[gi] && isOn(l.state)) live[li]! += segment.share;
      });
      productStates.forEach((p, pi) => {
        const gi = groupIndex.get(p.ad_group_id);
        if (gi !== undefined && groupOn[gi] && isOn(p.state)) productWeights[pi]! += segment.share;
      });
      PLACEMENTS.forEach(
        (placement, i) => (placementLean[i] = add(placementLean[i]!, scaled(placementWeights(c, placement), segment.share))),
      );
    }
    const wanted = leaves.map((l, li) => (live[li]! > 0 ? scaled(naturalDay(l.id, l.performance, date), live[li]!) : zero()));
    const spend = wanted.reduce((sum, w) => sum + w.spend, 0);
    const share = spend > cap * BUDGET_USE ? (cap * BUDGET_USE) / spend : 1;
    const shaped = wanted.map((w) => scaled(w, share));
    const sum = shaped.reduce(
      (t, w) => ({
        impressions: t.impressions + w.impressions,
        clicks: t.clicks + w.clicks,
        spend: t.spend + w.spend,
        orders: t.orders + w.orders,
        sales: t.sales + w.sales,
      }),
      zero(),
    );
    // Whole orders; sales follow them at the day's average order value (no sales without an order).
    // Sponsored ads are paid per click: a day without a click costs nothing.
    const orders = Math.round(sum.orders);
    const clicks = Math.round(sum.clicks);
    const day: Raw = {
      impressions: Math.round(sum.impressions),
      clicks,
      spend: clicks > 0 ? round2(sum.spend) : 0,
      orders,
      sales: orders > 0 ? round2((sum.sales / sum.orders) * orders) : 0,
    };
    days.push({ date, spend: day.spend, daily_budget: round2(cap) });
    campaignTotal = add(campaignTotal, day);
    leafDays.push({ day, shaped });
    if (campaign.ad_product === 'SPONSORED_PRODUCTS') {
      // Placement weights shaped by what the campaign earns: ctr/cvr/cpc leans applied to its day.
      splitRaw(day, placementLean).forEach((part, i) => (placementTotals[PLACEMENTS[i]!] = add(placementTotals[PLACEMENTS[i]!], part)));
    }
  }
  let splitOnce: ReturnType<CampaignRange['parts']> | undefined;
  const split = (): ReturnType<CampaignRange['parts']> => {
    const leaf: [string, Raw][] = [];
    const product: [string, Raw][] = [];
    const leafTotals = leaves.map(() => zero());
    for (const { day, shaped } of leafDays) splitRaw(day, shaped).forEach((part, li) => (leafTotals[li] = add(leafTotals[li]!, part)));
    leaves.forEach((l, li) => leaf.push([l.id, leafTotals[li]!]));
    // Each ad group's range total over its product ads, by the time each ran and its tier.
    groups.forEach((g) => {
      const groupTotal = leaves.reduce((t, l, li) => (l.ad_group_id === g.id ? add(t, leafTotals[li]!) : t), zero());
      const mine = products.map((p, pi) => ({ p, pi })).filter(({ p }) => p.ad_group_id === g.id);
      const weights = mine.map(({ p, pi }) => {
        const tier = profileFor(p.performance);
        const presence = productWeights[pi]! * (0.6 + ((hash32(p.id) % 1000) / 1000) * 0.8);
        const clicks = presence * tier.ctr;
        return {
          impressions: presence,
          clicks,
          spend: clicks * tier.cpc,
          orders: clicks * tier.cvr,
          sales: clicks * tier.cvr * tier.order_value,
        };
      });
      const parts = weights.some((w) => w.impressions > 0) ? splitRaw(groupTotal, weights) : mine.map(() => zero());
      mine.forEach(({ p }, i) => product.push([p.id, parts[i]!]));
    });
    // Split once (splitOnce): the days' parts are no longer needed, so a range kept in the memo drops them.
    leafDays.length = 0;
    return { leaf, product };
  };
  return {
    total: campaignTotal,
    days,
    ...(campaign.ad_product === 'SPONSORED_PRODUCTS' ? { placement: placementTotals } : {}),
    parts: () => (splitOnce ??= split()),
  };
}
