/**
 * The seeded searchads sandbox account: an outdoor retailer's search, display, Performance Max,
 * shopping and video campaigns with their ad groups, ads, keywords, negatives, locations, assets,
 * audiences, conversion actions, labels, shared budget, portfolio, schedule and bid modifier, and
 * the past changes that shape their reports. Ids are reproducible per account.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import type { HistoryEntry } from '../../sandbox/history';
import { idSource } from '../../sandbox/ids';
import type { PerformanceTier } from '../../sandbox/metrics';
import { SandboxStore } from '../../sandbox/store';
import type {
  KeywordMatchType,
  SearchAdsAccountSettings,
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsAsset,
  SearchAdsAudienceSegment,
  SearchAdsCampaign,
  SearchAdsCampaignAsset,
  SearchAdsCampaignCriterion,
  SearchAdsLabel,
  SearchAdsNegativeKeyword,
  SearchAdsNetworkSettings,
} from '../port-types';
import { AUDIENCE_TAXONOMY } from '../reference-data';
import type { StoredUserList } from './audience';
import { BIDDING_KIND } from './bidding';
import type { StoredAdGroup, StoredCampaign, StoredKeyword } from './delivery';
import { SEED_IMAGES, SEED_VIDEOS, seedDisplayCriteria, type DisplayParts } from './display';
import { seededConversionActions } from './insights';
import { PMAX_KIND, seedPmax } from './pmax';
import { seedShoppingFamily } from './shopping';
import { KIND, defaultSettings, type StoredNegativeList } from './stored';

const network = (overrides: Partial<SearchAdsNetworkSettings> = {}): SearchAdsNetworkSettings => ({
  target_google_search: true,
  target_search_network: false,
  target_content_network: false,
  target_partner_search_network: false,
  target_youtube: false,
  target_google_tv_network: false,
  ...overrides,
});

/** Seeds a new sandbox account with realistic searchads entities. Ids are reproducible per account. */
export async function seedSearchAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('searchads', account.account_id);
  const ids = idSource(`searchads:${account.account_id}`);
  const today = isoDate(new Date());
  const ago = (days: number) => addDays(today, -days);
  const cid = account.account_id;

  const labels: SearchAdsLabel[] = [
    { id: ids.digits(10), name: 'Brand', description: 'Brand-term campaigns', background_color: '#1A73E8' },
    { id: ids.digits(10), name: 'Q4 Push', description: 'Holiday season priorities', background_color: '#E37400' },
    { id: ids.digits(10), name: 'Needs Review', background_color: '#D93025' },
    { id: ids.digits(10), name: 'Evergreen', background_color: '#188038' },
  ];
  const [brandLabel, q4Label, reviewLabel, evergreenLabel] = labels.map((l) => l.id);

  const campaign = (c: Omit<StoredCampaign, 'id'>): StoredCampaign => ({ id: ids.digits(11), ...c });
  const brand = campaign({
    name: 'Brand - Exact',
    type: 'SEARCH',
    status: 'ENABLED',
    budget_amount: 50,
    bidding_strategy: 'TARGET_IMPRESSION_SHARE',
    start_date: ago(320),
    performance: 'strong',
    network_settings: network({ target_search_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'OBSERVATION',
    ai_max_enabled: false,
    url_expansion_opt_out: false,
    tracking_url_template: '{lpurl}?utm_source=searchads&utm_medium=cpc&utm_campaign={_campaign}',
    url_custom_parameters: [{ key: 'campaign', value: 'brandexact' }],
    label_ids: [brandLabel!, evergreenLabel!],
  });
  const generic = campaign({
    name: 'Generic - Hiking Boots',
    type: 'SEARCH',
    status: 'ENABLED',
    budget_amount: 120,
    bidding_strategy: 'MAXIMIZE_CONVERSIONS',
    start_date: ago(280),
    performance: 'average',
    network_settings: network({ target_search_network: true, target_content_network: true }),
    language_ids: ['1000', '1003'],
    audience_targeting_mode: 'OBSERVATION',
    ai_max_enabled: false,
    url_expansion_opt_out: false,
    final_url_suffix: 'utm_source=searchads&utm_medium=cpc',
    url_custom_parameters: [],
    label_ids: [q4Label!],
  });
  const competitor = campaign({
    name: 'Competitor Terms',
    type: 'SEARCH',
    status: 'ENABLED',
    budget_amount: 80,
    bidding_strategy: 'MANUAL_CPC',
    start_date: ago(260),
    performance: 'wasteful',
    network_settings: network({ target_search_network: true, target_content_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'OBSERVATION',
    ai_max_enabled: false,
    url_expansion_opt_out: false,
    label_ids: [reviewLabel!],
  });
  const pmax = campaign({
    name: 'Performance Max - All Products',
    type: 'PERFORMANCE_MAX',
    status: 'ENABLED',
    budget_amount: 200,
    bidding_strategy: 'MAXIMIZE_CONVERSION_VALUE',
    start_date: ago(220),
    performance: 'average',
    network_settings: network({ target_search_network: true, target_content_network: true, target_youtube: true }),
    language_ids: ['1000', '1002'],
    audience_targeting_mode: 'OBSERVATION',
    url_expansion_opt_out: false,
    label_ids: [q4Label!, evergreenLabel!],
  });
  const remarketing = campaign({
    name: 'Display - Remarketing',
    type: 'DISPLAY',
    status: 'PAUSED',
    budget_amount: 40,
    bidding_strategy: 'TARGET_CPA',
    start_date: ago(180),
    performance: 'poor',
    network_settings: network({ target_google_search: false, target_content_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'TARGETING',
    label_ids: [reviewLabel!],
    frequency_caps: [
      { event_type: 'IMPRESSION', level: 'CAMPAIGN', time_unit: 'DAY', time_length: 1, cap: 3 },
      { event_type: 'IMPRESSION', level: 'AD_GROUP_AD', time_unit: 'WEEK', time_length: 1, cap: 10 },
    ],
  });
  const prospecting = campaign({
    name: 'Display - Outdoor Prospecting',
    type: 'DISPLAY',
    status: 'ENABLED',
    budget_amount: 35,
    bidding_strategy: 'MAXIMIZE_CONVERSIONS',
    start_date: ago(20),
    performance: 'new',
    network_settings: network({ target_google_search: false, target_content_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'TARGETING',
    label_ids: [],
    frequency_caps: [],
  });
  const shopping = campaign({
    name: 'Shopping - Footwear',
    type: 'SHOPPING',
    status: 'ENABLED',
    budget_amount: 90,
    bidding_strategy: 'TARGET_ROAS',
    start_date: ago(200),
    performance: 'strong',
    network_settings: network({ target_search_network: true }),
    language_ids: [],
    audience_targeting_mode: 'OBSERVATION',
    label_ids: [evergreenLabel!],
  });
  const video = campaign({
    name: 'Video - Brand Story',
    type: 'VIDEO',
    status: 'PAUSED',
    budget_amount: 25,
    bidding_strategy: 'TARGET_CPM',
    start_date: ago(150),
    end_date: ago(30),
    performance: 'poor',
    network_settings: network({ target_google_search: false, target_youtube: true, target_google_tv_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'TARGETING',
    label_ids: [brandLabel!],
  });
  const launch = campaign({
    name: 'Search - Summer Sandals Launch',
    type: 'SEARCH',
    status: 'ENABLED',
    budget_amount: 60,
    bidding_strategy: 'MAXIMIZE_CLICKS',
    start_date: addDays(today, 21),
    end_date: addDays(today, 111),
    performance: 'new',
    network_settings: network(),
    language_ids: ['1000'],
    audience_targeting_mode: 'OBSERVATION',
    ai_max_enabled: false,
    url_expansion_opt_out: true,
    label_ids: [],
  });
  const holiday = campaign({
    name: 'Holiday 2025 - Search',
    type: 'SEARCH',
    status: 'REMOVED',
    budget_amount: 150,
    bidding_strategy: 'MAXIMIZE_CONVERSIONS',
    start_date: ago(360),
    end_date: ago(330),
    performance: 'average',
    network_settings: network({ target_search_network: true }),
    language_ids: ['1000'],
    audience_targeting_mode: 'OBSERVATION',
    label_ids: [q4Label!],
  });
  const campaigns = [brand, generic, competitor, pmax, remarketing, prospecting, shopping, video, launch, holiday];

  const adGroups: StoredAdGroup[] = [];
  const adGroup = (c: StoredCampaign, g: Partial<StoredAdGroup> & Pick<StoredAdGroup, 'name'>): StoredAdGroup => {
    const type = {
      SEARCH: 'SEARCH_STANDARD',
      DISPLAY: 'DISPLAY_STANDARD',
      SHOPPING: 'SHOPPING_PRODUCT_ADS',
      VIDEO: 'VIDEO_RESPONSIVE',
      PERFORMANCE_MAX: 'SEARCH_STANDARD',
      DEMAND_GEN: 'UNSPECIFIED',
      MULTI_CHANNEL: 'UNSPECIFIED',
    }[c.type];
    const group: StoredAdGroup = {
      id: ids.digits(11),
      campaign_id: c.id,
      status: 'ENABLED',
      type,
      cpc_bid: 1.2,
      performance: c.performance,
      start_date: c.start_date,
      audiences: [],
      ...g,
    };
    adGroups.push(group);
    return group;
  };
  const brandCore = adGroup(brand, { name: 'Brand - Core', cpc_bid: 0.9, performance: 'strong' });
  const brandMisspell = adGroup(brand, { name: 'Brand - Misspellings', status: 'PAUSED', cpc_bid: 0.6, performance: 'average' });
  const bootsMen = adGroup(generic, { name: 'Hiking Boots - Men', cpc_bid: 1.6, performance: 'average' });
  const bootsWomen = adGroup(generic, { name: 'Hiking Boots - Women', cpc_bid: 1.55, performance: 'strong' });
  const waterproof = adGroup(generic, { name: 'Waterproof Boots', status: 'PAUSED', cpc_bid: 1.4, performance: 'poor' });
  const trail = adGroup(generic, { name: 'Trail Runners (retired)', status: 'REMOVED', cpc_bid: 1.1, performance: 'poor' });
  const compBrands = adGroup(competitor, { name: 'Competitor - Brand Names', cpc_bid: 2.3, performance: 'wasteful' });
  const cartAbandoners = adGroup(remarketing, { name: 'Cart Abandoners 30d', cpc_bid: 0.8, performance: 'poor' });
  const siteVisitors = adGroup(remarketing, { name: 'Site Visitors 90d', status: 'PAUSED', cpc_bid: 0.5, performance: 'poor' });
  const outdoorInterests = adGroup(prospecting, { name: 'Outdoor Interests', cpc_bid: 0.7, performance: 'new' });
  const shoppingGroup = adGroup(shopping, { name: 'All Footwear', cpc_bid: 0.95, performance: 'strong' });
  adGroup(video, { name: 'Brand Story - In-Stream', status: 'PAUSED', cpc_bid: 0.05, performance: 'poor' });
  const sandals = adGroup(launch, { name: 'Summer Sandals', cpc_bid: 1.0, performance: 'new' });
  adGroup(holiday, { name: 'Holiday Gifts', status: 'REMOVED', cpc_bid: 1.3, performance: 'average' });

  // What happened before today, so reports show each entity's past as it was (a paused campaign
  // delivered until its pause, a budget change applies from its moment on).
  const changed = (entity: object, ...entries: [daysAgo: number, hour: number, before: Record<string, unknown>][]) =>
    Object.assign(entity, {
      history: entries.map(([daysAgo, hour, before]): HistoryEntry => ({
        at: `${ago(daysAgo)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
        before,
      })),
    });
  changed(generic, [20, 11, { budget_amount: 90 }]);
  changed(remarketing, [9, 15, { status: 'ENABLED' }]);
  changed(video, [27, 10, { status: 'ENABLED' }]);
  changed(holiday, [329, 9, { status: 'ENABLED' }]);
  changed(brandMisspell, [45, 16, { status: 'ENABLED' }]);
  changed(waterproof, [12, 10, { status: 'ENABLED' }]);
  changed(trail, [120, 12, { status: 'ENABLED' }], [90, 12, { status: 'PAUSED' }]);
  changed(siteVisitors, [60, 8, { status: 'ENABLED' }]);
  changed(
    adGroups.find((g) => g.campaign_id === video.id)!,
    [27, 10, { status: 'ENABLED' }],
  );
  changed(
    adGroups.find((g) => g.campaign_id === holiday.id)!,
    [329, 9, { status: 'ENABLED' }],
  );

  const ads: SearchAdsAd[] = [];
  const rsa = (g: SearchAdsAdGroup, headlines: string[], descriptions: string[], path1: string, path2?: string) =>
    ads.push({
      id: ids.digits(12),
      ad_group_id: g.id,
      campaign_id: g.campaign_id,
      type: 'RESPONSIVE_SEARCH_AD',
      status: g.status === 'REMOVED' ? 'REMOVED' : 'ENABLED',
      headlines,
      descriptions,
      final_url: `https://www.northwind-outdoor.example/${path1}`,
      path1,
      path2,
    });
  rsa(
    brandCore,
    [
      'Northwind Outdoor Official',
      'Hiking Gear Built to Last',
      'Free Shipping Over $50',
      'Shop the New Season',
      '30-Day Free Returns',
      'Trusted by 1M+ Hikers',
    ],
    [
      'Boots, packs and apparel tested on real trails. Order from the official store today.',
      'Expert fit advice and free returns on every order. Find your next adventure.',
    ],
    'brand',
    'official',
  );
  rsa(
    brandMisspell,
    ['Northwind Outdoor Store', 'Official Hiking Gear', 'Free Returns for 30 Days'],
    ['Looking for Northwind Outdoor? Shop boots, packs and layers at the official store.', 'Free shipping over $50 and easy returns.'],
    'brand',
  );
  rsa(
    bootsMen,
    ["Men's Hiking Boots", 'Waterproof & Breathable', 'Sizes 7-15, Wide Fits', 'Vibram Soles, Real Grip', 'Free Shipping Over $50'],
    [
      "Lightweight men's hiking boots with waterproof membranes. Compare 40+ styles.",
      'Get expert fit advice online and return any pair within 30 days.',
    ],
    'boots',
    'men',
  );
  rsa(
    bootsWomen,
    ["Women's Hiking Boots", "Designed for Women's Feet", 'Waterproof Trail Boots', 'New Colors for Spring', 'Free 30-Day Returns'],
    [
      "Women's boots with a narrower heel and roomy toe box. Tested on 500+ mile trails.",
      'Free shipping over $50. Try them on at home and return for free.',
    ],
    'boots',
    'women',
  );
  rsa(
    waterproof,
    ['Waterproof Hiking Boots', 'Stay Dry on Every Trail', 'GORE-TEX Lined Boots'],
    ['Seam-sealed boots that keep water out and let sweat escape.', 'Shop waterproof boots for men and women with free returns.'],
    'boots',
    'waterproof',
  );
  rsa(
    trail,
    ['Trail Running Shoes', 'Light, Fast, Grippy'],
    ['Trail runners for technical terrain.', 'Free shipping over $50.'],
    'trail-running',
  );
  rsa(
    compBrands,
    ['Better Than the Big Brands', 'Compare Hiking Boots', 'Same Quality, Fair Price'],
    [
      'See why hikers switch to Northwind Outdoor. Side-by-side comparisons of fit and price.',
      'Free shipping over $50 and 30-day returns.',
    ],
    'compare',
  );
  rsa(
    sandals,
    ['Summer Hiking Sandals', 'Trail-Ready Sandals', 'New for Summer 2026'],
    ['Grippy, quick-drying sandals for river crossings and hot trails.', 'Pre-order now with free shipping over $50.'],
    'sandals',
    'summer',
  );
  for (const g of [cartAbandoners, siteVisitors, outdoorInterests]) {
    ads.push({
      id: ids.digits(12),
      ad_group_id: g.id,
      campaign_id: g.campaign_id,
      type: 'RESPONSIVE_DISPLAY_AD',
      status: 'ENABLED',
      headlines: ['Still Thinking It Over?', 'Your Next Trail Awaits'],
      descriptions: ['Come back for free shipping on orders over $50.'],
      final_url: 'https://www.northwind-outdoor.example/',
    });
  }

  const keywords: StoredKeyword[] = [];
  const kw = (g: StoredAdGroup, list: [string, KeywordMatchType, number, PerformanceTier?][]) => {
    for (const [text, match_type, quality_score, performance] of list) {
      keywords.push({
        id: ids.digits(11),
        ad_group_id: g.id,
        campaign_id: g.campaign_id,
        text,
        match_type,
        status: g.status === 'REMOVED' ? 'REMOVED' : 'ENABLED',
        cpc_bid: g.cpc_bid,
        quality_score,
        performance: performance ?? g.performance,
        start_date: g.start_date,
      });
    }
  };
  kw(brandCore, [
    ['northwind outdoor', 'EXACT', 10],
    ['northwind outdoor boots', 'PHRASE', 9],
    ['northwind hiking', 'PHRASE', 8],
  ]);
  kw(brandMisspell, [
    ['northwnd outdoor', 'EXACT', 7],
    ['north wind outdoor', 'EXACT', 7],
  ]);
  kw(bootsMen, [
    ['mens hiking boots', 'PHRASE', 7],
    ['hiking boots for men', 'EXACT', 8],
    ['men waterproof hiking boots', 'BROAD', 6, 'poor'],
    ['wide hiking boots', 'PHRASE', 6],
  ]);
  kw(bootsWomen, [
    ['womens hiking boots', 'PHRASE', 8],
    ['hiking boots for women', 'EXACT', 9, 'strong'],
    ['lightweight hiking boots women', 'BROAD', 6],
  ]);
  kw(waterproof, [
    ['waterproof hiking boots', 'PHRASE', 5],
    ['gore tex boots', 'BROAD', 4, 'wasteful'],
  ]);
  kw(trail, [['trail running shoes', 'BROAD', 4]]);
  kw(compBrands, [
    ['merrell hiking boots', 'PHRASE', 3, 'wasteful'],
    ['salomon boots', 'BROAD', 3, 'wasteful'],
    ['keen hiking boots', 'EXACT', 4, 'poor'],
  ]);
  kw(sandals, [
    ['hiking sandals', 'PHRASE', 6, 'new'],
    ['trail sandals', 'BROAD', 5, 'new'],
  ]);

  const negatives: SearchAdsNegativeKeyword[] = [];
  const neg = (c: SearchAdsCampaign, list: [string, KeywordMatchType][], g?: SearchAdsAdGroup) => {
    for (const [text, match_type] of list) negatives.push({ id: ids.digits(11), campaign_id: c.id, ad_group_id: g?.id, text, match_type });
  };
  neg(generic, [
    ['free', 'BROAD'],
    ['used', 'BROAD'],
    ['repair', 'PHRASE'],
    ['jobs', 'BROAD'],
  ]);
  neg(generic, [['women', 'BROAD']], bootsMen);
  neg(
    generic,
    [
      ['men', 'BROAD'],
      ['mens', 'BROAD'],
    ],
    bootsWomen,
  );
  neg(brand, [['northwind airlines', 'PHRASE']]);
  neg(competitor, [
    ['review', 'BROAD'],
    ['outlet', 'BROAD'],
  ]);

  const negativeLists: StoredNegativeList[] = [
    {
      id: ids.digits(10),
      name: 'Account-wide exclusions',
      campaign_ids: [generic.id, competitor.id],
      attached: {},
      keywords: [
        ['diy', 'BROAD'],
        ['jobs', 'BROAD'],
        ['wholesale', 'PHRASE'],
      ].map(([text, match_type]) => ({ id: ids.digits(11), text: text!, match_type: match_type as KeywordMatchType })),
    },
  ];

  const criteria: SearchAdsCampaignCriterion[] = [];
  const locate = (c: SearchAdsCampaign, geoIds: string[]) => {
    for (const geoId of geoIds) {
      criteria.push({
        id: `${c.id}~${geoId}`,
        campaign_id: c.id,
        criterion_id: geoId,
        type: 'LOCATION',
        geo_target_constant: `geoTargetConstants/${geoId}`,
        negative: false,
      });
    }
  };
  locate(brand, ['2840', '2124']);
  locate(generic, ['2840']);
  locate(competitor, ['1023191', '1013962', '1016367']);
  locate(pmax, ['2840', '2124']);
  locate(remarketing, ['2840']);
  locate(prospecting, ['21137', '21180', '21138']);
  locate(shopping, ['2840']);
  locate(video, ['2840']);
  locate(launch, ['21137', '21176', '21142']);
  locate(holiday, ['2840']);

  const createdAt = `${ago(300)}T12:00:00.000Z`;
  const assets: SearchAdsAsset[] = [];
  const callout = (text: string) => {
    const asset: SearchAdsAsset = { id: ids.digits(11), type: 'CALLOUT', callout_text: text, created_at: createdAt };
    assets.push(asset);
    return asset;
  };
  const call = (phone: string, country = 'US') => {
    const asset: SearchAdsAsset = { id: ids.digits(11), type: 'CALL', phone_number: phone, country_code: country, created_at: createdAt };
    assets.push(asset);
    return asset;
  };
  const callouts = ['Free Shipping Over $50', '30-Day Free Returns', 'Expert Fit Advice', 'Waterproof Guarantee'].map(callout);
  const storePhone = call('+1 800-555-0142');
  const supportPhone = call('+1 800-555-0199');
  const canadaPhone = call('+1 888-555-0123', 'CA');
  call('+1 877-555-0110'); // in the library, linked to no campaign
  const links: SearchAdsCampaignAsset[] = [];
  const link = (c: SearchAdsCampaign, a: SearchAdsAsset) =>
    links.push({ id: `${c.id}~${a.id}~${a.type}`, campaign_id: c.id, asset_id: a.id, field_type: a.type, status: 'ENABLED' });
  for (const a of callouts) link(brand, a);
  for (const a of callouts.slice(0, 3)) link(generic, a);
  link(brand, storePhone);
  link(brand, canadaPhone);
  link(generic, storePhone);
  link(competitor, supportPhone);

  const audiences: StoredUserList[] = [
    ...[
      ['Competitor brand searchers', 'People who searched for competing hiking boot brands'],
      ['Thru-hikers', 'Interests: Appalachian Trail, PCT, long-distance hiking gear'],
      ['Trail runners', 'Visitors of trail-running and ultramarathon sites'],
    ].map(([name, description]) => {
      const id = ids.digits(10);
      return { id, type: 'CUSTOM' as const, name: name!, description, resource_name: `customers/${cid}/customAudiences/${id}` };
    }),
    // User lists: remarketing lists of site visitors (RULE_BASED) and a Customer Match list below the 1,000 users Search needs.
    ...(
      [
        ['All visitors (540 days)', 48_000, 'RULE_BASED', 540, 61_000],
        ['Cart abandoners (30 days)', 3_400, 'RULE_BASED', 30, 4_100],
        ['Purchasers (180 days)', 12_500, 'RULE_BASED', 180, 15_800],
        ['Newsletter subscribers', 800, 'CRM_BASED', 10000, 900],
      ] as const
    ).map(([name, size, listType, lifeSpan, displaySize]): StoredUserList => {
      const id = ids.digits(10);
      return {
        id,
        type: 'USER_LIST' as const,
        name,
        size_for_search: size,
        resource_name: `customers/${cid}/userLists/${id}`,
        list_type: listType,
        membership_status: 'OPEN',
        membership_life_span: lifeSpan,
        size_for_display: displaySize,
        eligible_for_search: true,
        ...(listType === 'CRM_BASED' ? { upload_key_type: 'CONTACT_INFO' as const } : {}),
      };
    }),
  ];
  const audienceOf = (segment: SearchAdsAudienceSegment) => ({
    type: segment.type,
    audience_id: segment.id,
    name: segment.name,
    criterion_id: ids.digits(12),
  });
  const hikingBootsInMarket = AUDIENCE_TAXONOMY.find((a) => a.id === '80443')!;
  const outdoorAffinity = AUDIENCE_TAXONOMY.find((a) => a.id === '92001')!;
  bootsMen.audiences = [audienceOf(hikingBootsInMarket)];
  cartAbandoners.audiences = [audienceOf(audiences.find((a) => a.name.startsWith('Cart abandoners'))!)];
  siteVisitors.audiences = [audienceOf(audiences.find((a) => a.name.startsWith('All visitors'))!)];
  outdoorInterests.audiences = [audienceOf(outdoorAffinity), audienceOf(audiences[0]!)];

  const conversionActions = seededConversionActions(() => ids.digits(9));
  // Display: the image library, the parts of the responsive display ads, and display targeting
  // (made last, so the ids above stay as they were before display existed).
  // The images and videos go to the media library that Performance Max and Search images share.
  const images = SEED_IMAGES.map(({ mime_type, file_size, ...image }) => {
    const id = ids.digits(11);
    return {
      id,
      type: 'IMAGE' as const,
      ...image,
      mime_type,
      ...(file_size !== undefined ? { file_size } : {}),
      image_url: `https://tpc.sandbox.example/simgad/${id}`,
    };
  });
  const imageId = (name: string) => images.find((i) => i.name.startsWith(name))!.id;
  for (const ad of ads.filter((a) => a.type === 'RESPONSIVE_DISPLAY_AD')) {
    const parts: DisplayParts = {
      long_headline: 'Trail-tested boots, packs and layers from Northwind Outdoor',
      business_name: 'Northwind Outdoor',
      marketing_image_ids: [imageId('Trail hero'), imageId('Boots lifestyle')],
      square_marketing_image_ids: [imageId('Trail square')],
      logo_image_ids: [],
      square_logo_image_ids: [imageId('Northwind logo 512')],
      call_to_action_text: 'Shop now',
    };
    Object.assign(ad, { display: parts });
  }
  const videos = SEED_VIDEOS.map(({ title, ...video }) => ({
    id: ids.digits(11),
    type: 'YOUTUBE_VIDEO' as const,
    ...video,
    ...(title ? { video_title: title } : {}),
  }));
  const displayCriteria = seedDisplayCriteria({ prospecting: outdoorInterests, cart: cartAbandoners }, () => ids.digits(12));

  const settings: SearchAdsAccountSettings & { id: string } = defaultSettings(account);

  // A shared budget and a portfolio strategy no campaign uses yet, a weekday schedule on the brand
  // campaign, a mobile bid modifier and a labelled ad group (none of them changes a figure).
  const sharedBudgets = [{ id: ids.digits(10), name: 'Shared - Search Evergreen', amount: 150, delivery_method: 'STANDARD' }];
  const strategies = [{ id: ids.digits(10), name: 'Portfolio - Search tCPA 25', type: 'TARGET_CPA', target_cpa: 25, cpc_bid_ceiling: 4 }];
  const weekday = (day: string) => ({
    id: '',
    criterion_id: ids.digits(11),
    campaign_id: brand.id,
    day_of_week: day,
    start_hour: 6,
    start_minute: 'ZERO',
    end_hour: 22,
    end_minute: 'ZERO',
    bid_modifier: 1,
  });
  const schedules = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY']
    .map(weekday)
    .map((s) => ({ ...s, id: `${brand.id}~${s.criterion_id}` }));
  const devices = [{ id: `${generic.id}~30001`, campaign_id: generic.id, criterion_id: '30001', device: 'MOBILE', bid_modifier: 1.2 }];
  const labelLinks = [
    { id: `ad_group~${compBrands.id}~${reviewLabel}`, label_id: reviewLabel!, entity_type: 'ad_group', entity_id: compBrands.id },
  ];

  await Promise.all([
    store.putMany(KIND.settings, [settings]),
    store.putMany(KIND.campaign, campaigns),
    store.putMany(KIND.adGroup, adGroups),
    store.putMany(KIND.ad, ads),
    store.putMany(KIND.keyword, keywords),
    store.putMany(KIND.negativeKeyword, negatives),
    store.putMany(KIND.campaignCriterion, criteria),
    store.putMany(KIND.asset, assets),
    store.putMany(KIND.campaignAsset, links),
    store.putMany(KIND.label, labels),
    store.putMany(KIND.negativeList, negativeLists),
    store.putMany(KIND.audience, audiences),
    store.putMany(KIND.conversionAction, conversionActions),
    store.putMany(BIDDING_KIND.budget, sharedBudgets),
    store.putMany(BIDDING_KIND.strategy, strategies),
    store.putMany(KIND.adSchedule, schedules),
    store.putMany(BIDDING_KIND.device, devices),
    store.putMany(BIDDING_KIND.labelLink, labelLinks),
    seedPmax(store, cid, pmax.id, createdAt),
    store.putMany(PMAX_KIND.mediaAsset, [...images, ...videos]),
    store.putMany(KIND.adGroupCriterion, displayCriteria),
  ]);
  await seedShoppingFamily(store, account, { shoppingCampaignId: shopping.id, shoppingAdGroupId: shoppingGroup.id });
}
