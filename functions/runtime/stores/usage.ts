import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import { documentClient, isConditionalCheckFailed } from './dynamo';

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

export interface Reservation {
  period: string;
  /** `used` after this reservation. */
  used: number;
}

/** Reserves one call, or returns undefined when the owner has no calls left this period. */
export async function reserveCall(ownerId: string, tool: string, limit: number, now: Date): Promise<Reservation | undefined> {
  const period = periodOf(now);
  try {
    const result = await documentClient().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { owner_id: ownerId, period },
        UpdateExpression: 'ADD used :one, #tool :one',
        ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
        ExpressionAttributeNames: { '#tool': TOOL_PREFIX + tool },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { period, used: Number(result.Attributes?.used ?? 0) };
  } catch (err) {
    if (isConditionalCheckFailed(err)) return undefined;
    throw err;
  }
}

/** Gives back one reserved call of `period`. The caller guarantees it runs once per reservation. */
export async function refundCall(ownerId: string, tool: string, period: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('usage'),
      Key: { owner_id: ownerId, period },
      UpdateExpression: 'ADD used :minus, #tool :minus',
      ConditionExpression: 'used > :zero',
      ExpressionAttributeNames: { '#tool': TOOL_PREFIX + tool },
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }),
  );
}

export interface UsageSnapshot {
  period: string;
  used: number;
  /** Calls per tool this period, only tools with at least one call. */
  calls: Record<string, number>;
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
