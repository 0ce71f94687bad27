/** A media buyer's morning on deskads (test/platforms/figures/day-in-the-life.ts). */
import { dated, dayInTheLife, largest } from './day-in-the-life';

type Row = Record<string, any>;

dayInTheLife({
  platform: 'deskads',
  waste: {
    tool: 'analyze_deskads_wasted_spend',
    args: dated,
    read: (s) => {
      const keywords = s.keywords as Row[];
      const worst = largest(keywords, (x) => x.spend);
      // The keyword's campaign: the one its search terms ran in.
      const campaignId = (s.search_terms as Row[]).find((t) => t.keyword === worst.name)?.campaign_id as string;
      return {
        ids: [...keywords.map((x) => x.id), ...(s.ad_groups as Row[]).map((x) => x.id)],
        campaigns: [],
        // The bid it suggests for each wasteful keyword.
        raises: keywords.filter((x) => x.suggested_bid > x.bid).map((x) => x.id),
        stop: {
          tool: 'update_deskads_keywords',
          args: { updates: [{ keyword_id: worst.id, status: 'Paused' }] },
          entityId: worst.id,
          campaignId,
        },
      };
    },
  },
  advice: [
    {
      tool: 'list_deskads_recommendations',
      args: () => ({}),
      scaled: (s) => (s.recommendations as Row[]).filter((x) => x.recommended_value > x.current_value).map((x) => x.entity_id),
      figures: (s) =>
        (s.recommendations as Row[])
          .filter((x) => x.entity_type === 'Campaign')
          .map((x) => ({ id: x.entity_id, spend: x.figures.spend, conversions: x.figures.conversions })),
    },
  ],
});
