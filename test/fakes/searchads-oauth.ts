/**
 * A fake of the search platform's OAuth 2.0 authorization server on 127.0.0.1, written from the
 * public OAuth 2.0 reference of the platform: a token endpoint (grant_type refresh_token and
 * authorization_code, form-encoded, client credentials in the body) and a consent endpoint that,
 * for the configured test user, redirects back with a one-time code and the state. It refuses what
 * the real server refuses: wrong client credentials (401 invalid_client), expired or revoked
 * refresh tokens and reused, unknown or mismatched codes (400 invalid_grant), other grant types.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_CLIENT_ID = '1234567890-fake.apps.example.com';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';
const SCOPE = 'https://www.googleapis.com/auth/adwords';

interface AccessToken {
  user: string;
  expiresAt: number;
  /** The refresh token it was made from; revoking that one revokes this too. */
  from: string;
}

export class FakeSearchAdsOAuth {
  private server!: Server;
  url = '';
  /** The user who approves on the consent page; undefined = the user denies. */
  consentUser: string | undefined;
  /** Lifetime of new access tokens, seconds. */
  accessTokenSeconds = 3599;
  readonly tokenRequests: { grant_type: string; status: number }[] = [];
  private readonly refreshTokens = new Map<string, { user: string; revoked: boolean }>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly codes = new Map<string, { user: string; redirectUri: string; used: boolean }>();

  get tokenUrl(): string {
    return `${this.url}/token`;
  }

  get authorizeUrl(): string {
    return `${this.url}/o/oauth2/v2/auth`;
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
    const token = `1//fake-${randomBytes(18).toString('base64url')}`;
    this.refreshTokens.set(token, { user, revoked: false });
    return token;
  }

  /** The user revokes the gateway's access (or the token expires): it stops working. */
  revoke(refreshToken: string): void {
    const entry = this.refreshTokens.get(refreshToken);
    if (entry) entry.revoked = true;
    for (const [token, access] of this.accessTokens) if (access.from === refreshToken) this.accessTokens.delete(token);
  }

  /** Every access token issued so far expires now. */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  /** The API's view of an access token: its user, `expired`, or undefined when never issued. */
  check(accessToken: string): { user: string } | 'expired' | undefined {
    const token = this.accessTokens.get(accessToken);
    if (!token) return undefined;
    return token.expiresAt > Date.now() ? { user: token.user } : 'expired';
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return this.consent(url, res);
    if (req.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return this.send(
          res,
          400,
          { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' },
          'unknown',
        );
      }
      return this.token(new URLSearchParams(raw), res);
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
  }

  private consent(url: URL, res: ServerResponse): void {
    const p = url.searchParams;
    const redirect = p.get('redirect_uri');
    if (p.get('client_id') !== FAKE_CLIENT_ID || !redirect) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Error 400: invalid_request (unknown client or missing redirect_uri)');
      return;
    }
    const back = new URL(redirect);
    if (p.get('response_type') !== 'code' || !(p.get('scope') ?? '').split(' ').includes(SCOPE)) {
      back.searchParams.set('error', 'invalid_request');
    } else if (!this.consentUser) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/fake-${randomBytes(12).toString('base64url')}`;
      this.codes.set(code, { user: this.consentUser, redirectUri: redirect, used: false });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', SCOPE);
    }
    if (p.has('state')) back.searchParams.set('state', p.get('state')!);
    res.writeHead(302, { Location: back.toString() }).end();
  }

  private token(form: URLSearchParams, res: ServerResponse): void {
    const grant = form.get('grant_type') ?? '';
    if (form.get('client_id') !== FAKE_CLIENT_ID || form.get('client_secret') !== FAKE_CLIENT_SECRET) {
      return this.send(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' }, grant);
    }
    if (grant === 'refresh_token') {
      const entry = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!entry || entry.revoked)
        return this.send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, grant);
      return this.send(res, 200, this.newAccessToken(entry.user, form.get('refresh_token')!), grant);
    }
    if (grant === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code || code.used || code.redirectUri !== form.get('redirect_uri')) {
        return this.send(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' }, grant);
      }
      code.used = true;
      const refreshToken = this.issueRefreshToken(code.user);
      return this.send(res, 200, { ...this.newAccessToken(code.user, refreshToken), refresh_token: refreshToken }, grant);
    }
    this.send(res, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grant}` }, grant);
  }

  private newAccessToken(user: string, from: string) {
    const token = `ya29.fake-${randomBytes(18).toString('base64url')}`;
    this.accessTokens.set(token, { user, from, expiresAt: Date.now() + this.accessTokenSeconds * 1000 });
    return { access_token: token, expires_in: this.accessTokenSeconds, scope: SCOPE, token_type: 'Bearer' };
  }

  private send(res: ServerResponse, status: number, body: object, grant: string): void {
    this.tokenRequests.push({ grant_type: grant, status });
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  }
}
