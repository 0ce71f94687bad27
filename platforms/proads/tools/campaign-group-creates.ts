/** Campaign groups: create_proads_campaign_group and batch_create_proads_campaign_groups (groups start as DRAFT). */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedBudget, PlannedChange, WritePlan } from '../../../core/plan';
import type { ToolContext } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { markdownTable } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import type { NewProAdsCampaignGroup, ProAdsCampaignGroup, ProAdsPort } from '../port';
import { checkSchedule, dailyEquivalent, nameArg, optionalDate, totalBudgetArg } from './common';
import { type Created, createdOutput } from './create-helpers';

const groupItem = {
  name: nameArg('Campaign group'),
  total_budget: v.optional(totalBudgetArg()),
  start_date: optionalDate('First day, YYYY-MM-DD, today or later; default today'),
  end_date: optionalDate('Last day, YYYY-MM-DD'),
  status: v.optional(
    v.pipe(v.picklist(['DRAFT', 'ACTIVE']), v.description('DRAFT (default: none of its campaigns can run until it is ACTIVE) or ACTIVE')),
    'DRAFT',
  ),
};
type GroupItem = { name: string; total_budget?: number; start_date?: string; end_date?: string; status: 'DRAFT' | 'ACTIVE' };

function planGroup(
  ctx: ToolContext<ProAdsPort>,
  g: GroupItem,
  existing: readonly ProAdsCampaignGroup[],
): { input: NewProAdsCampaignGroup; change: PlannedChange; budgets: PlannedBudget[]; notes: string[] } {
  const start = g.start_date ?? isoDate(ctx.now);
  if (start < isoDate(ctx.now))
    throw new ToolError(`\`start_date\` ${start} is in the past: use today or later.`, { code: 'start_date_past' });
  checkSchedule(ctx.now, start, g.end_date);
  if (existing.some((x) => x.name.toLowerCase() === g.name.toLowerCase() && x.status !== 'PENDING_DELETION'))
    throw new ToolError(`A campaign group named "${g.name}" already exists (list_proads_campaign_groups): choose another name.`, {
      code: 'duplicate_name',
    });
  const status = ctx.createPaused ? 'DRAFT' : g.status;
  const input: NewProAdsCampaignGroup = {
    name: g.name,
    status,
    start_date: start,
    ...(g.end_date ? { end_date: g.end_date } : {}),
    ...(g.total_budget !== undefined ? { total_budget: g.total_budget } : {}),
  };
  const budgets: PlannedBudget[] =
    g.total_budget !== undefined
      ? [
          {
            entity: 'campaign_group_total_budget',
            name: g.name,
            after: dailyEquivalent(g.total_budget, start, g.end_date, ctx.now),
            currency: ctx.account.currency,
          },
        ]
      : [];
  const notes =
    g.total_budget !== undefined
      ? [
          `"${g.name}": lifetime budget ${g.total_budget} ${ctx.account.currency}, about ${budgets[0]!.after} a day; its campaigns' daily budgets cap each day.`,
        ]
      : [];
  if (status !== g.status) notes.push(`"${g.name}" starts as DRAFT: the owner's create-paused guardrail is on.`);
  return {
    input,
    change: {
      action: 'create',
      entity: 'campaign_group',
      name: g.name,
      fields: Object.fromEntries(Object.entries(input).map(([k, after]) => [k, { after }])),
      startsPaused: true,
    },
    budgets,
    notes,
  };
}

export function createdText(heading: string, created: Created[], next: string): string {
  return [
    `## ${heading}`,
    '',
    markdownTable(
      ['Entity', 'Name', 'Id', 'Status'],
      created.map((c) => [c.entity.replace('_', ' '), c.name, c.id, c.status]),
    ),
    '',
    next,
  ].join('\n');
}

interface GroupsData {
  groups: NewProAdsCampaignGroup[];
}

export const createCampaignGroup = defineProAdsTool({
  name: 'create_proads_campaign_group',
  description:
    'Creates a proads campaign group: a name, an optional lifetime budget shared by its campaigns, and a schedule. It starts as DRAFT (status ACTIVE on request; a group cannot spend without campaigns, which start paused). Next: add_proads_campaign_to_group or create_proads_image_campaign.',
  access: 'write',
  examples: [{ name: 'Example group' }],
  args: groupItem,
  output: createdOutput,
  async plan(args, ctx): Promise<WritePlan<GroupsData>> {
    const p = planGroup(ctx, args, await ctx.platform.listCampaignGroups());
    return {
      summary: `Create campaign group "${args.name}" (${p.input.status})`,
      changes: [p.change],
      budgets: p.budgets,
      notes: p.notes,
      data: { groups: [p.input] },
    };
  },
  async apply(plan, _args, ctx) {
    const group = await ctx.step('group', () => ctx.platform.createCampaignGroup(plan.data.groups[0]!));
    const created = [{ entity: 'campaign_group', id: group.id, name: group.name, status: group.status }];
    return {
      text: createdText(
        `Campaign group "${group.name}" created`,
        created,
        `Next: add_proads_campaign_to_group with campaign_group_id ${group.id}; activate it with update_proads_campaign_group (status ACTIVE) when its campaigns are ready.`,
      ),
      structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
    };
  },
});

export const batchCreateCampaignGroups = defineProAdsTool({
  name: 'batch_create_proads_campaign_groups',
  description:
    'Creates several proads campaign groups in one call (1-20), each with a name, optional lifetime budget, schedule and status (DRAFT by default). All are checked before any is created; a retry creates only the ones still missing.',
  access: 'write',
  examples: [{ groups: [{ name: 'Example batch' }] }],
  args: {
    groups: v.pipe(
      v.array(v.strictObject(groupItem)),
      v.minLength(1, 'must hold at least one group'),
      v.maxLength(20, 'at most 20 groups per call'),
      v.description('The groups to create'),
    ),
  },
  rules: [
    (a) => (new Set(a.groups.map((g) => g.name.toLowerCase())).size !== a.groups.length ? '`groups` names a group twice' : undefined),
  ],
  output: createdOutput,
  async plan(args, ctx): Promise<WritePlan<GroupsData>> {
    const existing = await ctx.platform.listCampaignGroups();
    const planned = args.groups.map((g) => planGroup(ctx, g, existing));
    return {
      summary: `Create ${planned.length} campaign group(s)`,
      changes: planned.map((p) => p.change),
      budgets: planned.flatMap((p) => p.budgets),
      notes: planned.flatMap((p) => p.notes),
      data: { groups: planned.map((p) => p.input) },
    };
  },
  async apply(plan, _args, ctx) {
    const created: Created[] = [];
    for (const [i, input] of plan.data.groups.entries()) {
      const g = await ctx.step(`group:${i}`, () => ctx.platform.createCampaignGroup(input));
      created.push({ entity: 'campaign_group', id: g.id, name: g.name, status: g.status });
    }
    return {
      text: createdText(`${created.length} campaign group(s) created`, created, 'Next: add_proads_campaign_to_group for each.'),
      structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
    };
  },
});
