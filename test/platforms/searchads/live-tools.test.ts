/**
 * Every searchads tool on a live account connected to the fake search platform: the same output
 * shape as on a sandbox account, writes land on the platform and show in the next read.
 */
import { fakeDate } from '../../support/clock';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

type Structured = Record<string, any>;

/** Keys of an answer, and of the elements of its top-level lists (union over elements). */
function shape(structured: Structured): Record<string, string[]> {
  const out: Record<string, string[]> = { '': Object.keys(structured).sort() };
  for (const [key, value] of Object.entries(structured)) {
    if (Array.isArray(value) && value.length && typeof value[0] === 'object')
      out[key] = [...new Set(value.flatMap((v) => Object.keys(v)))].sort();
  }
  return out;
}

/** The live answer has the sandbox answer's keys, and its list elements no field the sandbox's lack. */
function expectSameShape(live: Structured, sandbox: Structured): void {
  const [l, s] = [shape(live), shape(sandbox)];
  expect(l['']).toEqual(s['']);
  for (const key of Object.keys(l).filter((k) => k && s[k])) {
    expect({ [key]: l[key]!.filter((field) => !s[key]!.includes(field)) }).toEqual({ [key]: [] });
  }
}

describe('searchads tools on a live account (fake search platform)', () => {
  let live: LiveOwner;
  let sandboxKey: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  let sandboxCampaigns: typeof campaigns;
  beforeAll(async () => {
    live = await liveOwner(platform);
    sandboxKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
    campaigns = await campaignsByName(live.apiKey);
    sandboxCampaigns = await campaignsByName(sandboxKey);
  });

  const both = async (tool: string, args: (names: typeof campaigns) => Record<string, unknown>) => {
    const [l, s] = await Promise.all([
      callToolOk(live.apiKey, tool, args(campaigns)),
      callToolOk(sandboxKey, tool, args(sandboxCampaigns)),
    ]);
    expectSameShape(l.structured!, s.structured!);
    return l;
  };

  it("read tools answer with the sandbox shape, from the platform's data", async () => {
    const list = await both('list_campaigns', () => ({}));
    const brand = (list.structured!.campaigns as Structured[]).find((c) => c.name === 'Brand - Exact')!;
    expect(brand).toMatchObject({
      type: 'SEARCH',
      status: 'ENABLED',
      budget_amount: 50,
      language_ids: ['1000'],
      label_ids: [expect.stringMatching(/^\d+$/)],
    });
    expect(brand.metrics.impressions).toBeGreaterThan(0);
    expect(brand.metrics.spend).toBeGreaterThan(0);
    expect(list.structured!.campaigns.map((c: Structured) => c.name)).toContain('Holiday - Search');
    const paused = await callToolOk(live.apiKey, 'list_campaigns', { status: 'PAUSED' });
    expect(paused.structured!.campaigns.map((c: Structured) => c.name)).toEqual(['Display - Remarketing']);

    const groups = await both('list_ad_groups', () => ({}));
    expect(groups.structured!.ad_groups.find((g: Structured) => g.name === 'Hiking Boots - Men')).toMatchObject({
      cpc_bid: 1.6,
      audiences: 1,
      metrics: { clicks: expect.any(Number) },
    });

    const structure = await both('get_campaign_structure', (c) => ({ campaign_id: c['Generic - Hiking Boots']!.id }));
    expect(structure.structured!.campaign_negative_keywords).toEqual([expect.objectContaining({ text: 'free', match_type: 'BROAD' })]);
    const men = structure.structured!.ad_groups.find((g: Structured) => g.name === 'Hiking Boots - Men');
    expect(men.keywords).toEqual([
      expect.objectContaining({ text: 'mens hiking boots', match_type: 'PHRASE', quality_score: 7, cpc_bid: 1.6 }),
    ]);
    expect(men.negative_keywords).toEqual([expect.objectContaining({ text: 'women' })]);
    expect(men.ads[0]).toMatchObject({
      type: 'RESPONSIVE_SEARCH_AD',
      headlines: ["Men's Hiking Boots", 'Waterproof & Breathable'],
      path1: 'boots',
    });

    const targeting = await both('get_campaign_targeting', (c) => ({ campaign_id: c['Brand - Exact']!.id }));
    expect(targeting.structured!.locations.map((l: Structured) => l.name).sort()).toEqual(['Canada', 'United States']);
    expect(targeting.structured!.languages).toEqual([expect.objectContaining({ code: 'en' })]);

    const labels = await both('get_campaign_labels', (c) => ({ campaign_id: c['Brand - Exact']!.id }));
    expect(labels.structured!.labels).toEqual([
      expect.objectContaining({ name: 'Brand', background_color: '#1A73E8', description: 'Brand-term campaigns' }),
    ]);

    const caps = await both('get_display_frequency_caps', (c) => ({ campaign_id: c['Display - Remarketing']!.id }));
    expect(caps.structured!.frequency_caps).toEqual([
      { event_type: 'IMPRESSION', level: 'CAMPAIGN', time_unit: 'DAY', time_length: 1, cap: 3 },
    ]);

    const calls = await both('list_call_assets', () => ({}));
    expect(calls.structured!.call_assets.map((a: Structured) => a.phone_number).sort()).toEqual([
      '+1 800-555-0142',
      '+1 800-555-0199',
      '+1 877-555-0110',
    ]);

    const audiences = await both('search_audiences', () => ({ query: 'hik' }));
    expect(audiences.structured!.segments.map((s: Structured) => s.name)).toEqual(expect.arrayContaining(['Hiking Boots', 'Thru-hikers']));

    const languages = await both('list_searchads_languages', () => ({}));
    expect(languages.structured!.languages.map((l: Structured) => l.code)).toEqual(['en', 'fr', 'de', 'es']);

    const places = await both('resolve_searchads_locations', () => ({ locations: ['Austin, TX', 'Portland'] }));
    expect(places.structured!.results[0].best_match).toMatchObject({
      resource_name: 'geoTargetConstants/1026201',
      canonical_name: 'Austin,Texas,United States',
    });
    expect(places.structured!.results[1].matches).toHaveLength(2);
  });

  it('a dry run asks the platform to check the write (validate-only) and reports what it said; nothing changes', async () => {
    const generic = campaigns['Generic - Hiking Boots']!;
    const ok = await callToolOk(live.apiKey, 'update_campaign', {
      campaign_id: generic.id,
      budget_amount: 61,
      name: 'Generic - Boots (checked)',
      dry_run: true,
    });
    expect(ok.structured).toMatchObject({
      dry_run: true,
      platformCheck: { checked: true, message: expect.stringContaining('accepted 2 request(s)') },
    });
    const refused = await callToolOk(live.apiKey, 'update_campaign', { campaign_id: generic.id, name: 'Brand - Exact', dry_run: true });
    expect(refused.structured!.platformCheck).toEqual({
      checked: true,
      message: expect.stringContaining('A campaign with this name already exists.'),
    });
    expect(refused.text).toContain('Platform check: The platform would refuse this write');
    // A create is checked up to the requests that need what it would create.
    const callouts = await callToolOk(live.apiKey, 'add_callout_extensions', {
      campaign_id: generic.id,
      callouts: ['Checked Only Callout'],
      dry_run: true,
    });
    expect(callouts.structured!.platformCheck).toMatchObject({
      checked: true,
      message: expect.stringContaining('could not be checked before they exist'),
    });
    const after = (await campaignsByName(live.apiKey))['Generic - Hiking Boots']!;
    expect(after).toMatchObject({ name: generic.name, budget_amount: generic.budget_amount });
    const structure = await callToolOk(live.apiKey, 'get_campaign_structure', { campaign_id: generic.id });
    expect(JSON.stringify(structure.structured)).not.toContain('Checked Only Callout');
  });

  it('update_campaign changes the campaign on the platform, and the next read shows it', async () => {
    const generic = campaigns['Generic - Hiking Boots']!;
    const data = await callToolOk(live.apiKey, 'update_campaign', {
      campaign_id: generic.id,
      budget_amount: 135.5,
      status: 'PAUSED',
      target_search_network: true,
      locations_to_add: ['Texas'],
      tracking_url_template: '{lpurl}?src=gw',
      url_custom_parameters: [{ key: 'team', value: 'boots' }],
      audience_targeting_mode: 'TARGETING',
    });
    expect(data.structured!.changed).toBe(true);
    const onPlatform = platform.api.customer(live.account.account_id);
    const campaign = onPlatform.campaigns.find((c) => c.id === generic.id)!;
    expect(onPlatform.budgets.find((b) => b.resourceName === campaign.campaignBudget)!.amountMicros).toBe('135500000');
    expect(campaign).toMatchObject({
      status: 'PAUSED',
      trackingUrlTemplate: '{lpurl}?src=gw',
      urlCustomParameters: [{ key: 'team', value: 'boots' }],
    });
    expect(campaign.networkSettings.targetSearchNetwork).toBe(true);
    expect(campaign.targetingSetting.targetRestrictions).toEqual([{ targetingDimension: 'AUDIENCE', bidOnly: false }]);
    expect(
      onPlatform.campaignCriteria.some(
        (c) => c.campaign === campaign.resourceName && c.location?.geoTargetConstant === 'geoTargetConstants/21176',
      ),
    ).toBe(true);
    const after = (await campaignsByName(live.apiKey))['Generic - Hiking Boots']!;
    expect(after).toMatchObject({ status: 'PAUSED', budget_amount: 135.5 });

    const cleared = await callToolOk(live.apiKey, 'update_campaign', {
      campaign_id: generic.id,
      tracking_url_template: '',
      locations_to_remove: [`customers/${live.account.account_id}/campaignCriteria/${generic.id}~21176`],
    });
    expect(cleared.structured!.locations_removed).toHaveLength(1);
    expect(campaign.trackingUrlTemplate).toBeUndefined();
    expect(onPlatform.campaignCriteria.some((c) => c.location?.geoTargetConstant === 'geoTargetConstants/21176')).toBe(false);

    const pmax = campaigns['Performance Max - All Products']!;
    await callToolOk(live.apiKey, 'update_campaign', { campaign_id: pmax.id, language_codes: ['en', 'fr'] });
    const languages = onPlatform.campaignCriteria.filter(
      (c) => c.campaign === `customers/${live.account.account_id}/campaigns/${pmax.id}` && c.type === 'LANGUAGE',
    );
    expect(languages.map((c) => c.language.languageConstant).sort()).toEqual(['languageConstants/1000', 'languageConstants/1002']);
  });

  it('a setting the public interface does not offer answers 400 live_not_supported and changes nothing', async () => {
    const brand = campaigns['Brand - Exact']!;
    const result = await callTool(live.apiKey, 'update_campaign', {
      campaign_id: brand.id,
      url_expansion_opt_out: true,
      name: 'Brand - Renamed',
    });
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({ code: 'live_not_supported' });
    expect(platform.api.customer(live.account.account_id).campaigns.find((c) => c.id === brand.id)!.name).toBe('Brand - Exact');
  });

  it('update_campaign_dates moves the end date of a live campaign', async () => {
    const launch = campaigns['Search - Summer Launch']!;
    const end = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const data = await callToolOk(live.apiKey, 'update_campaign_dates', { campaign_id: launch.id, end_date: end });
    expect(data.structured!.after).toEqual({ start_date: launch.start_date, end_date: end });
    expect(platform.api.customer(live.account.account_id).campaigns.find((c) => c.id === launch.id)!.endDateTime).toBe(`${end} 23:59:59`);
    const open = await callToolOk(live.apiKey, 'update_campaign_dates', { campaign_id: launch.id, end_date: '' });
    expect(open.structured!.after.end_date).toBeNull();
  });

  it("add_callout_extensions creates assets with the platform's ids and links them", async () => {
    const brand = campaigns['Brand - Exact']!;
    const data = await callToolOk(live.apiKey, 'add_callout_extensions', {
      campaign_id: brand.id,
      callouts: ['Expert Fit Advice', 'Free Shipping Over $50'],
    });
    const added = data.structured!.added as Structured[];
    expect(added).toEqual([
      expect.objectContaining({ text: 'Expert Fit Advice', new_asset: true, asset_id: expect.stringMatching(/^\d+$/) }),
    ]);
    const onPlatform = platform.api.customer(live.account.account_id);
    expect(onPlatform.assets.find((a) => a.id === added[0]!.asset_id)).toMatchObject({
      type: 'CALLOUT',
      calloutAsset: { calloutText: 'Expert Fit Advice' },
    });
    expect(onPlatform.campaignAssets.some((l) => l.asset.endsWith(`/${added[0]!.asset_id}`) && l.campaign.endsWith(`/${brand.id}`))).toBe(
      true,
    );
    expect(data.structured!.total_callouts).toBe(3);
  });

  it('add_ad_group_audiences adds criteria the platform numbers; resume_ad_group and remove_call_assets write through', async () => {
    const groups = await adGroupsByName(live.apiKey);
    const women = groups['Hiking Boots - Women']!;
    const data = await callToolOk(live.apiKey, 'add_ad_group_audiences', { ad_group_id: women.id, in_market_audiences: ['80443'] });
    expect(data.structured!.added).toEqual([
      expect.objectContaining({
        type: 'IN_MARKET',
        audience_id: '80443',
        name: 'Hiking Boots',
        criterion_id: expect.stringMatching(/^\d+$/),
      }),
    ]);
    const again = await callToolOk(live.apiKey, 'add_ad_group_audiences', { ad_group_id: women.id, in_market_audiences: ['80443'] });
    expect(again.structured!.skipped_existing).toEqual(['80443']);

    const misspell = groups['Brand - Misspellings']!;
    const resumed = await callToolOk(live.apiKey, 'resume_ad_group', { ad_group_id: misspell.id });
    expect(resumed.structured).toMatchObject({ previous_status: 'PAUSED', status: 'ENABLED', changed: true });
    expect(platform.api.customer(live.account.account_id).adGroups.find((g) => g.id === misspell.id)!.status).toBe('ENABLED');

    const brand = campaigns['Brand - Exact']!;
    const calls = await callToolOk(live.apiKey, 'list_call_assets', { campaign_id: brand.id });
    const support = (calls.structured!.call_assets as Structured[]).find((a) => a.phone_number === '+1 800-555-0199')!;
    const removed = await callToolOk(live.apiKey, 'remove_call_assets', { campaign_id: brand.id, asset_ids: [support.resource_name] });
    expect(removed.structured).toMatchObject({ removed: [expect.objectContaining({ asset_id: support.id })], remaining: 1 });
    const after = await callToolOk(live.apiKey, 'list_call_assets', { campaign_id: brand.id });
    expect((after.structured!.call_assets as Structured[]).map((a) => a.id)).not.toContain(support.id);
  });

  it('suggest_next_action judges the live account by the figures the platform reports', async () => {
    const searches = platform.api.countRequests(/googleAds:search$/);
    const data = await callToolOk(live.apiKey, 'suggest_next_action', {});
    expect(data.structured!.skipped).toEqual([]);
    // Health check, campaigns (with languages) and the campaign report.
    expect(platform.api.countRequests(/googleAds:search$/) - searches).toBeGreaterThanOrEqual(4);
  });

  it("counts days in the account's time zone: at 03:00 UTC a New York account's yesterday is two UTC days back", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    // Only the clock is faked: the fake platform and DynamoDB Local keep their real timers.
    fakeDate(new Date(`${today}T03:00:00Z`), false);
    try {
      // 03:00 UTC is 22:00 or 23:00 the evening before in New York, whose day has not ended.
      const window = await callToolOk(live.apiKey, 'get_campaign_performance', {});
      expect(window.structured!.end_date).toBe(day(-2));
      const refused = await callTool(live.apiKey, 'get_campaign_performance', { start_date: day(-3), end_date: day(-1) });
      expect(refused.status).toBe(400);
      expect(refused.body.structured_content).toMatchObject({ code: 'date_after_yesterday', last_day_with_data: day(-2) });
      expect(refused.body.error).toContain('America/New_York');
      // A sandbox account simulates its days in UTC.
      expect((await callToolOk(sandboxKey, 'get_campaign_performance', {})).structured!.end_date).toBe(day(-1));
    } finally {
      jest.useRealTimers();
    }
  });

  it('an unknown campaign id is a 400 naming it', async () => {
    const result = await callTool(live.apiKey, 'get_campaign_structure', { campaign_id: '12345678901' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('12345678901');
    expect(result.body.structured_content).toMatchObject({ code: 'not_found' });
  });
});
