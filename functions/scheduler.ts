import type { Context } from 'aws-lambda';
import type { SchedulerTick } from '../platforms/gateway/monitoring/scheduler';
import { loadToolCode } from './load-tool-code';
import { anyTaskDue } from './runtime/stores/monitoring';
import { isSchedulerEvent } from './scheduler-event';

/**
 * Time left at the end of an invocation for the last task claimed to finish: no new task is claimed
 * after that (monitor checks, briefs, research jobs, watch scans each take seconds, a live account's
 * read at most 20 s); what is left stays due and runs at the next tick.
 */
export const CLAIM_RESERVE_MS = 90_000;

/**
 * Lambda of the scheduler: EventBridge Scheduler invokes it every 15 minutes with the scheduler event
 * (lib/gateway-stack.ts), and it runs the tasks that are due (platforms/gateway/monitoring/scheduler.ts).
 * Its own function, so the work has minutes, not the 30 s of a function behind API Gateway. The
 * tasks' code (every platform's) is the tool code (functions/tool-code.ts), loaded only when a task is
 * due: most ticks find nothing due (anyTaskDue) and answer without it.
 */
export async function handler(event: unknown, context: Context): Promise<SchedulerTick> {
  if (!isSchedulerEvent(event)) throw new Error('The scheduler function runs only the scheduler event.');
  if (!(await anyTaskDue(new Date()))) return nothingDue();
  const { runScheduledTasks } = await loadToolCode();
  return runScheduledTasks(new Date(), { until: Date.now() + context.getRemainingTimeInMillis() - CLAIM_RESERVE_MS });
}

/** A tick that found nothing due. */
function nothingDue(): SchedulerTick {
  const none = { due: 0, failed: 0, deferred: 0 };
  return {
    monitors: { ...none, evaluated: 0, alerts: 0, retried: 0 },
    briefs: { ...none, generated: 0 },
    research: { ...none, done: 0 },
    watch: { ...none, scanned: 0, signals: 0 },
  };
}
