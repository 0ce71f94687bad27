/**
 * What any adapter of the deskads port must do, sandbox or live (run against a fake upstream
 * server). `open` gives the port of an account with shopping products that had impressions in
 * the last two weeks. (The port creates and changes nothing, and reads nothing by id, so there is
 * no create, status change or unknown id to check.)
 */
import { addDays, isoDate } from '../../../core/dates';
import { GOAL_TYPES, type DeskAdsPort, type DeskAdsReportRow } from '../../../platforms/deskads/port';

/** Fields of the simulation that no adapter may hand to tools. */
const SIMULATION_FIELDS = ['performance', 'tier', 'profile'];

function expectNoSimulation(entities: object[]): void {
  for (const entity of entities) for (const field of SIMULATION_FIELDS) expect(entity).not.toHaveProperty(field);
}

/** Impressions, clicks, spend, conversions and revenue of rows, added up per key. */
function sumBy(
  rows: DeskAdsReportRow[],
  key: (row: DeskAdsReportRow) => string,
): Map<string, { impressions: number; clicks: number; spend: number; conversions: number; revenue: number }> {
  const sums = new Map<string, { impressions: number; clicks: number; spend: number; conversions: number; revenue: number }>();
  for (const row of rows) {
    const sum = sums.get(key(row)) ?? { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
    sum.impressions += row.impressions;
    sum.clicks += row.clicks;
    sum.spend += row.spend;
    sum.conversions += row.conversions;
    sum.revenue += row.revenue;
    sums.set(key(row), sum);
  }
  return sums;
}

/** Parent rows equal the sums of their children: counts exactly, money to the cent (per child row rounded). */
function expectSums(parents: DeskAdsReportRow[], sums: ReturnType<typeof sumBy>, key: (row: DeskAdsReportRow) => string): void {
  expect(parents.length).toBe(sums.size);
  for (const parent of parents) {
    const sum = sums.get(key(parent))!;
    expect(sum).toBeDefined();
    expect({ impressions: parent.impressions, clicks: parent.clicks, conversions: parent.conversions }).toEqual({
      impressions: sum.impressions,
      clicks: sum.clicks,
      conversions: sum.conversions,
    });
    expect(Math.abs(parent.spend - sum.spend)).toBeLessThan(0.05);
    expect(Math.abs(parent.revenue - sum.revenue)).toBeLessThan(0.05);
  }
}

export function describePortContract(label: string, open: () => Promise<DeskAdsPort>): void {
  describe(`deskads port contract: ${label}`, () => {
    let port: DeskAdsPort;
    const end = addDays(isoDate(new Date()), -1);
    const start = addDays(end, -13);

    beforeAll(async () => {
      port = await open();
    });

    it('reads the account, conversion goals, UET tags and products with nothing of a simulation', async () => {
      const [info, goals, tags, products] = await Promise.all([
        port.getAccountInfo(),
        port.listConversionGoals(),
        port.listUetTags(),
        port.listProducts(),
      ]);
      expect(info.account_id).toMatch(/^\d+$/);
      expect(info.account_number).toMatch(/^[A-Z0-9]{8}$/);
      expect(products.length).toBeGreaterThan(0);
      expectNoSimulation([info, ...goals, ...tags, ...products]);
      for (const goal of goals) expect(GOAL_TYPES).toContain(goal.type);
      const tagIds = new Set(tags.map((t) => t.id));
      for (const goal of goals.filter((g) => g.tag_id)) expect(tagIds.has(goal.tag_id!)).toBe(true);
    });

    it('reports products with activity only, each a product of the account in its campaign', async () => {
      const [products, rows] = await Promise.all([
        port.listProducts(),
        port.getReport({ report_type: 'ProductDimensionPerformance', aggregation: 'Summary', start_date: start, end_date: end }),
      ]);
      const byId = new Map(products.map((p) => [p.id, p]));
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.product_id)).size).toBe(rows.length);
      for (const row of rows) {
        expect(row.impressions).toBeGreaterThan(0);
        expect(row.date).toBeUndefined();
        expect(byId.get(row.product_id!)?.campaign_id).toBe(row.campaign_id);
        for (const figure of [row.clicks, row.spend, row.conversions, row.revenue]) expect(figure).toBeGreaterThanOrEqual(0);
      }
    });

    it('daily rows add up to the summary rows of the same range', async () => {
      const request = { report_type: 'ProductDimensionPerformance', start_date: start, end_date: end } as const;
      const [daily, summary] = await Promise.all([
        port.getReport({ ...request, aggregation: 'Daily' }),
        port.getReport({ ...request, aggregation: 'Summary' }),
      ]);
      for (const row of daily) expect(row.date! >= start && row.date! <= end).toBe(true);
      expectSums(
        summary,
        sumBy(daily, (row) => row.product_id!),
        (row) => row.product_id!,
      );
    });

    it('reports nothing for today or later: a day has figures once it is over', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      for (const report_type of ['ProductDimensionPerformance', 'CampaignPerformance'] as const) {
        expect(await port.getReport({ report_type, aggregation: 'Daily', start_date: today, end_date: later })).toEqual([]);
        const around = await port.getReport({ report_type, aggregation: 'Daily', start_date: start, end_date: later });
        expect(around.length).toBeGreaterThan(0);
        expect(around.every((row) => row.date! < today)).toBe(true);
      }
    });

    it('product rows add up to the campaign rows of the same dates', async () => {
      for (const aggregation of ['Summary', 'Daily'] as const) {
        const request = { aggregation, start_date: start, end_date: end };
        const [products, campaigns] = await Promise.all([
          port.getReport({ ...request, report_type: 'ProductDimensionPerformance' }),
          port.getReport({ ...request, report_type: 'CampaignPerformance' }),
        ]);
        expect(campaigns.every((row) => row.product_id === undefined)).toBe(true);
        const key = (row: DeskAdsReportRow) => `${row.campaign_id}|${row.date ?? ''}`;
        const shopping = new Set((await port.listCampaigns()).filter((c) => c.type !== 'Search').map((c) => c.id));
        expectSums(
          campaigns.filter((c) => shopping.has(c.campaign_id)),
          sumBy(products, key),
          key,
        );
      }
    });

    it('keyword rows add up to ad group rows, ad group rows to the search campaign rows of the same dates', async () => {
      for (const aggregation of ['Summary', 'Daily'] as const) {
        const request = { aggregation, start_date: start, end_date: end };
        const [campaigns, groups, keywords] = await Promise.all([
          port.getReport({ ...request, report_type: 'CampaignPerformance' }),
          port.getReport({ ...request, report_type: 'AdGroupPerformance' }),
          port.getReport({ ...request, report_type: 'KeywordPerformance' }),
        ]);
        const search = new Set((await port.listCampaigns()).filter((c) => c.type === 'Search').map((c) => c.id));
        const byCampaign = (row: DeskAdsReportRow) => `${row.campaign_id}|${row.date ?? ''}`;
        const byGroup = (row: DeskAdsReportRow) => `${row.ad_group_id}|${row.date ?? ''}`;
        expect(search.size).toBeGreaterThan(0);
        // A shopping campaign's ad groups report too (on the platform), but have no keywords.
        const searchGroups = groups.filter((g) => search.has(g.campaign_id));
        expectSums(
          campaigns.filter((c) => search.has(c.campaign_id)),
          sumBy(searchGroups, byCampaign),
          byCampaign,
        );
        expectSums(searchGroups, sumBy(keywords, byGroup), byGroup);
      }
    });
  });
}
