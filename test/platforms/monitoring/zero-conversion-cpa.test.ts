/**
 * Zero-conversion spend is the worst CPA, not a missing one (issue 31): a monitor "CPA > 40 and
 * spend > 100, last 7 days, per campaign" flags a campaign that spent with no conversions, and its
 * alert says "no conversions" rather than a number.
 */
import { ALL_PLATFORMS } from '../../../functions/all-tools';
import { alertText } from '../../../platforms/gateway/monitoring/deliver';
import { runDueTasks } from '../../../platforms/gateway/monitoring/scheduler';
import type { AlertBreach } from '../../../functions/runtime/stores/monitoring';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('zero-conversion spend is the worst CPA', () => {
  let apiKey: string;
  let competitor: { id: string; spend: number };

  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
    const campaigns = (await callToolOk(apiKey, 'list_campaigns', { start_date: day(-7), end_date: day(-1) })).structured!.campaigns as {
      id: string;
      name: string;
      metrics: { spend: number; conversions: number };
    }[];
    const row = campaigns.find((c) => c.name === 'Competitor Terms')!;
    competitor = { id: row.id, spend: row.metrics.spend };
    // The sandbox's campaign that spends without converting.
    expect(row.metrics.conversions).toBe(0);
    expect(row.metrics.spend).toBeGreaterThan(100);
  }, 60_000);

  const monitor = async (conditions: Record<string, unknown>[]) =>
    (
      (
        await callToolOk(apiKey, 'create_monitor', {
          name: 'CPA above 40 on real spend',
          scope: 'campaign',
          platforms: ['searchads'],
          campaign_ids: [competitor.id],
          conditions,
        })
      ).structured!.monitor as { monitor_id: string }
    ).monitor_id;

  it('CPA > 40 and spend > 100 over 7 days flags a campaign that spent with no conversions, and says so', async () => {
    const id = await monitor([
      { metric: 'cpa', operator: '>', threshold: 40, timeframe: 'last_7_days' },
      { metric: 'spend', operator: '>', threshold: 100, timeframe: 'last_7_days' },
    ]);
    const tested = await callToolOk(apiKey, 'test_monitor', { monitor_id: id });
    expect(tested.structured).toMatchObject({
      would_alert: true,
      checked: 1,
      breaches: [
        {
          campaign_id: competitor.id,
          values: [
            { value: null, holds: true, note: 'no conversions' },
            { value: competitor.spend, holds: true },
          ],
        },
      ],
    });
    expect(tested.text).toMatch(/cpa > 40 \(last 7 days\): no conversions/);
    const breaches = tested.structured!.breaches as AlertBreach[];
    const text = alertText({ owner_id: 'o', monitor_id: id, monitor_name: 'CPA', day: day(-1), created_at: '', breaches });
    expect(text).toContain('cpa > 40 (last 7 days): no conversions');
    expect(text).not.toMatch(/null|n\/a|undefined/);
  }, 60_000);

  it('the worst CPA never meets a "below" condition', async () => {
    const id = await monitor([{ metric: 'cpa', operator: '<', threshold: 1e9, timeframe: 'last_7_days' }]);
    expect((await callToolOk(apiKey, 'test_monitor', { monitor_id: id })).structured).toMatchObject({ would_alert: false, checked: 1 });
  }, 60_000);

  it('the campaigns research ranks spend without conversions as the highest CPA, and says "no conversions"', async () => {
    const job = (await callToolOk(apiKey, 'start_research', { topic: 'campaigns', platforms: ['searchads'] })).structured!.job;
    await runDueTasks(ALL_PLATFORMS, new Date());
    const done = await callToolOk(apiKey, 'get_research_status', { research_id: job.research_id });
    const highest = done.structured!.job.result.highest_cpa as { name: string; cpa: number | null; cpa_note?: string }[];
    expect(highest[0]).toMatchObject({ cpa: null, cpa_note: 'no conversions' });
    expect(highest.find((c) => c.name === 'Competitor Terms')).toMatchObject({ cpa: null, cpa_note: 'no conversions' });
    // Every campaign without conversions ranks above every campaign with a CPA.
    const firstWithCpa = highest.findIndex((c) => c.cpa !== null);
    if (firstWithCpa >= 0) expect(highest.slice(firstWithCpa).every((c) => c.cpa !== null)).toBe(true);
    expect(done.text).toMatch(/### Highest CPA[\s\S]*Competitor Terms \| searchads \| [^|]+ \| no conversions/);
  }, 120_000);
});
