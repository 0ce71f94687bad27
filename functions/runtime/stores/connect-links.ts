import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import { randomToken, sha256Hex } from '../canonical';
import type { PlatformWord } from '../../../core/platforms';
import { documentClient, isConditionalCheckFailed } from './dynamo';

/**
 * One-time connect links (`gateway accounts connect-link`) and the OAuth `state` of each consent
 * they start. Both are short-lived, so they live in the idempotency table (TTL `expires_at`) under
 * key prefixes of their own. The link token and the state are credentials: only their SHA-256 is
 * stored, and the plaintext exists only in the printed link and in the consent redirect.
 *
 * Validity is checked on read against `valid_until`; `expires_at` (the TTL) is an hour later, so a
 * spent or expired link is still told apart from an unknown one for a while after it stops working.
 */
export const CONNECT_LINK_VALID_SECONDS = 15 * 60;
export const OAUTH_STATE_VALID_SECONDS = 15 * 60;
const KEPT_AFTER_EXPIRY_SECONDS = 60 * 60;

const linkId = (token: string) => `CONNECT_LINK#${sha256Hex(token)}`;
const stateId = (state: string) => `OAUTH_STATE#${sha256Hex(state)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface ConnectLink {
  owner_id: string;
  platform: PlatformWord;
  created_at: string;
  /** Epoch seconds: the link works until then. */
  valid_until: number;
  /** Set once the link has connected accounts; it never works again. */
  used_at?: string;
}

/** Why a link or a state cannot be used, as the pages tell it. */
export type Refusal = 'unknown' | 'expired' | 'used';

/** Makes a link for an owner and platform; returns the token (shown once) and when it expires. */
export async function createConnectLink(ownerId: string, platform: PlatformWord): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(43);
  const validUntil = nowSeconds() + CONNECT_LINK_VALID_SECONDS;
  await documentClient().send(
    new PutCommand({
      TableName: tableName('idempotency'),
      Item: {
        id: linkId(token),
        owner_id: ownerId,
        platform,
        created_at: new Date().toISOString(),
        valid_until: validUntil,
        expires_at: validUntil + KEPT_AFTER_EXPIRY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(id)',
    }),
  );
  return { token, expiresAt: new Date(validUntil * 1000) };
}

/** The link of a token if it can still be used, else why not. */
export async function readConnectLink(token: string, platform: PlatformWord): Promise<{ link: ConnectLink } | { refused: Refusal }> {
  const item = (
    await documentClient().send(new GetCommand({ TableName: tableName('idempotency'), Key: { id: linkId(token) }, ConsistentRead: true }))
  ).Item;
  if (!item || item.platform !== platform) return { refused: 'unknown' };
  const link = item as ConnectLink & { id: string };
  if (link.used_at) return { refused: 'used' };
  if (link.valid_until <= nowSeconds()) return { refused: 'expired' };
  return { link: { owner_id: link.owner_id, platform: link.platform, created_at: link.created_at, valid_until: link.valid_until } };
}

/**
 * Marks the link spent. Conditional, so of two consents finishing at once from one link only the
 * first counts; returns false when the link was already used.
 */
export async function markConnectLinkUsed(linkHash: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('idempotency'),
        Key: { id: `CONNECT_LINK#${linkHash}` },
        UpdateExpression: 'SET used_at = :at',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(used_at)',
        ExpressionAttributeValues: { ':at': new Date().toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

export interface OAuthState {
  owner_id: string;
  platform: PlatformWord;
  /** SHA-256 of the link that started this consent. */
  link_hash: string;
}

/** A fresh one-time `state` for a consent started from a link. */
export async function createOAuthState(linkToken: string, link: ConnectLink): Promise<string> {
  const state = randomToken(43);
  const validUntil = nowSeconds() + OAUTH_STATE_VALID_SECONDS;
  await documentClient().send(
    new PutCommand({
      TableName: tableName('idempotency'),
      Item: {
        id: stateId(state),
        owner_id: link.owner_id,
        platform: link.platform,
        link_hash: sha256Hex(linkToken),
        valid_until: validUntil,
        expires_at: validUntil + KEPT_AFTER_EXPIRY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(id)',
    }),
  );
  return state;
}

/**
 * Takes a state back from the callback, once: it is deleted in the same conditional call, so a
 * replayed callback finds nothing. Unknown, spent, expired or another platform's states are refused.
 */
export async function consumeOAuthState(state: string, platform: PlatformWord): Promise<{ state: OAuthState } | { refused: Refusal }> {
  let item: Record<string, unknown> | undefined;
  try {
    item = (
      await documentClient().send(
        new DeleteCommand({
          TableName: tableName('idempotency'),
          Key: { id: stateId(state) },
          ConditionExpression: 'attribute_exists(id)',
          ReturnValues: 'ALL_OLD',
        }),
      )
    ).Attributes;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return { refused: 'unknown' };
    throw err;
  }
  if (!item || item.platform !== platform) return { refused: 'unknown' };
  if ((item.valid_until as number) <= nowSeconds()) return { refused: 'expired' };
  return { state: { owner_id: item.owner_id as string, platform: item.platform as PlatformWord, link_hash: item.link_hash as string } };
}

/** Whether the link behind a state has connected accounts already. */
export async function connectLinkUsed(linkHash: string): Promise<boolean> {
  const item = (
    await documentClient().send(
      new GetCommand({ TableName: tableName('idempotency'), Key: { id: `CONNECT_LINK#${linkHash}` }, ConsistentRead: true }),
    )
  ).Item;
  return Boolean(item?.used_at);
}
