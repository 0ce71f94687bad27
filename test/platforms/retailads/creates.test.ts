import * as http from 'node:http';
import { callChecked } from './checked';
import type { AddressInfo } from 'node:net';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;
let apiKey: string;
let account: any;

/** A PNG header (signature + IHDR) of the given size, padded to `bytes`. */
function png(width: number, height: number, bytes = 2048): Buffer {
  const b = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}
function mp4(): Buffer {
  const b = Buffer.alloc(4096);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'ascii');
  return b;
}
const FILES: Record<string, Buffer> = {
  '/logo.png': png(600, 600),
  '/small-logo.png': png(300, 300),
  '/big-logo.png': png(800, 800, 1_200_000),
  '/banner.png': png(1200, 628),
  '/clip.mp4': mp4(),
  '/notes.txt': Buffer.from('hello'),
};
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = FILES[req.url ?? ''];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Length': String(body.length) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const owner = await createTestOwner({ accounts: { retailads: 1 } });
  apiKey = owner.apiKey;
  account = owner.accounts.retailads![0];
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const list = async (tool: string, args: Record<string, unknown> = {}) => (await callChecked(apiKey, tool, args)).structured!;
const skus = async () => [...new Set(((await list('list_retailads_product_ads')).product_ads as Row[]).map((p) => p.sku))] as string[];
const asins = async () => [...new Set(((await list('list_retailads_product_ads')).product_ads as Row[]).map((p) => p.asin))] as string[];

/** Moves every creative submission of the account `minutes` into the past (moderation takes 15 minutes). */
async function ageCreatives(minutes: number) {
  const store = new SandboxStore('retailads', account.account_id);
  for (const ad of await store.list<any>('sb_ad')) {
    const creatives = ad.creatives.map((c: Row) => ({
      ...c,
      submitted_at: new Date(Date.parse(c.submitted_at) - minutes * 60_000).toISOString(),
    }));
    await store.update('sb_ad', ad.id, { creatives });
  }
}

describe('create_retailads_sp_campaign', () => {
  const args = async (name: string) => ({
    name,
    daily_budget: 40,
    ad_group_name: 'Main',
    default_bid: 0.8,
    products: (await skus()).slice(0, 2).map((sku) => ({ sku })),
    keywords: [
      { keywordText: 'trail pack', matchType: 'EXACT' },
      { keywordText: 'trail pack', matchType: 'PHRASE', bid: 0.6 },
    ],
  });

  it('creates campaign, ad group, product ads and keywords, PAUSED, with the budget in the plan', async () => {
    const a = await args('SP - New Launch');
    const dry = await callChecked(apiKey, 'create_retailads_sp_campaign', { ...a, dry_run: true });
    expect(dry.structured!.budgets).toEqual([{ entity: 'campaign', name: 'SP - New Launch', after: 40, currency: 'USD' }]);
    expect(dry.structured!.changes.every((c: Row) => c.startsPaused)).toBe(true);
    expect((await list('list_retailads_campaigns', { campaign_name_contains: 'New Launch' })).campaigns).toHaveLength(0);
    const s = (await callChecked(apiKey, 'create_retailads_sp_campaign', a)).structured!;
    expect(s).toMatchObject({ state: 'PAUSED', created: { campaigns: 1, ad_groups: 1, product_ads: 2, keywords: 2 } });
    const c = (await list('list_retailads_campaigns', { campaign_id: s.campaign_id })).campaigns[0];
    expect(c).toMatchObject({ name: 'SP - New Launch', state: 'PAUSED', targeting_type: 'MANUAL', daily_budget: 40 });
    expect((await list('list_retailads_keywords', { ad_group_id: s.ad_group_id })).keywords).toHaveLength(2);
  });

  it('resumes after a failure at the product-ad step without duplicating campaign or ad group', async () => {
    const a = await args('SP - Retry Test');
    await injectSandboxFailure(account, 'create_product_ads');
    const first = await callTool(apiKey, 'create_retailads_sp_campaign', a);
    expect(first.status).toBe(500);
    expect((await list('list_retailads_campaigns', { campaign_name_contains: 'Retry Test' })).campaigns).toHaveLength(1);
    const second = await callChecked(apiKey, 'create_retailads_sp_campaign', a);
    const campaigns = (await list('list_retailads_campaigns', { campaign_name_contains: 'Retry Test' })).campaigns as Row[];
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0].id).toBe(second.structured!.campaign_id);
    const groups = (await callChecked(apiKey, 'list_retailads_ad_groups', { campaign_ids: [campaigns[0].id] })).structured!
      .ad_groups as Row[];
    expect(groups).toHaveLength(1);
    expect(groups[0].product_ads).toBe(2);
  });

  it.each([
    ['AUTO targeting', { targeting_type: 'AUTO' }, 'MANUAL'],
    ['ASINs on a seller profile', { products: [{ asin: 'B0ABC12345' }] }, 'seller profile'],
    ['a start date in the past', { start_date: '2020-01-01' }, 'in the past'],
    ['a default bid above the budget', { default_bid: 50 }, 'default_bid'],
  ])('refuses %s', async (_l, extra, message) => {
    const r = await callTool(apiKey, 'create_retailads_sp_campaign', { ...(await args('SP - Refused')), ...extra });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(message);
  });
});

describe('assets, SB campaigns and moderation', () => {
  let logoId: string;
  let videoId: string;

  it('uploads a logo and a video read from their bytes and finds them', async () => {
    logoId = (
      await callChecked(apiKey, 'upload_retailads_asset', { url: `${base}/logo.png`, asset_type: 'LOGO', tags: ['trailhead-mark'] })
    ).structured!.asset_id;
    videoId = (await callChecked(apiKey, 'upload_retailads_asset', { url: `${base}/clip.mp4`, asset_type: 'VIDEO' })).structured!.asset_id;
    const found = (await list('search_retailads_assets', { query: 'trailhead-mark', asset_type: 'LOGO' })).assets as Row[];
    expect(found.map((a) => a.id)).toEqual([logoId]);
    expect(found[0]).toMatchObject({ content_type: 'image/png', width: 600, height: 600 });
  });

  it.each([
    ['a logo under 400x400', '/small-logo.png', 'LOGO', '400x400'],
    ['a logo over 1 MB', '/big-logo.png', 'LOGO', '1 MB'],
    ['an image under 1200x628', '/logo.png', 'IMAGE', '1200x628'],
    ['a video that is not MP4', '/banner.png', 'VIDEO', 'MP4'],
    ['a file of unknown type', '/notes.txt', 'IMAGE', 'unknown type'],
    ['a missing file', '/nope.png', 'LOGO', 'HTTP 404'],
  ])('refuses %s', async (_l, path, type, message) => {
    const r = await callTool(apiKey, 'upload_retailads_asset', { url: `${base}${path}`, asset_type: type });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(message);
  });

  it('creates an SB campaign whose creative moves IN_PROGRESS → APPROVED; a rejected new version never serves', async () => {
    const products = (await asins()).slice(0, 3);
    const s = (
      await callChecked(apiKey, 'create_retailads_sb_campaign', {
        name: 'SB - Trail Brand',
        daily_budget: 30,
        headline: 'Gear up for the trail',
        brand_logo_asset_id: logoId,
        asins: products,
        keywords: [{ keywordText: 'trail gear', matchType: 'broad', bid: 1 }],
      })
    ).structured!;
    expect(s).toMatchObject({ state: 'PAUSED', moderation: 'IN_PROGRESS' });
    let mod = (await list('get_retailads_moderation', { ad_id: s.ad_id })).ads[0];
    expect(mod.versions[0].status).toBe('IN_PROGRESS');
    expect(mod.serving_version).toBeNull();
    await ageCreatives(20);
    mod = (await list('get_retailads_moderation', { ad_id: s.ad_id })).ads[0];
    expect(mod.versions[0].status).toBe('APPROVED');
    expect(mod.versions[0].components.map((c: Row) => c.component)).toEqual(['headline', 'brand_logo', 'products']);
    expect(mod.serving_version).toBe(1);
    // A new version with a refused claim: rejected on its headline, version 1 keeps serving.
    await callChecked(apiKey, 'update_retailads_sb_creative', { ad_id: s.ad_id, headline: 'The #1 best seller pack' });
    await ageCreatives(20);
    mod = (await list('get_retailads_moderation', { ad_id: s.ad_id })).ads[0];
    expect(mod.versions[1].status).toBe('REJECTED');
    expect(mod.versions[1].components.find((c: Row) => c.component === 'headline')).toMatchObject({ status: 'REJECTED' });
    expect(mod.versions[1].components.find((c: Row) => c.component === 'brand_logo').status).toBe('APPROVED');
    expect(mod.serving_version).toBe(1);
    const creatives = (await list('list_retailads_sb_creatives', { state_filter: ['REJECTED'] })).sb_creatives as Row[];
    expect(creatives.map((c) => c.ad_id)).toContain(s.ad_id);
  });

  it('an SB ad whose only creative is rejected cannot serve', async () => {
    const g = (await list('list_retailads_sb_ad_groups', { state_filter: ['ENABLED'] })).sb_ad_groups[0] as Row;
    const ad = (
      await callChecked(apiKey, 'create_retailads_sb_ad', {
        campaign_id: g.campaign_id,
        ad_group_id: g.id,
        name: 'Claims ad',
        ad_type: 'productCollection',
        headline: 'GUARANTEED LOWEST price',
        brand_logo_asset_id: logoId,
        asins: (await asins()).slice(0, 3),
      })
    ).structured!;
    await ageCreatives(20);
    const row = ((await list('list_retailads_sb_ads')).sb_ads as Row[]).find((a) => a.id === ad.ad_id)!;
    expect(row).toMatchObject({ latest_moderation: 'REJECTED', serving_version: null, can_serve: false });
  });

  it.each([
    ['fewer than 3 products for productCollection', { headline: 'Trail gear', asins: ['B0ABC12345'] }, 'at least 3'],
    ['a headline over 50 characters', { headline: 'x'.repeat(51) }, '50 characters'],
    ['a video ad without a video', { ad_format: 'video', headline: undefined, brand_logo_asset_id: undefined }, 'video_asset_id'],
  ])('refuses an SB campaign with %s', async (_l, extra, message) => {
    const base = {
      name: 'SB - Refused',
      daily_budget: 30,
      headline: 'Trail gear',
      brand_logo_asset_id: logoId,
      asins: (await asins()).slice(0, 3),
    };
    const r = await callTool(apiKey, 'create_retailads_sb_campaign', { ...base, ...extra });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(message);
  });

  it('creates a video SB campaign and an SD campaign', async () => {
    const video = (
      await callChecked(apiKey, 'create_retailads_sb_campaign', {
        name: 'SB - Trail Video',
        daily_budget: 25,
        ad_format: 'video',
        video_asset_id: videoId,
        asins: (await asins()).slice(0, 1),
      })
    ).structured!;
    expect(video.moderation).toBe('IN_PROGRESS');
    const sd = (
      await callChecked(apiKey, 'create_retailads_sd_campaign', {
        name: 'SD - Viewers',
        tactic: 'T00030',
        daily_budget: 20,
        default_bid: 0.7,
        products: (await skus()).slice(0, 1).map((sku) => ({ sku })),
        audiences: [{ type: 'views', lookback: 30 }],
      })
    ).structured!;
    expect(sd.created).toMatchObject({ product_ads: 1, targets: 1 });
    const targets = (await list('list_retailads_targets', { ad_group_id: sd.ad_group_id })).targets as Row[];
    expect(targets[0].expression).toBe('views=exactProduct lookback=30');
    const wrong = await callTool(apiKey, 'create_retailads_sd_campaign', {
      name: 'SD - Wrong',
      tactic: 'T00030',
      daily_budget: 20,
      default_bid: 0.7,
      products: [{ sku: 'x' }],
      product_targets: [{ type: 'ASIN_SAME_AS', value: 'B0ABC12345' }],
    });
    expect(wrong.status).toBe(400);
  });

  it('creates ad groups item by item', async () => {
    const c = (await list('list_retailads_campaigns', { campaign_name_contains: 'Hiking Backpacks' })).campaigns[0] as Row;
    const r = (
      await callChecked(apiKey, 'create_retailads_ad_groups', {
        ad_groups: [
          { campaignId: c.id, name: 'Frame packs', defaultBid: 0.9 },
          { campaignId: c.id, name: 'frame packs', defaultBid: 0.9 },
          { campaignId: c.id, name: 'Too rich', defaultBid: 999 },
        ],
      })
    ).structured!;
    expect((r.results as Row[]).map((x) => x.outcome)).toEqual(['created', 'skipped_duplicate', 'failed']);
  });
});

describe('retailads_unified_api', () => {
  it('creates, queries, updates and deletes with the interface field names', async () => {
    const start = new Date().toISOString().slice(0, 10);
    const created = await callChecked(apiKey, 'retailads_unified_api', {
      operation: 'create',
      resource: 'campaigns',
      items: [
        {
          adProduct: 'SPONSORED_PRODUCTS',
          name: 'Unified SP',
          state: 'PAUSED',
          startDateTime: `${start}T00:00:00Z`,
          budgets: [
            {
              budgetType: 'MONETARY',
              recurrenceTimePeriod: 'DAILY',
              budgetValue: { monetaryBudgetValue: { monetaryBudget: { value: 33 } } },
            },
          ],
        },
      ],
    });
    const id = created.structured!.success[0].id;
    const q = (await list('retailads_unified_api', { operation: 'query', resource: 'campaigns', query: { campaignIdFilter: [id] } }))
      .items as Row[];
    expect(q[0]).toMatchObject({
      campaignId: id,
      name: 'Unified SP',
      state: 'PAUSED',
      budgets: [{ budgetValue: { monetaryBudgetValue: { monetaryBudget: { value: 33 } } } }],
    });
    const g = await callChecked(apiKey, 'retailads_unified_api', {
      operation: 'create',
      resource: 'adGroups',
      items: [{ campaignId: id, adProduct: 'SPONSORED_PRODUCTS', name: 'UG', state: 'ENABLED', bid: { defaultBid: 0.5 } }],
    });
    const groupId = g.structured!.success[0].id;
    const t = await callChecked(apiKey, 'retailads_unified_api', {
      operation: 'create',
      resource: 'targets',
      items: [
        {
          adGroupId: groupId,
          adProduct: 'SPONSORED_PRODUCTS',
          state: 'ENABLED',
          negative: false,
          targetType: 'KEYWORD',
          bid: { bid: 0.4 },
          targetDetails: { keywordTarget: { keyword: 'unified words', matchType: 'EXACT' } },
        },
      ],
    });
    const kw = ((await list('list_retailads_keywords', { ad_group_id: groupId })).keywords as Row[])[0];
    expect(kw).toMatchObject({ id: t.structured!.success[0].id, keyword_text: 'unified words', bid: 0.4 });
    await callChecked(apiKey, 'retailads_unified_api', {
      operation: 'update',
      resource: 'campaigns',
      items: [
        {
          campaignId: id,
          budgets: [
            {
              budgetType: 'MONETARY',
              recurrenceTimePeriod: 'DAILY',
              budgetValue: { monetaryBudgetValue: { monetaryBudget: { value: 44 } } },
            },
          ],
        },
      ],
    });
    await callChecked(apiKey, 'retailads_unified_api', { operation: 'delete', resource: 'campaigns', items: [{ campaignId: id }] });
    const after = ((await list('list_retailads_campaigns', { campaign_id: id })).campaigns as Row[])[0];
    expect(after).toMatchObject({ daily_budget: 44, state: 'ARCHIVED' });
  });

  it.each([
    [
      'snake_case fields',
      { operation: 'create', resource: 'campaigns', items: [{ ad_product: 'SPONSORED_PRODUCTS', name: 'x', state: 'PAUSED' }] },
      'items[0]',
    ],
    [
      'a weekly budget',
      {
        operation: 'create',
        resource: 'campaigns',
        items: [
          {
            adProduct: 'SPONSORED_PRODUCTS',
            name: 'x',
            state: 'PAUSED',
            startDateTime: '2099-01-01T00:00:00Z',
            budgets: [
              {
                budgetType: 'MONETARY',
                recurrenceTimePeriod: 'WEEKLY',
                budgetValue: { monetaryBudgetValue: { monetaryBudget: { value: 5 } } },
              },
            ],
          },
        ],
      },
      'DAILY',
    ],
    ['items on a query', { operation: 'query', resource: 'ads', items: [{}] }, 'query'],
    ['a write on adExtensions', { operation: 'create', resource: 'adExtensions', items: [{}] }, 'adExtensions'],
    ['an unknown id', { operation: 'update', resource: 'targets', items: [{ targetId: '123456789', state: 'PAUSED' }] }, 'operation query'],
  ])('refuses %s', async (_l, args, message) => {
    const r = await callTool(apiKey, 'retailads_unified_api', args);
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(message);
  });
});
