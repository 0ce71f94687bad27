import { GatewayError, QuotaExceededError } from '../../core/errors';
import type { GatewayResult } from './state';
import type { ToolResult } from '../../core/tool';

export interface QuotaBlock {
  used: number;
  limit: number;
  tier: string;
  period_end: string;
  upgrade_url?: string;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}): GatewayResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** SuccessResponse of the specification. */
export function successResponse(tool: string, result: ToolResult, quota: QuotaBlock): GatewayResult {
  const data: Record<string, unknown> = { text: result.text, quota };
  if (result.structured) data.structured = result.structured;
  if (result.content?.length) data.content = result.content;
  return jsonResponse(200, { success: true, tool, data });
}

/** ErrorResponse (or QuotaErrorResponse for 402) of the specification. */
export function errorResponse(tool: string, error: GatewayError): GatewayResult {
  const body: Record<string, unknown> = { success: false, error: error.message, tool, is_error: true };
  body.structured_content = error.structuredContent;
  if (error instanceof QuotaExceededError) body.quota = error.quota;
  return jsonResponse(error.statusCode, body, error.headers);
}

/** A 500 that says only that something went wrong, and where to find it: the request id. */
export function internalErrorResponse(tool: string, requestId: string): GatewayResult {
  return jsonResponse(500, {
    success: false,
    error: `An internal error happened while running this tool. Nothing more is known to the caller; report request id ${requestId} to support.`,
    tool,
    is_error: true,
    structured_content: { code: 'internal_error', request_id: requestId },
  });
}
