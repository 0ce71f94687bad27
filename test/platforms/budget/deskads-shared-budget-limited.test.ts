/**
 * A deskads shared budget's past days are judged with the amount it had that day (issue 31, core/budget-limited.ts):
 * list_deskads_budgets sums its campaigns' spend of each day against that day's amount, from the sandbox history,
 * so raising or lowering the shared budget today never changes the verdict of a day already gone.
 */
import { addDays } from '../../../core/dates';
import { useMiddayClock } from '../../support/clock';
import { deskadsSharedBudgetAccount } from '../helpers/deskads-shared-budget';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

type Budget = { id: string; name: string; type: string; amount: number; limited_days_last_7: number; limited_by_budget: boolean };
type Campaign = { id: string; name: string };

describe('deskads shared budget: each past day against that day amount', () => {
  it('a day the shared budget capped is limited; raising or lowering it today changes no past verdict', async () => {
    const { owner, store, port, yesterday, shared, boots, brand } = await deskadsSharedBudgetAccount<Campaign>();
    expect(shared && boots && brand).toBeTruthy();

    // Ten days ago both running search campaigns moved onto the shared budget, generous (2000 a day, 1000 each, far above what they can spend);
    // three days ago it was cut to 20 (10 each), which caps both of them every day since.
    const moved = { now: new Date(`${addDays(yesterday, -9)}T00:00:00.000Z`) };
    await store.update('budget', shared!.id, { amount: 2000 }, moved);
    for (const c of [boots, brand]) await store.update('campaign', c.id, { budget_id: shared!.id, daily_budget: 1000 }, moved);
    const cut = { now: new Date(`${addDays(yesterday, -2)}T00:00:00.000Z`) };
    await store.update('budget', shared!.id, { amount: 20 }, cut);
    for (const c of [boots, brand]) await store.update('campaign', c.id, { daily_budget: 10 }, cut);

    // The daily rows say which shared budget each campaign drew on that day, and its amount that day.
    const rows = await port.getReport({
      report_type: 'CampaignPerformance',
      aggregation: 'Daily',
      start_date: addDays(yesterday, -6),
      end_date: yesterday,
    });
    const drawn = rows.filter((r) => r.shared_budget_id === shared!.id);
    expect(new Set(drawn.map((r) => r.campaign_id))).toEqual(new Set([boots.id, brand.id]));
    expect(drawn.every((r) => r.shared_budget_amount === (r.date! >= addDays(yesterday, -2) ? 20 : 2000))).toBe(true);

    const sources = new Set<unknown>();
    const listed = async () => {
      const out = (await callToolOk(owner.apiKey, 'list_deskads_budgets', { type_filter: 'Shared' })).structured!;
      sources.add(out.budget_source);
      return (out.budgets as Budget[]).find((b) => b.id === shared!.id)!;
    };
    const verdict = (b: Budget) => ({ limited_days_last_7: b.limited_days_last_7, limited_by_budget: b.limited_by_budget });
    const capped = { limited_days_last_7: 3, limited_by_budget: true };
    expect(verdict(await listed())).toEqual(capped);

    // Raised today by half: the three capped days stay limited.
    await callToolOk(owner.apiKey, 'update_deskads_budget', { budget_id: shared!.id, amount: 30 });
    const raised = await listed();
    expect(raised.amount).toBe(30);
    expect(verdict(raised)).toEqual(capped);

    // Lowered today below what the generous days spent: those days do not become limited.
    await callToolOk(owner.apiKey, 'update_deskads_budget', { budget_id: shared!.id, amount: 5 });
    const lowered = await listed();
    expect(lowered.amount).toBe(5);
    expect(verdict(lowered)).toEqual(capped);
    // Every answer says its past days were judged with each day's own amount.
    expect([...sources]).toEqual(['each_day']);
  }, 180_000);
});

describe('deskads budget verdicts say where their budgets came from', () => {
  it('on the sandbox, campaign performance and recommendations judge each day with its own budget (budget_source each_day)', async () => {
    const { apiKey } = await createTestOwner({ accounts: { deskads: 1 } });
    for (const tool of ['get_deskads_campaign_performance', 'list_deskads_recommendations']) {
      const data = await callToolOk(apiKey, tool);
      expect({ tool, budget_source: data.structured!.budget_source }).toEqual({ tool, budget_source: 'each_day' });
      expect(data.text).not.toContain("today's budget");
    }
  }, 120_000);
});
