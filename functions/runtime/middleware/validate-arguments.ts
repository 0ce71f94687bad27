import { argumentsFromBody, validateToolArguments } from '../validation';
import { type GatewayRequest, type GatewayMiddleware, stateOf } from '../state';
import { DRY_RUN_ARGUMENT } from '../../../core/tool';

/**
 * Strict validation of the request body (only `arguments`, and the paging keys `limit` / `offset`
 * where the tool has them, at the top level) and of `arguments` against the tool's valibot schema and cross-field rules. The tool
 * receives them without the account parameters and without `dry_run` (kept in `state.dryRun`).
 */
export function validateArguments(): GatewayMiddleware {
  const validateArgumentsBefore = async (request: GatewayRequest) => {
    const state = stateOf(request.context);
    const tool = state.tool!;
    // Unknown top-level fields are refused; top-level `limit` / `offset` apply where the tool has them.
    const raw = argumentsFromBody(tool, request.event.body as Record<string, unknown>);
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
