/**
 * The scheduler function's tick (functions/scheduler.ts): with nothing due it answers without loading the
 * tasks' code (every platform's tools, 2.3 MB in the Lambda package); a task of any kind that is due makes
 * it load that code and run the task.
 */
import { anyTaskDue } from '../../../functions/runtime/stores/monitoring';
import { SCHEDULER_EVENT } from '../../../functions/scheduler-event';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

/** Each load of the tool code by the scheduler function (imported below, after this stand-in). */
const loads = jest.fn();
jest.doMock('../../../functions/load-tool-code', () => {
  const actual = jest.requireActual('../../../functions/load-tool-code');
  return { ...actual, loadToolCode: () => (loads(), actual.loadToolCode()) };
});
let schedulerHandler: typeof import('../../../functions/scheduler').handler;
beforeAll(async () => {
  schedulerHandler = (await import('../../../functions/scheduler')).handler;
});
const tick = () => schedulerHandler(SCHEDULER_EVENT, { getRemainingTimeInMillis: () => 300_000 } as never);
type Task = { task_id: string; kind: string; status: string; next_run_at: string | null };

describe('scheduler tick', () => {
  /** The one owner of these tables (the tick looks across owners). */
  let apiKey: string;

  it('with nothing due answers zeros without loading the tasks’ code; a queued research job makes it load and run', async () => {
    loads.mockClear();
    const idle = await tick();
    expect(idle).toEqual({
      monitors: { due: 0, evaluated: 0, alerts: 0, failed: 0, retried: 0, deferred: 0 },
      briefs: { due: 0, generated: 0, failed: 0, deferred: 0 },
      research: { due: 0, done: 0, failed: 0, deferred: 0 },
      watch: { due: 0, scanned: 0, signals: 0, failed: 0, deferred: 0 },
    });
    expect(loads).not.toHaveBeenCalled();

    ({ apiKey } = await createTestOwner({ accounts: { searchads: 1 } }));
    await callToolOk(apiKey, 'start_research', { topic: 'keywords' });
    loads.mockClear();
    const busy = await tick();
    expect(busy.research).toMatchObject({ due: 1, done: 1 });
    expect(loads).toHaveBeenCalled();
  });

  it('finds each kind of task due at its time: monitor check, brief, watch scan', async () => {
    await callToolOk(apiKey, 'create_monitor', {
      name: 'Spend above 1',
      scope: 'account',
      platforms: ['searchads'],
      conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }],
    });
    await callToolOk(apiKey, 'schedule_brief', { name: 'Morning brief', frequency: 'daily', hour: 6, time_zone: 'UTC' });
    const listed = (await callToolOk(apiKey, 'list_scheduled_tasks')).structured!.tasks as Task[];
    expect(listed.find((t) => t.kind === 'research')).toMatchObject({ status: 'done' });
    // The research job is done, off the due index: the other three kinds, one at a time.
    const tasks = listed.filter((t) => t.kind !== 'research');
    expect(tasks.map((t) => t.kind).sort()).toEqual(['brief', 'monitor', 'watch']);
    // One kind at a time: the others paused (off the due index).
    const set = (task: Task, action: 'pause' | 'resume') => callToolOk(apiKey, 'manage_scheduled_task', { task_id: task.task_id, action });
    for (const task of tasks) await set(task, 'pause');
    for (const task of tasks) {
      await set(task, 'resume');
      const listed = ((await callToolOk(apiKey, 'list_scheduled_tasks')).structured!.tasks as Task[]).find(
        (t) => t.task_id === task.task_id,
      )!;
      const at = Date.parse(listed.next_run_at!);
      expect([task.kind, await anyTaskDue(new Date(at - 1))]).toEqual([task.kind, false]);
      expect([task.kind, await anyTaskDue(new Date(at))]).toEqual([task.kind, true]);
      await set(task, 'pause');
    }
  });
});
