import { readUsage } from '../../functions/runtime/stores/usage';
import { createTestOwner, useTestTables } from '../support/gateway';
import { callTestTool, executions } from '../support/test-tools';

useTestTables();

describe('Concurrency against DynamoDB Local', () => {
  it('200 parallel billable calls with 15 left give exactly 15 successes and 185 402s, and used ends at the limit', async () => {
    // Prepare: a free-tier owner has 15 calls a month.
    const { apiKey, owner } = await createTestOwner({ tier: 'free' });
    // Act
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => callTestTool(apiKey, 'test_echo', { message: `call ${i}` })));
    // Assess
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses.filter((s) => s === 402)).toHaveLength(185);
    const usage = await readUsage(owner.owner_id, new Date());
    expect(usage.used).toBe(15);
    expect(usage.calls).toEqual({ test_echo: 15 });
    const reported = results.filter((r) => r.status === 200).map((r) => r.body.data!.quota!.used as number);
    expect(new Set(reported).size).toBe(15);
  });

  it('a refunded call gives its unit back to a concurrent caller: successes never exceed the limit', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 10 });
    const calls = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? callTestTool(apiKey, 'test_rate_limited') : callTestTool(apiKey, 'test_echo')));
    const results = await Promise.all(calls);
    const successes = results.filter((r) => r.status === 200).length;
    expect(successes).toBeLessThanOrEqual(10);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(successes);
  });

  it('50 parallel calls with one Idempotency-Key run the tool exactly once; the others get 409 or the replay', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = crypto.randomUUID();
    const before = executions.count;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => callTestTool(apiKey, 'test_echo', { message: 'launch', delay_ms: 50 }, { headers: { 'Idempotency-Key': key } })),
    );
    expect(executions.count - before).toBe(1);
    const original = results.filter((r) => r.status === 200 && !r.headers['Idempotent-Replayed']);
    const replays = results.filter((r) => r.status === 200 && r.headers['Idempotent-Replayed'] === 'true');
    const conflicts = results.filter((r) => r.status === 409);
    expect(original).toHaveLength(1);
    expect(replays.length + conflicts.length).toBe(49);
    for (const replay of replays) expect(replay.body).toEqual(original[0].body);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(1);
  });
});
