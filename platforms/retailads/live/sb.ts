/**
 * Sponsored Brands on the wire: campaigns, ad groups, ads and creative versions through the v4
 * interface (`/sb/v4/...`, `/sb/ads/creatives/...`, vendor media types, `nextToken` paging, 207
 * multi-status), and keywords, negative keywords, product targets, themes and brands through the
 * v3 interface (`/sb/keywords`...: startIndex/count or `nextToken` paging, integer ids, lowercase
 * states, a result per item). Sponsored Brands ads carry their products in the creative: the
 * "product ads" of a Sponsored Brands ad group are the ASINs of its ads.
 */
import type {
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
  expressionText,
  lowerState,
  multiStatus,
  portState,
  predicatesOf,
  refusedItem,
  single,
  codeResults,
  type EntityFamily,
  type ItemResult,
  type LiveContext,
} from './entities';
import { checkMoney } from './money';
import { idOf, listByIndex, listByToken, notSupported, wireInt } from './wire';

type Wire = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

const V4 = {
  campaigns: {
    path: '/sb/v4/campaigns',
    media: 'application/vnd.sbcampaignresource.v4+json',
    key: 'campaigns',
    filter: 'campaignIdFilter',
  },
  adGroups: { path: '/sb/v4/adGroups', media: 'application/vnd.sbadgroupresource.v4+json', key: 'adGroups', filter: 'adGroupIdFilter' },
  ads: { path: '/sb/v4/ads', media: 'application/vnd.sbadresource.v4+json', key: 'ads', filter: 'adIdFilter' },
} as const;
type V4Resource = (typeof V4)[keyof typeof V4];
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

function listV4(ctx: LiveContext, resource: V4Resource): Promise<Wire[]> {
  return listByToken<Wire>(
    ctx.api,
    {
      path: `${resource.path}/list`,
      contentType: resource.media,
      body: { maxResults: 100, stateFilter: { include: ['ENABLED', 'PAUSED', 'ARCHIVED'] } },
    },
    resource.key,
  );
}

async function createV4<T>(
  ctx: LiveContext,
  resource: V4Resource,
  path: string,
  items: Wire[],
  map: (wire: Wire) => T,
): Promise<ItemResult<T>[]> {
  if (!items.length) return [];
  const { body } = await ctx.api.send({ method: 'POST', path, contentType: resource.media, body: { [resource.key]: items }, safe: false });
  const entityKey = resource.key.replace(/s$/, '');
  return multiStatus(body, resource.key, items.length, (item, index) =>
    map({ ...items[index], ...(item[entityKey] as Wire | undefined), ...pickId(item) }),
  );
}

/** The id fields of a success item (`campaignId`, `adGroupId`, `adId`). */
const pickId = (item: Wire) => Object.fromEntries(Object.entries(item).filter(([k]) => /Id$/.test(k)));

async function putV4(ctx: LiveContext, resource: V4Resource, item: Wire, what: string): Promise<void> {
  const { body } = await ctx.api.send({
    method: 'PUT',
    path: resource.path,
    contentType: resource.media,
    body: { [resource.key]: [item] },
    safe: false,
  });
  single(multiStatus(body, resource.key, 1, () => true)[0], what);
}

async function archiveV4(ctx: LiveContext, resource: V4Resource, id: string, what: string): Promise<void> {
  const { body } = await ctx.api.send({
    method: 'POST',
    path: `${resource.path}/delete`,
    contentType: resource.media,
    body: { [resource.filter]: { include: [id] } },
    safe: false,
  });
  single(multiStatus(body, resource.key, 1, () => true)[0], what);
}

const upper = (state: string) => (state.toUpperCase() === 'ENABLED' ? 'ENABLED' : 'PAUSED');

export function sbFamilies(ctx: LiveContext) {
  const money = (kind: 'bid' | 'budget', amount: number) => checkMoney(kind, amount, ctx.currency);
  let brandsRead: Promise<RetailAdsBrand[]> | undefined;
  const brands = () =>
    (brandsRead ??= ctx.api.send<Wire[]>({ method: 'GET', path: '/brands', accept: SB_V3_MEDIA.brands, safe: true }).then(({ body }) =>
      (Array.isArray(body) ? body : []).map((b) => ({
        brand_id: idOf(b.brandId),
        brand_entity_id: idOf(b.brandEntityId),
        brand_registry_name: String(b.brandRegistryName ?? ''),
      })),
    ));

  const campaignOf = (w: Wire): RetailAdsCampaign => ({
    id: idOf(w.campaignId),
    name: String(w.name ?? ''),
    ad_product: 'SPONSORED_BRANDS',
    state: portState(w.state),
    daily_budget: num(w.budget),
    start_date: String(w.startDate ?? ''),
    ...(typeof w.endDate === 'string' && w.endDate ? { end_date: w.endDate } : {}),
    ...(typeof w.brandEntityId === 'string' && w.brandEntityId ? { brand_entity_id: w.brandEntityId } : {}),
  });
  const campaigns: EntityFamily<'campaign'> = {
    kind: 'campaign',
    adProduct: 'SPONSORED_BRANDS',
    list: async () => (await listV4(ctx, V4.campaigns)).map(campaignOf),
    async create(items) {
      const fallbackBrand = items.some((c) => !c.brand_entity_id) ? (await brands())[0]?.brand_entity_id : undefined;
      return createV4(
        ctx,
        V4.campaigns,
        V4.campaigns.path,
        items.map((c) => ({
          name: c.name,
          state: upper(c.state),
          budget: money('budget', c.daily_budget),
          budgetType: 'DAILY',
          startDate: c.start_date,
          ...(c.end_date ? { endDate: c.end_date } : {}),
          ...((c.brand_entity_id ?? fallbackBrand) ? { brandEntityId: c.brand_entity_id ?? fallbackBrand } : {}),
        })),
        campaignOf,
      );
    },
    async update(current, patch) {
      if (patch.state === 'ARCHIVED') {
        await archiveV4(ctx, V4.campaigns, current.id, `archiving campaign ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      if ('end_date' in patch && !patch.end_date)
        throw notSupported("The platform's Sponsored Brands interface cannot remove a campaign's end date; set a later end date instead.");
      if (patch.bidding_strategy !== undefined || patch.placement_adjustments !== undefined)
        throw notSupported('Bidding strategies and placement adjustments apply to Sponsored Products campaigns only.');
      await putV4(
        ctx,
        V4.campaigns,
        {
          campaignId: current.id,
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.state !== undefined ? { state: upper(patch.state) } : {}),
          ...(patch.daily_budget !== undefined ? { budget: money('budget', patch.daily_budget) } : {}),
          ...(patch.end_date ? { endDate: patch.end_date } : {}),
        },
        `the change of campaign ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

  const adGroupOf = (w: Wire): RetailAdsAdGroup => ({
    id: idOf(w.adGroupId),
    campaign_id: idOf(w.campaignId),
    ad_product: 'SPONSORED_BRANDS',
    name: String(w.name ?? ''),
    state: portState(w.state),
    // Sponsored Brands ad groups have no default bid on the platform: each keyword and target has its own.
    default_bid: 0,
  });
  const adGroups: EntityFamily<'ad_group'> = {
    kind: 'ad_group',
    adProduct: 'SPONSORED_BRANDS',
    list: async () => (await listV4(ctx, V4.adGroups)).map(adGroupOf),
    create: (items) =>
      createV4(
        ctx,
        V4.adGroups,
        V4.adGroups.path,
        items.map((g) => ({ campaignId: g.campaign_id, name: g.name, state: upper(g.state) })),
        adGroupOf,
      ),
    async update(current, patch) {
      if (patch.state === 'ARCHIVED') {
        await archiveV4(ctx, V4.adGroups, current.id, `archiving ad group ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      if (patch.default_bid !== undefined)
        throw notSupported(
          'Sponsored Brands ad groups have no default bid on the platform; change the bids of their keywords and targets.',
        );
      await putV4(
        ctx,
        V4.adGroups,
        {
          adGroupId: current.id,
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.state !== undefined ? { state: upper(patch.state) } : {}),
        },
        `the change of ad group ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

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
  const ads: EntityFamily<'sb_ad'> = {
    kind: 'sb_ad',
    adProduct: 'SPONSORED_BRANDS',
    list: async () => (await listV4(ctx, V4.ads)).map(adOf),
    async create(items) {
      const results: ItemResult<RetailAdsSbAd>[] = [];
      for (const ad of items) {
        const creative = ad.creatives.at(-1)!;
        const base = { name: ad.name, state: upper(ad.state), adGroupId: ad.ad_group_id };
        if (ad.ad_type === 'productCollection') {
          const [result] = await createV4(
            ctx,
            V4.ads,
            `${V4.ads.path}/productCollection`,
            [
              {
                ...base,
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
              },
            ],
            (w) => adOf({ ...w, campaignId: ad.campaign_id, creative: { ...(w.creative as Wire), type: 'PRODUCT_COLLECTION' } }),
          );
          results.push(result!);
        } else if (ad.ad_type === 'video') {
          const [result] = await createV4(
            ctx,
            V4.ads,
            `${V4.ads.path}/video`,
            [{ ...base, creative: { asins: creative.asins, videoAssetIds: [creative.video_asset_id] } }],
            (w) => adOf({ ...w, campaignId: ad.campaign_id, creative: { ...(w.creative as Wire), type: 'VIDEO' } }),
          );
          results.push(result!);
        } else {
          results.push({
            failed: `${ad.ad_type} ads cannot be created through the platform's public API by this gateway (productCollection and video can)`,
          });
        }
      }
      return results;
    },
    async update(current, patch) {
      if (patch.state === 'ARCHIVED') {
        await archiveV4(ctx, V4.ads, current.id, `archiving ad ${current.id}`);
        return { ...current, state: 'ARCHIVED' };
      }
      if (patch.creatives !== undefined) throw notSupported('A new creative goes through submitSbCreative.');
      await putV4(
        ctx,
        V4.ads,
        {
          adId: current.id,
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.state !== undefined ? { state: upper(patch.state) } : {}),
        },
        `the change of ad ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

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
  const keywordOf = (w: Wire): RetailAdsKeyword => ({
    id: idOf(w.keywordId),
    campaign_id: idOf(w.campaignId),
    ad_group_id: idOf(w.adGroupId),
    ad_product: 'SPONSORED_BRANDS',
    keyword_text: String(w.keywordText ?? ''),
    match_type: String(w.matchType ?? 'broad').toUpperCase() as RetailAdsMatchType,
    bid: bidOr(w.bid, 0),
    state: lowerState(w.state),
  });
  /** Sets the v3 states after creation (the v3 creates take none: new keywords and targets start enabled). */
  async function pauseCreated<T extends { id: string; state: string }>(
    results: ItemResult<T>[],
    wanted: string[],
    pause: (items: T[]) => Promise<void>,
  ): Promise<ItemResult<T>[]> {
    const toPause = results.flatMap((r, i) => ('entity' in r && wanted[i] !== 'enabled' ? [r.entity] : []));
    if (toPause.length) await pause(toPause);
    return results.map((r, i) => ('entity' in r ? { entity: { ...r.entity, state: wanted[i] === 'enabled' ? 'enabled' : 'paused' } } : r));
  }
  async function putKeywords(items: Wire[]): Promise<ItemResult<true>[]> {
    const { body } = await ctx.api.send({
      method: 'PUT',
      path: '/sb/keywords',
      accept: SB_V3_MEDIA.keywordResponse,
      body: items,
      safe: false,
    });
    return codeResults(body, items.length, 'keywordId', () => true as const);
  }
  const keywords: EntityFamily<'keyword'> = {
    kind: 'keyword',
    adProduct: 'SPONSORED_BRANDS',
    list: async () =>
      (
        await listByIndex<Wire>(ctx.api, {
          path: '/sb/keywords',
          accept: SB_V3_MEDIA.keywords,
          query: { stateFilter: 'enabled,paused,archived' },
        })
      ).map(keywordOf),
    async create(items) {
      const body = items.map((k) => ({
        campaignId: wireInt(k.campaign_id),
        adGroupId: wireInt(k.ad_group_id),
        keywordText: k.keyword_text,
        matchType: k.match_type.toLowerCase(),
        ...(k.bid > 0 ? { bid: money('bid', k.bid) } : {}),
      }));
      const { body: answer } = await ctx.api.send({
        method: 'POST',
        path: '/sb/keywords',
        accept: SB_V3_MEDIA.keywordResponse,
        body,
        safe: false,
      });
      const results = codeResults(answer, items.length, 'keywordId', (id, i) => ({
        ...items[i]!,
        id,
        state: 'enabled' as RetailAdsKeyword['state'],
      }));
      return pauseCreated(
        results,
        items.map((k) => String(k.state).toLowerCase()),
        async (created) => {
          const paused = await putKeywords(
            created.map((k) => ({
              keywordId: wireInt(k.id),
              adGroupId: wireInt(k.ad_group_id),
              campaignId: wireInt(k.campaign_id),
              state: 'paused',
            })),
          );
          paused.forEach((r, i) => {
            if ('failed' in r) throw refusedItem(`pausing new keyword ${created[i]!.id}`, r.failed);
          });
        },
      );
    },
    async update(current, patch) {
      const [result] = await putKeywords([
        {
          keywordId: wireInt(current.id),
          adGroupId: wireInt(current.ad_group_id),
          campaignId: wireInt(current.campaign_id),
          ...(patch.state !== undefined ? { state: String(patch.state).toLowerCase() } : {}),
          ...(patch.bid !== undefined ? { bid: money('bid', patch.bid) } : {}),
        },
      ]);
      single(result, `the change of keyword ${current.id}`);
      return { ...current, ...patch };
    },
  };

  const targetOf = (w: Wire): RetailAdsTarget => ({
    id: idOf(w.targetId),
    campaign_id: idOf(w.campaignId),
    ad_group_id: idOf(w.adGroupId),
    ad_product: 'SPONSORED_BRANDS',
    expression: expressionText((w.expressions ?? []) as Wire[]),
    expression_type: 'MANUAL',
    bid: bidOr(w.bid, 0),
    state: lowerState(w.state),
  });
  /** Results of the v3 target and theme writes: success and error lists that name the item's index. */
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
  async function putTargets(items: Wire[]): Promise<ItemResult<true>[]> {
    const { body } = await ctx.api.send<Wire>({
      method: 'PUT',
      path: '/sb/targets',
      accept: SB_V3_MEDIA.targetsUpdate,
      body: { targets: items },
      safe: false,
    });
    return indexedResults(
      body?.updateTargetSuccessResults,
      body?.updateTargetErrorResults,
      items.length,
      'targetRequestIndex',
      () => true as const,
    );
  }
  const targets: EntityFamily<'target'> = {
    kind: 'target',
    adProduct: 'SPONSORED_BRANDS',
    list: async () =>
      (
        await listByToken<Wire>(
          ctx.api,
          {
            path: '/sb/targets/list',
            accept: SB_V3_MEDIA.targetsList,
            body: { maxResults: 5000, filters: [{ filterType: 'TARGETING_STATE', values: ['enabled', 'paused', 'archived'] }] },
          },
          'targets',
        )
      ).map(targetOf),
    async create(items) {
      const body = items.map((t) => ({
        campaignId: wireInt(t.campaign_id),
        adGroupId: wireInt(t.ad_group_id),
        expressions: predicatesOf(t.expression).map((p) => ({ type: p.type, value: p.value ?? '' })),
        ...(t.bid > 0 ? { bid: money('bid', t.bid) } : {}),
      }));
      const { body: answer } = await ctx.api.send<Wire>({
        method: 'POST',
        path: '/sb/targets',
        accept: SB_V3_MEDIA.targetsCreate,
        body: { targets: body },
        safe: false,
      });
      const results = indexedResults(
        answer?.createTargetSuccessResults,
        answer?.createTargetErrorResults,
        items.length,
        'targetRequestIndex',
        (item, i) => ({
          ...items[i]!,
          id: idOf(item.targetId),
          state: 'enabled' as RetailAdsTarget['state'],
        }),
      );
      return pauseCreated(
        results,
        items.map((t) => String(t.state).toLowerCase()),
        async (created) => {
          const paused = await putTargets(
            created.map((t) => ({ targetId: wireInt(t.id), adGroupId: wireInt(t.ad_group_id), state: 'paused' })),
          );
          paused.forEach((r, i) => {
            if ('failed' in r) throw refusedItem(`pausing new target ${created[i]!.id}`, r.failed);
          });
        },
      );
    },
    async update(current, patch) {
      const [result] = await putTargets([
        {
          targetId: wireInt(current.id),
          adGroupId: wireInt(current.ad_group_id),
          ...(patch.state !== undefined ? { state: String(patch.state).toLowerCase() } : {}),
          ...(patch.bid !== undefined ? { bid: money('bid', patch.bid) } : {}),
        },
      ]);
      single(result, `the change of target ${current.id}`);
      return { ...current, ...patch };
    },
  };

  const themeOf = (w: Wire): RetailAdsTheme => ({
    id: idOf(w.themeId),
    campaign_id: idOf(w.campaignId),
    ad_group_id: idOf(w.adGroupId),
    theme_type: String(w.themeType) as RetailAdsTheme['theme_type'],
    bid: num(w.bid),
    state: lowerState(w.state),
  });
  async function putThemes(items: Wire[]): Promise<ItemResult<true>[]> {
    const { body } = await ctx.api.send<Wire>({
      method: 'PUT',
      path: '/sb/themes',
      accept: SB_V3_MEDIA.themesUpdate,
      body: { themes: items },
      safe: false,
    });
    return indexedResults(body?.success, body?.error, items.length, 'index', () => true as const);
  }
  const themes: EntityFamily<'theme'> = {
    kind: 'theme',
    adProduct: 'SPONSORED_BRANDS',
    list: async () =>
      (
        await listByToken<Wire>(ctx.api, { path: '/sb/themes/list', accept: SB_V3_MEDIA.themesList, body: { maxResults: 100 } }, 'themes')
      ).map(themeOf),
    async create(all) {
      // The platform needs a bid for every theme, and a Sponsored Brands ad group has no default bid to fall back on.
      const items = all.filter((t) => t.bid > 0);
      const sent: ItemResult<RetailAdsTheme>[] = [];
      if (items.length) {
        const body = items.map((t) => ({
          campaignId: t.campaign_id,
          adGroupId: t.ad_group_id,
          themeType: t.theme_type,
          bid: money('bid', t.bid),
        }));
        const { body: answer } = await ctx.api.send<Wire>({
          method: 'POST',
          path: '/sb/themes',
          accept: SB_V3_MEDIA.themesCreate,
          body: { themes: body },
          safe: false,
        });
        sent.push(
          ...indexedResults(answer?.success, answer?.error, items.length, 'index', (item, i) => ({
            ...items[i]!,
            id: idOf(item.themeId),
            state: 'enabled' as const,
          })),
        );
      }
      const results = all.map((t) =>
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
        async (created) => {
          const paused = await putThemes(created.map((t) => ({ themeId: t.id, adGroupId: t.ad_group_id, state: 'paused' })));
          paused.forEach((r, i) => {
            if ('failed' in r) throw refusedItem(`pausing new theme ${created[i]!.id}`, r.failed);
          });
        },
      );
    },
    async update(current, patch) {
      const [result] = await putThemes([
        {
          themeId: current.id,
          adGroupId: current.ad_group_id,
          ...(patch.state !== undefined ? { state: patch.state } : {}),
          ...(patch.bid !== undefined ? { bid: money('bid', patch.bid) } : {}),
        },
      ]);
      single(result, `the change of theme ${current.id}`);
      return { ...current, ...patch };
    },
  };

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

  return { campaigns, adGroups, ads, productAds, keywords, targets, themes, negatives, brands, creativeVersions, submitCreative };
}
