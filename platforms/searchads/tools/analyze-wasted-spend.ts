import * as v from 'valibot';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { FAR_ABOVE_ACCOUNT } from '../../../core/advice';
import { addDays, lastReportDay, reportingZone } from '../../../core/dates';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, dateRangeArgs, dateRangeRule } from './common';
import { reportWindow } from '../../../core/report-window';
import { stoppedByPauseLines } from '../../../core/waste';
import { findSearchAdsWaste, searchAdsWasteRows, type SearchAdsWaste } from './waste';

export const analyzeWastedSpend = defineSearchAdsTool({
  name: 'analyze_wasted_spend',
  description: `Finds wasted spend over a date range: campaigns and keywords that spent at least min_spend (default: the account CPA over the range, at least 10) with no conversion, or at a cost per conversion over ${FAR_ABOVE_ACCOUNT}× the account CPA over the range (the waste: spend beyond what their conversions are worth at the account CPA), and searches not yet added or excluded that spent at least half of it with no conversion. States each threshold with the rows that meet it, the share of spend wasted (counted once), and the calls that stop it: each running row's own (action: update_campaign status PAUSED for a campaign, pause_keywords for a keyword of a campaign not listed) and structured.actions (those, plus exact add_negative_keywords, never one that blocks a live keyword nor one in a campaign it pauses: a search there carries the campaign's pause as its action). The watch and suggest_next_action propose the same rows with the same amounts. Video campaigns are judged on views, not here.`,
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
          'Spend (account currency) an entity must reach to count as waste, with no conversion or at a cost per conversion far above the account CPA; default the account CPA (at least 10)',
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
    account_cpa: v.nullable(v.number()),
    total_spend: v.number(),
    wasted_spend: v.number(),
    wasted_share: v.nullable(v.number()),
    ...searchAdsWasteRows,
    actions: v.array(v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const currency = ctx.account.currency;
    const today = addDays(lastReportDay(ctx.now, reportingZone(ctx.account)), 1);
    const w = await findSearchAdsWaste(ctx.platform, currency, {
      start,
      end,
      today,
      min_spend: args.min_spend,
      campaign_id: args.campaign_id,
    });
    const fmt = (n: number) => money(n, currency);
    const listedCampaigns = new Set([...w.campaigns, ...w.high_cost_campaigns].map((c) => c.id));
    const inListed = w.search_terms.filter((t) => listedCampaigns.has(t.campaign_id));
    const pausedKeywords = new Set(w.findings.filter((f) => f.level === 'keyword').map((f) => f.id));
    const withKeyword = w.search_terms.filter((t) => !listedCampaigns.has(t.campaign_id) && pausedKeywords.has(t.keyword_id));
    const keptLive = w.search_terms.filter(
      (t) => t.blocks_live_keyword && !listedCampaigns.has(t.campaign_id) && !pausedKeywords.has(t.keyword_id),
    );
    const pauses = w.findings.filter((f) => f.level === 'campaign').length;
    const keywordPauses = w.findings.length - pauses;
    const campaignTable = (rows: SearchAdsWaste['campaigns']) =>
      markdownTable(
        ['Campaign', 'Id', 'Spend', 'Clicks'],
        rows.map((c) => [c.name, c.id, fmt(c.spend), count(c.clicks)]),
      );
    const costTable = (
      rows: { name: string; id: string; spend: number; conversions: number; cost_per_conversion: number; wasted_spend: number }[],
    ) =>
      markdownTable(
        ['Name', 'Id', 'Spend', 'Conversions', 'Cost / conv.', 'Waste'],
        rows.map((r) => [r.name, r.id, fmt(r.spend), count(r.conversions), fmt(r.cost_per_conversion), fmt(r.wasted_spend)]),
      );
    const text = [
      `## Wasted spend, ${start} to ${end}`,
      '',
      ...w.sentences.map((f) => `- ${f.text}`),
      '',
      `Counted once (a campaign above with its waste; in the others, the keywords above plus the searches of their other keywords): ${fmt(w.wasted_spend)} of ${fmt(w.total_spend)} spend (${percent(w.wasted_share)}).`,
      '',
      '### Campaigns without conversions',
      w.campaigns.length ? campaignTable(w.campaigns) : 'None.',
      '',
      ...(w.account_cpa !== null
        ? [
            `### Campaigns far above the account CPA (${fmt(w.account_cpa)})`,
            w.high_cost_campaigns.length ? costTable(w.high_cost_campaigns) : 'None.',
            '',
          ]
        : []),
      '### Keywords without conversions',
      w.keywords.length
        ? markdownTable(
            ['Keyword', 'Match', 'Id', 'Spend', 'Clicks'],
            w.keywords.map((k) => [k.text, k.match_type, k.id, fmt(k.spend), count(k.clicks)]),
          )
        : 'None.',
      '',
      ...(w.account_cpa !== null
        ? [
            `### Keywords far above the account CPA (${fmt(w.account_cpa)})`,
            w.high_cost_keywords.length
              ? costTable(w.high_cost_keywords.map((k) => ({ ...k, name: `${k.text} (${k.match_type})` })))
              : 'None.',
            '',
          ]
        : []),
      '### Searches without conversions',
      w.search_terms.length
        ? markdownTable(
            ['Search term', 'Keyword', 'Spend', 'Clicks'],
            w.search_terms.slice(0, 30).map((t) => [t.search_term, t.keyword, fmt(t.spend), count(t.clicks)]),
          )
        : 'None.',
      '',
      ...stoppedByPauseLines('campaign', inListed.length),
      ...stoppedByPauseLines('keyword', withKeyword.length),
      ...(keptLive.length
        ? [
            `Not proposed as negatives (each is a live keyword of its campaign, which a negative would block; pause the keyword or lower its bid instead): ${[...new Set(keptLive.map((t) => `"${t.search_term}"`))].join(', ')}.`,
            '',
          ]
        : []),
      w.actions.length
        ? `Next: ${[
            ...(pauses ? [`update_campaign status PAUSED (${count(pauses)} running campaigns)`] : []),
            ...(keywordPauses ? [`pause_keywords (${count(Math.min(keywordPauses, 100))} live keywords)`] : []),
            ...w.actions
              .filter((a) => a.tool === 'add_negative_keywords')
              .map((a) => `add_negative_keywords for campaign ${(a.arguments as { campaign_id?: string }).campaign_id}`),
          ].join(
            '; ',
          )}: structured.actions holds each call as given (try dry_run first), and each row its own (action); analyze_search_terms shows every search.`
        : 'Nothing to cut at this threshold.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        threshold: w.threshold,
        account_cpa: w.account_cpa,
        total_spend: w.total_spend,
        wasted_spend: w.wasted_spend,
        wasted_share: w.wasted_share,
        campaigns: w.campaigns,
        keywords: w.keywords,
        high_cost_campaigns: w.high_cost_campaigns,
        high_cost_keywords: w.high_cost_keywords,
        search_terms: w.search_terms,
        actions: w.actions,
      },
    };
  },
});
