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
import { FREEZE_SHARED_STATES, freezeDeep, type HistoryEntry } from './history';
import type { UnitOfWork } from '../../functions/runtime/stores/unit-of-work';
import type { PlatformWord } from '../../core/platforms';
import { provideSandboxEntities } from '../../functions/runtime/read-ahead';

/**
 * The simulated platforms' data, two DynamoDB partitions per sandbox account: the entities
 * (pk `<platform>#<account id>`, one item per entity, sk `<kind>#<id>`) and their changes
 * (pk `history#<platform>#<account id>`, one item per change, sk `<kind>#<id>#<revision>`,
 * history.ts), so no item grows with the number of changes and reading the entities never reads
 * their history. Entities are plain objects with an `id`; what a kind holds is up to the
 * platform's sandbox.
 *
 * Within a tool's run (a store scope with `sandboxReads`), the first list reads the account's
 * entities in one Query (all kinds) and every later read of that account is served from it until
 * the run writes to the account; the first read that asks for history (reports, day-weighted
 * figures, change history) reads the account's changes in one more Query (paginated), likewise
 * kept for the run. Entities that were never changed need no history read at all.
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

/**
 * Days a change (one history item) is kept after it was made. History is read backward from the
 * entity's current state (history.ts): the state at a moment undoes the changes made after it, so a
 * change is needed only for moments before it. The earliest moment any report reads is the start of
 * the longest window (lookback_days up to 365, the specification's bound) less the period of the same
 * length before it that comparisons read (core/report-window.ts previousPeriod), and two days for
 * time zones and windows ending yesterday. A change older than that is never undone again; every
 * history item carries its `expires_at` (the sandbox table's TTL) from the moment it is written, so
 * DynamoDB deletes it then, for live, removed (any status, state or flag) and deleted entities alike.
 */
export const HISTORY_KEPT_DAYS = 2 * 365 + 2;

/** `expires_at` is the sandbox table's TTL attribute: an entity holding one would be deleted by DynamoDB. */
function withoutTtl(entity: object): void {
  if ('expires_at' in entity) throw new Error('A sandbox entity cannot hold a field named expires_at (the table expires items by it).');
}

/** The TTL (epoch seconds) of a change made at `at`. */
export function historyExpiry(at: Date): number {
  return Math.floor(at.getTime() / 1000) + HISTORY_KEPT_DAYS * 86_400;
}

/** Where changes were kept before they had a partition of their own: `HISTORY#…` in the entities' partition. */
const LEGACY_HISTORY = 'HISTORY#';

/** One stored change of an entity (sk `<kind>#<id>#<revision>` in the account's history partition). */
interface HistoryItem extends HistoryEntry {
  rev: number;
}

/** A change as read, with its sort key. */
type StoredChange = HistoryItem & { sk: string };

/** Items of one partition, as read. */
type Items = Record<string, unknown>[];

/**
 * A deep copy of data as the document client reads it: plain objects and arrays copied field by
 * field (structuredClone costs several times as much on such data, and a read copies every entity it
 * hands out); anything else (a set, binary) by structuredClone.
 */
function copyOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyOf);
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) {
    // A field named __proto__ (a key of stored data) stays a field, as structuredClone keeps it.
    if (field === '__proto__')
      Object.defineProperty(copy, field, { value: copyOf(inner), enumerable: true, writable: true, configurable: true });
    else copy[field] = copyOf(inner);
  }
  return copy;
}

/** Values made from one read of an account's partition (`perRead`), by that read (the run's cached Query). */
const derivedFromRead = new WeakMap<Promise<Items>, Map<string, Promise<unknown>>>();

/** A sandbox account's entities can be read ahead of a tool run (functions/runtime/read-ahead.ts). */
provideSandboxEntities((platform, accountId) => new SandboxStore(platform, accountId));

export class SandboxStore {
  /** The partition of the account's entities. */
  readonly pk: string;
  /** The partition of the account's changes (platform words never start with `history`). */
  readonly historyPk: string;

  constructor(
    readonly platform: PlatformWord,
    readonly accountId: string,
  ) {
    this.pk = `${platform}#${accountId}`;
    this.historyPk = `history#${this.pk}`;
  }

  private sk(kind: string, id: string): string {
    return `${kind}#${id}`;
  }

  private historyPrefix(kind: string, id?: string): string {
    return id === undefined ? `${kind}#` : `${kind}#${id}#`;
  }

  private historySk(kind: string, id: string, rev: number): string {
    return `${this.historyPrefix(kind, id)}${String(rev).padStart(10, '0')}`;
  }

  /**
   * The entity without its keys, as the caller's own copy: the items it comes from may be the run's
   * one read of the partition (`cached`), which every later read of the run is served from, so
   * nothing a caller does to what it was given reaches them. This is the only way items leave the
   * store. With `changes` (its history items, any order), its change history too: entries kept in
   * the item itself (seeded, or written before history had items of its own) first, then one per
   * revision up to the entity's own (a removed entity's leftovers never count).
   */
  private strip<T>(item: Record<string, unknown> | undefined, changes?: readonly HistoryItem[]): T | undefined {
    if (!item) return undefined;
    const { pk: _pk, sk: _sk, history, rev, ...entity } = item;
    if (!changes) return copyOf(entity) as T;
    const inline = (history as HistoryEntry[] | undefined) ?? [];
    const revision = typeof rev === 'number' ? rev : 0;
    const stored = changes
      .filter((change) => change.rev <= revision)
      .sort((a, b) => a.rev - b.rev)
      .map(({ at, before }) => ({ at, before }));
    const all = inline.length ? [...inline, ...stored] : stored;
    return copyOf(all.length ? { ...entity, history: all } : entity) as T;
  }

  /** Every item of partition `pk` whose sort key starts with `prefix`, in sort-key order. */
  private async query(pk: string, prefix: string): Promise<Items> {
    const items: Items = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('sandbox'),
          KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
          ExpressionAttributeValues: prefix ? { ':pk': pk, ':prefix': prefix } : { ':pk': pk },
          ExclusiveStartKey: startKey,
          ConsistentRead: true,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /** The entities of kinds starting with `prefix` ('' = all); changes in the old layout are moved out first. */
  private async queryEntities(prefix: string): Promise<Items> {
    return this.withoutLegacyHistory(await this.query(this.pk, prefix));
  }

  /** Items of the entities' partition as read, changes in the old layout moved out of it (a write, rare). */
  private async withoutLegacyHistory(items: Items): Promise<Items> {
    const legacy = items.filter((item) => (item.sk as string).startsWith(LEGACY_HISTORY));
    if (!legacy.length) return items;
    await this.moveLegacyHistory(legacy);
    return items.filter((item) => !(item.sk as string).startsWith(LEGACY_HISTORY));
  }

  /**
   * The Query of the account's entities sent ahead of a tool run (functions/runtime/read-ahead.ts),
   * while the call's quota reservation is on its way: it only reads. The run takes it as its one
   * read of the account (the scope's `readAhead`, see `cached`); what moving changes out of the old
   * layout needs to write happens then, in the run.
   */
  readAhead(): Promise<Items> {
    return this.query(this.pk, '');
  }

  /**
   * A partition read once per tool run (the scope's `sandboxReads`, keyed by partition); undefined
   * outside a run. The items are shared by every read of the run and never changed: the store only
   * filters them, and hands out copies of the entities a caller takes (`strip`), not of the partition.
   */
  private async cached(pk: string, read: () => Promise<Items>): Promise<Items | undefined> {
    const scope = currentStoreScope();
    const reads = scope?.sandboxReads;
    if (!reads) return undefined;
    let partition = reads.get(pk);
    if (!partition) {
      partition = this.takeReadAhead(pk) ?? read();
      partition.catch(() => reads.delete(pk));
      reads.set(pk, partition);
    }
    const items = await partition;
    return scope.unitOfWork ? this.overlay(scope.unitOfWork, pk, items) : items;
  }

  /**
   * The account's entities as read ahead of this run (`readAhead`), once; a read ahead that failed
   * is sent again by the run itself.
   */
  private takeReadAhead(pk: string): Promise<Items> | undefined {
    const scope = currentStoreScope();
    const ahead = scope?.readAhead;
    if (pk !== this.pk || ahead?.pk !== pk) return undefined;
    scope!.readAhead = undefined;
    return ahead.items.then(
      (items) => this.withoutLegacyHistory(items),
      () => this.queryEntities(''),
    );
  }

  /** What a read of this run (key: a partition, or `item|<pk>|<sk>`) sees of the writes its unit of work holds. */
  private overlay(work: UnitOfWork, key: string, items: Items): Items {
    if (!key.startsWith('item|')) return work.overlay(key, items);
    return work.overlay(this.pk, items, key.slice(this.itemKeyPrefix().length));
  }

  /** The account's entities, read once per tool run; undefined outside a run. */
  private cachedPartition(): Promise<Items | undefined> {
    return this.cached(this.pk, () => this.queryEntities(''));
  }

  /**
   * The changes of entities of `kind` (of entity `id` only, when given): within a run from the
   * run's one read of the account's history partition, outside a run read for just them.
   */
  private async changesOf(kind: string, id?: string): Promise<StoredChange[]> {
    const prefix = this.historyPrefix(kind, id);
    const all = await this.cached(this.historyPk, () => this.query(this.historyPk, ''));
    const items = all ? all.filter((item) => (item.sk as string).startsWith(prefix)) : await this.query(this.historyPk, prefix);
    return items as unknown as StoredChange[];
  }

  /**
   * Moves changes written in the old layout (`HISTORY#<kind>#<id>#<revision>` among the entities)
   * to the history partition: copies first, then deletes, so an interrupted move loses nothing and
   * the next read finishes it. Done once per account, on the first read that finds them.
   */
  private async moveLegacyHistory(legacy?: Items): Promise<void> {
    legacy ??= await this.query(this.pk, LEGACY_HISTORY);
    if (!legacy.length) return;
    await this.batchWrite(
      legacy.map(({ pk: _p, sk, ...change }) => ({
        PutRequest: { Item: { ...change, pk: this.historyPk, sk: (sk as string).slice(LEGACY_HISTORY.length) } },
      })),
    );
    await this.batchWrite(legacy.map(({ sk }) => ({ DeleteRequest: { Key: { pk: this.pk, sk } } })));
    currentStoreScope()?.sandboxReads?.delete(this.historyPk);
  }

  /** BatchWriteItem in chunks of 25, unprocessed requests retried with backoff. */
  private async batchWrite(all: Record<string, unknown>[]): Promise<void> {
    for (let i = 0; i < all.length; i += 25) {
      let requests = all.slice(i, i + 25);
      for (let attempt = 0; requests.length && attempt < 8; attempt++) {
        const result = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName('sandbox')]: requests as never } }));
        requests = (result.UnprocessedItems?.[tableName('sandbox')] ?? []) as Record<string, unknown>[];
        if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
  }

  /**
   * Whether every changed entity's newest change (its own revision) was read: false when changes are
   * still in the old layout, which `withChanges` then moves and reads again. Older changes may be
   * gone (expired, HISTORY_KEPT_DAYS) and are never needed by then.
   */
  private complete(entities: Items, changes: readonly StoredChange[], kind: string): boolean {
    const read = new Set(changes.map((change) => change.sk));
    return entities.every((item) => {
      if (typeof item.rev !== 'number') return true;
      return read.has(this.historySk(kind, (item.sk as string).slice(`${kind}#`.length), item.rev));
    });
  }

  /**
   * The changes of the entities given (all of `kind`, or entity `id`); none read when none was ever
   * changed. When this run read the account's whole entity partition, changes in the old layout were
   * moved by that read, so nothing is checked (an entity whose newest change expired costs no read).
   */
  private async withChanges(entities: Items, kind: string, id?: string): Promise<StoredChange[]> {
    if (!entities.some((item) => typeof item.rev === 'number')) return [];
    const changes = await this.changesOf(kind, id);
    if (currentStoreScope()?.sandboxReads?.has(this.pk) || this.complete(entities, changes, kind)) return changes;
    await this.moveLegacyHistory();
    return this.changesOf(kind, id);
  }

  /**
   * The partition as read in this run, if it was read already (no read of its own) or the run is
   * planning a write (the scope's `planning`: a plan's entities come from one read of the account).
   */
  private async partitionIfRead(): Promise<Items | undefined> {
    const scope = currentStoreScope();
    return scope?.sandboxReads?.has(this.pk) || scope?.planning ? this.cachedPartition() : undefined;
  }

  /** The run's cache key of one entity read on its own (a GetItem): `item|<pk>|<sk>`. */
  private itemKey(kind: string, id: string): string {
    return `${this.itemKeyPrefix()}${this.sk(kind, id)}`;
  }

  private itemKeyPrefix(): string {
    return `item|${this.pk}|`;
  }

  /**
   * After a write to this account, later reads of the run read again: its entities, its changes and
   * every entity of it read on its own.
   */
  private written(): void {
    const scope = currentStoreScope();
    if (scope?.readAhead?.pk === this.pk) scope.readAhead = undefined;
    const reads = scope?.sandboxReads;
    if (!reads) return;
    reads.delete(this.pk);
    reads.delete(this.historyPk);
    for (const key of [...reads.keys()]) if (key.startsWith(this.itemKeyPrefix())) reads.delete(key);
  }

  /**
   * The entity's item. Within a run, from the run's read of the account when there is one, else
   * from the run's own read of this entity (one GetItem per entity and run, until the run writes to
   * the account: a plan and its revision-guarded update read it once); `fresh` always reads.
   */
  private async getRaw(kind: string, id: string, options: { fresh?: boolean } = {}): Promise<Record<string, unknown> | undefined> {
    const read = async () => {
      const result = await documentClient().send(
        new GetCommand({ TableName: tableName('sandbox'), Key: { pk: this.pk, sk: this.sk(kind, id) }, ConsistentRead: true }),
      );
      return result.Item ? [result.Item] : [];
    };
    if (options.fresh) {
      const work = currentStoreScope()?.unitOfWork;
      const items = await read();
      return (work ? work.overlay(this.pk, items, this.sk(kind, id)) : items)[0];
    }
    const partition = await this.partitionIfRead();
    if (partition) return partition.find((item) => item.sk === this.sk(kind, id));
    const items = (await this.cached(this.itemKey(kind, id), read)) ?? (await read());
    return items[0];
  }

  /**
   * A value derived from this run's read of the account (`compute` reads through this store), made once per
   * read: later calls of the run get the same value until the run writes to the account, which makes it read
   * again. Made anew when the run has not read the account yet, outside a run, and while a unit of work holds
   * writes. The value is shared by those calls: they only read it (frozen under Jest).
   */
  async perRead<T>(name: string, compute: () => Promise<T>): Promise<T> {
    const scope = currentStoreScope();
    const read = scope?.unitOfWork ? undefined : scope?.sandboxReads?.get(this.pk);
    if (!read) return compute();
    const derived = derivedFromRead.get(read) ?? new Map<string, Promise<unknown>>();
    derivedFromRead.set(read, derived);
    let value = derived.get(name) as Promise<T> | undefined;
    if (!value) {
      value = compute();
      if (FREEZE_SHARED_STATES)
        value = value.then((made) => {
          if (made && typeof made === 'object') freezeDeep(made);
          return made;
        });
      derived.set(name, value);
      value.catch(() => derived.delete(name));
    }
    return value;
  }

  /** Whether a read of this entity in this run came from the run's cache (an update then checks a miss against a fresh read). */
  private servedFromRun(kind: string, id: string): boolean {
    const reads = currentStoreScope()?.sandboxReads;
    return !!reads && (reads.has(this.pk) || reads.has(this.itemKey(kind, id)));
  }

  /** An entity; with `withHistory`, its change history too (for `stateAt` / `daySegments`). */
  async get<T extends SandboxEntity>(kind: string, id: string, options: { withHistory?: boolean } = {}): Promise<T | undefined> {
    const item = await this.getRaw(kind, id);
    if (!options.withHistory || !item) return this.strip<T>(item);
    return this.strip<T>(item, await this.withChanges([item], kind, id));
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
    const entities = partition ? partition.filter((item) => (item.sk as string).startsWith(prefix)) : await this.queryEntities(prefix);
    if (!options.withHistory) return entities.map((item) => this.strip<T>(item)!);
    const byEntity = new Map<string, StoredChange[]>();
    for (const change of await this.withChanges(entities, kind)) {
      const key = change.sk.slice(0, change.sk.lastIndexOf('#') + 1);
      if (!byEntity.has(key)) byEntity.set(key, []);
      byEntity.get(key)!.push(change);
    }
    return entities.map((item) => {
      const id = (item.sk as string).slice(prefix.length);
      return this.strip<T>(item, byEntity.get(this.historyPrefix(kind, id)) ?? [])!;
    });
  }

  /**
   * Creates an entity; EntityExistsError when the id is taken. Within a planned write's unit of work
   * the conditional put is held and committed with the write's audit record and claim (an id taken
   * meanwhile cancels that commit, and the write is applied again, writing as it goes: then this
   * throws); an id the run's read of the account already holds throws at once.
   */
  async create<T extends SandboxEntity>(kind: string, entity: T): Promise<T> {
    withoutTtl(entity);
    const put = this.put(kind, entity, { ConditionExpression: 'attribute_not_exists(sk)' });
    if (await this.heldNew(kind, [put])) return entity;
    this.written();
    try {
      await documentClient().send(new PutCommand(put));
      return entity;
    } catch (err) {
      if (isConditionalCheckFailed(err)) throw new EntityExistsError(kind, entity.id);
      throw err;
    }
  }

  /**
   * Writes many entities at once (seeding, and creates of several entities of a kind). Overwrites.
   * Within a planned write's unit of work the puts are held like a create's.
   */
  async putMany(kind: string, entities: readonly SandboxEntity[]): Promise<void> {
    entities.forEach(withoutTtl);
    const puts = entities.map((entity) => this.put(kind, entity));
    if (await this.heldNew(kind, puts)) return;
    this.written();
    await this.batchWrite(puts.map(({ Item }) => ({ PutRequest: { Item } })));
  }

  /** The put of an entity's item. */
  private put(kind: string, entity: SandboxEntity, condition: { ConditionExpression?: string } = {}) {
    const Item: Record<string, unknown> = { ...entity, pk: this.pk, sk: this.sk(kind, entity.id) };
    return { TableName: tableName('sandbox'), Item, ...condition };
  }

  /**
   * Holds the puts of new entities of `kind` in the run's unit of work; false when there is none or
   * it cannot hold them (the caller then writes them now). A conditional put (a create) of an id the
   * run's read of the account holds fails as its write would: EntityExistsError.
   */
  private async heldNew(kind: string, puts: ReturnType<SandboxStore['put']>[]): Promise<boolean> {
    const scope = currentStoreScope();
    if (!scope?.unitOfWork?.open) return false;
    if (scope.sandboxReads?.has(this.pk)) {
      const read = new Set((await this.cachedPartition())!.map((item) => item.sk));
      const taken = puts.find((put) => put.ConditionExpression && read.has(put.Item.sk));
      if (taken) throw new EntityExistsError(kind, (taken.Item.sk as string).slice(kind.length + 1));
    }
    return scope.unitOfWork.hold(
      puts.map((put) => ({ Put: put })),
      puts.map(({ Item }) => ({ pk: this.pk, sk: Item.sk as string, item: Item })),
    );
  }

  /**
   * Sets fields of an entity (undefined removes one). With `expect`, only when those fields hold those
   * values. Records the values it replaces as a history item of its own (history.ts) in the same
   * transaction, guarded by the entity's revision number, so the past can always be rebuilt. The
   * values it replaced (every field of the patch, at that revision) go to the store scope's
   * `replaced` when the runtime asks for them: the exact before values of the write's audit record.
   * Within a tool's run the entity is taken from the run's read of the account or of the entity when
   * there is one (the revision guard catches a change since; then it is read again).
   */
  async update<T extends SandboxEntity>(
    kind: string,
    id: string,
    patch: Record<string, unknown>,
    options: { expect?: Record<string, unknown>; now?: Date } = {},
  ): Promise<T> {
    withoutTtl(patch);
    for (let attempt = 0; ; attempt++) {
      const cached = attempt === 0 && this.servedFromRun(kind, id);
      const current = await this.getRaw(kind, id, { fresh: attempt > 0 });
      if (!current) {
        if (cached) continue;
        throw new EntityNotFoundError(kind, id);
      }
      const expected = Object.entries(options.expect ?? {}).every(([field, value]) => current[field] === value);
      if (!expected) {
        if (cached) continue;
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
      const at = options.now ?? new Date();
      const change: HistoryItem = { at: at.toISOString(), before, rev };
      const historyItem = {
        ...change,
        pk: this.historyPk,
        sk: this.historySk(kind, id, rev),
        // Expires once no report window reaches back before it (HISTORY_KEPT_DAYS).
        expires_at: historyExpiry(at),
      };
      const entries = [
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
        { Put: { TableName: tableName('sandbox'), Item: historyItem } },
      ];
      // Within a planned write's unit of work the change is held, and committed by the runtime with
      // the write's audit record and claim (functions/runtime/planned-writes.ts); the run's reads see it.
      const work = currentStoreScope()?.unitOfWork;
      const held = await work?.hold(entries, [
        { pk: this.pk, sk: this.sk(kind, id), item: after },
        { pk: this.historyPk, sk: historyItem.sk, item: historyItem },
      ]);
      if (held) {
        currentStoreScope()?.replaced?.push(replaced);
        return this.strip<T>(after)!;
      }
      this.written();
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: entries }));
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

  /** Deletes an entity; its change items stay until each expires (HISTORY_KEPT_DAYS), like every change's. */
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
