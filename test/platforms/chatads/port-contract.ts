/**
 * What any adapter of the chatads port must do (sandbox and live alike): entities of the port's
 * types with no simulation fields, platform-assigned ids on create that show up in the next read,
 * status changes that take effect, insights whose rows add up across levels, and a 400 naming an
 * unknown id. Opened through `openChatAdsPort`, so the sandbox runs inside its failure wrapper.
 */
import { GatewayError } from '../../../core/errors';
import { DELIVERY_FIELDS, type ChatAdsPort } from '../../../platforms/chatads/port';

const CAMPAIGN_KEYS = [
  'id',
  'name',
  'description',
  'status',
  'bidding_type',
  'budget',
  'daily_budget',
  'start_date',
  'end_date',
  'created_at',
];
const AD_GROUP_KEYS = [
  'id',
  'campaign_id',
  'name',
  'description',
  'status',
  'strategy',
  'billing_event_type',
  'max_bid_micros',
  'max_cpm_bid_micros',
  'context_hints',
  'custom_audience_bid_multipliers',
  'created_at',
];
const AD_KEYS = [
  'id',
  'campaign_id',
  'ad_group_id',
  'name',
  'type',
  'headline',
  'body',
  'call_to_action',
  'landing_url',
  'image_file_id',
  'status',
  'review_status',
  'created_at',
];
const STATUSES = ['active', 'paused', 'archived'];
const DAY = 86_400;

const keysOutside = (entity: object, allowed: string[]) => Object.keys(entity).filter((k) => !allowed.includes(k));

export function describePortContract(label: string, open: () => Promise<ChatAdsPort>): void {
  describe(`chatads port contract: ${label}`, () => {
    let port: ChatAdsPort;
    beforeAll(async () => {
      port = await open();
    });

    it('reads campaigns, ad groups and ads as the port types, with no simulation fields', async () => {
      const campaigns = await port.listCampaigns();
      expect(campaigns.length).toBeGreaterThan(0);
      for (const c of campaigns) {
        expect(keysOutside(c, CAMPAIGN_KEYS)).toEqual([]);
        expect(c.id).toMatch(/^cmpn_[A-Za-z0-9]+$/);
        expect(STATUSES).toContain(c.status);
        expect(c.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isNaN(Date.parse(c.created_at))).toBe(false);
        expect(c.budget).toBeGreaterThan(0);
      }
      const groups = await port.listAdGroups();
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) {
        expect(keysOutside(g, AD_GROUP_KEYS)).toEqual([]);
        expect(g.id).toMatch(/^adgrp_[A-Za-z0-9]+$/);
        expect(campaigns.map((c) => c.id)).toContain(g.campaign_id);
      }
      const ads = await port.listAds();
      expect(ads.length).toBeGreaterThan(0);
      for (const ad of ads) {
        expect(keysOutside(ad, AD_KEYS)).toEqual([]);
        expect(groups.find((g) => g.id === ad.ad_group_id)?.campaign_id).toBe(ad.campaign_id);
      }
      expect(await port.getCampaign(campaigns[0].id)).toEqual(campaigns[0]);
    });

    it('lists the ad groups of one campaign', async () => {
      const groups = await port.listAdGroups();
      const campaignId = groups[0].campaign_id;
      const ofCampaign = await port.listAdGroups({ campaign_id: campaignId });
      expect(ofCampaign.map((g) => g.id).sort()).toEqual(
        groups
          .filter((g) => g.campaign_id === campaignId)
          .map((g) => g.id)
          .sort(),
      );
    });

    it('creates an ad group with an id the platform assigns; the next read shows it', async () => {
      // Impression billing belongs to a campaign bidding for impressions.
      const parent = (await port.listCampaigns()).find((c) => c.status === 'active' && c.bidding_type === 'impressions')!;
      const before = await port.listAdGroups();
      const created = await port.createAdGroup(
        {
          campaign_id: parent.id,
          name: 'Contract group',
          status: 'paused',
          strategy: 'fixed_bid',
          billing_event_type: 'impression',
          max_cpm_bid_micros: 9_000_000,
          context_hints: ['lightweight tent'],
          custom_audience_bid_multipliers: [],
        },
        new Date(),
      );
      expect(created.id).toMatch(/^adgrp_[A-Za-z0-9]+$/);
      expect(before.map((g) => g.id)).not.toContain(created.id);
      expect(created).toMatchObject({
        campaign_id: parent.id,
        name: 'Contract group',
        status: 'paused',
        billing_event_type: 'impression',
        max_cpm_bid_micros: 9_000_000,
        context_hints: ['lightweight tent'],
      });
      expect(keysOutside(created, AD_GROUP_KEYS)).toEqual([]);
      const after = await port.listAdGroups({ campaign_id: parent.id });
      expect(after.find((g) => g.id === created.id)).toEqual(created);
    });

    it('uploads an image and creates a chat card with it; the next read shows the ad', async () => {
      const group = (await port.listAdGroups()).find((g) => g.status !== 'archived')!;
      const { file_id } = await port.uploadImage('https://cdn.example.com/cards/tent.png', new Date());
      expect(file_id).toMatch(/^file_[A-Za-z0-9]+$/);
      const created = await port.createAd(
        {
          campaign_id: group.campaign_id,
          ad_group_id: group.id,
          name: 'Contract card',
          type: 'chat_card',
          headline: 'Tents that pack small',
          body: 'Two pounds, four seasons.',
          landing_url: 'https://www.example.com/tents',
          image_file_id: file_id,
          status: 'paused',
        },
        new Date(),
      );
      expect(created).toMatchObject({
        campaign_id: group.campaign_id,
        ad_group_id: group.id,
        headline: 'Tents that pack small',
        image_file_id: file_id,
        status: 'paused',
      });
      expect(keysOutside(created, AD_KEYS)).toEqual([]);
      expect((await port.listAds()).find((a) => a.id === created.id)).toMatchObject({
        headline: 'Tents that pack small',
        status: 'paused',
      });
    });

    it('finds places to target with the geo lookup', async () => {
      const found = await port.geoLookup('California', 5);
      expect(found.find((l) => l.name === 'California')).toMatchObject({ type: 'region', country_code: 'US' });
      expect(found.length).toBeLessThanOrEqual(5);
    });

    it('changes a campaign status, and the next read shows it', async () => {
      const campaign = (await port.listCampaigns()).find((c) => c.status === 'active')!;
      const paused = await port.setCampaignStatus(campaign.id, 'paused', 'active', new Date());
      expect(paused).toMatchObject({ id: campaign.id, status: 'paused' });
      expect((await port.getCampaign(campaign.id)).status).toBe('paused');
      await port.setCampaignStatus(campaign.id, 'active', 'paused', new Date());
      expect((await port.getCampaign(campaign.id)).status).toBe('active');
    });

    it('reports insights whose ad rows add up to their campaign row, and days to the whole window', async () => {
      const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
      const window = { start: today - 8 * DAY, end: today - DAY };
      const ads = await port.listAds();
      const campaigns = await port.listCampaigns();
      const campaign = campaigns.find((c) => c.status === 'active' && ads.filter((a) => a.campaign_id === c.id).length > 1)!;
      const fields = [...DELIVERY_FIELDS];
      const [campaignRow] = await port.getInsights({
        aggregation_level: 'campaign',
        ids: [campaign.id],
        ...window,
        time_granularity: 'none',
        fields,
      });
      expect(campaignRow.entity_id).toBe(campaign.id);
      expect(campaignRow.impressions).toBeGreaterThan(0);
      expect(keysOutside(campaignRow, ['entity_id', ...fields])).toEqual([]);
      const adIds = ads.filter((a) => a.campaign_id === campaign.id).map((a) => a.id);
      const adRows = await port.getInsights({ aggregation_level: 'ad', ids: adIds, ...window, time_granularity: 'none', fields });
      expect(adRows.every((r) => adIds.includes(r.entity_id))).toBe(true);
      const sum = (rows: typeof adRows, field: 'impressions' | 'clicks' | 'spend') => rows.reduce((t, r) => t + (r[field] ?? 0), 0);
      expect(sum(adRows, 'impressions')).toBe(campaignRow.impressions);
      expect(sum(adRows, 'clicks')).toBe(campaignRow.clicks);
      expect(sum(adRows, 'spend')).toBeCloseTo(campaignRow.spend!, 1);
      const daily = await port.getInsights({
        aggregation_level: 'campaign',
        ids: [campaign.id],
        ...window,
        time_granularity: 'daily',
        fields,
      });
      expect(daily.length).toBeGreaterThan(1);
      expect(daily.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.date!))).toBe(true);
      expect(sum(daily, 'impressions')).toBe(campaignRow.impressions);
      const byDevice = await port.getInsights({
        aggregation_level: 'campaign',
        ids: [campaign.id],
        ...window,
        time_granularity: 'none',
        segment: 'device',
        fields,
      });
      expect(byDevice.length).toBeGreaterThan(1);
      expect(byDevice.every((r) => typeof r.device === 'string')).toBe(true);
      expect(sum(byDevice, 'clicks')).toBe(campaignRow.clicks);
    });

    it('answers an unknown id with a 400 naming it', async () => {
      const missing = 'cmpn_doesnotexist0000';
      const failure = await port.getCampaign(missing).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(GatewayError);
      expect((failure as GatewayError).statusCode).toBe(400);
      expect((failure as GatewayError).message).toContain(missing);
      const status = await port.setCampaignStatus(missing, 'paused', 'active', new Date()).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect((status as GatewayError).statusCode).toBe(400);
      expect((status as GatewayError).message).toContain(missing);
    });
  });
}
