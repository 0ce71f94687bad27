/**
 * What a list reads does not grow with the account's changes: a read that shows no past days, counted
 * on the shared client (sandbox-reads-counting.ts), before and after 10,000 changes.
 */
import { SandboxStore } from '../../platforms/sandbox/store';
import { useTestTables } from '../support/gateway';
import { PLATFORMS, live, useCountedCalls } from './sandbox-reads-counting';

useTestTables();
const { owner, requestsOf, warm } = useCountedCalls(['searchads']);

describe('DynamoDB requests of a warm sandbox read, with 10,000 changes', () => {
  it('a read that shows no past days reads as much with 10,000 changes in the account as with none', async () => {
    await warm('searchads');
    const campaigns = PLATFORMS.searchads.campaigns((await requestsOf(...PLATFORMS.searchads.list)).structured);
    const campaignId = live(campaigns).id;
    const structure = () => requestsOf('get_campaign_structure', { campaign_id: campaignId });
    await structure();
    const before = await structure();
    // 10,000 changes: 1,250 of each of 8 campaigns (the one read among them), each setting then
    // removing a field, so every entity ends as it began (with its revision number).
    const store = new SandboxStore('searchads', owner().accounts.searchads![0]!.account_id);
    const changed = [campaignId, ...campaigns.map((c) => c.id).filter((id) => id !== campaignId)].slice(0, 8);
    const perEntity = Math.ceil(10_000 / changed.length);
    await Promise.all(
      changed.map(async (id) => {
        for (let i = 1; i <= perEntity; i++) await store.update('campaign', id, { test_marker: i % 2 ? 'set' : undefined });
      }),
    );
    await structure(); // warm again: the function's caches expired meanwhile
    const after = await structure();
    expect(after.structured).toEqual(before.structured);
    expect(after.requests).toEqual(before.requests); // the reservation, the campaign, the account's entities
    expect(after.read.items).toBe(before.read.items);
    // Only the changed entities' revision numbers (`"rev":1250`) come on top: each changed entity once
    // in the account's entities, and the read campaign once more on its own. (In one file with the
    // write tests, the campaign had a revision number before already, which hid its second read.)
    expect(after.read.bytes - before.read.bytes).toBeLessThanOrEqual((changed.length + 1) * '"rev":1250,'.length);
  }, 900_000);
});
