/**
 * The everyday families on a live account connected to the fake search platform: report readers,
 * status changes, keyword lists, budgets and bidding write through the platform's search and
 * mutate interfaces, answer in the sandbox's shape, and show in the next read.
 */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

type Row = { id: string; name: string; status: string; ad_group_id?: string; details: Record<string, unknown>; metrics: { spend: number } };

describe('searchads everyday families on a live account (fake search platform)', () => {
  let live: LiveOwner;
  let sandboxKey: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  let groups: Awaited<ReturnType<typeof adGroupsByName>>;
  const keywords = async () => (await callToolOk(live.apiKey, 'get_keyword_performance', { limit: 1000 })).structured!.rows as Row[];
  beforeAll(async () => {
    // Paging is covered by the fake's own tests; whole-year reports here page at 1,000 rows.
    platform.api.pageSize = 1000;
    live = await liveOwner(platform);
    sandboxKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
    campaigns = await campaignsByName(live.apiKey);
    groups = await adGroupsByName(live.apiKey);
  });

  it.each([
    'get_keyword_performance',
    'get_ad_performance',
    'get_ad_group_performance',
    'get_campaign_performance',
    'analyze_search_terms',
    'analyze_wasted_spend',
  ])("%s answers in the sandbox shape from the platform's report", async (tool) => {
    const [l, s] = await Promise.all([callToolOk(live.apiKey, tool, {}), callToolOk(sandboxKey, tool, {})]);
    expect(Object.keys(l.structured!).sort()).toEqual(Object.keys(s.structured!).sort());
  });

  it('keyword and ad rows add up to their ad group; search terms carry the keyword that matched them', async () => {
    const [groupRows, keywordRows, adRows, terms] = await Promise.all([
      callToolOk(live.apiKey, 'get_ad_group_performance', { limit: 1000 }),
      keywords(),
      callToolOk(live.apiKey, 'get_ad_performance', { limit: 1000 }),
      callToolOk(live.apiKey, 'analyze_search_terms', { mode: 'report', page_size: 500 }),
    ]);
    const cents = (rows: Row[]) => Math.round(rows.reduce((s, r) => s + r.metrics.spend, 0) * 100);
    const men = (groupRows.structured!.rows as Row[]).find((g) => g.name === 'Hiking Boots - Men')!;
    expect(men.metrics.spend).toBeGreaterThan(0);
    expect(cents(keywordRows.filter((k) => k.ad_group_id === men.id))).toBe(Math.round(men.metrics.spend * 100));
    expect(cents((adRows.structured!.rows as Row[]).filter((a) => a.ad_group_id === men.id))).toBe(Math.round(men.metrics.spend * 100));
    const termRows = terms.structured!.terms as { search_term: string; keyword: string; keyword_id: string }[];
    expect(termRows.find((t) => t.search_term === 'mens hiking boots reviews')).toMatchObject({
      keyword: 'mens hiking boots',
      keyword_id: keywordRows.find((k) => k.name === 'mens hiking boots')!.id,
    });
  });

  it('add_keywords, update_keyword, pause_keywords and remove_keywords write through the mutate interface', async () => {
    const added = await callToolOk(live.apiKey, 'add_keywords', {
      ad_group_id: groups['Hiking Boots - Women']!.id,
      keywords: [
        { text: 'womens trail boots', match_type: 'EXACT', cpc_bid: 1.2 },
        { text: 'womens hiking boots', match_type: 'PHRASE' },
      ],
    });
    expect(added.structured).toMatchObject({ added: 1, skipped: 1 });
    const id = (added.structured!.results as { id?: string }[])[0]!.id!;
    expect(id).toMatch(new RegExp(`^${groups['Hiking Boots - Women']!.id}~\\d+$`));
    expect((await keywords()).find((k) => k.id === id)).toMatchObject({
      name: 'womens trail boots',
      status: 'ENABLED',
      details: { match_type: 'EXACT', cpc_bid: 1.2 },
    });
    await callToolOk(live.apiKey, 'update_keyword', { keyword_id: id, cpc_bid: 1.45 });
    await callToolOk(live.apiKey, 'pause_keywords', { keyword_ids: [id] });
    expect((await keywords()).find((k) => k.id === id)).toMatchObject({ status: 'PAUSED', details: { cpc_bid: 1.45 } });
    await callToolOk(live.apiKey, 'remove_keywords', { keyword_ids: [id] });
    const removed = (await callToolOk(live.apiKey, 'get_keyword_performance', { limit: 1000, include_paused: true })).structured!
      .rows as Row[];
    expect(removed.find((k) => k.id === id)).toBeUndefined(); // removed and without delivery: not listed
    const again = await callTool(live.apiKey, 'resume_keywords', { keyword_ids: [id] });
    expect(again.status).toBe(400);
    expect(again.body.error).toContain('REMOVED');
  });

  it('negatives at campaign and ad group level are added and removed on the platform', async () => {
    const generic = campaigns['Generic - Hiking Boots']!;
    const added = await callToolOk(live.apiKey, 'add_negative_keywords', {
      campaign_id: generic.id,
      keywords: [
        { text: 'repair', match_type: 'PHRASE' },
        { text: 'free', match_type: 'BROAD' },
      ],
    });
    expect(added.structured).toMatchObject({ level: 'campaign', added: 1, skipped: 1 });
    const group = await callToolOk(live.apiKey, 'add_negative_keywords', {
      campaign_id: generic.id,
      ad_group_id: groups['Hiking Boots - Men']!.id,
      keywords: [{ text: 'kids', match_type: 'BROAD' }],
    });
    expect(group.structured).toMatchObject({ level: 'ad_group', added: 1 });
    const removed = await callToolOk(live.apiKey, 'remove_negative_keywords', { campaign_id: generic.id, texts: ['repair', 'kids'] });
    expect((removed.structured!.removed as unknown[]).length).toBe(2);
    const customer = platform.api.customer(live.account.account_id);
    expect(customer.campaignCriteria.some((c) => c.keyword?.text === 'repair')).toBe(false);
    expect(customer.adGroupCriteria.some((c) => c.keyword?.text === 'kids')).toBe(false);
  });

  it('pause_ad, pause_ad_group, update_campaign_budget and update_bid_strategy show on the platform and in the next read', async () => {
    const ad = ((await callToolOk(live.apiKey, 'get_ad_performance', { limit: 1000 })).structured!.rows as Row[]).find(
      (a) => a.name === 'Summer Hiking Sandals',
    )!;
    await callToolOk(live.apiKey, 'pause_ad', { ad_id: ad.id });
    expect(
      ((await callToolOk(live.apiKey, 'get_ad_performance', { limit: 1000 })).structured!.rows as Row[]).find((a) => a.id === ad.id)!
        .status,
    ).toBe('PAUSED');
    await callToolOk(live.apiKey, 'pause_ad_group', { ad_group_id: groups['Summer Sandals']!.id });
    expect((await adGroupsByName(live.apiKey))['Summer Sandals']!.status).toBe('PAUSED');
    const brand = campaigns['Brand - Exact']!;
    await callToolOk(live.apiKey, 'update_campaign_budget', { campaign_id: brand.id, daily_budget: 62.5 });
    expect((await campaignsByName(live.apiKey))['Brand - Exact']!.budget_amount).toBe(62.5);
    const bidding = await callToolOk(live.apiKey, 'update_bid_strategy', {
      campaign_id: brand.id,
      strategy: 'MAXIMIZE_CONVERSIONS',
      target_cpa: 18,
    });
    expect(bidding.structured).toMatchObject({
      before: { strategy: 'TARGET_IMPRESSION_SHARE' },
      after: { strategy: 'MAXIMIZE_CONVERSIONS', target_cpa: 18 },
    });
    const wire = platform.api.customer(live.account.account_id).campaigns.find((c) => c.id === brand.id)!;
    expect(wire).toMatchObject({ biddingStrategyType: 'MAXIMIZE_CONVERSIONS', maximizeConversions: { targetCpaMicros: '18000000' } });
    expect(wire.targetImpressionShare).toBeUndefined();
  });

  it('maximize clicks is written as target spend and read back as maximize clicks; the next strategy change works', async () => {
    const generic = campaigns['Generic - Hiking Boots']!;
    await callToolOk(live.apiKey, 'update_bid_strategy', { campaign_id: generic.id, strategy: 'MAXIMIZE_CLICKS' });
    const wire = platform.api.customer(live.account.account_id).campaigns.find((c) => c.id === generic.id)!;
    expect(wire.biddingStrategyType).toBe('TARGET_SPEND');
    expect((await campaignsByName(live.apiKey))['Generic - Hiking Boots']).toMatchObject({ bidding_strategy: 'MAXIMIZE_CLICKS' });
    const next = await callToolOk(live.apiKey, 'update_bid_strategy', {
      campaign_id: generic.id,
      strategy: 'MAXIMIZE_CONVERSIONS',
      target_cpa: 25,
    });
    expect(next.structured).toMatchObject({
      before: { strategy: 'MAXIMIZE_CLICKS' },
      after: { strategy: 'MAXIMIZE_CONVERSIONS', target_cpa: 25 },
    });
  });

  it('create_search_campaign creates budget, campaign, ad groups, keywords and ads on the platform; ad copy edits write through', async () => {
    const rsa = {
      headlines: ['Trail Boots for Women', 'Waterproof and Light', 'Free 30-Day Returns'],
      descriptions: ['Boots tested on 500 mile trails.', 'Free shipping over $50.'],
      final_url: 'https://www.northwind-outdoor.example/women',
    };
    const created = await callToolOk(live.apiKey, 'create_search_campaign', {
      name: 'Search - Live Launch',
      daily_budget: 30,
      bidding_strategy: 'MAXIMIZE_CONVERSIONS',
      target_cpa: 20,
      ad_groups: [{ name: 'Launch Boots', cpc_bid: 1.2, keywords: [{ text: 'launch boots', match_type: 'PHRASE' }], ads: [rsa] }],
      negative_keywords: [{ text: 'free', match_type: 'BROAD' }],
      location_ids: ['2840'],
    });
    const customer = platform.api.customer(live.account.account_id);
    const wire = customer.campaigns.find((c) => c.id === created.structured!.campaign_id)!;
    expect(wire).toMatchObject({
      status: 'PAUSED',
      advertisingChannelType: 'SEARCH',
      biddingStrategyType: 'MAXIMIZE_CONVERSIONS',
      maximizeConversions: { targetCpaMicros: '20000000' },
    });
    expect(customer.budgets.find((b) => b.resourceName === wire.campaignBudget)!.amountMicros).toBe('30000000');
    expect((await campaignsByName(live.apiKey))['Search - Live Launch']).toMatchObject({ status: 'PAUSED', budget_amount: 30 });
    const group = (created.structured!.ad_groups as { id: string }[])[0]!;
    const ad = customer.ads.find((a) => a.adGroup.endsWith(`/${group.id}`))!;
    const adId = String(ad.ad.id);
    await callToolOk(live.apiKey, 'update_ad_content', {
      ad_id: adId,
      headlines: [...rsa.headlines, 'New Colors'],
      final_url: 'https://www.northwind-outdoor.example/new',
    });
    expect(ad.ad.responsiveSearchAd.headlines).toHaveLength(4);
    expect((await callToolOk(live.apiKey, 'get_ad_creative', { ad_id: adId })).structured).toMatchObject({
      final_url: 'https://www.northwind-outdoor.example/new',
      status: 'ENABLED',
    });
    const second = await callToolOk(live.apiKey, 'create_ad', { ad_group_id: group.id, ...rsa });
    expect(second.structured!.status).toBe('PAUSED');
    expect(customer.ads.filter((a) => a.adGroup.endsWith(`/${group.id}`))).toHaveLength(2);
  });

  it('sitelinks, snippets and a business name are created and linked on the platform and read back', async () => {
    const generic = campaigns['Generic - Hiking Boots']!;
    await callToolOk(live.apiKey, 'add_sitelinks', {
      campaign_id: generic.id,
      sitelinks: [
        {
          link_text: 'Boot Finder',
          final_url: 'https://www.northwind-outdoor.example/finder',
          description1: 'Find your fit',
          description2: 'Compare styles',
        },
      ],
    });
    await callToolOk(live.apiKey, 'add_structured_snippets', {
      campaign_id: generic.id,
      snippets: [{ header: 'Styles', values: ['Hiking', 'Trail', 'Winter'] }],
    });
    await callToolOk(live.apiKey, 'add_business_name_asset', { campaign_id: generic.id, business_name: 'Northwind Outdoor' });
    const listed = await callToolOk(live.apiKey, 'list_campaign_extensions', { campaign_id: generic.id });
    expect(listed.structured!.counts).toMatchObject({ SITELINK: 1, STRUCTURED_SNIPPET: 1, BUSINESS_NAME: 1, CALL: 1 });
    const customer = platform.api.customer(live.account.account_id);
    expect(customer.assets.find((a) => a.type === 'TEXT')).toMatchObject({ textAsset: { text: 'Northwind Outdoor' } });
    const removed = await callToolOk(live.apiKey, 'remove_sitelinks', { campaign_id: generic.id });
    expect(removed.structured).toMatchObject({ remaining: 0 });
    expect(customer.campaignAssets.some((l) => l.fieldType === 'SITELINK')).toBe(false);
  });

  it('shared negative keyword lists are shared sets with shared criteria, applied through campaign shared sets', async () => {
    const generic = campaigns['Generic - Hiking Boots']!;
    const created = await callToolOk(live.apiKey, 'create_negative_keyword_list', {
      name: 'Live exclusions',
      keywords: [{ text: 'jobs', match_type: 'BROAD' }],
      campaign_ids: [generic.id],
    });
    const listId = created.structured!.id as string;
    await callToolOk(live.apiKey, 'remove_negative_keyword_list_keywords', { list_id: listId, texts: ['jobs'] });
    const lists = (await callToolOk(live.apiKey, 'list_negative_keyword_lists')).structured!.lists as {
      id: string;
      keywords: unknown[];
      campaign_ids: string[];
    }[];
    expect(lists.find((l) => l.id === listId)).toMatchObject({ keywords: [], campaign_ids: [generic.id] });
    await callToolOk(live.apiKey, 'detach_negative_keyword_list', { list_id: listId, campaign_ids: [generic.id] });
    expect(platform.api.customer(live.account.account_id).campaignSharedSets).toEqual([]);
  });
});
