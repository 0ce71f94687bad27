import type { UsageSnapshot } from '../../../core/accounts';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { tableName } from '../config';
import { cancellationReasons, documentClient, isConditionalCheckFailed } from './dynamo';

/**
 * Monthly quota counters: one item per owner and calendar month (UTC) with `used` and one
 * `tool:<name>` counter per tool. Reservation is one conditional update that can never take
 * `used` past the limit; a refund undoes exactly one reservation.
 */

/** The billing period of a moment: `YYYY-MM` in UTC. */
export function periodOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The date the counter resets: the first day of the next month, `YYYY-MM-DD`. */
export function periodEndOf(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 10);
}

const TOOL_PREFIX = 'tool:';

/**
 * How a reservation is made exactly once and given back exactly once, whatever answers get lost:
 * - The reservation writes its token into one of RESERVATION_SLOTS attributes (`r<slot>`) of the
 *   usage item, on the condition that the slot does not hold it already. A retry of a reservation
 *   that was applied but whose answer was lost fails that condition and learns it was applied.
 * - A refund is one transaction: a marker item `refund#<token>` in the idempotency table (kept a
 *   day) that must not exist yet, and the decrement. Retrying a refund can never apply it twice.
 * - A reservation whose outcome is unknown (no answer at all) is refunded only if its slot still
 *   holds its token: the decrement is conditional on it.
 * - `held_until` is the moment the latest reservation's call must have finished (the function's
 *   deadline), kept for operators: at the limit the answer is 402 whether or not calls still run.
 */
export const RESERVATION_SLOTS = 128;

export interface Reservation {
  period: string;
  /** `used` after this reservation. */
  used: number;
  token: string;
  slot: number;
}

export type ReserveResult =
  | { reserved: true; reservation: Reservation }
  | { reserved: false; stale: true }
  | { reserved: false; stale?: false; used: number; heldUntil: number };

/** The slot of a token: a stable function of it, so a retry (or a later refund) finds it. */
export function slotOf(token: string): number {
  let hash = 0;
  for (let i = 0; i < token.length; i++) hash = (hash * 31 + token.charCodeAt(i)) >>> 0;
  return hash % RESERVATION_SLOTS;
}

/** Reserves one call, or reports that the limit is reached (and until when calls may be in flight). */
export async function reserveCall(
  ownerId: string,
  tool: string,
  limit: number,
  now: Date,
  token: string,
  heldUntil: number,
  /** The owner's accounts_version the caller's cached accounts belong to (see account-cache.ts). */
  accountsVersion?: number,
): Promise<ReserveResult> {
  const period = periodOf(now);
  const slot = slotOf(token);
  const values: Record<string, unknown> = { ':one': 1, ':limit': limit, ':token': token, ':heldUntil': heldUntil };
  let condition = '(attribute_not_exists(used) OR used < :limit) AND (attribute_not_exists(#slot) OR #slot <> :token)';
  if (accountsVersion !== undefined) {
    if (accountsVersion === 0) condition += ' AND attribute_not_exists(accounts_version)';
    else {
      condition += ' AND accounts_version = :accountsVersion';
      values[':accountsVersion'] = accountsVersion;
    }
  }
  try {
    const result = await documentClient().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { owner_id: ownerId, period },
        UpdateExpression: 'ADD used :one, #tool :one SET #slot = :token, held_until = :heldUntil',
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#tool': TOOL_PREFIX + tool, '#slot': `r${slot}` },
        ExpressionAttributeValues: values,
        ReturnValues: 'UPDATED_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { reserved: true, reservation: { period, used: Number(result.Attributes?.used ?? 0), token, slot } };
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    const item = (err as { Item?: Record<string, never> }).Item;
    const old = item ? (unmarshall(item) as Record<string, unknown>) : {};
    const used = Number(old.used ?? 0);
    // Our token already in its slot: an earlier attempt of this very reservation was applied.
    if (old[`r${slot}`] === token) return { reserved: true, reservation: { period, used, token, slot } };
    if (accountsVersion !== undefined && Number(old.accounts_version ?? 0) !== accountsVersion) return { reserved: false, stale: true };
    return { reserved: false, used, heldUntil: Number(old.held_until ?? 0) };
  }
}

/**
 * Gives back one reserved call, exactly once per token however often it is retried. With
 * `onlyIfApplied` (the reservation's own answer was lost), only when the reservation was applied.
 * Returns false when there was nothing (more) to give back.
 */
export async function refundCall(
  ownerId: string,
  tool: string,
  reservation: Pick<Reservation, 'period' | 'token' | 'slot'>,
  options: { onlyIfApplied?: boolean } = {},
): Promise<boolean> {
  const names: Record<string, string> = { '#tool': TOOL_PREFIX + tool };
  const values: Record<string, unknown> = { ':minus': -1, ':zero': 0 };
  let condition = 'used > :zero';
  if (options.onlyIfApplied) {
    condition += ' AND #slot = :token';
    names['#slot'] = `r${reservation.slot}`;
    values[':token'] = reservation.token;
  }
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('idempotency'),
              Item: { id: `refund#${reservation.token}`, expires_at: Math.floor(Date.now() / 1000) + 24 * 60 * 60 },
              ConditionExpression: 'attribute_not_exists(id)',
            },
          },
          {
            Update: {
              TableName: tableName('usage'),
              Key: { owner_id: ownerId, period: reservation.period },
              UpdateExpression: 'ADD used :minus, #tool :minus',
              ConditionExpression: condition,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (cancellationReasons(err)) return false;
    throw err;
  }
}

/** The transaction item that counts one call of `tool` in an owner's period (with a marker item, exactly once). */
function countOneCall(ownerId: string, period: string, tool: string) {
  return {
    Update: {
      TableName: tableName('usage'),
      Key: { owner_id: ownerId, period },
      UpdateExpression: 'ADD used :one, #tool :one',
      ExpressionAttributeNames: { '#tool': TOOL_PREFIX + tool },
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/**
 * Undoes a refund of a call that did answer 200: when a request that outlived its claim (the store
 * did not answer until after its function's deadline) finds that a retry took the claim over and
 * gave its reservation back. Exactly once: it consumes the refund's marker.
 */
export async function rechargeCall(ownerId: string, tool: string, reservation: Pick<Reservation, 'period' | 'token'>): Promise<boolean> {
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName('idempotency'),
              Key: { id: `refund#${reservation.token}` },
              ConditionExpression: 'attribute_exists(id)',
            },
          },
          countOneCall(ownerId, reservation.period, tool),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (cancellationReasons(err)) return false;
    throw err;
  }
}

/**
 * Bills a write that answered `outcome_unknown` (its reservation was given back) once it is settled
 * as applied by manage_action: one call in the current period, exactly once per change however
 * often it is retried (a marker `charge#<change id>`, kept 400 days, must not exist yet). Not bound
 * by the limit: the write happened. Returns false when it was billed already.
 */
export async function chargeSettledWrite(ownerId: string, tool: string, changeId: string, now: Date): Promise<boolean> {
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('idempotency'),
              Item: { id: `charge#${changeId}`, expires_at: Math.floor(now.getTime() / 1000) + 400 * 24 * 60 * 60 },
              ConditionExpression: 'attribute_not_exists(id)',
            },
          },
          countOneCall(ownerId, periodOf(now), tool),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (cancellationReasons(err)) return false;
    throw err;
  }
}

export async function readUsage(ownerId: string, now: Date): Promise<UsageSnapshot> {
  const period = periodOf(now);
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('usage'), Key: { owner_id: ownerId, period }, ConsistentRead: true }),
  );
  const item = result.Item ?? {};
  const calls: Record<string, number> = {};
  for (const [key, value] of Object.entries(item)) {
    if (key.startsWith(TOOL_PREFIX) && Number(value) > 0) calls[key.slice(TOOL_PREFIX.length)] = Number(value);
  }
  return { period, used: Number(item.used ?? 0), calls };
}
