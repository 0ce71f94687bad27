import { REGISTRY } from './all-tools';
import { gatewayTools } from '../platforms/gateway';
import { PLATFORMS } from '../platforms';
import { createToolHandler, type ToolHandler } from './runtime/handler';

/**
 * The gateway group's tools (cross-platform: they open every platform) behind the one chain, and
 * the 404 of unknown names on an execute path (suggestions from every tool). Loaded by the gateway
 * function at its first execute request (functions/gateway.ts).
 */
export function gatewayToolHandler(): ToolHandler {
  return createToolHandler(gatewayTools, PLATFORMS, { allTools: REGISTRY });
}
