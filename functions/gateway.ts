import type { Context } from 'aws-lambda';
import { jsonResponse } from './runtime/envelope';
import { catalogRoute } from './catalog/routes';
import { deferredToolHandler } from './lazy-handler';
import { loadConnectCode } from './load-connect-code';
import { loadPlatformFreeToolCode } from './load-platform-free-tool-code';
import { loadToolCode, runsPlatformFree } from './load-tool-code';
import { toolNameOf } from './runtime/middleware/envelope';
import { healthResponse } from './runtime/health';
import type { GatewayEvent, GatewayResult } from './runtime/state';

/**
 * The tool code is loaded at the first execute request that passes the checks up to the API key: health,
 * discovery (the build-time catalog artifact), 404s of other paths and 401s need none of it. A tool that
 * opens no platform runs from the platform-free file (functions/platform-free-tool-code.ts) until the
 * whole (every platform's, as the other cross-platform tools open them all: functions/tool-code.ts) is
 * loaded for another tool or an unknown name; from then on the whole runs every call.
 */
const wholeTools = deferredToolHandler(() => loadToolCode().then((toolCode) => toolCode.gatewayToolHandler()));
const platformFreeTools = deferredToolHandler(() => loadPlatformFreeToolCode().then((toolCode) => toolCode.platformFreeToolHandler()));
const executeTool = (event: GatewayEvent, context: Context) =>
  (runsPlatformFree(toolNameOf(event)) ? platformFreeTools : wholeTools)(event, context);

/**
 * Lambda of the `gateway` group: the cross-platform tools, unknown tool names (404 with
 * suggestions from every tool), wrong methods on execute paths (405), GET /health, the
 * discovery endpoints (tool catalog, OpenAPI document and reference page) and the connect-link
 * pages (GET /connect/{platform}[/callback]). (Scheduled work runs in its own function, functions/scheduler.ts.)
 */
export async function handler(event: GatewayEvent, context: Context): Promise<GatewayResult> {
  const path = event.path ?? '';
  if (/^\/api\/v1\/tools\/[^/]+\/execute\/?$/.test(path)) return executeTool(event, context);
  if (path === '/health' && event.httpMethod === 'GET') return withRequestId(await healthResponse(), event);
  // Discovery: GET /api/v1/tools[/<name>], /api/v1/openapi.json, /docs (functions/catalog).
  const discovery = catalogRoute(event);
  if (discovery) return withRequestId(discovery, event);
  if (/^\/connect\//.test(path) || event.resource?.startsWith('/connect/')) {
    // The connect-link pages open a platform's connector (connect-code.js, no tool code): loaded only for them.
    const connect = await (await loadConnectCode()).connectRoute(event, context);
    if (connect) return connect;
  }
  return withRequestId(
    jsonResponse(404, {
      success: false,
      error: `No endpoint ${event.httpMethod} ${path}. Tools are called with POST /api/v1/tools/<tool>/execute.`,
      tool: '',
      is_error: true,
      structured_content: { code: 'route_not_found' },
    }),
    event,
  );
}

function withRequestId(response: GatewayResult, event: GatewayEvent): GatewayResult {
  return { ...response, headers: { ...response.headers, 'X-Request-Id': event.requestContext?.requestId ?? '' } };
}
