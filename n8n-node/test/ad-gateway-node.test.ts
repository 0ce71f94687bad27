/**
 * The n8n node against a running gateway: the local HTTP server (as `npm start` serves it) over this
 * run's DynamoDB Local, owners made by the gateway's own stores, n8n-workflow's real error classes.
 */
import type { Server } from 'node:http';
import { NodeApiError, type IDataObject, type INodeExecutionData } from 'n8n-workflow';
import { freePort } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { callToolOk, createTestOwner, useTestTables, type TestOwner } from '../../test/support/gateway';
import { AdGateway } from '../nodes/AdGateway/AdGateway.node';
import { executeContext, loadOptionsContext, testCredential, type ParameterValue } from './n8n-context';

useTestTables();

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startHttpServer(port);
  baseUrl = `http://127.0.0.1:${port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const node = new AdGateway();

function credentialsOf(owner: TestOwner) {
  return { baseUrl, apiKey: owner.apiKey };
}

/** Runs the node once (one n8n execution, or a retry of one when given its node context). */
async function run(
  owner: TestOwner,
  parameters: Record<string, ParameterValue>,
  options: { items?: INodeExecutionData[]; nodeContext?: IDataObject; continueOnFail?: boolean } = {},
) {
  const { context, harness } = executeContext({
    credentials: credentialsOf(owner),
    parameters: { mode: 'run', argumentsJson: '{}', output: 'rows', returnAll: false, maxRows: 50, ...parameters },
    ...options,
  });
  const [output] = await node.execute.call(context);
  return { output, harness };
}

async function usedCalls(owner: TestOwner): Promise<number> {
  const status = await callToolOk(owner.apiKey, 'get_usage_status');
  return (status.quota as { used: number }).used;
}

describe('n8n node: credential and pickers', () => {
  it("tests the credential with get_usage_status, the key sent as the gateway's Bearer header", async () => {
    const owner = await createTestOwner({ tier: 'free' });
    expect(await testCredential(credentialsOf(owner))).toBe(200);
    expect(await testCredential({ baseUrl, apiKey: 'sk_live_wrongwrongwrongwrongwrongwrongwr' })).toBe(401);
    expect(await usedCalls(owner)).toBe(0);
  });

  it('builds platform and tool pickers from the catalog, write tools marked', async () => {
    const owner = await createTestOwner();
    const platforms = await node.methods.loadOptions.getPlatforms.call(loadOptionsContext(credentialsOf(owner), {}));
    expect(platforms.map((option) => option.value)).toEqual([
      'chatads',
      'deskads',
      'proads',
      'retailads',
      'searchads',
      'shortvideo',
      'socialads',
      'gateway',
    ]);
    const tools = await node.methods.loadOptions.getTools.call(loadOptionsContext(credentialsOf(owner), { platform: 'deskads' }));
    expect(tools).toContainEqual(expect.objectContaining({ value: 'list_deskads_campaigns', name: 'list_deskads_campaigns' }));
    expect(tools).toContainEqual(expect.objectContaining({ value: 'pause_deskads_campaign', name: 'pause_deskads_campaign (write)' }));
    expect(tools.every((tool) => String(tool.value).includes('deskads'))).toBe(true);
    const crossPlatform = await node.methods.loadOptions.getTools.call(loadOptionsContext(credentialsOf(owner), { platform: 'gateway' }));
    expect(crossPlatform.map((tool) => tool.value)).toContain('list_connected_accounts');
  });

  it('offers both accounts of an owner with two in the account dropdown, and argument fields from the input schema', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 2, searchads: 1 } });
    const accounts = await node.methods.loadOptions.getAccounts.call(loadOptionsContext(credentialsOf(owner), { platform: 'deskads' }));
    expect(accounts[0]).toMatchObject({ value: '' });
    expect(
      accounts
        .slice(1)
        .map((option) => [option.value, option.name])
        .sort(),
    ).toEqual(owner.accounts.deskads!.map((account) => [account.account_id, `${account.name} (${account.account_id})`]).sort());
    const fields = await node.methods.resourceMapping.getArgumentFields.call(
      loadOptionsContext(credentialsOf(owner), { platform: 'deskads', tool: 'pause_deskads_campaign' }),
    );
    // campaign_id required; dry_run is the Mode; account_id is the account dropdown.
    expect(fields.fields.map((field) => [field.id, field.required, field.type])).toEqual([
      ['campaign_id', true, 'string'],
      ['customer_id', false, 'string'],
    ]);
    const listFields = await node.methods.resourceMapping.getArgumentFields.call(
      loadOptionsContext(credentialsOf(owner), { platform: 'searchads', tool: 'list_campaigns' }),
    );
    expect(listFields.fields.find((field) => field.id === 'status')).toMatchObject({
      type: 'options',
      options: [
        { name: 'ENABLED', value: 'ENABLED' },
        { name: 'PAUSED', value: 'PAUSED' },
        { name: 'REMOVED', value: 'REMOVED' },
      ],
    });
    expect(listFields.fields.find((field) => field.id === 'lookback_days')).toMatchObject({ type: 'number' });
  });
});

describe('n8n node: reading', () => {
  it('lists in the chosen account of two, one item per row, with the quota shown', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 2 } });
    const second = owner.accounts.deskads![1].account_id;
    const { output } = await run(owner, {
      platform: 'deskads',
      tool: 'list_deskads_campaigns',
      account: second,
      arguments: { mappingMode: 'defineBelow', value: { limit: '10' } },
    });
    expect(output.length).toBe(5);
    expect(output[0].json).toMatchObject({ id: expect.any(String), metrics: expect.any(Object), _quota: { used: 1, tier: 'pro' } });
    expect(output.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
  });

  it('pages through a long list: all pages, or up to Max Rows, one billed call per page', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 1 } });
    const all = await run(owner, {
      platform: 'deskads',
      tool: 'get_deskads_search_terms',
      arguments: { mappingMode: 'defineBelow', value: { limit: 10 } },
      returnAll: true,
    });
    const offsets = all.harness.sent
      .filter((request) => request.method === 'POST')
      .map((request) => (request.body as { arguments: { offset: number } }).arguments.offset);
    expect(offsets).toEqual([0, 10, 20, 30]);
    expect(all.output.length).toBe(31);
    expect(new Set(all.output.map((item) => JSON.stringify({ ...item.json, _quota: undefined }))).size).toBe(31);
    expect(all.output[30].json._quota).toMatchObject({ used: 4 });

    const some = await run(owner, {
      platform: 'deskads',
      tool: 'get_deskads_search_terms',
      arguments: { mappingMode: 'defineBelow', value: { limit: 10 } },
      maxRows: 15,
      output: 'answer',
    });
    expect(some.output.length).toBe(1);
    expect(some.output[0].json).toMatchObject({ pages: 2, quota: { used: 6 } });
    expect((some.output[0].json.structured as { search_terms: unknown[] }).search_terms.length).toBe(15);
  });
});

describe('n8n node: writing', () => {
  async function activeCampaigns(owner: TestOwner, accountId: string): Promise<{ id: string; status: string }[]> {
    const list = await callToolOk(owner.apiKey, 'list_deskads_campaigns', { account_id: accountId });
    return list.structured!.campaigns as { id: string; status: string }[];
  }

  it('dry run first (nothing changes, a key of its own), then the write', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 2 } });
    const account = owner.accounts.deskads![0].account_id;
    const [campaign] = (await activeCampaigns(owner, account)).filter((item) => item.status === 'Active');
    const parameters = {
      platform: 'deskads',
      tool: 'pause_deskads_campaign',
      account,
      arguments: { mappingMode: 'defineBelow', value: { campaign_id: campaign.id } },
    };
    const plan = await run(owner, { ...parameters, mode: 'dryRun' });
    expect(plan.output[0].json).toMatchObject({
      structured: { dry_run: true, changes: [{ fields: { status: { before: 'Active', after: 'Paused' } } }] },
    });
    expect((await activeCampaigns(owner, account)).find((item) => item.id === campaign.id)!.status).toBe('Active');

    const write = await run(owner, parameters);
    expect(write.output[0].json).toMatchObject({ replayed: false });
    expect((await activeCampaigns(owner, account)).find((item) => item.id === campaign.id)!.status).toBe('Paused');
    const keyOf = (sent: typeof plan.harness.sent) =>
      sent.find((request) => request.url.endsWith('/pause_deskads_campaign/execute'))!.headers['Idempotency-Key'];
    const planKey = keyOf(plan.harness.sent);
    const writeKey = keyOf(write.harness.sent);
    expect(planKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(writeKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(writeKey).not.toBe(planKey);
    expect(write.output[0].json.idempotency_key).toBe(writeKey);
  });

  it('a retried execution does not write twice: same keys, answers replayed, no quota used; a new execution gets new keys', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 1 } });
    const account = owner.accounts.deskads![0].account_id;
    const active = (await activeCampaigns(owner, account)).filter((item) => item.status === 'Active').slice(0, 2);
    const items = active.map((campaign) => ({ json: { id: campaign.id } }));
    const parameters = {
      platform: 'deskads',
      tool: 'pause_deskads_campaign',
      arguments: (item: INodeExecutionData) => ({ mappingMode: 'defineBelow', value: { campaign_id: item.json.id } }),
    };
    const nodeContext: IDataObject = {};
    const first = await run(owner, parameters, { items, nodeContext });
    expect(first.output.map((item) => item.json.replayed)).toEqual([false, false]);
    const used = await usedCalls(owner);

    // n8n's "Retry execution" runs the node again with the failed execution's data, its node context included.
    const retry = await run(owner, parameters, { items, nodeContext });
    expect(retry.output.map((item) => item.json.replayed)).toEqual([true, true]);
    expect(retry.output.map((item) => item.json.idempotency_key)).toEqual(first.output.map((item) => item.json.idempotency_key));
    expect(await usedCalls(owner)).toBe(used);

    const fresh = await run(owner, parameters, { items });
    expect(fresh.output[0].json.idempotency_key).not.toBe(first.output[0].json.idempotency_key);
    expect(new Set(first.output.map((item) => item.json.idempotency_key)).size).toBe(2);
  });
});

describe('n8n node: errors and the plan', () => {
  it("fails with the gateway's message, the code and the accounts in the details", async () => {
    const owner = await createTestOwner({ accounts: { deskads: 2 } });
    const parameters = { platform: 'deskads', tool: 'list_deskads_campaigns', arguments: { mappingMode: 'defineBelow', value: {} } };
    const error = (await run(owner, parameters).catch((err: unknown) => err)) as NodeApiError;
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toMatch(/^You have 2 deskads accounts connected\. Please specify account_id:/);
    expect(error.description).toContain('code: account_selection_required');
    expect(error.description).toContain('HTTP 400');
    for (const account of owner.accounts.deskads!) expect(error.description).toContain(`${account.name} (${account.account_id})`);

    const { output } = await run(owner, parameters, { continueOnFail: true });
    expect(output[0].json).toMatchObject({
      code: 'account_selection_required',
      status: 400,
    });
    expect((output[0].json.accounts as { id: string }[]).map((account) => account.id).sort()).toEqual(
      owner.accounts.deskads!.map((account) => account.account_id).sort(),
    );
    expect(output[0].json.error).toMatch(/^You have 2 deskads accounts connected/);
  });

  it('refuses a dry run of a tool that has none, and dry_run hidden in the JSON arguments of a write', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 1 } });
    const read = await run(owner, {
      platform: 'deskads',
      tool: 'list_deskads_campaigns',
      mode: 'dryRun',
      arguments: { mappingMode: 'defineBelow', value: {} },
    }).catch((err: unknown) => err as Error);
    expect((read as Error).message).toBe(
      'list_deskads_campaigns has no dry run: only planned writes (tools with a dry_run argument) can be planned.',
    );
    const hidden = await run(owner, {
      platform: 'deskads',
      tool: 'pause_deskads_campaign',
      arguments: { mappingMode: 'defineBelow', value: { campaign_id: '1' } },
      argumentsJson: '{"dry_run": true}',
    }).catch((err: unknown) => err as Error);
    expect((hidden as Error).message).toMatch(/choose Mode "Dry Run"/);
  });

  it("sends items no faster than the owner's plan bears, and stops at the quota with every result kept under Continue on Fail", async () => {
    const owner = await createTestOwner({ tier: 'free', accounts: { deskads: 1 } });
    const items = Array.from({ length: 17 }, (_, index) => ({ json: { index } }));
    const parameters = {
      platform: 'deskads',
      tool: 'list_deskads_campaigns',
      arguments: { mappingMode: 'defineBelow', value: {} },
      output: 'answer',
    };
    const { output, harness } = await run(owner, parameters, { items, continueOnFail: true });
    expect(harness.peakInFlight).toBe(1);
    expect(output.filter((item) => item.json.tool === 'list_deskads_campaigns').length).toBe(15);
    const refused = output.filter((item) => item.json.code === 'quota_exhausted');
    expect(refused.map((item) => item.pairedItem)).toEqual([{ item: 15 }, { item: 16 }]);
    expect(refused[0].json.status).toBe(402);
    // The 17th item is not sent: the 16th's 402 already said the month is used up.
    expect(
      harness.sent.filter((request) => request.method === 'POST' && request.url.endsWith('/list_deskads_campaigns/execute')).length,
    ).toBe(16);

    const pro = await createTestOwner({ tier: 'pro', accounts: { deskads: 1 } });
    const wide = await run(pro, { ...parameters }, { items: items.slice(0, 9) });
    expect(wide.output.length).toBe(9);
    expect(wide.harness.peakInFlight).toBeLessThanOrEqual(4);
  });
});
