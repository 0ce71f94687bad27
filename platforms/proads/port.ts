import type { DailyMetrics } from '../../core/metrics';

/**
 * The proads platform interface (professional-network advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods. Names follow the LinkedIn Marketing API: campaign
 * groups, campaigns (type SPONSORED_UPDATES / TEXT_AD, objectiveType, costType), creatives, and
 * demographic pivots (MEMBER_JOB_FUNCTION, MEMBER_SENIORITY, MEMBER_INDUSTRY, MEMBER_COMPANY_SIZE),
 * targeting criteria and audience counts, conversion rules, and the asset library.
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

  // Campaign groups, campaigns and creatives: read one, create, partially update, delete. As on the
  // platform, a partial update (`patch`) sets only the fields given; `expect` makes it conditional
  // on the current values (a status change that lost a race fails instead of overwriting). Only a
  // DRAFT entity can be deleted; others are set to PENDING_DELETION (status) by an update.
  getCampaignGroup(groupId: string): Promise<ProAdsCampaignGroup>;
  createCampaignGroup(input: NewProAdsCampaignGroup): Promise<ProAdsCampaignGroup>;
  updateCampaignGroup(
    groupId: string,
    patch: Partial<NewProAdsCampaignGroup>,
    expect?: Partial<ProAdsCampaignGroup>,
  ): Promise<ProAdsCampaignGroup>;
  deleteCampaignGroup(groupId: string): Promise<void>;
  createCampaign(input: NewProAdsCampaign): Promise<ProAdsCampaign>;
  updateCampaign(campaignId: string, patch: Partial<NewProAdsCampaign>, expect?: Partial<ProAdsCampaign>): Promise<ProAdsCampaign>;
  deleteCampaign(campaignId: string): Promise<void>;
  getCreative(creativeId: string): Promise<ProAdsCreative>;
  createCreative(input: NewProAdsCreative): Promise<ProAdsCreative>;
  updateCreative(creativeId: string, patch: Partial<NewProAdsCreative>, expect?: Partial<ProAdsCreative>): Promise<ProAdsCreative>;
  deleteCreative(creativeId: string): Promise<void>;

  /** Typeahead over one targeting facet's entities (name contains `query`, case-insensitive); at most `limit`. */
  searchTargetingEntities(facet: ProAdsFacet, query: string, limit?: number): Promise<ProAdsTargetingEntity[]>;
  /** Targeting entities by id (any facet); unknown ids are left out. */
  getTargetingEntities(ids: readonly string[]): Promise<ProAdsTargetingEntity[]>;
  /** Members a targeting spec reaches (the platform's audience count); the platform refuses to run under 300. */
  getAudienceCount(targeting: ProAdsTargeting): Promise<{ total: number }>;

  /** Conversion rules of the account and the campaigns each is associated with. */
  listConversions(): Promise<ProAdsConversion[]>;
  createConversion(input: NewProAdsConversion): Promise<ProAdsConversion>;
  updateConversion(conversionId: string, patch: Partial<NewProAdsConversion>): Promise<ProAdsConversion>;

  /** Images and videos uploaded to the ad account (the platform's asset library). */
  listAssets(): Promise<ProAdsAsset[]>;
  /** Registers an uploaded image or video (the platform fetches it from `source_url`). */
  createAsset(input: NewProAdsAsset): Promise<ProAdsAsset>;
  /** Company pages the ad account may advertise for, and the account itself. */
  listOrganizations(): Promise<ProAdsOrganization[]>;
}

/** Targeting facets (the platform's targeting criteria), neutral names. */
export const PROADS_FACETS = [
  'locations',
  'job_functions',
  'seniorities',
  'industries',
  'company_sizes',
  'job_titles',
  'skills',
  'audiences',
] as const;
export type ProAdsFacet = (typeof PROADS_FACETS)[number];

/**
 * Who a campaign reaches: members matching every included facet (any value within one facet) and
 * none of the excluded values. Values are facet entity ids such as `seniority:3` (search_proads_targeting).
 */
export interface ProAdsTargeting {
  include: Partial<Record<ProAdsFacet, string[]>>;
  exclude?: Partial<Record<ProAdsFacet, string[]>>;
}

export interface ProAdsTargetingEntity {
  id: string;
  facet: ProAdsFacet;
  name: string;
}

export type ProAdsBidStrategy = 'MANUAL' | 'MAXIMUM_DELIVERY' | 'COST_CAP';

export type NewProAdsCampaignGroup = Omit<ProAdsCampaignGroup, 'id'>;
export type NewProAdsCampaign = Omit<ProAdsCampaign, 'id' | 'created_at'>;
export type NewProAdsCreative = Omit<ProAdsCreative, 'id' | 'created_at' | 'review_status'>;

export interface ProAdsConversion {
  id: string;
  name: string;
  type: 'LEAD' | 'PURCHASE' | 'SIGN_UP' | 'DOWNLOAD' | 'REGISTRATION' | 'KEY_PAGE_VIEW' | 'REQUEST_DEMO' | 'OTHER';
  /** How the value is counted: once per click/view (LAST_TOUCH_BY_CAMPAIGN) or every time (LAST_TOUCH_BY_CONVERSION). */
  attribution_type: 'LAST_TOUCH_BY_CAMPAIGN' | 'LAST_TOUCH_BY_CONVERSION';
  post_click_window_days: 1 | 7 | 30 | 90;
  view_through_window_days: 1 | 7 | 30 | 90;
  value?: number;
  enabled: boolean;
  /** Campaigns this rule is associated with. */
  campaign_ids: string[];
  created_at: string;
}
export type NewProAdsConversion = Omit<ProAdsConversion, 'id' | 'created_at'>;

export interface ProAdsAsset {
  id: string;
  kind: 'IMAGE' | 'VIDEO';
  name: string;
  source_url: string;
  width?: number;
  height?: number;
  size_bytes?: number;
  duration_seconds?: number;
  created_at: string;
}
export type NewProAdsAsset = Omit<ProAdsAsset, 'id' | 'created_at'>;

export interface ProAdsOrganization {
  id: string;
  name: string;
  /** COMPANY_PAGE (the page ads are posted as) or AD_ACCOUNT (where they are billed). */
  kind: 'COMPANY_PAGE' | 'AD_ACCOUNT';
  role: 'ADMINISTRATOR' | 'CAMPAIGN_MANAGER' | 'CONTENT_ADMIN' | 'VIEWER';
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
  /** Engagement (CAMPAIGN and CREATIVE pivots only): social actions, lead forms and video quartiles. */
  engagement?: ProAdsEngagement;
}

export interface ProAdsEngagement {
  reactions: number;
  comments: number;
  shares: number;
  follows: number;
  lead_form_opens: number;
  leads: number;
  video_starts: number;
  video_completions: number;
}

export type ProAdsStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'COMPLETED' | 'DRAFT' | 'CANCELED' | 'PENDING_DELETION';
export type ProAdsFormat = 'SINGLE_IMAGE' | 'VIDEO' | 'CAROUSEL' | 'TEXT_AD';
export type ProAdsObjective = 'BRAND_AWARENESS' | 'WEBSITE_VISIT' | 'ENGAGEMENT' | 'VIDEO_VIEW' | 'LEAD_GENERATION' | 'WEBSITE_CONVERSION';

export interface ProAdsCampaignGroup {
  id: string;
  name: string;
  status: ProAdsStatus;
  /** Lifetime budget shared by the group's campaigns, account currency. */
  total_budget?: number;
  /** Run schedule, YYYY-MM-DD. */
  start_date?: string;
  end_date?: string;
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
  /** Pay per click, per 1,000 impressions, or (video campaigns on live accounts) per video view. */
  cost_type: 'CPC' | 'CPM' | 'CPV';
  daily_budget: number;
  /** Lifetime budget, account currency (optional, with or without a daily budget). */
  total_budget?: number;
  /** Bid per click or per 1,000 impressions (the cap under COST_CAP, unused under MAXIMUM_DELIVERY). */
  unit_cost: number;
  bid_strategy?: ProAdsBidStrategy;
  targeting?: ProAdsTargeting;
  start_date: string;
  end_date?: string;
  created_at: string;
}

export interface ProAdsCreative {
  id: string;
  campaign_id: string;
  name: string;
  format: ProAdsFormat;
  status: ProAdsCreativeStatus;
  /** The platform's review: a creative delivers only when APPROVED. */
  review_status?: 'PENDING' | 'APPROVED' | 'REJECTED';
  intro_text?: string;
  headline: string;
  description?: string;
  call_to_action?: string;
  landing_page_url: string;
  /** The image or video of the creative (an asset of listAssets). */
  asset_id?: string;
  /** Carousel cards, 2-10. */
  cards?: { asset_id: string; headline: string; landing_page_url: string }[];
  start_date: string;
  created_at: string;
}

export type ProAdsCreativeStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'CANCELED' | 'DRAFT' | 'PENDING_DELETION';

export type ProAdsPivot = 'JOB_FUNCTION' | 'SENIORITY' | 'INDUSTRY' | 'COMPANY_SIZE';

export interface ProAdsSegment {
  id: string;
  pivot: ProAdsPivot;
  /** The member facet value, e.g. "Entry" for SENIORITY. */
  value: string;
  /** The member facet's identifier (e.g. seniority:3), for exclusions. */
  urn: string;
}
