import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoEndpoint } from '../config';
import { StoreUnavailableError } from '../../../core/errors';
import type { UnitOfWork } from './unit-of-work';

const clients = new Map<string, DynamoDBDocumentClient>();

type HttpHandler = NonNullable<DynamoDBClientConfig['requestHandler']>;

/**
 * One HTTP handler (its keep-alive agent and connections) per endpoint and process, however many copies of
 * this module it loaded: a Lambda package checks the API key from index.js and runs the tool from a tool
 * file beside it, each bundle with its own copy and its own client (lib/gateway-function.ts). Each copy's
 * client keeps its own middleware (the store boundary of its copy); shared, a first tool call reuses the
 * connection the key check opened instead of opening a second one (on AWS, a second TLS handshake).
 */
const HTTP_HANDLERS = Symbol.for('ad-gateway.dynamodb-http-handlers');
const httpHandlers: Map<string, HttpHandler> = ((globalThis as Record<symbol, Map<string, HttpHandler> | undefined>)[HTTP_HANDLERS] ??=
  new Map<string, HttpHandler>());

/**
 * Time limits of every DynamoDB request. A DynamoDB request normally takes milliseconds; these
 * bound a stalled or dead store so every answer stays within the function's deadline:
 * - each attempt: 1 s to connect, 2 s for the answer (DynamoDB Local, a Java process sharing a
 *   laptop or a busy CI machine with the gateway and hundreds of connections at once in tests:
 *   5 s and 8 s);
 * - at most 3 attempts (the SDK's backoff between them), and never past the request's store
 *   deadline (see `withStoreDeadline`) or OPERATION_BUDGET_MS without one.
 */
const LOCAL = Boolean(dynamoEndpoint());
export const CONNECTION_TIMEOUT_MS = LOCAL ? 5000 : 1000;
export const ATTEMPT_TIMEOUT_MS = LOCAL ? 8000 : 2000;
export const MAX_ATTEMPTS = 3;
export const OPERATION_BUDGET_MS = LOCAL ? 15_000 : 5000;

/** What the running request allows DynamoDB calls: an epoch-ms deadline, and what was attempted. */
export interface StoreScope {
  /** No DynamoDB call of this request may still be waiting after this moment (epoch ms). */
  deadline: number;
  /** Writes to the sandbox (the simulated platforms) attempted in this scope, answered or not. */
  sandboxWrites?: number;
  /**
   * When set, every sandbox update made in this scope adds the values it replaced, read in the same
   * revision-guarded write (platforms/sandbox/store.ts): the exact before values of a write's audit.
   */
  replaced?: ReplacedValues[];
  /**
   * When set, the sandbox store reads each partition once in this scope (keyed by pk: an account's
   * entities, one Query for every kind, and, for reads that ask for it, the account's change history)
   * and serves further reads from it until a write to that account (platforms/sandbox/store.ts);
   * an entity read on its own (GetItem) is kept the same way, keyed `item|<pk>|<sk>`.
   * Set for a tool's run: a request-scoped cache.
   */
  sandboxReads?: Map<string, Promise<Record<string, unknown>[]>>;
  /**
   * A sandbox account's entities, queried ahead of the tool run while the quota reservation was on
   * its way (functions/runtime/read-ahead.ts): the run's first read of that partition takes it.
   */
  readAhead?: { pk: string; items: Promise<Record<string, unknown>[]> };
  /**
   * Set while a planned write plans (planned-writes.ts): a sandbox entity read on its own comes from
   * the account's entities read in one Query (kept in `sandboxReads`), not a GetItem of its own, so
   * the entity a plan changes and what it checks it against (its campaign, its ad group) cost one
   * request and are read at the same moment.
   */
  planning?: boolean;
  /**
   * A planned write's unit of work (unit-of-work.ts): while it is open, the sandbox store holds its
   * changes there, and every other write of the scope goes out only once it holds nothing.
   */
  unitOfWork?: UnitOfWork;
}

/** The values one update replaced: each field it set, as it was just before (null = absent). */
export interface ReplacedValues {
  kind: string;
  id: string;
  before: Record<string, unknown>;
}

const scopes = new AsyncLocalStorage<StoreScope>();

/** Runs `work` with its DynamoDB calls bounded by `scope.deadline` (which may be moved later). */
export function withStoreDeadline<T>(scope: StoreScope, work: () => Promise<T>): Promise<T> {
  return scopes.run(scope, work);
}

/** The store scope of the running request, if any. */
export function currentStoreScope(): StoreScope | undefined {
  return scopes.getStore();
}

/**
 * Errors that are answers, not failures: a condition that did not hold, a transaction cancelled by
 * its conditions (or, where the caller reads again and retries, `conflictIsAnswer`: the sandbox
 * store's update, by a concurrent transaction on the same item), a malformed request (a bug, left to surface as one).
 */
function isStoreAnswer(err: unknown, conflictIsAnswer = false): boolean {
  const name = (err as { name?: string })?.name;
  if (name === 'ConditionalCheckFailedException' || name === 'ValidationException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.every(
      (r) => !r.Code || r.Code === 'None' || r.Code === 'ConditionalCheckFailed' || (conflictIsAnswer && r.Code === 'TransactionConflict'),
    );
  }
  return false;
}

const WRITE_COMMANDS = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;

/** What the boundary reads of a command's arguments. */
interface CommandArgs {
  input?: { TableName?: string; TransactItems?: Record<string, { TableName?: string } | undefined>[] };
}

/** The table one item of a transaction acts on. */
const transactTable = (item: Record<string, { TableName?: string } | undefined>): string =>
  Object.values(item).find((action) => action?.TableName)?.TableName ?? '';

/**
 * The outermost step of every DynamoDB call: bounds it by the request's store deadline and turns
 * every failure of the store (timeout, refused connection, throttling after retries, 5xx) into a
 * StoreUnavailableError, the 503 envelope `store_unavailable`. Sandbox writes are counted in the
 * scope: a write tool that fails after one may have changed something (outcome unknown).
 */
function storeBoundary(next: (args: CommandArgs) => Promise<unknown>, context: { commandName?: string }) {
  return async (args: CommandArgs): Promise<unknown> => {
    const scope = scopes.getStore();
    const budget = Math.min(OPERATION_BUDGET_MS, scope ? scope.deadline - Date.now() : OPERATION_BUDGET_MS);
    if (budget <= 0) throw new StoreUnavailableError();
    const tables = args.input?.TableName ? [args.input.TableName] : (args.input?.TransactItems ?? []).map(transactTable);
    const write = WRITE_COMMANDS.test(context.commandName ?? '');
    // A write while the scope's unit of work holds changes abandons it before anything is sent.
    if (write) scope?.unitOfWork?.writeNow();
    if (scope && write && tables.some((table) => /sandbox$/.test(table))) scope.sandboxWrites = (scope.sandboxWrites ?? 0) + 1;
    let timer: NodeJS.Timeout | undefined;
    const request = next(args);
    try {
      return await Promise.race([
        request,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('DynamoDB did not answer in time'), { name: 'StoreDeadlineExceeded' })),
            budget,
          );
        }),
      ]);
    } catch (err) {
      // A cancelled transaction that changes a sandbox entity is answered by a conflict too: the
      // store's update and a planned write's commit (planned-writes.ts) read again and retry.
      const sandboxChange = tables.some((table) => /sandbox$/.test(table));
      if (isStoreAnswer(err, sandboxChange) || err instanceof StoreUnavailableError) throw err;
      // Given up at the deadline: the SDK may still be sending (and DynamoDB applying) this request.
      if ((err as { name?: string })?.name === 'StoreDeadlineExceeded') trackUnfinished(request);
      throw new StoreUnavailableError();
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Requests the boundary stopped waiting for while the SDK still had them running. */
const unfinished = new Set<Promise<unknown>>();

function trackUnfinished(request: Promise<unknown>): void {
  const done = request.then(
    () => undefined,
    () => undefined,
  );
  unfinished.add(done);
  void done.then(() => unfinished.delete(done));
}

/**
 * Resolves when every request given up on so far has ended in the SDK (answered, or failed after
 * its attempts): from then on none of them can still change a table.
 */
export async function unfinishedRequestsEnded(): Promise<void> {
  await Promise.all([...unfinished]);
}

/**
 * The document client, one per endpoint and reused across invocations of a warm function.
 * Locally DYNAMODB_ENDPOINT points at DynamoDB Local, which accepts any credentials.
 * Tests may add middleware to its stack (step `initialize`, after `storeBoundary`) to inject faults.
 */
export function documentClient(): DynamoDBDocumentClient {
  const endpoint = dynamoEndpoint();
  const cacheKey = endpoint ?? 'aws';
  let client = clients.get(cacheKey);
  if (!client) {
    const limits = {
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: httpHandlers.get(cacheKey) ?? { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: ATTEMPT_TIMEOUT_MS },
    };
    const base = endpoint
      ? new DynamoDBClient({
          endpoint,
          region: process.env.AWS_REGION ?? 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          ...limits,
        })
      : new DynamoDBClient(limits);
    httpHandlers.set(cacheKey, base.config.requestHandler);
    client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
    // The SDK's logger step copies every answer through its sensitive-data filter for a logger that
    // logs nothing (none is configured): 5% of a warm list_campaigns' CPU. The gateway logs itself.
    client.middlewareStack.remove('loggerMiddleware');
    client.middlewareStack.add(storeBoundary as never, { step: 'initialize', priority: 'high', name: 'storeBoundary' });
    clients.set(cacheKey, client);
  }
  return client;
}

export function isConditionalCheckFailed(err: unknown): boolean {
  return (err as { name?: string })?.name === 'ConditionalCheckFailedException';
}

/** The reasons of a cancelled transaction, one per item, in order (`'None'` for items that held). */
export function cancellationReasons(err: unknown): { Code?: string; Item?: Record<string, unknown> }[] | undefined {
  if ((err as { name?: string })?.name !== 'TransactionCanceledException') return undefined;
  return (err as { CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] }).CancellationReasons ?? [];
}
