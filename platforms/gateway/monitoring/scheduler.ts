/** What a scheduler tick runs (EventBridge Scheduler in AWS, a timer in `npm start`): due monitor checks, due briefs, queued research jobs, the daily watch scans. */
import type { PlatformDirectory } from '../../../core/platform';
import { runDueBriefs, type BriefSchedulerRun } from './briefs';
import { runDueMonitors, type SchedulerRun } from './evaluate';
import { runDueResearch } from './research';
import type { TickOptions } from './tick';
import { runDueWatchScans, type WatchSchedulerRun } from './watch';

export interface SchedulerTick {
  monitors: SchedulerRun;
  briefs: BriefSchedulerRun;
  research: { due: number; done: number; failed: number; deferred: number };
  watch: WatchSchedulerRun;
}

/**
 * Runs what is due, most time-sensitive first. With `until`, nothing is claimed after that moment: the
 * rest stays due (counted as `deferred`) and runs at the next tick.
 */
export async function runDueTasks(directory: PlatformDirectory, now: Date, options: TickOptions = {}): Promise<SchedulerTick> {
  return {
    monitors: await runDueMonitors(directory, now, options),
    briefs: await runDueBriefs(directory, now, options),
    research: await runDueResearch(directory, now, options),
    watch: await runDueWatchScans(directory, now, undefined, options),
  };
}
