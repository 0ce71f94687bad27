import { createHash } from 'node:crypto';
import type { ConnectedAccount } from '../../../core/accounts';
import {
  OutcomeUnknownError,
  ToolError,
  UpstreamRateLimitError,
  UpstreamUnavailableError,
  type ConnectionBrokenError,
  LiveSetupError,
} from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { sendUpstream } from '../../live/http';
import { notFoundError } from '../../live/not-found';
import { saveCredentials } from '../../../functions/runtime/stores/credentials';
import { shortVideoSettings, SHORTVIDEO_SUNSET_VERSIONS, type ShortVideoSettings } from './settings';

/**
 * The short-video platform's Business API on the wire: every answer is HTTP 200 with
 * `{ code, message, request_id, data }`, and a non-zero `code` is the error. Requests carry the
 * `Access-Token` header; GET parameters are query values, objects and lists JSON-encoded; POST
 * bodies are JSON. Lists page by `page` / `page_size` and say where they stand in `page_info`.
 *
 * Every call goes through `sendUpstream` (deadline, read retries on 5xx, HTTP 429). The platform's
 * codes become gateway errors here:
 * - rate limits (40100, 40132) → 429 with Retry-After (the header, else derived);
 * - a revoked, expired or invalid grant (40102-40107, 40001 lost advertiser access, 40300) → the
 *   caller's `refused` (the adapter marks the connection broken: 400 connection_broken);
 * - problems of the operator's app (not approved, no permission for the API, wrong secret, a version
 *   switched off) → 400 live_setup_incomplete, the owner's connection untouched;
 * - validation errors → 400 tool_rejected with the platform's message and request id; a missing
 *   entity → 400 not_found, a path the API does not serve (40400) or another server's HTTP 404 → 400
 *   live_setup_incomplete naming SHORTVIDEO_API_URL and SHORTVIDEO_API_VERSION (platforms/live/not-found.ts).
 * An expiring access token (apps whose tokens last 24 hours) is refreshed before it expires and once
 * more when the platform calls it expired; the new tokens are stored encrypted.
 */

const PLATFORM = 'shortvideo';
/** Refresh an expiring access token this long before it lapses. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** Without a Retry-After header: the platform's limits are per second and per minute. */
const DERIVED_RETRY_AFTER_S = 10;
const MAX_SAFE_ATTEMPTS = 3;

export interface ShortVideoCredentials extends Record<string, string> {
  access_token: string;
}

/** Optional parts of the stored credentials (apps with expiring access tokens). */
interface ExpiringCredentials extends ShortVideoCredentials {
  refresh_token: string;
  /** ISO time the access token lapses. */
  access_token_expires_at: string;
}

/** Says what to do when the platform refuses the grant; returns the error to throw. */
export type RefusedHandler = (reason: string, fix: string) => Promise<ConnectionBrokenError | Error>;

export const RECONNECT_FIX =
  'Reconnect the advertiser: send its owner a new connect link (gateway accounts connect-link --platform shortvideo) or run gateway accounts connect --platform shortvideo --live --access-token <new token>.';

/** A GET parameter value: objects and lists are sent JSON-encoded. */
export type QueryValue = string | number | boolean | readonly unknown[] | Record<string, unknown> | undefined;

/** The envelope of every answer. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  request_id?: string;
  data?: T;
}

export interface PageInfo {
  page: number;
  page_size: number;
  total_number: number;
  total_page: number;
}

/** Codes by meaning (the platform's return codes appendix; the SDK's NumericErrorCodes). */
const RATE_LIMITED = new Set([40100, 40132]);
const GRANT_REFUSED = new Set([40102, 40103, 40104, 40105, 40106, 40107, 40108, 40114]);
const ACCESS_LOST = new Set([40001, 40300, 40301, 40302]);
const OPERATOR = new Map<number, string>([
  [40101, 'the platform does not know the app (check SHORTVIDEO_CLIENT_ID).'],
  [40113, 'the platform has not approved the app, or suspended it.'],
  [40117, 'the app has no permission for this part of the API (add the permission in the developer portal).'],
  [40118, 'this feature is only open to allow-listed apps; ask the platform to allow-list the app.'],
  [40124, "the platform rejected the app's developer application."],
  [40125, 'the developer account has no permission for this API.'],
  [40130, 'the app was not granted the permission scope this call needs (add it to the app, then ask the owner to reconnect).'],
  [40006, 'the API version is not supported (check SHORTVIDEO_API_VERSION).'],
  [40051, 'the API version is not supported (check SHORTVIDEO_API_VERSION).'],
  [41001, 'the platform has switched this endpoint off (check SHORTVIDEO_API_VERSION).'],
]);
/** Codes that say an entity of the request does not exist. */
const NOT_FOUND = new Set([40007, 40905]);
/** The API's answer to a path it does not serve in this version. */
const PATH_NOT_SERVED = 40400;

/** A "not found" as the shared rule words it: the entity's (the API's code about it) or the address settings'. */
function notFound(aboutAnEntity: boolean, sent: string, envelope?: Envelope, subject?: WireSubject): Error {
  return notFoundError({
    platform: PLATFORM,
    aboutAnEntity,
    settings: ['SHORTVIDEO_API_URL', 'SHORTVIDEO_API_VERSION'],
    request: sent,
    message: envelope?.message,
    platformError: envelope ? String(envelope.code) : undefined,
    requestId: envelope?.request_id,
    subject,
  });
}
/** The code of an asynchronous task not yet done. */
export const TASK_NOT_READY = 40201;

/**
 * 400 tool_rejected: the platform refused the request (validation, a state, a limit) and nothing was
 * changed; its message and request id are in the answer. Carries the platform's code and `data` for
 * callers that read per-item results or wait for a task.
 */
export class ShortVideoRejection extends ToolError {
  constructor(
    readonly platformCode: number,
    platformMessage: string,
    readonly requestId: string | undefined,
    readonly data: unknown,
  ) {
    super(
      `The shortvideo platform refused the request: ${platformMessage} (code ${platformCode}${requestId ? `, request id ${requestId}` : ''}). Nothing was changed.`,
      { code: 'tool_rejected', platform: PLATFORM, platform_error: String(platformCode), ...(requestId ? { request_id: requestId } : {}) },
    );
    this.name = 'ShortVideoRejection';
  }
}

/** Access tokens refreshed in this process, by a hash of the refresh token they replaced. */
const refreshed = new Map<string, { access_token: string; refresh_token: string; access_token_expires_at: string }>();
/** A token refreshed this recently is used as it is, however short its life (no refresh loop). */
const FRESH_MS = 60_000;

export interface WireSubject {
  what: string;
  id: string;
}

export class ShortVideoApi {
  private settings?: ShortVideoSettings;
  private refreshing?: Promise<string>;
  private refreshedAt = 0;

  constructor(
    private credentials: ShortVideoCredentials,
    private readonly call: PortCall,
    private readonly refused: RefusedHandler,
    /** The connected account, when there is one: refreshed tokens are stored on it. */
    private readonly account?: ConnectedAccount,
  ) {}

  /** The credentials as they stand now (after any refresh): what to store for the account. */
  get currentCredentials(): ShortVideoCredentials {
    return this.credentials;
  }

  /** A GET: retried on server errors, never changes anything. */
  async get<T>(path: string, query: Record<string, QueryValue>, subject?: WireSubject): Promise<T> {
    return this.request<T>('GET', path, query, undefined, true, subject);
  }

  /**
   * A POST that changes something: sent once, a lost answer is `outcome_unknown`. With `idempotent`
   * (the body carries the platform's `request_id`, which it deduplicates), it is retried as a read is.
   */
  async post<T>(path: string, body: Record<string, unknown>, options: { idempotent?: boolean; subject?: WireSubject } = {}): Promise<T> {
    return this.request<T>('POST', path, undefined, body, options.idempotent ?? false, options.subject);
  }

  /** Every item of a paged list (`data.list`, `data.page_info`), page after page. */
  async listAll<T>(path: string, query: Record<string, QueryValue>, pageSize: number, listKey = 'list'): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const data = await this.get<Record<string, unknown> & { page_info?: PageInfo }>(path, { ...query, page, page_size: pageSize });
      items.push(...((data[listKey] as T[] | undefined) ?? []));
      const info = data.page_info;
      if (!info || page >= info.total_page) return items;
    }
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, QueryValue> | undefined,
    body: Record<string, unknown> | undefined,
    safe: boolean,
    subject: WireSubject | undefined,
  ): Promise<T> {
    const settings = await this.loadSettings();
    let retriedAuth = false;
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken(false);
      const response = await sendUpstream(
        PLATFORM,
        {
          method,
          url: `${settings.apiUrl}/open_api/${settings.apiVersion}${path}${queryString(query)}`,
          headers: { 'Access-Token': token },
          json: body,
          safe,
        },
        this.call,
      );
      const envelope = response.body as Envelope<T> | undefined;
      const sent = `${method} /open_api/${settings.apiVersion}${path}`;
      // The API answers HTTP 200 with its envelope, even about a path it does not serve (40400): a 404 came from another server.
      if (response.status === 404) throw notFound(false, sent);
      if (response.status !== 200 || typeof envelope?.code !== 'number') {
        if (!safe) throw new OutcomeUnknownError(PLATFORM);
        throw new UpstreamUnavailableError(PLATFORM, `answered HTTP ${response.status} without its answer envelope`);
      }
      if (envelope.code === 0) return (envelope.data ?? {}) as T;
      if (RATE_LIMITED.has(envelope.code)) {
        const header = Number(response.headers.get('retry-after'));
        throw new UpstreamRateLimitError(PLATFORM, Number.isFinite(header) && header > 0 ? header : DERIVED_RETRY_AFTER_S);
      }
      // An expired access token is refused before anything happens: a refresh and one more try are safe.
      if (envelope.code === 40102 && !retriedAuth && this.canRefresh()) {
        retriedAuth = true;
        await this.accessToken(true);
        continue;
      }
      if (envelope.code >= 50000) {
        if (!safe) throw new OutcomeUnknownError(PLATFORM);
        if (attempt < MAX_SAFE_ATTEMPTS) continue;
        throw new UpstreamUnavailableError(PLATFORM, `returned a server error (${envelope.code}: ${envelope.message})`);
      }
      throw await this.failure(envelope, subject, sent);
    }
  }

  /** A non-zero code of the answer to `sent` (`METHOD path`) as the gateway error to throw. */
  private async failure(envelope: Envelope, subject: WireSubject | undefined, sent: string): Promise<Error> {
    const { code, message } = envelope;
    const requestId = envelope.request_id;
    const said = `(the platform says: ${message}; code ${code}${requestId ? `, request id ${requestId}` : ''})`;
    if (GRANT_REFUSED.has(code)) return this.refused(`the platform no longer accepts its access token ${said}.`, RECONNECT_FIX);
    if (ACCESS_LOST.has(code))
      return this.refused(
        `the access token no longer reaches this advertiser (access removed, or the advertiser was closed) ${said}.`,
        'Ask an admin of the advertiser to grant the app access again (connect link), or disconnect the account.',
      );
    const operator = OPERATOR.get(code);
    if (operator) return new LiveSetupError({ platform: PLATFORM }, `${operator} ${said}`);
    if (code === PATH_NOT_SERVED || (NOT_FOUND.has(code) && subject)) return notFound(code !== PATH_NOT_SERVED, sent, envelope, subject);
    return new ShortVideoRejection(code, message, requestId, envelope.data);
  }

  private async loadSettings(): Promise<ShortVideoSettings> {
    this.settings ??= await shortVideoSettings();
    if (SHORTVIDEO_SUNSET_VERSIONS.includes(this.settings.apiVersion))
      throw new LiveSetupError(
        { platform: PLATFORM },
        `SHORTVIDEO_API_VERSION is ${this.settings.apiVersion}, a version the platform has switched off; use v1.3.`,
      );
    return this.settings;
  }

  private canRefresh(): boolean {
    return Boolean(this.credentials.refresh_token);
  }

  /** The access token to send: the stored one, or a refreshed one when it lapses soon (or `force`). */
  private async accessToken(force: boolean): Promise<string> {
    const creds = this.credentials as Partial<ExpiringCredentials> & ShortVideoCredentials;
    if (!creds.refresh_token) return creds.access_token;
    const known = refreshed.get(hashOf(creds.refresh_token));
    if (known && !force) this.credentials = { ...creds, ...known };
    const current = this.credentials as Partial<ExpiringCredentials> & ShortVideoCredentials;
    const expiresAt = current.access_token_expires_at ? Date.parse(current.access_token_expires_at) : Number.POSITIVE_INFINITY;
    const fresh = Date.now() - this.refreshedAt < FRESH_MS && expiresAt > Date.now();
    if (!force && (fresh || expiresAt - EXPIRY_MARGIN_MS > Date.now())) return current.access_token;
    this.refreshing ??= this.refresh(current.refresh_token!).finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** Exchanges the refresh token for a new access token (and refresh token), and stores them. */
  private async refresh(refreshToken: string): Promise<string> {
    const settings = await this.loadSettings();
    if (!settings.clientId || !settings.clientSecret)
      throw new LiveSetupError(
        { platform: PLATFORM },
        'SHORTVIDEO_CLIENT_ID and SHORTVIDEO_CLIENT_SECRET must be set to refresh access tokens.',
      );
    const response = await sendUpstream(
      PLATFORM,
      {
        method: 'POST',
        url: `${settings.apiUrl}/open_api/${settings.apiVersion}/oauth2/refresh_token/`,
        json: { app_id: settings.clientId, secret: settings.clientSecret, refresh_token: refreshToken, grant_type: 'refresh_token' },
        // A refresh changes nothing the owner sees; a lost answer leaves the old refresh token valid.
        safe: true,
      },
      this.call,
    );
    const envelope = response.body as
      Envelope<{ access_token?: string; refresh_token?: string; access_token_expire_in?: number }> | undefined;
    const data = envelope?.data;
    if (envelope?.code === 0 && data?.access_token) {
      const next = {
        access_token: data.access_token,
        refresh_token: data.refresh_token ?? refreshToken,
        access_token_expires_at: new Date(Date.now() + (data.access_token_expire_in ?? 86_400) * 1000).toISOString(),
      };
      refreshed.set(hashOf(refreshToken), next);
      this.credentials = { ...this.credentials, ...next };
      this.refreshedAt = Date.now();
      if (this.account) await saveCredentials(this.account, this.credentials);
      return next.access_token;
    }
    if (envelope && RATE_LIMITED.has(envelope.code)) throw new UpstreamRateLimitError(PLATFORM, DERIVED_RETRY_AFTER_S);
    if (envelope && (envelope.code === 40101 || envelope.code === 40113))
      throw new LiveSetupError(
        { platform: PLATFORM },
        `the platform refused the app's credentials when refreshing a token (${envelope.message}).`,
      );
    throw await this.refused(
      `the platform refused to refresh its access token (${envelope?.message ?? `HTTP ${response.status}`}): the grant has expired or was revoked.`,
      RECONNECT_FIX,
    );
  }
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The query string of a GET: scalars as they are, lists and objects JSON-encoded, as the platform reads them. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search.size ? `?${search}` : '';
}
