import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { cancellationReasons, currentStoreScope, documentClient, isConditionalCheckFailed } from '../../functions/runtime/stores/dynamo';
import type { HistoryEntry } from './history';
import type { PlatformWord } from '../../core/platforms';

/**
 * The simulated platforms' data: one DynamoDB partition per sandbox account
 * (pk `<platform>#<account id>`), one item per entity (sk `<kind>#<id>`) and one item per change
 * of an entity (sk `HISTORY#<kind>#<id>#<revision>`, history.ts), so no item grows with the
 * number of changes. Entities are plain objects with an `id`; what a kind holds is up to the
 * platform's sandbox.
 *
 * Within a tool's run (a store scope with `sandboxReads`), the first list reads the account's whole
 * partition in one Query (all kinds, history included) and every later read of that account is
 * served from it until the run writes to the account: one read per request, however many kinds
 * and reports a tool combines.
 */
export interface SandboxEntity {
  id: string;
}

export class EntityNotFoundError extends Error {
  constructor(
    readonly kind: string,
    readonly id: string,
  ) {
    super(`${kind} ${id} not found`);
    this.name = 'EntityNotFoundError';
  }
}

export class EntityExistsError extends Error {
  constructor(
    readonly kind: string,
    readonly id: string,
  ) {
    super(`${kind} ${id} already exists`);
    this.name = 'EntityExistsError';
  }
}

/** The unexpected-state error of a conditional update (`expect` did not hold). */
export class EntityStateError extends Error {
  constructor(
    readonly kind: string,
    readonly id: string,
  ) {
    super(`${kind} ${id} is not in the expected state`);
    this.name = 'EntityStateError';
  }
}

const META = 'META';
const HISTORY = 'HISTORY';

/** One stored change of an entity (sk `HISTORY#<kind>#<id>#<revision>`). */
interface HistoryItem extends HistoryEntry {
  rev: number;
}

/** Items of one partition, as read. */
type Items = Record<string, unknown>[];

export class SandboxStore {
  readonly pk: string;

  constructor(
    readonly platform: PlatformWord,
    readonly accountId: string,
  ) {
    this.pk = `${platform}#${accountId}`;
  }

  private sk(kind: string, id: string): string {
    return `${kind}#${id}`;
  }

  private historyPrefix(kind: string, id?: string): string {
    return id === undefined ? `${HISTORY}#${kind}#` : `${HISTORY}#${kind}#${id}#`;
  }

  private historySk(kind: string, id: string, rev: number): string {
    return `${this.historyPrefix(kind, id)}${String(rev).padStart(10, '0')}`;
  }

  /**
   * The entity without its keys; with `changes` (its history items, any order), its change history
   * too: entries kept in the item itself (seeded, or written before history had items of its own)
   * first, then one per revision up to the entity's own (a removed entity's leftovers never count).
   */
  private strip<T>(item: Record<string, unknown> | undefined, changes?: readonly HistoryItem[]): T | undefined {
    if (!item) return undefined;
    const { pk: _pk, sk: _sk, history, rev, ...entity } = item;
    if (!changes) return entity as T;
    const inline = (history as HistoryEntry[] | undefined) ?? [];
    const revision = typeof rev === 'number' ? rev : 0;
    const stored = changes
      .filter((change) => change.rev <= revision)
      .sort((a, b) => a.rev - b.rev)
      .map(({ at, before }) => ({ at, before }));
    const all = inline.length ? [...inline, ...stored] : stored;
    return (all.length ? { ...entity, history: all } : entity) as T;
  }

  /** Every item of the partition whose sort key starts with `prefix`, in sort-key order. */
  private async query(prefix: string): Promise<Items> {
    const items: Items = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('sandbox'),
          KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
          ExpressionAttributeValues: prefix ? { ':pk': this.pk, ':prefix': prefix } : { ':pk': this.pk },
          ExclusiveStartKey: startKey,
          ConsistentRead: true,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /**
   * The whole partition, read once per tool run (the scope's `sandboxReads`) and copied for each
   * caller so no caller sees another's changes to what it was given; undefined outside a run.
   */
  private async cachedPartition(): Promise<Items | undefined> {
    const reads = currentStoreScope()?.sandboxReads;
    if (!reads) return undefined;
    let partition = reads.get(this.pk);
    if (!partition) {
      partition = this.query('');
      partition.catch(() => reads.delete(this.pk));
      reads.set(this.pk, partition);
    }
    return structuredClone(await partition);
  }

  /** The partition as read in this run, if it was read already (no read of its own). */
  private async partitionIfRead(): Promise<Items | undefined> {
    return currentStoreScope()?.sandboxReads?.has(this.pk) ? this.cachedPartition() : undefined;
  }

  /** After a write to this account, later reads of the run read again. */
  private written(): void {
    currentStoreScope()?.sandboxReads?.delete(this.pk);
  }

  private historyOf(items: Items, kind: string, id: string): HistoryItem[] {
    const prefix = this.historyPrefix(kind, id);
    return items.filter((item) => (item.sk as string).startsWith(prefix)) as unknown as HistoryItem[];
  }

  private async getRaw(kind: string, id: string, options: { fresh?: boolean } = {}): Promise<Record<string, unknown> | undefined> {
    const partition = options.fresh ? undefined : await this.partitionIfRead();
    if (partition) return partition.find((item) => item.sk === this.sk(kind, id));
    const result = await documentClient().send(
      new GetCommand({ TableName: tableName('sandbox'), Key: { pk: this.pk, sk: this.sk(kind, id) }, ConsistentRead: true }),
    );
    return result.Item;
  }

  /** An entity; with `withHistory`, its change history too (for `stateAt` / `daySegments`). */
  async get<T extends SandboxEntity>(kind: string, id: string, options: { withHistory?: boolean } = {}): Promise<T | undefined> {
    const partition = await this.partitionIfRead();
    if (partition) {
      const item = partition.find((candidate) => candidate.sk === this.sk(kind, id));
      return this.strip<T>(item, options.withHistory ? this.historyOf(partition, kind, id) : undefined);
    }
    const item = await this.getRaw(kind, id);
    if (!options.withHistory || !item) return this.strip<T>(item);
    const changes = item.rev === undefined ? [] : ((await this.query(this.historyPrefix(kind, id))) as unknown as HistoryItem[]);
    return this.strip<T>(item, changes);
  }

  /** Like get, but throws EntityNotFoundError. */
  async require<T extends SandboxEntity>(kind: string, id: string, options: { withHistory?: boolean } = {}): Promise<T> {
    const entity = await this.get<T>(kind, id, options);
    if (!entity) throw new EntityNotFoundError(kind, id);
    return entity;
  }

  /** Every entity of a kind, in id order; with `withHistory`, each with its change history. */
  async list<T extends SandboxEntity>(kind: string, options: { withHistory?: boolean } = {}): Promise<T[]> {
    const prefix = `${kind}#`;
    const partition = await this.cachedPartition();
    const entities = partition ? partition.filter((item) => (item.sk as string).startsWith(prefix)) : await this.query(prefix);
    if (!options.withHistory) return entities.map((item) => this.strip<T>(item)!);
    let changes: Items = [];
    if (partition) changes = partition;
    else if (entities.some((item) => item.rev !== undefined)) changes = await this.query(this.historyPrefix(kind));
    const byEntity = new Map<string, HistoryItem[]>();
    const historyPrefix = this.historyPrefix(kind);
    for (const change of changes) {
      const sk = change.sk as string;
      if (!sk.startsWith(historyPrefix)) continue;
      const key = sk.slice(0, sk.lastIndexOf('#'));
      if (!byEntity.has(key)) byEntity.set(key, []);
      byEntity.get(key)!.push(change as unknown as HistoryItem);
    }
    return entities.map((item) => {
      const id = (item.sk as string).slice(prefix.length);
      return this.strip<T>(item, byEntity.get(`${historyPrefix}${id}`) ?? [])!;
    });
  }

  /** Creates an entity; EntityExistsError when the id is taken. */
  async create<T extends SandboxEntity>(kind: string, entity: T): Promise<T> {
    this.written();
    try {
      await documentClient().send(
        new PutCommand({
          TableName: tableName('sandbox'),
          Item: { ...entity, pk: this.pk, sk: this.sk(kind, entity.id) },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      );
      return entity;
    } catch (err) {
      if (isConditionalCheckFailed(err)) throw new EntityExistsError(kind, entity.id);
      throw err;
    }
  }

  /** Writes many entities at once (seeding). Overwrites. */
  async putMany(kind: string, entities: readonly SandboxEntity[]): Promise<void> {
    this.written();
    for (let i = 0; i < entities.length; i += 25) {
      let requests: Record<string, unknown>[] = entities.slice(i, i + 25).map((entity) => ({
        PutRequest: { Item: { ...entity, pk: this.pk, sk: this.sk(kind, entity.id) } },
      }));
      for (let attempt = 0; requests.length && attempt < 8; attempt++) {
        const result = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName('sandbox')]: requests as never } }));
        requests = (result.UnprocessedItems?.[tableName('sandbox')] ?? []) as Record<string, unknown>[];
        if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
  }

  /**
   * Sets fields of an entity (undefined removes one). With `expect`, only when those fields hold those
   * values. Records the values it replaces as a history item of its own (history.ts) in the same
   * transaction, guarded by the entity's revision number, so the past can always be rebuilt. The
   * values it replaced (every field of the patch, at that revision) go to the store scope's
   * `replaced` when the runtime asks for them: the exact before values of the write's audit record.
   * Within a tool's run the entity is taken from the run's read of the account when there is one
   * (the revision guard catches a change since; then it is read again).
   */
  async update<T extends SandboxEntity>(
    kind: string,
    id: string,
    patch: Record<string, unknown>,
    options: { expect?: Record<string, unknown>; now?: Date } = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.getRaw(kind, id, { fresh: attempt > 0 });
      if (!current) {
        if (attempt === 0 && currentStoreScope()?.sandboxReads?.has(this.pk)) continue;
        throw new EntityNotFoundError(kind, id);
      }
      const expected = Object.entries(options.expect ?? {}).every(([field, value]) => current[field] === value);
      if (!expected) {
        if (attempt === 0 && currentStoreScope()?.sandboxReads?.has(this.pk)) continue;
        throw new EntityStateError(kind, id);
      }
      const before: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(patch)) {
        if (JSON.stringify(current[field]) !== JSON.stringify(value)) before[field] = current[field] ?? null;
      }
      // What this write replaces, field by field, at the revision it is guarded by (reported once it holds).
      const replaced = { kind, id, before: Object.fromEntries(Object.keys(patch).map((field) => [field, current[field] ?? null])) };
      if (Object.keys(before).length === 0) {
        currentStoreScope()?.replaced?.push(replaced);
        return this.strip<T>(current)!;
      }
      const rev = typeof current.rev === 'number' ? current.rev + 1 : 1;
      const after: Record<string, unknown> = { ...current, rev };
      const names: Record<string, string> = { '#rev': 'rev' };
      const values: Record<string, unknown> = { ':next': rev };
      const sets: string[] = ['#rev = :next'];
      const removes: string[] = [];
      Object.keys(before).forEach((field, i) => {
        names[`#f${i}`] = field;
        if (patch[field] === undefined) {
          removes.push(`#f${i}`);
          delete after[field];
        } else {
          values[`:v${i}`] = patch[field];
          sets.push(`#f${i} = :v${i}`);
          after[field] = patch[field];
        }
      });
      let condition = 'attribute_exists(sk) AND attribute_not_exists(#rev)';
      if (current.rev !== undefined) {
        condition = 'attribute_exists(sk) AND #rev = :rev';
        values[':rev'] = current.rev;
      }
      const change: HistoryItem = { at: (options.now ?? new Date()).toISOString(), before, rev };
      this.written();
      try {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName('sandbox'),
                  Key: { pk: this.pk, sk: this.sk(kind, id) },
                  UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
                  ConditionExpression: condition,
                  ExpressionAttributeNames: names,
                  ExpressionAttributeValues: values,
                },
              },
              // A removed entity's change at this revision, if any, is replaced (see strip).
              { Put: { TableName: tableName('sandbox'), Item: { ...change, pk: this.pk, sk: this.historySk(kind, id, rev) } } },
            ],
          }),
        );
        currentStoreScope()?.replaced?.push(replaced);
        return this.strip<T>(after)!;
      } catch (err) {
        // Another write got in between: read again and re-check `expect` (a few times at most).
        const conflict =
          isConditionalCheckFailed(err) ||
          cancellationReasons(err)?.some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict');
        if (conflict && attempt < 4) continue;
        if (conflict) throw new EntityStateError(kind, id);
        throw err;
      }
    }
  }

  async remove(kind: string, id: string): Promise<void> {
    this.written();
    await documentClient().send(new DeleteCommand({ TableName: tableName('sandbox'), Key: { pk: this.pk, sk: this.sk(kind, id) } }));
  }

  async readMeta(): Promise<SandboxAccountMeta> {
    return (await this.get<SandboxAccountMeta>(META, META)) ?? { id: META };
  }

  /** Uses up one injected failure of `operation`; true when this call must fail. */
  async consumeInjectedFailure(operation: string): Promise<boolean> {
    this.written();
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName('sandbox'),
          Key: { pk: this.pk, sk: this.sk(META, META) },
          UpdateExpression: 'ADD fail_operations.#op :minus',
          ConditionExpression: 'fail_operations.#op > :zero',
          ExpressionAttributeNames: { '#op': operation },
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  async writeMeta(meta: Partial<SandboxAccountMeta>): Promise<void> {
    const current = await this.readMeta();
    this.written();
    await documentClient().send(
      new PutCommand({ TableName: tableName('sandbox'), Item: { ...current, ...meta, id: META, pk: this.pk, sk: this.sk(META, META) } }),
    );
  }
}

/** Per-account switches of the simulated platform. */
export interface SandboxAccountMeta {
  id: string;
  /** Makes every call of this account fail like a real platform can (CONTRACT.md section 8). */
  failure_mode?: 'none' | 'rate_limited' | 'server_error' | 'slow';
  /** Seconds the platform asks to wait, for rate_limited. */
  retry_after_seconds?: number;
  /** Delay of each call, for slow. */
  slow_ms?: number;
  /**
   * Makes the named operation (a port method's name; withInjectedFailures in faults.ts) fail with a server
   * error this many more times, then succeed: a platform failing part-way through a multi-step write.
   */
  fail_operations?: Record<string, number>;
}
