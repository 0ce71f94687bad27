import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('Tool: list_campaigns', () => {
  it('lists the seeded campaigns with performance, and filters by status', async () => {
    // Prepare
    const { apiKey, accounts } = await createTestOwner({ accounts: { searchads: 1 } });
    // Act
    const all = await callToolOk(apiKey, 'list_campaigns', {});
    const paused = await callToolOk(apiKey, 'list_campaigns', { status: 'PAUSED' });
    // Assess
    const campaigns = all.structured!.campaigns as { id: string; status: string; metrics: { spend: number } }[];
    expect(all.structured!.customer_id).toBe(accounts.searchads![0].account_id);
    expect(campaigns.length).toBeGreaterThanOrEqual(4);
    expect(campaigns.every((c) => c.metrics.spend >= 0)).toBe(true);
    expect((paused.structured!.campaigns as { status: string }[]).every((c) => c.status === 'PAUSED')).toBe(true);
    expect(all.text).toContain('| Campaign |');
  });

  it('rejects a lookback outside 1-365 naming the field', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const result = await callTool(apiKey, 'list_campaigns', { lookback_days: 0 });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`lookback_days` must be at least 1');
  });
});
