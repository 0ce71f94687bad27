import type { DailyMetrics } from '../metrics';

/**
 * The proads platform interface (professional-network advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods. Names follow the LinkedIn Marketing API: campaign
 * groups, campaigns (type SPONSORED_UPDATES / TEXT_AD, objectiveType, costType), creatives, and
 * demographic pivots (MEMBER_JOB_FUNCTION, MEMBER_SENIORITY, MEMBER_INDUSTRY, MEMBER_COMPANY_SIZE).
 */
export interface ProAdsPort {
  listCampaignGroups(): Promise<ProAdsCampaignGroup[]>;
  listCampaigns(): Promise<ProAdsCampaign[]>;
  getCampaign(campaignId: string): Promise<ProAdsCampaign>;
  listCreatives(): Promise<ProAdsCreative[]>;
  /** Audience segments the account's delivery is reported by (demographic pivots). */
  listSegments(): Promise<ProAdsSegment[]>;
  /**
   * Delivery figures (ad analytics), grouped by one pivot over a date range, both ends included:
   * one row per pivot value and day (DAILY) or per pivot value over the whole range (ALL). Pivot
   * values without delivery have no row. Creatives are the unit of delivery: a campaign's row is the
   * sum of its creatives' rows of the same dates. The values of one demographic pivot (MEMBER_*)
   * split the account's delivery of the same dates. Days from today on have no delivery yet; a
   * past day never changes.
   */
  getAnalytics(query: ProAdsAnalyticsQuery): Promise<ProAdsAnalyticsRow[]>;
}

export type ProAdsAnalyticsPivot = 'CAMPAIGN' | 'CREATIVE' | `MEMBER_${ProAdsPivot}`;

export interface ProAdsAnalyticsQuery {
  pivot: ProAdsAnalyticsPivot;
  /** First and last day, YYYY-MM-DD, both included. */
  date_range: { start: string; end: string };
  time_granularity: 'DAILY' | 'ALL';
  /** Only delivery of these campaigns (CAMPAIGN and CREATIVE pivots). */
  campaigns?: readonly string[];
  /** Only delivery of these creatives (CREATIVE pivot). */
  creatives?: readonly string[];
}

/**
 * One row of ad analytics: the pivot value (a campaign or creative id, or a member facet id such
 * as seniority:3), the days it covers (one day for DAILY) and the figures of those days.
 */
export interface ProAdsAnalyticsRow extends Omit<DailyMetrics, 'date'> {
  pivot_value: string;
  date_range: { start: string; end: string };
}

export type ProAdsStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'COMPLETED' | 'DRAFT';
export type ProAdsFormat = 'SINGLE_IMAGE' | 'VIDEO' | 'CAROUSEL' | 'TEXT_AD';
export type ProAdsObjective = 'BRAND_AWARENESS' | 'WEBSITE_VISIT' | 'ENGAGEMENT' | 'VIDEO_VIEW' | 'LEAD_GENERATION' | 'WEBSITE_CONVERSION';

export interface ProAdsCampaignGroup {
  id: string;
  name: string;
  status: ProAdsStatus;
  total_budget?: number;
}

export interface ProAdsCampaign {
  id: string;
  campaign_group_id: string;
  name: string;
  /** LinkedIn campaign type: Sponsored Content, or desktop Text Ads. */
  type: 'SPONSORED_UPDATES' | 'TEXT_AD';
  format: ProAdsFormat;
  objective_type: ProAdsObjective;
  status: ProAdsStatus;
  cost_type: 'CPC' | 'CPM';
  daily_budget: number;
  /** Bid per click or per 1,000 impressions. */
  unit_cost: number;
  start_date: string;
  end_date?: string;
  created_at: string;
}

export interface ProAdsCreative {
  id: string;
  campaign_id: string;
  name: string;
  format: ProAdsFormat;
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  intro_text?: string;
  headline: string;
  description?: string;
  call_to_action?: string;
  landing_page_url: string;
  start_date: string;
  created_at: string;
}

export type ProAdsPivot = 'JOB_FUNCTION' | 'SENIORITY' | 'INDUSTRY' | 'COMPANY_SIZE';

export interface ProAdsSegment {
  id: string;
  pivot: ProAdsPivot;
  /** The member facet value, e.g. "Entry" for SENIORITY. */
  value: string;
  /** The member facet's identifier (e.g. seniority:3), for exclusions. */
  urn: string;
}
