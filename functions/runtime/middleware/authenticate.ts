import { UnauthorizedError } from '../../../core/errors';
import {
  ACCESS_TOKEN_PATTERN,
  API_KEY_PATTERN,
  findApiKeyByHash,
  hashApiKey,
  keyIdOf,
  keyStatus,
  type ApiKeyRecord,
} from '../stores/api-keys';
import { getOwner } from '../stores/owners';
import type { Owner } from '../../../core/accounts';
import { header, type GatewayRequest, type GatewayMiddleware, stateOf } from '../state';

/**
 * How long a warm function trusts what it read about a key and its owner. Revocation and tier
 * changes take effect within this time (CONTRACT.md section 1: 10 seconds).
 */
export const AUTH_CACHE_MILLISECONDS = 10_000;

type AuthCache = Map<string, { key: ApiKeyRecord | undefined; owner: Owner | undefined; readAt: number }>;

/**
 * One cache per process, however many copies of this module it loaded: a Lambda package runs the
 * checks in front of the tools from index.js (functions/lazy-handler.ts) and the whole chain from
 * tool-code.js beside it (or platform-free-tool-code.js, and MCP's from each platform's tool-code-<word>.js), each bundle with its own
 * copy (lib/gateway-function.ts). Shared, a new
 * key is read once before its first call runs, not once per copy.
 */
const AUTH_CACHE = Symbol.for('ad-gateway.auth-cache');
const cache: AuthCache = ((globalThis as Record<symbol, AuthCache | undefined>)[AUTH_CACHE] ??= new Map() as AuthCache);

export function clearAuthCache(): void {
  cache.clear();
}

async function lookup(keyHash: string, now: number) {
  const cached = cache.get(keyHash);
  if (cached && now - cached.readAt < AUTH_CACHE_MILLISECONDS) return cached;
  const key = await findApiKeyByHash(keyHash);
  const owner = key ? await getOwner(key.owner_id) : undefined;
  const entry = { key, owner, readAt: now };
  if (cache.size > 10_000) cache.clear();
  cache.set(keyHash, entry);
  return entry;
}

/**
 * Bearer API key → owner. Each failure is a 401 that says what is wrong without echoing the key.
 * `noteKeyId` hears the key id (and its scope) as soon as the key is found (revoked and expired keys included), for logs.
 * Shared by the tool chain below and the MCP endpoint, which authenticates before reading JSON-RPC.
 */
export async function authenticateBearer(
  authorization: string | undefined,
  noteKeyId: (keyId: string, scope?: ApiKeyRecord['scope']) => void = () => undefined,
): Promise<Owner> {
  if (!authorization || !authorization.trim()) {
    throw new UnauthorizedError('Missing API key. Send the header "Authorization: Bearer <API_KEY>" with the key from your key page.');
  }
  const [scheme, ...rest] = authorization.trim().split(/\s+/);
  if (scheme.toLowerCase() !== 'bearer' || rest.length !== 1) {
    throw new UnauthorizedError('The Authorization header must use the Bearer scheme: "Authorization: Bearer <API_KEY>".');
  }
  const apiKey = rest[0];
  if (ACCESS_TOKEN_PATTERN.test(apiKey)) return authenticateAccessToken(apiKey, noteKeyId);
  if (!API_KEY_PATTERN.test(apiKey)) {
    throw new UnauthorizedError(
      'The API key is malformed. Keys start with sk_live_ followed by 32 characters; copy it again from your key page.',
    );
  }
  const now = Date.now();
  const { key, owner } = await lookup(hashApiKey(apiKey), now);
  if (!key || !owner || key.kind !== undefined)
    throw new UnauthorizedError('The API key is not recognised. Check that you copied the whole key, or create a new one.');
  noteKeyId(key.key_id, key.scope);
  // Fails closed: any revoked_at is revoked, an unreadable expires_at is expired (keyStatus).
  const status = keyStatus(key, now);
  if (status === 'revoked')
    throw new UnauthorizedError(`The API key ${keyIdOf(apiKey)}… has been revoked. Create a new key on your key page.`);
  if (status === 'expired') {
    const on = Number.isFinite(Date.parse(String(key.expires_at)))
      ? ` on ${String(key.expires_at).slice(0, 10)}`
      : ' (its expiry date is unreadable)';
    throw new UnauthorizedError(`The API key ${keyIdOf(apiKey)}… has expired${on}. Create a new key on your key page.`);
  }
  return owner;
}

/**
 * An MCP sign-in's access token (OAuth 2.1, functions/oauth/): the owner and scope it was granted,
 * for an hour. Its messages tell the client to refresh or sign in again, never to make a key.
 */
async function authenticateAccessToken(token: string, noteKeyId: (keyId: string, scope?: ApiKeyRecord['scope']) => void): Promise<Owner> {
  const now = Date.now();
  const { key, owner } = await lookup(hashApiKey(token), now);
  if (!key || !owner || key.kind !== 'oauth_access') {
    throw new UnauthorizedError('The access token is not recognised. Sign in again from your MCP client.');
  }
  noteKeyId(key.key_id, key.scope);
  const status = keyStatus(key, now);
  if (status === 'revoked') throw new UnauthorizedError('The access token has been revoked. Sign in again from your MCP client.');
  if (status === 'expired') throw new UnauthorizedError('The access token has expired. Your MCP client refreshes it, or sign in again.');
  return owner;
}

/** The chain's auth step: the request's Bearer API key → owner (see authenticateBearer). */
export function authenticate(): GatewayMiddleware {
  const authenticateBefore = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    state.owner = await authenticateBearer(header(request.event, 'authorization'), (keyId, scope) => {
      state.keyId = keyId;
      state.keyScope = scope;
    });
  };
  return { before: authenticateBefore };
}
