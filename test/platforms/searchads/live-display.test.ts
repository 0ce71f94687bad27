/**
 * The Display family on a live account connected to the fake search platform: the tools read and
 * write ad group criteria, topic constants, image assets, responsive display ads, ad schedules and
 * frequency caps in the platform's wire format, and the fake refuses what the platform refuses.
 */
import { FAKE_API_VERSION, FAKE_DEVELOPER_TOKEN } from '../../fakes/searchads-api';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from '../../fakes/searchads-oauth';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

type Structured = Record<string, any>;

describe('display tools on a live account (fake search platform)', () => {
  let live: LiveOwner;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  let cart: string;
  let images: Structured[];
  const image = (prefix: string) => images.find((i) => i.name.startsWith(prefix))!.id as string;
  const rda = () => ({
    headlines: ['Trail Gear That Lasts'],
    long_headline: 'Boots, packs and layers tested on real trails',
    descriptions: ['Free shipping over $50.'],
    business_name: 'Northwind Outdoor',
    final_url: 'https://www.example.com/trail',
    marketing_image_ids: [image('Trail hero')],
    square_marketing_image_ids: [image('Trail square')],
  });
  beforeAll(async () => {
    live = await liveOwner(platform);
    campaigns = await campaignsByName(live.apiKey);
    cart = (await adGroupsByName(live.apiKey))['Cart Abandoners 30d']!.id;
    images = (await callToolOk(live.apiKey, 'get_display_ad_group_settings', { ad_group_id: cart })).structured!.images;
  });

  it('reads placements, topics, demographics and settings from ad group criteria, topic constants and image assets', async () => {
    const placements = await callToolOk(live.apiKey, 'get_display_placements', { ad_group_id: cart });
    expect(placements.structured!.criteria).toEqual([
      expect.objectContaining({
        type: 'PLACEMENT',
        value: 'www.trailjournal.example',
        negative: false,
        criterion_id: expect.stringMatching(new RegExp(`^${cart}~\\d+$`)),
      }),
    ]);
    const topics = await callToolOk(live.apiKey, 'get_display_topics', { ad_group_id: cart });
    expect(topics.structured!.criteria).toEqual([
      expect.objectContaining({ value: '1316', name: 'Hobbies & Leisure > Outdoors > Hiking & Camping' }),
    ]);
    const demographics = await callToolOk(live.apiKey, 'get_display_demographics', { ad_group_id: cart });
    expect((demographics.structured!.demographics as Structured[]).filter((d) => d.state === 'EXCLUDED').map((d) => d.value)).toEqual([
      'AGE_RANGE_18_24',
    ]);
    const settings = await callToolOk(live.apiKey, 'get_display_ad_group_settings', { ad_group_id: cart });
    expect(settings.structured!.targeting).toMatchObject({
      placements: { targeted: 1 },
      topics: { targeted: 1 },
      demographics: { excluded: 1 },
    });
    expect(images.map((i) => [i.name, i.width, i.height])).toContainEqual(['Trail hero 1200x628', 1200, 628]);
  });

  it('adds placements, topics and audiences as ad group criteria, then removes them', async () => {
    const placements = await callToolOk(live.apiKey, 'add_display_placements', {
      ad_group_id: cart,
      placements: [
        { type: 'WEBSITE', value: 'www.hiking-news.example' },
        { type: 'MOBILE_APP', value: '2-com.example.trailmaps' },
        { type: 'YOUTUBE_CHANNEL', value: 'UCtrailtalesOutdoor01234' },
      ],
    });
    expect(placements.structured!.added).toBe(3);
    await callToolOk(live.apiKey, 'add_display_topics', { ad_group_id: cart, topic_ids: ['63'], exclude: true });
    await callToolOk(live.apiKey, 'add_display_audiences', { ad_group_id: cart, in_market_audiences: ['80443'] });
    const read = await callToolOk(live.apiKey, 'get_display_placements', { ad_group_id: cart });
    expect((read.structured!.criteria as Structured[]).map((c) => c.value).sort()).toEqual([
      '2-com.example.trailmaps',
      'UCtrailtalesOutdoor01234',
      'www.hiking-news.example',
      'www.trailjournal.example',
    ]);
    const topics = await callToolOk(live.apiKey, 'get_display_topics', { ad_group_id: cart });
    expect(topics.structured!.excluded).toBe(1);
    const audiences = await callToolOk(live.apiKey, 'get_display_audiences', { ad_group_id: cart });
    expect(audiences.structured!.criteria).toEqual([
      expect.objectContaining({ type: 'USER_INTEREST', value: '80443', name: 'Hiking Boots' }),
    ]);

    const gone = (read.structured!.criteria as Structured[])
      .filter((c) => c.value !== 'www.trailjournal.example')
      .map((c) => c.criterion_id);
    const removed = await callToolOk(live.apiKey, 'remove_display_criteria', { ad_group_id: cart, criterion_ids: gone });
    expect(removed.structured!.count).toBe(3);
    expect((await callToolOk(live.apiKey, 'get_display_placements', { ad_group_id: cart })).structured!.criteria).toHaveLength(1);
  });

  it('updates demographics with negative criteria, removing the exclusions of values targeted again', async () => {
    const data = await callToolOk(live.apiKey, 'update_display_demographics', {
      ad_group_id: cart,
      age_ranges: ['AGE_RANGE_18_24', 'AGE_RANGE_25_34', 'AGE_RANGE_35_44', 'AGE_RANGE_45_54', 'AGE_RANGE_55_64'],
      genders: ['FEMALE'],
    });
    expect(data.structured!.targeted_again).toEqual([{ dimension: 'AGE_RANGE', value: 'AGE_RANGE_18_24' }]);
    const read = await callToolOk(live.apiKey, 'get_display_demographics', { ad_group_id: cart });
    expect(
      (read.structured!.demographics as Structured[])
        .filter((d) => d.state === 'EXCLUDED')
        .map((d) => d.value)
        .sort(),
    ).toEqual(['AGE_RANGE_65_UP', 'AGE_RANGE_UNDETERMINED', 'MALE', 'UNDETERMINED']);
  });

  it('creates and edits display ad groups and responsive display ads', async () => {
    const display = campaigns['Display - Remarketing']!;
    const group = await callToolOk(live.apiKey, 'add_display_ad_group', { campaign_id: display.id, name: 'Past Buyers', cpc_bid: 0.7 });
    const groupId = group.structured!.ad_group_id as string;
    await callToolOk(live.apiKey, 'update_display_ad_group', { ad_group_id: groupId, name: 'Past Buyers 180d', cpc_bid: 0.55 });
    const settings = await callToolOk(live.apiKey, 'get_display_ad_group_settings', { ad_group_id: groupId });
    expect(settings.structured!.ad_group).toMatchObject({
      name: 'Past Buyers 180d',
      cpc_bid: 0.55,
      status: 'PAUSED',
      type: 'DISPLAY_STANDARD',
    });

    const ad = await callToolOk(live.apiKey, 'add_display_ad', {
      ad_group_id: groupId,
      ...rda(),
      square_logo_image_ids: [image('Northwind logo')],
      main_color: '#1A73E8',
      accent_color: '#FFFFFF',
    });
    expect(ad.structured).toMatchObject({
      status: 'PAUSED',
      long_headline: 'Boots, packs and layers tested on real trails',
      square_logo_image_ids: [image('Northwind logo')],
      main_color: '#1A73E8',
    });
    const video = (settings.structured!.videos as Structured[])[0]!;
    expect(video).toMatchObject({ name: 'Trail boots 15s', video_id: 'Nw0tRa1lB15' });
    const edited = await callToolOk(live.apiKey, 'update_display_ad_creative', {
      ad_id: ad.structured!.ad_id,
      call_to_action_text: 'Learn more',
      main_color: '',
      accent_color: '',
      promo_text: 'Free returns',
      video_ids: [video.id],
    });
    expect(edited.structured!.after).toMatchObject({
      call_to_action_text: 'Learn more',
      main_color: '',
      accent_color: '',
      promo_text: 'Free returns',
      video_ids: [video.id],
    });
    const banner = await callTool(live.apiKey, 'add_display_ad', {
      ad_group_id: groupId,
      ...rda(),
      marketing_image_ids: [image('Leaderboard')],
    });
    expect(banner.status).toBe(400);
  });

  it('creates a display campaign, its ad schedule and frequency caps', async () => {
    const created = await callToolOk(live.apiKey, 'create_display_campaign', {
      name: 'Display - Live Prospecting',
      daily_budget: 25,
      ad_group: { name: 'Hikers' },
      ad: rda(),
      location_ids: ['2840'],
    });
    expect(created.structured).toMatchObject({ status: 'PAUSED', daily_budget: 25, locations: 1 });
    const campaignId = created.structured!.campaign_id as string;
    const schedule = await callToolOk(live.apiKey, 'update_display_campaign_schedule', {
      campaign_id: campaignId,
      end_date: '2031-12-31',
      ad_schedule: [
        { day_of_week: 'MONDAY', start_hour: 9, end_hour: 17 },
        { day_of_week: 'SUNDAY', start_hour: 10, start_minute: 'THIRTY', end_hour: 24 },
      ],
    });
    expect(schedule.structured).toMatchObject({ end_date: '2031-12-31' });
    expect(schedule.structured!.ad_schedule).toEqual([
      { day_of_week: 'MONDAY', start_hour: 9, start_minute: 'ZERO', end_hour: 17, end_minute: 'ZERO' },
      { day_of_week: 'SUNDAY', start_hour: 10, start_minute: 'THIRTY', end_hour: 24, end_minute: 'ZERO' },
    ]);
    const replaced = await callToolOk(live.apiKey, 'update_display_campaign_schedule', {
      campaign_id: campaignId,
      ad_schedule: [{ day_of_week: 'MONDAY', start_hour: 9, end_hour: 17 }],
    });
    expect(replaced.structured!.ad_schedule).toHaveLength(1);

    await callToolOk(live.apiKey, 'update_display_frequency_caps', {
      campaign_id: campaignId,
      frequency_caps: [
        { cap: 5, time_unit: 'DAY' },
        { cap: 20, time_unit: 'WEEK', level: 'AD_GROUP' },
      ],
    });
    const caps = await callToolOk(live.apiKey, 'get_display_frequency_caps', { campaign_id: campaignId });
    expect(caps.structured!.frequency_caps).toEqual([
      { event_type: 'IMPRESSION', level: 'CAMPAIGN', time_unit: 'DAY', time_length: 1, cap: 5 },
      { event_type: 'IMPRESSION', level: 'AD_GROUP', time_unit: 'WEEK', time_length: 1, cap: 20 },
    ]);
  });

  it('a dry run has the platform check display writes (validate-only) and changes nothing', async () => {
    const ok = await callToolOk(live.apiKey, 'add_display_placements', {
      ad_group_id: cart,
      placements: [{ type: 'WEBSITE', value: 'www.checked-only.example' }],
      dry_run: true,
    });
    expect(ok.structured).toMatchObject({
      dry_run: true,
      platformCheck: { checked: true, message: expect.stringContaining('accepted 1 request(s)') },
    });
    const caps = await callToolOk(live.apiKey, 'update_display_frequency_caps', {
      campaign_id: campaigns['Display - Remarketing']!.id,
      frequency_caps: [{ cap: 2, time_unit: 'DAY' }],
      dry_run: true,
    });
    expect(caps.structured!.platformCheck).toMatchObject({ checked: true });
    const placements = await callToolOk(live.apiKey, 'get_display_placements', { ad_group_id: cart });
    expect((placements.structured!.criteria as Structured[]).map((c) => c.value)).not.toContain('www.checked-only.example');
  });

  describe('the fake refuses what the platform refuses', () => {
    let token: string;
    beforeAll(async () => {
      const response = await fetch(platform.oauth.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: live.refreshToken,
          client_id: FAKE_CLIENT_ID,
          client_secret: FAKE_CLIENT_SECRET,
        }),
      });
      token = ((await response.json()) as { access_token: string }).access_token;
    });
    const mutate = async (resource: string, operations: object[]) => {
      const response = await fetch(`${platform.api.url}/${FAKE_API_VERSION}/customers/${live.account.account_id}/${resource}:mutate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'developer-token': FAKE_DEVELOPER_TOKEN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ operations }),
      });
      const json = (await response.json()) as any;
      return json.error?.details?.[0]?.errors?.[0]?.errorCode as Record<string, string> | undefined;
    };
    const rn = (collection: string, id: string) => `customers/${live.account.account_id}/${collection}/${id}`;

    it('refuses unknown topics, invalid demographics, overlapping schedules, caps on search campaigns and a display ad without images', async () => {
      expect(
        await mutate('adGroupCriteria', [{ create: { adGroup: rn('adGroups', cart), topic: { topicConstant: 'topicConstants/424242' } } }]),
      ).toEqual({ criterionError: 'INVALID_TOPIC_PATH' });
      expect(await mutate('adGroupCriteria', [{ create: { adGroup: rn('adGroups', cart), gender: { type: 'OTHER' } } }])).toEqual({
        criterionError: 'INVALID_PLACEMENT_URL',
      });
      const display = campaigns['Display - Remarketing']!;
      const window = { dayOfWeek: 'TUESDAY', startHour: 8, startMinute: 'ZERO', endHour: 12, endMinute: 'ZERO' };
      expect(await mutate('campaignCriteria', [{ create: { campaign: rn('campaigns', display.id), adSchedule: window } }])).toBeUndefined();
      expect(
        await mutate('campaignCriteria', [
          { create: { campaign: rn('campaigns', display.id), adSchedule: { ...window, startHour: 11, endHour: 14 } } },
        ]),
      ).toEqual({ criterionError: 'AD_SCHEDULE_TIME_INTERVALS_OVERLAP' });
      const brand = campaigns['Brand - Exact']!;
      expect(
        await mutate('campaigns', [
          {
            update: {
              resourceName: rn('campaigns', brand.id),
              frequencyCaps: [{ key: { level: 'CAMPAIGN', eventType: 'IMPRESSION', timeUnit: 'DAY', timeLength: 1 }, cap: 3 }],
            },
            updateMask: 'frequencyCaps',
          },
        ]),
      ).toEqual({ campaignError: 'FREQUENCY_CAP_NOT_SUPPORTED' });
      expect(
        await mutate('adGroupAds', [
          {
            create: {
              adGroup: rn('adGroups', cart),
              ad: {
                finalUrls: ['https://www.example.com/'],
                responsiveDisplayAd: {
                  headlines: [{ text: 'Hi' }],
                  descriptions: [{ text: 'There' }],
                  longHeadline: { text: 'Long' },
                  businessName: 'Northwind',
                },
              },
            },
          },
        ]),
      ).toEqual({ adError: 'MISSING_MARKETING_IMAGE' });
      expect(
        await mutate('adGroupAds', [
          {
            create: {
              adGroup: rn('adGroups', cart),
              ad: {
                finalUrls: ['https://www.example.com/'],
                responsiveDisplayAd: {
                  headlines: [{ text: 'Hi' }],
                  descriptions: [{ text: 'There' }],
                  longHeadline: { text: 'Long' },
                  businessName: 'Northwind',
                  marketingImages: [{ asset: rn('assets', image('Leaderboard')) }],
                  squareMarketingImages: [{ asset: rn('assets', image('Trail square')) }],
                },
              },
            },
          },
        ]),
      ).toEqual({ imageError: 'ASPECT_RATIO_NOT_ALLOWED' });
    });
  });
});
