/**
 * One "limited by budget" (core/budget-limited.ts) on searchads: list_recommendations and
 * optimize_budget_allocation agree on which campaigns are limited over the same 7 days, and a
 * budget raise today changes neither verdict for the days already gone.
 */
import { lastDays } from '../../../core/dates';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';

useTestTables();
useMiddayClock();

type Allocation = {
  campaign_id: string;
  conversions: number;
  limited_by_budget: boolean;
  limited_days: number;
  days: number;
  current_daily_budget: number;
};
type BudgetRec = { type: string; campaign_id: string | null; campaign_budget?: { current_amount: number } };

describe('searchads: one definition of limited by budget', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
  }, 60_000);

  const week = () => lastDays(new Date(), 7, 'UTC');
  const allocation = async () =>
    (await callToolOk(apiKey, 'optimize_budget_allocation', { start_date: week().start, end_date: week().end, min_conversions: 0 }))
      .structured!.campaigns as Allocation[];
  /** Campaigns with a budget raise proposed, advised or withheld by the advice rules. */
  const recommendedRaises = async () => {
    const listed = (await callToolOk(apiKey, 'list_recommendations', { types: ['CAMPAIGN_BUDGET'], limit: 200 })).structured!;
    return [...(listed.recommendations as BudgetRec[]), ...(listed.withheld as BudgetRec[])]
      .filter((r) => r.type === 'CAMPAIGN_BUDGET')
      .map((r) => r.campaign_id!)
      .sort();
  };

  it('list_recommendations raises exactly the converting campaigns optimize_budget_allocation calls limited', async () => {
    const limited = (await allocation())
      .filter((c) => c.limited_by_budget && c.conversions > 0)
      .map((c) => c.campaign_id)
      .sort();
    expect(limited.length).toBeGreaterThan(0);
    expect(await recommendedRaises()).toEqual(limited);
  }, 120_000);

  it('a budget raise today keeps the past days limited in both tools', async () => {
    const before = await allocation();
    const target = before.find((c) => c.limited_by_budget && c.conversions > 0)!;
    expect(target).toBeDefined();
    const raised = Math.round(target.current_daily_budget * 1.4);
    await callToolOk(apiKey, 'update_campaign_budget', { campaign_id: target.campaign_id, daily_budget: raised });
    const after = (await allocation()).find((c) => c.campaign_id === target.campaign_id)!;
    expect(after.current_daily_budget).toBe(raised);
    expect({ limited_by_budget: after.limited_by_budget, limited_days: after.limited_days, days: after.days }).toEqual({
      limited_by_budget: true,
      limited_days: target.limited_days,
      days: target.days,
    });
    expect(await recommendedRaises()).toContain(target.campaign_id);
  }, 180_000);
});
