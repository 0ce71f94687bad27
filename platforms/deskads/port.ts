import type { DeskAdsRestPort } from './port-rest';

/**
 * The deskads platform interface (desktop search and shopping advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods (Customer Management GetAccount, Campaign
 * Management GetConversionGoalsByIds / GetUetTagsByIds, GetCampaignsByAccountId / UpdateCampaigns,
 * GetAdGroupsByCampaignId / AddAdGroups / UpdateAdGroups, GetKeywordsByAdGroupId / AddKeywords /
 * UpdateKeywords, GetNegativeKeywordsByEntityIds / AddNegativeKeywordsToEntities /
 * DeleteNegativeKeywordsFromEntities, Reporting SubmitGenerateReport). Deleting a campaign, ad group
 * or keyword sets its status to Deleted, as the platform keeps deleted entities readable.
 */
export interface DeskAdsPort extends DeskAdsRestPort {
  getAccountInfo(): Promise<DeskAdsAccountInfo>;
  listConversionGoals(): Promise<DeskAdsConversionGoal[]>;
  listUetTags(): Promise<DeskAdsUetTag[]>;
  /** Products of the account's shopping and Performance Max campaigns (the product dimension). */
  listProducts(): Promise<DeskAdsProduct[]>;
  /**
   * A report of the platform's reporting service over [start_date, end_date]: rows only for what
   * had impressions. Aggregation Summary gives one row per product (or campaign) over the range,
   * Daily one per product (or campaign) and day.
   */
  getReport(request: DeskAdsReportRequest): Promise<DeskAdsReportRow[]>;
  listCampaigns(): Promise<DeskAdsCampaign[]>;
  /** Changes a campaign; `expect` holds field values the campaign must still have (else 400). */
  updateCampaign(id: string, patch: DeskAdsCampaignPatch, expect?: Partial<DeskAdsCampaign>): Promise<DeskAdsCampaign>;
  listAdGroups(campaignId?: string): Promise<DeskAdsAdGroup[]>;
  createAdGroup(adGroup: DeskAdsNewAdGroup): Promise<DeskAdsAdGroup>;
  updateAdGroup(id: string, patch: DeskAdsAdGroupPatch, expect?: Partial<DeskAdsAdGroup>): Promise<DeskAdsAdGroup>;
  listKeywords(filter?: { campaignId?: string; adGroupId?: string }): Promise<DeskAdsKeyword[]>;
  addKeywords(adGroupId: string, keywords: DeskAdsNewKeyword[]): Promise<DeskAdsKeyword[]>;
  updateKeyword(id: string, patch: DeskAdsKeywordPatch, expect?: Partial<DeskAdsKeyword>): Promise<DeskAdsKeyword>;
  listNegativeKeywords(filter?: { campaignId?: string }): Promise<DeskAdsNegativeKeyword[]>;
  addNegativeKeywords(
    entity: DeskAdsNegativeOwner,
    negatives: { text: string; match_type: DeskAdsNegativeMatchType }[],
  ): Promise<DeskAdsNegativeKeyword[]>;
  deleteNegativeKeywords(ids: string[]): Promise<void>;
  createConversionGoal(goal: DeskAdsNewConversionGoal): Promise<DeskAdsConversionGoal>;
  listAds(filter?: { campaignId?: string; adGroupId?: string }): Promise<DeskAdsAd[]>;
  /** Adds an ad; it goes through editorial review before it can serve. */
  createAd(ad: DeskAdsNewAd): Promise<DeskAdsAd>;
  /** Changes an ad; a change of its text sends it through editorial review again. */
  updateAd(id: string, patch: DeskAdsAdPatch, expect?: Partial<DeskAdsAd>): Promise<DeskAdsAd>;
  /** Ad insight: the CPC bids estimated to reach the first page, the top of page and the first mainline position. */
  getEstimatedBids(keywordIds: string[]): Promise<DeskAdsBidEstimate[]>;
  /** Ad extensions of the account with their associations (GetAdExtensionIdsByAccountId, GetAdExtensionsAssociations). */
  listAdExtensions(): Promise<DeskAdsAdExtension[]>;
  /**
   * Adds extensions and associates them with a campaign or ad group (AddAdExtensions, SetAdExtensionsAssociations);
   * an identical extension already in the account is associated instead of added again.
   */
  addAdExtensions(entity: DeskAdsExtensionEntity, extensions: DeskAdsNewAdExtension[]): Promise<DeskAdsAdExtension[]>;
  /** Removes associations (DeleteAdExtensionsAssociations); the extensions stay in the account's library. */
  removeAdExtensionAssociations(entity: DeskAdsExtensionEntity, extensionIds: string[]): Promise<void>;
  /** Changes made to campaigns, ad groups, keywords and ads whose moment falls in [from, to) (ISO times), newest first. */
  listChanges(from: string, to: string): Promise<DeskAdsChange[]>;
  /** Ids of the recommendations the account dismissed (the ad insight service stops offering them). */
  listDismissedRecommendations(): Promise<string[]>;
  dismissRecommendations(ids: string[]): Promise<void>;
}

export const AD_EXTENSION_TYPES = ['SitelinkAdExtension', 'CalloutAdExtension'] as const;
export type DeskAdsAdExtensionType = (typeof AD_EXTENSION_TYPES)[number];

/** Where an extension is associated: a campaign or an ad group. */
export interface DeskAdsExtensionEntity {
  type: 'Campaign' | 'AdGroup';
  id: string;
}

export interface DeskAdsAdExtension {
  id: string;
  type: DeskAdsAdExtensionType;
  /** Sitelink: the link text (at most 25 characters) and optional two description lines (at most 35 each). */
  display_text?: string;
  description1?: string;
  description2?: string;
  final_url?: string;
  /** Callout: the text (at most 25 characters). */
  text?: string;
  associations: (DeskAdsExtensionEntity & { campaign_id: string })[];
}
export type DeskAdsNewAdExtension = Omit<DeskAdsAdExtension, 'id' | 'associations'>;

/** One field of one entity changed at a moment. */
export interface DeskAdsChange {
  at: string;
  entity_type: 'Campaign' | 'AdGroup' | 'Keyword' | 'Ad';
  entity_id: string;
  entity_name: string;
  field: string;
  old_value: unknown;
  new_value: unknown;
  /** Who made it, as the platform records it; absent where every change came through this gateway (sandbox accounts). */
  changed_by?: string;
}

export const EDITORIAL_STATUSES = ['Pending', 'Approved', 'Disapproved'] as const;
export type DeskAdsEditorialStatus = (typeof EDITORIAL_STATUSES)[number];

/** A responsive search ad: the platform combines its headlines and descriptions per search. */
export interface DeskAdsAd {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  type: 'ResponsiveSearch';
  headlines: string[];
  descriptions: string[];
  path1: string | null;
  path2: string | null;
  final_url: string;
  status: DeskAdsEntityStatus;
  /** Pending while under review; an ad serves only once Approved. */
  editorial_status: DeskAdsEditorialStatus;
  /** Why it was disapproved. */
  editorial_reason: string | null;
}
export type DeskAdsNewAd = Pick<DeskAdsAd, 'ad_group_id' | 'headlines' | 'descriptions' | 'path1' | 'path2' | 'final_url' | 'status'>;
export type DeskAdsAdPatch = Partial<Pick<DeskAdsAd, 'headlines' | 'descriptions' | 'path1' | 'path2' | 'final_url' | 'status'>>;

export interface DeskAdsBidEstimate {
  keyword_id: string;
  first_page: number;
  top_of_page: number;
  mainline_first: number;
}

/** Quality score components as the platform rates them. */
export const QUALITY_RATINGS = ['BelowAverage', 'Average', 'AboveAverage'] as const;
export type DeskAdsQualityRating = (typeof QUALITY_RATINGS)[number];

/** What a new conversion goal needs; the platform sets status, tracking status and scope. */
export type DeskAdsNewConversionGoal = Pick<
  DeskAdsConversionGoal,
  | 'name'
  | 'type'
  | 'tag_id'
  | 'revenue_type'
  | 'revenue_value'
  | 'currency_code'
  | 'count_type'
  | 'conversion_window_minutes'
  | 'goal_category'
> & {
  /** Url goals: the URL condition (Equals, BeginsWith, Contains with the expression). */
  url_condition?: { operator: 'Equals' | 'BeginsWith' | 'Contains'; expression: string };
  /** Event goals: the event's category, action, label and value conditions (at least one). */
  event_condition?: { category?: string; action?: string; label?: string };
  /** Duration goals: minimum visit length in seconds; PagesViewedPerVisit goals: minimum pages. */
  minimum?: number;
};

/** Report segments: a campaign's rows split by the device or the network the ads showed on. */
export const DEVICE_TYPES = ['Computer', 'Smartphone', 'Tablet'] as const;
export const REPORT_NETWORKS = ['OwnedAndOperated', 'Syndicated', 'Audience'] as const;
export type DeskAdsReportSegment = 'DeviceType' | 'Network';

export const CAMPAIGN_TYPES = ['Search', 'Shopping', 'PerformanceMax'] as const;
export type DeskAdsCampaignType = (typeof CAMPAIGN_TYPES)[number];
/** Statuses a campaign, ad group or keyword can be set to; Deleted is final. */
export const ENTITY_STATUSES = ['Active', 'Paused', 'Deleted'] as const;
export type DeskAdsEntityStatus = (typeof ENTITY_STATUSES)[number];
export const BID_STRATEGIES = ['ManualCpc', 'EnhancedCpc', 'MaxClicks', 'MaxConversions', 'TargetCpa'] as const;
export type DeskAdsBidStrategy = (typeof BID_STRATEGIES)[number];
export const NETWORKS = ['OwnedAndOperatedAndSyndicatedSearch', 'OwnedAndOperatedOnly', 'SyndicatedSearchOnly'] as const;
export type DeskAdsNetwork = (typeof NETWORKS)[number];
export const MATCH_TYPES = ['Exact', 'Phrase', 'Broad'] as const;
export type DeskAdsMatchType = (typeof MATCH_TYPES)[number];
export const NEGATIVE_MATCH_TYPES = ['Exact', 'Phrase'] as const;
export type DeskAdsNegativeMatchType = (typeof NEGATIVE_MATCH_TYPES)[number];

export interface DeskAdsCampaign {
  id: string;
  name: string;
  type: DeskAdsCampaignType;
  status: DeskAdsEntityStatus;
  /** Daily budget in account currency (DailyBudgetStandard). */
  daily_budget: number;
  bid_strategy: DeskAdsBidStrategy;
  /** TargetCpa only. */
  target_cpa?: number;
  start_date: string;
  end_date?: string;
}
export type DeskAdsCampaignPatch = Partial<
  Pick<DeskAdsCampaign, 'name' | 'status' | 'daily_budget' | 'bid_strategy' | 'target_cpa' | 'end_date'>
>;

export interface DeskAdsAdGroup {
  id: string;
  campaign_id: string;
  name: string;
  status: DeskAdsEntityStatus;
  /** Default CPC bid of the ad group's keywords, account currency. */
  cpc_bid: number;
  network: DeskAdsNetwork;
  start_date: string;
  end_date?: string;
}
export type DeskAdsNewAdGroup = Omit<DeskAdsAdGroup, 'id'>;
export type DeskAdsAdGroupPatch = Partial<Pick<DeskAdsAdGroup, 'name' | 'status' | 'cpc_bid' | 'network' | 'start_date' | 'end_date'>>;

export interface DeskAdsKeyword {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  text: string;
  match_type: DeskAdsMatchType;
  /** Own CPC bid; null = the ad group's default bid. */
  bid: number | null;
  status: DeskAdsEntityStatus;
  /** 1-10 as the platform rates it; null until it has enough impressions. */
  quality_score: number | null;
  /** The score's components; null with the score. */
  quality_components: { expected_ctr: DeskAdsQualityRating; ad_relevance: DeskAdsQualityRating; landing_page: DeskAdsQualityRating } | null;
  final_url: string | null;
}
export type DeskAdsNewKeyword = Pick<DeskAdsKeyword, 'text' | 'match_type' | 'bid' | 'final_url'>;
export type DeskAdsKeywordPatch = Partial<Pick<DeskAdsKeyword, 'bid' | 'status' | 'final_url'>>;

/** Where a negative keyword sits: a campaign or an ad group. */
export interface DeskAdsNegativeOwner {
  level: 'Campaign' | 'AdGroup';
  id: string;
}

export interface DeskAdsNegativeKeyword {
  id: string;
  level: 'Campaign' | 'AdGroup';
  /** The campaign or ad group it belongs to. */
  owner_id: string;
  campaign_id: string;
  text: string;
  match_type: DeskAdsNegativeMatchType;
}

export const REPORT_TYPES = [
  'ProductDimensionPerformance',
  'CampaignPerformance',
  'AdGroupPerformance',
  'KeywordPerformance',
  'SearchQueryPerformance',
  'AdPerformance',
] as const;
export type DeskAdsReportType = (typeof REPORT_TYPES)[number];
export type DeskAdsReportAggregation = 'Summary' | 'Daily';

export interface DeskAdsReportRequest {
  /** A row per product, campaign, ad group or keyword. */
  report_type: DeskAdsReportType;
  aggregation: DeskAdsReportAggregation;
  /** YYYY-MM-DD, both included. */
  start_date: string;
  end_date: string;
  /** Campaign, ad group and keyword reports: one row per device type or network as well. */
  segment?: DeskAdsReportSegment;
}

/** One report row: its dimensions, then what was delivered (spend and revenue in account currency). */
export interface DeskAdsReportRow {
  /** Daily aggregation: the day, YYYY-MM-DD. */
  date?: string;
  campaign_id: string;
  /** ProductDimensionPerformance: the product's id (DeskAdsProduct.id). */
  product_id?: string;
  /** AdGroupPerformance and KeywordPerformance. */
  ad_group_id?: string;
  /** KeywordPerformance and SearchQueryPerformance (the keyword that matched). */
  keyword_id?: string;
  /** AdPerformance. */
  ad_id?: string;
  /** SearchQueryPerformance: what the user searched for. */
  search_term?: string;
  /**
   * CampaignPerformance, Daily: the campaign's daily budget that day, where the platform keeps it (a
   * past day is judged against its own budget, not today's). A campaign on a shared budget that day has
   * no budget of its own: this is the shared budget's amount that day (shared_budget_amount).
   */
  daily_budget?: number;
  /**
   * CampaignPerformance, Daily: the shared budget (Budget entity) the campaign drew on that day and
   * that budget's daily amount that day, where the platform keeps them (a shared budget's past day is
   * judged against its own amount, not today's).
   */
  shared_budget_id?: string;
  shared_budget_amount?: number;
  /** Segmented by DeviceType. */
  device_type?: (typeof DEVICE_TYPES)[number];
  /** Segmented by Network. */
  network?: (typeof REPORT_NETWORKS)[number];
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  revenue: number;
}

export interface DeskAdsAccountInfo {
  id: string;
  /** Numeric AccountId: what every deskads tool takes as account_id. */
  account_id: string;
  /** The 8-character account number the web interface shows (F1234567). Not accepted by tools. */
  account_number: string;
  name: string;
  /** Active, Inactive, Pause. */
  status: string;
  currency_code: string;
  time_zone: string;
  /** Numeric id of the parent customer (manager) the account sits under. */
  parent_customer_id: string;
}

export const GOAL_TYPES = [
  'Url',
  'Event',
  'Duration',
  'PagesViewedPerVisit',
  'AppInstall',
  'OfflineConversion',
  'InStoreTransaction',
] as const;
export type DeskAdsGoalType = (typeof GOAL_TYPES)[number];

export interface DeskAdsConversionGoal {
  id: string;
  name: string;
  type: DeskAdsGoalType;
  /** Active, Paused, InActive, Deleted. */
  status: string;
  /** TagUnverified, NoRecentConversions, RecentConversions, TagInactive. */
  tracking_status: string;
  /** Backing conversion tag (the site-wide tag) (absent for offline and in-store goals). */
  tag_id?: string;
  /** FixedValue, VariableValue, NoValue. */
  revenue_type: string;
  revenue_value: number | null;
  currency_code: string;
  /** All or Unique. */
  count_type: string;
  conversion_window_minutes: number;
  /** Purchase, AddToCart, Signup, Lead, PageView, Download, Other. */
  goal_category: string;
  /** Account or Customer. */
  scope: string;
  /** When tracking started; absent on goals made before the platform recorded it. */
  start_date?: string;
}

export interface DeskAdsUetTag {
  id: string;
  name: string;
  /** Unverified, Active, Inactive. */
  status: string;
}

export interface DeskAdsProduct {
  id: string;
  /** The merchant's own product id (offer id) in the store feed. */
  merchant_product_id: string;
  title: string;
  brand: string;
  category: string;
  seller: string;
  store_id: string;
  store_name: string;
  campaign_id: string;
  campaign_name: string;
  /** Shopping or PerformanceMax. */
  campaign_type: string;
  condition: 'New' | 'Refurbished' | 'Used';
  price: number;
  /** 1-10, as the platform rates the product offer; null where it gives no rating (live accounts: the public API rates no offer). */
  quality_score: number | null;
  /** Share of eligible impressions won, 0-1. */
  impression_share: number;
  start_date: string;
}
