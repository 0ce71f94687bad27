import type { NewSearchAdsCampaign, SearchAdsAudienceType, SearchAdsCampaign, SearchAdsCampaignCriterion } from './port-types';

/**
 * Performance Max on the searchads platform, in the platform's own terms: asset groups
 * (`asset_group`), the assets linked to them (`asset_group_asset` with a field type and a
 * performance label), their signals (`asset_group_signal`: an audience or a search theme) and the
 * product-feed listing group tree of retail asset groups (`asset_group_listing_group_filter`). The
 * media library (`asset` of type IMAGE, YOUTUBE_VIDEO and TEXT) sits beside the extension assets of
 * the main port.
 */
export interface SearchAdsPmaxPort {
  /** Asset groups of one Performance Max campaign, or of every campaign. REMOVED ones included. */
  listAssetGroups(campaignId?: string): Promise<SearchAdsAssetGroup[]>;
  getAssetGroup(assetGroupId: string): Promise<SearchAdsAssetGroup>;
  /**
   * Creates an asset group with its assets linked in the same request (the platform refuses an
   * asset group without its minimum assets): every link names a library asset.
   */
  createAssetGroup(
    group: NewSearchAdsAssetGroup,
    links: { asset_id: string; field_type: PmaxAssetFieldType }[],
  ): Promise<SearchAdsAssetGroup>;
  /**
   * Creates a Performance Max campaign with its own budget, its locations (`geoTargetConstants/<id>`)
   * and its first asset group with its assets linked, all in one atomic request (the platform wants a
   * brand-guidelines campaign created with its business name and logo). Where a port has it (live),
   * create_pmax_campaign makes one call instead of a step per part.
   */
  createPmaxCampaign?(
    campaign: NewSearchAdsCampaign,
    locations: string[],
    group: Omit<NewSearchAdsAssetGroup, 'campaign_id'>,
    links: { asset_id: string; field_type: PmaxAssetFieldType }[],
  ): Promise<{ campaign: SearchAdsCampaign; group: SearchAdsAssetGroup; locations: SearchAdsCampaignCriterion[] }>;
  /** Sets fields of an asset group (REMOVED is final). With `expect`, only when those fields hold those values. */
  updateAssetGroup(
    assetGroupId: string,
    patch: SearchAdsAssetGroupPatch,
    expect?: Partial<SearchAdsAssetGroup>,
  ): Promise<SearchAdsAssetGroup>;

  /** Asset links of asset groups (`asset_group_asset`), of one asset group or of every asset group of a campaign. */
  listAssetGroupAssets(filter: { assetGroupId?: string; campaignId?: string }): Promise<SearchAdsAssetGroupAsset[]>;
  linkAssetGroupAssets(links: NewSearchAdsAssetGroupAsset[]): Promise<SearchAdsAssetGroupAsset[]>;
  /** Unlinks by link id (`<asset group id>~<asset id>~<field type>`); the assets stay in the library. */
  unlinkAssetGroupAssets(linkIds: string[]): Promise<void>;

  /** The media library: images, videos and text assets. */
  listMediaAssets(type?: SearchAdsMediaAssetType): Promise<SearchAdsMediaAsset[]>;
  /** Creates media assets (an image from its public URL: the platform stores the bytes); returns them in the order given. */
  createMediaAssets(assets: NewSearchAdsMediaAsset[]): Promise<SearchAdsMediaAsset[]>;

  /** Signals of one asset group, or of every asset group of a campaign. */
  listAssetGroupSignals(filter: { assetGroupId?: string; campaignId?: string }): Promise<SearchAdsAssetGroupSignal[]>;
  /** Adds signals; an audience signal first becomes an audience (`audience`) of its segments. */
  addAssetGroupSignals(signals: NewSearchAdsAssetGroupSignal[]): Promise<SearchAdsAssetGroupSignal[]>;
  /** Removes signals by id (`<asset group id>~<criterion id>`). */
  removeAssetGroupSignals(signalIds: string[]): Promise<void>;

  /** The listing group filter tree of an asset group (empty: the asset group has none). */
  listListingGroupFilters(assetGroupId: string): Promise<SearchAdsListingGroupFilter[]>;
  /**
   * Replaces the nodes named in `remove` and adds `create` in one atomic request. New nodes refer
   * to their parent by id, or to a node of the same request by `-<index + 1>` (a temporary id).
   */
  mutateListingGroupFilters(
    assetGroupId: string,
    change: { remove: string[]; create: NewSearchAdsListingGroupFilter[] },
  ): Promise<SearchAdsListingGroupFilter[]>;
}

export type SearchAdsAssetGroupStatus = 'ENABLED' | 'PAUSED' | 'REMOVED';

export interface SearchAdsAssetGroup {
  id: string;
  campaign_id: string;
  name: string;
  status: SearchAdsAssetGroupStatus;
  final_urls: string[];
  path1?: string;
  path2?: string;
  /** The platform's rating of the asset group's assets: POOR, AVERAGE, GOOD, EXCELLENT, PENDING. */
  ad_strength?: string;
}

export type NewSearchAdsAssetGroup = Omit<SearchAdsAssetGroup, 'id' | 'ad_strength'>;
export type SearchAdsAssetGroupPatch = Partial<Pick<SearchAdsAssetGroup, 'name' | 'status' | 'final_urls' | 'path1' | 'path2'>>;

/** What an asset is used as in an asset group. */
export type PmaxAssetFieldType =
  | 'HEADLINE'
  | 'LONG_HEADLINE'
  | 'DESCRIPTION'
  | 'BUSINESS_NAME'
  | 'LOGO'
  | 'MARKETING_IMAGE'
  | 'SQUARE_MARKETING_IMAGE'
  | 'PORTRAIT_MARKETING_IMAGE'
  | 'YOUTUBE_VIDEO';

/** The platform's rating of an asset in its asset group. */
export type PmaxPerformanceLabel = 'BEST' | 'GOOD' | 'LOW' | 'LEARNING' | 'PENDING' | 'UNKNOWN';

export interface SearchAdsAssetGroupAsset {
  /** `<asset group id>~<asset id>~<field type>`, as in the link's resource name. */
  id: string;
  asset_group_id: string;
  campaign_id: string;
  asset_id: string;
  field_type: PmaxAssetFieldType;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
  performance_label: PmaxPerformanceLabel;
}

export type NewSearchAdsAssetGroupAsset = Pick<SearchAdsAssetGroupAsset, 'asset_group_id' | 'asset_id' | 'field_type'>;

export type SearchAdsMediaAssetType = 'IMAGE' | 'YOUTUBE_VIDEO' | 'TEXT';

export interface SearchAdsMediaAsset {
  id: string;
  type: SearchAdsMediaAssetType;
  name?: string;
  /** TEXT */
  text?: string;
  /** IMAGE: where the platform serves the full-size image, its size and type. */
  image_url?: string;
  width?: number;
  height?: number;
  file_size?: number;
  mime_type?: string;
  /** YOUTUBE_VIDEO: the 11-character video id and its title. */
  video_id?: string;
  video_title?: string;
  created_at?: string;
}

export type NewSearchAdsMediaAsset =
  | { type: 'TEXT'; text: string; name?: string }
  | { type: 'IMAGE'; image_url: string; name: string; width?: number; height?: number }
  | { type: 'YOUTUBE_VIDEO'; video_id: string; name?: string };

export type AssetGroupSignalApproval = 'APPROVED' | 'LIMITED' | 'DISAPPROVED' | 'UNDER_REVIEW' | 'UNSPECIFIED';

/** One segment of an audience signal (a user list, an in-market or affinity interest, a custom audience). */
export interface AudienceSignalSegment {
  type: SearchAdsAudienceType;
  id: string;
  name: string;
}

export interface SearchAdsAssetGroupSignal {
  /** `<asset group id>~<criterion id>`, as in the signal's resource name. */
  id: string;
  asset_group_id: string;
  campaign_id: string;
  type: 'AUDIENCE' | 'SEARCH_THEME';
  /** AUDIENCE: the audience (`customers/<cid>/audiences/<id>`), its name and segments. */
  audience?: { resource_name: string; name: string; segments: AudienceSignalSegment[] };
  /** SEARCH_THEME: the theme text. */
  search_theme?: string;
  approval_status: AssetGroupSignalApproval;
}

export type NewSearchAdsAssetGroupSignal =
  | { asset_group_id: string; type: 'AUDIENCE'; audience: { name: string; segments: AudienceSignalSegment[] } }
  | { asset_group_id: string; type: 'SEARCH_THEME'; search_theme: string };

/** The product dimension a listing group node splits on. */
export type ListingDimension = 'BRAND' | 'CATEGORY' | 'ITEM_ID' | 'CUSTOM_ATTRIBUTE' | 'CONDITION';

export interface SearchAdsListingGroupFilter {
  /** `<asset group id>~<filter id>`. */
  id: string;
  asset_group_id: string;
  /** SUBDIVISION splits its parent's products; UNIT_INCLUDED / UNIT_EXCLUDED are leaves. */
  type: 'SUBDIVISION' | 'UNIT_INCLUDED' | 'UNIT_EXCLUDED';
  /** The parent node's id; absent on the root. */
  parent_id?: string;
  /** The value this node matches, absent on the root; a node with a dimension and no value is "everything else". */
  case_value?: { dimension: ListingDimension; value?: string; /** CUSTOM_ATTRIBUTE 0-4, CATEGORY level 1-5. */ index?: number };
}

export type NewSearchAdsListingGroupFilter = Omit<SearchAdsListingGroupFilter, 'id' | 'asset_group_id'>;
