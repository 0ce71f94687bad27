/**
 * What any adapter of the proads port must do (sandbox today, a live adapter over a fake server
 * later): entities shaped as the port types say and nothing else, analytics rows whose creatives
 * add up to their campaigns (daily and over the whole range), totals that equal the sum of the
 * daily rows, and unknown ids answered with a 400 that names them. Writes are checked by the
 * tool tests (test/platforms/proads/writes.test.ts).
 *
 * `open` gives the port of an account that holds campaigns with creatives, demographic segments,
 * and delivery in the last 14 days. Each call may return a fresh port.
 */
import { GatewayError } from '../../../core/errors';
import { addDays, isoDate } from '../../../core/dates';
import type { ProAdsAnalyticsRow, ProAdsPort } from '../../../platforms/proads/port';

const GROUP_FIELDS = ['id', 'name', 'status', 'total_budget', 'start_date', 'end_date'];
const CAMPAIGN_FIELDS = [
  'id',
  'campaign_group_id',
  'name',
  'type',
  'format',
  'objective_type',
  'status',
  'cost_type',
  'daily_budget',
  'total_budget',
  'unit_cost',
  'bid_strategy',
  'targeting',
  'start_date',
  'end_date',
  'created_at',
];
const CREATIVE_FIELDS = [
  'id',
  'campaign_id',
  'name',
  'format',
  'status',
  'intro_text',
  'headline',
  'description',
  'call_to_action',
  'landing_page_url',
  'review_status',
  'asset_id',
  'cards',
  'start_date',
  'created_at',
];
const SEGMENT_FIELDS = ['id', 'pivot', 'value', 'urn'];
const ROW_FIELDS = ['pivot_value', 'date_range', 'impressions', 'clicks', 'spend', 'conversions', 'revenue', 'video_views', 'engagement'];
const COUNTS = ['impressions', 'clicks', 'conversions', 'video_views'] as const;
const MONEY = ['spend', 'revenue'] as const;

/** Fields outside the port type (a simulation field such as a performance tier would show here). */
const foreignFields = (entity: object, allowed: string[]) => Object.keys(entity).filter((key) => !allowed.includes(key));

type Figures = Pick<ProAdsAnalyticsRow, (typeof COUNTS)[number] | (typeof MONEY)[number]>;

function sumBy(rows: ProAdsAnalyticsRow[], key: (row: ProAdsAnalyticsRow) => string): Map<string, Figures> {
  const sums = new Map<string, Figures>();
  for (const row of rows) {
    const sum = sums.get(key(row)) ?? { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 };
    for (const field of [...COUNTS, ...MONEY]) sum[field] += row[field];
    sums.set(key(row), sum);
  }
  return sums;
}

function expectSameFigures(sums: Map<string, Figures>, rows: ProAdsAnalyticsRow[], key: (row: ProAdsAnalyticsRow) => string): void {
  expect(new Set(sums.keys())).toEqual(new Set(rows.map(key)));
  for (const row of rows) {
    const sum = sums.get(key(row))!;
    for (const field of COUNTS) expect(sum[field]).toBe(row[field]);
    for (const field of MONEY) expect(sum[field]).toBeCloseTo(row[field], 2);
  }
}

export function describePortContract(label: string, open: () => Promise<ProAdsPort>): void {
  describe(`proads port contract: ${label}`, () => {
    const yesterday = addDays(isoDate(new Date()), -1);
    const range = { start: addDays(yesterday, -13), end: yesterday };

    it('reads entities shaped as the port types, without simulation fields', async () => {
      const port = await open();
      const [groups, campaigns, creatives, segments] = await Promise.all([
        port.listCampaignGroups(),
        port.listCampaigns(),
        port.listCreatives(),
        port.listSegments(),
      ]);
      expect(groups.length && campaigns.length && creatives.length && segments.length).toBeTruthy();
      for (const g of groups) expect(foreignFields(g, GROUP_FIELDS)).toEqual([]);
      for (const c of campaigns) {
        expect(foreignFields(c, CAMPAIGN_FIELDS)).toEqual([]);
        expect(groups.map((g) => g.id)).toContain(c.campaign_group_id);
      }
      for (const cr of creatives) {
        expect(foreignFields(cr, CREATIVE_FIELDS)).toEqual([]);
        expect(campaigns.map((c) => c.id)).toContain(cr.campaign_id);
      }
      for (const s of segments) expect(foreignFields(s, SEGMENT_FIELDS)).toEqual([]);
      expect(await port.getCampaign(campaigns[0]!.id)).toEqual(campaigns[0]);
    });

    it('reports nothing for days that have not happened yet', async () => {
      const port = await open();
      const today = isoDate(new Date());
      for (const pivot of ['CAMPAIGN', 'CREATIVE', 'MEMBER_SENIORITY'] as const) {
        expect(
          await port.getAnalytics({ pivot, date_range: { start: addDays(today, 1), end: addDays(today, 30) }, time_granularity: 'DAILY' }),
        ).toEqual([]);
      }
    });

    it('reports creatives that add up to their campaigns, day by day and over the whole range', async () => {
      const port = await open();
      const creatives = await port.listCreatives();
      const campaignOf = new Map(creatives.map((cr) => [cr.id, cr.campaign_id]));
      const query = (pivot: 'CAMPAIGN' | 'CREATIVE', time_granularity: 'DAILY' | 'ALL') =>
        port.getAnalytics({ pivot, date_range: range, time_granularity });
      const [creativeDays, campaignDays, creativeTotals, campaignTotals] = await Promise.all([
        query('CREATIVE', 'DAILY'),
        query('CAMPAIGN', 'DAILY'),
        query('CREATIVE', 'ALL'),
        query('CAMPAIGN', 'ALL'),
      ]);
      expect(creativeDays.length).toBeGreaterThan(0);
      for (const row of [...creativeDays, ...campaignDays, ...creativeTotals, ...campaignTotals])
        expect(foreignFields(row, ROW_FIELDS)).toEqual([]);
      for (const row of [...creativeDays, ...campaignDays]) {
        expect(row.date_range.start).toBe(row.date_range.end);
        expect(row.date_range.start >= range.start && row.date_range.end <= range.end).toBe(true);
      }
      for (const row of [...creativeTotals, ...campaignTotals]) expect(row.date_range).toEqual(range);

      const day = (row: ProAdsAnalyticsRow) => row.date_range.start;
      expectSameFigures(
        sumBy(creativeDays, (r) => `${campaignOf.get(r.pivot_value)}|${day(r)}`),
        campaignDays,
        (r) => `${r.pivot_value}|${day(r)}`,
      );
      expectSameFigures(
        sumBy(creativeTotals, (r) => campaignOf.get(r.pivot_value)!),
        campaignTotals,
        (r) => r.pivot_value,
      );
      expectSameFigures(
        sumBy(creativeDays, (r) => r.pivot_value),
        creativeTotals,
        (r) => r.pivot_value,
      );
    });

    it('filters analytics to the campaigns asked for', async () => {
      const port = await open();
      const all = await port.getAnalytics({ pivot: 'CREATIVE', date_range: range, time_granularity: 'ALL' });
      const campaignOf = new Map((await port.listCreatives()).map((cr) => [cr.id, cr.campaign_id]));
      const campaign = campaignOf.get(all[0]!.pivot_value)!;
      const rows = await port.getAnalytics({ pivot: 'CREATIVE', date_range: range, time_granularity: 'ALL', campaigns: [campaign] });
      expect(rows).toEqual(all.filter((r) => campaignOf.get(r.pivot_value) === campaign));
    });

    it('reports demographic pivots by member facet urn', async () => {
      const port = await open();
      const segments = (await port.listSegments()).filter((s) => s.pivot === 'SENIORITY');
      const rows = await port.getAnalytics({ pivot: 'MEMBER_SENIORITY', date_range: range, time_granularity: 'ALL' });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(segments.map((s) => s.urn)).toContain(row.pivot_value);
    });

    it('answers an unknown id with a 400 that names it', async () => {
      const port = await open();
      for (const [call, id] of [
        [(id: string) => port.getCampaign(id), '799999991'],
        [
          (id: string) => port.getAnalytics({ pivot: 'CREATIVE', date_range: range, time_granularity: 'ALL', campaigns: [id] }),
          '799999992',
        ],
      ] as const) {
        const err = await call(id).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(GatewayError);
        expect((err as GatewayError).statusCode).toBe(400);
        expect((err as GatewayError).message).toContain(id);
      }
    });
  });
}
