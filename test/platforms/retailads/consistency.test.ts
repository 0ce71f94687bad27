/**
 * The retailads sandbox's figures a practitioner can trust, against DynamoDB Local, through the
 * port and through the tools: every report level adds up to its campaign, the report and the
 * placement analysis agree, state gates delivery, budgets hold, the past never changes and the
 * future has no figures.
 */
import { createLogger } from '../../../functions/runtime/log';
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import { retailads } from '../../../platforms/retailads/manifest';
import type { RetailAdsPort, RetailAdsReportRow } from '../../../platforms/retailads/port';
import { KIND } from '../../../platforms/retailads/sandbox/stored';
import { TARGET_ACOS } from '../../../platforms/retailads/tools/analyze-placements';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const call = () => ({
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
  log: createLogger({ test: 'retailads consistency' }),
});
const today = isoDate(new Date());
const yesterday = addDays(today, -1);
const RANGES = [
  { start: addDays(yesterday, -6), end: yesterday },
  { start: addDays(yesterday, -29), end: yesterday },
  { start: addDays(yesterday, -70), end: addDays(yesterday, -64) },
];
type Totals = { impressions: number; clicks: number; spend: number; orders: number; sales: number };
const cents = (n: number) => Math.round(n * 100);

/** Rows added up per key, money in cents so sums are exact. */
function sumBy(rows: RetailAdsReportRow[], key: (r: RetailAdsReportRow) => string | undefined): Map<string, Totals> {
  const sums = new Map<string, Totals>();
  for (const r of rows) {
    const k = key(r);
    if (k === undefined) continue;
    const s = sums.get(k) ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 };
    s.impressions += r.impressions;
    s.clicks += r.clicks;
    s.spend += cents(r.spend);
    s.orders += r.orders;
    s.sales += cents(r.sales);
    sums.set(k, s);
  }
  return sums;
}

function expectSameSums(parents: Map<string, Totals>, children: Map<string, Totals>): void {
  for (const [key, parent] of parents)
    expect([key, children.get(key) ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 }]).toEqual([key, parent]);
  for (const key of children.keys()) expect(parents.has(key)).toBe(true);
}

describe('retailads sandbox: figures that add up and obey state', () => {
  let account: ConnectedAccount;
  let apiKey: string;
  let port: RetailAdsPort;
  let store: SandboxStore;

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { retailads: 1 } });
    account = owner.accounts.retailads![0]!;
    apiKey = owner.apiKey;
    port = retailads.open(account, call());
    store = new SandboxStore('retailads', account.account_id);
  });

  it('adds keywords/targets, search terms, products and placements up to their ad group and campaign, for several ranges', async () => {
    for (const { start, end } of RANGES) {
      for (const prefix of ['sp', 'sb', 'sd'] as const) {
        const campaigns = sumBy(await port.getReport(`${prefix}Campaigns`, start, end), (r) => r.campaign_id);
        const targeting = await port.getReport(`${prefix}Targeting`, start, end);
        expectSameSums(
          campaigns,
          sumBy(targeting, (r) => r.campaign_id),
        );
        if (prefix !== 'sp')
          expectSameSums(
            sumBy(await port.getReport(`${prefix}AdGroup`, start, end), (r) => r.ad_group_id),
            sumBy(targeting, (r) => r.ad_group_id),
          );
        if (prefix !== 'sd') {
          // Search terms sum to the keyword/target they matched.
          const terms = sumBy(await port.getReport(`${prefix}SearchTerm`, start, end), (r) => r.keyword_id);
          // (the brands search-term report covers keywords only, as on the real platform)
          const sources = prefix === 'sb' ? targeting.filter((r) => r.keyword !== undefined) : targeting;
          const leaves = new Map(
            [...sumBy(sources, (r) => r.keyword_id)].filter(([id, t]) => terms.has(id) || t.impressions + t.spend > 0),
          );
          expectSameSums(leaves, terms);
        }
        if (prefix !== 'sb')
          expectSameSums(
            sumBy(targeting, (r) => r.ad_group_id),
            sumBy(await port.getReport(`${prefix}AdvertisedProduct`, start, end), (r) => r.ad_group_id),
          );
        if (prefix === 'sp')
          expectSameSums(
            campaigns,
            sumBy(await port.getPlacementReport(start, end), (r) => r.campaign_id),
          );
      }
    }
  });

  it('never spends more than a campaign daily budget on any day, and some days are budget-limited', async () => {
    const campaigns = await port.listCampaigns();
    let limited = false;
    for (let i = 1; i <= 14; i++) {
      const day = addDays(today, -i);
      for (const prefix of ['sp', 'sb', 'sd'] as const) {
        for (const row of await port.getReport(`${prefix}Campaigns`, day, day)) {
          const budget = campaigns.find((c) => c.id === row.campaign_id)!.daily_budget;
          expect(row.spend).toBeLessThanOrEqual(budget);
          if (row.spend >= budget * 0.9) limited = true;
        }
      }
    }
    expect(limited).toBe(true);
  });

  it('gives paused, archived and ended campaigns, and paused keywords, no delivery after they stopped', async () => {
    const campaigns = await port.listCampaigns();
    const { start, end } = RANGES[1]!;
    const rows = [
      ...(await port.getReport('spCampaigns', start, end)),
      ...(await port.getReport('sbCampaigns', start, end)),
      ...(await port.getReport('sdCampaigns', start, end)),
    ];
    for (const c of campaigns.filter((x) => x.state !== 'ENABLED')) {
      // Stopped at its end date (or earlier): nothing from the day after.
      const from = c.end_date && c.end_date >= start ? addDays(c.end_date, 1) : start;
      const after = (
        await port.getReport(
          `${c.ad_product === 'SPONSORED_PRODUCTS' ? 'sp' : c.ad_product === 'SPONSORED_BRANDS' ? 'sb' : 'sd'}Campaigns`,
          from,
          end,
        )
      ).find((r) => r.campaign_id === c.id)!;
      expect([c.name, after.spend, after.impressions]).toEqual([c.name, 0, 0]);
    }
    // The paused Water Bottles campaign delivered before it stopped.
    const water = campaigns.find((c) => c.name === 'SP - Water Bottles - Manual')!;
    expect(rows.find((r) => r.campaign_id === water.id)!.spend).toBeGreaterThan(0);
    const keywords = await port.listKeywords();
    const targeting = await port.getReport('spTargeting', start, end);
    for (const k of keywords.filter((x) => x.state === 'PAUSED' && x.ad_product === 'SPONSORED_PRODUCTS'))
      expect(targeting.find((r) => r.keyword_id === k.id)!.spend).toBe(0);
  });

  it('has no figures for today or later', async () => {
    for (const type of ['spCampaigns', 'sbCampaigns', 'sdCampaigns', 'spSearchTerm', 'spTargeting', 'spAdvertisedProduct'] as const) {
      const rows = await port.getReport(type, today, addDays(today, 5));
      expect(rows.every((r) => r.spend === 0 && r.impressions === 0 && r.orders === 0)).toBe(true);
    }
    expect((await port.getPlacementReport(today, addDays(today, 5))).every((r) => r.spend === 0 && r.impressions === 0)).toBe(true);
  });

  it('keeps every past day after a write; a pause splits its day and stops the days after it', async () => {
    const campaign = (await port.listCampaigns()).find((c) => c.name === 'SP - Hiking Backpacks - Manual')!;
    const days = Array.from({ length: 8 }, (_, i) => addDays(yesterday, -7 + i));
    // The figures of rows (their dimensions, such as the current budget or adjustment, may change).
    const figures = (rows: RetailAdsReportRow[]) =>
      rows.map((r) => [r.campaign_id, r.placement, r.search_term, r.impressions, r.clicks, r.spend, r.orders, r.sales]);
    const daily = async () =>
      Promise.all(days.map(async (d) => (await port.getReport('spCampaigns', d, d)).find((r) => r.campaign_id === campaign.id)!));
    const range = async () => ({
      campaigns: figures(await port.getReport('spCampaigns', days[0]!, yesterday)),
      placements: figures(await port.getPlacementReport(days[0]!, yesterday)),
      terms: figures(await port.getReport('spSearchTerm', days[0]!, yesterday)),
    });
    const before = await daily();
    const beforeRange = await range();

    // Writes made now (budget, placement adjustment, an ad group archived) leave every past day as it was.
    await store.update(KIND.campaign, campaign.id, {
      daily_budget: campaign.daily_budget * 3,
      placement_adjustments: { ...campaign.placement_adjustments, TOP_OF_SEARCH: 300 },
    });
    const group = (await port.listAdGroups()).find((g) => g.campaign_id === campaign.id)!;
    await store.update(KIND.adGroup, group.id, { state: 'ARCHIVED' });
    expect(figures(await daily())).toEqual(figures(before));
    expect(await range()).toEqual(beforeRange);

    // A pause at 06:00 UTC four days ago, written as of then.
    const pauseDay = days[4]!;
    await store.update(KIND.campaign, campaign.id, { state: 'PAUSED' }, { now: new Date(`${pauseDay}T06:00:00.000Z`) });
    const after = await daily();
    after.forEach((row, i) => {
      const day = days[i]!;
      if (day < pauseDay) expect(figures([row])).toEqual(figures([before[i]!]));
      else if (day > pauseDay) expect([day, row.spend, row.impressions]).toEqual([day, 0, 0]);
      else {
        expect(before[i]!.spend).toBeGreaterThan(0);
        expect(row.spend).toBeGreaterThan(0);
        expect(row.spend).toBeLessThan(before[i]!.spend);
      }
    });
  });

  it('agrees between get_retailads_report and analyze_retailads_placements for the same dates', async () => {
    for (const { start, end } of RANGES.slice(0, 2)) {
      const reportData = await callToolOk(apiKey, 'get_retailads_report', { start_date: start, end_date: end });
      const analysis = await callToolOk(apiKey, 'analyze_retailads_placements', { start_date: start, end_date: end });
      const placements = analysis.structured!.placements as Totals[];
      const sum = (field: keyof Totals) =>
        placements.reduce((t, p) => t + (field === 'spend' || field === 'sales' ? cents(p[field]) : p[field]), 0);
      const s = reportData.structured!.summary as Totals;
      expect({ spend: sum('spend'), sales: sum('sales'), clicks: sum('clicks'), orders: sum('orders') }).toEqual({
        spend: cents(s.spend),
        sales: cents(s.sales),
        clicks: s.clicks,
        orders: s.orders,
      });
      // Per campaign, the placement rows add up to the campaign row of the report.
      const byCampaign = sumBy(analysis.structured!.rows as RetailAdsReportRow[], (r) => r.campaign_id);
      for (const row of reportData.structured!.rows as RetailAdsReportRow[])
        expect(byCampaign.get(row.campaign_id)?.spend ?? 0).toBe(cents(row.spend));
    }
  });

  it('never raises a placement above the target ACOS and cuts placements that spend without sales', async () => {
    const analysis = await callToolOk(apiKey, 'analyze_retailads_placements', {});
    const rows = analysis.structured!.rows as RetailAdsReportRow[];
    const recommendations = analysis.structured!.recommendations as {
      campaign_id: string;
      placement: string;
      current_adjustment: number;
      recommended_adjustment: number;
      action: string;
    }[];
    const rowOf = (r: { campaign_id: string; placement: string }) =>
      rows.find((x) => x.campaign_id === r.campaign_id && x.placement === r.placement)!;
    for (const r of recommendations) {
      const row = rowOf(r);
      if (r.recommended_adjustment > r.current_adjustment) {
        expect(row.acos).not.toBeNull();
        expect(row.acos!).toBeLessThanOrEqual(TARGET_ACOS);
      }
      if (r.action === 'adjust') expect(r.recommended_adjustment).not.toBe(r.current_adjustment);
      if (row.sales === 0 && row.spend >= 25)
        expect(r.action === 'lower_base_bids' || (r.action === 'adjust' && r.recommended_adjustment === 0)).toBe(true);
    }
  });
});
