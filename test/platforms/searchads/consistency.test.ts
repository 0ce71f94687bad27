/**
 * The searchads sandbox as a practitioner trusts it (issue 13), against DynamoDB Local, through the
 * port and through the tools: levels add up, the past never changes, state gates delivery, no day
 * exceeds its budget, no figures for today or later, and only video campaigns have video views.
 */
import { addDays, isoDate } from '../../../core/dates';
import { daySegments, type WithHistory } from '../../../platforms/sandbox/history';
import type { SearchAdsCampaign, SearchAdsReportRow } from '../../../platforms/searchads/port';
import { callToolOk, useTestTables } from '../../support/gateway';
import { searchAdsSandbox } from '../helpers/searchads-sandbox';

useTestTables();

const yesterday = () => addDays(isoDate(new Date()), -1);
const cents = (n: number) => Math.round(n * 100);

interface Sum {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  revenue: number;
}
function sumOf(rows: readonly SearchAdsReportRow[]): Sum {
  const sum = { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
  for (const r of rows) {
    sum.impressions += r.impressions;
    sum.clicks += r.clicks;
    sum.spend += cents(r.spend);
    sum.conversions += r.conversions;
    sum.revenue += cents(r.revenue);
  }
  return sum;
}

const key = (r: SearchAdsReportRow, id?: string) => `${id ?? ''}|${r.date}`;
function groupBy(rows: readonly SearchAdsReportRow[], by: (r: SearchAdsReportRow) => string): Map<string, SearchAdsReportRow[]> {
  const map = new Map<string, SearchAdsReportRow[]>();
  for (const r of rows) map.set(by(r), [...(map.get(by(r)) ?? []), r]);
  return map;
}

describe('searchads sandbox consistency', () => {
  let s: Awaited<ReturnType<typeof searchAdsSandbox>>;
  beforeAll(async () => {
    s = await searchAdsSandbox();
  });

  it.each([7, 30, 120])('ad groups add up to their campaign and campaigns to the account, every day of the last %i days', async (days) => {
    const end = yesterday();
    const start = addDays(end, -(days - 1));
    const [customer, campaigns, groups] = await Promise.all([
      s.port.getReport('customer', start, end),
      s.port.getReport('campaign', start, end),
      s.port.getReport('ad_group', start, end),
    ]);
    expect(campaigns.length).toBeGreaterThan(0);
    const campaignsWithGroups = new Set((await s.port.listAdGroups()).map((g) => g.campaign_id));
    const groupsByCampaignDay = groupBy(groups, (r) => key(r, r.campaign_id));
    for (const row of campaigns) {
      if (!campaignsWithGroups.has(row.campaign_id!)) continue;
      expect(sumOf(groupsByCampaignDay.get(key(row, row.campaign_id)) ?? [])).toEqual(sumOf([row]));
    }
    // No ad group row without its campaign's row.
    const campaignDays = new Set(campaigns.map((r) => key(r, r.campaign_id)));
    for (const row of groups) expect(campaignDays.has(key(row, row.campaign_id))).toBe(true);
    const campaignsByDay = groupBy(campaigns, (r) => r.date);
    expect(customer.map((r) => r.date)).toEqual([...campaignsByDay.keys()].sort());
    for (const row of customer) expect(sumOf(campaignsByDay.get(row.date)!)).toEqual(sumOf([row]));
  });

  it('list_campaigns and list_ad_groups of the same days agree with each other and with the report', async () => {
    const [campaigns, groups] = await Promise.all([
      callToolOk(s.apiKey, 'list_campaigns', { lookback_days: 30 }),
      callToolOk(s.apiKey, 'list_ad_groups', { lookback_days: 30, include_removed: true }),
    ]);
    expect(groups.structured).toMatchObject({ start_date: campaigns.structured!.start_date, end_date: campaigns.structured!.end_date });
    expect(campaigns.structured!.end_date).toBe(yesterday());
    const report = await s.port.getReport('campaign', campaigns.structured!.start_date as string, campaigns.structured!.end_date as string);
    const groupRows = groups.structured!.ad_groups as { campaign_id: string; metrics: { spend: number; clicks: number } }[];
    for (const c of campaigns.structured!.campaigns as { id: string; metrics: { spend: number; clicks: number } }[]) {
      expect(cents(c.metrics.spend)).toBe(sumOf(report.filter((r) => r.campaign_id === c.id)).spend);
      const mine = groupRows.filter((g) => g.campaign_id === c.id);
      if (!mine.length) continue;
      expect(mine.reduce((sum, g) => sum + cents(g.metrics.spend), 0)).toBe(cents(c.metrics.spend));
      expect(mine.reduce((sum, g) => sum + g.metrics.clicks, 0)).toBe(c.metrics.clicks);
    }
  });

  it('no campaign day spends more than its daily budget of that day', async () => {
    const end = yesterday();
    const rows = await s.port.getReport('campaign', addDays(end, -119), end);
    const stored = new Map(
      (await s.store.list<SearchAdsCampaign>('campaign', { withHistory: true })).map((c) => [c.id, c as WithHistory<SearchAdsCampaign>]),
    );
    for (const row of rows) {
      const budget = Math.max(...daySegments(stored.get(row.campaign_id!)!, row.date).map((segment) => segment.state.budget_amount));
      expect(row.spend).toBeLessThanOrEqual(budget);
    }
  });

  it('today and later days have no delivery', async () => {
    const today = isoDate(new Date());
    for (const level of ['customer', 'campaign', 'ad_group'] as const) {
      expect(await s.port.getReport(level, today, addDays(today, 30))).toEqual([]);
      expect((await s.port.getReport(level, addDays(today, -10), addDays(today, 10))).every((r) => r.date < today)).toBe(true);
    }
  });

  it('paused, removed and ended entities deliver nothing after that moment, and did before it', async () => {
    const end = yesterday();
    const start = addDays(end, -149);
    const [campaigns, groups, campaignRows, groupRows] = await Promise.all([
      s.port.listCampaigns(),
      s.port.listAdGroups(),
      s.port.getReport('campaign', start, end),
      s.port.getReport('ad_group', start, end),
    ]);
    const datesOf = (rows: SearchAdsReportRow[], field: 'campaign_id' | 'ad_group_id', id: string) =>
      rows
        .filter((r) => r[field] === id)
        .map((r) => r.date)
        .sort();
    // The seeded remarketing campaign was paused 9 days ago (its history says when).
    const remarketing = campaigns.find((c) => c.name === 'Display - Remarketing')!;
    expect(remarketing.status).toBe('PAUSED');
    const pausedOn = addDays(isoDate(new Date()), -9);
    const remarketingDays = datesOf(campaignRows, 'campaign_id', remarketing.id);
    expect(remarketingDays.at(-1)).toBe(pausedOn);
    expect(remarketingDays.length).toBeGreaterThan(100);
    // The video campaign ended 30 days ago.
    const video = campaigns.find((c) => c.type === 'VIDEO')!;
    expect(datesOf(campaignRows, 'campaign_id', video.id).at(-1)! <= video.end_date!).toBe(true);
    // A campaign that starts in the future and a removed one have nothing in the range.
    for (const c of campaigns.filter((c) => c.start_date > end || (c.end_date && c.end_date < start)))
      expect(datesOf(campaignRows, 'campaign_id', c.id)).toEqual([]);
    // A paused ad group (12 days ago) under an enabled campaign.
    const waterproof = groups.find((g) => g.name === 'Waterproof Boots')!;
    expect(datesOf(groupRows, 'ad_group_id', waterproof.id).at(-1)).toBe(addDays(isoDate(new Date()), -12));
    // Ad groups of a paused campaign deliver nothing while it is paused.
    for (const g of groups.filter((g) => g.campaign_id === remarketing.id))
      expect(datesOf(groupRows, 'ad_group_id', g.id).every((d) => d <= pausedOn)).toBe(true);
  });

  it('only video campaigns report video views; the tools show none for the others', async () => {
    const end = yesterday();
    const rows = await s.port.getReport('campaign', addDays(end, -89), end);
    const types = new Map((await s.port.listCampaigns()).map((c) => [c.id, c.type]));
    const video = rows.filter((r) => types.get(r.campaign_id!) === 'VIDEO');
    expect(video.length).toBeGreaterThan(0);
    for (const r of video) expect(r.video_views).toBeGreaterThan(0);
    for (const r of rows.filter((r) => types.get(r.campaign_id!) !== 'VIDEO')) expect(r).not.toHaveProperty('video_views');
    const listed = await callToolOk(s.apiKey, 'list_campaigns', { lookback_days: 90 });
    for (const c of listed.structured!.campaigns as { type: string; metrics: Record<string, unknown> }[]) {
      if (c.type === 'VIDEO') expect(c.metrics).toHaveProperty('view_rate');
      else expect(c.metrics).not.toHaveProperty('video_views');
    }
  });
});

describe('searchads sandbox history', () => {
  it('a past day is identical before and after pausing, re-budgeting and removing', async () => {
    const s = await searchAdsSandbox();
    const end = yesterday();
    const start = addDays(end, -29);
    const read = () => Promise.all((['customer', 'campaign', 'ad_group'] as const).map((level) => s.port.getReport(level, start, end)));
    const before = await read();
    const [brand, generic, competitor] = ['Brand - Exact', 'Generic - Hiking Boots', 'Competitor Terms'];
    const campaigns = await s.port.listCampaigns();
    const byName = (name: string) => campaigns.find((c) => c.name === name)!;
    await s.port.updateCampaign(byName(brand!).id, { status: 'PAUSED' });
    await s.port.updateCampaign(byName(generic!).id, { budget_amount: 50_000 });
    await s.port.updateCampaign(byName(competitor!).id, { status: 'REMOVED' });
    const group = (await s.port.listAdGroups(byName(generic!).id)).find((g) => g.status === 'ENABLED')!;
    await s.port.updateAdGroup(group.id, { status: 'PAUSED', cpc_bid: group.cpc_bid * 3 });
    expect(await read()).toEqual(before);
    // The tools show the same past too.
    const listed = await callToolOk(s.apiKey, 'list_campaigns', { lookback_days: 30 });
    const spend = (listed.structured!.campaigns as { id: string; metrics: { spend: number } }[]).find((c) => c.id === byName(generic!).id)!
      .metrics.spend;
    expect(cents(spend)).toBe(sumOf(before[1]!.filter((r) => r.campaign_id === byName(generic!).id)).spend);
  });

  it('a pause takes effect from its moment: the day of the pause is split, later days have nothing', async () => {
    const s = await searchAdsSandbox();
    const end = yesterday();
    const brand = (await s.port.listCampaigns()).find((c) => c.name === 'Brand - Exact')!;
    const pauseDay = addDays(end, -4);
    const before = await s.port.getReport('campaign', addDays(end, -9), end);
    // A pause made at noon four days ago (the store records when it happened).
    await s.store.update('campaign', brand.id, { status: 'PAUSED' }, { now: new Date(`${pauseDay}T12:00:00.000Z`) });
    const after = await s.port.getReport('campaign', addDays(end, -9), end);
    const mine = (rows: SearchAdsReportRow[]) => rows.filter((r) => r.campaign_id === brand.id);
    const dayOf = (rows: SearchAdsReportRow[], date: string) => mine(rows).find((r) => r.date === date);
    for (const row of mine(before).filter((r) => r.date < pauseDay)) expect(dayOf(after, row.date)).toEqual(row);
    expect(mine(after).filter((r) => r.date > pauseDay)).toEqual([]);
    const full = dayOf(before, pauseDay)!;
    const half = dayOf(after, pauseDay)!;
    expect(Math.abs(half.spend - full.spend / 2)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(half.clicks - full.clicks / 2)).toBeLessThanOrEqual(1);
    // Other campaigns are untouched.
    expect(after.filter((r) => r.campaign_id !== brand.id)).toEqual(before.filter((r) => r.campaign_id !== brand.id));
  });
});
