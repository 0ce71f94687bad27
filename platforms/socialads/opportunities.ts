import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import type { PortCall } from '../../functions/runtime/tool';
import { lastDays } from '../dates';
import { finderCall } from '../opportunities';
import type { Opportunity } from '../platform-module';
import { openSocialAds } from './define';
import { insightTotals } from './tools/shared';

/** Spend without a single result (install, purchase, lead) over 30 days that counts as waste. */
export const WASTE_MIN_SPEND = 100;
/**
 * Waste in a socialads account for suggest_next_action: active ads (in active ad sets and
 * campaigns) that spent WASTE_MIN_SPEND or more in the last 30 days without a result. App ads
 * point to get_socialads_app_creatives, the others to list_socialads_ads. The figures are the
 * platform's insights, read through the port as the tools read them.
 */
export async function findSocialAdsOpportunities(account: ConnectedAccount, now: Date, call: PortCall = finderCall(account)): Promise<Opportunity[]> {
  const platform = openSocialAds(account, call);
  const { start, end } = lastDays(now, 30);
  const [campaigns, adSets, ads] = await Promise.all([platform.listCampaigns(), platform.listAdSets(), platform.listAds()]);
  const candidates = ads.flatMap((ad) => {
    const adSet = adSets.find((s) => s.id === ad.ad_set_id);
    const campaign = campaigns.find((c) => c.id === ad.campaign_id);
    if (ad.status !== 'ACTIVE' || adSet?.status !== 'ACTIVE' || campaign?.status !== 'ACTIVE' || campaign.objective === 'OUTCOME_AWARENESS') return [];
    return [{ ad, adSet, campaign }];
  });
  const metricsOf = await insightTotals(platform, 'ad', candidates.map((c) => c.ad.id), start, end);
  const found: Opportunity[] = [];
  for (const { ad, adSet, campaign } of candidates) {
    const m = metricsOf(ad.id);
    if (m.conversions > 0 || m.spend < WASTE_MIN_SPEND) continue;
    const isApp = campaign.objective === 'OUTCOME_APP_PROMOTION';
    found.push({
      platform: 'socialads',
      account_id: account.account_id,
      kind: 'cut_waste',
      title: `Pause ad "${ad.name}" in "${campaign.name}": ${m.spend.toFixed(2)} ${account.currency} spent in 30 days with no ${isApp ? 'install' : 'result'}`,
      monthly_value: m.spend,
      tool: isApp ? 'get_socialads_app_creatives' : 'list_socialads_ads',
      arguments: isApp ? { ad_account_id: account.account_id, ad_group_id: adSet.id } : { ad_account_id: account.account_id, ad_set_id: adSet.id },
    });
  }
  return found;
}
