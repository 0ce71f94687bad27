import { createHash } from 'node:crypto';
import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;

describe('chatads conversion tracking and reports', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({ accounts: { chatads: 1 } }));
  });

  it('pixel → event setting → API key → config, each showing up in the next read', async () => {
    const dry = await callToolOk(apiKey, 'create_chatads_pixel', { name: 'Store checkout', dry_run: true });
    expect(dry.structured!.dry_run).toBe(true);
    expect(((await callToolOk(apiKey, 'list_chatads_pixels')).structured!.pixels as Row[]).map((p) => p.name)).not.toContain(
      'Store checkout',
    );
    const pixel = (await callToolOk(apiKey, 'create_chatads_pixel', { name: 'Store checkout' })).structured!.pixel;
    expect(((await callToolOk(apiKey, 'list_chatads_pixels')).structured!.pixels as Row[]).map((p) => p.id)).toContain(pixel.id);
    expect((await callTool(apiKey, 'create_chatads_pixel', { name: 'store checkout' })).body.error).toContain('already exists');

    const setting = (
      await callToolOk(apiKey, 'create_chatads_event_setting', { pixel_id: pixel.id, event_type: 'purchase', default_value: 40 })
    ).structured!.event_setting;
    expect(setting).toMatchObject({ event_name: 'purchase', counting: 'every', click_through_window_days: 7, primary: true });
    const listed = (await callToolOk(apiKey, 'list_chatads_event_settings', { pixel_id: pixel.id })).structured!.event_settings as Row[];
    expect(listed.map((s) => s.id)).toEqual([setting.id]);
    expect((await callTool(apiKey, 'create_chatads_event_setting', { pixel_id: pixel.id, event_type: 'purchase' })).body.error).toContain(
      'already has an event setting',
    );
    expect((await callTool(apiKey, 'create_chatads_event_setting', { pixel_id: pixel.id, event_type: 'custom' })).body.error).toContain(
      '`event_type` custom needs `event_name`',
    );
    expect(
      (await callTool(apiKey, 'create_chatads_event_setting', { pixel_id: pixel.id, event_type: 'lead', click_through_window_days: 3 }))
        .body.error,
    ).toContain('must be 1, 7, 14 or 28 days');

    const key = await callToolOk(apiKey, 'create_chatads_conversions_api_key', { name: 'Server', pixel_id: pixel.id });
    expect(key.structured!.secret).toMatch(/^capi_/);
    expect(key.structured!.api_key.secret_hint).toBe(`${key.structured!.secret.slice(0, 9)}...`);

    const before = (await callToolOk(apiKey, 'get_chatads_conversions_config')).structured!.config;
    expect(before).toMatchObject({ advanced_matching: false, view_through_window_days: 1 });
    const set = await callToolOk(apiKey, 'set_chatads_conversions_config', { default_pixel_id: pixel.id, advanced_matching: true });
    expect(set.structured!.changed).toBe(true);
    expect((await callToolOk(apiKey, 'get_chatads_conversions_config')).structured!.config).toMatchObject({
      default_pixel_id: pixel.id,
      advanced_matching: true,
      click_through_window_days: before.click_through_window_days,
    });
    const noop = await callToolOk(apiKey, 'set_chatads_conversions_config', { advanced_matching: true });
    expect(noop.structured!.changed).toBe(false);
    expect((await callTool(apiKey, 'set_chatads_conversions_config', {})).body.error).toContain('give at least one of');
    expect((await callTool(apiKey, 'set_chatads_conversions_config', { default_pixel_id: 'cds_missing' })).body.error).toContain(
      'cds_missing',
    );
  });

  it('send_chatads_conversion_event hashes matching data, deduplicates by event id, and lists received events', async () => {
    const pixel = ((await callToolOk(apiKey, 'list_chatads_pixels')).structured!.pixels as Row[])[0];
    const args = {
      pixel_id: pixel.id,
      event_type: 'purchase',
      event_id: 'order-1001',
      value: 84.5,
      currency: 'usd',
      email: 'Jane@Example.com',
    };
    const first = await callToolOk(apiKey, 'send_chatads_conversion_event', args);
    expect(first.structured!.event).toMatchObject({
      deduplicated: false,
      match: 'advanced_matching',
      currency: 'USD',
      hashed_email: createHash('sha256').update('jane@example.com').digest('hex'),
    });
    expect(JSON.stringify(first)).not.toContain('Jane@Example.com');
    const again = await callToolOk(apiKey, 'send_chatads_conversion_event', args);
    expect(again.structured!.event.deduplicated).toBe(true);
    expect(again.text).toContain('not counted again');
    await callToolOk(apiKey, 'send_chatads_conversion_event', {
      pixel_id: pixel.id,
      event_type: 'sign_up',
      event_id: 'su-1',
      click_id: 'clk_123',
    });
    const events = (await callToolOk(apiKey, 'list_chatads_conversion_events', { pixel_id: pixel.id })).structured!.events as Row[];
    expect(events.map((e) => e.event_id).sort()).toEqual(['order-1001', 'su-1']);
    expect(events.find((e) => e.event_id === 'su-1')!.match).toBe('click_id');
  });

  it.each([
    [{ value: 10 }, '`value` needs `currency`'],
    [{ currency: 'USD' }, '`currency` goes with `value`'],
    [{ currency: 'dollars', value: 1 }, '3-letter ISO 4217'],
    [{ event_time: new Date(Date.now() + 3_600_000).toISOString() }, 'is in the future'],
    [{ event_time: new Date(Date.now() - 8 * 86_400_000).toISOString() }, 'more than 7 days ago'],
    [{ phone: '555-0100' }, 'E.164'],
    [{ email: 'a@b.co', hashed_email: 'a'.repeat(64) }, 'not both'],
    [{ pixel_id: 'cds_missing' }, 'cds_missing'],
  ])('send_chatads_conversion_event refuses %o', async (bad, message) => {
    const pixel = ((await callToolOk(apiKey, 'list_chatads_pixels')).structured!.pixels as Row[])[0];
    const result = await callTool(apiKey, 'send_chatads_conversion_event', {
      pixel_id: pixel.id,
      event_type: 'lead',
      event_id: 'x-1',
      ...bad,
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('get_chatads_insights: the account is the sum of its campaigns, a campaign of its ad groups, days add up', async () => {
    const window = { start_date: addDays(isoDate(new Date()), -14), end_date: addDays(isoDate(new Date()), -1) };
    const account = (await callToolOk(apiKey, 'get_chatads_insights', { scope: 'ad_account', ...window })).structured!;
    const perf = (await callToolOk(apiKey, 'get_chatads_performance', { level: 'campaign', limit: 200, ...window })).structured!;
    expect(account.totals.spend).toBeCloseTo(perf.total_spend, 2);
    expect(account.totals.spend).toBeGreaterThan(0);
    const top = perf.rows[0];
    const campaign = (
      await callToolOk(apiKey, 'get_chatads_insights', { scope: 'campaign', scope_id: top.id, breakdown: 'daily', ...window })
    ).structured!;
    expect(campaign.totals.spend).toBeCloseTo(top.figures.spend, 2);
    expect(campaign.days).toHaveLength(14);
    expect(campaign.days.reduce((t: number, d: Row) => t + d.spend, 0)).toBeCloseTo(campaign.totals.spend, 2);
    const groups = (await callToolOk(apiKey, 'get_chatads_performance', { level: 'ad_group', limit: 200, ...window })).structured!
      .rows as Row[];
    expect(groups.filter((g) => g.campaign_id === top.id).reduce((t, g) => t + g.figures.spend, 0)).toBeCloseTo(top.figures.spend, 2);
  });

  it("issue 31: an awareness campaign has no conversions anywhere (n/a as in the list); the account counts the others'", async () => {
    // Every tool's default window: the list's last 30 days ending yesterday.
    const campaigns = (await callToolOk(apiKey, 'list_chatads_campaigns', { limit: 100 })).structured!.campaigns as Row[];
    const awareness = campaigns.find((c) => c.bidding_type === 'impressions')!;
    expect(awareness.metrics.spend).toBeGreaterThan(0);
    expect('conversions' in awareness.metrics).toBe(false);
    const listedConversions = campaigns.reduce((t, c) => t + (c.metrics.conversions ?? 0), 0);
    expect(listedConversions).toBeGreaterThan(0);

    const account = (await callToolOk(apiKey, 'get_chatads_insights', { scope: 'ad_account' })).structured!;
    expect(account.totals.conversions).toBe(listedConversions);
    const own = (await callToolOk(apiKey, 'get_chatads_insights', { scope: 'campaign', scope_id: awareness.id, breakdown: 'daily' }))
      .structured!;
    expect(own.totals).toMatchObject({ conversions: null, conversion_value: null, view_through_conversions: null, cpa: null });
    expect(own.days.length).toBeGreaterThan(0);
    expect((own.days as Row[]).every((d) => d.conversions === null)).toBe(true);

    const got = (await callToolOk(apiKey, 'get_chatads_campaign', { campaign_id: awareness.id })).structured!;
    expect(got.figures.conversions).toBeNull();
    const ranked = (await callToolOk(apiKey, 'get_chatads_performance', { level: 'ad_group', limit: 200 })).structured!.rows as Row[];
    const groups = ranked.filter((g) => g.campaign_id === awareness.id);
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.map((g) => [g.awareness, g.figures.conversions, g.figures.cpa])).toEqual(groups.map(() => [true, null, null]));
    const ads = (await callToolOk(apiKey, 'list_chatads_ads', { campaign_id: awareness.id })).structured!.ads as Row[];
    expect(ads.length).toBeGreaterThan(0);
    expect(ads.map((a) => a.figures.conversions)).toEqual(ads.map(() => null));
  }, 60_000);

  it.each([
    [{ scope: 'campaign' }, '`scope` campaign needs `scope_id`'],
    [{ scope: 'ad_account', scope_id: 'cmpn_x' }, '`scope_id` is not used'],
    [{ scope: 'ad', scope_id: 'cmpn_x' }, 'must be a ad id starting with ad_'],
    [{ scope: 'ad_account', end_date: isoDate(new Date()) }, 'is today'],
    [{ scope: 'campaign', scope_id: 'cmpn_missing' }, 'cmpn_missing'],
  ])('get_chatads_insights refuses %o', async (bad, message) => {
    const result = await callTool(apiKey, 'get_chatads_insights', bad);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('geo lookup, accounts, and performance advice naming real tools', async () => {
    const geo = (await callToolOk(apiKey, 'chatads_geo_lookup', { query: 'banff' })).structured!.locations as Row[];
    expect(geo).toEqual([expect.objectContaining({ id: 'CA-AB-BNF', type: 'city', country_code: 'CA' })]);
    expect((await callTool(apiKey, 'chatads_geo_lookup', { query: 'x' })).body.error).toContain('at least 2 characters');
    const accounts = (await callToolOk(apiKey, 'list_chatads_accounts')).structured!;
    expect(accounts.accounts).toHaveLength(1);
    expect(accounts.selected.id).toBe(accounts.accounts[0].id);
    const perf = await callToolOk(apiKey, 'get_chatads_performance', { level: 'ad', sort_by: 'cpa' });
    expect(perf.text).toContain('### What to do next');
  });
});
