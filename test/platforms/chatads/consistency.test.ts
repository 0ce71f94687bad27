/**
 * The chatads sandbox as a practitioner trusts it (issue 13), against DynamoDB Local, through the
 * port and through the tools: levels add up, tools agree, the past never changes, state gates
 * delivery from the moment it changes, no day exceeds its budget, and no day from today on delivers.
 */
import { chatads } from '../../../platforms/chatads/manifest';
import { CONVERSION_FIELDS, DELIVERY_FIELDS, type ChatAdsInsightsRow, type ChatAdsPort } from '../../../platforms/chatads/port';
import { chatAdsSandbox } from '../../../platforms/chatads/sandbox/adapter';
import { addDays, isoDate } from '../../../core/dates';
import { finderCall } from '../../../platforms/opportunities';
import type { ConnectedAccount } from '../../../core/accounts';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const DAY = 86_400;
const FIELDS = [...DELIVERY_FIELDS, ...CONVERSION_FIELDS];
const COUNTS = ['impressions', 'clicks', 'conversions', 'view_through_conversions'] as const;
const today = () => isoDate(new Date());
const unix = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Daily insights of a level over [start, end] (days, inclusive). */
function daily(
  port: ChatAdsPort,
  level: 'campaign' | 'ad_group' | 'ad',
  start: string,
  end: string,
  ids?: string[],
): Promise<ChatAdsInsightsRow[]> {
  return port.getInsights({
    aggregation_level: level,
    ids,
    start: unix(start),
    end: unix(end) + DAY,
    time_granularity: 'daily',
    fields: FIELDS,
  });
}

/** Sums rows per key (entity or date), every field; money kept to the cent. */
function sumBy(rows: readonly ChatAdsInsightsRow[], key: (r: ChatAdsInsightsRow) => string): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const t = out.get(key(r)) ?? Object.fromEntries(FIELDS.map((f) => [f, 0]));
    for (const f of FIELDS) t[f] = Math.round((t[f]! + (r[f] ?? 0)) * 100) / 100;
    out.set(key(r), t);
  }
  return out;
}

describe('chatads sandbox: one delivery model', () => {
  let apiKey: string;
  let account: ConnectedAccount;
  let port: ChatAdsPort;
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { chatads: 1 } });
    apiKey = owner.apiKey;
    account = owner.accounts.chatads![0]!;
    port = chatads.open(account, finderCall(account));
  });

  it.each([
    ['the last 7 days', 7, 1],
    ['the last 30 days', 30, 1],
    ['60 to 20 days ago', 60, 20],
  ])('adds up ads to their ad group and ad groups to their campaign, day by day, over %s', async (_label, from, to) => {
    const [start, end] = [addDays(today(), -from), addDays(today(), -to)];
    const [campaigns, groups, ads] = await Promise.all([
      daily(port, 'campaign', start, end),
      daily(port, 'ad_group', start, end),
      daily(port, 'ad', start, end),
    ]);
    const [groupList, adList] = await Promise.all([port.listAdGroups(), port.listAds()]);
    const campaignOfGroup = new Map(groupList.map((g) => [g.id, g.campaign_id]));
    const groupOfAd = new Map(adList.map((a) => [a.id, a.ad_group_id]));
    const byCampaignDay = sumBy(campaigns, (r) => `${r.entity_id}|${r.date}`);
    const groupsByCampaignDay = sumBy(groups, (r) => `${campaignOfGroup.get(r.entity_id)}|${r.date}`);
    const byGroupDay = sumBy(groups, (r) => `${r.entity_id}|${r.date}`);
    const adsByGroupDay = sumBy(ads, (r) => `${groupOfAd.get(r.entity_id)}|${r.date}`);
    let delivering = 0;
    for (const [key, parent] of byCampaignDay) {
      const children = groupsByCampaignDay.get(key) ?? Object.fromEntries(FIELDS.map((f) => [f, 0]));
      for (const f of COUNTS) expect({ key, f, value: children[f] }).toEqual({ key, f, value: parent[f] });
      expect(children.spend).toBeCloseTo(parent.spend!, 2);
      expect(children.conversion_value).toBeCloseTo(parent.conversion_value!, 2);
      if (parent.spend! > 0) delivering++;
    }
    for (const [key, parent] of byGroupDay) {
      const children = adsByGroupDay.get(key) ?? Object.fromEntries(FIELDS.map((f) => [f, 0]));
      for (const f of COUNTS) expect({ key, f, value: children[f] }).toEqual({ key, f, value: parent[f] });
      expect(children.spend).toBeCloseTo(parent.spend!, 2);
    }
    expect(delivering).toBeGreaterThan(0);
  });

  it("never spends more than a campaign's daily budget on any day", async () => {
    const campaigns = (await port.listCampaigns()).filter((c) => c.daily_budget);
    expect(campaigns.length).toBeGreaterThan(0);
    const rows = await daily(
      port,
      'campaign',
      addDays(today(), -90),
      addDays(today(), -1),
      campaigns.map((c) => c.id),
    );
    for (const r of rows) expect(r.spend!).toBeLessThanOrEqual(campaigns.find((c) => c.id === r.entity_id)!.daily_budget!);
  });

  it('has no delivery from today on', async () => {
    const rows = await port.getInsights({
      aggregation_level: 'campaign',
      start: unix(today()),
      end: unix(addDays(today(), 5)),
      time_granularity: 'daily',
      fields: FIELDS,
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) for (const f of FIELDS) expect(r[f]).toBe(0);
  });

  it('keeps the past when a campaign is paused, archived or given an ad group; the list and the insights tool agree', async () => {
    const window = { start: addDays(today(), -30), end: addDays(today(), -1) };
    const before = await daily(port, 'ad', window.start, window.end);
    const listedBefore = (await callToolOk(apiKey, 'list_chatads_campaigns', {})).structured!.campaigns as {
      id: string;
      status: string;
      bidding_type: string;
      metrics: { spend: number };
    }[];
    const active = listedBefore.filter((c) => c.status === 'active');
    // Act: writes through the tools, as a user makes them.
    await callToolOk(apiKey, 'pause_chatads_campaign', { campaign_id: active[0]!.id });
    await callToolOk(apiKey, 'archive_chatads_campaign', { campaign_id: active[1]!.id });
    await callToolOk(apiKey, 'create_chatads_ad_group', { campaign_id: active[2]!.id, name: 'New conversations', max_bid: 2 });
    // Assess: every past day of every ad is what it was.
    expect(await daily(port, 'ad', window.start, window.end)).toEqual(before);
    const listedAfter = (await callToolOk(apiKey, 'list_chatads_campaigns', {})).structured!.campaigns as typeof listedBefore;
    for (const c of listedBefore) expect(listedAfter.find((x) => x.id === c.id)!.metrics.spend).toBe(c.metrics.spend);
    const insights = (await callToolOk(apiKey, 'get_chatads_conversion_insights', {})).structured!.rows as {
      entity_id: string;
      spend: number;
    }[];
    for (const c of listedAfter) expect(insights.find((r) => r.entity_id === c.id)!.spend).toBeCloseTo(c.metrics.spend, 2);
  });

  it('stops delivery from the moment of a pause: the day of the pause is split, later days are zero, earlier days unchanged', async () => {
    const campaign = (await port.listCampaigns()).find((c) => c.status === 'active' && c.start_date < addDays(today(), -20))!;
    const [start, end] = [addDays(today(), -12), addDays(today(), -1)];
    const pauseDay = addDays(today(), -6);
    const before = await daily(port, 'campaign', start, end, [campaign.id]);
    // A pause recorded at noon six days ago (the sandbox adapter takes the moment of the change).
    await chatAdsSandbox(account).setCampaignStatus(campaign.id, 'paused', 'active', new Date(`${pauseDay}T12:00:00Z`));
    const after = await daily(port, 'campaign', start, end, [campaign.id]);
    for (const [i, day] of after.entries()) {
      const was = before[i]!;
      if (day.date! < pauseDay) expect(day).toEqual(was);
      else if (day.date === pauseDay) {
        expect(was.spend!).toBeGreaterThan(0);
        expect(day.spend!).toBeGreaterThan(0);
        expect(day.spend!).toBeLessThan(was.spend!);
      } else for (const f of FIELDS) expect(day[f]).toBe(0);
    }
  });
});
