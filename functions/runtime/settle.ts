import { ATTEMPT_TIMEOUT_MS, MAX_ATTEMPTS, unfinishedRequestsEnded, withStoreDeadline } from './stores/dynamo';
import type { Logger } from '../../core/tool';

/**
 * Settling after an answer: giving back a quota reservation, releasing or completing an
 * idempotency claim. Each settle operation is idempotent (guarded by a token), so it can be retried
 * until it lands. `settle` tries it now within the request's store deadline; when the store does
 * not answer, it keeps retrying in the background with backoff (up to SETTLE_RETRY_MS), so a store
 * outage delays a refund or a release but does not lose it. In Lambda the retries continue while
 * the environment lives (a frozen environment resumes them on its next invocation).
 */
export const SETTLE_RETRY_MS = 15 * 60 * 1000;

/**
 * A request whose answer was lost may still reach DynamoDB later: the SDK keeps retrying under
 * the hood for up to MAX_ATTEMPTS × ATTEMPT_TIMEOUT_MS plus backoff. Settling something whose own
 * outcome is unknown is therefore done twice: now, and once more when the requests the store
 * boundary gave up on have ended in the SDK (a condition, however slow the store is), or at the
 * latest after LATE_ARRIVAL_MS (the SDK's own bound, in case a request never ends).
 */
export const LATE_ARRIVAL_MS = MAX_ATTEMPTS * ATTEMPT_TIMEOUT_MS + 2000;

const pending = new Set<Promise<void>>();

/** Settles now and once more after a write of unknown outcome can no longer arrive. */
export async function settleNowAndLater(what: string, operation: () => Promise<void>, log: Logger): Promise<void> {
  const unfinished = unfinishedRequestsEnded();
  track(
    (async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([unfinished, new Promise((resolve) => (timer = setTimeout(resolve, LATE_ARRIVAL_MS).unref()))]);
      clearTimeout(timer);
      await withStoreDeadline({ deadline: Date.now() + 5000 }, () => settle(`${what} (late check)`, operation, log)).catch(() => undefined);
    })(),
  );
  await settle(what, operation, log);
}

function track(run: Promise<void>): void {
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

export async function settle(what: string, operation: () => Promise<void>, log: Logger): Promise<void> {
  try {
    await operation();
  } catch (err) {
    if (!isRetryable(err)) throw err;
    log.warn('settle deferred: storage not answering', { settle: what });
    retryInBackground(what, operation, log);
  }
}

function isRetryable(err: unknown): boolean {
  return (err as { name?: string })?.name === 'StoreUnavailableError';
}

function retryInBackground(what: string, operation: () => Promise<void>, log: Logger): void {
  const giveUpAt = Date.now() + SETTLE_RETRY_MS;
  const run = (async () => {
    for (let attempt = 0; Date.now() < giveUpAt; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(200 * 2 ** attempt, 10_000)).unref());
      try {
        await withStoreDeadline({ deadline: Date.now() + 5000 }, operation);
        log.info('settle done after retry', { settle: what, attempts: attempt + 1 });
        return;
      } catch (err) {
        if (!isRetryable(err)) {
          log.error('settle failed', { settle: what, error_name: (err as Error)?.name });
          return;
        }
      }
    }
    log.error('settle abandoned after retrying', { settle: what });
  })();
  track(run);
}

/** Resolves when every background settle operation has finished (tests, benches, shutdown). */
export async function settled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/** How many settle operations are still retrying. */
export function pendingSettles(): number {
  return pending.size;
}
