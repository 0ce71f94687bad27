import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, requireLiveCampaign } from './common';

const date = dateArgument;

export const updateCampaignDates = defineSearchAdsTool({
  name: 'update_campaign_dates',
  description:
    'Changes the start and/or end date of a campaign. The start date can only move while the campaign has not started yet, and not into the past; the end date must be after the start date. Pass end_date as an empty string to make the campaign open-ended.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', end_date: '2031-12-31' }],
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
    (args) =>
      args.start_date && args.end_date && args.end_date <= args.start_date
        ? `\`end_date\` (${args.end_date}) must be after \`start_date\` (${args.start_date})`
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    changed: v.boolean(),
    before: v.object({ start_date: v.string(), end_date: v.nullable(v.string()) }),
    after: v.object({ start_date: v.string(), end_date: v.nullable(v.string()) }),
  }),
  async plan(args, ctx) {
    const today = isoDate(ctx.now);
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    const started = campaign.start_date <= today;
    const patch: { start_date?: string; end_date?: string } = {};
    if (args.start_date !== undefined && args.start_date !== campaign.start_date) {
      if (started) {
        throw new ToolError(
          `Campaign "${campaign.name}" started on ${campaign.start_date}; the start date of a campaign that has started cannot be changed. Only end_date can still change.`,
        );
      }
      if (args.start_date < today)
        throw new ToolError(`\`start_date\` ${args.start_date} is in the past (today is ${today}); choose today or a later date.`);
      patch.start_date = args.start_date;
    }
    const start = patch.start_date ?? campaign.start_date;
    let end = campaign.end_date;
    if (args.end_date !== undefined) end = args.end_date === '' ? undefined : args.end_date;
    if (end !== undefined && args.end_date !== undefined && args.end_date !== '') {
      if (end <= start) throw new ToolError(`\`end_date\` ${end} must be after the start date ${start}.`);
      if (end < today)
        throw new ToolError(`\`end_date\` ${end} is in the past (today is ${today}); a campaign cannot be set to end before today.`);
    } else if (end !== undefined && patch.start_date && end <= start) {
      throw new ToolError(`The campaign ends on ${end}, which is not after the new start date ${start}. Pass a later \`end_date\` too.`);
    }
    const endChanged = (end ?? null) !== (campaign.end_date ?? null);
    if (endChanged) (patch as Record<string, unknown>).end_date = end;
    const fields: Record<string, { before: string | null; after: string | null }> = {};
    if (patch.start_date) fields.start_date = { before: campaign.start_date, after: patch.start_date };
    if (endChanged) fields.end_date = { before: campaign.end_date ?? null, after: end ?? null };
    const data = {
      campaign: { id: campaign.id, name: campaign.name, start_date: campaign.start_date, end_date: campaign.end_date ?? null },
      patch,
    };
    return {
      summary: Object.keys(fields).length
        ? `Change the dates of campaign "${campaign.name}" (${campaign.id})`
        : `Campaign "${campaign.name}" already has these dates; nothing changes`,
      changes: Object.keys(fields).length
        ? [{ action: 'update' as const, entity: 'campaign', id: campaign.id, name: campaign.name, fields }]
        : [],
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, patch } = plan.data;
    const changed = Object.keys(patch).length > 0;
    const endChanged = 'end_date' in patch;
    const updated = changed
      ? await ctx.platform.updateCampaign(campaign.id, patch)
      : { start_date: campaign.start_date, end_date: campaign.end_date ?? undefined };
    const show = (d: string | undefined) => d ?? 'none (open-ended)';
    const text = [
      `## Dates of ${campaign.name} (${campaign.id})${changed ? ' updated' : ' unchanged'}`,
      '',
      `- Start: ${campaign.start_date}${patch.start_date ? ` → ${updated.start_date}` : ' (unchanged)'}`,
      `- End: ${show(campaign.end_date ?? undefined)}${endChanged ? ` → ${show(updated.end_date)}` : ' (unchanged)'}`,
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
  /** Back to the dates before: the start date only while the campaign has not started (the tool's own rule). */
  undo(plan, args) {
    const fields = plan.changes[0]?.fields;
    if (!fields) return undefined;
    const back: Record<string, unknown> = { campaign_id: args.campaign_id };
    if (fields.start_date) back.start_date = fields.start_date.before;
    if (fields.end_date) back.end_date = fields.end_date.before ?? '';
    return { tool: 'update_campaign_dates', arguments: back };
  },
});
