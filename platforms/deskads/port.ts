/**
 * The deskads platform interface (desktop search and shopping advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods (Customer Management GetAccount, Campaign
 * Management GetConversionGoalsByIds / GetUetTagsByIds, Reporting SubmitGenerateReport).
 */
export interface DeskAdsPort {
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
}

export const REPORT_TYPES = ['ProductDimensionPerformance', 'CampaignPerformance'] as const;
export type DeskAdsReportType = (typeof REPORT_TYPES)[number];
export type DeskAdsReportAggregation = 'Summary' | 'Daily';

export interface DeskAdsReportRequest {
  /** ProductDimensionPerformance: a row per product; CampaignPerformance: a row per campaign. */
  report_type: DeskAdsReportType;
  aggregation: DeskAdsReportAggregation;
  /** YYYY-MM-DD, both included. */
  start_date: string;
  end_date: string;
}

/** One report row: its dimensions, then what was delivered (spend and revenue in account currency). */
export interface DeskAdsReportRow {
  /** Daily aggregation: the day, YYYY-MM-DD. */
  date?: string;
  campaign_id: string;
  /** ProductDimensionPerformance: the product's id (DeskAdsProduct.id). */
  product_id?: string;
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

export const GOAL_TYPES = ['Url', 'Event', 'Duration', 'PagesViewedPerVisit', 'AppInstall', 'OfflineConversion', 'InStoreTransaction'] as const;
export type DeskAdsGoalType = (typeof GOAL_TYPES)[number];

export interface DeskAdsConversionGoal {
  id: string;
  name: string;
  type: DeskAdsGoalType;
  /** Active, Paused, InActive, Deleted. */
  status: string;
  /** TagUnverified, NoRecentConversions, RecentConversions, TagInactive. */
  tracking_status: string;
  /** Backing UET tag (absent for offline and in-store goals). */
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
  /** 1-10, as the platform rates the product offer. */
  quality_score: number;
  /** Share of eligible impressions won, 0-1. */
  impression_share: number;
  start_date: string;
}
