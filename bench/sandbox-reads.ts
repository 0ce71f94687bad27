/**
 * Sandbox reads and history growth.
 *
 * 1. DynamoDB requests of a warm billable list read, a billable report read and an idempotent
 *    write, on every platform (one seeded sandbox account each).
 * 2. A billable read (searchads list_campaigns, retailads list_retailads_campaigns) through the
 *    gateway in process at 1, 8 and 32 concurrent callers, against the same DynamoDB requests
 *    issued raw with the SDK at the same concurrency: p50 per call and end to end ÷ raw.
 * 3. Reads as an account's changes grow: requests, items and bytes read by a billable list read
 *    with figures (list_campaigns), a report (get_campaign_performance) and a read that shows no
 *    past days (get_campaign_structure) on searchads, with no changes and with 10,000 (1,250
 *    updates of each of 8 campaigns).
 * 4. History growth: the cost of an update of an entity after N updates of it, and of a 30-day
 *    report (the entity with its history, a day-weighted setting per day) after N changes in one
 *    day, N = 1, 1,000, 10,000, as ratios to N = 1; and the DynamoDB requests of removing that
 *    entity (an update to REMOVED) and of deleting it outright.
 * 5. History kept over time: one entity changed once a day for 1, 2 and 4 years; the change items
 *    left once DynamoDB's TTL has deleted the expired ones (DynamoDB Local deletes them by the real
 *    clock, so the bench deletes what expired by its own clock, as the TTL would) and what a
 *    365-day report then reads of its history.
 *
 *   npm run bench:sandbox-reads [-- --seconds 3 --changes 1,1000,10000 --account-changes 10000 --sections 1,2,3,4,5]
 *
 * The setup (bench/gateway-setup.ts) is request-path's: fixed sandbox accounts, seeding retried
 * while the store is slow.
 *
 * DynamoDB Local shares the machine with the gateway: compare the ratios, not the milliseconds.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformWord } from '../core/platforms';
import { median, p50, startBenchGateway, type Recorded } from './gateway-setup';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SECONDS = Number(arg('seconds', '3'));
const CHANGES = arg('changes', '1,1000,10000').split(',').map(Number);
const ACCOUNT_CHANGES = Number(arg('account-changes', '10000'));
const SECTIONS = new Set(arg('sections', '1,2,3,4,5').split(',').map(Number));
const YEARS = [1, 2, 4];

/** A campaign as the list tools answer it: the fields a write is chosen by. */
type Campaign = Record<string, string>;
/** The first campaign whose `field` is `value`. */
const withField = (campaigns: Campaign[], field: string, value: RegExp) => {
  const found = campaigns.find((c) => value.test(c[field] ?? ''));
  if (!found) throw new Error(`no campaign with ${field} ${value} (${campaigns.map((c) => c[field]).join(', ')})`);
  return found.id;
};

const CALLS: Record<
  PlatformWord,
  { list: [string, object]; report: [string, object]; write: (campaigns: Campaign[]) => [string, object] }
> = {
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
      { campaign_id: withField(c, 'status', /^ACTIVE$/), campaign_name: `Bench ${randomUUID().slice(0, 8)}` },
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
    write: (c) => ['pause_chatads_campaign', { campaign_id: withField(c, 'status', /^active$/) }],
  },
  deskads: {
    list: ['list_deskads_campaigns', {}],
    report: ['get_deskads_campaign_performance', {}],
    write: (c) => ['update_deskads_campaign', { campaign_id: withField(c, 'status', /^Active$/), name: `Bench ${randomUUID()}` }],
  },
};

async function main(): Promise<void> {
  const gateway = await startBenchGateway({ tablePrefix: 'bench-reads-', platforms: Object.keys(CALLS) as PlatformWord[] });
  const { call, record } = gateway;
  try {
    const { SandboxStore } = await import('../platforms/sandbox/store');
    const { settingOnDay } = await import('../platforms/sandbox/history');
    const read = (requests: Recorded[]) => {
      const bytes = requests.reduce((sum, r) => sum + r.bytes, 0);
      return `${requests.length} (${requests.reduce((sum, r) => sum + r.items, 0)} items, ${(bytes / 1024).toFixed(1)} KB)`;
    };

    // ---- 1. Requests per call
    const billableReads = new Map<PlatformWord, Recorded[]>();
    if (SECTIONS.has(1) || SECTIONS.has(2)) {
      console.log('## DynamoDB requests per warm call (items and bytes read)\n');
      console.log('| platform | billable list read | billable report read | idempotent write |');
      console.log('|---|---:|---:|---:|');
      for (const [platform, calls] of Object.entries(CALLS) as [PlatformWord, (typeof CALLS)[PlatformWord]][]) {
        const campaigns = (await call(...calls.list)).campaigns as Campaign[];
        await call(...calls.list);
        const list = await record(() => call(...calls.list));
        const report = await record(() => call(...calls.report));
        const write = await record(() => call(...calls.write(campaigns), gateway.headers(true))).catch(
          (err: Error) => err.message.slice(0, 60) as never,
        );
        billableReads.set(platform, list);
        console.log(`| ${platform} | ${read(list)} | ${read(report)} | ${Array.isArray(write) ? write.length : write} |`);
      }
    }

    // ---- 2. p50 per call against raw
    if (SECTIONS.has(2)) {
      console.log(`\n## Billable list read in process vs the same DynamoDB requests raw, ${SECONDS} s each\n`);
      console.log('| platform | callers | requests | gateway p50 ms | raw p50 ms | gateway ÷ raw | failed calls |');
      console.log('|---|---:|---:|---:|---:|---:|---:|');
      for (const platform of ['searchads', 'retailads'] as const) {
        const requests = billableReads.get(platform)!;
        for (const callers of [1, 8, 32]) {
          const inProcess = await p50(callers, SECONDS, () => call(...CALLS[platform].list));
          const direct = await p50(callers, SECONDS, () => gateway.replay(requests));
          console.log(
            `| ${platform} | ${callers} | ${requests.length} | ${inProcess.p50.toFixed(1)} | ${direct.p50.toFixed(1)} | ${(inProcess.p50 / direct.p50).toFixed(2)} | ${inProcess.failed + direct.failed} |`,
          );
        }
      }
    }

    // ---- 3. Reads as the account's changes grow
    if (SECTIONS.has(3)) {
      console.log(
        `\n## searchads reads with 0 and ${ACCOUNT_CHANGES.toLocaleString('en')} changes in the account: requests (items, bytes)\n`,
      );
      const campaigns = (await call(...CALLS.searchads.list)).campaigns as Campaign[];
      const campaignId = withField(campaigns, 'status', /^ENABLED$/);
      const reads: [string, () => Promise<unknown>][] = [
        ['list_campaigns (7 days of figures)', () => call(...CALLS.searchads.list)],
        ['get_campaign_performance (30 days)', () => call(...CALLS.searchads.report)],
        ['get_campaign_structure (no past days)', () => call('get_campaign_structure', { campaign_id: campaignId })],
      ];
      const measure = async () => {
        const figures: string[] = [];
        for (const [, run] of reads) {
          await run(); // warm
          figures.push(read(await record(run)));
        }
        return figures;
      };
      const before = await measure();
      const store = new SandboxStore('searchads', gateway.accountIds.searchads!);
      const changed = [campaignId, ...campaigns.map((c) => c.id).filter((id) => id !== campaignId)].slice(0, 8);
      const perEntity = Math.ceil(ACCOUNT_CHANGES / changed.length);
      await Promise.all(
        changed.map(async (id) => {
          for (let i = 1; i <= perEntity; i++) await store.update('campaign', id, { bench_marker: i % 2 ? 'set' : undefined });
        }),
      );
      const after = await measure();
      console.log(`| read | 0 changes | ${(perEntity * changed.length).toLocaleString('en')} changes |`);
      console.log('|---|---:|---:|');
      reads.forEach(([name], i) => console.log(`| ${name} | ${before[i]} | ${after[i]} |`));
    }

    // ---- 4. History growth
    if (SECTIONS.has(4)) {
      console.log('\n## History growth (one entity, N changes in one day), as ratios to N = 1; DynamoDB requests of a removal\n');
      console.log(
        '| N | update after N updates | 30-day report after N changes | update to REMOVED: requests | delete outright: requests |',
      );
      console.log('|---:|---:|---:|---:|---:|');
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
        const removal = await record(() => store.update('campaign', '1', { status: 'REMOVED' }, { now: new Date('2026-10-17T00:00:00Z') }));
        const deletion = await record(() => store.remove('campaign', '1'));
        console.log(
          `| ${n} | ${(figures.update / base.update).toFixed(1)}× (${figures.update.toFixed(1)} ms) | ${(figures.report / base.report).toFixed(1)}× (${figures.report.toFixed(1)} ms) | ${removal.length} | ${deletion.length} |`,
        );
      }
    }

    // ---- 5. History kept over time
    if (SECTIONS.has(5)) {
      console.log('\n## History kept: one entity changed once a day for Y years, after the TTL deleted what expired\n');
      console.log('| Y | changes made | change items kept | 365-day report: history read |');
      console.log('|---:|---:|---:|---:|');
      // A clock after every expiry here, so DynamoDB Local's own TTL (by the real clock) deletes none of them.
      const now = Date.parse('2100-01-15T00:00:00Z');
      const { DeleteCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
      const { documentClient } = await import('../functions/runtime/stores/dynamo');
      const { tableName } = await import('../functions/runtime/config');
      const reportDays = Array.from({ length: 365 }, (_, i) => new Date(now - (365 - i) * 86_400_000).toISOString().slice(0, 10));
      for (const years of YEARS) {
        const store = new SandboxStore('searchads', `kept-${years}-${randomUUID().slice(0, 8)}`);
        await store.create('campaign', { id: '1', budget: 0 });
        const changes = years * 365;
        for (let i = 0; i < changes; i++) {
          await store.update('campaign', '1', { budget: i + 1 }, { now: new Date(now - (changes - i) * 86_400_000 + 3_600_000) });
        }
        const items = await documentClient().send(
          new QueryCommand({
            TableName: tableName('sandbox'),
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': store.historyPk },
            ConsistentRead: true,
          }),
        );
        const expired = (items.Items ?? []).filter((item) => typeof item.expires_at === 'number' && item.expires_at * 1000 <= now);
        for (const item of expired) {
          await documentClient().send(
            new DeleteCommand({ TableName: tableName('sandbox'), Key: { pk: item.pk as string, sk: item.sk as string } }),
          );
        }
        const requests = await record(async () => {
          const entity = await store.require<{ id: string; budget: number }>('campaign', '1', { withHistory: true });
          for (const date of reportDays) settingOnDay(entity, date, (state) => state.budget);
        });
        console.log(`| ${years} | ${changes} | ${(items.Items ?? []).length - expired.length} | ${read(requests)} |`);
      }
    }
  } finally {
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
