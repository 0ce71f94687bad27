/**
 * Campaigns on one explicitly shared budget are judged as one pool on a live account, as in the sandbox
 * (core/budget-limited.ts withSharedBudgetSpend): the live campaign report names each campaign's shared
 * budget (campaign_budget.explicitly_shared and id, selected with the campaign's figures), so
 * list_shared_budgets and optimize_budget_allocation judge each day with the spend of both of them
 * against the shared amount.
 */
import { callToolOk, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';
import { metricsRows } from '../../fakes/searchads-api-rows';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';

useTestTables();
useMiddayClock();
const platform = useFakeSearchPlatform();

type Row = Record<string, any>;
const ago = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('searchads on a live account: campaigns on one shared budget are one pool', () => {
  let live: LiveOwner;
  let budget: Row;
  let members: string[];
  let amount: number;
  const together = new Map<string, number>();
  const days = (from: number) => Array.from({ length: from }, (_, i) => ago(from - i));
  const month = days(30);
  /** The days their spend together reached 90 % of the shared amount. */
  const limitedDays = (dates: string[]) => dates.filter((d) => (together.get(d) ?? 0) >= 0.9 * amount).length;
  beforeAll(async () => {
    live = await liveOwner(platform);
    const campaigns = (await callToolOk(live.apiKey, 'list_campaigns', {})).structured!.campaigns as Row[];
    members = ['Brand - Exact', 'Generic - Hiking Boots'].map((name) => campaigns.find((c) => c.name === name)!.id as string);
    budget = ((await callToolOk(live.apiKey, 'list_shared_budgets', {})).structured!.budgets as Row[]).find(
      (b) => b.name === 'Shared - Search Evergreen',
    )!;
    await callToolOk(live.apiKey, 'assign_shared_budget', { budget_id: budget.id, campaign_ids: members });
    // Their spend together each day, as the platform reports it.
    const customer = platform.api.customer(live.account.account_id);
    for (const r of metricsRows(customer, 'campaign'))
      if (members.includes(String(r.campaign.id)))
        together.set(r.segments.date, (together.get(r.segments.date) ?? 0) + Number(r.metrics.costMicros) / 1e6);
    // The shared amount: their median day together over the window (so some days reach 90 % of it and some do not),
    // a few cents off wherever a day's spend would sit on the edge.
    const sorted = month.map((d) => together.get(d)!).sort((a, b) => a - b);
    amount = Math.round(sorted[Math.floor(sorted.length / 2)]! * 100) / 100;
    while (month.some((d) => Math.abs(together.get(d)! - 0.9 * amount) < 0.05)) amount += 0.2;
    customer.budgets.find((b) => b.name === 'Shared - Search Evergreen')!.amountMicros = String(Math.round(amount * 1e6));
  }, 120_000);

  it('list_shared_budgets: the pool is limited on the days their spend together reached its amount', async () => {
    const listed = ((await callToolOk(live.apiKey, 'list_shared_budgets', {})).structured!.budgets as Row[]).find(
      (b) => b.id === budget.id,
    )!;
    expect(listed.campaigns.map((c: Row) => c.id).sort()).toEqual([...members].sort());
    expect(listed.pool).toMatchObject({ days: 7, limited_days: limitedDays(days(7)) });
  });

  it('optimize_budget_allocation: both judged on their spend together, and one budget move for both', async () => {
    const s = (await callToolOk(live.apiKey, 'optimize_budget_allocation', { start_date: ago(30), end_date: ago(1) })).structured!;
    const rows = (s.campaigns as Row[]).filter((r) => members.includes(r.campaign_id));
    expect(rows.map((r) => ({ shared: r.shared_budget?.id, days: r.days, limited_days: r.limited_days }))).toEqual(
      members.map(() => ({ shared: budget.id, days: 30, limited_days: limitedDays(month) })),
    );
    expect((s.calls as Row[]).filter((c) => members.includes(c.arguments.campaign_id)).length).toBeLessThanOrEqual(1);
  });
});
