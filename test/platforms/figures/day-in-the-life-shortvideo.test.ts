/** A media buyer's morning on shortvideo (test/platforms/figures/day-in-the-life.ts). */
import { dated, dayInTheLife, largest } from './day-in-the-life';

type Row = Record<string, any>;

dayInTheLife({
  platform: 'shortvideo',
  waste: {
    tool: 'analyze_shortvideo_wasted_spend',
    args: dated,
    read: (s) => {
      const findings = s.findings as Row[];
      const wasteful = findings.filter((x) => x.severity === 'CRITICAL' || x.severity === 'HIGH');
      const worst = largest(wasteful, (x) => x.wasted);
      return {
        ids: wasteful.map((x) => x.campaign_id),
        campaigns: findings.map((x) => ({
          id: x.campaign_id,
          spend: x.spend,
          ...('conversions' in x ? { conversions: x.conversions } : {}),
        })),
        stop: {
          tool: 'pause_shortvideo_campaign',
          args: { campaign_id: worst.campaign_id },
          entityId: worst.campaign_id,
          campaignId: worst.campaign_id,
        },
      };
    },
  },
  advice: [
    {
      tool: 'optimize_shortvideo_budget',
      args: dated,
      // A raised ad group or campaign cap scales its campaign.
      scaled: (s) => (s.moves as Row[]).filter((x) => x.proposed_budget > x.current_budget).map((x) => x.campaign_id),
    },
  ],
});
