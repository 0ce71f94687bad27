import type { DailyMetrics } from '../../core/metrics';

/**
 * The shortvideo platform interface (short-video advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods. Field names follow the real platform's API
 * (advertiser, campaign, adgroup, ad; objective_type, budget_mode, operation_status...).
 */
export interface ShortVideoPort {
  listCampaigns(): Promise<ShortVideoCampaign[]>;
  getCampaign(campaignId: string): Promise<ShortVideoCampaign>;
  createCampaign(input: Omit<ShortVideoCampaign, 'id'>): Promise<ShortVideoCampaign>;
  /** Sets fields (campaign update / status update); with `expectStatus`, only when the campaign is in that status. */
  updateCampaign(campaignId: string, patch: Partial<ShortVideoCampaign>, expectStatus?: CampaignStatus): Promise<ShortVideoCampaign>;

  listAdGroups(): Promise<ShortVideoAdGroup[]>;
  getAdGroup(adgroupId: string): Promise<ShortVideoAdGroup>;
  createAdGroup(input: Omit<ShortVideoAdGroup, 'id'>): Promise<ShortVideoAdGroup>;
  /** Sets fields (undefined removes one); with `expectStatus`, only when the ad group is in that status. */
  updateAdGroup(adgroupId: string, patch: Partial<ShortVideoAdGroup>, expectStatus?: AdGroupStatus): Promise<ShortVideoAdGroup>;

  listAds(): Promise<ShortVideoAd[]>;
  getAd(adId: string): Promise<ShortVideoAd>;
  createAd(input: Omit<ShortVideoAd, 'id'>): Promise<ShortVideoAd>;
  /**
   * Sets fields (ad update / status update); with `expectStatus`, only when the ad is in that status.
   * A change to what people see (text, creative, call to action, landing page, display name) sends
   * the ad back to creative review (IN_REVIEW), as the platform does.
   */
  updateAd(adId: string, patch: Partial<ShortVideoAd>, expectStatus?: AdStatus): Promise<ShortVideoAd>;

  /** Identities an ad can post as (identity/get): custom users, authorized accounts for Spark ads. */
  listIdentities(): Promise<ShortVideoIdentity[]>;
  /** The image library (file/image/ad/get). */
  listImages(): Promise<ShortVideoImage[]>;
  /** Uploads an image by URL (UPLOAD_BY_URL): the platform fetches it; a non-image is refused. */
  uploadImageByUrl(imageUrl: string, fileName: string): Promise<ShortVideoImage>;
  /** Carousel creative portfolios (creative/portfolio). */
  listCarousels(): Promise<ShortVideoCarousel[]>;
  /** Creates a carousel portfolio from library images (creative/portfolio/create, type CAROUSEL). */
  createCarousel(input: Omit<ShortVideoCarousel, 'id'>): Promise<ShortVideoCarousel>;

  listVideos(): Promise<ShortVideoVideo[]>;
  getVideo(videoId: string): Promise<ShortVideoVideo>;
  /** Uploads a video by URL (UPLOAD_BY_URL): the platform fetches it; a web page or a non-video is refused. */
  uploadVideoByUrl(videoUrl: string, fileName: string): Promise<ShortVideoVideo>;
  /** Uploads a cover image by URL, or extracts one from the video when no URL is given. */
  uploadCoverImage(input: { imageUrl?: string; videoId: string }): Promise<ShortVideoImage>;

  listPixels(): Promise<ShortVideoPixel[]>;
  listLeadPages(): Promise<ShortVideoLeadPage[]>;
  listCustomAudiences(): Promise<ShortVideoCustomAudience[]>;
  searchTargeting(targetingType: TargetingType, query: string): Promise<TargetingOption[]>;

  /**
   * The platform's integrated report (BASIC): one row per entity of `data_level` and day of
   * [start_date, end_date], as the dimensions `<level>_id` and `stat_time_day` give it. At
   * AUCTION_ADVERTISER the one entity is the advertiser itself.
   */
  getReport(query: ShortVideoReportQuery): Promise<ShortVideoReportRow[]>;
  /**
   * Unique reach and average frequency of each entity over the whole range (the integrated report
   * without the day dimension): reach does not add up over days, so it is reported per range.
   */
  getReachReport(query: ShortVideoReportQuery): Promise<ShortVideoReachRow[]>;
  /**
   * The audience report (report_type AUDIENCE): each entity's figures over the range split by
   * `age` and `gender`, or by `country_code`. The segments of an entity add up to its basic report.
   */
  getAudienceReport(query: ShortVideoReportQuery & { dimensions: AudienceDimensions }): Promise<ShortVideoAudienceRow[]>;
}

export type AudienceDimensions = 'age_gender' | 'country_code';

export interface ShortVideoReachRow {
  id: string;
  reach: number;
  /** Impressions per person reached. */
  frequency: number;
}

export interface ShortVideoAudienceRow extends Omit<DailyMetrics, 'date'> {
  id: string;
  age?: string;
  gender?: 'MALE' | 'FEMALE';
  country_code?: string;
}

export const REPORT_DATA_LEVELS = ['AUCTION_ADVERTISER', 'AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'] as const;
export type ReportDataLevel = (typeof REPORT_DATA_LEVELS)[number];

export interface ShortVideoReportQuery {
  data_level: ReportDataLevel;
  /** YYYY-MM-DD, both included. */
  start_date: string;
  end_date: string;
  /** Only these entities of the level (the report's id filtering); all of them when absent. */
  ids?: readonly string[];
}

/**
 * One day of one entity: `id` is the advertiser, campaign, ad group or ad id of the report's level.
 * `video_views` counts plays (video_play_actions); the video and engagement metrics below are the
 * platform's: views of at least 2 and 6 seconds (the hook), views to the end, and the reactions.
 */
export interface ShortVideoReportRow extends DailyMetrics, VideoEngagement {
  id: string;
  /**
   * Campaign and ad group rows: the daily budget (BUDGET_MODE_DAY) the entity had that day, where the
   * platform keeps it (the sandbox does, from its history; 0 = no daily budget that day). Absent =
   * unknown: a past day is then judged against today's budget and the tool says so.
   */
  daily_budget?: number;
}

export interface VideoEngagement {
  video_watched_2s: number;
  video_watched_6s: number;
  video_views_p100: number;
  likes: number;
  comments: number;
  shares: number;
  follows: number;
}

export const OBJECTIVES = [
  'TRAFFIC',
  'WEB_CONVERSIONS',
  'LEAD_GENERATION',
  'REACH',
  'VIDEO_VIEWS',
  'APP_PROMOTION',
  'PRODUCT_SALES',
] as const;
export type Objective = (typeof OBJECTIVES)[number];

export type CampaignStatus = 'ACTIVE' | 'PAUSED' | 'DELETED';
export type AdGroupStatus = 'ENABLED' | 'DISABLED' | 'DELETED';
export type AdStatus = 'ENABLED' | 'DISABLED' | 'DELETED';

export interface ShortVideoCampaign {
  id: string;
  campaign_name: string;
  objective_type: Objective;
  status: CampaignStatus;
  budget_mode: 'BUDGET_MODE_DAY' | 'BUDGET_MODE_TOTAL' | 'BUDGET_MODE_INFINITE';
  /** Campaign budget in account currency (0 when BUDGET_MODE_INFINITE). */
  budget: number;
  /** Campaign budget optimization: the campaign budget is spread over its ad groups. */
  budget_optimize_on: boolean;
  app_promotion_type?: 'APP_INSTALL' | 'APP_RETARGETING';
  create_time: string;
  start_date: string;
}

export interface CustomActionRule {
  action_categories: string[];
  days: number;
}

/** An ad group with every setting update_shortvideo_ad_group can change. */
export interface ShortVideoAdGroup {
  id: string;
  campaign_id: string;
  adgroup_name: string;
  status: AdGroupStatus;
  budget_mode: 'BUDGET_MODE_DAY' | 'BUDGET_MODE_TOTAL' | 'BUDGET_MODE_INFINITE';
  budget?: number;
  schedule_type: 'SCHEDULE_FROM_NOW' | 'SCHEDULE_START_END';
  schedule_start_time: string;
  schedule_end_time?: string;
  dayparting?: string;
  pacing: 'PACING_MODE_SMOOTH' | 'PACING_MODE_FAST';
  // Bidding and optimization
  bid_type: 'BID_TYPE_NO_BID' | 'BID_TYPE_CUSTOM' | 'BID_TYPE_MAX_CONVERSION';
  bid_price?: number;
  conversion_bid_price?: number;
  bid_display_mode?: string;
  deep_bid_type?: string;
  deep_cpa_bid?: number;
  roas_bid?: number;
  skip_learning_phase?: boolean;
  billing_event: string;
  optimization_goal: string;
  pixel_id?: string;
  optimization_event?: string;
  secondary_optimization_event?: string;
  next_day_retention?: number;
  conversion_id?: string;
  promotion_type?: string;
  app_id?: string;
  statistic_type?: string;
  frequency?: number;
  frequency_schedule?: number;
  // Targeting
  location_ids: string[];
  age_groups?: string[];
  gender: string;
  languages?: string[];
  operating_systems?: string[];
  device_model_ids?: string[];
  device_price_ranges?: number[];
  network_types?: string[];
  carrier_ids?: string[];
  spending_power?: string;
  household_income?: string[];
  contextual_tag_ids?: string[];
  audience_ids?: string[];
  excluded_audience_ids?: string[];
  audience_rule?: { audience_op?: string; audience_ids?: string[]; lookalike_audience_ids?: string[] };
  audience_type?: string;
  included_custom_actions?: CustomActionRule[];
  excluded_custom_actions?: CustomActionRule[];
  interest_category_ids?: string[];
  interest_keyword_ids?: string[];
  purchase_intention_keyword_ids?: string[];
  auto_targeting_enabled?: string;
  targeting_expansion?: { expansion_type_ids?: string[]; expand_age?: boolean; expand_gender?: boolean };
  // Placement, brand safety, creative
  placement_type: 'PLACEMENT_TYPE_AUTOMATIC' | 'PLACEMENT_TYPE_NORMAL';
  placements?: string[];
  blocked_partnernet_app_ids?: string[];
  included_partnernet_audience_package_ids?: string[];
  excluded_partnernet_audience_package_ids?: string[];
  brand_safety_type?: string;
  brand_safety_partner?: string;
  creative_material_mode: 'CUSTOM' | 'DYNAMIC';
  video_download_disabled?: boolean;
  comment_disabled?: boolean;
  is_hfss?: boolean;
  create_time: string;
  modify_time?: string;
}

export interface ShortVideoAd {
  id: string;
  adgroup_id: string;
  campaign_id: string;
  ad_name: string;
  ad_format: AdFormat;
  status: AdStatus;
  /** Creative review. */
  review_status: 'APPROVED' | 'IN_REVIEW' | 'REJECTED';
  ad_text?: string;
  /** Dynamic (automated) creative: several texts and videos the platform combines. */
  ad_texts?: string[];
  video_id?: string;
  video_ids?: string[];
  image_ids?: string[];
  shortvideo_item_id?: string;
  /** Carousel portfolio (CAROUSEL_ADS). */
  carousel_id?: string;
  identity_id?: string;
  identity_type?: IdentityType;
  display_name: string;
  call_to_action?: string;
  landing_page_url?: string;
  page_id?: string;
  create_time: string;
}

export interface ShortVideoVideo {
  id: string;
  file_name: string;
  /** Seconds. */
  duration: number;
  /** Bytes. */
  size: number;
  width: number;
  height: number;
  format: string;
  /** Processing state after an upload by URL: the platform transcodes it within 5-15 minutes. */
  status: 'PROCESSING' | 'READY';
  source_url?: string;
  create_time: string;
}

export const AD_FORMATS = ['SINGLE_VIDEO', 'SINGLE_IMAGE', 'SPARK_AD', 'CAROUSEL_ADS', 'DYNAMIC'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

export interface ShortVideoImage {
  id: string;
  /** Where the image came from: an uploaded URL or a frame of the video. */
  source: 'URL' | 'VIDEO_FRAME';
  image_url?: string;
  /** The video a cover was taken from or made for (covers only). */
  video_id?: string;
  file_name?: string;
  width: number;
  height: number;
  /** 'jpeg' or 'png'. */
  format?: string;
  /** Bytes. */
  size?: number;
  create_time?: string;
}

export const IDENTITY_TYPES = ['CUSTOMIZED_USER', 'AUTH_CODE', 'ACCOUNT_USER', 'BUSINESS_CENTER_USER'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

/** Who an ad posts as: a custom display name and avatar, or an authorized account (needed for Spark ads). */
export interface ShortVideoIdentity {
  identity_id: string;
  identity_type: IdentityType;
  display_name: string;
  /** Whether its organic posts can be promoted (Spark ads). */
  can_spark: boolean;
  /** Authorized accounts: when the authorization ends. */
  auth_expire_time?: string;
}

/** A carousel of 2-35 library images of one aspect ratio, with optional music. */
export interface ShortVideoCarousel {
  id: string;
  carousel_name: string;
  image_ids: string[];
  /** Width:height of every image (they share one). */
  aspect_ratio: string;
  music_id?: string;
  create_time: string;
}

export interface ShortVideoPixel {
  /** Numeric id, what ad groups take as pixel_id. */
  id: string;
  /** Alphanumeric code shown in the events manager and used by the pixel script. */
  pixel_code: string;
  pixel_name: string;
  activity_status: 'ACTIVE' | 'INACTIVE';
  /** Optimization events this pixel has received and can be optimized for. */
  events: { optimization_event: string; event_name: string; last_fired: string }[];
}

export interface ShortVideoLeadPage {
  /** Instant form page id. */
  id: string;
  title: string;
  status: 'PUBLISHED' | 'DRAFT';
  questions: string[];
  privacy_policy_url: string;
  create_time: string;
}

export interface ShortVideoCustomAudience {
  id: string;
  name: string;
  audience_type: 'CUSTOMER_FILE' | 'ENGAGEMENT' | 'WEBSITE_TRAFFIC' | 'APP_ACTIVITY' | 'LOOKALIKE' | 'LEAD_GENERATION';
  /** Matched users (the platform rounds it). */
  cover_num: number;
  is_valid: boolean;
  is_expired: boolean;
  create_time: string;
}

export const TARGETING_TYPES = [
  'locations',
  'interest_categories',
  'interest_keywords',
  'purchase_intention_keywords',
  'contextual_tags',
  'device_models',
  'carriers',
  'languages',
] as const;
export type TargetingType = (typeof TARGETING_TYPES)[number];

export interface TargetingOption {
  id: string;
  name: string;
  /** Level or category (country, province, city; parent interest; brand). */
  kind?: string;
  parent?: string;
  /** Estimated reach or popularity, where the platform gives one. */
  audience_size?: number;
}
