/**
 * The request path: DynamoDB requests per call, and what the gateway adds to them.
 *
 * 1. DynamoDB requests one call makes, by kind, for a quota-exempt read, a billable read, a
 *    billable read with an Idempotency-Key, and a one-step checkpointed write (warm function:
 *    the API key and the owner's accounts are cached, see README "Caches").
 * 2. A billable read over HTTP through the local server (`npm start`'s server, autocannon as the
 *    client) at 1 and 32 concurrent callers, against the same DynamoDB operations issued raw with
 *    the SDK at the same concurrency: latency and throughput, and end-to-end ÷ raw.
 *
 *   npm run bench:request-path [-- --seconds 8]
 *
 * DynamoDB Local is far slower than DynamoDB and shares the machine with the gateway, so the
 * figures compare code paths with each other; they do not predict production latency.
 */
import autocannon from 'autocannon';
import { freePort } from '../functions/local/dynamodb-local';
import { startBenchGateway, type CommandInput, type Recorded } from './gateway-setup';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 8);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** What a DynamoDB request of the request path is, for the per-call breakdown. */
function kindOf(input: CommandInput): string {
  const table = String(input.TableName ?? '');
  const text = JSON.stringify(input);
  if (table.endsWith('usage')) return text.includes('ADD used :one') ? 'reserve' : text.includes(':minus') ? 'refund' : 'usage read';
  if (table.endsWith('sandbox')) return text.includes('"META#META"') ? 'sandbox failure mode' : 'tool (sandbox)';
  if (table.endsWith('api-keys')) return 'api key';
  if (table.endsWith('owners')) return text.includes('ACCOUNT#') ? 'accounts' : 'owner';
  if (text.includes('checkpoint#')) return 'checkpoint';
  if (text.includes('refund#')) return 'refund';
  return 'idempotency claim/complete';
}

async function main(): Promise<void> {
  const gateway = await startBenchGateway({ tablePrefix: 'bench-', platforms: ['searchads'] });
  const { headers, record } = gateway;
  let server: import('node:http').Server | undefined;
  try {
    const { startHttpServer } = await import('../functions/local/server');
    const call = (tool: string, args: Record<string, unknown>, key?: boolean) => gateway.call(tool, args, headers(key));

    // ---- 1. DynamoDB requests per call
    // A campaign that takes updates: a new sandbox account's campaigns come in random states, and a
    // removed one refuses every change.
    const campaigns = (await call('list_campaigns', { lookback_days: 7 })).campaigns as { id: string; status: string }[];
    const editable = campaigns.find((campaign) => campaign.status !== 'REMOVED');
    if (!editable) throw new Error(`None of the sandbox account's ${campaigns.length} campaigns takes updates (all removed).`);
    const campaignId = editable.id;
    let rename = 0;
    const scenarios: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'get_usage_status (quota-exempt read)', run: () => call('get_usage_status', {}) },
      { name: 'list_campaigns (billable read)', run: () => call('list_campaigns', { lookback_days: 7 }) },
      { name: 'list_campaigns + Idempotency-Key', run: () => call('list_campaigns', { lookback_days: 7 }, true) },
      {
        name: 'update_campaign name (one checkpointed step)',
        run: () => call('update_campaign', { campaign_id: campaignId, name: `Bench ${rename++}` }),
      },
    ];
    console.log('## DynamoDB requests per call (warm function)\n');
    console.log('| call | requests | of which |');
    console.log('|---|---:|---|');
    let billableRead: Recorded[] = [];
    for (const scenario of scenarios) {
      for (let i = 0; i < 3; i++) await scenario.run(); // warm: key and accounts cached
      const requests = await record(scenario.run);
      const kinds = new Map<string, number>();
      for (const r of requests) kinds.set(kindOf(r.input), (kinds.get(kindOf(r.input)) ?? 0) + 1);
      console.log(`| ${scenario.name} | ${requests.length} | ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')} |`);
      if (scenario.name.startsWith('list_campaigns (billable')) billableRead = requests;
    }

    // ---- 2. End to end over HTTP vs the same DynamoDB operations raw
    const port = await freePort();
    server = await startHttpServer(port);
    const rawCall = () => gateway.replay(billableRead);
    const rawRun = async (concurrency: number) => {
      const times: number[] = [];
      const end = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < end) {
            const started = performance.now();
            await rawCall();
            times.push(performance.now() - started);
          }
        }),
      );
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p99: percentile(times, 99), rps: times.length / SECONDS };
    };
    const httpRun = (connections: number) =>
      new Promise<{ p50: number; p99: number; rps: number; non2xx: number }>((resolve, reject) => {
        autocannon(
          {
            url: `http://127.0.0.1:${port}/api/v1/tools/list_campaigns/execute`,
            method: 'POST',
            headers: headers(),
            body: JSON.stringify({ arguments: { lookback_days: 7 } }),
            connections,
            duration: SECONDS,
          },
          (err, result) =>
            err
              ? reject(err)
              : resolve({ p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx }),
        );
      });
    console.log(
      `\n## Billable read end to end (HTTP, local server, autocannon) vs the same ${billableRead.length} DynamoDB operations raw, ${SECONDS} s each\n`,
    );
    console.log(
      '| callers | e2e p50 ms | e2e p99 ms | e2e calls/s | raw p50 ms | raw p99 ms | raw calls/s | e2e ÷ raw p50 | raw ÷ e2e calls/s | non-2xx |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const concurrency of [1, 32]) {
      await rawRun(concurrency); // warm-up of both paths
      const e2e = await httpRun(concurrency);
      const direct = await rawRun(concurrency);
      console.log(
        `| ${concurrency} | ${e2e.p50.toFixed(1)} | ${e2e.p99.toFixed(1)} | ${e2e.rps.toFixed(0)} | ${direct.p50.toFixed(1)} | ${direct.p99.toFixed(1)} | ${direct.rps.toFixed(0)} | ${(e2e.p50 / direct.p50).toFixed(2)} | ${(direct.rps / e2e.rps).toFixed(2)} | ${e2e.non2xx} |`,
      );
    }
  } finally {
    server?.close();
    await gateway.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
