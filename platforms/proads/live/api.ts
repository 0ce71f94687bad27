import { createHash } from 'node:crypto';
import { GatewayError, ToolError, UpstreamRateLimitError, UpstreamUnavailableError, LiveSetupError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { sendUpstream, type UpstreamRequest, type UpstreamResponse } from '../../live/http';
import { notFoundError } from '../../live/not-found';
import { restliQuery, urn, type RestliValue } from './restli';
import { proAdsSettings, type ProAdsSettings } from './settings';

/**
 * The professional network's versioned Marketing API (Rest.li 2.0 under `/rest`) as the proads live
 * adapter and connector speak it. Every call carries `LinkedIn-Version` and
 * `X-Restli-Protocol-Version: 2.0.0` and goes through `sendUpstream` (deadline, read retries, no
 * blind write retry). Access tokens come from the stored refresh token, are cached until shortly
 * before they expire, and are refreshed once more when the platform answers 401. Refusals become
 * gateway errors: a revoked or expired grant through `refused` (the caller marks the connection
 * broken), the operator's problems (app access, client secret, sunset version) as 400
 * `live_setup_incomplete`, rate limits as 429 with a derived Retry-After, validation as 400
 * `tool_rejected` with the platform's message and request id.
 */

export const PLATFORM = 'proads';
/** Access tokens are used until this long before they expire. */
const EXPIRY_MARGIN_MS = 60_000;

export interface ProAdsCredentials extends Record<string, string> {
  refresh_token: string;
}

/** Says what to do when the platform refuses the owner's grant; returns the error to throw. */
export type RefusedHandler = (reason: string, fix: string) => Promise<Error>;

export const RECONNECT_FIX =
  'Reconnect the account: send the owner a new connect link (gateway accounts connect-link --platform proads), or run gateway accounts connect --platform proads --live --refresh-token <new token>.';

/** Access tokens by a hash of the refresh token they came from (never the refresh token itself). */
const accessTokens = new Map<string, { token: string; expiresAt: number }>();
/** When each refresh token lapses (epoch ms), as the token endpoint last said, by the same hash. */
const refreshTokenExpiry = new Map<string, number>();
/** Recent rate-limit answers per account, for the derived Retry-After. */
const recentThrottles = new Map<string, number[]>();

/** 429 with a Retry-After the gateway derived, because the platform's throttling answers carry none. */
export class ProAdsRateLimitError extends GatewayError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      `The proads platform is rate-limiting requests right now (its limits are counted per day and reset at midnight UTC) and gave no wait time. Nothing was changed. The gateway suggests retrying in about ${retryAfterSeconds} seconds.`,
      {
        code: 'upstream_rate_limited',
        structuredContent: { platform: PLATFORM, retry_after_derived: true },
        headers: { 'Retry-After': String(retryAfterSeconds) },
      },
    );
    this.name = 'ProAdsRateLimitError';
  }
}

/** The platform's error envelope. */
export interface WireError {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
  errorDetails?: { inputErrors?: { description?: string; code?: string; input?: { inputPath?: { fieldPath?: string } } }[] };
}

/**
 * Whether a 404 is the Marketing API's own answer about an entity: its error object (`status` 404 and a
 * `message`, with `code` and/or `serviceErrorCode`), and not its answer to a resource path it does not serve
 * (`RESOURCE_NOT_FOUND`, "No virtual resource found"). Another server's 404 carries no such object.
 */
function isEntityNotFound(body: unknown): boolean {
  const error = body as WireError | undefined;
  return (
    typeof error === 'object' &&
    error !== null &&
    error.status === 404 &&
    typeof error.message === 'string' &&
    error.code !== 'RESOURCE_NOT_FOUND'
  );
}

export interface BatchAnswer<T> {
  results?: Record<string, T>;
  statuses?: Record<string, number>;
  errors?: Record<string, WireError>;
}

/** Seconds to wait after a rate-limit answer: doubling with each recent one, never past midnight UTC. */
function derivedRetryAfter(key: string): number {
  const now = Date.now();
  const recent = (recentThrottles.get(key) ?? []).filter((at) => now - at < 15 * 60_000);
  recent.push(now);
  recentThrottles.set(key, recent);
  const midnight = Math.ceil(
    (Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1) - now) / 1000,
  );
  return Math.max(1, Math.min(30 * 2 ** (recent.length - 1), 3600, midnight));
}

const hashOf = (refreshToken: string) => createHash('sha256').update(refreshToken).digest('hex');

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the API base, already holding encoded path keys (`/adAccounts/1/adCampaigns/2`). */
  path: string;
  query?: Record<string, RestliValue | undefined>;
  /** Rest.li method header (PARTIAL_UPDATE, BATCH_GET, BATCH_UPDATE, BATCH_DELETE, FINDER...). */
  restliMethod?: string;
  json?: unknown;
}

export class ProAdsApi {
  private settings?: ProAdsSettings;
  private readonly tokenKey: string;

  constructor(
    private readonly credentials: ProAdsCredentials,
    private readonly call: PortCall,
    private readonly refused: RefusedHandler,
    /** The ad account the calls are for (a 403 is checked against the member's accounts). */
    private readonly accountId?: string,
    /** Called after the first answer that worked (a connection marked broken is healthy again). */
    private onSuccess?: () => Promise<void>,
  ) {
    this.tokenKey = hashOf(credentials.refresh_token);
  }

  /** When the refresh token lapses (epoch ms), once a token request has told. */
  get refreshTokenExpiresAt(): number | undefined {
    return refreshTokenExpiry.get(this.tokenKey);
  }

  /** A read (GET), retried on server errors. */
  get<T>(path: string, query?: Record<string, RestliValue | undefined>, restliMethod?: string): Promise<T> {
    return this.request<T>({ method: 'GET', path, query, restliMethod }).then((r) => r.body);
  }

  /**
   * Every element of a finder. `cursor` pages follow `metadata.nextPageToken` (pageSize/pageToken);
   * `offset` pages follow `paging.start`/`count`/`total` until a short or empty page.
   */
  async findAll<T>(
    path: string,
    query: Record<string, RestliValue | undefined>,
    paging: { kind: 'cursor' | 'offset'; size: number },
    restliMethod?: string,
  ): Promise<T[]> {
    const items: T[] = [];
    let pageToken: string | undefined;
    let start = 0;
    for (;;) {
      const page = await this.get<{
        elements?: T[];
        metadata?: { nextPageToken?: string };
        paging?: { start?: number; count?: number; total?: number };
      }>(
        path,
        paging.kind === 'cursor'
          ? { ...query, pageSize: paging.size, ...(pageToken ? { pageToken } : {}) }
          : { ...query, start, count: paging.size },
        restliMethod,
      );
      const elements = page.elements ?? [];
      items.push(...elements);
      if (paging.kind === 'cursor') {
        pageToken = page.metadata?.nextPageToken || undefined;
        if (!pageToken) return items;
      } else {
        start += elements.length;
        const total = page.paging?.total;
        if (!elements.length || (total !== undefined ? start >= total : elements.length < paging.size)) return items;
      }
    }
  }

  /** A create (201): the new entity's id from the `x-restli-id` header. Never retried. */
  async create(path: string, body: unknown): Promise<string> {
    const response = await this.request<unknown>({ method: 'POST', path, json: body });
    const id = response.headers.get('x-restli-id') ?? response.headers.get('x-linkedin-id');
    if (!id)
      throw new ToolError('The proads platform created the entity but did not say its id; check it with a list tool before retrying.');
    return decodeURIComponent(id);
  }

  /** A partial update: only the fields in `set` change; `remove` deletes optional fields. Never retried. */
  async partialUpdate(
    path: string,
    set: Record<string, unknown>,
    remove: string[] = [],
    query?: Record<string, RestliValue | undefined>,
  ): Promise<void> {
    const patch: Record<string, unknown> = {};
    if (Object.keys(set).length) patch.$set = set;
    if (remove.length) patch.$delete = remove;
    await this.request({ method: 'POST', path, query, restliMethod: 'PARTIAL_UPDATE', json: { patch } });
  }

  /** A Rest.li action (`POST path?action=name`): its `value`. Never retried. */
  async action<T>(path: string, action: string, body: unknown): Promise<T> {
    const response = await this.request<{ value?: T }>({ method: 'POST', path, query: { action }, json: body });
    return response.body?.value as T;
  }

  /** A delete. Never retried. */
  async remove(path: string): Promise<void> {
    await this.request({ method: 'DELETE', path });
  }

  /**
   * Sends media bytes to the upload address the platform handed out (only to the platform's own
   * hosts, over https; plain http only to a loopback host, which only tests configure). Never retried.
   */
  async upload(uploadUrl: string, data: Uint8Array, contentType: string): Promise<void> {
    const settings = await this.loadSettings();
    let target: URL;
    try {
      target = new URL(uploadUrl);
    } catch {
      throw new UpstreamUnavailableError(PLATFORM, 'handed out an upload address that is not a URL');
    }
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname);
    const platformHost = target.host === new URL(settings.apiUrl).host || target.hostname.endsWith('.linkedin.com');
    if (!platformHost || (target.protocol !== 'https:' && !(loopback && target.protocol === 'http:')))
      throw new UpstreamUnavailableError(
        PLATFORM,
        `handed out an upload address on a host this gateway does not send media to (${target.hostname})`,
      );
    const token = await this.accessToken(false);
    const response = await this.send({
      method: 'PUT',
      url: uploadUrl,
      headers: { Authorization: `Bearer ${token}` },
      bytes: { data, contentType },
      safe: false,
    });
    if (response.status < 200 || response.status >= 300) throw await this.failure(response, 'PUT to the upload address');
  }

  /** Any request; the body and headers of a 2xx answer. */
  async request<T>(request: ApiRequest): Promise<{ body: T; headers: Headers; status: number }> {
    const settings = await this.loadSettings();
    const query = request.query ? restliQuery(request.query) : '';
    const url = `${settings.apiUrl}${request.path}${query ? `?${query}` : ''}`;
    let refreshed = false;
    for (;;) {
      const token = await this.accessToken(refreshed);
      const upstream: UpstreamRequest = {
        method: request.method,
        url,
        headers: {
          Authorization: `Bearer ${token}`,
          'LinkedIn-Version': settings.apiVersion,
          'X-Restli-Protocol-Version': '2.0.0',
          ...(request.restliMethod ? { 'X-RestLi-Method': request.restliMethod } : {}),
        },
        json: request.json,
        safe: request.method === 'GET',
      };
      const response = await this.send(upstream);
      if (response.status >= 200 && response.status < 300) {
        const done = this.onSuccess;
        this.onSuccess = undefined;
        await done?.();
        return { body: (response.body ?? {}) as T, headers: response.headers, status: response.status };
      }
      // A 401 is refused before anything happens: a fresh token and one more try is safe.
      if (response.status === 401 && !refreshed) {
        accessTokens.delete(this.tokenKey);
        refreshed = true;
        continue;
      }
      throw await this.failure(response, `${request.method} ${request.path}`);
    }
  }

  /** sendUpstream, with the platform's Retry-After-less 429 turned into one with a derived wait. */
  private async send(request: UpstreamRequest): Promise<UpstreamResponse> {
    try {
      return await sendUpstream(PLATFORM, request, this.call);
    } catch (err) {
      if (err instanceof UpstreamRateLimitError && !err.headers['Retry-After']) {
        throw new ProAdsRateLimitError(derivedRetryAfter(this.accountId ?? this.tokenKey));
      }
      throw err;
    }
  }

  private async loadSettings(): Promise<ProAdsSettings> {
    this.settings ??= await proAdsSettings();
    const missing = [!this.settings.clientId && 'PROADS_CLIENT_ID', !this.settings.clientSecret && 'PROADS_CLIENT_SECRET'].filter(Boolean);
    if (missing.length)
      throw new LiveSetupError({ platform: PLATFORM }, `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.`);
    if (!/^20\d{2}(0[1-9]|1[0-2])$/.test(this.settings.apiVersion))
      throw new LiveSetupError(
        { platform: PLATFORM },
        `PROADS_API_VERSION "${this.settings.apiVersion}" is not a monthly version such as 202611.`,
      );
    return this.settings;
  }

  /** A cached access token, or a new one from the refresh token. */
  private async accessToken(forceNew: boolean): Promise<string> {
    const cached = accessTokens.get(this.tokenKey);
    if (!forceNew && cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.token;
    const settings = await this.loadSettings();
    const answer = await tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: this.credentials.refresh_token }, this.call);
    if (answer.refresh_token_expires_in) refreshTokenExpiry.set(this.tokenKey, Date.now() + answer.refresh_token_expires_in * 1000);
    if (answer.access_token) {
      accessTokens.set(this.tokenKey, { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 });
      return answer.access_token;
    }
    throw await oauthFailure(answer, this.refused);
  }

  /** A non-2xx answer of the API to `request` (`METHOD path`) as the gateway error to throw. */
  private async failure(response: UpstreamResponse, request: string): Promise<Error> {
    const error = (typeof response.body === 'object' && response.body !== null ? response.body : {}) as WireError;
    const message = error.message ?? `the platform answered HTTP ${response.status}`;
    if (response.status === 401) {
      return this.refused(`the platform refused its authorization (${error.code ?? 'INVALID_ACCESS_TOKEN'}: ${message}).`, RECONNECT_FIX);
    }
    if (response.status === 426 || error.code === 'NONEXISTENT_VERSION' || error.code === 'VERSION_MISSING') {
      return new LiveSetupError(
        { platform: PLATFORM },
        `the platform no longer serves API version ${this.settings?.apiVersion ?? '(unset)'} (${message}). Set PROADS_API_VERSION to a current monthly version such as 202611.`,
      );
    }
    if (response.status === 403) return this.forbidden(message);
    const requestId = response.headers.get('x-li-uuid') ?? undefined;
    if (response.status === 404) {
      return notFoundError({
        platform: PLATFORM,
        aboutAnEntity: isEntityNotFound(response.body),
        settings: ['PROADS_API_URL'],
        request,
        message: error.message,
        platformError: error.code,
        requestId,
        account: this.accountId,
      });
    }
    const inputs = (error.errorDetails?.inputErrors ?? []).map(
      (e) => `${e.input?.inputPath?.fieldPath ? `${e.input.inputPath.fieldPath}: ` : ''}${e.description ?? e.code ?? ''}`,
    );
    const detail = {
      platform: PLATFORM,
      ...(error.code ? { platform_error: error.code } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    };
    return new ToolError(
      `The proads platform refused the request: ${message}${inputs.length ? ` (${inputs.join('; ')})` : ''}. Nothing was changed.${requestId ? ` Platform request id ${requestId}.` : ''}`,
      { code: 'tool_rejected', ...detail, ...(inputs.length ? { problems: inputs } : {}) },
    );
  }

  /**
   * A 403 is either the member's (no role on the ad account any more: the owner reconnects) or the
   * app's (an API product or permission the app was not granted: the operator fixes it). The
   * member's accounts tell which.
   */
  private async forbidden(message: string): Promise<Error> {
    if (this.accountId) {
      let roles: { account?: string }[] | undefined;
      try {
        // Asked without the account, so that a refusal here cannot lead back to this check.
        const probe = new ProAdsApi(this.credentials, this.call, this.refused);
        roles = await probe.findAll<{ account?: string }>('/adAccountUsers', { q: 'authenticatedUser' }, { kind: 'offset', size: 100 });
      } catch {
        roles = undefined;
      }
      if (roles && !roles.some((r) => r.account === urn.account(this.accountId!))) {
        return this.refused(
          'the member who connected it no longer has a role on this ad account.',
          'Ask an administrator of the ad account to give the member a role again (or connect it with a member who has one), then reconnect it.',
        );
      }
    }
    return new LiveSetupError(
      { platform: PLATFORM },
      `the platform denied the app access (${message}). The app needs the Advertising API product with the ads permissions approved for it.`,
    );
  }
}

export interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
  status: number;
}

/** One request to the OAuth token endpoint (form-encoded, client credentials in the body). */
export async function tokenRequest(settings: ProAdsSettings, form: Record<string, string>, call: PortCall): Promise<TokenAnswer> {
  const response = await sendUpstream(
    PLATFORM,
    {
      method: 'POST',
      url: settings.oauthTokenUrl,
      form: { ...form, client_id: settings.clientId!, client_secret: settings.clientSecret! },
      // A refresh asks for a token and changes nothing on the platform; a code exchange spends the code.
      safe: form.grant_type === 'refresh_token',
    },
    call,
  );
  return { ...((response.body ?? {}) as Omit<TokenAnswer, 'status'>), status: response.status };
}

/** The token endpoint's refusal as the gateway error to throw. */
export async function oauthFailure(answer: TokenAnswer, refused: RefusedHandler): Promise<Error> {
  const description = answer.error_description ?? '';
  if (answer.error === 'invalid_client' || answer.error === 'unauthorized_client' || answer.status === 401) {
    return new LiveSetupError(
      { platform: PLATFORM },
      'the platform refused the app credentials (PROADS_CLIENT_ID / PROADS_CLIENT_SECRET).',
    );
  }
  if (answer.error === 'invalid_grant' || (answer.error === 'invalid_request' && /refresh token|revoked|expired/i.test(description))) {
    return refused(
      `the platform refused its refresh token (expired after its year, or revoked): ${description || answer.error}.`,
      RECONNECT_FIX,
    );
  }
  return new ToolError(`The proads authorization server refused the token request (${answer.error ?? `HTTP ${answer.status}`}).`, {
    code: 'tool_rejected',
    platform: PLATFORM,
    platform_error: answer.error ?? 'unknown',
  });
}
