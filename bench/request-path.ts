/**
 * The request path under load: calls go through the same router and Lambda handlers as `npm start`
 * and AWS, against an in-memory DynamoDB Local on this machine. Prints latency percentiles and
 * throughput for a quota-exempt read, a billable read, and a billable read with Idempotency-Key,
 * each sequentially and at a fixed concurrency, plus the DynamoDB requests one call makes.
 *
 *   npm run bench:request-path [-- --calls 400 --concurrency 20]
 *
 * DynamoDB Local is far slower than DynamoDB and shares the two cores with the gateway, so the
 * figures compare code paths with each other; they do not predict production latency.
 */
import '../functions/local/quiet-warnings';
import { randomUUID } from 'node:crypto';
import { ensureTables, startDynamoDbLocal } from '../functions/local/dynamodb-local';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg('calls', 400);
const CONCURRENCY = arg('concurrency', 20);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.TABLE_PREFIX = 'bench-';
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  try {
    await ensureTables(dynamodb.endpoint);
    // Imported after the environment is set: the stores read it when called.
    const { dispatch } = await import('../functions/local/router');
    const { createOwner } = await import('../functions/runtime/stores/owners');
    const { createApiKey } = await import('../functions/runtime/stores/api-keys');
    const { connectSandboxAccounts } = await import('../platforms/connect');
    const { documentClient } = await import('../functions/runtime/stores/dynamo');

    const owner = await createOwner({ tier: 'max' });
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { tableName } = await import('../functions/runtime/config');
    await documentClient().send(new UpdateCommand({ TableName: tableName('owners'), Key: { owner_id: owner.owner_id, sk: 'PROFILE' }, UpdateExpression: 'SET limit_override = :l', ExpressionAttributeValues: { ':l': 10_000_000 } }));
    await connectSandboxAccounts(owner.owner_id, 'searchads', 1);
    const { api_key } = await createApiKey(owner.owner_id);

    // Count DynamoDB requests per call with a middleware on the shared client.
    let requests = 0;
    documentClient().middlewareStack.add((next) => async (args) => {
      requests += 1;
      return next(args);
    }, { step: 'initialize', name: 'benchCounter' });

    const scenarios: { name: string; tool: string; args: Record<string, unknown>; idempotent?: boolean }[] = [
      { name: 'get_usage_status (exempt)', tool: 'get_usage_status', args: {} },
      { name: 'list_campaigns (billable)', tool: 'list_campaigns', args: { lookback_days: 7 } },
      { name: 'list_campaigns + Idempotency-Key', tool: 'list_campaigns', args: { lookback_days: 7 }, idempotent: true },
    ];
    const call = async (s: (typeof scenarios)[number]) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${api_key}`, 'Content-Type': 'application/json' };
      if (s.idempotent) headers['Idempotency-Key'] = randomUUID();
      const started = performance.now();
      const result = await dispatch({ method: 'POST', url: `/api/v1/tools/${s.tool}/execute`, headers, body: JSON.stringify({ arguments: s.args }) });
      if (result.statusCode !== 200) throw new Error(`${s.tool} answered ${result.statusCode}: ${result.body}`);
      return performance.now() - started;
    };

    console.log(`Request path on DynamoDB Local: ${CALLS} calls per run, concurrency ${CONCURRENCY}\n`);
    console.log('| scenario | mode | p50 ms | p95 ms | p99 ms | calls/s | DynamoDB requests per call |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const scenario of scenarios) {
      for (let i = 0; i < 20; i++) await call(scenario); // warm-up: caches, JIT, connections
      for (const [mode, concurrency] of [['sequential', 1], [`${CONCURRENCY} at a time`, CONCURRENCY]] as const) {
        const times: number[] = [];
        const before = requests;
        const started = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < CALLS) {
              next += 1;
              times.push(await call(scenario));
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        times.sort((a, b) => a - b);
        const perCall = (requests - before) / times.length;
        console.log(`| ${scenario.name} | ${mode} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${(times.length / seconds).toFixed(0)} | ${perCall.toFixed(1)} |`);
      }
    }
  } finally {
    await dynamodb.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
