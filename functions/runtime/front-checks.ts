import type { MiddyfiedHandler } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { Context } from 'aws-lambda';
import { authenticate } from './middleware/authenticate';
import { envelope } from './middleware/envelope';
import { bodyParserErrors, requestShapeAfterParsing, requestShapeBeforeParsing } from './middleware/request-shape';
import type { GatewayEvent, GatewayMiddleware, GatewayResult } from './state';

type Chain = MiddyfiedHandler<GatewayEvent, GatewayResult, unknown, Context>;

/**
 * The chain's steps in front of the tools (CONTRACT.md section 5): envelope → request shape → JSON
 * body → auth (401). They need no tool code: the tool chain (functions/runtime/handler.ts) starts
 * with them, and a deferred tool handler (functions/lazy-handler.ts) runs them alone before loading any tool.
 */
export function withFrontChecks(chain: Chain): Chain {
  return (
    chain
      .use(envelope())
      .use(requestShapeBeforeParsing())
      // The parser's own types take the event before parsing (a string body); the chain's event types the parsed body.
      .use(httpJsonBodyParser() as unknown as GatewayMiddleware)
      .use(bodyParserErrors())
      .use(requestShapeAfterParsing())
      .use(authenticate())
  );
}
