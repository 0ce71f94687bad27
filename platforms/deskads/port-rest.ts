/**
 * The deskads port, last family (issue 16): campaign creation (search and shopping), shared budgets,
 * audiences and their ad group criteria, geographic and audience reports. Shaped after the
 * platform's Campaign Management service (AddCampaigns with BudgetType / BudgetId and a
 * ShoppingSetting, AddBudgets / GetBudgetsByIds / UpdateBudgets, GetAudiencesByIds,
 * AddAdGroupCriterions with an AudienceCriterion and a BidMultiplier, the ad group's TargetSetting
 * "TargetAndBid" for the Audience criterion group, ApplyProductPartitionActions,
 * GetBMCStoresByCustomerId, GetGeoLocationsFileUrl) and its Reporting service
 * (GeographicPerformanceReportRequest, AudiencePerformanceReportRequest).
 */

import type { DeskAdsCampaign } from './port';

/** How a daily budget is spent: evenly over the day, or as fast as the traffic comes. */
export const BUDGET_TYPES = ['DailyBudgetStandard', 'DailyBudgetAccelerated'] as const;
export type DeskAdsBudgetType = (typeof BUDGET_TYPES)[number];

/** A campaign's shopping setting: the merchant store, the country its products sell in, the priority among campaigns of the store. */
export interface DeskAdsShoppingSetting {
  store_id: string;
  /** ISO 3166-1 alpha-2 (US, GB...). */
  sales_country_code: string;
  /** 0 low, 1 medium, 2 high: the campaign that serves when several advertise the same product. */
  priority: 0 | 1 | 2;
}

/** Settings a campaign may carry beyond the first part's fields. */
export interface DeskAdsCampaignSettings {
  budget_type?: DeskAdsBudgetType;
  /**
   * A shared budget (Budget entity): the campaign draws on its whole amount with its other campaigns, and the
   * daily_budget the platform keeps for it is no budget of its own (the tools show the shared amount: tools/campaign-budget.ts).
   */
  budget_id?: string;
  /** Shopping campaigns. */
  shopping_setting?: DeskAdsShoppingSetting;
  /** Language names as the platform takes them (English, French...); absent = the account's default. */
  languages?: string[];
  /** Location criteria: ids from the geographic locations file. */
  location_ids?: string[];
}

/** What a new campaign needs (AddCampaigns). */
export interface DeskAdsNewCampaign extends DeskAdsCampaignSettings {
  name: string;
  type: 'Search' | 'Shopping';
  status: 'Active' | 'Paused';
  /** Its own daily budget; with budget_id none (the campaign draws on the shared budget). */
  daily_budget?: number;
  bid_strategy: 'ManualCpc' | 'EnhancedCpc' | 'MaxClicks' | 'MaxConversions' | 'TargetCpa';
  target_cpa?: number;
  start_date: string;
  end_date?: string;
}

/** A shared budget (Budget entity): one daily amount several campaigns draw on. */
export interface DeskAdsBudget {
  id: string;
  name: string;
  /** Daily amount, account currency. */
  amount: number;
  budget_type: DeskAdsBudgetType;
  /** Campaigns that use it (AssociationCount). */
  campaign_ids: string[];
}

/** A merchant store (Microsoft Merchant Center) the account may advertise products of. */
export interface DeskAdsStore {
  id: string;
  name: string;
  /** Whether the store is approved to serve. */
  status: 'Active' | 'Disabled';
}

/** A shopping ad group's product ad: the platform fills it from the product feed. */
export interface DeskAdsProductAd {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  /** Optional line shown with the products (at most 45 characters). */
  promotional_text: string | null;
  status: 'Active' | 'Paused';
}

/** Dimensions a product partition can split on. */
export const PARTITION_DIMENSIONS = ['Brand', 'CategoryL1', 'Condition', 'Id'] as const;
export type DeskAdsPartitionDimension = (typeof PARTITION_DIMENSIONS)[number];

/** A leaf of the product group tree: the products it selects are bid on (or excluded). */
export interface DeskAdsProductPartition {
  id: string;
  ad_group_id: string;
  /** All for the root "All products"; otherwise the dimension split on. */
  dimension: 'All' | DeskAdsPartitionDimension;
  /** The value matched; null = "everything else" in this dimension. */
  value: string | null;
  /** Unit (leaf) or Subdivision. */
  partition_type: 'Unit' | 'Subdivision';
  /** Leaves only: CPC bid, or null when excluded (a negative partition). */
  bid: number | null;
  excluded: boolean;
}
export type DeskAdsNewProductPartition = Omit<DeskAdsProductPartition, 'id' | 'ad_group_id'>;

export const AUDIENCE_TYPES = [
  'RemarketingList',
  'InMarketAudience',
  'CustomAudience',
  'ProductAudience',
  'SimilarRemarketingList',
  'CustomerList',
] as const;
export type DeskAdsAudienceType = (typeof AUDIENCE_TYPES)[number];

/** An audience the account can use (GetAudiencesByIds). */
export interface DeskAdsAudience {
  id: string;
  name: string;
  type: DeskAdsAudienceType;
  description: string | null;
  /** Days a visitor stays a member (remarketing, product and similar lists); null for others. */
  membership_duration_days: number | null;
  /** Users the audience can reach on search and on the audience network (SearchSize, AudienceNetworkSize). */
  search_size: number;
  audience_network_size: number;
  /** Account (own) or Customer (shared from the manager). */
  scope: 'Account' | 'Customer';
  /** Similar lists: the remarketing list they are built from. */
  source_audience_id: string | null;
  /** Active, or Inactive while too small to serve (under 1,000 users). */
  status: 'Active' | 'Inactive';
  start_date: string | null;
}

/** An audience on an ad group (AdGroupCriterion with an AudienceCriterion): a bid adjustment, or an exclusion. */
export interface DeskAdsAudienceCriterion {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  audience_id: string;
  audience_type: DeskAdsAudienceType;
  /** BidMultiplier in percent, -90..900. */
  bid_adjustment: number;
  /** Negative criterion: members are excluded. */
  excluded: boolean;
  status: 'Active' | 'Paused';
  created_at: string;
}
export type DeskAdsNewAudienceCriterion = Pick<DeskAdsAudienceCriterion, 'audience_id' | 'bid_adjustment' | 'excluded'>;

/** One place of the geographic locations file. */
export interface DeskAdsGeoLocation {
  id: string;
  name: string;
  type: 'Country' | 'State' | 'MetroArea' | 'City';
  country: string;
  /** The country's ISO code. */
  country_code: string;
  state: string | null;
  metro: string | null;
  /** Id of the place it sits in, null for a country. */
  parent_id: string | null;
}

/** LocationType of the geographic report: where the user was, or the place the search was about. */
export const LOCATION_TYPES = ['PhysicalLocation', 'LocationOfInterest'] as const;
export type DeskAdsLocationType = (typeof LOCATION_TYPES)[number];

interface ReportFigures {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  revenue: number;
}

/** A GeographicPerformanceReport row over the range: one per campaign, most specific location and location type. */
export interface DeskAdsGeoReportRow extends ReportFigures {
  campaign_id: string;
  /** The city's location id. */
  location_id: string;
  country: string;
  state: string | null;
  metro: string | null;
  city: string | null;
  most_specific_location: string;
  location_type: DeskAdsLocationType;
}

/** An AudiencePerformanceReport row over the range: one per ad group and audience; audience_id null = users in none of its audiences. */
export interface DeskAdsAudienceReportRow extends ReportFigures {
  campaign_id: string;
  ad_group_id: string;
  audience_id: string | null;
  /** Target (target and bid) or Bid (bid only), as the ad group's setting was. */
  targeting_setting: 'TargetAndBid' | 'BidOnly';
}

export interface DeskAdsRangeRequest {
  start_date: string;
  end_date: string;
}

export interface DeskAdsRestPort {
  /** AddCampaigns: a campaign of its own budget or on a shared one (BudgetId). */
  createCampaign(campaign: DeskAdsNewCampaign): Promise<DeskAdsCampaign & DeskAdsCampaignSettings>;
  /** The campaigns with their settings (budget type, shared budget, shopping setting, languages, locations). */
  listCampaignSettings(): Promise<(DeskAdsCampaign & DeskAdsCampaignSettings)[]>;
  /** GetBudgetsByIds: the account's shared budgets. */
  listBudgets(): Promise<DeskAdsBudget[]>;
  /** UpdateBudgets: a new daily amount; `expect` the amount it must still have. */
  updateBudget(id: string, amount: number, expectAmount?: number): Promise<DeskAdsBudget>;
  /** GetBMCStoresByCustomerId. */
  listStores(): Promise<DeskAdsStore[]>;
  /** ApplyProductPartitionActions: the ad group's product group tree (root subdivision and its units). */
  setProductPartitions(adGroupId: string, partitions: DeskAdsNewProductPartition[]): Promise<DeskAdsProductPartition[]>;
  listProductPartitions(adGroupId?: string): Promise<DeskAdsProductPartition[]>;
  /** AddAds with a ProductAd: a shopping ad group shows its products only with one (the platform builds the ad from the feed). */
  addProductAd(adGroupId: string, promotionalText?: string): Promise<DeskAdsProductAd>;
  /** The geographic locations file (GetGeoLocationsFileUrl): every place location targets and reports name. */
  listGeoLocations(): Promise<DeskAdsGeoLocation[]>;
  listAudiences(): Promise<DeskAdsAudience[]>;
  listAudienceCriteria(filter?: { adGroupId?: string }): Promise<DeskAdsAudienceCriterion[]>;
  /** AddAdGroupCriterions with AudienceCriterion (biddable, or negative when excluded). */
  addAudienceCriteria(adGroupId: string, criteria: DeskAdsNewAudienceCriterion[]): Promise<DeskAdsAudienceCriterion[]>;
  /** The ad group's TargetSetting for the Audience group: true = target and bid (only members see its ads), false = bid only. */
  getAudienceTargetAndBid(adGroupId: string): Promise<boolean>;
  setAudienceTargetAndBid(adGroupId: string, targetAndBid: boolean): Promise<void>;
  /** GeographicPerformanceReport, Summary over the range: rows with impressions only. */
  getGeoReport(request: DeskAdsRangeRequest): Promise<DeskAdsGeoReportRow[]>;
  /** AudiencePerformanceReport, Summary over the range: rows with impressions only; they add up to the ad groups. */
  getAudienceReport(request: DeskAdsRangeRequest): Promise<DeskAdsAudienceReportRow[]>;
}
