/** analyze_retailads_wasted_spend: spend without sales, by search term, keyword and target. */
import * as v from 'valibot';
import { count, markdownTable, money } from '../../../core/markdown';
import { negativeBlocks } from '../../../core/negatives';
import { defineRetailAdsTool } from '../define';
import { idSchema } from '../families';
import type { RetailAdsAdProduct } from '../port';
import { rangeArgs, rangeOf, rangeRule, round2 } from './analysis-arguments';

export const analyzeRetailAdsWastedSpend = defineRetailAdsTool({
  name: 'analyze_retailads_wasted_spend',
  description:
    'Finds spend without sales over a date range: search terms (Sponsored Products and Brands) that spent at least min_spend with zero sales, and keywords/targets that did. ' +
    'Returns ready items for add_retailads_negative_keywords / add_retailads_sb_negative_keywords (NEGATIVE_EXACT on the term) and the keywords to pause with update_retailads_keywords.',
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
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const [sp, sb] = await Promise.all([
      ctx.platform.getReport('spSearchTerm', start, end),
      ctx.platform.getReport('sbSearchTerm', start, end),
    ]);
    const all = [...sp, ...sb].filter((r) => !args.campaign_id || r.campaign_id === args.campaign_id);
    const total = round2(all.reduce((s, r) => s + r.spend, 0));
    const wasted = all.filter((r) => r.sales === 0 && r.spend >= args.min_spend).sort((a, b) => b.spend - a.spend);
    const wastedSpend = round2(wasted.reduce((s, r) => s + r.spend, 0));
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
    const negatives = (adProduct: RetailAdsAdProduct) =>
      [
        ...new Map(
          terms.filter((t) => t.ad_product === adProduct && !blocksLive(t)).map((t) => [`${t.ad_group_id}|${t.search_term}`, t]),
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
    const currency = ctx.account.currency;
    const text = [
      `## Wasted spend, ${start} to ${end}`,
      '',
      `${count(wasted.length)} search terms spent ${money(wastedSpend, currency)} with no sales: ${total > 0 ? Math.round((wastedSpend / total) * 1000) / 10 : 0}% of ${money(total, currency)} search spend.`,
      '',
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
      },
    };
  },
});
