/**
 * The watch agent: a scan keeps findings as signals with pre-staged fixes; fixes reach the account
 * only through the approval inbox.
 */
import { runCommand } from '../../../bin/gateway';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type SignalView = {
  signal_id: string;
  platform: string;
  severity: string;
  fixes: { tool: string; arguments: Record<string, unknown> }[];
  inspect?: { tool: string };
};

describe('watch agent', () => {
  let apiKey: string;
  let approveKey: string;
  let signals: SignalView[];

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1, retailads: 1, chatads: 1, shortvideo: 1 } });
    apiKey = owner.apiKey;
    approveKey = JSON.parse(await runCommand(['keys', 'create', '--owner', owner.owner.owner_id, '--scope', 'approve', '--json'])).api_key;
    signals = (await callToolOk(apiKey, 'run_watch_now')).structured!.signals as SignalView[];
  });

  it('run_watch_now finds what needs attention on every platform, with fixes that are registered write tools; a second scan the same day keeps the same signals', async () => {
    expect(signals.length).toBeGreaterThan(0);
    expect(new Set(signals.map((s) => s.platform)).size).toBeGreaterThan(1);
    for (const s of signals) expect(s.fixes.length > 0 || s.inspect !== undefined).toBe(true);
    const again = (await callToolOk(apiKey, 'run_watch_now')).structured!.signals as SignalView[];
    expect(again.map((s) => s.signal_id)).toEqual(signals.map((s) => s.signal_id));
  });

  it('a briefing shows what each fix would change now; staging puts it in the inbox, and only an approval changes the account', async () => {
    const signal = signals.find((s) => s.fixes.length && s.platform === 'shortvideo') ?? signals.find((s) => s.fixes.length)!;
    const briefing = (await callToolOk(apiKey, 'get_signal_briefing', { signal_id: signal.signal_id })).structured!;
    expect(briefing.fixes[0]).toMatchObject({ index: 0, tool: signal.fixes[0]!.tool, problem: null });
    expect(briefing.fixes[0].changes).toBeGreaterThan(0);

    const staged = (await callToolOk(apiKey, 'apply_signal_actions', { signal_id: signal.signal_id })).structured!.staged as {
      action_id: string;
      tool: string;
    }[];
    expect(staged).toHaveLength(signal.fixes.length);
    const pending = (await callToolOk(approveKey, 'list_pending_actions')).structured!.actions as {
      action_id: string;
      reasons: string[];
    }[];
    const held = pending.find((a) => a.action_id === staged[0]!.action_id)!;
    expect(held.reasons[0]).toContain('Proposed by the watch agent');
    // Not applied yet: planning the fix again still finds it to do.
    expect((await callToolOk(apiKey, 'get_signal_briefing', { signal_id: signal.signal_id })).structured!.fixes[0].changes).toBeGreaterThan(
      0,
    );
    const approved = await callToolOk(approveKey, 'manage_action', { action_id: staged[0]!.action_id, decision: 'approve' });
    expect(approved.structured).toMatchObject({ status: 'applied', tool: signal.fixes[0]!.tool });
    // Applied: the fix now changes nothing, and staging it again is refused.
    expect((await callToolOk(apiKey, 'get_signal_briefing', { signal_id: signal.signal_id })).structured!.fixes[0]).toMatchObject({
      changes: 0,
      problem: 'it would change nothing now',
    });
    expect((await callTool(apiKey, 'apply_signal_actions', { signal_id: signal.signal_id })).status).toBe(400);
  });

  it.each([
    ['an unknown signal', 'get_signal_briefing', { signal_id: 'sig_0123456789abcdef0123' }, 'No signal'],
    ['a malformed id', 'apply_signal_actions', { signal_id: 'signal-1' }, 'sig_'],
  ])('refuses %s with a 400', async (_case, tool, args, message) => {
    const result = await callTool(apiKey, tool, args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('refuses a fix index the signal does not have', async () => {
    const signal = signals.find((s) => s.fixes.length)!;
    const result = await callTool(apiKey, 'apply_signal_actions', { signal_id: signal.signal_id, fixes: [signal.fixes.length + 3] });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('do not exist');
  });
});
