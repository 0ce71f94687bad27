import type { DailyMetrics } from '../../core/metrics';

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
  /**
   * Changes fields of a campaign, ad set or ad (POST /{id}). A change takes effect from the moment
   * it is made; a past day's delivery never changes. `undefined` in a patch removes the field.
   */
  updateCampaign(campaignId: string, patch: SocialAdsCampaignPatch): Promise<SocialAdsCampaign>;
  updateAdSet(adSetId: string, patch: SocialAdsAdSetPatch): Promise<SocialAdsAdSet>;
  getAd(adId: string): Promise<SocialAdsAd>;
  updateAd(adId: string, patch: SocialAdsAdPatch): Promise<SocialAdsAd>;
  /** Custom and lookalike audiences of the ad account (/customaudiences). */
  listCustomAudiences(): Promise<SocialAdsCustomAudience[]>;
  /**
   * Targeting options (the targeting search and browse endpoints): with `q`, those whose name
   * contains it; without, every option of the type (browse).
   */
  searchTargeting(query: { type: SocialAdsTargetingType; q?: string }): Promise<SocialAdsTargetingOption[]>;
  /** Product catalogs the ad account can use (the business's owned catalogs). */
  listCatalogs(): Promise<SocialAdsCatalog[]>;
  /** Product sets of one catalog, or of every catalog. */
  listProductSets(catalogId?: string): Promise<SocialAdsProductSet[]>;
  createProductSet(productSet: NewSocialAdsProductSet): Promise<SocialAdsProductSet>;
  /** Products of a catalog; with `product_set_id`, only those the set's filter selects. */
  listProducts(catalogId: string, options?: { product_set_id?: string }): Promise<SocialAdsProduct[]>;
  /** Lead submissions of an instant form created in [since, until] (both days included). */
  listLeads(formId: string, timeRange: { since: string; until: string }): Promise<SocialAdsLead[]>;
}

export type SocialAdsInsightsLevel = 'campaign' | 'adset' | 'ad';

export interface SocialAdsInsightsQuery {
  level: SocialAdsInsightsLevel;
  /** Only these entities of `level` (all when absent). */
  ids?: readonly string[];
  /** First and last day, YYYY-MM-DD, both included. */
  time_range: { since: string; until: string };
  /**
   * Split each row by one breakdown (the insights `breakdowns` parameter). The rows of all values
   * of a breakdown add up to the row without it. `product_id` rows exist for catalog ads only.
   */
  breakdown?: SocialAdsBreakdown;
}

export const SOCIALADS_BREAKDOWNS = [
  'age',
  'gender',
  'publisher_platform',
  'platform_position',
  'impression_device',
  'product_id',
] as const;
export type SocialAdsBreakdown = (typeof SOCIALADS_BREAKDOWNS)[number];

/**
 * One day of one entity. `conversions` are the conversion results of the campaign's objective
 * (purchases for sales and traffic, leads for OUTCOME_LEADS, app installs for
 * OUTCOME_APP_PROMOTION, none for OUTCOME_AWARENESS, whose results are reach and ThruPlays);
 * `revenue` is their value (purchases only). `video_views` are ThruPlays of video ads (0 for others).
 * `clicks` are all clicks (the platform's `clicks`: link clicks and likes, expands, profile clicks...);
 * `link_clicks` the clicks on the ad's link among them (`inline_link_clicks`), `landing_page_views`
 * the link clicks whose landing page loaded (action `landing_page_view`), so landing page views ≤ link
 * clicks ≤ clicks; `two_second_video_plays` the 2-second continuous plays of video ads
 * (`video_continuous_2_sec_watched_actions`), at least their ThruPlays.
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
  /** The breakdown's value on rows of a query with `breakdown` (an age range, a placement, a product id...). */
  breakdown_value?: string;
  /**
   * Campaign and ad set rows without a breakdown: the daily budget the entity had that day, where the
   * platform keeps it (the sandbox does, from its history; 0 = no daily budget that day). Absent =
   * unknown: a past day is then judged against today's budget and the tool says so.
   */
  daily_budget?: number;
  /**
   * Post engagements: every interaction with the ad's post (reactions, comments, shares, link and
   * other clicks, photo views, video plays), the results of an ad set optimising for POST_ENGAGEMENT.
   */
  post_engagements?: number;
  /** Link clicks, landing page views and 2-second continuous video plays (see above). */
  link_clicks?: number;
  landing_page_views?: number;
  two_second_video_plays?: number;
  /** Sales objectives: product page views and add-to-carts counted by the pixel (the funnel before purchases). */
  view_content?: number;
  add_to_cart?: number;
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
  /** LOWEST_COST_WITHOUT_CAP (default), COST_CAP, LOWEST_COST_WITH_BID_CAP or LOWEST_COST_WITH_MIN_ROAS. */
  bid_strategy?: SocialAdsBidStrategy;
  /** Catalog campaigns: the catalog whose products the ads show. */
  promoted_object?: { product_catalog_id?: string };
}

export const SOCIALADS_BID_STRATEGIES = [
  'LOWEST_COST_WITHOUT_CAP',
  'COST_CAP',
  'LOWEST_COST_WITH_BID_CAP',
  'LOWEST_COST_WITH_MIN_ROAS',
] as const;
export type SocialAdsBidStrategy = (typeof SOCIALADS_BID_STRATEGIES)[number];

/** Fields a campaign update may set. */
export type SocialAdsCampaignPatch = Partial<
  Pick<SocialAdsCampaign, 'name' | 'status' | 'daily_budget' | 'lifetime_budget' | 'end_date' | 'bid_strategy'>
>;

/** A campaign to create: the platform assigns id, creation time and the app's application id. */
export type NewSocialAdsCampaign = Omit<SocialAdsCampaign, 'id' | 'created_at' | 'app'> & { app?: Omit<SocialAdsApp, 'application_id'> };

/**
 * Where ads appear. The port speaks neutral names; a live adapter maps them to the platform's
 * publisher_platforms values (main app, photo app, partner network, messaging app).
 */
export const SOCIALADS_PUBLISHER_PLATFORMS = ['main_app', 'photo_app', 'partner_network', 'messaging_app'] as const;
export type SocialAdsPublisherPlatform = (typeof SOCIALADS_PUBLISHER_PLATFORMS)[number];
/** Positions inside the publisher platforms (the platform_position breakdown). */
export const SOCIALADS_POSITIONS = ['feed', 'stories', 'reels', 'right_column', 'search', 'in_stream_video', 'partner_native'] as const;

export interface SocialAdsTargeting {
  countries: string[];
  age_min: number;
  age_max: number;
  /** Empty = all; 1 = male, 2 = female (Meta's codes). */
  genders: number[];
  publisher_platforms: SocialAdsPublisherPlatform[];
  /** Detailed targeting (interests, behaviours, demographics) from the targeting search. */
  interests?: { id: string; name: string }[];
  custom_audiences?: string[];
  excluded_custom_audiences?: string[];
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
  promoted_object?: {
    page_id?: string;
    pixel_id?: string;
    custom_event_type?: string;
    application_id?: string;
    object_store_url?: string;
    product_set_id?: string;
  };
  start_date: string;
  end_date?: string;
  created_at: string;
  bid_strategy?: SocialAdsBidStrategy;
  /** Bid cap or cost cap (account currency), or the minimum ROAS, per bid_strategy. */
  bid_amount?: number;
  /** Catalog ad sets: retarget people who viewed or carted products in the last N days (absent = prospecting, broad audience). */
  retargeting_days?: number;
}

export type NewSocialAdsAdSet = Omit<SocialAdsAdSet, 'id' | 'created_at'>;
export type SocialAdsAdSetPatch = Partial<
  Pick<
    SocialAdsAdSet,
    | 'name'
    | 'status'
    | 'daily_budget'
    | 'lifetime_budget'
    | 'end_date'
    | 'targeting'
    | 'bid_strategy'
    | 'bid_amount'
    | 'retargeting_days'
    | 'optimization_goal'
  >
>;

/** `catalog`: a catalog (dynamic product) ad showing products of a product set. */
export type SocialAdsAdType = 'image' | 'video' | 'carousel' | 'catalog';

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
  /** Catalog ads: the product set and the format (single product or carousel of products). */
  product_set_id?: string;
  catalog_format?: 'carousel' | 'single_product' | 'collection';
  /** Dynamic creative: the platform mixes the images and texts into the best combinations. */
  dynamic_creative?: boolean;
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
export type SocialAdsAdPatch = Partial<Pick<SocialAdsAd, 'name' | 'status' | 'creative'>>;

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
  /** When the pixel last sent an event (absent: never). */
  last_fired_time?: string;
  /** Standard events the pixel sent in the last 7 days, with their counts. */
  event_counts_7d?: Record<string, number>;
  /** Share of ViewContent/AddToCart/Purchase events whose content ids match a catalog product, 0-1. */
  catalog_match_rate?: number;
}

export type SocialAdsAudienceSubtype = 'CUSTOM' | 'WEBSITE' | 'ENGAGEMENT' | 'APP' | 'LOOKALIKE';

export interface SocialAdsCustomAudience {
  id: string;
  name: string;
  subtype: SocialAdsAudienceSubtype;
  approximate_count_lower_bound: number;
  approximate_count_upper_bound: number;
  /** 200 = ready; 300 = too small to deliver; 400 = being populated. */
  delivery_status: { code: number; description: string };
  retention_days?: number;
  /** Lookalikes: the source audience, the similarity ratio (0.01 = 1 %) and country. */
  lookalike_spec?: { origin_audience_id: string; ratio: number; country: string };
  pixel_id?: string;
  time_updated: string;
}

export type SocialAdsTargetingType = 'interests' | 'behaviors' | 'demographics' | 'locations';

export interface SocialAdsTargetingOption {
  id: string;
  name: string;
  type: SocialAdsTargetingType;
  /** Category path, e.g. ["Hobbies and activities", "Outdoor recreation"]. */
  path: string[];
  audience_size_lower_bound: number;
  audience_size_upper_bound: number;
  /** Locations: country code and kind (country, region, city). */
  country_code?: string;
  location_type?: 'country' | 'region' | 'city';
}

export interface SocialAdsCatalog {
  id: string;
  name: string;
  vertical: 'commerce';
  product_count: number;
  /** Pixels sending events to the catalog (the event sources retargeting needs). */
  pixel_ids: string[];
  /** Last feed upload and how many items it rejected. */
  feed_last_upload_time?: string;
  feed_errors: number;
}

export type SocialAdsProductFilterField = 'category' | 'brand' | 'availability' | 'price' | 'custom_label_0';
export interface SocialAdsProductFilterRule {
  field: SocialAdsProductFilterField;
  operator: 'eq' | 'neq' | 'contains' | 'lt' | 'gt';
  value: string | number;
}

export interface SocialAdsProductSet {
  id: string;
  catalog_id: string;
  name: string;
  /** Every rule must hold (an empty filter = all products). */
  filter: SocialAdsProductFilterRule[];
  product_count: number;
  created_at: string;
}

export type NewSocialAdsProductSet = Omit<SocialAdsProductSet, 'id' | 'created_at' | 'product_count'>;

export interface SocialAdsProduct {
  id: string;
  /** The advertiser's SKU (content id in pixel events). */
  retailer_id: string;
  catalog_id: string;
  name: string;
  category: string;
  brand: string;
  price: number;
  currency: string;
  availability: 'in stock' | 'out of stock' | 'preorder';
  image_url: string;
  url: string;
  custom_label_0?: string;
  /** Feed review: products with issues do not deliver. */
  review_status: 'approved' | 'rejected';
}

export interface SocialAdsLead {
  id: string;
  form_id: string;
  ad_id: string;
  ad_set_id: string;
  campaign_id: string;
  created_time: string;
  /** The answers, keyed by question (FULL_NAME, EMAIL, PHONE, ZIP...). */
  field_data: { name: string; value: string }[];
}

export interface SocialAdsDomainRedirect {
  /** The domain that redirects. */
  id: string;
  redirects_to: string;
}
