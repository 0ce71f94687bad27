/**
 * The socialads sandbox keeps each campaign's simulated days in a per-process memo
 * (platforms/sandbox/day-memo.ts, issue 33): a read after a write answers the new figures, and an
 * account holding the same entity ids as another never sees the other's figures. Every read runs
 * twice, the second from the memo the first filled.
 */
import { addDays, isoDate } from '../../../core/dates';
import { operatorCall } from '../../../platforms/live/connector';
import { socialads } from '../../../platforms/socialads/manifest';
import { KIND } from '../../../platforms/socialads/sandbox/stored';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { useMiddayClock } from '../../support/clock';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

const yesterday = () => addDays(isoDate(new Date()), -1);

/** Yesterday's spend of each campaign and of each ad, by id, read twice (both the same). */
async function spendYesterday(port: ReturnType<typeof socialads.open>): Promise<Record<string, number>> {
  const read = async () => {
    const spend: Record<string, number> = {};
    const time_range = { since: yesterday(), until: yesterday() };
    for (const row of await port.getInsights({ level: 'campaign', time_range })) spend[row.campaign_id] = row.spend;
    for (const row of await port.getInsights({ level: 'ad', time_range })) spend[row.ad_id!] = row.spend;
    return spend;
  };
  const first = await read();
  expect(await read()).toEqual(first);
  return first;
}

/** A pause that took effect at the start of yesterday (the store records when a change happened). */
const pauseFromYesterday = (store: SandboxStore, id: string) =>
  store.update(KIND.campaign, id, { status: 'PAUSED' }, { now: new Date(`${yesterday()}T00:00:00.000Z`) });

describe('socialads campaign days kept in memory', () => {
  it('a read after a write answers the new figures; a copy of the account with the same ids gets its own', async () => {
    const owner = await createTestOwner({ accounts: { socialads: 1 } });
    const account = owner.accounts.socialads![0]!;
    const port = socialads.open(account, operatorCall());
    const store = new SandboxStore('socialads', account.account_id);

    // A second account holding a copy of the first one's entities (same ids, same history).
    const copyId = `${account.account_id}-copy`;
    const copy = new SandboxStore('socialads', copyId);
    for (const kind of Object.values(KIND)) await copy.putMany(kind, await store.list(kind, { withHistory: true }));
    const copyPort = socialads.open({ ...account, account_id: copyId }, operatorCall());

    const before = await spendYesterday(port);
    const campaign = (await port.listCampaigns()).find((c) => c.status === 'ACTIVE' && before[c.id]! > 0)!;
    const itsAds = (await port.listAds()).filter((ad) => ad.campaign_id === campaign.id && before[ad.id]! > 0);
    expect(itsAds.length).toBeGreaterThan(0);
    expect(await spendYesterday(copyPort)).toEqual(before);
    // Insights hold only days with delivery: the paused campaign and its ads have no row.
    const paused = Object.fromEntries(Object.entries(before).filter(([id]) => id !== campaign.id && !itsAds.some((ad) => ad.id === id)));

    // Paused in the copy: the copy answers the new figures, the first account keeps its own.
    await pauseFromYesterday(copy, campaign.id);
    expect(await spendYesterday(copyPort)).toEqual(paused);
    expect(await spendYesterday(port)).toEqual(before);

    // Paused in the first account too: its next read, and the tool's, answer the new figures.
    await pauseFromYesterday(store, campaign.id);
    expect(await spendYesterday(port)).toEqual(paused);
    const listed = await callToolOk(owner.apiKey, 'list_socialads_campaigns', { start_date: yesterday(), end_date: yesterday() });
    const row = (listed.structured!.campaigns as { id: string; metrics: { spend: number } }[]).find((c) => c.id === campaign.id)!;
    expect(row.metrics.spend).toBe(0);
  });
});
