/**
 * The chatads platform interface (chat-assistant advertising): everything its tools may ask of the
 * platform, in the platform's own language. The sandbox adapter (sandbox.ts) implements it over
 * DynamoDB; the live adapter (live/adapter.ts) over the platform's public Advertiser API.
 */
export interface ChatAdsPort {
  listCampaigns(): Promise<ChatAdsCampaign[]>;
  /** One campaign; a 400 naming the id when the account has no such campaign. */
  getCampaign(campaignId: string): Promise<ChatAdsCampaign>;
  /**
   * Moves a campaign to `status` (the caller read it as `from`; the sandbox checks that atomically,
   * the platform's API has no such condition); returns the campaign after the change. Archiving is final.
   */
  setCampaignStatus(campaignId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsCampaign>;
  /** Ad groups of the account, or of one campaign. */
  listAdGroups(filter?: { campaign_id?: string }): Promise<ChatAdsAdGroup[]>;
  /** Creates an ad group; the platform assigns its id (adgrp_...) and creation time. */
  createAdGroup(adGroup: NewChatAdsAdGroup, now: Date): Promise<ChatAdsAdGroup>;
  listAds(): Promise<ChatAdsAd[]>;
  listCustomAudiences(): Promise<ChatAdsCustomAudience[]>;
  listPixels(): Promise<ChatAdsPixel[]>;
  /**
   * The platform's insights report (shaped after its insights endpoints): rows per entity of
   * `aggregation_level`, per time bucket and per segment value, with the requested fields.
   */
  getInsights(query: ChatAdsInsightsQuery): Promise<ChatAdsInsightsRow[]>;
}

/** Campaign, ad group and ad status (specification: active, paused, also archived by archive tools). */
export type ChatAdsStatus = 'active' | 'paused' | 'archived';
export type ChatAdsBiddingType = 'impressions' | 'clicks' | 'conversions';
export type ChatAdsStrategy = 'fixed_bid' | 'maximize_clicks' | 'maximize_conversions';

export interface ChatAdsCampaign {
  id: string;
  name: string;
  description?: string;
  status: ChatAdsStatus;
  /** What the campaign bids for; cannot change after creation. */
  bidding_type: ChatAdsBiddingType;
  /** Lifetime spend limit, account currency. */
  budget: number;
  daily_budget?: number;
  start_date: string;
  end_date?: string;
  created_at: string;
}

export interface ChatAdsAudienceMultiplier {
  custom_audience_id: string;
  bid_multiplier_micros: number;
}

export interface ChatAdsAdGroup {
  id: string;
  campaign_id: string;
  name: string;
  description?: string;
  status: ChatAdsStatus;
  strategy: ChatAdsStrategy;
  billing_event_type: 'click' | 'impression';
  /** Max bid per click, micros (click billing). */
  max_bid_micros?: number;
  /** Max bid per thousand impressions, micros (impression billing). */
  max_cpm_bid_micros?: number;
  context_hints: string[];
  custom_audience_bid_multipliers: ChatAdsAudienceMultiplier[];
  created_at: string;
}

/** An ad group as a tool asks for it: the platform adds the id and creation time. */
export type NewChatAdsAdGroup = Omit<ChatAdsAdGroup, 'id' | 'created_at'>;

export interface ChatAdsAd {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  name: string;
  type: 'chat_card';
  headline: string;
  body: string;
  call_to_action?: string;
  landing_url: string;
  status: ChatAdsStatus;
}

export interface ChatAdsCustomAudience {
  id: string;
  name: string;
  status: 'processing' | 'ready' | 'too_small' | 'failed';
  /** Uploaded identifiers matched to platform users. */
  matched_users: number;
  uploaded_identifiers: number;
  created_at: string;
}

export interface ChatAdsPixel {
  /** Conversion data source id (cds_...). */
  id: string;
  name: string;
  events: string[];
  status: 'active' | 'inactive';
  created_at: string;
}

export type ChatAdsInsightsLevel = 'campaign' | 'ad_group' | 'ad';
/** Delivery fields every adapter reports. */
export const DELIVERY_FIELDS = ['impressions', 'clicks', 'spend'] as const;
/** Conversion fields (click-through conversions, their value, and 1-day view-through conversions). */
export const CONVERSION_FIELDS = ['conversions', 'conversion_value', 'view_through_conversions'] as const;
export type ChatAdsInsightsField = (typeof DELIVERY_FIELDS)[number] | (typeof CONVERSION_FIELDS)[number];

export interface ChatAdsInsightsQuery {
  aggregation_level: ChatAdsInsightsLevel;
  /** Only these entities of the level (all of the account's when omitted). */
  ids?: string[];
  /** The window in unix seconds, [start, end), both on the hour. */
  start: number;
  end: number;
  /** One row per entity for the whole window, or one per day (UTC). */
  time_granularity: 'none' | 'daily';
  segment?: 'country' | 'device';
  fields: ChatAdsInsightsField[];
}

/** One row of an insights report: the requested fields of one entity, bucket and segment value. */
export type ChatAdsInsightsRow = {
  entity_id: string;
  /** The day (YYYY-MM-DD) with daily granularity. */
  date?: string;
  country?: string;
  device?: string;
} & Partial<Record<ChatAdsInsightsField, number>>;
