/**
 * The opportunity finders (suggest_next_action, weekly_opportunities, the watch) call a campaign
 * limited by its budget as core/budget-limited.ts defines it, each day against the budget it had:
 * on searchads the finder scales exactly the winners optimize_budget_allocation calls limited over
 * the same 30 days, and a budget raise today keeps the verdict the past days earned.
 */
import { accountBaseline, judgeAgainstAccount } from '../../../core/advice';
import { opportunityWindow, WINNER_MIN_CONVERSIONS, WINNER_MIN_ROAS } from '../../../platforms/opportunities';
import { searchads } from '../../../platforms/searchads/manifest';
import type { ConnectedAccount } from '../../../core/accounts';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';

useTestTables();
useMiddayClock();

type Allocation = { campaign_id: string; limited_by_budget: boolean; limited_days: number; days: number; current_daily_budget: number };
type Listed = {
  id: string;
  type: string;
  status: string;
  start_date: string;
  end_date?: string | null;
  metrics: { spend: number; conversions: number; revenue: number; roas: number | null };
};

describe('searchads opportunity finder: limited by budget, each day against its own budget', () => {
  let apiKey: string;
  let account: ConnectedAccount;
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    account = owner.accounts.searchads![0]!;
  }, 60_000);

  const window = () => opportunityWindow(new Date(), account);
  const limitedByAllocation = async () =>
    (
      (
        await callToolOk(apiKey, 'optimize_budget_allocation', {
          start_date: window().start,
          end_date: window().end,
          min_conversions: 0,
        })
      ).structured!.campaigns as Allocation[]
    ).filter((c) => c.limited_by_budget);
  const scaled = async () =>
    (await searchads.findOpportunities!(account, new Date()))
      .filter((o) => o.kind === 'scale_winner')
      .map((o) => ({ campaign_id: o.arguments.campaign_id as string, budget_amount: o.arguments.budget_amount as number }));

  it('scales exactly the converting winners optimize_budget_allocation calls limited over the same 30 days', async () => {
    const { start, end } = window();
    const listed = (await callToolOk(apiKey, 'list_campaigns', { start_date: start, end_date: end })).structured!.campaigns as Listed[];
    // The finder's candidates (running, judged on conversions) and the account they are judged against.
    const running = listed.filter(
      (c) => c.status === 'ENABLED' && c.type !== 'VIDEO' && c.start_date <= end && (!c.end_date || c.end_date > end),
    );
    const baseline = accountBaseline(running.map((c) => c.metrics));
    const winnerByFigures = new Set(
      running
        .filter(
          (c) =>
            c.metrics.conversions >= WINNER_MIN_CONVERSIONS &&
            (c.metrics.roas ?? 0) >= WINNER_MIN_ROAS &&
            !judgeAgainstAccount(c.metrics, baseline).loser,
        )
        .map((c) => c.id),
    );
    const expected = (await limitedByAllocation())
      .map((c) => c.campaign_id)
      .filter((id) => winnerByFigures.has(id))
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect((await scaled()).map((s) => s.campaign_id).sort()).toEqual(expected);
  }, 180_000);

  it('a budget raise today keeps the campaign limited and scaled, from its new budget', async () => {
    const before = await scaled();
    const target = before[0]!;
    expect(target).toBeDefined();
    const limited = (await limitedByAllocation()).find((c) => c.campaign_id === target.campaign_id)!;
    const raised = Math.round(limited.current_daily_budget * 1.4);
    await callToolOk(apiKey, 'update_campaign_budget', { campaign_id: target.campaign_id, daily_budget: raised });
    const after = (await limitedByAllocation()).find((c) => c.campaign_id === target.campaign_id)!;
    expect({ limited_days: after.limited_days, days: after.days }).toEqual({ limited_days: limited.limited_days, days: limited.days });
    expect((await scaled()).find((s) => s.campaign_id === target.campaign_id)).toEqual({
      campaign_id: target.campaign_id,
      budget_amount: Math.round(raised * 1.2 * 100) / 100,
    });
  }, 180_000);
});
