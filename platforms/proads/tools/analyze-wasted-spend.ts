import * as v from 'valibot';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import type { MetricTotals } from '../../../core/metrics';
import { defineProAdsTool } from '../define';
import type { ProAdsCampaign, ProAdsObjective, ProAdsPivot, ProAdsPort } from '../port';
import { MIN_DAILY_BUDGET } from './common';
import {
  ADD_CREATIVE_TOOL,
  ageInDays,
  analyticsTotals,
  creativeRows,
  CTR_FLOOR_BY_FORMAT,
  FACET_OF_PIVOT,
  HOW_TO_APPLY,
  resolveWindow,
  windowArgs,
  windowRules,
} from './shared';
import { metricTotalsSchema } from '../../../core/metrics';
import { meetsWasteRule, wasteOf, wasteSentence, type WasteNoun, type WastePerformance, type WasteRule } from '../../../core/waste';

export type Severity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LEARNING' | 'INSUFFICIENT_DATA' | 'OK';

/**
 * Thresholds of the waste classification. Spend is in account currency over the analysed window.
 * Campaign thresholds apply to campaigns; item thresholds (lower, since spend is split) apply to
 * creatives and demographic segments.
 *
 * - LEARNING: live fewer than LEARNING_DAYS days at the end of the window (campaigns, creatives):
 *   still in the platform's learning phase, too new to judge.
 * - INSUFFICIENT_DATA: fewer than `min_impressions` impressions or less than `min_spend` spend in
 *   the window: too little delivery to judge.
 * - CRITICAL: spend >= `critical_zero_conv_spend` with 0 conversions; or, with target_roas, ROAS
 *   below 25 % of the target on spend >= `critical_zero_conv_spend`.
 * - HIGH: spend >= `high_zero_conv_spend` with 0 conversions; or cost per conversion above
 *   3x the account's average on spend >= `high_cpa_min_spend`; or ROAS below 50 % of target_roas.
 * - MEDIUM: cost per conversion above 1.5x the account's average; or CTR below the floor of the
 *   format (CTR_FLOOR_BY_FORMAT: text ads are judged against text-ad CTRs of about 0.02-0.05 %,
 *   Sponsored Content against its 0.3-0.65 %; segments, which mix formats, against the floors
 *   weighted by the impressions of each format); or ROAS below target_roas.
 * - OK: none of the above.
 * Awareness-type objectives (BRAND_AWARENESS, VIDEO_VIEW, ENGAGEMENT) are not expected to convert:
 * they are judged on CTR only.
 */

/** A segment's id as tool texts show it: the facet and value (seniority:3), without the platform's wire prefix. */
const segmentId = (urn: string) => urn.replace(/^urn:[a-z]+:/, '');
/** How many entities of a level got each severity. */
const severityCountsSchema = v.object({
  CRITICAL: v.number(),
  HIGH: v.number(),
  MEDIUM: v.number(),
  LEARNING: v.number(),
  INSUFFICIENT_DATA: v.number(),
  OK: v.number(),
});
/** The judgement of one campaign, segment or creative (absent where it was not judged). */
const judgementEntries = {
  severity: v.optional(v.string()),
  reasons: v.optional(v.array(v.string())),
  wasted_spend: v.optional(v.number()),
};

export const LEARNING_DAYS = 14;
export const CPA_HIGH_MULTIPLE = 3;
export const CPA_MEDIUM_MULTIPLE = 1.5;
export const CAMPAIGN_THRESHOLDS = {
  critical_zero_conv_spend: 1000,
  high_zero_conv_spend: 300,
  high_cpa_min_spend: 500,
  min_impressions: 1000,
  min_spend: 100,
};
export const ITEM_THRESHOLDS = {
  critical_zero_conv_spend: 500,
  high_zero_conv_spend: 150,
  high_cpa_min_spend: 250,
  min_impressions: 500,
  min_spend: 50,
};
type Thresholds = typeof CAMPAIGN_THRESHOLDS;

const AWARENESS: ProAdsObjective[] = ['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'];
const RANK: Record<Severity, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LEARNING: 3, INSUFFICIENT_DATA: 4, OK: 5 };
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface Classification {
  severity: Severity;
  reasons: string[];
  /** Estimated spend that bought nothing (0 conversions: all of it; high CPA: the excess over the account average; low ROAS: the excess over target). */
  wasted_spend: number;
}

/**
 * The waste rules of a level, in order (a row's waste is that of the first it meets): no conversion on
 * at least high_zero_conv_spend (HIGH, CRITICAL from critical_zero_conv_spend), a cost per conversion
 * over CPA_MEDIUM_MULTIPLE × the account average (MEDIUM, HIGH over CPA_HIGH_MULTIPLE × on
 * high_cpa_min_spend), a ROAS under target_roas when given. Each needs at least min_spend.
 */
export function wasteRules(t: Thresholds, accountCpa: number | null, targetRoas?: number): WasteRule[] {
  return [
    { kind: 'no_results', min_spend: t.high_zero_conv_spend, results: 'conversions' },
    ...(accountCpa
      ? [
          {
            kind: 'cost_above' as const,
            min_spend: t.min_spend,
            multiple: CPA_MEDIUM_MULTIPLE,
            baseline: accountCpa,
            baseline_label: "the account's average",
            result: 'conversion',
          },
        ]
      : []),
    ...(targetRoas !== undefined
      ? [{ kind: 'roas_below' as const, min_spend: t.min_spend, target: targetRoas, target_label: 'the target' }]
      : []),
  ];
}

export function classify(
  m: MetricTotals,
  context: {
    ageDays?: number;
    accountCpa: number | null;
    targetRoas?: number;
    conversionsExpected: boolean;
    thresholds: Thresholds;
    currency: string;
    ctrFloor: number;
  },
): Classification {
  const t = context.thresholds;
  if (context.ageDays !== undefined && context.ageDays < LEARNING_DAYS) {
    return {
      severity: 'LEARNING',
      reasons: [`live ${context.ageDays} day(s), under the ${LEARNING_DAYS}-day learning phase`],
      wasted_spend: 0,
    };
  }
  if (m.impressions < t.min_impressions || m.spend < t.min_spend) {
    return {
      severity: 'INSUFFICIENT_DATA',
      reasons: [
        `${count(m.impressions)} impressions and ${money(m.spend, context.currency)} spend: below ${count(t.min_impressions)} impressions / ${money(t.min_spend, context.currency)}`,
      ],
      wasted_spend: 0,
    };
  }
  const found: { severity: Severity; reason: string }[] = [];
  // The waste rules (core/waste.ts) the figures meet; the first one is the row's waste, as the tool's sentences state it.
  const met = context.conversionsExpected ? wasteRules(t, context.accountCpa, context.targetRoas).filter((r) => meetsWasteRule(r, m)) : [];
  for (const rule of met) {
    if (rule.kind === 'no_results')
      found.push({
        severity: m.spend >= t.critical_zero_conv_spend ? 'CRITICAL' : 'HIGH',
        reason: `${money(m.spend, context.currency)} spent with 0 conversions`,
      });
    else if (rule.kind === 'cost_above') {
      const multiple = m.spend / m.conversions / rule.baseline;
      found.push({
        severity: multiple > CPA_HIGH_MULTIPLE && m.spend >= t.high_cpa_min_spend ? 'HIGH' : 'MEDIUM',
        reason: `cost per conversion ${money(m.cpa, context.currency)} is ${multiple.toFixed(1)}x the account average ${money(rule.baseline, context.currency)}`,
      });
    } else {
      const roas = m.roas ?? 0;
      found.push({
        severity:
          roas < 0.25 * rule.target && m.spend >= t.critical_zero_conv_spend ? 'CRITICAL' : roas < 0.5 * rule.target ? 'HIGH' : 'MEDIUM',
        reason: `ROAS ${roas.toFixed(2)} below target ${rule.target}`,
      });
    }
  }
  if (m.ctr !== null && m.ctr < context.ctrFloor)
    found.push({ severity: 'MEDIUM', reason: `CTR ${percent(m.ctr, 3)} under the ${percent(context.ctrFloor, 3)} floor` });
  if (!found.length) return { severity: 'OK', reasons: [], wasted_spend: 0 };
  found.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  return {
    severity: found[0].severity,
    reasons: found.map((f) => f.reason),
    wasted_spend: met[0] ? wasteOf(met[0], m) : 0,
  };
}

const PIVOT_LABEL: Record<string, string> = {
  JOB_FUNCTION: 'job function',
  SENIORITY: 'seniority',
  INDUSTRY: 'industry',
  COMPANY_SIZE: 'company size',
};

/** A call of the write (or read) tool that carries out an action (add dry_run: true to preview a write). */
type Call = { tool: string; arguments: Record<string, unknown> };
export interface QuickAction {
  action: string;
  target_type: string;
  target_id: string;
  severity: Severity;
  text: string;
  current_daily_budget?: number;
  new_daily_budget?: number;
  tool: string;
  calls: Call[];
}
type Window = { start: string; end: string };

/**
 * The campaigns the analysis judges over a window, with their figures (drafts, and campaigns without
 * delivery that are not live, are left out), and the account's cost per conversion: that of every
 * judged campaign whose objective is judged on conversions. The watch (../opportunities.ts) reads the
 * same.
 */
export async function campaignFigures(platform: ProAdsPort, campaigns: ProAdsCampaign[], window: Window) {
  const campaignMetrics = await analyticsTotals(platform, 'CAMPAIGN', window.start, window.end);
  const campaignRows = campaigns
    .map((c) => ({ campaign: c, metrics: campaignMetrics(c.id) }))
    .filter((r) => r.campaign.status !== 'DRAFT' && (r.metrics.impressions > 0 || r.campaign.status === 'ACTIVE'));
  const converting = campaignRows.filter((r) => !AWARENESS.includes(r.campaign.objective_type));
  const convSpend = converting.reduce((s, r) => s + r.metrics.spend, 0);
  const convCount = converting.reduce((s, r) => s + r.metrics.conversions, 0);
  const accountCpa = convCount > 0 ? round2(convSpend / convCount) : null;
  return { campaignRows, accountCpa };
}

/** Each campaign classified by the campaign thresholds, the most severe and then the largest waste first. */
export function judgeCampaigns(
  campaignRows: { campaign: ProAdsCampaign; metrics: MetricTotals }[],
  window: Window,
  base: { accountCpa: number | null; targetRoas?: number; currency: string },
) {
  return campaignRows
    .map((r) => ({
      campaign_id: r.campaign.id,
      name: r.campaign.name,
      status: r.campaign.status,
      objective_type: r.campaign.objective_type,
      format: r.campaign.format,
      metrics: r.metrics,
      ...classify(r.metrics, {
        ...base,
        ageDays: ageInDays(r.campaign.start_date, window.end),
        conversionsExpected: !AWARENESS.includes(r.campaign.objective_type),
        thresholds: CAMPAIGN_THRESHOLDS,
        ctrFloor: CTR_FLOOR_BY_FORMAT[r.campaign.format],
      }),
    }))
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.wasted_spend - a.wasted_spend);
}

/**
 * The quick actions on campaigns: pause a CRITICAL active campaign, halve the daily budget of a HIGH
 * one (never under the minimum), review the creatives and targeting of a MEDIUM one.
 */
export function campaignActions(
  campaignResults: ReturnType<typeof judgeCampaigns>,
  byCampaign: Map<string, ProAdsCampaign>,
  currency: string,
  window: Window,
): QuickAction[] {
  const quickActions: QuickAction[] = [];
  const action = (q: Omit<QuickAction, 'tool'>) => quickActions.push({ ...q, tool: q.calls[0]!.tool });
  for (const c of campaignResults) {
    const campaign = byCampaign.get(c.campaign_id)!;
    const budget = campaign.daily_budget;
    // Half the budget, never under the platform's minimum daily budget.
    const halved = Math.max(MIN_DAILY_BUDGET, Math.round(budget * 50) / 100);
    if (c.severity === 'CRITICAL' && c.status === 'ACTIVE')
      action({
        action: 'pause_campaign',
        target_type: 'campaign',
        target_id: c.campaign_id,
        severity: c.severity,
        text: `Pause campaign "${c.name}" (${c.reasons[0]}): pause_proads_campaign.`,
        calls: [{ tool: 'pause_proads_campaign', arguments: { campaign_id: c.campaign_id } }],
      });
    if (c.severity === 'HIGH' && c.status === 'ACTIVE' && halved < budget) {
      action({
        action: 'reduce_budget',
        target_type: 'campaign',
        target_id: c.campaign_id,
        severity: c.severity,
        current_daily_budget: budget,
        new_daily_budget: halved,
        text: `Cut the daily budget of "${c.name}" from ${money(budget, currency)} to ${money(halved, currency)} and review its targeting (${c.reasons[0]}): update_proads_campaign_budget.`,
        calls: [{ tool: 'update_proads_campaign_budget', arguments: { campaign_id: c.campaign_id, daily_budget: halved } }],
      });
    }
    if (c.severity === 'MEDIUM') {
      const adder = ADD_CREATIVE_TOOL[campaign.format];
      action({
        action: 'review_campaign',
        target_type: 'campaign',
        target_id: c.campaign_id,
        severity: c.severity,
        text: `Refresh creatives or tighten targeting of "${c.name}" (${c.reasons[0]}): analyze_proads_creative_performance shows which creative to replace (then ${adder} for a new variation), update_proads_campaign_targeting narrows it.`,
        calls: [
          {
            tool: 'analyze_proads_creative_performance',
            arguments: { campaign_id: c.campaign_id, start_date: window.start, end_date: window.end },
          },
        ],
      });
    }
  }
  return quickActions;
}

export const analyzeProAdsWastedSpend = defineProAdsTool({
  name: 'analyze_proads_wasted_spend',
  description:
    'Finds wasted spend in a proads (professional network) account: classifies campaigns, demographic segments (job function, seniority, industry, company size) and creatives as CRITICAL, HIGH, MEDIUM, LEARNING (too new) or INSUFFICIENT_DATA (too little delivery), estimates the wasted amount, and lists quick actions (pause a campaign or creative, exclude a segment, cut a budget), each with the write tool and arguments that carry it out. target_roas flags campaigns below it. Clarify vague date requests before calling.',
  access: 'read',
  args: {
    ...windowArgs,
    target_roas: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01, 'must be greater than 0'),
        v.maxValue(100),
        v.description('Target return on ad spend (conversion value / spend, e.g. 3 = 300 %); campaigns below it are flagged'),
      ),
    ),
    include_demographic_breakdown: v.optional(
      v.pipe(
        v.boolean(),
        v.description('Classify demographic segments too (job function, seniority, industry, company size); default true'),
      ),
      true,
    ),
    include_creative_analysis: v.optional(v.pipe(v.boolean(), v.description('Classify creatives too; default true')), true),
  },
  rules: [windowRules],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    window_source: v.optional(v.string()),
    total_spend: v.optional(v.number()),
    estimated_wasted_spend: v.optional(v.number()),
    account_cost_per_conversion: v.optional(v.nullable(v.number())),
    target_roas: v.optional(v.nullable(v.number())),
    thresholds: v.optional(
      v.object({
        campaign: v.object({
          critical_zero_conv_spend: v.number(),
          high_zero_conv_spend: v.number(),
          high_cpa_min_spend: v.number(),
          min_impressions: v.number(),
          min_spend: v.number(),
        }),
        segment_and_creative: v.object({
          critical_zero_conv_spend: v.number(),
          high_zero_conv_spend: v.number(),
          high_cpa_min_spend: v.number(),
          min_impressions: v.number(),
          min_spend: v.number(),
        }),
        learning_days: v.number(),
        ctr_floor_by_format: v.object({
          SINGLE_IMAGE: v.number(),
          CAROUSEL: v.number(),
          VIDEO: v.number(),
          TEXT_AD: v.number(),
        }),
        segment_ctr_floor: v.number(),
        cpa_high_multiple: v.number(),
        cpa_medium_multiple: v.number(),
      }),
    ),
    severity_counts: v.optional(
      v.object({
        campaigns: severityCountsSchema,
        segments: v.optional(severityCountsSchema),
        creatives: v.optional(severityCountsSchema),
      }),
    ),
    campaigns: v.array(
      v.object({
        campaign_id: v.string(),
        name: v.string(),
        status: v.string(),
        objective_type: v.optional(v.string()),
        format: v.optional(v.string()),
        metrics: metricTotalsSchema,
        ...judgementEntries,
      }),
    ),
    segments: v.optional(
      v.array(
        v.object({
          pivot: v.string(),
          value: v.string(),
          urn: v.string(),
          metrics: metricTotalsSchema,
          ...judgementEntries,
        }),
      ),
    ),
    creatives: v.optional(
      v.array(
        v.object({
          creative_id: v.string(),
          name: v.string(),
          status: v.optional(v.string()),
          campaign_id: v.string(),
          campaign_name: v.optional(v.string()),
          metrics: metricTotalsSchema,
          ...judgementEntries,
        }),
      ),
    ),
    quick_actions: v.optional(
      v.array(
        v.object({
          action: v.string(),
          target_type: v.string(),
          target_id: v.string(),
          severity: v.string(),
          text: v.string(),
          current_daily_budget: v.optional(v.number()),
          new_daily_budget: v.optional(v.number()),
          tool: v.string(),
          calls: v.array(v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) })),
        }),
      ),
    ),
    how_to_apply: v.optional(v.string()),
    raw_data: v.optional(v.boolean()),
  }),
  async run(args, ctx) {
    const window = resolveWindow(ctx, args);
    const currency = ctx.account.currency;
    const [campaigns, creatives, segments] = await Promise.all([
      ctx.platform.listCampaigns(),
      ctx.platform.listCreatives(),
      args.include_demographic_breakdown ? ctx.platform.listSegments() : [],
    ]);
    const rows = await creativeRows(ctx.platform, creatives, campaigns, window.start, window.end);
    const { campaignRows, accountCpa } = await campaignFigures(ctx.platform, campaigns, window);
    const totalSpend = round2(campaignRows.reduce((s, r) => s + r.metrics.spend, 0));
    const heading = `## Wasted spend, ${ctx.account.name} (${ctx.account.account_id}), ${window.start} to ${window.end}`;

    const pivots = [...new Set(segments.map((s) => s.pivot))];
    const segmentMetrics = new Map<ProAdsPivot, Awaited<ReturnType<typeof analyticsTotals>>>(
      await Promise.all(
        pivots.map(async (pivot) => [pivot, await analyticsTotals(ctx.platform, `MEMBER_${pivot}`, window.start, window.end)] as const),
      ),
    );
    const segmentRows = segments.map((s) => ({ segment: s, metrics: segmentMetrics.get(s.pivot)!(s.urn) }));
    const creativeOut = args.include_creative_analysis
      ? rows.filter((r) => r.metrics.impressions > 0 || r.creative.status === 'ACTIVE')
      : [];

    if (args.raw_data) {
      return {
        text: [
          heading,
          '',
          markdownTable(
            ['Campaign', 'Id', 'Status', 'Impressions', 'Clicks', 'Spend', 'Conv.', 'Value'],
            campaignRows.map((r) => [
              r.campaign.name,
              r.campaign.id,
              r.campaign.status,
              count(r.metrics.impressions),
              count(r.metrics.clicks),
              money(r.metrics.spend, currency),
              r.metrics.conversions,
              money(r.metrics.revenue, currency),
            ]),
          ),
        ].join('\n'),
        structured: {
          ad_account_id: ctx.account.account_id,
          start_date: window.start,
          end_date: window.end,
          raw_data: true,
          campaigns: campaignRows.map((r) => ({
            campaign_id: r.campaign.id,
            name: r.campaign.name,
            status: r.campaign.status,
            metrics: r.metrics,
          })),
          ...(args.include_demographic_breakdown
            ? {
                segments: segmentRows.map((r) => ({
                  pivot: r.segment.pivot,
                  value: r.segment.value,
                  urn: segmentId(r.segment.urn),
                  metrics: r.metrics,
                })),
              }
            : {}),
          ...(args.include_creative_analysis
            ? {
                creatives: creativeOut.map((r) => ({
                  creative_id: r.creative.id,
                  name: r.creative.name,
                  campaign_id: r.campaign.id,
                  metrics: r.metrics,
                })),
              }
            : {}),
        },
      };
    }

    const base = { accountCpa, targetRoas: args.target_roas, currency };
    // Segments mix every format the account ran: their floor weighs each format's floor by its impressions.
    const deliveredImpressions = campaignRows.reduce((s, r) => s + r.metrics.impressions, 0);
    const segmentCtrFloor =
      deliveredImpressions > 0
        ? campaignRows.reduce((s, r) => s + r.metrics.impressions * CTR_FLOOR_BY_FORMAT[r.campaign.format], 0) / deliveredImpressions
        : CTR_FLOOR_BY_FORMAT.SINGLE_IMAGE;
    const campaignResults = judgeCampaigns(campaignRows, window, base);
    const segmentResults = segmentRows
      .map((r) => ({
        pivot: r.segment.pivot,
        value: r.segment.value,
        urn: segmentId(r.segment.urn),
        metrics: r.metrics,
        ...classify(r.metrics, { ...base, conversionsExpected: true, thresholds: ITEM_THRESHOLDS, ctrFloor: segmentCtrFloor }),
      }))
      .sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.wasted_spend - a.wasted_spend);
    const byCampaign = new Map<string, ProAdsCampaign>(campaigns.map((c) => [c.id, c]));
    const creativeResults = creativeOut
      .map((r) => ({
        creative_id: r.creative.id,
        name: r.creative.name,
        status: r.creative.status,
        campaign_id: r.campaign.id,
        campaign_name: r.campaign.name,
        metrics: r.metrics,
        ...classify(r.metrics, {
          ...base,
          ageDays: ageInDays([r.creative.start_date, r.campaign.start_date].sort().at(-1)!, window.end),
          conversionsExpected: !AWARENESS.includes(byCampaign.get(r.campaign.id)!.objective_type),
          thresholds: ITEM_THRESHOLDS,
          ctrFloor: CTR_FLOOR_BY_FORMAT[r.creative.format],
        }),
      }))
      .sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.wasted_spend - a.wasted_spend);

    const quickActions: QuickAction[] = campaignActions(campaignResults, byCampaign, currency, window);
    const action = (q: Omit<QuickAction, 'tool'>) => quickActions.push({ ...q, tool: q.calls[0]!.tool });
    for (const s of segmentResults.filter((s) => s.severity === 'CRITICAL' || s.severity === 'HIGH')) {
      // The active campaigns that still reach the segment: each gets the exclusion.
      const facet = FACET_OF_PIVOT[s.pivot];
      const reaching = campaigns.filter(
        (c) =>
          c.status === 'ACTIVE' &&
          !c.targeting?.exclude?.[facet]?.includes(s.urn) &&
          (!c.targeting?.include[facet]?.length || c.targeting.include[facet]!.includes(s.urn)),
      );
      if (!reaching.length) continue;
      action({
        action: 'exclude_segment',
        target_type: 'segment',
        target_id: s.urn,
        severity: s.severity,
        text: `Exclude ${PIVOT_LABEL[s.pivot]} ${s.value} (${s.urn}) from the ${reaching.length} active campaign(s) that reach it (${s.reasons[0]}): update_proads_campaign_targeting (exclusions).`,
        calls: reaching.map((c) => ({
          tool: 'update_proads_campaign_targeting',
          arguments: { campaign_id: c.id, add_exclusions: { [facet]: [s.urn] } },
        })),
      });
    }
    for (const cr of creativeResults.filter((c) => (c.severity === 'CRITICAL' || c.severity === 'HIGH') && c.status === 'ACTIVE')) {
      action({
        action: 'pause_creative',
        target_type: 'creative',
        target_id: cr.creative_id,
        severity: cr.severity,
        text: `Pause creative "${cr.name}" (${cr.creative_id}) in "${cr.campaign_name}" (${cr.reasons[0]}): pause_proads_creative.`,
        calls: [{ tool: 'pause_proads_creative', arguments: { creative_id: cr.creative_id } }],
      });
    }
    quickActions.sort((a, b) => RANK[a.severity] - RANK[b.severity]);

    const wasted = round2(campaignResults.reduce((s, c) => s + c.wasted_spend, 0));
    // Each waste rule stated with exactly the rows listed under it (the first rule a row meets), per level.
    const fmt = (n: number) => money(n, currency);
    const ruleSentences = (
      rows: { severity: Severity; metrics: MetricTotals; conversions_expected: boolean }[],
      thresholds: Thresholds,
      noun: WasteNoun,
    ) => {
      const groups = wasteRules(thresholds, accountCpa, args.target_roas).map((rule) => ({ rule, rows: [] as WastePerformance[] }));
      for (const r of rows.filter((r) => r.conversions_expected && r.severity !== 'LEARNING' && r.severity !== 'INSUFFICIENT_DATA'))
        groups.find((g) => meetsWasteRule(g.rule, r.metrics))?.rows.push(r.metrics);
      return groups.filter((g) => g.rows.length).map((g) => `- ${wasteSentence(g.rule, noun, g.rows, fmt).text}`);
    };
    const findings = [
      ...ruleSentences(
        campaignResults.map((c) => ({ ...c, conversions_expected: !AWARENESS.includes(c.objective_type) })),
        CAMPAIGN_THRESHOLDS,
        { one: 'campaign judged on conversions', many: 'campaigns judged on conversions' },
      ),
      ...(args.include_demographic_breakdown
        ? ruleSentences(
            segmentResults.map((r) => ({ ...r, conversions_expected: true })),
            ITEM_THRESHOLDS,
            { one: 'segment judged on conversions', many: 'segments judged on conversions' },
          )
        : []),
      ...(args.include_creative_analysis
        ? ruleSentences(
            creativeResults.map((r) => ({
              ...r,
              conversions_expected: !AWARENESS.includes(byCampaign.get(r.campaign_id)!.objective_type),
            })),
            ITEM_THRESHOLDS,
            { one: 'creative judged on conversions', many: 'creatives judged on conversions' },
          )
        : []),
    ];
    const severityCounts = (items: { severity: Severity }[]) =>
      Object.fromEntries(
        (['CRITICAL', 'HIGH', 'MEDIUM', 'LEARNING', 'INSUFFICIENT_DATA', 'OK'] as Severity[]).map((s) => [
          s,
          items.filter((i) => i.severity === s).length,
        ]),
      );
    const text = [
      heading,
      '',
      `Spend ${money(totalSpend, currency)} across ${campaignResults.length} campaign(s); estimated wasted spend ${money(wasted, currency)} (${percent(totalSpend > 0 ? wasted / totalSpend : 0, 1)}). Account cost per conversion: ${money(accountCpa, currency)}${args.target_roas !== undefined ? `; target ROAS ${args.target_roas}` : ''}.`,
      '',
      ...(findings.length
        ? [
            `Judged on conversions: what converts (not ${AWARENESS.join(', ')}), live ${LEARNING_DAYS}+ days, with ${count(CAMPAIGN_THRESHOLDS.min_impressions)}+ impressions and ${fmt(CAMPAIGN_THRESHOLDS.min_spend)}+ spend (segments and creatives: ${count(ITEM_THRESHOLDS.min_impressions)}+ and ${fmt(ITEM_THRESHOLDS.min_spend)}+).`,
            ...findings,
            '',
          ]
        : []),
      '### Campaigns',
      markdownTable(
        ['Severity', 'Campaign', 'Status', 'Spend', 'Conv.', 'Cost/conv.', 'CTR', 'ROAS', 'Est. waste', 'Why'],
        campaignResults.map((c) => [
          c.severity,
          `${c.name} (${c.campaign_id})`,
          c.status,
          money(c.metrics.spend, currency),
          c.metrics.conversions,
          money(c.metrics.cpa, currency),
          percent(c.metrics.ctr),
          c.metrics.roas,
          money(c.wasted_spend, currency),
          c.reasons.join('; '),
        ]),
      ),
      ...(args.include_demographic_breakdown
        ? [
            '',
            '### Demographic segments',
            markdownTable(
              ['Severity', 'Pivot', 'Segment', 'Spend', 'Conv.', 'Cost/conv.', 'CTR', 'Est. waste', 'Why'],
              segmentResults.map((s) => [
                s.severity,
                PIVOT_LABEL[s.pivot],
                s.value,
                money(s.metrics.spend, currency),
                s.metrics.conversions,
                money(s.metrics.cpa, currency),
                percent(s.metrics.ctr),
                money(s.wasted_spend, currency),
                s.reasons.join('; '),
              ]),
            ),
          ]
        : []),
      ...(args.include_creative_analysis
        ? [
            '',
            '### Creatives',
            markdownTable(
              ['Severity', 'Creative', 'Campaign', 'Spend', 'Conv.', 'CTR', 'Est. waste', 'Why'],
              creativeResults.map((c) => [
                c.severity,
                `${c.name} (${c.creative_id})`,
                c.campaign_name,
                money(c.metrics.spend, currency),
                c.metrics.conversions,
                percent(c.metrics.ctr),
                money(c.wasted_spend, currency),
                c.reasons.join('; '),
              ]),
            ),
          ]
        : []),
      '',
      '### Quick actions',
      ...(quickActions.length
        ? [...quickActions.map((q) => `- **${q.severity}**: ${q.text}`), '', `_${HOW_TO_APPLY}_`]
        : ['- Nothing to act on: no campaign, segment or creative is wasting spend.']),
      '',
      `_Severity: CRITICAL = ${fmt(CAMPAIGN_THRESHOLDS.critical_zero_conv_spend)}+ spent with no conversion (campaigns; ${fmt(ITEM_THRESHOLDS.critical_zero_conv_spend)} for segments and creatives)${args.target_roas !== undefined ? ', or ROAS under a quarter of the target on that spend' : ''}; HIGH = ${fmt(CAMPAIGN_THRESHOLDS.high_zero_conv_spend)}+ spent with no conversion (${fmt(ITEM_THRESHOLDS.high_zero_conv_spend)} for segments and creatives), or cost per conversion over ${CPA_HIGH_MULTIPLE}x the account average on ${fmt(CAMPAIGN_THRESHOLDS.high_cpa_min_spend)}+ spend (${fmt(ITEM_THRESHOLDS.high_cpa_min_spend)}), or ROAS under half the target; MEDIUM = cost per conversion over ${CPA_MEDIUM_MULTIPLE}x average, CTR under the format's floor (text ads ${percent(CTR_FLOOR_BY_FORMAT.TEXT_AD)}, video ${percent(CTR_FLOOR_BY_FORMAT.VIDEO)}, image and carousel ${percent(CTR_FLOOR_BY_FORMAT.SINGLE_IMAGE)}), or ROAS under target; LEARNING = live under ${LEARNING_DAYS} days; INSUFFICIENT_DATA = too little delivery to judge._`,
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        window_source: window.source,
        total_spend: totalSpend,
        estimated_wasted_spend: wasted,
        account_cost_per_conversion: accountCpa,
        target_roas: args.target_roas ?? null,
        thresholds: {
          campaign: CAMPAIGN_THRESHOLDS,
          segment_and_creative: ITEM_THRESHOLDS,
          learning_days: LEARNING_DAYS,
          ctr_floor_by_format: CTR_FLOOR_BY_FORMAT,
          segment_ctr_floor: Math.round(segmentCtrFloor * 1e6) / 1e6,
          cpa_high_multiple: CPA_HIGH_MULTIPLE,
          cpa_medium_multiple: CPA_MEDIUM_MULTIPLE,
        },
        severity_counts: {
          campaigns: severityCounts(campaignResults),
          ...(args.include_demographic_breakdown ? { segments: severityCounts(segmentResults) } : {}),
          ...(args.include_creative_analysis ? { creatives: severityCounts(creativeResults) } : {}),
        },
        campaigns: campaignResults,
        ...(args.include_demographic_breakdown ? { segments: segmentResults } : {}),
        ...(args.include_creative_analysis ? { creatives: creativeResults } : {}),
        quick_actions: quickActions,
        ...(quickActions.length ? { how_to_apply: HOW_TO_APPLY } : {}),
      },
    };
  },
});
