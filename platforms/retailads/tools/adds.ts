/**
 * The retailads add-list tools, declared as data over the shared add family (families.ts): each
 * item gets its own result (created, skipped duplicate, failed with its reason). What they create
 * starts paused unless the item asks for enabled (and always paused under the "create paused"
 * guardrail); negatives cannot spend.
 */
import * as v from 'valibot';
import { ALLOW_BLOCKING_DESCRIPTION } from '../../../core/negatives';
import { refuseNegativesBlockingKeywords } from '../negatives';
import { defineRetailAdsAddTool, idSchema, bidSchema, parentProblem, pausedState, type Lookups } from '../families';
import type { RetailAdsAsset, RetailAdsMatchType, RetailAdsProductAd, RetailAdsProfile } from '../port';

const keywordText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(80, 'must be at most 80 characters'),
  v.check((t) => t.split(/\s+/).length <= 10, 'must have at most 10 words'),
  v.description('Search words, at most 10 words and 80 characters'),
);
const ids = { campaignId: idSchema('campaign'), adGroupId: idSchema('ad group') };
const upperState = v.optional(
  v.pipe(
    v.picklist(['ENABLED', 'PAUSED'], 'must be ENABLED or PAUSED'),
    v.description('ENABLED or PAUSED; default PAUSED (enable it when ready)'),
  ),
);
const lowerState = v.optional(
  v.pipe(
    v.picklist(['enabled', 'paused'], 'must be enabled or paused, lowercase as the Sponsored Brands interface writes them'),
    v.description('enabled or paused (lowercase); default paused'),
  ),
);
const norm = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const ASIN = /^B0[A-Z0-9]{8}$/;

/** The bid of an item, or its ad group's default bid; a bid above the campaign's daily budget fails. */
function bidFor(item: Record<string, unknown>, lookups: Lookups): number | { failed: string } {
  const group = lookups.adGroups.get(String(item.adGroupId))!;
  const campaign = lookups.campaigns.get(group.campaign_id)!;
  const bid = (item.bid as number | undefined) ?? group.default_bid;
  return bid > campaign.daily_budget
    ? { failed: `bid ${bid} is above the daily budget (${campaign.daily_budget}) of campaign "${campaign.name}"` }
    : bid;
}

export const addRetailAdsKeywords = defineRetailAdsAddTool({
  name: 'add_retailads_keywords',
  examples: [
    {
      keywords: [
        {
          campaignId: '<campaignId from list_retailads_campaigns>',
          adGroupId: '<adGroupId from list_retailads_ad_groups>',
          keywordText: 'example words',
          matchType: 'EXACT',
        },
      ],
    },
  ],
  description:
    "Adds keywords to Sponsored Products ad groups of MANUAL campaigns: items {campaignId, adGroupId, keywordText, matchType EXACT|PHRASE|BROAD, bid?, state?}. Bid defaults to the ad group's default bid; keywords start PAUSED unless state ENABLED is given. " +
    'Each item is reported created, skipped as a duplicate (same text and match type in the ad group) or failed with its reason. Keyword ideas: get_retailads_keyword_recommendations.',
  kind: 'keyword',
  entity: 'keyword',
  itemsArg: 'keywords',
  item: v.strictObject({
    ...ids,
    keywordText,
    matchType: v.pipe(v.picklist(['EXACT', 'PHRASE', 'BROAD'], 'must be EXACT, PHRASE or BROAD'), v.description('EXACT, PHRASE or BROAD')),
    bid: v.optional(bidSchema),
    state: upperState,
  }),
  build(item, lookups, ctx) {
    const problem = parentProblem(item, lookups, ['SPONSORED_PRODUCTS']);
    if (problem) return { failed: problem };
    const campaign = lookups.campaigns.get(String(item.campaignId))!;
    if (campaign.targeting_type === 'AUTO')
      return { failed: `campaign "${campaign.name}" uses automatic targeting and takes no keywords; add them to a MANUAL campaign` };
    const bid = bidFor(item, lookups);
    if (typeof bid !== 'number') return bid;
    return {
      campaign_id: campaign.id,
      ad_group_id: String(item.adGroupId),
      ad_product: 'SPONSORED_PRODUCTS' as const,
      keyword_text: String(item.keywordText),
      match_type: item.matchType as RetailAdsMatchType,
      bid,
      state: pausedState(item.state as string | undefined, ctx, 'PAUSED') as 'PAUSED',
    };
  },
  keyOf: (k) => `${k.ad_group_id}|${norm(k.keyword_text)}|${k.match_type}`,
  nameOf: (k) => `${k.keyword_text} (${k.match_type})`,
  startsPaused: (k) => k.state !== 'ENABLED',
  next: 'See them with list_retailads_keywords; enable paused ones with update_retailads_keywords (state ENABLED).',
});

export const addRetailAdsSbKeywords = defineRetailAdsAddTool({
  name: 'add_retailads_sb_keywords',
  examples: [
    {
      keywords: [
        {
          campaignId: '<campaignId from list_retailads_campaigns>',
          adGroupId: '<adGroupId from list_retailads_sb_ad_groups>',
          keywordText: 'example sb words',
          matchType: 'exact',
          bid: 1,
        },
      ],
    },
  ],
  description:
    "Adds keywords to Sponsored Brands ad groups: items {campaignId, adGroupId, keywordText, matchType broad|exact|phrase, bid?, state?} with the Sponsored Brands interface's lowercase states enabled|paused (default paused). Each item is reported created, skipped as a duplicate or failed with its reason.",
  kind: 'keyword',
  entity: 'sb_keyword',
  itemsArg: 'keywords',
  item: v.strictObject({
    ...ids,
    keywordText,
    matchType: v.pipe(
      v.picklist(['broad', 'exact', 'phrase'], 'must be broad, exact or phrase (lowercase)'),
      v.description('broad, exact or phrase (lowercase)'),
    ),
    bid: v.optional(bidSchema),
    state: lowerState,
  }),
  build(item, lookups, ctx) {
    const problem = parentProblem(item, lookups, ['SPONSORED_BRANDS']);
    if (problem) return { failed: problem };
    const bid = bidFor(item, lookups);
    if (typeof bid !== 'number') return bid;
    return {
      campaign_id: String(item.campaignId),
      ad_group_id: String(item.adGroupId),
      ad_product: 'SPONSORED_BRANDS' as const,
      keyword_text: String(item.keywordText),
      match_type: String(item.matchType).toUpperCase() as RetailAdsMatchType,
      bid,
      state: pausedState(item.state as string | undefined, ctx, 'paused') as 'paused',
    };
  },
  keyOf: (k) => `${k.ad_group_id}|${norm(k.keyword_text)}|${k.match_type}`,
  nameOf: (k) => `${k.keyword_text} (${k.match_type.toLowerCase()})`,
  startsPaused: (k) => k.state !== 'enabled',
  next: 'See them with list_retailads_sb_keywords; enable with update_retailads_sb_keywords (state enabled).',
});

export const addRetailAdsNegativeKeywords = defineRetailAdsAddTool({
  name: 'add_retailads_negative_keywords',
  examples: [
    {
      negative_keywords: [
        { campaignId: '<campaignId from list_retailads_campaigns>', keywordText: 'example junk', matchType: 'NEGATIVE_EXACT' },
      ],
    },
  ],
  description:
    'Adds Sponsored Products negative keywords so ads stop showing for those searches: items {campaignId, adGroupId?, keywordText, matchType NEGATIVE_EXACT|NEGATIVE_PHRASE}; without adGroupId the negative covers the whole campaign. Duplicates are skipped, each item gets its result. Wasted search terms: analyze_retailads_wasted_spend. (Sponsored Brands: add_retailads_sb_negative_keywords.)',
  kind: 'negative_keyword',
  entity: 'negative_keyword',
  itemsArg: 'negative_keywords',
  item: v.strictObject({
    campaignId: ids.campaignId,
    adGroupId: v.optional(ids.adGroupId),
    keywordText,
    matchType: v.pipe(
      v.picklist(['NEGATIVE_EXACT', 'NEGATIVE_PHRASE'], 'must be NEGATIVE_EXACT or NEGATIVE_PHRASE'),
      v.description('NEGATIVE_EXACT or NEGATIVE_PHRASE'),
    ),
  }),
  build(item, lookups) {
    const problem = parentProblem(item, lookups, ['SPONSORED_PRODUCTS'], false);
    if (problem) return { failed: problem };
    return {
      campaign_id: String(item.campaignId),
      ...(item.adGroupId ? { ad_group_id: String(item.adGroupId) } : {}),
      keyword_text: String(item.keywordText),
      match_type: item.matchType as 'NEGATIVE_EXACT',
      state: 'ENABLED' as const,
    };
  },
  keyOf: (n) => `${n.campaign_id}|${n.ad_group_id ?? ''}|${norm(n.keyword_text)}|${n.match_type}`,
  nameOf: (n) => `${n.keyword_text} (${n.match_type})`,
  startsPaused: () => true,
  next: 'See them with list_retailads_negative_keywords.',
  args: { allow_blocking_keywords: v.optional(v.pipe(v.boolean(), v.description(ALLOW_BLOCKING_DESCRIPTION))) },
  check: (negatives, args, ctx) =>
    refuseNegativesBlockingKeywords(ctx.platform, negatives, args.allow_blocking_keywords as boolean | undefined),
});

/** The profile (seller or vendor) and the catalog of products the account can advertise. */
async function loadCatalog(ctx: {
  platform: {
    listProfiles(): Promise<RetailAdsProfile[]>;
    listProductAds(): Promise<RetailAdsProductAd[]>;
    listEntities(kind: 'asset'): Promise<RetailAdsAsset[]>;
  };
}) {
  const [profiles, productAds, assets] = await Promise.all([
    ctx.platform.listProfiles(),
    ctx.platform.listProductAds(),
    ctx.platform.listEntities('asset'),
  ]);
  const catalog = new Map<string, { asin: string; sku?: string; title: string; category: string }>();
  for (const p of productAds) {
    catalog.set(p.asin, { asin: p.asin, sku: p.sku, title: p.title, category: p.category });
    if (p.sku) catalog.set(p.sku, { asin: p.asin, sku: p.sku, title: p.title, category: p.category });
  }
  return { accountType: profiles[0]?.account_info.type ?? 'seller', catalog, assets: new Map(assets.map((a) => [a.id, a])) };
}
type Catalog = Awaited<ReturnType<typeof loadCatalog>>;

const productItem = {
  ...ids,
  sku: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40), v.description('Seller SKU (seller profiles)'))),
  asin: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.regex(ASIN, 'must be an ASIN such as B0ABC12345'),
      v.description('ASIN (vendor profiles)'),
    ),
  ),
};

/** The product an item names: sellers advertise SKUs, vendors ASINs; it must be in the catalog. */
function productOf(
  item: Record<string, unknown>,
  loaded: Catalog,
): { asin: string; sku?: string; title: string; category: string } | { failed: string } {
  if (loaded.accountType === 'seller') {
    if (!item.sku) return { failed: 'this is a seller profile: name the product by its SKU (sku), not its ASIN' };
    if (item.asin) return { failed: 'give sku only: seller profiles advertise SKUs' };
  } else {
    if (!item.asin) return { failed: 'this is a vendor profile: name the product by its ASIN (asin), not a SKU' };
    if (item.sku) return { failed: 'give asin only: vendor profiles advertise ASINs' };
  }
  const product = loaded.catalog.get(String(item.sku ?? item.asin));
  return product ?? { failed: `${item.sku ? 'SKU' : 'ASIN'} ${String(item.sku ?? item.asin)} is not in this profile's catalog` };
}

export const addRetailAdsProductAds = defineRetailAdsAddTool({
  name: 'add_retailads_product_ads',
  examples: [
    {
      product_ads: [
        {
          campaignId: '<campaignId from list_retailads_campaigns>',
          adGroupId: '<adGroupId from list_retailads_ad_groups>',
          sku: 'NW-SLE-008',
        },
      ],
    },
  ],
  description:
    'Adds products to Sponsored Products or Sponsored Display ad groups: items {campaignId, adGroupId, sku} for seller profiles or {campaignId, adGroupId, asin} for vendor profiles (list_retailads_profiles shows which), state? ENABLED|PAUSED (default PAUSED). ' +
    'The product must be in the catalog. Each item is reported created, skipped as a duplicate or failed with its reason.',
  kind: 'product_ad',
  entity: 'product_ad',
  itemsArg: 'product_ads',
  item: v.strictObject({ ...productItem, state: upperState }),
  load: loadCatalog,
  build(item, lookups, ctx, loaded) {
    const problem = parentProblem(item, lookups, ['SPONSORED_PRODUCTS', 'SPONSORED_DISPLAY']);
    if (problem) return { failed: problem };
    const product = productOf(item, loaded as unknown as Catalog);
    if ('failed' in product) return product;
    const campaign = lookups.campaigns.get(String(item.campaignId))!;
    return {
      campaign_id: campaign.id,
      ad_group_id: String(item.adGroupId),
      ad_product: campaign.ad_product,
      asin: product.asin,
      sku: product.sku,
      title: product.title,
      category: product.category,
      state: pausedState(item.state as string | undefined, ctx, 'PAUSED') as 'PAUSED',
    };
  },
  keyOf: (p) => `${p.ad_group_id}|${p.asin}|${p.video_asset_id ?? ''}`,
  nameOf: (p) => `${p.title} (${p.sku ?? p.asin})`,
  startsPaused: (p) => p.state !== 'ENABLED',
  next: 'See them with list_retailads_product_ads; enable with update_retailads_product_ads.',
});

export const addRetailAdsSpVideo = defineRetailAdsAddTool({
  name: 'add_retailads_sp_video',
  examples: [
    {
      video_ads: [
        {
          campaignId: '<campaignId from list_retailads_campaigns>',
          adGroupId: '<adGroupId from list_retailads_ad_groups>',
          sku: '<sku from list_retailads_product_ads>',
          videoAssetId: '<videoAssetId from search_retailads_assets>',
        },
      ],
    },
  ],
  description:
    'Adds Sponsored Products video ads: a catalog product shown with a video from the asset library, items {campaignId, adGroupId, sku (sellers) or asin (vendors), videoAssetId, state?} (default PAUSED). The asset must be a VIDEO (upload_retailads_asset, search_retailads_assets). Each item gets its result.',
  kind: 'product_ad',
  entity: 'product_ad',
  itemsArg: 'video_ads',
  maxItems: 100,
  item: v.strictObject({
    ...productItem,
    videoAssetId: v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Video asset id from search_retailads_assets')),
    state: upperState,
  }),
  load: loadCatalog,
  build(item, lookups, ctx, loaded) {
    const problem = parentProblem(item, lookups, ['SPONSORED_PRODUCTS']);
    if (problem) return { failed: problem };
    const catalog = loaded as unknown as Catalog;
    const asset = catalog.assets.get(String(item.videoAssetId));
    if (!asset) return { failed: `asset ${String(item.videoAssetId)} does not exist (search_retailads_assets lists them)` };
    if (asset.asset_type !== 'VIDEO') return { failed: `asset ${asset.id} is a ${asset.asset_type}, not a VIDEO` };
    const product = productOf(item, catalog);
    if ('failed' in product) return product;
    return {
      campaign_id: String(item.campaignId),
      ad_group_id: String(item.adGroupId),
      ad_product: 'SPONSORED_PRODUCTS' as const,
      asin: product.asin,
      sku: product.sku,
      title: product.title,
      category: product.category,
      video_asset_id: asset.id,
      state: pausedState(item.state as string | undefined, ctx, 'PAUSED') as 'PAUSED',
    };
  },
  keyOf: (p) => `${p.ad_group_id}|${p.asin}|${p.video_asset_id ?? ''}`,
  nameOf: (p) => `${p.title} (video)`,
  startsPaused: (p) => p.state !== 'ENABLED',
  next: 'See them with list_retailads_product_ads; enable with update_retailads_product_ads.',
});

const SP_EXPRESSION_TYPES = {
  ASIN_SAME_AS: 'asinSameAs',
  ASIN_CATEGORY_SAME_AS: 'asinCategorySameAs',
  ASIN_BRAND_SAME_AS: 'asinBrandSameAs',
  ASIN_PRICE_BETWEEN: 'asinPriceBetween',
  ASIN_REVIEW_RATING_BETWEEN: 'asinReviewRatingBetween',
} as const;
const SB_EXPRESSION_TYPES = ['asinSameAs', 'asinCategorySameAs', 'asinBrandSameAs'] as const;
const expressionValue = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(200),
  v.description('ASIN, category, brand or range the type names'),
);

/** Problems of one predicate: an asinSameAs value must be an ASIN, ranges "low-high". */
function predicateProblem(type: string, value: string): string | undefined {
  if (type === 'asinSameAs' && !ASIN.test(value.toUpperCase())) return `asinSameAs needs an ASIN such as B0ABC12345, not "${value}"`;
  if ((type === 'asinPriceBetween' || type === 'asinReviewRatingBetween') && !/^\d+(\.\d+)?-\d+(\.\d+)?$/.test(value))
    return `${type} needs a range "low-high", not "${value}"`;
  return undefined;
}

export const addRetailAdsTargets = defineRetailAdsAddTool({
  name: 'add_retailads_targets',
  examples: [
    {
      targets: [
        {
          campaignId: '<campaignId from list_retailads_campaigns>',
          adGroupId: '<adGroupId from list_retailads_ad_groups>',
          expression: [{ type: 'ASIN_SAME_AS', value: 'B0EXAMPLE1' }],
        },
      ],
    },
  ],
  description:
    'Adds product and category targets to Sponsored Products (MANUAL) and Sponsored Display ad groups: items {campaignId, adGroupId, expression: [{type, value}], bid?, state?} with types ASIN_SAME_AS, ASIN_CATEGORY_SAME_AS, ASIN_BRAND_SAME_AS, ASIN_PRICE_BETWEEN, ASIN_REVIEW_RATING_BETWEEN (default state PAUSED). Each item gets its result. (Sponsored Brands: add_retailads_sb_targets.)',
  kind: 'target',
  entity: 'target',
  itemsArg: 'targets',
  item: v.strictObject({
    ...ids,
    expression: v.pipe(
      v.array(
        v.strictObject({
          type: v.picklist(
            Object.keys(SP_EXPRESSION_TYPES) as (keyof typeof SP_EXPRESSION_TYPES)[],
            `must be one of ${Object.keys(SP_EXPRESSION_TYPES).join(', ')}`,
          ),
          value: expressionValue,
        }),
      ),
      v.minLength(1),
      v.maxLength(3),
      v.description('1-3 predicates {type, value}, all must hold'),
    ),
    bid: v.optional(bidSchema),
    state: upperState,
  }),
  build(item, lookups, ctx) {
    const problem = parentProblem(item, lookups, ['SPONSORED_PRODUCTS', 'SPONSORED_DISPLAY']);
    if (problem) return { failed: problem };
    const campaign = lookups.campaigns.get(String(item.campaignId))!;
    if (campaign.targeting_type === 'AUTO')
      return { failed: `campaign "${campaign.name}" uses automatic targeting; manual targets go into MANUAL campaigns` };
    const predicates = (item.expression as { type: keyof typeof SP_EXPRESSION_TYPES; value: string }[]).map((p) => ({
      type: SP_EXPRESSION_TYPES[p.type],
      value: p.value,
    }));
    const bad = predicates.map((p) => predicateProblem(p.type, p.value)).find(Boolean);
    if (bad) return { failed: bad };
    const bid = bidFor(item, lookups);
    if (typeof bid !== 'number') return bid;
    return {
      campaign_id: campaign.id,
      ad_group_id: String(item.adGroupId),
      ad_product: campaign.ad_product,
      expression: predicates.map((p) => `${p.type}=${p.type === 'asinSameAs' ? p.value.toUpperCase() : p.value}`).join(' '),
      expression_type: 'MANUAL' as const,
      bid,
      state: pausedState(item.state as string | undefined, ctx, 'PAUSED') as 'PAUSED',
    };
  },
  keyOf: (t) => `${t.ad_group_id}|${t.expression.toLowerCase()}`,
  nameOf: (t) => t.expression,
  startsPaused: (t) => t.state !== 'ENABLED',
  next: 'See them with list_retailads_targets; enable with update_retailads_targets.',
});

export const addRetailAdsSbTargets = defineRetailAdsAddTool({
  name: 'add_retailads_sb_targets',
  examples: [
    {
      targets: [
        {
          campaignId: '<campaignId from list_retailads_campaigns>',
          adGroupId: '<adGroupId from list_retailads_sb_ad_groups>',
          expressions: [{ type: 'asinBrandSameAs', value: 'Example Brand' }],
        },
      ],
    },
  ],
  description:
    'Adds product and category targets to Sponsored Brands ad groups: items {campaignId, adGroupId, expressions: [{type, value}], bid?, state?}. The field is `expressions` (plural) and the types are camelCase: asinSameAs, asinCategorySameAs, asinBrandSameAs. States are lowercase enabled|paused (default paused). Each item gets its result.',
  kind: 'target',
  entity: 'sb_target',
  itemsArg: 'targets',
  item: v.strictObject({
    ...ids,
    expressions: v.pipe(
      v.array(
        v.strictObject({
          type: v.picklist(SB_EXPRESSION_TYPES, 'must be asinSameAs, asinCategorySameAs or asinBrandSameAs (camelCase)'),
          value: expressionValue,
        }),
      ),
      v.minLength(1),
      v.maxLength(3),
      v.description('1-3 predicates {type: asinSameAs|asinCategorySameAs|asinBrandSameAs, value}'),
    ),
    bid: v.optional(bidSchema),
    state: lowerState,
  }),
  build(item, lookups, ctx) {
    const problem = parentProblem(item, lookups, ['SPONSORED_BRANDS']);
    if (problem) return { failed: problem };
    const predicates = item.expressions as { type: string; value: string }[];
    const bad = predicates.map((p) => predicateProblem(p.type, p.value)).find(Boolean);
    if (bad) return { failed: bad };
    const bid = bidFor(item, lookups);
    if (typeof bid !== 'number') return bid;
    return {
      campaign_id: String(item.campaignId),
      ad_group_id: String(item.adGroupId),
      ad_product: 'SPONSORED_BRANDS' as const,
      expression: predicates.map((p) => `${p.type}=${p.type === 'asinSameAs' ? p.value.toUpperCase() : p.value}`).join(' '),
      expression_type: 'MANUAL' as const,
      bid,
      state: pausedState(item.state as string | undefined, ctx, 'paused') as 'paused',
    };
  },
  keyOf: (t) => `${t.ad_group_id}|${t.expression.toLowerCase()}`,
  nameOf: (t) => t.expression,
  startsPaused: (t) => t.state !== 'enabled',
  next: 'See them with list_retailads_sb_targets; enable with update_retailads_sb_targets (state enabled).',
});

export const addRetailAdsSbThemes = defineRetailAdsAddTool({
  name: 'add_retailads_sb_themes',
  examples: [
    {
      themes: [
        {
          campaignId: '<campaignId from list_retailads_campaigns>',
          adGroupId: '<adGroupId from list_retailads_sb_ad_groups>',
          themeType: 'KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES',
        },
      ],
    },
  ],
  description:
    'Adds theme targeting to Sponsored Brands ad groups: the platform picks keywords related to your brand or to your landing pages. Items {campaignId, adGroupId, themeType KEYWORDS_RELATED_TO_YOUR_BRAND|KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES, bid?, state? enabled|paused (default paused)}; one theme of each type per ad group. Each item gets its result.',
  kind: 'theme',
  entity: 'sb_theme',
  itemsArg: 'themes',
  maxItems: 100,
  item: v.strictObject({
    ...ids,
    themeType: v.pipe(
      v.picklist(
        ['KEYWORDS_RELATED_TO_YOUR_BRAND', 'KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES'],
        'must be KEYWORDS_RELATED_TO_YOUR_BRAND or KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES',
      ),
      v.description('KEYWORDS_RELATED_TO_YOUR_BRAND or KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES'),
    ),
    bid: v.optional(bidSchema),
    state: lowerState,
  }),
  build(item, lookups, ctx) {
    const problem = parentProblem(item, lookups, ['SPONSORED_BRANDS']);
    if (problem) return { failed: problem };
    const bid = bidFor(item, lookups);
    if (typeof bid !== 'number') return bid;
    return {
      campaign_id: String(item.campaignId),
      ad_group_id: String(item.adGroupId),
      theme_type: item.themeType as 'KEYWORDS_RELATED_TO_YOUR_BRAND',
      bid,
      state: pausedState(item.state as string | undefined, ctx, 'paused') as 'paused',
    };
  },
  keyOf: (t) => `${t.ad_group_id}|${t.theme_type}`,
  nameOf: (t) => t.theme_type,
  startsPaused: (t) => t.state !== 'enabled',
  next: "See the ad group's targeting with list_retailads_sb_targets and list_retailads_sb_keywords.",
});

export const addTools = [
  addRetailAdsKeywords,
  addRetailAdsSbKeywords,
  addRetailAdsNegativeKeywords,
  addRetailAdsProductAds,
  addRetailAdsSpVideo,
  addRetailAdsTargets,
  addRetailAdsSbTargets,
  addRetailAdsSbThemes,
];
