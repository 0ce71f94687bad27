/** The retailads list readers, declared as data over the shared list family (families.ts). */
import * as v from 'valibot';
import { defineRetailAdsListTool } from '../families';
import type { RetailAdsModeration, RetailAdsSbAd } from '../port';

const str = v.string();
const optStr = v.optional(v.string());
const UPPER = ['ENABLED', 'PAUSED', 'ARCHIVED'] as const;
const LOWER = ['enabled', 'paused', 'archived'] as const;
const listFilters =
  'Filters (shared retailads set): campaign_id, campaign_name_contains, search, match_type, spend/sales/clicks/impressions/ACOS/ROAS bounds, zero_sales; sort_by and sort_dir; offset/limit paging (up to 1,000 rows a page, total and has_more in paging).';

export const listRetailAdsCampaigns = defineRetailAdsListTool({
  name: 'list_retailads_campaigns',
  description: `Lists Sponsored Products, Brands and Display campaigns with state, budget, dates, bidding and their figures over a date range (default the last 30 days). ${listFilters}`,
  noun: 'campaigns',
  kind: 'campaign',
  adProducts: ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY'],
  reportTypes: { SPONSORED_PRODUCTS: 'spCampaigns', SPONSORED_BRANDS: 'sbCampaigns', SPONSORED_DISPLAY: 'sdCampaigns' },
  reportKey: (r) => r.campaign_id,
  states: UPPER,
  fields: (c) => ({
    id: c.id,
    name: c.name,
    state: c.state,
    targeting_type: c.targeting_type ?? null,
    daily_budget: c.daily_budget,
    start_date: c.start_date,
    end_date: c.end_date ?? null,
    bidding_strategy: c.bidding_strategy ?? null,
  }),
  rowEntries: {
    id: str,
    name: str,
    state: str,
    targeting_type: v.nullable(str),
    daily_budget: v.number(),
    start_date: str,
    end_date: v.nullable(str),
    bidding_strategy: v.nullable(str),
  },
  columns: [
    ['Campaign', 'name'],
    ['Id', 'id'],
    ['Type', 'ad_product'],
    ['State', 'state'],
    ['Daily budget', 'daily_budget'],
  ],
  next: 'Pause or resume with pause_retailads_campaigns / resume_retailads_campaigns; change budget, name, end date or bidding with update_retailads_campaigns; archive with delete_retailads_campaigns.',
});

export const listRetailAdsKeywords = defineRetailAdsListTool({
  name: 'list_retailads_keywords',
  description: `Lists Sponsored Products keywords (text, match type, bid, state ENABLED/PAUSED/ARCHIVED) with their figures over a date range (default the last 30 days). ${listFilters}`,
  noun: 'keywords',
  kind: 'keyword',
  adProducts: ['SPONSORED_PRODUCTS'],
  reportTypes: { SPONSORED_PRODUCTS: 'spTargeting' },
  reportKey: (r) => r.keyword_id ?? '',
  states: UPPER,
  fields: (k) => ({ id: k.id, keyword_text: k.keyword_text, match_type: k.match_type, bid: k.bid, state: k.state }),
  rowEntries: { id: str, ad_group_id: str, ad_group_name: optStr, keyword_text: str, match_type: str, bid: v.number(), state: str },
  columns: [
    ['Keyword', 'keyword_text'],
    ['Match', 'match_type'],
    ['Id', 'id'],
    ['Campaign', 'campaign_name'],
    ['State', 'state'],
    ['Bid', 'bid'],
  ],
  next: 'Change bids or states with update_retailads_keywords, archive with delete_retailads_keywords, add more with add_retailads_keywords.',
});

export const listRetailAdsSbKeywords = defineRetailAdsListTool({
  name: 'list_retailads_sb_keywords',
  description: `Lists Sponsored Brands keywords (text, match type, bid, lowercase state enabled/paused/archived) with their figures over a date range. ${listFilters}`,
  noun: 'sb_keywords',
  kind: 'keyword',
  adProducts: ['SPONSORED_BRANDS'],
  reportTypes: { SPONSORED_BRANDS: 'sbTargeting' },
  reportKey: (r) => r.keyword_id ?? '',
  states: LOWER,
  fields: (k) => ({ id: k.id, keyword_text: k.keyword_text, match_type: k.match_type.toLowerCase(), bid: k.bid, state: k.state }),
  rowEntries: { id: str, ad_group_id: str, ad_group_name: optStr, keyword_text: str, match_type: str, bid: v.number(), state: str },
  columns: [
    ['Keyword', 'keyword_text'],
    ['Match', 'match_type'],
    ['Id', 'id'],
    ['Campaign', 'campaign_name'],
    ['State', 'state'],
    ['Bid', 'bid'],
  ],
  next: 'Change bids or states with update_retailads_sb_keywords, archive with delete_retailads_sb_keywords, add more with add_retailads_sb_keywords.',
});

export const listRetailAdsNegativeKeywords = defineRetailAdsListTool({
  name: 'list_retailads_negative_keywords',
  description:
    'Lists Sponsored Products negative keywords (campaign or ad group level, NEGATIVE_EXACT / NEGATIVE_PHRASE, state ENABLED or ARCHIVED). Paging with offset/limit. Negative keywords have no figures of their own.',
  noun: 'negative_keywords',
  kind: 'negative_keyword',
  adProducts: ['SPONSORED_PRODUCTS'],
  states: ['ENABLED', 'ARCHIVED'],
  fields: (n) => ({
    id: n.id,
    keyword_text: n.keyword_text,
    negative_match_type: n.match_type,
    level: n.ad_group_id ? 'ad group' : 'campaign',
    state: n.state,
  }),
  rowEntries: { id: str, ad_group_id: optStr, ad_group_name: optStr, keyword_text: str, negative_match_type: str, level: str, state: str },
  columns: [
    ['Keyword', 'keyword_text'],
    ['Match', 'negative_match_type'],
    ['Level', 'level'],
    ['Id', 'id'],
    ['Campaign', 'campaign_name'],
    ['Ad group', 'ad_group_name'],
    ['State', 'state'],
  ],
  next: 'Add negatives with add_retailads_negative_keywords (find wasted search terms with analyze_retailads_wasted_spend); archive one with delete_retailads_negative_keywords.',
});

export const listRetailAdsProductAds = defineRetailAdsListTool({
  name: 'list_retailads_product_ads',
  description: `Lists Sponsored Products and Sponsored Display product ads (ASIN, SKU, title, state, video) with their figures over a date range. ${listFilters}`,
  noun: 'product_ads',
  kind: 'product_ad',
  adProducts: ['SPONSORED_PRODUCTS', 'SPONSORED_DISPLAY'],
  reportTypes: { SPONSORED_PRODUCTS: 'spAdvertisedProduct', SPONSORED_DISPLAY: 'sdAdvertisedProduct' },
  reportKey: (r) => `${r.ad_group_id}|${r.advertised_asin}`,
  entityKey: (p) => `${p.ad_group_id}|${p.asin}`,
  states: UPPER,
  fields: (p) => ({ id: p.id, asin: p.asin, sku: p.sku ?? null, title: p.title, state: p.state, video_asset_id: p.video_asset_id ?? null }),
  rowEntries: {
    id: str,
    ad_group_id: str,
    ad_group_name: optStr,
    asin: str,
    sku: v.nullable(str),
    title: str,
    state: str,
    video_asset_id: v.nullable(str),
  },
  columns: [
    ['Product', 'title'],
    ['ASIN', 'asin'],
    ['SKU', 'sku'],
    ['Id', 'id'],
    ['Campaign', 'campaign_name'],
    ['State', 'state'],
  ],
  next: 'Pause or enable with update_retailads_product_ads, archive with delete_retailads_product_ads, add products with add_retailads_product_ads.',
});

export const listRetailAdsTargets = defineRetailAdsListTool({
  name: 'list_retailads_targets',
  description: `Lists Sponsored Products and Sponsored Display targets (product, category, audience and automatic targeting expressions, bid, state) with their figures over a date range. ${listFilters}`,
  noun: 'targets',
  kind: 'target',
  adProducts: ['SPONSORED_PRODUCTS', 'SPONSORED_DISPLAY'],
  reportTypes: { SPONSORED_PRODUCTS: 'spTargeting', SPONSORED_DISPLAY: 'sdTargeting' },
  reportKey: (r) => r.keyword_id ?? '',
  states: UPPER,
  fields: (t) => ({ id: t.id, expression: t.expression, expression_type: t.expression_type, bid: t.bid, state: t.state }),
  rowEntries: { id: str, ad_group_id: str, ad_group_name: optStr, expression: str, expression_type: str, bid: v.number(), state: str },
  columns: [
    ['Expression', 'expression'],
    ['Type', 'expression_type'],
    ['Id', 'id'],
    ['Campaign', 'campaign_name'],
    ['State', 'state'],
    ['Bid', 'bid'],
  ],
  next: 'Change bids or states with update_retailads_targets, archive with delete_retailads_targets, add targets with add_retailads_targets.',
});

export const listRetailAdsSbTargets = defineRetailAdsListTool({
  name: 'list_retailads_sb_targets',
  description: `Lists Sponsored Brands product and category targets (expressions asinSameAs, asinCategorySameAs, asinBrandSameAs; bid; lowercase state) with their figures. ${listFilters}`,
  noun: 'sb_targets',
  kind: 'target',
  adProducts: ['SPONSORED_BRANDS'],
  reportTypes: { SPONSORED_BRANDS: 'sbTargeting' },
  reportKey: (r) => r.keyword_id ?? '',
  states: LOWER,
  fields: (t) => ({ id: t.id, expression: t.expression, bid: t.bid, state: t.state }),
  rowEntries: { id: str, ad_group_id: str, ad_group_name: optStr, expression: str, bid: v.number(), state: str },
  columns: [
    ['Expressions', 'expression'],
    ['Id', 'id'],
    ['Campaign', 'campaign_name'],
    ['State', 'state'],
    ['Bid', 'bid'],
  ],
  next: 'Change bids or states with update_retailads_sb_targets; add targets with add_retailads_sb_targets.',
});

export const listRetailAdsSbAdGroups = defineRetailAdsListTool({
  name: 'list_retailads_sb_ad_groups',
  description: `Lists Sponsored Brands ad groups with state and their figures over a date range. ${listFilters}`,
  noun: 'sb_ad_groups',
  kind: 'ad_group',
  adProducts: ['SPONSORED_BRANDS'],
  reportTypes: { SPONSORED_BRANDS: 'sbAdGroup' },
  reportKey: (r) => r.ad_group_id ?? '',
  states: UPPER,
  fields: (g) => ({ id: g.id, name: g.name, state: g.state, default_bid: g.default_bid }),
  rowEntries: { id: str, name: str, state: str, default_bid: v.number() },
  columns: [
    ['Ad group', 'name'],
    ['Id', 'id'],
    ['Campaign', 'campaign_name'],
    ['State', 'state'],
  ],
  next: 'See its ads with list_retailads_sb_ads and keywords with list_retailads_sb_keywords; rename or pause with update_retailads_ad_groups.',
});

/** Moderation of every SB creative version, by ad id (read once per call). */
async function moderationByAd(ctx: {
  now: Date;
  platform: { listModeration(now: Date): Promise<RetailAdsModeration[]> };
}): Promise<Map<string, unknown>> {
  const byAd = new Map<string, RetailAdsModeration[]>();
  for (const m of await ctx.platform.listModeration(ctx.now)) byAd.set(m.ad_id, [...(byAd.get(m.ad_id) ?? []), m]);
  return byAd;
}

export const listRetailAdsSbAds = defineRetailAdsListTool({
  name: 'list_retailads_sb_ads',
  description:
    'Lists Sponsored Brands ads (type productCollection, video, brandVideo, storeSpotlight, autoCollection or manual; state; the creative version serving and the moderation status of the newest version). Paging with offset/limit.',
  noun: 'sb_ads',
  kind: 'sb_ad',
  adProducts: ['SPONSORED_BRANDS'],
  states: UPPER,
  extra: moderationByAd,
  fields: () => ({}),
  expand: (ad: RetailAdsSbAd, _l, _ctx, byAd) => {
    const moderation = (byAd.get(ad.id) as RetailAdsModeration[] | undefined) ?? [];
    const serving = moderation.filter((m) => m.status === 'APPROVED').at(-1);
    return [
      {
        id: ad.id,
        name: ad.name,
        ad_type: ad.ad_type,
        state: ad.state,
        headline: ad.creatives.at(-1)?.headline ?? null,
        latest_version: moderation.at(-1)?.version ?? 0,
        latest_moderation: moderation.at(-1)?.status ?? 'IN_PROGRESS',
        serving_version: serving?.version ?? null,
        can_serve: ad.state === 'ENABLED' && serving !== undefined,
      },
    ];
  },
  rowEntries: {
    id: str,
    ad_group_id: str,
    ad_group_name: optStr,
    name: str,
    ad_type: str,
    state: str,
    headline: v.nullable(str),
    latest_version: v.number(),
    latest_moderation: str,
    serving_version: v.nullable(v.number()),
    can_serve: v.boolean(),
  },
  columns: [
    ['Ad', 'name'],
    ['Id', 'id'],
    ['Type', 'ad_type'],
    ['State', 'state'],
    ['Newest version', 'latest_version'],
    ['Moderation', 'latest_moderation'],
    ['Serving version', 'serving_version'],
  ],
  next: 'See moderation per component with get_retailads_moderation; submit a new creative with update_retailads_sb_creative; rename or pause with update_retailads_sb_ads.',
});

export const listRetailAdsSbCreatives = defineRetailAdsListTool({
  name: 'list_retailads_sb_creatives',
  description:
    "Lists the creative versions of Sponsored Brands ads (headline, logo, video, products) with each version's moderation status (APPROVED, IN_PROGRESS, REJECTED, FAILED) and which version serves. Paging with offset/limit.",
  noun: 'sb_creatives',
  kind: 'sb_ad',
  adProducts: ['SPONSORED_BRANDS'],
  states: ['APPROVED', 'IN_PROGRESS', 'REJECTED', 'FAILED'],
  extra: moderationByAd,
  fields: () => ({}),
  expand: (ad: RetailAdsSbAd, _l, _ctx, byAd) => {
    const moderation = (byAd.get(ad.id) as RetailAdsModeration[] | undefined) ?? [];
    const serving = moderation.filter((m) => m.status === 'APPROVED').at(-1)?.version;
    return ad.creatives.map((c, i) => ({
      id: `${ad.id}-v${c.version}`,
      ad_id: ad.id,
      ad_name: ad.name,
      version: c.version,
      state: moderation[i]?.status ?? 'IN_PROGRESS',
      headline: c.headline ?? null,
      brand_logo_asset_id: c.brand_logo_asset_id ?? null,
      video_asset_id: c.video_asset_id ?? null,
      asins: c.asins,
      submitted_at: c.submitted_at,
      serving: c.version === serving,
    }));
  },
  rowEntries: {
    id: str,
    ad_group_id: str,
    ad_group_name: optStr,
    ad_id: str,
    ad_name: str,
    version: v.number(),
    state: str,
    headline: v.nullable(str),
    brand_logo_asset_id: v.nullable(str),
    video_asset_id: v.nullable(str),
    asins: v.array(str),
    submitted_at: str,
    serving: v.boolean(),
  },
  columns: [
    ['Ad', 'ad_name'],
    ['Version', 'version'],
    ['Moderation', 'state'],
    ['Serving', 'serving'],
    ['Headline', 'headline'],
    ['Submitted', 'submitted_at'],
  ],
  next: 'Details per component with get_retailads_moderation; a new version with update_retailads_sb_creative.',
});

export const listTools = [
  listRetailAdsCampaigns,
  listRetailAdsKeywords,
  listRetailAdsSbKeywords,
  listRetailAdsNegativeKeywords,
  listRetailAdsProductAds,
  listRetailAdsTargets,
  listRetailAdsSbTargets,
  listRetailAdsSbAdGroups,
  listRetailAdsSbAds,
  listRetailAdsSbCreatives,
];
