import type { MiddlewareObj } from '@middy/core';
import { fingerprint } from '../canonical';
import { BadRequestError, IdempotencyInProgressError, IdempotencyKeyReusedError } from '../errors';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  idempotencyRecordId,
  IdempotencyStatus,
  releaseIdempotencyKey,
} from '../stores/idempotency';
import { header, type GatewayRequest } from '../state';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Seconds a caller should wait before asking again about a key still in progress. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 2;

/**
 * Idempotency-Key handling (CONTRACT.md section 3), scoped owner + tool + key.
 * before: claim the key, or find the stored response (replay), or 409 / 422.
 * after:  store the response when the tool ran and answered 200 or 4xx; release the claim on
 *         transient failures (429, 5xx) and on failures before the tool ran, so a retry can run.
 * The replay itself is returned by the tool runner, not from here, so every later step still runs.
 */
export function idempotency(): MiddlewareObj {
  const idempotencyBefore = async (request: GatewayRequest) => {
    const state = request.context.gateway;
    const key = header(request.event, 'idempotency-key');
    if (key === undefined) return;
    if (!UUID_PATTERN.test(key.trim())) {
      throw new BadRequestError('The Idempotency-Key header must be a UUID, for example 3f1c9a52-8d2e-4b7a-9c1e-2a6f0d4b8e71. Use one new UUID per logical operation.');
    }
    const recordId = idempotencyRecordId(state.owner!.owner_id, state.tool!.name, key.trim().toLowerCase());
    const claim = await claimIdempotencyKey(recordId, fingerprint(state.rawArgs), state.now);
    if (claim.claimed) {
      state.idempotency = { recordId, claimToken: claim.claimToken };
      return;
    }
    const existing = claim.existing;
    if (existing.fingerprint !== fingerprint(state.rawArgs)) throw new IdempotencyKeyReusedError();
    if (existing.status === IdempotencyStatus.IN_PROGRESS || !existing.response) {
      throw new IdempotencyInProgressError(IN_PROGRESS_RETRY_AFTER_SECONDS);
    }
    state.idempotency = { recordId, replay: existing.response };
  };

  const idempotencyAfter = async (request: GatewayRequest) => {
    const state = request.context.gateway;
    const claim = state.idempotency;
    if (!claim?.claimToken) return;
    const response = request.response!;
    const status = response.statusCode;
    if (status === 200 || (status >= 400 && status < 500 && status !== 429 && state.toolStarted)) {
      await completeIdempotencyKey(claim.recordId, claim.claimToken, {
        statusCode: status,
        headers: response.headers,
        body: response.body,
      });
    } else {
      await releaseIdempotencyKey(claim.recordId, claim.claimToken);
    }
  };

  const idempotencyOnError = async (request: GatewayRequest) => {
    const claim = request.context.gateway?.idempotency;
    if (claim?.claimToken) await releaseIdempotencyKey(claim.recordId, claim.claimToken);
  };

  return { before: idempotencyBefore, after: idempotencyAfter, onError: idempotencyOnError } as MiddlewareObj;
}
