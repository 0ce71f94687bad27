/**
 * Every wasted-spend analysis states the threshold its rows meet (issue 31, core/waste.ts): read back
 * from the text alone, each stated rule holds for every row listed under it, no row of the analysis's
 * input that meets it is left out, and the total it states is the sum of its rows to the cent. Its
 * proposed negatives never block a live keyword, and each proposed call runs as given (dry run).
 */
import { blockedKeywords } from '../../../core/negatives';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { allRetailSearchTerms } from '../helpers/retailads-search-terms';
import { day, useFixedClock } from '../figures/support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
/** A row as a rule judges it; `result` names its result type where a platform has several. */
interface Judged {
  key: string;
  spend: number;
  conversions: number;
  revenue: number;
  result?: string;
}
interface Stated {
  line: string;
  count: number;
  noun: string;
  min_spend: number;
  kind: 'no_results' | 'cost_above' | 'roas_below';
  /** no_results: the results word (plural); cost_above: the result (singular). */
  result?: string;
  multiple?: number;
  baseline?: number;
  target?: number;
  total: number;
}

const amount = (s: string) => Number(s.replace(/,/g, ''));
const cents = (n: number) => Math.round(n * 100);
const sumCents = (rows: { spend: number }[]) => rows.reduce((s, r) => s + cents(r.spend), 0);
const SENTENCE =
  /^(?:- )?(\d+) (.+?) spent at least \$([\d,]+\.\d\d)( each)? (?:with no (\w+)|at a cost per (\w+) over (?:([\d.]+)× )?.+? \$([\d,]+\.\d\d)|at a ROAS under .+? ([\d.]+)), \$([\d,]+\.\d\d) in all(?:, .*)?\.$/gm;

/** The row words the analyses use, singular: a sentence about one row names it so, without "each". */
const SINGULAR_HEAD =
  /^(active purchase ad set|active ad set|active ad(?! sets?\b)|active keyword|search term|search(?! terms?\b)|campaign|ad group|keyword|product|segment|creative|device)\b/;
const pluralOf = (noun: string) => noun.replace(SINGULAR_HEAD, (head) => (head === 'search' ? 'searches' : `${head}s`));

/** The rules a text states, read from the text alone (the noun in the plural, as the checks name it). */
function statedRules(text: string): Stated[] {
  return [...text.matchAll(SENTENCE)].map((m) => {
    const count = Number(m[1]);
    // One row: the noun in the singular and no "each"; otherwise the plural, each.
    expect({ line: m[0], one: SINGULAR_HEAD.test(m[2]!), each: !!m[4] }).toEqual({ line: m[0], one: count === 1, each: count !== 1 });
    return {
      line: m[0],
      count,
      noun: count === 1 ? pluralOf(m[2]!) : m[2]!,
      min_spend: amount(m[3]!),
      kind: m[5] ? 'no_results' : m[6] ? 'cost_above' : 'roas_below',
      result: m[5] ?? m[6],
      multiple: m[6] ? Number(m[7] ?? 1) : undefined,
      baseline: m[8] ? amount(m[8]) : undefined,
      target: m[9] ? Number(m[9]) : undefined,
      total: amount(m[10]!),
    };
  });
}

const KIND_ORDER = ['no_results', 'cost_above', 'roas_below'];

/** Whether a row meets a stated rule (a result word, when stated, must be the row's). */
function meets(s: Stated, r: Judged): boolean {
  if (r.spend < s.min_spend || r.spend <= 0) return false;
  if (s.kind === 'no_results') return r.conversions === 0 && (!r.result || r.result === s.result);
  if (s.kind === 'cost_above')
    return (
      r.conversions > 0 && (!r.result || r.result.replace(/s$/, '') === s.result) && r.spend / r.conversions > s.multiple! * s.baseline!
    );
  return r.revenue / r.spend < s.target!;
}

/**
 * Checks one noun's rows: listed are the rows the analysis lists under the noun, input every row it
 * judged (read independently where a platform has a report of them). A listed row belongs to the first
 * stated rule it meets (no result, then cost, then ROAS).
 */
function checkNoun(stated: Stated[], noun: string, listed: Judged[], input: Judged[]) {
  const rules = stated.filter((s) => s.noun === noun).sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  const under = new Map<Stated, Judged[]>(rules.map((s) => [s, []]));
  for (const r of listed) {
    const rule = rules.find((s) => meets(s, r));
    expect({ noun, row: r, meets: !!rule }).toEqual({ noun, row: r, meets: true });
    if (rule) under.get(rule)!.push(r);
  }
  for (const [s, rows] of under)
    expect({ line: s.line, count: rows.length, total: sumCents(rows) }).toEqual({ line: s.line, count: s.count, total: cents(s.total) });
  const listedKeys = new Set(listed.map((r) => r.key));
  const leftOut = input.filter((r) => !listedKeys.has(r.key) && rules.some((s) => meets(s, r)));
  expect({ noun, leftOut }).toEqual({ noun, leftOut: [] });
}

/** Rows summed by key: a search term's report rows (one per keyword or target that matched it) where its negative acts. */
function summed(rows: Judged[]): Judged[] {
  const byKey = new Map<string, Judged>();
  for (const r of rows) {
    const s = byKey.get(r.key);
    byKey.set(
      r.key,
      s
        ? {
            ...s,
            spend: (cents(s.spend) + cents(r.spend)) / 100,
            conversions: s.conversions + r.conversions,
            revenue: (cents(s.revenue) + cents(r.revenue)) / 100,
          }
        : r,
    );
  }
  return [...byKey.values()];
}

/** Runs each proposed call as given, as a dry run: each answers 200. */
async function runsAsGiven(apiKey: string, calls: { tool: string; arguments: Record<string, unknown> }[]) {
  for (const c of calls) {
    // A write runs as a dry run; a read (such as a review's analysis) runs as it is.
    const write = 'dry_run' in (catalogEntry(c.tool).input_schema.properties as object);
    await callToolOk(apiKey, c.tool, write ? { ...c.arguments, dry_run: true } : c.arguments);
  }
}

const catalogEntry = (tool: string) =>
  JSON.parse(readFileSync(join(__dirname, '../../../catalog/tools', `${tool}.json`), 'utf8')) as { input_schema: { properties: object } };

const start = day(-30);
const end = day(-1);
const dated = { start_date: start, end_date: end };
const m = (metrics: Row) => ({ spend: metrics.spend, conversions: metrics.conversions, revenue: metrics.revenue ?? 0 });

describe('wasted-spend analyses state the threshold their rows meet', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({
      accounts: { searchads: 1, deskads: 1, retailads: 1, socialads: 1, proads: 1, shortvideo: 1 },
    }));
  }, 60_000);

  it('retailads: campaigns, ad groups and search terms', async () => {
    const answer = await callToolOk(apiKey, 'analyze_retailads_wasted_spend', { ...dated, min_spend: 10 });
    const s = answer.structured!;
    const stated = statedRules(answer.text);
    // No sale, then a cost per order over 2× the account's (orders are a sale's conversions, sales its revenue).
    expect(stated.filter((x) => x.noun === 'search terms').map((x) => x.kind)).toEqual(['no_results', 'cost_above']);
    expect(new Set(stated.map((x) => x.noun))).toEqual(new Set(['campaigns', 'ad groups of the other campaigns', 'search terms']));
    // Campaigns as list_retailads_campaigns shows them over the same days.
    const asJudged = (r: Row) => ({ key: r.id, spend: r.spend, conversions: r.orders, revenue: r.sales });
    const campaigns = (await callToolOk(apiKey, 'list_retailads_campaigns', { ...dated, limit: 1000 })).structured!.campaigns as Row[];
    checkNoun(stated, 'campaigns', (s.campaigns as Row[]).map(asJudged), campaigns.map(asJudged));
    // A term is judged in its ad group (where its negative acts), over every keyword or target that matched it.
    const key = (t: Row) => `${t.ad_group_id}|${t.search_term}`;
    const listed = (s.search_terms as Row[]).map((t) => ({ key: key(t), spend: t.spend, conversions: t.orders, revenue: t.sales }));
    const input = (await allRetailSearchTerms(apiKey, dated)).map((t) => ({
      key: key(t),
      spend: t.spend,
      conversions: t.orders,
      revenue: t.sales,
    }));
    checkNoun(stated, 'search terms', listed, summed(input));
    const keywords = ((await callToolOk(apiKey, 'list_retailads_keywords', { state_filter: ['ENABLED'], limit: 1000 })).structured!
      .keywords ?? []) as Row[];
    for (const a of s.actions as { tool: string; arguments: { negative_keywords?: Row[] } }[])
      for (const n of a.arguments.negative_keywords ?? [])
        expect(
          blockedKeywords(
            [{ text: n.keywordText, match_type: 'exact' }],
            keywords
              .filter((k) => k.ad_group_id === n.adGroupId || k.adGroupId === n.adGroupId)
              .map((k) => ({ text: k.keyword_text ?? k.keywordText, match_type: 'exact' })),
          ),
        ).toEqual([]);
    await runsAsGiven(apiKey, s.actions as { tool: string; arguments: Record<string, unknown> }[]);
  }, 180_000);

  it('searchads: campaigns, keywords and searches', async () => {
    const answer = await callToolOk(apiKey, 'analyze_wasted_spend', { ...dated, min_spend: 20 });
    const s = answer.structured!;
    const stated = statedRules(answer.text);
    // Campaigns and keywords under two rules each (no conversion, a cost per conversion far above the account's).
    expect(stated.map((x) => `${x.noun} ${x.kind}`).sort()).toEqual([
      'campaigns cost_above',
      'campaigns no_results',
      'keywords cost_above',
      'keywords no_results',
      'searches not yet added or excluded no_results',
    ]);
    const judged = (rows: Row[]) => rows.map((r) => ({ key: r.id, spend: r.spend, conversions: r.conversions, revenue: 0 }));
    const kwRows = (await callToolOk(apiKey, 'get_keyword_performance', { ...dated, limit: 1000 })).structured!.rows as Row[];
    checkNoun(
      stated,
      'keywords',
      judged([...(s.keywords as Row[]), ...(s.high_cost_keywords as Row[])]),
      kwRows.map((k) => ({ key: k.id, ...m(k.metrics) })),
    );
    const termKey = (t: Row) => `${t.campaign_id}|${t.search_term}|${t.keyword}`;
    const report = (await callToolOk(apiKey, 'analyze_search_terms', { ...dated, mode: 'report', page_size: 500 })).structured!;
    checkNoun(
      stated,
      'searches not yet added or excluded',
      (s.search_terms as Row[]).map((t) => ({ key: termKey(t), spend: t.spend, conversions: 0, revenue: 0 })),
      (report.terms as Row[]).filter((t) => t.status === 'NONE').map((t) => ({ key: termKey(t), ...m(t.metrics) })),
    );
    const listed = (await callToolOk(apiKey, 'list_campaigns', dated)).structured!.campaigns as Row[];
    checkNoun(
      stated,
      'campaigns',
      judged([...(s.campaigns as Row[]), ...(s.high_cost_campaigns as Row[])]),
      listed.filter((c) => c.type !== 'VIDEO').map((c) => ({ key: c.id, ...m(c.metrics) })),
    );
    const actions = s.actions as { tool: string; arguments: Row }[];
    expect(actions.map((a) => a.tool)).toContain('add_negative_keywords');
    const live = (await callToolOk(apiKey, 'get_keyword_performance', { ...dated, limit: 1000, include_paused: false })).structured!
      .rows as Row[];
    for (const a of actions.filter((x) => x.tool === 'add_negative_keywords'))
      expect(
        blockedKeywords(
          a.arguments.keywords as Row[] as { text: string; match_type: string }[],
          live
            .filter((k) => k.campaign_id === a.arguments.campaign_id && k.status === 'ENABLED')
            .map((k) => ({ text: k.name, match_type: 'exact' })),
        ),
      ).toEqual([]);
    await runsAsGiven(apiKey, actions);
  }, 240_000);

  it('deskads: search terms, products, keywords, ad groups and devices', async () => {
    const answer = await callToolOk(apiKey, 'analyze_deskads_wasted_spend', { ...dated, min_spend: 10 });
    const s = answer.structured!;
    const stated = statedRules(answer.text);
    expect(stated.map((x) => x.noun)).toEqual(expect.arrayContaining(['search terms not blocked yet', 'active keywords']));
    // A term is judged in its campaign (where its negative acts), over every ad group and keyword it ran under.
    const termKey = (t: Row) => `${t.campaign_id}|${t.search_term}`;
    const terms: Row[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = (await callToolOk(apiKey, 'get_deskads_search_terms', { ...dated, limit: 200, offset })).structured!;
      terms.push(...(page.search_terms as Row[]));
      if (!page.has_more || offset >= 1000) break;
    }
    checkNoun(
      stated,
      'search terms not blocked yet',
      (s.search_terms as Row[]).map((t) => ({ key: termKey(t), spend: t.spend, conversions: t.conversions, revenue: 0 })),
      summed(terms.filter((t) => !t.is_negative).map((t) => ({ key: termKey(t), ...m(t.metrics) }))),
    );
    // Shopping and Performance Max products: no conversion, or a cost per conversion over 2× the account's.
    expect(stated.filter((x) => x.noun === 'products').map((x) => x.kind)).toEqual(['no_results', 'cost_above']);
    const products = (await callToolOk(apiKey, 'get_deskads_product_performance', { ...dated, limit: 200 })).structured!.products as Row[];
    checkNoun(
      stated,
      'products',
      (s.products as Row[]).map((p) => ({ key: p.product_id, spend: p.spend, conversions: p.conversions, revenue: p.revenue })),
      products.map((p) => ({ key: p.product_id, spend: p.spend, conversions: p.conversions, revenue: p.revenue })),
    );
    const keywords = (await callToolOk(apiKey, 'get_deskads_keyword_performance', { ...dated, limit: 200 })).structured!.keywords as Row[];
    checkNoun(
      stated,
      'active keywords',
      (s.keywords as Row[]).map((k) => ({ key: k.id, spend: k.spend, conversions: k.conversions, revenue: 0 })),
      keywords.filter((k) => k.status === 'Active').map((k) => ({ key: k.keyword_id, ...m(k.metrics) })),
    );
    const actions = s.actions as { tool: string; arguments: Row }[];
    for (const a of actions.filter((x) => x.tool === 'add_deskads_negative_keywords'))
      expect(
        blockedKeywords(
          a.arguments.negatives as { text: string; match_type: string }[],
          keywords
            .filter((k) => k.campaign_id === a.arguments.campaign_id && k.status === 'Active')
            .map((k) => ({ text: k.text, match_type: 'exact' })),
        ),
      ).toEqual([]);
    await runsAsGiven(apiKey, [...actions, ...(s.products as Row[]).map((p) => p.action)]);
  }, 240_000);

  it('socialads: ad sets and ads, by result type', async () => {
    const answer = await callToolOk(apiKey, 'analyze_socialads_wasted_spend', { ...dated, min_spend: 20, target_roas: 2 });
    const s = answer.structured!;
    const stated = statedRules(answer.text);
    expect(stated.length).toBeGreaterThan(0);
    const findings = s.findings as Row[];
    const judged = (x: Row): Judged => ({
      key: x.id,
      spend: x.metrics.spend,
      conversions: x.metrics.results,
      revenue: x.metrics.revenue ?? 0,
      result: x.metrics.result_type,
    });
    const campaigns = (await callToolOk(apiKey, 'list_socialads_campaigns', dated)).structured!.campaigns as Row[];
    const activeCampaigns = new Set(campaigns.filter((c) => c.status === 'ACTIVE').map((c) => c.id));
    const sets = (await callToolOk(apiKey, 'list_socialads_ad_sets', { ...dated, status: 'ACTIVE', limit: 200 })).structured!
      .ad_sets as Row[];
    const conversionTypes = ['purchases', 'leads', 'installs'];
    const judgedSets = sets.filter((x) => activeCampaigns.has(x.campaign_id) && conversionTypes.includes(x.metrics.result_type));
    const listedSets = findings.filter((f) => f.level === 'ad_set');
    const byRoas = (f: Row) => /^ROAS /.test(f.reason as string);
    checkNoun(stated, 'active ad sets', listedSets.filter((f) => !byRoas(f)).map(judged), judgedSets.map(judged));
    checkNoun(
      stated,
      'active purchase ad sets',
      listedSets.filter(byRoas).map(judged),
      judgedSets.filter((x) => x.metrics.result_type === 'purchases' && !listedSets.some((f) => f.id === x.id && !byRoas(f))).map(judged),
    );
    const total = findings.reduce((t, f) => t + cents(f.wasted_spend), 0);
    expect(answer.text).toContain(`$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} without return in all`);
    for (const f of findings) expect(f.wasted_spend).toBeGreaterThanOrEqual(0);
    await runsAsGiven(
      apiKey,
      findings.map((f) => f.action as { tool: string; arguments: Record<string, unknown> }),
    );
  }, 240_000);

  it('shortvideo: campaigns and ad groups with a conversion objective', async () => {
    for (const level of ['campaign', 'ad_group']) {
      const answer = await callToolOk(apiKey, 'analyze_shortvideo_wasted_spend', { ...dated, level, min_spend: 20 });
      const s = answer.structured!;
      const stated = statedRules(answer.text);
      const word = level === 'campaign' ? 'campaigns' : 'ad groups';
      const findings = s.findings as Row[];
      const judged = (f: Row): Judged => ({ key: f.id, spend: f.spend, conversions: f.conversions ?? 0, revenue: f.revenue ?? 0 });
      const sales = (f: Row) => f.revenue !== undefined;
      const flagged = findings.filter((f) => ['CRITICAL', 'HIGH', 'MEDIUM'].includes(f.severity));
      const input = findings.filter((f) => f.severity !== 'NOT_JUDGED');
      const zero = (f: Row) => f.severity === 'CRITICAL';
      checkNoun(stated, `${word} with a conversion objective`, flagged.filter(zero).map(judged), input.map(judged));
      // ROAS and cost judge what converted: sales objectives on ROAS, leads and installs on cost.
      checkNoun(
        stated,
        `${word} with a sales objective`,
        flagged.filter((f) => !zero(f) && sales(f)).map(judged),
        input.filter((f) => sales(f) && !zero(f)).map(judged),
      );
      checkNoun(
        stated,
        `${word} with a lead or install objective`,
        flagged.filter((f) => !zero(f) && !sales(f)).map(judged),
        input.filter((f) => !sales(f) && !zero(f)).map(judged),
      );
      await runsAsGiven(
        apiKey,
        findings.flatMap((f) => f.actions as { tool: string; arguments: Record<string, unknown> }[]),
      );
    }
  }, 240_000);

  it('proads: campaigns, segments and creatives judged on conversions', async () => {
    const answer = await callToolOk(apiKey, 'analyze_proads_wasted_spend', {
      ...dated,
      include_demographic_breakdown: true,
      include_creative_analysis: true,
    });
    const s = answer.structured!;
    const stated = statedRules(answer.text);
    expect(stated.length).toBeGreaterThan(0);
    const judged = (r: Row): Judged => ({ key: r.campaign_id ?? r.urn ?? r.creative_id, ...m(r.metrics) });
    const awareness = ['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'];
    const byCampaign = new Map((s.campaigns as Row[]).map((c) => [c.campaign_id, c]));
    for (const [noun, rows, expectsConversions] of [
      ['campaigns judged on conversions', s.campaigns as Row[], (r: Row) => !awareness.includes(r.objective_type)],
      ['segments judged on conversions', s.segments as Row[], () => true],
      [
        'creatives judged on conversions',
        s.creatives as Row[],
        (r: Row) => !awareness.includes(byCampaign.get(r.campaign_id)?.objective_type),
      ],
    ] as const) {
      const judgedRows = rows.filter((r) => expectsConversions(r) && r.severity !== 'LEARNING' && r.severity !== 'INSUFFICIENT_DATA');
      const rules = stated.filter((x) => x.noun === noun);
      checkNoun(stated, noun, judgedRows.filter((r) => rules.some((x) => meets(x, judged(r)))).map(judged), judgedRows.map(judged));
      // The waste a row counts is the waste of the rule it is listed under.
      for (const r of judgedRows.filter((x) => !rules.some((y) => meets(y, judged(x)))))
        expect({ noun, r: r.wasted_spend }).toEqual({ noun, r: 0 });
    }
    await runsAsGiven(
      apiKey,
      (s.quick_actions as Row[]).flatMap((q) => q.calls as { tool: string; arguments: Record<string, unknown> }[]),
    );
  }, 240_000);
});
