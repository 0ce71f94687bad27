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
type Row = Record<string, any>;

/**
 * The account with both search campaigns moved onto its shared budget of 20 a day eight days ago (an even share of
 * 10 each), less than they would spend together, so the pool is split between them by their demand every day.
 */
async function membersOfOnePool() {
  const account = await deskadsSharedBudgetAccount<Campaign>();
  const { store, yesterday, shared, boots, brand } = account;
  const moved = { now: new Date(`${addDays(yesterday, -7)}T00:00:00.000Z`) };
  await store.update('budget', shared.id, { amount: 20 }, moved);
  for (const c of [boots, brand]) await store.update('campaign', c.id, { budget_id: shared.id, daily_budget: 10 }, moved);
  return { ...account, ids: [boots.id, brand.id], week: { start_date: addDays(yesterday, -6), end_date: yesterday } };
}
type Performance = { campaign_id: string; daily_budget: number; shared_budget_id: string | null; budget_limited_days: number };

describe('deskads: a shared budget member is judged with the shared budget day', () => {
  it('its rows carry the shared amount, no member spends past it, and every member has the shared budget verdict', async () => {
    const { owner, port, shared, ids, week } = await membersOfOnePool();

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

  it('list_deskads_budgets shows each member with the whole shared amount and what it spent of it, never an even share', async () => {
    const { owner, shared, ids, week } = await membersOfOnePool();
    const listed = await callToolOk(owner.apiKey, 'list_deskads_budgets', { type_filter: 'Shared' });
    const pool = (listed.structured!.budgets as Row[]).find((b) => b.id === shared.id)!;
    // Its members: the two moved onto it, and any the seed put there.
    const memberIds = (pool.campaigns as Row[]).map((c) => c.id as string).sort();
    expect(memberIds).toEqual(expect.arrayContaining(ids));
    // What each member spent over the same 7 days, as its own report shows it.
    const performance = (await callToolOk(owner.apiKey, 'get_deskads_campaign_performance', { campaign_ids: memberIds, ...week }))
      .structured!.campaigns as Row[];
    const spent = new Map(performance.map((c) => [c.campaign_id as string, Math.round(c.metrics.spend * 100)]));
    const poolCents = [...spent.values()].reduce((t, n) => t + n, 0);
    expect(poolCents).toBeGreaterThan(0);
    expect(Math.round(pool.spent_last_7 * 100)).toBe(poolCents);
    // Each member: the whole shared amount, its own spend of the week and its share of the pool's, by member id.
    const shown = (pool.campaigns as Row[]).map((c) => [
      c.id,
      { daily_budget: c.daily_budget, spent_last_7: c.spent_last_7, share_of_spend_last_7: c.share_of_spend_last_7 },
    ]);
    const expected = memberIds.map((id) => [
      id,
      {
        daily_budget: pool.amount,
        spent_last_7: spent.get(id)! / 100,
        share_of_spend_last_7: Math.round((spent.get(id)! / poolCents) * 100) / 100,
      },
    ]);
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));
    // The text lists each member under its shared budget, with what it spent of it.
    for (const c of pool.campaigns as Row[]) expect(listed.text).toContain(`| ${c.name} | ${c.id} | ${c.status} |`);
  }, 180_000);
});
