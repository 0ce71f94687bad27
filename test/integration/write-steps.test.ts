/**
 * A planned sandbox write of several checkpointed steps keeps its unit of work across its steps
 * (functions/runtime/planned-writes.ts, stores/unit-of-work.ts, handler.ts stepRunner): a finished
 * step's changes stay held and every step commits with the audit record and the claim's completion
 * in one transaction; only a run that stops before that commit (a later step failed) commits the
 * finished steps with their checkpoint, in one transaction. No step is applied twice, and a failure
 * between steps resumes from the checkpoint that transaction wrote. */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Context } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ToolError } from '../../core/errors';
import { tableName } from '../../functions/runtime/config';
import { createToolHandler } from '../../functions/runtime/handler';
import { settled } from '../../functions/runtime/settle';
import { checkpointId } from '../../functions/runtime/stores/checkpoints';
import { documentClient, withStoreDeadline } from '../../functions/runtime/stores/dynamo';
import { listAuditEntries } from '../../functions/runtime/stores/audit';
import { fingerprint } from '../../functions/runtime/canonical';
import { toApiGatewayEvent } from '../../functions/local/router';
import { SandboxStore } from '../../platforms/sandbox/store';
import { defineSearchAdsTool } from '../../platforms/searchads/define';
import { PLATFORMS } from '../../platforms';
import { createTestOwner, useTestTables, type TestOwner } from '../support/gateway';

useTestTables();

/** The DynamoDB commands sent while recording (with the tables each one names). */
let recording: { command: string; tables: string[]; checkpoint: boolean }[] | undefined;
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (a: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Record<string, any> }) => {
      const input = args.input;
      const tables: string[] = input.TableName
        ? [input.TableName]
        : input.TransactItems
          ? input.TransactItems.map((i: Record<string, any>) => (Object.values(i)[0] as { TableName: string }).TableName)
          : Object.keys(input.RequestItems ?? {});
      recording?.push({
        command: context.commandName ?? '',
        tables: tables.map((t) => t.replace(/^.*-/, '')),
        checkpoint: JSON.stringify(input).includes('"checkpoint#'),
      });
      if (loseStepsCommit && context.commandName === 'TransactWriteItemsCommand' && JSON.stringify(input).includes('"checkpoint#')) {
        loseStepsCommit = false;
        await next(args);
        throw Object.assign(new Error('injected: answer lost'), { name: 'TimeoutError' });
      }
      if (beforeFinalCommit && context.commandName === 'TransactWriteItemsCommand' && tables.some((t) => t.endsWith('audit'))) {
        const other = beforeFinalCommit;
        beforeFinalCommit = undefined;
        await other();
      }
      return next(args);
    }) as never,
    { step: 'initialize', priority: 'low', name: 'writeStepsRecorder' },
  );
});
afterAll(() => documentClient().middlewareStack.remove('writeStepsRecorder'));
afterEach(() => {
  recording = undefined;
  beforeFinalCommit = undefined;
});
/** The next commit of finished steps with their checkpoint goes through but its answer is lost. */
let loseStepsCommit = false;
/** Runs once just before the next final commit (another writer getting in between). */
let beforeFinalCommit: (() => Promise<void>) | undefined;

let owner: TestOwner;
let store: SandboxStore;
beforeAll(async () => {
  owner = await createTestOwner({ accounts: { searchads: 1 } });
  store = new SandboxStore('searchads', owner.accounts.searchads![0]!.account_id);
});

/** Step b of `ws_two_steps` fails while this names its label (a failure between the steps). */
let failStepB: string | undefined;

const tools = [
  defineSearchAdsTool({
    name: 'ws_two_steps',
    description: 'Renames two test entities of the label, one checkpointed step each.',
    access: 'write',
    args: { label: v.string() },
    async plan(args) {
      return {
        summary: `rename two of ${args.label}`,
        changes: [0, 1].map((i) => ({
          action: 'update' as const,
          entity: 'test_thing',
          id: `${args.label}-${i}`,
          fields: { name: { before: 'old', after: 'new' } },
        })),
        data: {},
      };
    },
    async apply(_plan, args, ctx) {
      const things = new SandboxStore('searchads', ctx.account.account_id);
      await ctx.step('a', () => things.update('test_thing', `${args.label}-0`, { name: 'new' }).then(() => true));
      await ctx.step('b', async () => {
        if (failStepB === args.label) throw new ToolError('step b failed (test)');
        await things.update('test_thing', `${args.label}-1`, { name: 'new' });
        return true;
      });
      // The run reads what its steps wrote, committed or held.
      const read = await things.list<{ id: string; name: string }>('test_thing');
      return { text: 'renamed', structured: { renamed: read.filter((t) => t.id.startsWith(`${args.label}-`) && t.name === 'new').length } };
    },
  }),
];
tools.push(
  defineSearchAdsTool({
    name: 'ws_create_then_many',
    description: 'Creates one test entity, then 98 more in a second step: more than one transaction takes.',
    access: 'write',
    args: { label: v.string() },
    async plan(args) {
      return {
        summary: `create for ${args.label}`,
        changes: [{ action: 'create' as const, entity: 'test_thing', name: args.label, fields: {} }],
        data: {},
      };
    },
    async apply(_plan, args, ctx) {
      const things = new SandboxStore('searchads', ctx.account.account_id);
      // A fresh id per run: a run applied again would create a second one.
      await ctx.step('one', () => things.create('test_thing', { id: `${args.label}-one-${randomUUID()}` }).then(() => true));
      await ctx.step('many', async () => {
        await things.putMany(
          'test_thing',
          Array.from({ length: 98 }, (_, i) => ({ id: `${args.label}-many-${i}` })),
        );
        return true;
      });
      return { text: 'created', structured: {} };
    },
  }) as never,
);
const handler = createToolHandler(tools, PLATFORMS);

async function call(args: Record<string, unknown>, key: string, tool = 'ws_two_steps') {
  const event = toApiGatewayEvent({
    method: 'POST',
    url: `/api/v1/tools/${tool}/execute`,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.apiKey}`, 'Idempotency-Key': key },
    body: JSON.stringify({ arguments: args }),
  });
  const end = Date.now() + 60_000;
  const result = await handler(event, { awsRequestId: 'x', getRemainingTimeInMillis: () => end - Date.now() } as Context);
  return { status: result.statusCode, body: JSON.parse(result.body) };
}

async function things(label: string) {
  await withStoreDeadline({ deadline: Date.now() + 30_000 }, () =>
    store.putMany(
      'test_thing',
      [0, 1].map((i) => ({ id: `${label}-${i}`, name: 'old' })),
    ),
  );
}

const stored = (id: string) =>
  withStoreDeadline({ deadline: Date.now() + 10_000 }, () =>
    store.get<Record<string, any> & { id: string }>('test_thing', id, { withHistory: true }),
  );

/** The checkpoint item of `ws_two_steps` with these arguments, as stored. */
async function checkpointOf(label: string) {
  const id = checkpointId(
    owner.owner.owner_id,
    'ws_two_steps',
    fingerprint({ account: owner.accounts.searchads![0]!.account_id, args: { label } }),
  );
  return (await documentClient().send(new GetCommand({ TableName: tableName('idempotency'), Key: { id }, ConsistentRead: true }))).Item;
}

describe('a write of two checkpointed steps keeps its unit of work', () => {
  it('both steps commit in the one final transaction with the record and the completion, no checkpoint written: 7 requests (8 when step a committed with its checkpoint as step b started, 11 before), nothing applied twice', async () => {
    await things('warm');
    await things('two');
    expect((await call({ label: 'warm' }, randomUUID())).status).toBe(200); // the key, owner and accounts cached
    recording = [];
    const result = await call({ label: 'two' }, randomUUID());
    await settled();
    const sent = recording;
    recording = undefined;
    expect(result.status).toBe(200);
    expect(result.body.data.structured.renamed).toBe(2);
    // Claim, reservation, settings with the checkpoint, thing 0, thing 1, the run's list (which sees
    // both held changes), one commit of both steps with the audit record and the completion: a step
    // that finishes while its changes are held is saved only if the run stops before this commit.
    expect(sent.map((r) => `${r.command.replace(/Command$/, '')} ${[...new Set(r.tables)].sort().join('+')}`)).toEqual([
      'PutItem idempotency',
      'UpdateItem usage',
      'BatchGetItem idempotency+owners',
      'GetItem sandbox',
      'GetItem sandbox',
      'Query sandbox',
      'TransactWriteItems audit+idempotency+sandbox',
    ]);
    expect(sent.filter((r) => r.checkpoint).map((r) => r.command)).toEqual(['BatchGetItemCommand']);
    for (const i of [0, 1]) expect((await stored(`two-${i}`))!.history).toHaveLength(1); // each written once
    expect(await checkpointOf('two')).toBeUndefined();
    const records = (await listAuditEntries(owner.owner.owner_id, { limit: 100 })).filter((e) => e.summary === 'rename two of two');
    expect(records.map((r) => r.outcome)).toEqual(['applied']);
    // Before values exact: both replaced by the write itself.
    expect(records[0]!.before_from).toBeUndefined();
  }, 120_000);

  it('an entity changed before the final commit: the commit is cancelled and the run applied again, step a once', async () => {
    await things('conflict');
    beforeFinalCommit = () =>
      withStoreDeadline(
        { deadline: Date.now() + 10_000 },
        async () => void (await store.update('test_thing', 'conflict-1', { note: 'other' })),
      );
    const result = await call({ label: 'conflict' }, randomUUID());
    await settled();
    expect(beforeFinalCommit).toBeUndefined();
    expect(result.status).toBe(200);
    expect(result.body.data.structured.renamed).toBe(2);
    expect((await stored('conflict-0'))!.history).toHaveLength(1); // step a once
    // Step b written once after the other writer's change.
    expect(await stored('conflict-1')).toMatchObject({ name: 'new', note: 'other' });
    expect((await stored('conflict-1'))!.history).toHaveLength(2);
    expect(await checkpointOf('conflict')).toBeUndefined();
    const records = (await listAuditEntries(owner.owner.owner_id, { limit: 100 })).filter((e) => e.summary === 'rename two of conflict');
    expect(records.map((r) => r.outcome)).toEqual(['applied']);
  }, 120_000);

  it('a failure between the steps leaves step a committed with its checkpoint; the retry resumes at step b without applying step a again', async () => {
    await things('resume');
    failStepB = 'resume';
    recording = [];
    const first = await call({ label: 'resume' }, randomUUID());
    await settled();
    const sent = recording;
    recording = undefined;
    failStepB = undefined;
    expect(first.status).toBe(400);
    // Step a and its checkpoint went out in one transaction; nothing saved the step on its own.
    expect(sent.filter((r) => r.checkpoint).map((r) => r.command)).toEqual(['BatchGetItemCommand', 'TransactWriteItemsCommand']);
    expect(await checkpointOf('resume')).toMatchObject({ 'step:a': true });
    expect(await stored('resume-0')).toMatchObject({ name: 'new', history: [{ before: { name: 'old' } }] });
    expect(await stored('resume-1')).toMatchObject({ name: 'old' });

    const retry = await call({ label: 'resume' }, randomUUID());
    await settled();
    expect(retry.status).toBe(200);
    expect(retry.body.data.structured.renamed).toBe(2);
    expect((await stored('resume-0'))!.history).toHaveLength(1); // step a not applied again
    expect(await stored('resume-1')).toMatchObject({ name: 'new', history: [{ before: { name: 'old' } }] });
    expect(await checkpointOf('resume')).toBeUndefined();
  }, 120_000);

  it('finished steps committed to make room whose answer is lost: outcome_unknown, and the write is never applied again', async () => {
    loseStepsCommit = true;
    const result = await call({ label: 'lost' }, randomUUID(), 'ws_create_then_many');
    await settled();
    expect(loseStepsCommit).toBe(false); // the commit of step one went out (and went through)
    expect(result.status).toBe(500);
    expect(result.body.structured_content.code).toBe('outcome_unknown');
    const created = await withStoreDeadline({ deadline: Date.now() + 10_000 }, () => store.list<{ id: string }>('test_thing'));
    expect(created.filter((t) => t.id.startsWith('lost-one-'))).toHaveLength(1); // step one once, never applied again
    expect(created.filter((t) => t.id.startsWith('lost-many-'))).toHaveLength(0);
  }, 120_000);
});
