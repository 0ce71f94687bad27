/** A media buyer's morning on retailads (test/platforms/figures/day-in-the-life.ts). */
import { dated, dayInTheLife, largest } from './day-in-the-life';

type Row = Record<string, any>;

dayInTheLife({
  platform: 'retailads',
  waste: {
    tool: 'analyze_retailads_wasted_spend',
    // Its defaults: campaigns, ad groups and search terms that spent the account's cost per order without a sale, or at 2× it.
    args: dated,
    read: (s) => {
      // The campaigns it lists, with their figures, and the ad groups of the others; the worst running one is paused.
      const campaigns = s.campaigns as Row[];
      const worst = largest(
        campaigns.filter((x) => x.action),
        (x) => x.wasted_spend,
      );
      return {
        ids: [...campaigns.map((x) => x.id as string), ...(s.ad_groups as Row[]).map((x) => x.id as string)],
        campaigns: campaigns.map((x) => ({ id: x.id, spend: x.spend, conversions: x.orders })),
        stop: { tool: worst.action.tool, args: worst.action.arguments, entityId: worst.id, campaignId: worst.id },
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
