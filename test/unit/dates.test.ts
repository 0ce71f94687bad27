import { dateInZone, isTimeZone, lastDays, lastReportDay, refuseDatesAfterYesterday, reportingZone, zonedInstant } from '../../core/dates';

describe("an account's days", () => {
  const at = (iso: string) => new Date(iso);

  it('fall in its time zone: west of UTC the day ends later, east of UTC earlier', () => {
    expect(dateInZone(at('2026-11-24T03:00:00Z'), 'America/New_York')).toBe('2026-11-23');
    expect(dateInZone(at('2026-11-24T03:00:00Z'), 'UTC')).toBe('2026-11-24');
    expect(dateInZone(at('2026-11-23T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-24');
    expect(dateInZone(at('2026-11-23T11:30:00Z'), 'Pacific/Auckland')).toBe('2026-11-24');
    // Daylight saving time: New York is UTC-4 in July.
    expect(dateInZone(at('2026-07-15T03:30:00Z'), 'America/New_York')).toBe('2026-07-14');
    expect(dateInZone(at('2026-07-15T04:30:00Z'), 'America/New_York')).toBe('2026-07-15');
  });

  it('end reporting windows yesterday in that zone', () => {
    expect(lastReportDay(at('2026-11-24T03:00:00Z'), 'America/New_York')).toBe('2026-11-22');
    expect(lastReportDay(at('2026-11-24T03:00:00Z'), 'UTC')).toBe('2026-11-23');
    expect(lastDays(at('2026-11-23T23:30:00Z'), 7, 'Europe/Berlin')).toEqual({ start: '2026-11-17', end: '2026-11-23' });
  });

  it("refuse the account's today and later, naming its zone", () => {
    const now = at('2026-11-24T03:00:00Z');
    expect(() => refuseDatesAfterYesterday(now, { end_date: '2026-11-22' }, 'America/New_York')).not.toThrow();
    expect(() => refuseDatesAfterYesterday(now, { end_date: '2026-11-23' }, 'America/New_York')).toThrow(
      /`end_date` 2026-11-23 is today.*yesterday \(2026-11-22 in the account's time zone, America\/New_York\)/,
    );
    expect(() => refuseDatesAfterYesterday(now, { end_date: '2026-11-23' }, 'UTC')).not.toThrow();
  });

  it('are UTC for sandbox accounts and for a zone the runtime does not know', () => {
    expect(reportingZone({ mode: 'live', time_zone: 'America/New_York' })).toBe('America/New_York');
    expect(reportingZone({ mode: 'sandbox', time_zone: 'America/New_York' })).toBe('UTC');
    expect(reportingZone(undefined)).toBe('UTC');
    expect(dateInZone(at('2026-11-24T03:00:00Z'), 'Mars/Olympus_Mons')).toBe('2026-11-24');
  });
});

describe('zonedInstant', () => {
  it('finds the UTC instant of a wall-clock hour, daylight saving included', () => {
    expect(zonedInstant('2026-11-24', 8, 'UTC').toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(zonedInstant('2026-11-24', 8, 'America/New_York').toISOString()).toBe('2026-11-24T13:00:00.000Z');
    expect(zonedInstant('2026-07-15', 8, 'America/New_York').toISOString()).toBe('2026-07-15T12:00:00.000Z');
    expect(zonedInstant('2026-11-24', 8, 'Europe/Berlin').toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
