/** The proads sandbox's targeting family: entity search and look-up in the targeting catalog, audience counts. */
import { audienceCount, catalogEntity, TARGETING_CATALOG } from './targeting';
import type { ProAdsFacet, ProAdsTargeting, ProAdsTargetingEntity } from '../port';

const publicEntity = ({ id, facet, name }: ProAdsTargetingEntity): ProAdsTargetingEntity => ({ id, facet, name });

export class TargetingSandbox {
  async searchTargetingEntities(facet: ProAdsFacet, query: string, limit = 20): Promise<ProAdsTargetingEntity[]> {
    const q = query.trim().toLowerCase();
    return TARGETING_CATALOG.filter((x) => x.facet === facet && x.name.toLowerCase().includes(q))
      .slice(0, limit)
      .map(publicEntity);
  }

  async getTargetingEntities(ids: readonly string[]): Promise<ProAdsTargetingEntity[]> {
    return ids
      .map(catalogEntity)
      .filter((x): x is NonNullable<typeof x> => Boolean(x))
      .map(publicEntity);
  }

  async getAudienceCount(targeting: ProAdsTargeting): Promise<{ total: number }> {
    return { total: audienceCount(targeting) };
  }
}
