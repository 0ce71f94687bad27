import { socialads } from '../../../platforms/socialads/manifest';
import { createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('Function: socialads.findOpportunities', () => {
  it('reports active ads that spent without a result, with the write that pauses them', async () => {
    const { accounts } = await createTestOwner({ accounts: { socialads: 1 } });
    const found = await socialads.findOpportunities!(accounts.socialads![0], new Date());
    expect(
      found.some((o) => o.title.includes('Android - screenshots') && o.tool === 'update_socialads_ad' && o.arguments.status === 'PAUSED'),
    ).toBe(true);
    for (const o of found) {
      expect(o.kind).toBe('cut_waste');
      expect(o.monthly_value).toBeGreaterThanOrEqual(100);
    }
  });
});
