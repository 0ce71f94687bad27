/** What each runner of a scheduler tick is given (platforms/gateway/monitoring/scheduler.ts). */
export interface TickOptions {
  /** How delivery retries wait (tests pass one that does not). */
  pause?: (ms: number) => Promise<unknown>;
  /** The moment (epoch ms) after which nothing new is claimed: the rest stays due for the next tick. */
  until?: number;
}

/** True once the tick must claim nothing more. */
export function outOfTime(options: TickOptions): boolean {
  return options.until !== undefined && Date.now() >= options.until;
}
