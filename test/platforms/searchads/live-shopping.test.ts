/**
 * The Shopping, App, Demand Gen and video tools on a live account connected to the fake search
 * platform: the platform's wire format (shopping and app settings, product links and invitations,
 * listing group trees in one atomic mutate, Demand Gen channel controls and ad types), writes land
 * on the platform and show in the next read, and the fake refuses what the platform refuses.
 */
import { FAKE_API_VERSION, FAKE_DEVELOPER_TOKEN } from '../../fakes/searchads-api';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from '../../fakes/searchads-oauth';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { campaignsByName } from './helpers';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

type Row = Record<string, any>;

describe('searchads Shopping, App, Demand Gen and video tools on a live account (fake search platform)', () => {
  let live: LiveOwner;
  let cid: string;
  let images: Record<string, string>;
  beforeAll(async () => {
    live = await liveOwner(platform);
    cid = live.account.account_id;
    images = Object.fromEntries(
      platform.api
        .customer(cid)
        .assets.filter((a) => a.type === 'IMAGE')
        .map((a) => [a.name.split(' ')[0], a.id]),
    );
  });

  /** A request straight to the fake, with an access token of the live owner's user. */
  async function post(path: string, body: unknown) {
    const token = await fetch(platform.oauth.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: live.refreshToken,
        client_id: FAKE_CLIENT_ID,
        client_secret: FAKE_CLIENT_SECRET,
      }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const response = await fetch(`${platform.api.url}/${FAKE_API_VERSION}/customers/${cid}/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'developer-token': FAKE_DEVELOPER_TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as any;
    return { status: response.status, code: json.error?.details?.[0]?.errors?.[0]?.errorCode as Record<string, string> | undefined };
  }

  it('Merchant Center links: lists the link and the request, accepts the request, creates a Shopping campaign on the feed and edits its product groups', async () => {
    const links = (await callToolOk(live.apiKey, 'get_merchant_feed_links')).structured!.links as Row[];
    expect(links.map((l) => [l.merchant_center_id, l.status])).toEqual([
      ['5012345678', 'LINKED'],
      ['5087654321', 'PENDING_APPROVAL'],
    ]);
    await callToolOk(live.apiKey, 'link_merchant_feed', { merchant_center_id: '5087654321' });
    expect(
      platform.api
        .customer(cid)
        .productLinks.map((l) => l.merchantCenter.merchantCenterId)
        .sort(),
    ).toEqual(['5012345678', '5087654321']);

    const created = await callToolOk(live.apiKey, 'create_shopping_campaign', {
      name: 'Live Shopping',
      daily_budget: 30,
      merchant_center_id: '5087654321',
      feed_label: 'US',
      campaign_priority: 2,
      cpc_bid: 0.75,
    });
    const onPlatform = platform.api.customer(cid).campaigns.find((c) => c.id === created.structured!.campaign_id)!;
    expect(onPlatform).toMatchObject({
      advertisingChannelType: 'SHOPPING',
      status: 'PAUSED',
      shoppingSetting: { merchantId: '5087654321', feedLabel: 'US', campaignPriority: 2, enableLocal: false },
    });
    const settings = await callToolOk(live.apiKey, 'get_shopping_settings', { campaign_id: created.structured!.campaign_id });
    expect(settings.structured).toMatchObject({
      merchant_id: '5087654321',
      merchant_link_status: 'LINKED',
      campaign_priority: 2,
      ad_groups: [expect.objectContaining({ product_groups: 1, product_ads: 1 })],
    });

    const groupId = created.structured!.ad_group_id as string;
    const split = await callToolOk(live.apiKey, 'add_product_group', {
      ad_group_id: groupId,
      dimension: 'BRAND',
      value: 'northwind',
      cpc_bid: 1.2,
    });
    expect((split.structured!.product_groups as Row[]).map((r) => [r.label, r.cpc_bid ?? null])).toEqual([
      ['All products', null],
      ['Brand = northwind', 1.2],
      ['Brand: everything else', 0.75],
    ]);
    const category = await callToolOk(live.apiKey, 'add_product_group', {
      ad_group_id: groupId,
      parent_id: split.structured!.product_group_id,
      dimension: 'CATEGORY_L1',
      value: '1604',
      excluded: true,
    });
    const rows = category.structured!.product_groups as Row[];
    expect(rows.map((r) => r.label)).toEqual([
      'All products',
      'Brand = northwind',
      'Category level 1 = 1604',
      'Category level 1: everything else',
      'Brand: everything else',
    ]);
    const others = rows.find((r) => r.label === 'Brand: everything else')!;
    await callToolOk(live.apiKey, 'update_product_group', { ad_group_id: groupId, product_group_id: others.id, cpc_bid: 0.5 });
    const criteria = platform.api
      .customer(cid)
      .adGroupCriteria.filter((x) => x.type === 'LISTING_GROUP' && x.adGroup.endsWith(`/${groupId}`));
    expect(criteria.find((x) => x.criterionId === others.id)).toMatchObject({
      cpcBidMicros: '500000',
      listingGroup: { type: 'UNIT', caseValue: { productBrand: {} } },
    });
    const northwind = rows.find((r) => r.label === 'Brand = northwind')!;
    const removed = await callToolOk(live.apiKey, 'remove_product_group', { ad_group_id: groupId, product_group_id: northwind.id });
    expect(removed.structured!.removed).toHaveLength(3);
    expect(
      (await callToolOk(live.apiKey, 'get_product_groups', { ad_group_id: groupId })).structured!.product_groups.map((r: Row) => r.label),
    ).toEqual(['All products', 'Brand: everything else']);
  });

  it('a dry run of a product group change is checked by the platform (validate-only) and changes nothing', async () => {
    const campaign = (await campaignsByName(live.apiKey))['Live Shopping']!;
    const group = (await callToolOk(live.apiKey, 'get_shopping_settings', { campaign_id: campaign.id })).structured!.ad_groups[0];
    const before = JSON.stringify(platform.api.customer(cid).adGroupCriteria);
    const dry = await callToolOk(live.apiKey, 'add_product_group', {
      ad_group_id: group.id,
      dimension: 'BRAND',
      value: 'trailhead',
      dry_run: true,
    });
    expect(dry.structured).toMatchObject({ dry_run: true, platformCheck: { checked: true } });
    expect(JSON.stringify(platform.api.customer(cid).adGroupCriteria)).toBe(before);
    // Multi-step creates are checked up to the requests that need what they would create.
    const campaigns = platform.api.customer(cid).campaigns.length;
    const ad = {
      headlines: ['Checked'],
      descriptions: ['Checked only.'],
      business_name: 'Northwind',
      final_url: 'https://www.example.com/',
      marketing_image_asset_ids: [images.Trail],
      logo_image_asset_ids: [images.Northwind],
    };
    for (const [tool, args] of [
      ['create_shopping_campaign', { name: 'Checked Shopping', daily_budget: 10, merchant_center_id: '5012345678' }],
      ['create_demandgen_campaign', { name: 'Checked DG', daily_budget: 10, in_market_audiences: ['80443'], ad }],
      [
        'create_app_campaign',
        {
          name: 'Checked App',
          daily_budget: 10,
          app_id: '1234567890',
          app_store: 'APPLE_APP_STORE',
          target_cpa: 2,
          headlines: ['One', 'Two'],
          descriptions: ['Three'],
        },
      ],
      ['unlink_merchant_feed', { merchant_center_id: '5087654321' }],
    ] as const) {
      const checked = await callToolOk(live.apiKey, tool, { ...args, dry_run: true });
      expect({ tool, check: checked.structured!.platformCheck }).toEqual({ tool, check: { checked: true, message: expect.any(String) } });
    }
    expect(platform.api.customer(cid).campaigns).toHaveLength(campaigns);
  });

  it('App, Demand Gen and video campaigns land on the platform in its wire format and read back', async () => {
    const app = await callToolOk(live.apiKey, 'create_app_campaign', {
      name: 'Live App',
      daily_budget: 20,
      app_id: 'com.northwind.trailbuddy',
      app_store: 'GOOGLE_APP_STORE',
      target_cpa: 3,
      headlines: ['Plan Your Hike', 'Offline Maps'],
      descriptions: ['Trail maps offline.'],
      image_asset_ids: [images.Trail],
    });
    const appCampaign = platform.api.customer(cid).campaigns.find((c) => c.id === app.structured!.campaign_id)!;
    expect(appCampaign).toMatchObject({
      advertisingChannelType: 'MULTI_CHANNEL',
      advertisingChannelSubType: 'APP_CAMPAIGN',
      appCampaignSetting: {
        appId: 'com.northwind.trailbuddy',
        appStore: 'GOOGLE_APP_STORE',
        biddingStrategyGoalType: 'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST',
      },
      targetCpa: { targetCpaMicros: '3000000' },
    });
    expect(platform.api.customer(cid).ads.find((a) => a.ad.id === app.structured!.ad_ids[0])!.ad.appAd.headlines).toEqual([
      { text: 'Plan Your Hike' },
      { text: 'Offline Maps' },
    ]);

    const ad = {
      headlines: ['Gear for every trail'],
      descriptions: ['Tested on real trails.'],
      business_name: 'Northwind Outdoor',
      final_url: 'https://www.example.com/trail',
      marketing_image_asset_ids: [images.Trail],
      logo_image_asset_ids: [images.Northwind],
    };
    const dg = await callToolOk(live.apiKey, 'create_demandgen_campaign', {
      name: 'Live Demand Gen',
      daily_budget: 40,
      channels: ['discover', 'gmail'],
      in_market_audiences: ['80443'],
      ad,
    });
    const dgGroup = platform.api.customer(cid).adGroups.find((g) => g.id === dg.structured!.ad_group_id)!;
    expect(dgGroup.demandGenAdGroupSettings).toEqual({
      channelControls: {
        selectedChannels: {
          youtubeInStream: false,
          youtubeInFeed: false,
          youtubeShorts: false,
          discover: true,
          gmail: true,
          display: false,
        },
      },
    });
    const controls = await callToolOk(live.apiKey, 'get_demandgen_channel_controls', { campaign_id: dg.structured!.campaign_id });
    expect(controls.structured!.ad_groups).toEqual([
      expect.objectContaining({ strategy: 'SELECTED_CHANNELS', channels: ['discover', 'gmail'] }),
    ]);
    await callToolOk(live.apiKey, 'update_demandgen_channel_controls', {
      campaign_id: dg.structured!.campaign_id,
      channels: ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts', 'discover', 'gmail', 'display'],
    });
    expect(dgGroup.demandGenAdGroupSettings).toEqual({ channelControls: { channelStrategy: 'ALL_CHANNELS' } });
    const audiences = await callToolOk(live.apiKey, 'get_demandgen_audiences', { campaign_id: dg.structured!.campaign_id });
    expect(audiences.structured!.ad_groups[0].audiences.map((a: Row) => a.name)).toEqual(['Hiking Boots']);
    await callToolOk(live.apiKey, 'replace_demandgen_audiences', { ad_group_id: dgGroup.id, affinity_audiences: ['92001'] });
    const replaced = await callToolOk(live.apiKey, 'get_demandgen_audiences', { ad_group_id: dgGroup.id });
    expect(replaced.structured!.ad_groups[0].audiences.map((a: Row) => a.name)).toEqual(['Outdoor Enthusiasts']);
    const extra = await callToolOk(live.apiKey, 'add_demandgen_ad', { ad_group_id: dgGroup.id, ...ad, call_to_action: 'Shop now' });
    expect(platform.api.customer(cid).ads.find((a) => a.ad.id === extra.structured!.ad_id)).toMatchObject({
      status: 'PAUSED',
      ad: { type: 'DEMAND_GEN_MULTI_ASSET_AD', demandGenMultiAssetAd: { businessName: 'Northwind Outdoor', callToActionText: 'Shop now' } },
    });

    const video = await callToolOk(live.apiKey, 'create_video_campaign', {
      name: 'Live Video',
      daily_budget: 25,
      youtube_video_ids: ['dQw4w9WgXcQ', 'aBcDeFgHiJk'],
      headlines: ['Trail Stories'],
      long_headlines: ['Real hikers, real trails'],
      descriptions: ['Watch the story.'],
      business_name: 'Northwind Outdoor',
      final_url: 'https://www.example.com/stories',
      logo_image_asset_ids: [images.Northwind],
    });
    const videoAd = platform.api.customer(cid).ads.find((a) => a.ad.id === video.structured!.ad_ids[0])!;
    expect(videoAd.ad.demandGenVideoResponsiveAd.videos).toHaveLength(2);
    // The library's video was reused; the other became a new video asset.
    const videoIds = platform.api
      .customer(cid)
      .assets.filter((a) => a.type === 'YOUTUBE_VIDEO')
      .map((a) => a.youtubeVideoAsset.youtubeVideoId as string);
    expect(videoIds.filter((id) => id === 'dQw4w9WgXcQ' || id === 'aBcDeFgHiJk').sort()).toEqual(['aBcDeFgHiJk', 'dQw4w9WgXcQ']);
    const listed = await campaignsByName(live.apiKey);
    expect(listed['Live Video']).toMatchObject({ type: 'DEMAND_GEN', status: 'PAUSED' });
  });

  it('the fake refuses what the platform refuses: a second root, siblings of two dimensions, a feed not linked, an image of the wrong shape, a typed Demand Gen ad group', async () => {
    const campaign = (await campaignsByName(live.apiKey))['Live Shopping']!;
    const group = platform.api.customer(cid).adGroups.find((g) => g.campaign === `customers/${cid}/campaigns/${campaign.id}`)!;
    const root = await post('adGroupCriteria:mutate', {
      operations: [{ create: { adGroup: group.resourceName, listingGroup: { type: 'UNIT' }, cpcBidMicros: '100000' } }],
    });
    expect(root.code).toEqual({ listingGroupError: 'MULTIPLE_ROOTS' });
    const criteria = platform.api
      .customer(cid)
      .adGroupCriteria.filter((x) => x.adGroup === group.resourceName && x.type === 'LISTING_GROUP');
    const rootNode = criteria.find((x) => !x.listingGroup.parentAdGroupCriterion)!;
    const lonely = await post('adGroupCriteria:mutate', {
      operations: [
        {
          create: {
            adGroup: group.resourceName,
            listingGroup: {
              type: 'UNIT',
              parentAdGroupCriterion: rootNode.resourceName,
              caseValue: { productCondition: { condition: 'NEW' } },
            },
            cpcBidMicros: '100000',
          },
        },
      ],
    });
    expect(lonely.code).toEqual({ adGroupCriterionError: 'LISTING_GROUP_REQUIRES_SAME_DIMENSION_TYPE_AS_SIBLINGS' });
    const budget = platform.api.customer(cid).budgets[0]!.resourceName;
    const unlinked = await post('campaigns:mutate', {
      operations: [
        {
          create: {
            name: 'X',
            status: 'PAUSED',
            advertisingChannelType: 'SHOPPING',
            campaignBudget: budget,
            containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
            manualCpc: {},
            shoppingSetting: { merchantId: '42' },
          },
        },
      ],
    });
    expect(unlinked.code).toEqual({ campaignError: 'MERCHANT_NOT_ALLOWED_FOR_SHOPPING_CAMPAIGN' });
    const dgGroup = platform.api.customer(cid).adGroups.find((g) => g.name === 'Ad group 1')!;
    const shape = await post('adGroupAds:mutate', {
      operations: [
        {
          create: {
            adGroup: dgGroup.resourceName,
            ad: {
              finalUrls: ['https://www.example.com/'],
              demandGenMultiAssetAd: {
                headlines: [{ text: 'A' }],
                descriptions: [{ text: 'B' }],
                businessName: 'N',
                marketingImages: [{ asset: `customers/${cid}/assets/${images.Boots}` }],
                logoImages: [{ asset: `customers/${cid}/assets/${images.Northwind}` }],
              },
            },
          },
        },
      ],
    });
    expect(shape.code).toEqual({ mediaUploadError: 'ASPECT_RATIO_NOT_ALLOWED' });
    const typed = await post('adGroups:mutate', {
      operations: [{ create: { campaign: dgGroup.campaign, name: 'Typed', status: 'PAUSED', type: 'SEARCH_STANDARD' } }],
    });
    expect(typed.code).toEqual({ adGroupError: 'AD_GROUP_TYPE_NOT_VALID_FOR_ADVERTISING_CHANNEL_TYPE' });
    // And the tools refuse an unlinked feed before asking the platform.
    const tool = await callTool(live.apiKey, 'create_shopping_campaign', {
      name: 'Live Shopping 2',
      daily_budget: 10,
      merchant_center_id: '42',
    });
    expect(tool.status).toBe(400);
    expect(tool.body.error).toContain('link_merchant_feed');
    const unlink = await callTool(live.apiKey, 'unlink_merchant_feed', { merchant_center_id: '5087654321' });
    expect(unlink.status).toBe(200);
    expect(platform.api.customer(cid).productLinks.map((l) => l.merchantCenter.merchantCenterId)).toEqual(['5012345678']);
  });
});
