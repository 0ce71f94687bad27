/** The shortvideo sandbox's store kinds, fresh ids, and what never leaves the adapter (the performance tier). */
import { alphanumeric, digits } from '../../sandbox/ids';
import type { PerformanceTier } from '../../sandbox/metrics';
import type { ShortVideoAd, ShortVideoAdGroup, ShortVideoCampaign } from '../port';

/** Entity kinds of the shortvideo sandbox (the sort-key prefixes). */
export const KIND = {
  campaign: 'campaign',
  adgroup: 'adgroup',
  ad: 'ad',
  video: 'video',
  image: 'image',
  pixel: 'pixel',
  leadPage: 'lead_page',
  audience: 'custom_audience',
  identity: 'identity',
  carousel: 'carousel',
} as const;

/** Real-platform-shaped ids of entities the platform creates. */
export const freshId = {
  advertiser: () => `7${digits(18)}`,
  entity: () => `17${digits(17)}`,
  video: () => `v10033g50000${alphanumeric(20).toLowerCase()}`,
  image: () => `ad-site-i18n-sg/${alphanumeric(24).toLowerCase()}`,
};

/**
 * What the sandbox stores of a campaign, ad group or ad: the entity plus the performance tier its
 * simulated figures come from. The tier never leaves the sandbox.
 */
export type Stored<T> = T & { performance: PerformanceTier; fatigue_days?: number };
export type StoredCampaign = Stored<ShortVideoCampaign>;
export type StoredAdGroup = Stored<ShortVideoAdGroup>;
export type StoredAd = Stored<ShortVideoAd>;

/** The entity as the platform returns it: without the sandbox's tier. */
export function withoutTier<T>({ performance: _tier, fatigue_days: _fatigue, ...entity }: Stored<T>): T {
  return entity as T;
}

/** Entities created through the port start in the learning phase. */
export const NEW_TIER: PerformanceTier = 'new';
