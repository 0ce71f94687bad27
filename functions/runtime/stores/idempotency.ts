import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import { randomToken } from '../canonical';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient, isConditionalCheckFailed } from './dynamo';

/**
 * Idempotency records, scoped owner + tool + Idempotency-Key, kept 24 hours. States are written
 * as IN_PROGRESS or COMPLETED; "expired" is derived on read from `expires_at`, never written.
 */
export const IdempotencyStatus = { IN_PROGRESS: 'IN_PROGRESS', COMPLETED: 'COMPLETED' } as const;
export type IdempotencyStatus = (typeof IdempotencyStatus)[keyof typeof IdempotencyStatus];

export const RECORD_TTL_SECONDS = 24 * 60 * 60;
/**
 * A claim older than this is treated as abandoned (the function crashed or timed out) and can be
 * taken over. It exceeds the longest function timeout, so a live request is never overtaken.
 */
export const IN_PROGRESS_TIMEOUT_SECONDS = 15 * 60;

export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export interface IdempotencyRecord {
  id: string;
  status: IdempotencyStatus;
  fingerprint: string;
  claim_token: string;
  /** Epoch seconds; DynamoDB TTL deletes the record some time after it. */
  expires_at: number;
  in_progress_until: number;
  response?: StoredResponse;
}

export function idempotencyRecordId(ownerId: string, tool: string, key: string): string {
  return `${ownerId}#${tool}#${key}`;
}

export type ClaimResult = { claimed: true; claimToken: string } | { claimed: false; existing: IdempotencyRecord };

/**
 * Takes the key with one conditional put. When the key is taken, the same call returns the
 * existing record (ReturnValuesOnConditionCheckFailure), so a duplicate costs one round trip.
 */
export async function claimIdempotencyKey(id: string, fingerprint: string, now: Date): Promise<ClaimResult> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const claimToken = randomToken(16);
  const record: IdempotencyRecord = {
    id,
    status: IdempotencyStatus.IN_PROGRESS,
    fingerprint,
    claim_token: claimToken,
    expires_at: nowSeconds + RECORD_TTL_SECONDS,
    in_progress_until: nowSeconds + IN_PROGRESS_TIMEOUT_SECONDS,
  };
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('idempotency'),
        Item: record,
        ConditionExpression:
          'attribute_not_exists(id) OR expires_at <= :now OR (#status = :inProgress AND in_progress_until <= :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': nowSeconds, ':inProgress': IdempotencyStatus.IN_PROGRESS },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: true, claimToken };
  } catch (err) {
    // The failed condition hands back the record that holds the key, in DynamoDB's wire format
    // (the document client does not convert error payloads).
    const item = (err as { Item?: Record<string, never> }).Item;
    if (isConditionalCheckFailed(err) && item) return { claimed: false, existing: unmarshall(item) as IdempotencyRecord };
    throw err;
  }
}

/** Stores the final response under the claim this request holds. */
export async function completeIdempotencyKey(id: string, claimToken: string, response: StoredResponse): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('idempotency'),
      Key: { id },
      UpdateExpression: 'SET #status = :completed, #response = :response',
      ConditionExpression: 'claim_token = :token',
      ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
      ExpressionAttributeValues: {
        ':completed': IdempotencyStatus.COMPLETED,
        ':response': response,
        ':token': claimToken,
      },
    }),
  );
}

/** Deletes this request's claim so a retry can run. A claim taken over by another request stays. */
export async function releaseIdempotencyKey(id: string, claimToken: string): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName('idempotency'),
        Key: { id },
        ConditionExpression: 'claim_token = :token AND #status = :inProgress',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':token': claimToken, ':inProgress': IdempotencyStatus.IN_PROGRESS },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}
