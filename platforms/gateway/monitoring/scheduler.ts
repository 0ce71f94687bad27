/** What a scheduler tick runs (EventBridge Scheduler in AWS, a timer in `npm start`): due monitor checks, due briefs, queued research jobs, the daily watch scans. */
import { runDueBriefs, type BriefSchedulerRun } from './briefs';
import { runDueMonitors, type SchedulerRun } from './evaluate';
import { runDueResearch } from './research';
import { runDueWatchScans, type WatchSchedulerRun } from './watch';

export interface SchedulerTick {
  monitors: SchedulerRun;
  briefs: BriefSchedulerRun;
  research: { due: number; done: number; failed: number };
  watch: WatchSchedulerRun;
}

export async function runDueTasks(now: Date, pause?: (ms: number) => Promise<unknown>): Promise<SchedulerTick> {
  return { monitors: await runDueMonitors(now, pause), briefs: await runDueBriefs(now, pause), research: await runDueResearch(now), watch: await runDueWatchScans(now) };
}
