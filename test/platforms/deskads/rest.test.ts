/** deskads last family (issue 16): budgets, audiences, geo and audience reports on the sandbox. */
import { createLogger } from '../../../functions/runtime/log';
import { addDays, isoDate } from '../../../core/dates';
import { deskads } from '../../../platforms/deskads/manifest';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const sum = (
  rows: { metrics: { spend: number; clicks: number; impressions: number; conversions: number } }[],
  key: 'spend' | 'clicks' | 'impressions' | 'conversions',
) => Math.round(rows.reduce((t, r) => t + r.metrics[key], 0) * 100) / 100;

describe('deskads budgets', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { deskads: 1 } })).apiKey;
  });
  const budgets = async (args: Record<string, unknown> = {}) => (await callToolOk(apiKey, 'list_deskads_budgets', args)).structured!;

  it('lists the shared budget and every campaign budget with pacing, and filters by type', async () => {
    const all = await budgets();
    const shared = all.budgets.filter((b: { type: string }) => b.type === 'Shared');
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ name: 'Seasonal campaigns (shared)', amount: 40, status: 'Paused' });
    expect(shared[0].campaigns.map((c: { name: string }) => c.name)).toEqual(['Search - Camping Gear']);
    const own = all.budgets.filter((b: { type: string }) => b.type === 'Campaign');
    expect(own.length).toBe(4);
    for (const b of own) {
      expect(b.month_to_date).toBeLessThanOrEqual(b.monthly_limit);
      expect(b.spent_yesterday).toBeLessThanOrEqual(b.amount);
    }
    const onlyShared = await budgets({ type_filter: 'Shared' });
    expect(onlyShared).toMatchObject({ total: 5, filtered: 1 });
  });

  it('update_deskads_budget changes a shared amount, its campaigns draw on the new amount, and a dry run changes nothing', async () => {
    const id = (await budgets({ type_filter: 'Shared' })).budgets[0].id;
    const dry = await callToolOk(apiKey, 'update_deskads_budget', { budget_id: id, amount: 55, dry_run: true });
    expect(dry.structured).toMatchObject({ dry_run: true });
    expect((await budgets({ type_filter: 'Shared' })).budgets[0].amount).toBe(40);
    const done = (await callToolOk(apiKey, 'update_deskads_budget', { budget_id: id, amount: 55 })).structured!;
    expect(done).toMatchObject({ before: 40, after: 55, changed: true });
    expect(done.campaigns.map((c: { daily_budget: number }) => c.daily_budget)).toEqual(done.campaigns.map(() => 55));
    const after = (await budgets({ type_filter: 'Shared' })).budgets[0];
    expect(after.amount).toBe(55);
    expect(after.campaigns[0].daily_budget).toBe(55);
  });

  it.each([
    [{ budget_id: '1', amount: 0.01 }, 'must be at least 0.05'],
    [{ budget_id: '999999', amount: 10 }, 'No shared budget 999999'],
  ])('update_deskads_budget refuses %j', async (args, message) => {
    const result = await callTool(apiKey, 'update_deskads_budget', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it("refuses a campaign's own budget in update_deskads_budget; a daily budget of its own takes a campaign off the shared budget", async () => {
    const own = (await budgets({ type_filter: 'Campaign' })).budgets[0];
    const result = await callTool(apiKey, 'update_deskads_budget', { budget_id: own.id, amount: 10 });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('update_deskads_campaign');
    const member = (await budgets({ type_filter: 'Shared' })).budgets[0].campaigns[0].id;
    const dry = await callToolOk(apiKey, 'update_deskads_campaign', { campaign_id: member, daily_budget: 12, dry_run: true });
    expect(JSON.stringify(dry.structured)).toContain('leaves shared budget');
    await callToolOk(apiKey, 'update_deskads_campaign', { campaign_id: member, daily_budget: 12 });
    const after = await budgets();
    expect(after.budgets.find((b: { type: string }) => b.type === 'Shared')).toMatchObject({ status: 'Unused', campaigns: [] });
    expect(after.budgets.find((b: { id: string; type: string }) => b.type === 'Campaign' && b.id === member)).toMatchObject({ amount: 12 });
  });
});

describe('deskads audiences and geography', () => {
  let apiKey: string;
  let groups: {
    id: string;
    name: string;
    campaign_id: string;
    status: string;
    metrics: { spend: number; clicks: number; impressions: number; conversions: number };
  }[];
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { deskads: 1 } })).apiKey;
    groups = (await callToolOk(apiKey, 'list_deskads_ad_groups', {})).structured!.ad_groups;
  });
  const audiences = async (args: Record<string, unknown> = {}) => (await callToolOk(apiKey, 'list_deskads_audiences', args)).structured!;

  it('lists the audiences with sizes and the shared filter set', async () => {
    const all = await audiences();
    expect(all.total).toBe(10);
    expect(new Set(all.audiences.map((a: { type: string }) => a.type))).toEqual(
      new Set(['RemarketingList', 'InMarketAudience', 'CustomAudience', 'ProductAudience', 'SimilarRemarketingList', 'CustomerList']),
    );
    const inMarket = await audiences({ type_filter: 'InMarketAudience', sort_by: 'search_size', sort_order: 'desc' });
    expect(inMarket.filtered).toBe(3);
    expect(inMarket.audiences[0].search_size).toBeGreaterThanOrEqual(inMarket.audiences[1].search_size);
    expect((await audiences({ status_filter: 'Inactive' })).audiences.map((a: { name: string }) => a.name)).toEqual([
      'Newsletter test list',
    ]);
    const bad = await callTool(apiKey, 'list_deskads_audiences', { type_filter: 'Affinity' });
    expect(bad.status).toBe(400);
  });

  it("audience rows add up to each ad group's figures, and the seeded audiences show with their bid adjustments", async () => {
    const report = (await callToolOk(apiKey, 'get_deskads_audience_performance', { limit: 200 })).structured!;
    const withFigures = groups.filter((g) => g.metrics.impressions > 0);
    expect(withFigures.length).toBeGreaterThan(0);
    for (const g of withFigures) {
      const mine = report.rows.filter((r: { ad_group_id: string }) => r.ad_group_id === g.id);
      for (const key of ['spend', 'clicks', 'impressions', 'conversions'] as const) expect(sum(mine, key)).toBeCloseTo(g.metrics[key], 2);
    }
    const cart = report.rows.find((r: { audience_name: string }) => r.audience_name === 'Cart abandoners (30 days)');
    expect(cart).toMatchObject({ bid_adjustment: 50, targeting_setting: 'BidOnly', audience_type: 'RemarketingList' });
  });

  it('add_deskads_audience_targeting attaches audiences, skips one already there, switches to target and bid; the list shows the use', async () => {
    const all = (await audiences({ limit: 50 })).audiences as { id: string; name: string; type: string; ad_group_count: number }[];
    const group = groups.find((g) => g.name === 'Brand Terms')!;
    const visitors = all.find((a) => a.name === 'All site visitors (180 days)')!;
    const inMarket = all.find((a) => a.name === 'In-market: Outdoor Apparel')!;
    const buyers = all.find((a) => a.type === 'CustomerList')!;
    const done = (
      await callToolOk(apiKey, 'add_deskads_audience_targeting', {
        ad_group_id: group.id,
        mode: 'target_and_bid',
        audiences: [
          { audience_id: visitors.id, bid_adjustment: 30 },
          { audience_id: inMarket.id },
          { audience_id: buyers.id, exclude: true },
        ],
      })
    ).structured!;
    expect(done.results.map((r: { outcome: string }) => r.outcome)).toEqual(['added', 'added', 'excluded']);
    expect(done).toMatchObject({ mode: 'target_and_bid', mode_changed: true });
    const again = (
      await callToolOk(apiKey, 'add_deskads_audience_targeting', {
        ad_group_id: group.id,
        audiences: [{ audience_id: visitors.id, bid_adjustment: 80 }],
      })
    ).structured!;
    expect(again.results[0]).toMatchObject({ outcome: 'already_there', bid_adjustment: 30 });
    expect(again.mode).toBe('target_and_bid');
    const used = (await audiences({ query: visitors.name })).audiences[0];
    expect(used.ad_group_count).toBe(visitors.ad_group_count + 1);
  });

  it.each([
    [{ ad_group_id: '1', audiences: [] }, 'at least one audience'],
    [{ ad_group_id: '1', audiences: [{ audience_id: '5', bid_adjustment: 901 }] }, 'at most 900'],
    [{ ad_group_id: '1', audiences: [{ audience_id: '5', bid_adjustment: -91 }] }, 'at least -90'],
    [{ ad_group_id: '1', audiences: [{ audience_id: '5' }, { audience_id: '5' }] }, 'twice'],
    [{ ad_group_id: '1', audiences: [{ audience_id: '5', exclude: true, bid_adjustment: 10 }] }, 'takes no `bid_adjustment`'],
    [{ ad_group_id: '999999', audiences: [{ audience_id: '5' }] }, 'No ad group 999999'],
  ])('add_deskads_audience_targeting refuses %j', async (args, message) => {
    const result = await callTool(apiKey, 'add_deskads_audience_targeting', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('refuses an unknown audience, excluding a similar audience, and target and bid with nothing to target', async () => {
    const group = groups.find((g) => g.name === 'Tents')!;
    const all = (await audiences({ limit: 50 })).audiences as { id: string; type: string }[];
    const similar = all.find((a) => a.type === 'SimilarRemarketingList')!;
    const customers = all.find((a) => a.type === 'CustomerList')!;
    const cases: [Record<string, unknown>, string][] = [
      [{ ad_group_id: group.id, audiences: [{ audience_id: '123456' }] }, 'No audience 123456'],
      [{ ad_group_id: group.id, audiences: [{ audience_id: similar.id, exclude: true }] }, 'similar audience cannot be excluded'],
      [
        { ad_group_id: group.id, mode: 'target_and_bid', audiences: [{ audience_id: customers.id, exclude: true }] },
        'no audience to target',
      ],
    ];
    for (const [args, message] of cases) {
      const result = await callTool(apiKey, 'add_deskads_audience_targeting', args);
      expect(result.status).toBe(400);
      expect(result.body.error).toContain(message);
    }
  });

  it('geo rows add up to the campaign figures at every level, with bid adjustment suggestions', async () => {
    const campaigns = (await callToolOk(apiKey, 'get_deskads_campaign_performance', {})).structured!.campaigns as {
      metrics: { spend: number; clicks: number; impressions: number; conversions: number };
    }[];
    const total = { spend: 0, clicks: 0, impressions: 0, conversions: 0 };
    for (const c of campaigns) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += c.metrics[k];
    for (const level of ['country', 'region', 'metro', 'city']) {
      const geo = (await callToolOk(apiKey, 'get_deskads_geo_performance', { level, limit: 200 })).structured!;
      expect(geo.has_more).toBe(false);
      for (const k of Object.keys(total) as (keyof typeof total)[]) expect(sum(geo.rows, k)).toBeCloseTo(total[k], 2);
    }
    const cities = (await callToolOk(apiKey, 'get_deskads_geo_performance', { level: 'city', limit: 200 })).structured!;
    expect(cities.rows.some((r: { suggested_bid_adjustment: number | null }) => r.suggested_bid_adjustment !== null)).toBe(true);
    const physical = (await callToolOk(apiKey, 'get_deskads_geo_performance', { location_type: 'PhysicalLocation' })).structured!;
    expect(physical.metrics.spend).toBeLessThan(cities.metrics.spend);
  });

  it.each([
    [{ level: 'county' }, 'level'],
    [{ limit: 5 }, 'limit'],
    [{ offset: 1001 }, 'deep paging is capped'],
    [{ campaign_ids: ['999999'] }, 'No campaign 999999'],
  ])('get_deskads_geo_performance refuses %j', async (args, message) => {
    const result = await callTool(apiKey, 'get_deskads_geo_performance', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });
});

describe('deskads sandbox port: geographic and audience reports', () => {
  const call = () => ({
    signal: new AbortController().signal,
    deadline: Date.now() + 60_000,
    log: createLogger({ test: 'deskads rest port' }),
  });
  const end = addDays(isoDate(new Date()), -1);
  const range = { start_date: addDays(end, -13), end_date: end };
  const key = (r: { impressions: number; clicks: number; conversions: number; spend: number }) => ({
    impressions: r.impressions,
    clicks: r.clicks,
    conversions: r.conversions,
    spend: Math.round(r.spend * 100),
  });
  const add = (rows: { impressions: number; clicks: number; conversions: number; spend: number }[]) =>
    rows.reduce(
      (t, r) => ({
        impressions: t.impressions + r.impressions,
        clicks: t.clicks + r.clicks,
        conversions: t.conversions + r.conversions,
        spend: t.spend + r.spend,
      }),
      { impressions: 0, clicks: 0, conversions: 0, spend: 0 },
    );

  it('geo rows add up to each campaign and audience rows to each ad group exactly; past days do not change after an audience write', async () => {
    const { accounts } = await createTestOwner({ accounts: { deskads: 1 } });
    const port = deskads.open(accounts.deskads![0]!, call());
    const campaigns = await port.getReport({ report_type: 'CampaignPerformance', aggregation: 'Summary', ...range });
    const geo = await port.getGeoReport(range);
    for (const c of campaigns) {
      const mine = add(geo.filter((r) => r.campaign_id === c.campaign_id));
      expect({ ...key(mine), spend: Math.abs(mine.spend - c.spend) < 0.05 }).toEqual({ ...key(c), spend: true });
    }
    const groups = await port.getReport({ report_type: 'AdGroupPerformance', aggregation: 'Summary', ...range });
    const audiences = await port.getAudienceReport(range);
    for (const g of groups) {
      const mine = add(audiences.filter((r) => r.ad_group_id === g.ad_group_id));
      expect({ ...key(mine), spend: Math.abs(mine.spend - g.spend) < 0.05 }).toEqual({ ...key(g), spend: true });
    }
    const target = groups.find((g) => !audiences.some((r) => r.ad_group_id === g.ad_group_id && r.audience_id !== null))!;
    const audience = (await port.listAudiences()).find((a) => a.status === 'Active')!;
    await port.addAudienceCriteria(target.ad_group_id!, [{ audience_id: audience.id, bid_adjustment: 20, excluded: false }]);
    await port.setAudienceTargetAndBid(target.ad_group_id!, true);
    expect(await port.getAudienceTargetAndBid(target.ad_group_id!)).toBe(true);
    expect(await port.getAudienceReport(range)).toEqual(audiences);
    expect((await port.listAudienceCriteria({ adGroupId: target.ad_group_id! })).map((c) => c.audience_id)).toContain(audience.id);
  });
});
