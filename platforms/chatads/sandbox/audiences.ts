/**
 * The chatads sandbox's custom-audience state machines, derived on every read from what was stored
 * and the clock (nothing is written by a read, and the same moment always gives the same answer):
 *
 * - An operation is `processing` until its processing time has passed, then `succeeded` (or `failed`
 *   when none of its identifiers could be read). `pause` stops its clock (`paused`), `resume` restarts
 *   it with the time it had left, `cancel` ends it `failed` with error `cancelled`.
 * - An audience is `processing` while one of its operations is processing or paused; otherwise its
 *   members are its seeded members with every succeeded operation applied in order (add, remove,
 *   replace, merge), and it is `ready` with at least MIN_READY_AUDIENCE_USERS matched users,
 *   `too_small` below that, `failed` when its only finished operations failed.
 */
import { seededRandom } from '../../sandbox/metrics';
import { MIN_READY_AUDIENCE_USERS, type ChatAdsAudienceOperation, type ChatAdsCustomAudience, type ChatAdsOperationType } from '../port';

/** Processing time of an operation: a base plus a little per identifier (10,000 identifiers: 4 s), at most 5 s. */
export const processingMs = (identifiers: number) => 2_000 + Math.min(3_000, Math.round(identifiers * 0.2));

export interface StoredOperation {
  id: string;
  custom_audience_id: string;
  type: ChatAdsOperationType;
  submitted_identifiers: number;
  /** Identifiers that could be read (a bad file can have none). */
  valid_identifiers: number;
  source: ChatAdsAudienceOperation['source'];
  file_id?: string;
  source_audience_ids?: string[];
  /** For a merge: the members it brings (the sources' at the moment of the merge). */
  merged?: { uploaded: number; matched: number };
  created_at: string;
  /** running (its clock runs to completes_at), paused (remaining_ms left) or cancelled. */
  state: 'running' | 'paused' | 'cancelled';
  completes_at?: string;
  remaining_ms?: number;
  cancelled_at?: string;
}

export interface StoredAudience {
  id: string;
  name: string;
  description?: string;
  /** The audience's state before any operation of the sandbox (seeded accounts). */
  status: ChatAdsCustomAudience['status'];
  matched_users: number;
  uploaded_identifiers: number;
  archived?: boolean;
  created_at: string;
}

/** An operation as the platform reports it at `now`. */
export function operationAt(op: StoredOperation, now: Date): ChatAdsAudienceOperation {
  const base = {
    id: op.id,
    custom_audience_id: op.custom_audience_id,
    type: op.type,
    submitted_identifiers: op.submitted_identifiers,
    source: op.source,
    ...(op.file_id ? { file_id: op.file_id } : {}),
    ...(op.source_audience_ids ? { source_audience_ids: op.source_audience_ids } : {}),
    created_at: op.created_at,
  };
  if (op.state === 'cancelled') return { ...base, status: 'failed', error: 'cancelled', completed_at: op.cancelled_at };
  if (op.state === 'paused') return { ...base, status: 'paused' };
  if (now.getTime() < Date.parse(op.completes_at!)) return { ...base, status: 'processing' };
  if (op.valid_identifiers === 0) return { ...base, status: 'failed', error: 'no_valid_identifiers', completed_at: op.completes_at };
  return { ...base, status: 'succeeded', matched_identifiers: matchedOf(op), completed_at: op.completes_at };
}

/** How many of an operation's identifiers match platform users (deterministic per operation). */
export function matchedOf(op: StoredOperation): number {
  if (op.merged) return op.merged.matched;
  return Math.round(op.valid_identifiers * (0.6 + 0.25 * seededRandom(`${op.id}|match`)()));
}

/** An audience as the platform reports it at `now`, given all of its operations. */
export function audienceAt(audience: StoredAudience, operations: readonly StoredOperation[], now: Date): ChatAdsCustomAudience {
  const own = operations
    .filter((o) => o.custom_audience_id === audience.id)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  const states = own.map((o) => ({ stored: o, now: operationAt(o, now) }));
  let uploaded = audience.uploaded_identifiers;
  let matched = audience.matched_users;
  let succeeded = 0;
  for (const { stored, now: op } of states) {
    if (op.status !== 'succeeded') continue;
    succeeded++;
    const m = op.matched_identifiers ?? 0;
    const n = stored.merged?.uploaded ?? stored.valid_identifiers;
    if (stored.type === 'add') {
      uploaded += n;
      matched += m;
    } else if (stored.type === 'remove') {
      uploaded = Math.max(0, uploaded - n);
      matched = Math.max(0, matched - m);
    } else {
      uploaded = n;
      matched = m;
    }
  }
  const pending = states.some((s) => s.now.status === 'processing' || s.now.status === 'paused');
  const failedOnly = succeeded === 0 && states.some((s) => s.now.status === 'failed' && s.now.error !== 'cancelled');
  const status: ChatAdsCustomAudience['status'] = pending
    ? 'processing'
    : failedOnly
      ? 'failed'
      : succeeded === 0
        ? audience.status
        : matched >= MIN_READY_AUDIENCE_USERS
          ? 'ready'
          : 'too_small';
  return {
    id: audience.id,
    name: audience.name,
    ...(audience.description ? { description: audience.description } : {}),
    status,
    archived: audience.archived ?? false,
    matched_users: matched,
    uploaded_identifiers: uploaded,
    created_at: audience.created_at,
  };
}

/** Rows of a file uploaded to the platform (the sandbox has no file store: its size follows from its id). */
export function fileRows(fileId: string): number {
  return 5_000 + Math.floor(seededRandom(`${fileId}|rows`)() * 55_000);
}
