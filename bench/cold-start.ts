/**
 * Cold start per function, for its first real request: bundles each function's Lambda entry with the
 * stack's esbuild options (the gateway and MCP functions with the catalog artifact beside the bundle,
 * as the stack copies it), then, in fresh `node` processes, times the import of the bundle and one
 * first request. DynamoDB Local holds an owner and an API key, so requests that need a key (MCP's
 * tools/list) run for real. The baseline: a bare middy function with the DynamoDB client whose first
 * request reads one item (bench/minimal-entry.ts).
 *
 * Each child runs as the Lambda does (without --enable-source-maps, see lib/gateway-function.ts);
 * `--source-maps` runs them with it, to show what it costs. The SDK warning about Node 20 is muted.
 *
 * The gateway, MCP and scheduler packages are split as the stack splits them: index.js, and the tool
 * code as files beside it (lib/gateway-function.ts, laterFiles: tool-code.js, and the MCP function's
 * tool-code-<word>.js per platform); a first tool call reads one. Every package also holds the DynamoDB
 * SDK's file, which index.js reads at its import, and the libraries of rare paths (encryption-sdk.js...),
 * read only when they run. The "read later" column says which files of the package the first request
 * read beyond what the import read (measured: the child's require cache), and their size.
 *
 * `--before DIR` bundles the same functions from another checkout (e.g. `git worktree add DIR main` and
 * `npm ci` there), each file from that checkout's own source (of this checkout's later files, those it
 * has), and runs them in the same rounds, rows marked "before". `--before-source-maps` runs those with
 * `--enable-source-maps`, as the stack ran every function until it dropped them.
 *
 * `--functions gateway,mcp` runs only those functions (and the baseline), for a closer look at a few rows.
 *
 *   npm run bench:cold-start [-- --runs 7] [-- --source-maps] [-- --before DIR [-- --before-source-maps]] [-- --functions gateway,mcp]
 */
import '../functions/local/quiet-warnings';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { functionEntry, laterFiles, PROJECT_ROOT, servesCatalog } from '../lib/gateway-function';
import { FUNCTION_NAMES, type FunctionName } from '../lib/routes';
import { buildFunctionPackage, type LaterFile } from './function-package';
import { inFreshProcess, median, withBenchOwner } from './fresh-process';
import { ARTIFACT_DIR, ARTIFACT_FILES } from '../functions/catalog/artifact';
import { writeCatalogArtifact } from '../functions/catalog/build-artifact';
import { SCHEDULER_EVENT } from '../functions/scheduler-event';

const OUT = path.join(PROJECT_ROOT, 'bench', 'out');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const SOURCE_MAPS = process.argv.includes('--source-maps');
/** The before checkout's functions run with --enable-source-maps, as stacks before that change ran them. */
const BEFORE_SOURCE_MAPS = SOURCE_MAPS || process.argv.includes('--before-source-maps');
const beforeArg = process.argv.indexOf('--before');
const BEFORE_ROOT = beforeArg > 0 ? path.resolve(process.argv[beforeArg + 1]) : undefined;
const functionsArg = process.argv.indexOf('--functions');
const ONLY = functionsArg > 0 ? process.argv[functionsArg + 1].split(',') : undefined;
const TABLE_PREFIX = 'bench-cold-';

/**
 * A function's package as the stack builds it (bench/function-package.ts) in bench/out/<name>, with
 * the files it requires later (`later`: tool-code.js, connect-code.js): `bytes` is index.js,
 * `laterBytes` tool-code.js.
 */
function bundle(
  name: string,
  entry: string,
  withArtifact: boolean,
  later: readonly LaterFile[] = [],
): { file: string; bytes: number; laterBytes: Record<string, number> } {
  const built = buildFunctionPackage(path.join(OUT, name), { entry, withArtifact, later });
  return { file: built.file, bytes: built.bytes, laterBytes: built.laterBytes };
}

/** A first request: an API Gateway proxy event (or the scheduler's event), by what it asks. */
interface Scenario {
  label: string;
  event: Record<string, unknown>;
}

const context = (key: string) => ({
  headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json' },
});

function get(path: string, query: Record<string, string> | null = null): Record<string, unknown> {
  return { httpMethod: 'GET', path, resource: path, headers: { Host: 'bench.example.com' }, queryStringParameters: query };
}

/** The same request from a client that accepts gzip (browsers, fetch, MCP SDKs). */
function gzip(event: Record<string, unknown>): Record<string, unknown> {
  return {
    ...event,
    headers: { ...(event.headers as Record<string, string>), Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' },
  };
}

function scenarios(name: FunctionName | 'scheduler' | 'baseline', apiKey: string): Scenario[] {
  const unauthenticated = {
    label: '401 execute',
    event: {
      httpMethod: 'POST',
      path: '/api/v1/tools/list_campaigns/execute',
      resource: '/api/v1/tools/list_campaigns/execute',
      headers: { 'Content-Type': 'application/json' },
      body: '{"arguments":{}}',
    },
  };
  if (name === 'baseline') return [{ label: 'one GetItem', event: {} }];
  if (name === 'scheduler') return [{ label: 'tick, nothing due', event: { ...SCHEDULER_EVENT } }];
  const firstToolCall = {
    label: 'first tool call (get_usage_status)',
    event: {
      httpMethod: 'POST',
      ...executePath('get_usage_status'),
      ...context(apiKey),
      body: '{"arguments":{}}',
    },
  };
  if (name === 'mcp') {
    return [
      {
        label: 'tools/list (front door)',
        event: {
          httpMethod: 'POST',
          path: '/mcp',
          resource: '/mcp',
          ...context(apiKey),
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
        },
      },
      {
        label: 'tools/list (front door), gzip',
        event: {
          httpMethod: 'POST',
          path: '/mcp',
          resource: '/mcp',
          headers: { ...context(apiKey).headers, Accept: 'application/json, text/event-stream', 'Accept-Encoding': 'gzip, deflate' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
        },
      },
      {
        label: 'tools/list ?platform=searchads',
        event: {
          httpMethod: 'POST',
          path: '/mcp',
          resource: '/mcp',
          queryStringParameters: { platform: 'searchads' },
          ...context(apiKey),
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
        },
      },
      ...['get_usage_status', 'list_campaigns', 'list_retailads_campaigns'].map((tool) => ({
        label: `first tools/call (${tool})`,
        event: {
          httpMethod: 'POST',
          path: '/mcp',
          resource: '/mcp',
          ...context(apiKey),
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: {} } }),
        },
      })),
    ];
  }
  if (name === 'gateway') {
    return [
      unauthenticated,
      { label: 'GET /api/v1/tools', event: get('/api/v1/tools') },
      { label: 'GET /api/v1/tools/<name>', event: get('/api/v1/tools/list_campaigns') },
      { label: 'GET /api/v1/openapi.json', event: get('/api/v1/openapi.json') },
      { label: 'GET openapi.json?platform=searchads', event: get('/api/v1/openapi.json', { platform: 'searchads' }) },
      { label: 'GET /api/v1/tools, gzip', event: gzip(get('/api/v1/tools')) },
      { label: 'GET /api/v1/openapi.json, gzip', event: gzip(get('/api/v1/openapi.json')) },
      { label: 'GET /connect/searchads (no link)', event: get('/connect/searchads') },
      firstToolCall,
      // A cross-platform tool that opens the owner's platforms (their connections' health).
      {
        label: 'first tool call (get_connections_status)',
        event: { ...firstToolCall.event, ...executePath('get_connections_status') },
      },
    ];
  }
  // A platform's function: a 401, and the first tool call of the platforms the owner has an account on.
  const platformTool = PLATFORM_FIRST_CALL[name as keyof typeof PLATFORM_FIRST_CALL];
  return [
    unauthenticated,
    ...(platformTool
      ? [{ label: `first tool call (${platformTool})`, event: { ...firstToolCall.event, ...executePath(platformTool) } }]
      : []),
  ];
}

/** The first tool call timed on a platform's own function (the owner has a sandbox account of these). */
const PLATFORM_FIRST_CALL = { searchads: 'list_campaigns', retailads: 'list_retailads_campaigns' } as const;

function executePath(tool: string): Record<string, unknown> {
  return { path: `/api/v1/tools/${tool}/execute`, resource: `/api/v1/tools/${tool}/execute` };
}

// Runs in the child: import, then one request, each timed with the monotonic clock.
const PROBE = `
const { performance } = require('node:perf_hooks');
const [file, eventJson] = process.argv.slice(1);
const t0 = performance.now();
const mod = require(file);
const t1 = performance.now();
const atImport = new Set(Object.keys(require.cache));
const event = { body: null, isBase64Encoded: false, requestContext: { requestId: 'bench-request' }, pathParameters: null, queryStringParameters: null, ...JSON.parse(eventJson) };
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 900000 };
Promise.resolve(mod.handler(event, context)).then((response) => {
  const t2 = performance.now();
  const body = response && typeof response.body === 'string' ? response.body.length : 0;
  const folder = require('node:path').dirname(file) + '/';
  const later = Object.keys(require.cache).filter((path) => path.startsWith(folder) && !atImport.has(path)).map((path) => path.slice(folder.length));
  process.stdout.write(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, status: response && response.statusCode, bodyBytes: body, later }));
});
`;

interface Sample {
  importMs: number;
  firstMs: number;
  status: number | undefined;
  bodyBytes: number;
  /** The package's files beside index.js the request read (not those the import read: dynamodb-sdk.js). */
  later: string[];
}

function sample(file: string, event: Record<string, unknown>, endpoint: string, sourceMaps: boolean): Sample {
  return inFreshProcess<Sample>(PROBE, file, event, {
    endpoint,
    tablePrefix: TABLE_PREFIX,
    nodeOptions: sourceMaps ? ['--enable-source-maps'] : [],
  });
}

async function main(): Promise<void> {
  fs.rmSync(OUT, { recursive: true, force: true });
  writeCatalogArtifact();
  await withBenchOwner(TABLE_PREFIX, async ({ endpoint, ownerId, apiKey }) => {
    const { connectSandboxAccounts } = await import('../functions/connect/accounts');
    // The platforms of MCP's first tools/call of a platform's tool.
    for (const platform of ['searchads', 'retailads'] as const) await connectSandboxAccounts(ownerId, platform);

    const names = ([...FUNCTION_NAMES, 'scheduler'] as (FunctionName | 'scheduler')[]).filter((name) => !ONLY || ONLY.includes(name));
    const bundles = [
      { name: 'baseline' as const, ...bundle('baseline', path.join(PROJECT_ROOT, 'bench', 'minimal-entry.ts'), false) },
      ...names.map((name) => ({
        name,
        ...bundle(name, functionEntry(name), servesCatalog(name), laterFiles(name)),
      })),
    ].map((b) => ({ ...b, label: b.name as string, sourceMaps: SOURCE_MAPS }));
    if (BEFORE_ROOT) {
      // The other checkout's entries (its catalog artifact format is this one's, which it reads a part of).
      const before = (entry: string) => path.join(BEFORE_ROOT, path.relative(PROJECT_ROOT, entry));
      const beforeLater = (name: FunctionName | 'scheduler') =>
        laterFiles(name)
          .map((later) => ({ ...later, entry: before(later.entry) }))
          .filter((later) => fs.existsSync(later.entry));
      // A checkout from before "one platform, one package" kept each function's entry in functions/<name>.ts.
      const beforeEntry = (name: FunctionName | 'scheduler') => {
        const entry = before(functionEntry(name));
        return fs.existsSync(entry) ? entry : path.join(BEFORE_ROOT, 'functions', `${name}.ts`);
      };
      for (const name of names) {
        bundles.push({
          name,
          ...bundle(`before-${name}`, beforeEntry(name), servesCatalog(name), beforeLater(name)),
          label: `${name} (before)`,
          sourceMaps: BEFORE_SOURCE_MAPS,
        });
      }
    }
    const cases = bundles.flatMap((b) => scenarios(b.name, apiKey).map((scenario) => ({ ...b, scenario, samples: [] as Sample[] })));
    // Round-robin over every case (one process each per round), so that load from other processes
    // on the machine spreads over all of them instead of skewing one; medians per case.
    for (let run = 0; run < RUNS; run++) for (const c of cases) c.samples.push(sample(c.file, c.scenario.event, endpoint, c.sourceMaps));

    const baseline = cases[0];
    const coldOf = (samples: Sample[]) => median(samples.map((s) => s.importMs + s.firstMs));
    const baselineCold = coldOf(baseline.samples);
    const rows = cases.map((c) => [
      c.label,
      c.scenario.label,
      (c.bytes / 1024).toFixed(0),
      (c.bytes / baseline.bytes).toFixed(2),
      c.samples[0].later.map((file) => `${file} ${((c.laterBytes[file] ?? 0) / 1024).toFixed(0)}`).join(', ') || '-',
      median(c.samples.map((s) => s.importMs)).toFixed(1),
      median(c.samples.map((s) => s.firstMs)).toFixed(1),
      coldOf(c.samples).toFixed(1),
      (coldOf(c.samples) / baselineCold).toFixed(2),
      String(c.samples[0].status ?? '-'),
      (c.samples[0].bodyBytes / 1024).toFixed(0),
    ]);
    const header = [
      'function',
      'first request',
      'index.js KB',
      'size x',
      'read later, KB',
      'import ms',
      'first request ms',
      'cold ms',
      'cold x',
      'status',
      'body KB',
    ];
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      `| ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
    console.log(
      `Node ${process.version}, ${RUNS} fresh processes per case (round-robin), medians; "x" = ratio to the baseline` +
        `${SOURCE_MAPS ? '; run with --enable-source-maps' : BEFORE_ROOT && BEFORE_SOURCE_MAPS ? '; the before rows run with --enable-source-maps' : ''}.`,
    );
    console.log(line(header));
    console.log(`|${widths.map((w, i) => (i < 2 ? ':' : '-') + '-'.repeat(w) + (i < 2 ? '-' : ':')).join('|')}|`);
    for (const r of rows) console.log(line(r));
    const manifest = JSON.parse(fs.readFileSync(path.join(ARTIFACT_DIR, ARTIFACT_FILES.manifest), 'utf8')) as Record<
      string,
      { bytes: number }
    >;
    for (const b of bundles.filter((b) => Object.keys(b.laterBytes).length))
      console.log(
        `${b.label}: index.js ${(b.bytes / 1024).toFixed(0)} KB, ${Object.entries(b.laterBytes)
          .map(([file, bytes]) => `${file} ${(bytes / 1024).toFixed(0)} KB`)
          .join(', ')}.`,
      );
    console.log(
      `\nCatalog artifact: ${Object.entries(manifest)
        .map(([file, { bytes }]) => `${file} ${(bytes / 1024).toFixed(0)} KB`)
        .join(', ')}.`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
