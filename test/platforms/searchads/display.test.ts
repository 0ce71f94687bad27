/**
 * The Display family on a seeded sandbox account: each tool's happy path (a write shows in the next
 * read) and one failing case per rule.
 */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';

useTestTables();

type Structured = Record<string, any>;

describe('searchads display tools', () => {
  let apiKey: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  let groups: Awaited<ReturnType<typeof adGroupsByName>>;
  let images: Structured[];
  const image = (prefix: string) => images.find((i) => i.name.startsWith(prefix))!.id as string;
  const rda = () => ({
    headlines: ['Trail Gear That Lasts', 'Free Returns'],
    long_headline: 'Boots, packs and layers tested on real trails',
    descriptions: ['Free shipping over $50.'],
    business_name: 'Northwind Outdoor',
    final_url: 'https://www.example.com/trail',
    marketing_image_ids: [image('Trail hero')],
    square_marketing_image_ids: [image('Trail square')],
  });
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
    campaigns = await campaignsByName(apiKey);
    groups = await adGroupsByName(apiKey);
    images = (await callToolOk(apiKey, 'get_display_ad_group_settings', { ad_group_id: groups['Outdoor Interests']!.id })).structured!
      .images;
  });
  const outdoor = () => groups['Outdoor Interests']!.id;
  const cart = () => groups['Cart Abandoners 30d']!.id;

  describe('reads', () => {
    it('get_display_placements lists websites, apps and channels, targeted and excluded, with criterion ids', async () => {
      const data = await callToolOk(apiKey, 'get_display_placements', { ad_group_id: outdoor() });
      const criteria = data.structured!.criteria as Structured[];
      expect(criteria.map((c) => c.type).sort()).toEqual(['MOBILE_APPLICATION', 'PLACEMENT', 'PLACEMENT', 'PLACEMENT', 'YOUTUBE_CHANNEL']);
      expect(criteria.find((c) => c.value === 'www.cheap-deals.example')).toMatchObject({
        negative: true,
        criterion_id: expect.stringMatching(new RegExp(`^${outdoor()}~\\d+$`)),
      });
      expect(data.structured).toMatchObject({ targeted: 4, excluded: 1, campaign_name: 'Display - Outdoor Prospecting' });
      expect(data.text).toContain('www.trailjournal.example');
    });

    it('get_display_topics names topics by their path', async () => {
      const data = await callToolOk(apiKey, 'get_display_topics', { ad_group_id: outdoor() });
      expect((data.structured!.criteria as Structured[]).map((c) => c.name).sort()).toEqual([
        'Hobbies & Leisure > Outdoors > Hiking & Camping',
        'Travel > Tourist Destinations > Parks & Outdoor Recreation',
      ]);
    });

    it("get_display_audiences shows the ad group's segments by name and the campaign's mode", async () => {
      const data = await callToolOk(apiKey, 'get_display_audiences', { ad_group_id: outdoor() });
      expect((data.structured!.criteria as Structured[]).map((c) => [c.type, c.name]).sort()).toEqual([
        ['CUSTOM_AUDIENCE', 'Competitor brand searchers'],
        ['USER_INTEREST', 'Outdoor Enthusiasts'],
      ]);
      expect(data.structured!.audience_targeting_mode).toBe('TARGETING');
    });

    it('get_display_demographics shows every value of every dimension as targeted or excluded', async () => {
      const data = await callToolOk(apiKey, 'get_display_demographics', { ad_group_id: outdoor() });
      const states = data.structured!.demographics as Structured[];
      expect(states).toHaveLength(20);
      expect(
        states
          .filter((s) => s.state === 'EXCLUDED')
          .map((s) => s.value)
          .sort(),
      ).toEqual(['AGE_RANGE_18_24', 'AGE_RANGE_65_UP', 'UNDETERMINED']);
      expect(data.text).toContain('excluded 18-24, 65+');
    });

    it('get_display_ad_group_settings counts targeting per surface and lists ads and images', async () => {
      const data = await callToolOk(apiKey, 'get_display_ad_group_settings', { ad_group_id: outdoor() });
      expect(data.structured!.targeting).toMatchObject({
        placements: { targeted: 4, excluded: 1 },
        topics: { targeted: 2, excluded: 0 },
        audiences: { targeted: 2, excluded: 0 },
        demographics: { targeted: 0, excluded: 3 },
      });
      expect(data.structured!.ads).toEqual([expect.objectContaining({ type: 'RESPONSIVE_DISPLAY_AD', status: 'ENABLED' })]);
      expect(data.structured!.campaign).toMatchObject({ bidding_strategy: 'MAXIMIZE_CONVERSIONS', audience_targeting_mode: 'TARGETING' });
    });

    it('refuses an ad group of a Search campaign', async () => {
      const result = await callTool(apiKey, 'get_display_keywords', { ad_group_id: groups['Hiking Boots - Men']!.id });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('works on ad groups of DISPLAY campaigns');
    });
  });

  describe('targeting writes', () => {
    it('add_display_placements adds each kind, skips existing ones and shows in get_display_placements', async () => {
      const data = await callToolOk(apiKey, 'add_display_placements', {
        ad_group_id: cart(),
        placements: [
          { type: 'WEBSITE', value: 'https://WWW.Hiking-News.example/' },
          { type: 'MOBILE_APP', value: '1-284882215' },
          { type: 'YOUTUBE_VIDEO', value: 'dQw4w9WgXcQ' },
          { type: 'WEBSITE', value: 'www.hiking-news.example' },
        ],
      });
      expect((data.structured!.results as Structured[]).map((r) => [r.value, r.result])).toEqual([
        ['www.hiking-news.example', 'added'],
        ['1-284882215', 'added'],
        ['dQw4w9WgXcQ', 'added'],
        ['www.hiking-news.example', 'skipped'],
      ]);
      const read = await callToolOk(apiKey, 'get_display_placements', { ad_group_id: cart() });
      expect((read.structured!.criteria as Structured[]).map((c) => c.value).sort()).toEqual([
        '1-284882215',
        'dQw4w9WgXcQ',
        'www.hiking-news.example',
      ]);
      const again = await callToolOk(apiKey, 'add_display_placements', {
        ad_group_id: cart(),
        placements: [{ type: 'WEBSITE', value: 'www.hiking-news.example' }],
        exclude: true,
      });
      expect(again.structured!.results[0]).toMatchObject({ result: 'skipped', reason: expect.stringContaining('already targeted') });
    });

    it('add_display_placements names each malformed placement', async () => {
      const result = await callTool(apiKey, 'add_display_placements', {
        ad_group_id: cart(),
        placements: [
          { type: 'WEBSITE', value: 'not a site' },
          { type: 'MOBILE_APP', value: 'com.example' },
          { type: 'YOUTUBE_CHANNEL', value: 'abc' },
        ],
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`placements[0].value`');
      expect(result.body.error).toContain('`placements[1].value`');
      expect(result.body.error).toContain('`placements[2].value`');
    });

    it('add_display_topics excludes a topic, and refuses an unknown one', async () => {
      const data = await callToolOk(apiKey, 'add_display_topics', { ad_group_id: cart(), topic_ids: ['topicConstants/63'], exclude: true });
      expect(data.structured!.results[0]).toMatchObject({ name: 'News > Weather', negative: true, result: 'added' });
      const read = await callToolOk(apiKey, 'get_display_topics', { ad_group_id: cart() });
      expect(read.structured!.excluded).toBe(2);
      const bad = await callTool(apiKey, 'add_display_topics', { ad_group_id: cart(), topic_ids: ['999999'] });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('`topic_ids[0]` "999999" is not a topic');
    });

    it('add_display_audiences adds segments that then show on the ad group, and refuses a misplaced one', async () => {
      const data = await callToolOk(apiKey, 'add_display_audiences', {
        ad_group_id: cart(),
        in_market_audiences: ['80443'],
        affinity_audiences: ['userInterests/92001'],
      });
      expect(data.structured!.added).toBe(2);
      const read = await callToolOk(apiKey, 'get_display_audiences', { ad_group_id: cart() });
      expect((read.structured!.criteria as Structured[]).map((c) => c.name).sort()).toEqual([
        'Cart abandoners (30 days)',
        'Hiking Boots',
        'Outdoor Enthusiasts',
      ]);
      const wrong = await callTool(apiKey, 'add_display_audiences', { ad_group_id: cart(), affinity_audiences: ['80443'] });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toContain('is a IN_MARKET segment, not AFFINITY');
      const none = await callTool(apiKey, 'add_display_audiences', { ad_group_id: cart() });
      expect(none.status).toBe(400);
    });

    it('get_display_keywords shows contextual keywords added with add_display_keywords', async () => {
      await callToolOk(apiKey, 'add_display_keywords', { ad_group_id: cart(), keywords: [{ text: 'hiking boots sale' }] });
      const read = await callToolOk(apiKey, 'get_display_keywords', { ad_group_id: cart() });
      expect(read.structured!.criteria).toEqual([
        expect.objectContaining({ type: 'KEYWORD', value: 'hiking boots sale', match_type: 'BROAD' }),
      ]);
    });

    it('update_display_demographics excludes the values left out and targets again those given', async () => {
      const data = await callToolOk(apiKey, 'update_display_demographics', {
        ad_group_id: outdoor(),
        age_ranges: ['AGE_RANGE_18_24', 'AGE_RANGE_25_34', 'AGE_RANGE_35_44'],
        genders: ['FEMALE', 'MALE', 'UNDETERMINED'],
      });
      expect(data.structured!.targeted_again).toEqual([{ dimension: 'AGE_RANGE', value: 'AGE_RANGE_18_24' }]);
      expect((data.structured!.excluded as Structured[]).map((e) => e.value)).toEqual([
        'AGE_RANGE_45_54',
        'AGE_RANGE_55_64',
        'AGE_RANGE_UNDETERMINED',
      ]);
      const read = await callToolOk(apiKey, 'get_display_demographics', { ad_group_id: outdoor() });
      const excluded = (read.structured!.demographics as Structured[])
        .filter((s) => s.state === 'EXCLUDED')
        .map((s) => s.value)
        .sort();
      expect(excluded).toEqual(['AGE_RANGE_45_54', 'AGE_RANGE_55_64', 'AGE_RANGE_65_UP', 'AGE_RANGE_UNDETERMINED', 'UNDETERMINED']);
      const same = await callToolOk(apiKey, 'update_display_demographics', {
        ad_group_id: outdoor(),
        genders: ['FEMALE', 'MALE', 'UNDETERMINED'],
      });
      expect(same.text).toContain('unchanged');
    });

    it('update_display_demographics refuses excluding every value and an unknown value', async () => {
      const empty = await callTool(apiKey, 'update_display_demographics', { ad_group_id: outdoor(), genders: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toContain('at least one gender');
      const bad = await callTool(apiKey, 'update_display_demographics', { ad_group_id: outdoor(), age_ranges: ['AGE_RANGE_30_40'] });
      expect(bad.status).toBe(400);
      const none = await callTool(apiKey, 'update_display_demographics', { ad_group_id: outdoor() });
      expect(none.status).toBe(400);
    });

    it('remove_display_criteria removes criteria of any surface and refuses ids not on the ad group', async () => {
      const placements = (await callToolOk(apiKey, 'get_display_placements', { ad_group_id: outdoor() })).structured!
        .criteria as Structured[];
      const topics = (await callToolOk(apiKey, 'get_display_topics', { ad_group_id: outdoor() })).structured!.criteria as Structured[];
      const gone = [placements[0]!.criterion_id, topics[0]!.criterion_id.split('~')[1]];
      const data = await callToolOk(apiKey, 'remove_display_criteria', { ad_group_id: outdoor(), criterion_ids: gone });
      expect(data.structured!.count).toBe(2);
      expect((await callToolOk(apiKey, 'get_display_placements', { ad_group_id: outdoor() })).structured!.criteria).toHaveLength(
        placements.length - 1,
      );
      expect((await callToolOk(apiKey, 'get_display_topics', { ad_group_id: outdoor() })).structured!.criteria).toHaveLength(
        topics.length - 1,
      );
      const again = await callTool(apiKey, 'remove_display_criteria', {
        ad_group_id: outdoor(),
        criterion_ids: [placements[0]!.criterion_id],
      });
      expect(again.status).toBe(400);
      expect(again.body.error).toContain('is not a criterion of ad group');
      const other = await callTool(apiKey, 'remove_display_criteria', { ad_group_id: outdoor(), criterion_ids: [`${cart()}~123`] });
      expect(other.body.error).toContain('belongs to another ad group');
    });
  });

  describe('ad groups and ads', () => {
    it('add_display_ad_group creates a PAUSED ad group; update_display_ad_group renames and enables it', async () => {
      const prospecting = campaigns['Display - Outdoor Prospecting']!;
      const created = await callToolOk(apiKey, 'add_display_ad_group', {
        campaign_id: prospecting.id,
        name: 'Trail Runners',
        cpc_bid: 0.65,
      });
      expect(created.structured).toMatchObject({ status: 'PAUSED', cpc_bid: 0.65 });
      const id = created.structured!.ad_group_id as string;
      const updated = await callToolOk(apiKey, 'update_display_ad_group', {
        ad_group_id: id,
        name: 'Trail Runners 25-44',
        status: 'ENABLED',
      });
      expect(updated.structured!.after).toEqual({ name: 'Trail Runners 25-44', status: 'ENABLED' });
      const settings = await callToolOk(apiKey, 'get_display_ad_group_settings', { ad_group_id: id });
      expect(settings.structured!.ad_group).toMatchObject({
        name: 'Trail Runners 25-44',
        status: 'ENABLED',
        cpc_bid: 0.65,
        type: 'DISPLAY_STANDARD',
      });
      const dup = await callTool(apiKey, 'add_display_ad_group', { campaign_id: prospecting.id, name: 'outdoor interests' });
      expect(dup.status).toBe(400);
      expect(dup.body.error).toContain('already has an ad group named "Outdoor Interests"');
      const search = await callTool(apiKey, 'add_display_ad_group', { campaign_id: campaigns['Brand - Exact']!.id, name: 'X' });
      expect(search.body.error).toContain('works on DISPLAY campaigns');
      const nothing = await callTool(apiKey, 'update_display_ad_group', { ad_group_id: id });
      expect(nothing.status).toBe(400);
    });

    it('add_display_ad creates a PAUSED responsive display ad that shows in the ad group', async () => {
      const videos = (await callToolOk(apiKey, 'get_display_ad_group_settings', { ad_group_id: outdoor() })).structured!
        .videos as Structured[];
      const data = await callToolOk(apiKey, 'add_display_ad', {
        ad_group_id: outdoor(),
        ...rda(),
        video_ids: [videos[0]!.id],
        main_color: '#1A73E8',
        accent_color: '#FFFFFF',
        promo_text: 'Free shipping over $50',
      });
      expect(data.structured!.video_ids).toEqual([videos[0]!.id]);
      expect(data.structured).toMatchObject({
        status: 'PAUSED',
        long_headline: 'Boots, packs and layers tested on real trails',
        main_color: '#1A73E8',
        marketing_image_ids: [image('Trail hero')],
      });
      const settings = await callToolOk(apiKey, 'get_display_ad_group_settings', { ad_group_id: outdoor() });
      expect((settings.structured!.ads as Structured[]).map((a) => a.id)).toContain(data.structured!.ad_id);
    });

    it('add_display_ad refuses an image of the wrong shape, a lone colour and too long texts', async () => {
      const banner = await callTool(apiKey, 'add_display_ad', {
        ad_group_id: outdoor(),
        ...rda(),
        square_marketing_image_ids: [image('Leaderboard')],
      });
      expect(banner.status).toBe(400);
      expect(banner.body.error).toContain('"Leaderboard banner 728x90" is 728x90; this slot takes a square marketing image');
      const colour = await callTool(apiKey, 'add_display_ad', { ad_group_id: outdoor(), ...rda(), main_color: '#1A73E8' });
      expect(colour.status).toBe(400);
      const long = await callTool(apiKey, 'add_display_ad', {
        ad_group_id: outdoor(),
        ...rda(),
        business_name: 'Northwind Outdoor Equipment Co.',
      });
      expect(long.body.error).toContain('at most 25 characters');
      const unknown = await callTool(apiKey, 'add_display_ad', { ad_group_id: outdoor(), ...rda(), logo_image_ids: ['123'] });
      expect(unknown.body.error).toContain('is not an image asset of this account');
      const video = await callTool(apiKey, 'add_display_ad', { ad_group_id: outdoor(), ...rda(), video_ids: ['456'] });
      expect(video.body.error).toContain('`video_ids`[0] 456 is not a video asset of this account');
    });

    it('update_display_ad_creative changes colours, call to action and images; undo values are the old ones', async () => {
      const ads = (await callToolOk(apiKey, 'get_display_ad_group_settings', { ad_group_id: cart() })).structured!.ads as Structured[];
      const adId = ads[0]!.id;
      const data = await callToolOk(apiKey, 'update_display_ad_creative', {
        ad_id: adId,
        main_color: '#188038',
        accent_color: '#FFFFFF',
        call_to_action_text: 'Learn more',
        logo_image_ids: [image('Northwind logo wide')],
      });
      expect(data.structured!.changed.sort()).toEqual(['accent_color', 'call_to_action_text', 'logo_image_ids', 'main_color']);
      expect(data.structured!.before).toMatchObject({ call_to_action_text: 'Shop now' });
      expect(data.structured!.after).toMatchObject({
        call_to_action_text: 'Learn more',
        main_color: '#188038',
        logo_image_ids: [image('Northwind logo wide')],
      });
      const cleared = await callToolOk(apiKey, 'update_display_ad_creative', { ad_id: adId, call_to_action_text: '' });
      expect(cleared.structured!.after.call_to_action_text).toBe('');
      const rsa = (await callToolOk(apiKey, 'get_ad_performance', { limit: 100 })).structured!.rows.find(
        (r: Structured) => r.details.type === 'RESPONSIVE_SEARCH_AD',
      );
      const wrong = await callTool(apiKey, 'update_display_ad_creative', { ad_id: rsa.id, promo_text: 'Sale' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toContain('edits responsive display ads');
    });
  });

  describe('campaigns', () => {
    it('create_display_campaign creates a paused campaign with its ad group and ad, checkpointed', async () => {
      const data = await callToolOk(apiKey, 'create_display_campaign', {
        name: 'Display - Winter Boots',
        daily_budget: 30,
        bidding_strategy: 'MAXIMIZE_CONVERSIONS',
        target_cpa: 25,
        location_ids: ['2840'],
        ad_group: { name: 'Winter Hikers', cpc_bid: 0.8 },
        ad: rda(),
      });
      expect(data.structured).toMatchObject({ status: 'PAUSED', daily_budget: 30, locations: 1 });
      const list = await campaignsByName(apiKey);
      expect(list['Display - Winter Boots']).toMatchObject({ type: 'DISPLAY', status: 'PAUSED' });
      const settings = await callToolOk(apiKey, 'get_display_ad_group_settings', { ad_group_id: data.structured!.ad_group_id });
      expect(settings.structured!.ads).toEqual([expect.objectContaining({ id: data.structured!.ad_id, status: 'ENABLED' })]);
      const dup = await callTool(apiKey, 'create_display_campaign', {
        name: 'display - winter boots',
        daily_budget: 30,
        ad_group: { name: 'A' },
        ad: rda(),
      });
      expect(dup.body.error).toContain('already exists');
      const cpa = await callTool(apiKey, 'create_display_campaign', {
        name: 'X',
        daily_budget: 30,
        bidding_strategy: 'MANUAL_CPC',
        target_cpa: 5,
        ad_group: { name: 'A' },
        ad: rda(),
      });
      expect(cpa.body.error).toContain('`target_cpa` goes with bidding_strategy MAXIMIZE_CONVERSIONS');
    });

    it('update_display_campaign_schedule sets the end date and replaces the ad schedule', async () => {
      const remarketing = campaigns['Display - Remarketing']!;
      const windows = [
        { day_of_week: 'MONDAY', start_hour: 8, end_hour: 12 },
        { day_of_week: 'MONDAY', start_hour: 13, start_minute: 'THIRTY', end_hour: 24 },
        { day_of_week: 'SATURDAY', start_hour: 10, end_hour: 18 },
      ];
      const data = await callToolOk(apiKey, 'update_display_campaign_schedule', {
        campaign_id: remarketing.id,
        end_date: '2031-06-30',
        ad_schedule: windows,
      });
      expect(data.structured).toMatchObject({ end_date: '2031-06-30', changed: ['end_date', 'ad_schedule'] });
      expect(data.structured!.ad_schedule).toHaveLength(3);
      const replaced = await callToolOk(apiKey, 'update_display_campaign_schedule', {
        campaign_id: remarketing.id,
        ad_schedule: [windows[2]],
      });
      expect(replaced.structured!.ad_schedule).toEqual([
        { day_of_week: 'SATURDAY', start_hour: 10, start_minute: 'ZERO', end_hour: 18, end_minute: 'ZERO' },
      ]);
      const cleared = await callToolOk(apiKey, 'update_display_campaign_schedule', {
        campaign_id: remarketing.id,
        end_date: '',
        ad_schedule: [],
      });
      expect(cleared.structured).toMatchObject({ end_date: null, ad_schedule: [] });
    });

    it("update_display_campaign_schedule refuses overlaps, inverted windows and a started campaign's new start", async () => {
      const remarketing = campaigns['Display - Remarketing']!;
      const overlap = await callTool(apiKey, 'update_display_campaign_schedule', {
        campaign_id: remarketing.id,
        ad_schedule: [
          { day_of_week: 'MONDAY', start_hour: 8, end_hour: 12 },
          { day_of_week: 'MONDAY', start_hour: 11, end_hour: 14 },
          { day_of_week: 'TUESDAY', start_hour: 9, end_hour: 9 },
          { day_of_week: 'FRIDAY', start_hour: 9, end_hour: 24, end_minute: 'THIRTY' },
        ],
      });
      expect(overlap.status).toBe(400);
      expect(overlap.body.error).toContain('overlaps MONDAY 08:00-12:00');
      expect(overlap.body.error).toContain('`ad_schedule[2]` (TUESDAY 09:00-09:00) must end after it starts');
      expect(overlap.body.error).toContain('`ad_schedule[3]` ends at 24 with minutes');
      const start = await callTool(apiKey, 'update_display_campaign_schedule', { campaign_id: remarketing.id, start_date: '2031-01-01' });
      expect(start.body.error).toContain('cannot change');
      const search = await callTool(apiKey, 'update_display_campaign_schedule', {
        campaign_id: campaigns['Brand - Exact']!.id,
        ad_schedule: [],
      });
      expect(search.body.error).toContain('works on DISPLAY campaigns');
    });

    it('update_display_frequency_caps replaces the caps, read back by get_display_frequency_caps', async () => {
      const prospecting = campaigns['Display - Outdoor Prospecting']!;
      const data = await callToolOk(apiKey, 'update_display_frequency_caps', {
        campaign_id: prospecting.id,
        frequency_caps: [
          { cap: 4, time_unit: 'DAY' },
          { cap: 12, time_unit: 'WEEK', level: 'AD_GROUP_AD' },
        ],
      });
      expect(data.structured).toMatchObject({ changed: true, before: [] });
      const read = await callToolOk(apiKey, 'get_display_frequency_caps', { campaign_id: prospecting.id });
      expect(read.structured!.frequency_caps).toEqual([
        { event_type: 'IMPRESSION', level: 'CAMPAIGN', time_unit: 'DAY', time_length: 1, cap: 4 },
        { event_type: 'IMPRESSION', level: 'AD_GROUP_AD', time_unit: 'WEEK', time_length: 1, cap: 12 },
      ]);
      const dup = await callTool(apiKey, 'update_display_frequency_caps', {
        campaign_id: prospecting.id,
        frequency_caps: [
          { cap: 4, time_unit: 'DAY' },
          { cap: 5, time_unit: 'DAY' },
        ],
      });
      expect(dup.status).toBe(400);
      expect(dup.body.error).toContain('more than one cap for CAMPAIGN/DAY');
      const cleared = await callToolOk(apiKey, 'update_display_frequency_caps', { campaign_id: prospecting.id, frequency_caps: [] });
      expect(cleared.structured!.after).toEqual([]);
    });
  });
});
