import type { ConnectedAccount } from '../../core/accounts';
import { opportunityWindow } from '../opportunities';
import type { Opportunity } from '../../core/platform';
import type { RetailAdsPort } from './port';
import { findRetailAdsWaste } from './tools/wasted-spend';

/**
 * Waste in a retailads profile for suggest_next_action and the watch: exactly the campaigns, ad groups
 * and search terms analyze_retailads_wasted_spend lists with an action, with its defaults over the last
 * 30 days ending yesterday (./tools/wasted-spend.ts, core/waste.ts): those that spent the account's cost
 * per order with no sale, or at a cost per order over 2× the account's, each with the same waste to the
 * cent and the same call: the pause of a campaign (pause_retailads_campaigns) or of an ad group
 * (update_retailads_ad_groups), the exact negative on a term's ad group (add_retailads_negative_keywords,
 * Sponsored Brands add_retailads_sb_negative_keywords), or the pause of the live keyword a term is
 * (update_retailads_keywords, update_retailads_sb_keywords).
 */
export async function findRetailAdsOpportunities(port: RetailAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = opportunityWindow(now, account);
  const { campaigns, ad_groups, terms } = await findRetailAdsWaste(port, account.currency, { start, end });
  const shows = `(${start} to ${end}, as analyze_retailads_wasted_spend shows)`;
  const cut = (title: string, value: number, call: { tool: string; arguments: object }): Opportunity => ({
    platform: 'retailads',
    account_id: account.account_id,
    kind: 'cut_waste',
    title: `${title} ${shows}`,
    monthly_value: value,
    tool: call.tool,
    arguments: { profile_id: account.account_id, ...call.arguments },
  });
  return [
    ...campaigns.flatMap((c) => (c.action ? [cut(`Pause the campaign "${c.name}": ${c.reason}`, c.wasted_spend, c.action)] : [])),
    ...ad_groups.flatMap((g) =>
      g.action ? [cut(`Pause the ad group "${g.name}" in "${g.campaign_name}": ${g.reason}`, g.wasted_spend, g.action)] : [],
    ),
    ...terms.flatMap((t) =>
      t.action
        ? [
            cut(
              `${'keywords' in t.action.arguments ? 'Pause the keyword' : 'Exclude the search'} "${t.search_term}" in "${t.campaign_name}": ${t.reason}`,
              t.wasted_spend,
              t.action,
            ),
          ]
        : [],
    ),
  ];
}
