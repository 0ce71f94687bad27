/**
 * The days a deskads campaign's budget verdict rests on (platforms/deskads/tools/shared-budget-days.ts
 * campaignBudgetDays): a campaign on a shared budget has no budget of its own, so its day is the shared
 * budget's day, whether the platform reports each day's budget (the sandbox) or only today's (a live account).
 */
import { budgetUse } from '../../core/budget-limited';
import { campaignBudgetDays, sharedBudgetUse } from '../../platforms/deskads/tools/shared-budget-days';

const pool = { id: 'b1', amount: 20, campaign_ids: ['a', 'b'] };
// Two days of a pool of 20 split by demand: a spends 14 and 15, b 5 and 4 (the pool is limited both days).
const day = (date: string, campaign_id: string, spend: number) => ({ date, campaign_id, spend });

describe('deskads campaignBudgetDays: a shared budget member is judged with the shared budget day', () => {
  it('each day reported (the sandbox): both members get the pool spend against the shared amount', () => {
    const rows = [
      { ...day('2026-11-01', 'a', 14), daily_budget: 20, shared_budget_id: 'b1', shared_budget_amount: 20 },
      { ...day('2026-11-01', 'b', 5), daily_budget: 20, shared_budget_id: 'b1', shared_budget_amount: 20 },
      { ...day('2026-11-02', 'a', 15), daily_budget: 20, shared_budget_id: 'b1', shared_budget_amount: 20 },
      { ...day('2026-11-02', 'b', 4), daily_budget: 20, shared_budget_id: 'b1', shared_budget_amount: 20 },
    ];
    const verdict = budgetUse(campaignBudgetDays(rows, { id: 'b', daily_budget: 10, budget_id: 'b1' }, 'each_day', [pool]));
    expect(verdict).toEqual(sharedBudgetUse(rows, pool, 'each_day'));
    expect(verdict).toMatchObject({ days: 2, limited_days: 2, limited: true, spend: 38, budget: 40 });
  });

  it("today's budgets only (a live account): a member on a shared budget today is judged with its campaigns' days", () => {
    const rows = [day('2026-11-01', 'a', 14), day('2026-11-01', 'b', 5), day('2026-11-02', 'a', 15), day('2026-11-02', 'b', 4)];
    for (const id of ['a', 'b'])
      expect(budgetUse(campaignBudgetDays(rows, { id, daily_budget: 10, budget_id: 'b1' }, 'today', [pool]))).toEqual(
        sharedBudgetUse(rows, pool, 'today'),
      );
    // A campaign with its own budget keeps its own days.
    expect(budgetUse(campaignBudgetDays(rows, { id: 'a', daily_budget: 14 }, 'today', [pool]))).toMatchObject({
      spend: 29,
      limited_days: 2,
    });
  });
});
