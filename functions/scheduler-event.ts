/** The event EventBridge Scheduler sends the scheduler function (functions/scheduler.ts): run the tasks that are due. */
export const SCHEDULER_EVENT = { source: 'gateway.scheduler', task: 'run_due_monitors' } as const;

export function isSchedulerEvent(event: unknown): event is typeof SCHEDULER_EVENT {
  return (
    typeof event === 'object' &&
    event !== null &&
    (event as { source?: unknown }).source === SCHEDULER_EVENT.source &&
    (event as { task?: unknown }).task === SCHEDULER_EVENT.task
  );
}
