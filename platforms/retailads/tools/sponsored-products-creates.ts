/**
 * create_retailads_sp_campaign: a Sponsored Products campaign with its ad group, product ads and
 * keywords, each step checkpointed with ctx.step so a retry resumes without duplicates.
 */
import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import { bidSchema, pausedState } from '../families';
import type { RetailAdsCampaign, RetailAdsMatchType, RetailAdsProductAd } from '../port';
import {
  budgetSchema,
  catalogOf,
  createChange,
  createdOutput,
  dateRules,
  nameSchema,
  productAdOf,
  productRef,
  resolveProducts,
  stateArg,
} from './create-helpers';

interface SpPlanData {
  campaign: Omit<RetailAdsCampaign, 'id'>;
  adGroup: { name: string; default_bid: number };
  products: RetailAdsProductAd[];
  keywords: { keyword_text: string; match_type: RetailAdsMatchType; bid: number }[];
}

export const createRetailAdsSpCampaign = defineRetailAdsTool({
  name: 'create_retailads_sp_campaign',
  description:
    'Creates a Sponsored Products campaign with manual targeting (MANUAL only) in one call: the campaign, one ad group, its product ads (SKUs for seller profiles, ASINs for vendors) and its keywords. ' +
    'The campaign starts PAUSED unless state ENABLED is given; the daily budget is in the plan. If it fails part-way, a retry with the same arguments resumes from the last completed step without duplicates.',
  access: 'write',
  examples: [
    {
      name: 'Example SP',
      daily_budget: 20,
      ad_group_name: 'Example',
      default_bid: 0.5,
      products: [{ sku: '<sku from list_retailads_product_ads>' }],
      keywords: [{ keywordText: 'example', matchType: 'BROAD' }],
    },
  ],
  args: {
    name: nameSchema('Campaign name'),
    targeting_type: v.optional(
      v.pipe(
        v.picklist(['MANUAL'], 'must be MANUAL: this tool creates manual-targeting campaigns only'),
        v.description('MANUAL (the only type this tool creates)'),
      ),
      'MANUAL',
    ),
    daily_budget: budgetSchema,
    start_date: v.optional(dateArgument('First day, YYYY-MM-DD, today or later; default today')),
    end_date: v.optional(dateArgument('Last day, YYYY-MM-DD; default none')),
    bidding_strategy: v.optional(
      v.pipe(
        v.picklist(['LEGACY_FOR_SALES', 'AUTO_FOR_SALES', 'MANUAL']),
        v.description('LEGACY_FOR_SALES (default, down only), AUTO_FOR_SALES, MANUAL'),
      ),
      'LEGACY_FOR_SALES',
    ),
    top_of_search_adjustment: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.maxValue(900),
        v.description('Top-of-search bid adjustment, percent 0-900; default 0'),
      ),
      0,
    ),
    state: stateArg,
    ad_group_name: nameSchema('Ad group name'),
    default_bid: bidSchema,
    products: v.pipe(
      v.array(productRef),
      v.minLength(1),
      v.maxLength(50),
      v.description('1-50 products {sku} (seller profiles) or {asin} (vendor profiles)'),
    ),
    keywords: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            keywordText: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80, 'must be at most 80 characters')),
            matchType: v.picklist(['EXACT', 'PHRASE', 'BROAD'], 'must be EXACT, PHRASE or BROAD'),
            bid: v.optional(bidSchema),
          }),
        ),
        v.maxLength(1000),
        v.description('Keywords {keywordText, matchType EXACT|PHRASE|BROAD, bid?}; bid defaults to default_bid'),
      ),
    ),
  },
  rules: [
    dateRules,
    (a) =>
      a.default_bid > a.daily_budget
        ? `\`default_bid\` (${a.default_bid}) must not be above \`daily_budget\` (${a.daily_budget})`
        : undefined,
  ],
  output: createdOutput,
  async plan(args, ctx) {
    // No refusal of a name already taken: a retry after a part-way failure finds its own campaign.
    const catalog = await catalogOf(ctx);
    const products = resolveProducts(args.products, catalog, 'products');
    const seen = new Set<string>();
    const keywords = (args.keywords ?? [])
      .filter((k) =>
        seen.has(`${k.keywordText.toLowerCase()}|${k.matchType}`)
          ? false
          : (seen.add(`${k.keywordText.toLowerCase()}|${k.matchType}`), true),
      )
      .map((k) => ({ keyword_text: k.keywordText, match_type: k.matchType, bid: k.bid ?? args.default_bid }));
    const state = pausedState(args.state, ctx, 'PAUSED') as 'PAUSED';
    const campaign: Omit<RetailAdsCampaign, 'id'> = {
      name: args.name,
      ad_product: 'SPONSORED_PRODUCTS',
      state,
      targeting_type: 'MANUAL',
      daily_budget: args.daily_budget,
      start_date: args.start_date ?? isoDate(ctx.now),
      end_date: args.end_date,
      bidding_strategy: args.bidding_strategy,
      placement_adjustments: { TOP_OF_SEARCH: args.top_of_search_adjustment, PRODUCT_PAGES: 0, REST_OF_SEARCH: 0 },
    };
    const paused = state === 'PAUSED';
    return {
      summary: `Create Sponsored Products campaign "${args.name}" (${state}) with 1 ad group, ${products.length} product ad(s) and ${keywords.length} keyword(s)`,
      changes: [
        createChange(
          'campaign',
          args.name,
          {
            state,
            daily_budget: args.daily_budget,
            targeting_type: 'MANUAL',
            start_date: campaign.start_date,
            end_date: args.end_date,
            bidding_strategy: args.bidding_strategy,
          },
          paused,
        ),
        createChange('ad_group', args.ad_group_name, { default_bid: args.default_bid, state: 'ENABLED' }, paused),
        ...products.map((p) => createChange('product_ad', p.sku ?? p.asin, { asin: p.asin, sku: p.sku }, paused)),
        ...keywords.map((k) => createChange('keyword', `${k.keyword_text} (${k.match_type})`, { bid: k.bid, state: 'ENABLED' }, paused)),
      ],
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency: ctx.account.currency }],
      notes: paused ? ['The campaign starts PAUSED: enable it with resume_retailads_campaigns when ready.'] : [],
      data: { campaign, adGroup: { name: args.ad_group_name, default_bid: args.default_bid }, products, keywords } as SpPlanData,
    };
  },
  async apply(plan, _args, ctx) {
    const d = plan.data;
    const [campaign] = await ctx.step('campaign', () => ctx.platform.createEntities('campaign', [d.campaign], ctx.now));
    const [adGroup] = await ctx.step('ad_group', () =>
      ctx.platform.createEntities(
        'ad_group',
        [
          {
            campaign_id: campaign!.id,
            ad_product: 'SPONSORED_PRODUCTS',
            name: d.adGroup.name,
            default_bid: d.adGroup.default_bid,
            state: 'ENABLED',
          },
        ],
        ctx.now,
      ),
    );
    const productAds = await ctx.step('product_ads', () =>
      ctx.platform.createProductAds(
        d.products.map((p) => productAdOf(p, campaign!, adGroup!.id)),
        ctx.now,
      ),
    );
    const keywords = d.keywords.length
      ? await ctx.step('keywords', () =>
          ctx.platform.createEntities(
            'keyword',
            d.keywords.map((k) => ({
              campaign_id: campaign!.id,
              ad_group_id: adGroup!.id,
              ad_product: 'SPONSORED_PRODUCTS' as const,
              ...k,
              state: 'ENABLED' as const,
            })),
            ctx.now,
          ),
        )
      : [];
    return {
      text: [
        `## Sponsored Products campaign "${campaign!.name}" created (${campaign!.state})`,
        '',
        markdownTable(
          ['Entity', 'Id', 'Detail'],
          [
            [
              'Campaign',
              campaign!.id,
              `${money(campaign!.daily_budget, ctx.account.currency)} a day, MANUAL, from ${campaign!.start_date}`,
            ],
            ['Ad group', adGroup!.id, `${adGroup!.name}, default bid ${money(adGroup!.default_bid, ctx.account.currency)}`],
            ['Product ads', String(productAds.length), productAds.map((p) => p.sku ?? p.asin).join(', ')],
            [
              'Keywords',
              String(keywords.length),
              keywords
                .slice(0, 10)
                .map((k) => k.keyword_text)
                .join(', '),
            ],
          ],
        ),
        '',
        campaign!.state === 'PAUSED'
          ? 'Nothing spends yet: enable it with resume_retailads_campaigns. More keywords: get_retailads_keyword_recommendations, add_retailads_keywords.'
          : 'It is live. Watch it with get_retailads_campaign_performance.',
      ].join('\n'),
      structured: {
        profile_id: ctx.account.account_id,
        campaign_id: campaign!.id,
        ad_group_id: adGroup!.id,
        state: campaign!.state,
        created: { campaigns: 1, ad_groups: 1, product_ads: productAds.length, keywords: keywords.length },
      },
    };
  },
});
