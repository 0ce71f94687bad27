/**
 * Working arguments of the searchads Performance Max tools, for the tool-text scan and the dry-run
 * sweep: ids read from the seeded Performance Max campaign. Each write acts on something no other
 * write of the table touches (the "Winter Gear" asset group only by its removal), so they succeed
 * in any order.
 */
type Read = (tool: string, args?: Record<string, unknown>) => Promise<Record<string, any>>;

export async function pmaxScanArguments(read: Read, videoUrl: string): Promise<Record<string, Record<string, unknown>>> {
  const campaigns = (await read('list_campaigns')).campaigns as any[];
  const pmax = campaigns.find((c) => c.type === 'PERFORMANCE_MAX' && c.status !== 'REMOVED').id as string;
  const groups = (await read('get_pmax_asset_groups', { campaign_id: pmax })).asset_groups as any[];
  const core = groups.find((g) => g.name === 'All Products - Core').id as string;
  const winter = groups.find((g) => g.name === 'Winter Gear').id as string;
  const assets = (await read('list_pmax_asset_group_assets', { asset_group_id: core })).assets as any[];
  const library = (await read('discover_existing_assets', { types: ['IMAGE'] })).assets as any[];
  const image = (name: string) => library.find((a) => a.label.startsWith(name)).id as string;
  const audience = ((await read('get_pmax_audience_signals', { campaign_id: pmax })).signals as any[])[0].resource_name as string;
  const filters = ((await read('get_asset_group_listing_filters', { asset_group_id: core })).asset_groups as any[])[0].filters as any[];
  const texts = {
    headlines: ['Scan Boots', 'Scan Returns', 'Scan Gear'],
    long_headlines: ['Scan boots tested on real trails'],
    descriptions: ['Scan boots.', 'Scan boots with free returns on every order over $50.'],
    business_name: 'Northwind Outdoor',
    images: [
      { asset_id: image('boots-landscape'), field_type: 'MARKETING_IMAGE' },
      { asset_id: image('boots-square'), field_type: 'SQUARE_MARKETING_IMAGE' },
      { asset_id: image('logo-square'), field_type: 'LOGO' },
    ],
  };
  return {
    get_pmax_asset_groups: { campaign_id: pmax },
    list_pmax_asset_group_assets: { campaign_id: pmax },
    list_pmax_asset_group_images: { asset_group_id: core },
    get_pmax_asset_performance: { campaign_id: pmax },
    get_pmax_audience_signals: { campaign_id: pmax },
    get_pmax_search_themes: { campaign_id: pmax },
    get_asset_group_listing_filters: { campaign_id: pmax },
    create_pmax_campaign: { name: 'Scan PMax', daily_budget: 20, final_url: 'https://www.example.com/scan', ...texts },
    add_pmax_asset_group: { campaign_id: pmax, name: 'Scan asset group', final_url: 'https://www.example.com/scan', ...texts },
    update_pmax_asset_group: { asset_group_id: core, path2: 'scan' },
    remove_pmax_asset_group: { asset_group_id: winter },
    add_pmax_asset_group_asset: { asset_group_id: core, assets: [{ field_type: 'HEADLINE', text: 'Scan Headline' }] },
    remove_pmax_asset_group_asset: {
      asset_group_id: core,
      asset_ids: [assets.find((a) => a.label === 'Shop the New Season').asset_id],
      field_type: 'HEADLINE',
    },
    add_search_campaign_image: {
      campaign_id: campaigns.find((c) => c.type === 'SEARCH' && c.status === 'ENABLED').id,
      images: [{ asset_id: image('boots-square') }, { asset_id: image('logo-square'), use: 'LOGO' }],
    },
    add_pmax_asset_group_image: { asset_group_id: core, images: [{ asset_id: image('tent-landscape'), field_type: 'MARKETING_IMAGE' }] },
    remove_pmax_asset_group_image: { asset_group_id: core, asset_ids: [image('trail-portrait')] },
    add_pmax_audience_signal: { campaign_id: pmax, asset_group_id: core, name: 'Scan audience', affinity_audiences: ['92001'] },
    remove_pmax_audience_signal: { campaign_id: pmax, resource_names: [audience] },
    add_pmax_search_themes: { asset_group_id: core, themes: ['scan theme'] },
    remove_pmax_search_themes: { campaign_id: pmax, themes: ['backpacking gear'] },
    add_asset_group_listing_filter: { asset_group_id: core, dimension: 'BRAND', values: ['Scan Brand'] },
    remove_asset_group_listing_filter: { asset_group_id: core, filter_ids: [filters.find((f) => f.value === 'Trailhead').id] },
    // The stand-in video host answers every path: the image is refused (not an image) and nothing is packaged.
    validate_and_prepare_assets: { images: [{ url: videoUrl.replace(/[^/]*$/, 'scan.png') }] },
  };
}
