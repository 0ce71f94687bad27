import { addDays, isoDate } from '../../../core/dates';
import { searchads } from '../../../platforms/searchads/manifest';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';

useTestTables();

type Row = {
  id: string;
  name: string;
  status: string;
  campaign_id: string;
  ad_group_id?: string;
  details: Record<string, unknown>;
  metrics: { spend: number; clicks: number; conversions: number; impressions: number };
};

const yesterday = () => addDays(isoDate(new Date()), -1);

describe('searchads everyday tools (sandbox)', () => {
  let apiKey: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  let groups: Awaited<ReturnType<typeof adGroupsByName>>;
  const keywords = async (args: Record<string, unknown> = {}) =>
    (await callToolOk(apiKey, 'get_keyword_performance', { limit: 1000, ...args })).structured!.rows as Row[];
  const ads = async (args: Record<string, unknown> = {}) =>
    (await callToolOk(apiKey, 'get_ad_performance', { limit: 1000, ...args })).structured!.rows as Row[];

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    campaigns = await campaignsByName(apiKey);
    groups = await adGroupsByName(apiKey);
  });

  describe('report readers', () => {
    it('keywords add up to their ad group, ad groups to their campaign, ads to their ad group, for the same dates', async () => {
      const range = { start_date: addDays(yesterday(), -13), end_date: yesterday() };
      const generic = campaigns['Generic - Hiking Boots']!;
      const [campaignRows, groupRows, keywordRows, adRows] = await Promise.all([
        callToolOk(apiKey, 'get_campaign_performance', { ...range, campaign_id: generic.id }),
        callToolOk(apiKey, 'get_ad_group_performance', { ...range, campaign_id: generic.id }),
        keywords({ ...range, campaign_id: generic.id }),
        ads({ ...range, campaign_id: generic.id }),
      ]);
      const campaign = (campaignRows.structured!.rows as Row[])[0]!;
      const groupList = groupRows.structured!.rows as Row[];
      const cents = (rows: Row[]) => Math.round(rows.reduce((s, r) => s + r.metrics.spend, 0) * 100);
      expect(campaign.metrics.spend).toBeGreaterThan(0);
      expect(cents(groupList)).toBe(Math.round(campaign.metrics.spend * 100));
      for (const group of groupList) {
        expect(cents(keywordRows.filter((k) => k.ad_group_id === group.id))).toBe(Math.round(group.metrics.spend * 100));
        expect(cents(adRows.filter((a) => a.ad_group_id === group.id))).toBe(Math.round(group.metrics.spend * 100));
      }
      // The same figures as list_campaigns for the same dates.
      const listed = (await callToolOk(apiKey, 'list_campaigns', range)).structured!.campaigns as {
        id: string;
        metrics: { spend: number };
      }[];
      expect(listed.find((c) => c.id === generic.id)!.metrics.spend).toBe(campaign.metrics.spend);
    });

    it.each([
      ['get_keyword_performance', { start_date: isoDate(new Date()), end_date: isoDate(new Date()) }, 'date_after_yesterday'],
      ['get_ad_performance', { start_date: '2026-01-01' }, '`start_date` and `end_date` must be given together'],
      ['get_campaign_performance', { start_date: '2026-02-01', end_date: '2026-01-01' }, '`start_date` must be on or before `end_date`'],
      ['analyze_search_terms', { end_date: '2099-01-01', start_date: '2098-01-01' }, 'date_after_yesterday'],
      ['list_ad_groups', { start_date: '2026-02-30', end_date: '2026-03-01' }, 'real calendar date'],
    ])('%s refuses bad dates', async (tool, args, message) => {
      const result = await callTool(apiKey, tool, args);
      expect(result.status).toBe(400);
      expect(JSON.stringify(result.body)).toContain(message);
    });

    it('analyze_search_terms shows the searches behind keywords, proposes negatives, and report mode pages', async () => {
      const data = await callToolOk(apiKey, 'analyze_search_terms', { lookback_days: 30 });
      const s = data.structured!;
      expect((s.terms as unknown[]).length).toBeGreaterThan(10);
      const negatives = s.negative_candidates as { search_term: string; metrics: { conversions: number; clicks: number } }[];
      expect(negatives.length).toBeGreaterThan(0);
      for (const n of negatives) expect(n.metrics.conversions).toBe(0);
      expect(data.text).toContain('add_negative_keywords');
      const page = await callToolOk(apiKey, 'analyze_search_terms', { mode: 'report', page_size: 5, page: 2 });
      expect((page.structured!.terms as unknown[]).length).toBe(5);
      expect(page.structured!.has_more).toBe(true);
    });
  });

  describe('status changes (one family)', () => {
    it.each([
      ['pause_ad_group', 'resume_ad_group', 'ad_group_id', 'Hiking Boots - Women'],
      ['pause_campaign', 'resume_campaign', 'campaign_id', 'Shopping - Footwear'],
    ])('%s then %s: shows in the next read, dry run changes nothing, undo names the reverse', async (pause, resume, arg, name) => {
      const id = arg === 'campaign_id' ? campaigns[name]!.id : groups[name]!.id;
      const status = async () =>
        arg === 'campaign_id' ? (await campaignsByName(apiKey))[name]!.status : (await adGroupsByName(apiKey))[name]!.status;
      const dry = await callToolOk(apiKey, pause, { [arg]: id, dry_run: true });
      expect(dry.structured).toMatchObject({
        dry_run: true,
        changes: [{ action: 'update', fields: { status: { before: 'ENABLED', after: 'PAUSED' } } }],
      });
      expect(await status()).toBe('ENABLED');
      const paused = await callToolOk(apiKey, pause, { [arg]: id });
      expect(paused.structured!.changed).toEqual([expect.objectContaining({ id, previous_status: 'ENABLED', status: 'PAUSED' })]);
      expect(await status()).toBe('PAUSED');
      const again = await callToolOk(apiKey, pause, { [arg]: id });
      expect(again.structured!.changed).toEqual([]);
      expect(again.text).toContain('Nothing changed');
      const tool = searchads.tools.find((t) => t.name === pause)!;
      expect(
        tool.undo!({ summary: '', changes: [], data: { change: [{ id, name, status: 'ENABLED' }], same: [] } }, { [arg]: id }),
      ).toEqual({ tool: resume, arguments: { [arg]: id } });
      await callToolOk(apiKey, resume, { [arg]: id });
      expect(await status()).toBe('ENABLED');
    });

    it('pauses and resumes an ad and keywords; removed ones cannot be resumed; display-only tools refuse search entities', async () => {
      const ad = (await ads()).find((a) => a.name === 'Waterproof Hiking Boots')!;
      await callToolOk(apiKey, 'pause_ad', { ad_id: ad.id });
      expect((await ads()).find((a) => a.id === ad.id)!.status).toBe('PAUSED');
      await callToolOk(apiKey, 'resume_ad', { ad_id: ad.id });
      const sandals = (await keywords()).filter((k) => k.ad_group_id === groups['Summer Sandals']!.id);
      const result = await callToolOk(apiKey, 'pause_keywords', { keyword_ids: sandals.map((k) => k.id) });
      expect((result.structured!.changed as unknown[]).length).toBe(2);
      expect((await keywords()).filter((k) => k.ad_group_id === groups['Summer Sandals']!.id).map((k) => k.status)).toEqual([
        'PAUSED',
        'PAUSED',
      ]);
      await callToolOk(apiKey, 'resume_keywords', { keyword_ids: sandals.map((k) => k.id) });
      const removedGroup = await callTool(apiKey, 'resume_ad_group', { ad_group_id: groups['Holiday Gifts']!.id });
      expect(removedGroup.status).toBe(400);
      const displayOnly = await callTool(apiKey, 'remove_display_ad_group', { ad_group_id: groups['Hiking Boots - Men']!.id });
      expect(displayOnly.status).toBe(400);
      expect(displayOnly.body.error).toContain('remove_ad_group');
      const unknown = await callTool(apiKey, 'pause_ad', { ad_id: '999' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('"999"');
      expect(unknown.body.error).toContain('get_ad_performance');
    });
  });

  describe('keyword lists', () => {
    it('add_keywords adds with a result per keyword, skips duplicates, and the keywords show in the keyword report', async () => {
      const group = groups['Hiking Boots - Men']!;
      const data = await callToolOk(apiKey, 'add_keywords', {
        ad_group_id: group.id,
        keywords: [
          { text: 'mens hiking boots', match_type: 'PHRASE' },
          { text: 'leather hiking boots men', match_type: 'EXACT', cpc_bid: 1.75 },
        ],
      });
      expect(data.structured).toMatchObject({
        added: 1,
        skipped: 1,
        results: [{ result: 'skipped', reason: 'already there' }, { result: 'added' }],
      });
      const id = (data.structured!.results as { id?: string }[])[1]!.id!;
      const row = (await keywords({ ad_group_id: group.id })).find((k) => k.id === id)!;
      expect(row).toMatchObject({ name: 'leather hiking boots men', status: 'ENABLED', details: { match_type: 'EXACT', cpc_bid: 1.75 } });
      // A keyword added today has no past delivery.
      expect(row.metrics.spend).toBe(0);
    });

    it.each([
      [{ text: 'a'.repeat(81), match_type: 'EXACT' }, 'at most 80 characters'],
      [{ text: 'one two three four five six seven eight nine ten eleven', match_type: 'PHRASE' }, 'at most 10 words'],
      [{ text: 'boots!', match_type: 'BROAD' }, 'must not contain'],
      [{ text: 'boots', match_type: 'FUZZY' }, 'match_type'],
    ])('add_keywords refuses %j', async (keyword, message) => {
      const result = await callTool(apiKey, 'add_keywords', { ad_group_id: groups['Hiking Boots - Men']!.id, keywords: [keyword] });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain(message);
    });

    it('add_keywords refuses a display ad group; add_display_keywords refuses a search one', async () => {
      expect(
        (
          await callTool(apiKey, 'add_keywords', {
            ad_group_id: groups['Cart Abandoners 30d']!.id,
            keywords: [{ text: 'boots', match_type: 'BROAD' }],
          })
        ).status,
      ).toBe(400);
      expect(
        (await callTool(apiKey, 'add_display_keywords', { ad_group_id: groups['Hiking Boots - Men']!.id, keywords: [{ text: 'boots' }] }))
          .status,
      ).toBe(400);
      const display = await callToolOk(apiKey, 'add_display_keywords', {
        ad_group_id: groups['Cart Abandoners 30d']!.id,
        keywords: [{ text: 'trail gear' }],
      });
      expect(display.structured).toMatchObject({ added: 1, results: [{ match_type: 'BROAD', result: 'added' }] });
    });

    it('add_negative_keywords at ad group level, then remove_negative_keywords by text; dry run adds nothing', async () => {
      const competitor = campaigns['Competitor Terms']!;
      const group = groups['Competitor - Brand Names']!;
      const dry = await callToolOk(apiKey, 'add_negative_keywords', {
        campaign_id: competitor.id,
        ad_group_id: group.id,
        keywords: [{ text: 'cheap', match_type: 'BROAD' }],
        dry_run: true,
      });
      expect(dry.structured).toMatchObject({
        dry_run: true,
        changes: [{ action: 'create', entity: 'ad_group_negative_keyword', startsPaused: true }],
      });
      const added = await callToolOk(apiKey, 'add_negative_keywords', {
        campaign_id: competitor.id,
        ad_group_id: group.id,
        keywords: [
          { text: 'cheap', match_type: 'BROAD' },
          { text: 'review', match_type: 'BROAD' },
        ],
      });
      expect(added.structured).toMatchObject({ level: 'ad_group', added: 2 });
      const removed = await callToolOk(apiKey, 'remove_negative_keywords', { campaign_id: competitor.id, texts: ['cheap'] });
      expect(removed.structured!.removed).toEqual([expect.objectContaining({ text: 'cheap', level: `ad group ${group.id}` })]);
      const missing = await callTool(apiKey, 'remove_negative_keywords', { campaign_id: competitor.id, texts: ['cheap'] });
      expect(missing.status).toBe(400);
      expect((await callTool(apiKey, 'remove_negative_keywords', { campaign_id: competitor.id })).status).toBe(400);
    });

    it('update_keyword changes a bid and says when the strategy ignores it; undo restores the bid', async () => {
      const keyword = (await keywords({ campaign_id: campaigns['Competitor Terms']!.id }))[0]!;
      const data = await callToolOk(apiKey, 'update_keyword', { keyword_id: keyword.id, cpc_bid: 0.55 });
      expect(data.structured).toMatchObject({ changed: true, after: { cpc_bid: 0.55 } });
      expect((await keywords({ campaign_id: campaigns['Competitor Terms']!.id })).find((k) => k.id === keyword.id)!.details.cpc_bid).toBe(
        0.55,
      );
      expect((await callTool(apiKey, 'update_keyword', { keyword_id: keyword.id })).status).toBe(400);
      const tool = searchads.tools.find((t) => t.name === 'update_keyword')!;
      expect(
        tool.undo!(
          {
            summary: '',
            changes: [{ action: 'update', entity: 'keyword', fields: {} }],
            data: { keyword: { id: keyword.id, text: keyword.name, status: 'ENABLED', cpc_bid: 0.05 }, patch: { cpc_bid: 0.55 } },
          },
          {},
        ),
      ).toEqual({
        tool: 'update_keyword',
        arguments: { keyword_id: keyword.id, cpc_bid: 0.05 },
      });
    });
  });

  describe('budgets and bidding', () => {
    it('update_campaign_budget plans its budget, applies it and refuses fractions of a cent', async () => {
      const brand = campaigns['Brand - Exact']!;
      const dry = await callToolOk(apiKey, 'update_campaign_budget', { campaign_id: brand.id, daily_budget: 65, dry_run: true });
      expect(dry.structured!.budgets).toEqual([
        { entity: 'campaign', id: brand.id, name: brand.name, before: 50, after: 65, currency: 'USD' },
      ]);
      expect((await campaignsByName(apiKey))['Brand - Exact']!.budget_amount).toBe(50);
      expect((await callTool(apiKey, 'update_campaign_budget', { campaign_id: brand.id, daily_budget: 65.001 })).status).toBe(400);
      expect((await callTool(apiKey, 'update_campaign_budget', { campaign_id: brand.id, daily_budget: 0.5 })).status).toBe(400);
    });

    it('update_bid_strategy switches strategy with a target and refuses what the campaign type cannot use', async () => {
      const generic = campaigns['Generic - Hiking Boots']!;
      const data = await callToolOk(apiKey, 'update_bid_strategy', {
        campaign_id: generic.id,
        strategy: 'MAXIMIZE_CONVERSIONS',
        target_cpa: 25,
      });
      expect(data.structured).toMatchObject({ changed: true, after: { strategy: 'MAXIMIZE_CONVERSIONS', target_cpa: 25 } });
      const perf = await callToolOk(apiKey, 'get_campaign_performance', { campaign_id: generic.id });
      expect((perf.structured!.rows as Row[])[0]!.details.bidding).toBe('MAXIMIZE_CONVERSIONS');
      const pmax = await callTool(apiKey, 'update_bid_strategy', {
        campaign_id: campaigns['Performance Max - All Products']!.id,
        strategy: 'MANUAL_CPC',
      });
      expect(pmax.status).toBe(400);
      const rule = await callTool(apiKey, 'update_bid_strategy', { campaign_id: generic.id, strategy: 'MANUAL_CPC', target_roas: 4 });
      expect(rule.status).toBe(400);
      expect(rule.body.error).toContain('`target_roas`');
    });
  });

  describe('ads and campaign creation', () => {
    const rsa = {
      headlines: ['Trail Boots for Women', 'Waterproof and Light', 'Free 30-Day Returns'],
      descriptions: ['Boots tested on 500 mile trails.', 'Free shipping over $50.'],
      final_url: 'https://www.northwind-outdoor.example/women',
    };

    it('create_ad creates a paused responsive search ad that shows in get_ad_creative; copy tools edit it and refuse what the type cannot hold', async () => {
      const group = groups['Hiking Boots - Women']!;
      const created = await callToolOk(apiKey, 'create_ad', { ad_group_id: group.id, ...rsa, path1: 'women' });
      const adId = created.structured!.ad_id as string;
      expect(created.structured!.status).toBe('PAUSED');
      const creative = await callToolOk(apiKey, 'get_ad_creative', { ad_id: adId });
      expect(creative.structured).toMatchObject({
        type: 'RESPONSIVE_SEARCH_AD',
        status: 'PAUSED',
        headlines: rsa.headlines,
        path1: 'women',
      });
      const headlines = [...rsa.headlines, 'Sizes 5-12, Wide Fits'];
      const dry = await callToolOk(apiKey, 'update_ad_headlines', { ad_id: adId, headlines, dry_run: true });
      expect(dry.structured).toMatchObject({
        dry_run: true,
        changes: [{ fields: { headlines: { before: rsa.headlines, after: headlines } } }],
      });
      await callToolOk(apiKey, 'update_ad_headlines', { ad_id: adId, headlines });
      await callToolOk(apiKey, 'update_ad_content', {
        ad_id: adId,
        descriptions: ['Narrow heel, roomy toe box.', 'Free returns.'],
        path2: 'boots',
      });
      expect((await callToolOk(apiKey, 'get_ad_creative', { ad_id: adId })).structured).toMatchObject({
        headlines,
        descriptions: ['Narrow heel, roomy toe box.', 'Free returns.'],
        path2: 'boots',
      });
      const tool = searchads.tools.find((t) => t.name === 'update_ad_headlines')!;
      expect(
        tool.undo!(
          {
            summary: '',
            changes: [{ action: 'update', entity: 'ad', fields: { headlines: { before: rsa.headlines, after: headlines } } }],
            data: { ad: { id: adId }, before: { headlines: rsa.headlines } },
          },
          {},
        ),
      ).toEqual({ tool: 'update_ad_headlines', arguments: { ad_id: adId, headlines: rsa.headlines } });
      const cases: [string, Record<string, unknown>, string][] = [
        ['update_ad_headlines', { headlines: ['Only One', 'And Two'] }, '3-15'],
        ['update_ad_headlines', { headlines: ['A headline that is far too long to fit', 'B', 'C'] }, 'at most 30 characters'],
        ['update_ad_descriptions', { descriptions: ['Same', 'same'] }, 'must not repeat'],
        ['update_ad_content', {}, 'give at least one of'],
      ];
      for (const [name, args, message] of cases) {
        const result = await callTool(apiKey, name, { ad_id: adId, ...args });
        expect([name, result.status, JSON.stringify(result.body).includes(message)]).toEqual([name, 400, true]);
      }
      const display = (await ads()).find((a) => a.details.type === 'RESPONSIVE_DISPLAY_AD')!;
      expect((await callTool(apiKey, 'update_ad_headlines', { ad_id: display.id, headlines })).status).toBe(400);
      expect(
        (await callToolOk(apiKey, 'update_ad_creative', { ad_id: display.id, headlines: ['Come Back Today'] })).structured!.changed,
      ).toEqual(['headlines']);
    });

    it('create_search_campaign builds campaign, ad groups, keywords, ads and negatives, all paused at campaign level, with its budget in the plan', async () => {
      const args = {
        name: 'Search - Trail Boots Test',
        daily_budget: 40,
        ad_groups: [
          {
            name: 'Trail Boots',
            cpc_bid: 1.1,
            keywords: [
              { text: 'trail boots', match_type: 'PHRASE' },
              { text: 'trail hiking boots', match_type: 'EXACT' },
            ],
            ads: [rsa],
          },
          { name: 'Winter Boots', keywords: [{ text: 'winter hiking boots', match_type: 'PHRASE' }], ads: [rsa] },
        ],
        negative_keywords: [{ text: 'free', match_type: 'BROAD' }],
        location_ids: ['2840'],
      };
      const dry = await callToolOk(apiKey, 'create_search_campaign', { ...args, dry_run: true });
      expect(dry.structured!.budgets).toEqual([{ entity: 'campaign', name: args.name, after: 40, currency: 'USD' }]);
      expect((dry.structured!.changes as { startsPaused?: boolean }[]).every((c) => c.startsPaused)).toBe(true);
      expect((await campaignsByName(apiKey))[args.name]).toBeUndefined();
      const created = await callToolOk(apiKey, 'create_search_campaign', args);
      expect(created.structured).toMatchObject({
        status: 'PAUSED',
        daily_budget: 40,
        ad_groups: [
          { name: 'Trail Boots', keywords: 2, ads: 1 },
          { name: 'Winter Boots', keywords: 1, ads: 1 },
        ],
        negative_keywords: 1,
        locations: 1,
      });
      const campaignId = created.structured!.campaign_id as string;
      expect((await campaignsByName(apiKey))[args.name]).toMatchObject({ id: campaignId, status: 'PAUSED', budget_amount: 40 });
      expect((await keywords({ campaign_id: campaignId })).map((k) => k.name).sort()).toEqual([
        'trail boots',
        'trail hiking boots',
        'winter hiking boots',
      ]);
      const again = await callTool(apiKey, 'create_search_campaign', args);
      expect(again.status).toBe(400);
      expect(again.body.error).toContain('already exists');
      const rule = await callTool(apiKey, 'create_search_campaign', { ...args, name: 'Other', target_cpa: 10 });
      expect(rule.status).toBe(400);
      expect(rule.body.error).toContain('`target_cpa`');
    });
  });

  describe('campaign assets (one family)', () => {
    it('attaches sitelinks, snippets, a call asset and a business name; they read back in list_campaign_extensions and detach again', async () => {
      const competitor = campaigns['Competitor Terms']!;
      const sitelinks = [
        {
          link_text: 'Boot Finder',
          final_url: 'https://www.northwind-outdoor.example/finder',
          description1: 'Find your fit in 2 minutes',
          description2: 'Compare 40+ styles',
        },
        { link_text: 'Free Returns', final_url: 'https://www.northwind-outdoor.example/returns' },
      ];
      const dry = await callToolOk(apiKey, 'add_sitelinks', { campaign_id: competitor.id, sitelinks, dry_run: true });
      expect((dry.structured!.changes as { entity: string }[]).map((c) => c.entity)).toEqual([
        'asset',
        'campaign_asset',
        'asset',
        'campaign_asset',
      ]);
      const added = await callToolOk(apiKey, 'add_sitelinks', { campaign_id: competitor.id, sitelinks });
      expect(added.structured).toMatchObject({
        total_on_campaign: 2,
        results: [
          { result: 'added', new_asset: true },
          { result: 'added', new_asset: true },
        ],
      });
      const again = await callToolOk(apiKey, 'add_sitelinks', { campaign_id: competitor.id, sitelinks: sitelinks.slice(0, 1) });
      expect(again.structured).toMatchObject({ total_on_campaign: 2, results: [{ result: 'skipped', reason: 'already on the campaign' }] });
      await callToolOk(apiKey, 'add_structured_snippets', {
        campaign_id: competitor.id,
        snippets: [{ header: 'Brands', values: ['Northwind', 'Trailcraft', 'Summit'] }],
      });
      await callToolOk(apiKey, 'add_call_asset', {
        campaign_id: competitor.id,
        call: { phone_number: '+1 800-555-0199', country_code: 'US' },
      });
      await callToolOk(apiKey, 'add_business_name_asset', { campaign_id: competitor.id, business_name: 'Northwind Outdoor' });
      const listed = await callToolOk(apiKey, 'list_campaign_extensions', { campaign_id: competitor.id });
      expect(listed.structured!.counts).toMatchObject({ SITELINK: 2, STRUCTURED_SNIPPET: 1, BUSINESS_NAME: 1 });
      expect(listed.text).toContain('Brands: Northwind, Trailcraft, Summit');
      const second = await callTool(apiKey, 'add_business_name_asset', { campaign_id: competitor.id, business_name: 'Another Name' });
      expect(second.status).toBe(400);
      const sitelinkId = (listed.structured!.extensions as { asset_id: string; type: string }[]).find(
        (e) => e.type === 'SITELINK',
      )!.asset_id;
      const removed = await callToolOk(apiKey, 'remove_sitelinks', { campaign_id: competitor.id, asset_ids: [sitelinkId] });
      expect(removed.structured).toMatchObject({ remaining: 1 });
      await callToolOk(apiKey, 'remove_structured_snippets', { campaign_id: competitor.id });
      const after = await callToolOk(apiKey, 'list_campaign_extensions', { campaign_id: competitor.id });
      expect(after.structured!.counts).toMatchObject({ SITELINK: 1, STRUCTURED_SNIPPET: 0 });
    });

    it.each([
      [
        'add_sitelinks',
        { sitelinks: [{ link_text: 'A link text that is far too long', final_url: 'https://x.example/' }] },
        'at most 25 characters',
      ],
      [
        'add_sitelinks',
        { sitelinks: [{ link_text: 'Half', final_url: 'https://x.example/', description1: 'Only one line' }] },
        'both description lines or neither',
      ],
      ['add_structured_snippets', { snippets: [{ header: 'Colours', values: ['a', 'b', 'c'] }] }, 'header'],
      ['add_structured_snippets', { snippets: [{ header: 'Brands', values: ['a', 'b'] }] }, 'at least 3 values'],
      ['add_call_asset', { call: { phone_number: 'call me', country_code: 'US' } }, 'phone number'],
      ['add_business_name_asset', { business_name: 'A business name over 25 chars' }, 'at most 25 characters'],
      ['remove_callouts', { asset_ids: ['123'] }, 'has no callout asset'],
    ])('%s refuses %j', async (tool, args, message) => {
      const result = await callTool(apiKey, tool, { campaign_id: campaigns['Brand - Exact']!.id, ...args });
      expect(result.status).toBe(400);
      expect(JSON.stringify(result.body)).toContain(message);
    });

    it('refuses assets on campaign types that do not show them', async () => {
      const result = await callTool(apiKey, 'add_sitelinks', {
        campaign_id: campaigns['Display - Outdoor Prospecting']!.id,
        sitelinks: [{ link_text: 'Shop', final_url: 'https://x.example/' }],
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('DISPLAY');
    });
  });

  it('shared negative keyword lists: create, add, apply, and their keywords mark searches EXCLUDED; detach undoes attach', async () => {
    const brand = campaigns['Brand - Exact']!;
    const lists = (await callToolOk(apiKey, 'list_negative_keyword_lists')).structured!.lists as { name: string; campaign_ids: string[] }[];
    expect(lists.map((l) => l.name)).toContain('Account-wide exclusions');
    const created = await callToolOk(apiKey, 'create_negative_keyword_list', {
      name: 'Brand exclusions',
      keywords: [{ text: 'northwind outdoor boots', match_type: 'EXACT' }],
    });
    const listId = created.structured!.id as string;
    await callToolOk(apiKey, 'add_negative_keyword_list_keywords', {
      list_id: listId,
      keywords: [{ text: 'careers', match_type: 'BROAD' }],
    });
    // The list blocks the campaign's own keyword "northwind outdoor boots" (PHRASE): refused unless allowed on purpose.
    const refused = await callTool(apiKey, 'attach_negative_keyword_list', { list_id: listId, campaign_ids: [brand.id] });
    expect(refused.body.structured_content).toMatchObject({ code: 'negative_blocks_keyword' });
    const attached = await callToolOk(apiKey, 'attach_negative_keyword_list', {
      list_id: listId,
      campaign_ids: [brand.id],
      allow_blocking_keywords: true,
    });
    expect(attached.structured).toMatchObject({ campaign_ids: [brand.id], keywords: 2 });
    const terms = await callToolOk(apiKey, 'analyze_search_terms', { campaign_id: brand.id, mode: 'report', page_size: 500 });
    expect(
      (terms.structured!.terms as { search_term: string; status: string }[]).find((t) => t.search_term === 'northwind outdoor boots')
        ?.status,
    ).toBe('EXCLUDED');
    const tool = searchads.tools.find((t) => t.name === 'attach_negative_keyword_list')!;
    expect(tool.undo!({ summary: '', changes: [], data: { list: { id: listId }, campaign_ids: [brand.id] } }, {})).toEqual({
      tool: 'detach_negative_keyword_list',
      arguments: { list_id: listId, campaign_ids: [brand.id] },
    });
    await callToolOk(apiKey, 'detach_negative_keyword_list', { list_id: listId, campaign_ids: [brand.id] });
    expect((await callTool(apiKey, 'remove_negative_keyword_list_keywords', { list_id: listId, texts: ['nope'] })).status).toBe(400);
    expect(
      (await callTool(apiKey, 'create_negative_keyword_list', { name: 'Brand exclusions', keywords: [{ text: 'x', match_type: 'EXACT' }] }))
        .status,
    ).toBe(400);
    expect((await callTool(apiKey, 'attach_negative_keyword_list', { list_id: '123', campaign_ids: [brand.id] })).body.error).toContain(
      'list_negative_keyword_lists',
    );
  });

  it('a day in the life: find waste, add negatives, pause keywords, raise the budget of a winner, verify', async () => {
    const range = { start_date: addDays(yesterday(), -29), end_date: yesterday() };
    const before = await callToolOk(apiKey, 'analyze_wasted_spend', range);
    const waste = before.structured! as {
      wasted_spend: number;
      keywords: { id: string; text: string; campaign_id: string }[];
      search_terms: { search_term: string; campaign_id: string }[];
    };
    expect(waste.wasted_spend).toBeGreaterThan(0);
    expect(waste.keywords.map((k) => k.text)).toEqual(expect.arrayContaining(['merrell hiking boots', 'salomon boots']));
    expect(waste.search_terms.length).toBeGreaterThan(0);

    // Negatives for the wasteful searches of one campaign.
    const term = waste.search_terms[0]!;
    const added = await callToolOk(apiKey, 'add_negative_keywords', {
      campaign_id: term.campaign_id,
      keywords: [{ text: term.search_term, match_type: 'EXACT' }],
    });
    expect(added.structured!.added).toBe(1);
    const terms = await callToolOk(apiKey, 'analyze_search_terms', { ...range, mode: 'report', page_size: 500 });
    expect(
      (terms.structured!.terms as { search_term: string; status: string }[]).find((t) => t.search_term === term.search_term)!.status,
    ).toBe('EXCLUDED');

    // Pause the keywords that spent without converting.
    const ids = waste.keywords.map((k) => k.id);
    await callToolOk(apiKey, 'pause_keywords', { keyword_ids: ids });
    const after = await keywords(range);
    for (const id of ids) expect(after.find((k) => k.id === id)!.status).toBe('PAUSED');

    // Raise the budget of the campaign with the best ROAS.
    const perf = (await callToolOk(apiKey, 'get_campaign_performance', { ...range, sort_by: 'roas' })).structured!.rows as Row[];
    const winner = perf.find((c) => c.status === 'ENABLED' && c.metrics.conversions > 0)!;
    const budget = Number(winner.details.daily_budget);
    await callToolOk(apiKey, 'update_campaign_budget', { campaign_id: winner.id, daily_budget: budget + 20 });

    // Verify: the writes show; the past did not change.
    expect((await campaignsByName(apiKey))[winner.name]!.budget_amount).toBe(budget + 20);
    const again = await callToolOk(apiKey, 'analyze_wasted_spend', range);
    expect(again.structured!.total_spend).toBe(before.structured!.total_spend);
    expect(again.structured!.wasted_spend).toBe(waste.wasted_spend);
  });
});
