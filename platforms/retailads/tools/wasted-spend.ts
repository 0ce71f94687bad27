/**
 * analyze_retailads_wasted_spend: the search terms that waste spend, by one rule set (core/waste.ts)
 * that the analysis lists and the watch and suggest_next_action (../opportunities.ts) propose, so both
 * name the same searches with the same amounts, to the cent, over the same window.
 *
 * Sponsored Products and Brands search terms are judged; the first rule a term meets is the one it is
 * listed under:
 * - no_results: at least min_spend (default the account's cost per order over the range, the advice
 *   rule of core/advice.ts; NO_SALES_SPEND when the account has no orders) with no sale; the waste is
 *   all of it;
 * - cost_above: a cost per order over FAR_ABOVE_ACCOUNT (2) × the account's (every campaign's spend
 *   and orders of the same dates); the waste is the spend beyond what its orders are worth at the
 *   account's cost.
 * Each term's action is one exact negative on its ad group (add_retailads_negative_keywords, Sponsored
 * Brands add_retailads_sb_negative_keywords); a term that is a live keyword of its ad group (a negative
 * would block it) pauses that keyword (update_retailads_keywords, update_retailads_sb_keywords); a
 * product search carries none (no tool adds negative product targets).
 *
 * Campaigns (every ad product, their campaign reports: the figures list_retailads_campaigns shows) and
 * the ad groups of the other campaigns (their keywords' and targets' rows) are judged by the same rules,
 * so a campaign whose every search spent less than the cost per order is still seen. A listed enabled
 * campaign is paused (pause_retailads_campaigns); a listed enabled ad group of an enabled campaign is
 * paused (update_retailads_ad_groups state PAUSED). A listed campaign's or ad group's pause stops its
 * searches: they stay listed without an action of their own (no negative keyword, and no negative
 * product target for a product search), and the waste is counted once (the campaign's, else the ad
 * group's, else the search's).
 */
import * as v from 'valibot';
import { accountBaseline, FAR_ABOVE_ACCOUNT } from '../../../core/advice';
import { count, markdownTable, money } from '../../../core/markdown';
import { negativeBlocks } from '../../../core/negatives';
import {
  firstWasteRule,
  stoppedByPauseLines,
  sumToCent,
  wasteOf,
  wasteSentences,
  type WasteFinding,
  type WastePerformance,
  type WasteRule,
} from '../../../core/waste';
import { defineRetailAdsTool } from '../define';
import { idSchema } from '../families';
import type { RetailAdsPort, RetailAdsReportRow } from '../port';
import { NO_SALES_SPEND, performanceOf, rangeArgs, rangeOf, rangeRule, round2 } from './analysis-arguments';

/**
 * The product a shopper's search names, when the search is a product rather than words: an ASIN
 * ("b0abc12345") or a raw product targeting expression ("asinSameAs=B0ABC12345"). Such a search is
 * excluded with a negative product target (expression ASIN_SAME_AS), not a negative keyword.
 */
export function productOfSearchTerm(term: string): string | null {
  const asin = /^\s*(b0[a-z0-9]{8})\s*$/i.exec(term) ?? /asinSameAs="?(b0[a-z0-9]{8})/i.exec(term);
  return asin ? asin[1]!.toUpperCase() : null;
}

/**
 * The negative product targets that would exclude product searches, in the Amazon Ads API v3 shape
 * (POST /sp/negativeTargets, Sponsored Products; /sb/negativeTargets, Sponsored Brands): one per
 * ad group and ASIN. No tool of this gateway adds negative product targets yet (the spec's
 * retailads tools list none), so they are proposed, not given as a call.
 */
function negativeProductTargets(
  terms: { ad_product: string; campaign_id: string; ad_group_id: string; search_term: string }[],
): NegativeProductTarget[] {
  const byKey = new Map<string, NegativeProductTarget>();
  for (const t of terms) {
    const asin = productOfSearchTerm(t.search_term);
    if (!asin) continue;
    byKey.set(`${t.ad_group_id}|${asin}`, {
      ad_product: t.ad_product,
      campaignId: t.campaign_id,
      adGroupId: t.ad_group_id,
      expression: [{ type: 'ASIN_SAME_AS', value: asin }],
    });
  }
  return [...byKey.values()];
}

export interface NegativeProductTarget {
  ad_product: string;
  campaignId: string;
  adGroupId: string;
  expression: { type: 'ASIN_SAME_AS'; value: string }[];
}

export interface RetailAdsWasteOptions {
  start: string;
  end: string;
  /** Default: the account's cost per order over the range (NO_SALES_SPEND without orders). */
  min_spend?: number;
  campaign_id?: string;
}

/** The write that excludes a search term, as given (the profile is the one judged). */
export interface RetailAdsWasteAction {
  tool:
    'add_retailads_negative_keywords' | 'add_retailads_sb_negative_keywords' | 'update_retailads_keywords' | 'update_retailads_sb_keywords';
  arguments: { negative_keywords: Record<string, string>[] } | { keywords: Record<string, string>[] };
}

/** What every listed row carries: where it is, its figures, why it is listed (with the figures) and its waste. */
interface RetailAdsWasteRow {
  ad_product: string;
  campaign_id: string;
  campaign_name: string;
  spend: number;
  clicks: number;
  orders: number;
  sales: number;
  reason: string;
  wasted_spend: number;
}

export interface RetailAdsWasteTerm extends RetailAdsWasteRow {
  ad_group_id: string;
  search_term: string;
  targeting: string;
  /** One exact negative on its ad group, or the pause of the live keyword(s) of the ad group it is; null for a product search. */
  action: RetailAdsWasteAction | null;
}

/** The pause of a listed campaign or ad group, as given (the profile is the one judged). */
export type RetailAdsPauseAction =
  | { tool: 'pause_retailads_campaigns'; arguments: { campaign_ids: string[] } }
  | { tool: 'update_retailads_ad_groups'; arguments: { ad_groups: { adGroupId: string; state: 'PAUSED' }[] } };

/** A campaign or ad group that meets a rule. */
export interface RetailAdsWasteEntity extends RetailAdsWasteRow {
  id: string;
  name: string;
  state: string;
  /** Its pause while it runs; null otherwise. */
  action: RetailAdsPauseAction | null;
}

export interface RetailAdsWaste {
  min_spend: number;
  /** Every campaign's spend over the range (the campaign asked for), as list_retailads_campaigns shows it. */
  total_spend: number;
  /** Largest waste first. */
  campaigns: RetailAdsWasteEntity[];
  ad_groups: RetailAdsWasteEntity[];
  terms: RetailAdsWasteTerm[];
  /** One sentence per rule met, stating the rule with exactly its rows (core/waste.ts): campaigns, ad groups, search terms. */
  sentences: WasteFinding[];
  /** The negative product targets of the listed product searches that no listed campaign's or ad group's pause stops. */
  negative_product_targets: NegativeProductTarget[];
  /** Counted once: the listed campaigns' waste, the listed ad groups' (of the other campaigns), the other terms', to the cent. */
  wasted_spend: number;
}

const byWaste = <T extends { wasted_spend: number; spend: number }>(rows: T[]) =>
  rows.sort((a, b) => b.wasted_spend - a.wasted_spend || b.spend - a.spend);

/** Report rows summed per key (spend and sales to the cent), the first row of each key giving its dimensions. */
function summedBy(rows: readonly RetailAdsReportRow[], keyOf: (r: RetailAdsReportRow) => string): Map<string, RetailAdsReportRow> {
  const byKey = new Map<string, RetailAdsReportRow>();
  for (const r of [...rows].sort((a, b) => b.spend - a.spend)) {
    const key = keyOf(r);
    const seen = byKey.get(key);
    byKey.set(
      key,
      seen
        ? {
            ...seen,
            spend: round2(seen.spend + r.spend),
            clicks: seen.clicks + r.clicks,
            orders: seen.orders + r.orders,
            sales: round2(seen.sales + r.sales),
          }
        : r,
    );
  }
  return byKey;
}

/** The wasted spend of a profile's campaigns, ad groups and search terms over [start, end], by the rules above. */
export async function findRetailAdsWaste(platform: RetailAdsPort, currency: string, o: RetailAdsWasteOptions): Promise<RetailAdsWaste> {
  const [sp, sb, campaignReports, targetingReports, campaigns, adGroups, keywords] = await Promise.all([
    platform.getReport('spSearchTerm', o.start, o.end),
    platform.getReport('sbSearchTerm', o.start, o.end),
    Promise.all((['spCampaigns', 'sbCampaigns', 'sdCampaigns'] as const).map((t) => platform.getReport(t, o.start, o.end))),
    Promise.all((['spTargeting', 'sbTargeting', 'sdTargeting'] as const).map((t) => platform.getReport(t, o.start, o.end))),
    platform.listCampaigns(),
    platform.listAdGroups(),
    platform.listEntities('keyword'),
  ]);
  const inScope = (r: { campaign_id: string }) => !o.campaign_id || r.campaign_id === o.campaign_id;
  // The account judged against (core/advice.ts): every campaign's spend, orders and sales, whatever campaign is asked for.
  const account = accountBaseline(campaignReports.flat().map(performanceOf));
  const campaignRows = campaignReports.flat().filter(inScope);
  const all = [...sp, ...sb].filter(inScope);
  const min_spend = o.min_spend ?? account.cpa ?? NO_SALES_SPEND;
  const rules: WasteRule[] = [
    { kind: 'no_results', min_spend, results: 'sales' },
    ...(account.cpa
      ? [
          {
            kind: 'cost_above' as const,
            min_spend,
            multiple: FAR_ABOVE_ACCOUNT,
            baseline: account.cpa,
            baseline_label: "the account's",
            result: 'order',
          },
        ]
      : []),
  ];
  const fmt = (n: number) => money(n, currency);
  const reasonOf = (rule: WasteRule, r: { spend: number; orders: number }, waste: number) =>
    rule.kind === 'cost_above'
      ? `cost per order ${fmt(r.spend / r.orders)} is more than ${rule.multiple}× the account's ${fmt(rule.baseline)}: ${fmt(waste)} more than its ${count(r.orders)} order${r.orders === 1 ? ' is' : 's are'} worth at the account's cost`
      : `${fmt(r.spend)} spent without a sale`;

  // Campaigns and ad groups: the first rule each meets, with its pause while it runs.
  const campaignOf = new Map(campaigns.map((c) => [c.id, c]));
  const adGroupOf = new Map(adGroups.map((g) => [g.id, g]));
  type Judged = { rule: WasteRule; figures: WastePerformance };
  const judgedEntities = { campaigns: [] as Judged[], ad_groups: [] as Judged[] };
  const judge = (level: 'campaigns' | 'ad_groups', r: RetailAdsReportRow, id: string, name: string, state: string) => {
    const figures = performanceOf(r);
    const rule = firstWasteRule(rules, figures);
    if (!rule) return [];
    const waste = wasteOf(rule, figures);
    judgedEntities[level].push({ rule, figures });
    const entity: RetailAdsWasteEntity = {
      id,
      name,
      ad_product: r.ad_product,
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      state,
      spend: r.spend,
      clicks: r.clicks,
      orders: r.orders,
      sales: r.sales,
      reason: reasonOf(rule, r, waste),
      wasted_spend: waste,
      action: null,
    };
    return [entity];
  };
  const listedCampaigns = byWaste(
    [...summedBy(campaignRows, (r) => r.campaign_id).values()].flatMap((r) => {
      const c = campaignOf.get(r.campaign_id);
      return judge('campaigns', r, r.campaign_id, c?.name ?? r.campaign_name, c?.state ?? r.campaign_state ?? '').map((e) => ({
        ...e,
        action: c?.state === 'ENABLED' ? { tool: 'pause_retailads_campaigns' as const, arguments: { campaign_ids: [e.id] } } : null,
      }));
    }),
  );
  const campaignListed = new Set(listedCampaigns.map((c) => c.id));
  const listedAdGroups = byWaste(
    // The ad groups of the other campaigns (a listed campaign's pause stops its ad groups).
    [
      ...summedBy(
        targetingReports.flat().filter((r) => inScope(r) && !campaignListed.has(r.campaign_id)),
        (r) => r.ad_group_id!,
      ).values(),
    ].flatMap((r) => {
      const g = adGroupOf.get(r.ad_group_id!);
      const running = g?.state === 'ENABLED' && campaignOf.get(r.campaign_id)?.state === 'ENABLED';
      return judge('ad_groups', r, r.ad_group_id!, g?.name ?? r.ad_group_name ?? r.ad_group_id!, g?.state ?? r.ad_group_state ?? '').map(
        (e) => ({
          ...e,
          action: running
            ? { tool: 'update_retailads_ad_groups' as const, arguments: { ad_groups: [{ adGroupId: e.id, state: 'PAUSED' as const }] } }
            : null,
        }),
      );
    }),
  );
  const adGroupListed = new Set(listedAdGroups.map((g) => g.id));
  const stoppedAbove = (t: { campaign_id: string; ad_group_id: string }) =>
    campaignListed.has(t.campaign_id) || adGroupListed.has(t.ad_group_id);

  // A proposed negative (exact, on the term's ad group) never blocks a live keyword of that ad group.
  const live = keywords.filter((k) => k.state === 'ENABLED' || k.state === 'enabled');
  const judged: Judged[] = [];
  const terms: RetailAdsWasteTerm[] = [];
  // A term is judged where its negative acts: in its ad group, over every keyword or target that matched it
  // (the report has a row for each), so one keyword's spend never excludes a term another one sells on.
  for (const r of summedBy(all, (r) => `${r.ad_group_id}|${r.search_term}`).values()) {
    const figures = performanceOf(r);
    const rule = firstWasteRule(rules, figures);
    if (!rule) continue;
    const waste = wasteOf(rule, figures);
    const term = r.search_term!;
    const item = { campaignId: r.campaign_id, adGroupId: r.ad_group_id!, keywordText: term };
    // A term that is a live keyword of its ad group is not excluded (a negative would block the keyword): the keyword is paused.
    const blocked = live.filter(
      (k) => k.ad_group_id === r.ad_group_id && negativeBlocks({ text: term, match_type: 'NEGATIVE_EXACT' }, k.keyword_text),
    );
    const sb = r.ad_product === 'SPONSORED_BRANDS';
    const stopped = stoppedAbove({ campaign_id: r.campaign_id, ad_group_id: r.ad_group_id! });
    const action: RetailAdsWasteAction | null =
      stopped || productOfSearchTerm(term)
        ? null
        : blocked.length
          ? {
              tool: sb ? 'update_retailads_sb_keywords' : 'update_retailads_keywords',
              arguments: { keywords: blocked.map((k) => ({ keywordId: k.id, state: sb ? 'paused' : 'PAUSED' })) },
            }
          : {
              tool: sb ? 'add_retailads_sb_negative_keywords' : 'add_retailads_negative_keywords',
              arguments: { negative_keywords: [{ ...item, matchType: sb ? 'negativeExact' : 'NEGATIVE_EXACT' }] },
            };
    const listed: RetailAdsWasteTerm = {
      ad_product: r.ad_product,
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      ad_group_id: r.ad_group_id!,
      search_term: term,
      targeting: r.targeting ?? '',
      spend: r.spend,
      clicks: r.clicks,
      orders: r.orders,
      sales: r.sales,
      reason: `${reasonOf(rule, r, waste)}${stopped ? ` (its ${campaignListed.has(r.campaign_id) ? 'campaign' : 'ad group'} is listed: its pause stops this search)` : ''}`,
      wasted_spend: waste,
      action,
    };
    judged.push({ rule, figures });
    terms.push(listed);
  }
  byWaste(terms);
  return {
    min_spend,
    total_spend: sumToCent(campaignRows.map((r) => r.spend)),
    campaigns: listedCampaigns,
    ad_groups: listedAdGroups,
    terms,
    sentences: [
      ...wasteSentences(rules, { one: 'campaign', many: 'campaigns' }, judgedEntities.campaigns, fmt),
      ...wasteSentences(
        rules,
        { one: 'ad group of the other campaigns', many: 'ad groups of the other campaigns' },
        judgedEntities.ad_groups,
        fmt,
      ),
      ...wasteSentences(rules, { one: 'search term', many: 'search terms' }, judged, fmt),
    ],
    // A listed campaign's or ad group's pause stops its product searches too: they need no negative product target.
    negative_product_targets: negativeProductTargets(terms.filter((t) => !stoppedAbove(t))),
    wasted_spend: sumToCent([
      ...listedCampaigns.map((c) => c.wasted_spend),
      ...listedAdGroups.map((g) => g.wasted_spend),
      ...terms.filter((t) => !stoppedAbove(t)).map((t) => t.wasted_spend),
    ]),
  };
}

/** The terms' negatives as up to two calls (Sponsored Products, Sponsored Brands), each term once, up to 100 a call. */
function batchedNegatives(terms: readonly RetailAdsWasteTerm[]) {
  const tools = ['add_retailads_negative_keywords', 'add_retailads_sb_negative_keywords'] as const;
  return tools.flatMap((tool) => {
    const items = new Map(
      terms
        .flatMap((t) => (t.action?.tool === tool && 'negative_keywords' in t.action.arguments ? t.action.arguments.negative_keywords : []))
        .map((n) => [`${n.adGroupId}|${n.keywordText}`, n]),
    );
    return items.size ? [{ tool, arguments: { negative_keywords: [...items.values()].slice(0, 100) } }] : [];
  });
}

const actionSchema = v.object({ tool: v.string(), arguments: v.record(v.string(), v.array(v.unknown())) });
/** What every listed row carries: where it is, its figures, why it is listed, its waste and the call that stops it (or null). */
const rowEntries = {
  ad_product: v.string(),
  campaign_id: v.string(),
  campaign_name: v.string(),
  spend: v.number(),
  clicks: v.number(),
  orders: v.number(),
  sales: v.number(),
  reason: v.string(),
  wasted_spend: v.number(),
  action: v.nullable(actionSchema),
};
const entityRow = v.object({ id: v.string(), name: v.string(), state: v.string(), ...rowEntries });

/** The pauses of the running listed campaigns and ad groups as up to two calls, up to 100 each. */
function batchedPauses(rows: readonly RetailAdsWasteEntity[]) {
  const campaignIds = rows.flatMap((r) => (r.action?.tool === 'pause_retailads_campaigns' ? r.action.arguments.campaign_ids : []));
  const adGroups = rows.flatMap((r) => (r.action?.tool === 'update_retailads_ad_groups' ? r.action.arguments.ad_groups : []));
  return [
    ...(campaignIds.length ? [{ tool: 'pause_retailads_campaigns', arguments: { campaign_ids: campaignIds.slice(0, 100) } }] : []),
    ...(adGroups.length ? [{ tool: 'update_retailads_ad_groups', arguments: { ad_groups: adGroups.slice(0, 100) } }] : []),
  ];
}

export const analyzeRetailAdsWastedSpend = defineRetailAdsTool({
  name: 'analyze_retailads_wasted_spend',
  description:
    "Finds the campaigns, ad groups and search terms (Sponsored Products and Brands) that waste spend over a date range: those that spent at least min_spend (default the account's cost per order) with zero sales, and those whose cost per order is more than 2× the account's, each with the part of its spend that is waste (counted once: a listed campaign's covers its ad groups and searches). " +
    'A running listed campaign carries its pause (pause_retailads_campaigns), a running listed ad group of the other campaigns its own (update_retailads_ad_groups state PAUSED); the searches inside them carry no action of their own. ' +
    'Returns ready items for add_retailads_negative_keywords / add_retailads_sb_negative_keywords (NEGATIVE_EXACT on the term, on its ad group), one per term in search_terms[].action and batched in actions; a term that is a live keyword of its ad group is never proposed as a negative: its action pauses that keyword (update_retailads_keywords / update_retailads_sb_keywords). ' +
    'A search that is a product (an ASIN such as b0abc12345) is no negative keyword: it is listed under negative_product_targets (expression ASIN_SAME_AS, a negative product target of the platform), to add in the advertising console of the platform, unless a listed campaign or ad group holds it (its pause stops it). run_watch_now and suggest_next_action propose the same rows with the same amounts.',
  access: 'read',
  args: {
    ...rangeArgs,
    min_spend: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0),
        v.description(
          "Only campaigns, ad groups and terms that spent at least this much; default the account's cost per order over the range (15 without orders)",
        ),
      ),
    ),
    campaign_id: v.optional(idSchema('campaign')),
  },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    min_spend: v.number(),
    total_spend: v.number(),
    wasted_spend: v.number(),
    wasted_share: v.number(),
    campaigns: v.array(entityRow),
    ad_groups: v.array(entityRow),
    search_terms: v.array(v.object({ ad_group_id: v.string(), search_term: v.string(), targeting: v.string(), ...rowEntries })),
    actions: v.array(actionSchema),
    negative_product_targets: v.array(
      v.object({
        ad_product: v.string(),
        campaignId: v.string(),
        adGroupId: v.string(),
        expression: v.array(v.object({ type: v.literal('ASIN_SAME_AS'), value: v.string() })),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const currency = ctx.account.currency;
    const waste = await findRetailAdsWaste(ctx.platform, currency, {
      start,
      end,
      min_spend: args.min_spend,
      campaign_id: args.campaign_id,
    });
    const { terms, total_spend: total, wasted_spend: wastedSpend } = waste;
    const keptLive = terms.filter((t) => t.action && !('negative_keywords' in t.action.arguments));
    const productTargets = waste.negative_product_targets;
    const stoppedAbove = new Set([...waste.campaigns.map((c) => c.id), ...waste.ad_groups.map((g) => g.id)]);
    const inListed = terms.filter((t) => stoppedAbove.has(t.campaign_id) || stoppedAbove.has(t.ad_group_id));
    const actions = [...batchedPauses([...waste.campaigns, ...waste.ad_groups]), ...batchedNegatives(terms)];
    const entityTable = (rows: RetailAdsWasteEntity[], level: 'Campaign' | 'Ad group') =>
      markdownTable(
        [level, 'Id', ...(level === 'Ad group' ? ['Campaign'] : []), 'Type', 'Spend', 'Orders', 'Waste', 'Pause'],
        rows
          .slice(0, 25)
          .map((r) => [
            r.name,
            r.id,
            ...(level === 'Ad group' ? [r.campaign_name] : []),
            r.ad_product,
            money(r.spend, currency),
            r.orders,
            money(r.wasted_spend, currency),
            r.action ? 'yes' : `no (${r.state})`,
          ]),
      );
    const text = [
      `## Wasted spend, ${start} to ${end}`,
      '',
      ...waste.sentences.map((f) => `- ${f.text}`),
      '',
      `Counted once (a listed campaign with its waste; in the others, the listed ad groups, then the searches of the rest): ${money(wastedSpend, currency)}, ${total > 0 ? Math.round((wastedSpend / total) * 1000) / 10 : 0}% of ${money(total, currency)} spend.`,
      '',
      ...(waste.campaigns.length ? ['### Campaigns', entityTable(waste.campaigns, 'Campaign'), ''] : []),
      ...(waste.ad_groups.length ? ['### Ad groups of the other campaigns', entityTable(waste.ad_groups, 'Ad group'), ''] : []),
      '### Search terms',
      ...(terms.length > 25 ? [`The 25 that waste most (all ${count(terms.length)} in structured.search_terms):`] : []),
      terms.length
        ? markdownTable(
            ['Search term', 'Matched', 'Campaign', 'Spend', 'Clicks', 'Orders', 'Waste'],
            terms
              .slice(0, 25)
              .map((t) => [
                t.search_term,
                t.targeting,
                t.campaign_name,
                money(t.spend, currency),
                t.clicks,
                t.orders,
                money(t.wasted_spend, currency),
              ]),
          )
        : 'No search term wastes spend by these rules.',
      '',
      ...stoppedByPauseLines('campaign or ad group', inListed.length),
      ...(keptLive.length
        ? [
            `Not proposed as negatives (each is a live keyword of its ad group, which a negative would block; its action pauses the keyword with update_retailads_keywords or update_retailads_sb_keywords, or lower its bid instead): ${[...new Set(keptLive.map((t) => `"${t.search_term}"`))].join(', ')}.`,
            '',
          ]
        : []),
      ...(productTargets.length
        ? [
            `Searches that are products (${[...new Set(productTargets.map((p) => p.expression[0]!.value))].slice(0, 10).join(', ')}${productTargets.length > 10 ? ', …' : ''}) are no negative keywords: exclude them with negative product targets (ASIN_SAME_AS), ${productTargets.length} in structured.negative_product_targets. No tool here adds negative product targets yet: add them in the advertising console (Sponsored Products: negative product targeting of the ad group).`,
            '',
          ]
        : []),
      actions.length
        ? `Stop them with ${actions.map((a) => a.tool).join(', ')} (structured.actions holds the items, up to 100 per call; try dry_run first); a search inside a listed campaign or ad group is stopped by its pause. Keywords that only spend: analyze_retailads_targeting.`
        : '',
    ].join('\n');
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        min_spend: waste.min_spend,
        total_spend: total,
        wasted_spend: wastedSpend,
        wasted_share: total > 0 ? round2(wastedSpend / total) : 0,
        campaigns: waste.campaigns,
        ad_groups: waste.ad_groups,
        search_terms: terms,
        actions,
        negative_product_targets: productTargets,
      },
    };
  },
});
