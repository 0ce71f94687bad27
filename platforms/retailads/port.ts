/**
 * The retailads platform interface (retail-marketplace advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods.
 */
export interface RetailAdsPort {
  listProfiles(): Promise<RetailAdsProfile[]>;
  listCampaigns(): Promise<RetailAdsCampaign[]>;
  getCampaign(campaignId: string): Promise<RetailAdsCampaign>;
  listAdGroups(): Promise<RetailAdsAdGroup[]>;
  getAdGroup(adGroupId: string): Promise<RetailAdsAdGroup>;
  listProductAds(): Promise<RetailAdsProductAd[]>;
  /** Sponsored Products keywords and Sponsored Brands keywords (ad_product tells which). */
  listKeywords(): Promise<RetailAdsKeyword[]>;
  /** Product / category / auto targets of SP, SB and SD. */
  listTargets(): Promise<RetailAdsTarget[]>;
  listSbNegativeKeywords(): Promise<RetailAdsSbNegativeKeyword[]>;
  createSbNegativeKeywords(items: Omit<RetailAdsSbNegativeKeyword, 'id' | 'state' | 'created_at'>[], now: Date): Promise<RetailAdsSbNegativeKeyword[]>;
  /** Keyword suggestions for the products of an ad group or for ASINs, best first. */
  getKeywordRecommendations(source: { adGroupId: string } | { asins: string[] }, max: number): Promise<RetailAdsKeywordRecommendation[]>;
  /** All rows of a report type over [start, end], from the nightly-collected store. */
  getReport(reportType: RetailAdsReportTypeId, start: string, end: string): Promise<RetailAdsReportRow[]>;
  /** Sponsored Products campaign x placement rows over [start, end]. */
  getPlacementReport(start: string, end: string): Promise<RetailAdsReportRow[]>;
}

export type RetailAdsReportTypeId =
  | 'spCampaigns' | 'sbCampaigns' | 'sdCampaigns'
  | 'spSearchTerm' | 'sbSearchTerm'
  | 'spTargeting' | 'sbTargeting' | 'sdTargeting'
  | 'spAdvertisedProduct' | 'sdAdvertisedProduct'
  | 'spPurchasedProduct' | 'sbPurchasedProduct'
  | 'sbAdGroup' | 'sdAdGroup';

/** The report types the platform offers: the ad product each covers and its level (what a row is). */
export const REPORT_TYPES: Record<RetailAdsReportTypeId, { adProduct: RetailAdsAdProduct; level: string }> = {
  spCampaigns: { adProduct: 'SPONSORED_PRODUCTS', level: 'campaign' },
  sbCampaigns: { adProduct: 'SPONSORED_BRANDS', level: 'campaign' },
  sdCampaigns: { adProduct: 'SPONSORED_DISPLAY', level: 'campaign' },
  spSearchTerm: { adProduct: 'SPONSORED_PRODUCTS', level: 'search term' },
  sbSearchTerm: { adProduct: 'SPONSORED_BRANDS', level: 'search term' },
  spTargeting: { adProduct: 'SPONSORED_PRODUCTS', level: 'keyword / target' },
  sbTargeting: { adProduct: 'SPONSORED_BRANDS', level: 'keyword / target' },
  sdTargeting: { adProduct: 'SPONSORED_DISPLAY', level: 'target' },
  spAdvertisedProduct: { adProduct: 'SPONSORED_PRODUCTS', level: 'advertised product' },
  sdAdvertisedProduct: { adProduct: 'SPONSORED_DISPLAY', level: 'advertised product' },
  spPurchasedProduct: { adProduct: 'SPONSORED_PRODUCTS', level: 'purchased product' },
  sbPurchasedProduct: { adProduct: 'SPONSORED_BRANDS', level: 'purchased product' },
  sbAdGroup: { adProduct: 'SPONSORED_BRANDS', level: 'ad group' },
  sdAdGroup: { adProduct: 'SPONSORED_DISPLAY', level: 'ad group' },
};

export const REPORT_TYPE_IDS = Object.keys(REPORT_TYPES) as RetailAdsReportTypeId[];

/** One row of a report: dimensions of its level, then metrics over the range (sales = attributed revenue). */
export interface RetailAdsReportRow {
  ad_product: RetailAdsAdProduct;
  campaign_id: string;
  campaign_name: string;
  campaign_state?: RetailAdsState;
  daily_budget?: number;
  ad_group_id?: string;
  ad_group_name?: string;
  ad_group_state?: RetailAdsState;
  keyword_id?: string;
  keyword?: string;
  /** Keyword text or targeting expression. */
  targeting?: string;
  match_type?: RetailAdsMatchType;
  search_term?: string;
  advertised_asin?: string;
  advertised_sku?: string;
  purchased_asin?: string;
  placement?: RetailAdsPlacement;
  placement_adjustment?: number;
  impressions: number;
  clicks: number;
  spend: number;
  orders: number;
  sales: number;
  ctr: number | null;
  cpc: number | null;
  /** Orders per click. */
  cvr: number | null;
  /** Advertising cost of sales, percent; null when there were no sales. */
  acos: number | null;
  /** Sales per unit of spend; null when nothing was spent. */
  roas: number | null;
}

export type RetailAdsAdProduct = 'SPONSORED_PRODUCTS' | 'SPONSORED_BRANDS' | 'SPONSORED_DISPLAY';
export type RetailAdsState = 'ENABLED' | 'PAUSED' | 'ARCHIVED';
export type RetailAdsMatchType = 'EXACT' | 'PHRASE' | 'BROAD';
export const PLACEMENTS = ['TOP_OF_SEARCH', 'REST_OF_SEARCH', 'PRODUCT_PAGES'] as const;
export type RetailAdsPlacement = (typeof PLACEMENTS)[number];

export interface RetailAdsProfile {
  id: string;
  profile_id: string;
  country_code: string;
  currency_code: string;
  marketplace_string_id: string;
  timezone: string;
  daily_budget: number;
  account_info: { id: string; type: 'seller' | 'vendor'; name: string; valid_payment_method: boolean };
}

export interface RetailAdsCampaign {
  id: string;
  name: string;
  ad_product: RetailAdsAdProduct;
  state: RetailAdsState;
  /** SP only: MANUAL (keywords/targets) or AUTO. */
  targeting_type?: 'MANUAL' | 'AUTO';
  daily_budget: number;
  start_date: string;
  end_date?: string;
  /** SP dynamic bidding strategy. */
  bidding_strategy?: 'LEGACY_FOR_SALES' | 'AUTO_FOR_SALES' | 'MANUAL';
  /** SP placement bid adjustments, percent 0-900. */
  placement_adjustments?: Partial<Record<RetailAdsPlacement, number>>;
}

export interface RetailAdsAdGroup {
  id: string;
  campaign_id: string;
  ad_product: RetailAdsAdProduct;
  name: string;
  state: RetailAdsState;
  default_bid: number;
}

export interface RetailAdsProductAd {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  ad_product: RetailAdsAdProduct;
  asin: string;
  sku?: string;
  title: string;
  category: string;
  state: RetailAdsState;
}

export interface RetailAdsKeyword {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  ad_product: RetailAdsAdProduct;
  keyword_text: string;
  match_type: RetailAdsMatchType;
  bid: number;
  /** SP: ENABLED/PAUSED/ARCHIVED; SB keywords use the lowercase enabled/paused of the SB API. */
  state: RetailAdsState | 'enabled' | 'paused';
}

export interface RetailAdsTarget {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  ad_product: RetailAdsAdProduct;
  /** e.g. close-match, asinSameAs=B0..., asinCategorySameAs=..., views=... */
  expression: string;
  expression_type: 'AUTO' | 'MANUAL';
  bid: number;
  state: RetailAdsState | 'enabled' | 'paused';
}

export interface RetailAdsSbNegativeKeyword {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  keyword_text: string;
  match_type: 'negativeExact' | 'negativePhrase';
  state: 'enabled';
  created_at: string;
}

export interface RetailAdsKeywordRecommendation {
  keyword: string;
  match_type: RetailAdsMatchType;
  rank: number;
  /** Suggested bid and its range, account currency. */
  suggested_bid: number;
  bid_range_low: number;
  bid_range_high: number;
  /** Relative search interest, 1-100. */
  search_interest: number;
  /** ASIN or product the suggestion comes from. */
  source: string;
}
