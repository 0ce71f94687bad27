/**
 * The request path's promises under named faults (issue 12), one at a time, against DynamoDB
 * Local with faults injected by a middleware on the shared DynamoDB client.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Context } from 'aws-lambda';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { createToolHandler } from '../../functions/runtime/handler';
import { healthResponse } from '../../functions/runtime/health';
import { settled } from '../../functions/runtime/settle';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { idempotencyRecordId, RECORD_TTL_SECONDS } from '../../functions/runtime/stores/idempotency';
import { markAccountsChanged } from '../../functions/runtime/stores/owners';
import { listAuditEntries } from '../../functions/runtime/stores/audit';
import { periodOf, readUsage, reserveCall } from '../../functions/runtime/stores/usage';
import { ToolError } from '../../core/errors';
import { defineGatewayTool } from '../../core/tool';
import { toApiGatewayEvent } from '../../functions/local/router';
import { SandboxStore } from '../../platforms/sandbox/store';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

// ---- a deterministic fault: every DynamoDB request matching `when` fails, hangs or loses its answer
let fault: { when: (command: string, input: Record<string, unknown>) => boolean; kind: 'fail' | 'hang' | 'lose' } | undefined;
/** Hung requests end (never applied, as the SDK's request timeout ends them) when the fault is cleared. */
let endHangs = () => undefined as void;
let hangsEnd = new Promise<void>((resolve) => (endHangs = resolve));
function clearFault(): void {
  fault = undefined;
  endHangs();
  hangsEnd = new Promise<void>((resolve) => (endHangs = resolve));
}
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (a: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Record<string, unknown> }) => {
      if (!fault?.when(context.commandName ?? '', args.input)) return next(args);
      if (fault.kind === 'hang')
        return hangsEnd.then(() => {
          throw Object.assign(new Error('injected: request timed out'), { name: 'TimeoutError' });
        });
      if (fault.kind === 'lose') {
        await next(args);
        throw Object.assign(new Error('injected: answer lost'), { name: 'TimeoutError' });
      }
      throw Object.assign(new Error('injected: connection refused'), { name: 'ECONNREFUSED' });
    }) as never,
    { step: 'initialize', priority: 'low', name: 'storeFaults' },
  );
});
afterEach(() => clearFault());
const onTable = (suffix: string) => (_command: string, input: Record<string, unknown>) => String(input.TableName ?? '').endsWith(suffix);
const everything = () => true;

// ---- tools: a write to the sandbox, a read that never finishes, a write that never finishes
const store = (label: string) => new SandboxStore('searchads', `store-faults-${label}`);
const label = { label: v.string() };
/** sf_first_thing_then_hang finishes when this is resolved (finishFirstThings). */
let finishFirstThings = () => undefined as void;
const firstThingsFinish = new Promise<void>((resolve) => (finishFirstThings = resolve));

/** Writes that wait for the test: the one of a label goes on when `gate(label).open()` is called. */
const gates = new Map<string, { opened: Promise<void>; open: () => void }>();
function gate(label: string) {
  let held = gates.get(label);
  if (!held) {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    held = { opened, open };
    gates.set(label, held);
  }
  return held;
}
/** Labels of sf_create_late whose first run failed (a label starting with "fail" fails once). */
const failedOnce = new Set<string>();
/** The id of the thing a test puts first, so that sf_create_late's first create of a "fail" label is refused. */
const TAKEN = 'taken';

/** A write of the label's first thing, planned from the store: `things` before (0) and after (1), or nothing once there is one. */
async function planFirstThing(args: { label: string }) {
  if ((await store(args.label).list('thing')).length) return { summary: 'nothing to do', changes: [], data: {} };
  return {
    summary: 'test write',
    changes: [{ action: 'update' as const, entity: 'test_entity', id: args.label, fields: { things: { before: 0, after: 1 } } }],
    data: {},
  };
}
const handler = createToolHandler(
  [
    defineGatewayTool({
      category: 'helper',
      name: 'sf_create',
      description: 'Creates one sandbox entity (the label’s first; nothing once it has one).',
      access: 'write',
      args: label,
      async plan(args) {
        const things = (await store(args.label).list('thing')).length;
        if (things) return { summary: 'nothing to do', changes: [], data: {} };
        return {
          summary: 'test write',
          changes: [{ action: 'update', entity: 'test_entity', id: args.label, fields: { things: { before: 0, after: 1 } } }],
          data: {},
        };
      },
      async apply(plan, args, _ctx) {
        if (plan.changes.length) await store(args.label).create('thing', { id: randomUUID() });
        return { text: plan.changes.length ? 'created' : 'already there' };
      },
    }),
    defineGatewayTool({
      category: 'helper',
      name: 'sf_create_in_steps',
      description: 'Creates the label’s first sandbox entity in a checkpointed step, then finishes in a second one.',
      access: 'write',
      args: label,
      plan: planFirstThing,
      async apply(plan, args, ctx) {
        if (!plan.changes.length) return { text: 'already there' };
        await ctx.step('create', () => store(args.label).create('thing', { id: randomUUID() }));
        await ctx.step('finish', async () => 'done');
        return { text: 'created' };
      },
    }),
    defineGatewayTool({
      category: 'helper',
      name: 'sf_first_thing_then_hang',
      description:
        'Writes the label’s first thing, then finishes only when the test lets it (nothing once it has one): a plan names its before value.',
      access: 'write',
      args: label,
      plan: planFirstThing,
      async apply(plan, args) {
        if (!plan.changes.length) return { text: 'already there' };
        await store(args.label).create('thing', { id: randomUUID() });
        await firstThingsFinish;
        return { text: 'created' };
      },
    }),
    defineGatewayTool({
      category: 'helper',
      name: 'sf_create_late',
      description:
        'Creates a thing for the label, then finishes once the test opens its gate (a create: a second plan cannot judge it). A label starting with "fail" is refused the first time, with nothing changed: its create finds the id taken, and the refusal comes once the gate opens.',
      access: 'write',
      args: label,
      async plan(args) {
        return {
          summary: 'test create',
          changes: [{ action: 'create', entity: 'thing', name: args.label, fields: { name: { after: args.label } }, startsPaused: true }],
          data: {},
        };
      },
      async apply(_plan, args) {
        if (args.label.startsWith('fail') && !failedOnce.has(args.label)) {
          failedOnce.add(args.label);
          await store(args.label)
            .create('thing', { id: TAKEN })
            .catch(() => undefined);
          await gate(args.label).opened;
          throw new ToolError('The platform refused the thing; nothing was changed.');
        }
        await store(args.label).create('thing', { id: randomUUID() });
        await gate(args.label).opened;
        return { text: 'created' };
      },
    }),
    defineGatewayTool({
      category: 'helper',
      name: 'sf_update_in_two_writes',
      description: 'An update whose plan names no before value, written as two sandbox writes (a thing, then a second one).',
      access: 'write',
      args: label,
      async plan() {
        return { summary: 'test write', changes: [{ action: 'update', entity: 'test_entity', fields: { value: { after: 1 } } }], data: {} };
      },
      async apply(_plan, args) {
        await store(args.label).create('thing', { id: randomUUID() });
        await store(args.label).create('second', { id: randomUUID() });
        return { text: 'written' };
      },
    }),
    defineGatewayTool({
      category: 'helper',
      name: 'sf_read_forever',
      description: 'A read that never finishes.',
      access: 'read',
      args: label,
      async run() {
        return new Promise(() => undefined);
      },
    }),
    defineGatewayTool({
      category: 'helper',
      name: 'sf_write_then_hang',
      description: 'Writes, then never finishes.',
      access: 'write',
      args: label,
      async plan() {
        return { summary: 'test write', changes: [{ action: 'update', entity: 'test_entity', fields: { value: { after: 1 } } }], data: {} };
      },
      async apply(_plan, args, _ctx) {
        await store(args.label).create('thing', { id: randomUUID() });
        return new Promise(() => undefined);
      },
    }),
  ],
  [],
);

/** One call with the function's remaining time `functionMs` (as Lambda would report it). */
async function call(apiKey: string, tool: string, args: Record<string, unknown>, options: { key?: string; functionMs?: number } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` };
  if (options.key) headers['Idempotency-Key'] = options.key;
  const event = toApiGatewayEvent({
    method: 'POST',
    url: `/api/v1/tools/${tool}/execute`,
    headers,
    body: JSON.stringify({ arguments: args }),
  });
  const end = Date.now() + (options.functionMs ?? 6000);
  const started = Date.now();
  const result = await handler(event, { awsRequestId: 'x', getRemainingTimeInMillis: () => end - Date.now() } as Context);
  return {
    status: result.statusCode,
    headers: result.headers,
    body: JSON.parse(result.body),
    ms: Date.now() - started,
    withinFunction: Date.now() <= end,
  };
}

describe('Store outage', () => {
  it('answers a 503 store_unavailable envelope with Retry-After before the deadline, and /health says so', async () => {
    const { apiKey } = await createTestOwner();
    fault = { when: everything, kind: 'hang' };
    const result = await call(apiKey, 'sf_create', { label: 'outage' }, { functionMs: 5000 });
    expect(result).toMatchObject({
      status: 503,
      withinFunction: true,
      body: { success: false, structured_content: { code: 'store_unavailable' } },
    });
    expect(result.headers['Retry-After']).toBeDefined();
    const health = await healthResponse();
    expect(health.statusCode).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', code: 'store_unavailable', tables: { usage: 'unreachable' } });
    clearFault();
    expect((await healthResponse()).statusCode).toBe(200);
  });

  it('/health reads every table of the gateway and names the one that does not answer', async () => {
    const healthy = JSON.parse((await healthResponse()).body) as { tables: Record<string, string> };
    expect(Object.keys(healthy.tables).sort()).toEqual(['apiKeys', 'audit', 'idempotency', 'monitoring', 'owners', 'sandbox', 'usage']);
    for (const [suffix, table] of [
      ['-audit', 'audit'],
      ['-monitoring', 'monitoring'],
      ['-sandbox', 'sandbox'],
    ] as const) {
      fault = { when: onTable(suffix), kind: 'fail' };
      const health = await healthResponse();
      expect([table, health.statusCode]).toEqual([table, 503]);
      expect(JSON.parse(health.body)).toMatchObject({ code: 'store_unavailable', tables: { [table]: 'unreachable', usage: 'ok' } });
    }
    clearFault();
    expect((await healthResponse()).statusCode).toBe(200);
  });

  it('gives a reservation back once the store answers again, when the tool failed on the store', async () => {
    const { apiKey, owner } = await createTestOwner();
    // The sandbox fails; the refund that follows fails too, then the store comes back.
    fault = { when: (c, input) => onTable('sandbox')(c, input) || String(c).startsWith('TransactWrite'), kind: 'fail' };
    const result = await call(apiKey, 'sf_create', { label: 'refund-later' });
    expect(result.status).toBeGreaterThanOrEqual(500);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(1); // the refund is still pending
    clearFault();
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
  });

  it('a reservation whose answer was lost is given back exactly once', async () => {
    const { apiKey, owner } = await createTestOwner();
    fault = { when: (c, input) => onTable('usage')(c, input) && c.startsWith('Update'), kind: 'lose' };
    const result = await call(apiKey, 'sf_create', { label: 'lost-reservation' });
    expect(result.body.structured_content.code).toBe('store_unavailable');
    clearFault();
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
  });
});

describe('Unknown outcomes and deadlines', () => {
  it('a write whose sandbox answer was lost answers outcome_unknown and is recorded unknown; a retry with the key settles it as applied, never runs it again, and its unit, held while unknown, counts once', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = randomUUID();
    fault = { when: (c, input) => onTable('sandbox')(c, input) && c.startsWith('Put'), kind: 'lose' };
    const first = await call(apiKey, 'sf_create', { label: 'unknown' }, { key });
    clearFault();
    expect(first.status).toBe(500);
    expect(first.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(1); // held until it is settled
    // The audit trail says the write may have happened, not that it failed.
    const entries = await listAuditEntries(owner.owner_id, { limit: 50, filter: (e) => e.tool === 'sf_create' });
    expect(entries.map((e) => `${e.arguments.label} ${e.outcome}`)).toEqual(['unknown unknown']);
    // The retry plans it again, finds nothing left to do: applied, answered, its held unit kept (nothing more billed).
    const retry = await call(apiKey, 'sf_create', { label: 'unknown' }, { key });
    expect([retry.status, retry.body.data?.text]).toEqual([200, 'already there']);
    expect(await store('unknown').list('thing')).toHaveLength(1);
    const settledEntries = await listAuditEntries(owner.owner_id, { limit: 50, filter: (e) => e.tool === 'sf_create' });
    expect(settledEntries.map((e) => `${e.arguments.label} ${e.outcome}`)).toEqual(['unknown applied']);
    const replay = await call(apiKey, 'sf_create', { label: 'unknown' }, { key });
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(1);
  });

  it('the audit trail holds exactly one record of a write whose audit record failed or lost its answer', async () => {
    const { apiKey, owner } = await createTestOwner();
    for (const kind of ['fail', 'lose'] as const) {
      fault = { when: onTable('audit'), kind };
      const result = await call(apiKey, 'sf_create', { label: `audit-${kind}` });
      expect(result.status).toBe(200);
      clearFault();
      await settled();
    }
    const entries = await listAuditEntries(owner.owner_id, { limit: 50, filter: (e) => e.tool === 'sf_create' });
    expect(entries.map((e) => `${e.arguments.label} ${e.outcome}`).sort()).toEqual(['audit-fail applied', 'audit-lose applied']);
  });

  it('a read that does not finish answers 504 before the function ends and gives its unit back', async () => {
    const { apiKey, owner } = await createTestOwner();
    const result = await call(apiKey, 'sf_read_forever', { label: 'slow' }, { functionMs: 5000 });
    expect(result).toMatchObject({ status: 504, withinFunction: true, body: { structured_content: { code: 'deadline_exceeded' } } });
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
  });

  it('a write that wrote and then did not finish answers outcome_unknown before the function ends; a retry with the key answers it again and never runs it', async () => {
    const { apiKey } = await createTestOwner();
    const key = randomUUID();
    const result = await call(apiKey, 'sf_write_then_hang', { label: 'hang' }, { key, functionMs: 5000 });
    expect(result).toMatchObject({ status: 500, withinFunction: true, body: { structured_content: { code: 'outcome_unknown' } } });
    const retry = await call(apiKey, 'sf_write_then_hang', { label: 'hang' }, { key, functionMs: 5000 });
    expect([retry.status, retry.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    expect(await store('hang').list('thing')).toHaveLength(1);
  });

  it('a write a second plan cannot judge (its plan names no before value) is recorded unknown at the deadline with its unit held; a retry with the key answers outcome_unknown and the write runs once', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = randomUUID();
    const first = await call(apiKey, 'sf_write_then_hang', { label: 'unjudgeable' }, { key, functionMs: 5000 });
    expect([first.status, first.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    const [record, ...others] = await listAuditEntries(owner.owner_id, { limit: 50, filter: (e) => e.tool === 'sf_write_then_hang' });
    expect(others).toHaveLength(0);
    expect(record).toMatchObject({ outcome: 'unknown', held_unit: { period: periodOf(new Date()) } });
    for (let retries = 0; retries < 2; retries++) {
      const retry = await call(apiKey, 'sf_write_then_hang', { label: 'unjudgeable' }, { key, functionMs: 5000 });
      expect([retry.status, retry.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
      expect(retry.body.error).toContain('does not name the value each field had before');
    }
    expect(await store('unjudgeable').list('thing')).toHaveLength(1);
    await settled();
    // The write may have been applied: its unit stays used (a quota is never exceeded by a write that went through).
    expect((await readUsage(owner.owner_id, new Date())).calls.sf_write_then_hang).toBe(1);
  });
});

describe('A write a second plan cannot judge, failing after it wrote', () => {
  it('answers outcome_unknown, and a retry with the key answers it again: the write is never judged "not applied" and run twice', async () => {
    const { apiKey } = await createTestOwner();
    const key = randomUUID();
    fault = { when: (command, input) => command.startsWith('Put') && JSON.stringify(input).includes('second#'), kind: 'fail' };
    const first = await call(apiKey, 'sf_update_in_two_writes', { label: 'two-writes' }, { key });
    clearFault();
    expect([first.status, first.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    const retry = await call(apiKey, 'sf_update_in_two_writes', { label: 'two-writes' }, { key });
    expect([retry.status, retry.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    expect(retry.body.error).toContain('does not name the value each field had before');
    expect(await store('two-writes').list('thing')).toHaveLength(1);
  });
});

describe('A create that did not finish by the tool deadline (a second plan cannot judge it)', () => {
  const records = (ownerId: string) => listAuditEntries(ownerId, { limit: 50, filter: (e) => e.tool === 'sf_create_late' });
  const calls = async (ownerId: string) => {
    await settled();
    return (await readUsage(ownerId, new Date())).calls.sf_create_late ?? 0;
  };

  it('applied after its answer went out: its unknown record settles applied, its unit is used once, and a replay never creates it again', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = randomUUID();
    const result = await call(apiKey, 'sf_create_late', { label: 'late-create' }, { key, functionMs: 5000 });
    expect(result.body.structured_content?.code).toBe('outcome_unknown');
    const [unknown] = await records(owner.owner_id);
    expect(unknown).toMatchObject({ outcome: 'unknown', held_unit: { period: periodOf(new Date()) } });
    gate('late-create').open();
    await new Promise((resolve) => setImmediate(resolve));
    await settled();
    expect((await records(owner.owner_id)).map((e) => [e.change_id, e.outcome])).toEqual([[unknown!.change_id, 'applied']]);
    expect(await calls(owner.owner_id)).toBe(1);
    const replay = await call(apiKey, 'sf_create_late', { label: 'late-create' }, { key, functionMs: 5000 });
    expect([replay.status, replay.body.structured_content?.code]).toEqual([400, 'duplicate']);
    expect(replay.body.error).toContain(unknown!.change_id);
    expect(await store('late-create').list('thing')).toHaveLength(1);
    expect(await calls(owner.owner_id)).toBe(1);
  });

  it('failing after its answer went out with nothing changed: its record settles not applied, its unit is given back, and a replay creates it once', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = randomUUID();
    await store('fail-late').create('thing', { id: TAKEN });
    const result = await call(apiKey, 'sf_create_late', { label: 'fail-late' }, { key, functionMs: 5000 });
    expect(result.body.structured_content?.code).toBe('outcome_unknown');
    gate('fail-late').open();
    await new Promise((resolve) => setImmediate(resolve));
    await settled();
    const [record, ...others] = await records(owner.owner_id);
    expect(others).toHaveLength(0);
    expect(record).toMatchObject({ outcome: 'not_applied', detail: expect.stringContaining('The platform refused the thing') });
    expect(await calls(owner.owner_id)).toBe(0);
    const replay = await call(apiKey, 'sf_create_late', { label: 'fail-late' }, { key, functionMs: 5000 });
    expect([replay.status, replay.body.data?.text]).toEqual([200, 'created']);
    expect(await store('fail-late').list('thing')).toHaveLength(2);
    expect(await calls(owner.owner_id)).toBe(1);
  });
});

describe('A write that did not finish by the tool deadline and that a second plan can judge', () => {
  it('is recorded unknown with its unit held before its outcome_unknown goes out; a replay with the key settles it applied, run and billed once', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = randomUUID();
    const records = () => listAuditEntries(owner.owner_id, { limit: 50, filter: (e) => e.tool === 'sf_first_thing_then_hang' });
    const result = await call(apiKey, 'sf_first_thing_then_hang', { label: 'judgeable' }, { key, functionMs: 5000 });
    expect(result).toMatchObject({ status: 500, withinFunction: true, body: { structured_content: { code: 'outcome_unknown' } } });
    // Read before anything settles in the background: the record was written before the answer.
    const [record, ...others] = await records();
    expect(others).toHaveLength(0);
    expect(record).toMatchObject({ outcome: 'unknown', held_unit: { period: periodOf(new Date()) } });
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).calls.sf_first_thing_then_hang).toBe(1);
    const retry = await call(apiKey, 'sf_first_thing_then_hang', { label: 'judgeable' }, { key, functionMs: 5000 });
    expect([retry.status, retry.body.data?.text]).toEqual([200, 'already there']);
    expect(await store('judgeable').list('thing')).toHaveLength(1);
    expect((await records()).map((e) => [e.change_id, e.outcome])).toEqual([[record!.change_id, 'applied']]);
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).calls.sf_first_thing_then_hang).toBe(1);
  });

  it('finishing after its answer went out, settles that record applied itself: one record, its unit used once, a replay answers the result', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = randomUUID();
    const records = () => listAuditEntries(owner.owner_id, { limit: 50, filter: (e) => e.tool === 'sf_first_thing_then_hang' });
    const result = await call(apiKey, 'sf_first_thing_then_hang', { label: 'late' }, { key, functionMs: 5000 });
    expect(result.body.structured_content?.code).toBe('outcome_unknown');
    const [unknown] = await records();
    expect(unknown!.outcome).toBe('unknown');
    finishFirstThings();
    await new Promise((resolve) => setImmediate(resolve));
    await settled();
    expect((await records()).map((e) => [e.change_id, e.outcome])).toEqual([[unknown!.change_id, 'applied']]);
    const replay = await call(apiKey, 'sf_first_thing_then_hang', { label: 'late' }, { key, functionMs: 5000 });
    expect([replay.status, replay.body.data?.text]).toEqual([200, 'already there']);
    expect(await store('late').list('thing')).toHaveLength(1);
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).calls.sf_first_thing_then_hang).toBe(1);
  });
});

describe('A write applied whose answer then fails', () => {
  it('keeps its unit (the audit record says applied) when its checkpoint cannot be cleared, and a replay with the key settles from that record', async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = randomUUID();
    const calls = async () => {
      await settled();
      return (await readUsage(owner.owner_id, new Date())).calls.sf_create_in_steps;
    };
    fault = { when: (command, input) => command.startsWith('Delete') && JSON.stringify(input).includes('checkpoint#'), kind: 'fail' };
    const result = await call(apiKey, 'sf_create_in_steps', { label: 'steps' }, { key });
    expect([result.status, result.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    clearFault();
    const [record, ...others] = await listAuditEntries(owner.owner_id, { limit: 50, filter: (e) => e.tool === 'sf_create_in_steps' });
    expect(others).toHaveLength(0);
    expect(record!.outcome).toBe('applied');
    expect(await calls()).toBe(1);
    const replay = await call(apiKey, 'sf_create_in_steps', { label: 'steps' }, { key });
    expect([replay.status, replay.body.data?.text]).toEqual([200, 'already there']);
    expect(await store('steps').list('thing')).toHaveLength(1);
    expect(await calls()).toBe(1);
  });
});

describe('Abandoned claims', () => {
  /** The trace a request leaves when its process dies after claiming the key and reserving a unit. */
  async function abandon(ownerId: string, tool: string, key: string, args: Record<string, unknown>, secondsLeft: number) {
    const { fingerprint } = await import('../../functions/runtime/canonical');
    const now = new Date();
    const token = randomUUID();
    await documentClient().send(
      new PutCommand({
        TableName: tableName('idempotency'),
        Item: {
          id: idempotencyRecordId(ownerId, tool, key),
          status: 'IN_PROGRESS',
          fingerprint: fingerprint(args),
          claim_token: token,
          expires_at: Math.floor(now.getTime() / 1000) + RECORD_TTL_SECONDS,
          in_progress_until: Math.floor(now.getTime() / 1000) + secondsLeft,
          period: periodOf(now),
        },
      }),
    );
    await reserveCall(ownerId, tool, 100, now, token, now.getTime() + secondsLeft * 1000);
  }

  it("expires at the dead function's deadline, not after a fixed 15 minutes: a write then replays outcome_unknown and its unit is given back", async () => {
    const { apiKey, owner } = await createTestOwner();
    const key = randomUUID();
    await abandon(owner.owner_id, 'sf_create', key, { label: 'abandoned' }, 2);
    expect((await call(apiKey, 'sf_create', { label: 'abandoned' }, { key })).status).toBe(409);
    await new Promise((r) => setTimeout(r, 2100));
    const after = await call(apiKey, 'sf_create', { label: 'abandoned' }, { key });
    expect(after.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    expect(after.headers['Idempotent-Replayed']).toBe('true');
    expect(await store('abandoned').list('thing')).toHaveLength(0);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
  });
});

describe('Cached accounts', () => {
  it('an account disconnected (and marked changed) is never used by the next billable call of a warm function', async () => {
    const { apiKey, owner, accounts } = await createTestOwner({ accounts: { searchads: 2 } });
    const [first, second] = accounts.searchads!;
    expect((await callTool(apiKey, 'list_campaigns', { customer_id: first.account_id })).status).toBe(200);
    // Disconnect the first account the way a disconnect command must: remove it, mark the change.
    await documentClient().send(
      new DeleteCommand({ TableName: tableName('owners'), Key: { owner_id: owner.owner_id, sk: `ACCOUNT#searchads#${first.account_id}` } }),
    );
    await markAccountsChanged(owner.owner_id);
    const refused = await callTool(apiKey, 'list_campaigns', { customer_id: first.account_id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('is not connected');
    // Only one account is left: it is used without naming it.
    const only = await callTool(apiKey, 'list_campaigns', {});
    expect(only.status).toBe(200);
    expect(only.body.data!.text).toContain(second.account_id);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(2);
  });
});
