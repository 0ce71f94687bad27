/**
 * Every tool named in a tool's text or structured output exists, and no tool speaks of the real
 * platforms behind the neutral words. Each registered tool is called once, with working arguments,
 * on seeded sandbox accounts of all seven platforms (ids come from the list tools, as a user would
 * take them); its answer (and its description) is scanned.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { argumentsJsonSchema } from '../../functions/catalog/json-schema';
import { REGISTRY } from '../../platforms/index';
import { callTool, createTestOwner, useTestTables, type CallResult } from '../support/gateway';

useTestTables();

/** Real platforms and their products, and real-platform identifier formats: never in tool text. */
const FORBIDDEN = [
  /\bgoogle\b/i, /\bmeta\b/i, /\bfacebook\b/i, /\binstagram\b/i, /\blinkedin\b/i, /\btiktok\b/i, /\bamazon\b/i, /\bopenai\b/i,
  /\bchatgpt\b/i, /\bmicrosoft\b/i, /\bbing\b/i, /\byoutube\b/i, /\bmessenger\b/i, /\bwhatsapp\b/i, /\bpangle\b/i, /\bpinterest\b/i,
  /urn:li:/i,
];

/** snake_case words that look like tool names: a verb prefix and at least one more part. */
const TOOL_LIKE = /\b(?:list|get|create|update|pause|resume|archive|add|remove|analyze|search|select|suggest|validate|resolve|discover|delete|set|upload|enable|disable)_[a-z0-9]+(?:_[a-z0-9]+)*\b/g;
/** snake_case words of that shape that are argument or field names, not tools. */
const NOT_TOOLS = new Set(['create_time', 'search_term', 'search_terms', 'add_to_cart']);

function toolNamesIn(text: string): string[] {
  return [...new Set(text.match(TOOL_LIKE) ?? [])].filter((n) => !NOT_TOOLS.has(n));
}

function forbiddenIn(text: string): string[] {
  return FORBIDDEN.flatMap((re) => text.match(re) ?? []);
}

/**
 * The strings of structured output a caller reads as text: sentences, and the values of `tool`
 * fields. A lone snake_case value elsewhere is a code (`action: "pause_creative"`, an enum value),
 * scanned for forbidden words but not taken for a tool name; keys are field names.
 */
function stringsIn(value: unknown, key = ''): { text: string; code: boolean }[] {
  if (typeof value === 'string') return [{ text: value, code: !/(^|_)tool$/.test(key) && /^[a-z0-9_]+$/.test(value) }];
  if (Array.isArray(value)) return value.flatMap((item) => stringsIn(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsIn(v, k));
  return [];
}

/** What a caller reads: the text and structured strings of a success, the message of an error. */
function answerOf(result: CallResult): { prose: string; all: string } {
  const body = result.body;
  const parts = body.success ? [{ text: body.data?.text ?? '', code: false }, ...stringsIn(body.data?.structured)] : [{ text: body.error ?? '', code: false }, ...stringsIn(body.structured_content)];
  return { prose: parts.filter((p) => !p.code).map((p) => p.text).join('\n'), all: parts.map((p) => p.text).join('\n') };
}

/**
 * The words of the tool contract (argument names and enum values, e.g. `facebook_page_id`,
 * publisher platform `instagram`), which the scan cannot ask to rename: a contract change is the
 * lead's call. They are taken out of a text before it is scanned, with web addresses (a landing page
 * or app store link is the advertiser's data, not the gateway's words).
 */
const CONTRACT_WORDS = new Set<string>();
function collectContractWords(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  for (const value of Array.isArray(node.enum) ? node.enum : []) if (typeof value === 'string') CONTRACT_WORDS.add(value);
  if (typeof node.const === 'string') CONTRACT_WORDS.add(node.const);
  for (const key of Object.keys((node.properties as object) ?? {})) CONTRACT_WORDS.add(key);
  for (const child of Object.values(node)) if (child && typeof child === 'object') collectContractWords(child);
}
for (const tool of REGISTRY.all()) collectContractWords(argumentsJsonSchema(tool).schema);

function scannable(text: string): string {
  return text.replace(/\bhttps?:\/\/\S+/g, '').replace(/[A-Za-z0-9_]+/g, (word) => (CONTRACT_WORDS.has(word) && /_|^[a-z]+$/.test(word) ? '' : word));
}

/** Every description a caller reads in the catalog: the tool's and its arguments'. */
function descriptionsIn(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  return [...(typeof node.description === 'string' ? [node.description] : []), ...Object.values(node).flatMap(descriptionsIn)];
}

let server: http.Server;
let videoUrl: string;
beforeAll(async () => {
  // A local server standing in for a video host.
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '7340032' });
    res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(16));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  videoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ad.mp4`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('tool texts', () => {
  it('name only registered tools and speak the neutral platform words, in every tool answer and description', async () => {
    // Prepare: one seeded sandbox account per platform; ids read from the list tools.
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 } });
    const read = async (tool: string, args: Record<string, unknown> = {}) => {
      const result = await callTool(apiKey, tool, args);
      if (result.status !== 200) throw new Error(`${tool} answered ${result.status}: ${result.body.error}`);
      return result.body.data!.structured as Record<string, any>;
    };
    const searchCampaigns = (await read('list_campaigns')).campaigns as any[];
    const searchCampaign = searchCampaigns.find((c) => c.type === 'SEARCH' && c.status === 'ENABLED') ?? searchCampaigns[0];
    const displayCampaign = searchCampaigns.find((c) => c.type === 'DISPLAY') ?? searchCampaign;
    const searchAdGroup = (await read('list_ad_groups')).ad_groups.find((g: any) => g.status === 'PAUSED') ?? (await read('list_ad_groups')).ad_groups[0];
    const callAssetCampaign = ((await read('list_call_assets')).call_assets as any[]).flatMap((a) => a.linked_campaigns)[0]?.campaign_id ?? searchCampaign.id;
    const searchAds = (await read('get_ad_performance', { limit: 1000 })).rows as any[];
    const searchKeywords = ((await read('get_keyword_performance', { limit: 1000 })).rows as any[]).filter((k) => k.status === 'ENABLED');
    const allAdGroups = (await read('list_ad_groups', { include_removed: true })).ad_groups as any[];
    const [rsaAd, otherRsaAd] = searchAds.filter((a) => a.details.type === 'RESPONSIVE_SEARCH_AD' && a.status === 'ENABLED');
    const displayAd = searchAds.find((a) => a.details.type === 'RESPONSIVE_DISPLAY_AD');
    const removedCampaign = searchCampaigns.find((c) => c.status === 'REMOVED') ?? searchCampaign;
    const removedAdGroup = allAdGroups.find((g) => g.status === 'REMOVED') ?? searchAdGroup;
    const [displayAdGroup, otherDisplayAdGroup] = allAdGroups.filter((g) => searchCampaigns.some((c) => c.type === 'DISPLAY' && c.id === g.campaign_id) && g.status !== 'REMOVED');
    const searchGroupOf = (campaignId: string) => allAdGroups.find((g) => g.campaign_id === campaignId && g.status === 'ENABLED');
    const rsa = { headlines: ['Trail Boots', 'Free Returns', 'Waterproof'], descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'], final_url: 'https://www.example.com/trail' };
    const negativeList = ((await read('list_negative_keyword_lists')).lists as any[])[0];
    const socialAdSets = (await read('list_socialads_ad_sets')).ad_sets as any[];
    const socialAssets = await read('discover_socialads_assets');
    const socialPage = (await read('list_socialads_pages')).pages[0].id;
    const shortAdGroups = (await read('list_shortvideo_ad_groups')).ad_groups as any[];
    const shortVideos = (await read('list_shortvideo_ad_videos')).videos as any[];
    const dynamicAdGroup = shortAdGroups.find((g) => g.creative_material_mode === 'DYNAMIC') ?? shortAdGroups[0];
    const retailAdGroups = (await read('list_retailads_ad_groups')).ad_groups as any[];
    const sbNegatives = (await read('list_retailads_sb_negative_keywords')).negative_keywords as any[];
    const chatCampaigns = (await read('list_chatads_campaigns')).campaigns as any[];
    const chatClicks = chatCampaigns.find((c) => c.status === 'active' && c.bidding_type === 'clicks');
    const chatPaused = chatCampaigns.find((c) => c.status === 'paused');

    /** Working arguments of every tool that needs some; the others are called with none. */
    const ARGUMENTS: Record<string, Record<string, unknown>> = {
      validate_video: { video_url: videoUrl },
      get_campaign_spec: { platform: 'shortvideo' },
      get_campaign_structure: { campaign_id: searchCampaign.id },
      get_campaign_targeting: { campaign_id: searchCampaign.id },
      get_campaign_labels: { campaign_id: searchCampaign.id },
      get_display_frequency_caps: { campaign_id: displayCampaign.id },
      resolve_searchads_locations: { locations: ['Denver, Colorado'] },
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
      add_keywords: { ad_group_id: searchKeywords[0].ad_group_id, keywords: [{ text: 'scan test boots', match_type: 'PHRASE' }] },
      add_display_keywords: { ad_group_id: displayAdGroup.id, keywords: [{ text: 'trail gear' }] },
      add_negative_keywords: { campaign_id: searchCampaign.id, keywords: [{ text: 'scan test', match_type: 'BROAD' }] },
      remove_negative_keywords: { campaign_id: searchCampaign.id, texts: ['scan test'] },
      update_keyword: { keyword_id: searchKeywords[0].id, cpc_bid: 1.11 },
      update_campaign_budget: { campaign_id: searchCampaign.id, daily_budget: 81 },
      update_bid_strategy: { campaign_id: searchCampaign.id, strategy: 'MAXIMIZE_CLICKS' },
      create_ad: { ad_group_id: searchKeywords[0].ad_group_id, ...rsa },
      create_search_campaign: { name: 'Scan test search', daily_budget: 20, ad_groups: [{ name: 'Scan group', keywords: [{ text: 'scan boots', match_type: 'EXACT' }], ads: [rsa] }] },
      update_ad_headlines: { ad_id: rsaAd.id, headlines: ['Trail Boots', 'Free Returns', 'Waterproof Boots'] },
      update_ad_descriptions: { ad_id: rsaAd.id, descriptions: ['Boots tested on real trails.', 'Free returns.'] },
      update_ad_content: { ad_id: rsaAd.id, path1: 'boots' },
      update_ad_creative: { ad_id: rsaAd.id, final_url: 'https://www.example.com/boots' },
      add_sitelinks: { campaign_id: searchCampaign.id, sitelinks: [{ link_text: 'Boot Finder', final_url: 'https://www.example.com/finder' }] },
      add_structured_snippets: { campaign_id: searchCampaign.id, snippets: [{ header: 'Brands', values: ['A', 'B', 'C'] }] },
      add_call_asset: { campaign_id: searchCampaign.id, call: { phone_number: '+1 800-555-0100', country_code: 'US' } },
      add_business_name_asset: { campaign_id: searchCampaign.id, business_name: 'Northwind Outdoor' },
      remove_sitelinks: { campaign_id: searchCampaign.id },
      remove_structured_snippets: { campaign_id: searchCampaign.id },
      remove_callouts: { campaign_id: searchCampaign.id },
      create_negative_keyword_list: { name: 'Scan test list', keywords: [{ text: 'scan', match_type: 'BROAD' }], campaign_ids: [searchCampaign.id] },
      add_negative_keyword_list_keywords: { list_id: negativeList.id, keywords: [{ text: 'scan two', match_type: 'PHRASE' }] },
      remove_negative_keyword_list_keywords: { list_id: negativeList.id, texts: ['scan two'] },
      attach_negative_keyword_list: { list_id: negativeList.id, campaign_ids: [searchCampaign.id] },
      detach_negative_keyword_list: { list_id: negativeList.id, campaign_ids: [searchCampaign.id] },
      add_socialads_ad: { ad_set_id: socialAdSets.find((s) => s.objective === 'OUTCOME_TRAFFIC')?.id ?? socialAdSets[0].id, ad_type: 'image', landing_page_url: 'https://www.example.com/trail', existing_image_hash: socialAssets.images[0].hash, primary_text: 'Gear that goes further', headline: 'Trail-tested packs', facebook_page_id: socialPage },
      create_socialads_video_campaign: { campaign_name: 'Scan test video', primary_text: 'Gear that goes further', objective: 'OUTCOME_TRAFFIC', daily_budget: 50, existing_video_id: socialAssets.videos?.[0]?.id, landing_page_url: 'https://www.example.com/trail', status: 'PAUSED', facebook_page_id: socialPage },
      select_proads_campaign_type: { campaign_type: 'text' },
      get_shortvideo_ad_group: { adgroup_id: shortAdGroups[0].id },
      update_shortvideo_ad_group: { adgroup_id: shortAdGroups[0].id, budget: 66 },
      resume_shortvideo_ad_group: { adgroup_id: (shortAdGroups.find((g) => g.status === 'DISABLE') ?? shortAdGroups[0]).id },
      create_shortvideo_dco_ad: { adgroup_id: dynamicAdGroup.id, video_ids: [shortVideos[0].video_id], ad_texts: ['Gear that goes further'], display_name: 'Northwind Outdoor', landing_page_url: 'https://www.example.com/trail' },
      create_shortvideo_video_campaign: { campaign_name: 'Scan test video', ad_text: 'Gear that goes further', objective: 'TRAFFIC', budget_daily: 50, video_id: shortVideos[0].video_id, landing_page_url: 'https://www.example.com/trail', display_name: 'Northwind Outdoor' },
      search_shortvideo_targeting: { targeting_type: 'locations', query: 'den' },
      get_retailads_report: { start_date: '2026-10-01', end_date: '2026-10-31' },
      get_retailads_keyword_recommendations: { campaign_id: retailAdGroups[0].campaign_id, ad_group_id: retailAdGroups[0].ad_group_id },
      add_retailads_sb_negative_keywords: { negative_keywords: [{ campaignId: sbNegatives[0].campaign_id, adGroupId: sbNegatives[0].ad_group_id, keywordText: 'cheap knockoff', matchType: 'negativePhrase' }] },
      pause_chatads_campaign: { campaign_id: chatClicks.id },
      resume_chatads_campaign: { campaign_id: chatPaused.id },
      archive_chatads_campaign: { campaign_id: chatPaused.id },
      create_chatads_ad_group: { campaign_id: chatClicks.id, name: 'Scan test group', max_bid: 1.5 },
    };

    // Act: every registered tool, reads first so the writes cannot hide anything from them.
    const tools = REGISTRY.all().sort((a, b) => (a.access === b.access ? 0 : a.access === 'read' ? -1 : 1));
    const failures: string[] = [];
    const unknownTools: string[] = [];
    const forbidden: string[] = [];
    for (const tool of tools) {
      const described = scannable([tool.description, ...descriptionsIn(argumentsJsonSchema(tool).schema)].join('\n'));
      for (const word of forbiddenIn(described)) forbidden.push(`${tool.name} description: "${word}"`);
      for (const name of toolNamesIn(described)) if (!REGISTRY.get(name)) unknownTools.push(`${tool.name} description: ${name}`);
      const result = await callTool(apiKey, tool.name, ARGUMENTS[tool.name] ?? {});
      if (result.status !== 200) failures.push(`${tool.name} ${result.status}: ${result.body.error}`);
      const answer = answerOf(result);
      const text = scannable(answer.prose);
      for (const word of forbiddenIn(scannable(answer.all))) forbidden.push(`${tool.name} output: "${word}"`);
      if (process.env.SCAN_DEBUG) for (const re of FORBIDDEN) for (const m of text.matchAll(new RegExp(re.source, 'gi'))) console.log(tool.name, text.slice(Math.max(0, m.index! - 80), m.index! + 60));
      for (const name of toolNamesIn(text)) if (!REGISTRY.get(name)) unknownTools.push(`${tool.name} output: ${name}`);
    }

    // Assess
    expect({ failures, unknownTools: [...new Set(unknownTools)], forbidden: [...new Set(forbidden)] }).toEqual({ failures: [], unknownTools: [], forbidden: [] });
  }, 180_000);
});
