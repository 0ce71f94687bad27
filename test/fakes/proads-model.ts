/**
 * The state of the fake professional-network Marketing API (test/fakes/proads-api.ts): members and
 * their ad account roles, ad accounts with campaign groups, campaigns, creatives and the page posts
 * behind them, media library, conversion rules, matched audiences, a small targeting catalog with
 * audience counts, budget limits per currency, and a delivery model: figures per creative and UTC
 * day, a deterministic function of the creative and the day (a past day never changes; today and
 * later have none), split over member demographics for the demographic pivots.
 */
import { createHash, randomInt } from 'node:crypto';

export type Json = Record<string, any>;

export interface FakeAccount {
  id: string;
  name: string;
  currency: string;
  status: string;
  reference: string;
  /** Member URN → role on the account. */
  roles: Map<string, string>;
  groups: Json[];
  campaigns: Json[];
  creatives: Json[];
  images: Json[];
  videos: Json[];
  conversions: Json[];
  segments: Json[];
}

export const DAY_MS = 86_400_000;
export const hash = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);
export const newId = () => String(randomInt(100_000_000, 999_999_999));
export const today = () => new Date().toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);

// ---- Targeting catalog (facet → entities), with each value's share of the membership.

export const FACET = (name: string) => `urn:li:adTargetingFacet:${name}`;
type Entity = { urn: string; name: string; share: number };
const SIZES: [number, number, string][] = [
  [1, 1, 'Myself only'],
  [2, 10, '2-10 employees'],
  [11, 50, '11-50 employees'],
  [51, 200, '51-200 employees'],
  [201, 500, '201-500 employees'],
  [501, 1000, '501-1,000 employees'],
  [1001, 5000, '1,001-5,000 employees'],
  [5001, 10000, '5,001-10,000 employees'],
  [10001, 2147483647, '10,001+ employees'],
];
export const CATALOG: Record<string, Entity[]> = {
  locations: [
    { urn: 'urn:li:geo:103644278', name: 'United States', share: 0.22 },
    { urn: 'urn:li:geo:101174742', name: 'Canada', share: 0.025 },
    { urn: 'urn:li:geo:101165590', name: 'United Kingdom', share: 0.045 },
    { urn: 'urn:li:geo:101282230', name: 'Germany', share: 0.025 },
    { urn: 'urn:li:geo:105015875', name: 'France', share: 0.03 },
  ],
  seniorities: ['Unpaid', 'Training', 'Entry', 'Senior', 'Manager', 'Director', 'VP', 'CXO', 'Partner', 'Owner'].map((name, i) => ({
    urn: `urn:li:seniority:${i + 1}`,
    name,
    share: [0.02, 0.03, 0.25, 0.25, 0.18, 0.08, 0.04, 0.03, 0.02, 0.1][i]!,
  })),
  jobFunctions: [
    [1, 'Accounting'],
    [4, 'Business Development'],
    [8, 'Engineering'],
    [10, 'Finance'],
    [12, 'Human Resources'],
    [13, 'Information Technology'],
    [15, 'Marketing'],
    [18, 'Operations'],
    [25, 'Sales'],
  ].map(([id, name]) => ({ urn: `urn:li:function:${id}`, name: name as string, share: 0.08 })),
  industries: [
    [4, 'Software Development'],
    [43, 'Financial Services'],
    [68, 'Higher Education'],
    [14, 'Hospitals and Health Care'],
    [27, 'Retail'],
    [25, 'Manufacturing'],
  ].map(([id, name]) => ({ urn: `urn:li:industry:${id}`, name: name as string, share: 0.06 })),
  staffCountRanges: SIZES.map(([from, to, name]) => ({ urn: `urn:li:staffCountRange:(${from},${to})`, name, share: 0.1 })),
  titles: [
    [194, 'Chief Financial Officer'],
    [203, 'Chief Information Officer'],
    [9, 'Software Engineer'],
  ].map(([id, name]) => ({ urn: `urn:li:title:${id}`, name: name as string, share: 0.004 })),
  skills: [
    [1750, 'Cloud Computing'],
    [2214, 'Cybersecurity'],
  ].map(([id, name]) => ({ urn: `urn:li:skill:${id}`, name: name as string, share: 0.02 })),
  interfaceLocales: [
    { urn: 'urn:li:locale:en_US', name: 'English', share: 1 },
    { urn: 'urn:li:locale:de_DE', name: 'German', share: 1 },
  ],
};
/** Facets the typeahead finder serves (the others are listed whole). */
export const TYPEAHEAD = new Set(['locations', 'industries', 'titles', 'skills']);
export const MEMBERS_ON_PLATFORM = 1_000_000_000;

/** The company size pivot's value of a staff count range (`(11,50)` → `SIZE_11_TO_50`). */
export function sizeEnum(rangeUrn: string): string {
  const [, from, to] = /\((\d+),(\d+)\)/.exec(rangeUrn)!;
  if (from === to) return `SIZE_${from}`;
  return to === '2147483647' ? `SIZE_${from}_OR_MORE` : `SIZE_${from}_TO_${to}`;
}

/** Budget and bid limits per currency (the platform's published minimums; amounts in major units). */
export const LIMITS: Record<string, { dailyMin: number; bidMin: number; bidMax: number }> = {
  USD: { dailyMin: 10, bidMin: 2, bidMax: 1000 },
  EUR: { dailyMin: 10, bidMin: 2, bidMax: 1000 },
  GBP: { dailyMin: 10, bidMin: 2, bidMax: 1000 },
  JPY: { dailyMin: 1500, bidMin: 300, bidMax: 150000 },
};

// ---- Delivery.

export interface Figures {
  impressions: number;
  clicks: number;
  costMinor: number;
  conversions: number;
  leads: number;
  valueMinor: number;
  videoViews: number;
  videoStarts: number;
  videoCompletions: number;
  reactions: number;
  comments: number;
  shares: number;
  follows: number;
  leadFormOpens: number;
}

export const FIGURE_KEYS = [
  'impressions',
  'clicks',
  'costMinor',
  'conversions',
  'leads',
  'valueMinor',
  'videoViews',
  'videoStarts',
  'videoCompletions',
  'reactions',
  'comments',
  'shares',
  'follows',
  'leadFormOpens',
] as const;

export const zero = (): Figures => Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as unknown as Figures;

export function decimalsOf(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** One creative's figures on one UTC day, or undefined when it did not deliver. */
export function creativeDay(creative: Json, campaign: Json, currency: string, date: string): Figures | undefined {
  if (date >= today()) return undefined;
  const created = dayOf(creative.createdAt);
  const start = dayOf(campaign.runSchedule.start);
  if (date < created || date < start) return undefined;
  if (campaign.runSchedule.end !== undefined && ms(date) >= campaign.runSchedule.end) return undefined;
  const seed = hash(`${creative.id}|${date}`);
  const impressions = (campaign.format === 'TEXT_AD' ? 3 : 1) * (300 + (seed % 1700));
  const clicks = Math.floor((impressions * (3 + ((seed >>> 8) % 60))) / 1000);
  const unit = Number(campaign.unitCost.amount) * 10 ** decimalsOf(currency);
  const costMinor = Math.round(campaign.costType === 'CPM' ? (impressions * unit) / 1000 : clicks * unit);
  const converted = Math.floor((clicks * ((seed >>> 16) % 12)) / 100);
  const lead = campaign.objectiveType === 'LEAD_GENERATION';
  const video = campaign.format === 'SINGLE_VIDEO';
  return {
    impressions,
    clicks,
    costMinor,
    conversions: lead ? 0 : converted,
    leads: lead ? converted : 0,
    valueMinor: lead ? 0 : converted * 50 * 10 ** decimalsOf(currency),
    videoViews: video ? Math.floor(impressions * 0.3) : 0,
    videoStarts: video ? Math.floor(impressions * 0.4) : 0,
    videoCompletions: video ? Math.floor(impressions * 0.1) : 0,
    reactions: Math.floor(clicks / 4),
    comments: Math.floor(clicks / 40),
    shares: Math.floor(clicks / 60),
    follows: Math.floor(clicks / 30),
    leadFormOpens: lead ? clicks : 0,
  };
}

/** Splits whole figures over weighted parts (largest remainders: the parts add up exactly). */
export function apportion(figures: Figures, weights: number[]): Figures[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const parts = weights.map(() => zero());
  for (const key of FIGURE_KEYS) {
    const exact = weights.map((w) => (figures[key] * w) / total);
    const floors = exact.map(Math.floor);
    let left = figures[key] - floors.reduce((s, v) => s + v, 0);
    const order = exact.map((v, i) => [v - floors[i]!, i] as const).sort((a, b) => b[0] - a[0]);
    for (const [, i] of order) {
      if (left <= 0) break;
      floors[i]! += 1;
      left--;
    }
    floors.forEach((v, i) => (parts[i]![key] = v));
  }
  return parts;
}

// ---- Seed.

export interface SeedOptions {
  name?: string;
  currency?: string;
  member: string;
  role?: string;
}

const stamps = (time: number) => ({ created: { time }, lastModified: { time } });
const money = (amount: number, currency: string) => ({ amount: amount.toFixed(decimalsOf(currency)), currencyCode: currency });

/** An ad account with two groups, campaigns of each format (and one message ad campaign), their creatives and posts, media, rules and audiences. */
export function seedAccount(options: SeedOptions, posts: Map<string, Json>, organizations: Map<string, Json>): FakeAccount {
  const currency = options.currency ?? 'USD';
  const scale = currency === 'JPY' ? 150 : 1;
  const id = newId();
  const orgId = newId();
  organizations.set(orgId, { id: Number(orgId), localizedName: `${options.name ?? 'Northwind Software'}` });
  const account: FakeAccount = {
    id,
    name: options.name ?? 'Northwind Software Ads',
    currency,
    status: 'ACTIVE',
    reference: `urn:li:organization:${orgId}`,
    roles: new Map([[options.member, options.role ?? 'ACCOUNT_MANAGER']]),
    groups: [],
    campaigns: [],
    creatives: [],
    images: [],
    videos: [],
    conversions: [],
    segments: [],
  };
  const accountUrn = `urn:li:sponsoredAccount:${id}`;
  const ago = (days: number) => ms(addDays(today(), -days));
  const group = (name: string, status: string, total?: number) => {
    const g = {
      id: Number(newId()),
      account: accountUrn,
      name,
      status,
      runSchedule: { start: ago(120) },
      ...(total ? { totalBudget: money(total * scale, currency) } : {}),
      test: false,
      servingStatuses: ['RUNNABLE'],
      changeAuditStamps: stamps(ago(121)),
    };
    account.groups.push(g);
    return g;
  };
  const demand = group('Demand Generation 2026', 'ACTIVE', 50000);
  const brand = group('Brand Awareness', 'ACTIVE');
  group('Old Webinars', 'ARCHIVED');
  const targeting = (extra: Record<string, string[]> = {}) => ({
    include: {
      and: [
        { or: { [FACET('locations')]: ['urn:li:geo:103644278', 'urn:li:geo:101174742'] } },
        ...Object.entries(extra).map(([facet, values]) => ({ or: { [FACET(facet)]: values } })),
        { or: { [FACET('interfaceLocales')]: ['urn:li:locale:en_US'] } },
      ],
    },
  });
  const campaign = (c: Json) => {
    const full = {
      id: Number(newId()),
      account: accountUrn,
      locale: { country: 'US', language: 'en' },
      offsiteDeliveryEnabled: false,
      audienceExpansionEnabled: false,
      runSchedule: { start: ago(90) },
      changeAuditStamps: stamps(ago(91)),
      test: false,
      servingStatuses: ['RUNNABLE'],
      optimizationTargetType: 'NONE',
      ...c,
      dailyBudget: money(c.dailyBudget * scale, currency),
      unitCost: money(c.unitCost * scale, currency),
    };
    account.campaigns.push(full);
    return full;
  };
  const image = (name: string) => {
    const m = {
      id: `urn:li:image:C4E${newId()}AQ`,
      owner: account.reference,
      status: 'AVAILABLE',
      downloadUrl: `https://media.example/${name}`,
      mediaLibraryMetadata: { associatedAccount: accountUrn, assetName: name, mediaLibraryStatus: 'ACTIVE' },
      created: ago(100),
    };
    account.images.push(m);
    return m.id;
  };
  const videoUrn = `urn:li:video:D5F${newId()}AQ`;
  account.videos.push({
    id: videoUrn,
    owner: account.reference,
    status: 'AVAILABLE',
    duration: 45000,
    aspectRatioWidth: 16,
    aspectRatioHeight: 9,
    downloadUrl: 'https://media.example/story.mp4',
    mediaLibraryMetadata: { associatedAccount: accountUrn, assetName: 'customer-story-45s.mp4', mediaLibraryStatus: 'ACTIVE' },
    created: ago(95),
  });
  const creative = (campaignJson: Json, c: { name: string; status?: string; post?: Json; textAd?: Json }) => {
    let content: Json;
    if (c.post) {
      const postUrn = `urn:li:share:${newId()}`;
      posts.set(postUrn, {
        id: postUrn,
        author: account.reference,
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
        adContext: { dscAdAccount: accountUrn, dscStatus: 'ACTIVE', dscName: c.name, isDsc: true },
        ...c.post,
      });
      content = { reference: postUrn };
    } else content = { textAd: c.textAd };
    const cr = {
      id: `urn:li:sponsoredCreative:${newId()}`,
      account: accountUrn,
      campaign: `urn:li:sponsoredCampaign:${campaignJson.id}`,
      name: c.name,
      intendedStatus: c.status ?? 'ACTIVE',
      isServing: true,
      isTest: false,
      review: { status: 'APPROVED' },
      content,
      createdAt: ago(88),
      lastModifiedAt: ago(88),
      createdBy: options.member,
      lastModifiedBy: options.member,
    };
    account.creatives.push(cr);
    return cr;
  };
  const itdm = campaign({
    campaignGroup: `urn:li:sponsoredCampaignGroup:${demand.id}`,
    name: 'IT Decision Makers - Image',
    type: 'SPONSORED_UPDATES',
    format: 'STANDARD_UPDATE',
    objectiveType: 'WEBSITE_CONVERSION',
    status: 'ACTIVE',
    costType: 'CPC',
    dailyBudget: 200,
    unitCost: 6.5,
    targetingCriteria: {
      ...targeting({ jobFunctions: ['urn:li:function:13'], seniorities: ['urn:li:seniority:6', 'urn:li:seniority:8'] }),
      exclude: { or: { [FACET('seniorities')]: ['urn:li:seniority:3'] } },
    },
  });
  const ebook = campaign({
    campaignGroup: `urn:li:sponsoredCampaignGroup:${demand.id}`,
    name: 'Buyer Guide - Carousel',
    type: 'SPONSORED_UPDATES',
    format: 'CAROUSEL',
    objectiveType: 'LEAD_GENERATION',
    status: 'ACTIVE',
    costType: 'CPC',
    dailyBudget: 150,
    unitCost: 8,
    targetingCriteria: targeting({ industries: ['urn:li:industry:4'] }),
  });
  const story = campaign({
    campaignGroup: `urn:li:sponsoredCampaignGroup:${brand.id}`,
    name: 'Customer Story - Video',
    type: 'SPONSORED_UPDATES',
    format: 'SINGLE_VIDEO',
    objectiveType: 'VIDEO_VIEW',
    status: 'PAUSED',
    costType: 'CPM',
    dailyBudget: 100,
    unitCost: 30,
    optimizationTargetType: 'MAX_VIDEO_VIEW',
    targetingCriteria: targeting(),
  });
  const text = campaign({
    campaignGroup: `urn:li:sponsoredCampaignGroup:${demand.id}`,
    name: 'Free Trial - Text Ads',
    type: 'TEXT_AD',
    format: 'TEXT_AD',
    objectiveType: 'WEBSITE_VISIT',
    status: 'ACTIVE',
    costType: 'CPC',
    dailyBudget: 50,
    unitCost: 3,
    totalBudget: undefined,
    targetingCriteria: targeting({ staffCountRanges: ['urn:li:staffCountRange:(201,500)', 'urn:li:staffCountRange:(10001,2147483647)'] }),
  });
  campaign({
    campaignGroup: `urn:li:sponsoredCampaignGroup:${brand.id}`,
    name: 'Event Invite - Message Ad',
    type: 'SPONSORED_INMAILS',
    objectiveType: 'BRAND_AWARENESS',
    status: 'ACTIVE',
    costType: 'CPM',
    dailyBudget: 40,
    unitCost: 20,
    targetingCriteria: targeting(),
  });
  const heroImage = image('roi-stat-1200x628.png');
  const cards = [image('guide-card-1.png'), image('guide-card-2.png')];
  creative(itdm, {
    name: 'ROI stat',
    post: {
      commentary: 'IT leaders cut infrastructure spend 31% in year one.',
      content: { media: { id: heroImage, title: 'Cut infrastructure costs by 31%' } },
      contentLandingPage: 'https://www.northwind.example/roi',
      contentCallToActionLabel: 'LEARN_MORE',
    },
  });
  creative(itdm, {
    name: 'Analyst quote',
    post: {
      commentary: 'Named a leader for the third year running.',
      content: {
        article: {
          source: 'https://www.northwind.example/report',
          title: 'See why analysts rank us first',
          description: 'The 2026 report',
        },
      },
    },
  });
  creative(itdm, {
    name: 'Old product shot',
    status: 'PAUSED',
    post: {
      commentary: 'Our platform.',
      content: { media: { id: heroImage, title: 'Meet the platform' } },
      contentLandingPage: 'https://www.northwind.example/product',
      contentCallToActionLabel: 'LEARN_MORE',
    },
  });
  creative(ebook, {
    name: 'Guide carousel',
    post: {
      commentary: 'The 2026 buyer guide in two cards.',
      content: {
        carousel: {
          cards: cards.map((c, i) => ({
            media: { id: c, title: `Chapter ${i + 1}` },
            landingPage: `https://www.northwind.example/guide/${i + 1}`,
          })),
        },
      },
    },
  });
  creative(story, {
    name: 'Fintech CTO story',
    post: {
      commentary: 'We shipped 3x faster.',
      content: { media: { id: videoUrn, title: 'Customer story: 3x faster' } },
      contentLandingPage: 'https://www.northwind.example/customers',
      contentCallToActionLabel: 'LEARN_MORE',
    },
  });
  creative(text, {
    name: 'Try it free',
    textAd: {
      headline: 'Try it free: 30 days',
      description: 'No credit card. Set up in minutes.',
      landingPage: 'https://www.northwind.example/trial',
    },
  });
  creative(text, {
    name: 'Book a demo',
    textAd: {
      headline: 'Book a 15-min demo',
      description: 'See the platform live with an engineer.',
      landingPage: 'https://www.northwind.example/demo',
    },
  });
  account.conversions.push(
    {
      id: Number(newId()),
      account: accountUrn,
      name: 'Demo request',
      type: 'LEAD',
      attributionType: 'LAST_TOUCH_BY_CAMPAIGN',
      postClickAttributionWindowSize: 30,
      viewThroughAttributionWindowSize: 7,
      value: money(250 * scale, currency),
      enabled: true,
      campaigns: [`urn:li:sponsoredCampaign:${itdm.id}`],
      conversionMethod: 'INSIGHT_TAG',
      created: ago(150),
      lastModified: ago(150),
    },
    {
      id: Number(newId()),
      account: accountUrn,
      name: 'Trial sign-up',
      type: 'SIGN_UP',
      attributionType: 'LAST_TOUCH_BY_CONVERSION',
      postClickAttributionWindowSize: 7,
      viewThroughAttributionWindowSize: 1,
      enabled: true,
      campaigns: [],
      conversionMethod: 'INSIGHT_TAG',
      created: ago(60),
      lastModified: ago(60),
    },
  );
  account.segments.push({
    id: Number(newId()),
    name: 'Target accounts - CFOs',
    account: accountUrn,
    type: 'COMPANY',
    status: 'READY',
    destinations: [{ destination: 'LINKEDIN', destinationSegmentId: `urn:li:adSegment:${newId()}`, status: 'READY', audienceSize: 42000 }],
  });
  return account;
}
