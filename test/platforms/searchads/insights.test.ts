/**
 * The searchads analysis and planning tools on a seeded sandbox account: conversion actions,
 * anomalies, budget allocation, benchmarks, campaign type choice, ad copy drafts and keyword
 * research. Figures are checked against what the report tools show for the same dates.
 */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { campaignsByName } from './helpers';

useTestTables();

type Structured = Record<string, any>;
/** The UTC date `n` days before today (the sandbox reports in UTC). */
const ago = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

describe('searchads insights tools', () => {
  let apiKey: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
    campaigns = await campaignsByName(apiKey);
  });

  describe('conversion actions', () => {
    it('lists primary and secondary actions with their tracking status', async () => {
      const data = await callToolOk(apiKey, 'list_conversion_actions', {});
      const actions = data.structured!.conversion_actions as Structured[];
      expect(actions.map((a) => a.name)).toEqual(expect.arrayContaining(['Website purchase', 'Add to cart', 'Product page view (GA4)']));
      const purchase = actions.find((a) => a.name === 'Website purchase')!;
      expect(purchase).toMatchObject({ category: 'PURCHASE', type: 'WEBPAGE', primary_for_goal: true, tracking_status: 'recording' });
      expect(purchase.conversions_30d).toBeGreaterThan(0);
      const cart = actions.find((a) => a.name === 'Add to cart')!;
      expect(cart).toMatchObject({ primary_for_goal: false, conversions_30d: 0 });
      expect(cart.all_conversions_30d).toBeGreaterThan(0);
      const primaryOnly = await callToolOk(apiKey, 'list_conversion_actions', { primary_only: true, include_hidden: false });
      expect((primaryOnly.structured!.conversion_actions as Structured[]).every((a) => a.primary_for_goal && a.status === 'ENABLED')).toBe(
        true,
      );
    });

    it('splits exactly the conversions the campaign report shows, by action', async () => {
      const dates = { start_date: ago(40), end_date: ago(10) };
      const [split, report] = await Promise.all([
        callToolOk(apiKey, 'get_conversion_action_performance', { ...dates, by_campaign: true }),
        callToolOk(apiKey, 'get_campaign_performance', { ...dates, limit: 1000 }),
      ]);
      const actions = split.structured!.actions as Structured[];
      const primary = actions.filter((a) => a.primary_for_goal);
      expect(sum(primary.map((a) => a.conversions))).toBe(report.structured!.totals.conversions);
      expect(sum(primary.map((a) => a.conversions_value))).toBeCloseTo(report.structured!.totals.revenue, 2);
      expect(actions.filter((a) => !a.primary_for_goal).every((a) => a.conversions === 0 && a.all_conversions > 0)).toBe(true);
      const purchase = primary.find((a) => a.name === 'Website purchase')!;
      expect(purchase.cost_per_conversion).toBeCloseTo(report.structured!.totals.spend / purchase.conversions, 2);
      expect(sum(purchase.campaigns.map((c: Structured) => c.conversions))).toBe(purchase.conversions);
      // One campaign: its share only.
      const generic = campaigns['Generic - Hiking Boots']!;
      const one = await callToolOk(apiKey, 'get_conversion_action_performance', {
        ...dates,
        campaign_id: generic.id,
        include_secondary: false,
      });
      const genericReport = (report.structured!.rows as Structured[]).find((r) => r.id === generic.id)!;
      expect(sum((one.structured!.actions as Structured[]).map((a) => a.conversions))).toBe(genericReport.metrics.conversions);
      expect((one.structured!.actions as Structured[]).every((a) => a.primary_for_goal)).toBe(true);
    });

    it('refuses an unknown campaign and dates out of order', async () => {
      expect((await callTool(apiKey, 'get_conversion_action_performance', { campaign_id: '999' })).status).toBe(400);
      const bad = await callTool(apiKey, 'get_conversion_action_performance', { start_date: '2026-10-10', end_date: '2026-10-01' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('start_date');
    });
  });

  describe('explain_performance_anomaly', () => {
    it('compares a period with the one before, and the contributions add up to the change', async () => {
      const data = await callToolOk(apiKey, 'explain_performance_anomaly', { metric: 'spend', start_date: ago(13), end_date: ago(7) });
      const s = data.structured!;
      expect(s.comparison).toMatchObject({ start_date: ago(20), end_date: ago(14) });
      const [now, before] = await Promise.all([
        callToolOk(apiKey, 'get_campaign_performance', { start_date: ago(13), end_date: ago(7), limit: 1000 }),
        callToolOk(apiKey, 'get_campaign_performance', { start_date: ago(20), end_date: ago(14), limit: 1000 }),
      ]);
      expect(s.period.value).toBeCloseTo(now.structured!.totals.spend, 2);
      expect(s.comparison.value).toBeCloseTo(before.structured!.totals.spend, 2);
      expect(sum((s.contributors as Structured[]).map((c) => c.contribution))).toBeCloseTo(s.change, 1);
      expect((s.drivers as Structured[]).map((d) => d.factor)).toEqual(['clicks', 'cpc']);
      expect(s.significance.baseline_start_date).toBe(ago(41));
      expect(data.text).toContain('What moved it');
    });

    it('goes one level down with campaign_id, for a ratio metric', async () => {
      const generic = campaigns['Generic - Hiking Boots']!;
      const data = await callToolOk(apiKey, 'explain_performance_anomaly', { metric: 'ctr', campaign_id: generic.id, lookback_days: 14 });
      const s = data.structured!;
      expect(s.scope).toMatchObject({ level: 'campaign', campaign_id: generic.id });
      expect((s.contributors as Structured[]).every((c) => c.level === 'ad_group')).toBe(true);
      if (s.change !== null) expect((s.contributors as Structured[]).reduce((a, c) => a + c.contribution, 0)).toBeCloseTo(s.change, 3);
    });

    it('refuses an unknown metric and a comparison that overlaps the period', async () => {
      const metric = await callTool(apiKey, 'explain_performance_anomaly', { metric: 'magic' });
      expect(metric.status).toBe(400);
      expect(metric.body.error).toContain('metric');
      const overlap = await callTool(apiKey, 'explain_performance_anomaly', {
        metric: 'spend',
        start_date: ago(13),
        end_date: ago(7),
        compare_start_date: ago(16),
        compare_end_date: ago(12),
      });
      expect(overlap.status).toBe(400);
      expect(overlap.body.error).toContain('must end before');
      const half = await callTool(apiKey, 'explain_performance_anomaly', { metric: 'spend', compare_start_date: ago(40) });
      expect(half.status).toBe(400);
    });
  });

  describe('optimize_budget_allocation', () => {
    it('keeps the total budget, and every call it proposes is a valid budget change', async () => {
      const data = await callToolOk(apiKey, 'optimize_budget_allocation', { max_shift_percent: 30 });
      const s = data.structured!;
      const rows = s.campaigns as Structured[];
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(sum(rows.map((r) => r.proposed_daily_budget))).toBeCloseTo(s.total_daily_budget, 2);
      for (const r of rows)
        expect(Math.abs(r.proposed_daily_budget - r.current_daily_budget)).toBeLessThanOrEqual(r.current_daily_budget * 0.3 + 0.01);
      expect(rows.filter((r) => r.role === 'gains').every((r) => r.budget_utilisation >= 0.9)).toBe(true);
      expect(s.calls.length).toBe(rows.filter((r) => r.role !== 'keeps').length);
      // Nothing changed, and the proposed call is accepted as a plan.
      if (s.calls.length) {
        const call = s.calls[0];
        const plan = await callTool(apiKey, 'update_campaign_budget', { ...call.arguments, dry_run: true });
        expect(plan.status).toBe(200);
        const after = await campaignsByName(apiKey);
        expect(Object.values(after).find((c) => c.id === call.arguments.campaign_id)!.budget_amount).toBe(
          rows.find((r) => r.campaign_id === call.arguments.campaign_id)!.current_daily_budget,
        );
      }
    });

    it('refuses bounds and unknown campaigns', async () => {
      expect((await callTool(apiKey, 'optimize_budget_allocation', { max_shift_percent: 80 })).status).toBe(400);
      expect((await callTool(apiKey, 'optimize_budget_allocation', { campaign_ids: ['1'] })).status).toBe(400);
      const unknown = await callTool(apiKey, 'optimize_budget_allocation', { campaign_ids: [campaigns['Brand - Exact']!.id, '999'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('999');
    });
  });

  describe('get_benchmark_context', () => {
    it('uses the business profile vertical, else all industries, and says where each figure comes from', async () => {
      const owner = await createTestOwner({ accounts: { searchads: 1 } });
      const plain = await callToolOk(owner.apiKey, 'get_benchmark_context', {});
      expect(plain.structured).toMatchObject({ vertical: 'other', vertical_from: 'default', category: 'All industries' });
      expect((plain.structured!.metrics as Structured[]).find((m) => m.metric === 'cpc')).toMatchObject({ benchmark: 4.66 });
      await callToolOk(owner.apiKey, 'save_business_profile', { vertical: 'outdoor_and_sports' });
      const sports = await callToolOk(owner.apiKey, 'get_benchmark_context', {});
      expect(sports.structured).toMatchObject({
        vertical: 'outdoor_and_sports',
        vertical_from: 'business_profile',
        category: 'Sports & Recreation',
      });
      const ctr = (sports.structured!.metrics as Structured[]).find((m) => m.metric === 'ctr')!;
      expect(ctr).toMatchObject({ benchmark: 0.0966, benchmark_source: expect.stringContaining('2024') });
      expect(ctr.account).toBeGreaterThan(0);
      expect(ctr.difference).toBeCloseTo(ctr.account / 0.0966 - 1, 2);
      const travel = await callToolOk(owner.apiKey, 'get_benchmark_context', { vertical: 'travel' });
      expect(travel.structured!.vertical_from).toBe('argument');
      expect((await callTool(owner.apiKey, 'get_benchmark_context', { vertical: 'space' })).status).toBe(400);
    });
  });

  describe('select_searchads_campaign_type', () => {
    it('ranks the types for a goal and blocks what is missing', async () => {
      const sales = await callToolOk(apiKey, 'select_searchads_campaign_type', { goal: 'sales', has_product_feed: true, has_images: true });
      const options = sales.structured!.options as Structured[];
      expect(options.map((o) => o.type)).toEqual(expect.arrayContaining(['SEARCH', 'PERFORMANCE_MAX', 'SHOPPING']));
      expect(options[0]!.score).toBeGreaterThanOrEqual(options.at(-1)!.score);
      expect(sales.structured!.recommended).toBe(options[0]!.type);
      const noFeed = await callToolOk(apiKey, 'select_searchads_campaign_type', { goal: 'sales', has_product_feed: false });
      expect((noFeed.structured!.options as Structured[]).find((o) => o.type === 'SHOPPING')).toMatchObject({
        score: 0,
        blocked_by: expect.stringContaining('feed'),
      });
      const app = await callToolOk(apiKey, 'select_searchads_campaign_type', { goal: 'app_installs' });
      expect(app.structured).toMatchObject({ recommended: 'APP' });
      expect((app.structured!.options as Structured[])[0]!.create_tool).toBe('create_app_campaign');
      expect((await callTool(apiKey, 'select_searchads_campaign_type', { goal: 'app_installs', has_app: false })).status).toBe(400);
      expect((await callTool(apiKey, 'select_searchads_campaign_type', { goal: 'fame' })).status).toBe(400);
    });
  });

  describe('suggest_ad_content', () => {
    it('drafts copy within the limits that create_ad accepts as is', async () => {
      const data = await callToolOk(apiKey, 'suggest_ad_content', {
        product: 'waterproof hiking boots',
        business_name: 'Northwind Outdoor',
        keywords: ['mens hiking boots', 'waterproof boots'],
        selling_points: ['Free returns for 60 days', 'Tested on 500-mile trails', 'Lifetime resoling'],
        offer: '20% off your first pair',
        final_url: 'https://www.example.com/boots',
      });
      const s = data.structured!;
      expect(s.headlines.length).toBeGreaterThanOrEqual(8);
      expect((s.headlines as Structured[]).every((h) => h.text.length <= 30 && !h.text.includes('!'))).toBe(true);
      expect((s.descriptions as Structured[]).every((d) => d.text.length <= 90)).toBe(true);
      expect(new Set((s.headlines as Structured[]).map((h) => h.text.toLowerCase())).size).toBe(s.headlines.length);
      expect(s.ready_for_create_ad).toBe(true);
      const group = (
        await callToolOk(apiKey, 'list_ad_groups', { campaign_id: campaigns['Generic - Hiking Boots']!.id, status: 'ENABLED' })
      ).structured!.ad_groups[0];
      const created = await callToolOk(apiKey, 'create_ad', {
        ad_group_id: group.id,
        headlines: (s.headlines as Structured[]).map((h) => h.text),
        descriptions: (s.descriptions as Structured[]).map((d) => d.text),
        final_url: s.final_url,
        ...(s.path1 ? { path1: s.path1 } : {}),
        ...(s.path2 ? { path2: s.path2 } : {}),
      });
      expect(created.structured!.status).toBe('PAUSED');
    });

    it('reads the keywords of an ad group, and refuses both keywords and ad_group_id', async () => {
      const group = (
        await callToolOk(apiKey, 'list_ad_groups', { campaign_id: campaigns['Generic - Hiking Boots']!.id, status: 'ENABLED' })
      ).structured!.ad_groups[0];
      const data = await callToolOk(apiKey, 'suggest_ad_content', { product: 'hiking boots', ad_group_id: group.id });
      expect((data.structured!.keywords_used as string[]).length).toBeGreaterThan(0);
      const both = await callTool(apiKey, 'suggest_ad_content', { product: 'boots', keywords: ['a b'], ad_group_id: group.id });
      expect(both.status).toBe(400);
      expect((await callTool(apiKey, 'suggest_ad_content', { product: 'x'.repeat(61) })).status).toBe(400);
      expect((await callTool(apiKey, 'suggest_ad_content', { product: 'boots', call_to_action: 'Click Here!!' })).status).toBe(400);
    });
  });

  describe('research_keywords', () => {
    it("returns ideas with volumes and bids, the account's own keywords marked", async () => {
      const data = await callToolOk(apiKey, 'research_keywords', { keywords: ['mens hiking boots'], location_ids: ['2840'], limit: 10 });
      const ideas = data.structured!.ideas as Structured[];
      expect(ideas.length).toBe(10);
      expect(
        ideas.every(
          (i) => i.avg_monthly_searches > 0 && i.monthly_searches.length === 12 && i.low_top_of_page_bid <= i.high_top_of_page_bid,
        ),
      ).toBe(true);
      expect(ideas.map((i) => i.avg_monthly_searches)).toEqual([...ideas.map((i) => i.avg_monthly_searches)].sort((a, b) => b - a));
      expect(ideas.find((i) => i.text === 'mens hiking boots')).toMatchObject({ in_account: true });
      const high = await callToolOk(apiKey, 'research_keywords', {
        keywords: ['trail shoes'],
        competition: ['HIGH'],
        min_monthly_searches: 1000,
      });
      expect((high.structured!.ideas as Structured[]).every((i) => i.competition === 'HIGH' && i.avg_monthly_searches >= 1000)).toBe(true);
    });

    it('falls back to the business profile website, and refuses what the platform refuses', async () => {
      const owner = await createTestOwner({ accounts: { searchads: 1 } });
      const none = await callTool(owner.apiKey, 'research_keywords', {});
      expect(none.status).toBe(400);
      expect(none.body.error).toContain('save_business_profile');
      await callToolOk(owner.apiKey, 'save_business_profile', { website: 'https://www.example.com/hiking-boots' });
      const fromSite = await callToolOk(owner.apiKey, 'research_keywords', {});
      expect(fromSite.structured!.seeds).toMatchObject({ from_business_profile: true, url: 'https://www.example.com/hiking-boots' });
      expect((fromSite.structured!.ideas as Structured[]).length).toBeGreaterThan(0);
      expect((await callTool(apiKey, 'research_keywords', { keywords: Array.from({ length: 21 }, (_, i) => `kw ${i}`) })).status).toBe(400);
      expect(
        (await callTool(apiKey, 'research_keywords', { keywords: ['boots'], location_ids: Array.from({ length: 11 }, () => '2840') }))
          .status,
      ).toBe(400);
      const lang = await callTool(apiKey, 'research_keywords', { keywords: ['boots'], language: 'xx' });
      expect(lang.status).toBe(400);
      expect(lang.body.error).toContain('list_searchads_languages');
      const geo = await callTool(apiKey, 'research_keywords', { keywords: ['boots'], location_ids: ['99999999'] });
      expect(geo.status).toBe(400);
      expect(geo.body.error).toContain('resolve_searchads_locations');
    });
  });
});
