import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import type { PortCall } from '../../functions/runtime/tool';
import { lastDays } from '../dates';
import { finderCall } from '../opportunities';
import type { Opportunity } from '../platform-module';
import { openSocialAds } from './define';
import { insightTotals, resultTypeOf } from './tools/shared';

/** Spend without a single result (install, purchase, lead) over 30 days that counts as waste. */
export const WASTE_MIN_SPEND = 100;
/**
 * Waste in a socialads account for suggest_next_action: active ads (in active ad sets and
 * campaigns) whose goal is a conversion (purchases, leads, installs) that spent WASTE_MIN_SPEND or
 * more in the last 30 days without one. Reach and video-view goals are not judged on conversions.
 * The gateway has no socialads tool that pauses an ad, so the action is the read tool that shows
 * the ad's figures (app ads: get_socialads_app_creatives, others: list_socialads_ads), and the
 * title says so. The figures are the platform's insights, read through the port as those tools
 * read them, over the same 30 days ending yesterday.
 */
export async function findSocialAdsOpportunities(account: ConnectedAccount, now: Date, call: PortCall = finderCall(account)): Promise<Opportunity[]> {
  const platform = openSocialAds(account, call);
  const { start, end } = lastDays(now, 30);
  const [campaigns, adSets, ads] = await Promise.all([platform.listCampaigns(), platform.listAdSets(), platform.listAds()]);
  const candidates = ads.flatMap((ad) => {
    const adSet = adSets.find((s) => s.id === ad.ad_set_id);
    const campaign = campaigns.find((c) => c.id === ad.campaign_id);
    if (ad.status !== 'ACTIVE' || adSet?.status !== 'ACTIVE' || campaign?.status !== 'ACTIVE') return [];
    if (!['purchases', 'leads', 'installs'].includes(resultTypeOf(adSet.optimization_goal, campaign.objective))) return [];
    return [{ ad, adSet, campaign }];
  });
  const metricsOf = await insightTotals(platform, 'ad', candidates.map((c) => c.ad.id), start, end);
  const found: Opportunity[] = [];
  for (const { ad, adSet, campaign } of candidates) {
    const m = metricsOf(ad.id);
    if (m.conversions > 0 || m.spend < WASTE_MIN_SPEND) continue;
    const isApp = campaign.objective === 'OUTCOME_APP_PROMOTION';
    const result = resultTypeOf(adSet.optimization_goal, campaign.objective).replace(/s$/, '');
    const tool = isApp ? 'get_socialads_app_creatives' : 'list_socialads_ads';
    found.push({
      platform: 'socialads',
      account_id: account.account_id,
      kind: 'cut_waste',
      title: `Pause ad "${ad.name}" in "${campaign.name}": ${m.spend.toFixed(2)} ${account.currency} spent in 30 days with no ${result}. Check it with ${tool} (read-only); this gateway has no socialads pause tool, so pause it in the platform's ads manager`,
      monthly_value: m.spend,
      tool,
      arguments: isApp ? { ad_account_id: account.account_id, ad_group_id: adSet.id } : { ad_account_id: account.account_id, ad_set_id: adSet.id },
    });
  }
  return found;
}
