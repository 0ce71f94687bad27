import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import { documentClient } from './dynamo';
import { RECORD_TTL_SECONDS } from './idempotency';

/**
 * Checkpoints of multi-step writes (CONTRACT.md section 3): after each step that created something
 * real, its result is saved under owner + tool + fingerprint of the arguments. A retry with the same
 * arguments finds the saved steps and resumes after them instead of creating duplicates. One item
 * per operation, one attribute per finished step (`step:<name>`), so saving a step is one write.
 */
const STEP_PREFIX = 'step:';

export function checkpointId(ownerId: string, tool: string, argumentsFingerprint: string): string {
  return `checkpoint#${ownerId}#${tool}#${argumentsFingerprint}`;
}

export async function loadCheckpoint(id: string): Promise<Record<string, unknown>> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName('idempotency'), Key: { id }, ConsistentRead: true }));
  return stepsOf(result.Item);
}

/** The saved steps of a checkpoint item as read (none when it is absent or expired). */
export function stepsOf(item: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!item || Number(item.expires_at) <= Math.floor(Date.now() / 1000)) return {};
  return Object.fromEntries(
    Object.entries(item)
      .filter(([key]) => key.startsWith(STEP_PREFIX))
      .map(([key, value]) => [key.slice(STEP_PREFIX.length), value]),
  );
}

/** The UpdateItem of saving finished steps (name → result): one on its own (saveCheckpointStep), or several in a unit of work's commit. */
export function checkpointStepsUpdate(id: string, steps: Record<string, unknown>) {
  const names = Object.keys(steps);
  return {
    TableName: tableName('idempotency'),
    Key: { id },
    UpdateExpression: `SET ${names.map((_, i) => `#s${i} = :v${i}`).join(', ')}, expires_at = :exp`,
    ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#s${i}`, STEP_PREFIX + name])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(names.map((name, i) => [`:v${i}`, steps[name] ?? null])),
      ':exp': Math.floor(Date.now() / 1000) + RECORD_TTL_SECONDS,
    },
  };
}

export async function saveCheckpointStep(id: string, step: string, value: unknown): Promise<void> {
  await documentClient().send(new UpdateCommand(checkpointStepsUpdate(id, { [step]: value })));
}

/** The DeleteItem of a checkpoint: on its own (clearCheckpoint), or in the commit of the write it belongs to. */
export function checkpointDelete(id: string) {
  return { TableName: tableName('idempotency'), Key: { id } };
}

/** Removes saved steps once the whole operation succeeded, so the same arguments later start anew. */
export async function clearCheckpoint(id: string): Promise<void> {
  await documentClient().send(new DeleteCommand(checkpointDelete(id)));
}
