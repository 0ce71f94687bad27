/**
 * Every proads tool on a live account over the fake Marketing API, through the gateway (router,
 * Lambda handler, middy chain): reads shaped as on a sandbox account and read from the platform,
 * writes that show up on the platform in its own terms (URNs, money strings, exclusive end times,
 * partial updates), and each tool the public API cannot serve answering 400 `live_not_supported`.
 * The last test checks that every proads tool was called here.
 */
import { proads } from '../../../platforms/proads/manifest';
import { callTool, callToolOk, createTestOwner, useTestTables, type CallResult } from '../../support/gateway';
import { startImageHost } from '../searchads/image-host';
import { liveOwner, useFakeProAds, type LiveProAdsOwner } from './live-support';

useTestTables();
const platform = useFakeProAds();

type Row = Record<string, any>;
const called = new Set<string>();
let live: LiveProAdsOwner;
let sandboxKey: string;
let images: { url: string; close: () => Promise<void> };
const loopback = process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;

beforeAll(async () => {
  live = await liveOwner(platform, { name: 'Northwind Live' });
  ({ apiKey: sandboxKey } = await createTestOwner({ accounts: { proads: 1 } }));
  images = await startImageHost();
  process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = 'true';
});
afterAll(async () => {
  if (loopback === undefined) delete process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;
  else process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = loopback;
  await images?.close();
});

const ok = async (tool: string, args: Record<string, unknown> = {}) => {
  called.add(tool);
  return callToolOk(live.apiKey, tool, args);
};
const call = async (tool: string, args: Record<string, unknown> = {}): Promise<CallResult> => {
  called.add(tool);
  return callTool(live.apiKey, tool, args);
};
const notSupported = (result: CallResult) => {
  expect(result.status).toBe(400);
  expect(result.body.structured_content).toMatchObject({ code: 'live_not_supported' });
};
const keysOf = (items: Row[]) => [...new Set(items.flatMap((i) => Object.keys(i)))].sort();
const campaignNamed = (name: string) => live.upstream.campaigns.find((c) => c.name === name)!;
const groupNamed = (name: string) => live.upstream.groups.find((g) => g.name === name)!;
const creativeNamed = (name: string) => live.upstream.creatives.find((c) => c.name === name)!;
const idOf = (urn: string) => urn.slice(urn.lastIndexOf(':') + 1);
const image = () => `asset_image_${idOf(live.upstream.images[0]!.id as string)}`;
const video = () => `asset_video_${idOf(live.upstream.videos[0]!.id as string)}`;
const url = 'https://www.northwind.example/live';
const targeting = { include: { locations: ['geo:103644278'], seniorities: ['seniority:6'] } };

describe('Live proads account: reads', () => {
  it('list_proads_campaign_groups and search_proads_campaign_groups read the groups from the platform, shaped as on a sandbox account', async () => {
    const data = await ok('list_proads_campaign_groups', { status: ['ACTIVE', 'ARCHIVED'] });
    const groups = data.structured!.campaign_groups as Row[];
    expect(groups.map((g) => g.name).sort()).toEqual(['Brand Awareness', 'Demand Generation 2026', 'Old Webinars']);
    expect(groups.find((g) => g.name === 'Demand Generation 2026')).toMatchObject({
      id: String(groupNamed('Demand Generation 2026').id),
      status: 'ACTIVE',
      total_budget: 50000,
    });
    const sandbox = (await callToolOk(sandboxKey, 'list_proads_campaign_groups', {})).structured!;
    expect(Object.keys(data.structured!).sort()).toEqual(Object.keys(sandbox).sort());
    // Live groups also carry their start date (the platform's run schedule).
    expect(keysOf(groups).filter((k) => !keysOf(sandbox.campaign_groups).includes(k))).toEqual(['start_date']);
    const found = await ok('search_proads_campaign_groups', { query: 'demand' });
    expect((found.structured!.campaign_groups as Row[]).map((g) => g.name)).toEqual(['Demand Generation 2026']);
  });

  it('list_proads_campaigns shows sponsored content and text ad campaigns with budgets and figures; a message ad campaign is left out', async () => {
    const data = await ok('list_proads_campaigns', { status: ['ACTIVE', 'PAUSED'] });
    const campaigns = data.structured!.campaigns as Row[];
    expect(campaigns.map((c) => c.name).sort()).toEqual([
      'Buyer Guide - Carousel',
      'Customer Story - Video',
      'Free Trial - Text Ads',
      'IT Decision Makers - Image',
    ]);
    const itdm = campaigns.find((c) => c.name === 'IT Decision Makers - Image')!;
    expect(itdm).toMatchObject({
      type: 'SPONSORED_UPDATES',
      format: 'SINGLE_IMAGE',
      objective_type: 'WEBSITE_CONVERSION',
      cost_type: 'CPC',
      daily_budget: 200,
      unit_cost: 6.5,
      bid_strategy: 'MANUAL',
    });
    expect(itdm.metrics.spend).toBeGreaterThan(0);
    expect(campaigns.find((c) => c.name === 'Customer Story - Video')).toMatchObject({
      format: 'VIDEO',
      status: 'PAUSED',
      bid_strategy: 'MAXIMUM_DELIVERY',
      cost_type: 'CPM',
    });
    const creatives = (await ok('list_proads_creatives', { campaign_id: itdm.id })).structured!.creatives as Row[];
    const creativeSpend = creatives.reduce((s, c) => s + c.metrics.spend, 0);
    expect(creativeSpend).toBeCloseTo(itdm.metrics.spend, 2);
    const sandbox = (await callToolOk(sandboxKey, 'list_proads_campaigns', {})).structured!;
    expect(keysOf(campaigns).every((k) => keysOf(sandbox.campaigns).includes(k))).toBe(true);
  });

  it("list_proads_creatives reads each ad's copy from its post (or its text ad) with its review status", async () => {
    const creatives = (await ok('list_proads_creatives', {})).structured!.creatives as Row[];
    expect(creatives.find((c) => c.name === 'ROI stat')).toMatchObject({
      format: 'SINGLE_IMAGE',
      status: 'ACTIVE',
      review_status: 'APPROVED',
      intro_text: 'IT leaders cut infrastructure spend 31% in year one.',
      headline: 'Cut infrastructure costs by 31%',
      call_to_action: 'LEARN_MORE',
      landing_page_url: 'https://www.northwind.example/roi',
      asset_id: expect.stringMatching(/^asset_image_/),
    });
    expect(creatives.find((c) => c.name === 'Try it free')).toMatchObject({
      format: 'TEXT_AD',
      headline: 'Try it free: 30 days',
      landing_page_url: 'https://www.northwind.example/trial',
    });
    expect(creatives.find((c) => c.name === 'Guide carousel')!.cards).toHaveLength(2);
    expect(creatives.find((c) => c.name === 'Fintech CTO story')).toMatchObject({
      format: 'VIDEO',
      asset_id: expect.stringMatching(/^asset_video_/),
    });
    // One batch request reads every post.
    expect(platform.api.requests.filter((r) => r.path === '/posts' && r.restliMethod === 'BATCH_GET').length).toBeGreaterThan(0);
  });

  it('get_proads_campaign_structure and get_proads_campaign_targeting resolve targeting names, exclusions, audience and conversions', async () => {
    const itdm = String(campaignNamed('IT Decision Makers - Image').id);
    const structure = await ok('get_proads_campaign_structure', { campaign_id: itdm });
    expect(structure.structured!.targeting_names).toMatchObject({
      'function:13': 'Information Technology',
      'seniority:3': 'Entry',
      'geo:103644278': 'United States',
    });
    expect(structure.structured!.conversions).toEqual([expect.objectContaining({ name: 'Demo request', type: 'LEAD' })]);
    expect(structure.structured!.audience_size).toBeGreaterThan(300);
    const spec = await ok('get_proads_campaign_targeting', { campaign_id: itdm });
    expect(spec.structured!.targeting).toEqual({
      include: {
        locations: ['geo:103644278', 'geo:101174742'],
        job_functions: ['function:13'],
        seniorities: ['seniority:6', 'seniority:8'],
      },
      exclude: { seniorities: ['seniority:3'] },
    });
  });

  it('list_proads_conversions, get_proads_organizations and discover_proads_assets read the rules, pages and media library', async () => {
    const conversions = (await ok('list_proads_conversions')).structured!.conversions as Row[];
    expect(conversions.find((c) => c.name === 'Demo request')).toMatchObject({
      type: 'LEAD',
      value: 250,
      post_click_window_days: 30,
      enabled: true,
      campaign_ids: [String(campaignNamed('IT Decision Makers - Image').id)],
    });
    const organizations = (await ok('get_proads_organizations')).structured!.organizations as Row[];
    expect(organizations).toEqual([
      { id: `org_${idOf(live.upstream.reference)}`, name: 'Northwind Live', kind: 'COMPANY_PAGE', role: 'ADMINISTRATOR' },
      { id: live.upstream.id, name: live.account.name, kind: 'AD_ACCOUNT', role: 'ADMINISTRATOR' },
    ]);
    const assets = (await ok('discover_proads_assets')).structured!.assets as Row[];
    expect(assets.filter((a) => a.kind === 'IMAGE')).toHaveLength(3);
    expect(assets.find((a) => a.kind === 'VIDEO')).toMatchObject({ name: 'customer-story-45s.mp4', duration_seconds: 45 });
  });

  it('targeting tools search, resolve and count on the platform', async () => {
    const directors = await ok('search_proads_targeting', { facet: 'seniorities', query: 'dir' });
    expect(directors.structured!.results).toEqual([{ id: 'seniority:6', facet: 'seniorities', name: 'Director' }]);
    const places = await ok('search_proads_targeting', { facet: 'locations', query: 'united' });
    expect((places.structured!.results as Row[]).map((r) => r.id)).toEqual(['geo:103644278', 'geo:101165590']);
    const estimate = await ok('estimate_proads_audience_size', { targeting });
    expect(estimate.structured).toMatchObject({ runnable: true, unknown_values: [] });
    const unknown = await ok('estimate_proads_audience_size', {
      targeting: { include: { locations: ['geo:103644278'], seniorities: ['seniority:99'] } },
    });
    expect(unknown.structured!.unknown_values).toEqual(['seniority:99']);
    const research = await ok('research_business_for_proads_targeting', {
      business_description: 'Cloud software for IT directors at software companies',
    });
    expect(research.structured!.targeting.include.locations).toEqual(['geo:103644278']);
    expect(research.structured!.audience_size).toBeGreaterThan(0);
  });

  it.each([
    ['get_proads_campaign_performance', {}],
    ['get_proads_audience_insights', {}],
    ['get_proads_engagement_metrics', {}],
    ['explain_proads_anomaly', {}],
    ['optimize_proads_budget', {}],
    ['analyze_proads_creative_performance', {}],
    ['analyze_proads_wasted_spend', {}],
    ['select_proads_campaign_type', { campaign_type: 'carousel' }],
    ['explain_proads_objectives', { goal: 'leads' }],
    [
      'generate_proads_ad_creatives',
      { business_name: 'Northwind', product: 'Northwind Cloud', audience: 'IT leaders', value_proposition: 'Cut cloud spend by a third' },
    ],
  ])('%s answers on a live account', async (tool, args) => {
    const data = await ok(tool, args);
    expect(data.text.length).toBeGreaterThan(0);
  });

  it('analytics read demographic splits and engagement from the platform', async () => {
    const insights = await ok('get_proads_audience_insights', { breakdown: 'seniority' });
    expect(JSON.stringify(insights.structured)).toContain('Director');
    const engagement = await ok('get_proads_engagement_metrics', { campaign_id: String(campaignNamed('Customer Story - Video').id) });
    expect(JSON.stringify(engagement.structured)).toMatch(/video/i);
    const forecast = await ok('forecast_proads_campaign_supply', { targeting, daily_budget: 80, format: 'SINGLE_IMAGE' });
    expect(forecast.structured).toBeDefined();
  });
});

describe('Live proads account: writes', () => {
  it('pause, resume, archive and reactivate a campaign with partial updates; the next read shows it', async () => {
    const c = campaignNamed('Free Trial - Text Ads');
    const id = String(c.id);
    const before = platform.api.count('POST', `/adAccounts/${live.upstream.id}/adCampaigns/${id}`);
    expect((await ok('pause_proads_campaign', { campaign_id: id })).structured).toMatchObject({ status: 'PAUSED', changed: true });
    expect(c.status).toBe('PAUSED');
    const update = platform.api.requests
      .filter((r) => r.path === `/adAccounts/${live.upstream.id}/adCampaigns/${id}` && r.method === 'POST')
      .at(-1)!;
    expect(update).toMatchObject({ restliMethod: 'PARTIAL_UPDATE', status: 204, body: { patch: { $set: { status: 'PAUSED' } } } });
    await ok('resume_proads_campaign', { campaign_id: id });
    expect(c.status).toBe('ACTIVE');
    await ok('archive_proads_campaign', { campaign_id: id });
    expect(c.status).toBe('ARCHIVED');
    await ok('reactivate_proads_campaign', { campaign_id: id });
    expect(c.status).toBe('PAUSED');
    expect(platform.api.count('POST', `/adAccounts/${live.upstream.id}/adCampaigns/${id}`) - before).toBe(4);
    const listed = (await ok('list_proads_campaigns', { status: ['PAUSED'] })).structured!.campaigns as Row[];
    expect(listed.map((x) => x.id)).toContain(id);
  });

  it('pause and resume a creative by its intended status; a copy edit answers live_not_supported and changes nothing', async () => {
    const cr = creativeNamed('Analyst quote');
    const id = idOf(cr.id);
    await ok('pause_proads_creative', { creative_id: id });
    expect(cr.intendedStatus).toBe('PAUSED');
    await ok('resume_proads_creative', { creative_id: id });
    expect(cr.intendedStatus).toBe('ACTIVE');
    const renamed = await ok('update_proads_creative', { creative_id: id, name: 'Analyst quote (2026)' });
    expect(renamed.structured!.changed).toBe(true);
    expect(cr.name).toBe('Analyst quote (2026)');
    const writes = platform.api.writes().length;
    notSupported(await call('update_proads_creative', { creative_id: id, headline: 'A new headline' }));
    expect(platform.api.writes().length).toBe(writes);
  });

  it('budget, bid, schedule and targeting updates reach the platform in its own terms', async () => {
    const c = campaignNamed('Buyer Guide - Carousel');
    const id = String(c.id);
    await ok('update_proads_campaign_budget', { campaign_id: id, daily_budget: 60, unit_cost: 9.5, total_budget: 5000 });
    expect(c.dailyBudget).toEqual({ amount: '60.00', currencyCode: 'USD' });
    expect(c.unitCost).toEqual({ amount: '9.50', currencyCode: 'USD' });
    expect(c.totalBudget).toEqual({ amount: '5000.00', currencyCode: 'USD' });
    await ok('update_proads_campaign_budget', { campaign_id: id, remove_total_budget: true });
    expect(c.totalBudget).toBeUndefined();
    await ok('update_proads_campaign_schedule', { campaign_id: id, end_date: '2031-12-31' });
    // The platform's end is exclusive: the first moment after the last day.
    expect(c.runSchedule.end).toBe(Date.parse('2032-01-01T00:00:00Z'));
    await ok('update_proads_campaign_targeting', { campaign_id: id, add_exclusions: { industries: ['industry:68'] } });
    expect(c.targetingCriteria.exclude.or['urn:li:adTargetingFacet:industries']).toEqual(['urn:li:industry:68']);
    // The language clause of the campaign is kept.
    expect(JSON.stringify(c.targetingCriteria.include)).toContain('urn:li:locale:en_US');
    await ok('update_proads_campaign', { campaign_id: id, name: 'Buyer Guide - Carousel (EMEA)', bid_strategy: 'MAXIMUM_DELIVERY' });
    expect(c).toMatchObject({ name: 'Buyer Guide - Carousel (EMEA)', optimizationTargetType: 'MAX_LEAD' });
    await ok('batch_update_proads_campaigns', { updates: [{ campaign_id: id, daily_budget: 70 }] });
    expect(c.dailyBudget.amount).toBe('70.00');
  });

  it('update_proads_campaign_group changes the total budget and status of a group', async () => {
    const g = groupNamed('Brand Awareness');
    await ok('update_proads_campaign_group', { campaign_group_id: String(g.id), total_budget: 20000, end_date: '2031-06-30' });
    expect(g.totalBudget).toEqual({ amount: '20000.00', currencyCode: 'USD' });
    expect(g.runSchedule.end).toBe(Date.parse('2031-07-01T00:00:00Z'));
  });

  it('creates groups (one and several) as drafts, a campaign in a group as a draft, and deletes what is a draft', async () => {
    const one = await ok('create_proads_campaign_group', { name: 'Live group' });
    const created = one.structured!.created[0];
    expect(live.upstream.groups.find((g) => String(g.id) === created.id)).toMatchObject({
      name: 'Live group',
      status: 'DRAFT',
      account: `urn:li:sponsoredAccount:${live.upstream.id}`,
    });
    const batch = await ok('batch_create_proads_campaign_groups', {
      groups: [{ name: 'Live batch A' }, { name: 'Live batch B', total_budget: 1000 }],
    });
    expect(batch.structured!.created).toHaveLength(2);
    expect(live.upstream.groups.find((g) => g.name === 'Live batch B')!.totalBudget).toEqual({ amount: '1000.00', currencyCode: 'USD' });
    const draft = await ok('add_proads_campaign_to_group', {
      campaign_group_id: String(groupNamed('Demand Generation 2026').id),
      name: 'Live draft',
      format: 'SINGLE_IMAGE',
      objective_type: 'WEBSITE_VISIT',
      daily_budget: 40,
      unit_cost: 7,
      targeting,
    });
    const draftId = draft.structured!.created[0].id as string;
    const onPlatform = live.upstream.campaigns.find((c) => String(c.id) === draftId)!;
    expect(onPlatform).toMatchObject({
      status: 'DRAFT',
      type: 'SPONSORED_UPDATES',
      format: 'STANDARD_UPDATE',
      costType: 'CPC',
      dailyBudget: { amount: '40.00', currencyCode: 'USD' },
      locale: { country: 'US', language: 'en' },
    });
    expect(onPlatform.targetingCriteria.include.and).toEqual(
      expect.arrayContaining([
        { or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } },
        { or: { 'urn:li:adTargetingFacet:seniorities': ['urn:li:seniority:6'] } },
      ]),
    );
    const deleted = await ok('delete_proads_campaign', { campaign_id: draftId });
    expect(deleted.structured!.items[0].result).toBe('DELETED');
    expect(live.upstream.campaigns.some((c) => String(c.id) === draftId)).toBe(false);
    const group = await ok('delete_proads_campaign_group', { campaign_group_id: created.id });
    expect(group.structured!.items[0].result).toBe('DELETED');
    const archived = await ok('delete_proads_campaign_group', { campaign_group_id: String(groupNamed('Old Webinars').id) });
    expect(archived.structured!.items[0].result).toBe('PENDING_DELETION');
    expect(groupNamed('Old Webinars').status).toBe('PENDING_DELETION');
  });

  it('creates a campaign of each format with its first creative; sponsored content is created with its post in one call', async () => {
    const group = String(groupNamed('Demand Generation 2026').id);
    const base = { campaign_group_id: group, daily_budget: 50, unit_cost: 7, targeting };
    const made = await ok('create_proads_image_campaign', {
      ...base,
      name: 'Live image',
      objective_type: 'WEBSITE_CONVERSION',
      intro_text: 'See it live',
      headline: 'Live headline',
      landing_page_url: url,
      asset_id: image(),
      call_to_action: 'LEARN_MORE',
    });
    const [campaign, creative] = made.structured!.created as Row[];
    expect(campaign).toMatchObject({ entity: 'campaign', status: 'PAUSED' });
    const inline = platform.api.requests.filter((r) => r.query.includes('action=createInline')).at(-1)!;
    expect(inline.status).toBe(200);
    const post = [...platform.api.posts.values()].at(-1)!;
    expect(post).toMatchObject({
      author: live.upstream.reference,
      commentary: 'See it live',
      contentLandingPage: url,
      contentCallToActionLabel: 'LEARN_MORE',
      content: { media: { title: 'Live headline' } },
      distribution: { feedDistribution: 'NONE' },
    });
    expect(live.upstream.creatives.find((c) => idOf(c.id) === creative.id)).toMatchObject({
      intendedStatus: 'ACTIVE',
      content: { reference: post.id },
    });
    await ok('create_proads_video_campaign', {
      ...base,
      name: 'Live video',
      objective_type: 'VIDEO_VIEW',
      headline: 'Watch',
      landing_page_url: url,
      asset_id: video(),
    });
    await ok('create_proads_text_campaign', {
      ...base,
      name: 'Live text',
      objective_type: 'WEBSITE_VISIT',
      headline: 'Try it',
      description: 'Free for 30 days',
      landing_page_url: url,
    });
    expect(live.upstream.creatives.at(-1)).toMatchObject({
      content: { textAd: { headline: 'Try it', description: 'Free for 30 days', landingPage: url } },
    });
    await ok('create_proads_carousel_campaign', {
      ...base,
      name: 'Live carousel',
      objective_type: 'LEAD_GENERATION',
      intro_text: 'Two cards',
      cards: [
        { headline: 'One', landing_page_url: `${url}/1`, asset_id: image() },
        { headline: 'Two', landing_page_url: `${url}/2`, asset_id: image() },
      ],
    });
    expect([...platform.api.posts.values()].at(-1)!.content.carousel.cards).toHaveLength(2);
  });

  it('adds a creative of each format to an existing campaign (paused in an active one) and clones a campaign with its creatives', async () => {
    const itdm = String(campaignNamed('IT Decision Makers - Image').id);
    const added = await ok('add_proads_creative', {
      campaign_id: itdm,
      intro_text: 'Another angle',
      headline: 'Angle two',
      landing_page_url: url,
      asset_id: image(),
    });
    expect(added.structured!.created[0].status).toBe('PAUSED');
    await ok('add_proads_text_creative', {
      campaign_id: String(campaignNamed('Free Trial - Text Ads').id),
      headline: 'Demo today',
      description: 'Book a slot',
      landing_page_url: url,
    });
    await ok('add_proads_video_creative', {
      campaign_id: String(campaignNamed('Customer Story - Video').id),
      headline: 'Second story',
      landing_page_url: url,
      asset_id: video(),
    });
    await ok('add_proads_carousel_creative', {
      campaign_id: String(campaignNamed('Buyer Guide - Carousel (EMEA)').id),
      intro_text: 'More cards',
      cards: [
        { headline: 'Three', landing_page_url: `${url}/3`, asset_id: image() },
        { headline: 'Four', landing_page_url: `${url}/4`, asset_id: image() },
      ],
    });
    const before = live.upstream.campaigns.length;
    const clone = await ok('clone_proads_campaign', { campaign_id: itdm, name: 'ITDM clone' });
    expect(live.upstream.campaigns.length).toBe(before + 1);
    expect(clone.structured!.created.filter((c: Row) => c.entity === 'creative').length).toBeGreaterThanOrEqual(2);
    expect(live.upstream.campaigns.at(-1)).toMatchObject({ name: 'ITDM clone', status: 'PAUSED', objectiveType: 'WEBSITE_CONVERSION' });
  });

  it('deletes creatives and campaigns that ran by setting them pending deletion (one or many)', async () => {
    const cr = creativeNamed('Old product shot');
    const archived = await ok('delete_proads_creative', { creative_id: idOf(cr.id) });
    expect(archived.structured!.items[0].result).toBe('ARCHIVED');
    expect(cr.intendedStatus).toBe('ARCHIVED');
    const story = campaignNamed('Customer Story - Video');
    await ok('delete_proads_campaign', { campaign_id: String(story.id) });
    expect(story.status).toBe('PENDING_DELETION');
    const clone = campaignNamed('ITDM clone');
    await ok('batch_delete_proads_campaigns', { campaign_ids: [String(clone.id)] });
    expect(clone.status).toBe('PENDING_DELETION');
  });

  it('conversion rules: associate, create, set up and detach on the platform', async () => {
    const trial = live.upstream.conversions.find((c) => c.name === 'Trial sign-up')!;
    const itdm = campaignNamed('IT Decision Makers - Image');
    await ok('associate_proads_conversion', { conversion_id: String(trial.id), campaign_id: String(itdm.id) });
    expect(trial.campaigns).toEqual([`urn:li:sponsoredCampaign:${itdm.id}`]);
    const listed = await ok('manage_proads_conversions', { action: 'list' });
    expect((listed.structured!.conversions as Row[]).length).toBe(2);
    await ok('manage_proads_conversions', { action: 'create', name: 'Whitepaper download', type: 'DOWNLOAD', value: 40 });
    const created = live.upstream.conversions.find((c) => c.name === 'Whitepaper download')!;
    expect(created).toMatchObject({
      type: 'DOWNLOAD',
      value: { amount: '40.00', currencyCode: 'USD' },
      postClickAttributionWindowSize: 30,
    });
    await ok('manage_proads_conversions', {
      action: 'setup',
      name: 'Pricing view',
      type: 'KEY_PAGE_VIEW',
      campaign_ids: [String(itdm.id)],
    });
    expect(live.upstream.conversions.find((c) => c.name === 'Pricing view')!.campaigns).toEqual([`urn:li:sponsoredCampaign:${itdm.id}`]);
    await ok('manage_proads_conversions', { action: 'dissociate', conversion_id: String(trial.id), campaign_ids: [String(itdm.id)] });
    expect(trial.campaigns).toEqual([]);
    notSupported(await call('manage_proads_conversions', { action: 'create', name: 'Demo booked', type: 'REQUEST_DEMO' }));
  });

  it('validate_and_prepare_proads_assets uploads a valid image to the media library; discover_proads_assets lists it', async () => {
    const data = await ok('validate_and_prepare_proads_assets', {
      images: [{ url: `${images.url}/landscape.png` }, { url: `${images.url}/page.html` }],
    });
    const [good, bad] = data.structured!.results as Row[];
    expect(good).toMatchObject({ valid: true, asset_id: expect.stringMatching(/^asset_image_/) });
    expect(bad.valid).toBe(false);
    const uploaded = live.upstream.images.find((m) => `asset_image_${idOf(m.id)}` === good.asset_id)!;
    expect(uploaded).toMatchObject({ status: 'AVAILABLE', mediaLibraryMetadata: { assetName: 'landscape.png' } });
    const assets = (await ok('discover_proads_assets', { kind: 'IMAGE' })).structured!.assets as Row[];
    expect(assets.map((a) => a.id)).toContain(good.asset_id);
  });

  it('what the public API does not offer answers live_not_supported and sends no write', async () => {
    const writes = platform.api.writes().length;
    notSupported(
      await call('add_proads_video_creative', {
        campaign_id: String(campaignNamed('Live video').id),
        headline: 'From a link',
        landing_page_url: url,
        video_url: `${images.url}/clip.mp4`,
      }),
    );
    notSupported(
      await call('add_proads_text_creative', {
        campaign_id: String(campaignNamed('Free Trial - Text Ads').id),
        headline: 'With image',
        description: 'A text ad with an image',
        landing_page_url: url,
        asset_id: image(),
      }),
    );
    expect(platform.api.writes().length).toBe(writes);
  });
});

describe('coverage', () => {
  it('called every proads tool on the live account', () => {
    expect(proads.tools.map((t) => t.name).filter((name) => !called.has(name))).toEqual([]);
  });
});
