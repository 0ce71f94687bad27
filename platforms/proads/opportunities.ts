import type { ConnectedAccount } from '../../core/accounts';
import type { Opportunity } from '../../core/platform';
import { opportunityWindow } from '../opportunities';
import type { ProAdsPort } from './port';
import { campaignActions, campaignFigures, judgeCampaigns } from './tools/analyze-wasted-spend';

/**
 * Waste in a proads account for suggest_next_action and the watch: the active campaigns
 * analyze_proads_wasted_spend finds wasting spend over the last 30 days ending yesterday, judged by the
 * same rules (core/waste.ts via its wasteRules: no conversion on at least 300, a cost per conversion
 * over 1.5× the account's average), with the same waste to the cent and the same quick action: pause a
 * CRITICAL campaign (pause_proads_campaign), halve the daily budget of a HIGH one
 * (update_proads_campaign_budget), review a MEDIUM one (analyze_proads_creative_performance, a read).
 */
export async function findProAdsOpportunities(platform: ProAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const window = opportunityWindow(now, account);
  const currency = account.currency;
  const campaigns = await platform.listCampaigns();
  const { campaignRows, accountCpa } = await campaignFigures(platform, campaigns, window);
  const results = judgeCampaigns(campaignRows, window, { accountCpa, currency });
  const byCampaign = new Map(campaigns.map((c) => [c.id, c]));
  const actions = campaignActions(results, byCampaign, currency, window);
  const found: Opportunity[] = [];
  for (const c of results) {
    if (c.status !== 'ACTIVE' || c.wasted_spend <= 0) continue;
    const action = actions.find((a) => a.target_id === c.campaign_id);
    const call = action?.calls[0];
    if (!action || !call) continue;
    found.push({
      platform: 'proads',
      account_id: account.account_id,
      kind: 'cut_waste',
      title: `${action.text.replace(/: [a-z_]+\.$/, '')}: ${c.wasted_spend.toFixed(2)} ${currency} ${c.metrics.conversions > 0 ? 'of spend beyond what its conversions are worth at the account CPA' : 'spent with no conversion'} from ${window.start} to ${window.end}, as analyze_proads_wasted_spend shows`,
      monthly_value: c.wasted_spend,
      tool: call.tool,
      arguments: { ad_account_id: account.account_id, ...call.arguments },
      ...(action.current_daily_budget !== undefined ? { current: { daily_budget: action.current_daily_budget } } : {}),
    });
  }
  return found;
}
