/**
 * The sandbox's "nightly-collected" report store: report rows are derived on demand from the
 * seeded entities and the deterministic daily metrics, never stored. Search-term reports are
 * large on purpose (several thousand rows) so paging and the 5,000-row reach are real.
 */
import { isoDate } from '../../../core/dates';
import { hash32, seededRandom } from '../../sandbox/metrics';
import { PLACEMENTS, REPORT_TYPES, type RetailAdsAdProduct, type RetailAdsReportRow, type RetailAdsReportTypeId } from '../port';
import { withRatios } from '../ratios';
import { simulateDelivery, splitRaw, zero, add, type Raw, type ReportEntities } from './delivery';

export type { ReportEntities, Stored } from './delivery';

const PRE = [
  'best',
  'cheap',
  'lightweight',
  'waterproof',
  'large',
  'small',
  'kids',
  'womens',
  'mens',
  'ultralight',
  'durable',
  'compact',
  'premium',
  'budget',
  'heavy duty',
  'black',
  'blue',
  'green',
  '2 pack',
  'professional',
];
const POST = [
  'for hiking',
  'for camping',
  'for women',
  'for men',
  'for kids',
  'with pockets',
  'on sale',
  '2026',
  'online',
  'near me',
  'brand',
  'reviews',
  'set',
  'bundle',
  'xl',
  'under 50',
];

/** The search terms that matched a keyword or target: deterministic, long-tailed. */
export function searchTermsFor(
  source: { id: string; text: string; matchType?: string; auto: boolean },
  adProduct: RetailAdsAdProduct,
): string[] {
  const random = seededRandom(`terms|${source.id}`);
  if (source.matchType === 'EXACT')
    return [...new Set([source.text, `${source.text}s`, source.text.replace(/ /g, ''), source.text.replace(/(\w)(\w)$/, '$2$1')])];
  // A keyword matches searches built on its words; an automatic or a product/category target
  // (asinSameAs=…, asinCategorySameAs=…) matches what shoppers type for such products, never the
  // targeting expression itself, as the platform's search term report shows them.
  const productSearches = ['hiking backpack', 'camping tent', 'water bottle', 'sleeping bag', 'headlamp', 'trekking poles'];
  const base = source.matchType ? [source.text] : productSearches;
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
  const wanted =
    adProduct === 'SPONSORED_BRANDS'
      ? 40 + (hash32(source.id) % 30)
      : source.auto
        ? 320 + (hash32(source.id) % 80)
        : 120 + (hash32(source.id) % 100);
  const out = list.slice(0, wanted);
  // Shoppers also search product codes: ASIN-looking terms for product-led matches.
  if (source.auto || /asin/i.test(source.text))
    for (let i = 0; i < 12; i++)
      out.push(
        `b0${Math.floor(random() * 36 ** 8)
          .toString(36)
          .padStart(8, '0')}`,
      );
  return out;
}

/** Builds the rows of one report type over [start, end] from the one delivery model (delivery.ts). */
export function buildReport(
  reportType: RetailAdsReportTypeId,
  entities: ReportEntities,
  start: string,
  end: string,
  today = isoDate(new Date()),
): RetailAdsReportRow[] {
  const { adProduct } = REPORT_TYPES[reportType];
  const campaigns = new Map(entities.campaigns.filter((c) => c.ad_product === adProduct).map((c) => [c.id, c]));
  const adGroups = new Map(entities.adGroups.map((g) => [g.id, g]));
  const keywords = entities.keywords.filter((k) => campaigns.has(k.campaign_id));
  const targets = entities.targets.filter((t) => campaigns.has(t.campaign_id));
  const productAds = entities.productAds.filter((p) => campaigns.has(p.campaign_id));
  const delivery = simulateDelivery({ ...entities, campaigns: [...campaigns.values()] }, start, end, today);
  const leafRaw = (id: string) => delivery.leaf.get(id) ?? zero();
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
      ...withRatios(leafRaw(k.id)),
    })),
    ...targets.map((t) => ({
      ...base(t.campaign_id, t.ad_group_id),
      keyword_id: t.id,
      targeting: t.expression,
      ...withRatios(leafRaw(t.id)),
    })),
  ];

  const rollUp = (
    rows: RetailAdsReportRow[],
    keyOf: (r: RetailAdsReportRow) => string,
    make: (key: string) => Omit<RetailAdsReportRow, keyof Raw | 'ctr' | 'cpc' | 'cvr' | 'acos' | 'roas'>,
    keys: string[],
  ) => {
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
      // The campaigns' own totals: what their keywords'/targets' rows add up to, exactly (delivery.ts).
      return [...campaigns.values()].map(
        (c) =>
          ({
            ...base(c.id),
            campaign_state: c.state,
            daily_budget: c.daily_budget,
            ...withRatios(delivery.campaign.get(c.id) ?? zero()),
          }) as RetailAdsReportRow,
      );
    case 'sbAdGroup':
    case 'sdAdGroup':
      return rollUp(
        targetingRows(),
        (r) => r.ad_group_id!,
        (id) => ({ ...base(adGroups.get(id)!.campaign_id, id), ad_group_state: adGroups.get(id)!.state }),
        entities.adGroups.filter((g) => campaigns.has(g.campaign_id)).map((g) => g.id),
      );
    case 'spTargeting':
    case 'sbTargeting':
    case 'sdTargeting':
      return targetingRows();
    case 'spAdvertisedProduct':
    case 'sdAdvertisedProduct':
      return productAds.map((p) => ({
        ...base(p.campaign_id, p.ad_group_id),
        advertised_asin: p.asin,
        advertised_sku: p.sku,
        ...withRatios(delivery.product.get(p.id) ?? zero()),
      }));
    case 'spPurchasedProduct':
    case 'sbPurchasedProduct': {
      // Sales of other catalog products after a click on an advertised one (brand halo): no cost of their own.
      const catalog = [...new Set(entities.productAds.map((p) => p.asin))];
      return productAds.flatMap((p) => {
        const advertised = delivery.product.get(p.id) ?? zero();
        const aov = advertised.orders > 0 ? advertised.sales / advertised.orders : 0;
        return catalog
          .filter((asin) => asin !== p.asin && hash32(`${p.asin}|${asin}`) % 4 === 0)
          .map((asin) => {
            const orders = Math.floor(advertised.orders * (0.03 + (hash32(`${p.id}|${asin}`) % 100) / 1000));
            return {
              ...base(p.campaign_id, p.ad_group_id),
              advertised_asin: p.asin,
              purchased_asin: asin,
              ...withRatios({ ...zero(), orders, sales: Math.round(orders * aov * 0.8 * 100) / 100 }),
            };
          });
      });
    }
    case 'spSearchTerm':
    case 'sbSearchTerm': {
      const sources = [
        ...keywords.map((k) => ({
          id: k.id,
          campaignId: k.campaign_id,
          adGroupId: k.ad_group_id,
          text: k.keyword_text,
          matchType: k.match_type as string | undefined,
          auto: false,
        })),
        ...(reportType === 'spSearchTerm'
          ? targets.map((t) => ({
              id: t.id,
              campaignId: t.campaign_id,
              adGroupId: t.ad_group_id,
              text: t.expression,
              matchType: undefined,
              auto: t.expression_type === 'AUTO',
            }))
          : []),
      ];
      const rows: RetailAdsReportRow[] = [];
      for (const source of sources) {
        // The keyword's own range total, shared out exactly over the search terms that matched it (long tail).
        const sourceRaw = leafRaw(source.id);
        if (sourceRaw.impressions === 0 && sourceRaw.spend === 0) continue;
        const terms = searchTermsFor(source, adProduct);
        splitAmong(sourceRaw, terms, source.id).forEach((raw, i) => {
          if (raw.impressions === 0 && raw.clicks === 0 && raw.spend === 0 && raw.orders === 0 && raw.sales === 0) return;
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
 * Splits a keyword's totals over its search terms, exactly: Zipf-like shares with per-term noise in
 * click-through, cost and conversion, so some terms convert well and others only spend.
 */
function splitAmong(total: Raw, terms: string[], sourceId: string): Raw[] {
  const weights = terms.map((term, i) => {
    const random = seededRandom(`${sourceId}|${term}`);
    const impressions = (1 / (1 + 0.12 * i)) * (0.6 + 0.8 * random());
    const clicks = impressions * (0.5 + random());
    const orders = clicks * (0.2 + 1.6 * random());
    return { impressions, clicks, spend: clicks * (0.85 + 0.3 * random()), orders, sales: orders * (0.8 + 0.4 * random()) };
  });
  return splitRaw(total, weights);
}

/** Sponsored Products campaign x placement rows: each campaign's days split over its placements, exactly. */
export function buildPlacementReport(
  entities: ReportEntities,
  start: string,
  end: string,
  today = isoDate(new Date()),
): RetailAdsReportRow[] {
  const campaigns = entities.campaigns.filter((c) => c.ad_product === 'SPONSORED_PRODUCTS');
  const delivery = simulateDelivery({ ...entities, campaigns }, start, end, today);
  return campaigns.flatMap((campaign) =>
    PLACEMENTS.map((placement) => ({
      ad_product: 'SPONSORED_PRODUCTS' as const,
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      campaign_state: campaign.state,
      placement,
      placement_adjustment: campaign.placement_adjustments?.[placement] ?? 0,
      ...withRatios(delivery.placement.get(campaign.id)?.[placement] ?? zero()),
    })),
  );
}
