import type { ConnectedAccount } from '../../../core/accounts';
import { NotFoundError, ToolError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import type {
  RetailAdsEntityKind,
  RetailAdsEntityTypes,
  RetailAdsKeywordRecommendation,
  RetailAdsModeration,
  RetailAdsPort,
  RetailAdsProfile,
  RetailAdsSbAd,
  RetailAdsSbCreativeContent,
} from '../port';
import { assetFamily } from './assets';
import { refusedItem, type Entity, type EntityFamily, type ItemResult, type LiveContext, type NewEntity } from './entities';
import { RetailAdsReports } from './reports';
import { sbFamilies } from './sb';
import { sdFamilies } from './sd';
import { spFamilies, spKeywordRecommendations } from './sp';
import { RetailAdsApi, notSupported, type RefusedHandler, type RetailAdsCredentials, type RetailAdsWire, type WireRequest } from './wire';

/** A profile as GET /v2/profiles lists it. */
export interface WireProfile {
  profileId: unknown;
  countryCode?: string;
  currencyCode?: string;
  dailyBudget?: number;
  timezone?: string;
  accountInfo?: { marketplaceStringId?: string; id?: string; type?: string; name?: string; validPaymentMethod?: boolean };
}

/** The profiles the refresh token's user can manage (no profile scope). */
export async function listWireProfiles(api: RetailAdsWire): Promise<WireProfile[]> {
  const { body } = await api.send<WireProfile[]>({ method: 'GET', path: '/v2/profiles', scoped: false, safe: true });
  return Array.isArray(body) ? body : [];
}

export function profileOf(w: WireProfile): RetailAdsProfile {
  const id = String(w.profileId);
  return {
    id,
    profile_id: id,
    country_code: w.countryCode ?? '',
    currency_code: w.currencyCode ?? '',
    marketplace_string_id: w.accountInfo?.marketplaceStringId ?? '',
    timezone: w.timezone ?? '',
    daily_budget: w.dailyBudget ?? 0,
    account_info: {
      id: w.accountInfo?.id ?? '',
      type: w.accountInfo?.type === 'vendor' ? 'vendor' : 'seller',
      name: w.accountInfo?.name ?? id,
      valid_payment_method: w.accountInfo?.validPaymentMethod ?? false,
    },
  };
}

type Families = { [K in RetailAdsEntityKind]: EntityFamily<K>[] };

/**
 * The retailads port over the retail marketplace's Ads API for one advertising profile (the account
 * id is the profile id, sent as the scope of every call). Sponsored Products, Brands and Display
 * entities come from their own interfaces (sp.ts, sb.ts, sd.ts) behind one family per entity kind
 * and ad product; reads are kept for the port's life (one tool call) and updated by its own writes;
 * reports come from reporting v3 (reports.ts). What the public API does not offer answers a 400
 * `live_not_supported`, never a made-up answer.
 */
export class RetailAdsLive implements RetailAdsPort {
  private readonly ctx: LiveContext;
  private readonly families: Families;
  private readonly sb: ReturnType<typeof sbFamilies>;
  private readonly reports: RetailAdsReports;
  private readonly lists = new Map<RetailAdsEntityKind, Promise<unknown[]>>();

  constructor(
    readonly account: ConnectedAccount,
    call: PortCall,
    refused: RefusedHandler = async (reason, fix) => connectionBroken(account, reason, fix),
  ) {
    this.ctx = {
      api: lazyApi(account, call, refused),
      account,
      currency: account.currency,
      call,
      list: (kind) => this.listEntities(kind),
    };
    const sp = spFamilies(this.ctx);
    this.sb = sbFamilies(this.ctx);
    const sd = sdFamilies(this.ctx);
    this.families = {
      campaign: [sp.campaigns, this.sb.campaigns, sd.campaigns],
      ad_group: [sp.adGroups, this.sb.adGroups, sd.adGroups],
      product_ad: [sp.productAds, this.sb.productAds, sd.productAds],
      keyword: [sp.keywords, this.sb.keywords],
      negative_keyword: [sp.negatives],
      target: [sp.targets, this.sb.targets, sd.targets],
      sb_ad: [this.sb.ads],
      theme: [this.sb.themes],
      asset: [assetFamily(this.ctx)],
    };
    this.reports = new RetailAdsReports(this.ctx);
  }

  async listProfiles(): Promise<RetailAdsProfile[]> {
    const profiles = await listWireProfiles(this.ctx.api);
    return profiles.filter((p) => String(p.profileId) === this.account.account_id).map(profileOf);
  }

  listCampaigns = () => this.listEntities('campaign');
  getCampaign = (id: string) => this.getEntity('campaign', id);
  listAdGroups = () => this.listEntities('ad_group');
  getAdGroup = (id: string) => this.getEntity('ad_group', id);
  listProductAds = () => this.listEntities('product_ad');
  listKeywords = () => this.listEntities('keyword');
  listTargets = () => this.listEntities('target');
  listSbNegativeKeywords = () => this.sb.negatives.list();
  createSbNegativeKeywords: RetailAdsPort['createSbNegativeKeywords'] = (items, now) => this.sb.negatives.create(items, now);
  listBrands = () => this.sb.brands();
  createProductAds: RetailAdsPort['createProductAds'] = (items, now) => this.createEntities('product_ad', items, now);
  getReport: RetailAdsPort['getReport'] = (reportType, start, end) => this.reports.getReport(reportType, start, end);
  getCampaignDays: RetailAdsPort['getCampaignDays'] = (start, end) => this.reports.getCampaignDays(start, end);
  getPlacementReport: RetailAdsPort['getPlacementReport'] = (start, end) => this.reports.getPlacementReport(start, end);

  /** Every entity of a kind over every ad product, read once per port. */
  listEntities<K extends RetailAdsEntityKind>(kind: K): Promise<Entity<K>[]> {
    let read = this.lists.get(kind);
    if (!read) {
      read = Promise.all((this.families[kind] as EntityFamily<K>[]).map((f) => f.list())).then((parts) => parts.flat());
      read.catch(() => this.lists.delete(kind));
      this.lists.set(kind, read);
    }
    return read as Promise<Entity<K>[]>;
  }

  async getEntity<K extends RetailAdsEntityKind>(kind: K, id: string): Promise<Entity<K>> {
    const found = (await this.listEntities(kind)).find((e) => (e as { id: string }).id === id);
    if (!found)
      throw new NotFoundError(`No ${kind.replace(/_/g, ' ')} ${id} exists in profile ${this.account.account_id}.`, { entity: kind, id });
    return found;
  }

  async createEachEntity<K extends RetailAdsEntityKind>(kind: K, items: NewEntity<K>[], _now: Date): Promise<ItemResult<Entity<K>>[]> {
    const families = this.families[kind] as EntityFamily<K>[];
    const campaigns = kind === 'campaign' ? [] : await this.listEntities('campaign');
    const familyOf = (item: NewEntity<K>) => {
      const fields = item as { ad_product?: string; campaign_id?: string };
      const adProduct = fields.ad_product ?? campaigns.find((c) => c.id === fields.campaign_id)?.ad_product;
      return families.find((f) => f.adProduct === adProduct) ?? families[0]!;
    };
    const results: ItemResult<Entity<K>>[] = new Array<ItemResult<Entity<K>>>(items.length);
    for (const family of families) {
      const mine = items.map((item, index) => ({ item, index })).filter(({ item }) => familyOf(item) === family);
      if (!mine.length) continue;
      const created = await family.create(mine.map(({ item }) => item));
      mine.forEach(({ index }, i) => (results[index] = created[i]!));
    }
    const made = results.flatMap((r) => ('entity' in r ? [r.entity] : []));
    if (made.length) {
      const list = this.lists.get(kind);
      if (list)
        this.lists.set(
          kind,
          list.then((entities) => [...entities, ...made]),
        );
      // Lists derived from this kind (Sponsored Brands products come from its ads) are read again.
      if (kind === 'sb_ad') this.lists.delete('product_ad');
    }
    return results;
  }

  async createEntities<K extends RetailAdsEntityKind>(kind: K, items: NewEntity<K>[], now: Date): Promise<Entity<K>[]> {
    const results = await this.createEachEntity(kind, items, now);
    const failed = results.flatMap((r, i) => ('failed' in r ? [`#${i + 1}: ${r.failed}`] : []));
    if (failed.length) {
      const created = results.flatMap((r) => ('entity' in r ? [(r.entity as { id: string }).id] : []));
      throw refusedItem(
        `${failed.length} of ${items.length} new ${kind.replace(/_/g, ' ')}(s)${created.length ? ` (the others were created: ${created.join(', ')})` : ''}`,
        failed.join('; '),
      );
    }
    return results.map((r) => (r as { entity: Entity<K> }).entity);
  }

  async updateEntity<K extends RetailAdsEntityKind>(
    kind: K,
    id: string,
    patch: Partial<RetailAdsEntityTypes[K]>,
    _now: Date,
    expect?: Partial<RetailAdsEntityTypes[K]>,
  ): Promise<Entity<K>> {
    const current = await this.getEntity(kind, id);
    const fields = current as unknown as Record<string, unknown>;
    if (fields.state === 'ARCHIVED' || fields.state === 'archived')
      throw new ToolError(`The ${kind.replace(/_/g, ' ')} ${id} is archived; archiving is final, so it cannot be changed.`);
    for (const [field, value] of Object.entries(expect ?? {}))
      if (JSON.stringify(fields[field]) !== JSON.stringify(value))
        throw new ToolError(
          `The ${kind.replace(/_/g, ' ')} ${id} changed since this change was planned (${field} is now ${String(fields[field])}). Nothing was changed; plan it again.`,
        );
    const adProduct =
      (fields.ad_product as string | undefined) ?? (await this.getEntity('campaign', String(fields.campaign_id))).ad_product;
    const families = this.families[kind] as EntityFamily<K>[];
    const family = families.find((f) => f.adProduct === adProduct) ?? families[0]!;
    const updated = await family.update(current, patch);
    const list = this.lists.get(kind);
    if (list)
      this.lists.set(
        kind,
        list.then((entities) => entities.map((e) => ((e as { id: string }).id === id ? updated : e))),
      );
    return updated;
  }

  async submitSbCreative(adId: string, creative: RetailAdsSbCreativeContent, now: Date): Promise<RetailAdsSbAd> {
    const ad = await this.getEntity('sb_ad', adId);
    const version = Number(await this.sb.submitCreative(ad, creative));
    const next = {
      ...creative,
      version: Number.isFinite(version) && version > 0 ? version : (ad.creatives.at(-1)?.version ?? 0) + 1,
      submitted_at: now.toISOString(),
    };
    return { ...ad, creatives: [...ad.creatives, next] };
  }

  async getModeration(adId: string, _now: Date): Promise<RetailAdsModeration[]> {
    return this.sb.creativeVersions(await this.getEntity('sb_ad', adId));
  }

  async listModeration(_now: Date): Promise<RetailAdsModeration[]> {
    const ads = await this.listEntities('sb_ad');
    return (await Promise.all(ads.map((ad) => this.sb.creativeVersions(ad)))).flat();
  }

  async getKeywordRecommendations(
    source: { adGroupId: string } | { asins: string[] },
    max: number,
  ): Promise<RetailAdsKeywordRecommendation[]> {
    let request: { adGroupId: string; campaignId: string } | { asins: string[] };
    if ('adGroupId' in source) {
      const group = await this.getEntity('ad_group', source.adGroupId);
      if (group.ad_product === 'SPONSORED_BRANDS') {
        // The platform ranks suggestions for an ad group of Sponsored Products only: a Sponsored Brands
        // ad group is asked for by the products its ads show.
        const ads = (await this.listEntities('sb_ad')).filter((ad) => ad.ad_group_id === group.id);
        const asins = [...new Set(ads.flatMap((ad) => ad.creatives.at(-1)?.asins ?? []))];
        if (!asins.length)
          throw notSupported(
            `The platform's public API suggests keywords for products: the Sponsored Brands ad group ${group.id} has no ad with products yet; ask with asins instead.`,
          );
        request = { asins };
      } else if (group.ad_product !== 'SPONSORED_PRODUCTS')
        throw notSupported(
          "The platform's public API ranks keyword suggestions for Sponsored Products ad groups and products only; ask with the ASINs of the ad group's ads (asins).",
        );
      else request = { adGroupId: group.id, campaignId: group.campaign_id };
    } else request = { asins: source.asins };
    const ranked = await spKeywordRecommendations(this.ctx, request, max);
    const from = 'adGroupId' in source ? source.adGroupId : source.asins.join(',');
    return ranked.slice(0, max).map((r, i) => {
      const suggested = r.suggestedBid?.suggested ?? r.bid ?? 0;
      return {
        keyword: r.keyword,
        match_type: (r.matchType.toUpperCase() as RetailAdsKeywordRecommendation['match_type']) ?? 'BROAD',
        rank: r.rank ?? i + 1,
        suggested_bid: suggested,
        bid_range_low: r.suggestedBid?.rangeStart ?? suggested,
        bid_range_high: r.suggestedBid?.rangeEnd ?? suggested,
        // The platform ranks suggestions without a search volume: interest is the rank's place in the list.
        search_interest: Math.max(1, Math.round(100 * (1 - i / Math.max(1, ranked.length)))),
        source: from,
      };
    });
  }
}

/**
 * The API of a port, its stored credentials decrypted on first use (opening a port must not fail
 * before the tool runs), and the connection marked healthy again after a call that worked.
 */
function lazyApi(account: ConnectedAccount, call: PortCall, refused: RefusedHandler): RetailAdsWire {
  let api: Promise<RetailAdsApi> | undefined;
  const ready = () =>
    (api ??= credentialsOf<RetailAdsCredentials>(account).then((c) => new RetailAdsApi(c, account.account_id, call, refused)));
  return {
    profileId: account.account_id,
    async send<T>(request: WireRequest) {
      const result = await (await ready()).send<T>(request);
      if (account.health && !account.health.healthy) {
        await connectionHealthy(account);
        account.health = { ...account.health, healthy: true, detail: 'ok' };
      }
      return result;
    },
    loadSettings: async () => (await ready()).loadSettings(),
  };
}
