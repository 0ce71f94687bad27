import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, currentStoreScope, documentClient } from './dynamo';

/**
 * A planned write's unit of work (issue 33): the sandbox changes one request's `apply` makes
 * (updates, and creates with their condition that the id is free) are held here instead of being
 * written one by one, so the runtime commits them together with the
 * write's audit record and the completion of its Idempotency-Key claim in ONE TransactWriteItems
 * (planned-writes.ts): no completed claim without its change, no change without its audit record.
 *
 * One per request and run (it lives in the tool's store scope, never shared across requests or
 * owners). Reads of the same run see its held writes (`overlay`). It only ever holds writes while
 * nothing else was written: any other DynamoDB write of the run (another table, a removal, a second
 * change of an item it already holds, more items than a transaction takes) first calls `writeNow`,
 * which closes the unit when it holds nothing, and otherwise abandons it before that write is sent:
 * nothing of the run since its last checkpoint was written, and the runtime applies the write again
 * the way it always did, each change written as it is made (steps already checkpointed are not run
 * again).
 *
 * A step of a multi-step write (handler.ts stepRunner) that finishes while its changes are held
 * leaves them held (`finishStep`): the write's final commit takes every step's changes at once, and
 * no checkpoint is written at all. The finished steps are committed with their checkpoint, in one
 * transaction (`commitFinishedSteps`), only when the run stops before its final commit (a later step
 * failed: the retry resumes after them, as when each step was committed as it finished) or the
 * unit has no room or must change an item they hold; the unit then goes on with the rest. So a
 * step's changes and its checkpoint are written together or not at all.
 */

/** What DynamoDB takes in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/** Items kept free in the transaction for the audit record, the claim's completion and the checkpoint (saved or removed). */
const ITEMS_KEPT_FOR_THE_RUNTIME = 3;

/** Thrown (before the write is sent) when a write cannot wait while the unit holds writes. */
export class UnitOfWorkAbandoned extends Error {
  constructor() {
    super('The run wrote something that cannot join its unit of work: it is applied again, writing as it goes.');
    this.name = 'UnitOfWorkAbandoned';
  }
}

type Item = Record<string, unknown>;

/** Steps finished while their changes are held (finishStep): what a commit of them writes and keeps. */
interface FinishedSteps {
  /** How many of the held entries they made (the first ones). */
  entries: number;
  /** The transaction entry saving every step finished so far (the checkpoint's update). */
  checkpoint: Item;
  /** The steps as they are once those are committed (the runtime restores them when the rest is dropped). */
  steps: unknown;
  /** How many of the scope's replaced values (the audit's before values) they reported. */
  replaced: number;
}

export class UnitOfWork {
  /** The held TransactWriteItems entries, in the order they were made. */
  readonly items: Item[] = [];
  /** The held writes' items as they will be once committed (and the held entry that writes each), by pk then sk. */
  private readonly written = new Map<string, Map<string, { item: Item; entry: number }>>();
  /** The steps finished while their changes are held, if any. */
  private finished?: FinishedSteps;
  /** False once closed (committed, or a write went out directly); then it holds nothing more. */
  open = true;
  /** Set when a write that cannot wait came while writes were held: the run must be applied again. */
  abandoned = false;
  /** Called once finished steps were committed with their checkpoint (the runtime notes the steps and values kept). */
  onCheckpoint?: (steps: unknown, replaced: number) => void;
  /** True while the unit's own commit is being sent (it is the write the unit waits for). */
  private sending = false;

  constructor(readonly maxItems = MAX_TRANSACTION_ITEMS) {}

  get pending(): boolean {
    return this.items.length > 0;
  }

  /**
   * Whether `entries` (writing `items`, with their keys) can be held: the unit is open, none of the
   * items is held already (a transaction touches an item once) and the transaction keeps room for
   * the runtime's items. When it cannot, finished steps are committed first to make room; failing
   * that, `writeNow` decides (closed, or abandoned).
   */
  async hold(entries: Item[], items: { pk: string; sk: string; item: Item }[]): Promise<boolean> {
    if (!this.open) return false;
    const fits = () =>
      this.items.length + entries.length + ITEMS_KEPT_FOR_THE_RUNTIME <= this.maxItems &&
      !items.some(({ pk, sk }) => this.written.get(pk)?.has(sk));
    if (!fits() && this.finished) await this.commitFinishedSteps();
    if (!fits()) {
      this.writeNow();
      return false;
    }
    for (const { pk, sk, item } of items) {
      if (!this.written.has(pk)) this.written.set(pk, new Map());
      this.written.get(pk)!.set(sk, { item, entry: this.items.length });
    }
    this.items.push(...entries);
    return true;
  }

  /** Before a write that goes out now: closes the unit, or abandons it (throws) when it holds writes. */
  writeNow(): void {
    if (!this.open || this.sending) return;
    if (this.pending) {
      this.abandoned = true;
      throw new UnitOfWorkAbandoned();
    }
    this.open = false;
  }

  /**
   * A step finished: its changes (and those of the steps before it) stay held, and `checkpoint`
   * saves every step finished so far should they be committed before the write's final commit
   * (`steps`: the runtime's steps as they are then).
   */
  finishStep(checkpoint: Item, steps: unknown): void {
    this.finished = { entries: this.items.length, checkpoint, steps, replaced: currentStoreScope()?.replaced?.length ?? 0 };
  }

  /**
   * Commits the finished steps' changes with their checkpoint in one TransactWriteItems (what a
   * failure after them keeps, or to make room), and goes on with the rest held: the run's reads are
   * read again from the store from here on. False when no step finished. A transaction cancelled by
   * a condition (an entity changed since it was read) or refused (too large) wrote nothing: the unit
   * is abandoned (UnitOfWorkAbandoned). A store failure is rethrown (the outcome is then unknown).
   */
  async commitFinishedSteps(): Promise<boolean> {
    const finished = this.finished;
    if (!finished) return false;
    // Sent once: after a commit that got no answer (it may have gone through) nothing sends it again.
    this.finished = undefined;
    this.sending = true;
    try {
      const entries = [...this.items.slice(0, finished.entries), finished.checkpoint];
      await documentClient().send(new TransactWriteCommand({ TransactItems: entries as never }));
    } catch (err) {
      if (cancellationReasons(err) || (err as { name?: string }).name === 'ValidationException') {
        this.abandoned = true;
        throw new UnitOfWorkAbandoned();
      }
      throw err;
    } finally {
      this.sending = false;
    }
    this.items.splice(0, finished.entries);
    for (const held of this.written.values()) {
      for (const [sk, { item, entry }] of held) {
        if (entry < finished.entries) held.delete(sk);
        else held.set(sk, { item, entry: entry - finished.entries });
      }
    }
    // What the run read before may be older than what it just committed: read again from here on.
    currentStoreScope()?.sandboxReads?.clear();
    this.onCheckpoint?.(finished.steps, finished.replaced);
    return true;
  }

  /**
   * The items of a read (partition `pk`, or one item `sk` of it when given) as the run sees them:
   * held writes replace what was read and held new items join a partition, in sort-key order.
   */
  overlay(pk: string, items: Item[], sk?: string): Item[] {
    const held = this.written.get(pk);
    if (!held?.size || this.abandoned) return items;
    if (sk !== undefined) return held.has(sk) ? [structuredClone(held.get(sk)!.item)] : items;
    const bySk = new Map(items.map((item) => [item.sk as string, item]));
    for (const [key, { item }] of held) bySk.set(key, structuredClone(item));
    return [...bySk.values()].sort((a, b) => ((a.sk as string) < (b.sk as string) ? -1 : (a.sk as string) > (b.sk as string) ? 1 : 0));
  }
}
