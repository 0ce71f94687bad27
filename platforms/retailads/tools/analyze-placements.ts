import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { addDays, lastReportDay, refuseDatesAfterYesterday, reportingZone } from '../../../core/dates';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import {
  pageRows,
  pageSummarySchema,
  pagingSchema,
  pagingText,
  retailFilterArgs,
  retailFilterRules,
  type RetailFilterArgs,
} from '../filters';
import { PLACEMENTS, type RetailAdsPlacement, type RetailAdsReportRow } from '../port';
import { metricEntries, withRatios } from '../ratios';

const LABEL: Record<RetailAdsPlacement, string> = {
  TOP_OF_SEARCH: 'Top of search (first page)',
  REST_OF_SEARCH: 'Rest of search',
  PRODUCT_PAGES: 'Product pages',
};
/** The platform's range for placement bid adjustments, percent. */
const MAX_ADJUSTMENT = 900;
/** Below this many clicks a placement with sales keeps its adjustment (not enough data). */
const MIN_CLICKS = 20;
/**
 * Target advertising cost of sales, percent: a placement above it never gets a higher adjustment,
 * and its adjustment comes down by the ratio target / actual ACOS (the usual bid rule).
 */
export const TARGET_ACOS = 30;
/** A placement with no sales is cut once it has this much spend or MIN_CLICKS clicks. */
const NO_SALES_MIN_SPEND = 25;

export interface PlacementRecommendation {
  campaign_id: string;
  campaign_name: string;
  placement: RetailAdsPlacement;
  current_adjustment: number;
  recommended_adjustment: number;
  /**
   * adjust: set the placement's adjustment to recommended_adjustment; keep: no change;
   * lower_base_bids: a placement already at 0% that spends without sales (adjustments cannot go
   * below 0%): lower the campaign's keyword/target bids and raise the other placements' adjustments.
   */
  action: 'adjust' | 'keep' | 'lower_base_bids';
  reason: string;
}

const round5 = (n: number) => Math.round(n / 5) * 5;
const clamp = (n: number) => Math.min(MAX_ADJUSTMENT, Math.max(0, n));

/**
 * The bid adjustment each placement deserves: bids scale with the value a click brings there, so
 * the adjustment moves by the ratio of the placement's ROAS to the campaign's, within 0-900%; a
 * placement above the target ACOS is never raised and comes down towards the target; a placement
 * that spends with no sales is cut.
 */
export function recommendAdjustments(rows: RetailAdsReportRow[]): PlacementRecommendation[] {
  const byCampaign = new Map<string, RetailAdsReportRow[]>();
  for (const row of rows) byCampaign.set(row.campaign_id, [...(byCampaign.get(row.campaign_id) ?? []), row]);
  const out: PlacementRecommendation[] = [];
  for (const placements of byCampaign.values()) {
    const campaign = withRatios(
      placements.reduce(
        (s, r) => ({
          impressions: s.impressions + r.impressions,
          clicks: s.clicks + r.clicks,
          spend: s.spend + r.spend,
          orders: s.orders + r.orders,
          sales: s.sales + r.sales,
        }),
        { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 },
      ),
    );
    for (const r of placements) {
      const current = r.placement_adjustment ?? 0;
      const base = { campaign_id: r.campaign_id, campaign_name: r.campaign_name, placement: r.placement!, current_adjustment: current };
      const to = (recommended: number, reason: string): PlacementRecommendation =>
        recommended === current
          ? { ...base, recommended_adjustment: current, action: 'keep', reason }
          : { ...base, recommended_adjustment: recommended, action: 'adjust', reason };
      if (r.sales === 0 && r.spend > 0 && (r.clicks >= MIN_CLICKS || r.spend >= NO_SALES_MIN_SPEND)) {
        out.push(
          current > 0
            ? to(0, `spent ${r.spend} with no sales: remove the boost`)
            : {
                ...base,
                recommended_adjustment: 0,
                action: 'lower_base_bids',
                reason: `spent ${r.spend} with no sales at 0% already: lower the campaign's keyword and target bids and raise the other placements' adjustments to keep their bids`,
              },
        );
      } else if (r.clicks < MIN_CLICKS) {
        out.push(to(current, `only ${r.clicks} clicks: not enough data, keep it`));
      } else if (!campaign.roas || campaign.sales === 0) {
        out.push(to(0, 'the campaign has no sales: remove boosts and fix targeting first'));
      } else {
        const ratio = (r.roas ?? 0) / campaign.roas;
        let recommended = clamp(round5(((1 + current / 100) * ratio - 1) * 100));
        let reason =
          recommended > current
            ? `ROAS ${r.roas} beats the campaign's ${campaign.roas}: bid more here`
            : recommended < current
              ? `ROAS ${r.roas} trails the campaign's ${campaign.roas}: bid less here`
              : 'in line with the campaign';
        if (r.acos !== null && r.acos > TARGET_ACOS) {
          // Above target: never raise; bring the placement's bid down towards the target ACOS.
          const towardsTarget = clamp(round5(((1 + current / 100) * (TARGET_ACOS / r.acos) - 1) * 100));
          recommended = Math.min(recommended, current, towardsTarget);
          reason =
            recommended < current
              ? `ACOS ${r.acos}% is above the ${TARGET_ACOS}% target: bid less here`
              : `ACOS ${r.acos}% is above the ${TARGET_ACOS}% target: no raise`;
        }
        out.push(to(recommended, reason));
      }
    }
  }
  return out;
}

export const analyzeRetailAdsPlacements = defineRetailAdsTool({
  name: 'analyze_retailads_placements',
  description:
    'Compares Sponsored Products placements (Top of search, Rest of search, Product pages) by ACOS, ROAS, CPC and conversion rate, per campaign and overall, and recommends a placement bid adjustment (0-900%) for each. ' +
    'Takes the shared retailads report filters (campaign, search, match type, metric bounds, sort, paging) and a date range (default the last 30 days through yesterday).',
  access: 'read',
  args: {
    start_date: v.optional(dateArgument('First day, YYYY-MM-DD; default 30 days before end_date')),
    end_date: v.optional(dateArgument('Last day, YYYY-MM-DD; default yesterday')),
    ...retailFilterArgs,
  },
  rules: [
    (a) =>
      a.start_date && a.end_date && a.end_date < a.start_date
        ? `\`end_date\` (${a.end_date}) must be on or after \`start_date\` (${a.start_date})`
        : undefined,
    ...retailFilterRules,
  ],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    placements: v.array(
      v.object({
        placement: v.string(),
        ...metricEntries,
      }),
    ),
    summary: pageSummarySchema,
    paging: pagingSchema,
    rows: v.array(
      v.object({
        ad_product: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        campaign_state: v.string(),
        placement: v.string(),
        placement_adjustment: v.number(),
        ...metricEntries,
      }),
    ),
    recommendations: v.array(
      v.object({
        campaign_id: v.string(),
        campaign_name: v.string(),
        placement: v.string(),
        current_adjustment: v.number(),
        recommended_adjustment: v.number(),
        action: v.string(),
        reason: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    refuseDatesAfterYesterday(ctx.now, { start_date: args.start_date, end_date: args.end_date }, reportingZone(ctx.account));
    const end = args.end_date ?? lastReportDay(ctx.now, reportingZone(ctx.account));
    const start = args.start_date ?? addDays(end, -29);
    const [rows, keywords, productAds] = await Promise.all([
      ctx.platform.getPlacementReport(start, end),
      ctx.platform.listKeywords(),
      ctx.platform.listProductAds(),
    ]);
    // Placement rows are per campaign: search and match_type apply through the campaign's keywords and ASINs.
    const textOf = new Map<string, string>();
    for (const k of keywords) textOf.set(k.campaign_id, `${textOf.get(k.campaign_id) ?? ''}\n${k.keyword_text}`);
    for (const p of productAds) textOf.set(p.campaign_id, `${textOf.get(p.campaign_id) ?? ''}\n${p.asin}\n${p.sku ?? ''}`);
    const withMatch = args.match_type
      ? new Set(keywords.filter((k) => k.match_type === args.match_type).map((k) => k.campaign_id))
      : undefined;
    const candidates = withMatch ? rows.filter((r) => withMatch.has(r.campaign_id)) : rows;
    const filters = { ...(args as RetailFilterArgs), match_type: undefined };
    const result = pageRows(candidates, filters, (r) => `${LABEL[r.placement!]}\n${textOf.get(r.campaign_id) ?? ''}`);
    // Recommendations and the overall comparison use every matching row, not only this page.
    const all = pageRows(
      candidates,
      { ...filters, offset: 0, limit: Number.MAX_SAFE_INTEGER },
      (r) => `${LABEL[r.placement!]}\n${textOf.get(r.campaign_id) ?? ''}`,
    ).rows;
    const currency = ctx.account.currency;
    const overall = PLACEMENTS.map((placement) => {
      const these = all.filter((r) => r.placement === placement);
      return {
        placement,
        ...withRatios(
          these.reduce(
            (s, r) => ({
              impressions: s.impressions + r.impressions,
              clicks: s.clicks + r.clicks,
              spend: s.spend + r.spend,
              orders: s.orders + r.orders,
              sales: s.sales + r.sales,
            }),
            { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 },
          ),
        ),
      };
    });
    const recommendations = recommendAdjustments(all.filter((r) => r.spend > 0 || r.clicks > 0));
    const changes = recommendations.filter((r) => r.action === 'adjust');
    const baseBidCuts = recommendations.filter((r) => r.action === 'lower_base_bids');
    const acos = (n: number | null) => (n === null ? '-' : `${n}%`);
    const best = [...overall].filter((o) => o.roas !== null && o.sales > 0).sort((a, b) => b.roas! - a.roas!)[0];
    const lines = [
      `## Placement analysis, ${start} to ${end}`,
      '',
      `Profile ${ctx.account.account_id} · Sponsored Products · ${count(new Set(all.map((r) => r.campaign_id)).size)} campaigns`,
      '',
      '### Placements compared',
      markdownTable(
        ['Placement', 'Spend', 'Sales', 'ACOS', 'ROAS', 'CPC', 'CVR', 'Clicks'],
        overall.map((o) => [
          LABEL[o.placement],
          money(o.spend, currency),
          money(o.sales, currency),
          acos(o.acos),
          o.roas,
          money(o.cpc, currency),
          percent(o.cvr),
          o.clicks,
        ]),
      ),
      '',
      best
        ? `${LABEL[best.placement]} returns the most per unit of spend (ROAS ${best.roas}, ACOS ${acos(best.acos)}).`
        : 'No placement has sales in this range.',
      '',
      '### Rows',
      result.rows.length
        ? markdownTable(
            ['Campaign', 'Placement', 'Spend', 'Sales', 'ACOS', 'ROAS', 'CPC', 'CVR', 'Adjustment'],
            result.rows.map((r) => [
              r.campaign_name,
              LABEL[r.placement!],
              money(r.spend, currency),
              money(r.sales, currency),
              acos(r.acos),
              r.roas,
              money(r.cpc, currency),
              percent(r.cvr),
              `${r.placement_adjustment ?? 0}%`,
            ]),
          )
        : 'No rows match these filters.',
      '',
      ...pagingText(result.paging),
      '',
      '### Recommended bid adjustments',
      changes.length
        ? markdownTable(
            ['Campaign', 'Placement', 'Current', 'Recommended', 'Why'],
            changes.map((r) => [r.campaign_name, LABEL[r.placement], `${r.current_adjustment}%`, `${r.recommended_adjustment}%`, r.reason]),
          )
        : 'Current placement adjustments are in line with performance; no change recommended.',
      ...(baseBidCuts.length
        ? [
            '',
            '### Placements spending with no sales (already at 0%)',
            markdownTable(
              ['Campaign', 'Placement', 'Spend', 'What to do'],
              baseBidCuts.map((r) => [
                r.campaign_name,
                LABEL[r.placement],
                money(all.find((x) => x.campaign_id === r.campaign_id && x.placement === r.placement)?.spend ?? 0, currency),
                r.reason,
              ]),
            ),
          ]
        : []),
      '',
      `A placement above the ${TARGET_ACOS}% target ACOS is never raised.`,
      `Adjustments raise the bid by that percentage in the placement (0-${MAX_ADJUSTMENT}%); set them per campaign in the campaign's bidding settings.`,
    ];
    return {
      text: lines.join('\n'),
      structured: {
        profile_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        placements: overall,
        summary: result.summary,
        paging: result.paging,
        rows: result.rows,
        recommendations,
      },
    };
  },
});
