import { quoted, ToolNotFoundError } from '../../../core/errors';
import type { ToolRegistry } from '../registry';
import { type GatewayRequest, type GatewayMiddleware, stateOf } from '../state';
import { checkKeyScope, GuardrailBlockedError, safetyOf, toolOffBreach } from '../safety';

/**
 * Path tool name → tool definition; 404 names the unknown tool and suggests close names; 403 when
 * the key's scope does not allow the tool; 400 guardrail_blocked when the owner turned it off.
 */
export function lookupTool(registry: ToolRegistry, suggestFrom: ToolRegistry = registry): GatewayMiddleware {
  const lookupToolBefore = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    const tool = registry.get(state.toolName);
    if (!tool) {
      const suggestions = suggestFrom.closest(state.toolName);
      throw new ToolNotFoundError(
        `Unknown tool "${quoted(state.toolName)}".` +
          (suggestions.length ? ` Did you mean: ${suggestions.join(', ')}?` : '') +
          ' GET /api/v1/tools lists every tool.',
        suggestions,
      );
    }
    // Spend safety before anything is validated or metered: the key's scope (403 key_scope) and the
    // owner's tools that are off (400 guardrail_blocked).
    checkKeyScope(tool, state.keyScope);
    if (safetyOf(state.owner!).tools_off?.includes(tool.name)) throw new GuardrailBlockedError(tool.name, [toolOffBreach(tool.name)]);
    state.tool = tool;
  };
  return { before: lookupToolBefore };
}
