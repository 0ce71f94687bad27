import { ToolError } from '../../../core/errors';

/**
 * Money on the retail marketplace's Ads API: plain numbers in the profile's currency (budgets and
 * bids alike, no micros), rounded to the currency's minor unit. The marketplace's floors and
 * ceilings for Sponsored Products bids and daily budgets are checked before a call, so a value the
 * platform would refuse is refused here with the limit named, and nothing is sent. Currencies not
 * listed are left to the platform, whose per-item refusal comes back per item.
 */
export interface MoneyLimits {
  minBid: number;
  maxBid: number;
  minBudget: number;
  maxBudget: number;
  /** Digits after the decimal point. */
  decimals: number;
}

/** The platform's published bid and budget limits by marketplace currency (Sponsored Products). */
export const MONEY_LIMITS: Record<string, MoneyLimits> = {
  USD: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000, decimals: 2 },
  CAD: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000, decimals: 2 },
  GBP: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000, decimals: 2 },
  EUR: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000, decimals: 2 },
  JPY: { minBid: 2, maxBid: 100_000, minBudget: 100, maxBudget: 21_000_000, decimals: 0 },
  INR: { minBid: 1, maxBid: 5000, minBudget: 50, maxBudget: 21_000_000, decimals: 2 },
  MXN: { minBid: 0.1, maxBid: 20_000, minBudget: 1, maxBudget: 21_000_000, decimals: 2 },
  AUD: { minBid: 0.1, maxBid: 1410, minBudget: 1.4, maxBudget: 1_500_000, decimals: 2 },
};

/** An amount rounded to the currency's minor unit, as the platform takes it. */
export function wireMoney(amount: number, currency: string): number {
  const decimals = MONEY_LIMITS[currency]?.decimals ?? 2;
  const factor = 10 ** decimals;
  return Math.round(amount * factor) / factor;
}

const shown = (amount: number, currency: string) => `${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;

/** Why a bid is outside the marketplace's range, or undefined when it is inside (or the currency is not listed). */
export function bidProblem(bid: number, currency: string): string | undefined {
  const limits = MONEY_LIMITS[currency];
  if (!limits) return undefined;
  if (bid < limits.minBid)
    return `a bid of ${shown(bid, currency)} is below the marketplace's minimum of ${shown(limits.minBid, currency)}`;
  if (bid > limits.maxBid)
    return `a bid of ${shown(bid, currency)} is above the marketplace's maximum of ${shown(limits.maxBid, currency)}`;
  return undefined;
}

/** Why a daily budget is outside the marketplace's range, or undefined. */
export function budgetProblem(budget: number, currency: string): string | undefined {
  const limits = MONEY_LIMITS[currency];
  if (!limits) return undefined;
  if (budget < limits.minBudget)
    return `a daily budget of ${shown(budget, currency)} is below the marketplace's minimum of ${shown(limits.minBudget, currency)}`;
  if (budget > limits.maxBudget)
    return `a daily budget of ${shown(budget, currency)} is above the marketplace's maximum of ${shown(limits.maxBudget, currency)}`;
  return undefined;
}

/** Throws a 400 naming the problem of a bid or budget, before anything is sent. */
export function checkMoney(kind: 'bid' | 'budget', amount: number, currency: string): number {
  const problem = kind === 'bid' ? bidProblem(amount, currency) : budgetProblem(amount, currency);
  if (problem) throw new ToolError(`The platform would refuse this: ${problem}. Nothing was changed.`, { code: 'invalid_arguments' });
  return wireMoney(amount, currency);
}
