/**
 * One source of figures (issue 31): what each platform's campaign list shows, read the same way for
 * every platform, and the cross-platform report and a monitor over the same window, so tests can
 * compare them to the cent. The clock is fixed (only Date is faked: DynamoDB Local and the test's
 * own timers keep real time), so no test depends on the time of day.
 */
import type { PlatformWord } from '../../../core/platforms';
import { fakeDate } from '../../support/clock';
import { callToolOk } from '../../support/gateway';

/** The controlled clock of these tests: a weekday morning, UTC. */
export const NOW = new Date('2026-11-18T09:30:00.000Z');

export function useFixedClock(now: Date = NOW): void {
  beforeAll(() => {
    fakeDate(now, false);
  });
  afterAll(() => jest.useRealTimers());
}

/** The day `offset` days from the fixed clock's day (-1 = yesterday). */
export const day = (offset: number, now: Date = NOW) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/** One campaign as its platform's list tool shows it. `conversions` null where the list shows them n/a. */
export interface ListedCampaign {
  id: string;
  name: string;
  spend: number;
  conversions: number | null;
  /** The list's own result (type and count), where the list shows one. */
  result?: { type: string; value: number };
}

type Row = Record<string, any>;

export interface PlatformCase {
  platform: PlatformWord;
  /** The campaign list tool. */
  list: string;
  /** Its arguments for a window (chatads' list always shows the last 30 days). */
  listArgs(window: { start: string; end: string }): Record<string, unknown>;
  /** The monitor timeframe and window the list shows. */
  days: 7 | 30;
  rows(structured: Row): ListedCampaign[];
}

const metricsRow = (c: Row): ListedCampaign => ({
  id: c.id,
  name: c.name,
  spend: c.metrics.spend,
  conversions: 'conversions' in c.metrics ? c.metrics.conversions : null,
});
const dated = (w: { start: string; end: string }) => ({ start_date: w.start, end_date: w.end });

export const PLATFORMS: PlatformCase[] = [
  { platform: 'searchads', list: 'list_campaigns', listArgs: dated, days: 7, rows: (s) => s.campaigns.map(metricsRow) },
  {
    platform: 'socialads',
    list: 'list_socialads_campaigns',
    listArgs: dated,
    days: 7,
    rows: (s) => s.campaigns.map((c: Row) => ({ ...metricsRow(c), result: { type: c.metrics.result_type, value: c.metrics.results } })),
  },
  { platform: 'proads', list: 'list_proads_campaigns', listArgs: dated, days: 7, rows: (s) => s.campaigns.map(metricsRow) },
  {
    platform: 'shortvideo',
    list: 'list_shortvideo_campaigns',
    listArgs: dated,
    days: 7,
    rows: (s) =>
      s.campaigns.map((c: Row) => ({
        ...metricsRow(c),
        name: c.campaign_name,
        result: { type: c.results.result, value: c.results.value },
      })),
  },
  {
    platform: 'retailads',
    list: 'list_retailads_campaigns',
    listArgs: (w) => ({ ...dated(w), limit: 100 }),
    days: 7,
    rows: (s) => s.campaigns.map((c: Row) => ({ id: c.id, name: c.name, spend: c.spend, conversions: c.orders })),
  },
  {
    platform: 'chatads',
    list: 'list_chatads_campaigns',
    listArgs: () => ({ limit: 100 }),
    days: 30,
    rows: (s) => s.campaigns.map(metricsRow),
  },
  {
    platform: 'deskads',
    list: 'list_deskads_campaigns',
    listArgs: (w) => ({ ...dated(w), limit: 100 }),
    days: 7,
    rows: (s) => s.campaigns.map(metricsRow),
  },
];

export const cents = (n: number) => Math.round(n * 100);
export const sumCents = (values: readonly number[]) => values.reduce((t, v) => t + cents(v), 0);

/** The window a case's monitor and list cover: the last `days` days ending yesterday. */
export const windowOf = (c: PlatformCase, now: Date = NOW) => ({ start: day(-c.days, now), end: day(-1, now) });

export async function listed(apiKey: string, c: PlatformCase, window: { start: string; end: string }): Promise<ListedCampaign[]> {
  const data = await callToolOk(apiKey, c.list, c.listArgs(window));
  return c.rows(data.structured!);
}

export async function report(apiKey: string, c: PlatformCase, window: { start: string; end: string }): Promise<Row> {
  return (await callToolOk(apiKey, 'generate_report_now', { platforms: [c.platform], start_date: window.start, end_date: window.end }))
    .structured!.report;
}

/**
 * What a monitor sees per campaign over the case's window: spend and conversions (null = n/a), from
 * test_monitor of a campaign monitor whose conditions always hold on spend.
 */
export async function monitored(apiKey: string, c: PlatformCase): Promise<Map<string, { spend: number; conversions: number | null }>> {
  const timeframe = c.days === 7 ? 'last_7_days' : 'last_30_days';
  const created = await callToolOk(apiKey, 'create_monitor', {
    name: `figures of ${c.platform}`,
    scope: 'campaign',
    platforms: [c.platform],
    match: 'any',
    conditions: [
      { metric: 'spend', operator: '>=', threshold: 0, timeframe },
      { metric: 'conversions', operator: '>=', threshold: 0, timeframe },
    ],
  });
  const monitorId = (created.structured!.monitor as { monitor_id: string }).monitor_id;
  const tested = (await callToolOk(apiKey, 'test_monitor', { monitor_id: monitorId })).structured!;
  expect(tested.skipped).toEqual([]);
  const out = new Map<string, { spend: number; conversions: number | null }>();
  for (const b of tested.breaches as Row[]) out.set(b.campaign_id, { spend: b.values[0].value, conversions: b.values[1].value });
  await callToolOk(apiKey, 'delete_monitor', { monitor_id: monitorId });
  return out;
}

/** What an account-scope monitor sees over the case's window: spend and conversions. */
export async function monitoredAccount(apiKey: string, c: PlatformCase): Promise<{ spend: number; conversions: number }> {
  const timeframe = c.days === 7 ? 'last_7_days' : 'last_30_days';
  const created = await callToolOk(apiKey, 'create_monitor', {
    name: `account figures of ${c.platform}`,
    platforms: [c.platform],
    match: 'any',
    conditions: [
      { metric: 'spend', operator: '>=', threshold: 0, timeframe },
      { metric: 'conversions', operator: '>=', threshold: 0, timeframe },
    ],
  });
  const monitorId = (created.structured!.monitor as { monitor_id: string }).monitor_id;
  const tested = (await callToolOk(apiKey, 'test_monitor', { monitor_id: monitorId })).structured!;
  const breach = (tested.breaches as Row[])[0]!;
  await callToolOk(apiKey, 'delete_monitor', { monitor_id: monitorId });
  return { spend: breach.values[0].value, conversions: breach.values[1].value };
}

/**
 * The checks every one-source test makes: the list, the cross-platform report and monitors over one
 * window agree on spend, results and conversions, to the cent.
 */
export async function expectOneSource(apiKey: string, c: PlatformCase, now: Date = NOW): Promise<void> {
  const window = windowOf(c, now);
  const [rows, r, perCampaign, account] = [
    await listed(apiKey, c, window),
    await report(apiKey, c, window),
    await monitored(apiKey, c),
    await monitoredAccount(apiKey, c),
  ];
  expect(rows.length).toBeGreaterThan(0);
  expect(r.skipped).toEqual([]);
  const a = r.accounts[0];
  // Spend: the list's sum, the report's total and the account monitor's, to the cent.
  const listSpend = sumCents(rows.map((x) => x.spend));
  expect(listSpend).toBeGreaterThan(0);
  expect(cents(a.totals.spend)).toBe(listSpend);
  expect(cents(account.spend)).toBe(listSpend);
  // Conversions: n/a counts none; the report counts only converting result types.
  const listConversions = rows.reduce((t, x) => t + (x.conversions ?? 0), 0);
  expect(account.conversions).toBe(listConversions);
  const converted = (a.results as Row[]).filter((x) => x.converts).reduce((t, x) => t + x.results, 0);
  expect(converted).toBe(listConversions);
  // Each campaign: the monitor sees what the list shows.
  for (const row of rows) {
    const seen = perCampaign.get(row.id);
    expect({ id: row.id, spend: seen?.spend }).toEqual({ id: row.id, spend: row.spend });
    // A campaign the list shows n/a conversions is n/a to the monitor too (never credited with conversions).
    if (row.conversions === null) expect({ id: row.id, conversions: seen?.conversions }).toEqual({ id: row.id, conversions: null });
    else expect({ id: row.id, conversions: seen?.conversions ?? 0 }).toEqual({ id: row.id, conversions: row.conversions });
  }
  // The report's top campaigns: the list's spend and conversions (n/a stays n/a), and its results where the list shows them.
  for (const top of a.top_campaigns as Row[]) {
    const row = rows.find((x) => x.id === top.id)!;
    expect({ name: top.name, spend: top.spend }).toEqual({ name: row.name, spend: row.spend });
    if (row.conversions === null) expect({ name: top.name, conversions: top.conversions }).toEqual({ name: row.name, conversions: null });
    else expect({ name: top.name, conversions: top.conversions ?? 0 }).toEqual({ name: row.name, conversions: row.conversions });
    if (row.result)
      expect({ name: top.name, result: top.result_type, results: top.results }).toEqual({
        name: row.name,
        result: row.result.type,
        results: row.result.value,
      });
  }
  // Results per type: the report's totals are the list's, type by type (only like with like).
  const byType = new Map<string, number>();
  for (const row of rows)
    if (row.result && (row.spend > 0 || row.result.value > 0))
      byType.set(row.result.type, (byType.get(row.result.type) ?? 0) + row.result.value);
  if (byType.size)
    expect(Object.fromEntries((a.results as Row[]).map((x) => [x.result_type, x.results]))).toEqual(Object.fromEntries(byType));
}
