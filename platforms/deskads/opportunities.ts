import type { ConnectedAccount } from '../../core/accounts';
import { opportunityWindow } from '../opportunities';
import type { Opportunity } from '../../core/platform';
import type { DeskAdsPort } from './port';
import { DESKADS_WASTE_MIN_SPEND, findDeskAdsWaste } from './tools/search-terms';

/**
 * Waste in a deskads account for suggest_next_action and the watch: exactly the keywords, search terms
 * and products analyze_deskads_wasted_spend lists with an action, with its defaults over the last 30
 * days ending yesterday (findDeskAdsWaste, core/waste.ts): no conversion on at least 10, or a cost per
 * conversion over 2× the account's, each with the same waste to the cent. A keyword's action is its
 * pause (update_deskads_keywords), a search term's its exact negative (add_deskads_negative_keywords;
 * none for a term whose keywords are paused); a product's is a read of its figures
 * (get_deskads_product_performance), as no tool excludes a product.
 */
export async function findDeskAdsOpportunities(port: DeskAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = opportunityWindow(now, account);
  const waste = await findDeskAdsWaste(port, account, { start, end, min_spend: DESKADS_WASTE_MIN_SPEND });
  const seen = `(${start} to ${end}, as analyze_deskads_wasted_spend shows)`;
  const opportunity = (title: string, value: number, call: { tool: string; arguments: Record<string, unknown> }): Opportunity => ({
    platform: 'deskads',
    account_id: account.account_id,
    kind: 'cut_waste',
    title,
    monthly_value: value,
    tool: call.tool,
    arguments: { account_id: account.account_id, ...call.arguments },
  });
  return [
    ...waste.keywordWaste.flatMap((k) =>
      k.action
        ? [
            opportunity(
              `Pause the keyword "${k.name}" (${k.match_type}) in "${k.campaign}": ${k.judged.reason} ${seen}`,
              k.judged.waste,
              k.action,
            ),
          ]
        : [],
    ),
    ...waste.termWaste.flatMap((t) =>
      t.action
        ? [opportunity(`Block the search "${t.search_term}" in "${t.campaign}": ${t.judged.reason} ${seen}`, t.judged.waste, t.action)]
        : [],
    ),
    ...waste.productWaste.map((p) =>
      opportunity(
        `Review product "${p.product.title}" (${p.product.merchant_product_id}) in "${p.product.campaign_name}": ${p.judged.reason}; exclude it from the campaign's product groups on the platform ${seen}`,
        p.judged.waste,
        p.action,
      ),
    ),
  ];
}
