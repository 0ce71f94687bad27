/**
 * create_retailads_sd_campaign: a Sponsored Display campaign with its ad group, product ads and
 * targets (product or audience), checkpointed step by step.
 */
import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { defineRetailAdsTool } from '../define';
import { bidSchema, pausedState } from '../families';
import type { RetailAdsCampaign } from '../port';
import {
  ASIN,
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

const AUDIENCE_LOOKBACKS = [7, 14, 30, 60, 90, 180, 365] as const;

export const createRetailAdsSdCampaign = defineRetailAdsTool({
  name: 'create_retailads_sd_campaign',
  description:
    'Creates a Sponsored Display campaign in one call: campaign, ad group, product ads and targeting. tactic T00020 (contextual: product_targets {type ASIN_SAME_AS|ASIN_CATEGORY_SAME_AS, value}) or T00030 (audiences: {type views|purchases, lookback 7-365 days}). ' +
    'Starts PAUSED unless state ENABLED is given; a retry with the same arguments resumes without duplicates.',
  access: 'write',
  examples: [
    {
      name: 'Example SD',
      tactic: 'T00020',
      daily_budget: 20,
      default_bid: 0.5,
      products: [{ sku: '<sku from list_retailads_product_ads>' }],
      product_targets: [{ type: 'ASIN_CATEGORY_SAME_AS', value: 'Tents' }],
    },
  ],
  args: {
    name: nameSchema('Campaign name'),
    tactic: v.pipe(
      v.picklist(['T00020', 'T00030'], 'must be T00020 (contextual) or T00030 (audiences)'),
      v.description('T00020 contextual targeting or T00030 audiences'),
    ),
    daily_budget: budgetSchema,
    start_date: v.optional(dateArgument('First day, YYYY-MM-DD, today or later; default today')),
    end_date: v.optional(dateArgument('Last day, YYYY-MM-DD; default none')),
    state: stateArg,
    default_bid: bidSchema,
    products: v.pipe(
      v.array(productRef),
      v.minLength(1),
      v.maxLength(50),
      v.description('1-50 products {sku} (sellers) or {asin} (vendors)'),
    ),
    product_targets: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            type: v.picklist(['ASIN_SAME_AS', 'ASIN_CATEGORY_SAME_AS'], 'must be ASIN_SAME_AS or ASIN_CATEGORY_SAME_AS'),
            value: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
          }),
        ),
        v.minLength(1),
        v.maxLength(100),
        v.description('T00020 only: products or categories to show next to'),
      ),
    ),
    audiences: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            type: v.picklist(['views', 'purchases'], 'must be views or purchases'),
            lookback: v.picklist(AUDIENCE_LOOKBACKS, 'must be 7, 14, 30, 60, 90, 180 or 365 days'),
          }),
        ),
        v.minLength(1),
        v.maxLength(10),
        v.description('T00030 only: shoppers who viewed or bought the advertised products within the lookback'),
      ),
    ),
  },
  rules: [
    dateRules,
    (a) =>
      a.tactic === 'T00020' && !a.product_targets
        ? 'tactic T00020 needs `product_targets`'
        : a.tactic === 'T00030' && !a.audiences
          ? 'tactic T00030 needs `audiences`'
          : undefined,
    (a) =>
      a.tactic === 'T00020' && a.audiences
        ? '`audiences` belong to tactic T00030'
        : a.tactic === 'T00030' && a.product_targets
          ? '`product_targets` belong to tactic T00020'
          : undefined,
    (a) =>
      a.default_bid > a.daily_budget
        ? `\`default_bid\` (${a.default_bid}) must not be above \`daily_budget\` (${a.daily_budget})`
        : undefined,
    (a) =>
      (a.product_targets ?? [])
        .filter((t) => t.type === 'ASIN_SAME_AS' && !ASIN.test(t.value.toUpperCase()))
        .map((t) => `ASIN_SAME_AS needs an ASIN such as B0ABC12345, not "${t.value}"`),
  ],
  output: createdOutput,
  async plan(args, ctx) {
    const products = resolveProducts(args.products, await catalogOf(ctx), 'products');
    const state = pausedState(args.state, ctx, 'PAUSED') as 'PAUSED';
    const expressions =
      args.tactic === 'T00020'
        ? args.product_targets!.map((t) =>
            t.type === 'ASIN_SAME_AS' ? `asinSameAs=${t.value.toUpperCase()}` : `asinCategorySameAs=${t.value}`,
          )
        : args.audiences!.map((a) => `${a.type}=exactProduct lookback=${a.lookback}`);
    const campaign: Omit<RetailAdsCampaign, 'id'> = {
      name: args.name,
      ad_product: 'SPONSORED_DISPLAY',
      state,
      daily_budget: args.daily_budget,
      start_date: args.start_date ?? isoDate(ctx.now),
      end_date: args.end_date,
      tactic: args.tactic,
    };
    const paused = state === 'PAUSED';
    return {
      summary: `Create Sponsored Display campaign "${args.name}" (${args.tactic}, ${state}) with ${products.length} product ad(s) and ${expressions.length} target(s)`,
      changes: [
        createChange(
          'campaign',
          args.name,
          { state, tactic: args.tactic, daily_budget: args.daily_budget, start_date: campaign.start_date, end_date: args.end_date },
          paused,
        ),
        createChange('ad_group', `${args.name} - Ad group`, { default_bid: args.default_bid }, paused),
        ...products.map((p) => createChange('product_ad', p.sku ?? p.asin, { asin: p.asin }, paused)),
        ...expressions.map((e) => createChange('target', e, { bid: args.default_bid }, paused)),
      ],
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency: ctx.account.currency }],
      notes: paused ? ['The campaign starts PAUSED: enable it with resume_retailads_campaigns.'] : [],
      data: { campaign, defaultBid: args.default_bid, products, expressions },
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
            ad_product: 'SPONSORED_DISPLAY',
            name: `${campaign!.name} - Ad group`,
            default_bid: d.defaultBid,
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
    const targets = await ctx.step('targets', () =>
      ctx.platform.createEntities(
        'target',
        d.expressions.map((expression) => ({
          campaign_id: campaign!.id,
          ad_group_id: adGroup!.id,
          ad_product: 'SPONSORED_DISPLAY' as const,
          expression,
          expression_type: 'MANUAL' as const,
          bid: d.defaultBid,
          state: 'ENABLED' as const,
        })),
        ctx.now,
      ),
    );
    return {
      text: [
        `## Sponsored Display campaign "${campaign!.name}" created (${campaign!.state})`,
        '',
        `Campaign ${campaign!.id}, ad group ${adGroup!.id}, ${productAds.length} product ad(s), ${targets.length} target(s).`,
        '',
        campaign!.state === 'PAUSED'
          ? 'Enable it with resume_retailads_campaigns.'
          : 'Watch it with get_retailads_campaign_performance (ad_product SPONSORED_DISPLAY).',
      ].join('\n'),
      structured: {
        profile_id: ctx.account.account_id,
        campaign_id: campaign!.id,
        ad_group_id: adGroup!.id,
        state: campaign!.state,
        created: { campaigns: 1, ad_groups: 1, product_ads: productAds.length, targets: targets.length },
      },
    };
  },
});
