/** The deskads sandbox's targeting family: geographic locations, audiences, ad groups' audience criteria and target setting. */
import { digits } from '../../sandbox/ids';
import { EntityStateError, type SandboxStore } from '../../sandbox/store';
import { GEO_LOCATIONS } from './rest';
import { KIND } from './stored';
import type { DeskAdsAdGroup } from '../port';
import type { DeskAdsAudience, DeskAdsAudienceCriterion, DeskAdsGeoLocation, DeskAdsNewAudienceCriterion } from '../port-rest';

export class TargetingSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listGeoLocations(): Promise<DeskAdsGeoLocation[]> {
    return GEO_LOCATIONS;
  }

  listAudiences(): Promise<DeskAdsAudience[]> {
    return this.store.list<DeskAdsAudience>(KIND.audience);
  }

  async listAudienceCriteria(filter: { adGroupId?: string } = {}): Promise<DeskAdsAudienceCriterion[]> {
    const all = await this.store.list<DeskAdsAudienceCriterion>(KIND.audienceCriterion);
    return filter.adGroupId ? all.filter((c) => c.ad_group_id === filter.adGroupId) : all;
  }

  async addAudienceCriteria(adGroupId: string, criteria: DeskAdsNewAudienceCriterion[]): Promise<DeskAdsAudienceCriterion[]> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    const audiences = new Map((await this.store.list<DeskAdsAudience>(KIND.audience)).map((a) => [a.id, a]));
    const created: DeskAdsAudienceCriterion[] = [];
    for (const c of criteria) {
      const audience = audiences.get(c.audience_id);
      if (!audience) throw new EntityStateError(KIND.audience, c.audience_id);
      created.push(
        await this.store.create<DeskAdsAudienceCriterion>(KIND.audienceCriterion, {
          id: digits(12),
          ad_group_id: group.id,
          campaign_id: group.campaign_id,
          audience_type: audience.type,
          status: 'Active',
          created_at: new Date().toISOString(),
          ...c,
        }),
      );
    }
    return created;
  }

  async getAudienceTargetAndBid(adGroupId: string): Promise<boolean> {
    return (await this.store.get<{ id: string; target_and_bid: boolean }>(KIND.audienceSetting, adGroupId))?.target_and_bid ?? false;
  }

  /** Kept with its history: the first setting is bid only, so a change reaches only days after it. */
  async setAudienceTargetAndBid(adGroupId: string, targetAndBid: boolean): Promise<void> {
    await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    if (!(await this.store.get(KIND.audienceSetting, adGroupId)))
      await this.store.create(KIND.audienceSetting, { id: adGroupId, target_and_bid: false });
    await this.store.update(KIND.audienceSetting, adGroupId, { target_and_bid: targetAndBid });
  }
}
