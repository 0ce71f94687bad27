import { runCommand, UsageError } from '../../bin/gateway';
import { clearAuthCache } from '../../functions/runtime/middleware/authenticate';
import { callTool, useTestTables } from '../support/gateway';

useTestTables();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json']));

describe('Command: gateway', () => {
  it('creates an owner, a key that works, connects sandbox accounts and reports usage', async () => {
    const owner = await json(['owners', 'create', '--tier', 'plus', '--name', 'Acme']);
    expect(owner).toEqual({ owner_id: expect.stringMatching(/^own_/), tier: 'plus', limit: 150 });

    const key = await json(['keys', 'create', '--owner', owner.owner_id]);
    expect(key.api_key).toMatch(/^sk_live_[A-Za-z0-9_-]{32}$/);
    expect(key.key_id).toBe(key.api_key.slice(0, 12));

    const connected = await json([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'searchads',
      '--sandbox',
      '--count',
      '2',
    ]);
    expect(connected.platform).toBe('searchads');
    expect(connected.accounts).toHaveLength(2);
    expect(connected.accounts[0]).toEqual({ id: expect.stringMatching(/^\d{10}$/), name: expect.any(String) });

    const listed = await callTool(key.api_key, 'list_connected_accounts');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body.data!.structured)).toContain(connected.accounts[1].id);

    const usage = await json(['usage', '--owner', owner.owner_id]);
    expect(usage).toMatchObject({ owner_id: owner.owner_id, tier: 'plus', used: 0, limit: 150, remaining: 150 });
  });

  it('lists and revokes keys; a revoked key gets 401', async () => {
    const owner = await json(['owners', 'create', '--tier', 'free']);
    const key = await json(['keys', 'create', '--owner', owner.owner_id, '--expires-in-days', '30']);
    const listed = await json(['keys', 'list', '--owner', owner.owner_id]);
    expect(listed.keys).toEqual([expect.objectContaining({ key_id: key.key_id, status: 'active', expires_at: expect.any(String) })]);
    expect(JSON.stringify(listed)).not.toContain(key.api_key);

    await runCommand(['keys', 'revoke', key.key_id]);
    clearAuthCache();
    expect((await callTool(key.api_key, 'get_usage_status')).status).toBe(401);
    expect((await json(['keys', 'list', '--owner', owner.owner_id])).keys[0].status).toBe('revoked');
  });

  it('explains usage errors', async () => {
    await expect(runCommand(['owners', 'create', '--tier', 'gold'])).rejects.toThrow(UsageError);
    await expect(runCommand(['keys', 'create', '--owner', 'own_missing'])).rejects.toThrow('No owner own_missing');
    await expect(runCommand(['accounts', 'connect', '--owner', 'x', '--platform', 'tv'])).rejects.toThrow(/No owner|--platform/);
    expect(await runCommand([])).toContain('gateway owners create');
  });
});
