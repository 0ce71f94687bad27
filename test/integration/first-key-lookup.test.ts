/**
 * A new API key is read once before its first tool call runs. In a Lambda package the checks in
 * front of the tools (functions/lazy-handler.ts) run in index.js and the whole chain in
 * tool-code.js beside it (lib/gateway-function.ts): two bundles, each with its own copy of the auth
 * module. Here the tool chain is loaded from a module registry of its own, as tool-code.js is.
 */
import type { Context } from 'aws-lambda';
import { deferredToolHandler } from '../../functions/lazy-handler';
import { toApiGatewayEvent } from '../../functions/local/router';
import { tableName } from '../../functions/runtime/config';
import type { ToolHandler } from '../../functions/runtime/handler';
import * as dynamo from '../../functions/runtime/stores/dynamo';
import { createTestOwner, useTestTables, type TestOwner } from '../support/gateway';

useTestTables();

/** The keys table's GetItem requests, counted on every copy of the DynamoDB client. */
let keyReads = 0;
const recorder =
  (next: (args: { input: { TableName?: string } }) => Promise<unknown>, context: { commandName?: string }) =>
  async (args: { input: { TableName?: string } }) => {
    if (context.commandName === 'GetItemCommand' && args.input.TableName === tableName('apiKeys')) keyReads += 1;
    return next(args);
  };
const RECORDER = { step: 'initialize', priority: 'low', name: 'firstKeyLookupRecorder' } as const;

describe('the first call with a new API key', () => {
  let owner: TestOwner;
  let toolCode: { handler: ToolHandler; dynamo: typeof dynamo };
  beforeAll(async () => {
    owner = await createTestOwner({ tier: 'max' });
    jest.isolateModules(() => {
      toolCode = {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        handler: (require('../support/test-tools') as typeof import('../support/test-tools')).testHandler,
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        dynamo: require('../../functions/runtime/stores/dynamo') as typeof dynamo,
      };
    });
    for (const copy of [dynamo, toolCode.dynamo]) copy.documentClient().middlewareStack.add(recorder as never, RECORDER);
  }, 120_000);
  afterAll(() => {
    for (const copy of [dynamo, toolCode.dynamo]) copy.documentClient().middlewareStack.remove(RECORDER.name);
  });

  it('reads the key from the keys table once, in the checks in front of the tools and the tool chain together', async () => {
    expect(toolCode.dynamo.documentClient()).not.toBe(dynamo.documentClient()); // two bundles, two copies
    const handler = deferredToolHandler(async () => toolCode.handler);
    const event = toApiGatewayEvent({
      method: 'POST',
      url: '/api/v1/tools/test_echo/execute',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.apiKey}` },
      body: JSON.stringify({ arguments: { message: 'first' } }),
    });
    keyReads = 0;
    const result = await handler(event, { awsRequestId: event.requestContext.requestId } as Context);
    expect(result.statusCode).toBe(200);
    expect(keyReads).toBe(1);
  }, 120_000);
});
