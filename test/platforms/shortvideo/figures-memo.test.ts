/**
 * The shortvideo sandbox keeps each campaign's finished days in a per-process memo (issue 33): the shared
 * check of test/support/figures-memo.ts, then the list tool after the pause; whole reports over finished
 * days are kept too, per account.
 */
import { operatorCall } from '../../../platforms/live/connector';
import { shortvideo } from '../../../platforms/shortvideo/manifest';
import { KIND } from '../../../platforms/shortvideo/sandbox/stored';
import { useMiddayClock } from '../../support/clock';
import { expectDaysKeptPerContent, yesterday } from '../../support/figures-memo';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

describe('shortvideo campaign days kept in memory', () => {
  it('a read after a write answers the new figures; a copy of the account with the same ids gets its own', async () => {
    const { apiKey, campaignId } = await expectDaysKeptPerContent({
      platform: 'shortvideo',
      kinds: Object.values(KIND),
      open: (account) => shortvideo.open(account, operatorCall()),
      spendYesterday: async (port) => {
        const spend: Record<string, number> = {};
        for (const data_level of ['AUCTION_CAMPAIGN', 'AUCTION_AD'] as const)
          for (const row of await port.getReport({ data_level, start_date: yesterday(), end_date: yesterday() })) spend[row.id] = row.spend;
        return spend;
      },
      pick: async (port, before) => {
        const campaign = (await port.listCampaigns()).find((c) => c.status === 'ACTIVE' && before[c.id]! > 0)!;
        const itsAds = (await port.listAds()).filter((ad) => ad.campaign_id === campaign.id && before[ad.id]! > 0);
        // Report rows stay, at 0.
        return { campaignId: campaign.id, paused: { ...before, [campaign.id]: 0, ...Object.fromEntries(itsAds.map((ad) => [ad.id, 0])) } };
      },
      pause: (store, id, at) => store.update(KIND.campaign, id, { status: 'PAUSED' }, { now: at }),
    });
    const listed = await callToolOk(apiKey, 'list_shortvideo_campaigns', { start_date: yesterday(), end_date: yesterday() });
    const row = (listed.structured!.campaigns as { id: string; metrics: { spend: number } }[]).find((c) => c.id === campaignId)!;
    expect(row.metrics.spend).toBe(0);
  });

  it("a kept advertiser report is the account's own: a copy with the same entities gets rows under its own id", async () => {
    const owner = await createTestOwner({ accounts: { shortvideo: 1 } });
    const account = owner.accounts.shortvideo![0]!;
    const copy = { ...account, account_id: `${account.account_id}-copy` };
    const store = new SandboxStore('shortvideo', account.account_id);
    const copyStore = new SandboxStore('shortvideo', copy.account_id);
    for (const kind of Object.values(KIND)) await copyStore.putMany(kind, await store.list(kind, { withHistory: true }));
    const query = { data_level: 'AUCTION_ADVERTISER', start_date: yesterday(), end_date: yesterday() } as const;
    const [own] = await shortvideo.open(account, operatorCall()).getReport(query);
    const [copied] = await shortvideo.open(copy, operatorCall()).getReport(query);
    expect(own!.spend).toBeGreaterThan(0);
    expect(copied).toEqual({ ...own, id: copy.account_id });
  });
});
