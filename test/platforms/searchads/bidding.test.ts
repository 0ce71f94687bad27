/**
 * Labels, shared budgets, portfolio bidding strategies, ad schedules and bid modifiers on a seeded
 * sandbox account: each write shows in the next read, and each rule refuses with a clear 400.
 */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { campaignsByName } from './helpers';

useTestTables();

type Structured = Record<string, any>;

describe('searchads labels, shared budgets, portfolios, schedules and bid modifiers', () => {
  let apiKey: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    campaigns = await campaignsByName(apiKey);
  });

  const refused = async (tool: string, args: Record<string, unknown>, ...texts: string[]) => {
    const result = await callTool(apiKey, tool, args);
    expect(result.status).toBe(400);
    for (const text of texts) expect(result.body.error).toContain(text);
    return result;
  };

  describe('labels', () => {
    it('creates a label, applies it to a campaign, an ad group, an ad and a keyword, and takes it off again', async () => {
      const created = await callToolOk(apiKey, 'create_label', {
        name: 'Top Performers',
        description: 'Best ROAS',
        background_color: '#0b8043',
      });
      const label = created.structured!.label as Structured;
      expect(label).toMatchObject({
        name: 'Top Performers',
        background_color: '#0B8043',
        description: 'Best ROAS',
        resource_name: expect.stringMatching(/\/labels\/\d+$/),
      });
      const generic = campaigns['Generic - Hiking Boots']!;
      const structure = await callToolOk(apiKey, 'get_campaign_structure', { campaign_id: generic.id });
      const men = (structure.structured!.ad_groups as Structured[]).find((g) => g.name === 'Hiking Boots - Men')!;
      const applied = await callToolOk(apiKey, 'apply_labels', {
        label_id: label.id,
        campaign_ids: [generic.id],
        ad_group_ids: [men.id],
        ad_ids: [men.ads[0].id],
        keyword_ids: [men.keywords[0].id],
      });
      expect((applied.structured!.changed as Structured[]).map((c) => c.entity_type)).toEqual(['campaign', 'ad_group', 'ad', 'keyword']);
      const labels = await callToolOk(apiKey, 'get_campaign_labels', { campaign_id: generic.id });
      expect((labels.structured!.labels as Structured[]).map((l) => l.name).sort()).toEqual(['Q4 Push', 'Top Performers']);
      // Applying again changes nothing and says so.
      const again = await callToolOk(apiKey, 'apply_labels', { label_name: 'top performers', campaign_ids: [generic.id] });
      expect(again.structured!.changed).toEqual([]);
      expect(again.text).toContain('Already labelled');
      const removed = await callToolOk(apiKey, 'remove_labels', {
        label_id: label.id,
        campaign_ids: [generic.id],
        keyword_ids: [men.keywords[0].id],
      });
      expect(removed.structured!.changed).toHaveLength(2);
      const after = await callToolOk(apiKey, 'get_campaign_labels', { campaign_id: generic.id });
      expect((after.structured!.labels as Structured[]).map((l) => l.name)).toEqual(['Q4 Push']);
    });

    it('refuses a duplicate name, a bad color, an unknown label, no entity, and labelling a removed entity', async () => {
      await refused('create_label', { name: 'brand' }, 'A label named "Brand" already exists');
      await refused('create_label', { name: 'Colorful', background_color: 'green' }, '`background_color` must be a hex color');
      await refused(
        'apply_labels',
        { label_name: 'No Such Label', campaign_ids: [campaigns['Brand - Exact']!.id] },
        'No label named "No Such Label"',
      );
      await refused('apply_labels', { label_name: 'Brand' }, 'give at least one of `campaign_ids`');
      await refused(
        'apply_labels',
        { label_name: 'Brand', label_id: '123', campaign_ids: [campaigns['Brand - Exact']!.id] },
        'give exactly one of `label_id` and `label_name`',
      );
      await refused(
        'apply_labels',
        { label_name: 'Brand', campaign_ids: [campaigns['Holiday 2025 - Search']!.id] },
        'Cannot label removed entities',
      );
    });
  });

  describe('shared budgets', () => {
    it('creates a shared budget, moves campaigns onto it, and a budget change then changes them all', async () => {
      const brand = campaigns['Brand - Exact']!;
      const competitor = campaigns['Competitor Terms']!;
      const created = await callToolOk(apiKey, 'create_shared_budget', {
        name: 'Shared - Search Core',
        daily_amount: 95.5,
        campaign_ids: [brand.id],
      });
      const budget = created.structured!.budget as Structured;
      expect(budget).toMatchObject({
        name: 'Shared - Search Core',
        daily_amount: 95.5,
        delivery_method: 'STANDARD',
        campaigns: [expect.objectContaining({ id: brand.id })],
      });
      const assigned = await callToolOk(apiKey, 'assign_shared_budget', { budget_id: budget.id, campaign_ids: [competitor.id, brand.id] });
      expect(assigned.structured).toMatchObject({ moved: [competitor.id], unchanged: [brand.id] });
      let listed = await campaignsByName(apiKey);
      expect(listed['Brand - Exact']!.budget_amount).toBe(95.5);
      expect(listed['Competitor Terms']!.budget_amount).toBe(95.5);
      const list = await callToolOk(apiKey, 'list_shared_budgets', {});
      expect(
        (list.structured!.budgets as Structured[])
          .find((b) => b.id === budget.id)!
          .campaigns.map((c: Structured) => c.name)
          .sort(),
      ).toEqual(['Brand - Exact', 'Competitor Terms']);

      const preview = await callToolOk(apiKey, 'update_campaign_budget', { campaign_id: competitor.id, daily_budget: 110, dry_run: true });
      expect(JSON.stringify(preview.structured)).toContain('changes the daily budget of all 2 campaign(s)');
      const viaUpdate = await callToolOk(apiKey, 'update_campaign', { campaign_id: brand.id, budget_amount: 120, dry_run: true });
      expect(JSON.stringify(viaUpdate.structured)).toContain('uses the shared budget \\"Shared - Search Core\\"');
      const changed = await callToolOk(apiKey, 'update_campaign_budget', { campaign_id: competitor.id, daily_budget: 110 });
      expect(changed.structured!.shared_budget).toMatchObject({ id: budget.id });
      listed = await campaignsByName(apiKey);
      expect(listed['Brand - Exact']!.budget_amount).toBe(110);
      expect(listed['Competitor Terms']!.budget_amount).toBe(110);
      const again = await callToolOk(apiKey, 'list_shared_budgets', {});
      expect((again.structured!.budgets as Structured[]).find((b) => b.id === budget.id)!.daily_amount).toBe(110);
    });

    it('refuses Performance Max campaigns, a duplicate name, part cents, an unknown budget and removed campaigns', async () => {
      const budget = ((await callToolOk(apiKey, 'list_shared_budgets', {})).structured!.budgets as Structured[]).find(
        (b) => b.name === 'Shared - Search Evergreen',
      )!;
      await refused(
        'assign_shared_budget',
        { budget_id: budget.id, campaign_ids: [campaigns['Performance Max - All Products']!.id] },
        'does not let Performance Max campaigns use a shared budget',
      );
      await refused('create_shared_budget', { name: 'shared - search evergreen', daily_amount: 10 }, 'already exists');
      await refused('create_shared_budget', { name: 'Cents', daily_amount: 10.005 }, 'whole cents');
      await refused(
        'assign_shared_budget',
        { budget_id: '999', campaign_ids: [campaigns['Brand - Exact']!.id] },
        'No shared budget with id "999"',
      );
      await refused('assign_shared_budget', { budget_id: budget.id, campaign_ids: [campaigns['Holiday 2025 - Search']!.id] }, 'REMOVED');
    });
  });

  describe('portfolio bidding strategies', () => {
    it('creates a portfolio, assigns campaigns, and update_bid_strategy takes one out again', async () => {
      const launch = campaigns['Search - Summer Sandals Launch']!;
      const created = await callToolOk(apiKey, 'create_bidding_strategy', {
        name: 'Portfolio - Top of page',
        type: 'TARGET_IMPRESSION_SHARE',
        location: 'TOP_OF_PAGE',
        location_fraction: 0.65,
        cpc_bid_ceiling: 3.5,
        campaign_ids: [launch.id],
      });
      const strategy = created.structured!.strategy as Structured;
      expect(strategy).toMatchObject({
        type: 'TARGET_IMPRESSION_SHARE',
        location: 'TOP_OF_PAGE',
        location_fraction: 0.65,
        cpc_bid_ceiling: 3.5,
        campaigns: [expect.objectContaining({ id: launch.id })],
      });
      const shopping = campaigns['Shopping - Footwear']!;
      const roas = await callToolOk(apiKey, 'create_bidding_strategy', {
        name: 'Portfolio - ROAS 5',
        type: 'TARGET_ROAS',
        target_roas: 5,
        cpc_bid_floor: 0.2,
        cpc_bid_ceiling: 2,
      });
      const assigned = await callToolOk(apiKey, 'assign_bidding_strategy', {
        strategy_id: roas.structured!.strategy.id,
        campaign_ids: [shopping.id],
      });
      expect(assigned.structured!.assigned).toEqual([shopping.id]);
      const listed = await campaignsByName(apiKey);
      expect(listed['Shopping - Footwear']).toMatchObject({ bidding_strategy: 'TARGET_ROAS' });
      const list = await callToolOk(apiKey, 'list_bidding_strategies', {});
      expect((list.structured!.strategies as Structured[]).map((s) => [s.name, s.campaigns.map((c: Structured) => c.name)])).toEqual(
        expect.arrayContaining([
          ['Portfolio - Top of page', ['Search - Summer Sandals Launch']],
          ['Portfolio - ROAS 5', ['Shopping - Footwear']],
        ]),
      );
      const own = await callToolOk(apiKey, 'update_bid_strategy', { campaign_id: launch.id, strategy: 'MAXIMIZE_CLICKS' });
      expect(own.text).toContain('leaves the portfolio strategy "Portfolio - Top of page"');
      const after = await callToolOk(apiKey, 'list_bidding_strategies', {});
      expect((after.structured!.strategies as Structured[]).find((s) => s.id === strategy.id)!.campaigns).toEqual([]);
    });

    it('refuses missing targets, targets of another type, unsupported campaign types and a duplicate name', async () => {
      await refused('create_bidding_strategy', { name: 'X', type: 'TARGET_CPA' }, 'TARGET_CPA needs `target_cpa`');
      await refused(
        'create_bidding_strategy',
        { name: 'X', type: 'TARGET_IMPRESSION_SHARE', location: 'TOP_OF_PAGE' },
        'needs `location`, `location_fraction` and `cpc_bid_ceiling`',
      );
      await refused(
        'create_bidding_strategy',
        { name: 'X', type: 'TARGET_SPEND', target_roas: 3 },
        '`target_roas` goes with TARGET_ROAS or MAXIMIZE_CONVERSION_VALUE',
      );
      await refused(
        'create_bidding_strategy',
        { name: 'X', type: 'TARGET_CPA', target_cpa: 20, cpc_bid_floor: 3, cpc_bid_ceiling: 2 },
        '`cpc_bid_floor` must not be above `cpc_bid_ceiling`',
      );
      await refused(
        'create_bidding_strategy',
        { name: 'X', type: 'TARGET_IMPRESSION_SHARE', location: 'TOP_OF_PAGE', location_fraction: 1.5, cpc_bid_ceiling: 2 },
        '`location_fraction` must be at most 1',
      );
      await refused('create_bidding_strategy', { name: 'portfolio - search tcpa 25', type: 'TARGET_SPEND' }, 'already exists');
      const tcpa = ((await callToolOk(apiKey, 'list_bidding_strategies', {})).structured!.strategies as Structured[]).find(
        (s) => s.name === 'Portfolio - Search tCPA 25',
      )!;
      await refused(
        'assign_bidding_strategy',
        { strategy_id: tcpa.id, campaign_ids: [campaigns['Performance Max - All Products']!.id] },
        'PERFORMANCE_MAX: no portfolio strategies',
      );
      await refused(
        'assign_bidding_strategy',
        { strategy_id: tcpa.id, campaign_ids: [campaigns['Shopping - Footwear']!.id] },
        'portfolios of type TARGET_ROAS, TARGET_SPEND',
      );
      await refused(
        'assign_bidding_strategy',
        { strategy_id: '999', campaign_ids: [campaigns['Brand - Exact']!.id] },
        'No portfolio bidding strategy with id "999"',
      );
    });
  });

  describe('ad schedules', () => {
    it('reads the seeded schedule, replaces it keeping the periods that stay, and removes it', async () => {
      const brand = campaigns['Brand - Exact']!;
      const seeded = await callToolOk(apiKey, 'get_ad_schedule', { campaign_id: brand.id });
      expect(seeded.structured!.schedules).toHaveLength(5);
      expect(seeded.structured!.always_on).toBe(false);
      const monday = (seeded.structured!.schedules as Structured[]).find((s) => s.day_of_week === 'MONDAY')!;
      const set = await callToolOk(apiKey, 'set_ad_schedule', {
        campaign_id: brand.id,
        schedules: [
          { day_of_week: 'MONDAY', start_hour: 6, end_hour: 22, bid_modifier: 1.25 },
          { day_of_week: 'SATURDAY', start_hour: 9, start_minute: 'THIRTY', end_hour: 12, end_minute: 'FORTY_FIVE' },
          { day_of_week: 'SATURDAY', start_hour: 18, end_hour: 24 },
        ],
      });
      expect(set.structured).toMatchObject({ added: 2, removed: 4, rebid: 1 });
      const read = await callToolOk(apiKey, 'get_ad_schedule', { campaign_id: brand.id });
      const schedules = read.structured!.schedules as Structured[];
      expect(schedules.map((s) => s.time)).toEqual(['MONDAY 06:00-22:00', 'SATURDAY 09:30-12:45', 'SATURDAY 18:00-24:00']);
      expect(schedules[0]).toMatchObject({ criterion_id: monday.criterion_id, bid_modifier: 1.25 });
      await callToolOk(apiKey, 'set_ad_schedule', { campaign_id: brand.id, schedules: [] });
      expect((await callToolOk(apiKey, 'get_ad_schedule', { campaign_id: brand.id })).structured!.always_on).toBe(true);
    });

    it('refuses overlaps, more than 6 periods a day, an end before the start, 24:15 and bad modifiers', async () => {
      const id = campaigns['Generic - Hiking Boots']!.id;
      await refused(
        'set_ad_schedule',
        {
          campaign_id: id,
          schedules: [
            { day_of_week: 'MONDAY', start_hour: 8, end_hour: 12 },
            { day_of_week: 'MONDAY', start_hour: 11, end_hour: 14 },
          ],
        },
        'overlap on MONDAY',
      );
      const seven = Array.from({ length: 7 }, (_, i) => ({ day_of_week: 'TUESDAY', start_hour: i * 2, end_hour: i * 2 + 1 }));
      await refused('set_ad_schedule', { campaign_id: id, schedules: seven }, 'TUESDAY has 7 periods; the platform allows at most 6 a day');
      await refused(
        'set_ad_schedule',
        { campaign_id: id, schedules: [{ day_of_week: 'FRIDAY', start_hour: 14, end_hour: 9 }] },
        'must end after it starts',
      );
      await refused(
        'set_ad_schedule',
        { campaign_id: id, schedules: [{ day_of_week: 'FRIDAY', start_hour: 14, end_hour: 24, end_minute: 'FIFTEEN' }] },
        '24 goes only with end_minute ZERO',
      );
      await refused(
        'set_ad_schedule',
        { campaign_id: id, schedules: [{ day_of_week: 'FRIDAY', start_hour: 14, end_hour: 20, bid_modifier: 12 }] },
        'must be at most 10',
      );
      await refused(
        'set_ad_schedule',
        { campaign_id: id, schedules: [{ day_of_week: 'FRIDAY', start_hour: 14, start_minute: 'TEN', end_hour: 20 }] },
        'start_minute',
      );
      await refused('set_ad_schedule', { campaign_id: campaigns['Holiday 2025 - Search']!.id, schedules: [] }, 'REMOVED');
    });
  });

  describe('bid modifiers', () => {
    it('sets device and location modifiers that get_campaign_targeting shows', async () => {
      const brand = campaigns['Brand - Exact']!;
      const data = await callToolOk(apiKey, 'set_bid_modifiers', {
        campaign_id: brand.id,
        devices: [
          { device: 'TABLET', bid_modifier: 0 },
          { device: 'MOBILE', bid_modifier: 1.3 },
        ],
        locations: [{ location: 'geoTargetConstants/2124', bid_modifier: 0.8 }],
      });
      expect(data.structured!.devices).toEqual([
        { device: 'TABLET', bid_modifier: 0 },
        { device: 'MOBILE', bid_modifier: 1.3 },
      ]);
      expect(data.text).toContain('-100 % (excluded)');
      const targeting = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: brand.id });
      expect(targeting.structured!.device_bid_modifiers).toEqual(
        expect.arrayContaining([
          { device: 'TABLET', bid_modifier: 0 },
          { device: 'MOBILE', bid_modifier: 1.3 },
        ]),
      );
      expect((targeting.structured!.locations as Structured[]).find((l) => l.criterion_id === '2124')).toMatchObject({ bid_modifier: 0.8 });
      expect(targeting.text).toContain('+30 %');
      // Taking a modifier back to 1 removes it.
      await callToolOk(apiKey, 'set_bid_modifiers', { campaign_id: brand.id, locations: [{ location: '2124', bid_modifier: 1 }] });
      const again = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: brand.id });
      expect((again.structured!.locations as Structured[]).find((l) => l.criterion_id === '2124')!.bid_modifier).toBeUndefined();
    });

    it('refuses excluding every device, untargeted locations, out-of-range values and Performance Max', async () => {
      const brand = campaigns['Brand - Exact']!;
      await refused(
        'set_bid_modifiers',
        {
          campaign_id: brand.id,
          devices: [
            { device: 'MOBILE', bid_modifier: 0 },
            { device: 'DESKTOP', bid_modifier: 0 },
            { device: 'TABLET', bid_modifier: 0 },
          ],
        },
        'not every device can be excluded',
      );
      // With TABLET at 0 already (previous test), two more zeros exclude every device too.
      await refused(
        'set_bid_modifiers',
        {
          campaign_id: brand.id,
          devices: [
            { device: 'MOBILE', bid_modifier: 0 },
            { device: 'DESKTOP', bid_modifier: 0 },
          ],
        },
        'exclude every device',
      );
      await refused(
        'set_bid_modifiers',
        { campaign_id: brand.id, devices: [{ device: 'MOBILE', bid_modifier: 0.05 }] },
        'must be 0 (exclude) or 0.1-10',
      );
      await refused(
        'set_bid_modifiers',
        { campaign_id: brand.id, locations: [{ location: '21137', bid_modifier: 1.2 }] },
        'is not a location "Brand - Exact" targets',
      );
      await refused(
        'set_bid_modifiers',
        { campaign_id: brand.id, locations: [{ location: '2840', bid_modifier: 0 }] },
        'must be at least 0.1',
      );
      await refused('set_bid_modifiers', { campaign_id: brand.id }, 'give `devices`, `locations` or both');
      await refused(
        'set_bid_modifiers',
        { campaign_id: campaigns['Performance Max - All Products']!.id, devices: [{ device: 'MOBILE', bid_modifier: 1.2 }] },
        'Performance Max',
      );
    });
  });
});
