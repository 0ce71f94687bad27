/**
 * The MCP endpoint as an MCP client sees it, part 3 of 3 (tools/call): the official TypeScript SDK's
 * Client against the local server on 127.0.0.1, DynamoDB Local behind it; raw fetches cover what the
 * SDK client never sends. The parts share test/e2e/mcp-harness.ts and run on Jest's workers side by side.
 */
import { randomUUID } from 'node:crypto';
import { type Progress } from '@modelcontextprotocol/sdk/types.js';
import { callToolOk, createTestOwner } from '../support/gateway';
import { sseMessages } from '../support/sse';
import { useMcpServer, connect, post, videoCampaignArgs } from './mcp-harness';

useMcpServer();

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
    const events = sseMessages(streamed.text);
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
