import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { catalogEntryNamed } from '../catalog/artifact';
import { GatewayError } from '../../core/errors';
import { createLogger } from '../runtime/log';
import { authenticateBearer } from '../runtime/middleware/authenticate';
import type { Owner } from '../../core/accounts';
import { header, type GatewayEvent, type GatewayResult } from '../runtime/state';
import type { Logger, ProgressReporter } from '../../core/tool';
import { callTool } from './call';
import {
  classify,
  ErrorCode,
  errorMessage,
  InvalidParamsError,
  JsonRpcFailure,
  notificationMessage,
  PreparedResultMessage,
  resultMessage,
  type JsonRpcId,
  type JsonRpcRequest,
} from './json-rpc';
import { isOAuthPath, oauthRoute, resourceMetadataUrl } from '../oauth/routes';
import { CALL_TOOL, isMetaTool, SEARCH_TOOLS, searchAnswer, searchArguments } from './meta-tools';
import { describeScope, mcpTool, parseScope, parseToolFilter, preparedToolsPage, scopeOffers, type ToolScope } from './tools';
import { encodedResponse } from '../catalog/prepared-bytes';

/** Protocol revisions this endpoint speaks, newest first (Streamable HTTP, one message per POST). */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

export const SERVER_INFO = { name: 'ad-platform-tool-gateway', title: 'Ad-platform tool gateway', version: '1.0.0' };

const INSTRUCTIONS =
  'Tools to read, change and analyse advertising on seven platforms (searchads, socialads, proads, shortvideo, retailads, chatads, deskads). ' +
  'Start with list_connected_accounts; with several accounts on a platform, name one in its account parameter (the error lists them). ' +
  'The list holds everyday helpers; find any other tool with search_tools and run it with call_tool (or by its name). ' +
  'Every call but get_usage_status, list_connected_accounts and get_connections_status counts against the monthly quota. ' +
  'For writes, send a new UUID per operation in _meta["idempotency-key"] and reuse it when retrying, so nothing runs twice.';

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, stateless (no session id is issued
 * or required), over the same registry and chain as the REST routes. Checks run in this order, the
 * first failure answers: method (405), Origin (403), API key (401 with WWW-Authenticate, before any
 * JSON-RPC is read), MCP-Protocol-Version (400), Content-Type (415), Accept (406), body (400).
 * Requests answer 200 with one JSON-RPC message, or with an SSE stream (text/event-stream) that
 * carries a tool's progress notifications before its result when the client sent
 * `_meta.progressToken` and accepts text/event-stream. Notifications and responses answer 202.
 */
export async function handleMcp(event: GatewayEvent, context: Context): Promise<GatewayResult> {
  const requestId = event.requestContext?.requestId || randomUUID();
  const log = createLogger({ request_id: requestId, endpoint: 'mcp' });
  const startedAt = Date.now();
  const exchange: Exchange = { event, context, requestId, log };
  let response: GatewayResult;
  try {
    response = await answer(exchange);
  } catch (error) {
    // A bug or a store outage outside a tool call (tool calls answer their own 500s): the request
    // id only, nothing internal.
    const err = error as Error;
    log.error('unhandled error', { error_name: err?.name, error_message: err?.message, stack: err?.stack });
    response = httpError(500, `An internal error happened. Report request id ${requestId} to support.`, {}, ErrorCode.InternalError);
  }
  response.headers['X-Request-Id'] = requestId;
  log.info('request', {
    status: response.statusCode,
    rpc_method: exchange.rpcMethod,
    tool: exchange.tool,
    duration_ms: Date.now() - startedAt,
    owner_id: exchange.owner?.owner_id,
    key_id: exchange.keyId,
  });
  return response;
}

/** One HTTP request to the endpoint and what was learnt about it (for the log line). */
interface Exchange {
  event: GatewayEvent;
  context: Context;
  requestId: string;
  log: Logger;
  owner?: Owner;
  keyId?: string;
  rpcMethod?: string;
  tool?: string;
}

async function answer(exchange: Exchange): Promise<GatewayResult> {
  const { event } = exchange;
  // MCP sign-in (OAuth 2.1): metadata, registration, consent and tokens, served by this function.
  if (isOAuthPath(event.path ?? '')) {
    exchange.rpcMethod = `oauth ${event.path}`;
    return oauthRoute(event);
  }
  const method = (event.httpMethod ?? '').toUpperCase();
  if (method !== 'POST') {
    return httpError(
      405,
      'This MCP endpoint takes JSON-RPC messages by POST. It offers no server-initiated stream (GET) and no sessions to end (DELETE).',
      {
        Allow: 'POST',
      },
    );
  }
  if (!originAllowed(event)) {
    return httpError(
      403,
      'Requests from web pages of other origins are refused (Origin header). Call the MCP endpoint from an MCP client or a server.',
    );
  }
  const authorization = header(event, 'authorization');
  try {
    exchange.owner = await authenticateBearer(authorization, (keyId) => (exchange.keyId = keyId));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // RFC 6750: a request without credentials gets the bare challenge, a bad key or token
    // "invalid_token"; both name the resource metadata (RFC 9728), where sign-in starts.
    const metadata = `resource_metadata="${resourceMetadataUrl(event)}"`;
    const challenge = authorization?.trim() ? `Bearer realm="mcp", error="invalid_token", ${metadata}` : `Bearer realm="mcp", ${metadata}`;
    return httpError(401, error.message, { 'WWW-Authenticate': challenge }, ErrorCode.Unauthorized);
  }
  const version = header(event, 'mcp-protocol-version');
  if (version !== undefined && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version.trim())) {
    return httpError(
      400,
      `Unsupported MCP-Protocol-Version "${version.slice(0, 20)}". Supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
    );
  }
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType.trim())) {
    return httpError(415, 'Send the JSON-RPC message with "Content-Type: application/json".');
  }
  const accept = acceptOf(event);
  if (!accept.json && !accept.eventStream) {
    return httpError(
      406,
      'The Accept header must allow application/json (MCP clients send "Accept: application/json, text/event-stream").',
    );
  }
  let body: unknown;
  try {
    const raw =
      typeof event.body === 'string' ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    body = JSON.parse(raw);
  } catch {
    return httpError(400, 'The body is not valid JSON. Send one JSON-RPC 2.0 message.', {}, ErrorCode.ParseError);
  }
  const parsed = classify(body);
  if (parsed.kind === 'invalid') return httpError(400, parsed.reason, {}, ErrorCode.InvalidRequest, parsed.id);
  if (parsed.kind !== 'request') {
    // notifications/initialized, notifications/cancelled, or a response: nothing to answer. This
    // endpoint keeps no session and sends no requests, so there is nothing to update either.
    if (parsed.kind === 'notification') exchange.rpcMethod = parsed.message.method;
    return { statusCode: 202, headers: {}, body: '' };
  }
  const request = parsed.message;
  exchange.rpcMethod = request.method;
  const notifications: Record<string, unknown>[] = [];
  let answered: string | undefined;
  let prepared: PreparedResultMessage | undefined;
  try {
    const result = await dispatch(exchange, request, (message) => notifications.push(message));
    // tools/list: a page serialised once, with this request's id put in (functions/mcp/json-rpc.ts).
    if (result instanceof PreparedResultMessage) prepared = result;
    else answered = JSON.stringify(resultMessage(request.id, result));
  } catch (error) {
    answered = JSON.stringify(failureMessage(exchange, request.id, error));
  }
  // A prepared page's text is made (and read) only when it is sent as text.
  const reply = () => answered ?? prepared!.text(request.id);
  // Progress was asked for and reported (or the client takes only SSE): an SSE stream of the
  // notifications, then the result.
  if ((notifications.length || !accept.json) && accept.eventStream)
    return eventStream([...notifications.map((message) => JSON.stringify(message)), reply()]);
  const headers = { 'Content-Type': 'application/json' };
  // A tools/list page is served gzip to clients that accept it, from its compressed fixed part.
  if (prepared) return encodedResponse(event, headers, reply, () => prepared.gzip(request.id));
  return { statusCode: 200, headers, body: reply() };
}

async function dispatch(exchange: Exchange, request: JsonRpcRequest, notify: (message: Record<string, unknown>) => void): Promise<unknown> {
  const params = request.params ?? {};
  switch (request.method) {
    case 'initialize':
      return initialize(exchange, params);
    case 'ping':
      return {};
    case 'tools/list':
      return listTools(exchange, params);
    case 'tools/call':
      return callToolRequest(exchange, params, notify);
    default:
      throw new JsonRpcFailure(
        ErrorCode.MethodNotFound,
        `Method "${request.method.slice(0, 60)}" is not supported. This server offers tools only: initialize, ping, tools/list, tools/call.`,
      );
  }
}

function initialize(exchange: Exchange, params: Record<string, unknown>) {
  if (typeof params.protocolVersion !== 'string')
    throw new InvalidParamsError('initialize needs "protocolVersion", the MCP revision the client speaks.');
  // The client's revision when this endpoint speaks it, otherwise the newest one it does.
  const requested = params.protocolVersion;
  const protocolVersion = (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested)
    ? requested
    : SUPPORTED_PROTOCOL_VERSIONS[0];
  urlScope(exchange); // a bad filter in the configured URL fails the connection, not a later call
  return {
    protocolVersion,
    capabilities: { tools: { listChanged: false } },
    serverInfo: SERVER_INFO,
    instructions: INSTRUCTIONS,
  };
}

/**
 * What the endpoint URL offers (`/mcp`, `/mcp?toolset=searchads_reporting`,
 * `/mcp?platform=searchads&access=read`): see ToolScope. Unknown parameters are refused.
 */
function urlScope(exchange: Exchange): ToolScope {
  return parseScope(exchange.event.queryStringParameters);
}

function listTools(exchange: Exchange, params: Record<string, unknown>) {
  const meta = isObject(params._meta) ? params._meta : {};
  const filters = [parseToolFilter(params, 'tools/list params'), parseToolFilter(meta, 'tools/list params._meta')];
  return preparedToolsPage(urlScope(exchange), filters, params.cursor);
}

async function callToolRequest(exchange: Exchange, params: Record<string, unknown>, notify: (message: Record<string, unknown>) => void) {
  if (typeof params.name !== 'string' || !params.name) {
    throw new InvalidParamsError('tools/call needs "name", the tool to call (tools/list names them).');
  }
  let name: string = params.name;
  exchange.tool = name;
  const given = params.arguments ?? {};
  if (!isObject(given)) throw new InvalidParamsError('"arguments" must be an object of the tool\'s arguments (its inputSchema).');
  let args: Record<string, unknown> = given;
  const scope = urlScope(exchange);
  if (isMetaTool(name) && scope.kind !== 'front_door') {
    throw new InvalidParamsError(`Tool "${name}" is offered on the front door (/mcp without parameters), not at ${describeScope(scope)}.`);
  }
  if (name === SEARCH_TOOLS) {
    const checked = searchArguments(args);
    if (typeof checked === 'string')
      return { content: [{ type: 'text', text: checked }], structuredContent: { code: 'invalid_arguments', status: 400 }, isError: true };
    return searchAnswer(checked, (tool) => scopeOffers(scope, tool), mcpTool);
  }
  if (name === CALL_TOOL) {
    const inner = args.name;
    const innerArgs = args.arguments ?? {};
    if (typeof inner !== 'string' || !inner || isMetaTool(inner)) {
      throw new InvalidParamsError(
        'call_tool needs "name", the tool to run (search_tools finds it); it cannot run itself or search_tools.',
      );
    }
    if (!isObject(innerArgs)) throw new InvalidParamsError('call_tool\'s "arguments" must be an object of the tool\'s arguments.');
    name = inner;
    args = innerArgs;
    exchange.tool = `${CALL_TOOL}:${name}`;
  }
  if (catalogEntryNamed(name) && !scopeOffers(scope, name)) {
    throw new InvalidParamsError(
      `Tool "${name}" is not offered at this endpoint URL: ${describeScope(scope)} leaves it out. tools/list names the tools offered.`,
    );
  }
  const meta = isObject(params._meta) ? params._meta : {};
  return callTool(
    {
      name,
      arguments: args,
      authorization: header(exchange.event, 'authorization')!,
      idempotencyKey: idempotencyKeyOf(exchange.event, meta),
      mcpEvent: exchange.event,
      progress: progressReporter(meta.progressToken, notify),
    },
    exchange.context,
  );
}

/**
 * The call's Idempotency-Key: the HTTP header, or `_meta["idempotency-key"]` / `_meta.idempotencyKey`
 * for clients that cannot set a header per call. Two different keys for one call are refused.
 */
function idempotencyKeyOf(event: GatewayEvent, meta: Record<string, unknown>): string | undefined {
  const fromHeader = header(event, 'idempotency-key');
  const fromMeta = meta['idempotency-key'] ?? meta.idempotencyKey;
  if (fromMeta !== undefined && typeof fromMeta !== 'string')
    throw new InvalidParamsError('_meta["idempotency-key"] must be a UUID string.');
  if (fromHeader !== undefined && fromMeta !== undefined && fromHeader.trim().toLowerCase() !== fromMeta.trim().toLowerCase()) {
    throw new InvalidParamsError('Two different idempotency keys were sent (Idempotency-Key header and _meta). Send one.');
  }
  return fromHeader ?? fromMeta;
}

/**
 * notifications/progress for the client's progress token: progress counts the tool's steps and
 * always increases; the message names the stage. No token: no reporter, and the tool's reports go nowhere.
 */
function progressReporter(token: unknown, notify: (message: Record<string, unknown>) => void): ProgressReporter | undefined {
  if (typeof token !== 'string' && typeof token !== 'number') return undefined;
  let last = 0;
  return (stage, detail = {}) => {
    const progress = detail.step !== undefined && detail.step > last ? detail.step : last + 1;
    last = progress;
    const params: Record<string, unknown> = {
      progressToken: token,
      progress,
      message: detail.message ? `${stage}: ${detail.message}` : stage,
    };
    if (detail.total !== undefined) params.total = detail.total;
    notify({ ...notificationMessage('notifications/progress', params) });
  };
}

function failureMessage(exchange: Exchange, id: JsonRpcId, error: unknown): Record<string, unknown> {
  if (error instanceof JsonRpcFailure) return errorMessage(id, { code: error.code, message: error.message, data: error.data });
  const err = error as Error;
  exchange.log.error('unhandled error', { error_name: err?.name, error_message: err?.message, stack: err?.stack });
  return errorMessage(id, {
    code: ErrorCode.InternalError,
    message: `An internal error happened. Report request id ${exchange.requestId} to support.`,
  });
}

/**
 * DNS-rebinding protection the transport asks for: a browser page may only call from the
 * endpoint's own origin. Clients that are not browsers send no Origin header.
 */
function originAllowed(event: GatewayEvent): boolean {
  const origin = header(event, 'origin');
  if (origin === undefined) return true;
  try {
    return new URL(origin).host.toLowerCase() === (header(event, 'host') ?? '').toLowerCase();
  } catch {
    return false;
  }
}

function acceptOf(event: GatewayEvent): { json: boolean; eventStream: boolean } {
  const accept = (header(event, 'accept') ?? '*/*').toLowerCase();
  const any = accept.includes('*/*');
  return {
    json: any || accept.includes('application/json') || accept.includes('application/*'),
    eventStream: accept.includes('text/event-stream'),
  };
}

function httpError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code: number = ErrorCode.InvalidRequest,
  id: JsonRpcId | null = null,
): GatewayResult {
  return jsonBody(status, errorMessage(id, { code, message }), headers);
}

function jsonBody(status: number, body: unknown, headers: Record<string, string> = {}): GatewayResult {
  return { statusCode: status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/**
 * An SSE stream of JSON-RPC messages, the response last. Written whole: a Lambda proxy integration
 * (and the local server, which runs the same handler) delivers the body when the handler returns.
 */
function eventStream(messages: string[]): GatewayResult {
  return {
    statusCode: 200,
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    body: messages.map((message) => `event: message\ndata: ${message}\n\n`).join(''),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
