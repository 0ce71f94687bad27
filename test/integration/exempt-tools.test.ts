import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

describe('quota-exempt tools', () => {
  it('get_usage_status reports tier, used, limit, remaining, period end and calls per tool without consuming quota', async () => {
    // Prepare
    const { apiKey } = await createTestOwner({ tier: 'plus' });
    // Act
    const first = await callTool(apiKey, 'get_usage_status');
    const second = await callTool(apiKey, 'get_usage_status');
    // Assess
    expect(first.status).toBe(200);
    expect(second.body.data!.quota).toMatchObject({ used: 0, limit: 150, tier: 'plus' });
    expect(second.body.data!.quota!.period_end).toMatch(/^\d{4}-\d{2}-01$/);
    expect(second.body.data!.structured).toMatchObject({ tier: 'plus', used: 0, limit: 150, remaining: 150, calls_by_tool: {} });
    expect(second.body.data!.text).toContain('Remaining: **150**');
  });

  it('list_connected_accounts lists accounts per platform with the parameter that names them', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { searchads: 2, deskads: 1 } });
    const result = await callTool(apiKey, 'list_connected_accounts');
    expect(result.status).toBe(200);
    const platforms = result.body.data!.structured!.platforms as {
      platform: string;
      parameter: string;
      required: boolean;
      accounts: { id: string }[];
    }[];
    const searchads = platforms.find((p) => p.platform === 'searchads')!;
    expect(searchads.parameter).toBe('customer_id');
    expect(searchads.required).toBe(true);
    expect(searchads.accounts.map((a) => a.id).sort()).toEqual(accounts.searchads!.map((a) => a.account_id).sort());
    expect(platforms.find((p) => p.platform === 'deskads')).toMatchObject({ parameter: 'account_id', required: false });
    expect(platforms.find((p) => p.platform === 'proads')!.accounts).toEqual([]);
    expect(result.body.data!.text).toContain(accounts.searchads![0].account_id);
  });

  it('get_connections_status shows connected platforms, counts, mode and health', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { socialads: 1, chatads: 2 } });
    const { setSandboxFailureMode } = await import('../../platforms/sandbox/platform');
    await setSandboxFailureMode(accounts.chatads![1], 'server_error');
    const result = await callTool(apiKey, 'get_connections_status');
    const platforms = result.body.data!.structured!.platforms as Record<string, unknown>[];
    expect(platforms.find((p) => p.platform === 'socialads')).toMatchObject({
      connected: true,
      account_count: 1,
      mode: 'sandbox',
      healthy: true,
    });
    expect(platforms.find((p) => p.platform === 'chatads')).toMatchObject({ connected: true, account_count: 2, healthy: false });
    expect(platforms.find((p) => p.platform === 'proads')).toMatchObject({ connected: false, account_count: 0 });
    expect(result.body.data!.text).toContain('needs attention');
  });
});
