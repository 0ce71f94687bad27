import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { withFrontChecks } from './runtime/front-checks';
import { CHECKS_PASSED } from './runtime/middleware/envelope';
import { withStoreDeadline } from './runtime/stores/dynamo';
import type { ToolHandler } from './runtime/handler';
import type { GatewayEvent, GatewayResult } from './runtime/state';

/**
 * A tool handler whose code is loaded at its first call (a dynamic import): the MCP function lists
 * and searches tools without loading any. A failed load is tried again at the next call.
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

/**
 * A tool handler behind the chain's checks in front of the tools (request shape, JSON body, API
 * key: functions/runtime/front-checks.ts): until the tool code is loaded, those run alone and answer
 * their failures, a 401 included, as the whole chain would, without loading it. The first request
 * that passes them loads the tool code, and from then on the whole chain runs every request.
 */
export function deferredToolHandler(load: () => Promise<ToolHandler>): ToolHandler {
  const frontChecks = withFrontChecks(middy<GatewayEvent, GatewayResult, unknown, Context>(async () => CHECKS_PASSED));
  const tools = lazyToolHandler(load);
  let loaded = false;
  return async (event, context) => {
    if (!loaded) {
      // On a copy: the checks normalise headers and parse the body; the chain gets the event as it came.
      const checked = await withStoreDeadline({ deadline: Date.now() + 5000 }, () => frontChecks({ ...event }, context));
      if (checked !== CHECKS_PASSED) return checked;
    }
    const response = await tools(event, context);
    loaded = true;
    return response;
  };
}
