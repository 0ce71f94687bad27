import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '../../core/errors';
import type { Context } from 'aws-lambda';
import { REGISTRY } from '../all-tools';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { functionTimeoutSeconds } from '../../lib/timeouts';
import type { ToolGroup } from '../../core/tool';
import type { GatewayResult, GatewayEvent } from '../runtime/state';
import type { ToolHandler } from '../runtime/handler';
import { handler as chatads } from '../../platforms/chatads/lambda';
import { handler as deskads } from '../../platforms/deskads/lambda';
import { handler as proads } from '../../platforms/proads/lambda';
import { handler as retailads } from '../../platforms/retailads/lambda';
import { handler as searchads } from '../../platforms/searchads/lambda';
import { handler as shortvideo } from '../../platforms/shortvideo/lambda';
import { handler as socialads } from '../../platforms/socialads/lambda';
import { handler as gateway } from '../gateway';
import { handler as mcp } from '../mcp';
import { isOAuthPath } from '../oauth/routes';

/**
 * One handler per group, exactly the ones the CDK stack deploys: the gateway function's own, and each
 * platform's function (platforms/<word>/lambda.ts), which opens only its own platform's accounts
 * (deskads also searchads' ports), as in AWS.
 */
const GROUP_HANDLERS: Record<ToolGroup, ToolHandler> = { gateway, searchads, socialads, proads, shortvideo, retailads, chatads, deskads };

/** The handler that runs a group's tools: the function the stack deploys for the group. */
export function groupHandler(group: ToolGroup): ToolHandler {
  return GROUP_HANDLERS[group];
}

/**
 * Routes like API Gateway does in AWS: POST on a registered tool's execute path goes to that tool's
 * group function; everything else (unknown tools, other methods, /health, catalog) to `gateway`.
 */
export function routeGroup(method: string, path: string): ToolGroup {
  const match = /^\/api\/v1\/tools\/([^/]+)\/execute\/?$/.exec(path);
  if (match && method === 'POST') return REGISTRY.get(decodePathSegment(match[1]))?.group ?? 'gateway';
  return 'gateway';
}

/** A path that API Gateway would not route: broken percent-encoding, or not a path at all. */
export class MalformedPathError extends Error {}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MalformedPathError(segment);
  }
}

/**
 * An answer API Gateway gives itself, before any function runs: the envelope of its gateway
 * responses (lib/gateway-api.ts), with the request id in `x-amzn-RequestId` and the body.
 */
export function edgeError(statusCode: number, message: string, code: ErrorCode): GatewayResult {
  const requestId = randomUUID();
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json', 'x-amzn-RequestId': requestId },
    body: JSON.stringify({ success: false, error: message, tool: '', is_error: true, request_id: requestId, structured_content: { code } }),
  };
}

export interface LocalRequest {
  method: string;
  /** Path with an optional query string. */
  url: string;
  /** Header pairs as the client sent them. */
  headers: Record<string, string>;
  body?: string;
}

/**
 * The API Gateway REST proxy event that AWS would hand the Lambda for this request. Like the
 * deployed API (lib/), a registered tool has routes of its own (`resource` is the literal path and
 * there is no path parameter); any other name reaches the `{tool}` catch-all routes. The connect
 * pages are `/connect/{platform}` and `/connect/{platform}/callback`.
 */
export function toApiGatewayEvent(request: LocalRequest): GatewayEvent {
  let url: URL;
  try {
    // An origin-form target (/path?query) is appended, so a path starting with // is not read as a host.
    url = new URL(request.url.startsWith('/') ? `http://localhost${request.url}` : request.url);
  } catch {
    throw new MalformedPathError(request.url);
  }
  const path = url.pathname;
  const method = request.method.toUpperCase();
  const query = Object.fromEntries(url.searchParams.entries());
  const { resource, pathParameters } = resourceOf(path);
  const requestId = randomUUID();
  return {
    resource,
    path,
    httpMethod: method,
    headers: request.headers,
    multiValueHeaders: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: null,
    pathParameters,
    stageVariables: null,
    requestContext: {
      requestId,
      stage: 'local',
      httpMethod: method,
      path,
      resourcePath: resource,
      identity: { sourceIp: '127.0.0.1' },
    } as GatewayEvent['requestContext'],
    body: request.body === undefined || request.body === '' ? null : request.body,
    isBase64Encoded: false,
  };
}

function resourceOf(path: string): { resource: string; pathParameters: Record<string, string> | null } {
  const connect = /^\/connect\/([^/]+)(\/callback)?\/?$/.exec(path);
  if (connect) return { resource: `/connect/{platform}${connect[2] ?? ''}`, pathParameters: { platform: decodedSegment(connect[1]) } };
  const match = /^\/api\/v1\/tools\/([^/]+)(\/execute)?\/?$/.exec(path);
  if (!match) return { resource: path, pathParameters: null };
  const name = decodePathSegment(match[1]);
  const suffix = match[2] ?? '';
  if (REGISTRY.get(name)) return { resource: `/api/v1/tools/${name}${suffix}`, pathParameters: null };
  return { resource: `/api/v1/tools/{tool}${suffix}`, pathParameters: { tool: name } };
}

/** A path segment as API Gateway hands it over: percent-decoded, or as sent when it is malformed. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Groups with a long-running tool get the longer Lambda timeout, as in the stack; MCP runs every tool. */
const LONG_RUNNING_GROUPS = new Set<string>([
  'mcp',
  ...REGISTRY.all()
    .filter((tool) => tool.longRunning)
    .map((tool) => tool.group),
]);

/**
 * The Lambda context of one call: the remaining time the group's function has in AWS (default
 * settings), or `functionMs` when the caller sets it (tests of what a call does at its deadline).
 */
function lambdaContext(group: ToolGroup | 'mcp', requestId: string, functionMs?: number): Context {
  const seconds = functionTimeoutSeconds(LONG_RUNNING_GROUPS.has(group), DEFAULT_SETTINGS.longRunningTimeoutSeconds);
  const deadline = Date.now() + (functionMs ?? seconds * 1000);
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${group}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${group}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/local/${group}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** One request through the deployed code path: event → group Lambda handler → result. */
export async function dispatch(request: LocalRequest, options: { functionMs?: number } = {}): Promise<GatewayResult> {
  let event: GatewayEvent;
  let group: ToolGroup;
  try {
    event = toApiGatewayEvent(request);
    // The MCP endpoint has a function of its own, as in the stack (lib/gateway-api.ts).
    if (/^\/mcp\/?$/.test(event.path) || isOAuthPath(event.path))
      return mcp(event, lambdaContext('mcp', event.requestContext.requestId, options.functionMs));
    group = routeGroup(event.httpMethod, event.path);
  } catch (error) {
    if (!(error instanceof MalformedPathError)) throw error;
    return edgeError(
      400,
      'The request path is not valid (it has broken percent-encoding). Tools are called with POST /api/v1/tools/<tool>/execute; the catalog is GET /api/v1/tools.',
      'invalid_request',
    );
  }
  return groupHandler(group)(event, lambdaContext(group, event.requestContext.requestId, options.functionMs));
}
