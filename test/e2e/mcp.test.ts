/**
 * The MCP endpoint as an MCP client sees it: the official TypeScript SDK's Client over its
 * StreamableHTTPClientTransport, against the local server (the same Lambda handlers as AWS) on
 * 127.0.0.1, DynamoDB Local behind it. Raw fetches cover what the SDK client never sends.
 */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, McpError, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { catalog } from '../../functions/catalog/catalog';
import { freePort } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { TOOLS_PAGE_SIZE } from '../../functions/mcp/tools';
import { REGISTRY } from '../../functions/all-tools';
import { callToolOk, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

let server: Server;
let base: string;
/** Stands in for the advertiser's video CDN (create_shortvideo_video_campaign checks the URL). */
let videoHost: http.Server;
let videoBase: string;
const clients: Client[] = [];

beforeAll(async () => {
  const port = await freePort();
  server = await startHttpServer(port);
  base = `http://127.0.0.1:${port}`;
  videoHost = http.createServer((req, res) => {
    res.writeHead(req.url === '/spot.mp4' ? 200 : 404, { 'Content-Type': 'video/mp4', 'Content-Length': '12582912' });
    res.end();
  });
  await new Promise<void>((resolve) => videoHost.listen(0, '127.0.0.1', resolve));
  videoBase = `http://127.0.0.1:${(videoHost.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await new Promise<void>((resolve) => videoHost.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** An SDK client connected to /mcp (with an optional query) with this Bearer key. */
async function connect(apiKey: string, query = ''): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`), {
    requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
  });
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  // The SDK checks every later structuredContent against the listed tools' outputSchema (and that a
  // tool declaring one answers structuredContent): the MCP path checks every real output too.
  await listAll(client);
  return client;
}

/** Every tool of tools/list, following nextCursor; also returns the number of pages. */
async function listAll(client: Client, params: Record<string, unknown> = {}) {
  const tools = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools({ ...params, ...(cursor ? { cursor } : {}) });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { tools, pages };
}

/** One raw JSON-RPC POST, as a client without the SDK would send it. */
async function post(apiKey: string | undefined, message: unknown, headers: Record<string, string> = {}, query = '') {
  const response = await fetch(`${base}/mcp${query}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...headers,
    },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
  };
}

const videoCampaignArgs = (name: string) => ({
  campaign_name: name,
  ad_text: 'Waterproof boots for every trail',
  budget_daily: 80,
  video_url: `${videoBase}/spot.mp4`,
  landing_page_url: 'https://www.example.com/boots',
});

describe('MCP: lifecycle', () => {
  it('initializes with the newest revision, the tools capability and server info', async () => {
    const { apiKey } = await createTestOwner();
    const client = await connect(apiKey);
    expect(client.getServerVersion()).toMatchObject({ name: 'ad-platform-tool-gateway', version: expect.any(String) });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    expect(client.getInstructions()).toMatch(/idempotency-key/);
    await expect(client.ping()).resolves.toEqual({});
  });

  it('answers an unknown protocol revision with its newest one, and refuses an unknown MCP-Protocol-Version header', async () => {
    const { apiKey } = await createTestOwner();
    const init = await post(apiKey, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    expect(init.status).toBe(200);
    expect(init.json.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const older = await post(apiKey, {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    expect(older.json.result.protocolVersion).toBe('2025-06-18');
    const wrongHeader = await post(apiKey, { jsonrpc: '2.0', id: 3, method: 'ping' }, { 'MCP-Protocol-Version': '1999-01-01' });
    expect(wrongHeader.status).toBe(400);
  });

  it('takes notifications with 202, refuses GET with 405, batches and non-JSON with 400, unknown methods with -32601', async () => {
    const { apiKey } = await createTestOwner();
    const initialized = await post(apiKey, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(initialized).toMatchObject({ status: 202, text: '' });
    const get = await fetch(`${base}/mcp`, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${apiKey}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const batch = await post(apiKey, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(batch.status).toBe(400);
    expect(batch.json.error.code).toBe(-32600);
    const garbage = await post(apiKey, '{not json');
    expect(garbage.status).toBe(400);
    expect(garbage.json.error.code).toBe(-32700);
    const unknown = await post(apiKey, { jsonrpc: '2.0', id: 7, method: 'resources/list' });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
  });

  it('answers 401 with WWW-Authenticate for a bad key, before reading any JSON-RPC', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer sk_live_${'x'.repeat(32)}` } },
    });
    const client = new Client({ name: 'gateway-test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toMatchObject({ code: 401 });
    await client.close();

    const badKey = await post(`sk_live_${'0'.repeat(32)}`, '{not even json');
    expect(badKey.status).toBe(401);
    expect(badKey.headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp", error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(badKey.json).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, message: expect.stringMatching(/not recognised/) },
    });
    const missing = await post(undefined, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('refuses a browser page of another origin with 403', async () => {
    const { apiKey } = await createTestOwner();
    const foreign = await post(apiKey, { jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const same = await post(apiKey, { jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: base });
    expect(same.status).toBe(200);
  });
});

describe('MCP: tools/list', () => {
  it('lists every registered tool over several pages with ?toolset=all, with the catalog input schema and annotations', async () => {
    const { apiKey } = await createTestOwner();
    const client = await connect(apiKey, '?toolset=all');
    const { tools, pages } = await listAll(client);
    expect(pages).toBe(Math.ceil(REGISTRY.names().length / TOOLS_PAGE_SIZE));
    expect(pages).toBeGreaterThan(1);
    expect(tools.map((tool) => tool.name).sort()).toEqual(REGISTRY.names().sort());
    const entries = new Map(catalog().map((entry) => [entry.name, entry]));
    for (const tool of tools) {
      const entry = entries.get(tool.name)!;
      expect(tool.inputSchema).toEqual(entry.input_schema);
      expect(tool.description).toContain(entry.description.slice(0, 40));
      expect(tool.description).toMatch(entry.quota_exempt ? /Free: not counted/ : /Counts one call against the monthly quota/);
      expect(tool.title).toEqual(expect.any(String));
      expect(tool.annotations).toMatchObject({ readOnlyHint: entry.access === 'read' });
      if (entry.access === 'write' && (entry.destructive || /^(remove|delete|archive)_/.test(entry.name))) {
        expect(tool.annotations!.destructiveHint).toBe(true);
      }
      if (entry.access === 'read') expect(tool.annotations!.destructiveHint).toBe(false);
      if (entry.platform) expect(tool.annotations!.openWorldHint).toBe(true);
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('list_campaigns')!.annotations).toEqual({
      title: 'List campaigns',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(byName.get('create_shortvideo_video_campaign')!.annotations).toMatchObject({
      readOnlyHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(byName.get('archive_chatads_campaign')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(byName.get('get_usage_status')!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.get('archive_proads_campaign')!.annotations!.destructiveHint).toBe(true);
    expect(byName.get('manage_action')!.annotations!.destructiveHint).toBe(true);
  }, 120_000);

  it('filters by platform and read-only in the endpoint URL, and in tools/list params', async () => {
    const { apiKey } = await createTestOwner();
    const expected = catalog()
      .filter((entry) => entry.platform === 'searchads' && entry.access === 'read')
      .map((entry) => entry.name);
    expect(expected.length).toBeGreaterThan(3);

    const filtered = await connect(apiKey, '?platform=searchads&access=read');
    expect((await listAll(filtered)).tools.map((tool) => tool.name)).toEqual(expected);

    const client = await connect(apiKey);
    expect((await listAll(client, { _meta: { platform: 'searchads', access: 'read' } })).tools.map((tool) => tool.name)).toEqual(expected);
    // Raw JSON-RPC with the filter in params, following nextCursor (a page holds at most 50 tools).
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const raw = await post(apiKey, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { platform: 'searchads,shortvideo', access: 'read', ...(cursor ? { cursor } : {}) },
      });
      names.push(...raw.json.result.tools.map((tool: { name: string }) => tool.name));
      cursor = raw.json.result.nextCursor;
    } while (cursor);
    expect(names).toEqual(expect.arrayContaining(expected));
    expect(
      names.every((name) => ['searchads', 'shortvideo'].includes(REGISTRY.get(name)!.platform!) && REGISTRY.get(name)!.access === 'read'),
    ).toBe(true);
  }, 120_000);

  it('refuses an unknown filter value and a foreign cursor with -32602', async () => {
    const { apiKey } = await createTestOwner();
    const client = await connect(apiKey);
    await expect(client.listTools({ _meta: { platform: 'myspace' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/searchads/),
    });
    const all = await connect(apiKey, '?toolset=all');
    const first = await all.listTools();
    await expect(all.listTools({ cursor: first.nextCursor, _meta: { access: 'read' } })).rejects.toBeInstanceOf(McpError);
    await expect(client.listTools({ cursor: 'bm9wZQ' })).rejects.toMatchObject({ code: -32602 });
    const badUrl = await post(apiKey, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, {}, '?access=everything');
    expect(badUrl.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/endpoint URL/) });
    // A misspelt filter is refused rather than ignored (ignoring it would offer every tool).
    const misspelt = await post(
      apiKey,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      {},
      '?platfrom=searchads',
    );
    expect(misspelt.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown parameter "platfrom".*toolset/) });
    const unknownSet = await post(apiKey, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, {}, '?toolset=searchads_everything');
    expect(unknownSet.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/searchads_reporting/) });
  }, 120_000);
});

describe('MCP: the front door, tool search and toolsets', () => {
  it('lists a compact surface by default: the helpers, search_tools and call_tool, under 40 tools and 64 KB', async () => {
    const { apiKey } = await createTestOwner();
    const raw = await post(apiKey, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = raw.json.result.tools as { name: string; annotations: Record<string, unknown> }[];
    expect(raw.json.result.nextCursor).toBeUndefined();
    expect(tools.length).toBeLessThanOrEqual(40);
    expect(Buffer.byteLength(raw.text)).toBeLessThanOrEqual(64 * 1024);
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'search_tools',
        'call_tool',
        'list_connected_accounts',
        'get_usage_status',
        'suggest_next_action',
        'list_pending_actions',
      ]),
    );
    expect(tools.find((tool) => tool.name === 'search_tools')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it('reaches a tool of every platform through search_tools and call_tool, with the same chain as a direct call', async () => {
    const { apiKey } = await createTestOwner({
      accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 },
    });
    const client = await connect(apiKey);
    const intents: [string, string][] = [
      ['list my searchads campaigns', 'list_campaigns'],
      ['list socialads campaigns', 'list_socialads_campaigns'],
      ['list proads campaigns', 'list_proads_campaigns'],
      ['list shortvideo campaigns', 'list_shortvideo_campaigns'],
      ['list retailads campaigns', 'list_retailads_campaigns'],
      ['list chatads campaigns', 'list_chatads_campaigns'],
      ['list deskads campaigns', 'list_deskads_campaigns'],
    ];
    const before = ((await client.callTool({ name: 'get_usage_status', arguments: {} })).structuredContent as { quota: { used: number } })
      .quota.used;
    for (const [query, expected] of intents) {
      const found = await client.callTool({ name: 'search_tools', arguments: { query, limit: 3 } });
      expect(found.isError).toBe(false);
      const matches = (found.structuredContent as { matches: { name: string; input_schema: unknown }[] }).matches;
      expect(matches.map((match) => match.name)).toContain(expected);
      expect(matches.find((match) => match.name === expected)!.input_schema).toEqual(
        catalog().find((entry) => entry.name === expected)!.input_schema,
      );
      expect((found.content as { text: string }[])[0].text).toContain(`### ${expected}`);
      const result = await client.callTool({ name: 'call_tool', arguments: { name: expected, arguments: {} } });
      expect(result.isError).toBe(false);
      expect(result.structuredContent).toHaveProperty('quota');
    }
    // Searching is free; each call through call_tool counts once, as a direct call does.
    const after = ((await client.callTool({ name: 'get_usage_status', arguments: {} })).structuredContent as { quota: { used: number } })
      .quota.used;
    expect(after - before).toBe(intents.length);
  }, 120_000);

  it('runs a write through call_tool once per idempotency key, and refuses bad call_tool input with -32602', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const client = await connect(apiKey);
    const listed = await callToolOk(apiKey, 'list_campaigns', {});
    const campaign = (listed.structured as { campaigns: { id: string; status: string }[] }).campaigns.find(
      (candidate) => candidate.status === 'ENABLED',
    )!;
    const key = randomUUID();
    const call = () =>
      client.callTool({
        name: 'call_tool',
        arguments: { name: 'pause_campaign', arguments: { campaign_id: campaign.id } },
        _meta: { 'idempotency-key': key },
      });
    const first = await call();
    const second = await call();
    expect(first.isError).toBe(false);
    expect(second._meta).toMatchObject({ idempotent_replayed: true });
    await expect(client.callTool({ name: 'call_tool', arguments: { name: 'call_tool' } })).rejects.toMatchObject({ code: -32602 });
    await expect(client.callTool({ name: 'call_tool', arguments: { name: 'list_campaing' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/list_campaigns/),
    });
  }, 120_000);

  it('serves named toolsets of at most 30 tools that together hold every tool, and keeps calls within the set', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const { toolsets, MAX_TOOLSET_SIZE } = await import('../../functions/mcp/toolsets');
    const sets = [...toolsets().values()];
    expect(MAX_TOOLSET_SIZE).toBe(30);
    for (const set of sets) expect(set.tools.length).toBeLessThanOrEqual(30);
    expect(sets.flatMap((set) => set.tools).sort()).toEqual(REGISTRY.names().sort());
    const client = await connect(apiKey, '?toolset=searchads_reporting');
    const { tools } = await listAll(client);
    expect(tools.map((tool) => tool.name).sort()).toEqual([...toolsets().get('searchads_reporting')!.tools].sort());
    expect((await client.callTool({ name: 'get_campaign_performance', arguments: {} })).isError).toBe(false);
    await expect(client.callTool({ name: 'pause_campaign', arguments: { campaign_id: '1' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/toolset=searchads_reporting/),
    });
    await expect(client.callTool({ name: 'search_tools', arguments: { query: 'pause' } })).rejects.toMatchObject({ code: -32602 });
  }, 120_000);
});

describe('MCP: tools/call', () => {
  it('calls a read tool: Markdown as text, data.structured plus quota as structuredContent', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const client = await connect(apiKey);
    const result = await client.callTool({ name: 'list_campaigns', arguments: { status: 'ENABLED' } });
    expect(result.isError).toBe(false);
    const structured = result.structuredContent as { campaigns: { name: string; status: string }[]; quota: Record<string, unknown> };
    expect(structured.campaigns.length).toBeGreaterThan(0);
    expect(structured.campaigns.every((campaign) => campaign.status === 'ENABLED')).toBe(true);
    expect(structured.quota).toMatchObject({ used: 1, tier: 'pro' });
    const [text] = result.content as { type: string; text: string }[];
    expect(text.type).toBe('text');
    expect(text.text).toContain(structured.campaigns[0].name);
    expect((result._meta as { request_id: string }).request_id).toMatch(/^[0-9a-f-]{36}$/);
    // Billed like a REST call: the usage counter saw exactly this one call.
    const usage = await callToolOk(apiKey, 'get_usage_status');
    expect(usage.structured!.calls_by_tool).toEqual({ list_campaigns: 1 });
  });

  it('runs a write once for two calls with one idempotency key in _meta: the second answer is a replay', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const client = await connect(apiKey);
    const key = randomUUID();
    const call = () =>
      client.callTool({
        name: 'create_shortvideo_video_campaign',
        arguments: videoCampaignArgs('Idempotent Boots'),
        _meta: { 'idempotency-key': key },
      });
    const first = await call();
    const second = await call();
    expect(first.isError).toBe(false);
    expect(second.isError).toBe(false);
    expect(first._meta).not.toHaveProperty('idempotent_replayed');
    expect(second._meta).toMatchObject({ idempotent_replayed: true });
    expect(second.structuredContent).toEqual(first.structuredContent);
    const campaigns = (await callToolOk(apiKey, 'list_shortvideo_campaigns', { name_contains: 'Idempotent Boots' })).structured!.campaigns;
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0].id).toBe((first.structuredContent as { campaign_id: string }).campaign_id);
    const usage = await callToolOk(apiKey, 'get_usage_status');
    expect(usage.structured!.calls_by_tool).toEqual({ create_shortvideo_video_campaign: 1, list_shortvideo_campaigns: 1 });

    // The same key with other arguments: the chain's 422, as a tool error.
    const reused = await client.callTool({
      name: 'create_shortvideo_video_campaign',
      arguments: videoCampaignArgs('Other Boots'),
      _meta: { idempotencyKey: key },
    });
    expect(reused.isError).toBe(true);
    expect(reused.structuredContent).toMatchObject({ status: 422 });
  });

  it('takes the Idempotency-Key header too, for clients that set headers', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const campaigns = (await callToolOk(apiKey, 'list_campaigns', {})).structured!.campaigns as { id: string; status: string }[];
    const target = campaigns.find((campaign) => campaign.status === 'ENABLED')!;
    const key = randomUUID();
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'update_campaign', arguments: { campaign_id: target.id, status: 'PAUSED' } },
    };
    const first = await post(apiKey, message, { 'Idempotency-Key': key });
    const second = await post(apiKey, message, { 'Idempotency-Key': key });
    expect(first.json.result.isError).toBe(false);
    expect(second.json.result._meta).toMatchObject({ idempotent_replayed: true });
    const usage = await callToolOk(apiKey, 'get_usage_status');
    expect(usage.structured!.calls_by_tool).toEqual({ list_campaigns: 1, update_campaign: 1 });
    const conflicting = await post(
      apiKey,
      { ...message, params: { ...message.params, _meta: { 'idempotency-key': randomUUID() } } },
      { 'Idempotency-Key': key },
    );
    expect(conflicting.json.error.code).toBe(-32602);
  });

  it('answers an account-selection prompt as a tool error with the accounts in structuredContent', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { searchads: 2 } });
    const client = await connect(apiKey);
    const result = await client.callTool({ name: 'list_campaigns', arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0].text).toMatch(/You have 2 searchads accounts connected\. Please specify customer_id/);
    expect(result.structuredContent).toMatchObject({
      status: 400,
      platform: 'searchads',
      parameter: 'customer_id',
    });
    const listed = (result.structuredContent as { accounts: { id: string }[] }).accounts.map((account) => account.id);
    expect(listed.sort()).toEqual(accounts.searchads!.map((account) => account.account_id).sort());
    const usage = await callToolOk(apiKey, 'get_usage_status');
    expect(usage.structured!.used).toBe(0);
  });

  it('answers quota exhaustion as a tool error with the quota block and the upgrade link', async () => {
    const { apiKey } = await createTestOwner({ tier: 'free', limitOverride: 1, accounts: { searchads: 1 } });
    const client = await connect(apiKey);
    expect((await client.callTool({ name: 'list_campaigns', arguments: {} })).isError).toBe(false);
    const result = await client.callTool({ name: 'list_campaigns', arguments: {} });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0].text;
    expect(text).toMatch(/monthly limit of 1 tool calls/);
    expect(result.structuredContent).toMatchObject({
      status: 402,
      quota: { used: 1, limit: 1, tier: 'free', upgrade_url: expect.any(String) },
    });
    expect(text).toContain((result.structuredContent as { quota: { upgrade_url: string } }).quota.upgrade_url);
  });

  it('sends progress notifications for the validate, upload and commit stages of create_shortvideo_video_campaign', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const client = await connect(apiKey);
    const updates: Progress[] = [];
    const result = await client.callTool(
      { name: 'create_shortvideo_video_campaign', arguments: videoCampaignArgs('Progress Boots') },
      undefined,
      {
        onprogress: (progress) => updates.push(progress),
      },
    );
    expect(result.isError).toBe(false);
    expect(updates.map((update) => [update.progress, update.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(updates.map((update) => update.message!.split(':')[0])).toEqual(['validate', 'upload', 'commit']);

    // Without a progress token the answer is plain JSON; with one, an SSE stream ending in the result.
    const message = (meta: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: {
        name: 'create_shortvideo_video_campaign',
        arguments: videoCampaignArgs(`Raw Boots ${Object.keys(meta).length}`),
        _meta: meta,
      },
    });
    const plain = await post(apiKey, message({}));
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(plain.json.result.isError).toBe(false);
    const streamed = await post(apiKey, message({ progressToken: 'p-1' }));
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    const events = streamed.text
      .trim()
      .split('\n\n')
      .map((event) =>
        JSON.parse(
          event
            .split('\n')
            .find((line) => line.startsWith('data: '))!
            .slice(6),
        ),
      );
    expect(events.map((event) => event.method ?? 'result')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result',
    ]);
    expect(events[0].params).toMatchObject({ progressToken: 'p-1', progress: 1, total: 3 });
    expect(events[3]).toMatchObject({ id: 9, result: { isError: false } });
  });

  it('answers an unknown tool with -32602 and close names, and keeps tools outside the URL filters out of reach', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const client = await connect(apiKey);
    await expect(client.callTool({ name: 'list_campaign', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/list_campaigns/),
    });
    const readOnly = await connect(apiKey, '?access=read');
    await expect(readOnly.callTool({ name: 'update_campaign', arguments: { campaign_id: '1', status: 'PAUSED' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/not offered at this endpoint URL/),
    });
    expect((await readOnly.callTool({ name: 'list_campaigns', arguments: {} })).isError).toBe(false);
  });

  it("answers invalid arguments as a tool error with the chain's message, and a non-object arguments with -32602", async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const client = await connect(apiKey);
    const result = await client.callTool({ name: 'list_campaigns', arguments: { status: 'SOMETIMES' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0].text).toMatch(/status/);
    expect(result.structuredContent).toMatchObject({ status: 400 });
    const raw = await post(apiKey, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_campaigns', arguments: [1] } });
    expect(raw.json.error.code).toBe(-32602);
  });
});
