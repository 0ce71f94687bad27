/** Everything but `Date` stays real: the fake platforms, DynamoDB Local and deadlines work as usual. */
const REAL_TIMERS = [
  'nextTick',
  'setImmediate',
  'clearImmediate',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
  'hrtime',
  'performance',
] as const;

/** Fakes only `Date`, set to `now`; with `advance` it runs on at real speed, otherwise it stands still. */
export function fakeDate(now: Date, advance = true): void {
  jest.useFakeTimers({ now, advanceTimers: advance, doNotFake: [...REAL_TIMERS] });
}

/**
 * A controlled clock for test files whose expectations depend on the day in an account's time
 * zone (a New York account's yesterday is two UTC days back between 00:00 and 05:00 UTC). Only
 * `Date` is faked: it starts at 12:00 UTC of the current UTC day, when every time zone the fake
 * platforms use (New York to Tokyo) is on that same day, and runs on at real speed. Timers stay
 * real, so the fake platforms, DynamoDB Local and deadlines work as usual.
 */
export function useMiddayClock(): void {
  beforeAll(() => {
    const today = new Date().toISOString().slice(0, 10);
    fakeDate(new Date(`${today}T12:00:00Z`));
  });
  afterAll(() => jest.useRealTimers());
}
