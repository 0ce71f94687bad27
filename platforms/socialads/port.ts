import type { DailyMetrics } from '../metrics';

/**
 * The socialads platform interface (social-network advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods. Field names and enums follow the Meta Marketing API
 * (campaign objective OUTCOME_*, ad set optimization_goal / billing_event / promoted_object,
 * ad creative object_story_spec, image hashes, video ids).
 */
export interface SocialAdsPort {
  listCampaigns(): Promise<SocialAdsCampaign[]>;
  getCampaign(campaignId: string): Promise<SocialAdsCampaign>;
  /** Creates a campaign; the platform assigns its id (and the promoted app's application id). */
  createCampaign(campaign: NewSocialAdsCampaign): Promise<SocialAdsCampaign>;
  listAdSets(): Promise<SocialAdsAdSet[]>;
  getAdSet(adSetId: string): Promise<SocialAdsAdSet>;
  createAdSet(adSet: NewSocialAdsAdSet): Promise<SocialAdsAdSet>;
  listAds(): Promise<SocialAdsAd[]>;
  /** Creates an ad; the platform assigns its id and puts it in review (effective_status PENDING_REVIEW). */
  createAd(ad: NewSocialAdsAd): Promise<SocialAdsAd>;
  /**
   * Delivery figures (the insights edge of the ad account): one row per entity of `level` and day
   * with delivery in the date range, both ends included. Days and entities without delivery have
   * no row. Ads are the unit of delivery: an ad set's or campaign's row of a day is the sum of its
   * ads' rows of that day. Days from today on have no delivery yet; a past day never changes.
   */
  getInsights(query: SocialAdsInsightsQuery): Promise<SocialAdsInsightsRow[]>;
  /** Pages the account can see; `promotable` ones can run ads. */
  listPages(): Promise<SocialAdsPage[]>;
  listInstagramAccounts(): Promise<SocialAdsInstagramAccount[]>;
  listImages(): Promise<SocialAdsImage[]>;
  /** The image with this hash in this account, or undefined. */
  findImage(hash: string): Promise<SocialAdsImage | undefined>;
  /** Uploads an image from a URL; the platform hashes the content (same image, same hash). */
  uploadImage(upload: { url: string; name: string }): Promise<SocialAdsImage>;
  /** Copies an image of another ad account of the same business into this one; the hash stays the same. */
  copyImage(source: { account_id: string; image: SocialAdsImage }): Promise<SocialAdsImage>;
  listVideos(): Promise<SocialAdsVideo[]>;
  findVideo(videoId: string): Promise<SocialAdsVideo | undefined>;
  /** Uploads a video from a URL; the platform assigns its id and processes it (status processing). */
  uploadVideo(upload: { source_url: string; title: string; thumbnail_url?: string }): Promise<SocialAdsVideo>;
  listLeadForms(): Promise<SocialAdsLeadForm[]>;
  listPixels(): Promise<SocialAdsPixel[]>;
  /** Domains known to redirect to another domain (link shorteners, vanity domains). */
  listDomainRedirects(): Promise<SocialAdsDomainRedirect[]>;
}

export type SocialAdsInsightsLevel = 'campaign' | 'adset' | 'ad';

export interface SocialAdsInsightsQuery {
  level: SocialAdsInsightsLevel;
  /** Only these entities of `level` (all when absent). */
  ids?: readonly string[];
  /** First and last day, YYYY-MM-DD, both included. */
  time_range: { since: string; until: string };
}

/**
 * One day of one entity. `conversions` are the conversion results of the campaign's objective
 * (purchases for sales and traffic, leads for OUTCOME_LEADS, app installs for
 * OUTCOME_APP_PROMOTION, none for OUTCOME_AWARENESS, whose results are reach and ThruPlays);
 * `revenue` is their value (purchases only). `video_views` are ThruPlays of video ads (0 for others).
 */
export interface SocialAdsInsightsRow extends DailyMetrics {
  campaign_id: string;
  /** Present at level adset and ad. */
  ad_set_id?: string;
  /** Present at level ad. */
  ad_id?: string;
  /**
   * Accounts reached that day. Not additive across days: a range's reach is at most the sum of
   * its daily reach (the sandbox reports the ads' daily reach summed, without audience overlap).
   */
  reach?: number;
}

export const SOCIALADS_OBJECTIVES = [
  'OUTCOME_AWARENESS',
  'OUTCOME_TRAFFIC',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_LEADS',
  'OUTCOME_APP_PROMOTION',
  'OUTCOME_SALES',
] as const;
export type SocialAdsObjective = (typeof SOCIALADS_OBJECTIVES)[number];

/** configured status of campaigns, ad sets and ads. */
export type SocialAdsStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'DELETED';

export interface SocialAdsApp {
  application_id: string;
  app_name: string;
  store: 'APP_STORE' | 'GOOGLE_PLAY';
  object_store_url: string;
}

export interface SocialAdsCampaign {
  id: string;
  name: string;
  objective: SocialAdsObjective;
  status: SocialAdsStatus;
  buying_type: 'AUCTION';
  /** Campaign budget (Advantage campaign budget), in account currency; absent when ad sets hold the budget. */
  daily_budget?: number;
  lifetime_budget?: number;
  special_ad_categories: string[];
  /** Lead campaigns: the instant form their ads use. */
  lead_form_id?: string;
  /** App-promotion campaigns: the promoted app. */
  app?: SocialAdsApp;
  start_date: string;
  end_date?: string;
  created_at: string;
}

/** A campaign to create: the platform assigns id, creation time and the app's application id. */
export type NewSocialAdsCampaign = Omit<SocialAdsCampaign, 'id' | 'created_at' | 'app'> & { app?: Omit<SocialAdsApp, 'application_id'> };

export interface SocialAdsTargeting {
  countries: string[];
  age_min: number;
  age_max: number;
  /** Empty = all; 1 = male, 2 = female (Meta's codes). */
  genders: number[];
  publisher_platforms: string[];
}

export interface SocialAdsAdSet {
  id: string;
  campaign_id: string;
  name: string;
  status: SocialAdsStatus;
  optimization_goal: string;
  billing_event: string;
  daily_budget?: number;
  lifetime_budget?: number;
  targeting: SocialAdsTargeting;
  /** What the ad set promotes; a page here decides the ads' page without asking. */
  promoted_object?: { page_id?: string; pixel_id?: string; custom_event_type?: string; application_id?: string; object_store_url?: string };
  start_date: string;
  end_date?: string;
  created_at: string;
}

export type NewSocialAdsAdSet = Omit<SocialAdsAdSet, 'id' | 'created_at'>;

export type SocialAdsAdType = 'image' | 'video' | 'carousel';

export interface SocialAdsCarouselCard {
  headline: string;
  image_hash: string;
  link: string;
  description?: string;
  call_to_action: string;
}

/** The ad's creative, flattened from Meta's object_story_spec / asset_feed_spec. */
export interface SocialAdsCreative {
  page_id: string;
  instagram_account_id?: string;
  link: string;
  call_to_action: string;
  primary_texts: string[];
  headlines: string[];
  descriptions: string[];
  image_hashes: string[];
  video_id?: string;
  placement_videos?: Record<string, string>;
  thumbnail?: string;
  story_image?: string;
  right_column_image?: string;
  cards?: SocialAdsCarouselCard[];
  asset_bundle_id?: string;
  display_link?: string;
  lead_form_id?: string;
  url_tags?: string;
  deep_links?: { ios?: string; android?: string };
  multi_advertiser?: boolean;
  advantage_plus_creative?: boolean;
  disabled_creative_features: string[];
}

export interface SocialAdsAd {
  id: string;
  ad_set_id: string;
  campaign_id: string;
  name: string;
  status: SocialAdsStatus;
  /** Review state of the ad: PENDING_REVIEW after creation, ACTIVE once approved. */
  effective_status: 'ACTIVE' | 'PAUSED' | 'PENDING_REVIEW' | 'DISAPPROVED' | 'ARCHIVED';
  ad_type: SocialAdsAdType;
  creative: SocialAdsCreative;
  start_date: string;
  created_at: string;
}

export type NewSocialAdsAd = Omit<SocialAdsAd, 'id' | 'created_at' | 'effective_status'>;

export interface SocialAdsPage {
  id: string;
  name: string;
  category: string;
  /** Published, and the account's user has the ADVERTISE task on it. */
  promotable: boolean;
  instagram_account_id?: string;
}

export interface SocialAdsInstagramAccount {
  id: string;
  username: string;
  page_id: string;
}

export interface SocialAdsImage {
  /** The image hash (the id in the sandbox). */
  id: string;
  hash: string;
  name: string;
  url: string;
  width: number;
  height: number;
  created_at: string;
  /** How the image got into this account. */
  origin: 'upload' | 'url' | 'copied';
  copied_from_account?: string;
}

export interface SocialAdsVideo {
  id: string;
  title: string;
  length_seconds: number;
  thumbnail_url: string;
  source_url?: string;
  status: 'ready' | 'processing';
  created_at: string;
}

export interface SocialAdsLeadForm {
  id: string;
  name: string;
  page_id: string;
  status: 'ACTIVE' | 'ARCHIVED';
  questions: string[];
}

export interface SocialAdsPixel {
  id: string;
  name: string;
}

export interface SocialAdsDomainRedirect {
  /** The domain that redirects. */
  id: string;
  redirects_to: string;
}
