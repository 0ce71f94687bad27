import { execFileSync } from 'node:child_process';
import { ensureTables, startDynamoDbLocal } from '../functions/local/dynamodb-local';

/**
 * Runs a probe (a script for `node -e`) in a fresh `node` process, as a cold Lambda runs: the probe gets the
 * bundle's path and a request's event as arguments, talks to DynamoDB Local at `endpoint` with the bench's
 * tables (`tablePrefix`; the baseline reads its api-keys table), logs nothing, and prints one JSON value.
 */
export function inFreshProcess<T>(
  probe: string,
  file: string,
  event: Record<string, unknown>,
  options: { endpoint: string; tablePrefix: string; nodeOptions?: string[] },
): T {
  const output = execFileSync(
    process.execPath,
    ['--no-warnings', ...(options.nodeOptions ?? []), '-e', probe, file, JSON.stringify(event)],
    {
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        DYNAMODB_ENDPOINT: options.endpoint,
        TABLE_PREFIX: options.tablePrefix,
        BASELINE_TABLE: `${options.tablePrefix}api-keys`,
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
    },
  );
  return JSON.parse(output) as T;
}

/** The median of a bench's samples (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Starts DynamoDB Local with the bench's tables (`tablePrefix`), makes an owner (tier max) and its API key, runs
 * `work` with them, and stops DynamoDB Local.
 */
export async function withBenchOwner<T>(
  tablePrefix: string,
  work: (bench: { endpoint: string; ownerId: string; apiKey: string }) => Promise<T>,
): Promise<T> {
  process.env.TABLE_PREFIX = tablePrefix;
  process.env.LOG_LEVEL = 'silent';
  const dynamodb = await startDynamoDbLocal();
  try {
    process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
    await ensureTables(dynamodb.endpoint);
    const { createOwner } = await import('../functions/runtime/stores/owners');
    const { createApiKey } = await import('../functions/runtime/stores/api-keys');
    const owner = await createOwner({ tier: 'max' });
    const { api_key: apiKey } = await createApiKey(owner.owner_id);
    return await work({ endpoint: dynamodb.endpoint, ownerId: owner.owner_id, apiKey });
  } finally {
    await dynamodb.stop();
  }
}
