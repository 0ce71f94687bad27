import { validateToolArguments } from '../validation';
import { type GatewayRequest, type GatewayMiddleware, stateOf } from '../state';
import { DRY_RUN_ARGUMENT } from '../../../core/tool';

/**
 * Strict validation of `arguments` against the tool's valibot schema and cross-field rules. The tool
 * receives them without the account parameters and without `dry_run` (kept in `state.dryRun`).
 */
export function validateArguments(): GatewayMiddleware {
  const validateArgumentsBefore = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    const tool = state.tool!;
    const raw = (request.event.body as { arguments: Record<string, unknown> }).arguments;
    const parsed = validateToolArguments(tool, raw);
    state.rawArgs = parsed;
    const args = { ...parsed };
    for (const name of tool.accountParameters) delete args[name];
    state.dryRun = args[DRY_RUN_ARGUMENT] === true;
    delete args[DRY_RUN_ARGUMENT];
    state.args = args;
  };
  return { before: validateArgumentsBefore };
}
