/**
 * The searchads sandbox's display family: ad group criteria (display targeting: placements,
 * topics, audiences, demographics, keywords), the content topic taxonomy, and responsive display
 * ads; with the seeded image library and display targeting. Keywords and audiences added as
 * criteria are the core family's (through the port this family is part of).
 */
import { isoDate } from '../../../core/dates';
import { digits } from '../../sandbox/ids';
import { EntityNotFoundError, type SandboxStore } from '../../sandbox/store';
import type { SearchAdsPort } from '../port';
import type { SearchAdsAd, SearchAdsAudienceType } from '../port-types';
import {
  DISPLAY_CRITERION_TYPES,
  type NewSearchAdsAdGroupCriterion,
  type NewSearchAdsDisplayAd,
  type SearchAdsAdGroupCriterion,
  type SearchAdsAudienceCriterionType,
  type SearchAdsCriterionType,
  type SearchAdsDisplayAd,
  type SearchAdsDisplayAdPatch,
  type SearchAdsImageAsset,
  type SearchAdsTopic,
  type SearchAdsVideoAsset,
} from '../port-display';
import type { StoredAd, StoredAdGroup, StoredKeyword } from './delivery';
import { KIND, adOf } from './stored';

/** A slice of the platform's topic taxonomy (topic constants), enough for an outdoor retailer's targeting. */
export const TOPIC_CONSTANTS: SearchAdsTopic[] = (
  [
    ['65', ['Hobbies & Leisure']],
    ['688', ['Hobbies & Leisure', 'Outdoors']],
    ['1316', ['Hobbies & Leisure', 'Outdoors', 'Hiking & Camping']],
    ['1317', ['Hobbies & Leisure', 'Outdoors', 'Fishing']],
    ['20', ['Sports']],
    ['1000', ['Sports', 'Individual Sports']],
    ['1001', ['Sports', 'Individual Sports', 'Running & Walking']],
    ['1002', ['Sports', 'Winter Sports']],
    ['18', ['Shopping']],
    ['68', ['Shopping', 'Apparel']],
    ['697', ['Shopping', 'Apparel', 'Footwear']],
    ['698', ['Shopping', 'Apparel', 'Outerwear']],
    ['67', ['Travel']],
    ['208', ['Travel', 'Tourist Destinations']],
    ['1010', ['Travel', 'Tourist Destinations', 'Parks & Outdoor Recreation']],
    ['16', ['News']],
    ['63', ['News', 'Weather']],
    ['71', ['Food & Drink']],
  ] as [string, string[]][]
).map(([id, path]) => ({ id, resource_name: `topicConstants/${id}`, path }));

/** The seeded image library: two landscape and two square marketing images, two logos, and a banner no display ad can use. */
export const SEED_IMAGES: Omit<SearchAdsImageAsset, 'id'>[] = [
  { name: 'Trail hero 1200x628', width: 1200, height: 628, mime_type: 'IMAGE_JPEG', file_size: 182_000 },
  { name: 'Boots lifestyle 1200x628', width: 1200, height: 628, mime_type: 'IMAGE_JPEG', file_size: 164_500 },
  { name: 'Trail square 1200x1200', width: 1200, height: 1200, mime_type: 'IMAGE_JPEG', file_size: 240_100 },
  { name: 'Boots square 600x600', width: 600, height: 600, mime_type: 'IMAGE_PNG', file_size: 98_700 },
  { name: 'Northwind logo 512x512', width: 512, height: 512, mime_type: 'IMAGE_PNG', file_size: 21_300 },
  { name: 'Northwind logo wide 1200x300', width: 1200, height: 300, mime_type: 'IMAGE_PNG', file_size: 30_200 },
  { name: 'Leaderboard banner 728x90', width: 728, height: 90, mime_type: 'IMAGE_GIF', file_size: 40_000 },
];

/** The seeded video library. */
export const SEED_VIDEOS: Omit<SearchAdsVideoAsset, 'id'>[] = [
  { name: 'Trail boots 15s', video_id: 'Nw0tRa1lB15', title: 'Northwind trail boots in 15 seconds' },
  { name: 'Pack fitting guide 30s', video_id: 'Nw0PackF1t3', title: 'How to fit a hiking pack' },
];

/** The display parts of a responsive display ad as the sandbox stores them on the ad. */
export type DisplayParts = Omit<SearchAdsDisplayAd, keyof SearchAdsAd | 'video_ids'> & { video_ids?: string[] };

/** A stored display ad with its parts (ads seeded or created before the parts existed get empty ones). */
export function displayAdOf(ad: SearchAdsAd & { display?: DisplayParts }): SearchAdsDisplayAd {
  const { display, ...base } = ad;
  return {
    ...base,
    long_headline: display?.long_headline ?? base.headlines[0] ?? '',
    business_name: display?.business_name ?? '',
    marketing_image_ids: display?.marketing_image_ids ?? [],
    square_marketing_image_ids: display?.square_marketing_image_ids ?? [],
    logo_image_ids: display?.logo_image_ids ?? [],
    square_logo_image_ids: display?.square_logo_image_ids ?? [],
    video_ids: display?.video_ids ?? [],
    ...(display?.call_to_action_text ? { call_to_action_text: display.call_to_action_text } : {}),
    ...(display?.main_color ? { main_color: display.main_color, accent_color: display.accent_color } : {}),
    ...(display?.promo_text ? { promo_text: display.promo_text } : {}),
  };
}

/** Audience segments of a group as criteria (the port's ad group audiences are criteria of these types). */
export const AUDIENCE_CRITERION_TYPE: Record<SearchAdsAudienceType, SearchAdsAudienceCriterionType> = {
  IN_MARKET: 'USER_INTEREST',
  AFFINITY: 'USER_INTEREST',
  CUSTOM: 'CUSTOM_AUDIENCE',
  USER_LIST: 'USER_LIST',
};

/** A criterion stored by the sandbox (placements, topics, demographics, exclusions). */
export type StoredCriterion = SearchAdsAdGroupCriterion;

/** The display targeting seeded on the display ad groups, by ad group role. */
export function seedDisplayCriteria(
  groups: { prospecting: { id: string; campaign_id: string }; cart: { id: string; campaign_id: string } },
  nextId: () => string,
): StoredCriterion[] {
  const out: StoredCriterion[] = [];
  const add = (g: { id: string; campaign_id: string }, type: SearchAdsAdGroupCriterion['type'], value: string, negative = false) => {
    const criterion_id = nextId();
    out.push({
      id: `${g.id}~${criterion_id}`,
      ad_group_id: g.id,
      campaign_id: g.campaign_id,
      criterion_id,
      type,
      value,
      negative,
      status: 'ENABLED',
    });
  };
  add(groups.prospecting, 'PLACEMENT', 'www.trailjournal.example');
  add(groups.prospecting, 'PLACEMENT', 'www.backpackers-forum.example');
  add(groups.prospecting, 'YOUTUBE_CHANNEL', 'UCtrailtalesOutdoor01234');
  add(groups.prospecting, 'MOBILE_APPLICATION', '2-com.example.trailmaps');
  add(groups.prospecting, 'PLACEMENT', 'www.cheap-deals.example', true);
  add(groups.prospecting, 'TOPIC', '1316');
  add(groups.prospecting, 'TOPIC', '1010');
  add(groups.prospecting, 'AGE_RANGE', 'AGE_RANGE_18_24', true);
  add(groups.prospecting, 'AGE_RANGE', 'AGE_RANGE_65_UP', true);
  add(groups.prospecting, 'PARENTAL_STATUS', 'UNDETERMINED', true);
  add(groups.cart, 'TOPIC', '16', true);
  return out;
}

export class DisplaySandbox {
  constructor(
    private readonly store: SandboxStore,
    /** The port this family is part of (keywords and ad group audiences are the core family's). */
    private readonly _port: () => SearchAdsPort,
  ) {}

  async listAdGroupCriteria(
    adGroupId: string,
    types: SearchAdsCriterionType[] = DISPLAY_CRITERION_TYPES,
  ): Promise<SearchAdsAdGroupCriterion[]> {
    const group = await this.store.require<StoredAdGroup>(KIND.adGroup, adGroupId);
    const [stored, keywords] = await Promise.all([
      this.store.list<StoredCriterion>(KIND.adGroupCriterion),
      this.store.list<StoredKeyword>(KIND.keyword),
    ]);
    const all: SearchAdsAdGroupCriterion[] = [
      ...keywords
        .filter((k) => k.ad_group_id === adGroupId && k.status !== 'REMOVED')
        .map((k) => ({
          id: `${adGroupId}~${k.id}`,
          ad_group_id: adGroupId,
          campaign_id: group.campaign_id,
          criterion_id: k.id,
          type: 'KEYWORD' as const,
          value: k.text,
          match_type: k.match_type,
          negative: false,
          status: k.status,
        })),
      ...(group.audiences ?? []).map((a) => ({
        id: `${adGroupId}~${a.criterion_id}`,
        ad_group_id: adGroupId,
        campaign_id: group.campaign_id,
        criterion_id: a.criterion_id,
        type: AUDIENCE_CRITERION_TYPE[a.type],
        value: a.audience_id,
        negative: false,
        status: 'ENABLED' as const,
      })),
      ...stored.filter((c) => c.ad_group_id === adGroupId),
    ];
    return all.filter((c) => types.includes(c.type));
  }

  async addAdGroupCriteria(criteria: NewSearchAdsAdGroupCriterion[]): Promise<SearchAdsAdGroupCriterion[]> {
    const created: SearchAdsAdGroupCriterion[] = [];
    for (const c of criteria) {
      const group = await this.store.require<StoredAdGroup>(KIND.adGroup, c.ad_group_id);
      if (c.type === 'KEYWORD' && !c.negative) {
        const [k] = await this._port().addKeywords([{ ad_group_id: c.ad_group_id, text: c.value, match_type: 'BROAD', status: 'ENABLED' }]);
        created.push({
          id: `${c.ad_group_id}~${k!.id}`,
          ad_group_id: c.ad_group_id,
          campaign_id: group.campaign_id,
          criterion_id: k!.id,
          type: 'KEYWORD',
          value: k!.text,
          match_type: 'BROAD',
          negative: false,
          status: 'ENABLED',
        });
        continue;
      }
      if (!c.negative && (c.type === 'USER_INTEREST' || c.type === 'CUSTOM_AUDIENCE' || c.type === 'USER_LIST')) {
        const segment = (await this._port().listAudienceSegments()).find(
          (s) => s.id === c.value && AUDIENCE_CRITERION_TYPE[s.type] === c.type,
        );
        if (!segment) throw new EntityNotFoundError('audience', c.value);
        const [a] = await this._port().addAdGroupAudiences(c.ad_group_id, [
          { type: segment.type, audience_id: segment.id, name: segment.name },
        ]);
        created.push({
          ...c,
          id: `${c.ad_group_id}~${a!.criterion_id}`,
          campaign_id: group.campaign_id,
          criterion_id: a!.criterion_id,
          status: 'ENABLED',
        });
        continue;
      }
      const criterionId = digits(12);
      const stored: StoredCriterion = {
        ...c,
        id: `${c.ad_group_id}~${criterionId}`,
        campaign_id: group.campaign_id,
        criterion_id: criterionId,
        status: 'ENABLED',
      };
      await this.store.create(KIND.adGroupCriterion, stored);
      created.push(stored);
    }
    return created;
  }

  async removeAdGroupCriteria(ids: string[]): Promise<void> {
    for (const id of ids) {
      const [adGroupId, criterionId] = id.split('~');
      if (await this.store.get(KIND.adGroupCriterion, id)) {
        await this.store.remove(KIND.adGroupCriterion, id);
        continue;
      }
      const keyword = await this.store.get<StoredKeyword>(KIND.keyword, criterionId ?? '');
      if (keyword && keyword.ad_group_id === adGroupId) {
        await this.store.update<StoredKeyword>(KIND.keyword, keyword.id, { status: 'REMOVED' });
        continue;
      }
      const group = await this.store.get<StoredAdGroup>(KIND.adGroup, adGroupId ?? '');
      if (group?.audiences?.some((a) => a.criterion_id === criterionId)) {
        await this.store.update<StoredAdGroup>(KIND.adGroup, group.id, {
          audiences: group.audiences.filter((a) => a.criterion_id !== criterionId),
        });
        continue;
      }
      throw new EntityNotFoundError('ad_group_criterion', id);
    }
  }

  async listTopics(): Promise<SearchAdsTopic[]> {
    return TOPIC_CONSTANTS;
  }

  async getDisplayAd(adId: string): Promise<SearchAdsDisplayAd> {
    const ad = await this.store.require<StoredAd & { display?: DisplayParts }>(KIND.ad, adId);
    if (ad.type !== 'RESPONSIVE_DISPLAY_AD') throw new EntityNotFoundError('responsive display ad', adId);
    return displayAdOf({ ...adOf(ad), display: ad.display });
  }

  async createDisplayAds(ads: NewSearchAdsDisplayAd[]): Promise<SearchAdsDisplayAd[]> {
    const today = isoDate(new Date());
    const created: (StoredAd & { display: DisplayParts })[] = [];
    for (const ad of ads) {
      const group = await this.store.require<StoredAdGroup>(KIND.adGroup, ad.ad_group_id);
      const { ad_group_id, status, headlines, descriptions, final_url, ...display } = ad;
      created.push({
        id: digits(12),
        ad_group_id,
        campaign_id: group.campaign_id,
        type: 'RESPONSIVE_DISPLAY_AD',
        status,
        headlines,
        descriptions,
        final_url,
        start_date: today,
        display,
      });
    }
    await this.store.putMany(KIND.ad, created);
    return created.map(({ start_date: _s, ...ad }) => displayAdOf(ad));
  }

  async updateDisplayAd(adId: string, patch: SearchAdsDisplayAdPatch): Promise<SearchAdsDisplayAd> {
    const current = await this.store.require<StoredAd & { display?: DisplayParts }>(KIND.ad, adId);
    const { headlines, descriptions, final_url, ...parts } = patch;
    const display: Record<string, unknown> = { ...displayAdOf({ ...adOf(current), display: current.display }) };
    for (const key of ['id', 'ad_group_id', 'campaign_id', 'type', 'status', 'headlines', 'descriptions', 'final_url', 'path1', 'path2'])
      delete display[key];
    for (const [key, value] of Object.entries(parts)) {
      if (value === undefined) delete display[key];
      else display[key] = value;
    }
    const common = Object.fromEntries(Object.entries({ headlines, descriptions, final_url }).filter(([, value]) => value !== undefined));
    await this.store.update<StoredAd>(KIND.ad, adId, { ...common, display });
    return this.getDisplayAd(adId);
  }
}
