/**
 * The deskads sandbox keeps each account day of its delivery model in a per-process memo (issue 33): the
 * shared check of test/support/figures-memo.ts, then the list tool after the pause.
 */
import { operatorCall } from '../../../platforms/live/connector';
import { deskads } from '../../../platforms/deskads/manifest';
import { KIND } from '../../../platforms/deskads/sandbox/stored';
import { useMiddayClock } from '../../support/clock';
import { expectDaysKeptPerContent, yesterday } from '../../support/figures-memo';
import { callToolOk, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

describe('deskads account days kept in memory', () => {
  it('a read after a write answers the new figures; a copy of the account with the same ids gets its own', async () => {
    const { apiKey, campaignId } = await expectDaysKeptPerContent({
      platform: 'deskads',
      kinds: Object.values(KIND),
      open: (account) => deskads.open(account, operatorCall()),
      spendYesterday: async (port) => {
        const spend: Record<string, number> = {};
        const range = { aggregation: 'Summary', start_date: yesterday(), end_date: yesterday() } as const;
        for (const row of await port.getReport({ report_type: 'CampaignPerformance', ...range })) spend[row.campaign_id] = row.spend;
        for (const row of await port.getReport({ report_type: 'AdPerformance', ...range })) spend[row.ad_id!] = row.spend;
        return spend;
      },
      pick: async (port, before) => {
        // A campaign on its own budget: pausing one on a shared budget would leave its amount to the others.
        const shared = new Set((await port.listBudgets()).flatMap((b) => b.campaign_ids));
        const campaign = (await port.listCampaigns()).find((c) => c.status === 'Active' && !shared.has(c.id) && before[c.id]! > 0)!;
        const itsAds = new Set((await port.listAds({ campaignId: campaign.id })).map((ad) => ad.id));
        expect(itsAds.size).toBeGreaterThan(0);
        // The reporting service answers rows with activity only.
        const paused = Object.fromEntries(Object.entries(before).filter(([id]) => id !== campaign.id && !itsAds.has(id)));
        return { campaignId: campaign.id, paused };
      },
      pause: (store, id, at) => store.update(KIND.campaign, id, { status: 'Paused' }, { now: at }),
    });
    const listed = await callToolOk(apiKey, 'list_deskads_campaigns', { start_date: yesterday(), end_date: yesterday() });
    const row = (listed.structured!.campaigns as { id: string; metrics: { spend: number } }[]).find((c) => c.id === campaignId)!;
    expect(row.metrics.spend).toBe(0);
  });
});
