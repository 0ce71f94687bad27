import { finderCall } from '../../opportunities';
import type { PlatformDirectory } from '../../../core/platform';
/**
 * The watch agent: a scan of every connected account for what needs attention (spend without
 * results to cut, budget-limited winners to scale, broken connections), each finding kept as a
 * signal with its evidence, an advisory and pre-staged fixes (exact write tool calls). Fixes are never
 * run by the scan: apply_signal_actions puts them in the pending-actions inbox, where an approve-scoped
 * key approves each one (manage_action).
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/runtime/config';
import type { PlatformWord } from '../../../core/platforms';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import {
  claimWatchRun,
  dueWatchTasks,
  ensureWatchTask,
  getWatchTask,
  recordWatchOutcome,
  type WatchScanSummary,
  type WatchTask,
} from '../../../functions/runtime/stores/monitoring';
import { createLogger } from '../../../functions/runtime/log';
import { holdAction, listPendingActions } from '../../../functions/runtime/stores/audit';
import { getOwner, listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { PortCall, ToolContext } from '../../../core/tool';
import { planOnly, plannedTool, recordedContext, toolArguments } from '../tools/safety-common';
import { outOfTime, type TickOptions } from './tick';
import { lastReportDay } from '../../../core/dates';
import type { Opportunity } from '../../../core/platform';

export interface SignalFix {
  tool: string;
  arguments: Record<string, unknown>;
}

export interface Signal {
  signal_id: string;
  owner_id: string;
  platform: PlatformWord | null;
  account_id: string | null;
  kind: Opportunity['kind'];
  severity: 'high' | 'medium' | 'low';
  title: string;
  /** Estimated value over 30 days, in the account currency (spend saved or revenue gained). */
  monthly_value: number;
  currency: string | null;
  advisory: string;
  /** Write tool calls that act on it (run only through the pending-actions inbox). */
  fixes: SignalFix[];
  /** A read tool that shows more, when the finding has no write fix. */
  inspect?: SignalFix;
  /** The last day of figures the scan read. */
  day: string;
  found_at: string;
}

const SIGNAL_DAYS = 30;

function severityOf(value: number): Signal['severity'] {
  return value >= 500 ? 'high' : value >= 100 ? 'medium' : 'low';
}

const ADVICE: Record<Opportunity['kind'], string> = {
  cut_waste: 'It spends without results: stop or cut it, then look for what to exclude before turning it back on.',
  scale_winner: 'It converts profitably and runs out of budget: more budget buys more of the same results.',
  fix: 'Something blocks delivery or reporting: fix it first, nothing else works until then.',
  setup: 'Setup is incomplete: results cannot be measured until it is done.',
};

/** Scans every connected account now and stores what it found (one signal per finding and day). */
export async function runWatchScan(
  directory: PlatformDirectory,
  ownerId: string,
  now: Date,
  call?: PortCall,
): Promise<{ signals: Signal[]; skipped: string[] }> {
  const day = lastReportDay(now, 'UTC');
  const signals: Signal[] = [];
  const skipped: string[] = [];
  for (const account of await listConnectedAccounts(ownerId)) {
    let found: Opportunity[];
    try {
      found = await directory.findOpportunities(account, now, call ?? finderCall(account));
    } catch (err) {
      skipped.push(`${account.platform} ${account.account_id}: ${(err as Error).message}`);
      continue;
    }
    for (const o of found) {
      const tool = directory.tool(o.tool);
      if (!tool) continue;
      const call = { tool: o.tool, arguments: o.arguments };
      const id = `sig_${createHash('sha256')
        .update(JSON.stringify([ownerId, o.platform, o.account_id, o.tool, o.arguments, day]))
        .digest('hex')
        .slice(0, 20)}`;
      signals.push({
        signal_id: id,
        owner_id: ownerId,
        platform: o.platform,
        account_id: o.account_id,
        kind: o.kind,
        severity: severityOf(o.monthly_value),
        title: o.title,
        monthly_value: o.monthly_value,
        currency: account.currency,
        advisory: ADVICE[o.kind],
        fixes: tool.access === 'write' ? [call] : [],
        ...(tool.access === 'read' ? { inspect: call } : {}),
        day,
        found_at: now.toISOString(),
      });
    }
  }
  signals.sort((a, b) => b.monthly_value - a.monthly_value || a.signal_id.localeCompare(b.signal_id));
  for (const signal of signals) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('monitoring'),
        Item: { ...signal, sk: `SIGNAL#${signal.signal_id}`, expires_at: Math.floor(now.getTime() / 1000) + SIGNAL_DAYS * 86_400 },
      }),
    );
  }
  return { signals, skipped };
}

export async function getSignal(ownerId: string, signalId: string): Promise<Signal | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName('monitoring'), Key: { owner_id: ownerId, sk: `SIGNAL#${signalId}` }, ConsistentRead: true }),
  );
  if (!result.Item) return undefined;
  const { sk: _sk, expires_at: _exp, ...signal } = result.Item;
  return signal as Signal;
}

/** The daily scan stages the fixes of its high-severity findings, the most valuable first, at most this many findings a day. */
export const STAGED_FINDINGS_PER_SCAN = 5;

/**
 * Puts the fixes of a scan's high-severity findings in the owner's pending-actions inbox, as
 * apply_signal_actions does ("Proposed by the watch agent"): each planned read-only on its account
 * now, none run until an approve-scoped key approves it (manage_action), each expiring after 48 hours.
 * A fix already waiting in the inbox, or one that would change nothing now, is not staged again.
 */
export async function stageWatchFixes(
  directory: PlatformDirectory,
  ownerId: string,
  signals: Signal[],
  now: Date,
): Promise<{ staged: number; problems: string[] }> {
  const owner = await getOwner(ownerId);
  const chosen = signals.filter((s) => s.severity === 'high' && s.fixes.length).slice(0, STAGED_FINDINGS_PER_SCAN);
  if (!owner || !chosen.length) return { staged: 0, problems: [] };
  const same = (tool: string, args: Record<string, unknown>) =>
    JSON.stringify([tool, Object.entries(args).sort(([a], [b]) => a.localeCompare(b))]);
  const waiting = new Set((await listPendingActions(ownerId, 'pending')).filter((a) => !a.expired).map((a) => same(a.tool, a.arguments)));
  const deadline = Date.now() + 60_000;
  const ctx: ToolContext = {
    requestId: `watch-${now.toISOString()}`,
    requestKey: `watch#${ownerId}#${now.toISOString()}`,
    signal: AbortSignal.timeout(60_000),
    deadline,
    owner,
    now,
    account: undefined,
    platform: undefined,
    step: () => Promise.reject(new Error('the watch scan only plans')),
    openPort: () => {
      throw new Error('the watch scan opens ports only through the tools it plans');
    },
    platforms: directory,
    usage: () => Promise.reject(new Error('the watch scan reads no usage')),
    log: createLogger({ owner_id: ownerId, task: 'watch' }),
  };
  let staged = 0;
  const problems: string[] = [];
  for (const signal of chosen) {
    for (const fix of signal.fixes) {
      try {
        const tool = plannedTool(ctx, fix.tool);
        const args = toolArguments(tool, fix.arguments);
        if (waiting.has(same(tool.name, args))) continue;
        const plan = await planOnly(
          tool,
          args,
          await recordedContext(ctx as ToolContext<unknown>, tool, signal.platform, signal.account_id ?? undefined),
        );
        if (!plan.changes.length) continue;
        await holdAction({
          owner_id: ownerId,
          created_at: now.toISOString(),
          tool: tool.name,
          platform: tool.platform,
          account_id: signal.account_id ?? undefined,
          arguments: args,
          plan,
          reasons: [`Proposed by the watch agent's daily scan: ${signal.title}`],
        });
        waiting.add(same(tool.name, args));
        staged++;
      } catch (err) {
        problems.push(`${fix.tool} for "${signal.title}": ${(err as Error).message}`);
      }
    }
  }
  return { staged, problems };
}

/** What a scan found, as kept on the watch task: counts by severity and the 5 most valuable findings. */
export function scanSummary(scan: { signals: Signal[]; skipped: string[] }, now: Date): WatchScanSummary {
  const by_severity = { high: 0, medium: 0, low: 0 };
  for (const s of scan.signals) by_severity[s.severity]++;
  return {
    day: lastReportDay(now, 'UTC'),
    ran_at: now.toISOString(),
    signals: scan.signals.length,
    by_severity,
    top: scan.signals
      .slice(0, 5)
      .map((s) => ({ signal_id: s.signal_id, title: s.title, monthly_value: s.monthly_value, currency: s.currency })),
    skipped: scan.skipped,
  };
}

/**
 * The owner's daily watch task; created here for an owner who connected accounts before the task
 * existed (new owners get it from addConnectedAccount). Undefined for an owner without accounts.
 */
export async function watchTaskOf(ownerId: string, now: Date): Promise<WatchTask | undefined> {
  const task = await getWatchTask(ownerId);
  if (task || !(await listConnectedAccounts(ownerId)).length) return task;
  await ensureWatchTask(ownerId, now);
  return getWatchTask(ownerId);
}

export interface WatchSchedulerRun {
  due: number;
  /** Owners this run claimed and scanned (another scheduler may have claimed the rest). */
  scanned: number;
  /** Signals those scans found. */
  signals: number;
  failed: number;
  /** Due but left for the next tick (the tick's time was up). */
  deferred: number;
}

/**
 * Runs the daily watch scans that are due: each task is claimed once (of concurrent schedulers only
 * one scans an owner), scanned, and its summary kept on the task. An owner without a connected account
 * left is not scanned (the task stays); one owner's failure is recorded on its task and never stops the others.
 */
export async function runDueWatchScans(
  directory: PlatformDirectory,
  now: Date,
  scan: typeof runWatchScan = runWatchScan,
  options: TickOptions = {},
): Promise<WatchSchedulerRun> {
  const due = await dueWatchTasks(now);
  const run: WatchSchedulerRun = { due: due.length, scanned: 0, signals: 0, failed: 0, deferred: 0 };
  for (const task of due) {
    if (outOfTime(options)) {
      run.deferred++;
      continue;
    }
    try {
      if (!(await claimWatchRun(task, now))) continue;
      if (!(await listConnectedAccounts(task.owner_id)).length) continue;
      const result = await scan(directory, task.owner_id, now);
      const { staged, problems } = await stageWatchFixes(directory, task.owner_id, result.signals, now);
      await recordWatchOutcome(task.owner_id, {
        summary: { ...scanSummary(result, now), staged, ...(problems.length ? { not_staged: problems } : {}) },
      });
      run.scanned++;
      run.signals += result.signals.length;
    } catch (err) {
      run.failed++;
      await recordWatchOutcome(task.owner_id, { error: (err as Error).message.slice(0, 500) }).catch(() => undefined);
    }
  }
  return run;
}
