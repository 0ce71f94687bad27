/** The socialads sandbox's stored entities: the store's kinds, what never leaves the adapter, and object ids. */
import type { PerformanceTier } from '../../sandbox/metrics';
import { digits } from '../../sandbox/ids';

/** Entity kinds of the socialads sandbox (the sort-key prefixes). */
export const KIND = {
  campaign: 'campaign',
  adSet: 'ad_set',
  ad: 'ad',
  page: 'page',
  instagram: 'instagram_account',
  image: 'image',
  video: 'video',
  leadForm: 'lead_form',
  pixel: 'pixel',
  redirect: 'domain_redirect',
  customAudience: 'custom_audience',
  catalog: 'catalog',
  productSet: 'product_set',
  product: 'product',
} as const;

/**
 * What the sandbox stores besides what the platform returns: the performance tier its
 * deterministic delivery model (sandbox/delivery.ts) runs on, and the change history. Never leaves
 * the adapter.
 */
export function withoutSimulation<T>(stored: T & { performance: PerformanceTier; history?: unknown }): T {
  const { performance: _performance, history: _history, ...entity } = stored;
  return entity as T;
}

/** A Meta-style object id (campaigns, ad sets, ads). */
export const objectId = () => `1202${digits(14)}`;
