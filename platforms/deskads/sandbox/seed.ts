/** Seeds a new deskads sandbox account. */
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import type { HistoryEntry, WithHistory } from '../../sandbox/history';
import { idSource } from '../../sandbox/ids';
import type { PerformanceTier } from '../../sandbox/metrics';
import { SandboxStore } from '../../sandbox/store';
import { seedAudiences } from './rest';
import {
  ACCOUNT_INFO_ID,
  KIND,
  type StoredAd,
  type StoredBudget,
  type StoredCampaign,
  type StoredKeyword,
  type StoredNegative,
  type StoredProduct,
} from './stored';
import type {
  DeskAdsQualityRating,
  DeskAdsAdGroup,
  DeskAdsKeyword,
  DeskAdsAccountInfo,
  DeskAdsConversionGoal,
  DeskAdsGoalType,
  DeskAdsUetTag,
  DeskAdsAdExtension,
} from '../port';
import type { DeskAdsAudience, DeskAdsAudienceCriterion, DeskAdsStore } from '../port-rest';

/** A keyword's quality score and components by its tier (new keywords have none yet). */
function qualityOf(tier: PerformanceTier): Pick<DeskAdsKeyword, 'quality_score' | 'quality_components'> {
  const rating = (good: boolean, bad: boolean): DeskAdsQualityRating => (good ? 'AboveAverage' : bad ? 'BelowAverage' : 'Average');
  switch (tier) {
    case 'new':
      return { quality_score: null, quality_components: null };
    case 'strong':
      return {
        quality_score: 8,
        quality_components: { expected_ctr: rating(true, false), ad_relevance: rating(true, false), landing_page: rating(false, false) },
      };
    case 'average':
      return {
        quality_score: 6,
        quality_components: { expected_ctr: rating(false, false), ad_relevance: rating(true, false), landing_page: rating(false, false) },
      };
    case 'poor':
      return {
        quality_score: 4,
        quality_components: { expected_ctr: rating(false, true), ad_relevance: rating(false, false), landing_page: rating(false, true) },
      };
    case 'wasteful':
      return {
        quality_score: 3,
        quality_components: { expected_ctr: rating(false, true), ad_relevance: rating(false, true), landing_page: rating(false, false) },
      };
  }
}

/** Seeds a new sandbox account with realistic deskads entities. Ids are reproducible per account. */
export async function seedDeskAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('deskads', account.account_id);
  const ids = idSource(`deskads:${account.account_id}`);
  const today = isoDate(new Date());
  const ago = (days: number) => addDays(today, -days);

  const info: DeskAdsAccountInfo = {
    id: ACCOUNT_INFO_ID,
    account_id: account.account_id,
    account_number: `F${ids.digits(7)}`,
    name: account.name,
    status: 'Active',
    currency_code: account.currency,
    time_zone: account.time_zone,
    parent_customer_id: ids.digits(9),
  };

  const tags: DeskAdsUetTag[] = [
    { id: ids.digits(8), name: 'Northwind main site', status: 'Active' },
    { id: ids.digits(8), name: 'Northwind blog', status: 'Unverified' },
  ];
  const [mainTag, blogTag] = tags;

  const goal = (
    name: string,
    type: DeskAdsGoalType,
    status: string,
    tracking_status: string,
    category: string,
    revenue: [string, number | null],
    start?: number,
    tag = mainTag,
  ): DeskAdsConversionGoal => ({
    id: ids.digits(8),
    name,
    type,
    status,
    tracking_status,
    tag_id: type === 'OfflineConversion' || type === 'InStoreTransaction' ? undefined : tag!.id,
    revenue_type: revenue[0],
    revenue_value: revenue[1],
    currency_code: account.currency,
    count_type: category === 'Purchase' ? 'All' : 'Unique',
    conversion_window_minutes: type === 'InStoreTransaction' ? 43200 : 43200 / (type === 'Url' ? 1 : 2),
    goal_category: category,
    scope: 'Account',
    start_date: start === undefined ? undefined : ago(start),
  });
  const goals: DeskAdsConversionGoal[] = [
    goal('Purchase - Order Confirmation', 'Url', 'Active', 'RecentConversions', 'Purchase', ['VariableValue', 48]),
    goal('Newsletter Signup', 'Event', 'Active', 'RecentConversions', 'Signup', ['FixedValue', 2], 200),
    goal('Add to Cart', 'Event', 'Active', 'RecentConversions', 'AddToCart', ['NoValue', null], 150),
    goal('Store Locator Use', 'Event', 'Paused', 'NoRecentConversions', 'Other', ['NoValue', null], 300),
    goal('Engaged Visit (3+ min)', 'Duration', 'Active', 'RecentConversions', 'Other', ['FixedValue', 0.5], 90),
    goal('Deep Browse (5+ pages)', 'PagesViewedPerVisit', 'Active', 'NoRecentConversions', 'PageView', ['FixedValue', 0.25]),
    goal('Trail App Install', 'AppInstall', 'Active', 'TagUnverified', 'Download', ['FixedValue', 3], 40, blogTag),
    goal('CRM Qualified Lead Import', 'OfflineConversion', 'Active', 'RecentConversions', 'Lead', ['VariableValue', 120], 60),
    goal('In-Store Purchase', 'InStoreTransaction', 'Paused', 'NoRecentConversions', 'Purchase', ['VariableValue', 75], 25),
    goal('Gift Card Purchase', 'Url', 'Active', 'RecentConversions', 'Purchase', ['FixedValue', 50], 330),
    goal('Catalog Request (old)', 'Url', 'InActive', 'TagInactive', 'Lead', ['FixedValue', 5]),
    goal('Blog Newsletter', 'Event', 'Active', 'TagUnverified', 'Signup', ['NoValue', null], 10, blogTag),
  ];

  const store1 = { id: ids.digits(7), name: 'Northwind Outdoor US' };
  const store2 = { id: ids.digits(7), name: 'Northwind Outlet' };
  const campaigns = [
    { id: ids.digits(9), name: 'Shopping - All Products', type: 'Shopping', daily_budget: 120 },
    { id: ids.digits(9), name: 'PMax - Footwear', type: 'PerformanceMax', daily_budget: 70 },
  ];
  const catalog: [title: string, brand: string, category: string, price: number][] = [
    ["Ridgeline Men's Waterproof Hiking Boot", 'Northwind', 'Apparel & Accessories > Shoes > Boots', 159],
    ["Ridgeline Women's Waterproof Hiking Boot", 'Northwind', 'Apparel & Accessories > Shoes > Boots', 159],
    ['Summit Pro Mountaineering Boot', 'Northwind', 'Apparel & Accessories > Shoes > Boots', 289],
    ['Trailhead Mid Hiker', 'Northwind', 'Apparel & Accessories > Shoes > Boots', 129],
    ['Canyon Trail Runner', 'Northwind', 'Apparel & Accessories > Shoes > Athletic Shoes', 119],
    ['Riverbend Hiking Sandal', 'Northwind', 'Apparel & Accessories > Shoes > Sandals', 69],
    ['Alpine 30L Daypack', 'Northwind', 'Luggage & Bags > Backpacks', 99],
    ['Alpine 55L Backpacking Pack', 'Northwind', 'Luggage & Bags > Backpacks', 219],
    ['Merino Hiking Sock 3-Pack', 'Northwind', 'Apparel & Accessories > Clothing > Socks', 36],
    ['Stormshell Rain Jacket', 'Northwind', 'Apparel & Accessories > Clothing > Outerwear', 179],
    ['Featherlite Down Jacket', 'Northwind', 'Apparel & Accessories > Clothing > Outerwear', 229],
    ['Trekking Poles (Pair)', 'Northwind', 'Sporting Goods > Outdoor Recreation > Hiking', 89],
    ['Headlamp 400 Lumen', 'Lumen & Co', 'Sporting Goods > Outdoor Recreation > Camping', 45],
    ['Ultralight 2P Tent', 'Northwind', 'Sporting Goods > Outdoor Recreation > Camping > Tents', 349],
    ['Down Sleeping Bag 20F', 'Northwind', 'Sporting Goods > Outdoor Recreation > Camping > Sleeping Bags', 279],
    ['Insulated Water Bottle 32oz', 'HydroPeak', 'Sporting Goods > Outdoor Recreation > Hiking', 34],
    ['Gaiters Waterproof', 'Northwind', 'Apparel & Accessories > Shoes > Shoe Accessories', 49],
    ['Boot Waterproofing Wax', 'Northwind', 'Apparel & Accessories > Shoes > Shoe Care', 12],
    ['Kids Trail Boot', 'Northwind', 'Apparel & Accessories > Shoes > Boots', 79],
    ['Refurbished GPS Watch', 'TrailTime', 'Electronics > GPS', 149],
  ];
  const tiers: PerformanceTier[] = ['strong', 'average', 'average', 'poor', 'wasteful', 'new', 'strong', 'average'];
  const products: StoredProduct[] = [];
  catalog.forEach(([title, brand, category, price], i) => {
    const outlet = i % 5 === 4;
    const campaign = category.includes('Shoes') && i % 2 === 0 ? campaigns[1]! : campaigns[0]!;
    const performance = tiers[i % tiers.length]!;
    products.push({
      id: ids.digits(12),
      merchant_product_id: `NWO-${String(1000 + i * 37)}`,
      title,
      brand,
      category,
      seller: outlet ? 'Northwind Outlet LLC' : brand === 'Northwind' ? 'Northwind Outdoor Inc.' : `${brand} via Northwind`,
      store_id: outlet ? store2.id : store1.id,
      store_name: outlet ? store2.name : store1.name,
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      campaign_type: campaign.type,
      condition: title.startsWith('Refurbished') ? 'Refurbished' : 'New',
      price,
      quality_score: 3 + Math.floor(ids.random() * 8),
      impression_share: Math.round((0.15 + ids.random() * 0.8) * 100) / 100,
      start_date: performance === 'new' ? ago(12) : ago(120 + i * 9),
      performance,
    });
  });

  // What happened before today: the shopping budget went from 90 to 120, the refurbished offer was
  // disapproved by review (it serves nothing since).
  const at = (daysAgo: number, hour: number, before: Record<string, unknown>): HistoryEntry => ({
    at: `${ago(daysAgo)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
    before,
  });
  const storedCampaigns: WithHistory<StoredCampaign>[] = campaigns.map((c, i) => ({
    id: c.id,
    name: c.name,
    type: c.type as StoredCampaign['type'],
    status: 'Active',
    daily_budget: c.daily_budget,
    bid_strategy: i === 0 ? 'EnhancedCpc' : 'MaxConversions',
    start_date: ago(400),
    ...(i === 0 ? { history: [at(21, 14, { daily_budget: 90 })] } : {}),
  }));

  // Search campaigns: ad groups with keywords of every tier (waste included), negatives, one paused campaign.
  const search = (
    name: string,
    daily_budget: number,
    status: StoredCampaign['status'],
    startedAgo: number,
  ): WithHistory<StoredCampaign> => ({
    id: ids.digits(9),
    name,
    type: 'Search',
    status,
    daily_budget,
    bid_strategy: 'ManualCpc',
    start_date: ago(startedAgo),
  });
  const boots = search('Search - Hiking Boots', 60, 'Active', 300);
  const brand = search('Search - Brand', 25, 'Active', 500);
  const camping = search('Search - Camping Gear', 40, 'Paused', 200);
  camping.history = [at(40, 10, { status: 'Active' })];
  // The camping campaign draws on a shared budget (its whole amount, as its only campaign).
  // (Ids of this family's entities come from their own source, so the ids above, and the figures drawn from them, stay as they were.)
  const restIds = idSource(`deskads-rest:${account.account_id}`);
  const sharedBudget: StoredBudget = {
    id: restIds.digits(9),
    name: 'Seasonal campaigns (shared)',
    amount: camping.daily_budget,
    budget_type: 'DailyBudgetStandard',
  };
  camping.budget_id = sharedBudget.id;
  storedCampaigns.push(boots, brand, camping);
  const adGroups: DeskAdsAdGroup[] = [];
  const keywords: StoredKeyword[] = [];
  const group = (
    campaign: StoredCampaign,
    name: string,
    cpc_bid: number,
    status: DeskAdsAdGroup['status'],
    words: [string, DeskAdsKeyword['match_type'], PerformanceTier, DeskAdsKeyword['status']?][],
  ) => {
    const g: DeskAdsAdGroup = {
      id: ids.digits(10),
      campaign_id: campaign.id,
      name,
      status,
      cpc_bid,
      network: 'OwnedAndOperatedAndSyndicatedSearch',
      start_date: campaign.start_date,
    };
    adGroups.push(g);
    for (const [text, match_type, performance, kwStatus] of words) {
      keywords.push({
        id: ids.digits(11),
        ad_group_id: g.id,
        campaign_id: campaign.id,
        text,
        match_type,
        bid: null,
        status: kwStatus ?? 'Active',
        ...qualityOf(performance),
        final_url: null,
        performance,
      });
    }
  };
  group(boots, 'Waterproof Boots', 1.2, 'Active', [
    ['waterproof hiking boots', 'Exact', 'strong'],
    ['waterproof boots', 'Phrase', 'average'],
    ['hiking boots', 'Broad', 'wasteful'],
    ['gore tex boots', 'Phrase', 'poor'],
  ]);
  group(boots, 'Trail Runners', 0.9, 'Active', [
    ['trail running shoes', 'Exact', 'average'],
    ['trail runners', 'Phrase', 'strong'],
    ['running shoes', 'Broad', 'wasteful'],
    ['cheap trail shoes', 'Phrase', 'poor', 'Paused'],
  ]);
  group(boots, 'Kids Boots (test)', 0.6, 'Paused', [['kids hiking boots', 'Phrase', 'new']]);
  group(brand, 'Brand Terms', 0.5, 'Active', [
    ['northwind outdoor', 'Exact', 'strong'],
    ['northwind boots', 'Phrase', 'strong'],
  ]);
  group(camping, 'Tents', 1.1, 'Active', [
    ['ultralight tent', 'Exact', 'average'],
    ['camping tent', 'Broad', 'poor'],
  ]);
  // Every ad group has a responsive search ad, reviewed long ago; one older ad was disapproved.
  const reviewed = (outcome: 'Approved' | 'Disapproved', reason: string | null) => ({
    review_done_at: `${ago(300)}T00:30:00.000Z`,
    review_outcome: outcome,
    review_reason: reason,
  });
  const ads: StoredAd[] = adGroups.flatMap((g, i) => {
    const words = keywords.find((k) => k.ad_group_id === g.id)?.text ?? g.name;
    const title = words.replace(/\b\w/g, (c) => c.toUpperCase()).slice(0, 30);
    const base = {
      ad_group_id: g.id,
      campaign_id: g.campaign_id,
      type: 'ResponsiveSearch' as const,
      headlines: [title, 'Northwind Outdoor', 'Free Shipping Over $50', 'Trail-Tested Gear'],
      descriptions: ['Gear that goes further, tested on real trails.', 'Order today and get free returns for 60 days.'],
      path1: 'gear',
      path2: null,
      final_url: 'https://www.example.com/northwind',
      status: 'Active' as const,
    };
    const main: StoredAd = { id: ids.digits(12), ...base, ...reviewed('Approved', null) };
    return i === 0
      ? [
          main,
          {
            id: ids.digits(12),
            ...base,
            headlines: ['HUGE SALE on Boots', ...base.headlines.slice(1)],
            ...reviewed('Disapproved', 'ExcessiveCapitalization: "HUGE SALE on Boots"'),
          },
        ]
      : [main];
  });
  const negatives: StoredNegative[] = [
    {
      id: ids.digits(11),
      level: 'Campaign',
      owner_id: brand.id,
      campaign_id: brand.id,
      text: 'free',
      match_type: 'Phrase',
      created_at: `${ago(200)}T00:00:00.000Z`,
    },
    {
      id: ids.digits(11),
      level: 'AdGroup',
      owner_id: adGroups[0]!.id,
      campaign_id: boots.id,
      text: 'used hiking boots',
      match_type: 'Exact',
      created_at: `${ago(200)}T00:00:00.000Z`,
    },
  ];
  const refurbished = products.find((p) => p.condition === 'Refurbished')! as WithHistory<StoredProduct>;
  refurbished.offer_status = 'Disapproved';
  refurbished.history = [at(15, 9, { offer_status: 'Approved' })];

  // Audiences: remarketing and customer lists of the account, the platform's in-market and similar
  // audiences; the boots ad groups bid on some of them (bid only) since long ago.
  const audiences = seedAudiences(restIds, ago);
  const criterion = (g: DeskAdsAdGroup, a: DeskAdsAudience, bid_adjustment: number, excluded = false): DeskAdsAudienceCriterion => ({
    id: restIds.digits(12),
    ad_group_id: g.id,
    campaign_id: g.campaign_id,
    audience_id: a.id,
    audience_type: a.type,
    bid_adjustment,
    excluded,
    status: 'Active',
    created_at: `${ago(200)}T00:00:00.000Z`,
  });
  const audienceCriteria = [
    criterion(adGroups[0]!, audiences[0]!, 25),
    criterion(adGroups[0]!, audiences[1]!, 50),
    criterion(adGroups[0]!, audiences[5]!, 10),
    criterion(adGroups[0]!, audiences[2]!, 0, true),
    criterion(adGroups[1]!, audiences[6]!, 15),
    criterion(adGroups[1]!, audiences[8]!, 0),
  ];

  await Promise.all([
    store.putMany(KIND.budget, [sharedBudget]),
    store.putMany(KIND.store, [
      { ...store1, status: 'Active' },
      { ...store2, status: 'Active' },
    ] as DeskAdsStore[]),
    store.putMany(KIND.audience, audiences),
    store.putMany(KIND.audienceCriterion, audienceCriteria),
    store.putMany(KIND.account, [info]),
    store.putMany(KIND.campaign, storedCampaigns),
    store.putMany(KIND.adGroup, adGroups),
    store.putMany(KIND.keyword, keywords),
    store.putMany(KIND.negative, negatives),
    store.putMany(KIND.ad, ads),
    store.putMany(KIND.tag, tags),
    store.putMany(KIND.goal, goals),
    store.putMany(KIND.product, products),
    // The brand campaign carries the sitelinks and callouts an established account has.
    store.putMany(KIND.extension, [
      {
        id: ids.digits(10),
        type: 'SitelinkAdExtension',
        display_text: 'Hiking Boots',
        final_url: 'https://www.northwind-outdoor.example/boots',
        description1: 'Waterproof and tested',
        description2: 'Free returns for 60 days',
        associations: [{ type: 'Campaign', id: brand.id, campaign_id: brand.id }],
      },
      {
        id: ids.digits(10),
        type: 'SitelinkAdExtension',
        display_text: 'Store Finder',
        final_url: 'https://www.northwind-outdoor.example/stores',
        associations: [{ type: 'Campaign', id: brand.id, campaign_id: brand.id }],
      },
      {
        id: ids.digits(10),
        type: 'CalloutAdExtension',
        text: 'Free Shipping Over $50',
        associations: [{ type: 'Campaign', id: brand.id, campaign_id: brand.id }],
      },
    ] as DeskAdsAdExtension[]),
  ]);
}
