import * as v from 'valibot';
import { characterLength, dateArgument } from '../../core/arguments';
import type { ArgumentRule } from '../../core/tool';

/**
 * The shared deskads filter set of the specification ("Shared filter set: deskads list tools"),
 * declared once and used by every deskads list tool: query, status_filter, type_filter,
 * started_after/started_before, sort_by, sort_order, offset and limit, with total, filtered and
 * has_more in the answer. The account parameter (account_id, alias customer_id) is added by the
 * platform definer, not here.
 */

/** Limit bounds of deskads list and report tools (specification, Limits). */
export const DESKADS_LIMIT = { min: 10, max: 200, default: 50 } as const;
/**
 * Deep paging is capped to protect the caller's quota: every page is a billed call, so offsets
 * beyond this many rows are refused (narrow the filters instead).
 */
export const DESKADS_MAX_OFFSET = 1000;

const ymd = (description: string) => v.optional(dateArgument(description));

export interface DeskAdsListOptions<Row> {
  /** Every field of a returned row: the values sort_by accepts. */
  fields: readonly (keyof Row & string)[];
  /** Known values of the status field (for messages and validation). */
  statuses: readonly string[];
  /** Known values of the type field. */
  types: readonly string[];
  defaultSort: keyof Row & string;
  /** What query matches, for the description. */
  queryHint: string;
}

/**
 * The JSON Schema pattern of a comma-separated filter: known values in any case, or `all`, with
 * spaces and empty parts allowed, exactly what deskadsListFilterRules accept (they give the message).
 */
export function commaListPattern(values: readonly string[]): string {
  const anyCase = (word: string) =>
    [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const one = `(?:${[...values, 'all'].map(anyCase).join('|')})`;
  return `^\\s*(?:${one})?\\s*(?:,\\s*(?:${one})?\\s*)*$`;
}

export function deskadsListFilterArgs<Row>(options: DeskAdsListOptions<Row>) {
  return {
    query: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        characterLength({ max: 200 }),
        v.description(`Case-insensitive substring over ${options.queryHint}; empty = all`),
      ),
      '',
    ),
    status_filter: v.optional(
      v.pipe(
        v.string(),
        v.metadata({ pattern: commaListPattern(options.statuses) }),
        v.trim(),
        v.description(`Comma-separated statuses (${options.statuses.join(', ')}); all or empty = every status`),
      ),
      '',
    ),
    type_filter: v.optional(
      v.pipe(
        v.string(),
        v.metadata({ pattern: commaListPattern(options.types) }),
        v.trim(),
        v.description(`Comma-separated type values (${options.types.join(', ')}); all or empty = every type`),
      ),
      '',
    ),
    started_after: ymd(
      'YYYY-MM-DD: entities with a start date on or after it. Entities without an explicit start date are excluded while a date filter is active',
    ),
    started_before: ymd(
      'YYYY-MM-DD: entities with a start date on or before it. Entities without an explicit start date are excluded while a date filter is active',
    ),
    sort_by: v.optional(
      v.pipe(
        v.picklist(options.fields as unknown as [string, ...string[]]),
        v.description(`Any returned field: ${options.fields.join(', ')} (default ${options.defaultSort})`),
      ),
      options.defaultSort,
    ),
    sort_order: v.optional(v.pipe(v.picklist(['asc', 'desc']), v.description('asc (default) or desc')), 'asc'),
    offset: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.maxValue(
          DESKADS_MAX_OFFSET,
          `must be at most ${DESKADS_MAX_OFFSET}: deep paging is capped to protect your quota; narrow the filters instead`,
        ),
        v.description(`Rows to skip, default 0, at most ${DESKADS_MAX_OFFSET} (deep paging is capped to protect your quota)`),
      ),
      0,
    ),
    limit: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(DESKADS_LIMIT.min),
        v.maxValue(DESKADS_LIMIT.max),
        v.description(`Rows per page, ${DESKADS_LIMIT.min}-${DESKADS_LIMIT.max}, default ${DESKADS_LIMIT.default}`),
      ),
      DESKADS_LIMIT.default,
    ),
  };
}

export interface DeskAdsListArgs {
  query: string;
  status_filter: string;
  type_filter: string;
  started_after?: string;
  started_before?: string;
  sort_by: string;
  sort_order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** Comma-separated values; `all` or empty means no filter (undefined). */
export function splitFilter(value: string): string[] | undefined {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length || parts.some((p) => p.toLowerCase() === 'all')) return undefined;
  return parts;
}

/** Cross-field rules of the filter set: known statuses and types, a date range in order. */
export function deskadsListFilterRules<Args extends DeskAdsListArgs, Row>(options: DeskAdsListOptions<Row>): ArgumentRule<Args>[] {
  const unknown = (field: string, given: string, valid: readonly string[]) => {
    const bad = (splitFilter(given) ?? []).filter((p) => !valid.some((s) => s.toLowerCase() === p.toLowerCase()));
    return bad.length
      ? `\`${field}\` has unknown value(s) ${bad.map((b) => `"${b}"`).join(', ')}; valid: ${valid.join(', ')} (or all)`
      : undefined;
  };
  return [
    (args) => unknown('status_filter', args.status_filter, options.statuses),
    (args) => unknown('type_filter', args.type_filter, options.types),
    (args) =>
      args.started_after && args.started_before && args.started_after > args.started_before
        ? `\`started_after\` (${args.started_after}) must not be later than \`started_before\` (${args.started_before})`
        : undefined,
  ];
}

export interface DeskAdsListPage<Row> {
  rows: Row[];
  /** Entities before any filter. */
  total: number;
  /** Entities matching the filters. */
  filtered: number;
  offset: number;
  limit: number;
  has_more: boolean;
}

/**
 * Applies the filter set to rows: query over `searchable` fields, status and type lists
 * (case-insensitive), the start-date window (rows without `start_date` drop out while it is
 * active), the sort (missing values last) and the page.
 */
export function applyDeskAdsListFilters<Row extends Record<string, unknown>>(
  rows: Row[],
  args: DeskAdsListArgs,
  fields: { searchable: (keyof Row & string)[]; status: keyof Row & string; type: keyof Row & string; start: keyof Row & string },
): DeskAdsListPage<Row> {
  const query = args.query.toLowerCase();
  const statuses = splitFilter(args.status_filter)?.map((s) => s.toLowerCase());
  const types = splitFilter(args.type_filter)?.map((s) => s.toLowerCase());
  const dated = Boolean(args.started_after || args.started_before);
  const matching = rows.filter((row) => {
    if (
      query &&
      !fields.searchable.some((f) =>
        String(row[f] ?? '')
          .toLowerCase()
          .includes(query),
      )
    )
      return false;
    if (statuses && !statuses.includes(String(row[fields.status]).toLowerCase())) return false;
    if (types && !types.includes(String(row[fields.type]).toLowerCase())) return false;
    if (dated) {
      const start = row[fields.start] as string | undefined;
      if (!start) return false;
      if (args.started_after && start < args.started_after) return false;
      if (args.started_before && start > args.started_before) return false;
    }
    return true;
  });
  const direction = args.sort_order === 'desc' ? -1 : 1;
  const sorted = [...matching].sort((a, b) => {
    const x = a[args.sort_by];
    const y = b[args.sort_by];
    const missingX = x === undefined || x === null;
    const missingY = y === undefined || y === null;
    if (missingX || missingY) return missingX === missingY ? 0 : missingX ? 1 : -1;
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'en', { numeric: true, sensitivity: 'base' });
    return order * direction;
  });
  const page = sorted.slice(args.offset, args.offset + args.limit);
  return {
    rows: page,
    total: rows.length,
    filtered: matching.length,
    offset: args.offset,
    limit: args.limit,
    has_more: args.offset + page.length < matching.length,
  };
}

/** The paging line of a list answer. */
export function pagingSummary(page: DeskAdsListPage<unknown>): string {
  const shown = page.rows.length ? `${page.offset + 1}-${page.offset + page.rows.length}` : 'none';
  return `${page.filtered} of ${page.total} match; showing ${shown}.${page.has_more ? ` More: call again with offset ${page.offset + page.limit}${page.offset + page.limit > DESKADS_MAX_OFFSET ? ` (beyond the ${DESKADS_MAX_OFFSET}-row paging cap: narrow the filters)` : ''}.` : ''}`;
}
