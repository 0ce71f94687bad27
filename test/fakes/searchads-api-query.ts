/**
 * The fake search platform's query language: SELECT / FROM / WHERE / ORDER BY / LIMIT parsed and checked against the selectable fields, rows matched and projected, int64 values as strings; and the metrics helpers (a day split exactly, days summed).
 */
import { type FakeCustomer, type Obj, camel, get, invalid, setPath } from './searchads-api-core';
import { FIELDS, FROM } from './searchads-api-fields';

export interface Query {
  fields: string[];
  from: string;
  where: { field: string; op: string; values: string[] }[];
  orderBy?: { field: string; desc: boolean };
  limit?: number;
}

/** SELECT a, b FROM r [WHERE c [AND c]...] [LIMIT n]: validated against FIELDS and FROM. */
export function parseQuery(text: string): Query {
  const m =
    /^\s*SELECT\s+(.+?)\s+FROM\s+([a-z_]+)(?:\s+WHERE\s+(.+?))?(?:\s+ORDER\s+BY\s+([a-z_.]+)(?:\s+(ASC|DESC))?)?(?:\s+LIMIT\s+(\d+))?\s*$/is.exec(
      text,
    );
  if (!m) throw invalid('queryError', 'UNEXPECTED_END_OF_QUERY', `Error in query: unexpected input ${text.slice(0, 40)}.`);
  const from = m[2]!;
  const resource = FROM[from];
  if (!resource)
    throw invalid('queryError', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `Error in query: invalid resource '${from}' in FROM clause.`);
  const checkField = (field: string) => {
    const [head, ...rest] = field.split('.');
    const path = rest.join('.');
    if (!head || !FIELDS[head] || !FIELDS[head]!.includes(path))
      throw invalid('queryError', 'UNRECOGNIZED_FIELD', `Error in SELECT clause: unrecognized field '${field}'.`);
    if ((head === 'metrics' || head === 'segments') && !resource.metrics)
      throw invalid(
        'queryError',
        'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE',
        `Cannot select or filter on '${field}' with ${from} in the FROM clause.`,
      );
    if (head !== 'metrics' && head !== 'segments' && !resource.with.includes(head))
      throw invalid(
        'queryError',
        'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE',
        `Cannot select fields of '${head}' with ${from} in the FROM clause.`,
      );
  };
  const fields = m[1]!.split(',').map((f) => f.trim());
  fields.forEach(checkField);
  if (fields.includes('segments.conversion_action')) {
    const other = fields.find((f) => f.startsWith('metrics.') && !CONVERSION_METRICS.includes(f));
    if (other)
      throw invalid(
        'queryError',
        'PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE',
        `Cannot select segments.conversion_action with ${other}.`,
      );
  }
  const where: Query['where'] = [];
  let rest = m[3]?.trim() ?? '';
  const condition = /^([a-z_.]+)\s+(NOT IN|IN|BETWEEN|!=|>=|<=|=|>|<)\s+(\([^)]*\)|'[^']*'\s+AND\s+'[^']*'|'[^']*'|[^\s]+)\s*(?:AND\s+|$)/i;
  while (rest) {
    const c = condition.exec(rest);
    if (!c) throw invalid('queryError', 'INVALID_VALUE_WITH_WHERE_CLAUSE', `Error in WHERE clause: cannot parse '${rest.slice(0, 40)}'.`);
    checkField(c[1]!);
    const raw = c[3]!;
    const values = raw.startsWith('(')
      ? raw.slice(1, -1).split(',').map(literal)
      : /AND/i.test(raw) && raw.startsWith("'")
        ? raw.split(/\s+AND\s+/i).map(literal)
        : [literal(raw)];
    if (c[1] === 'segments.date' && values.some((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v)))
      throw invalid('queryError', 'INVALID_DATE', `Error in WHERE clause: invalid date in '${raw}'.`);
    where.push({ field: c[1]!, op: c[2]!.toUpperCase(), values });
    rest = rest.slice(c[0].length).trim();
  }
  if (m[4]) checkField(m[4]);
  return {
    fields,
    from,
    where,
    ...(m[4] ? { orderBy: { field: m[4], desc: /DESC/i.test(m[5] ?? '') } } : {}),
    limit: m[6] ? Number(m[6]) : undefined,
  };
}

export const CONVERSION_METRICS = [
  'metrics.conversions',
  'metrics.conversions_value',
  'metrics.all_conversions',
  'metrics.all_conversions_value',
];

/** Plain campaign rows also carry all conversions: the primary conversions plus the secondary actions' counts. */
export function withAllConversions(c: FakeCustomer) {
  const secondary = c.conversionActions.filter((a) => !a.primaryForGoal && a.status !== 'REMOVED').length;
  return (row: Obj): Obj => ({
    ...row,
    metrics: {
      ...row.metrics,
      allConversions: row.metrics.conversions + secondary * Math.floor(row.metrics.clicks / 10),
      allConversionsValue: row.metrics.conversionsValue,
    },
  });
}

export function literal(raw: string): string {
  const t = raw.trim();
  if (t.startsWith("'")) return t.slice(1, -1);
  if (/^(TRUE|FALSE)$/i.test(t)) return t.toLowerCase();
  if (/^-?\d+(\.\d+)?$/.test(t) || /^[A-Z_]+$/.test(t)) return t;
  throw invalid('queryError', 'INVALID_VALUE_WITH_WHERE_CLAUSE', `Error in WHERE clause: invalid value ${t}.`);
}

export function valueAt(row: Obj, field: string): unknown {
  const [head, ...rest] = field.split('.');
  return get(row[camel(head!)], rest.map(camel).join('.'));
}

export function matches(value: unknown, cond: Query['where'][number]): boolean {
  const v = value === undefined ? '' : String(value);
  switch (cond.op) {
    case '=':
      return v === cond.values[0];
    case '!=':
      return v !== cond.values[0];
    case 'IN':
      return cond.values.includes(v);
    case 'NOT IN':
      return !cond.values.includes(v);
    case 'BETWEEN':
      return v >= cond.values[0]! && v <= cond.values[1]!;
    case '>':
      return v > cond.values[0]!;
    case '<':
      return v < cond.values[0]!;
    case '>=':
      return v >= cond.values[0]!;
    default:
      return v <= cond.values[0]!;
  }
}

/** Only the selected fields, nested under camelCase resource names; int64 as strings. */
export function project(row: Obj, fields: string[]): Obj {
  const out: Obj = {};
  for (const field of fields) {
    const value = valueAt(row, field);
    if (value === undefined) {
      // A message that is set but has none of the selected fields comes back empty (`productBrand: {}`: "everything else").
      const parent = field.split('.').slice(0, -1).join('.');
      const node = parent.includes('.') ? valueAt(row, parent) : undefined;
      const at = parent.split('.').map(camel).join('.');
      if (node && typeof node === 'object' && !Array.isArray(node) && get(out, at) === undefined) setPath(out, at, {});
      continue;
    }
    const path = field.split('.').map(camel).join('.');
    setPath(out, path, INT64.test(path) && typeof value === 'number' ? String(value) : value);
  }
  return out;
}
export const INT64 =
  /(\.id|Micros|impressions|clicks|videoTrueviewViews|criterionId|sizeForSearch|userInterestId|Pixels|fileSize|startHour|endHour)$/;

/** A day's metrics split into n parts that add up exactly (counts by whole units, money by micros, conversions by halves). */
export function splitMetrics(day: Obj, n: number): Obj[] {
  if (n <= 0) return [];
  const share = (total: number, i: number) => Math.floor(total / n) + (i < total % n ? 1 : 0);
  return Array.from({ length: n }, (_, i) => ({
    impressions: share(day.impressions, i),
    clicks: share(day.clicks, i),
    costMicros: share(day.costMicros, i),
    conversions: share(Math.round(day.conversions * 2), i) / 2,
    conversionsValue: share(Math.round(day.conversionsValue * 100), i) / 100,
    videoTrueviewViews: share(day.videoTrueviewViews, i),
  }));
}

export function sumDays(days: Obj[]): Obj {
  const sum = { impressions: 0, clicks: 0, costMicros: 0, conversions: 0, conversionsValue: 0, videoTrueviewViews: 0 };
  for (const d of days) for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += d[k];
  sum.conversionsValue = Math.round(sum.conversionsValue * 100) / 100;
  return sum;
}
