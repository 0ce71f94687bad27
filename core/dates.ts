/**
 * Date helpers shared by tools. Dates are calendar days `YYYY-MM-DD`; "today" and "yesterday" are
 * the account's: reporting windows end yesterday in the account's time zone (an IANA name such as
 * America/New_York; live accounts take theirs from the platform, sandbox accounts run on UTC).
 */
import { ToolError } from './errors';

/** What the date rules need of a tool call: the time, and the account whose day it is (a ToolContext has both). */
export interface AccountClock {
  now: Date;
  account?: { mode?: string; time_zone?: string };
}

/**
 * The time zone an account's days are counted in: a live account's own (the platform reports its
 * days in it); sandbox accounts simulate their days in UTC.
 */
export function reportingZone(account: AccountClock['account']): string {
  return account?.mode === 'live' && account.time_zone ? account.time_zone : 'UTC';
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in a time zone (UTC when the zone is missing or unknown). */
export function dateInZone(instant: Date, timeZone = 'UTC'): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return isoDate(instant);
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/** The `days` full days before the account's today: end is yesterday in `timeZone`. */
export function lastDays(now: Date, days: number, timeZone: string): { start: string; end: string } {
  const end = lastReportDay(now, timeZone);
  return { start: addDays(end, -(days - 1)), end };
}

/** The last day with figures: yesterday in the account's time zone. Every report and list tool ends its default window on it. */
export function lastReportDay(now: Date, timeZone: string): string {
  return addDays(dateInZone(now, timeZone), -1);
}

/**
 * The one rule for the dates a report or list tool is asked for: figures are collected nightly, so
 * the latest day with figures is yesterday. A later date (today, or a day that has not happened) is
 * refused with a clear 400 naming the argument (`date_after_yesterday`), never answered with partial
 * or made-up figures. `dates` maps argument names to the values given (undefined = not given).
 */
export function refuseDatesAfterYesterday(now: Date, dates: Record<string, string | undefined>, timeZone: string): void {
  const today = dateInZone(now, timeZone);
  const yesterday = lastReportDay(now, timeZone);
  const late = Object.entries(dates).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] > yesterday);
  if (late.length === 0) return;
  const named = late.map(([name, value]) => `\`${name}\` ${value} is ${value === today ? 'today' : 'in the future'}`).join('; ');
  throw new ToolError(
    `${named}: figures are collected nightly, so reports run through yesterday (${yesterday}${timeZone !== 'UTC' ? ` in the account's time zone, ${timeZone}` : ''}). Use dates on or before ${yesterday}.`,
    {
      code: 'date_after_yesterday',
      last_day_with_data: yesterday,
      arguments: late.map(([name]) => name),
    },
  );
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone is ahead of UTC at an instant (negative west of UTC). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - (instant - (instant % 1000));
}

/** The instant a wall-clock hour of a calendar day happens in a time zone (daylight saving included). */
export function zonedInstant(date: string, hour: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  let instant = wall - zoneOffsetMs(wall, timeZone);
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
