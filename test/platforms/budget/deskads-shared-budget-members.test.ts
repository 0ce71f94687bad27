/**
 * A deskads campaign on a shared budget has no budget of its own (issue 31): its day is the shared budget's day.
 * Its daily report row carries the shared amount as its daily_budget (never an even share it can spend past, as
 * the pool is split by demand), and get_deskads_campaign_performance judges each of its days with the spend of
 * every campaign on the budget against that amount, so every member gets the shared budget's verdict, the one
 * list_deskads_budgets gives the budget itself.
 */
import { addDays } from '../../../core/dates';
import { useMiddayClock } from '../../support/clock';
import { deskadsSharedBudgetAccount } from '../helpers/deskads-shared-budget';
import { callToolOk, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

type Campaign = { id: string; name: string };
type Performance = { campaign_id: string; daily_budget: number; shared_budget_id: string | null; budget_limited_days: number };

describe('deskads: a shared budget member is judged with the shared budget day', () => {
  it('its rows carry the shared amount, no member spends past it, and every member has the shared budget verdict', async () => {
    const { owner, store, port, yesterday, shared, boots, brand } = await deskadsSharedBudgetAccount<Campaign>();
    const ids = [boots.id, brand.id];

    // Eight days ago both search campaigns moved onto a shared budget of 20 a day (an even share of 10 each), less
    // than they would spend together, so the pool is split between them by their demand every day.
    const moved = { now: new Date(`${addDays(yesterday, -7)}T00:00:00.000Z`) };
    await store.update('budget', shared.id, { amount: 20 }, moved);
    for (const c of [boots, brand]) await store.update('campaign', c.id, { budget_id: shared.id, daily_budget: 10 }, moved);
    const week = { start_date: addDays(yesterday, -6), end_date: yesterday };

    // Each member's day carries the shared budget and its amount as the day's budget; none spends past it.
    const rows = (await port.getReport({ report_type: 'CampaignPerformance', aggregation: 'Daily', ...week })).filter((r) =>
      ids.includes(r.campaign_id),
    );
    expect(rows).toHaveLength(14);
    for (const r of rows) {
      expect({ campaign: r.campaign_id, date: r.date, shared: r.shared_budget_id, budget: r.daily_budget }).toEqual({
        campaign: r.campaign_id,
        date: r.date,
        shared: shared.id,
        budget: r.shared_budget_amount,
      });
      expect({ campaign: r.campaign_id, date: r.date, within: r.spend <= r.daily_budget! }).toEqual({
        campaign: r.campaign_id,
        date: r.date,
        within: true,
      });
    }

    // The shared budget's own verdict over the week, and each member's in the campaign report: the same.
    const budgets = (await callToolOk(owner.apiKey, 'list_deskads_budgets', { type_filter: 'Shared' })).structured!.budgets as {
      id: string;
      limited_days_last_7: number;
    }[];
    const pool = budgets.find((b) => b.id === shared.id)!;
    expect(pool.limited_days_last_7).toBeGreaterThan(0);
    const performance = (await callToolOk(owner.apiKey, 'get_deskads_campaign_performance', { campaign_ids: ids, ...week })).structured!;
    expect(performance.budget_source).toBe('each_day');
    const members = (performance.campaigns as Performance[]).map((c) => ({
      campaign_id: c.campaign_id,
      daily_budget: c.daily_budget,
      shared_budget_id: c.shared_budget_id,
      budget_limited_days: c.budget_limited_days,
    }));
    expect(members.sort((a, b) => a.campaign_id.localeCompare(b.campaign_id))).toEqual(
      [...ids].sort().map((id) => ({
        campaign_id: id,
        daily_budget: 20,
        shared_budget_id: shared.id,
        budget_limited_days: pool.limited_days_last_7,
      })),
    );
  }, 180_000);
});
