import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName, tierLimits } from '../config';
import type { ConnectedAccount, ConnectionHealth, Owner, Tier } from '../../../core/accounts';
import { randomId } from '../canonical';
import type { PlatformWord } from '../../../core/platforms';
import { documentClient } from './dynamo';
import { ensureWatchTask } from './monitoring';
import { periodOf } from './usage';

const PROFILE = 'PROFILE';
const accountSk = (platform: string, accountId: string) => `ACCOUNT#${platform}#${accountId}`;

export function monthlyLimit(owner: Owner): number {
  return owner.limit_override ?? tierLimits()[owner.tier];
}

export async function createOwner(input: { tier: Tier; name?: string; ownerId?: string }): Promise<Owner> {
  const owner: Owner = {
    owner_id: input.ownerId ?? `own_${randomId(16).replace(/[-_]/g, 'x')}`,
    tier: input.tier,
    name: input.name,
    created_at: new Date().toISOString(),
  };
  await documentClient().send(
    new PutCommand({
      TableName: tableName('owners'),
      Item: { ...owner, sk: PROFILE },
      ConditionExpression: 'attribute_not_exists(owner_id)',
    }),
  );
  return owner;
}

export async function getOwner(ownerId: string): Promise<Owner | undefined> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName('owners'), Key: { owner_id: ownerId, sk: PROFILE } }));
  if (!result.Item) return undefined;
  const { sk: _sk, ...owner } = result.Item;
  return owner as Owner;
}

export async function addConnectedAccount(account: ConnectedAccount): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName('owners'),
      Item: { ...account, sk: accountSk(account.platform, account.account_id) },
    }),
  );
  // An owner with an account gets the watch agent's daily scan (created once; kept when paused).
  await ensureWatchTask(account.owner_id, new Date());
  await markAccountsChanged(account.owner_id);
}

/**
 * Every change to an owner's accounts (connect, disconnect, a sandbox failure mode) must call
 * this before it returns: warm functions cache the accounts (stores/account-cache.ts) and check
 * this version with each quota reservation, so the change is seen by the very next billable call.
 */
export async function markAccountsChanged(ownerId: string, now = new Date()): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('usage'),
      Key: { owner_id: ownerId, period: periodOf(now) },
      UpdateExpression: 'ADD accounts_version :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** Removes a connected account; true when it was connected. Its credentials are deleted by the caller. */
export async function removeConnectedAccount(ownerId: string, platform: PlatformWord, accountId: string): Promise<boolean> {
  const result = await documentClient().send(
    new DeleteCommand({
      TableName: tableName('owners'),
      Key: { owner_id: ownerId, sk: accountSk(platform, accountId) },
      ReturnValues: 'ALL_OLD',
    }),
  );
  // Warm functions cache the owner's accounts: the next billable call sees the change.
  await markAccountsChanged(ownerId);
  return result.Attributes !== undefined;
}

/**
 * The account a call means: the one named, else the only one connected, else the platform's primary
 * (switch_primary_account); undefined when none fits. Account selection and the helper tools share it.
 */
export function accountNamedOrDefault(accounts: readonly ConnectedAccount[], named?: string): ConnectedAccount | undefined {
  if (named !== undefined) return accounts.find((a) => a.account_id === named);
  return accounts.length === 1 ? accounts[0] : accounts.find((a) => a.primary);
}

/** Makes one account the platform's primary (used when a call names none) and the others not. */
export async function setPrimaryAccount(ownerId: string, platform: PlatformWord, accountId: string): Promise<void> {
  for (const account of await listConnectedAccounts(ownerId, platform)) {
    const primary = account.account_id === accountId;
    if ((account.primary ?? false) === primary) continue;
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('owners'),
        Key: { owner_id: ownerId, sk: accountSk(platform, account.account_id) },
        UpdateExpression: primary ? 'SET #p = :t' : 'REMOVE #p',
        ConditionExpression: 'attribute_exists(owner_id)',
        ExpressionAttributeNames: { '#p': 'primary' },
        ...(primary ? { ExpressionAttributeValues: { ':t': true } } : {}),
      }),
    );
  }
  await markAccountsChanged(ownerId);
}

/** Records the health of a live connection (only while the account is still connected). */
export async function setConnectionHealth(
  account: Pick<ConnectedAccount, 'owner_id' | 'platform' | 'account_id'>,
  health: ConnectionHealth,
): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('owners'),
        Key: { owner_id: account.owner_id, sk: accountSk(account.platform, account.account_id) },
        UpdateExpression: 'SET health = :h',
        ConditionExpression: 'attribute_exists(owner_id)',
        ExpressionAttributeValues: { ':h': health },
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  }
}

/** The owner's connected accounts, of one platform or all, ordered by platform then id. */
export async function listConnectedAccounts(ownerId: string, platform?: PlatformWord): Promise<ConnectedAccount[]> {
  const items: ConnectedAccount[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('owners'),
        KeyConditionExpression: 'owner_id = :o AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':o': ownerId, ':p': platform ? `ACCOUNT#${platform}#` : 'ACCOUNT#' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const { sk: _sk, ...account } = item;
      items.push(account as ConnectedAccount);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
