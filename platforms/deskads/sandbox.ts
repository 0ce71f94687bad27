import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { addDays, isoDate } from '../dates';
import type { DailyMetrics } from '../metrics';
import { digits, idSource } from '../sandbox/ids';
import { metricsBetween, profileFor, type PerformanceTier } from '../sandbox/metrics';
import { SandboxPlatform } from '../sandbox/platform';
import { SandboxStore } from '../sandbox/store';
import type {
  DeskAdsAccountInfo,
  DeskAdsConversionGoal,
  DeskAdsGoalType,
  DeskAdsPort,
  DeskAdsProduct,
  DeskAdsReportRequest,
  DeskAdsReportRow,
  DeskAdsUetTag,
} from './port';

/** Entity kinds of the deskads sandbox (the sort-key prefixes). */
export const KIND = { account: 'account', goal: 'conversion_goal', tag: 'uet_tag', product: 'product' } as const;
const ACCOUNT_INFO_ID = 'info';

/** A new sandbox AccountId, shaped like the real platform's (nine digits). */
export const newDeskAdsAccountId = () => `1${digits(8)}`;

/** What the sandbox stores of a product: the product plus the tier its simulated figures come from. */
type StoredProduct = DeskAdsProduct & { performance: PerformanceTier };

/** A product offer draws far fewer impressions than a whole campaign. */
const PRODUCT_IMPRESSION_SCALE = 0.12;

/** The simulated days of a product, from its start date. */
function productDays(p: StoredProduct, start: string, end: string): DailyMetrics[] {
  const profile = profileFor(p.performance, { impressions: profileFor(p.performance).impressions * PRODUCT_IMPRESSION_SCALE });
  return metricsBetween(p.id, start, end, profile, p.start_date);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Figures of one report row: the days given, added up. */
function figuresOf(days: readonly DailyMetrics[]): Pick<DeskAdsReportRow, 'impressions' | 'clicks' | 'spend' | 'conversions' | 'revenue'> {
  const sum = { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
  for (const day of days) {
    sum.impressions += day.impressions;
    sum.clicks += day.clicks;
    sum.spend += day.spend;
    sum.conversions += day.conversions;
    sum.revenue += day.revenue;
  }
  return { ...sum, spend: round2(sum.spend), revenue: round2(sum.revenue) };
}

/** The simulated deskads platform for one sandbox account. */
export class DeskAdsSandbox extends SandboxPlatform implements DeskAdsPort {
  getAccountInfo(): Promise<DeskAdsAccountInfo> {
    return this.store.require<DeskAdsAccountInfo>(KIND.account, ACCOUNT_INFO_ID);
  }

  listConversionGoals(): Promise<DeskAdsConversionGoal[]> {
    return this.store.list<DeskAdsConversionGoal>(KIND.goal);
  }

  listUetTags(): Promise<DeskAdsUetTag[]> {
    return this.store.list<DeskAdsUetTag>(KIND.tag);
  }

  async listProducts(): Promise<DeskAdsProduct[]> {
    return (await this.store.list<StoredProduct>(KIND.product)).map(({ performance: _tier, ...product }) => product);
  }

  /** Rows from the deterministic model: each product's own days; a campaign's are its products' added up. */
  async getReport(request: DeskAdsReportRequest): Promise<DeskAdsReportRow[]> {
    const { start_date: start, end_date: end } = request;
    const products = await this.store.list<StoredProduct>(KIND.product);
    // The days of each row's entity, keyed by product or campaign.
    const groups = new Map<string, { campaign_id: string; product_id?: string; days: DailyMetrics[][] }>();
    for (const p of products) {
      const key = request.report_type === 'ProductDimensionPerformance' ? p.id : p.campaign_id;
      const group = groups.get(key) ?? { campaign_id: p.campaign_id, ...(request.report_type === 'ProductDimensionPerformance' ? { product_id: p.id } : {}), days: [] };
      group.days.push(productDays(p, start, end));
      groups.set(key, group);
    }
    const rows: DeskAdsReportRow[] = [];
    for (const { days, ...dimensions } of groups.values()) {
      if (request.aggregation === 'Summary') {
        rows.push({ ...dimensions, ...figuresOf(days.flat()) });
      } else {
        days[0]!.forEach((day, i) => rows.push({ date: day.date, ...dimensions, ...figuresOf(days.map((list) => list[i]!)) }));
      }
    }
    // The reporting service returns rows with activity only.
    return rows.filter((row) => row.impressions > 0);
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
    time_zone: 'EasternTimeUSCanada',
    parent_customer_id: ids.digits(9),
  };

  const tags: DeskAdsUetTag[] = [
    { id: ids.digits(8), name: 'Northwind main site', status: 'Active' },
    { id: ids.digits(8), name: 'Northwind blog', status: 'Unverified' },
  ];
  const [mainTag, blogTag] = tags;

  const goal = (
    name: string, type: DeskAdsGoalType, status: string, tracking_status: string, category: string,
    revenue: [string, number | null], start?: number, tag = mainTag,
  ): DeskAdsConversionGoal => ({
    id: ids.digits(8), name, type, status, tracking_status,
    tag_id: type === 'OfflineConversion' || type === 'InStoreTransaction' ? undefined : tag!.id,
    revenue_type: revenue[0], revenue_value: revenue[1], currency_code: account.currency,
    count_type: category === 'Purchase' ? 'All' : 'Unique',
    conversion_window_minutes: type === 'InStoreTransaction' ? 43200 : 43200 / (type === 'Url' ? 1 : 2),
    goal_category: category, scope: 'Account', start_date: start === undefined ? undefined : ago(start),
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
    { id: ids.digits(9), name: 'Shopping - All Products', type: 'Shopping' },
    { id: ids.digits(9), name: 'PMax - Footwear', type: 'PerformanceMax' },
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
      title, brand, category,
      seller: outlet ? 'Northwind Outlet LLC' : brand === 'Northwind' ? 'Northwind Outdoor Inc.' : `${brand} via Northwind`,
      store_id: outlet ? store2.id : store1.id,
      store_name: outlet ? store2.name : store1.name,
      campaign_id: campaign.id, campaign_name: campaign.name, campaign_type: campaign.type,
      condition: title.startsWith('Refurbished') ? 'Refurbished' : 'New',
      price,
      quality_score: 3 + Math.floor(ids.random() * 8),
      impression_share: Math.round((0.15 + ids.random() * 0.8) * 100) / 100,
      start_date: performance === 'new' ? ago(12) : ago(120 + i * 9),
      performance,
    });
  });

  await Promise.all([
    store.putMany(KIND.account, [info]),
    store.putMany(KIND.tag, tags),
    store.putMany(KIND.goal, goals),
    store.putMany(KIND.product, products),
  ]);
}
