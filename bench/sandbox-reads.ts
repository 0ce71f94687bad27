/**
 * Sandbox reads and history growth.
 *
 * 1. DynamoDB requests of a warm billable list read, a billable report read and an idempotent
 *    write, on every platform (one seeded sandbox account each).
 * 2. A billable read (searchads list_campaigns, retailads list_retailads_campaigns) through the
 *    gateway in process at 1, 8 and 32 concurrent callers, against the same DynamoDB requests
 *    issued raw with the SDK at the same concurrency: p50 per call and end to end ÷ raw.
 * 3. History growth: the cost of an update of an entity after N updates of it, and of a 30-day
 *    report (the entity with its history, a day-weighted setting per day) after N changes in one
 *    day, N = 1, 1,000, 10,000, as ratios to N = 1.
 *
 *   npm run bench:sandbox-reads [-- --seconds 3 --changes 1,1000,10000]
 *
 * DynamoDB Local shares the machine with the gateway: compare the ratios, not the milliseconds.
 */
import '../functions/local/quiet-warnings';
import { randomUUID } from 'node:crypto';
import { ensureTables, startDynamoDbLocal } from '../functions/local/dynamodb-local';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SECONDS = Number(arg('seconds', '3'));
const CHANGES = arg('changes', '1,1000,10000').split(',').map(Number);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Recorded {
  commandName: string;
  input: { ExpressionAttributeValues?: Record<string, unknown>; [field: string]: unknown };
}

/** A campaign as the list tools answer it: the fields a write is chosen by. */
type Campaign = Record<string, string>;
/** The first campaign whose `field` is `value`. */
const withField = (campaigns: Campaign[], field: string, value: RegExp) => campaigns.find((c) => value.test(c[field] ?? ''))!.id;

const CALLS: Record<string, { list: [string, object]; report: [string, object]; write: (campaigns: Campaign[]) => [string, object] }> = {
  searchads: {
    list: ['list_campaigns', { lookback_days: 7 }],
    report: ['get_campaign_performance', { lookback_days: 30 }],
    write: (c) => ['update_campaign', { campaign_id: withField(c, 'status', /^ENABLED$/), name: `Bench ${randomUUID()}` }],
  },
  socialads: {
    list: ['list_socialads_campaigns', {}],
    report: ['get_socialads_campaign_performance', { lookback_days: 30 }],
    write: (c) => ['update_socialads_campaign', { campaign_id: withField(c, 'status', /^ACTIVE$/), name: `Bench ${randomUUID()}` }],
  },
  proads: {
    list: ['list_proads_campaigns', {}],
    report: ['get_proads_campaign_performance', { lookback_days: 30 }],
    write: (c) => ['update_proads_campaign', { campaign_id: withField(c, 'status', /^ACTIVE$/), name: `Bench ${randomUUID()}` }],
  },
  shortvideo: {
    list: ['list_shortvideo_campaigns', {}],
    report: ['get_shortvideo_campaign_performance', { lookback_days: 30 }],
    write: (c) => [
      'update_shortvideo_campaign',
      { campaign_id: withField(c, 'status', /ENABLE/), campaign_name: `Bench ${randomUUID().slice(0, 8)}` },
    ],
  },
  retailads: {
    list: ['list_retailads_campaigns', {}],
    report: ['get_retailads_campaign_performance', {}],
    write: (c) => [
      'update_retailads_campaigns',
      { campaigns: [{ campaignId: withField(c, 'state', /^ENABLED$/), name: `Bench ${randomUUID()}` }] },
    ],
  },
  chatads: {
    list: ['list_chatads_campaigns', {}],
    report: ['get_chatads_insights', { scope: 'ad_account' }],
    write: (c) => ['pause_chatads_campaign', { campaign_id: withField(c, 'status', /^ACTIVE$/) }],
  },
  deskads: {
    list: ['list_deskads_campaigns', {}],
    report: ['get_deskads_campaign_performance', {}],
    write: (c) => ['update_deskads_campaign', { campaign_id: withField(c, 'status', /^Active$/), name: `Bench ${randomUUID()}` }],
  },
};

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.TABLE_PREFIX = 'bench-reads-';
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  try {
    await ensureTables(dynamodb.endpoint);
    // Imported after the environment is set: the stores read it when called.
    const { dispatch } = await import('../functions/local/router');
    const { createOwner } = await import('../functions/runtime/stores/owners');
    const { createApiKey } = await import('../functions/runtime/stores/api-keys');
    const { connectSandboxAccounts } = await import('../functions/connect/accounts');
    const { documentClient } = await import('../functions/runtime/stores/dynamo');
    const { settled } = await import('../functions/runtime/settle');
    const { tableName } = await import('../functions/runtime/config');
    const { SandboxStore } = await import('../platforms/sandbox/store');
    const { settingOnDay } = await import('../platforms/sandbox/history');
    const lib = await import('@aws-sdk/lib-dynamodb');
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');

    const owner = await createOwner({ tier: 'max' });
    await documentClient().send(
      new lib.UpdateCommand({
        TableName: tableName('owners'),
        Key: { owner_id: owner.owner_id, sk: 'PROFILE' },
        UpdateExpression: 'SET limit_override = :l',
        ExpressionAttributeValues: { ':l': 100_000_000 },
      }),
    );
    for (const platform of Object.keys(CALLS)) await connectSandboxAccounts(owner.owner_id, platform as never, 1);
    const { api_key } = await createApiKey(owner.owner_id);
    const call = async (tool: string, args: object, headers: Record<string, string> = {}) => {
      const result = await dispatch({
        method: 'POST',
        url: `/api/v1/tools/${tool}/execute`,
        headers: { Authorization: `Bearer ${api_key}`, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ arguments: args }),
      });
      if (result.statusCode !== 200) throw new Error(`${tool} answered ${result.statusCode}: ${result.body}`);
      return (JSON.parse(result.body) as { data: { structured: Record<string, unknown> } }).data.structured;
    };

    let recording: Recorded[] | undefined;
    documentClient().middlewareStack.add(
      ((next: (a: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Recorded['input'] }) => {
        recording?.push({ commandName: context.commandName ?? '', input: structuredClone(args.input) });
        return next(args);
      }) as never,
      { step: 'initialize', priority: 'low', name: 'benchRecorder' },
    );
    const record = async (run: () => Promise<unknown>) => {
      recording = [];
      await run();
      await settled();
      const requests = recording;
      recording = undefined;
      return requests;
    };
    const summary = (requests: Recorded[]) => String(requests.length);

    // ---- 1. Requests per call
    console.log('## DynamoDB requests per warm call\n');
    console.log('| platform | billable list read | billable report read | idempotent write |');
    console.log('|---|---:|---:|---:|');
    const billableReads = new Map<string, Recorded[]>();
    for (const [platform, calls] of Object.entries(CALLS)) {
      const campaigns = (await call(...calls.list)).campaigns as Campaign[];
      await call(...calls.list);
      const list = await record(() => call(...calls.list));
      const report = await record(() => call(...calls.report));
      const write = await record(() => call(...calls.write(campaigns), { 'Idempotency-Key': randomUUID() })).catch(
        (err: Error) => err.message.slice(0, 60) as never,
      );
      billableReads.set(platform, list);
      console.log(`| ${platform} | ${summary(list)} | ${summary(report)} | ${Array.isArray(write) ? summary(write) : write} |`);
    }

    // ---- 2. p50 per call against raw
    const raw = lib.DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: dynamodb.endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
    const commandOf = ({ commandName, input }: Recorded) => {
      const base = commandName.replace(/Item(Command)$/, '$1').replace(/Command$/, '');
      const Command = (lib as unknown as Record<string, new (input: unknown) => unknown>)[`${base}Command`]!;
      const fresh = structuredClone(input);
      if (fresh.ExpressionAttributeValues?.[':token']) fresh.ExpressionAttributeValues[':token'] = randomUUID();
      return new Command(fresh) as never;
    };
    const timed = async (concurrency: number, once: () => Promise<unknown>) => {
      const times: number[] = [];
      const end = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < end) {
            const started = performance.now();
            await once();
            times.push(performance.now() - started);
          }
        }),
      );
      return median(times);
    };
    console.log(`\n## Billable list read in process vs the same DynamoDB requests raw, ${SECONDS} s each\n`);
    console.log('| platform | callers | requests | gateway p50 ms | raw p50 ms | gateway ÷ raw |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const platform of ['searchads', 'retailads']) {
      const requests = billableReads.get(platform)!;
      for (const concurrency of [1, 8, 32]) {
        const gateway = await timed(concurrency, () => call(...CALLS[platform]!.list));
        const direct = await timed(concurrency, async () => {
          for (const request of requests) await raw.send(commandOf(request));
        });
        console.log(
          `| ${platform} | ${concurrency} | ${requests.length} | ${gateway.toFixed(1)} | ${direct.toFixed(1)} | ${(gateway / direct).toFixed(2)} |`,
        );
      }
    }
    raw.destroy();

    // ---- 3. History growth
    console.log('\n## History growth (one entity, N changes in one day), as ratios to N = 1\n');
    console.log('| N | update after N updates | 30-day report after N changes |');
    console.log('|---:|---:|---:|');
    const day = '2026-10-15';
    const days = Array.from({ length: 30 }, (_, i) =>
      new Date(Date.parse('2026-09-20T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
    );
    let base: { update: number; report: number } | undefined;
    for (const n of CHANGES) {
      const store = new SandboxStore('searchads', `history-${n}-${randomUUID().slice(0, 8)}`);
      await store.create('campaign', { id: '1', budget: 0 });
      const step = 86_400_000 / (n + 1);
      let failed: string | undefined;
      for (let i = 1; i <= n && !failed; i++) {
        await store
          .update('campaign', '1', { budget: i }, { now: new Date(Date.parse(`${day}T00:00:00Z`) + i * step) })
          .catch((err: Error) => (failed = `stops at update ${i}: ${err.message.slice(0, 50)}`));
      }
      if (failed) {
        console.log(`| ${n} | ${failed} | |`);
        continue;
      }
      const updates: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await store.update('campaign', '1', { budget: n + 1 + i }, { now: new Date('2026-10-16T12:00:00Z') });
        updates.push(performance.now() - started);
      }
      const reports: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const entity = await store.require<{ id: string; budget: number }>('campaign', '1', { withHistory: true });
        for (const date of days) settingOnDay(entity, date, (state) => state.budget);
        reports.push(performance.now() - started);
      }
      const figures = { update: median(updates), report: median(reports) };
      base ??= figures;
      console.log(
        `| ${n} | ${(figures.update / base.update).toFixed(1)}× (${figures.update.toFixed(1)} ms) | ${(figures.report / base.report).toFixed(1)}× (${figures.report.toFixed(1)} ms) |`,
      );
    }
  } finally {
    await dynamodb.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
