import type { PlatformDirectory } from '../../../core/platform';
/**
 * Evaluating monitors: a monitor's conditions checked against the figures the platforms' own
 * campaign tools show (each platform module's campaignFigures), for every watched account, and the
 * scheduler's run over the monitors that are due. An evaluation reads only; recording an alert is
 * the one write, and it happens at most once per monitor and evaluation day (stores/monitoring.ts).
 */
import type { PlatformWord } from '../../../core/platforms';
import { createLogger } from '../../../functions/runtime/log';
import {
  claimMonitorRun,
  clearMonitorFailure,
  dueMonitors,
  getAlert,
  MONITOR_TIMEFRAMES,
  recordAlert,
  recordMonitorFailure,
  setAlertDelivery,
  type AlertBreach,
  type Monitor,
  type MonitorCondition,
} from '../../../functions/runtime/stores/monitoring';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { ConnectedAccount } from '../../../core/accounts';
import { standaloneCall, type PortCall } from '../../../core/tool';
import { addDays, lastReportDay, reportingZone } from '../../../core/dates';
import { previousPeriod } from '../../../core/report-window';
import { costReading, totals, type CostReading, type MetricTotals } from '../../../core/metrics';
import type { CampaignFigures } from '../../../core/platform';
import { outOfTime, type TickOptions } from './tick';
import { addAttempts, deliverAlert, failedDeliveries, loadDestinations, type Destinations } from './deliver';

export interface Evaluation {
  /** The evaluation day: the last day of figures (yesterday, UTC), which keys the alert. */
  day: string;
  breached: boolean;
  breaches: AlertBreach[];
  /** How many accounts or campaigns were checked. */
  checked: number;
  /** Accounts that could not be read (the others are still evaluated). */
  skipped: string[];
}

export function conditionLabel(c: MonitorCondition): string {
  const unit =
    c.operator === 'increase_pct' || c.operator === 'decrease_pct' ? '%' : c.metric === 'ctr' || c.metric === 'conversion_rate' ? '%' : '';
  const operator = c.operator === 'increase_pct' ? 'rises by at least' : c.operator === 'decrease_pct' ? 'falls by at least' : c.operator;
  return `${c.metric} ${operator} ${c.threshold}${unit} (${c.timeframe.replace(/_/g, ' ')}${c.operator.endsWith('_pct') ? ' vs the period before' : ''})`;
}

/**
 * A metric as a condition reads it: the value in the unit thresholds use (CTR and conversion rate in
 * percent; null where undefined) and what is compared. Spend without conversions is the worst CPA
 * (and without clicks the worst CPC), not a missing one: it compares as +Infinity and is said in
 * words (core/metrics.ts costReading); other undefined ratios (ROAS of no spend) meet no condition.
 */
function readingOf(
  scoped: { totals: MetricTotals; note?: string },
  metric: MonitorCondition['metric'],
  noConversions?: string,
): CostReading {
  if (noConversions && CONVERSION_METRICS.has(metric)) return { value: null, rank: null, note: noConversions };
  const reading = figureReading(scoped.totals, metric);
  if (!scoped.note) return reading;
  return { ...reading, note: reading.note ? `${reading.note} (${scoped.note})` : scoped.note };
}

function figureReading(t: MetricTotals, metric: MonitorCondition['metric']): CostReading {
  if (metric === 'cpa' || metric === 'cpc') return costReading(t, metric);
  const value =
    metric === 'ctr' || metric === 'conversion_rate'
      ? t[metric] === null
        ? null
        : Math.round(t[metric]! * 1_000_000) / 10_000
      : t[metric];
  return { value, rank: value };
}

/** Metrics a campaign whose objective has no conversions (awareness, reach, views, traffic) shows n/a. */
const CONVERSION_METRICS = new Set<MonitorCondition['metric']>(['conversions', 'cpa', 'conversion_rate', 'revenue', 'roas']);

/** The one place a condition is checked against a reading (and, for a relative change, the previous window's). */
function holds(c: MonitorCondition, reading: CostReading, previous: CostReading | undefined): boolean {
  const value = reading.rank;
  if (value === null) return false;
  const before = previous?.rank ?? null;
  switch (c.operator) {
    case '>':
      return value > c.threshold;
    case '>=':
      return value >= c.threshold;
    case '<':
      return value < c.threshold;
    case '<=':
      return value <= c.threshold;
    // From a finite figure to the worst one is an unbounded rise; from the worst to a finite one, a fall of 100%.
    case 'increase_pct':
      return before !== null && before > 0 && before !== Infinity && ((value - before) / before) * 100 >= c.threshold;
    case 'decrease_pct':
      if (before === Infinity) return value !== Infinity && 100 >= c.threshold;
      return before !== null && before > 0 && ((before - value) / before) * 100 >= c.threshold;
  }
}

const needsPrevious = (c: MonitorCondition) => c.operator === 'increase_pct' || c.operator === 'decrease_pct';

/** One account's campaigns over a window, read once per window per evaluation. */
type FiguresReader = (start: string, end: string) => Promise<CampaignFigures[]>;

interface Scope {
  campaign_id?: string;
  campaign_name?: string;
  /** Why conversion metrics are n/a for this campaign (its objective has none); absent when it converts. */
  no_conversions?: string;
  /** The scope's totals over a window, as `metric` reads them (and what they leave out, in words). */
  over(start: string, end: string, metric: MonitorCondition['metric']): Promise<{ totals: MetricTotals; note?: string }>;
}

/**
 * An account's totals as a metric reads them. Conversion metrics (conversions, CPA, conversion rate,
 * revenue, ROAS) come from the campaigns whose result is a conversion only (campaignFiguresOf's
 * `converts`): an awareness, reach, view or traffic campaign's spend bought no conversions and would
 * only inflate the account CPA. The reading says what it left out. Other metrics sum every campaign.
 */
export function accountTotals(
  rows: readonly CampaignFigures[],
  metric: MonitorCondition['metric'],
  currency: string,
): { totals: MetricTotals; note?: string } {
  if (!CONVERSION_METRICS.has(metric)) return { totals: totals(rows.map((c) => c.figures)) };
  const converting = rows.filter((c) => c.converts);
  const left = rows.filter((c) => !c.converts && c.figures.spend > 0);
  const leftSpend = Math.round(left.reduce((s, c) => s + c.figures.spend, 0) * 100) / 100;
  const types = [...new Set(left.map((c) => c.result_type.replace(/_/g, ' ')))].sort().join(', ');
  return {
    totals: totals(converting.map((c) => c.figures)),
    ...(left.length
      ? {
          note: `from the ${converting.length} campaign${converting.length === 1 ? '' : 's'} whose result is a conversion; ${leftSpend.toFixed(2)} ${currency} of ${left.length} campaign${left.length === 1 ? '' : 's'} without conversions (${types}) left out`,
        }
      : {}),
  };
}

function scopesOf(monitor: Monitor, read: FiguresReader, campaigns: CampaignFigures[], currency: string): Scope[] {
  const sum = (rows: CampaignFigures[]) => totals(rows.map((c) => c.figures));
  if (monitor.scope === 'account') return [{ over: async (start, end, metric) => accountTotals(await read(start, end), metric, currency) }];
  const watched = campaigns.filter((c) => !monitor.campaign_ids?.length || monitor.campaign_ids.includes(c.id));
  return watched.map((c) => ({
    campaign_id: c.id,
    campaign_name: c.name,
    ...(c.converts ? {} : { no_conversions: `n/a: a ${c.result_type.replace(/_/g, ' ')} campaign has no conversions` }),
    over: async (start, end) => ({ totals: sum((await read(start, end)).filter((x) => x.id === c.id)) }),
  }));
}

/**
 * Checks a monitor now, recording nothing. A scope breaches when, on each of the last
 * `consecutive_days` evaluation days, all (match all) or one (match any) of the conditions hold on
 * the windows ending that day.
 */
export async function evaluateMonitor(directory: PlatformDirectory, monitor: Monitor, now: Date, call?: PortCall): Promise<Evaluation> {
  const day = lastReportDay(now, 'UTC');
  const accounts = (await listConnectedAccounts(monitor.owner_id)).filter(
    (a) => !monitor.platforms.length || monitor.platforms.includes(a.platform),
  );
  const breaches: AlertBreach[] = [];
  const skipped: string[] = [];
  let checked = 0;
  for (const account of accounts) {
    const portCall =
      call ??
      standaloneCall(20_000, createLogger({ platform: account.platform, account_id: account.account_id, monitor: monitor.monitor_id }));
    const cache = new Map<string, Promise<CampaignFigures[]>>();
    const read: FiguresReader = (start, end) => {
      const key = `${start}/${end}`;
      if (!cache.has(key)) cache.set(key, directory.campaignFigures(account, start, end, portCall));
      return cache.get(key)!;
    };
    try {
      const end = lastReportDay(now, reportingZone(account));
      // Campaign scope needs the campaign list (the report of the evaluation day gives it); account scope does not.
      const scopes = scopesOf(monitor, read, monitor.scope === 'campaign' ? await read(end, end) : [], account.currency);
      checked += scopes.length;
      for (const scope of scopes) {
        const breach = await checkScope(monitor, scope, end, account);
        if (breach) breaches.push(breach);
      }
    } catch (err) {
      skipped.push(`${account.platform} ${account.account_id}: ${(err as Error).message}`);
    }
  }
  return { day, breached: breaches.length > 0, breaches, checked, skipped };
}

async function checkScope(monitor: Monitor, scope: Scope, end: string, account: ConnectedAccount): Promise<AlertBreach | undefined> {
  let values: AlertBreach['values'] = [];
  for (let k = 0; k < monitor.consecutive_days; k++) {
    const dayEnd = addDays(end, -k);
    const results = await Promise.all(
      monitor.conditions.map(async (c) => {
        const days = MONITOR_TIMEFRAMES[c.timeframe];
        const start = addDays(dayEnd, -(days - 1));
        const reading = readingOf(await scope.over(start, dayEnd, c.metric), c.metric, scope.no_conversions);
        const before = previousPeriod({ start, end: dayEnd });
        const previous = needsPrevious(c)
          ? readingOf(await scope.over(before.start, before.end, c.metric), c.metric, scope.no_conversions)
          : undefined;
        return {
          condition: conditionLabel(c),
          value: reading.value,
          ...(reading.note ? { note: reading.note } : {}),
          ...(previous !== undefined ? { previous: previous.value, ...(previous.note ? { previous_note: previous.note } : {}) } : {}),
          holds: holds(c, reading, previous),
        };
      }),
    );
    const met = monitor.match === 'all' ? results.every((r) => r.holds) : results.some((r) => r.holds);
    if (!met) return undefined;
    if (k === 0) values = results;
  }
  return {
    platform: account.platform as PlatformWord,
    account_id: account.account_id,
    currency: account.currency,
    ...(scope.campaign_id ? { campaign_id: scope.campaign_id, campaign_name: scope.campaign_name } : {}),
    values,
  };
}

export interface SchedulerRun {
  due: number;
  /** Checks this run claimed (another scheduler may have claimed the rest). */
  evaluated: number;
  /** Alerts recorded by this run. */
  alerts: number;
  /** Checks that failed (an error, or an account that could not be read without an alert recorded). */
  failed: number;
  /** Of those, how many got a retry later the same day. */
  retried: number;
  /** Due but left for the next tick (the tick's time was up). */
  deferred: number;
}

/**
 * The scheduler's work (EventBridge Scheduler in AWS, a timer in `npm start`): every due monitor is
 * claimed (one conditional update, so concurrent runs never both check it), evaluated, and a breach
 * recorded as one alert for the day and delivered to the monitor's webhook and email recipients. A
 * check that could not read an account (and recorded no alert), could not deliver its alert, or failed
 * is retried 15, 30 and 60 minutes later (stores/monitoring.ts recordMonitorFailure) rather than the
 * next day; a retry after an undelivered alert sends it again to the destinations that failed only.
 */
export async function runDueMonitors(directory: PlatformDirectory, now: Date, options: TickOptions = {}): Promise<SchedulerRun> {
  const { pause } = options;
  const due = await dueMonitors(now);
  const run: SchedulerRun = { due: due.length, evaluated: 0, alerts: 0, failed: 0, retried: 0, deferred: 0 };
  for (const monitor of due) {
    if (outOfTime(options)) {
      run.deferred++;
      continue;
    }
    const day = lastReportDay(now, 'UTC');
    const next = await claimMonitorRun(monitor, now, day);
    if (!next) continue;
    run.evaluated++;
    // Decrypted only when an alert is to be sent.
    const destinations = (): Promise<Destinations> =>
      monitor.webhook_host || monitor.email_recipients ? loadDestinations(monitor.owner_id, monitor.monitor_id) : Promise.resolve({});
    let problem: string | undefined;
    try {
      // A retry on a day that already has its alert: only its failed deliveries are left to do.
      const alerted = monitor.retry?.day === day ? await getAlert(monitor.owner_id, monitor.monitor_id, day) : undefined;
      if (alerted) {
        const { again } = failedDeliveries(await destinations(), alerted);
        const sent = await deliverAlert(again, alerted, pause);
        await setAlertDelivery(alerted, addAttempts(alerted, sent));
        problem = failedDeliveries(again, sent).problem;
      } else {
        const evaluation = await evaluateMonitor(directory, monitor, now);
        const alert = {
          owner_id: monitor.owner_id,
          monitor_id: monitor.monitor_id,
          monitor_name: monitor.name,
          day: evaluation.day,
          created_at: now.toISOString(),
          breaches: evaluation.breaches,
        };
        const recorded = evaluation.breached && (await recordAlert(alert));
        if (recorded) {
          run.alerts++;
          // Only the run that recorded the alert delivers it, so it is sent once.
          const to = await destinations();
          const sent = await deliverAlert(to, alert, pause);
          await setAlertDelivery(alert, sent);
          problem = failedDeliveries(to, sent).problem;
        } else if (evaluation.skipped.length) problem = `not read: ${evaluation.skipped.join('; ')}`;
      }
    } catch (err) {
      problem = `the check failed: ${(err as Error).message}`;
    }
    try {
      if (problem === undefined) await clearMonitorFailure(monitor);
      else {
        run.failed++;
        if (await recordMonitorFailure(monitor, now, next, day, problem)) run.retried++;
      }
    } catch {
      // The daily check the claim set still stands.
    }
  }
  return run;
}
