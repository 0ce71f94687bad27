import { ToolError } from '../../../core/errors';
import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import {
  CONVERSION_FIELDS,
  type ChatAdsAdAccount,
  type ChatAdsAudienceOperation,
  type ChatAdsConversionEvent,
  type ChatAdsConversionsApiKey,
  type ChatAdsConversionsConfig,
  type ChatAdsEventSetting,
  type ChatAdsGeoLocation,
  type NewChatAdsCampaign,
  type ChatAdsAd,
  type ChatAdsAdGroup,
  type ChatAdsCampaign,
  type ChatAdsCustomAudience,
  type ChatAdsInsightsQuery,
  type ChatAdsInsightsRow,
  type ChatAdsPixel,
  type ChatAdsPort,
  type ChatAdsStatus,
  type NewChatAdsAdGroup,
} from '../port';
import {
  ChatAdsApiError,
  chatAdsListAll,
  chatAdsRequest,
  type ChatAdsRequest,
  type WireAd,
  type WireAdAccount,
  type WireAdGroup,
  type WireCampaign,
  type WireCustomAudience,
  type WireInsightsRow,
  type WireList,
} from './wire';

const MICROS = 1_000_000;
/** State actions of campaigns: POST /campaigns/{id}/<action>. */
const ACTION: Record<ChatAdsStatus, string> = { active: 'activate', paused: 'pause', archived: 'archive' };

export interface ChatAdsCredentials extends Record<string, string> {
  api_key: string;
}

/** How a refused credential is fixed (get_connections_status shows it). */
export const RECONNECT_FIX =
  'Create a new API key in the Settings tab of the ad account on the chat-assistant platform, then run: gateway accounts connect --owner <owner_id> --platform chatads --live --api-key <new key>.';

/** Why the platform refused a credential, in words an owner understands. */
export function refusalReason(err: ChatAdsApiError): string {
  return err.status === 401
    ? `the platform refused its API key (revoked, deleted or mistyped): ${err.message}`
    : `the platform denied access to the ad account (disabled, or the key lost its access): ${err.message}`;
}

/**
 * The chatads port over the platform's public Advertiser API. One API key reaches one ad account;
 * the key is loaded (decrypted) once per port instance. Operations the public API does not offer
 * answer a 400 `live_not_supported`, never a made-up answer.
 */
export class ChatAdsLive implements ChatAdsPort {
  private apiKey?: Promise<string>;

  constructor(
    readonly account: ConnectedAccount,
    private readonly call: PortCall,
  ) {}

  async listCampaigns(): Promise<ChatAdsCampaign[]> {
    return (await this.listAll<WireCampaign>('/campaigns', {})).map(campaignOf);
  }

  async getCampaign(campaignId: string): Promise<ChatAdsCampaign> {
    return campaignOf(
      await this.send<WireCampaign>(
        { method: 'GET', path: `/campaigns/${encodeURIComponent(campaignId)}` },
        { what: 'campaign', id: campaignId },
      ),
    );
  }

  async setCampaignStatus(campaignId: string, status: ChatAdsStatus, _from: ChatAdsStatus, _now: Date): Promise<ChatAdsCampaign> {
    const path = `/campaigns/${encodeURIComponent(campaignId)}/${ACTION[status]}`;
    return campaignOf(await this.send<WireCampaign>({ method: 'POST', path }, { what: 'campaign', id: campaignId }));
  }

  async listAdGroups(filter: { campaign_id?: string } = {}): Promise<ChatAdsAdGroup[]> {
    // The API lists ad groups per campaign (campaign_id is required).
    const campaignIds = filter.campaign_id ? [filter.campaign_id] : (await this.listAll<WireCampaign>('/campaigns', {})).map((c) => c.id);
    const groups = await Promise.all(
      campaignIds.map(async (id) =>
        (await this.listAll<WireAdGroup>('/ad_groups', { campaign_id: id }, { what: 'campaign', id })).map((g) => adGroupOf(g, id)),
      ),
    );
    return groups.flat();
  }

  async createAdGroup(adGroup: NewChatAdsAdGroup, _now: Date): Promise<ChatAdsAdGroup> {
    if (adGroup.strategy !== 'fixed_bid') {
      throw notSupported(
        `The ${adGroup.strategy} bid strategy is not offered by the chat-assistant platform's public API, which takes a fixed max bid per ad group. Use strategy fixed_bid.`,
      );
    }
    if (adGroup.custom_audience_bid_multipliers.length) {
      throw notSupported(
        "Custom-audience bid multipliers cannot be set through the chat-assistant platform's public API. Create the ad group without `custom_audience_bid_multipliers`.",
      );
    }
    const maxBidMicros =
      adGroup.billing_event_type === 'click' ? adGroup.max_bid_micros! : impressionBidMicros(adGroup.max_cpm_bid_micros!);
    const created = await this.send<WireAdGroup>(
      {
        method: 'POST',
        path: '/ad_groups',
        json: {
          campaign_id: adGroup.campaign_id,
          name: adGroup.name,
          ...(adGroup.description !== undefined ? { description: adGroup.description } : {}),
          context_hints: adGroup.context_hints,
          status: adGroup.status,
          bidding_config: { billing_event_type: adGroup.billing_event_type, max_bid_micros: maxBidMicros },
        },
      },
      { what: 'campaign', id: adGroup.campaign_id },
    );
    return adGroupOf(created, adGroup.campaign_id);
  }

  async listAds(): Promise<ChatAdsAd[]> {
    const groups = await this.listAdGroups();
    const ads = await Promise.all(
      groups.map(async (g) => (await this.listAll<WireAd>('/ads', { ad_group_id: g.id })).map((ad) => adOf(ad, g))),
    );
    return ads.flat();
  }

  async listCustomAudiences(): Promise<ChatAdsCustomAudience[]> {
    return (await this.listAll<WireCustomAudience>('/custom_audiences', {})).map(audienceOf);
  }

  async getAdAccount(): Promise<ChatAdsAdAccount> {
    const a = await this.send<WireAdAccount>({ method: 'GET', path: '/ad_account' });
    return { id: a.id, name: a.name, currency: a.currency_code, timezone: a.timezone };
  }

  async getAdGroup(adGroupId: string): Promise<ChatAdsAdGroup> {
    const g = await this.send<WireAdGroup>(
      { method: 'GET', path: `/ad_groups/${encodeURIComponent(adGroupId)}` },
      { what: 'ad group', id: adGroupId },
    );
    // The single ad group carries no campaign id: the campaign's list of ad groups names it.
    return g.campaign_id ? adGroupOf(g, g.campaign_id) : ((await this.listAdGroups()).find((x) => x.id === g.id) ?? adGroupOf(g, ''));
  }

  async getAd(adId: string): Promise<ChatAdsAd> {
    // The single ad carries no ad group id: the ad groups' lists of ads place it.
    await this.send<WireAd>({ method: 'GET', path: `/ads/${encodeURIComponent(adId)}` }, { what: 'ad', id: adId });
    const ad = (await this.listAds()).find((a) => a.id === adId);
    if (!ad)
      throw new ToolError(`Ad ${adId} belongs to no ad group of chatads ad account ${this.account.account_id}.`, { code: 'not_found' });
    return ad;
  }

  async setAdGroupStatus(adGroupId: string, status: ChatAdsStatus, _from: ChatAdsStatus, _now: Date): Promise<ChatAdsAdGroup> {
    await this.send<WireAdGroup>(
      { method: 'POST', path: `/ad_groups/${encodeURIComponent(adGroupId)}/${ACTION[status]}` },
      { what: 'ad group', id: adGroupId },
    );
    return this.getAdGroup(adGroupId);
  }

  async setAdStatus(adId: string, status: ChatAdsStatus, _from: ChatAdsStatus, _now: Date): Promise<ChatAdsAd> {
    await this.send<WireAd>({ method: 'POST', path: `/ads/${encodeURIComponent(adId)}/${ACTION[status]}` }, { what: 'ad', id: adId });
    return this.getAd(adId);
  }

  async createCampaign(campaign: NewChatAdsCampaign, _now: Date): Promise<ChatAdsCampaign> {
    if (campaign.bidding_type !== 'impressions') {
      throw notSupported(
        `Campaigns bidding for ${campaign.bidding_type} cannot be created through the chat-assistant platform's public API, which bids per impression. Use bidding_type impressions.`,
      );
    }
    const unix = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);
    const created = await this.send<WireCampaign>({
      method: 'POST',
      path: '/campaigns',
      json: {
        name: campaign.name,
        ...(campaign.description ? { description: campaign.description } : {}),
        status: campaign.status,
        start_time: unix(campaign.start_date),
        ...(campaign.end_date ? { end_time: unix(campaign.end_date) + 86_399 } : {}),
        budget: {
          lifetime_spend_limit_micros: Math.round(campaign.budget * MICROS),
          ...(campaign.daily_budget !== undefined ? { daily_spend_limit_micros: Math.round(campaign.daily_budget * MICROS) } : {}),
        },
      },
    });
    return campaignOf(created);
  }

  uploadImage(): Promise<{ file_id: string }> {
    return Promise.reject(
      notSupported(
        "Image uploads for chat cards are not offered by the chat-assistant platform's public API; create image cards in its Ads Manager.",
      ),
    );
  }

  createAd(): Promise<ChatAdsAd> {
    return Promise.reject(
      notSupported("Ads cannot be created through the chat-assistant platform's public API; create chat card ads in its Ads Manager."),
    );
  }

  getCustomAudience = this.unsupported<ChatAdsCustomAudience>('Single custom audiences');
  createCustomAudience = this.unsupported<ChatAdsCustomAudience>('Creating custom audiences');
  archiveCustomAudience = this.unsupported<ChatAdsCustomAudience>('Archiving custom audiences');
  startAudienceOperation = this.unsupported<ChatAdsAudienceOperation>('Custom audience member operations');
  mergeCustomAudiences = this.unsupported<{ audience: ChatAdsCustomAudience; operation: ChatAdsAudienceOperation }>(
    'Merging custom audiences',
  );
  listAudienceOperations = this.unsupported<ChatAdsAudienceOperation[]>('Custom audience operations');
  getAudienceOperation = this.unsupported<ChatAdsAudienceOperation>('Custom audience operations');
  changeAudienceOperation = this.unsupported<ChatAdsAudienceOperation>('Custom audience operations');
  createPixel = this.unsupported<ChatAdsPixel>('Conversion data sources (pixels)');
  listEventSettings = this.unsupported<ChatAdsEventSetting[]>('Event settings');
  createEventSetting = this.unsupported<ChatAdsEventSetting>('Event settings');
  getConversionsConfig = this.unsupported<ChatAdsConversionsConfig>('The conversions configuration');
  setConversionsConfig = this.unsupported<ChatAdsConversionsConfig>('The conversions configuration');
  createConversionsApiKey = this.unsupported<ChatAdsConversionsApiKey & { secret: string }>('Conversions API keys');
  listConversionsApiKeys = this.unsupported<ChatAdsConversionsApiKey[]>('Conversions API keys');
  sendConversionEvent = this.unsupported<ChatAdsConversionEvent>('Sending conversion events through this gateway');
  listConversionEvents = this.unsupported<ChatAdsConversionEvent[]>('Received conversion events');
  geoLookup = this.unsupported<ChatAdsGeoLocation[]>('Geo lookup');

  /** A port method the public API does not offer: a 400 `live_not_supported` naming it. */
  private unsupported<T>(what: string): (...args: unknown[]) => Promise<T> {
    return () =>
      Promise.reject(
        notSupported(
          `${what}: not offered for live chatads accounts by the platform's public API (use its Ads Manager); this tool works on sandbox chatads accounts.`,
        ),
      );
  }

  async listPixels(): Promise<ChatAdsPixel[]> {
    throw notSupported(
      "Conversion data sources cannot be listed through the chat-assistant platform's public API; see them in its Ads Manager.",
    );
  }

  async getInsights(query: ChatAdsInsightsQuery): Promise<ChatAdsInsightsRow[]> {
    if (query.fields.some((f) => (CONVERSION_FIELDS as readonly string[]).includes(f))) {
      throw notSupported(
        "Conversion figures are not reported by the chat-assistant platform's public insights API (it reports impressions, clicks and spend; conversions go to its Conversions API and are shown in its Ads Manager). Conversion insights work on sandbox chatads accounts only.",
      );
    }
    const level = query.aggregation_level;
    // The API's windows are whole days in the ad account's time zone: the days the window touches.
    const timeRange = {
      type: 'date_range',
      since: isoDate(new Date(query.start * 1000)),
      until: isoDate(new Date((Math.max(query.end, query.start + 1) - 1) * 1000)),
    };
    const params: Record<string, string | string[]> = {
      aggregation_level: level,
      time_granularity: query.time_granularity,
      'time_ranges[]': [JSON.stringify(timeRange)],
      'fields[]': query.fields.map((f) => `${level}.${f}`),
      limit: '10000',
    };
    if (query.ids) params['filters[]'] = [JSON.stringify({ field: `${level}.id`, operator: 'in', value: query.ids })];
    if (query.segment) params['segments[]'] = [query.segment];
    const rows: ChatAdsInsightsRow[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.send<WireList<WireInsightsRow>>({
        method: 'GET',
        path: '/ad_account/insights',
        query: { ...params, ...(after ? { after } : {}) },
      });
      for (const row of page.data) {
        const entity = row[level];
        if (!entity) continue;
        rows.push({
          entity_id: entity.id,
          ...(query.time_granularity === 'daily' ? { date: row.readable_time ?? isoDate(new Date(row.start_time * 1000)) } : {}),
          ...(query.segment && row[query.segment] !== undefined ? { [query.segment]: row[query.segment] } : {}),
          ...Object.fromEntries(query.fields.map((f) => [f, Number(entity[f as 'impressions' | 'clicks' | 'spend'] ?? 0)])),
        });
      }
      if (!page.has_more || !page.last_id) return rows;
      after = page.last_id;
    }
  }

  // --- the wire ---

  private key(): Promise<string> {
    this.apiKey ??= credentialsOf<ChatAdsCredentials>(this.account).then((c) => c.api_key);
    return this.apiKey;
  }

  private async listAll<T extends { id: string }>(path: string, query: Record<string, string>, subject?: Subject): Promise<T[]> {
    return this.translate(async (key) => chatAdsListAll<T>(key, path, query, this.call), subject);
  }

  private async send<T>(request: ChatAdsRequest, subject?: Subject): Promise<T> {
    return this.translate((key) => chatAdsRequest<T>(key, request, this.call), subject);
  }

  /** Runs a call with the account's key and turns the platform's refusals into gateway errors. */
  private async translate<T>(work: (key: string) => Promise<T>, subject?: Subject): Promise<T> {
    try {
      const result = await work(await this.key());
      await connectionHealthy(this.account);
      return result;
    } catch (err) {
      if (!(err instanceof ChatAdsApiError)) throw err;
      if (err.status === 401 || err.status === 403) throw await connectionBroken(this.account, refusalReason(err), RECONNECT_FIX);
      const platform_error = err.code ?? err.type ?? `http_${err.status}`;
      if (err.status === 404) {
        const what = subject
          ? `No ${subject.what} with id "${subject.id}" exists in chatads ad account ${this.account.account_id}`
          : `The chatads platform found nothing at this address for ad account ${this.account.account_id}`;
        throw new ToolError(`${what} (the platform says: ${err.message}). Check the id with the platform's list tools.`, {
          code: 'not_found',
          platform_error,
        });
      }
      throw new ToolError(
        `The chatads platform refused the request: ${err.message}${err.param ? ` (field \`${err.param}\`)` : ''}. Nothing was changed.`,
        {
          code: 'invalid_arguments',
          platform_error,
        },
      );
    }
  }
}

interface Subject {
  what: string;
  id: string;
}

function notSupported(message: string): ToolError {
  return new ToolError(message, { code: 'live_not_supported', platform: 'chatads' });
}

const dateOf = (unixSeconds: number) => isoDate(new Date(unixSeconds * 1000));

/**
 * The API's `max_bid_micros` is per billing event, so for impression billing it is per single impression:
 * the reference's own example passes a $60 CPM ($0.06 per impression) as 60,000. The gateway's
 * `max_cpm_bid_micros` is per thousand impressions: divided by 1,000 on the way out (at least 1 micro),
 * multiplied back on the way in.
 */
export const impressionBidMicros = (cpmMicros: number): number => Math.max(1, Math.round(cpmMicros / 1000));
export const cpmBidMicros = (perImpressionMicros: number): number => perImpressionMicros * 1000;

export function campaignOf(c: WireCampaign): ChatAdsCampaign {
  return {
    id: c.id,
    name: c.name,
    ...(c.description ? { description: c.description } : {}),
    status: c.status,
    // The public API bids per impression only (ad groups bill per impression).
    bidding_type: 'impressions',
    budget: c.budget.lifetime_spend_limit_micros / MICROS,
    ...(c.budget.daily_spend_limit_micros ? { daily_budget: c.budget.daily_spend_limit_micros / MICROS } : {}),
    // Without a start time a campaign delivers from its creation.
    start_date: dateOf(c.start_time ?? c.created_at),
    ...(c.end_time ? { end_date: dateOf(c.end_time) } : {}),
    created_at: new Date(c.created_at * 1000).toISOString(),
  };
}

export function adGroupOf(g: WireAdGroup, campaignId: string): ChatAdsAdGroup {
  const click = g.bidding_config.billing_event_type === 'click';
  return {
    id: g.id,
    campaign_id: g.campaign_id ?? campaignId,
    name: g.name,
    ...(g.description ? { description: g.description } : {}),
    status: g.status,
    strategy: 'fixed_bid',
    billing_event_type: g.bidding_config.billing_event_type,
    ...(click
      ? { max_bid_micros: g.bidding_config.max_bid_micros }
      : { max_cpm_bid_micros: cpmBidMicros(g.bidding_config.max_bid_micros) }),
    context_hints: g.context_hints ?? [],
    custom_audience_bid_multipliers: [],
    created_at: new Date(g.created_at * 1000).toISOString(),
  };
}

function adOf(ad: WireAd, group: ChatAdsAdGroup): ChatAdsAd {
  return {
    id: ad.id,
    campaign_id: group.campaign_id,
    ad_group_id: ad.ad_group_id ?? group.id,
    name: ad.name,
    type: 'chat_card',
    headline: ad.creative.title,
    body: ad.creative.body,
    landing_url: ad.creative.target_url ?? '',
    status: ad.status,
  };
}

const AUDIENCE_STATUSES = new Set<ChatAdsCustomAudience['status']>(['processing', 'ready', 'too_small', 'failed']);

function audienceOf(a: WireCustomAudience): ChatAdsCustomAudience {
  return {
    id: a.id,
    name: a.name,
    status: AUDIENCE_STATUSES.has(a.status as ChatAdsCustomAudience['status'])
      ? (a.status as ChatAdsCustomAudience['status'])
      : 'processing',
    matched_users: a.matched_count ?? 0,
    uploaded_identifiers: a.uploaded_count ?? 0,
    archived: false,
    created_at: new Date(a.created_at * 1000).toISOString(),
  };
}
