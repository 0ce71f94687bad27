import * as v from 'valibot';
import { ToolError } from '../../../functions/runtime/errors';
import { defineShortVideoTool } from '../define';

export const resumeShortVideoAdGroup = defineShortVideoTool({
  name: 'resume_shortvideo_ad_group',
  description:
    'Resumes (enables) a disabled/paused shortvideo ad group so it can deliver again. Resuming an ad group that is already enabled changes nothing and says so; a deleted ad group cannot be resumed.',
  access: 'write',
  args: {
    adgroup_id: v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'must be a numeric ad group id (from list_shortvideo_ad_groups)'), v.description('Ad group to resume (from list_shortvideo_ad_groups)')),
  },
  async run(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.adgroup_id);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    if (group.status === 'DELETED') {
      throw new ToolError(`Ad group ${group.id} ("${group.adgroup_name}") is deleted and cannot be resumed. Deleted ad groups are permanent; create a new ad group instead.`);
    }
    const gate =
      campaign.status === 'ACTIVE'
        ? ''
        : ` Note: its campaign "${campaign.campaign_name}" is ${campaign.status}, so nothing delivers until the campaign is active too.`;
    if (group.status === 'ENABLED') {
      return {
        text: `## Ad group already enabled\n\nAd group **${group.adgroup_name}** (${group.id}) was already enabled; nothing was changed.${gate}`,
        structured: { advertiser_id: ctx.account.account_id, adgroup_id: group.id, previous_status: group.status, status: group.status, changed: false, campaign_status: campaign.status },
      };
    }
    const updated = await ctx.platform.updateAdGroup(group.id, { status: 'ENABLED', modify_time: ctx.now.toISOString() }, group.status);
    return {
      text: `## Ad group resumed\n\nAd group **${updated.adgroup_name}** (${updated.id}) in campaign "${campaign.campaign_name}" went from ${group.status} to **${updated.status}**.${gate}`,
      structured: { advertiser_id: ctx.account.account_id, adgroup_id: updated.id, previous_status: group.status, status: updated.status, changed: true, campaign_status: campaign.status },
    };
  },
});
