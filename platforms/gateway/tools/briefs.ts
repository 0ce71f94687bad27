/** Cross-platform reports: built now (generate_report_now) or on a schedule (schedule_brief). */
import * as v from 'valibot';
import { PLATFORM_WORDS } from '../../../core/platforms';
import { newBriefId, putBrief, type Brief } from '../../../functions/runtime/stores/monitoring';
import { defineGatewayTool } from '../../../core/tool';
import { dateArgument } from '../../../core/arguments';
import { isTimeZone, lastDays, refuseDatesAfterYesterday } from '../../../core/dates';
import { nextBriefAt, reportMessage, scheduleText } from '../monitoring/briefs';
import { checkDestinations, deliverTo, deliveryText, destinationFields, saveDestinations } from '../monitoring/deliver';
import { emailRecipientsArg } from '../monitoring/email';
import { buildReport, reportHtml, reportMarkdown, reportPdf } from '../monitoring/report';

const platformsArg = v.optional(
  v.pipe(v.array(v.picklist(PLATFORM_WORDS)), v.description('Platforms to cover; default every connected platform')),
);
const webhookArg = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(2000, 'must be at most 2,000 characters'),
    v.description(
      "https URL of a chat tool's incoming webhook to post the report to (JSON {text, ...}); stored encrypted, only its host is shown",
    ),
  ),
);

const nullableNumber = v.nullable(v.number());
const accountTotalsOutput = v.object({
  spend: v.number(),
  impressions: v.number(),
  clicks: v.number(),
  conversions: nullableNumber,
  revenue: v.number(),
  cpa: nullableNumber,
  roas: nullableNumber,
});
const resultTotalEntries = {
  result_type: v.string(),
  converts: v.boolean(),
  campaigns: v.number(),
  results: v.number(),
  spend: v.number(),
  cost_per_result: nullableNumber,
  revenue: v.number(),
};
const resultTotalOutput = v.object(resultTotalEntries);

export const reportDataOutput = v.object({
  title: v.string(),
  start_date: v.string(),
  end_date: v.string(),
  previous_start_date: v.string(),
  previous_end_date: v.string(),
  generated_at: v.string(),
  accounts: v.array(
    v.object({
      platform: v.string(),
      account_id: v.string(),
      name: v.string(),
      currency: v.string(),
      totals: accountTotalsOutput,
      results: v.array(resultTotalOutput),
      previous: v.object({ totals: accountTotalsOutput, results: v.array(resultTotalOutput) }),
      top_campaigns: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          status: v.string(),
          spend: v.number(),
          result_type: v.string(),
          results: v.number(),
          conversions: nullableNumber,
          cpa: nullableNumber,
          roas: nullableNumber,
        }),
      ),
    }),
  ),
  totals_by_result_type: v.array(
    v.object({ ...resultTotalEntries, currency: v.string(), previous_results: v.number(), previous_spend: v.number() }),
  ),
  skipped: v.array(v.string()),
});

/** How a message went out to one destination (webhook or email). */
export const deliveryOutput = v.object({
  status: v.picklist(['delivered', 'failed']),
  attempts: v.number(),
  error: v.optional(v.string()),
});

export const generateReportNow = defineGatewayTool({
  name: 'generate_report_now',
  category: 'monitoring',
  description:
    "Builds a cross-platform report now: per connected account (in its own currency) spend, impressions, clicks, revenue and ROAS, its results per result type (purchases, leads, installs, orders, clicks, views... never summed together; conversions n/a for awareness, reach, view and traffic campaigns, as their platform shows them), totals per result type and currency, the same-length period just before for comparison, and its top 5 campaigns by spend, from the figures the platforms' campaign tools show. Formats: json (data only), html (a page) or pdf (base64). Optionally posts it to a chat webhook and emails it (the page as HTML).",
  access: 'write',
  args: {
    platforms: platformsArg,
    start_date: v.optional(dateArgument('First day (YYYY-MM-DD)')),
    end_date: v.optional(dateArgument('Last day (YYYY-MM-DD), at the latest yesterday')),
    lookback_days: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be 1-90'),
        v.maxValue(90, 'must be 1-90'),
        v.description('Days ending yesterday when no dates are given (default 7)'),
      ),
      7,
    ),
    format: v.optional(v.pipe(v.picklist(['json', 'html', 'pdf']), v.description('json (default), html or pdf')), 'json'),
    webhook_url: webhookArg,
    email_to: emailRecipientsArg,
  },
  rules: [
    (a) => (a.start_date === undefined) !== (a.end_date === undefined) && 'give both `start_date` and `end_date`, or neither',
    (a) =>
      a.start_date &&
      a.end_date &&
      a.start_date > a.end_date &&
      `\`start_date\` (${a.start_date}) must not be after \`end_date\` (${a.end_date})`,
  ],
  output: v.object({
    format: v.picklist(['json', 'html', 'pdf']),
    report: reportDataOutput,
    content_type: v.string(),
    content: v.optional(v.string()),
    delivery: v.optional(deliveryOutput),
    email_delivery: v.optional(deliveryOutput),
  }),
  async plan(args, ctx) {
    refuseDatesAfterYesterday(ctx.now, { start_date: args.start_date, end_date: args.end_date }, 'UTC');
    const window =
      args.start_date && args.end_date ? { start: args.start_date, end: args.end_date } : lastDays(ctx.now, args.lookback_days, 'UTC');
    const to = await checkDestinations(args);
    const sends = [
      ...(to.webhook_host ? [`post it to ${to.webhook_host}`] : []),
      ...(to.email_recipients ? [`email it to ${to.email_recipients.join(', ')}`] : []),
    ];
    return {
      summary: `Build a ${args.format} report of ${args.platforms?.length ? args.platforms.join(', ') : 'every connected platform'}, ${window.start} to ${window.end}${sends.length ? `, and ${sends.join(' and ')}` : ''}`,
      changes: [
        {
          action: 'create',
          entity: 'report',
          fields: { window: { after: `${window.start} to ${window.end}` }, format: { after: args.format }, ...destinationFields(to) },
        },
      ],
      data: window,
    };
  },
  async apply(plan, args, ctx) {
    const data = await buildReport(ctx.platforms, ctx.owner.owner_id, plan.data, args.platforms ?? [], ctx.now, {
      signal: ctx.signal,
      deadline: ctx.deadline,
      log: ctx.log,
    });
    const text = reportMarkdown(data);
    const rendered =
      args.format === 'html'
        ? { content_type: 'text/html; charset=utf-8', content: reportHtml(data) }
        : args.format === 'pdf'
          ? { content_type: 'application/pdf', content: reportPdf(data).toString('base64') }
          : { content_type: 'application/json' };
    const deliveries = await deliverTo(args, reportMessage(data, text));
    const sent = deliveryText(deliveries);
    return {
      text: `${text}${sent ? `\n\nSent: ${sent}.` : ''}${args.format !== 'json' ? `\n\nThe ${args.format} is in \`structured.content\`${args.format === 'pdf' ? ' (base64)' : ''}.` : ''}`,
      structured: { format: args.format, report: data, ...rendered, ...deliveries },
    };
  },
});

export const scheduleBrief = defineGatewayTool({
  name: 'schedule_brief',
  category: 'monitoring',
  description:
    'Schedules a recurring cross-platform brief (daily, weekly on a weekday, or every N days, at an hour in your time zone) covering the last N days: the scheduler builds it on time, keeps each one for retrieval (list_scheduled_tasks with its id) and posts it to a chat webhook and emails it when given them.',
  access: 'write',
  examples: [{ name: 'Example brief', frequency: 'weekly', weekday: 1 }],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(100, 'must be at most 100 characters'),
      v.description('A name for the brief'),
    ),
    frequency: v.pipe(
      v.picklist(['daily', 'weekly', 'every_n_days']),
      v.description('daily, weekly (with weekday) or every_n_days (with every_days)'),
    ),
    weekday: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(0, 'must be 0 (Sunday) to 6 (Saturday)'),
        v.maxValue(6, 'must be 0 (Sunday) to 6 (Saturday)'),
        v.description('weekly: 0 = Sunday ... 6 = Saturday'),
      ),
    ),
    every_days: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(2, 'must be 2-30'),
        v.maxValue(30, 'must be 2-30'),
        v.description('every_n_days: 2-30'),
      ),
    ),
    hour: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(0, 'must be 0-23'),
        v.maxValue(23, 'must be 0-23'),
        v.description('Hour of the day in time_zone (default 8)'),
      ),
      8,
    ),
    time_zone: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check(isTimeZone, 'must be an IANA time zone such as Europe/Berlin'),
        v.description('IANA time zone of the hour (default UTC)'),
      ),
      'UTC',
    ),
    platforms: platformsArg,
    lookback_days: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be 1-90'),
        v.maxValue(90, 'must be 1-90'),
        v.description('The brief covers the last N days ending yesterday (default 7)'),
      ),
      7,
    ),
    webhook_url: webhookArg,
    email_to: emailRecipientsArg,
  },
  rules: [
    (a) => a.frequency === 'weekly' && a.weekday === undefined && '`weekday` is required with frequency weekly',
    (a) => a.frequency !== 'weekly' && a.weekday !== undefined && '`weekday` goes only with frequency weekly',
    (a) => a.frequency === 'every_n_days' && a.every_days === undefined && '`every_days` is required with frequency every_n_days',
    (a) => a.frequency !== 'every_n_days' && a.every_days !== undefined && '`every_days` goes only with frequency every_n_days',
  ],
  output: v.object({
    brief: v.object({
      brief_id: v.string(),
      name: v.string(),
      schedule: v.string(),
      next_run_at: v.string(),
      lookback_days: v.number(),
      platforms: v.array(v.string()),
      webhook_host: v.nullable(v.string()),
      email_recipients: v.array(v.string()),
    }),
  }),
  async plan(args, ctx) {
    const id = newBriefId();
    const schedule = {
      frequency: args.frequency,
      weekday: args.weekday,
      every_days: args.every_days,
      hour: args.hour,
      time_zone: args.time_zone,
      created_at: ctx.now.toISOString(),
    };
    const next = nextBriefAt(schedule, ctx.now);
    const to = await checkDestinations(args);
    return {
      summary: `Schedule brief "${args.name}" ${scheduleText(schedule)}; first on ${next}`,
      changes: [
        {
          action: 'create',
          entity: 'brief',
          id,
          name: args.name,
          fields: { schedule: { after: scheduleText(schedule) }, next_run: { after: next }, ...destinationFields(to) },
        },
      ],
      data: { brief_id: id, next_run_at: next, created_at: schedule.created_at, ...to },
    };
  },
  async apply(plan, args, ctx) {
    const brief: Brief = {
      brief_id: plan.data.brief_id,
      owner_id: ctx.owner.owner_id,
      name: args.name,
      frequency: args.frequency,
      ...(args.weekday !== undefined ? { weekday: args.weekday } : {}),
      ...(args.every_days !== undefined ? { every_days: args.every_days } : {}),
      hour: args.hour,
      time_zone: args.time_zone,
      platforms: args.platforms ?? [],
      lookback_days: args.lookback_days,
      status: 'active',
      created_at: plan.data.created_at,
      next_run_at: plan.data.next_run_at,
      run_count: 0,
      ...(plan.data.webhook_host ? { webhook_host: plan.data.webhook_host } : {}),
      ...(plan.data.email_recipients ? { email_recipients: plan.data.email_recipients } : {}),
    };
    await saveDestinations(ctx.owner.owner_id, brief.brief_id, args);
    await putBrief(brief);
    return {
      text: `## Brief scheduled: ${brief.name} (${brief.brief_id})\n\n${scheduleText(brief)}, covering the last ${brief.lookback_days} days; first on ${brief.next_run_at}.\n\nNext: list_scheduled_tasks with task_id ${brief.brief_id} shows each brief once built; generate_report_now builds one now; manage_scheduled_task pauses or deletes it.`,
      structured: {
        brief: {
          brief_id: brief.brief_id,
          name: brief.name,
          schedule: scheduleText(brief),
          next_run_at: brief.next_run_at,
          lookback_days: brief.lookback_days,
          platforms: brief.platforms,
          webhook_host: brief.webhook_host ?? null,
          email_recipients: brief.email_recipients ?? [],
        },
      },
    };
  },
  undo: (plan) => ({ tool: 'manage_scheduled_task', arguments: { task_id: plan.data.brief_id, action: 'delete' } }),
});
