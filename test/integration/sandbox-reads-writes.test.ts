/**
 * DynamoDB requests of a warm idempotent write, counted on the shared client
 * (sandbox-reads-counting.ts): 7 on every platform, where the goal is at most 5.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformWord } from '../../core/platforms';
import { useTestTables } from '../support/gateway';
import { PLATFORMS, useCountedCalls } from './sandbox-reads-counting';

useTestTables();
const { requestsOf, warm } = useCountedCalls();

describe('DynamoDB requests of a warm idempotent write', () => {
  // A write reads the owner's safety settings and its checkpoint in one BatchGetItem (was a GetItem
  // each), and the entity once: the plan's read serves the revision-guarded update (socialads,
  // shortvideo and chatads read it twice before), and searchads' update_campaign reads the
  // account's partition before the campaign, which then comes from it (a GetItem and a Query before).
  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: an idempotent write costs 5 requests: claim, reservation, settings with checkpoint, the entity once, one commit (change, audit, completion)',
    async (platform) => {
      const campaigns = await warm(platform);
      const write = await requestsOf(...PLATFORMS[platform].write(campaigns), { 'Idempotency-Key': randomUUID() });
      const entity = ['socialads', 'shortvideo', 'chatads'].includes(platform) ? 'GetItemCommand' : 'QueryCommand';
      expect(write.requests).toEqual(['PutItemCommand', 'UpdateItemCommand', 'BatchGetItemCommand', entity, 'TransactWriteItemsCommand']);
    },
    180_000,
  );

  // The claim, the reservation, the settings with the checkpoint, the entity read and one transaction
  // committing the change with its history, its audit record and the claim's completion (7 on every
  // platform before the unit of work; 7-8 before the entity was read once per run, 7-9 before the
  // settings and the checkpoint were read together; 8-11 before that). See docs/architecture.md.
  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: an idempotent write costs at most 5 requests',
    async (platform) => {
      const campaigns = await warm(platform);
      const write = await requestsOf(...PLATFORMS[platform].write(campaigns), { 'Idempotency-Key': randomUUID() });
      expect(write.requests.length).toBeLessThanOrEqual(5);
    },
    180_000,
  );
});
