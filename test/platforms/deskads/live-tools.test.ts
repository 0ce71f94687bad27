/**
 * Every deskads tool on a live account over the fake platform, through the gateway: reads answer
 * from the platform, dry runs send no write, writes reach the platform (creates paused) and read
 * back, per-item refusals come back per item. No deskads tool answers live_not_supported.
 */
import { deskads } from '../../../platforms/deskads/manifest';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { deskAdsLiveOwner, useFakeDeskAds, type DeskAdsLiveOwner } from './live-support';

useTestTables();
const platform = useFakeDeskAds();

type Row = Record<string, any>;

/** The first item of the first list of an answer. */
const firstOf = (structured: Record<string, any>): Row =>
  (Object.values(structured).find((v) => Array.isArray(v) && v.length) as Row[])[0]!;

const rsa = {
  headlines: ['Northwind trail boots', 'Waterproof and light', 'Free returns'],
  descriptions: ['Boots for every trail.', 'Order today, ship tomorrow.'],
  final_url: 'https://www.example.com/boots',
};

describe('Live deskads account: every tool over the fake platform', () => {
  let live: DeskAdsLiveOwner;
  const called = new Set<string>();
  const ok = async (tool: string, args: Record<string, unknown> = {}) => {
    called.add(tool);
    return callToolOk(live.apiKey, tool, args);
  };
  const fake = () => platform.accounts.get(live.account.account_id)!;
  const fakeCampaign = (name: string) => [...fake().campaigns.values()].find((c) => c.Name === name)!;
  let campaigns: Row[];
  let groups: Row[];

  beforeAll(async () => {
    live = await deskAdsLiveOwner(platform);
    campaigns = (await ok('list_deskads_campaigns', { limit: 200 })).structured!.campaigns as Row[];
    groups = (await ok('list_deskads_ad_groups', { limit: 200 })).structured!.ad_groups as Row[];
  }, 120_000);

  it('lists the campaigns and ad groups the platform has, statuses as the platform gives them', () => {
    expect(campaigns.map((c) => c.name).sort()).toEqual([...fake().campaigns.values()].map((c) => c.Name).sort());
    expect(campaigns.find((c) => c.name === 'Winter sale')).toMatchObject({ status: 'Paused', daily_budget: 15.5 });
    // A paused ad group of an active campaign reads as paused.
    expect(groups.find((g) => g.name === 'Brand - misspellings')).toMatchObject({ status: 'Paused' });
  });

  it('every read tool answers from the platform', async () => {
    const reads = deskads.tools.map((t) => t.name).filter((n) => /^(list|get|analyze)_/.test(n));
    for (const tool of reads) {
      const data = await ok(tool);
      expect(data.structured).toBeDefined();
    }
    const accounts = (await ok('list_deskads_accounts')).structured!.accounts as Row[];
    expect(accounts).toEqual([expect.objectContaining({ account_id: live.account.account_id, name: 'Northwind Outdoor (live)' })]);
  }, 300_000);

  it("budget verdicts on a live account say past days were judged with today's budgets (the platform reports none per day)", async () => {
    for (const tool of ['list_deskads_budgets', 'get_deskads_campaign_performance', 'list_deskads_recommendations']) {
      const data = await ok(tool);
      expect({ tool, budget_source: data.structured!.budget_source }).toEqual({ tool, budget_source: 'today' });
      expect(data.text).toContain("Past days are judged against today's budget");
    }
  }, 120_000);

  it('dry runs of every write tool send nothing that changes the platform', async () => {
    const search = campaigns.find((c) => c.name === 'Generic search')!;
    const group = groups.find((g) => g.name === 'Running shoes')!;
    const keyword = ((await ok('list_deskads_keywords', { ad_group_id: group.id })).structured!.keywords as Row[])[0]!;
    const ad = ((await ok('list_deskads_ads', { ad_group_id: group.id })).structured!.ads as Row[])[0];
    const budget = ((await ok('list_deskads_budgets', { type_filter: 'Shared' })).structured!.budgets as Row[])[0]!;
    const negative = firstOf((await ok('list_deskads_negative_keywords', { campaign_id: search.id })).structured!);
    const extension = ((await ok('list_deskads_ad_extensions')).structured!.extensions as Row[]).find((e) => e.campaign_ids.length)!;
    const tag = ((await ok('list_deskads_uet_tags')).structured!.tags as Row[])[0]!;
    const audience = ((await ok('list_deskads_audiences')).structured!.audiences as Row[])[0]!;
    const store = fakeStoreId();
    const before = platform.writes().length;
    const dry: [string, Record<string, unknown>][] = [
      ['update_deskads_campaign', { campaign_id: search.id, daily_budget: 90 }],
      ['pause_deskads_campaign', { campaign_id: search.id }],
      ['resume_deskads_campaign', { campaign_id: campaigns.find((c) => c.name === 'Winter sale')!.id }],
      ['delete_deskads_campaign', { campaign_id: search.id }],
      ['create_deskads_ad_group', { campaign_id: search.id, name: 'Hiking shoes', cpc_bid: 0.8 }],
      ['update_deskads_ad_group', { ad_group_id: group.id, cpc_bid: 1.05 }],
      ['pause_deskads_ad_group', { ad_group_id: group.id }],
      ['resume_deskads_ad_group', { ad_group_id: groups.find((g) => g.name === 'Brand - misspellings')!.id }],
      ['add_deskads_keywords', { ad_group_id: group.id, keywords: [{ text: 'light running shoes', match_type: 'Phrase' }] }],
      ['update_deskads_keywords', { updates: [{ keyword_id: keyword.id, bid: 1.5 }] }],
      ['remove_deskads_keywords', { keyword_ids: [keyword.id] }],
      ['add_deskads_negative_keywords', { campaign_id: search.id, negatives: [{ text: 'used', match_type: 'Phrase' }] }],
      ['remove_deskads_negative_keywords', { negative_keyword_ids: [negative.id] }],
      ['remove_deskads_ad_extensions', { campaign_id: extension.campaign_ids[0], extension_ids: [extension.id] }],
      [
        'create_deskads_conversion_goal',
        {
          tag_id: tag.id,
          name: 'Thank-you page',
          type: 'Url',
          goal_category: 'Purchase',
          url_expression: 'thank-you',
          url_operator: 'Contains',
        },
      ],
      ['create_deskads_responsive_search_ad', { ad_group_id: group.id, ...rsa }],
      ['add_deskads_sitelinks', { campaign_id: search.id, sitelinks: [{ text: 'Sale', final_url: 'https://www.example.com/sale' }] }],
      ['add_deskads_callouts', { campaign_id: search.id, callouts: ['Free returns'] }],
      ['add_deskads_audience_targeting', { ad_group_id: group.id, audiences: [{ audience_id: audience.id, bid_adjustment: 20 }] }],
      ['update_deskads_budget', { budget_id: budget.id, amount: 120 }],
      [
        'create_deskads_search_campaign',
        {
          name: 'Search - Trail boots',
          daily_budget: 30,
          bid_strategy: 'ManualCpc',
          languages: ['English'],
          ad_group: { name: 'Boots', cpc_bid: 0.9 },
          keywords: [{ text: 'trail boots', match_type: 'Exact' }],
          ad: rsa,
        },
      ],
      [
        'create_deskads_shopping_campaign',
        {
          name: 'Shopping - Boots',
          daily_budget: 50,
          store_id: store,
          sales_country_code: 'US',
          priority: 1,
          ad_group: { name: 'All products', cpc_bid: 0.6 },
        },
      ],
    ];
    if (ad) {
      dry.push(['update_deskads_ad', { ad_id: ad.id, headlines: ['Fast running shoes', 'Northwind Outdoor', 'Free returns'] }]);
      dry.push(['pause_deskads_ad', { ad_id: ad.id }]);
      dry.push(['resume_deskads_ad', { ad_id: ad.id }]);
    }
    const failures: string[] = [];
    for (const [tool, args] of dry) {
      called.add(tool);
      const result = await callTool(live.apiKey, tool, { ...args, dry_run: true });
      if (result.status !== 200) failures.push(`${tool}: ${result.status} ${result.body.error}`);
    }
    expect(failures).toEqual([]);
    expect(platform.writes().slice(before)).toEqual([]);
  }, 300_000);

  function fakeStoreId(): string {
    return String(platform.customers.get(live.account.upstream!.customer_id as string)!.stores[0]!.Id);
  }

  it('pause and resume reach the platform and read back', async () => {
    const brand = campaigns.find((c) => c.name === 'Brand search')!;
    const paused = await ok('pause_deskads_campaign', { campaign_id: brand.id });
    expect(JSON.stringify(paused.structured)).toContain('Paused');
    expect(fakeCampaign('Brand search').Status).toBe('Paused');
    const listed = (await ok('list_deskads_campaigns', { limit: 200 })).structured!.campaigns as Row[];
    expect(listed.find((c) => c.id === brand.id)!.status).toBe('Paused');
    await ok('resume_deskads_campaign', { campaign_id: brand.id });
    expect(fakeCampaign('Brand search').Status).toBe('Active');
  }, 120_000);

  it('create_deskads_search_campaign creates the campaign paused on the platform', async () => {
    const done = await ok('create_deskads_search_campaign', {
      name: 'Search - Created live',
      daily_budget: 25.5,
      bid_strategy: 'ManualCpc',
      languages: ['English'],
      ad_group: { name: 'Boots', cpc_bid: 0.9 },
      keywords: [{ text: 'leather boots', match_type: 'Exact' }],
      ad: rsa,
    });
    expect(done.structured).toBeDefined();
    const created = fakeCampaign('Search - Created live');
    expect(created).toMatchObject({ Status: 'Paused', DailyBudget: 25.5 });
  }, 120_000);

  it('add_deskads_keywords: a keyword the platform refuses comes back on its own, the others are added', async () => {
    const group = groups.find((g) => g.name === 'Trail shoes')!;
    const result = await callTool(live.apiKey, 'add_deskads_keywords', {
      ad_group_id: group.id,
      keywords: [
        { text: 'mountain trail shoes', match_type: 'Phrase' },
        { text: 'counterfeit trail shoes', match_type: 'Exact' },
      ],
    });
    expect(result.status).toBe(400);
    expect(result.body.structured_content?.failed_items).toEqual([
      expect.objectContaining({ item: expect.stringContaining('counterfeit'), error_code: 'CampaignServiceEditorialValidationError' }),
    ]);
    const texts = [...fake().keywords.values()].filter((k) => k.adGroupId === group.id).map((k) => k.wire.Text);
    expect(texts).toContain('mountain trail shoes');
    expect(texts).not.toContain('counterfeit trail shoes');
    expect(result.body.error).toContain('mountain trail shoes');
  }, 120_000);

  it('apply_deskads_recommendations and import_deskads_from_searchads answer on a live account (no live_not_supported)', async () => {
    const recs = (await ok('list_deskads_recommendations')).structured!.recommendations as Row[];
    called.add('apply_deskads_recommendations');
    const applied = await callTool(live.apiKey, 'apply_deskads_recommendations', {
      recommendation_ids: recs.length ? [recs[0]!.id] : ['0'],
      dry_run: true,
    });
    expect(applied.body.structured_content?.code).not.toBe('live_not_supported');
    called.add('import_deskads_from_searchads');
    const imported = await callTool(live.apiKey, 'import_deskads_from_searchads', { dry_run: true });
    expect(imported.body.structured_content?.code).not.toBe('live_not_supported');
  }, 120_000);

  it('every deskads tool was called on the live account above', () => {
    expect(deskads.tools.map((t) => t.name).filter((n) => !called.has(n))).toEqual([]);
  });
});
