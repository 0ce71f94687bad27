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
  /**
   * Epoch seconds: the end of the claiming function's own time (its deadline when it claimed, as
   * AWS Lambda Powertools idempotency does). A claim still in progress after it was abandoned
   * (the process died or the store stayed down past the function's end).
   */
  in_progress_until: number;
  /** The quota period of the claiming request, to give back a reservation the claim abandoned. */
  period?: string;
  response?: StoredResponse;
  /**
   * The stored response is `outcome_unknown` of a planned write whose audit record (this change id)
   * says `unknown`: a replay with the key settles it (middleware/idempotency.ts) instead of replaying.
   */
  unknown_change_id?: string;
}

export function idempotencyRecordId(ownerId: string, tool: string, key: string): string {
  return `${ownerId}#${tool}#${key}`;
}

export type ClaimResult = { claimed: true; claimToken: string } | { claimed: false; existing: IdempotencyRecord };

export function newClaimToken(): string {
  return randomToken(16);
}

/**
 * Takes the key with one conditional put: when it is free or its record expired, or (with
 * `takeOverToken`) when it is still held by that abandoned claim. When the key is taken, the same
 * call returns the existing record (ReturnValuesOnConditionCheckFailure), so a duplicate costs one
 * round trip. `inProgressUntil` is the claiming function's deadline (epoch ms).
 */
export async function claimIdempotencyKey(
  id: string,
  fingerprint: string,
  now: Date,
  claim: {
    token: string;
    inProgressUntil: number;
    period: string;
    takeOverToken?: string;
    /** Take over the completed `outcome_unknown` record of this claim token to settle it (one replay at a time). */
    settleToken?: string;
    unknownChangeId?: string;
  },
): Promise<ClaimResult> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const record: IdempotencyRecord = {
    id,
    status: IdempotencyStatus.IN_PROGRESS,
    fingerprint,
    claim_token: claim.token,
    expires_at: nowSeconds + RECORD_TTL_SECONDS,
    in_progress_until: Math.ceil(claim.inProgressUntil / 1000),
    period: claim.period,
    ...(claim.unknownChangeId ? { unknown_change_id: claim.unknownChangeId } : {}),
  };
  const values: Record<string, unknown> = { ':now': nowSeconds };
  let condition = 'attribute_not_exists(id) OR expires_at <= :now';
  if (claim.takeOverToken) {
    condition += ' OR (claim_token = :old AND #status = :inProgress AND in_progress_until <= :now)';
    values[':old'] = claim.takeOverToken;
    values[':inProgress'] = IdempotencyStatus.IN_PROGRESS;
  }
  if (claim.settleToken) {
    condition += ' OR (claim_token = :settled AND #status = :completed AND attribute_exists(unknown_change_id))';
    values[':settled'] = claim.settleToken;
    values[':completed'] = IdempotencyStatus.COMPLETED;
  }
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('idempotency'),
        Item: record,
        ConditionExpression: condition,
        ExpressionAttributeNames: claim.takeOverToken || claim.settleToken ? { '#status': 'status' } : undefined,
        ExpressionAttributeValues: values,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: true, claimToken: claim.token };
  } catch (err) {
    // The failed condition hands back the record that holds the key, in DynamoDB's wire format
    // (the document client does not convert error payloads).
    const item = (err as { Item?: Record<string, never> }).Item;
    if (isConditionalCheckFailed(err) && item) {
      const existing = unmarshall(item) as IdempotencyRecord;
      // Our own token: an earlier attempt of this very claim was applied and its answer lost.
      if (existing.claim_token === claim.token) return { claimed: true, claimToken: claim.token };
      return { claimed: false, existing };
    }
    throw err;
  }
}

/** Whether a record is a claim still marked in progress after its function's end. */
export function isAbandoned(record: IdempotencyRecord, now: Date): boolean {
  return record.status === IdempotencyStatus.IN_PROGRESS && record.in_progress_until <= Math.floor(now.getTime() / 1000);
}

/**
 * Stores the final response under the claim `claimToken`. Returns false when that claim no longer
 * holds the key. Retrying it is harmless. With `takeOverAs`, `claimToken` is an abandoned claim
 * still in progress and the record passes to the token `takeOverAs` as it completes: a late
 * completion of the abandoned request (its store retries) then finds the key no longer its own and
 * cannot overwrite what was stored.
 */
export async function completeIdempotencyKey(
  id: string,
  claimToken: string,
  response: StoredResponse,
  unknownChangeId?: string,
  takeOverAs?: string,
): Promise<boolean> {
  const values: Record<string, unknown> = { ':completed': IdempotencyStatus.COMPLETED, ':response': response, ':token': claimToken };
  const sets = ['#status = :completed', '#response = :response'];
  let condition = 'claim_token = :token';
  if (unknownChangeId) {
    values[':change'] = unknownChangeId;
    sets.push('unknown_change_id = :change');
  }
  if (takeOverAs) {
    values[':inProgress'] = IdempotencyStatus.IN_PROGRESS;
    values[':new'] = takeOverAs;
    sets.push('claim_token = :new');
    // A retry of this very takeover whose answer was lost finds the key its own already.
    condition = '(claim_token = :token AND #status = :inProgress) OR claim_token = :new';
  }
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('idempotency'),
        Key: { id },
        UpdateExpression: `SET ${sets.join(', ')}${unknownChangeId ? '' : ' REMOVE unknown_change_id'}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
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

/**
 * The completion of claim `claimToken` with `response` as one item of a planned write's commit
 * (planned-writes.ts): only while that claim still holds the key in progress, so once the key was
 * taken over, or given its `outcome_unknown`, a late copy of the commit changes nothing.
 */
export function completionUpdate(id: string, claimToken: string, response: StoredResponse): Record<string, unknown> {
  return {
    TableName: tableName('idempotency'),
    Key: { id },
    UpdateExpression: 'SET #status = :completed, #response = :response REMOVE unknown_change_id',
    ConditionExpression: 'claim_token = :token AND #status = :inProgress',
    ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
    ExpressionAttributeValues: {
      ':completed': IdempotencyStatus.COMPLETED,
      ':inProgress': IdempotencyStatus.IN_PROGRESS,
      ':response': response,
      ':token': claimToken,
    },
  };
}
