import * as v from 'valibot';
import {
  firstWasteRule,
  sumToCent,
  wasteOf,
  wasteSentences,
  type WasteFinding,
  type WastePerformance,
  type WasteRule,
} from '../../../core/waste';
import { accountBaseline, FAR_ABOVE_ACCOUNT } from '../../../core/advice';
import type { ConnectedAccount } from '../../../core/accounts';
import { clampDeskAdsBid } from '../money';
import { ToolError } from '../../../core/errors';
import { count, markdownTable, money } from '../../../core/markdown';
import { totals } from '../../../core/metrics';
import { deskAdsCampaignFigures } from '../campaign-figures';
import { defineDeskAdsTool } from '../define';
import { DESKADS_LIMIT, DESKADS_MAX_OFFSET } from '../list-filters';
import { negativeBlocks } from '../../../core/negatives';
import type { DeskAdsPort, DeskAdsReportRow } from '../port';
import { idArgument, metricsOutput, metricsWindow, rowMetrics, windowArgs, windowRule } from './shared';

/** What users searched for, and where money went without a conversion. */

const paging = {
  offset: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.maxValue(
        DESKADS_MAX_OFFSET,
        `must be at most ${DESKADS_MAX_OFFSET}: deep paging is capped to protect your quota; narrow the filters instead`,
      ),
      v.description(`Rows to skip, default 0, at most ${DESKADS_MAX_OFFSET}`),
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

const scopeArgs = {
  campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')),
  ad_group_id: v.optional(idArgument('ad group', 'list_deskads_ad_groups')),
};

/** The account's structure by id, for names and the "already a keyword / negative" flags. */
async function structure(port: DeskAdsPort, accountId: string, scope: { campaign_id?: string; ad_group_id?: string }) {
  const [campaigns, groups, keywords, negatives] = await Promise.all([
    port.listCampaigns(),
    port.listAdGroups(),
    port.listKeywords(),
    port.listNegativeKeywords(),
  ]);
  if (scope.campaign_id && !campaigns.some((c) => c.id === scope.campaign_id))
    throw new ToolError(`No campaign ${scope.campaign_id} in account ${accountId}. list_deskads_campaigns lists the valid ids.`, {
      code: 'not_found',
    });
  if (scope.ad_group_id && !groups.some((g) => g.id === scope.ad_group_id))
    throw new ToolError(`No ad group ${scope.ad_group_id} in account ${accountId}. list_deskads_ad_groups lists the valid ids.`, {
      code: 'not_found',
    });
  return { campaigns, groups, keywords, negatives };
}

async function searchRows(
  port: DeskAdsPort,
  window: { start: string; end: string },
  scope: { campaign_id?: string; ad_group_id?: string },
) {
  const rows = await port.getReport({
    report_type: 'SearchQueryPerformance',
    aggregation: 'Summary',
    start_date: window.start,
    end_date: window.end,
  });
  return rows.filter(
    (r) => (!scope.campaign_id || r.campaign_id === scope.campaign_id) && (!scope.ad_group_id || r.ad_group_id === scope.ad_group_id),
  );
}

const termOutput = v.object({
  search_term: v.string(),
  keyword_id: v.string(),
  keyword: v.string(),
  match_type: v.string(),
  ad_group_id: v.string(),
  ad_group: v.string(),
  campaign_id: v.string(),
  campaign: v.string(),
  is_keyword: v.boolean(),
  is_negative: v.boolean(),
  metrics: metricsOutput,
});

export const getDeskAdsSearchTerms = defineDeskAdsTool({
  name: 'get_deskads_search_terms',
  description:
    'The search terms report: what people searched for when your search ads showed, with the keyword and match type that matched, figures over a date range (default the last 30 days ending yesterday), and whether the term is already a keyword or blocked by a negative keyword now. Sorted by spend; filter by campaign, ad group, min_spend or zero_conversions; rows page with offset and limit (10-200).',
  access: 'read',
  args: {
    ...scopeArgs,
    min_spend: v.optional(v.pipe(v.number(), v.minValue(0), v.description('Only terms that spent at least this much'))),
    zero_conversions: v.optional(v.pipe(v.boolean(), v.description('true = only terms without a conversion'))),
    ...windowArgs,
    ...paging,
  },
  rules: [windowRule],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    search_terms: v.array(termOutput),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const s = await structure(ctx.platform, ctx.account.account_id, args);
    const rows = (await searchRows(ctx.platform, window, args))
      .filter((r) => (args.min_spend === undefined || r.spend >= args.min_spend) && (!args.zero_conversions || r.conversions === 0))
      .sort((a, b) => b.spend - a.spend || a.search_term!.localeCompare(b.search_term!));
    const page = rows.slice(args.offset, args.offset + args.limit).map((r) => describeTerm(r, s));
    const currency = ctx.account.currency;
    const blockable = page.filter((t) => !t.is_negative && !t.is_keyword && t.metrics.spend > 0 && t.metrics.conversions === 0);
    return {
      text: [
        `## Search terms, ${window.start} to ${window.end}`,
        '',
        `${rows.length} terms; showing ${page.length ? `${args.offset + 1}-${args.offset + page.length}` : 'none'}, by spend.`,
        '',
        page.length
          ? markdownTable(
              ['Search term', 'Keyword', 'Match', 'Ad group', 'Spend', 'Clicks', 'Conv.', 'Keyword?', 'Negative?'],
              page.map((t) => [
                t.search_term,
                t.keyword,
                t.match_type,
                t.ad_group,
                money(t.metrics.spend, currency),
                t.metrics.clicks,
                t.metrics.conversions,
                t.is_keyword ? 'yes' : 'no',
                t.is_negative ? 'blocked now' : 'no',
              ]),
            )
          : 'No search term matches.',
        ...(blockable.length
          ? [
              '',
              `${blockable.length} term(s) here spent without converting and are not blocked: add them as negatives with add_deskads_negative_keywords (analyze_deskads_wasted_spend lists them all with the arguments).`,
            ]
          : []),
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        total: rows.length,
        offset: args.offset,
        limit: args.limit,
        has_more: args.offset + args.limit < rows.length,
        search_terms: page,
      },
    };
  },
});

type Structure = Awaited<ReturnType<typeof structure>>;

function describeTerm(r: DeskAdsReportRow, s: Structure): v.InferOutput<typeof termOutput> {
  const keyword = s.keywords.find((k) => k.id === r.keyword_id);
  const group = s.groups.find((g) => g.id === r.ad_group_id);
  const term = r.search_term!;
  return {
    search_term: term,
    keyword_id: r.keyword_id!,
    keyword: keyword?.text ?? '',
    match_type: keyword?.match_type ?? '',
    ad_group_id: r.ad_group_id!,
    ad_group: group?.name ?? '',
    campaign_id: r.campaign_id,
    campaign: s.campaigns.find((c) => c.id === r.campaign_id)?.name ?? '',
    is_keyword: s.keywords.some(
      (k) => k.ad_group_id === r.ad_group_id && k.status !== 'Deleted' && k.text.toLowerCase() === term.toLowerCase(),
    ),
    is_negative: s.negatives.some(
      (n) => n.campaign_id === r.campaign_id && (n.level === 'Campaign' || n.owner_id === r.ad_group_id) && negativeBlocks(n, term),
    ),
    metrics: rowMetrics(totals([r])),
  };
}

const wasteLine = v.object({ id: v.string(), name: v.string(), spend: v.number(), clicks: v.number() });
/** What a judged ad group or device row adds: its conversions, why it is listed and the spend beyond what its conversions are worth. */
const judgedEntries = { conversions: v.number(), reason: v.string(), wasted_spend: v.number() };
/** A judged row's figures as its structured row shows them. */
const judgedFigures = (j: { figures: WastePerformance; waste: number; reason: string }) => ({
  spend: j.figures.spend,
  conversions: j.figures.conversions,
  reason: j.reason,
  wasted_spend: j.waste,
});
/** A write or a read that acts on one finding, as given (the account is the one judged). */
const callOutput = v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) });

/** Smallest wasted spend analyze_deskads_wasted_spend lists, by default. */
export const DESKADS_WASTE_MIN_SPEND = 10;

export interface DeskAdsWasteOptions {
  start: string;
  end: string;
  min_spend: number;
  campaign_id?: string;
  ad_group_id?: string;
}

type Call = v.InferOutput<typeof callOutput>;

/**
 * The rules deskads spend is judged wasted by (core/waste.ts), the first a row meets: no conversion on at
 * least minSpend, then, when the account converted, a cost per conversion over FAR_ABOVE_ACCOUNT (2) × the
 * account's (accountCpa: every campaign's spend over its conversions, core/advice.ts accountBaseline).
 */
export function deskAdsWasteRules(minSpend: number, accountCpa: number | null): WasteRule[] {
  return [
    { kind: 'no_results', min_spend: minSpend, results: 'conversions' },
    ...(accountCpa
      ? [
          {
            kind: 'cost_above' as const,
            min_spend: minSpend,
            multiple: FAR_ABOVE_ACCOUNT,
            baseline: accountCpa,
            baseline_label: "the account's",
            result: 'conversion',
          },
        ]
      : []),
  ];
}

/**
 * The wasted spend of a deskads account over [start, end], as analyze_deskads_wasted_spend lists it
 * and the watch and suggest_next_action (../opportunities.ts) propose it, so both name the same search
 * terms and products with the same amounts, to the cent. Rules (core/waste.ts), the first a row meets:
 * no conversion on at least min_spend (the waste is all of it); for search terms and products, a cost
 * per conversion over FAR_ABOVE_ACCOUNT (2) × the account's (every campaign's figures of the same
 * dates, as list_deskads_campaigns shows them; the waste is the spend beyond what its conversions are
 * worth at the account's cost); active keywords, ad groups and devices by the same rules (ad groups
 * and devices show the same spend another way: not added to the waste). A keyword's action pauses it
 * (update_deskads_keywords) when its ad group and campaign run; a search term's blocks it (an exact
 * negative on its campaign), except a term a negative would block as a live keyword, or whose keywords
 * are all paused, already or by the keyword pauses (none: it stops with them); a product's is a read of its figures
 * (get_deskads_product_performance), as no tool excludes a product. The waste is counted once: the
 * paused keywords', the other search terms' and the products' (shopping and Performance Max, whose
 * spend no search term holds).
 */
export async function findDeskAdsWaste(port: DeskAdsPort, account: ConnectedAccount, o: DeskAdsWasteOptions) {
  const s = await structure(port, account.account_id, o);
  const inScope = (r: { campaign_id: string; ad_group_id?: string }) =>
    (!o.campaign_id || r.campaign_id === o.campaign_id) && (!o.ad_group_id || r.ad_group_id === o.ad_group_id);
  const report = (report_type: 'KeywordPerformance' | 'AdGroupPerformance' | 'ProductDimensionPerformance') =>
    port.getReport({ report_type, aggregation: 'Summary', start_date: o.start, end_date: o.end });
  const [campaignFigures, terms, keywordRows, groupRows, deviceRows, productRows, products] = await Promise.all([
    deskAdsCampaignFigures(port, account, o.start, o.end),
    searchRows(port, o, o),
    report('KeywordPerformance'),
    report('AdGroupPerformance'),
    port.getReport({
      report_type: 'AdGroupPerformance',
      aggregation: 'Summary',
      start_date: o.start,
      end_date: o.end,
      segment: 'DeviceType',
    }),
    report('ProductDimensionPerformance'),
    port.listProducts(),
  ]);
  const currency = account.currency;
  const fmt = (n: number) => money(n, currency);
  const rules = deskAdsWasteRules(o.min_spend, accountBaseline(campaignFigures.map((c) => c.figures)).cpa);
  /** A row judged by the rules: the rule it meets, its waste and why, in words with its figures. */
  const judge = (figures: WastePerformance) => {
    const rule = firstWasteRule(rules, figures);
    if (!rule) return null;
    const waste = wasteOf(rule, figures);
    const reason =
      rule.kind === 'cost_above'
        ? `cost per conversion ${fmt(figures.spend / figures.conversions)} is more than ${rule.multiple}× the account's ${fmt(rule.baseline)}: ${fmt(waste)} more than its ${count(figures.conversions)} conversions are worth at the account's cost`
        : `${fmt(figures.spend)} spent without a conversion`;
    return { rule, figures, waste, reason };
  };
  // Active keywords, judged by the same rules; each listed one is paused (update_deskads_keywords) when it runs:
  // its ad group and campaign are active (a paused one stops it already).
  const keywordWaste = keywordRows
    .filter(inScope)
    .flatMap((r) => {
      const k = s.keywords.find((x) => x.id === r.keyword_id);
      if (!k || k.status !== 'Active') return [];
      const figures = totals([r]);
      const judged = judge(figures);
      if (!judged) return [];
      const group = s.groups.find((g) => g.id === k.ad_group_id);
      const runs = group?.status === 'Active' && s.campaigns.find((c) => c.id === k.campaign_id)?.status === 'Active';
      const bid = k.bid ?? group?.cpc_bid ?? 0;
      const action: Call | null = runs
        ? { tool: 'update_deskads_keywords', arguments: { updates: [{ keyword_id: k.id, status: 'Paused' }] } }
        : null;
      return [
        {
          id: k.id,
          name: k.text,
          match_type: k.match_type,
          campaign_id: k.campaign_id,
          campaign: s.campaigns.find((c) => c.id === k.campaign_id)?.name ?? '',
          spend: r.spend,
          clicks: r.clicks,
          conversions: r.conversions,
          cost_per_conversion: figures.cpa,
          bid,
          suggested_bid: clampDeskAdsBid(bid * 0.7, currency),
          judged,
          action,
        },
      ];
    })
    .sort((a, b) => b.judged.waste - a.judged.waste || b.spend - a.spend);
  // A term all of whose keywords are paused (already, or by the pauses above) stops with them: it needs no negative of
  // its own, and its waste is theirs.
  const pausedKeywords = new Set([
    ...keywordWaste.filter((k) => k.action).map((k) => k.id),
    ...s.keywords.filter((k) => k.status !== 'Active').map((k) => k.id),
  ]);
  // A proposed negative (exact, on the term's campaign) never blocks a live keyword of its campaign (it would stop the keyword's own searches).
  const blocksLiveKeyword = (t: { campaign_id: string; search_term: string }) =>
    s.keywords.some(
      (k) =>
        k.campaign_id === t.campaign_id && k.status === 'Active' && negativeBlocks({ text: t.search_term, match_type: 'Exact' }, k.text),
    );
  // A term is judged where its negative acts: in its campaign, over every ad group it ran in (the report has a
  // row per keyword that matched it), so one ad group's spend never blocks a term that converts in another.
  const byTerm = new Map<string, { row: DeskAdsReportRow; term: ReturnType<typeof describeTerm> }[]>();
  for (const row of [...terms].sort((a, b) => b.spend - a.spend)) {
    const term = describeTerm(row, s);
    if (term.is_negative) continue;
    const key = `${term.campaign_id}|${term.search_term}`;
    byTerm.set(key, [...(byTerm.get(key) ?? []), { row, term }]);
  }
  const termWaste = [...byTerm.values()]
    .map((rows) => ({
      ...rows[0]!.term,
      metrics: rowMetrics(totals(rows.map((x) => x.row))),
      paused_with_keyword: rows.every((x) => pausedKeywords.has(x.row.keyword_id!)),
    }))
    .flatMap((t) => {
      const judged = judge(t.metrics);
      if (!judged) return [];
      const action: Call | null =
        t.paused_with_keyword || blocksLiveKeyword(t)
          ? null
          : {
              tool: 'add_deskads_negative_keywords',
              arguments: { campaign_id: t.campaign_id, negatives: [{ text: t.search_term, match_type: 'Exact' }] },
            };
      return [{ ...t, judged, action }];
    })
    .sort((a, b) => b.judged.waste - a.judged.waste || b.metrics.spend - a.metrics.spend);
  const productWaste = o.ad_group_id
    ? []
    : products.flatMap((p) => {
        const row = productRows.find((r) => r.product_id === p.id);
        if (!row || !inScope({ campaign_id: p.campaign_id })) return [];
        const figures = totals([row]);
        const judged = judge(figures);
        if (!judged) return [];
        const read: Call = {
          tool: 'get_deskads_product_performance',
          arguments: { start_date: o.start, end_date: o.end, query: p.merchant_product_id },
        };
        return [{ product: p, figures, judged, action: read }];
      });
  productWaste.sort((a, b) => b.judged.waste - a.judged.waste || b.figures.spend - a.figures.spend);
  // Ad groups and devices, judged by the same rules (no conversion, or a cost per conversion over 2× the account's):
  // they show the search spend another way, so their waste is not added to the total.
  const groupWaste = groupRows
    .filter(inScope)
    .flatMap((r) => {
      const figures = totals([r]);
      const judged = judge(figures);
      return judged
        ? [{ id: r.ad_group_id!, name: s.groups.find((g) => g.id === r.ad_group_id)?.name ?? '', clicks: r.clicks, judged }]
        : [];
    })
    .sort((a, b) => b.judged.waste - a.judged.waste || b.judged.figures.spend - a.judged.figures.spend);
  const devices = [...new Set(deviceRows.filter(inScope).map((r) => r.device_type!))]
    .flatMap((device) => {
      const t = totals(deviceRows.filter((r) => inScope(r) && r.device_type === device));
      const judged = judge(t);
      return judged ? [{ device, clicks: t.clicks, judged }] : [];
    })
    .sort((a, b) => b.judged.waste - a.judged.waste || a.device.localeCompare(b.device));
  // The spend waste is measured against: the account's (or the campaign's) as list_deskads_campaigns shows it
  // (the one source of figures), or the ad group's; keyword_spend is the part of it on search keywords
  // (campaigns without keywords, such as shopping, have no search terms to block).
  const cents = (n: number) => Math.round(n * 100);
  const total = o.ad_group_id
    ? totals(groupRows.filter(inScope)).spend
    : campaignFigures.filter((c) => !o.campaign_id || c.id === o.campaign_id).reduce((t, c) => t + cents(c.figures.spend), 0) / 100;
  // One sentence per rule for each kind of row, naming exactly the rows listed under it.
  const stated = (one: string, many: string, judged: { rule: WasteRule; figures: WastePerformance }[]) =>
    wasteSentences(rules, { one, many }, judged, fmt);
  const findings: WasteFinding[] = [
    ...stated(
      'search term not blocked yet',
      'search terms not blocked yet',
      termWaste.map((t) => t.judged),
    ),
    ...(o.ad_group_id
      ? []
      : stated(
          'product',
          'products',
          productWaste.map((p) => p.judged),
        )),
    ...stated(
      'active keyword',
      'active keywords',
      keywordWaste.map((k) => k.judged),
    ),
    ...stated(
      'ad group',
      'ad groups',
      groupWaste.map((g) => g.judged),
    ),
    ...stated(
      'device',
      'devices',
      devices.map((d) => d.judged),
    ),
  ];
  return {
    total,
    keywordSpend: totals(keywordRows.filter(inScope)).spend,
    termWaste,
    productWaste,
    keywordWaste,
    groupWaste,
    devices,
    findings,
    // Counted once: a paused keyword's waste holds its search terms'.
    keywordWasted: sumToCent(keywordWaste.filter((k) => k.action).map((k) => k.judged.waste)),
    termWasted: sumToCent(termWaste.filter((t) => !t.paused_with_keyword).map((t) => t.judged.waste)),
    productWasted: sumToCent(productWaste.map((p) => p.judged.waste)),
  };
}

export const analyzeDeskAdsWastedSpend = defineDeskAdsTool({
  name: 'analyze_deskads_wasted_spend',
  description:
    "Finds wasted spend over a date range (default the last 30 days ending yesterday): search terms, active keywords and shopping products that spent at least min_spend (default 10) without a conversion or at a cost per conversion more than 2× the account's (the waste is the spend beyond what their conversions are worth at the account's cost), and ad groups and devices by the same rules. Gives the keyword pauses and negatives that would stop it, with the exact arguments of update_deskads_keywords (keywords[].action: status Paused, when its ad group and campaign run) and add_deskads_negative_keywords (search_terms[].action; a negative that would block a live keyword of its campaign is never proposed, and a search term whose keywords are all paused, now or by those pauses, needs none: paused_with_keyword); a product's action reads its figures (get_deskads_product_performance), as products are excluded in the shopping campaign's product groups on the platform. Waste is shown against the spend list_deskads_campaigns shows for the same days (account, campaign or ad group), with the part of it on search keywords beside it. run_watch_now and suggest_next_action propose the same keywords, search terms and products with the same amounts.",
  access: 'read',
  args: {
    ...scopeArgs,
    min_spend: v.optional(
      v.pipe(v.number(), v.minValue(0), v.maxValue(100_000), v.description('Smallest wasted spend worth listing, default 10')),
      DESKADS_WASTE_MIN_SPEND,
    ),
    ...windowArgs,
  },
  rules: [windowRule],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    currency: v.string(),
    total_spend: v.number(),
    keyword_spend: v.number(),
    wasted_spend: v.number(),
    search_terms: v.array(
      v.object({
        search_term: v.string(),
        campaign_id: v.string(),
        ad_group_id: v.string(),
        keyword: v.string(),
        spend: v.number(),
        clicks: v.number(),
        conversions: v.number(),
        reason: v.string(),
        wasted_spend: v.number(),
        paused_with_keyword: v.boolean(),
        action: v.nullable(callOutput),
      }),
    ),
    products: v.array(
      v.object({
        product_id: v.string(),
        merchant_product_id: v.string(),
        title: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        spend: v.number(),
        clicks: v.number(),
        conversions: v.number(),
        revenue: v.number(),
        reason: v.string(),
        wasted_spend: v.number(),
        action: callOutput,
      }),
    ),
    keywords: v.array(
      v.object({
        ...wasteLine.entries,
        match_type: v.string(),
        campaign_id: v.string(),
        conversions: v.number(),
        cost_per_conversion: v.nullable(v.number()),
        bid: v.number(),
        suggested_bid: v.number(),
        reason: v.string(),
        wasted_spend: v.number(),
        action: v.nullable(callOutput),
      }),
    ),
    ad_groups: v.array(v.object({ ...wasteLine.entries, ...judgedEntries })),
    devices: v.array(v.object({ device: v.string(), spend: v.number(), clicks: v.number(), ...judgedEntries })),
    actions: v.array(v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()), saves: v.number() })),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const w = await findDeskAdsWaste(ctx.platform, ctx.account, { ...window, ...args });
    const { termWaste, productWaste, keywordWaste, groupWaste, devices, total, keywordSpend } = w;
    const currency = ctx.account.currency;
    const wasted = sumToCent([w.keywordWasted, w.termWasted, w.productWasted]);
    const keptLive = termWaste.filter((t) => !t.action && !t.paused_with_keyword);
    const toPause = keywordWaste.filter((k) => k.action);
    // One negative-keyword call per campaign (exact negatives at campaign level), one bid-cut call for the keywords.
    const byCampaign = new Map<string, typeof termWaste>();
    for (const t of termWaste.filter((t) => t.action)) byCampaign.set(t.campaign_id, [...(byCampaign.get(t.campaign_id) ?? []), t]);
    const actions = [
      ...[...byCampaign].map(([campaignId, list]) => ({
        tool: 'add_deskads_negative_keywords',
        arguments: {
          campaign_id: campaignId,
          negatives: [...new Set(list.map((t) => t.search_term))].map((text) => ({ text, match_type: 'Exact' })),
        },
        saves: sumToCent(list.map((x) => x.judged.waste)),
      })),
      ...(toPause.length
        ? [
            {
              tool: 'update_deskads_keywords',
              arguments: { updates: toPause.map((k) => ({ keyword_id: k.id, status: 'Paused' })) },
              saves: w.keywordWasted,
            },
          ]
        : []),
    ];
    const findings = w.findings;
    const text = [
      `## Wasted spend, ${window.start} to ${window.end}`,
      '',
      ...findings.map((f) => `- ${f.text}`),
      '',
      `The waste is ${money(wasted, currency)} (keywords to pause ${money(w.keywordWasted, currency)}, other search terms ${money(w.termWasted, currency)}, products ${money(w.productWasted, currency)}), of the ${args.ad_group_id ? 'ad group' : args.campaign_id ? 'campaign' : 'account'}'s ${money(total, currency)} spend (${money(keywordSpend, currency)} of it on search keywords); a paused keyword's search terms are counted with it, and ad groups and devices hold the search terms' spend seen another way.`,
      '',
      '### Search terms to block',
      termWaste.length
        ? markdownTable(
            ['Search term', 'Keyword', 'Ad group', 'Spend', 'Clicks', 'Conv.', 'Waste'],
            termWaste.map((t) => [
              t.search_term,
              t.keyword,
              t.ad_group,
              money(t.metrics.spend, currency),
              t.metrics.clicks,
              t.metrics.conversions,
              money(t.judged.waste, currency),
            ]),
          )
        : 'None above the threshold.',
      '',
      ...(productWaste.length
        ? [
            '### Products',
            markdownTable(
              ['Product', 'Campaign', 'Spend', 'Conv.', 'Waste', 'Why'],
              productWaste.map((p) => [
                `${p.product.title} (${p.product.merchant_product_id})`,
                p.product.campaign_name,
                money(p.figures.spend, currency),
                p.figures.conversions,
                money(p.judged.waste, currency),
                p.judged.reason,
              ]),
            ),
            'No tool here excludes a product: exclude it from the product groups of its shopping campaign on the platform, or lower its bid there.',
            '',
          ]
        : []),
      '### Keywords to pause',
      keywordWaste.length
        ? markdownTable(
            ['Keyword', 'Match', 'Spend', 'Conv.', 'Cost/conv.', 'Waste', 'Why'],
            keywordWaste.map((k) => [
              k.name,
              k.match_type,
              money(k.spend, currency),
              k.conversions,
              k.cost_per_conversion === null ? '-' : money(k.cost_per_conversion, currency),
              money(k.judged.waste, currency),
              k.action ? k.judged.reason : `${k.judged.reason} (its ad group or campaign is paused)`,
            ]),
          )
        : 'None above the threshold.',
      '',
      '### Ad groups and devices (the same spend seen another way)',
      groupWaste.length || devices.length
        ? markdownTable(
            ['Where', 'Spend', 'Clicks', 'Conv.', 'Waste', 'Why'],
            [
              ...groupWaste.map((g) => ({ where: `ad group "${g.name}"`, ...g })),
              ...devices.map((d) => ({ where: `device ${d.device}`, ...d })),
            ].map((r) => [
              r.where,
              money(r.judged.figures.spend, currency),
              r.clicks,
              r.judged.figures.conversions,
              money(r.judged.waste, currency),
              r.judged.reason,
            ]),
          )
        : 'None above the threshold.',
      '',
      '### What to do',
      actions.length
        ? actions
            .map(
              (a) =>
                `- ${a.tool}: ${a.tool === 'add_deskads_negative_keywords' ? `block ${(a.arguments as { negatives: unknown[] }).negatives.length} search term(s)` : `pause ${toPause.length} keyword(s) (or lower their bids)`}, saving about ${money(a.saves, currency)} over a period like this one.`,
            )
            .join('\n')
        : 'Nothing to do: no spend without conversions above the threshold.',
      ...(termWaste.some((t) => t.paused_with_keyword)
        ? [
            '',
            `Stopped with their paused keywords (no negative needed): ${[...new Set(termWaste.filter((t) => t.paused_with_keyword).map((t) => `"${t.search_term}"`))].join(', ')}.`,
          ]
        : []),
      ...(keptLive.length
        ? [
            '',
            `Not proposed as negatives (each is a live keyword of its campaign, which a negative would block; cut its bid or pause the keyword instead): ${[...new Set(keptLive.map((t) => `"${t.search_term}"`))].join(', ')}.`,
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        currency,
        total_spend: total,
        keyword_spend: keywordSpend,
        wasted_spend: wasted,
        search_terms: termWaste.map((t) => ({
          search_term: t.search_term,
          campaign_id: t.campaign_id,
          ad_group_id: t.ad_group_id,
          keyword: t.keyword,
          spend: t.metrics.spend,
          clicks: t.metrics.clicks,
          conversions: t.metrics.conversions,
          reason: t.judged.reason,
          wasted_spend: t.judged.waste,
          paused_with_keyword: t.paused_with_keyword,
          action: t.action,
        })),
        products: productWaste.map((p) => ({
          product_id: p.product.id,
          merchant_product_id: p.product.merchant_product_id,
          title: p.product.title,
          campaign_id: p.product.campaign_id,
          campaign_name: p.product.campaign_name,
          spend: p.figures.spend,
          clicks: p.figures.clicks,
          conversions: p.figures.conversions,
          revenue: p.figures.revenue,
          reason: p.judged.reason,
          wasted_spend: p.judged.waste,
          action: p.action,
        })),
        keywords: keywordWaste.map(({ judged, campaign: _campaign, ...k }) => ({
          ...k,
          reason: judged.reason,
          wasted_spend: judged.waste,
        })),
        ad_groups: groupWaste.map(({ judged, ...g }) => ({ ...g, ...judgedFigures(judged) })),
        devices: devices.map(({ judged, ...d }) => ({ ...d, ...judgedFigures(judged) })),
        actions,
      },
    };
  },
});
