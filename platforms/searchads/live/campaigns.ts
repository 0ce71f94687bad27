/**
 * The searchads live adapter's campaigns family: account settings, campaigns (with their budget,
 * bidding strategy and languages), ad groups (with their audiences), ads, and the label list, over
 * query-language searches and mutates with update masks.
 */
import { ToolError } from '../../../core/errors';
import type {
  NewSearchAdsAd,
  NewSearchAdsAdGroup,
  NewSearchAdsCampaign,
  SearchAdsAccountSettings,
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsAdGroupAudience,
  SearchAdsAdPatch,
  SearchAdsAudienceSegment,
  SearchAdsAudienceType,
  SearchAdsBiddingTargets,
  SearchAdsCampaign,
  SearchAdsFrequencyCap,
  SearchAdsLabel,
  SearchAdsNetworkSettings,
} from '../port-types';
import { fromMicros, idOf, toMicros } from './api';
import type { AdTextAsset, Campaign, FrequencyCapEntry, GoogleAdsRow, NetworkSettings } from './wire';
import { checkExpected, digitsOnly, liveNotSupported, setPath, type LiveSession } from './session';

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
const NETWORK_KEYS: Record<keyof SearchAdsNetworkSettings, keyof NetworkSettings> = {
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
/** The platform's "runs indefinitely" end date of older campaigns. */
const OPEN_END = '2037-12-30';

/** What this family needs of the audience family (the segments an ad group's audiences name). */
export interface AudienceSegments {
  listAudienceSegments(): Promise<SearchAdsAudienceSegment[]>;
}

export class CampaignsLive {
  constructor(
    private readonly live: LiveSession,
    private readonly audience: AudienceSegments,
  ) {}

  async getAccountSettings(): Promise<SearchAdsAccountSettings> {
    const [row] = await this.live.search(
      'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone FROM customer',
    );
    const c = row?.customer ?? {};
    return {
      id: 'account',
      customer_id: String(c.id ?? this.live.cid),
      descriptive_name: c.descriptiveName ?? '',
      currency_code: c.currencyCode ?? this.live.account.currency,
      time_zone: c.timeZone ?? this.live.account.time_zone,
    };
  }

  // Campaigns.

  async listCampaigns(): Promise<SearchAdsCampaign[]> {
    return this._readCampaigns();
  }

  async getCampaign(campaignId: string): Promise<SearchAdsCampaign> {
    if (!digitsOnly.test(campaignId)) throw this.live.notFound('campaign', campaignId);
    const [campaign] = await this._readCampaigns(campaignId);
    if (!campaign) throw this.live.notFound('campaign', campaignId);
    return campaign;
  }

  private async _readCampaigns(campaignId?: string): Promise<SearchAdsCampaign[]> {
    const where = campaignId ? ` WHERE campaign.id = ${campaignId}` : '';
    const [rows, languages] = await Promise.all([
      this.live.search(`SELECT ${CAMPAIGN_FIELDS.join(', ')} FROM campaign${where}`),
      this.live.search(
        `SELECT campaign.id, campaign_criterion.criterion_id, campaign_criterion.language.language_constant FROM campaign_criterion WHERE campaign_criterion.type = 'LANGUAGE'${campaignId ? ` AND campaign.id = ${campaignId}` : ''}`,
      ),
    ]);
    return rows.map((row) =>
      campaignFrom(
        row,
        languages
          .filter((l) => String(l.campaign.id) === String(row.campaign.id))
          .map((l) => idOf(l.campaignCriterion.language?.languageConstant ?? '')),
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
      const [row] = await this.live.search(`SELECT campaign.campaign_budget FROM campaign WHERE campaign.id = ${campaignId}`);
      await this.live.mutate('campaignBudgets', [
        { update: { resourceName: row!.campaign.campaignBudget, amountMicros: toMicros(patch.budget_amount) }, updateMask: 'amountMicros' },
      ]);
    }
    const update: Record<string, unknown> = { resourceName: this.live.rn('campaigns', campaignId) };
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
    if (mask.length) await this.live.mutate('campaigns', [{ update, updateMask: mask.join(',') }]);
    if (patch.language_ids) {
      const languages = await this.live.search(
        `SELECT campaign_criterion.criterion_id, campaign_criterion.language.language_constant FROM campaign_criterion WHERE campaign_criterion.type = 'LANGUAGE' AND campaign.id = ${campaignId}`,
      );
      const have = languages.map((l) => ({
        id: idOf(l.campaignCriterion.language?.languageConstant ?? ''),
        criterion: String(l.campaignCriterion.criterionId),
      }));
      await this.live.mutate('campaignCriteria', [
        ...have
          .filter((h) => !patch.language_ids!.includes(h.id))
          .map((h) => ({ remove: this.live.rn('campaignCriteria', `${campaignId}~${h.criterion}`) })),
        ...patch.language_ids
          .filter((id) => !have.some((h) => h.id === id))
          .map((id) => ({
            create: { campaign: this.live.rn('campaigns', campaignId), language: { languageConstant: `languageConstants/${id}` } },
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
    const [budget] = await this.live.mutate('campaignBudgets', [{ create: budgetCreate(campaign) }]);
    const [created] = await this.live.mutate('campaigns', [{ create: campaignCreate(campaign, budget!, channelWire, defaultStrategy) }]);
    const campaignId = idOf(created!);
    if (campaign.language_ids?.length) {
      await this.live.mutate(
        'campaignCriteria',
        campaign.language_ids.map((id) => ({ create: { campaign: created, language: { languageConstant: `languageConstants/${id}` } } })),
      );
    }
    // A checked (validate-only) create names a placeholder the platform never made: answer the campaign as asked.
    if (campaignId.startsWith('-')) return { ...campaign, id: campaignId };
    return this.getCampaign(campaignId);
  }

  async createAdGroup(group: NewSearchAdsAdGroup): Promise<SearchAdsAdGroup> {
    const [created] = await this.live.mutate('adGroups', [
      {
        create: {
          campaign: this.live.rn('campaigns', group.campaign_id),
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
    return this._readAdGroups(campaignId ? `campaign.id = ${campaignId}` : undefined);
  }

  async getAdGroup(adGroupId: string): Promise<SearchAdsAdGroup> {
    if (!digitsOnly.test(adGroupId)) throw this.live.notFound('ad group', adGroupId);
    const [group] = await this._readAdGroups(`ad_group.id = ${adGroupId}`);
    if (!group) throw this.live.notFound('ad group', adGroupId);
    return group;
  }

  private async _readAdGroups(condition?: string): Promise<SearchAdsAdGroup[]> {
    const where = condition ? ` WHERE ${condition}` : '';
    const [rows, criteria] = await Promise.all([
      this.live.search(
        `SELECT ad_group.id, ad_group.name, ad_group.status, ad_group.type, ad_group.cpc_bid_micros, campaign.id FROM ad_group${where}`,
      ),
      this.live.search(
        'SELECT ad_group.id, ad_group_criterion.criterion_id, ad_group_criterion.type, ad_group_criterion.user_interest.user_interest_category, ' +
          'ad_group_criterion.custom_audience.custom_audience, ad_group_criterion.user_list.user_list FROM ad_group_criterion ' +
          `WHERE ad_group_criterion.type IN ('USER_INTEREST', 'CUSTOM_AUDIENCE', 'USER_LIST') AND ad_group_criterion.status != 'REMOVED' AND ad_group_criterion.negative = FALSE${condition ? ` AND ${condition}` : ''}`,
      ),
    ]);
    const segments = criteria.length ? await this.audience.listAudienceSegments() : [];
    return rows.map((row) => ({
      id: String(row.adGroup.id),
      campaign_id: String(row.campaign.id),
      name: row.adGroup.name ?? '',
      status: row.adGroup.status as SearchAdsAdGroup['status'],
      type: row.adGroup.type as SearchAdsAdGroup['type'],
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
    const update: Record<string, unknown> = { resourceName: this.live.rn('adGroups', adGroupId) };
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
    if (mask.length) await this.live.mutate('adGroups', [{ update, updateMask: mask.join(',') }]);
    return this.getAdGroup(adGroupId);
  }

  async addAdGroupAudiences(
    adGroupId: string,
    audiences: Omit<SearchAdsAdGroupAudience, 'criterion_id'>[],
  ): Promise<SearchAdsAdGroupAudience[]> {
    const segments = await this.audience.listAudienceSegments();
    const names = await this.live.mutate(
      'adGroupCriteria',
      audiences.map((a) => {
        const kind = AUDIENCE_CRITERION[a.type];
        const segment = segments.find((s) => s.id === a.audience_id && s.type === a.type);
        if (!segment)
          throw new ToolError(`Audience segment ${a.audience_id} (${a.type}) is not available to searchads account ${this.live.cid}.`, {
            code: 'not_found',
          });
        const target =
          a.type === 'IN_MARKET' || a.type === 'AFFINITY' ? this.live.rn('userInterests', a.audience_id) : segment.resource_name;
        return { create: { adGroup: this.live.rn('adGroups', adGroupId), status: 'ENABLED', [kind.field]: { [kind.key]: target } } };
      }),
    );
    return audiences.map((a, i) => ({ ...a, criterion_id: idOf(names[i]!).split('~')[1]! }));
  }

  // Ads and keywords.

  async listAds(campaignId?: string): Promise<SearchAdsAd[]> {
    return this._readAds(campaignId ? `campaign.id = ${campaignId}` : undefined);
  }

  async getAd(adId: string): Promise<SearchAdsAd> {
    if (!digitsOnly.test(adId)) throw this.live.notFound('ad', adId);
    const [ad] = await this._readAds(`ad_group_ad.ad.id = ${adId}`);
    if (!ad) throw this.live.notFound('ad', adId);
    return ad;
  }

  private async _readAds(condition?: string): Promise<SearchAdsAd[]> {
    const rows = await this.live.search(
      'SELECT ad_group_ad.ad.id, ad_group_ad.ad.type, ad_group_ad.status, ad_group_ad.ad.final_urls, ad_group_ad.ad.responsive_search_ad.headlines, ' +
        'ad_group_ad.ad.responsive_search_ad.descriptions, ad_group_ad.ad.responsive_search_ad.path1, ad_group_ad.ad.responsive_search_ad.path2, ' +
        'ad_group_ad.ad.responsive_display_ad.headlines, ad_group_ad.ad.responsive_display_ad.descriptions, ad_group.id, campaign.id FROM ad_group_ad' +
        (condition ? ` WHERE ${condition}` : ''),
    );
    return rows.map((row) => {
      const ad = row.adGroupAd.ad!;
      const copy: { headlines?: AdTextAsset[]; descriptions?: AdTextAsset[]; path1?: string; path2?: string } =
        ad.responsiveSearchAd ?? ad.responsiveDisplayAd ?? {};
      const texts = (list?: AdTextAsset[]) => (list ?? []).map((t) => t.text ?? '');
      return {
        id: String(ad.id),
        ad_group_id: String(row.adGroup.id),
        campaign_id: String(row.campaign.id),
        type: ad.type as SearchAdsAd['type'],
        status: row.adGroupAd.status as SearchAdsAd['status'],
        headlines: texts(copy.headlines),
        descriptions: texts(copy.descriptions),
        final_url: ad.finalUrls?.[0] ?? '',
        ...(copy.path1 ? { path1: copy.path1 } : {}),
        ...(copy.path2 ? { path2: copy.path2 } : {}),
      };
    });
  }

  async createAds(ads: NewSearchAdsAd[]): Promise<SearchAdsAd[]> {
    const names = await this.live.mutate(
      'adGroupAds',
      ads.map((ad) => {
        if (ad.type !== 'RESPONSIVE_SEARCH_AD') throw liveNotSupported(`Creating ${ad.type} ads is not supported yet.`);
        return {
          create: {
            adGroup: this.live.rn('adGroups', ad.ad_group_id),
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
      await this.live.mutate('adGroupAds', [
        {
          update: { resourceName: this.live.rn('adGroupAds', `${current.ad_group_id}~${adId}`), status: patch.status },
          updateMask: 'status',
        },
      ]);
    }
    const copy = current.type === 'RESPONSIVE_DISPLAY_AD' ? 'responsiveDisplayAd' : 'responsiveSearchAd';
    const update: Record<string, unknown> = { resourceName: this.live.rn('ads', adId) };
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
    if (mask.length) await this.live.mutate('ads', [{ update, updateMask: mask.join(',') }]);
    return this.getAd(adId);
  }

  async listLabels(): Promise<SearchAdsLabel[]> {
    const rows = await this.live.search(
      'SELECT label.id, label.name, label.text_label.description, label.text_label.background_color FROM label',
    );
    return rows.map((row) => ({
      id: String(row.label.id),
      name: row.label.name ?? '',
      ...(row.label.textLabel?.description ? { description: row.label.textLabel.description } : {}),
      background_color: row.label.textLabel?.backgroundColor ?? '',
    }));
  }
}

function biddingTargetsFrom(c: Campaign): { bidding_targets?: SearchAdsBiddingTargets } {
  const cpa = c.maximizeConversions?.targetCpaMicros ?? c.targetCpa?.targetCpaMicros;
  const roas = c.maximizeConversionValue?.targetRoas ?? c.targetRoas?.targetRoas;
  const targets: SearchAdsBiddingTargets = {
    ...(cpa ? { target_cpa: fromMicros(cpa) } : {}),
    ...(roas ? { target_roas: Number(roas) } : {}),
  };
  return Object.keys(targets).length ? { bidding_targets: targets } : {};
}

function campaignFrom(row: GoogleAdsRow, languageIds: string[]): SearchAdsCampaign {
  const c = row.campaign;
  const network = c.networkSettings ?? {};
  const restriction = (c.targetingSetting?.targetRestrictions ?? []).find((r) => r.targetingDimension === 'AUDIENCE');
  const end = c.endDateTime ? String(c.endDateTime).slice(0, 10) : undefined;
  const type = c.advertisingChannelType as SearchAdsCampaign['type'];
  return {
    id: String(c.id),
    name: c.name ?? '',
    type,
    status: c.status as SearchAdsCampaign['status'],
    budget_amount: fromMicros(row.campaignBudget?.amountMicros),
    // Maximize clicks is written as `targetSpend` and the platform reports its type as TARGET_SPEND.
    ...(c.biddingStrategyType
      ? {
          bidding_strategy: (c.biddingStrategyType === 'TARGET_SPEND'
            ? 'MAXIMIZE_CLICKS'
            : c.biddingStrategyType) as SearchAdsCampaign['bidding_strategy'],
        }
      : {}),
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
    url_custom_parameters: (c.urlCustomParameters ?? []).map((p) => ({ key: p.key ?? '', value: p.value ?? '' })),
    label_ids: (c.labels ?? []).map(idOf),
    ...(type === 'DISPLAY'
      ? {
          frequency_caps: (c.frequencyCaps ?? []).map((f: FrequencyCapEntry): SearchAdsFrequencyCap => ({
            event_type: f.key!.eventType as SearchAdsFrequencyCap['event_type'],
            level: f.key!.level as SearchAdsFrequencyCap['level'],
            time_unit: f.key!.timeUnit as SearchAdsFrequencyCap['time_unit'],
            time_length: Number(f.key!.timeLength ?? 1),
            cap: Number(f.cap),
          })),
        }
      : {}),
  };
}

/** The create body of a campaign's own budget. */
export function budgetCreate(campaign: NewSearchAdsCampaign): Record<string, unknown> {
  return {
    name: `${campaign.name} budget ${Date.now()}`,
    amountMicros: toMicros(campaign.budget_amount),
    deliveryMethod: 'STANDARD',
    explicitlyShared: false,
  };
}

/** The create body of a campaign on `budget` (a resource name, or a temporary one in the same googleAds:mutate). */
export function campaignCreate(
  campaign: NewSearchAdsCampaign,
  budget: string,
  channelWire: Record<string, unknown> = {},
  defaultStrategy = 'MAXIMIZE_CLICKS',
): Record<string, unknown> {
  const network = campaign.network_settings;
  return {
    name: campaign.name,
    status: campaign.status,
    advertisingChannelType: campaign.type,
    campaignBudget: budget,
    containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
    // Brand guidelines (the platform's default for new Performance Max campaigns, said explicitly so every
    // version behaves alike): the business name and logo are linked to the campaign (live/pmax.ts).
    ...(campaign.type === 'PERFORMANCE_MAX' ? { brandGuidelinesEnabled: true } : {}),
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
  const target = c.userInterest?.userInterestCategory ?? c.customAudience?.customAudience ?? c.userList?.userList ?? '';
  const segmentId = idOf(target);
  const kinds: SearchAdsAudienceType[] =
    c.type === 'USER_INTEREST' ? ['IN_MARKET', 'AFFINITY'] : c.type === 'CUSTOM_AUDIENCE' ? ['CUSTOM'] : ['USER_LIST'];
  const segment = segments.find((s) => s.id === segmentId && kinds.includes(s.type));
  return { type: segment?.type ?? kinds[0]!, audience_id: segmentId, name: segment?.name ?? target, criterion_id: String(c.criterionId) };
}
