import { ToolError } from '../../../core/errors';
import type {
  SocialAdsAd,
  SocialAdsAdSet,
  SocialAdsAdType,
  SocialAdsBidStrategy,
  SocialAdsCampaign,
  SocialAdsCreative,
  SocialAdsObjective,
  SocialAdsPublisherPlatform,
  SocialAdsStatus,
  SocialAdsTargeting,
} from '../port';

/**
 * The platform's objects as the Graph API sends and takes them, and their conversion to and from
 * the socialads port: money in the account currency's minor units (integers, sent as strings),
 * times in the account's time zone, statuses, placements and creatives (object_story_spec /
 * asset_feed_spec). The live adapter's family files use these; nothing here calls the platform.
 */

/** Currencies whose minor unit on the platform is the whole unit (offset 1); every other one has cents (offset 100). */
const OFFSET_ONE = new Set(['CLP', 'COP', 'CRC', 'HUF', 'ISK', 'IDR', 'JPY', 'KRW', 'PYG', 'TWD', 'VND']);

/** How many minor units one unit of the currency has on the platform. */
export const currencyOffset = (currency: string): number => (OFFSET_ONE.has(currency.toUpperCase()) ? 1 : 100);

/** An amount in account currency as the platform takes budgets and bids: a whole number of minor units, as a string. */
export function toMinor(amount: number, currency: string): string {
  return String(Math.round(amount * currencyOffset(currency)));
}

/** Minor units (a string or number) as an amount in account currency; undefined for absent or zero (no budget). */
export function fromMinor(value: string | number | undefined | null, currency: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return n / currencyOffset(currency);
}

/** The UTC offset of a time zone on a day, as `+HH:MM`. */
export function zoneOffset(date: string, timeZone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${date}T12:00:00Z`))
      .find((p) => p.type === 'timeZoneName')?.value;
    const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name ?? '');
    return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
  } catch {
    return '+00:00';
  }
}

/** The start (or the last second) of a day in the account's time zone, as the platform takes times. */
export function zonedTime(date: string, timeZone: string, endOfDay = false): string {
  return `${date}T${endOfDay ? '23:59:59' : '00:00:00'}${zoneOffset(date, timeZone)}`;
}

/** The day of a platform time (`2026-11-27T00:00:00-0800`: the platform writes times in the account's zone). */
export const dayOf = (time: string | undefined): string | undefined => (time ? time.slice(0, 10) : undefined);

/** A platform time as ISO 8601 UTC. */
export function isoOf(time: string | number | undefined): string {
  if (time === undefined) return new Date(0).toISOString();
  const ms = typeof time === 'number' ? time * 1000 : Date.parse(time.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(ms) ? new Date(0).toISOString() : new Date(ms).toISOString();
}

/**
 * The `effective_status` values a list asks for: every one but DELETED. Without it the platform
 * leaves archived objects out, while the tools list and filter them (`status: ARCHIVED`), copy them
 * (`include_archived`) and report their past delivery as on a sandbox account. Deleted objects are
 * never listed.
 */
export const LISTED_STATUSES = {
  campaigns: ['ACTIVE', 'PAUSED', 'ARCHIVED', 'IN_PROCESS', 'WITH_ISSUES'],
  adsets: ['ACTIVE', 'PAUSED', 'CAMPAIGN_PAUSED', 'ARCHIVED', 'IN_PROCESS', 'WITH_ISSUES'],
  ads: [
    'ACTIVE',
    'PAUSED',
    'ADSET_PAUSED',
    'CAMPAIGN_PAUSED',
    'ARCHIVED',
    'PENDING_REVIEW',
    'DISAPPROVED',
    'PREAPPROVED',
    'PENDING_BILLING_INFO',
    'IN_PROCESS',
    'WITH_ISSUES',
  ],
} as const;

const STATUSES = new Set<SocialAdsStatus>(['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED']);
/** The configured status as the port says it (the platform's `status`). */
export const statusOf = (status: string | undefined): SocialAdsStatus =>
  STATUSES.has(status as SocialAdsStatus) ? (status as SocialAdsStatus) : 'PAUSED';

/**
 * An ad's effective status in the port's words: a paused parent makes the ad read as paused, the
 * review states read as in review, an ad with issues as disapproved.
 */
export function adEffectiveStatusOf(effective: string | undefined): SocialAdsAd['effective_status'] {
  switch (effective) {
    case 'ACTIVE':
      return 'ACTIVE';
    case 'PAUSED':
    case 'CAMPAIGN_PAUSED':
    case 'ADSET_PAUSED':
      return 'PAUSED';
    case 'DISAPPROVED':
    case 'WITH_ISSUES':
      return 'DISAPPROVED';
    case 'ARCHIVED':
    case 'DELETED':
      return 'ARCHIVED';
    default:
      // PENDING_REVIEW, IN_PROCESS, PREAPPROVED, PENDING_BILLING_INFO.
      return 'PENDING_REVIEW';
  }
}

/** Objectives of campaigns made before the outcome-based objectives, read as the outcome they became. */
const LEGACY_OBJECTIVES: Record<string, SocialAdsObjective> = {
  BRAND_AWARENESS: 'OUTCOME_AWARENESS',
  REACH: 'OUTCOME_AWARENESS',
  LINK_CLICKS: 'OUTCOME_TRAFFIC',
  POST_ENGAGEMENT: 'OUTCOME_ENGAGEMENT',
  PAGE_LIKES: 'OUTCOME_ENGAGEMENT',
  EVENT_RESPONSES: 'OUTCOME_ENGAGEMENT',
  VIDEO_VIEWS: 'OUTCOME_ENGAGEMENT',
  MESSAGES: 'OUTCOME_ENGAGEMENT',
  LEAD_GENERATION: 'OUTCOME_LEADS',
  APP_INSTALLS: 'OUTCOME_APP_PROMOTION',
  CONVERSIONS: 'OUTCOME_SALES',
  PRODUCT_CATALOG_SALES: 'OUTCOME_SALES',
  STORE_VISITS: 'OUTCOME_AWARENESS',
  OFFER_CLAIMS: 'OUTCOME_SALES',
  LOCAL_AWARENESS: 'OUTCOME_AWARENESS',
};
export const objectiveOf = (objective: string | undefined): SocialAdsObjective =>
  ((objective?.startsWith('OUTCOME_') ? objective : LEGACY_OBJECTIVES[objective ?? '']) as SocialAdsObjective | undefined) ??
  'OUTCOME_TRAFFIC';

/** The port's placement words and the platform's publisher_platforms values. */
const PUBLISHER: Record<SocialAdsPublisherPlatform, string> = {
  main_app: 'facebook',
  photo_app: 'instagram',
  partner_network: 'audience_network',
  messaging_app: 'messenger',
};
const PUBLISHER_BACK = Object.fromEntries(Object.entries(PUBLISHER).map(([k, v]) => [v, k])) as Record<string, SocialAdsPublisherPlatform>;
export const publisherToWire = (p: SocialAdsPublisherPlatform): string => PUBLISHER[p];
export const publisherFromWire = (p: string): string => PUBLISHER_BACK[p] ?? p;

/** Placement positions of the platform_position breakdown in the port's words (SOCIALADS_POSITIONS). */
export function positionFromWire(position: string): string {
  if (/stories/.test(position)) return 'stories';
  if (/reels/.test(position)) return 'reels';
  if (position === 'right_hand_column') return 'right_column';
  if (/search/.test(position)) return 'search';
  if (/instream/.test(position)) return 'in_stream_video';
  if (/^an_|rewarded_video|native/.test(position)) return 'partner_native';
  return 'feed';
}

// --- Campaigns ---

export interface WirePromotedObject {
  page_id?: string;
  pixel_id?: string;
  custom_event_type?: string;
  application_id?: string;
  object_store_url?: string;
  product_set_id?: string;
  product_catalog_id?: string;
}

export interface WireCampaign {
  id: string;
  name: string;
  objective?: string;
  status?: string;
  effective_status?: string;
  buying_type?: string;
  daily_budget?: string;
  lifetime_budget?: string;
  special_ad_categories?: string[];
  start_time?: string;
  stop_time?: string;
  created_time?: string;
  bid_strategy?: string;
  promoted_object?: WirePromotedObject;
}

export const CAMPAIGN_FIELDS =
  'id,name,objective,status,effective_status,buying_type,daily_budget,lifetime_budget,special_ad_categories,start_time,stop_time,created_time,bid_strategy,promoted_object';

/** A campaign in the port's words; `appNames` names promoted apps by application id. */
export function campaignOf(c: WireCampaign, currency: string, appNames: Record<string, string> = {}): SocialAdsCampaign {
  const daily = fromMinor(c.daily_budget, currency);
  const lifetime = fromMinor(c.lifetime_budget, currency);
  const promoted = c.promoted_object ?? {};
  return {
    id: c.id,
    name: c.name,
    objective: objectiveOf(c.objective),
    status: statusOf(c.status),
    buying_type: 'AUCTION',
    ...(daily !== undefined ? { daily_budget: daily } : {}),
    ...(lifetime !== undefined ? { lifetime_budget: lifetime } : {}),
    special_ad_categories: (c.special_ad_categories ?? []).filter((x) => x !== 'NONE'),
    ...(promoted.application_id && promoted.object_store_url
      ? {
          app: {
            application_id: promoted.application_id,
            app_name: appNames[promoted.application_id] ?? promoted.application_id,
            store: /apple\.com|itunes/.test(promoted.object_store_url) ? ('APP_STORE' as const) : ('GOOGLE_PLAY' as const),
            object_store_url: promoted.object_store_url,
          },
        }
      : {}),
    start_date: dayOf(c.start_time) ?? dayOf(c.created_time) ?? '',
    ...(c.stop_time ? { end_date: dayOf(c.stop_time)! } : {}),
    created_at: isoOf(c.created_time),
    ...(c.bid_strategy ? { bid_strategy: c.bid_strategy as SocialAdsBidStrategy } : {}),
    ...(promoted.product_catalog_id ? { promoted_object: { product_catalog_id: promoted.product_catalog_id } } : {}),
  };
}

// --- Ad sets ---

export interface WireTargeting {
  geo_locations?: { countries?: string[] };
  age_min?: number;
  age_max?: number;
  genders?: number[];
  publisher_platforms?: string[];
  flexible_spec?: {
    interests?: { id: string; name?: string }[];
    behaviors?: { id: string; name?: string }[];
    demographics?: { id: string; name?: string }[];
  }[];
  custom_audiences?: { id: string; name?: string }[];
  excluded_custom_audiences?: { id: string; name?: string }[];
  product_audience_specs?: { product_set_id: string; inclusions: { retention_seconds: number; rule: unknown }[] }[];
}

export interface WireAdSet {
  id: string;
  campaign_id: string;
  name: string;
  status?: string;
  effective_status?: string;
  optimization_goal?: string;
  billing_event?: string;
  daily_budget?: string;
  lifetime_budget?: string;
  targeting?: WireTargeting;
  promoted_object?: WirePromotedObject;
  start_time?: string;
  end_time?: string;
  created_time?: string;
  bid_strategy?: string;
  bid_amount?: number | string;
  bid_constraints?: { roas_average_floor?: number };
}

export const AD_SET_FIELDS =
  'id,campaign_id,name,status,effective_status,optimization_goal,billing_event,daily_budget,lifetime_budget,targeting,promoted_object,start_time,end_time,created_time,bid_strategy,bid_amount,bid_constraints';

/** ROAS floors go out as the ratio times 10,000 (`roas_average_floor`). */
const ROAS_SCALE = 10_000;
const DAY_SECONDS = 86_400;

export function targetingOf(t: WireTargeting = {}): SocialAdsTargeting {
  const detailed = (t.flexible_spec ?? []).flatMap((spec) => [
    ...(spec.interests ?? []),
    ...(spec.behaviors ?? []),
    ...(spec.demographics ?? []),
  ]);
  return {
    countries: t.geo_locations?.countries ?? [],
    age_min: t.age_min ?? 18,
    age_max: t.age_max ?? 65,
    genders: t.genders ?? [],
    // No placements named: the platform places automatically everywhere.
    publisher_platforms: (t.publisher_platforms ?? ['facebook', 'instagram', 'audience_network', 'messenger']).map(
      (p) => publisherFromWire(p) as SocialAdsPublisherPlatform,
    ),
    ...(detailed.length ? { interests: detailed.map((i) => ({ id: i.id, name: i.name ?? i.id })) } : {}),
    ...(t.custom_audiences?.length ? { custom_audiences: t.custom_audiences.map((a) => a.id) } : {}),
    ...(t.excluded_custom_audiences?.length ? { excluded_custom_audiences: t.excluded_custom_audiences.map((a) => a.id) } : {}),
  };
}

/** Targeting as the platform takes it; catalog retargeting becomes product audience specs of the ad set's product set. */
export function targetingToWire(t: SocialAdsTargeting, retargeting?: { days: number; product_set_id: string }): WireTargeting {
  return {
    geo_locations: { countries: t.countries },
    age_min: t.age_min,
    age_max: t.age_max,
    ...(t.genders.length ? { genders: t.genders } : {}),
    ...(t.publisher_platforms.length ? { publisher_platforms: t.publisher_platforms.map(publisherToWire) } : {}),
    ...(t.interests?.length ? { flexible_spec: [{ interests: t.interests.map((i) => ({ id: i.id, name: i.name })) }] } : {}),
    ...(t.custom_audiences?.length ? { custom_audiences: t.custom_audiences.map((id) => ({ id })) } : {}),
    ...(t.excluded_custom_audiences?.length ? { excluded_custom_audiences: t.excluded_custom_audiences.map((id) => ({ id })) } : {}),
    ...(retargeting
      ? {
          product_audience_specs: [
            {
              product_set_id: retargeting.product_set_id,
              inclusions: [
                { retention_seconds: retargeting.days * DAY_SECONDS, rule: { event: { eq: 'ViewContent' } } },
                { retention_seconds: retargeting.days * DAY_SECONDS, rule: { event: { eq: 'AddToCart' } } },
              ],
            },
          ],
        }
      : {}),
  };
}

export function adSetOf(s: WireAdSet, currency: string): SocialAdsAdSet {
  const daily = fromMinor(s.daily_budget, currency);
  const lifetime = fromMinor(s.lifetime_budget, currency);
  const promoted = Object.fromEntries(
    Object.entries(s.promoted_object ?? {}).filter(([k, v]) => v !== undefined && k !== 'product_catalog_id'),
  ) as SocialAdsAdSet['promoted_object'];
  const retention = s.targeting?.product_audience_specs?.[0]?.inclusions?.[0]?.retention_seconds;
  const roas = s.bid_strategy === 'LOWEST_COST_WITH_MIN_ROAS' ? s.bid_constraints?.roas_average_floor : undefined;
  const bid = roas !== undefined ? roas / ROAS_SCALE : fromMinor(s.bid_amount, currency);
  return {
    id: s.id,
    campaign_id: s.campaign_id,
    name: s.name,
    status: statusOf(s.status),
    optimization_goal: s.optimization_goal ?? 'LINK_CLICKS',
    billing_event: s.billing_event ?? 'IMPRESSIONS',
    ...(daily !== undefined ? { daily_budget: daily } : {}),
    ...(lifetime !== undefined ? { lifetime_budget: lifetime } : {}),
    targeting: targetingOf(s.targeting),
    ...(promoted && Object.keys(promoted).length ? { promoted_object: promoted } : {}),
    start_date: dayOf(s.start_time) ?? dayOf(s.created_time) ?? '',
    ...(s.end_time ? { end_date: dayOf(s.end_time)! } : {}),
    created_at: isoOf(s.created_time),
    ...(s.bid_strategy ? { bid_strategy: s.bid_strategy as SocialAdsBidStrategy } : {}),
    ...(bid !== undefined ? { bid_amount: bid } : {}),
    ...(retention ? { retargeting_days: Math.round(retention / DAY_SECONDS) } : {}),
  };
}

/** The bid of an ad set as the platform takes it: a minimum ROAS as a scaled floor, a cap in minor units. */
export function bidToWire(
  strategy: SocialAdsBidStrategy | undefined,
  amount: number | undefined,
  currency: string,
): Record<string, unknown> {
  if (amount === undefined) return {};
  if (strategy === 'LOWEST_COST_WITH_MIN_ROAS') return { bid_constraints: { roas_average_floor: Math.round(amount * ROAS_SCALE) } };
  return { bid_amount: Number(toMinor(amount, currency)) };
}

// --- Creatives and ads ---

interface WireCallToAction {
  type: string;
  value?: { link?: string; lead_gen_form_id?: string; app_link?: string };
}

interface WireLinkData {
  link?: string;
  message?: string;
  name?: string;
  description?: string;
  caption?: string;
  image_hash?: string;
  call_to_action?: WireCallToAction;
  child_attachments?: { link: string; name?: string; description?: string; image_hash?: string; call_to_action?: WireCallToAction }[];
  format_option?: string;
  app_link_spec?: { ios?: { url: string }[]; android?: { url: string }[] };
}

interface WireVideoData {
  video_id: string;
  image_url?: string;
  image_hash?: string;
  message?: string;
  title?: string;
  link_description?: string;
  call_to_action?: WireCallToAction;
}

export interface WireCreative {
  id?: string;
  name?: string;
  object_story_spec?: {
    page_id: string;
    instagram_user_id?: string;
    link_data?: WireLinkData;
    video_data?: WireVideoData;
    template_data?: WireLinkData;
  };
  asset_feed_spec?: {
    images?: { hash: string }[];
    videos?: { video_id: string; thumbnail_url?: string }[];
    bodies?: { text: string }[];
    titles?: { text: string }[];
    descriptions?: { text: string }[];
    link_urls?: { website_url: string; display_url?: string }[];
    call_to_action_types?: string[];
    ad_formats?: string[];
  };
  url_tags?: string;
  product_set_id?: string;
  degrees_of_freedom_spec?: { creative_features_spec?: Record<string, { enroll_status: 'OPT_IN' | 'OPT_OUT' }> };
  contextual_multi_ads?: { enroll_status: 'OPT_IN' | 'OPT_OUT' };
}

export const CREATIVE_FIELDS =
  'id,name,object_story_spec,asset_feed_spec,url_tags,product_set_id,degrees_of_freedom_spec,contextual_multi_ads';

export interface WireAd {
  id: string;
  adset_id: string;
  campaign_id: string;
  name: string;
  status?: string;
  effective_status?: string;
  created_time?: string;
  creative?: WireCreative;
}

export const AD_FIELDS = `id,adset_id,campaign_id,name,status,effective_status,created_time,creative{${CREATIVE_FIELDS}}`;

const CATALOG_FORMAT: Record<NonNullable<SocialAdsCreative['catalog_format']>, string> = {
  carousel: 'carousel_images_multi_items',
  single_product: 'single_image',
  collection: 'collection_video',
};

function notSupported(message: string): ToolError {
  return new ToolError(message, { code: 'live_not_supported', platform: 'socialads' });
}

/** A creative as the platform takes it (POST /act_<id>/adcreatives), for an ad of `adType`. */
export function creativeToWire(name: string, adType: SocialAdsAdType, c: SocialAdsCreative): WireCreative {
  if (c.placement_videos || c.story_image || c.right_column_image || c.asset_bundle_id) {
    throw notSupported(
      "Placement-specific images and videos (story, right-column or per-placement assets) are not sent by this gateway to live socialads accounts: the platform takes them only as asset customization rules, which the gateway does not build. Create the ad with one image or video for every placement, then set placement assets in the platform's Ads Manager.",
    );
  }
  const cta = (link?: string): WireCallToAction => ({
    type: c.call_to_action,
    ...(link || c.lead_form_id
      ? { value: { ...(link ? { link } : {}), ...(c.lead_form_id ? { lead_gen_form_id: c.lead_form_id } : {}) } }
      : {}),
  });
  const features: NonNullable<WireCreative['degrees_of_freedom_spec']>['creative_features_spec'] = {};
  if (c.advantage_plus_creative) features.standard_enhancements = { enroll_status: 'OPT_IN' };
  for (const feature of c.disabled_creative_features) features[feature] = { enroll_status: 'OPT_OUT' };
  const common: WireCreative = {
    name,
    ...(c.url_tags ? { url_tags: c.url_tags } : {}),
    ...(Object.keys(features).length ? { degrees_of_freedom_spec: { creative_features_spec: features } } : {}),
    ...(c.multi_advertiser !== undefined ? { contextual_multi_ads: { enroll_status: c.multi_advertiser ? 'OPT_IN' : 'OPT_OUT' } } : {}),
  };
  const identity = { page_id: c.page_id, ...(c.instagram_account_id ? { instagram_user_id: c.instagram_account_id } : {}) };
  const appLinks =
    c.deep_links && (c.deep_links.ios || c.deep_links.android)
      ? {
          app_link_spec: {
            ...(c.deep_links.ios ? { ios: [{ url: c.deep_links.ios }] } : {}),
            ...(c.deep_links.android ? { android: [{ url: c.deep_links.android }] } : {}),
          },
        }
      : {};

  if (adType === 'catalog') {
    return {
      ...common,
      product_set_id: c.product_set_id,
      object_story_spec: {
        ...identity,
        template_data: {
          link: c.link,
          ...(c.primary_texts[0] ? { message: c.primary_texts[0] } : {}),
          ...(c.headlines[0] ? { name: c.headlines[0] } : {}),
          ...(c.descriptions[0] ? { description: c.descriptions[0] } : {}),
          call_to_action: { type: c.call_to_action },
          format_option: CATALOG_FORMAT[c.catalog_format ?? 'carousel'],
        },
      },
    };
  }
  if (adType === 'carousel') {
    return {
      ...common,
      object_story_spec: {
        ...identity,
        link_data: {
          link: c.link,
          ...(c.primary_texts[0] ? { message: c.primary_texts[0] } : {}),
          ...(c.display_link ? { caption: c.display_link } : {}),
          child_attachments: (c.cards ?? []).map((card) => ({
            link: card.link,
            name: card.headline,
            ...(card.description ? { description: card.description } : {}),
            image_hash: card.image_hash,
            call_to_action: { type: card.call_to_action, value: { link: card.link } },
          })),
          call_to_action: cta(c.link),
          ...appLinks,
        },
      },
    };
  }
  const several =
    c.primary_texts.length > 1 || c.headlines.length > 1 || c.descriptions.length > 1 || c.image_hashes.length > 1 || c.dynamic_creative;
  if (several) {
    return {
      ...common,
      object_story_spec: identity,
      asset_feed_spec: {
        ...(adType === 'video' && c.video_id
          ? { videos: [{ video_id: c.video_id, ...(c.thumbnail ? { thumbnail_url: c.thumbnail } : {}) }] }
          : { images: c.image_hashes.map((hash) => ({ hash })) }),
        bodies: c.primary_texts.map((text) => ({ text })),
        titles: c.headlines.map((text) => ({ text })),
        ...(c.descriptions.length ? { descriptions: c.descriptions.map((text) => ({ text })) } : {}),
        link_urls: [{ website_url: c.link, ...(c.display_link ? { display_url: c.display_link } : {}) }],
        call_to_action_types: [c.call_to_action],
        ad_formats: [adType === 'video' ? 'SINGLE_VIDEO' : 'SINGLE_IMAGE'],
      },
    };
  }
  if (adType === 'video') {
    return {
      ...common,
      object_story_spec: {
        ...identity,
        video_data: {
          video_id: c.video_id!,
          ...(c.thumbnail ? { image_url: c.thumbnail } : c.image_hashes[0] ? { image_hash: c.image_hashes[0] } : {}),
          ...(c.primary_texts[0] ? { message: c.primary_texts[0] } : {}),
          ...(c.headlines[0] ? { title: c.headlines[0] } : {}),
          ...(c.descriptions[0] ? { link_description: c.descriptions[0] } : {}),
          call_to_action: cta(c.link),
        },
      },
    };
  }
  return {
    ...common,
    object_story_spec: {
      ...identity,
      link_data: {
        link: c.link,
        ...(c.primary_texts[0] ? { message: c.primary_texts[0] } : {}),
        ...(c.headlines[0] ? { name: c.headlines[0] } : {}),
        ...(c.descriptions[0] ? { description: c.descriptions[0] } : {}),
        ...(c.display_link ? { caption: c.display_link } : {}),
        ...(c.image_hashes[0] ? { image_hash: c.image_hashes[0] } : {}),
        call_to_action: cta(c.link),
        ...appLinks,
      },
    },
  };
}

/** A creative in the port's words, and the kind of ad it makes. */
export function creativeOf(w: WireCreative = {}): { adType: SocialAdsAdType; creative: SocialAdsCreative } {
  const story = w.object_story_spec ?? { page_id: '' };
  const feed = w.asset_feed_spec;
  const link = story.link_data ?? story.template_data;
  const video = story.video_data;
  const features = w.degrees_of_freedom_spec?.creative_features_spec ?? {};
  const adType: SocialAdsAdType = story.template_data
    ? 'catalog'
    : story.link_data?.child_attachments?.length
      ? 'carousel'
      : video || feed?.videos?.length
        ? 'video'
        : 'image';
  const texts = (list?: { text: string }[], one?: string) => (list?.length ? list.map((x) => x.text) : one ? [one] : []);
  const leadForm = (link?.call_to_action ?? video?.call_to_action)?.value?.lead_gen_form_id;
  const format = story.template_data?.format_option;
  const appLinks = story.link_data?.app_link_spec;
  const creative: SocialAdsCreative = {
    page_id: story.page_id,
    ...(story.instagram_user_id ? { instagram_account_id: story.instagram_user_id } : {}),
    link: feed?.link_urls?.[0]?.website_url ?? link?.link ?? video?.call_to_action?.value?.link ?? '',
    call_to_action: feed?.call_to_action_types?.[0] ?? link?.call_to_action?.type ?? video?.call_to_action?.type ?? 'LEARN_MORE',
    primary_texts: texts(feed?.bodies, link?.message ?? video?.message),
    headlines: texts(feed?.titles, link?.name ?? video?.title),
    descriptions: texts(feed?.descriptions, link?.description ?? video?.link_description),
    image_hashes: feed?.images?.length
      ? feed.images.map((i) => i.hash)
      : story.link_data?.image_hash
        ? [story.link_data.image_hash]
        : video?.image_hash
          ? [video.image_hash]
          : [],
    ...((video?.video_id ?? feed?.videos?.[0]?.video_id) ? { video_id: video?.video_id ?? feed!.videos![0]!.video_id } : {}),
    ...((video?.image_url ?? feed?.videos?.[0]?.thumbnail_url) ? { thumbnail: video?.image_url ?? feed!.videos![0]!.thumbnail_url } : {}),
    ...(story.link_data?.child_attachments?.length
      ? {
          cards: story.link_data.child_attachments.map((card) => ({
            headline: card.name ?? '',
            image_hash: card.image_hash ?? '',
            link: card.link,
            ...(card.description ? { description: card.description } : {}),
            call_to_action: card.call_to_action?.type ?? 'LEARN_MORE',
          })),
        }
      : {}),
    ...((feed?.link_urls?.[0]?.display_url ?? story.link_data?.caption)
      ? { display_link: feed?.link_urls?.[0]?.display_url ?? story.link_data!.caption }
      : {}),
    ...(leadForm ? { lead_form_id: leadForm } : {}),
    ...(w.url_tags ? { url_tags: w.url_tags } : {}),
    ...(appLinks?.ios?.[0] || appLinks?.android?.[0]
      ? {
          deep_links: {
            ...(appLinks.ios?.[0] ? { ios: appLinks.ios[0].url } : {}),
            ...(appLinks.android?.[0] ? { android: appLinks.android[0].url } : {}),
          },
        }
      : {}),
    ...(w.contextual_multi_ads ? { multi_advertiser: w.contextual_multi_ads.enroll_status === 'OPT_IN' } : {}),
    ...(features.standard_enhancements ? { advantage_plus_creative: features.standard_enhancements.enroll_status === 'OPT_IN' } : {}),
    disabled_creative_features: Object.entries(features)
      .filter(([name, f]) => name !== 'standard_enhancements' && f.enroll_status === 'OPT_OUT')
      .map(([name]) => name),
    ...(w.product_set_id ? { product_set_id: w.product_set_id } : {}),
    ...(format
      ? {
          catalog_format:
            format === 'single_image'
              ? ('single_product' as const)
              : format === 'collection_video'
                ? ('collection' as const)
                : ('carousel' as const),
        }
      : {}),
    // Several assets the platform combines itself: a dynamic creative.
    ...(feed ? { dynamic_creative: true } : {}),
  };
  return { adType, creative };
}

export function adOf(a: WireAd): SocialAdsAd {
  const { adType, creative } = creativeOf(a.creative);
  return {
    id: a.id,
    ad_set_id: a.adset_id,
    campaign_id: a.campaign_id,
    name: a.name,
    status: statusOf(a.status),
    effective_status: adEffectiveStatusOf(a.effective_status),
    ad_type: adType,
    creative,
    start_date: dayOf(a.created_time) ?? '',
    created_at: isoOf(a.created_time),
  };
}
