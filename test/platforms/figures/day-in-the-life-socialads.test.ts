/** A media buyer's morning on socialads (test/platforms/figures/day-in-the-life.ts). */
import { dated, dayInTheLife, largest } from './day-in-the-life';

type Row = Record<string, any>;

dayInTheLife({
  platform: 'socialads',
  waste: {
    tool: 'analyze_socialads_wasted_spend',
    args: dated,
    read: (s) => {
      const findings = s.findings as Row[];
      // The worst finding is stopped with the very call the analysis gives for it.
      const worst = largest(findings, (x) => x.wasted_spend);
      return {
        ids: findings.map((x) => x.id),
        campaigns: findings
          .filter((x) => x.level === 'campaign')
          .map((x) => ({ id: x.id, spend: x.metrics.spend, conversions: x.metrics.conversions })),
        stop: { tool: worst.action.tool, args: worst.action.arguments, entityId: worst.id, campaignId: worst.campaign_id },
      };
    },
  },
  advice: [
    {
      tool: 'optimize_socialads_budget',
      args: () => ({ lookback_days: 7 }),
      scaled: (s) => (s.moves as Row[]).filter((x) => x.proposed_daily_budget > x.current_daily_budget).map((x) => x.id),
      figures: (s) =>
        (s.holders as Row[])
          .filter((x) => x.level === 'campaign')
          .map((x) => ({ id: x.id, spend: x.metrics.spend, conversions: 'conversions' in x.metrics ? x.metrics.conversions : null })),
    },
  ],
});
