import { runCommand } from '../../../bin/gateway';
import { clearAuthCache } from '../../../functions/runtime/middleware/authenticate';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { campaignsByName } from '../searchads/helpers';

useTestTables();

/** Held actions and the change history show every field a write sets, before → after (issue 31). */
describe('before → after in held actions and change history', () => {
  it('list_pending_actions and list_change_history name each field with its old and new value', async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    const key = owner.apiKey;
    const campaign = (await campaignsByName(key))['Brand - Exact']!;
    await callToolOk(key, 'update_campaign', { campaign_id: campaign.id, budget_amount: 50 });
    await callToolOk(key, 'update_campaign', { campaign_id: campaign.id, budget_amount: 60, status: 'PAUSED' });

    const history = await callToolOk(key, 'list_change_history', { tool: 'update_campaign', limit: 1 });
    const [latest] = history.structured!.entries as { before_after: { field: string; before: unknown; after: unknown; text: string }[] }[];
    expect(latest!.before_after).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'budget_amount', before: 50, after: 60, currency: 'USD' }),
        expect.objectContaining({ field: 'status', before: campaign.status, after: 'PAUSED' }),
      ]),
    );
    expect(history.text).toContain('daily budget 50.00 → 60.00 USD');
    expect(history.text).toContain(`status ${campaign.status} → PAUSED`);

    await runCommand(['guardrails', 'set', '--owner', owner.owner.owner_id, '--approvals', 'all', '--json']);
    clearAuthCache();
    await callToolOk(key, 'update_campaign', { campaign_id: campaign.id, budget_amount: 75 });
    const pending = await callToolOk(key, 'list_pending_actions');
    const [action] = pending.structured!.actions as { before_after: { text: string }[] }[];
    expect(action!.before_after).toEqual([
      expect.objectContaining({
        field: 'budget_amount',
        before: 60,
        after: 75,
        currency: 'USD',
        text: expect.stringContaining('daily budget 60.00 → 75.00 USD'),
      }),
    ]);
    expect(pending.text).toContain('daily budget 60.00 → 75.00 USD');
  }, 60_000);
});
