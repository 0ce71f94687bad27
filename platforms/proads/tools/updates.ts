/**
 * The proads update family, built once: every tool that edits a campaign (whole, budget and bids,
 * schedule, targeting, many at once), a campaign group or a creative is a row saying which arguments
 * it takes and how they become a patch. One planner checks the platform's rules (budget floors,
 * lifetime ≥ daily, schedule, audience of at least 300, copy limits), lists each field before →
 * after, puts every daily budget it sets in the plan's budgets, and builds the undo call from the
 * before values.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedBudget, PlannedChange, WritePlan } from '../../../core/plan';
import type { ToolContext, ToolDefinition } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { markdownTable } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import { PROADS_FACETS, type ProAdsCampaign, type ProAdsCreative, type ProAdsFacet, type ProAdsPort, type ProAdsTargeting } from '../port';
import {
  bidArg,
  bidStrategyArg,
  campaignIdArg,
  checkBudgets,
  checkSchedule,
  checkTargeting,
  creativeIdArg,
  ctaArg,
  dailyBudgetArg,
  dailyEquivalent,
  facetMapSchema,
  findCampaign,
  findCreative,
  findGroup,
  groupIdArg,
  nameArg,
  optionalDate,
  refuseCopyProblems,
  targetingArg,
  totalBudgetArg,
  urlArg,
  writeOutput,
} from './common';

/** Fields of a campaign an update may set; null removes an optional one. */
export interface CampaignPatch {
  name?: string;
  status?: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  daily_budget?: number;
  total_budget?: number | null;
  unit_cost?: number;
  bid_strategy?: 'MANUAL' | 'MAXIMUM_DELIVERY' | 'COST_CAP';
  start_date?: string;
  end_date?: string | null;
  targeting?: ProAdsTargeting;
}

/** A field value in a table cell: targeting as facet lists, absent as (none). */
export function shown(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value !== 'object') return String(value);
  const t = value as ProAdsTargeting;
  if ('include' in t) {
    const part = (map: object | undefined) =>
      Object.entries(map ?? {})
        .map(([facet, ids]) => `${facet}: ${(ids as string[]).join(', ')}`)
        .join('; ');
    return `${part(t.include)}${t.exclude && Object.keys(t.exclude).length ? `; excluding ${part(t.exclude)}` : ''}`;
  }
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `patch` that differ from `entity`: before → after (null = removed). */
function fieldChanges(entity: object, patch: object): Record<string, { before?: unknown; after: unknown }> {
  const out: Record<string, { before?: unknown; after: unknown }> = {};
  for (const [field, after] of Object.entries(patch)) {
    if (after === undefined) continue;
    const before = (entity as Record<string, unknown>)[field];
    if (!same(before, after)) out[field] = { before: before ?? null, after };
  }
  return out;
}

/** Checks a campaign patch against the platform's rules; returns the plan's parts. */
async function planCampaign(
  ctx: ToolContext<ProAdsPort>,
  campaign: ProAdsCampaign,
  patch: CampaignPatch,
): Promise<{ change?: PlannedChange; budgets: PlannedBudget[]; notes: string[] }> {
  const fields = fieldChanges(campaign, patch);
  const notes: string[] = [];
  if (!Object.keys(fields).length) return { budgets: [], notes };
  const label = `"${campaign.name}" (${campaign.id})`;
  if (
    ['ARCHIVED', 'PENDING_DELETION', 'CANCELED', 'COMPLETED'].includes(campaign.status) &&
    Object.keys(fields).some((f) => f !== 'status' && f !== 'name')
  ) {
    const way =
      campaign.status === 'ARCHIVED'
        ? ': bring it back with reactivate_proads_campaign first'
        : campaign.status === 'COMPLETED'
          ? ': run it again as a copy with clone_proads_campaign'
          : '';
    throw new ToolError(`Campaign ${label} is ${campaign.status} and cannot be edited${way}.`, {
      code: 'campaign_not_editable',
      status: campaign.status,
    });
  }
  if (fields.status) {
    if (campaign.status === 'ARCHIVED' && patch.status === 'ACTIVE')
      throw new ToolError(`Campaign ${label} is ARCHIVED: bring it back with reactivate_proads_campaign, then resume it.`, {
        code: 'invalid_status_transition',
      });
    if (['PENDING_DELETION', 'CANCELED', 'COMPLETED'].includes(campaign.status))
      throw new ToolError(`Campaign ${label} is ${campaign.status}: its status cannot change any more.`, {
        code: 'invalid_status_transition',
      });
  }
  const daily = patch.daily_budget ?? campaign.daily_budget;
  const total = patch.total_budget === null ? undefined : (patch.total_budget ?? campaign.total_budget);
  checkBudgets(daily, total);
  const start = patch.start_date ?? campaign.start_date;
  const end = patch.end_date === null ? undefined : (patch.end_date ?? campaign.end_date);
  if (fields.start_date) {
    const today = isoDate(ctx.now);
    if (campaign.start_date <= today && campaign.status !== 'DRAFT')
      throw new ToolError(
        `Campaign ${label} started on ${campaign.start_date}: a started campaign's start date cannot change (change end_date instead).`,
        { code: 'start_date_locked' },
      );
    if (patch.start_date! < today)
      throw new ToolError(`\`start_date\` ${patch.start_date} is in the past: use today (${today}) or later.`, { code: 'start_date_past' });
  }
  if (fields.start_date || fields.end_date) checkSchedule(ctx.now, start, end);
  if (fields.targeting) {
    const size = await checkTargeting(ctx.platform, patch.targeting!);
    notes.push(`The new targeting reaches about ${size.toLocaleString('en-US')} members.`);
  }
  if ((patch.bid_strategy ?? campaign.bid_strategy) === 'MAXIMUM_DELIVERY' && fields.unit_cost)
    notes.push('Under MAXIMUM_DELIVERY the platform sets the bid: unit_cost is kept but not used until the strategy changes.');
  const budgets: PlannedBudget[] = [];
  const currency = ctx.account.currency;
  if (fields.daily_budget)
    budgets.push({ entity: 'campaign', id: campaign.id, name: campaign.name, before: campaign.daily_budget, after: daily, currency });
  if (fields.total_budget && total !== undefined) {
    const equivalent = dailyEquivalent(total, start, end, ctx.now);
    budgets.push({
      entity: 'campaign_total_budget',
      id: campaign.id,
      name: campaign.name,
      ...(campaign.total_budget !== undefined ? { before: dailyEquivalent(campaign.total_budget, start, end, ctx.now) } : {}),
      after: Math.min(equivalent, daily),
      currency,
    });
    notes.push(
      `The lifetime budget ${total} ${currency} is about ${equivalent} ${currency} a day over ${end ? `the days to ${end}` : '30 days (no end date)'}; the daily budget ${daily} ${currency} still caps each day.`,
    );
  }
  if (fields.daily_budget && patch.daily_budget! > campaign.daily_budget * 2)
    notes.push(
      `This more than doubles the daily budget (${campaign.daily_budget} → ${patch.daily_budget} ${currency}); costs per result usually rise while delivery re-learns.`,
    );
  return { change: { action: 'update', entity: 'campaign', id: campaign.id, name: campaign.name, fields }, budgets, notes };
}

/** The patch that sets a campaign back to its before values (for undo). */
function revertPatch(change: PlannedChange): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, { before }] of Object.entries(change.fields)) {
    if (before === null && field === 'total_budget') out.remove_total_budget = true;
    else if (before === null && field === 'end_date') out.remove_end_date = true;
    else out[field] = before;
  }
  return out;
}

/** A patch as the port takes it: null (removed) becomes undefined. */
const portPatch = (fields: PlannedChange['fields']) =>
  Object.fromEntries(Object.entries(fields).map(([k, { after }]) => [k, after === null ? undefined : after]));

interface CampaignsData {
  campaigns: { id: string; name: string; status: string }[];
}

const campaignWriteOutput = writeOutput({
  campaigns: v.array(
    v.object({ id: v.string(), name: v.string(), fields: v.record(v.string(), v.object({ before: v.unknown(), after: v.unknown() })) }),
  ),
});

async function applyCampaignChanges(ctx: ToolContext<ProAdsPort>, plan: WritePlan<CampaignsData>, heading: string) {
  const changed = plan.changes.length > 0;
  for (const change of plan.changes) {
    const before = plan.data.campaigns.find((c) => c.id === change.id)!;
    await ctx.step(
      `campaign:${change.id}`,
      async () => (
        await ctx.platform.updateCampaign(change.id!, portPatch(change.fields) as never, { status: before.status as never }),
        true
      ),
    );
  }
  const rows = plan.changes.flatMap((c) =>
    Object.entries(c.fields).map(([field, { before, after }]) => [c.name ?? c.id ?? '', field, shown(before), shown(after)]),
  );
  const text = changed
    ? [
        `## ${heading}`,
        '',
        plan.summary,
        '',
        markdownTable(['Campaign', 'Field', 'Before', 'After'], rows),
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
        '',
        'Check delivery tomorrow with get_proads_campaign_performance.',
      ].join('\n')
    : `## ${plan.summary}\n\nNothing changed.`;
  return {
    text,
    structured: {
      ad_account_id: ctx.account.account_id,
      changed,
      summary: plan.summary,
      campaigns: plan.changes.map((c) => ({
        id: c.id!,
        name: c.name!,
        fields: c.fields as Record<string, { before: unknown; after: unknown }>,
      })),
    },
  };
}

/** One single-campaign update tool: its own arguments and how they become a patch. */
function campaignUpdateTool<E extends v.ObjectEntries>(row: {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  args: E;
  rules?: ((args: v.InferOutput<v.ObjectSchema<E, undefined>> & { campaign_id: string }) => string | undefined)[];
  patch(args: v.InferOutput<v.ObjectSchema<E, undefined>>, campaign: ProAdsCampaign): CampaignPatch;
  /** Undo arguments from the before values (default: the same tool with the before values). */
  undo?: (change: PlannedChange, args: v.InferOutput<v.ObjectSchema<E, undefined>>) => { tool: string; arguments: Record<string, unknown> };
}): ToolDefinition {
  return defineProAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    args: { campaign_id: campaignIdArg(), ...row.args },
    rules: (row.rules ?? []) as never,
    output: campaignWriteOutput,
    async plan(args, ctx): Promise<WritePlan<CampaignsData>> {
      const campaign = await findCampaign(ctx.platform, args.campaign_id as string);
      const { change, budgets, notes } = await planCampaign(ctx, campaign, row.patch(args as never, campaign));
      return {
        summary: change
          ? `Update campaign "${campaign.name}" (${campaign.id}): ${Object.keys(change.fields).join(', ')}`
          : `Campaign "${campaign.name}" already has these values; nothing changes`,
        changes: change ? [change] : [],
        budgets,
        notes,
        data: { campaigns: [{ id: campaign.id, name: campaign.name, status: campaign.status }] },
      };
    },
    apply: (plan, _args, ctx) => applyCampaignChanges(ctx, plan, 'Campaign updated'),
    undo(plan, args) {
      const change = plan.changes[0];
      if (!change) return undefined;
      if (row.undo) return row.undo(change, args as never);
      return { tool: row.name, arguments: { campaign_id: change.id, ...revertPatch(change) } };
    },
  });
}

const both = (a: unknown, b: unknown, message: string) => (a !== undefined && b ? message : undefined);
const budgetArgs = {
  daily_budget: v.optional(dailyBudgetArg()),
  total_budget: v.optional(totalBudgetArg()),
  remove_total_budget: v.optional(
    v.pipe(v.boolean(), v.description('true removes the lifetime budget (the daily budget alone then limits spend)')),
  ),
  unit_cost: v.optional(bidArg()),
  bid_strategy: v.optional(bidStrategyArg()),
};
const scheduleArgs = {
  start_date: optionalDate('New start date, YYYY-MM-DD, today or later (only before the campaign has started)'),
  end_date: optionalDate('New end date, YYYY-MM-DD, today or later'),
  remove_end_date: v.optional(v.pipe(v.boolean(), v.description('true removes the end date (the campaign runs until paused)'))),
};
type BudgetArgs = {
  daily_budget?: number;
  total_budget?: number;
  remove_total_budget?: boolean;
  unit_cost?: number;
  bid_strategy?: CampaignPatch['bid_strategy'];
};
type ScheduleArgs = { start_date?: string; end_date?: string; remove_end_date?: boolean };
const budgetPatch = (a: BudgetArgs): CampaignPatch => ({
  daily_budget: a.daily_budget,
  total_budget: a.remove_total_budget ? null : a.total_budget,
  unit_cost: a.unit_cost,
  bid_strategy: a.bid_strategy,
});
const schedulePatch = (a: ScheduleArgs): CampaignPatch => ({ start_date: a.start_date, end_date: a.remove_end_date ? null : a.end_date });
const budgetRules = [
  (a: BudgetArgs) => both(a.total_budget, a.remove_total_budget, 'give `total_budget` or `remove_total_budget`, not both'),
];
const scheduleRules = [
  (a: ScheduleArgs) => both(a.end_date, a.remove_end_date, 'give `end_date` or `remove_end_date`, not both'),
  (a: ScheduleArgs) =>
    a.start_date && a.end_date && a.end_date < a.start_date ? '`end_date` must be on or after `start_date`' : undefined,
];
const needsOne = (keys: string[]) => (a: Record<string, unknown>) =>
  keys.some((k) => a[k] !== undefined) ? undefined : `give at least one of ${keys.map((k) => `\`${k}\``).join(', ')}`;

/** Adds and removes values per facet; the facets left empty are dropped. */
function editFacets(
  map: Partial<Record<ProAdsFacet, string[]>> | undefined,
  add: Partial<Record<ProAdsFacet, string[]>> = {},
  remove: Partial<Record<ProAdsFacet, string[]>> = {},
) {
  const out: Partial<Record<ProAdsFacet, string[]>> = {};
  for (const facet of PROADS_FACETS) {
    const values = [...new Set([...(map?.[facet] ?? []), ...(add[facet] ?? [])])].filter((x) => !(remove[facet] ?? []).includes(x));
    if (values.length) out[facet] = values;
  }
  return out;
}

type FacetMap = Partial<Record<ProAdsFacet, string[]>>;
/** The values of `map` that `other` does not name, facet by facet. */
const valuesNotIn = (map: FacetMap, other: FacetMap): FacetMap =>
  Object.fromEntries(PROADS_FACETS.map((facet) => [facet, (map[facet] ?? []).filter((x) => !(other[facet] ?? []).includes(x))]));
const facetMapArg = (description: string) => v.optional(v.pipe(facetMapSchema, v.description(description)));

export const campaignUpdateTools: ToolDefinition[] = [
  campaignUpdateTool({
    name: 'update_proads_campaign',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>', name: 'ABM - Named CFO List - renamed' }],
    description:
      'Edits a proads campaign in one call: name, status (ACTIVE, PAUSED, ARCHIVED), daily and lifetime budget, bid and bid strategy, schedule, or the whole targeting (to add or remove single facets use update_proads_campaign_targeting). Only the fields given change; the plan shows each before → after. Undo re-applies the before values.',
    args: {
      name: v.optional(nameArg('New campaign')),
      status: v.optional(v.pipe(v.picklist(['ACTIVE', 'PAUSED', 'ARCHIVED']), v.description('ACTIVE, PAUSED or ARCHIVED'))),
      ...budgetArgs,
      ...scheduleArgs,
      targeting: v.optional(targetingArg()),
    },
    rules: [
      needsOne([
        'name',
        'status',
        'daily_budget',
        'total_budget',
        'remove_total_budget',
        'unit_cost',
        'bid_strategy',
        'start_date',
        'end_date',
        'remove_end_date',
        'targeting',
      ]),
      ...budgetRules,
      ...scheduleRules,
    ] as never,
    patch: (a) => ({
      name: a.name,
      status: a.status,
      ...budgetPatch(a),
      ...schedulePatch(a),
      targeting: a.targeting as ProAdsTargeting | undefined,
    }),
  }),
  campaignUpdateTool({
    name: 'update_proads_campaign_budget',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>', daily_budget: 60 }],
    description:
      "Sets a proads campaign's daily budget, sets or removes its lifetime budget, and changes its bid (unit_cost) or bid strategy (MANUAL, MAXIMUM_DELIVERY, COST_CAP). The plan lists every daily budget set (a lifetime budget as its daily equivalent). Daily budget at least 10, lifetime at least 100 and at least the daily budget, bid at least 2.",
    args: budgetArgs,
    rules: [needsOne(['daily_budget', 'total_budget', 'remove_total_budget', 'unit_cost', 'bid_strategy']), ...budgetRules] as never,
    patch: (a) => budgetPatch(a),
  }),
  campaignUpdateTool({
    name: 'update_proads_campaign_schedule',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>', end_date: '2031-12-31' }],
    description:
      "Changes a proads campaign's dates: a new end date (today or later), no end date, or a new start date for a campaign that has not started yet.",
    args: scheduleArgs,
    rules: [needsOne(['start_date', 'end_date', 'remove_end_date']), ...scheduleRules] as never,
    patch: (a) => schedulePatch(a),
  }),
  campaignUpdateTool({
    name: 'update_proads_campaign_targeting',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>', add_exclusions: { seniorities: ['seniority:3'] } }],
    description:
      'Adds or removes proads targeting values facet by facet, for reach (add, remove) or exclusions (add_exclusions, remove_exclusions): e.g. exclude seniority:3 (Entry) or industry:68 that analyze_proads_wasted_spend flags. Values are ids from search_proads_targeting; excluding a value the campaign reaches moves it out of the reach (and adding an excluded one moves it back). The new audience must stay at 300 members or more and keep a location. Excluded segments get no delivery from now on.',
    args: {
      add: facetMapArg('Facet → values to add to the included targeting'),
      remove: facetMapArg('Facet → values to remove from the included targeting'),
      add_exclusions: facetMapArg('Facet → values to exclude'),
      remove_exclusions: facetMapArg('Facet → values to stop excluding'),
    },
    rules: [needsOne(['add', 'remove', 'add_exclusions', 'remove_exclusions'])] as never,
    patch: (a, campaign) => {
      // Excluding a value the campaign reaches moves it out of the reach, and adding an excluded value
      // moves it out of the exclusions; a value given to both add and add_exclusions stays on both sides,
      // which checkTargeting refuses (targeting_conflict).
      const add = (a.add ?? {}) as FacetMap;
      const addExclusions = (a.add_exclusions ?? {}) as FacetMap;
      const include = editFacets(editFacets(campaign.targeting?.include, add, a.remove as FacetMap), {}, valuesNotIn(addExclusions, add));
      const exclude = editFacets(
        editFacets(campaign.targeting?.exclude, addExclusions, a.remove_exclusions as FacetMap),
        {},
        valuesNotIn(add, addExclusions),
      );
      return { targeting: { include, ...(Object.keys(exclude).length ? { exclude } : {}) } };
    },
    undo: (change) => ({
      tool: 'update_proads_campaign',
      arguments: { campaign_id: change.id, targeting: change.fields.targeting!.before ?? { include: {} } },
    }),
  }),
];

// ---- Many campaigns at once.

const batchItem = v.strictObject({
  campaign_id: campaignIdArg(),
  status: v.optional(v.pipe(v.picklist(['ACTIVE', 'PAUSED', 'ARCHIVED']), v.description('ACTIVE, PAUSED or ARCHIVED'))),
  daily_budget: v.optional(dailyBudgetArg()),
  total_budget: v.optional(totalBudgetArg()),
});

export const batchUpdateCampaigns = defineProAdsTool({
  name: 'batch_update_proads_campaigns',
  description:
    'Applies status and budget changes to many proads campaigns at once (1-50): each item names a campaign_id and any of status (ACTIVE, PAUSED, ARCHIVED), daily_budget, total_budget. Every item is checked before anything changes; one invalid item refuses the batch. Use it to pause losers and move their budget to a winner in one step. Undo re-applies the before values.',
  access: 'write',
  examples: [{ updates: [{ campaign_id: '<campaign_id from list_proads_campaigns>', daily_budget: 260 }] }],
  args: {
    updates: v.pipe(
      v.array(batchItem),
      v.minLength(1, 'must hold at least one update'),
      v.maxLength(50, 'at most 50 updates per call'),
      v.description('The changes, one item per campaign'),
    ),
  },
  rules: [
    (a) =>
      new Set(a.updates.map((u) => u.campaign_id)).size !== a.updates.length
        ? '`updates` names a campaign twice: merge its changes into one item'
        : undefined,
    (a) =>
      a.updates
        .filter((u) => u.status === undefined && u.daily_budget === undefined && u.total_budget === undefined)
        .map((u) => `the update of campaign ${u.campaign_id} changes nothing: give status, daily_budget or total_budget`),
  ],
  output: campaignWriteOutput,
  async plan(args, ctx): Promise<WritePlan<CampaignsData>> {
    const campaigns = await ctx.platform.listCampaigns();
    const changes: PlannedChange[] = [];
    const budgets: PlannedBudget[] = [];
    const notes: string[] = [];
    const data: CampaignsData = { campaigns: [] };
    for (const u of args.updates) {
      const campaign = campaigns.find((c) => c.id === u.campaign_id);
      if (!campaign)
        throw new ToolError(
          `No proads campaign with id "${u.campaign_id}" in this ad account. list_proads_campaigns lists the valid ids.`,
          { code: 'not_found', campaign_id: u.campaign_id, list_tool: 'list_proads_campaigns' },
        );
      const planned = await planCampaign(ctx, campaign, { status: u.status, daily_budget: u.daily_budget, total_budget: u.total_budget });
      data.campaigns.push({ id: campaign.id, name: campaign.name, status: campaign.status });
      if (planned.change) changes.push(planned.change);
      budgets.push(...planned.budgets);
      notes.push(...planned.notes);
    }
    const before = budgets.filter((b) => b.entity === 'campaign').reduce((s, b) => s + (b.before ?? 0), 0);
    const after = budgets.filter((b) => b.entity === 'campaign').reduce((s, b) => s + b.after, 0);
    if (budgets.length)
      notes.push(
        `Daily budgets of the changed campaigns: ${Math.round(before * 100) / 100} → ${Math.round(after * 100) / 100} ${ctx.account.currency}.`,
      );
    return {
      summary: changes.length ? `Update ${changes.length} proads campaign(s)` : 'Every campaign already has these values; nothing changes',
      changes,
      budgets,
      notes,
      data,
    };
  },
  apply: (plan, _args, ctx) => applyCampaignChanges(ctx, plan, 'Campaigns updated'),
  undo(plan) {
    if (!plan.changes.length) return undefined;
    return {
      tool: 'batch_update_proads_campaigns',
      arguments: {
        updates: plan.changes.map((c) => ({
          campaign_id: c.id,
          ...Object.fromEntries(Object.entries(revertPatch(c)).filter(([k]) => k !== 'remove_total_budget')),
        })),
      },
    };
  },
});

// ---- Campaign groups and creatives.

interface EntityData {
  id: string;
  name: string;
  status: string;
}
const entityWriteOutput = writeOutput({
  id: v.string(),
  name: v.string(),
  fields: v.record(v.string(), v.object({ before: v.unknown(), after: v.unknown() })),
});

export const updateCampaignGroup = defineProAdsTool({
  name: 'update_proads_campaign_group',
  description:
    'Edits a proads campaign group: name, status (ACTIVE, PAUSED, ARCHIVED: a group that is not ACTIVE stops all its campaigns), lifetime budget shared by its campaigns, or end date. The plan shows each field before → after; undo re-applies them.',
  access: 'write',
  examples: [{ campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>', total_budget: 125000 }],
  args: {
    campaign_group_id: groupIdArg(),
    name: v.optional(nameArg('New campaign group')),
    status: v.optional(v.pipe(v.picklist(['ACTIVE', 'PAUSED', 'ARCHIVED']), v.description('ACTIVE, PAUSED or ARCHIVED'))),
    total_budget: v.optional(totalBudgetArg()),
    end_date: optionalDate('New end date of the group, YYYY-MM-DD, today or later'),
    remove_end_date: v.optional(v.pipe(v.boolean(), v.description('true removes the end date'))),
  },
  rules: [
    needsOne(['name', 'status', 'total_budget', 'end_date', 'remove_end_date']) as never,
    (a) => both(a.end_date, a.remove_end_date, 'give `end_date` or `remove_end_date`, not both'),
  ],
  output: entityWriteOutput,
  async plan(args, ctx): Promise<WritePlan<EntityData>> {
    const group = await findGroup(ctx.platform, args.campaign_group_id);
    const patch: Record<string, unknown> = {
      name: args.name,
      status: args.status,
      total_budget: args.total_budget,
      end_date: args.remove_end_date ? null : args.end_date,
    };
    const fields = fieldChanges(group, patch);
    const data = { id: group.id, name: group.name, status: group.status };
    if (!Object.keys(fields).length)
      return { summary: `Campaign group "${group.name}" already has these values; nothing changes`, changes: [], data };
    if (['PENDING_DELETION', 'CANCELED'].includes(group.status))
      throw new ToolError(`Campaign group "${group.name}" is ${group.status} and cannot be edited.`, { code: 'group_not_editable' });
    if (args.end_date) checkSchedule(ctx.now, group.start_date ?? '0000-01-01', args.end_date);
    const notes: string[] = [];
    const budgets: PlannedBudget[] = [];
    if (fields.total_budget) {
      const equivalent = dailyEquivalent(
        args.total_budget!,
        group.start_date ?? isoDate(ctx.now),
        args.end_date ?? group.end_date,
        ctx.now,
      );
      budgets.push({
        entity: 'campaign_group_total_budget',
        id: group.id,
        name: group.name,
        ...(group.total_budget !== undefined
          ? { before: dailyEquivalent(group.total_budget, group.start_date ?? isoDate(ctx.now), group.end_date, ctx.now) }
          : {}),
        after: equivalent,
        currency: ctx.account.currency,
      });
      notes.push(
        `The group's lifetime budget ${args.total_budget} ${ctx.account.currency} is about ${equivalent} ${ctx.account.currency} a day; each campaign's daily budget still caps its day.`,
      );
    }
    if (fields.status && args.status !== 'ACTIVE') notes.push(`Every campaign of the group stops delivering while it is ${args.status}.`);
    return {
      summary: `Update campaign group "${group.name}" (${group.id}): ${Object.keys(fields).join(', ')}`,
      changes: [{ action: 'update', entity: 'campaign_group', id: group.id, name: group.name, fields }],
      budgets,
      notes,
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const change = plan.changes[0];
    if (!change)
      return {
        text: `## ${plan.summary}\n\nNothing changed.`,
        structured: {
          ad_account_id: ctx.account.account_id,
          changed: false,
          summary: plan.summary,
          id: plan.data.id,
          name: plan.data.name,
          fields: {},
        },
      };
    await ctx.platform.updateCampaignGroup(plan.data.id, portPatch(change.fields) as never, { status: plan.data.status as never });
    const text = [
      `## Campaign group "${plan.data.name}" updated`,
      '',
      markdownTable(
        ['Field', 'Before', 'After'],
        Object.entries(change.fields).map(([f, c]) => [f, shown(c.before), shown(c.after)]),
      ),
      ...(plan.notes ?? []).map((n) => `- ${n}`),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        changed: true,
        summary: plan.summary,
        id: plan.data.id,
        name: plan.data.name,
        fields: change.fields as Record<string, { before: unknown; after: unknown }>,
      },
    };
  },
  undo(plan) {
    const change = plan.changes[0];
    return change
      ? { tool: 'update_proads_campaign_group', arguments: { campaign_group_id: change.id, ...revertPatch(change) } }
      : undefined;
  },
});

export const updateCreative = defineProAdsTool({
  name: 'update_proads_creative',
  description:
    "Edits a proads creative: name, introductory text, headline, description, call to action, destination URL, or status (ACTIVE, PAUSED, ARCHIVED). Copy is checked against its format's limits (text ads: headline 25, description 75, no button). Changed copy goes back to review (the sandbox approves at once). Undo re-applies the before values.",
  access: 'write',
  examples: [{ creative_id: '<creative_id from list_proads_creatives>', headline: 'Cut infrastructure costs 31%' }],
  args: {
    creative_id: creativeIdArg(),
    name: v.optional(nameArg('New creative')),
    intro_text: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.maxLength(600),
        v.description('Introductory text above the ad (image, video, carousel)'),
      ),
    ),
    headline: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200), v.description('Headline (text ads: at most 25 characters)')),
    ),
    description: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300), v.description('Description (text ads: at most 75 characters)')),
    ),
    call_to_action: v.optional(ctaArg()),
    landing_page_url: v.optional(urlArg('Destination URL, http(s)')),
    status: v.optional(v.pipe(v.picklist(['ACTIVE', 'PAUSED', 'ARCHIVED']), v.description('ACTIVE, PAUSED or ARCHIVED'))),
  },
  rules: [needsOne(['name', 'intro_text', 'headline', 'description', 'call_to_action', 'landing_page_url', 'status']) as never],
  output: entityWriteOutput,
  async plan(args, ctx): Promise<WritePlan<EntityData>> {
    const creative: ProAdsCreative = await findCreative(ctx.platform, args.creative_id);
    const { creative_id: _id, ...patch } = args;
    refuseCopyProblems(creative.format, {
      intro_text: patch.intro_text,
      headline: patch.headline,
      description: patch.description,
      call_to_action: patch.call_to_action,
    });
    const fields = fieldChanges(creative, patch);
    const data = { id: creative.id, name: creative.name, status: creative.status };
    if (!Object.keys(fields).length)
      return { summary: `Creative "${creative.name}" already has these values; nothing changes`, changes: [], data };
    if (
      ['PENDING_DELETION', 'CANCELED'].includes(creative.status) ||
      (creative.status === 'ARCHIVED' && Object.keys(fields).some((f) => f !== 'status'))
    ) {
      throw new ToolError(
        `Creative "${creative.name}" (${creative.id}) is ${creative.status}: its copy cannot be edited. Add a new creative instead (add_proads_creative).`,
        { code: 'creative_not_editable' },
      );
    }
    const copyChanged = ['intro_text', 'headline', 'description', 'call_to_action', 'landing_page_url'].some((f) => f in fields);
    return {
      summary: `Update creative "${creative.name}" (${creative.id}): ${Object.keys(fields).join(', ')}`,
      changes: [{ action: 'update', entity: 'creative', id: creative.id, name: creative.name, fields }],
      notes: copyChanged ? ['Changed copy goes back to review before it delivers again (the sandbox approves at once).'] : [],
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const change = plan.changes[0];
    if (!change)
      return {
        text: `## ${plan.summary}\n\nNothing changed.`,
        structured: {
          ad_account_id: ctx.account.account_id,
          changed: false,
          summary: plan.summary,
          id: plan.data.id,
          name: plan.data.name,
          fields: {},
        },
      };
    await ctx.platform.updateCreative(plan.data.id, portPatch(change.fields) as never, { status: plan.data.status as never });
    const text = [
      `## Creative "${plan.data.name}" updated`,
      '',
      markdownTable(
        ['Field', 'Before', 'After'],
        Object.entries(change.fields).map(([f, c]) => [f, shown(c.before), shown(c.after)]),
      ),
      ...(plan.notes ?? []).map((n) => `- ${n}`),
      '',
      'Compare it with its siblings later with analyze_proads_creative_performance.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        changed: true,
        summary: plan.summary,
        id: plan.data.id,
        name: plan.data.name,
        fields: change.fields as Record<string, { before: unknown; after: unknown }>,
      },
    };
  },
  undo(plan) {
    const change = plan.changes[0];
    return change
      ? {
          tool: 'update_proads_creative',
          arguments: {
            creative_id: change.id,
            ...Object.fromEntries(
              Object.entries(change.fields)
                .filter(([, c]) => c.before !== null)
                .map(([f, c]) => [f, c.before]),
            ),
          },
        }
      : undefined;
  },
});

export const updateTools: ToolDefinition[] = [...campaignUpdateTools, batchUpdateCampaigns, updateCampaignGroup, updateCreative];
