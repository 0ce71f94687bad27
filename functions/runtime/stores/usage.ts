import type { UsageSnapshot } from '../../../core/accounts';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { tableName } from '../config';
import { cancellationReasons, documentClient, isConditionalCheckFailed } from './dynamo';
import { RECORD_TTL_SECONDS } from './idempotency';
import { SETTLE_RETRY_MS } from '../settle';

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
 * - The reservation writes an attribute of its own into the usage item, `res_<token>` (the token is
 *   unique per request: the claim's token with an Idempotency-Key, a random one without), on the
 *   condition that it does not exist yet. A retry of a reservation that was applied but whose answer
 *   was lost fails that condition and learns it was applied. No two requests ever share it, so no
 *   request can overwrite another's proof of reservation.
 * - A refund removes that attribute, on the condition that it is still there, in one transaction
 *   with the decrement and a marker item `refund#<token>` in the idempotency table (kept a day, for
 *   rechargeCall). A refund applies only to a reservation that was applied, and only once; the same
 *   refund serves a reservation whose own answer was lost (it may or may not have been applied).
 * - A reservation that ended in 200 is never given back; its attribute is removed by the next
 *   reservation this process makes in the same usage item (`finishReservation`), so the item does
 *   not grow with the number of calls. A reservation abandoned by a dead process keeps its attribute
 *   until a request that takes its claim over gives it back.
 * - An attribute nothing can give back any more (its call's deadline is PROOF_KEPT_MS past: the
 *   claim that could be taken over has expired, background refunds have given up) is removed by the
 *   next reservations there, whichever process makes them: each reservation reads the item back
 *   (no extra request) and the process's following reservation removes what it found. So a process
 *   that ends (a recycled Lambda) without reserving again leaves its last attribute for a day at
 *   most, and the item stays bounded whatever the number of processes.
 * - A write that answers `outcome_unknown` with an audit record keeps its reservation (HeldUnit): the
 *   unit stays used until the write is settled, and its attribute is kept from that removal
 *   (holdReservation); settled not applied, the same refund gives it back, once.
 * - `held_until` is the moment the latest reservation's call must have finished (the function's
 *   deadline), kept for operators: at the limit the answer is 402 whether or not calls still run.
 */
export interface Reservation {
  period: string;
  /** `used` after this reservation. */
  used: number;
  token: string;
}

export type ReserveResult =
  | { reserved: true; reservation: Reservation }
  | { reserved: false; stale: true }
  | { reserved: false; stale?: false; used: number; heldUntil: number };

const PROOF_PREFIX = 'res_';

/** The usage item's attribute that proves the reservation `token` was applied and not given back. */
export function reservationAttribute(token: string): string {
  return PROOF_PREFIX + token;
}

/**
 * How long after its call's deadline a reservation's attribute can still be given back: a request
 * can take an abandoned claim over (and give its unit back) only while the claim's record lives, and
 * a refund the store did not take is retried for SETTLE_RETRY_MS. After that the attribute is dead
 * weight, and any reservation removes it.
 */
export const PROOF_KEPT_MS = RECORD_TTL_SECONDS * 1000 + SETTLE_RETRY_MS + 15 * 60 * 1000;

/**
 * Attributes this process removes with its next reservation in a usage item: of its own
 * reservations that ended in 200, and those found past PROOF_KEPT_MS. By usage item.
 */
const toRemove = new Map<string, Set<string>>();
const MAX_REMOVED_PER_RESERVATION = 50;
const MAX_ITEMS_REMEMBERED = 10_000;
const itemKey = (ownerId: string, period: string) => `${ownerId}#${period}`;

function removeLater(key: string, attributes: string[]): void {
  if (!attributes.length) return;
  if (!toRemove.has(key) && toRemove.size >= MAX_ITEMS_REMEMBERED) toRemove.clear(); // forgotten ones expire and are found again
  const pending = toRemove.get(key) ?? new Set<string>();
  attributes.forEach((a) => pending.add(a));
  toRemove.set(key, pending);
}

/** A reservation that ended in 200 (never given back): its attribute is removed with the next reservation of this process there. */
export function finishReservation(ownerId: string, reservation: Pick<Reservation, 'period' | 'token'>): void {
  removeLater(itemKey(ownerId, reservation.period), [reservationAttribute(reservation.token)]);
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
  const own = reservationAttribute(token);
  const names: Record<string, string> = { '#tool': TOOL_PREFIX + tool, '#res': own };
  const values: Record<string, unknown> = { ':one': 1, ':limit': limit, ':heldUntil': heldUntil };
  let condition = '(attribute_not_exists(used) OR used < :limit) AND attribute_not_exists(#res)';
  if (accountsVersion !== undefined) {
    if (accountsVersion === 0) condition += ' AND attribute_not_exists(accounts_version)';
    else {
      condition += ' AND accounts_version = :accountsVersion';
      values[':accountsVersion'] = accountsVersion;
    }
  }
  // What this process found it can remove here goes with this update.
  const key = itemKey(ownerId, period);
  const removed = [...(toRemove.get(key) ?? [])].filter((a) => a !== own).slice(0, MAX_REMOVED_PER_RESERVATION);
  removed.forEach((a, i) => (names[`#gone${i}`] = a));
  const removes = removed.length ? ` REMOVE ${removed.map((_, i) => `#gone${i}`).join(', ')}` : '';
  try {
    const result = await documentClient().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { owner_id: ownerId, period },
        UpdateExpression: `ADD used :one, #tool :one SET #res = :heldUntil, held_until = :heldUntil${removes}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        // The whole item comes back (no extra request): the attributes nobody can give back any more are found in it.
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const item = result.Attributes ?? {};
    forgetRemoved(key, removed);
    removeLater(key, deadProofs(item, heldUntil));
    return { reserved: true, reservation: { period, used: Number(item.used ?? 0), token } };
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    const item = (err as { Item?: Record<string, never> }).Item;
    const old = item ? (unmarshall(item) as Record<string, unknown>) : {};
    const used = Number(old.used ?? 0);
    // Our own attribute there already: an earlier attempt of this very reservation was applied.
    if (old[own] !== undefined) return { reserved: true, reservation: { period, used, token } };
    if (accountsVersion !== undefined && Number(old.accounts_version ?? 0) !== accountsVersion) return { reserved: false, stale: true };
    return { reserved: false, used, heldUntil: Number(old.held_until ?? 0) };
  }
}

function forgetRemoved(key: string, removed: string[]): void {
  const pending = toRemove.get(key);
  if (!pending) return;
  removed.forEach((a) => pending.delete(a));
  if (!pending.size) toRemove.delete(key);
}

/**
 * The reservation attributes of a usage item whose call's deadline is more than PROOF_KEPT_MS before
 * this call's deadline (the same clock wrote both).
 */
function deadProofs(item: Record<string, unknown>, heldUntil: number): string[] {
  const cutoff = heldUntil - PROOF_KEPT_MS;
  return Object.keys(item).filter((name) => name.startsWith(PROOF_PREFIX) && Number(item[name]) < cutoff);
}

/**
 * Gives back one reserved call, exactly once per token however often it is retried, and only if the
 * reservation was applied (its attribute is there): also right for a reservation whose own answer
 * was lost. Returns false when there was nothing (more) to give back.
 */
export async function refundCall(ownerId: string, tool: string, reservation: Pick<Reservation, 'period' | 'token'>): Promise<boolean> {
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
              UpdateExpression: 'ADD used :minus, #tool :minus REMOVE #res',
              ConditionExpression: 'attribute_exists(#res) AND used > :zero',
              ExpressionAttributeNames: { '#tool': TOOL_PREFIX + tool, '#res': reservationAttribute(reservation.token) },
              ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
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
 * A unit held by a write that answered `outcome_unknown` (its audit record keeps this): the unit stays
 * used while the outcome is unknown, like a card authorization hold. Settled applied, it is simply kept;
 * settled not applied, it is given back with refundCall (by its token: exactly once, whichever request
 * or retry gives it back, and never when it was given back already), or a replay runs the write on it.
 * It belongs to the period it was reserved in: given back there, even once that month has ended.
 */
export type HeldUnit = Pick<Reservation, 'period' | 'token' | 'used'>;

/** How long a held unit's attribute is kept from the removal of dead attributes (reserveCall): an unknown outcome waits for its settlement. */
export const HELD_PROOF_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * Keeps a reservation's attribute while its write's outcome is unknown: its value becomes a moment
 * HELD_PROOF_MS ahead, so the reservations that remove attributes nothing can give back any more
 * leave it, and the unit can still be given back exactly once when the write is settled not applied.
 * Returns false when the attribute is gone (the unit was given back meanwhile).
 */
export async function holdReservation(ownerId: string, reservation: Pick<Reservation, 'period' | 'token'>, now: Date): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { owner_id: ownerId, period: reservation.period },
        UpdateExpression: 'SET #res = :kept',
        ConditionExpression: 'attribute_exists(#res)',
        ExpressionAttributeNames: { '#res': reservationAttribute(reservation.token) },
        ExpressionAttributeValues: { ':kept': now.getTime() + HELD_PROOF_MS },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
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
