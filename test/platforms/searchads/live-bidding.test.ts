/**
 * Labels, shared budgets, portfolio strategies, ad schedules and bid modifiers on a live account
 * connected to the fake search platform: the writes land on the platform in its wire format and
 * show in the next read; the platform's refusals come back as 400s.
 */
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { campaignsByName } from './helpers';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

type Structured = Record<string, any>;

describe('searchads bidding family on a live account (fake search platform)', () => {
  let live: LiveOwner;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  beforeAll(async () => {
    live = await liveOwner(platform);
    campaigns = await campaignsByName(live.apiKey);
  });
  const onPlatform = () => platform.api.customer(live.account.account_id);

  it('labels: create, apply to a campaign, an ad group, an ad and a keyword, read back, remove', async () => {
    const generic = campaigns['Generic - Hiking Boots']!;
    const label = (await callToolOk(live.apiKey, 'create_label', { name: 'Top Performers', background_color: '#0B8043' })).structured!
      .label as Structured;
    expect(onPlatform().labels.find((l) => l.id === label.id)).toMatchObject({
      name: 'Top Performers',
      textLabel: { backgroundColor: '#0B8043' },
    });
    const structure = await callToolOk(live.apiKey, 'get_campaign_structure', { campaign_id: generic.id });
    const men = (structure.structured!.ad_groups as Structured[]).find((g) => g.name === 'Hiking Boots - Men')!;
    const applied = await callToolOk(live.apiKey, 'apply_labels', {
      label_id: label.id,
      campaign_ids: [generic.id],
      ad_group_ids: [men.id],
      ad_ids: [men.ads[0].id],
      keyword_ids: [men.keywords[0].id],
    });
    expect(applied.structured!.changed).toHaveLength(4);
    expect(onPlatform().adGroupAdLabels).toHaveLength(1);
    expect(onPlatform().adGroupCriterionLabels[0].adGroupCriterion).toContain(`/adGroupCriteria/${men.keywords[0].id}`);
    const labels = await callToolOk(live.apiKey, 'get_campaign_labels', { campaign_id: generic.id });
    expect((labels.structured!.labels as Structured[]).map((l) => l.name).sort()).toEqual(['Needs Review', 'Top Performers']);
    const again = await callToolOk(live.apiKey, 'apply_labels', { label_id: label.id, keyword_ids: [men.keywords[0].id] });
    expect(again.structured!.changed).toEqual([]);
    await callToolOk(live.apiKey, 'remove_labels', { label_id: label.id, campaign_ids: [generic.id], ad_ids: [men.ads[0].id] });
    expect(onPlatform().adGroupAdLabels).toHaveLength(0);
    const after = await callToolOk(live.apiKey, 'get_campaign_labels', { campaign_id: generic.id });
    expect((after.structured!.labels as Structured[]).map((l) => l.name)).toEqual(['Needs Review']);
    const duplicate = await callTool(live.apiKey, 'create_label', { name: 'Brand' });
    expect(duplicate.status).toBe(400);
  });

  it('shared budgets: create, move campaigns, a budget change moves them all; Performance Max refused', async () => {
    const brand = campaigns['Brand - Exact']!;
    const display = campaigns['Display - Remarketing']!;
    const created = await callToolOk(live.apiKey, 'create_shared_budget', {
      name: 'Shared - Core',
      daily_amount: 85.25,
      campaign_ids: [brand.id],
    });
    const budget = created.structured!.budget as Structured;
    expect(onPlatform().budgets.find((b) => b.id === budget.id)).toMatchObject({
      explicitlyShared: true,
      amountMicros: '85250000',
      deliveryMethod: 'STANDARD',
    });
    await callToolOk(live.apiKey, 'assign_shared_budget', { budget_id: budget.id, campaign_ids: [display.id] });
    let listed = await campaignsByName(live.apiKey);
    expect([listed['Brand - Exact']!.budget_amount, listed['Display - Remarketing']!.budget_amount]).toEqual([85.25, 85.25]);
    const list = await callToolOk(live.apiKey, 'list_shared_budgets', {});
    expect((list.structured!.budgets as Structured[]).map((b) => [b.name, b.campaigns.length])).toEqual(
      expect.arrayContaining([
        ['Shared - Core', 2],
        ['Shared - Search Evergreen', 0],
      ]),
    );
    const changed = await callToolOk(live.apiKey, 'update_campaign_budget', { campaign_id: display.id, daily_budget: 99 });
    expect(changed.structured!.shared_budget).toMatchObject({ id: budget.id });
    listed = await campaignsByName(live.apiKey);
    expect([listed['Brand - Exact']!.budget_amount, listed['Display - Remarketing']!.budget_amount]).toEqual([99, 99]);
    const pmax = await callTool(live.apiKey, 'assign_shared_budget', {
      budget_id: budget.id,
      campaign_ids: [campaigns['Performance Max - All Products']!.id],
    });
    expect(pmax.status).toBe(400);
    expect(pmax.body.error).toContain('Performance Max');
  });

  it('portfolio strategies: create, assign, read back; update_bid_strategy takes a campaign out', async () => {
    const generic = campaigns['Generic - Hiking Boots']!;
    const created = await callToolOk(live.apiKey, 'create_bidding_strategy', {
      name: 'Portfolio - tROAS 4',
      type: 'TARGET_ROAS',
      target_roas: 4,
      cpc_bid_ceiling: 3,
      campaign_ids: [generic.id],
    });
    const strategy = created.structured!.strategy as Structured;
    const wire = onPlatform().biddingStrategies.find((s) => s.id === strategy.id)!;
    expect(wire).toMatchObject({ type: 'TARGET_ROAS', targetRoas: { targetRoas: 4, cpcBidCeilingMicros: '3000000' } });
    expect(onPlatform().campaigns.find((c) => c.id === generic.id)).toMatchObject({
      biddingStrategy: wire.resourceName,
      biddingStrategyType: 'TARGET_ROAS',
    });
    const list = await callToolOk(live.apiKey, 'list_bidding_strategies', {});
    expect((list.structured!.strategies as Structured[]).find((s) => s.id === strategy.id)).toMatchObject({
      target_roas: 4,
      cpc_bid_ceiling: 3,
      campaigns: [expect.objectContaining({ id: generic.id })],
    });
    const tis = await callToolOk(live.apiKey, 'create_bidding_strategy', {
      name: 'Portfolio - Top',
      type: 'TARGET_IMPRESSION_SHARE',
      location: 'ABSOLUTE_TOP_OF_PAGE',
      location_fraction: 0.5,
      cpc_bid_ceiling: 2.5,
    });
    expect(onPlatform().biddingStrategies.find((s) => s.id === tis.structured!.strategy.id)!.targetImpressionShare).toEqual({
      location: 'ABSOLUTE_TOP_OF_PAGE',
      locationFractionMicros: '500000',
      cpcBidCeilingMicros: '2500000',
    });
    const own = await callToolOk(live.apiKey, 'update_bid_strategy', { campaign_id: generic.id, strategy: 'MANUAL_CPC' });
    expect(own.text).toContain('leaves the portfolio strategy');
    expect(onPlatform().campaigns.find((c) => c.id === generic.id)!.biddingStrategy).toBeUndefined();
    const display = await callTool(live.apiKey, 'assign_bidding_strategy', {
      strategy_id: tis.structured!.strategy.id,
      campaign_ids: [campaigns['Display - Remarketing']!.id],
    });
    expect(display.status).toBe(400);
    expect(display.body.error).toContain('DISPLAY');
  });

  it('ad schedules and bid modifiers: written as campaign criteria, read back by get_ad_schedule and get_campaign_targeting', async () => {
    const brand = campaigns['Brand - Exact']!;
    await callToolOk(live.apiKey, 'set_ad_schedule', {
      campaign_id: brand.id,
      schedules: [
        { day_of_week: 'MONDAY', start_hour: 8, end_hour: 20 },
        { day_of_week: 'SATURDAY', start_hour: 10, start_minute: 'FIFTEEN', end_hour: 14, bid_modifier: 1.3 },
      ],
    });
    const wire = onPlatform().campaignCriteria.filter((x) => x.type === 'AD_SCHEDULE');
    expect(wire.map((x) => x.adSchedule.dayOfWeek).sort()).toEqual(['MONDAY', 'SATURDAY']);
    const monday = wire.find((x) => x.adSchedule.dayOfWeek === 'MONDAY')!;
    // Re-setting keeps the Monday criterion, re-bids it, and replaces Saturday.
    const set = await callToolOk(live.apiKey, 'set_ad_schedule', {
      campaign_id: brand.id,
      schedules: [
        { day_of_week: 'MONDAY', start_hour: 8, end_hour: 20, bid_modifier: 0.8 },
        { day_of_week: 'SUNDAY', start_hour: 0, end_hour: 24 },
      ],
    });
    expect(set.structured).toMatchObject({ added: 1, removed: 1, rebid: 1 });
    const read = await callToolOk(live.apiKey, 'get_ad_schedule', { campaign_id: brand.id });
    expect((read.structured!.schedules as Structured[]).map((s) => [s.time, s.bid_modifier])).toEqual([
      ['MONDAY 08:00-20:00', 0.8],
      ['SUNDAY 00:00-24:00', undefined],
    ]);
    expect((read.structured!.schedules as Structured[])[0].criterion_id).toBe(monday.criterionId);

    await callToolOk(live.apiKey, 'set_bid_modifiers', {
      campaign_id: brand.id,
      devices: [
        { device: 'MOBILE', bid_modifier: 1.25 },
        { device: 'TABLET', bid_modifier: 0 },
      ],
      locations: [{ location: '2124', bid_modifier: 0.7 }],
    });
    expect(onPlatform().campaignCriteria.find((x) => x.resourceName.endsWith(`/${brand.id}~30001`))).toMatchObject({
      type: 'DEVICE',
      bidModifier: 1.25,
    });
    await callToolOk(live.apiKey, 'set_bid_modifiers', { campaign_id: brand.id, devices: [{ device: 'MOBILE', bid_modifier: 1.5 }] });
    const targeting = await callToolOk(live.apiKey, 'get_campaign_targeting', { campaign_id: brand.id });
    expect(targeting.structured!.device_bid_modifiers).toEqual(
      expect.arrayContaining([
        { device: 'MOBILE', bid_modifier: 1.5 },
        { device: 'TABLET', bid_modifier: 0 },
      ]),
    );
    expect((targeting.structured!.locations as Structured[]).find((l) => l.criterion_id === '2124')).toMatchObject({ bid_modifier: 0.7 });
  });

  it('the fake refuses what the platform refuses: overlapping schedules, every device excluded, a modifier on a removed campaign', async () => {
    const cid = live.account.account_id;
    const generic = campaigns['Generic - Hiking Boots']!;
    const rn = `customers/${cid}/campaigns/${generic.id}`;
    const mutate = (operations: object[]) => platform.api['mutate'](onPlatform(), 'campaignCriteria', { operations }, live.user) as unknown;
    const period = (startHour: number, endHour: number) => ({
      create: { campaign: rn, adSchedule: { dayOfWeek: 'FRIDAY', startHour, startMinute: 'ZERO', endHour, endMinute: 'ZERO' } },
    });
    expect(() => mutate([period(8, 12), period(11, 14)])).toThrow('overlap');
    expect(() => mutate(Array.from({ length: 7 }, (_, i) => period(i * 2, i * 2 + 1)))).toThrow('six');
    expect(() =>
      mutate(['MOBILE', 'DESKTOP', 'TABLET'].map((type) => ({ create: { campaign: rn, device: { type }, bidModifier: 0 } }))),
    ).toThrow('Not every device');
    expect(() => mutate([{ create: { campaign: rn, device: { type: 'MOBILE' }, bidModifier: 11 } }])).toThrow('out of range');
    const holiday = onPlatform().campaigns.find((c) => c.status === 'REMOVED')!;
    expect(() => mutate([{ create: { campaign: holiday.resourceName, device: { type: 'MOBILE' }, bidModifier: 1.2 } }])).toThrow(
      'removed campaign',
    );
    const campaignUpdate = (campaign: Record<string, any>, field: string, value: string) =>
      platform.api['mutate'](
        onPlatform(),
        'campaigns',
        { operations: [{ update: { resourceName: campaign.resourceName, [field]: value }, updateMask: field }] },
        live.user,
      ) as unknown;
    const shared = onPlatform().budgets.find((b) => b.explicitlyShared)!;
    const pmax = onPlatform().campaigns.find((c) => c.advertisingChannelType === 'PERFORMANCE_MAX')!;
    expect(() => campaignUpdate(pmax, 'campaignBudget', shared.resourceName)).toThrow('cannot use a shared budget');
    const ownBudget = onPlatform().campaigns.find((c) => c.id === campaigns['Generic - Hiking Boots']!.id)!.campaignBudget;
    expect(() =>
      campaignUpdate(
        onPlatform().campaigns.find((c) => c.id === campaigns['Brand - Exact']!.id)!,
        'campaignBudget',
        ownBudget,
      ),
    ).toThrow('Only explicitly shared');
    const portfolio = onPlatform().biddingStrategies.find((x) => x.type === 'TARGET_CPA')!;
    expect(() => campaignUpdate(pmax, 'biddingStrategy', portfolio.resourceName)).toThrow('not supported for PERFORMANCE_MAX');
  });
});
