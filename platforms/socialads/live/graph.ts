import { createHmac } from 'node:crypto';
import { NotFoundError, ToolError, UpstreamRateLimitError, UpstreamUnavailableError, quoted, LiveSetupError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { sendUpstream, type UpstreamResponse } from '../../live/http';
import { socialAdsSettings, type SocialAdsSettings } from './settings';

/**
 * The platform's Graph API as the socialads live adapter and connector speak it: versioned paths
 * (`/v25.0/act_<id>/campaigns`), the access token as a Bearer header and `appsecret_proof` (HMAC-SHA256
 * of the token with the app secret) on every call, parameters as a form (objects JSON-encoded, as
 * the platform's SDKs send them), lists followed cursor by cursor. Every call goes through
 * `sendUpstream` (deadline, read retries, never a blind write retry). The platform's error envelope
 * `{ error: { message, type, code, error_subcode, error_user_msg, fbtrace_id } }` becomes a gateway
 * error: rate limits 429 with Retry-After, a dead token `connection_broken` (through `refused`), an
 * operator's setup problem `live_setup_incomplete`, anything else 400 with the platform's message.
 */

export const PLATFORM = 'socialads';

/** A long-lived token is exchanged for a fresh one when it has less than this left. */
const REFRESH_BEFORE_MS = 7 * 86_400_000;
/** Rate-limit errors without a usage header to say when access comes back wait this long. */
const DEFAULT_RATE_LIMIT_SECONDS = 60;

/** What is stored (encrypted) for a live socialads account. */
export interface SocialAdsCredentials extends Record<string, string> {
  access_token: string;
  /** Unix seconds when the token expires; "0" for a token that does not expire (system users). */
  expires_at: string;
}

/** Says what a refused token means (the adapter marks the connection broken); returns the error to throw. */
export type RefusedHandler = (reason: string, fix: string) => Promise<Error>;

export const RECONNECT_FIX =
  'Reconnect the account: gateway accounts connect --platform socialads --live --access-token <new system-user or long-lived token>, or send the owner a new connect link (gateway accounts connect-link --platform socialads).';

/** The platform's error envelope. */
export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id?: string;
  is_transient?: boolean;
}

/** One page of a list edge. */
export interface GraphPage<T> {
  data: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

export type GraphParams = Record<string, string | number | boolean | object | undefined>;

/** What a failed call was about, for a not-found message that names the id. */
export interface Subject {
  what: string;
  id: string;
}

export const appSecretProof = (token: string, secret: string): string => createHmac('sha256', secret).update(token).digest('hex');

/** Parameters as the platform takes them: scalars as text, objects and lists as JSON. */
export function encodeParams(params: GraphParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    out[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

export class SocialAdsGraph {
  private settings?: SocialAdsSettings;
  private credentials?: SocialAdsCredentials;
  private refreshTried = false;

  constructor(
    private readonly call: PortCall,
    private readonly refused: RefusedHandler,
    /** Loads the stored credentials (again, after another instance may have replaced the token). */
    private readonly load: () => Promise<SocialAdsCredentials>,
    /** Stores credentials after the token was exchanged for a fresh one; absent at connect time. */
    private readonly save?: (credentials: SocialAdsCredentials) => Promise<void>,
    /** Called after the first call the platform accepted (a broken connection reads healthy again). */
    private succeeded?: () => Promise<void>,
  ) {}

  /** A read (retried on a server error or a timeout). */
  get<T>(path: string, params: GraphParams = {}, subject?: Subject): Promise<T> {
    return this.request<T>('GET', path, params, subject);
  }

  /** A write: sent once; a lost answer is `outcome_unknown`. */
  post<T>(path: string, params: GraphParams, subject?: Subject): Promise<T> {
    return this.request<T>('POST', path, params, subject);
  }

  /** Every item of a list edge, following the `after` cursor while the platform says there is a next page. */
  async list<T>(path: string, params: GraphParams = {}, subject?: Subject): Promise<T[]> {
    const items: T[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.get<GraphPage<T>>(path, { limit: 500, ...params, ...(after ? { after } : {}) }, subject);
      items.push(...(page.data ?? []));
      after = page.paging?.cursors?.after;
      if (!page.paging?.next || !after) return items;
    }
  }

  /** Several objects by id in one read (`GET /?ids=a,b`): by id. An id that does not exist answers not found naming it. */
  async byIds<T>(ids: readonly string[], fields: string, what: string): Promise<Record<string, T>> {
    if (!ids.length) return {};
    return this.get<Record<string, T>>('', { ids: ids.join(','), fields }, { what, id: ids.join(', ') });
  }

  private async request<T>(method: 'GET' | 'POST', path: string, params: GraphParams, subject?: Subject): Promise<T> {
    const settings = await this.loadSettings();
    let retried = false;
    for (;;) {
      const credentials = await this.freshCredentials(settings);
      const token = credentials.access_token;
      const form = { ...encodeParams(params), appsecret_proof: appSecretProof(token, settings.clientSecret!) };
      const base = `${settings.apiUrl}/${settings.apiVersion}/${path}`;
      const response = await sendUpstream(
        PLATFORM,
        method === 'GET'
          ? { method, url: `${base}?${new URLSearchParams(form)}`, headers: { Authorization: `Bearer ${token}` }, safe: true }
          : { method, url: base, headers: { Authorization: `Bearer ${token}` }, form, safe: false },
        this.call,
      );
      if (response.status >= 200 && response.status < 300 && !errorOf(response.body)) {
        if (this.succeeded) {
          const succeeded = this.succeeded;
          this.succeeded = undefined;
          await succeeded();
        }
        return (response.body ?? {}) as T;
      }
      const error = errorOf(response.body) ?? { message: `HTTP ${response.status}` };
      // A token another instance replaced since this one loaded it: read the stored one once and send again (refused before anything ran).
      if (isTokenError(error) && !retried) {
        retried = true;
        const stored = await this.load();
        if (stored.access_token !== token) {
          this.credentials = stored;
          continue;
        }
      }
      throw await this.failure(response, error, subject);
    }
  }

  private async loadSettings(): Promise<SocialAdsSettings> {
    this.settings ??= await socialAdsSettings();
    const missing = [
      ...(this.settings.clientId ? [] : ['SOCIALADS_CLIENT_ID']),
      ...(this.settings.clientSecret ? [] : ['SOCIALADS_CLIENT_SECRET']),
    ];
    if (missing.length)
      throw new LiveSetupError({ platform: PLATFORM }, `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.`);
    return this.settings;
  }

  /**
   * The stored token, exchanged for a fresh long-lived one first when it expires within a week. A
   * renewal the platform refuses leaves the current token in use until it lapses.
   */
  private async freshCredentials(settings: SocialAdsSettings): Promise<SocialAdsCredentials> {
    this.credentials ??= await this.load();
    const expiresAt = Number(this.credentials.expires_at || 0) * 1000;
    if (!expiresAt || !this.save || this.refreshTried || expiresAt - Date.now() > REFRESH_BEFORE_MS) return this.credentials;
    this.refreshTried = true;
    if (expiresAt <= Date.now()) {
      throw await this.refused('its access token has expired.', RECONNECT_FIX);
    }
    const exchanged = await exchangeToken(
      settings,
      { grant_type: 'fb_exchange_token', fb_exchange_token: this.credentials.access_token },
      this.call,
    );
    if ('error' in exchanged) {
      // The operator's problem answers as such; otherwise the token still works until it lapses (the health check warns).
      const setup = setupProblem(exchanged.error);
      if (setup) throw new LiveSetupError({ platform: PLATFORM, platformError: String(exchanged.error.code ?? '') }, setup);
      return this.credentials;
    }
    this.credentials = { access_token: exchanged.access_token, expires_at: String(exchanged.expires_at) };
    await this.save(this.credentials);
    return this.credentials;
  }

  /** A refused call as the gateway error to throw. */
  private async failure(response: UpstreamResponse, error: GraphErrorBody, subject?: Subject): Promise<Error> {
    const code = error.code ?? 0;
    const sub = error.error_subcode;
    const platformError = `${code}${sub ? `/${sub}` : ''}`;
    if (isRateLimit(error)) return new UpstreamRateLimitError(PLATFORM, retryAfterOf(response.headers));
    if (isTokenError(error)) return this.refused(tokenReason(error), RECONNECT_FIX);
    if (code >= 200 && code < 300) {
      return this.refused(
        `the person who connected it no longer has the permission this needs (${error.message ?? 'permissions error'}).`,
        'Ask an admin of the ad account to give that person (or system user) access to it again with the ads_management permission, then reconnect the account.',
      );
    }
    const setup = setupProblem(error);
    if (setup) return new LiveSetupError({ platform: PLATFORM, platformError }, setup);
    if (code === 803 || (code === 100 && (sub === 33 || /does not exist|Unknown path components/i.test(error.message ?? '')))) {
      const id = subject?.id ?? '';
      return new NotFoundError(
        subject
          ? `No ${subject.what} with id "${quoted(id)}" exists in this socialads ad account, or the connected user cannot see it. Check the id with the platform's list tools.`
          : `The socialads platform found nothing at this address: ${error.message ?? 'not found'}.`,
        { entity: subject?.what.replace(/ /g, '_') ?? 'object', id },
      );
    }
    if (error.is_transient) {
      return new UpstreamUnavailableError(PLATFORM, `could not carry out the request right now (${error.message ?? 'temporary error'})`);
    }
    const said = error.error_user_msg
      ? `${error.error_user_title ? `${error.error_user_title}: ` : ''}${error.error_user_msg}`
      : error.message;
    return new ToolError(
      `The socialads platform refused the request: ${said ?? 'no reason given'}${error.fbtrace_id ? ` (platform request id ${error.fbtrace_id})` : ''}. Nothing was changed.`,
      {
        code: 'tool_rejected',
        platform: PLATFORM,
        platform_error: platformError,
        ...(error.fbtrace_id ? { request_id: error.fbtrace_id } : {}),
      },
    );
  }
}

/** The error object of an answer, when it is one. */
export function errorOf(body: unknown): GraphErrorBody | undefined {
  const error = (body as { error?: GraphErrorBody } | undefined)?.error;
  return error && typeof error === 'object' ? error : undefined;
}

/** The platform's throttling codes: app (4), user (17), page (32), ad account (613), business use cases (80000-80014). */
export function isRateLimit(error: GraphErrorBody): boolean {
  const code = error.code ?? 0;
  return code === 4 || code === 17 || code === 32 || code === 613 || (code >= 80000 && code <= 80014);
}

/** OAuthException 190 (invalid, expired or revoked token) and 102 (session). */
export function isTokenError(error: GraphErrorBody): boolean {
  return error.code === 190 || error.code === 102;
}

function tokenReason(error: GraphErrorBody): string {
  switch (error.error_subcode) {
    case 463:
      return 'its access token has expired.';
    case 460:
      return 'its access token was invalidated (the person who connected it changed their password or logged out).';
    case 458:
      return "the person who connected it removed this gateway's app.";
    case 459:
    case 464:
      return 'the person who connected it must log in to the platform to confirm their account.';
    default:
      return `the platform no longer accepts its access token (${error.message ?? 'invalid token'}).`;
  }
}

/** Problems of the gateway's app or settings, not of the owner's connection. */
function setupProblem(error: GraphErrorBody): string | undefined {
  const code = error.code ?? 0;
  const message = error.message ?? '';
  if (code === 100 && /appsecret_proof/i.test(message))
    return 'the platform refused the appsecret_proof (SOCIALADS_CLIENT_SECRET is not the secret of the app that issued the token).';
  if (code === 101 || (code === 1 && /client secret|application/i.test(message)))
    return 'the platform refused the app credentials (SOCIALADS_CLIENT_ID / SOCIALADS_CLIENT_SECRET).';
  if (code === 10 || code === 3 || code === 294)
    return `the app does not have the access this call needs (${message || `error ${code}`}): it needs the Marketing API product with ads_management and ads_read approved in App Review (advanced access).`;
  if (
    code === 2635 ||
    code === 12 ||
    /deprecated version|version .* (is|has been) deprecated|no longer (available|supported)/i.test(message)
  )
    return `the API version SOCIALADS_API_VERSION names is no longer served (${message || `error ${code}`}). Set it to a current version.`;
  return undefined;
}

/**
 * Seconds until the platform lets calls through again: the longest `estimated_time_to_regain_access`
 * (minutes) of the business-use-case usage header, else the ad account usage's `reset_time_duration`
 * (seconds), else a minute.
 */
export function retryAfterOf(headers: Headers): number {
  let seconds = 0;
  try {
    const usage = JSON.parse(headers.get('x-business-use-case-usage') ?? '{}') as Record<
      string,
      { estimated_time_to_regain_access?: number }[]
    >;
    for (const entries of Object.values(usage)) {
      for (const entry of entries ?? []) seconds = Math.max(seconds, Number(entry.estimated_time_to_regain_access ?? 0) * 60);
    }
  } catch {
    // An unreadable header says nothing.
  }
  if (!seconds) {
    try {
      const account = JSON.parse(headers.get('x-ad-account-usage') ?? '{}') as { reset_time_duration?: number };
      seconds = Number(account.reset_time_duration ?? 0);
    } catch {
      // Likewise.
    }
  }
  return seconds > 0 ? Math.ceil(seconds) : DEFAULT_RATE_LIMIT_SECONDS;
}

/** The token endpoint's answer: a token and when it expires (unix seconds, 0 = never), or the platform's error. */
export async function exchangeToken(
  settings: SocialAdsSettings,
  params: Record<string, string>,
  call: PortCall,
): Promise<{ access_token: string; expires_at: number } | { error: GraphErrorBody }> {
  if (!settings.clientId || !settings.clientSecret)
    throw new LiveSetupError({ platform: PLATFORM }, 'SOCIALADS_CLIENT_ID and SOCIALADS_CLIENT_SECRET must be set.');
  const query = new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...params });
  // The token endpoint answers a GET; a lost answer changes nothing a second request would not replace.
  const response = await sendUpstream(PLATFORM, { method: 'GET', url: `${settings.oauthTokenUrl}?${query}`, safe: true }, call);
  const body = (response.body ?? {}) as { access_token?: string; expires_in?: number };
  const error = errorOf(response.body);
  if (response.status === 200 && body.access_token && !error) {
    return { access_token: body.access_token, expires_at: body.expires_in ? Math.floor(Date.now() / 1000) + body.expires_in : 0 };
  }
  return { error: error ?? { message: `HTTP ${response.status}` } };
}

/** A refusal of the token endpoint as the gateway error to throw. */
export async function tokenFailure(error: GraphErrorBody, refused: RefusedHandler): Promise<Error> {
  const setup = setupProblem(error);
  if (setup) return new LiveSetupError({ platform: PLATFORM, platformError: String(error.code ?? '') }, setup);
  if (isTokenError(error) || error.code === 100) return refused(tokenReason(error), RECONNECT_FIX);
  return new ToolError(`The socialads platform refused the token request: ${error.message ?? 'no reason given'}.`, {
    code: 'tool_rejected',
    platform: PLATFORM,
    platform_error: String(error.code ?? 'unknown'),
  });
}
