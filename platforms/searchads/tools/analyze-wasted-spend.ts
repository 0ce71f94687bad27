import * as v from 'valibot';
import { totals } from '../../../core/metrics';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, dateRangeArgs, dateRangeRule, totalsByKey } from './common';
import { reportWindow } from '../../../core/report-window';
import { negativeWouldBlockKeyword, searchTermLines } from './search-terms';

export const analyzeWastedSpend = defineSearchAdsTool({
  name: 'analyze_wasted_spend',
  description:
    'Finds spend without conversions over a date range: campaigns, keywords and search terms that spent at least min_spend (default: the account CPA over the range, at least 10) and converted nothing. Gives the share of spend wasted and the calls that stop it (pause_keywords, add_negative_keywords). Video campaigns are judged on views, not here.',
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
      v.object({ search_term: v.string(), campaign_id: v.string(), keyword: v.string(), spend: v.number(), clicks: v.number() }),
    ),
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
    const wastedCampaigns = judged
      .map((c) => ({ c, m: byCampaign(c.id) }))
      .filter(({ m }) => m.spend >= threshold && m.conversions === 0)
      .map(({ c, m }) => ({ id: c.id, name: c.name, spend: m.spend, clicks: m.clicks }));
    const wastedKeywords = keywords
      .map((k) => ({ k, m: byKeyword(k.id) }))
      .filter(({ k, m }) => judgedIds.has(k.campaign_id) && m.spend >= threshold && m.conversions === 0)
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
    // The searches to block: never one whose negative would block a live keyword of its campaign.
    const wastedTerms = terms
      .filter(
        (t) =>
          judgedIds.has(t.campaign_id) &&
          t.status === 'NONE' &&
          t.metrics.conversions === 0 &&
          t.metrics.spend >= threshold / 2 &&
          !negativeWouldBlockKeyword(t, keywords),
      )
      .map((t) => ({
        search_term: t.search_term,
        campaign_id: t.campaign_id,
        keyword: t.keyword,
        spend: t.metrics.spend,
        clicks: t.metrics.clicks,
      }))
      .sort((a, b) => b.spend - a.spend);
    // Waste is counted once: keywords that converted nothing, plus non-converting searches of keywords that did convert.
    const wastedKeywordIds = new Set(wastedKeywords.map((k) => k.id));
    const termWaste = terms.filter(
      (t) =>
        judgedIds.has(t.campaign_id) &&
        t.status === 'NONE' &&
        t.metrics.conversions === 0 &&
        t.metrics.spend >= threshold / 2 &&
        !wastedKeywordIds.has(t.keyword_id),
    );
    const wasted =
      Math.round((wastedKeywords.reduce((s, k) => s + k.spend, 0) + termWaste.reduce((s, t) => s + t.metrics.spend, 0)) * 100) / 100;
    const share = all.spend > 0 ? Math.round((wasted / all.spend) * 10000) / 10000 : null;
    const currency = ctx.account.currency;
    const text = [
      `## Wasted spend, ${start} to ${end}`,
      '',
      `${money(wasted, currency)} of ${money(all.spend, currency)} (${percent(share)}) went to keywords that spent ${money(threshold, currency)}+ and searches that spent ${money(threshold / 2, currency)}+ without a conversion.`,
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
      wastedKeywords.length || wastedTerms.length
        ? `Next: pause_keywords with keyword_ids [${wastedKeywords
            .slice(0, 10)
            .map((k) => `"${k.id}"`)
            .join(', ')}]; add_negative_keywords for the searches (campaign_id and the terms); analyze_search_terms shows every search.`
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
      },
    };
  },
});
