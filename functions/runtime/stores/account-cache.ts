import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import type { PlatformWord } from '../../../core/platforms';
import { documentClient } from './dynamo';
import { listConnectedAccounts } from './owners';
import type { ConnectedAccount } from '../../../core/accounts';
import { periodOf } from './usage';

/**
 * An owner's connected accounts, cached by a warm function for billable calls, so account
 * selection costs no DynamoDB request. Each entry carries the owner's `accounts_version` (an
 * attribute of its usage item of the period, bumped by `markAccountsChanged` on every connect and
 * disconnect) read BEFORE the accounts; the quota reservation is conditional on that version
 * still holding. When it does not, the chain forgets the owner's entries, selects again from a
 * fresh read and reserves again: a disconnected account is never used once its disconnect
 * returned. Entries also expire after ACCOUNTS_CACHE_MS. Quota-exempt calls never use the cache.
 */
export const ACCOUNTS_CACHE_MS = 5 * 60 * 1000;

export interface CachedAccounts {
  accounts: ConnectedAccount[];
  /** accounts_version when the accounts were read (0 when the attribute did not exist). */
  version: number;
  period: string;
}

const cache = new Map<string, CachedAccounts & { readAt: number }>();
const keyOf = (ownerId: string, platform: PlatformWord) => `${ownerId}#${platform}`;

/** The owner's accounts of a platform and the version they belong to: cached, or read now. */
export async function accountsWithVersion(ownerId: string, platform: PlatformWord, now: Date): Promise<CachedAccounts> {
  const period = periodOf(now);
  const cached = cache.get(keyOf(ownerId, platform));
  if (cached && cached.period === period && Date.now() - cached.readAt < ACCOUNTS_CACHE_MS) return cached;
  const version = await readAccountsVersion(ownerId, period);
  const accounts = await listConnectedAccounts(ownerId, platform);
  const entry = { accounts, version, period, readAt: Date.now() };
  if (cache.size > 10_000) cache.clear();
  cache.set(keyOf(ownerId, platform), entry);
  return entry;
}

async function readAccountsVersion(ownerId: string, period: string): Promise<number> {
  const result = await documentClient().send(
    new GetCommand({
      TableName: tableName('usage'),
      Key: { owner_id: ownerId, period },
      ProjectionExpression: 'accounts_version',
      ConsistentRead: true,
    }),
  );
  return Number(result.Item?.accounts_version ?? 0);
}

/** Forgets what this function knows about an owner's accounts (a version check failed). */
export function forgetOwnerAccounts(ownerId: string): void {
  for (const key of cache.keys()) if (key.startsWith(`${ownerId}#`)) cache.delete(key);
  for (const listener of forgetListeners) listener(ownerId);
}

const forgetListeners: ((ownerId: string) => void)[] = [];
/** Other per-account caches (the sandbox's failure modes) are forgotten with the owner's accounts. */
export function onForgetOwnerAccounts(listener: (ownerId: string) => void): void {
  forgetListeners.push(listener);
}

export function clearAccountCache(): void {
  cache.clear();
}
