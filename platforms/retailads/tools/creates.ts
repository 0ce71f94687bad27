/**
 * The retailads creators: ad groups (a list create), Sponsored Products / Brands / Display campaigns
 * (multi-step: each step checkpointed with ctx.step so a retry resumes without duplicates), Sponsored
 * Brands ads and new creative versions (moderated), and the moderation reader. Campaigns start
 * PAUSED unless state ENABLED is asked for (always PAUSED under the "create paused" guardrail).
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import type { PlannedChange } from '../../../core/plan';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import { isArchived } from '../port';
import { bidSchema, defineRetailAdsAddTool, idSchema, loadLookups, parentProblem, pausedState } from '../families';
import {
  SB_AD_TYPES,
  type RetailAdsAsset,
  type RetailAdsCampaign,
  type RetailAdsMatchType,
  type RetailAdsPort,
  type RetailAdsProductAd,
  type RetailAdsSbAdType,
  type RetailAdsSbCreativeContent,
} from '../port';

type Ctx = ToolContext<RetailAdsPort>;
const nameSchema = (what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(128, 'must be at most 128 characters'),
    v.description(`${what}, 1-128 characters`),
  );
const budgetSchema = v.pipe(
  v.number(),
  v.minValue(1, 'must be at least 1'),
  v.maxValue(1_000_000, 'must be at most 1,000,000'),
  v.description('Daily budget in the account currency, 1-1,000,000'),
);
const stateArg = v.optional(
  v.pipe(
    v.picklist(['ENABLED', 'PAUSED']),
    v.description('PAUSED (default: nothing spends until you enable it with resume_retailads_campaigns) or ENABLED'),
  ),
);
const ASIN = /^B0[A-Z0-9]{8}$/;
const asinSchema = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(ASIN, 'must be an ASIN such as B0ABC12345'));
const productRef = v.strictObject({
  sku: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('SKU (seller profiles)'))),
  asin: v.optional(v.pipe(asinSchema, v.description('ASIN (vendor profiles)'))),
});
const dateRules = (a: { start_date?: string; end_date?: string }) => {
  const today = isoDate(new Date());
  const problems: string[] = [];
  if (a.start_date && a.start_date < today) problems.push(`\`start_date\` ${a.start_date} is in the past; give today (${today}) or later`);
  if (a.end_date && a.end_date < (a.start_date ?? today)) problems.push(`\`end_date\` ${a.end_date} must be on or after the start date`);
  return problems;
};

/** The profile type and catalog: sellers advertise SKUs, vendors ASINs. */
async function catalogOf(ctx: Ctx) {
  const [profiles, productAds, assets] = await Promise.all([
    ctx.platform.listProfiles(),
    ctx.platform.listProductAds(),
    ctx.platform.listEntities('asset'),
  ]);
  const catalog = new Map<string, RetailAdsProductAd>();
  for (const p of productAds) {
    catalog.set(p.asin, p);
    if (p.sku) catalog.set(p.sku, p);
  }
  return { type: profiles[0]?.account_info.type ?? 'seller', catalog, assets: new Map(assets.map((a) => [a.id, a])) };
}
type Catalog = Awaited<ReturnType<typeof catalogOf>>;

/** Resolves product references; a 400 naming every bad one (seller/vendor rule, not in the catalog). */
function resolveProducts(refs: { sku?: string; asin?: string }[], catalog: Catalog, field: string): RetailAdsProductAd[] {
  const problems: string[] = [];
  const found = refs.map((ref, i) => {
    const at = `\`${field}[${i}]\``;
    if (catalog.type === 'seller' && (!ref.sku || ref.asin))
      problems.push(`${at}: this is a seller profile, so name each product by its \`sku\` only`);
    else if (catalog.type === 'vendor' && (!ref.asin || ref.sku))
      problems.push(`${at}: this is a vendor profile, so name each product by its \`asin\` only`);
    const product = catalog.catalog.get((ref.sku ?? ref.asin)!);
    if (!product && (ref.sku || ref.asin))
      problems.push(
        `${at}: ${ref.sku ? 'SKU' : 'ASIN'} ${ref.sku ?? ref.asin} is not in this profile's catalog (list_retailads_product_ads shows it)`,
      );
    return product!;
  });
  if (problems.length) throw new ToolError(`Nothing was created:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  const seen = new Set<string>();
  return found.filter((p) => (seen.has(p.asin) ? false : (seen.add(p.asin), true)));
}

const productAdOf = (
  p: RetailAdsProductAd,
  campaign: { id: string; ad_product: RetailAdsCampaign['ad_product'] },
  adGroupId: string,
): Omit<RetailAdsProductAd, 'id'> => ({
  campaign_id: campaign.id,
  ad_group_id: adGroupId,
  ad_product: campaign.ad_product,
  asin: p.asin,
  sku: p.sku,
  title: p.title,
  category: p.category,
  state: 'ENABLED',
});

const createdOutput = v.object({
  profile_id: v.string(),
  campaign_id: v.string(),
  ad_group_id: v.string(),
  state: v.string(),
  created: v.record(v.string(), v.number()),
  ad_id: v.optional(v.string()),
  moderation: v.optional(v.string()),
});

function createChange(entity: string, name: string, fields: Record<string, unknown>, startsPaused: boolean): PlannedChange {
  return {
    action: 'create',
    entity,
    name,
    fields: Object.fromEntries(
      Object.entries(fields)
        .filter(([, x]) => x !== undefined)
        .map(([k, after]) => [k, { after }]),
    ),
    startsPaused,
  };
}

// ---------------------------------------------------------------------------------------------

export const createRetailAdsAdGroups = defineRetailAdsAddTool({
  name: 'create_retailads_ad_groups',
  examples: [{ ad_groups: [{ campaignId: '<campaignId from list_retailads_campaigns>', name: 'Example group', defaultBid: 0.7 }] }],
  description:
    'Creates ad groups in existing campaigns of any ad product: items {campaignId, name, defaultBid, state?} (default PAUSED). A name already used in the campaign is skipped as a duplicate; each item gets its result. Fill them with add_retailads_product_ads and add_retailads_keywords / add_retailads_targets.',
  kind: 'ad_group',
  entity: 'ad_group',
  itemsArg: 'ad_groups',
  maxItems: 100,
  item: v.strictObject({
    campaignId: idSchema('campaign'),
    name: nameSchema('Ad group name'),
    defaultBid: bidSchema,
    state: v.optional(v.picklist(['ENABLED', 'PAUSED'], 'must be ENABLED or PAUSED')),
  }),
  build(item, lookups, ctx) {
    const problem = parentProblem(item, lookups, ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY'], false);
    if (problem) return { failed: problem };
    const campaign = lookups.campaigns.get(String(item.campaignId))!;
    if ((item.defaultBid as number) > campaign.daily_budget)
      return {
        failed: `defaultBid ${String(item.defaultBid)} is above the daily budget (${campaign.daily_budget}) of campaign "${campaign.name}"`,
      };
    return {
      campaign_id: campaign.id,
      ad_product: campaign.ad_product,
      name: String(item.name),
      default_bid: item.defaultBid as number,
      state: pausedState(item.state as string | undefined, ctx, 'PAUSED') as 'PAUSED',
    };
  },
  keyOf: (g) => `${g.campaign_id}|${g.name.toLowerCase()}`,
  nameOf: (g) => g.name,
  startsPaused: (g) => g.state !== 'ENABLED',
  next: 'See them with list_retailads_ad_groups (Sponsored Products) or list_retailads_sb_ad_groups; enable with update_retailads_ad_groups.',
});

// ---------------------------------------------------------------------------------------------
// Sponsored Products

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

// ---------------------------------------------------------------------------------------------
// Sponsored Brands creatives

const headlineSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(50, 'must be at most 50 characters'),
  v.description('Headline, at most 50 characters'),
);
const assetId = (what: string) =>
  v.pipe(v.string(), v.trim(), v.minLength(1), v.description(`${what} asset id (search_retailads_assets, upload_retailads_asset)`));
export const creativeArgs = {
  headline: v.optional(headlineSchema),
  brand_logo_asset_id: v.optional(assetId('Brand logo (LOGO)')),
  custom_image_asset_id: v.optional(assetId('Custom image (IMAGE)')),
  video_asset_id: v.optional(assetId('Video (VIDEO, MP4)')),
  asins: v.optional(v.pipe(v.array(asinSchema), v.minLength(1), v.maxLength(10), v.description('Products shown, ASINs of the catalog'))),
  landing_page_url: v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL'),
      v.startsWith('https://', 'must be an https URL'),
      v.description('Store page or landing page (https)'),
    ),
  ),
};
type CreativeArgs = {
  headline?: string;
  brand_logo_asset_id?: string;
  custom_image_asset_id?: string;
  video_asset_id?: string;
  asins?: string[];
  landing_page_url?: string;
};

/** What each ad type needs: the platform's creative rules. */
const NEEDS: Record<
  RetailAdsSbAdType,
  { headline: boolean; logo: boolean; video: boolean; minAsins: number; maxAsins: number; landing?: boolean }
> = {
  productCollection: { headline: true, logo: true, video: false, minAsins: 3, maxAsins: 10 },
  storeSpotlight: { headline: true, logo: true, video: false, minAsins: 3, maxAsins: 10, landing: true },
  video: { headline: false, logo: false, video: true, minAsins: 1, maxAsins: 1 },
  brandVideo: { headline: true, logo: true, video: true, minAsins: 1, maxAsins: 3 },
  autoCollection: { headline: true, logo: true, video: false, minAsins: 0, maxAsins: 10 },
  manual: { headline: true, logo: true, video: false, minAsins: 1, maxAsins: 10 },
};

/** Checks a creative for its ad type (headline, logo, products, video; assets of the right type, products in the catalog). */
export function checkCreative(adType: RetailAdsSbAdType, c: CreativeArgs, catalog: Catalog, brandName: string): RetailAdsSbCreativeContent {
  const need = NEEDS[adType];
  const problems: string[] = [];
  if (need.headline && !c.headline) problems.push(`a ${adType} ad needs a \`headline\``);
  if (need.logo && !c.brand_logo_asset_id) problems.push(`a ${adType} ad needs a \`brand_logo_asset_id\``);
  if (need.video && !c.video_asset_id) problems.push(`a ${adType} ad needs a \`video_asset_id\` (an MP4 video asset)`);
  if (!need.video && c.video_asset_id) problems.push(`a ${adType} ad shows no video; leave out \`video_asset_id\``);
  if (need.landing && !c.landing_page_url) problems.push(`a ${adType} ad needs the store page as \`landing_page_url\``);
  const asins = [...new Set(c.asins ?? [])];
  if (asins.length < need.minAsins)
    problems.push(`a ${adType} ad needs at least ${need.minAsins} product(s) in \`asins\` (got ${asins.length})`);
  if (asins.length > need.maxAsins) problems.push(`a ${adType} ad shows at most ${need.maxAsins} product(s) (got ${asins.length})`);
  for (const asin of asins) if (!catalog.catalog.has(asin)) problems.push(`ASIN ${asin} is not in this profile's catalog`);
  const assetProblem = (id: string | undefined, type: RetailAdsAsset['asset_type'], field: string) => {
    if (!id) return;
    const asset = catalog.assets.get(id);
    if (!asset)
      problems.push(`\`${field}\` ${id} is not in the asset library (search_retailads_assets; upload with upload_retailads_asset)`);
    else if (asset.asset_type !== type) problems.push(`\`${field}\` ${id} is a ${asset.asset_type} asset, not a ${type}`);
  };
  assetProblem(c.brand_logo_asset_id, 'LOGO', 'brand_logo_asset_id');
  assetProblem(c.custom_image_asset_id, 'IMAGE', 'custom_image_asset_id');
  assetProblem(c.video_asset_id, 'VIDEO', 'video_asset_id');
  if (problems.length) throw new ToolError(`The creative is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  return {
    brand_name: brandName,
    headline: c.headline,
    brand_logo_asset_id: c.brand_logo_asset_id,
    custom_image_asset_id: c.custom_image_asset_id,
    video_asset_id: c.video_asset_id,
    asins,
    landing_page_url: c.landing_page_url,
  };
}

const moderationNote =
  'The creative goes through moderation (IN_PROGRESS, then APPROVED, REJECTED or FAILED; minutes to up to 72 hours); the ad serves only once a version is APPROVED. Follow it with get_retailads_moderation.';

interface SbPlanData {
  campaign: Omit<RetailAdsCampaign, 'id'>;
  adGroupName: string;
  adName: string;
  adType: RetailAdsSbAdType;
  creative: RetailAdsSbCreativeContent;
  products: RetailAdsProductAd[];
  keywords: { keyword_text: string; match_type: RetailAdsMatchType; bid: number }[];
}

export const createRetailAdsSbCampaign = defineRetailAdsTool({
  name: 'create_retailads_sb_campaign',
  description:
    'Creates a Sponsored Brands campaign in one call: campaign, ad group, the ad with its creative (productCollection: brand logo, headline of at most 50 characters and at least 3 products; video: an MP4 video asset and 1 product) and keywords (lowercase match types broad|phrase|exact). ' +
    'The creative goes through moderation before it can serve. The campaign starts PAUSED unless state ENABLED is given; a retry with the same arguments resumes without duplicates.',
  access: 'write',
  examples: [
    {
      name: 'Example SB',
      daily_budget: 20,
      headline: 'Packs for every trail',
      brand_logo_asset_id: '<brand_logo_asset_id from search_retailads_assets>',
      asins: ['<asin from list_retailads_product_ads>', '<asin from list_retailads_product_ads>', '<asin from list_retailads_product_ads>'],
    },
  ],
  args: {
    name: nameSchema('Campaign name'),
    daily_budget: budgetSchema,
    start_date: v.optional(dateArgument('First day, YYYY-MM-DD, today or later; default today')),
    end_date: v.optional(dateArgument('Last day, YYYY-MM-DD; default none')),
    state: stateArg,
    brand_entity_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.description("Brand entity id from list_retailads_brands; default the profile's brand"),
      ),
    ),
    ad_format: v.optional(
      v.pipe(v.picklist(['productCollection', 'video']), v.description('productCollection (default) or video')),
      'productCollection',
    ),
    ad_name: v.optional(nameSchema('Ad name')),
    ...creativeArgs,
    keywords: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            keywordText: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)),
            matchType: v.picklist(['broad', 'phrase', 'exact'], 'must be broad, phrase or exact (lowercase)'),
            bid: bidSchema,
          }),
        ),
        v.maxLength(1000),
        v.description('Keywords {keywordText, matchType broad|phrase|exact, bid}'),
      ),
    ),
  },
  rules: [dateRules],
  output: createdOutput,
  async plan(args, ctx) {
    const [catalog, brands] = await Promise.all([catalogOf(ctx), ctx.platform.listBrands()]);
    const brand = args.brand_entity_id ? brands.find((b) => b.brand_entity_id === args.brand_entity_id) : brands[0];
    if (!brand)
      throw new ToolError(`Brand entity ${args.brand_entity_id} is not a brand of this profile. List brands with list_retailads_brands.`);
    const creative = checkCreative(args.ad_format, args, catalog, brand.brand_registry_name);
    const products = creative.asins.map((a) => catalog.catalog.get(a)!);
    const state = pausedState(args.state, ctx, 'PAUSED') as 'PAUSED';
    const keywords = (args.keywords ?? []).map((k) => ({
      keyword_text: k.keywordText,
      match_type: k.matchType.toUpperCase() as RetailAdsMatchType,
      bid: k.bid,
    }));
    const paused = state === 'PAUSED';
    const campaign: Omit<RetailAdsCampaign, 'id'> = {
      name: args.name,
      ad_product: 'SPONSORED_BRANDS',
      state,
      daily_budget: args.daily_budget,
      start_date: args.start_date ?? isoDate(ctx.now),
      end_date: args.end_date,
      brand_entity_id: brand.brand_entity_id,
    };
    const adName = args.ad_name ?? `${args.name} ad`;
    return {
      summary: `Create Sponsored Brands campaign "${args.name}" (${state}) with a ${args.ad_format} ad and ${keywords.length} keyword(s)`,
      changes: [
        createChange(
          'campaign',
          args.name,
          {
            state,
            daily_budget: args.daily_budget,
            start_date: campaign.start_date,
            end_date: args.end_date,
            brand: brand.brand_registry_name,
          },
          paused,
        ),
        createChange('ad_group', `${args.name} - Ad group`, { state: 'ENABLED' }, paused),
        createChange(
          'sb_ad',
          adName,
          {
            ad_type: args.ad_format,
            headline: creative.headline,
            asins: creative.asins,
            video_asset_id: creative.video_asset_id,
            brand_logo_asset_id: creative.brand_logo_asset_id,
            moderation: 'IN_PROGRESS',
          },
          true,
        ),
        ...keywords.map((k) =>
          createChange('sb_keyword', `${k.keyword_text} (${k.match_type.toLowerCase()})`, { bid: k.bid, state: 'enabled' }, paused),
        ),
      ],
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency: ctx.account.currency }],
      notes: [
        moderationNote,
        ...(paused ? ['The campaign starts PAUSED: enable it with resume_retailads_campaigns once the creative is APPROVED.'] : []),
      ],
      data: {
        campaign,
        adGroupName: `${args.name} - Ad group`,
        adName,
        adType: args.ad_format,
        creative,
        products,
        keywords,
      } as SbPlanData,
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
            ad_product: 'SPONSORED_BRANDS',
            name: d.adGroupName,
            default_bid: d.keywords[0]?.bid ?? 1,
            state: 'ENABLED',
          },
        ],
        ctx.now,
      ),
    );
    // The products the ad shows are its ad group's product ads (what the delivery model counts).
    await ctx.step('product_ads', () =>
      ctx.platform.createProductAds(
        d.products.map((p) => productAdOf(p, campaign!, adGroup!.id)),
        ctx.now,
      ),
    );
    const [ad] = await ctx.step('sb_ad', () =>
      ctx.platform.createEntities(
        'sb_ad',
        [
          {
            campaign_id: campaign!.id,
            ad_group_id: adGroup!.id,
            name: d.adName,
            ad_type: d.adType,
            state: 'ENABLED',
            creatives: [{ ...d.creative, version: 1, submitted_at: ctx.now.toISOString() }],
          },
        ],
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
              ad_product: 'SPONSORED_BRANDS' as const,
              ...k,
              state: 'enabled' as const,
            })),
            ctx.now,
          ),
        )
      : [];
    return {
      text: [
        `## Sponsored Brands campaign "${campaign!.name}" created (${campaign!.state})`,
        '',
        `Campaign ${campaign!.id}, ad group ${adGroup!.id}, ${d.adType} ad ${ad!.id} (creative version 1: IN_PROGRESS), ${keywords.length} keyword(s).`,
        '',
        moderationNote,
      ].join('\n'),
      structured: {
        profile_id: ctx.account.account_id,
        campaign_id: campaign!.id,
        ad_group_id: adGroup!.id,
        state: campaign!.state,
        created: { campaigns: 1, ad_groups: 1, sb_ads: 1, keywords: keywords.length },
        ad_id: ad!.id,
        moderation: 'IN_PROGRESS',
      },
    };
  },
});

export const createRetailAdsSbAd = defineRetailAdsTool({
  name: 'create_retailads_sb_ad',
  description:
    'Creates a Sponsored Brands ad in an SB ad group: ad_type productCollection (logo, headline, 3+ products), video (MP4 video, 1 product), brandVideo (video, logo, headline, 1-3 products), storeSpotlight (logo, headline, 3+ products, store page), autoCollection (logo, headline) or manual (logo, headline, products). ' +
    'Its creative goes through moderation (get_retailads_moderation); it starts PAUSED unless state ENABLED is given.',
  access: 'write',
  examples: [
    {
      campaign_id: '<campaign_id from list_retailads_campaigns>',
      ad_group_id: '<ad_group_id from list_retailads_sb_ad_groups>',
      name: 'Example SB ad',
      ad_type: 'video',
      video_asset_id: '<video_asset_id from search_retailads_assets>',
      asins: ['<asin from list_retailads_product_ads>'],
    },
  ],
  args: {
    campaign_id: idSchema('campaign'),
    ad_group_id: idSchema('ad group'),
    name: nameSchema('Ad name'),
    ad_type: v.pipe(v.picklist(SB_AD_TYPES), v.description(SB_AD_TYPES.join(', '))),
    state: stateArg,
    ...creativeArgs,
  },
  output: v.object({ profile_id: v.string(), ad_id: v.string(), state: v.string(), moderation: v.string() }),
  async plan(args, ctx) {
    const [lookups, catalog, brands] = await Promise.all([loadLookups(ctx.platform), catalogOf(ctx), ctx.platform.listBrands()]);
    const problem = parentProblem({ campaignId: args.campaign_id, adGroupId: args.ad_group_id }, lookups, ['SPONSORED_BRANDS']);
    if (problem) throw new ToolError(`The ad cannot be created: ${problem}. List SB ad groups with list_retailads_sb_ad_groups.`);
    const creative = checkCreative(args.ad_type, args, catalog, brands[0]?.brand_registry_name ?? '');
    const state = pausedState(args.state, ctx, 'PAUSED');
    return {
      summary: `Create ${args.ad_type} ad "${args.name}" in ad group ${args.ad_group_id} (${state})`,
      changes: [
        createChange(
          'sb_ad',
          args.name,
          { ad_type: args.ad_type, state, headline: creative.headline, asins: creative.asins, moderation: 'IN_PROGRESS' },
          state === 'PAUSED',
        ),
      ],
      notes: [moderationNote],
      data: {
        ad: {
          campaign_id: args.campaign_id,
          ad_group_id: args.ad_group_id,
          name: args.name,
          ad_type: args.ad_type,
          state: state as 'PAUSED',
          creatives: [{ ...creative, version: 1, submitted_at: '' }],
        },
      },
    };
  },
  async apply(plan, _args, ctx) {
    const ad = plan.data.ad;
    const [created] = await ctx.step('sb_ad', () =>
      ctx.platform.createEntities(
        'sb_ad',
        [{ ...ad, creatives: ad.creatives.map((c) => ({ ...c, submitted_at: ctx.now.toISOString() })) }],
        ctx.now,
      ),
    );
    return {
      text: [
        `## Sponsored Brands ad "${created!.name}" created (${created!.state})`,
        '',
        `Ad ${created!.id}, ${created!.ad_type}; creative version 1 is IN_PROGRESS.`,
        '',
        moderationNote,
        created!.state === 'PAUSED' ? 'Enable it with update_retailads_sb_ads (state ENABLED).' : '',
      ].join('\n'),
      structured: { profile_id: ctx.account.account_id, ad_id: created!.id, state: created!.state, moderation: 'IN_PROGRESS' },
    };
  },
});

export const updateRetailAdsSbCreative = defineRetailAdsTool({
  name: 'update_retailads_sb_creative',
  description:
    "Submits a new creative version of a Sponsored Brands ad (headline, logo, custom image, video, products, landing page; the ad type's rules apply). The new version goes through moderation; the last APPROVED version keeps serving until it is approved, and a REJECTED or FAILED version never serves. Follow it with get_retailads_moderation.",
  access: 'write',
  examples: [{ ad_id: '<ad_id from list_retailads_sb_ads>', headline: 'Packs for every trail' }],
  args: { ad_id: idSchema('Sponsored Brands ad'), ...creativeArgs },
  rules: [
    (a) =>
      Object.keys(creativeArgs).some((k) => (a as Record<string, unknown>)[k] !== undefined)
        ? undefined
        : 'give at least one creative field: headline, brand_logo_asset_id, custom_image_asset_id, video_asset_id, asins or landing_page_url',
  ],
  output: v.object({ profile_id: v.string(), ad_id: v.string(), version: v.number(), moderation: v.string() }),
  async plan(args, ctx) {
    const ads = await ctx.platform.listEntities('sb_ad');
    const ad = ads.find((a) => a.id === args.ad_id);
    if (!ad)
      throw new ToolError(
        `No Sponsored Brands ad ${args.ad_id} in profile ${ctx.account.account_id}. List them with list_retailads_sb_ads.`,
      );
    if (isArchived(ad.state)) throw new ToolError(`Ad "${ad.name}" (${ad.id}) is archived; archiving is final.`);
    const current = ad.creatives.at(-1)!;
    const merged: CreativeArgs = {
      headline: args.headline ?? current.headline,
      brand_logo_asset_id: args.brand_logo_asset_id ?? current.brand_logo_asset_id,
      custom_image_asset_id: args.custom_image_asset_id ?? current.custom_image_asset_id,
      video_asset_id: args.video_asset_id ?? current.video_asset_id,
      asins: args.asins ?? current.asins,
      landing_page_url: args.landing_page_url ?? current.landing_page_url,
    };
    const creative = checkCreative(ad.ad_type, merged, await catalogOf(ctx), current.brand_name);
    const fields: Record<string, { before?: unknown; after: unknown }> = {};
    for (const key of Object.keys(creativeArgs) as (keyof CreativeArgs)[]) {
      if (JSON.stringify(creative[key]) !== JSON.stringify(current[key])) fields[key] = { before: current[key], after: creative[key] };
    }
    if (!Object.keys(fields).length)
      return {
        summary: 'The newest creative version already shows this; nothing changes',
        changes: [],
        data: { adId: ad.id, creative, version: current.version },
      };
    return {
      summary: `Submit creative version ${current.version + 1} of ad "${ad.name}" for moderation`,
      changes: [{ action: 'create', entity: 'sb_creative', name: `${ad.name} v${current.version + 1}`, fields, startsPaused: true }],
      notes: [moderationNote],
      data: { adId: ad.id, creative, version: current.version + 1 },
    };
  },
  async apply(plan, _args, ctx) {
    if (!plan.changes.length)
      return {
        text: '## Nothing changed\n\nThe newest creative version already shows this.',
        structured: { profile_id: ctx.account.account_id, ad_id: plan.data.adId, version: plan.data.version, moderation: 'unchanged' },
      };
    const ad = await ctx.step('submit', () => ctx.platform.submitSbCreative(plan.data.adId, plan.data.creative, ctx.now));
    const version = ad.creatives.at(-1)!.version;
    return {
      text: [`## Creative version ${version} of "${ad.name}" submitted`, '', moderationNote].join('\n'),
      structured: { profile_id: ctx.account.account_id, ad_id: ad.id, version, moderation: 'IN_PROGRESS' },
    };
  },
});

export const getRetailAdsModeration = defineRetailAdsTool({
  name: 'get_retailads_moderation',
  description:
    "Moderation of Sponsored Brands creatives: for one ad (ad_id) or every ad of a campaign (campaign_id), each creative version's status APPROVED, IN_PROGRESS, REJECTED or FAILED with per-component results (headline, brand_logo, custom_image, video, products) and reasons, and the version that serves. Fix a rejection with update_retailads_sb_creative.",
  access: 'read',
  examples: [{ ad_id: '<ad_id from list_retailads_sb_ads>' }],
  args: { ad_id: v.optional(idSchema('Sponsored Brands ad')), campaign_id: v.optional(idSchema('campaign')) },
  rules: [(a) => (!a.ad_id === !a.campaign_id ? 'give exactly one of `ad_id` or `campaign_id`' : undefined)],
  output: v.object({
    profile_id: v.string(),
    ads: v.array(
      v.object({
        ad_id: v.string(),
        name: v.string(),
        serving_version: v.nullable(v.number()),
        versions: v.array(
          v.object({
            ad_id: v.string(),
            version: v.number(),
            status: v.picklist(['APPROVED', 'IN_PROGRESS', 'REJECTED', 'FAILED']),
            submitted_at: v.string(),
            decided_at: v.optional(v.string()),
            components: v.array(v.object({ component: v.string(), status: v.string(), reasons: v.array(v.string()) })),
          }),
        ),
      }),
    ),
  }),
  async run(args, ctx) {
    const ads = (await ctx.platform.listEntities('sb_ad')).filter((a) =>
      args.ad_id ? a.id === args.ad_id : a.campaign_id === args.campaign_id,
    );
    if (!ads.length)
      throw new ToolError(
        `${args.ad_id ? `No Sponsored Brands ad ${args.ad_id}` : `Campaign ${args.campaign_id} has no Sponsored Brands ads`} in profile ${ctx.account.account_id}. List ads with list_retailads_sb_ads.`,
      );
    const out = [];
    const lines = ['## Sponsored Brands moderation', ''];
    for (const ad of ads) {
      const versions = await ctx.platform.getModeration(ad.id, ctx.now);
      const serving = versions.filter((m) => m.status === 'APPROVED').at(-1)?.version ?? null;
      out.push({ ad_id: ad.id, name: ad.name, serving_version: serving, versions });
      lines.push(`### ${ad.name} (${ad.id}): ${serving ? `version ${serving} serves` : 'no approved version: the ad cannot serve'}`, '');
      lines.push(
        markdownTable(
          ['Version', 'Status', 'Component', 'Component status', 'Reasons'],
          versions.flatMap((m) =>
            m.components.map((c, i) => [i === 0 ? m.version : '', i === 0 ? m.status : '', c.component, c.status, c.reasons.join('; ')]),
          ),
        ),
        '',
      );
    }
    if (out.some((a) => a.versions.at(-1)!.status === 'REJECTED' || a.versions.at(-1)!.status === 'FAILED'))
      lines.push('Fix the rejected components and submit a new version with update_retailads_sb_creative.');
    return { text: lines.join('\n'), structured: { profile_id: ctx.account.account_id, ads: out } };
  },
});

// ---------------------------------------------------------------------------------------------
// Sponsored Display

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

export const createTools = [
  createRetailAdsAdGroups,
  createRetailAdsSpCampaign,
  createRetailAdsSbCampaign,
  createRetailAdsSbAd,
  updateRetailAdsSbCreative,
  getRetailAdsModeration,
  createRetailAdsSdCampaign,
];
