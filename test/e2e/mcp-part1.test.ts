/**
 * The MCP endpoint as an MCP client sees it, part 1 of 3 (lifecycle and tools/list): the official TypeScript SDK's
 * Client against the local server on 127.0.0.1, DynamoDB Local behind it; raw fetches cover what the
 * SDK client never sends. The parts share test/e2e/mcp-harness.ts and run on Jest's workers side by side.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { catalog } from '../../functions/catalog/catalog';
import { TOOLS_PAGE_SIZE } from '../../functions/mcp/tools';
import { REGISTRY } from '../../functions/all-tools';
import { LATEST_PROTOCOL_VERSION, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createTestOwner } from '../support/gateway';
import { useMcpServer, base, connect, listAll, post } from './mcp-harness';

useMcpServer();

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
