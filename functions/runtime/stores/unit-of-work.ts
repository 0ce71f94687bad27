import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, currentStoreScope, documentClient } from './dynamo';

/**
 * A planned write's unit of work (issue 33): the sandbox changes one request's `apply` makes are
 * held here instead of being written one by one, so the runtime commits them together with the
 * write's audit record and the completion of its Idempotency-Key claim in ONE TransactWriteItems
 * (planned-writes.ts): no completed claim without its change, no change without its audit record.
 *
 * One per request and run (it lives in the tool's store scope, never shared across requests or
 * owners). Reads of the same run see its held writes (`overlay`). It only ever holds writes while
 * nothing else was written: any other DynamoDB write of the run (another table, a create, a second
 * change of an item it already holds, more items than a transaction takes) first calls `writeNow`,
 * which closes the unit when it holds nothing, and otherwise abandons it before that write is sent:
 * nothing of the run since its last checkpoint was written, and the runtime applies the write again
 * the way it always did, each change written as it is made (steps already checkpointed are not run
 * again).
 *
 * A checkpoint of a multi-step write (handler.ts stepRunner) does not abandon it: `commitSoFar`
 * commits the changes held so far together with the saved step in one transaction, and the unit goes
 * on empty for the next step. So a step's changes and its checkpoint are written together or not at
 * all, and a retry after a failure between steps resumes after the last committed step.
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

export class UnitOfWork {
  /** The held TransactWriteItems entries, in the order they were made. */
  readonly items: Item[] = [];
  /** The held writes' items as they will be once committed, by pk then sk. */
  private readonly written = new Map<string, Map<string, Item>>();
  /** False once closed (committed, or a write went out directly); then it holds nothing more. */
  open = true;
  /** Set when a write that cannot wait came while writes were held: the run must be applied again. */
  abandoned = false;
  /** Called once a checkpoint committed what the unit held (the runtime notes the steps and values kept). */
  onCheckpoint?: () => void;
  /** True while the unit's own commit is being sent (it is the write the unit waits for). */
  private sending = false;

  constructor(readonly maxItems = MAX_TRANSACTION_ITEMS) {}

  get pending(): boolean {
    return this.items.length > 0;
  }

  /**
   * Whether `entries` (writing `items`, with their keys) can be held: the unit is open, none of the
   * items is held already (a transaction touches an item once) and the transaction keeps room for
   * the runtime's two items. When it cannot, `writeNow` decides (closed, or abandoned).
   */
  hold(entries: Item[], items: { pk: string; sk: string; item: Item }[]): boolean {
    if (!this.open) return false;
    const fits = this.items.length + entries.length + ITEMS_KEPT_FOR_THE_RUNTIME <= this.maxItems;
    if (!fits || items.some(({ pk, sk }) => this.written.get(pk)?.has(sk))) {
      this.writeNow();
      return false;
    }
    this.items.push(...entries);
    for (const { pk, sk, item } of items) {
      if (!this.written.has(pk)) this.written.set(pk, new Map());
      this.written.get(pk)!.set(sk, item);
    }
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
   * Commits what the unit holds with `entries` (a checkpoint's saved step) in one TransactWriteItems,
   * and goes on empty: the run's reads are read again from the store from here on. A transaction
   * cancelled by a condition (an entity changed since it was read) or refused (too large) wrote
   * nothing: the unit is abandoned (UnitOfWorkAbandoned) and the runtime applies the write again from
   * the last checkpoint. A store failure is rethrown (the write's outcome is then unknown).
   */
  async commitSoFar(entries: Item[]): Promise<void> {
    this.sending = true;
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: [...this.items, ...entries] as never }));
    } catch (err) {
      if (cancellationReasons(err) || (err as { name?: string }).name === 'ValidationException') {
        this.abandoned = true;
        throw new UnitOfWorkAbandoned();
      }
      throw err;
    } finally {
      this.sending = false;
    }
    this.items.length = 0;
    this.written.clear();
    // What the run read before may be older than what it just committed: read again from here on.
    currentStoreScope()?.sandboxReads?.clear();
  }

  /**
   * The items of a read (partition `pk`, or one item `sk` of it when given) as the run sees them:
   * held writes replace what was read and held new items join a partition, in sort-key order.
   */
  overlay(pk: string, items: Item[], sk?: string): Item[] {
    const held = this.written.get(pk);
    if (!held?.size || this.abandoned) return items;
    if (sk !== undefined) return held.has(sk) ? [structuredClone(held.get(sk)!)] : items;
    const bySk = new Map(items.map((item) => [item.sk as string, item]));
    for (const [key, item] of held) bySk.set(key, structuredClone(item));
    return [...bySk.values()].sort((a, b) => ((a.sk as string) < (b.sk as string) ? -1 : (a.sk as string) > (b.sk as string) ? 1 : 0));
  }
}
