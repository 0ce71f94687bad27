/**
 * Every shortvideo tool on a live advertiser through the gateway (router, handler, middy chain),
 * against the fake Business API: each answers 200 with what the platform holds (writes show up on
 * the fake), or 400 live_not_supported naming what the platform's API lacks.
 */
import { shortvideo } from '../../../platforms/shortvideo/manifest';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { liveShortVideoOwner, useFakeShortVideoApi } from './live-support';

useTestTables();
const platform = useFakeShortVideoApi();

type Row = Record<string, any>;
/** Keys of objects, merged over a list (optional fields differ between entities). */
const keysOf = (items: Row[]) => [...new Set(items.flatMap((i) => Object.keys(i)))].sort();

describe('Live shortvideo advertiser: every tool through the gateway', () => {
  let live: Awaited<ReturnType<typeof liveShortVideoOwner>>;
  let sandboxKey: string;
  const answered = new Set<string>();
  const named = (list: Row[], key: string, name: string) => {
    const found = list.find((e) => e[key] === name);
    if (!found) throw new Error(`no ${name} on the fake`);
    return found;
  };
  const ok = async (tool: string, args: Record<string, unknown> = {}) => {
    const data = await callToolOk(live.apiKey, tool, args);
    answered.add(tool);
    return data.structured as Row;
  };

  beforeAll(async () => {
    live = await liveShortVideoOwner(platform, { name: 'Northwind Outdoor' });
    ({ apiKey: sandboxKey } = await createTestOwner({ accounts: { shortvideo: 1 } }));
  });

  it('connects the advertiser the token reaches, named and priced as the platform says', () => {
    expect(live.account).toMatchObject({ account_id: live.upstream.id, name: 'Northwind Outdoor', mode: 'live', currency: 'USD' });
  });

  it('lists campaigns, ad groups and ads from the platform, shaped as on a sandbox account', async () => {
    const campaigns = (await ok('list_shortvideo_campaigns')).campaigns as Row[];
    expect(campaigns.map((c) => c.campaign_name).sort()).toEqual(['Site visitors', 'Spring trail launch', 'Winter clearance']);
    expect(campaigns.find((c) => c.campaign_name === 'Winter clearance')).toMatchObject({ status: 'PAUSED', budget: 60 });
    const sandbox = (await callToolOk(sandboxKey, 'list_shortvideo_campaigns', {})).structured!;
    expect(keysOf(campaigns).every((k) => keysOf(sandbox.campaigns).includes(k))).toBe(true);

    const groups = (await ok('list_shortvideo_ad_groups')).ad_groups as Row[];
    expect(groups).toHaveLength(5);
    // Its own switch: a disabled ad group under an enabled campaign reads disabled.
    expect(groups.find((g) => g.adgroup_name === 'US broad')!.status).toMatch(/DISABLE/);
    const ads = (await ok('list_shortvideo_ads')).ads as Row[];
    expect(ads.map((a) => a.ad_name).sort()).toEqual(['Broad A', 'Come back', 'Trail launch A', 'Trail launch B', 'Winter A']);
    const group = named(live.upstream.adGroups, 'adgroup_name', 'US 18-34 hikers');
    expect((await ok('get_shortvideo_ad_group', { adgroup_id: group.adgroup_id })).ad_group).toMatchObject({
      id: group.adgroup_id,
      placements: ['PLACEMENT_SHORTVIDEO'],
    });
    const spring = named(live.upstream.campaigns, 'campaign_name', 'Spring trail launch');
    await ok('get_shortvideo_campaign', { campaign_id: spring.campaign_id });
    await ok('get_shortvideo_campaign_details', { campaign_id: spring.campaign_id });
  });

  it('reads the library, setup and targeting catalogues', async () => {
    expect(((await ok('list_shortvideo_pixels')).pixels as Row[]).map((p) => p.pixel_name)).toEqual(['Storefront pixel']);
    expect(((await ok('list_shortvideo_lead_pages')).lead_pages as Row[]).map((p) => p.title ?? p.name)).toEqual([
      'Trail newsletter sign-up',
    ]);
    expect((await ok('list_shortvideo_ad_videos')).videos as Row[]).toHaveLength(2);
    expect(
      ((await ok('list_shortvideo_custom_audiences')).audiences ?? (await ok('list_shortvideo_custom_audiences')).custom_audiences).length,
    ).toBe(2);
    const found = await ok('search_shortvideo_targeting', { targeting_type: 'locations', query: 'cali' });
    expect(JSON.stringify(found)).toContain('5332921');
    expect(JSON.stringify(await ok('search_shortvideo_targeting', { targeting_type: 'interest_keywords', query: 'hiking' }))).toContain(
      '260148',
    );
    expect(((await ok('list_shortvideo_identities')).identities as Row[]).length).toBe(2);
    await ok('discover_shortvideo_assets');
  });

  it('reports and analyses read the integrated report', async () => {
    const performance = await ok('get_shortvideo_campaign_performance');
    expect(JSON.stringify(performance)).toContain('Spring trail launch');
    await ok('get_shortvideo_ad_performance');
    await ok('get_shortvideo_audience_insights');
    await ok('analyze_shortvideo_geo_performance');
    await ok('analyze_shortvideo_wasted_spend');
    await ok('detect_shortvideo_creative_fatigue');
    await ok('explain_shortvideo_anomaly', { metric: 'spend' });
    await ok('optimize_shortvideo_budget');
    await ok('explain_shortvideo_objective', { business_goal: 'website_sales' });
    expect(platform.api.count('GET', '/report/integrated/get/')).toBeGreaterThan(0);
  });

  it('status changes, updates and deletes change the platform; the next read shows them', async () => {
    const visitors = named(live.upstream.campaigns, 'campaign_name', 'Site visitors');
    await ok('pause_shortvideo_campaign', { campaign_id: visitors.campaign_id });
    expect(visitors.operation_status).toBe('DISABLE');
    await ok('resume_shortvideo_campaign', { campaign_id: visitors.campaign_id });
    expect(visitors.operation_status).toBe('ENABLE');

    const spring = named(live.upstream.campaigns, 'campaign_name', 'Spring trail launch');
    await ok('update_shortvideo_campaign', { campaign_id: spring.campaign_id, budget: 130 });
    expect(spring.budget).toBe(130);

    const hikers = named(live.upstream.adGroups, 'adgroup_name', 'US 18-34 hikers');
    await ok('pause_shortvideo_ad_group', { adgroup_id: hikers.adgroup_id });
    expect(hikers.operation_status).toBe('DISABLE');
    await ok('resume_shortvideo_ad_group', { adgroup_id: hikers.adgroup_id });
    expect(hikers.operation_status).toBe('ENABLE');
    const retarget = named(live.upstream.adGroups, 'adgroup_name', 'Visitors 30 days');
    await ok('update_shortvideo_ad_group', { adgroup_id: retarget.adgroup_id, budget: 66 });
    expect(retarget.budget).toBe(66);

    const launch = named(live.upstream.ads, 'ad_name', 'Trail launch A');
    await ok('pause_shortvideo_ad', { ad_id: launch.ad_id });
    expect(launch.operation_status).toBe('DISABLE');
    await ok('resume_shortvideo_ad', { ad_id: launch.ad_id });
    expect(launch.operation_status).toBe('ENABLE');
    const comeBack = named(live.upstream.ads, 'ad_name', 'Come back');
    await ok('update_shortvideo_ad', { ad_id: comeBack.ad_id, ad_name: 'Come back (spring)' });
    expect(comeBack.ad_name).toBe('Come back (spring)');

    const broad = named(live.upstream.ads, 'ad_name', 'Broad A');
    await ok('delete_shortvideo_ad', { ad_id: broad.ad_id });
    expect(broad.secondary_status).toBe('AD_STATUS_DELETE');
    const winterGroup = named(live.upstream.adGroups, 'adgroup_name', 'Winter fans');
    await ok('delete_shortvideo_ad_group', { adgroup_id: winterGroup.adgroup_id });
    expect(winterGroup.secondary_status).toBe('ADGROUP_STATUS_DELETE');
    const winter = named(live.upstream.campaigns, 'campaign_name', 'Winter clearance');
    await ok('delete_shortvideo_campaign', { campaign_id: winter.campaign_id });
    expect(winter.secondary_status).toBe('CAMPAIGN_STATUS_DELETE');
    const deleted = (await ok('list_shortvideo_campaigns', { status: 'DELETED' })).campaigns as Row[];
    expect(deleted.map((c) => c.id)).toEqual([winter.campaign_id]);
  });

  it('creates campaigns, ad groups, ads and uploads on the platform, paused where they start', async () => {
    const spring = named(live.upstream.campaigns, 'campaign_name', 'Spring trail launch');
    const before = live.upstream.adGroups.length;
    await ok('add_shortvideo_ad_group', { campaign_id: spring.campaign_id, adgroup_name: 'Live test group', budget: 30 });
    expect(live.upstream.adGroups).toHaveLength(before + 1);
    expect(named(live.upstream.adGroups, 'adgroup_name', 'Live test group')).toMatchObject({ budget: 30, campaign_id: spring.campaign_id });

    const hikers = named(live.upstream.adGroups, 'adgroup_name', 'US 18-34 hikers');
    const video = live.upstream.videos[0]!;
    await ok('add_shortvideo_ad', {
      adgroup_id: hikers.adgroup_id,
      ad_format: 'SINGLE_VIDEO',
      video_id: video.video_id,
      ad_text: 'Gear that goes further on every trail',
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/trail',
    });
    expect(live.upstream.ads.some((a) => a.adgroup_id === hikers.adgroup_id && a.ad_text === 'Gear that goes further on every trail')).toBe(
      true,
    );

    const uploaded = await ok('upload_shortvideo_images', { image_urls: ['https://cdn.example.com/live/boots_1080x1920.jpg'] });
    expect(JSON.stringify(uploaded)).toContain('1080');
    const image = live.upstream.images.find((i) => i.image_url === 'https://cdn.example.com/live/boots_1080x1920.jpg')!;
    expect(image).toMatchObject({ width: 1080, height: 1920 });
    await ok('validate_and_prepare_shortvideo_assets', {
      image_urls: ['https://cdn.example.com/live/a_1080x1080.jpg', 'https://cdn.example.com/live/b_1080x1080.jpg'],
      intended_use: 'CAROUSEL',
    });

    const campaignsBefore = live.upstream.campaigns.length;
    await ok('create_shortvideo_campaign', {
      campaign_name: 'Live image campaign',
      ad_format: 'SINGLE_IMAGE',
      image_id: image.image_id,
      ad_text: 'Gear that goes further on every trail',
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/trail',
    });
    expect(live.upstream.campaigns).toHaveLength(campaignsBefore + 1);
    expect(named(live.upstream.campaigns, 'campaign_name', 'Live image campaign').operation_status).toBe('DISABLE');

    await ok('create_shortvideo_video_campaign', {
      campaign_name: 'Live video campaign',
      ad_text: 'Gear that goes further',
      objective: 'TRAFFIC',
      budget_daily: 50,
      video_id: video.video_id,
      landing_page_url: 'https://www.example.com/trail',
      display_name: 'Northwind Outdoor',
    });
    expect(live.upstream.campaigns.find((c) => c.campaign_name.startsWith('Live video campaign'))!.operation_status).toBe('DISABLE');

    const visitors = named(live.upstream.campaigns, 'campaign_name', 'Site visitors');
    await ok('duplicate_shortvideo_campaign', { campaign_id: visitors.campaign_id });
    expect(live.upstream.campaigns.some((c) => c.campaign_name !== 'Site visitors' && c.campaign_name.startsWith('Site visitors'))).toBe(
      true,
    );
    const broadGroup = named(live.upstream.adGroups, 'adgroup_name', 'US broad');
    await ok('duplicate_shortvideo_ad_group', { adgroup_id: broadGroup.adgroup_id });
    expect(live.upstream.adGroups.filter((g) => g.adgroup_name.startsWith('US broad')).length).toBe(2);
  });

  it.each([
    [
      'create_shortvideo_carousel_card',
      () => ({
        carousel_name: 'Live carousel',
        image_ids: live.upstream.images.filter((i) => i.width === 1080 && i.height === 1080).map((i) => i.image_id),
      }),
    ],
    [
      'create_shortvideo_dco_ad',
      () => ({
        adgroup_id: named(live.upstream.adGroups, 'adgroup_name', 'Visitors dynamic').adgroup_id,
        video_ids: [live.upstream.videos[0]!.video_id],
        ad_texts: ['Gear that goes further'],
        display_name: 'Northwind Outdoor',
        landing_page_url: 'https://www.example.com/trail',
      }),
    ],
  ])('%s answers 400 live_not_supported naming what the platform API lacks, and sends nothing', async (tool, args) => {
    const writes = platform.api.requests.filter((r) => r.method === 'POST').length;
    const result = await callTool(live.apiKey, tool, args());
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({ code: 'live_not_supported', platform: 'shortvideo' });
    expect(result.body.error).toMatch(/platform's API|ads manager/);
    expect(platform.api.requests.filter((r) => r.method === 'POST').length).toBe(writes);
    answered.add(tool);
  });

  it('has answered every shortvideo tool', () => {
    const missing = shortvideo.tools.map((t) => t.name).filter((name) => !answered.has(name));
    expect(missing).toEqual([]);
  });
});
