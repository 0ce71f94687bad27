/**
 * "Limited by budget", one definition for every tool that says a campaign is limited, at its budget
 * or budget-constrained (recommendations, budget optimisers, budget usage, the watch's winners):
 *
 * - A day is limited when that day's spend reached LIMITED_DAY_SHARE (90 %) of THAT DAY's daily
 *   budget. The sandbox delivers 93-100 % of the budget on a day the budget caps, so 90 % catches
 *   every capped day and no day that merely spent a lot.
 * - A campaign is limited over a window when at least LIMITED_WINDOW_SHARE (half) of the days it
 *   ran with a daily budget were limited.
 *
 * - Campaigns on a shared budget draw from one amount: a day of each is judged with the spend of all of
 *   them against the shared amount (withSharedBudgetSpend), so they all get the same verdict.
 *
 * A past day is judged with the budget it had (from the sandbox history, or the budget the platform
 * reports per day): raising a budget today never changes the verdict of a day already gone. When a
 * platform does not report past budgets, the caller passes today's budget for every day and says so
 * (`budget_source: 'today'`).
 */

/** A day is limited when its spend reached this share of its own daily budget. */
export const LIMITED_DAY_SHARE = 0.9;
/** A campaign is limited over a window when at least this share of its budgeted days were limited. */
export const LIMITED_WINDOW_SHARE = 0.5;

/** One day of a campaign: what it spent and the daily budget it had that day. */
export interface BudgetDay {
  date: string;
  spend: number;
  /** The daily budget in force that day; undefined or 0 when it had none (no cap: never limited). */
  budget?: number;
}

/** Where the budgets a verdict rests on came from. */
export type BudgetSource = 'each_day' | 'today';

/** How a campaign used its budget over a window. */
export interface BudgetUse {
  /** Days it ran with a daily budget. */
  days: number;
  /** Of those, days whose spend reached LIMITED_DAY_SHARE of that day's budget. */
  limited_days: number;
  /** Limited over the window: limited_days ≥ LIMITED_WINDOW_SHARE × days (and at least one). */
  limited: boolean;
  /** Spend over the sum of those days' budgets, 0-1 (0 without budgeted days). */
  usage: number;
  /** Spend of those days. */
  spend: number;
  /** Sum of those days' budgets. */
  budget: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whether one day was limited by its own budget. */
export function isLimitedDay(spend: number, budget: number | undefined): boolean {
  return !!budget && budget > 0 && spend >= budget * LIMITED_DAY_SHARE;
}

/** How a campaign used its budget over the days given (each judged with its own budget). */
export function budgetUse(days: readonly BudgetDay[]): BudgetUse {
  const budgeted = days.filter((d) => !!d.budget && d.budget > 0);
  const limitedDays = budgeted.filter((d) => isLimitedDay(d.spend, d.budget)).length;
  const spend = round2(budgeted.reduce((s, d) => s + d.spend, 0));
  const budget = round2(budgeted.reduce((s, d) => s + d.budget!, 0));
  return {
    days: budgeted.length,
    limited_days: limitedDays,
    limited: limitedDays > 0 && limitedDays >= budgeted.length * LIMITED_WINDOW_SHARE,
    usage: budget > 0 ? round2(spend / budget) : 0,
    spend,
    budget,
  };
}

/**
 * The days of one campaign over [start, end] from daily rows (date, spend, and the budget of that day
 * when the platform reports it), each day's spend summed; a day without a reported budget is judged
 * with `todayBudget`. Days with no row are days it did not run (or spent nothing) and are left out.
 */
export function budgetDaysOf(
  rows: readonly { date?: string; spend: number; daily_budget?: number }[],
  todayBudget: number,
): { days: BudgetDay[]; source: BudgetSource } {
  const byDate = new Map<string, BudgetDay>();
  let reported = rows.length > 0;
  for (const row of rows) {
    if (!row.date) continue;
    if (row.daily_budget === undefined) reported = false;
    const day = byDate.get(row.date) ?? { date: row.date, spend: 0, budget: row.daily_budget ?? todayBudget };
    day.spend = round2(day.spend + row.spend);
    byDate.set(row.date, day);
  }
  return { days: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)), source: reported ? 'each_day' : 'today' };
}

/**
 * Campaign rows with the spend that judges their day: a campaign on a shared budget that day (the row
 * names it in `shared_budget_id`) draws from one amount with the other campaigns on it, so its day is
 * the shared budget's day: the spend of all of them that day, against the shared amount (the row's
 * `daily_budget`). A shared budget is limited on a day when its campaigns together reached
 * LIMITED_DAY_SHARE of its amount, and every campaign on it is judged with that day. Other rows are
 * returned as they are.
 */
export function withSharedBudgetSpend<R extends { date?: string; spend: number; shared_budget_id?: string }>(rows: readonly R[]): R[] {
  const pool = new Map<string, number>();
  const key = (r: R) => `${r.shared_budget_id}|${r.date}`;
  for (const r of rows) if (r.shared_budget_id) pool.set(key(r), round2((pool.get(key(r)) ?? 0) + r.spend));
  return rows.map((r) => (r.shared_budget_id ? { ...r, spend: pool.get(key(r))! } : r));
}

/**
 * The days of one shared budget from campaign rows already pooled by withSharedBudgetSpend: one day per
 * date (every campaign row of it carries the spend of all of them), judged against that day's shared
 * amount (`todayAmount` for a day without one).
 */
export function sharedBudgetDays<R extends { date?: string; spend: number; daily_budget?: number; shared_budget_id?: string }>(
  pooledRows: readonly R[],
  sharedBudgetId: string,
  todayAmount: number,
): { days: BudgetDay[]; source: BudgetSource } {
  const seen = new Set<string>();
  const rows = pooledRows.filter((r) => r.shared_budget_id === sharedBudgetId && r.date && !seen.has(r.date) && seen.add(r.date));
  return budgetDaysOf(rows, todayAmount);
}

/** The rule in words, for tool descriptions and texts. */
export const BUDGET_LIMITED_RULE = `A day is limited by its budget when its spend reached ${LIMITED_DAY_SHARE * 100}% of that day's own daily budget (a later budget change never rewrites a past day); a campaign is limited over a window when at least ${LIMITED_WINDOW_SHARE * 100}% of its days were.`;

/** Says where the budgets came from, when it was not each day's own. */
export function budgetSourceNote(source: BudgetSource): string {
  return source === 'today'
    ? "Past days are judged against today's budget: the platform does not report the budget each past day had."
    : '';
}
