/**
 * analyze_retailads_wasted_spend proposes nothing more inside a campaign or ad group it proposes to pause (issue 31),
 * as searchads' analyze_wasted_spend does (../searchads/wasted-spend-paused-campaign.test.ts): the pause stops the
 * searches there, product searches too, so no negative keyword and no negative product target is proposed for them;
 * they stay listed (with their figures and no action of their own) and the text says why.
 */
import { productOfSearchTerm } from '../../../platforms/retailads/tools/wasted-spend';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { day, useFixedClock } from '../figures/support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
// Half a year, so that the product searches at the long tail of the automatic targets have spent (they draw few clicks).
const window = { start_date: day(-180), end_date: day(-1) };

describe('analyze_retailads_wasted_spend: a campaign it pauses gets no negative product targets', () => {
  it('lists the product searches of a paused-by-the-analysis campaign without proposing their negative product targets', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { retailads: 1 } });
    const store = new SandboxStore('retailads', accounts.retailads![0]!.account_id);
    // The automatic campaign, whose targets match shoppers who search product codes, stopped selling before the window:
    // every target of it now only spends, so the analysis pauses the campaign, and its product searches are inside it.
    const campaigns = (await callToolOk(apiKey, 'list_retailads_campaigns', { ...window, limit: 100 })).structured!.campaigns as Row[];
    const auto = campaigns.find((c) => c.name === 'SP - Auto - All Products')!;
    const targets = (await store.list<Row & { id: string }>('target')).filter((t) => t.campaign_id === auto.id);
    expect(targets.length).toBeGreaterThan(0);
    for (const t of targets)
      await store.update('target', t.id, { performance: 'wasteful' }, { now: new Date(`${day(-200)}T00:00:00.000Z`) });

    // A low threshold lists the small product searches at the long tail too.
    const data = await callToolOk(apiKey, 'analyze_retailads_wasted_spend', { ...window, min_spend: 0.01 });
    const s = data.structured!;
    const listed = new Set([...(s.campaigns as Row[]), ...(s.ad_groups as Row[])].map((r) => r.id as string));
    expect((s.campaigns as Row[]).find((c) => c.id === auto.id)).toMatchObject({
      orders: 0,
      action: { tool: 'pause_retailads_campaigns', arguments: { campaign_ids: [auto.id] } },
    });
    const terms = s.search_terms as Row[];
    const stopped = (t: Row) => listed.has(t.campaign_id) || listed.has(t.ad_group_id);
    const productSearches = terms.filter((t) => productOfSearchTerm(t.search_term));
    expect(productSearches.filter((t) => t.campaign_id === auto.id).length).toBeGreaterThan(0);

    // No negative product target inside a listed campaign or ad group; every product search elsewhere has its own.
    const proposed = s.negative_product_targets as { campaignId: string; adGroupId: string; expression: { value: string }[] }[];
    expect(proposed.filter((p) => listed.has(p.campaignId) || listed.has(p.adGroupId))).toEqual([]);
    const proposedKeys = new Set(proposed.map((p) => `${p.adGroupId}|${p.expression[0]!.value}`));
    for (const t of productSearches)
      expect({
        term: t.search_term,
        action: t.action,
        proposed: proposedKeys.has(`${t.ad_group_id}|${productOfSearchTerm(t.search_term)}`),
      }).toEqual({
        term: t.search_term,
        action: null,
        proposed: !stopped(t),
      });
    // The text says why the searches inside them propose nothing.
    expect(data.text).toContain(
      `Not proposed as negatives: the searches of a campaign or ad group listed above (${terms.filter(stopped).length.toLocaleString('en-US')}), which its pause stops.`,
    );
  }, 120_000);
});
