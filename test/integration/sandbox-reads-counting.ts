/**
 * What the sandbox-reads test files share: a recorder of the DynamoDB requests the gateway sends (a
 * middleware on the shared client records every request, and the items and bytes each answered),
 * an owner with one seeded sandbox account per platform asked for, and each platform's list,
 * report and idempotent write. One file per concern (sandbox-reads.test.ts, -writes, -10000-changes)
 * so they run on separate Jest workers.
 */
import type { PlatformWord } from '../../core/platforms';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { settled } from '../../functions/runtime/settle';
import { callTool, createTestOwner, type TestOwner } from '../support/gateway';

export type Campaign = Record<string, unknown> & { id: string };

export interface PlatformCalls {
  list: [string, Record<string, unknown>];
  report: [string, Record<string, unknown>];
  /** The campaigns field of the list tool's answer. */
  campaigns: (structured: Record<string, any>) => Campaign[];
  /** An idempotent write of a campaign the list returned. */
  write: (campaigns: Campaign[]) => [string, Record<string, unknown>];
  /**
   * An idempotent write of an entity below a campaign (keyword, ad, ad group, creative), whose plan
   * may also read what it belongs to: the read that lists such entities, and the write of one it returned.
   */
  child: { list: [string, Record<string, unknown>]; write: (structured: Record<string, any>) => [string, Record<string, unknown>] };
}

/** A campaign that takes changes: serving or paused, not removed or archived. */
export const live = (campaigns: Campaign[], field = 'status') =>
  campaigns.find((c) => /^(enabled|active|enable|campaign_status_enable)$/i.test(String(c[field])))!;

export const PLATFORMS: Record<PlatformWord, PlatformCalls> = {
  searchads: {
    list: ['list_campaigns', { lookback_days: 7 }],
    report: ['get_campaign_performance', { lookback_days: 30 }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_campaign', { campaign_id: live(c).id, name: 'Counted write' }],
    child: {
      // Its plan reads the keyword's campaign too (the note on bids under automated bidding).
      list: ['get_keyword_performance', { limit: 1000 }],
      write: (s) => ['update_keyword', { keyword_id: live(s.rows).id, cpc_bid: 7.77 }],
    },
  },
  socialads: {
    list: ['list_socialads_campaigns', {}],
    report: ['get_socialads_campaign_performance', { lookback_days: 30 }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_socialads_campaign', { campaign_id: live(c).id, name: 'Counted write' }],
    child: {
      list: ['list_socialads_ads', {}],
      write: (s) => ['update_socialads_ad', { ad_id: live(s.ads).id, name: 'Counted write' }],
    },
  },
  proads: {
    list: ['list_proads_campaigns', {}],
    report: ['get_proads_campaign_performance', { lookback_days: 30 }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_proads_campaign', { campaign_id: live(c).id, name: 'Counted write' }],
    child: {
      list: ['list_proads_creatives', {}],
      write: (s) => ['pause_proads_creative', { creative_id: live(s.creatives).id }],
    },
  },
  shortvideo: {
    list: ['list_shortvideo_campaigns', {}],
    report: ['get_shortvideo_campaign_performance', { lookback_days: 30 }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_shortvideo_campaign', { campaign_id: live(c).id, campaign_name: 'Counted write' }],
    child: {
      list: ['list_shortvideo_ad_groups', {}],
      write: (s) => ['update_shortvideo_ad_group', { adgroup_id: s.ad_groups[0].id, budget: 66 }],
    },
  },
  retailads: {
    list: ['list_retailads_campaigns', {}],
    report: ['get_retailads_campaign_performance', {}],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_retailads_campaigns', { campaigns: [{ campaignId: live(c, 'state').id, name: 'Counted write' }] }],
    child: {
      list: ['list_retailads_keywords', { state_filter: ['ENABLED'] }],
      write: (s) => ['update_retailads_keywords', { keywords: [{ keywordId: s.keywords[0].id, bid: 0.66 }] }],
    },
  },
  chatads: {
    list: ['list_chatads_campaigns', {}],
    report: ['get_chatads_insights', { scope: 'ad_account' }],
    campaigns: (s) => s.campaigns,
    write: (c) => ['pause_chatads_campaign', { campaign_id: live(c).id }],
    child: {
      list: ['list_chatads_ads', { status_filter: ['active'] }],
      write: (s) => ['pause_chatads_ad', { ad_id: s.ads[0].id }],
    },
  },
  deskads: {
    list: ['list_deskads_campaigns', {}],
    report: ['get_deskads_campaign_performance', {}],
    campaigns: (s) => s.campaigns,
    write: (c) => ['update_deskads_campaign', { campaign_id: live(c).id, name: 'Counted write' }],
    child: {
      list: ['list_deskads_ad_groups', {}],
      write: (s) => ['update_deskads_ad_group', { ad_group_id: live(s.ad_groups).id, cpc_bid: 0.95 }],
    },
  },
};

/** Commands sent while recording, by name, and the items and bytes (as JSON) they answered. */
let recording: string[] | undefined;
let read: { items: number; bytes: number } | undefined;

/**
 * Records this file's DynamoDB requests and makes an owner (tier max) with one sandbox account of
 * each platform in `platforms`. Call once at the top level of a test file, after useTestTables().
 */
export function useCountedCalls(platforms: PlatformWord[] = Object.keys(PLATFORMS) as PlatformWord[]) {
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

  let owner: TestOwner;
  beforeAll(async () => {
    owner = await createTestOwner({
      tier: 'max',
      limitOverride: 1_000_000,
      accounts: Object.fromEntries(platforms.map((p) => [p, 1])),
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

  return { owner: () => owner, requestsOf, warm };
}
