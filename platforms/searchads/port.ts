import type { SearchAdsInsightsPort } from './port-insights';
import type { SearchAdsBiddingPort } from './port-bidding';
import type { SearchAdsAudiencePort } from './port-audience';
import type { SearchAdsPmaxPort } from './port-pmax';
import type { SearchAdsShoppingPort } from './port-shopping';
import type { SearchAdsDisplayPort } from './port-display';
import type {
  NewSearchAdsAd,
  NewSearchAdsAdGroup,
  NewSearchAdsAsset,
  NewSearchAdsCampaign,
  NewSearchAdsCampaignAsset,
  NewSearchAdsCampaignCriterion,
  NewSearchAdsKeyword,
  NewSearchAdsNegativeKeyword,
  SearchAdsAccountSettings,
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsAdGroupAudience,
  SearchAdsAdPatch,
  SearchAdsAsset,
  SearchAdsAssetType,
  SearchAdsAudienceSegment,
  SearchAdsCampaign,
  SearchAdsCampaignAsset,
  SearchAdsCampaignCriterion,
  SearchAdsGeoTarget,
  SearchAdsKeyword,
  SearchAdsKeywordPatch,
  SearchAdsLabel,
  SearchAdsLanguage,
  SearchAdsListNegativeKeyword,
  SearchAdsNegativeKeyword,
  SearchAdsNegativeKeywordList,
  SearchAdsReportLevel,
  SearchAdsReportRow,
} from './port-types';

/**
 * The searchads platform interface (search and display advertising): everything its tools may
 * ask of the platform, in the platform's own terms. The sandbox adapter (sandbox/adapter.ts) implements it
 * over DynamoDB; the live adapter (live/adapter.ts) over the platform's REST interface (query
 * language search, mutate with update masks, geo target suggestions). Ids of created entities are
 * assigned by the platform; figures come only from `getReport`.
 */
export interface SearchAdsPort
  extends
    SearchAdsInsightsPort,
    SearchAdsBiddingPort,
    SearchAdsAudiencePort,
    SearchAdsPmaxPort,
    SearchAdsShoppingPort,
    SearchAdsDisplayPort {
  /** Account-level settings (descriptive name, partner-network eligibility). */
  getAccountSettings(): Promise<SearchAdsAccountSettings>;

  listCampaigns(): Promise<SearchAdsCampaign[]>;
  getCampaign(campaignId: string): Promise<SearchAdsCampaign>;
  /** Sets campaign fields (undefined removes one). With `expect`, only when those fields hold those values. */
  updateCampaign(
    campaignId: string,
    patch: Partial<Omit<SearchAdsCampaign, 'id'>>,
    expect?: Partial<SearchAdsCampaign>,
  ): Promise<SearchAdsCampaign>;

  listAdGroups(campaignId?: string): Promise<SearchAdsAdGroup[]>;
  getAdGroup(adGroupId: string): Promise<SearchAdsAdGroup>;
  updateAdGroup(
    adGroupId: string,
    patch: Partial<Omit<SearchAdsAdGroup, 'id' | 'audiences'>>,
    expect?: Partial<SearchAdsAdGroup>,
  ): Promise<SearchAdsAdGroup>;
  /** Adds audience criteria to an ad group; returns them with the criterion ids the platform assigned. */
  addAdGroupAudiences(adGroupId: string, audiences: Omit<SearchAdsAdGroupAudience, 'criterion_id'>[]): Promise<SearchAdsAdGroupAudience[]>;

  /** Creates a campaign with its own (not shared) daily budget. */
  createCampaign(campaign: NewSearchAdsCampaign): Promise<SearchAdsCampaign>;
  createAdGroup(group: NewSearchAdsAdGroup): Promise<SearchAdsAdGroup>;

  listAds(campaignId?: string): Promise<SearchAdsAd[]>;
  getAd(adId: string): Promise<SearchAdsAd>;
  /** Creates ads; returns them with the ids the platform assigned, in the order given. */
  createAds(ads: NewSearchAdsAd[]): Promise<SearchAdsAd[]>;
  /** Sets status or copy of an ad (the platform keeps the ad id). With `expect`, only when those fields hold those values. */
  updateAd(adId: string, patch: SearchAdsAdPatch, expect?: Partial<SearchAdsAd>): Promise<SearchAdsAd>;

  listKeywords(campaignId?: string): Promise<SearchAdsKeyword[]>;
  getKeyword(keywordId: string): Promise<SearchAdsKeyword>;
  /** Adds keywords to ad groups; returns them as created, in the order given. */
  addKeywords(keywords: NewSearchAdsKeyword[]): Promise<SearchAdsKeyword[]>;
  /** Sets a keyword's status (REMOVED is final) or its own CPC bid (undefined = the ad group's default bid). */
  updateKeyword(keywordId: string, patch: SearchAdsKeywordPatch, expect?: Partial<SearchAdsKeyword>): Promise<SearchAdsKeyword>;

  listNegativeKeywords(campaignId?: string): Promise<SearchAdsNegativeKeyword[]>;
  /** Adds negative keywords at campaign level (no ad_group_id) or ad group level. */
  addNegativeKeywords(negatives: NewSearchAdsNegativeKeyword[]): Promise<SearchAdsNegativeKeyword[]>;
  /** Removes negative keywords for good (as listed: the campaign or ad group they are on matters). */
  removeNegativeKeywords(negatives: SearchAdsNegativeKeyword[]): Promise<void>;

  /** Shared negative keyword lists with their keywords and the campaigns they apply to. */
  listNegativeKeywordLists(): Promise<SearchAdsNegativeKeywordList[]>;
  createNegativeKeywordList(name: string): Promise<SearchAdsNegativeKeywordList>;
  /** Adds keywords to a shared list; returns them with their ids, in the order given. */
  addListNegativeKeywords(listId: string, keywords: Omit<SearchAdsListNegativeKeyword, 'id'>[]): Promise<SearchAdsListNegativeKeyword[]>;
  removeListNegativeKeywords(listId: string, keywordIds: string[]): Promise<void>;
  /** Applies a shared list to campaigns (its keywords then block their searches) or takes it off them. */
  attachNegativeKeywordList(listId: string, campaignIds: string[]): Promise<void>;
  detachNegativeKeywordList(listId: string, campaignIds: string[]): Promise<void>;

  /** Campaign criteria (locations) of a campaign. */
  listCampaignCriteria(campaignId: string): Promise<SearchAdsCampaignCriterion[]>;
  /** Adds location criteria; returns them as created (the criterion id of a location is its geo target constant id). */
  addCampaignCriteria(criteria: NewSearchAdsCampaignCriterion[]): Promise<SearchAdsCampaignCriterion[]>;
  removeCampaignCriteria(criterionKeys: string[]): Promise<void>;

  /** The asset library. */
  listAssets(type?: SearchAdsAssetType): Promise<SearchAdsAsset[]>;
  /** Creates assets; returns them with the ids the platform assigned, in the order given. */
  createAssets(assets: NewSearchAdsAsset[]): Promise<SearchAdsAsset[]>;
  /** Asset ↔ campaign links. */
  listCampaignAssets(campaignId?: string): Promise<SearchAdsCampaignAsset[]>;
  linkCampaignAssets(links: NewSearchAdsCampaignAsset[]): Promise<SearchAdsCampaignAsset[]>;
  unlinkCampaignAssets(linkIds: string[]): Promise<void>;

  listLabels(): Promise<SearchAdsLabel[]>;

  /** Audience segments: platform taxonomies (in-market, affinity) plus the account's custom audiences and user lists. */
  listAudienceSegments(): Promise<SearchAdsAudienceSegment[]>;

  /** Targetable language constants. */
  listLanguages(): Promise<SearchAdsLanguage[]>;
  /** Geo target constants matching free text, best first. */
  suggestGeoTargets(text: string): Promise<SearchAdsGeoTarget[]>;
  /** Geo target constants by id (unknown ids are left out). */
  getGeoTargets(ids: string[]): Promise<SearchAdsGeoTarget[]>;

  /**
   * Daily figures over [start, end] (inclusive), one row per entity of the level and day, as a query
   * `FROM <level>` segmented by date returns them. Days without delivery may be left out; today and
   * later days have none. Ad group rows of a campaign add up to its campaign rows, and campaign rows
   * to the customer rows. `video_views` only on rows of video campaigns.
   */
  getReport(level: SearchAdsReportLevel, start: string, end: string): Promise<SearchAdsReportRow[]>;
}

export type * from './port-types';
