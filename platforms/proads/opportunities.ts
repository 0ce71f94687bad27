import type { ConnectedAccount } from '../../core/accounts';
import { lastDays, reportingZone } from '../../core/dates';
import type { Opportunity } from '../../core/platform';
import type { ProAdsPort } from './port';
import { CAMPAIGN_THRESHOLDS } from './tools/analyze-wasted-spend';
import { analyticsTotals } from './tools/shared';

const AWARENESS = ['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'];
/**
 * Waste in a proads account for suggest_next_action: active conversion campaigns that spent at
 * least the HIGH zero-conversion threshold of analyze_proads_wasted_spend in the last 30 days
 * without a conversion. The value is that spend; the action pauses the campaign
 * (pause_proads_campaign, a planned write: dry_run shows the plan first). The figures are the
 * platform's analytics, read through the port as the tools read them.
 */
export async function findProAdsOpportunities(platform: ProAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = lastDays(now, 30, reportingZone(account));
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
        title: `Pause "${c.name}": ${m.spend.toFixed(2)} ${account.currency} spent in 30 days with no conversion (analyze_proads_wasted_spend shows the segments and creatives behind it)`,
        monthly_value: m.spend,
        tool: 'pause_proads_campaign',
        arguments: { ad_account_id: account.account_id, campaign_id: c.id },
      });
    }
  }
  return found;
}
