import { proads } from '../../../platforms/proads/manifest';
import { createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('Function: proads.findOpportunities', () => {
  it('reports active conversion campaigns that spent without converting (a pause) or far above the account CPA (a budget cut)', async () => {
    const { accounts } = await createTestOwner({ accounts: { proads: 1 } });
    const found = await proads.findOpportunities!(accounts.proads![0], new Date());
    expect(found.some((o) => o.title.includes('Customer Testimonials'))).toBe(true);
    for (const o of found) {
      expect(o).toMatchObject({
        platform: 'proads',
        kind: 'cut_waste',
        tool: expect.stringMatching(/^(pause_proads_campaign|update_proads_campaign_budget)$/),
        arguments: { campaign_id: expect.stringMatching(/^\d+$/) },
      });
      expect(o.monthly_value).toBeGreaterThanOrEqual(300);
    }
  });
});
