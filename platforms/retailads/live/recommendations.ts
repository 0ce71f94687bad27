/**
 * Keyword suggestions on a live profile: the platform's ranked keyword recommendations (Sponsored
 * Products v3) for an ad group or for products. A Sponsored Brands ad group is asked for by the
 * products its ads show; other ad groups answer `live_not_supported`.
 */
import type { RetailAdsKeywordRecommendation } from '../port';
import type { LiveContext } from './entities';
import { spKeywordRecommendations } from './sp';
import { notSupported } from './wire';

export class KeywordRecommendationsLive {
  constructor(private readonly ctx: LiveContext) {}

  async getKeywordRecommendations(
    source: { adGroupId: string } | { asins: string[] },
    max: number,
  ): Promise<RetailAdsKeywordRecommendation[]> {
    let request: { adGroupId: string; campaignId: string } | { asins: string[] };
    if ('adGroupId' in source) {
      const group = await this.ctx.get('ad_group', source.adGroupId);
      if (group.ad_product === 'SPONSORED_BRANDS') {
        // The platform ranks suggestions for an ad group of Sponsored Products only: a Sponsored Brands
        // ad group is asked for by the products its ads show.
        const ads = (await this.ctx.list('sb_ad')).filter((ad) => ad.ad_group_id === group.id);
        const asins = [...new Set(ads.flatMap((ad) => ad.creatives.at(-1)?.asins ?? []))];
        if (!asins.length)
          throw notSupported(
            `The platform's public API suggests keywords for products: the Sponsored Brands ad group ${group.id} has no ad with products yet; ask with asins instead.`,
          );
        request = { asins };
      } else if (group.ad_product !== 'SPONSORED_PRODUCTS')
        throw notSupported(
          "The platform's public API ranks keyword suggestions for Sponsored Products ad groups and products only; ask with the ASINs of the ad group's ads (asins).",
        );
      else request = { adGroupId: group.id, campaignId: group.campaign_id };
    } else request = { asins: source.asins };
    const ranked = await spKeywordRecommendations(this.ctx, request, max);
    const from = 'adGroupId' in source ? source.adGroupId : source.asins.join(',');
    return ranked.slice(0, max).map((r, i) => {
      const suggested = r.suggestedBid?.suggested ?? r.bid ?? 0;
      return {
        keyword: r.keyword,
        match_type: (r.matchType.toUpperCase() as RetailAdsKeywordRecommendation['match_type']) ?? 'BROAD',
        rank: r.rank ?? i + 1,
        suggested_bid: suggested,
        bid_range_low: r.suggestedBid?.rangeStart ?? suggested,
        bid_range_high: r.suggestedBid?.rangeEnd ?? suggested,
        // The platform ranks suggestions without a search volume: interest is the rank's place in the list.
        search_interest: Math.max(1, Math.round(100 * (1 - i / Math.max(1, ranked.length)))),
        source: from,
      };
    });
  }
}
