import '../../functions/local/quiet-warnings';
import { startDynamoDbLocal } from '../../functions/local/dynamodb-local';

/** One in-memory DynamoDB Local for the whole run; test files share it through the environment. */
export default async function globalSetup(): Promise<void> {
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  // Tests call hundreds of times at once with one key; the per-key rate limit has tests of its own.
  process.env.KEY_RATE_LIMIT ??= '100000/100000';
  (globalThis as { __DYNAMODB__?: typeof dynamodb }).__DYNAMODB__ = dynamodb;
}
