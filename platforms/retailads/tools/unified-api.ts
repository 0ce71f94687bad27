/**
 * retailads_unified_api: the platform's unified ads interface (one shape for every ad product) as one
 * strictly validated tool: operation create, query, update or delete on campaigns, adGroups, ads,
 * targets or adExtensions, each item checked against that resource's and operation's own schema with
 * the interface's field names (campaignId, adProduct, budgets[].budgetValue.monetaryBudgetValue...,
 * targetDetails.keywordTarget...). It maps onto the same port as every other retailads tool, so its
 * writes follow the same rules (archived is final, creates start PAUSED under the guardrail).
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import type { PlannedBudget, PlannedChange } from '../../../core/plan';
import { markdownTable } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import { isArchived } from '../port';
import { bidSchema, idSchema, loadLookups, type Lookups } from '../families';
import type { RetailAdsAdProduct, RetailAdsEntityKind, RetailAdsPort } from '../port';

type Ctx = ToolContext<RetailAdsPort>;
type Json = Record<string, unknown>;
const RESOURCES = ['campaigns', 'adGroups', 'ads', 'targets', 'adExtensions'] as const;
type Resource = (typeof RESOURCES)[number];
const OPERATIONS = ['create', 'query', 'update', 'delete'] as const;

const adProduct = v.picklist(
  ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY'],
  'must be SPONSORED_PRODUCTS, SPONSORED_BRANDS or SPONSORED_DISPLAY',
);
const state = v.picklist(['ENABLED', 'PAUSED'], 'must be ENABLED or PAUSED (remove with operation delete)');
const name = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(128, 'must be at most 128 characters'));
const dateTime = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time such as 2026-12-01T00:00:00Z'));
const budgets = v.pipe(
  v.array(
    v.strictObject({
      budgetType: v.literal('MONETARY', 'must be MONETARY'),
      recurrenceTimePeriod: v.literal('DAILY', 'must be DAILY'),
      budgetValue: v.strictObject({
        monetaryBudgetValue: v.strictObject({
          monetaryBudget: v.strictObject({ value: v.pipe(v.number(), v.minValue(1, 'must be at least 1'), v.maxValue(1_000_000)) }),
        }),
      }),
    }),
  ),
  v.length(1, 'must hold exactly one DAILY MONETARY budget'),
);
const productIdType = v.picklist(['ASIN', 'SKU'], 'must be ASIN or SKU');

/** The schema of each item per resource and operation: the interface's field names, nothing else. */
const ITEM: Record<Resource, Partial<Record<'create' | 'update' | 'delete', v.GenericSchema>>> = {
  campaigns: {
    create: v.strictObject({
      adProduct,
      name,
      state,
      startDateTime: dateTime,
      endDateTime: v.optional(dateTime),
      budgets,
      marketplaceScope: v.optional(v.literal('SINGLE_MARKETPLACE')),
      marketplaces: v.optional(v.pipe(v.array(v.string()), v.length(1))),
      autoCreationSettings: v.optional(v.strictObject({ autoCreateTargets: v.boolean() })),
    }),
    update: v.strictObject({
      campaignId: idSchema('campaign'),
      name: v.optional(name),
      state: v.optional(state),
      endDateTime: v.optional(v.nullable(dateTime)),
      budgets: v.optional(budgets),
    }),
    delete: v.strictObject({ campaignId: idSchema('campaign') }),
  },
  adGroups: {
    create: v.strictObject({ campaignId: idSchema('campaign'), adProduct, name, state, bid: v.strictObject({ defaultBid: bidSchema }) }),
    update: v.strictObject({
      adGroupId: idSchema('ad group'),
      name: v.optional(name),
      state: v.optional(state),
      bid: v.optional(v.strictObject({ defaultBid: bidSchema })),
    }),
    delete: v.strictObject({ adGroupId: idSchema('ad group') }),
  },
  ads: {
    create: v.strictObject({
      adGroupId: idSchema('ad group'),
      adProduct: v.picklist(
        ['SPONSORED_PRODUCTS', 'SPONSORED_DISPLAY'],
        'must be SPONSORED_PRODUCTS or SPONSORED_DISPLAY (Sponsored Brands ads: create_retailads_sb_ad)',
      ),
      state,
      creative: v.strictObject({
        productCreative: v.strictObject({
          productCreativeSettings: v.strictObject({
            advertisedProduct: v.strictObject({ productId: v.pipe(v.string(), v.trim(), v.minLength(1)), productIdType }),
          }),
        }),
      }),
    }),
    update: v.strictObject({ adId: idSchema('ad'), state }),
    delete: v.strictObject({ adId: idSchema('ad') }),
  },
  targets: {
    create: v.strictObject({
      adGroupId: idSchema('ad group'),
      adProduct,
      state,
      negative: v.boolean(),
      targetType: v.picklist(['KEYWORD', 'PRODUCT', 'PRODUCT_CATEGORY'], 'must be KEYWORD, PRODUCT or PRODUCT_CATEGORY'),
      bid: v.optional(v.strictObject({ bid: bidSchema })),
      targetDetails: v.union(
        [
          v.strictObject({
            keywordTarget: v.strictObject({
              keyword: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)),
              matchType: v.picklist(['BROAD', 'PHRASE', 'EXACT'], 'must be BROAD, PHRASE or EXACT'),
            }),
          }),
          v.strictObject({
            productTarget: v.strictObject({
              product: v.strictObject({
                productId: v.pipe(v.string(), v.regex(/^B0[A-Z0-9]{8}$/, 'must be an ASIN')),
                productIdType: v.literal('ASIN'),
              }),
            }),
          }),
          v.strictObject({
            productCategoryTarget: v.strictObject({
              productCategoryRefinement: v.strictObject({ productCategoryId: v.pipe(v.string(), v.minLength(1)) }),
            }),
          }),
        ],
        'must be one of {keywordTarget}, {productTarget} or {productCategoryTarget}',
      ),
    }),
    update: v.strictObject({ targetId: idSchema('target'), state: v.optional(state), bid: v.optional(v.strictObject({ bid: bidSchema })) }),
    delete: v.strictObject({ targetId: idSchema('target') }),
  },
  adExtensions: {},
};

const QUERY = v.strictObject({
  campaignIdFilter: v.optional(v.pipe(v.array(idSchema('campaign')), v.minLength(1), v.maxLength(100))),
  adGroupIdFilter: v.optional(v.pipe(v.array(idSchema('ad group')), v.minLength(1), v.maxLength(100))),
  stateFilter: v.optional(v.pipe(v.array(v.picklist(['ENABLED', 'PAUSED', 'ARCHIVED'])), v.minLength(1))),
  adProductFilter: v.optional(v.pipe(v.array(adProduct), v.minLength(1))),
  maxResults: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 100),
  nextToken: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be the nextToken of a previous page'))),
});

/** Validates with a schema; a 400 naming each problem by its path. */
function check<T>(schema: v.GenericSchema, value: unknown, at: string): T {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output as T;
  const problems = result.issues.map((issue) => {
    const path = issue.path?.map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('') ?? '';
    return `\`${at}${path}\`: ${issue.message}`;
  });
  throw new ToolError(`Invalid request:\n${problems.map((p) => `- ${p}`).join('\n')}`, { code: 'invalid_arguments' });
}

const upper = (s: string) => s.toUpperCase();
const day = (iso: string) => iso.slice(0, 10);
const money = (value: number) => [
  { budgetType: 'MONETARY', recurrenceTimePeriod: 'DAILY', budgetValue: { monetaryBudgetValue: { monetaryBudget: { value } } } },
];

/** Every entity of a resource in the interface's shape (SB lowercase states shown uppercase, as the interface does). */
async function unifiedItems(resource: Resource, ctx: Ctx, lookups: Lookups): Promise<Json[]> {
  const p = ctx.platform;
  const adProductOf = (campaignId: string) => lookups.campaigns.get(campaignId)?.ad_product;
  switch (resource) {
    case 'campaigns':
      return [...lookups.campaigns.values()].map((c) => ({
        campaignId: c.id,
        adProduct: c.ad_product,
        name: c.name,
        state: c.state,
        startDateTime: `${c.start_date}T00:00:00Z`,
        ...(c.end_date ? { endDateTime: `${c.end_date}T23:59:59Z` } : {}),
        budgets: money(c.daily_budget),
        ...(c.targeting_type ? { autoCreationSettings: { autoCreateTargets: c.targeting_type === 'AUTO' } } : {}),
      }));
    case 'adGroups':
      return [...lookups.adGroups.values()].map((g) => ({
        adGroupId: g.id,
        campaignId: g.campaign_id,
        adProduct: g.ad_product,
        name: g.name,
        state: g.state,
        bid: { defaultBid: g.default_bid },
      }));
    case 'ads': {
      const [productAds, sbAds] = await Promise.all([p.listProductAds(), p.listEntities('sb_ad')]);
      return [
        ...productAds.map((a) => ({
          adId: a.id,
          adGroupId: a.ad_group_id,
          campaignId: a.campaign_id,
          adProduct: a.ad_product,
          state: a.state,
          creative: {
            productCreative: {
              productCreativeSettings: { advertisedProduct: { productId: a.sku ?? a.asin, productIdType: a.sku ? 'SKU' : 'ASIN' } },
            },
          },
        })),
        ...sbAds.map((a) => ({
          adId: a.id,
          adGroupId: a.ad_group_id,
          campaignId: a.campaign_id,
          adProduct: 'SPONSORED_BRANDS',
          state: a.state,
          name: a.name,
          adType: a.ad_type,
        })),
      ];
    }
    case 'targets': {
      const [keywords, targets, negatives] = await Promise.all([p.listKeywords(), p.listTargets(), p.listEntities('negative_keyword')]);
      return [
        ...keywords.map((k) => ({
          targetId: k.id,
          adGroupId: k.ad_group_id,
          campaignId: k.campaign_id,
          adProduct: k.ad_product,
          state: upper(k.state),
          negative: false,
          targetType: 'KEYWORD',
          bid: { bid: k.bid },
          targetDetails: { keywordTarget: { keyword: k.keyword_text, matchType: k.match_type } },
        })),
        ...targets.map((t) => ({
          targetId: t.id,
          adGroupId: t.ad_group_id,
          campaignId: t.campaign_id,
          adProduct: t.ad_product,
          state: upper(t.state),
          negative: false,
          targetType: t.expression.startsWith('asinSameAs=')
            ? 'PRODUCT'
            : t.expression.startsWith('asinCategorySameAs=')
              ? 'PRODUCT_CATEGORY'
              : 'AUTO',
          bid: { bid: t.bid },
          targetDetails: { expression: t.expression },
        })),
        ...negatives.map((n) => ({
          targetId: n.id,
          adGroupId: n.ad_group_id ?? null,
          campaignId: n.campaign_id,
          adProduct: adProductOf(n.campaign_id) ?? 'SPONSORED_PRODUCTS',
          state: n.state,
          negative: true,
          targetType: 'KEYWORD',
          targetDetails: { keywordTarget: { keyword: n.keyword_text, matchType: n.match_type === 'NEGATIVE_EXACT' ? 'EXACT' : 'PHRASE' } },
        })),
      ];
    }
    case 'adExtensions':
      return [];
  }
}

/** Where an item of a resource lives in the port: entity kind by id. */
async function locate(resource: Resource, id: string, ctx: Ctx): Promise<{ kind: RetailAdsEntityKind; entity: Json }> {
  const kinds: RetailAdsEntityKind[] =
    resource === 'campaigns'
      ? ['campaign']
      : resource === 'adGroups'
        ? ['ad_group']
        : resource === 'ads'
          ? ['product_ad', 'sb_ad']
          : ['keyword', 'target', 'negative_keyword'];
  for (const kind of kinds) {
    const entity = ((await ctx.platform.listEntities(kind)) as unknown as Json[]).find((e) => e.id === id);
    if (entity) return { kind, entity };
  }
  throw new ToolError(
    `No ${resource.replace(/s$/, '')} ${id} in profile ${ctx.account.account_id}. Find ids with operation query on ${resource}.`,
    { code: 'not_found' },
  );
}

/** The port state for a unified state: SB keywords and targets take lowercase states. */
const portState = (kind: RetailAdsEntityKind, entity: Json, to: string) =>
  (kind === 'keyword' || kind === 'target') && entity.ad_product === 'SPONSORED_BRANDS' ? to.toLowerCase() : to;

interface Step {
  kind: RetailAdsEntityKind;
  op: 'create' | 'update';
  id?: string;
  fields: Json;
}

export const retailAdsUnifiedApi = defineRetailAdsTool({
  name: 'retailads_unified_api',
  description:
    "Direct access to the unified ads interface: operation create, query, update or delete on resource campaigns, adGroups, ads, targets or adExtensions, with the interface's own field names, each item validated strictly (unknown fields refused). " +
    'campaigns {adProduct, name, state, startDateTime, endDateTime?, budgets:[{budgetType MONETARY, recurrenceTimePeriod DAILY, budgetValue.monetaryBudgetValue.monetaryBudget.value}], autoCreationSettings?}; adGroups {campaignId, adProduct, name, state, bid.defaultBid}; ' +
    'ads {adGroupId, adProduct, state, creative.productCreative.productCreativeSettings.advertisedProduct {productId, productIdType ASIN|SKU}}; targets {adGroupId, adProduct, state, negative, targetType KEYWORD|PRODUCT|PRODUCT_CATEGORY, bid.bid, targetDetails}. ' +
    'update names the id (campaignId, adGroupId, adId, targetId) and the fields to change; delete archives (final). query takes filters (campaignIdFilter, adGroupIdFilter, stateFilter, adProductFilter, maxResults, nextToken). adExtensions: query only (none are offered for these profiles). Up to 100 items per call.',
  access: 'write',
  examples: [{ operation: 'query', resource: 'campaigns' }],
  args: {
    operation: v.pipe(v.picklist(OPERATIONS), v.description('create, query, update or delete')),
    resource: v.pipe(v.picklist(RESOURCES), v.description('campaigns, adGroups, ads, targets or adExtensions')),
    items: v.optional(
      v.pipe(
        v.array(v.record(v.string(), v.unknown())),
        v.minLength(1),
        v.maxLength(100),
        v.description("create/update/delete: 1-100 items in the resource's shape (see the description)"),
      ),
    ),
    query: v.optional(
      v.pipe(
        v.record(v.string(), v.unknown()),
        v.description(
          'query: {campaignIdFilter?, adGroupIdFilter?, stateFilter?, adProductFilter?, maxResults? (1-1000, default 100), nextToken?}',
        ),
      ),
    ),
  },
  rules: [
    (a) =>
      a.operation === 'query'
        ? a.items
          ? '`items` are for create, update and delete; a query takes `query`'
          : undefined
        : !a.items
          ? `operation ${a.operation} needs \`items\``
          : a.query
            ? '`query` is for operation query only'
            : undefined,
    (a) =>
      a.resource === 'adExtensions' && a.operation !== 'query'
        ? 'adExtensions can only be queried: no ad extensions are offered for these profiles'
        : undefined,
  ],
  output: v.object({
    profile_id: v.string(),
    operation: v.string(),
    resource: v.string(),
    success: v.array(v.object({ index: v.number(), id: v.string() })),
    items: v.array(v.record(v.string(), v.unknown())),
    nextToken: v.nullable(v.string()),
  }),
  async plan(args, ctx) {
    const lookups = await loadLookups(ctx.platform);
    if (args.operation === 'query') {
      const q = check<v.InferOutput<typeof QUERY>>(QUERY, args.query ?? {}, 'query');
      const all = (await unifiedItems(args.resource, ctx, lookups)).filter(
        (item) =>
          (!q.campaignIdFilter || q.campaignIdFilter.includes(String(item.campaignId ?? ''))) &&
          (!q.adGroupIdFilter || q.adGroupIdFilter.includes(String(item.adGroupId ?? ''))) &&
          (!q.stateFilter || q.stateFilter.includes(String(item.state) as 'ENABLED')) &&
          (!q.adProductFilter || q.adProductFilter.includes(item.adProduct as RetailAdsAdProduct)),
      );
      const offset = Number(q.nextToken ?? 0);
      const page = all.slice(offset, offset + q.maxResults);
      const next = offset + page.length < all.length ? String(offset + page.length) : null;
      return {
        summary: `Query ${args.resource}: ${page.length} of ${all.length}`,
        changes: [],
        data: { steps: [] as Step[], page, next, total: all.length },
      };
    }
    const schema = ITEM[args.resource][args.operation];
    const items = args.items!.map((item, i) => check<Json>(schema!, item, `items[${i}]`));
    const steps: Step[] = [];
    const changes: PlannedChange[] = [];
    const budgetsPlanned: PlannedBudget[] = [];
    const currency = ctx.account.currency;
    const createState = (s: string) => (ctx.createPaused ? 'PAUSED' : s);
    for (const [i, item] of items.entries()) {
      const at = `items[${i}]`;
      if (args.operation === 'create') {
        if (args.resource === 'campaigns') {
          const budget = (item.budgets as { budgetValue: { monetaryBudgetValue: { monetaryBudget: { value: number } } } }[])[0]!.budgetValue
            .monetaryBudgetValue.monetaryBudget.value;
          const auto = (item.autoCreationSettings as { autoCreateTargets: boolean } | undefined)?.autoCreateTargets;
          if (auto !== undefined && item.adProduct !== 'SPONSORED_PRODUCTS')
            throw new ToolError(`\`${at}.autoCreationSettings\` applies to SPONSORED_PRODUCTS campaigns only.`);
          const start = day(String(item.startDateTime));
          if (start < day(ctx.now.toISOString()))
            throw new ToolError(`\`${at}.startDateTime\` is in the past; campaigns start today or later.`);
          if (item.endDateTime && day(String(item.endDateTime)) < start)
            throw new ToolError(`\`${at}.endDateTime\` must be on or after startDateTime.`);
          const fields = {
            name: item.name,
            ad_product: item.adProduct,
            state: createState(String(item.state)),
            daily_budget: budget,
            start_date: start,
            end_date: item.endDateTime ? day(String(item.endDateTime)) : undefined,
            ...(item.adProduct === 'SPONSORED_PRODUCTS'
              ? {
                  targeting_type: auto ? 'AUTO' : 'MANUAL',
                  bidding_strategy: 'LEGACY_FOR_SALES',
                  placement_adjustments: { TOP_OF_SEARCH: 0, PRODUCT_PAGES: 0, REST_OF_SEARCH: 0 },
                }
              : {}),
          };
          steps.push({ kind: 'campaign', op: 'create', fields });
          budgetsPlanned.push({ entity: 'campaign', name: String(item.name), after: budget, currency });
          changes.push({
            action: 'create',
            entity: 'campaign',
            name: String(item.name),
            fields: { state: { after: fields.state }, daily_budget: { after: budget } },
            startsPaused: fields.state === 'PAUSED',
          });
          continue;
        }
        const parent =
          args.resource === 'adGroups' ? lookups.campaigns.get(String(item.campaignId)) : lookups.adGroups.get(String(item.adGroupId));
        if (!parent)
          throw new ToolError(
            `\`${at}\`: ${args.resource === 'adGroups' ? `campaign ${String(item.campaignId)}` : `ad group ${String(item.adGroupId)}`} does not exist. Find ids with operation query.`,
          );
        if (isArchived(parent.state))
          throw new ToolError(`\`${at}\`: its ${args.resource === 'adGroups' ? 'campaign' : 'ad group'} is archived.`);
        if (parent.ad_product !== item.adProduct)
          throw new ToolError(`\`${at}.adProduct\` ${String(item.adProduct)} does not match its parent's ${parent.ad_product}.`);
        const campaignId = args.resource === 'adGroups' ? parent.id : (parent as { campaign_id: string }).campaign_id;
        const st = createState(String(item.state));
        if (args.resource === 'adGroups') {
          steps.push({
            kind: 'ad_group',
            op: 'create',
            fields: {
              campaign_id: campaignId,
              ad_product: item.adProduct,
              name: item.name,
              state: st,
              default_bid: (item.bid as { defaultBid: number }).defaultBid,
            },
          });
          changes.push({
            action: 'create',
            entity: 'ad_group',
            name: String(item.name),
            fields: { state: { after: st } },
            startsPaused: st === 'PAUSED',
          });
        } else if (args.resource === 'ads') {
          const adv = (
            item.creative as {
              productCreative: { productCreativeSettings: { advertisedProduct: { productId: string; productIdType: string } } };
            }
          ).productCreative.productCreativeSettings.advertisedProduct;
          const [profiles, productAds] = await Promise.all([ctx.platform.listProfiles(), ctx.platform.listProductAds()]);
          const type = profiles[0]?.account_info.type ?? 'seller';
          if ((type === 'seller') !== (adv.productIdType === 'SKU'))
            throw new ToolError(
              `\`${at}...advertisedProduct.productIdType\`: this is a ${type} profile, so products are named by ${type === 'seller' ? 'SKU' : 'ASIN'}.`,
            );
          const product = productAds.find((p) => (adv.productIdType === 'SKU' ? p.sku === adv.productId : p.asin === adv.productId));
          if (!product) throw new ToolError(`\`${at}\`: ${adv.productIdType} ${adv.productId} is not in this profile's catalog.`);
          steps.push({
            kind: 'product_ad',
            op: 'create',
            fields: {
              campaign_id: campaignId,
              ad_group_id: parent.id,
              ad_product: item.adProduct,
              asin: product.asin,
              sku: product.sku,
              title: product.title,
              category: product.category,
              state: st,
            },
          });
          changes.push({
            action: 'create',
            entity: 'product_ad',
            name: adv.productId,
            fields: { state: { after: st } },
            startsPaused: st === 'PAUSED',
          });
        } else {
          const details = item.targetDetails as Json;
          const bid = (item.bid as { bid: number } | undefined)?.bid ?? (parent as { default_bid: number }).default_bid;
          const keyword = details.keywordTarget as { keyword: string; matchType: string } | undefined;
          if (item.negative) {
            if (!keyword || item.adProduct !== 'SPONSORED_PRODUCTS' || keyword.matchType === 'BROAD')
              throw new ToolError(
                `\`${at}\`: negative targets here are SPONSORED_PRODUCTS keywords with matchType EXACT or PHRASE (Sponsored Brands: add_retailads_sb_negative_keywords).`,
              );
            steps.push({
              kind: 'negative_keyword',
              op: 'create',
              fields: {
                campaign_id: campaignId,
                ad_group_id: parent.id,
                keyword_text: keyword.keyword,
                match_type: `NEGATIVE_${keyword.matchType}`,
                state: 'ENABLED',
              },
            });
            changes.push({
              action: 'create',
              entity: 'negative_keyword',
              name: keyword.keyword,
              fields: { match_type: { after: `NEGATIVE_${keyword.matchType}` } },
              startsPaused: true,
            });
            continue;
          }
          const sb = item.adProduct === 'SPONSORED_BRANDS';
          const portSt = sb ? st.toLowerCase() : st;
          if (keyword) {
            if (item.targetType !== 'KEYWORD') throw new ToolError(`\`${at}.targetType\` must be KEYWORD for a keywordTarget.`);
            if (item.adProduct === 'SPONSORED_DISPLAY') throw new ToolError(`\`${at}\`: Sponsored Display takes no keywords.`);
            steps.push({
              kind: 'keyword',
              op: 'create',
              fields: {
                campaign_id: campaignId,
                ad_group_id: parent.id,
                ad_product: item.adProduct,
                keyword_text: keyword.keyword,
                match_type: keyword.matchType,
                bid,
                state: portSt,
              },
            });
          } else {
            const product = (details.productTarget as { product: { productId: string } } | undefined)?.product.productId;
            const category = (details.productCategoryTarget as { productCategoryRefinement: { productCategoryId: string } } | undefined)
              ?.productCategoryRefinement.productCategoryId;
            if ((product && item.targetType !== 'PRODUCT') || (category && item.targetType !== 'PRODUCT_CATEGORY'))
              throw new ToolError(`\`${at}.targetType\` does not match its targetDetails.`);
            steps.push({
              kind: 'target',
              op: 'create',
              fields: {
                campaign_id: campaignId,
                ad_group_id: parent.id,
                ad_product: item.adProduct,
                expression: product ? `asinSameAs=${product}` : `asinCategorySameAs=${category}`,
                expression_type: 'MANUAL',
                bid,
                state: portSt,
              },
            });
          }
          changes.push({
            action: 'create',
            entity: keyword ? 'keyword' : 'target',
            name: keyword?.keyword ?? String(item.targetType),
            fields: { state: { after: portSt }, bid: { after: bid } },
            startsPaused: st === 'PAUSED',
          });
        }
        continue;
      }
      // update / delete
      const id = String(item.campaignId ?? item.adGroupId ?? item.adId ?? item.targetId);
      const { kind, entity } = await locate(args.resource, id, ctx);
      if (isArchived(entity.state)) {
        if (args.operation === 'delete') continue;
        throw new ToolError(`\`${at}\`: ${args.resource.replace(/s$/, '')} ${id} is archived; archiving is final.`);
      }
      const patch: Json = {};
      if (args.operation === 'delete') patch.state = portState(kind, entity, 'ARCHIVED');
      else {
        if (item.name !== undefined) patch.name = item.name;
        if (item.state !== undefined) patch.state = portState(kind, entity, String(item.state));
        if (item.budgets !== undefined) {
          patch.daily_budget = (
            item.budgets as { budgetValue: { monetaryBudgetValue: { monetaryBudget: { value: number } } } }[]
          )[0]!.budgetValue.monetaryBudgetValue.monetaryBudget.value;
          budgetsPlanned.push({
            entity: 'campaign',
            id,
            name: String(entity.name),
            before: entity.daily_budget as number,
            after: patch.daily_budget as number,
            currency,
          });
        }
        if (item.endDateTime !== undefined) patch.end_date = item.endDateTime === null ? undefined : day(String(item.endDateTime));
        if (item.bid !== undefined) {
          if (kind === 'ad_group') patch.default_bid = (item.bid as { defaultBid: number }).defaultBid;
          else patch.bid = (item.bid as { bid: number }).bid;
        }
        if (kind === 'negative_keyword' && patch.state === 'PAUSED')
          throw new ToolError(`\`${at}\`: negative keywords cannot be paused; delete them instead.`);
      }
      const fields = Object.fromEntries(
        Object.entries(patch)
          .filter(([f, after]) => JSON.stringify(entity[f]) !== JSON.stringify(after))
          .map(([f, after]) => [f, { before: entity[f], after }]),
      );
      if (!Object.keys(fields).length) continue;
      steps.push({ kind, op: 'update', id, fields: patch });
      changes.push({
        action: args.operation === 'delete' ? 'remove' : 'update',
        entity: kind,
        id,
        name: String(entity.name ?? entity.keyword_text ?? entity.expression ?? id),
        fields,
      });
    }
    return {
      summary: steps.length ? `${args.operation} ${steps.length} ${args.resource}` : 'Nothing to change',
      changes,
      budgets: budgetsPlanned,
      notes:
        args.operation === 'delete' && steps.length
          ? ['delete archives: final, archived entities can never be enabled or changed again.']
          : [],
      data: { steps, page: [] as Json[], next: null as string | null, total: 0 },
    };
  },
  async apply(plan, args, ctx) {
    const { steps, page, next, total } = plan.data;
    if (args.operation === 'query') {
      const text = [
        `## ${args.resource}: ${page.length} of ${total}`,
        '',
        page.length
          ? markdownTable(
              ['Id', 'Name / detail', 'Ad product', 'State'],
              page
                .slice(0, 50)
                .map((item) => [
                  String(
                    item.campaignId && args.resource === 'campaigns'
                      ? item.campaignId
                      : item.adGroupId && args.resource === 'adGroups'
                        ? item.adGroupId
                        : (item.adId ?? item.targetId ?? ''),
                  ),
                  String(item.name ?? (item.targetDetails ? JSON.stringify(item.targetDetails) : '')),
                  String(item.adProduct),
                  String(item.state),
                ]),
            )
          : 'Nothing matches.',
        '',
        next ? `More: query again with nextToken "${next}".` : '',
      ].join('\n');
      return {
        text,
        structured: {
          profile_id: ctx.account.account_id,
          operation: 'query',
          resource: args.resource,
          success: [],
          items: page,
          nextToken: next,
        },
      };
    }
    const success: { index: number; id: string }[] = [];
    for (const [i, step] of steps.entries()) {
      const result = await ctx.step(`${i}`, async () =>
        step.op === 'create'
          ? ((await ctx.platform.createEntities(step.kind, [step.fields as never], ctx.now))[0] as { id: string })
          : ((await ctx.platform.updateEntity(step.kind, step.id!, step.fields as never, ctx.now)) as { id: string }),
      );
      success.push({ index: i, id: result.id });
    }
    const text = success.length
      ? [
          `## ${args.operation} ${args.resource}: ${success.length} done`,
          '',
          markdownTable(
            ['#', 'Id', 'Change'],
            plan.changes.map((c, i) => [i, success[i]?.id ?? '', `${c.action} ${c.entity} ${c.name ?? ''}`]),
          ),
          '',
          'Read them back with operation query.',
        ].join('\n')
      : '## Nothing changed\n\nEvery item already had these values (or was already archived).';
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        operation: args.operation,
        resource: args.resource,
        success,
        items: [],
        nextToken: null,
      },
    };
  },
});
