/**
 * A planned write's unit of work keeps finished steps held (functions/runtime/stores/unit-of-work.ts):
 * when it has no room for more, it commits the finished steps with their checkpoint in one
 * transaction and goes on holding the rest, instead of abandoning the run.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { checkpointStepsUpdate, stepsOf } from '../../functions/runtime/stores/checkpoints';
import { documentClient, withStoreDeadline, type StoreScope } from '../../functions/runtime/stores/dynamo';
import { UnitOfWork } from '../../functions/runtime/stores/unit-of-work';
import { SandboxStore } from '../../platforms/sandbox/store';
import { useTestTables } from '../support/gateway';

useTestTables();

it('a unit without room commits the finished steps with their checkpoint and holds the rest; its reads see both', async () => {
  const store = new SandboxStore('searchads', 'unit-of-work-room');
  // Room for 5 held entries (3 are kept for the audit record, the completion and the checkpoint).
  const work = new UnitOfWork(8);
  const committed: unknown[] = [];
  work.onCheckpoint = (steps, replaced) => committed.push({ steps, replaced });
  const checkpoint = 'checkpoint#unit-of-work-room';
  const scope: StoreScope = { deadline: Date.now() + 30_000, sandboxReads: new Map(), unitOfWork: work };
  const seen = await withStoreDeadline(scope, async () => {
    for (const id of ['a-0', 'a-1', 'a-2']) await store.create('test_thing', { id });
    work.finishStep({ Update: checkpointStepsUpdate(checkpoint, { a: 'done' }) }, { after: 'a' });
    for (const id of ['b-0', 'b-1']) await store.create('test_thing', { id });
    expect(committed).toEqual([]); // five entries fit: nothing written yet
    await store.create('test_thing', { id: 'b-2' }); // the sixth does not: step a is committed first
    return (await store.list<{ id: string }>('test_thing')).map((t) => t.id);
  });
  expect(seen).toEqual(['a-0', 'a-1', 'a-2', 'b-0', 'b-1', 'b-2']);
  expect(committed).toEqual([{ steps: { after: 'a' }, replaced: 0 }]);
  expect(work.items).toHaveLength(3); // b-0..b-2, still held
  const stored = await withStoreDeadline({ deadline: Date.now() + 30_000 }, () => store.list<{ id: string }>('test_thing'));
  expect(stored.map((t) => t.id)).toEqual(['a-0', 'a-1', 'a-2']);
  const item = await documentClient().send(
    new GetCommand({ TableName: tableName('idempotency'), Key: { id: checkpoint }, ConsistentRead: true }),
  );
  expect(stepsOf(item.Item)).toEqual({ a: 'done' });
}, 60_000);
