/**
 * The proads sandbox keeps each campaign's finished days in a per-process memo (issue 33): the shared
 * check of test/support/figures-memo.ts, then the list tool after the pause; whole analytics over finished
 * days are kept too, and a report of some campaigns or creatives picks its rows from them.
 */
import { operatorCall } from '../../../platforms/live/connector';
import { proads } from '../../../platforms/proads/manifest';
import { KIND } from '../../../platforms/proads/sandbox/stored';
import { useMiddayClock } from '../../support/clock';
import { expectDaysKeptPerContent, yesterday } from '../../support/figures-memo';
import { addDays } from '../../../core/dates';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

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

  it('a report picked from a kept one: the rows of some campaigns or creatives are those of the whole report', async () => {
    const owner = await createTestOwner({ accounts: { proads: 1 } });
    const port = proads.open(owner.accounts.proads![0]!, operatorCall());
    const window = { date_range: { start: addDays(yesterday(), -6), end: yesterday() }, time_granularity: 'DAILY' } as const;
    const all = await port.getAnalytics({ pivot: 'CREATIVE', ...window });
    const creatives = await port.listCreatives();
    const campaignOf = new Map(creatives.map((c) => [c.id, c.campaign_id]));
    const [first, second] = [...new Set(all.map((row) => campaignOf.get(row.pivot_value)!))];
    expect(second).toBeDefined();
    const ofFirst = all.filter((row) => campaignOf.get(row.pivot_value) === first);
    expect(await port.getAnalytics({ pivot: 'CREATIVE', campaigns: [first!], ...window })).toEqual(ofFirst);
    const [one] = ofFirst;
    expect(await port.getAnalytics({ pivot: 'CREATIVE', campaigns: [second!], creatives: [one!.pivot_value], ...window })).toEqual([]);
    // A campaign pivot of one creative adds up that creative alone.
    const byCampaign = await port.getAnalytics({ pivot: 'CAMPAIGN', creatives: [one!.pivot_value], ...window });
    const itsDays = ofFirst.filter((row) => row.pivot_value === one!.pivot_value);
    expect(byCampaign).toEqual(itsDays.map((row) => ({ ...row, pivot_value: first })));
  });
});
