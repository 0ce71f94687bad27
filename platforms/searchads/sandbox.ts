import type { ConnectedAccount } from '../../core/accounts';
import { addDays, isoDate } from '../../core/dates';
import { digits, idSource } from '../sandbox/ids';
import { lastReportDay } from '../../core/dates';
import { datesBetween, type PerformanceTier } from '../sandbox/metrics';
import {
  campaignDay,
  enabledShare,
  splitAmong,
  splitSearchTerms,
  type StoredAd,
  type StoredAdGroup,
  type StoredCampaign,
  type StoredKeyword,
  type StoredNegative,
} from './sandbox/delivery';
import { SandboxPlatform } from '../sandbox/platform';
import { BIDDING_KIND, BiddingSandbox, portCampaign } from './sandbox/bidding';
import type {
  NewSearchAdsBiddingStrategy,
  NewSearchAdsLabel,
  NewSearchAdsSharedBudget,
  SearchAdsAdScheduleChange,
  SearchAdsBidModifiers,
  SearchAdsLabelLink,
} from './port-bidding';
import { PMAX_KIND, PmaxSandbox, seedPmax } from './sandbox/pmax';
import type { SearchAdsPmaxPort } from './port-pmax';
import type { HistoryEntry } from '../sandbox/history';
import { SandboxStore } from '../sandbox/store';
import type {
  KeywordMatchType,
  NewSearchAdsAd,
  NewSearchAdsAdGroup,
  NewSearchAdsCampaign,
  NewSearchAdsKeyword,
  NewSearchAdsNegativeKeyword,
  SearchAdsAdPatch,
  SearchAdsKeywordPatch,
  SearchAdsListNegativeKeyword,
  SearchAdsNegativeKeywordList,
  NewSearchAdsAsset,
  NewSearchAdsCampaignAsset,
  NewSearchAdsCampaignCriterion,
  SearchAdsAccountSettings,
  SearchAdsAdGroupAudience,
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsAsset,
  SearchAdsAssetType,
  SearchAdsAudienceSegment,
  SearchAdsCampaign,
  SearchAdsCampaignAsset,
  SearchAdsCampaignCriterion,
  SearchAdsGeoTarget,
  SearchAdsKeyword,
  SearchAdsLabel,
  SearchAdsLanguage,
  SearchAdsNegativeKeyword,
  SearchAdsNetworkSettings,
  SearchAdsPort,
  SearchAdsReportLevel,
  SearchAdsReportRow,
} from './port';
import { conversionRows, keywordIdeas, seededConversionActions, type StoredConversionAction } from './sandbox/insights';
import type { SearchAdsConversionAction, SearchAdsConversionRow, SearchAdsKeywordIdea, SearchAdsKeywordIdeaRequest } from './port-insights';
import type {
  NewSearchAdsAdGroupCriterion,
  NewSearchAdsDisplayAd,
  SearchAdsAdGroupCriterion,
  SearchAdsCriterionType,
  SearchAdsDisplayAd,
  SearchAdsDisplayAdPatch,
  SearchAdsTopic,
} from './port-display';
import { DISPLAY_CRITERION_TYPES } from './port-display';
import {
  AUDIENCE_CRITERION_TYPE,
  SEED_IMAGES,
  SEED_VIDEOS,
  TOPIC_CONSTANTS,
  displayAdOf,
  seedDisplayCriteria,
  type DisplayParts,
  type StoredCriterion,
} from './sandbox/display';
import { EntityNotFoundError } from '../sandbox/store';
import { AUDIENCE_TAXONOMY, GEO_TARGET_CONSTANTS, LANGUAGE_CONSTANTS, suggestGeoTargets } from './reference-data';
import type {
  NewSearchAdsCustomerMatchList,
  NewSearchAdsExperiment,
  SearchAdsApplyParameters,
  SearchAdsChangeEvent,
  SearchAdsCustomerMatchMembers,
  SearchAdsExperiment,
  SearchAdsExperimentArm,
  SearchAdsOfflineUserDataJob,
  SearchAdsRecommendation,
  SearchAdsUserList,
} from './port-audience';
import {
  AUDIENCE_KIND,
  changeEventsOf,
  currentRecommendation,
  deriveRecommendations,
  matchesUser,
  segmentOf,
  userListOf,
  type StoredUserList,
} from './sandbox/audience';
import { ToolError } from '../../core/errors';
import { SHOPPING_KIND, ShoppingSandbox, seedShoppingFamily } from './sandbox/shopping';
import type { SearchAdsShoppingPort } from './port-shopping';

/** Entity kinds of the searchads sandbox (the sort-key prefixes). */
export const KIND = {
  settings: 'settings',
  campaign: 'campaign',
  adGroup: 'ad_group',
  ad: 'ad',
  keyword: 'keyword',
  negativeKeyword: 'negative_keyword',
  campaignCriterion: 'campaign_criterion',
  asset: 'asset',
  campaignAsset: 'campaign_asset',
  label: 'label',
  negativeList: 'negative_list',
  audience: 'audience',
  conversionAction: 'conversion_action',
  ...BIDDING_KIND,
  ...AUDIENCE_KIND,
  ...SHOPPING_KIND,
  adGroupCriterion: 'ad_group_criterion',
  adSchedule: 'ad_schedule',
} as const;

const SETTINGS_ID = 'account';

/** A campaign as the port shows it: without the sandbox's own fields (performance tier, budget and portfolio links, creation time). */
const campaignOf = ({ created_at: _created, ...campaign }: StoredCampaign & { created_at?: string }): SearchAdsCampaign =>
  portCampaign(campaign);
const adGroupOf = ({ performance: _performance, start_date: _start, ...group }: StoredAdGroup): SearchAdsAdGroup => group;
const keywordOf = ({ performance: _performance, start_date: _start, ...keyword }: StoredKeyword): SearchAdsKeyword => keyword;
const adOf = ({ start_date: _start, display: _display, ...ad }: StoredAd & { display?: DisplayParts }): SearchAdsAd => ad;
/** A shared list as stored: its keywords with when each was added, and when it was applied to each campaign. */
type StoredNegativeList = Omit<SearchAdsNegativeKeywordList, 'keywords'> & {
  keywords: (SearchAdsListNegativeKeyword & { created_at?: string })[];
  attached: Record<string, string>;
};
const negativeListOf = ({ attached: _attached, keywords, ...list }: StoredNegativeList): SearchAdsNegativeKeywordList => ({
  ...list,
  keywords: keywords.map(({ created_at: _at, ...k }) => k),
});
const negativeOf = ({ created_at: _created, ...negative }: StoredNegative): SearchAdsNegativeKeyword => negative;

/** The simulated searchads platform for one sandbox account. */
export class SearchAdsSandbox extends SandboxPlatform implements SearchAdsPort {
  /** Labels, shared budgets, portfolios, schedules and bid modifiers (sandbox/bidding.ts). */
  private readonly bidding = new BiddingSandbox(this.store, {
    campaign: KIND.campaign,
    label: KIND.label,
    criterion: KIND.campaignCriterion,
  });
  /** Performance Max (sandbox/pmax.ts). */
  private readonly pmax = new PmaxSandbox(this.store, (id) => this.getCampaign(id));
  listAssetGroups: SearchAdsPmaxPort['listAssetGroups'] = (...a) => this.pmax.listAssetGroups(...a);
  getAssetGroup: SearchAdsPmaxPort['getAssetGroup'] = (...a) => this.pmax.getAssetGroup(...a);
  createAssetGroup: SearchAdsPmaxPort['createAssetGroup'] = (...a) => this.pmax.createAssetGroup(...a);
  updateAssetGroup: SearchAdsPmaxPort['updateAssetGroup'] = (...a) => this.pmax.updateAssetGroup(...a);
  listAssetGroupAssets: SearchAdsPmaxPort['listAssetGroupAssets'] = (...a) => this.pmax.listAssetGroupAssets(...a);
  linkAssetGroupAssets: SearchAdsPmaxPort['linkAssetGroupAssets'] = (...a) => this.pmax.linkAssetGroupAssets(...a);
  unlinkAssetGroupAssets: SearchAdsPmaxPort['unlinkAssetGroupAssets'] = (...a) => this.pmax.unlinkAssetGroupAssets(...a);
  listMediaAssets: SearchAdsPmaxPort['listMediaAssets'] = (...a) => this.pmax.listMediaAssets(...a);
  createMediaAssets: SearchAdsPmaxPort['createMediaAssets'] = (...a) => this.pmax.createMediaAssets(...a);
  listAssetGroupSignals: SearchAdsPmaxPort['listAssetGroupSignals'] = (...a) => this.pmax.listAssetGroupSignals(...a);
  addAssetGroupSignals: SearchAdsPmaxPort['addAssetGroupSignals'] = (...a) => this.pmax.addAssetGroupSignals(...a);
  removeAssetGroupSignals: SearchAdsPmaxPort['removeAssetGroupSignals'] = (...a) => this.pmax.removeAssetGroupSignals(...a);
  listListingGroupFilters: SearchAdsPmaxPort['listListingGroupFilters'] = (...a) => this.pmax.listListingGroupFilters(...a);
  mutateListingGroupFilters: SearchAdsPmaxPort['mutateListingGroupFilters'] = (...a) => this.pmax.mutateListingGroupFilters(...a);
  /** Shopping, App, Demand Gen and video campaigns (sandbox/shopping.ts). */
  private readonly channels = new ShoppingSandbox(this.store, this);
  createChannelCampaign: SearchAdsShoppingPort['createChannelCampaign'] = (c) => this.channels.createChannelCampaign(c);
  getShoppingSetting: SearchAdsShoppingPort['getShoppingSetting'] = (id) => this.channels.getShoppingSetting(id);
  getAppCampaignSetting: SearchAdsShoppingPort['getAppCampaignSetting'] = (id) => this.channels.getAppCampaignSetting(id);
  listMerchantCenterLinks: SearchAdsShoppingPort['listMerchantCenterLinks'] = () => this.channels.listMerchantCenterLinks();
  acceptMerchantCenterInvitation: SearchAdsShoppingPort['acceptMerchantCenterInvitation'] = (id) =>
    this.channels.acceptMerchantCenterInvitation(id);
  removeMerchantCenterLink: SearchAdsShoppingPort['removeMerchantCenterLink'] = (id) => this.channels.removeMerchantCenterLink(id);
  createChannelAdGroup: SearchAdsShoppingPort['createChannelAdGroup'] = (g) => this.channels.createChannelAdGroup(g);
  listDemandGenChannelControls: SearchAdsShoppingPort['listDemandGenChannelControls'] = (id) =>
    this.channels.listDemandGenChannelControls(id);
  updateDemandGenChannelControls: SearchAdsShoppingPort['updateDemandGenChannelControls'] = (id, c) =>
    this.channels.updateDemandGenChannelControls(id, c);
  removeAdGroupAudiences: SearchAdsShoppingPort['removeAdGroupAudiences'] = (id, ids) => this.channels.removeAdGroupAudiences(id, ids);
  createChannelAds: SearchAdsShoppingPort['createChannelAds'] = (ads) => this.channels.createChannelAds(ads);
  listListingGroups: SearchAdsShoppingPort['listListingGroups'] = (id) => this.channels.listListingGroups(id);
  mutateListingGroups: SearchAdsShoppingPort['mutateListingGroups'] = (id, c) => this.channels.mutateListingGroups(id, c);

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

  async updateCampaign(
    campaignId: string,
    patch: Partial<Omit<SearchAdsCampaign, 'id'>>,
    expect?: Partial<SearchAdsCampaign>,
  ): Promise<SearchAdsCampaign> {
    return this.bidding.updateCampaign(campaignId, patch, expect);
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

  createLabel(label: NewSearchAdsLabel) {
    return this.bidding.createLabel(label);
  }

  listLabelLinks() {
    return this.bidding.listLabelLinks();
  }

  addLabelLinks(links: SearchAdsLabelLink[]) {
    return this.bidding.addLabelLinks(links);
  }

  removeLabelLinks(links: SearchAdsLabelLink[]) {
    return this.bidding.removeLabelLinks(links);
  }

  listSharedBudgets() {
    return this.bidding.listSharedBudgets();
  }

  createSharedBudget(budget: NewSearchAdsSharedBudget) {
    return this.bidding.createSharedBudget(budget);
  }

  moveCampaignToBudget(campaignId: string, budgetId: string) {
    return this.bidding.moveCampaignToBudget(campaignId, budgetId);
  }

  listBiddingStrategies() {
    return this.bidding.listBiddingStrategies();
  }

  createBiddingStrategy(strategy: NewSearchAdsBiddingStrategy) {
    return this.bidding.createBiddingStrategy(strategy);
  }

  assignBiddingStrategy(campaignId: string, strategyId: string) {
    return this.bidding.assignBiddingStrategy(campaignId, strategyId);
  }

  listAdSchedules(campaignId: string) {
    return this.bidding.listAdSchedules(campaignId);
  }

  changeAdSchedules(campaignId: string, change: SearchAdsAdScheduleChange) {
    return this.bidding.changeAdSchedules(campaignId, change);
  }

  listDeviceModifiers(campaignId: string) {
    return this.bidding.listDeviceModifiers(campaignId);
  }

  setBidModifiers(campaignId: string, modifiers: SearchAdsBidModifiers) {
    return this.bidding.setBidModifiers(campaignId, modifiers);
  }

  async listAudienceSegments(): Promise<SearchAdsAudienceSegment[]> {
    return [...AUDIENCE_TAXONOMY, ...(await this.store.list<StoredUserList>(KIND.audience)).map(segmentOf)];
  }

  // User lists and Customer Match (the account's user lists are its USER_LIST audience segments).

  async listUserLists(): Promise<SearchAdsUserList[]> {
    return (await this.store.list<StoredUserList>(KIND.audience)).filter((s) => s.type === 'USER_LIST').map(userListOf);
  }

  async createCustomerMatchList(list: NewSearchAdsCustomerMatchList): Promise<SearchAdsUserList> {
    const existing = await this.store.list<StoredUserList>(KIND.audience);
    if (existing.some((s) => s.type === 'USER_LIST' && s.name.toLowerCase() === list.name.toLowerCase()))
      throw new ToolError(`A user list named "${list.name}" already exists (USER_LIST_ERROR.NAME_ALREADY_USED).`);
    const id = digits(10);
    const stored: StoredUserList = {
      id,
      type: 'USER_LIST',
      name: list.name,
      ...(list.description ? { description: list.description } : {}),
      resource_name: `customers/${this.account.account_id}/userLists/${id}`,
      size_for_search: 0,
      size_for_display: 0,
      list_type: 'CRM_BASED',
      membership_status: 'OPEN',
      membership_life_span: list.membership_life_span,
      eligible_for_search: true,
      upload_key_type: 'CONTACT_INFO',
      created_at: new Date().toISOString(),
    };
    return userListOf(await this.store.create(KIND.audience, stored));
  }

  /** Matches each distinct hashed identifier against the platform's users (matchesUser); the list grows by the matched ones. */
  async uploadCustomerMatchMembers(userListId: string, members: SearchAdsCustomerMatchMembers): Promise<SearchAdsOfflineUserDataJob> {
    const list = await this.store.require<StoredUserList>(KIND.audience, userListId);
    if (list.list_type !== 'CRM_BASED')
      throw new ToolError(`User list ${userListId} is not a Customer Match (CRM_BASED) list; members can only be uploaded to one.`);
    if (members.consent.ad_user_data !== 'GRANTED' || members.consent.ad_personalization !== 'GRANTED')
      throw new ToolError('Customer Match uploads need consent GRANTED for ad_user_data and ad_personalization.');
    const identifiers = [...new Set([...members.hashed_emails, ...members.hashed_phone_numbers])];
    const matched = identifiers.filter(matchesUser).length;
    const job = {
      id: digits(12),
      user_list_id: userListId,
      type: 'CUSTOMER_MATCH_USER_LIST' as const,
      status: 'SUCCESS' as const,
      identifiers: members.hashed_emails.length + members.hashed_phone_numbers.length,
      matched,
      created_at: new Date().toISOString(),
    };
    await this.store.create(KIND.userDataJob, job);
    await this.store.update<StoredUserList>(KIND.audience, userListId, {
      size_for_search: (list.size_for_search ?? 0) + matched,
      size_for_display: (list.size_for_display ?? 0) + matched,
    });
    const { matched: _m, created_at: _c, ...out } = job;
    return out;
  }

  // Experiments.

  async listExperiments(): Promise<SearchAdsExperiment[]> {
    const today = isoDate(new Date());
    return (await this.store.list<SearchAdsExperiment & { created_at?: string }>(KIND.experiment)).map(({ created_at: _c, ...e }) =>
      e.status === 'INITIATED' && e.start_date <= today ? { ...e, status: 'ENABLED' as const } : e,
    );
  }

  private async experiment(experimentId: string): Promise<SearchAdsExperiment> {
    const found = (await this.listExperiments()).find((e) => e.id === experimentId);
    if (!found)
      throw new ToolError(`No experiment with id "${experimentId}" exists in searchads account ${this.account.account_id}.`, {
        code: 'not_found',
      });
    return found;
  }

  async createExperiment(experiment: NewSearchAdsExperiment): Promise<SearchAdsExperiment> {
    const id = digits(10);
    const stored = {
      id,
      resource_name: `customers/${this.account.account_id}/experiments/${id}`,
      type: 'SEARCH_CUSTOM' as const,
      status: 'SETUP' as const,
      arms: [],
      ...experiment,
      created_at: new Date().toISOString(),
    };
    await this.store.create(KIND.experiment, stored);
    return this.experiment(id);
  }

  async createExperimentArms(experimentId: string, arms: SearchAdsExperimentArm[]): Promise<SearchAdsExperiment> {
    const experiment = await this.experiment(experimentId);
    if (experiment.status !== 'SETUP')
      throw new ToolError(`Experiment ${experimentId} is ${experiment.status}; arms are added in SETUP only.`);
    if (experiment.arms.length) throw new ToolError(`Experiment ${experimentId} already has its arms.`);
    await this.store.update(KIND.experiment, experimentId, {
      arms: arms.map((a) => (a.control ? a : { name: a.name, control: false, traffic_split: a.traffic_split })),
    });
    return this.experiment(experimentId);
  }

  /**
   * Makes the trial campaign: a copy of the base campaign (its ad groups, keywords and ads too) named
   * with the experiment's suffix, running between the experiment's dates on the treatment's share of
   * the base budget. The experiment is INITIATED until its start, ENABLED from then.
   */
  async scheduleExperiment(experimentId: string): Promise<SearchAdsExperiment> {
    const experiment = await this.experiment(experimentId);
    if (experiment.status !== 'SETUP')
      throw new ToolError(`Experiment ${experimentId} is ${experiment.status}; only an experiment in SETUP can be scheduled.`);
    const control = experiment.arms.find((a) => a.control);
    const treatment = experiment.arms.find((a) => !a.control);
    if (!control?.campaign_id || !treatment)
      throw new ToolError(
        `Experiment ${experimentId} needs a control arm with its base campaign and a treatment arm before it is scheduled.`,
      );
    const base = await this.store.require<StoredCampaign>(KIND.campaign, control.campaign_id);
    const createdAt = new Date().toISOString();
    const { id: _id, label_ids: _labels, frequency_caps: _caps, performance, ...fields } = base;
    const trial: StoredCampaign & { created_at: string } = {
      ...fields,
      id: digits(11),
      name: `${base.name} ${experiment.suffix}`,
      status: 'ENABLED',
      start_date: experiment.start_date,
      end_date: experiment.end_date,
      budget_amount: Math.max(1, Math.round(base.budget_amount * treatment.traffic_split) / 100),
      label_ids: [],
      performance,
      created_at: createdAt,
    };
    await this.store.create(KIND.campaign, trial);
    for (const group of await this.listAdGroups(base.id)) {
      if (group.status === 'REMOVED') continue;
      const copy = await this.createAdGroup({
        campaign_id: trial.id,
        name: group.name,
        status: group.status,
        type: group.type,
        cpc_bid: group.cpc_bid,
      });
      const keywords = (await this.listKeywords(base.id)).filter((k) => k.ad_group_id === group.id && k.status !== 'REMOVED');
      if (keywords.length)
        await this.addKeywords(
          keywords.map((k) => ({
            ad_group_id: copy.id,
            text: k.text,
            match_type: k.match_type,
            cpc_bid: k.cpc_bid,
            status: k.status as 'ENABLED' | 'PAUSED',
          })),
        );
      const ads = (await this.listAds(base.id)).filter((a) => a.ad_group_id === group.id && a.status !== 'REMOVED');
      if (ads.length) await this.createAds(ads.map(({ id: _a, campaign_id: _c, ...ad }) => ad));
    }
    const today = isoDate(new Date());
    await this.store.update(KIND.experiment, experimentId, {
      status: experiment.start_date <= today ? 'ENABLED' : 'INITIATED',
      arms: experiment.arms.map((a) => (a.control ? a : { ...a, campaign_id: trial.id })),
    });
    return this.experiment(experimentId);
  }

  // Recommendations.

  listRecommendations(): Promise<SearchAdsRecommendation[]> {
    return deriveRecommendations(this, this.store, this.account.account_id, new Date());
  }

  async applyRecommendation(recommendationId: string, parameters: SearchAdsApplyParameters = {}): Promise<void> {
    const rec = await currentRecommendation(await this.listRecommendations(), recommendationId);
    if (rec.type === 'CAMPAIGN_BUDGET') {
      await this.updateCampaign(
        rec.campaign_id!,
        { budget_amount: parameters.new_budget_amount ?? rec.campaign_budget!.recommended_amount },
        { budget_amount: rec.campaign_budget!.current_amount },
      );
    } else if (rec.type === 'TARGET_CPA_OPT_IN') {
      const campaign = await this.getCampaign(rec.campaign_id!);
      await this.updateCampaign(rec.campaign_id!, {
        bidding_targets: { ...campaign.bidding_targets, target_cpa: parameters.target_cpa ?? rec.target_cpa_opt_in!.target_cpa },
      });
    } else if (rec.type === 'KEYWORD_MATCH_TYPE') {
      // A keyword's match type cannot change: the broad version is added with the same bid, the narrow one paused.
      const narrow = (await this.listKeywords(rec.campaign_id)).find(
        (k) =>
          k.ad_group_id === rec.ad_group_id &&
          k.status === 'ENABLED' &&
          k.text === rec.keyword_match_type!.text &&
          k.match_type === rec.keyword_match_type!.match_type,
      );
      if (!narrow) throw new ToolError(`Recommendation ${rec.id} is not current: its keyword is no longer enabled.`, { code: 'not_found' });
      await this.addKeywords([
        {
          ad_group_id: narrow.ad_group_id,
          text: narrow.text,
          match_type: 'BROAD',
          status: 'ENABLED',
          ...(narrow.cpc_bid !== undefined ? { cpc_bid: narrow.cpc_bid } : {}),
        },
      ]);
      await this.updateKeyword(narrow.id, { status: 'PAUSED' }, { status: 'ENABLED' });
    } else if (rec.type === 'KEYWORD') {
      await this.addKeywords([
        {
          ad_group_id: rec.ad_group_id!,
          text: rec.keyword!.text,
          match_type: rec.keyword!.match_type,
          status: 'ENABLED',
          ...(rec.keyword!.recommended_cpc_bid !== undefined ? { cpc_bid: rec.keyword!.recommended_cpc_bid } : {}),
        },
      ]);
    }
    await this.store.putMany(KIND.appliedRecommendation, [{ id: rec.id }]);
  }

  async dismissRecommendation(recommendationId: string): Promise<void> {
    const rec = (await this.listRecommendations()).find((r) => r.id === recommendationId);
    if (!rec)
      throw new ToolError(`Recommendation ${recommendationId} is not current; list_recommendations shows the current ones.`, {
        code: 'not_found',
      });
    await this.store.putMany(KIND.dismissedRecommendation, [{ id: rec.id }]);
  }

  // Change history.

  async listChangeEvents(from: string, to: string, limit: number): Promise<SearchAdsChangeEvent[]> {
    const history = { withHistory: true };
    const [campaigns, adGroups, keywords, ads, assets] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, history),
      this.store.list<StoredAdGroup>(KIND.adGroup, history),
      this.store.list<StoredKeyword>(KIND.keyword, history),
      this.store.list<StoredAd>(KIND.ad, history),
      this.store.list<SearchAdsAsset>(KIND.asset),
    ]);
    const tracked = <T>(items: T[]) => items as unknown as Parameters<typeof changeEventsOf>[0]['campaigns'];
    return changeEventsOf(
      {
        campaigns: tracked(campaigns),
        adGroups: tracked(adGroups),
        keywords: tracked(keywords),
        ads: tracked(ads),
        assets: tracked(assets),
      },
      this.account.account_id,
      this.account.connected_at,
      from,
      to,
    ).slice(0, limit);
  }

  async listLanguages(): Promise<SearchAdsLanguage[]> {
    return LANGUAGE_CONSTANTS;
  }

  async suggestGeoTargets(text: string): Promise<SearchAdsGeoTarget[]> {
    return suggestGeoTargets(text);
  }

  async getGeoTargets(ids: string[]): Promise<SearchAdsGeoTarget[]> {
    return GEO_TARGET_CONSTANTS.filter((g) => ids.includes(g.id));
  }

  /**
   * Every negative that blocks searches: campaign and ad group negatives, and the keywords of shared
   * lists as negatives of each campaign they apply to, from when both the keyword and the attachment existed.
   */
  private async searchTermNegatives(): Promise<StoredNegative[]> {
    const [own, lists] = await Promise.all([
      this.store.list<StoredNegative>(KIND.negativeKeyword),
      this.store.list<StoredNegativeList>(KIND.negativeList),
    ]);
    const shared = lists.flatMap((list) =>
      list.campaign_ids.flatMap((campaignId) =>
        list.keywords.map((k) => {
          const since = [k.created_at, list.attached[campaignId]]
            .filter((x): x is string => Boolean(x))
            .sort()
            .at(-1);
          return { id: k.id, campaign_id: campaignId, text: k.text, match_type: k.match_type, ...(since ? { created_at: since } : {}) };
        }),
      ),
    );
    return [...own, ...shared];
  }

  // Display targeting, creatives and schedules (port-display.ts).

  async listAdGroupCriteria(
    adGroupId: string,
    types: SearchAdsCriterionType[] = DISPLAY_CRITERION_TYPES,
  ): Promise<SearchAdsAdGroupCriterion[]> {
    const group = await this.store.require<StoredAdGroup>(KIND.adGroup, adGroupId);
    const [stored, keywords] = await Promise.all([
      this.store.list<StoredCriterion>(KIND.adGroupCriterion),
      this.store.list<StoredKeyword>(KIND.keyword),
    ]);
    const all: SearchAdsAdGroupCriterion[] = [
      ...keywords
        .filter((k) => k.ad_group_id === adGroupId && k.status !== 'REMOVED')
        .map((k) => ({
          id: `${adGroupId}~${k.id}`,
          ad_group_id: adGroupId,
          campaign_id: group.campaign_id,
          criterion_id: k.id,
          type: 'KEYWORD' as const,
          value: k.text,
          match_type: k.match_type,
          negative: false,
          status: k.status,
        })),
      ...(group.audiences ?? []).map((a) => ({
        id: `${adGroupId}~${a.criterion_id}`,
        ad_group_id: adGroupId,
        campaign_id: group.campaign_id,
        criterion_id: a.criterion_id,
        type: AUDIENCE_CRITERION_TYPE[a.type],
        value: a.audience_id,
        negative: false,
        status: 'ENABLED' as const,
      })),
      ...stored.filter((c) => c.ad_group_id === adGroupId),
    ];
    return all.filter((c) => types.includes(c.type));
  }

  async addAdGroupCriteria(criteria: NewSearchAdsAdGroupCriterion[]): Promise<SearchAdsAdGroupCriterion[]> {
    const created: SearchAdsAdGroupCriterion[] = [];
    for (const c of criteria) {
      const group = await this.store.require<StoredAdGroup>(KIND.adGroup, c.ad_group_id);
      if (c.type === 'KEYWORD' && !c.negative) {
        const [k] = await this.addKeywords([{ ad_group_id: c.ad_group_id, text: c.value, match_type: 'BROAD', status: 'ENABLED' }]);
        created.push({
          id: `${c.ad_group_id}~${k!.id}`,
          ad_group_id: c.ad_group_id,
          campaign_id: group.campaign_id,
          criterion_id: k!.id,
          type: 'KEYWORD',
          value: k!.text,
          match_type: 'BROAD',
          negative: false,
          status: 'ENABLED',
        });
        continue;
      }
      if (!c.negative && (c.type === 'USER_INTEREST' || c.type === 'CUSTOM_AUDIENCE' || c.type === 'USER_LIST')) {
        const segment = (await this.listAudienceSegments()).find((s) => s.id === c.value && AUDIENCE_CRITERION_TYPE[s.type] === c.type);
        if (!segment) throw new EntityNotFoundError('audience', c.value);
        const [a] = await this.addAdGroupAudiences(c.ad_group_id, [{ type: segment.type, audience_id: segment.id, name: segment.name }]);
        created.push({
          ...c,
          id: `${c.ad_group_id}~${a!.criterion_id}`,
          campaign_id: group.campaign_id,
          criterion_id: a!.criterion_id,
          status: 'ENABLED',
        });
        continue;
      }
      const criterionId = digits(12);
      const stored: StoredCriterion = {
        ...c,
        id: `${c.ad_group_id}~${criterionId}`,
        campaign_id: group.campaign_id,
        criterion_id: criterionId,
        status: 'ENABLED',
      };
      await this.store.create(KIND.adGroupCriterion, stored);
      created.push(stored);
    }
    return created;
  }

  async removeAdGroupCriteria(ids: string[]): Promise<void> {
    for (const id of ids) {
      const [adGroupId, criterionId] = id.split('~');
      if (await this.store.get(KIND.adGroupCriterion, id)) {
        await this.store.remove(KIND.adGroupCriterion, id);
        continue;
      }
      const keyword = await this.store.get<StoredKeyword>(KIND.keyword, criterionId ?? '');
      if (keyword && keyword.ad_group_id === adGroupId) {
        await this.store.update<StoredKeyword>(KIND.keyword, keyword.id, { status: 'REMOVED' });
        continue;
      }
      const group = await this.store.get<StoredAdGroup>(KIND.adGroup, adGroupId ?? '');
      if (group?.audiences?.some((a) => a.criterion_id === criterionId)) {
        await this.store.update<StoredAdGroup>(KIND.adGroup, group.id, {
          audiences: group.audiences.filter((a) => a.criterion_id !== criterionId),
        });
        continue;
      }
      throw new EntityNotFoundError('ad_group_criterion', id);
    }
  }

  async listTopics(): Promise<SearchAdsTopic[]> {
    return TOPIC_CONSTANTS;
  }

  async getDisplayAd(adId: string): Promise<SearchAdsDisplayAd> {
    const ad = await this.store.require<StoredAd & { display?: DisplayParts }>(KIND.ad, adId);
    if (ad.type !== 'RESPONSIVE_DISPLAY_AD') throw new EntityNotFoundError('responsive display ad', adId);
    return displayAdOf({ ...adOf(ad), display: ad.display });
  }

  async createDisplayAds(ads: NewSearchAdsDisplayAd[]): Promise<SearchAdsDisplayAd[]> {
    const today = isoDate(new Date());
    const created: (StoredAd & { display: DisplayParts })[] = [];
    for (const ad of ads) {
      const group = await this.store.require<StoredAdGroup>(KIND.adGroup, ad.ad_group_id);
      const { ad_group_id, status, headlines, descriptions, final_url, ...display } = ad;
      created.push({
        id: digits(12),
        ad_group_id,
        campaign_id: group.campaign_id,
        type: 'RESPONSIVE_DISPLAY_AD',
        status,
        headlines,
        descriptions,
        final_url,
        start_date: today,
        display,
      });
    }
    await this.store.putMany(KIND.ad, created);
    return created.map(({ start_date: _s, ...ad }) => displayAdOf(ad));
  }

  async updateDisplayAd(adId: string, patch: SearchAdsDisplayAdPatch): Promise<SearchAdsDisplayAd> {
    const current = await this.store.require<StoredAd & { display?: DisplayParts }>(KIND.ad, adId);
    const { headlines, descriptions, final_url, ...parts } = patch;
    const display: Record<string, unknown> = { ...displayAdOf({ ...adOf(current), display: current.display }) };
    for (const key of ['id', 'ad_group_id', 'campaign_id', 'type', 'status', 'headlines', 'descriptions', 'final_url', 'path1', 'path2'])
      delete display[key];
    for (const [key, value] of Object.entries(parts)) {
      if (value === undefined) delete display[key];
      else display[key] = value;
    }
    const common = Object.fromEntries(Object.entries({ headlines, descriptions, final_url }).filter(([, value]) => value !== undefined));
    await this.store.update<StoredAd>(KIND.ad, adId, { ...common, display });
    return this.getDisplayAd(adId);
  }

  /**
   * The delivery model (sandbox/delivery.ts): each campaign's day from the history of it and its ad
   * groups, split top down among the ad groups, each ad group's among its enabled keywords and ads,
   * each keyword's among the queries it matched; the account's day is its campaigns' days added up.
   * Days from today on have no delivery yet; days without delivery have no row.
   */
  async listConversionActions(): Promise<SearchAdsConversionAction[]> {
    return (await this.store.list<StoredConversionAction>(KIND.conversionAction)).map(({ weight: _w, per_click: _p, ...action }) => action);
  }

  async getConversionReport(start: string, end: string): Promise<SearchAdsConversionRow[]> {
    const [actions, campaignRows] = await Promise.all([
      this.store.list<StoredConversionAction>(KIND.conversionAction),
      this.getReport('campaign', start, end),
    ]);
    return conversionRows(campaignRows, actions);
  }

  async generateKeywordIdeas(request: SearchAdsKeywordIdeaRequest): Promise<SearchAdsKeywordIdea[]> {
    return keywordIdeas(request, new Date());
  }

  async getReport(level: SearchAdsReportLevel, start: string, end: string): Promise<SearchAdsReportRow[]> {
    const last = lastReportDay(new Date(), 'UTC'); // the sandbox simulates its days in UTC
    const dates = datesBetween(start, end < last ? end : last);
    if (!dates.length) return [];
    const [campaigns, groups, keywords, ads, negatives] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, { withHistory: true }),
      this.store.list<StoredAdGroup>(KIND.adGroup, { withHistory: true }),
      this.store.list<StoredKeyword>(KIND.keyword, { withHistory: true }),
      this.store.list<StoredAd>(KIND.ad, { withHistory: true }),
      level === 'search_term' ? this.searchTermNegatives() : Promise.resolve([]),
    ]);
    const byGroup = <T extends { ad_group_id: string }>(items: T[]) => {
      const map = new Map<string, T[]>();
      for (const item of items) map.set(item.ad_group_id, [...(map.get(item.ad_group_id) ?? []), item]);
      return map;
    };
    const keywordsOf = byGroup(keywords);
    const adsOf = byGroup(ads);
    const groupServes = (g: StoredAdGroup, date: string, type: string) => {
      if (g.type === 'SEARCH_STANDARD' && type === 'SEARCH' && !(keywordsOf.get(g.id) ?? []).some((k) => enabledShare(k, date) > 0))
        return false;
      const groupAds = adsOf.get(g.id) ?? [];
      return !groupAds.length || groupAds.some((a) => enabledShare(a, date) > 0);
    };
    const rows: SearchAdsReportRow[] = [];
    const account = new Map<string, SearchAdsReportRow>();
    for (const campaign of campaigns) {
      const children = groups.filter((g) => g.campaign_id === campaign.id);
      for (const date of dates) {
        const day = campaignDay(campaign, children, date, groupServes);
        if (!day.total.impressions && !day.total.spend) continue;
        if (level === 'campaign') rows.push({ date, ...day.total, campaign_id: campaign.id });
        for (const [adGroupId, part] of day.children) {
          if (!part.impressions && !part.spend) continue;
          const ids = { campaign_id: campaign.id, ad_group_id: adGroupId };
          if (level === 'ad_group') rows.push({ date, ...part, ...ids });
          const group = children.find((g) => g.id === adGroupId)!;
          if (level === 'ad') {
            for (const [ad, figures] of splitAmong(part, adsOf.get(adGroupId) ?? [], date, () => group.performance))
              rows.push({ date, ...figures, ...ids, ad_id: ad.id });
          }
          if (level === 'keyword' || level === 'search_term') {
            for (const [keyword, figures] of splitAmong(part, keywordsOf.get(adGroupId) ?? [], date, (k) => k.performance)) {
              if (level === 'keyword') rows.push({ date, ...figures, ...ids, keyword_id: keyword.id });
              else
                for (const [term, termDay] of splitSearchTerms(keyword, figures, date, negatives))
                  if (termDay.impressions || termDay.spend)
                    rows.push({ date, ...termDay, ...ids, keyword_id: keyword.id, search_term: term });
            }
          }
        }
        if (level === 'customer') {
          const sum = account.get(date) ?? { date, impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
          sum.impressions += day.total.impressions;
          sum.clicks += day.total.clicks;
          sum.spend = Math.round((sum.spend + day.total.spend) * 100) / 100;
          sum.conversions += day.total.conversions;
          sum.revenue = Math.round((sum.revenue + day.total.revenue) * 100) / 100;
          if (day.total.video_views !== undefined) sum.video_views = (sum.video_views ?? 0) + day.total.video_views;
          account.set(date, sum);
        }
      }
    }
    return level === 'customer' ? [...account.values()].sort((a, b) => a.date.localeCompare(b.date)) : rows;
  }
}

function defaultSettings(account: ConnectedAccount): SearchAdsAccountSettings {
  return {
    id: SETTINGS_ID,
    customer_id: account.account_id,
    descriptive_name: account.name,
    currency_code: account.currency,
    time_zone: account.time_zone,
    is_partner_account: false,
  };
}

const network = (overrides: Partial<SearchAdsNetworkSettings> = {}): SearchAdsNetworkSettings => ({
  target_google_search: true,
  target_search_network: false,
  target_content_network: false,
  target_partner_search_network: false,
  target_youtube: false,
  target_google_tv_network: false,
  ...overrides,
});

/** Seeds a new sandbox account with realistic searchads entities. Ids are reproducible per account. */
export async function seedSearchAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('searchads', account.account_id);
  const ids = idSource(`searchads:${account.account_id}`);
  const today = isoDate(new Date());
  const ago = (days: number) => addDays(today, -days);
  const cid = account.account_id;

  const labels: SearchAdsLabel[] = [
    { id: ids.digits(10), name: 'Brand', description: 'Brand-term campaigns', background_color: '#1A73E8' },
    { id: ids.digits(10), name: 'Q4 Push', description: 'Holiday season priorities', background_color: '#E37400' },
    { id: ids.digits(10), name: 'Needs Review', background_color: '#D93025' },
    { id: ids.digits(10), name: 'Evergreen', background_color: '#188038' },
  ];
  const [brandLabel, q4Label, reviewLabel, evergreenLabel] = labels.map((l) => l.id);

  const campaign = (c: Omit<StoredCampaign, 'id'>): StoredCampaign => ({ id: ids.digits(11), ...c });
  const brand = campaign({
    name: 'Brand - Exact',
    type: 'SEARCH',
    status: 'ENABLED',
    budget_amount: 50,
    bidding_strategy: 'TARGET_IMPRESSION_SHARE',
    start_date: ago(320),
    performance: 'strong',
    network_settings: network({ target_search_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'OBSERVATION',
    ai_max_enabled: false,
    url_expansion_opt_out: false,
    tracking_url_template: '{lpurl}?utm_source=searchads&utm_medium=cpc&utm_campaign={_campaign}',
    url_custom_parameters: [{ key: 'campaign', value: 'brandexact' }],
    label_ids: [brandLabel!, evergreenLabel!],
  });
  const generic = campaign({
    name: 'Generic - Hiking Boots',
    type: 'SEARCH',
    status: 'ENABLED',
    budget_amount: 120,
    bidding_strategy: 'MAXIMIZE_CONVERSIONS',
    start_date: ago(280),
    performance: 'average',
    network_settings: network({ target_search_network: true, target_content_network: true }),
    language_ids: ['1000', '1003'],
    audience_targeting_mode: 'OBSERVATION',
    ai_max_enabled: false,
    url_expansion_opt_out: false,
    final_url_suffix: 'utm_source=searchads&utm_medium=cpc',
    url_custom_parameters: [],
    label_ids: [q4Label!],
  });
  const competitor = campaign({
    name: 'Competitor Terms',
    type: 'SEARCH',
    status: 'ENABLED',
    budget_amount: 80,
    bidding_strategy: 'MANUAL_CPC',
    start_date: ago(260),
    performance: 'wasteful',
    network_settings: network({ target_search_network: true, target_content_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'OBSERVATION',
    ai_max_enabled: false,
    url_expansion_opt_out: false,
    label_ids: [reviewLabel!],
  });
  const pmax = campaign({
    name: 'Performance Max - All Products',
    type: 'PERFORMANCE_MAX',
    status: 'ENABLED',
    budget_amount: 200,
    bidding_strategy: 'MAXIMIZE_CONVERSION_VALUE',
    start_date: ago(220),
    performance: 'average',
    network_settings: network({ target_search_network: true, target_content_network: true, target_youtube: true }),
    language_ids: ['1000', '1002'],
    audience_targeting_mode: 'OBSERVATION',
    url_expansion_opt_out: false,
    label_ids: [q4Label!, evergreenLabel!],
  });
  const remarketing = campaign({
    name: 'Display - Remarketing',
    type: 'DISPLAY',
    status: 'PAUSED',
    budget_amount: 40,
    bidding_strategy: 'TARGET_CPA',
    start_date: ago(180),
    performance: 'poor',
    network_settings: network({ target_google_search: false, target_content_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'TARGETING',
    label_ids: [reviewLabel!],
    frequency_caps: [
      { event_type: 'IMPRESSION', level: 'CAMPAIGN', time_unit: 'DAY', time_length: 1, cap: 3 },
      { event_type: 'IMPRESSION', level: 'AD_GROUP_AD', time_unit: 'WEEK', time_length: 1, cap: 10 },
    ],
  });
  const prospecting = campaign({
    name: 'Display - Outdoor Prospecting',
    type: 'DISPLAY',
    status: 'ENABLED',
    budget_amount: 35,
    bidding_strategy: 'MAXIMIZE_CONVERSIONS',
    start_date: ago(20),
    performance: 'new',
    network_settings: network({ target_google_search: false, target_content_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'TARGETING',
    label_ids: [],
    frequency_caps: [],
  });
  const shopping = campaign({
    name: 'Shopping - Footwear',
    type: 'SHOPPING',
    status: 'ENABLED',
    budget_amount: 90,
    bidding_strategy: 'TARGET_ROAS',
    start_date: ago(200),
    performance: 'strong',
    network_settings: network({ target_search_network: true }),
    language_ids: [],
    audience_targeting_mode: 'OBSERVATION',
    label_ids: [evergreenLabel!],
  });
  const video = campaign({
    name: 'Video - Brand Story',
    type: 'VIDEO',
    status: 'PAUSED',
    budget_amount: 25,
    bidding_strategy: 'TARGET_CPM',
    start_date: ago(150),
    end_date: ago(30),
    performance: 'poor',
    network_settings: network({ target_google_search: false, target_youtube: true, target_google_tv_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'TARGETING',
    label_ids: [brandLabel!],
  });
  const launch = campaign({
    name: 'Search - Summer Sandals Launch',
    type: 'SEARCH',
    status: 'ENABLED',
    budget_amount: 60,
    bidding_strategy: 'MAXIMIZE_CLICKS',
    start_date: addDays(today, 21),
    end_date: addDays(today, 111),
    performance: 'new',
    network_settings: network(),
    language_ids: ['1000'],
    audience_targeting_mode: 'OBSERVATION',
    ai_max_enabled: false,
    url_expansion_opt_out: true,
    label_ids: [],
  });
  const holiday = campaign({
    name: 'Holiday 2025 - Search',
    type: 'SEARCH',
    status: 'REMOVED',
    budget_amount: 150,
    bidding_strategy: 'MAXIMIZE_CONVERSIONS',
    start_date: ago(360),
    end_date: ago(330),
    performance: 'average',
    network_settings: network({ target_search_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'OBSERVATION',
    label_ids: [q4Label!],
  });
  const campaigns = [brand, generic, competitor, pmax, remarketing, prospecting, shopping, video, launch, holiday];

  const adGroups: StoredAdGroup[] = [];
  const adGroup = (c: StoredCampaign, g: Partial<StoredAdGroup> & Pick<StoredAdGroup, 'name'>): StoredAdGroup => {
    const type = {
      SEARCH: 'SEARCH_STANDARD',
      DISPLAY: 'DISPLAY_STANDARD',
      SHOPPING: 'SHOPPING_PRODUCT_ADS',
      VIDEO: 'VIDEO_RESPONSIVE',
      PERFORMANCE_MAX: 'SEARCH_STANDARD',
      DEMAND_GEN: 'UNSPECIFIED',
      MULTI_CHANNEL: 'UNSPECIFIED',
    }[c.type];
    const group: StoredAdGroup = {
      id: ids.digits(11),
      campaign_id: c.id,
      status: 'ENABLED',
      type,
      cpc_bid: 1.2,
      performance: c.performance,
      start_date: c.start_date,
      audiences: [],
      ...g,
    };
    adGroups.push(group);
    return group;
  };
  const brandCore = adGroup(brand, { name: 'Brand - Core', cpc_bid: 0.9, performance: 'strong' });
  const brandMisspell = adGroup(brand, { name: 'Brand - Misspellings', status: 'PAUSED', cpc_bid: 0.6, performance: 'average' });
  const bootsMen = adGroup(generic, { name: 'Hiking Boots - Men', cpc_bid: 1.6, performance: 'average' });
  const bootsWomen = adGroup(generic, { name: 'Hiking Boots - Women', cpc_bid: 1.55, performance: 'strong' });
  const waterproof = adGroup(generic, { name: 'Waterproof Boots', status: 'PAUSED', cpc_bid: 1.4, performance: 'poor' });
  const trail = adGroup(generic, { name: 'Trail Runners (retired)', status: 'REMOVED', cpc_bid: 1.1, performance: 'poor' });
  const compBrands = adGroup(competitor, { name: 'Competitor - Brand Names', cpc_bid: 2.3, performance: 'wasteful' });
  const cartAbandoners = adGroup(remarketing, { name: 'Cart Abandoners 30d', cpc_bid: 0.8, performance: 'poor' });
  const siteVisitors = adGroup(remarketing, { name: 'Site Visitors 90d', status: 'PAUSED', cpc_bid: 0.5, performance: 'poor' });
  const outdoorInterests = adGroup(prospecting, { name: 'Outdoor Interests', cpc_bid: 0.7, performance: 'new' });
  const shoppingGroup = adGroup(shopping, { name: 'All Footwear', cpc_bid: 0.95, performance: 'strong' });
  adGroup(video, { name: 'Brand Story - In-Stream', status: 'PAUSED', cpc_bid: 0.05, performance: 'poor' });
  const sandals = adGroup(launch, { name: 'Summer Sandals', cpc_bid: 1.0, performance: 'new' });
  adGroup(holiday, { name: 'Holiday Gifts', status: 'REMOVED', cpc_bid: 1.3, performance: 'average' });

  // What happened before today, so reports show each entity's past as it was (a paused campaign
  // delivered until its pause, a budget change applies from its moment on).
  const changed = (entity: object, ...entries: [daysAgo: number, hour: number, before: Record<string, unknown>][]) =>
    Object.assign(entity, {
      history: entries.map(([daysAgo, hour, before]): HistoryEntry => ({
        at: `${ago(daysAgo)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
        before,
      })),
    });
  changed(generic, [20, 11, { budget_amount: 90 }]);
  changed(remarketing, [9, 15, { status: 'ENABLED' }]);
  changed(video, [27, 10, { status: 'ENABLED' }]);
  changed(holiday, [329, 9, { status: 'ENABLED' }]);
  changed(brandMisspell, [45, 16, { status: 'ENABLED' }]);
  changed(waterproof, [12, 10, { status: 'ENABLED' }]);
  changed(trail, [120, 12, { status: 'ENABLED' }], [90, 12, { status: 'PAUSED' }]);
  changed(siteVisitors, [60, 8, { status: 'ENABLED' }]);
  changed(
    adGroups.find((g) => g.campaign_id === video.id)!,
    [27, 10, { status: 'ENABLED' }],
  );
  changed(
    adGroups.find((g) => g.campaign_id === holiday.id)!,
    [329, 9, { status: 'ENABLED' }],
  );

  const ads: SearchAdsAd[] = [];
  const rsa = (g: SearchAdsAdGroup, headlines: string[], descriptions: string[], path1: string, path2?: string) =>
    ads.push({
      id: ids.digits(12),
      ad_group_id: g.id,
      campaign_id: g.campaign_id,
      type: 'RESPONSIVE_SEARCH_AD',
      status: g.status === 'REMOVED' ? 'REMOVED' : 'ENABLED',
      headlines,
      descriptions,
      final_url: `https://www.northwind-outdoor.example/${path1}`,
      path1,
      path2,
    });
  rsa(
    brandCore,
    [
      'Northwind Outdoor Official',
      'Hiking Gear Built to Last',
      'Free Shipping Over $50',
      'Shop the New Season',
      '30-Day Free Returns',
      'Trusted by 1M+ Hikers',
    ],
    [
      'Boots, packs and apparel tested on real trails. Order from the official store today.',
      'Expert fit advice and free returns on every order. Find your next adventure.',
    ],
    'brand',
    'official',
  );
  rsa(
    brandMisspell,
    ['Northwind Outdoor Store', 'Official Hiking Gear', 'Free Returns for 30 Days'],
    ['Looking for Northwind Outdoor? Shop boots, packs and layers at the official store.', 'Free shipping over $50 and easy returns.'],
    'brand',
  );
  rsa(
    bootsMen,
    ["Men's Hiking Boots", 'Waterproof & Breathable', 'Sizes 7-15, Wide Fits', 'Vibram Soles, Real Grip', 'Free Shipping Over $50'],
    [
      "Lightweight men's hiking boots with waterproof membranes. Compare 40+ styles.",
      'Get expert fit advice online and return any pair within 30 days.',
    ],
    'boots',
    'men',
  );
  rsa(
    bootsWomen,
    ["Women's Hiking Boots", "Designed for Women's Feet", 'Waterproof Trail Boots', 'New Colors for Spring', 'Free 30-Day Returns'],
    [
      "Women's boots with a narrower heel and roomy toe box. Tested on 500+ mile trails.",
      'Free shipping over $50. Try them on at home and return for free.',
    ],
    'boots',
    'women',
  );
  rsa(
    waterproof,
    ['Waterproof Hiking Boots', 'Stay Dry on Every Trail', 'GORE-TEX Lined Boots'],
    ['Seam-sealed boots that keep water out and let sweat escape.', 'Shop waterproof boots for men and women with free returns.'],
    'boots',
    'waterproof',
  );
  rsa(
    trail,
    ['Trail Running Shoes', 'Light, Fast, Grippy'],
    ['Trail runners for technical terrain.', 'Free shipping over $50.'],
    'trail-running',
  );
  rsa(
    compBrands,
    ['Better Than the Big Brands', 'Compare Hiking Boots', 'Same Quality, Fair Price'],
    [
      'See why hikers switch to Northwind Outdoor. Side-by-side comparisons of fit and price.',
      'Free shipping over $50 and 30-day returns.',
    ],
    'compare',
  );
  rsa(
    sandals,
    ['Summer Hiking Sandals', 'Trail-Ready Sandals', 'New for Summer 2026'],
    ['Grippy, quick-drying sandals for river crossings and hot trails.', 'Pre-order now with free shipping over $50.'],
    'sandals',
    'summer',
  );
  for (const g of [cartAbandoners, siteVisitors, outdoorInterests]) {
    ads.push({
      id: ids.digits(12),
      ad_group_id: g.id,
      campaign_id: g.campaign_id,
      type: 'RESPONSIVE_DISPLAY_AD',
      status: 'ENABLED',
      headlines: ['Still Thinking It Over?', 'Your Next Trail Awaits'],
      descriptions: ['Come back for free shipping on orders over $50.'],
      final_url: 'https://www.northwind-outdoor.example/',
    });
  }

  const keywords: StoredKeyword[] = [];
  const kw = (g: StoredAdGroup, list: [string, KeywordMatchType, number, PerformanceTier?][]) => {
    for (const [text, match_type, quality_score, performance] of list) {
      keywords.push({
        id: ids.digits(11),
        ad_group_id: g.id,
        campaign_id: g.campaign_id,
        text,
        match_type,
        status: g.status === 'REMOVED' ? 'REMOVED' : 'ENABLED',
        cpc_bid: g.cpc_bid,
        quality_score,
        performance: performance ?? g.performance,
        start_date: g.start_date,
      });
    }
  };
  kw(brandCore, [
    ['northwind outdoor', 'EXACT', 10],
    ['northwind outdoor boots', 'PHRASE', 9],
    ['northwind hiking', 'PHRASE', 8],
  ]);
  kw(brandMisspell, [
    ['northwnd outdoor', 'EXACT', 7],
    ['north wind outdoor', 'EXACT', 7],
  ]);
  kw(bootsMen, [
    ['mens hiking boots', 'PHRASE', 7],
    ['hiking boots for men', 'EXACT', 8],
    ['men waterproof hiking boots', 'BROAD', 6, 'poor'],
    ['wide hiking boots', 'PHRASE', 6],
  ]);
  kw(bootsWomen, [
    ['womens hiking boots', 'PHRASE', 8],
    ['hiking boots for women', 'EXACT', 9, 'strong'],
    ['lightweight hiking boots women', 'BROAD', 6],
  ]);
  kw(waterproof, [
    ['waterproof hiking boots', 'PHRASE', 5],
    ['gore tex boots', 'BROAD', 4, 'wasteful'],
  ]);
  kw(trail, [['trail running shoes', 'BROAD', 4]]);
  kw(compBrands, [
    ['merrell hiking boots', 'PHRASE', 3, 'wasteful'],
    ['salomon boots', 'BROAD', 3, 'wasteful'],
    ['keen hiking boots', 'EXACT', 4, 'poor'],
  ]);
  kw(sandals, [
    ['hiking sandals', 'PHRASE', 6, 'new'],
    ['trail sandals', 'BROAD', 5, 'new'],
  ]);

  const negatives: SearchAdsNegativeKeyword[] = [];
  const neg = (c: SearchAdsCampaign, list: [string, KeywordMatchType][], g?: SearchAdsAdGroup) => {
    for (const [text, match_type] of list) negatives.push({ id: ids.digits(11), campaign_id: c.id, ad_group_id: g?.id, text, match_type });
  };
  neg(generic, [
    ['free', 'BROAD'],
    ['used', 'BROAD'],
    ['repair', 'PHRASE'],
    ['jobs', 'BROAD'],
  ]);
  neg(generic, [['women', 'BROAD']], bootsMen);
  neg(
    generic,
    [
      ['men', 'BROAD'],
      ['mens', 'BROAD'],
    ],
    bootsWomen,
  );
  neg(brand, [['northwind airlines', 'PHRASE']]);
  neg(competitor, [
    ['review', 'BROAD'],
    ['outlet', 'BROAD'],
  ]);

  const negativeLists: StoredNegativeList[] = [
    {
      id: ids.digits(10),
      name: 'Account-wide exclusions',
      campaign_ids: [generic.id, competitor.id],
      attached: {},
      keywords: [
        ['diy', 'BROAD'],
        ['jobs', 'BROAD'],
        ['wholesale', 'PHRASE'],
      ].map(([text, match_type]) => ({ id: ids.digits(11), text: text!, match_type: match_type as KeywordMatchType })),
    },
  ];

  const criteria: SearchAdsCampaignCriterion[] = [];
  const locate = (c: SearchAdsCampaign, geoIds: string[]) => {
    for (const geoId of geoIds) {
      criteria.push({
        id: `${c.id}~${geoId}`,
        campaign_id: c.id,
        criterion_id: geoId,
        type: 'LOCATION',
        geo_target_constant: `geoTargetConstants/${geoId}`,
        negative: false,
      });
    }
  };
  locate(brand, ['2840', '2124']);
  locate(generic, ['2840']);
  locate(competitor, ['1023191', '1013962', '1016367']);
  locate(pmax, ['2840', '2124']);
  locate(remarketing, ['2840']);
  locate(prospecting, ['21137', '21180', '21138']);
  locate(shopping, ['2840']);
  locate(video, ['2840']);
  locate(launch, ['21137', '21176', '21142']);
  locate(holiday, ['2840']);

  const createdAt = `${ago(300)}T12:00:00.000Z`;
  const assets: SearchAdsAsset[] = [];
  const callout = (text: string) => {
    const asset: SearchAdsAsset = { id: ids.digits(11), type: 'CALLOUT', callout_text: text, created_at: createdAt };
    assets.push(asset);
    return asset;
  };
  const call = (phone: string, country = 'US') => {
    const asset: SearchAdsAsset = { id: ids.digits(11), type: 'CALL', phone_number: phone, country_code: country, created_at: createdAt };
    assets.push(asset);
    return asset;
  };
  const callouts = ['Free Shipping Over $50', '30-Day Free Returns', 'Expert Fit Advice', 'Waterproof Guarantee'].map(callout);
  const storePhone = call('+1 800-555-0142');
  const supportPhone = call('+1 800-555-0199');
  const canadaPhone = call('+1 888-555-0123', 'CA');
  call('+1 877-555-0110'); // in the library, linked to no campaign
  const links: SearchAdsCampaignAsset[] = [];
  const link = (c: SearchAdsCampaign, a: SearchAdsAsset) =>
    links.push({ id: `${c.id}~${a.id}~${a.type}`, campaign_id: c.id, asset_id: a.id, field_type: a.type, status: 'ENABLED' });
  for (const a of callouts) link(brand, a);
  for (const a of callouts.slice(0, 3)) link(generic, a);
  link(brand, storePhone);
  link(brand, canadaPhone);
  link(generic, storePhone);
  link(competitor, supportPhone);

  const audiences: StoredUserList[] = [
    ...[
      ['Competitor brand searchers', 'People who searched for competing hiking boot brands'],
      ['Thru-hikers', 'Interests: Appalachian Trail, PCT, long-distance hiking gear'],
      ['Trail runners', 'Visitors of trail-running and ultramarathon sites'],
    ].map(([name, description]) => {
      const id = ids.digits(10);
      return { id, type: 'CUSTOM' as const, name: name!, description, resource_name: `customers/${cid}/customAudiences/${id}` };
    }),
    // User lists: remarketing lists of site visitors (RULE_BASED) and a Customer Match list below the 1,000 users Search needs.
    ...(
      [
        ['All visitors (540 days)', 48_000, 'RULE_BASED', 540, 61_000],
        ['Cart abandoners (30 days)', 3_400, 'RULE_BASED', 30, 4_100],
        ['Purchasers (180 days)', 12_500, 'RULE_BASED', 180, 15_800],
        ['Newsletter subscribers', 800, 'CRM_BASED', 10000, 900],
      ] as const
    ).map(([name, size, listType, lifeSpan, displaySize]): StoredUserList => {
      const id = ids.digits(10);
      return {
        id,
        type: 'USER_LIST' as const,
        name,
        size_for_search: size,
        resource_name: `customers/${cid}/userLists/${id}`,
        list_type: listType,
        membership_status: 'OPEN',
        membership_life_span: lifeSpan,
        size_for_display: displaySize,
        eligible_for_search: true,
        ...(listType === 'CRM_BASED' ? { upload_key_type: 'CONTACT_INFO' as const } : {}),
      };
    }),
  ];
  const audienceOf = (segment: SearchAdsAudienceSegment) => ({
    type: segment.type,
    audience_id: segment.id,
    name: segment.name,
    criterion_id: ids.digits(12),
  });
  const hikingBootsInMarket = AUDIENCE_TAXONOMY.find((a) => a.id === '80443')!;
  const outdoorAffinity = AUDIENCE_TAXONOMY.find((a) => a.id === '92001')!;
  bootsMen.audiences = [audienceOf(hikingBootsInMarket)];
  cartAbandoners.audiences = [audienceOf(audiences.find((a) => a.name.startsWith('Cart abandoners'))!)];
  siteVisitors.audiences = [audienceOf(audiences.find((a) => a.name.startsWith('All visitors'))!)];
  outdoorInterests.audiences = [audienceOf(outdoorAffinity), audienceOf(audiences[0]!)];

  const conversionActions = seededConversionActions(() => ids.digits(9));
  // Display: the image library, the parts of the responsive display ads, and display targeting
  // (made last, so the ids above stay as they were before display existed).
  // The images and videos go to the media library that Performance Max and Search images share.
  const images = SEED_IMAGES.map(({ mime_type, file_size, ...image }) => {
    const id = ids.digits(11);
    return {
      id,
      type: 'IMAGE' as const,
      ...image,
      mime_type,
      ...(file_size !== undefined ? { file_size } : {}),
      image_url: `https://tpc.sandbox.example/simgad/${id}`,
    };
  });
  const imageId = (name: string) => images.find((i) => i.name.startsWith(name))!.id;
  for (const ad of ads.filter((a) => a.type === 'RESPONSIVE_DISPLAY_AD')) {
    const parts: DisplayParts = {
      long_headline: 'Trail-tested boots, packs and layers from Northwind Outdoor',
      business_name: 'Northwind Outdoor',
      marketing_image_ids: [imageId('Trail hero'), imageId('Boots lifestyle')],
      square_marketing_image_ids: [imageId('Trail square')],
      logo_image_ids: [],
      square_logo_image_ids: [imageId('Northwind logo 512')],
      call_to_action_text: 'Shop now',
    };
    Object.assign(ad, { display: parts });
  }
  const videos = SEED_VIDEOS.map(({ title, ...video }) => ({
    id: ids.digits(11),
    type: 'YOUTUBE_VIDEO' as const,
    ...video,
    ...(title ? { video_title: title } : {}),
  }));
  const displayCriteria = seedDisplayCriteria({ prospecting: outdoorInterests, cart: cartAbandoners }, () => ids.digits(12));

  const settings: SearchAdsAccountSettings & { id: string } = defaultSettings(account);

  // A shared budget and a portfolio strategy no campaign uses yet, a weekday schedule on the brand
  // campaign, a mobile bid modifier and a labelled ad group (none of them changes a figure).
  const sharedBudgets = [{ id: ids.digits(10), name: 'Shared - Search Evergreen', amount: 150, delivery_method: 'STANDARD' }];
  const strategies = [{ id: ids.digits(10), name: 'Portfolio - Search tCPA 25', type: 'TARGET_CPA', target_cpa: 25, cpc_bid_ceiling: 4 }];
  const weekday = (day: string) => ({
    id: '',
    criterion_id: ids.digits(11),
    campaign_id: brand.id,
    day_of_week: day,
    start_hour: 6,
    start_minute: 'ZERO',
    end_hour: 22,
    end_minute: 'ZERO',
    bid_modifier: 1,
  });
  const schedules = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY']
    .map(weekday)
    .map((s) => ({ ...s, id: `${brand.id}~${s.criterion_id}` }));
  const devices = [{ id: `${generic.id}~30001`, campaign_id: generic.id, criterion_id: '30001', device: 'MOBILE', bid_modifier: 1.2 }];
  const labelLinks = [
    { id: `ad_group~${compBrands.id}~${reviewLabel}`, label_id: reviewLabel!, entity_type: 'ad_group', entity_id: compBrands.id },
  ];

  await Promise.all([
    store.putMany(KIND.settings, [settings]),
    store.putMany(KIND.campaign, campaigns),
    store.putMany(KIND.adGroup, adGroups),
    store.putMany(KIND.ad, ads),
    store.putMany(KIND.keyword, keywords),
    store.putMany(KIND.negativeKeyword, negatives),
    store.putMany(KIND.campaignCriterion, criteria),
    store.putMany(KIND.asset, assets),
    store.putMany(KIND.campaignAsset, links),
    store.putMany(KIND.label, labels),
    store.putMany(KIND.negativeList, negativeLists),
    store.putMany(KIND.audience, audiences),
    store.putMany(KIND.conversionAction, conversionActions),
    store.putMany(KIND.budget, sharedBudgets),
    store.putMany(KIND.strategy, strategies),
    store.putMany(KIND.adSchedule, schedules),
    store.putMany(KIND.device, devices),
    store.putMany(KIND.labelLink, labelLinks),
    seedPmax(store, cid, pmax.id, createdAt),
    store.putMany(PMAX_KIND.mediaAsset, [...images, ...videos]),
    store.putMany(KIND.adGroupCriterion, displayCriteria),
  ]);
  await seedShoppingFamily(store, account, { shoppingCampaignId: shopping.id, shoppingAdGroupId: shoppingGroup.id });
}
