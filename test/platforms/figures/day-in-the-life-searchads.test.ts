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
      // Campaigns and keywords with no conversion, and those at a cost per conversion far above the account's.
      const campaigns = [...(s.campaigns as Row[]), ...(s.high_cost_campaigns as Row[])];
      return {
        ids: [...campaigns, ...(s.keywords as Row[]), ...(s.high_cost_keywords as Row[])].map((x) => x.id),
        campaigns: campaigns.map((x) => ({ id: x.id, spend: x.spend, conversions: x.conversions })),
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
