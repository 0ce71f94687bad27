import { ToolError } from '../../../core/errors';
import type { NewSearchAdsCampaign, SearchAdsAd, SearchAdsAdGroup, SearchAdsCampaign } from '../port';
import {
  DEMAND_GEN_CHANNELS,
  type NewSearchAdsChannelAd,
  type NewSearchAdsChannelAdGroup,
  type NewSearchAdsChannelCampaign,
  type SearchAdsAdGroupChannelControls,
  type SearchAdsAppCampaignSetting,
  type SearchAdsDemandGenChannel,
  type SearchAdsDemandGenChannelControls,
  type SearchAdsListingDimension,
  type SearchAdsListingGroup,
  type SearchAdsListingGroupChanges,
  type SearchAdsMediaAsset,
  type SearchAdsMerchantCenterLink,
  type SearchAdsShoppingPort,
  type SearchAdsShoppingSetting,
} from '../port-shopping';
import { fromMicros, idOf, toMicros } from './api';
import type { AdGroup, GoogleAdsRow, ListingCaseValue, MethodResponse, Operation } from './wire';

/**
 * The Shopping, App, Demand Gen and video part of the live adapter, in the platform's wire format:
 * `campaign.shopping_setting` / `app_campaign_setting` on create, `product_link` and
 * `product_link_invitation` (accepted with `productLinkInvitations:update`, removed with
 * `productLinks:remove`), listing group criteria as one atomic `adGroupCriteria:mutate` with
 * temporary ids, `ad_group.demand_gen_ad_group_settings.channel_controls`, and the ad types
 * `shopping_product_ad`, `app_ad`, `demand_gen_multi_asset_ad`, `demand_gen_video_responsive_ad`.
 */

/** What this part needs of the adapter. */
export interface LiveBase {
  cid: string;
  search(query: string): Promise<GoogleAdsRow[]>;
  mutate(resource: string, operations: Operation[]): Promise<string[]>;
  /** A customer method that is not a mutate; `validateOnlyCapable` methods are checked on a dry run, others skipped. */
  customerMethod(method: string, body: Record<string, unknown>, validateOnlyCapable: boolean): Promise<MethodResponse | undefined>;
  rn(collection: string, id: string): string;
  getCampaign(id: string): Promise<SearchAdsCampaign>;
  /** The adapter's campaign create, with the channel type's own fields. */
  createCampaign(campaign: NewSearchAdsCampaign, channelWire: Record<string, unknown>, defaultStrategy: string): Promise<SearchAdsCampaign>;
  getAdGroup(id: string): Promise<SearchAdsAdGroup>;
  notFound(kind: string, id: string): ToolError;
}

const CHANNEL_WIRE: Record<
  SearchAdsDemandGenChannel,
  keyof NonNullable<NonNullable<NonNullable<AdGroup['demandGenAdGroupSettings']>['channelControls']>['selectedChannels']>
> = {
  youtube_in_stream: 'youtubeInStream',
  youtube_in_feed: 'youtubeInFeed',
  youtube_shorts: 'youtubeShorts',
  discover: 'discover',
  gmail: 'gmail',
  display: 'display',
};
const digitsOnly = /^\d{1,19}$/;

/** A partition's case value on the wire (`listing_group.case_value`). */
export function caseValueWire(d: SearchAdsListingDimension): Record<string, Record<string, unknown>> {
  const level = /_L(\d)$/.exec(d.type)?.[1];
  const index = /_(\d)$/.exec(d.type)?.[1];
  const value = d.value === undefined ? {} : undefined;
  if (d.type === 'BRAND') return { productBrand: value ?? { value: d.value } };
  if (d.type === 'ITEM_ID') return { productItemId: value ?? { value: d.value } };
  if (d.type === 'CONDITION') return { productCondition: value ?? { condition: d.value } };
  if (d.type.startsWith('CATEGORY'))
    return { productCategory: { level: `LEVEL${level}`, ...(d.value !== undefined ? { categoryId: d.value } : {}) } };
  if (d.type.startsWith('PRODUCT_TYPE'))
    return { productType: { level: `LEVEL${level}`, ...(d.value !== undefined ? { value: d.value } : {}) } };
  return { productCustomAttribute: { index: `INDEX${index}`, ...(d.value !== undefined ? { value: d.value } : {}) } };
}

/** A case value read from the wire. */
export function dimensionFrom(caseValue: ListingCaseValue | undefined): SearchAdsListingDimension | undefined {
  if (!caseValue) return undefined;
  const opt = (v: unknown) => (v === undefined || v === null || v === '' ? {} : { value: String(v) });
  if (caseValue.productBrand) return { type: 'BRAND', ...opt(caseValue.productBrand.value) };
  if (caseValue.productItemId) return { type: 'ITEM_ID', ...opt(caseValue.productItemId.value) };
  if (caseValue.productCondition) return { type: 'CONDITION', ...opt(caseValue.productCondition.condition) };
  if (caseValue.productCategory)
    return {
      type: `CATEGORY_L${String(caseValue.productCategory.level).slice(-1)}` as SearchAdsListingDimension['type'],
      ...opt(caseValue.productCategory.categoryId),
    };
  if (caseValue.productType)
    return {
      type: `PRODUCT_TYPE_L${String(caseValue.productType.level).slice(-1)}` as SearchAdsListingDimension['type'],
      ...opt(caseValue.productType.value),
    };
  if (caseValue.productCustomAttribute)
    return {
      type: `CUSTOM_ATTRIBUTE_${String(caseValue.productCustomAttribute.index).slice(-1)}` as SearchAdsListingDimension['type'],
      ...opt(caseValue.productCustomAttribute.value),
    };
  return undefined;
}

const LISTING_FIELDS = [
  'ad_group.id',
  'ad_group_criterion.criterion_id',
  'ad_group_criterion.negative',
  'ad_group_criterion.cpc_bid_micros',
  'ad_group_criterion.listing_group.type',
  'ad_group_criterion.listing_group.parent_ad_group_criterion',
  'ad_group_criterion.listing_group.case_value.product_brand.value',
  'ad_group_criterion.listing_group.case_value.product_item_id.value',
  'ad_group_criterion.listing_group.case_value.product_condition.condition',
  'ad_group_criterion.listing_group.case_value.product_category.category_id',
  'ad_group_criterion.listing_group.case_value.product_category.level',
  'ad_group_criterion.listing_group.case_value.product_type.value',
  'ad_group_criterion.listing_group.case_value.product_type.level',
  'ad_group_criterion.listing_group.case_value.product_custom_attribute.value',
  'ad_group_criterion.listing_group.case_value.product_custom_attribute.index',
];
const CONTROL_FIELDS = [
  'ad_group.id',
  'ad_group.demand_gen_ad_group_settings.channel_controls.channel_strategy',
  ...DEMAND_GEN_CHANNELS.map((c) => `ad_group.demand_gen_ad_group_settings.channel_controls.selected_channels.${c}`),
];

function controlsFrom(settings: AdGroup['demandGenAdGroupSettings']): SearchAdsDemandGenChannelControls {
  const controls = settings?.channelControls ?? {};
  const selected = controls.selectedChannels;
  if (selected && !controls.channelStrategy) {
    return {
      strategy: 'SELECTED_CHANNELS',
      channels: Object.fromEntries(
        DEMAND_GEN_CHANNELS.map((c) => [c, Boolean(selected[CHANNEL_WIRE[c]])]),
      ) as SearchAdsDemandGenChannelControls['channels'],
    };
  }
  // ALL_CHANNELS (the default), or every channel the platform owns (all but Display).
  const ownedOnly = controls.channelStrategy === 'ALL_OWNED_AND_OPERATED_CHANNELS';
  return {
    strategy: ownedOnly ? 'SELECTED_CHANNELS' : 'ALL_CHANNELS',
    channels: Object.fromEntries(
      DEMAND_GEN_CHANNELS.map((c) => [c, !(ownedOnly && c === 'display')]),
    ) as SearchAdsDemandGenChannelControls['channels'],
  };
}

function controlsWire(controls: SearchAdsDemandGenChannelControls): Record<string, unknown> {
  if (controls.strategy === 'ALL_CHANNELS') return { channelStrategy: 'ALL_CHANNELS' };
  return { selectedChannels: Object.fromEntries(DEMAND_GEN_CHANNELS.map((c) => [CHANNEL_WIRE[c], controls.channels[c]])) };
}

export class SearchAdsShoppingLive implements SearchAdsShoppingPort {
  constructor(private readonly base: LiveBase) {}

  private _campaignRow(campaignId: string, fields: string[]): Promise<GoogleAdsRow[]> {
    if (!digitsOnly.test(campaignId)) throw this.base.notFound('campaign', campaignId);
    return this.base.search(
      `SELECT campaign.id, campaign.advertising_channel_type, ${fields.join(', ')} FROM campaign WHERE campaign.id = ${campaignId}`,
    );
  }

  async createChannelCampaign(campaign: NewSearchAdsChannelCampaign): Promise<SearchAdsCampaign> {
    const { shopping_setting: shopping, app_campaign_setting: app, ...common } = campaign;
    return this.base.createCampaign(
      common,
      {
        ...(shopping
          ? {
              shoppingSetting: {
                merchantId: shopping.merchant_id,
                ...(shopping.feed_label ? { feedLabel: shopping.feed_label } : {}),
                campaignPriority: shopping.campaign_priority,
                enableLocal: shopping.enable_local,
              },
            }
          : {}),
        ...(app
          ? {
              advertisingChannelSubType: app.sub_type,
              appCampaignSetting: { appId: app.app_id, appStore: app.app_store, biddingStrategyGoalType: app.bidding_strategy_goal_type },
            }
          : {}),
      },
      'MAXIMIZE_CONVERSIONS',
    );
  }

  async getShoppingSetting(campaignId: string): Promise<SearchAdsShoppingSetting | undefined> {
    const [row] = await this._campaignRow(campaignId, [
      'campaign.shopping_setting.merchant_id',
      'campaign.shopping_setting.feed_label',
      'campaign.shopping_setting.campaign_priority',
      'campaign.shopping_setting.enable_local',
    ]);
    if (!row) throw this.base.notFound('campaign', campaignId);
    const s = row.campaign.shoppingSetting;
    if (!s?.merchantId) return undefined;
    return {
      merchant_id: String(s.merchantId),
      feed_label: s.feedLabel ?? '',
      campaign_priority: Number(s.campaignPriority ?? 0),
      enable_local: Boolean(s.enableLocal),
    };
  }

  async getAppCampaignSetting(campaignId: string): Promise<SearchAdsAppCampaignSetting | undefined> {
    const [row] = await this._campaignRow(campaignId, [
      'campaign.advertising_channel_sub_type',
      'campaign.app_campaign_setting.app_id',
      'campaign.app_campaign_setting.app_store',
      'campaign.app_campaign_setting.bidding_strategy_goal_type',
    ]);
    if (!row) throw this.base.notFound('campaign', campaignId);
    const s = row.campaign.appCampaignSetting;
    if (!s?.appId) return undefined;
    return {
      sub_type: row.campaign.advertisingChannelSubType as SearchAdsAppCampaignSetting['sub_type'],
      app_id: s.appId,
      app_store: s.appStore as SearchAdsAppCampaignSetting['app_store'],
      bidding_strategy_goal_type: s.biddingStrategyGoalType as SearchAdsAppCampaignSetting['bidding_strategy_goal_type'],
    };
  }

  async listMerchantCenterLinks(): Promise<SearchAdsMerchantCenterLink[]> {
    const [links, invitations] = await Promise.all([
      this.base.search(
        "SELECT product_link.product_link_id, product_link.type, product_link.merchant_center.merchant_center_id FROM product_link WHERE product_link.type = 'MERCHANT_CENTER'",
      ),
      this.base.search(
        'SELECT product_link_invitation.product_link_invitation_id, product_link_invitation.status, product_link_invitation.merchant_center.merchant_center_id FROM product_link_invitation ' +
          "WHERE product_link_invitation.type = 'MERCHANT_CENTER' AND product_link_invitation.status = 'PENDING_APPROVAL'",
      ),
    ]);
    return [
      ...links.map((r) => ({
        id: String(r.productLink.productLinkId),
        merchant_center_id: String(r.productLink.merchantCenter?.merchantCenterId),
        status: 'LINKED' as const,
      })),
      ...invitations.map((r) => ({
        id: String(r.productLinkInvitation.productLinkInvitationId),
        merchant_center_id: String(r.productLinkInvitation.merchantCenter?.merchantCenterId),
        status: 'PENDING_APPROVAL' as const,
      })),
    ];
  }

  async acceptMerchantCenterInvitation(invitationId: string): Promise<SearchAdsMerchantCenterLink> {
    const invitation = (await this.listMerchantCenterLinks()).find((l) => l.id === invitationId && l.status === 'PENDING_APPROVAL');
    if (!invitation) throw this.base.notFound('Merchant Center link request', invitationId);
    const answer = await this.base.customerMethod(
      'productLinkInvitations:update',
      { productLinkInvitationStatus: 'ACCEPTED', resourceName: this.base.rn('productLinkInvitations', invitationId) },
      false,
    );
    if (!answer) return { id: '-1', merchant_center_id: invitation.merchant_center_id, status: 'LINKED' };
    const link = (await this.listMerchantCenterLinks()).find(
      (l) => l.status === 'LINKED' && l.merchant_center_id === invitation.merchant_center_id,
    );
    return link ?? { id: '', merchant_center_id: invitation.merchant_center_id, status: 'LINKED' };
  }

  async removeMerchantCenterLink(linkId: string): Promise<void> {
    await this.base.customerMethod('productLinks:remove', { resourceName: this.base.rn('productLinks', linkId) }, true);
  }

  async createChannelAdGroup(group: NewSearchAdsChannelAdGroup): Promise<SearchAdsAdGroup> {
    const typed = group.type && group.type !== 'UNSPECIFIED';
    const [created] = await this.base.mutate('adGroups', [
      {
        create: {
          campaign: this.base.rn('campaigns', group.campaign_id),
          name: group.name,
          status: group.status,
          ...(typed ? { type: group.type, cpcBidMicros: toMicros(group.cpc_bid) } : {}),
          ...(group.channel_controls ? { demandGenAdGroupSettings: { channelControls: controlsWire(group.channel_controls) } } : {}),
        },
      },
    ]);
    const id = idOf(created!);
    if (id.startsWith('-')) return { ...group, id, audiences: [] };
    return this.base.getAdGroup(id);
  }

  async listDemandGenChannelControls(campaignId: string): Promise<SearchAdsAdGroupChannelControls[]> {
    if (!digitsOnly.test(campaignId)) throw this.base.notFound('campaign', campaignId);
    const rows = await this.base.search(`SELECT ${CONTROL_FIELDS.join(', ')} FROM ad_group WHERE campaign.id = ${campaignId}`);
    return rows.map((r) => ({ ad_group_id: String(r.adGroup.id), controls: controlsFrom(r.adGroup.demandGenAdGroupSettings) }));
  }

  async updateDemandGenChannelControls(
    adGroupId: string,
    controls: SearchAdsDemandGenChannelControls,
  ): Promise<SearchAdsAdGroupChannelControls> {
    const prefix = 'demandGenAdGroupSettings.channelControls';
    const mask =
      controls.strategy === 'ALL_CHANNELS'
        ? [`${prefix}.channelStrategy`]
        : DEMAND_GEN_CHANNELS.map((c) => `${prefix}.selectedChannels.${CHANNEL_WIRE[c]}`);
    await this.base.mutate('adGroups', [
      {
        update: {
          resourceName: this.base.rn('adGroups', adGroupId),
          demandGenAdGroupSettings: { channelControls: controlsWire(controls) },
        },
        updateMask: mask.join(','),
      },
    ]);
    const rows = await this.base.search(`SELECT ${CONTROL_FIELDS.join(', ')} FROM ad_group WHERE ad_group.id = ${adGroupId}`);
    return { ad_group_id: adGroupId, controls: rows[0] ? controlsFrom(rows[0].adGroup.demandGenAdGroupSettings) : controls };
  }

  async removeAdGroupAudiences(adGroupId: string, criterionIds: string[]): Promise<void> {
    await this.base.mutate(
      'adGroupCriteria',
      criterionIds.map((id) => ({ remove: this.base.rn('adGroupCriteria', `${adGroupId}~${id}`) })),
    );
  }

  private async _mediaAssets(): Promise<SearchAdsMediaAsset[]> {
    const rows = await this.base.search(
      'SELECT asset.id, asset.name, asset.type, asset.image_asset.full_size.width_pixels, asset.image_asset.full_size.height_pixels, asset.youtube_video_asset.youtube_video_id ' +
        "FROM asset WHERE asset.type IN ('IMAGE', 'YOUTUBE_VIDEO')",
    );
    return rows.map(({ asset: a }) => ({
      id: String(a.id),
      type: a.type as SearchAdsMediaAsset['type'],
      name: a.name ?? '',
      ...(a.type === 'IMAGE'
        ? { width: Number(a.imageAsset?.fullSize?.widthPixels ?? 0), height: Number(a.imageAsset?.fullSize?.heightPixels ?? 0) }
        : { video_id: a.youtubeVideoAsset?.youtubeVideoId }),
    }));
  }

  async createChannelAds(ads: NewSearchAdsChannelAd[]): Promise<SearchAdsAd[]> {
    const { base } = this;
    // YouTube videos are linked as video assets: reuse the library's, create the missing ones.
    const videoIds = [...new Set(ads.flatMap((ad) => ('youtube_video_ids' in ad ? ad.youtube_video_ids : [])))];
    const videos = new Map<string, string>();
    if (videoIds.length) {
      for (const m of await this._mediaAssets()) if (m.type === 'YOUTUBE_VIDEO' && m.video_id) videos.set(m.video_id, m.id);
      const missing = videoIds.filter((v) => !videos.has(v));
      const names = await base.mutate(
        'assets',
        missing.map((v) => ({ create: { name: `Video ${v}`, youtubeVideoAsset: { youtubeVideoId: v } } })),
      );
      missing.forEach((v, i) => videos.set(v, idOf(names[i]!)));
    }
    const texts = (list: string[]) => list.map((text) => ({ text }));
    const images = (ids: string[]) => ids.map((id) => ({ asset: base.rn('assets', id) }));
    const video = (ids: string[]) => ids.map((v) => ({ asset: base.rn('assets', videos.get(v)!) }));
    const wire = (ad: NewSearchAdsChannelAd): Record<string, unknown> => {
      switch (ad.type) {
        case 'SHOPPING_PRODUCT_AD':
          return { shoppingProductAd: {} };
        case 'APP_AD':
          return {
            appAd: {
              headlines: texts(ad.headlines),
              descriptions: texts(ad.descriptions),
              ...(ad.image_asset_ids.length ? { images: images(ad.image_asset_ids) } : {}),
              ...(ad.youtube_video_ids.length ? { youtubeVideos: video(ad.youtube_video_ids) } : {}),
            },
          };
        case 'DEMAND_GEN_MULTI_ASSET_AD':
          return {
            finalUrls: [ad.final_url],
            demandGenMultiAssetAd: {
              headlines: texts(ad.headlines),
              descriptions: texts(ad.descriptions),
              businessName: ad.business_name,
              ...(ad.call_to_action_text ? { callToActionText: ad.call_to_action_text } : {}),
              ...(ad.marketing_image_asset_ids.length ? { marketingImages: images(ad.marketing_image_asset_ids) } : {}),
              ...(ad.square_marketing_image_asset_ids.length ? { squareMarketingImages: images(ad.square_marketing_image_asset_ids) } : {}),
              logoImages: images(ad.logo_image_asset_ids),
            },
          };
        default:
          return {
            finalUrls: [ad.final_url],
            demandGenVideoResponsiveAd: {
              headlines: texts(ad.headlines),
              longHeadlines: texts(ad.long_headlines),
              descriptions: texts(ad.descriptions),
              videos: video(ad.youtube_video_ids),
              logoImages: images(ad.logo_image_asset_ids),
              businessName: { text: ad.business_name },
            },
          };
      }
    };
    const names = await base.mutate(
      'adGroupAds',
      ads.map((ad) => ({ create: { adGroup: base.rn('adGroups', ad.ad_group_id), status: ad.status, ad: wire(ad) } })),
    );
    const groups = new Map<string, string>();
    for (const ad of ads)
      if (!groups.has(ad.ad_group_id))
        groups.set(ad.ad_group_id, ad.ad_group_id.startsWith('-') ? '' : (await base.getAdGroup(ad.ad_group_id)).campaign_id);
    return ads.map((ad, i) => ({
      id: idOf(names[i]!).split('~').at(-1)!,
      ad_group_id: ad.ad_group_id,
      campaign_id: groups.get(ad.ad_group_id)!,
      type: ad.type,
      status: ad.status,
      headlines: 'headlines' in ad ? ad.headlines : [],
      descriptions: 'descriptions' in ad ? ad.descriptions : [],
      final_url: 'final_url' in ad ? ad.final_url : '',
    }));
  }

  async listListingGroups(adGroupId: string): Promise<SearchAdsListingGroup[]> {
    if (!digitsOnly.test(adGroupId)) throw this.base.notFound('ad group', adGroupId);
    const rows = await this.base.search(
      `SELECT ${LISTING_FIELDS.join(', ')} FROM ad_group_criterion WHERE ad_group_criterion.type = 'LISTING_GROUP' AND ad_group.id = ${adGroupId} AND ad_group_criterion.status != 'REMOVED'`,
    );
    return rows.map((r) => {
      const c = r.adGroupCriterion;
      const dimension = dimensionFrom(c.listingGroup?.caseValue);
      const parent = c.listingGroup?.parentAdGroupCriterion;
      return {
        id: String(c.criterionId),
        ad_group_id: adGroupId,
        type: c.listingGroup!.type as SearchAdsListingGroup['type'],
        ...(parent ? { parent_id: idOf(parent).split('~')[1]! } : {}),
        ...(dimension ? { dimension } : {}),
        ...(c.cpcBidMicros !== undefined && !c.negative ? { cpc_bid: fromMicros(c.cpcBidMicros) } : {}),
        negative: Boolean(c.negative),
      };
    });
  }

  async mutateListingGroups(adGroupId: string, changes: SearchAdsListingGroupChanges): Promise<Record<string, string>> {
    const { base } = this;
    const criterion = (id: string) => base.rn('adGroupCriteria', `${adGroupId}~${id}`);
    const temp = new Map((changes.create ?? []).map((c, i) => [c.ref, criterion(`-${i + 1}`)]));
    const operations = [
      ...(changes.remove ?? []).map((id) => ({ remove: criterion(id) })),
      ...(changes.create ?? []).map((c) => ({
        create: {
          resourceName: temp.get(c.ref),
          adGroup: base.rn('adGroups', adGroupId),
          status: 'ENABLED',
          ...(c.negative ? { negative: true } : {}),
          ...(c.cpc_bid !== undefined ? { cpcBidMicros: toMicros(c.cpc_bid) } : {}),
          listingGroup: {
            type: c.type,
            ...(c.parent !== undefined ? { parentAdGroupCriterion: temp.get(c.parent) ?? criterion(c.parent) } : {}),
            ...(c.dimension ? { caseValue: caseValueWire(c.dimension) } : {}),
          },
        },
      })),
      ...(changes.update ?? []).map((u) => ({
        update: { resourceName: criterion(u.id), cpcBidMicros: toMicros(u.cpc_bid) },
        updateMask: 'cpcBidMicros',
      })),
    ];
    const names = await base.mutate('adGroupCriteria', operations);
    const removed = changes.remove?.length ?? 0;
    return Object.fromEntries(
      (changes.create ?? []).map((c, i) => [
        c.ref,
        idOf(names[removed + i]!)
          .split('~')
          .at(-1)!,
      ]),
    );
  }
}
