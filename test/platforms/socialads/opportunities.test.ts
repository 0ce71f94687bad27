import { socialads } from '../../../platforms/socialads/manifest';
import { createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('Function: socialads.findOpportunities', () => {
  // The watch lists what analyze_socialads_wasted_spend lists (test/platforms/advice/waste-watch-rows.test.ts
  // checks the two agree row for row): spend without a result and cost far above the account's.
  it('reports ad sets that spent without a result or far over the account cost, with the write that pauses them', async () => {
    const { accounts } = await createTestOwner({ accounts: { socialads: 1 } });
    const found = await socialads.findOpportunities!(accounts.socialads![0], new Date());
    expect(
      found.some(
        (o) => o.title.includes('without a single purchase') && o.tool === 'update_socialads_ad_set' && o.arguments.status === 'PAUSED',
      ),
    ).toBe(true);
    expect(found.some((o) => /more than 2× the account's/.test(o.title))).toBe(true);
    for (const o of found) {
      expect(o.kind).toBe('cut_waste');
      expect(o.monthly_value).toBeGreaterThanOrEqual(100);
    }
  });
});
