import { readUsage } from '../../functions/runtime/stores/usage';
import { setSandboxFailureMode } from '../../platforms/sandbox/platform';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

describe('Sandbox failure modes, end to end through a real tool', () => {
  it('a rate-limited platform gives 429 with Retry-After, nothing is counted, and the retry after recovery succeeds', async () => {
    const { apiKey, owner, accounts } = await createTestOwner({ accounts: { searchads: 1 } });
    await setSandboxFailureMode(accounts.searchads![0], 'rate_limited', { retryAfterSeconds: 45 });
    const limited = await callTool(
      apiKey,
      'list_campaigns',
      {},
      { headers: { 'Idempotency-Key': '7d0c6f4e-2b1a-4c3d-9e8f-0a1b2c3d4e5f' } },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers['Retry-After']).toBe('45');
    expect(limited.body.error).toContain('searchads platform is rate-limiting');
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);

    await setSandboxFailureMode(accounts.searchads![0], 'none');
    const retried = await callTool(
      apiKey,
      'list_campaigns',
      {},
      { headers: { 'Idempotency-Key': '7d0c6f4e-2b1a-4c3d-9e8f-0a1b2c3d4e5f' } },
    );
    expect(retried.status).toBe(200);
    expect(retried.headers['Idempotent-Replayed']).toBeUndefined();
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(1);
  });

  it('a platform server error gives 500 naming the platform, and a write changes nothing', async () => {
    const { apiKey, owner, accounts } = await createTestOwner({ accounts: { chatads: 1 } });
    const campaigns = (await callTool(apiKey, 'list_chatads_campaigns', { status_filter: 'active' })).body.data!.structured!.campaigns as {
      id: string;
    }[];
    await setSandboxFailureMode(accounts.chatads![0], 'server_error');
    const failed = await callTool(apiKey, 'pause_chatads_campaign', { campaign_id: campaigns[0].id });
    expect(failed.status).toBe(500);
    expect(failed.body.error).toContain('chatads platform returned a server error');
    await setSandboxFailureMode(accounts.chatads![0], 'none');
    const after = (await callTool(apiKey, 'list_chatads_campaigns', { query: campaigns[0].id })).body.data!.structured!.campaigns as {
      status: string;
    }[];
    expect(after[0].status).toBe('active');
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(2);
  });

  it('a slow platform still answers, and reports itself as slow but healthy', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { deskads: 1 } });
    await setSandboxFailureMode(accounts.deskads![0], 'slow', { slowMs: 200 });
    expect((await callTool(apiKey, 'list_deskads_conversion_goals', {})).status).toBe(200);
    const status = await callTool(apiKey, 'get_connections_status');
    const deskads = (
      status.body.data!.structured!.platforms as { platform: string; healthy: boolean; accounts: { detail: string }[] }[]
    ).find((p) => p.platform === 'deskads')!;
    expect(deskads).toMatchObject({ healthy: true, accounts: [expect.objectContaining({ detail: 'responding slowly' })] });
  });
});
