import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;

let apiKey: string;
let campaigns: Row[];
let audiences: Row[];
const campaign = (status: string, type: string) => campaigns.find((c) => c.status === status && c.bidding_type === type)!;

beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { chatads: 1 } }));
  campaigns = (await callToolOk(apiKey, 'list_chatads_campaigns', {})).structured!.campaigns as Row[];
  audiences = (await callToolOk(apiKey, 'list_chatads_custom_audiences', {})).structured!.custom_audiences as Row[];
});

describe('Tool: create_chatads_ad_group', () => {
  it('creates a fixed-bid ad group, visible in list_chatads_ad_groups', async () => {
    const parent = campaign('active', 'clicks');
    const ready = audiences.find((a) => a.usable_for_bid_multiplier)!;
    const data = await callToolOk(apiKey, 'create_chatads_ad_group', {
      campaign_id: parent.id,
      name: 'Ultralight shoppers',
      max_bid: 2.5,
      context_hints: ['lightest tent for thru-hiking'],
      custom_audience_bid_multipliers: [{ custom_audience_id: ready.id, bid_multiplier_micros: 1_500_000 }],
    });
    const group = data.structured!.ad_group;
    expect(group).toMatchObject({
      campaign_id: parent.id,
      status: 'active',
      strategy: 'fixed_bid',
      billing_event_type: 'click',
      max_bid_micros: 2_500_000,
    });
    expect(group.id).toMatch(/^adgrp_/);
    expect(data.structured!.spend_gated_by_campaign).toBe(false);
    const listed = await callToolOk(apiKey, 'list_chatads_ad_groups', { campaign_id: parent.id });
    expect((listed.structured!.ad_groups as Row[]).map((g) => g.id)).toContain(group.id);
  });

  it('accepts micros, impression billing and maximize strategies on matching campaigns; says when the campaign gates spend', async () => {
    const micros = await callToolOk(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign('active', 'clicks').id,
      name: 'Micros bid',
      max_bid_micros: 900_000,
      status: 'paused',
    });
    expect(micros.structured!.ad_group).toMatchObject({ max_bid_micros: 900_000, status: 'paused' });
    const cpm = await callToolOk(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign('active', 'impressions').id,
      name: 'CPM group',
      billing_event_type: 'impression',
      max_cpm_bid_micros: 8_000_000,
    });
    expect(cpm.structured!.ad_group).toMatchObject({ billing_event_type: 'impression', max_cpm_bid_micros: 8_000_000 });
    expect(cpm.structured!.ad_group.max_bid_micros).toBeUndefined();
    const maxConv = await callToolOk(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign('active', 'conversions').id,
      name: 'Auto conversions',
      strategy: 'maximize_conversions',
    });
    expect(maxConv.structured!.ad_group.strategy).toBe('maximize_conversions');
    const gated = await callToolOk(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign('paused', 'clicks').id,
      name: 'Waiting group',
      strategy: 'maximize_clicks',
    });
    expect(gated.structured!.spend_gated_by_campaign).toBe(true);
    expect(gated.text).toContain('will not spend until the campaign is resumed');
  });

  it('rejects argument combinations the platform refuses', async () => {
    const id = campaign('active', 'clicks').id;
    const cases: [Record<string, unknown>, string][] = [
      [{ campaign_id: id, name: 'ab', max_bid: 1 }, '`name` must have at least 3 characters'],
      [{ campaign_id: id, name: 'No bid' }, 'needs `max_bid` (or `max_bid_micros`)'],
      [{ campaign_id: id, name: 'Both', max_bid: 1, max_bid_micros: 1_000_000 }, '`max_bid` and `max_bid_micros` are alternatives'],
      [{ campaign_id: id, name: 'Auto with bid', strategy: 'maximize_clicks', max_bid: 1 }, 'sets the bid automatically; remove `max_bid`'],
      [{ campaign_id: id, name: 'Too high', max_bid: 100.5 }, '`max_bid` must be at most 100'],
      [{ campaign_id: id, name: 'Too low', max_bid: 0 }, '`max_bid` must be at least 0.000001'],
      [{ campaign_id: id, name: 'Micros', max_bid_micros: 100_000_001 }, '`max_bid_micros` must be at most 100000000'],
      [
        { campaign_id: id, name: 'CPM on click', max_bid: 1, max_cpm_bid_micros: 5 },
        '`max_cpm_bid_micros` is for `billing_event_type` impression',
      ],
      [{ campaign_id: id, name: 'Impression no cpm', billing_event_type: 'impression' }, 'needs `max_cpm_bid_micros`'],
      [{ campaign_id: id, name: 'Bad status', max_bid: 1, status: 'archived' }, '`status` must be one of'],
      [{ campaign_id: 'adgrp_123', name: 'Wrong id', max_bid: 1 }, '`campaign_id` must be a campaign id starting with cmpn_'],
      [
        {
          campaign_id: id,
          name: 'Multiplier',
          max_bid: 1,
          custom_audience_bid_multipliers: [{ custom_audience_id: 'x', bid_multiplier_micros: 99_999 }],
        },
        '`custom_audience_bid_multipliers[0].bid_multiplier_micros` must be at least 100000',
      ],
    ];
    for (const [args, message] of cases) {
      const result = await callTool(apiKey, 'create_chatads_ad_group', args);
      expect(result.status).toBe(400);
      expect(result.body.error).toContain(message);
    }
  });

  it('enforces campaign type, archived campaigns and audience readiness', async () => {
    const wrongType = await callTool(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign('active', 'impressions').id,
      name: 'Max clicks',
      strategy: 'maximize_clicks',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toContain('maximize_clicks needs a campaign bidding for clicks');
    const convWrong = await callTool(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign('active', 'clicks').id,
      name: 'Max conv',
      strategy: 'maximize_conversions',
    });
    expect(convWrong.body.error).toContain('maximize_conversions needs a campaign bidding for conversions');
    const archived = await callTool(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaigns.find((c) => c.status === 'archived')!.id,
      name: 'Late',
      max_bid: 1,
    });
    expect(archived.status).toBe(400);
    expect(archived.body.error).toContain('archived');
    const small = audiences.find((a) => a.status === 'ready' && !a.usable_for_bid_multiplier)!;
    const processing = audiences.find((a) => a.status === 'processing')!;
    const result = await callTool(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign('active', 'clicks').id,
      name: 'Audience group',
      max_bid: 1,
      custom_audience_bid_multipliers: [
        { custom_audience_id: small.id, bid_multiplier_micros: 2_000_000 },
        { custom_audience_id: processing.id, bid_multiplier_micros: 2_000_000 },
        { custom_audience_id: 'aud_missing', bid_multiplier_micros: 2_000_000 },
      ],
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(`"${small.name}"`);
    expect(result.body.error).toContain('25,000');
    expect(result.body.error).toContain('processing, not ready');
    expect(result.body.error).toContain('aud_missing does not exist');
    const listed = await callToolOk(apiKey, 'list_chatads_ad_groups', {});
    expect((listed.structured!.ad_groups as Row[]).some((g) => g.name === 'Audience group')).toBe(false);
  });
});

describe('Tool: list_chatads_custom_audiences', () => {
  it('shows every audience status with matched users', async () => {
    expect(new Set(audiences.map((a) => a.status))).toEqual(new Set(['processing', 'ready', 'too_small', 'failed']));
    expect(audiences.every((a) => a.usable_for_bid_multiplier === (a.status === 'ready' && a.matched_users >= 25_000))).toBe(true);
    const bad = await callTool(apiKey, 'list_chatads_custom_audiences', { status_filter: ['done'] });
    expect(bad.status).toBe(400);
  });
});
