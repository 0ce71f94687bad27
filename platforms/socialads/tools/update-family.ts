import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { WritePlan } from '../../../core/plan';
import type { ToolContext, ToolDefinition } from '../../../core/tool';
import { markdownTable, money } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import type { SocialAdsAd, SocialAdsAdSet, SocialAdsCampaign, SocialAdsPort, SocialAdsTargeting } from '../port';

/**
 * The socialads update family: every write that changes fields of one campaign, ad set or ad
 * (pause, resume, budget, name, schedule, targeting, bid, creative) is planned and applied here.
 * A tool gives its arguments and `patch` (the fields it sets, from the arguments and the entity);
 * the family reads the entity, refuses archived and deleted ones, plans each field before → after
 * and every daily budget, applies exactly that patch, answers the change, and undoes it by calling
 * the tool that sets the before values back.
 */

export type EntityKind = 'campaign' | 'ad_set' | 'ad';
type EntityOf<K extends EntityKind> = K extends 'campaign' ? SocialAdsCampaign : K extends 'ad_set' ? SocialAdsAdSet : SocialAdsAd;

export const ENTITY: Record<EntityKind, { label: string; idArg: string; listTool: string; reportTool: string }> = {
  campaign: {
    label: 'campaign',
    idArg: 'campaign_id',
    listTool: 'list_socialads_campaigns',
    reportTool: 'get_socialads_campaign_performance',
  },
  ad_set: { label: 'ad set', idArg: 'ad_set_id', listTool: 'list_socialads_ad_sets', reportTool: 'get_socialads_adset_performance' },
  ad: { label: 'ad', idArg: 'ad_id', listTool: 'list_socialads_ads', reportTool: 'get_socialads_ad_performance' },
};

export const idArg = (kind: EntityKind) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{6,25}$/, `must be a numeric ${ENTITY[kind].label} id from ${ENTITY[kind].listTool}`),
    v.description(`The ${ENTITY[kind].label} to change (from ${ENTITY[kind].listTool})`),
  );

async function getEntity<K extends EntityKind>(p: SocialAdsPort, kind: K, id: string): Promise<EntityOf<K>> {
  try {
    return (await (kind === 'campaign' ? p.getCampaign(id) : kind === 'ad_set' ? p.getAdSet(id) : p.getAd(id))) as EntityOf<K>;
  } catch (err) {
    if (err instanceof ToolError && /No .* with id/.test(err.message)) {
      throw new ToolError(
        `\`${ENTITY[kind].idArg}\` "${id}" is not a ${ENTITY[kind].label} of this ad account. Find valid ids with ${ENTITY[kind].listTool}.`,
        { code: 'not_found', [ENTITY[kind].idArg]: id },
      );
    }
    throw err;
  }
}

function updateEntity(p: SocialAdsPort, kind: EntityKind, id: string, patch: Record<string, unknown>): Promise<unknown> {
  return kind === 'campaign' ? p.updateCampaign(id, patch) : kind === 'ad_set' ? p.updateAdSet(id, patch) : p.updateAd(id, patch);
}

/** Daily budgets and their daily equivalent for lifetime budgets over the remaining flight. */
function dailyEquivalent(entity: {
  daily_budget?: number;
  lifetime_budget?: number;
  start_date: string;
  end_date?: string;
}): number | undefined {
  if (entity.daily_budget !== undefined) return entity.daily_budget;
  if (entity.lifetime_budget !== undefined && entity.end_date) {
    const days = Math.max(
      1,
      Math.round((Date.parse(`${entity.end_date}T00:00:00Z`) - Date.parse(`${entity.start_date}T00:00:00Z`)) / 86_400_000) + 1,
    );
    return Math.round((entity.lifetime_budget / days) * 100) / 100;
  }
  return undefined;
}

export interface PatchResult {
  patch: Record<string, unknown>;
  notes?: string[];
}

export interface UpdateData {
  kind: EntityKind;
  id: string;
  name: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const shown = (value: unknown, currency: string, field: string): string => {
  if (value === undefined || value === null) return '(none)';
  if (/budget|bid_amount/.test(field) && typeof value === 'number') return money(value, currency);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

export const updateOutput = v.object({
  ad_account_id: v.string(),
  entity: v.picklist(['campaign', 'ad_set', 'ad']),
  id: v.string(),
  name: v.string(),
  changed: v.boolean(),
  changes: v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() })),
  notes: v.array(v.string()),
});

/** Defines one planned update of a campaign, ad set or ad. */
export function defineSocialAdsUpdate<K extends EntityKind, Entries extends v.ObjectEntries>(spec: {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  kind: K;
  args: Entries;
  rules?: ((args: v.InferOutput<v.ObjectSchema<Entries, undefined>>) => string | undefined)[];
  /** The fields to set; throws a ToolError for a change the platform refuses. */
  patch(
    args: v.InferOutput<v.ObjectSchema<Entries, undefined>> & Record<string, unknown>,
    entity: EntityOf<K>,
    ctx: ToolContext<SocialAdsPort>,
  ): Promise<PatchResult> | PatchResult;
  /** The call that sets the before values back (default: this tool with the changed fields as arguments). */
  undo?(data: UpdateData): { tool: string; arguments: Record<string, unknown> } | undefined;
  /** What to do next, after a change. */
  next?(data: UpdateData): string;
}): ToolDefinition {
  const meta = ENTITY[spec.kind];
  return defineSocialAdsTool({
    name: spec.name,
    description: spec.description,
    examples: spec.examples,
    access: 'write',
    args: spec.args,
    rules: spec.rules as never,
    output: updateOutput,
    async plan(args, ctx): Promise<WritePlan<UpdateData>> {
      const id = (args as Record<string, string>)[meta.idArg];
      const entity = await getEntity(ctx.platform, spec.kind, id);
      if (entity.status === 'ARCHIVED' || entity.status === 'DELETED') {
        throw new ToolError(
          `${meta.label[0].toUpperCase()}${meta.label.slice(1)} "${entity.name}" (${entity.id}) is ${entity.status}: it cannot be changed any more. Duplicate its campaign with duplicate_socialads_campaign to run it again.`,
          { code: 'archived' },
        );
      }
      const { patch, notes = [] } = await spec.patch(args as never, entity, ctx);
      const current = entity as unknown as Record<string, unknown>;
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(patch)) {
        if (JSON.stringify(current[field]) === JSON.stringify(value)) continue;
        before[field] = current[field] ?? null;
        after[field] = value;
      }
      const data: UpdateData = { kind: spec.kind, id: entity.id, name: entity.name, before, after };
      const fields = Object.fromEntries(Object.keys(after).map((f) => [f, { before: before[f], after: after[f] }]));
      if (!Object.keys(after).length) {
        return {
          summary: `${meta.label[0].toUpperCase()}${meta.label.slice(1)} "${entity.name}" already has these values; nothing changes`,
          changes: [],
          notes,
          data,
        };
      }
      const budgets: WritePlan['budgets'] = [];
      if ('daily_budget' in after || 'lifetime_budget' in after) {
        const withDates = entity as unknown as { start_date: string; end_date?: string; daily_budget?: number; lifetime_budget?: number };
        const was = dailyEquivalent(withDates);
        const will = dailyEquivalent({ ...withDates, ...(after as object) });
        if (will !== undefined)
          budgets.push({
            entity: spec.kind,
            id: entity.id,
            name: entity.name,
            ...(was !== undefined ? { before: was } : {}),
            after: will,
            currency: ctx.account.currency,
          });
        if ('lifetime_budget' in after) notes.push('A lifetime budget is planned above as its even daily share over the flight.');
      }
      return {
        summary: `Change ${meta.label} "${entity.name}" (${entity.id}): ${Object.keys(after).join(', ')}`,
        changes: [{ action: 'update', entity: spec.kind, id: entity.id, name: entity.name, fields }],
        budgets,
        notes,
        data,
      };
    },
    async apply(plan, _args, ctx) {
      const { data } = plan;
      const notes = plan.notes ?? [];
      const currency = ctx.account.currency;
      const changes = Object.keys(data.after).map((field) => ({ field, before: data.before[field], after: data.after[field] }));
      const structured = {
        ad_account_id: ctx.account.account_id,
        entity: data.kind,
        id: data.id,
        name: data.name,
        changed: changes.length > 0,
        changes,
        notes,
      };
      if (!changes.length) {
        return {
          text: [
            `## ${meta.label[0].toUpperCase()}${meta.label.slice(1)} "${data.name}": nothing changed`,
            '',
            'It already has these values.',
            ...notes.map((n) => `- ${n}`),
          ].join('\n'),
          structured,
        };
      }
      // undefined removes a field (a budget moved to the other level).
      const patch = Object.fromEntries(Object.entries(data.after).map(([k, value]) => [k, value === null ? undefined : value]));
      await updateEntity(ctx.platform, data.kind, data.id, patch);
      const text = [
        `## ${meta.label[0].toUpperCase()}${meta.label.slice(1)} "${data.name}" (${data.id}) changed`,
        '',
        markdownTable(
          ['Field', 'Before', 'After'],
          changes.map((c) => [c.field, shown(c.before, currency, c.field), shown(c.after, currency, c.field)]),
        ),
        ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
        '',
        spec.next?.(data) ??
          `The change applies from now; days already reported do not change. Check the figures tomorrow with ${meta.reportTool}.`,
      ].join('\n');
      return { text, structured };
    },
    undo(plan) {
      const { data } = plan;
      if (!Object.keys(data.after).length) return undefined;
      if (spec.undo) return spec.undo(data);
      return {
        tool: spec.name,
        arguments: { [meta.idArg]: data.id, ...Object.fromEntries(Object.entries(data.before).filter(([, value]) => value !== null)) },
      };
    },
  });
}

// ---- Shared argument pieces and budget rules of the update tools -------------------------------

export const MIN_DAILY_BUDGET = 1;
export const budgetArgs = {
  daily_budget: v.optional(
    v.pipe(
      v.number(),
      v.minValue(MIN_DAILY_BUDGET, `must be at least ${MIN_DAILY_BUDGET}`),
      v.maxValue(1_000_000),
      v.description('New daily budget in account currency (the platform stores minor units; the gateway converts)'),
    ),
  ),
  lifetime_budget: v.optional(
    v.pipe(
      v.number(),
      v.minValue(MIN_DAILY_BUDGET),
      v.maxValue(10_000_000),
      v.description('New lifetime budget in account currency (only where the entity already runs on a lifetime budget)'),
    ),
  ),
};

export const statusArg = v.optional(
  v.pipe(v.picklist(['ACTIVE', 'PAUSED']), v.description('ACTIVE (deliver) or PAUSED (stop delivery; reversible)')),
);
export const nameArg = v.optional(
  v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(400), v.description('New name')),
);

export const oneBudgetRule = (a: { daily_budget?: number; lifetime_budget?: number }) =>
  a.daily_budget !== undefined && a.lifetime_budget !== undefined
    ? '`daily_budget` and `lifetime_budget` are mutually exclusive; give one'
    : undefined;

/**
 * The budget fields of a change on the level that holds the budget: a campaign budget (Advantage
 * campaign budget) lives on the campaign, otherwise each ad set holds its own; a daily budget cannot
 * replace a lifetime budget or the other way round (the platform refuses switching).
 */
export function budgetPatch(
  holder: { name: string; daily_budget?: number; lifetime_budget?: number },
  args: { daily_budget?: number; lifetime_budget?: number },
  where: { level: 'campaign' | 'ad set'; otherTool: string; holdsBudget: boolean },
): Record<string, number> {
  if (args.daily_budget === undefined && args.lifetime_budget === undefined) return {};
  if (!where.holdsBudget) {
    throw new ToolError(
      where.level === 'campaign'
        ? `Campaign "${holder.name}" has no campaign budget: its ad sets hold the budgets. Change an ad set's budget with ${where.otherTool}.`
        : `Ad set "${holder.name}" runs on its campaign's budget (campaign budget). Change the campaign budget with ${where.otherTool}.`,
      { code: 'budget_level' },
    );
  }
  if (args.daily_budget !== undefined && holder.lifetime_budget !== undefined)
    throw new ToolError(
      `"${holder.name}" runs on a lifetime budget (${holder.lifetime_budget}); change \`lifetime_budget\` instead (the platform does not switch budget types).`,
      { code: 'budget_type' },
    );
  if (args.lifetime_budget !== undefined && holder.daily_budget !== undefined)
    throw new ToolError(
      `"${holder.name}" runs on a daily budget; change \`daily_budget\` instead (the platform does not switch budget types).`,
      { code: 'budget_type' },
    );
  return args.daily_budget !== undefined ? { daily_budget: args.daily_budget } : { lifetime_budget: args.lifetime_budget! };
}

/** The status field of a change, with the notes a marketer needs (a parent that is off). */
export function statusNotes(status: string | undefined, parents: { label: string; name: string; status: string }[]): string[] {
  if (status !== 'ACTIVE') return [];
  return parents
    .filter((p) => p.status !== 'ACTIVE')
    .map((p) => `Its ${p.label} "${p.name}" is ${p.status}: nothing delivers until the ${p.label} is active too.`);
}

export const GENDER_CODES = { all: [] as number[], male: [1], female: [2] };
export function genderWord(codes: number[]): 'all' | 'male' | 'female' {
  return codes.length === 1 ? (codes[0] === 1 ? 'male' : 'female') : 'all';
}

/** Targeting in argument form (genders as words), for undo calls and answers. */
export function targetingArgs(t: SocialAdsTargeting): Record<string, unknown> {
  return {
    countries: t.countries,
    age_min: t.age_min,
    age_max: t.age_max,
    genders: genderWord(t.genders),
    publisher_platforms: t.publisher_platforms,
    interest_ids: (t.interests ?? []).map((i) => i.id),
    custom_audience_ids: t.custom_audiences ?? [],
    excluded_custom_audience_ids: t.excluded_custom_audiences ?? [],
  };
}
