import type { Context } from 'aws-lambda';
import { ALL_TOOLS, REGISTRY } from '../all-tools';
import { PLATFORMS } from '../../platforms';
import { createToolHandler, withProgressReporter } from '../runtime/handler';
import type { GatewayEvent, GatewayResult } from '../runtime/state';
import type { ProgressReporter } from '../../core/tool';
import { InvalidParamsError, JsonRpcFailure, ErrorCode } from './json-rpc';

/**
 * Every tool behind the one middy chain the REST routes use (functions/runtime/handler.ts): auth,
 * tool lookup, arguments, account selection, idempotency, quota and the tool itself behave exactly
 * as for `POST /api/v1/tools/<tool>/execute`, because a tools/call is that request, in process.
 */
const executeTool = createToolHandler(ALL_TOOLS, PLATFORMS, { allTools: REGISTRY });

/** MCP's CallToolResult. */
export interface CallToolResult {
  content: Array<{ type: string; [key: string]: unknown }>;
  structuredContent?: Record<string, unknown>;
  isError: boolean;
  _meta?: Record<string, unknown>;
}

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The caller's Authorization header, passed on unchanged. */
  authorization: string;
  idempotencyKey?: string;
  /** The MCP request's event: request id, stage and source address carry over. */
  mcpEvent: GatewayEvent;
  progress?: ProgressReporter;
}

/** The API Gateway proxy event API Gateway hands a tool's REST route for the same call. */
export function executeEvent(call: ToolCall): GatewayEvent {
  const path = `/api/v1/tools/${encodeURIComponent(call.name)}/execute`;
  // A registered tool has a route of its own (literal path, no parameter); other names reach the
  // catch-all `{tool}` route, whose 404 suggests close names.
  const registered = REGISTRY.get(call.name) !== undefined;
  const resource = registered ? path : '/api/v1/tools/{tool}/execute';
  const headers: Record<string, string> = { Authorization: call.authorization, 'Content-Type': 'application/json' };
  if (call.idempotencyKey !== undefined) headers['Idempotency-Key'] = call.idempotencyKey;
  const mcpPath = call.mcpEvent.path ?? '/mcp';
  const fullPath = call.mcpEvent.requestContext?.path ?? mcpPath;
  const stagePrefix = fullPath.endsWith(mcpPath) ? fullPath.slice(0, fullPath.length - mcpPath.length) : '';
  return {
    resource,
    path,
    httpMethod: 'POST',
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: registered ? null : { tool: call.name },
    stageVariables: call.mcpEvent.stageVariables ?? null,
    requestContext: { ...call.mcpEvent.requestContext, httpMethod: 'POST', path: `${stagePrefix}${path}`, resourcePath: resource },
    body: JSON.stringify({ arguments: call.arguments }),
    isBase64Encoded: false,
  };
}

/** Runs one tools/call through the chain and maps the envelope to a CallToolResult. */
export async function callTool(call: ToolCall, context: Context): Promise<CallToolResult> {
  const invocationContext = call.progress ? withProgressReporter(context, call.progress) : context;
  const response = await executeTool(executeEvent(call), invocationContext);
  return toCallToolResult(response);
}

interface Envelope {
  success?: boolean;
  data?: { text?: string; quota?: Record<string, unknown>; structured?: Record<string, unknown>; content?: CallToolResult['content'] };
  error?: string;
  structured_content?: Record<string, unknown>;
  quota?: Record<string, unknown>;
}

/**
 * The envelope as MCP sees it. 200: the Markdown text as text content, `data.structured` plus the
 * quota block as structuredContent. Any error envelope (400 selection prompts and tool errors, 402
 * quota, 409/422 idempotency, 429, 5xx): a tool error (`isError`) with the same message and the
 * error's structured_content plus its HTTP status, quota and Retry-After where present, so an agent
 * can act on it. An unknown tool (404) is a protocol error, -32602, as the MCP specification asks.
 */
export function toCallToolResult(response: GatewayResult): CallToolResult {
  let body: Envelope;
  try {
    body = JSON.parse(response.body) as Envelope;
  } catch {
    throw new JsonRpcFailure(ErrorCode.InternalError, 'The tool answered something that is not JSON. Report the request id to support.');
  }
  const meta: Record<string, unknown> = { request_id: response.headers['X-Request-Id'] };
  if (response.headers['Idempotent-Replayed'] === 'true') meta.idempotent_replayed = true;
  if (response.statusCode === 200 && body.success) {
    const data = body.data ?? {};
    return {
      content: [{ type: 'text', text: data.text ?? '' }, ...(data.content ?? [])],
      structuredContent: { ...(data.structured ?? {}), quota: data.quota },
      isError: false,
      _meta: meta,
    };
  }
  if (response.statusCode === 404) {
    throw new InvalidParamsError(body.error ?? 'Unknown tool.', body.structured_content);
  }
  const structured: Record<string, unknown> = { ...(body.structured_content ?? {}), status: response.statusCode };
  if (body.quota) structured.quota = body.quota;
  const retryAfter = Number(response.headers['Retry-After']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) structured.retry_after_seconds = retryAfter;
  return {
    content: [{ type: 'text', text: body.error ?? `The tool failed with status ${response.statusCode}.` }],
    structuredContent: structured,
    isError: true,
    _meta: meta,
  };
}
