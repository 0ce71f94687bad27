/** Date helpers shared by tools. All dates are UTC `YYYY-MM-DD`. */
import { ToolError } from '../functions/runtime/errors';

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/** The `days` full days before today: end is yesterday. */
export function lastDays(now: Date, days: number): { start: string; end: string } {
  const end = addDays(isoDate(now), -1);
  return { start: addDays(end, -(days - 1)), end };
}

/** The last day with figures: yesterday. Every report and list tool ends its default window on it. */
export function lastReportDay(now: Date): string {
  return addDays(isoDate(now), -1);
}

/**
 * The one rule for the dates a report or list tool is asked for: figures are collected nightly, so
 * the latest day with figures is yesterday. A later date (today, or a day that has not happened) is
 * refused with a clear 400 naming the argument (`date_after_yesterday`), never answered with partial
 * or made-up figures. `dates` maps argument names to the values given (undefined = not given).
 */
export function refuseDatesAfterYesterday(now: Date, dates: Record<string, string | undefined>): void {
  const today = isoDate(now);
  const yesterday = lastReportDay(now);
  const late = Object.entries(dates).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] > yesterday);
  if (late.length === 0) return;
  const named = late.map(([name, value]) => `\`${name}\` ${value} is ${value === today ? 'today' : 'in the future'}`).join('; ');
  throw new ToolError(`${named}: figures are collected nightly, so reports run through yesterday (${yesterday}). Use dates on or before ${yesterday}.`, {
    code: 'date_after_yesterday',
    last_day_with_data: yesterday,
    arguments: late.map(([name]) => name),
  });
}
