/**
 * The Performance Max tools on a live account connected to the fake search platform: reads come
 * from asset_group / asset_group_asset / asset_group_signal / asset_group_listing_group_filter
 * searches, writes are mutates (an asset group with its assets in one googleAds:mutate), and each
 * write shows in the next read.
 */
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { campaignsByName } from './helpers';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';
import { startImageHost } from './image-host';
import { publishedWrite } from '../../fakes/searchads-api-fields';

useTestTables();
const platform = useFakeSearchPlatform();

type Structured = Record<string, any>;

const texts = {
  headlines: ['Trail Boots', 'Free Returns', 'Waterproof Gear'],
  long_headlines: ['Boots and packs tested on thousands of miles of real trails'],
  descriptions: ['Trail-tested boots.', 'Expert fit advice online and free returns on every order over $50.'],
  business_name: 'Northwind Outdoor',
};

describe('searchads Performance Max tools on a live account (fake search platform)', () => {
  let live: LiveOwner;
  let host: Awaited<ReturnType<typeof startImageHost>>;
  let pmaxId: string;
  let group: Structured;
  let library: Structured[];
  beforeAll(async () => {
    host = await startImageHost();
    live = await liveOwner(platform);
    pmaxId = (await campaignsByName(live.apiKey))['Performance Max - All Products']!.id;
    group = (
      (await callToolOk(live.apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId })).structured!.asset_groups as Structured[]
    )[0]!;
    library = (await callToolOk(live.apiKey, 'discover_existing_assets', { types: ['IMAGE', 'TEXT'] })).structured!.assets as Structured[];
  });
  afterAll(() => host.close());
  const imageId = (name: string) => library.find((a) => a.type === 'IMAGE' && a.label.startsWith(name))!.id as string;

  it('reads asset groups, assets, ratings, signals, themes and listing filters from the platform', async () => {
    expect(group).toMatchObject({
      name: 'All Products',
      status: 'ENABLED',
      asset_counts: {
        HEADLINE: 4,
        LONG_HEADLINE: 1,
        DESCRIPTION: 2,
        BUSINESS_NAME: 1,
        MARKETING_IMAGE: 1,
        SQUARE_MARKETING_IMAGE: 1,
        LOGO: 1,
      },
    });
    const assets = (await callToolOk(live.apiKey, 'list_pmax_asset_group_assets', { asset_group_id: group.id })).structured!
      .assets as Structured[];
    // The platform's current definitions have no performance label for an asset group asset: live answers UNKNOWN.
    expect(assets.find((a) => a.label === 'Free 30-Day Returns')).toMatchObject({ field_type: 'HEADLINE', performance_label: 'UNKNOWN' });
    const images = (await callToolOk(live.apiKey, 'list_pmax_asset_group_images', { asset_group_id: group.id })).structured!
      .assets as Structured[];
    expect(images.map((i) => [i.field_type, i.width, i.height]).sort()).toEqual([
      ['LOGO', 1200, 1200],
      ['MARKETING_IMAGE', 1200, 628],
      ['SQUARE_MARKETING_IMAGE', 1200, 1200],
    ]);
    const performance = await callToolOk(live.apiKey, 'get_pmax_asset_performance', { campaign_id: pmaxId });
    expect(performance.structured!.counts).toMatchObject({ BEST: 0, LOW: 0, LEARNING: 0 });
    const audiences = (await callToolOk(live.apiKey, 'get_pmax_audience_signals', { campaign_id: pmaxId })).structured!
      .signals as Structured[];
    expect(audiences[0]!.audience).toEqual({
      resource_name: expect.stringMatching(/audiences\/\d+$/),
      name: 'Hikers',
      segments: [{ type: 'IN_MARKET', id: '80443', name: 'Hiking Boots' }],
    });
    const themes = (await callToolOk(live.apiKey, 'get_pmax_search_themes', { campaign_id: pmaxId })).structured!.signals as Structured[];
    expect(themes.map((t) => [t.search_theme, t.approval_status])).toEqual([['hiking boots', 'APPROVED']]);
    const filters = (await callToolOk(live.apiKey, 'get_asset_group_listing_filters', { asset_group_id: group.id })).structured!
      .asset_groups as Structured[];
    expect(filters[0]!.summary).toBe('Every product of the feed is advertised.');
    expect(library.find((a) => a.label.startsWith('tent-landscape'))!.fits).toEqual(['MARKETING_IMAGE']);
  });

  it('create_pmax_campaign dry run: the upload is checked validate-only, the one request that names the new assets is not refused for them, nothing is created', async () => {
    const dry = await callToolOk(live.apiKey, 'create_pmax_campaign', {
      name: 'PMax - Dry Run',
      daily_budget: 40,
      final_url: 'https://www.northwind-outdoor.example/dry',
      ...texts,
      images: [
        { asset_id: imageId('tent-landscape'), field_type: 'MARKETING_IMAGE' },
        { asset_id: imageId('boots-square'), field_type: 'SQUARE_MARKETING_IMAGE' },
        { asset_id: imageId('boots-square'), field_type: 'LOGO' },
      ],
      dry_run: true,
    });
    const check = dry.structured!.platformCheck as { checked: boolean; message: string };
    expect(check.message).not.toContain('would refuse');
    expect(check).toMatchObject({ checked: true });
    expect(platform.api.customer(live.account.account_id).campaigns.some((c) => c.name === 'PMax - Dry Run')).toBe(false);
  });

  it('create_pmax_campaign: budget, campaign, image upload from a bundle, asset group with its assets in one request, signals', async () => {
    const bundle = await callToolOk(live.apiKey, 'validate_and_prepare_assets', {
      images: [{ url: `${host.url}/landscape.png` }, { url: `${host.url}/logo.png`, field_type: 'LOGO' }],
    });
    const before = platform.api.countRequests(/googleAds:mutate$/);
    const alone = platform.api.countRequests(/(campaigns|campaignBudgets|assetGroups|campaignCriteria|campaignAssets):mutate$/);
    const data = await callToolOk(live.apiKey, 'create_pmax_campaign', {
      name: 'PMax - Live Launch',
      daily_budget: 40,
      target_cpa: 12,
      location_ids: ['2840'],
      final_url: 'https://www.northwind-outdoor.example/live',
      ...texts,
      bundle_id: bundle.structured!.bundle_id,
      images: [{ asset_id: imageId('boots-square'), field_type: 'SQUARE_MARKETING_IMAGE' }],
      audience_signal: {
        name: 'Live hikers',
        user_lists: [
          ((await callToolOk(live.apiKey, 'search_audiences', { types: ['USER_LIST'] })).structured!.segments as Structured[])[0]!.id,
        ],
      },
      search_themes: ['live boots'],
    });
    expect(data.structured).toMatchObject({
      status: 'PAUSED',
      daily_budget: 40,
      asset_counts: { HEADLINE: 3, MARKETING_IMAGE: 1, SQUARE_MARKETING_IMAGE: 1, LOGO: 1 },
      audience_signals: 1,
      search_themes: 1,
      locations: 1,
    });
    // The budget, the campaign with its brand links and location, the asset group and its links: one
    // googleAds:mutate (the platform wants a brand-guidelines campaign created with its business name
    // and logo); nothing of it in a request of its own. The signals follow in their own request.
    expect(platform.api.countRequests(/googleAds:mutate$/)).toBe(before + 1);
    expect(platform.api.countRequests(/(campaigns|campaignBudgets|assetGroups|campaignCriteria|campaignAssets):mutate$/)).toBe(alone);
    const customer = platform.api.customer(live.account.account_id);
    const campaign = customer.campaigns.find((c) => c.name === 'PMax - Live Launch')!;
    expect(campaign).toMatchObject({
      advertisingChannelType: 'PERFORMANCE_MAX',
      status: 'PAUSED',
      maximizeConversions: { targetCpaMicros: '12000000' },
    });
    expect(campaign.networkSettings).toEqual({});
    // Brand guidelines (the default for new Performance Max campaigns): the business name and logo are linked
    // to the campaign, not to the asset group (the platform refuses them there).
    expect(campaign.brandGuidelinesEnabled).toBe(true);
    expect(
      customer.campaignAssets
        .filter((l) => l.campaign === campaign.resourceName)
        .map((l) => l.fieldType)
        .sort(),
    ).toEqual(['BUSINESS_NAME', 'LOGO']);
    const newGroup = customer.assetGroups.find((g) => g.campaign === campaign.resourceName)!;
    expect(
      customer.assetGroupAssets.filter((l) => l.assetGroup === newGroup.resourceName && ['BUSINESS_NAME', 'LOGO'].includes(l.fieldType)),
    ).toEqual([]);
    // The images were uploaded as bytes; the platform read their size.
    const uploaded = customer.assets.filter((a) => a.type === 'IMAGE' && a.name === 'landscape.png');
    expect(uploaded[0]!.imageAsset.fullSize).toMatchObject({ widthPixels: '1200', heightPixels: '628' });
    const groups = (await callToolOk(live.apiKey, 'get_pmax_asset_groups', { campaign_id: data.structured!.campaign_id })).structured!
      .asset_groups as Structured[];
    expect(groups.map((g) => g.name)).toEqual(['PMax - Live Launch - Asset group 1']);
    // Read back, the campaign's brand assets count for its asset group.
    expect(groups[0]!.asset_counts).toMatchObject({ BUSINESS_NAME: 1, LOGO: 1 });
  });

  it('brand guidelines: a logo added to an asset group of such a campaign is linked to the campaign, and removed from it', async () => {
    const customer = platform.api.customer(live.account.account_id);
    const campaign = customer.campaigns.find((c) => c.name === 'PMax - Live Launch')!;
    const brandGroup = customer.assetGroups.find((g) => g.campaign === campaign.resourceName)!;
    const logos = () => customer.campaignAssets.filter((l) => l.campaign === campaign.resourceName && l.fieldType === 'LOGO');
    expect(logos()).toHaveLength(1);
    const added = await callToolOk(live.apiKey, 'add_pmax_asset_group_image', {
      asset_group_id: brandGroup.id,
      images: [{ image_url: `${host.url}/square.jpg`, field_type: 'LOGO' }],
    });
    expect((added.structured!.results as Structured[])[0]).toMatchObject({ field_type: 'LOGO', result: 'added' });
    expect(logos()).toHaveLength(2);
    expect(customer.assetGroupAssets.some((l) => l.assetGroup === brandGroup.resourceName && l.fieldType === 'LOGO')).toBe(false);
    const images = (await callToolOk(live.apiKey, 'list_pmax_asset_group_images', { asset_group_id: brandGroup.id })).structured!
      .assets as Structured[];
    expect(images.filter((i) => i.field_type === 'LOGO')).toHaveLength(2);
    const square = logos().find((l) => l.asset !== logos()[0]!.asset)!.asset as string;
    await callToolOk(live.apiKey, 'remove_pmax_asset_group_image', {
      asset_group_id: brandGroup.id,
      asset_ids: [square.slice(square.lastIndexOf('/') + 1)],
      field_type: 'LOGO',
    });
    expect(logos()).toHaveLength(1);
  });

  it('asset links: add texts and an image by link, remove one; the platform refuses going below a minimum', async () => {
    const added = await callToolOk(live.apiKey, 'add_pmax_asset_group_asset', {
      asset_group_id: group.id,
      assets: [
        { field_type: 'HEADLINE', text: 'Live Headline' },
        { field_type: 'YOUTUBE_VIDEO', video_id: 'abcdefghijk' },
      ],
    });
    expect((added.structured!.results as Structured[]).map((r) => r.result)).toEqual(['added', 'added']);
    const image = await callToolOk(live.apiKey, 'add_pmax_asset_group_image', {
      asset_group_id: group.id,
      images: [{ image_url: `${host.url}/portrait.png` }],
    });
    expect((image.structured!.results as Structured[])[0]).toMatchObject({
      field_type: 'PORTRAIT_MARKETING_IMAGE',
      result: 'added',
      new_asset: true,
    });
    const assets = (await callToolOk(live.apiKey, 'list_pmax_asset_group_assets', { asset_group_id: group.id })).structured!
      .assets as Structured[];
    expect(assets.map((a) => a.label)).toEqual(expect.arrayContaining(['Live Headline', 'video abcdefghijk "Video abcdefghijk"']));
    const headline = assets.find((a) => a.label === 'Live Headline')!;
    await callToolOk(live.apiKey, 'remove_pmax_asset_group_asset', { asset_group_id: group.id, asset_ids: [headline.resource_name] });
    const after = (await callToolOk(live.apiKey, 'list_pmax_asset_group_assets', { asset_group_id: group.id })).structured!
      .assets as Structured[];
    expect(after.some((a) => a.label === 'Live Headline')).toBe(false);
    // The fake refuses, as the platform does, an asset group left without a logo.
    const logo = after.find((a) => a.field_type === 'LOGO')!;
    const customer = platform.api.customer(live.account.account_id);
    const refused = await callTool(live.apiKey, 'remove_pmax_asset_group_image', {
      asset_group_id: group.id,
      asset_ids: [logo.asset_id],
      field_type: 'LOGO',
    });
    expect(refused.status).toBe(400);
    expect(customer.assetGroupAssets.some((l) => l.resourceName.endsWith(`~${logo.asset_id}~LOGO`))).toBe(true);
  });

  it('signals: search themes and an audience signal are added and removed', async () => {
    const added = await callToolOk(live.apiKey, 'add_pmax_search_themes', {
      asset_group_id: group.id,
      themes: ['waterproof boots', 'Hiking Boots'],
    });
    expect((added.structured!.results as Structured[]).map((r) => r.result)).toEqual(['added', 'skipped']);
    let themes = (await callToolOk(live.apiKey, 'get_pmax_search_themes', { campaign_id: pmaxId })).structured!.signals as Structured[];
    expect(themes.find((t) => t.search_theme === 'waterproof boots')!.approval_status).toBe('UNDER_REVIEW');
    await callToolOk(live.apiKey, 'remove_pmax_search_themes', { campaign_id: pmaxId, themes: ['waterproof boots'] });
    themes = (await callToolOk(live.apiKey, 'get_pmax_search_themes', { campaign_id: pmaxId })).structured!.signals as Structured[];
    expect(themes.map((t) => t.search_theme)).toEqual(['hiking boots']);

    const audience = await callToolOk(live.apiKey, 'add_pmax_audience_signal', {
      campaign_id: pmaxId,
      name: 'Live outdoor fans',
      affinity_audiences: ['92001'],
    });
    const name = (audience.structured!.added as Structured[])[0]!.resource_name as string;
    const listed = (await callToolOk(live.apiKey, 'get_pmax_audience_signals', { campaign_id: pmaxId })).structured!
      .signals as Structured[];
    expect(listed.find((s) => s.resource_name === name)!.audience.segments).toEqual([
      { type: 'AFFINITY', id: '92001', name: 'Outdoor Enthusiasts' },
    ]);
    // An audience of the same name and segments is reused (audience names are unique in an account).
    const launch = (await campaignsByName(live.apiKey))['PMax - Live Launch']!.id;
    await callToolOk(live.apiKey, 'add_pmax_audience_signal', {
      campaign_id: launch,
      name: 'Live outdoor fans',
      affinity_audiences: ['92001'],
    });
    expect(platform.api.customer(live.account.account_id).audiences.filter((a) => a.name === 'Live outdoor fans')).toHaveLength(1);
    const clash = await callTool(live.apiKey, 'add_pmax_audience_signal', {
      campaign_id: launch,
      name: 'Hikers',
      affinity_audiences: ['92001'],
    });
    expect(clash.body.error).toContain('already has an audience named "Hikers" with other segments');
    await callToolOk(live.apiKey, 'remove_pmax_audience_signal', { campaign_id: pmaxId, resource_names: [name] });
    const after = (await callToolOk(live.apiKey, 'get_pmax_audience_signals', { campaign_id: pmaxId })).structured!.signals as Structured[];
    expect(after.map((s) => s.resource_name)).not.toContain(name);
  });

  it('listing filters: a brand split replaces the all-products root in one request, and is removed again', async () => {
    const made = await callToolOk(live.apiKey, 'add_asset_group_listing_filter', {
      asset_group_id: group.id,
      dimension: 'BRAND',
      values: ['Northwind', 'Trailhead'],
    });
    expect(made.structured!.summary).toBe('Only products whose brand is Northwind, Trailhead are advertised.');
    const tree = (
      (await callToolOk(live.apiKey, 'get_asset_group_listing_filters', { asset_group_id: group.id })).structured!
        .asset_groups as Structured[]
    )[0]!.filters as Structured[];
    expect(tree).toHaveLength(4);
    const customer = platform.api.customer(live.account.account_id);
    expect(customer.listingGroupFilters.find((f) => f.caseValue?.productBrand?.value === 'Northwind')).toMatchObject({
      type: 'UNIT_INCLUDED',
      listingSource: 'SHOPPING',
    });
    await callToolOk(live.apiKey, 'remove_asset_group_listing_filter', {
      asset_group_id: group.id,
      filter_ids: [tree.find((f) => f.value === 'Trailhead')!.id],
    });
    const reset = await callToolOk(live.apiKey, 'remove_asset_group_listing_filter', {
      asset_group_id: group.id,
      filter_ids: [tree.find((f) => !f.parent_id)!.id],
    });
    expect(reset.structured!.summary).toBe('Every product of the feed is advertised.');
  });

  it('asset groups: add with library assets, update, dry run checked by the platform, remove', async () => {
    const added = await callToolOk(live.apiKey, 'add_pmax_asset_group', {
      campaign_id: pmaxId,
      name: 'Tents',
      final_url: 'https://www.northwind-outdoor.example/tents',
      ...texts,
      images: [
        { asset_id: imageId('tent-landscape'), field_type: 'MARKETING_IMAGE' },
        { asset_id: imageId('boots-square'), field_type: 'SQUARE_MARKETING_IMAGE' },
        { asset_id: imageId('boots-square'), field_type: 'LOGO' },
      ],
    });
    const tents = added.structured!.asset_group as Structured;
    expect(tents).toMatchObject({ name: 'Tents', status: 'PAUSED' });
    const dry = await callToolOk(live.apiKey, 'update_pmax_asset_group', {
      asset_group_id: tents.id,
      status: 'ENABLED',
      path1: 'tents',
      dry_run: true,
    });
    expect(dry.structured!.platformCheck).toMatchObject({ checked: true });
    await callToolOk(live.apiKey, 'update_pmax_asset_group', { asset_group_id: tents.id, status: 'ENABLED', path1: 'tents' });
    const groups = (await callToolOk(live.apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId })).structured!
      .asset_groups as Structured[];
    expect(groups.find((g) => g.id === tents.id)).toMatchObject({ status: 'ENABLED', path1: 'tents' });
    await callToolOk(live.apiKey, 'remove_pmax_asset_group', { asset_group_id: tents.id });
    const removed = (await callToolOk(live.apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId, include_removed: true })).structured!
      .asset_groups as Structured[];
    expect(removed.find((g) => g.id === tents.id)!.status).toBe('REMOVED');
    const refused = await callTool(live.apiKey, 'update_pmax_asset_group', { asset_group_id: tents.id, name: 'Again' });
    expect(refused.body.error).toContain('is REMOVED');
  });

  it('the writes above mutated only published fields, nested ones included; no output-only field but those an image upload sends', () => {
    // The fake refuses an unknown field; it recorded every field it accepted, as `resource.wirePath`.
    const mutated = [...platform.api.mutatedFields];
    expect(mutated).toEqual(
      expect.arrayContaining([
        'campaign.brandGuidelinesEnabled',
        'campaign_asset.fieldType',
        'asset_group.finalUrls',
        'asset_group_asset.fieldType',
        'asset_group_signal.audience.audience',
        'asset_group_listing_group_filter.caseValue.productBrand.value',
      ]),
    );
    const behaviour = (field: string) => publishedWrite(field.split('.')[0]!, field.split('.').slice(1).join('.'));
    expect(mutated.filter((f) => behaviour(f) === 'unknown')).toEqual([]);
    // The platform ignores an output-only field. Two are sent on purpose, as the platform's own upload samples do:
    // the asset type, and the image bytes (the protos mark image_asset output only, its data "mutate only").
    expect(mutated.filter((f) => behaviour(f) === 'output_only').sort()).toEqual(['asset.imageAsset.data', 'asset.type']);
  });
});
