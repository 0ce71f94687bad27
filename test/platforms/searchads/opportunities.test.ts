import { searchads } from '../../../platforms/searchads/manifest';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';

useTestTables();
useMiddayClock();

describe('Function: searchads.findOpportunities', () => {
  it('pauses running campaigns and keywords that spent without converting or far above the account CPA and scales only running winners, with the figures list_campaigns shows', async () => {
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
    const keywords = new Map(
      (
        (await callToolOk(apiKey, 'get_keyword_performance', { lookback_days: 30, limit: 1000 })).structured!.rows as {
          id: string;
          status: string;
          campaign_id: string;
        }[]
      ).map((k) => [k.id, k]),
    );
    const writeTools = new Set(searchads.tools.filter((t) => t.access === 'write').map((t) => t.name));
    expect(found.some((o) => o.kind === 'cut_waste' && o.title.includes('Competitor Terms'))).toBe(true);
    expect(found.some((o) => o.kind === 'cut_waste' && o.title.includes('account CPA'))).toBe(true);
    for (const o of found) {
      expect(writeTools.has(o.tool)).toBe(true);
      expect(o.arguments.customer_id).toBe(account.account_id);
      const keywordIds = o.arguments.keyword_ids as string[] | undefined;
      const campaign = campaigns.get((o.arguments.campaign_id as string) ?? keywords.get(keywordIds?.[0] ?? '')?.campaign_id)!;
      expect(campaign.status).toBe('ENABLED');
      expect(campaign.type).not.toBe('VIDEO');
      if (o.kind === 'cut_waste') {
        // A campaign or one keyword is paused, never both for the same spend.
        if (keywordIds) {
          expect(o.tool).toBe('pause_keywords');
          expect(keywordIds.length).toBe(1);
          expect(keywords.get(keywordIds[0]!)!.status).toBe('ENABLED');
          expect(found.some((c) => c.arguments.campaign_id === campaign.id && c.kind === 'cut_waste')).toBe(false);
        } else expect(o.arguments.status).toBe('PAUSED');
      } else {
        // Never more spend where the return is below target, never the current value again.
        expect(campaign.metrics.roas).toBeGreaterThanOrEqual(3);
        expect(o.arguments.budget_amount).toBeGreaterThan(campaign.budget_amount);
      }
    }
  });
});
