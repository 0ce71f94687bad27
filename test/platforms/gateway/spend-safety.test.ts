import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { runCommand } from '../../../bin/gateway';
import { dispatch } from '../../../functions/local/router';
import { tableName } from '../../../functions/runtime/config';
import { clearAuthCache } from '../../../functions/runtime/middleware/authenticate';
import { guardrailBreaches } from '../../../functions/runtime/safety';
import { loadDestinations } from '../../../platforms/gateway/monitoring/deliver';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { fakeDate } from '../../support/clock';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { campaignsByName } from '../searchads/helpers';

useTestTables();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json']));
/** Settings reach warm functions within 10 seconds (auth cache); tests clear it instead of waiting. */
const guardrails = async (ownerId: string, ...options: string[]) => {
  const result = await json(['guardrails', 'set', '--owner', ownerId, ...options]);
  clearAuthCache();
  return result.guardrails;
};

/**
 * The budget increase guardrail also holds over the UTC day (budget-increase-window.test.ts): each
 * test here runs on a UTC day of its own (only Date is controlled, and it runs on), so the budget
 * changes of one test are not chained with those of the tests before it.
 */
const realToday = new Date().toISOString().slice(0, 10);
let testDay = 0;
beforeEach(() => {
  testDay += 1;
  fakeDate(new Date(Date.parse(`${realToday}T12:00:00Z`) + testDay * 86_400_000));
});
afterEach(() => jest.useRealTimers());

describe('Spend safety', () => {
  let ownerId: string;
  let fullKey: string;
  let readKey: string;
  let approveKey: string;
  let writeKey: string;
  let campaignId: string;
  const budget = async () => (await campaignsByName(fullKey))['Brand - Exact']!.budget_amount;
  const setBudget = (key: string, amount: number, extra: Record<string, unknown> = {}) =>
    callTool(key, 'update_campaign', { campaign_id: campaignId, budget_amount: amount, ...extra });

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1, chatads: 1 } });
    ownerId = owner.owner.owner_id;
    fullKey = owner.apiKey;
    readKey = (await json(['keys', 'create', '--owner', ownerId, '--scope', 'read'])).api_key;
    writeKey = (await json(['keys', 'create', '--owner', ownerId, '--scope', 'write'])).api_key;
    approveKey = (await json(['keys', 'create', '--owner', ownerId, '--scope', 'approve'])).api_key;
    campaignId = (await campaignsByName(fullKey))['Brand - Exact']!.id;
    await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, budget_amount: 100 });
  });

  describe('restricted keys', () => {
    it('shows each key scope in gateway keys list; keys made before scopes have full access', async () => {
      const { keys } = await json(['keys', 'list', '--owner', ownerId]);
      expect(keys.map((k: { scope: string }) => k.scope).sort()).toEqual(['approve', 'full', 'read', 'write']);
    });

    it('a read key reads but cannot write, by REST or MCP, dry runs included', async () => {
      expect((await callTool(readKey, 'list_campaigns')).status).toBe(200);
      for (const args of [{ budget_amount: 120 }, { budget_amount: 120, dry_run: true }]) {
        const result = await setBudget(readKey, args.budget_amount, args);
        expect(result.status).toBe(403);
        expect(result.body.structured_content).toMatchObject({ code: 'key_scope', key_scope: 'read', tool: 'update_campaign' });
      }
      const mcp = await dispatch({
        method: 'POST',
        url: '/mcp',
        headers: { Authorization: `Bearer ${readKey}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'update_campaign', arguments: { campaign_id: campaignId, budget_amount: 120 } },
        }),
      });
      const answer = JSON.parse(mcp.body);
      expect(answer.result.isError).toBe(true);
      expect(answer.result.structuredContent).toMatchObject({ code: 'key_scope' });
      expect(await budget()).toBe(100);
    });

    it('only an approve key can approve: full and write keys get 403, an approve key cannot write', async () => {
      for (const key of [fullKey, writeKey, readKey]) {
        const result = await callTool(key, 'manage_action', { action_id: 'act_nothing', decision: 'approve' });
        expect(result.status).toBe(403);
        expect(result.body.structured_content!.code).toBe('key_scope');
      }
      expect((await setBudget(approveKey, 120)).status).toBe(403);
      expect((await setBudget(writeKey, 100)).status).toBe(200);
    });
  });

  describe('guardrails', () => {
    it('are set and shown with the gateway command, and refuse bad values', async () => {
      const set = await guardrails(ownerId, '--max-daily-budget', 'searchads=200', '--max-budget-increase-percent', '50');
      expect(set).toEqual({ max_daily_budget: { searchads: 200 }, max_budget_increase_percent: 50 });
      expect(await runCommand(['guardrails', 'show', '--owner', ownerId])).toContain('max daily budget:       searchads 200');
      await expect(runCommand(['guardrails', 'set', '--owner', ownerId, '--max-daily-budget', 'nowhere=5'])).rejects.toThrow(
        '--max-daily-budget',
      );
      await expect(runCommand(['guardrails', 'set', '--owner', ownerId, '--tools-off', 'no_such_tool'])).rejects.toThrow('Unknown tool');
    });

    it('apply to the very next write: a warm function reads them afresh for writes (not from the 10 s key cache)', async () => {
      const other = await createTestOwner({ accounts: { searchads: 1 } });
      const id = (await campaignsByName(other.apiKey))['Brand - Exact']!.id;
      // The key cache now holds this owner, without guardrails.
      expect((await callTool(other.apiKey, 'update_campaign', { campaign_id: id, budget_amount: 100 })).status).toBe(200);
      await json(['guardrails', 'set', '--owner', other.owner.owner_id, '--max-daily-budget', 'searchads=150']);
      const over = await callTool(other.apiKey, 'update_campaign', { campaign_id: id, budget_amount: 180 });
      expect(over.status).toBe(400);
      expect(over.body.structured_content).toMatchObject({ code: 'guardrail_blocked', guardrail: 'max_daily_budget', limit: 150 });
      await json(['guardrails', 'set', '--owner', other.owner.owner_id, '--tools-off', 'update_campaign']);
      const off = await callTool(other.apiKey, 'update_campaign', { campaign_id: id, budget_amount: 120 });
      expect(off.status).toBe(400);
      expect(off.body.structured_content).toMatchObject({ code: 'guardrail_blocked', guardrail: 'tools_off' });
      expect((await campaignsByName(other.apiKey))['Brand - Exact']!.budget_amount).toBe(100);
    });

    it('block a budget increase above the percentage and allow it at the edge', async () => {
      const over = await setBudget(fullKey, 150.01);
      expect(over.status).toBe(400);
      expect(over.body.structured_content).toMatchObject({
        code: 'guardrail_blocked',
        guardrail: 'max_budget_increase_percent',
        limit: 50,
        planned: 50.01,
      });
      expect(over.body.error).toContain('nothing was changed');
      expect(await budget()).toBe(100);
      expect((await setBudget(fullKey, 150)).status).toBe(200);
      expect(await budget()).toBe(150);
    });

    it('block a daily budget above the platform maximum and allow it at the edge', async () => {
      expect((await setBudget(fullKey, 200)).status).toBe(200);
      const over = await setBudget(fullKey, 200.01);
      expect(over.status).toBe(400);
      expect(over.body.structured_content).toMatchObject({
        code: 'guardrail_blocked',
        guardrail: 'max_daily_budget',
        limit: 200,
        planned: 200.01,
      });
      expect(await budget()).toBe(200);
    });

    it('a dry run shows the plan and every guardrail it would break, and changes nothing', async () => {
      const dry = await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, budget_amount: 500, dry_run: true });
      expect(dry.structured).toMatchObject({
        dry_run: true,
        changes: [{ action: 'update', entity: 'campaign', id: campaignId, fields: { budget_amount: { before: 200, after: 500 } } }],
        budgets: [{ before: 200, after: 500 }],
      });
      expect((dry.structured!.guardrails as { guardrail: string }[]).map((g) => g.guardrail).sort()).toEqual([
        'max_budget_increase_percent',
        'max_daily_budget',
      ]);
      expect(dry.text).toContain('Guardrails this write would break');
      expect(await budget()).toBe(200);
    });

    it('tools that are off answer guardrail_blocked; create paused refuses a plan with a create that would spend', async () => {
      await guardrails(ownerId, '--tools-off', 'resume_ad_group,list_ad_groups');
      const off = await callTool(fullKey, 'list_ad_groups');
      expect(off.status).toBe(400);
      expect(off.body.structured_content).toMatchObject({ code: 'guardrail_blocked', guardrail: 'tools_off', planned: 'list_ad_groups' });
      await guardrails(ownerId, '--tools-off', 'none');
      expect((await callTool(fullKey, 'list_ad_groups')).status).toBe(200);
      // Checked on the plan, the same for every tool.
      const plan = {
        summary: 's',
        data: {},
        changes: [{ action: 'create' as const, entity: 'campaign', name: 'New', fields: {}, startsPaused: false }],
      };
      expect(guardrailBreaches(plan, 'searchads', { create_paused: true })).toMatchObject([
        { guardrail: 'create_paused', limit: true, planned: false },
      ]);
      expect(
        guardrailBreaches({ ...plan, changes: [{ ...plan.changes[0]!, startsPaused: true }] }, 'searchads', { create_paused: true }),
      ).toEqual([]);
      expect(guardrailBreaches(plan, 'searchads', {})).toEqual([]);
    });
  });

  it('create paused: every create of a planned write starts paused, whatever its arguments say', async () => {
    await guardrails(ownerId, '--create-paused', 'on');
    const campaign = ((await callToolOk(fullKey, 'list_chatads_campaigns')).structured!.campaigns as { id: string; status: string }[]).find(
      (c) => c.status === 'active',
    )!;
    const dry = await callToolOk(fullKey, 'create_chatads_ad_group', {
      campaign_id: campaign.id,
      name: 'Paused by guardrail',
      max_bid: 1,
      status: 'active',
      dry_run: true,
    });
    expect(dry.structured).toMatchObject({ changes: [{ action: 'create', startsPaused: true, fields: { status: { after: 'paused' } } }] });
    expect(dry.structured!.guardrails).toBeUndefined();
    const created = await callToolOk(fullKey, 'create_chatads_ad_group', {
      campaign_id: campaign.id,
      name: 'Paused by guardrail',
      max_bid: 1,
      status: 'active',
    });
    expect(created.structured!.ad_group).toMatchObject({ status: 'paused' });
    await guardrails(ownerId, '--create-paused', 'off');
    const free = await callToolOk(fullKey, 'create_chatads_ad_group', { campaign_id: campaign.id, name: 'Active again', max_bid: 1 });
    expect(free.structured!.ad_group).toMatchObject({ status: 'active' });
  });

  describe('approvals', () => {
    it('hold a write that breaks a guardrail; 20 concurrent approvals apply it exactly once', async () => {
      await guardrails(ownerId, '--approvals', 'guardrails');
      const held = await callToolOk(writeKey, 'update_campaign', { campaign_id: campaignId, budget_amount: 260 });
      expect(held.structured).toMatchObject({ held: true, status: 'pending', tool: 'update_campaign' });
      expect(held.text).toContain('Held for approval');
      expect(await budget()).toBe(200);
      const actionId = held.structured!.action_id as string;
      const pending = await callToolOk(approveKey, 'list_pending_actions');
      expect(pending.structured!.actions).toMatchObject([{ action_id: actionId, tool: 'update_campaign', account_id: expect.any(String) }]);
      expect((pending.structured!.actions as { reasons: string[] }[])[0]!.reasons.join(' ')).toContain('above your maximum of 200');
      // A dry run of the approval shows the held plan.
      const preview = await callToolOk(approveKey, 'manage_action', { action_id: actionId, decision: 'approve', dry_run: true });
      expect(preview.structured).toMatchObject({ dry_run: true, changes: [{ fields: { budget_amount: { before: 200, after: 260 } } }] });

      const results = await Promise.all(
        Array.from({ length: 20 }, () => callTool(approveKey, 'manage_action', { action_id: actionId, decision: 'approve' })),
      );
      const applied = results.filter((r) => r.status === 200);
      expect(applied).toHaveLength(1);
      expect(applied[0]!.body.data!.structured).toMatchObject({ status: 'applied', decision: 'approve' });
      for (const refused of results.filter((r) => r.status !== 200)) {
        expect(refused.status).toBe(400);
        expect(['action_not_pending']).toContain(refused.body.structured_content!.code);
      }
      expect(await budget()).toBe(260);
      const approvals = await callToolOk(fullKey, 'list_change_history', { tool: 'manage_action', outcome: 'applied' });
      expect(approvals.structured!.count).toBe(1);
      expect((await callToolOk(approveKey, 'list_pending_actions', { status: 'applied' })).structured!.actions).toHaveLength(1);
    });

    it('refuse an approval when the entity changed since the plan, reject with a reason, and expire after 48 hours', async () => {
      await guardrails(ownerId, '--approvals', 'all', '--max-daily-budget', 'none');
      const held = await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, status: 'PAUSED' });
      const actionId = held.structured!.action_id as string;
      await guardrails(ownerId, '--approvals', 'off');
      await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, status: 'PAUSED' });
      const stale = await callTool(approveKey, 'manage_action', { action_id: actionId, decision: 'approve' });
      expect(stale.status).toBe(400);
      expect(stale.body.structured_content).toMatchObject({ code: 'entity_changed' });
      const noReason = await callTool(approveKey, 'manage_action', { action_id: actionId, decision: 'reject' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.error).toContain('`reason` is required');
      const rejected = await callToolOk(approveKey, 'manage_action', {
        action_id: actionId,
        decision: 'reject',
        reason: 'paused by hand already',
      });
      expect(rejected.structured).toMatchObject({ status: 'rejected' });
      await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, status: 'ENABLED' });

      await guardrails(ownerId, '--approvals', 'all');
      const old = (await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, name: 'Brand - Held' })).structured!
        .action_id as string;
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName('audit'),
          Key: { owner_id: ownerId, sk: `ACTION#${old}` },
          UpdateExpression: 'SET expires = :past',
          ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
        }),
      );
      const expired = await callTool(approveKey, 'manage_action', { action_id: old, decision: 'approve' });
      expect(expired.status).toBe(400);
      expect(expired.body.structured_content).toMatchObject({ code: 'action_expired' });
      expect((await callToolOk(approveKey, 'list_pending_actions', { status: 'expired' })).structured!.actions).toMatchObject([
        { action_id: old },
      ]);
      await guardrails(ownerId, '--approvals', 'off');
      expect((await campaignsByName(fullKey))['Brand - Exact']).toBeDefined();
    });
  });

  describe('audit trail and revert', () => {
    it('records every write once with the key id (never the key), and filters', async () => {
      const history = await callToolOk(fullKey, 'list_change_history', { tool: 'update_campaign', limit: 200 });
      const entries = history.structured!.entries as { outcome: string; key_id: string; changes: unknown[]; account_id: string }[];
      const outcomes = entries.map((e) => e.outcome);
      expect(outcomes.filter((o) => o === 'blocked')).toHaveLength(2);
      expect(outcomes.filter((o) => o === 'dry_run')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'held')).toHaveLength(3);
      // Applied: the 100, 100 (write key), 150, 200 budgets, the pause, the resume.
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(6);
      const raw = JSON.stringify(entries);
      for (const key of [fullKey, readKey, writeKey, approveKey]) expect(raw).not.toContain(key);
      expect(entries.every((e) => /^sk_live_.{4}$/.test(e.key_id))).toBe(true);
      const since = await callToolOk(fullKey, 'list_change_history', { since: new Date(Date.now() + 60_000).toISOString() });
      expect(since.structured!.count).toBe(0);
      const cli = await json(['audit', '--owner', ownerId, '--tool', 'manage_action']);
      expect(cli.entries.length).toBeGreaterThanOrEqual(3);
    });

    it('holds exactly one record per write when the same request arrives 10 times at once (idempotent retries)', async () => {
      const headers = { 'Idempotency-Key': randomUUID() };
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          callTool(fullKey, 'update_campaign', { campaign_id: campaignId, name: 'Brand - Exact (retried)' }, { headers }),
        ),
      );
      expect(results.map((r) => `${r.status} ${r.body.error ?? ''}`)).toContain('200 ');
      const renamed = await callToolOk(fullKey, 'list_change_history', {
        tool: 'update_campaign',
        outcome: 'applied',
        entity: campaignId,
        limit: 200,
      });
      const entries = (renamed.structured!.entries as { changes: { fields: Record<string, { after: unknown }> }[] }[]).filter(
        (e) => e.changes[0]?.fields.name?.after === 'Brand - Exact (retried)',
      );
      expect(entries).toHaveLength(1);
      await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, name: 'Brand - Exact' });
    });

    it('revert restores the exact before values, once, and is itself audited; it refuses when the entity changed again', async () => {
      const history = await callToolOk(fullKey, 'list_change_history', { tool: 'manage_action', outcome: 'applied' });
      const approval = (history.structured!.entries as { change_id: string; summary: string }[]).find((e) =>
        e.summary.includes('budget_amount'),
      )!;
      const preview = await callToolOk(fullKey, 'revert_change', { change_id: approval.change_id, dry_run: true });
      expect(preview.structured).toMatchObject({ dry_run: true, changes: [{ fields: { budget_amount: { before: 260, after: 200 } } }] });
      const reverted = await callToolOk(fullKey, 'revert_change', { change_id: approval.change_id });
      expect(reverted.structured).toMatchObject({ change_id: approval.change_id, reverted_with: 'update_campaign' });
      expect(await budget()).toBe(200);
      const again = await callTool(fullKey, 'revert_change', { change_id: approval.change_id });
      expect(again.status).toBe(400);
      expect(again.body.structured_content).toMatchObject({ code: 'already_reverted' });
      expect((await callToolOk(fullKey, 'list_change_history', { tool: 'revert_change', outcome: 'applied' })).structured!.count).toBe(1);

      // The 100 → 150 change: the budget moved on since, so it is not reverted.
      const all = (await callToolOk(fullKey, 'list_change_history', { tool: 'update_campaign', outcome: 'applied', limit: 200 }))
        .structured!.entries as {
        change_id: string;
        changes: { fields: Record<string, { after: unknown }> }[];
      }[];
      const to150 = all.find((e) => e.changes[0]?.fields.budget_amount?.after === 150)!;
      const stale = await callTool(fullKey, 'revert_change', { change_id: to150.change_id });
      expect(stale.status).toBe(400);
      expect(stale.body.structured_content).toMatchObject({ code: 'entity_changed' });
      expect(await budget()).toBe(200);
      const unknown = await callTool(fullKey, 'revert_change', { change_id: 'chg_0000000000000_nothing' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('list_change_history');
    });
  });
  describe('interrupted approvals', () => {
    it('an approval interrupted for 15 minutes can be finished once: applied if still due, recorded if already in effect', async () => {
      // An approval whose function died after pending → approving: the action is left as that crash leaves it.
      const interrupt = (actionId: string, minutesAgo: number) =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('audit'),
            Key: { owner_id: ownerId, sk: `ACTION#${actionId}` },
            UpdateExpression: 'SET #s = :approving, decided_at = :at',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':approving': 'approving', ':at': new Date(Date.now() - minutesAgo * 60_000).toISOString() },
          }),
        );
      // An owner of its own: the audit-trail counts below are of the main owner.
      const other = await createTestOwner({ accounts: { searchads: 1 } });
      const ownerId = other.owner.owner_id;
      const fullKey = other.apiKey;
      const approveKey = (await json(['keys', 'create', '--owner', ownerId, '--scope', 'approve'])).api_key;
      const campaignId = (await campaignsByName(fullKey))['Brand - Exact']!.id;
      await guardrails(ownerId, '--approvals', 'all');
      const notDone = (await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, name: 'Brand - Interrupted' })).structured!
        .action_id as string;
      const done = (await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, status: 'PAUSED' })).structured!
        .action_id as string;
      await interrupt(notDone, 2);
      const tooSoon = await callTool(approveKey, 'manage_action', { action_id: notDone, decision: 'approve' });
      expect(tooSoon.body.structured_content).toMatchObject({ code: 'action_not_pending', status: 'approving' });

      await interrupt(notDone, 16);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => callTool(approveKey, 'manage_action', { action_id: notDone, decision: 'approve' })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect((await campaignsByName(fullKey))['Brand - Interrupted']).toBeDefined();

      // The crash came after the write took effect: finishing records it and changes nothing again.
      await guardrails(ownerId, '--approvals', 'off');
      await callToolOk(fullKey, 'update_campaign', { campaign_id: campaignId, status: 'PAUSED' });
      await interrupt(done, 16);
      const finished = await callToolOk(approveKey, 'manage_action', { action_id: done, decision: 'approve' });
      expect(finished.structured).toMatchObject({ status: 'applied' });
      expect(finished.text).toContain('nothing was changed again');
      expect((await callToolOk(approveKey, 'list_pending_actions', { status: 'applied' })).structured!.actions).toEqual(
        expect.arrayContaining([expect.objectContaining({ action_id: done })]),
      );
    });
  });
});

describe('held monitors and briefs', () => {
  it('can be approved: a create planned again gets a new id, which is no change of the entity', async () => {
    const other = await createTestOwner({ accounts: { searchads: 1 } });
    const ownerOf = other.owner.owner_id;
    const approver = (await json(['keys', 'create', '--owner', ownerOf, '--scope', 'approve'])).api_key;
    await guardrails(ownerOf, '--approvals', 'all');
    const writes: [string, Record<string, unknown>][] = [
      [
        'create_monitor',
        {
          name: 'Held spend monitor',
          scope: 'account',
          conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }],
        },
      ],
      ['schedule_brief', { name: 'Held brief', frequency: 'daily' }],
    ];
    for (const [tool, args] of writes) {
      const held = await callToolOk(other.apiKey, tool, args);
      expect([tool, held.structured!.held]).toEqual([tool, true]);
      const approved = await callTool(approver, 'manage_action', { action_id: held.structured!.action_id, decision: 'approve' });
      expect([tool, approved.status, approved.body.error]).toEqual([tool, 200, undefined]);
      expect(approved.body.data!.structured).toMatchObject({ status: 'applied', tool });
    }
    const monitors = (await callToolOk(other.apiKey, 'list_monitors')).structured!.monitors as { name: string }[];
    expect(monitors.map((m) => m.name)).toEqual(['Held spend monitor']);
    expect((await callToolOk(other.apiKey, 'list_scheduled_tasks')).text).toContain('Held brief');
  });

  it('record refused approvals in the audit trail (not pending, unknown action)', async () => {
    const other = await createTestOwner({ accounts: { searchads: 1 } });
    const ownerOf = other.owner.owner_id;
    const approver = (await json(['keys', 'create', '--owner', ownerOf, '--scope', 'approve'])).api_key;
    await guardrails(ownerOf, '--approvals', 'all');
    const held = await callToolOk(other.apiKey, 'schedule_brief', { name: 'Refusal brief', frequency: 'daily' });
    const actionId = held.structured!.action_id as string;
    expect((await callTool(approver, 'manage_action', { action_id: actionId, decision: 'approve' })).status).toBe(200);
    const again = await callTool(approver, 'manage_action', { action_id: actionId, decision: 'approve' });
    expect(again.body.structured_content).toMatchObject({ code: 'action_not_pending' });
    const unknown = await callTool(approver, 'manage_action', { action_id: 'act_nothing', decision: 'approve' });
    expect(unknown.status).toBe(400);
    const refused = await callToolOk(other.apiKey, 'list_change_history', { tool: 'manage_action', outcome: 'refused' });
    expect(refused.structured!.count).toBe(2);
    const applied = await callToolOk(other.apiKey, 'list_change_history', { tool: 'manage_action', outcome: 'applied' });
    expect(applied.structured!.count).toBe(1);
  });

  it("keep a held monitor's webhook URL and email addresses encrypted, never in the audit table, and use them once approved", async () => {
    const other = await createTestOwner({ accounts: { searchads: 1 } });
    const ownerOf = other.owner.owner_id;
    const approver = (await json(['keys', 'create', '--owner', ownerOf, '--scope', 'approve'])).api_key;
    await guardrails(ownerOf, '--approvals', 'all');
    const hook = 'http://127.0.0.1:9/services/T000/B000/held-secret-token-1234';
    const sender = process.env.ALERT_EMAIL_FROM;
    process.env.ALERT_EMAIL_FROM = 'alerts@gateway.example.com';
    const held = await callToolOk(other.apiKey, 'create_monitor', {
      name: 'Secret hook monitor',
      scope: 'account',
      conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }],
      webhook_url: hook,
      email_to: ['held.secret@agency.example'],
    }).finally(() => {
      if (sender === undefined) delete process.env.ALERT_EMAIL_FROM;
      else process.env.ALERT_EMAIL_FROM = sender;
    });
    const stored = JSON.stringify(
      (
        await documentClient().send(
          new QueryCommand({
            TableName: tableName('audit'),
            KeyConditionExpression: 'owner_id = :o',
            ExpressionAttributeValues: { ':o': ownerOf },
          }),
        )
      ).Items,
    );
    expect(stored).toContain(held.structured!.action_id as string);
    expect(stored).not.toContain('held-secret-token-1234');
    expect(stored).not.toContain('held.secret@agency.example');
    process.env.ALERT_EMAIL_FROM = 'alerts@gateway.example.com';
    const approved = await callTool(approver, 'manage_action', { action_id: held.structured!.action_id, decision: 'approve' }).finally(
      () => {
        if (sender === undefined) delete process.env.ALERT_EMAIL_FROM;
        else process.env.ALERT_EMAIL_FROM = sender;
      },
    );
    expect([approved.status, approved.body.error]).toEqual([200, undefined]);
    const { monitor_id } = (approved.body.data!.structured!.result as { monitor: { monitor_id: string } }).monitor;
    expect(await loadDestinations(ownerOf, monitor_id)).toEqual({ webhook_url: hook, email_to: ['held.secret@agency.example'] });
  });
});
