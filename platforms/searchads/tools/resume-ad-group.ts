import { ToolError } from '../../../functions/runtime/errors';
import { defineSearchAdsTool } from '../define';
import { adGroupIdArg } from './common';

export const resumeAdGroup = defineSearchAdsTool({
  name: 'resume_ad_group',
  description:
    'Resumes a paused ad group of any campaign type (PAUSED → ENABLED). Resuming an ad group that is already enabled changes nothing and says so; a removed ad group cannot be resumed.',
  access: 'write',
  args: { ad_group_id: adGroupIdArg() },
  async run(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.ad_group_id);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    const structured = { customer_id: ctx.account.account_id, ad_group_id: group.id, campaign_id: campaign.id, previous_status: group.status };
    if (group.status === 'REMOVED') {
      throw new ToolError(`Ad group "${group.name}" (${group.id}) is REMOVED and cannot be resumed. Create a new ad group instead.`);
    }
    const campaignNote =
      campaign.status !== 'ENABLED'
        ? `Note: its campaign "${campaign.name}" is ${campaign.status}, so the ad group will not serve until the campaign is enabled (update_campaign with status ENABLED).`
        : '';
    if (group.status === 'ENABLED') {
      return {
        text: [`## Ad group "${group.name}" is already enabled`, '', 'Nothing changed.', campaignNote].filter(Boolean).join('\n'),
        structured: { ...structured, status: 'ENABLED', changed: false },
      };
    }
    const updated = await ctx.platform.updateAdGroup(group.id, { status: 'ENABLED' }, { status: 'PAUSED' });
    return {
      text: [`## Ad group "${group.name}" resumed`, '', `Status: PAUSED → ${updated.status} (campaign "${campaign.name}", ${campaign.type}).`, campaignNote].filter(Boolean).join('\n'),
      structured: { ...structured, status: updated.status, changed: true },
    };
  },
});
