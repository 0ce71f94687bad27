/**
 * The retailads report readers (campaign, product, purchased-product and search-term performance,
 * as data over one reader) and analyses (targeting, wasted spend, bid and budget advice, budget
 * usage and reallocation). Every piece of advice names the write tool that carries it out, and no
 * advice loses money: an ACOS above the target never gets a bid or budget raise.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { dateArgument } from '../../../core/arguments';
import { addDays, lastDays, refuseDatesAfterYesterday, reportingZone, type AccountClock } from '../../../core/dates';
import { count, markdownTable, money } from '../../../core/markdown';
import { negativeBlocks } from '../../../core/negatives';
import { defineRetailAdsTool } from '../define';
import { AD_PRODUCT_LABEL, idSchema } from '../families';
import {
  pageRows,
  pageSummarySchema,
  pagingSchema,
  pagingText,
  retailFilterArgs,
  retailFilterRules,
  type RetailFilterArgs,
} from '../filters';
import type { RetailAdsAdProduct, RetailAdsReportRow, RetailAdsReportTypeId } from '../port';
import { metricEntries, withRatios } from '../ratios';

const round2 = (n: number) => Math.round(n * 100) / 100;
const acosText = (acos: number | null) => (acos === null ? '-' : `${acos}%`);

const rangeArgs = {
  start_date: v.optional(dateArgument('First day, YYYY-MM-DD; default 30 days before end_date')),
  end_date: v.optional(dateArgument('Last day, YYYY-MM-DD; default yesterday (figures are collected nightly)')),
};
const rangeRule = (a: { start_date?: string; end_date?: string }) =>
  a.start_date && a.end_date && a.end_date < a.start_date
    ? `\`end_date\` (${a.end_date}) must be on or after \`start_date\` (${a.start_date})`
    : undefined;
const targetAcosArg = v.optional(
  v.pipe(
    v.number(),
    v.minValue(1),
    v.maxValue(200),
    v.description('Target ACOS in percent, 1-200, default 30: nothing above it is ever raised'),
  ),
  30,
);

/** The date range asked for: default the last 30 days through yesterday; later days refused. */
function rangeOf(args: { start_date?: string; end_date?: string }, clock: AccountClock): { start: string; end: string } {
  refuseDatesAfterYesterday(clock.now, { start_date: args.start_date, end_date: args.end_date }, reportingZone(clock.account));
  const end = args.end_date ?? lastDays(clock.now, 30, reportingZone(clock.account)).end;
  const start = args.start_date ?? addDays(end, -29);
  if (start > end) throw new ToolError(`\`start_date\` (${start}) must be on or before the end of the range (${end}).`);
  return { start, end };
}

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

// ---------------------------------------------------------------------------------------------
// Targeting and bids

/** Clicks a keyword/target needs before its bid is judged. */
const MIN_CLICKS = 10;
/** Spend with no sales after which a keyword/target is paused or a search term excluded. */
const NO_SALES_SPEND = 15;

export interface BidAdvice {
  id: string;
  ad_product: string;
  campaign_id: string;
  campaign_name: string;
  ad_group_id: string;
  targeting: string;
  match_type: string | null;
  state: string;
  current_bid: number;
  suggested_bid: number;
  action: 'raise' | 'lower' | 'pause' | 'keep';
  reason: string;
  spend: number;
  sales: number;
  acos: number | null;
  clicks: number;
  /** The tool and item that carry the advice out. */
  tool: string;
}

const isLive = (state: string) => state === 'ENABLED' || state === 'enabled';

/**
 * The bid each keyword/target deserves at the target ACOS: bid × target / ACOS (a raise capped at
 * +25% a step, and only below the target), pause after NO_SALES_SPEND with no sales, keep when the
 * data are thin. A keyword above the target ACOS is never raised.
 */
export function adviseBids(
  rows: RetailAdsReportRow[],
  bids: Map<string, { bid: number; state: string; sb: boolean; kind: 'keyword' | 'target' }>,
  targetAcos: number,
): BidAdvice[] {
  const out: BidAdvice[] = [];
  for (const r of rows) {
    const entity = bids.get(r.keyword_id ?? '');
    if (!entity || !isLive(entity.state)) continue;
    const tool = `update_retailads_${entity.sb ? 'sb_' : ''}${entity.kind}s`;
    const base = {
      id: r.keyword_id!,
      ad_product: r.ad_product,
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      ad_group_id: r.ad_group_id!,
      targeting: r.targeting ?? '',
      match_type: r.match_type ?? null,
      state: entity.state,
      current_bid: entity.bid,
      spend: r.spend,
      sales: r.sales,
      acos: r.acos,
      clicks: r.clicks,
      tool,
    };
    if (r.sales === 0 && r.spend >= NO_SALES_SPEND) {
      out.push({ ...base, suggested_bid: entity.bid, action: 'pause', reason: `spent ${r.spend} with no sales` });
    } else if (r.clicks < MIN_CLICKS || r.acos === null) {
      out.push({ ...base, suggested_bid: entity.bid, action: 'keep', reason: `only ${r.clicks} clicks: not enough data` });
    } else if (r.acos > targetAcos) {
      const bid = Math.max(0.02, round2(entity.bid * (targetAcos / r.acos)));
      out.push({
        ...base,
        suggested_bid: bid,
        action: bid < entity.bid ? 'lower' : 'keep',
        reason: `ACOS ${r.acos}% is above the ${targetAcos}% target`,
      });
    } else if (r.acos < targetAcos * 0.8) {
      const bid = round2(Math.min(entity.bid * 1.25, entity.bid * (targetAcos / r.acos)));
      out.push({
        ...base,
        suggested_bid: bid,
        action: bid > entity.bid ? 'raise' : 'keep',
        reason: `ACOS ${r.acos}% is well under the ${targetAcos}% target: room to win more traffic`,
      });
    } else {
      out.push({ ...base, suggested_bid: entity.bid, action: 'keep', reason: `ACOS ${r.acos}% is near the ${targetAcos}% target` });
    }
  }
  return out;
}

/** Keywords and targets of the profile with their bids, by id. */
async function bidsById(platform: {
  listKeywords(): Promise<{ id: string; bid: number; state: string; ad_product: string }[]>;
  listTargets(): Promise<{ id: string; bid: number; state: string; ad_product: string }[]>;
}) {
  const [keywords, targets] = await Promise.all([platform.listKeywords(), platform.listTargets()]);
  const map = new Map<string, { bid: number; state: string; sb: boolean; kind: 'keyword' | 'target' }>();
  for (const k of keywords) map.set(k.id, { bid: k.bid, state: k.state, sb: k.ad_product === 'SPONSORED_BRANDS', kind: 'keyword' });
  for (const t of targets) map.set(t.id, { bid: t.bid, state: t.state, sb: t.ad_product === 'SPONSORED_BRANDS', kind: 'target' });
  return map;
}

const adviceSchema = v.object({
  id: v.string(),
  ad_product: v.string(),
  campaign_id: v.string(),
  campaign_name: v.string(),
  ad_group_id: v.string(),
  targeting: v.string(),
  match_type: v.nullable(v.string()),
  state: v.string(),
  current_bid: v.number(),
  suggested_bid: v.number(),
  action: v.picklist(['raise', 'lower', 'pause', 'keep']),
  reason: v.string(),
  spend: v.number(),
  sales: v.number(),
  acos: v.nullable(v.number()),
  clicks: v.number(),
  tool: v.string(),
});

/** The calls that carry out advice: one update per tool, items ready to send. */
function actionsOf(advice: BidAdvice[]): { tool: string; arguments: Record<string, unknown> }[] {
  const byTool = new Map<string, Record<string, unknown>[]>();
  for (const a of advice) {
    if (a.action === 'keep') continue;
    const idField = a.tool.includes('keyword') ? 'keywordId' : 'targetId';
    const sb = a.tool.includes('_sb_');
    const item = a.action === 'pause' ? { [idField]: a.id, state: sb ? 'paused' : 'PAUSED' } : { [idField]: a.id, bid: a.suggested_bid };
    byTool.set(a.tool, [...(byTool.get(a.tool) ?? []), item]);
  }
  return [...byTool.entries()].map(([tool, items]) => ({
    tool,
    arguments: { [tool.includes('keyword') ? 'keywords' : 'targets']: items.slice(0, 100) },
  }));
}
const actionSchema = v.array(
  v.object({ tool: v.string(), arguments: v.record(v.string(), v.array(v.record(v.string(), v.union([v.string(), v.number()])))) }),
);

function adviceText(title: string, advice: BidAdvice[], currency: string, targetAcos: number, limit = 30): string[] {
  const acting = advice.filter((a) => a.action !== 'keep').sort((a, b) => b.spend - a.spend);
  const counts = (['raise', 'lower', 'pause', 'keep'] as const)
    .map((k) => `${advice.filter((a) => a.action === k).length} ${k}`)
    .join(', ');
  return [
    `## ${title}`,
    '',
    `Target ACOS ${targetAcos}%: ${counts}. A keyword or target above the target ACOS is never raised.`,
    '',
    acting.length
      ? markdownTable(
          ['Keyword / target', 'Campaign', 'Bid', 'Suggested', 'Action', 'ACOS', 'Spend', 'Why', 'Tool'],
          acting
            .slice(0, limit)
            .map((a) => [
              a.targeting,
              a.campaign_name,
              money(a.current_bid, currency),
              money(a.suggested_bid, currency),
              a.action,
              acosText(a.acos),
              money(a.spend, currency),
              a.reason,
              a.tool,
            ]),
        )
      : 'Nothing to change: every bid is in line with the target.',
  ];
}

export const analyzeRetailAdsTargeting = defineRetailAdsTool({
  name: 'analyze_retailads_targeting',
  description:
    'Judges every enabled keyword and target (Sponsored Products, Brands, Display) against a target ACOS over a date range: raise bids that convert well under the target, lower those above it (bid × target / ACOS), pause those that spend with no sales. ' +
    'Returns the ready-to-send calls of update_retailads_keywords, update_retailads_sb_keywords, update_retailads_targets and update_retailads_sb_targets.',
  access: 'read',
  args: { ...rangeArgs, target_acos: targetAcosArg, campaign_id: v.optional(idSchema('campaign')) },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    target_acos: v.number(),
    advice: v.array(adviceSchema),
    actions: actionSchema,
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const reports = await Promise.all(
      (['spTargeting', 'sbTargeting', 'sdTargeting'] as const).map((t) => ctx.platform.getReport(t, start, end)),
    );
    const rows = reports.flat().filter((r) => !args.campaign_id || r.campaign_id === args.campaign_id);
    const advice = adviseBids(rows, await bidsById(ctx.platform), args.target_acos);
    const actions = actionsOf(advice);
    const text = [
      ...adviceText(`Targeting analysis, ${start} to ${end}`, advice, ctx.account.currency, args.target_acos),
      '',
      actions.length
        ? `Carry it out with ${actions.map((a) => a.tool).join(', ')} (structured.actions holds the arguments; try dry_run first).`
        : '',
    ].join('\n');
    return {
      text,
      structured: { profile_id: ctx.account.account_id, start_date: start, end_date: end, target_acos: args.target_acos, advice, actions },
    };
  },
});

function defineBidRecommendations(name: string, sb: boolean): ToolDefinition {
  const what = sb ? 'Sponsored Brands' : 'Sponsored Products';
  return defineRetailAdsTool({
    name,
    description:
      `Recommends a bid for each enabled ${what} keyword and target (optionally of one campaign or ad group) from its own figures and a target ACOS: suggested bid, range and reason; a keyword above the target ACOS is never raised. ` +
      `Apply with ${sb ? 'update_retailads_sb_keywords / update_retailads_sb_targets' : 'update_retailads_keywords / update_retailads_targets'} (structured.actions).`,
    access: 'read',
    args: {
      ...rangeArgs,
      target_acos: targetAcosArg,
      campaign_id: v.optional(idSchema('campaign')),
      ad_group_id: v.optional(idSchema('ad group')),
    },
    rules: [rangeRule],
    output: v.object({
      profile_id: v.string(),
      start_date: v.string(),
      end_date: v.string(),
      target_acos: v.number(),
      recommendations: v.array(v.object({ ...adviceSchema.entries, range_low: v.number(), range_high: v.number() })),
      actions: actionSchema,
    }),
    async run(args, ctx) {
      const { start, end } = rangeOf(args, ctx);
      const rows = (await ctx.platform.getReport(sb ? 'sbTargeting' : 'spTargeting', start, end)).filter(
        (r) => (!args.campaign_id || r.campaign_id === args.campaign_id) && (!args.ad_group_id || r.ad_group_id === args.ad_group_id),
      );
      if ((args.campaign_id || args.ad_group_id) && !rows.length)
        throw new ToolError(
          `No ${what} keywords or targets found for ${args.ad_group_id ? `ad group ${args.ad_group_id}` : `campaign ${args.campaign_id}`}. List them with ${sb ? 'list_retailads_sb_keywords' : 'list_retailads_keywords'}.`,
        );
      const advice = adviseBids(rows, await bidsById(ctx.platform), args.target_acos);
      const recommendations = advice.map((a) => ({
        ...a,
        range_low: round2(a.suggested_bid * 0.85),
        range_high: round2(
          a.action === 'lower' || (a.acos !== null && a.acos > args.target_acos) ? a.suggested_bid : a.suggested_bid * 1.15,
        ),
      }));
      return {
        text: [
          ...adviceText(`${what} bid recommendations, ${start} to ${end}`, advice, ctx.account.currency, args.target_acos),
          '',
          'Apply them with the tools named per row (structured.actions holds the arguments).',
        ].join('\n'),
        structured: {
          profile_id: ctx.account.account_id,
          start_date: start,
          end_date: end,
          target_acos: args.target_acos,
          recommendations,
          actions: actionsOf(advice),
        },
      };
    },
  });
}

export const getRetailAdsBidRecommendations = defineBidRecommendations('get_retailads_bid_recommendations', false);
export const getRetailAdsSbBidRecommendations = defineBidRecommendations('get_retailads_sb_bid_recommendations', true);

export const getRetailAdsSbKeywordRecommendations = defineRetailAdsTool({
  name: 'get_retailads_sb_keyword_recommendations',
  description:
    'Suggests Sponsored Brands keywords (lowercase match types broad, phrase, exact) with suggested bid and range, for the products of an SB ad group or for ASINs; keywords the ad group already has are left out. Add them with add_retailads_sb_keywords.',
  access: 'read',
  examples: [{ ad_group_id: '<ad_group_id from list_retailads_sb_ad_groups>' }],
  args: {
    ad_group_id: v.optional(idSchema('ad group')),
    asins: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN such as B0ABC12345'))),
        v.minLength(1),
        v.maxLength(50),
        v.description('1-50 ASINs, instead of ad_group_id'),
      ),
    ),
    max_recommendations: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('1-200, default 25')),
      25,
    ),
  },
  rules: [
    (a) => (!a.ad_group_id === !a.asins ? 'give exactly one source: `ad_group_id` (a Sponsored Brands ad group) or `asins`' : undefined),
  ],
  output: v.object({
    profile_id: v.string(),
    recommendations: v.array(
      v.object({
        keywordText: v.string(),
        matchType: v.string(),
        suggested_bid: v.number(),
        range_low: v.number(),
        range_high: v.number(),
        rank: v.number(),
      }),
    ),
  }),
  async run(args, ctx) {
    if (args.ad_group_id) {
      const group = (await ctx.platform.listAdGroups()).find((g) => g.id === args.ad_group_id);
      if (!group || group.ad_product !== 'SPONSORED_BRANDS')
        throw new ToolError(
          `Ad group ${args.ad_group_id} is not a Sponsored Brands ad group of profile ${ctx.account.account_id}. List them with list_retailads_sb_ad_groups.`,
        );
    }
    const raw = await ctx.platform.getKeywordRecommendations(
      args.ad_group_id ? { adGroupId: args.ad_group_id } : { asins: args.asins! },
      args.max_recommendations,
    );
    const recommendations = raw.map((r) => ({
      keywordText: r.keyword,
      matchType: r.match_type.toLowerCase(),
      suggested_bid: r.suggested_bid,
      range_low: r.bid_range_low,
      range_high: r.bid_range_high,
      rank: r.rank,
    }));
    const text = [
      `## Sponsored Brands keyword suggestions (${recommendations.length})`,
      '',
      markdownTable(
        ['#', 'Keyword', 'Match', 'Suggested bid', 'Range'],
        recommendations.map((r) => [
          r.rank,
          r.keywordText,
          r.matchType,
          money(r.suggested_bid, ctx.account.currency),
          `${money(r.range_low, ctx.account.currency)}-${money(r.range_high, ctx.account.currency)}`,
        ]),
      ),
      '',
      'Add the ones you want with add_retailads_sb_keywords (items {campaignId, adGroupId, keywordText, matchType, bid}).',
    ].join('\n');
    return { text, structured: { profile_id: ctx.account.account_id, recommendations } };
  },
});

// ---------------------------------------------------------------------------------------------
// Wasted spend

export const analyzeRetailAdsWastedSpend = defineRetailAdsTool({
  name: 'analyze_retailads_wasted_spend',
  description:
    'Finds spend without sales over a date range: search terms (Sponsored Products and Brands) that spent at least min_spend with zero sales, and keywords/targets that did. ' +
    'Returns ready items for add_retailads_negative_keywords / add_retailads_sb_negative_keywords (NEGATIVE_EXACT on the term) and the keywords to pause with update_retailads_keywords.',
  access: 'read',
  args: {
    ...rangeArgs,
    min_spend: v.optional(v.pipe(v.number(), v.minValue(0), v.description('Only terms that spent at least this much, default 5')), 5),
    campaign_id: v.optional(idSchema('campaign')),
  },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total_spend: v.number(),
    wasted_spend: v.number(),
    wasted_share: v.number(),
    search_terms: v.array(
      v.object({
        ad_product: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        ad_group_id: v.string(),
        search_term: v.string(),
        targeting: v.string(),
        spend: v.number(),
        clicks: v.number(),
      }),
    ),
    actions: v.array(v.object({ tool: v.string(), arguments: v.record(v.string(), v.array(v.record(v.string(), v.string()))) })),
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const [sp, sb] = await Promise.all([
      ctx.platform.getReport('spSearchTerm', start, end),
      ctx.platform.getReport('sbSearchTerm', start, end),
    ]);
    const all = [...sp, ...sb].filter((r) => !args.campaign_id || r.campaign_id === args.campaign_id);
    const total = round2(all.reduce((s, r) => s + r.spend, 0));
    const wasted = all.filter((r) => r.sales === 0 && r.spend >= args.min_spend).sort((a, b) => b.spend - a.spend);
    const wastedSpend = round2(wasted.reduce((s, r) => s + r.spend, 0));
    const terms = wasted.map((r) => ({
      ad_product: r.ad_product,
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      ad_group_id: r.ad_group_id!,
      search_term: r.search_term!,
      targeting: r.targeting ?? '',
      spend: r.spend,
      clicks: r.clicks,
    }));
    // A proposed negative (exact, on the term's ad group) never blocks a live keyword of that ad group, and each is proposed once.
    const live = (await ctx.platform.listEntities('keyword')).filter((k) => k.state === 'ENABLED' || k.state === 'enabled');
    const blocksLive = (t: (typeof terms)[number]) =>
      live.some(
        (k) => k.ad_group_id === t.ad_group_id && negativeBlocks({ text: t.search_term, match_type: 'NEGATIVE_EXACT' }, k.keyword_text),
      );
    const keptLive = terms.filter(blocksLive);
    const negatives = (adProduct: RetailAdsAdProduct) =>
      [
        ...new Map(
          terms.filter((t) => t.ad_product === adProduct && !blocksLive(t)).map((t) => [`${t.ad_group_id}|${t.search_term}`, t]),
        ).values(),
      ].slice(0, 100);
    const actions = [
      ...(negatives('SPONSORED_PRODUCTS').length
        ? [
            {
              tool: 'add_retailads_negative_keywords',
              arguments: {
                negative_keywords: negatives('SPONSORED_PRODUCTS').map((t) => ({
                  campaignId: t.campaign_id,
                  adGroupId: t.ad_group_id,
                  keywordText: t.search_term,
                  matchType: 'NEGATIVE_EXACT',
                })),
              },
            },
          ]
        : []),
      ...(negatives('SPONSORED_BRANDS').length
        ? [
            {
              tool: 'add_retailads_sb_negative_keywords',
              arguments: {
                negative_keywords: negatives('SPONSORED_BRANDS').map((t) => ({
                  campaignId: t.campaign_id,
                  adGroupId: t.ad_group_id,
                  keywordText: t.search_term,
                  matchType: 'negativeExact',
                })),
              },
            },
          ]
        : []),
    ];
    const currency = ctx.account.currency;
    const text = [
      `## Wasted spend, ${start} to ${end}`,
      '',
      `${count(wasted.length)} search terms spent ${money(wastedSpend, currency)} with no sales: ${total > 0 ? Math.round((wastedSpend / total) * 1000) / 10 : 0}% of ${money(total, currency)} search spend.`,
      '',
      terms.length
        ? markdownTable(
            ['Search term', 'Matched', 'Campaign', 'Spend', 'Clicks'],
            terms.slice(0, 25).map((t) => [t.search_term, t.targeting, t.campaign_name, money(t.spend, currency), t.clicks]),
          )
        : 'No search term spent that much without sales.',
      '',
      ...(keptLive.length
        ? [
            `Not proposed as negatives (each is a live keyword of its ad group, which a negative would block; pause the keyword or lower its bid instead): ${[...new Set(keptLive.map((t) => `"${t.search_term}"`))].join(', ')}.`,
            '',
          ]
        : []),
      actions.length
        ? `Exclude them with ${actions.map((a) => a.tool).join(' and ')} (structured.actions holds the items, up to 100 per call; try dry_run first). Keywords that only spend: analyze_retailads_targeting.`
        : '',
    ].join('\n');
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        total_spend: total,
        wasted_spend: wastedSpend,
        wasted_share: total > 0 ? round2(wastedSpend / total) : 0,
        search_terms: terms,
        actions,
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Budgets

/** A day counts as capped when it used at least this share of the daily budget. */
const CAPPED = 0.95;

interface BudgetLine {
  campaign_id: string;
  campaign_name: string;
  ad_product: string;
  state: string;
  daily_budget: number;
  days: number;
  capped_days: number;
  average_usage: number;
  last_day_spend: number;
  last_day_usage: number;
  spend: number;
  sales: number;
  acos: number | null;
}
const budgetLineSchema = v.object({
  campaign_id: v.string(),
  campaign_name: v.string(),
  ad_product: v.string(),
  state: v.string(),
  daily_budget: v.number(),
  days: v.number(),
  capped_days: v.number(),
  average_usage: v.number(),
  last_day_spend: v.number(),
  last_day_usage: v.number(),
  spend: v.number(),
  sales: v.number(),
  acos: v.nullable(v.number()),
});

/** Budget usage of every enabled campaign over [start, end]: each day against the daily budget it had that day. */
async function budgetLines(ctx: { platform: import('../port').RetailAdsPort }, start: string, end: string): Promise<BudgetLine[]> {
  const [campaigns, days, ...reports] = await Promise.all([
    ctx.platform.listCampaigns(),
    ctx.platform.getCampaignDays(start, end),
    ...(['spCampaigns', 'sbCampaigns', 'sdCampaigns'] as const).map((t) => ctx.platform.getReport(t, start, end)),
  ]);
  const figures = new Map(reports.flat().map((r) => [r.campaign_id, r]));
  return campaigns
    .filter((c) => c.state === 'ENABLED')
    .map((c) => {
      const mine = days.filter((d) => d.campaign_id === c.id && d.spend > 0);
      // Each day against the budget it had (a raise today does not rewrite the past).
      const usage = mine.map((d) => d.spend / (d.daily_budget || c.daily_budget));
      const lastDay = days.find((d) => d.campaign_id === c.id && d.date === end);
      const last = lastDay?.spend ?? 0;
      const f = figures.get(c.id);
      const m = withRatios(f ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 });
      return {
        campaign_id: c.id,
        campaign_name: c.name,
        ad_product: c.ad_product,
        state: c.state,
        daily_budget: c.daily_budget,
        days: mine.length,
        capped_days: usage.filter((u) => u >= CAPPED).length,
        average_usage: usage.length ? round2(usage.reduce((s, u) => s + u, 0) / usage.length) : 0,
        last_day_spend: last,
        last_day_usage: round2(last / (lastDay?.daily_budget || c.daily_budget)),
        spend: m.spend,
        sales: m.sales,
        acos: m.acos,
      };
    })
    .sort((a, b) => b.average_usage - a.average_usage);
}

export const getRetailAdsBudgetUsage = defineRetailAdsTool({
  name: 'get_retailads_budget_usage',
  description:
    'Budget usage of every enabled campaign: daily budget, spend and usage of the last day, average usage and how many days reached the budget (95%+) over a date range (default the last 30 days). Change budgets with update_retailads_campaigns.',
  access: 'read',
  args: rangeArgs,
  rules: [rangeRule],
  output: v.object({ profile_id: v.string(), start_date: v.string(), end_date: v.string(), campaigns: v.array(budgetLineSchema) }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const lines = await budgetLines(ctx, start, end);
    const currency = ctx.account.currency;
    const text = [
      `## Budget usage, ${start} to ${end}`,
      '',
      markdownTable(
        ['Campaign', 'Daily budget', `Spend ${end}`, 'Usage', 'Average usage', 'Days at budget'],
        lines.map((l) => [
          l.campaign_name,
          money(l.daily_budget, currency),
          money(l.last_day_spend, currency),
          `${Math.round(l.last_day_usage * 100)}%`,
          `${Math.round(l.average_usage * 100)}%`,
          `${l.capped_days} of ${l.days}`,
        ]),
      ),
      '',
      'Campaigns that reach their budget most days stop showing ads for part of the day: get_retailads_budget_recommendations says which deserve more.',
    ].join('\n');
    return { text, structured: { profile_id: ctx.account.account_id, start_date: start, end_date: end, campaigns: lines } };
  },
});

interface BudgetAdvice extends BudgetLine {
  recommended_budget: number;
  action: 'raise' | 'lower' | 'keep';
  reason: string;
}

/** Raise only campaigns that hit their budget at or under the target ACOS; lower idle budgets; never raise above the target. */
function adviseBudgets(lines: BudgetLine[], targetAcos: number): BudgetAdvice[] {
  return lines.map((l) => {
    const cappedShare = l.days ? l.capped_days / l.days : 0;
    if (cappedShare >= 1 / 3 && l.acos !== null && l.acos <= targetAcos) {
      const raise = Math.ceil(l.daily_budget * Math.min(0.5, 0.2 + cappedShare * 0.3));
      return {
        ...l,
        recommended_budget: l.daily_budget + raise,
        action: 'raise' as const,
        reason: `at its budget on ${l.capped_days} of ${l.days} days with ACOS ${l.acos}% (target ${targetAcos}%)`,
      };
    }
    if (cappedShare >= 1 / 3)
      return {
        ...l,
        recommended_budget: l.daily_budget,
        action: 'keep' as const,
        reason: `at its budget often, but ACOS ${acosText(l.acos)} is above the ${targetAcos}% target: lower bids (analyze_retailads_targeting) rather than add budget`,
      };
    if (l.days >= 7 && l.average_usage < 0.5) {
      const lower = Math.max(1, Math.ceil(l.daily_budget * Math.max(l.average_usage * 1.3, 0.5)));
      return {
        ...l,
        recommended_budget: lower,
        action: lower < l.daily_budget ? ('lower' as const) : ('keep' as const),
        reason: `uses ${Math.round(l.average_usage * 100)}% of its budget on average`,
      };
    }
    return { ...l, recommended_budget: l.daily_budget, action: 'keep' as const, reason: 'budget fits its delivery' };
  });
}
const budgetAdviceSchema = v.object({
  ...budgetLineSchema.entries,
  recommended_budget: v.number(),
  action: v.picklist(['raise', 'lower', 'keep']),
  reason: v.string(),
});
const budgetAction = (advice: { campaign_id: string; recommended_budget: number; daily_budget: number }[]) => {
  const items = advice
    .filter((a) => a.recommended_budget !== a.daily_budget)
    .map((a) => ({ campaignId: a.campaign_id, dailyBudget: a.recommended_budget }));
  return items.length ? [{ tool: 'update_retailads_campaigns', arguments: { campaigns: items } }] : [];
};
const budgetActionSchema = v.array(
  v.object({
    tool: v.string(),
    arguments: v.object({ campaigns: v.array(v.object({ campaignId: v.string(), dailyBudget: v.number() })) }),
  }),
);

export const getRetailAdsBudgetRecommendations = defineRetailAdsTool({
  name: 'get_retailads_budget_recommendations',
  description:
    'Recommends daily budgets: more for campaigns that reach their budget on a third of the days or more at or under the target ACOS, less for budgets used under half on average; a campaign above the target ACOS never gets more budget. Apply with update_retailads_campaigns (structured.actions).',
  access: 'read',
  args: { ...rangeArgs, target_acos: targetAcosArg },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    target_acos: v.number(),
    recommendations: v.array(budgetAdviceSchema),
    actions: budgetActionSchema,
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const advice = adviseBudgets(await budgetLines(ctx, start, end), args.target_acos);
    const currency = ctx.account.currency;
    const acting = advice.filter((a) => a.action !== 'keep');
    const text = [
      `## Budget recommendations, ${start} to ${end}`,
      '',
      acting.length
        ? markdownTable(
            ['Campaign', 'Budget', 'Recommended', 'ACOS', 'Why'],
            acting.map((a) => [
              a.campaign_name,
              money(a.daily_budget, currency),
              money(a.recommended_budget, currency),
              acosText(a.acos),
              a.reason,
            ]),
          )
        : 'Every budget fits its campaign.',
      '',
      acting.length ? 'Apply with update_retailads_campaigns (structured.actions; the plan lists every budget before and after).' : '',
    ].join('\n');
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        target_acos: args.target_acos,
        recommendations: advice,
        actions: budgetAction(advice),
      },
    };
  },
});

export const optimizeRetailAdsBudget = defineRetailAdsTool({
  name: 'optimize_retailads_budget',
  description:
    'Reallocates the total daily budget of enabled campaigns (or a new total_daily_budget) towards campaigns that reach their budget at or under the target ACOS, taken from idle budgets and campaigns above the target ACOS; no campaign above the target gains budget. Read only: apply with update_retailads_campaigns (structured.actions).',
  access: 'read',
  args: {
    ...rangeArgs,
    target_acos: targetAcosArg,
    total_daily_budget: v.optional(
      v.pipe(v.number(), v.minValue(1), v.description('New total daily budget to share out; default the current total')),
    ),
  },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    current_total: v.number(),
    new_total: v.number(),
    allocation: v.array(budgetAdviceSchema),
    actions: budgetActionSchema,
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const advice = adviseBudgets(await budgetLines(ctx, start, end), args.target_acos);
    if (!advice.length)
      throw new ToolError('No enabled campaign to share a budget between. Resume campaigns with resume_retailads_campaigns first.');
    const currentTotal = advice.reduce((s, a) => s + a.daily_budget, 0);
    const newTotal = args.total_daily_budget ?? currentTotal;
    // Above-target campaigns keep at most their current budget (and give up what they leave idle).
    const aboveTarget = (a: BudgetAdvice) => a.acos !== null && a.acos > args.target_acos;
    const wanted = advice.map((a) => (aboveTarget(a) ? Math.min(a.daily_budget, a.recommended_budget) : a.recommended_budget));
    const wantedTotal = wanted.reduce((s, w) => s + w, 0);
    let allocation = wanted.map((w) => Math.max(1, Math.floor((w * newTotal) / wantedTotal)));
    // No above-target campaign gains from the scaling: cap them, and give the rest to the efficient ones.
    allocation = allocation.map((x, i) => (aboveTarget(advice[i]!) ? Math.min(x, advice[i]!.daily_budget) : x));
    let left = Math.floor(newTotal - allocation.reduce((s, x) => s + x, 0));
    const receivers = advice
      .map((a, i) => ({ a, i }))
      .filter(({ a }) => !aboveTarget(a))
      .sort((x, y) => (x.a.acos ?? 999) - (y.a.acos ?? 999));
    for (let k = 0; left > 0 && receivers.length; k++, left--) allocation[receivers[k % receivers.length]!.i]! += 1;
    const result = advice.map((a, i) => ({
      ...a,
      recommended_budget: allocation[i]!,
      action:
        allocation[i]! > a.daily_budget ? ('raise' as const) : allocation[i]! < a.daily_budget ? ('lower' as const) : ('keep' as const),
    }));
    const currency = ctx.account.currency;
    const text = [
      `## Budget reallocation, ${money(currentTotal, currency)} → ${money(
        result.reduce((s, r) => s + r.recommended_budget, 0),
        currency,
      )} a day`,
      '',
      markdownTable(
        ['Campaign', 'Budget', 'New budget', 'ACOS', 'Days at budget', 'Why'],
        result.map((r) => [
          r.campaign_name,
          money(r.daily_budget, currency),
          money(r.recommended_budget, currency),
          acosText(r.acos),
          `${r.capped_days} of ${r.days}`,
          r.reason,
        ]),
      ),
      '',
      'Nothing changed yet: apply with update_retailads_campaigns (structured.actions), dry_run first to see every budget before and after.',
    ].join('\n');
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        current_total: currentTotal,
        new_total: result.reduce((s, r) => s + r.recommended_budget, 0),
        allocation: result,
        actions: budgetAction(result),
      },
    };
  },
});

export const listRetailAdsBrands = defineRetailAdsTool({
  name: 'list_retailads_brands',
  description:
    'Lists the brands the profile may advertise in Sponsored Brands (brand id, brand entity id, registered name): the brand a Sponsored Brands campaign or asset belongs to.',
  access: 'read',
  args: {},
  output: v.object({
    profile_id: v.string(),
    brands: v.array(v.object({ brand_id: v.string(), brand_entity_id: v.string(), brand_registry_name: v.string() })),
  }),
  async run(_args, ctx) {
    const brands = await ctx.platform.listBrands();
    return {
      text: [
        `## Brands (${brands.length})`,
        '',
        markdownTable(
          ['Brand', 'Brand id', 'Brand entity id'],
          brands.map((b) => [b.brand_registry_name, b.brand_id, b.brand_entity_id]),
        ),
        '',
        'Create a Sponsored Brands campaign for a brand with create_retailads_sb_campaign; upload its logo with upload_retailads_asset.',
      ].join('\n'),
      structured: { profile_id: ctx.account.account_id, brands },
    };
  },
});

export const analysisTools = [
  getRetailAdsCampaignPerformance,
  getRetailAdsProductPerformance,
  getRetailAdsPurchasedProducts,
  getRetailAdsSearchTerms,
  analyzeRetailAdsTargeting,
  getRetailAdsBidRecommendations,
  getRetailAdsSbBidRecommendations,
  getRetailAdsSbKeywordRecommendations,
  analyzeRetailAdsWastedSpend,
  getRetailAdsBudgetUsage,
  getRetailAdsBudgetRecommendations,
  optimizeRetailAdsBudget,
  listRetailAdsBrands,
];
