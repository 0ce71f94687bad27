/**
 * Facts about a past day are judged with that day's settings (issue 31) on shortvideo: the sandbox's
 * campaign and ad group days carry the daily budget each day had (from the entity history), so
 * optimize_shortvideo_budget judges "limited by budget" (core/budget-limited.ts) each day against its
 * own budget, and a budget raise today changes no past verdict.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';

useTestTables();
useMiddayClock();

type Move = { adgroup_id: string; campaign_id: string; role: string; current_budget: number; reason: string };

describe('shortvideo: a budget raise today keeps past days judged against their own budget', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { shortvideo: 1 } })).apiKey;
  }, 60_000);

  const optimize = async () => (await callToolOk(apiKey, 'optimize_shortvideo_budget')).structured!;
  const recipients = async () => ((await optimize()).moves as Move[]).filter((m) => m.role === 'recipient');

  it('judges each past day against the budget it had (budget_source each_day)', async () => {
    expect((await optimize()).budget_source).toBe('each_day');
  }, 120_000);

  it('an ad group held back by its own budget stays so after its budget is raised', async () => {
    const held = (await recipients()).find((m) => m.reason.endsWith('held back by its budget'))!;
    expect(held).toBeDefined();
    const raised = Math.round(held.current_budget * 1.4);
    await callToolOk(apiKey, 'update_shortvideo_ad_group', { adgroup_id: held.adgroup_id, budget: raised });
    const after = (await recipients()).find((m) => m.adgroup_id === held.adgroup_id);
    expect(after).toMatchObject({ current_budget: raised, reason: held.reason });
  }, 180_000);

  it("an ad group held back by its campaign's budget stays so after the campaign budget is raised", async () => {
    const held = (await recipients()).find((m) => m.reason.endsWith("held back by its campaign's budget"))!;
    expect(held).toBeDefined();
    const { campaign } = (await callToolOk(apiKey, 'get_shortvideo_campaign', { campaign_id: held.campaign_id })).structured! as {
      campaign: { budget: number };
    };
    await callToolOk(apiKey, 'update_shortvideo_campaign', { campaign_id: held.campaign_id, budget: Math.round(campaign.budget * 1.4) });
    const after = (await recipients()).find((m) => m.adgroup_id === held.adgroup_id);
    expect(after).toMatchObject({ reason: held.reason });
  }, 180_000);
});
