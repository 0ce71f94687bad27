/** The proads sandbox's store kinds, and what never leaves the adapter (the simulation behind delivery). */
import type { Simulation } from './delivery';

/** Entity kinds of the proads sandbox (the sort-key prefixes). */
export const KIND = {
  group: 'campaign_group',
  campaign: 'campaign',
  creative: 'creative',
  segment: 'segment',
  conversion: 'conversion',
  asset: 'asset',
  organization: 'organization',
} as const;

export function withoutSimulation<T>(stored: T & Partial<Simulation> & { history?: unknown }): T {
  const { performance: _performance, profile_overrides: _overrides, history: _history, ...entity } = stored;
  return entity as T;
}
