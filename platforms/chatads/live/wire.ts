import type { PortCall } from '../../../core/tool';
import { sendUpstream } from '../../live/http';
import { notFoundError } from '../../live/not-found';
import { urlSetting } from '../../live/settings';

/**
 * The chat-assistant platform's Advertiser API on the wire (REST/JSON, `Authorization: Bearer <API
 * key>`). An ad account's own key reaches that account; a partner key reaches several, each request
 * naming its account in the `OpenAI-Ad-Account` header. Requests go through `sendUpstream`
 * (deadline, read retries, 429); a create carries the platform's `Idempotency-Key`, which makes it
 * safe to send again (the platform answers the first result). Every other non-2xx answer becomes a
 * `ChatAdsApiError` carrying the platform's error body `{ error: { message, type, param, code } }`,
 * for the adapter and the connector to translate.
 */
export class ChatAdsApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string | undefined,
    readonly code: string | undefined,
    readonly param: string | undefined,
  ) {
    super(message);
    this.name = 'ChatAdsApiError';
  }
}

export interface ChatAdsRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | string[] | undefined>;
  json?: unknown;
  /** The platform's Idempotency-Key: the same key and body answer the first result, never a second create. */
  idempotencyKey?: string;
}

/** What a request is sent with: the API key, and the ad account it acts on when the key is a partner key. */
export interface ChatAdsAuth {
  apiKey: string;
  /** Set for a partner key only (sent as `OpenAI-Ad-Account`); an ad account's own key must not send it. */
  adAccountId?: string;
}

/** A list object of the API: one page of `data` and the cursor to the next. */
export interface WireList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  first_id?: string | null;
  last_id?: string | null;
}

export async function chatAdsRequest<T>(auth: ChatAdsAuth, request: ChatAdsRequest, call: PortCall): Promise<T> {
  const chatadsApiUrl = urlSetting('CHATADS_API_URL', 'https://api.ads.openai.com/v1');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const url = `${chatadsApiUrl}${request.path}${search.size ? `?${search}` : ''}`;
  const response = await sendUpstream(
    'chatads',
    {
      method: request.method,
      url,
      headers: {
        Authorization: `Bearer ${auth.apiKey}`,
        ...(auth.adAccountId ? { 'OpenAI-Ad-Account': auth.adAccountId } : {}),
        ...(request.idempotencyKey ? { 'Idempotency-Key': request.idempotencyKey } : {}),
      },
      json: request.json,
      // A read, or a create under an Idempotency-Key: sending it again cannot change anything twice.
      safe: request.method === 'GET' || request.idempotencyKey !== undefined,
      keyedWrite: request.idempotencyKey !== undefined,
    },
    call,
  );
  if (response.status >= 200 && response.status < 300) return response.body as T;
  const error = (response.body as { error?: { message?: unknown; type?: unknown; code?: unknown; param?: unknown } } | undefined)?.error;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  if (response.status === 404 && !servedByTheApi(error)) {
    // Not "that entity does not exist": the address is not the API's (CHATADS_API_URL points elsewhere, or lacks
    // the version path). A 404 that is the API's answer about an entity comes back as ChatAdsApiError (session.ts).
    throw notFoundError({
      platform: 'chatads',
      aboutAnEntity: false,
      settings: ['CHATADS_API_URL'],
      request: `${request.method} ${request.path}`,
      message: text(error?.message),
    });
  }
  throw new ChatAdsApiError(
    response.status,
    text(error?.message) ?? `the platform answered HTTP ${response.status}`,
    text(error?.type),
    text(error?.code),
    text(error?.param),
  );
}

/**
 * Whether a 404 came from the Advertiser API about an entity: its error object, and not the API's answer to a
 * path it does not serve (`Invalid URL (GET /v1/...)`). A 404 without that object came from another server.
 */
function servedByTheApi(error: { message?: unknown; type?: unknown } | undefined): boolean {
  if (!error || typeof error.message !== 'string' || typeof error.type !== 'string') return false;
  return !error.message.startsWith('Invalid URL');
}

/** Every item of a list endpoint, following `after` cursors page by page (500 a page, the maximum). */
export async function chatAdsListAll<T extends { id: string }>(
  auth: ChatAdsAuth,
  path: string,
  query: Record<string, string>,
  call: PortCall,
): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await chatAdsRequest<WireList<T>>(
      auth,
      { method: 'GET', path, query: { ...query, limit: '500', ...(after ? { after } : {}) } },
      call,
    );
    items.push(...page.data);
    const last = page.last_id ?? page.data.at(-1)?.id;
    if (!page.has_more || !last) return items;
    after = last;
  }
}

/** The ad account as GET /ad_account returns it. */
export interface WireAdAccount {
  id: string;
  name: string;
  url?: string | null;
  preview_url?: string | null;
  timezone: string;
  currency_code: string;
}

export interface WireCampaign {
  id: string;
  created_at: number;
  updated_at?: number;
  name: string;
  description?: string | null;
  status: 'active' | 'paused' | 'archived';
  /** The campaign objective; fixed after creation. */
  bidding_type?: 'impressions' | 'clicks' | 'conversions';
  /** A conversions campaign's conversion event setting (exactly one). */
  conversion_event_setting_ids?: string[] | null;
  start_time?: number | null;
  end_time?: number | null;
  /** Exactly one of the two limits is set. */
  budget: { lifetime_spend_limit_micros?: number | null; daily_spend_limit_micros?: number | null };
  targeting?: { locations?: { include?: { id: string }[]; countries?: string[] } } | null;
}

/** `bidding_config` of an ad group: a fixed max bid, or a Maximize Results strategy without one. */
export interface WireBiddingConfig {
  billing_event_type: 'impression' | 'click';
  strategy?: 'fixed_bid' | 'maximize_clicks' | 'maximize_conversions';
  /** Per billing event: per click, or per single impression. Absent for Maximize Results. */
  max_bid_micros?: number | null;
}

export interface WireAdGroup {
  id: string;
  campaign_id?: string;
  created_at: number;
  updated_at?: number;
  name: string;
  description?: string | null;
  context_hints?: string[] | null;
  status: 'active' | 'paused' | 'archived';
  bidding_config: WireBiddingConfig;
}

export interface WireAd {
  id: string;
  ad_group_id?: string;
  name: string;
  created_at: number;
  creative: { type: string; title: string; body: string; file_id?: string; image_url?: string; target_url?: string };
  status: 'active' | 'paused' | 'archived';
  review_status?: string;
}

/** POST /upload answers the file id of the uploaded image. */
export interface WireUpload {
  file_id: string;
}

/** GET /geo_lookup/search: the targetable locations matching a text. */
export interface WireGeoSearch {
  count: number;
  query: string;
  results: WireGeoLocation[];
}

export interface WireGeoLocation {
  id: string;
  type: 'country' | 'region' | 'dma';
  name: string;
  canonical_name: string;
  country_code: string;
  region_code?: string | null;
}

export interface WireCustomAudience {
  id: string;
  name: string;
  status: string;
  created_at: number;
  uploaded_count?: number | null;
  matched_count?: number | null;
}

/** One insights row: the bucket, the row entity (keyed by its aggregation level) and segment values. */
export interface WireInsightsRow {
  id: string;
  start_time: number;
  end_time: number;
  readable_time?: string;
  campaign?: WireInsightsEntity;
  ad_group?: WireInsightsEntity;
  ad?: WireInsightsEntity;
  country?: string;
  device?: string;
}

export interface WireInsightsEntity {
  id: string;
  impressions?: number;
  clicks?: number;
  spend?: number;
}
