/**
 * Negatives are checked against the live keywords they would block, with one matcher
 * (core/negatives.ts) on searchads, deskads and retailads: a direct add is refused with
 * negative_blocks_keyword naming the keywords unless allow_blocking_keywords is given, and the
 * analyses never propose a negative that blocks a live keyword.
 */
import { blockedKeywords, negativeBlocks } from '../../../core/negatives';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;

describe('the shared negative matcher', () => {
  it('exact blocks only the search itself, phrase the words in order, broad all words in any order', () => {
    expect(negativeBlocks({ text: 'Trail Boots', match_type: 'EXACT' }, 'trail  boots')).toBe(true);
    expect(negativeBlocks({ text: 'trail boots', match_type: 'Exact' }, 'red trail boots')).toBe(false);
    expect(negativeBlocks({ text: 'trail boots', match_type: 'PHRASE' }, 'red trail boots')).toBe(true);
    expect(negativeBlocks({ text: 'trail boots', match_type: 'negativePhrase' }, 'boots trail')).toBe(false);
    expect(negativeBlocks({ text: 'trail boots', match_type: 'BROAD' }, 'boots for the trail')).toBe(true);
    expect(negativeBlocks({ text: 'trail boots', match_type: 'NEGATIVE_EXACT' }, 'trail boots')).toBe(true);
  });

  it('close variants do not apply to negatives: "boot" blocks neither "boots" nor "trail boot s"', () => {
    expect(negativeBlocks({ text: 'boot', match_type: 'BROAD' }, 'boots')).toBe(false);
    expect(negativeBlocks({ text: 'boot', match_type: 'PHRASE' }, 'hiking boots')).toBe(false);
    expect(negativeBlocks({ text: 'hiking boot', match_type: 'EXACT' }, 'hiking boots')).toBe(false);
  });

  it('names each keyword a negative blocks (by its own text as the search)', () => {
    const blocked = blockedKeywords(
      [{ text: 'cheap', match_type: 'PHRASE' }],
      [
        { id: '1', text: 'cheap boots', match_type: 'EXACT' },
        { id: '2', text: 'boots', match_type: 'BROAD' },
      ],
    );
    expect(blocked).toEqual([
      { negative: 'cheap', negative_match_type: 'PHRASE', keyword: 'cheap boots', keyword_match_type: 'EXACT', keyword_id: '1' },
    ]);
  });
});

describe('searchads: negatives that block live keywords', () => {
  let apiKey: string;
  let keyword: Row;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({ accounts: { searchads: 1 } }));
    const rows = (await callToolOk(apiKey, 'get_keyword_performance', { limit: 1000 })).structured!.rows as Row[];
    keyword = rows.find((k) => k.status === 'ENABLED' && k.name.split(' ').length >= 2)!;
  }, 120_000);

  it('add_negative_keywords refuses a negative that blocks an enabled keyword of the campaign, naming it (400 negative_blocks_keyword)', async () => {
    const phrase = keyword.name.split(' ').slice(0, 2).join(' ');
    const result = await callTool(apiKey, 'add_negative_keywords', {
      campaign_id: keyword.campaign_id,
      keywords: [{ text: phrase, match_type: 'PHRASE' }],
    });
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({
      code: 'negative_blocks_keyword',
      blocked: expect.arrayContaining([expect.objectContaining({ negative: phrase, keyword: keyword.name, keyword_id: keyword.id })]),
    });
    expect(result.body.error).toContain(`blocks keyword "${keyword.name}"`);
    expect(result.body.error).toContain('allow_blocking_keywords');
  }, 60_000);

  it('add_negative_keywords adds it with allow_blocking_keywords: true', async () => {
    const added = await callToolOk(apiKey, 'add_negative_keywords', {
      campaign_id: keyword.campaign_id,
      ad_group_id: keyword.ad_group_id,
      keywords: [{ text: keyword.name, match_type: 'EXACT' }],
      allow_blocking_keywords: true,
    });
    expect(added.structured!.added).toBe(1);
  }, 60_000);

  it('create_search_campaign refuses negatives that block its own keywords', async () => {
    const result = await callTool(apiKey, 'create_search_campaign', {
      name: 'Blocked by its negatives',
      daily_budget: 20,
      ad_groups: [
        {
          name: 'Boots',
          keywords: [{ text: 'waterproof trail boots', match_type: 'EXACT' }],
          ads: [
            {
              headlines: ['Trail Boots', 'Free Returns', 'Waterproof'],
              descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'],
              final_url: 'https://www.example.com/trail',
            },
          ],
        },
      ],
      negative_keywords: [{ text: 'boots waterproof', match_type: 'BROAD' }],
    });
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({ code: 'negative_blocks_keyword' });
    expect(result.body.error).toContain('"boots waterproof" (BROAD) blocks keyword "waterproof trail boots" (EXACT)');
  }, 60_000);

  it('a shared negative keyword list is refused on a campaign whose keywords it blocks', async () => {
    const result = await callTool(apiKey, 'create_negative_keyword_list', {
      name: 'Blocks a keyword',
      keywords: [{ text: keyword.name, match_type: 'EXACT' }],
      campaign_ids: [keyword.campaign_id],
    });
    expect(result.status).toBe(400);
    expect(result.body.structured_content?.code).toBe('negative_blocks_keyword');
  }, 60_000);

  it('analyze_search_terms and analyze_wasted_spend never propose a term that is a live keyword of the campaign', async () => {
    const before = (await callToolOk(apiKey, 'analyze_search_terms', { min_clicks: 1 })).structured!.negative_candidates as Row[];
    expect(before.length).toBeGreaterThan(0);
    // A term of a campaign with another ad group becomes an enabled keyword of that other ad group: a campaign negative on it would block that keyword.
    const groups = (await callToolOk(apiKey, 'list_ad_groups')).structured!.ad_groups as Row[];
    const otherGroup = (l: Row) => groups.find((g) => g.campaign_id === l.campaign_id && g.id !== l.ad_group_id && g.status !== 'REMOVED');
    const term = before.find(otherGroup)!;
    const other = otherGroup(term)!;
    await callToolOk(apiKey, 'add_keywords', {
      ad_group_id: other.id,
      keywords: [{ text: term.search_term, match_type: 'EXACT' }],
      status: 'ENABLED',
    });
    const after = (await callToolOk(apiKey, 'analyze_search_terms', { min_clicks: 1 })).structured!.negative_candidates as Row[];
    expect(after.filter((l) => l.campaign_id === term.campaign_id).map((l) => l.search_term)).not.toContain(term.search_term);
    // The wasted-spend analysis still lists the search (its spend is waste), flagged, and proposes no negative for it.
    const waste = (await callToolOk(apiKey, 'analyze_wasted_spend', { min_spend: 0.02 })).structured!;
    const listed = (waste.search_terms as Row[]).find((t) => t.campaign_id === term.campaign_id && t.search_term === term.search_term);
    if (listed) expect(listed.blocks_live_keyword).toBe(true);
    const proposed = (waste.actions as { tool: string; arguments: { campaign_id?: string; keywords?: { text: string }[] } }[])
      .filter((a) => a.tool === 'add_negative_keywords' && a.arguments.campaign_id === term.campaign_id)
      .flatMap((a) => (a.arguments.keywords ?? []).map((k) => k.text.toLowerCase()));
    expect(proposed).not.toContain(String(term.search_term).toLowerCase());
  }, 180_000);
});

describe('deskads: negatives that block live keywords', () => {
  it('add_deskads_negative_keywords refuses a negative that blocks an active keyword, and adds it with allow_blocking_keywords', async () => {
    const { apiKey } = await createTestOwner({ accounts: { deskads: 1 } });
    const keywords = (await callToolOk(apiKey, 'list_deskads_keywords', { limit: 200 })).structured!.keywords as Row[];
    const keyword = keywords.find((k) => k.status === 'Active')!;
    const args = { ad_group_id: keyword.ad_group_id, negatives: [{ text: keyword.text, match_type: 'Exact' }] };
    const refused = await callTool(apiKey, 'add_deskads_negative_keywords', args);
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({
      code: 'negative_blocks_keyword',
      blocked: [expect.objectContaining({ keyword: keyword.text, keyword_id: keyword.id })],
    });
    const added = await callToolOk(apiKey, 'add_deskads_negative_keywords', { ...args, allow_blocking_keywords: true });
    expect((added.structured!.added as Row[]).map((n) => n.text)).toEqual([keyword.text]);
  }, 120_000);
});

describe('retailads: negatives that block live keywords', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({ accounts: { retailads: 1 } }));
  }, 60_000);

  it('add_retailads_negative_keywords refuses a campaign negative that blocks an enabled keyword (and allows it with the flag)', async () => {
    const keywords = (await callToolOk(apiKey, 'list_retailads_keywords', { state_filter: ['ENABLED'] })).structured!.keywords as Row[];
    const keyword = keywords[0]!;
    const args = {
      negative_keywords: [{ campaignId: keyword.campaign_id, keywordText: keyword.keyword_text, matchType: 'NEGATIVE_PHRASE' }],
    };
    const refused = await callTool(apiKey, 'add_retailads_negative_keywords', args);
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({
      code: 'negative_blocks_keyword',
      blocked: expect.arrayContaining([expect.objectContaining({ keyword: keyword.keyword_text, keyword_id: keyword.id })]),
    });
    const added = await callToolOk(apiKey, 'add_retailads_negative_keywords', { ...args, allow_blocking_keywords: true });
    expect(added.structured!.created).toBe(1);
  }, 60_000);

  it('add_retailads_sb_negative_keywords refuses a negative that blocks an enabled keyword of the ad group', async () => {
    const keywords = (await callToolOk(apiKey, 'list_retailads_sb_keywords', { state_filter: ['enabled'] })).structured!
      .sb_keywords as Row[];
    const keyword = keywords[0]!;
    const refused = await callTool(apiKey, 'add_retailads_sb_negative_keywords', {
      negative_keywords: [
        { campaignId: keyword.campaign_id, adGroupId: keyword.ad_group_id, keywordText: keyword.keyword_text, matchType: 'negativeExact' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content?.code).toBe('negative_blocks_keyword');
  }, 60_000);

  it('search terms are what shoppers typed, never a product targeting expression (asinSameAs=…)', async () => {
    const rows = (await callToolOk(apiKey, 'get_retailads_search_terms', { search: 'asinSameAs' })).structured!.rows as Row[];
    const targeted = rows.filter((r) => /=/.test(r.targeting ?? ''));
    expect(targeted.length).toBeGreaterThan(0);
    expect(rows.filter((r) => /asin\w*=|category\w*=/i.test(r.search_term)).map((r) => r.search_term)).toEqual([]);
  }, 60_000);

  it('analyze_retailads_wasted_spend proposes no negative that blocks a live keyword, and its calls work as given', async () => {
    const waste = (await callToolOk(apiKey, 'analyze_retailads_wasted_spend', { min_spend: 0.5 })).structured!;
    const actions = waste.actions as { tool: string; arguments: Record<string, unknown> }[];
    expect(actions.length).toBeGreaterThan(0);
    const live = [
      ...((await callToolOk(apiKey, 'list_retailads_keywords', { state_filter: ['ENABLED'] })).structured!.keywords as Row[]),
      ...((await callToolOk(apiKey, 'list_retailads_sb_keywords', { state_filter: ['enabled'] })).structured!.sb_keywords as Row[]),
    ];
    const blocking = actions.flatMap((a) =>
      ((a.arguments.negative_keywords ?? []) as Row[])
        .filter((n) =>
          live.some(
            (k) => k.ad_group_id === n.adGroupId && negativeBlocks({ text: n.keywordText, match_type: n.matchType }, k.keyword_text),
          ),
        )
        .map((n) => n.keywordText),
    );
    expect(blocking).toEqual([]);
    for (const action of actions) {
      const result = await callTool(apiKey, action.tool, action.arguments);
      expect([action.tool, result.status, result.body.error ?? '']).toEqual([action.tool, 200, '']);
    }
  }, 180_000);
});
