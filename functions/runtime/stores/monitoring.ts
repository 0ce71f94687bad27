import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomId } from '../canonical';
import { tableName } from '../config';
import type { PlatformWord } from '../../../core/platforms';
import { deleteCredentials } from './credentials';
import { documentClient } from './dynamo';

/**
 * The monitoring table (pk owner_id): monitors (sk `MONITOR#<id>`) and the alerts they raised
 * (sk `ALERT#<monitor id>#<day>`). An alert is written with a condition that no alert exists for the
 * same monitor and evaluation day, so however many evaluations run for a day (a scheduler retry,
 * two schedulers, test_monitor racing the schedule), a breach is recorded exactly once. Active
 * monitors carry `due` and `next_run_at` (index `by_due`), which is how the scheduler finds them.
 */

export const MONITOR_METRICS = [
  'spend',
  'impressions',
  'clicks',
  'conversions',
  'revenue',
  'ctr',
  'cpc',
  'cpa',
  'roas',
  'conversion_rate',
] as const;
export type MonitorMetric = (typeof MONITOR_METRICS)[number];
export const MONITOR_OPERATORS = ['>', '>=', '<', '<=', 'increase_pct', 'decrease_pct'] as const;
export type MonitorOperator = (typeof MONITOR_OPERATORS)[number];
/** Each timeframe's length in days, ending on the evaluation day (yesterday). */
export const MONITOR_TIMEFRAMES = { yesterday: 1, last_7_days: 7, last_14_days: 14, last_30_days: 30 } as const;
export type MonitorTimeframe = keyof typeof MONITOR_TIMEFRAMES;

export interface MonitorCondition {
  metric: MonitorMetric;
  operator: MonitorOperator;
  /** An amount in the account currency, a count, a ratio (ROAS), a percent (CTR, conversion rate) or, for increase_pct / decrease_pct, the change in percent. */
  threshold: number;
  timeframe: MonitorTimeframe;
}

export interface Monitor {
  monitor_id: string;
  owner_id: string;
  name: string;
  conditions: MonitorCondition[];
  /** all = every condition must hold (AND), any = one is enough (OR). */
  match: 'all' | 'any';
  /** The conditions must hold on this many evaluation days in a row (windows ending on each of them). */
  consecutive_days: number;
  /** account = each account's totals; campaign = each campaign on its own. */
  scope: 'account' | 'campaign';
  /** Platforms watched; empty = every connected platform. */
  platforms: PlatformWord[];
  /** Only these campaigns (campaign scope). */
  campaign_ids?: string[];
  status: 'active' | 'paused';
  /** The hour (UTC) of the daily check, after the night's figures are in. */
  check_hour_utc: number;
  created_at: string;
  next_run_at: string;
  last_run_at?: string;
  /** The last evaluation day checked. */
  last_evaluated_day?: string;
  trigger_count: number;
  last_triggered_at?: string;
  /** Host of the chat webhook alerts are posted to; the URL itself is stored encrypted (stores/credentials.ts). */
  webhook_host?: string;
  /** Email recipients of alerts, masked (j…@example.com); the addresses are stored encrypted with the webhook URL. */
  email_recipients?: string[];
  /** Retries of a failed check (an account that could not be read, an alert not delivered, or an error), 15, 30 and 60 minutes after it. */
  retry?: { day: string; attempt: number };
  /** Why the last check failed, until one succeeds. */
  last_error?: string;
}

/** How a message went out to one destination (a webhook or email): after how many attempts, and why not. */
export interface Delivery {
  status: 'delivered' | 'failed';
  attempts: number;
  error?: string;
}

/** One scope (account or campaign) that met the conditions, with the figures that did it. */
export interface AlertBreach {
  platform: PlatformWord;
  account_id: string;
  currency: string;
  campaign_id?: string;
  campaign_name?: string;
  /**
   * Per condition: the value on the evaluation day's window (and the previous window's for a relative
   * change); `note` (`previous_note`) says why a cost per result is null yet the worst: "no conversions" / "no clicks".
   */
  values: { condition: string; value: number | null; note?: string; previous?: number | null; previous_note?: string; holds: boolean }[];
}

export interface MonitorAlert {
  owner_id: string;
  monitor_id: string;
  monitor_name: string;
  /** The evaluation day: the last day of figures the conditions were checked on. */
  day: string;
  created_at: string;
  breaches: AlertBreach[];
  /** How the alert was delivered to the monitor's webhook, when it has one. */
  delivery?: Delivery;
  /** How the alert was emailed, when the monitor has email recipients. */
  email_delivery?: Delivery;
}

/** Sets an item's delivery outcomes (webhook and email). */
function deliveryUpdate(d: Pick<MonitorAlert, 'delivery' | 'email_delivery'>) {
  const names = (['delivery', 'email_delivery'] as const).filter((k) => d[k]);
  return {
    UpdateExpression: `SET ${names.map((k) => `${k} = :${k}`).join(', ')}`,
    ExpressionAttributeValues: Object.fromEntries(names.map((k) => [`:${k}`, d[k]])),
  };
}

const ALERT_RETENTION_DAYS = 365;
const DUE = 'MONITOR';

export function newMonitorId(): string {
  return `mon_${randomId(12).replace(/[-_]/g, 'x')}`;
}

/** The next daily check after `after`: today's at check_hour_utc if still ahead, else tomorrow's. */
export function nextCheckAt(after: Date, checkHourUtc: number): string {
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), checkHourUtc));
  if (at.getTime() <= after.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

/** Runs a conditional write: true when it was made, false when its condition did not hold. */
async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * Items whose `due` partition is `due` and whose next_run_at has come (the by_due index), across owners;
 * with `limit`, at most that many (one page).
 */
async function dueItems(due: string, now: Date, limit?: number): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('monitoring'),
        IndexName: 'by_due',
        KeyConditionExpression: 'due = :due AND next_run_at <= :now',
        ExpressionAttributeValues: { ':due': due, ':now': now.toISOString() },
        ExclusiveStartKey: startKey,
        Limit: limit,
      }),
    );
    found.push(...(page.Items ?? []));
    startKey = limit === undefined ? page.LastEvaluatedKey : undefined;
  } while (startKey);
  return found;
}

/**
 * Whether anything is due at `now`: a monitor check, a brief, a research job or a watch scan (one
 * query of at most one item per kind, together). The scheduler function asks it first, so a tick with
 * nothing due never loads the tasks' code (functions/scheduler.ts).
 */
export async function anyTaskDue(now: Date): Promise<boolean> {
  const found = await Promise.all([DUE, BRIEF_DUE, RESEARCH_DUE, WATCH_DUE].map((due) => dueItems(due, now, 1)));
  return found.some((items) => items.length > 0);
}

/**
 * Sets a scheduled item's status (monitor, brief, watch task): active puts it back on the by_due
 * index at `nextRunAt`, paused takes it off.
 */
async function setScheduledStatus(key: Record<string, string>, due: string, status: 'active' | 'paused', nextRunAt: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('monitoring'),
      Key: key,
      UpdateExpression: status === 'active' ? 'SET #status = :s, due = :due, next_run_at = :next' : 'SET #status = :s REMOVE due',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: status === 'active' ? { ':s': status, ':due': due, ':next': nextRunAt } : { ':s': status },
      ConditionExpression: 'attribute_exists(sk)',
    }),
  );
}

/**
 * Claims a due scheduled item: moves next_run_at from the value the scheduler read (`read`) to
 * `next`, and sets last_run_at and `set`, conditionally, so of two schedulers that read the same due
 * item only one runs it; false when another claimed it or it was paused. `count` adds 1 to that field.
 */
async function claimScheduled(
  key: Record<string, string>,
  read: string,
  next: string,
  now: Date,
  set: Record<string, unknown> = {},
  count?: string,
): Promise<boolean> {
  const names = Object.keys(set);
  return conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('monitoring'),
        Key: key,
        UpdateExpression: `SET next_run_at = :next, last_run_at = :now${names.map((n) => `, ${n} = :${n}`).join('')}${count ? ` ADD ${count} :one` : ''}`,
        ConditionExpression: 'next_run_at = :read AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': next,
          ':now': now.toISOString(),
          ':read': read,
          ':active': 'active',
          ...Object.fromEntries(names.map((n) => [`:${n}`, set[n]])),
          ...(count ? { ':one': 1 } : {}),
        },
      }),
    ),
  );
}

const monitorKey = (ownerId: string, monitorId: string) => ({ owner_id: ownerId, sk: `MONITOR#${monitorId}` });

/** A stored item without the table's own attributes (keys, due marker, expiry). */
function itemOf<T>(item: Record<string, unknown>): T {
  const { sk: _sk, due: _due, expires_at: _exp, ...rest } = item;
  return rest as unknown as T;
}
const stripMonitor = (item: Record<string, unknown>) => itemOf<Monitor>(item);

export async function putMonitor(monitor: Monitor): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName('monitoring'),
      Item: { ...monitor, ...monitorKey(monitor.owner_id, monitor.monitor_id), ...(monitor.status === 'active' ? { due: DUE } : {}) },
      ConditionExpression: 'attribute_not_exists(sk)',
    }),
  );
}

export async function getMonitor(ownerId: string, monitorId: string): Promise<Monitor | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('monitoring'), Key: monitorKey(ownerId, monitorId), ConsistentRead: true }),
  );
  return result.Item ? stripMonitor(result.Item) : undefined;
}

async function queryAll(ownerId: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('monitoring'),
        KeyConditionExpression: 'owner_id = :o AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':o': ownerId, ':p': prefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export async function listMonitors(ownerId: string): Promise<Monitor[]> {
  return (await queryAll(ownerId, 'MONITOR#')).map(stripMonitor).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Pauses or resumes a monitor; a resumed monitor is next checked at its next daily hour. */
export async function setMonitorStatus(ownerId: string, monitorId: string, status: Monitor['status'], now: Date): Promise<void> {
  const monitor = await getMonitor(ownerId, monitorId);
  if (!monitor) return;
  await setScheduledStatus(monitorKey(ownerId, monitorId), DUE, status, nextCheckAt(now, monitor.check_hour_utc));
}

/** Deletes a monitor, its alert history and its stored destinations (webhook URL, email addresses). */
export async function deleteMonitor(ownerId: string, monitorId: string): Promise<void> {
  const alerts = await queryAll(ownerId, `ALERT#${monitorId}#`);
  for (const alert of alerts)
    await documentClient().send(new DeleteCommand({ TableName: tableName('monitoring'), Key: { owner_id: ownerId, sk: alert.sk } }));
  await documentClient().send(new DeleteCommand({ TableName: tableName('monitoring'), Key: monitorKey(ownerId, monitorId) }));
  await deleteCredentials({ owner_id: ownerId, platform: 'monitor', account_id: monitorId });
}

/** Records an alert unless the monitor already has one for that day: true when this call recorded it. */
export async function recordAlert(alert: MonitorAlert): Promise<boolean> {
  const recorded = await conditionally(() =>
    documentClient().send(
      new PutCommand({
        TableName: tableName('monitoring'),
        Item: {
          ...alert,
          sk: `ALERT#${alert.monitor_id}#${alert.day}`,
          expires_at: Math.floor(Date.parse(alert.created_at) / 1000) + ALERT_RETENTION_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    ),
  );
  if (!recorded) return false;
  await documentClient()
    .send(
      new UpdateCommand({
        TableName: tableName('monitoring'),
        Key: monitorKey(alert.owner_id, alert.monitor_id),
        UpdateExpression: 'ADD trigger_count :one SET last_triggered_at = :at',
        ExpressionAttributeValues: { ':one': 1, ':at': alert.created_at },
        ConditionExpression: 'attribute_exists(sk)',
      }),
    )
    .catch((err: { name?: string }) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
    });
  return true;
}

/** A monitor's alert of one evaluation day, if it raised one. */
export async function getAlert(ownerId: string, monitorId: string, day: string): Promise<MonitorAlert | undefined> {
  const result = await documentClient().send(
    new GetCommand({
      TableName: tableName('monitoring'),
      Key: { owner_id: ownerId, sk: `ALERT#${monitorId}#${day}` },
      ConsistentRead: true,
    }),
  );
  return result.Item ? itemOf<MonitorAlert>(result.Item) : undefined;
}

/** A monitor's alerts, newest first. */
export async function listAlerts(ownerId: string, monitorId: string): Promise<MonitorAlert[]> {
  return (await queryAll(ownerId, `ALERT#${monitorId}#`))
    .map((item) => itemOf<MonitorAlert>(item))
    .sort((a, b) => b.day.localeCompare(a.day));
}

/** Active monitors whose check is due at `now`, across owners (the scheduler's query). */
export async function dueMonitors(now: Date): Promise<Monitor[]> {
  return (await dueItems(DUE, now)).map(stripMonitor);
}

/**
 * Claims a due check: moves next_run_at from the value the scheduler read to the next daily check,
 * conditionally, so of two schedulers that read the same due monitor only one runs it. Returns the
 * next check it set, or undefined when another scheduler claimed it (or it was paused).
 */
export async function claimMonitorRun(monitor: Monitor, now: Date, day: string): Promise<string | undefined> {
  const next = nextCheckAt(now, monitor.check_hour_utc);
  return (await claimScheduled(monitorKey(monitor.owner_id, monitor.monitor_id), monitor.next_run_at, next, now, {
    last_evaluated_day: day,
  }))
    ? next
    : undefined;
}

/** How long after a failed scheduled run each retry runs (the scheduler ticks every 15 minutes). */
export const RETRY_MINUTES = [15, 30, 60] as const;

/** When retry `attempt` (1-3) of a run that failed at `now` runs, unless that is not before the next regular run. */
function retryTime(now: Date, attempt: number, nextRegular: string): string | undefined {
  const minutes = RETRY_MINUTES[attempt - 1];
  const at = minutes !== undefined ? new Date(now.getTime() + minutes * 60_000).toISOString() : undefined;
  return at !== undefined && at < nextRegular ? at : undefined;
}

/**
 * Records a failed scheduled run on its item: the reason (`last_error`), the retry marker, and the
 * retry time as the next run when there is one. Written only if the run's claim still stands
 * (next_run_at is the regular time it set), so a concurrent claim or a pause in between is never
 * overwritten.
 */
async function recordFailure(
  key: Record<string, string>,
  claimedNext: string,
  error: string,
  retry: Record<string, unknown> | undefined,
  at: string | undefined,
): Promise<void> {
  await conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('monitoring'),
        Key: key,
        UpdateExpression: `SET last_error = :error${retry ? ', #retry = :retry' : ''}${at ? ', next_run_at = :at' : ''}${retry ? '' : ' REMOVE #retry'}`,
        ConditionExpression: 'next_run_at = :claimed AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status', '#retry': 'retry' },
        ExpressionAttributeValues: {
          ':error': error,
          ':claimed': claimedNext,
          ':active': 'active',
          ...(retry ? { ':retry': retry } : {}),
          ...(at ? { ':at': at } : {}),
        },
      }),
    ),
  );
}

/** A run succeeded: the failure and its retries are forgotten. */
async function clearFailure(key: Record<string, string>): Promise<void> {
  await conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('monitoring'),
        Key: key,
        UpdateExpression: 'REMOVE last_error, #retry',
        ConditionExpression: 'attribute_exists(sk)',
        ExpressionAttributeNames: { '#retry': 'retry' },
      }),
    ),
  );
}

/**
 * Records a failed check (an account that could not be read, an alert not delivered, or an error):
 * its reason, and a retry 15, 30 then 60 minutes later on the same day instead of tomorrow's check.
 * Returns when the retry runs, or undefined once the 3 retries of the day are used up.
 */
export async function recordMonitorFailure(
  monitor: Monitor,
  now: Date,
  claimedNext: string,
  day: string,
  error: string,
): Promise<string | undefined> {
  const attempt = monitor.retry?.day === day ? monitor.retry.attempt + 1 : 1;
  const at = retryTime(now, attempt, claimedNext);
  await recordFailure(monitorKey(monitor.owner_id, monitor.monitor_id), claimedNext, error, { day, attempt }, at);
  return at;
}

/** A check succeeded: the failure and its retries are forgotten. */
export async function clearMonitorFailure(monitor: Monitor): Promise<void> {
  if (monitor.last_error || monitor.retry) await clearFailure(monitorKey(monitor.owner_id, monitor.monitor_id));
}

export async function setAlertDelivery(
  alert: Pick<MonitorAlert, 'owner_id' | 'monitor_id' | 'day'>,
  deliveries: Pick<MonitorAlert, 'delivery' | 'email_delivery'>,
): Promise<void> {
  if (!deliveries.delivery && !deliveries.email_delivery) return;
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('monitoring'),
      Key: { owner_id: alert.owner_id, sk: `ALERT#${alert.monitor_id}#${alert.day}` },
      ...deliveryUpdate(deliveries),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Briefs: cross-platform reports generated on a schedule (sk BRIEF#<id>, due "BRIEF"), each run
// kept for retrieval (sk BRIEFRUN#<brief id>#<scheduled time>, 90 days), written once per scheduled
// time like alerts.

export interface Brief {
  brief_id: string;
  owner_id: string;
  name: string;
  frequency: 'daily' | 'weekly' | 'every_n_days';
  /** weekly: 0 = Sunday ... 6 = Saturday. */
  weekday?: number;
  /** every_n_days: 2-30. */
  every_days?: number;
  hour: number;
  time_zone: string;
  platforms: PlatformWord[];
  /** The report covers the last N days ending yesterday. */
  lookback_days: number;
  status: 'active' | 'paused';
  created_at: string;
  next_run_at: string;
  last_run_at?: string;
  run_count: number;
  webhook_host?: string;
  /** Email recipients, masked; the addresses are stored encrypted with the webhook URL. */
  email_recipients?: string[];
  /** A retry of the run scheduled for `scheduled_for` (not built, or not delivered), due at `at`. */
  retry?: { scheduled_for: string; attempt: number; at: string };
  /** Why the last run failed, until one succeeds. */
  last_error?: string;
}

export interface BriefRun {
  owner_id: string;
  brief_id: string;
  /** The scheduled time this run was for. */
  scheduled_for: string;
  created_at: string;
  /** The report as Markdown, and its data (ReportData). */
  text: string;
  data: Record<string, unknown>;
  delivery?: MonitorAlert['delivery'];
  email_delivery?: MonitorAlert['email_delivery'];
}

const BRIEF_DUE = 'BRIEF';
const BRIEF_RUN_RETENTION_DAYS = 90;
const briefKey = (ownerId: string, briefId: string) => ({ owner_id: ownerId, sk: `BRIEF#${briefId}` });

export function newBriefId(): string {
  return `brf_${randomId(12).replace(/[-_]/g, 'x')}`;
}

const stripBrief = (item: Record<string, unknown>) => itemOf<Brief>(item);

export async function putBrief(brief: Brief): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName('monitoring'),
      Item: { ...brief, ...briefKey(brief.owner_id, brief.brief_id), ...(brief.status === 'active' ? { due: BRIEF_DUE } : {}) },
      ConditionExpression: 'attribute_not_exists(sk)',
    }),
  );
}

export async function getBrief(ownerId: string, briefId: string): Promise<Brief | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('monitoring'), Key: briefKey(ownerId, briefId), ConsistentRead: true }),
  );
  return result.Item ? stripBrief(result.Item) : undefined;
}

export async function listBriefs(ownerId: string): Promise<Brief[]> {
  return (await queryAll(ownerId, 'BRIEF#')).map(stripBrief).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function setBriefStatus(ownerId: string, briefId: string, status: Brief['status'], nextRunAt: string): Promise<void> {
  await setScheduledStatus(briefKey(ownerId, briefId), BRIEF_DUE, status, nextRunAt);
}

export async function deleteBrief(ownerId: string, briefId: string): Promise<void> {
  for (const run of await queryAll(ownerId, `BRIEFRUN#${briefId}#`))
    await documentClient().send(new DeleteCommand({ TableName: tableName('monitoring'), Key: { owner_id: ownerId, sk: run.sk } }));
  await documentClient().send(new DeleteCommand({ TableName: tableName('monitoring'), Key: briefKey(ownerId, briefId) }));
  await deleteCredentials({ owner_id: ownerId, platform: 'monitor', account_id: briefId });
}

export async function dueBriefs(now: Date): Promise<Brief[]> {
  return (await dueItems(BRIEF_DUE, now)).map(stripBrief);
}

/** Whether a due brief is a retry of a failed run (its next run is the retry's time) rather than a scheduled time. */
export function isBriefRetry(brief: Brief): boolean {
  return brief.retry !== undefined && brief.retry.at === brief.next_run_at;
}

/** Claims a due brief run (as claimMonitorRun does), counting scheduled runs, not retries. */
export async function claimBriefRun(brief: Brief, now: Date, nextRunAt: string): Promise<boolean> {
  return claimScheduled(
    briefKey(brief.owner_id, brief.brief_id),
    brief.next_run_at,
    nextRunAt,
    now,
    {},
    isBriefRetry(brief) ? undefined : 'run_count',
  );
}

/**
 * Records a failed brief run (not built, or not delivered): its reason, and a retry 15, 30 then 60
 * minutes later (before the next scheduled time) that builds or delivers the same scheduled run.
 */
export async function recordBriefFailure(
  brief: Brief,
  now: Date,
  claimedNext: string,
  scheduledFor: string,
  error: string,
): Promise<string | undefined> {
  const attempt = isBriefRetry(brief) ? brief.retry!.attempt + 1 : 1;
  const at = retryTime(now, attempt, claimedNext);
  await recordFailure(
    briefKey(brief.owner_id, brief.brief_id),
    claimedNext,
    error,
    at ? { scheduled_for: scheduledFor, attempt, at } : undefined,
    at,
  );
  return at;
}

export async function clearBriefFailure(brief: Brief): Promise<void> {
  if (brief.last_error || brief.retry) await clearFailure(briefKey(brief.owner_id, brief.brief_id));
}

/** The run of a brief for one scheduled time, if it was built. */
export async function getBriefRun(ownerId: string, briefId: string, scheduledFor: string): Promise<BriefRun | undefined> {
  const result = await documentClient().send(
    new GetCommand({
      TableName: tableName('monitoring'),
      Key: { owner_id: ownerId, sk: `BRIEFRUN#${briefId}#${scheduledFor}` },
      ConsistentRead: true,
    }),
  );
  return result.Item ? itemOf<BriefRun>(result.Item) : undefined;
}

export async function recordBriefRun(run: BriefRun): Promise<boolean> {
  return conditionally(() =>
    documentClient().send(
      new PutCommand({
        TableName: tableName('monitoring'),
        Item: {
          ...run,
          sk: `BRIEFRUN#${run.brief_id}#${run.scheduled_for}`,
          expires_at: Math.floor(Date.parse(run.created_at) / 1000) + BRIEF_RUN_RETENTION_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    ),
  );
}

export async function setBriefRunDelivery(
  run: Pick<BriefRun, 'owner_id' | 'brief_id' | 'scheduled_for'>,
  deliveries: Pick<BriefRun, 'delivery' | 'email_delivery'>,
): Promise<void> {
  if (!deliveries.delivery && !deliveries.email_delivery) return;
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('monitoring'),
      Key: { owner_id: run.owner_id, sk: `BRIEFRUN#${run.brief_id}#${run.scheduled_for}` },
      ...deliveryUpdate(deliveries),
    }),
  );
}

/** A brief's runs, newest first. */
export async function listBriefRuns(ownerId: string, briefId: string): Promise<BriefRun[]> {
  return (await queryAll(ownerId, `BRIEFRUN#${briefId}#`))
    .map((item) => itemOf<BriefRun>(item))
    .sort((a, b) => b.scheduled_for.localeCompare(a.scheduled_for));
}

// ---------------------------------------------------------------------------------------------
// Research jobs (sk RESEARCH#<id>): queued by start_research, run in the background by the
// scheduler (due "RESEARCH" while queued), claimed once (queued → running), kept 90 days.

export interface ResearchJob {
  research_id: string;
  owner_id: string;
  topic: 'keywords' | 'campaigns';
  platforms: PlatformWord[];
  seeds: string[];
  status: 'queued' | 'running' | 'done' | 'failed';
  created_at: string;
  next_run_at: string;
  started_at?: string;
  finished_at?: string;
  result?: Record<string, unknown>;
  error?: string;
}

const RESEARCH_DUE = 'RESEARCH';
const researchKey = (ownerId: string, id: string) => ({ owner_id: ownerId, sk: `RESEARCH#${id}` });

export function newResearchId(): string {
  return `res_${randomId(12).replace(/[-_]/g, 'x')}`;
}

const stripResearch = (item: Record<string, unknown>) => itemOf<ResearchJob>(item);

export async function putResearch(job: ResearchJob): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName('monitoring'),
      Item: {
        ...job,
        ...researchKey(job.owner_id, job.research_id),
        due: RESEARCH_DUE,
        expires_at: Math.floor(Date.parse(job.created_at) / 1000) + BRIEF_RUN_RETENTION_DAYS * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(sk)',
    }),
  );
}

export async function getResearch(ownerId: string, id: string): Promise<ResearchJob | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('monitoring'), Key: researchKey(ownerId, id), ConsistentRead: true }),
  );
  return result.Item ? stripResearch(result.Item) : undefined;
}

export async function listResearch(ownerId: string): Promise<ResearchJob[]> {
  return (await queryAll(ownerId, 'RESEARCH#')).map(stripResearch).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function deleteResearch(ownerId: string, id: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName('monitoring'), Key: researchKey(ownerId, id) }));
}

export async function dueResearch(now: Date): Promise<ResearchJob[]> {
  return (await dueItems(RESEARCH_DUE, now)).map(stripResearch);
}

/** queued → running, once: the scheduler run that wins it does the work. */
export async function claimResearch(job: ResearchJob, now: Date): Promise<boolean> {
  return conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('monitoring'),
        Key: researchKey(job.owner_id, job.research_id),
        UpdateExpression: 'SET #status = :running, started_at = :now REMOVE due',
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':now': now.toISOString() },
      }),
    ),
  );
}

export async function finishResearch(
  job: Pick<ResearchJob, 'owner_id' | 'research_id'>,
  outcome: { status: 'done'; result: Record<string, unknown> } | { status: 'failed'; error: string },
  now: Date,
): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('monitoring'),
      Key: researchKey(job.owner_id, job.research_id),
      UpdateExpression:
        outcome.status === 'done'
          ? 'SET #status = :s, finished_at = :now, #result = :r'
          : 'SET #status = :s, finished_at = :now, #error = :r',
      ExpressionAttributeNames: { '#status': 'status', ...(outcome.status === 'done' ? { '#result': 'result' } : { '#error': 'error' }) },
      ExpressionAttributeValues: {
        ':s': outcome.status,
        ':now': now.toISOString(),
        ':r': outcome.status === 'done' ? outcome.result : outcome.error,
      },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The daily watch scan (sk WATCH, due "WATCH" while active): one per owner, created when the owner
// connects an account (addConnectedAccount), run by the scheduler at 07:00 UTC. Each run is claimed
// like a monitor check (next_run_at moved on conditionally) and keeps a summary of its scan.

export const WATCH_HOUR_UTC = 7;
export const WATCH_TASK_ID = 'watch';

export interface WatchScanSummary {
  /** The last day of figures the scan read. */
  day: string;
  ran_at: string;
  signals: number;
  by_severity: { high: number; medium: number; low: number };
  /** The 5 most valuable findings (signal ids for get_signal_briefing). */
  top: { signal_id: string; title: string; monthly_value: number; currency: string | null }[];
  /** Accounts the scan could not read, with why. */
  skipped: string[];
  /** Fixes of its high-severity findings the scan put in the pending-actions inbox (none run until approved). */
  staged?: number;
  /** Fixes it could not stage, with why (an account gone, a fix the account refuses now). */
  not_staged?: string[];
}

export interface WatchTask {
  owner_id: string;
  status: 'active' | 'paused';
  created_at: string;
  next_run_at: string;
  last_run_at?: string;
  last_scan?: WatchScanSummary;
  /** Why the last scheduled run failed (cleared by the next successful scan). */
  last_error?: string;
}

const WATCH_DUE = 'WATCH';
const watchKey = (ownerId: string) => ({ owner_id: ownerId, sk: 'WATCH' });

/** Creates the owner's daily watch task unless it exists (true when this call created it). */
export async function ensureWatchTask(ownerId: string, now: Date): Promise<boolean> {
  const task: WatchTask = {
    owner_id: ownerId,
    status: 'active',
    created_at: now.toISOString(),
    next_run_at: nextCheckAt(now, WATCH_HOUR_UTC),
  };
  return conditionally(() =>
    documentClient().send(
      new PutCommand({
        TableName: tableName('monitoring'),
        Item: { ...task, ...watchKey(ownerId), due: WATCH_DUE },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    ),
  );
}

export async function getWatchTask(ownerId: string): Promise<WatchTask | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('monitoring'), Key: watchKey(ownerId), ConsistentRead: true }),
  );
  return result.Item ? itemOf<WatchTask>(result.Item) : undefined;
}

/** Pauses or resumes the watch task; resumed, it next runs at the next 07:00 UTC. */
export async function setWatchStatus(ownerId: string, status: WatchTask['status'], now: Date): Promise<void> {
  await setScheduledStatus(watchKey(ownerId), WATCH_DUE, status, nextCheckAt(now, WATCH_HOUR_UTC));
}

/** Active watch tasks whose run is due at `now`, across owners. */
export async function dueWatchTasks(now: Date): Promise<WatchTask[]> {
  return (await dueItems(WATCH_DUE, now)).map((item) => itemOf<WatchTask>(item));
}

/** Claims a due watch run: next_run_at moves to the next 07:00 UTC, only if still active and unchanged since read. */
export async function claimWatchRun(task: WatchTask, now: Date): Promise<boolean> {
  return claimScheduled(watchKey(task.owner_id), task.next_run_at, nextCheckAt(now, WATCH_HOUR_UTC), now);
}

/** Keeps the outcome of a scheduled run on the task: its scan summary, or why it failed. */
export async function recordWatchOutcome(ownerId: string, outcome: { summary: WatchScanSummary } | { error: string }): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('monitoring'),
      Key: watchKey(ownerId),
      UpdateExpression: 'summary' in outcome ? 'SET last_scan = :v REMOVE last_error' : 'SET last_error = :v',
      ExpressionAttributeValues: { ':v': 'summary' in outcome ? outcome.summary : outcome.error },
      ConditionExpression: 'attribute_exists(sk)',
    }),
  );
}
