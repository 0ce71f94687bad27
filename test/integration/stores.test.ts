import { checkpointId, clearCheckpoint, loadCheckpoint, saveCheckpointStep } from '../../functions/runtime/stores/checkpoints';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  IN_PROGRESS_TIMEOUT_SECONDS,
  RECORD_TTL_SECONDS,
  releaseIdempotencyKey,
} from '../../functions/runtime/stores/idempotency';
import { refundCall, reserveCall, readUsage } from '../../functions/runtime/stores/usage';
import { useTestTables } from '../support/gateway';

useTestTables();

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

describe('Store: idempotency', () => {
  it('returns the existing record in the same call when the key is taken', async () => {
    const now = new Date();
    const first = await claimIdempotencyKey('o#t#k1', 'fp', now);
    expect(first.claimed).toBe(true);
    const second = await claimIdempotencyKey('o#t#k1', 'fp', now);
    expect(second).toMatchObject({ claimed: false, existing: { status: 'IN_PROGRESS', fingerprint: 'fp' } });
  });

  it('lets a new request take over a claim abandoned past the in-progress timeout, and an expired record', async () => {
    const now = new Date();
    await claimIdempotencyKey('o#t#k2', 'fp', now);
    expect((await claimIdempotencyKey('o#t#k2', 'fp', later(now, IN_PROGRESS_TIMEOUT_SECONDS - 5))).claimed).toBe(false);
    expect((await claimIdempotencyKey('o#t#k2', 'fp', later(now, IN_PROGRESS_TIMEOUT_SECONDS + 1))).claimed).toBe(true);

    const done = await claimIdempotencyKey('o#t#k3', 'fp', now);
    if (!done.claimed) throw new Error('expected a claim');
    await completeIdempotencyKey('o#t#k3', done.claimToken, { statusCode: 200, headers: {}, body: '{}' });
    expect((await claimIdempotencyKey('o#t#k3', 'fp', later(now, RECORD_TTL_SECONDS - 5))).claimed).toBe(false);
    expect((await claimIdempotencyKey('o#t#k3', 'fp', later(now, RECORD_TTL_SECONDS + 1))).claimed).toBe(true);
  });

  it('releases only the claim it holds', async () => {
    const now = new Date();
    const old = await claimIdempotencyKey('o#t#k4', 'fp', now);
    const takeover = await claimIdempotencyKey('o#t#k4', 'fp', later(now, IN_PROGRESS_TIMEOUT_SECONDS + 1));
    if (!old.claimed || !takeover.claimed) throw new Error('expected claims');
    await releaseIdempotencyKey('o#t#k4', old.claimToken);
    expect((await claimIdempotencyKey('o#t#k4', 'fp', later(now, IN_PROGRESS_TIMEOUT_SECONDS + 2))).claimed).toBe(false);
  });
});

describe('Store: usage', () => {
  it('never reserves past the limit and refunds one unit', async () => {
    const now = new Date();
    expect(await reserveCall('owner-u', 'tool_a', 2, now)).toMatchObject({ used: 1 });
    expect(await reserveCall('owner-u', 'tool_b', 2, now)).toMatchObject({ used: 2 });
    expect(await reserveCall('owner-u', 'tool_a', 2, now)).toBeUndefined();
    await refundCall('owner-u', 'tool_b', (await readUsage('owner-u', now)).period);
    expect(await readUsage('owner-u', now)).toMatchObject({ used: 1, calls: { tool_a: 1 } });
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
