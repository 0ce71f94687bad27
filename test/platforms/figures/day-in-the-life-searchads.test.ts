/** A media buyer's morning on searchads (test/platforms/figures/day-in-the-life.ts). */
import { dated, dayInTheLife, largest } from './day-in-the-life';

type Row = Record<string, any>;

dayInTheLife({
  platform: 'searchads',
  waste: {
    tool: 'analyze_wasted_spend',
    args: dated,
    read: (s) => {
      const worst = largest(s.campaigns as Row[], (x) => x.spend);
      return {
        ids: [...(s.campaigns as Row[]).map((x) => x.id), ...(s.keywords as Row[]).map((x) => x.id)],
        // A campaign named here converted nothing in the window.
        campaigns: (s.campaigns as Row[]).map((x) => ({ id: x.id, spend: x.spend, conversions: 0 })),
        stop: { tool: 'pause_campaign', args: { campaign_id: worst.id }, entityId: worst.id, campaignId: worst.id },
      };
    },
  },
  advice: [
    {
      tool: 'optimize_budget_allocation',
      args: dated,
      scaled: (s) => (s.campaigns as Row[]).filter((x) => x.proposed_daily_budget > x.current_daily_budget).map((x) => x.campaign_id),
      figures: (s) => (s.campaigns as Row[]).map((x) => ({ id: x.campaign_id, conversions: x.conversions })),
    },
  ],
});
