import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const range = { start_date: daysAgo(30), end_date: yesterday() };

let apiKey: string;
let profileId: string;
beforeAll(async () => {
  const owner = await createTestOwner({ accounts: { retailads: 1 } });
  apiKey = owner.apiKey;
  profileId = owner.accounts.retailads![0].account_id;
});

describe('Tool: analyze_retailads_placements', () => {
  it('compares the three placements and recommends adjustments within 0-900%', async () => {
    const data = await callToolOk(apiKey, 'analyze_retailads_placements', {});
    const s = data.structured!;
    expect(s.end_date).toBe(yesterday());
    expect(s.start_date).toBe(daysAgo(30));
    expect((s.placements as Row[]).map((p) => p.placement).sort()).toEqual(['PRODUCT_PAGES', 'REST_OF_SEARCH', 'TOP_OF_SEARCH']);
    // Overall placement figures are the sums of the rows.
    const rows = s.rows as Row[];
    for (const p of s.placements as Row[]) {
      const spend = rows.filter((r) => r.placement === p.placement).reduce((t, r) => t + r.spend, 0);
      expect(p.spend).toBeCloseTo(spend, 1);
      if (p.clicks > 0) expect(p.cpc).toBeCloseTo(p.spend / p.clicks, 1);
    }
    const recs = s.recommendations as Row[];
    expect(recs.length).toBeGreaterThan(0);
    expect(recs.every((r) => r.recommended_adjustment >= 0 && r.recommended_adjustment <= 900)).toBe(true);
    // A placement that spent without sales is never boosted.
    for (const r of rows.filter((x) => x.clicks >= 20 && x.sales === 0)) {
      expect(recs.find((x) => x.campaign_id === r.campaign_id && x.placement === r.placement)!.recommended_adjustment).toBe(0);
    }
    expect(data.text).toContain('Top of search');
    expect(data.text).toContain('Product pages');
    expect(data.text).toContain('Rest of search');
    expect(data.text).toContain('Recommended bid adjustments');
  });

  it('applies the shared filters (campaign name, match type, sort, paging)', async () => {
    const tents = await callToolOk(apiKey, 'analyze_retailads_placements', { campaign_name_contains: 'TENTS' });
    expect(new Set((tents.structured!.rows as Row[]).map((r) => r.campaign_name))).toEqual(new Set(['SP - Tents - Broad Research']));
    const page = await callToolOk(apiKey, 'analyze_retailads_placements', { limit: 2, sort_by: 'sales', ...range });
    expect(page.structured!.paging).toMatchObject({ returned: 2, limit: 2, has_more: true, next_offset: 2 });
    const sales = (page.structured!.rows as Row[]).map((r) => r.sales);
    expect(sales[0]).toBeGreaterThanOrEqual(sales[1]);
    const exact = await callToolOk(apiKey, 'analyze_retailads_placements', { match_type: 'EXACT' });
    const all = await callToolOk(apiKey, 'analyze_retailads_placements', {});
    expect((exact.structured!.rows as Row[]).length).toBeLessThan((all.structured!.rows as Row[]).length);
  });

  it('rejects an end date before the start date', async () => {
    const result = await callTool(apiKey, 'analyze_retailads_placements', { start_date: daysAgo(2), end_date: daysAgo(10) });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`end_date`');
  });
});

describe('Tool: list_retailads_ad_groups', () => {
  it('lists Sponsored Products ad groups, filters by campaign and pages with next_token', async () => {
    const all = await callToolOk(apiKey, 'list_retailads_ad_groups', {});
    const groups = all.structured!.ad_groups as Row[];
    expect(groups.length).toBeGreaterThanOrEqual(8);
    expect(groups.every((g) => g.campaign_name.startsWith('SP - '))).toBe(true);
    const campaignId = groups[0].campaign_id;
    const one = await callToolOk(apiKey, 'list_retailads_ad_groups', { campaign_ids: [campaignId] });
    expect((one.structured!.ad_groups as Row[]).every((g) => g.campaign_id === campaignId)).toBe(true);
    const first = await callToolOk(apiKey, 'list_retailads_ad_groups', { max_results: 3 });
    expect((first.structured!.ad_groups as Row[]).length).toBe(3);
    expect(first.structured!.next_token).toBe('3');
    const second = await callToolOk(apiKey, 'list_retailads_ad_groups', { max_results: 3, next_token: '3' });
    expect((second.structured!.ad_groups as Row[])[0].ad_group_id).toBe(groups[3].ad_group_id);
  });

  it('rejects a page size outside 1-1000', async () => {
    const result = await callTool(apiKey, 'list_retailads_ad_groups', { max_results: 0 });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`max_results` must be at least 1');
  });
});

describe('Tool: get_retailads_keyword_recommendations', () => {
  it('suggests keywords with bids and ranges for an ad group, leaving out those it targets', async () => {
    const groups = (await callToolOk(apiKey, 'list_retailads_ad_groups', {})).structured!.ad_groups as Row[];
    const group = groups.find((g) => g.keywords > 0)!;
    const data = await callToolOk(apiKey, 'get_retailads_keyword_recommendations', {
      campaign_id: group.campaign_id,
      ad_group_id: group.ad_group_id,
    });
    const recs = data.structured!.recommendations as Row[];
    expect(recs.length).toBe(25);
    for (const r of recs) {
      expect(['EXACT', 'PHRASE', 'BROAD']).toContain(r.match_type);
      expect(r.bid_range_low).toBeLessThanOrEqual(r.suggested_bid);
      expect(r.bid_range_high).toBeGreaterThanOrEqual(r.suggested_bid);
    }
    expect(recs.map((r) => r.rank)).toEqual(recs.map((_, i) => i + 1));
    const targeted = await callToolOk(apiKey, 'get_retailads_report', {
      ...range,
      report_type_id: 'spTargeting',
      campaign_id: group.campaign_id,
    });
    const existing = new Set(
      (targeted.structured!.rows as Row[])
        .filter((r) => r.ad_group_id === group.ad_group_id && r.match_type)
        .map((r) => `${r.keyword}|${r.match_type}`),
    );
    expect(recs.some((r) => existing.has(`${r.keyword}|${r.match_type}`))).toBe(false);
    const many = await callToolOk(apiKey, 'get_retailads_keyword_recommendations', {
      asins: ['B0TEST12345'.slice(0, 10)],
      max_recommendations: 60,
    });
    expect((many.structured!.recommendations as Row[]).length).toBe(60);
  });

  it('needs exactly one source and a sensible count', async () => {
    const none = await callTool(apiKey, 'get_retailads_keyword_recommendations', {});
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('`asins`');
    const campaignOnly = await callTool(apiKey, 'get_retailads_keyword_recommendations', { campaign_id: '123' });
    expect(campaignOnly.body.error).toContain('`campaign_id` needs `ad_group_id`');
    const both = await callTool(apiKey, 'get_retailads_keyword_recommendations', { ad_group_id: '1', asins: ['B012345678'] });
    expect(both.body.error).toContain('`ad_group_id` and `asins`');
    const asin = await callTool(apiKey, 'get_retailads_keyword_recommendations', { asins: ['12'] });
    expect(asin.body.error).toContain('`asins[0]` must be a 10-character ASIN');
    const max = await callTool(apiKey, 'get_retailads_keyword_recommendations', { asins: ['B012345678'], max_recommendations: 201 });
    expect(max.body.error).toContain('`max_recommendations` must be at most 200');
    const missing = await callTool(apiKey, 'get_retailads_keyword_recommendations', { ad_group_id: '999999999999999' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('999999999999999');
  });
});

describe('Tool: add_retailads_sb_negative_keywords', () => {
  it('adds negatives to a Sponsored Brands ad group, visible afterwards, and reports duplicates', async () => {
    const sbGroups = (await callToolOk(apiKey, 'get_retailads_report', { ...range, report_type_id: 'sbAdGroup' })).structured!
      .rows as Row[];
    const group = sbGroups.find((g) => g.campaign_name === 'SB - Brand Store Spotlight')!;
    const item = { campaignId: group.campaign_id, adGroupId: group.ad_group_id, keywordText: 'used tent', matchType: 'negativeExact' };
    const data = await callToolOk(apiKey, 'add_retailads_sb_negative_keywords', {
      negative_keywords: [item, { ...item, keywordText: 'repair kit', matchType: 'negativePhrase' }, { ...item, keywordText: 'USED tent' }],
    });
    expect((data.structured!.created as Row[]).map((c) => c.keyword_text)).toEqual(['used tent', 'repair kit']);
    expect((data.structured!.duplicates as Row[])[0]).toMatchObject({ index: 2, reason: 'repeated in this call' });
    const listed = await callToolOk(apiKey, 'list_retailads_sb_negative_keywords', { ad_group_id: group.ad_group_id });
    const negatives = listed.structured!.negative_keywords as Row[];
    expect(negatives).toEqual(
      expect.arrayContaining([expect.objectContaining({ keyword_text: 'used tent', match_type: 'negativeExact', state: 'enabled' })]),
    );
    const again = await callToolOk(apiKey, 'add_retailads_sb_negative_keywords', { negative_keywords: [item] });
    expect(again.structured!.created).toEqual([]);
    expect((again.structured!.duplicates as Row[])[0].reason).toBe('already exists in this ad group');
    const after = await callToolOk(apiKey, 'list_retailads_sb_negative_keywords', { ad_group_id: group.ad_group_id });
    expect((after.structured!.negative_keywords as Row[]).length).toBe(negatives.length);
  });

  it('rejects other match types, non-Sponsored Brands campaigns and foreign ad groups', async () => {
    const sbGroups = (await callToolOk(apiKey, 'get_retailads_report', { ...range, report_type_id: 'sbAdGroup' })).structured!
      .rows as Row[];
    const group = sbGroups[0];
    const item = { campaignId: group.campaign_id, adGroupId: group.ad_group_id, keywordText: 'cheap', matchType: 'negativeExact' };
    const wrongCase = await callTool(apiKey, 'add_retailads_sb_negative_keywords', {
      negative_keywords: [{ ...item, matchType: 'NegativeExact' }],
    });
    expect(wrongCase.status).toBe(400);
    expect(wrongCase.body.error).toContain('`negative_keywords[0].matchType` must be negativeExact or negativePhrase');
    const broad = await callTool(apiKey, 'add_retailads_sb_negative_keywords', {
      negative_keywords: [{ ...item, matchType: 'negativeBroad' }],
    });
    expect(broad.status).toBe(400);
    const sp = ((await callToolOk(apiKey, 'list_retailads_ad_groups', {})).structured!.ad_groups as Row[])[0];
    const notSb = await callTool(apiKey, 'add_retailads_sb_negative_keywords', {
      negative_keywords: [{ ...item, campaignId: sp.campaign_id, adGroupId: sp.ad_group_id }],
    });
    expect(notSb.status).toBe(400);
    expect(notSb.body.error).toContain('not Sponsored Brands');
    const foreign = await callTool(apiKey, 'add_retailads_sb_negative_keywords', {
      negative_keywords: [{ ...item, adGroupId: sp.ad_group_id }],
    });
    expect(foreign.body.error).toContain(`is not an ad group of campaign ${group.campaign_id}`);
    const empty = await callTool(apiKey, 'add_retailads_sb_negative_keywords', { negative_keywords: [] });
    expect(empty.body.error).toContain('`negative_keywords` must have at least 1');
    const unknownField = await callTool(apiKey, 'add_retailads_sb_negative_keywords', {
      negative_keywords: [{ ...item, state: 'enabled' }],
    });
    expect(unknownField.status).toBe(400);
    // Nothing was written by the failed calls.
    const listed = await callToolOk(apiKey, 'list_retailads_sb_negative_keywords', { ad_group_id: group.ad_group_id });
    expect((listed.structured!.negative_keywords as Row[]).some((n) => n.keyword_text === 'cheap')).toBe(false);
  });
});

describe('Tool: list_retailads_profiles', () => {
  it('lists the profile with country, currency, marketplace and account type', async () => {
    const data = await callToolOk(apiKey, 'list_retailads_profiles', {});
    expect(data.structured!.profiles).toEqual([
      expect.objectContaining({ profile_id: profileId, country: 'US', currency: 'USD', marketplace: 'US-MAIN', account_type: 'seller' }),
    ]);
    const named = await callToolOk(apiKey, 'list_retailads_profiles', { profile_id: profileId });
    expect(named.text).toContain(profileId);
  });
});
