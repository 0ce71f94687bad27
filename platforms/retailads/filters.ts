import * as v from 'valibot';
import { ToolError } from '../../core/errors';
import { count } from '../../core/markdown';
import type { RetailAdsReportRow } from './port';
import { metricEntries, withRatios } from './ratios';

/**
 * The shared filter set of the retailads report tools (get_retailads_report,
 * analyze_retailads_placements): filters, sort and paging over report rows, implemented once.
 * Pages hold at most 1,000 rows; paging reaches only the top ~5,000 rows by spend of the
 * filtered set (the platform's limit); summary totals always cover every matching row.
 */
export const RETAIL_PAGE_MAX = 1000;
export const RETAIL_REACHABLE_ROWS = 5000;

const amount = (what: string) => v.optional(v.pipe(v.number(), v.minValue(0), v.description(what)));
const wholeAmount = (what: string) => v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description(what)));

export const SORT_FIELDS = ['spend', 'sales', 'acos', 'roas', 'clicks', 'impressions'] as const;

export const retailFilterArgs = {
  offset: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.description('Rows to skip, default 0. Only the top ~5,000 rows by spend are reachable.'),
    ),
    0,
  ),
  limit: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(RETAIL_PAGE_MAX),
      v.description('Rows per page, 1-1000, default 1000. Each page is a billed call; summary totals cover all matching rows.'),
    ),
    RETAIL_PAGE_MAX,
  ),
  campaign_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.description('Only rows of this campaign'))),
  campaign_name_contains: v.optional(v.pipe(v.string(), v.description('Case-insensitive substring of the campaign name'))),
  search: v.optional(v.pipe(v.string(), v.description('Case-insensitive substring of the search term, keyword/targeting or ASIN'))),
  match_type: v.optional(
    v.pipe(
      v.picklist(['EXACT', 'PHRASE', 'BROAD']),
      v.description('Only rows of keywords with this match type (rows without a match type are left out)'),
    ),
  ),
  min_spend: amount('Minimum spend in account currency'),
  max_spend: amount('Maximum spend in account currency'),
  min_sales: amount('Minimum attributed sales in account currency'),
  min_clicks: wholeAmount('Minimum clicks'),
  min_impressions: wholeAmount('Minimum impressions'),
  min_acos: amount('Minimum ACOS in percent (e.g. 40 = 40%); rows with no sales have no ACOS and are excluded'),
  max_acos: amount('Maximum ACOS in percent; rows with no sales have no ACOS and are excluded'),
  min_roas: amount('Minimum ROAS (sales / spend, e.g. 2.5)'),
  max_roas: amount('Maximum ROAS'),
  zero_sales: v.optional(v.pipe(v.boolean(), v.description('Only rows that spent with zero sales'))),
  sort_by: v.optional(v.pipe(v.picklist(SORT_FIELDS), v.description('spend (default), sales, acos, roas, clicks or impressions')), 'spend'),
  sort_dir: v.optional(v.pipe(v.picklist(['asc', 'desc']), v.description('desc (default) or asc')), 'desc'),
};

export interface RetailFilterArgs {
  offset: number;
  limit: number;
  campaign_id?: string;
  campaign_name_contains?: string;
  search?: string;
  match_type?: 'EXACT' | 'PHRASE' | 'BROAD';
  min_spend?: number;
  max_spend?: number;
  min_sales?: number;
  min_clicks?: number;
  min_impressions?: number;
  min_acos?: number;
  max_acos?: number;
  min_roas?: number;
  max_roas?: number;
  zero_sales?: boolean;
  sort_by: (typeof SORT_FIELDS)[number];
  sort_dir: 'asc' | 'desc';
}

/** Cross-field rules of the filter set: bounds in order, no filter combination that can never match. */
export const retailFilterRules = [
  (a: RetailFilterArgs) => {
    const problems: string[] = [];
    for (const [min, max] of [
      ['min_spend', 'max_spend'],
      ['min_acos', 'max_acos'],
      ['min_roas', 'max_roas'],
    ] as const) {
      if (a[min] !== undefined && a[max] !== undefined && a[min]! > a[max]!)
        problems.push(`\`${min}\` (${a[min]}) must not be greater than \`${max}\` (${a[max]})`);
    }
    if (a.zero_sales) {
      if (a.min_sales !== undefined && a.min_sales > 0)
        problems.push('`zero_sales` keeps only rows without sales, so `min_sales` above 0 can never match; give one of them');
      for (const field of ['min_acos', 'max_acos'] as const) {
        if (a[field] !== undefined)
          problems.push(
            `\`zero_sales\` keeps only rows without sales, which have no ACOS, so \`${field}\` can never match; give one of them`,
          );
      }
      if (a.min_roas !== undefined && a.min_roas > 0)
        problems.push('`zero_sales` keeps only rows with ROAS 0, so `min_roas` above 0 can never match; give one of them');
    }
    return problems;
  },
];

/** Text a row can be searched by: search term, keyword/targeting, ASINs. */
function searchable(row: RetailAdsReportRow): string {
  return [row.search_term, row.keyword, row.targeting, row.advertised_asin, row.advertised_sku, row.purchased_asin]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/** Rows passing every filter of the set. `extraText` adds searchable text per row (placements). */
export function matchRows<R extends RetailAdsReportRow>(rows: R[], a: RetailFilterArgs, extraText?: (row: R) => string): R[] {
  const nameNeedle = a.campaign_name_contains?.toLowerCase();
  const needle = a.search?.trim().toLowerCase();
  return rows.filter((r) => {
    if (a.campaign_id && r.campaign_id !== a.campaign_id) return false;
    if (nameNeedle && !r.campaign_name.toLowerCase().includes(nameNeedle)) return false;
    if (needle && !`${searchable(r)}\n${extraText?.(r).toLowerCase() ?? ''}`.includes(needle)) return false;
    if (a.match_type && r.match_type !== a.match_type) return false;
    if (a.min_spend !== undefined && r.spend < a.min_spend) return false;
    if (a.max_spend !== undefined && r.spend > a.max_spend) return false;
    if (a.min_sales !== undefined && r.sales < a.min_sales) return false;
    if (a.min_clicks !== undefined && r.clicks < a.min_clicks) return false;
    if (a.min_impressions !== undefined && r.impressions < a.min_impressions) return false;
    if (a.min_acos !== undefined && (r.acos === null || r.acos < a.min_acos)) return false;
    if (a.max_acos !== undefined && (r.acos === null || r.acos > a.max_acos)) return false;
    if (a.min_roas !== undefined && (r.roas === null || r.roas < a.min_roas)) return false;
    if (a.max_roas !== undefined && (r.roas === null || r.roas > a.max_roas)) return false;
    if (a.zero_sales && !(r.spend > 0 && r.sales === 0)) return false;
    return true;
  });
}

/** Sorts by a metric; rows without a value (no ACOS, no ROAS) always go last. */
export function sortRows<R extends RetailAdsReportRow>(rows: R[], sortBy: RetailFilterArgs['sort_by'], dir: 'asc' | 'desc'): R[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = x[sortBy];
    const b = y[sortBy];
    if (a === null && b === null) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return (a - b) * sign || y.spend - x.spend;
  });
}

export interface RetailPaging {
  offset: number;
  limit: number;
  returned: number;
  total_matching: number;
  /** Rows paging can reach: the top ~5,000 of the matching rows by spend. */
  reachable: number;
  has_more: boolean;
  next_offset: number | null;
  /** Matching rows beyond the reach of paging (narrow the filters to see them). */
  unreachable: number;
}

/** The output schemas of RetailPage's summary and paging. */
export const pageSummarySchema = v.object({ rows: v.number(), ...metricEntries });
export const pagingSchema = v.object({
  offset: v.number(),
  limit: v.number(),
  returned: v.number(),
  total_matching: v.number(),
  reachable: v.number(),
  has_more: v.boolean(),
  next_offset: v.nullable(v.number()),
  unreachable: v.number(),
});

export interface RetailPage<R extends RetailAdsReportRow = RetailAdsReportRow> {
  rows: R[];
  /** Totals of every matching row, reachable or not. */
  summary: ReturnType<typeof withRatios> & { rows: number };
  paging: RetailPaging;
}

/** Filters, totals, caps the reach at the top 5,000 by spend, sorts and cuts one page. */
export function pageRows<R extends RetailAdsReportRow = RetailAdsReportRow>(
  rows: R[],
  a: RetailFilterArgs,
  extraText?: (row: R) => string,
): RetailPage<R> {
  const matching = matchRows(rows, a, extraText);
  const sum = matching.reduce(
    (s, r) => ({
      impressions: s.impressions + r.impressions,
      clicks: s.clicks + r.clicks,
      spend: s.spend + r.spend,
      orders: s.orders + r.orders,
      sales: s.sales + r.sales,
    }),
    { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 },
  );
  const reachableRows =
    matching.length > RETAIL_REACHABLE_ROWS ? sortRows(matching, 'spend', 'desc').slice(0, RETAIL_REACHABLE_ROWS) : matching;
  const reachable = reachableRows.length;
  if (a.offset > 0 && a.offset >= reachable && matching.length > reachable) {
    throw new ToolError(
      `\`offset\` ${a.offset} is beyond the reach of paging: only the top ${count(RETAIL_REACHABLE_ROWS)} of the ${count(matching.length)} matching rows (by spend) can be paged. Narrow the filters (campaign_id, search, match_type, min_spend...) to see the others.`,
    );
  }
  const sorted = sortRows(reachableRows, a.sort_by, a.sort_dir);
  const page = sorted.slice(a.offset, a.offset + a.limit);
  const next = a.offset + page.length;
  return {
    rows: page,
    summary: { rows: matching.length, ...withRatios(sum) },
    paging: {
      offset: a.offset,
      limit: a.limit,
      returned: page.length,
      total_matching: matching.length,
      reachable,
      has_more: next < reachable,
      next_offset: next < reachable ? next : null,
      unreachable: matching.length - reachable,
    },
  };
}

/** The paging lines of data.text: billed pages, the next offset, and what paging cannot reach. */
export function pagingText(p: RetailPaging): string[] {
  const lines = [
    `Rows ${p.returned ? `${count(p.offset + 1)}-${count(p.offset + p.returned)}` : 'none'} of ${count(p.total_matching)} matching` +
      (p.unreachable > 0 ? ` (paging reaches the top ${count(p.reachable)} by spend)` : '') +
      '.',
  ];
  if (p.has_more)
    lines.push(
      `More rows: call again with \`offset\`: ${p.next_offset}. Each page is a billed call, so narrow the filters rather than paging through everything.`,
    );
  if (p.unreachable > 0)
    lines.push(
      `${count(p.unreachable)} matching rows with the lowest spend are beyond the ~${count(RETAIL_REACHABLE_ROWS)}-row reach of paging and cannot be returned; the summary totals still include them. Narrow the filters to see them.`,
    );
  return lines;
}
