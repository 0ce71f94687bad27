import type { GoogleAdsRow } from './api';
import type { SearchAdsCriterionType, SearchAdsDayOfWeek, SearchAdsMinuteOfHour } from '../port-display';

/**
 * Wire shapes of the display resources: where each ad group criterion type keeps its target
 * (`ad_group_criterion.<field>.<key>`), and how a criterion's value becomes that target and back.
 */
export const CRITERION_WIRE: Record<
  SearchAdsCriterionType,
  { field: string; key: string; snake: string; collection?: string; constant?: string }
> = {
  PLACEMENT: { field: 'placement', key: 'url', snake: 'placement.url' },
  MOBILE_APPLICATION: { field: 'mobileApplication', key: 'appId', snake: 'mobile_application.app_id' },
  YOUTUBE_CHANNEL: { field: 'youtubeChannel', key: 'channelId', snake: 'youtube_channel.channel_id' },
  YOUTUBE_VIDEO: { field: 'youtubeVideo', key: 'videoId', snake: 'youtube_video.video_id' },
  TOPIC: { field: 'topic', key: 'topicConstant', snake: 'topic.topic_constant', constant: 'topicConstants' },
  KEYWORD: { field: 'keyword', key: 'text', snake: 'keyword.text' },
  USER_INTEREST: {
    field: 'userInterest',
    key: 'userInterestCategory',
    snake: 'user_interest.user_interest_category',
    collection: 'userInterests',
  },
  CUSTOM_AUDIENCE: {
    field: 'customAudience',
    key: 'customAudience',
    snake: 'custom_audience.custom_audience',
    collection: 'customAudiences',
  },
  USER_LIST: { field: 'userList', key: 'userList', snake: 'user_list.user_list', collection: 'userLists' },
  AGE_RANGE: { field: 'ageRange', key: 'type', snake: 'age_range.type' },
  GENDER: { field: 'gender', key: 'type', snake: 'gender.type' },
  PARENTAL_STATUS: { field: 'parentalStatus', key: 'type', snake: 'parental_status.type' },
  INCOME_RANGE: { field: 'incomeRange', key: 'type', snake: 'income_range.type' },
};

/** The fields selected for ad group criteria of every display type. */
export const CRITERION_FIELDS = [
  'ad_group_criterion.criterion_id',
  'ad_group_criterion.type',
  'ad_group_criterion.status',
  'ad_group_criterion.negative',
  'ad_group_criterion.keyword.match_type',
  ...[...new Set(Object.values(CRITERION_WIRE).map((w) => `ad_group_criterion.${w.snake}`))],
  'ad_group.id',
  'campaign.id',
];

/** The wire target of a criterion value (resource names for topics and audiences). */
export function criterionTarget(type: SearchAdsCriterionType, value: string, customerId: string): Record<string, unknown> {
  const wire = CRITERION_WIRE[type];
  const target = wire.constant
    ? `${wire.constant}/${value}`
    : wire.collection
      ? `customers/${customerId}/${wire.collection}/${value}`
      : value;
  return { [wire.field]: { [wire.key]: target, ...(type === 'KEYWORD' ? { matchType: 'BROAD' } : {}) } };
}

/** A criterion's value from its wire target (the id at the end of a resource name). */
export function criterionValue(type: SearchAdsCriterionType, c: GoogleAdsRow): string {
  const wire = CRITERION_WIRE[type];
  const raw = String(c[wire.field]?.[wire.key] ?? '');
  return wire.constant || wire.collection ? raw.split('/').at(-1)! : raw;
}

export const DISPLAY_AD_FIELDS = [
  'ad_group_ad.ad.id',
  'ad_group_ad.ad.type',
  'ad_group_ad.status',
  'ad_group_ad.ad.final_urls',
  ...[
    'headlines',
    'long_headline',
    'descriptions',
    'business_name',
    'marketing_images',
    'square_marketing_images',
    'logo_images',
    'square_logo_images',
    'youtube_videos',
    'call_to_action_text',
    'main_color',
    'accent_color',
    'promo_text',
  ].map((f) => `ad_group_ad.ad.responsive_display_ad.${f}`),
  'ad_group.id',
  'campaign.id',
];

export const AD_SCHEDULE_FIELDS = [
  'campaign_criterion.criterion_id',
  'campaign_criterion.ad_schedule.day_of_week',
  'campaign_criterion.ad_schedule.start_hour',
  'campaign_criterion.ad_schedule.start_minute',
  'campaign_criterion.ad_schedule.end_hour',
  'campaign_criterion.ad_schedule.end_minute',
  'campaign.id',
];

export type WireSchedule = {
  dayOfWeek: SearchAdsDayOfWeek;
  startHour: number;
  startMinute: SearchAdsMinuteOfHour;
  endHour: number;
  endMinute: SearchAdsMinuteOfHour;
};
