import { ToolError } from '../../../core/errors';
import type {
  ChatAdsAd,
  ChatAdsAdGroup,
  ChatAdsCampaign,
  ChatAdsPort,
  ChatAdsStatus,
  NewChatAdsAd,
  NewChatAdsAdGroup,
  NewChatAdsCampaign,
} from '../port';
import { adGroupOf, adOf, budgetOf, campaignOf, impressionBidMicros } from './mapping';
import { notSupported, type ChatAdsSession } from './session';
import type { WireAd, WireAdGroup, WireCampaign, WireUpload } from './wire';

/** State actions of campaigns, ad groups and ads: POST /<entities>/{id}/<action>. */
const ACTION: Record<ChatAdsStatus, string> = { active: 'activate', paused: 'pause', archived: 'archive' };

/**
 * Campaigns, ad groups and ads on the platform (/campaigns, /ad_groups, /ads), and the images chat
 * cards show (/upload). The API lists ad groups per campaign and ads per ad group, and a single ad
 * group or ad does not name its parent: the lists place it. Creates carry the platform's
 * Idempotency-Key (ChatAdsSession.create).
 */
export class CampaignsLive implements Pick<
  ChatAdsPort,
  | 'listCampaigns'
  | 'getCampaign'
  | 'setCampaignStatus'
  | 'createCampaign'
  | 'listAdGroups'
  | 'getAdGroup'
  | 'createAdGroup'
  | 'setAdGroupStatus'
  | 'listAds'
  | 'getAd'
  | 'createAd'
  | 'setAdStatus'
  | 'uploadImage'
> {
  constructor(private readonly session: ChatAdsSession) {}

  async listCampaigns(): Promise<ChatAdsCampaign[]> {
    return (await this.session.listAll<WireCampaign>('/campaigns', {})).map(campaignOf);
  }

  async getCampaign(campaignId: string): Promise<ChatAdsCampaign> {
    return campaignOf(
      await this.session.send<WireCampaign>(
        { method: 'GET', path: `/campaigns/${encodeURIComponent(campaignId)}` },
        { what: 'campaign', id: campaignId },
      ),
    );
  }

  async setCampaignStatus(campaignId: string, status: ChatAdsStatus, _from: ChatAdsStatus, _now: Date): Promise<ChatAdsCampaign> {
    const path = `/campaigns/${encodeURIComponent(campaignId)}/${ACTION[status]}`;
    return campaignOf(await this.session.send<WireCampaign>({ method: 'POST', path }, { what: 'campaign', id: campaignId }));
  }

  async createCampaign(campaign: NewChatAdsCampaign, _now: Date): Promise<ChatAdsCampaign> {
    const unix = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);
    const created = await this.session.send<WireCampaign>(
      this.session.create('/campaigns', {
        name: campaign.name,
        ...(campaign.description ? { description: campaign.description } : {}),
        status: campaign.status,
        // The reference asks for the objective explicitly on every create.
        bidding_type: campaign.bidding_type,
        // A conversions campaign optimizes for exactly one conversion event setting.
        ...(campaign.conversion_event_setting_id ? { conversion_event_setting_ids: [campaign.conversion_event_setting_id] } : {}),
        start_time: unix(campaign.start_date),
        ...(campaign.end_date ? { end_time: unix(campaign.end_date) + 86_399 } : {}),
        budget: budgetOf(campaign),
      }),
    );
    return campaignOf(created);
  }

  async listAdGroups(filter: { campaign_id?: string } = {}): Promise<ChatAdsAdGroup[]> {
    // The API lists ad groups per campaign (campaign_id is required).
    const campaignIds = filter.campaign_id
      ? [filter.campaign_id]
      : (await this.session.listAll<WireCampaign>('/campaigns', {})).map((c) => c.id);
    const groups = await Promise.all(
      campaignIds.map(async (id) =>
        (await this.session.listAll<WireAdGroup>('/ad_groups', { campaign_id: id }, { what: 'campaign', id })).map((g) => adGroupOf(g, id)),
      ),
    );
    return groups.flat();
  }

  async getAdGroup(adGroupId: string): Promise<ChatAdsAdGroup> {
    const g = await this.session.send<WireAdGroup>(
      { method: 'GET', path: `/ad_groups/${encodeURIComponent(adGroupId)}` },
      { what: 'ad group', id: adGroupId },
    );
    // The single ad group carries no campaign id: the campaign's list of ad groups names it.
    return g.campaign_id ? adGroupOf(g, g.campaign_id) : ((await this.listAdGroups()).find((x) => x.id === g.id) ?? adGroupOf(g, ''));
  }

  async createAdGroup(adGroup: NewChatAdsAdGroup, _now: Date): Promise<ChatAdsAdGroup> {
    if (adGroup.custom_audience_bid_multipliers.length) {
      throw notSupported(
        "Custom-audience bid multipliers need the platform's custom audiences, which this gateway does not read live yet. Create the ad group without `custom_audience_bid_multipliers` (or add them in the platform's Ads Manager).",
      );
    }
    // A fixed bid carries its max bid per billing event; Maximize Results (maximize_clicks,
    // maximize_conversions) sets bids itself and takes none. The platform checks the strategy
    // against the campaign's objective and budget and answers what it refuses.
    const maxBidMicros =
      adGroup.strategy !== 'fixed_bid'
        ? undefined
        : adGroup.billing_event_type === 'click'
          ? adGroup.max_bid_micros!
          : impressionBidMicros(adGroup.max_cpm_bid_micros!);
    const created = await this.session.send<WireAdGroup>(
      this.session.create('/ad_groups', {
        campaign_id: adGroup.campaign_id,
        name: adGroup.name,
        ...(adGroup.description !== undefined ? { description: adGroup.description } : {}),
        context_hints: adGroup.context_hints,
        status: adGroup.status,
        bidding_config: {
          billing_event_type: adGroup.billing_event_type,
          strategy: adGroup.strategy,
          ...(maxBidMicros !== undefined ? { max_bid_micros: maxBidMicros } : {}),
        },
      }),
      { what: 'campaign', id: adGroup.campaign_id },
    );
    return adGroupOf(created, adGroup.campaign_id);
  }

  async setAdGroupStatus(adGroupId: string, status: ChatAdsStatus, _from: ChatAdsStatus, _now: Date): Promise<ChatAdsAdGroup> {
    await this.session.send<WireAdGroup>(
      { method: 'POST', path: `/ad_groups/${encodeURIComponent(adGroupId)}/${ACTION[status]}` },
      { what: 'ad group', id: adGroupId },
    );
    return this.getAdGroup(adGroupId);
  }

  async listAds(): Promise<ChatAdsAd[]> {
    const groups = await this.listAdGroups();
    const ads = await Promise.all(
      groups.map(async (g) => (await this.session.listAll<WireAd>('/ads', { ad_group_id: g.id })).map((ad) => adOf(ad, g))),
    );
    return ads.flat();
  }

  async getAd(adId: string): Promise<ChatAdsAd> {
    // The single ad carries no ad group id: the ad groups' lists of ads place it.
    await this.session.send<WireAd>({ method: 'GET', path: `/ads/${encodeURIComponent(adId)}` }, { what: 'ad', id: adId });
    const ad = (await this.listAds()).find((a) => a.id === adId);
    if (!ad)
      throw new ToolError(`Ad ${adId} belongs to no ad group of chatads ad account ${this.session.account.account_id}.`, {
        code: 'not_found',
      });
    return ad;
  }

  async createAd(ad: NewChatAdsAd, _now: Date): Promise<ChatAdsAd> {
    if (ad.call_to_action !== undefined) {
      throw notSupported(
        "A chat card's button text is not part of the platform's ad creative (title, body, image and target URL). Create the ad without `call_to_action`.",
      );
    }
    if (!ad.image_file_id) {
      throw new ToolError(
        'A live chatads chat card needs an image: give `image_url` (it is uploaded first) or `image_file_id` (an uploaded file_...).',
        { code: 'invalid_arguments' },
      );
    }
    const created = await this.session.send<WireAd>(
      this.session.create('/ads', {
        ad_group_id: ad.ad_group_id,
        name: ad.name,
        status: ad.status,
        creative: { type: 'chat_card', title: ad.headline, body: ad.body, target_url: ad.landing_url, file_id: ad.image_file_id },
      }),
      { what: 'ad group', id: ad.ad_group_id },
    );
    return adOf(created, { id: ad.ad_group_id, campaign_id: ad.campaign_id });
  }

  async setAdStatus(adId: string, status: ChatAdsStatus, _from: ChatAdsStatus, _now: Date): Promise<ChatAdsAd> {
    await this.session.send<WireAd>(
      { method: 'POST', path: `/ads/${encodeURIComponent(adId)}/${ACTION[status]}` },
      { what: 'ad', id: adId },
    );
    return this.getAd(adId);
  }

  async uploadImage(imageUrl: string, _now: Date): Promise<{ file_id: string }> {
    const uploaded = await this.session.send<WireUpload>(this.session.create('/upload', { image_url: imageUrl }));
    return { file_id: uploaded.file_id };
  }
}
