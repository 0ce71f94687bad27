/**
 * deskads recommendations on a shared budget (issue 31): a campaign that draws on a shared budget has no
 * budget of its own to raise, so list_deskads_recommendations judges the shared budget by its own days (its
 * campaigns' spend of each day against that day's amount, as list_deskads_budgets does) and proposes one
 * raise of the shared budget, with its campaigns' figures and an update_deskads_budget call that works as
 * given; applying it changes the shared budget, not the campaigns.
 */
import { addDays } from '../../../core/dates';
import { useMiddayClock } from '../../support/clock';
import { deskadsSharedBudgetAccount } from '../helpers/deskads-shared-budget';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

type Campaign = { id: string; name: string; daily_budget: number };
type Rec = {
  id: string;
  type: string;
  entity_type: string;
  entity_id: string;
  field: string;
  current_value: number;
  recommended_value: number;
  figures: { spend: number; conversions: number; account_cpa: number | null };
  campaigns?: { id: string; spend: number; conversions: number }[];
  call: { tool: string; arguments: Record<string, unknown> };
};

describe('deskads recommendations on a shared budget', () => {
  it('propose one raise of the limited shared budget (never of its campaigns), with its figures and a call that works; applying raises the shared budget', async () => {
    const { owner, store, port, yesterday, shared, campaigns, boots, brand } = await deskadsSharedBudgetAccount<Campaign>();
    // The seeded paused campaign that already draws on the shared budget.
    const camping = campaigns.find((c) => c.name === 'Search - Camping Gear')!;

    // Ten days ago both converting search campaigns moved onto the shared budget; five days ago it was cut to
    // 20 a day, which caps them every day since (5 of the last 7 days: limited over the week).
    const moved = { now: new Date(`${addDays(yesterday, -9)}T00:00:00.000Z`) };
    await store.update('budget', shared!.id, { amount: 2000 }, moved);
    for (const c of [boots, brand]) await store.update('campaign', c.id, { budget_id: shared!.id, daily_budget: 1000 }, moved);
    const cut = { now: new Date(`${addDays(yesterday, -4)}T00:00:00.000Z`) };
    await store.update('budget', shared!.id, { amount: 20 }, cut);
    for (const c of [boots, brand]) await store.update('campaign', c.id, { daily_budget: 10 }, cut);

    const listed = (await callToolOk(owner.apiKey, 'list_deskads_recommendations')).structured!;
    const recs = listed.recommendations as Rec[];
    // No raise of a member campaign's own daily budget: it has none on the platform.
    expect(recs.filter((r) => r.type === 'BudgetOpportunity' && [boots.id, brand.id].includes(r.entity_id))).toEqual([]);
    const onShared = recs.filter((r) => r.entity_id === shared!.id);
    expect(onShared).toHaveLength(1);
    const rec = onShared[0]!;
    expect(rec).toMatchObject({
      type: 'BudgetOpportunity',
      entity_type: 'SharedBudget',
      field: 'amount',
      current_value: 20,
      recommended_value: 24,
      call: { tool: 'update_deskads_budget', arguments: { budget_id: shared!.id, amount: 24 } },
    });
    // The figures it rests on: its campaigns' own (the paused one too), which add up to the budget's.
    expect(new Set(rec.campaigns!.map((c) => c.id))).toEqual(new Set([boots.id, brand.id, camping.id]));
    expect(rec.campaigns!.reduce((s, c) => s + c.spend, 0)).toBeCloseTo(rec.figures.spend, 2);
    expect(rec.campaigns!.reduce((s, c) => s + c.conversions, 0)).toBe(rec.figures.conversions);
    expect(rec.figures.conversions).toBeGreaterThan(0);
    expect(rec.figures.account_cpa).not.toBeNull();

    // The exact call works as given (previewed).
    const preview = await callTool(owner.apiKey, rec.call.tool, { ...rec.call.arguments, dry_run: true });
    expect(preview.status).toBe(200);
    expect(preview.body.data!.structured).toMatchObject({ dry_run: true });

    // Applying it raises the shared budget, and gives no member campaign the recommended amount of its own.
    const applied = (await callToolOk(owner.apiKey, 'apply_deskads_recommendations', { recommendation_ids: [rec.id] })).structured!;
    expect(applied.results).toEqual([
      { id: rec.id, entity_type: 'SharedBudget', entity_id: shared!.id, field: 'amount', before: 20, after: 24 },
    ]);
    expect((await port.listBudgets()).find((b) => b.id === shared!.id)!.amount).toBe(24);
    const after = await store.list<Campaign>('campaign');
    for (const c of [boots, brand]) expect(after.find((a) => a.id === c.id)!.daily_budget).not.toBe(24);
  }, 240_000);
});
