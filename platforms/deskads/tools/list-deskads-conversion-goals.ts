import * as v from 'valibot';
import { markdownTable, money } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import { GOAL_TYPES, type DeskAdsGoalType } from '../port';

/** A goal as the tool returns it (flat, so sort_by can name any field). */
interface GoalRow extends Record<string, unknown> {
  id: string;
  name: string;
  type: string;
  status: string;
  tracking_status: string;
  tag_id: string | null;
  tag_name: string | null;
  revenue_type: string;
  revenue_value: number | null;
  currency_code: string;
  count_type: string;
  conversion_window_minutes: number;
  goal_category: string;
  scope: string;
  start_date: string | null;
}

const OPTIONS: DeskAdsListOptions<GoalRow> = {
  fields: [
    'id',
    'name',
    'type',
    'status',
    'tracking_status',
    'tag_id',
    'tag_name',
    'revenue_type',
    'revenue_value',
    'currency_code',
    'count_type',
    'conversion_window_minutes',
    'goal_category',
    'scope',
    'start_date',
  ],
  statuses: ['Active', 'Paused', 'InActive', 'Deleted'],
  types: GOAL_TYPES,
  defaultSort: 'name',
  queryHint: 'goal name and id',
};

/** `Url, EventGoal duration` → the goal types; unknown names are returned separately. */
export function parseGoalTypes(value: string): { types: DeskAdsGoalType[]; unknown: string[] } {
  const types: DeskAdsGoalType[] = [];
  const unknown: string[] = [];
  for (const raw of value.split(/[\s,]+/).filter(Boolean)) {
    const name = raw.toLowerCase().replace(/goal$/, '');
    const type = GOAL_TYPES.find((t) => t.toLowerCase() === name);
    if (type) {
      if (!types.includes(type)) types.push(type);
    } else unknown.push(raw);
  }
  return { types, unknown };
}

export const listDeskAdsConversionGoals = defineDeskAdsTool({
  name: 'list_deskads_conversion_goals',
  description:
    'Lists the conversion goals of a deskads account with id, name, type, backing conversion tag, status, tracking status and revenue. Filter by goal_types (Url, Event, Duration, PagesViewedPerVisit, AppInstall, OfflineConversion, InStoreTransaction) and the shared deskads list filters.',
  access: 'read',
  args: {
    goal_types: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check(
          (value) => parseGoalTypes(value).unknown.length === 0,
          (issue) =>
            `has unknown goal type(s) ${parseGoalTypes(String(issue.input))
              .unknown.map((u) => `"${u}"`)
              .join(', ')}; valid: ${GOAL_TYPES.join(', ')} (the Goal-suffixed forms such as UrlGoal are accepted too)`,
        ),
        v.description(
          `Comma or space separated goal types: ${GOAL_TYPES.join(', ')}; Goal-suffixed aliases (UrlGoal, EventGoal...) accepted; empty = all`,
        ),
      ),
      '',
    ),
    ...deskadsListFilterArgs(OPTIONS),
  },
  rules: deskadsListFilterRules(OPTIONS),
  output: v.object({
    account_id: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    goals: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        type: v.string(),
        status: v.string(),
        tracking_status: v.string(),
        tag_id: v.nullable(v.string()),
        tag_name: v.nullable(v.string()),
        revenue_type: v.string(),
        revenue_value: v.nullable(v.number()),
        currency_code: v.string(),
        count_type: v.string(),
        conversion_window_minutes: v.number(),
        goal_category: v.string(),
        scope: v.string(),
        start_date: v.nullable(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const [goals, tags] = await Promise.all([ctx.platform.listConversionGoals(), ctx.platform.listUetTags()]);
    const tagName = new Map(tags.map((t) => [t.id, t.name]));
    const wanted = parseGoalTypes(args.goal_types).types;
    const rows: GoalRow[] = goals.map((g) => ({
      id: g.id,
      name: g.name,
      type: g.type,
      status: g.status,
      tracking_status: g.tracking_status,
      tag_id: g.tag_id ?? null,
      tag_name: g.tag_id ? (tagName.get(g.tag_id) ?? null) : null,
      revenue_type: g.revenue_type,
      revenue_value: g.revenue_value,
      currency_code: g.currency_code,
      count_type: g.count_type,
      conversion_window_minutes: g.conversion_window_minutes,
      goal_category: g.goal_category,
      scope: g.scope,
      start_date: g.start_date ?? null,
    }));
    const byType = wanted.length ? rows.filter((r) => wanted.includes(r.type as DeskAdsGoalType)) : rows;
    const page = applyDeskAdsListFilters(byType, args, { searchable: ['name', 'id'], status: 'status', type: 'type', start: 'start_date' });
    const page2 = { ...page, total: rows.length };
    const revenue = (r: GoalRow) =>
      r.revenue_type === 'NoValue'
        ? 'no value'
        : `${r.revenue_type === 'VariableValue' ? 'variable, default ' : ''}${money(r.revenue_value, r.currency_code)}`;
    const unverified = page.rows.filter((r) => r.tracking_status === 'TagUnverified' || r.tracking_status === 'TagInactive');
    const text = [
      `## Conversion goals of account ${ctx.account.account_id}`,
      '',
      pagingSummary(page2),
      '',
      page.rows.length
        ? markdownTable(
            ['Goal', 'Id', 'Type', 'Status', 'Tracking', 'Conversion tag', 'Revenue', 'Started'],
            page.rows.map((r) => [
              r.name,
              r.id,
              r.type,
              r.status,
              r.tracking_status,
              r.tag_id ? `${r.tag_name} (${r.tag_id})` : 'none (imported)',
              revenue(r),
              r.start_date,
            ]),
          )
        : 'No conversion goal matches these filters.',
      ...(unverified.length
        ? [
            '',
            `Check tracking: ${unverified.map((r) => `"${r.name}" (${r.tracking_status})`).join(', ')}: the conversion tag has not reported recently, so these goals record nothing.`,
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        total: rows.length,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        goals: page.rows,
      },
    };
  },
});
