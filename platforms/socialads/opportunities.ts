import type { ConnectedAccount } from '../../core/accounts';
import type { Opportunity } from '../../core/platform';
import { opportunityWindow } from '../opportunities';
import type { SocialAdsPort } from './port';
import { findSocialAdsWaste, WASTE_MIN_SPEND, WASTE_TARGET_ROAS } from './tools/waste';

/**
 * Waste in a socialads account for suggest_next_action and the watch: exactly what
 * analyze_socialads_wasted_spend finds with its defaults over the last 30 days ending yesterday
 * (./tools/waste.ts, core/waste.ts): active conversion ad sets and ads with no result, ad sets at a
 * ROAS under 1 or at a cost per result over 2× the account's, each with the same waste to the cent
 * and the same pause (update_socialads_ad_set or update_socialads_ad status PAUSED).
 */
export async function findSocialAdsOpportunities(platform: SocialAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = opportunityWindow(now, account);
  const { findings } = await findSocialAdsWaste(platform, account.currency, {
    start,
    end,
    min_spend: WASTE_MIN_SPEND,
    target_roas: WASTE_TARGET_ROAS,
  });
  return findings.map((f) => ({
    platform: 'socialads' as const,
    account_id: account.account_id,
    kind: 'cut_waste' as const,
    title: `Pause ${f.level === 'ad' ? 'ad' : 'ad set'} "${f.name}" in "${f.campaign_name}": ${f.reason} (${start} to ${end}, as analyze_socialads_wasted_spend shows)`,
    monthly_value: f.wasted_spend,
    tool: f.action.tool,
    arguments: { ad_account_id: account.account_id, ...f.action.arguments },
    current: { status: 'ACTIVE' },
  }));
}
