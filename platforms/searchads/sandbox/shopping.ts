import { ToolError } from '../../../core/errors';
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import { digits, idSource } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import { applyListingChanges } from '../listing-tree';
import { AUDIENCE_TAXONOMY } from '../reference-data';
import type {
  NewSearchAdsAd,
  NewSearchAdsAdGroup,
  NewSearchAdsCampaign,
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsAdGroupAudience,
  SearchAdsCampaign,
} from '../port';
import {
  DEMAND_GEN_CHANNELS,
  type NewSearchAdsChannelAd,
  type NewSearchAdsChannelAdGroup,
  type NewSearchAdsChannelCampaign,
  type SearchAdsAdGroupChannelControls,
  type SearchAdsAppCampaignSetting,
  type SearchAdsDemandGenChannelControls,
  type SearchAdsListingGroup,
  type SearchAdsListingGroupChanges,
  type SearchAdsMediaAsset,
  type SearchAdsMerchantCenterLink,
  type SearchAdsShoppingSetting,
} from '../port-shopping';

/**
 * The sandbox side of Shopping, App, Demand Gen and video campaigns. Settings that belong to a
 * campaign or ad group are kept as their own items keyed by its id (shopping and app settings,
 * channel controls), so the seeded campaigns and ad groups are left as they are; listing groups,
 * Merchant Center links and invitations and media assets are entities of their own.
 */
export const SHOPPING_KIND = {
  shoppingSetting: 'shopping_setting',
  appSetting: 'app_setting',
  merchantLink: 'merchant_link',
  listingGroup: 'listing_group',
  channelControls: 'channel_controls',
  mediaAsset: 'media_asset',
} as const;

/** What the family needs of the rest of the sandbox adapter. */
export interface SandboxBase {
  createCampaign(campaign: NewSearchAdsCampaign): Promise<SearchAdsCampaign>;
  getCampaign(campaignId: string): Promise<SearchAdsCampaign>;
  listCampaigns(): Promise<SearchAdsCampaign[]>;
  createAdGroup(group: NewSearchAdsAdGroup): Promise<SearchAdsAdGroup>;
  getAdGroup(adGroupId: string): Promise<SearchAdsAdGroup>;
  listAdGroups(campaignId?: string): Promise<SearchAdsAdGroup[]>;
  createAds(ads: NewSearchAdsAd[]): Promise<SearchAdsAd[]>;
}

type StoredSetting<T> = T & { id: string };
type StoredLink = SearchAdsMerchantCenterLink;
type StoredControls = SearchAdsDemandGenChannelControls & { id: string };
type StoredListingGroup = SearchAdsListingGroup;

const allChannels = (): SearchAdsDemandGenChannelControls => ({
  strategy: 'ALL_CHANNELS',
  channels: Object.fromEntries(DEMAND_GEN_CHANNELS.map((c) => [c, true])) as SearchAdsDemandGenChannelControls['channels'],
});

const refused = (code: string, message: string) =>
  new ToolError(`The searchads platform refused the request: ${message}`, { code: 'invalid_arguments', platform_error: code });

export class ShoppingSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly base: SandboxBase,
  ) {}

  async createChannelCampaign(campaign: NewSearchAdsChannelCampaign): Promise<SearchAdsCampaign> {
    const { shopping_setting, app_campaign_setting, ...rest } = campaign;
    if (shopping_setting) {
      const links = await this.listMerchantCenterLinks();
      if (!links.some((l) => l.status === 'LINKED' && l.merchant_center_id === shopping_setting.merchant_id)) {
        throw refused(
          'SHOPPING_SETTING_ERROR.MERCHANT_ID_NOT_LINKED',
          `Merchant Center account ${shopping_setting.merchant_id} is not linked to this customer.`,
        );
      }
    }
    if ((await this.base.listCampaigns()).some((c) => c.status !== 'REMOVED' && c.name === rest.name)) {
      throw refused('CAMPAIGN_ERROR.DUPLICATE_CAMPAIGN_NAME', 'A campaign with this name already exists.');
    }
    const network = rest.network_settings ?? {
      target_google_search: false,
      target_search_network: false,
      target_content_network: rest.type === 'DEMAND_GEN',
      target_partner_search_network: false,
      target_youtube: rest.type === 'DEMAND_GEN',
      target_google_tv_network: false,
    };
    const created = await this.base.createCampaign({ ...rest, network_settings: network });
    if (shopping_setting) await this.store.putMany(SHOPPING_KIND.shoppingSetting, [{ id: created.id, ...shopping_setting }]);
    if (app_campaign_setting) await this.store.putMany(SHOPPING_KIND.appSetting, [{ id: created.id, ...app_campaign_setting }]);
    return created;
  }

  async getShoppingSetting(campaignId: string): Promise<SearchAdsShoppingSetting | undefined> {
    await this.base.getCampaign(campaignId);
    const stored = await this.store.get<StoredSetting<SearchAdsShoppingSetting>>(SHOPPING_KIND.shoppingSetting, campaignId);
    if (!stored) return undefined;
    const { id: _id, ...setting } = stored;
    return setting;
  }

  async getAppCampaignSetting(campaignId: string): Promise<SearchAdsAppCampaignSetting | undefined> {
    await this.base.getCampaign(campaignId);
    const stored = await this.store.get<StoredSetting<SearchAdsAppCampaignSetting>>(SHOPPING_KIND.appSetting, campaignId);
    if (!stored) return undefined;
    const { id: _id, ...setting } = stored;
    return setting;
  }

  listMerchantCenterLinks(): Promise<SearchAdsMerchantCenterLink[]> {
    return this.store.list<StoredLink>(SHOPPING_KIND.merchantLink);
  }

  async acceptMerchantCenterInvitation(invitationId: string): Promise<SearchAdsMerchantCenterLink> {
    const invitation = await this.store.get<StoredLink>(SHOPPING_KIND.merchantLink, invitationId);
    if (!invitation || invitation.status !== 'PENDING_APPROVAL')
      throw refused('PRODUCT_LINK_INVITATION_ERROR.INVALID_STATUS', `No pending link request ${invitationId}.`);
    const link: StoredLink = { id: digits(10), merchant_center_id: invitation.merchant_center_id, status: 'LINKED' };
    await this.store.remove(SHOPPING_KIND.merchantLink, invitationId);
    await this.store.putMany(SHOPPING_KIND.merchantLink, [link]);
    return link;
  }

  async removeMerchantCenterLink(linkId: string): Promise<void> {
    const link = await this.store.get<StoredLink>(SHOPPING_KIND.merchantLink, linkId);
    if (!link || link.status !== 'LINKED') throw refused('MUTATE_ERROR.RESOURCE_NOT_FOUND', `Product link ${linkId} was not found.`);
    await this.store.remove(SHOPPING_KIND.merchantLink, linkId);
  }

  async createChannelAdGroup(group: NewSearchAdsChannelAdGroup): Promise<SearchAdsAdGroup> {
    const { channel_controls, ...rest } = group;
    const campaign = await this.base.getCampaign(group.campaign_id);
    if (channel_controls && campaign.type !== 'DEMAND_GEN')
      throw refused('AD_GROUP_ERROR.INVALID_AD_GROUP_SETTING', 'Channel controls are only for ad groups of Demand Gen campaigns.');
    const untyped = campaign.type === 'DEMAND_GEN' || campaign.type === 'MULTI_CHANNEL';
    if (untyped !== (group.type === 'UNSPECIFIED') || (group.type === 'SHOPPING_PRODUCT_ADS') !== (campaign.type === 'SHOPPING')) {
      throw refused(
        'AD_GROUP_ERROR.AD_GROUP_TYPE_NOT_VALID_FOR_ADVERTISING_CHANNEL_TYPE',
        `An ad group of type ${group.type} does not belong to a ${campaign.type} campaign.`,
      );
    }
    const created = await this.base.createAdGroup(rest);
    if (campaign.type === 'DEMAND_GEN')
      await this.store.putMany(SHOPPING_KIND.channelControls, [{ id: created.id, ...(channel_controls ?? allChannels()) }]);
    return created;
  }

  async listDemandGenChannelControls(campaignId: string): Promise<SearchAdsAdGroupChannelControls[]> {
    const groups = await this.base.listAdGroups(campaignId);
    const stored = new Map((await this.store.list<StoredControls>(SHOPPING_KIND.channelControls)).map((c) => [c.id, c]));
    return groups.map((g) => {
      const { id: _id, ...controls } = stored.get(g.id) ?? { id: g.id, ...allChannels() };
      return { ad_group_id: g.id, controls };
    });
  }

  async updateDemandGenChannelControls(
    adGroupId: string,
    controls: SearchAdsDemandGenChannelControls,
  ): Promise<SearchAdsAdGroupChannelControls> {
    const group = await this.base.getAdGroup(adGroupId);
    const campaign = await this.base.getCampaign(group.campaign_id);
    if (campaign.type !== 'DEMAND_GEN')
      throw refused('AD_GROUP_ERROR.INVALID_AD_GROUP_SETTING', 'Channel controls are only for ad groups of Demand Gen campaigns.');
    if (group.status === 'REMOVED') throw refused('AD_GROUP_ERROR.CANNOT_MODIFY_REMOVED_AD_GROUP', 'A removed ad group cannot be changed.');
    if (controls.strategy === 'SELECTED_CHANNELS' && !Object.values(controls.channels).some(Boolean))
      throw refused('AD_GROUP_ERROR.INVALID_CHANNEL_CONTROLS', 'Selected channels need at least one channel on.');
    const next = controls.strategy === 'ALL_CHANNELS' ? allChannels() : controls;
    const existing = await this.store.get<StoredControls>(SHOPPING_KIND.channelControls, adGroupId);
    if (existing) await this.store.update<StoredControls>(SHOPPING_KIND.channelControls, adGroupId, { ...next });
    else await this.store.putMany(SHOPPING_KIND.channelControls, [{ id: adGroupId, ...next }]);
    return { ad_group_id: adGroupId, controls: next };
  }

  async removeAdGroupAudiences(adGroupId: string, criterionIds: string[]): Promise<void> {
    const group = await this.store.require<SearchAdsAdGroup & { audiences?: SearchAdsAdGroupAudience[] }>('ad_group', adGroupId);
    const unknown = criterionIds.find((id) => !(group.audiences ?? []).some((a) => a.criterion_id === id));
    if (unknown) throw refused('MUTATE_ERROR.RESOURCE_NOT_FOUND', `Ad group criterion ${adGroupId}~${unknown} was not found.`);
    await this.store.update('ad_group', adGroupId, {
      audiences: (group.audiences ?? []).filter((a) => !criterionIds.includes(a.criterion_id)),
    });
  }

  private _mediaAssets(): Promise<SearchAdsMediaAsset[]> {
    return this.store.list<SearchAdsMediaAsset>(SHOPPING_KIND.mediaAsset);
  }

  async createChannelAds(ads: NewSearchAdsChannelAd[]): Promise<SearchAdsAd[]> {
    const media = await this._mediaAssets();
    for (const ad of ads) {
      const ids = [
        ...('image_asset_ids' in ad ? ad.image_asset_ids : []),
        ...('logo_image_asset_ids' in ad ? ad.logo_image_asset_ids : []),
        ...('marketing_image_asset_ids' in ad ? [...ad.marketing_image_asset_ids, ...ad.square_marketing_image_asset_ids] : []),
      ];
      const missing = ids.find((id) => !media.some((m) => m.id === id && m.type === 'IMAGE'));
      if (missing) throw refused('AD_ERROR.ASSET_NOT_FOUND', `Image asset ${missing} does not exist.`);
    }
    return this.base.createAds(
      ads.map((ad) => ({
        ad_group_id: ad.ad_group_id,
        type: ad.type,
        status: ad.status,
        headlines: 'headlines' in ad ? ad.headlines : [],
        descriptions: 'descriptions' in ad ? ad.descriptions : [],
        final_url: 'final_url' in ad ? ad.final_url : '',
      })),
    );
  }

  async listListingGroups(adGroupId: string): Promise<SearchAdsListingGroup[]> {
    return (await this.store.list<StoredListingGroup>(SHOPPING_KIND.listingGroup)).filter((n) => n.ad_group_id === adGroupId);
  }

  async mutateListingGroups(adGroupId: string, changes: SearchAdsListingGroupChanges): Promise<Record<string, string>> {
    const group = await this.base.getAdGroup(adGroupId);
    if (group.type !== 'SHOPPING_PRODUCT_ADS')
      throw refused(
        'AD_GROUP_CRITERION_ERROR.INVALID_LISTING_GROUP_TYPE',
        'Listing groups belong to ad groups of type SHOPPING_PRODUCT_ADS.',
      );
    const current = await this.listListingGroups(adGroupId);
    const { nodes, created } = applyListingChanges(current, adGroupId, changes, () => digits(12));
    const keep = new Set(nodes.map((n) => n.id));
    for (const n of current) if (!keep.has(n.id)) await this.store.remove(SHOPPING_KIND.listingGroup, n.id);
    const changed = nodes.filter((n) => JSON.stringify(n) !== JSON.stringify(current.find((c) => c.id === n.id)));
    await this.store.putMany(SHOPPING_KIND.listingGroup, changed);
    return created;
  }
}

/**
 * Seeds the family's entities into a seeded account: the Merchant Center link of the seeded Shopping
 * campaign and a pending request of a second merchant, the campaign's shopping setting and product
 * partitions, image and video assets, and a Demand Gen campaign starting in a month (no figures yet)
 * with two ad groups. Ids come from a source of their own, so the seeded entities' ids (and figures)
 * stay as they were.
 */
export async function seedShoppingFamily(
  store: SandboxStore,
  account: ConnectedAccount,
  seeded: { shoppingCampaignId: string; shoppingAdGroupId: string },
): Promise<void> {
  const ids = idSource(`searchads-shopping:${account.account_id}`);
  const merchant = '5012345678';
  const links: StoredLink[] = [
    { id: ids.digits(10), merchant_center_id: merchant, status: 'LINKED' },
    { id: ids.digits(10), merchant_center_id: '5087654321', status: 'PENDING_APPROVAL' },
  ];
  const setting: StoredSetting<SearchAdsShoppingSetting> = {
    id: seeded.shoppingCampaignId,
    merchant_id: merchant,
    feed_label: 'US',
    campaign_priority: 0,
    enable_local: false,
  };
  const node = (n: Omit<StoredListingGroup, 'id' | 'ad_group_id' | 'negative'> & { negative?: boolean }): StoredListingGroup => ({
    id: ids.digits(12),
    ad_group_id: seeded.shoppingAdGroupId,
    negative: false,
    ...n,
  });
  const root = node({ type: 'SUBDIVISION' });
  const tree = [
    root,
    node({ type: 'UNIT', parent_id: root.id, dimension: { type: 'BRAND', value: 'northwind' }, cpc_bid: 1.1 }),
    node({ type: 'UNIT', parent_id: root.id, dimension: { type: 'BRAND', value: 'trailhead' }, cpc_bid: 0.85 }),
    node({ type: 'UNIT', parent_id: root.id, dimension: { type: 'BRAND' }, cpc_bid: 0.6 }),
  ];
  // The account has one media library: an image the library already holds (seeded for Display) is
  // used as it is, only the missing ones are added.
  const library = await store.list<SearchAdsMediaAsset>(SHOPPING_KIND.mediaAsset);
  const wanted: SearchAdsMediaAsset[] = [
    { id: ids.digits(11), type: 'IMAGE', name: 'Trail hero 1200x628', width: 1200, height: 628 },
    { id: ids.digits(11), type: 'IMAGE', name: 'Boots square 1200x1200', width: 1200, height: 1200 },
    { id: ids.digits(11), type: 'IMAGE', name: 'Northwind logo 512x512', width: 512, height: 512 },
    { id: ids.digits(11), type: 'IMAGE', name: 'Summit portrait 960x1200', width: 960, height: 1200 },
    { id: ids.digits(11), type: 'YOUTUBE_VIDEO', name: 'Brand story (30s)', video_id: 'dQw4w9WgXcQ' },
  ];
  const inLibrary = (m: SearchAdsMediaAsset) => library.find((l) => l.type === m.type && l.name === m.name);
  const added = wanted.filter((m) => !inLibrary(m));
  const today = isoDate(new Date());
  const campaignId = ids.digits(11);
  const campaign = {
    id: campaignId,
    name: 'Demand Gen - Spring Trail Launch',
    type: 'DEMAND_GEN',
    status: 'ENABLED',
    budget_amount: 45,
    bidding_strategy: 'MAXIMIZE_CONVERSIONS',
    start_date: addDays(today, 30),
    performance: 'new',
    language_ids: ['1000'],
    label_ids: [],
    network_settings: {
      target_google_search: false,
      target_search_network: false,
      target_content_network: true,
      target_partner_search_network: false,
      target_youtube: true,
      target_google_tv_network: false,
    },
  };
  const adGroup = (name: string) => ({
    id: ids.digits(11),
    campaign_id: campaignId,
    name,
    status: 'ENABLED',
    type: 'UNSPECIFIED',
    cpc_bid: 0.5,
    performance: 'new',
    start_date: campaign.start_date,
    audiences: [] as SearchAdsAdGroupAudience[],
  });
  const hikers = adGroup('Hikers - All surfaces');
  const segment = (id: string) => AUDIENCE_TAXONOMY.find((a) => a.id === id)!;
  hikers.audiences = [segment('80443'), segment('92001')].map((s) => ({
    type: s.type,
    audience_id: s.id,
    name: s.name,
    criterion_id: ids.digits(12),
  }));
  const shorts = adGroup('Shorts viewers');
  const controls: StoredControls[] = [
    { id: hikers.id, ...allChannels() },
    {
      id: shorts.id,
      strategy: 'SELECTED_CHANNELS',
      channels: { youtube_in_stream: false, youtube_in_feed: true, youtube_shorts: true, discover: false, gmail: false, display: false },
    },
  ];
  await Promise.all([
    store.putMany(SHOPPING_KIND.merchantLink, links),
    store.putMany(SHOPPING_KIND.shoppingSetting, [setting]),
    store.putMany(SHOPPING_KIND.listingGroup, tree),
    store.putMany(SHOPPING_KIND.mediaAsset, added),
    store.putMany(SHOPPING_KIND.channelControls, controls),
    store.putMany('campaign', [campaign]),
    store.putMany('ad_group', [hikers, shorts]),
  ]);
}
