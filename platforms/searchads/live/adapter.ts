import { ToolError } from '../../../core/errors';
import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import type {
  NewSearchAdsAd,
  NewSearchAdsAdGroup,
  NewSearchAdsCampaign,
  NewSearchAdsKeyword,
  NewSearchAdsNegativeKeyword,
  SearchAdsAdPatch,
  SearchAdsBiddingTargets,
  SearchAdsKeywordPatch,
  SearchAdsListNegativeKeyword,
  SearchAdsNegativeKeywordList,
  NewSearchAdsAsset,
  NewSearchAdsCampaignAsset,
  NewSearchAdsCampaignCriterion,
  SearchAdsAccountSettings,
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsAdGroupAudience,
  SearchAdsAsset,
  SearchAdsAssetType,
  SearchAdsAudienceSegment,
  SearchAdsAudienceType,
  SearchAdsCampaign,
  SearchAdsCampaignAsset,
  SearchAdsCampaignCriterion,
  SearchAdsFrequencyCap,
  SearchAdsGeoTarget,
  SearchAdsKeyword,
  SearchAdsLabel,
  SearchAdsLanguage,
  SearchAdsNegativeKeyword,
  SearchAdsNetworkSettings,
  SearchAdsPort,
  SearchAdsReportLevel,
  SearchAdsReportRow,
} from '../port';
import {
  DISPLAY_CRITERION_TYPES,
  type NewSearchAdsAdGroupCriterion,
  type NewSearchAdsDisplayAd,
  type SearchAdsAdGroupCriterion,
  type SearchAdsCriterionType,
  type SearchAdsDisplayAd,
  type SearchAdsDisplayAdPatch,
  type SearchAdsTopic,
} from '../port-display';
import { CRITERION_FIELDS, DISPLAY_AD_FIELDS, criterionTarget, criterionValue } from './display-wire';
import type {
  SearchAdsConversionAction,
  SearchAdsConversionRow,
  SearchAdsKeywordIdea,
  SearchAdsKeywordIdeaRequest,
} from '../port-insights';
import { BiddingLive } from './bidding';
import type {
  NewSearchAdsBiddingStrategy,
  NewSearchAdsLabel,
  NewSearchAdsSharedBudget,
  SearchAdsAdScheduleChange,
  SearchAdsBidModifiers,
  SearchAdsLabelLink,
} from '../port-bidding';
import { SearchAdsApi, fromMicros, idOf, toMicros, type GoogleAdsRow, type RefusedHandler, type SearchAdsCredentials } from './api';
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
} from '../port-audience';
import {
  EXPERIMENT_ARM_QUERY,
  EXPERIMENT_QUERY,
  RECOMMENDATION_QUERY,
  USER_LIST_QUERY,
  changeEventFrom,
  changeEventQuery,
  experimentFrom,
  recommendationFrom,
  userListFrom,
} from './audience';
import { PmaxLive } from './pmax';
import type { SearchAdsPmaxPort } from '../port-pmax';
import type { SearchAdsShoppingPort } from '../port-shopping';
import { SearchAdsShoppingLive } from './shopping';

/**
 * The searchads port over the platform's REST interface: reads are query-language searches
 * (`googleAds:search`), writes are mutates with update masks, figures come from the same search
 * segmented by date. Ids are the platform's (digits, no dashes); money is converted from micros.
 */

const CAMPAIGN_FIELDS = [
  'campaign.id',
  'campaign.name',
  'campaign.advertising_channel_type',
  'campaign.status',
  'campaign.bidding_strategy_type',
  'campaign.start_date_time',
  'campaign.end_date_time',
  'campaign.campaign_budget',
  'campaign_budget.amount_micros',
  'campaign.network_settings.target_google_search',
  'campaign.network_settings.target_search_network',
  'campaign.network_settings.target_content_network',
  'campaign.network_settings.target_partner_search_network',
  'campaign.network_settings.target_youtube',
  'campaign.network_settings.target_google_tv_network',
  'campaign.targeting_setting.target_restrictions',
  'campaign.ai_max_setting.enable_ai_max',
  'campaign.tracking_url_template',
  'campaign.final_url_suffix',
  'campaign.url_custom_parameters',
  'campaign.labels',
  'campaign.frequency_caps',
  'campaign.maximize_conversions.target_cpa_micros',
  'campaign.target_cpa.target_cpa_micros',
  'campaign.maximize_conversion_value.target_roas',
  'campaign.target_roas.target_roas',
];
const NETWORK_KEYS: Record<keyof SearchAdsNetworkSettings, string> = {
  target_google_search: 'targetGoogleSearch',
  target_search_network: 'targetSearchNetwork',
  target_content_network: 'targetContentNetwork',
  target_partner_search_network: 'targetPartnerSearchNetwork',
  target_youtube: 'targetYoutube',
  target_google_tv_network: 'targetGoogleTvNetwork',
};
const AUDIENCE_CRITERION: Record<SearchAdsAudienceType, { type: string; field: string; key: string }> = {
  IN_MARKET: { type: 'USER_INTEREST', field: 'userInterest', key: 'userInterestCategory' },
  AFFINITY: { type: 'USER_INTEREST', field: 'userInterest', key: 'userInterestCategory' },
  CUSTOM: { type: 'CUSTOM_AUDIENCE', field: 'customAudience', key: 'customAudience' },
  USER_LIST: { type: 'USER_LIST', field: 'userList', key: 'userList' },
};
/** Campaign fields no tool of this gateway can change through the platform's public interface. */
const NOT_WRITABLE: Partial<Record<keyof SearchAdsCampaign, string>> = {
  url_expansion_opt_out:
    "URL expansion opt-out is no longer a campaign field of the platform's public interface (it moved to asset automation settings)",
  label_ids: 'labels are applied with their own operations',
  type: "a campaign's type cannot change",
};
const digitsOnly = /^\d{1,19}$/;
const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];
/** The platform's "runs indefinitely" end date of older campaigns. */
const OPEN_END = '2037-12-30';

export class SearchAdsLive implements SearchAdsPort {
  private api?: Promise<SearchAdsApi>;
  private readonly cid: string;
  private segments?: Promise<SearchAdsAudienceSegment[]>;
  /** Labels, shared budgets, portfolios, schedules and bid modifiers (bidding.ts). */
  private readonly bidding = new BiddingLive({
    search: (query) => this.search(query),
    mutate: (resource, operations) => this.mutate(resource, operations),
    rn: (collection, id) => this.rn(collection, id),
    adGroupOfAd: async (adId) => (await this.getAd(adId)).ad_group_id,
  });

  /** `refused` decides what a refused credential means; by default the connection is marked broken (400 connection_broken). */
  constructor(
    private readonly account: ConnectedAccount,
    private readonly call: PortCall,
    private readonly refused: RefusedHandler = (reason, fix) => connectionBroken(account, reason, fix),
  ) {
    this.cid = account.account_id;
    this.validatesOnly = call.validateOnly === true;
    this.channels = new SearchAdsShoppingLive({
      cid: this.cid,
      search: (query) => this.search(query),
      mutate: (resource, operations) => this.mutate(resource, operations),
      customerMethod: (method, body, capable) => this.customerMethod(method, body, capable),
      rn: (collection, id) => this.rn(collection, id),
      getCampaign: (id) => this.getCampaign(id),
      createCampaign: (campaign, channelWire, defaultStrategy) => this.createCampaign(campaign, channelWire, defaultStrategy),
      getAdGroup: (id) => this.getAdGroup(id),
      notFound: (kind, id) => this.notFound(kind, id),
    });
  }

  /** Shopping, App, Demand Gen and video campaigns (live/shopping.ts). */
  private readonly channels: SearchAdsShoppingLive;
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

  /**
   * A customer method that is not a mutate. On a dry run a method that takes `validateOnly` is
   * checked by the platform; one that does not is skipped (counted) and answers undefined.
   */
  private async customerMethod(
    method: string,
    body: Record<string, unknown>,
    validateOnlyCapable: boolean,
  ): Promise<Record<string, unknown> | undefined> {
    if (this.validatesOnly) {
      if (!validateOnlyCapable) {
        this.validation.skipped += 1;
        return undefined;
      }
      try {
        await (await this.client()).customerMethod(this.cid, method, { ...body, validateOnly: true });
      } catch (err) {
        this.validation.refused = (err as Error).message;
        throw err;
      }
      this.validation.checked += 1;
      return undefined;
    }
    return (await this.client()).customerMethod(this.cid, method, body);
  }

  /** The API client with this account's credentials (loaded and decrypted once per port). */
  private client(): Promise<SearchAdsApi> {
    this.api ??= credentialsOf<SearchAdsCredentials>(this.account).then(
      (credentials) => new SearchAdsApi(credentials, this.account.upstream?.login_customer_id, this.call, this.refused),
    );
    return this.api;
  }

  private async search(query: string): Promise<GoogleAdsRow[]> {
    const rows = await (await this.client()).search(this.cid, query);
    await connectionHealthy(this.account);
    return rows;
  }

  /**
   * Opened with `call.validateOnly` (a dry run), every mutate is sent with validateOnly: the platform
   * checks it and changes nothing. The entities a checked create would make get placeholder names
   * (`.../-1`, as the platform's temporary ids); a later request naming one cannot be checked and is
   * skipped (counted in validationSummary).
   */
  readonly validatesOnly: boolean;
  private readonly validation: { checked: number; skipped: number; refused?: string } = { checked: 0, skipped: 0 };

  validationSummary(): { checked: number; skipped: number; refused?: string } {
    return { ...this.validation };
  }

  private async mutate(resource: string, operations: object[]): Promise<string[]> {
    if (!operations.length) return [];
    if (this.validatesOnly) {
      const placeholders = operations.map((_op, i) => this.rn(resource, `-${i + 1}`));
      if (/\/-\d+\b/.test(JSON.stringify(operations))) this.validation.skipped += 1;
      else {
        try {
          await (await this.client()).mutate(this.cid, resource, operations, true);
        } catch (err) {
          this.validation.refused = (err as Error).message;
          throw err;
        }
        this.validation.checked += 1;
      }
      return placeholders;
    }
    const results = await (await this.client()).mutate(this.cid, resource, operations);
    return results.map((r) => r.resourceName);
  }

  /** One atomic `googleAds:mutate` of several resources' operations (validate-only in a dry run, like `mutate`). */
  private async mutateAll(operations: object[]): Promise<string[]> {
    if (!operations.length) return [];
    if (this.validatesOnly) {
      const placeholders = operations.map((op, i) => {
        const name = JSON.stringify(op).match(/"resourceName":"([^"]+[/~]-\d+)"/)?.[1];
        return name ?? this.rn('operations', `-${i + 1}`);
      });
      // Temporary ids inside one request are the platform's own: the request can be checked as a whole.
      try {
        await (await this.client()).mutateAll(this.cid, operations, true);
      } catch (err) {
        this.validation.refused = (err as Error).message;
        throw err;
      }
      this.validation.checked += 1;
      return placeholders;
    }
    return (await this.client()).mutateAll(this.cid, operations);
  }

  /** Performance Max (live/pmax.ts). */
  private pmaxLive?: PmaxLive;
  private get pmax(): PmaxLive {
    return (this.pmaxLive ??= new PmaxLive({
      cid: this.cid,
      search: (query) => this.search(query),
      mutate: (resource, operations) => this.mutate(resource, operations),
      mutateAll: (operations) => this.mutateAll(operations),
      rn: (collection, id) => this.rn(collection, id),
      notFound: (kind, id) => this.notFound(kind, id),
      segments: () => this.listAudienceSegments(),
    }));
  }
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

  private notFound(kind: string, id: string): ToolError {
    return new ToolError(
      `No ${kind} with id "${id}" exists in searchads account ${this.cid}. Check the id with the platform's list tools.`,
      { code: 'not_found' },
    );
  }

  private rn(collection: string, id: string): string {
    return `customers/${this.cid}/${collection}/${id}`;
  }

  async getAccountSettings(): Promise<SearchAdsAccountSettings> {
    const [row] = await this.search(
      'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone FROM customer',
    );
    const c = row?.customer ?? {};
    return {
      id: 'account',
      customer_id: String(c.id ?? this.cid),
      descriptive_name: c.descriptiveName ?? '',
      currency_code: c.currencyCode ?? this.account.currency,
      time_zone: c.timeZone ?? this.account.time_zone,
    };
  }

  // Campaigns.

  async listCampaigns(): Promise<SearchAdsCampaign[]> {
    return this.readCampaigns();
  }

  async getCampaign(campaignId: string): Promise<SearchAdsCampaign> {
    if (!digitsOnly.test(campaignId)) throw this.notFound('campaign', campaignId);
    const [campaign] = await this.readCampaigns(campaignId);
    if (!campaign) throw this.notFound('campaign', campaignId);
    return campaign;
  }

  private async readCampaigns(campaignId?: string): Promise<SearchAdsCampaign[]> {
    const where = campaignId ? ` WHERE campaign.id = ${campaignId}` : '';
    const [rows, languages] = await Promise.all([
      this.search(`SELECT ${CAMPAIGN_FIELDS.join(', ')} FROM campaign${where}`),
      this.search(
        `SELECT campaign.id, campaign_criterion.criterion_id, campaign_criterion.language.language_constant FROM campaign_criterion WHERE campaign_criterion.type = 'LANGUAGE'${campaignId ? ` AND campaign.id = ${campaignId}` : ''}`,
      ),
    ]);
    return rows.map((row) =>
      campaignFrom(
        row,
        languages
          .filter((l) => String(l.campaign.id) === String(row.campaign.id))
          .map((l) => idOf(l.campaignCriterion.language.languageConstant)),
      ),
    );
  }

  async updateCampaign(
    campaignId: string,
    patch: Partial<Omit<SearchAdsCampaign, 'id'>>,
    expect?: Partial<SearchAdsCampaign>,
  ): Promise<SearchAdsCampaign> {
    const current = await this.getCampaign(campaignId);
    checkExpected('campaign', campaignId, current, expect);
    for (const [field, why] of Object.entries(NOT_WRITABLE)) {
      if (field in patch) throw liveNotSupported(`\`${field}\` cannot be changed on live searchads accounts: ${why}.`);
    }
    if (patch.budget_amount !== undefined) {
      // The budget is its own resource (possibly shared by several campaigns); its amount is set there.
      const [row] = await this.search(`SELECT campaign.campaign_budget FROM campaign WHERE campaign.id = ${campaignId}`);
      await this.mutate('campaignBudgets', [
        { update: { resourceName: row!.campaign.campaignBudget, amountMicros: toMicros(patch.budget_amount) }, updateMask: 'amountMicros' },
      ]);
    }
    const update: Record<string, unknown> = { resourceName: this.rn('campaigns', campaignId) };
    const mask: string[] = [];
    const set = (path: string, value: unknown) => {
      mask.push(path);
      if (value !== undefined) setPath(update, path, value);
    };
    if (patch.name !== undefined) set('name', patch.name);
    if (patch.status !== undefined) set('status', patch.status);
    if (patch.network_settings) {
      for (const [key, wire] of Object.entries(NETWORK_KEYS) as [keyof SearchAdsNetworkSettings, string][]) {
        if (patch.network_settings[key] !== current.network_settings?.[key]) set(`networkSettings.${wire}`, patch.network_settings[key]);
      }
    }
    if (patch.audience_targeting_mode !== undefined) {
      set('targetingSetting.targetRestrictions', [
        { targetingDimension: 'AUDIENCE', bidOnly: patch.audience_targeting_mode === 'OBSERVATION' },
      ]);
    }
    if ('ai_max_enabled' in patch) set('aiMaxSetting.enableAiMax', patch.ai_max_enabled ?? false);
    if ('tracking_url_template' in patch) set('trackingUrlTemplate', patch.tracking_url_template);
    if ('final_url_suffix' in patch) set('finalUrlSuffix', patch.final_url_suffix);
    if ('url_custom_parameters' in patch) set('urlCustomParameters', patch.url_custom_parameters ?? []);
    if (patch.bidding_strategy !== undefined || 'bidding_targets' in patch) {
      const wire = biddingWire(patch.bidding_strategy ?? current.bidding_strategy ?? '', patch.bidding_targets ?? {});
      const [field, body] = Object.entries(wire)[0]!;
      if (Object.keys(body).length) for (const [key, value] of Object.entries(body)) set(`${field}.${key}`, value);
      else set(field, {});
    }
    if (patch.frequency_caps !== undefined) {
      set(
        'frequencyCaps',
        patch.frequency_caps.map((f) => ({
          key: { level: f.level, eventType: f.event_type, timeUnit: f.time_unit, timeLength: f.time_length },
          cap: f.cap,
        })),
      );
    }
    if (patch.start_date !== undefined) set('startDateTime', `${patch.start_date} 00:00:00`);
    if ('end_date' in patch) set('endDateTime', patch.end_date === undefined ? undefined : `${patch.end_date} 23:59:59`);
    if (mask.length) await this.mutate('campaigns', [{ update, updateMask: mask.join(',') }]);
    if (patch.language_ids) {
      const languages = await this.search(
        `SELECT campaign_criterion.criterion_id, campaign_criterion.language.language_constant FROM campaign_criterion WHERE campaign_criterion.type = 'LANGUAGE' AND campaign.id = ${campaignId}`,
      );
      const have = languages.map((l) => ({
        id: idOf(l.campaignCriterion.language.languageConstant),
        criterion: String(l.campaignCriterion.criterionId),
      }));
      await this.mutate('campaignCriteria', [
        ...have
          .filter((h) => !patch.language_ids!.includes(h.id))
          .map((h) => ({ remove: this.rn('campaignCriteria', `${campaignId}~${h.criterion}`) })),
        ...patch.language_ids
          .filter((id) => !have.some((h) => h.id === id))
          .map((id) => ({
            create: { campaign: this.rn('campaigns', campaignId), language: { languageConstant: `languageConstants/${id}` } },
          })),
      ]);
    }
    return this.getCampaign(campaignId);
  }

  /**
   * Creates the campaign with its own budget and its languages. `channelWire` adds the fields of a
   * channel type (shopping or app settings; live/shopping.ts); `defaultStrategy` applies when the
   * campaign names no bidding strategy.
   */
  async createCampaign(
    campaign: NewSearchAdsCampaign,
    channelWire: Record<string, unknown> = {},
    defaultStrategy = 'MAXIMIZE_CLICKS',
  ): Promise<SearchAdsCampaign> {
    const [budget] = await this.mutate('campaignBudgets', [
      {
        create: {
          name: `${campaign.name} budget ${Date.now()}`,
          amountMicros: toMicros(campaign.budget_amount),
          deliveryMethod: 'STANDARD',
          explicitlyShared: false,
        },
      },
    ]);
    const network = campaign.network_settings;
    const [created] = await this.mutate('campaigns', [
      {
        create: {
          name: campaign.name,
          status: campaign.status,
          advertisingChannelType: campaign.type,
          campaignBudget: budget,
          containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
          // Performance Max campaigns take no network settings (they serve on every network).
          ...(network && campaign.type !== 'PERFORMANCE_MAX'
            ? {
                networkSettings: Object.fromEntries(
                  Object.entries(NETWORK_KEYS).map(([key, wire]) => [wire, network[key as keyof SearchAdsNetworkSettings]]),
                ),
              }
            : {}),
          ...biddingWire(campaign.bidding_strategy ?? defaultStrategy, campaign.bidding_targets),
          startDateTime: `${campaign.start_date} 00:00:00`,
          ...(campaign.end_date ? { endDateTime: `${campaign.end_date} 23:59:59` } : {}),
          ...(campaign.final_url_suffix ? { finalUrlSuffix: campaign.final_url_suffix } : {}),
          ...channelWire,
        },
      },
    ]);
    const campaignId = idOf(created!);
    if (campaign.language_ids?.length) {
      await this.mutate(
        'campaignCriteria',
        campaign.language_ids.map((id) => ({ create: { campaign: created, language: { languageConstant: `languageConstants/${id}` } } })),
      );
    }
    // A checked (validate-only) create names a placeholder the platform never made: answer the campaign as asked.
    if (campaignId.startsWith('-')) return { ...campaign, id: campaignId };
    return this.getCampaign(campaignId);
  }

  async createAdGroup(group: NewSearchAdsAdGroup): Promise<SearchAdsAdGroup> {
    const [created] = await this.mutate('adGroups', [
      {
        create: {
          campaign: this.rn('campaigns', group.campaign_id),
          name: group.name,
          status: group.status,
          type: group.type,
          cpcBidMicros: toMicros(group.cpc_bid),
        },
      },
    ]);
    return this.getAdGroup(idOf(created!));
  }

  // Ad groups.

  async listAdGroups(campaignId?: string): Promise<SearchAdsAdGroup[]> {
    return this.readAdGroups(campaignId ? `campaign.id = ${campaignId}` : undefined);
  }

  async getAdGroup(adGroupId: string): Promise<SearchAdsAdGroup> {
    if (!digitsOnly.test(adGroupId)) throw this.notFound('ad group', adGroupId);
    const [group] = await this.readAdGroups(`ad_group.id = ${adGroupId}`);
    if (!group) throw this.notFound('ad group', adGroupId);
    return group;
  }

  private async readAdGroups(condition?: string): Promise<SearchAdsAdGroup[]> {
    const where = condition ? ` WHERE ${condition}` : '';
    const [rows, criteria] = await Promise.all([
      this.search(
        `SELECT ad_group.id, ad_group.name, ad_group.status, ad_group.type, ad_group.cpc_bid_micros, campaign.id FROM ad_group${where}`,
      ),
      this.search(
        'SELECT ad_group.id, ad_group_criterion.criterion_id, ad_group_criterion.type, ad_group_criterion.user_interest.user_interest_category, ' +
          'ad_group_criterion.custom_audience.custom_audience, ad_group_criterion.user_list.user_list FROM ad_group_criterion ' +
          `WHERE ad_group_criterion.type IN ('USER_INTEREST', 'CUSTOM_AUDIENCE', 'USER_LIST') AND ad_group_criterion.status != 'REMOVED' AND ad_group_criterion.negative = FALSE${condition ? ` AND ${condition}` : ''}`,
      ),
    ]);
    const segments = criteria.length ? await this.listAudienceSegments() : [];
    return rows.map((row) => ({
      id: String(row.adGroup.id),
      campaign_id: String(row.campaign.id),
      name: row.adGroup.name,
      status: row.adGroup.status,
      type: row.adGroup.type,
      cpc_bid: fromMicros(row.adGroup.cpcBidMicros),
      audiences: criteria.filter((c) => String(c.adGroup.id) === String(row.adGroup.id)).map((c) => audienceFrom(c, segments)),
    }));
  }

  async updateAdGroup(
    adGroupId: string,
    patch: Partial<Omit<SearchAdsAdGroup, 'id' | 'audiences'>>,
    expect?: Partial<SearchAdsAdGroup>,
  ): Promise<SearchAdsAdGroup> {
    const current = await this.getAdGroup(adGroupId);
    checkExpected('ad group', adGroupId, current, expect);
    if ('campaign_id' in patch || 'type' in patch) throw liveNotSupported("An ad group's campaign and type cannot change.");
    const update: Record<string, unknown> = { resourceName: this.rn('adGroups', adGroupId) };
    const mask: string[] = [];
    if (patch.name !== undefined) {
      update.name = patch.name;
      mask.push('name');
    }
    if (patch.status !== undefined) {
      update.status = patch.status;
      mask.push('status');
    }
    if (patch.cpc_bid !== undefined) {
      update.cpcBidMicros = toMicros(patch.cpc_bid);
      mask.push('cpcBidMicros');
    }
    if (mask.length) await this.mutate('adGroups', [{ update, updateMask: mask.join(',') }]);
    return this.getAdGroup(adGroupId);
  }

  async addAdGroupAudiences(
    adGroupId: string,
    audiences: Omit<SearchAdsAdGroupAudience, 'criterion_id'>[],
  ): Promise<SearchAdsAdGroupAudience[]> {
    const segments = await this.listAudienceSegments();
    const names = await this.mutate(
      'adGroupCriteria',
      audiences.map((a) => {
        const kind = AUDIENCE_CRITERION[a.type];
        const segment = segments.find((s) => s.id === a.audience_id && s.type === a.type);
        if (!segment)
          throw new ToolError(`Audience segment ${a.audience_id} (${a.type}) is not available to searchads account ${this.cid}.`, {
            code: 'not_found',
          });
        const target = a.type === 'IN_MARKET' || a.type === 'AFFINITY' ? this.rn('userInterests', a.audience_id) : segment.resource_name;
        return { create: { adGroup: this.rn('adGroups', adGroupId), status: 'ENABLED', [kind.field]: { [kind.key]: target } } };
      }),
    );
    return audiences.map((a, i) => ({ ...a, criterion_id: idOf(names[i]!).split('~')[1]! }));
  }

  // Ads and keywords.

  async listAds(campaignId?: string): Promise<SearchAdsAd[]> {
    return this.readAds(campaignId ? `campaign.id = ${campaignId}` : undefined);
  }

  async getAd(adId: string): Promise<SearchAdsAd> {
    if (!digitsOnly.test(adId)) throw this.notFound('ad', adId);
    const [ad] = await this.readAds(`ad_group_ad.ad.id = ${adId}`);
    if (!ad) throw this.notFound('ad', adId);
    return ad;
  }

  private async readAds(condition?: string): Promise<SearchAdsAd[]> {
    const rows = await this.search(
      'SELECT ad_group_ad.ad.id, ad_group_ad.ad.type, ad_group_ad.status, ad_group_ad.ad.final_urls, ad_group_ad.ad.responsive_search_ad.headlines, ' +
        'ad_group_ad.ad.responsive_search_ad.descriptions, ad_group_ad.ad.responsive_search_ad.path1, ad_group_ad.ad.responsive_search_ad.path2, ' +
        'ad_group_ad.ad.responsive_display_ad.headlines, ad_group_ad.ad.responsive_display_ad.descriptions, ad_group.id, campaign.id FROM ad_group_ad' +
        (condition ? ` WHERE ${condition}` : ''),
    );
    return rows.map((row) => {
      const ad = row.adGroupAd.ad;
      const copy = ad.responsiveSearchAd ?? ad.responsiveDisplayAd ?? {};
      const texts = (list?: { text: string }[]) => (list ?? []).map((t) => t.text);
      return {
        id: String(ad.id),
        ad_group_id: String(row.adGroup.id),
        campaign_id: String(row.campaign.id),
        type: ad.type,
        status: row.adGroupAd.status,
        headlines: texts(copy.headlines),
        descriptions: texts(copy.descriptions),
        final_url: ad.finalUrls?.[0] ?? '',
        ...(copy.path1 ? { path1: copy.path1 } : {}),
        ...(copy.path2 ? { path2: copy.path2 } : {}),
      };
    });
  }

  async createAds(ads: NewSearchAdsAd[]): Promise<SearchAdsAd[]> {
    const names = await this.mutate(
      'adGroupAds',
      ads.map((ad) => {
        if (ad.type !== 'RESPONSIVE_SEARCH_AD') throw liveNotSupported(`Creating ${ad.type} ads is not supported yet.`);
        return {
          create: {
            adGroup: this.rn('adGroups', ad.ad_group_id),
            status: ad.status,
            ad: {
              finalUrls: [ad.final_url],
              responsiveSearchAd: {
                headlines: ad.headlines.map((text) => ({ text })),
                descriptions: ad.descriptions.map((text) => ({ text })),
                ...(ad.path1 ? { path1: ad.path1 } : {}),
                ...(ad.path2 ? { path2: ad.path2 } : {}),
              },
            },
          },
        };
      }),
    );
    return Promise.all(names.map((name) => this.getAd(idOf(name).split('~')[1]!)));
  }

  async updateAd(adId: string, patch: SearchAdsAdPatch, expect?: Partial<SearchAdsAd>): Promise<SearchAdsAd> {
    const current = await this.getAd(adId);
    checkExpected('ad', adId, current, expect);
    if (patch.status !== undefined) {
      await this.mutate('adGroupAds', [
        { update: { resourceName: this.rn('adGroupAds', `${current.ad_group_id}~${adId}`), status: patch.status }, updateMask: 'status' },
      ]);
    }
    const copy = current.type === 'RESPONSIVE_DISPLAY_AD' ? 'responsiveDisplayAd' : 'responsiveSearchAd';
    const update: Record<string, unknown> = { resourceName: this.rn('ads', adId) };
    const mask: string[] = [];
    const set = (path: string, value: unknown) => {
      mask.push(path);
      if (value !== undefined) setPath(update, path, value);
    };
    if (patch.headlines)
      set(
        `${copy}.headlines`,
        patch.headlines.map((text) => ({ text })),
      );
    if (patch.descriptions)
      set(
        `${copy}.descriptions`,
        patch.descriptions.map((text) => ({ text })),
      );
    if ('path1' in patch) set(`${copy}.path1`, patch.path1);
    if ('path2' in patch) set(`${copy}.path2`, patch.path2);
    if (patch.final_url !== undefined) set('finalUrls', [patch.final_url]);
    if (mask.length) await this.mutate('ads', [{ update, updateMask: mask.join(',') }]);
    return this.getAd(adId);
  }

  private keywordCriteria(campaignId?: string): Promise<GoogleAdsRow[]> {
    return this.search(
      'SELECT ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ad_group_criterion.status, ' +
        'ad_group_criterion.negative, ad_group_criterion.cpc_bid_micros, ad_group_criterion.quality_info.quality_score, ad_group.id, campaign.id ' +
        `FROM ad_group_criterion WHERE ad_group_criterion.type = 'KEYWORD'${campaignId ? ` AND campaign.id = ${campaignId}` : ''}`,
    );
  }

  async listKeywords(campaignId?: string): Promise<SearchAdsKeyword[]> {
    return (await this.keywordCriteria(campaignId)).filter((row) => !row.adGroupCriterion.negative).map((row) => keywordFrom(row));
  }

  async getKeyword(keywordId: string): Promise<SearchAdsKeyword> {
    const [adGroupId, criterionId] = keywordId.split('~');
    if (!adGroupId || !criterionId || !digitsOnly.test(adGroupId) || !digitsOnly.test(criterionId))
      throw this.notFound('keyword', keywordId);
    const keyword = (await this.listKeywordsWhere(`ad_group.id = ${adGroupId} AND ad_group_criterion.criterion_id = ${criterionId}`))[0];
    if (!keyword) throw this.notFound('keyword', keywordId);
    return keyword;
  }

  private async listKeywordsWhere(condition: string): Promise<SearchAdsKeyword[]> {
    const rows = await this.search(
      'SELECT ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ad_group_criterion.status, ' +
        'ad_group_criterion.negative, ad_group_criterion.cpc_bid_micros, ad_group_criterion.quality_info.quality_score, ad_group.id, campaign.id ' +
        `FROM ad_group_criterion WHERE ad_group_criterion.type = 'KEYWORD' AND ad_group_criterion.negative = FALSE AND ${condition}`,
    );
    return rows.map((row) => keywordFrom(row));
  }

  async addKeywords(keywords: NewSearchAdsKeyword[]): Promise<SearchAdsKeyword[]> {
    const names = await this.mutate(
      'adGroupCriteria',
      keywords.map((k) => ({
        create: {
          adGroup: this.rn('adGroups', k.ad_group_id),
          status: k.status,
          keyword: { text: k.text, matchType: k.match_type },
          ...(k.cpc_bid !== undefined ? { cpcBidMicros: toMicros(k.cpc_bid) } : {}),
        },
      })),
    );
    return Promise.all(names.map((name) => this.getKeyword(idOf(name))));
  }

  async updateKeyword(keywordId: string, patch: SearchAdsKeywordPatch, expect?: Partial<SearchAdsKeyword>): Promise<SearchAdsKeyword> {
    const current = await this.getKeyword(keywordId);
    checkExpected('keyword', keywordId, current, expect);
    const resourceName = this.rn('adGroupCriteria', keywordId);
    if (patch.status === 'REMOVED') {
      await this.mutate('adGroupCriteria', [{ remove: resourceName }]);
      return { ...current, status: 'REMOVED' };
    }
    const update: Record<string, unknown> = { resourceName };
    const mask: string[] = [];
    if (patch.status !== undefined) {
      update.status = patch.status;
      mask.push('status');
    }
    if ('cpc_bid' in patch) {
      mask.push('cpcBidMicros');
      if (patch.cpc_bid !== undefined) update.cpcBidMicros = toMicros(patch.cpc_bid);
    }
    if (mask.length) await this.mutate('adGroupCriteria', [{ update, updateMask: mask.join(',') }]);
    return this.getKeyword(keywordId);
  }

  async addNegativeKeywords(negatives: NewSearchAdsNegativeKeyword[]): Promise<SearchAdsNegativeKeyword[]> {
    const groupLevel = negatives.filter((n) => n.ad_group_id);
    const campaignLevel = negatives.filter((n) => !n.ad_group_id);
    const [groupNames, campaignNames] = await Promise.all([
      this.mutate(
        'adGroupCriteria',
        groupLevel.map((n) => ({
          create: { adGroup: this.rn('adGroups', n.ad_group_id!), negative: true, keyword: { text: n.text, matchType: n.match_type } },
        })),
      ),
      this.mutate(
        'campaignCriteria',
        campaignLevel.map((n) => ({
          create: { campaign: this.rn('campaigns', n.campaign_id), negative: true, keyword: { text: n.text, matchType: n.match_type } },
        })),
      ),
    ]);
    const idFor = (n: NewSearchAdsNegativeKeyword) =>
      n.ad_group_id
        ? idOf(groupNames[groupLevel.indexOf(n)]!).split('~')[1]!
        : idOf(campaignNames[campaignLevel.indexOf(n)]!).split('~')[1]!;
    return negatives.map((n) => ({ ...n, id: idFor(n) }));
  }

  async removeNegativeKeywords(negatives: SearchAdsNegativeKeyword[]): Promise<void> {
    await Promise.all([
      this.mutate(
        'adGroupCriteria',
        negatives.filter((n) => n.ad_group_id).map((n) => ({ remove: this.rn('adGroupCriteria', `${n.ad_group_id}~${n.id}`) })),
      ),
      this.mutate(
        'campaignCriteria',
        negatives.filter((n) => !n.ad_group_id).map((n) => ({ remove: this.rn('campaignCriteria', `${n.campaign_id}~${n.id}`) })),
      ),
    ]);
  }

  async listNegativeKeywords(campaignId?: string): Promise<SearchAdsNegativeKeyword[]> {
    const [groupLevel, campaignLevel] = await Promise.all([
      this.keywordCriteria(campaignId),
      this.search(
        'SELECT campaign_criterion.criterion_id, campaign_criterion.keyword.text, campaign_criterion.keyword.match_type, campaign.id FROM campaign_criterion ' +
          `WHERE campaign_criterion.type = 'KEYWORD' AND campaign_criterion.negative = TRUE${campaignId ? ` AND campaign.id = ${campaignId}` : ''}`,
      ),
    ]);
    return [
      ...campaignLevel.map((row) => ({
        id: String(row.campaignCriterion.criterionId),
        campaign_id: String(row.campaign.id),
        text: row.campaignCriterion.keyword.text,
        match_type: row.campaignCriterion.keyword.matchType,
      })),
      ...groupLevel
        .filter((row) => row.adGroupCriterion.negative)
        .map((row) => ({
          id: String(row.adGroupCriterion.criterionId),
          campaign_id: String(row.campaign.id),
          ad_group_id: String(row.adGroup.id),
          text: row.adGroupCriterion.keyword.text,
          match_type: row.adGroupCriterion.keyword.matchType,
        })),
    ];
  }

  // Shared negative keyword lists (shared sets of type NEGATIVE_KEYWORDS).

  async listNegativeKeywordLists(): Promise<SearchAdsNegativeKeywordList[]> {
    const [sets, criteria, links] = await Promise.all([
      this.search(
        "SELECT shared_set.id, shared_set.name FROM shared_set WHERE shared_set.type = 'NEGATIVE_KEYWORDS' AND shared_set.status = 'ENABLED'",
      ),
      this.search(
        "SELECT shared_set.id, shared_criterion.criterion_id, shared_criterion.keyword.text, shared_criterion.keyword.match_type FROM shared_criterion WHERE shared_criterion.type = 'KEYWORD'",
      ),
      this.search("SELECT campaign.id, shared_set.id FROM campaign_shared_set WHERE campaign_shared_set.status = 'ENABLED'"),
    ]);
    return sets.map((row) => {
      const id = String(row.sharedSet.id);
      return {
        id,
        name: row.sharedSet.name,
        keywords: criteria
          .filter((c) => String(c.sharedSet.id) === id)
          .map((c) => ({
            id: String(c.sharedCriterion.criterionId),
            text: c.sharedCriterion.keyword.text,
            match_type: c.sharedCriterion.keyword.matchType,
          })),
        campaign_ids: links.filter((l) => String(l.sharedSet.id) === id).map((l) => String(l.campaign.id)),
      };
    });
  }

  async createNegativeKeywordList(name: string): Promise<SearchAdsNegativeKeywordList> {
    const [created] = await this.mutate('sharedSets', [{ create: { name, type: 'NEGATIVE_KEYWORDS' } }]);
    return { id: idOf(created!), name, keywords: [], campaign_ids: [] };
  }

  async addListNegativeKeywords(
    listId: string,
    keywords: Omit<SearchAdsListNegativeKeyword, 'id'>[],
  ): Promise<SearchAdsListNegativeKeyword[]> {
    const names = await this.mutate(
      'sharedCriteria',
      keywords.map((k) => ({ create: { sharedSet: this.rn('sharedSets', listId), keyword: { text: k.text, matchType: k.match_type } } })),
    );
    return keywords.map((k, i) => ({ ...k, id: idOf(names[i]!).split('~')[1]! }));
  }

  async removeListNegativeKeywords(listId: string, keywordIds: string[]): Promise<void> {
    await this.mutate(
      'sharedCriteria',
      keywordIds.map((id) => ({ remove: this.rn('sharedCriteria', `${listId}~${id}`) })),
    );
  }

  async attachNegativeKeywordList(listId: string, campaignIds: string[]): Promise<void> {
    await this.mutate(
      'campaignSharedSets',
      campaignIds.map((id) => ({ create: { campaign: this.rn('campaigns', id), sharedSet: this.rn('sharedSets', listId) } })),
    );
  }

  async detachNegativeKeywordList(listId: string, campaignIds: string[]): Promise<void> {
    await this.mutate(
      'campaignSharedSets',
      campaignIds.map((id) => ({ remove: this.rn('campaignSharedSets', `${id}~${listId}`) })),
    );
  }

  // Locations.

  async listCampaignCriteria(campaignId: string): Promise<SearchAdsCampaignCriterion[]> {
    if (!digitsOnly.test(campaignId)) throw this.notFound('campaign', campaignId);
    const rows = await this.search(
      'SELECT campaign_criterion.criterion_id, campaign_criterion.location.geo_target_constant, campaign_criterion.negative, campaign_criterion.bid_modifier, campaign.id FROM campaign_criterion ' +
        `WHERE campaign_criterion.type = 'LOCATION' AND campaign.id = ${campaignId}`,
    );
    return rows.map((row) => {
      const criterionId = String(row.campaignCriterion.criterionId);
      return {
        id: `${campaignId}~${criterionId}`,
        campaign_id: campaignId,
        criterion_id: criterionId,
        type: 'LOCATION',
        geo_target_constant: row.campaignCriterion.location.geoTargetConstant,
        negative: Boolean(row.campaignCriterion.negative),
        ...(row.campaignCriterion.bidModifier !== undefined ? { bid_modifier: Number(row.campaignCriterion.bidModifier) } : {}),
      };
    });
  }

  async addCampaignCriteria(criteria: NewSearchAdsCampaignCriterion[]): Promise<SearchAdsCampaignCriterion[]> {
    const names = await this.mutate(
      'campaignCriteria',
      criteria.map((c) => ({
        create: {
          campaign: this.rn('campaigns', c.campaign_id),
          negative: c.negative,
          location: { geoTargetConstant: c.geo_target_constant },
        },
      })),
    );
    return criteria.map((c, i) => {
      const key = idOf(names[i]!);
      return { ...c, id: key, criterion_id: key.split('~')[1]! };
    });
  }

  async removeCampaignCriteria(criterionKeys: string[]): Promise<void> {
    await this.mutate(
      'campaignCriteria',
      criterionKeys.map((key) => ({ remove: this.rn('campaignCriteria', key) })),
    );
  }

  // Assets.

  async listAssets(type?: SearchAdsAssetType): Promise<SearchAdsAsset[]> {
    const types = (type ? [type] : ASSET_TYPES).map((t) => `'${WIRE_ASSET_TYPE[t]}'`).join(', ');
    const rows = await this.search(
      'SELECT asset.id, asset.type, asset.final_urls, asset.callout_asset.callout_text, asset.call_asset.phone_number, asset.call_asset.country_code, ' +
        'asset.sitelink_asset.link_text, asset.sitelink_asset.description1, asset.sitelink_asset.description2, asset.structured_snippet_asset.header, ' +
        `asset.structured_snippet_asset.values, asset.text_asset.text FROM asset WHERE asset.type IN (${types})`,
    );
    return rows.map((row) => assetFrom(row.asset)).filter((a) => !type || a.type === type);
  }

  async createAssets(assets: NewSearchAdsAsset[]): Promise<SearchAdsAsset[]> {
    const names = await this.mutate(
      'assets',
      assets.map((a) => ({ create: assetWire(a) })),
    );
    return assets.map((a, i) => ({ ...a, id: idOf(names[i]!) }));
  }

  async listCampaignAssets(campaignId?: string): Promise<SearchAdsCampaignAsset[]> {
    const rows = await this.search(
      'SELECT campaign_asset.campaign, campaign_asset.asset, campaign_asset.field_type, campaign_asset.status FROM campaign_asset ' +
        `WHERE campaign_asset.field_type IN (${[...ASSET_TYPES, 'AD_IMAGE', 'BUSINESS_LOGO'].map((t) => `'${t}'`).join(', ')}) AND campaign_asset.status = 'ENABLED'${campaignId ? ` AND campaign.id = ${campaignId}` : ''}`,
    );
    return rows.map((row) => {
      const link = row.campaignAsset;
      const [campaign_id, asset_id] = [idOf(link.campaign), idOf(link.asset)];
      return { id: `${campaign_id}~${asset_id}~${link.fieldType}`, campaign_id, asset_id, field_type: link.fieldType, status: 'ENABLED' };
    });
  }

  async linkCampaignAssets(links: NewSearchAdsCampaignAsset[]): Promise<SearchAdsCampaignAsset[]> {
    const names = await this.mutate(
      'campaignAssets',
      links.map((l) => ({
        create: { campaign: this.rn('campaigns', l.campaign_id), asset: this.rn('assets', l.asset_id), fieldType: l.field_type },
      })),
    );
    return links.map((l, i) => ({ ...l, id: idOf(names[i]!), status: 'ENABLED' }));
  }

  async unlinkCampaignAssets(linkIds: string[]): Promise<void> {
    await this.mutate(
      'campaignAssets',
      linkIds.map((id) => ({ remove: this.rn('campaignAssets', id) })),
    );
  }

  // Labels, shared budgets, portfolio strategies, schedules and bid modifiers.

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

  // Labels, audiences, languages, locations.

  async listLabels(): Promise<SearchAdsLabel[]> {
    const rows = await this.search(
      'SELECT label.id, label.name, label.text_label.description, label.text_label.background_color FROM label',
    );
    return rows.map((row) => ({
      id: String(row.label.id),
      name: row.label.name,
      ...(row.label.textLabel?.description ? { description: row.label.textLabel.description } : {}),
      background_color: row.label.textLabel?.backgroundColor ?? '',
    }));
  }

  listAudienceSegments(): Promise<SearchAdsAudienceSegment[]> {
    this.segments ??= this.readAudienceSegments();
    return this.segments;
  }

  private async readAudienceSegments(): Promise<SearchAdsAudienceSegment[]> {
    const [interests, custom, lists] = await Promise.all([
      this.search(
        "SELECT user_interest.user_interest_id, user_interest.name, user_interest.taxonomy_type, user_interest.user_interest_parent FROM user_interest WHERE user_interest.taxonomy_type IN ('IN_MARKET', 'AFFINITY')",
      ),
      this.search(
        "SELECT custom_audience.id, custom_audience.name, custom_audience.description FROM custom_audience WHERE custom_audience.status = 'ENABLED'",
      ),
      this.search('SELECT user_list.id, user_list.name, user_list.description, user_list.size_for_search FROM user_list'),
    ]);
    const interestName = new Map(interests.map((r) => [String(r.userInterest.userInterestId), r.userInterest.name as string]));
    return [
      ...interests.map((r) => {
        const u = r.userInterest;
        const parent = u.userInterestParent ? interestName.get(idOf(u.userInterestParent)) : undefined;
        return {
          id: String(u.userInterestId),
          type: u.taxonomyType as SearchAdsAudienceType,
          name: u.name,
          resource_name: `userInterests/${u.userInterestId}`,
          ...(parent ? { parent } : {}),
        };
      }),
      ...custom.map((r) => ({
        id: String(r.customAudience.id),
        type: 'CUSTOM' as const,
        name: r.customAudience.name,
        resource_name: this.rn('customAudiences', String(r.customAudience.id)),
        ...(r.customAudience.description ? { description: r.customAudience.description } : {}),
      })),
      ...lists.map((r) => ({
        id: String(r.userList.id),
        type: 'USER_LIST' as const,
        name: r.userList.name,
        resource_name: this.rn('userLists', String(r.userList.id)),
        ...(r.userList.description ? { description: r.userList.description } : {}),
        ...(r.userList.sizeForSearch !== undefined ? { size_for_search: Number(r.userList.sizeForSearch) } : {}),
      })),
    ];
  }

  async listLanguages(): Promise<SearchAdsLanguage[]> {
    const rows = await this.search(
      'SELECT language_constant.id, language_constant.code, language_constant.name, language_constant.targetable FROM language_constant',
    );
    return rows.map((r) => ({
      id: String(r.languageConstant.id),
      resource_name: `languageConstants/${r.languageConstant.id}`,
      code: r.languageConstant.code,
      name: r.languageConstant.name,
      targetable: Boolean(r.languageConstant.targetable),
    }));
  }

  async suggestGeoTargets(text: string): Promise<SearchAdsGeoTarget[]> {
    const suggestions = await (await this.client()).suggestGeoTargetConstants(text);
    return suggestions.map((s) => geoFrom(s.geoTargetConstant));
  }

  async getGeoTargets(ids: string[]): Promise<SearchAdsGeoTarget[]> {
    const wanted = [...new Set(ids.filter((id) => digitsOnly.test(id)))];
    if (!wanted.length) return [];
    const rows = await this.search(
      'SELECT geo_target_constant.id, geo_target_constant.name, geo_target_constant.canonical_name, geo_target_constant.country_code, geo_target_constant.target_type ' +
        `FROM geo_target_constant WHERE geo_target_constant.id IN (${wanted.join(', ')})`,
    );
    return rows.map((r) => geoFrom(r.geoTargetConstant));
  }

  // Conversion actions and keyword planning.

  async listConversionActions(): Promise<SearchAdsConversionAction[]> {
    const rows = await this.search(
      'SELECT conversion_action.id, conversion_action.name, conversion_action.category, conversion_action.type, conversion_action.status, conversion_action.primary_for_goal, ' +
        'conversion_action.counting_type, conversion_action.click_through_lookback_window_days, conversion_action.value_settings.default_value, conversion_action.value_settings.always_use_default_value ' +
        "FROM conversion_action WHERE conversion_action.status != 'REMOVED'",
    );
    return rows.map(({ conversionAction: a }) => ({
      id: String(a.id),
      name: a.name,
      category: a.category,
      type: a.type,
      status: a.status === 'HIDDEN' ? 'HIDDEN' : 'ENABLED',
      primary_for_goal: a.primaryForGoal === true,
      counting_type: a.countingType === 'MANY_PER_CLICK' ? 'MANY_PER_CLICK' : 'ONE_PER_CLICK',
      click_through_lookback_window_days: Number(a.clickThroughLookbackWindowDays ?? 30),
      ...(a.valueSettings?.defaultValue !== undefined ? { default_value: Number(a.valueSettings.defaultValue) } : {}),
      always_use_default_value: a.valueSettings?.alwaysUseDefaultValue === true,
    }));
  }

  async getConversionReport(start: string, end: string): Promise<SearchAdsConversionRow[]> {
    // Segmented by conversion action, the platform allows only conversion metrics (no clicks or cost).
    const rows = await this.search(
      'SELECT campaign.id, segments.date, segments.conversion_action, metrics.conversions, metrics.conversions_value, metrics.all_conversions, metrics.all_conversions_value ' +
        `FROM campaign WHERE segments.date BETWEEN '${start}' AND '${end}'`,
    );
    return rows.map((row) => ({
      date: row.segments.date,
      campaign_id: String(row.campaign.id),
      conversion_action_id: idOf(row.segments.conversionAction ?? ''),
      conversions: Number(row.metrics?.conversions ?? 0),
      conversions_value: Math.round(Number(row.metrics?.conversionsValue ?? 0) * 100) / 100,
      all_conversions: Number(row.metrics?.allConversions ?? 0),
      all_conversions_value: Math.round(Number(row.metrics?.allConversionsValue ?? 0) * 100) / 100,
    }));
  }

  async generateKeywordIdeas(request: SearchAdsKeywordIdeaRequest): Promise<SearchAdsKeywordIdea[]> {
    const keywords = request.keywords ?? [];
    const seed =
      keywords.length && request.url
        ? { keywordAndUrlSeed: { keywords, url: request.url } }
        : request.url
          ? { urlSeed: { url: request.url } }
          : { keywordSeed: { keywords } };
    const results = await (
      await this.client()
    ).generateKeywordIdeas(this.cid, {
      language: `languageConstants/${request.language_id}`,
      geoTargetConstants: request.geo_target_ids.map((id) => `geoTargetConstants/${id}`),
      keywordPlanNetwork: request.include_partners ? 'GOOGLE_SEARCH_AND_PARTNERS' : 'GOOGLE_SEARCH',
      includeAdultKeywords: false,
      pageSize: request.limit,
      ...seed,
    });
    await connectionHealthy(this.account);
    return results.slice(0, request.limit).map((r) => {
      const m = r.keywordIdeaMetrics ?? {};
      return {
        text: r.text,
        avg_monthly_searches: Number(m.avgMonthlySearches ?? 0),
        competition: ['LOW', 'MEDIUM', 'HIGH'].includes(m.competition) ? m.competition : 'UNSPECIFIED',
        competition_index: m.competitionIndex === undefined ? null : Number(m.competitionIndex),
        low_top_of_page_bid: m.lowTopOfPageBidMicros === undefined ? null : fromMicros(m.lowTopOfPageBidMicros),
        high_top_of_page_bid: m.highTopOfPageBidMicros === undefined ? null : fromMicros(m.highTopOfPageBidMicros),
        monthly_searches: ((m.monthlySearchVolumes ?? []) as GoogleAdsRow[]).map((v) => ({
          month: `${v.year}-${String(MONTHS.indexOf(v.month) + 1).padStart(2, '0')}`,
          searches: Number(v.monthlySearches ?? 0),
        })),
      };
    });
  }

  // User lists and Customer Match.

  async listUserLists(): Promise<SearchAdsUserList[]> {
    return (await this.search(USER_LIST_QUERY)).map(userListFrom);
  }

  async createCustomerMatchList(list: NewSearchAdsCustomerMatchList): Promise<SearchAdsUserList> {
    const [name] = await this.mutate('userLists', [
      {
        create: {
          name: list.name,
          ...(list.description ? { description: list.description } : {}),
          membershipStatus: 'OPEN',
          membershipLifeSpan: String(list.membership_life_span),
          crmBasedUserList: { uploadKeyType: 'CONTACT_INFO', dataSourceType: 'FIRST_PARTY' },
        },
      },
    ]);
    if (this.validatesOnly)
      return {
        id: '-1',
        resource_name: name!,
        name: list.name,
        type: 'CRM_BASED',
        membership_status: 'OPEN',
        membership_life_span: list.membership_life_span,
        size_for_search: 0,
        size_for_display: 0,
        eligible_for_search: true,
        upload_key_type: 'CONTACT_INFO',
      };
    this.segments = undefined;
    const created = (await this.listUserLists()).find((l) => l.resource_name === name);
    if (!created) throw this.notFound('user list', idOf(name!));
    return created;
  }

  /** OfflineUserDataJobService: create the job with the consent, add one operation per identifier, run it. */
  async uploadCustomerMatchMembers(userListId: string, members: SearchAdsCustomerMatchMembers): Promise<SearchAdsOfflineUserDataJob> {
    const identifiers = members.hashed_emails.length + members.hashed_phone_numbers.length;
    if (this.validatesOnly) {
      this.validation.skipped += 1;
      return { id: '-1', user_list_id: userListId, type: 'CUSTOMER_MATCH_USER_LIST', status: 'PENDING', identifiers };
    }
    const api = await this.client();
    const consent = { adUserData: members.consent.ad_user_data, adPersonalization: members.consent.ad_personalization };
    const { resourceName } = await api.post(`customers/${this.cid}/offlineUserDataJobs:create`, {
      job: { type: 'CUSTOMER_MATCH_USER_LIST', customerMatchUserListMetadata: { userList: this.rn('userLists', userListId), consent } },
    });
    const operations = [
      ...members.hashed_emails.map((hashedEmail) => ({ hashedEmail })),
      ...members.hashed_phone_numbers.map((hashedPhoneNumber) => ({ hashedPhoneNumber })),
    ].map((identifier) => ({ create: { userIdentifiers: [identifier] } }));
    for (let i = 0; i < operations.length; i += 10_000)
      await api.post(`${resourceName}:addOperations`, { operations: operations.slice(i, i + 10_000), enablePartialFailure: false });
    await api.post(`${resourceName}:run`, {});
    return { id: idOf(resourceName), user_list_id: userListId, type: 'CUSTOMER_MATCH_USER_LIST', status: 'RUNNING', identifiers };
  }

  // Experiments.

  async listExperiments(): Promise<SearchAdsExperiment[]> {
    const [experiments, arms] = await Promise.all([this.search(EXPERIMENT_QUERY), this.search(EXPERIMENT_ARM_QUERY)]);
    return experiments.map((row) => experimentFrom(row, arms));
  }

  private async readExperiment(id: string): Promise<SearchAdsExperiment> {
    const found = (await this.listExperiments()).find((e) => e.id === id);
    if (!found) throw this.notFound('experiment', id);
    return found;
  }

  async createExperiment(experiment: NewSearchAdsExperiment): Promise<SearchAdsExperiment> {
    const [name] = await this.mutate('experiments', [
      {
        create: {
          name: experiment.name,
          ...(experiment.description ? { description: experiment.description } : {}),
          suffix: experiment.suffix,
          type: 'SEARCH_CUSTOM',
          status: 'SETUP',
          startDate: experiment.start_date,
          endDate: experiment.end_date,
        },
      },
    ]);
    if (this.validatesOnly) return { id: '-1', resource_name: name!, type: 'SEARCH_CUSTOM', status: 'SETUP', arms: [], ...experiment };
    return this.readExperiment(idOf(name!));
  }

  async createExperimentArms(experimentId: string, arms: SearchAdsExperimentArm[]): Promise<SearchAdsExperiment> {
    await this.mutate(
      'experimentArms',
      arms.map((a) => ({
        create: {
          experiment: this.rn('experiments', experimentId),
          name: a.name,
          control: a.control,
          trafficSplit: a.traffic_split,
          ...(a.campaign_id ? { campaigns: [this.rn('campaigns', a.campaign_id)] } : {}),
        },
      })),
    );
    if (this.validatesOnly)
      return {
        id: experimentId,
        resource_name: this.rn('experiments', experimentId),
        name: '',
        type: 'SEARCH_CUSTOM',
        status: 'SETUP',
        start_date: '',
        end_date: '',
        suffix: '',
        arms,
      };
    return this.readExperiment(experimentId);
  }

  /** ScheduleExperiment (a long-running operation): the platform makes the trial campaign from the treatment arm. */
  async scheduleExperiment(experimentId: string): Promise<SearchAdsExperiment> {
    if (this.validatesOnly) {
      // The experiment a checked create would make does not exist: nothing to schedule yet.
      this.validation.skipped += 1;
      throw new ToolError('Scheduling an experiment can only be checked by the platform once the experiment exists.');
    }
    await (await this.client()).post(`customers/${this.cid}/experiments/${experimentId}:scheduleExperiment`, {});
    return this.readExperiment(experimentId);
  }

  // Recommendations.

  async listRecommendations(): Promise<SearchAdsRecommendation[]> {
    return (await this.search(RECOMMENDATION_QUERY)).map(recommendationFrom);
  }

  async applyRecommendation(recommendationId: string, parameters: SearchAdsApplyParameters = {}): Promise<void> {
    const operation: Record<string, unknown> = { resourceName: this.rn('recommendations', recommendationId) };
    if (parameters.new_budget_amount !== undefined)
      operation.campaignBudget = { newBudgetAmountMicros: toMicros(parameters.new_budget_amount) };
    if (parameters.target_cpa !== undefined) operation.targetCpaOptIn = { targetCpaMicros: toMicros(parameters.target_cpa) };
    if (this.validatesOnly) {
      this.validation.skipped += 1;
      return;
    }
    await (await this.client()).post(`customers/${this.cid}/recommendations:apply`, { operations: [operation] });
  }

  async dismissRecommendation(recommendationId: string): Promise<void> {
    if (this.validatesOnly) {
      this.validation.skipped += 1;
      return;
    }
    await (
      await this.client()
    ).post(`customers/${this.cid}/recommendations:dismiss`, {
      operations: [{ resourceName: this.rn('recommendations', recommendationId) }],
    });
  }

  // Change history.

  async listChangeEvents(from: string, to: string, limit: number): Promise<SearchAdsChangeEvent[]> {
    const rows = await this.search(changeEventQuery(from, to, limit));
    return rows.map(changeEventFrom).sort((a, b) => b.change_date_time.localeCompare(a.change_date_time));
  }

  // Display targeting (ad group criteria), topics, images, responsive display ads, ad schedules.

  async listAdGroupCriteria(
    adGroupId: string,
    types: SearchAdsCriterionType[] = DISPLAY_CRITERION_TYPES,
  ): Promise<SearchAdsAdGroupCriterion[]> {
    await this.getAdGroup(adGroupId);
    const rows = await this.search(
      `SELECT ${CRITERION_FIELDS.join(', ')} FROM ad_group_criterion WHERE ad_group.id = ${adGroupId} AND ad_group_criterion.type IN (${types.map((t) => `'${t}'`).join(', ')}) AND ad_group_criterion.status != 'REMOVED'`,
    );
    return rows.map((row) => criterionFrom(row));
  }

  async addAdGroupCriteria(criteria: NewSearchAdsAdGroupCriterion[]): Promise<SearchAdsAdGroupCriterion[]> {
    const names = await this.mutate(
      'adGroupCriteria',
      criteria.map((c) => ({
        create: {
          adGroup: this.rn('adGroups', c.ad_group_id),
          ...(c.negative ? { negative: true } : { status: 'ENABLED' }),
          ...criterionTarget(c.type, c.value, this.cid),
        },
      })),
    );
    const groups = new Map<string, string>();
    for (const c of criteria) if (!groups.has(c.ad_group_id)) groups.set(c.ad_group_id, (await this.getAdGroup(c.ad_group_id)).campaign_id);
    return criteria.map((c, i) => {
      const key = idOf(names[i]!);
      return {
        ...c,
        id: key,
        campaign_id: groups.get(c.ad_group_id)!,
        criterion_id: key.split('~')[1]!,
        status: 'ENABLED',
        ...(c.type === 'KEYWORD' ? { match_type: 'BROAD' as const } : {}),
      };
    });
  }

  async removeAdGroupCriteria(ids: string[]): Promise<void> {
    await this.mutate(
      'adGroupCriteria',
      ids.map((id) => ({ remove: this.rn('adGroupCriteria', id) })),
    );
  }

  async listTopics(): Promise<SearchAdsTopic[]> {
    const rows = await this.search('SELECT topic_constant.id, topic_constant.path FROM topic_constant');
    return rows.map((r) => ({
      id: String(r.topicConstant.id),
      resource_name: `topicConstants/${r.topicConstant.id}`,
      path: r.topicConstant.path ?? [],
    }));
  }

  async getDisplayAd(adId: string): Promise<SearchAdsDisplayAd> {
    if (!digitsOnly.test(adId)) throw this.notFound('responsive display ad', adId);
    const [row] = await this.search(
      `SELECT ${DISPLAY_AD_FIELDS.join(', ')} FROM ad_group_ad WHERE ad_group_ad.ad.id = ${adId} AND ad_group_ad.ad.type = 'RESPONSIVE_DISPLAY_AD'`,
    );
    if (!row) throw this.notFound('responsive display ad', adId);
    return displayAdFrom(row);
  }

  async createDisplayAds(ads: NewSearchAdsDisplayAd[]): Promise<SearchAdsDisplayAd[]> {
    const names = await this.mutate(
      'adGroupAds',
      ads.map((ad) => ({
        create: {
          adGroup: this.rn('adGroups', ad.ad_group_id),
          status: ad.status,
          ad: { finalUrls: [ad.final_url], responsiveDisplayAd: this.displayAdWire(ad) },
        },
      })),
    );
    return Promise.all(names.map((name) => this.getDisplayAd(idOf(name).split('~')[1]!)));
  }

  async updateDisplayAd(adId: string, patch: SearchAdsDisplayAdPatch): Promise<SearchAdsDisplayAd> {
    await this.getDisplayAd(adId);
    const wire = this.displayAdWire(patch);
    const update: Record<string, unknown> = { resourceName: this.rn('ads', adId) };
    const mask: string[] = [];
    for (const [key, value] of Object.entries(wire)) {
      mask.push(`responsiveDisplayAd.${key}`);
      if (value !== undefined) setPath(update, `responsiveDisplayAd.${key}`, value);
    }
    if (patch.final_url !== undefined) {
      update.finalUrls = [patch.final_url];
      mask.push('finalUrls');
    }
    if (mask.length) await this.mutate('ads', [{ update, updateMask: mask.join(',') }]);
    return this.getDisplayAd(adId);
  }

  /** The responsive_display_ad fields of the parts given (a part given as undefined stays, as undefined: the mask clears it). */
  private displayAdWire(ad: SearchAdsDisplayAdPatch): Record<string, unknown> {
    const texts = (list: string[]) => list.map((text) => ({ text }));
    const images = (ids: string[]) => ids.map((id) => ({ asset: this.rn('assets', id) }));
    const out: Record<string, unknown> = {};
    const put = <K extends keyof SearchAdsDisplayAdPatch>(
      key: K,
      wire: string,
      convert: (value: NonNullable<SearchAdsDisplayAdPatch[K]>) => unknown = (x) => x,
    ) => {
      if (!(key in ad)) return;
      const value = ad[key];
      out[wire] = value === undefined ? undefined : convert(value);
    };
    put('headlines', 'headlines', texts);
    put('long_headline', 'longHeadline', (text: string) => ({ text }));
    put('descriptions', 'descriptions', texts);
    put('business_name', 'businessName');
    put('marketing_image_ids', 'marketingImages', images);
    put('square_marketing_image_ids', 'squareMarketingImages', images);
    put('logo_image_ids', 'logoImages', images);
    put('square_logo_image_ids', 'squareLogoImages', images);
    put('video_ids', 'youtubeVideos', images);
    put('call_to_action_text', 'callToActionText');
    put('main_color', 'mainColor');
    put('accent_color', 'accentColor');
    put('promo_text', 'promoText');
    return out;
  }

  // Figures.

  async getReport(level: SearchAdsReportLevel, start: string, end: string): Promise<SearchAdsReportRow[]> {
    const { from, ids } = REPORT_SOURCES[level];
    const rows = await this.search(
      `SELECT ${ids.map((id) => `${id}, `).join('')}segments.date, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, metrics.conversions_value, metrics.video_trueview_views ` +
        `FROM ${from} WHERE segments.date BETWEEN '${start}' AND '${end}'`,
    );
    return rows.map((row) => {
      const m = row.metrics ?? {};
      const keyword =
        level === 'keyword'
          ? `${row.adGroup.id}~${row.adGroupCriterion.criterionId}`
          : level === 'search_term'
            ? idOf(row.segments.keyword?.adGroupCriterion ?? '')
            : undefined;
      return {
        date: row.segments.date,
        ...(row.campaign ? { campaign_id: String(row.campaign.id) } : {}),
        ...(row.adGroup ? { ad_group_id: String(row.adGroup.id) } : {}),
        ...(keyword ? { keyword_id: keyword } : {}),
        ...(level === 'ad' ? { ad_id: String(row.adGroupAd.ad.id) } : {}),
        ...(level === 'search_term' ? { search_term: row.searchTermView.searchTerm } : {}),
        impressions: Number(m.impressions ?? 0),
        clicks: Number(m.clicks ?? 0),
        spend: fromMicros(m.costMicros),
        conversions: Number(m.conversions ?? 0),
        revenue: Math.round(Number(m.conversionsValue ?? 0) * 100) / 100,
        video_views: Number(m.videoTrueviewViews ?? 0),
      };
    });
  }
}

/** Where each report level's rows come from: the resource queried and the ids selected with the figures. */
const REPORT_SOURCES: Record<SearchAdsReportLevel, { from: string; ids: string[] }> = {
  customer: { from: 'customer', ids: [] },
  campaign: { from: 'campaign', ids: ['campaign.id'] },
  ad_group: { from: 'ad_group', ids: ['campaign.id', 'ad_group.id'] },
  keyword: { from: 'keyword_view', ids: ['campaign.id', 'ad_group.id', 'ad_group_criterion.criterion_id'] },
  ad: { from: 'ad_group_ad', ids: ['campaign.id', 'ad_group.id', 'ad_group_ad.ad.id'] },
  search_term: {
    from: 'search_term_view',
    ids: ['campaign.id', 'ad_group.id', 'search_term_view.search_term', 'segments.keyword.ad_group_criterion'],
  },
};

function biddingTargetsFrom(c: GoogleAdsRow): { bidding_targets?: SearchAdsBiddingTargets } {
  const cpa = c.maximizeConversions?.targetCpaMicros ?? c.targetCpa?.targetCpaMicros;
  const roas = c.maximizeConversionValue?.targetRoas ?? c.targetRoas?.targetRoas;
  const targets: SearchAdsBiddingTargets = {
    ...(cpa ? { target_cpa: fromMicros(cpa) } : {}),
    ...(roas ? { target_roas: Number(roas) } : {}),
  };
  return Object.keys(targets).length ? { bidding_targets: targets } : {};
}

/** The asset types campaigns use, and the type of the library asset behind each (a business name is a text asset). */
const ASSET_TYPES: SearchAdsAssetType[] = ['CALLOUT', 'CALL', 'SITELINK', 'STRUCTURED_SNIPPET', 'BUSINESS_NAME'];
const WIRE_ASSET_TYPE: Record<SearchAdsAssetType, string> = {
  CALLOUT: 'CALLOUT',
  CALL: 'CALL',
  SITELINK: 'SITELINK',
  STRUCTURED_SNIPPET: 'STRUCTURED_SNIPPET',
  BUSINESS_NAME: 'TEXT',
};

function assetFrom(a: GoogleAdsRow): SearchAdsAsset {
  const id = String(a.id);
  switch (a.type) {
    case 'CALL':
      return { id, type: 'CALL', phone_number: a.callAsset?.phoneNumber, country_code: a.callAsset?.countryCode };
    case 'SITELINK': {
      const s = a.sitelinkAsset ?? {};
      return {
        id,
        type: 'SITELINK',
        link_text: s.linkText,
        final_url: a.finalUrls?.[0] ?? '',
        ...(s.description1 ? { description1: s.description1, description2: s.description2 } : {}),
      };
    }
    case 'STRUCTURED_SNIPPET':
      return { id, type: 'STRUCTURED_SNIPPET', header: a.structuredSnippetAsset?.header, values: a.structuredSnippetAsset?.values ?? [] };
    case 'TEXT':
      return { id, type: 'BUSINESS_NAME', text: a.textAsset?.text };
    default:
      return { id, type: 'CALLOUT', callout_text: a.calloutAsset?.calloutText };
  }
}

function assetWire(a: NewSearchAdsAsset): Record<string, unknown> {
  switch (a.type) {
    case 'CALL':
      return { callAsset: { phoneNumber: a.phone_number, countryCode: a.country_code } };
    case 'SITELINK':
      return {
        finalUrls: [a.final_url],
        sitelinkAsset: { linkText: a.link_text, ...(a.description1 ? { description1: a.description1, description2: a.description2 } : {}) },
      };
    case 'STRUCTURED_SNIPPET':
      return { structuredSnippetAsset: { header: a.header, values: a.values } };
    case 'BUSINESS_NAME':
      return { textAsset: { text: a.text } };
    default:
      return { calloutAsset: { calloutText: a.callout_text } };
  }
}

function liveNotSupported(message: string): ToolError {
  return new ToolError(`${message} This is not available on live searchads accounts.`, {
    code: 'live_not_supported',
    platform: 'searchads',
  });
}

function checkExpected<T extends object>(kind: string, id: string, current: T, expect: Partial<T> | undefined): void {
  for (const [field, value] of Object.entries(expect ?? {})) {
    if ((current as Record<string, unknown>)[field] !== value) {
      throw new ToolError(`The ${kind} "${id}" changed state while this call ran. Read it again and retry.`);
    }
  }
}

/** Sets `a.b.c` on an object, making the intermediate objects. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

function campaignFrom(row: GoogleAdsRow, languageIds: string[]): SearchAdsCampaign {
  const c = row.campaign;
  const network = c.networkSettings ?? {};
  const restriction = (c.targetingSetting?.targetRestrictions ?? []).find(
    (r: { targetingDimension: string }) => r.targetingDimension === 'AUDIENCE',
  );
  const end = c.endDateTime ? String(c.endDateTime).slice(0, 10) : undefined;
  const type = c.advertisingChannelType;
  return {
    id: String(c.id),
    name: c.name,
    type,
    status: c.status,
    budget_amount: fromMicros(row.campaignBudget?.amountMicros),
    ...(c.biddingStrategyType ? { bidding_strategy: c.biddingStrategyType } : {}),
    ...biddingTargetsFrom(c),
    start_date: String(c.startDateTime ?? '').slice(0, 10),
    ...(end && end < OPEN_END ? { end_date: end } : {}),
    network_settings: Object.fromEntries(
      Object.entries(NETWORK_KEYS).map(([key, wire]) => [key, Boolean(network[wire])]),
    ) as unknown as SearchAdsNetworkSettings,
    language_ids: languageIds,
    ...(restriction ? { audience_targeting_mode: restriction.bidOnly ? 'OBSERVATION' : 'TARGETING' } : {}),
    ...(type === 'SEARCH' ? { ai_max_enabled: Boolean(c.aiMaxSetting?.enableAiMax) } : {}),
    ...(c.trackingUrlTemplate ? { tracking_url_template: c.trackingUrlTemplate } : {}),
    ...(c.finalUrlSuffix ? { final_url_suffix: c.finalUrlSuffix } : {}),
    url_custom_parameters: (c.urlCustomParameters ?? []).map((p: { key: string; value: string }) => ({ key: p.key, value: p.value })),
    label_ids: (c.labels ?? []).map(idOf),
    ...(type === 'DISPLAY'
      ? {
          frequency_caps: (c.frequencyCaps ?? []).map(
            (f: {
              key: { level: string; eventType: string; timeUnit: string; timeLength?: number };
              cap: number;
            }): SearchAdsFrequencyCap => ({
              event_type: f.key.eventType as SearchAdsFrequencyCap['event_type'],
              level: f.key.level as SearchAdsFrequencyCap['level'],
              time_unit: f.key.timeUnit as SearchAdsFrequencyCap['time_unit'],
              time_length: Number(f.key.timeLength ?? 1),
              cap: Number(f.cap),
            }),
          ),
        }
      : {}),
  };
}

/** A keyword's id is its ad group and criterion id (`<ad group>~<criterion>`): the platform reuses criterion ids across ad groups. */
function keywordFrom(row: GoogleAdsRow): SearchAdsKeyword {
  const c = row.adGroupCriterion;
  return {
    id: `${row.adGroup.id}~${c.criterionId}`,
    ad_group_id: String(row.adGroup.id),
    campaign_id: String(row.campaign.id),
    text: c.keyword.text,
    match_type: c.keyword.matchType,
    status: c.status,
    ...(c.cpcBidMicros !== undefined ? { cpc_bid: fromMicros(c.cpcBidMicros) } : {}),
    ...(c.qualityInfo?.qualityScore !== undefined ? { quality_score: Number(c.qualityInfo.qualityScore) } : {}),
  };
}

/** The wire field that holds each bidding strategy on a campaign, and where its target sits. */
export const BIDDING_FIELDS: Record<string, { field: string; cpa?: string; roas?: string }> = {
  MANUAL_CPC: { field: 'manualCpc' },
  MAXIMIZE_CLICKS: { field: 'targetSpend' },
  MAXIMIZE_CONVERSIONS: { field: 'maximizeConversions', cpa: 'targetCpaMicros' },
  MAXIMIZE_CONVERSION_VALUE: { field: 'maximizeConversionValue', roas: 'targetRoas' },
  TARGET_CPA: { field: 'targetCpa', cpa: 'targetCpaMicros' },
  TARGET_ROAS: { field: 'targetRoas', roas: 'targetRoas' },
  TARGET_IMPRESSION_SHARE: { field: 'targetImpressionShare' },
};

/** The campaign fields that set a bidding strategy and its targets. */
function biddingWire(strategy: string, targets: SearchAdsBiddingTargets = {}): Record<string, Record<string, unknown>> {
  const spec = BIDDING_FIELDS[strategy];
  if (!spec) throw liveNotSupported(`The bidding strategy ${strategy} cannot be set through this gateway.`);
  const body: Record<string, unknown> = {};
  if (spec.cpa && targets.target_cpa !== undefined) body[spec.cpa] = toMicros(targets.target_cpa);
  if (spec.roas && targets.target_roas !== undefined) body[spec.roas] = targets.target_roas;
  if (strategy === 'TARGET_IMPRESSION_SHARE') Object.assign(body, { location: 'ANYWHERE_ON_PAGE', locationFractionMicros: '700000' });
  return { [spec.field]: body };
}

function audienceFrom(row: GoogleAdsRow, segments: SearchAdsAudienceSegment[]): SearchAdsAdGroupAudience {
  const c = row.adGroupCriterion;
  const target: string = c.userInterest?.userInterestCategory ?? c.customAudience?.customAudience ?? c.userList?.userList ?? '';
  const segmentId = idOf(target);
  const kinds: SearchAdsAudienceType[] =
    c.type === 'USER_INTEREST' ? ['IN_MARKET', 'AFFINITY'] : c.type === 'CUSTOM_AUDIENCE' ? ['CUSTOM'] : ['USER_LIST'];
  const segment = segments.find((s) => s.id === segmentId && kinds.includes(s.type));
  return { type: segment?.type ?? kinds[0]!, audience_id: segmentId, name: segment?.name ?? target, criterion_id: String(c.criterionId) };
}

function geoFrom(g: GoogleAdsRow): SearchAdsGeoTarget {
  return {
    id: String(g.id),
    resource_name: `geoTargetConstants/${g.id}`,
    name: g.name,
    canonical_name: g.canonicalName,
    country_code: g.countryCode,
    target_type: g.targetType,
  };
}

function criterionFrom(row: GoogleAdsRow): SearchAdsAdGroupCriterion {
  const c = row.adGroupCriterion;
  const type = c.type as SearchAdsCriterionType;
  return {
    id: `${row.adGroup.id}~${c.criterionId}`,
    ad_group_id: String(row.adGroup.id),
    campaign_id: String(row.campaign.id),
    criterion_id: String(c.criterionId),
    type,
    value: criterionValue(type, c),
    ...(type === 'KEYWORD' && c.keyword?.matchType ? { match_type: c.keyword.matchType } : {}),
    negative: Boolean(c.negative),
    status: c.status ?? 'ENABLED',
  };
}

function displayAdFrom(row: GoogleAdsRow): SearchAdsDisplayAd {
  const ad = row.adGroupAd.ad;
  const r = ad.responsiveDisplayAd ?? {};
  const texts = (list?: { text: string }[]) => (list ?? []).map((t) => t.text);
  const images = (list?: { asset: string }[]) => (list ?? []).map((i) => idOf(i.asset));
  return {
    id: String(ad.id),
    ad_group_id: String(row.adGroup.id),
    campaign_id: String(row.campaign.id),
    type: ad.type,
    status: row.adGroupAd.status,
    headlines: texts(r.headlines),
    descriptions: texts(r.descriptions),
    final_url: ad.finalUrls?.[0] ?? '',
    long_headline: r.longHeadline?.text ?? '',
    business_name: r.businessName ?? '',
    marketing_image_ids: images(r.marketingImages),
    square_marketing_image_ids: images(r.squareMarketingImages),
    logo_image_ids: images(r.logoImages),
    square_logo_image_ids: images(r.squareLogoImages),
    video_ids: images(r.youtubeVideos),
    ...(r.callToActionText ? { call_to_action_text: r.callToActionText } : {}),
    ...(r.mainColor ? { main_color: r.mainColor } : {}),
    ...(r.accentColor ? { accent_color: r.accentColor } : {}),
    ...(r.promoText ? { promo_text: r.promoText } : {}),
  };
}
