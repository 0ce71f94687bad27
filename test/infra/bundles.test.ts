import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import {
  CONNECT_CODE,
  DYNAMODB_SDK,
  functionEntry,
  laterFiles,
  laterSpecifiers,
  LIBRARY_FILES,
  PLATFORM_FREE_TOOL_CODE,
  platformToolCode,
  PROJECT_ROOT,
  servesCatalog,
  TOOL_CODE,
} from '../../lib/gateway-function';
import { buildFunctionPackage, bundleGraph, type FunctionPackage } from '../../bench/function-package';
import { PLATFORM_WORDS } from '../../core/platforms';
import { FUNCTION_NAMES, type FunctionName } from '../../lib/routes';
import { connectLiveAccounts } from '../../functions/connect/accounts';
import { useFakeChatAdsApi } from '../platforms/chatads/live-support';
import { deskAdsLiveOwner, useFakeDeskAds } from '../platforms/deskads/live-support';
import { FakeSecretsManager } from '../fakes/secrets-manager';
import { SCHEDULER_EVENT } from '../../functions/scheduler-event';
import { dueWatchTasks, setWatchStatus } from '../../functions/runtime/stores/monitoring';
import { ARTIFACT_DIR, ARTIFACT_FILES } from '../../functions/catalog/artifact';
import * as dynamodbSdk from '../../functions/dynamodb-sdk';
import { callToolOk, createTestOwner, useTestTables } from '../support/gateway';
import { sseMessages } from '../support/sse';

/**
 * The gateway, MCP and scheduler packages as the stack builds them (lib/gateway-function.ts): index.js
 * holds no tool code; the tool code is a second file, tool-code.js beside it (built by the same
 * esbuild command as the stack's afterBundling hook), read only when a tool runs; the MCP package
 * also has one file per platform, tool-code-<word>.js, read at the first tools/call of that
 * platform's tools instead. The gateway and MCP packages carry the catalog artifact they serve. The
 * bundles run here in fresh node processes against this file's DynamoDB Local tables.
 */
useTestTables();
const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Name = FunctionName | 'scheduler';

const packages = new Map<Name, FunctionPackage>();
let connectCodeMetafile: Metafile | undefined;

/** One function's package as the stack builds it (bench/function-package.ts), built once per name. */
function functionPackage(name: Name): FunctionPackage {
  let built = packages.get(name);
  if (!built) {
    built = buildFunctionPackage(join(dir, name), {
      entry: functionEntry(name),
      later: laterFiles(name),
      withArtifact: servesCatalog(name),
    });
    // What the connect pages' file holds (the same options, with a metafile).
    if (laterFiles(name).includes(CONNECT_CODE)) connectCodeMetafile = bundleGraph(CONNECT_CODE.entry, join(dir, 'connect-code-graph'));
    packages.set(name, built);
  }
  return built;
}

/** Tools, their simulators and live adapters: every platform's folder, the cross-platform tools, the registry, the tool code's entry. */
const TOOL_CODE_SOURCE = new RegExp(
  `^(platforms/(${[...PLATFORM_WORDS, 'gateway', 'sandbox', 'live'].join('|')})/|platforms/index\\.ts$|functions/(all-tools|tool-code)\\.ts$)`,
);

/** The project files in a bundle (node_modules aside). */
const projectFiles = (metafile: Metafile) =>
  Object.keys(metafile.inputs).filter((input) => !/(^|\/)node_modules\//.test(input) && !input.startsWith('..'));

/**
 * Runs requests one after the other in a fresh node process against a package's index.js, as Lambda
 * does; answers each response (status, headers, body) and, after each, whether tool-code.js was loaded
 * and which of the package's files beside index.js were.
 */
async function run(
  name: Name,
  events: Record<string, unknown>[],
  /** More environment for the process (a live platform's settings). */
  env: Record<string, string> = {},
): Promise<
  {
    status?: number;
    headers?: Record<string, string>;
    body?: string;
    result?: unknown;
    error?: string;
    toolCodeLoaded: boolean;
    /** The package's files beside index.js loaded after index.js's own load, so far (tool-code.js, tool-code-<word>.js, connect-code.js). */
    laterLoaded: string[];
    /** The package's files beside index.js that loading index.js read (dynamodb-sdk.js). */
    startLoaded?: string[];
    connectCodeLoaded?: boolean;
    /** The catalog artifact's files read so far in the process. */
    artifactRead?: string[];
    /** How many bytes of each were read so far. */
    artifactBytes?: Record<string, number>;
    /** Connections the process opened so far (DynamoDB Local's, a fake platform's). */
    connections?: number;
    /** Intl formatters and collators built so far (the import included). */
    intlBuilt?: number;
  }[]
> {
  const { folder } = functionPackage(name);
  const probe = `
    const [file, eventsJson] = process.argv.slice(1);
    const fs = require('node:fs');
    const { readFileSync, openSync, readSync, closeSync } = fs;
    // Bytes read of each catalog artifact file: whole files, and positioned reads through a descriptor.
    const artifactBytes = {};
    const artifactFile = (path) => /[\\/]artifact[\\/]([^\\/]+)$/.exec(String(path))?.[1];
    const count = (file, bytes) => (artifactBytes[file] = (artifactBytes[file] ?? 0) + bytes);
    const opened = new Map();
    fs.readFileSync = function (path, ...rest) {
      const content = readFileSync.call(this, path, ...rest);
      const file = artifactFile(path);
      if (file) count(file, Buffer.byteLength(content));
      return content;
    };
    fs.openSync = function (path, ...rest) {
      const fd = openSync.call(this, path, ...rest);
      const file = artifactFile(path);
      if (file) opened.set(fd, file), count(file, 0);
      return fd;
    };
    fs.readSync = function (fd, ...rest) {
      const bytes = readSync.call(this, fd, ...rest);
      if (opened.has(fd)) count(opened.get(fd), bytes);
      return bytes;
    };
    fs.closeSync = function (fd, ...rest) {
      opened.delete(fd);
      return closeSync.call(this, fd, ...rest);
    };
    // Connections the process opens (to DynamoDB Local, and to a fake platform on a live call) and Intl objects it builds.
    const net = require('node:net');
    const connect = net.Socket.prototype.connect;
    let connections = 0;
    net.Socket.prototype.connect = function (...args) {
      connections++;
      return connect.apply(this, args);
    };
    let intlBuilt = 0;
    for (const kind of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules']) {
      Intl[kind] = new Proxy(Intl[kind], { construct: (target, args) => (intlBuilt++, Reflect.construct(target, args)) });
    }
    const { handler } = require(file);
    // What index.js requires at once (the DynamoDB SDK's file); laterLoaded lists what came after.
    const atStart = new Set(Object.keys(require.cache));
    const context = { awsRequestId: 'bundle-test', functionName: 'bundle-test', getRemainingTimeInMillis: () => 600000 };
    const loaded = () => Object.keys(require.cache).some((path) => path.endsWith('/${TOOL_CODE.file}'));
    const connectLoaded = () => Object.keys(require.cache).some((path) => path.endsWith('/${CONNECT_CODE.file}'));
    const folder = require('node:path').dirname(file) + '/';
    const inFolder = (paths) => paths.filter((path) => path.startsWith(folder) && path !== file).map((path) => path.slice(folder.length)).sort();
    const startLoaded = inFolder([...atStart]);
    const laterLoaded = () => inFolder(Object.keys(require.cache).filter((path) => !atStart.has(path)));
    (async () => {
      const answers = [];
      for (const event of JSON.parse(eventsJson)) {
        try {
          const response = await handler({ body: null, isBase64Encoded: false, requestContext: { requestId: 'r-1' }, queryStringParameters: null, ...event }, context);
          const { statusCode: status, headers, body } = response;
          answers.push(status === undefined ? { result: response, toolCodeLoaded: loaded(), laterLoaded: laterLoaded() } : { status, headers, body, toolCodeLoaded: loaded(), laterLoaded: laterLoaded(), startLoaded, connectCodeLoaded: connectLoaded(), artifactRead: Object.keys(artifactBytes).sort(), artifactBytes: { ...artifactBytes }, connections, intlBuilt });
        } catch (error) {
          answers.push({ error: String(error && error.message), toolCodeLoaded: loaded(), laterLoaded: laterLoaded() });
        }
      }
      process.stdout.write(JSON.stringify(answers));
    })();`;
  // Asynchronous: the fake platform APIs of live calls answer from this process meanwhile.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--no-warnings', '-e', probe, join(folder, 'index.js'), JSON.stringify(events)],
    {
      encoding: 'utf8',
      // The catalog and the OpenAPI document are megabytes.
      maxBuffer: 256 * 1024 * 1024,
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
        TABLE_PREFIX: process.env.TABLE_PREFIX,
        CREDENTIALS_KEY_FILE: process.env.CREDENTIALS_KEY_FILE,
        KEY_RATE_LIMIT: process.env.KEY_RATE_LIMIT,
        CHATADS_API_URL: process.env.CHATADS_API_URL,
        LOG_LEVEL: 'silent',
        ...env,
      },
    },
  );
  return JSON.parse(stdout);
}

const get = (path: string, query: Record<string, string> | null = null) => ({
  httpMethod: 'GET',
  path,
  resource: path,
  headers: { Host: 'gw.example.com' },
  queryStringParameters: query,
});
const execute = (tool: string, apiKey?: string, body = '{"arguments":{}}') => ({
  httpMethod: 'POST',
  path: `/api/v1/tools/${tool}/execute`,
  resource: `/api/v1/tools/${tool}/execute`,
  headers: { 'Content-Type': 'application/json', ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) },
  body,
});
const mcp = (apiKey: string, message: Record<string, unknown>, accept = 'application/json, text/event-stream') => ({
  httpMethod: 'POST',
  path: '/mcp',
  resource: '/mcp',
  headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: accept },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
});

/** The libraries that are files of their own (LIBRARY_FILES, DYNAMODB_SDK): each may be only in its own file. */
const OWN_FILE_CODE: [string, RegExp][] = [
  [LIBRARY_FILES.encryptionSdk.file, /(^|\/)node_modules\/(@aws-crypto\/|@aws-sdk\/client-kms\/)/],
  [LIBRARY_FILES.secretsClient.file, /(^|\/)node_modules\/@aws-sdk\/client-secrets-manager\//],
  [LIBRARY_FILES.emailClient.file, /(^|\/)node_modules\/@aws-sdk\/client-sesv2\//],
  [DYNAMODB_SDK.file, /(^|\/)node_modules\/@aws-sdk\/(client|lib|util)-dynamodb\//],
];

/** The names a project file imports (values, not types) from the DynamoDB SDK's packages. */
function dynamodbImports(source: string): string[] {
  const packages = DYNAMODB_SDK.packages.map((name) => name.replace('/', '\\/')).join('|');
  return [...source.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'(${packages})'`, 'g'))].flatMap((found) =>
    found[1]
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

/** The chat-assistant platform's API faked for the live calls below (CHATADS_API_URL, passed to the packages). */
const fakeChatAds = useFakeChatAdsApi();
/** The desktop-search platform (its settings passed to the packages that call it) and Secrets Manager, faked for the secret settings' path. */
const fakeDeskAds = useFakeDeskAds();
const fakeSecrets = new FakeSecretsManager();
beforeAll(() => fakeSecrets.start());
afterAll(() => fakeSecrets.close());

describe('function bundles', () => {
  test.each(['gateway', 'mcp', 'scheduler'] as const)(
    'the %s package: index.js holds no tool code and requires ./tool-code, tool-code.js holds every tool; sizes',
    (name) => {
      const { metafile, bytes: index, toolCodeBytes: toolCode } = functionPackage(name);
      const inIndex = projectFiles(metafile);
      expect(inIndex).toContain(relative(PROJECT_ROOT, functionEntry(name)));
      expect(inIndex.filter((input) => TOOL_CODE_SOURCE.test(input))).toEqual([]);
      const deferred = (input: string) => metafile.inputs[input]?.imports.filter((imported) => imported.kind === 'dynamic-import');
      expect(deferred('functions/load-tool-code.ts')).toEqual([expect.objectContaining({ path: TOOL_CODE.specifier, external: true })]);
      // The gateway's tools that open no platform: a file of their own in the gateway and MCP packages.
      expect(deferred('functions/load-platform-free-tool-code.ts')).toEqual(
        name === 'scheduler' ? undefined : [expect.objectContaining({ path: PLATFORM_FREE_TOOL_CODE.specifier, external: true })],
      );
      // The MCP function's platform files, each kept external; the other functions run no platform's tool alone.
      expect(deferred('functions/load-platform-tool-code.ts')).toEqual(
        name === 'mcp'
          ? PLATFORM_WORDS.map((word) => expect.objectContaining({ path: platformToolCode(word).specifier, external: true }))
          : undefined,
      );
      // The baseline of the cold-start bench (a bare middy function with the DynamoDB client) is about
      // 330 KB: index.js stays within 1.5 times that (docs/architecture.md lists the figures).
      expect(index).toBeLessThan(500 * 1024);
      expect(toolCode).toBeGreaterThan(5 * index);
    },
    300_000,
  );

  test('the gateway package answers health, the catalog, OpenAPI and a 401 without reading tool code, a tool that opens no platform from platform-free-tool-code.js, another with tool-code.js', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const answers = await run('gateway', [
      get('/health'),
      get('/api/v1/tools'),
      get('/api/v1/openapi.json', { platform: 'chatads' }),
      execute('get_usage_status'),
      execute('get_usage_status', 'sk_live_' + 'x'.repeat(32)),
      execute('get_usage_status', apiKey),
      execute('list_connected_accounts', apiKey),
      execute('get_usage_status'),
      // Health of the searchads connection: the searchads code, in the whole tool code.
      execute('get_connections_status', apiKey),
      execute('get_usage_status', apiKey),
    ]);
    const platformFree = [PLATFORM_FREE_TOOL_CODE.file];
    expect(answers.map((answer) => [answer.status, answer.laterLoaded])).toEqual([
      [200, []],
      [200, []],
      [200, []],
      [401, []],
      [401, []],
      [200, platformFree],
      [200, platformFree],
      [401, platformFree],
      [200, [...platformFree, TOOL_CODE.file]],
      [200, [...platformFree, TOOL_CODE.file]],
    ]);
    expect(JSON.parse(answers[1].body!).count).toBeGreaterThan(400);
    const doc = JSON.parse(answers[2].body!);
    expect(doc.servers).toEqual([{ url: 'http://gw.example.com' }]);
    expect([
      ...new Set(
        Object.values(doc.paths)
          .map((path) => (path as { post?: { tags?: string[] } }).post?.tags?.[0])
          .filter(Boolean),
      ),
    ]).toEqual(['chatads']);
    // The 401 answered before the tool code is the chain's own: same envelope as after it.
    const before = JSON.parse(answers[3].body!);
    const after = JSON.parse(answers[7].body!);
    expect(before).toEqual(after);
    expect(before).toMatchObject({ success: false, tool: 'get_usage_status', is_error: true });
    expect(answers[3].headers!['X-Request-Id']).toBe('r-1');
    const [usage, accounts, , health, usageAgain] = answers.slice(5).map((answer) => JSON.parse(answer.body!));
    expect([usage.success, accounts.success, health.success, usageAgain.success]).toEqual([true, true, true, true]);
    expect(accounts.data.structured.platforms.find((platform: { platform: string }) => platform.platform === 'searchads')).toMatchObject({
      parameter: 'customer_id',
      accounts: [expect.anything()],
    });
  }, 300_000);

  test("one rate limit per key and process, whichever tool file's chain runs the call (gateway: platform-free and whole; mcp: each platform's file)", async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1, retailads: 1 } });
    // Two calls at once, then one more a second after 100 s.
    const limit = { KEY_RATE_LIMIT: '0.01/2' };
    const gateway = await run(
      'gateway',
      [execute('get_usage_status', apiKey), execute('get_usage_status', apiKey), execute('get_connections_status', apiKey)],
      limit,
    );
    expect(gateway.map((answer) => [answer.status, answer.laterLoaded])).toEqual([
      [200, [PLATFORM_FREE_TOOL_CODE.file]],
      [200, [PLATFORM_FREE_TOOL_CODE.file]],
      [429, [PLATFORM_FREE_TOOL_CODE.file, TOOL_CODE.file]],
    ]);
    const call = (name: string) => mcp(apiKey, { method: 'tools/call', params: { name, arguments: {} } });
    const onMcp = await run('mcp', [call('list_campaigns'), call('list_campaigns'), call('list_retailads_campaigns')], limit);
    expect(onMcp.map((answer) => [answer.laterLoaded, JSON.parse(answer.body!).result?.structuredContent?.code])).toEqual([
      [['tool-code-searchads.js'], undefined],
      [['tool-code-searchads.js'], undefined],
      [['tool-code-retailads.js', 'tool-code-searchads.js'], 'rate_limited'],
    ]);
  }, 300_000);

  test("the gateway and mcp packages' platform-free-tool-code.js holds the chain and the gateway's tools, and no platform's tools, simulator, live adapter or manifest", () => {
    const inFile = projectFiles(bundleGraph(PLATFORM_FREE_TOOL_CODE.entry, join(dir, 'platform-free-graph'), laterSpecifiers('gateway')));
    expect(inFile).toEqual(expect.arrayContaining(['functions/runtime/handler.ts', 'platforms/gateway/tools/get-usage-status.ts']));
    const platformCode = new RegExp(
      `^(platforms/(${PLATFORM_WORDS.join('|')})/(?!define\\.ts$)|platforms/(sandbox|live)/|platforms/index\\.ts$|functions/(all-tools|tool-code)\\.ts$)`,
    );
    expect(inFile.filter((input) => platformCode.test(input))).toEqual([]);
    expect(laterFiles('gateway')).toContain(PLATFORM_FREE_TOOL_CODE);
    expect(laterFiles('mcp')).toContain(PLATFORM_FREE_TOOL_CODE);
  }, 300_000);

  test('the gateway package answers a first GET of one tool, an unknown tool, and the gzip OpenAPI documents and catalog reading only the bytes each needs', async () => {
    // Each a first request, in a fresh process.
    const first = async (event: Record<string, unknown>) => (await run('gateway', [event]))[0];
    const gzip = (event: ReturnType<typeof get>) => ({
      ...event,
      headers: { ...event.headers, Accept: 'application/json', 'Accept-Encoding': 'gzip' },
    });
    const tool = await first(get('/api/v1/tools/list_campaigns'));
    expect([tool.status, JSON.parse(tool.body!).name, tool.toolCodeLoaded]).toEqual([200, 'list_campaigns', false]);
    // The index of where entries lie, then the entry's own bytes of catalog.json.
    expect(tool.artifactRead).toEqual(['catalog-index.json', 'catalog.json']);
    expect(tool.artifactBytes!['catalog.json']).toBe(Buffer.byteLength(tool.body!));
    const unknown = await first(get('/api/v1/tools/list_campaign'));
    expect([unknown.status, unknown.artifactRead]).toEqual([404, ['catalog-index.json']]);
    expect(JSON.parse(unknown.body!).structured_content.suggestions).toContain('list_campaigns');
    for (const [query, document] of [
      [null, 'openapi.json'],
      [{ platform: 'searchads' }, 'openapi-searchads.json'],
    ] as const) {
      const zipped = await first(gzip(get('/api/v1/openapi.json', query)));
      expect([zipped.status, zipped.headers!['Content-Encoding']]).toEqual([200, 'gzip']);
      // The compressed part, the digests for the tag, and the document's end after its compressed part.
      expect(zipped.artifactRead).toEqual(['manifest.json', document, `${document}.deflate`]);
      expect(zipped.artifactBytes![document]).toBeLessThan(64);
      expect(JSON.parse(gunzipSync(Buffer.from(zipped.body!, 'base64')).toString('utf8')).servers).toEqual([
        { url: 'http://gw.example.com' },
      ]);
    }
    const catalogZipped = await first(gzip(get('/api/v1/tools')));
    expect([catalogZipped.status, catalogZipped.artifactRead]).toEqual([200, ['catalog.json.deflate', 'manifest.json']]);
  }, 300_000);

  test('the gateway package serves a connect page from connect-code.js, which holds the connectors and no tool, simulator or manifest', async () => {
    const answers = await run('gateway', [get('/connect/searchads'), get('/api/v1/tools')]);
    expect(answers.map((answer) => [answer.status, answer.toolCodeLoaded, answer.connectCodeLoaded])).toEqual([
      [400, false, true],
      [200, false, true],
    ]);
    expect(answers[0].body).toMatch(/This link is incomplete/);
    const inConnect = projectFiles(connectCodeMetafile!);
    expect(inConnect).toEqual(expect.arrayContaining(['platforms/searchads/live/connector.ts', 'functions/connect/routes.ts']));
    const toolCode =
      /^(platforms\/[a-z]+\/(tools|sandbox)\/|platforms\/[a-z]+\/manifest\.ts$|platforms\/(gateway|sandbox)\/|platforms\/index\.ts$|functions\/(all-tools|tool-code)\.ts$)/;
    expect(inConnect.filter((input) => toolCode.test(input))).toEqual([]);
    // index.js leaves the connect pages to connect-code.js.
    expect(projectFiles(functionPackage('gateway').metafile)).not.toContain('functions/connect/routes.ts');
  }, 300_000);
  test('the gateway package answers a bad body before the key as the chain does (400, not 401), from the tool code', async () => {
    const [answer] = await run('gateway', [execute('get_usage_status', undefined, '{"arguments": [1]}')]);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body!).error).toMatch(/arguments/);
  }, 300_000);

  test.each(PLATFORM_WORDS)(
    "the mcp package's tool-code-%s.js carries its platform's tools and function, and no other platform's tools nor the cross-platform ones",
    (word) => {
      const inFile = projectFiles(bundleGraph(platformToolCode(word).entry, join(dir, `${word}-graph`)));
      expect(inFile).toEqual(expect.arrayContaining([`platforms/${word}/manifest.ts`, `platforms/${word}/lambda.ts`]));
      const others: string[] = PLATFORM_WORDS.filter((other) => other !== word);
      const foreign = new RegExp(
        `^(platforms/(${others.join('|')})/(tools/|manifest\\.ts$|lambda\\.ts$)|platforms/gateway/|platforms/index\\.ts$|functions/(all-tools|tool-code)\\.ts$)`,
      );
      expect(inFile.filter((input) => foreign.test(input))).toEqual([]);
      // Another platform's code only where this platform's function opens its accounts: deskads reads a
      // searchads account (platforms/deskads/lambda.ts opens searchads' ports, not its tools).
      const otherPlatforms = new Set(
        inFile.map((input) => /^platforms\/([a-z]+)\//.exec(input)?.[1] ?? '').filter((found) => others.includes(found)),
      );
      expect([...otherPlatforms]).toEqual(word === 'deskads' ? ['searchads'] : []);
    },
    300_000,
  );

  test("the mcp package runs a platform's tools/call from that platform's file alone, a cross-platform tool and an unknown name from tool-code.js", async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1, retailads: 1, deskads: 1 } });
    const call = (name: string, args: Record<string, unknown> = {}) =>
      mcp(apiKey, { method: 'tools/call', params: { name, arguments: args } });
    const answers = await run('mcp', [
      call('list_campaigns'),
      call('list_retailads_campaigns'),
      // deskads' own file opens the owner's searchads account.
      call('import_deskads_from_searchads', { dry_run: true }),
      call('list_campaign'),
      call('get_usage_status'),
    ]);
    const searchads = ['tool-code-searchads.js'];
    const platforms = ['tool-code-deskads.js', 'tool-code-retailads.js', ...searchads];
    expect(answers.map((answer) => [answer.status, answer.laterLoaded])).toEqual([
      [200, searchads],
      [200, ['tool-code-retailads.js', ...searchads]],
      [200, platforms],
      [200, [...platforms, 'tool-code.js']],
      [200, [...platforms, 'tool-code.js']],
    ]);
    const [list, retail, imported, unknown, usage] = answers.map((answer) => JSON.parse(answer.body!));
    expect(list.result).toMatchObject({ isError: false, structuredContent: { campaigns: expect.any(Array) } });
    expect(retail.result.isError).toBe(false);
    expect(imported.result.isError).toBe(false);
    expect(imported.result.content[0].text).toMatch(/^## .*searchads/);
    // The unknown name's suggestions come from every tool, as on the REST route.
    expect(unknown.error).toMatchObject({
      code: -32602,
      data: expect.objectContaining({ suggestions: expect.arrayContaining(['list_campaigns']) }),
    });
    expect(usage.result.isError).toBe(false);
  }, 300_000);

  test("a first tool call reuses the API key check's connection to DynamoDB, builds no Intl formatter when it formats no amount, and mcp reads its tool's catalog entry once", async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const [gateway] = await run('gateway', [execute('get_usage_status', apiKey)]);
    const call = (name: string) => mcp(apiKey, { method: 'tools/call', params: { name, arguments: {} } });
    const [usage, campaigns] = await run('mcp', [call('get_usage_status'), call('list_campaigns')]);
    // index.js checks the key, the tool file's chain (its own copy of the store) reads the usage: over one connection.
    expect([gateway.status, gateway.laterLoaded, gateway.connections, gateway.intlBuilt]).toEqual([
      200,
      [PLATFORM_FREE_TOOL_CODE.file],
      1,
      0,
    ]);
    expect([usage.status, usage.laterLoaded, usage.connections, usage.intlBuilt]).toEqual([200, [PLATFORM_FREE_TOOL_CODE.file], 1, 0]);
    expect([campaigns.status, campaigns.connections]).toEqual([200, 1]);
    // The scope check, the route and the tool file each look the tool up: its bytes of catalog.json are read once.
    const spans = JSON.parse(readFileSync(join(ARTIFACT_DIR, ARTIFACT_FILES.catalogIndex), 'utf8')) as Record<string, [number, number]>;
    expect(usage.artifactBytes![ARTIFACT_FILES.catalog]).toBe(spans.get_usage_status[1]);
  }, 300_000);

  test("the mcp package's platform file sees a primary account switched through platform-free-tool-code.js in the same process", async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { searchads: 2 } });
    const call = (name: string, args: Record<string, unknown> = {}) =>
      mcp(apiKey, { method: 'tools/call', params: { name, arguments: args } });
    const answers = await run('mcp', [
      call('list_campaigns'),
      call('switch_primary_account', { platform: 'searchads', account_id: accounts.searchads![1].account_id }),
      call('list_campaigns'),
    ]);
    expect(answers.at(-1)!.laterLoaded).toEqual([PLATFORM_FREE_TOOL_CODE.file, 'tool-code-searchads.js']);
    const [ask, switched, listed] = answers.map((answer) => JSON.parse(answer.body!).result);
    // Two accounts and no primary: the searchads file asks which, then uses the one made primary.
    expect(ask).toMatchObject({ isError: true, structuredContent: { code: 'account_selection_required' } });
    expect(switched.isError).toBe(false);
    expect(listed.isError).toBe(false);
    expect(listed.content[0].text).toContain(accounts.searchads![1].account_id);
  }, 300_000);

  test('the mcp package lists tools without reading tool-code.js, and a tools/call streams the tool progress through it', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const answers = await run('mcp', [
      mcp(apiKey, { method: 'tools/list', params: {} }),
      mcp(apiKey, {
        method: 'tools/call',
        params: {
          name: 'create_search_campaign',
          arguments: {
            name: 'Bundle boots',
            daily_budget: 20,
            ad_groups: [
              {
                name: 'Boots',
                keywords: [{ text: 'trail boots', match_type: 'EXACT' }],
                ads: [
                  {
                    headlines: ['Trail Boots', 'Free Returns', 'Waterproof'],
                    descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'],
                    final_url: 'https://www.example.com/trail',
                  },
                ],
              },
            ],
          },
          _meta: { progressToken: 'p-1', 'idempotency-key': '0b5ad5c4-6f0e-4a55-9d2f-2f0b6c0f4b11' },
        },
      }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.laterLoaded])).toEqual([
      [200, []],
      [200, ['tool-code-searchads.js']],
    ]);
    expect(JSON.parse(answers[0].body!).result.tools.length).toBeGreaterThan(0);
    // The first tools/list reads its page prepared at build time: not the catalog, the sets or any tool.
    expect(answers[0].artifactRead).toEqual(['mcp-tools-page-0.json', 'mcp-tools-pages.json']);
    // The progress reporter is registered with the searchads file's own chain: the notifications arrive.
    expect(answers[1].headers!['Content-Type']).toBe('text/event-stream');
    const events = sseMessages(answers[1].body!);
    expect(events.filter((event) => event.method === 'notifications/progress').length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ id: 1, result: { isError: false } });
  }, 300_000);

  test('the mcp package answers a first tools/list of a platform (?platform=searchads) from its page alone; gzip from its compressed bytes alone', async () => {
    const { apiKey } = await createTestOwner();
    const list = (acceptEncoding?: string) => {
      const event = mcp(apiKey, { method: 'tools/list', params: {} });
      return {
        ...event,
        queryStringParameters: { platform: 'searchads' },
        headers: { ...event.headers, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) },
      };
    };
    const [plain] = await run('mcp', [list()]);
    const [zipped] = await run('mcp', [list('gzip')]);
    expect([plain.status, plain.toolCodeLoaded, zipped.status, zipped.toolCodeLoaded, zipped.headers!['Content-Encoding']]).toEqual([
      200,
      false,
      200,
      false,
      'gzip',
    ]);
    // Nothing but the index of pages and the page: no catalog, no tool sets, no tool code.
    const page = plain.artifactRead!.find((file) => file !== 'mcp-tools-pages.json')!;
    expect(plain.artifactRead).toEqual([page, 'mcp-tools-pages.json'].sort());
    expect(zipped.artifactRead).toEqual([`${page}.deflate`, 'mcp-tools-pages.json']);
    expect(gunzipSync(Buffer.from(zipped.body!, 'base64')).toString('utf8')).toBe(plain.body);
    expect(JSON.parse(plain.body!).result.tools.every((tool: { _meta: { platform: string } }) => tool._meta.platform === 'searchads')).toBe(
      true,
    );
  }, 300_000);

  test('the scheduler package refuses another event and answers a tick with nothing due without the tool code; a due task loads it', async () => {
    // The owners made above each have a daily watch scan (due at 07:00 UTC): paused, so nothing is due at any hour.
    for (const task of await dueWatchTasks(new Date(Date.now() + 7 * 86_400_000)))
      await setWatchStatus(task.owner_id, 'paused', new Date());
    const idle = await run('scheduler', [{ source: 'somewhere-else' }, { ...SCHEDULER_EVENT }]);
    expect(idle).toEqual([
      { error: expect.stringMatching(/only the scheduler event/), toolCodeLoaded: false, laterLoaded: [] },
      // index.js asks whether anything is due (its DynamoDB SDK file is read at the import).
      {
        result: expect.objectContaining({ research: { due: 0, done: 0, failed: 0, deferred: 0 } }),
        toolCodeLoaded: false,
        laterLoaded: [],
      },
    ]);
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    await callToolOk(apiKey, 'start_research', { topic: 'keywords' });
    const [busy] = await run('scheduler', [{ ...SCHEDULER_EVENT }]);
    expect(busy).toEqual({
      result: expect.objectContaining({ research: { due: 1, done: 1, failed: 0, deferred: 0 } }),
      toolCodeLoaded: true,
      laterLoaded: ['tool-code.js'],
    });
  }, 300_000);
  test.each([...FUNCTION_NAMES, 'scheduler'] as const)(
    'the %s package keeps the DynamoDB SDK and the libraries of rare paths in files of their own, and its files require only files it holds',
    (name) => {
      const files = [{ entry: functionEntry(name), file: 'index.js' }, ...laterFiles(name)];
      for (const { entry, file } of files) {
        const graph = bundleGraph(entry, join(dir, `${name}-${file}-graph`), laterSpecifiers(name));
        // The Encryption SDK, the KMS, Secrets Manager, SES and DynamoDB clients: each only in its own file.
        for (const [owner, code] of OWN_FILE_CODE) {
          if (owner !== file)
            expect([file, owner, Object.keys(graph.inputs).filter((input) => code.test(input))]).toEqual([file, owner, []]);
        }
        // What the bundled files take from dynamodb-sdk.js, it exports.
        const taken = projectFiles(graph).flatMap((input) => dynamodbImports(readFileSync(join(PROJECT_ROOT, input), 'utf8')));
        expect([file, taken.filter((imported) => !(imported in dynamodbSdk))]).toEqual([file, []]);
        const required = Object.values(graph.outputs)
          .flatMap((output) => output.imports)
          .filter((imported) => imported.external && imported.path.startsWith('./'))
          .map((imported) => imported.path);
        expect([file, required.filter((specifier) => !laterSpecifiers(name).includes(specifier))]).toEqual([file, []]);
      }
      expect(OWN_FILE_CODE.every(([library]) => laterFiles(name).some((later) => later.file === library))).toBe(true);
    },
    300_000,
  );

  test("a platform's function and the mcp package load the DynamoDB SDK's file once, run a sandbox call without the encryption SDK, and a live call with stored credentials with it", async () => {
    const { apiKey: sandboxKey } = await createTestOwner({ accounts: { chatads: 1 } });
    const { owner, apiKey: liveKey } = await createTestOwner();
    const { apiKey: platformKey } = fakeChatAds.api.addAccount();
    await connectLiveAccounts(owner.owner_id, 'chatads', { 'api-key': platformKey });
    const list = (apiKey: string) => execute('list_chatads_campaigns', apiKey);
    const onFunction = await run('chatads', [list(sandboxKey), list(liveKey), list(sandboxKey)]);
    expect(onFunction.map((answer) => [answer.status, answer.laterLoaded])).toEqual([
      [200, []],
      [200, [LIBRARY_FILES.encryptionSdk.file]],
      [200, [LIBRARY_FILES.encryptionSdk.file]],
    ]);
    // Loading index.js reads the DynamoDB SDK's file, which the tool code then shares.
    expect(onFunction[0].startLoaded).toEqual([DYNAMODB_SDK.file]);
    const [sandbox, live] = onFunction.map((answer) => JSON.parse(answer.body!));
    expect([sandbox.success, live.success]).toEqual([true, true]);
    expect(live.data.structured.campaigns.length).toBeGreaterThan(0);
    const call = (apiKey: string) => mcp(apiKey, { method: 'tools/call', params: { name: 'list_chatads_campaigns', arguments: {} } });
    const onMcp = await run('mcp', [call(sandboxKey), call(liveKey)]);
    expect(onMcp.map((answer) => [answer.status, answer.laterLoaded])).toEqual([
      [200, ['tool-code-chatads.js']],
      [200, [LIBRARY_FILES.encryptionSdk.file, 'tool-code-chatads.js']],
    ]);
    expect(onMcp[0].startLoaded).toEqual([DYNAMODB_SDK.file]);
    expect(JSON.parse(onMcp[1].body!).result).toMatchObject({ isError: false, structuredContent: { campaigns: expect.any(Array) } });
  }, 300_000);

  test("a platform's function loads secrets-client.js only when a live call reads the deployment's secret (LIVE_SECRETS_ARN)", async () => {
    const { apiKey: sandboxKey } = await createTestOwner({ accounts: { deskads: 1 } });
    const { apiKey: liveKey } = await deskAdsLiveOwner(fakeDeskAds);
    // The app's secrets only in the secret, as in AWS; the plain settings (the fake's URLs) from the environment.
    const { DESKADS_DEVELOPER_TOKEN, DESKADS_CLIENT_SECRET, ...plain } = fakeDeskAds.settings();
    const inSecret = {
      ...plain,
      LIVE_SECRETS_ARN: fakeSecrets.putSecret('bundle-live-app-secrets', { DESKADS_DEVELOPER_TOKEN, DESKADS_CLIENT_SECRET }),
      AWS_ENDPOINT_URL_SECRETS_MANAGER: fakeSecrets.url,
      AWS_ACCESS_KEY_ID: 'AKIDFAKEFORTESTS',
      AWS_SECRET_ACCESS_KEY: 'fake-secret-access-key-for-tests',
    };
    const list = (apiKey: string) => execute('list_deskads_campaigns', apiKey);
    const withSecret = await run('deskads', [list(sandboxKey), list(liveKey)], inSecret);
    expect(withSecret.map((answer) => [answer.status, answer.laterLoaded])).toEqual([
      [200, []],
      [200, [LIBRARY_FILES.encryptionSdk.file, LIBRARY_FILES.secretsClient.file].sort()],
    ]);
    // Without a secret configured (settings from the environment, as locally) the same live call reads no Secrets Manager client.
    const fromEnvironment = await run('deskads', [list(liveKey)], fakeDeskAds.settings());
    expect(fromEnvironment.map((answer) => [answer.status, answer.laterLoaded])).toEqual([[200, [LIBRARY_FILES.encryptionSdk.file]]]);
  }, 300_000);
});
