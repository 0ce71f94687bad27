import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { daySegments, settingOnDay, stateAt, type WithHistory } from '../../platforms/sandbox/history';
import { EntityStateError, REMOVED_HISTORY_KEPT_DAYS, SandboxStore } from '../../platforms/sandbox/store';
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

describe('History of removed entities', () => {
  const store = () => new SandboxStore('searchads', `gone${Math.random().toString(36).slice(2, 8)}`);
  /** The entity's change items as stored: revision and TTL. */
  const historyItems = async (s: SandboxStore, kind: string, id: string) => {
    const result = await documentClient().send(
      new QueryCommand({
        TableName: tableName('sandbox'),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': s.historyPk, ':prefix': `${kind}#${id}#` },
        ConsistentRead: true,
      }),
    );
    return (result.Items ?? []).map((item) => ({ rev: item.rev as number, expires_at: item.expires_at as number | undefined }));
  };
  const expiryAfter = (removedAt: string) => Date.parse(removedAt) / 1000 + REMOVED_HISTORY_KEPT_DAYS * 86_400;

  it('keeps it past the longest report window and the period before it (365 + 365 days, + 2 for time zones)', () => {
    expect(REMOVED_HISTORY_KEPT_DAYS).toBe(732);
  });

  it('expires when the entity is removed, after the longest window; it is still read until then, and a restore keeps it again', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.create<Campaign>('campaign', { id: '2', status: 'ENABLED', budget: 50 });
    await s.update('campaign', '1', { budget: 80 }, { now: new Date('2026-01-10T00:00:00Z') });
    await s.update('campaign', '2', { budget: 90 }, { now: new Date('2026-01-10T00:00:00Z') });
    expect(await historyItems(s, 'campaign', '1')).toEqual([{ rev: 1, expires_at: undefined }]);

    await s.update('campaign', '1', { status: 'REMOVED' }, { now: new Date('2026-03-01T00:00:00Z') });
    const expiry = expiryAfter('2026-03-01T00:00:00Z');
    expect(await historyItems(s, 'campaign', '1')).toEqual([
      { rev: 1, expires_at: expiry },
      { rev: 2, expires_at: expiry },
    ]);
    expect(await historyItems(s, 'campaign', '2')).toEqual([{ rev: 1, expires_at: undefined }]); // not removed
    // Until then past days still read as they were.
    const c = await s.require<WithHistory<Campaign>>('campaign', '1', { withHistory: true });
    expect(stateAt(c, '2026-01-05T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 50 });
    expect(stateAt(c, '2026-02-01T00:00:00Z')).toEqual({ id: '1', status: 'ENABLED', budget: 80 });

    // Out of the removed state (a platform that allows it): kept again.
    await s.update('campaign', '1', { status: 'PAUSED' }, { now: new Date('2026-03-02T00:00:00Z') });
    expect(await historyItems(s, 'campaign', '1')).toEqual([
      { rev: 1, expires_at: undefined },
      { rev: 2, expires_at: undefined },
      { rev: 3, expires_at: undefined },
    ]);
  });

  it('expires when the entity is deleted outright', async () => {
    const s = store();
    await s.create<Campaign>('campaign', { id: '1', status: 'ENABLED', budget: 50 });
    await s.update('campaign', '1', { budget: 60 });
    await s.update('campaign', '1', { budget: 70 });
    await s.remove('campaign', '1', { now: new Date('2026-04-01T12:00:00Z') });
    const expiry = expiryAfter('2026-04-01T12:00:00Z');
    expect(await historyItems(s, 'campaign', '1')).toEqual([
      { rev: 1, expires_at: expiry },
      { rev: 2, expires_at: expiry },
    ]);
  });

  it('remove_campaign: the campaign history expires after the longest window, and a report over past days still shows its spend', async () => {
    const owner = await createTestOwner({ tier: 'max', accounts: { searchads: 1 } });
    const list = await callTool(owner.apiKey, 'list_campaigns', {});
    const campaign = (list.body.data!.structured!.campaigns as { id: string; status: string }[]).find((c) => c.status === 'ENABLED')!;
    const report = async () => {
      const result = await callTool(owner.apiKey, 'get_campaign_performance', { lookback_days: 30 });
      expect(result.status).toBe(200);
      const rows = result.body.data!.structured!.rows as (Record<string, unknown> & { metrics: Record<string, unknown> })[];
      return rows.find((r) => Object.values(r).includes(campaign.id))!.metrics;
    };
    const before = await report();
    expect(Object.values(before).some((value) => typeof value === 'number' && value > 0)).toBe(true);
    const from = Math.floor(Date.now() / 1000);
    expect((await callTool(owner.apiKey, 'remove_campaign', { campaign_id: campaign.id })).status).toBe(200);
    const to = Math.ceil(Date.now() / 1000);
    const items = await historyItems(new SandboxStore('searchads', owner.accounts.searchads![0]!.account_id), 'campaign', campaign.id);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.expires_at).toBeGreaterThanOrEqual(from + REMOVED_HISTORY_KEPT_DAYS * 86_400);
      expect(item.expires_at).toBeLessThanOrEqual(to + REMOVED_HISTORY_KEPT_DAYS * 86_400);
    }
    // The last 30 days ended yesterday, before the removal: the same spend.
    expect(await report()).toEqual(before);
  }, 180_000);
});
