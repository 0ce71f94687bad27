/**
 * A fake of the search platform's REST interface on 127.0.0.1, written from its public reference:
 * `POST /{version}/customers/{id}/googleAds:search` with the query language (the subset of SELECT /
 * FROM / WHERE / LIMIT this gateway uses, over the resources and fields below), page tokens,
 * `POST /{version}/customers/{id}/<resource>:mutate` with create / update + updateMask / remove
 * operations (atomic), `GET /{version}/customers:listAccessibleCustomers` and
 * `POST /{version}/geoTargetConstants:suggest`. It holds its own state and refuses what the real API
 * refuses: missing or wrong Authorization / developer-token headers, expired access tokens, customers
 * the user cannot reach (a manager's clients only with login-customer-id), ids with dashes, unknown
 * resources and fields, update masks naming unknown fields or fields left out of a partial object,
 * invalid values; failures use the platform's failure body (error.details[].errors[].errorCode).
 * Int64 values are JSON strings, money is in micros. It can be told to rate-limit, fail or hang.
 */
import { createHash, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeSearchAdsOAuth } from './searchads-oauth';

export const FAKE_DEVELOPER_TOKEN = 'fake-developer-token';
export const FAKE_API_VERSION = 'v26';

type Obj = Record<string, any>;

export interface FakeCustomer {
  id: string;
  descriptiveName: string;
  currencyCode: string;
  timeZone: string;
  manager: boolean;
  status: 'ENABLED' | 'CANCELED';
  /** Users with direct access. */
  users: string[];
  /** Client customer ids (managers). */
  clients: string[];
  campaigns: Obj[];
  budgets: Obj[];
  adGroups: Obj[];
  /** Ad group ads (each holds its ad under `ad`). */
  ads: Obj[];
  /** The same ad objects as under `ads[].ad`, addressable as `customers/<id>/ads/<ad id>` (AdService). */
  adObjects: Obj[];
  adGroupCriteria: Obj[];
  campaignCriteria: Obj[];
  assets: Obj[];
  campaignAssets: Obj[];
  labels: Obj[];
  customAudiences: Obj[];
  userLists: Obj[];
  sharedSets: Obj[];
  sharedCriteria: Obj[];
  campaignSharedSets: Obj[];
}

export const USER_INTERESTS: Obj[] = [
  { userInterestId: '80001', name: 'Apparel & Accessories', taxonomyType: 'IN_MARKET' },
  { userInterestId: '80443', name: 'Hiking Boots', taxonomyType: 'IN_MARKET', userInterestParent: 'customers/0/userInterests/80001' },
  { userInterestId: '80444', name: 'Trail Running Shoes', taxonomyType: 'IN_MARKET', userInterestParent: 'customers/0/userInterests/80001' },
  { userInterestId: '92000', name: 'Sports & Fitness', taxonomyType: 'AFFINITY' },
  { userInterestId: '92001', name: 'Outdoor Enthusiasts', taxonomyType: 'AFFINITY', userInterestParent: 'customers/0/userInterests/92000' },
  { userInterestId: '91000', name: 'New Movers', taxonomyType: 'LIFE_EVENT' },
];
export const LANGUAGE_CONSTANTS: Obj[] = [
  { id: '1000', code: 'en', name: 'English', targetable: true },
  { id: '1001', code: 'de', name: 'German', targetable: true },
  { id: '1002', code: 'fr', name: 'French', targetable: true },
  { id: '1003', code: 'es', name: 'Spanish', targetable: true },
];
export const GEO_TARGET_CONSTANTS: Obj[] = [
  { id: '2840', name: 'United States', canonicalName: 'United States', countryCode: 'US', targetType: 'Country', status: 'ENABLED' },
  { id: '2124', name: 'Canada', canonicalName: 'Canada', countryCode: 'CA', targetType: 'Country', status: 'ENABLED' },
  { id: '21176', name: 'Texas', canonicalName: 'Texas,United States', countryCode: 'US', targetType: 'State', status: 'ENABLED' },
  { id: '21137', name: 'California', canonicalName: 'California,United States', countryCode: 'US', targetType: 'State', status: 'ENABLED' },
  { id: '1026201', name: 'Austin', canonicalName: 'Austin,Texas,United States', countryCode: 'US', targetType: 'City', status: 'ENABLED' },
  { id: '1014221', name: 'Portland', canonicalName: 'Portland,Oregon,United States', countryCode: 'US', targetType: 'City', status: 'ENABLED' },
  { id: '1019250', name: 'Portland', canonicalName: 'Portland,Maine,United States', countryCode: 'US', targetType: 'City', status: 'ENABLED' },
].map((g) => ({ ...g, resourceName: `geoTargetConstants/${g.id}` }));

/** A slice of the topic taxonomy (topic constants with their paths). */
export const TOPIC_CONSTANTS: Obj[] = ([
  ['65', ['Hobbies & Leisure']], ['688', ['Hobbies & Leisure', 'Outdoors']], ['1316', ['Hobbies & Leisure', 'Outdoors', 'Hiking & Camping']],
  ['18', ['Shopping']], ['697', ['Shopping', 'Apparel', 'Footwear']], ['16', ['News']], ['63', ['News', 'Weather']],
] as [string, string[]][]).map(([id, path]) => ({ id, resourceName: `topicConstants/${id}`, path }));
/** The parts of a responsive display ad beyond headlines and descriptions (snake_case). */
const RDA_PARTS = ['long_headline', 'business_name', 'marketing_images', 'square_marketing_images', 'logo_images', 'square_logo_images', 'youtube_videos', 'call_to_action_text', 'main_color', 'accent_color', 'promo_text'];
const RDA_PATHS = ['headlines', 'descriptions', ...RDA_PARTS].map((f) => `responsiveDisplayAd.${camel(f)}`);
const DEMOGRAPHICS: Record<string, string[]> = {
  ageRange: ['AGE_RANGE_18_24', 'AGE_RANGE_25_34', 'AGE_RANGE_35_44', 'AGE_RANGE_45_54', 'AGE_RANGE_55_64', 'AGE_RANGE_65_UP', 'AGE_RANGE_UNDETERMINED'],
  gender: ['MALE', 'FEMALE', 'UNDETERMINED'],
  parentalStatus: ['PARENT', 'NOT_A_PARENT', 'UNDETERMINED'],
  incomeRange: ['INCOME_RANGE_0_50', 'INCOME_RANGE_50_60', 'INCOME_RANGE_60_70', 'INCOME_RANGE_70_80', 'INCOME_RANGE_80_90', 'INCOME_RANGE_90_UP', 'INCOME_RANGE_UNDETERMINED'],
};

/** Selectable fields per resource (snake_case paths below the resource). */
const FIELDS: Record<string, string[]> = {
  customer: ['id', 'resource_name', 'descriptive_name', 'currency_code', 'time_zone', 'manager', 'status'],
  customer_client: ['id', 'resource_name', 'descriptive_name', 'currency_code', 'time_zone', 'manager', 'status', 'level', 'client_customer'],
  campaign: [
    'id', 'resource_name', 'name', 'status', 'advertising_channel_type', 'bidding_strategy_type', 'start_date_time', 'end_date_time', 'campaign_budget',
    'network_settings.target_google_search', 'network_settings.target_search_network', 'network_settings.target_content_network',
    'network_settings.target_partner_search_network', 'network_settings.target_youtube', 'network_settings.target_google_tv_network',
    'targeting_setting.target_restrictions', 'ai_max_setting.enable_ai_max', 'tracking_url_template', 'final_url_suffix', 'url_custom_parameters', 'labels', 'frequency_caps',
    'maximize_conversions.target_cpa_micros', 'target_cpa.target_cpa_micros', 'maximize_conversion_value.target_roas', 'target_roas.target_roas',
  ],
  campaign_budget: ['id', 'resource_name', 'amount_micros', 'explicitly_shared'],
  ad_group: ['id', 'resource_name', 'name', 'status', 'type', 'cpc_bid_micros', 'campaign'],
  ad_group_ad: [
    'resource_name', 'status', 'ad_group', 'ad.id', 'ad.type', 'ad.final_urls', 'ad.responsive_search_ad.headlines', 'ad.responsive_search_ad.descriptions',
    'ad.responsive_search_ad.path1', 'ad.responsive_search_ad.path2', 'ad.responsive_display_ad.headlines', 'ad.responsive_display_ad.descriptions',
    ...RDA_PARTS.map((f) => `ad.responsive_display_ad.${f}`),
  ],
  ad_group_criterion: [
    'resource_name', 'criterion_id', 'type', 'status', 'negative', 'ad_group', 'keyword.text', 'keyword.match_type', 'cpc_bid_micros', 'quality_info.quality_score',
    'user_interest.user_interest_category', 'custom_audience.custom_audience', 'user_list.user_list',
    'placement.url', 'mobile_application.app_id', 'youtube_channel.channel_id', 'youtube_video.video_id', 'topic.topic_constant', 'age_range.type', 'gender.type', 'parental_status.type', 'income_range.type',
  ],
  campaign_criterion: ['resource_name', 'criterion_id', 'type', 'negative', 'campaign', 'keyword.text', 'keyword.match_type', 'location.geo_target_constant', 'language.language_constant',
    'ad_schedule.day_of_week', 'ad_schedule.start_hour', 'ad_schedule.start_minute', 'ad_schedule.end_hour', 'ad_schedule.end_minute'],
  asset: [
    'id', 'resource_name', 'type', 'name', 'final_urls', 'callout_asset.callout_text', 'call_asset.phone_number', 'call_asset.country_code', 'sitelink_asset.link_text',
    'sitelink_asset.description1', 'sitelink_asset.description2', 'structured_snippet_asset.header', 'structured_snippet_asset.values', 'text_asset.text',
    'youtube_video_asset.youtube_video_id', 'youtube_video_asset.youtube_video_title', 'image_asset.mime_type', 'image_asset.file_size', 'image_asset.full_size.width_pixels', 'image_asset.full_size.height_pixels', 'image_asset.full_size.url',
  ],
  campaign_asset: ['resource_name', 'campaign', 'asset', 'field_type', 'status'],
  label: ['id', 'resource_name', 'name', 'status', 'text_label.description', 'text_label.background_color'],
  user_interest: ['user_interest_id', 'resource_name', 'name', 'taxonomy_type', 'user_interest_parent'],
  custom_audience: ['id', 'resource_name', 'name', 'description', 'status'],
  user_list: ['id', 'resource_name', 'name', 'description', 'size_for_search'],
  language_constant: ['id', 'resource_name', 'code', 'name', 'targetable'],
  topic_constant: ['id', 'resource_name', 'path', 'topic_constant_parent'],
  geo_target_constant: ['id', 'resource_name', 'name', 'canonical_name', 'country_code', 'target_type', 'status'],
  keyword_view: ['resource_name'],
  shared_set: ['id', 'resource_name', 'name', 'type', 'status'],
  shared_criterion: ['resource_name', 'criterion_id', 'type', 'keyword.text', 'keyword.match_type'],
  campaign_shared_set: ['resource_name', 'campaign', 'shared_set', 'status'],
  search_term_view: ['resource_name', 'search_term', 'status'],
  metrics: ['impressions', 'clicks', 'cost_micros', 'conversions', 'conversions_value', 'video_trueview_views'],
  segments: ['date', 'keyword.ad_group_criterion', 'keyword.info.text', 'keyword.info.match_type'],
};
/** Resources whose fields may be selected with FROM <key> (attributed resources), and whether metrics may be. */
const FROM: Record<string, { with: string[]; metrics?: boolean }> = {
  customer: { with: ['customer'], metrics: true },
  customer_client: { with: ['customer_client', 'customer'] },
  campaign: { with: ['campaign', 'campaign_budget', 'customer'], metrics: true },
  campaign_budget: { with: ['campaign_budget', 'customer'] },
  ad_group: { with: ['ad_group', 'campaign', 'customer'], metrics: true },
  ad_group_ad: { with: ['ad_group_ad', 'ad_group', 'campaign', 'customer'], metrics: true },
  shared_set: { with: ['shared_set', 'customer'] },
  shared_criterion: { with: ['shared_criterion', 'shared_set', 'customer'] },
  campaign_shared_set: { with: ['campaign_shared_set', 'campaign', 'shared_set', 'customer'] },
  keyword_view: { with: ['keyword_view', 'ad_group_criterion', 'ad_group', 'campaign', 'customer'], metrics: true },
  search_term_view: { with: ['search_term_view', 'ad_group', 'campaign', 'customer'], metrics: true },
  ad_group_criterion: { with: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'] },
  campaign_criterion: { with: ['campaign_criterion', 'campaign', 'customer'] },
  asset: { with: ['asset', 'customer'] },
  campaign_asset: { with: ['campaign_asset', 'campaign', 'asset', 'customer'] },
  label: { with: ['label', 'customer'] },
  user_interest: { with: ['user_interest'] },
  custom_audience: { with: ['custom_audience', 'customer'] },
  user_list: { with: ['user_list', 'customer'] },
  language_constant: { with: ['language_constant'] },
  topic_constant: { with: ['topic_constant'] },
  geo_target_constant: { with: ['geo_target_constant'] },
};

function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
const get = (obj: Obj | undefined, path: string) => path.split('.').reduce<any>((node, key) => (node == null ? undefined : node[key]), obj);
const setPath = (obj: Obj, path: string, value: unknown) => {
  const keys = path.split('.');
  let node = obj;
  for (const key of keys.slice(0, -1)) node = node[key] ??= {};
  node[keys.at(-1)!] = value;
};
const newId = (digits: number) => String(randomInt(10 ** (digits - 1), 10 ** digits));
const today = () => new Date().toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly grpcStatus: string,
    readonly errors: { errorCode: Record<string, string>; message: string; location?: Obj }[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors[0]?.message ?? grpcStatus);
  }
}
const invalid = (category: string, value: string, message: string, location?: Obj) => new ApiFailure(400, 'INVALID_ARGUMENT', [{ errorCode: { [category]: value }, message, ...(location ? { location } : {}) }]);

export type FaultKind = 'rate_limit' | 'server_error' | 'hang';

export class FakeSearchAdsApi {
  private server!: Server;
  url = '';
  /** Rows per search page (the real platform pages at 10,000; small here so paging is exercised). */
  pageSize = 5;
  readonly customers = new Map<string, FakeCustomer>();
  /** Every request: method, path (no query), status. */
  readonly requests: { method: string; path: string; status: number }[] = [];
  private faults: { kind: FaultKind; times: number; retryAfter: number; path?: RegExp }[] = [];

  constructor(readonly oauth: FakeSearchAdsOAuth) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The next `times` requests (whose path matches, if given) fail this way. */
  fail(kind: FaultKind, times = 1, options: { retryAfter?: number; path?: RegExp } = {}): void {
    this.faults.push({ kind, times, retryAfter: options.retryAfter ?? 30, path: options.path });
  }

  clearFaults(): void {
    this.faults = [];
  }

  countRequests(pattern: RegExp): number {
    return this.requests.filter((r) => pattern.test(`${r.method} ${r.path}`)).length;
  }

  customer(id: string): FakeCustomer {
    const c = this.customers.get(id);
    if (!c) throw new Error(`fake: no customer ${id}`);
    return c;
  }

  addCustomer(options: { id: string; name: string; users?: string[]; manager?: boolean; clients?: string[]; currency?: string; status?: 'ENABLED' | 'CANCELED' }): FakeCustomer {
    const customer: FakeCustomer = {
      id: options.id, descriptiveName: options.name, currencyCode: options.currency ?? 'USD', timeZone: 'America/New_York', manager: options.manager ?? false,
      status: options.status ?? 'ENABLED', users: options.users ?? [], clients: options.clients ?? [],
      campaigns: [], budgets: [], adGroups: [], ads: [], adObjects: [], adGroupCriteria: [], campaignCriteria: [], assets: [], campaignAssets: [], labels: [], customAudiences: [], userLists: [],
      sharedSets: [], sharedCriteria: [], campaignSharedSets: [],
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** Fills an ad account with campaigns of every kind the gateway's tools read. */
  seed(customerId: string): void {
    const c = this.customer(customerId);
    const rn = (collection: string, id: string) => `customers/${customerId}/${collection}/${id}`;
    const labels = [['Brand', '#1A73E8', 'Brand-term campaigns'], ['Needs Review', '#D93025', undefined]].map(([name, color, description]) => {
      const id = newId(10);
      return { id, resourceName: rn('labels', id), name, status: 'ENABLED', textLabel: { backgroundColor: color, ...(description ? { description } : {}) } };
    });
    c.labels.push(...labels);
    const network = (o: Obj = {}) => ({ targetGoogleSearch: true, targetSearchNetwork: false, targetContentNetwork: false, targetPartnerSearchNetwork: false, targetYoutube: false, targetGoogleTvNetwork: false, ...o });
    const campaign = (name: string, type: string, status: string, amount: number, o: Obj = {}) => {
      const budgetId = newId(10);
      c.budgets.push({ id: budgetId, resourceName: rn('campaignBudgets', budgetId), amountMicros: String(amount * 1_000_000), explicitlyShared: false });
      const id = newId(11);
      const campaign = {
        id, resourceName: rn('campaigns', id), name, status, advertisingChannelType: type, biddingStrategyType: 'MAXIMIZE_CONVERSIONS', campaignBudget: rn('campaignBudgets', budgetId),
        startDateTime: `${addDays(today(), -200)} 00:00:00`, networkSettings: network(), targetingSetting: { targetRestrictions: [{ targetingDimension: 'AUDIENCE', bidOnly: true }] },
        urlCustomParameters: [], labels: [], frequencyCaps: [], ...o,
      };
      const strategy = BIDDING_STRATEGIES.find(([, type]) => type === campaign.biddingStrategyType)!;
      Object.assign(campaign, { [strategy[0]]: {} });
      c.campaigns.push(campaign);
      return campaign;
    };
    const brand = campaign('Brand - Exact', 'SEARCH', 'ENABLED', 50, {
      networkSettings: network({ targetSearchNetwork: true }), aiMaxSetting: { enableAiMax: false }, trackingUrlTemplate: '{lpurl}?utm_source=searchads',
      urlCustomParameters: [{ key: 'campaign', value: 'brandexact' }], labels: [labels[0]!.resourceName], biddingStrategyType: 'TARGET_IMPRESSION_SHARE',
    });
    const generic = campaign('Generic - Hiking Boots', 'SEARCH', 'ENABLED', 120, { aiMaxSetting: { enableAiMax: false }, labels: [labels[1]!.resourceName] });
    const display = campaign('Display - Remarketing', 'DISPLAY', 'PAUSED', 40, {
      networkSettings: network({ targetGoogleSearch: false, targetContentNetwork: true }), targetingSetting: { targetRestrictions: [{ targetingDimension: 'AUDIENCE', bidOnly: false }] },
      frequencyCaps: [{ key: { level: 'CAMPAIGN', eventType: 'IMPRESSION', timeUnit: 'DAY', timeLength: 1 }, cap: 3 }],
    });
    const pmax = campaign('Performance Max - All Products', 'PERFORMANCE_MAX', 'ENABLED', 200);
    const launch = campaign('Search - Summer Launch', 'SEARCH', 'ENABLED', 60, { startDateTime: `${addDays(today(), 21)} 00:00:00`, endDateTime: `${addDays(today(), 111)} 23:59:59`, aiMaxSetting: { enableAiMax: false } });
    campaign('Holiday - Search', 'SEARCH', 'REMOVED', 150, { endDateTime: `${addDays(today(), -30)} 23:59:59` });

    const adGroup = (camp: Obj, name: string, status: string, bid: number, type = 'SEARCH_STANDARD') => {
      const id = newId(11);
      const group = { id, resourceName: rn('adGroups', id), name, status, type, cpcBidMicros: String(bid * 1_000_000), campaign: camp.resourceName };
      c.adGroups.push(group);
      return group;
    };
    const core = adGroup(brand, 'Brand - Core', 'ENABLED', 0.9);
    const misspell = adGroup(brand, 'Brand - Misspellings', 'PAUSED', 0.6);
    const men = adGroup(generic, 'Hiking Boots - Men', 'ENABLED', 1.6);
    const women = adGroup(generic, 'Hiking Boots - Women', 'ENABLED', 1.55);
    const cart = adGroup(display, 'Cart Abandoners 30d', 'ENABLED', 0.8, 'DISPLAY_STANDARD');
    const sandals = adGroup(launch, 'Summer Sandals', 'ENABLED', 1.0);

    const rsa = (group: Obj, headlines: string[], descriptions: string[], path1: string) => {
      const id = newId(12);
      c.ads.push({ resourceName: rn('adGroupAds', `${group.id}~${id}`), status: 'ENABLED', adGroup: group.resourceName, ad: { id, type: 'RESPONSIVE_SEARCH_AD', finalUrls: [`https://www.northwind-outdoor.example/${path1}`], responsiveSearchAd: { headlines: headlines.map((text) => ({ text })), descriptions: descriptions.map((text) => ({ text })), path1 } } });
    };
    rsa(core, ['Northwind Outdoor Official', 'Hiking Gear Built to Last', 'Free Shipping Over $50'], ['Boots, packs and apparel tested on real trails.', 'Free returns on every order.'], 'brand');
    rsa(misspell, ['Northwind Outdoor Store', 'Official Hiking Gear'], ['Shop boots at the official store.', 'Free shipping over $50.'], 'brand');
    rsa(men, ["Men's Hiking Boots", 'Waterproof & Breathable'], ["Lightweight men's hiking boots.", 'Return any pair within 30 days.'], 'boots');
    rsa(women, ["Women's Hiking Boots", 'Waterproof Trail Boots'], ["Women's boots tested on 500+ mile trails.", 'Free 30-day returns.'], 'boots');
    rsa(sandals, ['Summer Hiking Sandals', 'Trail-Ready Sandals'], ['Quick-drying sandals for river crossings.', 'Pre-order now.'], 'sandals');
    const displayAdId = newId(12);
    const image = (name: string, width: number, height: number) => {
      const id = newId(11);
      c.assets.push({ id, resourceName: rn('assets', id), type: 'IMAGE', name, imageAsset: { mimeType: 'IMAGE_JPEG', fileSize: '120000', fullSize: { widthPixels: width, heightPixels: height, url: `https://tpc.example/simgad/${id}` } } });
      return rn('assets', id);
    };
    const [hero, square, logo] = [image('Trail hero 1200x628', 1200, 628), image('Trail square 1200x1200', 1200, 1200), image('Northwind logo 512x512', 512, 512)];
    image('Leaderboard banner 728x90', 728, 90);
    const videoAssetId = newId(11);
    c.assets.push({ id: videoAssetId, resourceName: rn('assets', videoAssetId), type: 'YOUTUBE_VIDEO', name: 'Trail boots 15s', youtubeVideoAsset: { youtubeVideoId: 'Nw0tRa1lB15', youtubeVideoTitle: 'Northwind trail boots in 15 seconds' } });
    c.ads.push({
      resourceName: rn('adGroupAds', `${cart.id}~${displayAdId}`), status: 'ENABLED', adGroup: cart.resourceName,
      ad: {
        id: displayAdId, type: 'RESPONSIVE_DISPLAY_AD', finalUrls: ['https://www.northwind-outdoor.example/'],
        responsiveDisplayAd: {
          headlines: [{ text: 'Still Thinking It Over?' }], descriptions: [{ text: 'Come back for free shipping.' }], longHeadline: { text: 'Trail-tested boots, packs and layers from Northwind Outdoor' },
          businessName: 'Northwind Outdoor', marketingImages: [{ asset: hero }], squareMarketingImages: [{ asset: square }], squareLogoImages: [{ asset: logo }], callToActionText: 'Shop now',
        },
      },
    });

    for (const adGroupAd of c.ads) c.adObjects.push(Object.assign(adGroupAd.ad, { resourceName: rn('ads', adGroupAd.ad.id) }));

    const criterion = (group: Obj, fields: Obj) => {
      const id = newId(11);
      c.adGroupCriteria.push({ resourceName: rn('adGroupCriteria', `${group.id}~${id}`), criterionId: id, status: 'ENABLED', negative: false, adGroup: group.resourceName, ...fields });
    };
    const keyword = (group: Obj, text: string, matchType: string, qualityScore: number) =>
      criterion(group, { type: 'KEYWORD', keyword: { text, matchType }, cpcBidMicros: group.cpcBidMicros, qualityInfo: { qualityScore } });
    keyword(core, 'northwind outdoor', 'EXACT', 10);
    keyword(core, 'northwind outdoor boots', 'PHRASE', 9);
    keyword(misspell, 'northwnd outdoor', 'EXACT', 7);
    keyword(men, 'mens hiking boots', 'PHRASE', 7);
    keyword(women, 'womens hiking boots', 'PHRASE', 8);
    keyword(sandals, 'hiking sandals', 'PHRASE', 6);
    criterion(men, { type: 'KEYWORD', negative: true, keyword: { text: 'women', matchType: 'BROAD' } });
    criterion(men, { type: 'USER_INTEREST', userInterest: { userInterestCategory: rn('userInterests', '80443') } });
    criterion(cart, { type: 'PLACEMENT', placement: { url: 'www.trailjournal.example' } });
    criterion(cart, { type: 'TOPIC', topic: { topicConstant: 'topicConstants/1316' } });
    criterion(cart, { type: 'AGE_RANGE', negative: true, ageRange: { type: 'AGE_RANGE_18_24' } });

    const campaignCriterion = (camp: Obj, id: string, fields: Obj) => c.campaignCriteria.push({ resourceName: rn('campaignCriteria', `${camp.id}~${id}`), criterionId: id, negative: false, campaign: camp.resourceName, ...fields });
    for (const [camp, geos] of [[brand, ['2840', '2124']], [generic, ['2840']], [display, ['2840']], [launch, ['21137']]] as const) {
      for (const geo of geos) campaignCriterion(camp, geo, { type: 'LOCATION', location: { geoTargetConstant: `geoTargetConstants/${geo}` } });
    }
    for (const camp of [brand, generic, display, pmax]) campaignCriterion(camp, '1000', { type: 'LANGUAGE', language: { languageConstant: 'languageConstants/1000' } });
    campaignCriterion(generic, newId(11), { type: 'KEYWORD', negative: true, keyword: { text: 'free', matchType: 'BROAD' } });

    const asset = (fields: Obj) => {
      const id = newId(11);
      const a = { id, resourceName: rn('assets', id), ...fields };
      c.assets.push(a);
      return a;
    };
    const callouts = ['Free Shipping Over $50', '30-Day Free Returns'].map((text) => asset({ type: 'CALLOUT', calloutAsset: { calloutText: text } }));
    const phone = asset({ type: 'CALL', callAsset: { phoneNumber: '+1 800-555-0142', countryCode: 'US' } });
    const support = asset({ type: 'CALL', callAsset: { phoneNumber: '+1 800-555-0199', countryCode: 'US' } });
    asset({ type: 'CALL', callAsset: { phoneNumber: '+1 877-555-0110', countryCode: 'US' } });
    const link = (camp: Obj, a: Obj) => c.campaignAssets.push({ resourceName: rn('campaignAssets', `${camp.id}~${a.id}~${a.type}`), campaign: camp.resourceName, asset: a.resourceName, fieldType: a.type, status: 'ENABLED' });
    for (const a of callouts) link(brand, a);
    link(brand, phone);
    link(brand, support);
    link(generic, phone);

    const audienceId = newId(10);
    c.customAudiences.push({ id: audienceId, resourceName: rn('customAudiences', audienceId), name: 'Thru-hikers', description: 'Long-distance hiking gear', status: 'ENABLED' });
    for (const [name, size] of [['All visitors (540 days)', 48_000], ['Newsletter subscribers', 800]] as const) {
      const id = newId(10);
      c.userLists.push({ id, resourceName: rn('userLists', id), name, sizeForSearch: String(size) });
    }
  }

  // Metrics: a deterministic day of each ad group; a campaign is the sum of its ad groups (or its own day without any), the customer the sum of campaigns.

  private dayOf(entityId: string, date: string): Obj {
    const h = createHash('sha256').update(`${entityId}|${date}`).digest();
    const impressions = 200 + h.readUInt16BE(0) % 3000;
    const clicks = Math.floor((impressions * (1 + (h[2]! % 50))) / 1000);
    const costMicros = clicks * (400_000 + (h.readUInt16BE(3) % 2000) * 1000);
    const conversions = (h[5]! % 4) * 0.5;
    return { impressions, clicks, costMicros, conversions, conversionsValue: Math.round(conversions * 4500) / 100, videoTrueviewViews: h[6]! % 20 };
  }

  private metricsRows(c: FakeCustomer, level: 'customer' | 'campaign' | 'ad_group'): Obj[] {
    const dates: string[] = [];
    for (let d = addDays(today(), -400); d <= today(); d = addDays(d, 1)) dates.push(d);
    const active = (camp: Obj, date: string) => camp.startDateTime.slice(0, 10) <= date && (!camp.endDateTime || camp.endDateTime.slice(0, 10) >= date) && date < today();
    const rows: Obj[] = [];
    for (const camp of c.campaigns) {
      const groups = c.adGroups.filter((g) => g.campaign === camp.resourceName);
      for (const date of dates) {
        if (!active(camp, date)) continue;
        const days = groups.length ? groups.map((g) => ({ group: g, day: this.dayOf(g.id, date) })) : [{ group: undefined, day: this.dayOf(camp.id, date) }];
        if (level === 'ad_group') {
          for (const { group, day } of days) if (group) rows.push({ campaign: camp, adGroup: group, segments: { date }, metrics: day });
        } else {
          rows.push({ campaign: camp, segments: { date }, metrics: sumDays(days.map((d) => d.day)) });
        }
      }
    }
    if (level !== 'customer') return rows;
    const byDate = new Map<string, Obj[]>();
    for (const r of rows) byDate.set(r.segments.date, [...(byDate.get(r.segments.date) ?? []), r.metrics]);
    return [...byDate.entries()].map(([date, days]) => ({ segments: { date }, metrics: sumDays(days) }));
  }

  /** Ad group days split among the group's members (enabled keywords, ads), each split exactly. */
  private memberRows(c: FakeCustomer, level: 'keyword_view' | 'ad_group_ad' | 'search_term_view'): Obj[] {
    const rows: Obj[] = [];
    for (const row of this.metricsRows(c, 'ad_group')) {
      const group = row.adGroup;
      if (level === 'ad_group_ad') {
        const ads = c.ads.filter((a) => a.adGroup === group.resourceName && a.status !== 'REMOVED');
        splitMetrics(row.metrics, ads.length).forEach((metrics, i) => rows.push({ ...row, adGroupAd: ads[i], metrics }));
        continue;
      }
      const keywords = c.adGroupCriteria.filter((k) => k.adGroup === group.resourceName && k.type === 'KEYWORD' && !k.negative && k.status === 'ENABLED');
      splitMetrics(row.metrics, keywords.length).forEach((metrics, i) => {
        const keyword = keywords[i]!;
        if (level === 'keyword_view') return rows.push({ ...row, adGroupCriterion: keyword, keywordView: { resourceName: keyword.resourceName.replace('adGroupCriteria', 'keywordViews') }, metrics });
        const segments = { ...row.segments, keyword: { adGroupCriterion: keyword.resourceName, info: keyword.keyword } };
        const terms = [keyword.keyword.text, `${keyword.keyword.text} reviews`];
        splitMetrics(metrics, terms.length).forEach((part, j) =>
          rows.push({ ...row, segments, searchTermView: { resourceName: `customers/${c.id}/searchTermViews/${row.campaign.id}~${group.id}~${Buffer.from(terms[j]!).toString('base64url')}`, searchTerm: terms[j], status: 'NONE' }, metrics: part }),
        );
      });
    }
    return rows;
  }

  // HTTP.

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const record = (status: number) => this.requests.push({ method: req.method ?? '', path: url.pathname, status });
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const fault = this.faults.find((f) => f.times > 0 && (!f.path || f.path.test(url.pathname)));
    if (fault) {
      fault.times--;
      record(fault.kind === 'rate_limit' ? 429 : fault.kind === 'server_error' ? 500 : 0);
      if (fault.kind === 'hang') return; // never answers
      if (fault.kind === 'rate_limit') {
        return this.sendFailure(res, new ApiFailure(429, 'RESOURCE_EXHAUSTED', [{ errorCode: { quotaError: 'RESOURCE_EXHAUSTED' }, message: 'Too many requests. Retry in 30 seconds.' }], { 'Retry-After': String(fault.retryAfter) }));
      }
      return this.sendFailure(res, new ApiFailure(500, 'INTERNAL', [{ errorCode: { internalError: 'INTERNAL_ERROR' }, message: 'An internal error has occurred.' }]));
    }
    try {
      const body = this.route(req, url, raw);
      record(200);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      record(err.status);
      this.sendFailure(res, err);
    }
  }

  private sendFailure(res: ServerResponse, failure: ApiFailure): void {
    const body = {
      error: {
        code: failure.status,
        message: failure.status === 400 ? 'Request contains an invalid argument.' : failure.message,
        status: failure.grpcStatus,
        details: [{ '@type': `type.googleapis.com/google.ads.googleads.${FAKE_API_VERSION}.errors.GoogleAdsFailure`, errors: failure.errors, requestId: newId(12) }],
      },
    };
    res.writeHead(failure.status, { 'Content-Type': 'application/json; charset=UTF-8', ...failure.headers }).end(JSON.stringify(body));
  }

  private route(req: IncomingMessage, url: URL, raw: string): unknown {
    const match = /^\/(v\d+)\/(.+)$/.exec(url.pathname);
    if (!match || match[1] !== FAKE_API_VERSION) throw new ApiFailure(404, 'NOT_FOUND', [{ errorCode: { requestError: 'UNKNOWN' }, message: `The requested URL ${url.pathname} was not found on this server.` }]);
    const user = this.authenticate(req);
    const path = match[2]!;
    let json: Obj = {};
    if (req.method === 'POST') {
      try {
        json = JSON.parse(raw || '{}');
      } catch {
        throw invalid('requestError', 'INVALID_INPUT', 'Invalid JSON payload received.');
      }
    }
    if (req.method === 'GET' && path === 'customers:listAccessibleCustomers') {
      return { resourceNames: [...this.customers.values()].filter((c) => c.users.includes(user)).map((c) => `customers/${c.id}`) };
    }
    if (req.method === 'POST' && path === 'geoTargetConstants:suggest') return this.suggest(json);
    const customerPath = /^customers\/([^/]+)\/(googleAds:search|[a-zA-Z]+:mutate)$/.exec(path);
    if (req.method !== 'POST' || !customerPath) throw new ApiFailure(404, 'NOT_FOUND', [{ errorCode: { requestError: 'UNKNOWN' }, message: `The requested URL ${url.pathname} was not found on this server.` }]);
    const customer = this.authorize(user, customerPath[1]!, req.headers['login-customer-id']);
    if (customerPath[2] === 'googleAds:search') return this.search(customer, json);
    return this.mutate(customer, customerPath[2]!.replace(':mutate', ''), json);
  }

  private authenticate(req: IncomingMessage): string {
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(auth)?.[1];
    if (!token) throw new ApiFailure(401, 'UNAUTHENTICATED', [{ errorCode: { authenticationError: 'OAUTH_TOKEN_HEADER_INVALID' }, message: 'Request is missing required authentication credential.' }]);
    const checked = this.oauth.check(token);
    if (checked === 'expired') throw new ApiFailure(401, 'UNAUTHENTICATED', [{ errorCode: { authenticationError: 'OAUTH_TOKEN_EXPIRED' }, message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.' }]);
    if (!checked) throw new ApiFailure(401, 'UNAUTHENTICATED', [{ errorCode: { authenticationError: 'OAUTH_TOKEN_INVALID' }, message: 'Request had invalid authentication credentials.' }]);
    if (req.headers['developer-token'] !== FAKE_DEVELOPER_TOKEN) {
      throw new ApiFailure(403, 'PERMISSION_DENIED', [{ errorCode: { authorizationError: 'DEVELOPER_TOKEN_PROHIBITED' }, message: 'The developer token is not allowed with the project sent in the request.' }]);
    }
    return checked.user;
  }

  private authorize(user: string, customerId: string, loginHeader: string | string[] | undefined): FakeCustomer {
    const login = Array.isArray(loginHeader) ? loginHeader[0] : loginHeader;
    for (const id of [customerId, login].filter((x): x is string => x !== undefined)) {
      if (!/^\d{10}$/.test(id)) throw invalid('requestError', 'INVALID_CUSTOMER_ID', `Invalid customer ID '${id}'. Customer ids are 10 digits without dashes.`);
    }
    const customer = this.customers.get(customerId);
    const denied = new ApiFailure(403, 'PERMISSION_DENIED', [{ errorCode: { authorizationError: 'USER_PERMISSION_DENIED' }, message: "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header." }]);
    if (!customer) throw denied;
    const direct = !login || login === customerId ? customer.users.includes(user) : false;
    const manager = login && login !== customerId ? this.customers.get(login) : undefined;
    const throughManager = Boolean(manager?.users.includes(user) && manager.clients.includes(customerId));
    if (!direct && !throughManager) throw denied;
    if (customer.status !== 'ENABLED') throw new ApiFailure(403, 'PERMISSION_DENIED', [{ errorCode: { authorizationError: 'CUSTOMER_NOT_ENABLED' }, message: "The customer account can't be accessed because it is not yet enabled or has been deactivated." }]);
    return customer;
  }

  private suggest(json: Obj): unknown {
    const names: unknown = json.locationNames?.names;
    if (!Array.isArray(names) || !names.length) throw invalid('fieldError', 'REQUIRED', 'The required field was not present.', { fieldPathElements: [{ fieldName: 'location_names' }] });
    const suggestions = names.flatMap((name: string) => {
      const words = String(name).toLowerCase().split(/[\s,]+/).filter(Boolean);
      return GEO_TARGET_CONSTANTS.filter((g) => words.some((w) => g.name.toLowerCase() === w || g.canonicalName.toLowerCase().startsWith(w)))
        .filter((g) => words.every((w) => g.canonicalName.toLowerCase().includes(w) || ['tx', 'usa', 'us'].includes(w)))
        .map((g) => ({ locale: json.locale ?? 'en', reach: '1000000', searchTerm: name, geoTargetConstant: g }));
    });
    return { geoTargetConstantSuggestions: suggestions };
  }

  // Search.

  private search(customer: FakeCustomer, json: Obj): unknown {
    for (const key of Object.keys(json)) {
      if (!['query', 'pageToken', 'searchSettings'].includes(key)) throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
    if (typeof json.query !== 'string') throw invalid('queryError', 'QUERY_ERROR', 'The query is empty.');
    const query = parseQuery(json.query);
    const rows = this.rowsOf(customer, query);
    const limited = query.limit !== undefined ? rows.slice(0, query.limit) : rows;
    const queryHash = createHash('sha256').update(json.query).digest('hex').slice(0, 16);
    let offset = 0;
    if (json.pageToken !== undefined) {
      const [hash, at] = Buffer.from(String(json.pageToken), 'base64url').toString().split(':');
      if (hash !== queryHash || !/^\d+$/.test(at ?? '')) throw invalid('requestError', 'INVALID_PAGE_TOKEN', 'Page token is invalid.');
      offset = Number(at);
    }
    const page = limited.slice(offset, offset + this.pageSize);
    const next = offset + this.pageSize < limited.length ? Buffer.from(`${queryHash}:${offset + this.pageSize}`).toString('base64url') : undefined;
    return {
      results: page.map((row) => project(row, query.fields)),
      ...(next ? { nextPageToken: next } : {}),
      fieldMask: query.fields.map((f) => f.split('.').map(camel).join('.')).join(','),
    };
  }

  private rowsOf(c: FakeCustomer, query: Query): Obj[] {
    const customer = { id: c.id, resourceName: `customers/${c.id}`, descriptiveName: c.descriptiveName, currencyCode: c.currencyCode, timeZone: c.timeZone, manager: c.manager, status: c.status };
    const campaignOf = (rn: string) => c.campaigns.find((x) => x.resourceName === rn);
    const adGroupOf = (rn: string) => c.adGroups.find((x) => x.resourceName === rn);
    const withMetrics = query.fields.some((f) => f.startsWith('metrics.') || f.startsWith('segments.'));
    let rows: Obj[];
    switch (query.from) {
      case 'customer':
        rows = withMetrics ? this.metricsRows(c, 'customer').map((r) => ({ customer, ...r })) : [{ customer }];
        break;
      case 'customer_client':
        rows = c.clients.map((id) => this.customers.get(id)).filter((x): x is FakeCustomer => Boolean(x)).map((cl) => ({
          customer,
          customerClient: { id: cl.id, resourceName: `customers/${c.id}/customerClients/${cl.id}`, clientCustomer: `customers/${cl.id}`, descriptiveName: cl.descriptiveName, currencyCode: cl.currencyCode, timeZone: cl.timeZone, manager: cl.manager, status: cl.status, level: '1' },
        }));
        break;
      case 'campaign':
        rows = withMetrics
          ? this.metricsRows(c, 'campaign').map((r) => ({ ...r, customer }))
          : c.campaigns.map((campaign) => ({ campaign, campaignBudget: c.budgets.find((b) => b.resourceName === campaign.campaignBudget), customer }));
        break;
      case 'campaign_budget':
        rows = c.budgets.map((campaignBudget) => ({ campaignBudget, customer }));
        break;
      case 'ad_group':
        rows = withMetrics ? this.metricsRows(c, 'ad_group').map((r) => ({ ...r, customer })) : c.adGroups.map((adGroup) => ({ adGroup, campaign: campaignOf(adGroup.campaign), customer }));
        break;
      case 'shared_set':
        rows = c.sharedSets.map((sharedSet) => ({ sharedSet, customer }));
        break;
      case 'shared_criterion':
        rows = c.sharedCriteria.map((sharedCriterion) => ({ sharedCriterion, sharedSet: c.sharedSets.find((x) => x.resourceName === sharedCriterion.sharedSet), customer }));
        break;
      case 'campaign_shared_set':
        rows = c.campaignSharedSets.map((campaignSharedSet) => ({ campaignSharedSet, campaign: campaignOf(campaignSharedSet.campaign), sharedSet: c.sharedSets.find((x) => x.resourceName === campaignSharedSet.sharedSet), customer }));
        break;
      case 'keyword_view':
      case 'search_term_view':
        rows = this.memberRows(c, query.from).map((r) => ({ ...r, customer }));
        break;
      case 'ad_group_ad':
        if (withMetrics) {
          rows = this.memberRows(c, 'ad_group_ad').map((r) => ({ ...r, customer }));
          break;
        }
        rows = c.ads.map((adGroupAd) => {
          const adGroup = adGroupOf(adGroupAd.adGroup)!;
          return { adGroupAd, adGroup, campaign: campaignOf(adGroup.campaign), customer };
        });
        break;
      case 'ad_group_criterion':
        rows = c.adGroupCriteria.map((adGroupCriterion) => {
          const adGroup = adGroupOf(adGroupCriterion.adGroup)!;
          return { adGroupCriterion, adGroup, campaign: campaignOf(adGroup.campaign), customer };
        });
        break;
      case 'campaign_criterion':
        rows = c.campaignCriteria.map((campaignCriterion) => ({ campaignCriterion, campaign: campaignOf(campaignCriterion.campaign), customer }));
        break;
      case 'asset':
        rows = c.assets.map((asset) => ({ asset, customer }));
        break;
      case 'campaign_asset':
        rows = c.campaignAssets.map((campaignAsset) => ({ campaignAsset, campaign: campaignOf(campaignAsset.campaign), asset: c.assets.find((a) => a.resourceName === campaignAsset.asset), customer }));
        break;
      case 'label':
        rows = c.labels.map((label) => ({ label, customer }));
        break;
      case 'user_interest':
        rows = USER_INTERESTS.map((u) => ({ userInterest: { ...u, resourceName: `customers/${c.id}/userInterests/${u.userInterestId}`, userInterestParent: u.userInterestParent?.replace('customers/0/', `customers/${c.id}/`) } }));
        break;
      case 'custom_audience':
        rows = c.customAudiences.map((customAudience) => ({ customAudience, customer }));
        break;
      case 'user_list':
        rows = c.userLists.map((userList) => ({ userList, customer }));
        break;
      case 'topic_constant':
        rows = TOPIC_CONSTANTS.map((t) => ({ topicConstant: t }));
        break;
      case 'language_constant':
        rows = LANGUAGE_CONSTANTS.map((l) => ({ languageConstant: { ...l, resourceName: `languageConstants/${l.id}` } }));
        break;
      default:
        rows = GEO_TARGET_CONSTANTS.map((geoTargetConstant) => ({ geoTargetConstant }));
    }
    return rows.filter((row) => query.where.every((cond) => matches(valueAt(row, cond.field), cond)));
  }

  // Mutate.

  private mutate(c: FakeCustomer, resource: string, json: Obj): unknown {
    const spec = MUTABLE[resource];
    if (!spec) throw new ApiFailure(404, 'NOT_FOUND', [{ errorCode: { requestError: 'UNKNOWN' }, message: `Unknown service ${resource}.` }]);
    for (const key of Object.keys(json)) {
      if (!['operations', 'partialFailure', 'validateOnly', 'responseContentType'].includes(key)) throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
    const operations: Obj[] = json.operations;
    if (!Array.isArray(operations) || !operations.length) throw invalid('mutateError', 'OPERATIONS_REQUIRED', 'Operations are required.');
    const list: Obj[] = (c as unknown as Record<string, Obj[]>)[spec.list]!;
    const prefix = `customers/${c.id}/${resource}/`;
    // Validate every operation first: the request is atomic.
    const applies: (() => string)[] = operations.map((op, index) => {
      const where = (fieldName: string) => ({ fieldPathElements: [{ fieldName: 'operations', index }, { fieldName }] });
      const kinds = ['create', 'update', 'remove'].filter((k) => op[k] !== undefined);
      if (kinds.length !== 1) throw invalid('mutateError', 'INVALID_OPERATION', 'Each operation needs exactly one of create, update or remove.', where('operation'));
      for (const key of Object.keys(op)) if (!['create', 'update', 'remove', 'updateMask'].includes(key)) throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}" at 'operations[${index}]': Cannot find field.`);
      if (op.remove !== undefined) {
        const target = list.find((x) => x.resourceName === op.remove);
        if (!String(op.remove).startsWith(prefix) || !target) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${op.remove}.`, where('remove'));
        return () => {
          spec.remove(c, target, list);
          return target.resourceName;
        };
      }
      if (op.update !== undefined) {
        if (!spec.update) throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', `${resource} cannot be updated.`, where('update'));
        const target = list.find((x) => x.resourceName === op.update.resourceName);
        if (!target) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${op.update.resourceName}.`, where('update.resource_name'));
        if (typeof op.updateMask !== 'string' || !op.updateMask) throw invalid('fieldMaskError', 'FIELD_MASK_MISSING', 'The field mask must be set for update operations.', where('update_mask'));
        checkKnownKeys(op.update, spec.update, where);
        const paths = op.updateMask.split(',');
        for (const path of paths) if (!spec.update.includes(path)) throw invalid('fieldMaskError', 'FIELD_NOT_FOUND', `The field mask contained an invalid field: '${path}'.`, where('update_mask'));
        for (const path of leafPaths(op.update)) {
          if (path !== 'resourceName' && !paths.some((p) => path === p || path.startsWith(`${p}.`))) throw invalid('fieldMaskError', 'FIELD_NOT_FOUND', `Field '${path}' was set but is not in the update mask.`, where('update_mask'));
        }
        const next = structuredClone(target);
        for (const path of paths) setPath(next, path, get(op.update, path));
        spec.validate(c, next, where, target);
        return () => {
          Object.assign(target, next);
          for (const path of paths) if (get(op.update, path) === undefined) deletePath(target, path);
          return target.resourceName;
        };
      }
      checkKnownKeys(op.create, spec.create ?? [], where);
      const created = spec.build!(c, op.create, where);
      spec.validate(c, created, where);
      if (list.some((x) => x.resourceName === created.resourceName)) throw invalid('mutateError', 'RESOURCE_ALREADY_EXISTS', 'The resource already exists.', where('create'));
      return () => {
        list.push(created);
        return created.resourceName;
      };
    });
    // validateOnly: every operation was checked above; nothing is applied and the answer is empty.
    if (json.validateOnly === true) return {};
    return { results: applies.map((apply) => ({ resourceName: apply() })) };
  }
}

interface Query {
  fields: string[];
  from: string;
  where: { field: string; op: string; values: string[] }[];
  limit?: number;
}

/** SELECT a, b FROM r [WHERE c [AND c]...] [LIMIT n]: validated against FIELDS and FROM. */
function parseQuery(text: string): Query {
  const m = /^\s*SELECT\s+(.+?)\s+FROM\s+([a-z_]+)(?:\s+WHERE\s+(.+?))?(?:\s+LIMIT\s+(\d+))?\s*$/is.exec(text);
  if (!m) throw invalid('queryError', 'UNEXPECTED_END_OF_QUERY', `Error in query: unexpected input ${text.slice(0, 40)}.`);
  const from = m[2]!;
  const resource = FROM[from];
  if (!resource) throw invalid('queryError', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `Error in query: invalid resource '${from}' in FROM clause.`);
  const checkField = (field: string) => {
    const [head, ...rest] = field.split('.');
    const path = rest.join('.');
    if (!head || !FIELDS[head] || !FIELDS[head]!.includes(path)) throw invalid('queryError', 'UNRECOGNIZED_FIELD', `Error in SELECT clause: unrecognized field '${field}'.`);
    if ((head === 'metrics' || head === 'segments') && !resource.metrics) throw invalid('queryError', 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE', `Cannot select or filter on '${field}' with ${from} in the FROM clause.`);
    if (head !== 'metrics' && head !== 'segments' && !resource.with.includes(head)) throw invalid('queryError', 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE', `Cannot select fields of '${head}' with ${from} in the FROM clause.`);
  };
  const fields = m[1]!.split(',').map((f) => f.trim());
  fields.forEach(checkField);
  const where: Query['where'] = [];
  let rest = m[3]?.trim() ?? '';
  const condition = /^([a-z_.]+)\s+(NOT IN|IN|BETWEEN|!=|>=|<=|=|>|<)\s+(\([^)]*\)|'[^']*'\s+AND\s+'[^']*'|'[^']*'|[^\s]+)\s*(?:AND\s+|$)/i;
  while (rest) {
    const c = condition.exec(rest);
    if (!c) throw invalid('queryError', 'INVALID_VALUE_WITH_WHERE_CLAUSE', `Error in WHERE clause: cannot parse '${rest.slice(0, 40)}'.`);
    checkField(c[1]!);
    const raw = c[3]!;
    const values = raw.startsWith('(') ? raw.slice(1, -1).split(',').map(literal) : /AND/i.test(raw) && raw.startsWith("'") ? raw.split(/\s+AND\s+/i).map(literal) : [literal(raw)];
    if (c[1] === 'segments.date' && values.some((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v))) throw invalid('queryError', 'INVALID_DATE', `Error in WHERE clause: invalid date in '${raw}'.`);
    where.push({ field: c[1]!, op: c[2]!.toUpperCase(), values });
    rest = rest.slice(c[0].length).trim();
  }
  return { fields, from, where, limit: m[4] ? Number(m[4]) : undefined };
}

function literal(raw: string): string {
  const t = raw.trim();
  if (t.startsWith("'")) return t.slice(1, -1);
  if (/^(TRUE|FALSE)$/i.test(t)) return t.toLowerCase();
  if (/^-?\d+(\.\d+)?$/.test(t) || /^[A-Z_]+$/.test(t)) return t;
  throw invalid('queryError', 'INVALID_VALUE_WITH_WHERE_CLAUSE', `Error in WHERE clause: invalid value ${t}.`);
}

function valueAt(row: Obj, field: string): unknown {
  const [head, ...rest] = field.split('.');
  return get(row[camel(head!)], rest.map(camel).join('.'));
}

function matches(value: unknown, cond: Query['where'][number]): boolean {
  const v = value === undefined ? '' : String(value);
  switch (cond.op) {
    case '=': return v === cond.values[0];
    case '!=': return v !== cond.values[0];
    case 'IN': return cond.values.includes(v);
    case 'NOT IN': return !cond.values.includes(v);
    case 'BETWEEN': return v >= cond.values[0]! && v <= cond.values[1]!;
    case '>': return v > cond.values[0]!;
    case '<': return v < cond.values[0]!;
    case '>=': return v >= cond.values[0]!;
    default: return v <= cond.values[0]!;
  }
}

/** Only the selected fields, nested under camelCase resource names; int64 as strings. */
function project(row: Obj, fields: string[]): Obj {
  const out: Obj = {};
  for (const field of fields) {
    const value = valueAt(row, field);
    if (value === undefined) continue;
    const path = field.split('.').map(camel).join('.');
    setPath(out, path, INT64.test(path) && typeof value === 'number' ? String(value) : value);
  }
  return out;
}
const INT64 = /(\.id|Micros|impressions|clicks|videoTrueviewViews|criterionId|sizeForSearch|userInterestId|Pixels|fileSize|startHour|endHour)$/;

/** A day's metrics split into n parts that add up exactly (counts by whole units, money by micros, conversions by halves). */
function splitMetrics(day: Obj, n: number): Obj[] {
  if (n <= 0) return [];
  const share = (total: number, i: number) => Math.floor(total / n) + (i < total % n ? 1 : 0);
  return Array.from({ length: n }, (_, i) => ({
    impressions: share(day.impressions, i),
    clicks: share(day.clicks, i),
    costMicros: share(day.costMicros, i),
    conversions: share(Math.round(day.conversions * 2), i) / 2,
    conversionsValue: share(Math.round(day.conversionsValue * 100), i) / 100,
    videoTrueviewViews: share(day.videoTrueviewViews, i),
  }));
}

function sumDays(days: Obj[]): Obj {
  const sum = { impressions: 0, clicks: 0, costMicros: 0, conversions: 0, conversionsValue: 0, videoTrueviewViews: 0 };
  for (const d of days) for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += d[k];
  sum.conversionsValue = Math.round(sum.conversionsValue * 100) / 100;
  return sum;
}

function leafPaths(obj: Obj, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? leafPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function checkKnownKeys(obj: Obj, allowed: string[], where: (f: string) => Obj): void {
  for (const path of leafPaths(obj)) {
    if (path !== 'resourceName' && !allowed.some((a) => a === path || path.startsWith(`${a}.`))) {
      throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${path}": Cannot find field.`, where(path));
    }
  }
}

function deletePath(obj: Obj, path: string): void {
  const keys = path.split('.');
  const parent = get(obj, keys.slice(0, -1).join('.')) ?? (keys.length === 1 ? obj : undefined);
  if (parent) delete parent[keys.at(-1)!];
}

interface MutableSpec {
  list: keyof FakeCustomer;
  update?: string[];
  create?: string[];
  build?: (c: FakeCustomer, create: Obj, where: (f: string) => Obj) => Obj;
  validate: (c: FakeCustomer, entity: Obj, where: (f: string) => Obj, before?: Obj) => void;
  remove: (c: FakeCustomer, target: Obj, list: Obj[]) => void;
}

const ENUM = (field: string, value: unknown, allowed: string[], where: (f: string) => Obj) => {
  if (!allowed.includes(String(value))) throw invalid('fieldError', 'INVALID_VALUE', `Invalid value for ${field}: ${value}.`, where(field));
};
const required = (field: string, value: unknown, where: (f: string) => Obj) => {
  if (value === undefined || value === '' || value === null) throw invalid('fieldError', 'REQUIRED', `The required field was not present: ${field}.`, where(field));
};
const removeFrom = (_c: FakeCustomer, target: Obj, list: Obj[]) => list.splice(list.indexOf(target), 1);
const refOf = (c: FakeCustomer, collection: keyof FakeCustomer, rn: unknown, field: string, where: (f: string) => Obj) => {
  const found = (c[collection] as Obj[]).find((x) => x.resourceName === rn);
  if (!found) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${rn}.`, where(field));
  return found;
};
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** The bidding strategy fields of a campaign (a oneof) and the type each stands for. */
const BIDDING_STRATEGIES: [string, string][] = [
  ['manualCpc', 'MANUAL_CPC'], ['targetSpend', 'TARGET_SPEND'], ['maximizeConversions', 'MAXIMIZE_CONVERSIONS'], ['maximizeConversionValue', 'MAXIMIZE_CONVERSION_VALUE'],
  ['targetCpa', 'TARGET_CPA'], ['targetRoas', 'TARGET_ROAS'], ['targetImpressionShare', 'TARGET_IMPRESSION_SHARE'],
];
const BIDDING_PATHS = [
  'manualCpc', 'manualCpc.enhancedCpcEnabled', 'targetSpend', 'maximizeConversions', 'maximizeConversions.targetCpaMicros', 'maximizeConversionValue', 'maximizeConversionValue.targetRoas',
  'targetCpa.targetCpaMicros', 'targetRoas.targetRoas', 'targetImpressionShare', 'targetImpressionShare.location', 'targetImpressionShare.locationFractionMicros',
];
const BIDDING_BY_CHANNEL: Record<string, string[]> = {
  SEARCH: ['MANUAL_CPC', 'TARGET_SPEND', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS', 'TARGET_IMPRESSION_SHARE'],
  DISPLAY: ['MANUAL_CPC', 'TARGET_SPEND', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS'],
  SHOPPING: ['MANUAL_CPC', 'TARGET_SPEND', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_ROAS'],
  PERFORMANCE_MAX: ['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'],
  VIDEO: ['MAXIMIZE_CONVERSIONS', 'TARGET_CPA', 'MANUAL_CPC'],
};
const KEYWORD_FORBIDDEN = /[!@%^*()={};~`<>?\\|]/;
/** The platform's keyword policy: at most 80 characters and 10 words, no forbidden symbols. */
const checkKeyword = (keyword: Obj | undefined, where: (f: string) => Obj) => {
  const text = String(keyword?.text ?? '');
  required('keyword.text', keyword?.text, where);
  ENUM('keyword.match_type', keyword?.matchType, ['EXACT', 'PHRASE', 'BROAD'], where);
  if (text.length > 80) throw invalid('criterionError', 'KEYWORD_TEXT_TOO_LONG', 'Keyword text is too long.', where('keyword.text'));
  if (text.trim().split(/\s+/).length > 10) throw invalid('criterionError', 'KEYWORD_HAS_TOO_MANY_WORDS', 'Keyword has too many words.', where('keyword.text'));
  if (KEYWORD_FORBIDDEN.test(text)) throw invalid('criterionError', 'KEYWORD_HAS_INVALID_CHARS', 'Keyword text has invalid characters or symbols.', where('keyword.text'));
};
const checkBid = (micros: unknown, where: (f: string) => Obj) => {
  if (micros === undefined) return;
  if (!Number.isInteger(Number(micros)) || Number(micros) <= 0) throw invalid('biddingError', 'BID_TOO_SMALL', 'Bid is below the minimum.', where('cpc_bid_micros'));
  if (Number(micros) % 10_000 !== 0) throw invalid('biddingError', 'BID_TOO_MANY_FRACTIONAL_DIGITS', 'Bid has too many fractional digit precision.', where('cpc_bid_micros'));
};
const RSA_LIMITS = { headlines: [3, 15, 30], descriptions: [2, 4, 90] } as const;
const checkResponsiveSearchAd = (rsa: Obj | undefined, where: (f: string) => Obj) => {
  if (!rsa) return;
  for (const [field, [min, max, length]] of Object.entries(RSA_LIMITS)) {
    const list: Obj[] = rsa[field] ?? [];
    if (list.length < min) throw invalid('adError', field === 'headlines' ? 'TOO_FEW_HEADLINES' : 'TOO_FEW_DESCRIPTIONS', `Too few ${field}.`, where(`responsive_search_ad.${field}`));
    if (list.length > max) throw invalid('adError', field === 'headlines' ? 'TOO_MANY_HEADLINES' : 'TOO_MANY_DESCRIPTIONS', `Too many ${field}.`, where(`responsive_search_ad.${field}`));
    for (const item of list) if (!item.text || String(item.text).length > length) throw invalid('stringLengthError', 'TOO_LONG', `A ${field.slice(0, -1)} is too long (max ${length}).`, where(`responsive_search_ad.${field}`));
  }
  for (const path of ['path1', 'path2']) if (rsa[path] !== undefined && String(rsa[path]).length > 15) throw invalid('stringLengthError', 'TOO_LONG', `${path} is too long (max 15).`, where(`responsive_search_ad.${path}`));
};
/** The platform's responsive display ad rules: counts and lengths of texts, image slots (type, aspect ratio, minimum size, totals), colours. */
const checkResponsiveDisplayAd = (c: FakeCustomer, rda: Obj, where: (f: string) => Obj) => {
  const texts: [string, number, number, number][] = [['headlines', 1, 5, 30], ['descriptions', 1, 5, 90]];
  for (const [field, min, max, length] of texts) {
    const list: Obj[] = rda[field] ?? [];
    if (list.length < min || list.length > max) throw invalid('adError', field === 'headlines' ? 'TOO_MANY_HEADLINES' : 'TOO_MANY_DESCRIPTIONS', `${field}: ${min}-${max} are needed.`, where(`responsive_display_ad.${field}`));
    for (const item of list) if (!item.text || String(item.text).length > length) throw invalid('stringLengthError', 'TOO_LONG', `Too long (max ${length}).`, where(`responsive_display_ad.${field}`));
  }
  required('responsive_display_ad.long_headline', rda.longHeadline?.text, where);
  if (String(rda.longHeadline.text).length > 90) throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 90).', where('responsive_display_ad.long_headline'));
  required('responsive_display_ad.business_name', rda.businessName, where);
  if (String(rda.businessName).length > 25) throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 25).', where('responsive_display_ad.business_name'));
  if (rda.callToActionText !== undefined && String(rda.callToActionText).length > 30) throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 30).', where('responsive_display_ad.call_to_action_text'));
  if (Boolean(rda.mainColor) !== Boolean(rda.accentColor)) throw invalid('adError', 'MISSING_COLOR', 'Both main and accent colour, or neither.', where('responsive_display_ad.main_color'));
  for (const color of [rda.mainColor, rda.accentColor]) if (color !== undefined && !/^#[0-9a-f]{6}$/i.test(color)) throw invalid('adError', 'INVALID_COLOR', 'Colours are #RRGGBB.', where('responsive_display_ad.main_color'));
  const slots: [string, number, number, number, number][] = [['marketingImages', 1.91, 600, 314, 1], ['squareMarketingImages', 1, 300, 300, 1], ['logoImages', 4, 512, 128, 0], ['squareLogoImages', 1, 128, 128, 0]];
  for (const [slot, ratio, minW, minH, min] of slots) {
    const list: Obj[] = rda[slot] ?? [];
    if (list.length < min) throw invalid('adError', 'MISSING_MARKETING_IMAGE', `At least ${min} ${slot} required.`, where(`responsive_display_ad.${slot}`));
    for (const image of list) {
      const asset = c.assets.find((a) => a.resourceName === image.asset);
      if (!asset || asset.type !== 'IMAGE') throw invalid('mediaBundleError', 'INVALID_MEDIA', `Asset ${image.asset} is not an image asset.`, where(`responsive_display_ad.${slot}`));
      const { widthPixels: w, heightPixels: h } = asset.imageAsset.fullSize;
      if (Math.abs(w / h - ratio) > ratio * 0.01 || w < minW || h < minH) throw invalid('imageError', 'ASPECT_RATIO_NOT_ALLOWED', `Image ${asset.id} (${w}x${h}) does not fit ${slot}.`, where(`responsive_display_ad.${slot}`));
    }
  }
  if ((rda.marketingImages?.length ?? 0) + (rda.squareMarketingImages?.length ?? 0) > 15) throw invalid('adError', 'TOO_MANY_MARKETING_IMAGES', 'At most 15 marketing images.', where('responsive_display_ad.marketing_images'));
  const videos: Obj[] = rda.youtubeVideos ?? [];
  if (videos.length > 5) throw invalid('adError', 'TOO_MANY_YOUTUBE_VIDEOS', 'At most 5 videos.', where('responsive_display_ad.youtube_videos'));
  for (const video of videos) {
    if (!c.assets.some((a) => a.resourceName === video.asset && a.type === 'YOUTUBE_VIDEO')) throw invalid('mediaBundleError', 'INVALID_MEDIA', `Asset ${video.asset} is not a video asset.`, where('responsive_display_ad.youtube_videos'));
  }
  if ((rda.logoImages?.length ?? 0) + (rda.squareLogoImages?.length ?? 0) > 5) throw invalid('adError', 'TOO_MANY_LOGO_IMAGES', 'At most 5 logos.', where('responsive_display_ad.logo_images'));
};
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const MINUTES = ['ZERO', 'FIFTEEN', 'THIRTY', 'FORTY_FIVE'];
/** Ad schedule windows: known day and minutes, end after start (24 only on the hour), at most 6 a day, no overlaps. */
const checkAdSchedule = (c: FakeCustomer, campaign: Obj, s: Obj, where: (f: string) => Obj) => {
  ENUM('ad_schedule.day_of_week', s.dayOfWeek, DAYS, where);
  ENUM('ad_schedule.start_minute', s.startMinute, MINUTES, where);
  ENUM('ad_schedule.end_minute', s.endMinute, MINUTES, where);
  const minutes = (hour: unknown, minute: string) => Number(hour) * 60 + MINUTES.indexOf(minute) * 15;
  const [start, end] = [minutes(s.startHour, s.startMinute), minutes(s.endHour, s.endMinute)];
  if (!Number.isInteger(Number(s.startHour)) || Number(s.startHour) < 0 || Number(s.startHour) > 23 || !Number.isInteger(Number(s.endHour)) || Number(s.endHour) < 0 || end > 24 * 60 || end <= start) {
    throw invalid('criterionError', 'AD_SCHEDULE_INVALID_TIME_INTERVAL', 'The ad schedule time interval is invalid.', where('ad_schedule'));
  }
  const sameDay = c.campaignCriteria.filter((x) => x.campaign === campaign.resourceName && x.type === 'AD_SCHEDULE' && x.adSchedule.dayOfWeek === s.dayOfWeek);
  if (sameDay.length >= 6) throw invalid('criterionError', 'AD_SCHEDULE_EXCEEDED_INTERVALS_PER_DAY_LIMIT', 'At most 6 ad schedule intervals a day.', where('ad_schedule'));
  if (sameDay.some((x) => minutes(x.adSchedule.startHour, x.adSchedule.startMinute) < end && start < minutes(x.adSchedule.endHour, x.adSchedule.endMinute))) {
    throw invalid('criterionError', 'AD_SCHEDULE_TIME_INTERVALS_OVERLAP', 'Ad schedule time intervals overlap.', where('ad_schedule'));
  }
};
/** Frequency caps: display and video campaigns only, known enums, a positive cap, one cap per key. */
const checkFrequencyCaps = (campaign: Obj, where: (f: string) => Obj) => {
  if (!['DISPLAY', 'VIDEO'].includes(campaign.advertisingChannelType)) throw invalid('campaignError', 'FREQUENCY_CAP_NOT_SUPPORTED', `Frequency caps are not supported for ${campaign.advertisingChannelType} campaigns.`, where('frequency_caps'));
  const keys = new Set<string>();
  for (const f of campaign.frequencyCaps ?? []) {
    ENUM('frequency_caps.key.level', f.key?.level, ['CAMPAIGN', 'AD_GROUP', 'AD_GROUP_AD'], where);
    ENUM('frequency_caps.key.event_type', f.key?.eventType, ['IMPRESSION', 'VIDEO_VIEW'], where);
    ENUM('frequency_caps.key.time_unit', f.key?.timeUnit, ['DAY', 'WEEK', 'MONTH'], where);
    if (!Number.isInteger(Number(f.cap)) || Number(f.cap) < 1) throw invalid('frequencyCapError', 'CAP_MUST_BE_POSITIVE', 'A frequency cap must be positive.', where('frequency_caps.cap'));
    const key = JSON.stringify(f.key);
    if (keys.has(key)) throw invalid('frequencyCapError', 'DUPLICATE_FREQUENCY_CAP', 'Two frequency caps have the same key.', where('frequency_caps'));
    keys.add(key);
  }
};
/** Removed criteria and ads stay readable with status REMOVED, as on the platform. */
const markRemoved = (_c: FakeCustomer, target: Obj) => {
  target.status = 'REMOVED';
};

const MUTABLE: Record<string, MutableSpec> = {
  campaigns: {
    list: 'campaigns',
    update: [
      'name', 'status', 'networkSettings.targetGoogleSearch', 'networkSettings.targetSearchNetwork', 'networkSettings.targetContentNetwork', 'networkSettings.targetPartnerSearchNetwork',
      'networkSettings.targetYoutube', 'networkSettings.targetGoogleTvNetwork', 'targetingSetting.targetRestrictions', 'aiMaxSetting.enableAiMax', 'trackingUrlTemplate',
      'finalUrlSuffix', 'urlCustomParameters', 'startDateTime', 'endDateTime', 'frequencyCaps', ...BIDDING_PATHS,
    ],
    create: [
      'name', 'status', 'advertisingChannelType', 'campaignBudget', 'containsEuPoliticalAdvertising', 'startDateTime', 'endDateTime', 'finalUrlSuffix', ...BIDDING_PATHS,
      'networkSettings.targetGoogleSearch', 'networkSettings.targetSearchNetwork', 'networkSettings.targetContentNetwork', 'networkSettings.targetPartnerSearchNetwork',
      'networkSettings.targetYoutube', 'networkSettings.targetGoogleTvNetwork',
    ],
    build(c, create, where) {
      ENUM('advertising_channel_type', create.advertisingChannelType, ['SEARCH', 'DISPLAY', 'SHOPPING', 'VIDEO', 'PERFORMANCE_MAX'], where);
      refOf(c, 'budgets', create.campaignBudget, 'campaign_budget', where);
      ENUM('contains_eu_political_advertising', create.containsEuPoliticalAdvertising, ['CONTAINS_EU_POLITICAL_ADVERTISING', 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING'], where);
      const id = newId(11);
      return {
        urlCustomParameters: [], labels: [], frequencyCaps: [], startDateTime: `${today()} 00:00:00`, networkSettings: {},
        ...structuredClone(create), id, resourceName: `customers/${c.id}/campaigns/${id}`,
      };
    },
    validate(c, campaign, where, before) {
      // Exactly one bidding strategy: the one set last replaces the others (a oneof on the platform).
      const set = BIDDING_STRATEGIES.filter(([field]) => campaign[field] !== undefined && (!before || JSON.stringify(campaign[field]) !== JSON.stringify(before[field])));
      const strategy = set[0] ?? BIDDING_STRATEGIES.find(([field]) => campaign[field] !== undefined);
      if (!strategy) throw invalid('biddingError', 'BIDDING_STRATEGY_REQUIRED', 'A bidding strategy must be set.', where('campaign_bidding_strategy'));
      if (set.length > 1) throw invalid('mutateError', 'INVALID_OPERATION', 'Only one bidding strategy may be set.', where('campaign_bidding_strategy'));
      for (const [field] of BIDDING_STRATEGIES) if (field !== strategy[0]) campaign[field] = undefined;
      campaign.biddingStrategyType = strategy[1];
      if (!BIDDING_BY_CHANNEL[campaign.advertisingChannelType]?.includes(strategy[1])) {
        throw invalid('biddingError', 'BIDDING_STRATEGY_NOT_SUPPORTED_WITH_AD_SCHEDULE', `${strategy[1]} is not supported for ${campaign.advertisingChannelType} campaigns.`, where('campaign_bidding_strategy'));
      }
      const cpa = campaign.maximizeConversions?.targetCpaMicros;
      if (cpa !== undefined && (Number(cpa) <= 0 || Number(cpa) % 10_000 !== 0)) throw invalid('biddingError', 'INVALID_TARGET_CPA', 'The target CPA is invalid.', where('maximize_conversions.target_cpa_micros'));
      required('name', campaign.name, where);
      ENUM('status', campaign.status, ['ENABLED', 'PAUSED', 'REMOVED'], where);
      if (before?.status === 'REMOVED') throw invalid('campaignError', 'CANNOT_MODIFY_REMOVED_CAMPAIGN', 'Cannot modify a removed campaign.', where('status'));
      if (c.campaigns.some((x) => x !== before && x.resourceName !== campaign.resourceName && x.status !== 'REMOVED' && x.name === campaign.name)) {
        throw invalid('campaignError', 'DUPLICATE_CAMPAIGN_NAME', 'A campaign with this name already exists.', where('name'));
      }
      for (const field of ['startDateTime', 'endDateTime']) {
        if (campaign[field] !== undefined && !DATE_TIME.test(campaign[field])) throw invalid('dateError', 'INVALID_STRING_DATE_TIME_SECONDS', `The string date time's format should be yyyy-mm-dd hh:mm:ss (${field}).`, where(field));
      }
      if (before && campaign.startDateTime !== before.startDateTime && before.startDateTime.slice(0, 10) <= today()) {
        throw invalid('campaignError', 'CANNOT_MODIFY_START_DATE_IF_ALREADY_STARTED', 'Cannot modify the start date of a campaign that has already started.', where('start_date_time'));
      }
      if (campaign.endDateTime && campaign.endDateTime.slice(0, 10) < campaign.startDateTime.slice(0, 10)) throw invalid('dateError', 'DATE_RANGE_MINIMUM_DATE_LATER_THAN_MAXIMUM_DATE', 'Date range bounds are not in order.', where('end_date_time'));
      if (before && JSON.stringify(campaign.frequencyCaps ?? []) !== JSON.stringify(before.frequencyCaps ?? [])) checkFrequencyCaps(campaign, where);
      if (campaign.trackingUrlTemplate !== undefined && !/\{(lpurl|unescapedlpurl|escapedlpurl)/.test(campaign.trackingUrlTemplate)) {
        throw invalid('urlFieldError', 'MISSING_URL_TAG', 'The tracking url template must contain a url tag such as {lpurl}.', where('tracking_url_template'));
      }
    },
    remove: removeFrom,
  },
  campaignBudgets: {
    list: 'budgets',
    update: ['amountMicros'],
    create: ['name', 'amountMicros', 'deliveryMethod', 'explicitlyShared'],
    build(c, create, where) {
      required('name', create.name, where);
      if (create.deliveryMethod !== undefined) ENUM('delivery_method', create.deliveryMethod, ['STANDARD', 'ACCELERATED'], where);
      if (c.budgets.some((b) => b.name === create.name)) throw invalid('campaignBudgetError', 'DUPLICATE_NAME', 'A budget with this name already exists.', where('name'));
      const id = newId(10);
      return { id, resourceName: `customers/${c.id}/campaignBudgets/${id}`, explicitlyShared: false, deliveryMethod: 'STANDARD', ...create };
    },
    validate(_c, budget, where) {
      required('amount_micros', budget.amountMicros, where);
      const micros = Number(budget.amountMicros);
      if (!Number.isInteger(micros) || micros <= 0) throw invalid('campaignBudgetError', 'MONEY_AMOUNT_TOO_SMALL', 'The budget amount is too small.', where('amount_micros'));
      if (micros % 10_000 !== 0) throw invalid('campaignBudgetError', 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT', 'The budget amount is not a multiple of the minimum currency unit.', where('amount_micros'));
    },
    remove: removeFrom,
  },
  adGroups: {
    list: 'adGroups',
    update: ['name', 'status', 'cpcBidMicros'],
    create: ['campaign', 'name', 'status', 'type', 'cpcBidMicros'],
    build(c, create, where) {
      refOf(c, 'campaigns', create.campaign, 'campaign', where);
      ENUM('type', create.type, ['SEARCH_STANDARD', 'DISPLAY_STANDARD', 'SHOPPING_PRODUCT_ADS', 'VIDEO_RESPONSIVE'], where);
      const id = newId(11);
      return { id, resourceName: `customers/${c.id}/adGroups/${id}`, ...create };
    },
    validate(c, group, where, before) {
      required('name', group.name, where);
      ENUM('status', group.status, ['ENABLED', 'PAUSED', 'REMOVED'], where);
      checkBid(group.cpcBidMicros, where);
      if (c.adGroups.some((g) => g !== before && g.resourceName !== group.resourceName && g.campaign === group.campaign && g.status !== 'REMOVED' && g.name === group.name)) {
        throw invalid('adGroupError', 'DUPLICATE_ADGROUP_NAME', 'An ad group with this name already exists in the campaign.', where('name'));
      }
    },
    remove: removeFrom,
  },
  adGroupCriteria: {
    list: 'adGroupCriteria',
    create: [
      'adGroup', 'status', 'negative', 'cpcBidMicros', 'keyword.text', 'keyword.matchType', 'userInterest.userInterestCategory', 'customAudience.customAudience', 'userList.userList',
      'placement.url', 'mobileApplication.appId', 'youtubeChannel.channelId', 'youtubeVideo.videoId', 'topic.topicConstant', 'ageRange.type', 'gender.type', 'parentalStatus.type', 'incomeRange.type',
    ],
    update: ['status', 'cpcBidMicros'],
    build(c, create, where) {
      const group = refOf(c, 'adGroups', create.adGroup, 'ad_group', where);
      if (create.keyword !== undefined) {
        checkKeyword(create.keyword, where);
        if (create.negative && create.cpcBidMicros !== undefined) throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
        checkBid(create.cpcBidMicros, where);
        const same = (x: Obj) => x.adGroup === group.resourceName && x.type === 'KEYWORD' && x.status !== 'REMOVED' && Boolean(x.negative) === Boolean(create.negative) && x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() && x.keyword.matchType === create.keyword.matchType;
        if (c.adGroupCriteria.some(same)) throw invalid('adGroupCriterionError', 'AD_GROUP_CRITERION_ALREADY_EXISTS', 'The criterion already exists in the ad group.', where('keyword'));
        // The platform numbers a keyword by its text and match type: the same keyword has the same criterion id in every ad group.
        const id = String(10_000_000_000 + (parseInt(createHash('sha256').update(`${create.keyword.text.toLowerCase()}|${create.keyword.matchType}`).digest('hex').slice(0, 8), 16) % 89_999_999_999));
        return {
          resourceName: `customers/${c.id}/adGroupCriteria/${group.id}~${id}`, criterionId: id, type: 'KEYWORD', status: create.negative ? 'ENABLED' : (create.status ?? 'ENABLED'), negative: Boolean(create.negative), adGroup: group.resourceName,
          keyword: { text: create.keyword.text, matchType: create.keyword.matchType }, ...(create.cpcBidMicros !== undefined ? { cpcBidMicros: String(create.cpcBidMicros) } : {}),
        };
      }
      const kinds = [
        ['userInterest', 'USER_INTEREST', create.userInterest?.userInterestCategory, (rn: string) => USER_INTERESTS.some((u) => rn === `customers/${c.id}/userInterests/${u.userInterestId}`)],
        ['customAudience', 'CUSTOM_AUDIENCE', create.customAudience?.customAudience, (rn: string) => c.customAudiences.some((x) => x.resourceName === rn)],
        ['userList', 'USER_LIST', create.userList?.userList, (rn: string) => c.userLists.some((x) => x.resourceName === rn)],
        ['placement', 'PLACEMENT', create.placement?.url, (url: string) => /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(\/\S*)?$/i.test(url)],
        ['mobileApplication', 'MOBILE_APPLICATION', create.mobileApplication?.appId, (id: string) => /^(1-\d+|2-[\w.]+)$/.test(id)],
        ['youtubeChannel', 'YOUTUBE_CHANNEL', create.youtubeChannel?.channelId, (id: string) => /^UC[\w-]{22}$/.test(id)],
        ['youtubeVideo', 'YOUTUBE_VIDEO', create.youtubeVideo?.videoId, (id: string) => /^[\w-]{11}$/.test(id)],
        ['topic', 'TOPIC', create.topic?.topicConstant, (rn: string) => TOPIC_CONSTANTS.some((t) => t.resourceName === rn)],
        ...Object.entries(DEMOGRAPHICS).map(([key, values]) => [key, key.replace(/([A-Z])/g, '_$1').toUpperCase(), create[key]?.type, (value: string) => values.includes(value)] as const),
      ] as const;
      const given = kinds.filter(([, , value]) => value !== undefined);
      if (given.length !== 1) throw invalid('criterionError', 'CRITERION_TYPE_MISMATCH', 'Exactly one criterion must be set.', where('criterion'));
      const [field, type, value, known] = given[0]!;
      if (!known(value)) throw invalid('criterionError', type === 'TOPIC' ? 'INVALID_TOPIC_PATH' : ['USER_INTEREST', 'CUSTOM_AUDIENCE', 'USER_LIST'].includes(type) ? 'INVALID_USER_INTEREST' : 'INVALID_PLACEMENT_URL', `The criterion ${value} is not valid or not accessible.`, where(field));
      if (create.negative && create.cpcBidMicros !== undefined) throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
      if (c.adGroupCriteria.some((x) => x.adGroup === group.resourceName && x.type === type && x.status !== 'REMOVED' && JSON.stringify(x[field]) === JSON.stringify(create[field]))) {
        throw invalid('adGroupCriterionError', 'AD_GROUP_CRITERION_ALREADY_EXISTS', 'The criterion already exists in the ad group.', where(field));
      }
      const id = newId(12);
      return { resourceName: `customers/${c.id}/adGroupCriteria/${group.id}~${id}`, criterionId: id, status: create.negative ? 'ENABLED' : (create.status ?? 'ENABLED'), negative: Boolean(create.negative), adGroup: group.resourceName, type, [field]: create[field] };
    },
    validate(_c, criterion, where, before) {
      if (!before) return;
      if (before.status === 'REMOVED') throw invalid('mutateError', 'RESOURCE_NOT_FOUND', 'A removed criterion cannot be changed.', where('status'));
      ENUM('status', criterion.status, ['ENABLED', 'PAUSED'], where);
      if (criterion.negative && criterion.cpcBidMicros !== undefined) throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
      checkBid(criterion.cpcBidMicros, where);
    },
    remove(c, target, list) {
      if (target.status === 'REMOVED') throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${target.resourceName}.`);
      if (target.type === 'KEYWORD' && !target.negative) markRemoved(c, target);
      else removeFrom(c, target, list);
    },
  },
  campaignCriteria: {
    list: 'campaignCriteria',
    create: [
      'campaign', 'negative', 'location.geoTargetConstant', 'language.languageConstant', 'keyword.text', 'keyword.matchType',
      'adSchedule.dayOfWeek', 'adSchedule.startHour', 'adSchedule.startMinute', 'adSchedule.endHour', 'adSchedule.endMinute',
    ],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      if (create.keyword !== undefined) {
        if (!create.negative) throw invalid('criterionError', 'CANNOT_ADD_CRITERIA_TYPE', 'Campaigns take keywords only as negatives.', where('negative'));
        checkKeyword(create.keyword, where);
        if (c.campaignCriteria.some((x) => x.campaign === campaign.resourceName && x.type === 'KEYWORD' && x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() && x.keyword.matchType === create.keyword.matchType)) {
          throw invalid('campaignCriterionError', 'CAMPAIGN_CRITERION_ALREADY_EXISTS', 'The negative keyword already exists on the campaign.', where('keyword'));
        }
        const id = newId(11);
        return { resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${id}`, criterionId: id, campaign: campaign.resourceName, type: 'KEYWORD', negative: true, keyword: { text: create.keyword.text, matchType: create.keyword.matchType } };
      }
      if (create.location) {
        const geo = GEO_TARGET_CONSTANTS.find((g) => g.resourceName === create.location.geoTargetConstant);
        if (!geo) throw invalid('criterionError', 'INVALID_GEO_TARGET_CONSTANT', `Invalid geo target constant: ${create.location.geoTargetConstant}.`, where('location.geo_target_constant'));
        return { resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${geo.id}`, criterionId: geo.id, campaign: campaign.resourceName, type: 'LOCATION', negative: Boolean(create.negative), location: { geoTargetConstant: geo.resourceName } };
      }
      if (create.language) {
        const language = LANGUAGE_CONSTANTS.find((l) => `languageConstants/${l.id}` === create.language.languageConstant);
        if (!language) throw invalid('criterionError', 'INVALID_LANGUAGE_CONSTANT', `Invalid language constant: ${create.language.languageConstant}.`, where('language.language_constant'));
        return { resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${language.id}`, criterionId: language.id, campaign: campaign.resourceName, type: 'LANGUAGE', negative: false, language: create.language };
      }
      if (create.adSchedule) {
        const schedule = { startMinute: 'ZERO', endMinute: 'ZERO', ...create.adSchedule };
        checkAdSchedule(c, campaign, schedule, where);
        const id = newId(9);
        return { resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${id}`, criterionId: id, campaign: campaign.resourceName, type: 'AD_SCHEDULE', negative: false, adSchedule: schedule };
      }
      throw invalid('criterionError', 'CRITERION_TYPE_MISMATCH', 'A criterion (location, language or ad schedule) must be set.', where('criterion'));
    },
    validate() {},
    remove: removeFrom,
  },
  sharedSets: {
    list: 'sharedSets',
    create: ['name', 'type'],
    update: ['name'],
    build(c, create, where) {
      required('name', create.name, where);
      ENUM('type', create.type, ['NEGATIVE_KEYWORDS', 'NEGATIVE_PLACEMENTS'], where);
      if (c.sharedSets.some((x) => x.status === 'ENABLED' && x.name === create.name)) throw invalid('sharedSetError', 'DUPLICATE_NAME', 'A shared set with this name already exists.', where('name'));
      const id = newId(10);
      return { id, resourceName: `customers/${c.id}/sharedSets/${id}`, name: create.name, type: create.type, status: 'ENABLED' };
    },
    validate() {},
    remove: markRemoved,
  },
  sharedCriteria: {
    list: 'sharedCriteria',
    create: ['sharedSet', 'keyword.text', 'keyword.matchType'],
    build(c, create, where) {
      const set = refOf(c, 'sharedSets', create.sharedSet, 'shared_set', where);
      checkKeyword(create.keyword, where);
      if (c.sharedCriteria.some((x) => x.sharedSet === set.resourceName && x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() && x.keyword.matchType === create.keyword.matchType)) {
        throw invalid('sharedCriterionError', 'CRITERION_ALREADY_EXISTS', 'The keyword is already in the shared set.', where('keyword'));
      }
      const id = newId(11);
      return { resourceName: `customers/${c.id}/sharedCriteria/${set.id}~${id}`, criterionId: id, type: 'KEYWORD', sharedSet: set.resourceName, keyword: { text: create.keyword.text, matchType: create.keyword.matchType } };
    },
    validate() {},
    remove: removeFrom,
  },
  campaignSharedSets: {
    list: 'campaignSharedSets',
    create: ['campaign', 'sharedSet'],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      const set = refOf(c, 'sharedSets', create.sharedSet, 'shared_set', where);
      return { resourceName: `customers/${c.id}/campaignSharedSets/${campaign.id}~${set.id}`, campaign: campaign.resourceName, sharedSet: set.resourceName, status: 'ENABLED' };
    },
    validate() {},
    remove: removeFrom,
  },
  adGroupAds: {
    list: 'ads',
    update: ['status'],
    create: ['adGroup', 'status', 'ad.finalUrls', 'ad.responsiveSearchAd.headlines', 'ad.responsiveSearchAd.descriptions', 'ad.responsiveSearchAd.path1', 'ad.responsiveSearchAd.path2', ...RDA_PATHS.map((p) => `ad.${p}`)],
    build(c, create, where) {
      const group = refOf(c, 'adGroups', create.adGroup, 'ad_group', where);
      if (!Array.isArray(create.ad?.finalUrls) || !create.ad.finalUrls.length) throw invalid('adError', 'FINAL_URL_REQUIRED', 'A final URL is required.', where('ad.final_urls'));
      if (create.ad.responsiveDisplayAd) {
        checkResponsiveDisplayAd(c, create.ad.responsiveDisplayAd, where);
        const id = newId(12);
        const ad = { id, resourceName: `customers/${c.id}/ads/${id}`, type: 'RESPONSIVE_DISPLAY_AD', finalUrls: create.ad.finalUrls, responsiveDisplayAd: create.ad.responsiveDisplayAd };
        c.adObjects.push(ad);
        return { resourceName: `customers/${c.id}/adGroupAds/${group.id}~${id}`, status: create.status ?? 'ENABLED', adGroup: group.resourceName, ad };
      }
      if (!create.ad.responsiveSearchAd) throw invalid('adError', 'AD_TYPE_NOT_SUPPORTED', 'The ad type is missing.', where('ad'));
      checkResponsiveSearchAd(create.ad.responsiveSearchAd, where);
      const id = newId(12);
      const ad = { id, resourceName: `customers/${c.id}/ads/${id}`, type: 'RESPONSIVE_SEARCH_AD', finalUrls: create.ad.finalUrls, responsiveSearchAd: create.ad.responsiveSearchAd };
      c.adObjects.push(ad);
      return { resourceName: `customers/${c.id}/adGroupAds/${group.id}~${id}`, status: create.status ?? 'ENABLED', adGroup: group.resourceName, ad };
    },
    validate(_c, adGroupAd, where, before) {
      ENUM('status', adGroupAd.status, ['ENABLED', 'PAUSED'], where);
      if (before?.status === 'REMOVED') throw invalid('adGroupAdError', 'CANNOT_OPERATE_ON_REMOVED_ADGROUPAD', 'Cannot operate on a removed ad.', where('status'));
    },
    remove: markRemoved,
  },
  ads: {
    list: 'adObjects',
    update: [
      'finalUrls', 'responsiveSearchAd.headlines', 'responsiveSearchAd.descriptions', 'responsiveSearchAd.path1', 'responsiveSearchAd.path2', ...RDA_PATHS,
    ],
    validate(_c, ad, where, before) {
      if (before && before.type === 'RESPONSIVE_SEARCH_AD' && ad.responsiveDisplayAd) throw invalid('adError', 'CANNOT_CHANGE_AD_TYPE', 'An ad\'s type cannot change.', where('responsive_display_ad'));
      if (before && before.type === 'RESPONSIVE_DISPLAY_AD' && ad.responsiveSearchAd) throw invalid('adError', 'CANNOT_CHANGE_AD_TYPE', 'An ad\'s type cannot change.', where('responsive_search_ad'));
      if (ad.type === 'RESPONSIVE_SEARCH_AD') checkResponsiveSearchAd(ad.responsiveSearchAd, where);
      if (ad.type === 'RESPONSIVE_DISPLAY_AD') checkResponsiveDisplayAd(_c, ad.responsiveDisplayAd, where);
      if (!Array.isArray(ad.finalUrls) || !ad.finalUrls.length) throw invalid('adError', 'FINAL_URL_REQUIRED', 'A final URL is required.', where('final_urls'));
    },
    remove() {
      throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', 'Ads are removed through their ad group ad.');
    },
  },
  assets: {
    list: 'assets',
    create: [
      'calloutAsset.calloutText', 'callAsset.phoneNumber', 'callAsset.countryCode', 'name', 'finalUrls', 'sitelinkAsset.linkText', 'sitelinkAsset.description1', 'sitelinkAsset.description2',
      'structuredSnippetAsset.header', 'structuredSnippetAsset.values', 'textAsset.text',
    ],
    build(c, create, where) {
      const id = newId(11);
      const base = { id, resourceName: `customers/${c.id}/assets/${id}` };
      const tooLong = (value: unknown, max: number, field: string) => {
        if (String(value ?? '').length > max) throw invalid('stringLengthError', 'TOO_LONG', 'Too long.', where(field));
      };
      if (create.sitelinkAsset) {
        required('sitelink_asset.link_text', create.sitelinkAsset.linkText, where);
        tooLong(create.sitelinkAsset.linkText, 25, 'sitelink_asset.link_text');
        if (!Array.isArray(create.finalUrls) || !create.finalUrls.length) throw invalid('assetError', 'FINAL_URL_REQUIRED', 'A sitelink needs a final URL.', where('final_urls'));
        if (Boolean(create.sitelinkAsset.description1) !== Boolean(create.sitelinkAsset.description2)) throw invalid('assetError', 'SITELINK_DESCRIPTIONS_INCOMPLETE', 'Both description lines or neither.', where('sitelink_asset.description2'));
        tooLong(create.sitelinkAsset.description1, 35, 'sitelink_asset.description1');
        tooLong(create.sitelinkAsset.description2, 35, 'sitelink_asset.description2');
        return { ...base, type: 'SITELINK', finalUrls: create.finalUrls, sitelinkAsset: create.sitelinkAsset };
      }
      if (create.structuredSnippetAsset) {
        const { header, values } = create.structuredSnippetAsset;
        ENUM('structured_snippet_asset.header', header, ['Amenities', 'Brands', 'Courses', 'Degree programs', 'Destinations', 'Featured hotels', 'Insurance coverage', 'Models', 'Neighborhoods', 'Service catalog', 'Shows', 'Styles', 'Types'], where);
        if (!Array.isArray(values) || values.length < 3 || values.length > 10) throw invalid('assetError', 'STRUCTURED_SNIPPET_VALUES_COUNT', 'A structured snippet needs 3-10 values.', where('structured_snippet_asset.values'));
        values.forEach((value: unknown) => tooLong(value, 25, 'structured_snippet_asset.values'));
        return { ...base, type: 'STRUCTURED_SNIPPET', structuredSnippetAsset: { header, values } };
      }
      if (create.textAsset) {
        required('text_asset.text', create.textAsset.text, where);
        return { ...base, type: 'TEXT', textAsset: create.textAsset };
      }
      if (create.calloutAsset) {
        const text = String(create.calloutAsset.calloutText ?? '');
        if (!text) throw invalid('fieldError', 'REQUIRED', 'The required field was not present: callout_text.', where('callout_asset.callout_text'));
        if (text.length > 25) throw invalid('stringLengthError', 'TOO_LONG', 'Too long.', where('callout_asset.callout_text'));
        return { id, resourceName: `customers/${c.id}/assets/${id}`, type: 'CALLOUT', calloutAsset: { calloutText: text } };
      }
      if (create.callAsset) {
        required('call_asset.phone_number', create.callAsset.phoneNumber, where);
        required('call_asset.country_code', create.callAsset.countryCode, where);
        return { id, resourceName: `customers/${c.id}/assets/${id}`, type: 'CALL', callAsset: create.callAsset };
      }
      throw invalid('assetError', 'ASSET_DATA_IS_MISSING', 'The asset has no data.', where('asset_data'));
    },
    validate() {},
    remove() {
      throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', 'Assets cannot be removed.');
    },
  },
  campaignAssets: {
    list: 'campaignAssets',
    create: ['campaign', 'asset', 'fieldType'],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      const asset = refOf(c, 'assets', create.asset, 'asset', where);
      ENUM('field_type', create.fieldType, ['CALLOUT', 'CALL', 'SITELINK', 'STRUCTURED_SNIPPET', 'BUSINESS_NAME'], where);
      if (create.fieldType === 'BUSINESS_NAME') {
        if (asset.type !== 'TEXT') throw invalid('assetLinkError', 'INVALID_ASSET_TYPE', `An asset of type ${asset.type} cannot be linked as BUSINESS_NAME.`, where('field_type'));
        if (String(asset.textAsset.text).length > 25) throw invalid('assetLinkError', 'INVALID_ASSET_TEXT_FOR_FIELD_TYPE', 'A business name is at most 25 characters.', where('asset'));
        if (c.campaignAssets.some((l) => l.campaign === campaign.resourceName && l.fieldType === 'BUSINESS_NAME')) throw invalid('campaignAssetError', 'DUPLICATE_FIELD_TYPE', 'The campaign already has a business name.', where('field_type'));
      } else if (create.fieldType !== asset.type) throw invalid('assetLinkError', 'INVALID_ASSET_TYPE', `An asset of type ${asset.type} cannot be linked as ${create.fieldType}.`, where('field_type'));
      return { resourceName: `customers/${c.id}/campaignAssets/${campaign.id}~${asset.id}~${create.fieldType}`, campaign: campaign.resourceName, asset: asset.resourceName, fieldType: create.fieldType, status: 'ENABLED' };
    },
    validate() {},
    remove: removeFrom,
  },
};
