import { DeadlineExceededError, GatewayError, OutcomeUnknownError, StoreUnavailableError } from '../../../core/errors';
import { type GatewayRequest, type RequestState, type GatewayMiddleware, stateOf } from '../state';

/** Thrown by middy when the tool is still running at the tool deadline (timeoutEarlyResponse). */
export class ToolDeadlineReached extends Error {
  constructor() {
    super('The tool did not finish before its deadline');
    this.name = 'ToolDeadlineReached';
  }
}

/**
 * What a failure of a running tool means for the caller. A write tool that failed after it may
 * have changed something answers `outcome_unknown` (stored under its Idempotency-Key, so a retry
 * with that key never runs it blindly). "May have changed something": the platform said so
 * (OutcomeUnknownError from a live adapter), or a sandbox write was attempted (or a live
 * platform was being called) before a store failure, a deadline or a bug. Everything else keeps its own meaning: failures the platform
 * reports with nothing changed (429, upstream 5xx) stay retryable; a store failure before any
 * write is a 503 `store_unavailable`; a deadline with nothing written is a 504; a bug is a 500.
 * Returns the error to answer with (a non-GatewayError for a plain bug: the envelope's 500).
 */
export function outcomeOf(state: RequestState, error: unknown): unknown {
  const tool = state.tool;
  if (error instanceof OutcomeUnknownError) {
    state.outcomeUnknown = true;
    return error;
  }
  if (!state.toolStarted || !tool) return error instanceof ToolDeadlineReached ? new DeadlineExceededError() : error;
  const unexpected = !(error instanceof GatewayError) || error instanceof StoreUnavailableError;
  const deadline = error instanceof ToolDeadlineReached;
  const mayHaveWritten = (state.toolScope?.sandboxWrites ?? 0) > 0 || state.account?.mode === 'live';
  if (tool.access === 'write' && (unexpected || deadline) && mayHaveWritten) {
    state.outcomeUnknown = true;
    return new OutcomeUnknownError(tool.platform ?? 'gateway');
  }
  if (deadline) return new DeadlineExceededError();
  return error;
}

/**
 * The innermost middleware: its onError runs first, so the quota and idempotency steps settle
 * against the error the caller will see (a timeout or a store failure turned into its meaning).
 */
export function outcome(): GatewayMiddleware {
  const outcomeOnError = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    if (!state) return;
    const deadline = request.error instanceof ToolDeadlineReached;
    request.error = outcomeOf(state, request.error);
    if (deadline && request.error instanceof OutcomeUnknownError && state.recordUnknownAtDeadline) {
      // The answer goes out while the write still runs: it is recorded `unknown` first, keeping its
      // unit held (planned-writes.ts), so the quota step does not give back a unit the write may use.
      enterSettlePhase(state);
      if (!(await state.recordUnknownAtDeadline())) request.error = new OutcomeUnknownError(state.tool!.platform ?? 'gateway', UNRECORDED);
    }
  };
  return { onError: outcomeOnError };
}

/** The answer at the deadline when the write's `unknown` record could not be written in time. */
const UNRECORDED =
  'This write did not finish in time and may or may not have been applied; its record could not be written yet (the gateway keeps trying), and its quota unit stays used until it is settled. Do not repeat it blindly: check the entity with a read tool first, or send it again later with the same Idempotency-Key to settle it.';

/** From here on DynamoDB calls may use the time kept back for settling. */
export function enterSettlePhase(state: RequestState | undefined): void {
  if (state) state.storeScope.deadline = Math.max(state.storeScope.deadline, state.deadlines.store);
}
