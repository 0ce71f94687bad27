/**
 * Facts about a past day are judged with that day's settings (issue 31) on socialads: the sandbox's
 * campaign and ad set days carry the daily budget each day had (from the entity history), so
 * optimize_socialads_budget judges "limited by budget" (core/budget-limited.ts) each day against its
 * own budget, and a budget raise today changes no past verdict and no recommendation.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';

useTestTables();
useMiddayClock();

type Holder = { level: string; id: string; daily_budget: number; budget_used: number | null; limited_days: number; days: number };
type Move = { level: string; id: string; direction: string; reason: string; current_daily_budget: number };

describe('socialads: a budget raise today keeps past days judged against their own budget', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { socialads: 1 } })).apiKey;
  }, 60_000);

  const optimize = async () => (await callToolOk(apiKey, 'optimize_socialads_budget')).structured!;

  it('judges each past day against the budget it had (budget_source each_day)', async () => {
    expect((await optimize()).budget_source).toBe('each_day');
  }, 120_000);

  // The seeded account has campaign budgets and a campaign on ad set budgets (ads created through the
  // tools stay in review in the sandbox, so a new ad set budget would have no past days): both levels.
  for (const level of ['campaign', 'ad_set'] as const) {
    it(`raising a limited ${level}'s budget today leaves its past days' verdicts and its recommendation as they were`, async () => {
      const before = await optimize();
      const holders = before.holders as Holder[];
      const moves = before.moves as Move[];
      // The holder of that level that was limited on the most days (a raise recommended, when there is one).
      const limited = holders
        .filter((h) => h.level === level && h.limited_days > 0)
        .sort(
          (a, b) =>
            Number(moves.some((m) => m.id === b.id && m.direction === 'increase')) -
              Number(moves.some((m) => m.id === a.id && m.direction === 'increase')) || b.limited_days - a.limited_days,
        )[0]!;
      expect(limited).toBeDefined();
      const move = moves.find((m) => m.id === limited.id);
      const raised = Math.round(limited.daily_budget * 1.4);
      await callToolOk(
        apiKey,
        level === 'campaign' ? 'update_socialads_campaign' : 'update_socialads_ad_set',
        level === 'campaign' ? { campaign_id: limited.id, daily_budget: raised } : { ad_set_id: limited.id, daily_budget: raised },
      );
      const after = await optimize();
      const holder = (after.holders as Holder[]).find((h) => h.id === limited.id)!;
      expect(holder).toMatchObject({
        daily_budget: raised,
        budget_used: limited.budget_used,
        limited_days: limited.limited_days,
        days: limited.days,
      });
      const moveAfter = (after.moves as Move[]).find((m) => m.id === limited.id);
      expect(moveAfter && { direction: moveAfter.direction, reason: moveAfter.reason }).toEqual(
        move && { direction: move.direction, reason: move.reason },
      );
    }, 240_000);
  }
});
