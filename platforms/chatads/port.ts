import type { PerformanceTier } from '../sandbox/metrics';

/**
 * The chatads platform interface (chat-assistant advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods.
 */
export interface ChatAdsPort {
  listCampaigns(): Promise<ChatAdsCampaign[]>;
  getCampaign(campaignId: string): Promise<ChatAdsCampaign>;
  /**
   * Moves a campaign to `status` when it is currently `from` (a conditional write); returns the
   * campaign after the change.
   */
  setCampaignStatus(campaignId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsCampaign>;
  listAdGroups(): Promise<ChatAdsAdGroup[]>;
  createAdGroup(adGroup: Omit<ChatAdsAdGroup, 'id' | 'created_at' | 'performance'>, now: Date): Promise<ChatAdsAdGroup>;
  listAds(): Promise<ChatAdsAd[]>;
  listCustomAudiences(): Promise<ChatAdsCustomAudience[]>;
  listPixels(): Promise<ChatAdsPixel[]>;
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
  /** Last day of delivery while the campaign is not active. */
  stopped_on?: string;
  performance: PerformanceTier;
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
  max_bid_micros?: number;
  max_cpm_bid_micros?: number;
  context_hints: string[];
  custom_audience_bid_multipliers: ChatAdsAudienceMultiplier[];
  created_at: string;
  performance: PerformanceTier;
}

export interface ChatAdsAd {
  id: string;
  campaign_id: string;
  ad_group_id: string;
  name: string;
  type: 'chat_card';
  headline: string;
  body: string;
  call_to_action: string;
  landing_url: string;
  status: ChatAdsStatus;
  performance: PerformanceTier;
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
