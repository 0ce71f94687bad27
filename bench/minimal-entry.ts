import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

// The baseline of the cold-start bench: a function that only imports the DynamoDB client.
const client = new DynamoDBClient({});

export async function handler(): Promise<{ statusCode: number; body: string }> {
  return { statusCode: 200, body: JSON.stringify({ region: typeof client.config.region }) };
}
