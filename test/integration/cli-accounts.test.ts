import { runCommand, UsageError } from '../../bin/gateway';
import { PLATFORMS } from '../../platforms';
import { CONNECTORS } from '../../platforms/connectors';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

describe('Command: gateway accounts (kinds of connection, disconnect)', () => {
  it('asks which kind of account to connect, and refuses both kinds at once', async () => {
    const { owner } = await createTestOwner();
    await expect(runCommand(['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'chatads'])).rejects.toThrow(
      /--sandbox, or --live/,
    );
    await expect(
      runCommand(['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'chatads', '--sandbox', '--live']),
    ).rejects.toThrow(UsageError);
  });

  it('connects every platform live: the usage names each platform and its credential', async () => {
    expect(PLATFORMS.filter((p) => !p.connector).map((p) => p.word)).toEqual([]);
    const usage = await runCommand(['--help']);
    for (const platform of PLATFORMS) expect(usage).toContain(`${platform.word}: ${platform.connector!.usage}`);
  });

  it('reads the live usage from the connectors (platforms/connectors.ts), not from the tools registry', async () => {
    const real = CONNECTORS.deskads!;
    CONNECTORS.deskads = { ...real, usage: '--live --stand-in-token <token>' };
    try {
      expect(await runCommand(['--help'])).toContain('deskads: --live --stand-in-token <token>');
    } finally {
      CONNECTORS.deskads = real;
    }
  });

  it('disconnects an account: it is gone from the account list at once, and a second disconnect says so', async () => {
    const { owner, apiKey, accounts } = await createTestOwner({ accounts: { deskads: 2 } });
    const [gone, kept] = accounts.deskads!;
    // Warm the cache of the owner's accounts with a billable call on the account about to go.
    expect((await callTool(apiKey, 'list_deskads_conversion_goals', { account_id: gone!.account_id })).status).toBe(200);
    const out = JSON.parse(
      await runCommand([
        'accounts',
        'disconnect',
        '--owner',
        owner.owner_id,
        '--platform',
        'deskads',
        '--account',
        gone!.account_id,
        '--json',
      ]),
    );
    expect(out).toEqual({ platform: 'deskads', account_id: gone!.account_id, disconnected: true });
    // A billable call naming it right after the disconnect: not connected any more (no stale cache).
    const named = await callTool(apiKey, 'list_deskads_conversion_goals', { account_id: gone!.account_id });
    expect(named.status).toBe(400);
    expect(named.body.error).toContain(kept!.account_id);
    const listed = JSON.stringify((await callToolOk(apiKey, 'list_connected_accounts')).structured);
    expect(listed).not.toContain(gone!.account_id);
    expect(listed).toContain(kept!.account_id);
    await expect(
      runCommand(['accounts', 'disconnect', '--owner', owner.owner_id, '--platform', 'deskads', '--account', gone!.account_id]),
    ).rejects.toThrow(/No deskads account/);
  });
});
