import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { refuseDatesAfterYesterday, reportingZone } from '../../../core/dates';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import {
  pageRows,
  pageSummarySchema,
  pagingSchema,
  pagingText,
  retailFilterArgs,
  retailFilterRules,
  type RetailFilterArgs,
} from '../filters';
import { metricEntries } from '../ratios';
import { REPORT_TYPE_IDS, REPORT_TYPES, type RetailAdsAdProduct, type RetailAdsReportRow, type RetailAdsReportTypeId } from '../port';

const AD_PRODUCTS = ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY'] as const;
const PREFIX: Record<RetailAdsAdProduct, string> = { SPONSORED_PRODUCTS: 'sp', SPONSORED_BRANDS: 'sb', SPONSORED_DISPLAY: 'sd' };
/** Rows shown in data.text; the whole page is in structured.rows. */
const TEXT_ROWS = 25;

const date = dateArgument;

/** The report type and ad product to use: omitted ones follow the other (spCampaigns / SPONSORED_PRODUCTS by default). */
function resolve(args: { report_type_id?: RetailAdsReportTypeId; ad_product?: RetailAdsAdProduct }): {
  reportType: RetailAdsReportTypeId;
  adProduct: RetailAdsAdProduct;
} {
  const reportType =
    args.report_type_id ?? (args.ad_product ? (`${PREFIX[args.ad_product]}Campaigns` as RetailAdsReportTypeId) : 'spCampaigns');
  return { reportType, adProduct: REPORT_TYPES[reportType].adProduct };
}

export const getRetailAdsReport = defineRetailAdsTool({
  name: 'get_retailads_report',
  description:
    'Returns a retailads performance report (campaigns, search terms, keywords/targets, advertised or purchased products, ad groups of Sponsored Products, Brands or Display) for a date range, from the nightly-collected store, instantly. ' +
    'Filter by campaign, search term/keyword/ASIN, match type and metric bounds (spend, sales, clicks, impressions, ACOS, ROAS, zero sales); sort by spend, sales, ACOS, ROAS, clicks or impressions. ' +
    'Pages hold up to 1,000 rows and each page is a billed call; paging reaches only the top ~5,000 rows by spend, while the summary totals cover every matching row.',
  access: 'read',
  examples: [{ start_date: '<first day, YYYY-MM-DD>', end_date: '<last day, YYYY-MM-DD, before today>' }],
  args: {
    report_type_id: v.optional(
      v.pipe(
        v.picklist(REPORT_TYPE_IDS),
        v.description(`Report type: ${REPORT_TYPE_IDS.join(', ')}; default spCampaigns (or the campaigns report of ad_product)`),
      ),
    ),
    ad_product: v.optional(
      v.pipe(
        v.picklist(AD_PRODUCTS),
        v.description(
          'SPONSORED_PRODUCTS (default), SPONSORED_BRANDS or SPONSORED_DISPLAY; must agree with the report type (sp.., sb.., sd..)',
        ),
      ),
    ),
    start_date: date('First day, YYYY-MM-DD (required)'),
    end_date: date('Last day, YYYY-MM-DD (required, on or after start_date); data are collected through yesterday'),
    ...retailFilterArgs,
  },
  rules: [
    (a) => {
      if (a.report_type_id && a.ad_product && REPORT_TYPES[a.report_type_id].adProduct !== a.ad_product) {
        return `\`report_type_id\` ${a.report_type_id} is a ${REPORT_TYPES[a.report_type_id].adProduct} report but \`ad_product\` is ${a.ad_product}; use a ${PREFIX[a.ad_product]}... report type or ad_product ${REPORT_TYPES[a.report_type_id].adProduct}`;
      }
    },
    (a) => (a.end_date < a.start_date ? `\`end_date\` (${a.end_date}) must be on or after \`start_date\` (${a.start_date})` : undefined),
    ...retailFilterRules,
  ],
  output: v.object({
    profile_id: v.string(),
    report_type_id: v.string(),
    ad_product: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    summary: pageSummarySchema,
    paging: pagingSchema,
    rows: v.array(
      v.object({
        ad_product: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        campaign_state: v.optional(v.string()),
        daily_budget: v.optional(v.number()),
        ...metricEntries,
        ad_group_id: v.optional(v.string()),
        ad_group_name: v.optional(v.string()),
        keyword_id: v.optional(v.string()),
        keyword: v.optional(v.string()),
        targeting: v.optional(v.string()),
        match_type: v.optional(v.string()),
        ad_group_state: v.optional(v.string()),
        search_term: v.optional(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const { reportType, adProduct } = resolve(args);
    refuseDatesAfterYesterday(ctx.now, { start_date: args.start_date, end_date: args.end_date }, reportingZone(ctx.account));
    const end = args.end_date;
    const rows = await ctx.platform.getReport(reportType, args.start_date, end);
    const result = pageRows(rows, args as RetailFilterArgs);
    const currency = ctx.account.currency;
    const { level } = REPORT_TYPES[reportType];
    const s = result.summary;
    const lines = [
      `## ${reportType} report (${level}), ${args.start_date} to ${end}`,
      '',
      `Profile ${ctx.account.account_id} · ${adProduct}` + (end < args.end_date ? ` · data through ${end} (collected nightly)` : ''),
      '',
      `**All ${count(s.rows)} matching rows:** spend ${money(s.spend, currency)}, sales ${money(s.sales, currency)}, ACOS ${s.acos === null ? '-' : `${s.acos}%`}, ROAS ${s.roas ?? '-'}, ${count(s.clicks)} clicks, ${count(s.impressions)} impressions, ${count(s.orders)} orders.`,
      '',
    ];
    if (result.rows.length) {
      const shown = result.rows.slice(0, TEXT_ROWS);
      lines.push(
        markdownTable(
          [...dimensionHeaders(reportType), 'Spend', 'Sales', 'ACOS', 'ROAS', 'Clicks', 'Impr.', 'CTR'],
          shown.map((r) => [
            ...dimensions(reportType, r),
            money(r.spend, currency),
            money(r.sales, currency),
            r.acos === null ? '-' : `${r.acos}%`,
            r.roas,
            r.clicks,
            r.impressions,
            percent(r.ctr),
          ]),
        ),
      );
      if (result.rows.length > shown.length)
        lines.push(
          '',
          `_Showing the first ${shown.length} of the ${result.rows.length} rows of this page; all of them are in structured.rows._`,
        );
    } else {
      lines.push('No rows match these filters.');
    }
    lines.push('', ...pagingText(result.paging));
    const wasted = result.rows.filter((r) => r.spend > 0 && r.sales === 0);
    if (wasted.length && !args.zero_sales) {
      const waste = wasted.reduce((t, r) => t + r.spend, 0);
      lines.push(
        '',
        `${wasted.length} rows on this page spent ${money(waste, currency)} with no sales: filter them with \`zero_sales\`: true and consider negative keywords or lower bids.`,
      );
    }
    return {
      text: lines.join('\n'),
      structured: {
        profile_id: ctx.account.account_id,
        report_type_id: reportType,
        ad_product: adProduct,
        start_date: args.start_date,
        end_date: end,
        summary: s,
        paging: result.paging,
        rows: result.rows,
      },
    };
  },
});

function dimensionHeaders(reportType: RetailAdsReportTypeId): string[] {
  const level = REPORT_TYPES[reportType].level;
  if (level === 'campaign') return ['Campaign', 'Id', 'State'];
  if (level === 'ad group') return ['Campaign', 'Ad group', 'Ad group id'];
  if (level === 'search term') return ['Search term', 'Keyword / target', 'Match', 'Campaign'];
  if (level.startsWith('keyword') || level === 'target') return ['Keyword / target', 'Match', 'Campaign', 'Ad group'];
  if (level === 'advertised product') return ['ASIN', 'SKU', 'Campaign'];
  return ['Advertised ASIN', 'Purchased ASIN', 'Campaign', 'Orders'];
}

function dimensions(reportType: RetailAdsReportTypeId, r: RetailAdsReportRow): (string | number | undefined)[] {
  const level = REPORT_TYPES[reportType].level;
  if (level === 'campaign') return [r.campaign_name, r.campaign_id, r.campaign_state];
  if (level === 'ad group') return [r.campaign_name, r.ad_group_name, r.ad_group_id];
  if (level === 'search term') return [r.search_term, r.targeting, r.match_type, r.campaign_name];
  if (level.startsWith('keyword') || level === 'target') return [r.targeting, r.match_type, r.campaign_name, r.ad_group_name];
  if (level === 'advertised product') return [r.advertised_asin, r.advertised_sku, r.campaign_name];
  return [r.advertised_asin, r.purchased_asin, r.campaign_name, r.orders];
}
