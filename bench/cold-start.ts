/**
 * Cold-start proxy: bundles each group's Lambda entry with the stack's esbuild options, then, in
 * fresh `node` processes, times the import of the bundle and its first request. The request is an
 * execute call without an Authorization header: it crosses the whole middleware chain up to auth
 * (401) and needs no DynamoDB. A minimal bundle that only imports @aws-sdk/client-dynamodb runs
 * beside them as the baseline.
 *
 * Each child runs as the Lambda does (--enable-source-maps); the SDK warning about Node 20 is muted.
 *
 *   npm run bench:cold-start [-- --runs 9]
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { BUNDLE_OPTIONS, functionEntry, PROJECT_ROOT } from '../lib/gateway-function';
import { FUNCTION_NAMES } from '../lib/routes';

const OUT = path.join(PROJECT_ROOT, 'bench', 'out');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;

/** The same esbuild choices as the stack (lib/gateway-function.ts, BUNDLE_OPTIONS). */
function bundle(name: string, entry: string): { file: string; bytes: number } {
  const file = path.join(OUT, name, 'index.js');
  buildSync({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: BUNDLE_OPTIONS.target,
    format: BUNDLE_OPTIONS.format,
    minify: BUNDLE_OPTIONS.minify,
    sourcemap: BUNDLE_OPTIONS.sourceMap,
    sourcesContent: BUNDLE_OPTIONS.sourcesContent,
    mainFields: [...BUNDLE_OPTIONS.mainFields],
    external: [...BUNDLE_OPTIONS.externalModules],
    logLevel: 'error',
  });
  return { file, bytes: fs.statSync(file).size };
}

// Runs in the child: import, then one request, each timed with the monotonic clock.
const PROBE = `
const { performance } = require('node:perf_hooks');
const file = process.argv[1];
const t0 = performance.now();
const mod = require(file);
const t1 = performance.now();
const event = {
  httpMethod: 'POST', path: '/api/v1/tools/list_campaigns/execute', resource: '/api/v1/tools/list_campaigns/execute',
  headers: { 'Content-Type': 'application/json' }, body: '{"arguments":{}}', isBase64Encoded: false,
  requestContext: { requestId: 'bench-request' }, pathParameters: null, queryStringParameters: null,
};
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 30000 };
Promise.resolve(mod.handler(event, context)).then((response) => {
  const t2 = performance.now();
  process.stdout.write(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, status: response && response.statusCode }));
});
`;

interface Sample {
  importMs: number;
  firstMs: number;
  status: number;
}

function sample(file: string): Sample {
  const output = execFileSync(process.execPath, ['--no-warnings', '--enable-source-maps', '-e', PROBE, file], {
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      TABLE_API_KEYS: 'bench-api-keys',
      TABLE_OWNERS: 'bench-owners',
      TABLE_USAGE: 'bench-usage',
      TABLE_IDEMPOTENCY: 'bench-idempotency',
      TABLE_SANDBOX: 'bench-sandbox',
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Sample;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Round-robin over the bundles (one process each per round), so that load from other processes on
 * the machine spreads over all bundles instead of skewing one; medians per bundle.
 */
function measureAll(files: string[]): { median: Sample; minColdMs: number }[] {
  const samples: Sample[][] = files.map(() => []);
  for (let run = 0; run < RUNS; run++) files.forEach((file, i) => samples[i].push(sample(file)));
  return samples.map((list) => ({
    median: { importMs: median(list.map((s) => s.importMs)), firstMs: median(list.map((s) => s.firstMs)), status: list[0].status },
    minColdMs: Math.min(...list.map((s) => s.importMs + s.firstMs)),
  }));
}

function main(): void {
  fs.rmSync(OUT, { recursive: true, force: true });
  const bundles = [
    { name: 'minimal-dynamodb', ...bundle('minimal-dynamodb', path.join(PROJECT_ROOT, 'bench', 'minimal-entry.ts')) },
    ...FUNCTION_NAMES.map((name) => ({ name, ...bundle(name, functionEntry(name)) })),
  ];
  const results = measureAll(bundles.map((b) => b.file));
  const [baseline] = results;
  const baselineCold = baseline.median.importMs + baseline.median.firstMs;
  const rows = bundles.map((b, i) => {
    const { median: m, minColdMs } = results[i];
    const cold = m.importMs + m.firstMs;
    return [
      b.name,
      (b.bytes / 1024).toFixed(0),
      (b.bytes / bundles[0].bytes).toFixed(2),
      m.importMs.toFixed(1),
      m.firstMs.toFixed(1),
      cold.toFixed(1),
      minColdMs.toFixed(1),
      (cold / baselineCold).toFixed(2),
      (minColdMs / baseline.minColdMs).toFixed(2),
      String(m.status),
    ];
  });
  const header = ['bundle', 'KB', 'size x', 'import ms', 'first request ms', 'cold ms', 'cold min ms', 'cold x', 'min x', 'status'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(
    `Node ${process.version}, ${RUNS} fresh processes per bundle (round-robin), medians unless "min"; "x" = ratio to minimal-dynamodb.`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

main();
