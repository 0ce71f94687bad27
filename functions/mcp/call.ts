import type { Context } from 'aws-lambda';
import { catalogEntryNamed } from '../catalog/artifact';
import { isPlatformWord } from '../../core/platforms';
import { loadPlatformToolCode, type ToolCode } from '../load-platform-tool-code';
import { loadPlatformFreeToolCode } from '../load-platform-free-tool-code';
import { loadToolCode, runsPlatformFree } from '../load-tool-code';
import type { GatewayEvent, GatewayResult } from '../runtime/state';
import type { ProgressReporter } from '../../core/tool';
import { InvalidParamsError, JsonRpcFailure, ErrorCode } from './json-rpc';

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
  const registered = catalogEntryNamed(call.name) !== undefined;
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

/**
 * Runs one tools/call through the one middy chain the REST routes use (functions/runtime/handler.ts):
 * auth, tool lookup, arguments, account selection, idempotency, quota and the tool itself behave
 * exactly as for `POST /api/v1/tools/<tool>/execute`, because a tools/call is that request, in
 * process, run by the handler of the function API Gateway routes it to. The code is loaded at the
 * first call of a group and runs the call whole: a platform's tool, its platform's tool code
 * (functions/load-platform-tool-code.ts: its tools, simulator and live adapter); a gateway tool that opens
 * no platform, the platform-free file until the whole is loaded (functions/load-tool-code.ts); another
 * cross-platform tool or an unknown name (404 with suggestions from every tool), the gateway's (functions/tool-code.ts).
 * Listing and searching tools (the catalog artifact) need none of it. Maps the envelope to a CallToolResult.
 */
export async function callTool(call: ToolCall, context: Context): Promise<CallToolResult> {
  const { handler, withProgressReporter } = await toolCodeOf(call.name);
  // The reporter is registered with the loaded chain's own copy of the runtime, which reads it.
  const invocationContext = call.progress ? withProgressReporter(context, call.progress) : context;
  const response = await handler(executeEvent(call), invocationContext);
  return toCallToolResult(response);
}

/** The tool code that runs a tool: its group's, as API Gateway routes it (lib/routes.ts). */
async function toolCodeOf(name: string): Promise<ToolCode> {
  const group = catalogEntryNamed(name)?.group;
  if (group && isPlatformWord(group)) return loadPlatformToolCode(group);
  if (runsPlatformFree(name)) {
    const { platformFreeToolHandler, withProgressReporter } = await loadPlatformFreeToolCode();
    return { handler: platformFreeToolHandler(), withProgressReporter };
  }
  const { gatewayToolHandler, withProgressReporter } = await loadToolCode();
  return { handler: gatewayToolHandler(), withProgressReporter };
}

/**
 * The most text an answer puts in an agent's context (about 5,000 tokens). Several clients cap a
 * tool result near 25,000 tokens; a long list's Markdown would crowd out everything else.
 */
export const MAX_TEXT_CHARS = 20_000;

/**
 * A long Markdown answer cut at a line end within {@link MAX_TEXT_CHARS}, with a note that says how
 * much is left out and how to get it: structuredContent stays complete.
 */
export function fitText(text: string): { text: string; cut: boolean } {
  if (text.length <= MAX_TEXT_CHARS) return { text, cut: false };
  const head = text.slice(0, MAX_TEXT_CHARS);
  const lineEnd = head.lastIndexOf('\n');
  const kept = lineEnd > MAX_TEXT_CHARS / 2 ? head.slice(0, lineEnd) : head;
  const left = text.length - kept.length;
  return {
    text: `${kept}\n\n… ${left.toLocaleString('en-US')} more characters of this answer are left out here (${Math.ceil(text.length / 1024)} KB in all) to keep it within an agent's context. structuredContent holds the whole result; or narrow the call (its limit, offset, dates or filters).`,
    cut: true,
  };
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
    const text = fitText(data.text ?? '');
    if (text.cut) meta.size = { text_chars: (data.text ?? '').length, text_chars_sent: text.text.length, truncated: true };
    return {
      content: [{ type: 'text', text: text.text }, ...(data.content ?? [])],
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
