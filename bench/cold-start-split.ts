/**
 * Where a first tool call's cold start goes (docs/deploy.md, Cold start): the gateway's and MCP's first
 * get_usage_status (or `--tool`: a platform's tool runs in MCP only, on a sandbox account), beside the baseline (bench/minimal-entry.ts), in fresh `node` processes, round-robin,
 * medians. Each child times, from inside: the import of index.js; every file of the package required later
 * (inclusive of what it requires); every DynamoDB request of the call (its operation, when it started and
 * ended, whether it opened a socket); the catalog artifact files read (bytes) and the JSON.parse of large
 * texts; and the rest.
 *
 * `--before DIR` adds the same two functions built from another checkout (its entries and later files), in the
 * same rounds. CPU time (user + system of the child) is printed beside the wall time: on a shared machine it
 * moves less with the load than wall time does.
 *
 *   npm run bench:cold-start-split [-- --runs 9] [-- --tool get_usage_status] [-- --before DIR]
 */
import '../functions/local/quiet-warnings';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { functionEntry, laterFiles, PROJECT_ROOT, servesCatalog } from '../lib/gateway-function';
import { buildFunctionPackage } from './function-package';
import { inFreshProcess, median, withBenchOwner } from './fresh-process';
import { writeCatalogArtifact } from '../functions/catalog/build-artifact';
import { catalogEntryNamed } from '../functions/catalog/artifact';
import { isPlatformWord } from '../core/platforms';

const OUT = path.join(PROJECT_ROOT, 'bench', 'out', 'split');
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Number(argument('--runs') ?? 9);
const TOOL = argument('--tool') ?? 'get_usage_status';
const BEFORE_ROOT = argument('--before') && path.resolve(argument('--before')!);
const TABLE_PREFIX = 'bench-split-';

// Runs in the child: the hooks, the import, one request; prints what it saw.
const PROBE = `
const { performance } = require('node:perf_hooks');
const Module = require('node:module');
const fs = require('node:fs');
const http = require('node:http');
const [file, eventJson] = process.argv.slice(1);
const folder = require('node:path').dirname(file) + '/';
const seen = { loaded: new Set(), requires: [], requests: [], reads: [], parseMs: 0, parses: 0 };
const load = Module._load;
Module._load = function (request, ...rest) {
  if (!request.startsWith('./')) return load.call(this, request, ...rest);
  const started = performance.now();
  const fresh = !seen.loaded.has(request);
  seen.loaded.add(request);
  try { return load.call(this, request, ...rest); } finally { if (fresh) seen.requires.push({ file: request.slice(2), ms: performance.now() - started, at: started }); }
};
const request = http.request;
http.request = function (options, ...rest) {
  const headers = (options && options.headers) || {};
  const target = String(headers['x-amz-target'] || headers['X-Amz-Target'] || '?').replace('DynamoDB_20120810.', '');
  const entry = { target, start: performance.now(), end: NaN, newSocket: false };
  seen.requests.push(entry);
  const req = request.call(this, options, ...rest);
  req.on('socket', (socket) => { if (socket.connecting) entry.newSocket = true; });
  req.on('response', (res) => res.on('end', () => { entry.end = performance.now(); }));
  return req;
};
const artifact = (p) => typeof p === 'string' && p.includes('/artifact/') ? p.slice(p.indexOf('/artifact/') + 10) : undefined;
const readFileSync = fs.readFileSync;
fs.readFileSync = function (p, ...rest) {
  const out = readFileSync.call(this, p, ...rest);
  const name = artifact(p);
  if (name) seen.reads.push({ file: name, bytes: out.length });
  return out;
};
const openSync = fs.openSync;
const fds = new Map();
fs.openSync = function (p, ...rest) { const fd = openSync.call(this, p, ...rest); const name = artifact(p); if (name) fds.set(fd, name); return fd; };
const readSync = fs.readSync;
fs.readSync = function (fd, buffer, offset, length, ...rest) {
  const count = readSync.call(this, fd, buffer, offset, length, ...rest);
  if (fds.has(fd)) seen.reads.push({ file: fds.get(fd) + ' (part)', bytes: count });
  return count;
};
const parse = JSON.parse;
JSON.parse = function (text, ...rest) {
  if (typeof text !== 'string' || text.length < 2000) return parse.call(this, text, ...rest);
  const started = performance.now();
  try { return parse.call(this, text, ...rest); } finally { seen.parseMs += performance.now() - started; seen.parses++; }
};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const c0 = cpu();
const t0 = performance.now();
const mod = require(file);
const t1 = performance.now();
const c1 = cpu();
seen.requires = seen.requires.filter((r) => r.at >= t1);
const atImportRequests = seen.requests.length;
const event = { body: null, isBase64Encoded: false, requestContext: { requestId: 'bench-request' }, pathParameters: null, queryStringParameters: null, ...JSON.parse(eventJson) };
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 900000 };
Promise.resolve(mod.handler(event, context)).then((response) => {
  const t2 = performance.now();
  const c2 = cpu();
  const requests = seen.requests.slice(atImportRequests).map((r) => ({ ...r, start: r.start - t1, end: r.end - t1 }));
  process.stdout.write(JSON.stringify({
    importMs: t1 - t0, firstMs: t2 - t1, importCpuMs: c1 - c0, firstCpuMs: c2 - c1, status: response && response.statusCode,
    requires: seen.requires.map((r) => ({ file: r.file, ms: r.ms, at: r.at - t1 })), requests, reads: seen.reads, parseMs: seen.parseMs, parses: seen.parses,
  }));
});
`;

interface Split {
  importMs: number;
  firstMs: number;
  importCpuMs: number;
  firstCpuMs: number;
  status: number;
  requires: { file: string; ms: number; at: number }[];
  requests: { target: string; start: number; end: number; newSocket: boolean }[];
  reads: { file: string; bytes: number }[];
  parseMs: number;
  parses: number;
}

function sample(file: string, event: Record<string, unknown>, endpoint: string): Split {
  return inFreshProcess<Split>(PROBE, file, event, { endpoint, tablePrefix: TABLE_PREFIX });
}

const ms = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  writeCatalogArtifact();
  await withBenchOwner(TABLE_PREFIX, async ({ endpoint, ownerId, apiKey }) => {
    // A platform's tool runs on a sandbox account of its platform, in MCP only (the gateway function serves the cross-platform tools).
    const group = catalogEntryNamed(TOOL)?.group;
    const platform = group && isPlatformWord(group) ? group : undefined;
    if (platform) await (await import('../functions/connect/accounts')).connectSandboxAccounts(ownerId, platform);
    const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' };
    const cases = [
      {
        label: 'baseline (one GetItem)',
        file: buildFunctionPackage(path.join(OUT, 'baseline'), {
          entry: path.join(PROJECT_ROOT, 'bench', 'minimal-entry.ts'),
          withArtifact: false,
          later: [],
        }).file,
        event: {},
      },
      ...(platform ? (['mcp'] as const) : (['gateway', 'mcp'] as const))
        .flatMap((name) => (BEFORE_ROOT ? [name, `${name} (before)`] : [name]))
        .map((label) => {
          const name = label.startsWith('gateway') ? 'gateway' : 'mcp';
          // The other checkout's file for an entry of this one (of the later files, those it has).
          const from = (entry: string) => (label === name ? entry : path.join(BEFORE_ROOT!, path.relative(PROJECT_ROOT, entry)));
          return {
            label,
            name,
            file: buildFunctionPackage(path.join(OUT, label.replace(/\W+/g, '-')), {
              entry: from(functionEntry(name)),
              withArtifact: servesCatalog(name),
              later: laterFiles(name)
                .map((later) => ({ ...later, entry: from(later.entry) }))
                .filter((later) => fs.existsSync(later.entry)),
            }).file,
          };
        })
        .map(({ label, name, file }) => ({
          label: `${label}, first ${TOOL}`,
          file,
          event:
            name === 'gateway'
              ? {
                  httpMethod: 'POST',
                  path: `/api/v1/tools/${TOOL}/execute`,
                  resource: `/api/v1/tools/${TOOL}/execute`,
                  headers,
                  body: '{"arguments":{}}',
                }
              : {
                  httpMethod: 'POST',
                  path: '/mcp',
                  resource: '/mcp',
                  headers,
                  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: TOOL, arguments: {} } }),
                },
        })),
    ].map((c) => ({ ...c, samples: [] as Split[] }));
    for (let run = 0; run < RUNS; run++) for (const c of cases) c.samples.push(sample(c.file, c.event, endpoint));

    const baselineCold = median(cases[0].samples.map((s) => s.importMs + s.firstMs));
    const baselineCpu = median(cases[0].samples.map((s) => s.importCpuMs + s.firstCpuMs));
    console.log(`Node ${process.version}, ${RUNS} fresh processes per case (round-robin), medians in ms.`);
    for (const c of cases) {
      const s = c.samples;
      const cold = median(s.map((x) => x.importMs + x.firstMs));
      console.log(
        `\n## ${c.label}: cold ${ms(cold)} (${(cold / baselineCold).toFixed(2)}x), import ${ms(median(s.map((x) => x.importMs)))}, first request ${ms(median(s.map((x) => x.firstMs)))}, status ${s[0].status}; CPU: import ${ms(median(s.map((x) => x.importCpuMs)))}, first request ${ms(median(s.map((x) => x.firstCpuMs)))}, both ${ms(median(s.map((x) => x.importCpuMs + x.firstCpuMs)))} (${(median(s.map((x) => x.importCpuMs + x.firstCpuMs)) / baselineCpu).toFixed(2)}x)`,
      );
      s[0].requires.forEach((r, i) =>
        console.log(
          `  require ./${r.file}: ${ms(median(s.map((x) => x.requires[i]?.ms ?? NaN)))} (starts at ${ms(median(s.map((x) => x.requires[i]?.at ?? NaN)))})`,
        ),
      );
      s[0].requests.forEach((r, i) => {
        const at = (f: (x: Split['requests'][number]) => number) => ms(median(s.map((x) => (x.requests[i] ? f(x.requests[i]) : NaN))));
        console.log(
          `  DynamoDB ${i + 1}. ${r.target}: ${at((x) => x.start)} → ${at((x) => x.end)} = ${at((x) => x.end - x.start)}${r.newSocket ? ', new socket' : ''}`,
        );
      });
      const reads = new Map<string, number>();
      for (const read of s[0].reads) reads.set(read.file, (reads.get(read.file) ?? 0) + read.bytes);
      console.log(`  artifact read: ${[...reads].map(([file, bytes]) => `${file} ${(bytes / 1024).toFixed(1)} KB`).join(', ') || '-'}`);
      console.log(`  JSON.parse of texts over 2 KB: ${s[0].parses}, ${ms(median(s.map((x) => x.parseMs)))}`);
      const requireMs = median(s.map((x) => x.requires.reduce((sum, r) => sum + (r.file.includes('/') ? 0 : r.ms), 0)));
      const dynamoMs = median(s.map((x) => x.requests.reduce((sum, r) => sum + r.end - r.start, 0)));
      console.log(
        `  first request ${ms(median(s.map((x) => x.firstMs)))} = later files ${ms(requireMs)} + DynamoDB (sum) ${ms(dynamoMs)} + the rest`,
      );
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
