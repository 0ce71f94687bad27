/**
 * analyze_retailads_wasted_spend: a search that is a product (an ASIN) becomes a negative product
 * target (ASIN_SAME_AS), never a negative keyword; its stated threshold matches exactly the rows it
 * lists; search term reports show shopper queries, never targeting expressions.
 */
import { productOfSearchTerm } from '../../../platforms/retailads/tools/wasted-spend';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { allRetailSearchTerms } from '../helpers/retailads-search-terms';

useTestTables();

type Term = { ad_product: string; campaign_id: string; ad_group_id: string; search_term: string; spend: number; sales: number };
type Action = { tool: string; arguments: { negative_keywords?: { keywordText: string }[] } };

describe('retailads wasted spend', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { retailads: 1 } })).apiKey;
  });

  it('reads a product out of a search: an ASIN or a raw asinSameAs expression, never words', () => {
    expect(productOfSearchTerm('b0k3x9a1zq')).toBe('B0K3X9A1ZQ');
    expect(productOfSearchTerm('best asinSameAs=B0ABC12345 under 50')).toBe('B0ABC12345');
    expect(productOfSearchTerm('hiking backpack')).toBeNull();
    expect(productOfSearchTerm('b0 hiking')).toBeNull();
  });

  it('proposes searches that are ASINs as negative product targets, never as negative keywords', async () => {
    const s = (await callToolOk(apiKey, 'analyze_retailads_wasted_spend', { min_spend: 0.5 })).structured!;
    const terms = s.search_terms as Term[];
    const asinTerms = terms.filter((t) => /^b0[a-z0-9]{8}$/i.test(t.search_term));
    // The seeded account's automatic and product targets match shoppers who search product codes.
    expect(asinTerms.length).toBeGreaterThan(0);
    const negativeTexts = (s.actions as Action[]).flatMap((a) => (a.arguments.negative_keywords ?? []).map((n) => n.keywordText));
    expect(negativeTexts.filter((t) => /^b0[a-z0-9]{8}$/i.test(t) || t.includes('='))).toEqual([]);
    const targets = s.negative_product_targets as { adGroupId: string; expression: { type: string; value: string }[] }[];
    // Those inside a campaign or ad group the analysis pauses need none (retailads-waste-paused-campaign.test.ts).
    const paused = new Set([...(s.campaigns as { id: string }[]), ...(s.ad_groups as { id: string }[])].map((r) => r.id));
    for (const t of asinTerms.filter((t) => !paused.has(t.campaign_id) && !paused.has(t.ad_group_id)))
      expect(targets).toContainEqual(
        expect.objectContaining({ adGroupId: t.ad_group_id, expression: [{ type: 'ASIN_SAME_AS', value: t.search_term.toUpperCase() }] }),
      );
    // Words stay negative keywords.
    expect(negativeTexts.length).toBeGreaterThan(0);
  }, 120_000);

  it('states the threshold its rows meet, and lists every row that meets it', async () => {
    const minSpend = 20;
    const data = await callToolOk(apiKey, 'analyze_retailads_wasted_spend', { min_spend: minSpend });
    // The terms without a sale (those that sold at a cost over 2× the account's are listed under a rule of their own).
    const listed = (data.structured!.search_terms as Term[]).filter((t) => t.sales === 0);
    const one = listed.length === 1;
    expect(data.text).toContain(`${listed.length} search term${one ? '' : 's'} spent at least $20.00${one ? '' : ' each'} with no sales`);
    expect(listed.filter((t) => t.spend < minSpend)).toEqual([]);
    // Independently: every search term of the same 30 days, SP and SB, summed over the keywords and targets of its
    // ad group that matched it (where its negative acts), that spent at least that much without a sale.
    const byTerm = new Map<string, { spend: number; sales: number }>();
    for (const t of (await allRetailSearchTerms(apiKey)) as Term[]) {
      const k = `${t.ad_group_id}|${t.search_term}`;
      const seen = byTerm.get(k) ?? { spend: 0, sales: 0 };
      byTerm.set(k, { spend: seen.spend + Math.round(t.spend * 100), sales: seen.sales + t.sales });
    }
    const expected = [...byTerm].filter(([, t]) => t.sales === 0 && t.spend >= minSpend * 100).map(([k, t]) => `${k}|${t.spend / 100}`);
    expect(listed.map((t) => `${t.ad_group_id}|${t.search_term}|${t.spend}`).sort()).toEqual(expected.sort());
  }, 120_000);

  it("by default, a term without a sale is waste once it spent the account's cost per order", async () => {
    const data = await callToolOk(apiKey, 'analyze_retailads_wasted_spend', {});
    const s = data.structured!;
    // The account's cost per order (core/advice.ts): every campaign's spend over its orders, the same dates.
    const campaigns = (await callToolOk(apiKey, 'list_retailads_campaigns', { start_date: s.start_date, end_date: s.end_date, limit: 100 }))
      .structured!.campaigns as { spend: number; orders: number }[];
    const spend = campaigns.reduce((t, c) => t + Math.round(c.spend * 100), 0) / 100;
    const cpa = Math.round((spend / campaigns.reduce((t, c) => t + c.orders, 0)) * 100) / 100;
    expect(s.min_spend).toBe(cpa);
    expect(data.text).toContain(`search terms spent at least $${cpa.toFixed(2)} each with no sales`);
  }, 120_000);

  it('search term reports show shopper queries, never targeting expressions', async () => {
    for (const ad_product of ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS']) {
      const rows = (await callToolOk(apiKey, 'get_retailads_search_terms', { ad_product, limit: 1000 })).structured!.rows as Term[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => /=|asin(Same|Category|Brand)/i.test(r.search_term)).map((r) => r.search_term)).toEqual([]);
    }
  }, 120_000);
});
