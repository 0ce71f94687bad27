/**
 * The deskads sandbox's delivery model: products', keywords' and search terms' demand, campaign days
 * top down from the entities' history, and a day split by device or network.
 */
import { totals } from '../../../core/metrics';
import { deliverParentDay, splitPerClick, type DayFigures } from '../../sandbox/allocate';
import { settingOnDay, stateAt, type WithHistory } from '../../sandbox/history';
import { dailyMetrics, profileFor, seededRandom } from '../../sandbox/metrics';
import { negativeBlocks } from '../../../core/negatives';
import { DayMemo, contentKey } from '../../sandbox/day-memo';
import { adAt } from './ads';
import {
  type StoredAd,
  type StoredBudget,
  type StoredCampaign,
  type StoredKeyword,
  type StoredNegative,
  type StoredProduct,
} from './stored';
import { DEVICE_TYPES, REPORT_NETWORKS } from '../port';
import type { DeskAdsReportSegment, DeskAdsAdGroup, DeskAdsKeyword, DeskAdsReportRow } from '../port';

/** A keyword draws a share of a search campaign's traffic. */
const KEYWORD_IMPRESSION_SCALE = 0.35;
/** Before any recorded change: the entity as first stored. */
const FIRST_MOMENT = '1970-01-01T00:00:00.000Z';

/** A product offer draws far fewer impressions than a whole campaign. */
const PRODUCT_IMPRESSION_SCALE = 0.12;

/** A product's whole-day demand from its tier. */
function productDemand(p: StoredProduct, date: string): DayFigures {
  const profile = profileFor(p.performance, { impressions: profileFor(p.performance).impressions * PRODUCT_IMPRESSION_SCALE });
  const { date: _date, video_views: _views, ...day } = dailyMetrics(p.id, date, profile);
  return day;
}

/** A keyword's whole-day demand from its tier; a higher bid than it started with buys more, dearer clicks. */
function keywordDemand(k: StoredKeyword, bid: number, firstBid: number, date: string): DayFigures {
  const factor = Math.sqrt(firstBid > 0 ? bid / firstBid : 1);
  const base = profileFor(k.performance);
  const profile = profileFor(k.performance, { impressions: base.impressions * KEYWORD_IMPRESSION_SCALE * factor, cpc: base.cpc * factor });
  const { date: _date, video_views: _views, ...day } = dailyMetrics(k.id, date, profile);
  return day;
}

/** A search a keyword matches: its text, its share of the keyword's traffic, and whether it can convert. */
export interface SearchTerm {
  text: string;
  share: number;
  converts: boolean;
}

/**
 * The searches a keyword matches, by match type: an exact keyword its own text and a plural variant;
 * a phrase keyword longer searches containing it, one of them a bargain hunt that does not convert;
 * a broad keyword loosely related searches too, several of which never convert (the waste that
 * negative keywords are for).
 */
export function searchTermsOf(k: Pick<DeskAdsKeyword, 'text' | 'match_type'>): SearchTerm[] {
  const t = k.text.toLowerCase();
  switch (k.match_type) {
    case 'Exact':
      return [
        { text: t, share: 0.85, converts: true },
        { text: t.endsWith('s') ? t.slice(0, -1) : `${t}s`, share: 0.15, converts: true },
      ];
    case 'Phrase':
      return [
        { text: t, share: 0.45, converts: true },
        { text: `best ${t}`, share: 0.2, converts: true },
        { text: `${t} sale`, share: 0.15, converts: true },
        { text: `cheap ${t}`, share: 0.2, converts: false },
      ];
    case 'Broad':
      return [
        { text: t, share: 0.3, converts: true },
        { text: `${t} reviews`, share: 0.15, converts: true },
        { text: `free ${t}`, share: 0.2, converts: false },
        { text: `used ${t}`, share: 0.15, converts: false },
        { text: `${t} repair`, share: 0.2, converts: false },
      ];
  }
}

/** A keyword's searches on a day with their demand: the keyword's demand split by share, conversions only where a search converts. */
function termDemand(terms: SearchTerm[], day: DayFigures): { term: SearchTerm; day: DayFigures }[] {
  const converting = terms.filter((t) => t.converts).reduce((s, t) => s + t.share, 0);
  return terms.map((term) => ({
    term,
    day: {
      impressions: day.impressions * term.share,
      clicks: day.clicks * term.share,
      spend: day.spend * term.share,
      conversions: term.converts && converting > 0 ? (day.conversions * term.share) / converting : 0,
      revenue: term.converts && converting > 0 ? (day.revenue * term.share) / converting : 0,
    },
  }));
}

const live = (status: string) => status === 'Active';
const running = (e: { start_date: string; end_date?: string }, date: string) => e.start_date <= date && (!e.end_date || date <= e.end_date);

/** One campaign's day: its total and the parts of its products, ad groups and keywords. */
export interface CampaignDay {
  date: string;
  campaign_id: string;
  /** The campaign's daily budget that day (time-weighted over a change). */
  daily_budget: number;
  /**
   * The shared budget the campaign drew on that day (its budget_id at the end of the day) and that
   * budget's amount that day (time-weighted over a change): what the shared budget's day is judged against.
   */
  shared_budget?: { id: string; amount: number };
  total: DayFigures;
  products: Map<string, DayFigures>;
  adGroups: Map<string, DayFigures>;
  keywords: Map<string, DayFigures & { ad_group_id: string }>;
  ads: Map<string, DayFigures & { ad_group_id: string }>;
  /** Search terms, keyed `keyword id|search`. */
  terms: Map<string, DayFigures & { ad_group_id: string; keyword_id: string; search_term: string }>;
}

/**
 * Account days computed in this process (sandbox/day-memo.ts). The campaigns of a shared budget draw on
 * one pool, so a campaign's day can depend on every other campaign of the account: one entry is the whole
 * account's day, a pure function of every entity the model reads (history included) and the date. The key
 * is the account's partition, those entities and the date; any write changes what is read, so the next
 * read misses.
 */
const accountDays = new DayMemo<(CampaignDay | undefined)[]>(2000);

/**
 * The delivery model, top down from the entities' history (../sandbox/allocate.ts), so every level
 * adds up exactly and a past day never changes:
 * - a campaign delivers while Active, started and not ended, and never beyond its daily budget; a
 *   campaign on a shared budget has no cap of its own: the campaigns of the shared budget that deliver
 *   that day draw on its amount as one pool (sharedPool), so a paused one leaves it to the others;
 * - a shopping or Performance Max campaign's day is its serving products' demand (a disapproved or
 *   not yet started offer serves nothing);
 * - a search campaign's day is its ad groups' demand (Active and running), each the demand of its
 *   Active keywords, each the demand of the searches it matches that no negative keyword of its
 *   campaign or ad group blocks (searchTermsOf, negativeBlocks); an ad group's part is split among its
 *   keywords, a keyword's among its searches. Keyword and negative states are those at the end of the
 *   day: only days that are over are reported, so a change made today never reaches a reported day.
 * Days from today on have no delivery yet. With `scope` (the account's partition), days come from the
 * process's memo: the caller asks finished days only.
 */
export function deliveryOf(
  campaigns: WithHistory<StoredCampaign>[],
  products: WithHistory<StoredProduct>[],
  adGroups: WithHistory<DeskAdsAdGroup>[],
  keywords: WithHistory<StoredKeyword>[],
  negatives: StoredNegative[],
  ads: WithHistory<StoredAd>[],
  dates: string[],
  budgets: WithHistory<StoredBudget>[] = [],
  scope?: string,
): CampaignDay[] {
  const out: CampaignDay[] = [];
  const sharedBudgetOn = (c: WithHistory<StoredCampaign>, date: string): Pick<CampaignDay, 'shared_budget'> => {
    const budgetId = stateAt(c, `${date}T23:59:59.999Z`).budget_id;
    const budget = budgetId ? budgets.find((b) => b.id === budgetId) : undefined;
    return budget ? { shared_budget: { id: budget.id, amount: settingOnDay(budget, date, (b) => b.amount) } } : {};
  };
  const ids = [...new Set([...campaigns.map((c) => c.id), ...products.map((p) => p.campaign_id)])];
  const firstBid = (k: WithHistory<StoredKeyword>) => {
    const first = stateAt(k, FIRST_MOMENT);
    const group = adGroups.find((g) => g.id === k.ad_group_id);
    return first.bid ?? (group ? stateAt(group, FIRST_MOMENT).cpc_bid : 1);
  };
  /** Each campaign and how to deliver one of its days under a daily cap (undefined: none that day). */
  const makers: { campaign: WithHistory<StoredCampaign>; dayOf: (date: string, cap: DailyCap) => CampaignDay | undefined }[] = [];
  for (const id of ids) {
    // A product under a campaign the sandbox does not hold (older accounts): no budget, always on.
    const campaign: WithHistory<StoredCampaign> = campaigns.find((c) => c.id === id) ?? {
      id,
      name: '',
      type: 'Shopping',
      status: 'Active',
      daily_budget: 0,
      bid_strategy: 'ManualCpc',
      start_date: '0000-01-01',
    };
    const parentDelivers = (c: StoredCampaign, d: string) => live(c.status) && running(c, d);
    if (campaign.type === 'Search') {
      const groups = adGroups.filter((g) => g.campaign_id === id);
      const words = keywords.filter((k) => k.campaign_id === id);
      const dayOf = (date: string, dailyBudget: DailyCap): CampaignDay | undefined => {
        const endOfDay = `${date}T23:59:59.999Z`;
        const serving = words.map((k) => stateAt(k, endOfDay)).filter((k) => live(k.status));
        const blocking = negatives.filter(
          (n) => n.campaign_id === id && n.created_at <= endOfDay && (!n.deleted_at || n.deleted_at > endOfDay),
        );
        const searchesOf = (k: StoredKeyword, group: DeskAdsAdGroup) => {
          const own = blocking.filter((n) => n.level === 'Campaign' || n.owner_id === k.ad_group_id);
          const open = searchTermsOf(k).filter((t) => !own.some((n) => negativeBlocks(n, t.text)));
          return termDemand(open, keywordDemand(k, k.bid ?? group.cpc_bid, firstBid(words.find((w) => w.id === k.id)!), date)).filter(
            (t) => t.term.share > 0,
          );
        };
        const servingAds = (groupId: string) =>
          ads
            .filter((a) => a.ad_group_id === groupId)
            .map((a) => adAt(stateAt(a, endOfDay), endOfDay))
            .filter((a) => live(a.status) && a.editorial_status === 'Approved');
        const demandOf = (group: DeskAdsAdGroup) =>
          // An ad group without an approved, active ad has nothing to show.
          !servingAds(group.id).length
            ? []
            : serving
                .filter((k) => k.ad_group_id === group.id)
                .map((k) => ({ k, searches: searchesOf(k, group) }))
                .filter((x) => x.searches.length > 0)
                .map((x) => ({ ...x, day: totals(x.searches.map((s) => s.day)) }));
        const day = deliverParentDay<StoredCampaign, DeskAdsAdGroup>({
          date,
          parent: campaign,
          children: groups,
          parentDelivers,
          dailyBudget,
          pricing: 'cpc',
          childDemand: (g, d) => {
            if (!live(g.status) || !running(g, d)) return undefined;
            const parts = demandOf(g);
            return parts.length ? totals(parts.map((p) => p.day)) : undefined;
          },
        });
        if (day.total.impressions <= 0) return undefined;
        /** The day's ad, keyword and search term parts, split when one of them is first read (a campaign list reads none). */
        const splitParts = () => {
          const keywordParts = new Map<string, DayFigures & { ad_group_id: string }>();
          const adParts = new Map<string, DayFigures & { ad_group_id: string }>();
          const termParts: CampaignDay['terms'] = new Map();
          for (const [groupId, figures] of day.children) {
            const groupAds = servingAds(groupId);
            // Ads share their ad group's day by how often the platform picks each (stable per ad).
            const shares = groupAds.map((a) => {
              const w = 0.7 + seededRandom(a.id)() * 0.6;
              return { impressions: w, clicks: w, spend: w, conversions: w, revenue: w };
            });
            splitPerClick(figures, shares).forEach((f, i) => adParts.set(groupAds[i]!.id, { ...f, ad_group_id: groupId }));
            const group = stateAt(
              groups.find((g) => g.id === groupId)!,
              endOfDay,
            );
            const parts = demandOf(group);
            splitPerClick(
              figures,
              parts.map((p) => p.day),
            ).forEach((f, i) => {
              const { k, searches } = parts[i]!;
              keywordParts.set(k.id, { ...f, ad_group_id: groupId });
              splitPerClick(
                f,
                searches.map((s) => s.day),
              ).forEach((t, j) => {
                if (t.impressions > 0)
                  termParts.set(`${k.id}|${searches[j]!.term.text}`, {
                    ...t,
                    ad_group_id: groupId,
                    keyword_id: k.id,
                    search_term: searches[j]!.term.text,
                  });
              });
            });
          }
          return { keywords: keywordParts, ads: adParts, terms: termParts };
        };
        let parts: ReturnType<typeof splitParts> | undefined;
        return {
          date,
          campaign_id: id,
          daily_budget: settingOnDay(campaign, date, (c) => c.daily_budget),
          ...sharedBudgetOn(campaign, date),
          total: day.total,
          products: new Map(),
          get adGroups() {
            return day.children;
          },
          get keywords() {
            return (parts ??= splitParts()).keywords;
          },
          get ads() {
            return (parts ??= splitParts()).ads;
          },
          get terms() {
            return (parts ??= splitParts()).terms;
          },
        };
      };
      makers.push({ campaign, dayOf });
      continue;
    }
    const children = products.filter((p) => p.campaign_id === id);
    if (!children.length) continue;
    const dayOf = (date: string, dailyBudget: DailyCap): CampaignDay | undefined => {
      const day = deliverParentDay<StoredCampaign, StoredProduct>({
        date,
        parent: campaign,
        children,
        parentDelivers,
        dailyBudget,
        pricing: 'cpc',
        childDemand: (p, d) => (p.offer_status !== 'Disapproved' && p.start_date <= d ? productDemand(p, d) : undefined),
      });
      if (day.total.impressions <= 0) return undefined;
      return {
        date,
        campaign_id: id,
        daily_budget: settingOnDay(campaign, date, (c) => c.daily_budget),
        ...sharedBudgetOn(campaign, date),
        total: day.total,
        products: day.children,
        adGroups: new Map(),
        keywords: new Map(),
        ads: new Map(),
        terms: new Map(),
      };
    };
    makers.push({ campaign, dayOf });
  }
  // A campaign's own budget caps it; the campaigns of a shared budget draw on one pool (sharedPool).
  const ownBudget: DailyCap = (c) => (c.daily_budget > 0 ? c.daily_budget : undefined);
  /** Every campaign's day on `date`, by its place in `makers` (undefined: no delivery). */
  const accountDay = (date: string): (CampaignDay | undefined)[] => {
    const day: (CampaignDay | undefined)[] = makers.map(() => undefined);
    const pools = new Map<string, { amount: number; members: number[] }>();
    makers.forEach((m, i) => {
      const shared = sharedBudgetOn(m.campaign, date).shared_budget;
      if (!shared) {
        day[i] = m.dayOf(date, ownBudget);
        return;
      }
      const pool = pools.get(shared.id) ?? { amount: shared.amount, members: [] };
      pool.members.push(i);
      pools.set(shared.id, pool);
    });
    for (const pool of pools.values())
      sharedPool(
        pool.amount,
        pool.members.map((i) => (cap: DailyCap) => makers[i]!.dayOf(date, cap)),
      ).forEach((campaignDay, k) => (day[pool.members[k]!] = campaignDay));
    return day;
  };
  const byCampaign = makers.map(() => new Map<string, CampaignDay>());
  let memoKey: string | undefined;
  for (const date of dates) {
    let day: (CampaignDay | undefined)[];
    if (scope === undefined) day = accountDay(date);
    else {
      memoKey ??= contentKey(scope, [campaigns, products, adGroups, keywords, negatives, ads, budgets]);
      day = accountDays.day(memoKey, date, () => accountDay(date));
    }
    day.forEach((campaignDay, i) => campaignDay && byCampaign[i]!.set(date, campaignDay));
  }
  for (const days of byCampaign) for (const date of dates) if (days.has(date)) out.push(days.get(date)!);
  return out;
}

/** A campaign's daily cap in a state (undefined: no cap). */
type DailyCap = (state: StoredCampaign) => number | undefined;

/**
 * One day of the campaigns of a shared budget, as the platform spends one pool: each campaign's day is
 * first its demand with no cap; when they would spend more than the day's amount together, the amount
 * is split among the campaigns that deliver that day by their demand (spend), and each delivers under
 * its part. A paused, removed or ended campaign delivers nothing and draws nothing, so the others can
 * spend the whole amount; together they never spend more than it.
 */
export function sharedPool(amount: number, members: ((cap: DailyCap) => CampaignDay | undefined)[]): (CampaignDay | undefined)[] {
  const demand = members.map((deliver) => deliver(() => undefined));
  const wanted = demand.reduce((s, d) => s + (d?.total.spend ?? 0), 0);
  if (wanted <= amount) return demand;
  return members.map((deliver, i) => {
    const spend = demand[i]?.total.spend ?? 0;
    return spend > 0 ? deliver(() => (amount * spend) / wanted) : demand[i];
  });
}

/** Typical shares of a search day by device and by network, before each day's own variation. */
const SEGMENT_SHARES: Record<DeskAdsReportSegment, { values: readonly string[]; shares: number[] }> = {
  DeviceType: { values: DEVICE_TYPES, shares: [0.62, 0.3, 0.08] },
  Network: { values: REPORT_NETWORKS, shares: [0.7, 0.22, 0.08] },
};

/**
 * A row's day split by device or network: each value's share varies a little per entity and day
 * (deterministically), and the parts add up to the day exactly (../sandbox/allocate.ts splitDay).
 * Conversions lean to computers, as on the platform.
 */
export function segmentDay(
  entityId: string,
  date: string,
  day: DayFigures,
  segment: DeskAdsReportSegment,
): { value: string; figures: DayFigures }[] {
  const { values, shares } = SEGMENT_SHARES[segment];
  const random = seededRandom(`${entityId}|${date}|${segment}`);
  const weights = shares.map((share, i) => {
    const w = share * (0.85 + random() * 0.3);
    const conversionLean = segment === 'DeviceType' && i === 0 ? 1.25 : 1;
    return { impressions: w, clicks: w, spend: w, conversions: w * conversionLean, revenue: w * conversionLean };
  });
  return splitPerClick(day, weights)
    .map((figures, i) => ({ value: values[i]!, figures }))
    .filter((part) => part.figures.impressions > 0);
}

export type Figures = Pick<DeskAdsReportRow, 'impressions' | 'clicks' | 'spend' | 'conversions' | 'revenue'>;

/** Figures of one report row: the days given, added up (spend and revenue to the cent). */
export function figuresOf(days: readonly Figures[]): Figures {
  const { impressions, clicks, spend, conversions, revenue } = totals(days);
  return { impressions, clicks, spend, conversions, revenue };
}
