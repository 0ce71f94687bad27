/**
 * The display part of the searchads sandbox: the content topic taxonomy, the seeded image library,
 * how stored criteria, display ads and ad schedules look, and the seeded display targeting.
 */
import type { SearchAdsAd, SearchAdsAudienceType } from '../port';
import type {
  SearchAdsAdGroupCriterion,
  SearchAdsAudienceCriterionType,
  SearchAdsDisplayAd,
  SearchAdsImageAsset,
  SearchAdsTopic,
  SearchAdsVideoAsset,
} from '../port-display';

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
