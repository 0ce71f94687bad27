/** The retailads sandbox's store kinds, profile ids, and what never leaves the adapter (the performance tier). */
import { digits } from '../../sandbox/ids';
import type { Stored } from './reports';

/** Entity kinds of the retailads sandbox (the sort-key prefixes). */
export const KIND = {
  profile: 'profile',
  campaign: 'campaign',
  adGroup: 'ad_group',
  productAd: 'product_ad',
  keyword: 'keyword',
  target: 'target',
  sbNegativeKeyword: 'sb_negative_keyword',
  negativeKeyword: 'negative_keyword',
  sbAd: 'sb_ad',
  theme: 'theme',
  asset: 'asset',
} as const;

export const human = (kind: string) => kind.replace(/_/g, ' ');

/** A new sandbox profile id, shaped like the real platform's. */
export const newRetailAdsProfileId = () => digits(16);

/** The entity as the platform returns it: without the sandbox's tier. */
export function withoutTier<T>({ performance: _tier, ...entity }: Stored<T>): T {
  return entity as T;
}
