import type { MiddlewareObj } from '@middy/core';
import { ToolNotFoundError } from '../errors';
import type { ToolRegistry } from '../registry';
import type { GatewayRequest } from '../state';

/** Path tool name → tool definition; 404 names the unknown tool and suggests close names. */
export function lookupTool(registry: ToolRegistry, suggestFrom: ToolRegistry = registry): MiddlewareObj {
  const lookupToolBefore = async (request: GatewayRequest) => {
    const state = request.context.gateway;
    const tool = registry.get(state.toolName);
    if (!tool) {
      const suggestions = suggestFrom.closest(state.toolName);
      throw new ToolNotFoundError(
        `Unknown tool "${state.toolName}".` +
          (suggestions.length ? ` Did you mean: ${suggestions.join(', ')}?` : '') +
          ' GET /api/v1/tools lists every tool.',
        suggestions,
      );
    }
    state.tool = tool;
  };
  return { before: lookupToolBefore } as MiddlewareObj;
}
