/**
 * What any adapter of the socialads port must do (sandbox today, a live adapter over a fake
 * server later): entities shaped as the port types say and nothing else, platform-assigned ids,
 * creates visible in the next read, insights rows that add up across levels, and unknown ids
 * answered with a 400 that names them.
 *
 * `open` gives the port of an account that holds at least one campaign with an ad set and an ad,
 * a promotable page, and delivery in the last 14 days. Each call may return a fresh port.
 */
import { GatewayError } from '../../../core/errors';
import { addDays, isoDate } from '../../../core/dates';
import type { SocialAdsInsightsRow, SocialAdsPort } from '../../../platforms/socialads/port';

const CAMPAIGN_FIELDS = [
  'id',
  'name',
  'objective',
  'status',
  'buying_type',
  'daily_budget',
  'lifetime_budget',
  'special_ad_categories',
  'lead_form_id',
  'app',
  'start_date',
  'end_date',
  'created_at',
  'bid_strategy',
  'promoted_object',
];
const AD_SET_FIELDS = [
  'id',
  'campaign_id',
  'name',
  'status',
  'optimization_goal',
  'billing_event',
  'daily_budget',
  'lifetime_budget',
  'targeting',
  'promoted_object',
  'start_date',
  'end_date',
  'created_at',
  'bid_strategy',
  'bid_amount',
  'retargeting_days',
];
const AD_FIELDS = [
  'id',
  'ad_set_id',
  'campaign_id',
  'name',
  'status',
  'effective_status',
  'ad_type',
  'creative',
  'start_date',
  'created_at',
];
/** The figures of an insights row that add up across rows. */
const COUNTED = [
  'impressions',
  'clicks',
  'spend',
  'conversions',
  'revenue',
  'video_views',
  // Post engagements (the results of POST_ENGAGEMENT ad sets).
  'post_engagements',
  // All clicks are `clicks`; the link clicks among them, landing page views and 2-second video plays.
  'link_clicks',
  'landing_page_views',
  'two_second_video_plays',
] as const;
const INSIGHTS_FIELDS = [
  'campaign_id',
  // Campaign and ad set rows: the daily budget of that day, where the platform keeps it.
  'daily_budget',
  'ad_set_id',
  'ad_id',
  'date',
  'reach',
  ...COUNTED,
  'breakdown_value',
  'view_content',
  'add_to_cart',
];
const STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'];

/** Fields outside the port type (a simulation field such as a performance tier would show here). */
const foreignFields = (entity: object, allowed: string[]) => Object.keys(entity).filter((key) => !allowed.includes(key));

async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

/** Sums rows by a key; the figures of one key and day. */
function sumBy(rows: SocialAdsInsightsRow[], key: (row: SocialAdsInsightsRow) => string) {
  const sums = new Map<string, Record<(typeof COUNTED)[number], number>>();
  for (const row of rows) {
    const k = `${key(row)}|${row.date}`;
    const sum = sums.get(k) ?? (Object.fromEntries(COUNTED.map((m) => [m, 0])) as Record<(typeof COUNTED)[number], number>);
    for (const m of COUNTED) sum[m] += row[m] ?? 0;
    sums.set(k, sum);
  }
  return sums;
}

function expectSameSums(children: ReturnType<typeof sumBy>, parents: SocialAdsInsightsRow[], key: (row: SocialAdsInsightsRow) => string) {
  expect(new Set(children.keys())).toEqual(new Set(parents.map((row) => `${key(row)}|${row.date}`)));
  for (const parent of parents) {
    const sum = children.get(`${key(parent)}|${parent.date}`)!;
    expect(sum.impressions).toBe(parent.impressions);
    expect(sum.clicks).toBe(parent.clicks);
    expect(sum.conversions).toBe(parent.conversions);
    expect(sum.video_views).toBe(parent.video_views);
    expect(sum.post_engagements).toBe(parent.post_engagements ?? 0);
    expect(sum.link_clicks).toBe(parent.link_clicks ?? 0);
    expect(sum.landing_page_views).toBe(parent.landing_page_views ?? 0);
    expect(sum.two_second_video_plays).toBe(parent.two_second_video_plays ?? 0);
    expect(sum.spend).toBeCloseTo(parent.spend, 2);
    expect(sum.revenue).toBeCloseTo(parent.revenue, 2);
  }
}

export function describePortContract(
  label: string,
  open: () => Promise<SocialAdsPort>,
  /** An image the adapter can fetch (a live adapter downloads it; the sandbox only names it). */
  options: { imageUrl?: () => string } = {},
): void {
  describe(`socialads port contract: ${label}`, () => {
    const yesterday = addDays(isoDate(new Date()), -1);
    const range = { since: addDays(yesterday, -13), until: yesterday };

    it('reads entities shaped as the port types, without simulation fields', async () => {
      const port = await open();
      const [campaigns, adSets, ads] = await Promise.all([port.listCampaigns(), port.listAdSets(), port.listAds()]);
      expect(campaigns.length && adSets.length && ads.length).toBeTruthy();
      for (const c of campaigns) {
        expect(foreignFields(c, CAMPAIGN_FIELDS)).toEqual([]);
        expect(STATUSES).toContain(c.status);
        expect(c.id).toMatch(/^\d+$/);
      }
      for (const s of adSets) {
        expect(foreignFields(s, AD_SET_FIELDS)).toEqual([]);
        expect(campaigns.map((c) => c.id)).toContain(s.campaign_id);
      }
      for (const a of ads) {
        expect(foreignFields(a, AD_FIELDS)).toEqual([]);
        expect(adSets.find((s) => s.id === a.ad_set_id)?.campaign_id).toBe(a.campaign_id);
      }
      expect(await port.getCampaign(campaigns[0]!.id)).toEqual(campaigns[0]);
      expect(await port.getAdSet(adSets[0]!.id)).toEqual(adSets[0]);
    });

    it('creates a campaign, ad set and ad with platform-assigned ids that the next reads show', async () => {
      const port = await open();
      const page = (await port.listPages()).find((p) => p.promotable)!;
      const today = isoDate(new Date());
      const campaign = await port.createCampaign({
        name: 'Contract - campaign',
        objective: 'OUTCOME_TRAFFIC',
        status: 'PAUSED',
        buying_type: 'AUCTION',
        special_ad_categories: [],
        start_date: today,
      });
      expect(campaign.id).toMatch(/^\d{10,}$/);
      expect(foreignFields(campaign, CAMPAIGN_FIELDS)).toEqual([]);
      expect(await port.getCampaign(campaign.id)).toEqual(campaign);
      expect((await port.listCampaigns()).map((c) => c.id)).toContain(campaign.id);

      const adSet = await port.createAdSet({
        campaign_id: campaign.id,
        name: 'Contract - ad set',
        status: 'PAUSED',
        optimization_goal: 'LINK_CLICKS',
        billing_event: 'IMPRESSIONS',
        daily_budget: 20,
        targeting: { countries: ['US'], age_min: 18, age_max: 65, genders: [], publisher_platforms: ['main_app'] },
        start_date: today,
      });
      expect(adSet.id).toMatch(/^\d{10,}$/);
      expect(adSet.id).not.toBe(campaign.id);
      expect(await port.getAdSet(adSet.id)).toEqual(adSet);

      const image = await port.uploadImage({ url: options.imageUrl?.() ?? 'https://cdn.example.com/contract/hero.jpg', name: 'hero.jpg' });
      expect(image.hash).toMatch(/^[0-9a-f]{32}$/);
      expect(await port.findImage(image.hash)).toEqual(image);

      const ad = await port.createAd({
        ad_set_id: adSet.id,
        campaign_id: campaign.id,
        name: 'Contract - ad',
        status: 'PAUSED',
        ad_type: 'image',
        creative: {
          page_id: page.id,
          link: 'https://www.example.com/',
          call_to_action: 'LEARN_MORE',
          primary_texts: ['Hello'],
          headlines: ['Hi'],
          descriptions: [],
          image_hashes: [image.hash],
          disabled_creative_features: [],
        },
        start_date: today,
      });
      expect(ad.id).toMatch(/^\d{10,}$/);
      expect(ad.effective_status).toBe('PENDING_REVIEW');
      expect(foreignFields(ad, AD_FIELDS)).toEqual([]);
      expect((await port.listAds()).find((a) => a.id === ad.id)).toEqual(ad);
    });

    it('uploads a video with a platform-assigned id that the next read finds', async () => {
      const port = await open();
      const video = await port.uploadVideo({ source_url: 'https://cdn.example.com/contract/clip.mp4', title: 'clip.mp4' });
      expect(video.id).toMatch(/^\d{10,}$/);
      expect(await port.findVideo(video.id)).toEqual(video);
      expect((await port.listVideos()).map((v) => v.id)).toContain(video.id);
    });

    it('reports nothing for days that have not happened yet', async () => {
      const port = await open();
      const today = isoDate(new Date());
      for (const level of ['ad', 'adset', 'campaign'] as const) {
        expect(await port.getInsights({ level, time_range: { since: addDays(today, 1), until: addDays(today, 30) } })).toEqual([]);
      }
    });

    it('reports daily insights rows whose ads add up to their ad sets and ad sets to their campaigns', async () => {
      const port = await open();
      const [byAd, byAdSet, byCampaign] = await Promise.all(
        (['ad', 'adset', 'campaign'] as const).map((level) => port.getInsights({ level, time_range: range })),
      );
      expect(byAd.length).toBeGreaterThan(0);
      for (const row of [...byAd, ...byAdSet, ...byCampaign]) {
        expect(foreignFields(row, INSIGHTS_FIELDS)).toEqual([]);
        expect(row.date >= range.since && row.date <= range.until).toBe(true);
      }
      expect(byAd.every((r) => r.ad_id && r.ad_set_id)).toBe(true);
      expect(byAdSet.every((r) => r.ad_set_id && !r.ad_id)).toBe(true);
      expect(byCampaign.every((r) => !r.ad_set_id && !r.ad_id)).toBe(true);
      expectSameSums(
        sumBy(byAd, (r) => r.ad_set_id!),
        byAdSet,
        (r) => r.ad_set_id!,
      );
      expectSameSums(
        sumBy(byAdSet, (r) => r.campaign_id),
        byCampaign,
        (r) => r.campaign_id,
      );
    });

    it('counts link clicks among all clicks, landing page views among link clicks, and 2-second plays beyond ThruPlays', async () => {
      const port = await open();
      const rows = [
        ...(await port.getInsights({ level: 'ad', time_range: range })),
        ...(await port.getInsights({ level: 'campaign', time_range: range, breakdown: 'age' })),
      ];
      for (const row of rows) {
        const day = { id: row.ad_id ?? row.campaign_id, date: row.date, breakdown: row.breakdown_value };
        expect({ ...day, ok: row.link_clicks! <= row.clicks && row.landing_page_views! <= row.link_clicks! }).toEqual({ ...day, ok: true });
        expect({ ...day, ok: row.two_second_video_plays! >= row.video_views }).toEqual({ ...day, ok: true });
      }
      // Not the same figure under three names: other clicks than link clicks, and pages that did not load.
      const total = (m: 'clicks' | 'link_clicks' | 'landing_page_views' | 'video_views' | 'two_second_video_plays') =>
        rows.reduce((sum, row) => sum + (row[m] ?? 0), 0);
      expect(total('landing_page_views')).toBeGreaterThan(0);
      expect(total('link_clicks')).toBeGreaterThan(total('landing_page_views'));
      expect(total('clicks')).toBeGreaterThan(total('link_clicks'));
      if (total('video_views') > 0) expect(total('two_second_video_plays')).toBeGreaterThan(total('video_views'));
    });

    it('filters insights to the ids asked for', async () => {
      const port = await open();
      const all = await port.getInsights({ level: 'ad', time_range: range });
      const one = all[0]!.ad_id!;
      const rows = await port.getInsights({ level: 'ad', ids: [one], time_range: range });
      expect(rows).toEqual(all.filter((r) => r.ad_id === one));
    });

    it('splits insights by a breakdown into rows that add up to the unsplit rows', async () => {
      const port = await open();
      const plain = await port.getInsights({ level: 'campaign', time_range: range });
      for (const breakdown of ['age', 'gender', 'publisher_platform', 'platform_position', 'impression_device'] as const) {
        const split = await port.getInsights({ level: 'campaign', time_range: range, breakdown });
        expect(split.every((r) => typeof r.breakdown_value === 'string')).toBe(true);
        expectSameSums(
          sumBy(split, (r) => r.campaign_id),
          plain,
          (r) => r.campaign_id,
        );
      }
    });

    it('updates a campaign, an ad set and an ad from now on; the next reads show it', async () => {
      const port = await open();
      const campaign = (await port.listCampaigns()).find((c) => c.status === 'ACTIVE')!;
      const adSet = (await port.listAdSets()).find((s) => s.status === 'ACTIVE')!;
      const ad = (await port.listAds()).find((a) => a.status === 'ACTIVE')!;
      const before = await port.getInsights({ level: 'campaign', ids: [campaign.id], time_range: range });
      await port.updateCampaign(campaign.id, { status: 'PAUSED', name: `${campaign.name} (paused)` });
      await port.updateAdSet(adSet.id, { status: 'PAUSED' });
      await port.updateAd(ad.id, { name: 'Renamed' });
      expect(await port.getCampaign(campaign.id)).toMatchObject({ status: 'PAUSED', name: `${campaign.name} (paused)` });
      expect((await port.getAdSet(adSet.id)).status).toBe('PAUSED');
      expect((await port.getAd(ad.id)).name).toBe('Renamed');
      // Past days do not change.
      expect(await port.getInsights({ level: 'campaign', ids: [campaign.id], time_range: range })).toEqual(before);
    });

    it('reads catalogs, product sets that select products by their rules, audiences, targeting and leads', async () => {
      const port = await open();
      const [catalog] = await port.listCatalogs();
      const sets = await port.listProductSets(catalog!.id);
      for (const set of sets) expect((await port.listProducts(catalog!.id, { product_set_id: set.id })).length).toBe(set.product_count);
      const created = await port.createProductSet({
        catalog_id: catalog!.id,
        name: 'Premium',
        filter: [{ field: 'price', operator: 'gt', value: 200 }],
      });
      expect((await port.listProducts(catalog!.id, { product_set_id: created.id })).every((p) => p.price > 200)).toBe(true);
      expect((await port.listCustomAudiences()).length).toBeGreaterThan(0);
      expect((await port.searchTargeting({ type: 'interests', q: 'hik' })).map((o) => o.name)).toContain('Hiking');
      const form = (await port.listLeadForms())[0]!;
      const leads = await port.listLeads(form.id, range);
      expect(leads.every((l) => l.form_id === form.id && l.created_time.slice(0, 10) >= range.since)).toBe(true);
    });

    it('answers an unknown id with a 400 that names it', async () => {
      const port = await open();
      for (const [call, id] of [
        [(id: string) => port.getCampaign(id), '120299999999999991'],
        [(id: string) => port.getAdSet(id), '120299999999999992'],
        [(id: string) => port.getInsights({ level: 'adset', ids: [id], time_range: range }), '120299999999999993'],
      ] as const) {
        const err = await rejection(call(id));
        expect(err.statusCode).toBe(400);
        expect(err.message).toContain(id);
      }
    });
  });
}
