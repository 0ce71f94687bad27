/** What a scheduler tick runs (EventBridge Scheduler in AWS, a timer in `npm start`): due monitor checks and due briefs. */
import { runDueBriefs, type BriefSchedulerRun } from './briefs';
import { runDueMonitors, type SchedulerRun } from './evaluate';

export interface SchedulerTick {
  monitors: SchedulerRun;
  briefs: BriefSchedulerRun;
}

export async function runDueTasks(now: Date, pause?: (ms: number) => Promise<unknown>): Promise<SchedulerTick> {
  return { monitors: await runDueMonitors(now, pause), briefs: await runDueBriefs(now, pause) };
}
