/** A media buyer's morning on retailads (test/platforms/figures/day-in-the-life.ts). */
import { dated, dayInTheLife, largest } from './day-in-the-life';

type Row = Record<string, any>;

dayInTheLife({
  platform: 'retailads',
  waste: {
    tool: 'analyze_retailads_wasted_spend',
    // Every term that spent $5 without a sale (by default the analysis lists those that spent the account's cost per order).
    args: (w) => ({ ...dated(w), min_spend: 5 }),
    read: (s, list) => {
      // The analysis names search terms without sales; a campaign of theirs that the list shows
      // without a single order over the window spends for nothing as a whole.
      const named = new Set((s.search_terms as Row[]).map((x) => x.campaign_id as string));
      const wasteful = list.filter((x) => named.has(x.id) && x.spend > 0 && x.conversions === 0);
      const worst = largest(wasteful, (x) => x.spend);
      return {
        ids: wasteful.map((x) => x.id),
        campaigns: [],
        stop: { tool: 'pause_retailads_campaigns', args: { campaign_ids: [worst.id] }, entityId: worst.id, campaignId: worst.id },
      };
    },
  },
  advice: [
    {
      tool: 'get_retailads_budget_recommendations',
      args: dated,
      scaled: (s) => (s.recommendations as Row[]).filter((x) => x.recommended_budget > x.daily_budget).map((x) => x.campaign_id),
      figures: (s) => (s.recommendations as Row[]).map((x) => ({ id: x.campaign_id, spend: x.spend })),
    },
    {
      tool: 'optimize_retailads_budget',
      args: dated,
      scaled: (s) => (s.allocation as Row[]).filter((x) => x.recommended_budget > x.daily_budget).map((x) => x.campaign_id),
      figures: (s) => (s.allocation as Row[]).map((x) => ({ id: x.campaign_id, spend: x.spend })),
    },
  ],
});
