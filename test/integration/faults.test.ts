/**
 * Fault injection on the request path (issue 12). Every DynamoDB operation of the chain, the stores
 * and the simulated platform can fail, time out (hang), succeed but lose its answer, or arrive
 * late, injected by a middleware on the shared DynamoDB client (nothing is mocked). Each run sends
 * concurrent duplicates with Idempotency-Keys, calls without keys, billable reads, checkpointed
 * writes and quota-exempt calls for one owner near its limit (every other run writes with a
 * platform's tools on a sandbox account, whose changes are held and committed with the audit record
 * and the claim in one transaction), then checks the invariants:
 * - no write ran twice for one Idempotency-Key (entities created per key ≤ 1, per step ≤ 1);
 * - after background settling, every unit used is a billable read answered 200 or a write whose audit
 *   record is `applied` or still `unknown` (a write that answered `outcome_unknown` holds its unit until
 *   it is settled); and every billable 200 that reserved a unit (not a replay, not a replay that
 *   settled its write as applied) and every write still unknown with its unit held is one of them;
 *   `used` never passes the limit;
 * - 402 only at the limit (reservations of running calls included), its quota block saying so;
 * - every answer is an envelope with a code for 5xx, given while the run's hung requests still hang
 *   (they end only after the run's last answer, so an answer that waited for one never comes);
 *   `outcome_unknown` only for writes, and a key that answered it replays it;
 * - no claim is left in progress.
 * `npm test` runs FAULT_RUNS (default 12) runs; `FAULT_RUNS=1000 npx jest test/integration/faults.test.ts`
 * runs the full size. It prints what it injected and what was answered, and the seed: each run draws
 * its faults and calls from its own generator (seed + run index; FAULT_SEED, default 1), so a seed
 * replays the same draws (the interleaving of concurrent calls still depends on the machine).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Context } from 'aws-lambda';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { createToolHandler } from '../../functions/runtime/handler';
import { idempotencyRecordId } from '../../functions/runtime/stores/idempotency';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { readUsage } from '../../functions/runtime/stores/usage';
import { listAuditEntries } from '../../functions/runtime/stores/audit';
import { settled } from '../../functions/runtime/settle';
import { defineGatewayTool } from '../../core/tool';
import { toApiGatewayEvent } from '../../functions/local/router';
import { SandboxStore } from '../../platforms/sandbox/store';
import { defineSearchAdsTool } from '../../platforms/searchads/define';
import { PLATFORMS } from '../../platforms';
import type { WritePlan } from '../../core/plan';
import type { ToolContext } from '../../core/tool';
import { createTestOwner, useTestTables } from '../support/gateway';

useTestTables();
jest.setTimeout(60 * 60 * 1000);

const RUNS = Number(process.env.FAULT_RUNS ?? 12);
const SEED = Number(process.env.FAULT_SEED ?? 1);
const PARALLEL_RUNS = 6;
/** The function's remaining time each call gets: tool deadline after ~1.5 s, settling until ~4 s. */
const FUNCTION_MS = 4500;
const FAULT_PROBABILITY = 0.12;
/** A late write reaches DynamoDB up to this long after its caller gave up on it (plus the store's own time). */
const MAX_LATE_MS = 800;

/** A small seeded generator (mulberry32): one per run, so a seed replays a run's draws. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Fault = 'fail' | 'hang' | 'lose' | 'late';
const FAULTS: Fault[] = ['fail', 'hang', 'lose', 'late'];

// ---- the tools under test: a plain write, a checkpointed two-step write, a read, an exempt read
const sandboxOf = (run: string) => new SandboxStore('searchads', `fault-${run}`);
/** A plan that reads how many entities of each kind the label has: nothing to change once it has one of each. */
async function labelPlan(args: { run: string; label: string }, kinds: string[]) {
  const fields: Record<string, { before: number; after: number }> = {};
  for (const kind of kinds) {
    const count = (await sandboxOf(args.run).list<{ id: string; label: string }>(kind)).filter((e) => e.label === args.label).length;
    fields[kind] = { before: count, after: 1 };
  }
  const done = Object.values(fields).every((f) => f.before >= 1);
  return {
    summary: 'test write',
    changes: done ? [] : [{ action: 'update' as const, entity: 'test_entity', id: args.label, fields }],
    data: {},
  };
}
const runArgs = { run: v.string(), label: v.string() };
/** A write that creates one entity labelled with its arguments. */
const createWrite = (name: string) => ({
  name,
  description: 'Creates one entity labelled with its arguments (none once the label has one).',
  access: 'write' as const,
  args: runArgs,
  // The plan reads what is there, as real tools do: a replay of an unknown outcome is settled by it.
  async plan(args: { run: string; label: string }) {
    return labelPlan(args, ['fault_entity']);
  },
  async apply(plan: WritePlan, args: { run: string; label: string }) {
    if (!plan.changes.length) return { text: 'already there' };
    const entity = await sandboxOf(args.run).create('fault_entity', { id: randomUUID(), label: args.label });
    return { text: `created ${entity.id}` };
  },
});
/** A write that creates two entities in two checkpointed steps. */
const stepsWrite = (name: string) => ({
  name,
  description: 'Creates two entities in two checkpointed steps.',
  access: 'write' as const,
  args: runArgs,
  async plan(args: { run: string; label: string }) {
    return labelPlan(args, ['fault_step_a', 'fault_step_b']);
  },
  async apply(plan: WritePlan, args: { run: string; label: string }, ctx: Pick<ToolContext<unknown>, 'step'>) {
    if (!plan.changes.length) return { text: 'already there' };
    const store = sandboxOf(args.run);
    const a = await ctx.step('a', () => store.create('fault_step_a', { id: randomUUID(), label: args.label }));
    const b = await ctx.step('b', () => store.create('fault_step_b', { id: randomUUID(), label: args.label }));
    return { text: `created ${a.id} and ${b.id}` };
  },
});
const tools = [
  // Gateway tools write as they go; the same writes as a platform's tools on a sandbox account hold
  // their changes in a unit of work, committed with the audit record and the claim (planned-writes.ts).
  defineGatewayTool({ category: 'helper', ...createWrite('fault_create') }),
  defineGatewayTool({ category: 'helper', ...stepsWrite('fault_steps') }),
  defineSearchAdsTool(createWrite('fault_held_create')),
  defineSearchAdsTool(stepsWrite('fault_held_steps')),
  defineGatewayTool({
    category: 'helper',
    name: 'fault_read',
    description: 'Lists the entities of the run.',
    access: 'read',
    args: runArgs,
    async run(args) {
      return { text: `${(await sandboxOf(args.run).list('fault_entity')).length} entities` };
    },
  }),
  defineGatewayTool({
    category: 'helper',
    name: 'fault_status',
    description: 'Quota-exempt: reads the usage.',
    access: 'read',
    quotaExempt: true,
    args: runArgs,
    async run(_args, ctx) {
      return { text: `used ${(await ctx.usage()).used}` };
    },
  }),
];
const handler = createToolHandler(tools, PLATFORMS);
const WRITES = ['fault_create', 'fault_steps', 'fault_held_create', 'fault_held_steps'];
const BILLABLE = new Set([...WRITES, 'fault_read']);

// ---- the fault injector: a middleware on the shared client, active only inside a run's scope
interface FaultScope {
  probability: number;
  random: () => number;
  /** Hung requests end (never applied, as the SDK's request timeout ends them) when this resolves. */
  hangsEnd?: Promise<void>;
  /** Holds back an operation until the promise resolves, then applies it (a store slower than any grace). */
  hold?: (operation: string) => Promise<void> | undefined;
  /** A fault this operation gets, whatever the draw (a scripted failure at one exact operation). */
  faultAt?: (operation: string) => Fault | undefined;
  /** The held operations, settled once applied. */
  applied?: Promise<unknown>[];
  /** What each call's DynamoDB operations met, in order (printed for a key whose invariant failed). */
  trace?: string[];
}
const faultScope = new AsyncLocalStorage<FaultScope>();
/** The call a DynamoDB operation belongs to (its background settling included), for the trace. */
const callScope = new AsyncLocalStorage<string>();
const injected = new Map<string, number>();
const count = (key: string) => injected.set(key, (injected.get(key) ?? 0) + 1);

/** Names the operation for the report: which store or step of the chain it belongs to. */
function operationOf(commandName: string, input: Record<string, unknown>): string {
  const text = JSON.stringify(input);
  const table = String(input.TableName ?? '');
  if (commandName.startsWith('TransactWrite')) {
    // A planned write's commit (its changes, audit record, claim) or its finished steps' commit (changes, checkpoint).
    if (text.includes('sandbox"')) return text.includes('audit"') ? 'write commit' : 'steps commit';
    return text.includes('refund#') && text.includes(':minus') ? 'refund' : 'recharge';
  }
  if (table.endsWith('usage')) return commandName.startsWith('Update') ? 'reserve' : 'usage read';
  if (table.endsWith('sandbox'))
    return commandName.startsWith('Put') || commandName.startsWith('Update') || commandName.startsWith('Delete')
      ? 'sandbox write'
      : 'sandbox read';
  if (table.endsWith('audit')) return commandName.startsWith('Put') || commandName.startsWith('Update') ? 'audit write' : 'audit read';
  if (table.endsWith('api-keys')) return 'api key read';
  if (table.endsWith('owners')) return 'owner read';
  if (text.includes('checkpoint#')) return commandName.startsWith('Get') ? 'checkpoint read' : 'checkpoint write';
  if (commandName.startsWith('Put')) return 'claim';
  if (commandName.startsWith('Delete')) return 'release';
  if (commandName.startsWith('Update')) return 'complete';
  return commandName;
}

function installFaultInjector(): void {
  documentClient().middlewareStack.add(
    ((next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Record<string, unknown> }) => {
      const scope = faultScope.getStore();
      const operation = operationOf(context.commandName ?? '', args.input);
      const started = Date.now();
      const note = (what: string) => scope?.trace?.push(`${callScope.getStore() ?? '?'} ${operation} ${what} (${Date.now() - started} ms)`);
      const traced = async (fault: string, attempt: Promise<unknown>) => {
        note(`${fault}: sent`);
        try {
          const answer = await attempt;
          note(`${fault}: answered`);
          return answer;
        } catch (err) {
          note(`${fault}: ${(err as Error).name}`);
          throw err;
        }
      };
      const held = scope?.hold?.(operation);
      if (held) {
        const applied = held.then(() => next(args));
        scope!.applied?.push(applied.catch(() => undefined));
        return applied;
      }
      const scripted = scope?.faultAt?.(operation);
      if (!scripted && (!scope || scope.random() >= scope.probability)) return traced('ok', next(args));
      const fault = scripted ?? FAULTS[Math.floor(scope!.random() * FAULTS.length)];
      count(`${operation}: ${fault}`);
      return traced(fault, inject(scope!, fault, next, args));
    }) as never,
    { step: 'initialize', priority: 'low', name: 'faultInjector' },
  );
}

/** Applies `fault` to one DynamoDB operation. */
async function inject(scope: FaultScope, fault: Fault, next: (args: unknown) => Promise<unknown>, args: unknown): Promise<unknown> {
  switch (fault) {
    case 'fail':
      throw Object.assign(new Error('injected: internal server error'), { name: 'InternalServerError', $fault: 'server' });
    case 'hang':
      // Never applied; the store boundary gives up at the deadline, the attempt ends after the run's last answer.
      await scope.hangsEnd;
      throw Object.assign(new Error('injected: request timed out'), { name: 'TimeoutError' });
    case 'lose':
      await next(args);
      throw Object.assign(new Error('injected: socket hang up after the request was applied'), { name: 'TimeoutError' });
    case 'late':
      await new Promise((resolve) => setTimeout(resolve, scope.random() * MAX_LATE_MS));
      return next(args); // applied, perhaps after its caller gave up
  }
}

/** Faults by operation, the n-th operation of each kind getting the n-th entry (none beyond). */
function scripted(faults: Record<string, (Fault | undefined)[]>): FaultScope {
  const seen = new Map<string, number>();
  return {
    probability: 0,
    random: generator(0),
    faultAt: (operation) => {
      seen.set(operation, (seen.get(operation) ?? 0) + 1);
      return faults[operation]?.[seen.get(operation)! - 1];
    },
  };
}

// ---- one run
interface Call {
  tool: string;
  label: string;
  key?: string;
}
interface Answer extends Call {
  status: number;
  body: { success?: boolean; error?: string; structured_content?: { code?: string } };
  replayed: boolean;
  requestId: string;
}

let sent = 0;
async function send(apiKey: string, run: string, call: Call, functionMs = FUNCTION_MS): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` };
  if (call.key) headers['Idempotency-Key'] = call.key;
  const event = toApiGatewayEvent({
    method: 'POST',
    url: `/api/v1/tools/${call.tool}/execute`,
    headers,
    body: JSON.stringify({ arguments: { run, label: call.label } }),
  });
  const end = Date.now() + functionMs;
  const context = {
    awsRequestId: event.requestContext.requestId,
    getRemainingTimeInMillis: () => Math.max(0, end - Date.now()),
  } as Context;
  const name = `${call.tool}/${call.label}#${++sent}`;
  const result = await callScope.run(name, () => handler(event, context));
  faultScope.getStore()?.trace?.push(`${name} answered ${result.statusCode} ${result.body.slice(0, 160)}`);
  return {
    ...call,
    status: result.statusCode,
    body: JSON.parse(result.body),
    replayed: result.headers['Idempotent-Replayed'] === 'true',
    requestId: result.headers['X-Request-Id']!,
  };
}

async function oneRun(index: number) {
  const random = generator(SEED + index);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const limit = between(3, 8);
  // Every other run writes with the platform's tools on a sandbox account: its writes are held.
  const held = index % 2 === 1;
  const write = (tool: string) => (held ? tool.replace('fault_', 'fault_held_') : tool);
  const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: limit, accounts: held ? { searchads: 1 } : {} });
  const run = `r${index}-seed${SEED}`;
  const keyed: Call[] = Array.from({ length: between(1, 3) }, (_, k) => ({
    tool: pick([write('fault_create'), write('fault_create'), write('fault_steps'), 'fault_read']),
    label: `key${k}`,
    key: randomUUID(),
  }));
  const firstWave: Call[] = [
    ...keyed.flatMap((call) => Array.from({ length: between(1, 3) }, () => call)),
    ...Array.from({ length: between(0, 3) }, (_, i) => ({
      tool: pick([write('fault_create'), 'fault_read', 'fault_status']),
      label: `plain${i}`,
    })),
  ];
  const answers: Answer[] = [];
  let endHangs = () => undefined as void;
  const hangsEnd = new Promise<void>((resolve) => (endHangs = resolve));
  const trace: string[] = [];
  await faultScope.run({ probability: FAULT_PROBABILITY, random, hangsEnd, trace }, async () => {
    answers.push(...(await Promise.all(firstWave.map((call) => send(apiKey, run, call)))));
    // Sometimes the retries come after the first calls' functions would have ended.
    if (random() < 0.1) await new Promise((resolve) => setTimeout(resolve, FUNCTION_MS + 200));
    answers.push(...(await Promise.all(keyed.map((call) => send(apiKey, run, call)))));
  });
  endHangs();
  return { index, run, owner, limit, keyed, answers, trace };
}

async function checkRun(result: Awaited<ReturnType<typeof oneRun>>, totals: Map<string, number>) {
  const { run, owner, limit, keyed, answers } = result;
  const store = sandboxOf(run);
  for (const answer of answers) {
    const code = answer.body.structured_content?.code;
    totals.set(
      `${answer.status}${code ? ` ${code}` : ''}${answer.replayed ? ' (replay)' : ''}`,
      (totals.get(`${answer.status}${code ? ` ${code}` : ''}${answer.replayed ? ' (replay)' : ''}`) ?? 0) + 1,
    );
    // An envelope, always; a code on every 5xx.
    expect(typeof answer.body.success).toBe('boolean');
    if (answer.status >= 500 && answer.status !== 500) expect(code).toBeTruthy();
    if (code === 'outcome_unknown') expect(WRITES).toContain(answer.tool);
  }
  // No write ran twice for one Idempotency-Key.
  const created = await store.list<{ id: string; label: string }>('fault_entity');
  const stepA = await store.list<{ id: string; label: string }>('fault_step_a');
  const stepB = await store.list<{ id: string; label: string }>('fault_step_b');
  for (const call of keyed) {
    for (const entities of [created, stepA, stepB]) expect(entities.filter((e) => e.label === call.label).length).toBeLessThanOrEqual(1);
    // A key that answered outcome_unknown is never run blindly: its later answers are replays, 409s,
    // or a settlement (planned again: found applied, or found not applied and run once); the counts
    // above show no write ran twice either way.
    // No claim left in progress.
    const record = await documentClient().send(
      new GetCommand({
        TableName: tableName('idempotency'),
        Key: { id: idempotencyRecordId(owner.owner_id, call.tool, call.key!) },
        ConsistentRead: true,
      }),
    );
    const claim = `${call.tool} ${call.label}`;
    expect({ claim, status: record.Item?.status ?? 'none' }).not.toEqual({ claim, status: 'IN_PROGRESS' });
  }
  // Every unit used is a billable read answered 200 or a write in effect (applied) or still unknown;
  // every 200 that reserved a unit and every unknown write holding one is counted; never past the limit.
  const records = await listAuditEntries(owner.owner_id, { limit: 1000, filter: (e) => WRITES.includes(e.tool) });
  const settledApplied = new Set(records.filter((e) => e.outcome === 'applied' && e.settled_by).map((e) => e.settled_by));
  const fresh200s = answers.filter((a) => a.status === 200 && !a.replayed && BILLABLE.has(a.tool));
  const reads200 = fresh200s.filter((a) => !WRITES.includes(a.tool)).length;
  const writesInEffect = records.filter((e) => e.outcome === 'applied' || e.outcome === 'unknown').length;
  const reserved200s = fresh200s.filter((a) => !settledApplied.has(a.requestId)).length;
  const heldUnknown = records.filter((e) => e.outcome === 'unknown' && e.held_unit).length;
  const { used } = await readUsage(owner.owner_id, new Date());
  expect({ run, used, atMost: used <= reads200 + writesInEffect, atLeast: used >= reserved200s + heldUnknown }).toEqual({
    run,
    used,
    atMost: true,
    atLeast: true,
  });
  expect({ run, usedPastLimit: used > limit }).toEqual({ run, usedPastLimit: false });
  // 402 "limit reached" only at the limit (reservations of calls still running included).
  for (const answer of answers.filter((a) => a.status === 402))
    expect({ run, code: answer.body.structured_content?.code, used: (answer.body as { quota?: { used?: number } }).quota?.used }).toEqual({
      run,
      code: 'quota_exhausted',
      used: limit,
    });
}

/** A fault_create under a new key (labelled `run`) whose sandbox write meets `fault`: it answers outcome_unknown. */
async function unknownCreate(apiKey: string, run: string, fault: Fault): Promise<Call & { key: string }> {
  const call = { tool: 'fault_create', label: run, key: randomUUID() };
  const first = await faultScope.run(scripted({ 'sandbox write': [fault] }), () => send(apiKey, run, call));
  expect(first.body.structured_content?.code).toBe('outcome_unknown');
  await settled();
  return call;
}
const usedBy = async (ownerId: string) => (await readUsage(ownerId, new Date())).used;
const createdIn = async (run: string) =>
  (await sandboxOf(run).list<{ id: string; label: string }>('fault_entity')).filter((e) => e.label === run);

describe('Fault injection on the request path', () => {
  beforeAll(() => installFaultInjector());

  it(`holds every invariant over ${RUNS} randomized runs with DynamoDB faults`, async () => {
    const totals = new Map<string, number>();
    const failures: unknown[] = [];
    let calls = 0;
    for (let start = 0; start < RUNS; start += PARALLEL_RUNS) {
      const batch = await Promise.all(Array.from({ length: Math.min(PARALLEL_RUNS, RUNS - start) }, (_, i) => oneRun(start + i)));
      await settled();
      for (const result of batch) {
        calls += result.answers.length;
        try {
          await checkRun(result, totals);
        } catch (err) {
          // Every run is checked; a failed one prints what each of its calls met, in order.
          failures.push(err);
          console.log(
            `${result.run} (FAULT_SEED=${SEED}, run ${result.index}) failed: ${(err as Error).message}\n${result.trace.join('\n')}`,
          );
        }
      }
    }
    const sorted = (map: Map<string, number>) =>
      [...map.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, n]) => `  ${k}: ${n}`)
        .join('\n');
    console.log(
      `Fault injection (FAULT_SEED=${SEED}): ${RUNS} runs, ${calls} calls, ${[...injected.values()].reduce((a, b) => a + b, 0)} faults injected\nInjected:\n${sorted(injected)}\nAnswers:\n${sorted(totals)}`,
    );
    expect(injected.size).toBeGreaterThan(0);
    if (failures.length) throw failures[0];
  });

  it('gives back a reservation DynamoDB applies only after its caller answered, however slow the store is', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 5 });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const scope: FaultScope = {
      probability: 0,
      random: generator(0),
      hold: (operation) => (operation === 'reserve' ? released : undefined),
      applied: [],
    };
    const answer = await faultScope.run(scope, () => send(apiKey, 'slow', { tool: 'fault_read', label: 'slow' }));
    expect(answer).toMatchObject({ status: 503, body: { structured_content: { code: 'store_unavailable' } } });
    // The store applies the reservation long after the answer (a busy DynamoDB), then settling ends.
    setTimeout(release, 3 * MAX_LATE_MS);
    await settled();
    await Promise.all(scope.applied!);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
  });

  it("puts a key's outcome_unknown back when the replay that takes it over to settle the write gets no answer", async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 5 });
    // The create is applied and its answer lost: outcome_unknown, kept under the key.
    const call = await unknownCreate(apiKey, 'settled', 'lose');
    // A replay takes the key over to settle it (its second claim): applied, the answer lost.
    const second = await faultScope.run(scripted({ claim: [undefined, 'lose'] }), () => send(apiKey, 'settled', call));
    expect(second).toMatchObject({ status: 503, body: { structured_content: { code: 'store_unavailable' } } });
    await settled();
    const record = await documentClient().send(
      new GetCommand({
        TableName: tableName('idempotency'),
        Key: { id: idempotencyRecordId(owner.owner_id, call.tool, call.key) },
        ConsistentRead: true,
      }),
    );
    expect(record.Item).toMatchObject({ status: 'COMPLETED', unknown_change_id: expect.any(String) });
    // The next replay settles it: the create had been applied, once.
    const third = await send(apiKey, 'settled', call);
    expect(third.status).toBe(200);
    expect(await createdIn('settled')).toHaveLength(1);
  });

  // A write that answers outcome_unknown keeps its unit (held) until it is settled: a replay that
  // settles it as applied bills nothing, so nothing can fail after a bill (main billed it then, and a
  // failed usage read for the answer's quota block turned into a 503 "no quota was used", unit used).
  it('a settling replay that finds the write applied answers 200 with the unit the write held, whatever a usage read would meet', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 5 });
    const call = await unknownCreate(apiKey, 'billed', 'lose');
    expect(await usedBy(owner.owner_id)).toBe(1); // held while unknown
    const second = await faultScope.run(scripted({ 'usage read': ['fail'] }), () => send(apiKey, 'billed', call));
    await settled();
    expect({ status: second.status, used: await usedBy(owner.owner_id) }).toEqual({ status: 200, used: 1 });
    expect((second.body as { data?: { quota?: { used?: number } } }).data?.quota?.used).toBe(1);
  });

  it('a replay whose settlement as not applied lost its answer leaves the held unit to the next replay, which runs the write on one unit', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 5 });
    const call = await unknownCreate(apiKey, 'lost-settle', 'fail');
    expect(await usedBy(owner.owner_id)).toBe(1); // held while unknown
    // The replay settles it as not applied, and that update's answer is lost: 503, the key's outcome_unknown put back.
    const second = await faultScope.run(scripted({ 'audit write': ['lose'] }), () => send(apiKey, 'lost-settle', call));
    expect(second).toMatchObject({ status: 503, body: { structured_content: { code: 'store_unavailable' } } });
    const third = await send(apiKey, 'lost-settle', call);
    await settled();
    expect({ status: third.status, used: await usedBy(owner.owner_id) }).toEqual({ status: 200, used: 1 });
    expect(await createdIn('lost-settle')).toHaveLength(1);
  });

  it('settles a write found applied at the limit reached after it: 200, and used stays at the limit', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 3 });
    const call = await unknownCreate(apiKey, 'limit', 'lose');
    // Other calls take the rest of the allowance: the held unit is part of it.
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push((await send(apiKey, 'limit', { tool: 'fault_read', label: `r${i}` })).status);
    expect(reads).toEqual([200, 200, 402]);
    const replay = await send(apiKey, 'limit', call);
    await settled();
    expect({ status: replay.status, used: await usedBy(owner.owner_id) }).toEqual({ status: 200, used: 3 });
  });

  it('checks itself: with no faults every call of a run succeeds or replays', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 20 });
    const key = randomUUID();
    // A Lambda's usual 29 s: a busy machine's slow store is not a fault here.
    const answers = await Promise.all([
      send(apiKey, 'clean', { tool: 'fault_steps', label: 'k', key }, 29_000),
      send(apiKey, 'clean', { tool: 'fault_read', label: 'r' }, 29_000),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const replay = await send(apiKey, 'clean', { tool: 'fault_steps', label: 'k', key }, 29_000);
    expect(replay).toMatchObject({ status: 200, replayed: true });
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(2);
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('sandbox'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'searchads#fault-clean' },
      }),
    );
    expect(page.Items?.length).toBe(2);
  });
});
