/**
 * What any adapter of the shortvideo port must do, sandbox or live (run against a fake upstream
 * server). `open` gives the port of an advertiser that has at least one campaign, ad group, ad
 * and READY library video; the suite creates a campaign, an ad group and an ad in it.
 */
import { ToolError } from '../../../core/errors';
import { addDays, isoDate } from '../../../core/dates';
import type { ShortVideoAdGroup, ShortVideoCampaign, ShortVideoPort, ShortVideoReportRow } from '../../../platforms/shortvideo/port';

/** Fields of the simulation that no adapter may hand to tools. */
const SIMULATION_FIELDS = ['performance', 'tier', 'profile'];
const UNKNOWN_ID = '1799999999999999999';

function expectNoSimulation(entities: object[]): void {
  for (const entity of entities) for (const field of SIMULATION_FIELDS) expect(entity).not.toHaveProperty(field);
}

/** Rows added up per date. */
function byDate(
  rows: ShortVideoReportRow[],
): Map<string, { impressions: number; clicks: number; spend: number; conversions: number; revenue: number; video_views: number }> {
  const days = new Map<
    string,
    { impressions: number; clicks: number; spend: number; conversions: number; revenue: number; video_views: number }
  >();
  for (const row of rows) {
    const day = days.get(row.date) ?? { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 };
    day.impressions += row.impressions;
    day.clicks += row.clicks;
    day.spend += row.spend;
    day.conversions += row.conversions;
    day.revenue += row.revenue;
    day.video_views += row.video_views;
    days.set(row.date, day);
  }
  return days;
}

/** Rows grouped by the parent their id maps to (rows of unknown ids are left out). */
function groupBy(rows: ShortVideoReportRow[], parentOf: Map<string, string>): Map<string, ShortVideoReportRow[]> {
  const groups = new Map<string, ShortVideoReportRow[]>();
  for (const row of rows) {
    const parent = parentOf.get(row.id);
    if (parent) groups.set(parent, [...(groups.get(parent) ?? []), row]);
  }
  return groups;
}

export function describePortContract(label: string, open: () => Promise<ShortVideoPort>): void {
  describe(`shortvideo port contract: ${label}`, () => {
    let port: ShortVideoPort;
    const end = addDays(isoDate(new Date()), -1);
    const start = addDays(end, -13);

    beforeAll(async () => {
      port = await open();
    });

    it('reads campaigns, ad groups and ads as the platform returns them, with numeric ids and nothing of a simulation', async () => {
      const [campaigns, adGroups, ads, videos] = await Promise.all([
        port.listCampaigns(),
        port.listAdGroups(),
        port.listAds(),
        port.listVideos(),
      ]);
      expect(campaigns.length).toBeGreaterThan(0);
      expect(adGroups.length).toBeGreaterThan(0);
      expect(ads.length).toBeGreaterThan(0);
      expectNoSimulation([...campaigns, ...adGroups, ...ads, ...videos]);
      for (const c of campaigns) {
        expect(c.id).toMatch(/^\d+$/);
        expect(['ACTIVE', 'PAUSED', 'DELETED']).toContain(c.status);
        expect(['BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_INFINITE']).toContain(c.budget_mode);
      }
      const campaignIds = new Set(campaigns.map((c) => c.id));
      for (const g of adGroups) {
        expect(g.id).toMatch(/^\d+$/);
        expect(campaignIds.has(g.campaign_id)).toBe(true);
        expect(['ENABLED', 'DISABLED', 'DELETED']).toContain(g.status);
      }
      expect(await port.getCampaign(campaigns[0]!.id)).toEqual(campaigns[0]);
      expect(await port.getAdGroup(adGroups[0]!.id)).toEqual(adGroups[0]);
    });

    it('creates a campaign, an ad group and an ad with ids the platform assigns, each in the next read', async () => {
      const before = new Set((await port.listCampaigns()).map((c) => c.id));
      const now = new Date();
      const input: Omit<ShortVideoCampaign, 'id'> = {
        campaign_name: `Contract campaign ${now.getTime()}`,
        objective_type: 'TRAFFIC',
        status: 'ACTIVE',
        budget_mode: 'BUDGET_MODE_DAY',
        budget: 50,
        budget_optimize_on: false,
        create_time: now.toISOString(),
        start_date: isoDate(now),
      };
      const campaign = await port.createCampaign(input);
      expect(campaign.id).toMatch(/^\d+$/);
      expect(before.has(campaign.id)).toBe(false);
      // The platform stamps its own creation time.
      const { create_time: _created, ...expected } = input;
      expect(campaign).toMatchObject(expected);
      expectNoSimulation([campaign]);
      expect((await port.listCampaigns()).map((c) => c.id)).toContain(campaign.id);

      const group = await port.createAdGroup({
        campaign_id: campaign.id,
        adgroup_name: 'Contract ad group',
        status: 'ENABLED',
        budget_mode: 'BUDGET_MODE_DAY',
        budget: 50,
        schedule_type: 'SCHEDULE_FROM_NOW',
        schedule_start_time: `${isoDate(now)} 00:00:00`,
        pacing: 'PACING_MODE_SMOOTH',
        bid_type: 'BID_TYPE_NO_BID',
        billing_event: 'CPC',
        optimization_goal: 'CLICK',
        location_ids: ['6252001'],
        gender: 'GENDER_UNLIMITED',
        placement_type: 'PLACEMENT_TYPE_AUTOMATIC',
        creative_material_mode: 'CUSTOM',
        create_time: now.toISOString(),
      });
      expect(group.id).toMatch(/^\d+$/);
      expect(group.campaign_id).toBe(campaign.id);
      expectNoSimulation([group]);
      expect((await port.listAdGroups()).map((g) => g.id)).toContain(group.id);

      const video = (await port.listVideos()).find((v) => v.status === 'READY')!;
      const ad = await port.createAd({
        adgroup_id: group.id,
        campaign_id: campaign.id,
        ad_name: 'Contract ad',
        ad_format: 'SINGLE_VIDEO',
        status: 'ENABLED',
        review_status: 'IN_REVIEW',
        ad_text: 'Contract ad text',
        video_id: video.id,
        display_name: 'Contract',
        call_to_action: 'LEARN_MORE',
        landing_page_url: 'https://www.example.com/',
        create_time: now.toISOString(),
      });
      expect(ad.id).toMatch(/^\d+$/);
      expect(ad.adgroup_id).toBe(group.id);
      expectNoSimulation([ad]);
      expect((await port.listAds()).map((a) => a.id)).toContain(ad.id);
    });

    it('changes an ad group status, and refuses the change when the ad group is no longer in the status expected', async () => {
      const group = (await port.listAdGroups()).find((g) => g.status === 'ENABLED')!;
      const disabled = await port.updateAdGroup(group.id, { status: 'DISABLED' }, 'ENABLED');
      expect(disabled.status).toBe('DISABLED');
      expectNoSimulation([disabled]);
      expect((await port.getAdGroup(group.id)).status).toBe('DISABLED');
      await expect(port.updateAdGroup(group.id, { status: 'ENABLED' }, 'ENABLED')).rejects.toBeInstanceOf(ToolError);
      expect((await port.getAdGroup(group.id)).status).toBe('DISABLED');
      const enabled: ShortVideoAdGroup = await port.updateAdGroup(group.id, { status: 'ENABLED' }, 'DISABLED');
      expect(enabled.status).toBe('ENABLED');
    });

    it('reports one row per entity and day, and campaign rows add up to the advertiser rows of the same days', async () => {
      const campaigns = await port.listCampaigns();
      const [advertiser, campaignRows] = await Promise.all([
        port.getReport({ data_level: 'AUCTION_ADVERTISER', start_date: start, end_date: end }),
        port.getReport({ data_level: 'AUCTION_CAMPAIGN', start_date: start, end_date: end }),
      ]);
      const known = new Set(campaigns.map((c) => c.id));
      for (const row of [...advertiser, ...campaignRows]) {
        expect(row.date >= start && row.date <= end).toBe(true);
        for (const figure of [row.impressions, row.clicks, row.spend, row.conversions, row.revenue, row.video_views])
          expect(figure).toBeGreaterThanOrEqual(0);
      }
      expect(campaignRows.every((row) => known.has(row.id))).toBe(true);
      expect(new Set(campaignRows.map((row) => `${row.id}|${row.date}`)).size).toBe(campaignRows.length);
      expect(campaignRows.reduce((sum, row) => sum + row.spend, 0)).toBeGreaterThan(0);
      const parent = byDate(advertiser);
      const children = byDate(campaignRows);
      for (const [date, sum] of children) {
        const day = parent.get(date)!;
        expect(day).toBeDefined();
        expect({ impressions: day.impressions, clicks: day.clicks, conversions: day.conversions, video_views: day.video_views }).toEqual({
          impressions: sum.impressions,
          clicks: sum.clicks,
          conversions: sum.conversions,
          video_views: sum.video_views,
        });
        expect(day.spend).toBeCloseTo(sum.spend, 2);
        expect(day.revenue).toBeCloseTo(sum.revenue, 2);
      }
    });

    it('adds ad group rows up to their campaign and ad rows up to their ad group, day by day', async () => {
      const [adGroups, ads] = await Promise.all([port.listAdGroups(), port.listAds()]);
      const campaignOf = new Map(adGroups.map((g) => [g.id, g.campaign_id]));
      const adGroupOf = new Map(ads.map((a) => [a.id, a.adgroup_id]));
      const [campaignRows, groupRows, adRows] = await Promise.all(
        (['AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'] as const).map((data_level) =>
          port.getReport({ data_level, start_date: start, end_date: end }),
        ),
      );
      const expectSums = (parents: ShortVideoReportRow[], children: ShortVideoReportRow[], parentOf: Map<string, string>) => {
        const sums = byDate([]);
        for (const [parent, rows] of groupBy(children, parentOf))
          for (const [date, sum] of byDate(rows)) sums.set(`${parent}|${date}`, sum);
        for (const row of parents) {
          const sum = sums.get(`${row.id}|${row.date}`) ?? {
            impressions: 0,
            clicks: 0,
            spend: 0,
            conversions: 0,
            revenue: 0,
            video_views: 0,
          };
          expect({ impressions: row.impressions, clicks: row.clicks, conversions: row.conversions, video_views: row.video_views }).toEqual({
            impressions: sum.impressions,
            clicks: sum.clicks,
            conversions: sum.conversions,
            video_views: sum.video_views,
          });
          expect(row.spend).toBeCloseTo(sum.spend, 2);
          expect(row.revenue).toBeCloseTo(sum.revenue, 2);
        }
      };
      expectSums(campaignRows!, groupRows!, campaignOf);
      expectSums(groupRows!, adRows!, adGroupOf);
    });

    it('reports no delivery for today or later', async () => {
      const today = isoDate(new Date());
      const rows = await port.getReport({ data_level: 'AUCTION_CAMPAIGN', start_date: today, end_date: addDays(today, 3) });
      expect(rows.every((row) => row.impressions === 0 && row.spend === 0 && row.conversions === 0)).toBe(true);
    });

    it('filters report rows by id at every entity level', async () => {
      const [campaigns, adGroups, ads] = await Promise.all([port.listCampaigns(), port.listAdGroups(), port.listAds()]);
      for (const [level, id] of [
        ['AUCTION_CAMPAIGN', campaigns[0]!.id],
        ['AUCTION_ADGROUP', adGroups[0]!.id],
        ['AUCTION_AD', ads[0]!.id],
      ] as const) {
        const rows = await port.getReport({ data_level: level, start_date: start, end_date: end, ids: [id] });
        expect(rows.every((row) => row.id === id)).toBe(true);
      }
    });

    it('changes a campaign and an ad by id, only from the status expected, and sends a changed creative to review', async () => {
      const [campaign] = await port.listCampaigns();
      const renamed = await port.updateCampaign(campaign!.id, { campaign_name: `${campaign!.campaign_name} (contract)` });
      expect(renamed.campaign_name).toBe(`${campaign!.campaign_name} (contract)`);
      const wrongState = await port
        .updateCampaign(campaign!.id, { status: 'PAUSED' }, campaign!.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE')
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(wrongState).toBeInstanceOf(Error);
      const ad = (await port.listAds()).find((a) => a.status === 'ENABLED' && a.review_status === 'APPROVED')!;
      expect((await port.getAd(ad.id)).id).toBe(ad.id);
      expect((await port.updateAd(ad.id, { ad_name: `${ad.ad_name} (contract)` })).review_status).toBe('APPROVED');
      expect((await port.updateAd(ad.id, { ad_text: 'A new text for the contract suite' })).review_status).toBe('IN_REVIEW');
    });

    it('keeps images, carousels and identities; an image upload answers its size', async () => {
      const image = await port.uploadImageByUrl('https://cdn.example.com/contract/card_1080x1080.png', 'card_1080x1080.png');
      expect(image).toMatchObject({ width: 1080, height: 1080, format: 'png', source: 'URL' });
      expect((await port.listImages()).some((i) => i.id === image.id)).toBe(true);
      const second = await port.uploadImageByUrl('https://cdn.example.com/contract/card2_1080x1080.jpg', 'card2_1080x1080.jpg');
      const carousel = await port
        .createCarousel({
          carousel_name: 'Contract',
          image_ids: [image.id, second.id],
          aspect_ratio: '1:1',
          create_time: new Date().toISOString(),
        })
        .catch((err: unknown) => err);
      // A platform that keeps no carousel cards says so (live_not_supported); one that does lists it.
      if (carousel instanceof ToolError) expect(carousel.structuredContent.code).toBe('live_not_supported');
      else expect((await port.listCarousels()).map((c) => c.id)).toContain((carousel as { id: string }).id);
      const notImage = await port.uploadImageByUrl('https://www.example.com/page', 'page').then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(notImage).toBeInstanceOf(ToolError);
      for (const identity of await port.listIdentities()) expect(identity.identity_id).toMatch(/^\d+$/);
    });

    it('reports reach per range and audience segments that add up to the basic report', async () => {
      const [campaigns, basic] = await Promise.all([
        port.listCampaigns(),
        port.getReport({ data_level: 'AUCTION_CAMPAIGN', start_date: start, end_date: end }),
      ]);
      const reach = await port.getReachReport({
        data_level: 'AUCTION_CAMPAIGN',
        start_date: start,
        end_date: end,
        ids: campaigns.map((c) => c.id),
      });
      for (const row of reach) {
        const impressions = basic.filter((b) => b.id === row.id).reduce((t, b) => t + b.impressions, 0);
        expect(row.reach).toBeLessThanOrEqual(impressions);
        if (impressions > 0) expect(row.frequency).toBeGreaterThanOrEqual(1);
      }
      for (const dimensions of ['age_gender', 'country_code'] as const) {
        const segments = await port.getAudienceReport({ data_level: 'AUCTION_CAMPAIGN', start_date: start, end_date: end, dimensions });
        for (const c of campaigns) {
          const own = basic.filter((b) => b.id === c.id);
          const parts = segments.filter((s) => s.id === c.id);
          expect(parts.reduce((t, s) => t + s.impressions, 0)).toBe(own.reduce((t, b) => t + b.impressions, 0));
          expect(Math.round(parts.reduce((t, s) => t + s.spend, 0) * 100)).toBe(Math.round(own.reduce((t, b) => t + b.spend, 0) * 100));
        }
      }
    });

    it('answers an unknown id with a 400 error that names it', async () => {
      for (const read of [() => port.getCampaign(UNKNOWN_ID), () => port.getAdGroup(UNKNOWN_ID), () => port.getAd(UNKNOWN_ID)]) {
        const error = await read().then(
          () => undefined,
          (err: unknown) => err,
        );
        expect(error).toBeInstanceOf(ToolError);
        expect((error as ToolError).statusCode).toBe(400);
        expect((error as ToolError).message).toContain(UNKNOWN_ID);
      }
    });
  });
}
