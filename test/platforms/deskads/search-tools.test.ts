/**
 * deskads search management tools on a seeded sandbox account, through HTTP and the chain: every write
 * shows in the next read, every rule has its 400, dry runs change nothing, and a practitioner's day
 * (find the waste → block it → pause it → move budget to the winner → verify) works end to end.
 */
import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

interface Campaign {
  id: string;
  name: string;
  type: string;
  status: string;
  daily_budget: number;
  bid_strategy: string;
  metrics: { spend: number; conversions: number };
}
interface AdGroup {
  id: string;
  name: string;
  campaign_id: string;
  status: string;
  cpc_bid: number;
  metrics: { spend: number };
}
interface Keyword {
  id: string;
  text: string;
  match_type: string;
  status: string;
  ad_group_id: string;
  bid: number;
  own_bid: boolean;
  metrics: { spend: number; conversions: number };
}

describe('deskads search tools', () => {
  let apiKey: string;
  const campaigns = async (args: Record<string, unknown> = {}) =>
    (await callToolOk(apiKey, 'list_deskads_campaigns', { limit: 200, ...args })).structured!.campaigns as Campaign[];
  const adGroups = async (args: Record<string, unknown> = {}) =>
    (await callToolOk(apiKey, 'list_deskads_ad_groups', { limit: 200, ...args })).structured!.ad_groups as AdGroup[];
  const keywords = async (args: Record<string, unknown> = {}) =>
    (await callToolOk(apiKey, 'list_deskads_keywords', { limit: 200, ...args })).structured!.keywords as Keyword[];
  const byName = <T extends { name: string }>(rows: T[], name: string) => rows.find((r) => r.name === name)!;

  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { deskads: 1 } })).apiKey;
  });

  it('list_deskads_campaigns: every campaign with type, budget, bidding and last-30-day figures; filters and sort work', async () => {
    const data = await callToolOk(apiKey, 'list_deskads_campaigns', {});
    const yesterday = addDays(isoDate(new Date()), -1);
    expect(data.structured).toMatchObject({ start_date: addDays(yesterday, -29), end_date: yesterday, total: 5, filtered: 5 });
    const rows = data.structured!.campaigns as Campaign[];
    expect(rows.map((c) => c.type).sort()).toEqual(['PerformanceMax', 'Search', 'Search', 'Search', 'Shopping']);
    expect(byName(rows, 'Search - Hiking Boots').metrics.spend).toBeGreaterThan(0);
    // The campaign paused 30 days ago spent nothing in the window.
    expect(byName(rows, 'Search - Camping Gear')).toMatchObject({ status: 'Paused', metrics: { spend: 0 } });
    expect(data.text).toContain('| Campaign | Id | Type |');
    const search = await campaigns({ type_filter: 'Search', status_filter: 'Active', sort_by: 'spend', sort_order: 'desc' });
    expect(search.map((c) => c.name)).toEqual(
      ['Search - Hiking Boots', 'Search - Brand'].sort((a, b) => byName(rows, b).metrics.spend - byName(rows, a).metrics.spend),
    );
  });

  it.each([
    [
      'list_deskads_campaigns',
      { start_date: '2026-01-10', end_date: '2026-01-01' },
      '`start_date` (2026-01-10) must not be after `end_date`',
    ],
    ['list_deskads_campaigns', { end_date: addDays(isoDate(new Date()), 3) }, 'in the future'],
    ['list_deskads_campaigns', { status_filter: 'Running' }, 'unknown value(s) "Running"'],
    ['list_deskads_campaigns', { limit: 5 }, '`limit`'],
    ['list_deskads_ad_groups', { campaign_id: '999' }, 'No campaign 999'],
    ['list_deskads_keywords', { ad_group_id: '999' }, 'No ad group 999'],
    ['list_deskads_keywords', { type_filter: 'Fuzzy' }, 'unknown value(s) "Fuzzy"'],
    ['list_deskads_negative_keywords', { campaign_id: 'abc' }, 'numeric campaign id'],
    ['update_deskads_campaign', { campaign_id: '1' }, 'give at least one setting'],
    ['update_deskads_campaign', { campaign_id: '1', bid_strategy: 'TargetCpa' }, 'TargetCpa needs `target_cpa`'],
    ['update_deskads_campaign', { campaign_id: '1', bid_strategy: 'ManualCpc', target_cpa: 5 }, '`target_cpa` only goes with'],
    ['update_deskads_campaign', { campaign_id: '1', daily_budget: 0.01 }, 'must be at least 0.05'],
    ['update_deskads_campaign', { campaign_id: '1', status: 'Deleted' }, '`status`'],
    ['update_deskads_campaign', { campaign_id: '999', name: 'X' }, 'No campaign 999'],
    ['pause_deskads_campaign', { campaign_id: '999' }, 'No campaign 999'],
    ['create_deskads_ad_group', { campaign_id: '1', name: 'X', cpc_bid: 0 }, 'must be greater than 0'],
    ['update_deskads_ad_group', { ad_group_id: '1' }, 'give at least one setting'],
    ['update_deskads_ad_group', { ad_group_id: '1', start_date: '2030-02-01', end_date: '2030-01-01' }, 'must not be after `end_date`'],
    ['add_deskads_keywords', { ad_group_id: '1', keywords: [] }, 'at least one keyword'],
    ['add_deskads_keywords', { ad_group_id: '1', keywords: [{ text: 'a'.repeat(101), match_type: 'Exact' }] }, 'at most 100 characters'],
    ['add_deskads_keywords', { ad_group_id: '1', keywords: [{ text: 'boots?', match_type: 'Exact' }] }, 'must not contain the characters'],
    [
      'add_deskads_keywords',
      {
        ad_group_id: '1',
        keywords: [
          { text: 'boots', match_type: 'Exact' },
          { text: 'Boots', match_type: 'Exact' },
        ],
      },
      'is listed twice',
    ],
    [
      'add_deskads_keywords',
      { ad_group_id: '1', keywords: [{ text: 'boots', match_type: 'Exact', final_url: 'ftp://x.example' }] },
      'http',
    ],
    ['update_deskads_keywords', { updates: [{ keyword_id: '1' }] }, 'changes nothing'],
    [
      'update_deskads_keywords',
      {
        updates: [
          { keyword_id: '1', bid: 2 },
          { keyword_id: '1', status: 'Paused' },
        ],
      },
      'lists keyword 1 twice',
    ],
    ['update_deskads_keywords', { updates: [{ keyword_id: '999', bid: 2 }] }, 'No keyword 999'],
    ['remove_deskads_keywords', { keyword_ids: [] }, 'at least one keyword id'],
    [
      'add_deskads_negative_keywords',
      { negatives: [{ text: 'free', match_type: 'Exact' }] },
      'exactly one of `campaign_id` and `ad_group_id`',
    ],
    [
      'add_deskads_negative_keywords',
      { campaign_id: '1', ad_group_id: '2', negatives: [{ text: 'free', match_type: 'Exact' }] },
      'exactly one of',
    ],
    [
      'add_deskads_negative_keywords',
      { campaign_id: '1', negatives: [{ text: 'free', match_type: 'Broad' }] },
      '`negatives[0].match_type`',
    ],
    ['remove_deskads_negative_keywords', { negative_keyword_ids: ['999'] }, 'No negative keyword 999'],
  ])('%s %j answers 400 saying %s', async (tool, args, message) => {
    const result = await callTool(apiKey, tool, args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('update_deskads_campaign: a dry run changes nothing; the change shows before → after and in the next read; undo data is the before values', async () => {
    const brand = byName(await campaigns(), 'Search - Brand');
    const preview = await callToolOk(apiKey, 'update_deskads_campaign', {
      campaign_id: brand.id,
      daily_budget: 40,
      bid_strategy: 'TargetCpa',
      target_cpa: 12,
      dry_run: true,
    });
    expect(preview.structured).toMatchObject({
      dry_run: true,
      changes: [
        {
          action: 'update',
          entity: 'campaign',
          id: brand.id,
          fields: {
            daily_budget: { before: 25, after: 40 },
            bid_strategy: { before: 'ManualCpc', after: 'TargetCpa' },
            target_cpa: { before: null, after: 12 },
          },
        },
      ],
      budgets: [{ entity: 'campaign', id: brand.id, before: 25, after: 40 }],
    });
    expect(byName(await campaigns(), 'Search - Brand')).toMatchObject({ daily_budget: 25, bid_strategy: 'ManualCpc' });
    const done = await callToolOk(apiKey, 'update_deskads_campaign', {
      campaign_id: brand.id,
      daily_budget: 40,
      bid_strategy: 'TargetCpa',
      target_cpa: 12,
    });
    expect(done.structured).toMatchObject({ changed: true });
    expect(done.text).toContain('| daily_budget | $25.00 | $40.00 |');
    expect(byName(await campaigns(), 'Search - Brand')).toMatchObject({ daily_budget: 40, bid_strategy: 'TargetCpa' });
    const again = await callToolOk(apiKey, 'update_deskads_campaign', { campaign_id: brand.id, daily_budget: 40 });
    expect(again.structured).toMatchObject({ changed: false });
    // Names are unique in the account.
    const clash = await callTool(apiKey, 'update_deskads_campaign', { campaign_id: brand.id, name: 'search - hiking boots' });
    expect(clash.status).toBe(400);
    expect(clash.body.error).toContain('already named');
  });

  it('pause, resume and delete a campaign: states follow the platform; deleted is final', async () => {
    const camping = byName(await campaigns(), 'Search - Camping Gear');
    const resumed = await callToolOk(apiKey, 'resume_deskads_campaign', { campaign_id: camping.id });
    expect(resumed.structured).toMatchObject({ previous_status: 'Paused', status: 'Active', changed: true });
    expect(resumed.text).toContain('pause_deskads_campaign');
    expect((await callToolOk(apiKey, 'resume_deskads_campaign', { campaign_id: camping.id })).structured).toMatchObject({ changed: false });
    const preview = await callToolOk(apiKey, 'delete_deskads_campaign', { campaign_id: camping.id, dry_run: true });
    expect(preview.structured!.changes).toEqual([
      expect.objectContaining({ action: 'remove', fields: { status: { before: 'Active', after: 'Deleted' } } }),
    ]);
    expect(byName(await campaigns(), 'Search - Camping Gear').status).toBe('Active');
    await callToolOk(apiKey, 'delete_deskads_campaign', { campaign_id: camping.id });
    expect(byName(await campaigns(), 'Search - Camping Gear').status).toBe('Deleted');
    const resume = await callTool(apiKey, 'resume_deskads_campaign', { campaign_id: camping.id });
    expect(resume.status).toBe(400);
    expect(resume.body.error).toContain('is deleted');
    const update = await callTool(apiKey, 'update_deskads_campaign', { campaign_id: camping.id, daily_budget: 10 });
    expect(update.status).toBe(400);
  });

  it('ad groups: create (paused by default), update, pause and resume, each visible in list_deskads_ad_groups', async () => {
    const boots = byName(await campaigns(), 'Search - Hiking Boots');
    const shopping = (await campaigns()).find((c) => c.type === 'Shopping')!;
    const wrongType = await callTool(apiKey, 'create_deskads_ad_group', { campaign_id: shopping.id, name: 'X', cpc_bid: 1 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toContain('Search campaigns');
    const dupe = await callTool(apiKey, 'create_deskads_ad_group', { campaign_id: boots.id, name: 'waterproof boots', cpc_bid: 1 });
    expect(dupe.body.error).toContain('already has an ad group named');
    const preview = await callToolOk(apiKey, 'create_deskads_ad_group', {
      campaign_id: boots.id,
      name: 'Winter Boots',
      cpc_bid: 1.1,
      dry_run: true,
    });
    expect(preview.structured!.changes).toEqual([expect.objectContaining({ action: 'create', entity: 'ad_group', startsPaused: true })]);
    expect((await adGroups({ campaign_id: boots.id })).some((g) => g.name === 'Winter Boots')).toBe(false);
    const created = await callToolOk(apiKey, 'create_deskads_ad_group', { campaign_id: boots.id, name: 'Winter Boots', cpc_bid: 1.1 });
    expect(created.structured).toMatchObject({ status: 'Paused', cpc_bid: 1.1, network: 'OwnedAndOperatedAndSyndicatedSearch' });
    const id = created.structured!.ad_group_id as string;
    expect(byName(await adGroups({ campaign_id: boots.id }), 'Winter Boots')).toMatchObject({
      id,
      status: 'Paused',
      metrics: { spend: 0 },
    });
    const updated = await callToolOk(apiKey, 'update_deskads_ad_group', { ad_group_id: id, cpc_bid: 1.35, name: 'Winter Boots - Exact' });
    expect(updated.structured!.changes).toEqual(expect.arrayContaining([{ field: 'cpc_bid', before: 1.1, after: 1.35 }]));
    await callToolOk(apiKey, 'resume_deskads_ad_group', { ad_group_id: id });
    expect(byName(await adGroups({ campaign_id: boots.id }), 'Winter Boots - Exact')).toMatchObject({ status: 'Active', cpc_bid: 1.35 });
    await callToolOk(apiKey, 'pause_deskads_ad_group', { ad_group_id: id });
    expect(byName(await adGroups({ campaign_id: boots.id }), 'Winter Boots - Exact').status).toBe('Paused');
    const started = byName(await adGroups({ campaign_id: boots.id }), 'Waterproof Boots');
    const restart = await callTool(apiKey, 'update_deskads_ad_group', {
      ad_group_id: started.id,
      start_date: addDays(isoDate(new Date()), 5),
    });
    expect(restart.body.error).toContain('cannot change');
  });

  it('keywords: add (duplicates skipped), update bids and status, remove; negatives: add, list, remove', async () => {
    const group = byName(await adGroups(), 'Trail Runners');
    const added = await callToolOk(apiKey, 'add_deskads_keywords', {
      ad_group_id: group.id,
      keywords: [
        { text: 'trail runners', match_type: 'Phrase' },
        { text: 'waterproof trail shoes', match_type: 'Exact', bid: 1.4 },
      ],
    });
    expect(added.structured).toMatchObject({ created: 1, skipped: 1 });
    expect((added.structured!.results as { outcome: string }[]).map((r) => r.outcome).sort()).toEqual(['created', 'skipped_duplicate']);
    const mine = await keywords({ ad_group_id: group.id });
    const fresh = mine.find((k) => k.text === 'waterproof trail shoes')!;
    expect(fresh).toMatchObject({ match_type: 'Exact', bid: 1.4, own_bid: true, status: 'Active' });
    const runners = mine.find((k) => k.text === 'running shoes')!;
    const changed = await callToolOk(apiKey, 'update_deskads_keywords', {
      updates: [
        { keyword_id: fresh.id, bid: null },
        { keyword_id: runners.id, status: 'Paused' },
      ],
    });
    expect(changed.structured).toMatchObject({ changed: 2 });
    const after = await keywords({ ad_group_id: group.id });
    expect(after.find((k) => k.id === fresh.id)).toMatchObject({ own_bid: false, bid: group.cpc_bid });
    expect(after.find((k) => k.id === runners.id)!.status).toBe('Paused');
    const removed = await callToolOk(apiKey, 'remove_deskads_keywords', { keyword_ids: [fresh.id] });
    expect(removed.structured!.deleted).toEqual([{ keyword_id: fresh.id, text: 'waterproof trail shoes', previous_status: 'Active' }]);
    expect((await keywords({ ad_group_id: group.id, status_filter: 'Deleted' })).map((k) => k.id)).toEqual([fresh.id]);
    const again = await callTool(apiKey, 'update_deskads_keywords', { updates: [{ keyword_id: fresh.id, status: 'Active' }] });
    expect(again.body.error).toContain('is deleted');

    const negatives = await callToolOk(apiKey, 'add_deskads_negative_keywords', {
      ad_group_id: group.id,
      negatives: [
        { text: 'kids', match_type: 'Phrase' },
        { text: 'repair', match_type: 'Exact' },
      ],
    });
    const ids = (negatives.structured!.added as { id: string }[]).map((n) => n.id);
    expect(ids).toHaveLength(2);
    const skip = await callToolOk(apiKey, 'add_deskads_negative_keywords', {
      ad_group_id: group.id,
      negatives: [{ text: 'Kids', match_type: 'Phrase' }],
    });
    expect(skip.structured).toMatchObject({ added: [], skipped: [{ text: 'Kids', match_type: 'Phrase' }] });
    const listed = await callToolOk(apiKey, 'list_deskads_negative_keywords', { campaign_id: group.campaign_id });
    expect((listed.structured!.negative_keywords as { id: string }[]).map((n) => n.id)).toEqual(expect.arrayContaining(ids));
    await callToolOk(apiKey, 'remove_deskads_negative_keywords', { negative_keyword_ids: ids });
    const left = (await callToolOk(apiKey, 'list_deskads_negative_keywords', { campaign_id: group.campaign_id })).structured!
      .negative_keywords as { id: string }[];
    expect(left.some((n) => ids.includes(n.id))).toBe(false);
  });

  it('a day in the life: find the wasting keyword, block its searches, pause it, move budget to the winner, verify', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 1 } });
    const key = owner.apiKey;
    const list = async (tool: string, field: string, args: Record<string, unknown> = {}) =>
      (await callToolOk(key, tool, { limit: 200, ...args })).structured![field] as any[];
    // 1. Where does money go without conversions?
    const all = (await list('list_deskads_keywords', 'keywords', {
      status_filter: 'Active',
      sort_by: 'spend',
      sort_order: 'desc',
    })) as Keyword[];
    const waste = all.find((k) => k.metrics.spend > 0 && k.metrics.conversions === 0)!;
    expect(waste).toBeDefined();
    const listing = await callToolOk(key, 'list_deskads_keywords', { status_filter: 'Active' });
    expect(listing.text).toContain('add_deskads_negative_keywords');
    // 2. Block the searches and pause the keyword.
    const group = ((await list('list_deskads_ad_groups', 'ad_groups')) as AdGroup[]).find((g) => g.id === waste.ad_group_id)!;
    await callToolOk(key, 'add_deskads_negative_keywords', {
      campaign_id: group.campaign_id,
      negatives: [{ text: 'cheap', match_type: 'Phrase' }],
    });
    await callToolOk(key, 'update_deskads_keywords', { updates: [{ keyword_id: waste.id, status: 'Paused' }] });
    // 3. Raise the budget of the campaign with the best cost per conversion.
    const rows = (await list('list_deskads_campaigns', 'campaigns', { type_filter: 'Search', status_filter: 'Active' })) as (Campaign & {
      metrics: { cpa: number | null };
    })[];
    const winner = rows.filter((c) => c.metrics.cpa !== null).sort((a, b) => a.metrics.cpa! - b.metrics.cpa!)[0]!;
    await callToolOk(key, 'update_deskads_campaign', {
      campaign_id: winner.id,
      daily_budget: Math.round(winner.daily_budget * 1.2 * 100) / 100,
    });
    // 4. Verify: the keyword is paused, the negative is there, the budget is raised; past figures did not move.
    const after = (await list('list_deskads_keywords', 'keywords')) as Keyword[];
    expect(after.find((k) => k.id === waste.id)).toMatchObject({ status: 'Paused', metrics: waste.metrics });
    const negatives = (await list('list_deskads_negative_keywords', 'negative_keywords', { campaign_id: group.campaign_id })) as {
      text: string;
    }[];
    expect(negatives.map((n) => n.text)).toContain('cheap');
    const campaignsAfter = (await list('list_deskads_campaigns', 'campaigns')) as Campaign[];
    expect(campaignsAfter.find((c) => c.id === winner.id)).toMatchObject({
      daily_budget: Math.round(winner.daily_budget * 1.2 * 100) / 100,
      metrics: winner.metrics,
    });
  });
});
