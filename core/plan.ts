import * as v from 'valibot';
import { markdownTable } from './markdown';
import type { ToolResult } from './tool';

/**
 * Writes are planned first and applied second. `plan` reads what it must and says exactly what the
 * write will do; `apply` carries the plan out and nothing else. The runtime runs the plan for every
 * purpose that needs to know a write before it happens: a dry run (`dry_run: true` answers the plan),
 * guardrails, approvals and the audit trail.
 */

/** One field a write sets: its value before (absent on a create) and after. */
export interface FieldChange {
  before?: unknown;
  after: unknown;
}

/** One entity a write creates, changes or removes. */
export interface PlannedChange {
  action: 'create' | 'update' | 'remove';
  /** Entity type in snake_case: `campaign`, `ad_group`, `keyword`, `audience`, ... */
  entity: string;
  /** The entity's id (absent on a create: the platform assigns it). */
  id?: string;
  /** The entity's name, for people. */
  name?: string;
  /** Each field the write sets, before → after. A remove may leave it empty. */
  fields: Record<string, FieldChange>;
  /**
   * Creates only: whether the entity starts in a state where it cannot spend (paused, draft, not yet
   * enabled). The "create paused" guardrail refuses a plan with a create that would spend at once.
   */
  startsPaused?: boolean;
}

/** A daily budget a write sets, in the account currency (for the budget guardrails). */
export interface PlannedBudget {
  entity: string;
  id?: string;
  name?: string;
  /** The daily budget before the change (absent on a create). */
  before?: number;
  /** The daily budget after the change. */
  after: number;
  currency: string;
}

/** What a write will do, computed before it does anything. JSON-serialisable: held actions store it. */
export interface WritePlan<Data = unknown> {
  /** One sentence a person reads: "Pause ad group "Shoes" (123)". */
  summary: string;
  changes: PlannedChange[];
  /** Every daily budget the write sets. Empty when it sets none. */
  budgets?: PlannedBudget[];
  /** Things the caller should know before applying (the entity is already in that state, ...). */
  notes?: string[];
  /** What the platform said when asked to check the write without changing anything (validate-only). */
  platformCheck?: { checked: boolean; message: string };
  /** What `apply` needs beyond the arguments (resolved ids, current values), JSON only. */
  data: Data;
}

/** The part of a plan that is shown to callers (a dry run, a held action); `data` stays internal. */
export function publicPlan(plan: WritePlan): Omit<WritePlan, 'data'> {
  const { data: _data, ...shown } = plan;
  return shown;
}

/** One guardrail a plan breaks (functions/runtime/safety.ts GuardrailBreach). */
const guardrailBreachOutput = v.object({
  guardrail: v.picklist(['max_daily_budget', 'max_budget_increase_percent', 'create_paused', 'tools_off']),
  limit: v.union([v.number(), v.boolean(), v.string()]),
  planned: v.union([v.number(), v.boolean(), v.string()]),
  entity: v.optional(v.string()),
  id: v.optional(v.string()),
  name: v.optional(v.string()),
  currency: v.optional(v.string()),
  message: v.string(),
});

const plannedChangeOutput = v.object({
  action: v.picklist(['create', 'update', 'remove']),
  entity: v.string(),
  id: v.optional(v.string()),
  name: v.optional(v.string()),
  fields: v.record(v.string(), v.object({ before: v.optional(v.unknown()), after: v.unknown() })),
  startsPaused: v.optional(v.boolean()),
});

const plannedBudgetOutput = v.object({
  entity: v.string(),
  id: v.optional(v.string()),
  name: v.optional(v.string()),
  before: v.optional(v.number()),
  after: v.number(),
  currency: v.string(),
});

/** The shown part of a plan (publicPlan). */
const publicPlanOutput = v.object({
  summary: v.string(),
  changes: v.array(plannedChangeOutput),
  budgets: v.optional(v.array(plannedBudgetOutput)),
  notes: v.optional(v.array(v.string())),
  platformCheck: v.optional(v.object({ checked: v.boolean(), message: v.string() })),
});

/**
 * The schema of `data.structured` of a write held for approval (functions/runtime/planned-writes.ts):
 * the pending action, the guardrails it breaks and its plan.
 */
export const heldOutput = v.object({
  held: v.literal(true),
  action_id: v.string(),
  status: v.literal('pending'),
  expires: v.string(),
  tool: v.string(),
  guardrails: v.array(guardrailBreachOutput),
  plan: publicPlanOutput,
});

/** The schema of `data.structured` of every dry run, with the guardrails the plan would break. */
export const dryRunOutput = v.object({
  dry_run: v.literal(true),
  tool: v.string(),
  guardrails: v.optional(v.array(guardrailBreachOutput)),
  summary: v.string(),
  changes: v.array(plannedChangeOutput),
  budgets: v.optional(v.array(plannedBudgetOutput)),
  notes: v.optional(v.array(v.string())),
  platformCheck: v.optional(v.object({ checked: v.boolean(), message: v.string() })),
});

const shown = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.map(shown).join(', ') : '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The answer of a dry run: the plan in Markdown and in `structured`, and a line saying nothing changed. */
export function dryRunResult(toolName: string, plan: WritePlan): ToolResult {
  const rows = plan.changes.flatMap((change) => {
    const what = `${change.action} ${change.entity}${change.name ? ` "${change.name}"` : ''}${change.id ? ` (${change.id})` : ''}`;
    const fields = Object.entries(change.fields);
    if (!fields.length) return [[what, '', '', '']];
    return fields.map(([field, { before, after }], i) => [
      i === 0 ? what : '',
      field,
      change.action === 'create' ? '' : shown(before),
      shown(after),
    ]);
  });
  const text = [
    `## Dry run: ${plan.summary}`,
    '',
    'Nothing was changed. Send the same arguments without `dry_run` to apply this plan.',
    '',
    rows.length ? markdownTable(['Change', 'Field', 'Before', 'After'], rows) : 'The write would change nothing.',
    ...(plan.notes?.length ? ['', ...plan.notes.map((note) => `- ${note}`)] : []),
    ...(plan.platformCheck ? ['', `Platform check: ${plan.platformCheck.message}`] : []),
  ].join('\n');
  return { text, structured: { dry_run: true, tool: toolName, ...publicPlan(plan) } };
}

/** One field a plan (or an applied change) sets, before → after, for people and for code. */
export interface FieldLine {
  action: PlannedChange['action'];
  entity: string;
  id?: string;
  name?: string;
  field: string;
  before?: unknown;
  after: unknown;
  /** Daily budgets (the plan's `budgets`): their currency. */
  currency?: string;
  /** "campaign "Shoes" (123): daily budget 50.00 → 75.00 USD". */
  text: string;
}

const amount = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : shown(value));

/**
 * Every field of every change, before → after, in words (a daily budget with two decimals and its
 * currency: "daily budget 50.00 → 75.00 USD", a status "status ACTIVE → PAUSED"). Shared by the held
 * actions (list_pending_actions) and the change history (list_change_history).
 */
export function fieldLines(plan: Pick<WritePlan, 'changes' | 'budgets'>): FieldLine[] {
  return plan.changes.flatMap((change) => {
    const what = `${change.entity}${change.name ? ` "${change.name}"` : ''}${change.id ? ` (${change.id})` : ''}`;
    return Object.entries(change.fields).map(([field, { before, after }]) => {
      const budget = (plan.budgets ?? []).find(
        (b) => b.after === after && b.entity === change.entity && (b.id ? b.id === change.id : b.name === change.name),
      );
      const label = budget ? 'daily budget' : field.replace(/_/g, ' ');
      const value = budget ? amount : shown;
      const fromTo = change.action === 'create' ? `${label} ${value(after)}` : `${label} ${value(before)} → ${value(after)}`;
      return {
        action: change.action,
        entity: change.entity,
        ...(change.id ? { id: change.id } : {}),
        ...(change.name ? { name: change.name } : {}),
        field,
        ...(change.action === 'create' ? {} : { before: before ?? null }),
        after,
        ...(budget ? { currency: budget.currency } : {}),
        text: `${what}: ${fromTo}${budget ? ` ${budget.currency}` : ''}`,
      };
    });
  });
}

/** The field lines of a plan in one Markdown table cell: at most `max`, then how many more. */
export function fieldLinesCell(lines: FieldLine[], max = 6): string {
  if (!lines.length) return '(no field changes)';
  const shownLines = lines.slice(0, max).map((line) => line.text);
  return [...shownLines, ...(lines.length > max ? [`… ${lines.length - max} more (see structured before_after)`] : [])].join('; ');
}

/** The schema of one FieldLine in a tool's structured output. */
export const fieldLineOutput = v.object({
  action: v.picklist(['create', 'update', 'remove']),
  entity: v.string(),
  id: v.optional(v.string()),
  name: v.optional(v.string()),
  field: v.string(),
  before: v.optional(v.unknown()),
  after: v.unknown(),
  currency: v.optional(v.string()),
  text: v.string(),
});
