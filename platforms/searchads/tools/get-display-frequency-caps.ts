import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg } from './common';

export const getDisplayFrequencyCaps = defineSearchAdsTool({
  name: 'get_display_frequency_caps',
  description:
    'Shows the frequency caps of a Display campaign: how many impressions one person may see per day, week or month, and at which level (campaign, ad group, ad).',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: { campaign_id: campaignIdArg('Display campaign id from list_campaigns') },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    campaign_name: v.string(),
    frequency_caps: v.array(
      v.object({
        time_length: v.number(),
        time_unit: v.string(),
        event_type: v.string(),
        cap: v.number(),
        level: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    if (campaign.type !== 'DISPLAY') {
      throw new ToolError(
        `Campaign "${campaign.name}" (${campaign.id}) is a ${campaign.type} campaign; frequency caps are read only for DISPLAY campaigns. Use list_campaigns to find a Display campaign.`,
      );
    }
    const caps = campaign.frequency_caps ?? [];
    const unit = { DAY: 'day', WEEK: 'week', MONTH: 'month' } as const;
    const text = [
      `## Frequency caps of ${campaign.name} (${campaign.id})`,
      '',
      caps.length
        ? markdownTable(
            ['Level', 'Event', 'Limit', 'Per'],
            caps.map((c) => [
              c.level,
              c.event_type,
              c.cap,
              `${c.time_length > 1 ? `${c.time_length} ` : ''}${unit[c.time_unit]}${c.time_length > 1 ? 's' : ''}`,
            ]),
          )
        : 'No frequency cap is set: the platform decides how often the same person sees these ads. Display remarketing usually caps at 3-5 impressions a day to avoid ad fatigue.',
    ].join('\n');
    return {
      text,
      structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, campaign_name: campaign.name, frequency_caps: caps },
    };
  },
});
