import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A fake OAuth 2.0 authorization server on 127.0.0.1 for the authorization-code flow, following
 * RFC 6749 and the web-server flow of the search platform's identity service (the wire format the
 * live connectors use):
 *
 * - `GET /o/oauth2/v2/auth?client_id&redirect_uri&response_type=code&scope&state[&access_type&prompt]`
 *   is the consent page. An unknown client or an unregistered redirect URI is shown an error page
 *   (never redirected: that would make it an open redirector). Otherwise the test user "decides"
 *   (`decision`): allow → 302 to `redirect_uri?code=...&scope=...&state=...`; deny → 302 to
 *   `redirect_uri?error=access_denied&state=...`. A missing scope or another response_type is
 *   reported to the redirect URI as the RFC's error codes.
 * - `POST /token` (application/x-www-form-urlencoded, client credentials in the body or HTTP Basic):
 *   `grant_type=authorization_code` with `code` and the same `redirect_uri` gives `access_token`,
 *   `expires_in`, `refresh_token`, `scope`, `token_type`. Wrong client credentials → 401
 *   `invalid_client`; an unknown, expired (60 s) or reused code, or another redirect URI → 400
 *   `invalid_grant`. A reused code also revokes the refresh token it issued (RFC 6749 §4.1.2).
 *   `grant_type=refresh_token` gives a fresh access token for a live refresh token, else 400
 *   `invalid_grant`.
 */
export interface FakeAuthorizationServer {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** What the test user does on the next consent page. */
  decision: 'allow' | 'deny';
  /** Refresh tokens issued so far (the secrets that must never show up anywhere). */
  readonly refreshTokens: string[];
  /** Authorization codes issued so far. */
  readonly codes: string[];
  /** Token endpoint requests refused, by error code. */
  readonly refusals: string[];
  close(): Promise<void>;
}

export interface FakeAuthorizationServerOptions {
  /** Redirect URIs registered for the client (exact match, as the real service requires). */
  redirectUris: string[];
  /** Scope the client must ask for. */
  scope: string;
}

interface IssuedCode {
  redirectUri: string;
  scope: string;
  issuedAt: number;
  used: boolean;
  refreshToken?: string;
}

const CODE_LIFETIME_MS = 60_000;

export async function startFakeAuthorizationServer(options: FakeAuthorizationServerOptions): Promise<FakeAuthorizationServer> {
  const clientId = `${randomBytes(6).toString('hex')}.apps.example`;
  const clientSecret = `secret-${randomBytes(12).toString('hex')}`;
  const codes = new Map<string, IssuedCode>();
  const liveRefreshTokens = new Set<string>();
  const fake: Omit<FakeAuthorizationServer, 'url' | 'authorizeUrl' | 'tokenUrl' | 'close'> = {
    clientId,
    clientSecret,
    decision: 'allow',
    refreshTokens: [],
    codes: [],
    refusals: [],
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorize(url.searchParams, res);
      if (req.method === 'POST' && url.pathname === '/token') return token(req, Buffer.concat(chunks).toString('utf8'), res);
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    });
  });

  function authorize(params: URLSearchParams, res: ServerResponse): void {
    const redirectUri = params.get('redirect_uri') ?? '';
    if (params.get('client_id') !== clientId) {
      res.writeHead(401, { 'Content-Type': 'text/html' }).end('<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>');
      return;
    }
    if (!options.redirectUris.includes(redirectUri)) {
      res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>Error 400: redirect_uri_mismatch</h1>');
      return;
    }
    const back = new URL(redirectUri);
    const state = params.get('state');
    const answer = (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) back.searchParams.set(name, value);
      if (state !== null) back.searchParams.set('state', state);
      res.writeHead(302, { Location: back.toString() }).end();
    };
    if (params.get('response_type') !== 'code') return answer({ error: 'unsupported_response_type' });
    const scope = params.get('scope') ?? '';
    if (!scope.split(' ').includes(options.scope)) return answer({ error: 'invalid_scope' });
    if (fake.decision === 'deny') return answer({ error: 'access_denied' });
    const code = `4/${randomBytes(24).toString('base64url')}`;
    codes.set(code, { redirectUri, scope, issuedAt: Date.now(), used: false });
    fake.codes.push(code);
    answer({ code, scope });
  }

  function token(req: IncomingMessage, body: string, res: ServerResponse): void {
    const refuse = (status: number, error: string, description: string) => {
      fake.refusals.push(error);
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error, error_description: description }));
    };
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return refuse(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded.');
    }
    const form = new URLSearchParams(body);
    let [id, secret] = [form.get('client_id'), form.get('client_secret')];
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':').map(decodeURIComponent);
    if (id !== clientId || secret !== clientSecret) return refuse(401, 'invalid_client', 'Unauthorized');

    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code) return refuse(400, 'invalid_grant', 'Malformed auth code.');
      if (code.used) {
        if (code.refreshToken) liveRefreshTokens.delete(code.refreshToken);
        return refuse(400, 'invalid_grant', 'Bad Request');
      }
      code.used = true;
      if (Date.now() - code.issuedAt > CODE_LIFETIME_MS) return refuse(400, 'invalid_grant', 'Bad Request');
      if (form.get('redirect_uri') !== code.redirectUri) return refuse(400, 'redirect_uri_mismatch', 'Bad Request');
      const refreshToken = `1//${randomBytes(32).toString('base64url')}`;
      code.refreshToken = refreshToken;
      liveRefreshTokens.add(refreshToken);
      fake.refreshTokens.push(refreshToken);
      return tokens(res, { refresh_token: refreshToken, scope: code.scope });
    }
    if (grantType === 'refresh_token') {
      if (!liveRefreshTokens.has(form.get('refresh_token') ?? ''))
        return refuse(400, 'invalid_grant', 'Token has been expired or revoked.');
      return tokens(res, {});
    }
    return refuse(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  }

  function tokens(res: ServerResponse, extra: Record<string, string>): void {
    const body = { access_token: `ya29.${randomBytes(24).toString('base64url')}`, expires_in: 3599, token_type: 'Bearer', ...extra };
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The fake authorization server has no port.');
  const url = `http://127.0.0.1:${address.port}`;
  return Object.assign(fake, {
    url,
    authorizeUrl: `${url}/o/oauth2/v2/auth`,
    tokenUrl: `${url}/token`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
