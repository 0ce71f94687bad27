import { ToolError } from '../../core/errors';
import type { ConnectedAccount } from '../../core/accounts';
import { addDays, isoDate } from '../../core/dates';
import { digits, idSource } from '../sandbox/ids';
import { hash32, type PerformanceTier } from '../sandbox/metrics';
import type { HistoryEntry } from '../sandbox/history';
import { SandboxPlatform } from '../sandbox/platform';
import { SandboxStore } from '../sandbox/store';
import { buildPlacementReport, buildReport, type ReportEntities, type Stored } from './sandbox/reports';
import { moderationOf } from './sandbox/moderation';
import { simulateDelivery } from './sandbox/delivery';
import {
  type RetailAdsAsset,
  type RetailAdsBrand,
  type RetailAdsEntityKind,
  type RetailAdsEntityTypes,
  type RetailAdsItemResult,
  type RetailAdsModeration,
  type RetailAdsNegativeKeyword,
  type RetailAdsSbAd,
  type RetailAdsSbCreativeContent,
  type RetailAdsAdGroup,
  type RetailAdsAdProduct,
  type RetailAdsCampaign,
  type RetailAdsKeyword,
  type RetailAdsKeywordRecommendation,
  type RetailAdsMatchType,
  type RetailAdsPort,
  type RetailAdsProductAd,
  type RetailAdsProfile,
  type RetailAdsReportRow,
  type RetailAdsReportTypeId,
  type RetailAdsSbNegativeKeyword,
  type RetailAdsTarget,
  isArchived,
  statesOf,
} from './port';

/** Entity kinds of the retailads sandbox (the sort-key prefixes). */
export const KIND = {
  profile: 'profile',
  campaign: 'campaign',
  adGroup: 'ad_group',
  productAd: 'product_ad',
  keyword: 'keyword',
  target: 'target',
  sbNegativeKeyword: 'sb_negative_keyword',
  negativeKeyword: 'negative_keyword',
  sbAd: 'sb_ad',
  theme: 'theme',
  asset: 'asset',
} as const;

const human = (kind: string) => kind.replace(/_/g, ' ');

/** A new sandbox profile id, shaped like the real platform's. */
export const newRetailAdsProfileId = () => digits(16);

/** The entity as the platform returns it: without the sandbox's tier. */
function withoutTier<T>({ performance: _tier, ...entity }: Stored<T>): T {
  return entity as T;
}

/** The simulated retailads platform for one sandbox account. */
export class RetailAdsSandbox extends SandboxPlatform implements RetailAdsPort {
  listProfiles(): Promise<RetailAdsProfile[]> {
    return this.store.list<RetailAdsProfile>(KIND.profile);
  }

  async listCampaigns(): Promise<RetailAdsCampaign[]> {
    return (await this.store.list<Stored<RetailAdsCampaign>>(KIND.campaign)).map(withoutTier);
  }

  async getCampaign(campaignId: string): Promise<RetailAdsCampaign> {
    return withoutTier(await this.store.require<Stored<RetailAdsCampaign>>(KIND.campaign, campaignId));
  }

  async listAdGroups(): Promise<RetailAdsAdGroup[]> {
    return (await this.store.list<Stored<RetailAdsAdGroup>>(KIND.adGroup)).map(withoutTier);
  }

  async getAdGroup(adGroupId: string): Promise<RetailAdsAdGroup> {
    return withoutTier(await this.store.require<Stored<RetailAdsAdGroup>>(KIND.adGroup, adGroupId));
  }

  async listProductAds(): Promise<RetailAdsProductAd[]> {
    return (await this.store.list<Stored<RetailAdsProductAd>>(KIND.productAd)).map(withoutTier);
  }

  async listKeywords(): Promise<RetailAdsKeyword[]> {
    return (await this.store.list<Stored<RetailAdsKeyword>>(KIND.keyword)).map(withoutTier);
  }

  async listTargets(): Promise<RetailAdsTarget[]> {
    return (await this.store.list<Stored<RetailAdsTarget>>(KIND.target)).map(withoutTier);
  }

  listSbNegativeKeywords(): Promise<RetailAdsSbNegativeKeyword[]> {
    return this.store.list<RetailAdsSbNegativeKeyword>(KIND.sbNegativeKeyword);
  }

  async listEntities<K extends RetailAdsEntityKind>(kind: K): Promise<RetailAdsEntityTypes[K][]> {
    return (await this.store.list<Stored<RetailAdsEntityTypes[K]>>(kind)).map((e) => withoutTier(e as Stored<RetailAdsEntityTypes[K]>));
  }

  async getEntity<K extends RetailAdsEntityKind>(kind: K, id: string): Promise<RetailAdsEntityTypes[K]> {
    return withoutTier(await this.store.require<Stored<RetailAdsEntityTypes[K]>>(kind, id));
  }

  async createEntities<K extends RetailAdsEntityKind>(
    kind: K,
    items: Omit<RetailAdsEntityTypes[K], 'id'>[],
    _now: Date,
  ): Promise<RetailAdsEntityTypes[K][]> {
    const created: RetailAdsEntityTypes[K][] = [];
    for (const item of items) {
      const fields = item as Record<string, unknown>;
      if (fields.state !== undefined && !statesOf(kind, fields).includes(fields.state as string)) {
        throw new ToolError(
          `A ${human(kind)} cannot be created in state ${String(fields.state)}: its states are ${statesOf(kind, fields).join(', ')}.`,
        );
      }
      for (const [parentKind, field] of [
        ['campaign', 'campaign_id'],
        ['ad_group', 'ad_group_id'],
      ] as const) {
        const parentId = fields[field] as string | undefined;
        if (!parentId || kind === parentKind) continue;
        const parent = await this.store.get<{ id: string; state: string; campaign_id?: string }>(parentKind, parentId);
        if (!parent) throw new ToolError(`No ${human(parentKind)} ${parentId} exists in profile ${this.account.account_id}.`);
        if (isArchived(parent.state)) throw new ToolError(`${human(parentKind)} ${parentId} is archived: nothing can be added to it.`);
        if (parentKind === 'ad_group' && parent.campaign_id !== fields.campaign_id)
          throw new ToolError(`Ad group ${parentId} is not an ad group of campaign ${String(fields.campaign_id)}.`);
      }
      const id = kind === 'asset' ? `amzn1.assetlibrary.asset1.${digits(12)}` : digits(15);
      const entity = { ...fields, id, ...(kind === 'asset' ? {} : { performance: 'new' }) } as unknown as Stored<RetailAdsEntityTypes[K]>;
      created.push(withoutTier(await this.store.create(kind, entity)));
    }
    return created;
  }

  async createEachEntity<K extends RetailAdsEntityKind>(
    kind: K,
    items: Omit<RetailAdsEntityTypes[K], 'id'>[],
    now: Date,
  ): Promise<RetailAdsItemResult<RetailAdsEntityTypes[K]>[]> {
    const results: RetailAdsItemResult<RetailAdsEntityTypes[K]>[] = [];
    for (const item of items) {
      try {
        const [entity] = await this.createEntities(kind, [item], now);
        results.push({ entity: entity! });
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
        results.push({ failed: err.message });
      }
    }
    return results;
  }

  async updateEntity<K extends RetailAdsEntityKind>(
    kind: K,
    id: string,
    patch: Partial<RetailAdsEntityTypes[K]>,
    now: Date,
    expect?: Partial<RetailAdsEntityTypes[K]>,
  ): Promise<RetailAdsEntityTypes[K]> {
    const current = await this.store.require<Stored<RetailAdsEntityTypes[K]>>(kind, id);
    const fields = current as unknown as Record<string, unknown>;
    if (isArchived(fields.state)) throw new ToolError(`The ${human(kind)} ${id} is archived; archiving is final, so it cannot be changed.`);
    const state = (patch as Record<string, unknown>).state;
    if (state !== undefined && !statesOf(kind, fields).includes(state as string)) {
      throw new ToolError(
        `The ${human(kind)} ${id} cannot take state ${String(state)}: its states are ${statesOf(kind, fields).join(', ')}.`,
      );
    }
    return withoutTier(
      await this.store.update<Stored<RetailAdsEntityTypes[K]>>(kind, id, patch as Record<string, unknown>, {
        now,
        expect: expect as Record<string, unknown> | undefined,
      }),
    );
  }

  createProductAds(items: Omit<RetailAdsProductAd, 'id'>[], now: Date): Promise<RetailAdsProductAd[]> {
    return this.createEntities('product_ad', items, now);
  }

  async submitSbCreative(adId: string, creative: RetailAdsSbCreativeContent, now: Date): Promise<RetailAdsSbAd> {
    const ad = await this.getEntity('sb_ad', adId);
    const version = { ...creative, version: (ad.creatives.at(-1)?.version ?? 0) + 1, submitted_at: now.toISOString() };
    return this.updateEntity('sb_ad', adId, { creatives: [...ad.creatives, version] }, now);
  }

  async getModeration(adId: string, now: Date): Promise<RetailAdsModeration[]> {
    const [ad, assets] = await Promise.all([this.getEntity('sb_ad', adId), this.store.list<RetailAdsAsset>(KIND.asset)]);
    return moderationOf(ad, new Map(assets.map((a) => [a.id, a])), now);
  }

  async listModeration(now: Date): Promise<RetailAdsModeration[]> {
    const [ads, assets] = await Promise.all([this.listEntities('sb_ad'), this.store.list<RetailAdsAsset>(KIND.asset)]);
    const byId = new Map(assets.map((a) => [a.id, a]));
    return ads.flatMap((ad) => moderationOf(ad, byId, now));
  }

  async listBrands(): Promise<RetailAdsBrand[]> {
    const [profile] = await this.listProfiles();
    const name = profile?.account_info.name ?? 'Brand';
    return [
      {
        brand_id: `${hash32(`brand|${this.account.account_id}`)}`,
        brand_entity_id: `ENTITY${String(hash32(`entity|${this.account.account_id}`)).padStart(10, '0')}`,
        brand_registry_name: name,
      },
    ];
  }

  async getReport(reportType: RetailAdsReportTypeId, start: string, end: string): Promise<RetailAdsReportRow[]> {
    return buildReport(reportType, await this.reportEntities(), start, end);
  }

  async getCampaignDays(start: string, end: string): Promise<{ campaign_id: string; date: string; spend: number; daily_budget: number }[]> {
    const delivery = simulateDelivery(await this.reportEntities(), start, end, isoDate(new Date()));
    return [...delivery.campaignDays.entries()].flatMap(([campaignId, days]) => days.map((d) => ({ campaign_id: campaignId, ...d })));
  }

  async getPlacementReport(start: string, end: string): Promise<RetailAdsReportRow[]> {
    return buildPlacementReport(await this.reportEntities(), start, end);
  }

  async getKeywordRecommendations(
    source: { adGroupId: string } | { asins: string[] },
    max: number,
  ): Promise<RetailAdsKeywordRecommendation[]> {
    const productAds = await this.store.list<RetailAdsProductAd>(KIND.productAd);
    let asins: string[];
    let exclude = new Set<string>();
    if ('adGroupId' in source) {
      asins = productAds.filter((p) => p.ad_group_id === source.adGroupId).map((p) => p.asin);
      const keywords = (await this.store.list<RetailAdsKeyword>(KIND.keyword)).filter((k) => k.ad_group_id === source.adGroupId);
      exclude = new Set(keywords.map((k) => `${k.keyword_text}|${k.match_type}`));
    } else {
      asins = source.asins;
    }
    return recommendKeywords(asins, productAds, exclude, max);
  }

  /** The stored entities, tiers and change histories included, that report rows are simulated from. */
  private async reportEntities(): Promise<ReportEntities> {
    const withHistory = { withHistory: true };
    const [campaigns, adGroups, productAds, keywords, targets, sbAds, assets] = await Promise.all([
      this.store.list<Stored<RetailAdsCampaign>>(KIND.campaign, withHistory),
      this.store.list<Stored<RetailAdsAdGroup>>(KIND.adGroup, withHistory),
      this.store.list<Stored<RetailAdsProductAd>>(KIND.productAd, withHistory),
      this.store.list<Stored<RetailAdsKeyword>>(KIND.keyword, withHistory),
      this.store.list<Stored<RetailAdsTarget>>(KIND.target, withHistory),
      this.store.list<RetailAdsSbAd>(KIND.sbAd, withHistory),
      this.store.list<RetailAdsAsset>(KIND.asset),
    ]);
    return { campaigns, adGroups, productAds, keywords, targets, sbAds, assets };
  }

  async createSbNegativeKeywords(
    items: Omit<RetailAdsSbNegativeKeyword, 'id' | 'state' | 'created_at'>[],
    now: Date,
  ): Promise<RetailAdsSbNegativeKeyword[]> {
    const created: RetailAdsSbNegativeKeyword[] = [];
    for (const item of items) {
      const entity: RetailAdsSbNegativeKeyword = { ...item, id: digits(15), state: 'enabled', created_at: now.toISOString() };
      created.push(await this.store.create(KIND.sbNegativeKeyword, entity));
    }
    return created;
  }
}

interface SeedProduct {
  title: string;
  category: string;
  /** Words shoppers search with. */
  keywords: string[];
}

const PRODUCTS: SeedProduct[] = [
  {
    title: 'Trailhead 45L Hiking Backpack with Rain Cover',
    category: 'Hiking Backpacks',
    keywords: ['hiking backpack', 'backpacking pack', '45l backpack', 'daypack'],
  },
  {
    title: 'Summit 28L Daypack, Lightweight',
    category: 'Hiking Backpacks',
    keywords: ['daypack', 'hiking daypack', 'lightweight backpack'],
  },
  {
    title: 'Ridgeline 2-Person Backpacking Tent',
    category: 'Tents',
    keywords: ['backpacking tent', '2 person tent', 'camping tent', 'ultralight tent'],
  },
  { title: 'Basecamp 6-Person Family Tent', category: 'Tents', keywords: ['family tent', '6 person tent', 'camping tent'] },
  {
    title: 'Glacier 32oz Insulated Water Bottle',
    category: 'Water Bottles',
    keywords: ['insulated water bottle', 'water bottle', 'stainless steel bottle'],
  },
  { title: 'Trickle 1L Collapsible Water Bottle', category: 'Water Bottles', keywords: ['collapsible water bottle', 'water bottle'] },
  {
    title: 'Northstar 20F Mummy Sleeping Bag',
    category: 'Sleeping Bags',
    keywords: ['sleeping bag', 'mummy sleeping bag', 'cold weather sleeping bag'],
  },
  {
    title: 'Dreamer Ultralight Sleeping Pad',
    category: 'Sleeping Bags',
    keywords: ['sleeping pad', 'camping pad', 'inflatable sleeping pad'],
  },
  {
    title: 'Beacon 400-Lumen Rechargeable Headlamp',
    category: 'Camping Lights',
    keywords: ['headlamp', 'rechargeable headlamp', 'led headlamp'],
  },
  { title: 'Lumen Collapsible Camping Lantern', category: 'Camping Lights', keywords: ['camping lantern', 'led lantern'] },
  {
    title: 'Switchback Carbon Trekking Poles (Pair)',
    category: 'Trekking Poles',
    keywords: ['trekking poles', 'hiking poles', 'walking sticks'],
  },
  { title: 'Campfire Titanium Cookset', category: 'Camp Kitchen', keywords: ['camping cookware', 'backpacking cookset', 'titanium pot'] },
];

interface SeedCampaign {
  name: string;
  ad_product: RetailAdsAdProduct;
  state: RetailAdsCampaign['state'];
  targeting_type?: 'MANUAL' | 'AUTO';
  budget: number;
  performance: PerformanceTier;
  /** Products (indexes in PRODUCTS) advertised. */
  products: number[];
  /** Start date offset in days before the seed date. */
  startedDaysAgo: number;
  endedDaysAgo?: number;
  placement?: { TOP_OF_SEARCH?: number; PRODUCT_PAGES?: number; REST_OF_SEARCH?: number };
}

const CAMPAIGNS: SeedCampaign[] = [
  {
    name: 'SP - Brand - Exact',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 60,
    performance: 'strong',
    products: [0, 2, 4],
    startedDaysAgo: 400,
    placement: { TOP_OF_SEARCH: 50 },
  },
  {
    name: 'SP - Hiking Backpacks - Manual',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 120,
    performance: 'average',
    products: [0, 1],
    startedDaysAgo: 300,
    placement: { TOP_OF_SEARCH: 20, PRODUCT_PAGES: 10 },
  },
  {
    name: 'SP - Tents - Broad Research',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 90,
    performance: 'wasteful',
    products: [2, 3],
    startedDaysAgo: 200,
  },
  {
    name: 'SP - Auto - All Products',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'AUTO',
    budget: 75,
    performance: 'average',
    products: [0, 2, 4, 6, 8, 10],
    startedDaysAgo: 350,
  },
  {
    name: 'SP - Water Bottles - Manual',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'PAUSED',
    targeting_type: 'MANUAL',
    budget: 40,
    performance: 'poor',
    products: [4, 5],
    startedDaysAgo: 250,
    endedDaysAgo: 12,
  },
  {
    name: 'SP - Holiday Gifts 2025',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ARCHIVED',
    targeting_type: 'MANUAL',
    budget: 150,
    performance: 'average',
    products: [8, 9, 11],
    startedDaysAgo: 380,
    endedDaysAgo: 320,
  },
  {
    name: 'SP - Sleeping Bags - Launch',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 35,
    performance: 'new',
    products: [6, 7],
    startedDaysAgo: 9,
  },
  {
    name: 'SP - Camp Kitchen & Lights',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 50,
    performance: 'poor',
    products: [8, 9, 11],
    startedDaysAgo: 150,
    placement: { TOP_OF_SEARCH: 100 },
  },
  {
    name: 'SB - Brand Store Spotlight',
    ad_product: 'SPONSORED_BRANDS',
    state: 'ENABLED',
    budget: 80,
    performance: 'strong',
    products: [0, 2, 6],
    startedDaysAgo: 280,
  },
  {
    name: 'SB - Video - Backpacks',
    ad_product: 'SPONSORED_BRANDS',
    state: 'ENABLED',
    budget: 70,
    performance: 'average',
    products: [0, 1],
    startedDaysAgo: 120,
  },
  {
    name: 'SB - Competitor Conquest',
    ad_product: 'SPONSORED_BRANDS',
    state: 'PAUSED',
    budget: 45,
    performance: 'wasteful',
    products: [2, 3],
    startedDaysAgo: 180,
    endedDaysAgo: 20,
  },
  {
    name: 'SD - Product Retargeting',
    ad_product: 'SPONSORED_DISPLAY',
    state: 'ENABLED',
    budget: 55,
    performance: 'average',
    products: [0, 4, 6],
    startedDaysAgo: 220,
  },
  {
    name: 'SD - Category Audiences',
    ad_product: 'SPONSORED_DISPLAY',
    state: 'ARCHIVED',
    budget: 30,
    performance: 'poor',
    products: [10, 11],
    startedDaysAgo: 330,
    endedDaysAgo: 200,
  },
];

const MATCH_TYPES: RetailAdsMatchType[] = ['EXACT', 'PHRASE', 'BROAD'];

const MODIFIERS = [
  'best',
  'lightweight',
  'waterproof',
  'for women',
  'for men',
  'for kids',
  'ultralight',
  'durable',
  'compact',
  'on sale',
  'large',
  'premium',
];

/**
 * Keyword suggestions for products: the category's shopper words, then modified variants, each in
 * three match types; bids follow the category's competition. ASINs from outside the account map to
 * a category deterministically. Keywords already targeted (`exclude`, "text|MATCH") are left out.
 */
export function recommendKeywords(
  asins: string[],
  productAds: RetailAdsProductAd[],
  exclude: Set<string>,
  max: number,
): RetailAdsKeywordRecommendation[] {
  const candidates = new Map<string, { text: string; source: string; score: number }>();
  for (const asin of asins) {
    const known = productAds.find((p) => p.asin === asin);
    const product = known ? (PRODUCTS.find((p) => p.title === known.title) ?? PRODUCTS[0]) : PRODUCTS[hash32(asin) % PRODUCTS.length];
    const words = [
      ...product.keywords,
      ...product.keywords.flatMap((k) => MODIFIERS.map((m) => (m.startsWith('for') || m === 'on sale' ? `${k} ${m}` : `${m} ${k}`))),
    ];
    words.forEach((text, i) => {
      const score = (i < product.keywords.length ? 100 : 60) - (i % 17) + (hash32(text) % 10);
      const current = candidates.get(text);
      if (!current || current.score < score) candidates.set(text, { text, source: asin, score });
    });
  }
  const out: RetailAdsKeywordRecommendation[] = [];
  const factor: Record<RetailAdsMatchType, number> = { EXACT: 1.15, PHRASE: 1, BROAD: 0.85 };
  for (const c of [...candidates.values()].sort((a, b) => b.score - a.score || a.text.localeCompare(b.text))) {
    for (const matchType of MATCH_TYPES) {
      if (exclude.has(`${c.text}|${matchType}`)) continue;
      const bid = Math.round((0.55 + (hash32(c.text) % 180) / 100) * factor[matchType] * 100) / 100;
      out.push({
        keyword: c.text,
        match_type: matchType,
        rank: out.length + 1,
        suggested_bid: bid,
        bid_range_low: Math.round(bid * 0.7 * 100) / 100,
        bid_range_high: Math.round(bid * 1.35 * 100) / 100,
        search_interest: Math.max(1, Math.min(100, Math.round(c.score - (matchType === 'EXACT' ? 10 : 0)))),
        source: c.source,
      });
      if (out.length >= max) return out;
    }
  }
  return out;
}

/** Seeds a new sandbox account with realistic retailads entities. Ids are reproducible per account. */
export async function seedRetailAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('retailads', account.account_id);
  const ids = idSource(`retailads:${account.account_id}`);
  const today = isoDate(new Date(account.connected_at || Date.now()));
  const asin = () => `B0${ids.alphanumeric(8).toUpperCase()}`;
  const entityId = () => ids.digits(15);
  const asins = PRODUCTS.map(() => asin());

  const profile: RetailAdsProfile = {
    id: account.account_id,
    profile_id: account.account_id,
    country_code: 'US',
    currency_code: account.currency,
    marketplace_string_id: 'US-MAIN',
    timezone: account.time_zone,
    daily_budget: 999_999_999,
    account_info: {
      id: `A${ids.alphanumeric(13).toUpperCase()}`,
      type: 'seller',
      name: account.name.replace(/ \(.*\)$/, ''),
      valid_payment_method: true,
    },
  };

  const campaigns: Stored<RetailAdsCampaign>[] = [];
  const adGroups: Stored<RetailAdsAdGroup>[] = [];
  const productAds: Stored<RetailAdsProductAd>[] = [];
  const keywords: Stored<RetailAdsKeyword>[] = [];
  const targets: Stored<RetailAdsTarget>[] = [];
  const negatives: RetailAdsSbNegativeKeyword[] = [];

  // Entities seeded in a stopped state ran until then: their history says when they stopped
  // (a campaign on its end date or 30 days ago, a paused ad group 45 days ago).
  const stoppedAt = (date: string, was: string): HistoryEntry[] => [{ at: `${date}T18:00:00.000Z`, before: { state: was } }];
  CAMPAIGNS.forEach((seed, ci) => {
    const stopped = addDays(today, -(seed.endedDaysAgo ?? 30));
    const campaign: Stored<RetailAdsCampaign> = {
      id: entityId(),
      name: seed.name,
      ad_product: seed.ad_product,
      state: seed.state,
      targeting_type: seed.targeting_type,
      daily_budget: seed.budget,
      start_date: addDays(today, -seed.startedDaysAgo),
      end_date: seed.endedDaysAgo !== undefined ? addDays(today, -seed.endedDaysAgo) : undefined,
      bidding_strategy: seed.ad_product === 'SPONSORED_PRODUCTS' ? (ci % 2 ? 'AUTO_FOR_SALES' : 'LEGACY_FOR_SALES') : undefined,
      placement_adjustments:
        seed.ad_product === 'SPONSORED_PRODUCTS' ? { TOP_OF_SEARCH: 0, PRODUCT_PAGES: 0, REST_OF_SEARCH: 0, ...seed.placement } : undefined,
      performance: seed.performance,
      ...(seed.state !== 'ENABLED' ? { history: stoppedAt(stopped, 'ENABLED') } : {}),
    };
    campaigns.push(campaign);
    // Two ad groups for campaigns with several products, one otherwise.
    const groups =
      seed.products.length > 2 && seed.ad_product !== 'SPONSORED_BRANDS'
        ? [seed.products.slice(0, 2), seed.products.slice(2)]
        : [seed.products];
    groups.forEach((productIdx, gi) => {
      const groupName =
        seed.ad_product === 'SPONSORED_BRANDS'
          ? `${seed.name.replace(/^SB - /, '')} - Ad group`
          : `${PRODUCTS[productIdx[0]].category}${groups.length > 1 ? ` ${gi + 1}` : ''}`;
      const adGroup: Stored<RetailAdsAdGroup> = {
        id: entityId(),
        campaign_id: campaign.id,
        ad_product: seed.ad_product,
        name: groupName,
        state: campaign.state === 'ARCHIVED' ? 'ARCHIVED' : gi === 1 && ci % 3 === 0 ? 'PAUSED' : 'ENABLED',
        default_bid: Math.round((0.6 + ids.random() * 1.4) * 100) / 100,
        performance: seed.performance,
      };
      if (adGroup.state === 'ARCHIVED') adGroup.history = stoppedAt(stopped, 'ENABLED');
      else if (adGroup.state === 'PAUSED') adGroup.history = stoppedAt(addDays(today, -45), 'ENABLED');
      adGroups.push(adGroup);
      for (const p of productIdx) {
        productAds.push({
          id: entityId(),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          ad_product: seed.ad_product,
          asin: asins[p],
          sku: `NW-${PRODUCTS[p].category.slice(0, 3).toUpperCase()}-${String(p + 1).padStart(3, '0')}`,
          title: PRODUCTS[p].title,
          category: PRODUCTS[p].category,
          state: adGroup.state,
          performance: p % 5 === 4 && seed.performance === 'average' ? 'poor' : seed.performance,
          history: adGroup.history,
        });
      }
      const words = [...new Set(productIdx.flatMap((p) => PRODUCTS[p].keywords))];
      if (seed.ad_product === 'SPONSORED_PRODUCTS' && seed.targeting_type === 'MANUAL') {
        words.forEach((text, wi) => {
          const matchType = MATCH_TYPES[(wi + ci) % 3];
          keywords.push({
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            keyword_text: ci === 0 ? `northwind ${text}` : text,
            match_type: matchType,
            bid: Math.round((0.5 + ids.random() * 1.8) * 100) / 100,
            state: adGroup.state === 'ARCHIVED' ? 'ARCHIVED' : wi === 5 ? 'PAUSED' : 'ENABLED',
            performance: wi % 4 === 3 && seed.performance !== 'new' ? 'wasteful' : seed.performance,
            ...(adGroup.state === 'ARCHIVED' ? { history: adGroup.history } : {}),
          });
        });
        // One product-attribute target per ad group (a competitor ASIN).
        targets.push({
          id: entityId(),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          ad_product: seed.ad_product,
          expression: `asinSameAs=${asin()}`,
          expression_type: 'MANUAL',
          bid: 0.95,
          state: adGroup.state === 'ARCHIVED' ? 'ARCHIVED' : 'ENABLED',
          performance: 'poor',
          ...(adGroup.state === 'ARCHIVED' ? { history: adGroup.history } : {}),
        });
      } else if (seed.ad_product === 'SPONSORED_PRODUCTS') {
        // The four automatic-targeting groups of the real platform.
        const autoTypes: [string, PerformanceTier][] = [
          ['queryHighRelMatches (close-match)', 'strong'],
          ['queryBroadRelMatches (loose-match)', 'wasteful'],
          ['asinSubstituteRelated (substitutes)', 'average'],
          ['asinAccessoryRelated (complements)', 'poor'],
        ];
        for (const [expression, performance] of autoTypes) {
          targets.push({
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            expression,
            expression_type: 'AUTO',
            bid: adGroup.default_bid,
            state: adGroup.state,
            performance,
            history: adGroup.history,
          });
        }
      } else if (seed.ad_product === 'SPONSORED_BRANDS') {
        const sbState = campaign.state === 'ENABLED' ? 'enabled' : 'paused';
        words.slice(0, 6).forEach((text, wi) => {
          keywords.push({
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            keyword_text: text,
            match_type: MATCH_TYPES[wi % 3],
            bid: Math.round((0.8 + ids.random() * 2) * 100) / 100,
            state: wi === 4 ? 'paused' : sbState,
            performance: wi === 2 ? 'wasteful' : seed.performance,
            ...(wi !== 4 && sbState === 'paused' ? { history: stoppedAt(stopped, 'enabled') } : {}),
          });
        });
        targets.push({
          id: entityId(),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          ad_product: seed.ad_product,
          expression: `asinCategorySameAs=${PRODUCTS[productIdx[0]].category}`,
          expression_type: 'MANUAL',
          bid: 1.1,
          state: sbState,
          performance: seed.performance,
          ...(sbState === 'paused' ? { history: stoppedAt(stopped, 'enabled') } : {}),
        });
        negatives.push({
          id: entityId(),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          keyword_text: 'free',
          match_type: 'negativePhrase',
          state: 'enabled',
          created_at: `${campaign.start_date}T00:00:00.000Z`,
        });
      } else {
        targets.push(
          {
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            expression: 'views=exactProduct lookback=30',
            expression_type: 'MANUAL',
            bid: 0.85,
            state: adGroup.state,
            performance: seed.performance,
            history: adGroup.history,
          },
          {
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            expression: `asinCategorySameAs=${PRODUCTS[productIdx[0]].category}`,
            expression_type: 'MANUAL',
            bid: 0.7,
            state: adGroup.state,
            performance: 'poor',
            history: adGroup.history,
          },
        );
      }
    });
  });

  // Sponsored Brands ads (one per SB ad group, its creative approved the day before the campaign
  // started) and the brand's asset library: made last so the ids above stay as they were.
  const logo: RetailAdsAsset = {
    id: `amzn1.assetlibrary.asset1.${ids.digits(12)}`,
    asset_type: 'LOGO',
    name: 'brand-logo.png',
    content_type: 'image/png',
    size_bytes: 182_344,
    width: 600,
    height: 600,
    source_url: 'https://assets.example.com/brand-logo.png',
    tags: ['logo'],
    created_at: `${addDays(today, -400)}T09:00:00.000Z`,
  };
  const video: RetailAdsAsset = {
    id: `amzn1.assetlibrary.asset1.${ids.digits(12)}`,
    asset_type: 'VIDEO',
    name: 'backpack-trail.mp4',
    content_type: 'video/mp4',
    size_bytes: 24_117_248,
    width: 1920,
    height: 1080,
    source_url: 'https://assets.example.com/backpack-trail.mp4',
    tags: ['video', 'backpacks'],
    created_at: `${addDays(today, -130)}T09:00:00.000Z`,
  };
  const sbAds: RetailAdsSbAd[] = adGroups
    .filter((g) => g.ad_product === 'SPONSORED_BRANDS')
    .map((g) => {
      const campaign = campaigns.find((c) => c.id === g.campaign_id)!;
      const isVideo = campaign.name.includes('Video');
      const groupAsins = productAds.filter((p) => p.ad_group_id === g.id).map((p) => p.asin);
      return {
        id: entityId(),
        campaign_id: campaign.id,
        ad_group_id: g.id,
        name: `${g.name.replace(/ - Ad group$/, '')} ad`,
        ad_type: isVideo ? 'video' : 'productCollection',
        state: campaign.state === 'ENABLED' ? 'ENABLED' : 'PAUSED',
        ...(campaign.state !== 'ENABLED' ? { history: campaign.history } : {}),
        creatives: [
          {
            version: 1,
            submitted_at: `${addDays(campaign.start_date, -1)}T10:00:00.000Z`,
            brand_name: profile.account_info.name,
            ...(isVideo
              ? { video_asset_id: video.id, asins: groupAsins.slice(0, 1) }
              : { headline: 'Gear up for every trail', brand_logo_asset_id: logo.id, asins: groupAsins.slice(0, 3) }),
          },
        ],
      };
    });

  // Sponsored Products negative keywords: one campaign-level, one ad group-level.
  const firstManual = campaigns[0]!;
  const spNegatives: RetailAdsNegativeKeyword[] = [
    { id: entityId(), campaign_id: firstManual.id, keyword_text: 'free', match_type: 'NEGATIVE_PHRASE', state: 'ENABLED' },
    {
      id: entityId(),
      campaign_id: firstManual.id,
      ad_group_id: adGroups.find((g) => g.campaign_id === firstManual.id)!.id,
      keyword_text: 'used backpack',
      match_type: 'NEGATIVE_EXACT',
      state: 'ENABLED',
    },
  ];

  await store.putMany(KIND.profile, [profile]);
  await store.putMany(KIND.negativeKeyword, spNegatives);
  await store.putMany(KIND.sbAd, sbAds);
  await store.putMany(KIND.asset, [logo, video]);
  await store.putMany(KIND.campaign, campaigns);
  await store.putMany(KIND.adGroup, adGroups);
  await store.putMany(KIND.productAd, productAds);
  await store.putMany(KIND.keyword, keywords);
  await store.putMany(KIND.target, targets);
  await store.putMany(KIND.sbNegativeKeyword, negatives);
}
