import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoEndpoint } from '../config';

const clients = new Map<string, DynamoDBDocumentClient>();

/**
 * The document client, one per endpoint and reused across invocations of a warm function.
 * Locally DYNAMODB_ENDPOINT points at DynamoDB Local, which accepts any credentials.
 */
export function documentClient(): DynamoDBDocumentClient {
  const endpoint = dynamoEndpoint();
  const cacheKey = endpoint ?? 'aws';
  let client = clients.get(cacheKey);
  if (!client) {
    const base = endpoint
      ? new DynamoDBClient({
          endpoint,
          region: process.env.AWS_REGION ?? 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          maxAttempts: 5,
        })
      : new DynamoDBClient({ maxAttempts: 5 });
    client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
    clients.set(cacheKey, client);
  }
  return client;
}

export function isConditionalCheckFailed(err: unknown): boolean {
  return (err as { name?: string })?.name === 'ConditionalCheckFailedException';
}
