import { count, money } from '../../../core/markdown';
import { searchads } from '../../../platforms/searchads/manifest';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('Function: searchads.findOpportunities', () => {
  it('cuts running campaigns that spent without converting or far above the account CPA and scales only budget-limited winners, with the figures list_campaigns shows', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { searchads: 1 } });
    const account = accounts.searchads![0]!;
    const found = await searchads.findOpportunities!(account, new Date());
    const listed = await callToolOk(apiKey, 'list_campaigns', { lookback_days: 30 });
    const campaigns = new Map(
      (
        listed.structured!.campaigns as {
          id: string;
          name: string;
          type: string;
          status: string;
          budget_amount: number;
          metrics: { spend: number; conversions: number; roas: number | null };
        }[]
      ).map((c) => [c.id, c]),
    );
    const writeTools = new Set(searchads.tools.filter((t) => t.access === 'write').map((t) => t.name));
    expect(found.some((o) => o.kind === 'cut_waste' && o.title.includes('Competitor Terms'))).toBe(true);
    for (const o of found) {
      expect(writeTools.has(o.tool)).toBe(true);
      const campaign = campaigns.get(o.arguments.campaign_id as string)!;
      expect(campaign.status).toBe('ENABLED');
      expect(campaign.type).not.toBe('VIDEO');
      if (o.kind === 'cut_waste') {
        expect(o.arguments.status).toBe('PAUSED');
        if (campaign.metrics.conversions === 0) expect(o.title).toContain(money(campaign.metrics.spend));
        else {
          // A campaign that converts is cut only when its CPA is far above the account's (core/advice.ts).
          expect(o.title).toContain(`its ${count(campaign.metrics.conversions)} conversions are worth at the account's cost`);
          expect(o.title).toContain("at a cost per conversion over 2× the account's");
        }
      } else {
        // Never more spend where the return is below target, never the current value again.
        expect(campaign.metrics.roas).toBeGreaterThanOrEqual(3);
        expect(o.arguments.budget_amount).toBeGreaterThan(campaign.budget_amount);
      }
    }
  });
});
