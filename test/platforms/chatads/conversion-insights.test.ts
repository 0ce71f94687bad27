import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;
let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { chatads: 1 } }));
});

describe('Tool: get_chatads_conversion_insights', () => {
  it('reports every campaign by default, with view-through conversions separate from the total', async () => {
    const data = await callToolOk(apiKey, 'get_chatads_conversion_insights', {});
    const s = data.structured!;
    expect(s.aggregation_level).toBe('campaign');
    expect(s.end - s.start).toBe(30 * 86_400);
    expect(s.end % 3600).toBe(0);
    const rows = s.rows as Row[];
    const campaigns = (await callToolOk(apiKey, 'list_chatads_campaigns', {})).structured!.campaigns as Row[];
    expect(rows.map((r) => r.entity_id).sort()).toEqual(campaigns.map((c) => c.id).sort());
    // CPA for campaigns judged on conversions; awareness (impression-bid) campaigns have none.
    const awareness = new Set(campaigns.filter((c) => c.bidding_type === 'impressions').map((c) => c.id));
    expect(awareness.size).toBeGreaterThan(0);
    for (const r of rows.filter((x) => x.conversions > 0)) {
      if (awareness.has(r.entity_id)) expect(r.cpa).toBeNull();
      else expect(r.cpa).toBeCloseTo(r.spend / r.conversions, 1);
    }
    expect(data.text).toContain('not on conversions or CPA');
    // The campaign list shows the same spend for the same (default) window.
    for (const c of campaigns) expect(c.metrics.spend).toBeCloseTo(rows.find((r) => r.entity_id === c.id)!.spend, 2);
    expect(rows.some((r) => r.view_through_conversions > 0)).toBe(true);
    expect(data.text).toContain('View-through');
    expect(data.text).toContain('not included in the conversion counts');
    // An archived campaign that stopped long ago had no delivery in the window.
    const archived = campaigns.find((c) => c.status === 'archived')!;
    expect(rows.find((r) => r.entity_id === archived.id)!.spend).toBe(0);
  });

  it('issue 31: an awareness campaign, its ad groups and ads show no conversions (n/a), as every other chatads tool', async () => {
    const campaigns = (await callToolOk(apiKey, 'list_chatads_campaigns', {})).structured!.campaigns as Row[];
    const awareness = campaigns.find((c) => c.bidding_type === 'impressions' && c.metrics.spend > 0)!;
    expect(awareness).toBeDefined();
    const groups = ((await callToolOk(apiKey, 'list_chatads_ad_groups', { campaign_id: awareness.id })).structured!.ad_groups as Row[]).map(
      (g) => g.id,
    );
    const ads = ((await callToolOk(apiKey, 'list_chatads_ads', { campaign_id: awareness.id })).structured!.ads as Row[]).map((a) => a.id);
    expect(groups.length * ads.length).toBeGreaterThan(0);
    const asks = [
      { entity_ids: [awareness.id] },
      { entity_ids: [awareness.id], breakdown: 'daily' },
      { entity_ids: [awareness.id], segment: 'device' },
      { aggregation_level: 'ad_group', entity_ids: groups },
      { aggregation_level: 'ad', entity_ids: ads },
    ];
    for (const ask of asks) {
      const data = await callToolOk(apiKey, 'get_chatads_conversion_insights', ask);
      const rows = data.structured!.rows as Row[];
      expect(rows.reduce((t, r) => t + r.spend, 0)).toBeGreaterThan(0);
      for (const r of rows)
        expect([r.conversions, r.view_through_conversions, r.conversion_value, r.cpa, r.conversion_rate]).toEqual([
          null,
          null,
          null,
          null,
          null,
        ]);
      expect(data.text).toContain('n/a (awareness)');
    }
  }, 60_000);

  it('adds up ad groups of a campaign to the campaign, and ads of an ad group to the ad group', async () => {
    const groups = (await callToolOk(apiKey, 'list_chatads_ad_groups', { status_filter: ['active'] })).structured!.ad_groups as Row[];
    const campaignId = groups.find((g) => g.name === 'Backpack comparisons')!.campaign_id;
    // Reports run through yesterday: the window ends two hours before today began.
    const today = Math.floor(Date.now() / 1000 / 86_400) * 86_400;
    const window = { start: today - 14 * 86_400 + 1234, end: today - 7200 };
    const camp = (
      (await callToolOk(apiKey, 'get_chatads_conversion_insights', { entity_ids: [campaignId], ...window })).structured!.rows as Row[]
    )[0];
    const ofCampaign = (
      (await callToolOk(apiKey, 'list_chatads_ad_groups', { campaign_id: campaignId })).structured!.ad_groups as Row[]
    ).map((g) => g.id);
    expect(ofCampaign.length).toBeGreaterThan(1);
    const groupRows = (
      await callToolOk(apiKey, 'get_chatads_conversion_insights', { aggregation_level: 'ad_group', entity_ids: ofCampaign, ...window })
    ).structured!.rows as Row[];
    expect(camp.clicks).toBeGreaterThan(0);
    for (const field of ['impressions', 'clicks', 'conversions', 'view_through_conversions']) {
      expect(groupRows.reduce((t, r) => t + r[field], 0)).toBe(camp[field]);
    }
    expect(groupRows.reduce((t, r) => t + r.spend, 0)).toBeCloseTo(camp.spend, 1);
  });

  it('breaks down by day and segments by device or country without changing totals', async () => {
    const groups = (await callToolOk(apiKey, 'list_chatads_ad_groups', { status_filter: ['active'] })).structured!.ad_groups as Row[];
    const id = groups[0].campaign_id;
    const base = (await callToolOk(apiKey, 'get_chatads_conversion_insights', { entity_ids: [id], lookback_days: 7 })).structured!
      .rows as Row[];
    const daily = (await callToolOk(apiKey, 'get_chatads_conversion_insights', { entity_ids: [id], lookback_days: 7, breakdown: 'daily' }))
      .structured!.rows as Row[];
    expect(daily.length).toBeGreaterThanOrEqual(7);
    expect(daily.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.date))).toBe(true);
    expect(daily.reduce((t, r) => t + r.clicks, 0)).toBe(base[0].clicks);
    const device = (await callToolOk(apiKey, 'get_chatads_conversion_insights', { entity_ids: [id], lookback_days: 7, segment: 'device' }))
      .structured!.rows as Row[];
    expect(device.map((r) => r.device).sort()).toEqual(['desktop', 'mobile_app', 'mobile_web']);
    expect(device.reduce((t, r) => t + r.conversions, 0)).toBe(base[0].conversions);
    const raw = await callToolOk(apiKey, 'get_chatads_conversion_insights', { entity_ids: [id], segment: 'country', raw_data: true });
    expect((raw.structured!.rows as Row[]).map((r) => r.country)).toContain('US');
    expect(raw.text).not.toContain('### Insights');
  });

  it('floors start and end to the hour', async () => {
    const data = await callToolOk(apiKey, 'get_chatads_conversion_insights', { start: 1_750_000_123, end: 1_750_090_000 });
    expect(data.structured!.start).toBe(1_749_999_600);
    expect(data.structured!.end).toBe(1_750_089_600);
  });

  it('rejects ids of another level, half windows and mixed windows', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ aggregation_level: 'ad_group', entity_ids: ['cmpn_abc'] }, '`entity_ids` must be ad_group ids starting with adgrp_'],
      [{ aggregation_level: 'ad' }, '`entity_ids` is required at `aggregation_level` ad'],
      [{ start: 1_750_000_000 }, '`start` and `end` go together'],
      [{ start: 1_750_000_000, end: 1_750_000_100 }, '`end` must be after `start`'],
      [{ start: 1_750_000_000, end: 1_760_000_000, lookback_days: 7 }, '`lookback_days` and `start`/`end` are alternatives'],
      [{ lookback_days: 0 }, '`lookback_days` must be at least 1'],
      [{ breakdown: 'weekly' }, '`breakdown` must be one of'],
      [{ segment: 'age' }, '`segment` must be one of'],
    ];
    for (const [args, message] of cases) {
      const result = await callTool(apiKey, 'get_chatads_conversion_insights', args);
      expect(result.status).toBe(400);
      expect(result.body.error).toContain(message);
    }
    const unknown = await callTool(apiKey, 'get_chatads_conversion_insights', { entity_ids: ['cmpn_nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('cmpn_nope');
  });
});
