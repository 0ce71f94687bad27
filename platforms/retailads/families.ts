/**
 * The retailads tool families, built once and declared per entity as data (tools/lists.ts,
 * tools/writes.ts, tools/adds.ts): list readers over the shared filter set with figures from the
 * delivery model, batch updates with a field whitelist, state changes (pause, resume, archive) and
 * add-list tools with a result per item (created, skipped duplicate, failed with its reason).
 */
import * as v from 'valibot';
import { dateArgument } from '../../core/arguments';
import { ToolError } from '../../core/errors';
import type { ToolContext, ToolDefinition, ToolResult } from '../../core/tool';
import type { PlannedBudget, PlannedChange, WritePlan } from '../../core/plan';
import { reportWindow } from '../../core/report-window';
import { count, markdownTable, money } from '../../core/markdown';
import { defineRetailAdsTool } from './define';
import {
  pageRows,
  pageSummarySchema,
  pagingSchema,
  pagingText,
  retailFilterArgs,
  retailFilterRules,
  type RetailFilterArgs,
} from './filters';
import type {
  RetailAdsAdGroup,
  RetailAdsAdProduct,
  RetailAdsCampaign,
  RetailAdsEntityKind,
  RetailAdsEntityTypes,
  RetailAdsPort,
  RetailAdsReportRow,
  RetailAdsReportTypeId,
} from './port';
import { isArchived } from './port';
import { metricEntries, withRatios } from './ratios';

type Ctx = ToolContext<RetailAdsPort>;
type Cell = string | number | null | undefined;

export const AD_PRODUCT_LABEL: Record<RetailAdsAdProduct, string> = {
  SPONSORED_PRODUCTS: 'Sponsored Products',
  SPONSORED_BRANDS: 'Sponsored Brands',
  SPONSORED_DISPLAY: 'Sponsored Display',
};

/** An entity id argument or item field: the platform's numeric ids. */
export const idSchema = (what: string) =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,20}$/, `must be a numeric ${what} id`), v.description(`${what} id`));
export const bidSchema = v.pipe(
  v.number(),
  v.minValue(0.02, 'must be at least 0.02'),
  v.maxValue(1000, 'must be at most 1,000'),
  v.description('Bid in the account currency, 0.02-1,000'),
);

/** Campaigns and ad groups of the profile, by id: every family resolves names with them. */
export interface Lookups {
  campaigns: Map<string, RetailAdsCampaign>;
  adGroups: Map<string, RetailAdsAdGroup>;
}
export async function loadLookups(port: RetailAdsPort): Promise<Lookups> {
  const [campaigns, adGroups] = await Promise.all([port.listCampaigns(), port.listAdGroups()]);
  return { campaigns: new Map(campaigns.map((c) => [c.id, c])), adGroups: new Map(adGroups.map((g) => [g.id, g])) };
}

// ---------------------------------------------------------------------------------------------
// List readers

/** One row of a list: the report-row dimensions the filters use, the figures, and the entity's own fields. */
export type ListRow = RetailAdsReportRow & Record<string, unknown>;

export interface ListSpec<K extends RetailAdsEntityKind> {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  /** Plural noun: the key of the rows in structured and the heading. */
  noun: string;
  kind: K;
  adProducts: RetailAdsAdProduct[];
  /** The report each ad product's figures come from, and how a report row and an entity meet. */
  reportTypes?: Partial<Record<RetailAdsAdProduct, RetailAdsReportTypeId>>;
  reportKey?: (row: RetailAdsReportRow) => string;
  entityKey?: (entity: RetailAdsEntityTypes[K]) => string;
  states: readonly string[];
  /** The entity's own fields in its row (ids, names, bids...). */
  fields(entity: RetailAdsEntityTypes[K], lookups: Lookups): Record<string, unknown>;
  /** More rows per entity (creative versions): replaces `fields`. */
  expand?(entity: RetailAdsEntityTypes[K], lookups: Lookups, ctx: Ctx, extra: Map<string, unknown>): Record<string, unknown>[];
  /** Reads more the rows need (assets for moderation), once per call. */
  extra?(ctx: Ctx): Promise<Map<string, unknown>>;
  rowEntries: v.ObjectEntries;
  /** Columns of the Markdown table: header and the row field shown. */
  columns: [string, string][];
  /** What to do next, naming the tools. */
  next: string;
}

/** Money columns of list tables. */
const MONEY_FIELDS = new Set(['spend', 'sales', 'bid', 'default_bid', 'daily_budget']);

export function defineRetailAdsListTool<K extends RetailAdsEntityKind>(spec: ListSpec<K>): ToolDefinition {
  const hasFigures = spec.reportTypes !== undefined;
  return defineRetailAdsTool({
    name: spec.name,
    description: spec.description,
    examples: spec.examples,
    access: 'read',
    args: {
      ...(spec.adProducts.length > 1
        ? {
            ad_product: v.optional(
              v.pipe(v.picklist(spec.adProducts), v.description(`Only this ad product: ${spec.adProducts.join(', ')}`)),
            ),
          }
        : {}),
      ad_group_id: v.optional(v.pipe(idSchema('ad group'), v.description('Only rows of this ad group'))),
      state_filter: v.optional(
        v.pipe(
          v.array(v.picklist(spec.states)),
          v.minLength(1),
          v.description(`Only these states: ${spec.states.join(', ')}; default all`),
        ),
      ),
      ...(hasFigures
        ? {
            start_date: v.optional(dateArgument('First day of the figures, YYYY-MM-DD; default 30 days before end_date')),
            end_date: v.optional(dateArgument('Last day of the figures, YYYY-MM-DD; default yesterday')),
          }
        : {}),
      ...retailFilterArgs,
    },
    rules: [
      (a: Record<string, unknown>) =>
        a.start_date && a.end_date && (a.end_date as string) < (a.start_date as string)
          ? `\`end_date\` (${String(a.end_date)}) must be on or after \`start_date\` (${String(a.start_date)})`
          : undefined,
      ...(retailFilterRules as unknown as ((a: Record<string, unknown>) => string[])[]),
    ],
    output: v.object({
      profile_id: v.string(),
      start_date: v.nullable(v.string()),
      end_date: v.nullable(v.string()),
      [spec.noun]: v.array(
        v.object({ ad_product: v.string(), campaign_id: v.string(), campaign_name: v.string(), ...spec.rowEntries, ...metricEntries }),
      ),
      summary: pageSummarySchema,
      paging: pagingSchema,
    }),
    async run(rawArgs, ctx) {
      const args = rawArgs as RetailFilterArgs & {
        ad_product?: RetailAdsAdProduct;
        ad_group_id?: string;
        state_filter?: string[];
        start_date?: string;
        end_date?: string;
      };
      // Tools without figures take no dates: their window is never shown.
      const dates = { start_date: args.start_date, end_date: args.end_date };
      const { start, end } = hasFigures ? reportWindow(ctx, dates) : { start: '', end: '' };
      if (args.start_date && end < args.start_date)
        throw new ToolError(`\`start_date\` (${args.start_date}) must be on or before the end of the range (${end}).`);
      const adProducts = args.ad_product ? [args.ad_product] : spec.adProducts;
      const [lookups, entities, extra] = await Promise.all([
        loadLookups(ctx.platform),
        ctx.platform.listEntities(spec.kind),
        spec.extra?.(ctx) ?? Promise.resolve(new Map<string, unknown>()),
      ]);
      if (args.campaign_id && !lookups.campaigns.has(args.campaign_id))
        throw new ToolError(
          `Campaign ${args.campaign_id} does not exist in profile ${ctx.account.account_id}. List campaigns with list_retailads_campaigns.`,
        );
      if (args.ad_group_id && !lookups.adGroups.has(args.ad_group_id))
        throw new ToolError(
          `Ad group ${args.ad_group_id} does not exist in profile ${ctx.account.account_id}. List ad groups with list_retailads_ad_groups or list_retailads_sb_ad_groups.`,
        );
      const figures = new Map<string, RetailAdsReportRow>();
      if (hasFigures) {
        for (const adProduct of adProducts) {
          const reportType = spec.reportTypes![adProduct];
          if (!reportType) continue;
          for (const row of await ctx.platform.getReport(reportType, start, end)) figures.set(spec.reportKey!(row), row);
        }
      }
      const rows: ListRow[] = [];
      for (const entity of entities) {
        const e = entity as RetailAdsEntityTypes[K] & {
          id: string;
          campaign_id?: string;
          ad_group_id?: string;
          ad_product?: RetailAdsAdProduct;
          state?: string;
        };
        const campaignId = e.campaign_id ?? e.id;
        const campaign = lookups.campaigns.get(campaignId);
        if (!campaign || !adProducts.includes(e.ad_product ?? campaign.ad_product)) continue;
        if (args.ad_group_id && e.ad_group_id !== args.ad_group_id) continue;
        if (!spec.expand && args.state_filter && e.state !== undefined && !args.state_filter.includes(e.state)) continue;
        const figure = figures.get(spec.entityKey ? spec.entityKey(entity) : e.id);
        const metrics = withRatios(figure ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 });
        const base = {
          ad_product: campaign.ad_product,
          campaign_id: campaign.id,
          campaign_name: campaign.name,
          ...(e.ad_group_id ? { ad_group_id: e.ad_group_id, ad_group_name: lookups.adGroups.get(e.ad_group_id)?.name } : {}),
        };
        const own = spec.expand ? spec.expand(entity, lookups, ctx, extra) : [spec.fields(entity, lookups)];
        for (const fields of own) {
          if (spec.expand && args.state_filter && !args.state_filter.includes(fields.state as string)) continue;
          rows.push({
            ...base,
            ...fields,
            ...metrics,
            match_type: (fields.match_type as RetailAdsReportRow['match_type']) ?? undefined,
            keyword: fields.keyword_text as string | undefined,
            targeting: (fields.expression ?? fields.keyword_text) as string | undefined,
            advertised_asin: fields.asin as string | undefined,
            advertised_sku: fields.sku as string | undefined,
          } as ListRow);
        }
      }
      const page = pageRows(rows, args, (r) => [r.name, r.ad_group_name, r.headline, r.id].filter(Boolean).join('\n'));
      const currency = ctx.account.currency;
      const shown = (r: ListRow, field: string): Cell => {
        const value = r[field];
        if (value === undefined || value === null) return '-';
        if (MONEY_FIELDS.has(field)) return money(value as number, currency);
        if (field === 'acos') return `${value as number}%`;
        return Array.isArray(value) ? value.join(', ') : (value as Cell);
      };
      const columns: [string, string][] = [
        ...spec.columns,
        ...(hasFigures
          ? ([
              ['Spend', 'spend'],
              ['Sales', 'sales'],
              ['ACOS', 'acos'],
            ] as [string, string][])
          : []),
      ];
      const s = page.summary;
      const lines = [
        `## ${spec.noun.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())} (${count(page.paging.total_matching)})`,
        '',
        `Profile ${ctx.account.account_id}${hasFigures ? ` · figures ${start} to ${end}: spend ${money(s.spend, currency)}, sales ${money(s.sales, currency)}, ACOS ${s.acos === null ? '-' : `${s.acos}%`}` : ''}`,
        '',
        page.rows.length
          ? markdownTable(
              columns.map(([h]) => h),
              page.rows.map((r) => columns.map(([, f]) => shown(r, f))),
            )
          : 'Nothing matches these filters.',
        '',
        ...pagingText(page.paging),
        '',
        spec.next,
      ];
      // Only the fields of the row schema go out (the filter dimensions stay internal).
      const strip = (r: ListRow) => {
        const { keyword: _k, targeting: _t, advertised_asin: _a, advertised_sku: _s, search_term: _st, ...rest } = r;
        if (rest.match_type === undefined) delete rest.match_type;
        return rest;
      };
      return {
        text: lines.join('\n'),
        structured: {
          profile_id: ctx.account.account_id,
          start_date: hasFigures ? start : null,
          end_date: hasFigures ? end : null,
          [spec.noun]: page.rows.map(strip),
          summary: page.summary,
          paging: page.paging,
        },
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Writes: shared plan/apply helpers

/** Which entities of a kind a write tool may touch: the ad products it covers. */
export interface EntityScope<K extends RetailAdsEntityKind> {
  kind: K;
  /** snake_case entity name of plans: keyword, campaign... */
  entity: string;
  adProducts: RetailAdsAdProduct[];
  /** The list tool that shows valid ids. */
  listTool: string;
  nameOf(entity: RetailAdsEntityTypes[K], lookups: Lookups): string;
}

/** Resolves ids to entities of the scope; a 400 naming every unknown id and the list tool otherwise. */
async function resolveIds<K extends RetailAdsEntityKind>(
  scope: EntityScope<K>,
  ids: string[],
  ctx: Ctx,
  lookups: Lookups,
): Promise<(RetailAdsEntityTypes[K] & { id: string; state: string })[]> {
  const all = (await ctx.platform.listEntities(scope.kind)) as (RetailAdsEntityTypes[K] & {
    id: string;
    state: string;
    campaign_id?: string;
    ad_product?: RetailAdsAdProduct;
  })[];
  const byId = new Map(all.map((e) => [e.id, e]));
  const unknown: string[] = [];
  const found = ids.map((id) => {
    const e = byId.get(id);
    const adProduct = e ? (e.ad_product ?? lookups.campaigns.get(e.campaign_id ?? e.id)?.ad_product) : undefined;
    if (!e || !adProduct || !scope.adProducts.includes(adProduct)) unknown.push(id);
    return e!;
  });
  if (unknown.length) {
    throw new ToolError(
      `No ${scope.adProducts.map((p) => AD_PRODUCT_LABEL[p]).join(' / ')} ${scope.entity.replace(/_/g, ' ')} with id ${unknown.join(', ')} in profile ${ctx.account.account_id}. Nothing was changed. Get valid ids with ${scope.listTool}.`,
      { code: 'not_found', ids: unknown },
    );
  }
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length)
    throw new ToolError(
      `Each ${scope.entity.replace(/_/g, ' ')} may appear once per call; repeated: ${[...new Set(repeated)].join(', ')}.`,
    );
  return found;
}

interface PlannedUpdate {
  id: string;
  name: string;
  patch: Record<string, unknown>;
  before: Record<string, unknown>;
}

function updateResult(
  toolName: string,
  noun: string,
  plan: WritePlan<{ updates: PlannedUpdate[] }>,
  applied: PlannedUpdate[],
  ctx: Ctx,
  next: string,
): ToolResult {
  const rows = applied.flatMap((u) =>
    Object.keys(u.patch).map((f) => [u.name, u.id, f, String(u.before[f] ?? '(none)'), String(u.patch[f] ?? '(none)')]),
  );
  const text = applied.length
    ? [
        `## ${count(applied.length)} ${noun} changed`,
        '',
        markdownTable(['Name', 'Id', 'Field', 'Before', 'After'], rows),
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
        '',
        next,
      ].join('\n')
    : [`## Nothing changed`, '', ...(plan.notes ?? []).map((n) => `- ${n}`), '', next].join('\n');
  return {
    text,
    structured: {
      profile_id: ctx.account.account_id,
      changed: applied.map((u) => ({
        id: u.id,
        name: u.name,
        fields: Object.fromEntries(Object.keys(u.patch).map((f) => [f, { before: u.before[f] ?? null, after: u.patch[f] ?? null }])),
      })),
      unchanged: plan.notes ?? [],
      tool: toolName,
    },
  };
}

const changedOutput = v.object({
  profile_id: v.string(),
  changed: v.array(
    v.object({ id: v.string(), name: v.string(), fields: v.record(v.string(), v.object({ before: v.unknown(), after: v.unknown() })) }),
  ),
  unchanged: v.array(v.string()),
  tool: v.string(),
});

/** Applies planned updates one by one; each only while the entity still holds its planned before values. */
async function applyUpdates<K extends RetailAdsEntityKind>(kind: K, updates: PlannedUpdate[], ctx: Ctx): Promise<PlannedUpdate[]> {
  for (const u of updates) {
    const expect = u.before.state !== undefined ? { state: u.before.state } : undefined;
    await ctx.step(`update_${u.id}`, () =>
      ctx.platform.updateEntity(
        kind,
        u.id,
        u.patch as Partial<RetailAdsEntityTypes[K]>,
        ctx.now,
        expect as Partial<RetailAdsEntityTypes[K]> | undefined,
      ),
    );
  }
  return updates;
}

// ----- batch updates (field whitelist per entity)

export interface UpdateField<K extends RetailAdsEntityKind> {
  schema: v.GenericSchema;
  /** The entity field it sets, and how the argument value becomes that field's value. */
  field: keyof RetailAdsEntityTypes[K] & string;
  toEntity?: (value: unknown, entity: RetailAdsEntityTypes[K]) => unknown;
  /** A daily budget: goes into the plan's budgets. */
  budget?: boolean;
}

export interface UpdateSpec<K extends RetailAdsEntityKind> extends EntityScope<K> {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  /** The items argument (`keywords`) and the id field of each item (`keywordId`). */
  itemsArg: string;
  idField: string;
  fields: Record<string, UpdateField<K>>;
  /** Extra per-item checks against the entity (a message when the change is not allowed). */
  check?: (item: Record<string, unknown>, entity: RetailAdsEntityTypes[K], lookups: Lookups) => string | undefined;
  next: string;
}

export function defineRetailAdsUpdateTool<K extends RetailAdsEntityKind>(spec: UpdateSpec<K>): ToolDefinition {
  const fieldNames = Object.keys(spec.fields);
  const item = v.strictObject({
    [spec.idField]: idSchema(spec.entity.replace(/_/g, ' ')),
    ...Object.fromEntries(fieldNames.map((f) => [f, v.optional(spec.fields[f]!.schema)])),
  });
  return defineRetailAdsTool({
    name: spec.name,
    description: spec.description,
    examples: spec.examples,
    access: 'write',
    args: {
      [spec.itemsArg]: v.pipe(
        v.array(item),
        v.minLength(1),
        v.maxLength(100),
        v.description(`1-100 objects {${spec.idField}, ${fieldNames.join('?, ')}?}: only the fields given change`),
      ),
    },
    rules: [
      (a: Record<string, unknown>) =>
        (a[spec.itemsArg] as Record<string, unknown>[])
          .map((it, i) =>
            fieldNames.some((f) => it[f] !== undefined)
              ? undefined
              : `\`${spec.itemsArg}[${i}]\` changes nothing: give at least one of ${fieldNames.join(', ')}`,
          )
          .filter((m): m is string => m !== undefined),
    ],
    output: changedOutput,
    async plan(args, ctx) {
      const items = (args as Record<string, unknown>)[spec.itemsArg] as Record<string, unknown>[];
      const lookups = await loadLookups(ctx.platform);
      const entities = await resolveIds(
        spec,
        items.map((it) => it[spec.idField] as string),
        ctx,
        lookups,
      );
      const problems: string[] = [];
      const updates: PlannedUpdate[] = [];
      const changes: PlannedChange[] = [];
      const budgets: PlannedBudget[] = [];
      const notes: string[] = [];
      items.forEach((it, i) => {
        const entity = entities[i]!;
        const name = spec.nameOf(entity, lookups);
        if (isArchived(entity.state))
          return problems.push(
            `\`${spec.itemsArg}[${i}]\`: ${spec.entity.replace(/_/g, ' ')} "${name}" (${entity.id}) is archived; archiving is final, so it cannot be changed`,
          );
        const problem = spec.check?.(it, entity, lookups);
        if (problem) return problems.push(`\`${spec.itemsArg}[${i}]\`: ${problem}`);
        const patch: Record<string, unknown> = {};
        const before: Record<string, unknown> = {};
        for (const f of fieldNames) {
          if (it[f] === undefined) continue;
          const def = spec.fields[f]!;
          const after = def.toEntity ? def.toEntity(it[f], entity) : it[f];
          const current = (entity as unknown as Record<string, unknown>)[def.field];
          if (JSON.stringify(current) === JSON.stringify(after)) continue;
          patch[def.field] = after;
          before[def.field] = current;
          if (def.budget)
            budgets.push({
              entity: spec.entity,
              id: entity.id,
              name,
              before: current as number,
              after: after as number,
              currency: ctx.account.currency,
            });
        }
        if (!Object.keys(patch).length) return notes.push(`"${name}" (${entity.id}) already has these values`);
        updates.push({ id: entity.id, name, patch, before });
        changes.push({
          action: 'update',
          entity: spec.entity,
          id: entity.id,
          name,
          fields: Object.fromEntries(Object.keys(patch).map((f) => [f, { before: before[f], after: patch[f] }])),
        });
        return undefined;
      });
      if (problems.length) throw new ToolError(`Nothing was changed:\n${problems.map((p) => `- ${p}`).join('\n')}`);
      return {
        summary: updates.length ? `Update ${updates.length} ${spec.entity.replace(/_/g, ' ')}(s)` : 'Nothing to change',
        changes,
        budgets,
        notes,
        data: { updates },
      };
    },
    async apply(plan, _args, ctx) {
      const applied = await applyUpdates(spec.kind, plan.data.updates, ctx);
      return updateResult(spec.name, `${spec.entity.replace(/_/g, ' ')}(s)`, plan, applied, ctx, spec.next);
    },
    undo(plan) {
      const back = plan.data.updates
        .map((u) => {
          const item: Record<string, unknown> = { [spec.idField]: u.id };
          for (const [argName, def] of Object.entries(spec.fields)) {
            if (def.field in u.before && !def.toEntity) item[argName] = u.before[def.field];
          }
          return item;
        })
        .filter((item) => Object.keys(item).length > 1);
      return back.length ? { tool: spec.name, arguments: { [spec.itemsArg]: back } } : undefined;
    },
  });
}

// ----- state changes: pause, resume, archive (delete)

export interface StateSpec<K extends RetailAdsEntityKind> extends EntityScope<K> {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  idsArg: string;
  /** The state it sets per entity (SB keywords use lowercase states) and the states it leaves alone. */
  to: (entity: RetailAdsEntityTypes[K]) => string;
  archive?: boolean;
  /** The tool that undoes it (pause ↔ resume); none for archives. */
  undoTool?: string;
  next: string;
}

export function defineRetailAdsStateTool<K extends RetailAdsEntityKind>(spec: StateSpec<K>): ToolDefinition {
  return defineRetailAdsTool({
    name: spec.name,
    description: spec.description,
    examples: spec.examples,
    access: 'write',
    destructive: spec.archive ?? false,
    args: {
      [spec.idsArg]: v.pipe(
        v.array(idSchema(spec.entity.replace(/_/g, ' '))),
        v.minLength(1),
        v.maxLength(100),
        v.description(`1-100 ${spec.entity.replace(/_/g, ' ')} ids (from ${spec.listTool})`),
      ),
    },
    output: changedOutput,
    async plan(args, ctx) {
      const ids = (args as Record<string, unknown>)[spec.idsArg] as string[];
      const lookups = await loadLookups(ctx.platform);
      const entities = await resolveIds(spec, ids, ctx, lookups);
      const updates: PlannedUpdate[] = [];
      const notes: string[] = [];
      const problems: string[] = [];
      for (const e of entities) {
        const name = spec.nameOf(e, lookups);
        const to = spec.to(e);
        if (isArchived(e.state)) {
          if (spec.archive) notes.push(`"${name}" (${e.id}) is already archived`);
          else
            problems.push(
              `${spec.entity.replace(/_/g, ' ')} "${name}" (${e.id}) is archived; archiving is final, so it cannot be paused or resumed`,
            );
          continue;
        }
        if (e.state === to) {
          notes.push(`"${name}" (${e.id}) is already ${to}`);
          continue;
        }
        updates.push({ id: e.id, name, patch: { state: to }, before: { state: e.state } });
      }
      if (problems.length) throw new ToolError(`Nothing was changed:\n${problems.map((p) => `- ${p}`).join('\n')}`);
      if (spec.archive && updates.length) notes.push('Archiving is final: an archived entity can never be enabled, changed or used again.');
      return {
        summary: updates.length
          ? `${spec.archive ? 'Archive' : spec.name.startsWith('pause') ? 'Pause' : 'Resume'} ${updates.length} ${spec.entity.replace(/_/g, ' ')}(s)`
          : 'Nothing to change',
        changes: updates.map((u) => ({
          action: spec.archive ? ('remove' as const) : ('update' as const),
          entity: spec.entity,
          id: u.id,
          name: u.name,
          fields: { state: { before: u.before.state, after: u.patch.state } },
        })),
        notes,
        data: { updates },
      };
    },
    async apply(plan, _args, ctx) {
      const applied = await applyUpdates(spec.kind, plan.data.updates, ctx);
      return updateResult(spec.name, `${spec.entity.replace(/_/g, ' ')}(s)`, plan, applied, ctx, spec.next);
    },
    ...(spec.undoTool
      ? {
          undo: (plan: WritePlan<{ updates: PlannedUpdate[] }>) =>
            plan.data.updates.length
              ? { tool: spec.undoTool!, arguments: { [spec.idsArg]: plan.data.updates.map((u) => u.id) } }
              : undefined,
        }
      : {}),
  });
}

// ----- add-list tools: one result per item

export type AddOutcome = 'created' | 'skipped_duplicate' | 'failed';
export interface AddItemResult {
  index: number;
  outcome: AddOutcome;
  reason?: string;
  id?: string;
  name: string;
}

export interface AddSpec<K extends RetailAdsEntityKind> {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  kind: K;
  entity: string;
  itemsArg: string;
  item: v.GenericSchema;
  maxItems?: number;
  /** Everything the checks need, read once (catalog, existing entities...). */
  load?: (ctx: Ctx) => Promise<Record<string, unknown>>;
  /** The entity to create from an item, or the reason it cannot be (named in the item's result). */
  build(
    item: Record<string, unknown>,
    lookups: Lookups,
    ctx: Ctx,
    loaded: Record<string, unknown>,
  ): Omit<RetailAdsEntityTypes[K], 'id'> | { failed: string };
  /** Identity of an entity for duplicates (within the call and against existing ones). */
  keyOf(entity: Omit<RetailAdsEntityTypes[K], 'id'> | RetailAdsEntityTypes[K]): string;
  nameOf(entity: Omit<RetailAdsEntityTypes[K], 'id'>): string;
  /** Whether an entity it creates cannot spend (paused, or a negative). */
  startsPaused(entity: Omit<RetailAdsEntityTypes[K], 'id'>): boolean;
  next: string;
  /** Arguments beside the items (flags for `check`). */
  args?: v.ObjectEntries;
  /** Refuses the whole call (throws) for what the entities to create would do together. */
  check?(toCreate: Omit<RetailAdsEntityTypes[K], 'id'>[], args: Record<string, unknown>, ctx: Ctx): Promise<void>;
}

export const addOutput = v.object({
  profile_id: v.string(),
  results: v.array(
    v.object({
      index: v.number(),
      outcome: v.picklist(['created', 'skipped_duplicate', 'failed']),
      reason: v.optional(v.string()),
      id: v.optional(v.string()),
      name: v.string(),
    }),
  ),
  created: v.number(),
  skipped: v.number(),
  failed: v.number(),
});

/** Ensures a created entity follows the "create paused" guardrail when it is on. */
export function pausedState(requested: string | undefined, ctx: Ctx, paused: string): string {
  if (ctx.createPaused) return paused;
  return requested ?? paused;
}

export function defineRetailAdsAddTool<K extends RetailAdsEntityKind>(spec: AddSpec<K>): ToolDefinition {
  return defineRetailAdsTool({
    name: spec.name,
    description: spec.description,
    examples: spec.examples,
    access: 'write',
    args: {
      [spec.itemsArg]: v.pipe(
        v.array(spec.item),
        v.minLength(1),
        v.maxLength(spec.maxItems ?? 1000),
        v.description(`1-${count(spec.maxItems ?? 1000)} items`),
      ),
      ...spec.args,
    },
    output: addOutput,
    async plan(args, ctx) {
      const items = (args as Record<string, unknown>)[spec.itemsArg] as Record<string, unknown>[];
      const [lookups, existing, loaded] = await Promise.all([
        loadLookups(ctx.platform),
        ctx.platform.listEntities(spec.kind),
        spec.load?.(ctx) ?? Promise.resolve({}),
      ]);
      const seen = new Map<string, string>();
      for (const e of existing as (RetailAdsEntityTypes[K] & { id: string; state?: string })[])
        if (!isArchived(e.state)) seen.set(spec.keyOf(e), e.id);
      const results: AddItemResult[] = [];
      const toCreate: { index: number; entity: Omit<RetailAdsEntityTypes[K], 'id'> }[] = [];
      const inCall = new Set<string>();
      items.forEach((item, index) => {
        const built = spec.build(item, lookups, ctx, loaded);
        if ('failed' in built)
          return results.push({
            index,
            outcome: 'failed',
            reason: built.failed,
            name: String(item.keywordText ?? item.name ?? item.asin ?? item.sku ?? `item ${index}`),
          });
        const key = spec.keyOf(built);
        const name = spec.nameOf(built);
        if (seen.has(key))
          return results.push({
            index,
            outcome: 'skipped_duplicate',
            reason: `already exists (id ${seen.get(key)})`,
            id: seen.get(key),
            name,
          });
        if (inCall.has(key)) return results.push({ index, outcome: 'skipped_duplicate', reason: 'repeated in this call', name });
        inCall.add(key);
        toCreate.push({ index, entity: built });
        return results.push({ index, outcome: 'created', name });
      });
      await spec.check?.(
        toCreate.map((t) => t.entity),
        args as Record<string, unknown>,
        ctx,
      );
      const notes = results
        .filter((r) => r.outcome !== 'created')
        .map((r) => `#${r.index} "${r.name}": ${r.outcome === 'failed' ? 'fails' : 'skipped'}: ${r.reason}`);
      return {
        summary:
          `Add ${toCreate.length} ${spec.entity.replace(/_/g, ' ')}(s)` +
          (results.length > toCreate.length ? `; ${results.length - toCreate.length} item(s) not added` : ''),
        changes: toCreate.map(({ entity }) => ({
          action: 'create' as const,
          entity: spec.entity,
          name: spec.nameOf(entity),
          fields: Object.fromEntries(
            Object.entries(entity as Record<string, unknown>)
              .filter(([, value]) => value !== undefined)
              .map(([f, after]) => [f, { after }]),
          ),
          startsPaused: spec.startsPaused(entity),
        })),
        notes,
        data: { results, toCreate },
      };
    },
    async apply(plan, _args, ctx) {
      const { results, toCreate } = plan.data;
      // One result per item: the platform may create some items of a batch and refuse others.
      const created = toCreate.length
        ? await ctx.step('create', () =>
            ctx.platform.createEachEntity(
              spec.kind,
              toCreate.map((t) => t.entity),
              ctx.now,
            ),
          )
        : [];
      const final = results.map((r) => ({ ...r }));
      toCreate.forEach((t, i) => {
        const result = final.find((r) => r.index === t.index)!;
        const outcome = created[i]!;
        if ('entity' in outcome) result.id = (outcome.entity as { id: string }).id;
        else Object.assign(result, { outcome: 'failed', reason: outcome.failed });
      });
      const n = (o: AddOutcome) => final.filter((r) => r.outcome === o).length;
      const lines = [
        `## ${spec.entity.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())}s: ${n('created')} created, ${n('skipped_duplicate')} skipped as duplicates, ${n('failed')} failed`,
        '',
        markdownTable(
          ['#', 'Item', 'Result', 'Id', 'Reason'],
          final.map((r) => [r.index, r.name, r.outcome.replace('_', ' '), r.id ?? '-', r.reason ?? '']),
        ),
        '',
        spec.next,
      ];
      return {
        text: lines.join('\n'),
        structured: {
          profile_id: ctx.account.account_id,
          results: final,
          created: n('created'),
          skipped: n('skipped_duplicate'),
          failed: n('failed'),
        },
      };
    },
  });
}

/**
 * The campaign / ad group an item names, checked: exists, belongs together, is of the right ad
 * product and not archived. The reason otherwise, for the item's result.
 */
export function parentProblem(
  item: { campaignId?: unknown; adGroupId?: unknown },
  lookups: Lookups,
  adProducts: RetailAdsAdProduct[],
  needAdGroup = true,
): string | undefined {
  const campaign = lookups.campaigns.get(String(item.campaignId));
  if (!campaign) return `campaign ${String(item.campaignId)} does not exist (list_retailads_campaigns lists them)`;
  if (!adProducts.includes(campaign.ad_product))
    return `campaign "${campaign.name}" is ${AD_PRODUCT_LABEL[campaign.ad_product]}, not ${adProducts.map((p) => AD_PRODUCT_LABEL[p]).join(' or ')}`;
  if (isArchived(campaign.state)) return `campaign "${campaign.name}" is archived`;
  if (!needAdGroup && item.adGroupId === undefined) return undefined;
  const group = lookups.adGroups.get(String(item.adGroupId));
  if (!group || group.campaign_id !== campaign.id)
    return `ad group ${String(item.adGroupId)} is not an ad group of campaign "${campaign.name}"`;
  if (isArchived(group.state)) return `ad group "${group.name}" is archived`;
  return undefined;
}
