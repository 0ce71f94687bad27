/**
 * The retailads sandbox keeps each campaign's simulated range in a per-process memo
 * (platforms/sandbox/day-memo.ts, issue 33): a read after a write answers the new figures, and an
 * account holding the same entity ids as another never sees the other's figures. Every read runs
 * twice, the second from the memo the first filled.
 */
import { addDays, isoDate } from '../../../core/dates';
import { operatorCall } from '../../../platforms/live/connector';
import { retailads } from '../../../platforms/retailads/manifest';
import { KIND } from '../../../platforms/retailads/sandbox/stored';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { useMiddayClock } from '../../support/clock';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

const yesterday = () => addDays(isoDate(new Date()), -1);
const CAMPAIGN = 'SP - Hiking Backpacks - Manual';

/** Yesterday's spend of each Sponsored Products campaign, by id, read twice (both the same). */
async function spendYesterday(port: ReturnType<typeof retailads.open>): Promise<Record<string, number>> {
  const read = async () =>
    Object.fromEntries((await port.getReport('spCampaigns', yesterday(), yesterday())).map((r) => [r.campaign_id, r.spend]));
  const first = await read();
  expect(await read()).toEqual(first);
  return first;
}

/** A pause that took effect at the start of yesterday (the store records when a change happened). */
const pauseFromYesterday = (store: SandboxStore, id: string) =>
  store.update(KIND.campaign, id, { state: 'PAUSED' }, { now: new Date(`${yesterday()}T00:00:00.000Z`) });

describe('retailads campaign ranges kept in memory', () => {
  it('a read after a write answers the new figures; a copy of the account with the same ids gets its own', async () => {
    const owner = await createTestOwner({ accounts: { retailads: 1 } });
    const account = owner.accounts.retailads![0]!;
    const port = retailads.open(account, operatorCall());
    const store = new SandboxStore('retailads', account.account_id);
    const campaign = (await port.listCampaigns()).find((c) => c.name === CAMPAIGN)!;

    // A second account holding a copy of the first one's entities (same ids, same history).
    const copyId = `${account.account_id}-copy`;
    const copy = new SandboxStore('retailads', copyId);
    for (const kind of Object.values(KIND)) await copy.putMany(kind, await store.list(kind, { withHistory: true }));
    const copyPort = retailads.open({ ...account, account_id: copyId }, operatorCall());

    const before = await spendYesterday(port);
    expect(before[campaign.id]).toBeGreaterThan(0);
    expect(await spendYesterday(copyPort)).toEqual(before);

    // Paused in the copy: the copy answers the new figures, the first account keeps its own.
    await pauseFromYesterday(copy, campaign.id);
    expect(await spendYesterday(copyPort)).toEqual({ ...before, [campaign.id]: 0 });
    expect(await spendYesterday(port)).toEqual(before);

    // Paused in the first account too: its next read, and the tool's, answer the new figures.
    await pauseFromYesterday(store, campaign.id);
    expect(await spendYesterday(port)).toEqual({ ...before, [campaign.id]: 0 });
    const listed = await callToolOk(owner.apiKey, 'list_retailads_campaigns', { start_date: yesterday(), end_date: yesterday() });
    expect((listed.structured!.campaigns as { id: string; spend: number }[]).find((c) => c.id === campaign.id)!.spend).toBe(0);
  });
});
