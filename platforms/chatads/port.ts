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
  /** The ad account itself (id, name, currency, time zone). */
  getAdAccount(): Promise<ChatAdsAdAccount>;
  /** One ad group / ad; a 400 naming the id when the account has none. */
  getAdGroup(adGroupId: string): Promise<ChatAdsAdGroup>;
  getAd(adId: string): Promise<ChatAdsAd>;
  /** Status changes of ad groups and ads, as setCampaignStatus. Archiving is final. */
  setAdGroupStatus(adGroupId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsAdGroup>;
  setAdStatus(adId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsAd>;
  createCampaign(campaign: NewChatAdsCampaign, now: Date): Promise<ChatAdsCampaign>;
  /** Uploads an image by URL for a chat card; the platform answers its file id (file_...). */
  uploadImage(imageUrl: string, now: Date): Promise<{ file_id: string }>;
  createAd(ad: NewChatAdsAd, now: Date): Promise<ChatAdsAd>;

  // Custom audiences and their member operations (processing → succeeded / failed; pause, resume, cancel).
  getCustomAudience(audienceId: string): Promise<ChatAdsCustomAudience>;
  createCustomAudience(audience: { name: string; description?: string }, now: Date): Promise<ChatAdsCustomAudience>;
  /** Archives an audience for good: it can never be targeted, changed or merged again. */
  archiveCustomAudience(audienceId: string, now: Date): Promise<ChatAdsCustomAudience>;
  /** Starts a member operation (add, remove, replace) on an audience; it processes asynchronously. */
  startAudienceOperation(operation: NewChatAdsAudienceOperation, now: Date): Promise<ChatAdsAudienceOperation>;
  /** Merges 2-64 audiences into a new audience, built by a merge operation. */
  mergeCustomAudiences(
    merge: { name: string; source_audience_ids: string[] },
    now: Date,
  ): Promise<{ audience: ChatAdsCustomAudience; operation: ChatAdsAudienceOperation }>;
  listAudienceOperations(filter?: { custom_audience_id?: string }): Promise<ChatAdsAudienceOperation[]>;
  getAudienceOperation(operationId: string): Promise<ChatAdsAudienceOperation>;
  /** Pauses, resumes or cancels a processing operation (a cancelled operation ends failed). */
  changeAudienceOperation(operationId: string, action: 'pause' | 'resume' | 'cancel', now: Date): Promise<ChatAdsAudienceOperation>;

  // Conversion tracking: pixels (conversion data sources), event settings, configuration, server events.
  createPixel(pixel: { name: string }, now: Date): Promise<ChatAdsPixel>;
  listEventSettings(): Promise<ChatAdsEventSetting[]>;
  createEventSetting(setting: Omit<ChatAdsEventSetting, 'id' | 'created_at'>, now: Date): Promise<ChatAdsEventSetting>;
  getConversionsConfig(): Promise<ChatAdsConversionsConfig>;
  setConversionsConfig(config: ChatAdsConversionsConfig, now: Date): Promise<ChatAdsConversionsConfig>;
  /** Creates a Conversions API key; its secret is answered once and never stored readable. */
  createConversionsApiKey(key: { name: string; pixel_id: string }, now: Date): Promise<ChatAdsConversionsApiKey & { secret: string }>;
  listConversionsApiKeys(): Promise<ChatAdsConversionsApiKey[]>;
  /** Receives one server-side conversion event; an event id already received is deduplicated. */
  sendConversionEvent(event: NewChatAdsConversionEvent, now: Date): Promise<ChatAdsConversionEvent>;
  listConversionEvents(filter: { pixel_id?: string; since?: string }): Promise<ChatAdsConversionEvent[]>;
  /** Places the ads can target, matching a text (countries, regions, cities). */
  geoLookup(query: string, limit: number): Promise<ChatAdsGeoLocation[]>;
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
  /** The conversion event setting a conversions campaign optimizes for (exactly one; none for other campaigns). */
  conversion_event_setting_id?: string;
  /** Lifetime spend limit, account currency. */
  budget: number;
  daily_budget?: number;
  start_date: string;
  end_date?: string;
  created_at: string;
}

export type NewChatAdsCampaign = Omit<ChatAdsCampaign, 'id' | 'created_at'>;

export interface ChatAdsAdAccount {
  id: string;
  name: string;
  currency: string;
  timezone: string;
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
  /** The uploaded image (file_...), when the card has one. */
  image_file_id?: string;
  status: ChatAdsStatus;
  /** Review of the creative: pending until reviewed, then approved or rejected. */
  review_status?: 'pending' | 'approved' | 'rejected';
  created_at?: string;
}

export type NewChatAdsAd = Omit<ChatAdsAd, 'id' | 'created_at' | 'review_status'>;

export interface ChatAdsCustomAudience {
  id: string;
  name: string;
  status: ChatAdsAudienceStatus;
  /** Archived audiences are final: never targetable, changed or merged again. */
  archived: boolean;
  description?: string;
  /** Uploaded identifiers matched to platform users. */
  matched_users: number;
  uploaded_identifiers: number;
  created_at: string;
}

export type ChatAdsAudienceStatus = 'processing' | 'ready' | 'too_small' | 'failed';
/** Matched users an audience needs to be ready (below that it is too_small). */
export const MIN_READY_AUDIENCE_USERS = 1_000;

export const IDENTIFIER_TYPES = ['email', 'phone', 'hashed_email', 'hashed_phone', 'device_advertising_id'] as const;
export type ChatAdsIdentifierType = (typeof IDENTIFIER_TYPES)[number];
export interface ChatAdsAudienceMember {
  identifier_type: ChatAdsIdentifierType;
  identifier: string;
}

export type ChatAdsOperationType = 'add' | 'remove' | 'replace' | 'merge';
export type ChatAdsOperationStatus = 'processing' | 'paused' | 'succeeded' | 'failed';

export interface NewChatAdsAudienceOperation {
  custom_audience_id: string;
  type: 'add' | 'remove' | 'replace';
  /** Inline members, or a file uploaded to the platform (file_...). */
  members?: ChatAdsAudienceMember[];
  file_id?: string;
}

export interface ChatAdsAudienceOperation {
  id: string;
  custom_audience_id: string;
  type: ChatAdsOperationType;
  status: ChatAdsOperationStatus;
  /** Identifiers submitted (inline count, or the file's rows). */
  submitted_identifiers: number;
  /** Of those, how many matched platform users (once succeeded). */
  matched_identifiers?: number;
  source: 'inline' | 'file' | 'audiences';
  file_id?: string;
  source_audience_ids?: string[];
  /** Why it failed: `cancelled` for a cancelled operation. */
  error?: string;
  created_at: string;
  completed_at?: string;
}

export interface ChatAdsPixel {
  /** Conversion data source id (cds_...). */
  id: string;
  name: string;
  events: string[];
  status: 'active' | 'inactive';
  created_at: string;
}

export const STANDARD_EVENTS = [
  'page_view',
  'view_content',
  'add_to_cart',
  'initiate_checkout',
  'purchase',
  'sign_up',
  'lead',
  'start_trial',
  'subscribe',
  'custom',
] as const;
export type ChatAdsEventType = (typeof STANDARD_EVENTS)[number];

/** How one conversion event of a pixel counts: optimisation, value and window. */
export interface ChatAdsEventSetting {
  id: string;
  pixel_id: string;
  event_type: ChatAdsEventType;
  /** The event's own name (for `custom`, the name the site sends). */
  event_name: string;
  counting: 'every' | 'once';
  default_value?: number;
  click_through_window_days: number;
  /** Counted as a conversion for bidding and reports. */
  primary: boolean;
  created_at: string;
}

export interface ChatAdsConversionsConfig {
  /** The pixel conversions are attributed to by default (absent: none chosen). */
  default_pixel_id?: string;
  click_through_window_days: number;
  /** View-through is one day on this platform. */
  view_through_window_days: 1;
  /** Match server events on hashed email and phone as well as click ids. */
  advanced_matching: boolean;
  updated_at?: string;
}

export interface ChatAdsConversionsApiKey {
  id: string;
  name: string;
  pixel_id: string;
  /** The first characters of the secret, to recognise it. */
  secret_hint: string;
  created_at: string;
}

export interface NewChatAdsConversionEvent {
  pixel_id: string;
  event_type: ChatAdsEventType;
  event_name?: string;
  /** Dedup key: an id already received for the pixel is not counted again. */
  event_id: string;
  event_time: string;
  value?: number;
  currency?: string;
  click_id?: string;
  /** Advanced matching: SHA-256 of normalised email / phone. */
  hashed_email?: string;
  hashed_phone?: string;
  source_url?: string;
}

export interface ChatAdsConversionEvent extends NewChatAdsConversionEvent {
  received_at: string;
  deduplicated: boolean;
  /** How the event could be matched: click_id, advanced_matching or unmatched. */
  match: 'click_id' | 'advanced_matching' | 'unmatched';
}

export interface ChatAdsGeoLocation {
  id: string;
  name: string;
  /** Countries, regions, cities (sandbox) and DMA markets (the platform's US metro areas). */
  type: 'country' | 'region' | 'city' | 'dma';
  country_code: string;
  /** Region or country it lies in. */
  parent?: string;
}

export type ChatAdsInsightsLevel = 'campaign' | 'ad_group' | 'ad';
/** Delivery fields every adapter reports. */
export const DELIVERY_FIELDS = ['impressions', 'clicks', 'spend'] as const;
/** Conversion fields (click-through conversions, their value, and 1-day view-through conversions). */
export const CONVERSION_FIELDS = ['conversions', 'conversion_value', 'view_through_conversions'] as const;
export type ChatAdsInsightsField = (typeof DELIVERY_FIELDS)[number] | (typeof CONVERSION_FIELDS)[number];

/** The insights fields an account reports: a live account's public insights carry delivery fields only. */
export function reportedFields(live: boolean): ChatAdsInsightsField[] {
  return live ? [...DELIVERY_FIELDS] : [...DELIVERY_FIELDS, ...CONVERSION_FIELDS];
}

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
