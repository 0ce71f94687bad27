/**
 * DynamoDB requests of a warm call, counted on the shared client (a middleware records every
 * request the gateway sends to DynamoDB Local, and the items and bytes each answered): a billable
 * sandbox read costs at most 3 (the quota reservation, the account's entities and, for what walks
 * past days, its change history), an idempotent write at most 5, on every platform; what a list
 * reads does not grow with the account's changes.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformWord } from '../../core/platforms';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { SandboxStore } from '../../platforms/sandbox/store';
import { settled } from '../../functions/runtime/settle';
import { callTool, createTestOwner, useTestTables, type TestOwner } from '../support/gateway';

useTestTables();

/** Commands sent while recording, by name, and the items and bytes (as JSON) they answered. */
let recording: string[] | undefined;
let read: { items: number; bytes: number } | undefined;
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (args: unknown) => Promise<{ output: Record<string, unknown> }>, context: { commandName?: string }) =>
      async (args: unknown) => {
        recording?.push(context.commandName ?? '');
        const result = await next(args);
        if (read) {
          const items = (result.output.Items as unknown[] | undefined) ?? (result.output.Item ? [result.output.Item] : []);
          read.items += items.length;
          read.bytes += items.length ? JSON.stringify(items).length : 0;
        }
        return result;
      }) as never,
    { step: 'initialize', priority: 'low', name: 'sandboxReadsTestRecorder' },
  );
});
afterAll(() => documentClient().middlewareStack.remove('sandboxReadsTestRecorder'));

type Campaign = Record<string, unknown> & { id: string };

interface PlatformCalls {
  list: [string, Record<string, unknown>];
  report: [string, Record<string, unknown>];
  /** The campaigns field of the list tool's answer. */
  campaigns: (structured: Record<string, any>) => Campaign[];
  /** An idempotent write of a campaign the list returned. */
  write: (campaigns: Campaign[]) => [string, Record<string, unknown>];
}

/** A campaign that takes changes: serving or paused, not removed or archived. */
const live = (campaigns: Campaign[], field = 'status') =>
  campaigns.find((c) => /^(enabled|active|enable|campaign_status_enable)$/i.test(String(c[field])))!;

const PLATFORMS: Record<PlatformWord, PlatformCalls> = {
  searchads: {
    list: ['list_campaigns', { lookback_days: 7 }],
    report: ['get_campaign_performance', { lookback_days: 30 }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_campaign', { campaign_id: live(c).id, name: 'Counted write' }],
  },
  socialads: {
    list: ['list_socialads_campaigns', {}],
    report: ['get_socialads_campaign_performance', { lookback_days: 30 }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_socialads_campaign', { campaign_id: live(c).id, name: 'Counted write' }],
  },
  proads: {
    list: ['list_proads_campaigns', {}],
    report: ['get_proads_campaign_performance', { lookback_days: 30 }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_proads_campaign', { campaign_id: live(c).id, name: 'Counted write' }],
  },
  shortvideo: {
    list: ['list_shortvideo_campaigns', {}],
    report: ['get_shortvideo_campaign_performance', { lookback_days: 30 }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_shortvideo_campaign', { campaign_id: live(c).id, campaign_name: 'Counted write' }],
  },
  retailads: {
    list: ['list_retailads_campaigns', {}],
    report: ['get_retailads_campaign_performance', {}],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_retailads_campaigns', { campaigns: [{ campaignId: live(c, 'state').id, name: 'Counted write' }] }],
  },
  chatads: {
    list: ['list_chatads_campaigns', {}],
    report: ['get_chatads_insights', { scope: 'ad_account' }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['pause_chatads_campaign', { campaign_id: live(c).id }],
  },
  deskads: {
    list: ['list_deskads_campaigns', {}],
    report: ['get_deskads_campaign_performance', {}],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_deskads_campaign', { campaign_id: live(c).id, name: 'Counted write' }],
  },
};

describe('DynamoDB requests of a warm sandbox call', () => {
  let owner: TestOwner;
  beforeAll(async () => {
    owner = await createTestOwner({
      tier: 'max',
      limitOverride: 1_000_000,
      accounts: Object.fromEntries(Object.keys(PLATFORMS).map((p) => [p, 1])),
    });
  }, 120_000);

  /** The DynamoDB requests of one call (what it leaves settling afterwards included); fails unless 200. */
  const requestsOf = async (tool: string, args: Record<string, unknown>, headers: Record<string, string> = {}) => {
    recording = [];
    read = { items: 0, bytes: 0 };
    const result = await callTool(owner.apiKey, tool, args, { headers });
    await settled();
    const [requests, answered] = [recording, read];
    recording = undefined;
    read = undefined;
    if (result.status !== 200) throw new Error(`${tool} answered ${result.status}: ${result.body.error}`);
    return { requests, read: answered, structured: result.body.data!.structured! };
  };

  /** A warm call: the API key, the owner's accounts and the account's failure mode are cached by a warm function. */
  const warm = async (platform: PlatformWord) => {
    const calls = PLATFORMS[platform];
    await requestsOf(...calls.list);
    return calls.campaigns((await requestsOf(...calls.list)).structured);
  };

  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: a billable list read and a billable report read cost at most 3 requests each',
    async (platform) => {
      await warm(platform);
      const calls = PLATFORMS[platform];
      const list = await requestsOf(...calls.list);
      const report = await requestsOf(...calls.report);
      expect({ list: list.requests, report: report.requests }).toEqual({
        list: ['UpdateItemCommand', 'QueryCommand'], // the quota reservation, the account's entities
        report: ['UpdateItemCommand', 'QueryCommand'],
      });
    },
    180_000,
  );

  // A write reads the owner's safety settings and its checkpoint in one BatchGetItem (was a GetItem
  // each), and the entity once: the plan's read serves the revision-guarded update (socialads,
  // shortvideo and chatads read it twice before), and searchads' update_campaign reads the
  // account's partition before the campaign, which then comes from it (a GetItem and a Query before).
  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: an idempotent write costs 5 requests: claim, reservation, settings with checkpoint, the entity once, one commit (change, audit, completion)',
    async (platform) => {
      const campaigns = await warm(platform);
      const write = await requestsOf(...PLATFORMS[platform].write(campaigns), { 'Idempotency-Key': randomUUID() });
      const entity = ['socialads', 'shortvideo', 'chatads'].includes(platform) ? 'GetItemCommand' : 'QueryCommand';
      expect(write.requests).toEqual(['PutItemCommand', 'UpdateItemCommand', 'BatchGetItemCommand', entity, 'TransactWriteItemsCommand']);
    },
    180_000,
  );

  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    "%s: once a campaign has changed, a report or a list with past days' figures reads the change history in one more request",
    async (platform) => {
      const calls = PLATFORMS[platform];
      const campaigns = await warm(platform);
      await requestsOf(...calls.write(campaigns));
      await warm(platform);
      const list = await requestsOf(...calls.list);
      const report = await requestsOf(...calls.report);
      expect({ list: list.requests, report: report.requests }).toEqual({
        // Every platform's campaign list shows figures of past days (day-weighted budgets): it reads the changes too.
        list: ['UpdateItemCommand', 'QueryCommand', 'QueryCommand'],
        report: ['UpdateItemCommand', 'QueryCommand', 'QueryCommand'], // + the account's changes
      });
    },
    180_000,
  );

  it('a read that shows no past days reads as much with 10,000 changes in the account as with none', async () => {
    await warm('searchads');
    const campaigns = PLATFORMS.searchads.campaigns((await requestsOf(...PLATFORMS.searchads.list)).structured);
    const campaignId = live(campaigns).id;
    const structure = () => requestsOf('get_campaign_structure', { campaign_id: campaignId });
    await structure();
    const before = await structure();
    // 10,000 changes: 1,250 of each of 8 campaigns (the one read among them), each setting then
    // removing a field, so every entity ends as it began (with its revision number).
    const store = new SandboxStore('searchads', owner.accounts.searchads![0]!.account_id);
    const changed = [campaignId, ...campaigns.map((c) => c.id).filter((id) => id !== campaignId)].slice(0, 8);
    const perEntity = Math.ceil(10_000 / changed.length);
    await Promise.all(
      changed.map(async (id) => {
        for (let i = 1; i <= perEntity; i++) await store.update('campaign', id, { test_marker: i % 2 ? 'set' : undefined });
      }),
    );
    await structure(); // warm again: the function's caches expired meanwhile
    const after = await structure();
    expect(after.structured).toEqual(before.structured);
    expect(after.requests).toEqual(before.requests); // the reservation, the campaign, the account's entities
    expect(after.read.items).toBe(before.read.items);
    // Only the changed entities' revision numbers (`"rev":1250`) come on top.
    expect(after.read.bytes - before.read.bytes).toBeLessThanOrEqual(changed.length * '"rev":1250,'.length);
  }, 900_000);

  // The claim, the reservation, the settings with the checkpoint, the entity read and one transaction
  // committing the change with its history, its audit record and the claim's completion (7 on every
  // platform before the unit of work; 7-8 before the entity was read once per run, 7-9 before the
  // settings and the checkpoint were read together; 8-11 before that). See docs/architecture.md.
  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: an idempotent write costs at most 5 requests',
    async (platform) => {
      const campaigns = await warm(platform);
      const write = await requestsOf(...PLATFORMS[platform].write(campaigns), { 'Idempotency-Key': randomUUID() });
      expect(write.requests.length).toBeLessThanOrEqual(5);
    },
    180_000,
  );
});
