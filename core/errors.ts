/**
 * Every failure a caller can see is one of these. The status decides the envelope; the message is
 * shown to end users as it is, so it must be actionable and must never carry internals or secrets.
 */
/** `structured_content` of an error: anything useful to a program, and its code from ERROR_CODES. */
export type StructuredContent = Record<string, unknown> & { code?: ErrorCode };

export class GatewayError extends Error {
  readonly statusCode: number;
  /**
   * `structured_content` of the error envelope. Always carries `code`, one word of ERROR_CODES: the
   * one given here, else the error class's default.
   */
  readonly structuredContent: Record<string, unknown> & { code: ErrorCode };
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    options: { structuredContent?: StructuredContent; headers?: Record<string, string>; code?: ErrorCode } = {},
  ) {
    super(message);
    this.name = 'GatewayError';
    this.statusCode = statusCode;
    const code = options.structuredContent?.code ?? options.code ?? defaultCode(statusCode);
    this.structuredContent = { ...options.structuredContent, code };
    this.headers = options.headers ?? {};
  }
}

/**
 * The vocabulary of `structured_content.code` (CONTRACT.md section 5): programs branch on it, never
 * on the English `error` text. Documented in OpenAPI (ErrorCode) and the README.
 */
export const ERROR_CODES = {
  // The request itself (before any tool ran).
  invalid_request:
    'The request itself is malformed: not JSON, not an object, `arguments` not an object, an unknown top-level field (`fields` names them), or a bad Idempotency-Key header.',
  invalid_arguments: "One or more arguments break the tool's schema or rules; `problems` lists each, naming the field.",
  unauthorized: 'Missing, malformed, unknown, revoked or expired API key.',
  key_scope: "The API key's scope does not allow this call (a read-only key calling a write, or approving without an approve-scoped key).",
  tool_not_found: 'No tool of that name (404); `suggestions` lists the closest names.',
  route_not_found: 'No endpoint at that path (404); tools are called with POST /api/v1/tools/<tool>/execute.',
  method_not_allowed: 'The path accepts another HTTP method (405); the Allow header names it.',
  host_not_allowed:
    'The local server (npm start) was reached under a host name other than localhost, 127.0.0.1 or [::1] (403, DNS-rebinding protection).',
  request_timeout: 'The request was not received completely in time (408); send it again.',
  integration_timeout:
    'The gateway stopped waiting for the tool (504); it may still complete: retry with the same Idempotency-Key to get its result.',
  rate_limited: 'Too many requests with this API key right now (429); retry after Retry-After.',
  payload_too_large: 'The request body is larger than 10 MB (413).',
  account_selection_required: 'Several accounts of the platform are connected and none was named; `accounts` lists them.',
  account_not_connected: 'The named account (or any account of the platform) is not connected; `accounts` lists the valid ones.',
  // Quota and idempotency.
  quota_exhausted: 'The monthly tool-call allowance is used up (402); the message carries the upgrade link.',
  idempotency_in_progress: 'A request with the same Idempotency-Key is still running (409); retry after Retry-After.',
  idempotency_mismatch: 'The Idempotency-Key was already used with different arguments (422).',
  // The tool or the platform refused the call; nothing was changed.
  tool_rejected: 'The tool or the platform refused the call (a rule, a state) and nothing was changed; the message says what to do.',
  not_found: 'An id names nothing in the account; `entity` and `id` say which, the message names the tool that lists valid ids.',
  archived: 'The entity is archived (or removed) and cannot be changed or used any more.',
  invalid_state: 'The entity is in a state that does not allow this change (e.g. a job still processing).',
  invalid_status_transition: 'The entity cannot go from its current status to the one asked for.',
  duplicate:
    "The same thing exists already (the same event setting, the same member), or a replay's write was applied after its outcome_unknown answer (`change_id` names it).",
  duplicate_name: 'Another entity of the account already has that name.',
  date_after_yesterday: 'A report date lies after yesterday in the account time zone: there are no figures yet.',
  start_date_past: 'A start date lies in the past.',
  start_date_locked: 'The start date cannot change any more: the entity has started.',
  end_date_past: 'An end date lies in the past.',
  end_before_start: 'An end date lies before the start date.',
  budget_below_minimum: "A budget or bid is below the platform's minimum; the message names it.",
  budget_type: 'The budget is of another type (daily or lifetime) than the one given.',
  budget_level: 'The budget lives on another level (campaign or ad set) than the one changed.',
  total_below_daily: 'A total (lifetime) budget is below the daily budget.',
  objective_not_allowed: "The campaign's objective does not allow this.",
  targeting_needs_location: 'Targeting must include at least one location.',
  targeting_conflict: 'The same targeting value is both included and excluded; the message names each.',
  unknown_targeting_value: 'A targeting value is not one the platform knows; the message names the tool that lists them.',
  audience_too_small: 'The audience is too small for the platform to deliver to.',
  not_catalog: 'The entity is not part of a catalog campaign: use the tool the message names.',
  format_mismatch: "The creative's format does not fit the placement or the ad.",
  asset_kind_mismatch: 'The asset is of another kind than the field takes (an image where a video goes).',
  asset_type_not_allowed: 'This asset type is not allowed there.',
  asset_rejected: "The platform's review rejected the asset.",
  creative_not_editable: 'The creative cannot be edited any more (it is serving, or under review).',
  creative_copy_invalid: 'The ad copy breaks a platform rule (length, characters, claims).',
  campaign_not_open: 'The campaign is not open for this change (ended, or not yet approved).',
  campaign_not_editable: 'The campaign cannot be edited in its current state.',
  group_not_open: 'The campaign group is not open for this change.',
  group_not_empty: 'The campaign group still holds campaigns.',
  group_not_editable: 'The campaign group cannot be edited in its current state.',
  delete_active: 'An active entity cannot be deleted: pause it first.',
  negative_blocks_keyword:
    'A negative keyword would block active keywords of its campaign or ad group; `blocked` names each, and allow_blocking_keywords: true adds it anyway.',
  nothing_to_optimize: 'There is nothing the analysis can act on (too little spend or data).',
  url_refused:
    'A link the tool must fetch is refused before anything is sent: it resolves to a loopback, private, link-local or metadata address, or cannot be resolved.',
  // Spend safety.
  guardrail_blocked: "The write breaks one of the owner's guardrails; `guardrails` lists which, with the limit.",
  entity_changed: 'A held write was not applied: the entity changed since it was planned.',
  action_not_found: 'No held action of that id.',
  action_not_pending: 'The held action was already decided (applied, rejected, failed); it runs at most once.',
  action_expired: 'The held action expired (held actions wait 48 hours).',
  change_not_found: 'No change of that id in the audit trail.',
  not_revertible: 'The change cannot be undone (a final removal, an archive).',
  already_reverted: 'The change was reverted already.',
  // Live platforms.
  live_not_supported: "The platform's public API does not offer this on live accounts; the message says what is missing.",
  live_setup_incomplete: "The gateway's own app setup for the platform is incomplete (an operator's task); the connection is fine.",
  invalid_credentials: 'The platform refused the credentials given to connect an account.',
  connection_broken: "The live connection's credential no longer works; reconnect the account.",
  upstream_rate_limited: 'The ad platform rate-limited the call (429); nothing changed, retry with backoff.',
  upstream_unavailable: 'The ad platform failed or did not answer and nothing changed (500); retry later.',
  outcome_unknown: 'A write may or may not have been applied; check with a read before retrying.',
  report_pending:
    'The ad platform is still preparing the report (503): call again with the same arguments after Retry-After to collect it; no quota used.',
  // The gateway itself.
  store_unavailable: "The gateway's storage did not answer (503); nothing ran, no quota used.",
  deadline_exceeded: 'The tool did not finish in time (504); nothing changed, no quota used.',
  internal_error: 'Something failed inside the gateway (500); report the request id.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

function defaultCode(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 400:
      return 'tool_rejected';
    case 401:
      return 'unauthorized';
    case 402:
      return 'quota_exhausted';
    case 404:
      return 'tool_not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'idempotency_in_progress';
    case 422:
      return 'idempotency_mismatch';
    case 429:
      return 'upstream_rate_limited';
    case 503:
      return 'store_unavailable';
    case 504:
      return 'deadline_exceeded';
    default:
      return statusCode >= 500 ? 'upstream_unavailable' : 'tool_rejected';
  }
}

/**
 * A value as an error message may quote it: at most `max` characters (whole code points), so a huge
 * invalid value is never echoed back (a 9 MB value must not make a response past Lambda's 6 MB).
 */
export function quoted(value: unknown, max = 60): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const chars = Array.from(text.length > max * 2 + 8 ? text.slice(0, max * 2 + 8) : text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** 400 before the tool ran: the request body or its arguments are not acceptable. */
export class BadRequestError extends GatewayError {
  constructor(message: string, structuredContent?: StructuredContent, code: ErrorCode = 'invalid_request') {
    super(400, message, { structuredContent, code });
    this.name = 'BadRequestError';
  }
}

/** 400 for account selection: several accounts and none named, or a named one not connected. */
export class AccountSelectionError extends GatewayError {
  constructor(message: string, structuredContent: StructuredContent, code: ErrorCode = 'account_selection_required') {
    super(400, message, { structuredContent, code });
    this.name = 'AccountSelectionError';
  }
}

/** 400 raised by a tool or the platform while the tool ran (a rule, a missing entity, a bad state). */
export class ToolError extends GatewayError {
  constructor(message: string, structuredContent?: StructuredContent) {
    super(400, message, { structuredContent, code: 'tool_rejected' });
    this.name = 'ToolError';
  }
}

/**
 * 400: an id the caller gave names nothing in the account (`code: not_found`). The message names the
 * id and the tool that lists valid ids; the status stays 400 (specification: an unknown tool is the
 * only 404, so a client never mistakes a wrong id for a wrong URL).
 */
export class NotFoundError extends ToolError {
  constructor(message: string, details: { entity: string; id: string }) {
    super(message, { code: 'not_found', entity: details.entity, id: quoted(details.id) });
    this.name = 'NotFoundError';
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
  /** `usedForDryRun`: the key's first use was the dry run of these same arguments (a copied dry-run step). */
  constructor(usedForDryRun = false) {
    super(
      422,
      usedForDryRun
        ? 'This Idempotency-Key was already used for the dry run of this write. A dry run and its write each need their own key: send the write with a new UUID.'
        : 'This Idempotency-Key was already used with different arguments. Use a new UUID for each new operation.',
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
 * 400 `live_setup_incomplete`: the gateway's own setup for live accounts (an app credential or setting, the app's
 * access at the platform, an API version the platform no longer serves, the secret that holds the settings) is the
 * operator's to fix, not the owner's: nothing was changed, and the owner's connection is not marked broken
 * (platforms/manifest.ts). One class for every live adapter; `what` says what is wrong, never a secret's value.
 */
export class LiveSetupError extends GatewayError {
  constructor(subject: { platform: string; platformError?: string; requestId?: string } | { setting: string }, what: string) {
    const [about, guide] =
      'platform' in subject
        ? [`The gateway's ${subject.platform} setup for live accounts is not ready`, `docs/live/${subject.platform}.md`]
        : [`The gateway's setting ${subject.setting} cannot be read`, 'docs/live-accounts.md'];
    const details =
      'platform' in subject
        ? {
            platform: subject.platform,
            ...(subject.platformError ? { platform_error: subject.platformError } : {}),
            ...(subject.requestId ? { request_id: subject.requestId } : {}),
          }
        : { setting: subject.setting };
    super(
      400,
      `${about}: ${what} The gateway's operator must fix it (${guide}); nothing was changed and the account's connection is fine.`,
      {
        structuredContent: { code: 'live_setup_incomplete', ...details },
      },
    );
    this.name = 'LiveSetupError';
  }
}

/**
 * 500: a write reached the platform but its answer was lost (timeout, connection reset, 5xx after
 * sending). It may or may not have been applied: the caller must check with a read before retrying.
 */
export class OutcomeUnknownError extends GatewayError {
  /**
   * The write carried the platform's own idempotency key: sent again under it (a replay under the same
   * Idempotency-Key), the platform answers the first result instead of changing anything twice.
   */
  readonly resendable: boolean;
  /** `message` replaces the default (a replay that could not settle the write says why). */
  constructor(platform: string, message?: string, options: { resendable?: boolean } = {}) {
    super(
      500,
      message ??
        `The ${platform} platform did not confirm this change in time, so it may or may not have been applied. Do not repeat it blindly: send it again with the same Idempotency-Key (the gateway then checks whether it took effect and runs it only if it did not), or check the entity with a read tool first and retry only if it did not change.`,
      { structuredContent: { code: 'outcome_unknown', platform } },
    );
    this.name = 'OutcomeUnknownError';
    this.resendable = options.resendable ?? false;
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

/** 504: a read tool did not finish before the function's deadline. Nothing was changed. */
export class DeadlineExceededError extends GatewayError {
  constructor() {
    super(
      504,
      'This tool did not finish in time, so it was stopped. Nothing was changed and no quota was used. Retry; if it keeps happening, ask for less data (a shorter date range or fewer entities).',
      {
        structuredContent: { code: 'deadline_exceeded' },
      },
    );
    this.name = 'DeadlineExceededError';
  }
}

/**
 * 503: the platform prepares this report asynchronously and it was not ready within the call. It is
 * kept: the same call made again after Retry-After collects it (platforms/live/report-jobs.ts).
 */
export class ReportPendingError extends GatewayError {
  constructor(platform: string, retryAfterSeconds: number) {
    super(
      503,
      `The ${platform} platform is still preparing this report. No quota was used. Call again with the same arguments in about ${retryAfterSeconds} seconds to collect it.`,
      { structuredContent: { code: 'report_pending', platform }, headers: { 'Retry-After': String(retryAfterSeconds) } },
    );
    this.name = 'ReportPendingError';
  }
}
