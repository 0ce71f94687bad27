import type { NewSearchAdsAdGroup, NewSearchAdsCampaign, SearchAdsAd, SearchAdsAdGroup, SearchAdsCampaign } from './port-types';

/**
 * The Shopping, App, Demand Gen and video part of the searchads port, in the platform's terms:
 * `campaign.shopping_setting`, `campaign.app_campaign_setting` and `advertising_channel_sub_type`,
 * Merchant Center links (`product_link`, `product_link_invitation`), the product partition tree of a
 * Shopping ad group (`ad_group_criterion.listing_group`), Demand Gen ad group channel controls
 * (`ad_group.demand_gen_ad_group_settings.channel_controls`), the ad types of these campaigns
 * (`shopping_product_ad`, `app_ad`, `demand_gen_multi_asset_ad`, `demand_gen_video_responsive_ad`)
 * and the image and YouTube video assets they use.
 */
export interface SearchAdsShoppingPort {
  /** Creates a campaign with its own daily budget and the settings of its channel (Shopping, App, Demand Gen). */
  createChannelCampaign(campaign: NewSearchAdsChannelCampaign): Promise<SearchAdsCampaign>;
  /** A Shopping campaign's `shopping_setting`; undefined for other campaigns. */
  getShoppingSetting(campaignId: string): Promise<SearchAdsShoppingSetting | undefined>;
  /** An App campaign's `app_campaign_setting` and sub type; undefined for other campaigns. */
  getAppCampaignSetting(campaignId: string): Promise<SearchAdsAppCampaignSetting | undefined>;

  /** Merchant Center accounts linked to the customer (`product_link`) and the link requests they sent (`product_link_invitation`). */
  listMerchantCenterLinks(): Promise<SearchAdsMerchantCenterLink[]>;
  /** Accepts a Merchant Center's pending link request; returns the link it makes. */
  acceptMerchantCenterInvitation(invitationId: string): Promise<SearchAdsMerchantCenterLink>;
  /** Removes a Merchant Center link (`ProductLinkService.RemoveProductLink`). */
  removeMerchantCenterLink(linkId: string): Promise<void>;

  /** Creates an ad group of a Shopping, App or Demand Gen campaign (Demand Gen ones with channel controls). */
  createChannelAdGroup(group: NewSearchAdsChannelAdGroup): Promise<SearchAdsAdGroup>;
  /** Channel controls of the Demand Gen ad groups of a campaign. */
  listDemandGenChannelControls(campaignId: string): Promise<SearchAdsAdGroupChannelControls[]>;
  updateDemandGenChannelControls(adGroupId: string, controls: SearchAdsDemandGenChannelControls): Promise<SearchAdsAdGroupChannelControls>;
  /** Removes audience criteria (user interest, custom audience, user list) of an ad group. */
  removeAdGroupAudiences(adGroupId: string, criterionIds: string[]): Promise<void>;

  /** Creates ads of the channel types; YouTube videos become video assets first. Returns them in order. */
  createChannelAds(ads: NewSearchAdsChannelAd[]): Promise<SearchAdsAd[]>;

  /** The product partition tree of a Shopping ad group (empty when it has none). */
  listListingGroups(adGroupId: string): Promise<SearchAdsListingGroup[]>;
  /**
   * One atomic change of a product partition tree (one `adGroupCriteria:mutate`): removals (a
   * subdivision takes its subtree with it), creates (parents named by id or by the `ref` of a create
   * before them) and bid updates. The platform refuses a tree left invalid. Returns the ids of the
   * created nodes by `ref`.
   */
  mutateListingGroups(adGroupId: string, changes: SearchAdsListingGroupChanges): Promise<Record<string, string>>;
}

/** Campaign channels of this family beyond the port's original types. */
export type { SearchAdsChannelCampaignType } from './port-types';

/** `campaign.shopping_setting` of a Standard Shopping campaign. */
export interface SearchAdsShoppingSetting {
  /** Merchant Center account id of the product feed (immutable). */
  merchant_id: string;
  /** Products of this feed label (a country code such as `US`, or the merchant's own label). */
  feed_label: string;
  /** 0 (low, default), 1 (medium) or 2 (high): which campaign serves when several can. */
  campaign_priority: number;
  /** Also advertise products sold in local stores. */
  enable_local: boolean;
}

export type SearchAdsAppStore = 'GOOGLE_APP_STORE' | 'APPLE_APP_STORE';
export type SearchAdsAppCampaignSubType = 'APP_CAMPAIGN' | 'APP_CAMPAIGN_FOR_ENGAGEMENT' | 'APP_CAMPAIGN_FOR_PRE_REGISTRATION';
export type SearchAdsAppBiddingGoal =
  | 'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST'
  | 'OPTIMIZE_IN_APP_CONVERSIONS_TARGET_CONVERSION_COST'
  | 'OPTIMIZE_RETURN_ON_ADVERTISING_SPEND'
  | 'OPTIMIZE_PRE_REGISTRATION_CONVERSION_VOLUME';

/** `campaign.app_campaign_setting` and `campaign.advertising_channel_sub_type` of an App campaign. */
export interface SearchAdsAppCampaignSetting {
  sub_type: SearchAdsAppCampaignSubType;
  /** Android package name or App Store numeric id. */
  app_id: string;
  app_store: SearchAdsAppStore;
  bidding_strategy_goal_type: SearchAdsAppBiddingGoal;
}

export type NewSearchAdsChannelCampaign = NewSearchAdsCampaign & {
  shopping_setting?: SearchAdsShoppingSetting;
  app_campaign_setting?: SearchAdsAppCampaignSetting;
};

/** A Merchant Center account linked to the customer, or one that asked to be (its invitation). */
export interface SearchAdsMerchantCenterLink {
  /** `product_link_id` of a link, `product_link_invitation_id` of a pending request. */
  id: string;
  merchant_center_id: string;
  status: 'LINKED' | 'PENDING_APPROVAL';
}

export const DEMAND_GEN_CHANNELS = ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts', 'discover', 'gmail', 'display'] as const;
export type SearchAdsDemandGenChannel = (typeof DEMAND_GEN_CHANNELS)[number];
/** The YouTube surfaces: a video campaign is a Demand Gen campaign with only these on. */
export const VIDEO_CHANNELS: readonly SearchAdsDemandGenChannel[] = ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts'];

/**
 * `demand_gen_ad_group_settings.channel_controls`: the platform's `channel_strategy` ALL_CHANNELS
 * (every surface, the default) or `selected_channels` (at least one on). `channels` is always the
 * full picture (all true under ALL_CHANNELS).
 */
export interface SearchAdsDemandGenChannelControls {
  strategy: 'ALL_CHANNELS' | 'SELECTED_CHANNELS';
  channels: Record<SearchAdsDemandGenChannel, boolean>;
}

export interface SearchAdsAdGroupChannelControls {
  ad_group_id: string;
  controls: SearchAdsDemandGenChannelControls;
}

export type NewSearchAdsChannelAdGroup = NewSearchAdsAdGroup & { channel_controls?: SearchAdsDemandGenChannelControls };

/** Images and videos of the asset library: the Performance Max port's media assets. */
export type { SearchAdsMediaAsset } from './port-pmax';

export type NewSearchAdsChannelAd =
  | { type: 'SHOPPING_PRODUCT_AD'; ad_group_id: string; status: 'ENABLED' | 'PAUSED' }
  | {
      type: 'APP_AD';
      ad_group_id: string;
      status: 'ENABLED' | 'PAUSED';
      headlines: string[];
      descriptions: string[];
      image_asset_ids: string[];
      youtube_video_ids: string[];
    }
  | {
      type: 'DEMAND_GEN_MULTI_ASSET_AD';
      ad_group_id: string;
      status: 'ENABLED' | 'PAUSED';
      headlines: string[];
      descriptions: string[];
      business_name: string;
      final_url: string;
      call_to_action_text?: string;
      marketing_image_asset_ids: string[];
      square_marketing_image_asset_ids: string[];
      logo_image_asset_ids: string[];
    }
  | {
      type: 'DEMAND_GEN_VIDEO_RESPONSIVE_AD';
      ad_group_id: string;
      status: 'ENABLED' | 'PAUSED';
      headlines: string[];
      long_headlines: string[];
      descriptions: string[];
      business_name: string;
      final_url: string;
      call_to_action_text?: string;
      youtube_video_ids: string[];
      logo_image_asset_ids: string[];
    };

/**
 * Product dimensions a partition splits on (`listing_group.case_value`): brand, category levels
 * 1-5 (Google product category ids), item id, condition, product type levels 1-5, custom
 * attributes 0-4.
 */
export const LISTING_DIMENSION_TYPES = [
  'BRAND',
  'ITEM_ID',
  'CONDITION',
  'CATEGORY_L1',
  'CATEGORY_L2',
  'CATEGORY_L3',
  'CATEGORY_L4',
  'CATEGORY_L5',
  'PRODUCT_TYPE_L1',
  'PRODUCT_TYPE_L2',
  'PRODUCT_TYPE_L3',
  'PRODUCT_TYPE_L4',
  'PRODUCT_TYPE_L5',
  'CUSTOM_ATTRIBUTE_0',
  'CUSTOM_ATTRIBUTE_1',
  'CUSTOM_ATTRIBUTE_2',
  'CUSTOM_ATTRIBUTE_3',
  'CUSTOM_ATTRIBUTE_4',
] as const;
export type SearchAdsListingDimensionType = (typeof LISTING_DIMENSION_TYPES)[number];

/** One case of a partition: a dimension value, or "everything else" of that dimension (no value). */
export interface SearchAdsListingDimension {
  type: SearchAdsListingDimensionType;
  value?: string;
}

/** A node of the product partition tree (`ad_group_criterion` of type LISTING_GROUP). */
export interface SearchAdsListingGroup {
  /** Criterion id. */
  id: string;
  ad_group_id: string;
  /** SUBDIVISION (splits further) or UNIT (a leaf that bids or is excluded). */
  type: 'SUBDIVISION' | 'UNIT';
  /** Absent on the root. */
  parent_id?: string;
  /** Absent on the root ("all products"). */
  dimension?: SearchAdsListingDimension;
  /** Units that are not excluded: max CPC in account currency. */
  cpc_bid?: number;
  /** An excluded unit (its products do not serve). */
  negative: boolean;
}

export interface NewSearchAdsListingGroup {
  /** A name for this create, so later creates of the same change can use it as parent. */
  ref: string;
  /** Id of an existing node or `ref` of an earlier create; absent for the root. */
  parent?: string;
  type: 'SUBDIVISION' | 'UNIT';
  dimension?: SearchAdsListingDimension;
  cpc_bid?: number;
  negative?: boolean;
}

export interface SearchAdsListingGroupChanges {
  remove?: string[];
  create?: NewSearchAdsListingGroup[];
  update?: { id: string; cpc_bid: number }[];
}
