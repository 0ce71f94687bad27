/**
 * deskads monthly limit (issue 31, Microsoft Advertising daily budgets): a month whose daily amount never
 * changed may spend 30.4 daily amounts; once the amount changes during the month, its limit is the sum of
 * each past day's amount plus the new amount for every day left. Raising a budget mid-month therefore
 * leaves the past days' limit as it was and moves only the rest of the month.
 */
import { fakeDate } from '../../support/clock';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
// The 15th of a 30-day month at midday: 14 past days, 16 days left (today included).
beforeAll(() => fakeDate(new Date('2026-11-15T12:00:00Z')));
afterAll(() => jest.useRealTimers());

type Budget = {
  id: string;
  name: string;
  type: string;
  amount: number;
  month_to_date: number;
  month_to_date_limit: number;
  monthly_limit: number;
};
const cents = (n: number) => Math.round(n * 100) / 100;

describe('deskads: the monthly limit follows a budget changed mid-month', () => {
  it("raising a campaign's budget keeps the past days' limit and makes the month past days + days left × new amount", async () => {
    const { apiKey } = await createTestOwner({ accounts: { deskads: 1 } });
    const brand = async () => {
      const out = (await callToolOk(apiKey, 'list_deskads_budgets', { type_filter: 'Campaign', limit: 100 })).structured!;
      expect(out.month_start).toBe('2026-11-01');
      return (out.budgets as Budget[]).find((b) => b.name === 'Search - Brand')!;
    };
    const before = await brand();
    expect(before).toBeDefined();
    // Unchanged all month: 30.4 daily amounts; its past days (it ran on some) each had today's amount.
    expect(before.monthly_limit).toBe(cents(before.amount * 30.4));
    expect(before.month_to_date_limit).toBeGreaterThan(0);
    expect(before.month_to_date_limit).toBeLessThanOrEqual(cents(before.amount * 14));
    expect(cents(before.month_to_date_limit / before.amount) % 1).toBe(0);

    const raised = Math.round(before.amount * 1.4);
    await callToolOk(apiKey, 'update_deskads_campaign', { campaign_id: before.id, daily_budget: raised });
    const after = await brand();
    expect(after.amount).toBe(raised);
    expect(after.month_to_date_limit).toBe(before.month_to_date_limit);
    // Microsoft Advertising's rule: what it spent this month so far + the new amount × the days left.
    expect(after.month_to_date).toBe(before.month_to_date);
    expect(after.monthly_limit).toBe(cents(before.month_to_date + 16 * raised));
  }, 120_000);
});
