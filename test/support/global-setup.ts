import '../../functions/local/quiet-warnings';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startDynamoDbLocal } from '../../functions/local/dynamodb-local';

const ROOT = join(__dirname, '..', '..');

/**
 * One in-memory DynamoDB Local for the whole run; test files share it through the environment.
 * Beside it, in a process of its own, the catalog artifact the gateway and MCP functions serve
 * (functions/catalog/build-artifact.ts), from the registry as it is now.
 */
export default async function globalSetup(): Promise<void> {
  const artifact = promisify(execFile)(process.execPath, [require.resolve('tsx/cli'), join(ROOT, 'scripts', 'build-catalog.ts')], {
    cwd: ROOT,
  });
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  // Tests call hundreds of times at once with one key; the per-key rate limit has tests of its own.
  process.env.KEY_RATE_LIMIT ??= '100000/100000';
  (globalThis as { __DYNAMODB__?: typeof dynamodb }).__DYNAMODB__ = dynamodb;
  await artifact;
}
