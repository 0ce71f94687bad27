import { GatewayError } from '../../../core/errors';
import { keyRateLimit, type KeyRateLimit } from '../config';
import { type GatewayRequest, type GatewayMiddleware, stateOf } from '../state';

/**
 * Per-key request rate: a token bucket per API key (or MCP sign-in), `burst` calls at once and
 * `perSecond` more each second after. A key that calls faster gets 429 `rate_limited` with
 * `Retry-After`, before its arguments are validated or any quota is reserved: nothing ran, nothing
 * was used. The buckets live in the process: `npm start` serves every call from one process, so its
 * limit is exact; in AWS each warm function keeps its own buckets, and the API stage's throttle
 * (lib/gateway-api.ts) bounds the total.
 */
export class KeyRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** Takes one call of `key` at `now` (epoch ms): undefined when allowed, else the seconds to wait. */
  take(key: string, now: number, limit: KeyRateLimit): number | undefined {
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, at: now };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * limit.perSecond);
    bucket.at = now;
    if (this.buckets.size > 50_000 && !this.buckets.has(key)) this.buckets.clear();
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
  }

  clear(): void {
    this.buckets.clear();
  }
}

/**
 * One limiter per process, however many copies of this module it loaded: the local server's per-platform
 * handlers and the MCP endpoint share it, and so do the chains of a Lambda package's tool files (MCP's
 * tool-code-<word>.js of each platform, the gateway's platform-free-tool-code.js and tool-code.js): a key's
 * calls are counted once, whichever file's chain runs them (as the API key cache, middleware/authenticate.ts).
 */
const KEY_RATE_LIMITER = Symbol.for('ad-gateway.key-rate-limiter');
export const keyRateLimiter: KeyRateLimiter = ((globalThis as Record<symbol, KeyRateLimiter | undefined>)[KEY_RATE_LIMITER] ??=
  new KeyRateLimiter());

export class RateLimitedError extends GatewayError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      `Too many requests with this API key: slow down and retry after ${retryAfterSeconds} second(s). Nothing ran and no quota was used.`,
      {
        code: 'rate_limited',
        headers: { 'Retry-After': String(retryAfterSeconds) },
        structuredContent: { retry_after_seconds: retryAfterSeconds },
      },
    );
    this.name = 'RateLimitedError';
  }
}

/** The chain's step right after auth: one call of the key's bucket, or 429 rate_limited. */
export function rateLimit(now: () => number = Date.now): GatewayMiddleware {
  const rateLimitBefore = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    if (!state.keyId) return;
    const wait = keyRateLimiter.take(state.keyId, now(), keyRateLimit());
    if (wait !== undefined) throw new RateLimitedError(wait);
  };
  return { before: rateLimitBefore };
}
