/**
 * An engagement campaign's results follow its ad sets' optimization goal (issue 31): the seeded
 * "Community - Post Engagement" campaign (OUTCOME_ENGAGEMENT, an ad set optimising for
 * POST_ENGAGEMENT) has post engagements as results, never purchases: no conversions, no revenue, in
 * the platform's rows, its lists, its budget analysis and the cross-platform report, whose
 * post engagements stay apart from the traffic campaign's link clicks.
 */
import { socialads } from '../../../platforms/socialads/manifest';
import { createLogger } from '../../../functions/runtime/log';
import type { ConnectedAccount } from '../../../core/accounts';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { day, useFixedClock } from './support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
const window = { start_date: day(-14), end_date: day(-1) };

describe('socialads engagement campaign: results are post engagements, never conversions', () => {
  let apiKey: string;
  let account: ConnectedAccount;
  let campaigns: Row[];
  let community: Row;
  let adSet: Row;

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { socialads: 1 } });
    apiKey = owner.apiKey;
    account = owner.accounts.socialads![0]!;
    campaigns = (await callToolOk(apiKey, 'list_socialads_campaigns', window)).structured!.campaigns as Row[];
    community = campaigns.find((c) => c.name === 'Community - Post Engagement')!;
    adSet = ((await callToolOk(apiKey, 'get_socialads_adset_performance', window)).structured!.ad_sets as Row[]).find(
      (s) => s.campaign_id === community.id,
    )!;
  }, 120_000);

  it("the platform's rows carry post engagements (at least the clicks) and no conversions or revenue", async () => {
    const ctx = { signal: new AbortController().signal, deadline: Date.now() + 60_000, log: createLogger({ test: 'engagement' }) };
    const port = await socialads.open(account, ctx);
    const rows = await port.getInsights({ level: 'ad', ids: undefined, time_range: { since: window.start_date, until: window.end_date } });
    const own = rows.filter((r) => r.campaign_id === community.id);
    expect(own.some((r) => r.spend > 0)).toBe(true);
    for (const r of own) {
      expect({ date: r.date, conversions: r.conversions, revenue: r.revenue }).toEqual({ date: r.date, conversions: 0, revenue: 0 });
      expect(r.post_engagements!).toBeGreaterThanOrEqual(r.clicks);
    }
  }, 120_000);

  it('the list and the ad set report count post engagements as its results, with no conversion metrics', () => {
    expect(community.metrics.result_type).toBe('post_engagements');
    expect(adSet.metrics.result_type).toBe('post_engagements');
    // The campaign has one ad set: the same results and spend.
    expect({ results: community.metrics.results, spend: community.metrics.spend }).toEqual({
      results: adSet.metrics.results,
      spend: adSet.metrics.spend,
    });
    // Post engagements include the link clicks and more: not the clicks relabelled.
    expect(community.metrics.results).toBeGreaterThan(community.metrics.clicks);
    for (const key of ['conversions', 'cpa', 'revenue', 'roas']) expect(Object.keys(community.metrics)).not.toContain(key);
  });

  it('the budget analysis compares it only with holders of its own result type', async () => {
    const optimized = (await callToolOk(apiKey, 'optimize_socialads_budget', { lookback_days: 14 })).structured!;
    const holder = (optimized.holders as Row[]).find((h) => h.id === community.id)!;
    expect(holder.metrics).toMatchObject({ result_type: 'post_engagements', results: community.metrics.results });
    for (const m of optimized.moves as Row[]) if (m.figures.result_type === 'link_clicks') expect(m.id).not.toBe(community.id);
  }, 120_000);

  it('the cross-platform report keeps its post engagements apart from link clicks, with no conversions', async () => {
    const report = (await callToolOk(apiKey, 'generate_report_now', { ...window })).structured!.report;
    const social = (report.accounts as Row[]).find((a) => a.platform === 'socialads')!;
    const byType = new Map((social.results as Row[]).map((r) => [r.result_type, r]));
    expect(byType.get('post_engagements')).toMatchObject({ results: community.metrics.results, converts: false });
    // Link clicks are the traffic campaigns' alone.
    const linkClicks = campaigns.filter((c) => c.metrics.result_type === 'link_clicks');
    expect(byType.get('link_clicks')?.results).toBe(linkClicks.reduce((s, c) => s + c.metrics.results, 0));
  }, 120_000);
});
