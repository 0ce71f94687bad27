/** The retailads sandbox's keyword recommendations for an ad group's or any products. */
import { hash32 } from '../../sandbox/metrics';
import type { SandboxStore } from '../../sandbox/store';
import { MATCH_TYPES, PRODUCTS } from './seed-products';
import { KIND } from './stored';
import { type RetailAdsKeyword, type RetailAdsKeywordRecommendation, type RetailAdsMatchType, type RetailAdsProductAd } from '../port';

export class KeywordRecommendationsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async getKeywordRecommendations(
    source: { adGroupId: string } | { asins: string[] },
    max: number,
  ): Promise<RetailAdsKeywordRecommendation[]> {
    const productAds = await this.store.list<RetailAdsProductAd>(KIND.productAd);
    let asins: string[];
    let exclude = new Set<string>();
    if ('adGroupId' in source) {
      asins = productAds.filter((p) => p.ad_group_id === source.adGroupId).map((p) => p.asin);
      const keywords = (await this.store.list<RetailAdsKeyword>(KIND.keyword)).filter((k) => k.ad_group_id === source.adGroupId);
      exclude = new Set(keywords.map((k) => `${k.keyword_text}|${k.match_type}`));
    } else {
      asins = source.asins;
    }
    return recommendKeywords(asins, productAds, exclude, max);
  }
}

const MODIFIERS = [
  'best',
  'lightweight',
  'waterproof',
  'for women',
  'for men',
  'for kids',
  'ultralight',
  'durable',
  'compact',
  'on sale',
  'large',
  'premium',
];

/**
 * Keyword suggestions for products: the category's shopper words, then modified variants, each in
 * three match types; bids follow the category's competition. ASINs from outside the account map to
 * a category deterministically. Keywords already targeted (`exclude`, "text|MATCH") are left out.
 */
export function recommendKeywords(
  asins: string[],
  productAds: RetailAdsProductAd[],
  exclude: Set<string>,
  max: number,
): RetailAdsKeywordRecommendation[] {
  const candidates = new Map<string, { text: string; source: string; score: number }>();
  for (const asin of asins) {
    const known = productAds.find((p) => p.asin === asin);
    const product = known ? (PRODUCTS.find((p) => p.title === known.title) ?? PRODUCTS[0]) : PRODUCTS[hash32(asin) % PRODUCTS.length];
    const words = [
      ...product.keywords,
      ...product.keywords.flatMap((k) => MODIFIERS.map((m) => (m.startsWith('for') || m === 'on sale' ? `${k} ${m}` : `${m} ${k}`))),
    ];
    words.forEach((text, i) => {
      const score = (i < product.keywords.length ? 100 : 60) - (i % 17) + (hash32(text) % 10);
      const current = candidates.get(text);
      if (!current || current.score < score) candidates.set(text, { text, source: asin, score });
    });
  }
  const out: RetailAdsKeywordRecommendation[] = [];
  const factor: Record<RetailAdsMatchType, number> = { EXACT: 1.15, PHRASE: 1, BROAD: 0.85 };
  for (const c of [...candidates.values()].sort((a, b) => b.score - a.score || a.text.localeCompare(b.text))) {
    for (const matchType of MATCH_TYPES) {
      if (exclude.has(`${c.text}|${matchType}`)) continue;
      const bid = Math.round((0.55 + (hash32(c.text) % 180) / 100) * factor[matchType] * 100) / 100;
      out.push({
        keyword: c.text,
        match_type: matchType,
        rank: out.length + 1,
        suggested_bid: bid,
        bid_range_low: Math.round(bid * 0.7 * 100) / 100,
        bid_range_high: Math.round(bid * 1.35 * 100) / 100,
        search_interest: Math.max(1, Math.min(100, Math.round(c.score - (matchType === 'EXACT' ? 10 : 0)))),
        source: c.source,
      });
      if (out.length >= max) return out;
    }
  }
  return out;
}
