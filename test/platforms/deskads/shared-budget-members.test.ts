/**
 * A deskads campaign on a shared budget has no budget of its own (issue 31): it draws on the shared budget's whole
 * amount together with the budget's other campaigns, by demand. list_deskads_campaigns, create_deskads_search_campaign
 * and update_deskads_campaign say so as list_deskads_budgets does: the shared amount and the budget's id and name, and
 * the campaign's real spend, never the even share the platform keeps as the campaign's daily_budget.
 */
import { addDays } from '../../../core/dates';
import { money } from '../../../core/markdown';
import { useMiddayClock } from '../../support/clock';
import { deskadsSharedBudgetAccount } from '../helpers/deskads-shared-budget';
import { callToolOk, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

type Row = Record<string, any>;

/**
 * The account with its two search campaigns moved onto its shared budget of 20 a day eight days ago, each keeping
 * the even share of 10 the platform stores for it, beside the campaign the seed put there.
 */
async function membersOfOnePool() {
  const account = await deskadsSharedBudgetAccount<{ id: string; name: string }>();
  const { store, yesterday, shared, boots, brand } = account;
  const moved = { now: new Date(`${addDays(yesterday, -7)}T00:00:00.000Z`) };
  await store.update('budget', shared.id, { amount: 20 }, moved);
  for (const c of [boots, brand]) await store.update('campaign', c.id, { budget_id: shared.id, daily_budget: 10 }, moved);
  const week = { start_date: addDays(yesterday, -6), end_date: yesterday };
  const pool = (await callToolOk(account.owner.apiKey, 'list_deskads_budgets', { type_filter: 'Shared' })).structured!.budgets.find(
    (b: Row) => b.id === shared.id,
  ) as Row;
  return { ...account, week, pool };
}

describe('deskads: a shared budget member shows the shared budget, not an even share', () => {
  it('list_deskads_campaigns shows each member with the shared amount, the budget and its real spend, as list_deskads_budgets does', async () => {
    const { owner, account, boots, brand, week, pool } = await membersOfOnePool();
    const listed = await callToolOk(owner.apiKey, 'list_deskads_campaigns', { ...week, limit: 200 });
    const campaigns = listed.structured!.campaigns as Row[];
    const members = pool.campaigns as Row[];
    expect(members.map((m) => m.id)).toEqual(expect.arrayContaining([boots.id, brand.id]));
    const shown = members.map((m) => {
      const c = campaigns.find((x) => x.id === m.id)!;
      return [
        m.id,
        {
          daily_budget: c.daily_budget,
          shared_budget_id: c.shared_budget_id,
          shared_budget_name: c.shared_budget_name,
          spend: c.metrics.spend,
        },
      ];
    });
    const expected = members.map((m) => [
      m.id,
      { daily_budget: pool.amount, shared_budget_id: pool.id, shared_budget_name: pool.name, spend: m.spent_last_7 },
    ]);
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));
    // The members spent this week, so the spend compared is a real one.
    expect(members.find((m) => m.id === boots.id)!.spent_last_7).toBeGreaterThan(0);
    // A campaign of its own budget keeps it, with no shared budget.
    const own = campaigns.find((c) => !members.some((m) => m.id === c.id))!;
    expect(own).toMatchObject({ shared_budget_id: null, shared_budget_name: null });
    // The text shows the shared amount and the budget's name in the campaign's row.
    const currency = account.currency;
    for (const c of [boots, brand])
      expect(listed.text).toContain(`| ${c.name} | ${c.id} | Search | Active | ${money(pool.amount, currency)} shared ("${pool.name}") |`);
  }, 180_000);

  it('update_deskads_campaign: a member leaving the shared budget had its whole amount before, not its stored share', async () => {
    const { owner, boots, pool } = await membersOfOnePool();
    const dry = await callToolOk(owner.apiKey, 'update_deskads_campaign', { campaign_id: boots.id, daily_budget: 30, dry_run: true });
    const fields = (dry.structured!.changes as Row[])[0]!.fields;
    expect(fields).toMatchObject({ daily_budget: { before: pool.amount, after: 30 }, budget_id: { before: pool.id, after: null } });
    expect(dry.structured!.notes).toEqual([expect.stringContaining(`leaves shared budget "${pool.name}"`)]);
  }, 180_000);

  it('create_deskads_search_campaign on a shared budget answers the shared amount and the budget, and the list agrees', async () => {
    const { owner, account, pool } = await membersOfOnePool();
    const args = {
      name: 'Search - Pooled Boots',
      shared_budget_id: pool.id,
      bid_strategy: 'ManualCpc',
      ad_group: { name: 'Boots', cpc_bid: 0.9 },
      keywords: [{ text: 'pooled boots', match_type: 'Exact' }],
      ad: {
        headlines: ['Trail Boots', 'Free Returns', 'Waterproof Leather'],
        descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'],
        final_url: 'https://www.example.com/boots',
      },
    };
    const currency = account.currency;
    const dry = await callToolOk(owner.apiKey, 'create_deskads_search_campaign', { ...args, dry_run: true });
    expect(dry.structured!.notes).toContainEqual(
      expect.stringContaining(`It draws on shared budget "${pool.name}" (${money(pool.amount, currency)} a day)`),
    );
    const done = await callToolOk(owner.apiKey, 'create_deskads_search_campaign', args);
    expect(done.structured).toMatchObject({ daily_budget: pool.amount, shared_budget_id: pool.id, shared_budget_name: pool.name });
    expect(done.text).toContain(`Paused, ${money(pool.amount, currency)} shared ("${pool.name}") a day.`);
    const listed = (await callToolOk(owner.apiKey, 'list_deskads_campaigns', { query: 'Pooled Boots' })).structured!.campaigns as Row[];
    expect(listed).toEqual([
      expect.objectContaining({ id: done.structured!.campaign_id, daily_budget: pool.amount, shared_budget_id: pool.id }),
    ]);
  }, 180_000);
});
