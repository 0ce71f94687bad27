import type { PlatformWord } from '../core/platforms';
import { createLogger } from '../functions/runtime/log';
import type { ConnectedAccount } from '../core/accounts';
import { standaloneCall, type PortCall } from '../core/tool';
import { lastDays, reportingZone } from '../core/dates';
import type { Opportunity } from '../core/platform';
import type { MetricTotals } from '../core/metrics';
import { accountBaseline, FAR_ABOVE_ACCOUNT, judgeAgainstAccount, type AccountBaseline } from '../core/advice';
import { meetsWasteRule, wasteOf, wasteRuleText, type WasteRule } from '../core/waste';
import { count, money } from '../core/markdown';
import { budgetSourceNote, budgetUse, type BudgetDay, type BudgetSource } from '../core/budget-limited';

/**
 * Thresholds of the shared opportunity finder, over the last 30 days ending yesterday:
 * - waste, by the rules of core/waste.ts (`wasteRules`), the first one met → pause or cut:
 *   at least WASTE_MIN_SPEND spent with no conversion (value: all of it); or at least WASTE_MIN_SPEND
 *   spent at a cost per conversion over FAR_ABOVE_ACCOUNT (2) × the account's (core/advice.ts: the
 *   candidates' spend over their conversions; value: the spend beyond what its conversions are worth
 *   at the account's cost per conversion). The title states the rule as the analyses word it
 *   (wasteRuleText).
 * - winner: at least WINNER_MIN_CONVERSIONS conversions at ROAS ≥ WINNER_MIN_ROAS, and limited by its
 *   budget over the window as core/budget-limited.ts defines it (each day against the budget it had
 *   that day) → raise today's daily budget by 20 %; value = 20 % more of the revenue it brought.
 *   Never a loser by the advice rules, never an entity listed as waste.
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
  budget?: {
    today: number;
    days: readonly BudgetDay[];
    source: BudgetSource;
    /** The shared budget it draws from, when it does: one raise per pool (findWinners). */
    pool?: string;
  };
}

/** The tool call that gives a winner more budget. */
export type ScaleAction = (candidate: Candidate, newBudget: number) => { tool: string; arguments: Record<string, unknown> };

export interface FinderActions {
  /** What the candidates are, plural ("campaigns", "ad groups"), for the rule in a title. */
  entities: string;
  /** The tool call that stops the waste of a candidate. */
  cut(candidate: Candidate): { tool: string; arguments: Record<string, unknown>; verb: string; current?: Record<string, unknown> };
  /** The tool call that gives a winner more budget (omit when the platform has none). */
  scale?: ScaleAction;
}

/** The waste rules of the shared finder (see above), against the account's cost per conversion when it has one. */
export function wasteRules(account: AccountBaseline): WasteRule[] {
  return [
    { kind: 'no_results', min_spend: WASTE_MIN_SPEND, results: 'conversions' },
    ...(account.cpa
      ? [
          {
            kind: 'cost_above' as const,
            min_spend: WASTE_MIN_SPEND,
            multiple: FAR_ABOVE_ACCOUNT,
            baseline: account.cpa,
            baseline_label: "the account's",
            result: 'conversion',
          },
        ]
      : []),
  ];
}

/** Waste and winners among active entities (campaigns or ad groups), from their own metrics. */
export function findWasteAndWinners(
  platform: PlatformWord,
  account: ConnectedAccount,
  candidates: readonly Candidate[],
  actions: FinderActions,
): Opportunity[] {
  const rules = wasteRules(accountBaseline(candidates.map((c) => c.figures)));
  const fmt = (n: number) => money(n, account.currency);
  const found: Opportunity[] = [];
  for (const candidate of candidates) {
    const figures = candidate.figures;
    const rule = rules.find((r) => meetsWasteRule(r, figures));
    if (!rule) continue;
    const cut = actions.cut(candidate);
    const waste = wasteOf(rule, figures);
    const what =
      rule.kind === 'cost_above'
        ? `cost per conversion ${fmt(figures.spend / figures.conversions)}, ${Math.round((figures.spend / figures.conversions / rule.baseline) * 10) / 10}× the account's ${fmt(rule.baseline)}: ${fmt(waste)} of its ${fmt(figures.spend)} is beyond what its ${count(figures.conversions)} conversions are worth at the account's cost`
        : `${fmt(figures.spend)} spent with no conversions`;
    found.push({
      platform,
      account_id: account.account_id,
      kind: 'cut_waste',
      title: `${cut.verb} "${candidate.name}": over the last ${LOOKBACK_DAYS} days, ${what} (listed as waste: ${actions.entities} that ${wasteRuleText(rule, fmt)})`,
      monthly_value: waste,
      tool: cut.tool,
      arguments: cut.arguments,
      ...(cut.current ? { current: cut.current } : {}),
    });
  }
  const wasting = new Set(candidates.filter((c) => rules.some((r) => meetsWasteRule(r, c.figures))).map((c) => c.id));
  return actions.scale ? [...found, ...findWinners(platform, account, candidates, actions.scale, wasting)] : found;
}

/**
 * Budget-limited winners among the candidates (see above), never one the advice rules call a loser
 * against the candidates' account figures, nor one of `wasting` (the ids a waste rule lists).
 * Candidates that draw from one shared budget (the same `budget.pool`) get one raise between them, on
 * the winner with the most conversions: a raise of any of them raises the pool for all.
 */
export function findWinners(
  platform: PlatformWord,
  account: ConnectedAccount,
  candidates: readonly Candidate[],
  scale: ScaleAction,
  wasting: ReadonlySet<string> = new Set(),
): Opportunity[] {
  const baseline = accountBaseline(candidates.map((c) => c.figures));
  const winners = candidates.filter(
    ({ id, figures, budget }) =>
      !wasting.has(id) &&
      !!budget?.today &&
      figures.conversions >= WINNER_MIN_CONVERSIONS &&
      (figures.roas ?? 0) >= WINNER_MIN_ROAS &&
      !judgeAgainstAccount(figures, baseline).loser &&
      budgetUse(budget.days).limited,
  );
  const leadOf = new Map<string, Candidate>();
  for (const c of winners) {
    const pool = c.budget!.pool;
    const lead = pool ? leadOf.get(pool) : undefined;
    if (pool && (!lead || c.figures.conversions > lead.figures.conversions)) leadOf.set(pool, c);
  }
  const found: Opportunity[] = [];
  for (const candidate of winners) {
    const { figures } = candidate;
    const budget = candidate.budget!;
    if (budget.pool && leadOf.get(budget.pool) !== candidate) continue;
    const use = budgetUse(budget.days);
    const newBudget = Math.round(budget.today * 1.2 * 100) / 100;
    const call = scale(candidate, newBudget);
    const note = budgetSourceNote(budget.source);
    found.push({
      platform,
      account_id: account.account_id,
      kind: 'scale_winner',
      title: `Raise the daily budget of "${candidate.name}"${budget.pool ? ' (its shared budget, for every campaign on it)' : ''} from ${budget.today} to ${newBudget} ${account.currency}: limited by its budget on ${use.limited_days} of ${use.days} days, at ROAS ${figures.roas} (${figures.conversions} conversions in ${LOOKBACK_DAYS} days)${note ? `. ${note}` : ''}`,
      monthly_value: Math.round(figures.revenue * 0.2 * 100) / 100,
      tool: call.tool,
      arguments: call.arguments,
    });
  }
  return found;
}

/** The PortCall of a finder called outside a request (tests, scripts): 20 seconds and a logger of its own. */
export function finderCall(account: Pick<ConnectedAccount, 'platform' | 'account_id'>): PortCall {
  return standaloneCall(20_000, createLogger({ platform: account.platform, account_id: account.account_id, finder: 'opportunities' }));
}
