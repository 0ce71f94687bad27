/**
 * Analyses over the report's figures: wasted spend, creative fatigue, a metric's change explained,
 * and budget reallocation. Each names the write tool that carries out its advice, with arguments.
 */
import * as v from 'valibot';
import { addDays, lastReportDay, refuseDatesAfterYesterday, reportingZone } from '../../../core/dates';
import { dateArgument } from '../../../core/arguments';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import type { MetricTotals } from '../../../core/metrics';
import { defineShortVideoTool } from '../define';
import type { Objective, ShortVideoAdGroup, ShortVideoReportRow } from '../port';
import {
  CONVERSION_OBJECTIVES,
  MIN_BUDGET,
  SALES_OBJECTIVES,
  numericId,
  reportFigures,
  shortVideoBudgetDays,
  videoRates,
  windowArgs,
  windowRule,
  type EntityFigures,
} from './shared';
import { reportWindow, previousPeriod } from '../../../core/report-window';
import { findShortVideoWaste, WASTE_LEVELS, WASTE_MIN_SPEND, WASTE_ROAS_TARGET } from './waste';
import { budgetSourceNote, budgetUse, BUDGET_LIMITED_RULE, type BudgetSource } from '../../../core/budget-limited';

const actionSchema = v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()), reason: v.string() });
type Action = v.InferOutput<typeof actionSchema>;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Sales objectives' target ROAS, the same default in the waste and budget analyses. */
const roasTargetArg = v.optional(
  v.pipe(
    v.number(),
    v.minValue(0.1),
    v.maxValue(100),
    v.description(`Sales objectives: the ROAS that pays (default ${WASTE_ROAS_TARGET})`),
  ),
  WASTE_ROAS_TARGET,
);

// ---------------------------------------------------------------------------------------------
// Wasted spend

export const analyzeShortVideoWastedSpend = defineShortVideoTool({
  name: 'analyze_shortvideo_wasted_spend',
  description:
    'Finds shortvideo campaigns (or ad groups) losing money over a date range (default the last 30 days ending yesterday): CRITICAL = spend without a conversion, HIGH = ROAS under half the target ' +
    '(or cost per result over twice the target), MEDIUM = under target. Traffic, reach and video-view objectives are not judged on conversions. Each finding names the pause or budget tool that stops it.',
  access: 'read',
  args: {
    level: v.optional(v.pipe(v.picklist(['campaign', 'ad_group']), v.description('campaign (default) or ad_group')), 'campaign'),
    roas_target: roasTargetArg,
    cpa_target: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.description('Leads and installs: the highest cost per result that pays (default: the account average)'),
      ),
    ),
    min_spend: v.optional(
      v.pipe(v.number(), v.minValue(0), v.description(`Less spend than this is INSUFFICIENT_DATA (default ${WASTE_MIN_SPEND})`)),
      WASTE_MIN_SPEND,
    ),
    ...windowArgs,
  },
  rules: [windowRule],
  output: v.object({
    advertiser_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    level: v.string(),
    roas_target: v.number(),
    cpa_target: v.nullable(v.number()),
    total_wasted: v.number(),
    findings: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        campaign_id: v.string(),
        objective: v.string(),
        status: v.string(),
        severity: v.picklist(WASTE_LEVELS),
        spend: v.number(),
        conversions: v.optional(v.number()),
        revenue: v.optional(v.number()),
        roas: v.optional(v.nullable(v.number())),
        cpa: v.optional(v.nullable(v.number())),
        wasted: v.number(),
        reason: v.string(),
        actions: v.array(actionSchema),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const cur = ctx.account.currency;
    const {
      findings,
      cpa_target: cpaTarget,
      sentences,
      total_wasted: totalWasted,
    } = await findShortVideoWaste(ctx.platform, cur, { ...args, start, end });
    const flagged = findings.filter((f) => ['CRITICAL', 'HIGH', 'MEDIUM'].includes(f.severity));
    const text = [
      `## Wasted spend by ${args.level === 'campaign' ? 'campaign' : 'ad group'}, ${start} to ${end}`,
      '',
      flagged.length
        ? [
            ...sentences.map((t) => `- ${t}`),
            '',
            `Still running (the quick actions below stop it): **${money(totalWasted, cur)}** of that waste.`,
          ].join('\n')
        : `Nothing is losing money by these targets (at least ${money(args.min_spend, cur)} spent: no conversion, ROAS under ${args.roas_target}${cpaTarget !== null ? ` or cost per result over ${money(cpaTarget, cur)}` : ''}).`,
      '',
      markdownTable(
        ['Severity', 'Name', 'Objective', 'Status', 'Spend', 'Conversions', 'ROAS / CPA', 'Wasted', 'Why'],
        findings.map((f) => [
          f.severity,
          f.name,
          f.objective,
          f.status,
          money(f.spend, cur),
          f.conversions !== undefined ? count(f.conversions) : '-',
          f.roas !== undefined ? String(f.roas ?? '-') : f.cpa !== undefined ? money(f.cpa, cur) : '-',
          money(f.wasted, cur),
          f.reason,
        ]),
      ),
      ...(flagged.some((f) => f.actions.length)
        ? [
            '',
            '### Quick actions',
            ...flagged.flatMap((f) => f.actions.map((a) => `- ${f.name}: ${a.reason} → ${a.tool} ${JSON.stringify(a.arguments)}`)),
          ]
        : []),
      '',
      'Move the freed budget to what works with optimize_shortvideo_budget.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        level: args.level,
        roas_target: args.roas_target,
        cpa_target: cpaTarget,
        total_wasted: totalWasted,
        findings,
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Creative fatigue

const decline = (before: number | null, after: number | null) =>
  before && after !== null && before > 0 ? Math.round(((before - after) / before) * 10000) / 10000 : null;

export const detectShortVideoCreativeFatigue = defineShortVideoTool({
  name: 'detect_shortvideo_creative_fatigue',
  description:
    'Scores creative fatigue of running shortvideo video ads (0-100) from the decline of the hook rate (2-second views per play), the completion rate and the engagement rate ' +
    'over the recent days against the days before. FATIGUED ads are named with the tools to pause them and add a fresh creative.',
  access: 'read',
  args: {
    campaign_id: v.optional(numericId('campaign', 'list_shortvideo_campaigns')),
    end_date: v.optional(dateArgument('Last day judged, at the latest yesterday (default yesterday)')),
    recent_days: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(3), v.maxValue(30), v.description('Recent days compared (default 7)')),
      7,
    ),
    baseline_days: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(7), v.maxValue(60), v.description('Days before them it is compared with (default 14)')),
      14,
    ),
    min_impressions: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.description('Fewer impressions in either period is INSUFFICIENT_DATA (default 1000)'),
      ),
      1000,
    ),
  },
  output: v.object({
    advertiser_id: v.string(),
    recent: v.object({ start_date: v.string(), end_date: v.string() }),
    baseline: v.object({ start_date: v.string(), end_date: v.string() }),
    ads: v.array(
      v.object({
        ad_id: v.string(),
        ad_name: v.string(),
        adgroup_id: v.string(),
        campaign_id: v.string(),
        status: v.picklist(['FATIGUED', 'WARNING', 'HEALTHY', 'INSUFFICIENT_DATA']),
        score: v.nullable(v.number()),
        hook_rate: v.object({ baseline: v.nullable(v.number()), recent: v.nullable(v.number()), decline: v.nullable(v.number()) }),
        completion_rate: v.object({ baseline: v.nullable(v.number()), recent: v.nullable(v.number()), decline: v.nullable(v.number()) }),
        engagement_rate: v.object({ baseline: v.nullable(v.number()), recent: v.nullable(v.number()), decline: v.nullable(v.number()) }),
        recent_spend: v.number(),
        actions: v.array(actionSchema),
      }),
    ),
  }),
  async run(args, ctx) {
    refuseDatesAfterYesterday(ctx.now, { end_date: args.end_date }, reportingZone(ctx.account));
    const end = args.end_date ?? lastReportDay(ctx.now, reportingZone(ctx.account));
    const recentStart = addDays(end, -(args.recent_days - 1));
    const baseEnd = addDays(recentStart, -1);
    const baseStart = addDays(baseEnd, -(args.baseline_days - 1));
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    const [campaigns, groups] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.listAdGroups()]);
    const runningCampaigns = new Set(campaigns.filter((c) => c.status === 'ACTIVE').map((c) => c.id));
    const runningGroups = new Set(groups.filter((g) => g.status === 'ENABLED').map((g) => g.id));
    const ads = (await ctx.platform.listAds()).filter(
      (a) =>
        a.status === 'ENABLED' &&
        a.ad_format !== 'SINGLE_IMAGE' &&
        a.ad_format !== 'CAROUSEL_ADS' &&
        runningCampaigns.has(a.campaign_id) &&
        runningGroups.has(a.adgroup_id) &&
        (!args.campaign_id || a.campaign_id === args.campaign_id),
    );
    const [recent, baseline] = await Promise.all([
      reportFigures(
        ctx.platform,
        'AUCTION_AD',
        ads.map((a) => a.id),
        recentStart,
        end,
      ),
      reportFigures(
        ctx.platform,
        'AUCTION_AD',
        ads.map((a) => a.id),
        baseStart,
        baseEnd,
      ),
    ]);
    const rows = ads
      .map((a) => {
        const r = videoRates(recent.get(a.id)!.engagement);
        const b = videoRates(baseline.get(a.id)!.engagement);
        const pair = (k: 'hook_rate' | 'completion_rate' | 'engagement_rate') => ({
          baseline: b[k],
          recent: r[k],
          decline: decline(b[k], r[k]),
        });
        const hook = pair('hook_rate');
        const completion = pair('completion_rate');
        const engagement = pair('engagement_rate');
        const enough =
          recent.get(a.id)!.engagement.impressions >= args.min_impressions &&
          baseline.get(a.id)!.engagement.impressions >= args.min_impressions;
        // A 30 % decline of a rate counts fully; the hook weighs most.
        const part = (d: number | null) => Math.min(1, Math.max(0, (d ?? 0) / 0.3));
        const score = enough
          ? Math.round((0.5 * part(hook.decline) + 0.3 * part(completion.decline) + 0.2 * part(engagement.decline)) * 100)
          : null;
        const status =
          score === null
            ? ('INSUFFICIENT_DATA' as const)
            : score >= 50
              ? ('FATIGUED' as const)
              : score >= 25
                ? ('WARNING' as const)
                : ('HEALTHY' as const);
        const actions: Action[] =
          status === 'FATIGUED'
            ? [
                { tool: 'pause_shortvideo_ad', arguments: { ad_id: a.id }, reason: 'stop the worn-out creative' },
                {
                  tool: 'add_shortvideo_ad',
                  arguments: { adgroup_id: a.adgroup_id },
                  reason: 'add a fresh creative to the same ad group (with a new video)',
                },
              ]
            : status === 'WARNING'
              ? [
                  {
                    tool: 'add_shortvideo_ad',
                    arguments: { adgroup_id: a.adgroup_id },
                    reason: 'prepare a fresh creative before it wears out',
                  },
                ]
              : [];
        return {
          ad_id: a.id,
          ad_name: a.ad_name,
          adgroup_id: a.adgroup_id,
          campaign_id: a.campaign_id,
          status,
          score,
          hook_rate: hook,
          completion_rate: completion,
          engagement_rate: engagement,
          recent_spend: recent.get(a.id)!.totals.spend,
          actions,
        };
      })
      .sort((x, y) => (y.score ?? -1) - (x.score ?? -1));
    const cur = ctx.account.currency;
    const fatigued = rows.filter((r) => r.status === 'FATIGUED');
    const pct = (d: number | null) => (d === null ? '-' : `${d > 0 ? '-' : '+'}${percent(Math.abs(d), 1)}`);
    const text = [
      `## Creative fatigue: ${recentStart} to ${end} against ${baseStart} to ${baseEnd}`,
      '',
      fatigued.length
        ? `**${fatigued.length}** of ${rows.length} running video ads are fatigued.`
        : `None of ${rows.length} running video ads is fatigued.`,
      '',
      rows.length
        ? markdownTable(
            ['Ad', 'Status', 'Score', 'Hook rate', 'Change', 'Completion', 'Change', 'Engagement', 'Change', 'Recent spend'],
            rows.map((r) => [
              r.ad_name,
              r.status,
              r.score ?? '-',
              percent(r.hook_rate.recent),
              pct(r.hook_rate.decline),
              percent(r.completion_rate.recent),
              pct(r.completion_rate.decline),
              percent(r.engagement_rate.recent),
              pct(r.engagement_rate.decline),
              money(r.recent_spend, cur),
            ]),
          )
        : 'No running video ads.',
      ...(fatigued.length
        ? [
            '',
            '### What to do',
            ...fatigued.flatMap((r) => r.actions.map((a) => `- ${r.ad_name}: ${a.reason} → ${a.tool} ${JSON.stringify(a.arguments)}`)),
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        recent: { start_date: recentStart, end_date: end },
        baseline: { start_date: baseStart, end_date: baseEnd },
        ads: rows,
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Anomaly explained

const ANOMALY_METRICS = [
  'spend',
  'impressions',
  'clicks',
  'conversions',
  'revenue',
  'video_views',
  'ctr',
  'cpc',
  'cpm',
  'cpa',
  'roas',
  'hook_rate',
  'completion_rate',
] as const;
type AnomalyMetric = (typeof ANOMALY_METRICS)[number];

function metricOf(f: EntityFigures, metric: AnomalyMetric): number | null {
  const t: MetricTotals = f.totals;
  switch (metric) {
    case 'cpm':
      return t.impressions > 0 ? round2((t.spend / t.impressions) * 1000) : null;
    case 'hook_rate':
      return videoRates(f.engagement).hook_rate;
    case 'completion_rate':
      return videoRates(f.engagement).completion_rate;
    case 'video_views':
      return t.video_views ?? 0;
    default:
      return t[metric];
  }
}
const ADDITIVE = new Set<AnomalyMetric>(['spend', 'impressions', 'clicks', 'conversions', 'revenue', 'video_views']);

export const explainShortVideoAnomaly = defineShortVideoTool({
  name: 'explain_shortvideo_anomaly',
  description:
    'Explains a change in a shortvideo metric (spend, impressions, clicks, conversions, revenue, video views, CTR, CPC, CPM, CPA, ROAS, hook rate, completion rate) between a period (default the last 7 days ending yesterday) ' +
    'and the period of the same length before it: the change, which campaigns (or ad groups of one campaign) drove it, and which of them stopped or started delivering.',
  access: 'read',
  args: {
    metric: v.pipe(v.picklist(ANOMALY_METRICS), v.description(ANOMALY_METRICS.join(', '))),
    campaign_id: v.optional(numericId('campaign', 'list_shortvideo_campaigns')),
    start_date: v.optional(dateArgument('First day of the period (with end_date); default 7 days before yesterday')),
    end_date: v.optional(dateArgument('Last day of the period, at the latest yesterday (with start_date)')),
    lookback_days: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(90), v.description('Length of the period ending yesterday (default 7)')),
      7,
    ),
  },
  rules: [windowRule],
  output: v.object({
    advertiser_id: v.string(),
    metric: v.string(),
    period: v.object({ start_date: v.string(), end_date: v.string() }),
    previous: v.object({ start_date: v.string(), end_date: v.string() }),
    before: v.nullable(v.number()),
    after: v.nullable(v.number()),
    change: v.nullable(v.number()),
    change_percent: v.nullable(v.number()),
    drivers: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        before: v.nullable(v.number()),
        after: v.nullable(v.number()),
        change: v.nullable(v.number()),
        share_of_change: v.nullable(v.number()),
        note: v.optional(v.string()),
      }),
    ),
    actions: v.array(actionSchema),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const { start: prevStart, end: prevEnd } = previousPeriod({ start, end });
    let parent: { level: 'AUCTION_ADVERTISER' | 'AUCTION_CAMPAIGN'; id: string };
    let children: { id: string; name: string; status: string }[];
    if (args.campaign_id) {
      const c = await ctx.platform.getCampaign(args.campaign_id);
      parent = { level: 'AUCTION_CAMPAIGN', id: c.id };
      children = (await ctx.platform.listAdGroups())
        .filter((g) => g.campaign_id === c.id)
        .map((g) => ({ id: g.id, name: g.adgroup_name, status: g.status }));
    } else {
      parent = { level: 'AUCTION_ADVERTISER', id: ctx.account.account_id };
      children = (await ctx.platform.listCampaigns()).map((c) => ({ id: c.id, name: c.campaign_name, status: c.status }));
    }
    const childLevel = args.campaign_id ? 'AUCTION_ADGROUP' : 'AUCTION_CAMPAIGN';
    const [pNow, pPrev, cNow, cPrev] = await Promise.all([
      reportFigures(ctx.platform, parent.level, [parent.id], start, end),
      reportFigures(ctx.platform, parent.level, [parent.id], prevStart, prevEnd),
      reportFigures(
        ctx.platform,
        childLevel,
        children.map((c) => c.id),
        start,
        end,
      ),
      reportFigures(
        ctx.platform,
        childLevel,
        children.map((c) => c.id),
        prevStart,
        prevEnd,
      ),
    ]);
    const after = metricOf(pNow.get(parent.id)!, args.metric);
    const before = metricOf(pPrev.get(parent.id)!, args.metric);
    const change = after !== null && before !== null ? round2(after - before) : null;
    const changePercent = change !== null && before ? Math.round((change / before) * 10000) / 100 : null;
    const drivers = children
      .map((c) => {
        const a = metricOf(cNow.get(c.id)!, args.metric);
        const b = metricOf(cPrev.get(c.id)!, args.metric);
        const spendNow = cNow.get(c.id)!.totals.spend;
        const spendBefore = cPrev.get(c.id)!.totals.spend;
        const d = a !== null && b !== null ? round2(a - b) : null;
        const note =
          spendBefore > 0 && spendNow === 0
            ? `stopped delivering (now ${c.status})`
            : spendBefore === 0 && spendNow > 0
              ? 'started delivering'
              : undefined;
        return {
          id: c.id,
          name: c.name,
          status: c.status,
          before: b,
          after: a,
          change: d,
          share_of_change: ADDITIVE.has(args.metric) && change && d !== null ? Math.round((d / change) * 10000) / 10000 : null,
          ...(note ? { note } : {}),
        };
      })
      .filter((d) => (d.before ?? 0) !== 0 || (d.after ?? 0) !== 0)
      .sort((x, y) => Math.abs(y.change ?? 0) - Math.abs(x.change ?? 0));
    const top = drivers.slice(0, 5);
    const actions: Action[] = [];
    const childTool = args.campaign_id
      ? { pause: 'pause_shortvideo_ad_group', resume: 'resume_shortvideo_ad_group', id: 'adgroup_id' }
      : { pause: 'pause_shortvideo_campaign', resume: 'resume_shortvideo_campaign', id: 'campaign_id' };
    for (const d of top) {
      if (d.note?.startsWith('stopped') && (d.status === 'PAUSED' || d.status === 'DISABLED'))
        actions.push({
          tool: childTool.resume,
          arguments: { [childTool.id]: d.id },
          reason: `${d.name} stopped delivering: resume it if the pause was not meant`,
        });
    }
    const cur = ctx.account.currency;
    const show = (x: number | null) =>
      x === null
        ? '-'
        : ['ctr', 'hook_rate', 'completion_rate'].includes(args.metric)
          ? percent(x)
          : ['spend', 'revenue', 'cpc', 'cpm', 'cpa'].includes(args.metric)
            ? money(x, cur)
            : String(x);
    const text = [
      `## ${args.metric}: ${start} to ${end} against ${prevStart} to ${prevEnd}${args.campaign_id ? ` (campaign ${args.campaign_id})` : ''}`,
      '',
      `${args.metric} went from **${show(before)}** to **${show(after)}**${changePercent !== null ? ` (${changePercent > 0 ? '+' : ''}${changePercent} %)` : ''}.`,
      '',
      top.length
        ? markdownTable(
            [args.campaign_id ? 'Ad group' : 'Campaign', 'Status', 'Before', 'After', 'Change', 'Share of change', 'Note'],
            top.map((d) => [
              d.name,
              d.status,
              show(d.before),
              show(d.after),
              show(d.change),
              d.share_of_change === null ? '-' : percent(d.share_of_change, 1),
              d.note ?? '',
            ]),
          )
        : 'No delivery in either period.',
      '',
      actions.length
        ? actions.map((a) => `- ${a.reason} → ${a.tool} ${JSON.stringify(a.arguments)}`).join('\n')
        : 'Next: look closer with get_shortvideo_campaign_performance (include_days) or find waste with analyze_shortvideo_wasted_spend.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        metric: args.metric,
        period: { start_date: start, end_date: end },
        previous: { start_date: prevStart, end_date: prevEnd },
        before,
        after,
        change,
        change_percent: changePercent,
        drivers,
        actions,
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Budget reallocation

const moveSchema = v.object({
  adgroup_id: v.string(),
  adgroup_name: v.string(),
  campaign_id: v.string(),
  role: v.picklist(['donor', 'recipient', 'campaign_cap']),
  current_budget: v.number(),
  proposed_budget: v.number(),
  reason: v.string(),
  tool: v.string(),
  arguments: v.record(v.string(), v.unknown()),
});
type Move = v.InferOutput<typeof moveSchema>;

export const optimizeShortVideoBudget = defineShortVideoTool({
  name: 'optimize_shortvideo_budget',
  description:
    "Recommends moving shortvideo daily budget from ad groups that do not pay (no conversions, or ROAS / cost per result off target) to ad groups that pay and are limited by a budget (their own, or their campaign's that caps them together), over a date range " +
    `(default the last 30 days ending yesterday). ${BUDGET_LIMITED_RULE} Only ad groups with daily budgets of their own, in conversion objectives; never raises one below target. Each move names update_shortvideo_ad_group (and update_shortvideo_campaign when the campaign budget would cap it) or pause_shortvideo_ad_group.`,
  access: 'read',
  args: {
    campaign_id: v.optional(numericId('campaign', 'list_shortvideo_campaigns')),
    roas_target: roasTargetArg,
    cpa_target: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.description('Leads and installs: the highest cost per result that pays (default: the account average)'),
      ),
    ),
    max_increase_percent: v.optional(
      v.pipe(v.number(), v.minValue(1), v.maxValue(100), v.description('Largest raise of one budget, percent (default 50)')),
      50,
    ),
    ...windowArgs,
  },
  rules: [windowRule],
  output: v.object({
    advertiser_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    budget_source: v.picklist(['each_day', 'today']),
    freed: v.number(),
    moved: v.number(),
    moves: v.array(moveSchema),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    const campaigns = new Map((await ctx.platform.listCampaigns()).map((c) => [c.id, c]));
    const groups = (await ctx.platform.listAdGroups()).filter((g) => {
      const c = campaigns.get(g.campaign_id);
      return (
        c &&
        c.status === 'ACTIVE' &&
        g.status === 'ENABLED' &&
        g.budget_mode === 'BUDGET_MODE_DAY' &&
        g.budget &&
        !c.budget_optimize_on &&
        CONVERSION_OBJECTIVES.includes(c.objective_type) &&
        (!args.campaign_id || g.campaign_id === args.campaign_id)
      );
    });
    const figures = await reportFigures(
      ctx.platform,
      'AUCTION_ADGROUP',
      groups.map((g) => g.id),
      start,
      end,
    );
    // Held back by a budget (core/budget-limited.ts): its own daily budget, or its campaign's daily budget that caps its ad
    // groups together, each day it ran against the budget it had that day (today's where the platform reports none: said so).
    let budgetSource: BudgetSource = 'each_day';
    const spendsBudget = (rows: readonly ShortVideoReportRow[], todayBudget: number) => {
      const { days, source } = shortVideoBudgetDays(rows, todayBudget);
      if (days.length && source === 'today') budgetSource = 'today';
      return budgetUse(days).limited;
    };
    const campaignFigures = await reportFigures(
      ctx.platform,
      'AUCTION_CAMPAIGN',
      [...new Set(groups.map((g) => g.campaign_id))],
      start,
      end,
    );
    const campaignLimited = (id: string) => {
      const c = campaigns.get(id)!;
      return c.budget_mode === 'BUDGET_MODE_DAY' && !!c.budget && spendsBudget(campaignFigures.get(id)?.days ?? [], c.budget);
    };
    const nonSales = groups.filter((g) => !SALES_OBJECTIVES.includes(campaigns.get(g.campaign_id)!.objective_type));
    const spent = nonSales.reduce((t, g) => t + figures.get(g.id)!.totals.spend, 0);
    const got = nonSales.reduce((t, g) => t + figures.get(g.id)!.totals.conversions, 0);
    const cpaTarget = args.cpa_target ?? (got > 0 ? spent / got : Infinity);
    const pays = (o: Objective, t: MetricTotals) =>
      SALES_OBJECTIVES.includes(o) ? (t.roas ?? 0) >= args.roas_target : t.conversions > 0 && (t.cpa ?? Infinity) <= cpaTarget;
    const moves: Move[] = [];
    let freed = 0;
    const recipients: ShortVideoAdGroup[] = [];
    for (const g of groups) {
      const t = figures.get(g.id)!.totals;
      const o = campaigns.get(g.campaign_id)!.objective_type;
      if (t.conversions === 0 && t.spend > 0) {
        freed += g.budget!;
        moves.push({
          adgroup_id: g.id,
          adgroup_name: g.adgroup_name,
          campaign_id: g.campaign_id,
          role: 'donor',
          current_budget: g.budget!,
          proposed_budget: 0,
          reason: `${money(t.spend, ctx.account.currency)} spent without a conversion: pause it`,
          tool: 'pause_shortvideo_ad_group',
          arguments: { adgroup_id: g.id },
        });
      } else if (!pays(o, t) && g.budget! > MIN_BUDGET.ad_group) {
        const next = Math.max(MIN_BUDGET.ad_group, round2(g.budget! * 0.6));
        freed += g.budget! - next;
        moves.push({
          adgroup_id: g.id,
          adgroup_name: g.adgroup_name,
          campaign_id: g.campaign_id,
          role: 'donor',
          current_budget: g.budget!,
          proposed_budget: next,
          reason: SALES_OBJECTIVES.includes(o)
            ? `ROAS ${t.roas} under ${args.roas_target}`
            : `cost per result ${t.cpa} over ${round2(cpaTarget)}`,
          tool: 'update_shortvideo_ad_group',
          arguments: { adgroup_id: g.id, budget: next },
        });
      } else if (pays(o, t) && (spendsBudget(figures.get(g.id)!.days, g.budget!) || campaignLimited(g.campaign_id))) {
        recipients.push(g);
      }
    }
    // Freed money goes to the paying, budget-limited ad groups, best return first, each raised by at most max_increase_percent.
    const value = (g: ShortVideoAdGroup) => {
      const t = figures.get(g.id)!.totals;
      return SALES_OBJECTIVES.includes(campaigns.get(g.campaign_id)!.objective_type)
        ? (t.roas ?? 0) / args.roas_target
        : cpaTarget / (t.cpa ?? Infinity);
    };
    recipients.sort((a, b) => value(b) - value(a));
    let left = freed;
    let moved = 0;
    const raisedByCampaign = new Map<string, number>();
    for (const g of recipients) {
      if (left <= 0) break;
      const raise = Math.min(left, round2(g.budget! * (args.max_increase_percent / 100)));
      if (raise < 1) continue;
      const next = round2(g.budget! + raise);
      left -= raise;
      moved += raise;
      raisedByCampaign.set(g.campaign_id, (raisedByCampaign.get(g.campaign_id) ?? 0) + raise);
      moves.push({
        adgroup_id: g.id,
        adgroup_name: g.adgroup_name,
        campaign_id: g.campaign_id,
        role: 'recipient',
        current_budget: g.budget!,
        proposed_budget: next,
        reason: `pays (${SALES_OBJECTIVES.includes(campaigns.get(g.campaign_id)!.objective_type) ? `ROAS ${figures.get(g.id)!.totals.roas}` : `cost per result ${figures.get(g.id)!.totals.cpa}`}) and is held back by ${spendsBudget(figures.get(g.id)!.days, g.budget!) ? 'its' : "its campaign's"} budget`,
        tool: 'update_shortvideo_ad_group',
        arguments: { adgroup_id: g.id, budget: next },
      });
    }
    // A campaign daily budget under its ad groups' new budgets would cap the raise: lift it to their sum.
    for (const campaignId of raisedByCampaign.keys()) {
      const c = campaigns.get(campaignId)!;
      if (c.budget_mode !== 'BUDGET_MODE_DAY') continue;
      const budgetsAfter = round2(
        groups
          .filter((g) => g.campaign_id === campaignId)
          .reduce((t, g) => t + (moves.find((m) => m.adgroup_id === g.id)?.proposed_budget ?? g.budget!), 0),
      );
      if (budgetsAfter > c.budget) {
        moves.push({
          adgroup_id: '',
          adgroup_name: '',
          campaign_id: campaignId,
          role: 'campaign_cap',
          current_budget: c.budget,
          proposed_budget: budgetsAfter,
          reason: `campaign "${c.campaign_name}" budget would cap its ad groups' new budgets (${budgetsAfter} together)`,
          tool: 'update_shortvideo_campaign',
          arguments: { campaign_id: campaignId, budget: budgetsAfter },
        });
      }
    }
    const cur = ctx.account.currency;
    const text = [
      `## Budget reallocation, ${start} to ${end}`,
      '',
      moves.length
        ? `Free **${money(freed, cur)}** a day from ad groups that do not pay; move **${money(moved, cur)}** a day to ad groups that pay and are held back by their budget.`
        : 'No move: nothing wastes, or nothing that pays is held back by its budget.',
      '',
      ...(moves.length
        ? [
            markdownTable(
              ['Role', 'Ad group / campaign', 'Budget now', 'Proposed', 'Why', 'Tool'],
              moves.map((m) => [
                m.role,
                m.adgroup_name || `campaign ${m.campaign_id}`,
                money(m.current_budget, cur),
                m.proposed_budget === 0 ? 'paused' : money(m.proposed_budget, cur),
                m.reason,
                `${m.tool} ${JSON.stringify(m.arguments)}`,
              ]),
            ),
          ]
        : []),
      '',
      `${freed > moved ? `${money(freed - moved, cur)} a day is saved rather than moved (no other ad group that pays could use it). ` : ''}Apply each move with its tool; add dry_run: true first to see the plan.`,
      ...(budgetSourceNote(budgetSource) ? ['', budgetSourceNote(budgetSource)] : []),
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        budget_source: budgetSource,
        freed: round2(freed),
        moved: round2(moved),
        moves,
      },
    };
  },
});
