/**
 * The deskads search terms report and waste analysis on a seeded sandbox account: terms add up to the
 * keywords they matched, flags say what is already a keyword or blocked, and the analysis's actions
 * are calls that work as given and show in the next read.
 */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Metrics = { spend: number; clicks: number; conversions: number };
interface Term {
  search_term: string;
  keyword_id: string;
  keyword: string;
  match_type: string;
  campaign_id: string;
  is_keyword: boolean;
  is_negative: boolean;
  metrics: Metrics;
}

describe('deskads search terms and wasted spend', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { deskads: 1 } })).apiKey;
  });

  it('get_deskads_search_terms: every term with its keyword; spend adds up to the keywords; sorted by spend; filters work', async () => {
    const data = await callToolOk(apiKey, 'get_deskads_search_terms', { limit: 200 });
    const terms = data.structured!.search_terms as Term[];
    expect(terms.length).toBeGreaterThan(10);
    expect(terms.map((t) => t.metrics.spend)).toEqual([...terms.map((t) => t.metrics.spend)].sort((a, b) => b - a));
    const keywords = (await callToolOk(apiKey, 'list_deskads_keywords', { limit: 200 })).structured!.keywords as {
      id: string;
      metrics: Metrics;
    }[];
    for (const k of keywords.filter((x) => x.metrics.spend > 0)) {
      const spent = terms.filter((t) => t.keyword_id === k.id).reduce((s, t) => s + Math.round(t.metrics.spend * 100), 0);
      expect(spent).toBe(Math.round(k.metrics.spend * 100));
    }
    // A keyword's own text is a keyword; broad keywords match loosely related searches.
    expect(terms.find((t) => t.search_term === t.keyword.toLowerCase())!.is_keyword).toBe(true);
    expect(terms.some((t) => t.match_type === 'Broad' && t.search_term.startsWith('free '))).toBe(true);
    const wasting = (await callToolOk(apiKey, 'get_deskads_search_terms', { zero_conversions: true, min_spend: 1, limit: 200 })).structured!
      .search_terms as Term[];
    expect(wasting.every((t) => t.metrics.conversions === 0 && t.metrics.spend >= 1)).toBe(true);
    expect(data.text).toContain('| Search term | Keyword |');
  });

  it.each([
    ['get_deskads_search_terms', { campaign_id: '12' }, 'No campaign 12'],
    ['get_deskads_search_terms', { limit: 500 }, '`limit`'],
    ['get_deskads_search_terms', { offset: 5000 }, 'deep paging is capped'],
    ['analyze_deskads_wasted_spend', { ad_group_id: '12' }, 'No ad group 12'],
    ['analyze_deskads_wasted_spend', { min_spend: -1 }, '`min_spend`'],
  ])('%s %j answers 400: %s', async (tool, args, message) => {
    const result = await callTool(apiKey, tool, args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('analyze_deskads_wasted_spend finds the waste and its actions work as given: the terms show as blocked, the keywords as paused', async () => {
    const data = await callToolOk(apiKey, 'analyze_deskads_wasted_spend', {});
    const s = data.structured as {
      wasted_spend: number;
      total_spend: number;
      search_terms: { search_term: string; spend: number }[];
      actions: { tool: string; arguments: Record<string, unknown> }[];
      keywords: { id: string; action: { tool: string } | null }[];
    };
    expect(s.wasted_spend).toBeGreaterThan(0);
    expect(s.wasted_spend).toBeLessThan(s.total_spend);
    expect(s.search_terms.every((t) => t.spend >= 10)).toBe(true);
    expect(data.text).toContain('add_deskads_negative_keywords');
    for (const action of s.actions) {
      const result = await callTool(apiKey, action.tool, action.arguments);
      expect(result.status).toBe(200);
    }
    // The negatives proposed (terms that are live keywords of their campaign are named, never proposed).
    const proposedNegatives = (actions: typeof s.actions) =>
      actions
        .filter((a) => a.tool === 'add_deskads_negative_keywords')
        .flatMap((a) => (a.arguments.negatives as { text: string }[]).map((n) => n.text));
    const proposed = proposedNegatives(s.actions);
    expect(proposed.length).toBeGreaterThan(0);
    const after = (await callToolOk(apiKey, 'get_deskads_search_terms', { limit: 200 })).structured!.search_terms as Term[];
    for (const text of proposed) expect(after.find((a) => a.search_term === text)!.is_negative).toBe(true);
    const keywords = (await callToolOk(apiKey, 'list_deskads_keywords', { limit: 200 })).structured!.keywords as {
      id: string;
      status: string;
    }[];
    const paused = s.keywords.filter((k) => k.action);
    expect(paused.length).toBeGreaterThan(0);
    for (const k of paused) expect(keywords.find((x) => x.id === k.id)!.status).toBe('Paused');
    const again = (await callToolOk(apiKey, 'analyze_deskads_wasted_spend', {})).structured as typeof s;
    // Blocked terms and paused keywords are not proposed again, nor the searches of the paused keywords.
    expect(again.keywords.filter((k) => paused.some((p) => p.id === k.id))).toEqual([]);
    expect(proposedNegatives(again.actions)).toEqual([]);
    expect(again.search_terms.filter((t) => proposed.includes(t.search_term))).toEqual([]);
  });
});
