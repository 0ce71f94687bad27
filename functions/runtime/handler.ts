import middy from '@middy/core';
import type { ConnectedAccount } from '../../core/accounts';
import type { PlatformManifest, PlatformPorts } from '../../core/platform';
import { ServedPlatforms } from './directory';
import type { Context } from 'aws-lambda';
import { fingerprint } from './canonical';
import { errorResponse, successResponse } from './envelope';
import { SETTLE_MARGIN_MS } from './deadlines';
import { settle } from './settle';
import { GatewayError } from '../../core/errors';
import { idempotency } from './middleware/idempotency';
import { lookupTool } from './middleware/lookup-tool';
import { outcome, outcomeOf, ToolDeadlineReached } from './middleware/outcome';
import { quota, quotaBlockFor } from './middleware/quota';
import { rateLimit } from './middleware/rate-limit';
import { selectAccount } from './middleware/select-account';
import { validateArguments } from './middleware/validate-arguments';
import { ToolRegistry } from './registry';
import { withFrontChecks } from './front-checks';
import {
  checkpointDelete,
  checkpointId,
  checkpointStepsUpdate,
  clearCheckpoint,
  loadCheckpoint,
  saveCheckpointStep,
} from './stores/checkpoints';
import { currentStoreScope, withStoreDeadline, type StoreScope } from './stores/dynamo';
import { readUsage } from './stores/usage';
import type { UsageSnapshot } from '../../core/accounts';
import { stateOf, type GatewayEvent, type GatewayResult, type RequestState } from './state';
import type { ProgressReporter, ToolContext, ToolDefinition, ToolResult } from '../../core/tool';
import { runPlannedWrite } from './planned-writes';
import { noteEntityReads } from './read-ahead';

export type ToolHandler = (event: GatewayEvent, context: Context) => Promise<GatewayResult>;

/**
 * The one handler every platform group's Lambda uses for `POST /api/v1/tools/{tool}/execute`.
 * The chain runs in the order of CONTRACT.md section 5:
 * envelope → request shape → JSON body → auth (401) → per-key rate (429) → tool lookup (404) → arguments (400) →
 * account selection (400) → idempotency (replay / 409 / 422) → quota (402) → the tool.
 * Deadlines (deadlines.ts): the chain and the tool stop SETTLE_MARGIN_MS before the function's
 * end; settling the quota and the claim may use the time up to ANSWER_MARGIN_MS before it.
 */
/**
 * `tools` are the tools this function runs; `allTools` (default: the same) is where unknown-tool
 * suggestions come from, so the gateway function can suggest tools that live in other groups.
 */
export function createToolHandler(
  tools: readonly ToolDefinition[],
  platforms: readonly PlatformManifest[],
  options: { allTools?: ToolRegistry; alsoOpens?: readonly PlatformPorts[] } = {},
): ToolHandler {
  const ownTools = new ToolRegistry(tools);
  const served = new ServedPlatforms(platforms, options.allTools ?? ownTools, options.alsoOpens);
  // middy stops waiting for the tool SETTLE_MARGIN_MS before the function's end (the tool deadline),
  // so the quota and the claim are settled while the function still runs.
  const chain = withFrontChecks(
    middy<GatewayEvent, GatewayResult, unknown, Context>(toolRunner(served), {
      timeoutEarlyInMillis: SETTLE_MARGIN_MS,
      timeoutEarlyResponse: () => {
        throw new ToolDeadlineReached();
      },
    }),
  )
    .use(rateLimit())
    .use(lookupTool(ownTools, options.allTools ?? ownTools))
    .use(validateArguments())
    .use(selectAccount())
    .use(idempotency())
    .use(quota())
    .use(outcome());
  // Every DynamoDB call of the request runs in its store scope, bounded by the request's deadlines.
  return (event, context) => withStoreDeadline({ deadline: Date.now() + 5000 }, () => chain(event, context));
}

/** Progress reporters by the Lambda context of an in-process invocation (see withProgressReporter). */
const progressReporters = new WeakMap<Context, ProgressReporter>();

/**
 * A Lambda context for invoking a tool handler in process whose tool's progress reports go to
 * `reporter` (the MCP endpoint). Requests from API Gateway have none: `ctx.progress` does nothing.
 */
export function withProgressReporter(context: Context, reporter: ProgressReporter): Context {
  const derived: Context = { ...context, getRemainingTimeInMillis: () => context.getRemainingTimeInMillis() };
  progressReporters.set(derived, reporter);
  return derived;
}

const noProgress: ProgressReporter = () => undefined;

/** The middy handler: replays a stored response, or runs the tool with its context (ports opened from `served`). */
const toolRunner = (served: ServedPlatforms) =>
  async function runTool(_event: GatewayEvent, context: Context): Promise<GatewayResult> {
    const state = stateOf(context);
    const replay = state.idempotency?.replay;
    if (replay) {
      return { statusCode: replay.statusCode, headers: { ...replay.headers, 'Idempotent-Replayed': 'true' }, body: replay.body };
    }
    const tool = state.tool!;
    const steps = stepRunner(state);
    let usage: Promise<UsageSnapshot> | undefined;
    const readUsageOnce = () => (usage ??= readUsage(state.owner!.owner_id, state.now));
    const deadline = state.deadlines.tool;
    const signal = AbortSignal.timeout(Math.max(0, deadline - Date.now()));
    // Stable across a retry of this request under the caller's Idempotency-Key (its claim is scoped
    // owner + tool + key); without a key each request is its own.
    const requestKey = state.idempotency?.recordId ?? `request#${state.requestId}`;
    const call = { signal, deadline, log: state.log, requestKey };
    const ctx: ToolContext<unknown> = {
      requestId: state.requestId,
      requestKey,
      keyId: state.keyId,
      signal,
      deadline,
      owner: state.owner!,
      now: state.now,
      account: state.account!,
      platform: tool.platform && tool.selectsAccount && state.account ? served.open(state.account, call) : undefined,
      openPort: <Port>(account: ConnectedAccount) => {
        if (account.owner_id !== state.owner!.owner_id) throw new Error("openPort: the account is not the caller's");
        // A live platform's writes cannot wait in a unit of work (nor be applied again): none is kept open.
        if (account.mode === 'live') currentStoreScope()?.unitOfWork?.writeNow();
        return served.open<Port>(account, call);
      },
      platforms: served,
      step: steps.step,
      usage: readUsageOnce,
      log: state.log,
      progress: progressReporters.get(context) ?? noProgress,
    };
    state.toolStarted = true;
    // The 200 of a result: a planned write whose commit stores it under the claim builds it there.
    state.respond = async (result) => successResponse(tool.name, result, await quotaBlockFor(state, readUsageOnce));
    // The tool's own DynamoDB calls stop at the tool deadline, its sandbox writes are counted, and
    // each sandbox account it reads is read once (platforms/sandbox/store.ts).
    const toolScope: StoreScope = { deadline, sandboxWrites: 0, sandboxReads: new Map(), readAhead: state.readAhead };
    state.toolScope = toolScope;
    try {
      return await withStoreDeadline(toolScope, async () => {
        const result = await runOrPlan(tool, state, ctx, steps);
        noteEntityReads(state, toolScope);
        await steps.finish();
        return state.committedResponse ?? (await state.respond!(result));
      });
    } catch (err) {
      await steps.keep();
      const answer = outcomeOf(state, err);
      if (answer instanceof GatewayError) return errorResponse(tool.name, answer);
      throw answer;
    }
  };

/**
 * Runs the tool: a read runs; a planned write goes through runPlannedWrite (plan, guardrails,
 * dry run, hold for approval, apply, audit trail).
 */
async function runOrPlan(
  tool: ToolDefinition,
  state: RequestState,
  ctx: ToolContext<unknown>,
  steps: ReturnType<typeof stepRunner>,
): Promise<ToolResult> {
  if (!tool.plan || !tool.apply) return tool.run(state.args!, ctx);
  return runPlannedWrite(tool, state, ctx, steps);
}

/**
 * Checkpointed steps of multi-step writes, keyed by owner + tool + fingerprint of the arguments.
 * A step's result is saved only once something could still fail after it: when the next step
 * starts, or when the tool fails. A write that succeeds saves nothing for its last step, and
 * clears the checkpoint only if something was saved: a one-step write costs one read.
 */
function stepRunner(state: RequestState) {
  let saved: Record<string, unknown> | undefined;
  let unsaved: { name: string; value: unknown } | undefined;
  let stored = false;
  let id: string | undefined;
  const checkpoint = () =>
    (id ??= checkpointId(
      state.owner!.owner_id,
      state.tool!.name,
      fingerprint({ account: state.account?.account_id, args: state.rawArgs }),
    ));
  const saveUnsaved = async () => {
    if (!unsaved) return;
    const { name, value } = unsaved;
    // In a planned write's unit of work the finished step's changes stay held: the final commit takes
    // every step at once, and the steps are saved with their changes only if the run stops before it
    // (unit-of-work.ts finishStep, commitFinishedSteps).
    const work = currentStoreScope()?.unitOfWork;
    if (work?.open) {
      unsaved = undefined;
      work.finishStep({ Update: checkpointStepsUpdate(checkpoint(), saved!) }, { saved: { ...saved }, unsaved, stored: true });
      return;
    }
    await saveCheckpointStep(checkpoint(), name, value);
    if (unsaved?.name === name) unsaved = undefined;
    stored = true;
  };
  return {
    /** The checkpoint's item id, for a caller that reads it together with something else (`preload`). */
    checkpointId: checkpoint,
    /** The checkpoint as read by the caller before any step ran: the first step reads it no more. */
    preload(steps: Record<string, unknown>): void {
      if (saved) return;
      saved = steps;
      stored = Object.keys(saved).length > 0;
    },
    /** Whether a checkpoint of an earlier attempt is stored (a success clears it). */
    holdsCheckpoint: () => stored,
    /**
     * The removal of the checkpoint this run stored, for the write's final commit to carry (none
     * stored: undefined); `cleared` once that commit went through, so `finish` removes nothing more.
     */
    removal: () => (stored ? { Delete: checkpointDelete(checkpoint()) } : undefined),
    cleared(): void {
      stored = false;
    },
    /**
     * The steps as they are, and going back to them: a planned write whose held changes were dropped
     * (unit-of-work.ts) forgets the steps that made them, so a retry or a second attempt runs them.
     */
    snapshot: () => ({ saved: saved && { ...saved }, unsaved, stored }),
    restore(snapshot: { saved?: Record<string, unknown>; unsaved?: { name: string; value: unknown }; stored: boolean }): void {
      ({ saved, unsaved, stored } = snapshot);
    },
    async step<T>(name: string, run: () => Promise<T>): Promise<T> {
      if (!saved) {
        saved = await loadCheckpoint(checkpoint());
        stored = Object.keys(saved).length > 0;
      }
      if (name in saved) {
        state.log.info('checkpoint step reused', { step: name });
        return saved[name] as T;
      }
      await saveUnsaved();
      const value = await run();
      saved[name] = value;
      unsaved = { name, value };
      return value;
    },
    /** After success: the checkpoint is no longer needed. */
    async finish(): Promise<void> {
      unsaved = undefined;
      if (stored) await clearCheckpoint(checkpoint());
    },
    /** After a failure: keep the last finished step, so a retry resumes after it. */
    async keep(): Promise<void> {
      if (unsaved) await settle('save checkpoint step', saveUnsaved, state.log);
    },
  };
}
