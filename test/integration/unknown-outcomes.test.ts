/**
 * Writes whose answer was lost (issue 32): recorded `unknown`, never `failed`, and settled once their
 * outcome is learned, by a replay with the same Idempotency-Key or by manage_action (decision
 * settle); revert_change waits for it. Its quota unit stays held while the outcome is unknown: kept once
 * it is settled applied, given back exactly once when it is settled not applied (or used by the replay that runs it). Faults are injected on
 * the shared DynamoDB client (as in store-faults.test.ts), against DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { settled } from '../../functions/runtime/settle';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { createApiKey } from '../../functions/runtime/stores/api-keys';
import { listAuditEntries, type AuditEntry } from '../../functions/runtime/stores/audit';
import { readUsage } from '../../functions/runtime/stores/usage';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';
import { campaignsByName } from '../platforms/searchads/helpers';

useTestTables();
jest.setTimeout(120_000);

// ---- one deterministic fault: the next sandbox write of `kind` entities fails or loses its answer
let fault: { entity: string; kind: 'fail' | 'lose' } | undefined;
/** The next refund (a give-back of a quota unit) is applied and its answer lost. */
let loseNextRefund = false;
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (a: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Record<string, unknown> }) => {
      if (loseNextRefund && context.commandName?.startsWith('TransactWrite') && JSON.stringify(args.input).includes('refund#')) {
        loseNextRefund = false;
        await next(args);
        throw Object.assign(new Error('injected: answer lost'), { name: 'TimeoutError' });
      }
      // A sandbox entity write: a Put or Update, or (an update with its history item) a transaction holding one.
      type Write = { TableName?: string; Key?: { sk?: string }; Item?: { sk?: string } };
      const items = (args.input.TransactItems as { Put?: Write; Update?: Write }[] | undefined)?.map((item) => item.Update ?? item.Put) ?? [
        args.input as Write,
      ];
      const write = /^(Put|Update|TransactWrite)/.test(context.commandName ?? '');
      const hit = items.some(
        (item) =>
          String(item?.TableName ?? '').endsWith('sandbox') &&
          String(item?.Key?.sk ?? item?.Item?.sk ?? '').startsWith(`${fault?.entity}#`),
      );
      // A planned write's one commit (its change with its audit record, functions/runtime/planned-writes.ts)
      // learns its outcome however its answer gets lost: these writes go the way that writes as it goes,
      // which a commit refused as too large takes (then the fault hits the change on its own).
      if (fault && hit && (args.input.TransactItems as { Put?: Write }[] | undefined)?.some((i) => /audit$/.test(String(i.Put?.TableName))))
        throw Object.assign(new Error('injected: transaction too large'), { name: 'ValidationException' });
      if (!fault || !write || !hit) return next(args);
      const { kind } = fault;
      fault = undefined;
      if (kind === 'lose') {
        await next(args);
        throw Object.assign(new Error('injected: answer lost'), { name: 'TimeoutError' });
      }
      throw Object.assign(new Error('injected: connection refused'), { name: 'ECONNREFUSED' });
    }) as never,
    { step: 'initialize', priority: 'low', name: 'unknownOutcomeFaults' },
  );
});
afterEach(() => {
  fault = undefined;
  loseNextRefund = false;
});

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const update = (apiKey: string, args: Record<string, unknown>, key?: string) =>
  callTool(apiKey, 'update_campaign', args, key ? withKey(key) : {});

async function records(ownerId: string, tool: string): Promise<AuditEntry[]> {
  return listAuditEntries(ownerId, { limit: 50, filter: (e) => e.tool === tool && e.outcome !== 'dry_run' });
}

/** Calls of `tool` the owner's quota counts this month, once every refund and bill has settled. */
async function billed(ownerId: string, tool: string): Promise<number> {
  await settled();
  return (await readUsage(ownerId, new Date())).calls[tool] ?? 0;
}

async function budgetOf(apiKey: string, name: string): Promise<number> {
  return (await campaignsByName(apiKey))[name]!.budget_amount as number;
}

describe('A write whose answer was lost, replayed with its Idempotency-Key', () => {
  it('is recorded unknown (not failed, its unit held), cannot be reverted, and the replay settles it as applied: counted once, answers the result', async () => {
    const { apiKey, owner } = await createTestOwner({ accounts: { searchads: 1 } });
    const campaign = (await campaignsByName(apiKey))['Brand - Exact']!;
    const start = campaign.budget_amount as number;
    const key = randomUUID();
    fault = { entity: 'campaign', kind: 'lose' };
    const first = await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 7 }, key);
    expect([first.status, first.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    expect(await budgetOf(apiKey, 'Brand - Exact')).toBe(start + 7); // the write took effect
    const [unknown] = await records(owner.owner_id, 'update_campaign');
    expect(unknown!.outcome).toBe('unknown');
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(1); // held while unknown
    expect(unknown!).toHaveProperty('held_unit');
    const history = await callTool(apiKey, 'list_change_history', { outcome: 'unknown' });
    expect(JSON.stringify(history.body.data!.structured)).not.toContain('held_unit'); // bookkeeping, never shown

    // revert_change waits until it is settled, and says how.
    const revert = await callTool(apiKey, 'revert_change', { change_id: unknown!.change_id });
    expect(revert.status).toBe(400);
    expect(revert.body.structured_content).toMatchObject({ code: 'not_revertible' });
    expect(revert.body.error).toMatch(/outcome is unknown.*Settle it first.*same Idempotency-Key.*manage_action/s);

    // The replay plans the write again: nothing left to change → applied, and it answers the tool's result.
    const replay = await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 7 }, key);
    expect([replay.status, replay.body.error]).toEqual([200, undefined]);
    expect(replay.body.data!.structured).toMatchObject({ campaign_id: campaign.id, changed: false });
    const [settledEntry, ...others] = await records(owner.owner_id, 'update_campaign');
    expect(others).toHaveLength(0); // no second record: the same change, settled
    expect(settledEntry).toMatchObject({ change_id: unknown!.change_id, outcome: 'applied', before_from: 'plan' });
    expect(settledEntry!.settled_at).toBeDefined();
    expect(settledEntry!.undo?.arguments.budget_amount).toBe(start);
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(1);

    // Later replays answer the stored 200 and bill nothing more.
    const again = await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 7 }, key);
    expect([again.status, again.headers['Idempotent-Replayed']]).toEqual([200, 'true']);
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(1);

    // Settled as applied, it can be reverted.
    expect((await callTool(apiKey, 'revert_change', { change_id: unknown!.change_id })).status).toBe(200);
    expect(await budgetOf(apiKey, 'Brand - Exact')).toBe(start);
  });

  it('settles a write that did not take effect as not applied, and five concurrent replays run it exactly once', async () => {
    const { apiKey, owner } = await createTestOwner({ accounts: { searchads: 1 } });
    const campaign = (await campaignsByName(apiKey))['Brand - Exact']!;
    const start = campaign.budget_amount as number;
    const key = randomUUID();
    fault = { entity: 'campaign', kind: 'fail' };
    const first = await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 11 }, key);
    expect([first.status, first.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    expect(await budgetOf(apiKey, 'Brand - Exact')).toBe(start);

    const replays = await Promise.all(
      Array.from({ length: 5 }, () => update(apiKey, { campaign_id: campaign.id, budget_amount: start + 11 }, key)),
    );
    const ran = replays.filter((r) => r.status === 200 && r.headers['Idempotent-Replayed'] !== 'true');
    expect(ran).toHaveLength(1);
    expect(ran[0]!.body.data!.structured).toMatchObject({ changed: true });
    // The others were told to wait (409) or replayed its answer.
    for (const other of replays.filter((r) => !ran.includes(r))) {
      expect(other.status === 409 || other.headers['Idempotent-Replayed'] === 'true').toBe(true);
    }
    expect(await budgetOf(apiKey, 'Brand - Exact')).toBe(start + 11);
    const outcomes = (await records(owner.owner_id, 'update_campaign')).map((e) => e.outcome).sort();
    expect(outcomes).toEqual(['applied', 'not_applied']);
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(1);
  });

  it('stays unknown, saying why, when the entity changed in another way since; nothing more is billed or run', async () => {
    const { apiKey, owner } = await createTestOwner({ accounts: { searchads: 1 } });
    const campaign = (await campaignsByName(apiKey))['Brand - Exact']!;
    const start = campaign.budget_amount as number;
    const key = randomUUID();
    fault = { entity: 'campaign', kind: 'lose' };
    expect((await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 3 }, key)).status).toBe(500);
    expect((await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 5 })).status).toBe(200);

    for (let attempt = 0; attempt < 2; attempt++) {
      const replay = await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 3 }, key);
      expect([replay.status, replay.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
      expect(replay.body.error).toMatch(/could not be settled: the entity changed in another way since/);
    }
    expect(await budgetOf(apiKey, 'Brand - Exact')).toBe(start + 5);
    const outcomes = (await records(owner.owner_id, 'update_campaign')).map((e) => e.outcome);
    expect(outcomes).toEqual(['applied', 'unknown']);
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(2); // the other update, and the unknown one's held unit
  });
});

describe("A replay's 200 on the unit its write held", () => {
  it.each([
    ['settled applied', 'lose' as const],
    ['settled not applied and run on it', 'fail' as const],
  ])('%s shows the quota as it is now, as get_usage_status says right after, not as it was when the unit was reserved', async (_, kind) => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const campaign = (await campaignsByName(apiKey))['Brand - Exact']!;
    const args = { campaign_id: campaign.id, budget_amount: (campaign.budget_amount as number) + 9 };
    const key = randomUUID();
    fault = { entity: 'campaign', kind };
    expect((await update(apiKey, args, key)).body.structured_content?.code).toBe('outcome_unknown');
    // Other calls use units while the write is unknown.
    await campaignsByName(apiKey);
    await campaignsByName(apiKey);
    const replay = await update(apiKey, args, key);
    expect([replay.status, replay.headers['Idempotent-Replayed']]).toEqual([200, undefined]);
    await settled();
    const status = await callTool(apiKey, 'get_usage_status', {});
    expect(replay.body.data!.quota).toMatchObject({ used: (status.body.data!.structured as { used: number }).used });
  });
});

describe('manage_action settles an unknown change (decision settle)', () => {
  it('settles a lost write as applied and bills it exactly once; a second settle is refused', async () => {
    const { apiKey, owner } = await createTestOwner({ accounts: { searchads: 1 } });
    const approver = (await createApiKey(owner.owner_id, { scope: 'approve' })).api_key;
    const campaign = (await campaignsByName(apiKey))['Competitor Terms']!;
    const start = campaign.budget_amount as number;
    fault = { entity: 'campaign', kind: 'lose' };
    expect((await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 2 })).status).toBe(500);
    const [unknown] = await records(owner.owner_id, 'update_campaign');
    expect(unknown!.outcome).toBe('unknown');
    const listed = await callTool(apiKey, 'list_change_history', { outcome: 'unknown' });
    expect(listed.body.data!.text).toContain('decision settle');

    const settle = () => callTool(approver, 'manage_action', { decision: 'settle', change_id: unknown!.change_id });
    const [one, two] = await Promise.all([settle(), settle()]);
    const won = [one!, two!].filter((r) => r.status === 200);
    expect([one!, two!].map((r) => r.body.error).filter(Boolean)).toHaveLength(1);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.data!.structured).toMatchObject({ decision: 'settle', status: 'applied', change_id: unknown!.change_id });
    const lost = [one!, two!].find((r) => r !== won[0])!;
    expect([lost.status, lost.body.structured_content?.code]).toEqual([400, 'action_not_pending']);
    expect((await records(owner.owner_id, 'update_campaign'))[0]).toMatchObject({ outcome: 'applied' });
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(1);
    expect((await settle()).body.structured_content).toMatchObject({ code: 'action_not_pending' });
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(1);
  });

  it('settles a write that did not take effect as not applied, never runs it, and gives its held unit back exactly once', async () => {
    const { apiKey, owner } = await createTestOwner({ accounts: { searchads: 1 } });
    const approver = (await createApiKey(owner.owner_id, { scope: 'approve' })).api_key;
    const campaign = (await campaignsByName(apiKey))['Competitor Terms']!;
    const start = campaign.budget_amount as number;
    fault = { entity: 'campaign', kind: 'fail' };
    expect((await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 4 })).status).toBe(500);
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(1); // held while unknown
    const [unknown] = await records(owner.owner_id, 'update_campaign');
    // The give-back's answer is lost (it was applied): retried, it gives nothing back a second time.
    loseNextRefund = true;
    const result = await callTool(approver, 'manage_action', { decision: 'settle', change_id: unknown!.change_id });
    expect(result.body.data!.structured).toMatchObject({ status: 'not_applied' });
    expect(result.body.data!.text).toContain('given back to your quota');
    expect((await records(owner.owner_id, 'update_campaign'))[0]).toMatchObject({ outcome: 'not_applied' });
    expect(await budgetOf(apiKey, 'Competitor Terms')).toBe(start);
    expect(loseNextRefund).toBe(false);
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(0);
    // Settling it again (a retry whose first answer was lost) is refused and gives nothing back.
    const again = await callTool(approver, 'manage_action', { decision: 'settle', change_id: unknown!.change_id });
    expect([again.status, again.body.structured_content?.code]).toEqual([400, 'action_not_pending']);
    expect(await billed(owner.owner_id, 'update_campaign')).toBe(0);
    // Nothing else was given back either: the owner's other calls are all counted.
    const usage = await readUsage(owner.owner_id, new Date());
    expect(usage.used).toBe(Object.values(usage.calls).reduce((a, b) => a + b, 0));
  });

  it('cannot settle a create by planning it again, and says so; it stays unknown', async () => {
    const { apiKey, owner } = await createTestOwner({ accounts: { searchads: 1 } });
    const approver = (await createApiKey(owner.owner_id, { scope: 'approve' })).api_key;
    fault = { entity: 'label', kind: 'lose' };
    const created = await callTool(apiKey, 'create_label', { name: 'Lost answer' });
    expect(created.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    const [unknown] = await records(owner.owner_id, 'create_label');
    expect(unknown!.outcome).toBe('unknown');
    const result = await callTool(approver, 'manage_action', { decision: 'settle', change_id: unknown!.change_id });
    expect([result.status, result.body.error]).toEqual([200, undefined]);
    expect(result.body.data!.structured).toMatchObject({ status: 'unknown' });
    expect(result.body.data!.text).toMatch(/creates or removes something.*cannot be settled by planning it again/s);
    expect((await records(owner.owner_id, 'create_label'))[0]).toMatchObject({ outcome: 'unknown' });
    expect(await billed(owner.owner_id, 'create_label')).toBe(0);
  });
});
