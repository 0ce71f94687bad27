/**
 * What many shortvideo tools share, once: the reporting window arguments, the figures each
 * objective reports, the video and engagement rates, the report readers' totals, and budget lines
 * for write plans.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedBudget } from '../../../core/plan';
import { dateArgument } from '../../../core/arguments';
import { datePairRule } from '../../../core/report-window';
import { totals, type MetricTotals } from '../../../core/metrics';
import { budgetDaysOf, type BudgetDay, type BudgetSource } from '../../../core/budget-limited';
import type { Objective, ReportDataLevel, ShortVideoPort, ShortVideoReportRow, VideoEngagement } from '../port';

export const numericId = (what: string, from: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, `must be a numeric ${what} id (from ${from})`),
    v.description(`The ${what} id (from ${from})`),
  );

// ---------------------------------------------------------------------------------------------
// Reporting window: start_date/end_date, or the last `lookback_days` days ending yesterday.

export const windowArgs = {
  start_date: v.optional(dateArgument('First day, YYYY-MM-DD (with end_date); default 30 days before yesterday')),
  end_date: v.optional(dateArgument('Last day, YYYY-MM-DD, at the latest yesterday (with start_date); default yesterday')),
  lookback_days: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(365),
      v.description('Days of performance ending yesterday, 1-365, default 30 (ignored with start_date/end_date)'),
    ),
    30,
  ),
};

/** start_date / end_date go together and in order. */
export const windowRule = (args: { start_date?: string; end_date?: string }) => datePairRule(args, 'leave both out to use `lookback_days`');

// ---------------------------------------------------------------------------------------------
// Figures per entity, as the report gives them.

export type Engagement = VideoEngagement & { video_views: number; impressions: number };

/** Totals plus video and engagement figures of one entity over a range. */
export interface EntityFigures {
  totals: MetricTotals;
  engagement: Engagement;
}

const ENGAGEMENT_FIELDS = ['video_watched_2s', 'video_watched_6s', 'video_views_p100', 'likes', 'comments', 'shares', 'follows'] as const;

export function sumEngagement(rows: readonly ShortVideoReportRow[]): Engagement {
  const sum: Engagement = {
    impressions: 0,
    video_views: 0,
    video_watched_2s: 0,
    video_watched_6s: 0,
    video_views_p100: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    follows: 0,
  };
  for (const row of rows) {
    sum.impressions += row.impressions;
    sum.video_views += row.video_views;
    for (const f of ENGAGEMENT_FIELDS) sum[f] += row[f];
  }
  return sum;
}

/** Each entity's figures over [start, end] at `level` (zero without rows); the days too when asked. */
export async function reportFigures(
  platform: ShortVideoPort,
  level: ReportDataLevel,
  ids: readonly string[],
  start: string,
  end: string,
): Promise<Map<string, EntityFigures & { days: ShortVideoReportRow[] }>> {
  const days = new Map<string, ShortVideoReportRow[]>(ids.map((id) => [id, []]));
  if (ids.length)
    for (const row of await platform.getReport({ data_level: level, start_date: start, end_date: end, ids: [...new Set(ids)] }))
      days.get(row.id)?.push(row);
  return new Map(
    [...days].map(([id, list]) => [
      id,
      { totals: totals(list), engagement: sumEngagement(list), days: list.sort((a, b) => a.date.localeCompare(b.date)) },
    ]),
  );
}

/**
 * The days an entity ran (delivered anything) with the daily budget it had each day, as
 * core/budget-limited.ts judges them; a row without a reported budget is judged with `todayBudget`
 * (source 'today'). One reading for every shortvideo tool and finder that says "limited by budget".
 */
export function shortVideoBudgetDays(
  rows: readonly ShortVideoReportRow[],
  todayBudget: number,
): { days: BudgetDay[]; source: BudgetSource } {
  return budgetDaysOf(
    rows.filter((r) => r.impressions > 0 || r.spend > 0),
    todayBudget,
  );
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10000) / 10000 : null);

/** The video rates: hook (2-second views per play), hold (6 s of 2 s), completion (to the end per play), engagement (reactions per play). */
export interface VideoRates {
  video_views: number;
  video_watched_2s: number;
  video_watched_6s: number;
  video_views_p100: number;
  hook_rate: number | null;
  hold_rate: number | null;
  completion_rate: number | null;
  likes: number;
  comments: number;
  shares: number;
  follows: number;
  engagement_rate: number | null;
}

export function videoRates(e: Engagement): VideoRates {
  const reactions = e.likes + e.comments + e.shares + e.follows;
  return {
    video_views: e.video_views,
    video_watched_2s: e.video_watched_2s,
    video_watched_6s: e.video_watched_6s,
    video_views_p100: e.video_views_p100,
    hook_rate: ratio(e.video_watched_2s, e.video_views),
    hold_rate: ratio(e.video_watched_6s, e.video_watched_2s),
    completion_rate: ratio(e.video_views_p100, e.video_views),
    likes: e.likes,
    comments: e.comments,
    shares: e.shares,
    follows: e.follows,
    engagement_rate: ratio(reactions, e.video_views),
  };
}

export const videoRatesSchema = v.object({
  video_views: v.number(),
  video_watched_2s: v.number(),
  video_watched_6s: v.number(),
  video_views_p100: v.number(),
  hook_rate: v.nullable(v.number()),
  hold_rate: v.nullable(v.number()),
  completion_rate: v.nullable(v.number()),
  likes: v.number(),
  comments: v.number(),
  shares: v.number(),
  follows: v.number(),
  engagement_rate: v.nullable(v.number()),
});

// ---------------------------------------------------------------------------------------------
// What each objective reports.

/** Objectives judged on conversions (purchases, leads, installs). */
export const CONVERSION_OBJECTIVES: readonly Objective[] = ['WEB_CONVERSIONS', 'PRODUCT_SALES', 'LEAD_GENERATION', 'APP_PROMOTION'];
/** Objectives whose conversions carry a sales value (revenue, ROAS). */
export const SALES_OBJECTIVES: readonly Objective[] = ['WEB_CONVERSIONS', 'PRODUCT_SALES'];

/**
 * The metrics an objective reports: delivery (impressions, clicks, spend, CTR, CPC, views) always;
 * conversions with cost per conversion and conversion rate only for conversion objectives; revenue
 * and ROAS only for sales; reach and frequency for reach. A metric the objective does not have is
 * absent, not zero.
 */
export interface ObjectiveMetrics {
  impressions: number;
  clicks: number;
  spend: number;
  ctr: number | null;
  cpc: number | null;
  cpm: number | null;
  video_views?: number;
  view_rate?: number | null;
  conversions?: number;
  cpa?: number | null;
  conversion_rate?: number | null;
  revenue?: number;
  roas?: number | null;
  reach?: number;
  frequency?: number;
}

export const objectiveMetricsSchema = v.object({
  impressions: v.number(),
  clicks: v.number(),
  spend: v.number(),
  ctr: v.nullable(v.number()),
  cpc: v.nullable(v.number()),
  cpm: v.nullable(v.number()),
  video_views: v.optional(v.number()),
  view_rate: v.optional(v.nullable(v.number())),
  conversions: v.optional(v.number()),
  cpa: v.optional(v.nullable(v.number())),
  conversion_rate: v.optional(v.nullable(v.number())),
  revenue: v.optional(v.number()),
  roas: v.optional(v.nullable(v.number())),
  reach: v.optional(v.number()),
  frequency: v.optional(v.number()),
});

export function objectiveMetrics(objective: Objective, t: MetricTotals, reach?: { reach: number; frequency: number }): ObjectiveMetrics {
  const out: ObjectiveMetrics = {
    impressions: t.impressions,
    clicks: t.clicks,
    spend: t.spend,
    ctr: t.ctr,
    cpc: t.cpc,
    cpm: t.impressions > 0 ? Math.round((t.spend / t.impressions) * 1000 * 100) / 100 : null,
  };
  if (t.video_views !== undefined) Object.assign(out, { video_views: t.video_views, view_rate: t.view_rate ?? null });
  if (CONVERSION_OBJECTIVES.includes(objective))
    Object.assign(out, { conversions: t.conversions, cpa: t.cpa, conversion_rate: t.conversion_rate });
  if (SALES_OBJECTIVES.includes(objective)) Object.assign(out, { revenue: t.revenue, roas: t.roas });
  if (objective === 'REACH' && reach) Object.assign(out, reach);
  return out;
}

/** Reach and frequency of each entity over the range, where the objective calls for them (REACH). */
export async function reachFor(
  platform: ShortVideoPort,
  level: ReportDataLevel,
  ids: readonly string[],
  start: string,
  end: string,
): Promise<Map<string, { reach: number; frequency: number }>> {
  if (!ids.length) return new Map();
  const rows = await platform.getReachReport({ data_level: level, start_date: start, end_date: end, ids: [...ids] });
  return new Map(rows.map((r) => [r.id, { reach: r.reach, frequency: r.frequency }]));
}

// ---------------------------------------------------------------------------------------------
// Budgets.

export type BudgetMode = 'BUDGET_MODE_DAY' | 'BUDGET_MODE_TOTAL' | 'BUDGET_MODE_INFINITE';

/** The platform's minimum budgets (USD-equivalent in the account currency): campaign 50, ad group 20 a day. */
export const MIN_BUDGET = { campaign: 50, ad_group: 20 } as const;

/** Days a lifetime budget runs over (its schedule, or 30 days when open-ended), for its daily equivalent. */
export function flightDays(startIso: string, endIso?: string): number {
  if (!endIso) return 30;
  return Math.max(
    1,
    Math.round(
      (Date.parse(endIso.replace(' ', 'T') + (endIso.includes('Z') ? '' : 'Z')) -
        Date.parse(startIso.replace(' ', 'T') + (startIso.includes('Z') ? '' : 'Z'))) /
        86_400_000,
    ),
  );
}

/**
 * The budget line of a plan: daily budgets as they are, a lifetime budget as its daily equivalent
 * over `days` (with a note), nothing for BUDGET_MODE_INFINITE (no budget of its own).
 */
export function plannedBudget(
  entity: 'campaign' | 'ad_group',
  who: { id?: string; name: string },
  before: { mode: BudgetMode; amount?: number; days?: number } | undefined,
  after: { mode: BudgetMode; amount?: number; days?: number },
  currency: string,
): { budgets: PlannedBudget[]; notes: string[] } {
  const daily = (b: { mode: BudgetMode; amount?: number; days?: number }) =>
    b.mode === 'BUDGET_MODE_DAY'
      ? b.amount
      : b.mode === 'BUDGET_MODE_TOTAL' && b.amount
        ? Math.round((b.amount / (b.days ?? 30)) * 100) / 100
        : undefined;
  const afterDaily = daily(after);
  if (afterDaily === undefined) return { budgets: [], notes: [] };
  const notes =
    after.mode === 'BUDGET_MODE_TOTAL'
      ? [`The lifetime budget of ${after.amount} ${currency} is counted as ${afterDaily} ${currency} a day over ${after.days ?? 30} days.`]
      : [];
  const beforeDaily = before ? daily(before) : undefined;
  return {
    budgets: [
      {
        entity,
        ...(who.id ? { id: who.id } : {}),
        name: who.name,
        ...(beforeDaily !== undefined ? { before: beforeDaily } : {}),
        after: afterDaily,
        currency,
      },
    ],
    notes,
  };
}

/** Refuses a budget under the platform's minimum for the level. */
export function requireMinimumBudget(
  level: 'campaign' | 'ad_group',
  argument: string,
  mode: BudgetMode,
  amount: number | undefined,
  currency: string,
  days = 1,
): void {
  if (mode === 'BUDGET_MODE_INFINITE' || amount === undefined) return;
  const minimum = MIN_BUDGET[level] * (mode === 'BUDGET_MODE_TOTAL' ? days : 1);
  if (amount < minimum) {
    throw new ToolError(
      `\`${argument}\` ${amount} ${currency} is below the platform's minimum ${mode === 'BUDGET_MODE_TOTAL' ? `lifetime budget for ${days} days` : 'daily budget'} for ${level === 'campaign' ? 'a campaign' : 'an ad group'}: ${minimum} ${currency}.`,
      { code: 'budget_below_minimum', minimum },
    );
  }
}
