/**
 * The socialads sandbox keeps each budget holder's finished days in a per-process memo (issue 33): the shared
 * check of test/support/figures-memo.ts, then the list tool after the pause; whole insights over finished
 * days are kept too, with the catalog a product breakdown reads.
 */
import { operatorCall } from '../../../platforms/live/connector';
import { socialads } from '../../../platforms/socialads/manifest';
import { KIND } from '../../../platforms/socialads/sandbox/stored';
import { useMiddayClock } from '../../support/clock';
import { expectDaysKeptPerContent, yesterday } from '../../support/figures-memo';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

describe('socialads campaign days kept in memory', () => {
  it('a read after a write answers the new figures; a copy of the account with the same ids gets its own', async () => {
    const { apiKey, campaignId } = await expectDaysKeptPerContent({
      platform: 'socialads',
      kinds: Object.values(KIND),
      open: (account) => socialads.open(account, operatorCall()),
      spendYesterday: async (port) => {
        const spend: Record<string, number> = {};
        const time_range = { since: yesterday(), until: yesterday() };
        for (const row of await port.getInsights({ level: 'campaign', time_range })) spend[row.campaign_id] = row.spend;
        for (const row of await port.getInsights({ level: 'ad', time_range })) spend[row.ad_id!] = row.spend;
        return spend;
      },
      pick: async (port, before) => {
        const campaign = (await port.listCampaigns()).find((c) => c.status === 'ACTIVE' && before[c.id]! > 0)!;
        const itsAds = new Set((await port.listAds()).filter((ad) => ad.campaign_id === campaign.id).map((ad) => ad.id));
        // Insights hold only days with delivery: the paused campaign and its ads have no row.
        return {
          campaignId: campaign.id,
          paused: Object.fromEntries(Object.entries(before).filter(([id]) => id !== campaign.id && !itsAds.has(id))),
        };
      },
      pause: (store, id, at) => store.update(KIND.campaign, id, { status: 'PAUSED' }, { now: at }),
    });
    const listed = await callToolOk(apiKey, 'list_socialads_campaigns', { start_date: yesterday(), end_date: yesterday() });
    const row = (listed.structured!.campaigns as { id: string; metrics: { spend: number } }[]).find((c) => c.id === campaignId)!;
    expect(row.metrics.spend).toBe(0);
  });

  it("a kept product breakdown follows the catalog: a product taken out of the catalog leaves the next report's rows", async () => {
    const owner = await createTestOwner({ accounts: { socialads: 1 } });
    const account = owner.accounts.socialads![0]!;
    const port = socialads.open(account, operatorCall());
    const query = { level: 'ad', time_range: { since: yesterday(), until: yesterday() }, breakdown: 'product_id' } as const;
    const products = async () => new Set((await port.getInsights(query)).map((row) => row.breakdown_value));
    const before = await products();
    const [shown] = [...before];
    expect(shown).toBeDefined();
    await new SandboxStore('socialads', account.account_id).remove(KIND.product, shown!);
    const after = await products();
    expect(after.has(shown)).toBe(false);
    expect(after.size).toBeGreaterThan(0);
  });
});
