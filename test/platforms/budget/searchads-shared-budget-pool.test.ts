/**
 * searchads shared budgets draw from one pool, as on the platform (a CampaignBudget with
 * explicitly_shared): the campaigns on it together never spend more than its amount in a day, a paused
 * campaign draws nothing and leaves the pool to the others, and every tool that says a campaign on it is
 * limited judges the pool (its campaigns together against the shared amount of each day) the same way;
 * the raise it recommends is the shared budget's, with a call that works as given, and the watch proposes
 * one raise for the pool, not one per campaign.
 */
import { addDays, isoDate } from '../../../core/dates';
import { LIMITED_DAY_SHARE } from '../../../core/budget-limited';
import { searchads } from '../../../platforms/searchads/manifest';
import { operatorCall } from '../../../platforms/live/connector';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { useMiddayClock } from '../../support/clock';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

type Campaign = { id: string; name: string; budget_amount: number };
type Allocation = { campaign_id: string; limited_by_budget: boolean; limited_days: number; days: number; role: string };
type Rec = {
  id: string;
  type: string;
  campaign_id: string | null;
  campaign_budget?: { current_amount: number; recommended_amount: number; shared_budget?: { id: string; campaign_ids: string[] } };
  call: { tool: string; arguments: Record<string, unknown> };
};

const AMOUNT = 100;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Two campaigns moved onto the seeded shared budget (set to 100 a day) 20 days before yesterday. */
async function twoOnOnePool() {
  const owner = await createTestOwner({ accounts: { searchads: 1 } });
  const account = owner.accounts.searchads![0]!;
  const store = new SandboxStore('searchads', account.account_id);
  const port = searchads.open(account, operatorCall());
  const yesterday = addDays(isoDate(new Date()), -1);
  const [shared] = await port.listSharedBudgets();
  const campaigns = await store.list<Campaign>('campaign');
  const brand = campaigns.find((c) => c.name === 'Brand - Exact')!;
  const generic = campaigns.find((c) => c.name === 'Generic - Hiking Boots')!;
  const moved = { now: new Date(`${addDays(yesterday, -19)}T00:00:00.000Z`) };
  await store.update('shared_budget', shared!.id, { amount: AMOUNT }, moved);
  for (const c of [brand, generic]) await store.update('campaign', c.id, { budget_id: shared!.id, budget_amount: AMOUNT }, moved);
  const daily = async (start: string, end: string) => {
    const rows = await port.getReport('campaign', start, end);
    const byDate = new Map<string, { brand: number; generic: number }>();
    for (const r of rows) {
      if (r.campaign_id !== brand.id && r.campaign_id !== generic.id) continue;
      const day = byDate.get(r.date) ?? { brand: 0, generic: 0 };
      day[r.campaign_id === brand.id ? 'brand' : 'generic'] += r.spend;
      byDate.set(r.date, day);
    }
    return byDate;
  };
  return { owner, store, port, shared: shared!, brand, generic, yesterday, daily };
}

describe('searchads: a shared budget is one pool', () => {
  it('two campaigns on a 100 a day shared budget never spend more than 100 together, and it binds', async () => {
    const { daily, yesterday } = await twoOnOnePool();
    const days = await daily(addDays(yesterday, -19), yesterday);
    expect(days.size).toBe(20);
    const totals = [...days.values()].map((d) => round2(d.brand + d.generic));
    for (const total of totals) expect(total).toBeLessThanOrEqual(AMOUNT);
    // Their demand exceeds the pool: it is spent almost to the cent on most days (so the cap is what holds them).
    expect(totals.filter((t) => t >= AMOUNT * LIMITED_DAY_SHARE).length).toBeGreaterThanOrEqual(10);
    // Both draw from it on every day (by their demand), neither takes it all.
    expect([...days.values()].every((d) => d.brand > 0 && d.generic > 0)).toBe(true);
  }, 240_000);

  it('pausing one campaign leaves the pool to the other from that moment', async () => {
    const { store, brand, daily, yesterday } = await twoOnOnePool();
    const pausedOn = addDays(yesterday, -6);
    await store.update('campaign', brand.id, { status: 'PAUSED' }, { now: new Date(`${pausedOn}T00:00:00.000Z`) });
    const before = [...(await daily(addDays(yesterday, -13), addDays(pausedOn, -1))).values()];
    const after = [...(await daily(pausedOn, yesterday)).values()];
    expect(after.length).toBe(7);
    expect(after.every((d) => d.brand === 0)).toBe(true);
    const avg = (list: { brand: number; generic: number }[], of: 'brand' | 'generic') => list.reduce((s, d) => s + d[of], 0) / list.length;
    // The other campaign takes what the paused one no longer draws: at least half of it more a day than while they shared it.
    expect(avg(before, 'brand')).toBeGreaterThan(10);
    expect(avg(after, 'generic') - avg(before, 'generic')).toBeGreaterThanOrEqual(avg(before, 'brand') / 2);
    for (const d of after) expect(d.generic).toBeLessThanOrEqual(AMOUNT);
  }, 240_000);

  it('the tools agree on the pool verdict, and the recommended raise of the shared budget works as given', async () => {
    const { owner, shared, brand, generic, yesterday, daily } = await twoOnOnePool();
    const ids = [brand.id, generic.id].sort();
    const start = addDays(yesterday, -6);
    const allocation = (
      await callToolOk(owner.apiKey, 'optimize_budget_allocation', { start_date: start, end_date: yesterday, min_conversions: 0 })
    ).structured!;
    const members = (allocation.campaigns as Allocation[]).filter((c) => ids.includes(c.campaign_id));
    expect(members.length).toBe(2);
    // One verdict for the pool: its campaigns together reached 90 % of 100 on most days.
    expect(members.every((c) => c.limited_by_budget && c.limited_days === members[0]!.limited_days && c.days === 7)).toBe(true);
    // One budget: counted once in the total, moved (if at all) with one call.
    const calls = (allocation.calls as { arguments: { campaign_id: string } }[]).filter((c) => ids.includes(c.arguments.campaign_id));
    expect(calls.length).toBeLessThanOrEqual(1);

    // list_shared_budgets gives the pool the same verdict over the same 7 days, with the pool's spend.
    const pools = (await callToolOk(owner.apiKey, 'list_shared_budgets', {})).structured!;
    expect([pools.start_date, pools.end_date]).toEqual([start, yesterday]);
    const pool = (pools.budgets as { id: string; pool: Record<string, unknown> }[]).find((b) => b.id === shared.id)!.pool;
    const poolSpend = round2([...(await daily(start, yesterday)).values()].reduce((s, d) => s + d.brand + d.generic, 0));
    expect(pool).toMatchObject({ limited_by_budget: true, limited_days: members[0]!.limited_days, days: 7, spend: poolSpend });

    const listed = (await callToolOk(owner.apiKey, 'list_recommendations', { types: ['CAMPAIGN_BUDGET'], limit: 200 })).structured!;
    const all = [...(listed.recommendations as Rec[]), ...(listed.withheld as Rec[])];
    const raises = all.filter((r) => r.type === 'CAMPAIGN_BUDGET' && ids.includes(r.campaign_id!));
    // One raise for the shared budget (not one per campaign), of the shared amount.
    expect(raises.length).toBe(1);
    const raise = (listed.recommendations as Rec[]).find((r) => r.id === raises[0]!.id)!;
    expect(raise).toBeDefined();
    expect(raise.campaign_budget!.shared_budget!.id).toBe(shared.id);
    expect([...raise.campaign_budget!.shared_budget!.campaign_ids].sort()).toEqual(ids);
    expect(raise.campaign_budget!.current_amount).toBe(AMOUNT);
    expect(raise.call).toEqual({
      tool: 'update_campaign',
      arguments: { customer_id: owner.accounts.searchads![0]!.account_id, campaign_id: raise.campaign_id, budget_amount: 125 },
    });
    // The call works as given: its plan raises the shared budget for both campaigns.
    const dry = await callTool(owner.apiKey, raise.call.tool, { ...raise.call.arguments, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data!.text).toContain(shared.name);
  }, 300_000);

  it('the watch and suggest_next_action propose one raise for the pool, never for a campaign the waste analysis lists', async () => {
    const { owner, shared, brand, generic } = await twoOnOnePool();
    const ids = [brand.id, generic.id];
    type Call = { kind: string; tool: string; arguments: Record<string, unknown> };
    const raisesOf = (items: Call[]) => items.filter((o) => o.kind === 'scale_winner' && o.tool === 'update_campaign');
    const signals = (await callToolOk(owner.apiKey, 'run_watch_now')).structured!.signals as {
      kind: string;
      monthly_value: number;
      fixes: { tool: string; arguments: Record<string, unknown> }[];
    }[];
    const watched = raisesOf(signals.map((s) => ({ kind: s.kind, ...s.fixes[0]! })));
    // Both campaigns are limited winners on their own figures; a raise of either raises the pool for both: one raise.
    const pooled = watched.filter((r) => ids.includes(r.arguments.campaign_id as string));
    expect(pooled.length).toBe(1);
    expect(pooled[0]!.arguments.budget_amount).toBe(round2(AMOUNT * 1.2));
    const dry = await callTool(owner.apiKey, 'update_campaign', { ...pooled[0]!.arguments, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data!.text).toContain(shared.name);
    const suggested = raisesOf((await callToolOk(owner.apiKey, 'suggest_next_action')).structured!.actions as Call[]);
    expect(suggested.filter((r) => ids.includes(r.arguments.campaign_id as string)).length).toBeLessThanOrEqual(1);

    // What the waste analysis of the same days lists never gets a raise.
    const end = addDays(isoDate(new Date()), -1);
    const waste = (await callToolOk(owner.apiKey, 'analyze_wasted_spend', { start_date: addDays(end, -29), end_date: end })).structured!;
    const wasted = [...(waste.campaigns as { id: string }[]), ...(waste.high_cost_campaigns as { id: string }[])].map((c) => c.id);
    expect(wasted.length).toBeGreaterThan(0);
    expect(watched.filter((r) => wasted.includes(r.arguments.campaign_id as string))).toEqual([]);
  }, 300_000);
});
