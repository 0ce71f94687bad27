/** Ready-made negatives never block a live keyword: analyze_deskads_wasted_spend's proposals. */
import { negativeBlocks } from '../../../core/negatives';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('proposed negatives and live keywords', () => {
  it('deskads: no negative that analyze_deskads_wasted_spend proposes blocks an active keyword of its campaign', async () => {
    const { apiKey } = await createTestOwner({ accounts: { deskads: 1 } });
    const waste = (await callToolOk(apiKey, 'analyze_deskads_wasted_spend', {})).structured!;
    const keywords = (await callToolOk(apiKey, 'list_deskads_keywords', { limit: 200 })).structured!.keywords as {
      campaign_id: string;
      text: string;
      status: string;
    }[];
    const proposals = (
      waste.actions as { tool: string; arguments: { campaign_id: string; negatives: { text: string; match_type: 'Exact' }[] } }[]
    ).filter((a) => a.tool === 'add_deskads_negative_keywords');
    const blocking = proposals.flatMap((a) =>
      a.arguments.negatives
        .filter((n) =>
          keywords.some((k) => k.campaign_id === a.arguments.campaign_id && k.status === 'Active' && negativeBlocks(n, k.text)),
        )
        .map((n) => n.text),
    );
    expect(blocking).toEqual([]);
    // The seeded account has search terms without conversions that are live keywords: they are named, not proposed.
    expect((waste.search_terms as unknown[]).length).toBeGreaterThan(0);
  }, 120_000);
});
