/**
 * The watch agent's daily scan: a task per owner (created when an account is connected) that the
 * scheduler claims once at 07:00 UTC, scans the owner's sandbox accounts with, and summarizes on the
 * task; shown and paused through the scheduled-task tools. Controlled clock: runs are given `now`,
 * and a task is made due by moving its next_run_at into the past.
 */
import { ALL_PLATFORMS } from '../../../functions/all-tools';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { dueWatchTasks, getWatchTask, nextCheckAt } from '../../../functions/runtime/stores/monitoring';
import { disconnectAccount } from '../../../functions/connect/accounts';
import { lastReportDay } from '../../../core/dates';
import { runDueTasks } from '../../../platforms/gateway/monitoring/scheduler';
import { getSignal, runDueWatchScans, runWatchScan } from '../../../platforms/gateway/monitoring/watch';
import { callTool, callToolOk, createTestOwner, useTestTables, type TestOwner } from '../../support/gateway';

useTestTables();

/** Moves an owner's watch task's next run to `at` (as if its 07:00 had come). */
async function makeDue(ownerId: string, at: Date): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('monitoring'),
      Key: { owner_id: ownerId, sk: 'WATCH' },
      UpdateExpression: 'SET next_run_at = :at',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );
}

/** The real scan, counting which owners it was run for. */
function countingScan(calls: string[], fail?: string): typeof runWatchScan {
  return async (directory, ownerId, now, call) => {
    calls.push(ownerId);
    if (ownerId === fail) throw new Error('the platform did not answer');
    return runWatchScan(directory, ownerId, now, call);
  };
}

type TaskView = {
  task_id: string;
  kind: string;
  status: string;
  schedule: string;
  next_run_at: string | null;
  last_run_at: string | null;
  last_scan?: any;
  last_error?: string;
};
const watchTask = async (apiKey: string) =>
  ((await callToolOk(apiKey, 'list_scheduled_tasks')).structured!.tasks as TaskView[]).find((t) => t.kind === 'watch');
const ago = (at: Date, ms: number) => new Date(at.getTime() - ms);
const listSignals = async (apiKey: string) => (await callToolOk(apiKey, 'run_watch_now')).structured!.signals as unknown[];

describe('daily watch scan', () => {
  let a: TestOwner;
  let b: TestOwner;

  beforeAll(async () => {
    a = await createTestOwner({ accounts: { searchads: 1, chatads: 1 } });
    b = await createTestOwner({ accounts: { retailads: 1 } });
  });

  it('connecting an account creates the task at the next 07:00 UTC; an owner without accounts has none', async () => {
    const task = (await getWatchTask(a.owner.owner_id))!;
    expect(task).toMatchObject({ owner_id: a.owner.owner_id, status: 'active' });
    expect(task.next_run_at).toBe(nextCheckAt(new Date(task.created_at), 7));
    expect(task.next_run_at.slice(11)).toBe('07:00:00.000Z');
    expect(task.last_run_at).toBeUndefined();
    const empty = await createTestOwner();
    expect(await getWatchTask(empty.owner.owner_id)).toBeUndefined();
    expect(await watchTask(empty.apiKey)).toBeUndefined();
    const refused = await callTool(empty.apiKey, 'manage_scheduled_task', { task_id: 'watch', action: 'pause' });
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({ code: 'not_found' });
  });

  it('the scheduler scans an owner when its task is due, not before, finds the signals run_watch_now finds, and moves it to the next day', async () => {
    const owner = a.owner.owner_id;
    const created = (await getWatchTask(owner))!;
    // Not before its time: a second before the next 07:00 nothing of this owner is scanned.
    const calls: string[] = [];
    await runDueWatchScans(ALL_PLATFORMS, ago(new Date(created.next_run_at), 1000), countingScan(calls));
    expect(calls).not.toContain(owner);
    expect((await getWatchTask(owner))!.last_run_at).toBeUndefined();

    const at = new Date();
    await makeDue(owner, ago(at, 60_000));
    await runDueWatchScans(ALL_PLATFORMS, ago(at, 120_000), countingScan(calls));
    expect(calls).not.toContain(owner);
    const run = await runDueWatchScans(ALL_PLATFORMS, at, countingScan(calls));
    expect(calls).toEqual([owner]);
    expect(run).toMatchObject({ due: 1, scanned: 1, failed: 0 });
    expect(run.signals).toBeGreaterThan(0);

    const task = (await getWatchTask(owner))!;
    expect(task).toMatchObject({ status: 'active', last_run_at: at.toISOString(), next_run_at: nextCheckAt(at, 7) });
    expect(Date.parse(task.next_run_at) - at.getTime()).toBeLessThanOrEqual(86_400_000);
    const scan = task.last_scan!;
    expect(scan).toMatchObject({ day: lastReportDay(at, 'UTC'), ran_at: at.toISOString(), signals: run.signals, skipped: [] });
    expect(scan.by_severity.high + scan.by_severity.medium + scan.by_severity.low).toBe(scan.signals);
    expect(scan.top).toHaveLength(Math.min(5, scan.signals));
    // The scheduled scan stored its signals, and they are the ones a scan on demand finds.
    expect(await getSignal(owner, scan.top[0]!.signal_id)).toMatchObject({
      title: scan.top[0]!.title,
      monthly_value: scan.top[0]!.monthly_value,
    });
    const now = (await callToolOk(a.apiKey, 'run_watch_now')).structured!.signals as {
      signal_id: string;
      title: string;
      monthly_value: number;
      severity: string;
    }[];
    expect(now).toHaveLength(scan.signals);
    expect(scan.top).toEqual(
      now.slice(0, 5).map((s) => ({ signal_id: s.signal_id, title: s.title, monthly_value: s.monthly_value, currency: 'USD' })),
    );
    expect(now.filter((s) => s.severity === 'high')).toHaveLength(scan.by_severity.high);
    // Run again at the same time: nothing is due any more.
    expect(await runDueWatchScans(ALL_PLATFORMS, at, countingScan(calls))).toMatchObject({ due: 0, scanned: 0 });
    expect(calls).toEqual([owner]);
  });

  it('stages the fixes of its high-severity findings in the pending-actions inbox, once; nothing runs until approved', async () => {
    const c = await createTestOwner({ accounts: { searchads: 1, chatads: 1 } });
    const owner = c.owner.owner_id;
    const at = new Date();
    await makeDue(owner, ago(at, 60_000));
    await runDueWatchScans(ALL_PLATFORMS, at);
    const scan = (await getWatchTask(owner))!.last_scan!;
    const proposedNow = async () =>
      (
        (await callToolOk(c.apiKey, 'list_pending_actions')).structured!.actions as { tool: string; status: string; reasons: string[] }[]
      ).filter((x) => x.reasons.some((r) => r.startsWith("Proposed by the watch agent's daily scan")));
    const proposed = await proposedNow();
    expect(scan.staged).toBeGreaterThan(0);
    expect(proposed).toHaveLength(scan.staged!);
    expect(proposed.every((p) => p.status === 'pending')).toBe(true);
    // They are the write fixes of the high-severity findings a scan on demand finds: nothing ran.
    const high = ((await callToolOk(c.apiKey, 'run_watch_now')).structured!.signals as { severity: string; fixes: { tool: string }[] }[])
      .filter((s) => s.severity === 'high')
      .slice(0, 5);
    const fixTools = high.flatMap((s) => s.fixes.map((f) => f.tool));
    for (const p of proposed) expect(fixTools).toContain(p.tool);
    expect((await listSignals(c.apiKey)).length).toBe(scan.signals);
    expect((await callToolOk(c.apiKey, 'list_scheduled_tasks')).text).toContain(`${scan.staged} fix`);
    // Scanned again while they wait: the same findings, nothing staged twice.
    await makeDue(owner, ago(at, 30_000));
    await runDueWatchScans(ALL_PLATFORMS, at);
    expect((await getWatchTask(owner))!.last_scan!.staged).toBe(0);
    expect(await proposedNow()).toHaveLength(proposed.length);
  });

  it('repeated and concurrent scheduler ticks at the same due time scan each owner once', async () => {
    const at = new Date();
    await Promise.all([makeDue(a.owner.owner_id, ago(at, 60_000)), makeDue(b.owner.owner_id, ago(at, 60_000))]);
    const ticks = await Promise.all(Array.from({ length: 5 }, () => runDueTasks(ALL_PLATFORMS, at, { pause: () => Promise.resolve() })));
    ticks.push(
      await runDueTasks(ALL_PLATFORMS, at, { pause: () => Promise.resolve() }),
      await runDueTasks(ALL_PLATFORMS, at, { pause: () => Promise.resolve() }),
    );
    expect(ticks.reduce((n, t) => n + t.watch.scanned, 0)).toBe(2);
    expect(ticks.reduce((n, t) => n + t.watch.failed, 0)).toBe(0);
    const [taskA, taskB] = await Promise.all([getWatchTask(a.owner.owner_id), getWatchTask(b.owner.owner_id)]);
    for (const task of [taskA!, taskB!])
      expect(task).toMatchObject({
        last_run_at: at.toISOString(),
        next_run_at: nextCheckAt(at, 7),
        last_scan: { ran_at: at.toISOString() },
      });
    expect(ticks.reduce((n, t) => n + t.watch.signals, 0)).toBe(taskA!.last_scan!.signals + taskB!.last_scan!.signals);
  });

  it('list_scheduled_tasks shows the task with its last scan; delete is refused (pause instead); paused it is not scanned, resumed it is at its next 07:00', async () => {
    const listed = await callToolOk(a.apiKey, 'list_scheduled_tasks');
    const task = (listed.structured!.tasks as TaskView[]).find((t) => t.kind === 'watch')!;
    const stored = (await getWatchTask(a.owner.owner_id))!;
    expect(task).toMatchObject({
      task_id: 'watch',
      status: 'active',
      schedule: 'daily at 07:00 UTC',
      next_run_at: stored.next_run_at,
      last_run_at: stored.last_run_at,
      last_scan: stored.last_scan,
    });
    expect(listed.text).toContain('| Daily watch scan | watch | watch | active | daily at 07:00 UTC |');
    expect(listed.text).toContain(`### Last watch scan (figures through ${stored.last_scan!.day}`);
    expect(listed.text).toContain(stored.last_scan!.top[0]!.signal_id);
    expect((await callToolOk(a.apiKey, 'list_scheduled_tasks', { task_id: 'watch' })).structured).toMatchObject({
      count: 1,
      tasks: [{ task_id: 'watch' }],
    });

    const refused = await callTool(a.apiKey, 'manage_scheduled_task', { task_id: 'watch', action: 'delete' });
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({ code: 'invalid_arguments' });
    expect(refused.body.error).toContain('pause it instead');
    expect(await getWatchTask(a.owner.owner_id)).toBeDefined();

    expect((await callToolOk(a.apiKey, 'manage_scheduled_task', { task_id: 'watch', action: 'pause' })).structured).toMatchObject({
      task_id: 'watch',
      status: 'paused',
    });
    expect(await watchTask(a.apiKey)).toMatchObject({ status: 'paused', next_run_at: null });
    const at = new Date();
    await makeDue(a.owner.owner_id, ago(at, 60_000));
    const calls: string[] = [];
    await runDueWatchScans(ALL_PLATFORMS, at, countingScan(calls));
    expect(await dueWatchTasks(new Date(at.getTime() + 3 * 86_400_000))).not.toContainEqual(
      expect.objectContaining({ owner_id: a.owner.owner_id }),
    );
    expect(calls).not.toContain(a.owner.owner_id);
    expect((await callToolOk(a.apiKey, 'run_watch_now')).text).toContain('The daily watch scan is paused');

    await callToolOk(a.apiKey, 'manage_scheduled_task', { task_id: 'watch', action: 'resume' });
    const resumed = (await getWatchTask(a.owner.owner_id))!;
    expect(resumed.status).toBe('active');
    expect(resumed.next_run_at.slice(11)).toBe('07:00:00.000Z');
    const next = new Date(resumed.next_run_at);
    await runDueWatchScans(ALL_PLATFORMS, ago(next, 1000), countingScan(calls));
    expect(calls).not.toContain(a.owner.owner_id);
    await runDueWatchScans(ALL_PLATFORMS, next, countingScan(calls));
    expect(calls.filter((o) => o === a.owner.owner_id)).toHaveLength(1);
    expect((await getWatchTask(a.owner.owner_id))!).toMatchObject({ last_run_at: next.toISOString(), next_run_at: nextCheckAt(next, 7) });
  });

  it('one owner whose scan throws does not stop the next owner; the failure is kept on its task and it runs again the next day', async () => {
    const at = new Date();
    // The failing owner comes first (the index orders due tasks by next_run_at).
    await makeDue(a.owner.owner_id, ago(at, 120_000));
    await makeDue(b.owner.owner_id, ago(at, 60_000));
    const calls: string[] = [];
    const run = await runDueWatchScans(ALL_PLATFORMS, at, countingScan(calls, a.owner.owner_id));
    expect(calls).toEqual([a.owner.owner_id, b.owner.owner_id]);
    expect(run).toMatchObject({ due: 2, scanned: 1, failed: 1 });
    expect(await getWatchTask(b.owner.owner_id)).toMatchObject({ last_scan: { ran_at: at.toISOString() } });
    const failed = (await getWatchTask(a.owner.owner_id))!;
    expect(failed).toMatchObject({ status: 'active', last_error: 'the platform did not answer', next_run_at: nextCheckAt(at, 7) });
    expect(await watchTask(a.apiKey)).toMatchObject({ last_error: 'the platform did not answer' });
    // The next successful scan clears the error.
    const later = new Date(at.getTime() + 1000);
    await makeDue(a.owner.owner_id, at);
    await runDueWatchScans(ALL_PLATFORMS, later);
    const recovered = (await getWatchTask(a.owner.owner_id))!;
    expect(recovered.last_error).toBeUndefined();
    expect(recovered.last_scan!.ran_at).toBe(later.toISOString());
  });

  it('an owner with no connected account left is not scanned and keeps its task', async () => {
    const c = await createTestOwner({ accounts: { shortvideo: 1 } });
    const account = c.accounts.shortvideo![0]!;
    await disconnectAccount(c.owner.owner_id, 'shortvideo', account.account_id);
    const at = new Date();
    await makeDue(c.owner.owner_id, ago(at, 60_000));
    const calls: string[] = [];
    const run = await runDueWatchScans(ALL_PLATFORMS, at, countingScan(calls));
    expect(run).toMatchObject({ due: 1, scanned: 0, failed: 0 });
    expect(calls).toEqual([]);
    expect(await getWatchTask(c.owner.owner_id)).toMatchObject({
      status: 'active',
      last_run_at: at.toISOString(),
      next_run_at: nextCheckAt(at, 7),
    });
  });

  it('an owner who connected accounts before the daily scan existed gets it from list_scheduled_tasks or run_watch_now', async () => {
    const dropTask = () =>
      documentClient().send(new DeleteCommand({ TableName: tableName('monitoring'), Key: { owner_id: b.owner.owner_id, sk: 'WATCH' } }));
    await dropTask();
    expect(await getWatchTask(b.owner.owner_id)).toBeUndefined();
    expect(await watchTask(b.apiKey)).toMatchObject({ task_id: 'watch', status: 'active', last_run_at: null });
    await dropTask();
    const scanned = await callToolOk(b.apiKey, 'run_watch_now');
    expect(scanned.text).toContain('The watch agent also scans daily at 07:00 UTC');
    expect((await getWatchTask(b.owner.owner_id))!.next_run_at.slice(11)).toBe('07:00:00.000Z');
  });
});
