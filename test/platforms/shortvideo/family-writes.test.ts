/**
 * The shortvideo family's write tools over one seeded sandbox: each write shows up in the next read,
 * a dry run changes nothing, creates start paused, undo calls revert, and each rule is refused.
 */
import { REGISTRY } from '../../../functions/all-tools';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupNamed, getAdGroup } from './helpers';

useTestTables();

let apiKey: string;
const campaignNamed = async (name: string) =>
  ((await callToolOk(apiKey, 'list_shortvideo_campaigns', {})).structured!.campaigns as any[]).find((c) =>
    c.campaign_name.startsWith(name),
  );
const adNamed = async (name: string) =>
  ((await callToolOk(apiKey, 'list_shortvideo_ads', {})).structured!.ads as any[]).find((a) => a.ad_name === name);
const library = async () => (await callToolOk(apiKey, 'discover_shortvideo_assets', {})).structured!.images as any[];
const storePixel = async () =>
  ((await callToolOk(apiKey, 'list_shortvideo_pixels', {})).structured!.pixels as any[]).find((p) => p.pixel_name === 'Store Pixel');
const identity = async (type: string) =>
  ((await callToolOk(apiKey, 'list_shortvideo_identities', { identity_type: type })).structured!.identities as any[])[0];

beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } }));
});

describe('status family', () => {
  it.each([
    [
      'campaign',
      'pause_shortvideo_campaign',
      'resume_shortvideo_campaign',
      'campaign_id',
      async () => (await campaignNamed('Guided Hikes')).id,
      'ACTIVE',
      'PAUSED',
    ],
    [
      'ad group',
      'pause_shortvideo_ad_group',
      'resume_shortvideo_ad_group',
      'adgroup_id',
      async () => (await adGroupNamed(apiKey, 'Instant Form - 25-54')).id,
      'ENABLED',
      'DISABLED',
    ],
    ['ad', 'pause_shortvideo_ad', 'resume_shortvideo_ad', 'ad_id', async () => (await adNamed('UGC unboxing')).id, 'ENABLED', 'DISABLED'],
  ])(
    '%s: dry run changes nothing, pause shows in the next read, undo resumes, a second pause is a no-op',
    async (_level, pause, resume, idArg, idOf, on, off) => {
      const id = await (idOf as () => Promise<string>)();
      const dry = await callToolOk(apiKey, pause as string, { [idArg as string]: id, dry_run: true });
      expect(dry.structured).toMatchObject({
        dry_run: true,
        changes: [{ action: 'update', id, fields: { status: { before: on, after: off } } }],
      });
      const paused = await callToolOk(apiKey, pause as string, { [idArg as string]: id });
      expect(paused.structured).toMatchObject({ previous_status: on, status: off, changed: true, delivers: false });
      expect(paused.text).toContain(resume);
      const again = await callToolOk(apiKey, pause as string, { [idArg as string]: id });
      expect(again.structured!.changed).toBe(false);
      const tool = REGISTRY.get(pause as string)!;
      const plan = { summary: '', changes: [{ action: 'update' as const, entity: 'x', fields: {} }], data: { entity: { id } } };
      expect(tool.undo!(plan, { [idArg as string]: id })).toEqual({ tool: resume, arguments: { [idArg as string]: id } });
      const resumed = await callToolOk(apiKey, resume as string, { [idArg as string]: id });
      expect(resumed.structured).toMatchObject({ previous_status: off, status: on, changed: true });
    },
  );

  it('resuming an ad under a paused ad group says the parent holds it', async () => {
    const ad = await adNamed('Come back - 10% off');
    const data = await callToolOk(apiKey, 'resume_shortvideo_ad', { ad_id: ad.id });
    expect(data.structured).toMatchObject({ status: 'ENABLED', delivers: false });
    expect(data.text).toContain('resume_shortvideo_ad_group');
  });

  it('delete is destructive, final and without undo; deleted entities refuse pause and resume', async () => {
    expect(REGISTRY.get('delete_shortvideo_ad')!.destructive).toBe(true);
    const ad = await adNamed('Landscape TV cut');
    const deleted = await callToolOk(apiKey, 'delete_shortvideo_ad', { ad_id: ad.id });
    expect(deleted.structured).toMatchObject({ status: 'DELETED', changed: true });
    expect(await adNamed('Landscape TV cut')).toBeUndefined();
    for (const tool of ['pause_shortvideo_ad', 'resume_shortvideo_ad', 'delete_shortvideo_ad']) {
      const result = await callTool(apiKey, tool, { ad_id: ad.id });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('deleted');
    }
    const unknown = await callTool(apiKey, 'pause_shortvideo_campaign', { campaign_id: '1700000000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('1700000000000000000');
  });
});

describe('update_shortvideo_campaign', () => {
  it('changes the budget with a budget line in the plan, shows it in the next read, undo restores it', async () => {
    const c = await campaignNamed('Spring Trail Launch');
    const dry = await callToolOk(apiKey, 'update_shortvideo_campaign', { campaign_id: c.id, budget: 150, dry_run: true });
    expect(dry.structured!.budgets).toEqual([
      { entity: 'campaign', id: c.id, name: c.campaign_name, before: 120, after: 150, currency: 'USD' },
    ]);
    expect((await campaignNamed('Spring Trail Launch')).budget).toBe(120);
    const done = await callToolOk(apiKey, 'update_shortvideo_campaign', {
      campaign_id: c.id,
      budget: 150,
      campaign_name: 'Spring Trail Launch v2',
    });
    expect(done.structured!.changed).toBe(true);
    const after = await campaignNamed('Spring Trail Launch v2');
    expect(after.budget).toBe(150);
    const plan = {
      summary: '',
      changes: [{ action: 'update' as const, entity: 'campaign', fields: {} }],
      data: {
        campaign: { id: c.id, campaign_name: c.campaign_name, budget_mode: 'BUDGET_MODE_DAY', budget: 120 },
        patch: { budget: 150, campaign_name: 'x' },
      },
    };
    expect(REGISTRY.get('update_shortvideo_campaign')!.undo!(plan, {})).toEqual({
      tool: 'update_shortvideo_campaign',
      arguments: { campaign_id: c.id, budget: 120, campaign_name: c.campaign_name },
    });
    const same = await callToolOk(apiKey, 'update_shortvideo_campaign', { campaign_id: c.id, budget: 150 });
    expect(same.structured!.changed).toBe(false);
  });

  it.each([
    [{ budget: 20 }, 'minimum'],
    [{ budget_mode: 'BUDGET_MODE_TOTAL' }, 'lifetime'],
    [{}, 'at least one of'],
    [{ budget_mode: 'BUDGET_MODE_INFINITE', budget: 80 }, 'cannot be set'],
  ])('refuses %j', async (args, message) => {
    const c = await campaignNamed('Boots Checkout');
    const result = await callTool(apiKey, 'update_shortvideo_campaign', { campaign_id: c.id, ...args });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('refuses to drop the campaign budget of a campaign under budget optimization', async () => {
    const c = await campaignNamed('Catalog Sales');
    const result = await callTool(apiKey, 'update_shortvideo_campaign', { campaign_id: c.id, budget_mode: 'BUDGET_MODE_INFINITE' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('campaign budget optimization');
  });
});

describe('add_shortvideo_ad_group', () => {
  const base = {
    adgroup_name: 'Retargeting - Cart abandoners',
    budget: 40,
    optimization_goal: 'CONVERT',
    location_ids: ['6252001', '6251999'],
  };

  it('creates a DISABLED ad group with its budget in the plan, visible in the list', async () => {
    const c = await campaignNamed('Boots Checkout');
    const pixel = await storePixel();
    const args = { ...base, campaign_id: c.id, pixel_id: pixel.pixel_id, optimization_event: 'ON_WEB_CART' };
    const dry = await callToolOk(apiKey, 'add_shortvideo_ad_group', { ...args, dry_run: true });
    expect(dry.structured!.changes[0]).toMatchObject({ action: 'create', entity: 'ad_group', startsPaused: true });
    expect(dry.structured!.budgets).toEqual([{ entity: 'ad_group', name: base.adgroup_name, after: 40, currency: 'USD' }]);
    const created = await callToolOk(apiKey, 'add_shortvideo_ad_group', args);
    expect(created.structured).toMatchObject({ status: 'DISABLED', budget: 40, optimization_goal: 'CONVERT' });
    const group = await getAdGroup(apiKey, created.structured!.adgroup_id);
    expect(group).toMatchObject({ campaign_id: c.id, status: 'DISABLED', location_ids: ['6252001', '6251999'], pixel_id: pixel.pixel_id });
  });

  it.each([
    ['a goal of another objective', { optimization_goal: 'REACH' }, 'does not fit objective'],
    ['a budget under 20 a day', { budget: 10 }, 'minimum'],
    ['a lifetime budget without end', { budget_mode: 'BUDGET_MODE_TOTAL' }, 'schedule_end_time'],
    ['a conversion objective without pixel', {}, 'pixel_id'],
    ['an unknown location', { location_ids: ['999'] }, 'search_shortvideo_targeting'],
    ['a custom bid without a price', { bid_type: 'BID_TYPE_CUSTOM' }, 'conversion_bid_price'],
  ])('refuses %s', async (_name, extra, message) => {
    const c = await campaignNamed('Boots Checkout');
    const pixel =
      Object.hasOwn(extra, 'optimization_goal') || Object.keys(extra).length === 0
        ? {}
        : { pixel_id: (await storePixel()).pixel_id, optimization_event: 'ON_WEB_ORDER' };
    const result = await callTool(apiKey, 'add_shortvideo_ad_group', { ...base, campaign_id: c.id, ...pixel, ...extra });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('refuses an own budget under campaign budget optimization', async () => {
    const c = await campaignNamed('Catalog Sales');
    const result = await callTool(apiKey, 'add_shortvideo_ad_group', {
      campaign_id: c.id,
      adgroup_name: 'x',
      budget: 50,
      optimization_goal: 'VALUE',
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('campaign budget optimization');
  });
});

describe('images, carousels and ads', () => {
  it('upload_shortvideo_images uploads once per URL (retry-safe) and refuses a web page', async () => {
    const data = await callToolOk(apiKey, 'upload_shortvideo_images', {
      image_urls: ['https://cdn.example.com/new/boots_night_1080x1920.jpg', 'https://cdn.example.com/new/boots_day_1080x1920.png'],
    });
    expect((data.structured!.images as any[]).map((i) => i.ratio)).toEqual(['9:16', '9:16']);
    expect((await library()).filter((i) => i.file_name?.startsWith('boots_night')).length).toBe(1);
    const page = await callTool(apiKey, 'upload_shortvideo_images', { image_urls: ['https://www.example.com/gallery'] });
    expect(page.status).toBe(400);
    expect(page.body.error).toContain('validate_and_prepare_shortvideo_assets');
  });

  it('validate_and_prepare_shortvideo_assets uploads what is an image, says what fails the spec; a dry run uploads nothing', async () => {
    const urls = [
      'https://cdn.example.com/c/card1_1080x1080.jpg',
      'https://cdn.example.com/c/card2_1080x1080.jpg',
      'https://cdn.example.com/c/tiny_200x200.jpg',
      'https://www.example.com/not-an-image',
    ];
    const before = (await library()).length;
    const dry = await callToolOk(apiKey, 'validate_and_prepare_shortvideo_assets', {
      image_urls: urls,
      intended_use: 'CAROUSEL',
      dry_run: true,
    });
    expect(dry.structured!.changes).toHaveLength(3);
    expect((await library()).length).toBe(before);
    const data = await callToolOk(apiKey, 'validate_and_prepare_shortvideo_assets', { image_urls: urls, intended_use: 'CAROUSEL' });
    const s = data.structured!;
    expect(s.ready_image_ids).toHaveLength(2);
    expect(s.rejected_urls).toEqual([{ url: urls[3], problem: expect.stringContaining('direct link') }]);
    expect((s.images as any[]).find((i) => i.file_name === 'tiny_200x200.jpg').problems[0]).toContain('minimum');
    expect(s.carousel_ratio).toBe('1:1');
    expect(data.text).toContain('create_shortvideo_carousel_card');
  });

  it('create_shortvideo_carousel_card builds a carousel of one ratio; refuses mixed ratios and unknown images', async () => {
    const images = await library();
    const tall = images.filter((i) => i.ratio === '9:16' && i.usable).map((i) => i.image_id);
    const made = await callToolOk(apiKey, 'create_shortvideo_carousel_card', {
      carousel_name: 'Boots from every side',
      image_ids: tall.slice(0, 3),
    });
    expect(made.structured).toMatchObject({ aspect_ratio: '9:16', image_ids: tall.slice(0, 3) });
    const square = images.find((i) => i.ratio === '1:1' && i.usable).image_id;
    const mixed = await callTool(apiKey, 'create_shortvideo_carousel_card', { carousel_name: 'x', image_ids: [tall[0], square] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toContain('one aspect ratio');
    const unknown = await callTool(apiKey, 'create_shortvideo_carousel_card', { carousel_name: 'x', image_ids: [tall[0], 'nope'] });
    expect(unknown.body.error).toContain('discover_shortvideo_assets');
    expect((await callTool(apiKey, 'create_shortvideo_carousel_card', { carousel_name: 'x', image_ids: [tall[0]] })).status).toBe(400);
  });

  it('add_shortvideo_ad adds a Spark ad DISABLED and in review; update_shortvideo_ad sends a new text back to review', async () => {
    const group = await adGroupNamed(apiKey, 'US 18-34 - Outdoor Interests');
    const spark = await identity('ACCOUNT_USER');
    const dry = await callToolOk(apiKey, 'add_shortvideo_ad', {
      adgroup_id: group.id,
      ad_format: 'SPARK_AD',
      shortvideo_item_id: '7312345678901234599',
      identity_id: spark.identity_id,
      identity_type: 'ACCOUNT_USER',
      landing_page_url: 'https://www.example.com/boots',
      dry_run: true,
    });
    expect(dry.structured!.changes[0]).toMatchObject({ action: 'create', entity: 'ad', startsPaused: true });
    const added = await callToolOk(apiKey, 'add_shortvideo_ad', {
      adgroup_id: group.id,
      ad_format: 'SPARK_AD',
      shortvideo_item_id: '7312345678901234599',
      identity_id: spark.identity_id,
      identity_type: 'ACCOUNT_USER',
      landing_page_url: 'https://www.example.com/boots',
    });
    expect(added.structured).toMatchObject({ status: 'DISABLED', review_status: 'IN_REVIEW', ad_format: 'SPARK_AD' });
    const video = await adNamed('UGC unboxing');
    const renamed = await callToolOk(apiKey, 'update_shortvideo_ad', { ad_id: video.id, ad_name: 'UGC unboxing v2' });
    expect(renamed.structured).toMatchObject({ changed: true, review_status: 'APPROVED' });
    const retexted = await callToolOk(apiKey, 'update_shortvideo_ad', {
      ad_id: video.id,
      ad_text: 'Unboxing the lightest trail boot we ever made',
    });
    expect(retexted.structured).toMatchObject({ changed: true, review_status: 'IN_REVIEW', fields: ['ad_text'] });
    expect((await adNamed('UGC unboxing v2')).ad_text).toBe('Unboxing the lightest trail boot we ever made');
    const undo = REGISTRY.get('update_shortvideo_ad')!.undo!(
      {
        summary: '',
        changes: [{ action: 'update', entity: 'ad', fields: {} }],
        data: { ad: { id: video.id, ad_name: 'x', before: { ad_text: 'Unboxing our lightest trail boot yet' } } },
      },
      {},
    );
    expect(undo).toEqual({ tool: 'update_shortvideo_ad', arguments: { ad_id: video.id, ad_text: 'Unboxing our lightest trail boot yet' } });
  });

  it.each([
    [
      'a Spark ad without identity',
      { ad_format: 'SPARK_AD', shortvideo_item_id: '7312345678901234599', display_name: 'Northwind' },
      'identity_id',
    ],
    [
      'a Spark ad as a custom user',
      { ad_format: 'SPARK_AD', shortvideo_item_id: '7312345678901234599', identity_type: 'CUSTOMIZED_USER', identity: 'CUSTOMIZED_USER' },
      'cannot run Spark ads',
    ],
    [
      'an image ad in the in-feed placement alone',
      {
        ad_format: 'SINGLE_IMAGE',
        image: 'boots_hero_1080x1920.jpg',
        ad_text: 'Boots for every trail you love',
        display_name: 'Northwind',
      },
      'in-feed placement alone',
    ],
    [
      'a video ad without a video',
      { ad_format: 'SINGLE_VIDEO', ad_text: 'Boots for every trail you love', display_name: 'Northwind' },
      '`video_id`',
    ],
    ['a too short ad text', { ad_format: 'SINGLE_VIDEO', video_id: 'v1', ad_text: 'Boots', display_name: 'Northwind' }, 'at least 12'],
    [
      'an unknown carousel',
      {
        ad_format: 'CAROUSEL_ADS',
        carousel_id: '1700000000000000000',
        ad_text: 'Boots for every trail you love',
        display_name: 'Northwind',
      },
      'create_shortvideo_carousel_card',
    ],
  ])('add_shortvideo_ad refuses %s', async (_name, extra: Record<string, unknown>, message) => {
    const group = await adGroupNamed(apiKey, 'US 18-34 - Outdoor Interests');
    const { identity: idType, image, ...rest } = extra as Record<string, string>;
    const args: Record<string, unknown> = { adgroup_id: group.id, landing_page_url: 'https://www.example.com/boots', ...rest };
    if (idType) args.identity_id = (await identity(idType)).identity_id;
    if (image) args.image_id = (await library()).find((i) => i.file_name === image).image_id;
    const result = await callTool(apiKey, 'add_shortvideo_ad', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });
});

describe('create_shortvideo_campaign', () => {
  it('creates campaign, ad group and carousel ad PAUSED in one resumable call', async () => {
    const carousel = await callToolOk(apiKey, 'create_shortvideo_carousel_card', {
      carousel_name: 'Campaign carousel',
      image_ids: (await library())
        .filter((i) => i.ratio === '9:16' && i.usable)
        .slice(0, 2)
        .map((i) => i.image_id),
    });
    const args = {
      campaign_name: 'Fall Boots Carousel',
      objective: 'TRAFFIC',
      budget_daily: 60,
      ad_format: 'CAROUSEL_ADS',
      carousel_id: carousel.structured!.carousel_id,
      ad_text: 'Swipe through our fall boots lineup',
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/fall',
    };
    const dry = await callToolOk(apiKey, 'create_shortvideo_campaign', { ...args, dry_run: true });
    expect((dry.structured!.changes as any[]).map((c) => [c.entity, c.startsPaused])).toEqual([
      ['campaign', true],
      ['ad_group', true],
      ['ad', true],
    ]);
    expect(dry.structured!.budgets).toEqual([{ entity: 'campaign', name: 'Fall Boots Carousel', after: 60, currency: 'USD' }]);
    expect(await campaignNamed('Fall Boots Carousel')).toBeUndefined();
    const made = await callToolOk(apiKey, 'create_shortvideo_campaign', args);
    expect(made.structured).toMatchObject({ campaign_status: 'PAUSED', ad_format: 'CAROUSEL_ADS', review_status: 'IN_REVIEW' });
    const campaign = await campaignNamed('Fall Boots Carousel');
    expect(campaign).toMatchObject({ id: made.structured!.campaign_id, status: 'PAUSED', budget: 60 });
    expect(made.text).toContain('resume_shortvideo_campaign');
  });

  it('puts an image ad where image ads run, and refuses a budget under 50 a day', async () => {
    const image = (await library()).find((i) => i.file_name === 'boots_hero_1080x1920.jpg').image_id;
    const made = await callToolOk(apiKey, 'create_shortvideo_campaign', {
      campaign_name: 'Image Test',
      ad_format: 'SINGLE_IMAGE',
      image_id: image,
      ad_text: 'Boots for every trail you love',
      display_name: 'Northwind',
      landing_page_url: 'https://www.example.com/x',
    });
    expect((await getAdGroup(apiKey, made.structured!.adgroup_id)).placements).toEqual([
      'PLACEMENT_PARTNERNET',
      'PLACEMENT_GLOBAL_APP_BUNDLE',
    ]);
    const low = await callTool(apiKey, 'create_shortvideo_campaign', {
      campaign_name: 'Low',
      budget_daily: 30,
      ad_format: 'SINGLE_IMAGE',
      image_id: image,
      ad_text: 'Boots for every trail you love',
      display_name: 'Northwind',
      landing_page_url: 'https://www.example.com/x',
    });
    expect(low.status).toBe(400);
    expect(low.body.error).toContain('minimum');
  });
});

describe('duplication', () => {
  it('duplicate_shortvideo_ad_group copies settings and ads, DISABLED, ads back in review; a dry run copies nothing', async () => {
    const group = await adGroupNamed(apiKey, 'Purchase - Cost Cap 25-44');
    const dry = await callToolOk(apiKey, 'duplicate_shortvideo_ad_group', { adgroup_id: group.id, dry_run: true });
    expect((dry.structured!.changes as any[]).map((c) => c.entity)).toEqual(['ad_group', 'ad']);
    expect(dry.structured!.budgets).toEqual([
      { entity: 'ad_group', name: 'Purchase - Cost Cap 25-44 (copy)', after: 125, currency: 'USD' },
    ]);
    const made = await callToolOk(apiKey, 'duplicate_shortvideo_ad_group', { adgroup_id: group.id });
    const copy = await getAdGroup(apiKey, made.structured!.adgroup_id);
    const source = await getAdGroup(apiKey, group.id);
    expect(copy).toMatchObject({
      adgroup_name: 'Purchase - Cost Cap 25-44 (copy)',
      status: 'DISABLED',
      age_groups: source.age_groups,
      conversion_bid_price: source.conversion_bid_price,
      audience_ids: source.audience_ids,
    });
    const ads = (await callToolOk(apiKey, 'list_shortvideo_ads', { adgroup_id: copy.id })).structured!.ads as any[];
    expect(ads).toHaveLength(1);
    expect(ads[0]).toMatchObject({ ad_name: 'Brand story', review_status: 'IN_REVIEW' });
  });

  it('duplicate_shortvideo_ad_group refuses a campaign of another objective', async () => {
    const group = await adGroupNamed(apiKey, 'Purchase - Cost Cap 25-44');
    const traffic = await campaignNamed('Spring Trail Launch');
    const other = await callTool(apiKey, 'duplicate_shortvideo_ad_group', { adgroup_id: group.id, campaign_id: traffic.id });
    expect(other.status).toBe(400);
    expect(other.body.error).toContain('same objective');
  });

  it('duplicate_shortvideo_campaign copies the campaign PAUSED with its ad groups and ads', async () => {
    const c = await campaignNamed('Guided Hikes');
    const made = await callToolOk(apiKey, 'duplicate_shortvideo_campaign', { campaign_id: c.id, campaign_name: 'Guided Hikes - Autumn' });
    const copy = await campaignNamed('Guided Hikes - Autumn');
    expect(copy).toMatchObject({ id: made.structured!.campaign_id, status: 'PAUSED', objective_type: 'LEAD_GENERATION', budget: c.budget });
    const details = await callToolOk(apiKey, 'get_shortvideo_campaign_details', { campaign_id: copy.id });
    expect(details.structured!.ad_group_count).toBe((made.structured!.ad_groups as any[]).length);
    expect(details.structured!.ad_count).toBeGreaterThan(0);
  });
});
