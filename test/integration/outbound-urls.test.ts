/**
 * No tool reaches the local machine (server-side request forgery): every URL-taking argument of the
 * catalog, read from the published JSON Schemas (format uri, or a name `url` / `*_url`), is pointed at
 * a listener of this test on 127.0.0.1 in several spellings, by REST, as a dry run and over MCP. The
 * listener must never be reached and each answer must be a 400 with a code of the vocabulary that
 * names the argument. Only this test's own loopback listener is ever addressed: no private,
 * link-local or metadata address is contacted.
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ERROR_CODES } from '../../core/errors';
import { REGISTRY } from '../../functions/all-tools';
import { argumentsJsonSchema } from '../../functions/catalog/json-schema';
import { dispatch } from '../../functions/local/router';
import { PLATFORM_WORDS } from '../../core/platforms';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

// The module itself (not an import namespace copy), so a spy stands in for DNS for every caller.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeDns: typeof import('node:dns/promises') = require('node:dns/promises');

type Schema = { type?: string; format?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };
type Step = string | 0;

/** Every path to a URL string in a tool's published argument schema (`['images', 0, 'image_url']`). */
function urlArguments(schema: Schema, path: Step[] = [], name = ''): Step[][] {
  const found: Step[][] = [];
  if ((schema.type === 'string' || schema.type === undefined) && (schema.format === 'uri' || /(^|_)url$/.test(name)) && path.length)
    found.push(path);
  for (const [key, property] of Object.entries(schema.properties ?? {})) found.push(...urlArguments(property, [...path, key], key));
  if (schema.items) found.push(...urlArguments(schema.items, [...path, 0], name));
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) found.push(...urlArguments(option, path, name));
  const seen = new Set<string>();
  return found.filter((p) => !seen.has(JSON.stringify(p)) && Boolean(seen.add(JSON.stringify(p))));
}

/** The tool's documented example (or nothing) with `value` written at `path`. */
function argumentsWith(example: Record<string, unknown> | undefined, path: Step[], value: string): Record<string, unknown> {
  const args = structuredClone(example ?? {}) as Record<string, unknown>;
  let node: Record<string | number, unknown> = args;
  path.forEach((step, i) => {
    if (i === path.length - 1) {
      node[step] = value;
      return;
    }
    const next = path[i + 1] === 0 ? [] : {};
    const existing = node[step];
    if (path[i + 1] === 0 ? !Array.isArray(existing) : !existing || typeof existing !== 'object' || Array.isArray(existing))
      node[step] = next;
    if (path[i + 1] === 0 && !(node[step] as unknown[]).length) (node[step] as unknown[]).push(path[i + 2] === undefined ? '' : {});
    node = node[step] as Record<string | number, unknown>;
  });
  return args;
}

const shown = (path: Step[]) => path.map((step, i) => (step === 0 ? '[0]' : i ? `.${step}` : step)).join('');

let listener: http.Server;
let port: number;
const reached: string[] = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  // Counts every connection, not only complete requests: a port scan is a connection too.
  listener = http.createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    if (req.url === '/to-metadata') {
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': 'image/png' });
    res.end(Buffer.alloc(64));
  });
  listener.on('connection', (socket) => {
    reached.push('connection');
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});

beforeEach(() => {
  // The suite's other files let the sandbox fetch test servers on loopback; this one must not.
  delete process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;
});

afterAll(async () => {
  process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = 'true';
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

describe('Outbound URLs', () => {
  const cases = REGISTRY.all().flatMap((tool) => urlArguments(argumentsJsonSchema(tool).schema as Schema).map((path) => ({ tool, path })));

  it('finds the URL-taking arguments of the catalog', () => {
    // The catalog's fetching tools are among them (a schema change that hides one fails here).
    const names = new Set(cases.map((c) => c.tool.name));
    for (const name of ['upload_retailads_asset', 'validate_video', 'validate_and_prepare_assets', 'create_monitor', 'add_socialads_ad'])
      expect(names).toContain(name);
    expect(cases.length).toBeGreaterThan(80);
  });

  it('refuses every URL argument pointing at the local machine, in several spellings, with a 400 naming it, and never reaches it', async () => {
    const { apiKey } = await createTestOwner({ accounts: Object.fromEntries(PLATFORM_WORDS.map((word) => [word, 1])) });
    const spellings = [`127.0.0.1:${port}`, `2130706433:${port}`, `0x7f.1:${port}`, `[::ffff:127.0.0.1]:${port}`, `localhost:${port}`];
    const failures: string[] = [];
    for (const { tool, path } of cases) {
      for (const [i, host] of spellings.entries()) {
        const url = `http://${host}/asset.png`;
        const args = argumentsWith(tool.examples?.[0], path, url);
        // Writes also as a dry run (a plan reads, and reading a link is where a fetch would happen).
        const variants = tool.plan && i === 0 ? [args, { ...args, dry_run: true }] : [args];
        for (const variant of variants) {
          const before = reached.length;
          const result = await callTool(apiKey, tool.name, variant);
          const code = result.body.structured_content?.code as string | undefined;
          const problem = `${tool.name} ${shown(path)} = ${url}${variant.dry_run ? ' (dry run)' : ''}`;
          if (reached.length > before) failures.push(`${problem}: reached the listener`);
          else if (result.status !== 400) failures.push(`${problem}: answered ${result.status}`);
          else if (!code || !(code in ERROR_CODES)) failures.push(`${problem}: no code of the vocabulary (${code})`);
          else if (!result.body.error?.includes(shown(path))) failures.push(`${problem}: the answer does not name the argument`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(reached).toEqual([]);
  }, 600_000);

  it('refuses a complete upload_retailads_asset aimed at the local machine over MCP too', async () => {
    const { apiKey } = await createTestOwner({ accounts: { retailads: 1 } });
    for (const [id, dryRun] of [
      [1, false],
      [2, true],
    ] as const) {
      const answer = await dispatch({
        method: 'POST',
        url: '/mcp',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: {
            name: 'upload_retailads_asset',
            arguments: { url: `http://127.0.0.1:${port}/logo.png`, asset_type: 'LOGO', ...(dryRun ? { dry_run: true } : {}) },
          },
        }),
      });
      const result = JSON.parse(answer.body).result;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ code: 'invalid_arguments' });
    }
    expect(reached).toEqual([]);
  });

  it('refuses an upload whose host name resolves to the local machine, and sends nothing', async () => {
    const { apiKey } = await createTestOwner({ accounts: { retailads: 1 } });
    const lookup = jest.spyOn(nodeDns, 'lookup').mockResolvedValue([{ address: '127.0.0.1', family: 4 }] as never);
    try {
      for (const dryRun of [false, true]) {
        const result = await callTool(apiKey, 'upload_retailads_asset', {
          url: `http://cdn.example:${port}/logo.png`,
          asset_type: 'LOGO',
          ...(dryRun ? { dry_run: true } : {}),
        });
        expect(result.status).toBe(400);
        expect(result.body.structured_content).toMatchObject({ code: 'url_refused', argument: 'url' });
        expect(result.body.error).toContain('loopback');
      }
    } finally {
      lookup.mockRestore();
    }
    expect(reached).toEqual([]);
  });

  it('never follows a redirect to the metadata address (loopback allowed only for this check)', async () => {
    const { apiKey } = await createTestOwner({ accounts: { retailads: 1 } });
    process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = 'true';
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const request = jest.spyOn(require('node:http') as typeof http, 'request');
    try {
      const result = await callTool(apiKey, 'upload_retailads_asset', { url: `http://127.0.0.1:${port}/to-metadata`, asset_type: 'LOGO' });
      expect(result.status).toBe(400);
      expect(result.body.structured_content).toMatchObject({ code: 'url_refused' });
      expect(result.body.error).toContain('169.254.169.254');
      // Only the first hop, to this test's listener, was sent.
      expect(request).toHaveBeenCalledTimes(1);
    } finally {
      request.mockRestore();
      delete process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;
    }
    expect(reached).toEqual(['connection', 'GET /to-metadata']);
    reached.length = 0;
  });
});
