import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupNamed, getAdGroup } from './helpers';

useTestTables();

const HALF_HOURS = '0'.repeat(14) + '1'.repeat(34);
const DAYPARTING = HALF_HOURS.repeat(7);

let apiKey: string;
let traffic: string; // TRAFFIC, enabled
let conversions: string; // WEB_CONVERSIONS
let app: string; // APP_PROMOTION
let reachNoCap: string; // REACH without a frequency cap yet
let shopping: string; // PRODUCT_SALES with campaign budget optimization
let deleted: string;

beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } }));
  traffic = (await adGroupNamed(apiKey, 'US 18-34 - Outdoor Interests')).id;
  conversions = (await adGroupNamed(apiKey, 'Purchase - Broad')).id;
  app = (await adGroupNamed(apiKey, 'Android Installs - US')).id;
  reachNoCap = (await adGroupNamed(apiKey, 'Reach - Creator Lookalikes')).id;
  shopping = (await adGroupNamed(apiKey, 'Catalog - All Products')).id;
  deleted = (await adGroupNamed(apiKey, 'Old Test Ad Group')).id;
});

async function expect400(args: Record<string, unknown>, ...fragments: string[]): Promise<string> {
  const result = await callTool(apiKey, 'update_shortvideo_ad_group', args);
  expect(result.status).toBe(400);
  for (const fragment of fragments) expect(result.body.error).toContain(fragment);
  return result.body.error!;
}

describe('Tool: update_shortvideo_ad_group', () => {
  it('updates core, bidding, targeting and placement fields; a later read shows them', async () => {
    const data = await callToolOk(apiKey, 'update_shortvideo_ad_group', {
      adgroup_id: traffic,
      name: 'US 18-44 - Outdoor + Fitness',
      budget: 95,
      schedule_start_time: '2026-03-01 00:00:00',
      schedule_end_time: '2031-12-31 23:59:59',
      dayparting: DAYPARTING,
      pacing: 'PACING_MODE_FAST',
      bid_type: 'BID_TYPE_CUSTOM',
      bid_price: 0.75,
      billing_event: 'CPC',
      location_ids: ['6252001', 5332921],
      age_groups: ['AGE_18_24', 'AGE_25_34', 'AGE_35_44'],
      gender: 'GENDER_FEMALE',
      languages: ['EN', 'es'],
      operating_systems: ['IOS'],
      device_price_ranges: [4, 3],
      network_types: ['WIFI', '5G'],
      spending_power: 'HIGH',
      household_income: ['TOP_10_PERCENT'],
      interest_keyword_ids: ['270550'],
      included_custom_actions: [{ action_categories: ['VIDEO_WATCHED_TO_END'], days: 15 }],
      targeting_expansion: { expand_age: true, expand_gender: false, expansion_type_ids: ['INTEREST_AND_BEHAVIOR'] },
      placements: ['PLACEMENT_SHORTVIDEO'],
      brand_safety_type: 'THIRD_PARTY',
      brand_safety_partner: 'IAS',
      comment_disabled: true,
      is_hfss: false,
    });
    expect(data.structured!.changed_fields).toEqual(
      expect.arrayContaining(['adgroup_name', 'budget', 'schedule_type', 'dayparting', 'bid_type', 'bid_price', 'brand_safety_type']),
    );
    const group = await getAdGroup(apiKey, traffic);
    expect(group).toMatchObject({
      adgroup_name: 'US 18-44 - Outdoor + Fitness',
      budget: 95,
      schedule_type: 'SCHEDULE_START_END',
      schedule_end_time: '2031-12-31 23:59:59',
      dayparting: DAYPARTING,
      pacing: 'PACING_MODE_FAST',
      bid_type: 'BID_TYPE_CUSTOM',
      bid_price: 0.75,
      bid_display_mode: 'CPC',
      location_ids: ['6252001', '5332921'],
      gender: 'GENDER_FEMALE',
      languages: ['en', 'es'],
      device_price_ranges: [3, 4],
      household_income: ['TOP_10_PERCENT'],
      included_custom_actions: [{ action_categories: ['VIDEO_WATCHED_TO_END'], days: 15 }],
      brand_safety_type: 'THIRD_PARTY',
      brand_safety_partner: 'IAS',
      comment_disabled: true,
    });
    expect(data.text).toContain('| Field | Before | After |');
  });

  it('accepts adgroup_name alone, and name and adgroup_name when equal', async () => {
    await callToolOk(apiKey, 'update_shortvideo_ad_group', { adgroup_id: conversions, adgroup_name: 'Purchase - Broad (v2)' });
    expect((await getAdGroup(apiKey, conversions)).adgroup_name).toBe('Purchase - Broad (v2)');
    await callToolOk(apiKey, 'update_shortvideo_ad_group', {
      adgroup_id: conversions,
      name: 'Purchase - Broad',
      adgroup_name: 'Purchase - Broad',
    });
    expect((await getAdGroup(apiKey, conversions)).adgroup_name).toBe('Purchase - Broad');
  });

  it('sets the REACH frequency defaults (3 per 7 days) when the cap is missing', async () => {
    const data = await callToolOk(apiKey, 'update_shortvideo_ad_group', { adgroup_id: reachNoCap, pacing: 'PACING_MODE_SMOOTH' });
    expect(data.text).toContain('3');
    const group = await getAdGroup(apiKey, reachNoCap);
    expect(group.frequency).toBe(3);
    expect(group.frequency_schedule).toBe(7);
    await callToolOk(apiKey, 'update_shortvideo_ad_group', { adgroup_id: reachNoCap, frequency: 5, frequency_schedule: 1 });
    expect(await getAdGroup(apiKey, reachNoCap)).toMatchObject({ frequency: 5, frequency_schedule: 1 });
  });

  it('takes deep bids on APP_PROMOTION, ROAS on value-based campaigns', async () => {
    await callToolOk(apiKey, 'update_shortvideo_ad_group', {
      adgroup_id: app,
      deep_bid_type: 'VO_MIN_DAY1_RETENTION',
      deep_cpa_bid: 4,
      conversion_bid_price: 10,
      next_day_retention: 0.4,
    });
    expect(await getAdGroup(apiKey, app)).toMatchObject({
      deep_bid_type: 'VO_MIN_DAY1_RETENTION',
      deep_cpa_bid: 4,
      next_day_retention: 0.4,
    });
    await callToolOk(apiKey, 'update_shortvideo_ad_group', { adgroup_id: conversions, roas_bid: 1.5 });
    expect((await getAdGroup(apiKey, conversions)).roas_bid).toBe(1.5);
  });

  it('stores deprecated numeric interest_keywords as interest_keyword_ids', async () => {
    const data = await callToolOk(apiKey, 'update_shortvideo_ad_group', { adgroup_id: conversions, interest_keywords: ['260148', 280103] });
    expect(data.text).toContain('deprecated');
    expect((await getAdGroup(apiKey, conversions)).interest_keyword_ids).toEqual(['260148', '280103']);
  });

  it('replaces audience_ids with an audience_rule', async () => {
    const audiences = (await callToolOk(apiKey, 'list_shortvideo_custom_audiences', {})).structured!.audiences as {
      audience_id: string;
      audience_type: string;
      targetable: boolean;
    }[];
    const lookalike = audiences.find((a) => a.audience_type === 'LOOKALIKE')!.audience_id;
    const file = audiences.find((a) => a.audience_type === 'CUSTOMER_FILE')!.audience_id;
    await callToolOk(apiKey, 'update_shortvideo_ad_group', { adgroup_id: conversions, audience_ids: [file] });
    expect((await getAdGroup(apiKey, conversions)).audience_ids).toEqual([file]);
    await callToolOk(apiKey, 'update_shortvideo_ad_group', {
      adgroup_id: conversions,
      audience_rule: { audience_op: 'union', audience_ids: [file], lookalike_audience_ids: [lookalike] },
    });
    const group = await getAdGroup(apiKey, conversions);
    expect(group.audience_rule).toEqual({ audience_op: 'UNION', audience_ids: [file], lookalike_audience_ids: [lookalike] });
    expect(group.audience_ids).toBeUndefined();
  });

  describe('rules', () => {
    it('needs at least one field besides adgroup_id', () => expect400({ adgroup_id: traffic }, 'at least one field', '`adgroup_id`'));
    it('rejects name and adgroup_name that differ', () =>
      expect400({ adgroup_id: traffic, name: 'A', adgroup_name: 'B' }, '`name` and `adgroup_name`'));
    it('rejects a schedule time in another format', () =>
      expect400({ adgroup_id: traffic, schedule_start_time: '2026-09-01T00:00:00Z' }, '`schedule_start_time`', 'YYYY-MM-DD HH:MM:SS'));
    it('rejects an impossible date', () =>
      expect400({ adgroup_id: traffic, schedule_end_time: '2031-02-30 00:00:00' }, '`schedule_end_time`', 'YYYY-MM-DD HH:MM:SS'));
    it('rejects an end before the start', () =>
      expect400(
        { adgroup_id: traffic, schedule_start_time: '2031-05-01 00:00:00', schedule_end_time: '2031-04-01 00:00:00' },
        '`schedule_end_time` must be after `schedule_start_time`',
      ));
    it('rejects an end before the stored start', () =>
      expect400({ adgroup_id: shopping, schedule_end_time: '2026-03-01 00:00:00' }, '`schedule_end_time` must be after the start time'));
    it('rejects SCHEDULE_FROM_NOW with an end time', () =>
      expect400({ adgroup_id: traffic, schedule_type: 'SCHEDULE_FROM_NOW', schedule_end_time: '2031-04-01 00:00:00' }, '`schedule_type`'));
    it('explains that 96-character hourly dayparting is not accepted', () =>
      expect400({ adgroup_id: traffic, dayparting: '1'.repeat(96) }, '`dayparting`', '96-character hourly format is not accepted', '336'));
    it('rejects dayparting of another length', () =>
      expect400({ adgroup_id: traffic, dayparting: '1'.repeat(335) }, '`dayparting`', 'exactly 336 characters'));
    it('rejects dayparting with characters other than 0/1', () =>
      expect400({ adgroup_id: traffic, dayparting: '2'.repeat(336) }, '`dayparting`', '0 (pause) and 1 (run)'));
    it('rejects an unknown pacing', () => expect400({ adgroup_id: traffic, pacing: 'PACING_MODE_SLOW' }, '`pacing` must be one of'));
    it('rejects an unknown bid_type', () => expect400({ adgroup_id: traffic, bid_type: 'BID_TYPE_MANUAL' }, '`bid_type` must be one of'));
    it('needs bid_price with BID_TYPE_CUSTOM', async () => {
      const group = (await adGroupNamed(apiKey, 'Add to Cart - Wasteful Test')).id;
      await expect400({ adgroup_id: group, bid_type: 'BID_TYPE_CUSTOM', conversion_bid_price: 20 }, '`bid_price` is required');
    });
    it('needs conversion_bid_price for a conversions campaign with BID_TYPE_CUSTOM', async () => {
      const group = (await adGroupNamed(apiKey, 'Add to Cart - Wasteful Test')).id;
      await expect400(
        { adgroup_id: group, bid_type: 'BID_TYPE_CUSTOM', bid_price: 2 },
        '`conversion_bid_price` is required',
        'CONVERSIONS',
      );
    });
    it('rejects deep_bid_type outside APP_PROMOTION', () =>
      expect400({ adgroup_id: traffic, deep_bid_type: 'VO_MIN_ROAS', deep_cpa_bid: 3 }, '`deep_bid_type`', 'APP_PROMOTION'));
    it('pairs deep_bid_type with deep_cpa_bid', async () => {
      // A fresh account: the Android ad group has no deep bid yet.
      const fresh = await createTestOwner({ accounts: { shortvideo: 1 } });
      const android = (await adGroupNamed(fresh.apiKey, 'Android Installs - US')).id;
      for (const args of [{ deep_bid_type: 'VO_MIN_ROAS' }, { deep_cpa_bid: 3 }]) {
        const result = await callTool(fresh.apiKey, 'update_shortvideo_ad_group', { adgroup_id: android, ...args });
        expect(result.status).toBe(400);
        expect(result.body.error).toMatch(/`deep_cpa_bid`|`deep_bid_type`/);
        expect(result.body.error).toContain('pairs with');
      }
    });
    it('rejects an unknown deep_bid_type', () =>
      expect400({ adgroup_id: app, deep_bid_type: 'VO_MAX_LTV', deep_cpa_bid: 2 }, '`deep_bid_type` must be one of'));
    it('rejects roas_bid outside value-based campaigns', () =>
      expect400({ adgroup_id: traffic, roas_bid: 2 }, '`roas_bid`', 'value-based'));
    it('rejects next_day_retention above 1', () =>
      expect400({ adgroup_id: app, next_day_retention: 1.5 }, '`next_day_retention` must be at most 1'));
    it('rejects next_day_retention that does not equal deep_cpa_bid / conversion_bid_price', () =>
      expect400(
        { adgroup_id: app, deep_bid_type: 'VO_MIN_DAY1_RETENTION', deep_cpa_bid: 4, conversion_bid_price: 10, next_day_retention: 0.9 },
        '`next_day_retention` must equal',
      ));
    it('returns the accepted optimization goals on rejection', () =>
      expect400({ adgroup_id: traffic, optimization_goal: 'INSTALL' }, '`optimization_goal`', 'TRAFFIC_LANDING_PAGE_VIEW'));
    it('rejects the alphanumeric pixel code as pixel_id', async () => {
      const pixels = (await callToolOk(apiKey, 'list_shortvideo_pixels', {})).structured!.pixels as { pixel_code: string }[];
      await expect400(
        { adgroup_id: conversions, pixel_id: pixels[0].pixel_code },
        '`pixel_id`',
        'NUMERIC',
        'not the alphanumeric pixel code',
      );
    });
    it('rejects a numeric pixel id of another advertiser', () =>
      expect400({ adgroup_id: conversions, pixel_id: '7000000000000000001' }, '`pixel_id`', 'not a pixel of this advertiser'));
    it('rejects an optimization_event the pixel has not received', () =>
      expect400({ adgroup_id: conversions, optimization_event: 'START_TRIAL' }, '`optimization_event`', 'ON_WEB_ORDER'));
    it('rejects frequency caps outside REACH', () => expect400({ adgroup_id: traffic, frequency: 3 }, '`frequency`', 'REACH'));
    it('rejects enum values in targeting lists', async () => {
      const error = await expect400(
        {
          adgroup_id: traffic,
          age_groups: ['AGE_18_30'],
          gender: 'MALE',
          operating_systems: ['WINDOWS'],
          network_types: ['6G'],
          spending_power: 'LOW',
          household_income: ['TOP_1_PERCENT'],
        },
        '`age_groups[0]`',
        '`gender`',
        '`operating_systems[0]`',
        '`network_types[0]`',
        '`spending_power`',
        '`household_income[0]`',
      );
      expect(error).toContain('AGE_18_24');
    });
    it('rejects placement enums', () =>
      expect400(
        { adgroup_id: traffic, placement_type: 'PLACEMENT_TYPE_SMART', placements: ['PLACEMENT_PANGLE'], brand_safety_type: 'SAFE' },
        '`placement_type`',
        '`placements[0]`',
        '`brand_safety_type`',
      ));
    it('rejects device price ranges outside 0-4 and non-integers', () =>
      expect400({ adgroup_id: traffic, device_price_ranges: [5, 1.5] }, '`device_price_ranges[0]`', '`device_price_ranges[1]`'));
    it('rejects brand safety unless placements is exactly [PLACEMENT_SHORTVIDEO]', () =>
      expect400(
        { adgroup_id: traffic, placements: ['PLACEMENT_SHORTVIDEO', 'PLACEMENT_PARTNERNET'], brand_safety_type: 'STANDARD_INVENTORY' },
        '`brand_safety_type`',
        '[PLACEMENT_SHORTVIDEO]',
      ));
    it('needs brand_safety_partner with THIRD_PARTY', () =>
      expect400(
        { adgroup_id: conversions, placements: ['PLACEMENT_SHORTVIDEO'], brand_safety_type: 'THIRD_PARTY' },
        '`brand_safety_partner`',
      ));
    it('allows FULL_INVENTORY only with the partner network', () =>
      expect400(
        { adgroup_id: conversions, placements: ['PLACEMENT_SHORTVIDEO'], brand_safety_type: 'FULL_INVENTORY' },
        'FULL_INVENTORY',
        'partner network',
      ));
    it('rejects placements with automatic placement', () =>
      expect400(
        { adgroup_id: traffic, placement_type: 'PLACEMENT_TYPE_AUTOMATIC', placements: ['PLACEMENT_SHORTVIDEO'] },
        '`placements`',
        'PLACEMENT_TYPE_NORMAL',
      ));
    it('checks the audience_rule shape', () =>
      expect400(
        { adgroup_id: traffic, audience_rule: { audience_op: 'XOR', audience_ids: [], members: [] } },
        '`audience_rule.audience_op`',
        '`audience_rule.members`',
      ));
    it('rejects audience_rule together with audience_ids', () =>
      expect400(
        { adgroup_id: traffic, audience_ids: ['1'], audience_rule: { audience_ids: ['1'] } },
        '`audience_rule` replaces `audience_ids`',
      ));
    it('checks the custom action shape', () =>
      expect400(
        { adgroup_id: traffic, included_custom_actions: [{ action_categories: [], days: 7.5 }], excluded_custom_actions: ['VIDEO_LIKED'] },
        '`included_custom_actions[0].action_categories`',
        '`included_custom_actions[0].days`',
        '`excluded_custom_actions[0]`',
      ));
    it('checks the targeting_expansion shape', () =>
      expect400(
        { adgroup_id: traffic, targeting_expansion: { expand_age: 'yes', expand_interests: true } },
        '`targeting_expansion.expand_age`',
        '`targeting_expansion.expand_interests`',
      ));
    it('rejects plain-string interest_keywords as not a valid integer', () =>
      expect400(
        { adgroup_id: traffic, interest_keywords: ['hiking boots'] },
        '`interest_keywords[0]`',
        'not a valid integer',
        'use interest_keyword_ids',
      ));
    it('rejects unknown location ids', () =>
      expect400({ adgroup_id: traffic, location_ids: ['999999999'] }, '`location_ids`', 'search_shortvideo_targeting'));
    it('rejects household income outside the US', () =>
      expect400({ adgroup_id: traffic, location_ids: ['2635167'], household_income: ['TOP_5_PERCENT'] }, '`household_income`', 'US only'));
    it('rejects an ad group budget under campaign budget optimization', () =>
      expect400({ adgroup_id: shopping, budget: 50 }, '`budget`', 'campaign budget optimization'));
    it('refuses a deleted ad group', () => expect400({ adgroup_id: deleted, budget: 10 }, 'deleted'));
    it('rejects unknown fields with a suggestion', () =>
      expect400({ adgroup_id: traffic, adgroup_nme: 'x' }, '`adgroup_nme`', 'adgroup_name'));
  });
});
