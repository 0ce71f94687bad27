/**
 * Working arguments of every tool that needs some, on a fresh owner with one seeded sandbox account
 * per platform (ids read from the list tools, as a user would take them). Each write acts on an
 * entity no other write touches, so the writes can run one after another in any order. Used by the
 * tool-text scan (every tool must answer 200) and the dry-run sweep (every planned write).
 */
import { callTool } from './gateway';
import { proadsScanArguments } from '../platforms/proads/scan-arguments';
import { shoppingScanArguments } from '../platforms/searchads/shopping-scan-arguments';
import { monitoringScanArguments, watchScanArguments } from '../platforms/monitoring/scan-arguments';
import { helperScanArguments } from '../platforms/helpers/scan-arguments';
import { pmaxScanArguments } from '../platforms/searchads/pmax-scan-arguments';

type Read = (tool: string, args?: Record<string, unknown>) => Promise<Record<string, any>>;

/** Arguments of the retailads tools that need ids: each write acts on an entity no other write touches. */
async function retailScanArguments(read: Read): Promise<Record<string, Record<string, unknown>>> {
  const campaigns = (await read('list_retailads_campaigns')).campaigns as any[];
  const named = (prefix: string) => campaigns.find((c) => c.name.startsWith(prefix))!;
  const keywords = (await read('list_retailads_keywords', { state_filter: ['ENABLED'] })).keywords as any[];
  const sbKeywords = (await read('list_retailads_sb_keywords', { state_filter: ['enabled'] })).sb_keywords as any[];
  const targets = (await read('list_retailads_targets', { state_filter: ['ENABLED'] })).targets as any[];
  const sbTargets = (await read('list_retailads_sb_targets', { state_filter: ['enabled'] })).sb_targets as any[];
  const productAds = (await read('list_retailads_product_ads', { state_filter: ['ENABLED'] })).product_ads as any[];
  const negatives = (await read('list_retailads_negative_keywords')).negative_keywords as any[];
  const sbAds = (await read('list_retailads_sb_ads')).sb_ads as any[];
  // A new creative version keeps the ad's products: take an ad whose serving creative has the 3 a product collection needs.
  const sbCreatives = (await read('list_retailads_sb_creatives')).sb_creatives as any[];
  const sbCreativeAd = sbCreatives.find((c) => c.serving && c.asins.length >= 3 && c.ad_id !== sbAds[0].id)?.ad_id ?? sbAds[0].id;
  const sbGroups = (await read('list_retailads_sb_ad_groups', { state_filter: ['ENABLED'] })).sb_ad_groups as any[];
  const logo = (await read('search_retailads_assets', { asset_type: 'LOGO' })).assets[0].id;
  const video = (await read('search_retailads_assets', { asset_type: 'VIDEO' })).assets[0].id;
  const manual = keywords[0];
  const skus = [...new Set(productAds.map((p) => p.sku))];
  const asins = [...new Set(productAds.map((p) => p.asin))];
  const png = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png, 0);
  png.write('IHDR', 12, 'ascii');
  png.writeUInt32BE(600, 16);
  png.writeUInt32BE(600, 20);
  const sbGroup = sbGroups[0];
  return {
    update_retailads_campaigns: { campaigns: [{ campaignId: named('SP - Brand').id, name: 'SP - Brand - Exact (scan)' }] },
    pause_retailads_campaigns: { campaign_ids: [named('SP - Tents').id] },
    resume_retailads_campaigns: { campaign_ids: [named('SP - Water Bottles').id] },
    delete_retailads_campaigns: { campaign_ids: [named('SP - Camp Kitchen').id] },
    update_retailads_ad_groups: { ad_groups: [{ adGroupId: manual.ad_group_id, defaultBid: 0.9 }] },
    delete_retailads_ad_groups: { ad_group_ids: [productAds.find((p) => p.campaign_name.startsWith('SP - Auto')).ad_group_id] },
    update_retailads_keywords: { keywords: [{ keywordId: keywords[0].id, bid: 0.66 }] },
    delete_retailads_keywords: { keyword_ids: [keywords[1].id] },
    update_retailads_sb_keywords: { keywords: [{ keywordId: sbKeywords[0].id, bid: 1.1 }] },
    delete_retailads_sb_keywords: { keyword_ids: [sbKeywords[1].id] },
    update_retailads_targets: { targets: [{ targetId: targets[0].id, bid: 0.5 }] },
    delete_retailads_targets: { target_ids: [targets[1].id] },
    update_retailads_sb_targets: { targets: [{ targetId: sbTargets[0].id, state: 'paused' }] },
    update_retailads_product_ads: { product_ads: [{ adId: productAds[0].id, state: 'PAUSED' }] },
    delete_retailads_product_ads: { ad_ids: [productAds[1].id] },
    delete_retailads_negative_keywords: { negative_keyword_ids: [negatives[0].id] },
    update_retailads_sb_ads: { ads: [{ adId: sbAds[0].id, name: 'Scan ad' }] },
    update_retailads_sb_creative: { ad_id: sbCreativeAd, headline: 'Packs for every trail' },
    get_retailads_moderation: { ad_id: sbAds[0].id },
    get_retailads_sb_keyword_recommendations: { ad_group_id: sbGroup.id },
    add_retailads_keywords: {
      keywords: [{ campaignId: manual.campaign_id, adGroupId: manual.ad_group_id, keywordText: 'scan words', matchType: 'EXACT' }],
    },
    add_retailads_negative_keywords: {
      negative_keywords: [{ campaignId: manual.campaign_id, keywordText: 'scan junk', matchType: 'NEGATIVE_EXACT' }],
    },
    add_retailads_product_ads: {
      product_ads: [{ campaignId: manual.campaign_id, adGroupId: manual.ad_group_id, sku: skus[skus.length - 1] }],
    },
    add_retailads_sp_video: {
      video_ads: [{ campaignId: manual.campaign_id, adGroupId: manual.ad_group_id, sku: skus[0], videoAssetId: video }],
    },
    add_retailads_targets: {
      targets: [
        { campaignId: manual.campaign_id, adGroupId: manual.ad_group_id, expression: [{ type: 'ASIN_SAME_AS', value: 'B0SCAN0001' }] },
      ],
    },
    add_retailads_sb_keywords: {
      keywords: [{ campaignId: sbGroup.campaign_id, adGroupId: sbGroup.id, keywordText: 'scan sb words', matchType: 'exact', bid: 1 }],
    },
    add_retailads_sb_targets: {
      targets: [
        { campaignId: sbGroup.campaign_id, adGroupId: sbGroup.id, expressions: [{ type: 'asinBrandSameAs', value: 'Scan Brand' }] },
      ],
    },
    add_retailads_sb_themes: {
      themes: [{ campaignId: sbGroup.campaign_id, adGroupId: sbGroup.id, themeType: 'KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES' }],
    },
    create_retailads_ad_groups: { ad_groups: [{ campaignId: manual.campaign_id, name: 'Scan group', defaultBid: 0.7 }] },
    create_retailads_sp_campaign: {
      name: 'Scan SP',
      daily_budget: 20,
      ad_group_name: 'Scan',
      default_bid: 0.5,
      products: [{ sku: skus[0] }],
      keywords: [{ keywordText: 'scan', matchType: 'BROAD' }],
    },
    create_retailads_sb_campaign: {
      name: 'Scan SB',
      daily_budget: 20,
      headline: 'Packs for every trail',
      brand_logo_asset_id: logo,
      asins: asins.slice(0, 3),
    },
    create_retailads_sd_campaign: {
      name: 'Scan SD',
      tactic: 'T00020',
      daily_budget: 20,
      default_bid: 0.5,
      products: [{ sku: skus[0] }],
      product_targets: [{ type: 'ASIN_CATEGORY_SAME_AS', value: 'Tents' }],
    },
    create_retailads_sb_ad: {
      campaign_id: sbGroup.campaign_id,
      ad_group_id: sbGroup.id,
      name: 'Scan SB ad',
      ad_type: 'video',
      video_asset_id: video,
      asins: asins.slice(0, 1),
    },
    upload_retailads_asset: { url: `data:image/png;base64,${png.toString('base64')}`, asset_type: 'LOGO' },
    retailads_unified_api: { operation: 'query', resource: 'campaigns' },
  };
}

export async function workingArguments(apiKey: string, videoUrl: string): Promise<Record<string, Record<string, unknown>>> {
  const read: Read = async (tool, args = {}) => {
    const result = await callTool(apiKey, tool, args);
    if (result.status !== 200) throw new Error(`${tool} answered ${result.status}: ${result.body.error}`);
    return result.body.data!.structured as Record<string, any>;
  };
  const searchCampaigns = (await read('list_campaigns')).campaigns as any[];
  const searchCampaign = searchCampaigns.find((c) => c.type === 'SEARCH' && c.status === 'ENABLED') ?? searchCampaigns[0];
  const displayCampaign = searchCampaigns.find((c) => c.type === 'DISPLAY') ?? searchCampaign;
  const searchAdGroup =
    (await read('list_ad_groups')).ad_groups.find((g: any) => g.status === 'PAUSED') ?? (await read('list_ad_groups')).ad_groups[0];
  const callAssetCampaign =
    ((await read('list_call_assets')).call_assets as any[]).flatMap((a) => a.linked_campaigns)[0]?.campaign_id ?? searchCampaign.id;
  const searchAds = (await read('get_ad_performance', { limit: 1000 })).rows as any[];
  const searchKeywords = ((await read('get_keyword_performance', { limit: 1000 })).rows as any[]).filter((k) => k.status === 'ENABLED');
  // Keywords are added outside the campaign the negative keyword writes act on (a broad negative there would block them).
  const keywordAddGroup = (searchKeywords.find((k) => k.campaign_id !== searchCampaign.id) ?? searchKeywords[0]).ad_group_id;
  const allAdGroups = (await read('list_ad_groups', { include_removed: true })).ad_groups as any[];
  const [rsaAd, otherRsaAd] = searchAds.filter((a) => a.details.type === 'RESPONSIVE_SEARCH_AD' && a.status === 'ENABLED');
  const displayAd = searchAds.find((a) => a.details.type === 'RESPONSIVE_DISPLAY_AD');
  const removedCampaign = searchCampaigns.find((c) => c.status === 'REMOVED') ?? searchCampaign;
  const removedAdGroup = allAdGroups.find((g) => g.status === 'REMOVED') ?? searchAdGroup;
  const [displayAdGroup, otherDisplayAdGroup] = allAdGroups.filter(
    (g) => searchCampaigns.some((c) => c.type === 'DISPLAY' && c.id === g.campaign_id) && g.status !== 'REMOVED',
  );
  const displayGroups = allAdGroups.filter(
    (g) => searchCampaigns.some((c) => c.type === 'DISPLAY' && c.id === g.campaign_id) && g.status !== 'REMOVED',
  );
  const myDisplayGroup =
    displayGroups.find((g) => g.name === 'Outdoor Interests' && g.id !== otherDisplayAdGroup?.id) ??
    displayGroups.find((g) => g.id !== otherDisplayAdGroup?.id) ??
    displayAdGroup;
  const displayTopic = ((await read('get_display_topics', { ad_group_id: myDisplayGroup.id })).criteria as any[])[0];
  const displayImages = (await read('get_display_ad_group_settings', { ad_group_id: myDisplayGroup.id })).images as any[];
  const image = (prefix: string) => displayImages.find((i) => i.name.startsWith(prefix))?.id;
  const otherDisplayAd = searchAds.find((a) => a.details.type === 'RESPONSIVE_DISPLAY_AD' && a.id !== displayAd?.id);
  const rda = {
    headlines: ['Trail Gear That Lasts'],
    long_headline: 'Boots, packs and layers tested on real trails',
    descriptions: ['Free shipping over $50.'],
    business_name: 'Northwind Outdoor',
    final_url: 'https://www.example.com/trail',
    marketing_image_ids: [image('Trail hero')],
    square_marketing_image_ids: [image('Trail square')],
  };
  const searchGroupOf = (campaignId: string) => allAdGroups.find((g) => g.campaign_id === campaignId && g.status === 'ENABLED');
  const rsa = {
    headlines: ['Trail Boots', 'Free Returns', 'Waterproof'],
    descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'],
    final_url: 'https://www.example.com/trail',
  };
  const negativeList = ((await read('list_negative_keyword_lists')).lists as any[])[0];
  const otherSearchCampaign = searchCampaigns.filter((c) => c.type === 'SEARCH' && c.status === 'ENABLED')[1] ?? searchCampaign;
  const sharedBudget = ((await read('list_shared_budgets')).budgets as any[])[0];
  const portfolio = ((await read('list_bidding_strategies')).strategies as any[])[0];
  // Applied first, then another on a different campaign dismissed (applying can change its own campaign's recommendations).
  const searchRecommendations = (await read('list_recommendations')).recommendations as { id: string; campaign_id?: string }[];
  const toApply = searchRecommendations[0];
  const toDismiss =
    searchRecommendations.find((r) => r.id !== toApply?.id && r.campaign_id !== toApply?.campaign_id) ?? searchRecommendations[1];
  const experimentStart = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const experimentEnd = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const socialAdSets = (await read('list_socialads_ad_sets')).ad_sets as any[];
  const socialAssets = await read('discover_socialads_assets');
  const socialPage = (await read('list_socialads_pages')).pages[0].id;
  const socialCampaigns = (await read('list_socialads_campaigns')).campaigns as any[];
  const socialTraffic = socialCampaigns.find((c) => c.objective === 'OUTCOME_TRAFFIC');
  const socialCatalogCampaign = socialCampaigns.find((c) => c.catalog_id);
  const socialCatalogSet = socialAdSets.find((s) => s.campaign_id === socialCatalogCampaign.id);
  const socialAds = (await read('list_socialads_ads')).ads as any[];
  const socialCatalogAd = socialAds.find((a) => a.ad_type === 'catalog');
  const socialImageAd = socialAds.find((a) => a.ad_type === 'image' && a.status === 'ACTIVE');
  const socialProductSet = (await read('list_socialads_product_sets')).product_sets[0].id;
  const socialForm = (await read('list_socialads_lead_forms')).forms[0].id;
  const socialSalesSet = socialAdSets.find(
    (s) => s.objective === 'OUTCOME_SALES' && s.status === 'ACTIVE' && s.campaign_id !== socialCatalogCampaign.id,
  );
  const shortAdGroups = (await read('list_shortvideo_ad_groups')).ad_groups as any[];
  const shortVideos = (await read('list_shortvideo_ad_videos')).videos as any[];
  const dynamicAdGroup = shortAdGroups.find((g) => g.creative_material_mode === 'DYNAMIC') ?? shortAdGroups[0];
  const shortCampaigns = (await read('list_shortvideo_campaigns')).campaigns as any[];
  const shortCampaign = (name: string) => shortCampaigns.find((c) => c.campaign_name.startsWith(name));
  const shortAds = (await read('list_shortvideo_ads')).ads as any[];
  const shortImages = ((await read('discover_shortvideo_assets', { ratio: '9:16', usable_only: true })).images as any[]).map(
    (i) => i.image_id,
  );
  const shortGroup = (name: string) => shortAdGroups.find((g) => g.adgroup_name === name);
  const retailAdGroups = (await read('list_retailads_ad_groups')).ad_groups as any[];
  const sbNegatives = (await read('list_retailads_sb_negative_keywords')).negative_keywords as any[];
  const retail = await retailScanArguments(read);
  const chatCampaigns = (await read('list_chatads_campaigns')).campaigns as any[];
  const chatClicks = chatCampaigns.find((c) => c.status === 'active' && c.bidding_type === 'clicks');
  const chatPaused = chatCampaigns.find((c) => c.status === 'paused');
  const deskCampaigns = (await read('list_deskads_campaigns')).campaigns as any[];
  const deskSearch = deskCampaigns.filter((c) => c.type === 'Search');
  const deskGroups = (await read('list_deskads_ad_groups')).ad_groups as any[];
  const deskKeywords = (await read('list_deskads_keywords')).keywords as any[];
  const deskNegatives = (await read('list_deskads_negative_keywords')).negative_keywords as any[];
  const deskTags = (await read('list_deskads_uet_tags')).tags as any[];
  const deskAds = (await read('list_deskads_ads')).ads as any[];
  const deskAudiences = (await read('list_deskads_audiences')).audiences as any[];
  const deskSharedBudget = ((await read('list_deskads_budgets', { type_filter: 'Shared' })).budgets as any[])[0];
  const deskStore = ((await read('get_deskads_product_performance')).products as any[])[0].store_id;
  const chatGroups = ((await read('list_chatads_ad_groups', { status_filter: ['active'] })).ad_groups as any[]).filter(
    (g) => g.campaign_id !== chatPaused.id,
  );
  const chatAds = ((await read('list_chatads_ads', { status_filter: ['active'] })).ads as any[]).filter(
    (a) => a.campaign_id !== chatPaused.id && a.ad_group_id !== chatGroups[2].id,
  );
  const chatAudiences = (await read('list_chatads_custom_audiences')).custom_audiences as any[];
  const chatPixels = (await read('list_chatads_pixels')).pixels as any[];
  // Operations for the operation tools, paused at once so they are still pending when the writes run.
  const chatOperations: string[] = [];
  for (const i of [0, 1, 2]) {
    const started = await callTool(apiKey, 'add_chatads_custom_audience_members', {
      custom_audience_id: chatAudiences[i].id,
      file_id: `file_scan${i}`,
    });
    const id = started.body.data!.structured!.operation.id as string;
    await callTool(apiKey, 'pause_chatads_custom_audience_operation', { operation_id: id });
    chatOperations.push(id);
  }
  const chatCard = {
    name: 'Scan card',
    headline: 'Gear that goes further',
    body: 'Trail-tested packs.',
    landing_url: 'https://www.example.com/trail',
  };

  /** Working arguments of every tool that needs some; the others are called with none. */
  const ARGUMENTS: Record<string, Record<string, unknown>> = {
    validate_video: { video_url: videoUrl },
    get_campaign_spec: { platform: 'shortvideo' },
    get_campaign_structure: { campaign_id: searchCampaign.id },
    get_campaign_targeting: { campaign_id: searchCampaign.id },
    get_campaign_labels: { campaign_id: searchCampaign.id },
    get_display_frequency_caps: { campaign_id: displayCampaign.id },
    resolve_searchads_locations: { locations: ['Denver, Colorado'] },
    explain_performance_anomaly: { metric: 'cpa' },
    select_searchads_campaign_type: { goal: 'sales', has_product_feed: true },
    suggest_ad_content: { product: 'hiking boots', selling_points: ['Free returns for 60 days', 'Waterproof guarantee'] },
    research_keywords: { keywords: ['hiking boots'] },
    update_campaign: { campaign_id: searchCampaign.id, budget_amount: 77 },
    update_campaign_dates: { campaign_id: searchCampaign.id, end_date: '2031-12-31' },
    add_callout_extensions: { campaign_id: searchCampaign.id, callouts: ['Free shipping', 'Lifetime warranty'] },
    add_ad_group_audiences: { ad_group_id: searchAdGroup.id, in_market_audiences: ['80432'] },
    remove_call_assets: { campaign_id: callAssetCampaign },
    resume_ad_group: { ad_group_id: searchAdGroup.id },
    get_ad_creative: { ad_id: rsaAd.id },
    list_campaign_extensions: { campaign_id: searchCampaign.id },
    pause_campaign: { campaign_id: searchCampaign.id },
    resume_campaign: { campaign_id: searchCampaign.id },
    remove_campaign: { campaign_id: removedCampaign.id },
    pause_ad_group: { ad_group_id: searchGroupOf(searchCampaign.id).id },
    remove_ad_group: { ad_group_id: removedAdGroup.id },
    remove_display_ad_group: { ad_group_id: otherDisplayAdGroup?.id ?? displayAdGroup.id },
    pause_ad: { ad_id: rsaAd.id },
    resume_ad: { ad_id: rsaAd.id },
    remove_ad: { ad_id: otherRsaAd.id },
    remove_display_ad: { ad_id: displayAd.id },
    pause_keywords: { keyword_ids: [searchKeywords[0].id] },
    remove_keywords: { keyword_ids: [searchKeywords[1].id] },
    resume_keywords: { keyword_ids: [searchKeywords[0].id] },
    add_keywords: { ad_group_id: keywordAddGroup, keywords: [{ text: 'scan test boots', match_type: 'PHRASE' }] },
    add_display_keywords: { ad_group_id: displayAdGroup.id, keywords: [{ text: 'trail gear' }] },
    get_display_placements: { ad_group_id: myDisplayGroup.id },
    get_display_topics: { ad_group_id: myDisplayGroup.id },
    get_display_audiences: { ad_group_id: myDisplayGroup.id },
    get_display_keywords: { ad_group_id: myDisplayGroup.id },
    get_display_demographics: { ad_group_id: myDisplayGroup.id },
    get_display_ad_group_settings: { ad_group_id: myDisplayGroup.id },
    add_display_placements: { ad_group_id: myDisplayGroup.id, placements: [{ type: 'WEBSITE', value: 'www.scan-test.example' }] },
    add_display_topics: { ad_group_id: myDisplayGroup.id, topic_ids: ['1317'] },
    add_display_audiences: { ad_group_id: myDisplayGroup.id, in_market_audiences: ['80432'] },
    update_display_demographics: {
      ad_group_id: myDisplayGroup.id,
      genders: ['FEMALE', 'MALE', 'UNDETERMINED'],
      income_ranges: ['INCOME_RANGE_80_90', 'INCOME_RANGE_90_UP'],
    },
    remove_display_criteria: { ad_group_id: myDisplayGroup.id, criterion_ids: [displayTopic.criterion_id] },
    add_display_ad_group: { campaign_id: displayCampaign.id, name: 'Scan display group', cpc_bid: 0.75 },
    update_display_ad_group: { ad_group_id: myDisplayGroup.id, name: 'Outdoor Interests (scan)' },
    add_display_ad: { ad_group_id: myDisplayGroup.id, ...rda },
    update_display_ad_creative: {
      ad_id: otherDisplayAd.id,
      main_color: '#1A73E8',
      accent_color: '#FFFFFF',
      call_to_action_text: 'Shop now',
    },
    create_display_campaign: { name: 'Scan test display', daily_budget: 20, ad_group: { name: 'Scan display' }, ad: rda },
    update_display_campaign_schedule: {
      campaign_id: displayCampaign.id,
      ad_schedule: [{ day_of_week: 'MONDAY', start_hour: 8, end_hour: 20 }],
    },
    update_display_frequency_caps: { campaign_id: displayCampaign.id, frequency_caps: [{ cap: 4, time_unit: 'DAY' }] },
    add_negative_keywords: { campaign_id: searchCampaign.id, keywords: [{ text: 'scan test', match_type: 'BROAD' }] },
    remove_negative_keywords: { campaign_id: searchCampaign.id, texts: ['scan test'] },
    update_keyword: { keyword_id: searchKeywords[0].id, cpc_bid: 1.11 },
    update_campaign_budget: { campaign_id: searchCampaign.id, daily_budget: 81 },
    update_bid_strategy: { campaign_id: searchCampaign.id, strategy: 'MAXIMIZE_CLICKS' },
    create_ad: { ad_group_id: searchKeywords[0].ad_group_id, ...rsa },
    create_search_campaign: {
      name: 'Scan test search',
      daily_budget: 20,
      ad_groups: [{ name: 'Scan group', keywords: [{ text: 'scan boots', match_type: 'EXACT' }], ads: [rsa] }],
    },
    update_ad_headlines: { ad_id: rsaAd.id, headlines: ['Trail Boots', 'Free Returns', 'Waterproof Boots'] },
    update_ad_descriptions: { ad_id: rsaAd.id, descriptions: ['Boots tested on real trails.', 'Free returns.'] },
    update_ad_content: { ad_id: rsaAd.id, path1: 'boots' },
    update_ad_creative: { ad_id: rsaAd.id, final_url: 'https://www.example.com/boots' },
    add_sitelinks: {
      campaign_id: searchCampaign.id,
      sitelinks: [{ link_text: 'Boot Finder', final_url: 'https://www.example.com/finder' }],
    },
    add_structured_snippets: { campaign_id: searchCampaign.id, snippets: [{ header: 'Brands', values: ['A', 'B', 'C'] }] },
    add_call_asset: { campaign_id: searchCampaign.id, call: { phone_number: '+1 800-555-0100', country_code: 'US' } },
    add_business_name_asset: { campaign_id: searchCampaign.id, business_name: 'Northwind Outdoor' },
    remove_sitelinks: { campaign_id: searchCampaign.id },
    remove_structured_snippets: { campaign_id: searchCampaign.id },
    remove_callouts: { campaign_id: searchCampaign.id },
    create_negative_keyword_list: {
      name: 'Scan test list',
      keywords: [{ text: 'scan', match_type: 'BROAD' }],
      campaign_ids: [searchCampaign.id],
    },
    add_negative_keyword_list_keywords: { list_id: negativeList.id, keywords: [{ text: 'scan two', match_type: 'PHRASE' }] },
    remove_negative_keyword_list_keywords: { list_id: negativeList.id, texts: ['scan two'] },
    attach_negative_keyword_list: { list_id: negativeList.id, campaign_ids: [searchCampaign.id] },
    detach_negative_keyword_list: { list_id: negativeList.id, campaign_ids: [searchCampaign.id] },
    create_label: { name: 'Scan label', background_color: '#188038' },
    apply_labels: { label_name: 'Brand', ad_group_ids: [searchAdGroup.id] },
    remove_labels: { label_name: 'Brand', campaign_ids: [searchCampaign.id] },
    create_shared_budget: { name: 'Scan shared budget', daily_amount: 40 },
    assign_shared_budget: { budget_id: sharedBudget.id, campaign_ids: [otherSearchCampaign.id] },
    create_bidding_strategy: { name: 'Scan portfolio', type: 'TARGET_SPEND', cpc_bid_ceiling: 2 },
    assign_bidding_strategy: { strategy_id: portfolio.id, campaign_ids: [otherSearchCampaign.id] },
    get_ad_schedule: { campaign_id: searchCampaign.id },
    set_ad_schedule: { campaign_id: searchCampaign.id, schedules: [{ day_of_week: 'MONDAY', start_hour: 8, end_hour: 18 }] },
    set_bid_modifiers: { campaign_id: searchCampaign.id, devices: [{ device: 'MOBILE', bid_modifier: 1.1 }] },
    create_customer_match_list: {
      name: 'Scan customer list',
      emails: ['scan.customer@example.com'],
      phone_numbers: ['+1 415 555 0100'],
      consent: { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' },
    },
    create_experiment: {
      campaign_id: searchCampaign.id,
      name: 'Scan experiment',
      traffic_split: 20,
      start_date: experimentStart,
      end_date: experimentEnd,
    },
    apply_recommendation: { recommendation_id: toApply?.id ?? 'none' },
    dismiss_recommendation: { recommendation_id: toDismiss?.id ?? toApply?.id ?? 'none' },
    add_socialads_ad: {
      ad_set_id: socialAdSets.find((s) => s.objective === 'OUTCOME_TRAFFIC')?.id ?? socialAdSets[0].id,
      ad_type: 'image',
      landing_page_url: 'https://www.example.com/trail',
      existing_image_hash: socialAssets.images[0].hash,
      primary_text: 'Gear that goes further',
      headline: 'Trail-tested packs',
      facebook_page_id: socialPage,
    },
    get_socialads_campaign_details: { campaign_id: socialTraffic.id },
    pause_socialads_campaign: { campaign_id: socialTraffic.id },
    resume_socialads_campaign: { campaign_id: socialTraffic.id },
    update_socialads_campaign: { campaign_id: socialTraffic.id, daily_budget: 61 },
    update_socialads_catalog_campaign: { campaign_id: socialCatalogCampaign.id, daily_budget: 81 },
    update_socialads_ad_set: { ad_set_id: socialSalesSet.id, age_min: 21 },
    update_socialads_catalog_ad_set: { ad_set_id: socialCatalogSet.id, retargeting_days: 21 },
    update_socialads_ad: { ad_id: socialImageAd.id, name: 'Scan test ad' },
    update_socialads_catalog_ad: { ad_id: socialCatalogAd.id, catalog_format: 'single_product' },
    search_socialads_targeting: { query: 'hiking' },
    browse_socialads_targeting: { type: 'interests' },
    get_socialads_lead_form_submissions: { form_id: socialForm },
    create_socialads_product_set: { name: 'Scan set', rules: [{ field: 'price', operator: 'gt', value: 100 }] },
    add_socialads_ad_set: { campaign_id: socialTraffic.id, name: 'Scan ad set' },
    add_socialads_catalog_ad_set: { campaign_id: socialCatalogCampaign.id, name: 'Scan catalog set', product_set_id: socialProductSet },
    add_socialads_catalog_ad: { ad_set_id: socialCatalogSet.id, name: 'Scan catalog ad', page_id: socialPage },
    create_socialads_image_campaign: {
      campaign_name: 'Scan image',
      daily_budget: 20,
      landing_page_url: 'https://www.example.com/trail',
      primary_text: 'Gear that goes further',
      existing_image_hash: socialAssets.images[0].hash,
      page_id: socialPage,
    },
    create_socialads_carousel_campaign: {
      campaign_name: 'Scan carousel',
      daily_budget: 20,
      landing_page_url: 'https://www.example.com/trail',
      primary_text: 'Gear that goes further',
      cards: [
        { headline: 'A', existing_image_hash: socialAssets.images[0].hash },
        { headline: 'B', existing_image_hash: socialAssets.images[1].hash },
      ],
      page_id: socialPage,
    },
    create_socialads_catalog_campaign: {
      campaign_name: 'Scan catalog',
      product_set_id: socialProductSet,
      daily_budget: 30,
      page_id: socialPage,
    },
    create_socialads_dco_ad: {
      ad_set_id: socialSalesSet.id,
      name: 'Scan DCO',
      existing_image_hashes: [socialAssets.images[0].hash, socialAssets.images[1].hash],
      primary_texts: ['One', 'Two'],
      landing_page_url: 'https://www.example.com/trail',
      page_id: socialPage,
    },
    duplicate_socialads_campaign: { campaign_id: socialTraffic.id },
    validate_and_prepare_socialads_assets: { image_urls: ['https://cdn.example.com/hero-1080x1080.jpg'] },
    create_socialads_video_campaign: {
      campaign_name: 'Scan test video',
      primary_text: 'Gear that goes further',
      objective: 'OUTCOME_TRAFFIC',
      daily_budget: 50,
      existing_video_id: socialAssets.videos?.[0]?.id,
      landing_page_url: 'https://www.example.com/trail',
      status: 'PAUSED',
      page_id: socialPage,
    },
    select_proads_campaign_type: { campaign_type: 'text' },
    get_shortvideo_ad_group: { adgroup_id: shortAdGroups[0].id },
    update_shortvideo_ad_group: { adgroup_id: shortAdGroups[0].id, budget: 66 },
    resume_shortvideo_ad_group: { adgroup_id: (shortAdGroups.find((g) => g.status === 'DISABLE') ?? shortAdGroups[0]).id },
    create_shortvideo_dco_ad: {
      adgroup_id: dynamicAdGroup.id,
      video_ids: [shortVideos[0].video_id],
      ad_texts: ['Gear that goes further'],
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/trail',
    },
    create_shortvideo_video_campaign: {
      campaign_name: 'Scan test video',
      ad_text: 'Gear that goes further',
      objective: 'TRAFFIC',
      budget_daily: 50,
      video_id: shortVideos[0].video_id,
      landing_page_url: 'https://www.example.com/trail',
      display_name: 'Northwind Outdoor',
    },
    search_shortvideo_targeting: { targeting_type: 'locations', query: 'den' },
    get_shortvideo_campaign: { campaign_id: shortCampaign('Boots Checkout').id },
    get_shortvideo_campaign_details: { campaign_id: shortCampaign('Boots Checkout').id },
    explain_shortvideo_anomaly: { metric: 'spend' },
    explain_shortvideo_objective: { business_goal: 'website_sales' },
    update_shortvideo_campaign: { campaign_id: shortCampaign('Spring Trail Launch').id, budget: 130 },
    pause_shortvideo_campaign: { campaign_id: shortCampaign('Trail Buddy App').id },
    resume_shortvideo_campaign: { campaign_id: shortCampaign('Trail Buddy App').id },
    delete_shortvideo_campaign: { campaign_id: shortCampaign('Winter Clearance').id },
    pause_shortvideo_ad_group: { adgroup_id: shortGroup('Add to Cart - Wasteful Test').id },
    delete_shortvideo_ad_group: { adgroup_id: shortGroup('Clearance - Broad').id },
    pause_shortvideo_ad: { ad_id: shortAds.find((a) => a.ad_name === 'Vertical cut').id },
    resume_shortvideo_ad: { ad_id: shortAds.find((a) => a.ad_name === 'Vertical cut').id },
    delete_shortvideo_ad: { ad_id: shortAds.find((a) => a.ad_name === 'Come back - 10% off').id },
    add_shortvideo_ad_group: { campaign_id: shortCampaign('Spring Trail Launch').id, adgroup_name: 'Scan test group', budget: 30 },
    add_shortvideo_ad: {
      adgroup_id: shortGroup('US 18-34 - Outdoor Interests').id,
      ad_format: 'SINGLE_VIDEO',
      video_id: shortVideos[0].video_id,
      ad_text: 'Gear that goes further on every trail',
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/trail',
    },
    update_shortvideo_ad: { ad_id: shortAds.find((a) => a.ad_name === 'UGC unboxing').id, ad_name: 'UGC unboxing (scan)' },
    create_shortvideo_campaign: {
      campaign_name: 'Scan test image',
      ad_format: 'SINGLE_IMAGE',
      image_id: shortImages[0],
      ad_text: 'Gear that goes further on every trail',
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/trail',
    },
    upload_shortvideo_images: { image_urls: ['https://cdn.example.com/scan/boots_1080x1920.jpg'] },
    validate_and_prepare_shortvideo_assets: {
      image_urls: ['https://cdn.example.com/scan/a_1080x1080.jpg', 'https://cdn.example.com/scan/b_1080x1080.jpg'],
      intended_use: 'CAROUSEL',
    },
    create_shortvideo_carousel_card: { carousel_name: 'Scan carousel', image_ids: shortImages.slice(0, 2) },
    duplicate_shortvideo_campaign: { campaign_id: shortCampaign('Guided Hikes').id },
    duplicate_shortvideo_ad_group: { adgroup_id: shortGroup('Purchase - Broad').id },
    get_retailads_report: { start_date: '2026-10-01', end_date: '2026-10-31' },
    get_retailads_keyword_recommendations: { campaign_id: retailAdGroups[0].campaign_id, ad_group_id: retailAdGroups[0].ad_group_id },
    add_retailads_sb_negative_keywords: {
      negative_keywords: [
        {
          campaignId: sbNegatives[0].campaign_id,
          adGroupId: sbNegatives[0].ad_group_id,
          keywordText: 'cheap knockoff',
          matchType: 'negativePhrase',
        },
      ],
    },
    ...retail,
    pause_chatads_campaign: { campaign_id: chatClicks.id },
    resume_chatads_campaign: { campaign_id: chatPaused.id },
    archive_chatads_campaign: { campaign_id: chatPaused.id },
    create_chatads_ad_group: { campaign_id: chatClicks.id, name: 'Scan test group', max_bid: 1.5 },
    update_deskads_campaign: { campaign_id: deskSearch[0].id, daily_budget: 55 },
    add_deskads_sitelinks: {
      campaign_id: deskSearch[deskSearch.length - 1].id,
      sitelinks: [{ text: 'Scan Sitelink', final_url: 'https://www.example.com/scan' }],
    },
    add_deskads_callouts: { campaign_id: deskSearch[deskSearch.length - 1].id, callouts: ['Scan callout'] },
    remove_deskads_ad_extensions: await (async () => {
      const seeded = ((await read('list_deskads_ad_extensions', { type_filter: 'Callout' })).extensions as any[])[0];
      return { campaign_id: seeded.campaign_ids[0], extension_ids: [seeded.id] };
    })(),
    pause_deskads_campaign: { campaign_id: deskSearch.find((c) => c.status === 'Active').id },
    resume_deskads_campaign: { campaign_id: deskSearch.find((c) => c.status === 'Paused').id },
    delete_deskads_campaign: { campaign_id: deskCampaigns.find((c) => c.type === 'PerformanceMax').id },
    create_deskads_ad_group: { campaign_id: deskSearch[0].id, name: 'Scan test group', cpc_bid: 0.8 },
    update_deskads_ad_group: { ad_group_id: deskGroups[0].id, cpc_bid: 0.95 },
    pause_deskads_ad_group: { ad_group_id: deskGroups.find((g) => g.status === 'Active').id },
    resume_deskads_ad_group: { ad_group_id: deskGroups.find((g) => g.status === 'Paused').id },
    add_deskads_keywords: { ad_group_id: deskGroups[0].id, keywords: [{ text: 'scan test boots', match_type: 'Phrase' }] },
    update_deskads_keywords: { updates: [{ keyword_id: deskKeywords[0].id, bid: 1.05 }] },
    remove_deskads_keywords: { keyword_ids: [deskKeywords[1].id] },
    add_deskads_negative_keywords: { campaign_id: deskSearch[0].id, negatives: [{ text: 'scan test', match_type: 'Exact' }] },
    remove_deskads_negative_keywords: { negative_keyword_ids: [deskNegatives[0].id] },
    create_deskads_responsive_search_ad: {
      ad_group_id: deskGroups[0].id,
      headlines: ['Scan Test Boots', 'Northwind Outdoor', 'Free Returns'],
      descriptions: ['Tested on trails.', 'Order today.'],
      final_url: 'https://www.example.com/boots',
    },
    update_deskads_ad: { ad_id: deskAds[0].id, final_url: 'https://www.example.com/scan' },
    pause_deskads_ad: { ad_id: deskAds.find((a) => a.status === 'Active').id },
    resume_deskads_ad: { ad_id: deskAds[deskAds.length - 1].id },
    create_deskads_conversion_goal: {
      tag_id: deskTags[0].id,
      name: 'Scan test goal',
      type: 'Event',
      goal_category: 'Signup',
      event_action: 'signup',
    },
    update_deskads_budget: { budget_id: deskSharedBudget.id, amount: 45 },
    add_deskads_audience_targeting: {
      ad_group_id: deskGroups.find((g) => g.name === 'Trail Runners').id,
      audiences: [{ audience_id: deskAudiences[0].id, bid_adjustment: 20 }],
    },
    create_deskads_search_campaign: {
      name: 'Scan search campaign',
      daily_budget: 20,
      locations: ['United States'],
      ad_group: { name: 'Scan group', cpc_bid: 0.7 },
      keywords: [{ text: 'scan trail boots', match_type: 'Phrase' }],
      ad: {
        headlines: ['Scan Trail Boots', 'Northwind Outdoor', 'Free Returns'],
        descriptions: ['Tested on trails.', 'Order today.'],
        final_url: 'https://www.example.com/boots',
      },
    },
    create_deskads_shopping_campaign: {
      name: 'Scan shopping campaign',
      daily_budget: 20,
      store_id: deskStore,
      ad_group: { name: 'Scan products', cpc_bid: 0.5 },
    },
    import_deskads_from_searchads: {},
    ...(await proadsScanArguments(read)),
    ...(await shoppingScanArguments(apiKey, read)),
    ...(await monitoringScanArguments(apiKey)),
    ...(await helperScanArguments(apiKey)),
    get_chatads_campaign: { campaign_id: chatClicks.id },
    get_chatads_ad_group: { ad_group_id: chatGroups[0].id },
    get_chatads_ad: { ad_id: chatAds[0].id },
    pause_chatads_ad_group: { ad_group_id: chatGroups[0].id },
    resume_chatads_ad_group: { ad_group_id: chatGroups[1].id },
    archive_chatads_ad_group: { ad_group_id: chatGroups[2].id },
    pause_chatads_ad: { ad_id: chatAds[0].id },
    resume_chatads_ad: { ad_id: chatAds[1].id },
    archive_chatads_ad: { ad_id: chatAds[2].id },
    get_chatads_insights: { scope: 'ad_account' },
    chatads_geo_lookup: { query: 'den' },
    create_chatads_campaign: { name: 'Scan test campaign', budget: 1000 },
    create_chatads_ad: { ad_group_id: chatGroups[1].id, ...chatCard },
    launch_chatads_ad: {
      campaign_name: 'Scan launch',
      budget: 1000,
      max_cpm_bid: 12,
      image_url: 'https://cdn.example.com/card.png',
      ad_name: chatCard.name,
      headline: chatCard.headline,
      body: chatCard.body,
      landing_url: chatCard.landing_url,
    },
    get_chatads_custom_audience: { custom_audience_id: chatAudiences[0].id },
    get_chatads_custom_audience_operation: { operation_id: chatOperations[0] },
    pause_chatads_custom_audience_operation: { operation_id: chatOperations[0] },
    resume_chatads_custom_audience_operation: { operation_id: chatOperations[1] },
    cancel_chatads_custom_audience_operation: { operation_id: chatOperations[2] },
    create_chatads_custom_audience: { name: 'Scan audience' },
    add_chatads_custom_audience_members: {
      custom_audience_id: chatAudiences[0].id,
      members: [{ identifier_type: 'email', identifier: 'scan@example.com' }],
    },
    remove_chatads_custom_audience_members: {
      custom_audience_id: chatAudiences[1].id,
      members: [{ identifier_type: 'phone', identifier: '+15551230000' }],
    },
    replace_chatads_custom_audience_members: { custom_audience_id: chatAudiences[2].id, file_id: 'file_scanreplace' },
    merge_chatads_custom_audiences: { name: 'Scan merge', custom_audience_ids: [chatAudiences[0].id, chatAudiences[1].id] },
    archive_chatads_custom_audience: { custom_audience_id: chatAudiences[5].id },
    create_chatads_pixel: { name: 'Scan pixel' },
    create_chatads_event_setting: { pixel_id: chatPixels[1].id, event_type: 'start_trial' },
    set_chatads_conversions_config: { advanced_matching: true },
    create_chatads_conversions_api_key: { name: 'Scan key', pixel_id: chatPixels[0].id },
    send_chatads_conversion_event: { pixel_id: chatPixels[0].id, event_type: 'purchase', event_id: 'scan-1', value: 10, currency: 'USD' },
  };
  // A recommendation whose campaign or keyword no other write of the table touches (it must still be open when applied).
  const used = JSON.stringify(ARGUMENTS);
  const deskRecommendation = ((await read('list_deskads_recommendations')).recommendations as any[]).find(
    (r) => !used.includes(`"${r.entity_id}"`),
  );
  return {
    ...ARGUMENTS,
    ...(await pmaxScanArguments(read, videoUrl)),
    ...(await watchScanArguments(apiKey, ARGUMENTS)),
    ...(deskRecommendation ? { apply_deskads_recommendations: { recommendation_ids: [deskRecommendation.id] } } : {}),
  };
}
