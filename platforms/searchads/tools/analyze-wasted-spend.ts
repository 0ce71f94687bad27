import * as v from 'valibot';
import { totals } from '../../../core/metrics';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, dateRangeArgs, dateRangeRule, totalsByKey } from './common';
import { reportWindow } from '../../../core/report-window';
import { negativeWouldBlockKeyword, searchTermLines } from './search-terms';
import { meetsWasteRule, sumToCent, wasteSentence, type WasteRule } from '../../../core/waste';

export const analyzeWastedSpend = defineSearchAdsTool({
  name: 'analyze_wasted_spend',
  description:
    'Finds spend without conversions over a date range: campaigns and keywords that spent at least min_spend (default: the account CPA over the range, at least 10) and searches not yet added or excluded that spent at least half of it, each with no conversion. States each threshold with the rows that meet it, the share of spend wasted (counted once), and the calls that stop it (structured.actions: pause_keywords, add_negative_keywords, never a negative that blocks a live keyword). Video campaigns are judged on views, not here.',
  access: 'read',
  args: {
    campaign_id: v.optional(campaignIdArg('Only this campaign')),
    ...dateRangeArgs(),
    min_spend: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.maxValue(1_000_000),
        v.description(
          'Spend (account currency) an entity must reach with no conversion to count as waste; default the account CPA (at least 10)',
        ),
      ),
    ),
  },
  rules: [dateRangeRule],
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    threshold: v.number(),
    total_spend: v.number(),
    wasted_spend: v.number(),
    wasted_share: v.nullable(v.number()),
    campaigns: v.array(v.object({ id: v.string(), name: v.string(), spend: v.number(), clicks: v.number() })),
    keywords: v.array(
      v.object({
        id: v.string(),
        text: v.string(),
        match_type: v.string(),
        campaign_id: v.string(),
        ad_group_id: v.string(),
        spend: v.number(),
        clicks: v.number(),
      }),
    ),
    search_terms: v.array(
      v.object({
        search_term: v.string(),
        campaign_id: v.string(),
        keyword: v.string(),
        spend: v.number(),
        clicks: v.number(),
        /** True when an exact negative on the search would block a live keyword of its campaign: not proposed as a negative. */
        blocks_live_keyword: v.boolean(),
      }),
    ),
    actions: v.array(v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const scope = args.campaign_id ? (await ctx.platform.getCampaign(args.campaign_id)).id : undefined;
    const [campaigns, keywords, campaignRows, keywordRows, terms] = await Promise.all([
      ctx.platform.listCampaigns(),
      ctx.platform.listKeywords(scope),
      ctx.platform.getReport('campaign', start, end),
      ctx.platform.getReport('keyword', start, end),
      searchTermLines(ctx.platform, start, end, { campaign_id: scope }),
    ]);
    const judged = campaigns.filter((c) => c.type !== 'VIDEO' && (!scope || c.id === scope));
    const judgedIds = new Set(judged.map((c) => c.id));
    const rows = campaignRows.filter((r) => judgedIds.has(r.campaign_id!));
    const all = totals(rows);
    const threshold = args.min_spend ?? Math.max(10, all.cpa ?? 10);
    const byCampaign = totalsByKey(rows, (r) => r.campaign_id);
    const byKeyword = totalsByKey(
      keywordRows.filter((r) => judgedIds.has(r.campaign_id!)),
      (r) => r.keyword_id,
    );
    // One rule for campaigns and keywords, half its spend for searches (core/waste.ts): the sentences state these very rules.
    const rule: WasteRule = { kind: 'no_results', min_spend: threshold, results: 'conversions' };
    const termRule: WasteRule = { kind: 'no_results', min_spend: threshold / 2, results: 'conversions' };
    const wastedCampaigns = judged
      .map((c) => ({ c, m: byCampaign(c.id) }))
      .filter(({ m }) => meetsWasteRule(rule, m))
      .map(({ c, m }) => ({ id: c.id, name: c.name, spend: m.spend, clicks: m.clicks }))
      .sort((a, b) => b.spend - a.spend);
    const wastedKeywords = keywords
      .map((k) => ({ k, m: byKeyword(k.id) }))
      .filter(({ k, m }) => judgedIds.has(k.campaign_id) && meetsWasteRule(rule, m))
      .map(({ k, m }) => ({
        id: k.id,
        text: k.text,
        match_type: k.match_type,
        campaign_id: k.campaign_id,
        ad_group_id: k.ad_group_id,
        spend: m.spend,
        clicks: m.clicks,
      }))
      .sort((a, b) => b.spend - a.spend);
    // Every search not yet added or excluded that meets its rule is listed; one whose negative would block a live
    // keyword of its campaign is marked and never proposed as a negative.
    const termLines = terms
      .filter((t) => judgedIds.has(t.campaign_id) && t.status === 'NONE' && meetsWasteRule(termRule, t.metrics))
      .sort((a, b) => b.metrics.spend - a.metrics.spend);
    const wastedTerms = termLines.map((t) => ({
      search_term: t.search_term,
      campaign_id: t.campaign_id,
      keyword: t.keyword,
      spend: t.metrics.spend,
      clicks: t.metrics.clicks,
      blocks_live_keyword: negativeWouldBlockKeyword(t, keywords),
    }));
    // Waste is counted once: keywords that converted nothing, plus non-converting searches of keywords that did convert.
    const wastedKeywordIds = new Set(wastedKeywords.map((k) => k.id));
    const wasted = sumToCent([
      ...wastedKeywords.map((k) => k.spend),
      ...termLines.filter((t) => !wastedKeywordIds.has(t.keyword_id)).map((t) => t.metrics.spend),
    ]);
    const currency = ctx.account.currency;
    const fmt = (n: number) => money(n, currency);
    const findings = [
      wasteSentence(
        rule,
        'campaigns',
        wastedCampaigns.map((c) => byCampaign(c.id)),
        fmt,
      ),
      wasteSentence(
        rule,
        'keywords',
        wastedKeywords.map((k) => byKeyword(k.id)),
        fmt,
      ),
      wasteSentence(
        termRule,
        'searches not yet added or excluded',
        termLines.map((t) => t.metrics),
        fmt,
      ),
    ];
    // The calls that stop it, as given: pause the live keywords, block the searches (exact, campaign level, 200 per call).
    const live = new Set(keywords.filter((k) => k.status === 'ENABLED').map((k) => k.id));
    const toPause = wastedKeywords.filter((k) => live.has(k.id)).slice(0, 100);
    const negativesByCampaign = new Map<string, string[]>();
    for (const t of wastedTerms.filter((t) => !t.blocks_live_keyword)) {
      const list = negativesByCampaign.get(t.campaign_id) ?? [];
      if (!list.includes(t.search_term.toLowerCase())) list.push(t.search_term.toLowerCase());
      negativesByCampaign.set(t.campaign_id, list);
    }
    const actions = [
      ...(toPause.length ? [{ tool: 'pause_keywords', arguments: { keyword_ids: toPause.map((k) => k.id) } }] : []),
      ...[...negativesByCampaign].map(([campaignId, texts]) => ({
        tool: 'add_negative_keywords',
        arguments: { campaign_id: campaignId, keywords: texts.slice(0, 200).map((text) => ({ text, match_type: 'EXACT' })) },
      })),
    ];
    const keptLive = wastedTerms.filter((t) => t.blocks_live_keyword);
    const share = all.spend > 0 ? Math.round((wasted / all.spend) * 10000) / 10000 : null;
    const text = [
      `## Wasted spend, ${start} to ${end}`,
      '',
      ...findings.map((f) => `- ${f.text}`),
      '',
      `Counted once (the keywords above, plus the searches of keywords that did convert): ${money(wasted, currency)} of ${money(all.spend, currency)} spend (${percent(share)}).`,
      '',
      '### Campaigns without conversions',
      wastedCampaigns.length
        ? markdownTable(
            ['Campaign', 'Id', 'Spend', 'Clicks'],
            wastedCampaigns.map((c) => [c.name, c.id, money(c.spend, currency), count(c.clicks)]),
          )
        : 'None.',
      '',
      '### Keywords without conversions',
      wastedKeywords.length
        ? markdownTable(
            ['Keyword', 'Match', 'Id', 'Spend', 'Clicks'],
            wastedKeywords.map((k) => [k.text, k.match_type, k.id, money(k.spend, currency), count(k.clicks)]),
          )
        : 'None.',
      '',
      '### Searches without conversions',
      wastedTerms.length
        ? markdownTable(
            ['Search term', 'Keyword', 'Spend', 'Clicks'],
            wastedTerms.slice(0, 30).map((t) => [t.search_term, t.keyword, money(t.spend, currency), count(t.clicks)]),
          )
        : 'None.',
      '',
      ...(keptLive.length
        ? [
            `Not proposed as negatives (each is a live keyword of its campaign, which a negative would block; pause the keyword or lower its bid instead): ${[...new Set(keptLive.map((t) => `"${t.search_term}"`))].join(', ')}.`,
            '',
          ]
        : []),
      actions.length
        ? `Next: ${actions.map((a) => (a.tool === 'pause_keywords' ? `pause_keywords (${toPause.length} live keywords)` : `add_negative_keywords for campaign ${(a.arguments as { campaign_id?: string }).campaign_id}`)).join('; ')}: structured.actions holds each call as given (try dry_run first); analyze_search_terms shows every search.`
        : 'Nothing to cut at this threshold.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        threshold,
        total_spend: all.spend,
        wasted_spend: wasted,
        wasted_share: share,
        campaigns: wastedCampaigns,
        keywords: wastedKeywords,
        search_terms: wastedTerms,
        actions,
      },
    };
  },
});
