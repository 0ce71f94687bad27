import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { documentClient, withStoreDeadline, type StoreScope } from '../../functions/runtime/stores/dynamo';
import { daySegments, settingOnDay, stateAt, type WithHistory } from '../../platforms/sandbox/history';
import { EntityStateError, HISTORY_KEPT_DAYS, SandboxStore } from '../../platforms/sandbox/store';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

interface Campaign {
  id: string;
  status: string;
  budget: number;
  end_date?: string;
}

describe('Sandbox change history', () => {
  const store = () => new SandboxStore('searchads', `hist${Math.random().toString(36).slice(2, 8)}`);

  it('rebuilds any past state, and a day split by a change is shared by both states', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.update('campaign', '1', { budget: 80 }, { now: new Date('2026-11-10T06:00:00Z') });
    await s.update('campaign', '1', { status: 'PAUSED', end_date: '2026-12-01' }, { now: new Date('2026-11-12T18:00:00Z') });
    const c = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    expect(stateAt(c, '2026-11-09T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 50 });
    expect(stateAt(c, '2026-11-11T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 80 });
    expect(stateAt(c, '2026-11-13T00:00:00Z')).toEqual({ id: '1', status: 'PAUSED', budget: 80, end_date: '2026-12-01' });
    expect(daySegments(c, '2026-11-12')).toEqual([
      { state: { id: '1', status: 'ENABLED', budget: 80 }, share: 0.75 },
      { state: { id: '1', status: 'PAUSED', budget: 80, end_date: '2026-12-01' }, share: 0.25 },
    ]);
    expect(daySegments(c, '2026-11-11')).toEqual([{ state: { id: '1', status: 'ENABLED', budget: 80 }, share: 1 }]);
  });

  it('a state shared by the reads of an entity cannot be changed under test; stateAt hands out a copy to change', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.update('campaign', '1', { budget: 80 }, { now: new Date('2026-11-10T06:00:00Z') });
    const c = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    const [before, after] = daySegments(c, '2026-11-10').map((segment) => segment.state as Campaign);
    expect(() => (before!.budget = 1)).toThrow(TypeError);
    expect(() => (after!.status = 'PAUSED')).toThrow(TypeError);
    const copy = stateAt(c, '2026-11-09T00:00:00Z');
    copy.budget = 1;
    expect(stateAt(c, '2026-11-09T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 50 });
  });

  it('keeps history out of what ports return, and records nothing for a patch that changes nothing', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.update('campaign', '1', { budget: 50 });
    expect((await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true })).history).toBeUndefined();
    await s.update('campaign', '1', { budget: 60 });
    expect(await s.list('campaign')).toEqual([{ id: '1', status: 'ENABLED', budget: 60 }]);
    expect(await s.require('campaign', '1')).toEqual({ id: '1', status: 'ENABLED', budget: 60 });
  });

  it('refuses a change whose expected state no longer holds, and loses no entry under concurrent changes', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 10 });
    await expect(s.update('campaign', '1', { status: 'PAUSED' }, { expect: { status: 'REMOVED' } })).rejects.toBeInstanceOf(
      EntityStateError,
    );
    await Promise.all([11, 12, 13, 14].map((budget) => s.update('campaign', '1', { [`label_${budget}`]: budget })));
    const c = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    expect(c.history).toHaveLength(4);
    expect(stateAt(c, '2000-01-01T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 10 });
  });

  it('takes 10,000 updates of one entity and more (no item grows with them), and a 30-day report over them is right', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 100 });
    // 10,000 budget changes, 400 a day at equal intervals for 25 days from 1 October, each switching
    // 100 and 200: written as the store writes an update (one history item per revision, the entity
    // at the last revision), in batches to be fast.
    const first = Date.parse('2026-10-01T00:00:00Z');
    const step = 86_400_000 / 400;
    const changes = Array.from({ length: 10_000 }, (_, i) => ({
      pk: s.historyPk,
      sk: `campaign#1#${String(i + 1).padStart(10, '0')}`,
      rev: i + 1,
      at: new Date(first + (i + 1) * step).toISOString(),
      before: { budget: i % 2 === 0 ? 100 : 200 },
    }));
    for (let i = 0; i < changes.length; i += 25) {
      let requests: unknown[] = changes.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      while (requests.length) {
        const result = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName('sandbox')]: requests as never } }));
        requests = result.UnprocessedItems?.[tableName('sandbox')] ?? [];
      }
    }
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('sandbox'),
        Key: { pk: s.pk, sk: 'campaign#1' },
        UpdateExpression: 'SET rev = :rev',
        ExpressionAttributeValues: { ':rev': 10_000 },
      }),
    );
    // Updates after them go on working, and the entity's item stays the size of the entity.
    await s.update('campaign', '1', { budget: 300 }, { now: new Date('2026-11-01T12:00:00Z') });
    await s.update('campaign', '1', { status: 'PAUSED' }, { now: new Date('2026-11-02T00:00:00Z') });
    const item = await documentClient().send(new GetCommand({ TableName: tableName('sandbox'), Key: { pk: s.pk, sk: 'campaign#1' } }));
    expect(JSON.stringify(item.Item).length).toBeLessThan(200);
    // A 30-day report: the budget of each day, weighted by the part of the day each value held.
    const c = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    expect(c.history).toHaveLength(10_002);
    const days = Array.from({ length: 30 }, (_, i) =>
      new Date(Date.parse('2026-09-29T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
    );
    const budgets = days.map((day) => settingOnDay(c, day, (state) => state.budget));
    expect(budgets).toEqual([100, 100, ...Array<number>(25).fill(150), 100, 100, 100]);
    expect(daySegments(c, '2026-10-07')).toHaveLength(400);
    expect(settingOnDay(c, '2026-11-01', (state) => state.budget)).toBe(200);
    expect(stateAt(c, '2026-11-01T23:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 300 });
    expect(stateAt(c, '2026-11-02T00:00:00Z')).toEqual({ id: '1', status: 'PAUSED', budget: 300 });
  }, 600_000);

  it('moves changes written in the old layout (among the entities) to the history partition on the first read', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.create<Campaign>('campaign', { id: '2', status: 'ENABLED', budget: 70 });
    // Two changes of campaign 1 as the store wrote them before history had a partition of its own.
    const legacy = [
      { rev: 1, at: '2026-11-10T06:00:00.000Z', before: { budget: 50 } },
      { rev: 2, at: '2026-11-12T18:00:00.000Z', before: { status: 'ENABLED' } },
    ];
    for (const change of legacy) {
      await documentClient().send(
        new PutCommand({
          TableName: tableName('sandbox'),
          Item: { ...change, pk: s.pk, sk: `HISTORY#campaign#1#${String(change.rev).padStart(10, '0')}` },
        }),
      );
    }
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('sandbox'),
        Key: { pk: s.pk, sk: 'campaign#1' },
        UpdateExpression: 'SET rev = :rev, budget = :budget, #status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':rev': 2, ':budget': 80, ':status': 'PAUSED' },
      }),
    );
    const [c] = await s.list<WithHistory<Campaign>>('campaign', { withHistory: true });
    expect(stateAt(c!, '2026-11-09T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 50 });
    expect(stateAt(c!, '2026-11-11T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 80 });
    expect(stateAt(c!, '2026-11-13T00:00:00Z')).toEqual({ id: '1', status: 'PAUSED', budget: 80 });
    // The entities' partition holds entities only now; a later update continues the revisions.
    const entities = await documentClient().send(
      new QueryCommand({ TableName: tableName('sandbox'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': s.pk } }),
    );
    expect(entities.Items!.map((item) => item.sk)).toEqual(['campaign#1', 'campaign#2']);
    await s.update('campaign', '1', { budget: 90 }, { now: new Date('2026-11-14T00:00:00Z') });
    const again = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    expect(again.history).toHaveLength(3);
    expect(stateAt(again, '2026-11-13T00:00:00Z')).toEqual({ id: '1', status: 'PAUSED', budget: 80 });
  });
});

/** DynamoDB commands sent while recording, by name (a middleware on the shared client). */
let recording: string[] | undefined;
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
      recording?.push(context.commandName ?? '');
      return next(args);
    }) as never,
    { step: 'initialize', priority: 'low', name: 'sandboxHistoryTestRecorder' },
  );
});
afterAll(() => documentClient().middlewareStack.remove('sandboxHistoryTestRecorder'));

/** The commands `work` sends to DynamoDB. */
async function requestsOf(work: () => Promise<unknown>): Promise<string[]> {
  recording = [];
  try {
    await work();
    return recording;
  } finally {
    recording = undefined;
  }
}

describe('History lifetime: every change expires by itself', () => {
  const store = () => new SandboxStore('searchads', `ttl${Math.random().toString(36).slice(2, 8)}`);
  const DAY = 86_400_000;
  /** The entity's change items as stored. */
  const historyItems = async (s: SandboxStore, kind: string, id: string) => {
    const result = await documentClient().send(
      new QueryCommand({
        TableName: tableName('sandbox'),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': s.historyPk, ':prefix': `${kind}#${id}#` },
        ConsistentRead: true,
      }),
    );
    return (result.Items ?? []) as { sk: string; rev: number; at: string; expires_at?: number }[];
  };
  const expiryOf = (at: string) => Math.floor(Date.parse(at) / 1000) + HISTORY_KEPT_DAYS * 86_400;
  /** What DynamoDB's TTL does (DynamoDB Local does not): deletes every item of the account's history expired at `now`. */
  const expire = async (s: SandboxStore, now: Date) => {
    const result = await documentClient().send(
      new QueryCommand({
        TableName: tableName('sandbox'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': s.historyPk },
        ConsistentRead: true,
      }),
    );
    const expired = (result.Items ?? []).filter((item) => typeof item.expires_at === 'number' && item.expires_at <= now.getTime() / 1000);
    for (const item of expired)
      await documentClient().send(new DeleteCommand({ TableName: tableName('sandbox'), Key: { pk: item.pk, sk: item.sk } }));
    return expired.length;
  };

  it('keeps a change for the longest report window and the period before it (365 + 365 days, + 2 for time zones)', () => {
    expect(HISTORY_KEPT_DAYS).toBe(732);
  });

  it('writes expires_at with every change, and a report over the longest window reads the same before and after the expired changes are gone', async () => {
    const s = store();
    // The report's clock, after every expiry of this test: DynamoDB Local deletes expired items by the
    // real clock (in the background, some at a time), so here only `expire` deletes them.
    const now = new Date('2100-01-15T02:00:00Z');
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 100 });
    await s.create<Campaign>('campaign', { id: '2', status: 'ENABLED', budget: 10 });
    // 600 budget changes of campaign 1 over the last 900 days (a change every 36 hours), each to a new
    // budget; campaign 2 changed once, 800 days ago (its only change expires while it lives on).
    const first = now.getTime() - 900 * DAY;
    const changes = Array.from({ length: 600 }, (_, i) => ({ at: first + i * 1.5 * DAY + 3_600_000, budget: 101 + i }));
    for (const change of changes) await s.update('campaign', '1', { budget: change.budget }, { now: new Date(change.at) });
    await s.update('campaign', '2', { budget: 20 }, { now: new Date(now.getTime() - 800 * DAY) });

    // Every change carries its expiry from the moment it is written.
    const items = await historyItems(s, 'campaign', '1');
    expect(items).toHaveLength(600);
    for (const item of items) expect(item.expires_at).toBe(expiryOf(item.at));

    // The budget of each day of the longest window with its previous period (and the two days for
    // time zones), worked out from the changes made: the day-weighted budget.
    const days = Array.from({ length: HISTORY_KEPT_DAYS }, (_, i) =>
      new Date(now.getTime() - (HISTORY_KEPT_DAYS - i) * DAY).toISOString().slice(0, 10),
    );
    const budgetAt = (t: number) => [...changes].reverse().find((change) => change.at <= t)?.budget ?? 100;
    const expected = days.map((day) => {
      const start = Date.parse(`${day}T00:00:00Z`);
      const cuts = [start, ...changes.map((c) => c.at).filter((t) => t > start && t < start + DAY), start + DAY];
      let sum = 0;
      for (let i = 0; i < cuts.length - 1; i++) sum += ((cuts[i + 1]! - cuts[i]!) / DAY) * budgetAt(cuts[i]!);
      return Math.round(sum * 100) / 100;
    });
    const report = async () => {
      const [one, two] = await s.list<WithHistory<Campaign>>('campaign', { withHistory: true });
      return {
        one: days.map((day) => settingOnDay(one!, day, (c) => c.budget)),
        two: days.map((day) => settingOnDay(two!, day, (c) => c.budget)),
      };
    };
    const before = await report();
    expect(before.one).toEqual(expected);
    expect(before.two).toEqual(days.map(() => 20));

    // DynamoDB deletes what expired by now (changes made more than 732 days ago): nothing in the window changes.
    expect(await expire(s, now)).toBe(changes.filter((c) => c.at + HISTORY_KEPT_DAYS * DAY <= now.getTime()).length + 1);
    expect(await report()).toEqual(before);
    expect(await s.require('campaign', '2')).toEqual({ id: '2', status: 'ENABLED', budget: 20 });
    // Updates go on after the expired changes are gone.
    await s.update('campaign', '2', { budget: 30 }, { now });
    expect(stateAt(await s.require<WithHistory<Campaign>>('campaign', '2', { withHistory: true }), days[0]!)).toEqual({
      id: '2',
      status: 'ENABLED',
      budget: 20,
    });
  }, 600_000);

  it('a read after changes expired costs what it did before: no check for changes in the old layout within a run, and the same states', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.create<Campaign>('campaign', { id: '2', status: 'ENABLED', budget: 10 });
    await s.update('campaign', '1', { budget: 60 }, { now: new Date('2097-01-10T00:00:00Z') });
    await s.update('campaign', '1', { budget: 70 }, { now: new Date('2099-12-20T00:00:00Z') });
    await s.update('campaign', '2', { budget: 20 }, { now: new Date('2097-01-10T00:00:00Z') });
    // Campaign 1's first change and campaign 2's only one have expired by then.
    expect(await expire(s, new Date('2100-01-15T00:00:00Z'))).toBe(2);
    const run = <T>(work: () => Promise<T>): Promise<T> =>
      withStoreDeadline({ deadline: Date.now() + 60_000, sandboxWrites: 0, sandboxReads: new Map() } as StoreScope, work);
    let listed: WithHistory<Campaign>[] = [];
    const requests = await requestsOf(() =>
      run(async () => (listed = await s.list<WithHistory<Campaign>>('campaign', { withHistory: true }))),
    );
    expect(requests).toEqual(['QueryCommand', 'QueryCommand']);
    expect(listed.map((c) => stateAt(c, '2099-01-01T00:00:00Z'))).toEqual([
      { id: '1', status: 'ENABLED', budget: 60 },
      { id: '2', status: 'ENABLED', budget: 20 },
    ]);
    // Campaign 1's newest change is still there: read on its own, it is complete as it is.
    expect(await requestsOf(() => s.require('campaign', '1', { withHistory: true }))).toEqual(['GetItemCommand', 'QueryCommand']);
  });

  it('a removal (a removed status or state, a flag like archived) is one more update: no extra request, its change expires like any', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.create<{ id: string; archived: boolean }>('audience', { id: 'a', archived: false });
    await s.update('campaign', '1', { budget: 60 }, { now: new Date('2026-01-10T00:00:00Z') });
    await s.update('campaign', '1', { budget: 70 }, { now: new Date('2026-02-10T00:00:00Z') });
    await s.update('audience', 'a', { name: 'Buyers' }, { now: new Date('2026-01-10T00:00:00Z') });
    const update = await requestsOf(() => s.update('campaign', '1', { budget: 75 }, { now: new Date('2026-02-20T00:00:00Z') }));
    expect(update).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);

    const removal = await requestsOf(() => s.update('campaign', '1', { status: 'REMOVED' }, { now: new Date('2026-03-01T00:00:00Z') }));
    expect(removal).toEqual(update);
    const archive = await requestsOf(() =>
      s.update('audience', 'a', { archived: true }, { expect: { archived: false }, now: new Date('2026-03-02T00:00:00Z') }),
    );
    expect(archive).toEqual(update);
    // Each change keeps the expiry it was written with; a restore changes none of them either.
    await s.update('campaign', '1', { status: 'PAUSED' }, { now: new Date('2026-03-05T00:00:00Z') });
    expect((await historyItems(s, 'campaign', '1')).map((item) => [item.rev, item.expires_at])).toEqual([
      [1, expiryOf('2026-01-10T00:00:00Z')],
      [2, expiryOf('2026-02-10T00:00:00Z')],
      [3, expiryOf('2026-02-20T00:00:00Z')],
      [4, expiryOf('2026-03-01T00:00:00Z')],
      [5, expiryOf('2026-03-05T00:00:00Z')],
    ]);
    expect((await historyItems(s, 'audience', 'a')).map((item) => [item.rev, item.expires_at])).toEqual([
      [1, expiryOf('2026-01-10T00:00:00Z')],
      [2, expiryOf('2026-03-02T00:00:00Z')],
    ]);
    // Past days still read as they were.
    const c = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    expect(stateAt(c, '2026-01-05T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 50 });
    expect(stateAt(c, '2026-03-03T00:00:00Z')).toEqual({ id: '1', status: 'REMOVED', budget: 75 });
  });

  it('deleting an entity outright is its one DeleteItem: its changes keep their own expiry', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.update('campaign', '1', { budget: 60 }, { now: new Date('2026-04-01T00:00:00Z') });
    await s.update('campaign', '1', { budget: 70 }, { now: new Date('2026-04-02T00:00:00Z') });
    expect(await requestsOf(() => s.remove('campaign', '1'))).toEqual(['DeleteItemCommand']);
    expect((await historyItems(s, 'campaign', '1')).map((item) => [item.rev, item.expires_at])).toEqual([
      [1, expiryOf('2026-04-01T00:00:00Z')],
      [2, expiryOf('2026-04-02T00:00:00Z')],
    ]);
  });

  it('remove_campaign: every change of the campaign carries its expiry, and a report over past days still shows its spend', async () => {
    const owner = await createTestOwner({ tier: 'max', accounts: { searchads: 1 } });
    const list = await callTool(owner.apiKey, 'list_campaigns', {});
    // By name: ids are random per account, and some enabled campaigns start later or have not spent yet.
    const campaign = (list.body.data!.structured!.campaigns as { id: string; name: string; status: string }[]).find(
      (c) => c.name === 'Shopping - Footwear' && c.status === 'ENABLED',
    )!;
    const report = async () => {
      const result = await callTool(owner.apiKey, 'get_campaign_performance', { lookback_days: 365 });
      expect(result.status).toBe(200);
      const rows = result.body.data!.structured!.rows as (Record<string, unknown> & { metrics: Record<string, unknown> })[];
      return rows.find((r) => Object.values(r).includes(campaign.id))!.metrics;
    };
    const before = await report();
    expect(Object.values(before).some((value) => typeof value === 'number' && value > 0)).toBe(true);
    expect((await callTool(owner.apiKey, 'remove_campaign', { campaign_id: campaign.id })).status).toBe(200);
    const items = await historyItems(new SandboxStore('searchads', owner.accounts.searchads![0]!.account_id), 'campaign', campaign.id);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.expires_at).toBe(expiryOf(item.at));
    // The last 365 days ended yesterday, before the removal: the same spend.
    expect(await report()).toEqual(before);
  }, 180_000);
});
