/**
 * Sponsored Brands on the wire: campaigns, ad groups, ads and creative versions through the v4
 * interface (`/sb/v4/...`, `/sb/ads/creatives/...`, vendor media types, `nextToken` paging, 207
 * multi-status), and keywords, negative keywords, product targets, themes and brands through the
 * v3 interface (`/sb/keywords`...: startIndex/count or `nextToken` paging, integer ids, lowercase
 * states, a result per item). Sponsored Brands ads carry their products in the creative: the
 * "product ads" of a Sponsored Brands ad group are the ASINs of its ads.
 */
import type {
  RetailAdsPort,
  RetailAdsAdGroup,
  RetailAdsBrand,
  RetailAdsCampaign,
  RetailAdsKeyword,
  RetailAdsMatchType,
  RetailAdsModeration,
  RetailAdsModerationStatus,
  RetailAdsProductAd,
  RetailAdsSbAd,
  RetailAdsSbAdType,
  RetailAdsSbCreativeContent,
  RetailAdsSbNegativeKeyword,
  RetailAdsTarget,
  RetailAdsTheme,
} from '../port';
import {
  codeResults,
  expressionText,
  lowerState,
  portState,
  predicatesOf,
  refusedItem,
  single,
  type EntityFamily,
  type ItemResult,
  type LiveContext,
} from './entities';
import { checkMoney } from './money';
import { entityFamily, multiStatusApi, resultPerItemApi, type MultiStatusResource, type ResourceApi, type Wire } from './resources';
import { idOf, listByIndex, listByToken, notSupported, wireInt } from './wire';

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

const v4 = (path: string, media: string, key: string, deleteFilter: string): MultiStatusResource => ({
  path,
  media,
  key,
  entityKey: key.replace(/s$/, ''),
  deleteFilter,
  pageSize: 100,
});
const V4 = {
  campaigns: v4('/sb/v4/campaigns', 'application/vnd.sbcampaignresource.v4+json', 'campaigns', 'campaignIdFilter'),
  adGroups: v4('/sb/v4/adGroups', 'application/vnd.sbadgroupresource.v4+json', 'adGroups', 'adGroupIdFilter'),
  ads: v4('/sb/v4/ads', 'application/vnd.sbadresource.v4+json', 'ads', 'adIdFilter'),
};
const CREATIVE_MEDIA = 'application/vnd.sbAdCreativeResource.v4+json';
/** The v3 interface's answers come in its vendor types; its request bodies are plain JSON. */
export const SB_V3_MEDIA = {
  keywords: 'application/vnd.sbkeyword.v3+json',
  keywordResponse: 'application/vnd.sbkeywordresponse.v3+json',
  negativeKeywords: 'application/vnd.sbnegativekeyword.v3+json',
  targetsList: 'application/vnd.sblisttargetsresponse.v3+json',
  targetsCreate: 'application/vnd.sbcreatetargetsresponse.v3+json',
  targetsUpdate: 'application/vnd.updatetargetsresponse.v3+json',
  themesList: 'application/vnd.sbthemeslistresponse.v3+json',
  themesCreate: 'application/vnd.sbthemescreateresponse.v3+json',
  themesUpdate: 'application/vnd.sbthemesupdateresponse.v3+json',
  brands: 'application/vnd.brand.v3+json',
} as const;

const AD_TYPES: Record<string, RetailAdsSbAdType> = {
  PRODUCT_COLLECTION: 'productCollection',
  VIDEO: 'video',
  BRAND_VIDEO: 'brandVideo',
  STORE_SPOTLIGHT: 'storeSpotlight',
};

/** The platform's creative lifecycle as the port's moderation status. */
function moderationStatus(status: unknown): RetailAdsModerationStatus {
  if (status === 'APPROVED_BY_MODERATION' || status === 'PUBLISHED') return 'APPROVED';
  if (status === 'REJECTED_BY_MODERATION') return 'REJECTED';
  return 'IN_PROGRESS';
}

const upper = (state: string) => (state.toUpperCase() === 'ENABLED' ? 'ENABLED' : 'PAUSED');

/** The fields of a patch that are set, under their wire names. */
const defined = (fields: Wire) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

export function sbFamilies(ctx: LiveContext) {
  const money = (kind: 'bid' | 'budget', amount: number) => checkMoney(kind, amount, ctx.currency);
  const optionalMoney = (kind: 'bid' | 'budget', amount: number | undefined) => (amount === undefined ? undefined : money(kind, amount));
  const optionalUpper = (state: string | undefined) => (state === undefined ? undefined : upper(state));
  let brandsRead: Promise<RetailAdsBrand[]> | undefined;
  const brands = () =>
    (brandsRead ??= ctx.api.send<Wire[]>({ method: 'GET', path: '/brands', accept: SB_V3_MEDIA.brands, safe: true }).then(({ body }) =>
      (Array.isArray(body) ? body : []).map((b) => ({
        brand_id: idOf(b.brandId),
        brand_entity_id: idOf(b.brandEntityId),
        brand_registry_name: String(b.brandRegistryName ?? ''),
      })),
    ));

  const campaigns = entityFamily(ctx, {
    kind: 'campaign',
    adProduct: 'SPONSORED_BRANDS',
    api: multiStatusApi(ctx, V4.campaigns),
    of: (w): RetailAdsCampaign => ({
      id: idOf(w.campaignId),
      name: String(w.name ?? ''),
      ad_product: 'SPONSORED_BRANDS',
      state: portState(w.state),
      daily_budget: num(w.budget),
      start_date: String(w.startDate ?? ''),
      ...(typeof w.endDate === 'string' && w.endDate ? { end_date: w.endDate } : {}),
      ...(typeof w.brandEntityId === 'string' && w.brandEntityId ? { brand_entity_id: w.brandEntityId } : {}),
    }),
    toWire: (c) => ({
      name: c.name,
      state: upper(c.state),
      budget: money('budget', c.daily_budget),
      budgetType: 'DAILY',
      startDate: c.start_date,
      ...(c.end_date ? { endDate: c.end_date } : {}),
      ...(c.brand_entity_id ? { brandEntityId: c.brand_entity_id } : {}),
    }),
    async create(items, batch) {
      // A campaign without a brand advertises the profile's first registered brand.
      const fallbackBrand = items.some((c) => !c.brand_entity_id) ? (await brands())[0]?.brand_entity_id : undefined;
      return batch(items.map((c) => (c.brand_entity_id || !fallbackBrand ? c : { ...c, brand_entity_id: fallbackBrand })));
    },
    changes(current, patch) {
      if ('end_date' in patch && !patch.end_date && patch.state !== 'ARCHIVED')
        throw notSupported("The platform's Sponsored Brands interface cannot remove a campaign's end date; set a later end date instead.");
      if (patch.bidding_strategy !== undefined || patch.placement_adjustments !== undefined)
        throw notSupported('Bidding strategies and placement adjustments apply to Sponsored Products campaigns only.');
      return {
        campaignId: current.id,
        ...defined({
          name: patch.name,
          state: optionalUpper(patch.state),
          budget: optionalMoney('budget', patch.daily_budget),
          endDate: patch.end_date || undefined,
        }),
      };
    },
  });

  const adGroups = entityFamily(ctx, {
    kind: 'ad_group',
    adProduct: 'SPONSORED_BRANDS',
    api: multiStatusApi(ctx, V4.adGroups),
    of: (w): RetailAdsAdGroup => ({
      id: idOf(w.adGroupId),
      campaign_id: idOf(w.campaignId),
      ad_product: 'SPONSORED_BRANDS',
      name: String(w.name ?? ''),
      state: portState(w.state),
      // Sponsored Brands ad groups have no default bid on the platform: each keyword and target has its own.
      default_bid: 0,
    }),
    toWire: (g) => ({ campaignId: g.campaign_id, name: g.name, state: upper(g.state) }),
    changes(current, patch) {
      if (patch.default_bid !== undefined)
        throw notSupported(
          'Sponsored Brands ad groups have no default bid on the platform; change the bids of their keywords and targets.',
        );
      return { adGroupId: current.id, ...defined({ name: patch.name, state: optionalUpper(patch.state) }) };
    },
  });

  const adOf = (w: Wire): RetailAdsSbAd => {
    const creative = (w.creative ?? {}) as Wire;
    const landing = (w.landingPage ?? {}) as Wire;
    const asins = (Array.isArray(creative.asins) && creative.asins.length ? creative.asins : (landing.asins ?? [])) as string[];
    const version = Number(creative.creativeVersion ?? 1);
    return {
      id: idOf(w.adId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      name: String(w.name ?? ''),
      ad_type: AD_TYPES[String(creative.type)] ?? 'productCollection',
      state: portState(w.state),
      creatives: [
        {
          version: Number.isFinite(version) ? version : 1,
          submitted_at: '',
          brand_name: String(creative.brandName ?? ''),
          ...(typeof creative.headline === 'string' ? { headline: creative.headline } : {}),
          ...(typeof creative.brandLogoAssetID === 'string' ? { brand_logo_asset_id: creative.brandLogoAssetID } : {}),
          ...(typeof creative.customImageAssetId === 'string' ? { custom_image_asset_id: creative.customImageAssetId } : {}),
          ...(Array.isArray(creative.videoAssetIds) && creative.videoAssetIds.length
            ? { video_asset_id: String(creative.videoAssetIds[0]) }
            : {}),
          asins: asins.map(String),
          ...(typeof landing.url === 'string' ? { landing_page_url: landing.url } : {}),
        },
      ],
    };
  };
  /** The ad types this gateway creates, each through its own path of the v4 interface. */
  const adTypes = {
    productCollection: { api: multiStatusApi(ctx, V4.ads, `${V4.ads.path}/productCollection`), wireType: 'PRODUCT_COLLECTION' },
    video: { api: multiStatusApi(ctx, V4.ads, `${V4.ads.path}/video`), wireType: 'VIDEO' },
  } as const;
  const adCreative = (ad: Omit<RetailAdsSbAd, 'id'>): Wire => {
    const creative = ad.creatives.at(-1)!;
    if (ad.ad_type === 'video') return { creative: { asins: creative.asins, videoAssetIds: [creative.video_asset_id] } };
    return {
      landingPage: creative.landing_page_url
        ? { pageType: 'STORE', url: creative.landing_page_url }
        : { pageType: 'PRODUCT_LIST', asins: creative.asins },
      creative: {
        brandName: creative.brand_name,
        brandLogoAssetID: creative.brand_logo_asset_id,
        headline: creative.headline,
        asins: creative.asins.slice(0, 3),
        ...(creative.custom_image_asset_id ? { customImageAssetId: creative.custom_image_asset_id } : {}),
      },
    };
  };
  const ads = entityFamily(ctx, {
    kind: 'sb_ad',
    adProduct: 'SPONSORED_BRANDS',
    api: multiStatusApi(ctx, V4.ads),
    of: adOf,
    toWire: (ad) => ({ name: ad.name, state: upper(ad.state), adGroupId: ad.ad_group_id, ...adCreative(ad) }),
    async create(items) {
      const results: ItemResult<RetailAdsSbAd>[] = [];
      for (const ad of items) {
        const type = ad.ad_type === 'productCollection' || ad.ad_type === 'video' ? adTypes[ad.ad_type] : undefined;
        if (!type) {
          results.push({
            failed: `${ad.ad_type} ads cannot be created through the platform's public API by this gateway (productCollection and video can)`,
          });
          continue;
        }
        const [result] = await type.api.create([{ name: ad.name, state: upper(ad.state), adGroupId: ad.ad_group_id, ...adCreative(ad) }]);
        results.push(
          'entity' in result!
            ? {
                entity: adOf({
                  ...result.entity,
                  campaignId: ad.campaign_id,
                  creative: { ...(result.entity.creative as Wire), type: type.wireType },
                }),
              }
            : result!,
        );
      }
      return results;
    },
    changes(current, patch) {
      if (patch.creatives !== undefined) throw notSupported('A new creative goes through submitSbCreative.');
      return { adId: current.id, ...defined({ name: patch.name, state: optionalUpper(patch.state) }) };
    },
  });

  /** The products of Sponsored Brands ad groups: the ASINs their ads show (the platform has no separate product ads). */
  const productAds: EntityFamily<'product_ad'> = {
    kind: 'product_ad',
    adProduct: 'SPONSORED_BRANDS',
    list: async () =>
      (await ctx.list('sb_ad')).flatMap((ad) =>
        (ad.creatives.at(-1)?.asins ?? []).map((asin): RetailAdsProductAd => ({
          id: `${ad.id}-${asin}`,
          campaign_id: ad.campaign_id,
          ad_group_id: ad.ad_group_id,
          ad_product: 'SPONSORED_BRANDS',
          asin,
          title: asin,
          category: '',
          state: ad.state,
        })),
      ),
    // The products go into the ad's creative (created next); nothing to send for them.
    create: async (items) => items.map((p) => ({ entity: { ...p, id: `${p.ad_group_id}-${p.asin}` } })),
    update: () => {
      throw notSupported("A Sponsored Brands ad's products change with a new creative (update_retailads_sb_creative).");
    },
  };

  const bidOr = (value: unknown, fallback: number) => (value === undefined || value === null ? fallback : num(value));
  /** The lowercase state of a v3 write (`archived` archives). */
  const optionalLower = (state: string | undefined) => (state === undefined ? undefined : state.toLowerCase());
  /**
   * The v3 creates take no state: new keywords, targets and themes start enabled, and those wanted
   * paused are paused with one more batch right after.
   */
  async function pauseCreated<T extends { id: string; state: string }>(
    results: ItemResult<T>[],
    wanted: string[],
    what: string,
    pause: (items: T[]) => Promise<ItemResult<true>[]>,
  ): Promise<ItemResult<T>[]> {
    const toPause = results.flatMap((r, i) => ('entity' in r && wanted[i]!.toLowerCase() !== 'enabled' ? [r.entity] : []));
    if (toPause.length)
      (await pause(toPause)).forEach((r, i) => {
        if ('failed' in r) throw refusedItem(`pausing new ${what} ${toPause[i]!.id}`, r.failed);
      });
    return results.map((r, i) =>
      'entity' in r ? { entity: { ...r.entity, state: wanted[i]!.toLowerCase() === 'enabled' ? 'enabled' : 'paused' } } : r,
    );
  }
  /** The v3 answers of target and theme writes: success and error lists that name the item's index. */
  function indexedResults<T>(
    successes: unknown,
    errors: unknown,
    count: number,
    indexKey: string,
    success: (item: Wire, index: number) => T,
  ): ItemResult<T>[] {
    const results: (ItemResult<T> | undefined)[] = new Array<ItemResult<T> | undefined>(count).fill(undefined);
    for (const item of (successes ?? []) as Wire[]) results[Number(item[indexKey])] = { entity: success(item, Number(item[indexKey])) };
    for (const item of (errors ?? []) as Wire[])
      results[Number(item[indexKey])] = {
        failed: `${String(item.details ?? 'the platform refused it')}${item.code ? ` (${String(item.code)})` : ''}`,
      };
    return results.map((r) => r ?? { failed: 'the platform did not report on this item' });
  }
  /** A v3 resource whose batches go under `key` and answer indexed success and error lists. */
  function indexedApi(resource: {
    path: string;
    key: string;
    list: () => Promise<Wire[]>;
    media: { create: string; update: string };
    answers: { create: [string, string]; update: [string, string]; index: string };
  }): ResourceApi & { putAll(items: Wire[]): Promise<ItemResult<true>[]> } {
    const batch = async (method: 'POST' | 'PUT', items: Wire[]) =>
      (
        await ctx.api.send<Wire>({
          method,
          path: resource.path,
          accept: method === 'POST' ? resource.media.create : resource.media.update,
          body: { [resource.key]: items },
          safe: false,
        })
      ).body;
    const putAll = async (items: Wire[]) => {
      const body = await batch('PUT', items);
      const [ok, failed] = resource.answers.update;
      return indexedResults(body?.[ok], body?.[failed], items.length, resource.answers.index, () => true as const);
    };
    return {
      list: resource.list,
      async create(items) {
        if (!items.length) return [];
        const body = await batch('POST', items);
        const [ok, failed] = resource.answers.create;
        return indexedResults(body?.[ok], body?.[failed], items.length, resource.answers.index, (item, i) => ({ ...items[i], ...item }));
      },
      putAll,
      async put(item, what) {
        single((await putAll([item]))[0], what);
      },
    };
  }

  const keywordsApi = resultPerItemApi(ctx, {
    path: '/sb/keywords',
    idKey: 'keywordId',
    states: 'enabled,paused,archived',
    accept: SB_V3_MEDIA.keywords,
    answerMedia: SB_V3_MEDIA.keywordResponse,
  });
  const keywords = entityFamily(ctx, {
    kind: 'keyword',
    adProduct: 'SPONSORED_BRANDS',
    api: keywordsApi,
    of: (w): RetailAdsKeyword => ({
      id: idOf(w.keywordId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      ad_product: 'SPONSORED_BRANDS',
      keyword_text: String(w.keywordText ?? ''),
      match_type: String(w.matchType ?? 'broad').toUpperCase() as RetailAdsMatchType,
      bid: bidOr(w.bid, 0),
      state: lowerState(w.state),
    }),
    toWire: (k) => ({
      campaignId: wireInt(k.campaign_id),
      adGroupId: wireInt(k.ad_group_id),
      keywordText: k.keyword_text,
      matchType: k.match_type.toLowerCase(),
      ...(k.bid > 0 ? { bid: money('bid', k.bid) } : {}),
    }),
    created: (item, wire) => ({ ...item, id: idOf(wire.keywordId), state: 'enabled' }),
    create: async (items, batch) =>
      pauseCreated(
        await batch(items),
        items.map((k) => String(k.state)),
        'keyword',
        (created) => keywordsApi.putAll(created.map((k) => ({ ...keywordKeys(k), state: 'paused' }))),
      ),
    changes: (current, patch) => ({
      ...keywordKeys(current),
      ...defined({ state: optionalLower(patch.state), bid: optionalMoney('bid', patch.bid) }),
    }),
  });
  function keywordKeys(k: { id: string; ad_group_id: string; campaign_id: string }): Wire {
    return { keywordId: wireInt(k.id), adGroupId: wireInt(k.ad_group_id), campaignId: wireInt(k.campaign_id) };
  }

  const targetsApi = indexedApi({
    path: '/sb/targets',
    key: 'targets',
    list: () =>
      listByToken<Wire>(
        ctx.api,
        {
          path: '/sb/targets/list',
          accept: SB_V3_MEDIA.targetsList,
          body: { maxResults: 5000, filters: [{ filterType: 'TARGETING_STATE', values: ['enabled', 'paused', 'archived'] }] },
        },
        'targets',
      ),
    media: { create: SB_V3_MEDIA.targetsCreate, update: SB_V3_MEDIA.targetsUpdate },
    answers: {
      create: ['createTargetSuccessResults', 'createTargetErrorResults'],
      update: ['updateTargetSuccessResults', 'updateTargetErrorResults'],
      index: 'targetRequestIndex',
    },
  });
  const targets = entityFamily(ctx, {
    kind: 'target',
    adProduct: 'SPONSORED_BRANDS',
    api: targetsApi,
    of: (w): RetailAdsTarget => ({
      id: idOf(w.targetId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      ad_product: 'SPONSORED_BRANDS',
      expression: expressionText((w.expressions ?? []) as Wire[]),
      expression_type: 'MANUAL',
      bid: bidOr(w.bid, 0),
      state: lowerState(w.state),
    }),
    toWire: (t) => ({
      campaignId: wireInt(t.campaign_id),
      adGroupId: wireInt(t.ad_group_id),
      expressions: predicatesOf(t.expression).map((p) => ({ type: p.type, value: p.value ?? '' })),
      ...(t.bid > 0 ? { bid: money('bid', t.bid) } : {}),
    }),
    created: (item, wire) => ({ ...item, id: idOf(wire.targetId), state: 'enabled' }),
    create: async (items, batch) =>
      pauseCreated(
        await batch(items),
        items.map((t) => String(t.state)),
        'target',
        (created) =>
          targetsApi.putAll(created.map((t) => ({ targetId: wireInt(t.id), adGroupId: wireInt(t.ad_group_id), state: 'paused' }))),
      ),
    changes: (current, patch) => ({
      targetId: wireInt(current.id),
      adGroupId: wireInt(current.ad_group_id),
      ...defined({
        state: optionalLower(patch.state === undefined ? undefined : String(patch.state)),
        bid: optionalMoney('bid', patch.bid),
      }),
    }),
  });

  const themesApi = indexedApi({
    path: '/sb/themes',
    key: 'themes',
    list: () =>
      listByToken<Wire>(ctx.api, { path: '/sb/themes/list', accept: SB_V3_MEDIA.themesList, body: { maxResults: 100 } }, 'themes'),
    media: { create: SB_V3_MEDIA.themesCreate, update: SB_V3_MEDIA.themesUpdate },
    answers: { create: ['success', 'error'], update: ['success', 'error'], index: 'index' },
  });
  const themes = entityFamily(ctx, {
    kind: 'theme',
    adProduct: 'SPONSORED_BRANDS',
    api: themesApi,
    of: (w): RetailAdsTheme => ({
      id: idOf(w.themeId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      theme_type: String(w.themeType) as RetailAdsTheme['theme_type'],
      bid: num(w.bid),
      state: lowerState(w.state),
    }),
    toWire: (t) => ({ campaignId: t.campaign_id, adGroupId: t.ad_group_id, themeType: t.theme_type, bid: money('bid', t.bid) }),
    created: (item, wire) => ({ ...item, id: idOf(wire.themeId), state: 'enabled' }),
    async create(all, batch) {
      // The platform needs a bid for every theme, and a Sponsored Brands ad group has no default bid to fall back on.
      const items = all.filter((t) => t.bid > 0);
      const sent = items.length ? await batch(items) : [];
      const results = all.map((t): ItemResult<RetailAdsTheme> =>
        t.bid > 0
          ? sent[items.indexOf(t)]!
          : {
              failed:
                "the platform needs a bid for each theme and a Sponsored Brands ad group has no default bid: give the item's bid (get_retailads_sb_bid_recommendations suggests one)",
            },
      );
      return pauseCreated(
        results,
        all.map((t) => t.state),
        'theme',
        (created) => themesApi.putAll(created.map((t) => ({ themeId: t.id, adGroupId: t.ad_group_id, state: 'paused' }))),
      );
    },
    changes: (current, patch) => ({
      themeId: current.id,
      adGroupId: current.ad_group_id,
      ...defined({ state: patch.state, bid: optionalMoney('bid', patch.bid) }),
    }),
  });

  const negativeOf = (w: Wire): RetailAdsSbNegativeKeyword => ({
    id: idOf(w.keywordId),
    campaign_id: idOf(w.campaignId),
    ad_group_id: idOf(w.adGroupId),
    keyword_text: String(w.keywordText ?? ''),
    match_type: w.matchType === 'negativePhrase' ? 'negativePhrase' : 'negativeExact',
    state: 'enabled',
    // The platform's negative keyword list carries no creation time.
    created_at: '',
  });
  const negatives = {
    list: async () =>
      (
        await listByIndex<Wire>(ctx.api, {
          path: '/sb/negativeKeywords',
          accept: SB_V3_MEDIA.negativeKeywords,
          query: { stateFilter: 'enabled' },
        })
      ).map(negativeOf),
    async create(
      items: Omit<RetailAdsSbNegativeKeyword, 'id' | 'state' | 'created_at'>[],
      now: Date,
    ): Promise<RetailAdsSbNegativeKeyword[]> {
      if (!items.length) return [];
      const body = items.map((n) => ({
        campaignId: wireInt(n.campaign_id),
        adGroupId: wireInt(n.ad_group_id),
        keywordText: n.keyword_text,
        matchType: n.match_type,
      }));
      const { body: answer } = await ctx.api.send({
        method: 'POST',
        path: '/sb/negativeKeywords',
        accept: SB_V3_MEDIA.keywordResponse,
        body,
        safe: false,
      });
      const results = codeResults(answer, items.length, 'keywordId', (id, i) => ({
        ...items[i]!,
        id,
        state: 'enabled' as const,
        created_at: now.toISOString(),
      }));
      const failed = results.flatMap((r, i) => ('failed' in r ? [`"${items[i]!.keyword_text}": ${r.failed}`] : []));
      if (failed.length)
        throw refusedItem(
          `${failed.length} of ${items.length} negative keyword(s) (${results.length - failed.length} were created)`,
          failed.join('; '),
        );
      return results.map((r) => (r as { entity: RetailAdsSbNegativeKeyword }).entity);
    },
  };

  /** Every creative version of an ad with its moderation, oldest first. */
  async function creativeVersions(ad: RetailAdsSbAd): Promise<RetailAdsModeration[]> {
    const entries = await listByToken<Wire>(
      ctx.api,
      { path: '/sb/ads/creatives/list', contentType: CREATIVE_MEDIA, body: { adId: ad.id, maxResults: 100 } },
      'creatives',
    );
    return entries
      .map((e) => {
        const status = moderationStatus(e.creativeStatus);
        const at = typeof e.creationTime === 'number' ? new Date(e.creationTime).toISOString() : '';
        const decided =
          typeof e.lastUpdateTime === 'number' && status !== 'IN_PROGRESS' ? new Date(e.lastUpdateTime).toISOString() : undefined;
        return {
          ad_id: ad.id,
          version: Number(e.creativeVersion ?? 0),
          status,
          submitted_at: at,
          ...(decided ? { decided_at: decided } : {}),
          // The platform reports moderation per version, not per component.
          components: [{ component: 'creative', status, reasons: [] as string[] }],
        };
      })
      .sort((a, b) => a.version - b.version);
  }

  async function submitCreative(ad: RetailAdsSbAd, creative: RetailAdsSbCreativeContent): Promise<string> {
    if (ad.ad_type === 'productCollection') {
      const { body } = await ctx.api.send<Wire>({
        method: 'POST',
        path: '/sb/ads/creatives/productCollection',
        contentType: CREATIVE_MEDIA,
        body: {
          adId: ad.id,
          creative: {
            asins: creative.asins.slice(0, 3),
            brandName: creative.brand_name,
            brandLogoAssetId: creative.brand_logo_asset_id,
            headline: creative.headline,
            ...(creative.custom_image_asset_id ? { customImageAssetId: creative.custom_image_asset_id } : {}),
          },
        },
        safe: false,
      });
      return idOf(body?.creativeVersion);
    }
    if (ad.ad_type === 'video') {
      const { body } = await ctx.api.send<Wire>({
        method: 'POST',
        path: '/sb/ads/creatives/video',
        contentType: CREATIVE_MEDIA,
        body: { adId: ad.id, creative: { videoAssetIds: [creative.video_asset_id] } },
        safe: false,
      });
      return idOf(body?.creativeVersion);
    }
    throw notSupported(
      `New creatives of ${ad.ad_type} ads cannot be submitted through the platform's public API by this gateway (productCollection and video can).`,
    );
  }

  /** The port's Sponsored Brands operations beyond the entity kinds: negative keywords, brands, creatives and their moderation. */
  const port = {
    listSbNegativeKeywords: negatives.list,
    createSbNegativeKeywords: negatives.create,
    listBrands: brands,
    async submitSbCreative(adId: string, creative: RetailAdsSbCreativeContent, now: Date): Promise<RetailAdsSbAd> {
      const ad = await ctx.get('sb_ad', adId);
      const version = Number(await submitCreative(ad, creative));
      const next = {
        ...creative,
        version: Number.isFinite(version) && version > 0 ? version : (ad.creatives.at(-1)?.version ?? 0) + 1,
        submitted_at: now.toISOString(),
      };
      return { ...ad, creatives: [...ad.creatives, next] };
    },
    getModeration: async (adId: string, _now: Date) => creativeVersions(await ctx.get('sb_ad', adId)),
    listModeration: async (_now: Date) => (await Promise.all((await ctx.list('sb_ad')).map((ad) => creativeVersions(ad)))).flat(),
  } satisfies Partial<RetailAdsPort>;

  return { campaigns, adGroups, ads, productAds, keywords, targets, themes, port };
}
