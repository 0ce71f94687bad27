import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { defineShortVideoTool } from '../define';

export const resumeShortVideoAdGroup = defineShortVideoTool({
  name: 'resume_shortvideo_ad_group',
  description:
    'Resumes (enables) a disabled/paused shortvideo ad group so it can deliver again. Resuming an ad group that is already enabled changes nothing and says so; a deleted ad group cannot be resumed.',
  access: 'write',
  examples: [{ adgroup_id: '<adgroup_id from list_shortvideo_ad_groups>' }],
  args: {
    adgroup_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'must be a numeric ad group id (from list_shortvideo_ad_groups)'),
      v.description('Ad group to resume (from list_shortvideo_ad_groups)'),
    ),
  },
  output: v.object({
    advertiser_id: v.string(),
    adgroup_id: v.string(),
    previous_status: v.string(),
    status: v.string(),
    changed: v.boolean(),
    campaign_status: v.string(),
  }),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.adgroup_id);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    if (group.status === 'DELETED') {
      throw new ToolError(
        `Ad group ${group.id} ("${group.adgroup_name}") is deleted and cannot be resumed. Deleted ad groups are permanent; create a new ad group instead.`,
      );
    }
    const notes =
      campaign.status === 'ACTIVE'
        ? []
        : [`Its campaign "${campaign.campaign_name}" is ${campaign.status}, so nothing delivers until the campaign is active too.`];
    const data = {
      group: { id: group.id, name: group.adgroup_name, status: group.status },
      campaign: { name: campaign.campaign_name, status: campaign.status },
    };
    if (group.status === 'ENABLED')
      return { summary: `Ad group "${group.adgroup_name}" is already enabled; nothing changes`, changes: [], notes, data };
    return {
      summary: `Resume ad group "${group.adgroup_name}" (${group.id})`,
      changes: [
        {
          action: 'update',
          entity: 'ad_group',
          id: group.id,
          name: group.adgroup_name,
          fields: { status: { before: group.status, after: 'ENABLED' } },
        },
      ],
      notes,
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { group, campaign } = plan.data;
    const gate = plan.notes?.length ? ` Note: ${plan.notes[0]}` : '';
    if (!plan.changes.length) {
      return {
        text: `## Ad group already enabled\n\nAd group **${group.name}** (${group.id}) was already enabled; nothing was changed.${gate}`,
        structured: {
          advertiser_id: ctx.account.account_id,
          adgroup_id: group.id,
          previous_status: group.status,
          status: group.status,
          changed: false,
          campaign_status: campaign.status,
        },
      };
    }
    const updated = await ctx.platform.updateAdGroup(group.id, { status: 'ENABLED', modify_time: ctx.now.toISOString() }, group.status);
    return {
      text: `## Ad group resumed\n\nAd group **${updated.adgroup_name}** (${updated.id}) in campaign "${campaign.name}" went from ${group.status} to **${updated.status}**.${gate}`,
      structured: {
        advertiser_id: ctx.account.account_id,
        adgroup_id: updated.id,
        previous_status: group.status,
        status: updated.status,
        changed: true,
        campaign_status: campaign.status,
      },
    };
  },
});
