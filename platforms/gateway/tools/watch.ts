/** The watch agent's tools: scan now, read a finding with its pre-staged fixes, send fixes to the approval inbox. */
import * as v from 'valibot';
import { NotFoundError, ToolError } from '../../../core/errors';
import { holdAction } from '../../../functions/runtime/stores/audit';
import { defineGatewayTool, type ToolContext } from '../../../core/tool';
import { markdownTable, money } from '../../../core/markdown';
import { getSignal, runWatchScan, watchTaskOf, type Signal } from '../monitoring/watch';
import { plannedTool, planOnly, recordedContext, toolArguments } from './safety-common';

const signalId = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^sig_[0-9a-f]+$/, 'must be a signal id from run_watch_now (sig_...)'),
  v.description('Signal id, from run_watch_now'),
);
const fixOutput = v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) });
const signalOutput = v.object({
  signal_id: v.string(),
  platform: v.nullable(v.string()),
  account_id: v.nullable(v.string()),
  kind: v.picklist(['cut_waste', 'scale_winner', 'fix', 'setup']),
  severity: v.picklist(['high', 'medium', 'low']),
  title: v.string(),
  monthly_value: v.number(),
  currency: v.nullable(v.string()),
  advisory: v.string(),
  fixes: v.array(fixOutput),
  inspect: v.optional(fixOutput),
  day: v.string(),
  found_at: v.string(),
});
const view = ({ owner_id: _owner, ...signal }: Signal) => signal;

async function signalOrRefuse(ownerId: string, id: string): Promise<Signal> {
  const signal = await getSignal(ownerId, id);
  if (!signal)
    throw new NotFoundError(`No signal ${id} (signals are kept 30 days). run_watch_now scans again and lists current ones.`, {
      entity: 'signal',
      id,
    });
  return signal;
}

/** A fix planned read-only on its account: what it would change now, or why it cannot run. */
async function planFix(fix: Signal['fixes'][number], signal: Signal, ctx: ToolContext<unknown>) {
  const tool = plannedTool(ctx, fix.tool);
  const args = toolArguments(tool, fix.arguments);
  const plan = await planOnly(tool, args, await recordedContext(ctx, tool, signal.platform, signal.account_id ?? undefined));
  return { tool, args, plan };
}

export const runWatchNow = defineGatewayTool({
  name: 'run_watch_now',
  category: 'monitoring',
  description:
    "Scans every connected account now, as the watch agent does, for spend without results, budget-limited winners and broken setups; each finding is kept 30 days as a signal with its evidence, an advisory and pre-staged fixes (exact write tool calls). The watch agent also scans daily at 07:00 UTC on its own and puts the fixes of its high-severity findings in the approval inbox (list_pending_actions; none runs until approved); list_scheduled_tasks shows that task and its last scan, manage_scheduled_task pauses it. Nothing is changed: get_signal_briefing shows a finding's fixes, apply_signal_actions sends them to the approval inbox.",
  access: 'read',
  args: {},
  output: v.object({ count: v.number(), signals: v.array(signalOutput), skipped: v.array(v.string()) }),
  async run(_args, ctx) {
    const { signals, skipped } = await runWatchScan(ctx.platforms, ctx.owner.owner_id, ctx.now, {
      signal: ctx.signal,
      deadline: ctx.deadline,
      log: ctx.log,
    });
    // Owners who connected accounts before the daily scan existed get it now.
    const task = await watchTaskOf(ctx.owner.owner_id, ctx.now);
    const text = [
      '## Watch scan',
      '',
      signals.length
        ? markdownTable(
            ['Severity', 'Finding', 'Value / 30 days', 'Fixes', 'Signal'],
            signals.map((s) => [
              s.severity,
              s.title,
              money(s.monthly_value, s.currency ?? undefined),
              s.fixes.length ? s.fixes.map((f) => f.tool).join(', ') : `inspect with ${s.inspect?.tool}`,
              s.signal_id,
            ]),
          )
        : 'Nothing needs attention in the connected accounts.',
      ...(skipped.length ? ['', `Not read: ${skipped.join('; ')}`] : []),
      ...(task
        ? [
            '',
            task.status === 'active'
              ? `The watch agent also scans daily at 07:00 UTC; next scan ${task.next_run_at}.`
              : 'The daily watch scan is paused (manage_scheduled_task with task_id watch resumes it).',
          ]
        : []),
      '',
      "Next: get_signal_briefing shows a signal's advisory and what each fix would change; apply_signal_actions sends fixes to the approval inbox (list_pending_actions).",
    ].join('\n');
    return { text, structured: { count: signals.length, signals: signals.map(view), skipped } };
  },
});

export const getSignalBriefing = defineGatewayTool({
  name: 'get_signal_briefing',
  category: 'monitoring',
  description:
    'Shows one watch finding: its evidence, the advisory, and each pre-staged fix with what it would change right now (planned read-only, nothing changes).',
  access: 'read',
  examples: [{ signal_id: '<signal_id from run_watch_now>' }],
  args: { signal_id: signalId },
  output: v.object({
    signal: signalOutput,
    fixes: v.array(
      v.object({
        index: v.number(),
        tool: v.string(),
        plan_summary: v.nullable(v.string()),
        changes: v.number(),
        problem: v.nullable(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const signal = await signalOrRefuse(ctx.owner.owner_id, args.signal_id);
    const fixes = await Promise.all(
      signal.fixes.map(async (fix, index) => {
        try {
          const { plan } = await planFix(fix, signal, ctx);
          return {
            index,
            tool: fix.tool,
            plan_summary: plan.summary,
            changes: plan.changes.length,
            problem: plan.changes.length ? null : 'it would change nothing now',
          };
        } catch (err) {
          return { index, tool: fix.tool, plan_summary: null, changes: 0, problem: (err as Error).message };
        }
      }),
    );
    const text = [
      `## ${signal.title}`,
      '',
      `Severity ${signal.severity}; about ${money(signal.monthly_value, signal.currency ?? undefined)} over 30 days (figures through ${signal.day}).`,
      '',
      signal.advisory,
      '',
      fixes.length
        ? markdownTable(
            ['Fix', 'Tool', 'What it would do now'],
            fixes.map((f) => [f.index, f.tool, f.plan_summary ?? f.problem]),
          )
        : `No write fix: inspect with ${signal.inspect?.tool} ${JSON.stringify(signal.inspect?.arguments ?? {})}.`,
      '',
      'Next: apply_signal_actions with this signal_id sends the fixes to the approval inbox; nothing runs until an approve-scoped key approves it (manage_action).',
    ].join('\n');
    return { text, structured: { signal: view(signal), fixes } };
  },
});

export const applySignalActions = defineGatewayTool({
  name: 'apply_signal_actions',
  category: 'monitoring',
  description:
    'Stages the fixes of a watch finding: each chosen fix is planned on its account and put in the pending-actions inbox, where it runs only when an approve-scoped key approves it (manage_action); list_pending_actions shows them.',
  access: 'write',
  examples: [{ signal_id: '<signal_id from run_watch_now>' }],
  args: {
    signal_id: signalId,
    fixes: v.optional(
      v.pipe(
        v.array(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must be 0 or more'))),
        v.minLength(1, 'must name at least 1 fix'),
        v.description('Indexes of the fixes to stage (from get_signal_briefing); default all'),
      ),
    ),
  },
  output: v.object({
    signal_id: v.string(),
    staged: v.array(v.object({ action_id: v.string(), tool: v.string(), summary: v.string(), expires: v.string() })),
  }),
  async plan(args, ctx) {
    const signal = await signalOrRefuse(ctx.owner.owner_id, args.signal_id);
    if (!signal.fixes.length)
      throw new ToolError(`Signal ${signal.signal_id} has no write fix to stage; inspect it with ${signal.inspect?.tool}.`);
    const chosen = args.fixes ?? signal.fixes.map((_, i) => i);
    const unknown = chosen.filter((i) => i >= signal.fixes.length);
    if (unknown.length)
      throw new ToolError(
        `Signal ${signal.signal_id} has fixes 0-${signal.fixes.length - 1}; ${unknown.join(', ')} do not exist (get_signal_briefing lists them).`,
      );
    const staged = [];
    for (const i of chosen) {
      const { tool, args: toolArgs, plan } = await planFix(signal.fixes[i]!, signal, ctx);
      if (!plan.changes.length)
        throw new ToolError(
          `Fix ${i} (${tool.name}) would change nothing now: ${plan.summary}. Run run_watch_now again for current findings.`,
        );
      staged.push({ tool: tool.name, platform: tool.platform, arguments: toolArgs, plan });
    }
    return {
      summary: `Stage ${staged.length} fix${staged.length === 1 ? '' : 'es'} of "${signal.title}" for approval`,
      changes: staged.map((s) => ({
        action: 'create' as const,
        entity: 'pending_action',
        name: s.plan.summary,
        fields: { tool: { after: s.tool } },
      })),
      data: { signal_id: signal.signal_id, account_id: signal.account_id, title: signal.title, staged },
    };
  },
  async apply(plan, _args, ctx) {
    const staged = [];
    for (const s of plan.data.staged) {
      const action = await holdAction({
        owner_id: ctx.owner.owner_id,
        created_at: ctx.now.toISOString(),
        key_id: ctx.keyId,
        tool: s.tool,
        platform: s.platform,
        account_id: plan.data.account_id ?? undefined,
        arguments: s.arguments,
        plan: s.plan,
        reasons: [`Proposed by the watch agent: ${plan.data.title}`],
      });
      staged.push({ action_id: action.action_id, tool: s.tool, summary: s.plan.summary, expires: action.expires });
    }
    return {
      text: `## Staged for approval\n\n${markdownTable(
        ['Action', 'Tool', 'What it will do'],
        staged.map((s) => [s.action_id, s.tool, s.summary]),
      )}\n\nNothing has changed yet: an approve-scoped key approves each with manage_action (list_pending_actions shows them; they expire after 48 hours).`,
      structured: { signal_id: plan.data.signal_id, staged },
    };
  },
});

export const watchTools = [runWatchNow, getSignalBriefing, applySignalActions];
