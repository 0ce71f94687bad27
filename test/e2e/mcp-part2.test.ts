/**
 * The MCP endpoint as an MCP client sees it, part 2 of 3 (the front door, tool search and toolsets): the official TypeScript SDK's
 * Client against the local server on 127.0.0.1, DynamoDB Local behind it; raw fetches cover what the
 * SDK client never sends. The parts share test/e2e/mcp-harness.ts and run on Jest's workers side by side.
 */
import { randomUUID } from 'node:crypto';
import { catalog } from '../../functions/catalog/catalog';
import { REGISTRY } from '../../functions/all-tools';
import { callToolOk, createTestOwner } from '../support/gateway';
import { useMcpServer, connect, listAll, post } from './mcp-harness';

useMcpServer();

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
