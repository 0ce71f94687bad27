/**
 * Every failure a caller can see is one of these. The status decides the envelope; the message is
 * shown to end users as it is, so it must be actionable and must never carry internals or secrets.
 */
export class GatewayError extends Error {
  readonly statusCode: number;
  readonly structuredContent?: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    options: { structuredContent?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'GatewayError';
    this.statusCode = statusCode;
    this.structuredContent = options.structuredContent;
    this.headers = options.headers ?? {};
  }
}

/** 400 before the tool ran: the request body or its arguments are not acceptable. */
export class BadRequestError extends GatewayError {
  constructor(message: string, structuredContent?: Record<string, unknown>) {
    super(400, message, { structuredContent });
    this.name = 'BadRequestError';
  }
}

/** 400 for account selection: several accounts and none named, or a named one not connected. */
export class AccountSelectionError extends GatewayError {
  constructor(message: string, structuredContent: Record<string, unknown>) {
    super(400, message, { structuredContent });
    this.name = 'AccountSelectionError';
  }
}

/** 400 raised by a tool or the platform while the tool ran (a rule, a missing entity, a bad state). */
export class ToolError extends GatewayError {
  constructor(message: string, structuredContent?: Record<string, unknown>) {
    super(400, message, { structuredContent });
    this.name = 'ToolError';
  }
}

export class UnauthorizedError extends GatewayError {
  constructor(message: string) {
    super(401, message, { headers: { 'WWW-Authenticate': 'Bearer' } });
    this.name = 'UnauthorizedError';
  }
}

export class QuotaExceededError extends GatewayError {
  readonly quota: Record<string, unknown>;
  constructor(message: string, quota: Record<string, unknown>) {
    super(402, message);
    this.name = 'QuotaExceededError';
    this.quota = quota;
  }
}

export class ToolNotFoundError extends GatewayError {
  constructor(message: string, suggestions: string[]) {
    super(404, message, suggestions.length ? { structuredContent: { suggestions } } : {});
    this.name = 'ToolNotFoundError';
  }
}

export class MethodNotAllowedError extends GatewayError {
  constructor(allowed: string) {
    super(405, `This path only accepts ${allowed}.`, { headers: { Allow: allowed } });
    this.name = 'MethodNotAllowedError';
  }
}

/** 409: the same Idempotency-Key is still being executed by an earlier request. */
export class IdempotencyInProgressError extends GatewayError {
  constructor(retryAfterSeconds: number) {
    super(
      409,
      'A request with this Idempotency-Key is still being processed. Wait a moment and retry with the same key to get its result.',
      { headers: { 'Retry-After': String(retryAfterSeconds) } },
    );
    this.name = 'IdempotencyInProgressError';
  }
}

/** 422: the Idempotency-Key was already used with different arguments. */
export class IdempotencyKeyReusedError extends GatewayError {
  constructor() {
    super(
      422,
      'This Idempotency-Key was already used with different arguments. Use a new UUID for each new operation.',
    );
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** 429: the upstream ad platform rate-limited the call. Transient: the caller retries with backoff. */
export class UpstreamRateLimitError extends GatewayError {
  constructor(platform: string, retryAfterSeconds?: number) {
    super(
      429,
      `The ${platform} platform is rate-limiting requests right now. Nothing was changed. Retry with backoff` +
        (retryAfterSeconds ? ` in about ${retryAfterSeconds} seconds.` : '.'),
      { headers: retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {} },
    );
    this.name = 'UpstreamRateLimitError';
  }
}

/** 500 caused by the upstream platform's own server error. Transient. */
export class UpstreamServerError extends GatewayError {
  constructor(platform: string) {
    super(500, `The ${platform} platform returned a server error. Try again in a few minutes; if it persists, report it to support.`);
    this.name = 'UpstreamServerError';
  }
}
