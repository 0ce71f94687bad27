/**
 * The request path: DynamoDB requests per call, and what the gateway adds to them.
 *
 * 1. DynamoDB requests one call makes, by kind, for a quota-exempt read, a billable read, a
 *    billable read with an Idempotency-Key, a one-step checkpointed write and an idempotent create
 *    (add_keywords, a new keyword each call) (warm function:
 *    the API key and the owner's accounts are cached, see README "Caches").
 * 2. A billable read over HTTP through the local server (`npm start`'s server) at 1, 8 and 32
 *    concurrent callers, against the same DynamoDB operations issued raw with the SDK at the same
 *    concurrency: latency and throughput, and end-to-end ÷ raw. The 1-caller row uses one keep-alive
 *    client timing each call with performance.now() (sub-millisecond; keepAliveRun); 8 and 32 use autocannon, whose
 *    percentiles are whole milliseconds (at 30-200 ms that is under 3 % of the ratio).
 * 3. An idempotent write (update_keyword's bid, a fresh Idempotency-Key per call) over HTTP at 1, 8
 *    and 32 callers, each caller on a keyword of its own (the bench adds 32 to one ad group, picked
 *    by id, so no run depends on the sandbox's random states), against the same DynamoDB requests
 *    raw (with a fresh key, claim token, change id and the keyword's next revision per call, so each
 *    raw write succeeds like the gateway's): requests per call under load, latency, throughput.
 *
 *   npm run bench:request-path [-- --seconds 8]
 *   npm run bench:request-path -- --platform retailads   (sections 1 and 2 only, that platform's read)
 *
 * `--platform <word>` measures that platform's billable read instead (its list-campaigns tool on a
 * fresh sandbox account of that platform, no entity picked, so no seed can fail it): its requests
 * per call and section 2; the writes (searchads tools) are left out.
 *
 * DynamoDB Local is far slower than DynamoDB and shares the machine with the gateway, so the
 * figures compare code paths with each other; they do not predict production latency.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import autocannon from 'autocannon';
import { isPlatformWord, type PlatformWord } from '../core/platforms';
import { freePort } from '../functions/local/dynamodb-local';
import { startBenchGateway, type CommandInput, type Recorded } from './gateway-setup';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 8);
const CALLERS = [1, 8, 32];

/** Each platform's billable read: its list-campaigns tool. */
const BILLABLE_READS: Record<PlatformWord, { tool: string; args: Record<string, unknown> }> = {
  searchads: { tool: 'list_campaigns', args: { lookback_days: 7 } },
  socialads: { tool: 'list_socialads_campaigns', args: {} },
  proads: { tool: 'list_proads_campaigns', args: {} },
  shortvideo: { tool: 'list_shortvideo_campaigns', args: {} },
  retailads: { tool: 'list_retailads_campaigns', args: {} },
  chatads: { tool: 'list_chatads_campaigns', args: {} },
  deskads: { tool: 'list_deskads_campaigns', args: {} },
};
const platformArg = process.argv.includes('--platform') ? process.argv[process.argv.indexOf('--platform') + 1]! : undefined;
if (platformArg !== undefined && !isPlatformWord(platformArg)) throw new Error(`--platform: not a platform word: ${platformArg}`);
/** Undefined for the default run (searchads' read and writes). */
const PLATFORM: PlatformWord | undefined = platformArg;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The tables one transaction writes, without the bench's prefix, in the order of its items. */
function transactionTables(input: CommandInput): string[] {
  const items = input.TransactItems as Record<string, { TableName?: string }>[];
  return [...new Set(items.map((item) => String(Object.values(item)[0]?.TableName).replace(/^.*-/, '')))];
}

/** What a DynamoDB request of the request path is, for the per-call breakdown. */
function kindOf(input: CommandInput): string {
  if (input.TransactItems) return `commit (${transactionTables(input).join(' + ')})`;
  if (input.RequestItems) {
    const tables = Object.keys(input.RequestItems);
    return tables.some((table) => table.endsWith('sandbox')) ? 'tool (sandbox)' : 'settings + checkpoint';
  }
  const table = String(input.TableName ?? '');
  const text = JSON.stringify(input);
  if (table.endsWith('usage')) return text.includes('ADD used :one') ? 'reserve' : text.includes(':minus') ? 'refund' : 'usage read';
  if (table.endsWith('sandbox')) return text.includes('"META#META"') ? 'sandbox failure mode' : 'tool (sandbox)';
  if (table.endsWith('api-keys')) return 'api key';
  if (table.endsWith('audit')) return 'audit record';
  if (table.endsWith('owners')) return text.includes('ACCOUNT#') ? 'accounts' : 'owner';
  if (text.includes('checkpoint#')) return 'checkpoint';
  if (text.includes('refund#')) return 'refund';
  return 'idempotency claim/complete';
}

async function main(): Promise<void> {
  const gateway = await startBenchGateway({ tablePrefix: 'bench-', platforms: [PLATFORM ?? 'searchads'] });
  const { headers, record } = gateway;
  let server: import('node:http').Server | undefined;
  try {
    const { startHttpServer } = await import('../functions/local/server');
    const call = (tool: string, args: Record<string, unknown>, key?: boolean) => gateway.call(tool, args, headers(key));

    const read = BILLABLE_READS[PLATFORM ?? 'searchads'];
    // ---- 1. DynamoDB requests per call
    const billableScenario = { name: `${read.tool} (billable read)`, run: () => call(read.tool, read.args) };
    const scenarios = PLATFORM ? [billableScenario] : await searchadsScenarios(call, billableScenario);
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
      if (scenario === billableScenario) billableRead = requests;
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
    const path = `/api/v1/tools/${read.tool}/execute`;
    const body = JSON.stringify({ arguments: read.args });
    const httpRun = async (connections: number): Promise<{ p50: number; p99: number; rps: number; non2xx: number; method: string }> => {
      if (connections === 1) {
        const run = await keepAliveRun(
          port,
          1,
          path,
          () => headers(),
          () => body,
        );
        return { ...run, non2xx: run.failed, method: 'keep-alive client, per-call timer' };
      }
      return new Promise((resolve, reject) => {
        autocannon(
          {
            url: `http://127.0.0.1:${port}${path}`,
            method: 'POST',
            headers: headers(),
            body,
            connections,
            duration: SECONDS,
          },
          (err, result) =>
            err
              ? reject(err)
              : resolve({
                  p50: result.latency.p50,
                  p99: result.latency.p99,
                  rps: result.requests.average,
                  non2xx: result.non2xx,
                  method: 'autocannon (whole ms)',
                }),
        );
      });
    };
    console.log(
      `\n## Billable read (${read.tool}) end to end (HTTP, local server) vs the same ${billableRead.length} DynamoDB operations raw, ${SECONDS} s each\n`,
    );
    console.log(
      '| callers | e2e p50 ms | e2e p99 ms | e2e calls/s | raw p50 ms | raw p99 ms | raw calls/s | e2e ÷ raw p50 | raw ÷ e2e calls/s | non-2xx | e2e client |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const concurrency of CALLERS) {
      await rawRun(concurrency); // warm-up of both paths
      const e2e = await httpRun(concurrency);
      const direct = await rawRun(concurrency);
      console.log(
        `| ${concurrency} | ${e2e.p50.toFixed(1)} | ${e2e.p99.toFixed(1)} | ${e2e.rps.toFixed(0)} | ${direct.p50.toFixed(1)} | ${direct.p99.toFixed(1)} | ${direct.rps.toFixed(0)} | ${(e2e.p50 / direct.p50).toFixed(2)} | ${(direct.rps / e2e.rps).toFixed(2)} | ${e2e.non2xx} | ${e2e.method} |`,
      );
    }

    // ---- 3. An idempotent write end to end over HTTP vs the same DynamoDB requests raw
    if (!PLATFORM) await writePath(gateway, port, call);
  } finally {
    server?.close();
    await gateway.stop();
  }
}

type Scenario = { name: string; run: () => Promise<unknown> };

/** The default run's calls of section 1 around searchads' billable read (a new sandbox account's states are random: entities picked by state). */
async function searchadsScenarios(
  call: (tool: string, args: Record<string, unknown>, key?: boolean) => Promise<Record<string, unknown>>,
  billableScenario: Scenario,
): Promise<Scenario[]> {
  // A campaign that takes updates: a new sandbox account's campaigns come in random states, and a
  // removed one refuses every change.
  const campaigns = (await call('list_campaigns', { lookback_days: 7 })).campaigns as { id: string; status: string }[];
  const editable = campaigns.find((campaign) => campaign.status !== 'REMOVED');
  if (!editable) throw new Error(`None of the sandbox account's ${campaigns.length} campaigns takes updates (all removed).`);
  const campaignId = editable.id;
  let rename = 0;
  // A search ad group that takes keywords, for a create (a new keyword each call).
  type AdGroup = { id: string; type: string; status: string; campaign_status: string };
  const adGroups = (await call('list_ad_groups', {})).ad_groups as AdGroup[];
  const adGroup = adGroups.find((g) => g.type === 'SEARCH_STANDARD' && g.status !== 'REMOVED' && g.campaign_status !== 'REMOVED');
  if (!adGroup) throw new Error(`None of the sandbox account's ${adGroups.length} ad groups takes keywords.`);
  let added = 0;
  return [
    { name: 'get_usage_status (quota-exempt read)', run: () => call('get_usage_status', {}) },
    billableScenario,
    { name: 'list_campaigns + Idempotency-Key', run: () => call('list_campaigns', { lookback_days: 7 }, true) },
    {
      name: 'update_campaign name (one checkpointed step)',
      run: () => call('update_campaign', { campaign_id: campaignId, name: `Bench ${rename++}` }),
    },
    {
      name: 'add_keywords + Idempotency-Key (a create)',
      run: () =>
        call('add_keywords', { ad_group_id: adGroup.id, keywords: [{ text: `bench create ${added++}`, match_type: 'PHRASE' }] }, true),
    },
  ];
}

type Gateway = Awaited<ReturnType<typeof startBenchGateway>>;
/** One entry of a recorded TransactWriteItems, as far as the raw write changes it. */
type TransactItem = {
  Update?: { Key: Record<string, unknown>; ExpressionAttributeValues: Record<string, unknown> };
  Put?: { Item: Record<string, unknown> };
};

/** The bench's keywords: 32 added to the ad group of the account's first keyword that takes changes (by id). */
async function benchKeywords(gateway: Gateway, call: (tool: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>) {
  const { SandboxStore } = await import('../platforms/sandbox/store');
  const { withStoreDeadline } = await import('../functions/runtime/stores/dynamo');
  const store = new SandboxStore('searchads', gateway.accountIds.searchads!);
  type Keyword = { id: string; text: string; status: string; ad_group_id: string; campaign_id: string };
  const list = () => withStoreDeadline({ deadline: Date.now() + 60_000 }, () => store.list<Keyword>('keyword'));
  const campaigns = await withStoreDeadline({ deadline: Date.now() + 60_000 }, () =>
    store.list<{ id: string; status: string }>('campaign'),
  );
  const live = new Set(campaigns.filter((c) => c.status !== 'REMOVED').map((c) => c.id));
  const first = (await list()).filter((k) => k.status !== 'REMOVED' && live.has(k.campaign_id)).sort((a, b) => (a.id < b.id ? -1 : 1))[0];
  if (!first) throw new Error('The sandbox account has no keyword that takes changes.');
  const texts = Array.from({ length: Math.max(...CALLERS) }, (_, i) => `bench keyword ${String(i).padStart(2, '0')}`);
  await call('add_keywords', { ad_group_id: first.ad_group_id, keywords: texts.map((text) => ({ text, match_type: 'PHRASE' })) });
  const added = (await list()).filter((k) => k.ad_group_id === first.ad_group_id && texts.includes(k.text));
  return added.sort((a, b) => (a.text < b.text ? -1 : 1));
}

/**
 * Section 3: update_keyword (a new bid each call, a fresh Idempotency-Key) end to end, each caller on
 * its own keyword, against the recorded requests of one such call replayed raw with what makes each
 * one a new write that succeeds: a fresh key and claim token, a fresh change id, the caller's
 * keyword and its next revision.
 */
async function writePath(
  gateway: Gateway,
  port: number,
  call: (tool: string, args: Record<string, unknown>, key?: boolean) => Promise<Record<string, unknown>>,
) {
  const keywords = await benchKeywords(gateway, call);
  const bidOf = (i: number) => 1 + (i % 50) / 100;
  // Every keyword changed once (so each has a revision), then one call recorded.
  for (const [i, keyword] of keywords.entries()) await call('update_keyword', { keyword_id: keyword.id, cpc_bid: bidOf(i + 1) }, true);
  const recordedKey = randomUUID();
  const recorded = await gateway.record(() =>
    gateway.call(
      'update_keyword',
      { keyword_id: keywords[0]!.id, cpc_bid: 3.33 },
      { ...gateway.headers(), 'Idempotency-Key': recordedKey },
    ),
  );
  const transaction = recorded.find((r) => r.commandName === 'TransactWriteItemsCommand');
  const claim = recorded.find((r) => r.commandName === 'PutItemCommand' && JSON.stringify(r.input).includes(recordedKey));
  if (recorded.length > 6 || !transaction || !claim)
    throw new Error(`The recorded write is not one commit: ${recorded.map((r) => r.commandName).join(', ')}`);
  const items = transaction.input.TransactItems as TransactItem[];
  const claimToken = String((claim.input.Item as Record<string, unknown>).claim_token);
  const changeId = String(items.find((i) => i.Put?.Item.change_id)!.Put!.Item.change_id);
  const pk = String(items[0]!.Update!.Key.pk);
  const kinds = new Map<string, number>();
  for (const r of recorded) kinds.set(kindOfWrite(r), (kinds.get(kindOfWrite(r)) ?? 0) + 1);

  /** The recorded call as a new write of `keywordId` at revision `rev` (it sets rev + 1). */
  const rawWrite = (keywordId: string, rev: number): Recorded[] => {
    const text = JSON.stringify(recorded)
      .replaceAll(recordedKey, randomUUID())
      .replaceAll(claimToken, randomUUID().slice(0, 16))
      .replaceAll(changeId, `chg_${Date.now()}_${randomUUID().slice(0, 8)}`)
      .replaceAll(keywords[0]!.id, keywordId);
    const requests = JSON.parse(text) as Recorded[];
    const [update, history] = requests.find((r) => r.commandName === 'TransactWriteItemsCommand')!.input.TransactItems as TransactItem[];
    update!.Update!.ExpressionAttributeValues[':rev'] = rev;
    update!.Update!.ExpressionAttributeValues[':next'] = rev + 1;
    history!.Put!.Item.rev = rev + 1;
    history!.Put!.Item.sk = String(history!.Put!.Item.sk).replace(/#\d+$/, `#${String(rev + 1).padStart(10, '0')}`);
    return requests;
  };
  const rawRun = async (callers: number) => {
    const times: number[] = [];
    const revs = await Promise.all(
      keywords.slice(0, callers).map(async (k) => Number((await gateway.rawGet('sandbox', { pk, sk: `keyword#${k.id}` }))?.rev ?? 0)),
    );
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      revs.map(async (rev, caller) => {
        while (performance.now() < end) {
          const requests = rawWrite(keywords[caller]!.id, rev++);
          const started = performance.now();
          await gateway.replayAsIs(requests);
          times.push(performance.now() - started);
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), rps: times.length / SECONDS };
  };
  const httpRun = async (callers: number) => {
    const sentBefore = gateway.sent();
    const run = await keepAliveRun(
      port,
      callers,
      '/api/v1/tools/update_keyword/execute',
      () => gateway.headers(true),
      (caller, i) => JSON.stringify({ arguments: { keyword_id: keywords[caller]!.id, cpc_bid: bidOf(caller + i + 2) } }),
    );
    return { ...run, requestsPerCall: (gateway.sent() - sentBefore) / run.calls };
  };

  console.log(
    `\n## Idempotent write (update_keyword bid, fresh Idempotency-Key) end to end vs the same ${recorded.length} DynamoDB requests raw, ${SECONDS} s each\n`,
  );
  console.log(`One call: ${recorded.length} requests (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}).\n`);
  console.log(
    '| callers | e2e requests/call | e2e p50 ms | e2e p99 ms | e2e calls/s | raw p50 ms | raw p99 ms | raw calls/s | e2e ÷ raw p50 | raw ÷ e2e calls/s | failed |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const callers of CALLERS) {
    await rawRun(callers); // warm-up of both paths
    const e2e = await httpRun(callers);
    const direct = await rawRun(callers);
    console.log(
      `| ${callers} | ${e2e.requestsPerCall.toFixed(2)} | ${e2e.p50.toFixed(1)} | ${e2e.p99.toFixed(1)} | ${e2e.rps.toFixed(0)} | ${direct.p50.toFixed(1)} | ${direct.p99.toFixed(1)} | ${direct.rps.toFixed(0)} | ${(e2e.p50 / direct.p50).toFixed(2)} | ${(direct.rps / e2e.rps).toFixed(2)} | ${e2e.failed} |`,
    );
  }
}

/**
 * `callers` keep-alive clients, each posting one call after another for SECONDS (caller c's i-th
 * body is `bodyOf(c, i)`), each call timed with performance.now(): percentiles of the 200 answers
 * to a fraction of a millisecond, calls per second, and how many did not answer 200. Each client is
 * one socket writing the request's bytes as one string and reading the answer by its Content-Length
 * (like autocannon, so the client's own work, in the server's process, stays small).
 */
async function keepAliveRun(
  port: number,
  callers: number,
  path: string,
  headers: () => Record<string, string>,
  bodyOf: (caller: number, i: number) => string,
) {
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      const client = await keepAliveClient(port);
      for (let i = 0; performance.now() < end; i++) {
        const body = bodyOf(caller, i);
        const fields = Object.entries(headers())
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        const request = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${fields}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
        const started = performance.now();
        const status = await client.send(request);
        if (status === 200) times.push(performance.now() - started);
        else failed++;
      }
      client.close();
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps: times.length / SECONDS, failed, calls: times.length + failed };
}

/** One keep-alive HTTP/1.1 connection: `send` writes a whole request and resolves with the status once the answer's body is in. */
async function keepAliveClient(port: number) {
  const socket = connect(port, '127.0.0.1').setNoDelay(true);
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  let waiting: { resolve: (status: number) => void; reject: (err: Error) => void } | undefined;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    const head = received.indexOf('\r\n\r\n');
    if (head < 0 || !waiting) return;
    const header = received.subarray(0, head).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(header)?.[1] ?? 0);
    if (received.length < head + 4 + length) return;
    received = received.subarray(head + 4 + length);
    const done = waiting;
    waiting = undefined;
    done.resolve(Number(header.slice(9, 12)));
  });
  socket.on('error', (err) => waiting?.reject(err));
  return {
    send: (request: string) =>
      new Promise<number>((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(request);
      }),
    close: () => socket.destroy(),
  };
}

/** What a DynamoDB request of the write path is. */
function kindOfWrite(recorded: Recorded): string {
  if (recorded.commandName === 'TransactWriteItemsCommand') return 'commit';
  if (recorded.commandName === 'BatchGetItemCommand') return 'settings + checkpoint';
  if (String(recorded.input.TableName).endsWith('sandbox')) return 'entity read';
  if (String(recorded.input.TableName).endsWith('usage')) return 'reservation';
  return kindOf(recorded.input) === 'idempotency claim/complete' ? 'claim' : kindOf(recorded.input);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
