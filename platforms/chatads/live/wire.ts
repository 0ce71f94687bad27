import type { PortCall } from '../../../core/tool';
import { sendUpstream } from '../../live/http';
import { urlSetting } from '../../live/settings';

/**
 * The chat-assistant platform's Advertiser API on the wire (REST/JSON, `Authorization: Bearer <API
 * key>`, one key per ad account). Requests go through `sendUpstream` (deadline, read retries, 429);
 * every other non-2xx answer becomes a `ChatAdsApiError` carrying the platform's error body
 * `{ error: { message, type, param, code } }`, for the adapter and the connector to translate.
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
}

/** A list object of the API: one page of `data` and the cursor to the next. */
export interface WireList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  first_id?: string | null;
  last_id?: string | null;
}

export async function chatAdsRequest<T>(apiKey: string, request: ChatAdsRequest, call: PortCall): Promise<T> {
  const chatadsApiUrl = urlSetting('CHATADS_API_URL', 'https://api.ads.openai.com/v1');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const url = `${chatadsApiUrl}${request.path}${search.size ? `?${search}` : ''}`;
  const response = await sendUpstream(
    'chatads',
    { method: request.method, url, headers: { Authorization: `Bearer ${apiKey}` }, json: request.json, safe: request.method === 'GET' },
    call,
  );
  if (response.status >= 200 && response.status < 300) return response.body as T;
  const error = (response.body as { error?: { message?: unknown; type?: unknown; code?: unknown; param?: unknown } } | undefined)?.error;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  throw new ChatAdsApiError(
    response.status,
    text(error?.message) ?? `the platform answered HTTP ${response.status}`,
    text(error?.type),
    text(error?.code),
    text(error?.param),
  );
}

/** Every item of a list endpoint, following `after` cursors page by page (500 a page, the maximum). */
export async function chatAdsListAll<T extends { id: string }>(
  apiKey: string,
  path: string,
  query: Record<string, string>,
  call: PortCall,
): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await chatAdsRequest<WireList<T>>(
      apiKey,
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
  start_time?: number | null;
  end_time?: number | null;
  budget: { lifetime_spend_limit_micros: number; daily_spend_limit_micros?: number | null };
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
  bidding_config: { billing_event_type: 'impression' | 'click'; max_bid_micros: number };
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
