import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import { randomToken, sha256Hex } from '../canonical';
import { documentClient } from './dynamo';

export const API_KEY_PREFIX = 'sk_live_';
/** `sk_live_` + 32 URL-safe characters (192 bits of randomness). */
export const API_KEY_PATTERN = /^sk_live_[A-Za-z0-9_-]{32}$/;
/** An MCP sign-in's access token (functions/oauth/store.ts): `mcp_at_` + 43 URL-safe characters. */
export const ACCESS_TOKEN_PATTERN = /^mcp_at_[A-Za-z0-9_-]{43}$/;

export interface ApiKeyRecord {
  key_hash: string;
  key_id: string;
  owner_id: string;
  created_at: string;
  expires_at?: string;
  revoked_at?: string;
  /** read: read tools only; write: reads and writes; approve: reads and approvals. Absent: full access (every key made before scopes). */
  scope?: 'read' | 'write' | 'approve';
  /**
   * Absent for API keys. The table also holds what MCP sign-in issues (functions/oauth/store.ts):
   * `oauth_access` tokens authenticate like keys; nothing else of it is a Bearer credential.
   */
  kind?: 'oauth_access' | 'oauth_refresh' | 'oauth_client';
}

/** The display id: prefix plus the first 4 random characters. Safe for lists and logs. */
export function keyIdOf(apiKey: string): string {
  return apiKey.slice(0, API_KEY_PREFIX.length + 4);
}

/**
 * Whether a stored key may be used now. Fails closed: any revocation mark counts, and an expiry
 * that is not a readable date counts as passed.
 */
export function keyStatus(key: Pick<ApiKeyRecord, 'expires_at' | 'revoked_at'>, now: number): 'active' | 'revoked' | 'expired' {
  if (key.revoked_at !== undefined && key.revoked_at !== null) return 'revoked';
  if (key.expires_at === undefined || key.expires_at === null) return 'active';
  const expiresAt = typeof key.expires_at === 'string' ? Date.parse(key.expires_at) : NaN;
  return Number.isFinite(expiresAt) && expiresAt > now ? 'active' : 'expired';
}

export function hashApiKey(apiKey: string): string {
  return sha256Hex(apiKey);
}

export async function createApiKey(
  ownerId: string,
  options: { expiresInDays?: number; now?: Date; scope?: ApiKeyRecord['scope'] } = {},
): Promise<{ api_key: string; key_id: string; expires_at?: string; scope?: ApiKeyRecord['scope'] }> {
  const now = options.now ?? new Date();
  // The display id must be unique; a collision on 4 random characters is retried with a new key.
  for (let attempt = 0; attempt < 5; attempt++) {
    const apiKey = API_KEY_PREFIX + randomToken(32);
    const keyId = keyIdOf(apiKey);
    const existing = await documentClient().send(
      new QueryCommand({
        TableName: tableName('apiKeys'),
        IndexName: 'by_key_id',
        KeyConditionExpression: 'key_id = :k',
        ExpressionAttributeValues: { ':k': keyId },
        Limit: 1,
      }),
    );
    if (existing.Items?.length) continue;
    const record: ApiKeyRecord = {
      key_hash: hashApiKey(apiKey),
      key_id: keyId,
      owner_id: ownerId,
      created_at: now.toISOString(),
      expires_at: options.expiresInDays ? new Date(now.getTime() + options.expiresInDays * 86_400_000).toISOString() : undefined,
      ...(options.scope ? { scope: options.scope } : {}),
    };
    await documentClient().send(
      new PutCommand({
        TableName: tableName('apiKeys'),
        Item: record,
        ConditionExpression: 'attribute_not_exists(key_hash)',
      }),
    );
    return { api_key: apiKey, key_id: keyId, expires_at: record.expires_at, scope: record.scope };
  }
  throw new Error('Could not generate a unique key id');
}

export async function findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName('apiKeys'), Key: { key_hash: keyHash } }));
  return result.Item as ApiKeyRecord | undefined;
}

export async function listApiKeys(ownerId: string): Promise<Omit<ApiKeyRecord, 'key_hash'>[]> {
  const result = await documentClient().send(
    new QueryCommand({
      TableName: tableName('apiKeys'),
      IndexName: 'by_owner',
      KeyConditionExpression: 'owner_id = :o',
      ExpressionAttributeValues: { ':o': ownerId },
    }),
  );
  return (result.Items ?? [])
    .filter((item) => item.kind === undefined)
    .map(({ key_hash: _hash, ...rest }) => rest as Omit<ApiKeyRecord, 'key_hash'>);
}

/** Marks a key revoked. Returns false when no key has that display id. */
export async function revokeApiKey(keyId: string, now = new Date()): Promise<boolean> {
  const found = await documentClient().send(
    new QueryCommand({
      TableName: tableName('apiKeys'),
      IndexName: 'by_key_id',
      KeyConditionExpression: 'key_id = :k',
      ExpressionAttributeValues: { ':k': keyId },
    }),
  );
  const item = found.Items?.[0];
  if (!item) return false;
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('apiKeys'),
      Key: { key_hash: item.key_hash as string },
      UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
  return true;
}
