import type { ConnectedAccount } from '../../core/accounts';
import { lastDays, reportingZone } from '../../core/dates';
import type { Opportunity } from '../../core/platform';
import type { SocialAdsPort } from './port';
import { insightTotals, resultTypeOf } from './tools/shared';

/** Spend without a single result (install, purchase, lead) over 30 days that counts as waste. */
export const WASTE_MIN_SPEND = 100;
/**
 * Waste in a socialads account for suggest_next_action: active ads (in active ad sets and
 * campaigns) whose goal is a conversion (purchases, leads, installs) that spent WASTE_MIN_SPEND or
 * more in the last 30 days without one. Reach and video-view goals are not judged on conversions.
 * The action pauses the ad (update_socialads_ad status PAUSED), as analyze_socialads_wasted_spend
 * advises for the same figures: the platform's insights read through the port over the same 30
 * days ending yesterday.
 */
export async function findSocialAdsOpportunities(platform: SocialAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = lastDays(now, 30, reportingZone(account));
  const [campaigns, adSets, ads] = await Promise.all([platform.listCampaigns(), platform.listAdSets(), platform.listAds()]);
  const candidates = ads.flatMap((ad) => {
    const adSet = adSets.find((s) => s.id === ad.ad_set_id);
    const campaign = campaigns.find((c) => c.id === ad.campaign_id);
    if (ad.status !== 'ACTIVE' || adSet?.status !== 'ACTIVE' || campaign?.status !== 'ACTIVE') return [];
    if (!['purchases', 'leads', 'installs'].includes(resultTypeOf(adSet.optimization_goal, campaign.objective))) return [];
    return [{ ad, adSet, campaign }];
  });
  const metricsOf = await insightTotals(
    platform,
    'ad',
    candidates.map((c) => c.ad.id),
    start,
    end,
  );
  const found: Opportunity[] = [];
  for (const { ad, adSet, campaign } of candidates) {
    const m = metricsOf(ad.id);
    if (m.conversions > 0 || m.spend < WASTE_MIN_SPEND) continue;
    const result = resultTypeOf(adSet.optimization_goal, campaign.objective).replace(/s$/, '');
    found.push({
      platform: 'socialads',
      account_id: account.account_id,
      kind: 'cut_waste',
      title: `Pause ad "${ad.name}" in "${campaign.name}": ${m.spend.toFixed(2)} ${account.currency} spent in 30 days with no ${result}`,
      monthly_value: m.spend,
      tool: 'update_socialads_ad',
      arguments: { ad_account_id: account.account_id, ad_id: ad.id, status: 'PAUSED' },
      current: { status: ad.status },
    });
  }
  return found;
}
