/**
 * The searchads live adapter's display family: ad group criteria (display targeting), topic
 * constants, and responsive display ads; with the wire shapes of the display resources.
 */
import type { SearchAdsAdGroup } from '../port-types';
import {
  DISPLAY_CRITERION_TYPES,
  type NewSearchAdsAdGroupCriterion,
  type NewSearchAdsDisplayAd,
  type SearchAdsAdGroupCriterion,
  type SearchAdsCriterionType,
  type SearchAdsDisplayAd,
  type SearchAdsDisplayAdPatch,
  type SearchAdsTopic,
} from '../port-display';
import { idOf } from './api';
import { messageAt, type AdImageAsset, type AdTextAsset, type GoogleAdsRow, type WireBody } from './wire';
import { digitsOnly, setPath, type LiveSession } from './session';

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
export function criterionValue(type: SearchAdsCriterionType, c: object): string {
  const wire = CRITERION_WIRE[type];
  const raw = String(messageAt(c, wire.field)?.[wire.key] ?? '');
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

/** What this family needs of the campaigns family. */
export interface AdGroups {
  getAdGroup(adGroupId: string): Promise<SearchAdsAdGroup>;
}

export class DisplayLive {
  constructor(
    private readonly live: LiveSession,
    private readonly campaigns: AdGroups,
  ) {}

  async listAdGroupCriteria(
    adGroupId: string,
    types: SearchAdsCriterionType[] = DISPLAY_CRITERION_TYPES,
  ): Promise<SearchAdsAdGroupCriterion[]> {
    await this.campaigns.getAdGroup(adGroupId);
    const rows = await this.live.search(
      `SELECT ${CRITERION_FIELDS.join(', ')} FROM ad_group_criterion WHERE ad_group.id = ${adGroupId} AND ad_group_criterion.type IN (${types.map((t) => `'${t}'`).join(', ')}) AND ad_group_criterion.status != 'REMOVED'`,
    );
    return rows.map((row) => criterionFrom(row));
  }

  async addAdGroupCriteria(criteria: NewSearchAdsAdGroupCriterion[]): Promise<SearchAdsAdGroupCriterion[]> {
    const names = await this.live.mutate(
      'adGroupCriteria',
      criteria.map((c) => ({
        create: {
          adGroup: this.live.rn('adGroups', c.ad_group_id),
          ...(c.negative ? { negative: true } : { status: 'ENABLED' }),
          ...criterionTarget(c.type, c.value, this.live.cid),
        },
      })),
    );
    const groups = new Map<string, string>();
    for (const c of criteria)
      if (!groups.has(c.ad_group_id)) groups.set(c.ad_group_id, (await this.campaigns.getAdGroup(c.ad_group_id)).campaign_id);
    return criteria.map((c, i) => {
      const key = idOf(names[i]!);
      return {
        ...c,
        id: key,
        campaign_id: groups.get(c.ad_group_id)!,
        criterion_id: key.split('~')[1]!,
        status: 'ENABLED',
        ...(c.type === 'KEYWORD' ? { match_type: 'BROAD' as const } : {}),
      };
    });
  }

  async removeAdGroupCriteria(ids: string[]): Promise<void> {
    await this.live.mutate(
      'adGroupCriteria',
      ids.map((id) => ({ remove: this.live.rn('adGroupCriteria', id) })),
    );
  }

  async listTopics(): Promise<SearchAdsTopic[]> {
    const rows = await this.live.search('SELECT topic_constant.id, topic_constant.path FROM topic_constant');
    return rows.map((r) => ({
      id: String(r.topicConstant.id),
      resource_name: `topicConstants/${r.topicConstant.id}`,
      path: r.topicConstant.path ?? [],
    }));
  }

  async getDisplayAd(adId: string): Promise<SearchAdsDisplayAd> {
    if (!digitsOnly.test(adId)) throw this.live.notFound('responsive display ad', adId);
    const [row] = await this.live.search(
      `SELECT ${DISPLAY_AD_FIELDS.join(', ')} FROM ad_group_ad WHERE ad_group_ad.ad.id = ${adId} AND ad_group_ad.ad.type = 'RESPONSIVE_DISPLAY_AD'`,
    );
    if (!row) throw this.live.notFound('responsive display ad', adId);
    return displayAdFrom(row);
  }

  async createDisplayAds(ads: NewSearchAdsDisplayAd[]): Promise<SearchAdsDisplayAd[]> {
    const names = await this.live.mutate(
      'adGroupAds',
      ads.map((ad) => ({
        create: {
          adGroup: this.live.rn('adGroups', ad.ad_group_id),
          status: ad.status,
          ad: { finalUrls: [ad.final_url], responsiveDisplayAd: this._displayAdWire(ad) },
        },
      })),
    );
    return Promise.all(names.map((name) => this.getDisplayAd(idOf(name).split('~')[1]!)));
  }

  async updateDisplayAd(adId: string, patch: SearchAdsDisplayAdPatch): Promise<SearchAdsDisplayAd> {
    await this.getDisplayAd(adId);
    const wire = this._displayAdWire(patch);
    const update: WireBody & { resourceName: string } = { resourceName: this.live.rn('ads', adId) };
    const mask: string[] = [];
    for (const [key, value] of Object.entries(wire)) {
      mask.push(`responsiveDisplayAd.${key}`);
      if (value !== undefined) setPath(update, `responsiveDisplayAd.${key}`, value);
    }
    if (patch.final_url !== undefined) {
      update.finalUrls = [patch.final_url];
      mask.push('finalUrls');
    }
    if (mask.length) await this.live.mutate('ads', [{ update, updateMask: mask.join(',') }]);
    return this.getDisplayAd(adId);
  }

  /** The responsive_display_ad fields of the parts given (a part given as undefined stays, as undefined: the mask clears it). */
  private _displayAdWire(ad: SearchAdsDisplayAdPatch): Record<string, unknown> {
    const texts = (list: string[]) => list.map((text) => ({ text }));
    const images = (ids: string[]) => ids.map((id) => ({ asset: this.live.rn('assets', id) }));
    const out: Record<string, unknown> = {};
    const put = <K extends keyof SearchAdsDisplayAdPatch>(
      key: K,
      wire: string,
      convert: (value: NonNullable<SearchAdsDisplayAdPatch[K]>) => unknown = (x) => x,
    ) => {
      if (!(key in ad)) return;
      const value = ad[key];
      out[wire] = value === undefined ? undefined : convert(value);
    };
    put('headlines', 'headlines', texts);
    put('long_headline', 'longHeadline', (text: string) => ({ text }));
    put('descriptions', 'descriptions', texts);
    put('business_name', 'businessName');
    put('marketing_image_ids', 'marketingImages', images);
    put('square_marketing_image_ids', 'squareMarketingImages', images);
    put('logo_image_ids', 'logoImages', images);
    put('square_logo_image_ids', 'squareLogoImages', images);
    put('video_ids', 'youtubeVideos', images);
    put('call_to_action_text', 'callToActionText');
    put('main_color', 'mainColor');
    put('accent_color', 'accentColor');
    put('promo_text', 'promoText');
    return out;
  }
}

function criterionFrom(row: GoogleAdsRow): SearchAdsAdGroupCriterion {
  const c = row.adGroupCriterion;
  const type = c.type as SearchAdsCriterionType;
  return {
    id: `${row.adGroup.id}~${c.criterionId}`,
    ad_group_id: String(row.adGroup.id),
    campaign_id: String(row.campaign.id),
    criterion_id: String(c.criterionId),
    type,
    value: criterionValue(type, c),
    ...(type === 'KEYWORD' && c.keyword?.matchType ? { match_type: c.keyword.matchType as SearchAdsAdGroupCriterion['match_type'] } : {}),
    negative: Boolean(c.negative),
    status: (c.status ?? 'ENABLED') as SearchAdsAdGroupCriterion['status'],
  };
}

function displayAdFrom(row: GoogleAdsRow): SearchAdsDisplayAd {
  const ad = row.adGroupAd.ad!;
  const r = ad.responsiveDisplayAd ?? {};
  const texts = (list?: AdTextAsset[]) => (list ?? []).map((t) => t.text ?? '');
  const images = (list?: AdImageAsset[]) => (list ?? []).map((i) => idOf(i.asset ?? ''));
  return {
    id: String(ad.id),
    ad_group_id: String(row.adGroup.id),
    campaign_id: String(row.campaign.id),
    type: ad.type as SearchAdsDisplayAd['type'],
    status: row.adGroupAd.status as SearchAdsDisplayAd['status'],
    headlines: texts(r.headlines),
    descriptions: texts(r.descriptions),
    final_url: ad.finalUrls?.[0] ?? '',
    long_headline: r.longHeadline?.text ?? '',
    business_name: r.businessName ?? '',
    marketing_image_ids: images(r.marketingImages),
    square_marketing_image_ids: images(r.squareMarketingImages),
    logo_image_ids: images(r.logoImages),
    square_logo_image_ids: images(r.squareLogoImages),
    video_ids: images(r.youtubeVideos),
    ...(r.callToActionText ? { call_to_action_text: r.callToActionText } : {}),
    ...(r.mainColor ? { main_color: r.mainColor } : {}),
    ...(r.accentColor ? { accent_color: r.accentColor } : {}),
    ...(r.promoText ? { promo_text: r.promoText } : {}),
  };
}
