/**
 * The cross-platform report (what gets emailed to a client) keeps each platform's result type apart
 * (issue 31): installs, leads and purchases are never summed into one conversions figure, an
 * awareness or traffic campaign shows n/a conversions as its platform does, and there are totals per
 * result type and a previous-period comparison (the same-length window just before).
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { cents, day, listed, PLATFORMS, sumCents, useFixedClock } from './support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
const caseOf = (platform: string) => PLATFORMS.find((c) => c.platform === platform)!;

describe('the cross-platform report sums only like with like', () => {
  let apiKey: string;
  let data: Row;
  const window = { start: day(-7), end: day(-1) };
  const account = (platform: string) => (data.report.accounts as Row[]).find((a) => a.platform === platform)!;

  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { socialads: 1, chatads: 1, shortvideo: 1 } })).apiKey;
    data = (await callToolOk(apiKey, 'generate_report_now', { start_date: window.start, end_date: window.end, format: 'html' }))
      .structured!;
  }, 180_000);

  it('keeps installs, leads and purchases apart: no conversions total over mixed result types', () => {
    const social = account('socialads');
    const types = (social.results as Row[]).map((r) => r.result_type);
    expect(types).toEqual(expect.arrayContaining(['installs', 'leads', 'purchases', 'link_clicks']));
    expect(social.totals.conversions).toBeNull();
    expect(social.totals.cpa).toBeNull();
    // Each type is its own campaigns' results: installs only from app campaigns.
    const installs = (social.results as Row[]).find((r) => r.result_type === 'installs')!;
    const purchases = (social.results as Row[]).find((r) => r.result_type === 'purchases')!;
    expect(installs.converts).toBe(true);
    expect(installs.results).toBeGreaterThan(0);
    expect(purchases.results).toBeGreaterThan(0);
    expect(data.content).not.toMatch(/Conversions<\/th><\/tr><\/thead><tbody><tr><td>socialads/);
  });

  it('an awareness campaign shows n/a conversions, as its platform does (never credited with conversions)', async () => {
    const awareness = (account('chatads').top_campaigns as Row[]).find((c) => c.name === 'Spring Launch - Awareness')!;
    expect(awareness).toMatchObject({ conversions: null, cpa: null, roas: null, result_type: 'impressions' });
    expect(awareness.spend).toBeGreaterThan(0);
    // socialads traffic (link clicks): no conversions in its results row, n/a on any of its campaigns shown.
    const social = account('socialads');
    expect((social.results as Row[]).find((r) => r.result_type === 'link_clicks')).toMatchObject({ converts: false });
    for (const c of (social.top_campaigns as Row[]).filter((x) => x.result_type === 'link_clicks'))
      expect(c).toMatchObject({ conversions: null, cpa: null, roas: null });
    expect(data.content).toMatch(
      /Spring Launch - Awareness<\/td><td>active<\/td><td>[^<]+<\/td><td>[\d,]+ impressions<\/td><td>n\/a<\/td>/,
    );
  });

  it('has totals per result type and currency that add up the accounts, like with like', () => {
    const totals = data.report.totals_by_result_type as Row[];
    const accounts = data.report.accounts as Row[];
    for (const t of totals) {
      const parts = accounts
        .filter((a) => a.currency === t.currency)
        .flatMap((a) => (a.results as Row[]).filter((r) => r.result_type === t.result_type));
      expect({ type: t.result_type, results: t.results, spend: cents(t.spend) }).toEqual({
        type: t.result_type,
        results: parts.reduce((s, r) => s + r.results, 0),
        spend: sumCents(parts.map((r) => r.spend)),
      });
    }
    expect(new Set(totals.map((t) => `${t.currency}|${t.result_type}`)).size).toBe(totals.length);
  });

  it('compares with the same-length period just before, with the figures the list shows for it', async () => {
    expect(data.report).toMatchObject({ previous_start_date: day(-14), previous_end_date: day(-8) });
    for (const platform of ['socialads', 'shortvideo']) {
      const before = await listed(apiKey, caseOf(platform), { start: day(-14), end: day(-8) });
      const a = account(platform);
      expect({ platform, spend: cents(a.previous.totals.spend) }).toEqual({ platform, spend: sumCents(before.map((r) => r.spend)) });
    }
    expect(data.content).toMatch(/Previous spend/);
  });
});
