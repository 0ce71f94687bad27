import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { defineSearchAdsTool } from '../define';
import { adGroupIdArg } from './common';

export const resumeAdGroup = defineSearchAdsTool({
  name: 'resume_ad_group',
  description:
    'Resumes a paused ad group of any campaign type (PAUSED → ENABLED). Resuming an ad group that is already enabled changes nothing and says so; a removed ad group cannot be resumed.',
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>' }],
  args: { ad_group_id: adGroupIdArg() },
  output: v.object({
    customer_id: v.string(),
    ad_group_id: v.string(),
    campaign_id: v.string(),
    previous_status: v.string(),
    status: v.string(),
    changed: v.boolean(),
  }),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.ad_group_id);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    if (group.status === 'REMOVED') {
      throw new ToolError(`Ad group "${group.name}" (${group.id}) is REMOVED and cannot be resumed. Create a new ad group instead.`);
    }
    const notes =
      campaign.status !== 'ENABLED'
        ? [
            `Its campaign "${campaign.name}" is ${campaign.status}, so the ad group will not serve until the campaign is enabled (update_campaign with status ENABLED).`,
          ]
        : [];
    const data = {
      group: { id: group.id, name: group.name, status: group.status },
      campaign: { id: campaign.id, name: campaign.name, type: campaign.type },
    };
    if (group.status === 'ENABLED') {
      return { summary: `Ad group "${group.name}" is already enabled; nothing changes`, changes: [], notes, data };
    }
    return {
      summary: `Resume ad group "${group.name}" (${group.id})`,
      changes: [
        {
          action: 'update',
          entity: 'ad_group',
          id: group.id,
          name: group.name,
          fields: { status: { before: group.status, after: 'ENABLED' } },
        },
      ],
      notes,
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { group, campaign } = plan.data;
    const structured = {
      customer_id: ctx.account.account_id,
      ad_group_id: group.id,
      campaign_id: campaign.id,
      previous_status: group.status,
    };
    const campaignNote = plan.notes?.length ? `Note: ${plan.notes[0]}` : '';
    if (!plan.changes.length) {
      return {
        text: [`## Ad group "${group.name}" is already enabled`, '', 'Nothing changed.', campaignNote].filter(Boolean).join('\n'),
        structured: { ...structured, status: 'ENABLED', changed: false },
      };
    }
    const updated = await ctx.platform.updateAdGroup(group.id, { status: 'ENABLED' }, { status: 'PAUSED' });
    return {
      text: [
        `## Ad group "${group.name}" resumed`,
        '',
        `Status: PAUSED → ${updated.status} (campaign "${campaign.name}", ${campaign.type}).`,
        campaignNote,
      ]
        .filter(Boolean)
        .join('\n'),
      structured: { ...structured, status: updated.status, changed: true },
    };
  },
});
