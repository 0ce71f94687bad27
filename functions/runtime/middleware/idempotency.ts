import { fingerprint } from '../canonical';
import { errorResponse } from '../envelope';
import {
  BadRequestError,
  IdempotencyInProgressError,
  IdempotencyKeyReusedError,
  OutcomeUnknownError,
  StoreUnavailableError,
} from '../../../core/errors';
import { settle, settleNowAndLater } from '../settle';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  idempotencyRecordId,
  IdempotencyStatus,
  isAbandoned,
  newClaimToken,
  releaseIdempotencyKey,
  type IdempotencyRecord,
} from '../stores/idempotency';
import { periodOf, rechargeCall, refundCall } from '../stores/usage';
import { header, type GatewayRequest, type RequestState, type GatewayMiddleware, stateOf } from '../state';
import { enterSettlePhase } from './outcome';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Seconds a caller should wait before asking again about a key still in progress. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 2;

/**
 * Idempotency-Key handling (CONTRACT.md section 3), scoped owner + tool + key.
 * before: claim the key (until the function's own deadline), or find the stored response
 *         (replay), or 409 / 422. A claim abandoned past its deadline (the process died, or the
 *         store stayed down) is settled first: its quota reservation is given back if it was
 *         applied; a write tool's key then stores and replays `outcome_unknown` (the write may
 *         have run: it is never run blindly again), a read tool's key is taken over and runs.
 * after:  store the response when the tool ran and answered 200, 4xx, or `outcome_unknown`;
 *         release the claim on failures that changed nothing (429, other 5xx, failures before
 *         the tool ran), so a retry can run. Storing and releasing are retried in the background
 *         while the store does not answer.
 * The replay itself is returned by the tool runner, not from here, so every later step still runs.
 * A stored `outcome_unknown` of a planned write with its audit record is not replayed but settled:
 * the request takes the key over and runPlannedWrite plans the write again (settleOnReplay).
 */
export function idempotency(): GatewayMiddleware {
  const idempotencyBefore = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    const key = header(request.event, 'idempotency-key');
    if (key === undefined) return;
    if (!UUID_PATTERN.test(key.trim())) {
      throw new BadRequestError(
        'The Idempotency-Key header must be a UUID, for example 3f1c9a52-8d2e-4b7a-9c1e-2a6f0d4b8e71. Use one new UUID per logical operation.',
      );
    }
    const recordId = idempotencyRecordId(state.owner!.owner_id, state.tool!.name, key.trim().toLowerCase());
    const argumentsFingerprint = fingerprint(state.rawArgs);
    const token = newClaimToken();
    const claimWith = (takeOverToken?: string) =>
      claimIdempotencyKey(recordId, argumentsFingerprint, state.now, {
        token,
        inProgressUntil: state.deadlines.function,
        period: periodOf(state.now),
        takeOverToken,
      });
    const ours: HeldClaim = { recordId, claimToken: token };
    let claim = await releasedIfUnanswered(state, ours, claimWith);
    if (!claim.claimed && claim.existing.fingerprint === argumentsFingerprint && isAbandoned(claim.existing, state.now)) {
      const abandoned = claim.existing;
      const replay = await releasedIfUnanswered(state, ours, () => settleAbandoned(state, recordId, abandoned, token));
      if (replay) {
        state.idempotency = { recordId, replay };
        return;
      }
      claim = await releasedIfUnanswered(state, ours, () => claimWith(abandoned.claim_token));
    }
    if (claim.claimed) {
      state.idempotency = { recordId, claimToken: claim.claimToken };
      return;
    }
    const existing = claim.existing;
    if (existing.fingerprint !== argumentsFingerprint) {
      // A write sent with its dry run's key (a copied dry-run step with dry_run dropped) says so.
      const args = state.rawArgs ?? {};
      throw new IdempotencyKeyReusedError(args.dry_run !== true && fingerprint({ ...args, dry_run: true }) === existing.fingerprint);
    }
    if (existing.status === IdempotencyStatus.IN_PROGRESS || !existing.response) {
      throw new IdempotencyInProgressError(IN_PROGRESS_RETRY_AFTER_SECONDS);
    }
    // A planned write whose stored answer is outcome_unknown is settled, not replayed: this request
    // takes the key over (one replay at a time) and the runner plans the write again (planned-writes.ts).
    if (existing.unknown_change_id && state.tool!.plan && state.rawArgs?.dry_run !== true) {
      const settling = { changeId: existing.unknown_change_id, previous: existing.response };
      // Unanswered, the take-over may have been written: the key's outcome_unknown is put back.
      const claimed = await releasedIfUnanswered(state, { ...ours, settling }, () =>
        claimIdempotencyKey(recordId, argumentsFingerprint, state.now, {
          token,
          inProgressUntil: state.deadlines.function,
          period: periodOf(state.now),
          settleToken: existing.claim_token,
          unknownChangeId: existing.unknown_change_id,
        }),
      );
      if (!claimed.claimed) throw new IdempotencyInProgressError(IN_PROGRESS_RETRY_AFTER_SECONDS);
      state.idempotency = { recordId, claimToken: claimed.claimToken, settling };
      return;
    }
    state.idempotency = { recordId, replay: existing.response };
  };

  const idempotencyAfter = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    enterSettlePhase(state);
    const claim = state.idempotency;
    // Completed already, in the same transaction as the write it answers.
    if (!claim?.claimToken || claim.completed) return;
    const response = request.response!;
    const status = response.statusCode;
    const stored = { statusCode: status, headers: response.headers, body: response.body };
    // 402 comes from the quota (a settling replay that runs its write anew reserves inside the tool): never stored.
    const stored4xx = status >= 400 && status < 500 && status !== 429 && status !== 402 && state.toolStarted;
    if (status === 200 || stored4xx || state.outcomeUnknown) {
      const reservation = status === 200 ? state.reservation : undefined;
      await settle(
        'complete claim',
        async () => {
          const completed = await completeIdempotencyKey(claim.recordId, claim.claimToken!, stored, unknownChangeOf(state));
          // Taken over meanwhile as abandoned, and its reservation given back: this 200 still counts.
          if (!completed && reservation) await rechargeCall(state.owner!.owner_id, state.tool!.name, reservation);
        },
        state.log,
      );
    } else {
      await settle('release claim', () => releaseClaim(claim), state.log);
    }
  };

  const idempotencyOnError = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    enterSettlePhase(state);
    const claim = state?.idempotency;
    if (!claim?.claimToken || claim.completed) return;
    if (state.outcomeUnknown && request.error instanceof OutcomeUnknownError) {
      const stored = errorResponse(state.tool!.name, request.error);
      await settle(
        'complete claim',
        async () => void (await completeIdempotencyKey(claim.recordId, claim.claimToken!, stored, unknownChangeOf(state))),
        state.log,
      );
      return;
    }
    await settle('release claim', () => releaseClaim(claim), state.log);
  };

  return { before: idempotencyBefore, after: idempotencyAfter, onError: idempotencyOnError };
}

/** The change whose outcome is unknown, kept with the key's `outcome_unknown` so a replay can settle it. */
function unknownChangeOf(state: RequestState): string | undefined {
  return state.outcomeUnknown ? (state.unknownChangeId ?? state.idempotency?.settling?.changeId) : undefined;
}

/** A claim this request holds, or tried to take (`claimToken`): what releasing it needs. */
type HeldClaim = Pick<NonNullable<RequestState['idempotency']>, 'recordId' | 'claimToken' | 'settling'>;

/**
 * Lets a retry run after a failure that changed nothing. A replay that was settling an unknown write
 * puts the key's `outcome_unknown` back instead: the write must never run blindly.
 */
async function releaseClaim(claim: HeldClaim): Promise<void> {
  if (!claim.settling) return releaseIdempotencyKey(claim.recordId, claim.claimToken!);
  await completeIdempotencyKey(claim.recordId, claim.claimToken!, claim.settling.previous, claim.settling.changeId);
}

/**
 * Runs a step that writes the key as `claim` (a claim, a take-over). When the store does not answer
 * it, it may still have been written: the claim is released (now, and once more when the requests
 * given up on have ended) before the 503, so the key is never left in progress by a request that
 * answered.
 */
async function releasedIfUnanswered<T>(state: RequestState, claim: HeldClaim, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof StoreUnavailableError) {
      enterSettlePhase(state);
      await settleNowAndLater('release unanswered claim', () => releaseClaim(claim), state.log);
    }
    throw err;
  }
}

/**
 * An abandoned claim: give back its reservation if one was applied and not yet given back. For a
 * write tool, store `outcome_unknown` under the key (taking the key over as `token`) and return it for replay; for a read tool,
 * return nothing (the caller takes the key over and runs the tool).
 */
async function settleAbandoned(state: RequestState, recordId: string, abandoned: IdempotencyRecord, token: string) {
  const tool = state.tool!;
  state.log.warn('idempotency claim abandoned by an earlier request', { tool: tool.name });
  if (!tool.quotaExempt && abandoned.period) {
    await refundCall(state.owner!.owner_id, tool.name, { period: abandoned.period, token: abandoned.claim_token });
  }
  if (tool.access !== 'write') return undefined;
  const stored = errorResponse(tool.name, new OutcomeUnknownError(tool.platform ?? 'gateway'));
  // The key passes to this request's token: the abandoned request's own completion, should it still
  // arrive, can no longer overwrite this outcome_unknown (it recharges its unit instead).
  if (await completeIdempotencyKey(recordId, abandoned.claim_token, stored, abandoned.unknown_change_id, token)) return stored;
  throw new IdempotencyInProgressError(IN_PROGRESS_RETRY_AFTER_SECONDS);
}
