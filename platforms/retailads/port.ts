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
  createSbNegativeKeywords(
    items: Omit<RetailAdsSbNegativeKeyword, 'id' | 'state' | 'created_at'>[],
    now: Date,
  ): Promise<RetailAdsSbNegativeKeyword[]>;
  /** Keyword suggestions for the products of an ad group or for ASINs, best first. */
  getKeywordRecommendations(source: { adGroupId: string } | { asins: string[] }, max: number): Promise<RetailAdsKeywordRecommendation[]>;
  /**
   * The generic entity operations of the platform's v3 interface (list, get by id, create in
   * batches, update one): every entity kind of RetailAdsEntityTypes. The platform enforces its state
   * machines: an archived entity is final, SB states are lowercase, SP/SD states uppercase.
   */
  listEntities<K extends RetailAdsEntityKind>(kind: K): Promise<RetailAdsEntityTypes[K][]>;
  /** One entity; a not-found error naming the kind and id when there is none. */
  getEntity<K extends RetailAdsEntityKind>(kind: K, id: string): Promise<RetailAdsEntityTypes[K]>;
  createEntities<K extends RetailAdsEntityKind>(
    kind: K,
    items: Omit<RetailAdsEntityTypes[K], 'id'>[],
    now: Date,
  ): Promise<RetailAdsEntityTypes[K][]>;
  /**
   * Creates a batch and reports on each item, in order: the entity, or the reason it was not created
   * (a live platform answers each item of a batch on its own). The add-list tools use it so that every
   * item gets its own result; createEntities is the all-or-nothing form.
   */
  createEachEntity<K extends RetailAdsEntityKind>(
    kind: K,
    items: Omit<RetailAdsEntityTypes[K], 'id'>[],
    now: Date,
  ): Promise<RetailAdsItemResult<RetailAdsEntityTypes[K]>[]>;
  /** Sets fields of one entity; with `expect`, only while those fields hold those values. */
  updateEntity<K extends RetailAdsEntityKind>(
    kind: K,
    id: string,
    patch: Partial<RetailAdsEntityTypes[K]>,
    now: Date,
    expect?: Partial<RetailAdsEntityTypes[K]>,
  ): Promise<RetailAdsEntityTypes[K]>;
  /** Product ads of a new campaign (the product-ad step of the campaign creators). */
  createProductAds(items: Omit<RetailAdsProductAd, 'id'>[], now: Date): Promise<RetailAdsProductAd[]>;
  /** Submits a new creative version of a Sponsored Brands ad; it goes through moderation (IN_PROGRESS first). */
  submitSbCreative(adId: string, creative: RetailAdsSbCreativeContent, now: Date): Promise<RetailAdsSbAd>;
  /** Moderation of every creative version of an SB ad at `now`, with per-component results. */
  getModeration(adId: string, now: Date): Promise<RetailAdsModeration[]>;
  /** Moderation of every creative version of every SB ad at `now`. */
  listModeration(now: Date): Promise<RetailAdsModeration[]>;
  /** The brands the profile may advertise (brand registry). */
  listBrands(): Promise<RetailAdsBrand[]>;
  /** All rows of a report type over [start, end], from the nightly-collected store. */
  getReport(reportType: RetailAdsReportTypeId, start: string, end: string): Promise<RetailAdsReportRow[]>;
  /** Each campaign's spend per day over [start, end] (budget usage). */
  /**
   * Each campaign's spend per day, with the daily budget in force that day where the platform keeps it
   * (a past day is judged against its own budget, not today's; absent = unknown, today's is used).
   */
  getCampaignDays(start: string, end: string): Promise<{ campaign_id: string; date: string; spend: number; daily_budget?: number }[]>;
  /** Sponsored Products campaign x placement rows over [start, end]. */
  getPlacementReport(start: string, end: string): Promise<RetailAdsReportRow[]>;
}

/** The result of one item of a batch: the entity created, or the reason it was not. */
export type RetailAdsItemResult<T> = { entity: T } | { failed: string };

export type RetailAdsReportTypeId =
  | 'spCampaigns'
  | 'sbCampaigns'
  | 'sdCampaigns'
  | 'spSearchTerm'
  | 'sbSearchTerm'
  | 'spTargeting'
  | 'sbTargeting'
  | 'sdTargeting'
  | 'spAdvertisedProduct'
  | 'sdAdvertisedProduct'
  | 'spPurchasedProduct'
  | 'sbPurchasedProduct'
  | 'sbAdGroup'
  | 'sdAdGroup';

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
  /** SB: the brand the campaign advertises (list_retailads_brands). */
  brand_entity_id?: string;
  /** SD: contextual targeting (T00020) or audiences (T00030). */
  tactic?: 'T00020' | 'T00030';
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
  /** Sponsored Products video ads: the video shown with the product. */
  video_asset_id?: string;
}

export interface RetailAdsKeyword {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  ad_product: RetailAdsAdProduct;
  keyword_text: string;
  match_type: RetailAdsMatchType;
  bid: number;
  /** SP: ENABLED/PAUSED/ARCHIVED; SB keywords use the lowercase enabled/paused (archived) of the SB API. */
  state: RetailAdsState | 'enabled' | 'paused' | 'archived';
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
  state: RetailAdsState | 'enabled' | 'paused' | 'archived';
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

/** The entity kinds the generic operations cover, and their shapes. */
export interface RetailAdsEntityTypes {
  campaign: RetailAdsCampaign;
  ad_group: RetailAdsAdGroup;
  product_ad: RetailAdsProductAd;
  keyword: RetailAdsKeyword;
  negative_keyword: RetailAdsNegativeKeyword;
  target: RetailAdsTarget;
  sb_ad: RetailAdsSbAd;
  theme: RetailAdsTheme;
  asset: RetailAdsAsset;
}
export type RetailAdsEntityKind = keyof RetailAdsEntityTypes;

/** Sponsored Products negative keywords, at ad group level (ad_group_id) or campaign level (none). */
export interface RetailAdsNegativeKeyword {
  id: string;
  campaign_id: string;
  ad_group_id?: string;
  keyword_text: string;
  match_type: 'NEGATIVE_EXACT' | 'NEGATIVE_PHRASE';
  state: 'ENABLED' | 'ARCHIVED';
}

/** Sponsored Brands theme targeting: keywords the platform derives from the brand or landing pages. */
export interface RetailAdsTheme {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  theme_type: 'KEYWORDS_RELATED_TO_YOUR_BRAND' | 'KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES';
  bid: number;
  state: 'enabled' | 'paused' | 'archived';
}

export const SB_AD_TYPES = ['productCollection', 'video', 'brandVideo', 'storeSpotlight', 'autoCollection', 'manual'] as const;
export type RetailAdsSbAdType = (typeof SB_AD_TYPES)[number];

/** What one creative version of an SB ad shows. */
export interface RetailAdsSbCreativeContent {
  brand_name: string;
  headline?: string;
  brand_logo_asset_id?: string;
  custom_image_asset_id?: string;
  video_asset_id?: string;
  asins: string[];
  landing_page_url?: string;
}

export interface RetailAdsSbCreativeVersion extends RetailAdsSbCreativeContent {
  version: number;
  submitted_at: string;
}

/** A Sponsored Brands ad: its type and its creative versions, newest last (each moderated). */
export interface RetailAdsSbAd {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  name: string;
  ad_type: RetailAdsSbAdType;
  state: 'ENABLED' | 'PAUSED' | 'ARCHIVED';
  creatives: RetailAdsSbCreativeVersion[];
}

export type RetailAdsModerationStatus = 'APPROVED' | 'IN_PROGRESS' | 'REJECTED' | 'FAILED';

/** Moderation of one creative version, component by component (headline, logo, video, products...). */
export interface RetailAdsModeration {
  ad_id: string;
  version: number;
  status: RetailAdsModerationStatus;
  submitted_at: string;
  /** When moderation decided (absent while IN_PROGRESS). */
  decided_at?: string;
  components: { component: string; status: RetailAdsModerationStatus; reasons: string[] }[];
}

export interface RetailAdsAsset {
  id: string;
  asset_type: 'LOGO' | 'IMAGE' | 'VIDEO';
  name: string;
  content_type: string;
  size_bytes: number;
  width?: number;
  height?: number;
  source_url: string;
  tags: string[];
  brand_entity_id?: string;
  created_at: string;
}

export interface RetailAdsBrand {
  brand_id: string;
  brand_entity_id: string;
  brand_registry_name: string;
}

/** Archived is final on every entity (SB entities write it lowercase). */
export const isArchived = (state: unknown) => state === 'ARCHIVED' || state === 'archived';

/** The states an entity may take: Sponsored Brands keywords, targets and themes use the SB interface's lowercase states. */
export function statesOf(kind: RetailAdsEntityKind, entity: { ad_product?: string }): readonly string[] {
  if (kind === 'theme' || ((kind === 'keyword' || kind === 'target') && entity.ad_product === 'SPONSORED_BRANDS'))
    return ['enabled', 'paused', 'archived'];
  if (kind === 'negative_keyword') return ['ENABLED', 'ARCHIVED'];
  return ['ENABLED', 'PAUSED', 'ARCHIVED'];
}
