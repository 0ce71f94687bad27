/**
 * A monitor check that cannot read an account (the platform's API failing) is retried 15, 30 and 60
 * minutes later the same day instead of the next day, on a controlled clock, and alerts once the
 * account answers again; a check that succeeds forgets the failure.
 */
import { ALL_PLATFORMS } from '../../../functions/all-tools';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { getMonitor, listAlerts, nextCheckAt } from '../../../functions/runtime/stores/monitoring';
import { runDueMonitors } from '../../../platforms/gateway/monitoring/evaluate';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { useFakeChatAdsApi } from '../chatads/live-support';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
const fake = useFakeChatAdsApi();

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe('retrying a failed monitor check', () => {
  it('retries 15, 30 and 60 minutes after each failure, then keeps the daily check; alerts when the account answers again', async () => {
    const { owner, apiKey } = await createTestOwner();
    const { apiKey: platformKey } = fake.api.addAccount();
    await connectLiveAccounts(owner.owner_id, 'chatads', { 'api-key': platformKey });
    const monitor = (
      await callToolOk(apiKey, 'create_monitor', {
        name: 'Any spend',
        platforms: ['chatads'],
        conditions: [{ metric: 'spend', operator: '>=', threshold: 0, timeframe: 'yesterday' }],
      })
    ).structured!.monitor as { monitor_id: string };

    // A controlled clock: 10:00 UTC today, so every retry falls on the same day.
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(`${today}T10:00:00.000Z`);
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('monitoring'),
        Key: { owner_id: owner.owner_id, sk: `MONITOR#${monitor.monitor_id}` },
        UpdateExpression: 'SET next_run_at = :at',
        ExpressionAttributeValues: { ':at': minutes(start, -1).toISOString() },
      }),
    );
    const stored = () => getMonitor(owner.owner_id, monitor.monitor_id);

    fake.api.failNext(10_000);
    let at = start;
    for (const [attempt, wait] of [
      [1, 15],
      [2, 30],
      [3, 60],
    ] as const) {
      const run = await runDueMonitors(ALL_PLATFORMS, at);
      expect(run).toMatchObject({ evaluated: 1, alerts: 0, failed: 1, retried: 1 });
      const m = (await stored())!;
      expect(m.retry).toEqual({ day: expect.any(String), attempt });
      expect(m.next_run_at).toBe(minutes(at, wait).toISOString());
      expect(m.last_error).toContain('not read: chatads');
      // Nothing runs before the retry's time.
      expect((await runDueMonitors(ALL_PLATFORMS, minutes(at, wait - 1))).evaluated).toBe(0);
      at = minutes(at, wait);
    }
    // The 4th failure of the day: no more retries, the daily check stays; list_monitors says why.
    expect(await runDueMonitors(ALL_PLATFORMS, at)).toMatchObject({ evaluated: 1, failed: 1, retried: 0 });
    expect((await stored())!.next_run_at).toBe(nextCheckAt(at, 8));
    const listed = (await callToolOk(apiKey, 'list_monitors')).structured!.monitors as {
      monitor_id: string;
      last_check_error: string | null;
    }[];
    expect(listed.find((m) => m.monitor_id === monitor.monitor_id)!.last_check_error).toContain('not read: chatads');
    expect(await listAlerts(owner.owner_id, monitor.monitor_id)).toEqual([]);

    // A failure then a retry that reads the account: the alert is recorded and the failure forgotten.
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('monitoring'),
        Key: { owner_id: owner.owner_id, sk: `MONITOR#${monitor.monitor_id}` },
        UpdateExpression: 'SET next_run_at = :at REMOVE #retry',
        ExpressionAttributeNames: { '#retry': 'retry' },
        ExpressionAttributeValues: { ':at': minutes(start, -1).toISOString() },
      }),
    );
    expect(await runDueMonitors(ALL_PLATFORMS, start)).toMatchObject({ failed: 1, retried: 1 });
    fake.api.failNext(0);
    const healedRun = await runDueMonitors(ALL_PLATFORMS, minutes(start, 15));
    expect([healedRun, (await stored())!.last_error]).toMatchObject([{ evaluated: 1, alerts: 1, failed: 0 }, undefined]);
    const healed = (await stored())!;
    expect(healed.last_error).toBeUndefined();
    expect(healed.retry).toBeUndefined();
    expect(healed.next_run_at).toBe(nextCheckAt(minutes(start, 15), 8));
    expect(await listAlerts(owner.owner_id, monitor.monitor_id)).toHaveLength(1);
  });
});
