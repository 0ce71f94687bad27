import { StoreUnavailableError } from '../../core/errors';

/**
 * Runs a local setup step (tables, the demo owner's seeding) until the store answers: on a busy
 * machine DynamoDB Local may accept connections long before it answers them in time. Each failure of
 * the store (503 store_unavailable) is said once through `onWait` and the step runs again, as long
 * as it takes; any other error is the step's own and ends the wait. Setup steps are safe to repeat.
 */
export async function untilStoreAnswers<T>(
  what: string,
  step: () => Promise<T>,
  options: {
    onWait?: (message: string) => void;
    pauseMs?: number;
    /** Give up (rethrow the store failure) once this long has passed; default: wait as long as it takes. */
    giveUpAfterMs?: number;
  } = {},
): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      if (options.giveUpAfterMs !== undefined && Date.now() - started >= options.giveUpAfterMs) throw err;
      options.onWait?.(
        `DynamoDB Local is not answering yet (${what}, attempt ${attempt}); ${
          options.giveUpAfterMs === undefined
            ? 'waiting as long as it takes'
            : `waiting up to ${Math.round(options.giveUpAfterMs / 1000)} s in all`
        }...`,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.min((options.pauseMs ?? 1000) * attempt, 10_000)));
    }
  }
}
