import { createHash } from 'node:crypto';
import { ToolError, UpstreamRateLimitError, LiveSetupError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { sendUpstream, type UpstreamResponse } from '../../live/http';
import { notFoundError } from '../../live/not-found';
import { retailAdsSettings, type RetailAdsSettings } from './settings';

/**
 * The retail marketplace's Ads API on the wire, as the retailads live adapter and connector speak it:
 * Login-with-Amazon access tokens from the owner's refresh token (cached until a minute before they
 * lapse, refreshed once more when the API answers 401), every call with the app's client id, the
 * profile as scope and the operation's vendor media type on Content-Type and Accept. Ids are strings
 * end to end: answers are parsed so that integer ids past JavaScript's safe integers stay exact, and
 * bodies of the interfaces that take integer ids write them as JSON integers from their digits.
 *
 * Failures become gateway errors: a refused grant or a profile the user can no longer reach through
 * `refused` (the caller marks the connection broken), an operator's problem (client id or secret
 * refused, the app not allowed to use the API, a media type no longer served) as 400
 * `live_setup_incomplete` without touching the connection, a rate limit as 429 with Retry-After
 * (derived when the platform sends none), and a refused request as 400 `tool_rejected` with the
 * platform's own message, code and request id.
 */

export const PLATFORM = 'retailads';
/** Access tokens are used until this long before they lapse. */
const EXPIRY_MARGIN_MS = 60_000;
/** Retry-After when a 429 carries none: the platform's throttling recovers within seconds. */
export const DERIVED_RETRY_AFTER_SECONDS = 5;

/** Access tokens by a hash of the client id and the refresh token they came from (never the token itself). */
const accessTokens = new Map<string, { token: string; expiresAt: number }>();
/** Token requests under way by the same key: calls made at once share one refresh. */
const refreshing = new Map<string, Promise<string>>();

export interface RetailAdsCredentials extends Record<string, string> {
  refresh_token: string;
}

/** Says what to do when the platform refuses the owner's grant or access; returns the error to throw. */
export type RefusedHandler = (reason: string, fix: string) => Promise<Error>;

export const RECONNECT_FIX =
  'Reconnect the profile: gateway accounts connect --platform retailads --live --refresh-token <new token>, or send the owner a new connect link (gateway accounts connect-link --platform retailads).';

/** A 400 `live_not_supported`: what the platform's public API does not offer. */
export function notSupported(what: string): ToolError {
  return new ToolError(`${what} Nothing was changed.`, { code: 'live_not_supported', platform: PLATFORM });
}

/** An integer id written as a JSON integer from its digits (the interfaces that take int64 ids). */
export class WireInt {
  constructor(readonly digits: string) {
    if (!/^-?\d+$/.test(digits)) throw new ToolError(`"${digits}" is not a numeric id of the platform.`, { code: 'invalid_arguments' });
  }
  toJSON(): string {
    return `\u0000int:${this.digits}`;
  }
}
export const wireInt = (id: string) => new WireInt(id);

/** JSON text of a body, with WireInt values as bare integers. */
export function wireJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000int:(-?\d+)"/g, '$1');
}

/**
 * Parses the platform's JSON with integers of 16 or more digits as strings (ids such as profile,
 * campaign and keyword ids exceed Number.MAX_SAFE_INTEGER); every other value as JSON.parse does.
 */
export function parseWireJson(text: string): unknown {
  if (!text) return undefined;
  let out = '';
  let inString = false;
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c === '-' || (c! >= '0' && c! <= '9')) {
      let j = i + (c === '-' ? 1 : 0);
      while (j < text.length && text[j]! >= '0' && text[j]! <= '9') j++;
      const next = text[j];
      const digits = j - i - (c === '-' ? 1 : 0);
      if (digits >= 16 && next !== '.' && next !== 'e' && next !== 'E') {
        out += `${text.slice(last, i)}"${text.slice(i, j)}"`;
        last = j;
      }
      i = j - 1;
    }
  }
  try {
    return JSON.parse(out + text.slice(last)) as unknown;
  } catch {
    return undefined;
  }
}

/** One request of the Ads API. */
export interface WireRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** The request body's media type (the operation's vendor type, or application/json). */
  contentType?: string;
  /** The media type asked for; default the request's. */
  accept?: string;
  /** true when sending it twice cannot change anything (reads, and list searches sent as POST). */
  safe: boolean;
  /** false for calls that take no profile scope (the profile list). */
  scoped?: boolean;
}

export interface WireAnswer<T> {
  status: number;
  body: T;
  /** The platform's request id, for error messages and support. */
  requestId?: string;
}

/** What the platform says in a refusal, whichever of its error shapes it uses. */
export interface WireFailure {
  code?: string;
  message: string;
  requestId?: string;
}

/** What the adapter's families use of the API: one request at a time, and the deployment's settings. */
export interface RetailAdsWire {
  readonly profileId: string | undefined;
  send<T>(request: WireRequest): Promise<WireAnswer<T>>;
  loadSettings(): Promise<RetailAdsSettings & { clientId: string; clientSecret: string }>;
}

export class RetailAdsApi implements RetailAdsWire {
  private settings?: RetailAdsSettings;
  private tokenKey?: string;

  constructor(
    private readonly credentials: RetailAdsCredentials,
    /** The profile every scoped call acts on. */
    readonly profileId: string | undefined,
    private readonly call: PortCall,
    private readonly refused: RefusedHandler,
    /** The clock the access token's lifetime is counted on (tests pass a controlled one). */
    private readonly now: () => number = Date.now,
  ) {}

  /** The deployment's settings, or a `live_setup_incomplete` naming what is missing. */
  async loadSettings(): Promise<RetailAdsSettings & { clientId: string; clientSecret: string }> {
    this.settings ??= await retailAdsSettings();
    const missing = (
      [
        ['clientId', 'RETAILADS_CLIENT_ID'],
        ['clientSecret', 'RETAILADS_CLIENT_SECRET'],
      ] as const
    ).filter(([key]) => !this.settings![key]);
    if (missing.length)
      throw new LiveSetupError(
        { platform: PLATFORM },
        `${missing.map(([, name]) => name).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.`,
      );
    return this.settings as RetailAdsSettings & { clientId: string; clientSecret: string };
  }

  /** Sends one request; a 2xx answer comes back (207 multi-status included), anything else as a gateway error. */
  async send<T>(request: WireRequest): Promise<WireAnswer<T>> {
    const settings = await this.loadSettings();
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) search.append(name, value);
    const url = `${settings.apiUrl}${request.path}${search.size ? `?${search}` : ''}`;
    const contentType = request.body === undefined ? undefined : (request.contentType ?? 'application/json');
    let refused: string | undefined;
    for (;;) {
      const token = await this.accessToken(refused);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token}`,
        'Amazon-Advertising-API-ClientId': settings.clientId,
        Accept: request.accept ?? contentType ?? 'application/json',
        ...(contentType ? { 'Content-Type': contentType } : {}),
      };
      if (request.scoped !== false) {
        if (!this.profileId) throw new Error('A scoped retailads call needs a profile id.');
        headers['Amazon-Advertising-API-Scope'] = this.profileId;
      }
      if (request.method !== 'GET' && !request.safe && request.body !== undefined) headers.Prefer = 'return=representation';
      const response = await this.upstream({
        method: request.method,
        url,
        headers,
        ...(request.body === undefined ? {} : { jsonText: wireJson(request.body) }),
        safe: request.safe,
      });
      if (response.status >= 200 && response.status < 300) {
        return { status: response.status, body: parseWireJson(response.text) as T, requestId: requestIdOf(response) };
      }
      // A 401 is refused before anything happens: a fresh token and one more try is safe.
      if (response.status === 401 && !refused && !mentionsClient(failureOf(response))) {
        refused = token;
        continue;
      }
      throw await this.failure(response, `${request.method} ${request.path}`);
    }
  }

  /** sendUpstream, with a Retry-After derived when a 429 carries none. */
  private async upstream(request: Parameters<typeof sendUpstream>[1]): Promise<UpstreamResponse> {
    try {
      return await sendUpstream(PLATFORM, request, this.call);
    } catch (err) {
      if (err instanceof UpstreamRateLimitError && !err.headers['Retry-After'])
        throw new UpstreamRateLimitError(PLATFORM, DERIVED_RETRY_AFTER_SECONDS);
      throw err;
    }
  }

  /**
   * A cached access token (not the one the platform just refused), or a new one from the refresh
   * token; calls that need a new one at the same time share one token request.
   */
  private async accessToken(refused?: string): Promise<string> {
    const settings = await this.loadSettings();
    const key = (this.tokenKey ??= createHash('sha256').update(`${settings.clientId}\n${this.credentials.refresh_token}`).digest('hex'));
    const cached = accessTokens.get(key);
    if (cached && cached.token !== refused && cached.expiresAt - EXPIRY_MARGIN_MS > this.now()) return cached.token;
    let pending = refreshing.get(key);
    if (!pending) {
      pending = this.newAccessToken(settings, key).finally(() => refreshing.delete(key));
      refreshing.set(key, pending);
    }
    return pending;
  }

  private async newAccessToken(settings: RetailAdsSettings & { clientId: string; clientSecret: string }, key: string): Promise<string> {
    const response = await this.upstream({
      method: 'POST',
      url: settings.oauthTokenUrl,
      form: {
        grant_type: 'refresh_token',
        refresh_token: this.credentials.refresh_token,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      },
      safe: true,
    });
    const body = (response.body ?? {}) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (response.status === 200 && typeof body.access_token === 'string') {
      const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
      accessTokens.set(key, { token: body.access_token, expiresAt: this.now() + lifetime * 1000 });
      return body.access_token;
    }
    throw await oauthFailure(typeof body.error === 'string' ? body.error : undefined, this.refused);
  }

  /** A non-2xx answer of the API to `request` (`METHOD path`) as the gateway error to throw. */
  private async failure(response: UpstreamResponse, request: string): Promise<Error> {
    const failure = failureOf(response);
    if (mentionsClient(failure) || response.status === 415 || response.status === 406) {
      return new LiveSetupError(
        { platform: PLATFORM },
        response.status === 415 || response.status === 406
          ? `the platform no longer serves the media type this gateway sends (${failure.message}); this API version may be sunset.`
          : `the platform refused the app (${failure.message}): check RETAILADS_CLIENT_ID and that the app has Ads API access.`,
      );
    }
    if (response.status === 401)
      return this.refused(`the platform refused its authorization (${failure.code ?? 'UNAUTHORIZED'}: ${failure.message}).`, RECONNECT_FIX);
    if (response.status === 403)
      return this.refused(
        `the user who connected it can no longer manage profile ${this.profileId ?? ''} (${failure.code ?? 'ACCESS_DENIED'}: ${failure.message}).`,
        'Ask an administrator of the advertising account to give the user campaign access again, then reconnect the profile.',
      );
    if (response.status === 404)
      return notFoundError({
        platform: PLATFORM,
        aboutAnEntity: isEntityNotFound(failure),
        settings: ['RETAILADS_API_URL'],
        request,
        message: failure.message === `HTTP ${response.status}` ? undefined : failure.message,
        platformError: failure.code,
        requestId: failure.requestId,
      });
    return platformRefusal(failure);
  }
}

/**
 * Whether a 404 is the Ads API's own answer about an entity: its error object (a `code`, with `message`, `details` or
 * `detail`) saying the entity was not found, and not its answer to a path it does not serve ("Could not find resource
 * for full path: ..."). Another server's 404 carries no such object.
 */
function isEntityNotFound(failure: WireFailure): boolean {
  return (
    failure.code !== undefined &&
    /not ?found/i.test(`${failure.code} ${failure.message}`) &&
    !/could not find resource for full path/i.test(failure.message)
  );
}

/** The platform's refusal of a request, as a 400 that carries its message, code and request id. */
export function platformRefusal(failure: WireFailure): ToolError {
  return new ToolError(
    `The retailads platform refused the request: ${failure.message}${failure.requestId ? ` (request id ${failure.requestId})` : ''}`,
    {
      platform: PLATFORM,
      ...(failure.code ? { platform_error: failure.code } : {}),
      ...(failure.requestId ? { request_id: failure.requestId } : {}),
    },
  );
}

function requestIdOf(response: UpstreamResponse): string | undefined {
  return response.headers.get('x-amzn-requestid') ?? response.headers.get('x-amz-request-id') ?? undefined;
}

/** The message of any of the platform's error shapes ({code, message}, {code, details}, {code, detail}, {error, error_description}). */
export function failureOf(response: UpstreamResponse): WireFailure {
  const body = (parseWireJson(response.text) ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    code: text(body.code) ?? text(body.error),
    message: text(body.message) ?? text(body.details) ?? text(body.detail) ?? text(body.error_description) ?? `HTTP ${response.status}`,
    requestId: requestIdOf(response),
  };
}

/** Whether a refusal is about the app's client id (the operator's, not the owner's). */
function mentionsClient(failure: WireFailure): boolean {
  return /client ?id|clientid|client_id/i.test(failure.message);
}

/** The token endpoint's refusal as the gateway error to throw. */
export async function oauthFailure(error: string | undefined, refused: RefusedHandler): Promise<Error> {
  if (error === 'invalid_grant') return refused('the refresh token has expired or was revoked.', RECONNECT_FIX);
  if (error === 'invalid_client' || error === 'unauthorized_client')
    return new LiveSetupError(
      { platform: PLATFORM },
      `the login service refused the app (${error}): check RETAILADS_CLIENT_ID and RETAILADS_CLIENT_SECRET.`,
    );
  return new ToolError(`The retailads login service refused the token request (${error ?? 'no reason given'}).`, {
    code: 'invalid_arguments',
    platform: PLATFORM,
    platform_error: error ?? 'unknown',
  });
}

/** Every item of a list searched with POST and `nextToken` (Sponsored Products v3, Sponsored Brands v4, reporting lists). */
export async function listByToken<T>(
  api: RetailAdsWire,
  request: Omit<WireRequest, 'method' | 'safe' | 'body'> & { body: Record<string, unknown> },
  key: string,
): Promise<T[]> {
  const items: T[] = [];
  let nextToken: string | undefined;
  do {
    const { body } = await api.send<Record<string, unknown>>({
      ...request,
      method: 'POST',
      safe: true,
      body: { ...request.body, ...(nextToken ? { nextToken } : {}) },
    });
    items.push(...((body?.[key] as T[] | undefined) ?? []));
    nextToken = typeof body?.nextToken === 'string' && body.nextToken ? body.nextToken : undefined;
  } while (nextToken);
  return items;
}

/** Every item of a list read with GET and startIndex/count (Sponsored Brands v3, Sponsored Display). */
export async function listByIndex<T>(api: RetailAdsWire, request: Omit<WireRequest, 'method' | 'safe'>, count = 100): Promise<T[]> {
  const items: T[] = [];
  for (let startIndex = 0; ; startIndex += count) {
    const { body } = await api.send<T[]>({
      ...request,
      method: 'GET',
      safe: true,
      query: { ...request.query, startIndex: String(startIndex), count: String(count) },
    });
    const page = Array.isArray(body) ? body : [];
    items.push(...page);
    if (page.length < count) return items;
  }
}

/** An id from the wire (string or exact integer text) as the string tools use. */
export const idOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
