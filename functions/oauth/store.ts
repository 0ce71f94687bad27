import { randomInt } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../runtime/config';
import { randomToken, sha256Hex } from '../runtime/canonical';
import { documentClient, isConditionalCheckFailed } from '../runtime/stores/dynamo';
import type { ApiKeyRecord } from '../runtime/stores/api-keys';

/**
 * What MCP sign-in (OAuth 2.1) keeps, and where:
 * - registered clients (dynamic client registration) and issued tokens in the apiKeys table, beside
 *   the API keys they stand in for: an access token is authenticated exactly like a key (by its
 *   SHA-256, `kind` oauth_access), with the owner and scope it was granted; a refresh token is
 *   never accepted as a Bearer credential;
 * - the short-lived one-time things (codes from `gateway mcp-link`, authorization codes) in the
 *   idempotency table, expired by TTL, as the connect links are.
 * No code or token is stored in plaintext: only its SHA-256.
 */

export const ACCESS_TOKEN_PREFIX = 'mcp_at_';
export const REFRESH_TOKEN_PREFIX = 'mcp_rt_';
export const OAUTH_SCOPES = ['read', 'write', 'approve'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
export const AUTHORIZATION_CODE_SECONDS = 5 * 60;
export const LINK_CODE_SECONDS = 15 * 60;
const KEPT_AFTER_EXPIRY_SECONDS = 60 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------------------------------------
// Clients

export interface OAuthClient {
  client_id: string;
  client_name?: string;
  redirect_uris: string[];
  created_at: string;
  /** How the gateway learnt of it: registered here, or its metadata document (CIMD) read on use. */
  source: 'registered' | 'metadata_document';
}

const clientKey = (clientId: string) => `OAUTH_CLIENT#${clientId}`;

export async function registerClient(client: { client_name?: string; redirect_uris: string[] }): Promise<OAuthClient> {
  const record: OAuthClient = {
    client_id: `mcp_client_${randomToken(22)}`,
    ...(client.client_name ? { client_name: client.client_name } : {}),
    redirect_uris: client.redirect_uris,
    created_at: new Date().toISOString(),
    source: 'registered',
  };
  await documentClient().send(
    new PutCommand({
      TableName: tableName('apiKeys'),
      Item: { key_hash: clientKey(record.client_id), kind: 'oauth_client', ...record },
      ConditionExpression: 'attribute_not_exists(key_hash)',
    }),
  );
  return record;
}

export async function findRegisteredClient(clientId: string): Promise<OAuthClient | undefined> {
  const item = (await documentClient().send(new GetCommand({ TableName: tableName('apiKeys'), Key: { key_hash: clientKey(clientId) } })))
    .Item;
  if (!item || item.kind !== 'oauth_client') return undefined;
  const { key_hash: _key, kind: _kind, ...client } = item;
  return client as OAuthClient;
}

// ---------------------------------------------------------------------------------------------
// One-time codes: `gateway mcp-link` codes and authorization codes

const linkCodeId = (code: string) => `MCP_LINK_CODE#${sha256Hex(normaliseLinkCode(code))}`;
const authorizationCodeId = (code: string) => `OAUTH_CODE#${sha256Hex(code)}`;

/** Link codes are typed by people: case and dashes do not matter. */
export function normaliseLinkCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

const LINK_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time code for the consent page, valid 15 minutes: 12 characters (60 bits), shown as XXXX-XXXX-XXXX. */
export async function createLinkCode(ownerId: string): Promise<{ code: string; expiresAt: Date }> {
  let raw = '';
  for (let i = 0; i < 12; i++) raw += LINK_ALPHABET[randomInt(LINK_ALPHABET.length)];
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
  const validUntil = nowSeconds() + LINK_CODE_SECONDS;
  await documentClient().send(
    new PutCommand({
      TableName: tableName('idempotency'),
      Item: {
        id: linkCodeId(code),
        owner_id: ownerId,
        created_at: new Date().toISOString(),
        valid_until: validUntil,
        expires_at: validUntil + KEPT_AFTER_EXPIRY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(id)',
    }),
  );
  return { code, expiresAt: new Date(validUntil * 1000) };
}

/**
 * Marks a one-time item of the idempotency table used, once, while valid: its attributes, or
 * undefined when it is unknown, used or expired (two redemptions at once: only the first counts).
 */
async function spendOnce(id: string): Promise<Record<string, unknown> | undefined> {
  try {
    const result = await documentClient().send(
      new UpdateCommand({
        TableName: tableName('idempotency'),
        Key: { id },
        UpdateExpression: 'SET used_at = :at',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(used_at) AND valid_until > :now',
        ExpressionAttributeValues: { ':at': new Date().toISOString(), ':now': nowSeconds() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return undefined;
    throw err;
  }
}

/** Spends a link code: the owner it was made for, once, while valid; undefined otherwise. */
export async function spendLinkCode(code: string): Promise<string | undefined> {
  return (await spendOnce(linkCodeId(code)))?.owner_id as string | undefined;
}

export interface AuthorizationGrant {
  owner_id: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: OAuthScope;
  resource: string;
}

export async function createAuthorizationCode(grant: AuthorizationGrant): Promise<string> {
  const code = randomToken(43);
  const validUntil = nowSeconds() + AUTHORIZATION_CODE_SECONDS;
  await documentClient().send(
    new PutCommand({
      TableName: tableName('idempotency'),
      Item: { id: authorizationCodeId(code), ...grant, valid_until: validUntil, expires_at: validUntil + KEPT_AFTER_EXPIRY_SECONDS },
      ConditionExpression: 'attribute_not_exists(id)',
    }),
  );
  return code;
}

/** Redeems an authorization code: once, while valid (OAuth 2.1 §4.1.3); undefined otherwise. */
export async function redeemAuthorizationCode(code: string): Promise<AuthorizationGrant | undefined> {
  const item = await spendOnce(authorizationCodeId(code));
  if (!item) return undefined;
  const { owner_id, client_id, redirect_uri, code_challenge, scope, resource } = item as unknown as AuthorizationGrant;
  return { owner_id, client_id, redirect_uri, code_challenge, scope, resource };
}

// ---------------------------------------------------------------------------------------------
// Tokens

export interface TokenRecord extends ApiKeyRecord {
  kind: 'oauth_access' | 'oauth_refresh';
  client_id: string;
  /** One sign-in: every token refreshed from it shares it, and revoking it ends them all. */
  grant_id: string;
  resource: string;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: OAuthScope;
}

async function putToken(
  kind: TokenRecord['kind'],
  grant: Omit<TokenRecord, 'kind' | 'key_hash' | 'key_id' | 'created_at' | 'expires_at'>,
  seconds: number,
) {
  const token = `${kind === 'oauth_access' ? ACCESS_TOKEN_PREFIX : REFRESH_TOKEN_PREFIX}${randomToken(43)}`;
  const now = new Date();
  const record: TokenRecord = {
    ...grant,
    kind,
    key_hash: sha256Hex(token),
    key_id: token.slice(0, ACCESS_TOKEN_PREFIX.length + 4),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + seconds * 1000).toISOString(),
  };
  await documentClient().send(
    new PutCommand({ TableName: tableName('apiKeys'), Item: record, ConditionExpression: 'attribute_not_exists(key_hash)' }),
  );
  return token;
}

/** An access token (1 hour) and a refresh token (30 days) for one grant. */
export async function issueTokens(grant: {
  owner_id: string;
  client_id: string;
  scope: OAuthScope;
  resource: string;
  grant_id?: string;
}): Promise<IssuedTokens> {
  const fields = {
    owner_id: grant.owner_id,
    client_id: grant.client_id,
    scope: grant.scope,
    resource: grant.resource,
    grant_id: grant.grant_id ?? randomToken(22),
  };
  const access_token = await putToken('oauth_access', fields, ACCESS_TOKEN_SECONDS);
  const refresh_token = await putToken('oauth_refresh', fields, REFRESH_TOKEN_SECONDS);
  return { access_token, refresh_token, expires_in: ACCESS_TOKEN_SECONDS, scope: grant.scope };
}

/**
 * Uses a refresh token once (rotation, OAuth 2.1 §4.3.1): marks it spent and answers its grant, or
 * undefined when it is unknown, spent, revoked, expired or another client's. A spent refresh token
 * presented again revokes its whole grant: someone holds a copy.
 */
export async function spendRefreshToken(token: string, clientId: string): Promise<TokenRecord | undefined> {
  if (!token.startsWith(REFRESH_TOKEN_PREFIX)) return undefined;
  const keyHash = sha256Hex(token);
  const item = (
    await documentClient().send(new GetCommand({ TableName: tableName('apiKeys'), Key: { key_hash: keyHash }, ConsistentRead: true }))
  ).Item as (TokenRecord & { used_at?: string }) | undefined;
  if (!item || item.kind !== 'oauth_refresh' || item.client_id !== clientId) return undefined;
  if (item.used_at) {
    await revokeGrants(item.owner_id, { grantId: item.grant_id });
    return undefined;
  }
  if (item.revoked_at || Date.parse(String(item.expires_at)) <= Date.now()) return undefined;
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('apiKeys'),
        Key: { key_hash: keyHash },
        UpdateExpression: 'SET used_at = :at',
        ConditionExpression: 'attribute_not_exists(used_at) AND attribute_not_exists(revoked_at)',
        ExpressionAttributeValues: { ':at': new Date().toISOString() },
      }),
    );
  } catch (err) {
    if (isConditionalCheckFailed(err)) return undefined;
    throw err;
  }
  return item;
}

/** The owner's MCP sign-ins still in force: one row per grant, newest token first. */
export async function listGrants(
  ownerId: string,
): Promise<{ grant_id: string; client_id: string; scope: string; signed_in_at: string; refresh_expires_at: string }[]> {
  const tokens = await ownerTokens(ownerId);
  const grants = new Map<
    string,
    { grant_id: string; client_id: string; scope: string; signed_in_at: string; refresh_expires_at: string }
  >();
  for (const token of tokens.sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    if (token.kind !== 'oauth_refresh' || token.revoked_at || token.used_at || Date.parse(String(token.expires_at)) <= Date.now()) continue;
    const first = grants.get(token.grant_id)?.signed_in_at ?? token.created_at;
    grants.set(token.grant_id, {
      grant_id: token.grant_id,
      client_id: token.client_id,
      scope: String(token.scope),
      signed_in_at: first,
      refresh_expires_at: String(token.expires_at),
    });
  }
  return [...grants.values()];
}

async function ownerTokens(ownerId: string): Promise<(TokenRecord & { used_at?: string })[]> {
  const items: (TokenRecord & { used_at?: string })[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('apiKeys'),
        IndexName: 'by_owner',
        KeyConditionExpression: 'owner_id = :o AND begins_with(key_id, :p)',
        ExpressionAttributeValues: { ':o': ownerId, ':p': 'mcp_' },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as (TokenRecord & { used_at?: string })[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter((item) => item.kind === 'oauth_access' || item.kind === 'oauth_refresh');
}

/**
 * Revokes the owner's MCP sign-ins (all, one client's, or one grant's): every access and refresh
 * token of them. Returns how many tokens were revoked. Takes effect within the auth cache's 10 seconds.
 */
export async function revokeGrants(ownerId: string, only: { clientId?: string; grantId?: string } = {}): Promise<number> {
  const now = new Date().toISOString();
  let revoked = 0;
  for (const token of await ownerTokens(ownerId)) {
    if (token.revoked_at) continue;
    if (only.clientId && token.client_id !== only.clientId) continue;
    if (only.grantId && token.grant_id !== only.grantId) continue;
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('apiKeys'),
        Key: { key_hash: token.key_hash },
        UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now)',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    revoked++;
  }
  return revoked;
}

/** RFC 7009: revokes the grant of a token the client presents (either kind); unknown tokens are ignored. */
export async function revokeByToken(token: string, clientId: string): Promise<void> {
  const item = (await documentClient().send(new GetCommand({ TableName: tableName('apiKeys'), Key: { key_hash: sha256Hex(token) } })))
    .Item as TokenRecord | undefined;
  if (!item || (item.kind !== 'oauth_access' && item.kind !== 'oauth_refresh') || item.client_id !== clientId) return;
  await revokeGrants(item.owner_id, { grantId: item.grant_id });
}
