import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import { randomId } from '../canonical';
import type { PlatformWord } from '../../../core/platforms';
import type { PlannedBudget, PlannedChange, WritePlan } from '../../../core/plan';
import type { UndoCall } from '../../../core/tool';
import type { HeldUnit } from './usage';
import { loadCredentials, saveCredentials } from './credentials';
import { documentClient } from './dynamo';

/**
 * The spend-safety table (one per deployment, pk owner_id):
 * - the audit trail, sk `CHANGE#<change id>`: one record per write request (applied, failed, unknown
 *   until settled, dry run, blocked, held; approvals and rejections are writes of manage_action), kept for the owner's
 *   retention period (DynamoDB TTL on `expires_at`);
 * - actions held for approval, sk `ACTION#<action id>`: the tool, its arguments and its plan, which
 *   an approval applies exactly once; they expire after 48 hours (TTL, and checked on every read).
 * Records never hold the API key (only its display id), credentials or audience member identifiers
 * (redactArguments).
 */

export const DEFAULT_AUDIT_RETENTION_DAYS = 400;
export const PENDING_ACTION_HOURS = 48;

/**
 * `unknown`: the write may have happened (its answer was lost, it did not finish); never recorded as
 * failed. It is settled once its outcome is learned (settleAuditEntry): `applied`, or `not_applied`
 * (the platform still had the values it would have replaced). `refused`: an approval that was refused
 * (not pending, expired, the entity changed).
 */
export type AuditOutcome = 'applied' | 'failed' | 'unknown' | 'not_applied' | 'dry_run' | 'blocked' | 'held' | 'refused';

export interface AuditEntry {
  change_id: string;
  owner_id: string;
  at: string;
  key_id?: string;
  request_id: string;
  tool: string;
  platform: PlatformWord | null;
  account_id?: string;
  arguments: Record<string, unknown>;
  summary?: string;
  changes: PlannedChange[];
  budgets?: PlannedBudget[];
  outcome: AuditOutcome;
  /** Why a write was blocked or failed, or which action holds it. */
  detail?: string;
  /** Ids the write created upstream (the `*_id` values of a create's answer). */
  created_ids?: string[];
  /** The tool call that undoes the applied write (revert_change runs it). */
  undo?: UndoCall;
  /** Set once revert_change restored this change: the request id of the revert (its own audit record). */
  reverted_by?: string;
  /** The pending action an approval applied. */
  action_id?: string;
  /**
   * Applied writes only. Absent: every before value is the one the write replaced (the sandbox reads
   * it in its revision-guarded write). `plan`: some before values are what the plan read in the same
   * request just before writing (live platforms report nothing else); a concurrent write between the
   * two would not show.
   */
  before_from?: 'plan';
  /**
   * A write recorded `unknown` that carried the platform's own idempotency key: a replay under the same
   * Idempotency-Key sends it again, and the platform answers the first result instead of applying it twice.
   */
  resendable?: boolean;
  /**
   * A write recorded `unknown` that keeps its quota unit while its outcome is unknown (stores/usage.ts
   * HeldUnit): settled not applied, this unit is given back (or a replay runs the write on it). Never shown.
   */
  held_unit?: HeldUnit;
  /** A write recorded `unknown` and settled later: when, and by which request (a replay with its Idempotency-Key, or manage_action). */
  settled_at?: string;
  settled_by?: string;
}

export interface PendingAction {
  action_id: string;
  owner_id: string;
  status: 'pending' | 'approving' | 'applied' | 'failed' | 'rejected';
  created_at: string;
  /** ISO time after which it can no longer be approved. */
  expires: string;
  key_id?: string;
  tool: string;
  platform: PlatformWord | null;
  account_id?: string;
  arguments: Record<string, unknown>;
  plan: WritePlan;
  /** The guardrails it broke (empty when the owner holds every write). */
  reasons: string[];
  /**
   * The arguments hold values redactArguments hides (a webhook URL with its token, email
   * addresses): `arguments` shows them redacted, and the whole arguments are kept encrypted apart
   * from the record (stores/credentials.ts); heldArguments reads them for the approval.
   */
  sealed_arguments?: boolean;
  decided_at?: string;
  decided_by?: string;
  reason?: string;
  result_text?: string;
}

/** Argument names whose values are personal data or secrets: stored as "[redacted]". */
const REDACTED = /email|phone|member|identifier|hashed|password|secret|token|credential|webhook/i;

export function redactArguments(value: unknown, key = ''): unknown {
  if (key && REDACTED.test(key)) return '[redacted]';
  if (Array.isArray(value)) return value.map((item) => redactArguments(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactArguments(v, k)]));
  }
  return value;
}

/** Change ids sort by time: `chg_<13-digit epoch ms>_<random>`. */
export function newChangeId(now: Date): string {
  return `chg_${String(now.getTime()).padStart(13, '0')}_${randomId(8).replace(/[-_]/g, 'x')}`;
}

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

export async function recordAudit(
  entry: Omit<AuditEntry, 'change_id'> & { change_id?: string },
  retentionDays = DEFAULT_AUDIT_RETENTION_DAYS,
): Promise<AuditEntry> {
  const { record, put } = auditPut(entry, retentionDays);
  await documentClient().send(new PutCommand(put));
  return record;
}

/**
 * The conditional put of an audit record (never over an existing record of the same change id), as
 * recordAudit sends it or a planned write's commit puts it in its transaction (planned-writes.ts).
 */
export function auditPut(
  entry: Omit<AuditEntry, 'change_id'> & { change_id?: string },
  retentionDays = DEFAULT_AUDIT_RETENTION_DAYS,
): { record: AuditEntry; put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string } } {
  const at = new Date(entry.at);
  const record: AuditEntry = {
    ...entry,
    change_id: entry.change_id ?? newChangeId(at),
    arguments: redactArguments(entry.arguments) as Record<string, unknown>,
  };
  return {
    record,
    put: {
      TableName: tableName('audit'),
      Item: { ...record, sk: `CHANGE#${record.change_id}`, expires_at: epochSeconds(at.getTime() + retentionDays * 86_400_000) },
      ConditionExpression: 'attribute_not_exists(sk)',
    },
  };
}

export async function getAuditEntry(ownerId: string, changeId: string): Promise<AuditEntry | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('audit'), Key: { owner_id: ownerId, sk: `CHANGE#${changeId}` }, ConsistentRead: true }),
  );
  return result.Item ? strip<AuditEntry>(result.Item) : undefined;
}

/** Audit entries of an owner between two times (ISO), newest first, at most `limit` after `filter`. */
export async function listAuditEntries(
  ownerId: string,
  options: { since?: string; until?: string; limit: number; filter?: (entry: AuditEntry) => boolean },
): Promise<AuditEntry[]> {
  const from = `CHANGE#chg_${String(options.since ? Date.parse(options.since) : 0).padStart(13, '0')}`;
  const to = `CHANGE#chg_${String(options.until ? Date.parse(options.until) : 9_999_999_999_999).padStart(13, '0')}~`;
  const found: AuditEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('audit'),
        KeyConditionExpression: 'owner_id = :o AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':o': ownerId, ':from': from, ':to': to },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const entry = strip<AuditEntry>(item);
      if (!options.filter || options.filter(entry)) found.push(entry);
      if (found.length >= options.limit) return found;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/**
 * Settles a change recorded `unknown` once its outcome is learned: `applied` (with the undo call that
 * revert_change runs) or `not_applied`, with why. Conditional on the record still being `unknown`, so
 * of concurrent settlements exactly one wins (the one that bills an applied write). Returns false
 * when the record was settled already (or is not unknown).
 */
export async function settleAuditEntry(
  ownerId: string,
  changeId: string,
  settled: { outcome: 'applied' | 'not_applied'; detail: string; at: string; by: string; undo?: UndoCall },
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':unknown': 'unknown',
    ':outcome': settled.outcome,
    ':detail': settled.detail,
    ':at': settled.at,
    ':by': settled.by,
  };
  // Every attribute by a placeholder name (`undo` is one of DynamoDB's reserved words).
  const names: Record<string, string> = { '#outcome': 'outcome', '#detail': 'detail', '#at': 'settled_at', '#by': 'settled_by' };
  const sets = ['#outcome = :outcome', '#detail = :detail', '#at = :at', '#by = :by'];
  if (settled.undo) {
    values[':undo'] = settled.undo;
    values[':plan'] = 'plan';
    names['#undo'] = 'undo';
    names['#from'] = 'before_from';
    sets.push('#undo = :undo', '#from = :plan');
  }
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('audit'),
        Key: { owner_id: ownerId, sk: `CHANGE#${changeId}` },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(sk) AND #outcome = :unknown',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * Marks an applied change as being reverted by `revertId`, once: false when another revert claimed
 * it first (a retry or a concurrent revert). `release` gives the claim back when the revert failed.
 */
export async function claimRevert(ownerId: string, changeId: string, revertId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('audit'),
        Key: { owner_id: ownerId, sk: `CHANGE#${changeId}` },
        UpdateExpression: 'SET reverted_by = :r',
        ConditionExpression: 'attribute_exists(sk) AND (attribute_not_exists(reverted_by) OR reverted_by = :r)',
        ExpressionAttributeValues: { ':r': revertId },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

export async function releaseRevert(ownerId: string, changeId: string, revertId: string): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('audit'),
        Key: { owner_id: ownerId, sk: `CHANGE#${changeId}` },
        UpdateExpression: 'REMOVE reverted_by',
        ConditionExpression: 'reverted_by = :r',
        ExpressionAttributeValues: { ':r': revertId },
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  }
}

export async function holdAction(action: Omit<PendingAction, 'action_id' | 'status' | 'expires'>): Promise<PendingAction> {
  const created = Date.parse(action.created_at);
  // Secrets and personal data never sit in the audit table in plaintext: shown redacted, kept encrypted.
  const shown = redactArguments(action.arguments) as Record<string, unknown>;
  const sealed = JSON.stringify(shown) !== JSON.stringify(action.arguments);
  const record: PendingAction = {
    ...action,
    arguments: shown,
    ...(sealed ? { sealed_arguments: true } : {}),
    action_id: `act_${randomId(16).replace(/[-_]/g, 'x')}`,
    status: 'pending',
    expires: new Date(created + PENDING_ACTION_HOURS * 3_600_000).toISOString(),
  };
  if (sealed) await saveCredentials(heldArgumentsRef(record), { arguments: JSON.stringify(action.arguments) });
  await documentClient().send(
    new PutCommand({
      TableName: tableName('audit'),
      // TTL deletes it a day after it expired (DynamoDB deletes within days; reads check `expires`).
      Item: { ...record, sk: `ACTION#${record.action_id}`, expires_at: epochSeconds(created + (PENDING_ACTION_HOURS + 24) * 3_600_000) },
      ConditionExpression: 'attribute_not_exists(sk)',
    }),
  );
  return record;
}

const heldArgumentsRef = (action: Pick<PendingAction, 'owner_id' | 'action_id'>) => ({
  owner_id: action.owner_id,
  platform: 'action' as const,
  account_id: action.action_id,
});

/** The arguments a held write was made with, secrets included (decrypted when they were sealed). */
export async function heldArguments(action: PendingAction): Promise<Record<string, unknown>> {
  if (!action.sealed_arguments) return action.arguments;
  const stored = await loadCredentials<{ arguments: string }>(heldArgumentsRef(action));
  if (!stored) throw new Error(`The encrypted arguments of held action ${action.action_id} are missing.`);
  return JSON.parse(stored.arguments) as Record<string, unknown>;
}

/** A held action; `expired` is true once its 48 hours passed while still pending. */
export async function getPendingAction(ownerId: string, actionId: string): Promise<(PendingAction & { expired: boolean }) | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('audit'), Key: { owner_id: ownerId, sk: `ACTION#${actionId}` }, ConsistentRead: true }),
  );
  if (!result.Item) return undefined;
  const action = strip<PendingAction>(result.Item);
  return { ...action, expired: action.status === 'pending' && Date.parse(action.expires) <= Date.now() };
}

export async function listPendingActions(
  ownerId: string,
  status?: PendingAction['status'] | 'expired',
): Promise<(PendingAction & { expired: boolean })[]> {
  const found: (PendingAction & { expired: boolean })[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('audit'),
        KeyConditionExpression: 'owner_id = :o AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':o': ownerId, ':p': 'ACTION#' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const action = strip<PendingAction>(item);
      const expired = action.status === 'pending' && Date.parse(action.expires) <= Date.now();
      const shownStatus = expired ? 'expired' : action.status;
      if (!status || status === shownStatus) found.push({ ...action, expired });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Moves a held action from one status to the next only if it is still in `from` (and, leaving
 * `pending`, not expired): the conditional write that makes an approval run the plan exactly once.
 * Returns false when the condition did not hold.
 */
export async function transitionAction(
  ownerId: string,
  actionId: string,
  from: PendingAction['status'],
  to: PendingAction['status'],
  fields: Partial<Pick<PendingAction, 'decided_at' | 'decided_by' | 'reason' | 'result_text'>> = {},
  now = new Date(),
  /** Only if the approval that moved it to `approving` is this one (its decided_at): resuming an interrupted approval. */
  approvalStartedAt?: string,
): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':from': from, ':to': to };
  const sets = ['#status = :to'];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  let condition = '#status = :from';
  if (approvalStartedAt !== undefined) {
    names['#decided_at'] = 'decided_at';
    values[':started'] = approvalStartedAt;
    condition += ' AND #decided_at = :started';
  }
  if (from === 'pending') {
    names['#expires'] = 'expires';
    values[':now'] = now.toISOString();
    condition += ' AND #expires > :now';
  }
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('audit'),
        Key: { owner_id: ownerId, sk: `ACTION#${actionId}` },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

function strip<T>(item: Record<string, unknown>): T {
  const { sk: _sk, expires_at: _exp, ...rest } = item;
  return rest as T;
}
