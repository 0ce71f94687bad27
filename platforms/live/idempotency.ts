import { createHash, randomUUID } from 'node:crypto';
import type { PortCall } from '../../core/tool';

/** Keys for calls made outside a gateway request (operator commands): one per call, never shared. */
const standaloneKeys = new WeakMap<PortCall, string>();

/**
 * The platform's idempotency key for one create of a gateway request, the one way every live
 * adapter makes it: the request's key (`call.requestKey`, the same when the caller sends the request
 * again under its Idempotency-Key), the account and what is created. So a create whose answer was
 * lost is sent again under the same key, in this request or its retry, and the platform answers the
 * first result; two requests with identical arguments under different keys (or none) create twice,
 * as asked. A one-way hash: nothing of the owner or the caller's key reaches the platform.
 */
export function platformWriteKey(call: PortCall, accountId: string, what: unknown): string {
  let requestKey = call.requestKey;
  if (requestKey === undefined) {
    requestKey = standaloneKeys.get(call) ?? `standalone#${randomUUID()}`;
    standaloneKeys.set(call, requestKey);
  }
  const digest = createHash('sha256')
    .update(JSON.stringify([requestKey, accountId, what]))
    .digest('hex');
  return `gw-${digest.slice(0, 48)}`;
}
