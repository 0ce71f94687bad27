/**
 * The deskads sandbox as a practitioner trusts it (issue 13), against DynamoDB Local, through the
 * port and the tool: product rows add up to campaign rows exactly, the tool shows the report's
 * figures, no day exceeds its campaign's budget, the past never changes, state gates delivery and
 * today and later have no figures.
 */
import { addDays, isoDate } from '../../../core/dates';
import { deskads } from '../../../platforms/deskads/manifest';
import type { DeskAdsPort, DeskAdsReportRow, DeskAdsReportType } from '../../../platforms/deskads/port';
import { operatorCall } from '../../../platforms/live/connector';
import { daySegments, type WithHistory } from '../../../platforms/sandbox/history';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const yesterday = () => addDays(isoDate(new Date()), -1);
const cents = (n: number) => Math.round(n * 100);
const figures = (rows: readonly DeskAdsReportRow[]) =>
  rows.reduce(
    (s, r) => ({
      impressions: s.impressions + r.impressions,
      clicks: s.clicks + r.clicks,
      spend: s.spend + cents(r.spend),
      conversions: s.conversions + r.conversions,
      revenue: s.revenue + cents(r.revenue),
    }),
    { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 },
  );

interface Campaign {
  id: string;
  status: string;
  daily_budget: number;
}

async function sandbox() {
  const owner = await createTestOwner({ accounts: { deskads: 1 } });
  const account = owner.accounts.deskads![0]!;
  return { apiKey: owner.apiKey, port: deskads.open(account, operatorCall()), store: new SandboxStore('deskads', account.account_id) };
}

const daily = (port: DeskAdsPort, report_type: DeskAdsReportType, start: string, end: string) =>
  port.getReport({ report_type, aggregation: 'Daily', start_date: start, end_date: end });

describe('deskads sandbox consistency', () => {
  let s: Awaited<ReturnType<typeof sandbox>>;
  beforeAll(async () => {
    s = await sandbox();
  });

  it.each([1, 7, 30, 90])(
    'product rows add up to campaign rows exactly, every day of the last %i days and over the range',
    async (days) => {
      const end = yesterday();
      const start = addDays(end, -(days - 1));
      for (const aggregation of ['Daily', 'Summary'] as const) {
        const request = { aggregation, start_date: start, end_date: end };
        const [products, campaigns] = await Promise.all([
          s.port.getReport({ ...request, report_type: 'ProductDimensionPerformance' }),
          s.port.getReport({ ...request, report_type: 'CampaignPerformance' }),
        ]);
        const shopping = new Set((await s.port.listProducts()).map((p) => p.campaign_id));
        expect(campaigns.filter((c) => shopping.has(c.campaign_id)).length).toBeGreaterThan(0);
        for (const campaign of campaigns.filter((c) => shopping.has(c.campaign_id))) {
          expect(figures(products.filter((p) => p.campaign_id === campaign.campaign_id && p.date === campaign.date))).toEqual(
            figures([campaign]),
          );
        }
      }
    },
  );

  it('the product tool shows the report figures of the same dates', async () => {
    const end = yesterday();
    const start = addDays(end, -29);
    const data = await callToolOk(s.apiKey, 'get_deskads_product_performance', { start_date: start, end_date: end, limit: 200 });
    const shopping = new Set((await s.port.listProducts()).map((p) => p.campaign_id));
    const campaigns = (
      await s.port.getReport({ report_type: 'CampaignPerformance', aggregation: 'Summary', start_date: start, end_date: end })
    ).filter((c) => shopping.has(c.campaign_id));
    const summary = data.structured!.summary as { spend: number; clicks: number; conversions: number };
    expect({ spend: cents(summary.spend), clicks: summary.clicks, conversions: summary.conversions }).toEqual({
      spend: figures(campaigns).spend,
      clicks: figures(campaigns).clicks,
      conversions: figures(campaigns).conversions,
    });
    expect(summary).not.toHaveProperty('video_views');
  });

  it.each([7, 30])(
    'search campaigns: keyword rows add up to ad group rows, ad group rows to campaign rows, every day of the last %i days',
    async (days) => {
      const end = yesterday();
      const start = addDays(end, -(days - 1));
      const [campaigns, groups, keywords] = await Promise.all([
        daily(s.port, 'CampaignPerformance', start, end),
        daily(s.port, 'AdGroupPerformance', start, end),
        daily(s.port, 'KeywordPerformance', start, end),
      ]);
      const search = new Set((await s.port.listCampaigns()).filter((c) => c.type === 'Search').map((c) => c.id));
      const searchDays = campaigns.filter((c) => search.has(c.campaign_id));
      expect(searchDays.length).toBeGreaterThan(0);
      for (const day of searchDays) {
        const dayGroups = groups.filter((g) => g.campaign_id === day.campaign_id && g.date === day.date);
        expect(figures(dayGroups)).toEqual(figures([day]));
        for (const group of dayGroups) {
          expect(figures(keywords.filter((k) => k.ad_group_id === group.ad_group_id && k.date === day.date))).toEqual(figures([group]));
        }
      }
      // Paused keywords, paused ad groups and the paused campaign deliver nothing.
      const [allKeywords, allGroups, allCampaigns] = await Promise.all([
        s.port.listKeywords(),
        s.port.listAdGroups(),
        s.port.listCampaigns(),
      ]);
      const paused = (ids: Set<string>, rows: DeskAdsReportRow[], pick: (r: DeskAdsReportRow) => string | undefined) =>
        rows.filter((r) => ids.has(pick(r) ?? ''));
      const pausedSince = (status: string) => status === 'Paused';
      expect(paused(new Set(allKeywords.filter((k) => pausedSince(k.status)).map((k) => k.id)), keywords, (r) => r.keyword_id)).toEqual([]);
      expect(paused(new Set(allGroups.filter((g) => pausedSince(g.status)).map((g) => g.id)), groups, (r) => r.ad_group_id)).toEqual([]);
      const camping = allCampaigns.find((c) => c.status === 'Paused')!;
      expect(campaigns.filter((c) => c.campaign_id === camping.id && c.date! > addDays(isoDate(new Date()), -30))).toEqual([]);
    },
  );

  it('search term rows add up to keyword rows exactly, every day of the last 14 days', async () => {
    const end = yesterday();
    const start = addDays(end, -13);
    const [keywords, terms] = await Promise.all([
      daily(s.port, 'KeywordPerformance', start, end),
      daily(s.port, 'SearchQueryPerformance', start, end),
    ]);
    expect(terms.length).toBeGreaterThan(keywords.length);
    for (const keyword of keywords) {
      expect(figures(terms.filter((t) => t.keyword_id === keyword.keyword_id && t.date === keyword.date))).toEqual(figures([keyword]));
    }
    // Seeded negatives block their searches: no "used hiking boots" row in the ad group it is on.
    expect(terms.some((t) => t.search_term === 'used hiking boots')).toBe(false);
  });

  it('no campaign day spends more than its daily budget of that day', async () => {
    const end = yesterday();
    const rows = await daily(s.port, 'CampaignPerformance', addDays(end, -59), end);
    const stored = new Map(
      (await s.store.list<Campaign>('campaign', { withHistory: true })).map((c) => [c.id, c as WithHistory<Campaign>]),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const budget = Math.max(...daySegments(stored.get(row.campaign_id)!, row.date!).map((segment) => segment.state.daily_budget));
      expect(row.spend).toBeLessThanOrEqual(budget);
    }
  });

  it('a disapproved offer serves nothing from its disapproval on', async () => {
    const end = yesterday();
    const products = await s.port.listProducts();
    const refurbished = products.find((p) => p.condition === 'Refurbished')!;
    const rows = (await daily(s.port, 'ProductDimensionPerformance', addDays(end, -59), end)).filter(
      (r) => r.product_id === refurbished.id,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows
        .map((r) => r.date!)
        .sort()
        .at(-1),
    ).toBe(addDays(isoDate(new Date()), -15));
  });

  it('today and later have no figures; the tool ends yesterday by default and refuses future dates', async () => {
    const today = isoDate(new Date());
    expect(await daily(s.port, 'CampaignPerformance', today, addDays(today, 30))).toEqual([]);
    const data = await callToolOk(s.apiKey, 'get_deskads_product_performance', {});
    expect(data.structured).toMatchObject({ end_date: yesterday(), start_date: addDays(yesterday(), -89) });
    const future = await callTool(s.apiKey, 'get_deskads_product_performance', { end_date: addDays(today, 5) });
    expect(future.status).toBe(400);
    expect(future.body.error).toContain('in the future');
  });
});

describe('deskads sandbox history', () => {
  it('a negative keyword stops its searches from the day it was added; days before keep their figures', async () => {
    const s = await sandbox();
    const end = yesterday();
    const start = addDays(end, -9);
    const before = await daily(s.port, 'SearchQueryPerformance', start, end);
    const cheap = before.find((t) => t.search_term!.startsWith('cheap '))!;
    expect(cheap).toBeDefined();
    const addedOn = addDays(end, -4);
    await s.store.create('negative_keyword', {
      id: '777',
      level: 'Campaign',
      owner_id: cheap.campaign_id,
      campaign_id: cheap.campaign_id,
      text: 'cheap',
      match_type: 'Phrase',
      created_at: `${addedOn}T08:00:00.000Z`,
    });
    const after = await daily(s.port, 'SearchQueryPerformance', start, end);
    const mine = (rows: DeskAdsReportRow[]) => rows.filter((r) => r.campaign_id === cheap.campaign_id);
    // Days before the negative: unchanged. From its day on: no search containing "cheap" in that campaign.
    expect(mine(after).filter((r) => r.date! < addedOn)).toEqual(mine(before).filter((r) => r.date! < addedOn));
    expect(mine(after).filter((r) => r.date! >= addedOn && r.search_term!.includes('cheap'))).toEqual([]);
    expect(mine(before).filter((r) => r.date! >= addedOn && r.search_term!.includes('cheap')).length).toBeGreaterThan(0);
    // Removing it lets them back from the removal on (the store keeps the moment); nothing before moves.
    await s.store.update('negative_keyword', '777', { deleted_at: `${addDays(end, -1)}T08:00:00.000Z` });
    const restored = await daily(s.port, 'SearchQueryPerformance', start, end);
    expect(mine(restored).filter((r) => r.date! < addDays(end, -1))).toEqual(mine(after).filter((r) => r.date! < addDays(end, -1)));
    expect(mine(restored).some((r) => r.date === end && r.search_term!.includes('cheap'))).toBe(true);
  });

  it('a past day is identical before and after a budget change and a pause; a pause splits its day', async () => {
    const s = await sandbox();
    const end = yesterday();
    const start = addDays(end, -13);
    const read = () =>
      Promise.all([daily(s.port, 'CampaignPerformance', start, end), daily(s.port, 'ProductDimensionPerformance', start, end)]);
    const before = await read();
    const [first, second] = (await s.store.list<Campaign & { type: string }>('campaign')).filter((c) => c.status === 'Active');
    // Changes made now apply from now on: every past day stays as it was.
    await s.store.update('campaign', first!.id, { daily_budget: 5 });
    await s.store.update('campaign', second!.id, { status: 'Paused' });
    expect(await read()).toEqual(before);
    // A pause made at noon three days ago: earlier days unchanged, the day split, later days empty.
    const pauseDay = addDays(end, -2);
    const other = await sandbox();
    const [campaign] = (await other.store.list<Campaign & { type: string }>('campaign')).filter(
      (c) => c.status === 'Active' && c.type === 'Search',
    );
    const beforePause = await daily(other.port, 'CampaignPerformance', start, end);
    await other.store.update('campaign', campaign!.id, { status: 'Paused' }, { now: new Date(`${pauseDay}T12:00:00.000Z`) });
    const afterPause = await daily(other.port, 'CampaignPerformance', start, end);
    const mine = (rows: DeskAdsReportRow[]) => rows.filter((r) => r.campaign_id === campaign!.id);
    expect(mine(afterPause).filter((r) => r.date! < pauseDay)).toEqual(mine(beforePause).filter((r) => r.date! < pauseDay));
    expect(mine(afterPause).filter((r) => r.date! > pauseDay)).toEqual([]);
    const full = mine(beforePause).find((r) => r.date === pauseDay)!;
    const half = mine(afterPause).find((r) => r.date === pauseDay)!;
    expect(Math.abs(half.spend - full.spend / 2)).toBeLessThanOrEqual(0.02);
    expect(afterPause.filter((r) => r.campaign_id !== campaign!.id)).toEqual(beforePause.filter((r) => r.campaign_id !== campaign!.id));
  });
});
