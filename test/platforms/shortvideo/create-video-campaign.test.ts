import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { allAdGroups, getAdGroup } from './helpers';

useTestTables();

/** A local server standing in for the advertiser's video CDN. */
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/spot.mp4') {
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '12582912' });
      return res.end();
    }
    if (req.url === '/watch') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end('<html></html>');
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const baseArgs = () => ({
  campaign_name: 'Trail Boots Summer',
  ad_text: 'Waterproof boots for every trail',
  budget_daily: 80,
  video_url: `${base}/spot.mp4`,
  landing_page_url: 'https://www.example.com/boots',
});

async function campaignsNamed(apiKey: string, prefix: string) {
  const data = await callToolOk(apiKey, 'list_shortvideo_campaigns', { name_contains: prefix });
  return data.structured!.campaigns as { id: string; campaign_name: string; status: string; objective_type: string }[];
}

describe('Tool: create_shortvideo_video_campaign', () => {
  it('creates campaign, ad group, video, cover and ad; the campaign starts PAUSED and is visible', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const data = await callToolOk(apiKey, 'create_shortvideo_video_campaign', baseArgs());
    const s = data.structured!;
    expect(s.campaign_status).toBe('PAUSED');
    expect(data.text).toContain('resume_shortvideo_campaign');
    expect(s.objective).toBe('TRAFFIC');
    expect(s.campaign_name).toMatch(/^Trail Boots Summer_\d{8}_\d{6}$/);
    expect(data.text).toMatch(/5-15 minutes/);
    expect(data.text).toMatch(/24 hours/);
    const [campaign] = await campaignsNamed(apiKey, 'Trail Boots Summer');
    expect(campaign).toMatchObject({ id: s.campaign_id, status: 'PAUSED', objective_type: 'TRAFFIC' });
    const group = await getAdGroup(apiKey, s.adgroup_id);
    expect(group).toMatchObject({
      campaign_id: s.campaign_id,
      placement_type: 'PLACEMENT_TYPE_NORMAL',
      placements: ['PLACEMENT_SHORTVIDEO'],
      location_ids: ['6252001'],
    });
    const ads = await callToolOk(apiKey, 'list_shortvideo_ads', { campaign_id: s.campaign_id });
    expect(ads.structured!.ads).toHaveLength(1);
    expect(ads.structured!.ads[0]).toMatchObject({
      id: s.ad_id,
      video_id: s.video_id,
      review_status: 'IN_REVIEW',
      call_to_action: 'WATCH_NOW',
      display_name: 'Trail Boots Summer',
    });
    const videos = await callToolOk(apiKey, 'list_shortvideo_ad_videos', { query: 'spot.mp4' });
    expect(videos.structured!.videos[0]).toMatchObject({ video_id: s.video_id, size: 12582912, status: 'PROCESSING' });
  });

  it('resumes after a failed upload without duplicating the campaign or ad group', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const groupsBefore = (await allAdGroups(apiKey)).length;
    await injectSandboxFailure(accounts.shortvideo![0], 'upload_video_by_url');
    const args = { ...baseArgs(), campaign_name: 'Resume Test' };
    const first = await callTool(apiKey, 'create_shortvideo_video_campaign', args);
    expect(first.status).toBe(500);
    expect(await campaignsNamed(apiKey, 'Resume Test')).toHaveLength(1);
    const second = await callTool(apiKey, 'create_shortvideo_video_campaign', args);
    expect(second.status).toBe(200);
    const campaigns = await campaignsNamed(apiKey, 'Resume Test');
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0].id).toBe(second.body.data!.structured!.campaign_id);
    const groups = (await allAdGroups(apiKey)).filter((g) => g.campaign_id === campaigns[0].id);
    expect(groups).toHaveLength(1);
    expect((await allAdGroups(apiKey)).length).toBe(groupsBefore + 1);
    const ads = await callToolOk(apiKey, 'list_shortvideo_ads', { campaign_id: campaigns[0].id });
    expect(ads.structured!.ads).toHaveLength(1);
  });

  it('creates a WEB_CONVERSIONS campaign (CONVERSIONS alias) with a library video', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    // The pixel that tracks purchases (ids, and so list order, differ per seeded account).
    const pixels = (await callToolOk(apiKey, 'list_shortvideo_pixels', {})).structured!.pixels as {
      pixel_id: string;
      pixel_name: string;
    }[];
    const pixel = pixels.find((p) => p.pixel_name === 'Store Pixel')!;
    const video = (await callToolOk(apiKey, 'list_shortvideo_ad_videos', { query: 'hook' })).structured!.videos[0];
    const { video_url: _u, ...rest } = baseArgs();
    const data = await callToolOk(apiKey, 'create_shortvideo_video_campaign', {
      ...rest,
      campaign_name: 'Checkout Push',
      objective: 'CONVERSIONS',
      pixel_id: pixel.pixel_id,
      optimization_event: 'ON_WEB_ORDER',
      video_id: video.video_id,
      call_to_action: 'SHOP_NOW',
    });
    expect(data.structured!.objective).toBe('WEB_CONVERSIONS');
    expect(data.structured!.video_id).toBe(video.video_id);
    const group = await getAdGroup(apiKey, data.structured!.adgroup_id);
    expect(group).toMatchObject({ pixel_id: pixel.pixel_id, optimization_event: 'ON_WEB_ORDER', optimization_goal: 'CONVERT' });
  });

  it('creates a LEAD_GENERATION campaign on a published instant form without a landing page', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const pages = (await callToolOk(apiKey, 'list_shortvideo_lead_pages', { status: 'PUBLISHED' })).structured!.lead_pages;
    const { landing_page_url: _l, ...rest } = baseArgs();
    const data = await callToolOk(apiKey, 'create_shortvideo_video_campaign', {
      ...rest,
      campaign_name: 'Hike Leads',
      objective: 'LEAD_GENERATION',
      page_id: pages[0].page_id,
      conversion_bid_price: 12,
    });
    expect(data.structured!.objective).toBe('LEAD_GENERATION');
  });

  it('warns about long ad text and a daily budget under 50', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const data = await callToolOk(apiKey, 'create_shortvideo_video_campaign', {
      ...baseArgs(),
      campaign_name: 'Small Test',
      budget_daily: 20,
      ad_text: 'x'.repeat(70),
    });
    const warnings = data.structured!.warnings.join(' ');
    expect(warnings).toContain('50 or fewer');
    expect(warnings).toContain('per day guidance');
  });

  it('applies the platform default daily budget when no budget is given, and says so', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const { budget_daily: _none, ...args } = baseArgs();
    const data = await callToolOk(apiKey, 'create_shortvideo_video_campaign', {
      ...args,
      campaign_name: 'Default Budget',
      budget_optimize_on: false,
    });
    expect(data.structured!.warnings.join(' ')).toContain('platform default of $50.00 per day');
    const group = await getAdGroup(apiKey, data.structured!.adgroup_id);
    expect(group).toMatchObject({ budget_mode: 'BUDGET_MODE_DAY', budget: 50 });
    const optimized = await callToolOk(apiKey, 'create_shortvideo_video_campaign', { ...args, campaign_name: 'Default Budget CBO' });
    const [campaign] = await campaignsNamed(apiKey, 'Default Budget CBO');
    expect(campaign).toMatchObject({
      id: optimized.structured!.campaign_id,
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 50,
      budget_optimize_on: true,
    });
  });

  it('its plan names the budget: amount, daily or lifetime, currency and where it sits (issue 31)', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    // Campaign budget optimization (the default): the budget is the campaign's.
    const optimized = await callToolOk(apiKey, 'create_shortvideo_video_campaign', { ...baseArgs(), dry_run: true });
    expect(optimized.structured!.summary).toContain('daily budget $80.00 on the campaign');
    expect(optimized.structured!.changes[0]).toMatchObject({
      entity: 'campaign',
      fields: { budget_mode: { after: 'BUDGET_MODE_DAY' }, budget: { after: 80 }, currency: { after: 'USD' } },
    });
    expect(optimized.text).toContain('| budget | - | 80 |');
    // A lifetime budget on the ad group.
    const lifetime = await callToolOk(apiKey, 'create_shortvideo_video_campaign', {
      ...baseArgs(),
      budget_daily: undefined,
      budget_lifetime: 1000,
      schedule_end_time: '2099-01-01 00:00:00',
      budget_optimize_on: false,
      dry_run: true,
    });
    expect(lifetime.structured!.summary).toContain('lifetime budget $1,000.00 on the ad group');
    expect(lifetime.structured!.changes[1]).toMatchObject({
      entity: 'ad_group',
      fields: { budget_mode: { after: 'BUDGET_MODE_TOTAL' }, budget: { after: 1000 }, currency: { after: 'USD' } },
    });
  });

  describe('rules', () => {
    let apiKey: string;
    beforeAll(async () => {
      ({ apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } }));
    });
    const expect400 = async (args: Record<string, unknown>, ...fragments: string[]) => {
      const result = await callTool(apiKey, 'create_shortvideo_video_campaign', args);
      expect(result.status).toBe(400);
      for (const f of fragments) expect(result.body.error).toContain(f);
    };
    it('needs campaign_name and ad_text', () =>
      expect400(
        { budget_daily: 80, video_url: `${base}/spot.mp4`, landing_page_url: 'https://x.example/' },
        '`campaign_name` is required',
        '`ad_text` is required',
      ));
    it('limits ad_text to 100 characters', () => expect400({ ...baseArgs(), ad_text: 'y'.repeat(101) }, '`ad_text`', '100'));
    it('rejects an unknown objective', () => expect400({ ...baseArgs(), objective: 'SALES' }, '`objective` must be one of'));
    it('needs pixel_id and optimization_event for WEB_CONVERSIONS', () =>
      expect400({ ...baseArgs(), objective: 'WEB_CONVERSIONS' }, '`pixel_id`', '`optimization_event`'));
    it('rejects a pixel code as pixel_id', () =>
      expect400(
        { ...baseArgs(), objective: 'WEB_CONVERSIONS', pixel_id: 'CABCDEF1234567890XYZ', optimization_event: 'ON_WEB_ORDER' },
        '`pixel_id`',
        'NUMERIC',
      ));
    it('needs app_id for APP_PROMOTION', () => expect400({ ...baseArgs(), objective: 'APP_PROMOTION' }, '`app_id`'));
    it('rejects app_promotion_type on other objectives', () =>
      expect400({ ...baseArgs(), app_promotion_type: 'APP_INSTALL' }, '`app_promotion_type`'));
    it('rejects both budgets', () =>
      expect400(
        { ...baseArgs(), budget_lifetime: 1000, schedule_end_time: '2031-01-01 00:00:00' },
        '`budget_daily` and `budget_lifetime` are mutually exclusive',
      ));
    it('needs schedule_end_time with budget_lifetime', () =>
      expect400({ ...baseArgs(), budget_daily: undefined, budget_lifetime: 1000 }, '`budget_lifetime` requires `schedule_end_time`'));
    it('checks the schedule_end_time format', () =>
      expect400(
        { ...baseArgs(), budget_daily: undefined, budget_lifetime: 1000, schedule_end_time: '2031/01/01' },
        '`schedule_end_time`',
        'YYYY-MM-DD HH:MM:SS',
      ));
    it('needs exactly one video source', async () => {
      await expect400({ ...baseArgs(), video_url: undefined }, '`video_url`, `video_id` or `shortvideo_item_id`');
      await expect400({ ...baseArgs(), video_id: 'v10033g50000abc' }, 'mutually exclusive');
    });
    it('limits display_name to 40 characters', () => expect400({ ...baseArgs(), display_name: 'n'.repeat(41) }, '`display_name`', '40'));
    it('needs an HTTPS landing page', async () => {
      await expect400({ ...baseArgs(), landing_page_url: 'http://www.example.com/' }, '`landing_page_url`', 'HTTPS');
      await expect400({ ...baseArgs(), landing_page_url: undefined }, '`landing_page_url`', 'required');
    });
    it('needs conversion_bid_price and a landing page or form for LEAD_GENERATION', () =>
      expect400(
        { ...baseArgs(), objective: 'LEAD_GENERATION', landing_page_url: undefined },
        '`conversion_bid_price`',
        '`landing_page_url`',
      ));
    it('refuses a DRAFT instant form', async () => {
      const draft = (await callToolOk(apiKey, 'list_shortvideo_lead_pages', { status: 'DRAFT' })).structured!.lead_pages[0];
      await expect400(
        { ...baseArgs(), landing_page_url: undefined, objective: 'LEAD_GENERATION', page_id: draft.page_id, conversion_bid_price: 10 },
        '`page_id`',
        'DRAFT',
        'PUBLISHED',
      );
    });
    it('rejects an unknown call to action', () =>
      expect400({ ...baseArgs(), call_to_action: 'CLICK_HERE' }, '`call_to_action` must be one of'));
    it('rejects bad target enums', () =>
      expect400(
        { ...baseArgs(), target_age_groups: ['AGE_18_99'], target_gender: 'ALL', placements: ['FEED'], operating_systems: ['LINUX'] },
        '`target_age_groups[0]`',
        '`target_gender`',
        '`placements[0]`',
        '`operating_systems[0]`',
      ));
    it('refuses a web page as video_url and creates nothing', async () => {
      await expect400(
        { ...baseArgs(), campaign_name: 'Html Video', video_url: `${base}/watch` },
        'this is a web page, not a direct download link',
      );
      expect(await campaignsNamed(apiKey, 'Html Video')).toHaveLength(0);
    });
    it('refuses a private-address video_url', () =>
      expect400({ ...baseArgs(), video_url: 'http://10.0.0.1/x.mp4' }, '`video_url` is refused: 10.0.0.1 is a private'));
  });
});
