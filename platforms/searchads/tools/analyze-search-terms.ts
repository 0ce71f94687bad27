import * as v from 'valibot';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { adGroupIdArg, campaignIdArg, dateRangeArgs, dateRangeRule, metricsOutput } from './common';
import { reportWindow } from '../../../core/report-window';
import { negativeWouldBlockKeyword, searchTermLines } from './search-terms';

const lineOutput = v.object({
  search_term: v.string(),
  keyword_id: v.string(),
  keyword: v.string(),
  match_type: v.string(),
  campaign_id: v.string(),
  ad_group_id: v.string(),
  status: v.picklist(['ADDED', 'EXCLUDED', 'NONE']),
  metrics: metricsOutput,
});

export const analyzeSearchTerms = defineSearchAdsTool({
  name: 'analyze_search_terms',
  description:
    'Reports the actual searches that triggered the ads, with the keyword that matched each, over a date range. mode "opportunities" (default) proposes negatives (searches with clicks and no conversions) and new keywords (converting searches that are not keywords yet); mode "report" is the raw report, paginated. Each term shows ADDED (already a keyword), EXCLUDED (a negative blocks it now) or NONE.',
  access: 'read',
  args: {
    campaign_id: v.optional(campaignIdArg('Only this campaign')),
    ad_group_id: v.optional(adGroupIdArg('Only this ad group')),
    ...dateRangeArgs(),
    mode: v.optional(
      v.pipe(
        v.picklist(['opportunities', 'report']),
        v.description('opportunities (default): negatives and keywords to add; report: every term, paginated'),
      ),
      'opportunities',
    ),
    min_clicks: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(1000),
        v.description('Clicks a search needs before it is judged (default 5)'),
      ),
      5,
    ),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.description('Report mode: page number, default 1')), 1),
    page_size: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Report mode: rows per page, 1-500, default 100')),
      100,
    ),
  },
  rules: [dateRangeRule],
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    mode: v.string(),
    total_terms: v.number(),
    terms: v.array(lineOutput),
    negative_candidates: v.array(lineOutput),
    keyword_candidates: v.array(lineOutput),
    page: v.number(),
    has_more: v.boolean(),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    if (args.ad_group_id) await ctx.platform.getAdGroup(args.ad_group_id);
    const keywords = await ctx.platform.listKeywords(args.campaign_id);
    const lines = (await searchTermLines(ctx.platform, start, end, args)).sort(
      (a, b) => b.metrics.spend - a.metrics.spend || a.search_term.localeCompare(b.search_term),
    );
    const currency = ctx.account.currency;
    const open = lines.filter((l) => l.status === 'NONE');
    // A proposed negative never blocks a live keyword of its campaign (a term that is a keyword of another ad group).
    const negative_candidates = open.filter(
      (l) => l.metrics.clicks >= args.min_clicks && l.metrics.conversions === 0 && !negativeWouldBlockKeyword(l, keywords),
    );
    const keyword_candidates = open.filter((l) => l.metrics.conversions >= 2).sort((a, b) => b.metrics.conversions - a.metrics.conversions);
    const structured = {
      customer_id: ctx.account.account_id,
      start_date: start,
      end_date: end,
      mode: args.mode,
      total_terms: lines.length,
    };
    const table = (rows: typeof lines) =>
      markdownTable(
        ['Search term', 'Keyword', 'Status', 'Spend', 'Clicks', 'CTR', 'Conv.', 'CPA'],
        rows.map((l) => [
          l.search_term,
          `${l.keyword} (${l.match_type})`,
          l.status,
          money(l.metrics.spend, currency),
          count(l.metrics.clicks),
          percent(l.metrics.ctr),
          l.metrics.conversions,
          money(l.metrics.cpa, currency),
        ]),
      );
    if (args.mode === 'report') {
      const from = (args.page - 1) * args.page_size;
      const page = lines.slice(from, from + args.page_size);
      const has_more = from + args.page_size < lines.length;
      return {
        text: [
          `## Search terms, ${start} to ${end} (page ${args.page})`,
          '',
          `${lines.length} search term(s); rows ${page.length ? from + 1 : 0}-${from + page.length}.`,
          '',
          page.length ? table(page) : 'No search terms on this page.',
          '',
          has_more ? `Next page: analyze_search_terms with page ${args.page + 1}.` : 'Last page.',
        ].join('\n'),
        structured: { ...structured, terms: page, negative_candidates: [], keyword_candidates: [], page: args.page, has_more },
      };
    }
    const wasted = negative_candidates.reduce((s, l) => s + l.metrics.spend, 0);
    const text = [
      `## Search terms, ${start} to ${end}`,
      '',
      `${lines.length} search term(s). ${negative_candidates.length} spent ${money(wasted, currency)} with ${args.min_clicks}+ clicks and no conversion; ${keyword_candidates.length} convert and are not keywords yet.`,
      '',
      '### Negative keyword candidates',
      negative_candidates.length
        ? table(negative_candidates.slice(0, 50))
        : 'None: every search with enough clicks converted or is already excluded.',
      '',
      '### New keyword candidates',
      keyword_candidates.length ? table(keyword_candidates.slice(0, 50)) : 'None.',
      '',
      'Block the candidates with add_negative_keywords (campaign_id and the terms, EXACT or PHRASE); add converting terms with add_keywords (EXACT) to the ad group that matched them.',
    ].join('\n');
    return {
      text,
      structured: {
        ...structured,
        terms: lines.slice(0, 200),
        negative_candidates,
        keyword_candidates,
        page: 1,
        has_more: lines.length > 200,
      },
    };
  },
});
