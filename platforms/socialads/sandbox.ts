import { ToolError } from '../../core/errors';
import type { ConnectedAccount } from '../../core/accounts';
import { addDays, isoDate } from '../../core/dates';
import { hash32, type PerformanceTier } from '../sandbox/metrics';
import { asDailyMetrics, deliveredAdDays, type StoredAd, type StoredAdSet, type StoredCampaign } from './sandbox/delivery';
import { breakdownValues, productShares, splitDay, withFunnel, type FunnelDay } from './sandbox/breakdowns';
import { leadAnswer, PRODUCT_ROWS, TARGETING_OPTIONS } from './sandbox/reference';
import { matchesFilter } from './product-filter';
import { digits, idSource } from '../sandbox/ids';
import { SandboxPlatform } from '../sandbox/platform';
import { EntityNotFoundError, SandboxStore } from '../sandbox/store';
import type {
  NewSocialAdsProductSet,
  SocialAdsAdPatch,
  SocialAdsAdSetPatch,
  SocialAdsCampaignPatch,
  SocialAdsCatalog,
  SocialAdsCustomAudience,
  SocialAdsLead,
  SocialAdsProduct,
  SocialAdsProductSet,
  SocialAdsTargetingOption,
  SocialAdsTargetingType,
  NewSocialAdsAd,
  NewSocialAdsAdSet,
  NewSocialAdsCampaign,
  SocialAdsAd,
  SocialAdsAdSet,
  SocialAdsCampaign,
  SocialAdsCreative,
  SocialAdsDomainRedirect,
  SocialAdsImage,
  SocialAdsInsightsQuery,
  SocialAdsInsightsRow,
  SocialAdsInstagramAccount,
  SocialAdsLeadForm,
  SocialAdsPage,
  SocialAdsPixel,
  SocialAdsPort,
  SocialAdsTargeting,
  SocialAdsVideo,
} from './port';

/** Entity kinds of the socialads sandbox (the sort-key prefixes). */
export const KIND = {
  campaign: 'campaign',
  adSet: 'ad_set',
  ad: 'ad',
  page: 'page',
  instagram: 'instagram_account',
  image: 'image',
  video: 'video',
  leadForm: 'lead_form',
  pixel: 'pixel',
  redirect: 'domain_redirect',
  customAudience: 'custom_audience',
  catalog: 'catalog',
  productSet: 'product_set',
  product: 'product',
} as const;

/**
 * What the sandbox stores besides what the platform returns: the performance tier its
 * deterministic delivery model (sandbox/delivery.ts) runs on, and the change history. Never leaves
 * the adapter.
 */
function withoutSimulation<T>(stored: T & { performance: PerformanceTier; history?: unknown }): T {
  const { performance: _performance, history: _history, ...entity } = stored;
  return entity as T;
}

/** A Meta-style object id (campaigns, ad sets, ads). */
const objectId = () => `1202${digits(14)}`;

/** The simulated socialads platform for one sandbox account. */
export class SocialAdsSandbox extends SandboxPlatform implements SocialAdsPort {
  async listCampaigns(): Promise<SocialAdsCampaign[]> {
    return (await this.store.list<StoredCampaign>(KIND.campaign)).map(withoutSimulation);
  }

  async getCampaign(campaignId: string): Promise<SocialAdsCampaign> {
    return withoutSimulation(await this.store.require<StoredCampaign>(KIND.campaign, campaignId));
  }

  async createCampaign(campaign: NewSocialAdsCampaign): Promise<SocialAdsCampaign> {
    const { app: promoted, ...fields } = campaign;
    let app: SocialAdsCampaign['app'];
    if (promoted) {
      // One app, one application id: a store URL the account already promotes keeps its id.
      const known = (await this.store.list<StoredCampaign>(KIND.campaign)).find(
        (c) => c.app?.object_store_url === promoted.object_store_url,
      );
      app = { application_id: known?.app?.application_id ?? digits(15), ...promoted };
    }
    const stored: StoredCampaign = {
      ...fields,
      ...(app ? { app } : {}),
      id: objectId(),
      created_at: new Date().toISOString(),
      performance: 'new',
    };
    return withoutSimulation(await this.store.create(KIND.campaign, stored));
  }

  async listAdSets(): Promise<SocialAdsAdSet[]> {
    return (await this.store.list<StoredAdSet>(KIND.adSet)).map(withoutSimulation);
  }

  async getAdSet(adSetId: string): Promise<SocialAdsAdSet> {
    return withoutSimulation(await this.store.require<StoredAdSet>(KIND.adSet, adSetId));
  }

  async createAdSet(adSet: NewSocialAdsAdSet): Promise<SocialAdsAdSet> {
    await this.store.require<StoredCampaign>(KIND.campaign, adSet.campaign_id);
    const stored: StoredAdSet = { ...adSet, id: objectId(), created_at: new Date().toISOString(), performance: 'new' };
    return withoutSimulation(await this.store.create(KIND.adSet, stored));
  }

  async listAds(): Promise<SocialAdsAd[]> {
    return (await this.store.list<StoredAd>(KIND.ad)).map(withoutSimulation);
  }

  async createAd(ad: NewSocialAdsAd): Promise<SocialAdsAd> {
    await this.store.require<StoredAdSet>(KIND.adSet, ad.ad_set_id);
    const stored: StoredAd = {
      ...ad,
      id: objectId(),
      effective_status: 'PENDING_REVIEW',
      created_at: new Date().toISOString(),
      performance: 'new',
    };
    return withoutSimulation(await this.store.create(KIND.ad, stored));
  }

  async getInsights(query: SocialAdsInsightsQuery): Promise<SocialAdsInsightsRow[]> {
    const { since, until } = query.time_range;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || !/^\d{4}-\d{2}-\d{2}$/.test(until) || since > until) {
      throw new ToolError(`The insights time range ${since} to ${until} is not a range of days (YYYY-MM-DD, since on or before until).`);
    }
    const [campaigns, adSets, ads] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, { withHistory: true }),
      this.store.list<StoredAdSet>(KIND.adSet, { withHistory: true }),
      this.store.list<StoredAd>(KIND.ad, { withHistory: true }),
    ]);
    const keyOf = (ad: StoredAd) => (query.level === 'campaign' ? ad.campaign_id : query.level === 'adset' ? ad.ad_set_id : ad.id);
    const wanted = query.ids ? new Set(query.ids) : undefined;
    if (wanted) {
      const known = new Set<string>((query.level === 'campaign' ? campaigns : query.level === 'adset' ? adSets : ads).map((e) => e.id));
      const unknown = [...wanted].find((id) => !known.has(id));
      if (unknown)
        throw new EntityNotFoundError(query.level === 'campaign' ? KIND.campaign : query.level === 'adset' ? KIND.adSet : KIND.ad, unknown);
    }
    // Ads are the unit of delivery: the rows of a level are sums of its ads' whole figures (cents),
    // split by the breakdown's values when one is asked for.
    const campaignById = new Map(campaigns.map((c) => [c.id, c]));
    const adSetById = new Map(adSets.map((a) => [a.id, a]));
    const productsOfAd = query.breakdown === 'product_id' ? await this.catalogAdProducts(ads) : new Map<string, SocialAdsProduct[]>();
    const METRICS = [
      'impressions',
      'reach',
      'clicks',
      'spend_cents',
      'conversions',
      'revenue_cents',
      'video_views',
      'view_content',
      'add_to_cart',
    ] as const;
    const sums = new Map<string, FunnelDay & { breakdown_value?: string }>();
    for (const delivered of deliveredAdDays({ campaigns, adSets, ads }, since, until, isoDate(new Date()))) {
      const key = keyOf(delivered.ad);
      if (wanted && !wanted.has(key)) continue;
      const day = withFunnel(delivered, campaignById.get(delivered.ad.campaign_id)?.objective === 'OUTCOME_SALES');
      let parts: (FunnelDay & { breakdown_value?: string })[] = [day];
      if (query.breakdown === 'product_id') parts = splitDay(day, productShares(productsOfAd.get(day.ad.id) ?? []));
      else if (query.breakdown)
        parts = splitDay(
          day,
          breakdownValues(query.breakdown, adSetById.get(day.ad.ad_set_id)!.targeting).map(([value, share]) => ({ value, share })),
        );
      for (const part of parts) {
        const sumKey = `${key}|${day.date}|${part.breakdown_value ?? ''}`;
        const sum = sums.get(sumKey);
        if (!sum) sums.set(sumKey, { ...part });
        else for (const m of METRICS) sum[m] += part[m];
      }
    }
    return [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, day]) => {
        const isSales = campaignById.get(day.ad.campaign_id)?.objective === 'OUTCOME_SALES';
        return {
          campaign_id: day.ad.campaign_id,
          ...(query.level !== 'campaign' ? { ad_set_id: day.ad.ad_set_id } : {}),
          ...(query.level === 'ad' ? { ad_id: day.ad.id } : {}),
          ...asDailyMetrics(day),
          ...(day.breakdown_value !== undefined ? { breakdown_value: day.breakdown_value } : {}),
          ...(isSales ? { view_content: day.view_content, add_to_cart: day.add_to_cart } : {}),
        };
      });
  }

  /** The products each catalog ad can show: those of its product set. */
  private async catalogAdProducts(ads: readonly StoredAd[]): Promise<Map<string, SocialAdsProduct[]>> {
    const [sets, products] = await Promise.all([
      this.store.list<SocialAdsProductSet>(KIND.productSet),
      this.store.list<SocialAdsProduct>(KIND.product),
    ]);
    const out = new Map<string, SocialAdsProduct[]>();
    for (const ad of ads) {
      const set = sets.find((x) => x.id === ad.creative.product_set_id);
      if (set)
        out.set(
          ad.id,
          products.filter((p) => p.catalog_id === set.catalog_id && matchesFilter(p, set.filter)),
        );
    }
    return out;
  }

  async updateCampaign(campaignId: string, patch: SocialAdsCampaignPatch): Promise<SocialAdsCampaign> {
    return withoutSimulation(await this.store.update<StoredCampaign>(KIND.campaign, campaignId, patch));
  }

  async updateAdSet(adSetId: string, patch: SocialAdsAdSetPatch): Promise<SocialAdsAdSet> {
    return withoutSimulation(await this.store.update<StoredAdSet>(KIND.adSet, adSetId, patch));
  }

  async getAd(adId: string): Promise<SocialAdsAd> {
    return withoutSimulation(await this.store.require<StoredAd>(KIND.ad, adId));
  }

  async updateAd(adId: string, patch: SocialAdsAdPatch): Promise<SocialAdsAd> {
    // A changed creative goes back to review, as on the platform.
    const review = patch.creative ? { effective_status: 'PENDING_REVIEW' } : {};
    return withoutSimulation(await this.store.update<StoredAd>(KIND.ad, adId, { ...patch, ...review }));
  }

  listCustomAudiences(): Promise<SocialAdsCustomAudience[]> {
    return this.store.list<SocialAdsCustomAudience>(KIND.customAudience);
  }

  async searchTargeting(query: { type: SocialAdsTargetingType; q?: string }): Promise<SocialAdsTargetingOption[]> {
    const needle = query.q?.trim().toLowerCase();
    return TARGETING_OPTIONS.filter((o) => o.type === query.type && (!needle || o.name.toLowerCase().includes(needle)));
  }

  listCatalogs(): Promise<SocialAdsCatalog[]> {
    return this.store.list<SocialAdsCatalog>(KIND.catalog);
  }

  async listProductSets(catalogId?: string): Promise<SocialAdsProductSet[]> {
    if (catalogId) await this.store.require(KIND.catalog, catalogId);
    const [sets, products] = await Promise.all([
      this.store.list<SocialAdsProductSet>(KIND.productSet),
      this.store.list<SocialAdsProduct>(KIND.product),
    ]);
    return sets
      .filter((x) => !catalogId || x.catalog_id === catalogId)
      .map((x) => ({ ...x, product_count: products.filter((p) => p.catalog_id === x.catalog_id && matchesFilter(p, x.filter)).length }));
  }

  async createProductSet(productSet: NewSocialAdsProductSet): Promise<SocialAdsProductSet> {
    await this.store.require(KIND.catalog, productSet.catalog_id);
    const products = (await this.store.list<SocialAdsProduct>(KIND.product)).filter((p) => p.catalog_id === productSet.catalog_id);
    const stored = { ...productSet, id: digits(16), created_at: new Date().toISOString(), product_count: 0 };
    await this.store.create(KIND.productSet, stored);
    return { ...stored, product_count: products.filter((p) => matchesFilter(p, productSet.filter)).length };
  }

  async listProducts(catalogId: string, options: { product_set_id?: string } = {}): Promise<SocialAdsProduct[]> {
    await this.store.require(KIND.catalog, catalogId);
    const products = (await this.store.list<SocialAdsProduct>(KIND.product)).filter((p) => p.catalog_id === catalogId);
    if (!options.product_set_id) return products;
    const set = await this.store.require<SocialAdsProductSet>(KIND.productSet, options.product_set_id);
    return products.filter((p) => matchesFilter(p, set.filter));
  }

  /** Leads are the lead results of the ads that use the form: one submission per result, made up deterministically. */
  async listLeads(formId: string, timeRange: { since: string; until: string }): Promise<SocialAdsLead[]> {
    const form = await this.store.require<SocialAdsLeadForm>(KIND.leadForm, formId);
    const [campaigns, adSets, ads] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, { withHistory: true }),
      this.store.list<StoredAdSet>(KIND.adSet, { withHistory: true }),
      this.store.list<StoredAd>(KIND.ad, { withHistory: true }),
    ]);
    const leads: SocialAdsLead[] = [];
    for (const day of deliveredAdDays({ campaigns, adSets, ads }, timeRange.since, timeRange.until, isoDate(new Date()))) {
      if (day.ad.creative.lead_form_id !== formId || campaigns.find((c) => c.id === day.ad.campaign_id)?.objective !== 'OUTCOME_LEADS')
        continue;
      for (let i = 0; i < day.conversions; i++) {
        const n = hash32(`${day.ad.id}|${day.date}|lead|${i}`);
        const minute = n % (24 * 60);
        leads.push({
          id: String(1_000_000_000_000_000 + (n % 1_000_000_000) * 1000 + i),
          form_id: formId,
          ad_id: day.ad.id,
          ad_set_id: day.ad.ad_set_id,
          campaign_id: day.ad.campaign_id,
          created_time: `${day.date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00+0000`,
          field_data: form.questions.map((q) => ({ name: q.toLowerCase(), value: leadAnswer(q, n) })),
        });
      }
    }
    return leads.sort((a, b) => b.created_time.localeCompare(a.created_time) || a.id.localeCompare(b.id));
  }

  listPages(): Promise<SocialAdsPage[]> {
    return this.store.list<SocialAdsPage>(KIND.page);
  }

  listInstagramAccounts(): Promise<SocialAdsInstagramAccount[]> {
    return this.store.list<SocialAdsInstagramAccount>(KIND.instagram);
  }

  listImages(): Promise<SocialAdsImage[]> {
    return this.store.list<SocialAdsImage>(KIND.image);
  }

  findImage(hash: string): Promise<SocialAdsImage | undefined> {
    return this.store.get<SocialAdsImage>(KIND.image, hash);
  }

  async uploadImage(upload: { url: string; name: string }): Promise<SocialAdsImage> {
    const hash = imageHashOf(upload.url);
    // The sandbox cannot read the file: a size in the file name ("hero-1200x628.jpg") stands for its pixels, 1080x1080 otherwise.
    const size = /(\d{2,5})x(\d{2,5})/.exec(upload.name);
    const image: SocialAdsImage = {
      id: hash,
      hash,
      name: upload.name,
      url: upload.url,
      width: size ? Number(size[1]) : 1080,
      height: size ? Number(size[2]) : 1080,
      origin: 'url',
      created_at: new Date().toISOString(),
    };
    return (await this.store.get<SocialAdsImage>(KIND.image, hash)) ?? this.store.create(KIND.image, image);
  }

  async copyImage(source: { account_id: string; image: SocialAdsImage }): Promise<SocialAdsImage> {
    const hash = source.image.hash;
    const copy: SocialAdsImage = {
      ...source.image,
      id: hash,
      origin: 'copied',
      copied_from_account: source.account_id,
      created_at: new Date().toISOString(),
    };
    return (await this.store.get<SocialAdsImage>(KIND.image, hash)) ?? this.store.create(KIND.image, copy);
  }

  listVideos(): Promise<SocialAdsVideo[]> {
    return this.store.list<SocialAdsVideo>(KIND.video);
  }

  findVideo(videoId: string): Promise<SocialAdsVideo | undefined> {
    return this.store.get<SocialAdsVideo>(KIND.video, videoId);
  }

  uploadVideo(upload: { source_url: string; title: string; thumbnail_url?: string }): Promise<SocialAdsVideo> {
    return this.store.create<SocialAdsVideo>(KIND.video, {
      id: digits(16),
      title: upload.title,
      length_seconds: 0,
      thumbnail_url: upload.thumbnail_url ?? '',
      source_url: upload.source_url,
      status: 'processing',
      created_at: new Date().toISOString(),
    });
  }

  listLeadForms(): Promise<SocialAdsLeadForm[]> {
    return this.store.list<SocialAdsLeadForm>(KIND.leadForm);
  }

  listPixels(): Promise<SocialAdsPixel[]> {
    return this.store.list<SocialAdsPixel>(KIND.pixel);
  }

  listDomainRedirects(): Promise<SocialAdsDomainRedirect[]> {
    return this.store.list<SocialAdsDomainRedirect>(KIND.redirect);
  }
}

/** A Meta-style image hash (32 hex characters) derived from content identity. */
export function imageHashOf(content: string): string {
  let out = '';
  for (let i = 0; out.length < 32; i++) out += hash32(`${content}#${i}`).toString(16).padStart(8, '0');
  return out.slice(0, 32);
}

/** The brand's domain, from the account name ("Northwind Outdoor (socialads sandbox)" → northwindoutdoor.com). */
export function brandDomain(accountName: string): string {
  const brand = accountName
    .split(' (')[0]
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return `${brand || 'example'}.com`;
}

/** Seeds a new sandbox account with realistic socialads entities. Ids are reproducible per account. */
export async function seedSocialAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('socialads', account.account_id);
  const ids = idSource(`socialads:${account.account_id}`);
  const today = isoDate(new Date(account.connected_at || Date.now()));
  const ago = (days: number) => addDays(today, -days);
  const created = (days: number) => `${ago(days)}T09:00:00Z`;
  const metaId = () => `1202${ids.digits(14)}`;
  // Paused and archived entities were switched off at a moment of the past, so they delivered
  // before it (the history a real account has; the delivery model rebuilds each day from it).
  const switchedOff = (at: string, before: Record<string, unknown>) => ({ history: [{ at, before }] });
  const pausedCA = switchedOff(`${ago(12)}T15:30:00.000Z`, { status: 'ACTIVE' });
  const pausedAwareness = switchedOff(`${ago(19)}T10:00:00.000Z`, { status: 'ACTIVE' });
  const archivedHoliday = switchedOff(`${ago(265)}T11:00:00.000Z`, { status: 'ACTIVE' });
  const brand = account.name.split(' (')[0];
  const domain = brandDomain(account.name);
  const site = `https://www.${domain}`;

  // Pages: two promotable (so ambiguous ads ask which), one unpublished (never offered).
  const pages: SocialAdsPage[] = [
    { id: ids.digits(15), name: brand, category: 'Outdoor & Sporting Goods Company', promotable: true },
    { id: ids.digits(15), name: `${brand} Outlet`, category: 'Retail Company', promotable: true },
    { id: ids.digits(15), name: `${brand} Careers`, category: 'Employment Agency', promotable: false },
  ];
  const instagram: SocialAdsInstagramAccount = { id: `1784${ids.digits(13)}`, username: domain.replace('.com', ''), page_id: pages[0].id };
  pages[0].instagram_account_id = instagram.id;

  const leadForms: SocialAdsLeadForm[] = [
    {
      id: ids.digits(16),
      name: 'Catalog request - 2026',
      page_id: pages[0].id,
      status: 'ACTIVE',
      questions: ['FULL_NAME', 'EMAIL', 'ZIP'],
    },
    { id: ids.digits(16), name: 'Newsletter signup', page_id: pages[0].id, status: 'ACTIVE', questions: ['EMAIL'] },
    {
      id: ids.digits(16),
      name: 'Spring event RSVP (old)',
      page_id: pages[1].id,
      status: 'ARCHIVED',
      questions: ['FULL_NAME', 'EMAIL', 'PHONE'],
    },
  ];
  const pixel: SocialAdsPixel = {
    id: ids.digits(15),
    name: `${brand} Pixel`,
    last_fired_time: `${ago(1)}T22:41:00+0000`,
    event_counts_7d: { PageView: 48210, ViewContent: 15380, AddToCart: 2140, InitiateCheckout: 910, Purchase: 402 },
    catalog_match_rate: 0.91,
  };
  const redirects: SocialAdsDomainRedirect[] = [{ id: `go.${domain.replace('.com', '.link')}`, redirects_to: domain }];

  const imageSpecs: [string, number, number][] = [
    ['spring-hero-1200x628.jpg', 1200, 628],
    ['spring-hero-square-1080.jpg', 1080, 1080],
    ['story-trail-1080x1920.jpg', 1080, 1920],
    ['product-boots-1080.jpg', 1080, 1080],
    ['product-jacket-1080.jpg', 1080, 1080],
    ['product-tent-1080.jpg', 1080, 1080],
    ['app-screens-1080.png', 1080, 1080],
    ['catalog-cover-1200x628.jpg', 1200, 628],
  ];
  const images: SocialAdsImage[] = imageSpecs.map(([name, width, height], i) => {
    const hash = imageHashOf(`${account.account_id}/${name}`);
    return {
      id: hash,
      hash,
      name,
      url: `https://scontent.sandbox.invalid/${hash}/${name}`,
      width,
      height,
      created_at: created(120 - i),
      origin: 'upload',
    };
  });
  const img = (name: string) => images.find((i) => i.name.startsWith(name))!.hash;

  const videos: SocialAdsVideo[] = [
    ['Brand film 30s', 30],
    ['Product demo 15s', 15],
    ['App walkthrough 20s', 20],
    ['Stories cut 9x16 10s', 10],
  ].map(([title, length], i) => {
    const id = ids.digits(16);
    return {
      id,
      title: String(title),
      length_seconds: Number(length),
      thumbnail_url: `https://scontent.sandbox.invalid/v/${id}/thumb.jpg`,
      status: 'ready',
      created_at: created(90 - i),
    };
  });

  const campaign = (
    c: Omit<StoredCampaign, 'id' | 'buying_type' | 'special_ad_categories' | 'created_at'>,
    days: number,
  ): StoredCampaign => ({
    id: metaId(),
    buying_type: 'AUCTION',
    special_ad_categories: [],
    created_at: created(days),
    ...c,
  });
  const iosApp = {
    application_id: ids.digits(15),
    app_name: `${brand} Trail Maps`,
    store: 'APP_STORE' as const,
    object_store_url: `https://apps.apple.com/app/id${ids.digits(10)}`,
  };
  const androidApp = {
    application_id: iosApp.application_id,
    app_name: iosApp.app_name,
    store: 'GOOGLE_PLAY' as const,
    object_store_url: `https://play.google.com/store/apps/details?id=com.${domain.replace('.com', '')}.trails`,
  };
  const campaigns: Record<string, StoredCampaign> = {
    traffic: campaign(
      {
        name: 'Spring Sale - Traffic',
        objective: 'OUTCOME_TRAFFIC',
        status: 'ACTIVE',
        daily_budget: 60,
        start_date: ago(75),
        performance: 'strong',
      },
      75,
    ),
    sales: campaign(
      {
        name: 'Catalog Sales - Conversions',
        objective: 'OUTCOME_SALES',
        status: 'ACTIVE',
        daily_budget: 150,
        start_date: ago(110),
        performance: 'average',
      },
      110,
    ),
    ios: campaign(
      {
        name: 'App Installs - iOS',
        objective: 'OUTCOME_APP_PROMOTION',
        status: 'ACTIVE',
        daily_budget: 90,
        start_date: ago(95),
        performance: 'average',
        app: iosApp,
      },
      95,
    ),
    android: campaign(
      {
        name: 'App Installs - Android',
        objective: 'OUTCOME_APP_PROMOTION',
        status: 'ACTIVE',
        daily_budget: 70,
        start_date: ago(60),
        performance: 'poor',
        app: androidApp,
      },
      60,
    ),
    leads: campaign(
      {
        name: 'Lead Gen - Catalog Request',
        objective: 'OUTCOME_LEADS',
        status: 'ACTIVE',
        daily_budget: 40,
        start_date: ago(50),
        performance: 'average',
        lead_form_id: leadForms[0].id,
      },
      50,
    ),
    awareness: campaign(
      {
        name: 'Brand Awareness - Video',
        objective: 'OUTCOME_AWARENESS',
        status: 'PAUSED',
        lifetime_budget: 3000,
        start_date: ago(140),
        end_date: ago(20),
        performance: 'wasteful',
        ...pausedAwareness,
      },
      140,
    ),
    old: campaign(
      {
        name: 'Retargeting - Holiday 2025',
        objective: 'OUTCOME_SALES',
        status: 'ARCHIVED',
        daily_budget: 35,
        start_date: ago(330),
        end_date: ago(270),
        performance: 'poor',
        ...archivedHoliday,
      },
      330,
    ),
  };

  const targeting = (countries: string[], age_min = 18, age_max = 65, genders: number[] = []): SocialAdsTargeting => ({
    countries,
    age_min,
    age_max,
    genders,
    publisher_platforms: ['main_app', 'photo_app'],
  });
  const adSet = (
    c: StoredCampaign,
    a: Omit<StoredAdSet, 'id' | 'campaign_id' | 'created_at' | 'start_date'> & { start_date?: string },
  ): StoredAdSet => ({
    id: metaId(),
    campaign_id: c.id,
    created_at: c.created_at,
    start_date: a.start_date ?? c.start_date,
    ...a,
  });
  const adSets: Record<string, StoredAdSet> = {
    trafficBroad: adSet(campaigns.traffic, {
      name: 'US - Broad 25-54',
      status: 'ACTIVE',
      optimization_goal: 'LANDING_PAGE_VIEWS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US'], 25, 54),
      performance: 'strong',
    }),
    trafficCA: adSet(campaigns.traffic, {
      name: 'CA - Hikers',
      status: 'PAUSED',
      optimization_goal: 'LINK_CLICKS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['CA'], 21, 60),
      performance: 'average',
      ...pausedCA,
    }),
    salesLookalike: adSet(campaigns.sales, {
      name: 'Lookalike 1% - Purchasers',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE' },
      performance: 'average',
    }),
    salesInterests: adSet(campaigns.sales, {
      name: 'Interests - Camping',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US', 'CA'], 25, 65),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE' },
      performance: 'poor',
    }),
    iosBroad: adSet(campaigns.ios, {
      name: 'iOS - US Broad',
      status: 'ACTIVE',
      optimization_goal: 'APP_INSTALLS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { application_id: iosApp.application_id, object_store_url: iosApp.object_store_url },
      performance: 'average',
    }),
    iosOutdoor: adSet(campaigns.ios, {
      name: 'iOS - Outdoor enthusiasts',
      status: 'ACTIVE',
      optimization_goal: 'APP_INSTALLS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US', 'GB'], 18, 44),
      promoted_object: { application_id: iosApp.application_id, object_store_url: iosApp.object_store_url },
      performance: 'strong',
    }),
    androidBroad: adSet(campaigns.android, {
      name: 'Android - US Broad',
      status: 'ACTIVE',
      optimization_goal: 'APP_INSTALLS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { application_id: androidApp.application_id, object_store_url: androidApp.object_store_url },
      performance: 'poor',
    }),
    leadsUS: adSet(campaigns.leads, {
      name: 'Catalog request - US 30+',
      status: 'ACTIVE',
      optimization_goal: 'LEAD_GENERATION',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US'], 30, 65),
      promoted_object: { page_id: pages[0].id },
      performance: 'average',
    }),
    awarenessVideo: adSet(campaigns.awareness, {
      name: 'ThruPlay - Broad',
      status: 'PAUSED',
      optimization_goal: 'THRUPLAY',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      performance: 'wasteful',
      ...pausedAwareness,
    }),
    oldRetargeting: adSet(campaigns.old, {
      name: 'Site visitors 30d',
      status: 'ARCHIVED',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE' },
      performance: 'poor',
      ...archivedHoliday,
    }),
  };

  const creative = (
    c: Partial<SocialAdsCreative> & Pick<SocialAdsCreative, 'link' | 'primary_texts' | 'headlines'>,
  ): SocialAdsCreative => ({
    page_id: pages[0].id,
    instagram_account_id: instagram.id,
    call_to_action: 'LEARN_MORE',
    descriptions: [],
    image_hashes: [],
    disabled_creative_features: [],
    ...c,
  });
  const ad = (
    s: StoredAdSet,
    name: string,
    ad_type: SocialAdsAd['ad_type'],
    performance: PerformanceTier,
    cr: SocialAdsCreative,
    status: SocialAdsAd['status'] = 'ACTIVE',
  ): StoredAd => ({
    // An ad switched off went off with its ad set, and was approved and delivering before.
    ...(status !== 'ACTIVE' && s.history
      ? { history: s.history.map((h) => ({ at: h.at, before: { status: 'ACTIVE', effective_status: 'ACTIVE' } })) }
      : {}),
    id: metaId(),
    ad_set_id: s.id,
    campaign_id: s.campaign_id,
    name,
    status,
    effective_status: status === 'ACTIVE' ? 'ACTIVE' : status === 'PAUSED' ? 'PAUSED' : 'ARCHIVED',
    ad_type,
    creative: cr,
    start_date: s.start_date,
    created_at: s.created_at,
    performance,
  });
  const ads: StoredAd[] = [
    ad(
      adSets.trafficBroad,
      'Spring hero - image',
      'image',
      'strong',
      creative({
        link: `${site}/spring-sale`,
        primary_texts: ['Spring gear is 30% off this week only. Trail-tested, weekend-ready.'],
        headlines: ['Up to 30% off spring gear'],
        descriptions: ['Free shipping over $50'],
        image_hashes: [img('spring-hero-1200')],
        call_to_action: 'SHOP_NOW',
        display_link: domain,
      }),
    ),
    ad(
      adSets.trafficBroad,
      'Spring - product carousel',
      'carousel',
      'average',
      creative({
        link: `${site}/spring-sale`,
        primary_texts: ['Pick your next adventure kit.'],
        headlines: [],
        cards: [
          {
            headline: 'Waterproof boots',
            image_hash: img('product-boots'),
            link: `${site}/boots`,
            description: 'From $89',
            call_to_action: 'SHOP_NOW',
          },
          {
            headline: 'Rain shell jacket',
            image_hash: img('product-jacket'),
            link: `${site}/jackets`,
            description: 'From $119',
            call_to_action: 'SHOP_NOW',
          },
          {
            headline: '2-person tent',
            image_hash: img('product-tent'),
            link: `${site}/tents`,
            description: 'From $199',
            call_to_action: 'SHOP_NOW',
          },
        ],
        call_to_action: 'SHOP_NOW',
      }),
    ),
    ad(
      adSets.trafficCA,
      'CA - square image',
      'image',
      'average',
      creative({
        link: `${site}/ca`,
        primary_texts: ['Canadian trails are calling.'],
        headlines: ['Gear up for the trail'],
        image_hashes: [img('spring-hero-square')],
      }),
      'PAUSED',
    ),
    ad(
      adSets.salesLookalike,
      'Boots - dynamic creative',
      'image',
      'average',
      creative({
        link: `${site}/boots`,
        primary_texts: ['Dry feet, every mile.', 'Our best-rated boots, now in wide fit.', 'Built for mud, rain and rock.'],
        headlines: ['Waterproof hiking boots', 'Rated 4.8 by 3,000 hikers'],
        image_hashes: [img('product-boots'), img('spring-hero-square')],
        call_to_action: 'SHOP_NOW',
      }),
    ),
    ad(
      adSets.salesInterests,
      'Tent - product video',
      'video',
      'poor',
      creative({
        link: `${site}/tents`,
        primary_texts: ['Pitch it in 90 seconds.'],
        headlines: ['The 2-minute tent'],
        video_id: videos[1].id,
        thumbnail: img('product-tent'),
        call_to_action: 'SHOP_NOW',
      }),
    ),
    ad(
      adSets.iosBroad,
      'iOS - walkthrough video',
      'video',
      'average',
      creative({
        link: iosApp.object_store_url,
        primary_texts: ['Offline trail maps for 40,000 trails.'],
        headlines: ['Never lose the trail'],
        video_id: videos[2].id,
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.iosBroad,
      'iOS - screenshots image',
      'image',
      'poor',
      creative({
        link: iosApp.object_store_url,
        primary_texts: ['Plan, track and share every hike.'],
        headlines: ['Trail Maps for iPhone'],
        image_hashes: [img('app-screens')],
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.iosOutdoor,
      'iOS - stories cut',
      'video',
      'strong',
      creative({
        link: iosApp.object_store_url,
        primary_texts: ['Your next summit, mapped.'],
        headlines: ['Download free'],
        video_id: videos[3].id,
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.iosOutdoor,
      'iOS - UGC carousel',
      'carousel',
      'average',
      creative({
        link: iosApp.object_store_url,
        primary_texts: ['Hikers love Trail Maps.'],
        headlines: [],
        cards: [
          { headline: 'Offline maps', image_hash: img('app-screens'), link: iosApp.object_store_url, call_to_action: 'INSTALL_MOBILE_APP' },
          {
            headline: 'Track your hike',
            image_hash: img('story-trail'),
            link: iosApp.object_store_url,
            call_to_action: 'INSTALL_MOBILE_APP',
          },
        ],
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.androidBroad,
      'Android - walkthrough video',
      'video',
      'poor',
      creative({
        link: androidApp.object_store_url,
        primary_texts: ['Offline trail maps for Android.'],
        headlines: ['Get the Android app'],
        video_id: videos[2].id,
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.androidBroad,
      'Android - screenshots',
      'image',
      'wasteful',
      creative({
        link: androidApp.object_store_url,
        primary_texts: ['Trail Maps: plan your weekend.'],
        headlines: ['Free download'],
        image_hashes: [img('app-screens')],
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.leadsUS,
      'Catalog request - image',
      'image',
      'average',
      creative({
        link: `${site}/catalog`,
        primary_texts: ['Get the 2026 field catalog free, delivered to your door.'],
        headlines: ['Free 2026 catalog'],
        image_hashes: [img('catalog-cover')],
        call_to_action: 'SIGN_UP',
        lead_form_id: leadForms[0].id,
      }),
    ),
    ad(
      adSets.awarenessVideo,
      'Brand film 30s',
      'video',
      'wasteful',
      creative({
        link: `${site}/story`,
        primary_texts: ['Made for the long way round.'],
        headlines: ['Our story'],
        video_id: videos[0].id,
        call_to_action: 'WATCH_MORE',
      }),
      'PAUSED',
    ),
    ad(
      adSets.oldRetargeting,
      'Holiday - cart reminder',
      'image',
      'poor',
      creative({
        link: `${site}/cart`,
        primary_texts: ['Still thinking it over?'],
        headlines: ['Your cart is waiting'],
        image_hashes: [img('spring-hero-1200')],
        call_to_action: 'SHOP_NOW',
      }),
      'ARCHIVED',
    ),
  ];

  // The product catalog, its product sets and a catalog (dynamic product ads) campaign with a
  // campaign budget: a retargeting ad set that sells, a prospecting one that does not.
  const catalog: SocialAdsCatalog = {
    id: ids.digits(16),
    name: `${brand} Product Catalog`,
    vertical: 'commerce',
    product_count: PRODUCT_ROWS.length,
    pixel_ids: [pixel.id],
    feed_last_upload_time: `${ago(1)}T04:00:00+0000`,
    feed_errors: 1,
  };
  const products: SocialAdsProduct[] = PRODUCT_ROWS.map(([sku, name, category, productBrand, price, availability, review_status]) => ({
    id: ids.digits(16),
    retailer_id: sku,
    catalog_id: catalog.id,
    name,
    category,
    brand: productBrand,
    price,
    currency: account.currency,
    availability,
    image_url: `https://scontent.sandbox.invalid/p/${sku.toLowerCase()}.jpg`,
    url: `${site}/p/${sku.toLowerCase()}`,
    review_status,
    ...(price >= 200 ? { custom_label_0: 'premium' } : {}),
  }));
  const productSets: SocialAdsProductSet[] = [
    { id: ids.digits(16), catalog_id: catalog.id, name: 'All products', filter: [], product_count: 0, created_at: created(100) },
    {
      id: ids.digits(16),
      catalog_id: catalog.id,
      name: 'Boots',
      filter: [{ field: 'category', operator: 'eq', value: 'boots' }],
      product_count: 0,
      created_at: created(100),
    },
    {
      id: ids.digits(16),
      catalog_id: catalog.id,
      name: 'Under 100',
      filter: [{ field: 'price', operator: 'lt', value: 100 }],
      product_count: 0,
      created_at: created(60),
    },
  ];
  const catalogCampaign = campaign(
    {
      name: 'Catalog - Dynamic Product Ads',
      objective: 'OUTCOME_SALES',
      status: 'ACTIVE',
      daily_budget: 80,
      start_date: ago(70),
      performance: 'average',
      promoted_object: { product_catalog_id: catalog.id },
    },
    70,
  );
  const catalogSets = {
    retargeting: adSet(catalogCampaign, {
      name: 'Retargeting - viewed or carted 14d',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE', product_set_id: productSets[0].id },
      retargeting_days: 14,
      performance: 'strong',
    }),
    prospecting: adSet(catalogCampaign, {
      name: 'Prospecting - Boots broad',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US', 'CA'], 25, 65),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE', product_set_id: productSets[1].id },
      performance: 'poor',
    }),
  };
  const catalogAd = (s: StoredAdSet, name: string, performance: PerformanceTier, productSetId: string) =>
    ad(
      s,
      name,
      'catalog',
      performance,
      creative({
        link: site,
        primary_texts: ['Still thinking about {{product.name}}?'],
        headlines: ['{{product.name}}'],
        descriptions: ['{{product.price}}'],
        call_to_action: 'SHOP_NOW',
        product_set_id: productSetId,
        catalog_format: 'carousel',
      }),
    );
  campaigns.catalog = catalogCampaign;
  Object.assign(adSets, catalogSets);
  ads.push(
    catalogAd(catalogSets.retargeting, 'Catalog carousel - all products', 'strong', productSets[0].id),
    catalogAd(catalogSets.prospecting, 'Catalog carousel - boots', 'poor', productSets[1].id),
  );

  const audienceTime = `${ago(3)}T06:00:00+0000`;
  const websiteVisitors: SocialAdsCustomAudience = {
    id: `2385${ids.digits(13)}`,
    name: 'Website visitors 30d',
    subtype: 'WEBSITE',
    approximate_count_lower_bound: 61_000,
    approximate_count_upper_bound: 72_000,
    delivery_status: { code: 200, description: 'This audience is ready for use.' },
    retention_days: 30,
    pixel_id: pixel.id,
    time_updated: audienceTime,
  };
  const purchasers: SocialAdsCustomAudience = {
    id: `2385${ids.digits(13)}`,
    name: 'Purchasers 180d',
    subtype: 'WEBSITE',
    approximate_count_lower_bound: 8_400,
    approximate_count_upper_bound: 9_900,
    delivery_status: { code: 200, description: 'This audience is ready for use.' },
    retention_days: 180,
    pixel_id: pixel.id,
    time_updated: audienceTime,
  };
  const audiences: SocialAdsCustomAudience[] = [
    websiteVisitors,
    purchasers,
    {
      id: `2385${ids.digits(13)}`,
      name: 'Customer list - newsletter',
      subtype: 'CUSTOM',
      approximate_count_lower_bound: 21_000,
      approximate_count_upper_bound: 25_000,
      delivery_status: { code: 200, description: 'This audience is ready for use.' },
      time_updated: audienceTime,
    },
    {
      id: `2385${ids.digits(13)}`,
      name: 'Video viewers 50% - Brand film',
      subtype: 'ENGAGEMENT',
      approximate_count_lower_bound: 700,
      approximate_count_upper_bound: 900,
      delivery_status: { code: 300, description: 'This audience is too small to deliver ads; it needs at least 1,000 people.' },
      retention_days: 365,
      time_updated: audienceTime,
    },
    {
      id: `2385${ids.digits(13)}`,
      name: 'Lookalike (US, 1%) - Purchasers 180d',
      subtype: 'LOOKALIKE',
      approximate_count_lower_bound: 2_100_000,
      approximate_count_upper_bound: 2_500_000,
      delivery_status: { code: 200, description: 'This audience is ready for use.' },
      lookalike_spec: { origin_audience_id: purchasers.id, ratio: 0.01, country: 'US' },
      time_updated: audienceTime,
    },
  ];

  await Promise.all([
    store.putMany(KIND.catalog, [catalog]),
    store.putMany(KIND.product, products),
    store.putMany(KIND.productSet, productSets),
    store.putMany(KIND.customAudience, audiences),
    store.putMany(KIND.page, pages),
    store.putMany(KIND.instagram, [instagram]),
    store.putMany(KIND.leadForm, leadForms),
    store.putMany(KIND.pixel, [pixel]),
    store.putMany(KIND.redirect, redirects),
    store.putMany(KIND.image, images),
    store.putMany(KIND.video, videos),
    store.putMany(KIND.campaign, Object.values(campaigns)),
    store.putMany(KIND.adSet, Object.values(adSets)),
    store.putMany(KIND.ad, ads),
  ]);
}
