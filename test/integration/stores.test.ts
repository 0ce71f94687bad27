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
import { finishReservation, periodOf, PROOF_KEPT_MS, refundCall, reserveCall, readUsage } from '../../functions/runtime/stores/usage';
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

describe('Store: usage item size', () => {
  // A process that answers 200 and then ends (a recycled Lambda) never reserves again: without
  // anything else, each such process would leave one reservation attribute in the owner's usage item
  // for the rest of the month, and at about 10,000 of them the 400 KB item would refuse every
  // reservation. Each process here is a token whose reservation is never followed by another of its own.
  const NOV = Date.UTC(2026, 10, 1);
  const at = (day: number, hour = 12) => new Date(NOV + ((day - 1) * 24 + hour) * 3600 * 1000);
  const deadlineOf = (now: Date) => now.getTime() + 30_000;
  const proofsOf = async (ownerId: string, now: Date) => {
    const item = await documentClient().send(
      new GetCommand({ TableName: tableName('usage'), Key: { owner_id: ownerId, period: periodOf(now) }, ConsistentRead: true }),
    );
    return Object.keys(item.Item ?? {})
      .filter((k) => k.startsWith('res_'))
      .sort();
  };
  const endedProcesses = async (ownerId: string, now: Date, count: number, tag: string) => {
    for (let i = 0; i < count; i++) {
      const done = await reserveCall(ownerId, 'tool_a', 1_000_000, now, `${tag}-${i}`, deadlineOf(now));
      expect(done.reserved).toBe(true);
    }
  };

  it('attributes no request can give back any more are removed by the next reservations', async () => {
    await endedProcesses('owner-size-1', at(3), 40, 'ended');
    expect(await proofsOf('owner-size-1', at(3))).toHaveLength(40);
    // A day later they are still given back when a request takes an abandoned claim over: kept.
    const dayLater = at(4, 11);
    expect(dayLater.getTime() - deadlineOf(at(3))).toBeLessThan(PROOF_KEPT_MS);
    await reserveCall('owner-size-1', 'tool_a', 1_000_000, dayLater, 'day-later-1', deadlineOf(dayLater));
    await reserveCall('owner-size-1', 'tool_a', 1_000_000, dayLater, 'day-later-2', deadlineOf(dayLater));
    expect(await proofsOf('owner-size-1', dayLater)).toHaveLength(42);
    expect(await refundCall('owner-size-1', 'tool_a', { period: periodOf(dayLater), token: 'ended-0' })).toBe(true);
    // Once nothing can give them back (their claims expired): one reservation finds them, the next one removes them.
    const twoDaysLater = at(5, 2);
    expect(twoDaysLater.getTime() - deadlineOf(at(3))).toBeGreaterThan(PROOF_KEPT_MS);
    await reserveCall('owner-size-1', 'tool_a', 1_000_000, twoDaysLater, 'found-them', deadlineOf(twoDaysLater));
    await reserveCall('owner-size-1', 'tool_a', 1_000_000, twoDaysLater, 'removed-them', deadlineOf(twoDaysLater));
    expect(await proofsOf('owner-size-1', twoDaysLater)).toEqual([
      'res_day-later-1',
      'res_day-later-2',
      'res_found-them',
      'res_removed-them',
    ]);
    // The count is untouched: only the proofs went, and the ones still in force still give back.
    expect((await readUsage('owner-size-1', twoDaysLater)).used).toBe(43);
    expect(await refundCall('owner-size-1', 'tool_a', { period: periodOf(twoDaysLater), token: 'found-them' })).toBe(true);
  }, 120_000);

  it('a month of processes that each end after one call keeps the usage item small', async () => {
    const perDay = 12;
    let largest = 0;
    for (let day = 1; day <= 30; day++) {
      await endedProcesses('owner-size-2', at(day, 9), perDay, `day${day}`);
      // And one process that lives all day and serves a few calls.
      for (let call = 0; call < 3; call++) {
        const now = at(day, 10 + call);
        const r = await reserveCall('owner-size-2', 'tool_a', 1_000_000, now, `living-${day}-${call}`, deadlineOf(now));
        if (!r.reserved) throw new Error('not reserved');
        finishReservation('owner-size-2', r.reservation);
      }
      largest = Math.max(largest, (await proofsOf('owner-size-2', at(day, 23))).length);
    }
    expect((await readUsage('owner-size-2', at(30))).used).toBe(30 * (perDay + 3));
    // At most the proofs of the last two days (those a takeover can still give back) and the living one's last.
    expect(largest).toBeLessThanOrEqual(2 * perDay + 1);
  }, 600_000);
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
