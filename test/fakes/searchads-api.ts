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
import {
  AUDIENCE_FIELDS,
  AUDIENCE_FROM,
  AUDIENCE_MUTABLE,
  FakeFailure,
  audienceMethod,
  audienceRows,
  emptyAudienceCollections,
  recordChange,
  seedAudience,
  type AudienceCollections,
} from './searchads-api-audience';
import { imageSize } from '../../platforms/image-check';

export const FAKE_DEVELOPER_TOKEN = 'fake-developer-token';
const DEMAND_GEN_CHANNELS = ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts', 'discover', 'gmail', 'display'];
export const FAKE_API_VERSION = 'v26';

type Obj = Record<string, any>;

export interface FakeCustomer extends AudienceCollections {
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
  /** Label links: campaign_label, ad_group_label, ad_group_ad_label, ad_group_criterion_label. */
  campaignLabels: Obj[];
  adGroupLabels: Obj[];
  adGroupAdLabels: Obj[];
  adGroupCriterionLabels: Obj[];
  /** Portfolio bidding strategies. */
  biddingStrategies: Obj[];
  customAudiences: Obj[];
  userLists: Obj[];
  sharedSets: Obj[];
  sharedCriteria: Obj[];
  campaignSharedSets: Obj[];
  conversionActions: Obj[];
  assetGroups: Obj[];
  assetGroupAssets: Obj[];
  assetGroupSignals: Obj[];
  audiences: Obj[];
  listingGroupFilters: Obj[];
  /** Merchant Center links (`product_link`) and the link requests merchants sent (`product_link_invitation`). */
  productLinks: Obj[];
  productLinkInvitations: Obj[];
}

export const USER_INTERESTS: Obj[] = [
  { userInterestId: '80001', name: 'Apparel & Accessories', taxonomyType: 'IN_MARKET' },
  { userInterestId: '80443', name: 'Hiking Boots', taxonomyType: 'IN_MARKET', userInterestParent: 'customers/0/userInterests/80001' },
  {
    userInterestId: '80444',
    name: 'Trail Running Shoes',
    taxonomyType: 'IN_MARKET',
    userInterestParent: 'customers/0/userInterests/80001',
  },
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
  {
    id: '1014221',
    name: 'Portland',
    canonicalName: 'Portland,Oregon,United States',
    countryCode: 'US',
    targetType: 'City',
    status: 'ENABLED',
  },
  {
    id: '1019250',
    name: 'Portland',
    canonicalName: 'Portland,Maine,United States',
    countryCode: 'US',
    targetType: 'City',
    status: 'ENABLED',
  },
].map((g) => ({ ...g, resourceName: `geoTargetConstants/${g.id}` }));

/** A slice of the topic taxonomy (topic constants with their paths). */
export const TOPIC_CONSTANTS: Obj[] = (
  [
    ['65', ['Hobbies & Leisure']],
    ['688', ['Hobbies & Leisure', 'Outdoors']],
    ['1316', ['Hobbies & Leisure', 'Outdoors', 'Hiking & Camping']],
    ['18', ['Shopping']],
    ['697', ['Shopping', 'Apparel', 'Footwear']],
    ['16', ['News']],
    ['63', ['News', 'Weather']],
  ] as [string, string[]][]
).map(([id, path]) => ({ id, resourceName: `topicConstants/${id}`, path }));
/** The parts of a responsive display ad beyond headlines and descriptions (snake_case). */
const RDA_PARTS = [
  'long_headline',
  'business_name',
  'marketing_images',
  'square_marketing_images',
  'logo_images',
  'square_logo_images',
  'youtube_videos',
  'call_to_action_text',
  'main_color',
  'accent_color',
  'promo_text',
];
const RDA_PATHS = ['headlines', 'descriptions', ...RDA_PARTS].map((f) => `responsiveDisplayAd.${camel(f)}`);
const DEMOGRAPHICS: Record<string, string[]> = {
  ageRange: [
    'AGE_RANGE_18_24',
    'AGE_RANGE_25_34',
    'AGE_RANGE_35_44',
    'AGE_RANGE_45_54',
    'AGE_RANGE_55_64',
    'AGE_RANGE_65_UP',
    'AGE_RANGE_UNDETERMINED',
  ],
  gender: ['MALE', 'FEMALE', 'UNDETERMINED'],
  parentalStatus: ['PARENT', 'NOT_A_PARENT', 'UNDETERMINED'],
  incomeRange: [
    'INCOME_RANGE_0_50',
    'INCOME_RANGE_50_60',
    'INCOME_RANGE_60_70',
    'INCOME_RANGE_70_80',
    'INCOME_RANGE_80_90',
    'INCOME_RANGE_90_UP',
    'INCOME_RANGE_UNDETERMINED',
  ],
};

/** Selectable fields per resource (snake_case paths below the resource). */
const FIELDS: Record<string, string[]> = {
  customer: ['id', 'resource_name', 'descriptive_name', 'currency_code', 'time_zone', 'manager', 'status'],
  customer_client: [
    'id',
    'resource_name',
    'descriptive_name',
    'currency_code',
    'time_zone',
    'manager',
    'status',
    'level',
    'client_customer',
  ],
  campaign: [
    'id',
    'resource_name',
    'name',
    'status',
    'advertising_channel_type',
    'bidding_strategy_type',
    'start_date_time',
    'end_date_time',
    'campaign_budget',
    'network_settings.target_google_search',
    'network_settings.target_search_network',
    'network_settings.target_content_network',
    'network_settings.target_partner_search_network',
    'network_settings.target_youtube',
    'network_settings.target_google_tv_network',
    'targeting_setting.target_restrictions',
    'ai_max_setting.enable_ai_max',
    'tracking_url_template',
    'final_url_suffix',
    'url_custom_parameters',
    'labels',
    'frequency_caps',
    'bidding_strategy',
    'maximize_conversions.target_cpa_micros',
    'target_cpa.target_cpa_micros',
    'maximize_conversion_value.target_roas',
    'target_roas.target_roas',
    'advertising_channel_sub_type',
    'shopping_setting.merchant_id',
    'shopping_setting.feed_label',
    'shopping_setting.campaign_priority',
    'shopping_setting.enable_local',
    'app_campaign_setting.app_id',
    'app_campaign_setting.app_store',
    'app_campaign_setting.bidding_strategy_goal_type',
  ],
  campaign_budget: ['id', 'resource_name', 'name', 'amount_micros', 'explicitly_shared', 'delivery_method', 'status'],
  bidding_strategy: [
    'id',
    'resource_name',
    'name',
    'type',
    'status',
    'campaign_count',
    'target_cpa.target_cpa_micros',
    'target_cpa.cpc_bid_ceiling_micros',
    'target_cpa.cpc_bid_floor_micros',
    'target_roas.target_roas',
    'target_roas.cpc_bid_ceiling_micros',
    'target_roas.cpc_bid_floor_micros',
    'maximize_conversions.target_cpa_micros',
    'maximize_conversion_value.target_roas',
    'target_impression_share.location',
    'target_impression_share.location_fraction_micros',
    'target_impression_share.cpc_bid_ceiling_micros',
    'target_spend.cpc_bid_ceiling_micros',
  ],
  campaign_label: ['resource_name', 'campaign', 'label'],
  ad_group_label: ['resource_name', 'ad_group', 'label'],
  ad_group_ad_label: ['resource_name', 'ad_group_ad', 'label'],
  ad_group_criterion_label: ['resource_name', 'ad_group_criterion', 'label'],
  ad_group: [
    'id',
    'resource_name',
    'name',
    'status',
    'type',
    'cpc_bid_micros',
    'campaign',
    'demand_gen_ad_group_settings.channel_controls.channel_strategy',
    ...DEMAND_GEN_CHANNELS.map((c) => `demand_gen_ad_group_settings.channel_controls.selected_channels.${c}`),
  ],
  ad_group_ad: [
    'resource_name',
    'status',
    'ad_group',
    'ad.id',
    'ad.type',
    'ad.final_urls',
    'ad.responsive_search_ad.headlines',
    'ad.responsive_search_ad.descriptions',
    'ad.responsive_search_ad.path1',
    'ad.responsive_search_ad.path2',
    'ad.responsive_display_ad.headlines',
    'ad.responsive_display_ad.descriptions',
    ...RDA_PARTS.map((f) => `ad.responsive_display_ad.${f}`),
  ],
  ad_group_criterion: [
    'resource_name',
    'criterion_id',
    'type',
    'status',
    'negative',
    'ad_group',
    'keyword.text',
    'keyword.match_type',
    'cpc_bid_micros',
    'quality_info.quality_score',
    'user_interest.user_interest_category',
    'custom_audience.custom_audience',
    'user_list.user_list',
    'listing_group.type',
    'listing_group.parent_ad_group_criterion',
    'placement.url',
    'mobile_application.app_id',
    'youtube_channel.channel_id',
    'youtube_video.video_id',
    'topic.topic_constant',
    'age_range.type',
    'gender.type',
    'parental_status.type',
    'income_range.type',
    'listing_group.case_value.product_brand.value',
    'listing_group.case_value.product_item_id.value',
    'listing_group.case_value.product_condition.condition',
    'listing_group.case_value.product_category.category_id',
    'listing_group.case_value.product_category.level',
    'listing_group.case_value.product_type.value',
    'listing_group.case_value.product_type.level',
    'listing_group.case_value.product_custom_attribute.value',
    'listing_group.case_value.product_custom_attribute.index',
  ],
  campaign_criterion: [
    'resource_name',
    'criterion_id',
    'type',
    'negative',
    'campaign',
    'keyword.text',
    'keyword.match_type',
    'location.geo_target_constant',
    'language.language_constant',
    'bid_modifier',
    'device.type',
    'ad_schedule.day_of_week',
    'ad_schedule.start_hour',
    'ad_schedule.start_minute',
    'ad_schedule.end_hour',
    'ad_schedule.end_minute',
  ],
  asset: [
    'id',
    'resource_name',
    'type',
    'name',
    'final_urls',
    'callout_asset.callout_text',
    'call_asset.phone_number',
    'call_asset.country_code',
    'sitelink_asset.link_text',
    'sitelink_asset.description1',
    'sitelink_asset.description2',
    'structured_snippet_asset.header',
    'structured_snippet_asset.values',
    'text_asset.text',
    'image_asset.full_size.url',
    'image_asset.full_size.width_pixels',
    'image_asset.full_size.height_pixels',
    'image_asset.file_size',
    'image_asset.mime_type',
    'youtube_video_asset.youtube_video_id',
    'youtube_video_asset.youtube_video_title',
  ],
  asset_group: ['id', 'resource_name', 'name', 'status', 'final_urls', 'path1', 'path2', 'ad_strength', 'campaign'],
  asset_group_asset: ['resource_name', 'asset_group', 'asset', 'field_type', 'status', 'performance_label'],
  asset_group_signal: ['resource_name', 'asset_group', 'approval_status', 'audience.audience', 'search_theme.text'],
  audience: ['id', 'resource_name', 'name', 'dimensions', 'status'],
  asset_group_listing_group_filter: [
    'resource_name',
    'id',
    'asset_group',
    'type',
    'listing_source',
    'parent_listing_group_filter',
    'case_value.product_brand.value',
    'case_value.product_category.category_id',
    'case_value.product_category.level',
    'case_value.product_item_id.value',
    'case_value.product_custom_attribute.value',
    'case_value.product_custom_attribute.index',
    'case_value.product_condition.condition',
    'image_asset.full_size.width_pixels',
    'image_asset.full_size.height_pixels',
    'youtube_video_asset.youtube_video_id',
  ],
  product_link: ['resource_name', 'product_link_id', 'type', 'merchant_center.merchant_center_id'],
  product_link_invitation: ['resource_name', 'product_link_invitation_id', 'status', 'type', 'merchant_center.merchant_center_id'],
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
  conversion_action: [
    'id',
    'resource_name',
    'name',
    'category',
    'type',
    'status',
    'primary_for_goal',
    'counting_type',
    'click_through_lookback_window_days',
    'value_settings.default_value',
    'value_settings.always_use_default_value',
  ],
  metrics: [
    'impressions',
    'clicks',
    'cost_micros',
    'conversions',
    'conversions_value',
    'all_conversions',
    'all_conversions_value',
    'video_trueview_views',
  ],
  segments: ['date', 'keyword.ad_group_criterion', 'keyword.info.text', 'keyword.info.match_type', 'conversion_action'],
  ...AUDIENCE_FIELDS,
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
  asset_group: { with: ['asset_group', 'campaign', 'customer'] },
  asset_group_asset: { with: ['asset_group_asset', 'asset_group', 'asset', 'campaign', 'customer'] },
  asset_group_signal: { with: ['asset_group_signal', 'asset_group', 'campaign', 'customer'] },
  audience: { with: ['audience', 'customer'] },
  asset_group_listing_group_filter: { with: ['asset_group_listing_group_filter', 'asset_group', 'campaign', 'customer'] },
  label: { with: ['label', 'customer'] },
  bidding_strategy: { with: ['bidding_strategy', 'customer'] },
  campaign_label: { with: ['campaign_label', 'campaign', 'label', 'customer'] },
  ad_group_label: { with: ['ad_group_label', 'ad_group', 'campaign', 'label', 'customer'] },
  ad_group_ad_label: { with: ['ad_group_ad_label', 'ad_group_ad', 'ad_group', 'campaign', 'label', 'customer'] },
  ad_group_criterion_label: { with: ['ad_group_criterion_label', 'ad_group_criterion', 'ad_group', 'campaign', 'label', 'customer'] },
  user_interest: { with: ['user_interest'] },
  custom_audience: { with: ['custom_audience', 'customer'] },
  user_list: { with: ['user_list', 'customer'] },
  language_constant: { with: ['language_constant'] },
  topic_constant: { with: ['topic_constant'] },
  geo_target_constant: { with: ['geo_target_constant'] },
  conversion_action: { with: ['conversion_action', 'customer'] },
  ...AUDIENCE_FROM,
  product_link: { with: ['product_link', 'customer'] },
  product_link_invitation: { with: ['product_link_invitation', 'customer'] },
};
const DEMAND_GEN_CHANNEL_KEYS = ['youtubeInStream', 'youtubeInFeed', 'youtubeShorts', 'discover', 'gmail', 'display'];

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
const invalid = (category: string, value: string, message: string, location?: Obj) =>
  new ApiFailure(400, 'INVALID_ARGUMENT', [{ errorCode: { [category]: value }, message, ...(location ? { location } : {}) }]);

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

  addCustomer(options: {
    id: string;
    name: string;
    users?: string[];
    manager?: boolean;
    clients?: string[];
    currency?: string;
    status?: 'ENABLED' | 'CANCELED';
  }): FakeCustomer {
    const customer: FakeCustomer = {
      id: options.id,
      descriptiveName: options.name,
      currencyCode: options.currency ?? 'USD',
      timeZone: 'America/New_York',
      manager: options.manager ?? false,
      status: options.status ?? 'ENABLED',
      users: options.users ?? [],
      clients: options.clients ?? [],
      campaigns: [],
      budgets: [],
      adGroups: [],
      ads: [],
      adObjects: [],
      adGroupCriteria: [],
      campaignCriteria: [],
      assets: [],
      campaignAssets: [],
      labels: [],
      customAudiences: [],
      userLists: [],
      sharedSets: [],
      sharedCriteria: [],
      campaignSharedSets: [],
      conversionActions: [],
      campaignLabels: [],
      adGroupLabels: [],
      adGroupAdLabels: [],
      adGroupCriterionLabels: [],
      biddingStrategies: [],
      ...emptyAudienceCollections(),
      assetGroups: [],
      assetGroupAssets: [],
      assetGroupSignals: [],
      audiences: [],
      listingGroupFilters: [],
      productLinks: [],
      productLinkInvitations: [],
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** Fills an ad account with campaigns of every kind the gateway's tools read. */
  seed(customerId: string): void {
    const c = this.customer(customerId);
    const rn = (collection: string, id: string) => `customers/${customerId}/${collection}/${id}`;
    const labels = [
      ['Brand', '#1A73E8', 'Brand-term campaigns'],
      ['Needs Review', '#D93025', undefined],
    ].map(([name, color, description]) => {
      const id = newId(10);
      return {
        id,
        resourceName: rn('labels', id),
        name,
        status: 'ENABLED',
        textLabel: { backgroundColor: color, ...(description ? { description } : {}) },
      };
    });
    c.labels.push(...labels);
    const network = (o: Obj = {}) => ({
      targetGoogleSearch: true,
      targetSearchNetwork: false,
      targetContentNetwork: false,
      targetPartnerSearchNetwork: false,
      targetYoutube: false,
      targetGoogleTvNetwork: false,
      ...o,
    });
    const campaign = (name: string, type: string, status: string, amount: number, o: Obj = {}) => {
      const budgetId = newId(10);
      c.budgets.push({
        id: budgetId,
        resourceName: rn('campaignBudgets', budgetId),
        amountMicros: String(amount * 1_000_000),
        explicitlyShared: false,
      });
      const id = newId(11);
      const campaign = {
        id,
        resourceName: rn('campaigns', id),
        name,
        status,
        advertisingChannelType: type,
        biddingStrategyType: 'MAXIMIZE_CONVERSIONS',
        campaignBudget: rn('campaignBudgets', budgetId),
        startDateTime: `${addDays(today(), -200)} 00:00:00`,
        networkSettings: network(),
        targetingSetting: { targetRestrictions: [{ targetingDimension: 'AUDIENCE', bidOnly: true }] },
        urlCustomParameters: [],
        labels: [],
        frequencyCaps: [],
        ...o,
      };
      const strategy = BIDDING_STRATEGIES.find(([, type]) => type === campaign.biddingStrategyType)!;
      Object.assign(campaign, { [strategy[0]]: {} });
      c.campaigns.push(campaign);
      return campaign;
    };
    const brand = campaign('Brand - Exact', 'SEARCH', 'ENABLED', 50, {
      networkSettings: network({ targetSearchNetwork: true }),
      aiMaxSetting: { enableAiMax: false },
      trackingUrlTemplate: '{lpurl}?utm_source=searchads',
      urlCustomParameters: [{ key: 'campaign', value: 'brandexact' }],
      labels: [labels[0]!.resourceName],
      biddingStrategyType: 'TARGET_IMPRESSION_SHARE',
    });
    const generic = campaign('Generic - Hiking Boots', 'SEARCH', 'ENABLED', 120, {
      aiMaxSetting: { enableAiMax: false },
      labels: [labels[1]!.resourceName],
    });
    const display = campaign('Display - Remarketing', 'DISPLAY', 'PAUSED', 40, {
      networkSettings: network({ targetGoogleSearch: false, targetContentNetwork: true }),
      targetingSetting: { targetRestrictions: [{ targetingDimension: 'AUDIENCE', bidOnly: false }] },
      frequencyCaps: [{ key: { level: 'CAMPAIGN', eventType: 'IMPRESSION', timeUnit: 'DAY', timeLength: 1 }, cap: 3 }],
    });
    const pmax = campaign('Performance Max - All Products', 'PERFORMANCE_MAX', 'ENABLED', 200);
    const launch = campaign('Search - Summer Launch', 'SEARCH', 'ENABLED', 60, {
      startDateTime: `${addDays(today(), 21)} 00:00:00`,
      endDateTime: `${addDays(today(), 111)} 23:59:59`,
      aiMaxSetting: { enableAiMax: false },
    });
    campaign('Holiday - Search', 'SEARCH', 'REMOVED', 150, { endDateTime: `${addDays(today(), -30)} 23:59:59` });

    const adGroup = (camp: Obj, name: string, status: string, bid: number, type = 'SEARCH_STANDARD') => {
      const id = newId(11);
      const group = {
        id,
        resourceName: rn('adGroups', id),
        name,
        status,
        type,
        cpcBidMicros: String(bid * 1_000_000),
        campaign: camp.resourceName,
      };
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
      c.ads.push({
        resourceName: rn('adGroupAds', `${group.id}~${id}`),
        status: 'ENABLED',
        adGroup: group.resourceName,
        ad: {
          id,
          type: 'RESPONSIVE_SEARCH_AD',
          finalUrls: [`https://www.northwind-outdoor.example/${path1}`],
          responsiveSearchAd: {
            headlines: headlines.map((text) => ({ text })),
            descriptions: descriptions.map((text) => ({ text })),
            path1,
          },
        },
      });
    };
    rsa(
      core,
      ['Northwind Outdoor Official', 'Hiking Gear Built to Last', 'Free Shipping Over $50'],
      ['Boots, packs and apparel tested on real trails.', 'Free returns on every order.'],
      'brand',
    );
    rsa(
      misspell,
      ['Northwind Outdoor Store', 'Official Hiking Gear'],
      ['Shop boots at the official store.', 'Free shipping over $50.'],
      'brand',
    );
    rsa(
      men,
      ["Men's Hiking Boots", 'Waterproof & Breathable'],
      ["Lightweight men's hiking boots.", 'Return any pair within 30 days.'],
      'boots',
    );
    rsa(
      women,
      ["Women's Hiking Boots", 'Waterproof Trail Boots'],
      ["Women's boots tested on 500+ mile trails.", 'Free 30-day returns.'],
      'boots',
    );
    rsa(
      sandals,
      ['Summer Hiking Sandals', 'Trail-Ready Sandals'],
      ['Quick-drying sandals for river crossings.', 'Pre-order now.'],
      'sandals',
    );
    const displayAdId = newId(12);
    const rdaImage = (name: string, width: number, height: number) => {
      const id = newId(11);
      c.assets.push({
        id,
        resourceName: rn('assets', id),
        type: 'IMAGE',
        name,
        imageAsset: {
          mimeType: 'IMAGE_JPEG',
          fileSize: '120000',
          fullSize: { widthPixels: width, heightPixels: height, url: `https://tpc.example/simgad/${id}` },
        },
      });
      return rn('assets', id);
    };
    const [hero, rdaSquare, logo] = [
      rdaImage('Trail hero 1200x628', 1200, 628),
      rdaImage('Trail square 1200x1200', 1200, 1200),
      rdaImage('Northwind logo 512x512', 512, 512),
    ];
    rdaImage('Leaderboard banner 728x90', 728, 90);
    const videoAssetId = newId(11);
    c.assets.push({
      id: videoAssetId,
      resourceName: rn('assets', videoAssetId),
      type: 'YOUTUBE_VIDEO',
      name: 'Trail boots 15s',
      youtubeVideoAsset: { youtubeVideoId: 'Nw0tRa1lB15', youtubeVideoTitle: 'Northwind trail boots in 15 seconds' },
    });
    c.ads.push({
      resourceName: rn('adGroupAds', `${cart.id}~${displayAdId}`),
      status: 'ENABLED',
      adGroup: cart.resourceName,
      ad: {
        id: displayAdId,
        type: 'RESPONSIVE_DISPLAY_AD',
        finalUrls: ['https://www.northwind-outdoor.example/'],
        responsiveDisplayAd: {
          headlines: [{ text: 'Still Thinking It Over?' }],
          descriptions: [{ text: 'Come back for free shipping.' }],
          longHeadline: { text: 'Trail-tested boots, packs and layers from Northwind Outdoor' },
          businessName: 'Northwind Outdoor',
          marketingImages: [{ asset: hero }],
          squareMarketingImages: [{ asset: rdaSquare }],
          squareLogoImages: [{ asset: logo }],
          callToActionText: 'Shop now',
        },
      },
    });

    for (const adGroupAd of c.ads) c.adObjects.push(Object.assign(adGroupAd.ad, { resourceName: rn('ads', adGroupAd.ad.id) }));

    for (const camp of c.campaigns)
      for (const label of camp.labels)
        c.campaignLabels.push({
          resourceName: rn('campaignLabels', `${camp.id}~${label.split('/').at(-1)}`),
          campaign: camp.resourceName,
          label,
        });
    const sharedId = newId(10);
    c.budgets.push({
      id: sharedId,
      resourceName: rn('campaignBudgets', sharedId),
      name: 'Shared - Search Evergreen',
      amountMicros: '150000000',
      explicitlyShared: true,
      deliveryMethod: 'STANDARD',
      status: 'ENABLED',
    });
    const strategyId = newId(10);
    c.biddingStrategies.push({
      id: strategyId,
      resourceName: rn('biddingStrategies', strategyId),
      name: 'Portfolio - Search tCPA 25',
      type: 'TARGET_CPA',
      status: 'ENABLED',
      targetCpa: { targetCpaMicros: '25000000', cpcBidCeilingMicros: '4000000' },
    });

    const criterion = (group: Obj, fields: Obj) => {
      const id = newId(11);
      c.adGroupCriteria.push({
        resourceName: rn('adGroupCriteria', `${group.id}~${id}`),
        criterionId: id,
        status: 'ENABLED',
        negative: false,
        adGroup: group.resourceName,
        ...fields,
      });
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

    const campaignCriterion = (camp: Obj, id: string, fields: Obj) =>
      c.campaignCriteria.push({
        resourceName: rn('campaignCriteria', `${camp.id}~${id}`),
        criterionId: id,
        negative: false,
        campaign: camp.resourceName,
        ...fields,
      });
    for (const [camp, geos] of [
      [brand, ['2840', '2124']],
      [generic, ['2840']],
      [display, ['2840']],
      [launch, ['21137']],
    ] as const) {
      for (const geo of geos)
        campaignCriterion(camp, geo, { type: 'LOCATION', location: { geoTargetConstant: `geoTargetConstants/${geo}` } });
    }
    for (const camp of [brand, generic, display, pmax])
      campaignCriterion(camp, '1000', { type: 'LANGUAGE', language: { languageConstant: 'languageConstants/1000' } });
    campaignCriterion(generic, newId(11), { type: 'KEYWORD', negative: true, keyword: { text: 'free', matchType: 'BROAD' } });

    const asset = (fields: Obj) => {
      const id = newId(11);
      const a = { id, resourceName: rn('assets', id), ...fields };
      c.assets.push(a);
      return a;
    };
    const callouts = ['Free Shipping Over $50', '30-Day Free Returns'].map((text) =>
      asset({ type: 'CALLOUT', calloutAsset: { calloutText: text } }),
    );
    const phone = asset({ type: 'CALL', callAsset: { phoneNumber: '+1 800-555-0142', countryCode: 'US' } });
    const support = asset({ type: 'CALL', callAsset: { phoneNumber: '+1 800-555-0199', countryCode: 'US' } });
    asset({ type: 'CALL', callAsset: { phoneNumber: '+1 877-555-0110', countryCode: 'US' } });
    const link = (camp: Obj, a: Obj) =>
      c.campaignAssets.push({
        resourceName: rn('campaignAssets', `${camp.id}~${a.id}~${a.type}`),
        campaign: camp.resourceName,
        asset: a.resourceName,
        fieldType: a.type,
        status: 'ENABLED',
      });
    for (const a of callouts) link(brand, a);
    link(brand, phone);
    link(brand, support);
    link(generic, phone);

    // Performance Max: one asset group with its minimum assets and more, a search theme, an audience signal and a brand filter.
    const text = (t: string) => asset({ type: 'TEXT', textAsset: { text: t } });
    const image = (name: string, width: number, height: number) =>
      asset({
        type: 'IMAGE',
        name,
        imageAsset: {
          fileSize: '120000',
          mimeType: 'IMAGE_JPEG',
          fullSize: { url: `https://tpc.example/simgad/${name}`, widthPixels: String(width), heightPixels: String(height) },
        },
      });
    const group = {
      id: newId(11),
      resourceName: '',
      campaign: pmax.resourceName,
      name: 'All Products',
      status: 'ENABLED',
      finalUrls: ['https://www.northwind-outdoor.example/'],
    };
    group.resourceName = rn('assetGroups', group.id);
    c.assetGroups.push(group);
    const linkTo = (a: Obj, fieldType: string, performanceLabel: string) =>
      c.assetGroupAssets.push({
        resourceName: rn('assetGroupAssets', `${group.id}~${a.id}~${fieldType}`),
        assetGroup: group.resourceName,
        asset: a.resourceName,
        fieldType,
        status: 'ENABLED',
        performanceLabel,
      });
    ['Northwind Outdoor', 'Hiking Boots for Every Trail', 'Free 30-Day Returns', 'Shop the New Season'].forEach((t, i) =>
      linkTo(text(t), 'HEADLINE', ['BEST', 'GOOD', 'LOW', 'GOOD'][i]!),
    );
    linkTo(text('Boots, packs and layers tested on real trails'), 'LONG_HEADLINE', 'GOOD');
    ['Trail-tested boots.', 'Expert fit advice online and free returns on every order over $50.'].forEach((t) =>
      linkTo(text(t), 'DESCRIPTION', 'GOOD'),
    );
    linkTo(
      c.assets.find((a) => a.textAsset?.text === 'Northwind Outdoor')!,
      'BUSINESS_NAME',
      'GOOD',
    );
    linkTo(image('boots-landscape.jpg', 1200, 628), 'MARKETING_IMAGE', 'BEST');
    const square = image('boots-square.jpg', 1200, 1200);
    linkTo(square, 'SQUARE_MARKETING_IMAGE', 'GOOD');
    linkTo(square, 'LOGO', 'LEARNING');
    image('tent-landscape.jpg', 1910, 1000);
    const theme = newId(12);
    c.assetGroupSignals.push({
      resourceName: rn('assetGroupSignals', `${group.id}~${theme}`),
      assetGroup: group.resourceName,
      searchTheme: { text: 'hiking boots' },
      approvalStatus: 'APPROVED',
    });
    const audience = {
      id: newId(10),
      resourceName: '',
      name: 'Hikers',
      status: 'ENABLED',
      dimensions: [{ audienceSegments: { segments: [{ userInterest: { userInterestCategory: rn('userInterests', '80443') } }] } }],
    };
    audience.resourceName = rn('audiences', audience.id);
    c.audiences.push(audience);
    const signal = newId(12);
    c.assetGroupSignals.push({
      resourceName: rn('assetGroupSignals', `${group.id}~${signal}`),
      assetGroup: group.resourceName,
      audience: { audience: audience.resourceName },
      approvalStatus: 'APPROVED',
    });
    const filter = newId(11);
    c.listingGroupFilters.push({
      resourceName: rn('assetGroupListingGroupFilters', `${group.id}~${filter}`),
      id: filter,
      assetGroup: group.resourceName,
      type: 'UNIT_INCLUDED',
      listingSource: 'SHOPPING',
    });

    const audienceId = newId(10);
    c.customAudiences.push({
      id: audienceId,
      resourceName: rn('customAudiences', audienceId),
      name: 'Thru-hikers',
      description: 'Long-distance hiking gear',
      status: 'ENABLED',
    });
    for (const [name, size] of [
      ['All visitors (540 days)', 48_000],
      ['Newsletter subscribers', 800],
    ] as const) {
      const id = newId(10);
      c.userLists.push({ id, resourceName: rn('userLists', id), name, sizeForSearch: String(size) });
    }

    const action = (name: string, category: string, type: string, primaryForGoal: boolean, status = 'ENABLED', o: Obj = {}) => {
      const id = newId(9);
      c.conversionActions.push({
        id,
        resourceName: rn('conversionActions', id),
        name,
        category,
        type,
        status,
        primaryForGoal,
        countingType: 'ONE_PER_CLICK',
        clickThroughLookbackWindowDays: '30',
        valueSettings: { alwaysUseDefaultValue: false },
        ...o,
      });
    };
    action('Website purchase', 'PURCHASE', 'WEBPAGE', true, 'ENABLED', { countingType: 'MANY_PER_CLICK' });
    action('Lead form (offline import)', 'SUBMIT_LEAD_FORM', 'UPLOAD_CLICKS', true, 'ENABLED', {
      clickThroughLookbackWindowDays: '90',
      valueSettings: { defaultValue: 25, alwaysUseDefaultValue: true },
    });
    action('Add to cart', 'ADD_TO_CART', 'WEBPAGE', false);
    action('Old checkout tag', 'PURCHASE', 'WEBPAGE', true, 'REMOVED');
    seedAudience(c);
    // Merchant Center: one linked feed, one merchant's pending request; image and video assets.
    const linkId = newId(10);
    c.productLinks.push({
      resourceName: rn('productLinks', linkId),
      productLinkId: linkId,
      type: 'MERCHANT_CENTER',
      merchantCenter: { merchantCenterId: '5012345678' },
    });
    const invitationId = newId(10);
    c.productLinkInvitations.push({
      resourceName: rn('productLinkInvitations', invitationId),
      productLinkInvitationId: invitationId,
      status: 'PENDING_APPROVAL',
      type: 'MERCHANT_CENTER',
      merchantCenter: { merchantCenterId: '5087654321' },
    });
    for (const [name, width, height] of [
      ['Trail hero 1200x628', 1200, 628],
      ['Boots square 1200x1200', 1200, 1200],
      ['Northwind logo 512x512', 512, 512],
    ] as const) {
      asset({ type: 'IMAGE', name, imageAsset: { fullSize: { widthPixels: width, heightPixels: height } } });
    }
    asset({ type: 'YOUTUBE_VIDEO', name: 'Brand story (30s)', youtubeVideoAsset: { youtubeVideoId: 'dQw4w9WgXcQ' } });
  }

  // Metrics: a deterministic day of each ad group; a campaign is the sum of its ad groups (or its own day without any), the customer the sum of campaigns.

  private dayOf(entityId: string, date: string): Obj {
    const h = createHash('sha256').update(`${entityId}|${date}`).digest();
    const impressions = 200 + (h.readUInt16BE(0) % 3000);
    const clicks = Math.floor((impressions * (1 + (h[2]! % 50))) / 1000);
    const costMicros = clicks * (400_000 + (h.readUInt16BE(3) % 2000) * 1000);
    const conversions = (h[5]! % 4) * 0.5;
    return {
      impressions,
      clicks,
      costMicros,
      conversions,
      conversionsValue: Math.round(conversions * 4500) / 100,
      videoTrueviewViews: h[6]! % 20,
    };
  }

  private metricsRows(c: FakeCustomer, level: 'customer' | 'campaign' | 'ad_group'): Obj[] {
    const dates: string[] = [];
    for (let d = addDays(today(), -400); d <= today(); d = addDays(d, 1)) dates.push(d);
    const active = (camp: Obj, date: string) =>
      camp.startDateTime.slice(0, 10) <= date && (!camp.endDateTime || camp.endDateTime.slice(0, 10) >= date) && date < today();
    const rows: Obj[] = [];
    for (const camp of c.campaigns) {
      const groups = c.adGroups.filter((g) => g.campaign === camp.resourceName);
      for (const date of dates) {
        if (!active(camp, date)) continue;
        const days = groups.length
          ? groups.map((g) => ({ group: g, day: this.dayOf(g.id, date) }))
          : [{ group: undefined, day: this.dayOf(camp.id, date) }];
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
      const keywords = c.adGroupCriteria.filter(
        (k) => k.adGroup === group.resourceName && k.type === 'KEYWORD' && !k.negative && k.status === 'ENABLED',
      );
      splitMetrics(row.metrics, keywords.length).forEach((metrics, i) => {
        const keyword = keywords[i]!;
        if (level === 'keyword_view')
          return rows.push({
            ...row,
            adGroupCriterion: keyword,
            keywordView: { resourceName: keyword.resourceName.replace('adGroupCriteria', 'keywordViews') },
            metrics,
          });
        const segments = { ...row.segments, keyword: { adGroupCriterion: keyword.resourceName, info: keyword.keyword } };
        const terms = [keyword.keyword.text, `${keyword.keyword.text} reviews`];
        splitMetrics(metrics, terms.length).forEach((part, j) =>
          rows.push({
            ...row,
            segments,
            searchTermView: {
              resourceName: `customers/${c.id}/searchTermViews/${row.campaign.id}~${group.id}~${Buffer.from(terms[j]!).toString('base64url')}`,
              searchTerm: terms[j],
              status: 'NONE',
            },
            metrics: part,
          }),
        );
      });
    }
    return rows;
  }

  /**
   * Campaign days segmented by conversion action: each day's conversions (and value) split among
   * the primary actions that are not removed, secondary actions counting a tenth of the day's
   * clicks in all conversions only.
   */
  private conversionRows(c: FakeCustomer): Obj[] {
    const primary = c.conversionActions.filter((a) => a.primaryForGoal && a.status !== 'REMOVED');
    const secondary = c.conversionActions.filter((a) => !a.primaryForGoal && a.status !== 'REMOVED');
    const rows: Obj[] = [];
    for (const row of this.metricsRows(c, 'campaign')) {
      splitMetrics(row.metrics, primary.length).forEach((part, i) => {
        if (!part.conversions) return;
        rows.push({
          campaign: row.campaign,
          segments: { ...row.segments, conversionAction: primary[i]!.resourceName },
          metrics: {
            conversions: part.conversions,
            conversionsValue: part.conversionsValue,
            allConversions: part.conversions,
            allConversionsValue: part.conversionsValue,
          },
        });
      });
      for (const a of secondary) {
        const n = Math.floor(row.metrics.clicks / 10);
        if (n)
          rows.push({
            campaign: row.campaign,
            segments: { ...row.segments, conversionAction: a.resourceName },
            metrics: { conversions: 0, conversionsValue: 0, allConversions: n, allConversionsValue: 0 },
          });
      }
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
        return this.sendFailure(
          res,
          new ApiFailure(
            429,
            'RESOURCE_EXHAUSTED',
            [{ errorCode: { quotaError: 'RESOURCE_EXHAUSTED' }, message: 'Too many requests. Retry in 30 seconds.' }],
            { 'Retry-After': String(fault.retryAfter) },
          ),
        );
      }
      return this.sendFailure(
        res,
        new ApiFailure(500, 'INTERNAL', [{ errorCode: { internalError: 'INTERNAL_ERROR' }, message: 'An internal error has occurred.' }]),
      );
    }
    try {
      const body = this.route(req, url, raw);
      record(200);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
    } catch (thrown) {
      const err = thrown instanceof FakeFailure ? invalid(thrown.category, thrown.value, thrown.message, thrown.location) : thrown;
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
        details: [
          {
            '@type': `type.googleapis.com/google.ads.googleads.${FAKE_API_VERSION}.errors.GoogleAdsFailure`,
            errors: failure.errors,
            requestId: newId(12),
          },
        ],
      },
    };
    res.writeHead(failure.status, { 'Content-Type': 'application/json; charset=UTF-8', ...failure.headers }).end(JSON.stringify(body));
  }

  private route(req: IncomingMessage, url: URL, raw: string): unknown {
    const match = /^\/(v\d+)\/(.+)$/.exec(url.pathname);
    if (!match || match[1] !== FAKE_API_VERSION)
      throw new ApiFailure(404, 'NOT_FOUND', [
        { errorCode: { requestError: 'UNKNOWN' }, message: `The requested URL ${url.pathname} was not found on this server.` },
      ]);
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
    const ideasPath = /^customers\/([^/:]+):generateKeywordIdeas$/.exec(path);
    if (req.method === 'POST' && ideasPath)
      return this.keywordIdeas(this.authorize(user, ideasPath[1]!, req.headers['login-customer-id']), json);
    const customerPath = /^customers\/([^/]+)\/(googleAds:search|[a-zA-Z]+:mutate|productLinkInvitations:update|productLinks:remove)$/.exec(
      path,
    );
    const customMethod = /^customers\/([^/]+)\/[A-Za-z]+(\/[^/:]+)?:[A-Za-z]+$/.exec(path);
    if (req.method === 'POST' && !customerPath && customMethod) {
      const answer = audienceMethod(this.authorize(user, customMethod[1]!, req.headers['login-customer-id']), path, json, user);
      if (answer) return answer;
    }
    if (req.method !== 'POST' || !customerPath)
      throw new ApiFailure(404, 'NOT_FOUND', [
        { errorCode: { requestError: 'UNKNOWN' }, message: `The requested URL ${url.pathname} was not found on this server.` },
      ]);
    const customer = this.authorize(user, customerPath[1]!, req.headers['login-customer-id']);
    if (customerPath[2] === 'googleAds:search') return this.search(customer, json);
    if (customerPath[2] === 'googleAds:mutate') return this.mutateAll(customer, json, user);
    if (customerPath[2] === 'productLinkInvitations:update') return this.updateInvitation(customer, json);
    if (customerPath[2] === 'productLinks:remove') return this.removeProductLink(customer, json);
    return this.mutate(customer, customerPath[2]!.replace(':mutate', ''), json, user);
  }

  private authenticate(req: IncomingMessage): string {
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(auth)?.[1];
    if (!token)
      throw new ApiFailure(401, 'UNAUTHENTICATED', [
        {
          errorCode: { authenticationError: 'OAUTH_TOKEN_HEADER_INVALID' },
          message: 'Request is missing required authentication credential.',
        },
      ]);
    const checked = this.oauth.check(token);
    if (checked === 'expired')
      throw new ApiFailure(401, 'UNAUTHENTICATED', [
        {
          errorCode: { authenticationError: 'OAUTH_TOKEN_EXPIRED' },
          message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
        },
      ]);
    if (!checked)
      throw new ApiFailure(401, 'UNAUTHENTICATED', [
        { errorCode: { authenticationError: 'OAUTH_TOKEN_INVALID' }, message: 'Request had invalid authentication credentials.' },
      ]);
    if (req.headers['developer-token'] !== FAKE_DEVELOPER_TOKEN) {
      throw new ApiFailure(403, 'PERMISSION_DENIED', [
        {
          errorCode: { authorizationError: 'DEVELOPER_TOKEN_PROHIBITED' },
          message: 'The developer token is not allowed with the project sent in the request.',
        },
      ]);
    }
    return checked.user;
  }

  private authorize(user: string, customerId: string, loginHeader: string | string[] | undefined): FakeCustomer {
    const login = Array.isArray(loginHeader) ? loginHeader[0] : loginHeader;
    for (const id of [customerId, login].filter((x): x is string => x !== undefined)) {
      if (!/^\d{10}$/.test(id))
        throw invalid('requestError', 'INVALID_CUSTOMER_ID', `Invalid customer ID '${id}'. Customer ids are 10 digits without dashes.`);
    }
    const customer = this.customers.get(customerId);
    const denied = new ApiFailure(403, 'PERMISSION_DENIED', [
      {
        errorCode: { authorizationError: 'USER_PERMISSION_DENIED' },
        message:
          "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
      },
    ]);
    if (!customer) throw denied;
    const direct = !login || login === customerId ? customer.users.includes(user) : false;
    const manager = login && login !== customerId ? this.customers.get(login) : undefined;
    const throughManager = Boolean(manager?.users.includes(user) && manager.clients.includes(customerId));
    if (!direct && !throughManager) throw denied;
    if (customer.status !== 'ENABLED')
      throw new ApiFailure(403, 'PERMISSION_DENIED', [
        {
          errorCode: { authorizationError: 'CUSTOMER_NOT_ENABLED' },
          message: "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
        },
      ]);
    return customer;
  }

  private suggest(json: Obj): unknown {
    const names: unknown = json.locationNames?.names;
    if (!Array.isArray(names) || !names.length)
      throw invalid('fieldError', 'REQUIRED', 'The required field was not present.', {
        fieldPathElements: [{ fieldName: 'location_names' }],
      });
    const suggestions = names.flatMap((name: string) => {
      const words = String(name)
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean);
      return GEO_TARGET_CONSTANTS.filter((g) =>
        words.some((w) => g.name.toLowerCase() === w || g.canonicalName.toLowerCase().startsWith(w)),
      )
        .filter((g) => words.every((w) => g.canonicalName.toLowerCase().includes(w) || ['tx', 'usa', 'us'].includes(w)))
        .map((g) => ({ locale: json.locale ?? 'en', reach: '1000000', searchTerm: name, geoTargetConstant: g }));
    });
    return { geoTargetConstantSuggestions: suggestions };
  }

  // Keyword planning.

  /** KeywordPlanIdeaService.GenerateKeywordIdeas: exactly one seed, at most 20 seed keywords and 10 locations, one language. */
  private keywordIdeas(_customer: FakeCustomer, json: Obj): unknown {
    const allowed = [
      'language',
      'geoTargetConstants',
      'includeAdultKeywords',
      'keywordPlanNetwork',
      'pageSize',
      'pageToken',
      'keywordSeed',
      'urlSeed',
      'keywordAndUrlSeed',
      'siteSeed',
      'historicalMetricsOptions',
      'aggregateMetrics',
    ];
    for (const key of Object.keys(json))
      if (!allowed.includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    const seeds = ['keywordSeed', 'urlSeed', 'keywordAndUrlSeed', 'siteSeed'].filter((k) => json[k] !== undefined);
    if (seeds.length !== 1)
      throw invalid('fieldError', 'REQUIRED', 'Exactly one seed (keyword_seed, url_seed, keyword_and_url_seed or site_seed) must be set.', {
        fieldPathElements: [{ fieldName: 'seed' }],
      });
    if (json.language !== undefined && !LANGUAGE_CONSTANTS.some((l) => `languageConstants/${l.id}` === json.language))
      throw invalid('fieldError', 'INVALID_VALUE', `Invalid language: ${json.language}.`, {
        fieldPathElements: [{ fieldName: 'language' }],
      });
    const geos: unknown[] = json.geoTargetConstants ?? [];
    if (geos.length > 10)
      throw invalid('collectionSizeError', 'TOO_MANY', 'Too many geo target constants (maximum 10).', {
        fieldPathElements: [{ fieldName: 'geo_target_constants' }],
      });
    for (const g of geos)
      if (!GEO_TARGET_CONSTANTS.some((x) => x.resourceName === g))
        throw invalid('fieldError', 'INVALID_VALUE', `Invalid geo target constant: ${String(g)}.`, {
          fieldPathElements: [{ fieldName: 'geo_target_constants' }],
        });
    if (json.keywordPlanNetwork !== undefined && !['GOOGLE_SEARCH', 'GOOGLE_SEARCH_AND_PARTNERS'].includes(json.keywordPlanNetwork))
      throw invalid('fieldError', 'INVALID_VALUE', `Invalid keyword_plan_network: ${json.keywordPlanNetwork}.`);
    const keywords: string[] = json.keywordSeed?.keywords ?? json.keywordAndUrlSeed?.keywords ?? [];
    if ((json.keywordSeed || json.keywordAndUrlSeed) && !keywords.length && !json.keywordAndUrlSeed?.url)
      throw invalid('keywordPlanIdeaError', 'INVALID_VALUE', 'A keyword seed needs at least one keyword.');
    if (keywords.length > 20)
      throw invalid('collectionSizeError', 'TOO_MANY', 'Too many seed keywords (maximum 20).', {
        fieldPathElements: [{ fieldName: 'keywords' }],
      });
    const url: string | undefined = json.urlSeed?.url ?? json.keywordAndUrlSeed?.url;
    if (url !== undefined && !/^https?:\/\/[^\s/]+/.test(url))
      throw invalid('keywordPlanIdeaError', 'URL_CRAWL_ERROR', `The URL could not be crawled: ${url}.`);
    const base = [
      ...keywords,
      ...(url
        ? [
            new URL(url).hostname
              .split('.')
              .filter((p) => !['www', 'example', 'com'].includes(p))
              .join(' ') || 'site',
          ]
        : []),
    ].map((k) => k.toLowerCase());
    const texts = [...new Set([...base, ...base.flatMap((k) => [`${k} near me`, `best ${k}`, `${k} sale`, `cheap ${k}`])])];
    const pageSize = Number(json.pageSize ?? 10_000);
    const results = texts.slice(0, pageSize).map((text) => {
      const h = createHash('sha256').update(text).digest();
      const avg = 100 + (h.readUInt16BE(0) % 20_000);
      const index = h[2]! % 101;
      return {
        text,
        keywordIdeaMetrics: {
          competition: index < 34 ? 'LOW' : index < 67 ? 'MEDIUM' : 'HIGH',
          monthlySearchVolumes: ['OCTOBER', 'NOVEMBER'].map((month) => ({ month, year: '2026', monthlySearches: String(avg) })),
          avgMonthlySearches: String(avg),
          competitionIndex: String(index),
          lowTopOfPageBidMicros: String(500_000 + h[3]! * 10_000),
          highTopOfPageBidMicros: String(2_000_000 + h[4]! * 20_000),
        },
        keywordAnnotations: {},
      };
    });
    return { results, totalSize: String(results.length) };
  }

  // Search.

  private search(customer: FakeCustomer, json: Obj): unknown {
    for (const key of Object.keys(json)) {
      if (!['query', 'pageToken', 'searchSettings'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
    if (typeof json.query !== 'string') throw invalid('queryError', 'QUERY_ERROR', 'The query is empty.');
    const query = parseQuery(json.query);
    const rows = this.rowsOf(customer, query);
    if (query.orderBy) {
      const { field, desc } = query.orderBy;
      rows.sort((a, b) => String(valueAt(a, field) ?? '').localeCompare(String(valueAt(b, field) ?? '')) * (desc ? -1 : 1));
    }
    const limited = query.limit !== undefined ? rows.slice(0, query.limit) : rows;
    const queryHash = createHash('sha256').update(json.query).digest('hex').slice(0, 16);
    let offset = 0;
    if (json.pageToken !== undefined) {
      const [hash, at] = Buffer.from(String(json.pageToken), 'base64url').toString().split(':');
      if (hash !== queryHash || !/^\d+$/.test(at ?? '')) throw invalid('requestError', 'INVALID_PAGE_TOKEN', 'Page token is invalid.');
      offset = Number(at);
    }
    const page = limited.slice(offset, offset + this.pageSize);
    const next =
      offset + this.pageSize < limited.length ? Buffer.from(`${queryHash}:${offset + this.pageSize}`).toString('base64url') : undefined;
    return {
      results: page.map((row) => project(row, query.fields)),
      ...(next ? { nextPageToken: next } : {}),
      fieldMask: query.fields.map((f) => f.split('.').map(camel).join('.')).join(','),
    };
  }

  private rowsOf(c: FakeCustomer, query: Query): Obj[] {
    const customer = {
      id: c.id,
      resourceName: `customers/${c.id}`,
      descriptiveName: c.descriptiveName,
      currencyCode: c.currencyCode,
      timeZone: c.timeZone,
      manager: c.manager,
      status: c.status,
    };
    const campaignOf = (rn: string) => c.campaigns.find((x) => x.resourceName === rn);
    const adGroupOf = (rn: string) => c.adGroups.find((x) => x.resourceName === rn);
    const withMetrics = query.fields.some((f) => f.startsWith('metrics.') || f.startsWith('segments.'));
    const familyRows = audienceRows(c, query, customer);
    if (familyRows) return familyRows.filter((row) => query.where.every((cond) => matches(valueAt(row, cond.field), cond)));
    let rows: Obj[];
    switch (query.from) {
      case 'customer':
        rows = withMetrics ? this.metricsRows(c, 'customer').map((r) => ({ customer, ...r })) : [{ customer }];
        break;
      case 'customer_client':
        rows = c.clients
          .map((id) => this.customers.get(id))
          .filter((x): x is FakeCustomer => Boolean(x))
          .map((cl) => ({
            customer,
            customerClient: {
              id: cl.id,
              resourceName: `customers/${c.id}/customerClients/${cl.id}`,
              clientCustomer: `customers/${cl.id}`,
              descriptiveName: cl.descriptiveName,
              currencyCode: cl.currencyCode,
              timeZone: cl.timeZone,
              manager: cl.manager,
              status: cl.status,
              level: '1',
            },
          }));
        break;
      case 'campaign':
        rows = withMetrics
          ? (query.fields.includes('segments.conversion_action')
              ? this.conversionRows(c)
              : this.metricsRows(c, 'campaign').map(withAllConversions(c))
            ).map((r) => ({ ...r, customer }))
          : c.campaigns.map((campaign) => ({
              campaign,
              campaignBudget: c.budgets.find((b) => b.resourceName === campaign.campaignBudget),
              customer,
            }));
        break;
      case 'campaign_budget':
        rows = c.budgets.map((campaignBudget) => ({ campaignBudget, customer }));
        break;
      case 'ad_group':
        rows = withMetrics
          ? this.metricsRows(c, 'ad_group').map((r) => ({ ...r, customer }))
          : c.adGroups.map((adGroup) => ({ adGroup, campaign: campaignOf(adGroup.campaign), customer }));
        break;
      case 'shared_set':
        rows = c.sharedSets.map((sharedSet) => ({ sharedSet, customer }));
        break;
      case 'shared_criterion':
        rows = c.sharedCriteria.map((sharedCriterion) => ({
          sharedCriterion,
          sharedSet: c.sharedSets.find((x) => x.resourceName === sharedCriterion.sharedSet),
          customer,
        }));
        break;
      case 'campaign_shared_set':
        rows = c.campaignSharedSets.map((campaignSharedSet) => ({
          campaignSharedSet,
          campaign: campaignOf(campaignSharedSet.campaign),
          sharedSet: c.sharedSets.find((x) => x.resourceName === campaignSharedSet.sharedSet),
          customer,
        }));
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
        rows = c.campaignCriteria.map((campaignCriterion) => ({
          campaignCriterion,
          campaign: campaignOf(campaignCriterion.campaign),
          customer,
        }));
        break;
      case 'asset':
        rows = c.assets.map((asset) => ({ asset, customer }));
        break;
      case 'campaign_asset':
        rows = c.campaignAssets.map((campaignAsset) => ({
          campaignAsset,
          campaign: campaignOf(campaignAsset.campaign),
          asset: c.assets.find((a) => a.resourceName === campaignAsset.asset),
          customer,
        }));
        break;
      case 'bidding_strategy':
        rows = c.biddingStrategies.map((biddingStrategy) => ({
          biddingStrategy: {
            ...biddingStrategy,
            campaignCount: String(
              c.campaigns.filter((x) => x.biddingStrategy === biddingStrategy.resourceName && x.status !== 'REMOVED').length,
            ),
          },
          customer,
        }));
        break;
      case 'campaign_label':
        rows = c.campaignLabels.map((campaignLabel) => ({
          campaignLabel,
          campaign: campaignOf(campaignLabel.campaign),
          label: c.labels.find((l) => l.resourceName === campaignLabel.label),
          customer,
        }));
        break;
      case 'ad_group_label':
        rows = c.adGroupLabels.map((adGroupLabel) => {
          const adGroup = adGroupOf(adGroupLabel.adGroup)!;
          return {
            adGroupLabel,
            adGroup,
            campaign: campaignOf(adGroup.campaign),
            label: c.labels.find((l) => l.resourceName === adGroupLabel.label),
            customer,
          };
        });
        break;
      case 'ad_group_ad_label':
        rows = c.adGroupAdLabels.map((adGroupAdLabel) => {
          const adGroupAd = c.ads.find((a) => a.resourceName === adGroupAdLabel.adGroupAd)!;
          const adGroup = adGroupOf(adGroupAd.adGroup)!;
          return {
            adGroupAdLabel,
            adGroupAd,
            adGroup,
            campaign: campaignOf(adGroup.campaign),
            label: c.labels.find((l) => l.resourceName === adGroupAdLabel.label),
            customer,
          };
        });
        break;
      case 'ad_group_criterion_label':
        rows = c.adGroupCriterionLabels.map((adGroupCriterionLabel) => {
          const adGroupCriterion = c.adGroupCriteria.find((k) => k.resourceName === adGroupCriterionLabel.adGroupCriterion)!;
          const adGroup = adGroupOf(adGroupCriterion.adGroup)!;
          return {
            adGroupCriterionLabel,
            adGroupCriterion,
            adGroup,
            campaign: campaignOf(adGroup.campaign),
            label: c.labels.find((l) => l.resourceName === adGroupCriterionLabel.label),
            customer,
          };
        });
        break;
      case 'label':
        rows = c.labels.map((label) => ({ label, customer }));
        break;
      case 'asset_group':
        rows = c.assetGroups.map((assetGroup) => ({
          assetGroup: { ...assetGroup, adStrength: adStrengthOf(c, assetGroup) },
          campaign: campaignOf(assetGroup.campaign),
          customer,
        }));
        break;
      case 'asset_group_asset':
        rows = c.assetGroupAssets.map((assetGroupAsset) => ({
          assetGroupAsset,
          assetGroup: c.assetGroups.find((g) => g.resourceName === assetGroupAsset.assetGroup),
          campaign: campaignOf(c.assetGroups.find((g) => g.resourceName === assetGroupAsset.assetGroup)?.campaign ?? ''),
          asset: c.assets.find((a) => a.resourceName === assetGroupAsset.asset),
          customer,
        }));
        break;
      case 'asset_group_signal':
        rows = c.assetGroupSignals.map((assetGroupSignal) => ({
          assetGroupSignal,
          assetGroup: c.assetGroups.find((g) => g.resourceName === assetGroupSignal.assetGroup),
          campaign: campaignOf(c.assetGroups.find((g) => g.resourceName === assetGroupSignal.assetGroup)?.campaign ?? ''),
          customer,
        }));
        break;
      case 'audience':
        rows = c.audiences.map((audience) => ({ audience, customer }));
        break;
      case 'asset_group_listing_group_filter':
        rows = c.listingGroupFilters.map((assetGroupListingGroupFilter) => ({
          assetGroupListingGroupFilter,
          assetGroup: c.assetGroups.find((g) => g.resourceName === assetGroupListingGroupFilter.assetGroup),
          campaign: campaignOf(c.assetGroups.find((g) => g.resourceName === assetGroupListingGroupFilter.assetGroup)?.campaign ?? ''),
          customer,
        }));
        break;
      case 'user_interest':
        rows = USER_INTERESTS.map((u) => ({
          userInterest: {
            ...u,
            resourceName: `customers/${c.id}/userInterests/${u.userInterestId}`,
            userInterestParent: u.userInterestParent?.replace('customers/0/', `customers/${c.id}/`),
          },
        }));
        break;
      case 'custom_audience':
        rows = c.customAudiences.map((customAudience) => ({ customAudience, customer }));
        break;
      case 'user_list':
        rows = c.userLists.map((userList) => ({ userList, customer }));
        break;
      case 'conversion_action':
        rows = c.conversionActions.map((conversionAction) => ({ conversionAction, customer }));
        break;
      case 'product_link':
        rows = c.productLinks.map((productLink) => ({ productLink, customer }));
        break;
      case 'product_link_invitation':
        rows = c.productLinkInvitations.map((productLinkInvitation) => ({ productLinkInvitation, customer }));
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

  // Merchant Center links: a merchant's request is accepted (ProductLinkInvitationService.UpdateProductLinkInvitation), a link removed (ProductLinkService.RemoveProductLink).

  private updateInvitation(c: FakeCustomer, json: Obj): unknown {
    for (const key of Object.keys(json))
      if (!['customerId', 'resourceName', 'productLinkInvitationStatus'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    ENUM(
      'product_link_invitation_status',
      json.productLinkInvitationStatus,
      ['ACCEPTED', 'REJECTED', 'REQUESTED', 'PENDING_APPROVAL', 'REVOKED'],
      () => ({}),
    );
    const invitation = c.productLinkInvitations.find((i) => i.resourceName === json.resourceName);
    if (!invitation) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${json.resourceName}.`);
    if (invitation.status !== 'PENDING_APPROVAL')
      throw invalid('productLinkInvitationError', 'INVALID_STATUS', 'The invitation is not pending approval.');
    if (json.productLinkInvitationStatus !== 'ACCEPTED' && json.productLinkInvitationStatus !== 'REJECTED')
      throw invalid('productLinkInvitationError', 'PERMISSION_DENIED', 'The ad account can only accept or reject a request.');
    invitation.status = json.productLinkInvitationStatus;
    if (invitation.status === 'ACCEPTED') {
      const id = newId(10);
      c.productLinks.push({
        resourceName: `customers/${c.id}/productLinks/${id}`,
        productLinkId: id,
        type: 'MERCHANT_CENTER',
        merchantCenter: { merchantCenterId: invitation.merchantCenter.merchantCenterId },
      });
    }
    return { resourceName: invitation.resourceName };
  }

  private removeProductLink(c: FakeCustomer, json: Obj): unknown {
    for (const key of Object.keys(json))
      if (!['customerId', 'resourceName', 'validateOnly'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    const link = c.productLinks.find((l) => l.resourceName === json.resourceName);
    if (!link) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${json.resourceName}.`);
    if (json.validateOnly !== true) c.productLinks.splice(c.productLinks.indexOf(link), 1);
    return { resourceName: link.resourceName };
  }

  /**
   * Listing group criteria change as a tree, in one atomic request: creates may name temporary
   * resource names (`<ad group>~-1`) that later operations of the request use as parent; a removed
   * subdivision takes its subtree; the tree left must be valid (one root, every subdivision with one
   * "everything else" child, siblings of one dimension, only units bid).
   */
  private mutateListingGroups(c: FakeCustomer, operations: Obj[], validateOnly: boolean): unknown {
    const criteria = structuredClone(c.adGroupCriteria);
    const temp = new Map<string, string>();
    const resolve = (rn: string) => temp.get(rn) ?? rn;
    const results: string[] = [];
    const touched = new Set<string>();
    operations.forEach((op, index) => {
      const where = (fieldName: string) => ({ fieldPathElements: [{ fieldName: 'operations', index }, { fieldName }] });
      for (const key of Object.keys(op))
        if (!['create', 'update', 'remove', 'updateMask'].includes(key))
          throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}".`);
      if (op.remove !== undefined) {
        const target = criteria.find((x) => x.resourceName === resolve(op.remove) && x.type === 'LISTING_GROUP');
        if (!target) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${op.remove}.`, where('remove'));
        const gone = new Set<string>();
        const collect = (rn: string) => {
          gone.add(rn);
          for (const child of criteria.filter((x) => x.listingGroup?.parentAdGroupCriterion === rn)) collect(child.resourceName);
        };
        collect(target.resourceName);
        for (let i = criteria.length - 1; i >= 0; i--) if (gone.has(criteria[i]!.resourceName)) criteria.splice(i, 1);
        touched.add(target.adGroup);
        results.push(target.resourceName);
        return;
      }
      if (op.update !== undefined) {
        const target = criteria.find((x) => x.resourceName === resolve(op.update.resourceName) && x.type === 'LISTING_GROUP');
        if (!target)
          throw invalid(
            'mutateError',
            'RESOURCE_NOT_FOUND',
            `Resource was not found: ${op.update.resourceName}.`,
            where('update.resource_name'),
          );
        if (op.updateMask !== 'cpcBidMicros')
          throw invalid(
            'fieldMaskError',
            'FIELD_NOT_FOUND',
            `The field mask contained an invalid field: '${op.updateMask}'.`,
            where('update_mask'),
          );
        checkKnownKeys(op.update, ['cpcBidMicros'], where);
        checkBid(op.update.cpcBidMicros, where);
        target.cpcBidMicros = String(op.update.cpcBidMicros);
        touched.add(target.adGroup);
        results.push(target.resourceName);
        return;
      }
      const create = op.create ?? {};
      checkKnownKeys(
        create,
        [
          'adGroup',
          'status',
          'negative',
          'cpcBidMicros',
          'listingGroup.type',
          'listingGroup.parentAdGroupCriterion',
          'listingGroup.caseValue',
        ],
        where,
      );
      const group = refOf(c, 'adGroups', create.adGroup, 'ad_group', where);
      if (group.type !== 'SHOPPING_PRODUCT_ADS')
        throw invalid(
          'adGroupCriterionError',
          'INVALID_LISTING_GROUP_TYPE',
          'Listing groups belong to Shopping product ad groups.',
          where('listing_group'),
        );
      ENUM('listing_group.type', create.listingGroup?.type, ['SUBDIVISION', 'UNIT'], where);
      if (create.negative && create.cpcBidMicros !== undefined)
        throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
      if (create.listingGroup.type === 'SUBDIVISION' && (create.cpcBidMicros !== undefined || create.negative))
        throw invalid(
          'adGroupCriterionError',
          'LISTING_GROUP_SUBDIVISION_CANNOT_HAVE_BID',
          'A subdivision cannot bid.',
          where('cpc_bid_micros'),
        );
      checkBid(create.cpcBidMicros, where);
      const caseValue = create.listingGroup.caseValue;
      if (caseValue !== undefined) checkCaseValue(caseValue, where);
      const parent =
        create.listingGroup.parentAdGroupCriterion === undefined ? undefined : resolve(create.listingGroup.parentAdGroupCriterion);
      if (parent !== undefined && !criteria.some((x) => x.resourceName === parent && x.type === 'LISTING_GROUP'))
        throw invalid(
          'adGroupCriterionError',
          'LISTING_GROUP_DOES_NOT_EXIST',
          `The parent ${create.listingGroup.parentAdGroupCriterion} does not exist.`,
          where('listing_group.parent_ad_group_criterion'),
        );
      const id = newId(12);
      const resourceName = `customers/${c.id}/adGroupCriteria/${group.id}~${id}`;
      if (create.resourceName !== undefined) {
        if (!/~-\d+$/.test(create.resourceName))
          throw invalid(
            'adGroupCriterionError',
            'LISTING_GROUP_ADD_MAY_ONLY_USE_TEMP_ID',
            'A create may only name a temporary id.',
            where('resource_name'),
          );
        temp.set(create.resourceName, resourceName);
      }
      criteria.push({
        resourceName,
        criterionId: id,
        type: 'LISTING_GROUP',
        status: create.status ?? 'ENABLED',
        negative: Boolean(create.negative),
        adGroup: group.resourceName,
        ...(create.cpcBidMicros !== undefined ? { cpcBidMicros: String(create.cpcBidMicros) } : {}),
        listingGroup: {
          type: create.listingGroup.type,
          ...(parent ? { parentAdGroupCriterion: parent } : {}),
          ...(caseValue ? { caseValue: structuredClone(caseValue) } : {}),
        },
      });
      touched.add(group.resourceName);
      results.push(resourceName);
    });
    for (const adGroup of touched) checkListingTree(criteria.filter((x) => x.adGroup === adGroup && x.type === 'LISTING_GROUP'));
    if (validateOnly) return {};
    c.adGroupCriteria.splice(0, c.adGroupCriteria.length, ...criteria);
    return { results: results.map((resourceName) => ({ resourceName })) };
  }

  // Mutate.

  /**
   * `googleAds:mutate`: operations of several resources in one atomic request, in order; a create
   * may carry a temporary resource name (`.../-1`) that later operations use. After the last
   * operation every asset group touched must hold its minimum assets and every listing group tree
   * must be valid, or nothing is applied.
   */
  private mutateAll(c: FakeCustomer, json: Obj, user: string): unknown {
    for (const key of Object.keys(json)) {
      if (!['mutateOperations', 'partialFailure', 'validateOnly', 'responseContentType'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
    const operations: Obj[] = json.mutateOperations;
    if (!Array.isArray(operations) || !operations.length) throw invalid('mutateError', 'OPERATIONS_REQUIRED', 'Operations are required.');
    const lists = [
      'campaigns',
      'budgets',
      'adGroups',
      'assets',
      'assetGroups',
      'assetGroupAssets',
      'assetGroupSignals',
      'audiences',
      'listingGroupFilters',
      'campaignCriteria',
      'campaignAssets',
    ] as const;
    const snapshot = Object.fromEntries(lists.map((l) => [l, structuredClone(c[l])]));
    const restore = () => {
      for (const l of lists) (c as unknown as Record<string, Obj[]>)[l] = snapshot[l]!;
    };
    const temp = new Map<string, string>();
    const answers: Obj[] = [];
    try {
      for (const [index, operation] of operations.entries()) {
        const keys = Object.keys(operation);
        const key = keys[0];
        const resource = key ? MUTATE_OPERATIONS[key] : undefined;
        if (keys.length !== 1 || !resource)
          throw invalid('mutateError', 'INVALID_OPERATION', `mutate_operations[${index}] must hold exactly one known operation.`);
        let text = JSON.stringify(operation[key!]);
        for (const [from, to] of temp) text = text.split(`"${from}"`).join(`"${to}"`);
        const op = JSON.parse(text);
        const tempName = op.create?.resourceName;
        if (tempName !== undefined && !/[/~]-\d+$/.test(tempName))
          throw invalid('mutateError', 'INVALID_OPERATION', 'A created resource may only carry a temporary resource name.');
        if (op.create) delete op.create.resourceName;
        const [result] = (this.mutate(c, resource, { operations: [op] }, user, true) as { results: { resourceName: string }[] }).results;
        if (tempName) temp.set(tempName, result!.resourceName);
        answers.push({ [`${key!.replace(/Operation$/, '')}Result`]: { resourceName: result!.resourceName } });
      }
      for (const group of c.assetGroups)
        if (operations.some((o) => JSON.stringify(o).includes(group.resourceName) || [...temp.values()].includes(group.resourceName)))
          checkAssetGroup(c, group);
      checkListingTrees(c);
    } catch (err) {
      restore();
      throw err;
    }
    if (json.validateOnly === true) {
      restore();
      return {};
    }
    return { mutateOperationResponses: answers };
  }

  private mutate(c: FakeCustomer, resource: string, json: Obj, user: string, inBatch = false): unknown {
    const spec = MUTABLE[resource];
    if (!spec)
      throw new ApiFailure(404, 'NOT_FOUND', [{ errorCode: { requestError: 'UNKNOWN' }, message: `Unknown service ${resource}.` }]);
    for (const key of Object.keys(json)) {
      if (!['operations', 'partialFailure', 'validateOnly', 'responseContentType'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
    const operations: Obj[] = json.operations;
    if (!Array.isArray(operations) || !operations.length) throw invalid('mutateError', 'OPERATIONS_REQUIRED', 'Operations are required.');
    if (resource === 'adGroupCriteria') {
      const listing = (op: Obj) =>
        op?.create?.listingGroup !== undefined ||
        [op?.remove, op?.update?.resourceName].some(
          (rn) =>
            rn !== undefined && (/~-\d+$/.test(rn) || c.adGroupCriteria.some((x) => x.resourceName === rn && x.type === 'LISTING_GROUP')),
        );
      if (operations.some(listing)) {
        if (!operations.every(listing))
          throw invalid('mutateError', 'INVALID_OPERATION', 'Listing group operations cannot be mixed with other criteria in one request.');
        return this.mutateListingGroups(c, operations, json.validateOnly === true);
      }
    }
    const list: Obj[] = (c as unknown as Record<string, Obj[]>)[spec.list]!;
    const prefix = `customers/${c.id}/${resource}/`;
    // What the list would hold after the request, for the rules that look at several entities at once (spec.checkAll).
    const removed = new Set<Obj>();
    const replaced = new Map<Obj, Obj>();
    const added: Obj[] = [];
    // Validate every operation first: the request is atomic.
    const applies: (() => string)[] = operations.map((op, index) => {
      const where = (fieldName: string) => ({ fieldPathElements: [{ fieldName: 'operations', index }, { fieldName }] });
      const kinds = ['create', 'update', 'remove'].filter((k) => op[k] !== undefined);
      if (kinds.length !== 1)
        throw invalid(
          'mutateError',
          'INVALID_OPERATION',
          'Each operation needs exactly one of create, update or remove.',
          where('operation'),
        );
      for (const key of Object.keys(op))
        if (!['create', 'update', 'remove', 'updateMask'].includes(key))
          throw invalid(
            'requestError',
            'UNKNOWN',
            `Invalid JSON payload received. Unknown name "${key}" at 'operations[${index}]': Cannot find field.`,
          );
      if (op.remove !== undefined) {
        const target = list.find((x) => x.resourceName === op.remove);
        if (!String(op.remove).startsWith(prefix) || !target)
          throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${op.remove}.`, where('remove'));
        removed.add(target);
        return () => {
          const before = structuredClone(target);
          spec.remove(c, target, list);
          recordChange(c, resource, 'REMOVE', before, target, [], user);
          return target.resourceName;
        };
      }
      if (op.update !== undefined) {
        if (!spec.update) throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', `${resource} cannot be updated.`, where('update'));
        const target = list.find((x) => x.resourceName === op.update.resourceName);
        if (!target)
          throw invalid(
            'mutateError',
            'RESOURCE_NOT_FOUND',
            `Resource was not found: ${op.update.resourceName}.`,
            where('update.resource_name'),
          );
        if (typeof op.updateMask !== 'string' || !op.updateMask)
          throw invalid('fieldMaskError', 'FIELD_MASK_MISSING', 'The field mask must be set for update operations.', where('update_mask'));
        checkKnownKeys(op.update, spec.update, where);
        const paths = op.updateMask.split(',');
        for (const path of paths)
          if (!spec.update.includes(path))
            throw invalid(
              'fieldMaskError',
              'FIELD_NOT_FOUND',
              `The field mask contained an invalid field: '${path}'.`,
              where('update_mask'),
            );
        for (const path of leafPaths(op.update)) {
          if (path !== 'resourceName' && !paths.some((p) => path === p || path.startsWith(`${p}.`)))
            throw invalid(
              'fieldMaskError',
              'FIELD_NOT_FOUND',
              `Field '${path}' was set but is not in the update mask.`,
              where('update_mask'),
            );
        }
        const next = structuredClone(target);
        for (const path of paths) setPath(next, path, get(op.update, path));
        spec.validate(c, next, where, target);
        replaced.set(target, next);
        return () => {
          const before = structuredClone(target);
          Object.assign(target, next);
          for (const path of paths) if (get(op.update, path) === undefined) deletePath(target, path);
          recordChange(c, resource, 'UPDATE', before, target, paths, user);
          return target.resourceName;
        };
      }
      checkKnownKeys(op.create, spec.create ?? [], where);
      const created = spec.build!(c, op.create, where);
      spec.validate(c, created, where);
      if (list.some((x) => x.resourceName === created.resourceName) || added.some((x) => x.resourceName === created.resourceName))
        throw invalid('mutateError', 'RESOURCE_ALREADY_EXISTS', 'The resource already exists.', where('create'));
      added.push(created);
      return () => {
        list.push(created);
        spec.created?.(c, created);
        recordChange(c, resource, 'CREATE', undefined, created, leafPaths(op.create), user);
        return created.resourceName;
      };
    });
    spec.checkAll?.(c, [...list.filter((x) => !removed.has(x)).map((x) => replaced.get(x) ?? x), ...added]);
    // validateOnly: every operation was checked above; nothing is applied and the answer is empty.
    if (json.validateOnly === true) return {};
    if (!inBatch && ['assetGroups', 'assetGroupAssets', 'assetGroupListingGroupFilters'].includes(resource)) {
      // Alone (outside googleAds:mutate) the result must already be valid: check it on a copy first.
      const copy = structuredClone(c);
      const copyList = (copy as unknown as Record<string, Obj[]>)[spec.list]!;
      for (const op of operations) {
        if (op.remove !== undefined)
          spec.remove(
            copy,
            copyList.find((x) => x.resourceName === op.remove)!,
            copyList,
          );
        else if (op.create !== undefined) copyList.push(spec.build!(copy, structuredClone(op.create), () => ({})));
      }
      for (const group of copy.assetGroups) checkAssetGroup(copy, group);
      checkListingTrees(copy);
    }
    return { results: applies.map((apply) => ({ resourceName: apply() })) };
  }
}

interface Query {
  fields: string[];
  from: string;
  where: { field: string; op: string; values: string[] }[];
  orderBy?: { field: string; desc: boolean };
  limit?: number;
}

/** SELECT a, b FROM r [WHERE c [AND c]...] [LIMIT n]: validated against FIELDS and FROM. */
function parseQuery(text: string): Query {
  const m =
    /^\s*SELECT\s+(.+?)\s+FROM\s+([a-z_]+)(?:\s+WHERE\s+(.+?))?(?:\s+ORDER\s+BY\s+([a-z_.]+)(?:\s+(ASC|DESC))?)?(?:\s+LIMIT\s+(\d+))?\s*$/is.exec(
      text,
    );
  if (!m) throw invalid('queryError', 'UNEXPECTED_END_OF_QUERY', `Error in query: unexpected input ${text.slice(0, 40)}.`);
  const from = m[2]!;
  const resource = FROM[from];
  if (!resource)
    throw invalid('queryError', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `Error in query: invalid resource '${from}' in FROM clause.`);
  const checkField = (field: string) => {
    const [head, ...rest] = field.split('.');
    const path = rest.join('.');
    if (!head || !FIELDS[head] || !FIELDS[head]!.includes(path))
      throw invalid('queryError', 'UNRECOGNIZED_FIELD', `Error in SELECT clause: unrecognized field '${field}'.`);
    if ((head === 'metrics' || head === 'segments') && !resource.metrics)
      throw invalid(
        'queryError',
        'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE',
        `Cannot select or filter on '${field}' with ${from} in the FROM clause.`,
      );
    if (head !== 'metrics' && head !== 'segments' && !resource.with.includes(head))
      throw invalid(
        'queryError',
        'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE',
        `Cannot select fields of '${head}' with ${from} in the FROM clause.`,
      );
  };
  const fields = m[1]!.split(',').map((f) => f.trim());
  fields.forEach(checkField);
  if (fields.includes('segments.conversion_action')) {
    const other = fields.find((f) => f.startsWith('metrics.') && !CONVERSION_METRICS.includes(f));
    if (other)
      throw invalid(
        'queryError',
        'PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE',
        `Cannot select segments.conversion_action with ${other}.`,
      );
  }
  const where: Query['where'] = [];
  let rest = m[3]?.trim() ?? '';
  const condition = /^([a-z_.]+)\s+(NOT IN|IN|BETWEEN|!=|>=|<=|=|>|<)\s+(\([^)]*\)|'[^']*'\s+AND\s+'[^']*'|'[^']*'|[^\s]+)\s*(?:AND\s+|$)/i;
  while (rest) {
    const c = condition.exec(rest);
    if (!c) throw invalid('queryError', 'INVALID_VALUE_WITH_WHERE_CLAUSE', `Error in WHERE clause: cannot parse '${rest.slice(0, 40)}'.`);
    checkField(c[1]!);
    const raw = c[3]!;
    const values = raw.startsWith('(')
      ? raw.slice(1, -1).split(',').map(literal)
      : /AND/i.test(raw) && raw.startsWith("'")
        ? raw.split(/\s+AND\s+/i).map(literal)
        : [literal(raw)];
    if (c[1] === 'segments.date' && values.some((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v)))
      throw invalid('queryError', 'INVALID_DATE', `Error in WHERE clause: invalid date in '${raw}'.`);
    where.push({ field: c[1]!, op: c[2]!.toUpperCase(), values });
    rest = rest.slice(c[0].length).trim();
  }
  if (m[4]) checkField(m[4]);
  return {
    fields,
    from,
    where,
    ...(m[4] ? { orderBy: { field: m[4], desc: /DESC/i.test(m[5] ?? '') } } : {}),
    limit: m[6] ? Number(m[6]) : undefined,
  };
}

const CONVERSION_METRICS = ['metrics.conversions', 'metrics.conversions_value', 'metrics.all_conversions', 'metrics.all_conversions_value'];

/** Plain campaign rows also carry all conversions: the primary conversions plus the secondary actions' counts. */
function withAllConversions(c: FakeCustomer) {
  const secondary = c.conversionActions.filter((a) => !a.primaryForGoal && a.status !== 'REMOVED').length;
  return (row: Obj): Obj => ({
    ...row,
    metrics: {
      ...row.metrics,
      allConversions: row.metrics.conversions + secondary * Math.floor(row.metrics.clicks / 10),
      allConversionsValue: row.metrics.conversionsValue,
    },
  });
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
    case '=':
      return v === cond.values[0];
    case '!=':
      return v !== cond.values[0];
    case 'IN':
      return cond.values.includes(v);
    case 'NOT IN':
      return !cond.values.includes(v);
    case 'BETWEEN':
      return v >= cond.values[0]! && v <= cond.values[1]!;
    case '>':
      return v > cond.values[0]!;
    case '<':
      return v < cond.values[0]!;
    case '>=':
      return v >= cond.values[0]!;
    default:
      return v <= cond.values[0]!;
  }
}

/** Only the selected fields, nested under camelCase resource names; int64 as strings. */
function project(row: Obj, fields: string[]): Obj {
  const out: Obj = {};
  for (const field of fields) {
    const value = valueAt(row, field);
    if (value === undefined) {
      // A message that is set but has none of the selected fields comes back empty (`productBrand: {}`: "everything else").
      const parent = field.split('.').slice(0, -1).join('.');
      const node = parent.includes('.') ? valueAt(row, parent) : undefined;
      const at = parent.split('.').map(camel).join('.');
      if (node && typeof node === 'object' && !Array.isArray(node) && get(out, at) === undefined) setPath(out, at, {});
      continue;
    }
    const path = field.split('.').map(camel).join('.');
    setPath(out, path, INT64.test(path) && typeof value === 'number' ? String(value) : value);
  }
  return out;
}
const INT64 =
  /(\.id|Micros|impressions|clicks|videoTrueviewViews|criterionId|sizeForSearch|userInterestId|Pixels|fileSize|startHour|endHour)$/;

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

const CASE_VALUES: Record<string, { fields: string[]; level?: string[]; index?: string[]; enumValue?: string[] }> = {
  productBrand: { fields: ['value'] },
  productItemId: { fields: ['value'] },
  productCondition: { fields: ['condition'], enumValue: ['NEW', 'USED', 'REFURBISHED'] },
  productCategory: { fields: ['categoryId', 'level'], level: ['LEVEL1', 'LEVEL2', 'LEVEL3', 'LEVEL4', 'LEVEL5'] },
  productType: { fields: ['value', 'level'], level: ['LEVEL1', 'LEVEL2', 'LEVEL3', 'LEVEL4', 'LEVEL5'] },
  productCustomAttribute: { fields: ['value', 'index'], index: ['INDEX0', 'INDEX1', 'INDEX2', 'INDEX3', 'INDEX4'] },
};

/** A listing dimension (`case_value`): exactly one known dimension, its level or index valid. */
function checkCaseValue(caseValue: Obj, where: (f: string) => Obj): void {
  const keys = Object.keys(caseValue);
  if (keys.length !== 1 || !CASE_VALUES[keys[0]!])
    throw invalid(
      'listingGroupError',
      'INVALID_DIMENSION_VALUE',
      `Invalid listing dimension: ${keys.join(', ')}.`,
      where('listing_group.case_value'),
    );
  const spec = CASE_VALUES[keys[0]!]!;
  const value = caseValue[keys[0]!] ?? {};
  for (const key of Object.keys(value))
    if (!spec.fields.includes(key))
      throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}".`, where('listing_group.case_value'));
  if (spec.level) ENUM('listing_group.case_value.level', value.level, spec.level, where);
  if (spec.index) ENUM('listing_group.case_value.index', value.index, spec.index, where);
  if (spec.enumValue && value.condition !== undefined) ENUM('listing_group.case_value.condition', value.condition, spec.enumValue, where);
  if (keys[0] === 'productCategory' && value.categoryId !== undefined && !/^\d+$/.test(String(value.categoryId)))
    throw invalid('listingGroupError', 'INVALID_PRODUCT_BIDDING_CATEGORY', 'Invalid product category.', where('listing_group.case_value'));
}

/** The kind of a case value (`productType:LEVEL1`) and whether it is "everything else". */
const dimensionOf = (caseValue: Obj): { kind: string; others: boolean; value?: string } => {
  const [key, body] = Object.entries(caseValue)[0] as [string, Obj];
  const kind = `${key}${body.level ? `:${body.level}` : ''}${body.index ? `:${body.index}` : ''}`;
  const value = body.value ?? body.categoryId ?? body.condition;
  return { kind, others: value === undefined, value: value === undefined ? undefined : String(value).toLowerCase() };
};

/** The platform's rules for a product partition tree. */
function checkListingTree(nodes: Obj[]): void {
  if (!nodes.length) return;
  const fail = (category: string, value: string, message: string) => invalid(category, value, message);
  const roots = nodes.filter((n) => !n.listingGroup.parentAdGroupCriterion);
  if (roots.length !== 1) throw fail('listingGroupError', 'MULTIPLE_ROOTS', 'A listing group tree has exactly one root.');
  for (const node of nodes) {
    const children = nodes.filter((n) => n.listingGroup.parentAdGroupCriterion === node.resourceName);
    if (node.listingGroup.type === 'UNIT') {
      if (children.length) throw fail('adGroupCriterionError', 'LISTING_GROUP_UNIT_CANNOT_HAVE_CHILDREN', 'A unit cannot have children.');
      continue;
    }
    if (!children.length)
      throw fail(
        'adGroupCriterionError',
        'LISTING_GROUP_SUBDIVISION_REQUIRES_OTHERS_CASE',
        'A subdivision needs an "everything else" child.',
      );
    const dims = children.map((n) => (n.listingGroup.caseValue ? dimensionOf(n.listingGroup.caseValue) : undefined));
    if (dims.some((d) => !d)) throw fail('listingGroupError', 'INVALID_DIMENSION_VALUE', 'A child of a subdivision needs a dimension.');
    if (new Set(dims.map((d) => d!.kind)).size > 1)
      throw fail(
        'adGroupCriterionError',
        'LISTING_GROUP_REQUIRES_SAME_DIMENSION_TYPE_AS_SIBLINGS',
        'Siblings must have the same dimension type.',
      );
    if (dims.filter((d) => d!.others).length !== 1)
      throw fail(
        'adGroupCriterionError',
        'LISTING_GROUP_SUBDIVISION_REQUIRES_OTHERS_CASE',
        'A subdivision needs exactly one "everything else" child.',
      );
    const values = dims.filter((d) => !d!.others).map((d) => d!.value);
    if (new Set(values).size !== values.length)
      throw fail('adGroupCriterionError', 'LISTING_GROUP_ALREADY_EXISTS', 'Two siblings have the same value.');
  }
}

interface MutableSpec {
  list: keyof FakeCustomer;
  update?: string[];
  create?: string[];
  build?: (c: FakeCustomer, create: Obj, where: (f: string) => Obj) => Obj;
  validate: (c: FakeCustomer, entity: Obj, where: (f: string) => Obj, before?: Obj) => void;
  remove: (c: FakeCustomer, target: Obj, list: Obj[]) => void;
  /** After a create is applied (side effects on other resources). */
  created?: (c: FakeCustomer, entity: Obj) => void;
  /** Rules over the whole list as the request would leave it (checked before anything is applied). */
  checkAll?: (c: FakeCustomer, after: Obj[]) => void;
}

const ENUM = (field: string, value: unknown, allowed: string[], where: (f: string) => Obj) => {
  if (!allowed.includes(String(value))) throw invalid('fieldError', 'INVALID_VALUE', `Invalid value for ${field}: ${value}.`, where(field));
};
const required = (field: string, value: unknown, where: (f: string) => Obj) => {
  if (value === undefined || value === '' || value === null)
    throw invalid('fieldError', 'REQUIRED', `The required field was not present: ${field}.`, where(field));
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
  ['manualCpc', 'MANUAL_CPC'],
  ['targetSpend', 'TARGET_SPEND'],
  ['maximizeConversions', 'MAXIMIZE_CONVERSIONS'],
  ['maximizeConversionValue', 'MAXIMIZE_CONVERSION_VALUE'],
  ['targetCpa', 'TARGET_CPA'],
  ['targetRoas', 'TARGET_ROAS'],
  ['targetImpressionShare', 'TARGET_IMPRESSION_SHARE'],
];
/** The schemes of a portfolio bidding strategy (a oneof) and the type each stands for. */
const PORTFOLIO_SCHEMES: [string, string][] = [
  ['targetCpa', 'TARGET_CPA'],
  ['targetRoas', 'TARGET_ROAS'],
  ['maximizeConversions', 'MAXIMIZE_CONVERSIONS'],
  ['maximizeConversionValue', 'MAXIMIZE_CONVERSION_VALUE'],
  ['targetImpressionShare', 'TARGET_IMPRESSION_SHARE'],
  ['targetSpend', 'TARGET_SPEND'],
];
const BIDDING_PATHS = [
  'manualCpc',
  'manualCpc.enhancedCpcEnabled',
  'targetSpend',
  'maximizeConversions',
  'maximizeConversions.targetCpaMicros',
  'maximizeConversionValue',
  'maximizeConversionValue.targetRoas',
  'targetCpa.targetCpaMicros',
  'targetRoas.targetRoas',
  'targetImpressionShare',
  'targetImpressionShare.location',
  'targetImpressionShare.locationFractionMicros',
];
/** Portfolio strategy types each channel can use (Performance Max and video take none). */
const PORTFOLIO_BY_CHANNEL: Record<string, string[]> = {
  SEARCH: ['TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_IMPRESSION_SHARE', 'TARGET_SPEND'],
  DISPLAY: ['TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_SPEND'],
  SHOPPING: ['TARGET_ROAS', 'TARGET_SPEND'],
  PERFORMANCE_MAX: [],
  VIDEO: [],
};
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const MINUTES: Record<string, number> = { ZERO: 0, FIFTEEN: 15, THIRTY: 30, FORTY_FIVE: 45 };
const DEVICE_IDS: Record<string, string> = { DESKTOP: '30000', MOBILE: '30001', TABLET: '30002', CONNECTED_TV: '30004' };
const checkModifier = (value: unknown, min: number, where: (f: string) => Obj) => {
  if (value === undefined) return;
  const m = Number(value);
  if (!Number.isFinite(m) || (m !== 0 && (m < 0.1 || m > 10)) || (m === 0 && min > 0))
    throw invalid('criterionError', 'INVALID_BID_MODIFIER', `The bid modifier ${value} is out of range.`, where('bid_modifier'));
};
/** A link of a label to one entity: `<collection>/<entity key>~<label id>`. */
const labelLink = (
  field: string,
  collection: keyof FakeCustomer,
  resource: string,
  onCreate?: (c: FakeCustomer, link: Obj, add: boolean) => void,
): MutableSpec => ({
  list: resource as keyof FakeCustomer,
  create: [field, 'label'],
  build(c, create, where) {
    const entity = refOf(c, collection, create[field], field, where);
    const label = refOf(c, 'labels', create.label, 'label', where);
    if (entity.status === 'REMOVED')
      throw invalid('labelError', 'CANNOT_APPLY_LABEL_TO_REMOVED_ENTITY', 'A removed entity cannot be labelled.', where(field));
    return {
      resourceName: `customers/${c.id}/${resource}/${String(entity.resourceName).split('/').at(-1)}~${label.id}`,
      [field]: entity.resourceName,
      label: label.resourceName,
    };
  },
  validate() {},
  remove(c, target, list) {
    removeFrom(c, target, list);
    onCreate?.(c, target, false);
  },
  created: onCreate ? (c, link) => onCreate(c, link, true) : undefined,
});
const BIDDING_BY_CHANNEL: Record<string, string[]> = {
  SEARCH: [
    'MANUAL_CPC',
    'TARGET_SPEND',
    'MAXIMIZE_CONVERSIONS',
    'MAXIMIZE_CONVERSION_VALUE',
    'TARGET_CPA',
    'TARGET_ROAS',
    'TARGET_IMPRESSION_SHARE',
  ],
  DISPLAY: ['MANUAL_CPC', 'TARGET_SPEND', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS'],
  SHOPPING: ['MANUAL_CPC', 'TARGET_SPEND', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_ROAS'],
  PERFORMANCE_MAX: ['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'],
  VIDEO: ['MAXIMIZE_CONVERSIONS', 'TARGET_CPA', 'MANUAL_CPC'],
  DEMAND_GEN: ['TARGET_SPEND', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS'],
  MULTI_CHANNEL: ['TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CONVERSIONS'],
};
const APP_SUB_TYPES = ['APP_CAMPAIGN', 'APP_CAMPAIGN_FOR_ENGAGEMENT', 'APP_CAMPAIGN_FOR_PRE_REGISTRATION'];
const APP_GOALS = [
  'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST',
  'OPTIMIZE_IN_APP_CONVERSIONS_TARGET_INSTALL_COST',
  'OPTIMIZE_IN_APP_CONVERSIONS_TARGET_CONVERSION_COST',
  'OPTIMIZE_RETURN_ON_ADVERTISING_SPEND',
  'OPTIMIZE_PRE_REGISTRATION_CONVERSION_VOLUME',
  'OPTIMIZE_INSTALLS_WITHOUT_TARGET_INSTALL_COST',
];
/** The image slots of Demand Gen multi-asset ads and the shape each takes (1 % tolerance on the ratio). */
const IMAGE_SLOTS: Record<string, { ratio: number; minWidth: number; minHeight: number }> = {
  marketingImages: { ratio: 1.91, minWidth: 600, minHeight: 314 },
  squareMarketingImages: { ratio: 1, minWidth: 300, minHeight: 300 },
  logoImages: { ratio: 1, minWidth: 128, minHeight: 128 },
};
const texts = (list: unknown, field: string, min: number, max: number, length: number, where: (f: string) => Obj) => {
  const items = Array.isArray(list) ? list : [];
  if (items.length < min || items.length > max)
    throw invalid('adError', 'TOO_MANY_OR_TOO_FEW_ASSETS', `${field} takes ${min}-${max} items.`, where(field));
  for (const item of items)
    if (!item?.text || String(item.text).length > length)
      throw invalid('stringLengthError', 'TOO_LONG', `An item of ${field} is empty or longer than ${length}.`, where(field));
};
/** Asset links of an ad (`[{ asset }]`): each an asset of the customer of that type (images in their slot's shape). */
const assetLinks = (c: FakeCustomer, list: unknown, field: string, type: string, min: number, max: number, where: (f: string) => Obj) => {
  const items = Array.isArray(list) ? list : [];
  if (items.length < min || items.length > max)
    throw invalid('adError', 'TOO_MANY_OR_TOO_FEW_ASSETS', `${field} takes ${min}-${max} assets.`, where(field));
  for (const item of items) {
    const asset = c.assets.find((a) => a.resourceName === item?.asset);
    if (!asset) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${item?.asset}.`, where(field));
    if (asset.type !== type)
      throw invalid('assetLinkError', 'INVALID_ASSET_TYPE', `An asset of type ${asset.type} cannot be used in ${field}.`, where(field));
    const slot = IMAGE_SLOTS[field];
    const size = asset.imageAsset?.fullSize;
    if (
      slot &&
      size &&
      (Math.abs(size.widthPixels / size.heightPixels - slot.ratio) > slot.ratio * 0.01 ||
        size.widthPixels < slot.minWidth ||
        size.heightPixels < slot.minHeight)
    ) {
      throw invalid('mediaUploadError', 'ASPECT_RATIO_NOT_ALLOWED', `The image ${asset.resourceName} does not fit ${field}.`, where(field));
    }
  }
};
const KEYWORD_FORBIDDEN = /[!@%^*()={};~`<>?\\|]/;
/** The platform's keyword policy: at most 80 characters and 10 words, no forbidden symbols. */
const checkKeyword = (keyword: Obj | undefined, where: (f: string) => Obj) => {
  const text = String(keyword?.text ?? '');
  required('keyword.text', keyword?.text, where);
  ENUM('keyword.match_type', keyword?.matchType, ['EXACT', 'PHRASE', 'BROAD'], where);
  if (text.length > 80) throw invalid('criterionError', 'KEYWORD_TEXT_TOO_LONG', 'Keyword text is too long.', where('keyword.text'));
  if (text.trim().split(/\s+/).length > 10)
    throw invalid('criterionError', 'KEYWORD_HAS_TOO_MANY_WORDS', 'Keyword has too many words.', where('keyword.text'));
  if (KEYWORD_FORBIDDEN.test(text))
    throw invalid('criterionError', 'KEYWORD_HAS_INVALID_CHARS', 'Keyword text has invalid characters or symbols.', where('keyword.text'));
};
const checkBid = (micros: unknown, where: (f: string) => Obj) => {
  if (micros === undefined) return;
  if (!Number.isInteger(Number(micros)) || Number(micros) <= 0)
    throw invalid('biddingError', 'BID_TOO_SMALL', 'Bid is below the minimum.', where('cpc_bid_micros'));
  if (Number(micros) % 10_000 !== 0)
    throw invalid(
      'biddingError',
      'BID_TOO_MANY_FRACTIONAL_DIGITS',
      'Bid has too many fractional digit precision.',
      where('cpc_bid_micros'),
    );
};
const RSA_LIMITS = { headlines: [3, 15, 30], descriptions: [2, 4, 90] } as const;
const checkResponsiveSearchAd = (rsa: Obj | undefined, where: (f: string) => Obj) => {
  if (!rsa) return;
  for (const [field, [min, max, length]] of Object.entries(RSA_LIMITS)) {
    const list: Obj[] = rsa[field] ?? [];
    if (list.length < min)
      throw invalid(
        'adError',
        field === 'headlines' ? 'TOO_FEW_HEADLINES' : 'TOO_FEW_DESCRIPTIONS',
        `Too few ${field}.`,
        where(`responsive_search_ad.${field}`),
      );
    if (list.length > max)
      throw invalid(
        'adError',
        field === 'headlines' ? 'TOO_MANY_HEADLINES' : 'TOO_MANY_DESCRIPTIONS',
        `Too many ${field}.`,
        where(`responsive_search_ad.${field}`),
      );
    for (const item of list)
      if (!item.text || String(item.text).length > length)
        throw invalid(
          'stringLengthError',
          'TOO_LONG',
          `A ${field.slice(0, -1)} is too long (max ${length}).`,
          where(`responsive_search_ad.${field}`),
        );
  }
  for (const path of ['path1', 'path2'])
    if (rsa[path] !== undefined && String(rsa[path]).length > 15)
      throw invalid('stringLengthError', 'TOO_LONG', `${path} is too long (max 15).`, where(`responsive_search_ad.${path}`));
};
/** The platform's responsive display ad rules: counts and lengths of texts, image slots (type, aspect ratio, minimum size, totals), colours. */
const checkResponsiveDisplayAd = (c: FakeCustomer, rda: Obj, where: (f: string) => Obj) => {
  const texts: [string, number, number, number][] = [
    ['headlines', 1, 5, 30],
    ['descriptions', 1, 5, 90],
  ];
  for (const [field, min, max, length] of texts) {
    const list: Obj[] = rda[field] ?? [];
    if (list.length < min || list.length > max)
      throw invalid(
        'adError',
        field === 'headlines' ? 'TOO_MANY_HEADLINES' : 'TOO_MANY_DESCRIPTIONS',
        `${field}: ${min}-${max} are needed.`,
        where(`responsive_display_ad.${field}`),
      );
    for (const item of list)
      if (!item.text || String(item.text).length > length)
        throw invalid('stringLengthError', 'TOO_LONG', `Too long (max ${length}).`, where(`responsive_display_ad.${field}`));
  }
  required('responsive_display_ad.long_headline', rda.longHeadline?.text, where);
  if (String(rda.longHeadline.text).length > 90)
    throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 90).', where('responsive_display_ad.long_headline'));
  required('responsive_display_ad.business_name', rda.businessName, where);
  if (String(rda.businessName).length > 25)
    throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 25).', where('responsive_display_ad.business_name'));
  if (rda.callToActionText !== undefined && String(rda.callToActionText).length > 30)
    throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 30).', where('responsive_display_ad.call_to_action_text'));
  if (Boolean(rda.mainColor) !== Boolean(rda.accentColor))
    throw invalid('adError', 'MISSING_COLOR', 'Both main and accent colour, or neither.', where('responsive_display_ad.main_color'));
  for (const color of [rda.mainColor, rda.accentColor])
    if (color !== undefined && !/^#[0-9a-f]{6}$/i.test(color))
      throw invalid('adError', 'INVALID_COLOR', 'Colours are #RRGGBB.', where('responsive_display_ad.main_color'));
  const slots: [string, number, number, number, number][] = [
    ['marketingImages', 1.91, 600, 314, 1],
    ['squareMarketingImages', 1, 300, 300, 1],
    ['logoImages', 4, 512, 128, 0],
    ['squareLogoImages', 1, 128, 128, 0],
  ];
  for (const [slot, ratio, minW, minH, min] of slots) {
    const list: Obj[] = rda[slot] ?? [];
    if (list.length < min)
      throw invalid('adError', 'MISSING_MARKETING_IMAGE', `At least ${min} ${slot} required.`, where(`responsive_display_ad.${slot}`));
    for (const image of list) {
      const asset = c.assets.find((a) => a.resourceName === image.asset);
      if (!asset || asset.type !== 'IMAGE')
        throw invalid(
          'mediaBundleError',
          'INVALID_MEDIA',
          `Asset ${image.asset} is not an image asset.`,
          where(`responsive_display_ad.${slot}`),
        );
      const { widthPixels: w, heightPixels: h } = asset.imageAsset.fullSize;
      if (Math.abs(w / h - ratio) > ratio * 0.01 || w < minW || h < minH)
        throw invalid(
          'imageError',
          'ASPECT_RATIO_NOT_ALLOWED',
          `Image ${asset.id} (${w}x${h}) does not fit ${slot}.`,
          where(`responsive_display_ad.${slot}`),
        );
    }
  }
  if ((rda.marketingImages?.length ?? 0) + (rda.squareMarketingImages?.length ?? 0) > 15)
    throw invalid('adError', 'TOO_MANY_MARKETING_IMAGES', 'At most 15 marketing images.', where('responsive_display_ad.marketing_images'));
  const videos: Obj[] = rda.youtubeVideos ?? [];
  if (videos.length > 5)
    throw invalid('adError', 'TOO_MANY_YOUTUBE_VIDEOS', 'At most 5 videos.', where('responsive_display_ad.youtube_videos'));
  for (const video of videos) {
    if (!c.assets.some((a) => a.resourceName === video.asset && a.type === 'YOUTUBE_VIDEO'))
      throw invalid(
        'mediaBundleError',
        'INVALID_MEDIA',
        `Asset ${video.asset} is not a video asset.`,
        where('responsive_display_ad.youtube_videos'),
      );
  }
  if ((rda.logoImages?.length ?? 0) + (rda.squareLogoImages?.length ?? 0) > 5)
    throw invalid('adError', 'TOO_MANY_LOGO_IMAGES', 'At most 5 logos.', where('responsive_display_ad.logo_images'));
};
/** Frequency caps: display and video campaigns only, known enums, a positive cap, one cap per key. */
const checkFrequencyCaps = (campaign: Obj, where: (f: string) => Obj) => {
  if (!['DISPLAY', 'VIDEO'].includes(campaign.advertisingChannelType))
    throw invalid(
      'campaignError',
      'FREQUENCY_CAP_NOT_SUPPORTED',
      `Frequency caps are not supported for ${campaign.advertisingChannelType} campaigns.`,
      where('frequency_caps'),
    );
  const keys = new Set<string>();
  for (const f of campaign.frequencyCaps ?? []) {
    ENUM('frequency_caps.key.level', f.key?.level, ['CAMPAIGN', 'AD_GROUP', 'AD_GROUP_AD'], where);
    ENUM('frequency_caps.key.event_type', f.key?.eventType, ['IMPRESSION', 'VIDEO_VIEW'], where);
    ENUM('frequency_caps.key.time_unit', f.key?.timeUnit, ['DAY', 'WEEK', 'MONTH'], where);
    if (!Number.isInteger(Number(f.cap)) || Number(f.cap) < 1)
      throw invalid('frequencyCapError', 'CAP_MUST_BE_POSITIVE', 'A frequency cap must be positive.', where('frequency_caps.cap'));
    const key = JSON.stringify(f.key);
    if (keys.has(key))
      throw invalid('frequencyCapError', 'DUPLICATE_FREQUENCY_CAP', 'Two frequency caps have the same key.', where('frequency_caps'));
    keys.add(key);
  }
};
/** Removed criteria and ads stay readable with status REMOVED, as on the platform. */
const markRemoved = (_c: FakeCustomer, target: Obj) => {
  target.status = 'REMOVED';
};

const MUTABLE: Record<string, MutableSpec> = {
  ...(AUDIENCE_MUTABLE as unknown as Record<string, MutableSpec>),
  campaigns: {
    list: 'campaigns',
    update: [
      'name',
      'status',
      'networkSettings.targetGoogleSearch',
      'networkSettings.targetSearchNetwork',
      'networkSettings.targetContentNetwork',
      'networkSettings.targetPartnerSearchNetwork',
      'networkSettings.targetYoutube',
      'networkSettings.targetGoogleTvNetwork',
      'targetingSetting.targetRestrictions',
      'aiMaxSetting.enableAiMax',
      'trackingUrlTemplate',
      'finalUrlSuffix',
      'urlCustomParameters',
      'startDateTime',
      'endDateTime',
      'campaignBudget',
      'biddingStrategy',
      'frequencyCaps',
      ...BIDDING_PATHS,
    ],
    create: [
      'name',
      'status',
      'advertisingChannelType',
      'campaignBudget',
      'containsEuPoliticalAdvertising',
      'startDateTime',
      'endDateTime',
      'finalUrlSuffix',
      ...BIDDING_PATHS,
      'advertisingChannelSubType',
      'shoppingSetting.merchantId',
      'shoppingSetting.feedLabel',
      'shoppingSetting.campaignPriority',
      'shoppingSetting.enableLocal',
      'appCampaignSetting.appId',
      'appCampaignSetting.appStore',
      'appCampaignSetting.biddingStrategyGoalType',
      'networkSettings.targetGoogleSearch',
      'networkSettings.targetSearchNetwork',
      'networkSettings.targetContentNetwork',
      'networkSettings.targetPartnerSearchNetwork',
      'networkSettings.targetYoutube',
      'networkSettings.targetGoogleTvNetwork',
    ],
    build(c, create, where) {
      ENUM(
        'advertising_channel_type',
        create.advertisingChannelType,
        ['SEARCH', 'DISPLAY', 'SHOPPING', 'VIDEO', 'PERFORMANCE_MAX', 'DEMAND_GEN', 'MULTI_CHANNEL'],
        where,
      );
      const shopping = create.shoppingSetting;
      if (shopping !== undefined && create.advertisingChannelType !== 'SHOPPING')
        throw invalid(
          'campaignError',
          'SHOPPING_SETTING_NOT_ALLOWED',
          'Only Shopping campaigns take a shopping setting.',
          where('shopping_setting'),
        );
      if (create.advertisingChannelType === 'SHOPPING') {
        required('shopping_setting.merchant_id', shopping?.merchantId, where);
        if (!c.productLinks.some((l) => String(l.merchantCenter?.merchantCenterId) === String(shopping.merchantId))) {
          throw invalid(
            'campaignError',
            'MERCHANT_NOT_ALLOWED_FOR_SHOPPING_CAMPAIGN',
            `Merchant Center ${shopping.merchantId} is not linked to the customer.`,
            where('shopping_setting.merchant_id'),
          );
        }
        const priority = Number(shopping.campaignPriority ?? 0);
        if (!Number.isInteger(priority) || priority < 0 || priority > 2)
          throw invalid(
            'campaignError',
            'INVALID_CAMPAIGN_PRIORITY',
            'The campaign priority is 0, 1 or 2.',
            where('shopping_setting.campaign_priority'),
          );
      }
      const app = create.appCampaignSetting;
      if ((app !== undefined || create.advertisingChannelSubType !== undefined) && create.advertisingChannelType !== 'MULTI_CHANNEL')
        throw invalid(
          'campaignError',
          'APP_CAMPAIGN_SETTING_NOT_ALLOWED',
          'Only App campaigns take an app campaign setting.',
          where('app_campaign_setting'),
        );
      if (create.advertisingChannelType === 'MULTI_CHANNEL') {
        ENUM('advertising_channel_sub_type', create.advertisingChannelSubType, APP_SUB_TYPES, where);
        required('app_campaign_setting.app_id', app?.appId, where);
        ENUM('app_campaign_setting.app_store', app.appStore, ['GOOGLE_APP_STORE', 'APPLE_APP_STORE'], where);
        ENUM('app_campaign_setting.bidding_strategy_goal_type', app.biddingStrategyGoalType, APP_GOALS, where);
        if (create.advertisingChannelSubType === 'APP_CAMPAIGN_FOR_PRE_REGISTRATION' && app.appStore !== 'GOOGLE_APP_STORE')
          throw invalid('campaignError', 'APP_NOT_FOUND', 'Pre-registration is for Android apps.', where('app_campaign_setting.app_store'));
      }
      refOf(c, 'budgets', create.campaignBudget, 'campaign_budget', where);
      ENUM(
        'contains_eu_political_advertising',
        create.containsEuPoliticalAdvertising,
        ['CONTAINS_EU_POLITICAL_ADVERTISING', 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING'],
        where,
      );
      const id = newId(11);
      return {
        urlCustomParameters: [],
        labels: [],
        frequencyCaps: [],
        startDateTime: `${today()} 00:00:00`,
        networkSettings: {},
        ...structuredClone(create),
        id,
        resourceName: `customers/${c.id}/campaigns/${id}`,
      };
    },
    validate(c, campaign, where, before) {
      // Exactly one bidding strategy: the one set last replaces the others (a oneof on the platform,
      // with the portfolio `bidding_strategy` as one of its members).
      const set = BIDDING_STRATEGIES.filter(
        ([field]) => campaign[field] !== undefined && (!before || JSON.stringify(campaign[field]) !== JSON.stringify(before[field])),
      );
      const portfolioSet = campaign.biddingStrategy !== undefined && campaign.biddingStrategy !== before?.biddingStrategy;
      if (portfolioSet && set.length)
        throw invalid('mutateError', 'INVALID_OPERATION', 'Only one bidding strategy may be set.', where('campaign_bidding_strategy'));
      if (campaign.biddingStrategy !== undefined && !set.length) {
        const portfolio = refOf(c, 'biddingStrategies', campaign.biddingStrategy, 'bidding_strategy', where);
        if (portfolio.status === 'REMOVED')
          throw invalid('biddingStrategyError', 'BIDDING_STRATEGY_REMOVED', 'The bidding strategy was removed.', where('bidding_strategy'));
        if (!PORTFOLIO_BY_CHANNEL[campaign.advertisingChannelType]?.includes(portfolio.type)) {
          throw invalid(
            'biddingStrategyError',
            'BIDDING_STRATEGY_NOT_SUPPORTED',
            `A ${portfolio.type} portfolio strategy is not supported for ${campaign.advertisingChannelType} campaigns.`,
            where('bidding_strategy'),
          );
        }
        for (const [field] of BIDDING_STRATEGIES) campaign[field] = undefined;
        campaign.biddingStrategyType = portfolio.type;
      } else {
        const strategy = set[0] ?? BIDDING_STRATEGIES.find(([field]) => campaign[field] !== undefined);
        if (!strategy)
          throw invalid('biddingError', 'BIDDING_STRATEGY_REQUIRED', 'A bidding strategy must be set.', where('campaign_bidding_strategy'));
        if (set.length > 1)
          throw invalid('mutateError', 'INVALID_OPERATION', 'Only one bidding strategy may be set.', where('campaign_bidding_strategy'));
        for (const [field] of BIDDING_STRATEGIES) if (field !== strategy[0]) campaign[field] = undefined;
        campaign.biddingStrategy = undefined;
        campaign.biddingStrategyType = strategy[1];
        if (!BIDDING_BY_CHANNEL[campaign.advertisingChannelType]?.includes(strategy[1])) {
          throw invalid(
            'biddingError',
            'BIDDING_STRATEGY_NOT_SUPPORTED_WITH_AD_SCHEDULE',
            `${strategy[1]} is not supported for ${campaign.advertisingChannelType} campaigns.`,
            where('campaign_bidding_strategy'),
          );
        }
      }
      if (campaign.campaignBudget !== before?.campaignBudget) {
        const budget = refOf(c, 'budgets', campaign.campaignBudget, 'campaign_budget', where);
        if (budget.status === 'REMOVED')
          throw invalid(
            'campaignBudgetError',
            'CAMPAIGN_BUDGET_REMOVED',
            'The requested campaign budget no longer exists.',
            where('campaign_budget'),
          );
        if (budget.explicitlyShared && campaign.advertisingChannelType === 'PERFORMANCE_MAX') {
          throw invalid(
            'campaignBudgetError',
            'CAMPAIGN_BUDGET_CANNOT_BE_SHARED',
            'A Performance Max campaign cannot use a shared budget.',
            where('campaign_budget'),
          );
        }
        if (
          !budget.explicitlyShared &&
          c.campaigns.some((x) => x.resourceName !== campaign.resourceName && x.campaignBudget === budget.resourceName)
        ) {
          throw invalid(
            'campaignBudgetError',
            'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS',
            'Only explicitly shared campaign budgets can be used with multiple campaigns.',
            where('campaign_budget'),
          );
        }
      }
      const cpa = campaign.maximizeConversions?.targetCpaMicros;
      if (cpa !== undefined && (Number(cpa) <= 0 || Number(cpa) % 10_000 !== 0))
        throw invalid('biddingError', 'INVALID_TARGET_CPA', 'The target CPA is invalid.', where('maximize_conversions.target_cpa_micros'));
      required('name', campaign.name, where);
      ENUM('status', campaign.status, ['ENABLED', 'PAUSED', 'REMOVED'], where);
      if (before?.status === 'REMOVED')
        throw invalid('campaignError', 'CANNOT_MODIFY_REMOVED_CAMPAIGN', 'Cannot modify a removed campaign.', where('status'));
      if (
        c.campaigns.some(
          (x) => x !== before && x.resourceName !== campaign.resourceName && x.status !== 'REMOVED' && x.name === campaign.name,
        )
      ) {
        throw invalid('campaignError', 'DUPLICATE_CAMPAIGN_NAME', 'A campaign with this name already exists.', where('name'));
      }
      for (const field of ['startDateTime', 'endDateTime']) {
        if (campaign[field] !== undefined && !DATE_TIME.test(campaign[field]))
          throw invalid(
            'dateError',
            'INVALID_STRING_DATE_TIME_SECONDS',
            `The string date time's format should be yyyy-mm-dd hh:mm:ss (${field}).`,
            where(field),
          );
      }
      if (before && campaign.startDateTime !== before.startDateTime && before.startDateTime.slice(0, 10) <= today()) {
        throw invalid(
          'campaignError',
          'CANNOT_MODIFY_START_DATE_IF_ALREADY_STARTED',
          'Cannot modify the start date of a campaign that has already started.',
          where('start_date_time'),
        );
      }
      if (campaign.endDateTime && campaign.endDateTime.slice(0, 10) < campaign.startDateTime.slice(0, 10))
        throw invalid(
          'dateError',
          'DATE_RANGE_MINIMUM_DATE_LATER_THAN_MAXIMUM_DATE',
          'Date range bounds are not in order.',
          where('end_date_time'),
        );
      if (before && JSON.stringify(campaign.frequencyCaps ?? []) !== JSON.stringify(before.frequencyCaps ?? []))
        checkFrequencyCaps(campaign, where);
      if (campaign.trackingUrlTemplate !== undefined && !/\{(lpurl|unescapedlpurl|escapedlpurl)/.test(campaign.trackingUrlTemplate)) {
        throw invalid(
          'urlFieldError',
          'MISSING_URL_TAG',
          'The tracking url template must contain a url tag such as {lpurl}.',
          where('tracking_url_template'),
        );
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
      if (c.budgets.some((b) => b.name === create.name))
        throw invalid('campaignBudgetError', 'DUPLICATE_NAME', 'A budget with this name already exists.', where('name'));
      const id = newId(10);
      return {
        id,
        resourceName: `customers/${c.id}/campaignBudgets/${id}`,
        explicitlyShared: false,
        deliveryMethod: 'STANDARD',
        status: 'ENABLED',
        ...create,
      };
    },
    validate(_c, budget, where) {
      required('amount_micros', budget.amountMicros, where);
      const micros = Number(budget.amountMicros);
      if (!Number.isInteger(micros) || micros <= 0)
        throw invalid('campaignBudgetError', 'MONEY_AMOUNT_TOO_SMALL', 'The budget amount is too small.', where('amount_micros'));
      if (micros % 10_000 !== 0)
        throw invalid(
          'campaignBudgetError',
          'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
          'The budget amount is not a multiple of the minimum currency unit.',
          where('amount_micros'),
        );
    },
    remove: removeFrom,
  },
  adGroups: {
    list: 'adGroups',
    update: [
      'name',
      'status',
      'cpcBidMicros',
      'demandGenAdGroupSettings.channelControls.channelStrategy',
      ...DEMAND_GEN_CHANNEL_KEYS.map((k) => `demandGenAdGroupSettings.channelControls.selectedChannels.${k}`),
    ],
    create: [
      'campaign',
      'name',
      'status',
      'type',
      'cpcBidMicros',
      'demandGenAdGroupSettings.channelControls.channelStrategy',
      ...DEMAND_GEN_CHANNEL_KEYS.map((k) => `demandGenAdGroupSettings.channelControls.selectedChannels.${k}`),
    ],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      const untyped = ['DEMAND_GEN', 'MULTI_CHANNEL'].includes(campaign.advertisingChannelType);
      if (untyped && create.type !== undefined)
        throw invalid(
          'adGroupError',
          'AD_GROUP_TYPE_NOT_VALID_FOR_ADVERTISING_CHANNEL_TYPE',
          `Ad groups of ${campaign.advertisingChannelType} campaigns have no type.`,
          where('type'),
        );
      if (!untyped) ENUM('type', create.type, ['SEARCH_STANDARD', 'DISPLAY_STANDARD', 'SHOPPING_PRODUCT_ADS', 'VIDEO_RESPONSIVE'], where);
      if (create.type === 'SHOPPING_PRODUCT_ADS' && campaign.advertisingChannelType !== 'SHOPPING')
        throw invalid(
          'adGroupError',
          'AD_GROUP_TYPE_NOT_VALID_FOR_ADVERTISING_CHANNEL_TYPE',
          'SHOPPING_PRODUCT_ADS ad groups belong to Shopping campaigns.',
          where('type'),
        );
      if (create.demandGenAdGroupSettings !== undefined && campaign.advertisingChannelType !== 'DEMAND_GEN')
        throw invalid(
          'adGroupError',
          'INVALID_DEMAND_GEN_AD_GROUP_SETTINGS',
          'Only Demand Gen ad groups have channel controls.',
          where('demand_gen_ad_group_settings'),
        );
      const id = newId(11);
      return {
        id,
        resourceName: `customers/${c.id}/adGroups/${id}`,
        ...(untyped ? { type: 'UNSPECIFIED' } : {}),
        ...structuredClone(create),
      };
    },
    validate(c, group, where, before) {
      const controls = group.demandGenAdGroupSettings?.channelControls;
      if (controls) {
        // A oneof: the member this request set replaces the other.
        if (controls.channelStrategy !== undefined && controls.selectedChannels !== undefined) {
          const changedSelection =
            JSON.stringify(controls.selectedChannels) !==
            JSON.stringify(before?.demandGenAdGroupSettings?.channelControls?.selectedChannels);
          if (changedSelection) delete controls.channelStrategy;
          else delete controls.selectedChannels;
        }
        if (controls.channelStrategy !== undefined)
          ENUM(
            'demand_gen_ad_group_settings.channel_controls.channel_strategy',
            controls.channelStrategy,
            ['ALL_CHANNELS', 'ALL_OWNED_AND_OPERATED_CHANNELS'],
            where,
          );
        if (controls.selectedChannels !== undefined && !Object.values(controls.selectedChannels).some(Boolean)) {
          throw invalid(
            'adGroupError',
            'INVALID_DEMAND_GEN_CHANNEL_CONTROLS',
            'Selected channels need at least one channel on.',
            where('demand_gen_ad_group_settings.channel_controls.selected_channels'),
          );
        }
      }
      if (before?.status === 'REMOVED')
        throw invalid('adGroupError', 'CANNOT_MODIFY_REMOVED_AD_GROUP', 'A removed ad group cannot be changed.', where('status'));
      required('name', group.name, where);
      ENUM('status', group.status, ['ENABLED', 'PAUSED', 'REMOVED'], where);
      checkBid(group.cpcBidMicros, where);
      if (
        c.adGroups.some(
          (g) =>
            g !== before &&
            g.resourceName !== group.resourceName &&
            g.campaign === group.campaign &&
            g.status !== 'REMOVED' &&
            g.name === group.name,
        )
      ) {
        throw invalid(
          'adGroupError',
          'DUPLICATE_ADGROUP_NAME',
          'An ad group with this name already exists in the campaign.',
          where('name'),
        );
      }
    },
    remove: removeFrom,
  },
  adGroupCriteria: {
    list: 'adGroupCriteria',
    create: [
      'adGroup',
      'status',
      'negative',
      'cpcBidMicros',
      'keyword.text',
      'keyword.matchType',
      'userInterest.userInterestCategory',
      'customAudience.customAudience',
      'userList.userList',
      'placement.url',
      'mobileApplication.appId',
      'youtubeChannel.channelId',
      'youtubeVideo.videoId',
      'topic.topicConstant',
      'ageRange.type',
      'gender.type',
      'parentalStatus.type',
      'incomeRange.type',
    ],
    update: ['status', 'cpcBidMicros'],
    build(c, create, where) {
      const group = refOf(c, 'adGroups', create.adGroup, 'ad_group', where);
      if (create.keyword !== undefined) {
        checkKeyword(create.keyword, where);
        if (create.negative && create.cpcBidMicros !== undefined)
          throw invalid(
            'criterionError',
            'CANNOT_BID_ON_NEGATIVE_CRITERION',
            'Negative criteria cannot have bids.',
            where('cpc_bid_micros'),
          );
        checkBid(create.cpcBidMicros, where);
        const same = (x: Obj) =>
          x.adGroup === group.resourceName &&
          x.type === 'KEYWORD' &&
          x.status !== 'REMOVED' &&
          Boolean(x.negative) === Boolean(create.negative) &&
          x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() &&
          x.keyword.matchType === create.keyword.matchType;
        if (c.adGroupCriteria.some(same))
          throw invalid(
            'adGroupCriterionError',
            'AD_GROUP_CRITERION_ALREADY_EXISTS',
            'The criterion already exists in the ad group.',
            where('keyword'),
          );
        // The platform numbers a keyword by its text and match type: the same keyword has the same criterion id in every ad group.
        const id = String(
          10_000_000_000 +
            (parseInt(
              createHash('sha256').update(`${create.keyword.text.toLowerCase()}|${create.keyword.matchType}`).digest('hex').slice(0, 8),
              16,
            ) %
              89_999_999_999),
        );
        return {
          resourceName: `customers/${c.id}/adGroupCriteria/${group.id}~${id}`,
          criterionId: id,
          type: 'KEYWORD',
          status: create.negative ? 'ENABLED' : (create.status ?? 'ENABLED'),
          negative: Boolean(create.negative),
          adGroup: group.resourceName,
          keyword: { text: create.keyword.text, matchType: create.keyword.matchType },
          ...(create.cpcBidMicros !== undefined ? { cpcBidMicros: String(create.cpcBidMicros) } : {}),
        };
      }
      const kinds = [
        [
          'userInterest',
          'USER_INTEREST',
          create.userInterest?.userInterestCategory,
          (rn: string) => USER_INTERESTS.some((u) => rn === `customers/${c.id}/userInterests/${u.userInterestId}`),
        ],
        [
          'customAudience',
          'CUSTOM_AUDIENCE',
          create.customAudience?.customAudience,
          (rn: string) => c.customAudiences.some((x) => x.resourceName === rn),
        ],
        ['userList', 'USER_LIST', create.userList?.userList, (rn: string) => c.userLists.some((x) => x.resourceName === rn)],
        ['placement', 'PLACEMENT', create.placement?.url, (url: string) => /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(\/\S*)?$/i.test(url)],
        ['mobileApplication', 'MOBILE_APPLICATION', create.mobileApplication?.appId, (id: string) => /^(1-\d+|2-[\w.]+)$/.test(id)],
        ['youtubeChannel', 'YOUTUBE_CHANNEL', create.youtubeChannel?.channelId, (id: string) => /^UC[\w-]{22}$/.test(id)],
        ['youtubeVideo', 'YOUTUBE_VIDEO', create.youtubeVideo?.videoId, (id: string) => /^[\w-]{11}$/.test(id)],
        ['topic', 'TOPIC', create.topic?.topicConstant, (rn: string) => TOPIC_CONSTANTS.some((t) => t.resourceName === rn)],
        ...Object.entries(DEMOGRAPHICS).map(
          ([key, values]) =>
            [key, key.replace(/([A-Z])/g, '_$1').toUpperCase(), create[key]?.type, (value: string) => values.includes(value)] as const,
        ),
      ] as const;
      const given = kinds.filter(([, , value]) => value !== undefined);
      if (given.length !== 1)
        throw invalid('criterionError', 'CRITERION_TYPE_MISMATCH', 'Exactly one criterion must be set.', where('criterion'));
      const [field, type, value, known] = given[0]!;
      if (!known(value))
        throw invalid(
          'criterionError',
          type === 'TOPIC'
            ? 'INVALID_TOPIC_PATH'
            : ['USER_INTEREST', 'CUSTOM_AUDIENCE', 'USER_LIST'].includes(type)
              ? 'INVALID_USER_INTEREST'
              : 'INVALID_PLACEMENT_URL',
          `The criterion ${value} is not valid or not accessible.`,
          where(field),
        );
      if (create.negative && create.cpcBidMicros !== undefined)
        throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
      if (
        c.adGroupCriteria.some(
          (x) =>
            x.adGroup === group.resourceName &&
            x.type === type &&
            x.status !== 'REMOVED' &&
            JSON.stringify(x[field]) === JSON.stringify(create[field]),
        )
      ) {
        throw invalid(
          'adGroupCriterionError',
          'AD_GROUP_CRITERION_ALREADY_EXISTS',
          'The criterion already exists in the ad group.',
          where(field),
        );
      }
      const id = newId(12);
      return {
        resourceName: `customers/${c.id}/adGroupCriteria/${group.id}~${id}`,
        criterionId: id,
        status: create.negative ? 'ENABLED' : (create.status ?? 'ENABLED'),
        negative: Boolean(create.negative),
        adGroup: group.resourceName,
        type,
        [field]: create[field],
      };
    },
    validate(_c, criterion, where, before) {
      if (!before) return;
      if (before.status === 'REMOVED')
        throw invalid('mutateError', 'RESOURCE_NOT_FOUND', 'A removed criterion cannot be changed.', where('status'));
      ENUM('status', criterion.status, ['ENABLED', 'PAUSED'], where);
      if (criterion.negative && criterion.cpcBidMicros !== undefined)
        throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
      checkBid(criterion.cpcBidMicros, where);
    },
    remove(c, target, list) {
      if (target.status === 'REMOVED')
        throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${target.resourceName}.`);
      if (target.type === 'KEYWORD' && !target.negative) markRemoved(c, target);
      else removeFrom(c, target, list);
    },
  },
  campaignCriteria: {
    list: 'campaignCriteria',
    create: [
      'campaign',
      'negative',
      'location.geoTargetConstant',
      'language.languageConstant',
      'keyword.text',
      'keyword.matchType',
      'bidModifier',
      'device.type',
      'adSchedule.dayOfWeek',
      'adSchedule.startHour',
      'adSchedule.startMinute',
      'adSchedule.endHour',
      'adSchedule.endMinute',
    ],
    update: ['bidModifier'],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      const modifier = create.bidModifier !== undefined ? { bidModifier: Number(create.bidModifier) } : {};
      if (create.device) {
        ENUM('device.type', create.device.type, Object.keys(DEVICE_IDS), where);
        const id = DEVICE_IDS[create.device.type]!;
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${id}`,
          criterionId: id,
          campaign: campaign.resourceName,
          type: 'DEVICE',
          negative: false,
          device: { type: create.device.type },
          ...modifier,
        };
      }
      if (create.adSchedule) {
        const a = create.adSchedule;
        ENUM('ad_schedule.day_of_week', a.dayOfWeek, DAYS, where);
        ENUM('ad_schedule.start_minute', a.startMinute, Object.keys(MINUTES), where);
        ENUM('ad_schedule.end_minute', a.endMinute, Object.keys(MINUTES), where);
        if (!Number.isInteger(a.startHour) || a.startHour < 0 || a.startHour > 23)
          throw invalid(
            'criterionError',
            'AD_SCHEDULE_INVALID_START_HOUR',
            'The start hour must be 0-23.',
            where('ad_schedule.start_hour'),
          );
        if (!Number.isInteger(a.endHour) || a.endHour < 0 || a.endHour > 24 || (a.endHour === 24 && a.endMinute !== 'ZERO'))
          throw invalid(
            'criterionError',
            'AD_SCHEDULE_INVALID_END_HOUR',
            'The end hour must be 0-24 (24 with minute ZERO).',
            where('ad_schedule.end_hour'),
          );
        if (a.endHour * 60 + MINUTES[a.endMinute]! <= a.startHour * 60 + MINUTES[a.startMinute]!)
          throw invalid(
            'criterionError',
            'AD_SCHEDULE_END_TIME_BEFORE_START_TIME',
            'The end time must be after the start time.',
            where('ad_schedule'),
          );
        const id = newId(11);
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${id}`,
          criterionId: id,
          campaign: campaign.resourceName,
          type: 'AD_SCHEDULE',
          negative: false,
          adSchedule: { ...a },
          ...modifier,
        };
      }
      if (create.keyword !== undefined) {
        if (!create.negative)
          throw invalid('criterionError', 'CANNOT_ADD_CRITERIA_TYPE', 'Campaigns take keywords only as negatives.', where('negative'));
        checkKeyword(create.keyword, where);
        if (
          c.campaignCriteria.some(
            (x) =>
              x.campaign === campaign.resourceName &&
              x.type === 'KEYWORD' &&
              x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() &&
              x.keyword.matchType === create.keyword.matchType,
          )
        ) {
          throw invalid(
            'campaignCriterionError',
            'CAMPAIGN_CRITERION_ALREADY_EXISTS',
            'The negative keyword already exists on the campaign.',
            where('keyword'),
          );
        }
        const id = newId(11);
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${id}`,
          criterionId: id,
          campaign: campaign.resourceName,
          type: 'KEYWORD',
          negative: true,
          keyword: { text: create.keyword.text, matchType: create.keyword.matchType },
        };
      }
      if (create.location) {
        const geo = GEO_TARGET_CONSTANTS.find((g) => g.resourceName === create.location.geoTargetConstant);
        if (!geo)
          throw invalid(
            'criterionError',
            'INVALID_GEO_TARGET_CONSTANT',
            `Invalid geo target constant: ${create.location.geoTargetConstant}.`,
            where('location.geo_target_constant'),
          );
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${geo.id}`,
          criterionId: geo.id,
          campaign: campaign.resourceName,
          type: 'LOCATION',
          negative: Boolean(create.negative),
          location: { geoTargetConstant: geo.resourceName },
        };
      }
      if (create.language) {
        const language = LANGUAGE_CONSTANTS.find((l) => `languageConstants/${l.id}` === create.language.languageConstant);
        if (!language)
          throw invalid(
            'criterionError',
            'INVALID_LANGUAGE_CONSTANT',
            `Invalid language constant: ${create.language.languageConstant}.`,
            where('language.language_constant'),
          );
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${language.id}`,
          criterionId: language.id,
          campaign: campaign.resourceName,
          type: 'LANGUAGE',
          negative: false,
          language: create.language,
        };
      }
      throw invalid(
        'criterionError',
        'CRITERION_TYPE_MISMATCH',
        'A criterion (location, language or ad schedule) must be set.',
        where('criterion'),
      );
    },
    validate(c, criterion, where) {
      if (criterion.bidModifier === undefined) return;
      if (criterion.negative)
        throw invalid(
          'criterionError',
          'CANNOT_BID_MODIFY_NEGATIVE_CRITERION',
          'Negative criteria cannot have bid modifiers.',
          where('bid_modifier'),
        );
      if (!['DEVICE', 'AD_SCHEDULE', 'LOCATION'].includes(criterion.type))
        throw invalid(
          'criterionError',
          'BID_MODIFIER_NOT_ALLOWED',
          `${criterion.type} criteria take no bid modifier.`,
          where('bid_modifier'),
        );
      checkModifier(criterion.bidModifier, criterion.type === 'DEVICE' ? 0 : 0.1, where);
      const campaign = c.campaigns.find((x) => x.resourceName === criterion.campaign);
      if (campaign?.status === 'REMOVED')
        throw invalid('campaignError', 'CANNOT_MODIFY_REMOVED_CAMPAIGN', 'Cannot modify a removed campaign.', where('campaign'));
      if (campaign?.advertisingChannelType === 'PERFORMANCE_MAX' && criterion.type !== 'AD_SCHEDULE')
        throw invalid(
          'criterionError',
          'BID_MODIFIER_NOT_ALLOWED',
          'Performance Max campaigns take no bid modifiers.',
          where('bid_modifier'),
        );
    },
    checkAll(_c, after) {
      const byCampaign = new Map<string, Obj[]>();
      for (const x of after) byCampaign.set(x.campaign, [...(byCampaign.get(x.campaign) ?? []), x]);
      for (const criteria of byCampaign.values()) {
        const devices = criteria.filter((x) => x.type === 'DEVICE' && ['MOBILE', 'DESKTOP', 'TABLET'].includes(x.device.type));
        if (devices.length === 3 && devices.every((d) => Number(d.bidModifier) === 0))
          throw invalid('campaignCriterionError', 'CANNOT_EXCLUDE_ALL_DEVICES', 'Not every device may be excluded.');
        for (const day of DAYS) {
          const periods = criteria
            .filter((x) => x.type === 'AD_SCHEDULE' && x.adSchedule.dayOfWeek === day)
            .map((x) => x.adSchedule)
            .sort((a, b) => a.startHour * 60 + MINUTES[a.startMinute]! - (b.startHour * 60 + MINUTES[b.startMinute]!));
          if (periods.length > 6)
            throw invalid(
              'criterionError',
              'AD_SCHEDULE_EXCEEDED_INTERVALS_PER_DAY_LIMIT',
              'No more than six ad schedules can be added for the same day.',
            );
          for (let i = 1; i < periods.length; i++) {
            if (
              periods[i].startHour * 60 + MINUTES[periods[i].startMinute]! <
              periods[i - 1].endHour * 60 + MINUTES[periods[i - 1].endMinute]!
            )
              throw invalid('criterionError', 'AD_SCHEDULE_TIME_INTERVALS_OVERLAP', `Ad schedules overlap on ${day}.`);
          }
        }
      }
    },
    remove: removeFrom,
  },
  labels: {
    list: 'labels',
    create: ['name', 'textLabel.backgroundColor', 'textLabel.description'],
    build(c, create, where) {
      required('name', create.name, where);
      if (String(create.name).length > 80) throw invalid('stringLengthError', 'TOO_LONG', 'Too long.', where('name'));
      if (c.labels.some((l) => l.status !== 'REMOVED' && l.name === create.name))
        throw invalid('labelError', 'DUPLICATE_NAME', 'A label with this name already exists.', where('name'));
      if (create.textLabel?.backgroundColor !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(create.textLabel.backgroundColor))
        throw invalid('labelError', 'INVALID_LABEL_COLOR', 'Background color must be #RRGGBB.', where('text_label.background_color'));
      const id = newId(10);
      return {
        id,
        resourceName: `customers/${c.id}/labels/${id}`,
        name: create.name,
        status: 'ENABLED',
        textLabel: { ...(create.textLabel ?? {}) },
      };
    },
    validate() {},
    remove: markRemoved,
  },
  campaignLabels: labelLink('campaign', 'campaigns', 'campaignLabels', (c, link, add) => {
    const campaign = c.campaigns.find((x) => x.resourceName === link.campaign)!;
    campaign.labels = add ? [...campaign.labels, link.label] : campaign.labels.filter((l: string) => l !== link.label);
  }),
  adGroupLabels: labelLink('adGroup', 'adGroups', 'adGroupLabels'),
  adGroupAdLabels: labelLink('adGroupAd', 'ads', 'adGroupAdLabels'),
  adGroupCriterionLabels: labelLink('adGroupCriterion', 'adGroupCriteria', 'adGroupCriterionLabels'),
  biddingStrategies: {
    list: 'biddingStrategies',
    create: [
      'name',
      'targetCpa.targetCpaMicros',
      'targetCpa.cpcBidCeilingMicros',
      'targetCpa.cpcBidFloorMicros',
      'targetRoas.targetRoas',
      'targetRoas.cpcBidCeilingMicros',
      'targetRoas.cpcBidFloorMicros',
      'maximizeConversions.targetCpaMicros',
      'maximizeConversionValue.targetRoas',
      'targetImpressionShare.location',
      'targetImpressionShare.locationFractionMicros',
      'targetImpressionShare.cpcBidCeilingMicros',
      'targetSpend.cpcBidCeilingMicros',
    ],
    build(c, create, where) {
      required('name', create.name, where);
      if (c.biddingStrategies.some((x) => x.status !== 'REMOVED' && x.name === create.name))
        throw invalid('biddingStrategyError', 'DUPLICATE_NAME', 'A bidding strategy with this name already exists.', where('name'));
      const schemes = PORTFOLIO_SCHEMES.filter(([field]) => create[field] !== undefined);
      if (schemes.length !== 1)
        throw invalid('biddingStrategyError', 'BIDDING_STRATEGY_TYPE_MISSING', 'Exactly one bidding scheme must be set.', where('scheme'));
      const [field, type] = schemes[0]!;
      const scheme = create[field];
      for (const [key, value] of Object.entries(scheme)) {
        if (
          /Micros$/.test(key) &&
          key !== 'locationFractionMicros' &&
          (!Number.isInteger(Number(value)) || Number(value) <= 0 || Number(value) % 10_000 !== 0)
        ) {
          throw invalid(
            'biddingError',
            'BID_TOO_MANY_FRACTIONAL_DIGITS',
            `${key} must be a positive multiple of the minimum currency unit.`,
            where(`${field}.${key}`),
          );
        }
      }
      if (type === 'TARGET_CPA') required('target_cpa.target_cpa_micros', scheme.targetCpaMicros, where);
      if (type === 'TARGET_ROAS') required('target_roas.target_roas', scheme.targetRoas, where);
      if (type === 'TARGET_IMPRESSION_SHARE') {
        ENUM('target_impression_share.location', scheme.location, ['ANYWHERE_ON_PAGE', 'TOP_OF_PAGE', 'ABSOLUTE_TOP_OF_PAGE'], where);
        const fraction = Number(scheme.locationFractionMicros);
        if (!Number.isInteger(fraction) || fraction < 1 || fraction > 1_000_000)
          throw invalid(
            'rangeError',
            'TOO_HIGH',
            'location_fraction_micros must be 1-1,000,000.',
            where('target_impression_share.location_fraction_micros'),
          );
        required('target_impression_share.cpc_bid_ceiling_micros', scheme.cpcBidCeilingMicros, where);
      }
      if (
        scheme.cpcBidFloorMicros !== undefined &&
        scheme.cpcBidCeilingMicros !== undefined &&
        Number(scheme.cpcBidFloorMicros) > Number(scheme.cpcBidCeilingMicros)
      ) {
        throw invalid(
          'biddingError',
          'BID_FLOOR_ABOVE_CEILING',
          'The CPC floor is above the ceiling.',
          where(`${field}.cpc_bid_floor_micros`),
        );
      }
      const id = newId(10);
      return {
        id,
        resourceName: `customers/${c.id}/biddingStrategies/${id}`,
        name: create.name,
        type,
        status: 'ENABLED',
        [field]: structuredClone(scheme),
      };
    },
    validate() {},
    remove(c, target) {
      if (c.campaigns.some((x) => x.biddingStrategy === target.resourceName && x.status !== 'REMOVED'))
        throw invalid('biddingStrategyError', 'CANNOT_REMOVE_ASSOCIATED_STRATEGY', 'The strategy is used by campaigns.');
      markRemoved(c, target);
    },
  },
  sharedSets: {
    list: 'sharedSets',
    create: ['name', 'type'],
    update: ['name'],
    build(c, create, where) {
      required('name', create.name, where);
      ENUM('type', create.type, ['NEGATIVE_KEYWORDS', 'NEGATIVE_PLACEMENTS'], where);
      if (c.sharedSets.some((x) => x.status === 'ENABLED' && x.name === create.name))
        throw invalid('sharedSetError', 'DUPLICATE_NAME', 'A shared set with this name already exists.', where('name'));
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
      if (
        c.sharedCriteria.some(
          (x) =>
            x.sharedSet === set.resourceName &&
            x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() &&
            x.keyword.matchType === create.keyword.matchType,
        )
      ) {
        throw invalid('sharedCriterionError', 'CRITERION_ALREADY_EXISTS', 'The keyword is already in the shared set.', where('keyword'));
      }
      const id = newId(11);
      return {
        resourceName: `customers/${c.id}/sharedCriteria/${set.id}~${id}`,
        criterionId: id,
        type: 'KEYWORD',
        sharedSet: set.resourceName,
        keyword: { text: create.keyword.text, matchType: create.keyword.matchType },
      };
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
      return {
        resourceName: `customers/${c.id}/campaignSharedSets/${campaign.id}~${set.id}`,
        campaign: campaign.resourceName,
        sharedSet: set.resourceName,
        status: 'ENABLED',
      };
    },
    validate() {},
    remove: removeFrom,
  },
  adGroupAds: {
    list: 'ads',
    update: ['status'],
    create: [
      'adGroup',
      'status',
      'ad.finalUrls',
      'ad.responsiveSearchAd.headlines',
      'ad.responsiveSearchAd.descriptions',
      'ad.responsiveSearchAd.path1',
      'ad.responsiveSearchAd.path2',
      ...RDA_PATHS.map((p) => `ad.${p}`),
      'ad.shoppingProductAd',
      'ad.appAd.headlines',
      'ad.appAd.descriptions',
      'ad.appAd.images',
      'ad.appAd.youtubeVideos',
      'ad.demandGenMultiAssetAd.headlines',
      'ad.demandGenMultiAssetAd.descriptions',
      'ad.demandGenMultiAssetAd.businessName',
      'ad.demandGenMultiAssetAd.callToActionText',
      'ad.demandGenMultiAssetAd.marketingImages',
      'ad.demandGenMultiAssetAd.squareMarketingImages',
      'ad.demandGenMultiAssetAd.logoImages',
      'ad.demandGenVideoResponsiveAd.headlines',
      'ad.demandGenVideoResponsiveAd.longHeadlines',
      'ad.demandGenVideoResponsiveAd.descriptions',
      'ad.demandGenVideoResponsiveAd.videos',
      'ad.demandGenVideoResponsiveAd.logoImages',
      'ad.demandGenVideoResponsiveAd.businessName.text',
    ],
    build(c, create, where) {
      const group = refOf(c, 'adGroups', create.adGroup, 'ad_group', where);
      const channel = c.campaigns.find((x) => x.resourceName === group.campaign)?.advertisingChannelType;
      const kinds = ['responsiveSearchAd', 'shoppingProductAd', 'appAd', 'demandGenMultiAssetAd', 'demandGenVideoResponsiveAd'].filter(
        (k) => create.ad?.[k] !== undefined,
      );
      if (kinds.length > 1) throw invalid('adError', 'AD_TYPE_NOT_SUPPORTED', 'An ad has one type.', where('ad'));
      const typed = (type: string, info: string, allowed: boolean, fields: Obj) => {
        if (!allowed)
          throw invalid(
            'adError',
            'AD_TYPE_NOT_SUPPORTED',
            `${type} ads do not belong to this ad group (${channel}, ${group.type}).`,
            where('ad'),
          );
        const id = newId(12);
        const ad = {
          id,
          resourceName: `customers/${c.id}/ads/${id}`,
          type,
          ...(create.ad.finalUrls ? { finalUrls: create.ad.finalUrls } : {}),
          [info]: fields,
        };
        c.adObjects.push(ad);
        return {
          resourceName: `customers/${c.id}/adGroupAds/${group.id}~${id}`,
          status: create.status ?? 'ENABLED',
          adGroup: group.resourceName,
          ad,
        };
      };
      const needsUrl = () => {
        if (!Array.isArray(create.ad.finalUrls) || !create.ad.finalUrls.length)
          throw invalid('adError', 'FINAL_URL_REQUIRED', 'A final URL is required.', where('ad.final_urls'));
      };
      switch (kinds[0]) {
        case 'shoppingProductAd':
          if (c.ads.some((a) => a.adGroup === group.resourceName && a.status !== 'REMOVED' && a.ad.type === 'SHOPPING_PRODUCT_AD'))
            throw invalid('adGroupAdError', 'AD_GROUP_AD_ALREADY_EXISTS', 'The ad group already has a product ad.', where('ad'));
          return typed('SHOPPING_PRODUCT_AD', 'shoppingProductAd', group.type === 'SHOPPING_PRODUCT_ADS', {});
        case 'appAd': {
          const info = create.ad.appAd;
          texts(info.headlines, 'headlines', 1, 5, 30, where);
          texts(info.descriptions, 'descriptions', 1, 5, 90, where);
          assetLinks(c, info.images, 'images', 'IMAGE', 0, 20, where);
          assetLinks(c, info.youtubeVideos, 'youtubeVideos', 'YOUTUBE_VIDEO', 0, 20, where);
          return typed('APP_AD', 'appAd', channel === 'MULTI_CHANNEL', info);
        }
        case 'demandGenMultiAssetAd': {
          const info = create.ad.demandGenMultiAssetAd;
          needsUrl();
          texts(info.headlines, 'headlines', 1, 5, 30, where);
          texts(info.descriptions, 'descriptions', 1, 5, 90, where);
          required('business_name', info.businessName, where);
          if (String(info.businessName).length > 25)
            throw invalid('stringLengthError', 'TOO_LONG', 'The business name is at most 25 characters.', where('business_name'));
          assetLinks(c, info.marketingImages, 'marketingImages', 'IMAGE', 0, 20, where);
          assetLinks(c, info.squareMarketingImages, 'squareMarketingImages', 'IMAGE', 0, 20, where);
          assetLinks(c, info.logoImages, 'logoImages', 'IMAGE', 1, 5, where);
          if (!(info.marketingImages?.length || info.squareMarketingImages?.length))
            throw invalid(
              'adError',
              'MARKETING_IMAGE_REQUIRED',
              'A marketing or square marketing image is required.',
              where('marketing_images'),
            );
          return typed('DEMAND_GEN_MULTI_ASSET_AD', 'demandGenMultiAssetAd', channel === 'DEMAND_GEN', info);
        }
        case 'demandGenVideoResponsiveAd': {
          const info = create.ad.demandGenVideoResponsiveAd;
          needsUrl();
          texts(info.headlines, 'headlines', 1, 5, 40, where);
          texts(info.longHeadlines, 'long_headlines', 1, 5, 90, where);
          texts(info.descriptions, 'descriptions', 1, 5, 90, where);
          required('business_name.text', info.businessName?.text, where);
          assetLinks(c, info.videos, 'videos', 'YOUTUBE_VIDEO', 1, 5, where);
          assetLinks(c, info.logoImages, 'logoImages', 'IMAGE', 1, 5, where);
          return typed('DEMAND_GEN_VIDEO_RESPONSIVE_AD', 'demandGenVideoResponsiveAd', channel === 'DEMAND_GEN', info);
        }
        default:
          break;
      }
      if (!Array.isArray(create.ad?.finalUrls) || !create.ad.finalUrls.length)
        throw invalid('adError', 'FINAL_URL_REQUIRED', 'A final URL is required.', where('ad.final_urls'));
      if (create.ad.responsiveDisplayAd) {
        checkResponsiveDisplayAd(c, create.ad.responsiveDisplayAd, where);
        const id = newId(12);
        const ad = {
          id,
          resourceName: `customers/${c.id}/ads/${id}`,
          type: 'RESPONSIVE_DISPLAY_AD',
          finalUrls: create.ad.finalUrls,
          responsiveDisplayAd: create.ad.responsiveDisplayAd,
        };
        c.adObjects.push(ad);
        return {
          resourceName: `customers/${c.id}/adGroupAds/${group.id}~${id}`,
          status: create.status ?? 'ENABLED',
          adGroup: group.resourceName,
          ad,
        };
      }
      if (!create.ad.responsiveSearchAd) throw invalid('adError', 'AD_TYPE_NOT_SUPPORTED', 'The ad type is missing.', where('ad'));
      checkResponsiveSearchAd(create.ad.responsiveSearchAd, where);
      const id = newId(12);
      const ad = {
        id,
        resourceName: `customers/${c.id}/ads/${id}`,
        type: 'RESPONSIVE_SEARCH_AD',
        finalUrls: create.ad.finalUrls,
        responsiveSearchAd: create.ad.responsiveSearchAd,
      };
      c.adObjects.push(ad);
      return {
        resourceName: `customers/${c.id}/adGroupAds/${group.id}~${id}`,
        status: create.status ?? 'ENABLED',
        adGroup: group.resourceName,
        ad,
      };
    },
    validate(_c, adGroupAd, where, before) {
      ENUM('status', adGroupAd.status, ['ENABLED', 'PAUSED'], where);
      if (before?.status === 'REMOVED')
        throw invalid('adGroupAdError', 'CANNOT_OPERATE_ON_REMOVED_ADGROUPAD', 'Cannot operate on a removed ad.', where('status'));
    },
    remove: markRemoved,
  },
  ads: {
    list: 'adObjects',
    update: [
      'finalUrls',
      'responsiveSearchAd.headlines',
      'responsiveSearchAd.descriptions',
      'responsiveSearchAd.path1',
      'responsiveSearchAd.path2',
      ...RDA_PATHS,
    ],
    validate(_c, ad, where, before) {
      if (before && before.type === 'RESPONSIVE_SEARCH_AD' && ad.responsiveDisplayAd)
        throw invalid('adError', 'CANNOT_CHANGE_AD_TYPE', "An ad's type cannot change.", where('responsive_display_ad'));
      if (before && before.type === 'RESPONSIVE_DISPLAY_AD' && ad.responsiveSearchAd)
        throw invalid('adError', 'CANNOT_CHANGE_AD_TYPE', "An ad's type cannot change.", where('responsive_search_ad'));
      if (ad.type === 'RESPONSIVE_SEARCH_AD') checkResponsiveSearchAd(ad.responsiveSearchAd, where);
      if (ad.type === 'RESPONSIVE_DISPLAY_AD') checkResponsiveDisplayAd(_c, ad.responsiveDisplayAd, where);
      if (!Array.isArray(ad.finalUrls) || !ad.finalUrls.length)
        throw invalid('adError', 'FINAL_URL_REQUIRED', 'A final URL is required.', where('final_urls'));
    },
    remove() {
      throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', 'Ads are removed through their ad group ad.');
    },
  },
  assets: {
    list: 'assets',
    create: [
      'calloutAsset.calloutText',
      'callAsset.phoneNumber',
      'callAsset.countryCode',
      'name',
      'finalUrls',
      'sitelinkAsset.linkText',
      'sitelinkAsset.description1',
      'sitelinkAsset.description2',
      'structuredSnippetAsset.header',
      'structuredSnippetAsset.values',
      'textAsset.text',
      'type',
      'imageAsset.data',
      'youtubeVideoAsset.youtubeVideoId',
      'structuredSnippetAsset.header',
      'structuredSnippetAsset.values',
      'textAsset.text',
      'youtubeVideoAsset.youtubeVideoId',
    ],
    build(c, create, where) {
      const id = newId(11);
      if (create.imageAsset) {
        required('name', create.name, where);
        const bytes = Buffer.from(String(create.imageAsset.data ?? ''), 'base64');
        const size = imageSize(bytes);
        if (!size || !['PNG', 'JPEG', 'GIF'].includes(size.format))
          throw invalid('imageError', 'INVALID_IMAGE', 'The image is not a PNG, JPEG or GIF image.', where('image_asset.data'));
        if (bytes.length > 5 * 1024 * 1024)
          throw invalid('imageError', 'FILE_TOO_LARGE', 'The image file is too large.', where('image_asset.data'));
        return {
          id,
          resourceName: `customers/${c.id}/assets/${id}`,
          type: 'IMAGE',
          name: create.name,
          imageAsset: {
            fileSize: String(bytes.length),
            mimeType: `IMAGE_${size.format}`,
            fullSize: { url: `https://tpc.example/simgad/${id}`, widthPixels: String(size.width), heightPixels: String(size.height) },
          },
        };
      }
      if (create.youtubeVideoAsset) {
        const videoId = String(create.youtubeVideoAsset.youtubeVideoId ?? '');
        if (!/^[A-Za-z0-9_-]{11}$/.test(videoId))
          throw invalid(
            'assetError',
            'YOUTUBE_VIDEO_NOT_FOUND',
            'The video id does not name a video.',
            where('youtube_video_asset.youtube_video_id'),
          );
        return {
          id,
          resourceName: `customers/${c.id}/assets/${id}`,
          type: 'YOUTUBE_VIDEO',
          ...(create.name ? { name: create.name } : {}),
          youtubeVideoAsset: { youtubeVideoId: videoId, youtubeVideoTitle: `Video ${videoId}` },
        };
      }
      if (create.type !== undefined)
        throw invalid('assetError', 'ASSET_DATA_IS_MISSING', 'The asset has no data of its type.', where('type'));
      const base = { id, resourceName: `customers/${c.id}/assets/${id}` };
      const tooLong = (value: unknown, max: number, field: string) => {
        if (String(value ?? '').length > max) throw invalid('stringLengthError', 'TOO_LONG', 'Too long.', where(field));
      };
      if (create.sitelinkAsset) {
        required('sitelink_asset.link_text', create.sitelinkAsset.linkText, where);
        tooLong(create.sitelinkAsset.linkText, 25, 'sitelink_asset.link_text');
        if (!Array.isArray(create.finalUrls) || !create.finalUrls.length)
          throw invalid('assetError', 'FINAL_URL_REQUIRED', 'A sitelink needs a final URL.', where('final_urls'));
        if (Boolean(create.sitelinkAsset.description1) !== Boolean(create.sitelinkAsset.description2))
          throw invalid(
            'assetError',
            'SITELINK_DESCRIPTIONS_INCOMPLETE',
            'Both description lines or neither.',
            where('sitelink_asset.description2'),
          );
        tooLong(create.sitelinkAsset.description1, 35, 'sitelink_asset.description1');
        tooLong(create.sitelinkAsset.description2, 35, 'sitelink_asset.description2');
        return { ...base, type: 'SITELINK', finalUrls: create.finalUrls, sitelinkAsset: create.sitelinkAsset };
      }
      if (create.structuredSnippetAsset) {
        const { header, values } = create.structuredSnippetAsset;
        ENUM(
          'structured_snippet_asset.header',
          header,
          [
            'Amenities',
            'Brands',
            'Courses',
            'Degree programs',
            'Destinations',
            'Featured hotels',
            'Insurance coverage',
            'Models',
            'Neighborhoods',
            'Service catalog',
            'Shows',
            'Styles',
            'Types',
          ],
          where,
        );
        if (!Array.isArray(values) || values.length < 3 || values.length > 10)
          throw invalid(
            'assetError',
            'STRUCTURED_SNIPPET_VALUES_COUNT',
            'A structured snippet needs 3-10 values.',
            where('structured_snippet_asset.values'),
          );
        values.forEach((value: unknown) => tooLong(value, 25, 'structured_snippet_asset.values'));
        return { ...base, type: 'STRUCTURED_SNIPPET', structuredSnippetAsset: { header, values } };
      }
      if (create.youtubeVideoAsset) {
        if (!/^[A-Za-z0-9_-]{11}$/.test(String(create.youtubeVideoAsset.youtubeVideoId ?? '')))
          throw invalid(
            'assetError',
            'YOUTUBE_VIDEO_NOT_FOUND',
            'The video id is not valid.',
            where('youtube_video_asset.youtube_video_id'),
          );
        return {
          ...base,
          type: 'YOUTUBE_VIDEO',
          ...(create.name ? { name: create.name } : {}),
          youtubeVideoAsset: { youtubeVideoId: create.youtubeVideoAsset.youtubeVideoId },
        };
      }
      if (create.textAsset) {
        required('text_asset.text', create.textAsset.text, where);
        return { ...base, type: 'TEXT', ...(create.name ? { name: create.name } : {}), textAsset: create.textAsset };
      }
      if (create.calloutAsset) {
        const text = String(create.calloutAsset.calloutText ?? '');
        if (!text)
          throw invalid('fieldError', 'REQUIRED', 'The required field was not present: callout_text.', where('callout_asset.callout_text'));
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
      ENUM(
        'field_type',
        create.fieldType,
        ['CALLOUT', 'CALL', 'SITELINK', 'STRUCTURED_SNIPPET', 'BUSINESS_NAME', 'AD_IMAGE', 'BUSINESS_LOGO'],
        where,
      );
      if (create.fieldType === 'AD_IMAGE' || create.fieldType === 'BUSINESS_LOGO') {
        // Image assets of Search campaigns: square (1:1, from 300x300) or landscape (1.91:1, from 600x314) images; a logo is square from 128x128, one per campaign.
        if (asset.type !== 'IMAGE')
          throw invalid(
            'assetLinkError',
            'INVALID_ASSET_TYPE',
            `An asset of type ${asset.type} cannot be linked as ${create.fieldType}.`,
            where('field_type'),
          );
        const [w, h] = [Number(asset.imageAsset?.fullSize?.widthPixels ?? 0), Number(asset.imageAsset?.fullSize?.heightPixels ?? 0)];
        const square = h > 0 && Math.abs(w / h - 1) <= 0.01;
        const landscape = h > 0 && Math.abs(w / h - 1.91) <= 0.0191;
        const fits =
          create.fieldType === 'BUSINESS_LOGO' ? square && w >= 128 : (square && w >= 300) || (landscape && w >= 600 && h >= 314);
        if (!fits)
          throw invalid(
            'assetLinkError',
            'INVALID_IMAGE_ASPECT_RATIO',
            `A ${w}x${h} image cannot be linked as ${create.fieldType}.`,
            where('asset'),
          );
        if (
          create.fieldType === 'BUSINESS_LOGO' &&
          c.campaignAssets.some((l) => l.campaign === campaign.resourceName && l.fieldType === 'BUSINESS_LOGO')
        )
          throw invalid('campaignAssetError', 'DUPLICATE_FIELD_TYPE', 'The campaign already has a business logo.', where('field_type'));
        if (
          create.fieldType === 'AD_IMAGE' &&
          c.campaignAssets.filter((l) => l.campaign === campaign.resourceName && l.fieldType === 'AD_IMAGE').length >= 20
        )
          throw invalid('resourceCountLimitExceededError', 'RESOURCE_LIMIT', 'A campaign holds at most 20 images.', where('field_type'));
      } else if (create.fieldType === 'BUSINESS_NAME') {
        if (asset.type !== 'TEXT')
          throw invalid(
            'assetLinkError',
            'INVALID_ASSET_TYPE',
            `An asset of type ${asset.type} cannot be linked as BUSINESS_NAME.`,
            where('field_type'),
          );
        if (String(asset.textAsset.text).length > 25)
          throw invalid('assetLinkError', 'INVALID_ASSET_TEXT_FOR_FIELD_TYPE', 'A business name is at most 25 characters.', where('asset'));
        if (c.campaignAssets.some((l) => l.campaign === campaign.resourceName && l.fieldType === 'BUSINESS_NAME'))
          throw invalid('campaignAssetError', 'DUPLICATE_FIELD_TYPE', 'The campaign already has a business name.', where('field_type'));
      } else if (create.fieldType !== asset.type)
        throw invalid(
          'assetLinkError',
          'INVALID_ASSET_TYPE',
          `An asset of type ${asset.type} cannot be linked as ${create.fieldType}.`,
          where('field_type'),
        );
      return {
        resourceName: `customers/${c.id}/campaignAssets/${campaign.id}~${asset.id}~${create.fieldType}`,
        campaign: campaign.resourceName,
        asset: asset.resourceName,
        fieldType: create.fieldType,
        status: 'ENABLED',
      };
    },
    validate() {},
    remove: removeFrom,
  },
  assetGroups: {
    list: 'assetGroups',
    create: ['campaign', 'name', 'status', 'finalUrls', 'path1', 'path2'],
    update: ['name', 'status', 'finalUrls', 'path1', 'path2'],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      if (campaign.advertisingChannelType !== 'PERFORMANCE_MAX')
        throw invalid(
          'assetGroupError',
          'CANNOT_ADD_ASSET_GROUP_FOR_CAMPAIGN_TYPE',
          'Asset groups belong to Performance Max campaigns.',
          where('campaign'),
        );
      if (campaign.status === 'REMOVED')
        throw invalid('campaignError', 'CANNOT_MODIFY_REMOVED_CAMPAIGN', 'Cannot modify a removed campaign.', where('campaign'));
      const id = newId(11);
      return { id, resourceName: `customers/${c.id}/assetGroups/${id}`, status: 'ENABLED', ...create };
    },
    validate(c, group, where, before) {
      if (before?.status === 'REMOVED')
        throw invalid('assetGroupError', 'CANNOT_MODIFY_REMOVED_ASSET_GROUP', 'A removed asset group cannot be changed.', where('status'));
      required('name', group.name, where);
      ENUM('status', group.status, ['ENABLED', 'PAUSED'], where);
      if (!Array.isArray(group.finalUrls) || !group.finalUrls.length)
        throw invalid('assetGroupError', 'FINAL_URL_REQUIRED', 'An asset group needs a final URL.', where('final_urls'));
      for (const path of ['path1', 'path2'])
        if (group[path] !== undefined && String(group[path]).length > 15)
          throw invalid('stringLengthError', 'TOO_LONG', `${path} is too long (max 15).`, where(path));
      if (group.path2 && !group.path1) throw invalid('assetGroupError', 'PATH2_REQUIRES_PATH1', 'path2 needs path1.', where('path2'));
      if (
        c.assetGroups.some(
          (g) =>
            g !== before &&
            g.resourceName !== group.resourceName &&
            g.campaign === group.campaign &&
            g.status !== 'REMOVED' &&
            g.name === group.name,
        )
      ) {
        throw invalid('assetGroupError', 'DUPLICATE_NAME', 'An asset group with this name already exists in the campaign.', where('name'));
      }
    },
    remove(c, target) {
      if (target.status === 'REMOVED')
        throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${target.resourceName}.`);
      markRemoved(c, target);
    },
  },
  assetGroupAssets: {
    list: 'assetGroupAssets',
    create: ['assetGroup', 'asset', 'fieldType'],
    build(c, create, where) {
      const group = liveGroup(c, create.assetGroup, where);
      const asset = refOf(c, 'assets', create.asset, 'asset', where);
      ENUM('field_type', create.fieldType, Object.keys(PMAX_FIELDS), where);
      const rule = PMAX_FIELDS[create.fieldType]!;
      if (asset.type !== rule.type)
        throw invalid(
          'assetLinkError',
          'INVALID_ASSET_TYPE',
          `An asset of type ${asset.type} cannot be linked as ${create.fieldType}.`,
          where('field_type'),
        );
      if (rule.length && String(asset.textAsset?.text ?? '').length > rule.length)
        throw invalid(
          'assetLinkError',
          'INVALID_ASSET_TEXT_FOR_FIELD_TYPE',
          `A ${create.fieldType} is at most ${rule.length} characters.`,
          where('asset'),
        );
      if (rule.ratio) {
        const width = Number(asset.imageAsset?.fullSize?.widthPixels ?? 0);
        const height = Number(asset.imageAsset?.fullSize?.heightPixels ?? 0);
        if (!height || Math.abs(width / height - rule.ratio[0]) / rule.ratio[0] > 0.01)
          throw invalid(
            'assetLinkError',
            'INVALID_IMAGE_ASPECT_RATIO',
            `The image's aspect ratio does not fit ${create.fieldType}.`,
            where('asset'),
          );
        if (width < rule.ratio[1] || height < rule.ratio[2])
          throw invalid('assetLinkError', 'IMAGE_TOO_SMALL', `The image is too small for ${create.fieldType}.`, where('asset'));
      }
      const resourceName = `customers/${c.id}/assetGroupAssets/${group.id}~${asset.id}~${create.fieldType}`;
      if (c.assetGroupAssets.some((l) => l.resourceName === resourceName))
        throw invalid(
          'assetGroupAssetError',
          'DUPLICATE_RESOURCE',
          'The asset is already linked to the asset group in this field.',
          where('asset'),
        );
      if (c.assetGroupAssets.filter((l) => l.assetGroup === group.resourceName && l.fieldType === create.fieldType).length >= rule.max)
        throw invalid(
          'resourceCountLimitExceededError',
          'RESOURCE_LIMIT',
          `An asset group holds at most ${rule.max} ${create.fieldType} assets.`,
          where('field_type'),
        );
      return {
        resourceName,
        assetGroup: group.resourceName,
        asset: asset.resourceName,
        fieldType: create.fieldType,
        status: 'ENABLED',
        performanceLabel: 'PENDING',
      };
    },
    validate() {},
    remove(c, target, list) {
      liveGroup(c, target.assetGroup, () => ({}));
      removeFrom(c, target, list);
    },
  },
  assetGroupSignals: {
    list: 'assetGroupSignals',
    create: ['assetGroup', 'audience.audience', 'searchTheme.text'],
    build(c, create, where) {
      const group = liveGroup(c, create.assetGroup, where);
      if ((create.audience === undefined) === (create.searchTheme === undefined))
        throw invalid(
          'assetGroupSignalError',
          'SIGNAL_TYPE_REQUIRED',
          'Exactly one of audience or search theme must be set.',
          where('signal'),
        );
      const id = newId(12);
      const base = { resourceName: `customers/${c.id}/assetGroupSignals/${group.id}~${id}`, assetGroup: group.resourceName };
      const mine = c.assetGroupSignals.filter((x) => x.assetGroup === group.resourceName);
      if (create.searchTheme) {
        const text = String(create.searchTheme.text ?? '');
        required('search_theme.text', text, where);
        if (text.length > 80)
          throw invalid('stringLengthError', 'TOO_LONG', 'A search theme is at most 80 characters.', where('search_theme.text'));
        if (mine.some((x) => x.searchTheme?.text.toLowerCase() === text.toLowerCase()))
          throw invalid(
            'assetGroupSignalError',
            'DUPLICATE_SEARCH_THEME',
            'The search theme is already on the asset group.',
            where('search_theme.text'),
          );
        if (mine.filter((x) => x.searchTheme).length >= 50)
          throw invalid(
            'resourceCountLimitExceededError',
            'RESOURCE_LIMIT',
            'An asset group holds at most 50 search themes.',
            where('search_theme'),
          );
        return { ...base, searchTheme: { text }, approvalStatus: 'UNDER_REVIEW' };
      }
      refOf(c, 'audiences', create.audience.audience, 'audience.audience', where);
      return { ...base, audience: { audience: create.audience.audience }, approvalStatus: 'APPROVED' };
    },
    validate() {},
    remove: removeFrom,
  },
  audiences: {
    list: 'audiences',
    create: ['name', 'dimensions', 'description'],
    build(c, create, where) {
      required('name', create.name, where);
      if (c.audiences.some((a) => a.name === create.name))
        throw invalid('audienceError', 'NAME_ALREADY_IN_USE', 'An audience with this name already exists.', where('name'));
      const segments: Obj[] = (create.dimensions ?? []).flatMap((d: Obj) => d.audienceSegments?.segments ?? []);
      if (!segments.length)
        throw invalid('audienceError', 'DIMENSION_INVALID', 'An audience needs at least one segment.', where('dimensions'));
      for (const seg of segments) {
        const target = seg.userList?.userList ?? seg.userInterest?.userInterestCategory ?? seg.customAudience?.customAudience;
        const known =
          c.userLists.some((x) => x.resourceName === target) ||
          c.customAudiences.some((x) => x.resourceName === target) ||
          USER_INTERESTS.some((u) => target === `customers/${c.id}/userInterests/${u.userInterestId}`);
        if (!known)
          throw invalid(
            'audienceError',
            'DIMENSION_INVALID',
            `The segment ${target} does not exist or is not accessible.`,
            where('dimensions'),
          );
      }
      const id = newId(10);
      return { id, resourceName: `customers/${c.id}/audiences/${id}`, name: create.name, status: 'ENABLED', dimensions: create.dimensions };
    },
    validate() {},
    remove() {
      throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', 'Audiences cannot be removed.');
    },
  },
  assetGroupListingGroupFilters: {
    list: 'listingGroupFilters',
    create: [
      'assetGroup',
      'type',
      'listingSource',
      'parentListingGroupFilter',
      'caseValue.productBrand',
      'caseValue.productCategory',
      'caseValue.productItemId',
      'caseValue.productCustomAttribute',
      'caseValue.productCondition',
    ],
    build(c, create, where) {
      const group = liveGroup(c, create.assetGroup, where);
      ENUM('type', create.type, ['SUBDIVISION', 'UNIT_INCLUDED', 'UNIT_EXCLUDED'], where);
      ENUM('listing_source', create.listingSource, ['SHOPPING', 'WEBPAGE'], where);
      if (create.parentListingGroupFilter !== undefined) {
        const parent = refOf(c, 'listingGroupFilters', create.parentListingGroupFilter, 'parent_listing_group_filter', where);
        if (parent.type !== 'SUBDIVISION')
          throw invalid(
            'assetGroupListingGroupFilterError',
            'PARENT_IS_NOT_SUBDIVISION',
            'Only a subdivision has children.',
            where('parent_listing_group_filter'),
          );
        if (!create.caseValue)
          throw invalid('assetGroupListingGroupFilterError', 'CASE_VALUE_REQUIRED', 'A child needs a case value.', where('case_value'));
      } else if (c.listingGroupFilters.some((f) => f.assetGroup === group.resourceName && !f.parentListingGroupFilter)) {
        throw invalid(
          'assetGroupListingGroupFilterError',
          'TREE_ALREADY_HAS_ROOT',
          'The asset group already has a root listing group.',
          where('parent_listing_group_filter'),
        );
      }
      const id = newId(11);
      return {
        resourceName: `customers/${c.id}/assetGroupListingGroupFilters/${group.id}~${id}`,
        id,
        assetGroup: group.resourceName,
        type: create.type,
        listingSource: create.listingSource,
        ...(create.caseValue ? { caseValue: create.caseValue } : {}),
        ...(create.parentListingGroupFilter ? { parentListingGroupFilter: create.parentListingGroupFilter } : {}),
      };
    },
    validate() {},
    remove(c, target, list) {
      // Removing a subdivision removes the nodes under it.
      const gone = new Set([target.resourceName]);
      for (let grew = true; grew;) {
        grew = false;
        for (const f of list) {
          if (f.parentListingGroupFilter && gone.has(f.parentListingGroupFilter) && !gone.has(f.resourceName)) {
            gone.add(f.resourceName);
            grew = true;
          }
        }
      }
      for (const f of list.filter((x) => gone.has(x.resourceName))) removeFrom(c, f, list);
    },
  },
};

/** googleAds:mutate operation names and the service each stands for. */
const MUTATE_OPERATIONS: Record<string, string> = {
  assetGroupOperation: 'assetGroups',
  assetGroupAssetOperation: 'assetGroupAssets',
  assetGroupSignalOperation: 'assetGroupSignals',
  assetGroupListingGroupFilterOperation: 'assetGroupListingGroupFilters',
  assetOperation: 'assets',
  audienceOperation: 'audiences',
  campaignBudgetOperation: 'campaignBudgets',
  campaignOperation: 'campaigns',
  campaignCriterionOperation: 'campaignCriteria',
};

/** Performance Max field types: the asset type each takes, min / max per asset group, text length, image ratio with minimum size. */
const PMAX_FIELDS: Record<
  string,
  { type: string; min: number; max: number; length?: number; ratio?: [number, number, number]; error: string }
> = {
  HEADLINE: { type: 'TEXT', min: 3, max: 15, length: 30, error: 'NOT_ENOUGH_HEADLINE_ASSET' },
  LONG_HEADLINE: { type: 'TEXT', min: 1, max: 5, length: 90, error: 'NOT_ENOUGH_LONG_HEADLINE_ASSET' },
  DESCRIPTION: { type: 'TEXT', min: 2, max: 5, length: 90, error: 'NOT_ENOUGH_DESCRIPTION_ASSET' },
  BUSINESS_NAME: { type: 'TEXT', min: 1, max: 1, length: 25, error: 'NOT_ENOUGH_BUSINESS_NAME_ASSET' },
  MARKETING_IMAGE: { type: 'IMAGE', min: 1, max: 20, ratio: [1.91, 600, 314], error: 'NOT_ENOUGH_MARKETING_IMAGE_ASSET' },
  SQUARE_MARKETING_IMAGE: { type: 'IMAGE', min: 1, max: 20, ratio: [1, 300, 300], error: 'NOT_ENOUGH_SQUARE_MARKETING_IMAGE_ASSET' },
  PORTRAIT_MARKETING_IMAGE: { type: 'IMAGE', min: 0, max: 20, ratio: [0.8, 480, 600], error: '' },
  LOGO: { type: 'IMAGE', min: 1, max: 5, ratio: [1, 128, 128], error: 'NOT_ENOUGH_LOGO_ASSET' },
  YOUTUBE_VIDEO: { type: 'YOUTUBE_VIDEO', min: 0, max: 5, error: '' },
};

/** An asset group that exists and is not removed (its links and signals cannot change otherwise). */
function liveGroup(c: FakeCustomer, rn: unknown, where: (f: string) => Obj): Obj {
  const group = refOf(c, 'assetGroups', rn, 'asset_group', where);
  if (group.status === 'REMOVED')
    throw invalid('assetGroupError', 'CANNOT_MODIFY_REMOVED_ASSET_GROUP', 'A removed asset group cannot be changed.', where('asset_group'));
  return group;
}

/** An asset group that is not removed holds each field's minimum, and one description of at most 60 characters. */
function checkAssetGroup(c: FakeCustomer, group: Obj): void {
  if (group.status === 'REMOVED') return;
  const links = c.assetGroupAssets.filter((l) => l.assetGroup === group.resourceName);
  for (const [field, rule] of Object.entries(PMAX_FIELDS)) {
    if (links.filter((l) => l.fieldType === field).length < rule.min)
      throw invalid('assetGroupError', rule.error, `The asset group needs at least ${rule.min} ${field} asset(s).`, {
        fieldPathElements: [{ fieldName: 'asset_group' }],
      });
  }
  const descriptions = links
    .filter((l) => l.fieldType === 'DESCRIPTION')
    .map((l) => String(c.assets.find((a) => a.resourceName === l.asset)?.textAsset?.text ?? ''));
  if (!descriptions.some((d) => d.length <= 60))
    throw invalid('assetGroupError', 'SHORT_DESCRIPTION_REQUIRED', 'One description must be at most 60 characters.', {
      fieldPathElements: [{ fieldName: 'asset_group' }],
    });
}

/** Each listing group tree: one root, subdivisions with an "everything else" child of one dimension. */
function checkListingTrees(c: FakeCustomer): void {
  const fail = (code: string, message: string) =>
    invalid('assetGroupListingGroupFilterError', code, message, { fieldPathElements: [{ fieldName: 'asset_group_listing_group_filter' }] });
  for (const group of new Set(c.listingGroupFilters.map((f) => f.assetGroup))) {
    const tree = c.listingGroupFilters.filter((f) => f.assetGroup === group);
    if (tree.filter((f) => !f.parentListingGroupFilter).length !== 1)
      throw fail('TREE_TOO_MANY_ROOTS', 'A listing group tree has exactly one root.');
    for (const f of tree.filter((x) => x.type === 'SUBDIVISION')) {
      const children = tree.filter((x) => x.parentListingGroupFilter === f.resourceName);
      const dims = new Set(children.map((x) => Object.keys(x.caseValue ?? {})[0]));
      if (dims.size > 1)
        throw fail('MULTIPLE_LISTING_DIMENSION_TYPES_PER_SUBDIVISION', 'The children of a subdivision split on one dimension.');
      const others = children.filter((x) =>
        Object.values(x.caseValue ?? {}).every(
          (v) => !v || !Object.keys(v as Obj).some((k) => ['value', 'categoryId', 'condition'].includes(k)),
        ),
      );
      if (others.length !== 1) throw fail('SUBDIVISION_MUST_HAVE_OTHERS_CASE', 'A subdivision needs exactly one "everything else" child.');
    }
  }
}

/** The platform's rating of an asset group's assets. */
function adStrengthOf(c: FakeCustomer, group: Obj): string {
  if (group.status === 'REMOVED') return 'PENDING';
  const n = c.assetGroupAssets.filter((l) => l.assetGroup === group.resourceName).length;
  return n >= 20 ? 'EXCELLENT' : n >= 14 ? 'GOOD' : n >= 10 ? 'AVERAGE' : 'POOR';
}
