/**
 * Every retailads tool on a live profile through the gateway (router, Lambda handler, middy chain)
 * over the fake Ads API: each answers as on a sandbox profile or with a clear 400
 * `live_not_supported`; writes land on the platform (creates start paused), a dry run sends no
 * write, a paused ad group of an enabled campaign reads as paused, and a batch the platform answers
 * in part comes back per item.
 */
import { retailads } from '../../../platforms/retailads/manifest';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { liveRetailOwner, useFakeRetailAds, type LiveRetailOwner } from './live-support';

useTestTables();
const platform = useFakeRetailAds();
// Reports are ready at the first status read, so no call waits out a poll interval (500 ms each):
// a report that is processing first is polled in live-port-contract.test.ts, one that never
// finishes in live-failures.test.ts.
beforeAll(() => {
  platform.api.reportPolls = 0;
});

type Row = Record<string, any>;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * What the platform's public API does not offer (docs/live/retailads.md lists the same): these tools
 * answer 400 live_not_supported on a live profile.
 */
const NOT_SUPPORTED_LIVE = ['add_retailads_sp_video', 'upload_retailads_asset'];

/** Requests of the fake that could change something (writes; list and asset searches sent as POST excluded). */
const writes = (profile: string) =>
  platform.api.requests
    .filter((r) => r.profile === profile && r.method !== 'GET' && !/\/(list|search)$/.test(r.path) && !r.path.startsWith('/reporting/'))
    .map((r) => `${r.method} ${r.path}`);

describe('Live retailads profile: every tool through the gateway', () => {
  let live: LiveRetailOwner;
  let key: string;
  const read = async (tool: string, args: Record<string, unknown> = {}) => (await callToolOk(key, tool, args)).structured! as Row;

  beforeAll(async () => {
    live = await liveRetailOwner(platform);
    key = live.apiKey;
  });

  it('answers every retailads tool, or says live_not_supported naming what the platform lacks', async () => {
    const campaigns = (await read('list_retailads_campaigns')).campaigns as Row[];
    const named = (name: string) => campaigns.find((c) => c.name === name)!;
    const groups = (await read('list_retailads_ad_groups')).ad_groups as Row[];
    const keywords = (await read('list_retailads_keywords')).keywords as Row[];
    const sbKeywords = (await read('list_retailads_sb_keywords')).sb_keywords as Row[];
    const targets = (await read('list_retailads_targets')).targets as Row[];
    const sbTargets = (await read('list_retailads_sb_targets')).sb_targets as Row[];
    const productAds = (await read('list_retailads_product_ads')).product_ads as Row[];
    const negatives = (await read('list_retailads_negative_keywords')).negative_keywords as Row[];
    const sbGroups = (await read('list_retailads_sb_ad_groups')).sb_ad_groups as Row[];
    const sbAds = (await read('list_retailads_sb_ads')).sb_ads as Row[];
    const manual = named('SP - Trail Backpacks');
    const backpacks = groups.find((g) => g.name === 'Backpacks')!;
    const sbGroup = sbGroups[0]!;
    const png = Buffer.alloc(64);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png, 0);
    png.write('IHDR', 12, 'ascii');
    png.writeUInt32BE(600, 16);
    png.writeUInt32BE(600, 20);
    // Two UTC days back is yesterday or earlier in every time zone (the live profile's is Los Angeles): true at any hour.
    const range = { start_date: daysAgo(14), end_date: daysAgo(2) };

    // In this order: reads, then writes, deletes last (each write acts on an entity no other touches).
    const ARGS: [string, Record<string, unknown>][] = [
      ['list_retailads_profiles', {}],
      ['list_retailads_campaigns', {}],
      ['list_retailads_ad_groups', {}],
      ['list_retailads_keywords', {}],
      ['list_retailads_sb_keywords', {}],
      ['list_retailads_negative_keywords', {}],
      ['list_retailads_product_ads', {}],
      ['list_retailads_targets', {}],
      ['list_retailads_sb_targets', {}],
      ['list_retailads_sb_ad_groups', {}],
      ['list_retailads_sb_ads', {}],
      ['list_retailads_sb_creatives', {}],
      ['list_retailads_sb_negative_keywords', {}],
      ['list_retailads_brands', {}],
      ['search_retailads_assets', {}],
      ['get_retailads_report', range],
      ['analyze_retailads_placements', range],
      ['get_retailads_campaign_performance', range],
      ['get_retailads_product_performance', range],
      ['get_retailads_purchased_products', range],
      ['get_retailads_search_terms', range],
      ['analyze_retailads_targeting', range],
      ['analyze_retailads_wasted_spend', range],
      ['get_retailads_budget_usage', {}],
      ['get_retailads_budget_recommendations', {}],
      ['optimize_retailads_budget', {}],
      ['get_retailads_keyword_recommendations', { ad_group_id: backpacks.ad_group_id ?? backpacks.id }],
      ['get_retailads_bid_recommendations', { ad_group_id: backpacks.ad_group_id ?? backpacks.id }],
      ['get_retailads_sb_bid_recommendations', { ad_group_id: sbGroup.id }],
      ['get_retailads_sb_keyword_recommendations', { ad_group_id: sbGroup.id }],
      ['get_retailads_moderation', { ad_id: sbAds[0]!.id }],
      ['retailads_unified_api', { operation: 'query', resource: 'campaigns' }],
      ['update_retailads_campaigns', { campaigns: [{ campaignId: manual.id, name: 'SP - Trail Backpacks (live)' }] }],
      ['pause_retailads_campaigns', { campaign_ids: [named('SP - Auto').id] }],
      ['resume_retailads_campaigns', { campaign_ids: [named('SP - Water Bottles').id] }],
      ['update_retailads_ad_groups', { ad_groups: [{ adGroupId: backpacks.ad_group_id ?? backpacks.id, defaultBid: 0.9 }] }],
      [
        'update_retailads_keywords',
        { keywords: [{ keywordId: keywords.find((k) => k.keyword_text === 'hiking backpack')!.id, bid: 1.3 }] },
      ],
      ['update_retailads_sb_keywords', { keywords: [{ keywordId: sbKeywords[0]!.id, bid: 1.5 }] }],
      ['update_retailads_targets', { targets: [{ targetId: targets.find((t) => t.campaign_id === manual.id)!.id, bid: 0.95 }] }],
      ['update_retailads_sb_targets', { targets: [{ targetId: sbTargets[0]!.id, state: 'paused' }] }],
      ['update_retailads_product_ads', { product_ads: [{ adId: productAds[0]!.id, state: 'PAUSED' }] }],
      ['update_retailads_sb_ads', { ads: [{ adId: sbAds[0]!.id, name: 'Brand ad (live)' }] }],
      ['update_retailads_sb_creative', { ad_id: sbAds[0]!.id, headline: 'Packs for every trail' }],
      [
        'add_retailads_keywords',
        {
          keywords: [
            { campaignId: manual.id, adGroupId: backpacks.ad_group_id ?? backpacks.id, keywordText: 'live words', matchType: 'EXACT' },
          ],
        },
      ],
      [
        'add_retailads_negative_keywords',
        { negative_keywords: [{ campaignId: manual.id, keywordText: 'live junk', matchType: 'NEGATIVE_EXACT' }] },
      ],
      [
        'add_retailads_product_ads',
        { product_ads: [{ campaignId: manual.id, adGroupId: backpacks.ad_group_id ?? backpacks.id, sku: 'SKU-4' }] },
      ],
      [
        'add_retailads_sp_video',
        {
          video_ads: [
            { campaignId: manual.id, adGroupId: backpacks.ad_group_id ?? backpacks.id, sku: 'SKU-1', videoAssetId: 'asset-video-1' },
          ],
        },
      ],
      [
        'add_retailads_targets',
        {
          targets: [
            {
              campaignId: manual.id,
              adGroupId: backpacks.ad_group_id ?? backpacks.id,
              expression: [{ type: 'ASIN_SAME_AS', value: 'B0LIVE0001' }],
            },
          ],
        },
      ],
      [
        'add_retailads_sb_keywords',
        {
          keywords: [{ campaignId: sbGroup.campaign_id, adGroupId: sbGroup.id, keywordText: 'live sb words', matchType: 'exact', bid: 1 }],
        },
      ],
      [
        'add_retailads_sb_targets',
        {
          targets: [
            { campaignId: sbGroup.campaign_id, adGroupId: sbGroup.id, expressions: [{ type: 'asinBrandSameAs', value: 'Live Brand' }] },
          ],
        },
      ],
      [
        'add_retailads_sb_themes',
        {
          themes: [
            { campaignId: sbGroup.campaign_id, adGroupId: sbGroup.id, themeType: 'KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES', bid: 1.2 },
          ],
        },
      ],
      [
        'add_retailads_sb_negative_keywords',
        {
          negative_keywords: [
            { campaignId: sbGroup.campaign_id, adGroupId: sbGroup.id, keywordText: 'knockoff', matchType: 'negativeExact' },
          ],
        },
      ],
      ['create_retailads_ad_groups', { ad_groups: [{ campaignId: manual.id, name: 'Live group', defaultBid: 0.7 }] }],
      [
        'create_retailads_sp_campaign',
        {
          name: 'Live SP',
          daily_budget: 20,
          ad_group_name: 'Live',
          default_bid: 0.5,
          products: [{ sku: 'SKU-1' }],
          keywords: [{ keywordText: 'live', matchType: 'BROAD' }],
        },
      ],
      [
        'create_retailads_sb_campaign',
        {
          name: 'Live SB',
          daily_budget: 20,
          headline: 'Packs for every trail',
          brand_logo_asset_id: 'asset-logo-1',
          asins: ['B0FAKE0001', 'B0FAKE0002', 'B0FAKE0003'],
        },
      ],
      [
        'create_retailads_sd_campaign',
        {
          name: 'Live SD',
          tactic: 'T00020',
          daily_budget: 20,
          default_bid: 0.5,
          products: [{ sku: 'SKU-2' }],
          product_targets: [{ type: 'ASIN_CATEGORY_SAME_AS', value: 'Tents' }],
        },
      ],
      [
        'create_retailads_sb_ad',
        {
          campaign_id: sbGroup.campaign_id,
          ad_group_id: sbGroup.id,
          name: 'Live SB ad',
          ad_type: 'video',
          video_asset_id: 'asset-video-1',
          asins: ['B0FAKE0001'],
        },
      ],
      ['upload_retailads_asset', { url: `data:image/png;base64,${png.toString('base64')}`, asset_type: 'LOGO' }],
      ['delete_retailads_keywords', { keyword_ids: [keywords.find((k) => k.keyword_text === 'trail pack')!.id] }],
      ['delete_retailads_sb_keywords', { keyword_ids: [sbKeywords[1]!.id] }],
      ['delete_retailads_negative_keywords', { negative_keyword_ids: [negatives[0]!.id] }],
      ['delete_retailads_product_ads', { ad_ids: [productAds.find((p) => p.sku === 'SKU-3')!.id] }],
      ['delete_retailads_targets', { target_ids: [targets.find((t) => t.campaign_id === manual.id)!.id] }],
      [
        'delete_retailads_ad_groups',
        { ad_group_ids: [groups.find((g) => g.name === 'Daypacks')!.ad_group_id ?? groups.find((g) => g.name === 'Daypacks')!.id] },
      ],
      ['delete_retailads_campaigns', { campaign_ids: [named('SP - Water Bottles').id] }],
    ];
    expect(ARGS.map(([name]) => name).sort()).toEqual(retailads.tools.map((t) => t.name).sort());

    const problems: string[] = [];
    const notSupported: string[] = [];
    for (const [name, args] of ARGS) {
      const result = await callTool(key, name, args);
      const code = result.body.structured_content?.code as string | undefined;
      if (result.status === 400 && code === 'live_not_supported') {
        notSupported.push(name);
        if (!/platform/i.test(String(result.body.error)))
          problems.push(`${name}: live_not_supported without saying why: ${result.body.error}`);
      } else if (result.status !== 200) problems.push(`${name} ${result.status} ${code ?? ''}: ${result.body.error}`);
    }
    expect(problems).toEqual([]);
    expect(notSupported.sort()).toEqual([...NOT_SUPPORTED_LIVE].sort());
  }, 600_000);

  it('writes land on the platform: a bid, a pause, and a new campaign that starts paused', async () => {
    const keyword = platform.api.recs(live.profileId, 'keyword', 'SP').find((k) => k.keywordText === 'hiking backpack')!;
    expect(keyword.bid).toBe(1.3);
    const auto = platform.api.recs(live.profileId, 'campaign', 'SP').find((c) => c.name === 'SP - Auto')!;
    expect(auto.state).toBe('PAUSED');
    const created = platform.api.recs(live.profileId, 'campaign').filter((c) => c.name?.startsWith('Live '));
    expect(created.map((c) => c.name).sort()).toEqual(['Live SB', 'Live SD', 'Live SP']);
    for (const campaign of created) expect(campaign.state).toBe('PAUSED');
    const listed = (await read('list_retailads_campaigns')).campaigns as Row[];
    expect(listed.find((c) => c.name === 'Live SP')).toMatchObject({ id: created.find((c) => c.name === 'Live SP')!.id, state: 'PAUSED' });
    const archived = platform.api.recs(live.profileId, 'campaign', 'SP').find((c) => c.name === 'SP - Water Bottles')!;
    expect(archived.state).toBe('ARCHIVED');
  });

  it('reads a paused ad group of an enabled campaign as paused, with the ids the platform gave (past exact JavaScript numbers)', async () => {
    const groups = (await read('list_retailads_ad_groups')).ad_groups as Row[];
    const daypacks = platform.api.recs(live.profileId, 'adGroup', 'SP').find((g) => g.name === 'Daypacks')!;
    const listed = groups.find((g) => (g.ad_group_id ?? g.id) === daypacks.id);
    // Archived by the sweep above, or still paused: never enabled.
    expect(['PAUSED', 'ARCHIVED']).toContain(listed?.state ?? 'ARCHIVED');
    const backpacks = platform.api.recs(live.profileId, 'adGroup', 'SP').find((g) => g.name === 'Backpacks')!;
    expect(BigInt(backpacks.id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(groups.find((g) => (g.ad_group_id ?? g.id) === backpacks.id)).toMatchObject({ state: 'ENABLED', default_bid: 0.9 });
  });
});

describe('Live retailads profile: dry runs and per-item answers', () => {
  let live: LiveRetailOwner;
  beforeAll(async () => {
    live = await liveRetailOwner(platform);
  });

  it('a dry run of a change and of a create sends nothing that changes the platform', async () => {
    const keyword = platform.api.recs(live.profileId, 'keyword', 'SP').find((k) => k.keywordText === 'hiking backpack')!;
    const before = writes(live.profileId).length;
    const change = await callToolOk(live.apiKey, 'update_retailads_keywords', {
      keywords: [{ keywordId: keyword.id, bid: 2 }],
      dry_run: true,
    });
    expect(change.structured!.dry_run).toBe(true);
    const create = await callToolOk(live.apiKey, 'create_retailads_sp_campaign', {
      name: 'Dry SP',
      daily_budget: 20,
      ad_group_name: 'Dry',
      default_bid: 0.5,
      products: [{ sku: 'SKU-1' }],
      dry_run: true,
    });
    expect(create.structured!.dry_run).toBe(true);
    expect(writes(live.profileId).slice(before)).toEqual([]);
    expect(keyword.bid).toBe(1.25);
    expect(platform.api.recs(live.profileId, 'campaign').some((c) => c.name === 'Dry SP')).toBe(false);
  });

  it('a batch the platform answers in part comes back per item: created, and failed with the reason', async () => {
    const group = platform.api.recs(live.profileId, 'adGroup', 'SP').find((g) => g.name === 'Backpacks')!;
    const sbGroup = platform.api.recs(live.profileId, 'adGroup', 'SB')[0]!;
    const ads = await callToolOk(live.apiKey, 'add_retailads_product_ads', {
      product_ads: [
        { campaignId: group.campaignId, adGroupId: group.id, sku: 'SKU-4' },
        // A seller profile advertises SKUs: the platform refuses this item alone.
        { campaignId: group.campaignId, adGroupId: group.id, asin: 'B0FAKE0009' },
      ],
    });
    const results = ads.structured!.results as Row[];
    expect(results.map((r) => r.outcome)).toEqual(['created', 'failed']);
    expect(results[1]!.reason).toContain('SKU');
    expect(platform.api.recs(live.profileId, 'productAd', 'SP').some((a) => a.sku === 'SKU-4' && a.adGroupId === group.id)).toBe(true);
    // The platform needs a bid for every theme; a Sponsored Brands ad group has no default bid to fall back on.
    const themes = await callToolOk(live.apiKey, 'add_retailads_sb_themes', {
      themes: [{ campaignId: sbGroup.campaignId, adGroupId: sbGroup.id, themeType: 'KEYWORDS_RELATED_TO_YOUR_LANDING_PAGES' }],
    });
    const themeResults = themes.structured!.results as Row[];
    expect(themeResults.map((r) => r.outcome)).toEqual(['failed']);
    expect(themeResults[0]!.reason).toContain('bid');
    expect(platform.api.recs(live.profileId, 'theme').length).toBe(1);
  });
});
