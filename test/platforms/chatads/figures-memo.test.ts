/**
 * The chatads sandbox keeps each campaign's finished days in a per-process memo (issue 33): the shared
 * check of test/support/figures-memo.ts, then the insights tool after the pause; whole insights over finished
 * days are kept too, and a report of some ids picks its rows from them.
 */
import { operatorCall } from '../../../platforms/live/connector';
import { chatads } from '../../../platforms/chatads/manifest';
import { KIND } from '../../../platforms/chatads/sandbox/stored';
import { useMiddayClock } from '../../support/clock';
import { expectDaysKeptPerContent, yesterday } from '../../support/figures-memo';
import { addDays } from '../../../core/dates';
import type { ChatAdsInsightsField } from '../../../platforms/chatads/port';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

describe('chatads campaign days kept in memory', () => {
  it('a read after a write answers the new figures; a copy of the account with the same ids gets its own', async () => {
    const { apiKey, campaignId } = await expectDaysKeptPerContent({
      platform: 'chatads',
      kinds: Object.values(KIND),
      open: (account) => chatads.open(account, operatorCall()),
      spendYesterday: async (port) => {
        const spend: Record<string, number> = {};
        const start = Date.parse(`${yesterday()}T00:00:00Z`) / 1000;
        const window = { start, end: start + 86_400, time_granularity: 'none', fields: ['spend'] } as const;
        for (const level of ['campaign', 'ad'] as const)
          for (const row of await port.getInsights({ aggregation_level: level, ...window, fields: [...window.fields] }))
            spend[row.entity_id] = row.spend!;
        return spend;
      },
      pick: async (port, before) => {
        const campaign = (await port.listCampaigns()).find((c) => c.status === 'active' && before[c.id]! > 0)!;
        const itsAds = (await port.listAds()).filter((ad) => ad.campaign_id === campaign.id);
        // Rows stay, at 0.
        return { campaignId: campaign.id, paused: { ...before, [campaign.id]: 0, ...Object.fromEntries(itsAds.map((ad) => [ad.id, 0])) } };
      },
      pause: (store, id, at) => store.update(KIND.campaign, id, { status: 'paused' }, { now: at }),
    });
    const insights = await callToolOk(apiKey, 'get_chatads_insights', {
      scope: 'campaign',
      scope_id: campaignId,
      start_date: yesterday(),
      end_date: yesterday(),
    });
    expect((insights.structured!.totals as { spend: number }).spend).toBe(0);
  });

  it('insights of some ids are picked from the kept report of every entity, in the order the ids were asked', async () => {
    const owner = await createTestOwner({ accounts: { chatads: 1 } });
    const port = chatads.open(owner.accounts.chatads![0]!, operatorCall());
    const start = Date.parse(`${addDays(yesterday(), -6)}T00:00:00Z`) / 1000;
    const query = { aggregation_level: 'ad', start, end: start + 7 * 86_400, time_granularity: 'daily', segment: 'device' } as const;
    const fields: ChatAdsInsightsField[] = ['impressions', 'clicks', 'spend'];
    const all = await port.getInsights({ ...query, fields });
    const [first, second] = [...new Set(all.map((row) => row.entity_id))];
    expect(second).toBeDefined();
    const of = (id: string) => all.filter((row) => row.entity_id === id);
    expect(await port.getInsights({ ...query, fields, ids: [second!, first!] })).toEqual([...of(second!), ...of(first!)]);
    // Other fields are another report.
    const spendOnly = await port.getInsights({ ...query, fields: ['spend'], ids: [first!] });
    expect(spendOnly).toEqual(of(first!).map(({ impressions: _i, clicks: _c, ...row }) => row));
  });
});
