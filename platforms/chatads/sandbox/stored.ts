/** What the chatads sandbox stores: entity kinds (the sort-key prefixes), fresh ids, and the public view of stored entities. */
import { alphanumeric } from '../../sandbox/ids';
import type { HistoryEntry } from '../../sandbox/history';
import type { StoredAd, StoredAdGroup, StoredCampaign } from './delivery';
import type { ChatAdsAd, ChatAdsAdGroup, ChatAdsCampaign } from '../port';

/** Entity kinds of the chatads sandbox (the sort-key prefixes). */
export const KIND = {
  campaign: 'campaign',
  adGroup: 'ad_group',
  ad: 'ad',
  audience: 'custom_audience',
  operation: 'audience_operation',
  pixel: 'pixel',
  eventSetting: 'event_setting',
  config: 'conversions_config',
  apiKey: 'conversions_api_key',
  event: 'conversion_event',
  image: 'image',
} as const;
export const CONFIG_ID = 'account';

export const lower = (n: number, random?: () => number) => alphanumeric(n, random).toLowerCase();

/** A seeded entity that stopped in the past: its history says when it was still active. */
export type Seeded<T> = T & { history?: HistoryEntry[] };

export function publicCampaign({ performance: _p, ...campaign }: StoredCampaign): ChatAdsCampaign {
  return campaign;
}
export function publicAdGroup({ performance: _p, ...adGroup }: StoredAdGroup): ChatAdsAdGroup {
  return adGroup;
}
export function publicAd({ performance: _p, ...ad }: StoredAd): ChatAdsAd {
  return ad;
}
