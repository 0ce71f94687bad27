/**
 * The shortvideo sandbox's figures a practitioner can trust, against DynamoDB Local, through the
 * port and through the tools: levels add up, state gates delivery, budgets hold, the past never
 * changes and the future has no figures.
 */
import { createLogger } from '../../../functions/runtime/log';
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import { money } from '../../../core/markdown';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { shortvideo } from '../../../platforms/shortvideo/manifest';
import type { ReportDataLevel, ShortVideoPort, ShortVideoReportRow } from '../../../platforms/shortvideo/port';
import { KIND } from '../../../platforms/shortvideo/sandbox/stored';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const call = () => ({
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
  log: createLogger({ test: 'shortvideo consistency' }),
});
const today = isoDate(new Date());
const yesterday = addDays(today, -1);
const RANGES = [
  { start: addDays(yesterday, -6), end: yesterday },
  { start: addDays(yesterday, -29), end: yesterday },
  { start: addDays(yesterday, -60), end: addDays(yesterday, -55) },
];
const FIELDS = [
  'impressions',
  'clicks',
  'spend',
  'conversions',
  'revenue',
  'video_views',
  'video_watched_2s',
  'video_watched_6s',
  'video_views_p100',
  'likes',
  'comments',
  'shares',
  'follows',
] as const;
const cents = (n: number) => Math.round(n * 100);

/** Rows of a level keyed by id and date. */
async function report(port: ShortVideoPort, level: ReportDataLevel, start: string, end: string): Promise<ShortVideoReportRow[]> {
  return port.getReport({ data_level: level, start_date: start, end_date: end });
}

/** The children's rows added up per parent id and date, compared with the parent's row, every metric exactly. */
function expectSums(
  parents: ShortVideoReportRow[],
  children: ShortVideoReportRow[],
  parentOf: (childId: string) => string | undefined,
): void {
  const sums = new Map<string, Record<string, number>>();
  for (const row of children) {
    const parent = parentOf(row.id);
    if (!parent) continue;
    const key = `${parent}|${row.date}`;
    const sum = sums.get(key) ?? Object.fromEntries(FIELDS.map((f) => [f, 0]));
    for (const f of FIELDS) sum[f] += f === 'spend' || f === 'revenue' ? cents(row[f]) : row[f];
    sums.set(key, sum);
  }
  for (const row of parents) {
    const sum = sums.get(`${row.id}|${row.date}`) ?? Object.fromEntries(FIELDS.map((f) => [f, 0]));
    for (const f of FIELDS)
      expect([row.id, row.date, f, sum[f]]).toEqual([row.id, row.date, f, f === 'spend' || f === 'revenue' ? cents(row[f]) : row[f]]);
  }
}

const spendOf = (rows: ShortVideoReportRow[], id: string) => rows.filter((r) => r.id === id).map((r) => r.spend);

describe('shortvideo sandbox: figures that add up and obey state', () => {
  let account: ConnectedAccount;
  let apiKey: string;
  let port: ShortVideoPort;
  let store: SandboxStore;

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { shortvideo: 1 } });
    account = owner.accounts.shortvideo![0]!;
    apiKey = owner.apiKey;
    port = shortvideo.open(account, call());
    store = new SandboxStore('shortvideo', account.account_id);
  });

  it('adds ads up to ad groups, ad groups to campaigns and campaigns to the advertiser, day by day, for several ranges', async () => {
    const [adGroups, ads] = await Promise.all([port.listAdGroups(), port.listAds()]);
    const groupOf = new Map(adGroups.map((g) => [g.id, g.campaign_id]));
    const adGroupOf = new Map(ads.map((a) => [a.id, a.adgroup_id]));
    for (const { start, end } of RANGES) {
      const [advertiser, campaigns, groups, adRows] = await Promise.all([
        report(port, 'AUCTION_ADVERTISER', start, end),
        report(port, 'AUCTION_CAMPAIGN', start, end),
        report(port, 'AUCTION_ADGROUP', start, end),
        report(port, 'AUCTION_AD', start, end),
      ]);
      expect(campaigns.reduce((t, r) => t + r.spend, 0)).toBeGreaterThan(0);
      expectSums(advertiser, campaigns, () => account.account_id);
      expectSums(campaigns, groups, (id) => groupOf.get(id));
      expectSums(groups, adRows, (id) => adGroupOf.get(id));
    }
  });

  it('never spends more than a daily budget, at the campaign or the ad group', async () => {
    const [campaigns, adGroups] = await Promise.all([port.listCampaigns(), port.listAdGroups()]);
    const { start, end } = RANGES[1]!;
    const [campaignRows, groupRows] = await Promise.all([
      report(port, 'AUCTION_CAMPAIGN', start, end),
      report(port, 'AUCTION_ADGROUP', start, end),
    ]);
    for (const c of campaigns.filter((x) => x.budget_mode === 'BUDGET_MODE_DAY'))
      for (const spend of spendOf(campaignRows, c.id)) expect(spend).toBeLessThanOrEqual(c.budget);
    for (const g of adGroups.filter((x) => x.budget_mode === 'BUDGET_MODE_DAY' && x.budget))
      for (const spend of spendOf(groupRows, g.id)) expect(spend).toBeLessThanOrEqual(g.budget!);
    // Budget-limited days exist: a cap that never binds proves nothing.
    const limited = campaigns
      .filter((c) => c.budget_mode === 'BUDGET_MODE_DAY')
      .some((c) => spendOf(campaignRows, c.id).some((s) => s >= c.budget * 0.9));
    const groupLimited = adGroups.some(
      (g) => g.budget_mode === 'BUDGET_MODE_DAY' && g.budget && spendOf(groupRows, g.id).some((s) => s >= g.budget! * 0.9),
    );
    expect(limited || groupLimited).toBe(true);
  });

  it('gives rejected and in-review ads, and paused, deleted and disabled entities, no delivery while in that state', async () => {
    const [campaigns, adGroups, ads] = await Promise.all([port.listCampaigns(), port.listAdGroups(), port.listAds()]);
    const { start, end } = RANGES[1]!;
    const [campaignRows, groupRows, adRows] = await Promise.all([
      report(port, 'AUCTION_CAMPAIGN', start, end),
      report(port, 'AUCTION_ADGROUP', start, end),
      report(port, 'AUCTION_AD', start, end),
    ]);
    const stoppedAds = ads.filter((a) => a.review_status !== 'APPROVED' || a.status !== 'ENABLED');
    expect(stoppedAds.some((a) => a.review_status === 'REJECTED')).toBe(true);
    expect(stoppedAds.some((a) => a.review_status === 'IN_REVIEW')).toBe(true);
    for (const a of stoppedAds) expect(spendOf(adRows, a.id).every((s) => s === 0)).toBe(true);
    for (const g of adGroups.filter((x) => x.status !== 'ENABLED')) expect(spendOf(groupRows, g.id).every((s) => s === 0)).toBe(true);
    for (const c of campaigns.filter((x) => x.status !== 'ACTIVE')) expect(spendOf(campaignRows, c.id).every((s) => s === 0)).toBe(true);
    // A paused campaign's ad groups are gated by it too.
    const paused = campaigns.filter((c) => c.status !== 'ACTIVE').map((c) => c.id);
    for (const g of adGroups.filter((x) => paused.includes(x.campaign_id)))
      expect(spendOf(groupRows, g.id).every((s) => s === 0)).toBe(true);
  });

  it('has no figures for today or later', async () => {
    for (const level of ['AUCTION_ADVERTISER', 'AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'] as const) {
      const rows = await report(port, level, today, addDays(today, 10));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.impressions === 0 && r.spend === 0 && r.conversions === 0)).toBe(true);
    }
  });

  it('keeps every past day after a write; a pause splits its day and stops the days after it', async () => {
    const group = (await port.listAdGroups()).find((g) => g.adgroup_name === 'Purchase - Broad')!;
    const start = addDays(yesterday, -9);
    const pauseDay = addDays(yesterday, -4);
    const before = await report(port, 'AUCTION_ADGROUP', start, yesterday);
    const beforeCampaigns = await report(port, 'AUCTION_CAMPAIGN', start, yesterday);

    // A budget change through the tool, now: yesterday and before are unchanged, through the port and the list tool.
    const listed = async () =>
      (
        (await callToolOk(apiKey, 'list_shortvideo_ad_groups', { lookback_days: 10 })).structured!.ad_groups as {
          id: string;
          metrics: { spend: number };
        }[]
      ).find((g) => g.id === group.id)!.metrics;
    const listedBefore = await listed();
    await callToolOk(apiKey, 'update_shortvideo_ad_group', { adgroup_id: group.id, budget: (group.budget ?? 100) + 400 });
    expect(await report(port, 'AUCTION_ADGROUP', start, yesterday)).toEqual(before);
    expect(await report(port, 'AUCTION_CAMPAIGN', start, yesterday)).toEqual(beforeCampaigns);
    expect(await listed()).toEqual(listedBefore);

    // A pause at 06:00 UTC four days ago (written as of then): earlier days stay, that day keeps its first quarter, later days are zero.
    await store.update(KIND.adgroup, group.id, { status: 'DISABLED' }, { now: new Date(`${pauseDay}T06:00:00.000Z`) });
    const after = await report(port, 'AUCTION_ADGROUP', start, yesterday);
    const mine = (rows: ShortVideoReportRow[]) => rows.filter((r) => r.id === group.id);
    for (const [i, row] of mine(after).entries()) {
      const old = mine(before)[i]!;
      if (row.date < pauseDay) expect(row).toEqual(old);
      else if (row.date > pauseDay) expect(row.spend + row.impressions).toBe(0);
      else {
        expect(old.spend).toBeGreaterThan(0);
        expect(row.spend).toBeGreaterThan(0);
        expect(row.spend).toBeLessThan(old.spend);
      }
    }
    // Other ad groups' past is untouched except where they share the campaign budget.
    const others = (rows: ShortVideoReportRow[]) => rows.filter((r) => r.id !== group.id && r.date < pauseDay);
    expect(others(after)).toEqual(others(before));
  });

  it('shows the same figures in the list tools as the report: campaigns equal their ad groups and ads', async () => {
    for (const lookback_days of [7, 30]) {
      const [campaigns, groups, ads] = await Promise.all([
        callToolOk(apiKey, 'list_shortvideo_campaigns', { lookback_days }),
        callToolOk(apiKey, 'list_shortvideo_ad_groups', { lookback_days }),
        callToolOk(apiKey, 'list_shortvideo_ads', { lookback_days }),
      ]);
      type Listed = { id: string; campaign_id?: string; metrics: { spend: number; impressions: number } };
      const groupRows = groups.structured!.ad_groups as Listed[];
      const adRows = ads.structured!.ads as Listed[];
      for (const c of campaigns.structured!.campaigns as Listed[]) {
        const groupSpend = groupRows.filter((g) => g.campaign_id === c.id).reduce((t, g) => t + cents(g.metrics.spend), 0);
        const adSpend = adRows.filter((a) => a.campaign_id === c.id).reduce((t, a) => t + cents(a.metrics.spend), 0);
        expect([c.id, cents(c.metrics.spend)]).toEqual([c.id, groupSpend]);
        expect([c.id, cents(c.metrics.spend)]).toEqual([c.id, adSpend]);
      }
    }
  });

  it('finds waste with the figures the list tool shows, proposes its pause, and nothing once it is paused', async () => {
    const wasteful = (await port.listAdGroups()).find((g) => g.adgroup_name === 'Add to Cart - Wasteful Test')!;
    const listed = (
      (await callToolOk(apiKey, 'list_shortvideo_ad_groups', { lookback_days: 30 })).structured!.ad_groups as {
        id: string;
        metrics: { spend: number };
      }[]
    ).find((g) => g.id === wasteful.id)!;
    const found = await shortvideo.findOpportunities!(account, new Date());
    const cut = found.find((o) => o.arguments.adgroup_id === wasteful.id)!;
    expect(cut).toMatchObject({ kind: 'cut_waste', tool: 'pause_shortvideo_ad_group', arguments: { adgroup_id: wasteful.id } });
    expect(cut.title).toContain(money(listed.metrics.spend, account.currency));
    for (const o of found.filter((o) => o.arguments.adgroup_id)) {
      const group = (await port.listAdGroups()).find((g) => g.id === o.arguments.adgroup_id)!;
      expect(o.arguments.budget).not.toBe(group.budget);
    }
    // Paused: the past still shows the waste, but there is nothing left to propose.
    await callToolOk(apiKey, 'pause_shortvideo_ad_group', { adgroup_id: wasteful.id });
    const again = await shortvideo.findOpportunities!(account, new Date());
    expect(again.find((o) => o.arguments.adgroup_id === wasteful.id)).toBeUndefined();
  });

  it('reports each objective on its own result: clicks for traffic, installs, leads, conversions with revenue, impressions for reach', async () => {
    const data = await callToolOk(apiKey, 'list_shortvideo_campaigns', { lookback_days: 30 });
    type Row = {
      objective_type: string;
      metrics: { clicks: number; conversions: number; impressions: number; spend: number };
      results: Record<string, unknown>;
    };
    const rows = data.structured!.campaigns as Row[];
    const of = (objective: string) => rows.find((r) => r.objective_type === objective && (r.metrics.spend > 0 || objective === 'REACH'))!;
    expect(of('TRAFFIC').results).toEqual({ result: 'clicks', value: of('TRAFFIC').metrics.clicks, cost_per_result: expect.any(Number) });
    expect(of('APP_PROMOTION').results).toMatchObject({ result: 'installs', value: of('APP_PROMOTION').metrics.conversions });
    expect(of('LEAD_GENERATION').results).toMatchObject({ result: 'leads', value: of('LEAD_GENERATION').metrics.conversions });
    expect(of('WEB_CONVERSIONS').results).toMatchObject({ result: 'conversions', revenue: expect.any(Number), roas: expect.any(Number) });
    expect(of('REACH').results).toMatchObject({ result: 'impressions' });
    expect(of('REACH').results).not.toHaveProperty('roas');
    expect(data.text).toContain('installs');
    expect(data.text).toContain('leads');
  });
});
