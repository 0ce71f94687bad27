import { ALL_TOOLS, REGISTRY } from '../all-tools';
import { PLATFORMS } from '../../platforms';
import { createToolHandler, type ToolHandler } from '../runtime/handler';

/** Every tool of every platform behind the one chain: what a tools/call runs (loaded at the first call, functions/mcp/call.ts). */
export function everyToolHandler(): ToolHandler {
  return createToolHandler(ALL_TOOLS, PLATFORMS, { allTools: REGISTRY });
}
