import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { currentStoreScope, documentClient, isConditionalCheckFailed } from '../../functions/runtime/stores/dynamo';
import type { PlatformWord } from '../../core/platforms';

/**
 * The simulated platforms' data: one DynamoDB partition per sandbox account
 * (pk `<platform>#<account id>`), one item per entity (sk `<kind>#<id>`). Entities are plain
 * objects with an `id`; what a kind holds is up to the platform's sandbox.
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

  /** The entity without its keys; its change history (history.ts) only when asked for. */
  private strip<T>(item: Record<string, unknown> | undefined, withHistory = false): T | undefined {
    if (!item) return undefined;
    const { pk: _pk, sk: _sk, history, rev: _rev, ...entity } = item;
    return (withHistory && history ? { ...entity, history } : entity) as T;
  }

  private async getRaw(kind: string, id: string): Promise<Record<string, unknown> | undefined> {
    const result = await documentClient().send(
      new GetCommand({ TableName: tableName('sandbox'), Key: { pk: this.pk, sk: this.sk(kind, id) }, ConsistentRead: true }),
    );
    return result.Item;
  }

  /** An entity; with `withHistory`, its change history too (for `stateAt` / `daySegments`). */
  async get<T extends SandboxEntity>(kind: string, id: string, options: { withHistory?: boolean } = {}): Promise<T | undefined> {
    return this.strip<T>(await this.getRaw(kind, id), options.withHistory);
  }

  /** Like get, but throws EntityNotFoundError. */
  async require<T extends SandboxEntity>(kind: string, id: string, options: { withHistory?: boolean } = {}): Promise<T> {
    const entity = await this.get<T>(kind, id, options);
    if (!entity) throw new EntityNotFoundError(kind, id);
    return entity;
  }

  /** Every entity of a kind, in id order; with `withHistory`, each with its change history. */
  async list<T extends SandboxEntity>(kind: string, options: { withHistory?: boolean } = {}): Promise<T[]> {
    const items: T[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('sandbox'),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': this.pk, ':prefix': `${kind}#` },
          ExclusiveStartKey: startKey,
          ConsistentRead: true,
        }),
      );
      for (const item of page.Items ?? []) items.push(this.strip<T>(item, options.withHistory)!);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /** Creates an entity; EntityExistsError when the id is taken. */
  async create<T extends SandboxEntity>(kind: string, entity: T): Promise<T> {
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
   * values. Records the values it replaces in the entity's history (history.ts) in the same
   * conditional write, guarded by a revision number, so the past can always be rebuilt. The values
   * it replaced (every field of the patch, at that revision) go to the store scope's `replaced`
   * when the runtime asks for them: the exact before values of the write's audit record.
   */
  async update<T extends SandboxEntity>(
    kind: string,
    id: string,
    patch: Record<string, unknown>,
    options: { expect?: Record<string, unknown>; now?: Date } = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.getRaw(kind, id);
      if (!current) throw new EntityNotFoundError(kind, id);
      for (const [field, value] of Object.entries(options.expect ?? {})) {
        if (current[field] !== value) throw new EntityStateError(kind, id);
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
      const names: Record<string, string> = { '#history': 'history', '#rev': 'rev' };
      const values: Record<string, unknown> = {
        ':entry': [{ at: (options.now ?? new Date()).toISOString(), before }],
        ':empty': [],
        ':one': 1,
      };
      const sets: string[] = [
        '#history = list_append(if_not_exists(#history, :empty), :entry)',
        '#rev = if_not_exists(#rev, :zero) + :one',
      ];
      values[':zero'] = 0;
      const removes: string[] = [];
      Object.keys(before).forEach((field, i) => {
        names[`#f${i}`] = field;
        if (patch[field] === undefined) removes.push(`#f${i}`);
        else {
          values[`:v${i}`] = patch[field];
          sets.push(`#f${i} = :v${i}`);
        }
      });
      let condition = 'attribute_exists(sk) AND attribute_not_exists(#rev)';
      if (current.rev !== undefined) {
        condition = 'attribute_exists(sk) AND #rev = :rev';
        values[':rev'] = current.rev;
      }
      const expression = `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`;
      try {
        const result = await documentClient().send(
          new UpdateCommand({
            TableName: tableName('sandbox'),
            Key: { pk: this.pk, sk: this.sk(kind, id) },
            UpdateExpression: expression,
            ConditionExpression: condition,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        currentStoreScope()?.replaced?.push(replaced);
        return this.strip<T>(result.Attributes)!;
      } catch (err) {
        // Another write got in between: read again and re-check `expect` (a few times at most).
        if (isConditionalCheckFailed(err) && attempt < 4) continue;
        if (isConditionalCheckFailed(err)) throw new EntityStateError(kind, id);
        throw err;
      }
    }
  }

  async remove(kind: string, id: string): Promise<void> {
    await documentClient().send(new DeleteCommand({ TableName: tableName('sandbox'), Key: { pk: this.pk, sk: this.sk(kind, id) } }));
  }

  async readMeta(): Promise<SandboxAccountMeta> {
    return (await this.get<SandboxAccountMeta>(META, META)) ?? { id: META };
  }

  /** Uses up one injected failure of `operation`; true when this call must fail. */
  async consumeInjectedFailure(operation: string): Promise<boolean> {
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
   * Makes the named operation (the `operation` given to SandboxPlatform.call) fail with a server
   * error this many more times, then succeed: a platform failing part-way through a multi-step write.
   */
  fail_operations?: Record<string, number>;
}
