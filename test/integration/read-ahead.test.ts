/**
 * A billable read on a sandbox account queries the account's entities while its quota reservation
 * is on its way (functions/runtime/read-ahead.ts, issue 33): the same requests and the same answer,
 * the 402 at the limit unchanged and carrying nothing of the read, and no read ahead for a tool that
 * does not read the account's entities.
 */
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { settled } from '../../functions/runtime/settle';
import { readUsage } from '../../functions/runtime/stores/usage';
import { markAccountsChanged } from '../../functions/runtime/stores/owners';
import { connectSandboxAccounts, disconnectAccount } from '../../functions/connect/accounts';
import { callTool, createTestOwner, useTestTables, type CallResult } from '../support/gateway';

useTestTables();

/** `start`/`end` of each DynamoDB request, in the order they happened: `<command> <table>`. */
let events: string[] | undefined;

beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: { TableName?: string } }) => {
      const request = `${context.commandName} ${(args.input.TableName ?? '').replace(/^.*-/, '')}`;
      events?.push(`start ${request}`);
      try {
        return await next(args);
      } finally {
        events?.push(`end ${request}`);
      }
    }) as never,
    { step: 'initialize', priority: 'low', name: 'readAheadTestRecorder' },
  );
});
afterAll(() => documentClient().middlewareStack.remove('readAheadTestRecorder'));

/** One call and the start and end of each of its DynamoDB requests (settling included). */
async function recorded(
  apiKey: string,
  tool: string,
  args: Record<string, unknown> = {},
): Promise<{ result: CallResult; events: string[] }> {
  events = [];
  const result = await callTool(apiKey, tool, args);
  await settled();
  const seen = events;
  events = undefined;
  return { result, events: seen };
}

const started = (seen: string[]) => seen.filter((event) => event.startsWith('start ')).map((event) => event.slice('start '.length));

describe('a billable sandbox read reads the account while its reservation is on its way', () => {
  it('sends the Query before the reservation answers, with the same requests and the same answer', async () => {
    const { apiKey } = await createTestOwner({ tier: 'max', limitOverride: 1000, accounts: { searchads: 1 } });
    const args = { lookback_days: 7 };
    // The first call in this process reads after its reservation, and learns that list_campaigns reads its account's entities.
    const first = await recorded(apiKey, 'list_campaigns', args);
    const ahead = await recorded(apiKey, 'list_campaigns', args);
    expect(first.result.status).toBe(200);
    expect(ahead.result.status).toBe(200);

    expect(started(ahead.events)).toEqual(['QueryCommand sandbox', 'UpdateItemCommand usage']);
    expect(ahead.events.indexOf('start QueryCommand sandbox')).toBeLessThan(ahead.events.indexOf('end UpdateItemCommand usage'));

    // The answer is the one a run reading after the reservation gives (only the quota's count moved on).
    expect(ahead.result.body.data!.text).toBe(first.result.body.data!.text);
    expect(ahead.result.body.data!.structured).toEqual(first.result.body.data!.structured);
    expect(ahead.result.body.data!.quota).toMatchObject({ used: 2 });
  });

  it('answers 402 at the limit with nothing of the read in it, and bills nothing', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 2, accounts: { searchads: 1 } });
    const listed = await recorded(apiKey, 'list_campaigns', {});
    expect((await recorded(apiKey, 'list_campaigns', {})).result.status).toBe(200);

    const refused = await recorded(apiKey, 'list_campaigns', {});
    expect(started(refused.events)).toContain('QueryCommand sandbox');
    expect(refused.result.status).toBe(402);
    expect(refused.result.body.structured_content).toMatchObject({ code: 'quota_exhausted' });
    expect(refused.result.body.data).toBeUndefined();
    const body = JSON.stringify(refused.result.body);
    for (const campaign of listed.result.body.data!.structured!.campaigns as { id: string; name: string }[]) {
      expect(body).not.toContain(campaign.id);
      expect(body).not.toContain(campaign.name);
    }
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(2);
  });

  it('never adds a request: a tool reading nothing of its account reads nothing ahead', async () => {
    const { apiKey } = await createTestOwner({ tier: 'max', limitOverride: 1000, accounts: { searchads: 1 } });
    const args = { locations: ['Denver, Colorado'] };
    await recorded(apiKey, 'resolve_searchads_locations', args);
    const again = await recorded(apiKey, 'resolve_searchads_locations', args);
    expect(again.result.status).toBe(200);
    expect(started(again.events)).toEqual(['UpdateItemCommand usage']);

    // One that reads a campaign on its own and then the account: the Query goes ahead, the requests stay.
    const campaigns = (await recorded(apiKey, 'list_campaigns', {})).result.body.data!.structured!.campaigns as { id: string }[];
    const labels = async () => started((await recorded(apiKey, 'get_campaign_labels', { campaign_id: campaigns[0]!.id })).events);
    const first = await labels();
    const ahead = await labels();
    expect([...ahead].sort()).toEqual([...first].sort());
    expect(ahead).toEqual(['QueryCommand sandbox', 'UpdateItemCommand usage', 'GetItemCommand sandbox']);
  });

  it('drops what it read ahead when the reservation finds the cached account list stale', async () => {
    const { apiKey, owner, accounts } = await createTestOwner({ tier: 'max', limitOverride: 1000, accounts: { searchads: 1 } });
    const campaignsOf = (result: CallResult) => result.body.data!.structured!.campaigns as { id: string }[];
    const before = await recorded(apiKey, 'list_campaigns', {});
    await recorded(apiKey, 'list_campaigns', {});

    // The same account selected again from a fresh list: the run reads it again, the answer is the same.
    await markAccountsChanged(owner.owner_id);
    const again = await recorded(apiKey, 'list_campaigns', {});
    expect(again.result.status).toBe(200);
    expect(started(again.events).filter((request) => request === 'QueryCommand sandbox')).toHaveLength(2);
    expect(again.result.body.data!.structured).toEqual(before.result.body.data!.structured);

    // Another account in its place: its campaigns, nothing of the one read ahead.
    await disconnectAccount(owner.owner_id, 'searchads', accounts.searchads![0]!.account_id);
    await connectSandboxAccounts(owner.owner_id, 'searchads', 1);
    const replaced = await recorded(apiKey, 'list_campaigns', {});
    expect(replaced.result.status).toBe(200);
    const body = JSON.stringify(replaced.result.body);
    for (const campaign of campaignsOf(before.result)) expect(body).not.toContain(campaign.id);
  });
});
