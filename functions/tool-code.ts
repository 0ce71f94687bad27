import { ALL_PLATFORMS, REGISTRY } from './all-tools';
import { gatewayTools } from '../platforms/gateway';
import { PLATFORMS } from '../platforms';
import { runDueTasks, type SchedulerTick } from '../platforms/gateway/monitoring/scheduler';
import { createToolHandler, type ToolHandler } from './runtime/handler';
import type { TickOptions } from '../platforms/gateway/monitoring/tick';

/**
 * The tool code of the gateway, MCP and scheduler functions: the cross-platform tools with every
 * platform they open (every tool's definition, the sandbox simulators, the live adapters) and the chain
 * that runs them. Loaded with a dynamic import only when such a tool runs (functions/load-tool-code.ts):
 * in a Lambda package it is a second file, tool-code.js beside index.js (lib/gateway-function.ts), so a
 * 401, the catalog, OpenAPI and tools/list never read it. (The MCP function runs a platform's tool with
 * that platform's own file: functions/load-platform-tool-code.ts.) Everything a tool call needs comes
 * from here, so the chain and the tools share one copy of every module (stores, caches, progress reporters).
 */

let gatewayHandler: ToolHandler | undefined;

/**
 * The gateway group's tools (cross-platform: they open every platform and reach every tool's
 * definition: undo, access, launch checks) behind the one chain, and the 404 of unknown names on an
 * execute path (suggestions from every tool): the gateway function's execute requests, and MCP's
 * tools/call of those.
 */
export function gatewayToolHandler(): ToolHandler {
  return (gatewayHandler ??= createToolHandler(gatewayTools, PLATFORMS, { allTools: REGISTRY }));
}

/** The tasks that are due, run for the scheduler function (functions/scheduler.ts). */
export function runScheduledTasks(now: Date, options: TickOptions): Promise<SchedulerTick> {
  return runDueTasks(ALL_PLATFORMS, now, options);
}

/** MCP's progress reporters live beside the chain. */
export { withProgressReporter } from './runtime/handler';
