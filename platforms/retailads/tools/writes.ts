/**
 * The retailads batch updates (field whitelist per entity), pause/resume and delete (= archive)
 * tools, declared as data over the shared write families (families.ts).
 */
import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { bidSchema, defineRetailAdsStateTool, defineRetailAdsUpdateTool, type EntityScope, type Lookups } from '../families';
import type { RetailAdsAdProduct, RetailAdsCampaign, RetailAdsEntityKind, RetailAdsEntityTypes, RetailAdsPlacement } from '../port';

const ALL: RetailAdsAdProduct[] = ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY'];
const SP: RetailAdsAdProduct[] = ['SPONSORED_PRODUCTS'];
const SB: RetailAdsAdProduct[] = ['SPONSORED_BRANDS'];
const SP_SD: RetailAdsAdProduct[] = ['SPONSORED_PRODUCTS', 'SPONSORED_DISPLAY'];

const upperState = v.pipe(
  v.picklist(['ENABLED', 'PAUSED'], 'must be ENABLED or PAUSED (archive with the delete tool)'),
  v.description('ENABLED or PAUSED'),
);
const lowerState = v.pipe(
  v.picklist(['enabled', 'paused'], 'must be enabled or paused, lowercase as the Sponsored Brands interface writes them'),
  v.description('enabled or paused (lowercase)'),
);
const nameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(128, 'must be at most 128 characters'),
  v.description('New name, 1-128 characters'),
);

/** Scopes: which entities a tool may touch and how people name them. */
const scope = <K extends RetailAdsEntityKind>(
  kind: K,
  entity: string,
  adProducts: RetailAdsAdProduct[],
  listTool: string,
  nameOf: (e: RetailAdsEntityTypes[K], l: Lookups) => string,
): EntityScope<K> => ({ kind, entity, adProducts, listTool, nameOf });
const campaigns = scope('campaign', 'campaign', ALL, 'list_retailads_campaigns', (c) => c.name);
const adGroups = scope('ad_group', 'ad_group', ALL, 'list_retailads_ad_groups or list_retailads_sb_ad_groups', (g) => g.name);
const spKeywords = scope('keyword', 'keyword', SP, 'list_retailads_keywords', (k) => `${k.keyword_text} (${k.match_type})`);
const sbKeywords = scope(
  'keyword',
  'sb_keyword',
  SB,
  'list_retailads_sb_keywords',
  (k) => `${k.keyword_text} (${k.match_type.toLowerCase()})`,
);
const targets = scope('target', 'target', SP_SD, 'list_retailads_targets', (t) => t.expression);
const sbTargets = scope('target', 'sb_target', SB, 'list_retailads_sb_targets', (t) => t.expression);
const productAds = scope('product_ad', 'product_ad', SP_SD, 'list_retailads_product_ads', (p) => `${p.asin}${p.sku ? ` / ${p.sku}` : ''}`);
const sbAds = scope('sb_ad', 'sb_ad', SB, 'list_retailads_sb_ads', (a) => a.name);
const negatives = scope(
  'negative_keyword',
  'negative_keyword',
  SP,
  'list_retailads_negative_keywords',
  (n) => `${n.keyword_text} (${n.match_type})`,
);

/** A bid may not exceed the daily budget of its campaign (the platform refuses it). */
const bidWithinBudget = (item: Record<string, unknown>, entity: { campaign_id: string }, lookups: Lookups) => {
  const campaign = lookups.campaigns.get(entity.campaign_id);
  return typeof item.bid === 'number' && campaign && item.bid > campaign.daily_budget
    ? `bid ${item.bid} is above the daily budget (${campaign.daily_budget}) of campaign "${campaign.name}"; raise the budget first with update_retailads_campaigns`
    : undefined;
};

export const updateRetailAdsAdGroups = defineRetailAdsUpdateTool({
  ...adGroups,
  name: 'update_retailads_ad_groups',
  examples: [{ ad_groups: [{ adGroupId: '<adGroupId from list_retailads_ad_groups>', defaultBid: 0.9 }] }],
  description:
    'Changes ad groups of any ad product: name, state (ENABLED or PAUSED) and defaultBid. Only the fields given change; archived ad groups cannot be changed. Undo restores the previous values.',
  itemsArg: 'ad_groups',
  idField: 'adGroupId',
  fields: {
    name: { schema: nameSchema, field: 'name' },
    state: { schema: upperState, field: 'state' },
    defaultBid: { schema: bidSchema, field: 'default_bid' },
  },
  check: (item, g, lookups) => bidWithinBudget({ bid: item.defaultBid }, g, lookups),
  next: 'See the ad groups with list_retailads_ad_groups (Sponsored Products) or list_retailads_sb_ad_groups.',
});

const placementSchema = v.pipe(
  v.strictObject({
    TOP_OF_SEARCH: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(900))),
    PRODUCT_PAGES: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(900))),
    REST_OF_SEARCH: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(900))),
  }),
  v.description('Sponsored Products placement bid adjustments in percent, 0-900: {TOP_OF_SEARCH?, PRODUCT_PAGES?, REST_OF_SEARCH?}'),
);

export const updateRetailAdsCampaigns = defineRetailAdsUpdateTool({
  ...campaigns,
  name: 'update_retailads_campaigns',
  examples: [{ campaigns: [{ campaignId: '<campaignId from list_retailads_campaigns>', name: 'SP - Brand - Exact (example)' }] }],
  description:
    'Changes campaigns: name, state (ENABLED or PAUSED), dailyBudget, endDate (YYYY-MM-DD, today or later; null removes it) and, for Sponsored Products, biddingStrategy (LEGACY_FOR_SALES, AUTO_FOR_SALES, MANUAL) and placementAdjustments (0-900%). Every budget change is in the plan. Archived campaigns cannot be changed.',
  itemsArg: 'campaigns',
  idField: 'campaignId',
  fields: {
    name: { schema: nameSchema, field: 'name' },
    state: { schema: upperState, field: 'state' },
    dailyBudget: {
      schema: v.pipe(
        v.number(),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(1_000_000, 'must be at most 1,000,000'),
        v.description('Daily budget, account currency, 1-1,000,000'),
      ),
      field: 'daily_budget',
      budget: true,
    },
    endDate: {
      schema: v.nullable(dateArgument('End date, YYYY-MM-DD (today or later); null removes the end date')),
      field: 'end_date',
      toEntity: (value) => value ?? undefined,
    },
    biddingStrategy: {
      schema: v.pipe(
        v.picklist(['LEGACY_FOR_SALES', 'AUTO_FOR_SALES', 'MANUAL']),
        v.description('Sponsored Products bidding: LEGACY_FOR_SALES (down only), AUTO_FOR_SALES (up and down), MANUAL (fixed)'),
      ),
      field: 'bidding_strategy',
    },
    placementAdjustments: {
      schema: placementSchema,
      field: 'placement_adjustments',
      toEntity: (value, c) => ({
        ...(c as RetailAdsCampaign).placement_adjustments,
        ...(value as Partial<Record<RetailAdsPlacement, number>>),
      }),
    },
  },
  check: (item, c) => {
    if ((item.biddingStrategy !== undefined || item.placementAdjustments !== undefined) && c.ad_product !== 'SPONSORED_PRODUCTS')
      return `biddingStrategy and placementAdjustments apply to Sponsored Products campaigns only; "${c.name}" is ${c.ad_product}`;
    if (typeof item.endDate === 'string') {
      if (item.endDate < isoDate(new Date())) return `endDate ${item.endDate} is in the past; give today or a later day`;
      if (item.endDate < c.start_date) return `endDate ${item.endDate} is before the campaign's start date ${c.start_date}`;
    }
    return undefined;
  },
  next: 'See the result with list_retailads_campaigns; get budget advice with get_retailads_budget_recommendations.',
});

export const updateRetailAdsKeywords = defineRetailAdsUpdateTool({
  ...spKeywords,
  name: 'update_retailads_keywords',
  examples: [{ keywords: [{ keywordId: '<keywordId from list_retailads_keywords>', bid: 0.66 }] }],
  description:
    "Changes Sponsored Products keywords: bid and state (ENABLED or PAUSED, uppercase). Only the fields given change; archived keywords cannot be changed; a bid may not exceed the campaign's daily budget.",
  itemsArg: 'keywords',
  idField: 'keywordId',
  fields: { bid: { schema: bidSchema, field: 'bid' }, state: { schema: upperState, field: 'state' } },
  check: bidWithinBudget,
  next: 'See the keywords with list_retailads_keywords; bid advice from get_retailads_bid_recommendations.',
});

export const updateRetailAdsSbKeywords = defineRetailAdsUpdateTool({
  ...sbKeywords,
  name: 'update_retailads_sb_keywords',
  examples: [{ keywords: [{ keywordId: '<keywordId from list_retailads_sb_keywords>', bid: 1.1 }] }],
  description:
    'Changes Sponsored Brands keywords: bid and state, lowercase enabled or paused as the Sponsored Brands interface writes them. Archived keywords cannot be changed.',
  itemsArg: 'keywords',
  idField: 'keywordId',
  fields: { bid: { schema: bidSchema, field: 'bid' }, state: { schema: lowerState, field: 'state' } },
  check: bidWithinBudget,
  next: 'See them with list_retailads_sb_keywords; bid advice from get_retailads_sb_bid_recommendations.',
});

export const updateRetailAdsTargets = defineRetailAdsUpdateTool({
  ...targets,
  name: 'update_retailads_targets',
  examples: [{ targets: [{ targetId: '<targetId from list_retailads_targets>', bid: 0.5 }] }],
  description:
    'Changes Sponsored Products and Sponsored Display targets: bid and state (ENABLED or PAUSED). Archived targets cannot be changed.',
  itemsArg: 'targets',
  idField: 'targetId',
  fields: { bid: { schema: bidSchema, field: 'bid' }, state: { schema: upperState, field: 'state' } },
  check: bidWithinBudget,
  next: 'See them with list_retailads_targets.',
});

export const updateRetailAdsSbTargets = defineRetailAdsUpdateTool({
  ...sbTargets,
  name: 'update_retailads_sb_targets',
  examples: [{ targets: [{ targetId: '<targetId from list_retailads_sb_targets>', state: 'paused' }] }],
  description: 'Changes Sponsored Brands targets: bid and state (lowercase enabled or paused). Archived targets cannot be changed.',
  itemsArg: 'targets',
  idField: 'targetId',
  fields: { bid: { schema: bidSchema, field: 'bid' }, state: { schema: lowerState, field: 'state' } },
  check: bidWithinBudget,
  next: 'See them with list_retailads_sb_targets.',
});

export const updateRetailAdsProductAds = defineRetailAdsUpdateTool({
  ...productAds,
  name: 'update_retailads_product_ads',
  examples: [{ product_ads: [{ adId: '<adId from list_retailads_product_ads>', state: 'PAUSED' }] }],
  description:
    'Pauses or enables Sponsored Products and Sponsored Display product ads (state ENABLED or PAUSED). An ad group with no enabled product ad stops serving.',
  itemsArg: 'product_ads',
  idField: 'adId',
  fields: { state: { schema: upperState, field: 'state' } },
  next: 'See them with list_retailads_product_ads.',
});

export const updateRetailAdsSbAds = defineRetailAdsUpdateTool({
  ...sbAds,
  name: 'update_retailads_sb_ads',
  examples: [{ ads: [{ adId: '<adId from list_retailads_sb_ads>', name: 'Example ad' }] }],
  description:
    'Changes Sponsored Brands ads: name and state (ENABLED or PAUSED). The creative (headline, logo, video, products) changes with update_retailads_sb_creative, which goes through moderation.',
  itemsArg: 'ads',
  idField: 'adId',
  fields: { name: { schema: nameSchema, field: 'name' }, state: { schema: upperState, field: 'state' } },
  next: 'See them with list_retailads_sb_ads.',
});

export const pauseRetailAdsCampaigns = defineRetailAdsStateTool({
  ...campaigns,
  name: 'pause_retailads_campaigns',
  examples: [{ campaign_ids: ['<campaign_id from list_retailads_campaigns>'] }],
  description:
    'Pauses campaigns of any ad product (ENABLED → PAUSED): they stop spending at once. Campaigns already paused are reported unchanged; archived ones cannot be paused. Undone by resume_retailads_campaigns.',
  idsArg: 'campaign_ids',
  to: () => 'PAUSED',
  undoTool: 'resume_retailads_campaigns',
  next: 'Resume them with resume_retailads_campaigns.',
});

export const resumeRetailAdsCampaigns = defineRetailAdsStateTool({
  ...campaigns,
  name: 'resume_retailads_campaigns',
  examples: [{ campaign_ids: ['<campaign_id from list_retailads_campaigns>'] }],
  description:
    'Resumes paused campaigns (PAUSED → ENABLED): they can spend again within their daily budgets. Archived campaigns cannot be resumed. Undone by pause_retailads_campaigns.',
  idsArg: 'campaign_ids',
  to: () => 'ENABLED',
  undoTool: 'pause_retailads_campaigns',
  next: 'Pause them again with pause_retailads_campaigns; watch spend with get_retailads_budget_usage.',
});

const archiveTool = <K extends RetailAdsEntityKind>(
  s: EntityScope<K>,
  name: string,
  idsArg: string,
  what: string,
  to: (e: RetailAdsEntityTypes[K]) => string = () => 'ARCHIVED',
) =>
  defineRetailAdsStateTool({
    ...s,
    name,
    examples: [{ [idsArg]: [`<${idsArg.replace(/s$/, '')} from ${s.listTool}>`] }],
    description: `Deletes ${what} by archiving them: final, an archived entity never serves and can never be enabled or changed again (the platform keeps its history). Already archived ones are reported unchanged.`,
    idsArg,
    to,
    archive: true,
    next: `See what remains with ${s.listTool}.`,
  });

export const deleteRetailAdsCampaigns = archiveTool(campaigns, 'delete_retailads_campaigns', 'campaign_ids', 'campaigns of any ad product');
export const deleteRetailAdsAdGroups = archiveTool(adGroups, 'delete_retailads_ad_groups', 'ad_group_ids', 'ad groups of any ad product');
export const deleteRetailAdsKeywords = archiveTool(spKeywords, 'delete_retailads_keywords', 'keyword_ids', 'Sponsored Products keywords');
export const deleteRetailAdsSbKeywords = archiveTool(
  sbKeywords,
  'delete_retailads_sb_keywords',
  'keyword_ids',
  'Sponsored Brands keywords (state archived, lowercase)',
  () => 'archived',
);
export const deleteRetailAdsNegativeKeywords = archiveTool(
  negatives,
  'delete_retailads_negative_keywords',
  'negative_keyword_ids',
  'Sponsored Products negative keywords (the search terms they excluded can match again)',
);
export const deleteRetailAdsProductAds = archiveTool(
  productAds,
  'delete_retailads_product_ads',
  'ad_ids',
  'Sponsored Products and Display product ads',
);
export const deleteRetailAdsTargets = archiveTool(
  targets,
  'delete_retailads_targets',
  'target_ids',
  'Sponsored Products and Display targets',
);

export const writeTools = [
  updateRetailAdsAdGroups,
  updateRetailAdsCampaigns,
  updateRetailAdsKeywords,
  updateRetailAdsSbKeywords,
  updateRetailAdsTargets,
  updateRetailAdsSbTargets,
  updateRetailAdsProductAds,
  updateRetailAdsSbAds,
  pauseRetailAdsCampaigns,
  resumeRetailAdsCampaigns,
  deleteRetailAdsCampaigns,
  deleteRetailAdsAdGroups,
  deleteRetailAdsKeywords,
  deleteRetailAdsSbKeywords,
  deleteRetailAdsNegativeKeywords,
  deleteRetailAdsProductAds,
  deleteRetailAdsTargets,
];
