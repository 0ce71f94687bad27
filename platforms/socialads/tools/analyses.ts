import * as v from 'valibot';
import { addDays, lastDays, reportingZone } from '../../../core/dates';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import { findSocialAdsWaste, WASTE_MIN_SPEND, WASTE_TARGET_ROAS } from './waste';
import {
  costPerResultText,
  isConversionType,
  judgement,
  levelMetrics,
  publicMetrics,
  readStructure,
  requireAdSet,
  requireCampaign,
  resultText,
  type Structure,
} from './report-family';
import { dateRangeRule, insightTotals, metricsSchema, RESULT_LABEL, windowEntries } from './shared';
import { reportWindow, previousPeriod } from '../../../core/report-window';
import type { SocialAdsAd } from '../port';
import { FAR_ABOVE_ACCOUNT } from '../../../core/advice';
import {
  budgetDaysOf,
  budgetSourceNote,
  budgetUse,
  BUDGET_LIMITED_RULE,
  type BudgetSource,
  type BudgetUse,
} from '../../../core/budget-limited';

/**
 * The socialads analyses: waste, budget reallocation, creative fatigue, ad performance and
 * anomalies. Each reads the figures the report tools show for the same dates and names the write
 * tool (and its arguments) that carries out each piece of advice.
 */

const action = v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) });
const idText = (what: string, tool: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,25}$/, `must be a numeric ${what} id from ${tool}`),
      v.description(`Only this ${what} (from ${tool})`),
    ),
  );

/**
 * The add_socialads_ad call that adds a copy of an ad's creative to its ad set, as given: the base
 * of a variation (change its copy or image before sending). None for catalog and dynamic creative
 * ads (their creative is a product set or an asset feed, not one ad's copy).
 */
export function variationCall(ad: SocialAdsAd): { tool: string; arguments: Record<string, unknown> } | null {
  const c = ad.creative;
  if (ad.ad_type === 'catalog' || c.asset_bundle_id || c.dynamic_creative) return null;
  const args: Record<string, unknown> = {
    ad_set_id: ad.ad_set_id,
    ad_type: ad.ad_type,
    ad_name: `${ad.name} - variation`.slice(0, 400),
    landing_page_url: c.link,
    facebook_page_id: c.page_id,
    call_to_action: c.call_to_action,
  };
  if (c.instagram_account_id) args.instagram_account_id = c.instagram_account_id;
  if (c.primary_texts[0]) args.primary_text = c.primary_texts[0];
  if (c.lead_form_id) args.lead_form_id = c.lead_form_id;
  if (c.deep_links?.ios) args.deep_link_url_ios = c.deep_links.ios;
  if (c.deep_links?.android) args.deep_link_url_android = c.deep_links.android;
  if (ad.ad_type === 'carousel') {
    if (!c.cards?.length) return null;
    args.cards = c.cards.map((card) => ({
      headline: card.headline,
      existing_image_hash: card.image_hash,
      landing_page_url: card.link,
      ...(card.description ? { description: card.description } : {}),
    }));
    return { tool: 'add_socialads_ad', arguments: args };
  }
  if (c.headlines[0]) args.headline = c.headlines[0];
  if (c.descriptions[0]) args.description = c.descriptions[0];
  if (ad.ad_type === 'image') {
    if (!c.image_hashes[0]) return null;
    args.existing_image_hash = c.image_hashes[0];
  } else {
    if (!c.video_id) return null;
    args.existing_video_id = c.video_id;
    if (c.image_hashes[0]) args.existing_image_hash = c.image_hashes[0];
  }
  return { tool: 'add_socialads_ad', arguments: args };
}

/** Delivering: the entity and its parents are active. */
function delivering(st: Structure, ad: { status: string; ad_set_id: string; campaign_id: string }): boolean {
  return ad.status === 'ACTIVE' && st.adSet(ad.ad_set_id)?.status === 'ACTIVE' && st.campaign(ad.campaign_id)?.status === 'ACTIVE';
}

export const analyzeSocialAdsWastedSpend = defineSocialAdsTool({
  name: 'analyze_socialads_wasted_spend',
  description:
    "Finds socialads spend without return: active ads and ad sets with a conversion goal (purchases, leads, installs) that spent at least min_spend without a result, ad sets whose cost per result is more than 2× the account's for the same result type (the waste is the spend beyond what their results are worth at the account's cost), and ad sets whose ROAS is under target_roas. Each finding names the write that stops it (update_socialads_ad or update_socialads_ad_set status PAUSED, or a budget cut). Reach and video-view goals are not judged on conversions.",
  access: 'read',
  args: {
    min_spend: v.optional(
      v.pipe(v.number(), v.minValue(1), v.description(`Spend without a result that counts as waste, default ${WASTE_MIN_SPEND}`)),
      WASTE_MIN_SPEND,
    ),
    target_roas: v.optional(
      v.pipe(v.number(), v.minValue(0.1), v.maxValue(100), v.description('ROAS under which a purchase ad set loses money, default 1.0')),
      WASTE_TARGET_ROAS,
    ),
    campaign_id: idText('campaign', 'list_socialads_campaigns'),
    ...windowEntries,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total_wasted: v.number(),
    findings: v.array(
      v.object({
        level: v.picklist(['ad', 'ad_set']),
        id: v.string(),
        name: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        reason: v.string(),
        wasted_spend: v.number(),
        metrics: metricsSchema,
        action,
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const currency = ctx.account.currency;
    const fmt = (n: number) => money(n, currency);
    const { findings, sentences, total } = await findSocialAdsWaste(ctx.platform, currency, {
      start,
      end,
      min_spend: args.min_spend,
      target_roas: args.target_roas,
      campaign_id: args.campaign_id,
    });
    const text = [
      `## Wasted spend, ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      findings.length
        ? [...sentences.map((t) => `- ${t}`), '', `${findings.length} finding(s), ${money(total, currency)} without return in all.`].join(
            '\n',
          )
        : `No waste found: no active conversion ad set or ad spent at least ${fmt(args.min_spend)} without a result, at a ROAS under the target ${args.target_roas} or at a cost per result over ${FAR_ABOVE_ACCOUNT}× the account's.`,
      '',
      ...(findings.length
        ? [
            markdownTable(
              ['Level', 'Name', 'Id', 'Campaign', 'Spend', 'Results', 'Why', 'Fix'],
              findings.map((f) => [
                f.level,
                f.name,
                f.id,
                f.campaign_name,
                money(f.metrics.spend, currency),
                resultText(f.metrics),
                f.reason,
                `${f.action.tool} ${JSON.stringify(f.action.arguments)}`,
              ]),
            ),
            '',
            'Apply a fix by calling its tool with those arguments (add dry_run: true to see the plan first). Then move the freed budget with optimize_socialads_budget.',
          ]
        : []),
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, total_wasted: total, findings } };
  },
});

/** A budget holder is cut when its cost per result is above this multiple of its goal's average. */
const EXPENSIVE = 1.4;
/** A budget holder limited by its budget gains when its cost per result is under this multiple of its goal's average. */
const CHEAP = 0.85;

/** The figures a budget move rests on: its results against its goal's average, its ROAS, and its days at budget. */
const budgetMoveFiguresSchema = v.object({
  result_type: v.string(),
  spend: v.number(),
  results: v.number(),
  cost_per_result: v.nullable(v.number()),
  average_cost_per_result: v.nullable(v.number()),
  cost_multiple: v.nullable(v.number()),
  roas: v.nullable(v.number()),
  target_roas: v.nullable(v.number()),
  limited_days: v.number(),
  days: v.number(),
  budget_used: v.nullable(v.number()),
});

/**
 * The average cost per result of the budget holders of one goal, in the unit the holders' own cost
 * per result is in (per 1,000 reached or per 1,000 impressions for reach and impression goals).
 */
function averageCostPerResult(
  type: string,
  group: readonly { m: { spend: number; results: number; totals: { daily_reach: number } } }[],
): number | null {
  const spend = group.reduce((s, h) => s + h.m.spend, 0);
  const units = group.reduce((s, h) => s + (type === 'reach' ? h.m.totals.daily_reach : h.m.results), 0);
  const per = type === 'reach' || type === 'impressions' ? 1000 : 1;
  return units > 0 ? Math.round(((spend * per) / units) * 100) / 100 : null;
}

function budgetMoveFigures(
  m: { result_type: string; spend: number; results: number; cost_per_result: number | null; roas?: number | null },
  average: number | null,
  use: BudgetUse,
  targetRoas: number | null,
): v.InferOutput<typeof budgetMoveFiguresSchema> {
  return {
    result_type: m.result_type,
    spend: m.spend,
    results: m.results,
    cost_per_result: m.cost_per_result,
    average_cost_per_result: average,
    cost_multiple: m.cost_per_result !== null && average ? Math.round((m.cost_per_result / average) * 100) / 100 : null,
    roas: m.roas ?? null,
    target_roas: targetRoas,
    limited_days: use.limited_days,
    days: use.days,
    budget_used: use.days > 0 ? use.usage : null,
  };
}

/**
 * A budget move the optimiser does not propose because the budget pays for what the waste analysis
 * lists over the same days: a raise held back, or a cut replaced by the waste's pauses.
 */
const wastePaidSchema = v.object({
  level: v.picklist(['campaign', 'ad_set']),
  id: v.string(),
  name: v.string(),
  campaign_id: v.string(),
  reason: v.string(),
  figures: budgetMoveFiguresSchema,
  waste: v.array(
    v.object({
      level: v.picklist(['ad', 'ad_set']),
      id: v.string(),
      name: v.string(),
      wasted_spend: v.number(),
      reason: v.string(),
      action,
    }),
  ),
});

/** A section of budget moves not proposed for the waste their budgets pay for, with the pause calls to make. */
function wastePaidSection(
  heading: string,
  why: string,
  rows: readonly v.InferOutput<typeof wastePaidSchema>[],
  budgetOf: (id: string) => string,
): string[] {
  if (!rows.length) return [];
  return [
    '',
    heading,
    markdownTable(
      ['Name', 'Budget/day', why, 'Pause first'],
      rows.map((b) => [
        b.name,
        budgetOf(b.id),
        b.reason,
        b.waste.map((f) => `${f.action.tool} ${JSON.stringify(f.action.arguments)}`).join('; '),
      ]),
    ),
  ];
}

export const optimizeSocialAdsBudget = defineSocialAdsTool({
  name: 'optimize_socialads_budget',
  description: `Recommends socialads budget reallocation across the budget holders (campaign budgets, or ad set budgets) that share a goal: cut the ones whose cost per result is far above the goal's average (or ROAS under target), and raise the cheapest ones that are limited by their budget. ${BUDGET_LIMITED_RULE} Never raises a budget where the return is under target, nor one that pays for waste analyze_socialads_wasted_spend lists over the same days (the ad set itself, an ad set under the campaign budget, or one of their ads): that raise is held back with the pause to make first. Nor does it cut a budget that pays for such waste: it gives the analysis's pauses instead of the cut, so the two tools never give one ad set both a cut and a pause. Each move carries the figures it rests on and names the budget's owner, update_socialads_campaign (campaign budget) or update_socialads_ad_set (ad set budget), with the new daily budget.`,
  access: 'read',
  args: {
    change_percent: v.optional(
      v.pipe(
        v.number(),
        v.minValue(5),
        v.maxValue(50),
        v.description('Size of each budget move in percent, 5-50, default 20 (bigger jumps restart learning)'),
      ),
      20,
    ),
    target_roas: v.optional(
      v.pipe(v.number(), v.minValue(0.1), v.maxValue(100), v.description('Minimum ROAS for purchase budgets to be raised, default 2.0')),
      2,
    ),
    lookback_days: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(7), v.maxValue(90), v.description('Days judged, 7-90, default 14 (ends yesterday)')),
      14,
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    budget_source: v.picklist(['each_day', 'today']),
    moves: v.array(
      v.object({
        level: v.picklist(['campaign', 'ad_set']),
        id: v.string(),
        name: v.string(),
        campaign_id: v.string(),
        direction: v.picklist(['increase', 'decrease']),
        current_daily_budget: v.number(),
        proposed_daily_budget: v.number(),
        budget_used: v.nullable(v.number()),
        reason: v.string(),
        figures: budgetMoveFiguresSchema,
        action,
      }),
    ),
    held_back: v.array(wastePaidSchema),
    pause_instead: v.array(wastePaidSchema),
    holders: v.array(
      v.object({
        level: v.string(),
        id: v.string(),
        name: v.string(),
        daily_budget: v.number(),
        budget_used: v.nullable(v.number()),
        limited_days: v.number(),
        days: v.number(),
        limited_by_budget: v.boolean(),
        metrics: metricsSchema,
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = lastDays(ctx.now, args.lookback_days, reportingZone(ctx.account));
    const st = await readStructure(ctx.platform);
    let budgetSource: BudgetSource = 'each_day';
    const activeCampaigns = st.campaigns.filter((c) => c.status === 'ACTIVE');
    const campaignHolders = activeCampaigns.filter((c) => c.daily_budget !== undefined);
    const setHolders = st.adSets.filter(
      (s) => s.status === 'ACTIVE' && s.daily_budget !== undefined && activeCampaigns.some((c) => c.id === s.campaign_id),
    );
    const [cm, sm] = await Promise.all([
      levelMetrics(
        ctx.platform,
        st,
        'campaign',
        campaignHolders.map((c) => c.id),
        start,
        end,
        { days: true },
      ),
      levelMetrics(
        ctx.platform,
        st,
        'adset',
        setHolders.map((s) => s.id),
        start,
        end,
        { days: true },
      ),
    ]);
    const holders = [
      ...campaignHolders.map((c) => ({
        level: 'campaign' as const,
        id: c.id,
        name: c.name,
        campaign_id: c.id,
        daily_budget: c.daily_budget!,
        m: cm(c.id),
      })),
      ...setHolders.map((s) => ({
        level: 'ad_set' as const,
        id: s.id,
        name: s.name,
        campaign_id: s.campaign_id,
        daily_budget: s.daily_budget!,
        m: sm(s.id),
      })),
    ].map((h) => {
      // Each day it delivered, against the daily budget it had THAT day (core/budget-limited.ts).
      const { days, source } = budgetDaysOf(h.m.totals.days ?? [], h.daily_budget);
      if (days.length && source === 'today') budgetSource = 'today';
      const use = budgetUse(days);
      return { ...h, use, budget_used: use.days > 0 ? use.usage : null };
    });
    const currency = ctx.account.currency;
    // The waste the analysis lists over the same days, by the budget that pays for it: an ad set's own
    // budget pays for it and its ads, a campaign budget for every ad set and ad of the campaign.
    const { findings } = await findSocialAdsWaste(ctx.platform, currency, {
      start,
      end,
      min_spend: WASTE_MIN_SPEND,
      target_roas: WASTE_TARGET_ROAS,
    });
    const adSetOf = new Map(st.ads.map((a) => [a.id, a.ad_set_id]));
    const wastePaidBy = (h: { level: 'campaign' | 'ad_set'; id: string }) =>
      findings.filter((f) =>
        h.level === 'campaign' ? f.campaign_id === h.id : (f.level === 'ad_set' ? f.id : adSetOf.get(f.id)) === h.id,
      );
    const step = args.change_percent / 100;
    const moves = [];
    const heldBack: v.InferOutput<typeof wastePaidSchema>[] = [];
    const pauseInstead: v.InferOutput<typeof wastePaidSchema>[] = [];
    const byType = new Map<string, typeof holders>();
    for (const h of holders) if (h.m.spend > 0) byType.set(h.m.result_type, [...(byType.get(h.m.result_type) ?? []), h]);
    for (const [type, group] of byType) {
      const avg = averageCostPerResult(type, group);
      for (const h of group) {
        const cpr = h.m.cost_per_result;
        const tool = h.level === 'campaign' ? 'update_socialads_campaign' : 'update_socialads_ad_set';
        const idKey = h.level === 'campaign' ? 'campaign_id' : 'ad_set_id';
        const figures = budgetMoveFigures(h.m, avg, h.use, type === 'purchases' ? args.target_roas : null);
        const belowTarget = type === 'purchases' && (h.m.roas ?? 0) < args.target_roas;
        const label = RESULT_LABEL[h.m.result_type as keyof typeof RESULT_LABEL];
        let direction: 'increase' | 'decrease' | undefined;
        let reason = '';
        if (h.m.results === 0 || (avg !== null && cpr !== null && cpr > avg * EXPENSIVE) || (type === 'purchases' && (h.m.roas ?? 0) < 1)) {
          direction = 'decrease';
          reason =
            h.m.results === 0
              ? `no ${label} for ${money(h.m.spend, currency)}`
              : type === 'purchases' && (h.m.roas ?? 0) < 1
                ? `ROAS ${h.m.roas} loses money`
                : `cost per result ${money(cpr, currency)} vs ${money(avg, currency)} average for ${label}`;
        } else if (group.length > 1 && avg !== null && cpr !== null && cpr < avg * CHEAP && !belowTarget && h.use.limited) {
          direction = 'increase';
          reason = `cost per result ${money(cpr, currency)} vs ${money(avg, currency)} average for ${label}, and it was limited by its budget on ${h.use.limited_days} of ${h.use.days} days`;
        }
        if (!direction) continue;
        // A budget that pays for what the waste analysis lists is neither raised nor cut: its pauses come first.
        const waste = wastePaidBy(h);
        if (waste.length) {
          const listed = waste.map((f) => `${f.level === 'ad' ? 'ad' : 'ad set'} "${f.name}": ${f.reason}`).join('; ');
          (direction === 'increase' ? heldBack : pauseInstead).push({
            level: h.level,
            id: h.id,
            name: h.name,
            campaign_id: h.campaign_id,
            reason:
              direction === 'increase'
                ? `${reason}; but its budget pays for what analyze_socialads_wasted_spend calls waste (${listed}): stop that first`
                : `${reason}; its budget pays for what analyze_socialads_wasted_spend calls waste (${listed}): pause that instead of cutting the budget`,
            figures,
            waste: waste.map((f) => ({
              level: f.level,
              id: f.id,
              name: f.name,
              wasted_spend: f.wasted_spend,
              reason: f.reason,
              action: f.action,
            })),
          });
          continue;
        }
        const proposed = Math.max(1, Math.round(h.daily_budget * (direction === 'increase' ? 1 + step : 1 - step)));
        if (proposed === h.daily_budget) continue;
        moves.push({
          level: h.level,
          id: h.id,
          name: h.name,
          campaign_id: h.campaign_id,
          direction,
          current_daily_budget: h.daily_budget,
          proposed_daily_budget: proposed,
          budget_used: h.budget_used,
          reason,
          figures,
          action: { tool, arguments: { [idKey]: h.id, daily_budget: proposed } },
        });
      }
    }
    moves.sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'decrease' ? -1 : 1));
    const budgetOf = (id: string) => money(holders.find((h) => h.id === id)!.daily_budget, currency);
    const text = [
      `## Budget reallocation, ${ctx.account.name}, ${start} to ${end}`,
      '',
      `${holders.length} budget holder(s) compared within their goal; ${moves.length} move(s).`,
      '',
      markdownTable(
        ['Level', 'Name', 'Budget/day', 'Used', 'Days at budget', 'Spend', 'Results', 'Judged on'],
        holders.map((h) => [
          h.level,
          h.name,
          money(h.daily_budget, currency),
          percent(h.budget_used),
          `${h.use.limited_days} of ${h.use.days}`,
          money(h.m.spend, currency),
          resultText(h.m),
          judgement(h.m, currency),
        ]),
      ),
      '',
      ...(moves.length
        ? [
            '### Moves',
            markdownTable(
              ['Move', 'Name', 'Budget/day', 'Why', 'Tool'],
              moves.map((m) => [
                m.direction,
                m.name,
                `${money(m.current_daily_budget, currency)} → ${money(m.proposed_daily_budget, currency)}`,
                m.reason,
                `${m.action.tool} ${JSON.stringify(m.action.arguments)}`,
              ]),
            ),
          ]
        : [
            heldBack.length || pauseInstead.length ? 'No budget move: the pauses below come first.' : 'No move: budgets match performance.',
          ]),
      ...wastePaidSection('### Raises held back', 'Why not raised', heldBack, budgetOf),
      ...wastePaidSection('### Pauses instead of cuts', 'Why not cut', pauseInstead, budgetOf),
      ...(budgetSourceNote(budgetSource) ? ['', budgetSourceNote(budgetSource)] : []),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        budget_source: budgetSource,
        moves,
        held_back: heldBack,
        pause_instead: pauseInstead,
        holders: holders.map((h) => ({
          level: h.level,
          id: h.id,
          name: h.name,
          daily_budget: h.daily_budget,
          budget_used: h.budget_used,
          limited_days: h.use.limited_days,
          days: h.use.days,
          limited_by_budget: h.use.limited,
          metrics: publicMetrics(h.m),
        })),
      },
    };
  },
});

export const detectSocialAdsCreativeFatigue = defineSocialAdsTool({
  name: 'detect_socialads_creative_fatigue',
  description:
    'Flags active socialads ads whose creative is wearing out: CTR in the last 7 days down 20% or more from the 21 days before while frequency (impressions per person reached a day) rose, or frequency above 3. Names the fix: a fresh creative with add_socialads_ad, and pausing the tired ad with update_socialads_ad.',
  access: 'read',
  args: {
    campaign_id: idText('campaign', 'list_socialads_campaigns'),
    min_impressions: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(100), v.description('Impressions an ad needs in each period to be judged, default 1000')),
      1000,
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    recent: v.object({ start_date: v.string(), end_date: v.string() }),
    baseline: v.object({ start_date: v.string(), end_date: v.string() }),
    ads: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        ad_set_id: v.string(),
        ctr_recent: v.nullable(v.number()),
        ctr_baseline: v.nullable(v.number()),
        ctr_change: v.nullable(v.number()),
        frequency_recent: v.nullable(v.number()),
        frequency_baseline: v.nullable(v.number()),
        fatigued: v.boolean(),
        reason: v.string(),
        actions: v.array(action),
      }),
    ),
  }),
  async run(args, ctx) {
    const recent = lastDays(ctx.now, 7, reportingZone(ctx.account));
    const baseline = { start: addDays(recent.start, -21), end: addDays(recent.start, -1) };
    const st = await readStructure(ctx.platform);
    if (args.campaign_id) requireCampaign(st, args.campaign_id);
    const ads = st.ads.filter((a) => delivering(st, a) && (!args.campaign_id || a.campaign_id === args.campaign_id));
    const [r, b] = await Promise.all([
      insightTotals(
        ctx.platform,
        'ad',
        ads.map((a) => a.id),
        recent.start,
        recent.end,
      ),
      insightTotals(
        ctx.platform,
        'ad',
        ads.map((a) => a.id),
        baseline.start,
        baseline.end,
      ),
    ]);
    const freq = (t: { impressions: number; daily_reach: number }) =>
      t.daily_reach > 0 ? Math.round((t.impressions / t.daily_reach) * 100) / 100 : null;
    const rows = ads
      .map((a) => {
        const tr = r(a.id);
        const tb = b(a.id);
        if (tr.impressions < args.min_impressions || tb.impressions < args.min_impressions) return undefined;
        const change = tr.ctr !== null && tb.ctr ? Math.round(((tr.ctr - tb.ctr) / tb.ctr) * 10000) / 10000 : null;
        const fr = freq(tr);
        const fb = freq(tb);
        const ctrDrop = change !== null && change <= -0.2 && fr !== null && fb !== null && fr >= fb;
        const saturated = fr !== null && fr > 3;
        const fatigued = ctrDrop || saturated;
        const reason = ctrDrop
          ? `CTR ${percent(change)} vs the 21 days before while frequency went ${fb} → ${fr}`
          : saturated
            ? `frequency ${fr} a day: the audience sees it too often`
            : 'CTR and frequency steady';
        return {
          id: a.id,
          name: a.name,
          ad_set_id: a.ad_set_id,
          ctr_recent: tr.ctr,
          ctr_baseline: tb.ctr,
          ctr_change: change,
          frequency_recent: fr,
          frequency_baseline: fb,
          fatigued,
          reason,
          actions: fatigued
            ? [
                ...[variationCall(a)].filter((x) => x !== null),
                { tool: 'update_socialads_ad', arguments: { ad_id: a.id, status: 'PAUSED' } },
              ]
            : [],
        };
      })
      .filter((x): x is NonNullable<typeof x> => Boolean(x))
      .sort((x, y) => Number(y.fatigued) - Number(x.fatigued) || (x.ctr_change ?? 0) - (y.ctr_change ?? 0));
    const tired = rows.filter((x) => x.fatigued);
    const text = [
      `## Creative fatigue, last 7 days (${recent.start} to ${recent.end}) vs the 21 days before`,
      '',
      tired.length
        ? `${tired.length} of ${rows.length} judged ad(s) show fatigue: add a fresh creative to the ad set with add_socialads_ad, then pause the tired ad with update_socialads_ad (status PAUSED).`
        : `None of ${rows.length} judged ad(s) shows fatigue.`,
      '',
      rows.length
        ? markdownTable(
            ['Ad', 'Id', 'CTR before', 'CTR now', 'Change', 'Freq before', 'Freq now', 'Fatigued', 'Why'],
            rows.map((x) => [
              x.name,
              x.id,
              percent(x.ctr_baseline),
              percent(x.ctr_recent),
              percent(x.ctr_change),
              x.frequency_baseline,
              x.frequency_recent,
              x.fatigued ? 'yes' : 'no',
              x.reason,
            ]),
          )
        : 'No ad has enough impressions in both periods.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        recent: { start_date: recent.start, end_date: recent.end },
        baseline: { start_date: baseline.start, end_date: baseline.end },
        ads: rows,
      },
    };
  },
});

export const analyzeSocialAdsAdPerformance = defineSocialAdsTool({
  name: 'analyze_socialads_ad_performance',
  description:
    "Ad- and creative-level socialads analysis: ranks the ads of each ad set on cost per result in the ad set's goal (ROAS for purchases, cost per ThruPlay for video views, reach cost for awareness), compares formats (image, video, carousel, catalog), and recommends pausing the losers (update_socialads_ad) and adding creatives like the winners (add_socialads_ad).",
  access: 'read',
  args: {
    campaign_id: idText('campaign', 'list_socialads_campaigns'),
    ad_set_id: idText('ad set', 'list_socialads_ad_sets'),
    ...windowEntries,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    ads: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        ad_type: v.string(),
        ad_set_id: v.string(),
        rank_in_ad_set: v.number(),
        verdict: v.string(),
        metrics: metricsSchema,
      }),
    ),
    formats: v.array(v.object({ ad_type: v.string(), ads: v.number(), spend: v.number(), results: v.number() })),
    recommendations: v.array(v.object({ text: v.string(), action })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    if (args.campaign_id) requireCampaign(st, args.campaign_id);
    if (args.ad_set_id) requireAdSet(st, args.ad_set_id);
    const ads = st.ads.filter(
      (a) =>
        a.status !== 'ARCHIVED' &&
        (!args.campaign_id || a.campaign_id === args.campaign_id) &&
        (!args.ad_set_id || a.ad_set_id === args.ad_set_id),
    );
    const m = await levelMetrics(
      ctx.platform,
      st,
      'ad',
      ads.map((a) => a.id),
      start,
      end,
    );
    const currency = ctx.account.currency;
    const rows: {
      id: string;
      name: string;
      ad_type: string;
      ad_set_id: string;
      status: string;
      rank_in_ad_set: number;
      verdict: string;
      metrics: ReturnType<typeof publicMetrics>;
    }[] = [];
    const recommendations: { text: string; action: { tool: string; arguments: Record<string, unknown> } }[] = [];
    for (const setId of [...new Set(ads.map((a) => a.ad_set_id))]) {
      const group = ads
        .filter((a) => a.ad_set_id === setId)
        .map((a) => ({ a, m: m(a.id) }))
        .filter((x) => x.m.spend > 0);
      // Cheapest result first; purchases by ROAS; no results last.
      group.sort((x, y) =>
        x.m.result_type === 'purchases'
          ? (y.m.roas ?? -1) - (x.m.roas ?? -1)
          : (x.m.cost_per_result ?? Infinity) - (y.m.cost_per_result ?? Infinity),
      );
      const best = group[0];
      group.forEach((x, i) => {
        let verdict = 'keep';
        if (group.length > 1 && i === 0) verdict = 'winner';
        else if (
          x.m.results === 0 ||
          (best && best.m.cost_per_result && x.m.cost_per_result && x.m.cost_per_result > best.m.cost_per_result * 2)
        )
          verdict = 'loser';
        rows.push({
          id: x.a.id,
          name: x.a.name,
          ad_type: x.a.ad_type,
          ad_set_id: setId,
          status: x.a.status,
          rank_in_ad_set: i + 1,
          verdict,
          metrics: publicMetrics(x.m),
        });
        if (verdict === 'loser' && x.a.status === 'ACTIVE')
          recommendations.push({
            text: `Pause "${x.a.name}": ${x.m.results === 0 ? `no ${RESULT_LABEL[x.m.result_type]} for ${money(x.m.spend, currency)}` : `${costPerResultText(x.m, currency)} per result, over twice the best ad's ${costPerResultText(best!.m, currency)}`}.`,
            action: { tool: 'update_socialads_ad', arguments: { ad_id: x.a.id, status: 'PAUSED' } },
          });
      });
      const variation = best && variationCall(best.a);
      if (best && variation && group.length > 1 && best.a.status === 'ACTIVE')
        recommendations.push({
          text: `"${best.a.name}" (${best.a.ad_type}) wins its ad set at ${costPerResultText(best.m, currency)} per result: add a variation of it (the call copies its creative: change the copy or image before sending).`,
          action: variation,
        });
    }
    const formats = [...new Set(rows.map((r) => r.ad_type))].map((t) => ({
      ad_type: t,
      ads: rows.filter((r) => r.ad_type === t).length,
      spend: Math.round(rows.filter((r) => r.ad_type === t).reduce((s, r) => s + r.metrics.spend, 0) * 100) / 100,
      results: rows.filter((r) => r.ad_type === t).reduce((s, r) => s + r.metrics.results, 0),
    }));
    const text = [
      `## Ad performance analysis, ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            ['Ad', 'Type', 'Ad set', 'Rank', 'Verdict', 'Spend', 'Results', 'Judged on'],
            rows.map((r) => [
              r.name,
              r.ad_type,
              st.adSet(r.ad_set_id)?.name,
              r.rank_in_ad_set,
              r.verdict,
              money(r.metrics.spend, currency),
              resultText(r.metrics),
              judgement(r.metrics, currency),
            ]),
          )
        : 'No ad delivered in this window.',
      '',
      '### Formats',
      markdownTable(
        ['Format', 'Ads', 'Spend', 'Results'],
        formats.map((f) => [f.ad_type, f.ads, money(f.spend, currency), count(f.results)]),
      ),
      '',
      '### Recommendations',
      ...(recommendations.length ? recommendations.map((r) => `- ${r.text} (${r.action.tool})`) : ['- Nothing to change.']),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        ads: rows.map(({ status: _s, ...r }) => r),
        formats,
        recommendations,
      },
    };
  },
});

const ANOMALY_METRICS = ['spend', 'results', 'cost_per_result', 'ctr', 'cpm', 'conversion_rate', 'roas'] as const;

export const explainSocialAdsAnomaly = defineSocialAdsTool({
  name: 'explain_socialads_anomaly',
  description:
    'Explains why a socialads metric changed between a period and the period of the same length just before it (default: last 7 days vs the 7 before), for the account or one campaign: decomposes it into volume, auction cost (CPM), click-through and conversion rate, and names the ad sets that moved it most, with the tool to act on each.',
  access: 'read',
  args: {
    metric: v.optional(
      v.pipe(v.picklist(ANOMALY_METRICS), v.description('spend, results, cost_per_result (default), ctr, cpm, conversion_rate or roas')),
      'cost_per_result',
    ),
    campaign_id: idText('campaign', 'list_socialads_campaigns'),
    start_date: windowEntries.start_date,
    end_date: windowEntries.end_date,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    metric: v.string(),
    current: v.object({ start_date: v.string(), end_date: v.string(), value: v.nullable(v.number()) }),
    previous: v.object({ start_date: v.string(), end_date: v.string(), value: v.nullable(v.number()) }),
    change: v.nullable(v.number()),
    drivers: v.array(
      v.object({ driver: v.string(), previous: v.nullable(v.number()), current: v.nullable(v.number()), change: v.nullable(v.number()) }),
    ),
    contributors: v.array(
      v.object({ ad_set_id: v.string(), name: v.string(), previous: v.number(), current: v.number(), spend_change: v.number(), action }),
    ),
  }),
  async run(args, ctx) {
    const cur = reportWindow(ctx, args, 7);
    const prev = previousPeriod(cur);
    const st = await readStructure(ctx.platform);
    const campaign = args.campaign_id ? requireCampaign(st, args.campaign_id) : undefined;
    const sets = st.adSets.filter((s) => !campaign || s.campaign_id === campaign.id);
    const [c, p] = await Promise.all([
      levelMetrics(
        ctx.platform,
        st,
        'adset',
        sets.map((s) => s.id),
        cur.start,
        cur.end,
      ),
      levelMetrics(
        ctx.platform,
        st,
        'adset',
        sets.map((s) => s.id),
        prev.start,
        prev.end,
      ),
    ]);
    const sum = (f: typeof c) => {
      const all = sets.map((s) => f(s.id));
      const spend = all.reduce((x, m) => x + m.spend, 0);
      const impressions = all.reduce((x, m) => x + m.impressions, 0);
      const clicks = all.reduce((x, m) => x + m.clicks, 0);
      const results = all.reduce((x, m) => x + (isConversionType(m.result_type) ? m.results : 0), 0);
      const revenue = all.reduce((x, m) => x + (m.revenue ?? 0), 0);
      const r = (a: number, b: number, d = 4) => (b > 0 ? Math.round((a / b) * 10 ** d) / 10 ** d : null);
      return {
        spend: Math.round(spend * 100) / 100,
        results,
        cost_per_result: r(spend, results, 2),
        ctr: r(clicks, impressions),
        cpm: r(spend * 1000, impressions, 2),
        conversion_rate: r(results, clicks),
        roas: r(revenue, spend, 2),
      };
    };
    const now = sum(c);
    const before = sum(p);
    const rel = (a: number | null, b: number | null) => (a !== null && b ? Math.round(((a - b) / b) * 10000) / 10000 : null);
    const drivers = (['spend', 'cpm', 'ctr', 'conversion_rate'] as const).map((d) => ({
      driver: d,
      previous: before[d],
      current: now[d],
      change: rel(now[d], before[d]),
    }));
    const contributors = sets
      .map((s) => ({
        ad_set_id: s.id,
        name: s.name,
        previous: p(s.id).spend,
        current: c(s.id).spend,
        spend_change: Math.round((c(s.id).spend - p(s.id).spend) * 100) / 100,
        action: { tool: 'get_socialads_ad_performance', arguments: { ad_set_id: s.id, start_date: cur.start, end_date: cur.end } },
      }))
      .filter((x) => x.previous || x.current)
      .sort((a, b) => Math.abs(b.spend_change) - Math.abs(a.spend_change))
      .slice(0, 5);
    const currency = ctx.account.currency;
    const change = rel(now[args.metric], before[args.metric]);
    const biggest = [...drivers]
      .filter((d) => d.change !== null && d.driver !== 'spend')
      .sort((a, b) => Math.abs(b.change!) - Math.abs(a.change!))[0];
    const fmt = (metric: string, value: number | null) =>
      value === null
        ? '-'
        : metric === 'ctr' || metric === 'conversion_rate'
          ? percent(value)
          : metric === 'results' || metric === 'roas'
            ? String(value)
            : money(value, currency);
    const text = [
      `## Why ${args.metric} changed${campaign ? ` in "${campaign.name}"` : ''}: ${cur.start} to ${cur.end} vs ${prev.start} to ${prev.end}`,
      '',
      `${args.metric}: ${fmt(args.metric, before[args.metric])} → ${fmt(args.metric, now[args.metric])} (${change === null ? 'no comparison' : percent(change)}).${biggest ? ` The biggest driver is ${biggest.driver} (${percent(biggest.change)}).` : ''}`,
      '',
      markdownTable(
        ['Driver', 'Before', 'Now', 'Change'],
        drivers.map((d) => [d.driver, fmt(d.driver, d.previous), fmt(d.driver, d.current), percent(d.change)]),
      ),
      '',
      '### Ad sets that moved it most',
      contributors.length
        ? markdownTable(
            ['Ad set', 'Id', 'Spend before', 'Spend now', 'Change'],
            contributors.map((x) => [
              x.name,
              x.ad_set_id,
              money(x.previous, currency),
              money(x.current, currency),
              money(x.spend_change, currency),
            ]),
          )
        : 'No delivery in either period.',
      '',
      'A rising CPM is the auction (competition, audience saturation); a falling CTR is the creative (detect_socialads_creative_fatigue); a falling conversion rate is the site or offer. Act on an ad set with update_socialads_ad_set (status, budget, targeting); see its ads with get_socialads_ad_performance.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        metric: args.metric,
        current: { start_date: cur.start, end_date: cur.end, value: now[args.metric] },
        previous: { start_date: prev.start, end_date: prev.end, value: before[args.metric] },
        change,
        drivers,
        contributors,
      },
    };
  },
});
