/**
 * A planned sandbox write commits its changes, its audit record and its claim's completion in one
 * transaction (functions/runtime/planned-writes.ts, stores/unit-of-work.ts): all or nothing under
 * faults injected on the shared DynamoDB client (as store-faults.test.ts does), the way back to
 * writing as it goes when the transaction cannot take the write, and the run's reads of its own
 * held changes.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Context } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { createToolHandler } from '../../functions/runtime/handler';
import { settled } from '../../functions/runtime/settle';
import { documentClient, withStoreDeadline } from '../../functions/runtime/stores/dynamo';
import { idempotencyRecordId } from '../../functions/runtime/stores/idempotency';
import { listAuditEntries } from '../../functions/runtime/stores/audit';
import { readUsage } from '../../functions/runtime/stores/usage';
import { toApiGatewayEvent } from '../../functions/local/router';
import { SandboxStore } from '../../platforms/sandbox/store';
import { defineSearchAdsTool } from '../../platforms/searchads/define';
import { PLATFORMS } from '../../platforms';
import { callTool, createTestOwner, useTestTables, type TestOwner } from '../support/gateway';

useTestTables();

// ---- faults on the shared client: the first `times` requests matching `when` fail, lose their answer, are refused, or run `before` first
type Fault = {
  when: (command: string, input: Record<string, any>) => boolean;
  kind: 'fail' | 'lose' | 'invalid' | 'before';
  times: number;
  before?: () => Promise<void>;
};
let fault: Fault | undefined;
/** Commands sent while recording. */
let recording: string[] | undefined;
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (a: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Record<string, any> }) => {
      const command = context.commandName ?? '';
      recording?.push(command);
      if (!fault || fault.times <= 0 || !fault.when(command, args.input)) return next(args);
      fault.times--;
      if (fault.kind === 'before') {
        await fault.before!();
        return next(args);
      }
      if (fault.kind === 'lose') {
        await next(args);
        throw Object.assign(new Error('injected: answer lost'), { name: 'TimeoutError' });
      }
      if (fault.kind === 'invalid')
        throw Object.assign(new Error('injected: Transaction request cannot be larger than 4 MB'), { name: 'ValidationException' });
      throw Object.assign(new Error('injected: connection refused'), { name: 'ECONNREFUSED' });
    }) as never,
    { step: 'initialize', priority: 'low', name: 'writeCommitFaults' },
  );
});
afterAll(() => documentClient().middlewareStack.remove('writeCommitFaults'));
afterEach(() => {
  fault = undefined;
  recording = undefined;
});

/** The commit: the one transaction of a write that puts its audit record (not the sandbox store's own). */
const commit = (command: string, input: Record<string, any>) =>
  command === 'TransactWriteItemsCommand' &&
  (input.TransactItems as Record<string, any>[]).some((i) => i.Put?.TableName?.endsWith('audit'));

let owner: TestOwner;
let customerId: string;
let store: SandboxStore;
beforeAll(async () => {
  owner = await createTestOwner({ accounts: { searchads: 1 } });
  customerId = owner.accounts.searchads![0]!.account_id;
  store = new SandboxStore('searchads', customerId);
});

/** A campaign that takes changes (enabled or paused). */
async function campaign(): Promise<Record<string, any>> {
  const list = await callTool(owner.apiKey, 'list_campaigns', {});
  return (list.body.data!.structured!.campaigns as Record<string, any>[]).find((c) => /^(ENABLED|PAUSED)$/.test(c.status))!;
}

const stored = (kind: string, id: string) =>
  withStoreDeadline({ deadline: Date.now() + 10_000 }, () =>
    store.get<Record<string, any> & { id: string }>(kind, id, { withHistory: true }),
  );

async function auditOf(tool: string) {
  return (await listAuditEntries(owner.owner.owner_id, { limit: 1000 })).filter((e) => e.tool === tool);
}

/** The outcomes of the audit records of `tool` that set the name `name`, newest first. */
const outcomesOf = async (tool: string, name: string) =>
  (await auditOf(tool)).filter((r) => r.arguments.name === name).map((r) => r.outcome);

async function idempotencyRecord(tool: string, key: string) {
  const id = idempotencyRecordId(owner.owner.owner_id, tool, key);
  return (await documentClient().send(new GetCommand({ TableName: tableName('idempotency'), Key: { id }, ConsistentRead: true }))).Item;
}

const used = async () => (await readUsage(owner.owner.owner_id, new Date())).used;

const rename = (id: string, name: string, key: string) =>
  callTool(owner.apiKey, 'update_campaign', { campaign_id: id, name }, { headers: { 'Idempotency-Key': key } });

describe('one commit of an idempotent sandbox write', () => {
  it('a commit the store refuses stores nothing of the change, its audit record or the completion; the unit is given back, and a retry with the key writes once', async () => {
    const target = await campaign();
    const before = await stored('campaign', target.id);
    const usedBefore = await used();
    const key = randomUUID();
    fault = { when: commit, kind: 'fail', times: 1 };
    const first = await rename(target.id, 'Refused commit', key);
    expect(fault.times).toBe(0);
    expect(first.status).toBe(503);
    expect(first.body.structured_content).toMatchObject({ code: 'store_unavailable' });
    await settled();
    // Nothing of it: the campaign as it was (same revision), no applied record, the key free, the unit back.
    expect(await stored('campaign', target.id)).toEqual(before);
    expect(await outcomesOf('update_campaign', 'Refused commit')).toEqual(['not_applied']);
    expect(await idempotencyRecord('update_campaign', key)).toBeUndefined();
    expect(await used()).toBe(usedBefore);

    const retry = await rename(target.id, 'Refused commit', key);
    expect(retry.status).toBe(200);
    const after = await stored('campaign', target.id);
    expect(after).toMatchObject({ name: 'Refused commit' });
    expect(after!.history).toHaveLength((before!.history?.length ?? 0) + 1); // written once
    expect(await outcomesOf('update_campaign', 'Refused commit')).toEqual(['applied', 'not_applied']);
    expect(await used()).toBe(usedBefore + 1);
    const replay = await rename(target.id, 'Refused commit', key);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect(await used()).toBe(usedBefore + 1);
  }, 120_000);

  it('a commit applied whose answer was lost answers its 200, stored under the key and billed once', async () => {
    const target = await campaign();
    const before = await stored('campaign', target.id);
    const usedBefore = await used();
    const key = randomUUID();
    fault = { when: commit, kind: 'lose', times: 1 };
    const first = await rename(target.id, 'Lost answer', key);
    expect(fault.times).toBe(0);
    expect(first.status).toBe(200);
    await settled();
    const after = await stored('campaign', target.id);
    expect(after).toMatchObject({ name: 'Lost answer' });
    expect(after!.history).toHaveLength((before!.history?.length ?? 0) + 1); // written once
    const replay = await rename(target.id, 'Lost answer', key);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await outcomesOf('update_campaign', 'Lost answer')).toEqual(['applied']);
    expect(await used()).toBe(usedBefore + 1);
  }, 120_000);

  it('a campaign changed between its read and the commit: the commit is cancelled and the write applied again, as the store always did', async () => {
    const target = await campaign();
    const key = randomUUID();
    // Another writer changes the campaign's status while this write is about to commit.
    const other = target.status === 'ENABLED' ? 'PAUSED' : 'ENABLED';
    fault = {
      when: commit,
      kind: 'before',
      times: 1,
      before: () =>
        withStoreDeadline(
          { deadline: Date.now() + 10_000 },
          async () => void (await store.update('campaign', target.id, { status: other })),
        ),
    };
    recording = [];
    const result = await rename(target.id, 'After a conflict', key);
    expect(fault.times).toBe(0);
    expect(result.status).toBe(200);
    expect(await stored('campaign', target.id)).toMatchObject({ name: 'After a conflict', status: other });
    // The cancelled commit, the other writer, then the change on its own as before the unit of work (its
    // run's read is stale: the revision guard refuses it, it reads again and writes), then its record and completion.
    expect(recording.filter((c) => c === 'TransactWriteItemsCommand')).toHaveLength(4);
    expect(await outcomesOf('update_campaign', 'After a conflict')).toEqual(['applied']);
    expect((await idempotencyRecord('update_campaign', key))?.status).toBe('COMPLETED');
  }, 120_000);

  it('a commit refused as too large (ValidationException) is applied again, writing as it goes', async () => {
    const target = await campaign();
    const key = randomUUID();
    fault = { when: commit, kind: 'invalid', times: 1 };
    const result = await rename(target.id, 'Too large once', key);
    expect(fault.times).toBe(0);
    expect(result.status).toBe(200);
    expect(await stored('campaign', target.id)).toMatchObject({ name: 'Too large once' });
    expect(await outcomesOf('update_campaign', 'Too large once')).toEqual(['applied']);
    const replay = await rename(target.id, 'Too large once', key);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
  }, 120_000);
});

// ---- a write of many entities, and one that reads what it wrote
const manyArgs = { label: v.string(), count: v.number() };
const tools = [
  defineSearchAdsTool({
    name: 'wc_rename_many',
    description: 'Renames `count` test entities of the label.',
    access: 'write',
    args: manyArgs,
    async plan(args) {
      return {
        summary: `rename ${args.count}`,
        changes: Array.from({ length: args.count }, (_, i) => ({
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
      for (let i = 0; i < args.count; i++) await things.update('test_thing', `${args.label}-${i}`, { name: 'new' });
      // The run reads its own changes, whether they are held or written.
      const read = await things.list<{ id: string; name: string }>('test_thing');
      const one = await things.get<{ id: string; name: string }>('test_thing', `${args.label}-0`, { withHistory: true });
      return {
        text: 'renamed',
        structured: {
          renamed: read.filter((t) => t.id.startsWith(`${args.label}-`) && t.name === 'new').length,
          first: one,
        },
      };
    },
  }),
];
const handler = createToolHandler(tools, PLATFORMS);

async function call(tool: string, args: Record<string, unknown>, key: string) {
  const event = toApiGatewayEvent({
    method: 'POST',
    url: `/api/v1/tools/${tool}/execute`,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.apiKey}`, 'Idempotency-Key': key },
    body: JSON.stringify({ arguments: args }),
  });
  const end = Date.now() + 60_000;
  const result = await handler(event, { awsRequestId: 'x', getRemainingTimeInMillis: () => end - Date.now() } as Context);
  return { status: result.statusCode, headers: result.headers, body: JSON.parse(result.body) };
}

async function things(label: string, count: number) {
  await withStoreDeadline({ deadline: Date.now() + 30_000 }, () =>
    store.putMany(
      'test_thing',
      Array.from({ length: count }, (_, i) => ({ id: `${label}-${i}`, name: 'old' })),
    ),
  );
}

describe('writes one transaction cannot take, and reads of held changes', () => {
  it('a write of 3 entities commits in one transaction and its run reads its own changes (list, and one with its history)', async () => {
    await things('few', 3);
    recording = [];
    const result = await call('wc_rename_many', { label: 'few', count: 3 }, randomUUID());
    expect(result.status).toBe(200);
    expect(result.body.data.structured.renamed).toBe(3);
    expect(result.body.data.structured.first).toMatchObject({ name: 'new', history: [{ before: { name: 'old' } }] });
    expect(recording.filter((c) => c === 'TransactWriteItemsCommand')).toHaveLength(1);
    for (let i = 0; i < 3; i++)
      expect(await stored('test_thing', `few-${i}`)).toMatchObject({ name: 'new', history: [{ before: { name: 'old' } }] });
  }, 120_000);

  it('a write of 60 entities (more than one transaction of 100 items takes with its record and completion) is written as it goes, each change once', async () => {
    await things('many', 60);
    const key = randomUUID();
    recording = [];
    const result = await call('wc_rename_many', { label: 'many', count: 60 }, key);
    expect(result.status).toBe(200);
    expect(result.body.data.structured.renamed).toBe(60);
    // Nothing was sent while the changes were held: 60 changes written one by one after.
    expect(recording.filter((c) => c === 'TransactWriteItemsCommand')).toHaveLength(60);
    for (let i = 0; i < 60; i++)
      expect(await stored('test_thing', `many-${i}`)).toMatchObject({ name: 'new', history: [{ before: { name: 'old' } }] });
    expect((await auditOf('wc_rename_many')).filter((r) => r.summary === 'rename 60').map((r) => r.outcome)).toEqual(['applied']);
    expect((await idempotencyRecord('wc_rename_many', key))?.status).toBe('COMPLETED');
  }, 180_000);
});
