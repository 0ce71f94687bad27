/**
 * What any adapter of the searchads port must do (sandbox over DynamoDB, live over the platform's
 * API): run with `describePortContract(label, open)`, where `open` gives a port on an account that
 * holds at least one enabled campaign with an ad group, location criteria and audience segments.
 */
import { ToolError } from '../../../core/errors';
import type { SearchAdsPort, SearchAdsReportRow } from '../../../platforms/searchads/port';

const SIMULATION_FIELDS = ['performance', 'profile', 'tier'];
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

function expectNoSimulation(entity: object): void {
  for (const field of SIMULATION_FIELDS) expect(entity).not.toHaveProperty(field);
}

type DaySum = { rows: number; impressions: number; clicks: number; spend: number; conversions: number };
function sumByDate(rows: SearchAdsReportRow[]): Map<string, DaySum> {
  const byDate = new Map<string, DaySum>();
  for (const r of rows) {
    const sum = byDate.get(r.date) ?? { rows: 0, impressions: 0, clicks: 0, spend: 0, conversions: 0 };
    byDate.set(r.date, {
      rows: sum.rows + 1,
      impressions: sum.impressions + r.impressions,
      clicks: sum.clicks + r.clicks,
      spend: sum.spend + r.spend,
      conversions: sum.conversions + r.conversions,
    });
  }
  return byDate;
}

export function describePortContract(label: string, open: () => Promise<SearchAdsPort>): void {
  describe(`searchads port contract: ${label}`, () => {
    let port: SearchAdsPort;
    beforeAll(async () => {
      port = await open();
    });

    it('reads entities of the port types, with digit ids and nothing of the simulation', async () => {
      const settings = await port.getAccountSettings();
      expect(settings.customer_id).toMatch(/^\d+$/);
      expect(typeof settings.descriptive_name).toBe('string');
      expect(settings.currency_code).toMatch(/^[A-Z]{3}$/);
      const campaigns = await port.listCampaigns();
      expect(campaigns.length).toBeGreaterThan(0);
      for (const c of campaigns) {
        expectNoSimulation(c);
        expect(c.id).toMatch(/^\d+$/);
        expect(['SEARCH', 'DISPLAY', 'PERFORMANCE_MAX', 'SHOPPING', 'VIDEO', 'DEMAND_GEN', 'MULTI_CHANNEL']).toContain(c.type);
        expect(['ENABLED', 'PAUSED', 'REMOVED']).toContain(c.status);
        expect(typeof c.budget_amount).toBe('number');
        expect(c.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      const groups = await port.listAdGroups();
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) {
        expectNoSimulation(g);
        expect(g).not.toHaveProperty('start_date');
        expect(typeof g.cpc_bid).toBe('number');
        expect(campaigns.map((c) => c.id)).toContain(g.campaign_id);
      }
      for (const k of await port.listKeywords()) {
        expectNoSimulation(k);
        expect(['EXACT', 'PHRASE', 'BROAD']).toContain(k.match_type);
      }
      expect(await port.getCampaign(campaigns[0]!.id)).toEqual(campaigns[0]);
    });

    it('an unknown id is a 400 naming it', async () => {
      const missing = '98765432101';
      for (const read of [() => port.getCampaign(missing), () => port.getAdGroup(missing)]) {
        const error = await read().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ToolError);
        expect((error as ToolError).statusCode).toBe(400);
        expect((error as ToolError).message).toContain(missing);
      }
    });

    it('a status change takes effect on the next read', async () => {
      const campaign = (await port.listCampaigns()).find((c) => c.status === 'ENABLED')!;
      const paused = await port.updateCampaign(campaign.id, { status: 'PAUSED' });
      expect(paused.status).toBe('PAUSED');
      expect((await port.getCampaign(campaign.id)).status).toBe('PAUSED');
      await port.updateCampaign(campaign.id, { status: 'ENABLED', budget_amount: campaign.budget_amount + 5 });
      const back = await port.getCampaign(campaign.id);
      expect(back).toMatchObject({ status: 'ENABLED', budget_amount: campaign.budget_amount + 5 });
      const group = (await port.listAdGroups()).find((g) => g.status === 'ENABLED')!;
      await port.updateAdGroup(group.id, { status: 'PAUSED' });
      expect((await port.getAdGroup(group.id)).status).toBe('PAUSED');
      await port.updateAdGroup(group.id, { status: 'ENABLED' });
    });

    it('creates get platform-assigned ids and show up in the next read', async () => {
      const campaign = (await port.listCampaigns()).find((c) => c.status === 'ENABLED' && c.type === 'SEARCH')!;
      const [asset] = await port.createAssets([{ type: 'CALLOUT', callout_text: 'Contract Callout' }]);
      expect(asset!.id).toMatch(/^\d+$/);
      expect((await port.listAssets('CALLOUT')).map((a) => a.id)).toContain(asset!.id);
      const [link] = await port.linkCampaignAssets([{ campaign_id: campaign.id, asset_id: asset!.id, field_type: 'CALLOUT' }]);
      expect(link).toMatchObject({ campaign_id: campaign.id, asset_id: asset!.id, field_type: 'CALLOUT', status: 'ENABLED' });
      expect((await port.listCampaignAssets(campaign.id)).map((l) => l.id)).toContain(link!.id);
      await port.unlinkCampaignAssets([link!.id]);
      expect((await port.listCampaignAssets(campaign.id)).map((l) => l.id)).not.toContain(link!.id);

      const before = await port.listCampaignCriteria(campaign.id);
      const suggested = (await Promise.all(['Texas', 'California', 'Canada'].map((place) => port.suggestGeoTargets(place)))).map(
        (matches) => matches[0]!,
      );
      for (const g of suggested) expect(g.resource_name).toBe(`geoTargetConstants/${g.id}`);
      // A location the campaign does not target yet.
      const geo = suggested.find((g) => !before.some((c) => c.criterion_id === g.id));
      const [criterion] = await port.addCampaignCriteria([
        { campaign_id: campaign.id, type: 'LOCATION', geo_target_constant: geo!.resource_name, negative: false },
      ]);
      expect(criterion).toMatchObject({ campaign_id: campaign.id, criterion_id: geo!.id, id: `${campaign.id}~${geo!.id}` });
      expect((await port.listCampaignCriteria(campaign.id)).map((c) => c.id)).toEqual(
        expect.arrayContaining([...before.map((c) => c.id), criterion!.id]),
      );
      await port.removeCampaignCriteria([criterion!.id]);
      expect((await port.listCampaignCriteria(campaign.id)).map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort());

      const group = (await port.listAdGroups(campaign.id)).find((g) => g.status !== 'REMOVED')!;
      const segment = (await port.listAudienceSegments()).find(
        (s) => s.type === 'IN_MARKET' && !(group.audiences ?? []).some((a) => a.audience_id === s.id),
      )!;
      const [audience] = await port.addAdGroupAudiences(group.id, [{ type: segment.type, audience_id: segment.id, name: segment.name }]);
      expect(audience!.criterion_id).toMatch(/^\d+$/);
      expect((await port.getAdGroup(group.id)).audiences).toEqual(expect.arrayContaining([audience]));
    });

    it('display criteria, topics, image assets, display ads and ad schedules round-trip', async () => {
      const display = (await port.listCampaigns()).find((c) => c.type === 'DISPLAY' && c.status !== 'REMOVED')!;
      const group = (await port.listAdGroups(display.id)).find((g) => g.status !== 'REMOVED')!;
      const [added] = await port.addAdGroupCriteria([
        { ad_group_id: group.id, type: 'PLACEMENT', value: 'www.contract-test.example', negative: true },
      ]);
      expect(added).toMatchObject({
        ad_group_id: group.id,
        campaign_id: display.id,
        type: 'PLACEMENT',
        negative: true,
        id: `${group.id}~${added!.criterion_id}`,
      });
      expect((await port.listAdGroupCriteria(group.id, ['PLACEMENT'])).map((c) => c.id)).toContain(added!.id);
      await port.removeAdGroupCriteria([added!.id]);
      expect((await port.listAdGroupCriteria(group.id)).map((c) => c.id)).not.toContain(added!.id);
      const topics = await port.listTopics();
      expect(topics.length).toBeGreaterThan(0);
      for (const t of topics) expect(t.resource_name).toBe(`topicConstants/${t.id}`);
      const images = await port.listMediaAssets('IMAGE');
      expect(images.every((i) => /^\d+$/.test(i.id) && (i.width ?? 0) > 0 && (i.height ?? 0) > 0)).toBe(true);
      const rda = (await port.listAds(display.id)).find((a) => a.type === 'RESPONSIVE_DISPLAY_AD')!;
      const ad = await port.getDisplayAd(rda.id);
      expect(ad.marketing_image_ids.every((id) => images.some((i) => i.id === id))).toBe(true);
      const window = {
        day_of_week: 'WEDNESDAY' as const,
        start_hour: 6,
        start_minute: 'FIFTEEN' as const,
        end_hour: 9,
        end_minute: 'ZERO' as const,
      };
      await port.changeAdSchedules(display.id, { remove: [], add: [window], rebid: [] });
      const scheduled = (await port.listAdSchedules(display.id)).find(
        (s) => s.day_of_week === 'WEDNESDAY' && s.start_hour === 6 && s.start_minute === 'FIFTEEN',
      );
      expect(scheduled).toMatchObject(window);
      await port.changeAdSchedules(display.id, { remove: [scheduled!.criterion_id], add: [], rebid: [] });
      expect((await port.listAdSchedules(display.id)).some((s) => s.criterion_id === scheduled!.criterion_id)).toBe(false);
    });

    it('report rows of every campaign add up to the account rows of the same days', async () => {
      const [start, end] = [isoDay(14), isoDay(1)];
      const [account, campaigns] = await Promise.all([port.getReport('customer', start, end), port.getReport('campaign', start, end)]);
      expect(campaigns.length).toBeGreaterThan(0);
      for (const row of campaigns) {
        expect(row.campaign_id).toMatch(/^\d+$/);
        expect(row.date >= start && row.date <= end).toBe(true);
      }
      const summed = sumByDate(campaigns);
      const totals = sumByDate(account);
      for (const date of new Set([...summed.keys(), ...totals.keys()])) {
        const a = summed.get(date) ?? { rows: 0, impressions: 0, clicks: 0, spend: 0, conversions: 0 };
        const b = totals.get(date) ?? { rows: 0, impressions: 0, clicks: 0, spend: 0, conversions: 0 };
        expect(a.impressions).toBe(b.impressions);
        expect(a.clicks).toBe(b.clicks);
        expect(a.conversions).toBeCloseTo(b.conversions, 2);
        // Each row's spend is rounded to the cent: sums may differ by a cent per row.
        expect(Math.abs(a.spend - b.spend)).toBeLessThanOrEqual(0.01 * a.rows + 1e-9);
      }
      for (const row of await port.getReport('ad_group', start, end)) expect(row.ad_group_id).toMatch(/^\d+$/);
    });

    it('ad group rows of a campaign add up to its campaign rows of the same days', async () => {
      const [start, end] = [isoDay(30), isoDay(1)];
      const [campaigns, groups] = await Promise.all([port.getReport('campaign', start, end), port.getReport('ad_group', start, end)]);
      expect(groups.length).toBeGreaterThan(0);
      const byCampaignDay = new Map<string, SearchAdsReportRow[]>();
      for (const row of groups) {
        const key = `${row.campaign_id}|${row.date}`;
        byCampaignDay.set(key, [...(byCampaignDay.get(key) ?? []), row]);
      }
      const campaignDays = new Set(campaigns.map((row) => `${row.campaign_id}|${row.date}`));
      for (const key of byCampaignDay.keys()) expect(campaignDays.has(key)).toBe(true);
      for (const row of campaigns) {
        const children = byCampaignDay.get(`${row.campaign_id}|${row.date}`);
        // Campaigns without ad groups (asset-group types) have no ad group rows.
        if (!children) continue;
        const sum = sumByDate(children).get(row.date)!;
        expect({ impressions: sum.impressions, clicks: sum.clicks }).toEqual({ impressions: row.impressions, clicks: row.clicks });
        expect(sum.conversions).toBeCloseTo(row.conversions, 2);
        expect(Math.abs(sum.spend - row.spend)).toBeLessThanOrEqual(0.01 * sum.rows + 1e-9);
      }
    });

    it('reports nothing for today or later: a day has figures once it is over', async () => {
      const today = isoDay(0);
      for (const level of ['customer', 'campaign', 'ad_group'] as const) {
        expect(await port.getReport(level, today, isoDay(-20))).toEqual([]);
        expect((await port.getReport(level, isoDay(10), isoDay(-5))).every((row) => row.date < today)).toBe(true);
      }
    });

    it('labels, shared budgets, portfolios, schedules and bid modifiers round-trip, and campaigns keep the port shape', async () => {
      const campaign = (await port.listCampaigns()).find((c) => c.type === 'SEARCH' && c.status === 'ENABLED')!;
      const label = await port.createLabel({ name: `Contract ${Date.now()}`, background_color: '#123456' });
      expect(label.id).toMatch(/^\d+$/);
      await port.addLabelLinks([{ label_id: label.id, entity_type: 'campaign', entity_id: campaign.id }]);
      expect((await port.getCampaign(campaign.id)).label_ids).toContain(label.id);
      expect(await port.listLabelLinks()).toContainEqual({ label_id: label.id, entity_type: 'campaign', entity_id: campaign.id });
      await port.removeLabelLinks([{ label_id: label.id, entity_type: 'campaign', entity_id: campaign.id }]);
      expect((await port.getCampaign(campaign.id)).label_ids).not.toContain(label.id);

      const budget = await port.createSharedBudget({ name: `Contract budget ${Date.now()}`, amount: 42.5 });
      await port.moveCampaignToBudget(campaign.id, budget.id);
      const moved = await port.getCampaign(campaign.id);
      expect(moved.budget_amount).toBe(42.5);
      expect((await port.listSharedBudgets()).find((b) => b.id === budget.id)).toMatchObject({
        amount: 42.5,
        delivery_method: 'STANDARD',
        campaign_ids: [campaign.id],
      });

      const strategy = await port.createBiddingStrategy({
        name: `Contract portfolio ${Date.now()}`,
        type: 'TARGET_CPA',
        target_cpa: 12,
        cpc_bid_ceiling: 3,
      });
      await port.assignBiddingStrategy(campaign.id, strategy.id);
      expect((await port.listBiddingStrategies()).find((s) => s.id === strategy.id)).toMatchObject({
        type: 'TARGET_CPA',
        target_cpa: 12,
        cpc_bid_ceiling: 3,
        campaign_ids: [campaign.id],
      });
      const inPortfolio = await port.getCampaign(campaign.id);
      expect(inPortfolio.bidding_strategy).toBe('TARGET_CPA');
      for (const hidden of ['budget_id', 'bidding_strategy_id', 'performance']) expect(inPortfolio).not.toHaveProperty(hidden);

      // The campaign may already run on Wednesdays (the brand campaign's seeded weekday schedule): that
      // interval is replaced in the same change, as the platform refuses overlapping intervals.
      const earlier = (await port.listAdSchedules(campaign.id)).filter((x) => x.day_of_week === 'WEDNESDAY').map((x) => x.criterion_id);
      await port.changeAdSchedules(campaign.id, {
        remove: earlier,
        rebid: [],
        add: [{ day_of_week: 'WEDNESDAY', start_hour: 9, start_minute: 'THIRTY', end_hour: 17, end_minute: 'ZERO', bid_modifier: 1.1 }],
      });
      const schedules = await port.listAdSchedules(campaign.id);
      expect(schedules.filter((x) => x.day_of_week === 'WEDNESDAY')).toHaveLength(1);
      const wednesday = schedules.find((x) => x.day_of_week === 'WEDNESDAY')!;
      expect(wednesday).toMatchObject({ start_hour: 9, start_minute: 'THIRTY', end_hour: 17, end_minute: 'ZERO', bid_modifier: 1.1 });
      await port.changeAdSchedules(campaign.id, { remove: [wednesday.criterion_id], rebid: [], add: [] });
      expect((await port.listAdSchedules(campaign.id)).some((x) => x.criterion_id === wednesday.criterion_id)).toBe(false);

      const location = (await port.listCampaignCriteria(campaign.id)).find((c) => !c.negative)!;
      await port.setBidModifiers(campaign.id, {
        devices: [{ device: 'DESKTOP', bid_modifier: 0.9 }],
        locations: [{ criterion_id: location.criterion_id, bid_modifier: 1.4 }],
      });
      expect(await port.listDeviceModifiers(campaign.id)).toContainEqual({ criterion_id: '30000', device: 'DESKTOP', bid_modifier: 0.9 });
      expect((await port.listCampaignCriteria(campaign.id)).find((c) => c.criterion_id === location.criterion_id)!.bid_modifier).toBe(1.4);
    });
  });
}
