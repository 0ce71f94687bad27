import { callTool, createTestOwner, useTestTables } from '../../support/gateway';
import { callChecked } from './checked';

useTestTables();

type Row = Record<string, any>;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
let apiKey: string;
beforeAll(async () => {
  apiKey = (await createTestOwner({ accounts: { retailads: 1 } })).apiKey;
});

describe('retailads report readers', () => {
  it.each([
    ['get_retailads_campaign_performance', {}, 'spCampaigns'],
    ['get_retailads_campaign_performance', { ad_product: 'SPONSORED_BRANDS' }, 'sbCampaigns'],
    ['get_retailads_product_performance', { ad_product: 'SPONSORED_DISPLAY' }, 'sdAdvertisedProduct'],
    ['get_retailads_purchased_products', {}, 'spPurchasedProduct'],
    ['get_retailads_search_terms', { limit: 50 }, 'spSearchTerm'],
  ])('%s %j reads %s with totals of every matching row', async (tool, args, reportType) => {
    const s = (await callChecked(apiKey, tool, args)).structured!;
    expect(s.report_type).toBe(reportType);
    expect(s.rows.length).toBeGreaterThan(0);
    expect(s.summary.rows).toBe(s.paging.total_matching);
  });

  it('campaign performance adds up to the same figures as the campaigns list', async () => {
    const perf = (await callChecked(apiKey, 'get_retailads_campaign_performance', {})).structured!;
    const list = (await callChecked(apiKey, 'list_retailads_campaigns', { ad_product: 'SPONSORED_PRODUCTS' })).structured!;
    expect(list.summary.spend).toBeCloseTo(perf.summary.spend, 2);
  });

  it.each([
    ['a date after yesterday', 'get_retailads_search_terms', { end_date: daysAgo(-1) }, 'date_after_yesterday'],
    ['an ad product the report lacks', 'get_retailads_purchased_products', { ad_product: 'SPONSORED_DISPLAY' }, 'ad_product'],
    ['an end before the start', 'get_retailads_budget_usage', { start_date: daysAgo(3), end_date: daysAgo(9) }, 'end_date'],
    ['a target ACOS of 0', 'analyze_retailads_targeting', { target_acos: 0 }, 'target_acos'],
  ])('refuses %s', async (_l, tool, args, message) => {
    const r = await callTool(apiKey, tool, args);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain(message);
  });
});

describe('retailads analyses', () => {
  it('analyze_retailads_targeting never raises a bid above the target ACOS and names the update tools', async () => {
    const data = await callChecked(apiKey, 'analyze_retailads_targeting', { target_acos: 25 });
    const advice = data.structured!.advice as Row[];
    expect(advice.some((a) => a.action !== 'keep')).toBe(true);
    for (const a of advice) {
      if (a.acos !== null && a.acos > 25) expect(a.suggested_bid).toBeLessThanOrEqual(a.current_bid);
      if (a.action === 'raise') expect(a.acos).toBeLessThan(25);
      if (a.action === 'pause') expect(a.sales).toBe(0);
    }
    const tools = (data.structured!.actions as Row[]).map((a) => a.tool);
    expect(tools.every((t) => /^update_retailads_(sb_)?(keywords|targets)$/.test(t))).toBe(true);
    // The advice can be applied as is (dry run).
    const first = (data.structured!.actions as Row[])[0];
    const dry = await callChecked(apiKey, first.tool, { ...first.arguments, dry_run: true });
    expect(dry.structured!.dry_run).toBe(true);
  });

  it('bid recommendations respect the target and range', async () => {
    for (const tool of ['get_retailads_bid_recommendations', 'get_retailads_sb_bid_recommendations']) {
      const recs = (await callChecked(apiKey, tool, { target_acos: 30 })).structured!.recommendations as Row[];
      expect(recs.length).toBeGreaterThan(0);
      for (const r of recs) {
        expect(r.range_low).toBeLessThanOrEqual(r.suggested_bid);
        if (r.acos !== null && r.acos > 30) expect(r.suggested_bid).toBeLessThanOrEqual(r.current_bid);
      }
    }
  });

  it('wasted spend lists zero-sale terms and ready negative keyword items that the add tool accepts', async () => {
    const data = await callChecked(apiKey, 'analyze_retailads_wasted_spend', { min_spend: 2 });
    const s = data.structured!;
    expect(s.search_terms.length).toBeGreaterThan(0);
    expect(s.wasted_spend).toBeLessThanOrEqual(s.total_spend);
    const sp = (s.actions as Row[]).find((a) => a.tool === 'add_retailads_negative_keywords')!;
    const dry = await callChecked(apiKey, sp.tool, { negative_keywords: sp.arguments.negative_keywords.slice(0, 3), dry_run: true });
    expect(dry.structured!.changes).toHaveLength(3);
  });

  it('budget usage, recommendations and reallocation: no raise above the target ACOS, totals kept', async () => {
    const usage = (await callChecked(apiKey, 'get_retailads_budget_usage', {})).structured!.campaigns as Row[];
    expect(usage.length).toBeGreaterThan(0);
    for (const u of usage) expect(u.capped_days).toBeLessThanOrEqual(u.days);
    const recs = (await callChecked(apiKey, 'get_retailads_budget_recommendations', { target_acos: 30 })).structured!
      .recommendations as Row[];
    for (const r of recs) if (r.acos === null || r.acos > 30) expect(r.recommended_budget).toBeLessThanOrEqual(r.daily_budget);
    const opt = (await callChecked(apiKey, 'optimize_retailads_budget', { target_acos: 30 })).structured!;
    expect(opt.new_total).toBeLessThanOrEqual(opt.current_total);
    expect(opt.new_total).toBeGreaterThan(opt.current_total - (opt.allocation as Row[]).length);
    for (const a of opt.allocation as Row[])
      if (a.acos !== null && a.acos > 30) expect(a.recommended_budget).toBeLessThanOrEqual(a.daily_budget);
  });

  it('SB keyword suggestions for an SB ad group, and brands', async () => {
    const g = (await callChecked(apiKey, 'list_retailads_sb_ad_groups', {})).structured!.sb_ad_groups[0] as Row;
    const recs = (await callChecked(apiKey, 'get_retailads_sb_keyword_recommendations', { ad_group_id: g.id, max_recommendations: 5 }))
      .structured!.recommendations as Row[];
    expect(recs).toHaveLength(5);
    expect(recs.every((r) => ['broad', 'phrase', 'exact'].includes(r.matchType))).toBe(true);
    const brands = (await callChecked(apiKey, 'list_retailads_brands', {})).structured!.brands as Row[];
    expect(brands).toHaveLength(1);
  });
});
