import { readUsage } from '../../functions/runtime/stores/usage';
import { KeyRateLimiter, keyRateLimiter } from '../../functions/runtime/middleware/rate-limit';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';
import { fakeDate } from '../support/clock';

useTestTables();

describe('Per-key rate limit', () => {
  describe('Class: KeyRateLimiter', () => {
    it('allows the burst at once, then the rate, and says how long to wait; keys are independent', () => {
      // Prepare: bursts of 3, one more call a second; a controlled clock.
      const limiter = new KeyRateLimiter();
      const limit = { perSecond: 1, burst: 3 };
      const t0 = Date.parse('2026-03-01T12:00:00Z');
      // Act / Assess
      expect([0, 1, 2].map(() => limiter.take('a', t0, limit))).toEqual([undefined, undefined, undefined]);
      expect(limiter.take('a', t0, limit)).toBe(1);
      expect(limiter.take('b', t0, limit)).toBeUndefined();
      expect(limiter.take('a', t0 + 500, limit)).toBe(1);
      expect(limiter.take('a', t0 + 1000, limit)).toBeUndefined();
      expect(limiter.take('a', t0 + 1000, limit)).toBe(1);
      // A long pause refills the burst, never more.
      expect([0, 1, 2, 3].map(() => limiter.take('a', t0 + 60_000, limit))).toEqual([undefined, undefined, undefined, 1]);
    });
  });

  describe('the tool chain (npm start and AWS alike)', () => {
    const saved = process.env.KEY_RATE_LIMIT;
    // The clock stands still: on a busy machine the 12 calls may take seconds, and a bucket that
    // refilled meanwhile would tell the limited calls to wait less than 100 seconds.
    beforeEach(() => {
      keyRateLimiter.clear();
      fakeDate(new Date(), false);
    });
    afterEach(() => jest.useRealTimers());
    afterAll(() => {
      process.env.KEY_RATE_LIMIT = saved;
      keyRateLimiter.clear();
    });

    // Issue 32: about 9,900 invalid calls of one key were served in 60 s.
    it('answers 429 rate_limited with Retry-After once a key calls faster than its limit; nothing runs, no quota is used; other keys go on', async () => {
      // Prepare: 5 calls at once, then one every 100 seconds (so nothing refills during the test).
      process.env.KEY_RATE_LIMIT = '0.01/5';
      const fast = await createTestOwner({ accounts: { searchads: 1 } });
      const other = await createTestOwner({ accounts: { searchads: 1 } });
      // Act: 12 calls at once, half of them with bad arguments.
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => callTool(fast.apiKey, 'list_campaigns', i % 2 ? { limit: 'many' } : {})),
      );
      const afterwards = await callTool(other.apiKey, 'list_campaigns', {});
      // Assess
      const limited = results.filter((r) => r.status === 429);
      expect(limited).toHaveLength(7);
      expect(results.filter((r) => r.status !== 429)).toHaveLength(5);
      for (const r of limited) {
        expect(r.body.structured_content).toMatchObject({ code: 'rate_limited', retry_after_seconds: 100 });
        expect(r.headers['Retry-After']).toBe('100');
        expect(r.body.error).toContain('retry after 100 second(s)');
      }
      expect(afterwards.status).toBe(200);
      const served = results.filter((r) => r.status === 200).length;
      expect((await readUsage(fast.owner.owner_id, new Date())).used).toBe(served);
    });
  });
});
