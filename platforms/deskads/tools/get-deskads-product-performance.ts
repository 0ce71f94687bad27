import * as v from 'valibot';
import { characterLength, dateArgument } from '../../../core/arguments';
import { ToolError } from '../../../core/errors';
import { addDays, lastReportDay, refuseDatesAfterYesterday, reportingZone } from '../../../core/dates';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { type MetricTotals, metricTotalsEntries, totals } from '../../../core/metrics';
import { defineDeskAdsTool } from '../define';
import { DESKADS_LIMIT, DESKADS_MAX_OFFSET } from '../list-filters';
import type { DeskAdsProduct } from '../port';

const SORT_FIELDS = [
  'spend',
  'clicks',
  'impressions',
  'conversions',
  'revenue',
  'roas',
  'cpa',
  'cpc',
  'ctr',
  'conversion_rate',
  'quality_score',
  'impression_share',
] as const;
type SortField = (typeof SORT_FIELDS)[number];
/** The platform keeps 36 months of product reporting. */
const MAX_RANGE_DAYS = 1096;

const ymd = (description: string) => v.optional(dateArgument(description));
const bound = (description: string) => v.optional(v.pipe(v.number(), v.minValue(0), v.description(description)));

interface ProductRow {
  product_id: string;
  merchant_product_id: string;
  title: string;
  brand: string;
  category: string;
  seller: string;
  store_id: string;
  store_name: string;
  campaign_id: string;
  campaign_name: string;
  campaign_type: string;
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  revenue: number;
  roas: number | null;
  cpa: number | null;
  cpc: number | null;
  ctr: number | null;
  conversion_rate: number | null;
  /** null where the platform gives the offer no rating (live accounts). */
  quality_score: number | null;
  impression_share: number;
}

function rowOf(p: DeskAdsProduct, m: MetricTotals): ProductRow {
  return {
    product_id: p.id,
    merchant_product_id: p.merchant_product_id,
    title: p.title,
    brand: p.brand,
    category: p.category,
    seller: p.seller,
    store_id: p.store_id,
    store_name: p.store_name,
    campaign_id: p.campaign_id,
    campaign_name: p.campaign_name,
    campaign_type: p.campaign_type,
    impressions: m.impressions,
    clicks: m.clicks,
    spend: m.spend,
    conversions: m.conversions,
    revenue: m.revenue,
    roas: m.roas,
    cpa: m.cpa,
    cpc: m.cpc,
    ctr: m.ctr,
    conversion_rate: m.conversion_rate,
    quality_score: p.quality_score,
    impression_share: p.impression_share,
  };
}

export const getDeskAdsProductPerformance = defineDeskAdsTool({
  name: 'get_deskads_product_performance',
  description:
    'Shopping and Performance Max performance per product (store, category, seller, merchant product id) over a date range (default the 90 days ending yesterday): spend, clicks, impressions, conversions, revenue, ROAS, CPA, CPC, CTR, conversion rate, quality score and impression share, with metric filters, sorting and paging. Summary totals cover every matching product.',
  access: 'read',
  args: {
    start_date: ymd('YYYY-MM-DD, default 90 days before end_date'),
    end_date: ymd('YYYY-MM-DD, default yesterday (today has no complete figures yet)'),
    query: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        characterLength({ max: 200 }),
        v.description('Case-insensitive substring over product title, merchant product id, brand, category, seller, store and campaign'),
      ),
    ),
    search: v.optional(v.pipe(v.string(), v.trim(), characterLength({ max: 200 }), v.description('Alias of query'))),
    sort_by: v.optional(v.pipe(v.picklist(SORT_FIELDS), v.description(`${SORT_FIELDS.join(', ')} (default spend)`)), 'spend'),
    sort_dir: v.optional(v.pipe(v.picklist(['desc', 'asc']), v.description('desc (default) or asc')), 'desc'),
    offset: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.description(
          `Rows to skip, default 0; snapped down to a page boundary (a multiple of limit) and capped at ${DESKADS_MAX_OFFSET} to protect your quota`,
        ),
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
    min_spend: bound('Only products that spent at least this much'),
    max_spend: bound('Only products that spent at most this much'),
    min_clicks: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Only products with at least this many clicks'))),
    min_impressions: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Only products with at least this many impressions')),
    ),
    min_conversions: bound('Only products with at least this many conversions'),
    min_roas: bound('Minimum ROAS (revenue / spend); products without spend have no ROAS and are excluded'),
    max_roas: bound('Maximum ROAS; products without spend have no ROAS and are excluded'),
    min_cpa: bound('Minimum cost per conversion; products without conversions have no CPA and are excluded'),
    max_cpa: bound('Maximum cost per conversion; products without conversions have no CPA and are excluded'),
    zero_conversions: v.optional(v.pipe(v.boolean(), v.description('true = only products with 0 conversions in the range'))),
  },
  rules: [
    (args) =>
      args.start_date && args.end_date && args.start_date > args.end_date
        ? `\`start_date\` (${args.start_date}) must not be after \`end_date\` (${args.end_date})`
        : undefined,
    (args) =>
      args.query !== undefined && args.search !== undefined && args.query !== args.search
        ? '`search` is an alias of `query`; give one of them'
        : undefined,
    (args) =>
      (
        [
          ['min_spend', 'max_spend'],
          ['min_roas', 'max_roas'],
          ['min_cpa', 'max_cpa'],
        ] as const
      ).flatMap(([min, max]) =>
        args[min] !== undefined && args[max] !== undefined && args[min]! > args[max]!
          ? [`\`${min}\` (${args[min]}) must not exceed \`${max}\` (${args[max]})`]
          : [],
      ),
    (args) =>
      args.zero_conversions && (args.min_conversions ?? 0) > 0
        ? '`zero_conversions` and `min_conversions` above 0 contradict each other; give one'
        : undefined,
    (args) =>
      args.zero_conversions && (args.min_cpa !== undefined || args.max_cpa !== undefined)
        ? '`zero_conversions` rows have no CPA, so `min_cpa`/`max_cpa` would exclude them all; drop one'
        : undefined,
  ],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    filtered: v.number(),
    paging: v.object({
      offset_requested: v.number(),
      offset: v.number(),
      limit: v.number(),
      snapped: v.boolean(),
      capped: v.boolean(),
      max_offset: v.number(),
      has_more: v.boolean(),
    }),
    summary: v.object({
      ...metricTotalsEntries,
    }),
    products: v.array(
      v.object({
        product_id: v.string(),
        merchant_product_id: v.string(),
        title: v.string(),
        brand: v.string(),
        category: v.string(),
        seller: v.string(),
        store_id: v.string(),
        store_name: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        campaign_type: v.string(),
        impressions: v.number(),
        clicks: v.number(),
        spend: v.number(),
        conversions: v.number(),
        revenue: v.number(),
        roas: v.nullable(v.number()),
        cpa: v.nullable(v.number()),
        cpc: v.nullable(v.number()),
        ctr: v.nullable(v.number()),
        conversion_rate: v.nullable(v.number()),
        quality_score: v.nullable(v.number()),
        impression_share: v.number(),
      }),
    ),
  }),
  async run(args, ctx) {
    refuseDatesAfterYesterday(ctx.now, { start_date: args.start_date, end_date: args.end_date }, reportingZone(ctx.account));
    const end = args.end_date ?? lastReportDay(ctx.now, reportingZone(ctx.account));
    const start = args.start_date ?? addDays(end, -89);
    if (start > end) throw new ToolError(`\`start_date\` ${start} must not be after the end date ${end}.`);
    if (Date.parse(end) - Date.parse(start) > (MAX_RANGE_DAYS - 1) * 86_400_000) {
      throw new ToolError(
        `The range ${start} to ${end} is longer than the ${MAX_RANGE_DAYS} days (36 months) the platform keeps; shorten it.`,
      );
    }
    const query = (args.query ?? args.search ?? '').toLowerCase();
    const [products, report] = await Promise.all([
      ctx.platform.listProducts(),
      ctx.platform.getReport({ report_type: 'ProductDimensionPerformance', aggregation: 'Summary', start_date: start, end_date: end }),
    ]);
    const figures = new Map(report.map((row) => [row.product_id, totals([row])]));
    const all = products.filter((p) => figures.get(p.id)?.impressions).map((p) => rowOf(p, figures.get(p.id)!));
    const matching = all.filter((r) => {
      if (
        query &&
        ![r.title, r.merchant_product_id, r.product_id, r.brand, r.category, r.seller, r.store_name, r.campaign_name].some((f) =>
          f.toLowerCase().includes(query),
        )
      )
        return false;
      if (args.min_spend !== undefined && r.spend < args.min_spend) return false;
      if (args.max_spend !== undefined && r.spend > args.max_spend) return false;
      if (args.min_clicks !== undefined && r.clicks < args.min_clicks) return false;
      if (args.min_impressions !== undefined && r.impressions < args.min_impressions) return false;
      if (args.min_conversions !== undefined && r.conversions < args.min_conversions) return false;
      if ((args.min_roas !== undefined || args.max_roas !== undefined) && r.roas === null) return false;
      if (args.min_roas !== undefined && r.roas! < args.min_roas) return false;
      if (args.max_roas !== undefined && r.roas! > args.max_roas) return false;
      if ((args.min_cpa !== undefined || args.max_cpa !== undefined) && r.cpa === null) return false;
      if (args.min_cpa !== undefined && r.cpa! < args.min_cpa) return false;
      if (args.max_cpa !== undefined && r.cpa! > args.max_cpa) return false;
      if (args.zero_conversions && r.conversions !== 0) return false;
      return true;
    });
    const field = args.sort_by as SortField;
    const direction = args.sort_dir === 'asc' ? 1 : -1;
    matching.sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return (x - y) * direction || a.title.localeCompare(b.title);
    });

    // Paging: snap to a page boundary, then cap deep paging.
    const snapped = Math.floor(args.offset / args.limit) * args.limit;
    const cap = Math.floor(DESKADS_MAX_OFFSET / args.limit) * args.limit;
    const offset = Math.min(snapped, cap);
    const rows = matching.slice(offset, offset + args.limit);
    const hasMore = offset + rows.length < matching.length;
    const paging = {
      offset_requested: args.offset,
      offset,
      limit: args.limit,
      snapped: snapped !== args.offset,
      capped: snapped > cap,
      max_offset: cap,
      has_more: hasMore,
    };

    const summary = totals(matching);
    const currency = ctx.account.currency;
    const notes: string[] = [];
    if (paging.snapped)
      notes.push(`Offset ${args.offset} was snapped to the page boundary ${snapped} (a multiple of limit ${args.limit}).`);
    if (paging.capped)
      notes.push(
        `Paging stops at offset ${cap} to protect your quota (each page is a billed call); narrow the filters or sort differently to reach other rows.`,
      );
    const wasted = matching.filter((r) => r.conversions === 0 && r.spend > 0);
    if (wasted.length && !args.zero_conversions) {
      notes.push(
        `${wasted.length} product(s) spent ${money(Math.round(wasted.reduce((s, r) => s + r.spend, 0) * 100) / 100, currency)} without a conversion (zero_conversions=true lists them).`,
      );
    }
    const text = [
      `## Product performance of account ${ctx.account.account_id}, ${start} to ${end}`,
      '',
      `${matching.length} of ${all.length} products with impressions match. Totals of matching products: spend ${money(summary.spend, currency)}, revenue ${money(summary.revenue, currency)}, ROAS ${summary.roas ?? '-'}, ${count(summary.conversions)} conversions, CPA ${money(summary.cpa, currency)}.`,
      '',
      rows.length
        ? markdownTable(
            [
              'Product',
              'Merchant id',
              'Store',
              'Category',
              'Spend',
              'Clicks',
              'CTR',
              'Conv.',
              'Revenue',
              'ROAS',
              'CPA',
              'QS',
              'Impr. share',
            ],
            rows.map((r) => [
              r.title,
              r.merchant_product_id,
              r.store_name,
              r.category.split(' > ').at(-1),
              money(r.spend, currency),
              count(r.clicks),
              percent(r.ctr),
              r.conversions,
              money(r.revenue, currency),
              r.roas,
              money(r.cpa, currency),
              r.quality_score ?? '-',
              percent(r.impression_share, 0),
            ]),
          )
        : 'No product matches these filters on this page.',
      '',
      `Showing ${rows.length ? `${offset + 1}-${offset + rows.length}` : 'none'} of ${matching.length}, sorted by ${field} ${args.sort_dir}.${hasMore ? ` Next page: offset ${offset + args.limit}.` : ''}`,
      ...notes.map((n) => `- ${n}`),
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        total: all.length,
        filtered: matching.length,
        paging,
        summary,
        products: rows,
      },
    };
  },
});
