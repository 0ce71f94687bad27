import type { SearchAdsAd } from './port-types';

/**
 * Display targeting and creatives of the searchads port, shaped after the platform's resources:
 * ad_group_criterion of the display kinds (placement, mobile_application, youtube_channel,
 * youtube_video, topic, keyword, user_interest, custom_audience, user_list, age_range, gender,
 * parental_status, income_range), topic_constant, image assets (asset.image_asset), responsive
 * display ads (ad.responsive_display_ad) and campaign ad_schedule criteria.
 */
export interface SearchAdsDisplayPort {
  /** Ad group criteria of an ad group (removed ones left out), of the given types (default all display kinds). */
  listAdGroupCriteria(adGroupId: string, types?: SearchAdsCriterionType[]): Promise<SearchAdsAdGroupCriterion[]>;
  /** Creates ad group criteria; returns them as created, in the order given. */
  addAdGroupCriteria(criteria: NewSearchAdsAdGroupCriterion[]): Promise<SearchAdsAdGroupCriterion[]>;
  /** Removes ad group criteria for good, by `<ad group id>~<criterion id>`. */
  removeAdGroupCriteria(ids: string[]): Promise<void>;

  /** Topic constants (the content taxonomy), each with its path. */
  listTopics(): Promise<SearchAdsTopic[]>;

  /** A responsive display ad with every part. */
  getDisplayAd(adId: string): Promise<SearchAdsDisplayAd>;
  /** Creates responsive display ads; returns them with the ids the platform assigned, in the order given. */
  createDisplayAds(ads: NewSearchAdsDisplayAd[]): Promise<SearchAdsDisplayAd[]>;
  /** Sets parts of a responsive display ad (undefined removes an optional part); the ad keeps its id. */
  updateDisplayAd(adId: string, patch: SearchAdsDisplayAdPatch): Promise<SearchAdsDisplayAd>;
}

export type SearchAdsPlacementType = 'PLACEMENT' | 'MOBILE_APPLICATION' | 'YOUTUBE_CHANNEL' | 'YOUTUBE_VIDEO';
export type SearchAdsAudienceCriterionType = 'USER_INTEREST' | 'CUSTOM_AUDIENCE' | 'USER_LIST';
export type SearchAdsDemographicType = 'AGE_RANGE' | 'GENDER' | 'PARENTAL_STATUS' | 'INCOME_RANGE';
export type SearchAdsCriterionType =
  SearchAdsPlacementType | SearchAdsAudienceCriterionType | SearchAdsDemographicType | 'TOPIC' | 'KEYWORD';

export const DISPLAY_CRITERION_TYPES: SearchAdsCriterionType[] = [
  'PLACEMENT',
  'MOBILE_APPLICATION',
  'YOUTUBE_CHANNEL',
  'YOUTUBE_VIDEO',
  'TOPIC',
  'KEYWORD',
  'USER_INTEREST',
  'CUSTOM_AUDIENCE',
  'USER_LIST',
  'AGE_RANGE',
  'GENDER',
  'PARENTAL_STATUS',
  'INCOME_RANGE',
];

/** The enum values of each demographic dimension, as the platform names them. */
export const DEMOGRAPHIC_VALUES: Record<SearchAdsDemographicType, readonly string[]> = {
  AGE_RANGE: [
    'AGE_RANGE_18_24',
    'AGE_RANGE_25_34',
    'AGE_RANGE_35_44',
    'AGE_RANGE_45_54',
    'AGE_RANGE_55_64',
    'AGE_RANGE_65_UP',
    'AGE_RANGE_UNDETERMINED',
  ],
  GENDER: ['MALE', 'FEMALE', 'UNDETERMINED'],
  PARENTAL_STATUS: ['PARENT', 'NOT_A_PARENT', 'UNDETERMINED'],
  INCOME_RANGE: [
    'INCOME_RANGE_0_50',
    'INCOME_RANGE_50_60',
    'INCOME_RANGE_60_70',
    'INCOME_RANGE_70_80',
    'INCOME_RANGE_80_90',
    'INCOME_RANGE_90_UP',
    'INCOME_RANGE_UNDETERMINED',
  ],
};

export interface SearchAdsAdGroupCriterion {
  /** `<ad group id>~<criterion id>`, as in the criterion's resource name. */
  id: string;
  ad_group_id: string;
  campaign_id: string;
  criterion_id: string;
  type: SearchAdsCriterionType;
  /**
   * What it targets: the site URL (PLACEMENT), `<store>-<app id>` (MOBILE_APPLICATION), channel id,
   * video id, topic constant id, keyword text, segment id (user interest, custom audience, user list),
   * or the demographic's enum value (AGE_RANGE_25_34, FEMALE, PARENT, INCOME_RANGE_90_UP).
   */
  value: string;
  /** KEYWORD only. */
  match_type?: 'EXACT' | 'PHRASE' | 'BROAD';
  /** An exclusion. */
  negative: boolean;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
}

export type NewSearchAdsAdGroupCriterion = Pick<SearchAdsAdGroupCriterion, 'ad_group_id' | 'type' | 'value' | 'negative'>;

export interface SearchAdsTopic {
  id: string;
  /** `topicConstants/<id>`. */
  resource_name: string;
  /** The taxonomy path, top level first (`['Sports', 'Outdoors', 'Hiking & Camping']`). */
  path: string[];
}

export interface SearchAdsImageAsset {
  id: string;
  name: string;
  width: number;
  height: number;
  mime_type: string;
  file_size?: number;
  url?: string;
}

/** A responsive display ad: the ad's common parts (headlines <= 30, descriptions <= 90) and its own. */
export interface SearchAdsDisplayAd extends SearchAdsAd {
  long_headline: string;
  business_name: string;
  /** Image asset ids: landscape (1.91:1) and square marketing images, landscape (4:1) and square logos. */
  marketing_image_ids: string[];
  square_marketing_image_ids: string[];
  logo_image_ids: string[];
  square_logo_image_ids: string[];
  /** Video asset ids (at most 5). */
  video_ids: string[];
  call_to_action_text?: string;
  /** `#RRGGBB`; both colours or neither. */
  main_color?: string;
  accent_color?: string;
  promo_text?: string;
}

export type NewSearchAdsDisplayAd = Omit<SearchAdsDisplayAd, 'id' | 'campaign_id' | 'type' | 'path1' | 'path2' | 'video_ids'> & {
  video_ids?: string[];
};

export interface SearchAdsVideoAsset {
  id: string;
  name: string;
  /** The video's id on the video network. */
  video_id: string;
  title?: string;
}
export type SearchAdsDisplayAdPatch = Partial<Omit<NewSearchAdsDisplayAd, 'ad_group_id' | 'status'>>;

/** Ad schedules are the bidding port's (campaign criteria of type AD_SCHEDULE): one model for set_ad_schedule and the Display schedule tool. */
export type {
  DayOfWeek as SearchAdsDayOfWeek,
  MinuteOfHour as SearchAdsMinuteOfHour,
  NewSearchAdsAdSchedule,
  SearchAdsAdSchedule,
} from './port-bidding';
