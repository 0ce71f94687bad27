import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { lastDays } from '../dates';
import type { Opportunity } from '../platform-module';
import { totals } from '../sandbox/metrics';
import { SocialAdsSandbox } from './sandbox';
import { adDailyMetrics } from './tools/shared';

/** Spend without a single result (install, purchase, lead) over 30 days that counts as waste. */
export const WASTE_MIN_SPEND = 100;

/**
 * Waste in a socialads account for suggest_next_action: active ads (in active ad sets and
 * campaigns) that spent WASTE_MIN_SPEND or more in the last 30 days without a result. App ads
 * point to get_socialads_app_creatives, the others to list_socialads_ads.
 */
export async function findSocialAdsOpportunities(account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const platform = new SocialAdsSandbox(account);
  const { start, end } = lastDays(now, 30);
  const [campaigns, adSets, ads] = await Promise.all([platform.listCampaigns(), platform.listAdSets(), platform.listAds()]);
  const found: Opportunity[] = [];
  for (const ad of ads.filter((a) => a.status === 'ACTIVE')) {
    const adSet = adSets.find((s) => s.id === ad.ad_set_id);
    const campaign = campaigns.find((c) => c.id === ad.campaign_id);
    if (adSet?.status !== 'ACTIVE' || campaign?.status !== 'ACTIVE' || campaign.objective === 'OUTCOME_AWARENESS') continue;
    const m = totals(adDailyMetrics(ad, { campaigns, adSets, ads }, start, end));
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
