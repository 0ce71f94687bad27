/**
 * A local gateway for the n8n end-to-end run: DynamoDB Local (in memory), the tables, one owner with
 * two sandbox accounts on the platform asked for, and the HTTP server on loopback. Prints one JSON line
 * `{ "base": ..., "apiKey": ..., "accounts": [...] }` and serves until stopped (SIGTERM / SIGINT).
 *
 *   npx tsx n8n-node/e2e/gateway.ts [platform] [tier]
 */
import '../../functions/local/quiet-warnings';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectSandboxAccounts } from '../../functions/connect/accounts';
import { ensureTables, freePort, startDynamoDbLocal } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { createApiKey } from '../../functions/runtime/stores/api-keys';
import { createOwner } from '../../functions/runtime/stores/owners';
import type { Tier } from '../../core/accounts';
import type { PlatformWord } from '../../core/platforms';

async function main(): Promise<void> {
  const platform = (process.argv[2] ?? 'deskads') as PlatformWord;
  const tier = (process.argv[3] ?? 'pro') as Tier;
  process.env.TABLE_PREFIX ??= 'n8n-e2e-';
  process.env.LOG_LEVEL ??= 'warn';
  process.env.CREDENTIALS_KEY_FILE ??= join(tmpdir(), `gateway-n8n-e2e-${process.pid}-credentials.key`);
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  await ensureTables(dynamodb.endpoint);
  const owner = await createOwner({ tier, name: 'n8n end-to-end' });
  const { api_key } = await createApiKey(owner.owner_id);
  const accounts = await connectSandboxAccounts(owner.owner_id, platform, 2);
  const port = Number(process.env.PORT ?? (await freePort()));
  const server = await startHttpServer(port);
  const stop = async () => {
    server.close();
    await dynamodb.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  console.log(
    JSON.stringify({
      base: `http://127.0.0.1:${port}`,
      apiKey: api_key,
      platform,
      accounts: accounts.map((account) => ({ id: account.account_id, name: account.name })),
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
