/**
 * The scheduler's throughput: how long one tick takes for many owners' due work, and so how much a
 * tick of the scheduler function (5 minutes, claiming for 210 s: functions/scheduler.ts) can do.
 *
 * OWNERS owners, each with a sandbox searchads and chatads account, MONITORS campaign monitors and
 * one daily brief each, all made due, then one tick (runDueTasks) runs them; then the daily watch
 * scans of the same owners. Printed: per kind, the count, the time and the time per task, and the
 * number of tasks a 210 s claiming window would hold at that pace.
 *
 *   npm run bench:scheduler [-- --owners 20 --monitors 3]
 *
 * DynamoDB Local shares this machine with the gateway and is far slower than DynamoDB; sandbox
 * accounts answer without network. The figures compare the kinds of work, and give an order of
 * magnitude, not production latency (a live account's reads add the platform's API time).
 */
import '../functions/local/quiet-warnings';
import { ensureTables, startDynamoDbLocal } from '../functions/local/dynamodb-local';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const OWNERS = arg('owners', 20);
const MONITORS = arg('monitors', 3);
const CLAIM_WINDOW_S = 210;

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.TABLE_PREFIX = 'bench-scheduler-';
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  try {
    await ensureTables(dynamodb.endpoint);
    // Imported after the environment is set: the stores read it when called.
    const lib = await import('@aws-sdk/lib-dynamodb');
    const { tableName } = await import('../functions/runtime/config');
    const { documentClient } = await import('../functions/runtime/stores/dynamo');
    const { createOwner } = await import('../functions/runtime/stores/owners');
    const { newBriefId, newMonitorId, putBrief, putMonitor } = await import('../functions/runtime/stores/monitoring');
    const { connectSandboxAccounts } = await import('../functions/connect/accounts');
    const { runDueTasks } = await import('../platforms/gateway/monitoring/scheduler');
    const { ALL_PLATFORMS } = await import('../functions/all-tools');

    const now = new Date();
    const past = new Date(now.getTime() - 60_000).toISOString();
    const setup = Date.now();
    const owners: string[] = [];
    for (let o = 0; o < OWNERS; o++) {
      const owner = await createOwner({ tier: 'pro' });
      owners.push(owner.owner_id);
      await connectSandboxAccounts(owner.owner_id, 'searchads', 1);
      await connectSandboxAccounts(owner.owner_id, 'chatads', 1);
      for (let m = 0; m < MONITORS; m++) {
        await putMonitor({
          monitor_id: newMonitorId(),
          owner_id: owner.owner_id,
          name: `Spend watch ${m}`,
          conditions: [{ metric: 'spend', operator: 'increase_pct', threshold: 5 + m * 10, timeframe: 'last_7_days' }],
          match: 'all',
          consecutive_days: 1,
          scope: 'campaign',
          platforms: [],
          status: 'active',
          check_hour_utc: 8,
          created_at: past,
          next_run_at: past,
          trigger_count: 0,
        });
      }
      await putBrief({
        brief_id: newBriefId(),
        owner_id: owner.owner_id,
        name: 'Daily brief',
        frequency: 'daily',
        hour: 8,
        time_zone: 'UTC',
        platforms: [],
        lookback_days: 7,
        status: 'active',
        created_at: past,
        next_run_at: past,
        run_count: 0,
      });
    }
    console.log(
      `Set up ${OWNERS} owners (2 sandbox accounts, ${MONITORS} monitors, 1 brief each) in ${((Date.now() - setup) / 1000).toFixed(1)} s.`,
    );

    // The watch scans are due at 07:00; they are left for the second tick.
    const tick = Date.now();
    const first = await runDueTasks(ALL_PLATFORMS, now, { pause: () => Promise.resolve() });
    const tickMs = Date.now() - tick;

    for (const ownerId of owners) {
      await documentClient().send(
        new lib.UpdateCommand({
          TableName: tableName('monitoring'),
          Key: { owner_id: ownerId, sk: 'WATCH' },
          UpdateExpression: 'SET next_run_at = :p',
          ExpressionAttributeValues: { ':p': past },
        }),
      );
    }
    const watchStart = Date.now();
    const second = await runDueTasks(ALL_PLATFORMS, now, { pause: () => Promise.resolve() });
    const watchMs = Date.now() - watchStart;

    const row = (kind: string, count: number, ms: number, extra: string) => {
      const per = count ? ms / count : 0;
      console.log(
        `${kind.padEnd(16)} ${String(count).padStart(5)} ${(ms / 1000).toFixed(1).padStart(8)} s ${per.toFixed(0).padStart(8)} ms ${String(per ? Math.floor((CLAIM_WINDOW_S * 1000) / per) : '-').padStart(10)}   ${extra}`,
      );
    };
    console.log('\nkind             count     time   per task   per 210 s   outcome');
    const monitorsAndBriefs = first.monitors.evaluated + first.briefs.generated;
    row(
      'monitors+briefs',
      monitorsAndBriefs,
      tickMs,
      `monitors ${first.monitors.evaluated} (alerts ${first.monitors.alerts}, failed ${first.monitors.failed}), briefs ${first.briefs.generated} (failed ${first.briefs.failed})`,
    );
    row('watch scans', second.watch.scanned, watchMs, `signals ${second.watch.signals}, failed ${second.watch.failed}`);
  } finally {
    await dynamodb.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
