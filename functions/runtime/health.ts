import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName, type TableName } from './config';
import { jsonResponse } from './envelope';
import { documentClient } from './stores/dynamo';
import type { GatewayResult } from './state';

const CHECKED: TableName[] = ['apiKeys', 'owners', 'usage', 'idempotency'];
const PROBE_KEYS: Record<string, Record<string, string>> = {
  apiKeys: { key_hash: 'health-probe' },
  owners: { owner_id: 'health-probe', sk: 'PROFILE' },
  usage: { owner_id: 'health-probe', period: '0000-00' },
  idempotency: { id: 'health-probe' },
};

/** GET /health: 200 when every table answers a read, 503 naming the ones that do not. */
export async function healthResponse(): Promise<GatewayResult> {
  const results = await Promise.all(
    CHECKED.map(async (table) => {
      try {
        await documentClient().send(new GetCommand({ TableName: tableName(table), Key: PROBE_KEYS[table] }));
        return [table, 'ok'] as const;
      } catch {
        return [table, 'unreachable'] as const;
      }
    }),
  );
  const healthy = results.every(([, status]) => status === 'ok');
  return jsonResponse(healthy ? 200 : 503, { status: healthy ? 'ok' : 'degraded', tables: Object.fromEntries(results) });
}
