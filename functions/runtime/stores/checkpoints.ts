import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import { documentClient } from './dynamo';
import { RECORD_TTL_SECONDS } from './idempotency';

/**
 * Checkpoints of multi-step writes (CONTRACT.md section 3): after each step that created something
 * real, its result is saved under owner + tool + fingerprint of the arguments. A retry with the same
 * arguments finds the saved steps and resumes after them instead of creating duplicates.
 */
export function checkpointId(ownerId: string, tool: string, argumentsFingerprint: string): string {
  return `checkpoint#${ownerId}#${tool}#${argumentsFingerprint}`;
}

export async function loadCheckpoint(id: string): Promise<Record<string, unknown>> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('idempotency'), Key: { id }, ConsistentRead: true }),
  );
  const expired = result.Item && Number(result.Item.expires_at) <= Math.floor(Date.now() / 1000);
  return !result.Item || expired ? {} : ((result.Item.steps as Record<string, unknown>) ?? {});
}

export async function saveCheckpointStep(id: string, step: string, value: unknown): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('idempotency'),
      Key: { id },
      UpdateExpression: 'SET steps = if_not_exists(steps, :empty), expires_at = :exp',
      ExpressionAttributeValues: { ':empty': {}, ':exp': Math.floor(Date.now() / 1000) + RECORD_TTL_SECONDS },
    }),
  );
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('idempotency'),
      Key: { id },
      UpdateExpression: 'SET steps.#step = :value',
      ExpressionAttributeNames: { '#step': step },
      ExpressionAttributeValues: { ':value': value ?? null },
    }),
  );
}

/** Removes saved steps once the whole operation succeeded, so the same arguments later start anew. */
export async function clearCheckpoint(id: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('idempotency'),
      Key: { id },
      UpdateExpression: 'REMOVE steps',
    }),
  );
}
