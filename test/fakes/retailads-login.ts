/**
 * A fake of the retail marketplace's login service (Login with Amazon, OAuth 2.0) on 127.0.0.1,
 * written from its public reference: the consent page `GET /ap/oa` (client_id, scope
 * advertising::campaign_management, response_type=code, redirect_uri, state) that redirects back
 * with a one-time code, and the token endpoint `POST /auth/o2/token` (form-encoded, client
 * credentials in the body): grant_type authorization_code and refresh_token give an access token
 * that lives an hour. It refuses what the real service refuses: a wrong client id or secret (401
 * invalid_client), an app not allowed to ask for the scope (400 unauthorized_client), an expired,
 * revoked or unknown refresh token and a reused, unknown or mismatched code (400 invalid_grant).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_RETAILADS_CLIENT_ID = 'client.fake-retailads-7f3a91c2';
export const FAKE_RETAILADS_CLIENT_SECRET = 'fake-retailads-client-secret-5d2e';
export const RETAILADS_LOGIN_SCOPE = 'advertising::campaign_management';

interface AccessToken {
  user: string;
  expiresAt: number;
  from: string;
}

export class FakeRetailAdsLogin {
  private server!: Server;
  url = '';
  /** The user who approves on the consent page; undefined = the user cancels. */
  consentUser: string | undefined;
  /** false: the app was never allowed the advertising scope (the operator's problem). */
  appAllowed = true;
  /** Lifetime of new access tokens, seconds (the service's is an hour). */
  accessTokenSeconds = 3600;
  readonly tokenRequests: { grant_type: string; status: number; error?: string }[] = [];
  private readonly refreshTokens = new Map<string, { user: string; revoked: boolean }>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly codes = new Map<string, { user: string; redirectUri: string; used: boolean }>();

  get tokenUrl(): string {
    return `${this.url}/auth/o2/token`;
  }

  get authorizeUrl(): string {
    return `${this.url}/ap/oa`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** A refresh token of `user`, as the consent flow would have granted it. */
  issueRefreshToken(user: string): string {
    const token = `Atzr|fake-${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(token, { user, revoked: false });
    return token;
  }

  /** The user removes the app's access: the refresh token and its access tokens stop working. */
  revoke(refreshToken: string): void {
    const entry = this.refreshTokens.get(refreshToken);
    if (entry) entry.revoked = true;
    for (const [token, access] of this.accessTokens) if (access.from === refreshToken) this.accessTokens.delete(token);
  }

  /** Every access token issued so far lapses now. */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  /** The API's view of an access token: its user, `expired`, or undefined when never issued (or revoked). */
  check(accessToken: string): { user: string } | 'expired' | undefined {
    const token = this.accessTokens.get(accessToken);
    if (!token) return undefined;
    return token.expiresAt > Date.now() ? { user: token.user } : 'expired';
  }

  /** Every secret the service handed out (refresh and access tokens), for the secrets scan. */
  secrets(): string[] {
    return [...this.refreshTokens.keys(), ...this.accessTokens.keys()];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'GET' && url.pathname === '/ap/oa') return this.consent(url, res);
    if (req.method === 'POST' && url.pathname === '/auth/o2/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return this.send(
          res,
          400,
          { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' },
          'unknown',
        );
      return this.token(new URLSearchParams(raw), res);
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
  }

  private consent(url: URL, res: ServerResponse): void {
    const p = url.searchParams;
    const redirect = p.get('redirect_uri');
    if (p.get('client_id') !== FAKE_RETAILADS_CLIENT_ID || !redirect) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('400 Bad Request: unknown client or no redirect_uri');
      return;
    }
    const back = new URL(redirect);
    if (p.get('response_type') !== 'code') back.searchParams.set('error', 'unsupported_response_type');
    else if (!(p.get('scope') ?? '').split(' ').includes(RETAILADS_LOGIN_SCOPE)) back.searchParams.set('error', 'invalid_scope');
    else if (!this.appAllowed) back.searchParams.set('error', 'unauthorized_client');
    else if (!this.consentUser) back.searchParams.set('error', 'access_denied');
    else {
      const code = `ANfake${randomBytes(12).toString('base64url')}`;
      this.codes.set(code, { user: this.consentUser, redirectUri: redirect, used: false });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', RETAILADS_LOGIN_SCOPE);
    }
    if (p.has('state')) back.searchParams.set('state', p.get('state')!);
    res.writeHead(302, { Location: back.toString() }).end();
  }

  private token(form: URLSearchParams, res: ServerResponse): void {
    const grant = form.get('grant_type') ?? '';
    if (form.get('client_id') !== FAKE_RETAILADS_CLIENT_ID || form.get('client_secret') !== FAKE_RETAILADS_CLIENT_SECRET)
      return this.send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' }, grant);
    if (!this.appAllowed)
      return this.send(res, 400, { error: 'unauthorized_client', error_description: 'Not authorized for requested operation' }, grant);
    if (grant === 'refresh_token') {
      const entry = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!entry || entry.revoked)
        return this.send(
          res,
          400,
          { error: 'invalid_grant', error_description: 'The request has an invalid grant parameter : refresh_token' },
          grant,
        );
      return this.send(res, 200, this.newAccessToken(entry.user, form.get('refresh_token')!), grant);
    }
    if (grant === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code || code.used || code.redirectUri !== form.get('redirect_uri'))
        return this.send(
          res,
          400,
          { error: 'invalid_grant', error_description: 'The request has an invalid grant parameter : code' },
          grant,
        );
      code.used = true;
      const refreshToken = this.issueRefreshToken(code.user);
      return this.send(res, 200, { ...this.newAccessToken(code.user, refreshToken), refresh_token: refreshToken }, grant);
    }
    this.send(res, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grant}` }, grant);
  }

  private newAccessToken(user: string, from: string) {
    const token = `Atza|fake-${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { user, from, expiresAt: Date.now() + this.accessTokenSeconds * 1000 });
    return { access_token: token, expires_in: this.accessTokenSeconds, token_type: 'bearer' };
  }

  private send(res: ServerResponse, status: number, body: Record<string, unknown> & { error?: string }, grant: string): void {
    this.tokenRequests.push({ grant_type: grant, status, ...(body.error ? { error: body.error } : {}) });
    res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  }
}
