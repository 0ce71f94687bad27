/**
 * Facts about a past day are judged with that day's settings (issue 31): raising a budget today
 * does not change how many past days were at (or limited by) their budget.
 */
import { callToolOk, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

type UsageLine = { campaign_id: string; daily_budget: number; days: number; capped_days: number; average_usage: number };
type DeskCampaign = { campaign_id: string; daily_budget: number; budget_limited_days: number };

describe('a budget raise today keeps past days judged against their own budget', () => {
  it('retailads budget usage: the days at budget stay as they were', async () => {
    const { apiKey } = await createTestOwner({ accounts: { retailads: 1 } });
    const usage = async () => (await callToolOk(apiKey, 'get_retailads_budget_usage')).structured!.campaigns as UsageLine[];
    const before = await usage();
    const capped = before.find((l) => l.capped_days > 0)!;
    expect(capped).toBeDefined();
    await callToolOk(apiKey, 'update_retailads_campaigns', {
      campaigns: [{ campaignId: capped.campaign_id, dailyBudget: Math.round(capped.daily_budget * 1.4) }],
    });
    const after = (await usage()).find((l) => l.campaign_id === capped.campaign_id)!;
    expect(after.daily_budget).toBe(Math.round(capped.daily_budget * 1.4));
    expect({ days: after.days, capped_days: after.capped_days, average_usage: after.average_usage }).toEqual({
      days: capped.days,
      capped_days: capped.capped_days,
      average_usage: capped.average_usage,
    });
  }, 120_000);

  it('deskads campaign performance: the budget-limited days stay as they were', async () => {
    const { apiKey } = await createTestOwner({ accounts: { deskads: 1 } });
    const performance = async () => (await callToolOk(apiKey, 'get_deskads_campaign_performance')).structured!.campaigns as DeskCampaign[];
    const before = await performance();
    const limited = before.find((c) => c.budget_limited_days > 0)!;
    expect(limited).toBeDefined();
    await callToolOk(apiKey, 'update_deskads_campaign', {
      campaign_id: limited.campaign_id,
      daily_budget: Math.round(limited.daily_budget * 1.4),
    });
    const after = (await performance()).find((c) => c.campaign_id === limited.campaign_id)!;
    expect(after.budget_limited_days).toBe(limited.budget_limited_days);
  }, 120_000);
});
