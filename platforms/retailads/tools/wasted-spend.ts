/** analyze_retailads_wasted_spend: spend without sales, by search term, keyword and target. */
import * as v from 'valibot';
import { count, markdownTable, money } from '../../../core/markdown';
import { negativeBlocks } from '../../../core/negatives';
import { meetsWasteRule, wasteSentence, type WasteRule } from '../../../core/waste';
import { defineRetailAdsTool } from '../define';
import { idSchema } from '../families';
import type { RetailAdsAdProduct } from '../port';
import { rangeArgs, rangeOf, rangeRule, round2 } from './analysis-arguments';

/**
 * The product a shopper's search names, when the search is a product rather than words: an ASIN
 * ("b0abc12345") or a raw product targeting expression ("asinSameAs=B0ABC12345"). Such a search is
 * excluded with a negative product target (expression ASIN_SAME_AS), not a negative keyword.
 */
export function productOfSearchTerm(term: string): string | null {
  const asin = /^\s*(b0[a-z0-9]{8})\s*$/i.exec(term) ?? /asinSameAs="?(b0[a-z0-9]{8})/i.exec(term);
  return asin ? asin[1]!.toUpperCase() : null;
}

/**
 * The negative product targets that would exclude product searches, in the Amazon Ads API v3 shape
 * (POST /sp/negativeTargets, Sponsored Products; /sb/negativeTargets, Sponsored Brands): one per
 * ad group and ASIN. No tool of this gateway adds negative product targets yet (the spec's
 * retailads tools list none), so they are proposed, not given as a call.
 */
function negativeProductTargets(terms: { ad_product: string; campaign_id: string; ad_group_id: string; search_term: string }[]) {
  const byKey = new Map<
    string,
    { ad_product: string; campaignId: string; adGroupId: string; expression: { type: 'ASIN_SAME_AS'; value: string }[] }
  >();
  for (const t of terms) {
    const asin = productOfSearchTerm(t.search_term);
    if (!asin) continue;
    byKey.set(`${t.ad_group_id}|${asin}`, {
      ad_product: t.ad_product,
      campaignId: t.campaign_id,
      adGroupId: t.ad_group_id,
      expression: [{ type: 'ASIN_SAME_AS', value: asin }],
    });
  }
  return [...byKey.values()];
}

export const analyzeRetailAdsWastedSpend = defineRetailAdsTool({
  name: 'analyze_retailads_wasted_spend',
  description:
    'Finds spend without sales over a date range: search terms (Sponsored Products and Brands) that spent at least min_spend with zero sales, and keywords/targets that did. ' +
    'Returns ready items for add_retailads_negative_keywords / add_retailads_sb_negative_keywords (NEGATIVE_EXACT on the term) and the keywords to pause with update_retailads_keywords. ' +
    'A search that is a product (an ASIN such as b0abc12345) is no negative keyword: it is listed under negative_product_targets (expression ASIN_SAME_AS, a negative product target of the platform), to add in the advertising console of the platform.',
  access: 'read',
  args: {
    ...rangeArgs,
    min_spend: v.optional(v.pipe(v.number(), v.minValue(0), v.description('Only terms that spent at least this much, default 5')), 5),
    campaign_id: v.optional(idSchema('campaign')),
  },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total_spend: v.number(),
    wasted_spend: v.number(),
    wasted_share: v.number(),
    search_terms: v.array(
      v.object({
        ad_product: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        ad_group_id: v.string(),
        search_term: v.string(),
        targeting: v.string(),
        spend: v.number(),
        clicks: v.number(),
      }),
    ),
    actions: v.array(v.object({ tool: v.string(), arguments: v.record(v.string(), v.array(v.record(v.string(), v.string()))) })),
    negative_product_targets: v.array(
      v.object({
        ad_product: v.string(),
        campaignId: v.string(),
        adGroupId: v.string(),
        expression: v.array(v.object({ type: v.literal('ASIN_SAME_AS'), value: v.string() })),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const [sp, sb] = await Promise.all([
      ctx.platform.getReport('spSearchTerm', start, end),
      ctx.platform.getReport('sbSearchTerm', start, end),
    ]);
    const all = [...sp, ...sb].filter((r) => !args.campaign_id || r.campaign_id === args.campaign_id);
    const total = round2(all.reduce((s, r) => s + r.spend, 0));
    const rule: WasteRule = { kind: 'no_results', min_spend: args.min_spend, results: 'sales' };
    const figures = (r: { spend: number; sales: number }) => ({ spend: r.spend, conversions: r.sales, revenue: r.sales });
    const wasted = all.filter((r) => meetsWasteRule(rule, figures(r))).sort((a, b) => b.spend - a.spend);
    const currency = ctx.account.currency;
    const finding = wasteSentence(rule, 'search terms', wasted.map(figures), (n) => money(n, currency));
    const wastedSpend = finding.wasted;
    const terms = wasted.map((r) => ({
      ad_product: r.ad_product,
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      ad_group_id: r.ad_group_id!,
      search_term: r.search_term!,
      targeting: r.targeting ?? '',
      spend: r.spend,
      clicks: r.clicks,
    }));
    // A proposed negative (exact, on the term's ad group) never blocks a live keyword of that ad group, and each is proposed once.
    const live = (await ctx.platform.listEntities('keyword')).filter((k) => k.state === 'ENABLED' || k.state === 'enabled');
    const blocksLive = (t: (typeof terms)[number]) =>
      live.some(
        (k) => k.ad_group_id === t.ad_group_id && negativeBlocks({ text: t.search_term, match_type: 'NEGATIVE_EXACT' }, k.keyword_text),
      );
    const keptLive = terms.filter(blocksLive);
    const productTargets = negativeProductTargets(terms);
    const negatives = (adProduct: RetailAdsAdProduct) =>
      [
        ...new Map(
          terms
            .filter((t) => t.ad_product === adProduct && !blocksLive(t) && !productOfSearchTerm(t.search_term))
            .map((t) => [`${t.ad_group_id}|${t.search_term}`, t]),
        ).values(),
      ].slice(0, 100);
    const actions = [
      ...(negatives('SPONSORED_PRODUCTS').length
        ? [
            {
              tool: 'add_retailads_negative_keywords',
              arguments: {
                negative_keywords: negatives('SPONSORED_PRODUCTS').map((t) => ({
                  campaignId: t.campaign_id,
                  adGroupId: t.ad_group_id,
                  keywordText: t.search_term,
                  matchType: 'NEGATIVE_EXACT',
                })),
              },
            },
          ]
        : []),
      ...(negatives('SPONSORED_BRANDS').length
        ? [
            {
              tool: 'add_retailads_sb_negative_keywords',
              arguments: {
                negative_keywords: negatives('SPONSORED_BRANDS').map((t) => ({
                  campaignId: t.campaign_id,
                  adGroupId: t.ad_group_id,
                  keywordText: t.search_term,
                  matchType: 'negativeExact',
                })),
              },
            },
          ]
        : []),
    ];
    const text = [
      `## Wasted spend, ${start} to ${end}`,
      '',
      `${finding.text}\nThat is ${total > 0 ? Math.round((wastedSpend / total) * 1000) / 10 : 0}% of ${money(total, currency)} search spend.`,
      '',
      terms.length > 25 ? `The 25 that spent most (all ${count(terms.length)} in structured.search_terms):` : '',
      terms.length
        ? markdownTable(
            ['Search term', 'Matched', 'Campaign', 'Spend', 'Clicks'],
            terms.slice(0, 25).map((t) => [t.search_term, t.targeting, t.campaign_name, money(t.spend, currency), t.clicks]),
          )
        : 'No search term spent that much without sales.',
      '',
      ...(keptLive.length
        ? [
            `Not proposed as negatives (each is a live keyword of its ad group, which a negative would block; pause the keyword or lower its bid instead): ${[...new Set(keptLive.map((t) => `"${t.search_term}"`))].join(', ')}.`,
            '',
          ]
        : []),
      ...(productTargets.length
        ? [
            `Searches that are products (${[...new Set(productTargets.map((p) => p.expression[0]!.value))].slice(0, 10).join(', ')}${productTargets.length > 10 ? ', …' : ''}) are no negative keywords: exclude them with negative product targets (ASIN_SAME_AS), ${productTargets.length} in structured.negative_product_targets. No tool here adds negative product targets yet: add them in the advertising console (Sponsored Products: negative product targeting of the ad group).`,
            '',
          ]
        : []),
      actions.length
        ? `Exclude them with ${actions.map((a) => a.tool).join(' and ')} (structured.actions holds the items, up to 100 per call; try dry_run first). Keywords that only spend: analyze_retailads_targeting.`
        : '',
    ].join('\n');
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        total_spend: total,
        wasted_spend: wastedSpend,
        wasted_share: total > 0 ? round2(wastedSpend / total) : 0,
        search_terms: terms,
        actions,
        negative_product_targets: productTargets,
      },
    };
  },
});
