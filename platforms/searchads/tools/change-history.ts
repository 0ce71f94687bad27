/**
 * get_change_history: the platform's change events (change_event) of the last 30 days at most:
 * when, which resource, the operation, the changed fields with old and new values, who and with
 * which client.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { dateArgument } from '../../../core/arguments';
import { addDays, dateInZone, reportingZone } from '../../../core/dates';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { CHANGE_HISTORY_DAYS, CHANGE_HISTORY_LIMIT, type SearchAdsChangeResourceType } from '../port-audience';
import { campaignIdArg } from './common';

const RESOURCE_TYPES = [
  'CAMPAIGN',
  'CAMPAIGN_BUDGET',
  'AD_GROUP',
  'AD_GROUP_AD',
  'AD_GROUP_CRITERION',
  'CAMPAIGN_CRITERION',
  'ASSET',
  'CAMPAIGN_ASSET',
] as const satisfies readonly SearchAdsChangeResourceType[];

export const getChangeHistory = defineSearchAdsTool({
  name: 'get_change_history',
  description:
    'Changes made to the account (change events) in the last 30 days at most: when (change_date_time), the resource type and name, the operation (CREATE, UPDATE, REMOVE), the changed fields with old and new values (money in account currency), the user and the client (web interface, API, automated rules...). Newest first; filter by resource type, campaign, operation or user; limit up to 10,000.',
  access: 'read',
  args: {
    start_date: v.optional(dateArgument('First day (YYYY-MM-DD), at most 30 days back; default 7 days ago')),
    end_date: v.optional(dateArgument('Last day (YYYY-MM-DD), at the latest today; default today')),
    resource_types: v.optional(
      v.pipe(v.array(v.picklist(RESOURCE_TYPES)), v.minLength(1), v.description(`Only these resource types: ${RESOURCE_TYPES.join(', ')}`)),
    ),
    operations: v.optional(
      v.pipe(v.array(v.picklist(['CREATE', 'UPDATE', 'REMOVE'])), v.minLength(1), v.description('Only these operations')),
    ),
    campaign_id: v.optional(campaignIdArg('Only changes to this campaign and what is in it')),
    user_email: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(320), v.description('Only changes by this user'))),
    limit: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1, 'must be 1-10,000'),
        v.maxValue(CHANGE_HISTORY_LIMIT, 'must be 1-10,000'),
        v.description('At most this many changes, 1-10,000, default 100'),
      ),
      100,
    ),
  },
  rules: [(a) => (a.start_date && a.end_date && a.start_date > a.end_date ? '`start_date` must be on or before `end_date`' : undefined)],
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    returned: v.number(),
    has_more: v.boolean(),
    changes: v.array(
      v.object({
        change_date_time: v.string(),
        change_resource_type: v.string(),
        change_resource_name: v.string(),
        resource_change_operation: v.string(),
        changed_fields: v.array(v.string()),
        old_values: v.record(v.string(), v.unknown()),
        new_values: v.record(v.string(), v.unknown()),
        user_email: v.string(),
        client_type: v.string(),
        campaign_id: v.nullable(v.string()),
        ad_group_id: v.nullable(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const today = dateInZone(ctx.now, reportingZone(ctx.account));
    const earliest = addDays(today, -(CHANGE_HISTORY_DAYS - 1));
    const end = args.end_date ?? today;
    const start = args.start_date ?? (addDays(end, -6) < earliest ? earliest : addDays(end, -6));
    if (end > today)
      throw new ToolError(`\`end_date\` ${end} is in the future: changes are known through today (${today}).`, {
        code: 'date_after_yesterday',
      });
    if (end < earliest)
      throw new ToolError(
        `\`end_date\` ${end} is more than ${CHANGE_HISTORY_DAYS} days back: the change history reaches back to ${earliest}.`,
      );
    if (start < earliest)
      throw new ToolError(
        `\`start_date\` ${start} is more than ${CHANGE_HISTORY_DAYS} days back: the change history reaches back to ${earliest}.`,
      );
    const filtered = Boolean(args.resource_types || args.operations || args.campaign_id || args.user_email);
    // Filters apply after the platform's limit; ask for the most the platform gives when filtering.
    const events = await ctx.platform.listChangeEvents(
      `${start}T00:00:00.000Z`,
      `${addDays(end, 1)}T00:00:00.000Z`,
      filtered ? CHANGE_HISTORY_LIMIT : args.limit + 1,
    );
    const matching = events.filter(
      (e) =>
        (!args.resource_types || args.resource_types.includes(e.change_resource_type)) &&
        (!args.operations || args.operations.includes(e.resource_change_operation)) &&
        (!args.campaign_id || e.campaign_id === args.campaign_id) &&
        (!args.user_email || e.user_email.toLowerCase() === args.user_email.toLowerCase()),
    );
    const page = matching
      .slice(0, args.limit)
      .map((e) => ({ ...e, campaign_id: e.campaign_id ?? null, ad_group_id: e.ad_group_id ?? null }));
    const show = (x: unknown) => (x === null || x === undefined ? '-' : typeof x === 'object' ? JSON.stringify(x).slice(0, 60) : String(x));
    const text = [
      `## Changes to ${ctx.account.account_id}, ${start} to ${end}: ${page.length}${matching.length > page.length ? ' (more: raise `limit` or narrow the dates)' : ''}`,
      '',
      page.length
        ? markdownTable(
            ['When', 'Resource', 'Operation', 'Fields', 'Old → new', 'User', 'Client'],
            page.map((e) => [
              e.change_date_time,
              `${e.change_resource_type} ${e.change_resource_name.split('/').at(-1)}`,
              e.resource_change_operation,
              e.changed_fields.join(', '),
              e.changed_fields.length === 1 ? `${show(Object.values(e.old_values)[0])} → ${show(Object.values(e.new_values)[0])}` : '',
              e.user_email,
              e.client_type,
            ]),
          )
        : 'No change in these days.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        returned: page.length,
        has_more: matching.length > page.length,
        changes: page,
      },
    };
  },
});
