import type { MiddlewareObj } from '@middy/core';
import { upgradeUrl } from '../config';
import { QuotaExceededError } from '../errors';
import { monthlyLimit } from '../stores/owners';
import { periodEndOf, readUsage, refundCall, reserveCall } from '../stores/usage';
import type { GatewayRequest, RequestState } from '../state';
import type { QuotaBlock } from '../envelope';

/**
 * Monthly quota (CONTRACT.md section 2). before: reserve one call with a conditional update that
 * can never pass the limit (402 when none is left). after / onError: a call that did not end in
 * 200 gets its reservation back, exactly once. Exempt tools and idempotent replays never reserve.
 */
export function quota(): MiddlewareObj {
  const quotaBefore = async (request: GatewayRequest) => {
    const state = request.context.gateway;
    const tool = state.tool!;
    if (tool.quotaExempt || state.idempotency?.replay) return;
    const owner = state.owner!;
    const limit = monthlyLimit(owner);
    const reservation = await reserveCall(owner.owner_id, tool.name, limit, state.now);
    if (!reservation) {
      const url = upgradeUrl();
      throw new QuotaExceededError(
        `You have reached your monthly limit of ${limit} tool calls on the ${owner.tier} plan. ` +
          `Upgrade at ${url} to continue; the counter resets on ${periodEndOf(state.now)}.`,
        { used: limit, limit, tier: owner.tier, period_end: periodEndOf(state.now), upgrade_url: url },
      );
    }
    state.reservation = { ...reservation, refunded: false };
  };

  const refundUnlessSuccessful = async (request: GatewayRequest) => {
    const state = request.context.gateway;
    const reservation = state?.reservation;
    if (!reservation || reservation.refunded) return;
    if (request.response?.statusCode === 200 && !request.error) return;
    reservation.refunded = true;
    await refundCall(state.owner!.owner_id, state.tool!.name, reservation.period);
  };

  return { before: quotaBefore, after: refundUnlessSuccessful, onError: refundUnlessSuccessful } as MiddlewareObj;
}

/** The quota block of a 200: this call's reservation, or the current figures for exempt tools. */
export async function quotaBlockFor(state: RequestState, usage: () => Promise<{ used: number }> = () => readUsage(state.owner!.owner_id, state.now)): Promise<QuotaBlock> {
  const owner = state.owner!;
  const used = state.reservation ? state.reservation.used : (await usage()).used;
  return { used, limit: monthlyLimit(owner), tier: owner.tier, period_end: periodEndOf(state.now) };
}
