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
  RetailAdsTarget,
} from '../port';
import {
  expressionText,
  portState,
  predicatesOf,
  productAdOf,
  snakeType,
  type EntityFamily,
  type ItemResult,
  type LiveContext,
} from './entities';
import { checkMoney, wireMoney } from './money';
import { entityFamily, multiStatusApi, type MultiStatusResource, type Wire } from './resources';
import { idOf, notSupported } from './wire';

/** Page size of the list searches (the platform caps it itself). */
const PAGE = 1000;

const resource = (path: string, media: string, key: string, entityKey: string, deleteFilter: string): MultiStatusResource => ({
  path,
  media,
  key,
  entityKey,
  deleteFilter,
  pageSize: PAGE,
});

export const SP_RESOURCES = {
  campaigns: resource('/sp/campaigns', 'application/vnd.spCampaign.v3+json', 'campaigns', 'campaign', 'campaignIdFilter'),
  adGroups: resource('/sp/adGroups', 'application/vnd.spAdGroup.v3+json', 'adGroups', 'adGroup', 'adGroupIdFilter'),
  productAds: resource('/sp/productAds', 'application/vnd.spProductAd.v3+json', 'productAds', 'productAd', 'adIdFilter'),
  keywords: resource('/sp/keywords', 'application/vnd.spKeyword.v3+json', 'keywords', 'keyword', 'keywordIdFilter'),
  negativeKeywords: resource(
    '/sp/negativeKeywords',
    'application/vnd.spNegativeKeyword.v3+json',
    'negativeKeywords',
    'negativeKeyword',
    'negativeKeywordIdFilter',
  ),
  campaignNegativeKeywords: resource(
    '/sp/campaignNegativeKeywords',
    'application/vnd.spCampaignNegativeKeyword.v3+json',
    'campaignNegativeKeywords',
    'campaignNegativeKeyword',
    'campaignNegativeKeywordIdFilter',
  ),
  targets: resource('/sp/targets', 'application/vnd.spTargetingClause.v3+json', 'targetingClauses', 'targetingClause', 'targetIdFilter'),
};

/** The wire's placements and the port's. */
const PLACEMENT_WIRE: Record<RetailAdsPlacement, string> = {
  TOP_OF_SEARCH: 'PLACEMENT_TOP',
  PRODUCT_PAGES: 'PLACEMENT_PRODUCT_PAGE',
  REST_OF_SEARCH: 'PLACEMENT_REST_OF_SEARCH',
};

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
/** A bid the platform leaves out falls back on the ad group's default bid. */
const bidOf = (w: Wire, bids: Map<string, number>) =>
  w.bid === undefined || w.bid === null ? (bids.get(idOf(w.adGroupId)) ?? 0) : num(w.bid);

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
/** The fields of a patch that are set, under their wire names. */
const defined = (fields: Wire) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

export function spFamilies(ctx: LiveContext) {
  const money = (kind: 'bid' | 'budget', amount: number) => checkMoney(kind, amount, ctx.currency);
  const optionalMoney = (kind: 'bid' | 'budget', amount: number | undefined) => (amount === undefined ? undefined : money(kind, amount));
  const optionalState = (state: string | undefined) => (state === undefined ? undefined : wireState(state));
  const adProduct = 'SPONSORED_PRODUCTS';

  const campaigns = entityFamily(ctx, {
    kind: 'campaign',
    adProduct,
    api: multiStatusApi(ctx, SP_RESOURCES.campaigns),
    of: campaignOf,
    toWire: (c) => ({
      name: c.name,
      state: wireState(c.state),
      targetingType: c.targeting_type ?? 'MANUAL',
      budget: { budget: money('budget', c.daily_budget), budgetType: 'DAILY' },
      startDate: c.start_date,
      ...(c.end_date ? { endDate: c.end_date } : {}),
      dynamicBidding: { strategy: c.bidding_strategy ?? 'LEGACY_FOR_SALES', placementBidding: placementBidding(c.placement_adjustments) },
    }),
    changes: (current, patch) => ({
      campaignId: current.id,
      ...defined({
        name: patch.name,
        state: optionalState(patch.state),
        budget: patch.daily_budget === undefined ? undefined : { budget: money('budget', patch.daily_budget), budgetType: 'DAILY' },
      }),
      ...('end_date' in patch ? { endDate: patch.end_date ?? null } : {}),
      ...(patch.bidding_strategy !== undefined || patch.placement_adjustments !== undefined
        ? {
            dynamicBidding: defined({
              strategy: patch.bidding_strategy || undefined,
              placementBidding: patch.placement_adjustments ? placementBidding(patch.placement_adjustments) : undefined,
            }),
          }
        : {}),
    }),
  });

  const adGroups = entityFamily(ctx, {
    kind: 'ad_group',
    adProduct,
    api: multiStatusApi(ctx, SP_RESOURCES.adGroups),
    of: (w): RetailAdsAdGroup => ({
      id: idOf(w.adGroupId),
      campaign_id: idOf(w.campaignId),
      ad_product: adProduct,
      name: String(w.name ?? ''),
      state: portState(w.state),
      default_bid: num(w.defaultBid),
    }),
    toWire: (g) => ({ campaignId: g.campaign_id, name: g.name, state: wireState(g.state), defaultBid: money('bid', g.default_bid) }),
    changes: (current, patch) => ({
      adGroupId: current.id,
      ...defined({ name: patch.name, state: optionalState(patch.state), defaultBid: optionalMoney('bid', patch.default_bid) }),
    }),
  });

  const productAds = entityFamily(ctx, {
    kind: 'product_ad',
    adProduct,
    api: multiStatusApi(ctx, SP_RESOURCES.productAds),
    of: (w) => productAdOf(w, adProduct),
    toWire: (p) => {
      if (p.video_asset_id)
        throw notSupported(
          "Sponsored Products video ads cannot be created through the platform's public API (its product ads take a SKU or an ASIN only).",
        );
      // Sellers advertise SKUs, vendors ASINs: the platform takes one of them.
      return {
        campaignId: p.campaign_id,
        adGroupId: p.ad_group_id,
        ...(p.sku ? { sku: p.sku } : { asin: p.asin }),
        state: wireState(p.state),
      };
    },
    changes: (current, patch) => (patch.state === undefined ? undefined : { adId: current.id, state: wireState(patch.state) }),
  });

  const keywords = entityFamily(ctx, {
    kind: 'keyword',
    adProduct,
    api: multiStatusApi(ctx, SP_RESOURCES.keywords),
    defaultBids: true,
    of: (w, bids): RetailAdsKeyword => ({
      id: idOf(w.keywordId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      ad_product: adProduct,
      keyword_text: String(w.keywordText ?? ''),
      match_type: String(w.matchType ?? 'BROAD') as RetailAdsMatchType,
      bid: bidOf(w, bids),
      state: portState(w.state),
    }),
    toWire: (k) => ({
      campaignId: k.campaign_id,
      adGroupId: k.ad_group_id,
      keywordText: k.keyword_text,
      matchType: k.match_type,
      bid: money('bid', k.bid),
      state: wireState(k.state),
    }),
    changes: (current, patch) => ({
      keywordId: current.id,
      ...defined({ bid: optionalMoney('bid', patch.bid), state: optionalState(patch.state) }),
    }),
  });

  const targets = entityFamily(ctx, {
    kind: 'target',
    adProduct,
    api: multiStatusApi(ctx, SP_RESOURCES.targets),
    defaultBids: true,
    of: (w, bids): RetailAdsTarget => ({
      id: idOf(w.targetId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      ad_product: adProduct,
      expression: expressionText((w.expression ?? []) as Wire[]),
      expression_type: w.expressionType === 'AUTO' ? 'AUTO' : 'MANUAL',
      bid: bidOf(w, bids),
      state: portState(w.state),
    }),
    toWire: (t) => ({
      campaignId: t.campaign_id,
      adGroupId: t.ad_group_id,
      expression: predicatesOf(t.expression).map((p) => ({
        type: snakeType(p.type),
        ...(p.value !== undefined ? { value: p.value } : {}),
      })),
      expressionType: 'MANUAL',
      bid: money('bid', t.bid),
      state: wireState(t.state),
    }),
    changes: (current, patch) => {
      if ((patch.state === 'ARCHIVED' || patch.state === 'archived') && current.expression_type === 'AUTO')
        throw notSupported("The platform's automatic targeting groups cannot be archived; pause them instead (state PAUSED).");
      return { targetId: current.id, ...defined({ bid: optionalMoney('bid', patch.bid), state: optionalState(patch.state) }) };
    },
  });

  const negativeOf = (w: Wire): RetailAdsNegativeKeyword => ({
    id: idOf(w.keywordId),
    campaign_id: idOf(w.campaignId),
    ...(w.adGroupId !== undefined ? { ad_group_id: idOf(w.adGroupId) } : {}),
    keyword_text: String(w.keywordText ?? ''),
    match_type: w.matchType === 'NEGATIVE_PHRASE' ? 'NEGATIVE_PHRASE' : 'NEGATIVE_EXACT',
    state: portState(w.state) === 'ARCHIVED' ? 'ARCHIVED' : 'ENABLED',
  });
  // Ad group negatives and campaign negatives are two resources; a negative keyword is only ever archived.
  const groupNegatives = entityFamily(ctx, {
    kind: 'negative_keyword',
    adProduct,
    api: multiStatusApi(ctx, SP_RESOURCES.negativeKeywords),
    of: negativeOf,
    toWire: (n) => ({
      campaignId: n.campaign_id,
      adGroupId: n.ad_group_id,
      keywordText: n.keyword_text,
      matchType: n.match_type,
      state: 'ENABLED',
    }),
    changes: () => undefined,
  });
  const campaignNegatives = entityFamily(ctx, {
    kind: 'negative_keyword',
    adProduct,
    api: multiStatusApi(ctx, SP_RESOURCES.campaignNegativeKeywords),
    of: (w) => negativeOf({ ...w, adGroupId: undefined }),
    toWire: (n) => ({ campaignId: n.campaign_id, keywordText: n.keyword_text, matchType: n.match_type, state: 'ENABLED' }),
    changes: () => undefined,
  });
  const negatives: EntityFamily<'negative_keyword'> = {
    kind: 'negative_keyword',
    adProduct,
    list: async () => (await Promise.all([campaignNegatives.list(), groupNegatives.list()])).flat(),
    async create(items) {
      const results: ItemResult<RetailAdsNegativeKeyword>[] = new Array<ItemResult<RetailAdsNegativeKeyword>>(items.length);
      const groupLevel = items.map((n, index) => ({ n, index })).filter(({ n }) => n.ad_group_id);
      const campaignLevel = items.map((n, index) => ({ n, index })).filter(({ n }) => !n.ad_group_id);
      const [a, b] = await Promise.all([
        groupNegatives.create(groupLevel.map(({ n }) => n)),
        campaignNegatives.create(campaignLevel.map(({ n }) => n)),
      ]);
      groupLevel.forEach(({ index }, i) => (results[index] = a[i]!));
      campaignLevel.forEach(({ index }, i) => (results[index] = b[i]!));
      return results;
    },
    update: (current, patch) => (current.ad_group_id ? groupNegatives : campaignNegatives).update(current, patch),
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
