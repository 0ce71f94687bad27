import { OutcomeUnknownError, UpstreamRateLimitError, UpstreamUnavailableError } from '../../core/errors';
import type { PortCall } from '../../core/tool';

/**
 * The one HTTP client of the live adapters. Every upstream call:
 * - carries the request's deadline (and abort signal), so it ends inside the function's time;
 * - is retried with backoff on a 5xx, a timeout or a lost connection only when it is `safe`
 *   (a read, or a search sent as POST), never when it could change something;
 * - answers 429 as `UpstreamRateLimitError` with the platform's Retry-After (or the delay its body gives);
 * - turns a failure into an envelope a marketer can act on: `UpstreamUnavailableError` when it is
 *   known that nothing changed, `OutcomeUnknownError` when a write may have been applied.
 * Other statuses (2xx, 4xx) come back to the adapter, which reads them in its platform's format.
 */
export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as `application/json` (or the Content-Type given in `headers`, such as a vendor media type). */
  json?: unknown;
  /**
   * A JSON body already serialized, sent like `json`: for platforms whose integer ids exceed what a
   * JavaScript number holds exactly, which JSON.stringify cannot write.
   */
  jsonText?: string;
  /** Sent as `application/x-www-form-urlencoded` (OAuth token requests). */
  form?: Record<string, string>;
  /** Sent as they are with their content type (media uploads to an address the platform handed out). */
  bytes?: { data: Uint8Array; contentType: string };
  /** true when sending it twice cannot change anything: reads, searches sent as POST, and keyed writes. */
  safe: boolean;
  /**
   * A write the platform de-duplicates by the idempotency key it carries (`safe` too, so it is sent again
   * under the same key). When no answer came back it may still have been applied: it then answers
   * `outcome_unknown`, never "nothing was changed".
   */
  keyedWrite?: boolean;
  /** For a platform that gives a 429's delay in its body rather than as Retry-After: the delay in seconds, read from the body. */
  retryAfter?: (body: unknown) => number | undefined;
}

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: unknown;
  /** The body as text, for platforms whose JSON carries integers past Number.MAX_SAFE_INTEGER. */
  text: string;
}

const MAX_ATTEMPTS_SAFE = 3;
const BASE_BACKOFF_MS = 200;
/** Below this much time left, a call is not started: it could not finish. */
const MIN_CALL_MS = 100;

/** Network errors that happen before a request reaches the platform: nothing can have changed. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

export async function sendUpstream(platform: string, request: UpstreamRequest, call: PortCall): Promise<UpstreamResponse> {
  const attempts = request.safe ? MAX_ATTEMPTS_SAFE : 1;
  let lastFailure = 'did not answer';
  /** An attempt may have reached the platform (it timed out or failed after it was sent). */
  let maybeReached = false;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const remaining = call.deadline - Date.now();
    if (remaining < MIN_CALL_MS || call.signal.aborted) break;
    const started = Date.now();
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: headersOf(request),
        body: bodyOf(request),
        signal: AbortSignal.any([call.signal, AbortSignal.timeout(remaining)]),
        redirect: 'error',
      });
    } catch (err) {
      const code = causeCode(err);
      call.log.warn('upstream call failed', {
        platform,
        method: request.method,
        path: pathOf(request.url),
        error: code ?? 'timeout',
        ms: Date.now() - started,
      });
      if (!request.safe && !(code && NOT_SENT.has(code))) throw new OutcomeUnknownError(platform);
      lastFailure = code && NOT_SENT.has(code) ? 'could not be reached' : 'did not answer in time';
      maybeReached ||= !(code && NOT_SENT.has(code));
      await backoff(attempt, attempts, call);
      continue;
    }
    const text = await response.text();
    const body = parseBody(text);
    call.log.info('upstream call', {
      platform,
      method: request.method,
      path: pathOf(request.url),
      status: response.status,
      ms: Date.now() - started,
    });
    if (response.status === 429) {
      throw new UpstreamRateLimitError(platform, retryAfterSeconds(response.headers.get('retry-after')) ?? request.retryAfter?.(body));
    }
    if (response.status >= 500) {
      if (!request.safe) throw new OutcomeUnknownError(platform);
      lastFailure = 'returned a server error';
      maybeReached = true;
      await backoff(attempt, attempts, call);
      continue;
    }
    return { status: response.status, headers: response.headers, body, text };
  }
  if (request.keyedWrite && maybeReached) throw new OutcomeUnknownError(platform, lostKeyedWrite(platform), { resendable: true });
  throw new UpstreamUnavailableError(platform, lastFailure);
}

/** What a caller can do about a keyed write none of whose answers came back. */
function lostKeyedWrite(platform: string): string {
  return `The ${platform} platform did not confirm this change in time, so it may or may not have been applied (a create may exist already). If this request carried an Idempotency-Key, send it again with the same key: the platform recognises the repeat and answers the first result instead of making the change twice. Without a key, check with a read tool whether the change took effect before making it again.`;
}

function headersOf(request: UpstreamRequest): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.json !== undefined || request.jsonText !== undefined) headers['Content-Type'] ??= 'application/json';
  if (request.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  if (request.bytes) headers['Content-Type'] = request.bytes.contentType;
  return headers;
}

function bodyOf(request: UpstreamRequest): string | Uint8Array | undefined {
  if (request.jsonText !== undefined) return request.jsonText;
  if (request.json !== undefined) return JSON.stringify(request.json);
  if (request.form) return new URLSearchParams(request.form).toString();
  if (request.bytes) return request.bytes.data;
  return undefined;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Waits before the next attempt (exponential with jitter), never past the deadline. */
async function backoff(attempt: number, attempts: number, call: PortCall): Promise<void> {
  if (attempt >= attempts) return;
  const wait = Math.min(BASE_BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random()), call.deadline - Date.now() - MIN_CALL_MS);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Retry-After in seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** The path of a URL for logs: no query string (it may carry identifiers), never credentials. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '(invalid url)';
  }
}
