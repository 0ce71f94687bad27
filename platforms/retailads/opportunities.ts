import type { ConnectedAccount } from '../../core/accounts';
import { opportunityWindow } from '../opportunities';
import type { Opportunity } from '../../core/platform';
import type { RetailAdsPort } from './port';
import { findRetailAdsWaste } from './tools/wasted-spend';

/**
 * Waste in a retailads profile for suggest_next_action and the watch: exactly the search terms
 * analyze_retailads_wasted_spend lists with an action, with its defaults over the last 30 days ending
 * yesterday (./tools/wasted-spend.ts, core/waste.ts): terms that spent the account's cost per order
 * with no sale, or at a cost per order over 2× the account's, each with the same waste to the cent and
 * the same call: the exact negative on its ad group (add_retailads_negative_keywords, Sponsored Brands
 * add_retailads_sb_negative_keywords), or the pause of the live keyword it is (update_retailads_keywords,
 * update_retailads_sb_keywords).
 */
export async function findRetailAdsOpportunities(port: RetailAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = opportunityWindow(now, account);
  const { terms } = await findRetailAdsWaste(port, account.currency, { start, end });
  return terms.flatMap((t) =>
    t.action
      ? [
          {
            platform: 'retailads' as const,
            account_id: account.account_id,
            kind: 'cut_waste' as const,
            title: `${'keywords' in t.action.arguments ? 'Pause the keyword' : 'Exclude the search'} "${t.search_term}" in "${t.campaign_name}": ${t.reason} (${start} to ${end}, as analyze_retailads_wasted_spend shows)`,
            monthly_value: t.wasted_spend,
            tool: t.action.tool,
            arguments: { profile_id: account.account_id, ...t.action.arguments },
          },
        ]
      : [],
  );
}
