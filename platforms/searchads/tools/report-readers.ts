import * as v from 'valibot';
import type { ToolDefinition } from '../../../core/tool';
import { totals } from '../../../core/metrics';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsPort, SearchAdsReportLevel, SearchAdsReportRow } from '../port';
import { adGroupIdArg, campaignIdArg, dateRangeArgs, dateRangeRule, metricsOutput, totalsByKey } from './common';
import { reportWindow } from '../../../core/report-window';

/**
 * Performance reports of one level (campaigns, ad groups, keywords, ads) built once: the same date
 * window, filters, sorting and figures for each; a level only says which report rows it reads and
 * how to name and describe each entity. The figures are the platform's report rows added up, so
 * each level sums to its parent for the same dates, as in the platform's own reports.
 */

export interface Described {
  id: string;
  name: string;
  status: string;
  campaign_id: string;
  campaign_name: string;
  ad_group_id?: string;
  ad_group_name?: string;
  /** Level-specific columns (match type, quality score, ad type, headline...). */
  details: Record<string, string | number>;
}

interface ReportLevelRow {
  name: string;
  description: string;
  level: SearchAdsReportLevel;
  /** The entity id of a report row at this level. */
  keyOf(row: SearchAdsReportRow): string | undefined;
  /** Every entity of the level (optionally of one campaign). */
  entities(port: SearchAdsPort, campaignId?: string): Promise<Described[]>;
  /** The heading word (plural). */
  plural: string;
  /** Level-specific columns shown in the table, by `details` key. */
  columns: string[];
  next: string;
}

async function names(port: SearchAdsPort, campaignId?: string) {
  const [campaigns, groups] = await Promise.all([port.listCampaigns(), port.listAdGroups(campaignId)]);
  return { campaign: new Map(campaigns.map((c) => [c.id, c])), group: new Map(groups.map((g) => [g.id, g])) };
}

const SORTS = ['spend', 'clicks', 'impressions', 'conversions', 'cpa', 'roas', 'ctr'] as const;

const rowOutput = v.object({
  id: v.string(),
  name: v.string(),
  status: v.string(),
  campaign_id: v.string(),
  campaign_name: v.string(),
  ad_group_id: v.optional(v.string()),
  ad_group_name: v.optional(v.string()),
  details: v.record(v.string(), v.union([v.string(), v.number()])),
  metrics: metricsOutput,
});

export function reportTool(row: ReportLevelRow): ToolDefinition {
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    access: 'read',
    args: {
      campaign_id: v.optional(campaignIdArg('Only this campaign (from list_campaigns)')),
      ad_group_id: v.optional(adGroupIdArg('Only this ad group')),
      ...dateRangeArgs(),
      include_paused: v.optional(
        v.pipe(v.boolean(), v.description('Include paused and removed entities without delivery in the range (default true)')),
        true,
      ),
      sort_by: v.optional(
        v.pipe(v.picklist(SORTS), v.description(`Sort by ${SORTS.join(', ')} (highest first; cpa lowest first); default spend`)),
        'spend',
      ),
      limit: v.optional(
        v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000), v.description('Rows to show, 1-1000, default 50')),
        50,
      ),
    },
    rules: [dateRangeRule],
    output: v.object({
      customer_id: v.string(),
      level: v.string(),
      start_date: v.string(),
      end_date: v.string(),
      total_rows: v.number(),
      rows: v.array(rowOutput),
      totals: metricsOutput,
    }),
    async run(args, ctx) {
      const { start, end } = reportWindow(ctx, args);
      if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
      if (args.ad_group_id) await ctx.platform.getAdGroup(args.ad_group_id);
      const [entities, report] = await Promise.all([
        row.entities(ctx.platform, args.campaign_id),
        ctx.platform.getReport(row.level, start, end),
      ]);
      const inScope = (r: { campaign_id?: string; ad_group_id?: string }) =>
        (!args.campaign_id || r.campaign_id === args.campaign_id) && (!args.ad_group_id || r.ad_group_id === args.ad_group_id);
      const scoped = report.filter(inScope);
      const figures = totalsByKey(scoped, row.keyOf);
      const delivered = new Set(scoped.map(row.keyOf));
      const all = entities
        .filter(inScope)
        .filter((e) => delivered.has(e.id) || (args.include_paused ? e.status !== 'REMOVED' : e.status === 'ENABLED'))
        .map((e) => ({ ...e, metrics: figures(e.id) }));
      const key = args.sort_by;
      const value = (m: ReturnType<typeof figures>) => m[key] ?? (key === 'cpa' ? Infinity : -Infinity);
      all.sort(
        (a, b) =>
          (key === 'cpa' ? value(a.metrics) - value(b.metrics) : value(b.metrics) - value(a.metrics)) || a.name.localeCompare(b.name),
      );
      const shown = all.slice(0, args.limit);
      const sum = totals(scoped);
      const currency = ctx.account.currency;
      const text = [
        `## ${row.plural[0]!.toUpperCase()}${row.plural.slice(1)}, ${start} to ${end}`,
        '',
        `${all.length} ${row.plural}${all.length > shown.length ? ` (top ${shown.length} by ${key})` : ''}: ${money(sum.spend, currency)} spend, ${count(sum.clicks)} clicks, ${sum.conversions} conversions${sum.cpa !== null ? `, CPA ${money(sum.cpa, currency)}` : ''}.`,
        '',
        shown.length
          ? markdownTable(
              [row.plural.replace(/s$/, ''), 'Id', ...row.columns, 'Status', 'Campaign', 'Spend', 'Clicks', 'CTR', 'Conv.', 'CPA', 'ROAS'],
              shown.map((r) => [
                r.name,
                r.id,
                ...row.columns.map((c) => r.details[c] ?? ''),
                r.status,
                r.campaign_name,
                money(r.metrics.spend, currency),
                count(r.metrics.clicks),
                percent(r.metrics.ctr),
                r.metrics.conversions,
                money(r.metrics.cpa, currency),
                r.metrics.roas ?? '—',
              ]),
            )
          : `No ${row.plural} match.`,
        '',
        row.next,
      ].join('\n');
      return {
        text,
        structured: {
          customer_id: ctx.account.account_id,
          level: row.level,
          start_date: start,
          end_date: end,
          total_rows: all.length,
          rows: shown,
          totals: sum,
        },
      };
    },
  });
}

export const REPORT_TOOLS: ReportLevelRow[] = [
  {
    name: 'get_campaign_performance',
    level: 'campaign',
    plural: 'campaigns',
    columns: ['type', 'daily_budget', 'bidding'],
    description:
      'Campaign metrics (spend, clicks, CTR, conversions, CPA, ROAS) over a date range, with type, daily budget and bidding strategy; the same figures as list_campaigns for the same dates.',
    keyOf: (r) => r.campaign_id,
    async entities(port, campaignId) {
      const campaigns = await port.listCampaigns();
      return campaigns
        .filter((c) => !campaignId || c.id === campaignId)
        .map((c) => ({
          id: c.id,
          name: c.name,
          status: c.status,
          campaign_id: c.id,
          campaign_name: c.name,
          details: { type: c.type, daily_budget: c.budget_amount, bidding: c.bidding_strategy ?? '' },
        }));
    },
    next: 'update_campaign_budget changes a daily budget, pause_campaign stops a campaign.',
  },
  {
    name: 'get_ad_group_performance',
    level: 'ad_group',
    plural: 'ad groups',
    columns: ['cpc_bid'],
    description: 'Ad group metrics over a date range with default CPC bid; ad groups add up to their campaign for the same dates.',
    keyOf: (r) => r.ad_group_id,
    async entities(port, campaignId) {
      const { campaign } = await names(port, campaignId);
      return (await port.listAdGroups(campaignId)).map((g) => ({
        id: g.id,
        name: g.name,
        status: g.status,
        campaign_id: g.campaign_id,
        campaign_name: campaign.get(g.campaign_id)?.name ?? '',
        ad_group_id: g.id,
        ad_group_name: g.name,
        details: { cpc_bid: g.cpc_bid },
      }));
    },
    next: 'pause_ad_group stops an ad group, resume_ad_group restarts it.',
  },
  {
    name: 'get_keyword_performance',
    level: 'keyword',
    plural: 'keywords',
    columns: ['match_type', 'cpc_bid', 'quality_score'],
    description:
      'Keyword metrics over a date range with match type, own CPC bid and quality score; keywords add up to their ad group. The keyword ids work with update_keyword, pause_keywords and remove_keywords.',
    keyOf: (r) => r.keyword_id,
    async entities(port, campaignId) {
      const [{ campaign, group }, keywords] = await Promise.all([names(port, campaignId), port.listKeywords(campaignId)]);
      return keywords.map((k) => ({
        id: k.id,
        name: k.text,
        status: k.status,
        campaign_id: k.campaign_id,
        campaign_name: campaign.get(k.campaign_id)?.name ?? '',
        ad_group_id: k.ad_group_id,
        ad_group_name: group.get(k.ad_group_id)?.name ?? '',
        details: {
          match_type: k.match_type,
          cpc_bid: k.cpc_bid ?? group.get(k.ad_group_id)?.cpc_bid ?? '',
          quality_score: k.quality_score ?? '',
        },
      }));
    },
    next: 'update_keyword changes a bid, pause_keywords stops keywords that spend without converting, analyze_search_terms shows the searches behind them.',
  },
  {
    name: 'get_ad_performance',
    level: 'ad',
    plural: 'ads',
    columns: ['type', 'headline'],
    description:
      'Per-ad metrics across Search, Display and video ad groups over a date range with ad type and first headline; ads add up to their ad group. The ad ids work with pause_ad, update_ad_content and get_ad_creative.',
    keyOf: (r) => r.ad_id,
    async entities(port, campaignId) {
      const [{ campaign, group }, ads] = await Promise.all([names(port, campaignId), port.listAds(campaignId)]);
      return ads.map((a) => ({
        id: a.id,
        name: a.headlines[0] ?? a.type,
        status: a.status,
        campaign_id: a.campaign_id,
        campaign_name: campaign.get(a.campaign_id)?.name ?? '',
        ad_group_id: a.ad_group_id,
        ad_group_name: group.get(a.ad_group_id)?.name ?? '',
        details: { type: a.type, headline: a.headlines[0] ?? '' },
      }));
    },
    next: 'pause_ad stops a weak ad, update_ad_headlines rewrites its headlines, get_ad_creative shows every part.',
  },
];
