/**
 * socialads catalogs, directories, creates and copies: each tool's happy path doing its work (a
 * create shows up in the next read), one failing case per rule, and dry runs that change nothing.
 */
import * as v from 'valibot';
import { REGISTRY } from '../../../functions/all-tools';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

let apiKey: string;
let sets: { id: string; name: string; product_count: number }[];
let campaigns: { id: string; name: string; status: string; objective: string; catalog_id: string | null }[];
let image: { hash: string };
let page: string;

async function ok(tool: string, args: Record<string, unknown> = {}) {
  const data = await callToolOk(apiKey, tool, args);
  const schema = REGISTRY.get(tool)!.output;
  if (schema && !args.dry_run) v.parse(schema, data.structured);
  return data;
}

beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { socialads: 1 } }));
  expect((await ok('list_socialads_catalogs')).structured!.catalogs).not.toHaveLength(0);
  sets = (await ok('list_socialads_product_sets')).structured!.product_sets;
  campaigns = (await ok('list_socialads_campaigns')).structured!.campaigns;
  image = (await ok('discover_socialads_assets', { asset_type: 'images' })).structured!.images[0];
  page = (await ok('list_socialads_pages')).structured!.pages[0].id;
});

const catalogCampaign = () => campaigns.find((c) => c.catalog_id)!;

describe('socialads catalogs', () => {
  it('product figures add up to the catalog ads and carry the funnel', async () => {
    const window = { start_date: '2026-10-01', end_date: '2026-10-31' };
    const products = (await ok('get_socialads_product_performance', window)).structured!.products as {
      spend: number;
      conversions: number;
    }[];
    const ads = (await ok('get_socialads_ad_performance', { campaign_id: catalogCampaign().id, ...window })).structured!.ads as {
      metrics: { spend: number; conversions: number };
    }[];
    expect(Math.round(products.reduce((s, p) => s + p.spend, 0) * 100)).toBe(
      Math.round(ads.reduce((s, a) => s + a.metrics.spend, 0) * 100),
    );
    expect(products.reduce((s, p) => s + p.conversions, 0)).toBe(ads.reduce((s, a) => s + a.metrics.conversions, 0));
    const funnel = (await ok('diagnose_socialads_catalog_funnel', window)).structured!;
    expect(funnel.steps.map((s: { step: string }) => s.step)).toEqual([
      'impressions',
      'clicks',
      'product_views',
      'add_to_cart',
      'purchases',
    ]);
    expect(funnel.steps[4].count).toBe(products.reduce((s, p) => s + p.conversions, 0));
  });

  it.each([
    ['list_socialads_products', () => ({ product_set_id: sets.find((s) => s.name === 'Boots')!.id }), 'products'],
    ['analyze_socialads_catalog_performance', () => ({}), 'categories'],
    ['compare_socialads_catalog_product_sets', () => ({}), 'product_sets'],
    ['detect_socialads_catalog_waste', () => ({ min_spend: 1 }), 'products'],
    ['validate_catalog_readiness', () => ({}), 'checks'],
    ['list_socialads_custom_audiences', () => ({}), 'audiences'],
    ['search_socialads_targeting', () => ({ query: 'camp' }), 'options'],
    ['browse_socialads_targeting', () => ({ type: 'locations' }), 'options'],
    ['list_socialads_instagram_accounts', () => ({}), 'profiles'],
    ['list_socialads_lead_forms', () => ({}), 'forms'],
    ['get_socialads_lead_form_submissions', () => ({ form_id: 'FORM' }), 'leads'],
    ['list_socialads_pixels', () => ({}), 'pixels'],
    ['select_socialads_campaign_type', () => ({ goal: 'sales', has_catalog: true }), 'formats'],
    ['explain_socialads_anomaly', () => ({ metric: 'spend' }), 'drivers'],
    ['detect_socialads_creative_fatigue', () => ({ min_impressions: 100 }), 'ads'],
    ['analyze_socialads_ad_performance', () => ({}), 'recommendations'],
  ])('%s answers', async (tool, args, key) => {
    const a = args() as Record<string, unknown>;
    // Lead submissions: the seeded forms together have leads (one form may have none in the window).
    const calls =
      a.form_id === 'FORM'
        ? ((await ok('list_socialads_lead_forms')).structured!.forms as { id: string }[]).map((f) => ({ form_id: f.id }))
        : [a];
    let found = 0;
    for (const call of calls) found += ((await ok(tool, call)).structured![key] as unknown[]).length;
    expect(found).toBeGreaterThan(0);
  });

  it("lead submissions are the lead results of the form's ads", async () => {
    const form = (await ok('list_socialads_lead_forms')).structured!.forms.find((f: { campaigns: unknown[] }) => f.campaigns.length);
    const window = { start_date: '2026-10-01', end_date: '2026-10-31' };
    const leads = (await ok('get_socialads_lead_form_submissions', { form_id: form.id, ...window, limit: 500 })).structured!;
    const perf = (await ok('get_socialads_campaign_performance', { campaign_id: form.campaigns[0].id, ...window })).structured!.campaigns[0]
      .metrics;
    expect(leads.total).toBe(perf.results);
    expect(Object.keys(leads.leads[0].fields)).toEqual(expect.arrayContaining(['email']));
  });

  it('the format guide recommends the catalog campaign for a shop with a catalog', async () => {
    expect((await ok('select_socialads_campaign_type', { goal: 'sales', has_catalog: true })).structured!.tool).toBe(
      'create_socialads_catalog_campaign',
    );
  });
});

describe('socialads creates and copies', () => {
  it('creates a product set, then a paused catalog campaign on it; both show up in the reads', async () => {
    const dry = await ok('create_socialads_product_set', {
      name: 'Jackets',
      rules: [{ field: 'category', operator: 'eq', value: 'jackets' }],
      dry_run: true,
    });
    expect(dry.structured!.changes[0].fields.product_count.after).toBe(3);
    expect((await ok('list_socialads_product_sets')).structured!.product_sets).toHaveLength(sets.length);
    const set = (
      await ok('create_socialads_product_set', { name: 'Jackets', rules: [{ field: 'category', operator: 'eq', value: 'jackets' }] })
    ).structured!;
    expect(set.product_count).toBe(3);
    const created = (
      await ok('create_socialads_catalog_campaign', {
        campaign_name: 'Jackets DPA',
        product_set_id: set.product_set_id,
        daily_budget: 40,
        retargeting_days: 30,
        page_id: page,
      })
    ).structured!;
    expect(created.status).toBe('PAUSED');
    const details = (await ok('get_socialads_campaign_details', { campaign_id: created.campaign_id })).structured!;
    expect(details.campaign.status).toBe('PAUSED');
    expect(details.ad_sets[0].retargeting_days).toBe(30);
    expect(details.ad_sets[0].ads[0].creative.product_set_id).toBe(set.product_set_id);
    // More ad sets and ads on it.
    const adSet = (
      await ok('add_socialads_catalog_ad_set', {
        campaign_id: created.campaign_id,
        name: 'Jackets prospecting',
        product_set_id: set.product_set_id,
      })
    ).structured!;
    const ad = (
      await ok('add_socialads_catalog_ad', {
        ad_set_id: adSet.ad_set_id,
        name: 'Jackets single',
        catalog_format: 'single_product',
        page_id: page,
      })
    ).structured!;
    const after = (await ok('get_socialads_campaign_details', { campaign_id: created.campaign_id })).structured!.ad_sets;
    expect(after.map((s: { id: string }) => s.id)).toContain(adSet.ad_set_id);
    expect(after.flatMap((s: { ads: { id: string }[] }) => s.ads.map((a) => a.id))).toContain(ad.ad_id);
  });

  it('creates image and carousel campaigns paused, with the budget in the plan', async () => {
    const base = {
      objective: 'OUTCOME_TRAFFIC',
      daily_budget: 25,
      landing_page_url: 'https://www.example.com/spring',
      primary_text: 'Fresh gear for spring.',
      headline: 'Spring gear',
      page_id: page,
    };
    const dry = await ok('create_socialads_image_campaign', {
      ...base,
      campaign_name: 'Img',
      existing_image_hash: image.hash,
      dry_run: true,
    });
    expect(dry.structured!.budgets).toEqual([expect.objectContaining({ entity: 'ad_set', after: 25 })]);
    expect(dry.structured!.changes.every((c: { startsPaused: boolean }) => c.startsPaused)).toBe(true);
    // A sales campaign's plan names the pixel and the event it counts (issue 31).
    const pixel = ((await ok('list_socialads_pixels', {})).structured!.pixels as { id: string; name: string }[])[0]!;
    const sales = await ok('create_socialads_image_campaign', {
      ...base,
      objective: 'OUTCOME_SALES',
      pixel_id: pixel.id,
      campaign_name: 'Img sales',
      existing_image_hash: image.hash,
      dry_run: true,
    });
    expect(sales.structured!.summary).toContain(`counting PURCHASE on pixel "${pixel.name}" (${pixel.id})`);
    expect(sales.structured!.changes[1].fields).toMatchObject({ pixel_id: { after: pixel.id }, conversion_event: { after: 'PURCHASE' } });
    const img = (
      await ok('create_socialads_image_campaign', {
        ...base,
        campaign_name: 'Img',
        image_url: 'https://cdn.example.com/hero-1200x628.jpg',
        interest_ids: ['6003139266461'],
      })
    ).structured!;
    const car = (
      await ok('create_socialads_carousel_campaign', {
        ...base,
        campaign_name: 'Car',
        cards: [
          { headline: 'Boots', existing_image_hash: image.hash },
          { headline: 'Tents', image_url: 'https://cdn.example.com/tent.jpg' },
        ],
      })
    ).structured!;
    const listed = (await ok('list_socialads_campaigns', { status: 'PAUSED' })).structured!.campaigns.map((c: { id: string }) => c.id);
    expect(listed).toEqual(expect.arrayContaining([img.campaign_id, car.campaign_id]));
    const ads = (await ok('get_socialads_ad_creatives', { campaign_id: car.campaign_id })).structured!.creatives;
    expect(ads[0].creative.cards).toHaveLength(2);
    expect(ads[0].media.length).toBe(2);
  });

  it('adds an ad set and a dynamic-creative ad to an existing campaign', async () => {
    const traffic = campaigns.find((c) => c.name === 'Spring Sale - Traffic')!;
    const budgetRefused = await callTool(apiKey, 'add_socialads_ad_set', { campaign_id: traffic.id, name: 'X', daily_budget: 10 });
    expect(budgetRefused.status).toBe(400);
    expect(budgetRefused.body.error).toContain('campaign budget');
    const set = (
      await ok('add_socialads_ad_set', {
        campaign_id: traffic.id,
        name: 'Colorado hikers',
        countries: ['US'],
        age_min: 25,
        publisher_platforms: ['photo_app'],
      })
    ).structured!;
    const dco = (
      await ok('create_socialads_dco_ad', {
        ad_set_id: set.ad_set_id,
        name: 'DCO',
        existing_image_hashes: [image.hash],
        image_urls: ['https://cdn.example.com/b.png'],
        primary_texts: ['One', 'Two'],
        headlines: ['H1', 'H2'],
        landing_page_url: 'https://www.example.com',
        page_id: page,
      })
    ).structured!;
    const ads = (await ok('list_socialads_ads', { ad_set_id: set.ad_set_id })).structured!.ads;
    expect(ads.map((a: { id: string }) => a.id)).toEqual([dco.ad_id]);
    expect(ads[0].creative.dynamic_creative).toBe(true);
    expect(ads[0].creative.image_hashes).toHaveLength(2);
  });

  it('duplicates a campaign with its ad sets and ads, all paused', async () => {
    const source = campaigns.find((c) => c.name === 'Catalog Sales - Conversions')!;
    const copy = (await ok('duplicate_socialads_campaign', { campaign_id: source.id })).structured!;
    const details = (await ok('get_socialads_campaign_details', { campaign_id: copy.campaign_id })).structured!;
    expect(details.campaign.name).toBe('Catalog Sales - Conversions - Copy');
    expect(details.ad_sets.length).toBe(copy.ad_set_ids.length);
    expect(details.ad_sets.length).toBeGreaterThan(0);
    expect(
      [
        details.campaign.status,
        ...details.ad_sets.map((s: { status: string }) => s.status),
        ...details.ad_sets.flatMap((s: { ads: { status: string }[] }) => s.ads.map((a) => a.status)),
      ].every((s) => s === 'PAUSED'),
    ).toBe(true);
  });

  it('validates and uploads images, flagging the ones that do not fit the placement', async () => {
    const out = (
      await ok('validate_and_prepare_socialads_assets', {
        image_urls: [
          'https://cdn.example.com/story-1080x1920.jpg',
          'https://cdn.example.com/tiny-300x300.png',
          'https://cdn.example.com/doc.pdf',
        ],
        placement: 'stories_reels',
      })
    ).structured!.images;
    expect(out.map((i: { valid: boolean }) => i.valid)).toEqual([true, false, false]);
    expect(out[0].hash).toMatch(/^[0-9a-f]{32}$/);
    const assets = (await ok('discover_socialads_assets', { search: 'story-1080x1920' })).structured!.images;
    expect(assets[0].hash).toBe(out[0].hash);
  });

  it.each([
    [
      'create_socialads_product_set',
      () => ({ name: 'None', rules: [{ field: 'category', operator: 'eq', value: 'kayaks' }] }),
      'select no product',
    ],
    ['create_socialads_product_set', () => ({ name: 'All products', rules: [] }), 'already has'],
    ['create_socialads_product_set', () => ({ name: 'Bad', rules: [{ field: 'brand', operator: 'lt', value: 3 }] }), 'numeric price'],
    [
      'create_socialads_catalog_campaign',
      () => ({ campaign_name: 'X', product_set_id: '999999999', daily_budget: 10 }),
      'list_socialads_product_sets',
    ],
    [
      'add_socialads_catalog_ad_set',
      () => ({ campaign_id: campaigns.find((c) => c.name === 'Spring Sale - Traffic')!.id, name: 'X', product_set_id: sets[0].id }),
      'not a catalog campaign',
    ],
    ['add_socialads_ad_set', () => ({ campaign_id: catalogCampaign().id, name: 'X' }), 'add_socialads_catalog_ad_set'],
    ['add_socialads_ad_set', () => ({ campaign_id: '999999999', name: 'X' }), 'list_socialads_campaigns'],
    [
      'create_socialads_image_campaign',
      () => ({ campaign_name: 'X', daily_budget: 10, landing_page_url: 'https://www.example.com', primary_text: 'x' }),
      'exactly one of `image_url`',
    ],
    [
      'create_socialads_image_campaign',
      () => ({ campaign_name: 'X', landing_page_url: 'https://www.example.com', primary_text: 'x', existing_image_hash: image.hash }),
      'daily_budget',
    ],
    [
      'create_socialads_image_campaign',
      () => ({
        campaign_name: 'X',
        daily_budget: 10,
        landing_page_url: 'http://www.example.com',
        primary_text: 'x',
        existing_image_hash: image.hash,
      }),
      'HTTPS',
    ],
    [
      'create_socialads_image_campaign',
      () => ({
        campaign_name: 'X',
        objective: 'OUTCOME_LEADS',
        daily_budget: 10,
        landing_page_url: 'https://www.example.com',
        primary_text: 'x',
        existing_image_hash: image.hash,
      }),
      'lead_form_id',
    ],
    [
      'create_socialads_image_campaign',
      () => ({
        campaign_name: 'X',
        daily_budget: 10,
        landing_page_url: 'https://www.example.com',
        primary_text: 'x',
        existing_image_hash: image.hash,
        start_date: '2020-01-01',
        page_id: page,
      }),
      'in the past',
    ],
    [
      'create_socialads_carousel_campaign',
      () => ({
        campaign_name: 'X',
        daily_budget: 10,
        landing_page_url: 'https://www.example.com',
        primary_text: 'x',
        cards: [{ headline: 'a', image_url: 'https://a.example/x.jpg' }],
      }),
      '2-10 cards',
    ],
    [
      'create_socialads_dco_ad',
      () => ({
        ad_set_id: '999999999',
        name: 'X',
        existing_image_hashes: [image.hash],
        primary_texts: ['a', 'b'],
        landing_page_url: 'https://www.example.com',
      }),
      '2-10 images',
    ],
    ['duplicate_socialads_campaign', () => ({ campaign_id: '999999999' }), 'list_socialads_campaigns'],
    ['validate_and_prepare_socialads_assets', () => ({ image_urls: [] }), 'image_urls'],
    ['search_socialads_targeting', () => ({ query: 'h' }), 'at least 2'],
    ['get_socialads_lead_form_submissions', () => ({ form_id: '999999999' }), 'list_socialads_lead_forms'],
    ['list_socialads_products', () => ({ catalog_id: '999999999' }), 'list_socialads_catalogs'],
    ['update_socialads_catalog_ad', () => ({ ad_id: '999999999', status: 'PAUSED' }), 'list_socialads_ads'],
  ])('%s refuses a broken rule (%#)', async (tool, args, hint) => {
    const result = await callTool(apiKey, tool, args());
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(hint);
  });

  it('a dry run of duplicate_socialads_campaign creates nothing', async () => {
    const before = (await ok('list_socialads_campaigns')).structured!.total;
    const dry = await ok('duplicate_socialads_campaign', { campaign_id: campaigns[0].id, dry_run: true });
    expect(dry.structured!.dry_run).toBe(true);
    expect((await ok('list_socialads_campaigns')).structured!.total).toBe(before);
  });
});
