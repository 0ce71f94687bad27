import { randomUUID } from 'node:crypto';
import { GatewayError, quoted } from '../../../core/errors';
import { errorResponse, internalErrorResponse } from '../envelope';
import { requestDeadlines } from '../deadlines';
import { createLogger } from '../log';
import { currentStoreScope } from '../stores/dynamo';
import { type GatewayContext, type GatewayRequest, type GatewayMiddleware, type GatewayResult, stateOf } from '../state';

const EXECUTE_PATH = /\/api\/v1\/tools\/([^/]+)\/execute\/?$/;

/**
 * The tool named by the request: the `{tool}` path parameter of the catch-all route, or the
 * literal segment of a per-tool route (`/api/v1/tools/list_campaigns/execute`, no parameter).
 */
export function toolNameOf(event: GatewayRequest['event']): string {
  if (event.pathParameters?.tool) return event.pathParameters.tool;
  const match = EXECUTE_PATH.exec(event.resource ?? '') ?? EXECUTE_PATH.exec(event.path ?? '');
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    // Broken percent-encoding: the name as sent (the tool lookup answers 404 for it).
    return match[1];
  }
}

/**
 * What the checks in front of a deferred tool handler answer when they pass (functions/runtime/front-checks.ts):
 * never sent; the envelope leaves it alone (no header, no log line), as the chain that runs next answers the request.
 */
export const CHECKS_PASSED: GatewayResult = { statusCode: 0, headers: {}, body: '' };

/**
 * The outermost step: gives the request its id and state, and turns whatever happened into the
 * specification's envelope with an `X-Request-Id` header and one log line.
 */
export function envelope(): GatewayMiddleware {
  const envelopeBefore = async (request: GatewayRequest) => {
    const requestId = request.event.requestContext?.requestId || randomUUID();
    const toolName = toolNameOf(request.event);
    const deadlines = requestDeadlines(request.context);
    // The handler runs the chain in a store scope; the chain's own calls must end by the tool deadline.
    const storeScope = currentStoreScope() ?? { deadline: deadlines.store };
    storeScope.deadline = deadlines.tool;
    (request.context as GatewayContext).gateway = {
      deadlines,
      storeScope,
      requestId,
      startedAt: Date.now(),
      now: new Date(),
      toolName,
      log: createLogger({ request_id: requestId, tool: toolName }),
    };
  };

  const finish = (request: GatewayRequest) => {
    const state = stateOf(request.context);
    const response = request.response!;
    if (response.statusCode >= 400) response.body = withoutEchoes(response.body, request.event.body);
    response.headers = { ...response.headers, 'X-Request-Id': state.requestId };
    state.log.info('request', {
      status: response.statusCode,
      duration_ms: Date.now() - state.startedAt,
      owner_id: state.owner?.owner_id,
      key_id: state.keyId,
      account_id: state.account?.account_id,
      replayed: Boolean(state.idempotency?.replay),
    });
  };

  const envelopeAfter = async (request: GatewayRequest) => {
    if (request.response !== CHECKS_PASSED) finish(request);
  };

  const envelopeOnError = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    const error = request.error;
    if (error instanceof GatewayError) {
      request.response = errorResponse(state.toolName, error);
    } else {
      // A bug: log what happened (type and message, no request body), answer without internals.
      const err = error as Error;
      state.log.error('unhandled error', { error_name: err?.name, error_message: err?.message, stack: err?.stack });
      request.response = internalErrorResponse(state.toolName, state.requestId);
    }
    finish(request);
  };

  return { before: envelopeBefore, after: envelopeAfter, onError: envelopeOnError };
}

/** Longest piece of a caller's value an error may quote (docs/errors.md). */
const QUOTE_CHARS = 60;

/**
 * An error answer never echoes a caller's long value: whatever a tool or rule wrote into the
 * message or the structured content, each string of the request body longer than QUOTE_CHARS is
 * replaced there by its first QUOTE_CHARS characters and "…" (a 2.4 MB value gives an answer of a
 * few hundred bytes, far from Lambda's 6 MB response limit). The tool name from the path likewise.
 */
export function withoutEchoes(body: string, request: unknown): string {
  const long = new Set<string>();
  const collect = (value: unknown, depth: number) => {
    if (long.size >= 200 || depth > 20) return;
    if (typeof value === 'string') {
      if (value.length > QUOTE_CHARS + 1) long.add(value);
    } else if (Array.isArray(value)) value.slice(0, 1000).forEach((item) => collect(item, depth + 1));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value).slice(0, 1000)) {
        collect(key, depth + 1);
        collect(item, depth + 1);
      }
  };
  collect(request, 0);
  let answer: { tool?: unknown } & Record<string, unknown>;
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return body;
  }
  if (typeof answer.tool === 'string' && answer.tool.length > 64) answer.tool = quoted(answer.tool, QUOTE_CHARS);
  if (!long.size) return JSON.stringify(answer);
  // Longest first, so a value that contains a shorter one is replaced whole.
  const values = [...long].sort((a, b) => b.length - a.length);
  const scrub = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') {
      let text = value;
      for (const long of values)
        if (text.length >= long.length && text.includes(long)) text = text.split(long).join(quoted(long, QUOTE_CHARS));
      return text;
    }
    if (depth > 20) return value;
    if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, item]) => [scrub(k, depth + 1) as string, scrub(item, depth + 1)]));
    return value;
  };
  return JSON.stringify(scrub(answer, 0));
}
