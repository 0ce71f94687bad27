/**
 * The setup the request-path and sandbox-reads benches share: DynamoDB Local with fresh tables, an
 * owner of tier max with a limit that never runs out, one sandbox account on each platform asked
 * for, its API key; a call through the local router; a recorder of every DynamoDB request the
 * gateway sends on the shared client (with the items and bytes each answered); the same requests
 * replayed raw with the SDK; the p50 of a call at a number of concurrent callers.
 *
 * Seeding does not die on a busy machine: every setup step is retried (with a note on stderr)
 * while the store is slow to answer, and the sandbox accounts have fixed ids, so every run seeds
 * the same entities (a sandbox account's content follows from its id) and picks the same campaigns.
 */
import '../functions/local/quiet-warnings';
import { randomUUID } from 'node:crypto';
import type { PlatformWord } from '../core/platforms';
import { ensureTables, startDynamoDbLocal, type RunningDynamoDb } from '../functions/local/dynamodb-local';
import { seededRandom } from '../platforms/sandbox/metrics';

/** The input of a DynamoDB command, as recorded: the fields the breakdowns and the raw replay read. */
export interface CommandInput {
  TableName?: string;
  ExpressionAttributeValues?: Record<string, unknown>;
  [field: string]: unknown;
}

/** One DynamoDB request of a call: its command, its input, and the items and bytes (JSON) it answered. */
export interface Recorded {
  commandName: string;
  input: CommandInput;
  items: number;
  bytes: number;
}

export interface BenchGateway {
  dynamodb: RunningDynamoDb;
  ownerId: string;
  apiKey: string;
  /** The sandbox account of each platform asked for. */
  accountIds: Partial<Record<PlatformWord, string>>;
  /** The request headers of a call (with a fresh Idempotency-Key when `idempotent`). */
  headers(idempotent?: boolean): Record<string, string>;
  /** Calls a tool through the local router; its structured answer, or an error unless 200. */
  call(tool: string, args: object, headers?: Record<string, string>): Promise<Record<string, unknown>>;
  /** The DynamoDB requests of `run`, what it leaves settling included. */
  record(run: () => Promise<unknown>): Promise<Recorded[]>;
  /** Sends recorded requests again, raw with the SDK, in order (a reservation gets a token of its own). */
  replay(requests: readonly Recorded[]): Promise<void>;
  /** Sends recorded requests raw exactly as given (the caller made their keys and conditions fresh). */
  replayAsIs(requests: readonly Recorded[]): Promise<void>;
  /** Reads one item raw with the SDK (outside any measurement). */
  rawGet(table: string, key: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  /** How many DynamoDB requests the gateway has sent on the shared client so far. */
  sent(): number;
  stop(): Promise<void>;
}

/** Runs a setup step again while it fails (a busy machine's store answers late): 8 tries, pauses growing to 30 s. */
export async function patiently<T>(what: string, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (attempt >= 8) throw err;
      const pause = Math.min(2_000 * 2 ** (attempt - 1), 30_000);
      console.error(`${what} failed (${(err as Error).message.slice(0, 80)}); trying again in ${pause / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Runs `step` with Math.random drawn from a generator seeded with `seed` (nothing else runs during setup). */
async function withFixedRandom<T>(seed: string, step: () => Promise<T>): Promise<T> {
  const random = Math.random;
  Math.random = seededRandom(seed);
  try {
    return await step();
  } finally {
    Math.random = random;
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The p50 of `once` (ms) run by `callers` concurrent callers for `seconds`, and how many calls
 * failed (a busy machine's store can make a call miss its deadline: counted, not fatal).
 */
export async function p50(callers: number, seconds: number, once: () => Promise<unknown>): Promise<{ p50: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const ok = await once().then(
          () => true,
          () => false,
        );
        if (ok) times.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  return { p50: times.length ? median(times) : NaN, failed };
}

/** Starts DynamoDB Local and seeds an owner with one sandbox account per platform of `platforms`. */
export async function startBenchGateway(options: { tablePrefix: string; platforms: readonly PlatformWord[] }): Promise<BenchGateway> {
  process.env.LOG_LEVEL = 'silent';
  // The benches measure the path, not the per-key rate limit (20 calls a second by default).
  process.env.KEY_RATE_LIMIT = '1000000/1000000';
  process.env.TABLE_PREFIX = options.tablePrefix;
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  try {
    await patiently('Creating the tables', () => ensureTables(dynamodb.endpoint));
    // Imported after the environment is set: the stores read it when called.
    const { dispatch } = await import('../functions/local/router');
    const { createOwner } = await import('../functions/runtime/stores/owners');
    const { createApiKey } = await import('../functions/runtime/stores/api-keys');
    const { connectSandboxAccounts } = await import('../functions/connect/accounts');
    const { documentClient } = await import('../functions/runtime/stores/dynamo');
    const { settled } = await import('../functions/runtime/settle');
    const { tableName } = await import('../functions/runtime/config');
    const lib = await import('@aws-sdk/lib-dynamodb');
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');

    const owner = await patiently('Creating the owner', () => createOwner({ tier: 'max' }));
    await patiently('Raising the limit', () =>
      documentClient().send(
        new lib.UpdateCommand({
          TableName: tableName('owners'),
          Key: { owner_id: owner.owner_id, sk: 'PROFILE' },
          UpdateExpression: 'SET limit_override = :l',
          ExpressionAttributeValues: { ':l': 100_000_000 },
        }),
      ),
    );
    const accountIds: Partial<Record<PlatformWord, string>> = {};
    for (const platform of options.platforms) {
      // Each try draws the same account id (and seeds the same entities): it overwrites what a failed try left.
      const [account] = await patiently(`Seeding the ${platform} sandbox account`, () =>
        withFixedRandom(`bench|${platform}`, () => connectSandboxAccounts(owner.owner_id, platform, 1)),
      );
      accountIds[platform] = account!.account_id;
    }
    const { api_key } = await patiently('Creating the API key', () => createApiKey(owner.owner_id));

    const headers = (idempotent?: boolean): Record<string, string> => ({
      Authorization: `Bearer ${api_key}`,
      'Content-Type': 'application/json',
      ...(idempotent ? { 'Idempotency-Key': randomUUID() } : {}),
    });
    const call = async (tool: string, args: object, extra: Record<string, string> = {}) => {
      const result = await dispatch({
        method: 'POST',
        url: `/api/v1/tools/${tool}/execute`,
        headers: { ...headers(), ...extra },
        body: JSON.stringify({ arguments: args }),
      });
      if (result.statusCode !== 200) throw new Error(`${tool} answered ${result.statusCode}: ${result.body}`);
      return (JSON.parse(result.body) as { data: { structured: Record<string, unknown> } }).data.structured;
    };

    // Every DynamoDB request of the gateway passes this middleware on the shared client.
    let recording: Recorded[] | undefined;
    let sent = 0;
    documentClient().middlewareStack.add(
      ((next: (a: unknown) => Promise<{ output: Record<string, unknown> }>, context: { commandName?: string }) =>
        async (args: { input: CommandInput }) => {
          sent++;
          // Outside a recording the recorder costs the measured path nothing but the count.
          if (!recording) return next(args);
          const entry: Recorded = { commandName: context.commandName ?? '', input: structuredClone(args.input), items: 0, bytes: 0 };
          recording?.push(entry);
          const result = await next(args);
          const items = (result.output.Items as unknown[] | undefined) ?? (result.output.Item ? [result.output.Item] : []);
          entry.items = items.length;
          entry.bytes = items.length ? JSON.stringify(items).length : 0;
          return result;
        }) as never,
      { step: 'initialize', priority: 'low', name: 'benchRecorder' },
    );
    const record = async (run: () => Promise<unknown>) => {
      recording = [];
      await run();
      await settled();
      const requests = recording;
      recording = undefined;
      return requests;
    };

    const raw = lib.DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: dynamodb.endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
    const rawProofs: string[] = [];
    const commandOf = ({ commandName, input }: Recorded, freshToken = true) => {
      const base = commandName.replace(/Items?(Command)$/, '$1').replace(/Command$/, '');
      const Command = (lib as unknown as Record<string, new (input: unknown) => unknown>)[`${base}Command`]!;
      const fresh = structuredClone(input);
      // A reservation is idempotent per token: each raw one gets its own, like each call does.
      if (freshToken && fresh.ExpressionAttributeValues?.[':token']) fresh.ExpressionAttributeValues[':token'] = randomUUID();
      const names = fresh.ExpressionAttributeNames as Record<string, string> | undefined;
      if (names?.['#res']?.startsWith('res_')) {
        // Its proof attribute (`res_<token>`, usage.ts) is its own, and it removes earlier raw ones as the
        // gateway's reservations remove theirs, so the usage item stays the size the gateway keeps it.
        if (freshToken) names['#res'] = `res_${randomUUID().slice(0, 16)}`;
        for (const name of Object.keys(names).filter((n) => n.startsWith('#gone'))) names[name] = rawProofs.shift() ?? 'res_none';
        rawProofs.push(names['#res']);
      }
      return new Command(fresh) as never;
    };
    const replay = async (requests: readonly Recorded[]) => {
      for (const request of requests) await raw.send(commandOf(request));
    };
    const replayAsIs = async (requests: readonly Recorded[]) => {
      for (const request of requests) await raw.send(commandOf(request, false));
    };
    const rawGet = async (table: string, key: Record<string, unknown>) =>
      (
        (await raw.send(
          new lib.GetCommand({ TableName: tableName(table as Parameters<typeof tableName>[0]), Key: key, ConsistentRead: true }),
        )) as { Item?: Record<string, unknown> }
      ).Item;

    return {
      dynamodb,
      ownerId: owner.owner_id,
      apiKey: api_key,
      accountIds,
      headers,
      call,
      record,
      replay,
      replayAsIs,
      rawGet,
      sent: () => sent,
      stop: async () => {
        raw.destroy();
        await dynamodb.stop();
      },
    };
  } catch (err) {
    await dynamodb.stop();
    throw err;
  }
}
