import { ToolError } from '../../../core/errors';
import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import { platformWriteKey } from '../../live/idempotency';
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
  type NewChatAdsAd,
  type NewChatAdsAdGroup,
} from '../port';
import {
  ChatAdsApiError,
  chatAdsListAll,
  chatAdsRequest,
  type ChatAdsAuth,
  type ChatAdsRequest,
  type WireAd,
  type WireGeoSearch,
  type WireUpload,
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

/** Stored per connection: the API key, and for a partner key the ad account it acts on (`ad_account_id`). */
export interface ChatAdsCredentials extends Record<string, string> {
  api_key: string;
}

export const authOf = (c: ChatAdsCredentials): ChatAdsAuth => ({
  apiKey: c.api_key,
  ...(c.ad_account_id ? { adAccountId: c.ad_account_id } : {}),
});

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
  private auth?: Promise<ChatAdsAuth>;

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
    if (adGroup.custom_audience_bid_multipliers.length) {
      throw notSupported(
        "Custom-audience bid multipliers need the platform's custom audiences, which this gateway does not read live yet. Create the ad group without `custom_audience_bid_multipliers` (or add them in the platform's Ads Manager).",
      );
    }
    // A fixed bid carries its max bid per billing event; Maximize Results (maximize_clicks,
    // maximize_conversions) sets bids itself and takes none. The platform checks the strategy
    // against the campaign's objective and budget and answers what it refuses.
    const maxBidMicros =
      adGroup.strategy !== 'fixed_bid'
        ? undefined
        : adGroup.billing_event_type === 'click'
          ? adGroup.max_bid_micros!
          : impressionBidMicros(adGroup.max_cpm_bid_micros!);
    const created = await this.send<WireAdGroup>(
      this.create('/ad_groups', {
        campaign_id: adGroup.campaign_id,
        name: adGroup.name,
        ...(adGroup.description !== undefined ? { description: adGroup.description } : {}),
        context_hints: adGroup.context_hints,
        status: adGroup.status,
        bidding_config: {
          billing_event_type: adGroup.billing_event_type,
          strategy: adGroup.strategy,
          ...(maxBidMicros !== undefined ? { max_bid_micros: maxBidMicros } : {}),
        },
      }),
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
    const unix = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);
    const created = await this.send<WireCampaign>(
      this.create('/campaigns', {
        name: campaign.name,
        ...(campaign.description ? { description: campaign.description } : {}),
        status: campaign.status,
        // The reference asks for the objective explicitly on every create.
        bidding_type: campaign.bidding_type,
        // A conversions campaign optimizes for exactly one conversion event setting.
        ...(campaign.conversion_event_setting_id ? { conversion_event_setting_ids: [campaign.conversion_event_setting_id] } : {}),
        start_time: unix(campaign.start_date),
        ...(campaign.end_date ? { end_time: unix(campaign.end_date) + 86_399 } : {}),
        budget: budgetOf(campaign),
      }),
    );
    return campaignOf(created);
  }

  async uploadImage(imageUrl: string, _now: Date): Promise<{ file_id: string }> {
    const uploaded = await this.send<WireUpload>(this.create('/upload', { image_url: imageUrl }));
    return { file_id: uploaded.file_id };
  }

  async createAd(ad: NewChatAdsAd, _now: Date): Promise<ChatAdsAd> {
    if (ad.call_to_action !== undefined) {
      throw notSupported(
        "A chat card's button text is not part of the platform's ad creative (title, body, image and target URL). Create the ad without `call_to_action`.",
      );
    }
    if (!ad.image_file_id) {
      throw new ToolError(
        'A live chatads chat card needs an image: give `image_url` (it is uploaded first) or `image_file_id` (an uploaded file_...).',
        { code: 'invalid_arguments' },
      );
    }
    const created = await this.send<WireAd>(
      this.create('/ads', {
        ad_group_id: ad.ad_group_id,
        name: ad.name,
        status: ad.status,
        creative: { type: 'chat_card', title: ad.headline, body: ad.body, target_url: ad.landing_url, file_id: ad.image_file_id },
      }),
      { what: 'ad group', id: ad.ad_group_id },
    );
    return adOf(created, { id: ad.ad_group_id, campaign_id: ad.campaign_id });
  }

  async geoLookup(query: string, limit: number): Promise<ChatAdsGeoLocation[]> {
    const found = await this.send<WireGeoSearch>({ method: 'GET', path: '/geo_lookup/search', query: { q: query, limit: String(limit) } });
    return found.results.map((l) => ({
      id: l.id,
      name: l.name,
      type: l.type,
      country_code: l.country_code,
      // "San Francisco - Oakland - San Jose, United States": what follows the name places it.
      ...(l.canonical_name.startsWith(`${l.name}, `) ? { parent: l.canonical_name.slice(l.name.length + 2) } : {}),
    }));
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

  private credentials(): Promise<ChatAdsAuth> {
    this.auth ??= credentialsOf<ChatAdsCredentials>(this.account).then(authOf);
    return this.auth;
  }

  /**
   * A create: POST under the platform's Idempotency-Key, derived from the gateway request's own key
   * (platformWriteKey): sent again in this request or in its retry under the same gateway key, the
   * platform answers the first result; another gateway request creates anew.
   */
  private create(path: string, json: Record<string, unknown>): ChatAdsRequest {
    return { method: 'POST', path, json, idempotencyKey: platformWriteKey(this.call, this.account.account_id, [path, json]) };
  }

  private async listAll<T extends { id: string }>(path: string, query: Record<string, string>, subject?: Subject): Promise<T[]> {
    return this.translate(async (auth) => chatAdsListAll<T>(auth, path, query, this.call), subject);
  }

  private async send<T>(request: ChatAdsRequest, subject?: Subject): Promise<T> {
    return this.translate((auth) => chatAdsRequest<T>(auth, request, this.call), subject);
  }

  /** Runs a call with the account's key and turns the platform's refusals into gateway errors. */
  private async translate<T>(work: (auth: ChatAdsAuth) => Promise<T>, subject?: Subject): Promise<T> {
    try {
      const result = await work(await this.credentials());
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

/**
 * The platform holds exactly one budget per campaign: a lifetime limit, or a daily limit (which
 * Maximize Results needs). A campaign with a daily budget is sent with its daily limit only, so the
 * lifetime budget must follow from it: the campaign needs an end date and daily limit × days must
 * stay within the lifetime budget; otherwise the platform could spend past it, and the create is refused.
 */
function budgetOf(c: NewChatAdsCampaign): { lifetime_spend_limit_micros: number } | { daily_spend_limit_micros: number } {
  if (c.daily_budget === undefined) return { lifetime_spend_limit_micros: Math.round(c.budget * MICROS) };
  const days = c.end_date
    ? Math.round((Date.parse(`${c.end_date}T00:00:00Z`) - Date.parse(`${c.start_date}T00:00:00Z`)) / 86_400_000) + 1
    : 0;
  if (!c.end_date || c.daily_budget * days > c.budget + 1e-9) {
    throw new ToolError(
      `A live chatads campaign has one budget: a lifetime limit or a daily limit, not both. With \`daily_budget\` ${c.daily_budget} it is held by its daily limit, so it needs an \`end_date\` and \`daily_budget\` × days within \`budget\` (${c.budget})${c.end_date ? `: ${days} days × ${c.daily_budget} = ${Math.round(c.daily_budget * days * 100) / 100}` : ''}. Give an end date and a daily budget that fit, or leave \`daily_budget\` out for a lifetime limit.`,
      { code: 'invalid_arguments' },
    );
  }
  return { daily_spend_limit_micros: Math.round(c.daily_budget * MICROS) };
}

export function campaignOf(c: WireCampaign): ChatAdsCampaign {
  const lifetime = c.budget.lifetime_spend_limit_micros ?? undefined;
  const daily = c.budget.daily_spend_limit_micros ?? undefined;
  const start = c.start_time ?? c.created_at;
  // A daily-limited campaign has no lifetime limit: its budget is what the daily limit allows over its
  // days when it ends, else the daily limit itself (docs/live/chatads.md says so).
  const days = c.end_time ? Math.max(1, Math.ceil((c.end_time - start) / 86_400)) : 1;
  return {
    id: c.id,
    name: c.name,
    ...(c.description ? { description: c.description } : {}),
    status: c.status,
    // Campaigns created before the platform had objectives bid per impression.
    bidding_type: c.bidding_type ?? 'impressions',
    ...(c.conversion_event_setting_ids?.length ? { conversion_event_setting_id: c.conversion_event_setting_ids[0] } : {}),
    budget: lifetime !== undefined ? lifetime / MICROS : ((daily ?? 0) * days) / MICROS,
    ...(daily ? { daily_budget: daily / MICROS } : {}),
    // Without a start time a campaign delivers from its creation.
    start_date: dateOf(start),
    ...(c.end_time ? { end_date: dateOf(c.end_time) } : {}),
    created_at: new Date(c.created_at * 1000).toISOString(),
  };
}

export function adGroupOf(g: WireAdGroup, campaignId: string): ChatAdsAdGroup {
  const bidding = g.bidding_config;
  const bid = bidding.max_bid_micros ?? undefined;
  return {
    id: g.id,
    campaign_id: g.campaign_id ?? campaignId,
    name: g.name,
    ...(g.description ? { description: g.description } : {}),
    status: g.status,
    strategy: bidding.strategy ?? 'fixed_bid',
    billing_event_type: bidding.billing_event_type,
    ...(bid === undefined
      ? {}
      : bidding.billing_event_type === 'click'
        ? { max_bid_micros: bid }
        : { max_cpm_bid_micros: cpmBidMicros(bid) }),
    context_hints: g.context_hints ?? [],
    custom_audience_bid_multipliers: [],
    created_at: new Date(g.created_at * 1000).toISOString(),
  };
}

const REVIEW_STATUSES: Record<string, ChatAdsAd['review_status']> = {
  approved: 'approved',
  rejected: 'rejected',
  in_review: 'pending',
  pending: 'pending',
};

function adOf(ad: WireAd, group: { id: string; campaign_id: string }): ChatAdsAd {
  const review = ad.review_status ? REVIEW_STATUSES[ad.review_status] : undefined;
  return {
    id: ad.id,
    campaign_id: group.campaign_id,
    ad_group_id: ad.ad_group_id ?? group.id,
    name: ad.name,
    type: 'chat_card',
    headline: ad.creative.title,
    body: ad.creative.body,
    landing_url: ad.creative.target_url ?? '',
    ...(ad.creative.file_id ? { image_file_id: ad.creative.file_id } : {}),
    status: ad.status,
    ...(review ? { review_status: review } : {}),
    created_at: new Date(ad.created_at * 1000).toISOString(),
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
