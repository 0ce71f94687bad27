import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import type { PortCall } from '../../functions/runtime/tool';
import { finderCall, opportunityWindow, WASTE_MIN_SPEND } from '../opportunities';
import type { Opportunity } from '../platform-module';
import { openDeskAdsPort } from './define';

/**
 * Waste in a deskads account for suggest_next_action: products that each spent WASTE_MIN_SPEND or
 * more over the last 30 days without a conversion, as one action for the account. The deskads tools
 * here only read, so the action is to inspect those products (get_deskads_product_performance with
 * the same dates and filters), to exclude them or lower their bids on the platform. Figures are the
 * product report that tool shows.
 */
export async function findDeskAdsOpportunities(account: ConnectedAccount, now: Date, call: PortCall = finderCall(account)): Promise<Opportunity[]> {
  const port = openDeskAdsPort(account, call);
  const { start, end } = opportunityWindow(now);
  const rows = await port.getReport({ report_type: 'ProductDimensionPerformance', aggregation: 'Summary', start_date: start, end_date: end });
  const wasting = rows.filter((r) => r.spend >= WASTE_MIN_SPEND && r.conversions === 0);
  if (wasting.length === 0) return [];
  const spend = Math.round(wasting.reduce((t, r) => t + r.spend, 0) * 100) / 100;
  return [
    {
      platform: 'deskads',
      account_id: account.account_id,
      kind: 'cut_waste',
      title: `Review ${wasting.length} product${wasting.length > 1 ? 's' : ''} with no conversion: ${spend.toFixed(2)} ${account.currency} spent in 30 days`,
      monthly_value: spend,
      tool: 'get_deskads_product_performance',
      arguments: { account_id: account.account_id, start_date: start, end_date: end, zero_conversions: true, min_spend: WASTE_MIN_SPEND, sort_by: 'spend', sort_dir: 'desc' },
    },
  ];
}
