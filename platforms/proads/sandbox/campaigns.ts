/** The proads sandbox's campaigns family: campaign groups, campaigns, creatives and the audience segments. */
import { ToolError } from '../../../core/errors';
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import type { StoredCreative, StoredSegment } from './delivery';
import { KIND, withoutSimulation } from './stored';
import type {
  NewProAdsCampaign,
  NewProAdsCampaignGroup,
  NewProAdsCreative,
  ProAdsCampaign,
  ProAdsCampaignGroup,
  ProAdsCreative,
  ProAdsSegment,
} from '../port';

function refuseDeleteUnlessDraft(kind: string, entity: { id: string; name: string; status: string }): void {
  if (entity.status !== 'DRAFT') {
    throw new ToolError(
      `The ${kind} "${entity.name}" (${entity.id}) is ${entity.status}: only a DRAFT ${kind} can be deleted; set its status to PENDING_DELETION (or ARCHIVED) instead.`,
    );
  }
}

export class CampaignsSandbox {
  constructor(private readonly store: SandboxStore) {}

  listCampaignGroups(): Promise<ProAdsCampaignGroup[]> {
    return this.store.list<ProAdsCampaignGroup>(KIND.group);
  }

  listCampaigns(): Promise<ProAdsCampaign[]> {
    return this.store.list<ProAdsCampaign>(KIND.campaign);
  }

  getCampaign(campaignId: string): Promise<ProAdsCampaign> {
    return this.store.require<ProAdsCampaign>(KIND.campaign, campaignId);
  }

  async listCreatives(): Promise<ProAdsCreative[]> {
    return (await this.store.list<StoredCreative>(KIND.creative)).map(withoutSimulation);
  }

  async listSegments(): Promise<ProAdsSegment[]> {
    return (await this.store.list<StoredSegment>(KIND.segment)).map(withoutSimulation);
  }

  getCampaignGroup(groupId: string): Promise<ProAdsCampaignGroup> {
    return this.store.require<ProAdsCampaignGroup>(KIND.group, groupId);
  }

  async createCampaignGroup(input: NewProAdsCampaignGroup): Promise<ProAdsCampaignGroup> {
    return this.store.create<ProAdsCampaignGroup>(KIND.group, { id: `6${digits(8)}`, ...input });
  }

  updateCampaignGroup(
    groupId: string,
    patch: Partial<NewProAdsCampaignGroup>,
    expect?: Partial<ProAdsCampaignGroup>,
  ): Promise<ProAdsCampaignGroup> {
    return this.store.update<ProAdsCampaignGroup>(KIND.group, groupId, patch, { expect });
  }

  async deleteCampaignGroup(groupId: string): Promise<void> {
    refuseDeleteUnlessDraft('campaign group', await this.getCampaignGroup(groupId));
    if ((await this.listCampaigns()).some((c) => c.campaign_group_id === groupId)) {
      throw new ToolError(`The campaign group ${groupId} still holds campaigns: delete or move them first.`);
    }
    await this.store.remove(KIND.group, groupId);
  }

  async createCampaign(input: NewProAdsCampaign): Promise<ProAdsCampaign> {
    await this.getCampaignGroup(input.campaign_group_id);
    return this.store.create<ProAdsCampaign>(KIND.campaign, { id: `7${digits(8)}`, ...input, created_at: new Date().toISOString() });
  }

  updateCampaign(campaignId: string, patch: Partial<NewProAdsCampaign>, expect?: Partial<ProAdsCampaign>): Promise<ProAdsCampaign> {
    return this.store.update<ProAdsCampaign>(KIND.campaign, campaignId, patch, { expect });
  }

  async deleteCampaign(campaignId: string): Promise<void> {
    refuseDeleteUnlessDraft('campaign', await this.getCampaign(campaignId));
    for (const creative of (await this.listCreatives()).filter((cr) => cr.campaign_id === campaignId))
      await this.store.remove(KIND.creative, creative.id);
    await this.store.remove(KIND.campaign, campaignId);
  }

  async getCreative(creativeId: string): Promise<ProAdsCreative> {
    return withoutSimulation(await this.store.require<StoredCreative>(KIND.creative, creativeId));
  }

  async createCreative(input: NewProAdsCreative): Promise<ProAdsCreative> {
    await this.getCampaign(input.campaign_id);
    // The sandbox reviews new creatives at once; each performs like an average creative.
    const stored: StoredCreative = {
      id: `8${digits(8)}`,
      ...input,
      review_status: 'APPROVED',
      created_at: new Date().toISOString(),
      performance: 'average',
    };
    return withoutSimulation(await this.store.create<StoredCreative>(KIND.creative, stored));
  }

  async updateCreative(creativeId: string, patch: Partial<NewProAdsCreative>, expect?: Partial<ProAdsCreative>): Promise<ProAdsCreative> {
    return withoutSimulation(await this.store.update<StoredCreative>(KIND.creative, creativeId, patch, { expect }));
  }

  async deleteCreative(creativeId: string): Promise<void> {
    const creative = await this.getCreative(creativeId);
    refuseDeleteUnlessDraft('creative', creative);
    await this.store.remove(KIND.creative, creativeId);
  }
}
