import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { revokeApiKey, createApiKey, hashApiKey } from '../../functions/runtime/stores/api-keys';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { readUsage } from '../../functions/runtime/stores/usage';
import { connectSandboxAccounts } from '../../functions/connect/accounts';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';
import { callTestTool, executions } from '../support/test-tools';

useTestTables();

const uuid = () => crypto.randomUUID();

/** Writes fields straight onto a stored key, as a hand edit or another tool might leave them. */
async function updateKeyRecord(apiKey: string, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('apiKeys'),
      Key: { key_hash: hashApiKey(apiKey) },
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]])),
    }),
  );
}

describe('Middleware chain: envelope and request shape', () => {
  it('answers 200 with the success envelope, the quota block and X-Request-Id', async () => {
    const { apiKey } = await createTestOwner({ tier: 'plus' });
    const result = await callTestTool(apiKey, 'test_echo', { message: 'hello' });
    expect(result.status).toBe(200);
    expect(result.headers['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.body).toMatchObject({
      success: true,
      tool: 'test_echo',
      data: { text: 'echo: hello', structured: { message: 'hello' } },
    });
    expect(result.body.data!.quota).toMatchObject({
      used: 1,
      limit: 150,
      tier: 'plus',
      period_end: expect.stringMatching(/^\d{4}-\d{2}-01$/),
    });
  });

  it('treats a missing body or missing arguments as {}', async () => {
    const { apiKey } = await createTestOwner();
    expect((await callTestTool(apiKey, 'test_echo', {}, { rawBody: null })).status).toBe(200);
    expect((await callTestTool(apiKey, 'test_echo', {}, { rawBody: '{}' })).status).toBe(200);
  });

  it.each([
    ['invalid JSON', '{"arguments": {', 'not valid JSON'],
    ['a body that is not an object', '[1,2]', 'must be a JSON object'],
    ['arguments that are not an object', '{"arguments": "campaign 1"}', '`arguments` must be a JSON object'],
    ['arguments that are null (not billed as {})', '{"arguments": null}', '`arguments` must be a JSON object'],
  ])('answers 400 for %s', async (_case, rawBody, message) => {
    const { owner, apiKey } = await createTestOwner();
    const result = await callTestTool(apiKey, 'test_echo', {}, { rawBody });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      success: false,
      is_error: true,
      tool: 'test_echo',
      structured_content: { code: 'invalid_request' },
    });
    expect(result.body.error).toContain(message);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
  });

  it('never echoes a huge invalid value: a 9 MB string gives a short 400', async () => {
    const { apiKey } = await createTestOwner();
    const huge = 'x'.repeat(9 * 1024 * 1024);
    const result = await callTestTool(apiKey, 'test_echo', { delay_ms: huge, mesage: huge, [huge.slice(0, 1_000_000)]: 1 });
    expect(result.status).toBe(400);
    expect(result.body.structured_content!.code).toBe('invalid_arguments');
    expect(JSON.stringify(result.body).length).toBeLessThan(20_000);
  });

  it('never echoes a long value a tool repeats in its error: each is quoted by its first 60 characters', async () => {
    const { apiKey } = await createTestOwner();
    const long = `${'y'.repeat(59)}z${'x'.repeat(100 * 1024)}`;
    const result = await callTestTool(apiKey, 'test_tool_error_echo', { name: long });
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({ code: 'tool_rejected', name: `${long.slice(0, 60)}…` });
    expect(result.body.error).toBe(`No campaign named "${long.slice(0, 60)}…". Campaign "${long.slice(0, 60)}…" was not found.`);
    expect(JSON.stringify(result.body).length).toBeLessThan(2_000);
    // The tool name from the path too.
    const unknown = await callTestTool(apiKey, `t${'o'.repeat(5000)}`);
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body).length).toBeLessThan(2_000);
  });

  it('answers 400 for a body sent without a JSON content type', async () => {
    const { apiKey } = await createTestOwner();
    const result = await callTestTool(apiKey, 'test_echo', {}, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('Content-Type: application/json');
  });

  it.each([
    'APPLICATION/JSON',
    'application/json; charset=UTF-8',
    'Application/Json;Charset=utf-8',
    'application/json ; charset=utf-8',
    'application/vnd.api+JSON',
  ])('reads the body as JSON whatever the case of its media type and parameters: %s', async (contentType) => {
    const { apiKey } = await createTestOwner();
    const result = await callTestTool(apiKey, 'test_echo', { message: 'case' }, { headers: { 'Content-Type': contentType } });
    expect(result.status).toBe(200);
    expect(result.body.data!.structured).toEqual({ message: 'case' });
  });

  it.each(['text/plain', 'application/jsonx', 'application/json-seq', 'json'])('answers 400 for a body sent as %s', async (contentType) => {
    const { apiKey } = await createTestOwner();
    const result = await callTestTool(apiKey, 'test_echo', {}, { headers: { 'Content-Type': contentType } });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('Content-Type: application/json');
  });

  it('answers 405 with an Allow header for a method other than POST', async () => {
    const result = await callTestTool(undefined, 'test_echo', {}, { method: 'GET', rawBody: null });
    expect(result.status).toBe(405);
    expect(result.headers.Allow).toBe('POST');
    expect(result.body.success).toBe(false);
  });

  it('checks the request shape before auth, and auth before tool lookup', async () => {
    expect((await callTestTool(undefined, 'test_echo', {}, { rawBody: '{oops' })).status).toBe(400);
    expect((await callTestTool(undefined, 'no_such_tool')).status).toBe(401);
  });
});

describe('Middleware: authenticate', () => {
  it.each([
    ['no Authorization header', undefined, 'Missing API key'],
    ['another scheme', 'Basic abc', 'Bearer scheme'],
    ['a malformed key', 'Bearer sk_live_short', 'malformed'],
    ['an unknown key', `Bearer sk_live_${'x'.repeat(32)}`, 'not recognised'],
  ])('answers 401 for %s, without echoing the key', async (_case, authorization, message) => {
    const result = await callTestTool(undefined, 'test_echo', {}, { headers: authorization ? { Authorization: authorization } : {} });
    expect(result.status).toBe(401);
    expect(result.body.error).toContain(message);
    expect(result.body.error).not.toContain('x'.repeat(32));
  });

  it('answers 401 for a revoked key and for an expired key', async () => {
    const { apiKey, keyId, owner } = await createTestOwner();
    await revokeApiKey(keyId);
    const revoked = await callTestTool(apiKey, 'test_echo');
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toContain('revoked');

    const expiring = await createApiKey(owner.owner_id, { expiresInDays: 1, now: new Date(Date.now() - 2 * 86_400_000) });
    const expired = await callTestTool(expiring.api_key, 'test_echo');
    expect(expired.status).toBe(401);
    expect(expired.body.error).toContain('expired');
  });

  it.each([
    ['an unreadable expiry date', { expires_at: 'next tuesday' }, 'expired'],
    ['an expiry date of the wrong type', { expires_at: 4102444800 }, 'expired'],
    ['an empty expiry date', { expires_at: '' }, 'expired'],
    ['an empty revocation mark', { revoked_at: '' }, 'revoked'],
  ])('fails closed: a key with %s answers 401', async (_case, fields, message) => {
    const { apiKey } = await createTestOwner();
    await updateKeyRecord(apiKey, fields);
    const result = await callTestTool(apiKey, 'test_echo');
    expect(result.status).toBe(401);
    expect(result.body.error).toContain(message);
    expect(result.body.error).not.toContain(apiKey);
  });

  it('lets a key with a readable future expiry date in', async () => {
    const { apiKey } = await createTestOwner();
    await updateKeyRecord(apiKey, { expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await callTestTool(apiKey, 'test_echo')).status).toBe(200);
  });
});

describe('Middleware: lookupTool and validateArguments', () => {
  it('answers 404 naming the unknown tool and suggesting close names', async () => {
    const { apiKey } = await createTestOwner();
    const result = await callTestTool(apiKey, 'test_ecko');
    expect(result.status).toBe(404);
    expect(result.body.error).toContain('Unknown tool "test_ecko"');
    expect(result.body.structured_content!.suggestions).toContain('test_echo');
  });

  it('answers 400 naming an unknown argument, and does not consume quota', async () => {
    const { apiKey, owner } = await createTestOwner();
    const result = await callTestTool(apiKey, 'test_echo', { mesage: 'hi' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('did you mean `message`');
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
  });

  it('refuses unknown top-level body fields, naming them: a typo of `arguments` never runs the tool with empty arguments', async () => {
    const { apiKey, owner } = await createTestOwner();
    const before = executions.count;
    const typo = await callTestTool(apiKey, 'test_echo', {}, { rawBody: JSON.stringify({ argument: { message: 'hi', dry_run: true } }) });
    expect(typo.status).toBe(400);
    expect(typo.body.structured_content).toMatchObject({ code: 'invalid_request', fields: ['argument'] });
    expect(typo.body.error).toContain('Unknown top-level field `argument`');
    expect(typo.body.error).toContain('did you mean `arguments`?');
    const extra = await callTestTool(
      apiKey,
      'test_echo',
      {},
      { rawBody: JSON.stringify({ arguments: { message: 'hi' }, dryRun: true, limit: 5 }) },
    );
    expect(extra.status).toBe(400);
    // `limit` is a paging key, but test_echo has no `limit`.
    expect(extra.body.structured_content).toMatchObject({ code: 'invalid_request', fields: ['dryRun', 'limit'] });
    expect(executions.count).toBe(before);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
  });

  it('accepts top-level `limit` / `offset` where the tool has them (n8n pagination) and applies them', async () => {
    const { apiKey } = await createTestOwner({ accounts: { chatads: 1 } });
    const all = await callTool(apiKey, 'list_chatads_campaigns', { limit: 2 });
    expect(all.status).toBe(200);
    const paged = await callTool(apiKey, 'list_chatads_campaigns', {}, { rawBody: JSON.stringify({ arguments: { limit: 2 }, offset: 1 }) });
    expect(paged.status).toBe(200);
    expect(paged.body.data!.structured).toMatchObject({ offset: 1 });
    const both = await callTool(apiKey, 'list_chatads_campaigns', {}, { rawBody: JSON.stringify({ arguments: { limit: 2 }, limit: 3 }) });
    expect(both.status).toBe(400);
    expect(both.body.error).toContain('`limit` is given twice');
  });
});

describe('Middleware: selectAccount', () => {
  it('reads the accounts afresh before refusing: an account connected right after a refusal is used at once', async () => {
    const { apiKey, owner } = await createTestOwner();
    const none = await callTool(apiKey, 'list_chatads_campaigns');
    expect(none.status).toBe(400);
    expect(none.body.structured_content).toMatchObject({ code: 'account_not_connected' });
    await connectSandboxAccounts(owner.owner_id, 'chatads', 1);
    expect((await callTool(apiKey, 'list_chatads_campaigns')).status).toBe(200);
    // An account named that the warm function's cached list does not have yet.
    const [second] = await connectSandboxAccounts(owner.owner_id, 'chatads', 1);
    const named = await callTool(apiKey, 'list_chatads_campaigns', { ad_account_id: second!.account_id });
    expect(named.status).toBe(200);
  });

  it('uses the only account, prompts when several are connected, and accepts the alias', async () => {
    const one = await createTestOwner({ accounts: { deskads: 1 } });
    expect((await callTestTool(one.apiKey, 'test_deskads_account')).body.data!.structured!.account_id).toBe(
      one.accounts.deskads![0].account_id,
    );

    const two = await createTestOwner({ accounts: { deskads: 2 } });
    const [first, second] = two.accounts.deskads!;
    const prompt = await callTestTool(two.apiKey, 'test_deskads_account');
    expect(prompt.status).toBe(400);
    expect(prompt.body.error).toContain('You have 2 deskads accounts connected. Please specify account_id:');
    expect(prompt.body.error).toContain(`- ${first.name} (account_id="${first.account_id}")`);
    expect(prompt.body.structured_content).toEqual({
      code: 'account_selection_required',
      platform: 'deskads',
      parameter: 'account_id',
      accounts: expect.arrayContaining([
        { id: first.account_id, name: first.name },
        { id: second.account_id, name: second.name },
      ]),
    });
    const byAlias = await callTestTool(two.apiKey, 'test_deskads_account', { customer_id: second.account_id });
    expect(byAlias.body.data!.structured!.account_id).toBe(second.account_id);
  });

  it('answers 400 listing valid ids for an account that is not connected, and points to get_connections_status when none is', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 2 } });
    const wrong = await callTestTool(owner.apiKey, 'test_deskads_account', { account_id: '999' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain('"999" is not connected');
    expect(wrong.body.structured_content!.code).toBe('account_not_connected');
    expect(wrong.body.error).toContain(owner.accounts.deskads![0].account_id);

    const none = await createTestOwner();
    const missing = await callTestTool(none.apiKey, 'test_deskads_account');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('get_connections_status');
  });

  it("never lets one owner act on another owner's account", async () => {
    const alice = await createTestOwner({ accounts: { deskads: 1 } });
    const bob = await createTestOwner({ accounts: { deskads: 1 } });
    const result = await callTestTool(bob.apiKey, 'test_deskads_account', { account_id: alice.accounts.deskads![0].account_id });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('is not connected');
  });
});

describe('Middleware: idempotency', () => {
  it('replays a completed call unchanged, without running the tool or reserving quota', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = uuid();
    const before = executions.count;
    const first = await callTestTool(apiKey, 'test_echo', { message: 'once' }, { headers: { 'Idempotency-Key': key } });
    const replay = await callTestTool(apiKey, 'test_echo', { message: 'once' }, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(executions.count - before).toBe(1);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(1);
  });

  it('answers 422 when the key is reused with different arguments', async () => {
    const { apiKey } = await createTestOwner();
    const key = uuid();
    await callTestTool(apiKey, 'test_echo', { message: 'a' }, { headers: { 'Idempotency-Key': key } });
    const reused = await callTestTool(apiKey, 'test_echo', { message: 'b' }, { headers: { 'Idempotency-Key': key } });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toContain('different arguments');
  });

  it("answers 422 naming the dry run when a write reuses its dry run's key (a copied dry-run step)", async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const list = await callTool(apiKey, 'list_campaigns', { status: 'ENABLED' });
    const campaignId = list.body.data!.structured!.campaigns[0].id as string;
    const key = uuid();
    const plan = await callTool(
      apiKey,
      'pause_campaign',
      { campaign_id: campaignId, dry_run: true },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(plan.status).toBe(200);
    const write = await callTool(apiKey, 'pause_campaign', { campaign_id: campaignId }, { headers: { 'Idempotency-Key': key } });
    expect(write.status).toBe(422);
    expect(write.body.structured_content!.code).toBe('idempotency_mismatch');
    expect(write.body.error).toBe(
      'This Idempotency-Key was already used for the dry run of this write. A dry run and its write each need their own key: send the write with a new UUID.',
    );
  });

  it('answers 409 with Retry-After while the first call is still running', async () => {
    const { apiKey } = await createTestOwner();
    const key = uuid();
    const slow = callTestTool(apiKey, 'test_echo', { delay_ms: 400 }, { headers: { 'Idempotency-Key': key } });
    await new Promise((r) => setTimeout(r, 150));
    const concurrent = await callTestTool(apiKey, 'test_echo', { delay_ms: 400 }, { headers: { 'Idempotency-Key': key } });
    expect(concurrent.status).toBe(409);
    expect(concurrent.headers['Retry-After']).toBe('2');
    expect((await slow).status).toBe(200);
  });

  it('scopes keys per owner and per tool', async () => {
    const a = await createTestOwner();
    const b = await createTestOwner();
    const key = uuid();
    await callTestTool(a.apiKey, 'test_echo', { message: 'a' }, { headers: { 'Idempotency-Key': key } });
    const other = await callTestTool(b.apiKey, 'test_echo', { message: 'b' }, { headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(200);
    expect(other.headers['Idempotent-Replayed']).toBeUndefined();
    expect(other.body.data!.text).toBe('echo: b');
  });

  it('answers 400 for a key that is not a UUID', async () => {
    const { apiKey } = await createTestOwner();
    const result = await callTestTool(apiKey, 'test_echo', {}, { headers: { 'Idempotency-Key': 'retry-1' } });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('must be a UUID');
  });

  it('stores a 400 raised by the tool, but releases the key after a validation 400 or an upstream 429', async () => {
    const { apiKey } = await createTestOwner();
    const toolKey = uuid();
    const before = executions.count;
    const refused = await callTestTool(apiKey, 'test_tool_error', {}, { headers: { 'Idempotency-Key': toolKey } });
    const refusedAgain = await callTestTool(apiKey, 'test_tool_error', {}, { headers: { 'Idempotency-Key': toolKey } });
    expect(refused.status).toBe(400);
    expect(refusedAgain.headers['Idempotent-Replayed']).toBe('true');
    expect(executions.count - before).toBe(1);

    const validationKey = uuid();
    expect((await callTestTool(apiKey, 'test_echo', { message: 1 }, { headers: { 'Idempotency-Key': validationKey } })).status).toBe(400);
    const corrected = await callTestTool(apiKey, 'test_echo', { message: 'fixed' }, { headers: { 'Idempotency-Key': validationKey } });
    expect(corrected.status).toBe(200);
    expect(corrected.headers['Idempotent-Replayed']).toBeUndefined();

    const limitedKey = uuid();
    expect((await callTestTool(apiKey, 'test_rate_limited', {}, { headers: { 'Idempotency-Key': limitedKey } })).status).toBe(429);
    const retried = await callTestTool(apiKey, 'test_rate_limited', {}, { headers: { 'Idempotency-Key': limitedKey } });
    expect(retried.status).toBe(429);
    expect(retried.headers['Idempotent-Replayed']).toBeUndefined();
  });
});

describe('Middleware: quota', () => {
  // Issue 32: at the limit the answer is 402 at once, as the specification says, also while the last
  // reservation's function may still run (before: a retryable 503 quota_pending for up to 30 s).
  it('answers 402 with the upgrade link and quota block as soon as the limit is taken', async () => {
    const { apiKey } = await createTestOwner({ tier: 'free', limitOverride: 2 });
    expect((await callTestTool(apiKey, 'test_echo')).status).toBe(200);
    expect((await callTestTool(apiKey, 'test_echo')).body.data!.quota).toMatchObject({ used: 2, limit: 2 });
    const refused = await callTestTool(apiKey, 'test_echo');
    expect(refused.status).toBe(402);
    expect(refused.body.error).toContain('monthly limit of 2 tool calls on the free plan');
    expect(refused.body.error).toContain('https://');
    expect(refused.body.quota).toMatchObject({ used: 2, limit: 2, tier: 'free', upgrade_url: expect.stringMatching(/^https:/) });
    expect(refused.body.structured_content).toMatchObject({ code: 'quota_exhausted' });
  });

  it('refunds the reservation of every call that does not end in 200', async () => {
    const { apiKey, owner } = await createTestOwner();
    await callTestTool(apiKey, 'test_echo');
    await callTestTool(apiKey, 'test_tool_error');
    await callTestTool(apiKey, 'test_rate_limited');
    await callTestTool(apiKey, 'test_upstream_error');
    await callTestTool(apiKey, 'test_bug');
    const usage = await readUsage(owner.owner_id, new Date());
    expect(usage.used).toBe(1);
    expect(usage.calls).toEqual({ test_echo: 1 });
  });
});

describe('Errors raised inside tools', () => {
  it('turns a bug into a 500 envelope with the request id and nothing internal', async () => {
    const { apiKey } = await createTestOwner();
    const result = await callTestTool(apiKey, 'test_bug');
    expect(result.status).toBe(500);
    expect(result.body).toMatchObject({ success: false, is_error: true, tool: 'test_bug' });
    expect(result.body.error).toContain(result.headers['X-Request-Id']);
    expect(JSON.stringify(result.body)).not.toMatch(/secretInternalField|TypeError|at .*\.ts/);
  });

  it('answers 429 with Retry-After when the platform rate-limits, and 500 when it fails', async () => {
    const { apiKey } = await createTestOwner();
    const limited = await callTestTool(apiKey, 'test_rate_limited');
    expect(limited.status).toBe(429);
    expect(limited.headers['Retry-After']).toBe('12');
    expect(limited.body.error).toContain('rate-limiting');
    const failed = await callTestTool(apiKey, 'test_upstream_error');
    expect(failed.status).toBe(500);
    expect(failed.body.error).toContain('server error');
  });
});

describe('Routing: per-tool API Gateway resources', () => {
  it('reads the tool name from the resource path when there is no {tool} path parameter', async () => {
    const { toApiGatewayEvent } = await import('../../functions/local/router');
    const { testHandler } = await import('../support/test-tools');
    const { apiKey } = await createTestOwner();
    const event = toApiGatewayEvent({
      method: 'POST',
      url: '/api/v1/tools/test_echo/execute',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: '{"arguments":{"message":"routed"}}',
    });
    const deployed = { ...event, resource: '/api/v1/tools/test_echo/execute', pathParameters: null };
    const result = await testHandler(deployed, {} as never);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ tool: 'test_echo', data: { text: 'echo: routed' } });
  });
});

describe('Logging', () => {
  it('writes one JSON line per call with the X-Request-Id, the key id and never the key', async () => {
    const { apiKey, keyId } = await createTestOwner();
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    try {
      const result = await callTestTool(apiKey, 'test_echo', { message: 'logged' });
      const entry = lines.map((line) => JSON.parse(line)).find((e) => e.request_id === result.headers['X-Request-Id']);
      expect(entry).toMatchObject({ level: 'info', message: 'request', tool: 'test_echo', status: 200, key_id: keyId });
      expect(lines.join('')).not.toContain(apiKey);
    } finally {
      process.env.LOG_LEVEL = level;
      write.mockRestore();
    }
  });
});
