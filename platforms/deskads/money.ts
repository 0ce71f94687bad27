import { ToolError } from '../../core/errors';
import { roundToMinorUnit, smallestAmount } from '../../core/money';

/**
 * Bids and daily budgets of deskads in the account's own currency. The platform's currency guide
 * (Microsoft Advertising API v13, "Currencies", Keyword and Cpc) publishes a minimum and maximum
 * keyword/ad group CPC bid and a minimum daily budget per account currency; those are checked
 * before anything is sent, so a value the platform would refuse is refused here with its limit
 * named. A currency the guide does not list (JPY among them) is checked only for being at least
 * its smallest amount (1 JPY) and is otherwise left to the platform, whose refusal comes back per
 * item. Amounts are rounded to the currency's minor unit (whole yen, cents).
 */
export interface DeskAdsMoneyLimits {
  minBid: number;
  maxBid: number;
  minDailyBudget: number;
}

/** The guide's table by ISO code (the guide names them ArgentinePeso ... USDollar). */
export const DESKADS_MONEY_LIMITS: Record<string, DeskAdsMoneyLimits> = {
  ARS: { minBid: 0.05, maxBid: 5000, minDailyBudget: 0.05 },
  AUD: { minBid: 0.05, maxBid: 1000, minDailyBudget: 0.05 },
  THB: { minBid: 0.14, maxBid: 31_000, minDailyBudget: 2 },
  VEF: { minBid: 0.05, maxBid: 5000, minDailyBudget: 0.05 },
  BRL: { minBid: 0.01, maxBid: 2000, minDailyBudget: 0.1 },
  CAD: { minBid: 0.05, maxBid: 1000, minDailyBudget: 0.05 },
  CLP: { minBid: 5.1, maxBid: 510_000, minDailyBudget: 5.1 },
  COP: { minBid: 18.05, maxBid: 1_805_000, minDailyBudget: 18.05 },
  DKK: { minBid: 0.06, maxBid: 6000, minDailyBudget: 0.06 },
  EUR: { minBid: 0.05, maxBid: 1000, minDailyBudget: 0.05 },
  HKD: { minBid: 1, maxBid: 8000, minDailyBudget: 1 },
  INR: { minBid: 0.5, maxBid: 60_000, minDailyBudget: 0.82 },
  MYR: { minBid: 0.01, maxBid: 3074, minDailyBudget: 0.15 },
  MXN: { minBid: 0.14, maxBid: 14_000, minDailyBudget: 0.14 },
  TWD: { minBid: 3, maxBid: 1500, minDailyBudget: 100 },
  NZD: { minBid: 0.01, maxBid: 1000, minDailyBudget: 0.05 },
  NOK: { minBid: 0.06, maxBid: 6000, minDailyBudget: 0.06 },
  PEN: { minBid: 0.03, maxBid: 3000, minDailyBudget: 0.03 },
  PHP: { minBid: 0.2, maxBid: 42_000, minDailyBudget: 2 },
  PLN: { minBid: 0.01, maxBid: 1000, minDailyBudget: 0.1 },
  IDR: { minBid: 35, maxBid: 9_607_994, minDailyBudget: 480 },
  SGD: { minBid: 0.01, maxBid: 1500, minDailyBudget: 0.11 },
  ZAR: { minBid: 0.01, maxBid: 1000, minDailyBudget: 0.1 },
  SEK: { minBid: 0.07, maxBid: 7000, minDailyBudget: 0.07 },
  CHF: { minBid: 0.05, maxBid: 1500, minDailyBudget: 0.05 },
  TRY: { minBid: 1, maxBid: 100_000, minDailyBudget: 10 },
  GBP: { minBid: 0.05, maxBid: 1000, minDailyBudget: 0.05 },
  USD: { minBid: 0.05, maxBid: 1000, minDailyBudget: 0.05 },
};

/** The largest bid any listed currency allows: the schema's own ceiling (the account's currency narrows it). */
export const DESKADS_BID_CEILING = Math.max(...Object.values(DESKADS_MONEY_LIMITS).map((l) => l.maxBid));

const shown = (amount: number, currency: string) => `${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;

function refuse(field: string, message: string): never {
  const problem = `\`${field}\` ${message}`;
  throw new ToolError(`${problem}. Nothing was changed.`, { code: 'invalid_arguments', problems: [problem] });
}

/** A CPC bid in the account's currency as the platform takes it (rounded to the minor unit), or a 400 naming the limit it breaks. */
export function deskAdsBid(amount: number, currency: string, field = 'bid'): number {
  const rounded = roundToMinorUnit(amount, currency);
  const limits = DESKADS_MONEY_LIMITS[currency];
  const min = limits?.minBid ?? smallestAmount(currency);
  if (rounded < min)
    refuse(field, `${shown(amount, currency)} is below the platform's minimum bid of ${shown(min, currency)} for ${currency} accounts`);
  if (limits && rounded > limits.maxBid)
    refuse(
      field,
      `${shown(amount, currency)} is above the platform's maximum bid of ${shown(limits.maxBid, currency)} for ${currency} accounts`,
    );
  return rounded;
}

/** A daily budget in the account's currency as the platform takes it, or a 400 naming the minimum it breaks. */
export function deskAdsDailyBudget(amount: number, currency: string, field = 'daily_budget'): number {
  const rounded = roundToMinorUnit(amount, currency);
  const min = DESKADS_MONEY_LIMITS[currency]?.minDailyBudget ?? smallestAmount(currency);
  if (rounded < min)
    refuse(
      field,
      `${shown(amount, currency)} is below the platform's minimum daily budget of ${shown(min, currency)} for ${currency} accounts`,
    );
  return rounded;
}

/** A bid copied from elsewhere, brought into the account currency's range (rounded, then clamped to the published bounds). */
export function clampDeskAdsBid(amount: number, currency: string): number {
  const limits = DESKADS_MONEY_LIMITS[currency];
  const min = limits?.minBid ?? smallestAmount(currency);
  return Math.min(limits?.maxBid ?? Infinity, Math.max(min, roundToMinorUnit(amount, currency)));
}

/** The smallest daily budget the platform takes in the currency. */
export const deskAdsMinimumDailyBudget = (currency: string): number =>
  DESKADS_MONEY_LIMITS[currency]?.minDailyBudget ?? smallestAmount(currency);
