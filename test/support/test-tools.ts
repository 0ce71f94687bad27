/**
 * Tools that exist only in tests, to drive every path of the chain: a billable write that counts
 * its executions, a bug, a tool-raised 400, an upstream rate limit and server error, and a
 * deskads-platform tool for account selection with an alias.
 */
import { DESKADS_ACCOUNT } from '../../platforms/deskads/define';
import { deskads } from '../../platforms/deskads/manifest';
import * as v from 'valibot';
import type { Context } from 'aws-lambda';
import { ToolError, UpstreamRateLimitError, UpstreamServerError } from '../../core/errors';
import { createToolHandler } from '../../functions/runtime/handler';
import { defineGatewayTool, platformToolDefiner } from '../../core/tool';
import { toApiGatewayEvent } from '../../functions/local/router';
import type { CallResult } from './gateway';

export const executions = { count: 0 };

const echo = defineGatewayTool({
  category: 'helper',
  name: 'test_echo',
  description: 'Echoes its message after an optional delay; counts executions.',
  access: 'write',
  args: { message: v.optional(v.string(), 'hi'), delay_ms: v.optional(v.number(), 0) },
  async plan() {
    return { summary: 'test write', changes: [{ action: 'update', entity: 'test_entity', fields: { value: { after: 1 } } }], data: {} };
  },
  async apply(_plan, args, _ctx) {
    executions.count += 1;
    if (args.delay_ms) await new Promise((r) => setTimeout(r, args.delay_ms));
    return { text: `echo: ${args.message}`, structured: { message: args.message } };
  },
});

const bug = defineGatewayTool({
  category: 'helper',
  name: 'test_bug',
  description: 'Throws an unexpected error, as a bug in a tool would.',
  access: 'read',
  args: {},
  async run() {
    throw new TypeError("Cannot read properties of undefined (reading 'secretInternalField')");
  },
});

const refuses = defineGatewayTool({
  category: 'helper',
  name: 'test_tool_error',
  description: 'Raises a tool-level 400 while running.',
  access: 'write',
  args: {},
  async plan() {
    return { summary: 'test write', changes: [{ action: 'update', entity: 'test_entity', fields: { value: { after: 1 } } }], data: {} };
  },
  async apply(_plan, _args, _ctx) {
    executions.count += 1;
    throw new ToolError('Campaign 123 is removed and cannot be resumed.');
  },
});

const refusesEchoing = defineGatewayTool({
  category: 'helper',
  name: 'test_tool_error_echo',
  description: 'Raises a tool-level 400 that repeats its argument, as a careless tool message would.',
  access: 'read',
  args: { name: v.string() },
  async run(args) {
    throw new ToolError(`No campaign named "${args.name}". Campaign "${args.name}" was not found.`, {
      name: args.name,
      tried: [args.name],
    });
  },
});

const rateLimited = defineGatewayTool({
  category: 'helper',
  name: 'test_rate_limited',
  description: 'The upstream platform rate-limits the call.',
  access: 'write',
  args: {},
  async plan() {
    return { summary: 'test write', changes: [{ action: 'update', entity: 'test_entity', fields: { value: { after: 1 } } }], data: {} };
  },
  async apply(_plan, _args, _ctx) {
    executions.count += 1;
    throw new UpstreamRateLimitError('searchads', 12);
  },
});

const upstreamDown = defineGatewayTool({
  category: 'helper',
  name: 'test_upstream_error',
  description: 'The upstream platform answers with a server error.',
  access: 'write',
  args: {},
  async plan() {
    return { summary: 'test write', changes: [{ action: 'update', entity: 'test_entity', fields: { value: { after: 1 } } }], data: {} };
  },
  async apply(_plan, _args, _ctx) {
    throw new UpstreamServerError('searchads');
  },
});

const deskadsAccount = platformToolDefiner(
  'deskads',
  DESKADS_ACCOUNT,
)({
  name: 'test_deskads_account',
  description: 'Returns the deskads account the chain selected.',
  access: 'read',
  args: {},
  async run(_args, ctx) {
    return { text: ctx.account.account_id, structured: { account_id: ctx.account.account_id } };
  },
});

export const testHandler = createToolHandler([echo, bug, refuses, refusesEchoing, rateLimited, upstreamDown, deskadsAccount], [deskads]);

/** Invokes the test handler exactly as API Gateway would for this HTTP request. */
export async function callTestTool(
  apiKey: string | undefined,
  tool: string,
  args: Record<string, unknown> = {},
  options: { headers?: Record<string, string>; rawBody?: string | null; method?: string } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (apiKey !== undefined) headers.Authorization = `Bearer ${apiKey}`;
  const event = toApiGatewayEvent({
    method: options.method ?? 'POST',
    url: `/api/v1/tools/${tool}/execute`,
    headers,
    body: options.rawBody === null ? undefined : (options.rawBody ?? JSON.stringify({ arguments: args })),
  });
  const result = await testHandler(event, { awsRequestId: event.requestContext.requestId } as Context);
  return { status: result.statusCode, headers: result.headers, body: JSON.parse(result.body) };
}
