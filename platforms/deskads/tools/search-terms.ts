import * as v from 'valibot';
import { meetsWasteRule, wasteSentence, type WasteRule } from '../../../core/waste';
import { clampDeskAdsBid } from '../money';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
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

export const analyzeDeskAdsWastedSpend = defineDeskAdsTool({
  name: 'analyze_deskads_wasted_spend',
  description:
    'Finds spend without conversions over a date range (default the last 30 days ending yesterday) by search term, keyword, ad group and device, each above min_spend (default 10), and gives the negatives and bid cuts that would stop it (a negative that would block a live keyword of its campaign is never proposed), with the exact arguments of add_deskads_negative_keywords and update_deskads_keywords. Waste is shown against the spend list_deskads_campaigns shows for the same days (account, campaign or ad group), with the part of it on search keywords beside it.',
  access: 'read',
  args: {
    ...scopeArgs,
    min_spend: v.optional(
      v.pipe(v.number(), v.minValue(0), v.maxValue(100_000), v.description('Smallest wasted spend worth listing, default 10')),
      10,
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
      }),
    ),
    keywords: v.array(v.object({ ...wasteLine.entries, match_type: v.string(), bid: v.number(), suggested_bid: v.number() })),
    ad_groups: v.array(wasteLine),
    devices: v.array(v.object({ device: v.string(), spend: v.number(), clicks: v.number() })),
    actions: v.array(v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()), saves: v.number() })),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const s = await structure(ctx.platform, ctx.account.account_id, args);
    const inScope = (r: DeskAdsReportRow) =>
      (!args.campaign_id || r.campaign_id === args.campaign_id) && (!args.ad_group_id || r.ad_group_id === args.ad_group_id);
    const [campaignFigures, terms, keywordRows, groupRows, deviceRows] = await Promise.all([
      deskAdsCampaignFigures(ctx.platform, ctx.account, window.start, window.end),
      searchRows(ctx.platform, window, args),
      ctx.platform.getReport({ report_type: 'KeywordPerformance', aggregation: 'Summary', start_date: window.start, end_date: window.end }),
      ctx.platform.getReport({ report_type: 'AdGroupPerformance', aggregation: 'Summary', start_date: window.start, end_date: window.end }),
      ctx.platform.getReport({
        report_type: 'AdGroupPerformance',
        aggregation: 'Summary',
        start_date: window.start,
        end_date: window.end,
        segment: 'DeviceType',
      }),
    ]);
    // One rule for every list (core/waste.ts): the sentences below state this very rule.
    const rule: WasteRule = { kind: 'no_results', min_spend: args.min_spend, results: 'conversions' };
    const wasting = <T extends DeskAdsReportRow>(rows: T[]) =>
      rows.filter((r) => inScope(r) && meetsWasteRule(rule, r)).sort((a, b) => b.spend - a.spend);
    const termWaste = wasting(terms)
      .map((r) => describeTerm(r, s))
      .filter((t) => !t.is_negative);
    const keywordWaste = wasting(keywordRows).flatMap((r) => {
      const k = s.keywords.find((x) => x.id === r.keyword_id);
      if (!k || k.status !== 'Active') return [];
      const bid = k.bid ?? s.groups.find((g) => g.id === k.ad_group_id)?.cpc_bid ?? 0;
      return [
        {
          id: k.id,
          name: k.text,
          match_type: k.match_type,
          spend: r.spend,
          clicks: r.clicks,
          bid,
          suggested_bid: clampDeskAdsBid(bid * 0.7, ctx.account.currency),
        },
      ];
    });
    const groupWaste = wasting(groupRows).map((r) => ({
      id: r.ad_group_id!,
      name: s.groups.find((g) => g.id === r.ad_group_id)?.name ?? '',
      spend: r.spend,
      clicks: r.clicks,
    }));
    const devices = [...new Set(deviceRows.filter(inScope).map((r) => r.device_type!))]
      .map((device) => {
        const rows = deviceRows.filter((r) => inScope(r) && r.device_type === device);
        const t = totals(rows);
        return { device, spend: t.spend, clicks: t.clicks, conversions: t.conversions };
      })
      .filter((d) => meetsWasteRule(rule, d))
      .map(({ device, spend, clicks }) => ({ device, spend, clicks }));
    // The spend waste is measured against: the account's (or the campaign's) as list_deskads_campaigns shows it
    // (the one source of figures), or the ad group's; keyword_spend is the part of it on search keywords
    // (campaigns without keywords, such as shopping, have no search terms to block).
    const cents = (n: number) => Math.round(n * 100);
    const total = args.ad_group_id
      ? totals(groupRows.filter(inScope)).spend
      : campaignFigures.filter((c) => !args.campaign_id || c.id === args.campaign_id).reduce((t, c) => t + cents(c.figures.spend), 0) / 100;
    const keywordSpend = totals(keywordRows.filter(inScope)).spend;
    const currency = ctx.account.currency;
    const fmt = (n: number) => money(n, currency);
    const noConversion = (r: { spend: number }) => ({ spend: r.spend, conversions: 0 });
    const termFinding = wasteSentence(
      rule,
      'search terms not blocked yet',
      termWaste.map((t) => t.metrics),
      fmt,
    );
    const findings = [
      termFinding,
      wasteSentence(rule, 'active keywords', keywordWaste.map(noConversion), fmt),
      wasteSentence(rule, 'ad groups', groupWaste.map(noConversion), fmt),
      wasteSentence(rule, 'devices', devices.map(noConversion), fmt),
    ];
    const wasted = termFinding.wasted;
    // One negative-keyword call per campaign (phrase negatives at campaign level), one bid-cut call for the keywords.
    // A proposed negative never blocks a live keyword of its campaign (it would stop the keyword's own searches).
    const blocksLiveKeyword = (t: (typeof termWaste)[number]) =>
      s.keywords.some(
        (k) =>
          k.campaign_id === t.campaign_id && k.status === 'Active' && negativeBlocks({ text: t.search_term, match_type: 'Exact' }, k.text),
      );
    const keptLive = termWaste.filter(blocksLiveKeyword);
    const byCampaign = new Map<string, typeof termWaste>();
    for (const t of termWaste.filter((t) => !blocksLiveKeyword(t)))
      byCampaign.set(t.campaign_id, [...(byCampaign.get(t.campaign_id) ?? []), t]);
    const actions = [
      ...[...byCampaign].map(([campaignId, list]) => ({
        tool: 'add_deskads_negative_keywords',
        arguments: {
          campaign_id: campaignId,
          negatives: [...new Set(list.map((t) => t.search_term))].map((text) => ({ text, match_type: 'Exact' })),
        },
        saves: Math.round(list.reduce((t, x) => t + x.metrics.spend, 0) * 100) / 100,
      })),
      ...(keywordWaste.length
        ? [
            {
              tool: 'update_deskads_keywords',
              arguments: { updates: keywordWaste.map((k) => ({ keyword_id: k.id, bid: k.suggested_bid })) },
              saves: Math.round(keywordWaste.reduce((t, k) => t + k.spend * 0.3, 0) * 100) / 100,
            },
          ]
        : []),
    ];
    const text = [
      `## Wasted spend, ${window.start} to ${window.end}`,
      '',
      ...findings.map((f) => `- ${f.text}`),
      '',
      `The search terms' ${money(wasted, currency)} is the waste, of the ${args.ad_group_id ? 'ad group' : args.campaign_id ? 'campaign' : 'account'}'s ${money(total, currency)} spend (${money(keywordSpend, currency)} of it on search keywords); keywords, ad groups and devices hold the same spend seen another way.`,
      '',
      '### Search terms to block',
      termWaste.length
        ? markdownTable(
            ['Search term', 'Keyword', 'Ad group', 'Spend', 'Clicks'],
            termWaste.map((t) => [t.search_term, t.keyword, t.ad_group, money(t.metrics.spend, currency), t.metrics.clicks]),
          )
        : 'None above the threshold.',
      '',
      '### Keywords without a conversion',
      keywordWaste.length
        ? markdownTable(
            ['Keyword', 'Match', 'Spend', 'Clicks', 'Bid', 'Suggested bid'],
            keywordWaste.map((k) => [
              k.name,
              k.match_type,
              money(k.spend, currency),
              k.clicks,
              money(k.bid, currency),
              money(k.suggested_bid, currency),
            ]),
          )
        : 'None above the threshold.',
      '',
      '### Ad groups and devices without a conversion',
      groupWaste.length || devices.length
        ? markdownTable(
            ['Where', 'Spend', 'Clicks'],
            [
              ...groupWaste.map((g) => [`ad group "${g.name}"`, money(g.spend, currency), g.clicks]),
              ...devices.map((d) => [`device ${d.device}`, money(d.spend, currency), d.clicks]),
            ],
          )
        : 'None above the threshold.',
      '',
      '### What to do',
      actions.length
        ? actions
            .map(
              (a) =>
                `- ${a.tool}: ${a.tool === 'add_deskads_negative_keywords' ? `block ${(a.arguments as { negatives: unknown[] }).negatives.length} search term(s)` : `cut ${keywordWaste.length} bid(s) by 30 % (or pause those keywords with status Paused)`}, saving about ${money(a.saves, currency)} over a period like this one.`,
            )
            .join('\n')
        : 'Nothing to do: no spend without conversions above the threshold.',
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
        })),
        keywords: keywordWaste,
        ad_groups: groupWaste,
        devices,
        actions,
      },
    };
  },
});
