import type { Context } from 'aws-lambda';

/**
 * Time kept back from the function's remaining time to settle quota and the idempotency claim
 * after the tool stopped: a refund and a release, each bounded by the store's own time limits.
 */
export const SETTLE_MARGIN_MS = 3000;
/** Every DynamoDB call is answered (or given up) this long before the function's end. */
export const ANSWER_MARGIN_MS = 500;
/** Remaining time assumed when the context does not say (direct calls in tests and benches). */
const DEFAULT_REMAINING_MS = 29_000;

export interface Deadlines {
  /** Epoch ms: the function's end (Lambda stops it here). */
  function: number;
  /** Epoch ms: the tool (and the chain before it) must have stopped. */
  tool: number;
  /** Epoch ms: settling (refund, release, complete) must have been answered. */
  store: number;
}

export function requestDeadlines(context: Pick<Context, 'getRemainingTimeInMillis'>, now = Date.now()): Deadlines {
  const remaining = typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : DEFAULT_REMAINING_MS;
  const end = now + remaining;
  const store = end - Math.min(ANSWER_MARGIN_MS, remaining / 10);
  const tool = Math.max(end - SETTLE_MARGIN_MS, now + Math.min(1000, remaining / 2));
  return { function: end, tool: Math.min(tool, store), store };
}
