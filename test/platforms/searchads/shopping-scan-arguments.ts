/**
 * Working arguments of the searchads Shopping, App, Demand Gen and video tools, for the scan of
 * tool texts and the dry-run sweep: ids come from the read tools of a seeded account, and each
 * write acts on an entity no other write touches (unlink_merchant_feed removes the link that
 * link_merchant_feed makes before it, in registry order).
 */
import { callTool } from '../../support/gateway';

type Read = (tool: string, args?: Record<string, unknown>) => Promise<Record<string, any>>;

/** The account's image assets, as the refusal of an unknown image lists them (`<id> "<name>" <w>x<h>`). */
export async function imageLibrary(apiKey: string, demandGenAdGroupId: string): Promise<{ id: string; name: string }[]> {
  const refused = await callTool(apiKey, 'add_demandgen_ad', {
    ad_group_id: demandGenAdGroupId,
    headlines: ['Scan'],
    descriptions: ['Scan'],
    business_name: 'Scan',
    final_url: 'https://www.example.com/',
    logo_image_asset_ids: ['1'],
    square_image_asset_ids: ['2'],
  });
  return [...String(refused.body.error).matchAll(/(\d+) "([^"]+)" \d+x\d+/g)].map((m) => ({ id: m[1]!, name: m[2]! }));
}

export async function shoppingScanArguments(apiKey: string, read: Read): Promise<Record<string, Record<string, unknown>>> {
  const campaigns = (await read('list_campaigns')).campaigns as any[];
  const groups = (await read('list_ad_groups', { include_removed: true })).ad_groups as any[];
  const shopping = campaigns.find((c) => c.type === 'SHOPPING');
  const demandGen = campaigns.find((c) => c.type === 'DEMAND_GEN');
  const shoppingGroup = groups.find((g) => g.campaign_id === shopping.id);
  const [hikers, shorts] = groups.filter((g) => g.campaign_id === demandGen.id);
  const tree = (await read('get_product_groups', { ad_group_id: shoppingGroup.id })).product_groups as any[];
  const [northwind, trailhead] = tree.filter((r) => r.value !== undefined);
  const library = await imageLibrary(apiKey, hikers.id);
  const image = (name: string) => library.find((l) => l.name === name)!.id;
  const ad = {
    headlines: ['Gear for every trail'],
    descriptions: ['Boots and packs tested on real trails.'],
    business_name: 'Northwind Outdoor',
    final_url: 'https://www.example.com/trail',
    marketing_image_asset_ids: [image('Trail hero 1200x628')],
    square_image_asset_ids: [image('Boots square 1200x1200')],
    logo_image_asset_ids: [image('Northwind logo 512x512')],
  };
  return {
    get_shopping_settings: { campaign_id: shopping.id },
    get_product_groups: { ad_group_id: shoppingGroup.id },
    get_demandgen_audiences: { campaign_id: demandGen.id },
    get_demandgen_channel_controls: { campaign_id: demandGen.id },
    create_shopping_campaign: { name: 'Scan test shopping', daily_budget: 20 },
    add_shopping_ad_group: { campaign_id: shopping.id, name: 'Scan shopping group' },
    add_shopping_product_ad: { ad_group_id: shoppingGroup.id },
    add_product_group: { ad_group_id: shoppingGroup.id, dimension: 'BRAND', value: 'scan brand', cpc_bid: 0.7 },
    update_product_group: { ad_group_id: shoppingGroup.id, product_group_id: trailhead.id, cpc_bid: 0.9 },
    remove_product_group: { ad_group_id: shoppingGroup.id, product_group_id: northwind.id },
    link_merchant_feed: { merchant_center_id: '5087654321' },
    unlink_merchant_feed: { merchant_center_id: '5087654321' },
    create_app_campaign: {
      name: 'Scan test app',
      daily_budget: 20,
      app_id: 'com.example.scan',
      app_store: 'GOOGLE_APP_STORE',
      target_cpa: 2,
      headlines: ['Scan one', 'Scan two'],
      descriptions: ['Scan app.'],
    },
    create_demandgen_campaign: { name: 'Scan test demand gen', daily_budget: 20, ad },
    create_video_campaign: {
      name: 'Scan test video campaign',
      daily_budget: 20,
      youtube_video_ids: ['dQw4w9WgXcQ'],
      headlines: ['Scan video'],
      long_headlines: ['Scan video long headline'],
      descriptions: ['Scan.'],
      business_name: 'Northwind Outdoor',
      final_url: 'https://www.example.com/video',
      logo_image_asset_ids: [image('Northwind logo 512x512')],
    },
    add_demandgen_ad_group: { campaign_id: demandGen.id, name: 'Scan DG group', ad },
    add_demandgen_ad: { ad_group_id: hikers.id, ...ad },
    replace_demandgen_audiences: { ad_group_id: shorts.id, in_market_audiences: ['80443'] },
    update_demandgen_channel_controls: { ad_group_id: shorts.id, channels: ['youtube_shorts', 'youtube_in_feed', 'discover'] },
  };
}
