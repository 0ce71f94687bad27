import * as v from 'valibot';
import { dateArgument } from '../../arguments';
import { ToolError } from '../../../functions/runtime/errors';
import { isoDate } from '../../dates';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, requireLiveCampaign } from './common';

const date = dateArgument;

export const updateCampaignDates = defineSearchAdsTool({
  name: 'update_campaign_dates',
  description:
    'Changes the start and/or end date of a campaign. The start date can only move while the campaign has not started yet, and not into the past; the end date must be after the start date. Pass end_date as an empty string to make the campaign open-ended.',
  access: 'write',
  args: {
    campaign_id: campaignIdArg(),
    start_date: v.optional(date('New start date, YYYY-MM-DD; only for a campaign that has not started yet, and not in the past')),
    end_date: v.optional(
      v.union([v.literal(''), date('')], 'must be a date in the form YYYY-MM-DD, or an empty string to remove the end date'),
      undefined,
    ),
  },
  rules: [
    (args) => (args.start_date === undefined && args.end_date === undefined ? 'give `start_date`, `end_date` or both' : undefined),
    (args) => (args.start_date && args.end_date && args.end_date <= args.start_date ? `\`end_date\` (${args.end_date}) must be after \`start_date\` (${args.start_date})` : undefined),
  ],
  async run(args, ctx) {
    const today = isoDate(ctx.now);
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    const started = campaign.start_date <= today;
    const patch: { start_date?: string; end_date?: string } = {};
    if (args.start_date !== undefined && args.start_date !== campaign.start_date) {
      if (started) {
        throw new ToolError(`Campaign "${campaign.name}" started on ${campaign.start_date}; the start date of a campaign that has started cannot be changed. Only end_date can still change.`);
      }
      if (args.start_date < today) throw new ToolError(`\`start_date\` ${args.start_date} is in the past (today is ${today}); choose today or a later date.`);
      patch.start_date = args.start_date;
    }
    const start = patch.start_date ?? campaign.start_date;
    let end = campaign.end_date;
    if (args.end_date !== undefined) end = args.end_date === '' ? undefined : args.end_date;
    if (end !== undefined && args.end_date !== undefined && args.end_date !== '') {
      if (end <= start) throw new ToolError(`\`end_date\` ${end} must be after the start date ${start}.`);
      if (end < today) throw new ToolError(`\`end_date\` ${end} is in the past (today is ${today}); a campaign cannot be set to end before today.`);
    } else if (end !== undefined && patch.start_date && end <= start) {
      throw new ToolError(`The campaign ends on ${end}, which is not after the new start date ${start}. Pass a later \`end_date\` too.`);
    }
    const endChanged = (end ?? null) !== (campaign.end_date ?? null);
    if (endChanged) (patch as Record<string, unknown>).end_date = end;
    const changed = Object.keys(patch).length > 0;
    const updated = changed ? await ctx.platform.updateCampaign(campaign.id, patch) : campaign;
    const show = (d: string | undefined) => d ?? 'none (open-ended)';
    const text = [
      `## Dates of ${campaign.name} (${campaign.id})${changed ? ' updated' : ' unchanged'}`,
      '',
      `- Start: ${campaign.start_date}${patch.start_date ? ` → ${updated.start_date}` : ' (unchanged)'}`,
      `- End: ${show(campaign.end_date)}${endChanged ? ` → ${show(updated.end_date)}` : ' (unchanged)'}`,
      ...(changed ? [] : ['', 'The dates given are the ones the campaign already has; nothing changed.']),
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        changed,
        before: { start_date: campaign.start_date, end_date: campaign.end_date ?? null },
        after: { start_date: updated.start_date, end_date: updated.end_date ?? null },
      },
    };
  },
});
