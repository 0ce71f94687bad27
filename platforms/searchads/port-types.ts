/**
 * The searchads platform's entities as its port shows them (campaigns, ad groups, ads, keywords,
 * negatives, criteria, assets, labels, audiences, languages, locations, report rows). The port
 * (port.ts) and its family ports (port-*.ts) import them from here, so no port file imports another
 * port file's interface in a circle; port.ts re-exports them for the tools.
 */
import type { ReportedDay } from '../../core/metrics';

/**
 * The resource a report is about: the whole account, each campaign, ad group, keyword, ad, or each
 * search term (the query people typed) with the keyword that matched it.
 */
export type SearchAdsReportLevel = 'customer' | 'campaign' | 'ad_group' | 'keyword' | 'ad' | 'search_term';

export type SearchAdsReportRow = ReportedDay & {
  /** Set on every level below the customer. */
  campaign_id?: string;
  /** Set on ad group, keyword, ad and search term rows. */
  ad_group_id?: string;
  /** Keyword and search term rows: the keyword (search term rows: the keyword that matched). */
  keyword_id?: string;
  /** Ad rows. */
  ad_id?: string;
  /** Search term rows: the query as typed. */
  search_term?: string;
  /**
   * Campaign rows: the campaign's daily budget that day, where the platform keeps it (the sandbox does;
   * absent = unknown, today's budget is used and the tool says so).
   */
  daily_budget?: number;
  /**
   * Campaign rows of a campaign on a shared budget that day: the budget's id. Its campaigns draw from its
   * one amount together, so a day of each is judged with the spend of all of them (core/budget-limited.ts).
   */
  shared_budget_id?: string;
};

export interface SearchAdsAccountSettings {
  id: string;
  customer_id: string;
  descriptive_name: string;
  currency_code: string;
  time_zone: string;
  /**
   * Partner accounts may opt campaigns into the partner search network toggle. Undefined when the
   * platform does not say (live accounts): the platform then accepts or refuses the toggle itself.
   */
  is_partner_account?: boolean;
}

/** Campaign channels of the shopping family beyond the port's original types. */
export type SearchAdsChannelCampaignType = 'DEMAND_GEN' | 'MULTI_CHANNEL';
export type SearchAdsCampaignType = 'SEARCH' | 'DISPLAY' | 'PERFORMANCE_MAX' | 'SHOPPING' | 'VIDEO' | SearchAdsChannelCampaignType;
export type SearchAdsCampaignStatus = 'ENABLED' | 'PAUSED' | 'REMOVED';
export type AudienceTargetingMode = 'OBSERVATION' | 'TARGETING';

export interface SearchAdsNetworkSettings {
  target_google_search: boolean;
  target_search_network: boolean;
  target_content_network: boolean;
  target_partner_search_network: boolean;
  target_youtube: boolean;
  target_google_tv_network: boolean;
}

export interface SearchAdsFrequencyCap {
  /** IMPRESSION or VIDEO_VIEW. */
  event_type: 'IMPRESSION' | 'VIDEO_VIEW';
  level: 'CAMPAIGN' | 'AD_GROUP' | 'AD_GROUP_AD';
  time_unit: 'DAY' | 'WEEK' | 'MONTH';
  time_length: number;
  cap: number;
}

export interface SearchAdsCampaign {
  id: string;
  name: string;
  type: SearchAdsCampaignType;
  status: SearchAdsCampaignStatus;
  /** Daily budget in account currency. */
  budget_amount: number;
  bidding_strategy?: string;
  start_date: string;
  end_date?: string;
  network_settings?: SearchAdsNetworkSettings;
  /** Language constant ids (`1000` = English). Empty = all languages. */
  language_ids?: string[];
  audience_targeting_mode?: AudienceTargetingMode;
  ai_max_enabled?: boolean;
  url_expansion_opt_out?: boolean;
  tracking_url_template?: string;
  final_url_suffix?: string;
  url_custom_parameters?: { key: string; value: string }[];
  /** Label ids. */
  label_ids?: string[];
  /** Display campaigns only. */
  frequency_caps?: SearchAdsFrequencyCap[];
  /** Targets of the bidding strategy, where it has one (target CPA, target ROAS). */
  bidding_targets?: SearchAdsBiddingTargets;
}

/** Bidding strategy targets (account currency; ROAS as a ratio, 4 = 400 %). */
export interface SearchAdsBiddingTargets {
  target_cpa?: number;
  target_roas?: number;
  /** Manual CPC with enhanced bidding. */
  max_cpc_limit?: number;
}

export type NewSearchAdsCampaign = Omit<SearchAdsCampaign, 'id' | 'label_ids' | 'frequency_caps'>;

export type SearchAdsAdGroupStatus = 'ENABLED' | 'PAUSED' | 'REMOVED';

export interface SearchAdsAdGroupAudience {
  /** IN_MARKET, AFFINITY, CUSTOM or USER_LIST. */
  type: SearchAdsAudienceType;
  /** Segment id (the id of the user interest, custom audience or user list). */
  audience_id: string;
  name: string;
  /** Ad group criterion id. */
  criterion_id: string;
}

export interface SearchAdsAdGroup {
  id: string;
  campaign_id: string;
  name: string;
  status: SearchAdsAdGroupStatus;
  /** SEARCH_STANDARD, DISPLAY_STANDARD, SHOPPING_PRODUCT_ADS, VIDEO_RESPONSIVE. */
  type: string;
  cpc_bid: number;
  audiences?: SearchAdsAdGroupAudience[];
}

export type NewSearchAdsAdGroup = Omit<SearchAdsAdGroup, 'id' | 'audiences'>;

export interface SearchAdsAd {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  /** RESPONSIVE_SEARCH_AD, RESPONSIVE_DISPLAY_AD, SHOPPING_PRODUCT_AD, VIDEO_RESPONSIVE_AD. */
  type: string;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
  headlines: string[];
  descriptions: string[];
  final_url: string;
  path1?: string;
  path2?: string;
}

export type NewSearchAdsAd = Omit<SearchAdsAd, 'id' | 'campaign_id'>;
export type SearchAdsAdPatch = Partial<Pick<SearchAdsAd, 'status' | 'headlines' | 'descriptions' | 'final_url' | 'path1' | 'path2'>>;

export type KeywordMatchType = 'EXACT' | 'PHRASE' | 'BROAD';

export interface SearchAdsKeyword {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  text: string;
  match_type: KeywordMatchType;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
  cpc_bid?: number;
  quality_score?: number;
}

export type NewSearchAdsKeyword = Pick<SearchAdsKeyword, 'ad_group_id' | 'text' | 'match_type' | 'cpc_bid'> & {
  status: 'ENABLED' | 'PAUSED';
};
export type SearchAdsKeywordPatch = Partial<Pick<SearchAdsKeyword, 'status' | 'cpc_bid'>>;

export interface SearchAdsNegativeKeyword {
  id: string;
  campaign_id: string;
  /** Set for ad-group-level negatives; campaign-level otherwise. */
  ad_group_id?: string;
  text: string;
  match_type: KeywordMatchType;
}

export type NewSearchAdsNegativeKeyword = Omit<SearchAdsNegativeKeyword, 'id'>;

export interface SearchAdsListNegativeKeyword {
  id: string;
  text: string;
  match_type: KeywordMatchType;
}

/** A shared negative keyword list: one list of negatives applied to many campaigns. */
export interface SearchAdsNegativeKeywordList {
  id: string;
  name: string;
  keywords: SearchAdsListNegativeKeyword[];
  campaign_ids: string[];
}

export interface SearchAdsCampaignCriterion {
  /** `<campaign_id>~<criterion_id>`, as in the criterion's resource name. */
  id: string;
  campaign_id: string;
  criterion_id: string;
  type: 'LOCATION';
  /** `geoTargetConstants/<id>`. */
  geo_target_constant: string;
  negative: boolean;
  /** Bid modifier of a targeted location (1 = none), where one is set. */
  bid_modifier?: number;
}

export type NewSearchAdsCampaignCriterion = Omit<SearchAdsCampaignCriterion, 'id' | 'criterion_id'>;

/** What an asset is used as on a campaign (a business name is a text asset used as BUSINESS_NAME). */
export type SearchAdsAssetType = 'CALLOUT' | 'CALL' | 'SITELINK' | 'STRUCTURED_SNIPPET' | 'BUSINESS_NAME';

export interface SearchAdsAsset {
  id: string;
  type: SearchAdsAssetType;
  /** CALLOUT */
  callout_text?: string;
  /** CALL */
  phone_number?: string;
  country_code?: string;
  /** SITELINK: link text (<= 25), final URL and two optional description lines (<= 35 each). */
  link_text?: string;
  final_url?: string;
  description1?: string;
  description2?: string;
  /** STRUCTURED_SNIPPET: one of the platform's headers and 3-10 values (<= 25 each). */
  header?: string;
  values?: string[];
  /** BUSINESS_NAME (<= 25). */
  text?: string;
  /** When the asset was created, where the platform says. */
  created_at?: string;
}

export type NewSearchAdsAsset = Omit<SearchAdsAsset, 'id' | 'created_at'>;

/** What a linked asset is used as: an extension type, or an image of a Search campaign (AD_IMAGE) or its logo (BUSINESS_LOGO). */
export type SearchAdsCampaignAssetFieldType = SearchAdsAssetType | 'AD_IMAGE' | 'BUSINESS_LOGO';

export interface SearchAdsCampaignAsset {
  /** `<campaign_id>~<asset_id>~<field_type>`. */
  id: string;
  campaign_id: string;
  asset_id: string;
  field_type: SearchAdsCampaignAssetFieldType;
  status: 'ENABLED';
}

export type NewSearchAdsCampaignAsset = Omit<SearchAdsCampaignAsset, 'id' | 'status'>;

export interface SearchAdsLabel {
  id: string;
  name: string;
  description?: string;
  background_color: string;
}

export type SearchAdsAudienceType = 'IN_MARKET' | 'AFFINITY' | 'CUSTOM' | 'USER_LIST';

export interface SearchAdsAudienceSegment {
  id: string;
  type: SearchAdsAudienceType;
  name: string;
  /** `userInterests/<id>`, `customers/<cid>/customAudiences/<id>` or `customers/<cid>/userLists/<id>`. */
  resource_name: string;
  /** Taxonomy path for in-market and affinity segments. */
  parent?: string;
  description?: string;
  /** User lists: approximate list size on Search. */
  size_for_search?: number;
}

export interface SearchAdsLanguage {
  id: string;
  resource_name: string;
  /** ISO-639-1 code as accepted by update_campaign. */
  code: string;
  name: string;
  targetable: boolean;
}

export interface SearchAdsGeoTarget {
  id: string;
  resource_name: string;
  name: string;
  canonical_name: string;
  country_code: string;
  /** Country, State, Province, City, Region. */
  target_type: string;
}
