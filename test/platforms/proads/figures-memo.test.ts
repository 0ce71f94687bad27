/**
 * The proads sandbox keeps each campaign's finished days in a per-process memo (issue 33): the shared
 * check of test/support/figures-memo.ts, then the list tool after the pause.
 */
import { operatorCall } from '../../../platforms/live/connector';
import { proads } from '../../../platforms/proads/manifest';
import { KIND } from '../../../platforms/proads/sandbox/stored';
import { useMiddayClock } from '../../support/clock';
import { expectDaysKeptPerContent, yesterday } from '../../support/figures-memo';
import { callToolOk, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

describe('proads campaign days kept in memory', () => {
  it('a read after a write answers the new figures; a copy of the account with the same ids gets its own', async () => {
    const { apiKey, campaignId } = await expectDaysKeptPerContent({
      platform: 'proads',
      kinds: Object.values(KIND),
      open: (account) => proads.open(account, operatorCall()),
      // Ids that spent yesterday, with their spend (a row without spend is left out).
      spendYesterday: async (port) => {
        const spend: Record<string, number> = {};
        const window = { date_range: { start: yesterday(), end: yesterday() }, time_granularity: 'ALL' } as const;
        for (const pivot of ['CAMPAIGN', 'CREATIVE'] as const)
          for (const row of await port.getAnalytics({ pivot, ...window })) if (row.spend > 0) spend[row.pivot_value] = row.spend;
        return spend;
      },
      pick: async (port, before) => {
        const campaign = (await port.listCampaigns()).find((c) => c.status === 'ACTIVE' && before[c.id]! > 0)!;
        const itsCreatives = new Set((await port.listCreatives()).filter((cr) => cr.campaign_id === campaign.id).map((cr) => cr.id));
        const paused = Object.fromEntries(Object.entries(before).filter(([id]) => id !== campaign.id && !itsCreatives.has(id)));
        return { campaignId: campaign.id, paused };
      },
      pause: (store, id, at) => store.update(KIND.campaign, id, { status: 'PAUSED' }, { now: at }),
    });
    const listed = await callToolOk(apiKey, 'list_proads_campaigns', { start_date: yesterday(), end_date: yesterday() });
    const row = (listed.structured!.campaigns as { id: string; metrics: { spend: number } }[]).find((c) => c.id === campaignId)!;
    expect(row.metrics.spend).toBe(0);
  });
});
