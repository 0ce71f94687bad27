/**
 * What any adapter of the searchads port must do for Shopping, App and Demand Gen campaigns
 * (sandbox and live alike): run with `describeShoppingPortContract(label, open)` on a seeded account
 * (Merchant Center 5012345678 linked, 5087654321 asking to be; image and video assets).
 */
import { ToolError } from '../../../core/errors';
import type { SearchAdsPort } from '../../../platforms/searchads/port';

const today = () => new Date().toISOString().slice(0, 10);
const suffix = () => Math.random().toString(36).slice(2, 8);

export function describeShoppingPortContract(label: string, open: () => Promise<SearchAdsPort>): void {
  describe(`searchads port contract, Shopping and Demand Gen: ${label}`, () => {
    let port: SearchAdsPort;
    beforeAll(async () => {
      port = await open();
    });

    it('Merchant Center links, shopping settings and product partition trees', async () => {
      const links = await port.listMerchantCenterLinks();
      expect(links).toEqual(
        expect.arrayContaining([
          { id: expect.stringMatching(/^\d+$/), merchant_center_id: '5012345678', status: 'LINKED' },
          { id: expect.stringMatching(/^\d+$/), merchant_center_id: '5087654321', status: 'PENDING_APPROVAL' },
        ]),
      );
      const shopping = { merchant_id: '5012345678', feed_label: 'US', campaign_priority: 1, enable_local: false };
      const base = {
        type: 'SHOPPING' as const,
        status: 'PAUSED' as const,
        budget_amount: 12,
        bidding_strategy: 'MANUAL_CPC',
        start_date: today(),
        language_ids: [],
      };
      const campaign = await port.createChannelCampaign({ ...base, name: `Contract shopping ${suffix()}`, shopping_setting: shopping });
      expect(campaign).toMatchObject({ type: 'SHOPPING', status: 'PAUSED', budget_amount: 12 });
      expect(await port.getShoppingSetting(campaign.id)).toEqual(shopping);
      await expect(
        port.createChannelCampaign({
          ...base,
          name: `Contract unlinked ${suffix()}`,
          shopping_setting: { ...shopping, merchant_id: '42' },
        }),
      ).rejects.toBeInstanceOf(ToolError);

      const group = await port.createChannelAdGroup({
        campaign_id: campaign.id,
        name: 'Contract products',
        status: 'ENABLED',
        type: 'SHOPPING_PRODUCT_ADS',
        cpc_bid: 0.8,
      });
      expect(group).toMatchObject({ campaign_id: campaign.id, type: 'SHOPPING_PRODUCT_ADS', cpc_bid: 0.8 });
      expect(await port.listListingGroups(group.id)).toEqual([]);
      const ids = await port.mutateListingGroups(group.id, {
        create: [
          { ref: 'root', type: 'SUBDIVISION' },
          { ref: 'brand', parent: 'root', type: 'UNIT', dimension: { type: 'BRAND', value: 'northwind' }, cpc_bid: 1.1 },
          { ref: 'others', parent: 'root', type: 'UNIT', dimension: { type: 'BRAND' }, cpc_bid: 0.5 },
        ],
      });
      expect(Object.values(ids).every((id) => /^\d+$/.test(id))).toBe(true);
      const tree = await port.listListingGroups(group.id);
      expect(tree).toEqual(
        expect.arrayContaining([
          { id: ids.root, ad_group_id: group.id, type: 'SUBDIVISION', negative: false },
          {
            id: ids.brand,
            ad_group_id: group.id,
            type: 'UNIT',
            parent_id: ids.root,
            dimension: { type: 'BRAND', value: 'northwind' },
            cpc_bid: 1.1,
            negative: false,
          },
          {
            id: ids.others,
            ad_group_id: group.id,
            type: 'UNIT',
            parent_id: ids.root,
            dimension: { type: 'BRAND' },
            cpc_bid: 0.5,
            negative: false,
          },
        ]),
      );
      await port.mutateListingGroups(group.id, { update: [{ id: ids.others!, cpc_bid: 0.45 }] });
      expect((await port.listListingGroups(group.id)).find((n) => n.id === ids.others)!.cpc_bid).toBe(0.45);
      // Siblings of two dimensions are refused, and nothing changes.
      await expect(
        port.mutateListingGroups(group.id, {
          create: [{ ref: 'x', parent: ids.root, type: 'UNIT', dimension: { type: 'CONDITION', value: 'NEW' }, cpc_bid: 1 }],
        }),
      ).rejects.toBeInstanceOf(ToolError);
      expect(await port.listListingGroups(group.id)).toHaveLength(3);
      // The root takes the tree with it.
      await port.mutateListingGroups(group.id, { remove: [ids.root!] });
      expect(await port.listListingGroups(group.id)).toEqual([]);

      const invitation = links.find((l) => l.status === 'PENDING_APPROVAL')!;
      const link = await port.acceptMerchantCenterInvitation(invitation.id);
      expect(link).toMatchObject({ merchant_center_id: '5087654321', status: 'LINKED' });
      await port.removeMerchantCenterLink(link.id);
      expect((await port.listMerchantCenterLinks()).filter((l) => l.merchant_center_id === '5087654321')).toEqual([]);
    });

    it('Demand Gen ad groups with channel controls, media assets and the channel ad types', async () => {
      const media = await port.listMediaAssets();
      const landscape = media.find((m) => m.type === 'IMAGE' && m.width === 1200 && m.height === 628)!;
      const logo = media.find((m) => m.type === 'IMAGE' && m.width === m.height && (m.width ?? 0) <= 600)!;
      expect(media.find((m) => m.type === 'YOUTUBE_VIDEO' && m.video_id === 'dQw4w9WgXcQ')).toBeDefined();
      const campaign = await port.createChannelCampaign({
        name: `Contract DG ${suffix()}`,
        type: 'DEMAND_GEN',
        status: 'PAUSED',
        budget_amount: 15,
        bidding_strategy: 'MAXIMIZE_CONVERSIONS',
        start_date: today(),
        language_ids: ['1000'],
      });
      expect(campaign.type).toBe('DEMAND_GEN');
      const selected = {
        strategy: 'SELECTED_CHANNELS' as const,
        channels: { youtube_in_stream: false, youtube_in_feed: true, youtube_shorts: false, discover: true, gmail: true, display: false },
      };
      const group = await port.createChannelAdGroup({
        campaign_id: campaign.id,
        name: 'Contract DG group',
        status: 'ENABLED',
        type: 'UNSPECIFIED',
        cpc_bid: 0,
        channel_controls: selected,
      });
      expect(await port.listDemandGenChannelControls(campaign.id)).toEqual([{ ad_group_id: group.id, controls: selected }]);
      const all = {
        strategy: 'ALL_CHANNELS' as const,
        channels: { youtube_in_stream: true, youtube_in_feed: true, youtube_shorts: true, discover: true, gmail: true, display: true },
      };
      expect(await port.updateDemandGenChannelControls(group.id, all)).toEqual({ ad_group_id: group.id, controls: all });
      const [ad] = await port.createChannelAds([
        {
          type: 'DEMAND_GEN_MULTI_ASSET_AD',
          ad_group_id: group.id,
          status: 'PAUSED',
          headlines: ['Contract'],
          descriptions: ['Contract ad.'],
          business_name: 'Northwind',
          final_url: 'https://www.example.com/',
          marketing_image_asset_ids: [landscape.id],
          square_marketing_image_asset_ids: [],
          logo_image_asset_ids: [logo.id],
        },
      ]);
      expect(ad).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        ad_group_id: group.id,
        campaign_id: campaign.id,
        type: 'DEMAND_GEN_MULTI_ASSET_AD',
        status: 'PAUSED',
      });
      expect((await port.listAds(campaign.id)).map((a) => a.id)).toEqual([ad!.id]);
      const segment = (await port.listAudienceSegments()).find((s) => s.type === 'IN_MARKET')!;
      const [audience] = await port.addAdGroupAudiences(group.id, [{ type: segment.type, audience_id: segment.id, name: segment.name }]);
      await port.removeAdGroupAudiences(group.id, [audience!.criterion_id]);
      expect((await port.getAdGroup(group.id)).audiences).toEqual([]);
    });
  });
}
