import type { PlatformWord } from '../core/platforms';
import { createLogger } from '../functions/runtime/log';
import type { ConnectedAccount } from '../core/accounts';
import { standaloneCall, type PortCall } from '../core/tool';
import { lastDays, reportingZone } from '../core/dates';
import type { Opportunity } from '../core/platform';
import type { MetricTotals } from '../core/metrics';
import { accountBaseline, FAR_ABOVE_ACCOUNT, judgeAgainstAccount } from '../core/advice';
import { budgetSourceNote, budgetUse, type BudgetDay, type BudgetSource } from '../core/budget-limited';

/**
 * Thresholds of the opportunity finders, over the last 30 days:
 * - waste: at least WASTE_MIN_SPEND spent with no conversion → pause or cut; value = that spend. Or,
 *   by the advice rules (core/advice.ts), a CPA more than FAR_ABOVE_ACCOUNT (2) times the account CPA
 *   of the candidates → the same cut; value = the spend beyond what its conversions are worth at the
 *   account CPA.
 * - winner: at least WINNER_MIN_CONVERSIONS conversions at ROAS ≥ WINNER_MIN_ROAS, and limited by its
 *   budget over the window as core/budget-limited.ts defines it (each day against the budget it had
 *   that day) → raise today's daily budget by 20 %; value = 20 % more of the revenue it brought.
 *   Never a loser by the advice rules.
 */
export const WASTE_MIN_SPEND = 100;
export const WINNER_MIN_CONVERSIONS = 20;
export const WINNER_MIN_ROAS = 3;
const LOOKBACK_DAYS = 30;

/** The days the finders judge: the last 30 full days. */
export function opportunityWindow(now: Date, account: ConnectedAccount): { start: string; end: string } {
  return lastDays(now, LOOKBACK_DAYS, reportingZone(account));
}

/**
 * An entity to judge, with its figures over opportunityWindow computed the way the platform's own
 * tools compute them, so a suggestion quotes the numbers the user will see there.
 */
export interface Candidate {
  id: string;
  name: string;
  figures: MetricTotals;
  /**
   * Its daily budget, when it has one (winners are only suggested for these): today's (a raise
   * starts from it) and each day of the window with the budget it had that day, as budgetDaysOf
   * (core/budget-limited.ts) builds them from the platform's daily rows.
   */
  budget?: { today: number; days: readonly BudgetDay[]; source: BudgetSource };
}

export interface FinderActions {
  /** The tool call that stops the waste of a candidate. */
  cut(
    candidate: Candidate,
    figures: MetricTotals,
  ): { tool: string; arguments: Record<string, unknown>; verb: string; saving?: number; current?: Record<string, unknown> };
  /** The tool call that gives a winner more budget (omit when the platform has none). */
  scale?(candidate: Candidate, newBudget: number): { tool: string; arguments: Record<string, unknown> };
}

/** Waste and winners among active entities (campaigns or ad groups), from their own metrics. */
export function findWasteAndWinners(
  platform: PlatformWord,
  account: ConnectedAccount,
  candidates: readonly Candidate[],
  actions: FinderActions,
): Opportunity[] {
  const found: Opportunity[] = [];
  const baseline = accountBaseline(candidates.map((c) => c.figures));
  const fmt = (n: number) => `${n.toFixed(2)} ${account.currency}`;
  for (const candidate of candidates) {
    const figures = candidate.figures;
    const verdict = judgeAgainstAccount(figures, baseline, { money: fmt });
    if (figures.spend >= WASTE_MIN_SPEND && figures.conversions === 0) {
      const cut = actions.cut(candidate, figures);
      found.push({
        platform,
        account_id: account.account_id,
        kind: 'cut_waste',
        title: `${cut.verb} "${candidate.name}": ${figures.spend.toFixed(2)} ${account.currency} spent in ${LOOKBACK_DAYS} days with no conversion`,
        monthly_value: Math.round((cut.saving ?? figures.spend) * 100) / 100,
        tool: cut.tool,
        arguments: cut.arguments,
        ...(cut.current ? { current: cut.current } : {}),
      });
    } else if (figures.conversions > 0 && verdict.loser && verdict.waste >= WASTE_MIN_SPEND) {
      const cut = actions.cut(candidate, figures);
      found.push({
        platform,
        account_id: account.account_id,
        kind: 'cut_waste',
        title: `${cut.verb} "${candidate.name}": its ${verdict.reason} over ${LOOKBACK_DAYS} days; ${fmt(verdict.waste)} is spend beyond what its ${figures.conversions} conversions are worth at the account CPA (more than ${FAR_ABOVE_ACCOUNT}× counts as far above)`,
        monthly_value: verdict.waste,
        tool: cut.tool,
        arguments: cut.arguments,
        ...(cut.current ? { current: cut.current } : {}),
      });
    } else if (
      actions.scale &&
      !verdict.loser &&
      candidate.budget?.today &&
      figures.conversions >= WINNER_MIN_CONVERSIONS &&
      (figures.roas ?? 0) >= WINNER_MIN_ROAS
    ) {
      const budget = candidate.budget;
      const use = budgetUse(budget.days);
      if (!use.limited) continue;
      const newBudget = Math.round(budget.today * 1.2 * 100) / 100;
      const scale = actions.scale(candidate, newBudget);
      const note = budgetSourceNote(budget.source);
      found.push({
        platform,
        account_id: account.account_id,
        kind: 'scale_winner',
        title: `Raise the daily budget of "${candidate.name}" from ${budget.today} to ${newBudget} ${account.currency}: limited by its budget on ${use.limited_days} of ${use.days} days, at ROAS ${figures.roas} (${figures.conversions} conversions in ${LOOKBACK_DAYS} days)${note ? `. ${note}` : ''}`,
        monthly_value: Math.round(figures.revenue * 0.2 * 100) / 100,
        tool: scale.tool,
        arguments: scale.arguments,
      });
    }
  }
  return found;
}

/** The PortCall of a finder called outside a request (tests, scripts): 20 seconds and a logger of its own. */
export function finderCall(account: Pick<ConnectedAccount, 'platform' | 'account_id'>): PortCall {
  return standaloneCall(20_000, createLogger({ platform: account.platform, account_id: account.account_id, finder: 'opportunities' }));
}
