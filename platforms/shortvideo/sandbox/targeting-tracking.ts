/** The shortvideo sandbox's targeting and tracking: pixels, lead pages, custom audiences and the targeting search. */
import type { SandboxStore } from '../../sandbox/store';
import { TARGETING_CATALOG } from '../targeting-catalog';
import { KIND } from './stored';
import type { ShortVideoCustomAudience, ShortVideoLeadPage, ShortVideoPixel, TargetingOption, TargetingType } from '../port';

export class TargetingTrackingSandbox {
  constructor(private readonly store: SandboxStore) {}

  listPixels(): Promise<ShortVideoPixel[]> {
    return this.store.list<ShortVideoPixel>(KIND.pixel);
  }

  listLeadPages(): Promise<ShortVideoLeadPage[]> {
    return this.store.list<ShortVideoLeadPage>(KIND.leadPage);
  }

  listCustomAudiences(): Promise<ShortVideoCustomAudience[]> {
    return this.store.list<ShortVideoCustomAudience>(KIND.audience);
  }

  async searchTargeting(targetingType: TargetingType, query: string): Promise<TargetingOption[]> {
    const q = query.trim().toLowerCase();
    return TARGETING_CATALOG[targetingType].filter((o) => !q || o.name.toLowerCase().includes(q) || o.id === q);
  }
}
