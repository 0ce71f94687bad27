import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import { GOAL_TYPES } from '../port';
import { idArgument } from './shared';

/** Conversion tracking of deskads: the site tags and the conversion goals they back. */

const TAG_STATUSES = ['Unverified', 'Active', 'Inactive'] as const;

interface TagRow extends Record<string, unknown> {
  id: string;
  name: string;
  status: string;
  type: string;
  goals: number;
  start_date: null;
}

const TAG_OPTIONS: DeskAdsListOptions<TagRow> = {
  fields: ['id', 'name', 'status', 'goals'] as (keyof TagRow & string)[],
  statuses: TAG_STATUSES,
  types: ['Site'],
  defaultSort: 'name',
  queryHint: 'tag name and id',
};

export const listDeskAdsUetTags = defineDeskAdsTool({
  name: 'list_deskads_uet_tags',
  description:
    'Lists the site-wide conversion tags of a deskads account with their status (Unverified: no visit recorded yet; Active; Inactive: nothing recorded lately) and the conversion goals each one backs. Takes the shared deskads list filters.',
  access: 'read',
  args: deskadsListFilterArgs(TAG_OPTIONS),
  rules: deskadsListFilterRules(TAG_OPTIONS),
  output: v.object({
    account_id: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    tags: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.picklist(TAG_STATUSES),
        goals: v.array(v.object({ id: v.string(), name: v.string(), status: v.string(), tracking_status: v.string() })),
      }),
    ),
  }),
  async run(args, ctx) {
    const [tags, goals] = await Promise.all([ctx.platform.listUetTags(), ctx.platform.listConversionGoals()]);
    const backed = (tagId: string) =>
      goals
        .filter((g) => g.tag_id === tagId)
        .map((g) => ({ id: g.id, name: g.name, status: g.status, tracking_status: g.tracking_status }));
    const rows: TagRow[] = tags.map((t) => ({
      id: t.id,
      name: t.name,
      status: t.status,
      type: 'Site',
      goals: backed(t.id).length,
      start_date: null,
    }));
    const page = applyDeskAdsListFilters(rows, args, { searchable: ['name', 'id'], status: 'status', type: 'type', start: 'start_date' });
    const listed = page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status as (typeof TAG_STATUSES)[number],
      goals: backed(r.id),
    }));
    const unverified = listed.filter((t) => t.status !== 'Active' && t.goals.length);
    return {
      text: [
        `## Tracking tags of account ${ctx.account.account_id}`,
        '',
        pagingSummary(page),
        '',
        listed.length
          ? markdownTable(
              ['Tag', 'Id', 'Status', 'Goals it backs'],
              listed.map((t) => [t.name, t.id, t.status, t.goals.map((g) => g.name).join(', ') || 'none']),
            )
          : 'No tag matches these filters.',
        ...(unverified.length
          ? [
              '',
              `${unverified.map((t) => `"${t.name}"`).join(', ')} back goals but are not Active: install the tag on every page of the site (or check it still fires), or those goals record nothing.`,
            ]
          : []),
        '',
        'Add a goal on a tag with create_deskads_conversion_goal; all goals: list_deskads_conversion_goals.',
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        tags: listed,
      },
    };
  },
});

/** Goal types this tool creates on a site tag, and what each needs. */
const TAG_GOAL_TYPES = ['Url', 'Event', 'Duration', 'PagesViewedPerVisit'] as const;
const CATEGORIES = [
  'Purchase',
  'AddToCart',
  'BeginCheckout',
  'Subscribe',
  'Signup',
  'Lead',
  'BookAppointment',
  'Contact',
  'SubmitLeadForm',
  'PageView',
  'Download',
  'Other',
] as const;
/** The platform's conversion window: 30 minutes to 90 days. */
const WINDOW = { min: 30, max: 129_600 } as const;

export const createDeskAdsConversionGoal = defineDeskAdsTool({
  name: 'create_deskads_conversion_goal',
  description:
    'Creates a conversion goal on a site tag: Url (a page whose address equals, begins with or contains an expression), Event (a tag event with category, action and/or label), Duration (visits of at least N seconds) or PagesViewedPerVisit (at least N pages). Revenue is NoValue, FixedValue (revenue_value) or VariableValue (a default value, the tag sends the real one). Offline and in-store goals are imported, not created here.',
  access: 'write',
  examples: [
    { tag_id: '<tag_id from list_deskads_uet_tags>', name: 'Example goal', type: 'Event', goal_category: 'Signup', event_action: 'signup' },
  ],
  args: {
    tag_id: idArgument('tag', 'list_deskads_uet_tags'),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(100),
      v.description('Goal name, up to 100 characters, unique in the account'),
    ),
    type: v.pipe(v.picklist(TAG_GOAL_TYPES), v.description(TAG_GOAL_TYPES.join(', '))),
    goal_category: v.pipe(v.picklist(CATEGORIES), v.description(CATEGORIES.join(', '))),
    url_operator: v.optional(
      v.pipe(v.picklist(['Equals', 'BeginsWith', 'Contains']), v.description('Url goals: how the page address is matched')),
    ),
    url_expression: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(2048),
        v.description('Url goals: the address or part of it, e.g. /checkout/thank-you'),
      ),
    ),
    event_category: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100), v.description('Event goals: event category')),
    ),
    event_action: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100), v.description('Event goals: event action')),
    ),
    event_label: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100), v.description('Event goals: event label')),
    ),
    minimum: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(86_400),
        v.description('Duration goals: seconds (1-86400); PagesViewedPerVisit goals: pages (1-500)'),
      ),
    ),
    revenue_type: v.optional(
      v.pipe(v.picklist(['NoValue', 'FixedValue', 'VariableValue']), v.description('NoValue (default), FixedValue or VariableValue')),
      'NoValue',
    ),
    revenue_value: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0),
        v.maxValue(1_000_000),
        v.description('FixedValue: the value of each conversion; VariableValue: the default value'),
      ),
    ),
    count_type: v.optional(
      v.pipe(v.picklist(['All', 'Unique']), v.description('All (every conversion, default for purchases) or Unique (one per click)')),
    ),
    conversion_window_minutes: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(WINDOW.min),
        v.maxValue(WINDOW.max),
        v.description(`Minutes after a click a conversion still counts, ${WINDOW.min}-${WINDOW.max} (90 days), default 43200 (30 days)`),
      ),
      43_200,
    ),
  },
  rules: [
    (args) =>
      args.type === 'Url' && (!args.url_operator || !args.url_expression)
        ? 'a Url goal needs `url_operator` and `url_expression`'
        : undefined,
    (args) =>
      args.type !== 'Url' && (args.url_operator || args.url_expression)
        ? '`url_operator` and `url_expression` only go with type Url'
        : undefined,
    (args) =>
      args.type === 'Event' && !args.event_category && !args.event_action && !args.event_label
        ? 'an Event goal needs at least one of `event_category`, `event_action`, `event_label`'
        : undefined,
    (args) =>
      args.type !== 'Event' && (args.event_category || args.event_action || args.event_label)
        ? '`event_category`, `event_action` and `event_label` only go with type Event'
        : undefined,
    (args) =>
      (args.type === 'Duration' || args.type === 'PagesViewedPerVisit') && args.minimum === undefined
        ? `a ${args.type} goal needs \`minimum\``
        : undefined,
    (args) => (args.type === 'PagesViewedPerVisit' && (args.minimum ?? 0) > 500 ? '`minimum` pages must be at most 500' : undefined),
    (args) =>
      args.type !== 'Duration' && args.type !== 'PagesViewedPerVisit' && args.minimum !== undefined
        ? '`minimum` only goes with type Duration or PagesViewedPerVisit'
        : undefined,
    (args) =>
      args.revenue_type !== 'NoValue' && args.revenue_value === undefined
        ? `revenue_type ${args.revenue_type} needs \`revenue_value\``
        : undefined,
    (args) =>
      args.revenue_type === 'NoValue' && args.revenue_value !== undefined
        ? '`revenue_value` needs revenue_type FixedValue or VariableValue'
        : undefined,
  ],
  output: v.object({
    account_id: v.string(),
    goal_id: v.string(),
    name: v.string(),
    type: v.picklist(GOAL_TYPES),
    tag_id: v.string(),
    status: v.string(),
    tracking_status: v.string(),
  }),
  async plan(args, ctx) {
    const [tags, goals] = await Promise.all([ctx.platform.listUetTags(), ctx.platform.listConversionGoals()]);
    const tag = tags.find((t) => t.id === args.tag_id);
    if (!tag)
      throw new ToolError(`No tag ${args.tag_id} in account ${ctx.account.account_id}. list_deskads_uet_tags lists the valid ids.`, {
        code: 'not_found',
      });
    if (goals.some((g) => g.name.toLowerCase() === args.name.toLowerCase() && g.status !== 'Deleted'))
      throw new ToolError(`A conversion goal named "${args.name}" already exists; goal names must be unique in the account.`);
    const goal = {
      name: args.name,
      type: args.type,
      tag_id: tag.id,
      goal_category: args.goal_category,
      revenue_type: args.revenue_type,
      revenue_value: args.revenue_value ?? null,
      currency_code: ctx.account.currency,
      count_type: args.count_type ?? (args.goal_category === 'Purchase' ? 'All' : 'Unique'),
      conversion_window_minutes: args.conversion_window_minutes,
      ...(args.type === 'Url' ? { url_condition: { operator: args.url_operator!, expression: args.url_expression! } } : {}),
      ...(args.type === 'Event'
        ? { event_condition: { category: args.event_category, action: args.event_action, label: args.event_label } }
        : {}),
      ...(args.minimum !== undefined ? { minimum: args.minimum } : {}),
    };
    return {
      summary: `Create ${args.type} conversion goal "${args.name}" on tag "${tag.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'conversion_goal',
          name: args.name,
          fields: Object.fromEntries(Object.entries(goal).map(([k, after]) => [k, { after }])),
          startsPaused: true,
        },
      ],
      notes:
        tag.status === 'Active' ? [] : [`Tag "${tag.name}" is ${tag.status}: the goal records nothing until the tag fires on the site.`],
      data: { goal, tagName: tag.name },
    };
  },
  async apply(plan, _args, ctx) {
    const created = await ctx.platform.createConversionGoal(plan.data.goal);
    return {
      text: `## Conversion goal "${created.name}" created\n\nId ${created.id}, type ${created.type}, on tag "${plan.data.tagName}"; tracking status ${created.tracking_status}.${plan.notes?.length ? `\n\n${plan.notes.join(' ')}` : ''}\n\nSee it with list_deskads_conversion_goals.`,
      structured: {
        account_id: ctx.account.account_id,
        goal_id: created.id,
        name: created.name,
        type: created.type,
        tag_id: created.tag_id!,
        status: created.status,
        tracking_status: created.tracking_status,
      },
    };
  },
});
