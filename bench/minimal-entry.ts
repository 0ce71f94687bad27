import middy from '@middy/core';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';

/**
 * The baseline of the cold-start bench: a bare middy function with the DynamoDB client whose first
 * request reads one item (what a key check costs), from DYNAMODB_ENDPOINT when set.
 */
const client = new DynamoDBClient(
  process.env.DYNAMODB_ENDPOINT
    ? { endpoint: process.env.DYNAMODB_ENDPOINT, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
    : {},
);

export const handler = middy(async (): Promise<{ statusCode: number; body: string }> => {
  const item = await client.send(
    new GetItemCommand({ TableName: process.env.BASELINE_TABLE ?? 'baseline', Key: { key_hash: { S: 'no-such-key' } } }),
  );
  return { statusCode: 200, body: JSON.stringify({ found: Boolean(item.Item) }) };
});
