import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { lastDays } from '../dates';
import type { Opportunity } from '../platform-module';
import { totals } from '../sandbox/metrics';
import { creativeMetrics, ProAdsSandbox } from './sandbox';
import { CAMPAIGN_THRESHOLDS } from './tools/analyze-wasted-spend';

const AWARENESS = ['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'];

/**
 * Waste in a proads account for suggest_next_action: active conversion campaigns that spent at
 * least the HIGH zero-conversion threshold of analyze_proads_wasted_spend in the last 30 days
 * without a conversion. The value is that spend; the action is the full wasted-spend analysis.
 */
export async function findProAdsOpportunities(account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const platform = new ProAdsSandbox(account);
  const { start, end } = lastDays(now, 30);
  const [campaigns, creatives] = await Promise.all([platform.listCampaigns(), platform.listCreatives()]);
  const found: Opportunity[] = [];
  for (const c of campaigns.filter((c) => c.status === 'ACTIVE' && !AWARENESS.includes(c.objective_type))) {
    const m = totals(creatives.filter((cr) => cr.campaign_id === c.id).flatMap((cr) => creativeMetrics(cr, c, creatives, start, end)));
    if (m.conversions === 0 && m.spend >= CAMPAIGN_THRESHOLDS.high_zero_conv_spend) {
      found.push({
        platform: 'proads',
        account_id: account.account_id,
        kind: 'cut_waste',
        title: `Stop the waste in "${c.name}": ${m.spend.toFixed(2)} ${account.currency} spent in 30 days with no conversion`,
        monthly_value: m.spend,
        tool: 'analyze_proads_wasted_spend',
        arguments: { ad_account_id: account.account_id, lookback_days: 30 },
      });
    }
  }
  return found;
}
