import { randomUUID } from 'node:crypto';
import { GatewayError } from '../../../core/errors';
import { errorResponse, internalErrorResponse } from '../envelope';
import { requestDeadlines } from '../deadlines';
import { createLogger } from '../log';
import { currentStoreScope } from '../stores/dynamo';
import { type GatewayContext, type GatewayRequest, type GatewayMiddleware, stateOf } from '../state';

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

  const envelopeAfter = async (request: GatewayRequest) => finish(request);

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
