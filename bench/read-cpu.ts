/**
 * The gateway's own CPU per warm billable read, in process (issue 33: a read's own cost).
 *
 * For each read: 20 warm calls, then 150 calls one after another through the local router, and the
 * Node process's CPU time (process.cpuUsage, user + system) divided by the calls; the same for the
 * call's DynamoDB requests replayed raw with the SDK (what any client pays to send and parse them).
 * DynamoDB Local runs in its own process and is not counted, so on a shared machine this says more
 * than wall time does.
 *
 *   npm run bench:read-cpu [-- --calls 150 --warm 20 --rounds 2 --tools list_campaigns,...]
 *   npx tsx bench/read-cpu.ts --tools list_campaigns --profile .data/list_campaigns.cpuprofile
 *
 * `--profile <file>` writes a V8 CPU profile of the last round's measured gateway calls only (open it
 * in Chrome's DevTools or VS Code).
 *
 * Rounds alternate over the reads, so a burst of load from elsewhere touches every read alike.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { PlatformWord } from '../core/platforms';
import { median, startBenchGateway, type Recorded } from './gateway-setup';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const CALLS = Number(arg('calls', '150'));
const WARM = Number(arg('warm', '20'));
const ROUNDS = Number(arg('rounds', '2'));
const PROFILE = arg('profile', '');

const READS: { platform: PlatformWord; tool: string; args: object }[] = [
  { platform: 'searchads', tool: 'list_campaigns', args: { lookback_days: 7 } },
  { platform: 'searchads', tool: 'get_campaign_performance', args: { lookback_days: 30 } },
  { platform: 'socialads', tool: 'list_socialads_campaigns', args: {} },
  { platform: 'proads', tool: 'list_proads_campaigns', args: {} },
  { platform: 'shortvideo', tool: 'list_shortvideo_campaigns', args: {} },
  { platform: 'retailads', tool: 'list_retailads_campaigns', args: {} },
  { platform: 'deskads', tool: 'list_deskads_campaigns', args: {} },
  { platform: 'chatads', tool: 'list_chatads_campaigns', args: {} },
];
const chosen = arg('tools', '').split(',').filter(Boolean);
const reads = chosen.length ? READS.filter((read) => chosen.includes(read.tool)) : READS;

/** CPU milliseconds per call of `once`, run `calls` times one after another. */
async function cpuPerCall(calls: number, once: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) await once();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / calls;
}

/** Starts V8's sampling profiler on this process; `stop` writes the profile to a file. */
async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

async function main(): Promise<void> {
  const platforms = [...new Set(reads.map((read) => read.platform))];
  const gateway = await startBenchGateway({ tablePrefix: 'bench-cpu-', platforms });
  try {
    const requests = new Map<string, Recorded[]>();
    for (const read of reads) {
      const once = () => gateway.call(read.tool, read.args);
      for (let i = 0; i < 3; i++) await once(); // warm: the key and the owner's accounts cached
      requests.set(read.tool, await gateway.record(once));
    }
    const results = new Map<string, { gateway: number[]; raw: number[] }>(reads.map((read) => [read.tool, { gateway: [], raw: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const read of reads) {
        const once = () => gateway.call(read.tool, read.args);
        const raw = () => gateway.replay(requests.get(read.tool)!);
        await cpuPerCall(WARM, once);
        const profiling = PROFILE && round === ROUNDS - 1 ? await startProfile() : undefined;
        results.get(read.tool)!.gateway.push(await cpuPerCall(CALLS, once));
        if (profiling) await profiling.stop(reads.length > 1 ? PROFILE.replace(/(\.cpuprofile)?$/, `-${read.tool}$1`) : PROFILE);
        await cpuPerCall(WARM, raw);
        results.get(read.tool)!.raw.push(await cpuPerCall(CALLS, raw));
      }
    }
    console.log(`## CPU per warm call, ms (${CALLS} calls after ${WARM} warm, ${ROUNDS} rounds)\n`);
    console.log('| read | DynamoDB requests | gateway per round | raw requests per round | gateway − raw (median) |');
    console.log('|---|---:|---:|---:|---:|');
    for (const read of reads) {
      const { gateway: own, raw } = results.get(read.tool)!;
      const fixed = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
      console.log(
        `| ${read.tool} | ${requests.get(read.tool)!.length} | ${fixed(own)} | ${fixed(raw)} | ${(median(own) - median(raw)).toFixed(1)} |`,
      );
    }
  } finally {
    await gateway.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
