/**
 * The budget increase guardrail holds over the UTC day too: chaining 50 → 75 → 112 → 168 within a
 * second passes each per-change check but is refused at 112, against the budget at 00:00 UTC. The
 * clock is controlled (only Date is faked; DynamoDB Local keeps its real timers).
 */
import { runCommand } from '../../../bin/gateway';
import { clearAuthCache } from '../../../functions/runtime/middleware/authenticate';
import { fakeDate } from '../../support/clock';
import { callTool, createTestOwner, useTestTables } from '../../support/gateway';
import { campaignsByName } from '../searchads/helpers';

useTestTables();

describe('max_budget_increase_percent over the UTC day', () => {
  afterEach(() => jest.useRealTimers());

  it('refuses chained raises past the cap against the budget at 00:00 UTC, and allows them again the next UTC day', async () => {
    const { apiKey, owner } = await createTestOwner({ accounts: { searchads: 1 } });
    await runCommand(['guardrails', 'set', '--owner', owner.owner_id, '--max-budget-increase-percent', '50', '--json']);
    clearAuthCache();
    const id = (await campaignsByName(apiKey))['Brand - Exact']!.id;
    const setBudget = (amount: number) => callTool(apiKey, 'update_campaign', { campaign_id: id, budget_amount: amount });
    const day = (offset: number, time: string) =>
      new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T${time}Z`) + offset * 86_400_000);

    // The evening before: the budget is brought down to 50 (a decrease passes).
    fakeDate(day(0, '23:00:00'), false);
    expect((await setBudget(50)).status).toBe(200);

    // Just after midnight UTC, the chain: 50 → 75 is +50% (the edge passes); 75 → 112 is +49.33% on its own but +124% today.
    jest.setSystemTime(day(1, '00:00:01'));
    expect((await setBudget(75)).status).toBe(200);
    const chained = await setBudget(112);
    expect(chained.status).toBe(400);
    expect(chained.body.structured_content).toMatchObject({
      code: 'guardrail_blocked',
      guardrail: 'max_budget_increase_percent',
      limit: 50,
      planned: 124,
    });
    expect(chained.body.error).toContain('50 USD at the start of the UTC day → 112 USD');
    expect(chained.body.error).toContain('per change and per UTC day against the budget at 00:00 UTC');
    expect((await campaignsByName(apiKey))['Brand - Exact']!.budget_amount).toBe(75);

    // The next UTC day starts from 75: 75 → 112 is +49.33%.
    jest.setSystemTime(day(2, '00:00:01'));
    expect((await setBudget(112)).status).toBe(200);
    expect((await setBudget(168)).status).toBe(400);
  }, 120_000);
});
