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
  /**
   * An idempotent create of one entity (in a seeded parent the read `list` returns, picked by name):
   * `n` makes each call's name its own, as names are unique per parent on most platforms.
   */
  create: {
    list: [string, Record<string, unknown>];
    write: (structured: Record<string, any>, n: number) => [string, Record<string, unknown>];
  };
}

/**
 * The first entity whose `field` is `value`: a seeded kind picked by what it is, not by its name (the
 * campaign writes above rename a campaign) nor by its random id.
 */
const withField = (entities: Record<string, any>[], field: string, value: string) => entities.find((e) => e[field] === value)!;

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
    create: {
      list: ['list_ad_groups', {}],
      write: (s, n) => [
        'add_keywords',
        {
          ad_group_id: withField(s.ad_groups, 'name', 'Brand - Core').id,
          keywords: [{ text: `counted create ${n}`, match_type: 'PHRASE' }],
        },
      ],
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
    create: {
      list: ['list_socialads_campaigns', {}],
      write: (s, n) => [
        'add_socialads_ad_set',
        { campaign_id: withField(s.campaigns, 'objective', 'OUTCOME_TRAFFIC').id, name: `Counted create ${n}` },
      ],
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
    create: {
      list: ['list_proads_campaign_groups', {}],
      write: (_s, n) => ['create_proads_campaign_group', { name: `Counted create ${n}` }],
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
    create: {
      list: ['list_shortvideo_campaigns', {}],
      write: (s, n) => [
        'add_shortvideo_ad_group',
        { campaign_id: withField(s.campaigns, 'objective_type', 'TRAFFIC').id, adgroup_name: `Counted create ${n}`, budget: 30 },
      ],
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
    create: {
      list: ['list_retailads_ad_groups', {}],
      write: (s, n) => {
        // An ad group of a campaign with manual targeting (an automatic one takes no keywords).
        const group = withField(s.ad_groups, 'name', 'Hiking Backpacks');
        return [
          'add_retailads_keywords',
          {
            keywords: [
              { campaignId: group.campaign_id, adGroupId: group.ad_group_id, keywordText: `counted create ${n}`, matchType: 'EXACT' },
            ],
          },
        ];
      },
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
    create: {
      list: ['list_chatads_campaigns', {}],
      write: (s, n) => ['create_chatads_ad_group', { campaign_id: live(s.campaigns).id, name: `Counted create ${n}`, max_bid: 1.5 }],
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
    create: {
      list: ['list_deskads_campaigns', {}],
      write: (s, n) => [
        'create_deskads_ad_group',
        { campaign_id: withField(s.campaigns, 'type', 'Search').id, name: `Counted create ${n}`, cpc_bid: 0.8 },
      ],
    },
  },
};

/** Commands sent while recording, by name, the tables each names, and the items and bytes (as JSON) they answered. */
let recording: string[] | undefined;
let tablesOf: string[][] | undefined;
let read: { items: number; bytes: number } | undefined;

/** The tables a request names, without the test's prefix (`sandbox`, `audit`...), one per transaction item. */
const tablesNamed = (input: Record<string, any>): string[] =>
  (input.TableName ? [input.TableName] : (input.TransactItems ?? []).map((i: Record<string, any>) => Object.values(i)[0].TableName)).map(
    (table: string) => table.replace(/^.*-/, ''),
  );

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
          tablesOf?.push(tablesNamed((args as { input: Record<string, any> }).input));
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
    tablesOf = [];
    read = { items: 0, bytes: 0 };
    const result = await callTool(owner.apiKey, tool, args, { headers });
    await settled();
    const [requests, tables, answered] = [recording, tablesOf, read];
    recording = undefined;
    tablesOf = undefined;
    read = undefined;
    if (result.status !== 200) throw new Error(`${tool} answered ${result.status}: ${result.body.error}`);
    return { requests, tables, read: answered, structured: result.body.data!.structured! };
  };

  /** A warm call: the API key, the owner's accounts and the account's failure mode are cached by a warm function. */
  const warm = async (platform: PlatformWord) => {
    const calls = PLATFORMS[platform];
    await requestsOf(...calls.list);
    return calls.campaigns((await requestsOf(...calls.list)).structured);
  };

  return { owner: () => owner, requestsOf, warm };
}
