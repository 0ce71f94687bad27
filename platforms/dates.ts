/** Date helpers shared by tools. All dates are UTC `YYYY-MM-DD`. */

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
