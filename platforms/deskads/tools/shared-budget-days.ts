/**
 * The days a deskads budget is judged with (core/budget-limited.ts), one definition for every tool
 * that says a budget was limited (list_deskads_budgets, list_deskads_recommendations):
 * - a campaign's own budget: its daily rows, each carrying that day's daily_budget;
 * - a shared budget (Budget entity): the daily rows of the campaigns that drew on it that day, each
 *   carrying the shared budget's amount that day, so the budget's day is its campaigns' spend that day
 *   against that day's amount.
 * A platform that does not report past budgets on every daily row is judged with today's amounts
 * (budget_source 'today').
 */
import {
  budgetDaysOf,
  budgetUse,
  withSharedBudgetSpend,
  type BudgetDay,
  type BudgetSource,
  type BudgetUse,
} from '../../../core/budget-limited';
import type { DeskAdsReportRow } from '../port';

type DailyRow = Pick<DeskAdsReportRow, 'date' | 'campaign_id' | 'spend' | 'daily_budget' | 'shared_budget_id' | 'shared_budget_amount'>;

/** Whether the daily rows report each day's budget ('each_day') or today's amounts must stand in ('today'). */
export function budgetSourceOf(rows: readonly DailyRow[]): BudgetSource {
  return rows.length > 0 && rows.every((r) => r.daily_budget !== undefined) ? 'each_day' : 'today';
}

/** A campaign's own budget: its days, each with the budget it had (today's when the source is 'today'). */
export function ownBudgetDays(rows: readonly DailyRow[], campaign: { id: string; daily_budget: number }): BudgetDay[] {
  return budgetDaysOf(
    rows.filter((r) => r.campaign_id === campaign.id),
    campaign.daily_budget,
  ).days;
}

/**
 * A campaign's days as the budget it draws on judges them: a day it drew on a shared budget is that
 * budget's day (the spend of every campaign on it that day against its amount that day: the row's
 * daily_budget, withSharedBudgetSpend in core/budget-limited.ts), so its verdict is the shared
 * budget's; any other day is its own spend against its own budget. With source 'today' (no past
 * budgets reported), a campaign on a shared budget today is judged with that budget's days
 * (sharedBudgetDays), else with its own.
 */
export function campaignBudgetDays(
  rows: readonly DailyRow[],
  campaign: { id: string; daily_budget: number; budget_id?: string },
  source: BudgetSource,
  sharedBudgets: readonly { id: string; amount: number; campaign_ids: readonly string[] }[],
): BudgetDay[] {
  const shared = source === 'today' ? sharedBudgets.find((b) => b.id === campaign.budget_id) : undefined;
  if (shared) return sharedBudgetDays(rows, shared, source);
  return ownBudgetDays(withSharedBudgetSpend(rows), campaign);
}

/**
 * A shared budget's days: the spend of the campaigns that drew on it each day (summed), against its
 * amount that day; with source 'today', its current campaigns' spend against today's amount.
 */
export function sharedBudgetDays(
  rows: readonly DailyRow[],
  budget: { id: string; amount: number; campaign_ids: readonly string[] },
  source: BudgetSource,
): BudgetDay[] {
  const drawn = sharedBudgetRows(rows, budget, source).map((r) =>
    source === 'each_day' ? { date: r.date, spend: r.spend, daily_budget: r.shared_budget_amount } : { date: r.date, spend: r.spend },
  );
  return budgetDaysOf(drawn, budget.amount).days;
}

/**
 * The campaigns' daily rows that drew on a shared budget: each a campaign's spend of that day out of the budget's
 * amount; with source 'today' (no past budgets reported), the rows of its current campaigns.
 */
export function sharedBudgetRows<R extends DailyRow>(
  rows: readonly R[],
  budget: { id: string; campaign_ids: readonly string[] },
  source: BudgetSource,
): R[] {
  return source === 'each_day'
    ? rows.filter((r) => r.shared_budget_id === budget.id)
    : rows.filter((r) => budget.campaign_ids.includes(r.campaign_id));
}

/** How a shared budget was used over the days of the rows given (core/budget-limited.ts budgetUse). */
export function sharedBudgetUse(
  rows: readonly DailyRow[],
  budget: { id: string; amount: number; campaign_ids: readonly string[] },
  source: BudgetSource,
): BudgetUse {
  return budgetUse(sharedBudgetDays(rows, budget, source));
}
