/** A media buyer's morning on chatads (test/platforms/figures/day-in-the-life.ts). */
import { dated, dayInTheLife, largest } from './day-in-the-life';

type Row = Record<string, any>;

dayInTheLife({
  platform: 'chatads',
  waste: {
    // chatads has no waste tool of its own: its performance ranking flags what spent without converting.
    tool: 'get_chatads_performance',
    args: (w) => ({ ...dated(w), level: 'ad_group' }),
    read: (s) => {
      const wasteful = (s.rows as Row[]).filter(
        (x) => !x.awareness && x.status === 'active' && x.figures.spend > 0 && x.figures.conversions === 0,
      );
      const worst = largest(wasteful, (x) => x.figures.spend);
      return {
        ids: wasteful.map((x) => x.id),
        campaigns: [],
        stop: { tool: 'pause_chatads_ad_group', args: { ad_group_id: worst.id }, entityId: worst.id, campaignId: worst.campaign_id },
      };
    },
  },
  // chatads has no budget advice or optimisation tool; its campaign ranking shows figures per campaign.
  advice: [
    {
      tool: 'get_chatads_performance',
      args: dated,
      figures: (s) => (s.rows as Row[]).map((x) => ({ id: x.id, spend: x.figures.spend, conversions: x.figures.conversions })),
    },
  ],
});
