import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import type { ArgumentRule, ToolContext } from '../../../core/tool';
import { dateArgument } from '../../../core/arguments';
import type { AccountClock } from '../../../core/dates';
import { reportWindow } from '../../../core/report-window';
import { type MetricTotals, metricTotalsEntries, totals } from '../../../core/metrics';
import { defineDeskAdsTool } from '../define';
import type { DeskAdsEntityStatus, DeskAdsPort, DeskAdsReportRow, DeskAdsReportType } from '../port';

/** What deskads tools share: the metrics window of list tools, figures by entity, and the status-change family. */

export const idArgument = (what: string, lister: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}$/, `must be a numeric ${what} id from ${lister}`),
    v.description(`Numeric ${what} id from ${lister}`),
  );

/** The metrics window of list tools: the last 30 days ending yesterday unless given. */
export const windowArgs = {
  start_date: v.optional(dateArgument('YYYY-MM-DD start of the metrics window, default 29 days before end_date')),
  end_date: v.optional(dateArgument('YYYY-MM-DD end of the metrics window, default yesterday (figures run through yesterday)')),
};

export const windowRule: ArgumentRule<{ start_date?: string; end_date?: string }> = (args) =>
  args.start_date && args.end_date && args.start_date > args.end_date
    ? `\`start_date\` (${args.start_date}) must not be after \`end_date\` (${args.end_date})`
    : undefined;

export function metricsWindow(args: { start_date?: string; end_date?: string }, clock: AccountClock): { start: string; end: string } {
  const { start, end } = reportWindow(clock, { start_date: args.start_date, end_date: args.end_date });
  if (start > end) throw new ToolError(`\`start_date\` ${start} must not be after the end date ${end}.`);
  return { start, end };
}

/** Totals per entity over the window from one summary report (entities without delivery get zeros). */
export async function figuresBy(
  port: DeskAdsPort,
  reportType: DeskAdsReportType,
  window: { start: string; end: string },
  key: (row: DeskAdsReportRow) => string | undefined,
): Promise<(id: string) => MetricTotals> {
  const rows = await port.getReport({ report_type: reportType, aggregation: 'Summary', start_date: window.start, end_date: window.end });
  const byId = new Map<string, DeskAdsReportRow[]>();
  for (const row of rows) {
    const id = key(row);
    if (id) byId.set(id, [...(byId.get(id) ?? []), row]);
  }
  return (id) => totals(byId.get(id) ?? []);
}

/** The output schema of the figures every deskads list row carries. */
export const metricsOutput = v.object({
  ...metricTotalsEntries,
});

/** The figures of a row as the tools return them. */
export function rowMetrics(t: MetricTotals): v.InferOutput<typeof metricsOutput> {
  return {
    impressions: t.impressions,
    clicks: t.clicks,
    spend: t.spend,
    conversions: t.conversions,
    revenue: t.revenue,
    ctr: t.ctr,
    cpc: t.cpc,
    cpa: t.cpa,
    roas: t.roas,
    acos: t.acos,
    conversion_rate: t.conversion_rate,
  };
}

/** An entity whose status the family changes. */
interface StatusEntity {
  id: string;
  name: string;
  status: DeskAdsEntityStatus;
}

/** What one member of the status-change family needs to know about its entity type. */
interface StatusChange<E extends StatusEntity> {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  /** snake_case entity type, and how people call it. */
  entity: 'campaign' | 'ad_group' | 'ad';
  label: string;
  idArg: string;
  lister: string;
  to: DeskAdsEntityStatus;
  find(port: DeskAdsPort, id: string): Promise<E | undefined>;
  write(port: DeskAdsPort, id: string, to: DeskAdsEntityStatus, from: DeskAdsEntityStatus): Promise<E>;
  /** The tool that undoes the change (pause ↔ resume); none for delete. */
  undoTool?: string;
}

const VERB: Record<DeskAdsEntityStatus, { done: string; doing: string }> = {
  Active: { done: 'resumed', doing: 'Resume' },
  Paused: { done: 'paused', doing: 'Pause' },
  Deleted: { done: 'deleted', doing: 'Delete' },
};

/**
 * One tool of the status-change family (pause, resume, delete of campaigns and ad groups): a
 * Deleted entity cannot change any more; setting the status it already has changes nothing.
 */
export function statusChangeTool<E extends StatusEntity>(spec: StatusChange<E>) {
  const output = v.object({
    account_id: v.string(),
    [`${spec.entity}_id`]: v.string(),
    name: v.string(),
    previous_status: v.picklist(['Active', 'Paused', 'Deleted']),
    status: v.picklist(['Active', 'Paused', 'Deleted']),
    changed: v.boolean(),
  });
  return defineDeskAdsTool({
    name: spec.name,
    description: spec.description,
    examples: spec.examples,
    access: 'write',
    destructive: spec.to === 'Deleted',
    args: { [spec.idArg]: idArgument(spec.label, spec.lister) } as Record<string, ReturnType<typeof idArgument>>,
    output,
    async plan(args, ctx: ToolContext<DeskAdsPort>) {
      const id = String(args[spec.idArg]);
      const entity = await spec.find(ctx.platform, id);
      if (!entity)
        throw new ToolError(`No ${spec.label} ${id} in account ${ctx.account.account_id}. ${spec.lister} lists the valid ids.`, {
          code: 'not_found',
        });
      const data = { id: entity.id, name: entity.name, status: entity.status };
      if (entity.status === spec.to)
        return { summary: `${spec.label} "${entity.name}" is already ${spec.to}; nothing changes`, changes: [], data };
      if (entity.status === 'Deleted') {
        throw new ToolError(
          `${spec.label[0]!.toUpperCase()}${spec.label.slice(1)} "${entity.name}" (${entity.id}) is deleted; a deleted ${spec.label} cannot be ${VERB[spec.to].done}. Create a new one instead.`,
        );
      }
      const change: PlannedChange = {
        action: spec.to === 'Deleted' ? 'remove' : 'update',
        entity: spec.entity,
        id: entity.id,
        name: entity.name,
        fields: { status: { before: entity.status, after: spec.to } },
      };
      return { summary: `${VERB[spec.to].doing} ${spec.label} "${entity.name}" (${entity.id})`, changes: [change], data };
    },
    async apply(plan, _args, ctx) {
      const { id, name, status } = plan.data;
      const structured = { account_id: ctx.account.account_id, [`${spec.entity}_id`]: id, name, previous_status: status };
      if (!plan.changes.length) {
        return {
          text: `## ${spec.label[0]!.toUpperCase()}${spec.label.slice(1)} "${name}" is already ${spec.to}\n\nNothing changed.`,
          structured: { ...structured, status, changed: false },
        };
      }
      const updated = await spec.write(ctx.platform, id, spec.to, status);
      const next = spec.undoTool
        ? `\n\nTo undo: ${spec.undoTool} with the same id.`
        : spec.to === 'Deleted'
          ? '\n\nDeleting is final: a deleted entity stays readable with status Deleted but cannot serve again.'
          : '';
      return {
        text: `## ${spec.label[0]!.toUpperCase()}${spec.label.slice(1)} "${name}" ${VERB[spec.to].done}\n\nStatus: ${status} → ${updated.status}.${next}`,
        structured: { ...structured, status: updated.status, changed: true },
      };
    },
    undo: spec.undoTool
      ? (plan) => (plan.changes.length ? { tool: spec.undoTool!, arguments: { [spec.idArg]: plan.data.id } } : undefined)
      : undefined,
  });
}
