/**
 * searchads campaigns on a shared budget (issue 31): every campaign-level verdict (optimize_budget_allocation,
 * list_recommendations) judges each past day of a campaign on a shared budget as the shared budget's day (the
 * spend of all its campaigns) against the shared amount of that day (not the campaign's own budget, not
 * today's amount), so changing the shared amount today changes no past verdict. The raise is recommended once,
 * for the shared budget (on its campaign with the most conversions).
 */
import { addDays, isoDate, lastDays } from '../../../core/dates';
import { searchads } from '../../../platforms/searchads/manifest';
import { operatorCall } from '../../../platforms/live/connector';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { useMiddayClock } from '../../support/clock';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

type Allocation = { campaign_id: string; conversions: number; limited_by_budget: boolean; limited_days: number; days: number };
type BudgetRec = { type: string; campaign_id: string | null };
type Campaign = { id: string; name: string; budget_amount: number };

describe('searchads: campaigns on a shared budget are judged with its amount of each day', () => {
  it('the days the shared amount capped are limited; raising or lowering it today changes no verdict', async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    const account = owner.accounts.searchads![0]!;
    const store = new SandboxStore('searchads', account.account_id);
    const port = searchads.open(account, operatorCall());
    const yesterday = addDays(isoDate(new Date()), -1);
    const [shared] = await port.listSharedBudgets();
    const campaigns = await store.list<Campaign>('campaign');
    const brand = campaigns.find((c) => c.name === 'Brand - Exact')!;
    const generic = campaigns.find((c) => c.name === 'Generic - Hiking Boots')!;
    expect(shared && brand && generic).toBeTruthy();
    const ids = [brand.id, generic.id].sort();

    // Ten days ago both moved onto the shared budget, generous (1000 a day); four days ago it was cut to 5,
    // which caps them together every day since (the sandbox copies the shared amount onto each campaign).
    const moved = { now: new Date(`${addDays(yesterday, -9)}T00:00:00.000Z`) };
    await store.update('shared_budget', shared!.id, { amount: 1000 }, moved);
    for (const c of [brand, generic]) await store.update('campaign', c.id, { budget_id: shared!.id, budget_amount: 1000 }, moved);
    const cutOn = addDays(yesterday, -3);
    const cut = { now: new Date(`${cutOn}T00:00:00.000Z`) };
    await store.update('shared_budget', shared!.id, { amount: 5 }, cut);
    for (const c of [brand, generic]) await store.update('campaign', c.id, { budget_amount: 5 }, cut);

    // Each campaign day carries the shared amount of that day, not the campaign's own budget nor today's amount.
    const week = lastDays(new Date(), 7, 'UTC');
    const rows = (await port.getReport('campaign', week.start, week.end)).filter((r) => ids.includes(r.campaign_id ?? ''));
    expect(rows.length).toBe(14);
    expect(rows.every((r) => r.daily_budget === (r.date >= cutOn ? 5 : 1000))).toBe(true);

    const allocation = async () => {
      const out = (
        await callToolOk(owner.apiKey, 'optimize_budget_allocation', { start_date: week.start, end_date: week.end, min_conversions: 0 })
      ).structured!;
      expect(out.budget_source).toBe('each_day');
      return (out.campaigns as Allocation[])
        .filter((c) => ids.includes(c.campaign_id))
        .sort((a, b) => a.campaign_id.localeCompare(b.campaign_id));
    };
    const verdicts = (list: Allocation[]) =>
      list.map((c) => ({ id: c.campaign_id, limited: c.limited_by_budget, limited_days: c.limited_days, days: c.days }));
    const recommendedRaises = async () => {
      const listed = (await callToolOk(owner.apiKey, 'list_recommendations', { types: ['CAMPAIGN_BUDGET'], limit: 200 })).structured!;
      return [...(listed.recommendations as BudgetRec[]), ...(listed.withheld as BudgetRec[])]
        .filter((r) => r.type === 'CAMPAIGN_BUDGET' && ids.includes(r.campaign_id!))
        .map((r) => r.campaign_id!)
        .sort();
    };

    const before = await allocation();
    const limited = ids.map((id) => ({ id, limited: true, limited_days: 4, days: 7 }));
    expect(verdicts(before)).toEqual(limited);
    const [lead] = [...before].sort((a, b) => b.conversions - a.conversions || a.campaign_id.localeCompare(b.campaign_id));
    expect(lead!.conversions).toBeGreaterThan(0);
    const converting = [lead!.campaign_id];
    expect(await recommendedRaises()).toEqual(converting);

    // Raised today by half (update_campaign_budget on one of them changes the shared amount for both).
    await callToolOk(owner.apiKey, 'update_campaign_budget', { campaign_id: brand.id, daily_budget: 7.5 });
    expect((await port.listCampaigns()).filter((c) => ids.includes(c.id)).map((c) => c.budget_amount)).toEqual([7.5, 7.5]);
    expect(verdicts(await allocation())).toEqual(limited);
    expect(await recommendedRaises()).toEqual(converting);

    // Lowered today far below what the generous days spent: those days do not become limited.
    await callToolOk(owner.apiKey, 'update_campaign_budget', { campaign_id: brand.id, daily_budget: 1 });
    expect(verdicts(await allocation())).toEqual(limited);
  }, 240_000);
});
