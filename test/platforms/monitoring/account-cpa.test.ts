/**
 * An account-scope monitor's CPA counts only the campaigns whose result is a conversion (issue 31):
 * an awareness, reach, view or traffic campaign's spend bought no conversions, so it is left out of
 * the account CPA, and the reading says so. Checked on the platforms whose sandbox has such
 * campaigns, against the platform's own campaign list over the same window.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { listed, PLATFORMS, useFixedClock, windowOf } from '../figures/support';

useTestTables();
useFixedClock();

type Value = { value: number | null; note?: string };

describe.each(PLATFORMS.filter((c) => ['socialads', 'shortvideo'].includes(c.platform)))('account monitor CPA on $platform', (c) => {
  it('is the spend of the converting campaigns over their conversions, and names the spend it left out', async () => {
    const { apiKey } = await createTestOwner({ accounts: { [c.platform]: 1 } });
    const rows = await listed(apiKey, c, windowOf(c));
    const converting = rows.filter((r) => r.conversions !== null);
    const others = rows.filter((r) => r.conversions === null && r.spend > 0);
    // The sandbox account has both kinds of campaign, or this test proves nothing.
    expect(others.length).toBeGreaterThan(0);
    const conversions = converting.reduce((t, r) => t + r.conversions!, 0);
    expect(conversions).toBeGreaterThan(0);
    const convertingSpend = converting.reduce((t, r) => t + r.spend, 0);

    const timeframe = c.days === 7 ? 'last_7_days' : 'last_30_days';
    const created = await callToolOk(apiKey, 'create_monitor', {
      name: `account CPA of ${c.platform}`,
      platforms: [c.platform],
      match: 'all',
      conditions: [
        { metric: 'cpa', operator: '>=', threshold: 0, timeframe },
        { metric: 'spend', operator: '>=', threshold: 0, timeframe },
      ],
    });
    const monitorId = (created.structured!.monitor as { monitor_id: string }).monitor_id;
    const tested = await callToolOk(apiKey, 'test_monitor', { monitor_id: monitorId });
    const [cpa, spend] = (tested.structured!.breaches as { values: Value[] }[])[0]!.values as [Value, Value];
    expect(cpa.value).toBeCloseTo(convertingSpend / conversions, 2);
    // Spend is still the whole account's.
    expect(spend.value).toBeCloseTo(
      rows.reduce((t, r) => t + r.spend, 0),
      2,
    );
    expect(cpa.note).toMatch(
      new RegExp(
        `from the ${converting.length} campaigns? whose result is a conversion; .* of ${others.length} campaigns? without conversions`,
      ),
    );
    expect(tested.text).toContain('whose result is a conversion');
  }, 120_000);
});
