/**
 * The monitoring tools: metric alerts checked daily by the scheduler against the figures the
 * platforms' campaign tools show, their alert history, a check on demand, and the list and
 * management of scheduled tasks (monitors and briefs, tools/briefs.ts).
 */
import * as v from 'valibot';
import { NotFoundError } from '../../../core/errors';
import { PLATFORM_WORDS } from '../../../core/platforms';
import {
  deleteBrief,
  deleteMonitor,
  deleteResearch,
  getBrief,
  getResearch,
  listResearch,
  listBriefRuns,
  listBriefs,
  setBriefStatus,
  getMonitor,
  listAlerts,
  listMonitors,
  MONITOR_METRICS,
  MONITOR_OPERATORS,
  MONITOR_TIMEFRAMES,
  newMonitorId,
  nextCheckAt,
  putMonitor,
  setMonitorStatus,
  setWatchStatus,
  WATCH_HOUR_UTC,
  WATCH_TASK_ID,
  type Monitor,
  type WatchTask,
} from '../../../functions/runtime/stores/monitoring';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable, money } from '../../../core/markdown';
import { nextBriefAt, scheduleText } from '../monitoring/briefs';
import { breachLines, checkDestinations, deliveryText, destinationFields, saveDestinations } from '../monitoring/deliver';
import { emailRecipientsArg } from '../monitoring/email';
import { deliveryOutput, generateReportNow, reportDataOutput, scheduleBrief } from './briefs';
import { conditionLabel, evaluateMonitor } from '../monitoring/evaluate';
import { watchTaskOf } from '../monitoring/watch';

const monitorId = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^mon_[A-Za-z0-9]+$/, 'must be a monitor id from list_monitors (mon_...)'),
  v.description('Monitor id, from list_monitors'),
);

const conditionSchema = v.object({
  metric: v.pipe(
    v.picklist(MONITOR_METRICS),
    v.description(
      'spend, impressions, clicks, conversions, revenue (account currency or counts), ctr and conversion_rate (percent), cpc and cpa (currency), roas (ratio)',
    ),
  ),
  operator: v.pipe(
    v.picklist(MONITOR_OPERATORS),
    v.description(
      '>, >=, <, <= compare with the threshold; increase_pct / decrease_pct compare with the previous period of the same length (threshold in percent)',
    ),
  ),
  threshold: v.pipe(
    v.number(),
    v.minValue(0, 'must be 0 or more'),
    v.maxValue(1_000_000_000, 'must be at most 1,000,000,000'),
    v.description('The value to compare with'),
  ),
  timeframe: v.pipe(
    v.picklist(Object.keys(MONITOR_TIMEFRAMES) as (keyof typeof MONITOR_TIMEFRAMES)[]),
    v.description('The window ending yesterday: yesterday, last_7_days, last_14_days or last_30_days'),
  ),
});

const monitorOutput = v.object({
  monitor_id: v.string(),
  name: v.string(),
  status: v.picklist(['active', 'paused']),
  conditions: v.array(
    v.object({ metric: v.string(), operator: v.string(), threshold: v.number(), timeframe: v.string(), text: v.string() }),
  ),
  match: v.picklist(['all', 'any']),
  consecutive_days: v.number(),
  scope: v.picklist(['account', 'campaign']),
  platforms: v.array(v.string()),
  campaign_ids: v.array(v.string()),
  check_hour_utc: v.number(),
  created_at: v.string(),
  next_run_at: v.nullable(v.string()),
  last_run_at: v.nullable(v.string()),
  trigger_count: v.number(),
  last_triggered_at: v.nullable(v.string()),
  webhook_host: v.nullable(v.string()),
  email_recipients: v.array(v.string()),
  /** Why the last check failed (retried 15, 30 and 60 minutes later), null once one succeeds. */
  last_check_error: v.nullable(v.string()),
});

function monitorView(m: Monitor): v.InferOutput<typeof monitorOutput> {
  return {
    monitor_id: m.monitor_id,
    name: m.name,
    status: m.status,
    conditions: m.conditions.map((c) => ({ ...c, text: conditionLabel(c) })),
    match: m.match,
    consecutive_days: m.consecutive_days,
    scope: m.scope,
    platforms: m.platforms,
    campaign_ids: m.campaign_ids ?? [],
    check_hour_utc: m.check_hour_utc,
    created_at: m.created_at,
    next_run_at: m.status === 'active' ? m.next_run_at : null,
    last_run_at: m.last_run_at ?? null,
    trigger_count: m.trigger_count,
    last_triggered_at: m.last_triggered_at ?? null,
    webhook_host: m.webhook_host ?? null,
    email_recipients: m.email_recipients ?? [],
    last_check_error: m.last_error ?? null,
  };
}

const describe = (m: Pick<Monitor, 'conditions' | 'match' | 'consecutive_days'>) =>
  m.conditions.map(conditionLabel).join(m.match === 'all' ? ' AND ' : ' OR ') +
  (m.consecutive_days > 1 ? `, ${m.consecutive_days} days in a row` : '');

async function monitorOrRefuse(ownerId: string, id: string): Promise<Monitor> {
  const monitor = await getMonitor(ownerId, id);
  if (!monitor) throw new NotFoundError(`No monitor ${id}. list_monitors shows your monitors and their ids.`, { entity: 'monitor', id });
  return monitor;
}

const breachOutput = v.object({
  platform: v.string(),
  account_id: v.string(),
  currency: v.string(),
  campaign_id: v.optional(v.string()),
  campaign_name: v.optional(v.string()),
  values: v.array(
    v.object({
      condition: v.string(),
      value: v.nullable(v.number()),
      note: v.optional(v.string()),
      previous: v.optional(v.nullable(v.number())),
      previous_note: v.optional(v.string()),
      holds: v.boolean(),
    }),
  ),
});

export const createMonitor = defineGatewayTool({
  name: 'create_monitor',
  category: 'monitoring',
  description:
    "Creates a metric alert checked daily (after the night's figures, at check_hour_utc) against the figures the platforms' campaign tools show: one condition or several joined by match all (AND) or any (OR), optionally on several days in a row, per account or per campaign, on chosen platforms or all connected ones. A breach records one alert per day in get_monitor_history. test_monitor checks it now without recording.",
  access: 'write',
  examples: [{ name: 'Example monitor', conditions: [{ metric: 'spend', operator: '>', threshold: 100, timeframe: 'last_7_days' }] }],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(100, 'must be at most 100 characters'),
      v.description('A name you will recognise in alerts'),
    ),
    conditions: v.pipe(
      v.array(conditionSchema),
      v.minLength(1, 'needs at least 1 condition'),
      v.maxLength(5, 'takes at most 5 conditions'),
      v.description('1-5 conditions'),
    ),
    match: v.optional(
      v.pipe(v.picklist(['all', 'any']), v.description('all = every condition (AND, default); any = one of them (OR)')),
      'all',
    ),
    consecutive_days: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(7, 'must be at most 7'),
        v.description('Days in a row the conditions must hold (1-7, default 1)'),
      ),
      1,
    ),
    scope: v.optional(
      v.pipe(
        v.picklist(['account', 'campaign']),
        v.description("account = each account's totals (default); campaign = each campaign on its own"),
      ),
      'account',
    ),
    platforms: v.optional(
      v.pipe(v.array(v.picklist(PLATFORM_WORDS)), v.description('Platforms to watch; default every connected platform')),
    ),
    campaign_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1))),
        v.minLength(1, 'must name at least 1 campaign'),
        v.maxLength(50, 'takes at most 50 campaigns'),
        v.description('Only these campaigns (needs scope campaign)'),
      ),
    ),
    check_hour_utc: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(0, 'must be 0-23'),
        v.maxValue(23, 'must be 0-23'),
        v.description('Hour (UTC) of the daily check, default 8'),
      ),
      8,
    ),
    webhook_url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(2000, 'must be at most 2,000 characters'),
        v.description(
          "https URL of a chat tool's incoming webhook: each alert is posted there as JSON {text, ...}. Stored encrypted; only its host is shown.",
        ),
      ),
    ),
    email_to: emailRecipientsArg,
  },
  rules: [
    (a) => a.campaign_ids !== undefined && a.scope !== 'campaign' && '`campaign_ids` needs `scope: "campaign"`',
    (a) =>
      a.conditions.some((c) => c.operator.endsWith('_pct') && c.threshold <= 0) &&
      'a relative change (increase_pct / decrease_pct) needs a threshold above 0 percent',
  ],
  output: v.object({ monitor: monitorOutput }),
  async plan(args, ctx) {
    const id = newMonitorId();
    const next = nextCheckAt(ctx.now, args.check_hour_utc);
    const to = await checkDestinations(args);
    return {
      summary: `Create monitor "${args.name}": ${describe(args)}`,
      changes: [
        {
          action: 'create',
          entity: 'monitor',
          id,
          name: args.name,
          fields: {
            conditions: { after: describe(args) },
            scope: { after: args.scope },
            platforms: { after: args.platforms?.length ? args.platforms.join(', ') : 'all connected' },
            next_check: { after: next },
            ...destinationFields(to),
          },
        },
      ],
      data: { monitor_id: id, next_run_at: next, ...to },
    };
  },
  async apply(plan, args, ctx) {
    const monitor: Monitor = {
      monitor_id: plan.data.monitor_id,
      owner_id: ctx.owner.owner_id,
      name: args.name,
      conditions: args.conditions,
      match: args.match,
      consecutive_days: args.consecutive_days,
      scope: args.scope,
      platforms: args.platforms ?? [],
      ...(args.campaign_ids ? { campaign_ids: args.campaign_ids } : {}),
      status: 'active',
      check_hour_utc: args.check_hour_utc,
      created_at: ctx.now.toISOString(),
      next_run_at: plan.data.next_run_at,
      trigger_count: 0,
      ...(plan.data.webhook_host ? { webhook_host: plan.data.webhook_host } : {}),
      ...(plan.data.email_recipients ? { email_recipients: plan.data.email_recipients } : {}),
    };
    await saveDestinations(ctx.owner.owner_id, monitor.monitor_id, args);
    await putMonitor(monitor);
    return {
      text: `## Monitor created: ${monitor.name} (${monitor.monitor_id})\n\nAlerts when ${describe(monitor)}, per ${monitor.scope}, on ${monitor.platforms.length ? monitor.platforms.join(', ') : 'every connected platform'}. First check: ${monitor.next_run_at}.\n\nNext: test_monitor checks it now; get_monitor_history shows its alerts; manage_scheduled_task pauses or deletes it.`,
      structured: { monitor: monitorView(monitor) },
    };
  },
  undo: (plan) => ({ tool: 'delete_monitor', arguments: { monitor_id: plan.data.monitor_id } }),
});

export const listMonitorsTool = defineGatewayTool({
  name: 'list_monitors',
  category: 'monitoring',
  description: 'Lists your monitoring alerts with their conditions, status, next check, trigger count and ids.',
  access: 'read',
  args: {},
  output: v.object({ count: v.number(), monitors: v.array(monitorOutput) }),
  async run(_args, ctx) {
    const monitors = await listMonitors(ctx.owner.owner_id);
    const text = [
      '## Monitors',
      '',
      monitors.length
        ? markdownTable(
            ['Monitor', 'Id', 'Status', 'Alerts when', 'Scope', 'Triggered', 'Next check'],
            monitors.map((m) => [
              m.name,
              m.monitor_id,
              m.status,
              describe(m),
              m.scope,
              m.trigger_count,
              m.status === 'active' ? m.next_run_at : '-',
            ]),
          )
        : 'No monitors yet. create_monitor makes one.',
      '',
      "Next: get_monitor_history shows a monitor's alerts; test_monitor checks one now.",
    ].join('\n');
    return { text, structured: { count: monitors.length, monitors: monitors.map(monitorView) } };
  },
});

export const getMonitorHistory = defineGatewayTool({
  name: 'get_monitor_history',
  category: 'monitoring',
  description:
    'Shows the alerts a monitor raised, newest first: the day checked and, for each account or campaign that breached, the figures that did it.',
  access: 'read',
  examples: [{ monitor_id: '<monitor_id from list_monitors>' }],
  args: {
    monitor_id: monitorId,
    limit: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be 1-100'),
        v.maxValue(100, 'must be 1-100'),
        v.description('Alerts to show (1-100, default 20)'),
      ),
      20,
    ),
  },
  output: v.object({
    monitor_id: v.string(),
    name: v.string(),
    total: v.number(),
    alerts: v.array(
      v.object({
        day: v.string(),
        created_at: v.string(),
        breaches: v.array(breachOutput),
        delivery: v.optional(deliveryOutput),
        email_delivery: v.optional(deliveryOutput),
      }),
    ),
  }),
  async run(args, ctx) {
    const monitor = await monitorOrRefuse(ctx.owner.owner_id, args.monitor_id);
    const alerts = await listAlerts(ctx.owner.owner_id, monitor.monitor_id);
    const shown = alerts.slice(0, args.limit);
    const text = [
      `## Alerts of ${monitor.name} (${monitor.monitor_id})`,
      '',
      `Alerts when ${describe(monitor)}. ${alerts.length} alert${alerts.length === 1 ? '' : 's'} so far.`,
      ...shown.flatMap((a) => [
        '',
        `### ${a.day} (recorded ${a.created_at}${deliveryText(a) ? `; ${deliveryText(a)}` : ''})`,
        ...breachLines(a.breaches),
      ]),
    ].join('\n');
    return {
      text,
      structured: {
        monitor_id: monitor.monitor_id,
        name: monitor.name,
        total: alerts.length,
        alerts: shown.map((a) => ({
          day: a.day,
          created_at: a.created_at,
          breaches: a.breaches,
          ...(a.delivery ? { delivery: a.delivery } : {}),
          ...(a.email_delivery ? { email_delivery: a.email_delivery } : {}),
        })),
      },
    };
  },
});

export const testMonitor = defineGatewayTool({
  name: 'test_monitor',
  category: 'monitoring',
  description:
    'Checks a monitor against the current figures now and says whether it would alert and on which figures, without recording an alert or notifying.',
  access: 'read',
  examples: [{ monitor_id: '<monitor_id from list_monitors>' }],
  args: { monitor_id: monitorId },
  output: v.object({
    monitor_id: v.string(),
    day: v.string(),
    would_alert: v.boolean(),
    checked: v.number(),
    breaches: v.array(breachOutput),
    skipped: v.array(v.string()),
  }),
  async run(args, ctx) {
    const monitor = await monitorOrRefuse(ctx.owner.owner_id, args.monitor_id);
    const evaluation = await evaluateMonitor(ctx.platforms, monitor, ctx.now, { signal: ctx.signal, deadline: ctx.deadline, log: ctx.log });
    const text = [
      `## Test of ${monitor.name} (${monitor.monitor_id}), figures through ${evaluation.day}`,
      '',
      evaluation.breached
        ? `It would alert: ${evaluation.breaches.length} of ${evaluation.checked} ${monitor.scope}s meet ${describe(monitor)}.`
        : `It would not alert: none of ${evaluation.checked} ${monitor.scope}s meets ${describe(monitor)}.`,
      ...breachLines(evaluation.breaches),
      ...(evaluation.skipped.length ? ['', `Not read: ${evaluation.skipped.join('; ')}`] : []),
      '',
      'Nothing was recorded. The scheduled check records an alert (get_monitor_history).',
    ].join('\n');
    return {
      text,
      structured: {
        monitor_id: monitor.monitor_id,
        day: evaluation.day,
        would_alert: evaluation.breached,
        checked: evaluation.checked,
        breaches: evaluation.breaches,
        skipped: evaluation.skipped,
      },
    };
  },
});

export const deleteMonitorTool = defineGatewayTool({
  name: 'delete_monitor',
  category: 'monitoring',
  description: 'Permanently deletes a monitoring alert and its alert history.',
  access: 'write',
  examples: [{ monitor_id: '<monitor_id from list_monitors>' }],
  destructive: true,
  args: { monitor_id: monitorId },
  output: v.object({ monitor_id: v.string(), deleted: v.literal(true) }),
  async plan(args, ctx) {
    const monitor = await monitorOrRefuse(ctx.owner.owner_id, args.monitor_id);
    return {
      summary: `Delete monitor "${monitor.name}" and its ${monitor.trigger_count} alerts`,
      changes: [
        {
          action: 'remove',
          entity: 'monitor',
          id: monitor.monitor_id,
          name: monitor.name,
          fields: { status: { before: monitor.status, after: 'deleted' } },
        },
      ],
      data: { monitor_id: monitor.monitor_id },
    };
  },
  async apply(plan, _args, ctx) {
    await deleteMonitor(ctx.owner.owner_id, plan.data.monitor_id);
    return {
      text: `## Monitor ${plan.data.monitor_id} deleted\n\n${plan.summary}.`,
      structured: { monitor_id: plan.data.monitor_id, deleted: true },
    };
  },
});

const watchScanOutput = v.object({
  day: v.string(),
  ran_at: v.string(),
  signals: v.number(),
  by_severity: v.object({ high: v.number(), medium: v.number(), low: v.number() }),
  top: v.array(v.object({ signal_id: v.string(), title: v.string(), monthly_value: v.number(), currency: v.nullable(v.string()) })),
  skipped: v.array(v.string()),
  staged: v.optional(v.number()),
  not_staged: v.optional(v.array(v.string())),
});

const taskOutput = v.object({
  task_id: v.string(),
  kind: v.picklist(['monitor', 'brief', 'research', 'watch']),
  name: v.string(),
  status: v.picklist(['active', 'paused', 'queued', 'running', 'done', 'failed']),
  schedule: v.string(),
  next_run_at: v.nullable(v.string()),
  last_run_at: v.nullable(v.string()),
  runs: v.optional(
    v.array(
      v.object({
        scheduled_for: v.string(),
        created_at: v.string(),
        text: v.string(),
        report: reportDataOutput,
        delivery: v.optional(deliveryOutput),
        email_delivery: v.optional(deliveryOutput),
      }),
    ),
  ),
  /** The daily watch scan: what its last scheduled scan found. */
  last_scan: v.optional(watchScanOutput),
  /** Why the task's last run failed (monitors and briefs are retried 15, 30 and 60 minutes later), until one succeeds. */
  last_error: v.optional(v.string()),
});

const BRIEF_ID = /^brf_[A-Za-z0-9]+$/;
const TASK_ID = /^(watch|(mon|brf|res)_[A-Za-z0-9]+)$/;
const TASK_ID_MESSAGE = 'must be a task id from list_scheduled_tasks (watch, mon_..., brf_... or res_...)';
const WATCH_SCHEDULE = `daily at ${String(WATCH_HOUR_UTC).padStart(2, '0')}:00 UTC`;

function watchTaskView(task: WatchTask): v.InferOutput<typeof taskOutput> {
  return {
    task_id: WATCH_TASK_ID,
    kind: 'watch',
    name: 'Daily watch scan',
    status: task.status,
    schedule: WATCH_SCHEDULE,
    next_run_at: task.status === 'active' ? task.next_run_at : null,
    last_run_at: task.last_run_at ?? null,
    ...(task.last_scan ? { last_scan: task.last_scan } : {}),
    ...(task.last_error ? { last_error: task.last_error } : {}),
  };
}

function watchScanLines(task: v.InferOutput<typeof taskOutput>): string[] {
  const scan = task.last_scan;
  return [
    ...(scan
      ? [
          '',
          `### Last watch scan (figures through ${scan.day}, ran ${scan.ran_at})`,
          '',
          `${scan.signals} signal${scan.signals === 1 ? '' : 's'}: ${scan.by_severity.high} high, ${scan.by_severity.medium} medium, ${scan.by_severity.low} low.`,
          ...(scan.top.length
            ? [
                '',
                markdownTable(
                  ['Finding', 'Value / 30 days', 'Signal'],
                  scan.top.map((t) => [t.title, money(t.monthly_value, t.currency ?? undefined), t.signal_id]),
                ),
              ]
            : []),
          ...(scan.skipped.length ? ['', `Not read: ${scan.skipped.join('; ')}`] : []),
          ...(scan.staged
            ? [
                '',
                `${scan.staged} fix${scan.staged === 1 ? '' : 'es'} of its high-severity findings staged for approval: list_pending_actions shows them, manage_action approves or rejects each (nothing runs before).`,
              ]
            : []),
          ...(scan.not_staged?.length ? ['', `Not staged: ${scan.not_staged.join('; ')}`] : []),
        ]
      : []),
    ...(task.last_error ? ['', `The last scheduled watch scan failed: ${task.last_error}`] : []),
  ];
}

export const listScheduledTasks = defineGatewayTool({
  name: 'list_scheduled_tasks',
  category: 'monitoring',
  description:
    "Lists the tasks the gateway runs on a schedule or in the background for you (the watch agent's daily scan at 07:00 UTC, id watch, with what its last scan found; monitors: daily checks; briefs: recurring reports; research jobs) with status, schedule, next and last run, and ids for manage_scheduled_task. With task_id of a brief it also returns the briefs built so far (newest first, kept 90 days).",
  access: 'read',
  args: {
    task_id: v.optional(
      v.pipe(v.string(), v.trim(), v.regex(TASK_ID, TASK_ID_MESSAGE), v.description('Only this task; for a brief, with its runs')),
    ),
  },
  output: v.object({ count: v.number(), tasks: v.array(taskOutput) }),
  async run(args, ctx) {
    const [monitors, briefs, research, watch] = await Promise.all([
      listMonitors(ctx.owner.owner_id),
      listBriefs(ctx.owner.owner_id),
      listResearch(ctx.owner.owner_id),
      watchTaskOf(ctx.owner.owner_id, ctx.now),
    ]);
    let tasks: v.InferOutput<typeof taskOutput>[] = [
      ...(watch ? [watchTaskView(watch)] : []),
      ...monitors.map((m) => ({
        task_id: m.monitor_id,
        kind: 'monitor' as const,
        name: m.name,
        status: m.status,
        schedule: `daily at ${String(m.check_hour_utc).padStart(2, '0')}:00 UTC`,
        next_run_at: m.status === 'active' ? m.next_run_at : null,
        last_run_at: m.last_run_at ?? null,
        ...(m.last_error ? { last_error: m.last_error } : {}),
      })),
      ...briefs.map((b) => ({
        task_id: b.brief_id,
        kind: 'brief' as const,
        name: b.name,
        status: b.status,
        schedule: scheduleText(b),
        next_run_at: b.status === 'active' ? b.next_run_at : null,
        last_run_at: b.last_run_at ?? null,
        ...(b.last_error ? { last_error: b.last_error } : {}),
      })),
      ...research.map((r) => ({
        task_id: r.research_id,
        kind: 'research' as const,
        name: `${r.topic} research`,
        status: r.status,
        schedule: 'once, in the background',
        next_run_at: r.status === 'queued' ? r.next_run_at : null,
        last_run_at: r.started_at ?? null,
      })),
    ];
    if (args.task_id) {
      tasks = tasks.filter((t) => t.task_id === args.task_id);
      if (!tasks.length)
        throw new NotFoundError(`No scheduled task ${args.task_id}. list_scheduled_tasks without task_id lists them.`, {
          entity: 'scheduled_task',
          id: args.task_id,
        });
      if (BRIEF_ID.test(args.task_id)) {
        const runs = (await listBriefRuns(ctx.owner.owner_id, args.task_id)).slice(0, 10);
        tasks = [
          {
            ...tasks[0]!,
            runs: runs.map((r) => ({
              scheduled_for: r.scheduled_for,
              created_at: r.created_at,
              text: r.text,
              report: r.data as v.InferOutput<typeof reportDataOutput>,
              ...(r.delivery ? { delivery: r.delivery } : {}),
              ...(r.email_delivery ? { email_delivery: r.email_delivery } : {}),
            })),
          },
        ];
      }
    }
    const text = [
      '## Scheduled tasks',
      '',
      tasks.length
        ? markdownTable(
            ['Task', 'Id', 'Kind', 'Status', 'Schedule', 'Next run', 'Last run'],
            tasks.map((t) => [t.name, t.task_id, t.kind, t.status, t.schedule, t.next_run_at ?? '-', t.last_run_at ?? '-']),
          )
        : 'Nothing is scheduled. create_monitor adds a daily check; schedule_brief a recurring report.',
      ...tasks.filter((t) => t.kind === 'watch').flatMap(watchScanLines),
      ...(tasks.some((t) => t.kind !== 'watch' && t.last_error)
        ? [
            '',
            '### Last run failed (retried 15, 30 and 60 minutes later)',
            '',
            ...tasks.filter((t) => t.kind !== 'watch' && t.last_error).map((t) => `- ${t.name} (${t.task_id}): ${t.last_error}`),
          ]
        : []),
      ...(tasks[0]?.runs
        ? tasks[0].runs.length
          ? ['', `### Latest brief (${tasks[0].runs[0]!.scheduled_for})`, '', tasks[0].runs[0]!.text]
          : ['', 'No brief built yet.']
        : []),
      '',
      'Next: manage_scheduled_task pauses, resumes or deletes a task (the daily watch scan is paused, not deleted).',
    ].join('\n');
    return { text, structured: { count: tasks.length, tasks } };
  },
});

export const manageScheduledTask = defineGatewayTool({
  name: 'manage_scheduled_task',
  category: 'monitoring',
  description:
    "Pauses, resumes or deletes a scheduled task (a monitor, a brief or a research job, or the watch agent's daily scan with task_id watch; ids from list_scheduled_tasks). A paused task does not run until resumed (a resumed one runs at its next scheduled time); delete is permanent. The daily watch scan cannot be deleted (it comes with the connected accounts): pause it to stop it.",
  access: 'write',
  examples: [{ task_id: '<task_id from list_scheduled_tasks>', action: 'pause' }],
  destructive: true,
  args: {
    task_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(TASK_ID, TASK_ID_MESSAGE),
      v.description('Task id, from list_scheduled_tasks (watch = the daily watch scan)'),
    ),
    action: v.pipe(v.picklist(['pause', 'resume', 'delete']), v.description('pause, resume or delete')),
  },
  rules: [
    (a) => a.task_id.startsWith('res_') && a.action !== 'delete' && 'a research job runs once: it can only be deleted',
    (a) =>
      a.task_id === WATCH_TASK_ID && a.action === 'delete' && 'the daily watch scan cannot be deleted: pause it instead (action pause)',
  ],
  output: v.object({
    task_id: v.string(),
    action: v.picklist(['pause', 'resume', 'delete']),
    status: v.picklist(['active', 'paused', 'deleted']),
  }),
  async plan(args, ctx) {
    if (args.task_id === WATCH_TASK_ID) {
      const task = await watchTaskOf(ctx.owner.owner_id, ctx.now);
      if (!task)
        throw new NotFoundError(
          'No daily watch scan yet: it starts when an account is connected. list_scheduled_tasks shows your tasks and their ids.',
          { entity: 'scheduled_task', id: args.task_id },
        );
      const after: WatchTask['status'] = args.action === 'pause' ? 'paused' : 'active';
      const changes =
        task.status === after
          ? []
          : [
              {
                action: 'update' as const,
                entity: 'watch_task',
                id: WATCH_TASK_ID,
                name: 'Daily watch scan',
                fields: { status: { before: task.status, after } },
              },
            ];
      return {
        summary: changes.length ? `${args.action} the daily watch scan` : `the daily watch scan is already ${task.status}`,
        changes,
        data: { task_id: WATCH_TASK_ID, before: task.status, after: after as Monitor['status'] | 'deleted', brief: false, research: false },
      };
    }
    if (args.task_id.startsWith('res_')) {
      const job = await getResearch(ctx.owner.owner_id, args.task_id);
      if (!job)
        throw new NotFoundError(`No scheduled task ${args.task_id}. list_scheduled_tasks shows your tasks and their ids.`, {
          entity: 'scheduled_task',
          id: args.task_id,
        });
      return {
        summary: `delete ${job.topic} research ${job.research_id}`,
        changes: [
          {
            action: 'remove' as const,
            entity: 'research_job',
            id: job.research_id,
            fields: { status: { before: job.status, after: 'deleted' } },
          },
        ],
        data: { task_id: job.research_id, before: 'active' as Monitor['status'], after: 'deleted' as const, brief: false, research: true },
      };
    }
    const isBrief = BRIEF_ID.test(args.task_id);
    const task = isBrief ? await getBrief(ctx.owner.owner_id, args.task_id) : await getMonitor(ctx.owner.owner_id, args.task_id);
    if (!task)
      throw new NotFoundError(`No scheduled task ${args.task_id}. list_scheduled_tasks shows your tasks and their ids.`, {
        entity: 'scheduled_task',
        id: args.task_id,
      });
    const after: Monitor['status'] | 'deleted' = args.action === 'delete' ? 'deleted' : args.action === 'pause' ? 'paused' : 'active';
    const entity = isBrief ? 'brief' : 'monitor';
    const changes =
      task.status === after
        ? []
        : [
            {
              action: args.action === 'delete' ? ('remove' as const) : ('update' as const),
              entity,
              id: args.task_id,
              name: task.name,
              fields: { status: { before: task.status, after } },
            },
          ];
    return {
      summary: changes.length ? `${args.action} ${entity} "${task.name}"` : `${entity} "${task.name}" is already ${task.status}`,
      changes,
      data: { task_id: args.task_id, before: task.status, after, brief: isBrief, research: false },
    };
  },
  async apply(plan, args, ctx) {
    const { task_id, after, brief } = plan.data;
    const owner = ctx.owner.owner_id;
    if (plan.changes.length) {
      if (task_id === WATCH_TASK_ID) await setWatchStatus(owner, after === 'paused' ? 'paused' : 'active', ctx.now);
      else if (after === 'deleted')
        await (plan.data.research ? deleteResearch(owner, task_id) : brief ? deleteBrief(owner, task_id) : deleteMonitor(owner, task_id));
      else if (brief) {
        const current = await getBrief(owner, task_id);
        if (current) await setBriefStatus(owner, task_id, after, nextBriefAt(current, ctx.now));
      } else await setMonitorStatus(owner, task_id, after, ctx.now);
    }
    return {
      text: `## ${plan.summary}\n\n${plan.changes.length ? 'Done.' : 'Nothing changed.'}`,
      structured: { task_id, action: args.action, status: after },
    };
  },
  undo: (plan) =>
    plan.data.after === 'deleted' || !plan.changes.length
      ? undefined
      : {
          tool: 'manage_scheduled_task',
          arguments: { task_id: plan.data.task_id, action: plan.data.before === 'paused' ? 'pause' : 'resume' },
        },
});

export const monitoringTools = [
  createMonitor,
  listMonitorsTool,
  getMonitorHistory,
  testMonitor,
  deleteMonitorTool,
  listScheduledTasks,
  manageScheduledTask,
  scheduleBrief,
  generateReportNow,
];
