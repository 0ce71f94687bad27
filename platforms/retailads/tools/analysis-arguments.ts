/** What the retailads analyses share: the date range and target ACOS arguments, the range asked for, rounding, ACOS text and the account the advice rules judge against. */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { dateArgument } from '../../../core/arguments';
import type { AccountClock } from '../../../core/dates';
import { reportWindow } from '../../../core/report-window';
import { accountBaseline, type AccountBaseline, type Performance } from '../../../core/advice';
import type { RetailAdsReportRow } from '../port';

/** Spend with no sale that counts as waste when the account has no orders to give a CPA (core/advice.ts judges against the CPA). */
export const NO_SALES_SPEND = 15;

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const acosText = (acos: number | null) => (acos === null ? '-' : `${acos}%`);

export const rangeArgs = {
  start_date: v.optional(dateArgument('First day, YYYY-MM-DD; default 30 days before end_date')),
  end_date: v.optional(dateArgument('Last day, YYYY-MM-DD; default yesterday (figures are collected nightly)')),
};
export const rangeRule = (a: { start_date?: string; end_date?: string }) =>
  a.start_date && a.end_date && a.end_date < a.start_date
    ? `\`end_date\` (${a.end_date}) must be on or after \`start_date\` (${a.start_date})`
    : undefined;
export const targetAcosArg = v.optional(
  v.pipe(
    v.number(),
    v.minValue(1),
    v.maxValue(200),
    v.description('Target ACOS in percent, 1-200, default 30: nothing above it is ever raised'),
  ),
  30,
);

/** The date range asked for: default the last 30 days through yesterday; later days refused. */
export function rangeOf(args: { start_date?: string; end_date?: string }, clock: AccountClock): { start: string; end: string } {
  const { start, end } = reportWindow(clock, { start_date: args.start_date, end_date: args.end_date });
  if (start > end) throw new ToolError(`\`start_date\` (${start}) must be on or before the end of the range (${end}).`);
  return { start, end };
}

/**
 * The account a retailads analysis judges against (core/advice.ts): spend, orders (its conversions)
 * and sales (its revenue) of every Sponsored Products, Brands and Display campaign over the range.
 */
export async function retailAccountBaseline(
  platform: { getReport(type: 'spCampaigns' | 'sbCampaigns' | 'sdCampaigns', start: string, end: string): Promise<RetailAdsReportRow[]> },
  start: string,
  end: string,
): Promise<AccountBaseline> {
  const reports = await Promise.all((['spCampaigns', 'sbCampaigns', 'sdCampaigns'] as const).map((t) => platform.getReport(t, start, end)));
  return accountBaseline(reports.flat().map(performanceOf));
}

/** A report row as the advice rules read it: orders are its conversions, sales its revenue. */
export const performanceOf = (r: { spend: number; orders: number; sales: number }): Performance => ({
  spend: r.spend,
  conversions: r.orders,
  revenue: r.sales,
});
