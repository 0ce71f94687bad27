import { callTool, createTestOwner, useTestTables } from '../../support/gateway';
import { callChecked } from './checked';

useTestTables();

type Row = Record<string, any>;
let apiKey: string;
beforeAll(async () => {
  apiKey = (await createTestOwner({ accounts: { retailads: 1 } })).apiKey;
});

const list = async (tool: string, args: Record<string, unknown> = {}) => (await callChecked(apiKey, tool, args)).structured!;

describe('retailads list readers', () => {
  it.each([
    ['list_retailads_campaigns', 'campaigns'],
    ['list_retailads_keywords', 'keywords'],
    ['list_retailads_sb_keywords', 'sb_keywords'],
    ['list_retailads_negative_keywords', 'negative_keywords'],
    ['list_retailads_product_ads', 'product_ads'],
    ['list_retailads_targets', 'targets'],
    ['list_retailads_sb_targets', 'sb_targets'],
    ['list_retailads_sb_ad_groups', 'sb_ad_groups'],
    ['list_retailads_sb_ads', 'sb_ads'],
    ['list_retailads_sb_creatives', 'sb_creatives'],
  ])('%s lists rows with paging', async (tool, noun) => {
    const s = await list(tool);
    expect(s.paging.total_matching).toBe((s[noun] as Row[]).length);
    expect((s[noun] as Row[]).length).toBeGreaterThan(0);
  });
});

async function firstKeyword(state = 'ENABLED') {
  const s = await list('list_retailads_keywords', { state_filter: [state], campaign_name_contains: 'Hiking Backpacks' });
  return s.keywords[0] as Row;
}

describe('retailads updates, pause/resume, delete', () => {
  it('updates a keyword bid and state, shows it in the next read, and a dry run changes nothing', async () => {
    const k = await firstKeyword();
    const dry = await callChecked(apiKey, 'update_retailads_keywords', { keywords: [{ keywordId: k.id, bid: 0.77 }], dry_run: true });
    expect(dry.structured!.changes[0].fields.bid).toEqual({ before: k.bid, after: 0.77 });
    expect((await firstKeyword()).bid).toBe(k.bid);
    const done = await callChecked(apiKey, 'update_retailads_keywords', { keywords: [{ keywordId: k.id, bid: 0.77, state: 'PAUSED' }] });
    expect(done.structured!.changed[0].fields.state).toEqual({ before: 'ENABLED', after: 'PAUSED' });
    const after = (await list('list_retailads_keywords', { search: k.keyword_text })).keywords.find((r: Row) => r.id === k.id);
    expect(after).toMatchObject({ bid: 0.77, state: 'PAUSED' });
  });

  it.each([
    ['an unknown id', 'update_retailads_keywords', { keywords: [{ keywordId: '123456789012345', bid: 1 }] }, 'list_retailads_keywords'],
    ['no field to change', 'update_retailads_keywords', { keywords: [{ keywordId: '123456789012345' }] }, 'changes nothing'],
    [
      'an uppercase state for SB keywords',
      'update_retailads_sb_keywords',
      { keywords: [{ keywordId: '123456789012345', state: 'ENABLED' }] },
      'lowercase',
    ],
    [
      'a lowercase state for SP keywords',
      'update_retailads_keywords',
      { keywords: [{ keywordId: '123456789012345', state: 'enabled' }] },
      'ENABLED or PAUSED',
    ],
    [
      'ARCHIVED through update',
      'update_retailads_campaigns',
      { campaigns: [{ campaignId: '123456789012345', state: 'ARCHIVED' }] },
      'delete tool',
    ],
    [
      'a placement adjustment above 900',
      'update_retailads_campaigns',
      { campaigns: [{ campaignId: '123456789012345', placementAdjustments: { TOP_OF_SEARCH: 901 } }] },
      'placementAdjustments',
    ],
  ])('refuses %s with a 400', async (_label, tool, args, message) => {
    const result = await callTool(apiKey, tool, args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('refuses a bid above the campaign budget and bidding fields on a non-SP campaign', async () => {
    const k = await firstKeyword();
    const high = await callTool(apiKey, 'update_retailads_keywords', { keywords: [{ keywordId: k.id, bid: 999 }] });
    expect(high.status).toBe(400);
    expect(high.body.error).toContain('daily budget');
    const sb = (await list('list_retailads_campaigns', { ad_product: 'SPONSORED_BRANDS' })).campaigns[0] as Row;
    const bidding = await callTool(apiKey, 'update_retailads_campaigns', { campaigns: [{ campaignId: sb.id, biddingStrategy: 'MANUAL' }] });
    expect(bidding.status).toBe(400);
    expect(bidding.body.error).toContain('Sponsored Products campaigns only');
  });

  it('changes a campaign budget with the budget in the plan, and pauses and resumes campaigns', async () => {
    const c = (await list('list_retailads_campaigns', { campaign_name_contains: 'Tents', state_filter: ['ENABLED'] })).campaigns[0] as Row;
    const dry = await callChecked(apiKey, 'update_retailads_campaigns', {
      campaigns: [{ campaignId: c.id, dailyBudget: 45, name: 'SP - Tents - Trimmed' }],
      dry_run: true,
    });
    expect(dry.structured!.budgets).toEqual([
      { entity: 'campaign', id: c.id, name: c.name, before: c.daily_budget, after: 45, currency: 'USD' },
    ]);
    await callChecked(apiKey, 'update_retailads_campaigns', {
      campaigns: [{ campaignId: c.id, dailyBudget: 45, name: 'SP - Tents - Trimmed' }],
    });
    const paused = await callChecked(apiKey, 'pause_retailads_campaigns', { campaign_ids: [c.id] });
    expect(paused.structured!.changed).toHaveLength(1);
    let read = (await list('list_retailads_campaigns', { campaign_id: c.id })).campaigns[0] as Row;
    expect(read).toMatchObject({ name: 'SP - Tents - Trimmed', daily_budget: 45, state: 'PAUSED' });
    const again = await callChecked(apiKey, 'pause_retailads_campaigns', { campaign_ids: [c.id] });
    expect(again.text).toContain('Nothing changed');
    await callChecked(apiKey, 'resume_retailads_campaigns', { campaign_ids: [c.id] });
    read = (await list('list_retailads_campaigns', { campaign_id: c.id })).campaigns[0] as Row;
    expect(read.state).toBe('ENABLED');
  });

  it('deletes (archives) a keyword finally: it cannot be changed or resumed afterwards', async () => {
    const k = await firstKeyword();
    const dry = await callChecked(apiKey, 'delete_retailads_keywords', { keyword_ids: [k.id], dry_run: true });
    expect(dry.structured!.changes[0]).toMatchObject({ action: 'remove', id: k.id });
    await callChecked(apiKey, 'delete_retailads_keywords', { keyword_ids: [k.id] });
    const read = (await list('list_retailads_keywords', { state_filter: ['ARCHIVED'] })).keywords.find((r: Row) => r.id === k.id);
    expect(read.state).toBe('ARCHIVED');
    const change = await callTool(apiKey, 'update_retailads_keywords', { keywords: [{ keywordId: k.id, state: 'ENABLED' }] });
    expect(change.status).toBe(400);
    expect(change.body.error).toContain('archiving is final');
  });

  it('archives SB keywords with the lowercase archived state', async () => {
    const k = (await list('list_retailads_sb_keywords', { state_filter: ['enabled'] })).sb_keywords[0] as Row;
    await callChecked(apiKey, 'delete_retailads_sb_keywords', { keyword_ids: [k.id] });
    const read = (await list('list_retailads_sb_keywords', { state_filter: ['archived'] })).sb_keywords.map((r: Row) => r.id);
    expect(read).toContain(k.id);
  });
});

describe('retailads add-list tools', () => {
  it('adds keywords with one result per item: created (paused), duplicate, failed', async () => {
    const k = await firstKeyword();
    const auto = (await list('list_retailads_campaigns', { campaign_name_contains: 'Auto' })).campaigns[0] as Row;
    const groups = (await callChecked(apiKey, 'list_retailads_ad_groups', { campaign_ids: [auto.id] })).structured!.ad_groups as Row[];
    const data = await callChecked(apiKey, 'add_retailads_keywords', {
      keywords: [
        { campaignId: k.campaign_id, adGroupId: k.ad_group_id, keywordText: 'ultralight frame pack', matchType: 'PHRASE', bid: 0.9 },
        { campaignId: k.campaign_id, adGroupId: k.ad_group_id, keywordText: k.keyword_text.toUpperCase(), matchType: k.match_type },
        { campaignId: k.campaign_id, adGroupId: k.ad_group_id, keywordText: 'Ultralight  frame pack', matchType: 'PHRASE' },
        { campaignId: auto.id, adGroupId: groups[0].ad_group_id, keywordText: 'tent', matchType: 'EXACT' },
      ],
    });
    const results = data.structured!.results as Row[];
    expect(results.map((r) => r.outcome)).toEqual(['created', 'skipped_duplicate', 'skipped_duplicate', 'failed']);
    expect(results[3].reason).toContain('automatic targeting');
    const added = (await list('list_retailads_keywords', { search: 'ultralight frame pack' })).keywords as Row[];
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ id: results[0].id, state: 'PAUSED', bid: 0.9, match_type: 'PHRASE' });
  });

  it('adds SB targets only with `expressions` and camelCase types, lowercase paused by default', async () => {
    const g = (await list('list_retailads_sb_ad_groups', { state_filter: ['ENABLED'] })).sb_ad_groups[0] as Row;
    const singular = await callTool(apiKey, 'add_retailads_sb_targets', {
      targets: [{ campaignId: g.campaign_id, adGroupId: g.id, expression: [{ type: 'asinSameAs', value: 'B0ABC12345' }] }],
    });
    expect(singular.status).toBe(400);
    const upper = await callTool(apiKey, 'add_retailads_sb_targets', {
      targets: [{ campaignId: g.campaign_id, adGroupId: g.id, expressions: [{ type: 'ASIN_SAME_AS', value: 'B0ABC12345' }] }],
    });
    expect(upper.status).toBe(400);
    expect(upper.body.error).toContain('camelCase');
    const data = await callChecked(apiKey, 'add_retailads_sb_targets', {
      targets: [{ campaignId: g.campaign_id, adGroupId: g.id, expressions: [{ type: 'asinSameAs', value: 'b0abc12345' }], bid: 1.2 }],
    });
    expect(data.structured!.created).toBe(1);
    const read = (await list('list_retailads_sb_targets', { search: 'B0ABC12345' })).sb_targets as Row[];
    expect(read[0]).toMatchObject({ expression: 'asinSameAs=B0ABC12345', state: 'paused', bid: 1.2 });
  });

  it('adds product ads by SKU on a seller profile and refuses ASINs there, item by item', async () => {
    const k = await firstKeyword();
    const product = (await list('list_retailads_product_ads', { campaign_name_contains: 'Tents' })).product_ads[0] as Row;
    const data = await callChecked(apiKey, 'add_retailads_product_ads', {
      product_ads: [
        { campaignId: k.campaign_id, adGroupId: k.ad_group_id, sku: product.sku },
        { campaignId: k.campaign_id, adGroupId: k.ad_group_id, asin: product.asin },
        { campaignId: k.campaign_id, adGroupId: k.ad_group_id, sku: 'NOT-IN-CATALOG' },
      ],
    });
    const results = data.structured!.results as Row[];
    expect(results.map((r) => r.outcome)).toEqual(['created', 'failed', 'failed']);
    expect(results[1].reason).toContain('seller profile');
    expect(results[2].reason).toContain('catalog');
    const read = (await list('list_retailads_product_ads', { ad_group_id: k.ad_group_id })).product_ads as Row[];
    expect(read.find((r) => r.id === results[0].id)).toMatchObject({ sku: product.sku, asin: product.asin, state: 'PAUSED' });
  });

  it('adds campaign-level negative keywords and SB themes; a dry run adds nothing', async () => {
    const k = await firstKeyword();
    const dry = await callChecked(apiKey, 'add_retailads_negative_keywords', {
      negative_keywords: [{ campaignId: k.campaign_id, keywordText: 'cheap', matchType: 'NEGATIVE_PHRASE' }],
      dry_run: true,
    });
    expect(dry.structured!.changes).toHaveLength(1);
    const before = (await list('list_retailads_negative_keywords')).negative_keywords as Row[];
    expect(before.some((n) => n.keyword_text === 'cheap')).toBe(false);
    await callChecked(apiKey, 'add_retailads_negative_keywords', {
      negative_keywords: [{ campaignId: k.campaign_id, keywordText: 'cheap', matchType: 'NEGATIVE_PHRASE' }],
    });
    const after = (await list('list_retailads_negative_keywords')).negative_keywords as Row[];
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((n) => n.keyword_text === 'cheap')).toMatchObject({ level: 'campaign', state: 'ENABLED' });
    const del = await callChecked(apiKey, 'delete_retailads_negative_keywords', { negative_keyword_ids: [before[0]!.id] });
    expect(del.structured!.changed[0].fields.state).toEqual({ before: 'ENABLED', after: 'ARCHIVED' });
    const g = (await list('list_retailads_sb_ad_groups')).sb_ad_groups[0] as Row;
    const themes = await callChecked(apiKey, 'add_retailads_sb_themes', {
      themes: [
        { campaignId: g.campaign_id, adGroupId: g.id, themeType: 'KEYWORDS_RELATED_TO_YOUR_BRAND' },
        { campaignId: g.campaign_id, adGroupId: g.id, themeType: 'KEYWORDS_RELATED_TO_YOUR_BRAND' },
      ],
    });
    expect((themes.structured!.results as Row[]).map((r) => r.outcome)).toEqual(['created', 'skipped_duplicate']);
  });
});
