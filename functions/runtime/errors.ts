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

/**
 * 400: the live connection's credential no longer works (API key revoked, refresh token expired or
 * revoked, account disabled). The owner must reconnect; get_connections_status shows the fix.
 */
export class ConnectionBrokenError extends GatewayError {
  constructor(platform: string, accountId: string, reason: string) {
    super(
      400,
      `The ${platform} connection of account ${accountId} no longer works: ${reason} Nothing was changed. Reconnect the account (gateway accounts connect ... --live), then retry; get_connections_status shows every connection's health.`,
      { structuredContent: { code: 'connection_broken', platform, account_id: accountId } },
    );
    this.name = 'ConnectionBrokenError';
  }
}

/** 500: the upstream platform failed or did not answer in time, and it is known that nothing changed. */
export class UpstreamUnavailableError extends GatewayError {
  constructor(platform: string, what: string) {
    super(500, `The ${platform} platform ${what}. Nothing was changed. Try again in a few minutes; if it persists, report it to support.`, {
      structuredContent: { code: 'upstream_unavailable', platform },
    });
    this.name = 'UpstreamUnavailableError';
  }
}

/**
 * 500: a write reached the platform but its answer was lost (timeout, connection reset, 5xx after
 * sending). It may or may not have been applied: the caller must check with a read before retrying.
 */
export class OutcomeUnknownError extends GatewayError {
  constructor(platform: string) {
    super(
      500,
      `The ${platform} platform did not confirm this change in time, so it may or may not have been applied. Do not repeat it blindly: check the entity with a read tool first, then retry only if it did not change.`,
      { structuredContent: { code: 'outcome_unknown', platform } },
    );
    this.name = 'OutcomeUnknownError';
  }
}

/**
 * 503: the gateway's own storage (DynamoDB) did not answer in time or failed. Before a tool ran
 * nothing was changed and the quota was not used; the caller retries after Retry-After.
 */
export class StoreUnavailableError extends GatewayError {
  constructor(retryAfterSeconds = 5) {
    super(
      503,
      `The gateway's storage is not answering right now, so this call was not carried out and no quota was used. Retry in about ${retryAfterSeconds} seconds; GET /health shows when it is back.`,
      { structuredContent: { code: 'store_unavailable' }, headers: { 'Retry-After': String(retryAfterSeconds) } },
    );
    this.name = 'StoreUnavailableError';
  }
}

/**
 * 503: the monthly limit is taken up, but partly by calls still running; if some of them fail,
 * their units come back. Retryable: it is not "limit reached" until those calls have finished.
 */
export class QuotaPendingError extends GatewayError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      503,
      `All ${limit} tool calls of this month are taken, some by calls still running; units of calls that fail are given back. Retry in about ${retryAfterSeconds} seconds.`,
      { structuredContent: { code: 'quota_pending' }, headers: { 'Retry-After': String(retryAfterSeconds) } },
    );
    this.name = 'QuotaPendingError';
  }
}

/** 504: a read tool did not finish before the function's deadline. Nothing was changed. */
export class DeadlineExceededError extends GatewayError {
  constructor() {
    super(504, 'This tool did not finish in time, so it was stopped. Nothing was changed and no quota was used. Retry; if it keeps happening, ask for less data (a shorter date range or fewer entities).', {
      structuredContent: { code: 'deadline_exceeded' },
    });
    this.name = 'DeadlineExceededError';
  }
}
