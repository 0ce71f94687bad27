/** The socialads sandbox's campaigns family: campaigns, ad sets and ads. */
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import type { StoredAd, StoredAdSet, StoredCampaign } from './delivery';
import { KIND, objectId, withoutSimulation } from './stored';
import type {
  SocialAdsAdPatch,
  SocialAdsAdSetPatch,
  SocialAdsCampaignPatch,
  NewSocialAdsAd,
  NewSocialAdsAdSet,
  NewSocialAdsCampaign,
  SocialAdsAd,
  SocialAdsAdSet,
  SocialAdsCampaign,
} from '../port';

export class CampaignsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listCampaigns(): Promise<SocialAdsCampaign[]> {
    return (await this.store.list<StoredCampaign>(KIND.campaign)).map(withoutSimulation);
  }

  async getCampaign(campaignId: string): Promise<SocialAdsCampaign> {
    return withoutSimulation(await this.store.require<StoredCampaign>(KIND.campaign, campaignId));
  }

  async createCampaign(campaign: NewSocialAdsCampaign): Promise<SocialAdsCampaign> {
    const { app: promoted, ...fields } = campaign;
    let app: SocialAdsCampaign['app'];
    if (promoted) {
      // One app, one application id: a store URL the account already promotes keeps its id.
      const known = (await this.store.list<StoredCampaign>(KIND.campaign)).find(
        (c) => c.app?.object_store_url === promoted.object_store_url,
      );
      app = { application_id: known?.app?.application_id ?? digits(15), ...promoted };
    }
    const stored: StoredCampaign = {
      ...fields,
      ...(app ? { app } : {}),
      id: objectId(),
      created_at: new Date().toISOString(),
      performance: 'new',
    };
    return withoutSimulation(await this.store.create(KIND.campaign, stored));
  }

  async listAdSets(): Promise<SocialAdsAdSet[]> {
    return (await this.store.list<StoredAdSet>(KIND.adSet)).map(withoutSimulation);
  }

  async getAdSet(adSetId: string): Promise<SocialAdsAdSet> {
    return withoutSimulation(await this.store.require<StoredAdSet>(KIND.adSet, adSetId));
  }

  async createAdSet(adSet: NewSocialAdsAdSet): Promise<SocialAdsAdSet> {
    await this.store.require<StoredCampaign>(KIND.campaign, adSet.campaign_id);
    const stored: StoredAdSet = { ...adSet, id: objectId(), created_at: new Date().toISOString(), performance: 'new' };
    return withoutSimulation(await this.store.create(KIND.adSet, stored));
  }

  async listAds(): Promise<SocialAdsAd[]> {
    return (await this.store.list<StoredAd>(KIND.ad)).map(withoutSimulation);
  }

  async createAd(ad: NewSocialAdsAd): Promise<SocialAdsAd> {
    await this.store.require<StoredAdSet>(KIND.adSet, ad.ad_set_id);
    const stored: StoredAd = {
      ...ad,
      id: objectId(),
      effective_status: 'PENDING_REVIEW',
      created_at: new Date().toISOString(),
      performance: 'new',
    };
    return withoutSimulation(await this.store.create(KIND.ad, stored));
  }

  async updateCampaign(campaignId: string, patch: SocialAdsCampaignPatch): Promise<SocialAdsCampaign> {
    return withoutSimulation(await this.store.update<StoredCampaign>(KIND.campaign, campaignId, patch));
  }

  async updateAdSet(adSetId: string, patch: SocialAdsAdSetPatch): Promise<SocialAdsAdSet> {
    return withoutSimulation(await this.store.update<StoredAdSet>(KIND.adSet, adSetId, patch));
  }

  async getAd(adId: string): Promise<SocialAdsAd> {
    return withoutSimulation(await this.store.require<StoredAd>(KIND.ad, adId));
  }

  async updateAd(adId: string, patch: SocialAdsAdPatch): Promise<SocialAdsAd> {
    // A changed creative goes back to review, as on the platform.
    const review = patch.creative ? { effective_status: 'PENDING_REVIEW' } : {};
    return withoutSimulation(await this.store.update<StoredAd>(KIND.ad, adId, { ...patch, ...review }));
  }
}
