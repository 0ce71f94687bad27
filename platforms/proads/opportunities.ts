import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { createLogger } from '../../functions/runtime/log';
import { lastDays } from '../dates';
import type { Opportunity } from '../platform-module';
import { openProAds } from './define';
import { CAMPAIGN_THRESHOLDS } from './tools/analyze-wasted-spend';
import { analyticsTotals } from './tools/shared';

const AWARENESS = ['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'];
/** How long the finder may take over one account. */
const FINDER_TIME_MS = 10_000;

/**
 * Waste in a proads account for suggest_next_action: active conversion campaigns that spent at
 * least the HIGH zero-conversion threshold of analyze_proads_wasted_spend in the last 30 days
 * without a conversion. The value is that spend; the action is the full wasted-spend analysis.
 * The figures are the platform's analytics, read through the port as the tools read them.
 */
export async function findProAdsOpportunities(account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const platform = openProAds(account, {
    signal: AbortSignal.timeout(FINDER_TIME_MS),
    deadline: Date.now() + FINDER_TIME_MS,
    log: createLogger({ platform: account.platform, account_id: account.account_id, finder: 'opportunities' }),
  });
  const { start, end } = lastDays(now, 30);
  const campaigns = (await platform.listCampaigns()).filter((c) => c.status === 'ACTIVE' && !AWARENESS.includes(c.objective_type));
  const metricsOf = await analyticsTotals(platform, 'CAMPAIGN', start, end, { campaigns: campaigns.map((c) => c.id) });
  const found: Opportunity[] = [];
  for (const c of campaigns) {
    const m = metricsOf(c.id);
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
