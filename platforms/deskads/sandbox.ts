import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { addDays, isoDate } from '../dates';
import { deliverParentDay, type DayFigures } from '../sandbox/allocate';
import { lastReportDay } from '../dates';
import { totals } from '../metrics';
import type { HistoryEntry, WithHistory } from '../sandbox/history';
import { digits, idSource } from '../sandbox/ids';
import { dailyMetrics, datesBetween, profileFor, type PerformanceTier } from '../sandbox/metrics';
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
export const KIND = { account: 'account', goal: 'conversion_goal', tag: 'uet_tag', product: 'product', campaign: 'campaign' } as const;
const ACCOUNT_INFO_ID = 'info';

/** A new sandbox AccountId, shaped like the real platform's (nine digits). */
export const newDeskAdsAccountId = () => `1${digits(8)}`;

/**
 * What the sandbox stores of a product: the product, the tier its simulated figures come from and
 * its offer review status (a disapproved offer does not serve).
 */
type StoredProduct = DeskAdsProduct & { performance: PerformanceTier; offer_status?: 'Approved' | 'Disapproved' };

/** The campaigns products serve under: the daily budget their products share, and whether they run. */
interface StoredCampaign {
  id: string;
  name: string;
  /** Active or Paused. */
  status: string;
  daily_budget: number;
  start_date: string;
}

/** A product offer draws far fewer impressions than a whole campaign. */
const PRODUCT_IMPRESSION_SCALE = 0.12;

/** A product's whole-day demand from its tier. */
function productDemand(p: StoredProduct, date: string): DayFigures {
  const profile = profileFor(p.performance, { impressions: profileFor(p.performance).impressions * PRODUCT_IMPRESSION_SCALE });
  const { date: _date, video_views: _views, ...day } = dailyMetrics(p.id, date, profile);
  return day;
}

/**
 * The delivery model: each campaign's day, from the history of it and its products, is its serving
 * products' demand capped by its daily budget (the platform keeps a day within the budget), rounded
 * once and split among the products (../sandbox/allocate.ts), so product rows add up to campaign
 * rows exactly and a past day never changes. A paused campaign or one not started yet, and a
 * disapproved or not yet started offer, serve nothing. Days from today on have no delivery yet.
 */
function deliveryOf(campaigns: WithHistory<StoredCampaign>[], products: WithHistory<StoredProduct>[], dates: string[]) {
  const days: { date: string; campaign_id: string; total: DayFigures; products: Map<string, DayFigures> }[] = [];
  const ids = [...new Set(products.map((p) => p.campaign_id))];
  for (const id of ids) {
    // A product under a campaign the sandbox does not hold (older accounts): no budget, always on.
    const campaign = campaigns.find((c) => c.id === id) ?? { id, name: '', status: 'Active', daily_budget: 0, start_date: '0000-01-01' };
    const children = products.filter((p) => p.campaign_id === id);
    for (const date of dates) {
      const day = deliverParentDay<StoredCampaign, StoredProduct>({
        date,
        parent: campaign,
        children,
        parentDelivers: (c, d) => c.status === 'Active' && c.start_date <= d,
        dailyBudget: (c) => (c.daily_budget > 0 ? c.daily_budget : undefined),
        childDemand: (p, d) => (p.offer_status !== 'Disapproved' && p.start_date <= d ? productDemand(p, d) : undefined),
      });
      if (day.total.impressions > 0) days.push({ date, campaign_id: id, total: day.total, products: day.children });
    }
  }
  return days;
}

type Figures = Pick<DeskAdsReportRow, 'impressions' | 'clicks' | 'spend' | 'conversions' | 'revenue'>;

/** Figures of one report row: the days given, added up (spend and revenue to the cent). */
function figuresOf(days: readonly Figures[]): Figures {
  const { impressions, clicks, spend, conversions, revenue } = totals(days);
  return { impressions, clicks, spend, conversions, revenue };
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

  /** Rows from the delivery model (deliveryOf): product rows add up to their campaign's rows. */
  async getReport(request: DeskAdsReportRequest): Promise<DeskAdsReportRow[]> {
    const last = lastReportDay(new Date());
    const dates = datesBetween(request.start_date, request.end_date < last ? request.end_date : last);
    if (!dates.length) return [];
    const [campaigns, products] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, { withHistory: true }),
      this.store.list<StoredProduct>(KIND.product, { withHistory: true }),
    ]);
    const byProduct = request.report_type === 'ProductDimensionPerformance';
    // The days of each row's entity, keyed by product or campaign (and day, for Daily).
    const groups = new Map<string, { date?: string; campaign_id: string; product_id?: string; days: Figures[] }>();
    const collect = (key: string, row: { date?: string; campaign_id: string; product_id?: string }, figures: Figures) => {
      const group = groups.get(key) ?? { ...row, days: [] };
      group.days.push(figures);
      groups.set(key, group);
    };
    for (const day of deliveryOf(campaigns, products, dates)) {
      const date = request.aggregation === 'Daily' ? day.date : undefined;
      if (!byProduct) {
        collect(`${day.campaign_id}|${date ?? ''}`, { ...(date ? { date } : {}), campaign_id: day.campaign_id }, day.total);
        continue;
      }
      for (const [productId, figures] of day.products) {
        collect(`${productId}|${date ?? ''}`, { ...(date ? { date } : {}), campaign_id: day.campaign_id, product_id: productId }, figures);
      }
    }
    const rows = [...groups.values()].map(({ days, ...dimensions }) => ({ ...dimensions, ...figuresOf(days) }));
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

  // What happened before today: the shopping budget went from 90 to 120, the refurbished offer was
  // disapproved by review (it serves nothing since).
  const at = (daysAgo: number, hour: number, before: Record<string, unknown>): HistoryEntry => ({ at: `${ago(daysAgo)}T${String(hour).padStart(2, '0')}:00:00.000Z`, before });
  const storedCampaigns: WithHistory<StoredCampaign>[] = campaigns.map((c, i) => ({
    id: c.id, name: c.name, status: 'Active', daily_budget: c.daily_budget, start_date: ago(400),
    ...(i === 0 ? { history: [at(21, 14, { daily_budget: 90 })] } : {}),
  }));
  const refurbished = products.find((p) => p.condition === 'Refurbished')! as WithHistory<StoredProduct>;
  refurbished.offer_status = 'Disapproved';
  refurbished.history = [at(15, 9, { offer_status: 'Approved' })];

  await Promise.all([
    store.putMany(KIND.account, [info]),
    store.putMany(KIND.campaign, storedCampaigns),
    store.putMany(KIND.tag, tags),
    store.putMany(KIND.goal, goals),
    store.putMany(KIND.product, products),
  ]);
}
