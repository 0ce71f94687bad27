/** The chatads sandbox's campaigns, ad groups, ads and uploaded images. */
import type { SandboxStore } from '../../sandbox/store';
import type { StoredAd, StoredAdGroup, StoredCampaign } from './delivery';
import { KIND, lower, publicAd, publicAdGroup, publicCampaign } from './stored';
import type {
  ChatAdsAd,
  ChatAdsAdGroup,
  ChatAdsCampaign,
  ChatAdsEventSetting,
  ChatAdsStatus,
  NewChatAdsAd,
  NewChatAdsAdGroup,
  NewChatAdsCampaign,
} from '../port';

export class CampaignsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listCampaigns(): Promise<ChatAdsCampaign[]> {
    return (await this.store.list<StoredCampaign>(KIND.campaign)).map(publicCampaign);
  }

  async getCampaign(campaignId: string): Promise<ChatAdsCampaign> {
    return publicCampaign(await this.store.require<StoredCampaign>(KIND.campaign, campaignId));
  }

  async setCampaignStatus(campaignId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsCampaign> {
    // The store records the change in the campaign's history: delivery follows it from this moment on.
    const updated = await this.store.update<StoredCampaign>(KIND.campaign, campaignId, { status }, { expect: { status: from }, now });
    return publicCampaign(updated);
  }

  async createCampaign(campaign: NewChatAdsCampaign, now: Date): Promise<ChatAdsCampaign> {
    // A conversions campaign optimizes for one of the account's event settings: an unknown id is refused.
    if (campaign.conversion_event_setting_id !== undefined)
      await this.store.require<ChatAdsEventSetting>(KIND.eventSetting, campaign.conversion_event_setting_id);
    return publicCampaign(
      await this.store.create<StoredCampaign>(KIND.campaign, {
        ...campaign,
        id: `cmpn_${lower(24)}`,
        created_at: now.toISOString(),
        performance: 'new',
      }),
    );
  }

  async listAdGroups(filter: { campaign_id?: string } = {}): Promise<ChatAdsAdGroup[]> {
    if (filter.campaign_id) await this.store.require(KIND.campaign, filter.campaign_id);
    const all = await this.store.list<StoredAdGroup>(KIND.adGroup);
    return all.filter((g) => !filter.campaign_id || g.campaign_id === filter.campaign_id).map(publicAdGroup);
  }

  async getAdGroup(adGroupId: string): Promise<ChatAdsAdGroup> {
    return publicAdGroup(await this.store.require<StoredAdGroup>(KIND.adGroup, adGroupId));
  }

  async createAdGroup(adGroup: NewChatAdsAdGroup, now: Date): Promise<ChatAdsAdGroup> {
    await this.store.require(KIND.campaign, adGroup.campaign_id);
    const created = await this.store.create<StoredAdGroup>(KIND.adGroup, {
      ...adGroup,
      id: `adgrp_${lower(24)}`,
      created_at: now.toISOString(),
      performance: 'new',
    });
    return publicAdGroup(created);
  }

  async setAdGroupStatus(adGroupId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsAdGroup> {
    return publicAdGroup(await this.store.update<StoredAdGroup>(KIND.adGroup, adGroupId, { status }, { expect: { status: from }, now }));
  }

  async listAds(): Promise<ChatAdsAd[]> {
    return (await this.store.list<StoredAd>(KIND.ad)).map(publicAd);
  }

  async getAd(adId: string): Promise<ChatAdsAd> {
    return publicAd(await this.store.require<StoredAd>(KIND.ad, adId));
  }

  async createAd(ad: NewChatAdsAd, now: Date): Promise<ChatAdsAd> {
    await this.store.require(KIND.adGroup, ad.ad_group_id);
    if (ad.image_file_id) await this.store.require(KIND.image, ad.image_file_id);
    return publicAd(
      await this.store.create<StoredAd>(KIND.ad, { ...ad, id: `ad_${lower(24)}`, created_at: now.toISOString(), performance: 'new' }),
    );
  }

  async setAdStatus(adId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsAd> {
    return publicAd(await this.store.update<StoredAd>(KIND.ad, adId, { status }, { expect: { status: from }, now }));
  }

  async uploadImage(imageUrl: string, now: Date): Promise<{ file_id: string }> {
    const file_id = `file_${lower(24)}`;
    await this.store.create(KIND.image, { id: file_id, url: imageUrl, created_at: now.toISOString() });
    return { file_id };
  }
}
