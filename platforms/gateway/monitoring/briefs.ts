import type { PlatformDirectory } from '../../../core/platform';
/**
 * Scheduled briefs: when each runs (an hour of a day in the brief's time zone: daily, weekly on a
 * weekday, or every N days), and the scheduler's run over the due ones: each scheduled time is
 * claimed once, its report built from the platforms' campaign figures, kept for retrieval
 * (list_scheduled_tasks with the brief's id) and sent to the brief's webhook and email recipients.
 */
import {
  claimBriefRun,
  clearBriefFailure,
  dueBriefs,
  getBriefRun,
  isBriefRetry,
  recordBriefFailure,
  recordBriefRun,
  setBriefRunDelivery,
  type Brief,
} from '../../../functions/runtime/stores/monitoring';
import { addDays, dateInZone, lastDays, zonedInstant } from '../../../core/dates';
import { addAttempts, deliverTo, failedDeliveries, loadDestinations, type Destinations } from './deliver';
import { outOfTime, type TickOptions } from './tick';
import { buildReport, reportHtml, reportMarkdown, type ReportData } from './report';

/** The first scheduled time of a brief strictly after `after`. */
export function nextBriefAt(
  brief: Pick<Brief, 'frequency' | 'weekday' | 'every_days' | 'hour' | 'time_zone' | 'created_at'>,
  after: Date,
): string {
  const anchor = dateInZone(new Date(brief.created_at), brief.time_zone);
  let day = dateInZone(after, brief.time_zone);
  for (let i = 0; i < 400; i++, day = addDays(day, 1)) {
    const at = zonedInstant(day, brief.hour, brief.time_zone);
    if (at.getTime() <= after.getTime()) continue;
    if (brief.frequency === 'weekly' && new Date(`${day}T00:00:00Z`).getUTCDay() !== brief.weekday) continue;
    if (
      brief.frequency === 'every_n_days' &&
      Math.round((Date.parse(day) - Date.parse(anchor)) / 86_400_000) % (brief.every_days ?? 1) !== 0
    )
      continue;
    return at.toISOString();
  }
  throw new Error('no scheduled time within 400 days');
}

export function scheduleText(brief: Pick<Brief, 'frequency' | 'weekday' | 'every_days' | 'hour' | 'time_zone'>): string {
  const at = `${String(brief.hour).padStart(2, '0')}:00 ${brief.time_zone}`;
  if (brief.frequency === 'weekly')
    return `weekly on ${['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][brief.weekday ?? 0]} at ${at}`;
  if (brief.frequency === 'every_n_days') return `every ${brief.every_days} days at ${at}`;
  return `daily at ${at}`;
}

/** A report as a message: the Markdown for chat and email text, the HTML page for email, the data for programs. */
export function reportMessage(data: ReportData, text: string, payload: Record<string, unknown> = {}) {
  return {
    subject: `${data.title}: ${data.start_date} to ${data.end_date}`,
    text,
    html: reportHtml(data),
    payload: { ...payload, report: data },
  };
}

export interface BriefSchedulerRun {
  due: number;
  generated: number;
  failed: number;
  /** Due but left for the next tick (the tick's time was up). */
  deferred: number;
}

/**
 * Builds the briefs that are due: each scheduled time is claimed once, built over the days before it,
 * kept, and sent to the brief's webhook and email recipients. A run that could not be built or
 * delivered is retried 15, 30 and 60 minutes later (before the next scheduled time); a retry of a built
 * run only sends it again to the destinations that failed.
 */
export async function runDueBriefs(directory: PlatformDirectory, now: Date, options: TickOptions = {}): Promise<BriefSchedulerRun> {
  const { pause } = options;
  const due = await dueBriefs(now);
  const run: BriefSchedulerRun = { due: due.length, generated: 0, failed: 0, deferred: 0 };
  for (const brief of due) {
    if (outOfTime(options)) {
      run.deferred++;
      continue;
    }
    const next = nextBriefAt(brief, now);
    if (!(await claimBriefRun(brief, now, next))) continue;
    const scheduledFor = isBriefRetry(brief) ? brief.retry!.scheduled_for : brief.next_run_at;
    let problem: string | undefined;
    try {
      // Decrypted only when the run is to be sent (not when another scheduler built it).
      const destinations = (): Promise<Destinations> =>
        brief.webhook_host || brief.email_recipients ? loadDestinations(brief.owner_id, brief.brief_id) : Promise.resolve({});
      const built = isBriefRetry(brief) ? await getBriefRun(brief.owner_id, brief.brief_id, scheduledFor) : undefined;
      if (built) {
        const { again } = failedDeliveries(await destinations(), built);
        const data = built.data as unknown as ReportData;
        const sent = await deliverTo(again, reportMessage(data, built.text, { brief_id: brief.brief_id, brief_name: brief.name }), pause);
        await setBriefRunDelivery(built, addAttempts(built, sent));
        problem = failedDeliveries(again, sent).problem;
      } else {
        // The days before the scheduled time, whenever it is built.
        const data = await buildReport(
          directory,
          brief.owner_id,
          lastDays(new Date(scheduledFor), brief.lookback_days, 'UTC'),
          brief.platforms,
          now,
          undefined,
          brief.name,
        );
        const text = reportMarkdown(data);
        const record = {
          owner_id: brief.owner_id,
          brief_id: brief.brief_id,
          scheduled_for: scheduledFor,
          created_at: now.toISOString(),
          text,
          data: data as unknown as Record<string, unknown>,
        };
        if (!(await recordBriefRun(record))) continue;
        run.generated++;
        const to = await destinations();
        const sent = await deliverTo(to, reportMessage(data, text, { brief_id: brief.brief_id, brief_name: brief.name }), pause);
        await setBriefRunDelivery(record, sent);
        problem = failedDeliveries(to, sent).problem;
      }
    } catch (err) {
      problem = `the brief could not be built: ${(err as Error).message}`;
    }
    try {
      if (problem === undefined) await clearBriefFailure(brief);
      else {
        run.failed++;
        await recordBriefFailure(brief, now, next, scheduledFor, problem);
      }
    } catch {
      // The next scheduled time the claim set still stands.
    }
  }
  return run;
}
