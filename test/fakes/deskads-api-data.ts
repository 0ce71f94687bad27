/**
 * The fake deskads platform's state for one ad account: its entities as the platform's JSON (the
 * same objects the Campaign Management service answers), the product offers of the merchant store,
 * and the delivery facts the Reporting service aggregates (one fact per keyword or product, day
 * and segment, so every report level adds up exactly: products and ad groups to campaigns,
 * keywords to ad groups). A seeded account is deterministic per account id.
 */
import { createHash } from 'node:crypto';

/** Entities are kept as the platform's JSON. */
export type Wire = Record<string, any>;

export interface Fact {
  date: string;
  campaignId: string;
  adGroupId: string;
  keywordId?: string;
  adId?: string;
  searchQuery?: string;
  merchantProductId?: string;
  device: 'Computer' | 'Smartphone' | 'Tablet';
  network: string;
  locationId: string;
  audienceId?: string;
  impressions: number;
  clicks: number;
  spendCents: number;
  conversions: number;
  revenueCents: number;
}

export interface Change {
  at: string;
  itemChanged: string;
  attribute: string;
  entityId: string;
  entityName: string;
  oldValue: string;
  newValue: string;
  changedBy: string;
}

export interface Product {
  merchantProductId: string;
  title: string;
  brand: string;
  category: string;
  price: number;
  condition: 'New' | 'Used' | 'Refurbished';
  seller: string;
  storeId: string;
}

export interface FakeAccount {
  info: Wire;
  campaigns: Map<string, Wire>;
  adGroups: Map<string, { campaignId: string; wire: Wire }>;
  keywords: Map<string, { adGroupId: string; wire: Wire; quality?: { score: number; ctr: number; relevance: number; landing: number } }>;
  ads: Map<string, { adGroupId: string; wire: Wire }>;
  negatives: Map<string, { entityType: 'Campaign' | 'AdGroup'; entityId: string; wire: Wire }>;
  extensions: Map<string, Wire>;
  associations: { extensionId: string; entityId: string; type: 'Campaign' | 'AdGroup' }[];
  budgets: Map<string, Wire>;
  goals: Map<string, Wire>;
  audiences: Map<string, Wire>;
  /** Ad group criteria (audiences, product partitions). */
  criteria: Map<string, { adGroupId: string; wire: Wire }>;
  campaignCriteria: Map<string, Wire>;
  products: Product[];
  facts: Fact[];
  changes: Change[];
}

export interface FakeCustomer {
  id: string;
  stores: Wire[];
  uetTags: Wire[];
}

/** The locations of the fake's locations file: id, display name (most specific first) and type. */
export const LOCATIONS: { id: string; display: string; type: string }[] = [
  { id: '190', display: 'United States', type: 'Country' },
  { id: '32', display: 'Germany', type: 'Country' },
  { id: '86', display: 'Japan', type: 'Country' },
  { id: '21178', display: 'Washington|United States', type: 'State' },
  { id: '21137', display: 'California|United States', type: 'State' },
  { id: '21167', display: 'New York|United States', type: 'State' },
  { id: '60060', display: 'Seattle|Washington|United States', type: 'City' },
  { id: '49849', display: 'Los Angeles|California|United States', type: 'City' },
  { id: '55229', display: 'New York|New York|United States', type: 'City' },
  { id: '5091', display: 'Berlin|Germany', type: 'State' },
  { id: '105030', display: 'Berlin|Berlin|Germany', type: 'City' },
  { id: '94020', display: 'Tokyo|Japan', type: 'State' },
  { id: '700', display: '98101|Seattle|Washington|United States', type: 'PostalCode' },
];
const CITIES = ['60060', '49849', '55229'];

// A fixed start, not a random one: an account's delivery figures are drawn from its id (seedAccount),
// so every run of a test file sees the same ids and the same figures.
let nextId = 4_100_000_000;
/** A new id of the fake platform (64-bit ids, sent as strings). */
export const newId = () => String(nextId++);

/** A deterministic number in [0, 1) for a seed. */
export function rand(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32;
}

export function emptyAccount(info: Wire): FakeAccount {
  return {
    info,
    campaigns: new Map(),
    adGroups: new Map(),
    keywords: new Map(),
    ads: new Map(),
    negatives: new Map(),
    extensions: new Map(),
    associations: [],
    budgets: new Map(),
    goals: new Map(),
    audiences: new Map(),
    criteria: new Map(),
    campaignCriteria: new Map(),
    products: [],
    facts: [],
    changes: [],
  };
}

const dateOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => dateOf(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
const ymd = (date: string) => {
  const [Year, Month, Day] = date.split('-').map(Number);
  return { Year, Month, Day };
};

/**
 * Seeds an account: a shared budget, three search campaigns (one paused) and a shopping campaign on
 * the customer's store, their ad groups, keywords (with quality scores), negatives, responsive
 * search ads (one disapproved), a product ad and product group, sitelinks and a callout, audiences
 * and an audience criterion, conversion goals, a location criterion, change history, and delivery
 * facts for the 45 days before `yesterday`.
 */
export function seedAccount(account: FakeAccount, customer: FakeCustomer, yesterday: string): void {
  const key = String(account.info.Id);
  const r = (s: string) => rand(`${key}|${s}`);
  const start = addDays(yesterday, -60);
  const budgetId = newId();
  account.budgets.set(budgetId, {
    Id: budgetId,
    Name: 'Shared search budget',
    Amount: 80,
    BudgetType: 'DailyBudgetStandard',
    AssociationCount: 1,
  });
  const tag = customer.uetTags[0]!;
  for (const [name, type, extra] of [
    ['Purchase', 'Url', { UrlOperator: 'Contains', UrlExpression: '/thank-you' }],
    ['Newsletter signup', 'Event', { ActionOperator: 'Equals', ActionExpression: 'signup' }],
    ['Engaged visit', 'Duration', { MinimumDurationInSeconds: 120 }],
  ] as const) {
    const id = newId();
    account.goals.set(id, {
      Id: id,
      Name: name,
      Type: type,
      Status: 'Active',
      Scope: 'Account',
      CountType: type === 'Url' ? 'All' : 'Unique',
      Revenue:
        type === 'Url'
          ? { Type: 'VariableValue', Value: 50, CurrencyCode: account.info.CurrencyCode }
          : { Type: 'NoValue', Value: null, CurrencyCode: null },
      ConversionWindowInMinutes: 43_200,
      TagId: tag.Id,
      TrackingStatus: type === 'Duration' ? 'NoRecentConversions' : 'RecordingConversions',
      GoalCategory: type === 'Url' ? 'Purchase' : type === 'Event' ? 'Signup' : 'Other',
      ...extra,
    });
  }
  const campaign = (name: string, status: string, extra: Wire) => {
    const id = newId();
    account.campaigns.set(id, {
      Id: id,
      Name: name,
      Status: status,
      CampaignType: 'Search',
      BudgetType: 'DailyBudgetStandard',
      DailyBudget: 40,
      BiddingScheme: { Type: 'ManualCpc' },
      Languages: ['English'],
      TimeZone: account.info.TimeZone,
      StartDate: `${start}T00:00:00`,
      EndDate: null,
      ...extra,
    });
    return id;
  };
  const brand = campaign('Brand search', 'Active', {});
  const generic = campaign('Generic search', 'Active', {
    BudgetId: budgetId,
    DailyBudget: 80,
    BiddingScheme: { Type: 'TargetCpa', TargetCpa: 25 },
  });
  const paused = campaign('Winter sale', 'Paused', { DailyBudget: 15.5 });
  const store = customer.stores[0]!;
  const shopping = campaign('Shopping - all products', 'Active', {
    CampaignType: 'Shopping',
    DailyBudget: 60,
    Settings: [{ Type: 'ShoppingSetting', StoreId: store.Id, SalesCountryCode: 'US', Priority: 0, LocalInventoryAdsEnabled: false }],
  });
  const criterionId = newId();
  account.campaignCriteria.set(criterionId, {
    Type: 'BiddableCampaignCriterion',
    Id: criterionId,
    CampaignId: brand,
    Status: 'Active',
    Criterion: {
      Type: 'LocationCriterion',
      LocationId: '190',
      LocationType: 'Country',
      DisplayName: 'United States',
      EnclosedLocationIds: null,
    },
    CriterionBid: { Type: 'BidMultiplier', Multiplier: 0 },
  });

  const group = (campaignId: string, name: string, status: string, bid: number) => {
    const id = newId();
    account.adGroups.set(id, {
      campaignId,
      wire: {
        Id: id,
        Name: name,
        Status: status,
        CpcBid: { Amount: bid },
        Network: 'OwnedAndOperatedAndSyndicatedSearch',
        StartDate: ymd(start),
        EndDate: null,
        Settings: null,
      },
    });
    return id;
  };
  const groups = {
    brandCore: group(brand, 'Brand - core', 'Active', 1.2),
    brandMisspell: group(brand, 'Brand - misspellings', 'Paused', 0.8),
    running: group(generic, 'Running shoes', 'Active', 0.95),
    trail: group(generic, 'Trail shoes', 'Active', 1.1),
    winter: group(paused, 'Winter boots', 'Active', 0.7),
    products: group(shopping, 'All products', 'Active', 0.6),
  };
  const keyword = (adGroupId: string, text: string, matchType: string, bid: number | null, status = 'Active') => {
    const id = newId();
    const score = 3 + Math.floor(r(`qs|${text}`) * 8);
    account.keywords.set(id, {
      adGroupId,
      wire: {
        Id: id,
        Text: text,
        MatchType: matchType,
        Bid: bid === null ? { Amount: null } : { Amount: bid },
        Status: status,
        EditorialStatus: 'Active',
        FinalUrls: null,
      },
      quality: {
        score,
        ctr: 1 + Math.floor(r(`ctr|${text}`) * 3),
        relevance: 1 + Math.floor(r(`rel|${text}`) * 3),
        landing: 1 + Math.floor(r(`lp|${text}`) * 3),
      },
    });
    return id;
  };
  keyword(groups.brandCore, 'northwind outdoor', 'Exact', null);
  keyword(groups.brandCore, 'northwind shoes', 'Phrase', 1.35);
  keyword(groups.brandMisspell, 'northwnd', 'Broad', null);
  keyword(groups.running, 'running shoes', 'Broad', 0.9);
  keyword(groups.running, 'buy running shoes', 'Phrase', null);
  keyword(groups.running, 'cheap sneakers', 'Broad', 0.4, 'Paused');
  keyword(groups.trail, 'trail running shoes', 'Exact', 1.25);
  keyword(groups.trail, 'hiking shoes', 'Phrase', null);
  keyword(groups.winter, 'winter boots', 'Exact', 0.7);

  const negative = (entityType: 'Campaign' | 'AdGroup', entityId: string, text: string, matchType: string) => {
    const id = newId();
    account.negatives.set(id, { entityType, entityId, wire: { Type: 'NegativeKeyword', Id: id, Text: text, MatchType: matchType } });
  };
  negative('Campaign', brand, 'jobs', 'Phrase');
  negative('AdGroup', groups.running, 'free', 'Exact');

  const ad = (adGroupId: string, headline: string, editorial = 'Active') => {
    const id = newId();
    const asset = (text: string) => ({
      Asset: { Type: 'TextAsset', Id: newId(), Name: null, Text: text },
      PinnedField: null,
      EditorialStatus: 'Active',
      AssetPerformanceLabel: null,
    });
    account.ads.set(id, {
      adGroupId,
      wire: {
        Id: id,
        Type: 'ResponsiveSearch',
        Status: 'Active',
        EditorialStatus: editorial,
        FinalUrls: ['https://www.example.com/shoes'],
        Headlines: [headline, 'Free shipping on orders', 'Shop the new season'].map(asset),
        Descriptions: ['Shoes for every trail and every road.', 'Order today and get free returns.'].map(asset),
        Path1: 'shoes',
        Path2: null,
      },
    });
    return id;
  };
  const ads: Record<string, string> = {
    [groups.brandCore]: ad(groups.brandCore, 'Northwind Outdoor official'),
    [groups.brandMisspell]: ad(groups.brandMisspell, 'Northwind Outdoor shoes'),
    [groups.running]: ad(groups.running, 'Running shoes for everyone'),
    [groups.trail]: ad(groups.trail, 'Trail shoes that grip'),
    [groups.winter]: ad(groups.winter, 'WINTER BOOTS SALE', 'Disapproved'),
  };
  const productAd = newId();
  account.ads.set(productAd, {
    adGroupId: groups.products,
    wire: { Id: productAd, Type: 'Product', Status: 'Active', EditorialStatus: 'Active', PromotionalText: null },
  });
  const root = newId();
  account.criteria.set(root, {
    adGroupId: groups.products,
    wire: {
      Type: 'BiddableAdGroupCriterion',
      Id: root,
      AdGroupId: groups.products,
      Status: 'Active',
      Criterion: {
        Type: 'ProductPartition',
        PartitionType: 'Unit',
        ParentCriterionId: null,
        Condition: { Operand: 'All', Attribute: null, Operator: null },
      },
      CriterionBid: { Type: 'FixedBid', Amount: 0.6 },
    },
  });

  for (const [text, type] of [
    ['Free returns', 'callout'],
    ['Running shoes', 'sitelink'],
    ['Trail shoes', 'sitelink'],
  ] as const) {
    const id = newId();
    account.extensions.set(
      id,
      type === 'callout'
        ? { Type: 'CalloutAdExtension', Id: id, Status: 'Active', Version: 1, Text: text }
        : {
            Type: 'SitelinkAdExtension',
            Id: id,
            Status: 'Active',
            Version: 1,
            DisplayText: text,
            Description1: `Shop ${text.toLowerCase()}`,
            Description2: null,
            FinalUrls: [`https://www.example.com/${text.toLowerCase().replace(/ /g, '-')}`],
          },
    );
    account.associations.push(
      type === 'callout'
        ? { extensionId: id, entityId: groups.brandCore, type: 'AdGroup' }
        : { extensionId: id, entityId: brand, type: 'Campaign' },
    );
  }

  const audience = (name: string, type: string, size: number, extra: Wire = {}) => {
    const id = newId();
    account.audiences.set(id, {
      Type: type,
      Id: id,
      Name: name,
      Description: null,
      Scope: 'Account',
      MembershipDuration: type === 'InMarket' ? null : 30,
      SearchSize: String(size),
      AudienceNetworkSize: String(size * 2),
      ...extra,
    });
    return id;
  };
  const visitors = audience('All visitors', 'RemarketingList', 12_500, { TagId: tag.Id });
  audience('In market: athletic shoes', 'InMarket', 2_400_000);
  audience('Similar to all visitors', 'SimilarRemarketingList', 700, { SourceId: visitors });
  audience('Newsletter subscribers', 'CustomerList', 3_100);
  const audienceCriterion = newId();
  account.criteria.set(audienceCriterion, {
    adGroupId: groups.running,
    wire: {
      Type: 'BiddableAdGroupCriterion',
      Id: audienceCriterion,
      AdGroupId: groups.running,
      Status: 'Active',
      Criterion: { Type: 'AudienceCriterion', AudienceId: visitors, AudienceType: 'RemarketingList' },
      CriterionBid: { Type: 'BidMultiplier', Multiplier: 20 },
    },
  });

  account.products = [
    ['NW-1001', 'Trail Runner 2', 'Northwind', 'Apparel & Accessories > Shoes', 129.99, 'New'],
    ['NW-1002', 'Road Racer', 'Northwind', 'Apparel & Accessories > Shoes', 99.5, 'New'],
    ['NW-1003', 'Summit Boot', 'Northwind', 'Apparel & Accessories > Shoes', 189, 'New'],
    ['CT-2001', 'Everyday Sneaker', 'Contoso', 'Apparel & Accessories > Shoes', 59.95, 'New'],
    ['CT-2002', 'Everyday Sneaker (refurbished)', 'Contoso', 'Apparel & Accessories > Shoes', 39, 'Refurbished'],
    ['FB-3001', 'Trail Socks 3-pack', 'Fabrikam', 'Apparel & Accessories > Clothing', 19.99, 'New'],
  ].map(([merchantProductId, title, brandName, category, price, condition]) => ({
    merchantProductId: merchantProductId as string,
    title: title as string,
    brand: brandName as string,
    category: category as string,
    price: price as number,
    condition: condition as Product['condition'],
    seller: 'Northwind Outdoor',
    storeId: store.Id,
  }));

  account.changes = [
    {
      at: `${addDays(yesterday, -2)}T15:04:05`,
      itemChanged: 'Campaign',
      attribute: 'Status',
      entityId: paused,
      entityName: 'Winter sale',
      oldValue: 'Active',
      newValue: 'Paused',
      changedBy: 'marketer@example.com',
    },
    {
      at: `${addDays(yesterday, -1)}T09:30:00`,
      itemChanged: 'Keyword',
      attribute: 'Bid',
      entityId: [...account.keywords.keys()][1]!,
      entityName: 'northwind shoes',
      oldValue: '1.20',
      newValue: '1.35',
      changedBy: 'API',
    },
  ];

  // Delivery facts: each active-then keyword splits its day in two facts (device, network, search, city); each product one.
  const devices = ['Computer', 'Smartphone', 'Tablet'] as const;
  const networks = ['Microsoft sites and select traffic', 'Syndicated search partners', 'Audience'];
  for (let date = addDays(yesterday, -44); date <= yesterday; date = addDays(date, 1)) {
    for (const [keywordId, k] of account.keywords) {
      const adGroup = account.adGroups.get(k.adGroupId)!;
      const campaign = account.campaigns.get(adGroup.campaignId)!;
      if (campaign.Status !== 'Active' && campaign.Id !== paused) continue;
      const groupAudiences = [...account.criteria.values()].filter(
        (c) => c.adGroupId === k.adGroupId && c.wire.Criterion.Type === 'AudienceCriterion',
      );
      for (const part of [0, 1]) {
        const s = `${keywordId}|${date}|${part}`;
        const impressions = 20 + Math.floor(r(`i|${s}`) * 180);
        const clicks = Math.floor(impressions * (0.02 + r(`c|${s}`) * 0.06));
        const cpc = Number(k.wire.Bid?.Amount ?? adGroup.wire.CpcBid.Amount) * (0.6 + r(`p|${s}`) * 0.4);
        const conversions = Math.floor(clicks * r(`v|${s}`) * 0.2);
        account.facts.push({
          date,
          campaignId: adGroup.campaignId,
          adGroupId: k.adGroupId,
          keywordId,
          adId: ads[k.adGroupId],
          searchQuery: part === 0 ? k.wire.Text : `best ${k.wire.Text}`,
          device: devices[Math.floor(r(`d|${s}`) * 3)]!,
          network: networks[Math.floor(r(`n|${s}`) * 3)]!,
          locationId: CITIES[Math.floor(r(`l|${s}`) * 3)]!,
          ...(groupAudiences.length && part === 0 ? { audienceId: groupAudiences[0]!.wire.Criterion.AudienceId } : {}),
          impressions,
          clicks,
          spendCents: Math.round(clicks * cpc * 100),
          conversions,
          revenueCents: conversions * 5000,
        });
      }
    }
    for (const p of account.products) {
      const s = `${p.merchantProductId}|${date}`;
      const impressions = 30 + Math.floor(r(`i|${s}`) * 120);
      const clicks = Math.floor(impressions * (0.01 + r(`c|${s}`) * 0.05));
      const conversions = Math.floor(clicks * r(`v|${s}`) * 0.15);
      account.facts.push({
        date,
        campaignId: shopping,
        adGroupId: groups.products,
        adId: productAd,
        merchantProductId: p.merchantProductId,
        device: devices[Math.floor(r(`d|${s}`) * 3)]!,
        network: networks[0]!,
        locationId: CITIES[Math.floor(r(`l|${s}`) * 3)]!,
        impressions,
        clicks,
        spendCents: Math.round(clicks * 0.45 * 100),
        conversions,
        revenueCents: Math.round(conversions * p.price * 100),
      });
    }
  }
}

/** A location of the locations file by id, with its parts. */
export function locationParts(id: string): { name: string; type: string; country: string; state: string; city: string } {
  const location = LOCATIONS.find((l) => l.id === id);
  const parts = (location?.display ?? '').split('|');
  return {
    name: parts[0] ?? '',
    type: location?.type ?? '',
    country: parts[parts.length - 1] ?? '',
    state: location?.type === 'City' ? (parts[1] ?? '') : '',
    city: location?.type === 'City' ? (parts[0] ?? '') : '',
  };
}
