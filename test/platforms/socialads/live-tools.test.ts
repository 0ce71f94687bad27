/**
 * Every socialads tool on a live account through the gateway (router, handler, middy chain)
 * against the fake Graph API: each answers 200 (or a clear live_not_supported), reads come from the
 * platform, writes reach it in the platform's units and statuses, creates start paused, and a dry
 * run is only checked by the platform (validate_only), never applied.
 */
import { socialads } from '../../../platforms/socialads/manifest';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { liveSocialAdsOwner, useFakeSocialAdsApi } from './live-support';

useTestTables();
const fake = useFakeSocialAdsApi();

type Row = Record<string, any>;
type Live = Awaited<ReturnType<typeof liveSocialAdsOwner>>;

/** Arguments that make each tool do its job on the seeded live account. */
async function workingArguments(live: Live): Promise<Record<string, Row>> {
  const read = async (tool: string, args: Row = {}) => (await callToolOk(live.apiKey, tool, args)).structured as Row;
  const campaigns = (await read('list_socialads_campaigns')).campaigns as Row[];
  const adSets = (await read('list_socialads_ad_sets')).ad_sets as Row[];
  const ads = (await read('list_socialads_ads')).ads as Row[];
  const page = ((await read('list_socialads_pages')).pages as Row[]).find((p) => p.promotable)!.id;
  const assets = await read('discover_socialads_assets');
  const form = (await read('list_socialads_lead_forms')).forms[0].id;
  const productSet = (await read('list_socialads_product_sets')).product_sets[0].id;
  const traffic = campaigns.find((c) => c.objective === 'OUTCOME_TRAFFIC')!;
  const catalogCampaign = campaigns.find((c) => c.catalog_id)!;
  const catalogSet = adSets.find((s) => s.campaign_id === catalogCampaign.id)!;
  const salesSet = adSets.find((s) => s.objective === 'OUTCOME_SALES' && s.campaign_id !== catalogCampaign.id)!;
  const imageAd = ads.find((a) => a.ad_type === 'image' && a.status === 'ACTIVE')!;
  const catalogAd = ads.find((a) => a.ad_type === 'catalog')!;
  const [hash, otherHash] = (assets.images as Row[]).map((i) => i.hash);
  return {
    list_socialads_ad_sets: {},
    list_socialads_ads: {},
    list_socialads_pages: {},
    discover_socialads_assets: {},
    get_socialads_app_campaigns: {},
    get_socialads_app_adsets: {},
    get_socialads_app_creatives: {},
    list_socialads_campaigns: {},
    get_socialads_campaign_details: { campaign_id: traffic.id },
    get_socialads_campaign_performance: {},
    get_socialads_adset_performance: {},
    get_socialads_ad_performance: {},
    get_socialads_audience_insights: {},
    analyze_socialads_audiences: {},
    optimize_socialads_placements: {},
    get_socialads_ad_creatives: {},
    analyze_socialads_wasted_spend: {},
    optimize_socialads_budget: {},
    detect_socialads_creative_fatigue: {},
    analyze_socialads_ad_performance: {},
    explain_socialads_anomaly: {},
    search_socialads_targeting: { query: 'hiking' },
    browse_socialads_targeting: { type: 'interests' },
    list_socialads_custom_audiences: {},
    list_socialads_instagram_accounts: {},
    list_socialads_lead_forms: {},
    get_socialads_lead_form_submissions: { form_id: form },
    list_socialads_pixels: {},
    select_socialads_campaign_type: {},
    list_socialads_catalogs: {},
    list_socialads_product_sets: {},
    list_socialads_products: {},
    get_socialads_product_performance: {},
    analyze_socialads_catalog_performance: {},
    compare_socialads_catalog_product_sets: {},
    detect_socialads_catalog_waste: {},
    diagnose_socialads_catalog_funnel: {},
    validate_catalog_readiness: {},
    // Writes.
    pause_socialads_campaign: { campaign_id: traffic.id },
    resume_socialads_campaign: { campaign_id: traffic.id },
    update_socialads_campaign: { campaign_id: traffic.id, daily_budget: 61 },
    update_socialads_catalog_campaign: { campaign_id: catalogCampaign.id, daily_budget: 81 },
    update_socialads_ad_set: { ad_set_id: salesSet.id, age_min: 21 },
    update_socialads_catalog_ad_set: { ad_set_id: catalogSet.id, retargeting_days: 21 },
    update_socialads_ad: { ad_id: imageAd.id, name: 'Renamed live ad' },
    update_socialads_catalog_ad: { ad_id: catalogAd.id, catalog_format: 'single_product' },
    create_socialads_product_set: { name: 'Premium', rules: [{ field: 'price', operator: 'gt', value: 200 }] },
    add_socialads_ad_set: { campaign_id: traffic.id, name: 'Live ad set' },
    add_socialads_catalog_ad_set: { campaign_id: catalogCampaign.id, name: 'Live catalog set', product_set_id: productSet },
    add_socialads_catalog_ad: { ad_set_id: catalogSet.id, name: 'Live catalog ad', page_id: page },
    add_socialads_ad: {
      ad_set_id: adSets.find((s) => s.objective === 'OUTCOME_TRAFFIC')!.id,
      ad_type: 'image',
      landing_page_url: 'https://www.example.com/trail',
      existing_image_hash: hash,
      primary_text: 'Gear that goes further',
      headline: 'Trail-tested packs',
      facebook_page_id: page,
    },
    create_socialads_image_campaign: {
      campaign_name: 'Live image',
      daily_budget: 20,
      landing_page_url: 'https://www.example.com/trail',
      primary_text: 'Gear that goes further',
      existing_image_hash: hash,
      page_id: page,
    },
    create_socialads_carousel_campaign: {
      campaign_name: 'Live carousel',
      daily_budget: 20,
      landing_page_url: 'https://www.example.com/trail',
      primary_text: 'Gear that goes further',
      cards: [
        { headline: 'A', existing_image_hash: hash },
        { headline: 'B', existing_image_hash: otherHash },
      ],
      page_id: page,
    },
    create_socialads_catalog_campaign: { campaign_name: 'Live catalog', product_set_id: productSet, daily_budget: 30, page_id: page },
    create_socialads_dco_ad: {
      ad_set_id: salesSet.id,
      name: 'Live DCO',
      existing_image_hashes: [hash, otherHash],
      primary_texts: ['One', 'Two'],
      landing_page_url: 'https://www.example.com/trail',
      page_id: page,
    },
    duplicate_socialads_campaign: { campaign_id: traffic.id },
    validate_and_prepare_socialads_assets: { image_urls: [`${fake.api.url}/files/hero.jpg`] },
    create_socialads_video_campaign: {
      campaign_name: 'Live video',
      primary_text: 'Gear that goes further',
      objective: 'OUTCOME_TRAFFIC',
      daily_budget: 50,
      existing_video_id: (assets.videos as Row[])[0]!.id,
      landing_page_url: 'https://www.example.com/trail',
      status: 'PAUSED',
      page_id: page,
    },
  };
}

/** Real platform and product names: never in what a tool answers, live accounts included. */
const BRANDS = /\b(meta|facebook|instagram|messenger|whatsapp|audience network)\b/i;

/** The tools a live account answers with live_not_supported, and why (none today). */
const NOT_SUPPORTED: Record<string, RegExp> = {};

describe('Live socialads account: every tool through the gateway', () => {
  let live: Live;
  let args: Record<string, Row>;
  beforeAll(async () => {
    live = await liveSocialAdsOwner(fake.api);
    args = await workingArguments(live);
  }, 180_000);

  it('has working arguments for every socialads tool', () => {
    expect(Object.keys(args).sort()).toEqual(socialads.tools.map((t) => t.name).sort());
  });

  it('answers every tool on the live account (reads first, then writes), or live_not_supported naming what is missing', async () => {
    const order = [...socialads.tools].sort((a, b) => Number(Boolean(a.plan)) - Number(Boolean(b.plan)));
    const failures: string[] = [];
    for (const tool of order) {
      const result = await callTool(live.apiKey, tool.name, args[tool.name]!);
      const said = JSON.stringify({ text: result.body.data?.text, structured: result.body.data?.structured, error: result.body.error });
      if (BRANDS.test(said)) failures.push(`${tool.name}: names the real platform (${said.match(BRANDS)![0]})`);
      if (said.includes(live.token.token) || said.includes(fake.api.clientSecret)) failures.push(`${tool.name}: shows a secret`);
      const expected = NOT_SUPPORTED[tool.name];
      if (expected) {
        if (
          result.status !== 400 ||
          result.body.structured_content?.code !== 'live_not_supported' ||
          !expected.test(result.body.error ?? '')
        )
          failures.push(`${tool.name}: expected live_not_supported, got ${result.status} ${result.body.error}`);
      } else if (result.status !== 200) failures.push(`${tool.name}: ${result.status} ${result.body.error}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('the writes reached the platform in its units and statuses, and creates started paused', () => {
    const up = live.upstream;
    const traffic = up.campaigns.find((c) => c.objective === 'OUTCOME_TRAFFIC' && c.name === 'Blog traffic')!;
    // 61 in account currency (USD) is 6100 cents; pause then resume left it active.
    expect(traffic).toMatchObject({ daily_budget: '6100', status: 'ACTIVE' });
    expect(up.adsets.find((s) => s.id === args.update_socialads_ad_set!.ad_set_id)!.targeting.age_min).toBe(21);
    const catalogSet = up.adsets.find((s) => s.id === args.update_socialads_catalog_ad_set!.ad_set_id)!;
    expect(catalogSet.targeting.product_audience_specs[0].inclusions[0].retention_seconds).toBe(21 * 86_400);
    expect(up.ads.find((a) => a.id === args.update_socialads_ad!.ad_id)!.name).toBe('Renamed live ad');
    for (const name of ['Live image', 'Live carousel', 'Live catalog', 'Live video']) {
      const created = up.campaigns.find((c) => c.name === name);
      expect(created).toMatchObject({ status: 'PAUSED' });
      expect(created!.special_ad_categories).toEqual([]);
    }
    expect(up.adsets.find((s) => s.name === 'Live ad set')).toMatchObject({ status: 'PAUSED' });
    const premium = up.productSets.find((s) => s.name === 'Premium')!;
    expect(JSON.parse(premium.filter)).toEqual({ and: [{ price_amount: { gt: 20000 } }] });
    // A carousel's cards are child attachments of one creative, each with its image hash.
    const carousel = up.ads.find((a) => up.campaigns.find((c) => c.id === a.campaign_id)?.name === 'Live carousel')!;
    const creative = up.creatives.find((c) => c.id === carousel.creative_id)!;
    expect(creative.object_story_spec.link_data.child_attachments.map((c: Row) => c.name)).toEqual(['A', 'B']);
  });
});
