import { createHash } from 'node:crypto';
import { publicBaseUrl } from '../runtime/config';
import { header, type GatewayEvent, type GatewayResult } from '../runtime/state';
import { authenticateBearer } from '../runtime/middleware/authenticate';
import { GatewayError } from '../../core/errors';
import { API_KEY_PATTERN } from '../runtime/stores/api-keys';
import { consentPage, errorPage, type ConsentRequest } from './pages';

export { isOAuthPath } from './paths';
import { resolveClient, validateRedirectUris } from './clients';
import {
  ACCESS_TOKEN_SECONDS,
  createAuthorizationCode,
  issueTokens,
  OAUTH_SCOPES,
  redeemAuthorizationCode,
  registerClient,
  revokeByToken,
  spendLinkCode,
  spendRefreshToken,
  type OAuthScope,
} from './store';

/**
 * MCP sign-in: the gateway as an OAuth 2.1 authorization server for its own MCP endpoint, so hosted
 * chat apps and other remote MCP clients connect with a sign-in instead of a pasted key.
 * - `/.well-known/oauth-protected-resource[/mcp]` (RFC 9728): the resource `/mcp` and its server.
 * - `/.well-known/oauth-authorization-server` (RFC 8414; also served as `openid-configuration`,
 *   the path clients try for an issuer with a path, like an API stage): endpoints and abilities.
 * - `POST /oauth/register` (RFC 7591): public clients, no secret. Clients can instead use an https
 *   URL as client_id (a client ID metadata document, read when they sign in).
 * - `/oauth/authorize`: the consent page. The owner proves who they are with what the gateway
 *   already knows (an API key, or a one-time code from `gateway mcp-link`) and picks the scope.
 * - `POST /oauth/token`: authorization code with PKCE S256; refresh tokens, rotated on use.
 * - `POST /oauth/revoke` (RFC 7009).
 * Tokens are bound to the owner, the scope and the resource; only their hashes are stored.
 */

/** The gateway's public URL: PUBLIC_BASE_URL (npm start and the stack set it), else the request's own. */
export function issuerOf(event: GatewayEvent): string {
  const configured = publicBaseUrl();
  if (configured) return configured;
  const host = header(event, 'host') ?? event.requestContext?.domainName ?? 'localhost';
  const loopback = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i.test(host);
  const proto = header(event, 'x-forwarded-proto')?.split(',')[0].trim() ?? (loopback ? 'http' : 'https');
  const fullPath = event.requestContext?.path ?? event.path ?? '';
  const stagePrefix = fullPath.endsWith(event.path ?? '') ? fullPath.slice(0, fullPath.length - (event.path ?? '').length) : '';
  return `${proto}://${host}${stagePrefix}`;
}

/** The protected resource: the MCP endpoint's URL. */
export function resourceOf(event: GatewayEvent): string {
  return `${issuerOf(event)}/mcp`;
}

/** Where a 401 from /mcp points clients (WWW-Authenticate resource_metadata). */
export function resourceMetadataUrl(event: GatewayEvent): string {
  return `${issuerOf(event)}/.well-known/oauth-protected-resource/mcp`;
}

export async function oauthRoute(event: GatewayEvent): Promise<GatewayResult> {
  const path = (event.path ?? '').replace(/\/+$/, '');
  const method = (event.httpMethod ?? '').toUpperCase();
  const only = (allowed: string, run: () => GatewayResult | Promise<GatewayResult>) =>
    method === allowed || (allowed === 'GET' && method === 'HEAD')
      ? run()
      : json(405, { error: 'invalid_request', error_description: `Use ${allowed} here.` }, { Allow: allowed });
  switch (path) {
    case '/.well-known/oauth-protected-resource':
    case '/.well-known/oauth-protected-resource/mcp':
      return only('GET', () => json(200, protectedResourceMetadata(event), { 'Cache-Control': 'public, max-age=3600' }));
    case '/.well-known/oauth-authorization-server':
    case '/.well-known/openid-configuration':
      return only('GET', () => json(200, authorizationServerMetadata(event), { 'Cache-Control': 'public, max-age=3600' }));
    case '/oauth/register':
      return only('POST', () => register(event));
    case '/oauth/authorize':
      if (method === 'GET') return authorizePage(event);
      return only('POST', () => authorizeDecision(event));
    case '/oauth/token':
      return only('POST', () => token(event));
    case '/oauth/revoke':
      return only('POST', () => revoke(event));
    default:
      return json(404, { error: 'not_found' });
  }
}

function protectedResourceMetadata(event: GatewayEvent) {
  return {
    resource: resourceOf(event),
    authorization_servers: [issuerOf(event)],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Ad-platform tool gateway (MCP)',
    resource_documentation: `${issuerOf(event)}/docs`,
  };
}

function authorizationServerMetadata(event: GatewayEvent) {
  const issuer = issuerOf(event);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Registration

async function register(event: GatewayEvent): Promise<GatewayResult> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(bodyText(event)) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
  } catch {
    return json(400, { error: 'invalid_client_metadata', error_description: 'Send the client metadata as a JSON object.' });
  }
  const uris = validateRedirectUris(body.redirect_uris);
  if (typeof uris === 'string') return json(400, { error: 'invalid_redirect_uri', error_description: uris });
  const name = typeof body.client_name === 'string' ? body.client_name.trim().slice(0, 100) : undefined;
  const grantTypes = Array.isArray(body.grant_types) ? body.grant_types : ['authorization_code'];
  if (!grantTypes.includes('authorization_code')) {
    return json(400, {
      error: 'invalid_client_metadata',
      error_description: 'This server issues tokens by authorization code (with refresh): grant_types must include authorization_code.',
    });
  }
  const client = await registerClient({ client_name: name, redirect_uris: uris });
  // Public clients only: a requested secret-based method is replaced by "none" (RFC 7591 §3.2.1).
  return json(201, {
    client_id: client.client_id,
    client_id_issued_at: Math.floor(Date.parse(client.created_at) / 1000),
    ...(client.client_name ? { client_name: client.client_name } : {}),
    redirect_uris: client.redirect_uris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
}

// ---------------------------------------------------------------------------------------------
// Authorization

/** A checked authorization request: what the consent page shows and posts back. */
type AuthorizationRequest = ConsentRequest;

/**
 * Checks an authorization request. A bad client or redirect URI answers an error page (never a
 * redirect to an address not registered); other problems go back to the client's redirect URI.
 */
async function checkRequest(
  event: GatewayEvent,
  params: Record<string, string | undefined>,
): Promise<AuthorizationRequest | GatewayResult> {
  const clientId = params.client_id;
  if (!clientId)
    return errorPage(
      400,
      'The sign-in link is incomplete',
      'It names no client (client_id). Start the sign-in again from your MCP client.',
    );
  const client = await resolveClient(clientId);
  if (typeof client === 'string') return errorPage(400, 'This app is not known', client);
  const redirectUri = params.redirect_uri ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0] : undefined);
  if (!redirectUri || !client.redirect_uris.includes(redirectUri)) {
    return errorPage(
      400,
      'The sign-in link is not valid',
      'The address to return to (redirect_uri) is not one the app registered. Start the sign-in again from your MCP client.',
    );
  }
  const back = (error: string, description: string) =>
    redirect(redirectUri, { error, error_description: description, state: params.state, iss: issuerOf(event) });
  if (params.response_type !== 'code') return back('unsupported_response_type', 'Only response_type=code is supported.');
  if (!params.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) {
    return back('invalid_request', 'PKCE is required: send code_challenge (S256 of the code verifier, base64url, 43 characters).');
  }
  if ((params.code_challenge_method ?? 'plain') !== 'S256') return back('invalid_request', 'code_challenge_method must be S256.');
  const resource = resourceOf(event);
  if (params.resource !== undefined && params.resource.replace(/\/+$/, '') !== resource) {
    return back('invalid_target', `This server grants access to ${resource} only.`);
  }
  const asked = (params.scope ?? '').split(/\s+/).filter(Boolean);
  const unknown = asked.filter((scope) => !(OAUTH_SCOPES as readonly string[]).includes(scope));
  if (unknown.length) return back('invalid_scope', `Unknown scope "${unknown[0].slice(0, 30)}". Scopes: ${OAUTH_SCOPES.join(', ')}.`);
  // Several asked: the widest, write before approve before read.
  const requested = (['write', 'approve', 'read'] as const).find((scope) => asked.includes(scope)) ?? 'read';
  return {
    client_id: client.client_id,
    client_name: client.client_name ?? client.client_id,
    redirect_uri: redirectUri,
    code_challenge: params.code_challenge,
    state: params.state,
    requested,
    resource,
  };
}

async function authorizePage(event: GatewayEvent): Promise<GatewayResult> {
  const request = await checkRequest(event, (event.queryStringParameters ?? {}) as Record<string, string | undefined>);
  if ('statusCode' in request) return request;
  return consentPage(request, { issuer: issuerOf(event) });
}

async function authorizeDecision(event: GatewayEvent): Promise<GatewayResult> {
  const form = formOf(event);
  const request = await checkRequest(event, form);
  if ('statusCode' in request) return request;
  if (form.decision !== 'allow') {
    return redirect(request.redirect_uri, {
      error: 'access_denied',
      error_description: 'The owner did not allow access.',
      state: request.state,
      iss: issuerOf(event),
    });
  }
  const scope = (OAUTH_SCOPES as readonly string[]).includes(form.scope ?? '') ? (form.scope as OAuthScope) : undefined;
  if (!scope)
    return consentPage(request, { issuer: issuerOf(event), problem: 'Choose what the app may do: read, write or approve.', status: 400 });
  const proof = (form.credential ?? '').trim();
  let ownerId: string | undefined;
  if (API_KEY_PATTERN.test(proof)) {
    try {
      let keyScope: string | undefined;
      const owner = await authenticateBearer(`Bearer ${proof}`, (_id, given) => (keyScope = given));
      // A key grants no more than it may do itself.
      if (keyScope && keyScope !== scope && scope !== 'read') {
        return consentPage(request, {
          issuer: issuerOf(event),
          problem: `This API key may only ${keyScope}; choose ${keyScope} or read, or use a key with full access.`,
          status: 403,
        });
      }
      ownerId = owner.owner_id;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return consentPage(request, { issuer: issuerOf(event), problem: error.message, status: 401 });
    }
  } else if (proof) {
    ownerId = await spendLinkCode(proof);
  }
  if (!ownerId) {
    return consentPage(request, {
      issuer: issuerOf(event),
      problem:
        'That is neither a valid API key nor a valid one-time code. A code works once, for 15 minutes: ask your administrator for a new one (gateway mcp-link).',
      status: 401,
    });
  }
  const code = await createAuthorizationCode({
    owner_id: ownerId,
    client_id: request.client_id,
    redirect_uri: request.redirect_uri,
    code_challenge: request.code_challenge,
    scope,
    resource: request.resource,
  });
  return redirect(request.redirect_uri, { code, state: request.state, iss: issuerOf(event) });
}

// ---------------------------------------------------------------------------------------------
// Tokens

async function token(event: GatewayEvent): Promise<GatewayResult> {
  const form = formOf(event);
  const clientId = form.client_id;
  if (!clientId) return tokenError(401, 'invalid_client', 'Send client_id (public clients authenticate with it alone).');
  if (form.grant_type === 'authorization_code') {
    if (!form.code || !form.code_verifier || !form.redirect_uri) {
      return tokenError(400, 'invalid_request', 'Send code, code_verifier and redirect_uri with grant_type=authorization_code.');
    }
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(form.code_verifier))
      return tokenError(400, 'invalid_request', 'code_verifier must be 43 to 128 unreserved characters.');
    const grant = await redeemAuthorizationCode(form.code);
    if (
      !grant ||
      grant.client_id !== clientId ||
      grant.redirect_uri !== form.redirect_uri ||
      pkceChallenge(form.code_verifier) !== grant.code_challenge
    ) {
      return tokenError(
        400,
        'invalid_grant',
        'The authorization code is unknown, used, expired, or was issued to another client, redirect URI or code verifier. Sign in again.',
      );
    }
    if (form.resource !== undefined && form.resource.replace(/\/+$/, '') !== grant.resource)
      return tokenError(400, 'invalid_target', `Tokens are for ${grant.resource}.`);
    return tokenAnswer(await issueTokens(grant));
  }
  if (form.grant_type === 'refresh_token') {
    if (!form.refresh_token) return tokenError(400, 'invalid_request', 'Send refresh_token with grant_type=refresh_token.');
    const previous = await spendRefreshToken(form.refresh_token, clientId);
    if (!previous) return tokenError(400, 'invalid_grant', 'The refresh token is unknown, used, revoked or expired. Sign in again.');
    const granted = previous.scope as OAuthScope;
    // A refresh may narrow the scope to read, never widen it.
    const asked = form.scope?.trim();
    if (asked && asked !== granted && asked !== 'read')
      return tokenError(400, 'invalid_scope', `This sign-in was granted ${granted}; a refresh cannot widen it.`);
    return tokenAnswer(
      await issueTokens({
        owner_id: previous.owner_id,
        client_id: clientId,
        scope: (asked as OAuthScope) || granted,
        resource: previous.resource,
        grant_id: previous.grant_id,
      }),
    );
  }
  return tokenError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
}

function tokenAnswer(tokens: Awaited<ReturnType<typeof issueTokens>>): GatewayResult {
  return json(
    200,
    {
      access_token: tokens.access_token,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: tokens.refresh_token,
      scope: tokens.scope,
    },
    { Pragma: 'no-cache' },
  );
}

async function revoke(event: GatewayEvent): Promise<GatewayResult> {
  const form = formOf(event);
  if (!form.client_id) return tokenError(401, 'invalid_client', 'Send client_id.');
  if (!form.token) return tokenError(400, 'invalid_request', 'Send the token to revoke.');
  await revokeByToken(form.token, form.client_id);
  // RFC 7009 §2.2: 200 whether or not the token was known.
  return json(200, {});
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

// ---------------------------------------------------------------------------------------------
// HTTP pieces

function bodyText(event: GatewayEvent): string {
  if (typeof event.body !== 'string') return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** A form body (application/x-www-form-urlencoded), as OAuth's endpoints take them; repeated fields refused by taking none. */
function formOf(event: GatewayEvent): Record<string, string | undefined> {
  const params = new URLSearchParams(bodyText(event));
  const form: Record<string, string | undefined> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    form[key] = values.length === 1 ? values[0] : undefined;
  }
  return form;
}

function tokenError(status: number, error: string, description: string): GatewayResult {
  return json(status, { error, error_description: description }, status === 401 ? { 'WWW-Authenticate': 'Basic realm="oauth"' } : {});
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): GatewayResult {
  return {
    statusCode: status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

function redirect(target: string, params: Record<string, string | undefined>): GatewayResult {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return {
    statusCode: 302,
    headers: { Location: url.toString(), 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
    body: '',
  };
}
