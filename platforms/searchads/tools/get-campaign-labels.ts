import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg } from './common';

export const getCampaignLabels = defineSearchAdsTool({
  name: 'get_campaign_labels',
  description: 'Lists the labels applied to a campaign (name, id, color, description).',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: { campaign_id: campaignIdArg() },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    labels: v.array(
      v.object({
        name: v.string(),
        description: v.optional(v.string()),
        id: v.string(),
        background_color: v.string(),
        resource_name: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    const labels = await ctx.platform.listLabels();
    const applied = (campaign.label_ids ?? []).map((id) => labels.find((l) => l.id === id)).filter((l) => l !== undefined);
    const text = [
      `## Labels of ${campaign.name} (${campaign.id})`,
      '',
      applied.length
        ? markdownTable(
            ['Label', 'Id', 'Color', 'Description'],
            applied.map((l) => [l.name, l.id, l.background_color, l.description]),
          )
        : 'This campaign has no labels.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        labels: applied.map((l) => ({ ...l, resource_name: `customers/${ctx.account.account_id}/labels/${l.id}` })),
      },
    };
  },
});
