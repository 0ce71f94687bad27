/** The shortvideo sandbox's campaigns family: campaigns, ad groups and ads (an ad's creative must exist). */
import { ToolError } from '../../../core/errors';
import type { SandboxStore } from '../../sandbox/store';
import type { CreativesSandbox } from './creatives';
import { freshId, KIND, NEW_TIER, withoutTier, type StoredAd, type StoredAdGroup, type StoredCampaign } from './stored';
import type {
  AdGroupStatus,
  AdStatus,
  CampaignStatus,
  ShortVideoCarousel,
  ShortVideoAd,
  ShortVideoAdGroup,
  ShortVideoCampaign,
  ShortVideoImage,
  ShortVideoVideo,
} from '../port';

export class CampaignsSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly creatives: Pick<CreativesSandbox, 'listIdentities'>,
  ) {}

  async listCampaigns(): Promise<ShortVideoCampaign[]> {
    return (await this.store.list<StoredCampaign>(KIND.campaign)).map(withoutTier);
  }

  async getCampaign(campaignId: string): Promise<ShortVideoCampaign> {
    return withoutTier(await this.store.require<StoredCampaign>(KIND.campaign, campaignId));
  }

  async createCampaign(input: Omit<ShortVideoCampaign, 'id'>): Promise<ShortVideoCampaign> {
    return withoutTier(await this.store.create<StoredCampaign>(KIND.campaign, { ...input, id: freshId.entity(), performance: NEW_TIER }));
  }

  async updateCampaign(campaignId: string, patch: Partial<ShortVideoCampaign>, expectStatus?: CampaignStatus): Promise<ShortVideoCampaign> {
    const { id: _id, ...fields } = patch;
    return withoutTier(
      await this.store.update<StoredCampaign>(
        KIND.campaign,
        campaignId,
        fields as Record<string, unknown>,
        expectStatus ? { expect: { status: expectStatus } } : {},
      ),
    );
  }

  async listAdGroups(): Promise<ShortVideoAdGroup[]> {
    return (await this.store.list<StoredAdGroup>(KIND.adgroup)).map(withoutTier);
  }

  async getAdGroup(adgroupId: string): Promise<ShortVideoAdGroup> {
    return withoutTier(await this.store.require<StoredAdGroup>(KIND.adgroup, adgroupId));
  }

  async createAdGroup(input: Omit<ShortVideoAdGroup, 'id'>): Promise<ShortVideoAdGroup> {
    await this.store.require<StoredCampaign>(KIND.campaign, input.campaign_id);
    return withoutTier(await this.store.create<StoredAdGroup>(KIND.adgroup, { ...input, id: freshId.entity(), performance: NEW_TIER }));
  }

  async updateAdGroup(adgroupId: string, patch: Partial<ShortVideoAdGroup>, expectStatus?: AdGroupStatus): Promise<ShortVideoAdGroup> {
    const { id: _id, ...fields } = patch;
    const updated = await this.store.update<StoredAdGroup>(
      KIND.adgroup,
      adgroupId,
      fields as Record<string, unknown>,
      expectStatus ? { expect: { status: expectStatus } } : {},
    );
    return withoutTier(updated);
  }

  async listAds(): Promise<ShortVideoAd[]> {
    return (await this.store.list<StoredAd>(KIND.ad)).map(withoutTier);
  }

  async getAd(adId: string): Promise<ShortVideoAd> {
    return withoutTier(await this.store.require<StoredAd>(KIND.ad, adId));
  }

  async createAd(input: Omit<ShortVideoAd, 'id'>): Promise<ShortVideoAd> {
    const adGroup = await this.store.require<StoredAdGroup>(KIND.adgroup, input.adgroup_id);
    if (adGroup.status === 'DELETED') throw new ToolError(`Ad group ${adGroup.id} is deleted; ads cannot be added to it.`);
    await this._requireCreative(input);
    return withoutTier(await this.store.create<StoredAd>(KIND.ad, { ...input, id: freshId.entity(), performance: NEW_TIER }));
  }

  async updateAd(adId: string, patch: Partial<ShortVideoAd>, expectStatus?: AdStatus): Promise<ShortVideoAd> {
    const { id: _id, ...fields } = patch;
    await this._requireCreative(fields);
    const seen = [
      'ad_text',
      'ad_texts',
      'video_id',
      'video_ids',
      'image_ids',
      'carousel_id',
      'call_to_action',
      'landing_page_url',
      'display_name',
      'identity_id',
    ] as const;
    if (seen.some((k) => k in fields)) (fields as Partial<ShortVideoAd>).review_status = 'IN_REVIEW';
    return withoutTier(
      await this.store.update<StoredAd>(
        KIND.ad,
        adId,
        fields as Record<string, unknown>,
        expectStatus ? { expect: { status: expectStatus } } : {},
      ),
    );
  }

  /** The platform refuses an ad whose videos, images, carousel or identity it does not have. */
  private async _requireCreative(ad: Partial<ShortVideoAd>): Promise<void> {
    for (const videoId of [ad.video_id, ...(ad.video_ids ?? [])].filter(Boolean) as string[])
      await this.store.require<ShortVideoVideo>(KIND.video, videoId);
    for (const imageId of ad.image_ids ?? []) await this.store.require<ShortVideoImage>(KIND.image, imageId);
    if (ad.carousel_id) await this.store.require<ShortVideoCarousel & { id: string }>(KIND.carousel, ad.carousel_id);
    if (ad.identity_id) {
      const known = (await this.creatives.listIdentities()).some((i) => i.identity_id === ad.identity_id);
      if (!known) throw new ToolError(`Identity ${ad.identity_id} is not an identity of this advertiser; see list_shortvideo_identities.`);
    }
  }
}
