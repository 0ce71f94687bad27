/**
 * A fake of the professional network's Marketing API (versioned Rest.li 2.0 under /rest) and of its
 * OAuth 2.0 server, on 127.0.0.1, written from the public reference. It refuses what the real API
 * refuses: a missing or inactive `LinkedIn-Version` (400 VERSION_MISSING, 426 NONEXISTENT_VERSION),
 * another Rest.li protocol version, unknown, expired or revoked access tokens (401 with the
 * platform's service error codes), members without a role on the account and apps without the
 * advertising product (403), malformed Rest.li queries (unencoded URNs), unknown and read-only body
 * fields (field lists generated from published schemas: proads-fields.json), money in the wrong
 * form or currency or under the platform's minimums, bad enums, too many analytics fields, and
 * updates of fields that cannot change, and answers a path it does not serve (404 RESOURCE_NOT_FOUND,
 * "No virtual resource found") apart from a missing entity (404 NOT_FOUND naming it), as the platform
 * does. It serves cursor and offset pages, creates with 201 and the
 * id in `x-restli-id`, partial updates with 204, batch answers per item, answers 429 without
 * Retry-After when told to (or past its daily limit), and can fail or hang.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeRestli, rawQuery, RestliSyntaxError, type RestliData } from './proads-restli';
import { hash, newId, seedAccount, type FakeAccount, type Json } from './proads-model';
import { EntityRoutes } from './proads-api-entities';
import { ReportingRoutes } from './proads-api-reporting';

export const FAKE_CLIENT_ID = '86fakeclientproads';
export const FAKE_CLIENT_SECRET = 'fake-proads-client-secret';
/** Versions the fake serves (a year of monthly versions ending November 2026). */
export const ACTIVE_VERSIONS = [
  '202512',
  '202601',
  '202602',
  '202603',
  '202604',
  '202605',
  '202606',
  '202607',
  '202608',
  '202609',
  '202610',
  '202611',
];
/** The scopes a consent must carry for the ads APIs. */
export const REQUIRED_SCOPES = ['r_ads', 'rw_ads', 'r_ads_reporting'];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly serviceErrorCode?: number,
    readonly inputErrors?: { fieldPath: string; description: string; code: string }[],
  ) {
    super(message);
  }
}

/**
 * The platform's answer to a resource path it does not serve (a wrong base address or resource name): its error
 * object with `RESOURCE_NOT_FOUND` and no service error code, unlike a missing entity's `NOT_FOUND` naming the entity.
 */
const unservedPath = () => new ApiError(404, 'No virtual resource found', 'RESOURCE_NOT_FOUND');

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  restliMethod?: string;
  status: number;
  body?: unknown;
}

interface RefreshGrant {
  member: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}
interface AccessGrant {
  member: string;
  scopes: string[];
  expiresAt: number;
  from: string;
  revoked: boolean;
}

/** What a route handler gets: the request, its decoded query, the member and the app's access. */
export interface RouteRequest {
  method: string;
  path: string;
  query: Map<string, RestliData>;
  restliMethod?: string;
  body: Json | undefined;
  member: string;
  scopes: string[];
}
export interface RouteAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export class FakeProAdsApi {
  url = '';
  readonly requests: RecordedRequest[] = [];
  readonly accounts = new Map<string, FakeAccount>();
  readonly posts = new Map<string, Json>();
  readonly organizations = new Map<string, Json>();
  /** Member URN → page URN → role (the page roles of organizationAcls). */
  readonly pageRoles = new Map<string, Map<string, string>>();
  /** Redirect URIs registered for the app. */
  redirectUris: string[] = [];
  /** The member who approves on the next consent page; undefined = the member cancels. */
  consentMember: string | undefined;
  /** Lifetime of new access tokens, seconds (60 days on the real platform). */
  accessTokenSeconds = 5_184_000;
  /** Whether the app may receive refresh tokens (an approved advertising app). */
  refreshTokensEnabled = true;
  /** Whether the app holds the advertising API product. */
  advertisingApi = true;
  /** Whether the app was granted the media library finders. */
  mediaLibraryFinder = true;
  /** The most elements the fake puts on one page, whatever the page size asked for (tests lower it). */
  pageCap = 1000;
  /** Calls a member may make per day and resource (the platform's daily throttle). */
  dailyLimit = 100_000;

  readonly refreshTokens = new Map<string, RefreshGrant>();
  private readonly accessTokens = new Map<string, AccessGrant>();
  private readonly codes = new Map<string, { member: string; redirectUri: string; scopes: string[]; used: boolean }>();
  readonly uploads = new Map<string, { image: string; account: string; bytes?: number }>();
  private server?: Server;
  private rateLimited = 0;
  private failing: { count: number; method?: string } = { count: 0 };
  private hanging = 0;
  private readonly daily = new Map<string, number>();
  private readonly entities = new EntityRoutes(this);
  private readonly reporting = new ReportingRoutes(this);

  get apiUrl(): string {
    return `${this.url}/rest`;
  }
  get tokenUrl(): string {
    return `${this.url}/oauth/v2/accessToken`;
  }
  get authorizeUrl(): string {
    return `${this.url}/oauth/v2/authorization`;
  }

  static async start(): Promise<FakeProAdsApi> {
    const fake = new FakeProAdsApi();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  // ---- Test controls.

  /** A new member with a role on a new seeded ad account, and a refresh token of that member. */
  addAccount(options: { name?: string; currency?: string; role?: string; member?: string } = {}) {
    const member = options.member ?? `urn:li:person:${randomBytes(6).toString('base64url')}`;
    const account = seedAccount({ ...options, member }, this.posts, this.organizations);
    this.accounts.set(account.id, account);
    const pages = this.pageRoles.get(member) ?? new Map<string, string>();
    pages.set(account.reference, 'ADMINISTRATOR');
    this.pageRoles.set(member, pages);
    return { account, member, refreshToken: this.issueRefreshToken(member) };
  }

  /** A refresh token of `member`, as the consent flow grants it (a year unless told). */
  issueRefreshToken(member: string, options: { days?: number; scopes?: string[] } = {}): string {
    const token = `AQX${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(token, {
      member,
      scopes: options.scopes ?? [
        ...REQUIRED_SCOPES,
        'r_organization_social',
        'w_organization_social',
        'rw_conversions',
        'r_organization_admin',
      ],
      expiresAt: Date.now() + (options.days ?? 365) * 86_400_000,
      revoked: false,
    });
    return token;
  }

  /** The member revokes the app (or the grant lapses): the refresh token and its access tokens stop working. */
  revoke(refreshToken: string): void {
    const grant = this.refreshTokens.get(refreshToken);
    if (grant) grant.revoked = true;
    for (const access of this.accessTokens.values()) if (access.from === refreshToken) access.revoked = true;
  }

  /** Every access token issued so far expires now. */
  expireAccessTokens(): void {
    for (const access of this.accessTokens.values()) access.expiresAt = 0;
  }

  /** Every access token issued so far (secrets that must never show up anywhere). */
  issuedAccessTokens(): string[] {
    return [...this.accessTokens.keys()];
  }

  rateLimitNext(count: number): void {
    this.rateLimited = count;
  }
  failNext(count: number, options: { method?: string } = {}): void {
    this.failing = { count, method: options.method };
  }
  hangNext(milliseconds: number): void {
    this.hanging = milliseconds;
  }

  /** Requests answered whose path starts with `path` (under /rest unless it starts with /oauth or /upload). */
  count(method: string, path: string, status?: number): number {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(path) && (status === undefined || r.status === status))
      .length;
  }

  /** Requests that could have changed something (everything but GET and the token endpoint). */
  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET' && !r.path.startsWith('/oauth'));
  }

  account(id: string): FakeAccount {
    const account = this.accounts.get(id);
    if (!account) throw new ApiError(404, `Ad account ${id} does not exist.`, 'NOT_FOUND');
    return account;
  }

  // ---- Serving.

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    let raw = Buffer.alloc(0);
    for await (const chunk of req) raw = Buffer.concat([raw, chunk as Buffer]);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/rest/, ''),
      query: url.search,
      restliMethod: header(req, 'x-restli-method'),
      status: 0,
    };
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      this.requests.push(record);
      res.writeHead(status, {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        'x-li-uuid': randomBytes(8).toString('hex'),
        ...headers,
      });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    try {
      if (url.pathname.startsWith('/oauth/v2/')) return this.oauth(req, url, raw.toString('utf8'), res, record);
      if (this.hanging > 0 && url.pathname.startsWith('/rest')) {
        await new Promise((resolve) => setTimeout(resolve, this.hanging));
        if (res.destroyed) return;
      }
      if (this.failing.count > 0 && (!this.failing.method || this.failing.method === req.method)) {
        this.failing.count--;
        return answer(500, { status: 500, message: 'Internal Server Error' });
      }
      if (this.rateLimited > 0) {
        this.rateLimited--;
        // The platform's throttling answer carries no Retry-After.
        return answer(429, {
          status: 429,
          serviceErrorCode: 101,
          code: 'TOO_MANY_REQUESTS',
          message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
        });
      }
      const grant = this.authenticate(req);
      if (url.pathname.startsWith('/upload/')) return answer(this.upload(url.pathname.slice('/upload/'.length), grant, raw));
      if (!url.pathname.startsWith('/rest/')) throw unservedPath();
      this.checkHeaders(req);
      if (!this.advertisingApi)
        throw new ApiError(
          403,
          `Not enough permissions to access: ${record.path.split('/')[1]}.${req.method}.${header(req, 'linkedin-version')}`,
          'ACCESS_DENIED',
          100,
        );
      const dayKey = `${grant.member}|${record.path.split('/')[1]}|${new Date().toISOString().slice(0, 10)}`;
      this.daily.set(dayKey, (this.daily.get(dayKey) ?? 0) + 1);
      if (this.daily.get(dayKey)! > this.dailyLimit)
        return answer(429, {
          status: 429,
          serviceErrorCode: 101,
          code: 'TOO_MANY_REQUESTS',
          message: 'Resource level throttle MEMBER DAY limit for calls to this resource is reached.',
        });
      let body: Json | undefined;
      if (raw.length) {
        if (!String(req.headers['content-type']).startsWith('application/json'))
          throw new ApiError(415, 'Content-Type must be application/json.', 'UNSUPPORTED_MEDIA_TYPE');
        try {
          body = JSON.parse(raw.toString('utf8')) as Json;
        } catch {
          throw new ApiError(400, 'The request body is not valid JSON.', 'ILLEGAL_ARGUMENT');
        }
        record.body = body;
      }
      const query = new Map<string, RestliData>();
      for (const [name, value] of rawQuery(url.search)) query.set(name, name === 'fields' ? value : decodeRestli(value));
      const route: RouteRequest = {
        method: req.method ?? 'GET',
        path: record.path,
        query,
        restliMethod: record.restliMethod,
        body,
        member: grant.member,
        scopes: grant.scopes,
      };
      const result = this.entities.route(route) ?? this.reporting.route(route);
      if (!result) throw unservedPath();
      return answer(result.status, result.body, result.headers);
    } catch (err) {
      if (err instanceof RestliSyntaxError) return answer(400, { status: 400, code: 'ILLEGAL_ARGUMENT', message: err.message });
      if (err instanceof ApiError) {
        return answer(err.status, {
          status: err.status,
          code: err.code,
          message: err.message,
          ...(err.serviceErrorCode ? { serviceErrorCode: err.serviceErrorCode } : {}),
          ...(err.inputErrors?.length
            ? {
                errorDetailType: 'com.linkedin.common.error.BadRequest',
                errorDetails: {
                  inputErrors: err.inputErrors.map((e) => ({
                    description: e.description,
                    input: { inputPath: { fieldPath: e.fieldPath } },
                    code: e.code,
                  })),
                },
              }
            : {}),
        });
      }
      return answer(500, { status: 500, message: (err as Error).message });
    }
  }

  /** The member behind the bearer token, or a 401 as the platform words it. */
  private authenticate(req: IncomingMessage): AccessGrant {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? this.accessTokens.get(token) : undefined;
    if (!grant) throw new ApiError(401, 'Invalid access token', 'INVALID_ACCESS_TOKEN', 65600);
    if (grant.revoked) throw new ApiError(401, 'The token used in the request has been revoked by the user', 'REVOKED_ACCESS_TOKEN', 65601);
    if (grant.expiresAt <= Date.now()) throw new ApiError(401, 'The token used in the request has expired', 'EXPIRED_ACCESS_TOKEN', 65602);
    return grant;
  }

  private checkHeaders(req: IncomingMessage): void {
    const version = header(req, 'linkedin-version');
    if (!version)
      throw new ApiError(
        400,
        'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        'VERSION_MISSING',
      );
    if (!ACTIVE_VERSIONS.includes(version)) throw new ApiError(426, `Requested version ${version}01 is not active`, 'NONEXISTENT_VERSION');
    if (header(req, 'x-restli-protocol-version') !== '2.0.0')
      throw new ApiError(400, 'This resource takes Rest.li protocol 2.0.0 (X-Restli-Protocol-Version).', 'ILLEGAL_ARGUMENT');
  }

  /** Media bytes sent to an upload address the fake handed out. */
  private upload(token: string, grant: AccessGrant, raw: Buffer): number {
    const pending = this.uploads.get(token);
    if (!pending) throw new ApiError(404, 'Unknown upload.', 'NOT_FOUND');
    if (!this.accounts.get(pending.account)?.roles.has(grant.member))
      throw new ApiError(403, 'Not enough permissions to upload.', 'ACCESS_DENIED', 100);
    if (!raw.length) throw new ApiError(400, 'The upload is empty.', 'ILLEGAL_ARGUMENT');
    pending.bytes = raw.length;
    const image = this.accounts.get(pending.account)!.images.find((m) => m.id === pending.image);
    if (image) image.status = 'AVAILABLE';
    this.uploads.delete(token);
    return 201;
  }

  // ---- OAuth 2.0 (authorization code and refresh token grants).

  private oauth(req: IncomingMessage, url: URL, body: string, res: ServerResponse, record: RecordedRequest): void {
    const send = (status: number, json: Json | undefined, headers: Record<string, string> = {}) => {
      record.status = status;
      this.requests.push(record);
      res
        .writeHead(status, { ...(json ? { 'Content-Type': 'application/json' } : {}), 'Cache-Control': 'no-store', ...headers })
        .end(json ? JSON.stringify(json) : undefined);
    };
    if (req.method === 'GET' && url.pathname === '/oauth/v2/authorization') {
      const p = url.searchParams;
      const redirect = p.get('redirect_uri') ?? '';
      if (p.get('client_id') !== FAKE_CLIENT_ID || !this.redirectUris.includes(redirect)) {
        record.status = 400;
        this.requests.push(record);
        res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>The redirect_uri does not match the registered value</h1>');
        return;
      }
      const back = new URL(redirect);
      const scopes = (p.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
      if (p.get('response_type') !== 'code') back.searchParams.set('error', 'invalid_request');
      else if (!REQUIRED_SCOPES.every((s) => scopes.includes(s))) back.searchParams.set('error', 'unauthorized_scope_error');
      else if (!this.consentMember) back.searchParams.set('error', 'user_cancelled_authorize');
      else {
        const code = `AQT${randomBytes(18).toString('base64url')}`;
        this.codes.set(code, { member: this.consentMember, redirectUri: redirect, scopes, used: false });
        back.searchParams.set('code', code);
      }
      if (p.has('state')) back.searchParams.set('state', p.get('state')!);
      return send(302, undefined, { Location: back.toString() });
    }
    if (req.method !== 'POST' || url.pathname !== '/oauth/v2/accessToken') return send(404, { error: 'not_found' });
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return send(400, { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' });
    const form = new URLSearchParams(body);
    if (form.get('client_id') !== FAKE_CLIENT_ID || form.get('client_secret') !== FAKE_CLIENT_SECRET)
      return send(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code || code.used || code.redirectUri !== form.get('redirect_uri'))
        return send(400, {
          error: 'invalid_request',
          error_description:
            'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.',
        });
      code.used = true;
      const refresh = this.refreshTokensEnabled ? this.issueRefreshToken(code.member, { scopes: code.scopes }) : undefined;
      return send(200, {
        ...this.newAccessToken(code.member, code.scopes, refresh ?? ''),
        ...(refresh ? { refresh_token: refresh, refresh_token_expires_in: 31_536_000 } : {}),
        scope: code.scopes.join(','),
      });
    }
    if (grantType === 'refresh_token') {
      const token = form.get('refresh_token') ?? '';
      const grant = this.refreshTokens.get(token);
      if (!grant || grant.revoked || grant.expiresAt <= Date.now())
        return send(400, {
          error: 'invalid_grant',
          error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked.',
        });
      // The refresh token keeps its lifetime: the answer says how much of it is left.
      return send(200, {
        ...this.newAccessToken(grant.member, grant.scopes, token),
        refresh_token: token,
        refresh_token_expires_in: Math.floor((grant.expiresAt - Date.now()) / 1000),
        scope: grant.scopes.join(','),
      });
    }
    return send(400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grantType ?? ''}` });
  }

  private newAccessToken(member: string, scopes: string[], from: string) {
    const token = `AQV${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { member, scopes, from, expiresAt: Date.now() + this.accessTokenSeconds * 1000, revoked: false });
    return { access_token: token, expires_in: this.accessTokenSeconds };
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A new numeric id (re-exported for the route files). */
export { hash, newId };
