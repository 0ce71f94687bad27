import { checkpointId, clearCheckpoint, loadCheckpoint, saveCheckpointStep } from '../../functions/runtime/stores/checkpoints';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  isAbandoned,
  RECORD_TTL_SECONDS,
  releaseIdempotencyKey,
} from '../../functions/runtime/stores/idempotency';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { finishReservation, periodOf, refundCall, reserveCall, readUsage } from '../../functions/runtime/stores/usage';
import { useTestTables } from '../support/gateway';

useTestTables();

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

// A claim lasts until the claiming function's deadline (here 30 s after `now`), not a fixed time.
const FUNCTION_SECONDS = 30;
const claimAt = (now: Date, token: string, takeOverToken?: string) => ({
  token,
  inProgressUntil: now.getTime() + FUNCTION_SECONDS * 1000,
  period: periodOf(now),
  takeOverToken,
});

describe('Store: idempotency', () => {
  it('returns the existing record in the same call when the key is taken', async () => {
    const now = new Date();
    const first = await claimIdempotencyKey('o#t#k1', 'fp', now, claimAt(now, 'tok-1'));
    expect(first.claimed).toBe(true);
    const second = await claimIdempotencyKey('o#t#k1', 'fp', now, claimAt(now, 'tok-2'));
    expect(second).toMatchObject({ claimed: false, existing: { status: 'IN_PROGRESS', fingerprint: 'fp', claim_token: 'tok-1' } });
  });

  it('a retried claim whose first answer was lost is recognised as its own', async () => {
    const now = new Date();
    await claimIdempotencyKey('o#t#k0', 'fp', now, claimAt(now, 'tok-0'));
    expect(await claimIdempotencyKey('o#t#k0', 'fp', now, claimAt(now, 'tok-0'))).toEqual({ claimed: true, claimToken: 'tok-0' });
  });

  it("a claim is abandoned once its function's deadline passed, and only then can be taken over, by naming it", async () => {
    const now = new Date();
    await claimIdempotencyKey('o#t#k2', 'fp', now, claimAt(now, 'old'));
    const during = await claimIdempotencyKey(
      'o#t#k2',
      'fp',
      later(now, FUNCTION_SECONDS - 5),
      claimAt(later(now, FUNCTION_SECONDS - 5), 'new', 'old'),
    );
    expect(during.claimed).toBe(false);
    if (during.claimed) return;
    expect(isAbandoned(during.existing, later(now, FUNCTION_SECONDS - 5))).toBe(false);
    const after = later(now, FUNCTION_SECONDS + 1);
    const found = await claimIdempotencyKey('o#t#k2', 'fp', after, claimAt(after, 'new'));
    expect(found.claimed).toBe(false);
    if (found.claimed) return;
    expect(isAbandoned(found.existing, after)).toBe(true);
    expect((await claimIdempotencyKey('o#t#k2', 'fp', after, claimAt(after, 'new', 'old'))).claimed).toBe(true);

    const done = await claimIdempotencyKey('o#t#k3', 'fp', now, claimAt(now, 'done'));
    if (!done.claimed) throw new Error('expected a claim');
    expect(await completeIdempotencyKey('o#t#k3', done.claimToken, { statusCode: 200, headers: {}, body: '{}' })).toBe(true);
    expect((await claimIdempotencyKey('o#t#k3', 'fp', later(now, RECORD_TTL_SECONDS - 5), claimAt(now, 'x'))).claimed).toBe(false);
    expect((await claimIdempotencyKey('o#t#k3', 'fp', later(now, RECORD_TTL_SECONDS + 1), claimAt(now, 'y'))).claimed).toBe(true);
  });

  it('releases and completes only the claim it holds', async () => {
    const now = new Date();
    const after = later(now, FUNCTION_SECONDS + 1);
    await claimIdempotencyKey('o#t#k4', 'fp', now, claimAt(now, 'old'));
    await claimIdempotencyKey('o#t#k4', 'fp', after, claimAt(after, 'new', 'old'));
    await releaseIdempotencyKey('o#t#k4', 'old');
    expect(await completeIdempotencyKey('o#t#k4', 'old', { statusCode: 200, headers: {}, body: '{}' })).toBe(false);
    expect((await claimIdempotencyKey('o#t#k4', 'fp', after, claimAt(after, 'third'))).claimed).toBe(false);
  });
});

describe('Store: usage', () => {
  const heldUntil = () => Date.now() + 30_000;

  it('never reserves past the limit and refunds one unit', async () => {
    const now = new Date();
    expect(await reserveCall('owner-u', 'tool_a', 2, now, 'a1', heldUntil())).toMatchObject({ reserved: true, reservation: { used: 1 } });
    const b = await reserveCall('owner-u', 'tool_b', 2, now, 'b1', heldUntil());
    expect(b).toMatchObject({ reserved: true, reservation: { used: 2 } });
    expect(await reserveCall('owner-u', 'tool_a', 2, now, 'a2', heldUntil())).toMatchObject({ reserved: false, used: 2 });
    if (!b.reserved) return;
    expect(await refundCall('owner-u', 'tool_b', b.reservation)).toBe(true);
    expect(await readUsage('owner-u', now)).toMatchObject({ used: 1, calls: { tool_a: 1 } });
  });

  it('a reservation retried after its answer was lost counts once; a refund retried counts once', async () => {
    const now = new Date();
    const first = await reserveCall('owner-r', 'tool_a', 10, now, 'same', heldUntil());
    const retried = await reserveCall('owner-r', 'tool_a', 10, now, 'same', heldUntil());
    expect(retried).toEqual(first);
    expect((await readUsage('owner-r', now)).used).toBe(1);
    if (!first.reserved) return;
    expect(await refundCall('owner-r', 'tool_a', first.reservation)).toBe(true);
    expect(await refundCall('owner-r', 'tool_a', first.reservation)).toBe(false);
    expect((await readUsage('owner-r', now)).used).toBe(0);
  });

  it('a reservation of unknown outcome is given back only if it was applied', async () => {
    const now = new Date();
    await reserveCall('owner-q', 'tool_a', 10, now, 'applied', heldUntil());
    const period = periodOf(now);
    expect(await refundCall('owner-q', 'tool_a', { period, token: 'never-sent' })).toBe(false);
    expect((await readUsage('owner-q', now)).used).toBe(1);
    expect(await refundCall('owner-q', 'tool_a', { period, token: 'applied' })).toBe(true);
    expect((await readUsage('owner-q', now)).used).toBe(0);
  });

  // Both tokens fell on the same reservation slot of the former scheme (`r<hash % 128>`, slot 114):
  // the second reservation overwrote the first one's proof, so the first one's retry counted twice
  // and its give-back (its answer was lost) found nothing to give back.
  it('two requests whose tokens once shared a slot: a lost answer of the first is neither counted twice nor kept', async () => {
    const now = new Date();
    const period = periodOf(now);
    const first = await reserveCall('owner-s', 'tool_a', 10, now, 'first-request', heldUntil());
    const second = await reserveCall('owner-s', 'tool_a', 10, now, 'second-request-83', heldUntil());
    expect([first.reserved, second.reserved]).toEqual([true, true]);
    // The first request's answer was lost: its retry finds it applied and does not count it again.
    expect(await reserveCall('owner-s', 'tool_a', 10, now, 'first-request', heldUntil())).toMatchObject({ reserved: true });
    expect((await readUsage('owner-s', now)).used).toBe(2);
    // It gives its reservation back (its call failed): exactly its unit, once.
    expect(await refundCall('owner-s', 'tool_a', { period, token: 'first-request' })).toBe(true);
    expect(await refundCall('owner-s', 'tool_a', { period, token: 'first-request' })).toBe(false);
    expect((await readUsage('owner-s', now)).used).toBe(1);
    // The second one's reservation is untouched: its own give-back still works, once.
    expect(await refundCall('owner-s', 'tool_a', { period, token: 'second-request-83' })).toBe(true);
    expect(await refundCall('owner-s', 'tool_a', { period, token: 'second-request-83' })).toBe(false);
    expect(await readUsage('owner-s', now)).toMatchObject({ used: 0, calls: {} });
  });

  it('a reservation that ended in 200 leaves no attribute behind once this process reserves there again', async () => {
    const now = new Date();
    const first = await reserveCall('owner-g', 'tool_a', 10, now, 'done-1', heldUntil());
    if (!first.reserved) throw new Error('not reserved');
    finishReservation('owner-g', first.reservation);
    await reserveCall('owner-g', 'tool_a', 10, now, 'next-1', heldUntil());
    const item = await documentClient().send(
      new GetCommand({ TableName: tableName('usage'), Key: { owner_id: 'owner-g', period: periodOf(now) }, ConsistentRead: true }),
    );
    expect(Object.keys(item.Item!).filter((k) => k.startsWith('res_'))).toEqual(['res_next-1']);
    // A finished reservation is never given back.
    expect(await refundCall('owner-g', 'tool_a', first.reservation)).toBe(false);
    expect((await readUsage('owner-g', now)).used).toBe(2);
  });
});

describe('Store: checkpoints', () => {
  it('keeps the steps of one operation until cleared', async () => {
    const id = checkpointId('owner-c', 'create_x', 'fp');
    expect(await loadCheckpoint(id)).toEqual({});
    await saveCheckpointStep(id, 'campaign', { campaign_id: 'c1' });
    await saveCheckpointStep(id, 'ad_group', { ad_group_id: 'g1' });
    expect(await loadCheckpoint(id)).toEqual({ campaign: { campaign_id: 'c1' }, ad_group: { ad_group_id: 'g1' } });
    await clearCheckpoint(id);
    expect(await loadCheckpoint(id)).toEqual({});
  });
});
