/**
 * The deskads sandbox spends a shared budget as Microsoft Advertising does (issue 31): its campaigns draw on
 * one pool; a paused campaign draws nothing, so the active one can spend up to the whole amount, and together
 * they never spend more than the day's amount.
 */
import { addDays } from '../../../core/dates';
import { useMiddayClock } from '../../support/clock';
import { deskadsSharedBudgetAccount } from '../helpers/deskads-shared-budget';
import { useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

type Campaign = { id: string; name: string };

describe('deskads sandbox: a shared budget is one pool', () => {
  it('a paused campaign leaves the whole amount to the other; the members never spend more than the day amount', async () => {
    const { store, port, yesterday, shared, boots, brand } = await deskadsSharedBudgetAccount<Campaign>();

    // Eight days ago both search campaigns moved onto a shared budget of 20 a day (an even share of 10 each,
    // far below what either would spend); three days ago Brand was paused.
    const moved = { now: new Date(`${addDays(yesterday, -7)}T00:00:00.000Z`) };
    await store.update('budget', shared!.id, { amount: 20 }, moved);
    for (const c of [boots, brand]) await store.update('campaign', c.id, { budget_id: shared!.id, daily_budget: 10 }, moved);
    const paused = addDays(yesterday, -2);
    await store.update('campaign', brand.id, { status: 'Paused' }, { now: new Date(`${paused}T00:00:00.000Z`) });

    const rows = await port.getReport({
      report_type: 'CampaignPerformance',
      aggregation: 'Daily',
      start_date: addDays(yesterday, -6),
      end_date: yesterday,
    });
    const spendOn = (id: string, date: string) =>
      rows.filter((r) => r.campaign_id === id && r.date === date).reduce((s, r) => s + r.spend, 0);
    const dates = [...new Set(rows.map((r) => r.date!))].sort();
    expect(dates).toHaveLength(7);
    for (const date of dates) {
      const members = rows.filter((r) => r.date === date && r.shared_budget_id === shared!.id);
      // Together never more than the day's amount, and the amount caps them (the pool is spent, 90 % or more).
      const total = Math.round(members.reduce((s, r) => s + r.spend, 0) * 100) / 100;
      expect({ date, within: total <= 20 }).toEqual({ date, within: true });
      expect({ date, spentThePool: total >= 18 }).toEqual({ date, spentThePool: true });
      if (date >= paused) {
        // Brand draws nothing; Hiking Boots spends well beyond an even share, up to the whole amount.
        expect({ date, brand: spendOn(brand.id, date) }).toEqual({ date, brand: 0 });
        expect({ date, boots: spendOn(boots.id, date) >= 18 }).toEqual({ date, boots: true });
      } else {
        // Both deliver and share the pool by their demand.
        expect({ date, both: spendOn(boots.id, date) > 0 && spendOn(brand.id, date) > 0 }).toEqual({ date, both: true });
      }
    }
  }, 180_000);
});
