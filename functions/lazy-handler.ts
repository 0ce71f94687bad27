import type { ToolHandler } from './runtime/handler';

/**
 * A tool handler whose code is loaded at its first call (a dynamic import): the gateway and MCP
 * functions serve health, discovery and tool listings without loading any tool. A failed load is
 * tried again at the next call.
 */
export function lazyToolHandler(load: () => Promise<ToolHandler>): ToolHandler {
  let loading: Promise<ToolHandler> | undefined;
  return async (event, context) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(event, context);
  };
}
