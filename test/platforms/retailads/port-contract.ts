/**
 * What any adapter of the retailads port must do, sandbox or live (run against a fake upstream
 * server). `open` gives the port of a profile with Sponsored Products, Brands and Display
 * campaigns that delivered in the last two weeks; the suite adds one Sponsored Brands negative
 * keyword. (The port changes no state or bid, so there is no status change to check.)
 */
import { ToolError } from '../../../core/errors';
import { addDays, isoDate } from '../../../core/dates';
import type { RetailAdsPort, RetailAdsReportRow, RetailAdsReportTypeId } from '../../../platforms/retailads/port';

/** Fields of the simulation that no adapter may hand to tools. */
const SIMULATION_FIELDS = ['performance', 'tier', 'profile'];
const UNKNOWN_ID = '999999999999999';

function expectNoSimulation(entities: object[]): void {
  for (const entity of entities) for (const field of SIMULATION_FIELDS) expect(entity).not.toHaveProperty(field);
}

/** Impressions, clicks, spend, orders and sales of rows, added up per key. */
function sumBy(
  rows: RetailAdsReportRow[],
  key: (row: RetailAdsReportRow) => string,
): Map<string, { impressions: number; clicks: number; spend: number; orders: number; sales: number }> {
  const sums = new Map<string, { impressions: number; clicks: number; spend: number; orders: number; sales: number }>();
  for (const row of rows) {
    const sum = sums.get(key(row)) ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 };
    sum.impressions += row.impressions;
    sum.clicks += row.clicks;
    sum.spend += row.spend;
    sum.orders += row.orders;
    sum.sales += row.sales;
    sums.set(key(row), sum);
  }
  return sums;
}

export function describePortContract(label: string, open: () => Promise<RetailAdsPort>): void {
  describe(`retailads port contract: ${label}`, () => {
    let port: RetailAdsPort;
    const end = addDays(isoDate(new Date()), -1);
    const start = addDays(end, -13);

    beforeAll(async () => {
      port = await open();
    });

    it('reads the profile and its campaigns, ad groups, ads, keywords and targets with nothing of a simulation', async () => {
      const [profiles, campaigns, adGroups, productAds, keywords, targets, negatives] = await Promise.all([
        port.listProfiles(),
        port.listCampaigns(),
        port.listAdGroups(),
        port.listProductAds(),
        port.listKeywords(),
        port.listTargets(),
        port.listSbNegativeKeywords(),
      ]);
      expect(profiles.length).toBeGreaterThan(0);
      expect(new Set(campaigns.map((c) => c.ad_product))).toEqual(new Set(['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY']));
      expectNoSimulation([...profiles, ...campaigns, ...adGroups, ...productAds, ...keywords, ...targets, ...negatives]);
      const campaignIds = new Set(campaigns.map((c) => c.id));
      for (const child of [...adGroups, ...productAds, ...keywords, ...targets]) expect(campaignIds.has(child.campaign_id)).toBe(true);
      for (const c of campaigns) expect(['ENABLED', 'PAUSED', 'ARCHIVED']).toContain(c.state);
      expect(await port.getCampaign(campaigns[0]!.id)).toEqual(campaigns[0]);
      expect(await port.getAdGroup(adGroups[0]!.id)).toEqual(adGroups[0]);
    });

    it('creates a Sponsored Brands negative keyword with an id the platform assigns, in the next read', async () => {
      const campaigns = await port.listCampaigns();
      const brands = new Set(campaigns.filter((c) => c.ad_product === 'SPONSORED_BRANDS').map((c) => c.id));
      const group = (await port.listAdGroups()).find((g) => brands.has(g.campaign_id))!;
      const before = new Set((await port.listSbNegativeKeywords()).map((n) => n.id));
      const text = `contract negative ${Date.now()}`;
      const [created] = await port.createSbNegativeKeywords(
        [{ campaign_id: group.campaign_id, ad_group_id: group.id, keyword_text: text, match_type: 'negativeExact' }],
        new Date(),
      );
      expect(created!.id).toMatch(/^\d+$/);
      expect(before.has(created!.id)).toBe(false);
      expect(created).toMatchObject({
        campaign_id: group.campaign_id,
        ad_group_id: group.id,
        keyword_text: text,
        match_type: 'negativeExact',
        state: 'enabled',
      });
      expect((await port.listSbNegativeKeywords()).find((n) => n.id === created!.id)).toMatchObject({ keyword_text: text });
    });

    it.each([
      ['spTargeting', 'spCampaigns'],
      ['sbTargeting', 'sbCampaigns'],
      ['sdTargeting', 'sdCampaigns'],
      ['sbAdGroup', 'sbCampaigns'],
      ['sdAdGroup', 'sdCampaigns'],
    ] as [RetailAdsReportTypeId, RetailAdsReportTypeId][])(
      '%s rows add up to the %s rows of the same dates',
      async (childType, campaignType) => {
        const [children, campaigns] = await Promise.all([port.getReport(childType, start, end), port.getReport(campaignType, start, end)]);
        const sums = sumBy(children, (row) => row.campaign_id);
        expect(campaigns.reduce((total, row) => total + row.spend, 0)).toBeGreaterThan(0);
        for (const campaign of campaigns) {
          const sum = sums.get(campaign.campaign_id) ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 };
          expect({ impressions: campaign.impressions, clicks: campaign.clicks, orders: campaign.orders }).toEqual({
            impressions: sum.impressions,
            clicks: sum.clicks,
            orders: sum.orders,
          });
          expect(campaign.spend).toBeCloseTo(sum.spend, 2);
          expect(campaign.sales).toBeCloseTo(sum.sales, 2);
        }
        // No row of a campaign the campaign report does not know.
        const known = new Set(campaigns.map((row) => row.campaign_id));
        expect(children.every((row) => known.has(row.campaign_id))).toBe(true);
      },
    );

    it('adds Sponsored Products placement rows up to their campaign, and search-term rows up to their keyword/target', async () => {
      const [campaigns, placements, targeting, terms] = await Promise.all([
        port.getReport('spCampaigns', start, end),
        port.getPlacementReport(start, end),
        port.getReport('spTargeting', start, end),
        port.getReport('spSearchTerm', start, end),
      ]);
      const byPlacement = sumBy(placements, (row) => row.campaign_id);
      for (const campaign of campaigns) {
        const sum = byPlacement.get(campaign.campaign_id) ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 };
        expect({ impressions: sum.impressions, clicks: sum.clicks, orders: sum.orders }).toEqual({
          impressions: campaign.impressions,
          clicks: campaign.clicks,
          orders: campaign.orders,
        });
        expect(sum.spend).toBeCloseTo(campaign.spend, 2);
      }
      const byLeaf = sumBy(terms, (row) => row.keyword_id!);
      for (const leaf of targeting.filter((row) => byLeaf.has(row.keyword_id!))) {
        const sum = byLeaf.get(leaf.keyword_id!)!;
        expect({ impressions: sum.impressions, clicks: sum.clicks, orders: sum.orders }).toEqual({
          impressions: leaf.impressions,
          clicks: leaf.clicks,
          orders: leaf.orders,
        });
        expect(sum.spend).toBeCloseTo(leaf.spend, 2);
      }
    });

    it('reports no delivery for today or later', async () => {
      const today = isoDate(new Date());
      const rows = [
        ...(await port.getReport('spCampaigns', today, addDays(today, 3))),
        ...(await port.getPlacementReport(today, addDays(today, 3))),
      ];
      expect(rows.every((row) => row.impressions === 0 && row.spend === 0 && row.orders === 0)).toBe(true);
    });

    it('gives every row its ratios from its own figures', async () => {
      for (const row of [...(await port.getReport('spCampaigns', start, end)), ...(await port.getPlacementReport(start, end))]) {
        if (row.impressions > 0) expect(row.ctr).toBeCloseTo(row.clicks / row.impressions, 3);
        else expect(row.ctr).toBeNull();
        if (row.spend > 0) expect(row.roas).toBeCloseTo(row.sales / row.spend, 1);
        else expect(row.roas).toBeNull();
      }
    });

    it('answers an unknown id with a 400 error that names it', async () => {
      for (const read of [() => port.getCampaign(UNKNOWN_ID), () => port.getAdGroup(UNKNOWN_ID)]) {
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
