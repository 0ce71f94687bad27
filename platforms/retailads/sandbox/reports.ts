/**
 * The sandbox's "nightly-collected" report store: report rows are derived on demand from the
 * seeded entities and the deterministic daily metrics, never stored. Search-term reports are
 * large on purpose (several thousand rows) so paging and the 5,000-row reach are real.
 */
import { datesBetween, hash32, metricsBetween, profileFor, seededRandom, type PerformanceTier } from '../../sandbox/metrics';
import {
  PLACEMENTS,
  REPORT_TYPES,
  type RetailAdsAdGroup,
  type RetailAdsAdProduct,
  type RetailAdsCampaign,
  type RetailAdsKeyword,
  type RetailAdsPlacement,
  type RetailAdsProductAd,
  type RetailAdsReportRow,
  type RetailAdsReportTypeId,
  type RetailAdsTarget,
} from '../port';
import { withRatios, type RetailAdsRawMetrics } from '../ratios';

/**
 * What the sandbox stores of an entity with figures: the entity plus the performance tier its
 * simulated figures come from. The tier never leaves the sandbox.
 */
export type Stored<T> = T & { performance: PerformanceTier };

export interface ReportEntities {
  campaigns: Stored<RetailAdsCampaign>[];
  adGroups: Stored<RetailAdsAdGroup>[];
  productAds: Stored<RetailAdsProductAd>[];
  keywords: Stored<RetailAdsKeyword>[];
  targets: Stored<RetailAdsTarget>[];
}

type Raw = RetailAdsRawMetrics;
const zero = (): Raw => ({ impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 });
const round2 = (n: number) => Math.round(n * 100) / 100;

function add(a: Raw, b: Raw): Raw {
  return { impressions: a.impressions + b.impressions, clicks: a.clicks + b.clicks, spend: a.spend + b.spend, orders: a.orders + b.orders, sales: a.sales + b.sales };
}

/** The days of [start, end] an entity of this campaign delivered. */
function activeWindow(campaign: Stored<RetailAdsCampaign>, start: string, end: string): { start: string; end: string } | undefined {
  const from = campaign.start_date > start ? campaign.start_date : start;
  const until = campaign.end_date && campaign.end_date < end ? campaign.end_date : end;
  return from <= until ? { start: from, end: until } : undefined;
}

/**
 * Delivery stops at the budget, as on the real platform: the share of its natural traffic a
 * campaign can buy over the window (at most 97 % of daily budget × active days). Every row of
 * the campaign is scaled by the same share, so campaign, ad group, keyword, search-term, product
 * and placement reports stay consistent with each other.
 */
function budgetShare(campaign: Stored<RetailAdsCampaign>, window: { start: string; end: string } | undefined, naturalSpend: number): number {
  if (!window || naturalSpend <= 0) return 1;
  const cap = campaign.daily_budget * datesBetween(window.start, window.end).length * 0.97;
  return Math.min(1, cap / naturalSpend);
}

function scaleRaw(raw: Raw, share: number): Raw {
  if (share >= 1) return raw;
  return {
    impressions: Math.round(raw.impressions * share),
    clicks: Math.round(raw.clicks * share),
    spend: round2(raw.spend * share),
    orders: Math.round(raw.orders * share),
    sales: round2(raw.sales * share),
  };
}

/** Totals of one entity: `scale` sizes it relative to the tier's typical daily impressions. */
function entityRaw(key: string, tier: PerformanceTier, scale: number, window: { start: string; end: string } | undefined, overrides: Record<string, number> = {}): Raw {
  if (!window) return zero();
  const typical = profileFor(tier);
  // Marketplace orders are larger than the generic conversion value (retail baskets).
  const profile = profileFor(tier, { impressions: Math.max(1, Math.round(typical.impressions * scale)), order_value: typical.order_value * 1.8, ...overrides });
  let raw = zero();
  for (const day of metricsBetween(key, window.start, window.end, profile)) {
    raw = add(raw, { impressions: day.impressions, clicks: day.clicks, spend: day.spend, orders: day.conversions, sales: day.revenue });
  }
  return raw;
}

/** A stable 0.15-0.45 share of traffic for an entity. */
const scaleOf = (id: string) => 0.15 + (hash32(id) % 1000) / 1000 * 0.3;

const PRE = ['best', 'cheap', 'lightweight', 'waterproof', 'large', 'small', 'kids', 'womens', 'mens', 'ultralight', 'durable', 'compact', 'premium', 'budget', 'heavy duty', 'black', 'blue', 'green', '2 pack', 'professional'];
const POST = ['for hiking', 'for camping', 'for women', 'for men', 'for kids', 'with pockets', 'on sale', '2026', 'amazon', 'near me', 'brand', 'reviews', 'set', 'bundle', 'xl', 'under 50'];

/** The search terms that matched a keyword or target: deterministic, long-tailed. */
export function searchTermsFor(source: { id: string; text: string; matchType?: string; auto: boolean }, adProduct: RetailAdsAdProduct): string[] {
  const random = seededRandom(`terms|${source.id}`);
  if (source.matchType === 'EXACT') return [...new Set([source.text, `${source.text}s`, source.text.replace(/ /g, ''), source.text.replace(/(\w)(\w)$/, '$2$1')])];
  const base = source.auto ? ['hiking backpack', 'camping tent', 'water bottle', 'sleeping bag', 'headlamp', 'trekking poles'] : [source.text];
  const terms = new Set<string>();
  for (const text of base) {
    for (const pre of PRE) terms.add(`${pre} ${text}`);
    for (const post of POST) terms.add(`${text} ${post}`);
    for (const pre of PRE) for (const post of POST) terms.add(`${pre} ${text} ${post}`);
  }
  const list = [...terms];
  // Fisher-Yates with the source's own generator: same order every time.
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  const wanted = adProduct === 'SPONSORED_BRANDS' ? 40 + (hash32(source.id) % 30) : source.auto ? 320 + (hash32(source.id) % 80) : 120 + (hash32(source.id) % 100);
  const out = list.slice(0, wanted);
  // Shoppers also search product codes: ASIN-looking terms for product-led matches.
  if (source.auto || /asin/i.test(source.text)) for (let i = 0; i < 12; i++) out.push(`b0${Math.floor(random() * 36 ** 8).toString(36).padStart(8, '0')}`);
  return out;
}

/** Builds the rows of one report type over [start, end] (end already clipped to collected days). */
export function buildReport(reportType: RetailAdsReportTypeId, entities: ReportEntities, start: string, end: string): RetailAdsReportRow[] {
  const { adProduct } = REPORT_TYPES[reportType];
  const campaigns = new Map(entities.campaigns.filter((c) => c.ad_product === adProduct).map((c) => [c.id, c]));
  const adGroups = new Map(entities.adGroups.map((g) => [g.id, g]));
  const keywords = entities.keywords.filter((k) => campaigns.has(k.campaign_id));
  const targets = entities.targets.filter((t) => campaigns.has(t.campaign_id));
  const productAds = entities.productAds.filter((p) => campaigns.has(p.campaign_id));
  const windowOf = (campaignId: string) => activeWindow(campaigns.get(campaignId)!, start, end);
  // The campaign's keywords and targets define its natural traffic; the budget caps what it buys.
  const natural = new Map<string, number>();
  for (const leaf of [...keywords, ...targets]) {
    natural.set(leaf.campaign_id, (natural.get(leaf.campaign_id) ?? 0) + entityRaw(leaf.id, leaf.performance, scaleOf(leaf.id), windowOf(leaf.campaign_id)).spend);
  }
  const shares = new Map([...campaigns.values()].map((c) => [c.id, budgetShare(c, windowOf(c.id), natural.get(c.id) ?? 0)]));
  /** One entity's totals in the window, after its campaign's budget. */
  const leafRaw = (id: string, tier: PerformanceTier, scale: number, campaignId: string) =>
    scaleRaw(entityRaw(id, tier, scale, windowOf(campaignId)), shares.get(campaignId) ?? 1);
  const base = (campaignId: string, adGroupId?: string) => ({
    ad_product: adProduct,
    campaign_id: campaignId,
    campaign_name: campaigns.get(campaignId)!.name,
    ...(adGroupId ? { ad_group_id: adGroupId, ad_group_name: adGroups.get(adGroupId)?.name } : {}),
  });

  // Keyword and target level: the base of campaign and ad group rows too.
  const targetingRows = (): RetailAdsReportRow[] => [
    ...keywords.map((k) => ({
      ...base(k.campaign_id, k.ad_group_id),
      keyword_id: k.id,
      keyword: k.keyword_text,
      targeting: k.keyword_text,
      match_type: k.match_type,
      ...withRatios(leafRaw(k.id, k.performance, scaleOf(k.id), k.campaign_id)),
    })),
    ...targets.map((t) => ({
      ...base(t.campaign_id, t.ad_group_id),
      keyword_id: t.id,
      targeting: t.expression,
      ...withRatios(leafRaw(t.id, t.performance, scaleOf(t.id), t.campaign_id)),
    })),
  ];

  const rollUp = (rows: RetailAdsReportRow[], keyOf: (r: RetailAdsReportRow) => string, make: (key: string) => Omit<RetailAdsReportRow, keyof Raw | 'ctr' | 'cpc' | 'cvr' | 'acos' | 'roas'>, keys: string[]) => {
    const sums = new Map<string, Raw>(keys.map((k) => [k, zero()]));
    for (const row of rows) {
      const key = keyOf(row);
      sums.set(key, add(sums.get(key) ?? zero(), row));
    }
    return [...sums.entries()].map(([key, raw]) => ({ ...make(key), ...withRatios(raw) }) as RetailAdsReportRow);
  };

  switch (reportType) {
    case 'spCampaigns':
    case 'sbCampaigns':
    case 'sdCampaigns':
      return rollUp(targetingRows(), (r) => r.campaign_id, (id) => ({ ...base(id), campaign_state: campaigns.get(id)!.state, daily_budget: campaigns.get(id)!.daily_budget }), [...campaigns.keys()]);
    case 'sbAdGroup':
    case 'sdAdGroup':
      return rollUp(targetingRows(), (r) => r.ad_group_id!, (id) => ({ ...base(adGroups.get(id)!.campaign_id, id), ad_group_state: adGroups.get(id)!.state }), entities.adGroups.filter((g) => campaigns.has(g.campaign_id)).map((g) => g.id));
    case 'spTargeting':
    case 'sbTargeting':
    case 'sdTargeting':
      return targetingRows();
    case 'spAdvertisedProduct':
    case 'sdAdvertisedProduct':
      return productAds.map((p) => ({ ...base(p.campaign_id, p.ad_group_id), advertised_asin: p.asin, advertised_sku: p.sku, ...withRatios(leafRaw(p.id, p.performance, scaleOf(p.id), p.campaign_id)) }));
    case 'spPurchasedProduct':
    case 'sbPurchasedProduct': {
      // Sales of other catalog products after a click on an advertised one (brand halo): no cost of their own.
      const catalog = [...new Set(entities.productAds.map((p) => p.asin))];
      return productAds.flatMap((p) =>
        catalog
          .filter((asin) => asin !== p.asin && hash32(`${p.asin}|${asin}`) % 4 === 0)
          .map((asin) => {
            const raw = leafRaw(`${p.id}|${asin}`, p.performance === 'wasteful' ? 'poor' : p.performance, 0.05, p.campaign_id);
            return { ...base(p.campaign_id, p.ad_group_id), advertised_asin: p.asin, purchased_asin: asin, ...withRatios({ ...zero(), orders: raw.orders, sales: raw.sales }) };
          }),
      );
    }
    case 'spSearchTerm':
    case 'sbSearchTerm': {
      const sources = [
        ...keywords.map((k) => ({ id: k.id, campaignId: k.campaign_id, adGroupId: k.ad_group_id, text: k.keyword_text, matchType: k.match_type as string | undefined, auto: false, tier: k.performance })),
        ...(reportType === 'spSearchTerm' ? targets.map((t) => ({ id: t.id, campaignId: t.campaign_id, adGroupId: t.ad_group_id, text: t.expression, matchType: undefined, auto: t.expression_type === 'AUTO', tier: t.performance })) : []),
      ];
      const rows: RetailAdsReportRow[] = [];
      for (const source of sources) {
        const window = windowOf(source.campaignId);
        if (!window) continue;
        // The keyword's own traffic, shared out over the search terms that matched it (long tail).
        const sourceRaw = leafRaw(source.id, source.tier, scaleOf(source.id), source.campaignId);
        const terms = searchTermsFor(source, adProduct);
        splitAmong(sourceRaw, terms, source.id).forEach((raw, i) => {
          if (raw.impressions === 0) return;
          rows.push({
            ...base(source.campaignId, source.adGroupId),
            keyword_id: source.id,
            keyword: source.matchType ? source.text : undefined,
            targeting: source.text,
            match_type: source.matchType as RetailAdsReportRow['match_type'],
            search_term: terms[i],
            ...withRatios(raw),
          });
        });
      }
      return rows;
    }
  }
}

/**
 * Splits a keyword's totals over its search terms: Zipf-like shares with per-term noise in
 * click-through, cost and conversion, so some terms convert well and others only spend.
 */
function splitAmong(total: Raw, terms: string[], sourceId: string): Raw[] {
  const randoms = terms.map((term) => seededRandom(`${sourceId}|${term}`));
  const weights = randoms.map((random, i) => (1 / (1 + 0.12 * i)) * (0.6 + 0.8 * random()));
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const cpc = total.clicks > 0 ? total.spend / total.clicks : 0;
  const cvr = total.clicks > 0 ? total.orders / total.clicks : 0;
  const aov = total.orders > 0 ? total.sales / total.orders : 0;
  const whole = (x: number, random: () => number) => Math.floor(x) + (random() < x % 1 ? 1 : 0);
  return weights.map((w, i) => {
    const random = randoms[i];
    const impressions = whole((total.impressions * w) / sum, random);
    const clicks = Math.min(impressions, whole(((total.clicks * w) / sum) * (0.5 + random()), random));
    const spend = round2(clicks * cpc * (0.85 + 0.3 * random()));
    const orders = Math.min(clicks, whole(clicks * cvr * (0.2 + 1.6 * random()), random));
    const sales = round2(orders * aov * (0.8 + 0.4 * random()));
    return { impressions, clicks, spend, orders, sales };
  });
}

const PLACEMENT_SHAPE: Record<RetailAdsPlacement, { impressions: number; ctr: number; cvr: number; cpc: number }> = {
  TOP_OF_SEARCH: { impressions: 0.22, ctr: 2.1, cvr: 1.45, cpc: 1.3 },
  REST_OF_SEARCH: { impressions: 0.38, ctr: 0.9, cvr: 0.85, cpc: 0.95 },
  PRODUCT_PAGES: { impressions: 0.4, ctr: 0.55, cvr: 0.7, cpc: 0.8 },
};

/** Sponsored Products campaign x placement rows. Each campaign leans differently, as real ones do. */
export function buildPlacementReport(entities: ReportEntities, start: string, end: string): RetailAdsReportRow[] {
  const rows: RetailAdsReportRow[] = [];
  for (const campaign of entities.campaigns.filter((c) => c.ad_product === 'SPONSORED_PRODUCTS')) {
    const window = activeWindow(campaign, start, end);
    const natural: Raw[] = [];
    for (const placement of PLACEMENTS) {
      const shape = PLACEMENT_SHAPE[placement];
      const tier = profileFor(campaign.performance);
      const lean = 0.6 + (hash32(`${campaign.id}|${placement}`) % 1000) / 1000 * 0.9;
      const adjustment = campaign.placement_adjustments?.[placement] ?? 0;
      const raw = entityRaw(`${campaign.id}|${placement}`, campaign.performance, 0.5 * shape.impressions * (1 + adjustment / 200), window, {
        ctr: tier.ctr * shape.ctr,
        cvr: tier.cvr * shape.cvr * lean,
        cpc: tier.cpc * shape.cpc * (1 + adjustment / 300),
      });
      natural.push(raw);
    }
    // The campaign's budget caps all its placements together (see budgetShare).
    const share = budgetShare(campaign, window, natural.reduce((sum, raw) => sum + raw.spend, 0));
    PLACEMENTS.forEach((placement, i) =>
      rows.push({
        ad_product: 'SPONSORED_PRODUCTS',
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        campaign_state: campaign.state,
        placement,
        placement_adjustment: campaign.placement_adjustments?.[placement] ?? 0,
        ...withRatios(scaleRaw(natural[i], share)),
      }),
    );
  }
  return rows;
}
