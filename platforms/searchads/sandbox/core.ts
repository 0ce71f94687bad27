/**
 * The searchads sandbox's core family: account settings, campaigns, ad groups (and their audiences),
 * ads, keywords, negative keywords and shared negative keyword lists, location criteria, the asset
 * library and its campaign links, and labels. Campaign updates are the bidding family's (they keep
 * shared budgets and portfolios right: sandbox/bidding.ts).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { isoDate } from '../../../core/dates';
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import type {
  NewSearchAdsAd,
  NewSearchAdsAdGroup,
  NewSearchAdsAsset,
  NewSearchAdsCampaign,
  NewSearchAdsCampaignAsset,
  NewSearchAdsCampaignCriterion,
  NewSearchAdsKeyword,
  NewSearchAdsNegativeKeyword,
  SearchAdsAccountSettings,
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsAdGroupAudience,
  SearchAdsAdPatch,
  SearchAdsAsset,
  SearchAdsAssetType,
  SearchAdsCampaign,
  SearchAdsCampaignAsset,
  SearchAdsCampaignCriterion,
  SearchAdsKeyword,
  SearchAdsKeywordPatch,
  SearchAdsLabel,
  SearchAdsListNegativeKeyword,
  SearchAdsNegativeKeyword,
  SearchAdsNegativeKeywordList,
} from '../port-types';
import type { StoredAd, StoredAdGroup, StoredCampaign, StoredKeyword, StoredNegative } from './delivery';
import {
  KIND,
  SETTINGS_ID,
  adGroupOf,
  adOf,
  campaignOf,
  defaultSettings,
  keywordOf,
  negativeListOf,
  negativeOf,
  type StoredNegativeList,
} from './stored';

export class CoreSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly account: ConnectedAccount,
  ) {}

  async getAccountSettings(): Promise<SearchAdsAccountSettings> {
    const settings = await this.store.get<SearchAdsAccountSettings>(KIND.settings, SETTINGS_ID);
    return settings ?? defaultSettings(this.account);
  }

  async listCampaigns(): Promise<SearchAdsCampaign[]> {
    return (await this.store.list<StoredCampaign>(KIND.campaign)).map(campaignOf);
  }

  async getCampaign(campaignId: string): Promise<SearchAdsCampaign> {
    return campaignOf(await this.store.require<StoredCampaign>(KIND.campaign, campaignId));
  }

  async listAdGroups(campaignId?: string): Promise<SearchAdsAdGroup[]> {
    return (await this.store.list<StoredAdGroup>(KIND.adGroup)).filter((g) => !campaignId || g.campaign_id === campaignId).map(adGroupOf);
  }

  async getAdGroup(adGroupId: string): Promise<SearchAdsAdGroup> {
    return adGroupOf(await this.store.require<StoredAdGroup>(KIND.adGroup, adGroupId));
  }

  async updateAdGroup(
    adGroupId: string,
    patch: Partial<Omit<SearchAdsAdGroup, 'id' | 'audiences'>>,
    expect?: Partial<SearchAdsAdGroup>,
  ): Promise<SearchAdsAdGroup> {
    return adGroupOf(await this.store.update<StoredAdGroup>(KIND.adGroup, adGroupId, patch, { expect }));
  }

  async addAdGroupAudiences(
    adGroupId: string,
    audiences: Omit<SearchAdsAdGroupAudience, 'criterion_id'>[],
  ): Promise<SearchAdsAdGroupAudience[]> {
    const group = await this.store.require<StoredAdGroup>(KIND.adGroup, adGroupId);
    const added = audiences.map((a) => ({ ...a, criterion_id: digits(12) }));
    await this.store.update<StoredAdGroup>(KIND.adGroup, adGroupId, { audiences: [...(group.audiences ?? []), ...added] });
    return added;
  }

  async listAds(campaignId?: string): Promise<SearchAdsAd[]> {
    return (await this.store.list<StoredAd>(KIND.ad)).filter((a) => !campaignId || a.campaign_id === campaignId).map(adOf);
  }

  async listKeywords(campaignId?: string): Promise<SearchAdsKeyword[]> {
    return (await this.store.list<StoredKeyword>(KIND.keyword)).filter((k) => !campaignId || k.campaign_id === campaignId).map(keywordOf);
  }

  async listNegativeKeywords(campaignId?: string): Promise<SearchAdsNegativeKeyword[]> {
    return (await this.store.list<StoredNegative>(KIND.negativeKeyword))
      .filter((k) => !campaignId || k.campaign_id === campaignId)
      .map(negativeOf);
  }

  async createCampaign(campaign: NewSearchAdsCampaign): Promise<SearchAdsCampaign> {
    const stored: StoredCampaign = { id: digits(11), ...campaign, label_ids: [], performance: 'new' };
    return campaignOf(await this.store.create(KIND.campaign, stored));
  }

  async createAdGroup(group: NewSearchAdsAdGroup): Promise<SearchAdsAdGroup> {
    const campaign = await this.store.require<StoredCampaign>(KIND.campaign, group.campaign_id);
    const today = isoDate(new Date());
    const stored: StoredAdGroup = {
      id: digits(11),
      ...group,
      audiences: [],
      performance: campaign.performance,
      start_date: campaign.start_date > today ? campaign.start_date : today,
    };
    return adGroupOf(await this.store.create(KIND.adGroup, stored));
  }

  async getAd(adId: string): Promise<SearchAdsAd> {
    return adOf(await this.store.require<StoredAd>(KIND.ad, adId));
  }

  async createAds(ads: NewSearchAdsAd[]): Promise<SearchAdsAd[]> {
    const today = isoDate(new Date());
    const created: StoredAd[] = [];
    for (const ad of ads) {
      const group = await this.store.require<StoredAdGroup>(KIND.adGroup, ad.ad_group_id);
      created.push({ id: digits(12), ...ad, campaign_id: group.campaign_id, start_date: today });
    }
    await this.store.putMany(KIND.ad, created);
    return created.map(adOf);
  }

  async updateAd(adId: string, patch: SearchAdsAdPatch, expect?: Partial<SearchAdsAd>): Promise<SearchAdsAd> {
    return adOf(await this.store.update<StoredAd>(KIND.ad, adId, patch, { expect }));
  }

  async getKeyword(keywordId: string): Promise<SearchAdsKeyword> {
    return keywordOf(await this.store.require<StoredKeyword>(KIND.keyword, keywordId));
  }

  async addKeywords(keywords: NewSearchAdsKeyword[]): Promise<SearchAdsKeyword[]> {
    const today = isoDate(new Date());
    const created: StoredKeyword[] = [];
    for (const k of keywords) {
      const group = await this.store.require<StoredAdGroup>(KIND.adGroup, k.ad_group_id);
      created.push({
        id: digits(11),
        ...k,
        campaign_id: group.campaign_id,
        ...(k.cpc_bid === undefined ? { cpc_bid: group.cpc_bid } : {}),
        performance: group.performance,
        start_date: today,
      });
    }
    await this.store.putMany(KIND.keyword, created);
    return created.map(keywordOf);
  }

  async updateKeyword(keywordId: string, patch: SearchAdsKeywordPatch, expect?: Partial<SearchAdsKeyword>): Promise<SearchAdsKeyword> {
    return keywordOf(await this.store.update<StoredKeyword>(KIND.keyword, keywordId, patch, { expect }));
  }

  async addNegativeKeywords(negatives: NewSearchAdsNegativeKeyword[]): Promise<SearchAdsNegativeKeyword[]> {
    const createdAt = new Date().toISOString();
    const created: StoredNegative[] = negatives.map((n) => ({ id: digits(11), ...n, created_at: createdAt }));
    await this.store.putMany(KIND.negativeKeyword, created);
    return created.map(negativeOf);
  }

  async removeNegativeKeywords(negatives: SearchAdsNegativeKeyword[]): Promise<void> {
    for (const n of negatives) await this.store.remove(KIND.negativeKeyword, n.id);
  }

  async listNegativeKeywordLists(): Promise<SearchAdsNegativeKeywordList[]> {
    return (await this.store.list<StoredNegativeList>(KIND.negativeList)).map(negativeListOf);
  }

  async createNegativeKeywordList(name: string): Promise<SearchAdsNegativeKeywordList> {
    return negativeListOf(
      await this.store.create<StoredNegativeList>(KIND.negativeList, {
        id: digits(10),
        name,
        keywords: [],
        campaign_ids: [],
        attached: {},
      }),
    );
  }

  async addListNegativeKeywords(
    listId: string,
    keywords: Omit<SearchAdsListNegativeKeyword, 'id'>[],
  ): Promise<SearchAdsListNegativeKeyword[]> {
    const list = await this.store.require<StoredNegativeList>(KIND.negativeList, listId);
    const createdAt = new Date().toISOString();
    const added = keywords.map((k) => ({ id: digits(11), ...k, created_at: createdAt }));
    await this.store.update<StoredNegativeList>(KIND.negativeList, listId, { keywords: [...list.keywords, ...added] });
    return added.map(({ created_at: _at, ...k }) => k);
  }

  async removeListNegativeKeywords(listId: string, keywordIds: string[]): Promise<void> {
    const list = await this.store.require<StoredNegativeList>(KIND.negativeList, listId);
    await this.store.update<StoredNegativeList>(KIND.negativeList, listId, {
      keywords: list.keywords.filter((k) => !keywordIds.includes(k.id)),
    });
  }

  async attachNegativeKeywordList(listId: string, campaignIds: string[]): Promise<void> {
    const list = await this.store.require<StoredNegativeList>(KIND.negativeList, listId);
    const at = new Date().toISOString();
    const fresh = campaignIds.filter((id) => !list.campaign_ids.includes(id));
    await this.store.update<StoredNegativeList>(KIND.negativeList, listId, {
      campaign_ids: [...list.campaign_ids, ...fresh],
      attached: { ...list.attached, ...Object.fromEntries(fresh.map((id) => [id, at])) },
    });
  }

  async detachNegativeKeywordList(listId: string, campaignIds: string[]): Promise<void> {
    const list = await this.store.require<StoredNegativeList>(KIND.negativeList, listId);
    await this.store.update<StoredNegativeList>(KIND.negativeList, listId, {
      campaign_ids: list.campaign_ids.filter((id) => !campaignIds.includes(id)),
    });
  }

  async listCampaignCriteria(campaignId: string): Promise<SearchAdsCampaignCriterion[]> {
    return (await this.store.list<SearchAdsCampaignCriterion>(KIND.campaignCriterion)).filter((c) => c.campaign_id === campaignId);
  }

  async addCampaignCriteria(criteria: NewSearchAdsCampaignCriterion[]): Promise<SearchAdsCampaignCriterion[]> {
    const created = criteria.map((c) => {
      const criterionId = c.geo_target_constant.replace(/^geoTargetConstants\//, '');
      return { id: `${c.campaign_id}~${criterionId}`, criterion_id: criterionId, ...c };
    });
    await this.store.putMany(KIND.campaignCriterion, created);
    return created;
  }

  async removeCampaignCriteria(criterionKeys: string[]): Promise<void> {
    for (const key of criterionKeys) await this.store.remove(KIND.campaignCriterion, key);
  }

  async listAssets(type?: SearchAdsAssetType): Promise<SearchAdsAsset[]> {
    return (await this.store.list<SearchAdsAsset>(KIND.asset)).filter((a) => !type || a.type === type);
  }

  async createAssets(assets: NewSearchAdsAsset[]): Promise<SearchAdsAsset[]> {
    const createdAt = new Date().toISOString();
    const created = assets.map((a) => ({ id: digits(11), ...a, created_at: createdAt }));
    await this.store.putMany(KIND.asset, created);
    return created;
  }

  async listCampaignAssets(campaignId?: string): Promise<SearchAdsCampaignAsset[]> {
    return (await this.store.list<SearchAdsCampaignAsset>(KIND.campaignAsset)).filter((l) => !campaignId || l.campaign_id === campaignId);
  }

  async linkCampaignAssets(links: NewSearchAdsCampaignAsset[]): Promise<SearchAdsCampaignAsset[]> {
    const created = links.map((l) => ({ id: `${l.campaign_id}~${l.asset_id}~${l.field_type}`, ...l, status: 'ENABLED' as const }));
    await this.store.putMany(KIND.campaignAsset, created);
    return created;
  }

  async unlinkCampaignAssets(linkIds: string[]): Promise<void> {
    for (const id of linkIds) await this.store.remove(KIND.campaignAsset, id);
  }

  listLabels(): Promise<SearchAdsLabel[]> {
    return this.store.list<SearchAdsLabel>(KIND.label);
  }
}
