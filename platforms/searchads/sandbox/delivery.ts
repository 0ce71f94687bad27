/**
 * The searchads delivery model: account → campaign (daily budget) → ad group, allocated top down
 * (../../sandbox/allocate.ts) from the entities' history, so a past day never changes and ad groups
 * add up to their campaign, campaigns to the account.
 * - A campaign delivers while ENABLED and between its start and end dates; an ad group while ENABLED
 *   and started, under a delivering campaign (a search ad group only with an enabled keyword: it has
 *   nothing to match otherwise). A campaign without ad groups (Performance Max uses
 *   asset groups) delivers from its own profile and has no ad group rows, as on the platform.
 * - An ad group's demand comes from its tier and the campaign type (display and video draw many more,
 *   cheaper impressions at a lower CTR); a higher CPC bid than it started with buys more impressions
 *   at a higher cost per click.
 * - A campaign's day never exceeds its daily budget. Campaigns on a shared budget draw from one pool:
 *   together they never spend more than its amount in a day (sharedBudgetDays). The platform itself may spend up to 2x the
 *   daily budget on a day as long as a month stays within 30.4x; the sandbox does not model that
 *   overdelivery, so both limits always hold.
 * - Only video campaigns report video views; the other types have none (absent, not zero). A video
 *   campaign bidding for impressions or views (awareness, reach) reports no conversions.
 */
import { daySegments, stateAt, stateView, type WithHistory } from '../../sandbox/history';

import { deliverParentDay, splitDay, type DayFigures, type Pricing } from '../../sandbox/allocate';
import { dailyMetrics, profileFor, type PerformanceProfile, type PerformanceTier } from '../../sandbox/metrics';
import { negativeBlocks } from '../../../core/negatives';
import { withoutConversions } from '../awareness';
import type {
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsCampaign,
  SearchAdsCampaignType,
  SearchAdsKeyword,
  SearchAdsNegativeKeyword,
} from '../port';

export type StoredCampaign = SearchAdsCampaign & { performance: PerformanceTier };
export type StoredAdGroup = SearchAdsAdGroup & { performance: PerformanceTier; start_date: string };
export type StoredKeyword = SearchAdsKeyword & { performance: PerformanceTier; start_date: string };
/** Ads created through the port carry the day they were created; seeded ads always existed. */
export type StoredAd = SearchAdsAd & { start_date?: string };
/** Negatives added through the port carry when; they block queries from the next day on. */
export type StoredNegative = SearchAdsNegativeKeyword & { created_at?: string };

/** How a campaign type shifts the tier's profile. */
const TYPE_SHAPE: Record<SearchAdsCampaignType, { impressions: number; ctr: number; cpc: number; cvr: number }> = {
  SEARCH: { impressions: 1, ctr: 1, cpc: 1, cvr: 1 },
  SHOPPING: { impressions: 1.4, ctr: 0.8, cpc: 0.7, cvr: 1 },
  PERFORMANCE_MAX: { impressions: 2.5, ctr: 0.5, cpc: 0.8, cvr: 0.9 },
  DISPLAY: { impressions: 6, ctr: 0.12, cpc: 0.5, cvr: 0.5 },
  VIDEO: { impressions: 4, ctr: 0.08, cpc: 0.6, cvr: 0.3 },
  DEMAND_GEN: { impressions: 5, ctr: 0.1, cpc: 0.55, cvr: 0.4 },
  MULTI_CHANNEL: { impressions: 3, ctr: 0.3, cpc: 0.4, cvr: 0.6 },
};

function profileOf(type: SearchAdsCampaignType, tier: PerformanceTier, bidFactor = 1): PerformanceProfile {
  const base = profileFor(tier);
  const shape = TYPE_SHAPE[type];
  const bid = Math.sqrt(bidFactor);
  return profileFor(tier, {
    impressions: base.impressions * shape.impressions * bid,
    ctr: base.ctr * shape.ctr,
    cpc: base.cpc * shape.cpc * bid,
    cvr: base.cvr * shape.cvr,
  });
}

function demand(id: string, date: string, type: SearchAdsCampaignType, profile: PerformanceProfile, conversions = true): DayFigures {
  const { date: _date, video_views, ...day } = dailyMetrics(id, date, profile);
  const figures = conversions ? day : { ...day, conversions: 0, revenue: 0 };
  return type === 'VIDEO' ? { ...figures, video_views } : figures;
}

/** Search and shopping campaigns pay per click; display, video and the others per impression or view. */
export const pricingOf = (type: SearchAdsCampaignType): Pricing => (type === 'SEARCH' || type === 'SHOPPING' ? 'cpc' : 'cpm');

/** Before any recorded change: the entity as first stored. */
const FIRST_MOMENT = '1970-01-01T00:00:00.000Z';

const campaignDelivers = (c: StoredCampaign, date: string) =>
  c.status === 'ENABLED' && c.start_date <= date && (!c.end_date || date <= c.end_date);

/**
 * A campaign's day and its ad groups' parts of it. `groupServes` says whether an ad group has
 * something to serve on `date` (a search ad group an enabled keyword, any ad group with ads an
 * enabled ad), from the keywords' and ads' own history.
 */
export function campaignDay(
  campaign: WithHistory<StoredCampaign>,
  groups: readonly WithHistory<StoredAdGroup>[],
  date: string,
  groupServes: (group: StoredAdGroup, date: string, campaignType: SearchAdsCampaignType) => boolean,
  dailyBudget: (state: StoredCampaign) => number | undefined = (c) => c.budget_amount,
) {
  const type = campaign.type;
  // Conversions as the campaign was bought that day (its bidding at the end of the day).
  const converts = !withoutConversions(stateAt(campaign, `${date}T23:59:59.999Z`));
  const firstBid = new Map(groups.map((g) => [g.id, stateAt(g, FIRST_MOMENT).cpc_bid]));
  return deliverParentDay<StoredCampaign, StoredAdGroup>({
    date,
    parent: campaign,
    children: groups,
    parentDelivers: campaignDelivers,
    dailyBudget,
    childDemand: (g, day) => {
      if (g.status !== 'ENABLED' || g.start_date > day) return undefined;
      if (!groupServes(g, day, type)) return undefined;
      const first = firstBid.get(g.id) || g.cpc_bid;
      return demand(g.id, day, type, profileOf(type, g.performance, first > 0 ? g.cpc_bid / first : 1), converts);
    },
    ownDemand: (c, day) => demand(c.id, day, type, profileOf(type, c.performance), converts),
    pricing: pricingOf(type),
  });
}

/** A campaign as stored with the shared budget it draws on (`budget_id`, sandbox/bidding.ts). */
type PoolMember = { campaign: WithHistory<StoredCampaign & { budget_id?: string }>; groups: readonly WithHistory<StoredAdGroup>[] };

/** The shared budget a campaign draws on during `date`: the one it is on at the end of the day. */
export function sharedBudgetOn(campaign: WithHistory<StoredCampaign & { budget_id?: string }>, date: string): string | undefined {
  return stateView(campaign, `${date}T23:59:59.999Z`).budget_id;
}

/**
 * The days of the campaigns on one shared budget (`amount` that day): they draw from one pool, as on
 * the platform. When their demand together (each as if it had no cap) fits the amount, each delivers as
 * a campaign with the shared amount as its own budget (no day spends more than it demands, so they stay
 * within it). When it does not fit and more than one campaign delivers, the amount is split among those
 * that deliver by their demand (paused, removed or ended campaigns draw nothing), and each spends at most
 * its part over the part of the day it delivers (93-100 % of it, as a capped campaign does): the campaigns'
 * spend together never exceeds the shared amount. A single delivering campaign is capped as a campaign with
 * the shared amount as its budget.
 */
export function sharedBudgetDays(
  members: readonly PoolMember[],
  amount: number,
  date: string,
  groupServes: (group: StoredAdGroup, date: string, campaignType: SearchAdsCampaignType) => boolean,
): ReturnType<typeof campaignDay>[] {
  const own = () => members.map((m) => campaignDay(m.campaign, m.groups, date, groupServes));
  const demands = members.map((m) => campaignDay(m.campaign, m.groups, date, groupServes, () => undefined).total.spend);
  const demand = demands.reduce((s, d) => s + d, 0);
  if (demands.filter((d) => d > 0).length < 2 || demand <= amount) return own();
  return members.map((m, i) => {
    const delivering = daySegments(m.campaign, date).reduce((s, seg) => s + (campaignDelivers(seg.state, date) ? seg.share : 0), 0);
    // Its part of the pool, spread over the share of the day it delivers (the model caps each part of a day).
    const part = (amount * demands[i]!) / demand;
    return campaignDay(m.campaign, m.groups, date, groupServes, () => (delivering > 0 ? part / delivering : 0));
  });
}

/** The share (0-1) of `date` an entity with a status and a start date was ENABLED. */
export function enabledShare(entity: WithHistory<{ status: string; start_date?: string }>, date: string): number {
  if (entity.start_date && entity.start_date > date) return 0;
  return daySegments(entity, date).reduce((sum, s) => sum + (s.state.status === 'ENABLED' ? s.share : 0), 0);
}

function weighted(id: string, date: string, tier: PerformanceTier, share: number): DayFigures {
  const { date: _date, video_views: _views, ...day } = dailyMetrics(id, date, profileFor(tier));
  return {
    impressions: day.impressions * share,
    clicks: day.clicks * share,
    spend: day.spend * share,
    conversions: day.conversions * share,
    revenue: day.revenue * share,
  };
}

/**
 * An ad group's day split among the members (keywords or ads) that were enabled in it, by each
 * member's own demand times the share of the day it was enabled: the parts add up to the group's day.
 */
export function splitAmong<M extends { id: string; status: string; start_date?: string }>(
  groupDay: DayFigures,
  members: readonly WithHistory<M>[],
  date: string,
  tier: (member: M) => PerformanceTier,
  pricing: Pricing = 'cpm',
): [M, DayFigures][] {
  const active = members.map((m) => [m, enabledShare(m, date)] as const).filter(([, share]) => share > 0);
  if (!active.length) return [];
  const parts = splitDay(
    groupDay,
    active.map(([m, share]) => weighted(m.id, date, tier(m), share)),
    pricing,
  );
  return active.map(([m], i) => [m, parts[i]!]);
}

/** Query words that never lead to a sale of the advertiser's product (they are what waste looks like). */
const IRRELEVANT = ['free', 'used', 'repair', 'jobs', 'diy', 'reviews'];

/**
 * The queries a keyword matches, its own text first: an exact keyword its close variant, a phrase
 * keyword queries containing it, a broad keyword related queries, some of them irrelevant.
 */
export function searchTermsOf(keyword: Pick<SearchAdsKeyword, 'text' | 'match_type'>): string[] {
  const t = keyword.text.toLowerCase();
  if (keyword.match_type === 'EXACT') return [t, t.endsWith('s') ? t.slice(0, -1) : `${t}s`];
  if (keyword.match_type === 'PHRASE') return [t, `best ${t}`, `${t} sale`, `${t} near me`, `${t} reviews`];
  return [t, `cheap ${t}`, `${t} for sale`, `free ${t}`, `${t} repair`, `used ${t}`, `${t} jobs`];
}

/**
 * A keyword's day split among the queries it matched that day. Queries blocked by a negative that
 * existed before the day started get nothing; irrelevant queries get clicks and spend but no
 * conversions. When every query is blocked, the keyword's own text keeps the day.
 */
export function splitSearchTerms(
  keyword: StoredKeyword,
  day: DayFigures,
  date: string,
  negatives: readonly StoredNegative[],
): [string, DayFigures][] {
  const dayStart = `${date}T00:00:00.000Z`;
  const blocking = negatives.filter(
    (n) =>
      n.campaign_id === keyword.campaign_id &&
      (!n.ad_group_id || n.ad_group_id === keyword.ad_group_id) &&
      (!n.created_at || n.created_at < dayStart),
  );
  const all = searchTermsOf(keyword);
  const open = all.filter((q, i) => i === 0 || !blocking.some((n) => negativeBlocks(n, q)));
  const terms = open.length ? open : [all[0]!];
  const weights = terms.map((q) => {
    const irrelevant = q.split(' ').some((w) => IRRELEVANT.includes(w));
    const w = weighted(`${keyword.id}|${q}`, date, irrelevant ? 'wasteful' : keyword.performance, q === all[0] ? 2 : 1);
    return irrelevant ? { ...w, conversions: 0, revenue: 0 } : w;
  });
  // A search term is paid per click.
  const parts = splitDay(day, weights, 'cpc');
  return terms.map((q, i) => [q, parts[i]!]);
}
