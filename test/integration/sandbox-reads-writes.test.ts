/**
 * DynamoDB requests of a warm idempotent write, counted on the shared client
 * (sandbox-reads-counting.ts): 5 on every platform, for a campaign, for an entity below one, and for
 * a create.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformWord } from '../../core/platforms';
import { useTestTables } from '../support/gateway';
import { createSearchCampaign } from '../../platforms/searchads/tools/create-search-campaign';
import { PLATFORMS, useCountedCalls } from './sandbox-reads-counting';

useTestTables();
const { requestsOf, warm } = useCountedCalls();

describe('DynamoDB requests of a warm idempotent write', () => {
  // A write reads the owner's safety settings and its checkpoint in one BatchGetItem (was a GetItem
  // each), and the account once: the plan reads the account's entities in one Query and the
  // revision-guarded update takes the entity from it (socialads, shortvideo and chatads read it twice
  // before; then a GetItem for each entity the plan read).
  const fiveRequests = ['PutItemCommand', 'UpdateItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'TransactWriteItemsCommand'];
  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: an idempotent write costs 5 requests: claim, reservation, settings with checkpoint, the account once, one commit (change, audit, completion)',
    async (platform) => {
      const campaigns = await warm(platform);
      const write = await requestsOf(...PLATFORMS[platform].write(campaigns), { 'Idempotency-Key': randomUUID() });
      expect(write.requests).toEqual(fiveRequests);
    },
    180_000,
  );

  // A plan that reads the entity and what it belongs to (searchads' update_keyword reads the keyword's
  // campaign) reads both in the account's one Query: 6 requests before on searchads (a GetItem each),
  // 6-7 on socialads and shortvideo.
  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: an idempotent write of an entity below a campaign costs the same 5 requests',
    async (platform) => {
      const { child } = PLATFORMS[platform];
      await warm(platform);
      const write = await requestsOf(...child.write((await requestsOf(...child.list)).structured), { 'Idempotency-Key': randomUUID() });
      expect(write.requests).toEqual(fiveRequests);
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

  // A create's conditional put (the id must be free) is held in the write's unit of work like an
  // update and committed in the same one transaction: 7 on every platform before (the put, then the
  // audit record and the completion on their own). The plan reads the parent from the account's Query.
  let created = 0;
  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: an idempotent create costs at most 5 requests: claim, reservation, settings with checkpoint, the account once, one commit with the new entity',
    async (platform) => {
      const { create } = PLATFORMS[platform];
      await warm(platform);
      const parents = (await requestsOf(...create.list)).structured;
      const write = await requestsOf(...create.write(parents, ++created), { 'Idempotency-Key': randomUUID() });
      expect(write.requests.length).toBeLessThanOrEqual(5);
      expect(write.requests).toEqual(fiveRequests);
      // The one commit holds the new entity with the audit record and the completion.
      expect(new Set(write.tables[4])).toEqual(new Set(['sandbox', 'audit', 'idempotency']));
    },
    180_000,
  );

  // A create of several entities in checkpointed steps (campaign, ad group, keywords, ad): each
  // finished step's changes stay held and every step commits in the write's one transaction (17
  // requests before: a put, a checkpoint save and a GetItem per step; 11 with the puts held but each
  // step committed with its checkpoint as the next one started). All or nothing: the entities, the
  // audit record and the completion are written together.
  it('searchads: an idempotent create of a campaign with an ad group, a keyword and an ad costs 5 requests', async () => {
    await warm('searchads');
    // The tool's documented example: a campaign with one ad group, one keyword and one ad.
    const write = await requestsOf(
      'create_search_campaign',
      { ...(createSearchCampaign.examples![0] as Record<string, unknown>), name: 'Counted multi-entity create' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(write.requests).toEqual(fiveRequests);
    expect(new Set(write.tables[4])).toEqual(new Set(['sandbox', 'audit', 'idempotency']));
    expect(write.structured.campaign_id).toEqual(expect.any(String));
  }, 180_000);
});
