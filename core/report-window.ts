/**
 * The one report-window vocabulary of every report, list and analysis tool: the window a call asks
 * for (explicit dates, else the last `days` days ending yesterday in the account's time zone), the
 * rule that explicit dates go together and in order, a window's length, and the period of the same
 * length just before it. Every computation takes the clock (`now` and the account) it runs under.
 */
import { addDays, lastReportDay, refuseDatesAfterYesterday, reportingZone, type AccountClock } from './dates';

/** A report window: calendar days `YYYY-MM-DD`, both included. */
export interface ReportWindow {
  start: string;
  end: string;
}

/**
 * The window a call asks for. Dates after yesterday (in the account's time zone) are refused; an
 * end date defaults to yesterday and a start date to `lookback_days` days (default `defaultDays`)
 * ending on the end date, so with neither given it is the last `lookback_days` full days.
 */
export function reportWindow(
  clock: AccountClock,
  args: { start_date?: string; end_date?: string; lookback_days?: number },
  defaultDays = 30,
): ReportWindow {
  const zone = reportingZone(clock.account);
  refuseDatesAfterYesterday(clock.now, { start_date: args.start_date, end_date: args.end_date }, zone);
  const end = args.end_date ?? lastReportDay(clock.now, zone);
  return { start: args.start_date ?? addDays(end, -((args.lookback_days ?? defaultDays) - 1)), end };
}

/**
 * `start_date` / `end_date` go together and in order; `instead` says what leaving both out does
 * (`leave both out to use \`lookback_days\``).
 */
export function datePairRule(args: { start_date?: string; end_date?: string }, instead: string): string | undefined {
  if (Boolean(args.start_date) !== Boolean(args.end_date)) return `\`start_date\` and \`end_date\` must be given together (or ${instead})`;
  if (args.start_date && args.end_date && args.start_date > args.end_date) return '`start_date` must be on or before `end_date`';
  return undefined;
}

/** The days of a window, both ends included. */
export function windowDays(window: ReportWindow): number {
  return Math.round((Date.parse(`${window.end}T00:00:00Z`) - Date.parse(`${window.start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period of the same length just before a window (what "change against the previous period" compares with). */
export function previousPeriod(window: ReportWindow): ReportWindow {
  const days = windowDays(window);
  return { start: addDays(window.start, -days), end: addDays(window.start, -1) };
}
