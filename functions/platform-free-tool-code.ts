import { gatewayTools } from '../platforms/gateway';
import { createToolHandler, type ToolHandler } from './runtime/handler';
import { PLATFORM_FREE_TOOLS } from './platform-free-tools';

/**
 * The tool code of the gateway's tools that open no platform (functions/platform-free-tools.ts): the
 * chain and the gateway's tools, without any platform's tools, simulator or live adapter. In the gateway
 * and MCP packages it is a file of its own, platform-free-tool-code.js beside index.js
 * (lib/gateway-function.ts), loaded at the first call of one of those tools while the whole tool code
 * (functions/tool-code.ts) is not loaded (functions/load-tool-code.ts).
 */

let handler: ToolHandler | undefined;

/** Those tools behind the one chain, serving no platform: a tool that reached one would fail (the test runs each). */
export function platformFreeToolHandler(): ToolHandler {
  return (handler ??= createToolHandler(
    gatewayTools.filter((tool) => PLATFORM_FREE_TOOLS.has(tool.name)),
    [],
  ));
}

/** MCP's progress reporters live beside the chain. */
export { withProgressReporter } from './runtime/handler';
