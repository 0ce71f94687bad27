import * as v from 'valibot';

/**
 * Argument schemas shared by many tools, so one rule has one wording everywhere.
 */

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function dateArgument(description: string) {
  return v.pipe(
    v.string(),
    v.isoDate('must be a date in the form YYYY-MM-DD'),
    // valibot runs this even when isoDate failed, so it must not throw on malformed text.
    v.check((s) => {
      const day = new Date(`${s}T00:00:00Z`);
      return Number.isNaN(day.getTime()) || day.toISOString().startsWith(s);
    }, 'must be a real calendar date (YYYY-MM-DD)'),
    v.description(description),
  );
}
