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
 * - A campaign's day never exceeds its daily budget. The platform itself may spend up to 2x the
 *   daily budget on a day as long as a month stays within 30.4x; the sandbox does not model that
 *   overdelivery, so both limits always hold.
 * - Only video campaigns report video views; the other types have none (absent, not zero).
 */
import { stateAt, type WithHistory } from '../../sandbox/history';

import { deliverParentDay, type DayFigures } from '../../sandbox/allocate';
import { dailyMetrics, profileFor, type PerformanceProfile, type PerformanceTier } from '../../sandbox/metrics';
import type { SearchAdsAdGroup, SearchAdsCampaign, SearchAdsCampaignType } from '../port';

export type StoredCampaign = SearchAdsCampaign & { performance: PerformanceTier };
export type StoredAdGroup = SearchAdsAdGroup & { performance: PerformanceTier; start_date: string };

/** How a campaign type shifts the tier's profile. */
const TYPE_SHAPE: Record<SearchAdsCampaignType, { impressions: number; ctr: number; cpc: number; cvr: number }> = {
  SEARCH: { impressions: 1, ctr: 1, cpc: 1, cvr: 1 },
  SHOPPING: { impressions: 1.4, ctr: 0.8, cpc: 0.7, cvr: 1 },
  PERFORMANCE_MAX: { impressions: 2.5, ctr: 0.5, cpc: 0.8, cvr: 0.9 },
  DISPLAY: { impressions: 6, ctr: 0.12, cpc: 0.5, cvr: 0.5 },
  VIDEO: { impressions: 4, ctr: 0.08, cpc: 0.6, cvr: 0.3 },
};

function profileOf(type: SearchAdsCampaignType, tier: PerformanceTier, bidFactor = 1): PerformanceProfile {
  const base = profileFor(tier);
  const shape = TYPE_SHAPE[type];
  const bid = Math.sqrt(bidFactor);
  return profileFor(tier, { impressions: base.impressions * shape.impressions * bid, ctr: base.ctr * shape.ctr, cpc: base.cpc * shape.cpc * bid, cvr: base.cvr * shape.cvr });
}

function demand(id: string, date: string, type: SearchAdsCampaignType, profile: PerformanceProfile): DayFigures {
  const { date: _date, video_views, ...day } = dailyMetrics(id, date, profile);
  return type === 'VIDEO' ? { ...day, video_views } : day;
}

/** Before any recorded change: the entity as first stored. */
const FIRST_MOMENT = '1970-01-01T00:00:00.000Z';

const campaignDelivers = (c: StoredCampaign, date: string) => c.status === 'ENABLED' && c.start_date <= date && (!c.end_date || date <= c.end_date);

/** A campaign's day and its ad groups' parts of it. */
export function campaignDay(campaign: WithHistory<StoredCampaign>, groups: readonly WithHistory<StoredAdGroup>[], date: string, groupsWithKeywords: ReadonlySet<string>) {
  const type = campaign.type;
  const firstBid = new Map(groups.map((g) => [g.id, stateAt(g, FIRST_MOMENT).cpc_bid]));
  return deliverParentDay<StoredCampaign, StoredAdGroup>({
    date,
    parent: campaign,
    children: groups,
    parentDelivers: campaignDelivers,
    dailyBudget: (c) => c.budget_amount,
    childDemand: (g, day) => {
      if (g.status !== 'ENABLED' || g.start_date > day) return undefined;
      if (g.type === 'SEARCH_STANDARD' && type === 'SEARCH' && !groupsWithKeywords.has(g.id)) return undefined;
      const first = firstBid.get(g.id) || g.cpc_bid;
      return demand(g.id, day, type, profileOf(type, g.performance, first > 0 ? g.cpc_bid / first : 1));
    },
    ownDemand: (c, day) => demand(c.id, day, type, profileOf(type, c.performance)),
  });
}

