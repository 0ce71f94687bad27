/** deskads search and shopping campaign creation on the sandbox: created Paused, shown by the reads, resumable after a failure. */
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, callToolOk, createTestOwner, useTestTables, type TestOwner } from '../../support/gateway';

useTestTables();

const rsa = {
  headlines: ['Trail Boots', 'Free Returns', 'Waterproof Leather'],
  descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'],
  final_url: 'https://www.example.com/boots',
};
const search = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  daily_budget: 30,
  bid_strategy: 'ManualCpc',
  locations: ['Colorado', 'Seattle'],
  languages: ['English'],
  ad_group: { name: 'Boots', cpc_bid: 0.9 },
  keywords: [
    { text: 'trail boots', match_type: 'Exact' },
    { text: 'waterproof boots', match_type: 'Phrase', bid: 1.2 },
  ],
  negative_keywords: [{ text: 'free', match_type: 'Phrase' }],
  ad: rsa,
  ...extra,
});

describe('create_deskads_search_campaign', () => {
  let env: TestOwner;
  beforeAll(async () => {
    env = await createTestOwner({ accounts: { deskads: 1 } });
  });

  it('creates a paused campaign with its ad group, keywords, negatives and ad, all visible in the reads', async () => {
    const done = (await callToolOk(env.apiKey, 'create_deskads_search_campaign', search('Search - New Boots'))).structured!;
    expect(done).toMatchObject({
      status: 'Paused',
      daily_budget: 30,
      keyword_count: 2,
      negative_keyword_count: 1,
      locations: ['Colorado', 'Seattle'],
    });
    const campaigns = (await callToolOk(env.apiKey, 'list_deskads_campaigns', { query: 'New Boots' })).structured!.campaigns;
    expect(campaigns).toEqual([expect.objectContaining({ id: done.campaign_id, status: 'Paused', type: 'Search', daily_budget: 30 })]);
    const keywords = (await callToolOk(env.apiKey, 'list_deskads_keywords', { ad_group_id: done.ad_group_id })).structured!.keywords;
    expect(keywords.map((k: { text: string }) => k.text).sort()).toEqual(['trail boots', 'waterproof boots']);
    const negatives = (await callToolOk(env.apiKey, 'list_deskads_negative_keywords', { campaign_id: done.campaign_id })).structured!
      .negative_keywords;
    expect(negatives.map((n: { text: string }) => n.text)).toEqual(['free']);
    const ads = (await callToolOk(env.apiKey, 'list_deskads_ads', { ad_group_id: done.ad_group_id })).structured!.ads;
    expect(ads).toEqual([expect.objectContaining({ id: done.ad_id, editorial_status: 'Pending' })]);
    const budgets = (await callToolOk(env.apiKey, 'list_deskads_budgets', { type_filter: 'Campaign', query: 'New Boots' })).structured!
      .budgets;
    expect(budgets[0]).toMatchObject({ amount: 30, status: 'Paused' });
  });

  it('joins a shared budget: each of its campaigns draws on the whole amount', async () => {
    const shared = (await callToolOk(env.apiKey, 'list_deskads_budgets', { type_filter: 'Shared' })).structured!.budgets[0];
    const { daily_budget: _d, ...rest } = search('Search - Shared Boots');
    const done = (await callToolOk(env.apiKey, 'create_deskads_search_campaign', { ...rest, shared_budget_id: shared.id })).structured!;
    expect(done).toMatchObject({ shared_budget_id: shared.id, shared_budget_name: shared.name, daily_budget: shared.amount });
    const after = (await callToolOk(env.apiKey, 'list_deskads_budgets', { type_filter: 'Shared' })).structured!.budgets[0];
    expect(after.campaigns.map((c: { daily_budget: number }) => c.daily_budget)).toEqual([shared.amount, shared.amount]);
  });

  it('a retry after a failed step creates no duplicates', async () => {
    const account = env.accounts.deskads![0]!;
    const args = search('Search - Retry Boots');
    await injectSandboxFailure(account, 'add_keywords', 1);
    const failed = await callTool(env.apiKey, 'create_deskads_search_campaign', args);
    expect(failed.status).toBe(500);
    const retried = await callToolOk(env.apiKey, 'create_deskads_search_campaign', args);
    const store = new SandboxStore('deskads', account.account_id);
    const campaigns = (await store.list<{ id: string; name: string }>('campaign')).filter((c) => c.name === args.name);
    expect(campaigns.map((c) => c.id)).toEqual([retried.structured!.campaign_id]);
    expect(
      (await store.list<{ id: string; campaign_id: string }>('ad_group')).filter((g) => g.campaign_id === campaigns[0]!.id),
    ).toHaveLength(1);
    expect(
      (await store.list<{ id: string; campaign_id: string }>('keyword')).filter((k) => k.campaign_id === campaigns[0]!.id),
    ).toHaveLength(2);
  });

  it.each([
    [{ daily_budget: undefined }, 'exactly one of `daily_budget`'],
    [{ shared_budget_id: '123' }, 'exactly one of `daily_budget`'],
    [{ daily_budget: 0.01 }, 'must be at least 0.05'],
    [{ bid_strategy: 'TargetCpa' }, 'TargetCpa needs `target_cpa`'],
    [{ target_cpa: 10 }, '`target_cpa` only goes with'],
    [{ start_date: '2099-02-01', end_date: '2099-01-01' }, 'is before `start_date`'],
    [{ keywords: [] }, 'at least one keyword'],
    [
      {
        keywords: [
          { text: 'boots', match_type: 'Exact' },
          { text: 'Boots', match_type: 'Exact' },
        ],
      },
      'twice',
    ],
    [{ negative_keywords: [{ text: 'trail', match_type: 'Phrase' }] }, '"trail" (Phrase) blocks keyword "trail boots" (Exact)'],
    [{ ad: { ...rsa, headlines: ['One', 'Two'] } }, 'at least 3 headlines'],
    [{ languages: ['Klingon'] }, 'languages'],
    [{ locations: ['Atlantis'] }, 'Unknown location(s) "Atlantis"'],
    [{ name: 'Search - Brand' }, 'already exists'],
    [{ start_date: '2020-01-01' }, 'is in the past'],
  ])('refuses %j with a 400', async (change, message) => {
    const result = await callTool(env.apiKey, 'create_deskads_search_campaign', { ...search('Search - Refused'), ...change });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });
});

describe('create_deskads_shopping_campaign', () => {
  let env: TestOwner;
  let storeId: string;
  beforeAll(async () => {
    env = await createTestOwner({ accounts: { deskads: 1 } });
    const products = (await callToolOk(env.apiKey, 'get_deskads_product_performance', {})).structured!.products as {
      store_id: string;
      store_name: string;
    }[];
    storeId = products.find((p) => p.store_name === 'Northwind Outdoor US')!.store_id;
  });
  const shopping = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    daily_budget: 50,
    store_id: storeId,
    sales_country_code: 'US',
    priority: 1,
    ad_group: { name: 'All products', cpc_bid: 0.6 },
    ...extra,
  });

  it("creates a paused shopping campaign with a product group tree; the resumed campaign's products deliver from the store", async () => {
    const done = (
      await callToolOk(
        env.apiKey,
        'create_deskads_shopping_campaign',
        shopping('Shopping - Brands', {
          product_groups: {
            partition_by: 'Brand',
            groups: [
              { value: 'Northwind', bid: 0.8 },
              { value: 'HydroPeak', exclude: true },
            ],
            everything_else: 'bid',
          },
          promotional_text: 'Free shipping over $50',
        }),
      )
    ).structured!;
    expect(done.product_ad_id).toMatch(/^\d+$/);
    expect(done).toMatchObject({ status: 'Paused', store_id: storeId, sales_country_code: 'US', priority: 1 });
    expect(done.product_groups.map((g: { value: string; excluded: boolean }) => [g.value, g.excluded])).toEqual([
      ['Northwind', false],
      ['HydroPeak', true],
      ['Everything else', false],
    ]);
    expect(done.product_groups[0].products).toBeGreaterThan(0);
    const listed = (await callToolOk(env.apiKey, 'list_deskads_campaigns', { type_filter: 'Shopping', query: 'Brands' })).structured!
      .campaigns;
    expect(listed).toEqual([expect.objectContaining({ id: done.campaign_id, status: 'Paused' })]);
    const store = new SandboxStore('deskads', env.accounts.deskads![0]!.account_id);
    const offers = (await store.list<{ id: string; campaign_id: string; brand: string }>('product')).filter(
      (p) => p.campaign_id === done.campaign_id,
    );
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.some((p) => p.brand === 'HydroPeak')).toBe(false);
  });

  it.each([
    [{ store_id: '999' }, 'No merchant store 999'],
    [{ promotional_text: 'x'.repeat(46) }, 'at most 45 characters'],
    [{ target_cpa: 10 }, 'target_cpa'],
    [{ sales_country_code: 'XX' }, 'sales_country_code'],
    [{ priority: 3 }, 'priority'],
    [{ bid_strategy: 'MaxConversions' }, 'bid_strategy'],
    [{ product_groups: { partition_by: 'Brand', groups: [{ value: 'Acme' }] } }, 'No product of store'],
    [{ product_groups: { partition_by: 'Brand', groups: [{ value: 'Northwind', exclude: true, bid: 1 }] } }, 'takes no `bid`'],
    [
      { product_groups: { partition_by: 'Brand', groups: [{ value: 'Northwind', exclude: true }], everything_else: 'exclude' } },
      'advertise nothing',
    ],
    [{ product_groups: { partition_by: 'Brand', groups: [{ value: 'Northwind' }, { value: 'northwind' }] } }, 'twice'],
  ])('refuses %j with a 400', async (change, message) => {
    const result = await callTool(env.apiKey, 'create_deskads_shopping_campaign', { ...shopping('Shopping - Refused'), ...change });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });
});
