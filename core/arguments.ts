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

/** Characters as people (and JSON Schema's minLength/maxLength) count them: code points, so 😀 is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * A string length limit in characters (code points), not UTF-16 units: 13 emoji pass "at most 25
 * characters". Use it in string pipes in place of v.minLength / v.maxLength wherever a limit is a
 * character limit; the catalog publishes it as minLength / maxLength (which count code points too).
 */
export function characterLength(limits: { min?: number; max?: number }, message?: string) {
  const { min, max } = limits;
  const wording =
    message ??
    (min !== undefined && max !== undefined
      ? min === max
        ? `must be exactly ${max} characters`
        : `must be ${min}-${max} characters`
      : max !== undefined
        ? `must be at most ${max} characters`
        : `must be at least ${min} characters`);
  const action = v.check<string, string>((text) => {
    const count = characterCount(text);
    return (min === undefined || count >= min) && (max === undefined || count <= max);
  }, wording);
  // Read by the JSON Schema conversion (functions/catalog/json-schema.ts).
  return Object.assign(action, { characterLimits: { min, max } });
}

/** A free-text argument of at most (and at least) so many characters, trimmed. */
export function textArgument(description: string, limits: { min?: number; max: number }) {
  return v.pipe(v.string(), v.trim(), characterLength(limits), v.description(description));
}
