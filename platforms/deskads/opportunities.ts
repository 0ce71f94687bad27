import type { ConnectedAccount } from '../../core/accounts';
import { opportunityWindow, WASTE_MIN_SPEND } from '../opportunities';
import type { Opportunity } from '../../core/platform';
import type { DeskAdsPort } from './port';

/**
 * Waste in a deskads account for suggest_next_action, over the last 30 days:
 * - products that each spent WASTE_MIN_SPEND or more without a conversion, as one action to inspect
 *   them (get_deskads_product_performance with the same dates and filters);
 * - search terms that each spent WASTE_MIN_SPEND or more without a conversion, as one action to run
 *   analyze_deskads_wasted_spend, which gives the negative keywords and bid cuts that stop it.
 * Figures are the reports those tools show.
 */
export async function findDeskAdsOpportunities(port: DeskAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = opportunityWindow(now, account);
  const rows = await port.getReport({
    report_type: 'ProductDimensionPerformance',
    aggregation: 'Summary',
    start_date: start,
    end_date: end,
  });
  const wasting = rows.filter((r) => r.spend >= WASTE_MIN_SPEND && r.conversions === 0);
  const terms = (
    await port.getReport({ report_type: 'SearchQueryPerformance', aggregation: 'Summary', start_date: start, end_date: end })
  ).filter((r) => r.spend >= WASTE_MIN_SPEND && r.conversions === 0);
  const termSpend = Math.round(terms.reduce((t, r) => t + r.spend, 0) * 100) / 100;
  const searchWaste: Opportunity[] = terms.length
    ? [
        {
          platform: 'deskads',
          account_id: account.account_id,
          kind: 'cut_waste',
          title: `Block ${terms.length} search term${terms.length > 1 ? 's' : ''} with no conversion: ${termSpend.toFixed(2)} ${account.currency} spent in 30 days`,
          monthly_value: termSpend,
          tool: 'analyze_deskads_wasted_spend',
          arguments: { account_id: account.account_id, start_date: start, end_date: end, min_spend: WASTE_MIN_SPEND },
        },
      ]
    : [];
  if (wasting.length === 0) return searchWaste;
  const spend = Math.round(wasting.reduce((t, r) => t + r.spend, 0) * 100) / 100;
  return [
    ...searchWaste,
    {
      platform: 'deskads',
      account_id: account.account_id,
      kind: 'cut_waste',
      title: `Review ${wasting.length} product${wasting.length > 1 ? 's' : ''} with no conversion: ${spend.toFixed(2)} ${account.currency} spent in 30 days`,
      monthly_value: spend,
      tool: 'get_deskads_product_performance',
      arguments: {
        account_id: account.account_id,
        start_date: start,
        end_date: end,
        zero_conversions: true,
        min_spend: WASTE_MIN_SPEND,
        sort_by: 'spend',
        sort_dir: 'desc',
      },
    },
  ];
}
