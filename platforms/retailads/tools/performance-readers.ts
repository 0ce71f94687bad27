/** The retailads report readers as data over one reader: campaign, product, purchased-product and search-term performance. */
import * as v from 'valibot';
import type { ToolDefinition } from '../../../core/tool';
import { count, markdownTable, money } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import { AD_PRODUCT_LABEL } from '../families';
import {
  pageRows,
  pageSummarySchema,
  pagingSchema,
  pagingText,
  type RetailFilterArgs,
  retailFilterArgs,
  retailFilterRules,
} from '../filters';
import type { RetailAdsAdProduct, RetailAdsReportRow, RetailAdsReportTypeId } from '../port';
import { metricEntries } from '../ratios';
import { acosText, rangeArgs, rangeOf, rangeRule } from './analysis-arguments';

const rowSchema = v.object({
  ad_product: v.string(),
  campaign_id: v.string(),
  campaign_name: v.string(),
  ad_group_id: v.optional(v.string()),
  ad_group_name: v.optional(v.string()),
  keyword_id: v.optional(v.string()),
  keyword: v.optional(v.string()),
  targeting: v.optional(v.string()),
  match_type: v.optional(v.string()),
  search_term: v.optional(v.string()),
  advertised_asin: v.optional(v.string()),
  advertised_sku: v.optional(v.string()),
  purchased_asin: v.optional(v.string()),
  campaign_state: v.optional(v.string()),
  daily_budget: v.optional(v.number()),
  ...metricEntries,
});

interface ReaderSpec {
  name: string;
  description: string;
  reportTypes: Partial<Record<RetailAdsAdProduct, RetailAdsReportTypeId>>;
  columns: [string, keyof RetailAdsReportRow][];
  next: string;
}

/** A report reader: one report per ad product, the shared filter set, paging, totals of every matching row. */
function defineReportReader(spec: ReaderSpec): ToolDefinition {
  const products = Object.keys(spec.reportTypes) as RetailAdsAdProduct[];
  return defineRetailAdsTool({
    name: spec.name,
    description: `${spec.description} Date range default the last 30 days through yesterday. Shared retailads filters (campaign, search, match type, metric bounds, zero_sales), sort and paging: pages of up to 1,000 rows reaching the top ~5,000 by spend; totals cover every matching row.`,
    access: 'read',
    args: {
      ad_product: v.optional(v.pipe(v.picklist(products), v.description(`${products.join(', ')}; default ${products[0]}`))),
      ...rangeArgs,
      ...retailFilterArgs,
    },
    rules: [rangeRule, ...retailFilterRules],
    output: v.object({
      profile_id: v.string(),
      report_type: v.string(),
      start_date: v.string(),
      end_date: v.string(),
      rows: v.array(rowSchema),
      summary: pageSummarySchema,
      paging: pagingSchema,
    }),
    async run(args, ctx) {
      const { start, end } = rangeOf(args, ctx);
      const adProduct = args.ad_product ?? products[0]!;
      const reportType = spec.reportTypes[adProduct]!;
      const page = pageRows(await ctx.platform.getReport(reportType, start, end), args as RetailFilterArgs);
      const currency = ctx.account.currency;
      const s = page.summary;
      const cell = (r: RetailAdsReportRow, f: keyof RetailAdsReportRow) =>
        f === 'spend' || f === 'sales'
          ? money(r[f] as number, currency)
          : f === 'acos'
            ? acosText(r.acos)
            : ((r[f] as string | number | undefined) ?? '-');
      const text = [
        `## ${AD_PRODUCT_LABEL[adProduct]} ${spec.name.replace(/^get_retailads_/, '').replace(/_/g, ' ')}, ${start} to ${end}`,
        '',
        `All ${count(s.rows)} matching rows: spend ${money(s.spend, currency)}, sales ${money(s.sales, currency)}, ACOS ${acosText(s.acos)}, ROAS ${s.roas ?? '-'}, ${count(s.orders)} orders.`,
        '',
        page.rows.length
          ? markdownTable(
              spec.columns.map(([h]) => h),
              page.rows.slice(0, 25).map((r) => spec.columns.map(([, f]) => cell(r, f))),
            )
          : 'No rows match.',
        ...(page.rows.length > 25
          ? ['', `The first 25 of ${page.rows.length} rows on this page are shown; all are in structured.rows.`]
          : []),
        '',
        ...pagingText(page.paging),
        '',
        spec.next,
      ].join('\n');
      return {
        text,
        structured: {
          profile_id: ctx.account.account_id,
          report_type: reportType,
          start_date: start,
          end_date: end,
          rows: page.rows,
          summary: page.summary,
          paging: page.paging,
        },
      };
    },
  });
}

const metricColumns: [string, keyof RetailAdsReportRow][] = [
  ['Spend', 'spend'],
  ['Sales', 'sales'],
  ['ACOS', 'acos'],
  ['Orders', 'orders'],
  ['Clicks', 'clicks'],
];

export const getRetailAdsCampaignPerformance = defineReportReader({
  name: 'get_retailads_campaign_performance',
  description:
    'Campaign performance (impressions, clicks, spend, orders, sales, ACOS, ROAS) of Sponsored Products, Brands or Display campaigns.',
  reportTypes: { SPONSORED_PRODUCTS: 'spCampaigns', SPONSORED_BRANDS: 'sbCampaigns', SPONSORED_DISPLAY: 'sdCampaigns' },
  columns: [['Campaign', 'campaign_name'], ['State', 'campaign_state'], ...metricColumns],
  next: 'Budget advice: get_retailads_budget_recommendations; targeting advice: analyze_retailads_targeting; pause a campaign with pause_retailads_campaigns.',
});

export const getRetailAdsProductPerformance = defineReportReader({
  name: 'get_retailads_product_performance',
  description: 'Advertised-product performance (ASIN and SKU) of Sponsored Products or Sponsored Display.',
  reportTypes: { SPONSORED_PRODUCTS: 'spAdvertisedProduct', SPONSORED_DISPLAY: 'sdAdvertisedProduct' },
  columns: [['ASIN', 'advertised_asin'], ['SKU', 'advertised_sku'], ['Campaign', 'campaign_name'], ...metricColumns],
  next: 'Pause a product that only spends with update_retailads_product_ads (state PAUSED); add products with add_retailads_product_ads.',
});

export const getRetailAdsPurchasedProducts = defineReportReader({
  name: 'get_retailads_purchased_products',
  description:
    'Purchased products: other products of the catalog bought after a click on an advertised one (brand halo), Sponsored Products or Sponsored Brands. They carry orders and sales but no cost of their own.',
  reportTypes: { SPONSORED_PRODUCTS: 'spPurchasedProduct', SPONSORED_BRANDS: 'sbPurchasedProduct' },
  columns: [
    ['Advertised ASIN', 'advertised_asin'],
    ['Purchased ASIN', 'purchased_asin'],
    ['Campaign', 'campaign_name'],
    ['Orders', 'orders'],
    ['Sales', 'sales'],
  ],
  next: 'Advertise a product shoppers buy anyway with add_retailads_product_ads.',
});

export const getRetailAdsSearchTerms = defineReportReader({
  name: 'get_retailads_search_terms',
  description: 'Search terms shoppers typed that matched keywords and targets, Sponsored Products or Sponsored Brands, with their figures.',
  reportTypes: { SPONSORED_PRODUCTS: 'spSearchTerm', SPONSORED_BRANDS: 'sbSearchTerm' },
  columns: [['Search term', 'search_term'], ['Keyword / target', 'targeting'], ['Match', 'match_type'], ...metricColumns],
  next: 'Exclude terms that only spend with add_retailads_negative_keywords (SB: add_retailads_sb_negative_keywords); add converting terms as EXACT keywords with add_retailads_keywords. analyze_retailads_wasted_spend finds them for you.',
});
