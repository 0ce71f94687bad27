import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { Context } from 'aws-lambda';
import { fingerprint } from './canonical';
import { errorResponse, successResponse } from './envelope';
import { GatewayError } from './errors';
import { authenticate } from './middleware/authenticate';
import { envelope } from './middleware/envelope';
import { idempotency } from './middleware/idempotency';
import { lookupTool } from './middleware/lookup-tool';
import { quota, quotaBlockFor } from './middleware/quota';
import { bodyParserErrors, requestShapeAfterParsing, requestShapeBeforeParsing } from './middleware/request-shape';
import { selectAccount } from './middleware/select-account';
import { validateArguments } from './middleware/validate-arguments';
import { ToolRegistry } from './registry';
import { checkpointId, clearCheckpoint, loadCheckpoint, saveCheckpointStep } from './stores/checkpoints';
import { readUsage, type UsageSnapshot } from './stores/usage';
import { stateOf, type GatewayEvent, type GatewayResult, type RequestState } from './state';
import type { ProgressReporter, ToolContext, ToolDefinition } from './tool';

export type ToolHandler = (event: GatewayEvent, context: Context) => Promise<GatewayResult>;

/**
 * The one handler every platform group's Lambda uses for `POST /api/v1/tools/{tool}/execute`.
 * The chain runs in the order of CONTRACT.md section 5:
 * envelope → request shape → JSON body → auth (401) → tool lookup (404) → arguments (400) →
 * account selection (400) → idempotency (replay / 409 / 422) → quota (402) → the tool.
 */
/**
 * `tools` are the tools this function runs; `allTools` (default: the same) is where unknown-tool
 * suggestions come from, so the gateway function can suggest tools that live in other groups.
 */
export function createToolHandler(tools: readonly ToolDefinition[], options: { allTools?: ToolRegistry } = {}): ToolHandler {
  const ownTools = new ToolRegistry(tools);
  return middy(runTool)
    .use(envelope())
    .use(requestShapeBeforeParsing())
    .use(httpJsonBodyParser())
    .use(bodyParserErrors())
    .use(requestShapeAfterParsing())
    .use(authenticate())
    .use(lookupTool(ownTools, options.allTools ?? ownTools))
    .use(validateArguments())
    .use(selectAccount())
    .use(idempotency())
    .use(quota()) as unknown as ToolHandler;
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

/** The middy handler: replays a stored response, or runs the tool with its context. */
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
  const { signal, deadline } = toolDeadline(context);
  const call = { signal, deadline, log: state.log };
  const ctx: ToolContext<unknown> = {
    requestId: state.requestId,
    signal,
    deadline,
    owner: state.owner!,
    now: state.now,
    account: state.account!,
    platform: tool.openPlatform && state.account ? tool.openPlatform(state.account, call) : undefined,
    step: steps.step,
    usage: readUsageOnce,
    log: state.log,
    progress: progressReporters.get(context) ?? noProgress,
  };
  state.toolStarted = true;
  try {
    const result = await tool.run(state.args!, ctx);
    await steps.finish();
    return successResponse(tool.name, result, await quotaBlockFor(state, readUsageOnce));
  } catch (err) {
    if (err instanceof GatewayError) return errorResponse(tool.name, err);
    throw err;
  }
}

/** Time kept back from the function's remaining time to settle quota and the idempotency claim. */
const SETTLE_MARGIN_MS = 1500;

/** The tool's deadline: the function's remaining time less the settle margin, and a signal for it. */
function toolDeadline(context: Context): { signal: AbortSignal; deadline: number } {
  const remaining = typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : 29_000;
  const budget = Math.max(remaining - SETTLE_MARGIN_MS, 1000);
  return { signal: AbortSignal.timeout(budget), deadline: Date.now() + budget };
}

/** Checkpointed steps of multi-step writes, keyed by owner + tool + fingerprint of the arguments. */
function stepRunner(state: RequestState) {
  let saved: Record<string, unknown> | undefined;
  let id: string | undefined;
  const checkpoint = () =>
    (id ??= checkpointId(state.owner!.owner_id, state.tool!.name, fingerprint({ account: state.account?.account_id, args: state.rawArgs })));
  return {
    async step<T>(name: string, run: () => Promise<T>): Promise<T> {
      saved ??= await loadCheckpoint(checkpoint());
      if (name in saved) {
        state.log.info('checkpoint step reused', { step: name });
        return saved[name] as T;
      }
      const value = await run();
      await saveCheckpointStep(checkpoint(), name, value);
      saved[name] = value;
      return value;
    },
    async finish(): Promise<void> {
      if (saved && Object.keys(saved).length) await clearCheckpoint(checkpoint());
    },
  };
}
