/**
 * The Shopping, App, Demand Gen and video tools on a seeded sandbox account: each write shows in
 * the next read, and each rule refuses with a 400 naming what to fix.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';
import { imageLibrary } from './shopping-scan-arguments';

useTestTables();

type Row = Record<string, any>;

describe('searchads Shopping, App, Demand Gen and video tools (sandbox)', () => {
  let apiKey: string;
  let account: ConnectedAccount;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  let groups: Awaited<ReturnType<typeof adGroupsByName>>;
  let images: { landscape: string; square: string; logo: string; portrait: string };
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    account = owner.accounts.searchads![0]!;
    campaigns = await campaignsByName(apiKey);
    groups = await adGroupsByName(apiKey);
    const library = await imageLibrary(apiKey, groups['Hikers - All surfaces']!.id);
    const find = (name: string) => library.find((l) => l.name === name)!.id;
    images = {
      landscape: find('Trail hero 1200x628'),
      square: find('Boots square 1200x1200'),
      logo: find('Northwind logo 512x512'),
      portrait: find('Summit portrait 960x1200'),
    };
  });

  describe('Merchant Center links', () => {
    it('lists the linked feed with its campaign and the pending request; link accepts it, unlink removes it', async () => {
      const links = await callToolOk(apiKey, 'get_merchant_feed_links');
      const rows = links.structured!.links as Row[];
      expect(rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            merchant_center_id: '5012345678',
            status: 'LINKED',
            campaigns: [expect.objectContaining({ name: 'Shopping - Footwear' })],
          }),
          expect.objectContaining({ merchant_center_id: '5087654321', status: 'PENDING_APPROVAL' }),
        ]),
      );
      const linked = await callToolOk(apiKey, 'link_merchant_feed', { merchant_center_id: '5087654321' });
      expect(linked.structured).toMatchObject({ status: 'LINKED', already_linked: false });
      const after = (await callToolOk(apiKey, 'get_merchant_feed_links')).structured!.links as Row[];
      expect(
        after
          .filter((l) => l.status === 'LINKED')
          .map((l) => l.merchant_center_id)
          .sort(),
      ).toEqual(['5012345678', '5087654321']);
      const again = await callToolOk(apiKey, 'link_merchant_feed', { merchant_center_id: '5087654321' });
      expect(again.structured!.already_linked).toBe(true);
      await callToolOk(apiKey, 'unlink_merchant_feed', { merchant_center_id: '5087654321' });
      const final = (await callToolOk(apiKey, 'get_merchant_feed_links')).structured!.links as Row[];
      expect(final.map((l) => l.merchant_center_id)).toEqual(['5012345678']);
    });

    it('refuses a merchant that sent no request, and unlinking a feed an enabled campaign uses', async () => {
      const link = await callTool(apiKey, 'link_merchant_feed', { merchant_center_id: '123' });
      expect(link.status).toBe(400);
      expect(link.body.error).toContain('has not asked to link');
      const unlink = await callTool(apiKey, 'unlink_merchant_feed', { merchant_center_id: '5012345678' });
      expect(unlink.status).toBe(400);
      expect(unlink.body.error).toContain('"Shopping - Footwear"');
      expect(unlink.body.error).toContain('pause_campaign');
      const bad = await callTool(apiKey, 'link_merchant_feed', { merchant_center_id: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.structured_content!.code).toBe('invalid_arguments');
    });
  });

  describe('Shopping campaigns and product groups', () => {
    it('reads the seeded settings and product partition tree', async () => {
      const settings = await callToolOk(apiKey, 'get_shopping_settings', { campaign_id: campaigns['Shopping - Footwear']!.id });
      expect(settings.structured).toMatchObject({
        merchant_id: '5012345678',
        merchant_link_status: 'LINKED',
        feed_label: 'US',
        campaign_priority: 0,
        enable_local: false,
      });
      expect(settings.structured!.ad_groups).toEqual([
        expect.objectContaining({ name: 'All Footwear', product_groups: 4, product_ads: 0 }),
      ]);
      expect(settings.text).toContain('add_shopping_product_ad');
      const tree = await callToolOk(apiKey, 'get_product_groups', { ad_group_id: groups['All Footwear']!.id });
      expect((tree.structured!.product_groups as Row[]).map((r) => [r.depth, r.label])).toEqual([
        [0, 'All products'],
        [1, 'Brand = northwind'],
        [1, 'Brand = trailhead'],
        [1, 'Brand: everything else'],
      ]);
      const wrong = await callTool(apiKey, 'get_shopping_settings', { campaign_id: campaigns['Brand - Exact']!.id });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toContain('SEARCH campaign');
    });

    it('creates a Shopping campaign (PAUSED) with ad group, product ad and "All products", then splits, rebids, excludes and removes product groups', async () => {
      const created = await callToolOk(apiKey, 'create_shopping_campaign', {
        name: 'Shopping - Packs',
        daily_budget: 40,
        feed_label: 'US',
        campaign_priority: 1,
        cpc_bid: 0.8,
        location_ids: ['2840'],
      });
      expect(created.structured).toMatchObject({
        type: 'SHOPPING',
        status: 'PAUSED',
        daily_budget: 40,
        merchant_center_id: '5012345678',
        locations: 1,
      });
      const campaignId = created.structured!.campaign_id as string;
      const groupId = created.structured!.ad_group_id as string;
      const settings = await callToolOk(apiKey, 'get_shopping_settings', { campaign_id: campaignId });
      expect(settings.structured).toMatchObject({
        campaign_priority: 1,
        ad_groups: [expect.objectContaining({ id: groupId, product_groups: 1, product_ads: 1 })],
      });

      // Split "All products" by condition: the root becomes a subdivision with the new unit and "everything else".
      const used = await callToolOk(apiKey, 'add_product_group', {
        ad_group_id: groupId,
        dimension: 'CONDITION',
        value: 'USED',
        cpc_bid: 0.3,
      });
      let rows = used.structured!.product_groups as Row[];
      expect(rows.map((r) => [r.depth, r.label, r.cpc_bid ?? null])).toEqual([
        [0, 'All products', null],
        [1, 'Condition = USED', 0.3],
        [1, 'Condition: everything else', 0.8],
      ]);
      const root = rows[0]!.id;
      await callToolOk(apiKey, 'add_product_group', {
        ad_group_id: groupId,
        parent_id: root,
        dimension: 'CONDITION',
        value: 'REFURBISHED',
        excluded: true,
      });
      // Subdivide "everything else"? Refused; subdivide "Condition = USED" by brand instead.
      const newUnit = (await callToolOk(apiKey, 'get_product_groups', { ad_group_id: groupId })).structured!.product_groups.find(
        (r: Row) => r.label === 'Condition = USED',
      ).id;
      const brand = await callToolOk(apiKey, 'add_product_group', {
        ad_group_id: groupId,
        parent_id: newUnit,
        dimension: 'BRAND',
        value: 'northwind',
        cpc_bid: 0.45,
      });
      rows = brand.structured!.product_groups as Row[];
      expect(rows.map((r) => r.label)).toEqual([
        'All products',
        'Condition = REFURBISHED',
        'Condition = USED',
        'Brand = northwind',
        'Brand: everything else',
        'Condition: everything else',
      ]);
      expect(rows.find((r) => r.label === 'Brand: everything else')!.cpc_bid).toBe(0.3);

      const northwind = rows.find((r) => r.label === 'Brand = northwind')!;
      const rebid = await callToolOk(apiKey, 'update_product_group', {
        ad_group_id: groupId,
        product_group_id: northwind.id,
        cpc_bid: 0.55,
      });
      expect(rebid.structured).toMatchObject({ cpc_bid: 0.55, excluded: false });
      const excluded = await callToolOk(apiKey, 'update_product_group', {
        ad_group_id: groupId,
        product_group_id: northwind.id,
        excluded: true,
      });
      expect(excluded.structured!.product_groups.find((r: Row) => r.label === 'Brand = northwind')).toMatchObject({ excluded: true });

      // Removing the "Condition = USED" subdivision takes its subtree.
      const usedSub = (excluded.structured!.product_groups as Row[]).find((r) => r.label === 'Condition = USED')!;
      const removed = await callToolOk(apiKey, 'remove_product_group', { ad_group_id: groupId, product_group_id: usedSub.id });
      expect(removed.structured!.removed).toHaveLength(3);
      expect((removed.structured!.product_groups as Row[]).map((r) => r.label)).toEqual([
        'All products',
        'Condition = REFURBISHED',
        'Condition: everything else',
      ]);
    });

    it('refuses what the platform refuses: a second dimension under one subdivision, a duplicate value, removing "everything else", an unlinked feed', async () => {
      const group = groups['All Footwear']!.id;
      const tree = (await callToolOk(apiKey, 'get_product_groups', { ad_group_id: group })).structured!.product_groups as Row[];
      const mixed = await callTool(apiKey, 'add_product_group', { ad_group_id: group, dimension: 'CONDITION', value: 'NEW' });
      expect(mixed.status).toBe(400);
      expect(mixed.body.error).toContain('splits on BRAND');
      const duplicate = await callTool(apiKey, 'add_product_group', { ad_group_id: group, dimension: 'BRAND', value: 'Northwind' });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.error).toContain('already exists');
      const others = tree.find((r) => r.label === 'Brand: everything else')!;
      const removeOthers = await callTool(apiKey, 'remove_product_group', { ad_group_id: group, product_group_id: others.id });
      expect(removeOthers.status).toBe(400);
      expect(removeOthers.body.error).toContain('every subdivision needs one');
      const subdivisionBid = await callTool(apiKey, 'update_product_group', {
        ad_group_id: group,
        product_group_id: tree[0]!.id,
        cpc_bid: 1,
      });
      expect(subdivisionBid.status).toBe(400);
      expect(subdivisionBid.body.error).toContain('subdivision');
      const hierarchy = await callTool(apiKey, 'add_product_group', {
        ad_group_id: group,
        parent_id: tree[1]!.id,
        dimension: 'CATEGORY_L2',
        value: '187',
      });
      expect(hierarchy.status).toBe(400);
      expect(hierarchy.body.error).toContain('CATEGORY_L1');
      const condition = await callTool(apiKey, 'add_product_group', { ad_group_id: group, dimension: 'CONDITION', value: 'BROKEN' });
      expect(condition.status).toBe(400);
      expect(condition.body.error).toContain('NEW, USED or REFURBISHED');
      const unlinked = await callTool(apiKey, 'create_shopping_campaign', {
        name: 'Shopping - Other feed',
        daily_budget: 10,
        merchant_center_id: '999',
      });
      expect(unlinked.status).toBe(400);
      expect(unlinked.body.error).toContain('link_merchant_feed');
      const roas = await callTool(apiKey, 'create_shopping_campaign', {
        name: 'Shopping - ROAS',
        daily_budget: 10,
        bidding_strategy: 'TARGET_ROAS',
      });
      expect(roas.status).toBe(400);
      expect(roas.body.error).toContain('`target_roas`');
    });

    it('adds a Shopping ad group with "All products" and its product ad; a second product ad is refused', async () => {
      const shopping = campaigns['Shopping - Footwear']!.id;
      const added = await callToolOk(apiKey, 'add_shopping_ad_group', { campaign_id: shopping, name: 'Clearance', cpc_bid: 0.4 });
      expect(added.structured).toMatchObject({ status: 'PAUSED', cpc_bid: 0.4 });
      const groupId = added.structured!.ad_group_id as string;
      const ad = await callToolOk(apiKey, 'add_shopping_product_ad', { ad_group_id: groupId });
      expect(ad.structured!.status).toBe('PAUSED');
      const settings = await callToolOk(apiKey, 'get_shopping_settings', { campaign_id: shopping });
      expect((settings.structured!.ad_groups as Row[]).find((g) => g.id === groupId)).toMatchObject({ product_groups: 1, product_ads: 1 });
      const second = await callTool(apiKey, 'add_shopping_product_ad', { ad_group_id: groupId });
      expect(second.status).toBe(400);
      expect(second.body.error).toContain('already has its product ad');
      const notShopping = await callTool(apiKey, 'add_shopping_ad_group', { campaign_id: campaigns['Brand - Exact']!.id, name: 'X' });
      expect(notShopping.status).toBe(400);
      const duplicate = await callTool(apiKey, 'add_shopping_ad_group', { campaign_id: shopping, name: 'clearance' });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.error).toContain('already has an ad group named');
    });
  });

  describe('App campaigns', () => {
    it('creates an App campaign (PAUSED, MULTI_CHANNEL) with its app ad; list_campaigns shows it', async () => {
      const created = await callToolOk(apiKey, 'create_app_campaign', {
        name: 'App - Trail Buddy installs',
        daily_budget: 30,
        app_id: 'com.northwind.trailbuddy',
        app_store: 'GOOGLE_APP_STORE',
        target_cpa: 2.5,
        headlines: ['Plan Your Next Hike', 'Offline Trail Maps'],
        descriptions: ['Maps, weather and packing lists for every trail.'],
        image_asset_ids: [images.landscape],
      });
      expect(created.structured).toMatchObject({
        type: 'MULTI_CHANNEL',
        status: 'PAUSED',
        sub_type: 'APP_CAMPAIGN',
        bidding_strategy_goal_type: 'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST',
      });
      const listed = (await campaignsByName(apiKey))['App - Trail Buddy installs']!;
      expect(listed).toMatchObject({ type: 'MULTI_CHANNEL', status: 'PAUSED', budget_amount: 30 });
    });

    it('refuses a pre-registration campaign for the App Store, a goal without its target, a bad package name', async () => {
      const base = { name: 'App - bad', daily_budget: 10, headlines: ['One headline', 'Two headline'], descriptions: ['Desc'] };
      const pre = await callTool(apiKey, 'create_app_campaign', {
        ...base,
        app_id: '1234567890',
        app_store: 'APPLE_APP_STORE',
        campaign_subtype: 'PRE_REGISTRATION',
      });
      expect(pre.status).toBe(400);
      expect(pre.body.error).toContain('PRE_REGISTRATION campaigns are for Android apps');
      const noTarget = await callTool(apiKey, 'create_app_campaign', { ...base, app_id: 'com.example.app', app_store: 'GOOGLE_APP_STORE' });
      expect(noTarget.body.error).toContain('`target_cpa` is required for goal INSTALLS');
      const pkg = await callTool(apiKey, 'create_app_campaign', {
        ...base,
        app_id: 'not a package',
        app_store: 'GOOGLE_APP_STORE',
        target_cpa: 1,
      });
      expect(pkg.body.error).toContain('package name');
      const goal = await callTool(apiKey, 'create_app_campaign', {
        ...base,
        app_id: 'com.example.app',
        app_store: 'GOOGLE_APP_STORE',
        campaign_subtype: 'ENGAGEMENT',
        goal: 'INSTALLS',
        target_cpa: 1,
      });
      expect(goal.body.error).toContain('does not go with campaign_subtype ENGAGEMENT');
    });
  });

  describe('Demand Gen and video campaigns', () => {
    const ad = () => ({
      headlines: ['Gear for every trail'],
      descriptions: ['Boots and packs tested on real trails.'],
      business_name: 'Northwind Outdoor',
      final_url: 'https://www.example.com/trail',
      marketing_image_asset_ids: [images.landscape],
      square_image_asset_ids: [images.square],
      logo_image_asset_ids: [images.logo],
    });

    it('reads the seeded channel controls and audiences; update and replace show in the next read', async () => {
      const dg = campaigns['Demand Gen - Spring Trail Launch']!.id;
      const controls = await callToolOk(apiKey, 'get_demandgen_channel_controls', { campaign_id: dg });
      expect(controls.structured!.ad_groups).toEqual([
        expect.objectContaining({
          name: 'Hikers - All surfaces',
          strategy: 'ALL_CHANNELS',
          channels: ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts', 'discover', 'gmail', 'display'],
        }),
        expect.objectContaining({ name: 'Shorts viewers', strategy: 'SELECTED_CHANNELS', channels: ['youtube_in_feed', 'youtube_shorts'] }),
      ]);
      const hikers = groups['Hikers - All surfaces']!.id;
      const updated = await callToolOk(apiKey, 'update_demandgen_channel_controls', {
        ad_group_id: hikers,
        channels: ['discover', 'gmail', 'youtube_in_feed'],
      });
      expect(updated.structured!.changed).toEqual([expect.objectContaining({ ad_group_id: hikers, strategy: 'SELECTED_CHANNELS' })]);
      const after = await callToolOk(apiKey, 'get_demandgen_channel_controls', { campaign_id: dg });
      expect((after.structured!.ad_groups as Row[]).find((g) => g.ad_group_id === hikers)!.channels).toEqual([
        'youtube_in_feed',
        'discover',
        'gmail',
      ]);

      const audiences = await callToolOk(apiKey, 'get_demandgen_audiences', { ad_group_id: hikers });
      expect((audiences.structured!.ad_groups as Row[])[0]!.audiences.map((a: Row) => a.name)).toEqual([
        'Hiking Boots',
        'Outdoor Enthusiasts',
      ]);
      const replaced = await callToolOk(apiKey, 'replace_demandgen_audiences', {
        ad_group_id: hikers,
        in_market_audiences: ['80443'],
        affinity_audiences: [],
        user_lists: [],
      });
      expect(replaced.structured).toMatchObject({
        added: [],
        removed: [expect.objectContaining({ name: 'Outdoor Enthusiasts' })],
        kept: [expect.objectContaining({ name: 'Hiking Boots' })],
      });
      const read = await callToolOk(apiKey, 'get_demandgen_audiences', { campaign_id: dg });
      expect((read.structured!.ad_groups as Row[]).find((g) => g.ad_group_id === hikers)!.audiences.map((a: Row) => a.name)).toEqual([
        'Hiking Boots',
      ]);
    });

    it('refuses channel controls of other campaigns, no channel, and audiences of unknown segments', async () => {
      const search = await callTool(apiKey, 'get_demandgen_channel_controls', { campaign_id: campaigns['Brand - Exact']!.id });
      expect(search.status).toBe(400);
      expect(search.body.error).toContain('Demand Gen campaigns');
      const none = await callTool(apiKey, 'update_demandgen_channel_controls', { ad_group_id: groups['Shorts viewers']!.id, channels: [] });
      expect(none.status).toBe(400);
      const both = await callTool(apiKey, 'get_demandgen_audiences', {
        ad_group_id: groups['Shorts viewers']!.id,
        campaign_id: campaigns['Demand Gen - Spring Trail Launch']!.id,
      });
      expect(both.status).toBe(400);
      expect(both.body.error).toContain('exactly one of `campaign_id` or `ad_group_id`');
      const unknown = await callTool(apiKey, 'replace_demandgen_audiences', {
        ad_group_id: groups['Shorts viewers']!.id,
        in_market_audiences: ['1'],
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('search_audiences');
    });

    it('creates a Demand Gen campaign with ad group, audiences and a multi-asset ad; adds an ad group and an ad', async () => {
      const created = await callToolOk(apiKey, 'create_demandgen_campaign', {
        name: 'Demand Gen - Packs',
        daily_budget: 50,
        channels: ['discover', 'gmail', 'youtube_in_feed'],
        in_market_audiences: ['80443'],
        ad: ad(),
      });
      expect(created.structured).toMatchObject({
        type: 'DEMAND_GEN',
        status: 'PAUSED',
        channels: ['youtube_in_feed', 'discover', 'gmail'],
        audiences: 1,
      });
      const campaignId = created.structured!.campaign_id as string;
      const controls = await callToolOk(apiKey, 'get_demandgen_channel_controls', { campaign_id: campaignId });
      expect(controls.structured!.ad_groups).toEqual([
        expect.objectContaining({ strategy: 'SELECTED_CHANNELS', channels: ['youtube_in_feed', 'discover', 'gmail'] }),
      ]);
      const group = await callToolOk(apiKey, 'add_demandgen_ad_group', {
        campaign_id: campaignId,
        name: 'Shorts',
        channels: ['youtube_shorts', 'youtube_in_stream'],
        ad: {
          ...ad(),
          format: 'VIDEO',
          marketing_image_asset_ids: [],
          square_image_asset_ids: [],
          long_headlines: ['Trail-tested gear for every season'],
          youtube_video_ids: ['dQw4w9WgXcQ'],
        },
      });
      expect(group.structured).toMatchObject({
        status: 'PAUSED',
        ad_type: 'DEMAND_GEN_VIDEO_RESPONSIVE_AD',
        channels: ['youtube_in_stream', 'youtube_shorts'],
      });
      const extra = await callToolOk(apiKey, 'add_demandgen_ad', {
        ad_group_id: created.structured!.ad_group_id,
        ...ad(),
        call_to_action: 'Shop now',
      });
      expect(extra.structured).toMatchObject({ type: 'DEMAND_GEN_MULTI_ASSET_AD', status: 'PAUSED' });
      const structure = await callToolOk(apiKey, 'get_campaign_structure', { campaign_id: campaignId });
      expect(JSON.stringify(structure.structured)).toContain(extra.structured!.ad_id as string);
    });

    it('refuses images of the wrong shape, image ads on video-only channels, and a video ad without videos', async () => {
      const dg = campaigns['Demand Gen - Spring Trail Launch']!.id;
      const shape = await callTool(apiKey, 'add_demandgen_ad_group', {
        campaign_id: dg,
        name: 'Shapes',
        ad: { ...ad(), marketing_image_asset_ids: [images.square], logo_image_asset_ids: [images.portrait] },
      });
      expect(shape.status).toBe(400);
      expect(shape.body.error).toContain(
        '`ad.marketing_image_asset_ids[0]` "Boots square 1200x1200" is 1200x1200; this slot needs landscape 1.91:1',
      );
      expect(shape.body.error).toContain('`ad.logo_image_asset_ids[0]`');
      const videoOnly = await callTool(apiKey, 'add_demandgen_ad', { ad_group_id: groups['Shorts viewers']!.id, ...ad() });
      expect(videoOnly.status).toBe(200);
      const instream = await callTool(apiKey, 'add_demandgen_ad_group', {
        campaign_id: dg,
        name: 'In-stream only',
        channels: ['youtube_in_stream'],
        ad: ad(),
      });
      expect(instream.status).toBe(400);
      expect(instream.body.error).toContain('image ads do not serve on Video in-stream');
      const noVideo = await callTool(apiKey, 'add_demandgen_ad', {
        ad_group_id: groups['Shorts viewers']!.id,
        ...ad(),
        format: 'VIDEO',
        marketing_image_asset_ids: [],
        square_image_asset_ids: [],
      });
      expect(noVideo.status).toBe(400);
      expect(noVideo.body.error).toContain('`youtube_video_ids` must list 1-5 videos');
    });

    it('creates a video campaign: Demand Gen with only YouTube surfaces and a video ad', async () => {
      const created = await callToolOk(apiKey, 'create_video_campaign', {
        name: 'Video - Trail Stories',
        daily_budget: 25,
        youtube_video_ids: ['dQw4w9WgXcQ'],
        headlines: ['Trail Stories'],
        long_headlines: ['Real hikers, real trails, real gear'],
        descriptions: ['Watch the story behind our boots.'],
        business_name: 'Northwind Outdoor',
        final_url: 'https://www.example.com/stories',
        logo_image_asset_ids: [images.logo],
      });
      expect(created.structured).toMatchObject({
        type: 'DEMAND_GEN',
        status: 'PAUSED',
        channels: ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts'],
      });
      const controls = await callToolOk(apiKey, 'get_demandgen_channel_controls', { campaign_id: created.structured!.campaign_id });
      expect(controls.structured!.ad_groups).toEqual([
        expect.objectContaining({ strategy: 'SELECTED_CHANNELS', channels: ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts'] }),
      ]);
      const display = await callTool(apiKey, 'create_video_campaign', {
        name: 'Video - X',
        daily_budget: 25,
        channels: ['display'],
        youtube_video_ids: ['dQw4w9WgXcQ'],
        headlines: ['A'],
        long_headlines: ['B'],
        descriptions: ['C'],
        business_name: 'N',
        final_url: 'https://www.example.com/',
        logo_image_asset_ids: [images.logo],
      });
      expect(display.status).toBe(400);
      expect(display.body.error).toContain('channels');
    });

    it('a retry after a failed step resumes without duplicates', async () => {
      // Prepare
      const args = { name: 'Demand Gen - Retry', daily_budget: 20, ad: ad() };
      const dry = await callToolOk(apiKey, 'create_demandgen_campaign', { ...args, dry_run: true });
      expect(dry.structured!.dry_run).toBe(true);
      await injectSandboxFailure(account, 'create_channel_ads', 1);
      // Act
      const failed = await callTool(apiKey, 'create_demandgen_campaign', args);
      const retried = await callToolOk(apiKey, 'create_demandgen_campaign', args);
      // Assess
      expect(failed.status).toBe(500);
      const named = Object.values(await campaignsByName(apiKey)).filter((c) => c.name === 'Demand Gen - Retry');
      expect(named.map((c) => c.id)).toEqual([retried.structured!.campaign_id]);
      expect((await adGroupsByName(apiKey))['Ad group 1']).toMatchObject({ campaign_id: retried.structured!.campaign_id });
    });
  });
  describe('argument rules', () => {
    it.each([
      ['update_product_group', () => ({ ad_group_id: groups['All Footwear']!.id, product_group_id: '1' }), 'give `cpc_bid` or `excluded`'],
      [
        'update_product_group',
        () => ({ ad_group_id: groups['All Footwear']!.id, product_group_id: '1', cpc_bid: 1, excluded: true }),
        '`cpc_bid` and `excluded: true` do not go together',
      ],
      [
        'add_product_group',
        () => ({ ad_group_id: groups['All Footwear']!.id, dimension: 'BRAND', value: 'x', cpc_bid: 1, excluded: true }),
        '`cpc_bid` and `excluded: true` do not go together',
      ],
      [
        'add_product_group',
        () => ({ ad_group_id: groups['All Footwear']!.id, dimension: 'CATEGORY_L1', value: 'shoes' }),
        'numeric product category id',
      ],
      [
        'add_product_group',
        () => ({ ad_group_id: groups['All Footwear']!.id, dimension: 'BRAND', value: 'x', cpc_bid: 0.555 }),
        'whole cents',
      ],
      ['get_product_groups', () => ({ ad_group_id: groups['Brand - Core']!.id }), 'belong to Shopping ad groups'],
      [
        'create_shopping_campaign',
        () => ({ name: 'X', daily_budget: 10, start_date: '2031-02-01', end_date: '2031-01-01' }),
        '`end_date` must be on or after `start_date`',
      ],
      ['create_shopping_campaign', () => ({ name: 'X', daily_budget: 10, campaign_priority: 3 }), 'campaign_priority'],
      [
        'create_demandgen_campaign',
        () => ({
          name: 'X',
          daily_budget: 10,
          bidding_strategy: 'MAXIMIZE_CLICKS',
          target_cpa: 2,
          ad: {
            headlines: ['A'],
            descriptions: ['B'],
            business_name: 'N',
            final_url: 'https://www.example.com/',
            logo_image_asset_ids: ['1'],
            square_image_asset_ids: ['2'],
          },
        }),
        '`target_cpa` goes with bidding_strategy MAXIMIZE_CONVERSIONS',
      ],
      [
        'create_demandgen_campaign',
        () => ({
          name: 'X',
          daily_budget: 10,
          ad: {
            headlines: ['A'],
            descriptions: ['B'],
            business_name: 'N',
            final_url: 'https://www.example.com/',
            logo_image_asset_ids: ['1'],
          },
        }),
        'a MULTI_ASSET ad needs `ad.marketing_image_asset_ids` or `ad.square_image_asset_ids`',
      ],
      [
        'create_video_campaign',
        () => ({
          name: 'X',
          daily_budget: 10,
          youtube_video_ids: [],
          headlines: ['A'],
          long_headlines: ['B'],
          descriptions: ['C'],
          business_name: 'N',
          final_url: 'https://www.example.com/',
          logo_image_asset_ids: ['1'],
        }),
        'must list at least 1 video',
      ],
      [
        'add_demandgen_ad_group',
        () => ({
          campaign_id: campaigns['Demand Gen - Spring Trail Launch']!.id,
          name: 'Hikers - All surfaces',
          ad: {
            headlines: ['A'],
            descriptions: ['B'],
            business_name: 'N',
            final_url: 'https://www.example.com/',
            logo_image_asset_ids: [images.logo],
            square_image_asset_ids: [images.square],
          },
        }),
        'already has an ad group named',
      ],
      [
        'add_demandgen_ad',
        () => ({
          ad_group_id: groups['Brand - Core']!.id,
          headlines: ['A'],
          descriptions: ['B'],
          business_name: 'N',
          final_url: 'https://www.example.com/',
          logo_image_asset_ids: [images.logo],
          square_image_asset_ids: [images.square],
        }),
        'adds ads to Demand Gen ad groups',
      ],
      [
        'replace_demandgen_audiences',
        () => ({ ad_group_id: groups['Hikers - All surfaces']!.id, user_lists: ['80443'] }),
        'is not a USER_LIST segment',
      ],
      [
        'create_app_campaign',
        () => ({
          name: 'X',
          daily_budget: 10,
          app_id: 'com.example.app',
          app_store: 'GOOGLE_APP_STORE',
          goal: 'VALUE',
          target_cpa: 1,
          headlines: ['A', 'B'],
          descriptions: ['C'],
        }),
        '`target_roas` is required for goal VALUE',
      ],
    ])('%s refuses bad arguments (case %#)', async (tool, args, message) => {
      const result = await callTool(apiKey, tool, args());
      expect(result.status).toBe(400);
      expect(result.body.error).toContain(message);
    });
  });
});
