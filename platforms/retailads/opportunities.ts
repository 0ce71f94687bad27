import type { ConnectedAccount } from '../../core/accounts';
import { opportunityWindow, WASTE_MIN_SPEND } from '../opportunities';
import type { Opportunity } from '../../core/platform';
import type { RetailAdsPort } from './port';

/**
 * Waste in a retailads profile for suggest_next_action: enabled Sponsored Products campaigns that
 * spent WASTE_MIN_SPEND or more over the last 30 days without a sale. The platform's tools here
 * cannot pause a campaign or change a bid, so the action is to inspect the campaign's search terms
 * without sales (get_retailads_report), the first step to negative keywords or a pause on the
 * platform. Figures are the spCampaigns report get_retailads_report shows for the same dates.
 */
export async function findRetailAdsOpportunities(port: RetailAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = opportunityWindow(now, account);
  const rows = await port.getReport('spCampaigns', start, end);
  const byCampaign = new Map<string, { name: string; state?: string; spend: number; sales: number }>();
  for (const row of rows) {
    const campaign = byCampaign.get(row.campaign_id) ?? { name: row.campaign_name, state: row.campaign_state, spend: 0, sales: 0 };
    campaign.spend += row.spend;
    campaign.sales += row.sales;
    byCampaign.set(row.campaign_id, campaign);
  }
  const found: Opportunity[] = [];
  for (const [campaignId, c] of byCampaign) {
    const spend = Math.round(c.spend * 100) / 100;
    if ((c.state && c.state !== 'ENABLED') || spend < WASTE_MIN_SPEND || c.sales > 0) continue;
    found.push({
      platform: 'retailads',
      account_id: account.account_id,
      kind: 'cut_waste',
      title: `Find the search terms to exclude in "${c.name}": ${spend.toFixed(2)} ${account.currency} spent in 30 days with no sale`,
      monthly_value: spend,
      tool: 'get_retailads_report',
      arguments: {
        profile_id: account.account_id,
        report_type_id: 'spSearchTerm',
        campaign_id: campaignId,
        start_date: start,
        end_date: end,
        zero_sales: true,
      },
    });
  }
  return found;
}
