/** A media buyer's morning on proads (test/platforms/figures/day-in-the-life.ts). */
import { dated, dayInTheLife, largest } from './day-in-the-life';

type Row = Record<string, any>;

dayInTheLife({
  platform: 'proads',
  waste: {
    tool: 'analyze_proads_wasted_spend',
    args: dated,
    read: (s) => {
      const campaigns = s.campaigns as Row[];
      const wasteful = campaigns.filter((x) => x.severity === 'CRITICAL' || x.severity === 'HIGH');
      const worst = largest(wasteful, (x) => x.wasted_spend);
      return {
        ids: wasteful.map((x) => x.campaign_id),
        campaigns: campaigns.map((x) => ({ id: x.campaign_id, spend: x.metrics.spend, conversions: x.metrics.conversions })),
        stop: {
          tool: 'pause_proads_campaign',
          args: { campaign_id: worst.campaign_id },
          entityId: worst.campaign_id,
          campaignId: worst.campaign_id,
        },
      };
    },
  },
  advice: [
    {
      tool: 'optimize_proads_budget',
      args: dated,
      scaled: (s) => (s.campaigns as Row[]).filter((x) => x.recommended_daily_budget > x.daily_budget).map((x) => x.campaign_id),
      figures: (s) => (s.campaigns as Row[]).map((x) => ({ id: x.campaign_id, spend: x.spend, conversions: x.conversions })),
    },
  ],
});
