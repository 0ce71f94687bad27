/**
 * Sponsored Products v3 on the wire: campaigns, ad groups, product ads, keywords, negative keywords
 * (ad group and campaign level) and targeting clauses. Lists are `POST .../list` searches followed
 * page by page with `nextToken`; creates (`POST`), updates (`PUT`) and archives (`POST .../delete`)
 * take batches and answer 207 multi-status with a success or an error per item. Every call carries
 * the resource's vendor media type (`application/vnd.spCampaign.v3+json`...) on Content-Type and Accept.
 */
import type {
  RetailAdsAdGroup,
  RetailAdsCampaign,
  RetailAdsKeyword,
  RetailAdsMatchType,
  RetailAdsNegativeKeyword,
  RetailAdsPlacement,
  RetailAdsProductAd,
  RetailAdsTarget,
} from '../port';
import {
  expressionText,
  multiStatus,
  portState,
  predicatesOf,
  single,
  snakeType,
  type EntityFamily,
  type ItemResult,
  type LiveContext,
} from './entities';
import { checkMoney, wireMoney } from './money';
import { idOf, listByToken, notSupported } from './wire';

type Wire = Record<string, unknown>;
const ALL_STATES = ['ENABLED', 'PAUSED', 'ARCHIVED'];
/** Page size of the list searches (the platform caps it itself). */
const PAGE = 1000;

interface Resource {
  path: string;
  media: string;
  /** The array key of list answers and batch bodies. */
  key: string;
  /** The entity key inside a success item of a multi-status answer. */
  entityKey: string;
  /** The id filter of the delete (archive) body. */
  deleteFilter: string;
}

export const SP_RESOURCES = {
  campaigns: {
    path: '/sp/campaigns',
    media: 'application/vnd.spCampaign.v3+json',
    key: 'campaigns',
    entityKey: 'campaign',
    deleteFilter: 'campaignIdFilter',
  },
  adGroups: {
    path: '/sp/adGroups',
    media: 'application/vnd.spAdGroup.v3+json',
    key: 'adGroups',
    entityKey: 'adGroup',
    deleteFilter: 'adGroupIdFilter',
  },
  productAds: {
    path: '/sp/productAds',
    media: 'application/vnd.spProductAd.v3+json',
    key: 'productAds',
    entityKey: 'productAd',
    deleteFilter: 'adIdFilter',
  },
  keywords: {
    path: '/sp/keywords',
    media: 'application/vnd.spKeyword.v3+json',
    key: 'keywords',
    entityKey: 'keyword',
    deleteFilter: 'keywordIdFilter',
  },
  negativeKeywords: {
    path: '/sp/negativeKeywords',
    media: 'application/vnd.spNegativeKeyword.v3+json',
    key: 'negativeKeywords',
    entityKey: 'negativeKeyword',
    deleteFilter: 'negativeKeywordIdFilter',
  },
  campaignNegativeKeywords: {
    path: '/sp/campaignNegativeKeywords',
    media: 'application/vnd.spCampaignNegativeKeyword.v3+json',
    key: 'campaignNegativeKeywords',
    entityKey: 'campaignNegativeKeyword',
    deleteFilter: 'campaignNegativeKeywordIdFilter',
  },
  targets: {
    path: '/sp/targets',
    media: 'application/vnd.spTargetingClause.v3+json',
    key: 'targetingClauses',
    entityKey: 'targetingClause',
    deleteFilter: 'targetIdFilter',
  },
} satisfies Record<string, Resource>;

/** The wire's placements and the port's. */
const PLACEMENT_WIRE: Record<RetailAdsPlacement, string> = {
  TOP_OF_SEARCH: 'PLACEMENT_TOP',
  PRODUCT_PAGES: 'PLACEMENT_PRODUCT_PAGE',
  REST_OF_SEARCH: 'PLACEMENT_REST_OF_SEARCH',
};

/** Every item of a Sponsored Products list, all states. */
function list(ctx: LiveContext, resource: Resource): Promise<Wire[]> {
  return listByToken<Wire>(
    ctx.api,
    { path: `${resource.path}/list`, contentType: resource.media, body: { maxResults: PAGE, stateFilter: { include: ALL_STATES } } },
    resource.key,
  );
}

/** Creates a batch; the entity of each success (return=representation), mapped. */
async function create<T>(ctx: LiveContext, resource: Resource, items: Wire[], map: (wire: Wire) => T): Promise<ItemResult<T>[]> {
  if (!items.length) return [];
  const { body } = await ctx.api.send({
    method: 'POST',
    path: resource.path,
    contentType: resource.media,
    body: { [resource.key]: items },
    safe: false,
  });
  return multiStatus(body, resource.key, items.length, (item, index) =>
    map({ ...items[index], ...(item[resource.entityKey] as Wire | undefined) }),
  );
}

/** Updates one entity (PUT with one item); its refusal as a 400. */
async function put(ctx: LiveContext, resource: Resource, item: Wire, what: string): Promise<Wire> {
  const { body } = await ctx.api.send({
    method: 'PUT',
    path: resource.path,
    contentType: resource.media,
    body: { [resource.key]: [item] },
    safe: false,
  });
  return single(
    multiStatus(body, resource.key, 1, (success) => ({ ...item, ...(success[resource.entityKey] as Wire | undefined) }))[0],
    what,
  );
}

/** Archives one entity (the platform's delete archives it). */
async function archive(ctx: LiveContext, resource: Resource, id: string, what: string): Promise<void> {
  const { body } = await ctx.api.send({
    method: 'POST',
    path: `${resource.path}/delete`,
    contentType: resource.media,
    body: { [resource.deleteFilter]: { include: [id] } },
    safe: false,
  });
  single(multiStatus(body, resource.key, 1, () => true)[0], what);
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

function campaignOf(w: Wire): RetailAdsCampaign {
  const bidding = (w.dynamicBidding ?? {}) as { strategy?: string; placementBidding?: { placement?: string; percentage?: number }[] };
  const adjustments: Partial<Record<RetailAdsPlacement, number>> = { TOP_OF_SEARCH: 0, PRODUCT_PAGES: 0, REST_OF_SEARCH: 0 };
  for (const p of bidding.placementBidding ?? []) {
    const placement = (Object.keys(PLACEMENT_WIRE) as RetailAdsPlacement[]).find((k) => PLACEMENT_WIRE[k] === p.placement);
    if (placement) adjustments[placement] = p.percentage ?? 0;
  }
  return {
    id: idOf(w.campaignId),
    name: String(w.name ?? ''),
    ad_product: 'SPONSORED_PRODUCTS',
    state: portState(w.state),
    targeting_type: w.targetingType === 'AUTO' ? 'AUTO' : 'MANUAL',
    daily_budget: num((w.budget as Wire | undefined)?.budget),
    start_date: String(w.startDate ?? ''),
    ...(typeof w.endDate === 'string' && w.endDate ? { end_date: w.endDate } : {}),
    ...(bidding.strategy ? { bidding_strategy: bidding.strategy as RetailAdsCampaign['bidding_strategy'] } : {}),
    placement_adjustments: adjustments,
  };
}

function placementBidding(adjustments: Partial<Record<RetailAdsPlacement, number>> | undefined) {
  return (Object.keys(PLACEMENT_WIRE) as RetailAdsPlacement[])
    .filter((p) => adjustments?.[p] !== undefined)
    .map((p) => ({ placement: PLACEMENT_WIRE[p], percentage: adjustments![p]! }));
}

/** Writable state on the wire: ENABLED or PAUSED (archiving is the delete call). */
const wireState = (state: string) => (state.toUpperCase() === 'ENABLED' ? 'ENABLED' : 'PAUSED');

export function spFamilies(ctx: LiveContext) {
  const money = (kind: 'bid' | 'budget', amount: number) => checkMoney(kind, amount, ctx.currency);

  const campaigns: EntityFamily<'campaign'> = {
    kind: 'campaign',
    adProduct: 'SPONSORED_PRODUCTS',
    list: async () => (await list(ctx, SP_RESOURCES.campaigns)).map(campaignOf),
    create: (items) =>
      create(
        ctx,
        SP_RESOURCES.campaigns,
        items.map((c) => ({
          name: c.name,
          state: wireState(c.state),
          targetingType: c.targeting_type ?? 'MANUAL',
          budget: { budget: money('budget', c.daily_budget), budgetType: 'DAILY' },
          startDate: c.start_date,
          ...(c.end_date ? { endDate: c.end_date } : {}),
          dynamicBidding: {
            strategy: c.bidding_strategy ?? 'LEGACY_FOR_SALES',
            placementBidding: placementBidding(c.placement_adjustments),
          },
        })),
        campaignOf,
      ),
    async update(current, patch) {
      if (patch.state === 'ARCHIVED') {
        await archive(ctx, SP_RESOURCES.campaigns, current.id, `archiving campaign ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      const item: Wire = { campaignId: current.id };
      if (patch.name !== undefined) item.name = patch.name;
      if (patch.state !== undefined) item.state = wireState(patch.state);
      if (patch.daily_budget !== undefined) item.budget = { budget: money('budget', patch.daily_budget), budgetType: 'DAILY' };
      if ('end_date' in patch) item.endDate = patch.end_date ?? null;
      if (patch.bidding_strategy !== undefined || patch.placement_adjustments !== undefined)
        item.dynamicBidding = {
          ...(patch.bidding_strategy ? { strategy: patch.bidding_strategy } : {}),
          ...(patch.placement_adjustments ? { placementBidding: placementBidding(patch.placement_adjustments) } : {}),
        };
      await put(ctx, SP_RESOURCES.campaigns, item, `the change of campaign ${current.id}`);
      return { ...current, ...patch };
    },
  };

  const adGroupOf = (w: Wire): RetailAdsAdGroup => ({
    id: idOf(w.adGroupId),
    campaign_id: idOf(w.campaignId),
    ad_product: 'SPONSORED_PRODUCTS',
    name: String(w.name ?? ''),
    state: portState(w.state),
    default_bid: num(w.defaultBid),
  });
  const adGroups: EntityFamily<'ad_group'> = {
    kind: 'ad_group',
    adProduct: 'SPONSORED_PRODUCTS',
    list: async () => (await list(ctx, SP_RESOURCES.adGroups)).map(adGroupOf),
    create: (items) =>
      create(
        ctx,
        SP_RESOURCES.adGroups,
        items.map((g) => ({ campaignId: g.campaign_id, name: g.name, state: wireState(g.state), defaultBid: money('bid', g.default_bid) })),
        adGroupOf,
      ),
    async update(current, patch) {
      if (patch.state === 'ARCHIVED') {
        await archive(ctx, SP_RESOURCES.adGroups, current.id, `archiving ad group ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      await put(
        ctx,
        SP_RESOURCES.adGroups,
        {
          adGroupId: current.id,
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.state !== undefined ? { state: wireState(patch.state) } : {}),
          ...(patch.default_bid !== undefined ? { defaultBid: money('bid', patch.default_bid) } : {}),
        },
        `the change of ad group ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

  const productAdOf = (w: Wire): RetailAdsProductAd => ({
    id: idOf(w.adId),
    campaign_id: idOf(w.campaignId),
    ad_group_id: idOf(w.adGroupId),
    ad_product: 'SPONSORED_PRODUCTS',
    asin: String(w.asin ?? ''),
    ...(typeof w.sku === 'string' && w.sku ? { sku: w.sku } : {}),
    // The platform's ad lists carry no product title or category: the product's identifiers stand in.
    title: String(w.sku ?? w.asin ?? ''),
    category: '',
    state: portState(w.state),
  });
  const productAds: EntityFamily<'product_ad'> = {
    kind: 'product_ad',
    adProduct: 'SPONSORED_PRODUCTS',
    list: async () => (await list(ctx, SP_RESOURCES.productAds)).map(productAdOf),
    create(items) {
      if (items.some((p) => p.video_asset_id))
        throw notSupported(
          "Sponsored Products video ads cannot be created through the platform's public API (its product ads take a SKU or an ASIN only).",
        );
      // Sellers advertise SKUs, vendors ASINs: the platform takes one of them.
      return create(
        ctx,
        SP_RESOURCES.productAds,
        items.map((p) => ({
          campaignId: p.campaign_id,
          adGroupId: p.ad_group_id,
          ...(p.sku ? { sku: p.sku } : { asin: p.asin }),
          state: wireState(p.state),
        })),
        productAdOf,
      );
    },
    async update(current, patch) {
      if (patch.state === 'ARCHIVED') {
        await archive(ctx, SP_RESOURCES.productAds, current.id, `archiving product ad ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      if (patch.state !== undefined)
        await put(
          ctx,
          SP_RESOURCES.productAds,
          { adId: current.id, state: wireState(patch.state) },
          `the change of product ad ${current.id}`,
        );
      return { ...current, ...patch };
    },
  };

  /** Bids the platform leaves out fall back on the ad group's default bid. */
  const defaultBids = async () => new Map((await ctx.list('ad_group')).map((g) => [g.id, g.default_bid]));
  const keywordOf =
    (bids: Map<string, number>) =>
    (w: Wire): RetailAdsKeyword => ({
      id: idOf(w.keywordId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      ad_product: 'SPONSORED_PRODUCTS',
      keyword_text: String(w.keywordText ?? ''),
      match_type: String(w.matchType ?? 'BROAD') as RetailAdsMatchType,
      bid: w.bid === undefined || w.bid === null ? (bids.get(idOf(w.adGroupId)) ?? 0) : num(w.bid),
      state: portState(w.state),
    });
  const keywords: EntityFamily<'keyword'> = {
    kind: 'keyword',
    adProduct: 'SPONSORED_PRODUCTS',
    list: async () => {
      const [wire, bids] = await Promise.all([list(ctx, SP_RESOURCES.keywords), defaultBids()]);
      return wire.map(keywordOf(bids));
    },
    create: async (items) =>
      create(
        ctx,
        SP_RESOURCES.keywords,
        items.map((k) => ({
          campaignId: k.campaign_id,
          adGroupId: k.ad_group_id,
          keywordText: k.keyword_text,
          matchType: k.match_type,
          bid: money('bid', k.bid),
          state: wireState(k.state),
        })),
        keywordOf(await defaultBids()),
      ),
    async update(current, patch) {
      if (patch.state === 'ARCHIVED') {
        await archive(ctx, SP_RESOURCES.keywords, current.id, `archiving keyword ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      await put(
        ctx,
        SP_RESOURCES.keywords,
        {
          keywordId: current.id,
          ...(patch.bid !== undefined ? { bid: money('bid', patch.bid) } : {}),
          ...(patch.state !== undefined ? { state: wireState(patch.state) } : {}),
        },
        `the change of keyword ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

  const negativeOf = (w: Wire): RetailAdsNegativeKeyword => ({
    id: idOf(w.keywordId),
    campaign_id: idOf(w.campaignId),
    ...(w.adGroupId !== undefined ? { ad_group_id: idOf(w.adGroupId) } : {}),
    keyword_text: String(w.keywordText ?? ''),
    match_type: w.matchType === 'NEGATIVE_PHRASE' ? 'NEGATIVE_PHRASE' : 'NEGATIVE_EXACT',
    state: portState(w.state) === 'ARCHIVED' ? 'ARCHIVED' : 'ENABLED',
  });
  const negatives: EntityFamily<'negative_keyword'> = {
    kind: 'negative_keyword',
    adProduct: 'SPONSORED_PRODUCTS',
    list: async () => {
      const [groupLevel, campaignLevel] = await Promise.all([
        list(ctx, SP_RESOURCES.negativeKeywords),
        list(ctx, SP_RESOURCES.campaignNegativeKeywords),
      ]);
      return [...campaignLevel.map((w) => negativeOf({ ...w, adGroupId: undefined })), ...groupLevel.map(negativeOf)];
    },
    async create(items) {
      // Ad group negatives and campaign negatives are two resources: one batch each, results back in order.
      const results: ItemResult<RetailAdsNegativeKeyword>[] = new Array<ItemResult<RetailAdsNegativeKeyword>>(items.length);
      const groupLevel = items.map((n, index) => ({ n, index })).filter(({ n }) => n.ad_group_id);
      const campaignLevel = items.map((n, index) => ({ n, index })).filter(({ n }) => !n.ad_group_id);
      const [a, b] = await Promise.all([
        create(
          ctx,
          SP_RESOURCES.negativeKeywords,
          groupLevel.map(({ n }) => ({
            campaignId: n.campaign_id,
            adGroupId: n.ad_group_id,
            keywordText: n.keyword_text,
            matchType: n.match_type,
            state: 'ENABLED',
          })),
          negativeOf,
        ),
        create(
          ctx,
          SP_RESOURCES.campaignNegativeKeywords,
          campaignLevel.map(({ n }) => ({
            campaignId: n.campaign_id,
            keywordText: n.keyword_text,
            matchType: n.match_type,
            state: 'ENABLED',
          })),
          (w) => negativeOf({ ...w, adGroupId: undefined }),
        ),
      ]);
      groupLevel.forEach(({ index }, i) => (results[index] = a[i]!));
      campaignLevel.forEach(({ index }, i) => (results[index] = b[i]!));
      return results;
    },
    async update(current, patch) {
      const resource = current.ad_group_id ? SP_RESOURCES.negativeKeywords : SP_RESOURCES.campaignNegativeKeywords;
      if (patch.state === 'ARCHIVED') {
        await archive(ctx, resource, current.id, `archiving negative keyword ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      return { ...current, ...patch };
    },
  };

  const targetOf =
    (bids: Map<string, number>) =>
    (w: Wire): RetailAdsTarget => ({
      id: idOf(w.targetId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      ad_product: 'SPONSORED_PRODUCTS',
      expression: expressionText((w.expression ?? []) as Wire[]),
      expression_type: w.expressionType === 'AUTO' ? 'AUTO' : 'MANUAL',
      bid: w.bid === undefined || w.bid === null ? (bids.get(idOf(w.adGroupId)) ?? 0) : num(w.bid),
      state: portState(w.state),
    });
  const targets: EntityFamily<'target'> = {
    kind: 'target',
    adProduct: 'SPONSORED_PRODUCTS',
    list: async () => {
      const [wire, bids] = await Promise.all([list(ctx, SP_RESOURCES.targets), defaultBids()]);
      return wire.map(targetOf(bids));
    },
    create: async (items) =>
      create(
        ctx,
        SP_RESOURCES.targets,
        items.map((t) => ({
          campaignId: t.campaign_id,
          adGroupId: t.ad_group_id,
          expression: predicatesOf(t.expression).map((p) => ({
            type: snakeType(p.type),
            ...(p.value !== undefined ? { value: p.value } : {}),
          })),
          expressionType: 'MANUAL',
          bid: money('bid', t.bid),
          state: wireState(t.state),
        })),
        targetOf(await defaultBids()),
      ),
    async update(current, patch) {
      if (patch.state === 'ARCHIVED' || patch.state === 'archived') {
        if (current.expression_type === 'AUTO')
          throw notSupported("The platform's automatic targeting groups cannot be archived; pause them instead (state PAUSED).");
        await archive(ctx, SP_RESOURCES.targets, current.id, `archiving target ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      await put(
        ctx,
        SP_RESOURCES.targets,
        {
          targetId: current.id,
          ...(patch.bid !== undefined ? { bid: money('bid', patch.bid) } : {}),
          ...(patch.state !== undefined ? { state: wireState(patch.state) } : {}),
        },
        `the change of target ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

  return { campaigns, adGroups, productAds, keywords, negatives, targets };
}

/** A keyword recommendation request of the platform's v3 ranking (ad group or ASINs). */
export interface SpKeywordSuggestion {
  keyword: string;
  matchType: string;
  rank: number;
  bid?: number;
  suggestedBid?: { rangeStart?: number; rangeEnd?: number; suggested?: number };
}

export const SP_KEYWORD_RECOMMENDATIONS_MEDIA = 'application/vnd.spkeywordsrecommendation.v3+json';

/** The platform's ranked keyword suggestions for an ad group or ASINs (best first). */
export async function spKeywordRecommendations(
  ctx: LiveContext,
  source: { adGroupId: string; campaignId: string } | { asins: string[] },
  max: number,
): Promise<SpKeywordSuggestion[]> {
  const { body } = await ctx.api.send<unknown>({
    method: 'POST',
    path: '/sp/targets/keywords/recommendations',
    contentType: SP_KEYWORD_RECOMMENDATIONS_MEDIA,
    body: {
      ...('asins' in source
        ? { recommendationType: 'KEYWORDS_FOR_ASINS', asins: source.asins }
        : { recommendationType: 'KEYWORDS_FOR_ADGROUP', adGroupId: source.adGroupId, campaignId: source.campaignId }),
      maxRecommendations: Math.min(200, max),
      sortDimension: 'DEFAULT',
    },
    safe: true,
  });
  const list = Array.isArray(body) ? body : ((body as { keywordTargetList?: unknown } | undefined)?.keywordTargetList ?? []);
  return (list as SpKeywordSuggestion[]).map((s) => ({ ...s, bid: s.bid === undefined ? undefined : wireMoney(s.bid, ctx.currency) }));
}
