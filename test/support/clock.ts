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
    jest.useFakeTimers({
      now: new Date(`${today}T12:00:00Z`),
      advanceTimers: true,
      doNotFake: [
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
      ],
    });
  });
  afterAll(() => jest.useRealTimers());
}
