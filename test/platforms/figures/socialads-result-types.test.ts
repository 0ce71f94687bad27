/**
 * socialads counts each optimization goal's own results (issue 31): an ad set optimising for
 * LANDING_PAGE_VIEWS has landing page views as results (fewer than its link clicks, which are fewer
 * than all its clicks), one optimising for TWO_SECOND_CONTINUOUS_VIDEO_VIEWS has 2-second continuous
 * plays (more than its ThruPlays), and a link-click result, its CTR and its CPC are per link click,
 * not per click of any kind. Figures are compared with the platform's own rows, never with a number.
 */
import { socialads } from '../../../platforms/socialads/manifest';
import type { SocialAdsInsightsRow, SocialAdsPort } from '../../../platforms/socialads/port';
import { insightTotals, objectiveMetrics, resultTypeOf } from '../../../platforms/socialads/tools/shared';
import { createLogger } from '../../../functions/runtime/log';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { day, useFixedClock } from './support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
const window = { start_date: day(-30), end_date: day(-1) };
const sum = (rows: readonly SocialAdsInsightsRow[], m: keyof SocialAdsInsightsRow) => rows.reduce((s, r) => s + Number(r[m] ?? 0), 0);

describe('socialads result types follow the optimization goal', () => {
  let apiKey: string;
  let port: SocialAdsPort;
  let adSets: Row[];
  let campaigns: Row[];

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { socialads: 1 } });
    apiKey = owner.apiKey;
    const ctx = { signal: new AbortController().signal, deadline: Date.now() + 60_000, log: createLogger({ test: 'result-types' }) };
    port = await socialads.open(owner.accounts.socialads![0]!, ctx);
    adSets = (await callToolOk(apiKey, 'list_socialads_ad_sets', window)).structured!.ad_sets as Row[];
    campaigns = (await callToolOk(apiKey, 'list_socialads_campaigns', window)).structured!.campaigns as Row[];
  }, 120_000);

  const rowsOf = (level: 'adset' | 'campaign', id: string) =>
    port.getInsights({ level, ids: [id], time_range: { since: window.start_date, until: window.end_date } });

  it('an ad set optimising for landing page views has them as results: fewer than its link clicks, fewer than its clicks', async () => {
    const set = adSets.find((s) => s.name === 'US - Broad 25-54')!;
    expect(set.optimization_goal).toBe('LANDING_PAGE_VIEWS');
    const rows = await rowsOf('adset', set.id);
    expect(set.metrics).toMatchObject({
      result_type: 'landing_page_views',
      results: sum(rows, 'landing_page_views'),
      link_clicks: sum(rows, 'link_clicks'),
      clicks: sum(rows, 'clicks'),
    });
    expect(set.metrics.results).toBeGreaterThan(0);
    expect(set.metrics.results).toBeLessThan(set.metrics.link_clicks);
    expect(set.metrics.link_clicks).toBeLessThan(set.metrics.clicks);
    expect(set.metrics.cost_per_result).toBeCloseTo(set.metrics.spend / set.metrics.results, 2);
    // The ad set report says the same.
    const report = (await callToolOk(apiKey, 'get_socialads_adset_performance', window)).structured!.ad_sets as Row[];
    expect(report.find((s) => s.id === set.id)!.metrics).toMatchObject({ result_type: 'landing_page_views', results: set.metrics.results });
  }, 120_000);

  it('link-click results, CTR and CPC are per link click; clicks stay all clicks', async () => {
    const traffic = campaigns.find((c) => c.name === 'Trail Running - Traffic' || c.objective === 'OUTCOME_TRAFFIC')!;
    expect(traffic.metrics.result_type).toBe('link_clicks');
    const rows = await rowsOf('campaign', traffic.id);
    const linkClicks = sum(rows, 'link_clicks');
    expect(traffic.metrics).toMatchObject({ results: linkClicks, link_clicks: linkClicks, clicks: sum(rows, 'clicks') });
    expect(linkClicks).toBeLessThan(traffic.metrics.clicks);
    expect(traffic.metrics.ctr).toBeCloseTo(linkClicks / traffic.metrics.impressions, 4);
    expect(traffic.metrics.cpc).toBeCloseTo(traffic.metrics.spend / linkClicks, 2);
  }, 120_000);

  it('a 2-second continuous video views goal counts its 2-second plays, more than its ThruPlays', async () => {
    expect(resultTypeOf('TWO_SECOND_CONTINUOUS_VIDEO_VIEWS', 'OUTCOME_AWARENESS')).toBe('two_second_video_plays');
    const video = adSets.find((s) => s.name === 'ThruPlay - Broad')!;
    const rows = await rowsOf('adset', video.id);
    const totals = (await insightTotals(port, 'adset', [video.id], window.start_date, window.end_date))(video.id);
    const m = objectiveMetrics(totals, 'two_second_video_plays', { hasVideo: true });
    expect(m).toMatchObject({ results: sum(rows, 'two_second_video_plays'), video_views: sum(rows, 'video_views') });
    expect(m.results).toBeGreaterThan(m.video_views!);
    expect(m.cost_per_result).toBeCloseTo(m.spend / m.results, 2);
  }, 120_000);

  it('the cross-platform report counts each result type apart', async () => {
    const report = (await callToolOk(apiKey, 'generate_report_now', window)).structured!.report;
    const social = (report.accounts as Row[]).find((a) => a.platform === 'socialads')!;
    const byType = new Map((social.results as Row[]).map((r) => [r.result_type, r.results]));
    for (const type of new Set(campaigns.map((c) => c.metrics.result_type)))
      expect({ type, results: byType.get(type) ?? 0 }).toEqual({
        type,
        results: campaigns.filter((c) => c.metrics.result_type === type).reduce((s, c) => s + c.metrics.results, 0),
      });
  }, 120_000);
});
