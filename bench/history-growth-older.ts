/**
 * History growth on an older checkout, whose sandbox kept an entity's history inside its item (4d69c81, where
 * issue 33 started): the steps of `bench:sandbox-reads -- --sections 4` (an update after N updates of one
 * campaign, a 30-day report after N changes in one day, as ratios to N = 1) through that checkout's own
 * SandboxStore and daySegments, on a DynamoDB Local it starts. docs/performance.md compares the two.
 *
 *   cd <old checkout> && npx tsx <this checkout>/bench/history-growth-older.ts [1,1000,3000,10000]
 */
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';

/** What this bench uses of the older checkout's modules. */
interface OlderStore {
  create(kind: string, entity: object): Promise<unknown>;
  update(kind: string, id: string, patch: object, options: { now: Date }): Promise<unknown>;
  require(kind: string, id: string, options: { withHistory: boolean }): Promise<object>;
}
interface OlderModules {
  startDynamoDbLocal(): Promise<{ endpoint: string; stop(): Promise<void> }>;
  ensureTables(endpoint: string): Promise<void>;
  SandboxStore: new (platform: string, accountId: string) => OlderStore;
  daySegments(entity: object, date: string): { state: { budget?: number }; share: number }[];
}

const olderModule = <T>(file: string) => import(path.join(process.cwd(), file)) as Promise<T>;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.TABLE_PREFIX = `history-older-${Date.now()}-`;
  const { startDynamoDbLocal, ensureTables } = await olderModule<OlderModules>('functions/local/dynamodb-local.ts');
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  // DynamoDB Local may take a while on a busy machine: wait for it.
  for (;;) {
    try {
      await ensureTables(dynamodb.endpoint);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const { SandboxStore } = await olderModule<OlderModules>('platforms/sandbox/store.ts');
  const { daySegments } = await olderModule<OlderModules>('platforms/sandbox/history.ts');
  const day = '2026-10-15';
  const days = Array.from({ length: 30 }, (_, i) =>
    new Date(Date.parse('2026-09-20T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
  );
  const changes = (process.argv[2] ?? '1,1000,3000,10000').split(',').map(Number);
  let base: { update: number; report: number } | undefined;
  console.log('| N | update after N updates | 30-day report after N changes |\n|---:|---:|---:|');
  for (const n of changes) {
    const store = new SandboxStore('searchads', `history-${n}-${randomUUID().slice(0, 8)}`);
    await store.create('campaign', { id: '1', budget: 0 });
    const step = 86_400_000 / (n + 1);
    let failed: string | undefined;
    for (let i = 1; i <= n && !failed; i++) {
      await store
        .update('campaign', '1', { budget: i }, { now: new Date(Date.parse(`${day}T00:00:00Z`) + i * step) })
        .catch((err: Error) => (failed = `stops at update ${i}: ${err.message.slice(0, 60)}`));
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
    let weighted = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const entity = await store.require('campaign', '1', { withHistory: true });
      for (const date of days) for (const segment of daySegments(entity, date)) weighted += (segment.state.budget ?? 0) * segment.share;
      reports.push(performance.now() - started);
    }
    // The weighted budgets are summed so that the report's work is not optimised away.
    if (!Number.isFinite(weighted)) throw new Error('a report summed to no number');
    const figures = { update: median(updates), report: median(reports) };
    base ??= figures;
    console.log(
      `| ${n} | ${(figures.update / base.update).toFixed(1)}× (${figures.update.toFixed(1)} ms) | ${(figures.report / base.report).toFixed(1)}× (${figures.report.toFixed(1)} ms) |`,
    );
  }
  await dynamodb.stop();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
