/**
 * Test helpers over the real thing: tables on the run's DynamoDB Local (a prefix of their own per
 * test file), owners and keys made by the same stores the `gateway` command uses, and calls that
 * go through the same router and Lambda handlers as `npm start` and AWS.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropTables, ensureTables } from '../../functions/local/dynamodb-local';
import { dispatch } from '../../functions/local/router';
import type { Tier } from '../../core/accounts';
import { clearAuthCache } from '../../functions/runtime/middleware/authenticate';
import type { PlatformWord } from '../../core/platforms';
import { createApiKey } from '../../functions/runtime/stores/api-keys';
import { createOwner } from '../../functions/runtime/stores/owners';
import type { ConnectedAccount, Owner } from '../../core/accounts';
import { connectSandboxAccounts } from '../../functions/connect/accounts';
import { checkToolOutput } from './output-check';

/** Gives this test file tables of its own; call once at the top of a file. */
export function useTestTables(): void {
  const prefix = `t${randomBytes(4).toString('hex')}-`;
  beforeAll(async () => {
    process.env.TABLE_PREFIX = prefix;
    process.env.LOG_LEVEL ??= 'silent';
    // The test servers that stand in for video hosts listen on loopback.
    process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = 'true';
    process.env.CREDENTIALS_KEY_FILE ??= join(tmpdir(), `gateway-test-${process.pid}-credentials.key`);
    await ensureTables(process.env.DYNAMODB_ENDPOINT!);
  });
  beforeEach(() => clearAuthCache());
  afterAll(async () => {
    await dropTables(process.env.DYNAMODB_ENDPOINT!);
  });
}

export interface TestOwner {
  owner: Owner;
  apiKey: string;
  keyId: string;
  /** Sandbox accounts by platform, in the order connected. */
  accounts: Partial<Record<PlatformWord, ConnectedAccount[]>>;
}

/** An owner with one API key and the sandbox accounts asked for (`{ searchads: 2 }`). */
export async function createTestOwner(
  options: { tier?: Tier; limitOverride?: number; accounts?: Partial<Record<PlatformWord, number>> } = {},
): Promise<TestOwner> {
  const owner = await createOwner({ tier: options.tier ?? 'pro' });
  if (options.limitOverride !== undefined) {
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { documentClient } = await import('../../functions/runtime/stores/dynamo');
    const { tableName } = await import('../../functions/runtime/config');
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('owners'),
        Key: { owner_id: owner.owner_id, sk: 'PROFILE' },
        UpdateExpression: 'SET limit_override = :l',
        ExpressionAttributeValues: { ':l': options.limitOverride },
      }),
    );
    owner.limit_override = options.limitOverride;
  }
  const { api_key, key_id } = await createApiKey(owner.owner_id);
  const accounts: TestOwner['accounts'] = {};
  for (const [platform, count] of Object.entries(options.accounts ?? {}) as [PlatformWord, number][]) {
    accounts[platform] = await connectSandboxAccounts(owner.owner_id, platform, count);
  }
  return { owner, apiKey: api_key, keyId: key_id, accounts };
}

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body. */
  body: {
    success: boolean;
    tool: string;
    data?: { text: string; quota?: Record<string, unknown>; structured?: Record<string, any>; content?: unknown[] };
    error?: string;
    is_error?: boolean;
    structured_content?: Record<string, any>;
    quota?: Record<string, unknown>;
  };
}

/**
 * POST /api/v1/tools/<tool>/execute with a Bearer key, as a client would send it. A 200 whose
 * `data.structured` does not match the tool's declared `output` fails the test with the path.
 */
export async function callTool(
  apiKey: string | undefined,
  tool: string,
  args: Record<string, unknown> = {},
  options: {
    headers?: Record<string, string>;
    rawBody?: string;
    method?: string;
    /** The function's remaining time (default: the group's Lambda timeout): a call that waits until its deadline ends sooner. */
    functionMs?: number;
  } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (apiKey !== undefined) headers.Authorization = `Bearer ${apiKey}`;
  const result = await dispatch(
    {
      method: options.method ?? 'POST',
      url: `/api/v1/tools/${encodeURIComponent(tool)}/execute`,
      headers,
      body: options.rawBody ?? JSON.stringify({ arguments: args }),
    },
    { functionMs: options.functionMs },
  );
  const body = JSON.parse(result.body) as CallResult['body'];
  // Every 200 of a tool that declares its output is checked against it (test/support/output-check.ts).
  if (result.statusCode === 200) checkToolOutput(tool, body.data?.structured);
  return { status: result.statusCode, headers: result.headers, body };
}

/** Calls a tool and fails the test with the error envelope unless it answered 200. */
export async function callToolOk(
  apiKey: string,
  tool: string,
  args: Record<string, unknown> = {},
): Promise<NonNullable<CallResult['body']['data']>> {
  const result = await callTool(apiKey, tool, args);
  if (result.status !== 200) throw new Error(`${tool} answered ${result.status}: ${result.body.error}`);
  return result.body.data!;
}
