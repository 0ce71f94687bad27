import { randomToken } from '../canonical';
import { upgradeUrl } from '../config';
import { QuotaExceededError, StoreUnavailableError } from '../../../core/errors';
import { settle, settleNowAndLater } from '../settle';
import { monthlyLimit } from '../stores/owners';
import { finishReservation, holdReservation, periodEndOf, periodOf, readUsage, refundCall, reserveCall } from '../stores/usage';
import { type GatewayRequest, type RequestState, type GatewayMiddleware, stateOf } from '../state';
import type { QuotaBlock } from '../envelope';
import { enterSettlePhase } from './outcome';
import { chooseAccount } from './select-account';
import { forgetOwnerAccounts } from '../stores/account-cache';
import { startReadAhead } from '../read-ahead';

/**
 * Monthly quota (CONTRACT.md section 2). before: reserve one call with a conditional update that
 * can never pass the limit. At the limit (reservations of calls still running included): 402, as
 * the specification says, whose callers show the message and stop; a unit a failing call gives
 * back later is simply available again.
 * after / onError: a call that did not end in 200 gets its reservation back, exactly once (the
 * refund is idempotent and retried in the background while the store does not answer), except a
 * write recorded applied (its unit is used, whatever became of its answer) and a write that answers
 * `outcome_unknown` with an audit record: its unit stays held until the write is settled
 * (planned-writes.ts settleOnReplay, manage_action).
 * Exempt tools and idempotent replays never reserve.
 */
export function quota(): GatewayMiddleware {
  const quotaBefore = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    if (state.tool!.quotaExempt || state.idempotency?.replay) return;
    // A replay settling a write recorded unknown reserves nothing: the write holds its unit
    // (planned-writes.ts settleOnReplay), or was settled before and runs anew on a unit of its own.
    if (state.idempotency?.settling) return;
    startReadAhead(state);
    await reserveUnit(state);
  };

  const refundUnlessSuccessful = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    enterSettlePhase(state);
    const reservation = state?.reservation;
    if (!reservation || reservation.refunded) return;
    // A write its audit record says applied used its unit, whatever became of its answer (a checkpoint
    // not cleared, the deadline): never given back.
    if ((request.response?.statusCode === 200 && !request.error) || state.writeApplied) {
      finishReservation(state.owner!.owner_id, reservation);
      return;
    }
    reservation.refunded = true;
    if (reservation.held && state.outcomeUnknown) {
      // Held while the outcome is unknown: its attribute is kept until the write is settled.
      await settle('hold', async () => void (await holdReservation(state.owner!.owner_id, reservation, state.now)), state.log);
      return;
    }
    await settle('refund', async () => void (await refundCall(state.owner!.owner_id, state.tool!.name, reservation)), state.log);
  };

  return { before: quotaBefore, after: refundUnlessSuccessful, onError: refundUnlessSuccessful };
}

/**
 * Reserves one unit of the owner's monthly quota for this request, or throws 402 at the limit.
 * Called by the chain before the tool, or by the write runner for a settling replay that runs its
 * write anew.
 */
export async function reserveUnit(state: RequestState): Promise<void> {
  const tool = state.tool!;
  const owner = state.owner!;
  const limit = monthlyLimit(owner);
  // With an Idempotency-Key the reservation carries the claim's token: a later request that finds
  // the claim abandoned can give this reservation back.
  const token = state.idempotency?.claimToken ?? randomToken(16);
  let result;
  try {
    result = await reserveCall(owner.owner_id, tool.name, limit, state.now, token, state.deadlines.function, state.accountsVersion);
    for (let attempt = 0; !result.reserved && result.stale; attempt++) {
      // The owner's accounts changed since this function cached them: select again, fresh (and
      // read the account again in the run: what was read ahead rested on the cached selection).
      forgetOwnerAccounts(owner.owner_id);
      state.account = undefined;
      state.readAhead = undefined;
      state.accountsVersion = undefined;
      await chooseAccount(state);
      const version = attempt < 2 ? state.accountsVersion : undefined;
      result = await reserveCall(owner.owner_id, tool.name, limit, state.now, token, state.deadlines.function, version);
    }
  } catch (err) {
    if (err instanceof StoreUnavailableError) {
      // The reservation may have been applied without an answer: give it back if it was.
      const uncertain = { period: periodOf(state.now), token };
      enterSettlePhase(state);
      await settleNowAndLater(
        'refund uncertain reservation',
        async () => void (await refundCall(owner.owner_id, tool.name, uncertain)),
        state.log,
      );
    }
    throw err;
  }
  if (result.reserved) {
    state.reservation = { ...result.reservation, refunded: false };
    return;
  }
  if (result.stale) throw new Error('unreachable: a reservation without a version check is never stale');
  const url = upgradeUrl();
  throw new QuotaExceededError(
    `You have reached your monthly limit of ${limit} tool calls on the ${owner.tier} plan. ` +
      `Upgrade at ${url} to continue; the counter resets on ${periodEndOf(state.now)}.`,
    { used: limit, limit, tier: owner.tier, period_end: periodEndOf(state.now), upgrade_url: url },
  );
}

/**
 * The quota block of a 200: `used` after this call's reservation, or the period's figures as they are
 * now (read) for exempt tools and for a 200 on a unit held earlier (state.quotaOfNow): what
 * get_usage_status says right after.
 */
export async function quotaBlockFor(
  state: RequestState,
  usage: () => Promise<{ used: number }> = () => readUsage(state.owner!.owner_id, state.now),
): Promise<QuotaBlock> {
  const owner = state.owner!;
  const used =
    state.quotaOfNow === undefined
      ? (state.reservation?.used ?? (await usage()).used)
      : // The answer of a write that happened never fails on this read: the held unit's figure then.
        await usage().then(
          (u) => u.used,
          () => state.quotaOfNow!,
        );
  return { used, limit: monthlyLimit(owner), tier: owner.tier, period_end: periodEndOf(state.now) };
}
