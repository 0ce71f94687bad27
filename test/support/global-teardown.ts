import type { RunningDynamoDb } from '../../functions/local/dynamodb-local';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __DYNAMODB__?: RunningDynamoDb }).__DYNAMODB__?.stop();
}
