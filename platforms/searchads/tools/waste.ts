/**
 * The searchads wasted-spend rules (core/waste.ts), in one place: analyze_wasted_spend lists what it
 * finds and the watch and suggest_next_action (../manifest.ts findOpportunities) propose the same
 * findings, so both name the same campaigns and keywords with the same amounts, to the cent, over the
 * same window.
 *
 * Campaigns (video ones are judged on views, not here) and their keywords are judged over [start, end];
 * the first rule a row meets is the one it is listed under:
 * - no_results: at least min_spend (default: the account CPA over the range, at least 10) with no
 *   conversion (the waste is all of it);
 * - cost_above: at least min_spend at a cost per conversion over FAR_ABOVE_ACCOUNT (2) × the account's
 *   CPA over the range (every non-video campaign's figures of the same dates, whatever campaign is
 *   asked for; the waste is the spend beyond what the conversions are worth at the account CPA).
 * Searches not yet added or excluded that spent at least half of min_spend with no conversion are listed
 * too, and blocked with exact negatives (never one that blocks a live keyword of its campaign, nor one in
 * a listed campaign: its pause stops them, so such a search's action is that pause, or null).
 *
 * A row carries an action when the write stops something running today: a listed campaign that is
 * enabled and not ended is paused (update_campaign status PAUSED); a listed enabled keyword of an enabled
 * ad group is paused (pause_keywords) unless its campaign is not running or is listed (pausing the
 * campaign stops it). Those rows are the findings the watch proposes.
 */
import * as v from 'valibot';
import { totals, type MetricTotals } from '../../../core/metrics';
import { count, money } from '../../../core/markdown';
import { accountBaseline, FAR_ABOVE_ACCOUNT } from '../../../core/advice';
import { meetsWasteRule, sumToCent, wasteOf, wasteSentence, type WasteFinding, type WasteRule } from '../../../core/waste';
import type { SearchAdsCampaign, SearchAdsPort } from '../port';
import { totalsByKey } from './common';
import { negativeWouldBlockKeyword, searchTermLines, type SearchTermLine } from './search-terms';

export interface SearchAdsWasteOptions {
  start: string;
  end: string;
  /** The account's today: a campaign whose end date is before it has nothing left to pause. */
  today: string;
  /** Default: the account CPA over the range (at least 10). */
  min_spend?: number;
  campaign_id?: string;
}

const actionSchema = v.nullable(v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) }));
const judged = {
  spend: v.number(),
  clicks: v.number(),
  conversions: v.number(),
  /** All the spend without conversions; beyond what the conversions are worth at the account CPA otherwise. */
  wasted_spend: v.number(),
  /** The write that stops it, as given (for the account judged); null when nothing of it runs today. */
  action: actionSchema,
};
const campaignRow = v.object({ id: v.string(), name: v.string(), ...judged });
const keywordRow = v.object({
  id: v.string(),
  text: v.string(),
  match_type: v.string(),
  campaign_id: v.string(),
  ad_group_id: v.string(),
  ...judged,
});
const costPerConversion = { cost_per_conversion: v.number() };

/** The structured rows of analyze_wasted_spend. */
export const searchAdsWasteRows = {
  campaigns: v.array(campaignRow),
  keywords: v.array(keywordRow),
  high_cost_campaigns: v.array(v.object({ ...campaignRow.entries, ...costPerConversion })),
  high_cost_keywords: v.array(v.object({ ...keywordRow.entries, ...costPerConversion })),
  search_terms: v.array(
    v.object({
      search_term: v.string(),
      campaign_id: v.string(),
      /** The keyword the search matched. */
      keyword_id: v.string(),
      keyword: v.string(),
      spend: v.number(),
      clicks: v.number(),
      /** True when an exact negative on the search would block a live keyword of its campaign: not proposed as a negative. */
      blocks_live_keyword: v.boolean(),
      /**
       * Its exact negative on its campaign (add_negative_keywords); in a campaign listed above, that campaign's pause
       * (no negative: pausing the campaign stops it); of a keyword listed above with its pause, that pause; null when
       * none runs (a live keyword's search, a listed campaign that is not running).
       */
      action: actionSchema,
    }),
  ),
};

type CampaignRow = v.InferOutput<typeof campaignRow>;
type KeywordRow = v.InferOutput<typeof keywordRow>;
type Action = NonNullable<CampaignRow['action']>;

/** A row with an action: what the watch proposes. */
export interface SearchAdsWasteFinding {
  level: 'campaign' | 'keyword';
  id: string;
  /** The campaign's name, or the keyword's text and match type. */
  name: string;
  campaign_name: string;
  reason: string;
  wasted_spend: number;
  action: Action;
}

export interface SearchAdsWaste {
  threshold: number;
  /** The account's CPA over the range (null when it converted nothing: no cost rule then). */
  account_cpa: number | null;
  total_spend: number;
  /** Counted once: a listed campaign's waste, else its listed keywords' waste and its other keywords' searches. */
  wasted_spend: number;
  wasted_share: number | null;
  campaigns: CampaignRow[];
  keywords: KeywordRow[];
  high_cost_campaigns: (CampaignRow & { cost_per_conversion: number })[];
  high_cost_keywords: (KeywordRow & { cost_per_conversion: number })[];
  search_terms: v.InferOutput<typeof searchAdsWasteRows.search_terms>;
  /** The searches without conversions behind search_terms (the same order). */
  term_lines: SearchTermLine[];
  /** One statement per rule, with exactly its rows (core/waste.ts). */
  sentences: WasteFinding[];
  /** The rows with an action, the largest waste first. */
  findings: SearchAdsWasteFinding[];
  /** The calls that stop it, as given: campaign pauses, one pause_keywords, exact negatives per campaign. */
  actions: Action[];
  /** What it read for the whole account, for a caller that judges more over the same days (the watch's winners). */
  read: { campaigns: SearchAdsCampaign[]; campaignRows: Awaited<ReturnType<SearchAdsPort['getReport']>> };
}

const CAMPAIGNS = { one: 'campaign', many: 'campaigns' };
const KEYWORDS = { one: 'keyword', many: 'keywords' };

const exactNegative = (text: string) => ({ text: text.toLowerCase(), match_type: 'EXACT' });
const runningOn = (c: SearchAdsCampaign, today: string) => c.status === 'ENABLED' && (!c.end_date || c.end_date >= today);
const bySpend = <T extends { spend: number }>(rows: T[]) => rows.sort((a, b) => b.spend - a.spend);

/** The wasted spend of a searchads account over [start, end], by the rules above. */
export async function findSearchAdsWaste(port: SearchAdsPort, currency: string, o: SearchAdsWasteOptions): Promise<SearchAdsWaste> {
  const { start, end } = o;
  const scope = o.campaign_id ? (await port.getCampaign(o.campaign_id)).id : undefined;
  const [campaigns, keywords, adGroups, campaignRows, keywordRows, terms] = await Promise.all([
    port.listCampaigns(),
    port.listKeywords(scope),
    port.listAdGroups(scope),
    port.getReport('campaign', start, end),
    port.getReport('keyword', start, end),
    searchTermLines(port, start, end, { campaign_id: scope }),
  ]);
  const conversionCampaigns = new Set(campaigns.filter((c) => c.type !== 'VIDEO').map((c) => c.id));
  const judgedCampaigns = campaigns.filter((c) => conversionCampaigns.has(c.id) && (!scope || c.id === scope));
  const judgedIds = new Set(judgedCampaigns.map((c) => c.id));
  const rows = campaignRows.filter((r) => judgedIds.has(r.campaign_id!));
  const all = totals(rows);
  const threshold = o.min_spend ?? Math.max(10, all.cpa ?? 10);
  const account = accountBaseline(campaignRows.filter((r) => conversionCampaigns.has(r.campaign_id!)));
  const byCampaign = totalsByKey(rows, (r) => r.campaign_id);
  const byKeyword = totalsByKey(
    keywordRows.filter((r) => judgedIds.has(r.campaign_id!)),
    (r) => r.keyword_id,
  );
  const fmt = (n: number) => money(n, currency);
  // One pair of rules for campaigns and keywords, half the spend with no conversion for searches: the sentences state these very rules.
  const rule: WasteRule = { kind: 'no_results', min_spend: threshold, results: 'conversions' };
  const costRule: WasteRule | null = account.cpa
    ? {
        kind: 'cost_above',
        min_spend: threshold,
        multiple: FAR_ABOVE_ACCOUNT,
        baseline: account.cpa,
        baseline_label: "the account's CPA",
        result: 'conversion',
      }
    : null;
  const termRule: WasteRule = { kind: 'no_results', min_spend: threshold / 2, results: 'conversions' };
  const figuresOf = (m: MetricTotals, r: WasteRule) => ({
    spend: m.spend,
    clicks: m.clicks,
    conversions: m.conversions,
    wasted_spend: wasteOf(r, m),
    // The cost per conversion the platform's tools show (from the unrounded spend), not one of the rounded spend.
    ...(r.kind === 'cost_above' ? { cost_per_conversion: m.cpa ?? Math.round((m.spend / m.conversions) * 100) / 100 } : {}),
  });
  const campaignsMeeting = (r: WasteRule | null) =>
    bySpend(
      r
        ? judgedCampaigns
            .filter((c) => meetsWasteRule(r, byCampaign(c.id)))
            .map((c) => ({
              id: c.id,
              name: c.name,
              ...figuresOf(byCampaign(c.id), r),
              action: runningOn(c, o.today) ? { tool: 'update_campaign', arguments: { campaign_id: c.id, status: 'PAUSED' } } : null,
            }))
        : [],
    );
  const wastedCampaigns = campaignsMeeting(rule);
  const costlyCampaigns = campaignsMeeting(costRule) as SearchAdsWaste['high_cost_campaigns'];
  const listedCampaigns = new Set([...wastedCampaigns, ...costlyCampaigns].map((c) => c.id));
  const campaignOf = new Map(campaigns.map((c) => [c.id, c]));
  const liveGroups = new Set(adGroups.filter((g) => g.status === 'ENABLED').map((g) => g.id));
  // A keyword is paused when it runs and its campaign is not paused by a row above.
  const pausable = (k: (typeof keywords)[number]) =>
    k.status === 'ENABLED' &&
    liveGroups.has(k.ad_group_id) &&
    runningOn(campaignOf.get(k.campaign_id)!, o.today) &&
    !listedCampaigns.has(k.campaign_id);
  const keywordsMeeting = (r: WasteRule | null) =>
    bySpend(
      r
        ? keywords
            .filter((k) => judgedIds.has(k.campaign_id) && meetsWasteRule(r, byKeyword(k.id)))
            .map((k) => ({
              id: k.id,
              text: k.text,
              match_type: k.match_type,
              campaign_id: k.campaign_id,
              ad_group_id: k.ad_group_id,
              ...figuresOf(byKeyword(k.id), r),
              action: pausable(k) ? { tool: 'pause_keywords', arguments: { keyword_ids: [k.id] } } : null,
            }))
        : [],
    );
  const wastedKeywords = keywordsMeeting(rule);
  const costlyKeywords = keywordsMeeting(costRule) as SearchAdsWaste['high_cost_keywords'];
  const listedKeywords = new Set([...wastedKeywords, ...costlyKeywords].map((k) => k.id));
  // Every search not yet added or excluded that meets its rule is listed; one whose negative would block a live
  // keyword of its campaign is marked and never proposed as a negative.
  const termLines = bySpend(
    terms
      .filter((t) => judgedIds.has(t.campaign_id) && t.status === 'NONE' && meetsWasteRule(termRule, t.metrics))
      .map((t) => ({ ...t, spend: t.metrics.spend })),
  );
  // A listed campaign's searches need no negative: its pause (when it runs) stops them; a listed keyword's pause
  // likewise stops the searches it matched.
  const campaignPause = new Map([...wastedCampaigns, ...costlyCampaigns].map((c) => [c.id, c.action]));
  const keywordPause = new Map([...wastedKeywords, ...costlyKeywords].filter((k) => k.action).map((k) => [k.id, k.action!]));
  const wastedTerms = termLines.map((t) => {
    const blocks = negativeWouldBlockKeyword(t, keywords);
    const negative = { tool: 'add_negative_keywords', arguments: { campaign_id: t.campaign_id, keywords: [exactNegative(t.search_term)] } };
    return {
      search_term: t.search_term,
      campaign_id: t.campaign_id,
      keyword_id: t.keyword_id,
      keyword: t.keyword,
      spend: t.metrics.spend,
      clicks: t.metrics.clicks,
      blocks_live_keyword: blocks,
      action: campaignPause.has(t.campaign_id)
        ? campaignPause.get(t.campaign_id)!
        : (keywordPause.get(t.keyword_id) ?? (blocks ? null : negative)),
    };
  });
  // Waste is counted once: a listed campaign's; in the others, the listed keywords' and the searches of their other keywords.
  const wasted = sumToCent([
    ...[...wastedCampaigns, ...costlyCampaigns].map((c) => c.wasted_spend),
    ...[...wastedKeywords, ...costlyKeywords].filter((k) => !listedCampaigns.has(k.campaign_id)).map((k) => k.wasted_spend),
    ...termLines.filter((t) => !listedCampaigns.has(t.campaign_id) && !listedKeywords.has(t.keyword_id)).map((t) => t.metrics.spend),
  ]);
  const sentences = [
    wasteSentence(rule, CAMPAIGNS, wastedCampaigns, fmt),
    ...(costRule ? [wasteSentence(costRule, CAMPAIGNS, costlyCampaigns, fmt)] : []),
    wasteSentence(rule, KEYWORDS, wastedKeywords, fmt),
    ...(costRule ? [wasteSentence(costRule, KEYWORDS, costlyKeywords, fmt)] : []),
    wasteSentence(
      termRule,
      { one: 'search not yet added or excluded', many: 'searches not yet added or excluded' },
      termLines.map((t) => t.metrics),
      fmt,
    ),
  ];
  const reason = (row: { spend: number; conversions: number; wasted_spend: number; cost_per_conversion?: number }) =>
    row.conversions === 0
      ? `${fmt(row.spend)} spent without a single conversion`
      : `cost per conversion ${fmt(row.cost_per_conversion ?? row.spend / row.conversions)} is more than ${FAR_ABOVE_ACCOUNT}× the account's ${fmt(account.cpa!)}: ${fmt(row.wasted_spend)} more than its ${count(row.conversions)} conversion${row.conversions === 1 ? ' is' : 's are'} worth at the account CPA`;
  const findings: SearchAdsWasteFinding[] = [
    ...[...wastedCampaigns, ...costlyCampaigns].flatMap((c) =>
      c.action
        ? [
            {
              level: 'campaign' as const,
              id: c.id,
              name: c.name,
              campaign_name: c.name,
              reason: reason(c),
              wasted_spend: c.wasted_spend,
              action: c.action,
            },
          ]
        : [],
    ),
    ...[...wastedKeywords, ...costlyKeywords].flatMap((k) =>
      k.action
        ? [
            {
              level: 'keyword' as const,
              id: k.id,
              name: `${k.text} (${k.match_type})`,
              campaign_name: campaignOf.get(k.campaign_id)!.name,
              reason: reason(k),
              wasted_spend: k.wasted_spend,
              action: k.action,
            },
          ]
        : [],
    ),
  ].sort((a, b) => b.wasted_spend - a.wasted_spend || a.id.localeCompare(b.id));
  // The calls that stop it, as given: pause the campaigns and the live keywords, block the searches (exact, campaign level, 200 per call).
  const toPause = findings.filter((f) => f.level === 'keyword').slice(0, 100);
  const negativesByCampaign = new Map<string, string[]>();
  for (const t of wastedTerms.filter((t) => t.action?.tool === 'add_negative_keywords')) {
    const list = negativesByCampaign.get(t.campaign_id) ?? [];
    if (!list.includes(t.search_term.toLowerCase())) list.push(t.search_term.toLowerCase());
    negativesByCampaign.set(t.campaign_id, list);
  }
  const actions: Action[] = [
    ...findings.filter((f) => f.level === 'campaign').map((f) => f.action),
    ...(toPause.length ? [{ tool: 'pause_keywords', arguments: { keyword_ids: toPause.map((k) => k.id) } }] : []),
    ...[...negativesByCampaign].map(([campaignId, texts]) => ({
      tool: 'add_negative_keywords',
      arguments: { campaign_id: campaignId, keywords: texts.slice(0, 200).map(exactNegative) },
    })),
  ];
  return {
    threshold,
    account_cpa: account.cpa,
    total_spend: all.spend,
    wasted_spend: wasted,
    wasted_share: all.spend > 0 ? Math.round((wasted / all.spend) * 10000) / 10000 : null,
    campaigns: wastedCampaigns,
    keywords: wastedKeywords,
    high_cost_campaigns: costlyCampaigns,
    high_cost_keywords: costlyKeywords,
    search_terms: wastedTerms,
    term_lines: termLines,
    sentences,
    findings,
    actions,
    read: { campaigns, campaignRows },
  };
}
