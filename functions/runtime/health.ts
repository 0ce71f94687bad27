import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName, type TableName } from './config';
import { jsonResponse } from './envelope';
import { documentClient, withStoreDeadline } from './stores/dynamo';
import { TABLE_SPECS } from './stores/tables';
import type { GatewayResult } from './state';

/** Every table of the gateway: a tool call, a monitor check or an approval may need any of them. */
const CHECKED = Object.keys(TABLE_SPECS) as TableName[];

/** A key no item has, in the table's own key schema (a read of it costs one read unit). */
function probeKey(table: TableName): Record<string, string> {
  const { partitionKey, sortKey } = TABLE_SPECS[table];
  return { [partitionKey]: 'health-probe', ...(sortKey ? { [sortKey]: 'health-probe' } : {}) };
}

/** How long /health waits for the tables: it answers within this even when DynamoDB is stalled. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * GET /health: 200 when every table answers a read, 503 naming the ones that do not (with code
 * `store_unavailable`, as the tool calls answer meanwhile), within HEALTH_TIMEOUT_MS.
 */
export async function healthResponse(): Promise<GatewayResult> {
  const results = await withStoreDeadline({ deadline: Date.now() + HEALTH_TIMEOUT_MS }, () =>
    Promise.all(
      CHECKED.map(async (table) => {
        try {
          await documentClient().send(new GetCommand({ TableName: tableName(table), Key: probeKey(table) }));
          return [table, 'ok'] as const;
        } catch {
          return [table, 'unreachable'] as const;
        }
      }),
    ),
  );
  const healthy = results.every(([, status]) => status === 'ok');
  const tables = Object.fromEntries(results);
  if (healthy) return jsonResponse(200, { status: 'ok', tables });
  return jsonResponse(503, { status: 'degraded', code: 'store_unavailable', tables }, { 'Retry-After': '5' });
}
