/**
 * The proads write tools: each write shows up in the next read, a dry run changes nothing, every
 * create starts where it cannot spend, undo calls revert, and each rule refuses with a 400.
 */
import { REGISTRY } from '../../../functions/all-tools';
import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Campaign = {
  id: string;
  name: string;
  status: string;
  format: string;
  objective_type: string;
  daily_budget: number;
  total_budget?: number;
  campaign_group_id: string;
  end_date?: string;
  targeting?: { include: Record<string, string[]>; exclude?: Record<string, string[]> };
  metrics: { spend: number };
};
type Creative = { id: string; name: string; status: string; campaign_id: string; headline: string; format: string };
type Group = { id: string; name: string; status: string; total_budget?: number };

let apiKey: string;
let campaigns: Campaign[];
let creatives: Creative[];
let groups: Group[];
let imageAsset: string;
const targeting = { include: { locations: ['geo:us'], seniorities: ['seniority:6', 'seniority:7'] } };
const tomorrow = () => addDays(isoDate(new Date()), 1);

const listCampaigns = async () =>
  (
    await callToolOk(apiKey, 'list_proads_campaigns', {
      status: ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED', 'DRAFT', 'CANCELED', 'PENDING_DELETION'],
    })
  ).structured!.campaigns as Campaign[];
const campaign = async (id: string) => (await listCampaigns()).find((c) => c.id === id)!;
const byName = (name: string) => campaigns.find((c) => c.name.startsWith(name))!;
const openGroup = () => groups.find((g) => g.name === 'Brand & Product Launch')!;

beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { proads: 1 } }));
  campaigns = await listCampaigns();
  creatives = (await callToolOk(apiKey, 'list_proads_creatives', {})).structured!.creatives as Creative[];
  groups = (await callToolOk(apiKey, 'list_proads_campaign_groups', { status: ['ACTIVE', 'ARCHIVED'] })).structured!
    .campaign_groups as Group[];
  imageAsset = ((await callToolOk(apiKey, 'discover_proads_assets', { kind: 'IMAGE' })).structured!.assets as { id: string }[])[0]!.id;
});

describe('proads status tools', () => {
  it('pause, resume, archive and reactivate a campaign; each shows in the next list and undo names the reverse tool', async () => {
    const hr = byName('Mid-Funnel - HR Leaders');
    const steps: [string, string][] = [
      ['pause_proads_campaign', 'PAUSED'],
      ['resume_proads_campaign', 'ACTIVE'],
      ['archive_proads_campaign', 'ARCHIVED'],
      ['reactivate_proads_campaign', 'PAUSED'],
      ['resume_proads_campaign', 'ACTIVE'],
    ];
    for (const [tool, status] of steps) {
      const data = await callToolOk(apiKey, tool, { campaign_id: hr.id });
      expect(data.structured).toMatchObject({ changed: true, status });
      expect((await campaign(hr.id)).status).toBe(status);
    }
    const again = await callToolOk(apiKey, 'resume_proads_campaign', { campaign_id: hr.id });
    expect(again.structured!.changed).toBe(false);
    expect(again.text).toContain('Nothing changed');
    const pause = REGISTRY.get('pause_proads_campaign')!;
    expect(
      pause.undo!(
        {
          summary: '',
          changes: [{ action: 'update', entity: 'campaign', id: hr.id, fields: { status: { before: 'ACTIVE', after: 'PAUSED' } } }],
          data: { entity: { id: hr.id } },
        } as never,
        {},
      ),
    ).toEqual({ tool: 'resume_proads_campaign', arguments: { campaign_id: hr.id } });
  });

  it('a dry run answers the plan and changes nothing', async () => {
    const itdm = byName('Demand Gen - IT Decision Makers');
    const dry = await callToolOk(apiKey, 'pause_proads_campaign', { campaign_id: itdm.id, dry_run: true });
    expect(dry.structured).toMatchObject({
      dry_run: true,
      changes: [{ action: 'update', entity: 'campaign', id: itdm.id, fields: { status: { before: 'ACTIVE', after: 'PAUSED' } } }],
    });
    expect((await campaign(itdm.id)).status).toBe('ACTIVE');
  });

  it('pauses and resumes a creative, noting when its campaign holds it back', async () => {
    const cr = creatives.find((c) => c.name === 'HR Leaders - Survey results')!;
    expect((await callToolOk(apiKey, 'pause_proads_creative', { creative_id: cr.id })).structured!.status).toBe('PAUSED');
    const listed = (await callToolOk(apiKey, 'list_proads_creatives', { campaign_id: cr.campaign_id })).structured!.creatives as Creative[];
    expect(listed.find((c) => c.id === cr.id)!.status).toBe('PAUSED');
    expect((await callToolOk(apiKey, 'resume_proads_creative', { creative_id: cr.id })).structured!.status).toBe('ACTIVE');
    const draftCreative = creatives.find((c) => c.name.startsWith('Field event'))!;
    const resumed = await callToolOk(apiKey, 'resume_proads_creative', { creative_id: draftCreative.id, dry_run: true });
    expect(resumed.structured!.notes.join(' ')).toContain('resume_proads_campaign');
  });

  it.each([
    ['pause_proads_campaign', () => ({ campaign_id: byName('Webinar Promo').id }), 'only a ACTIVE campaign can be paused'],
    ['resume_proads_campaign', () => ({ campaign_id: byName('Webinar Promo').id }), 'COMPLETED'],
    ['reactivate_proads_campaign', () => ({ campaign_id: byName('Demand Gen').id }), 'only a ARCHIVED campaign'],
    ['pause_proads_campaign', () => ({ campaign_id: '700000001' }), 'list_proads_campaigns'],
    ['pause_proads_creative', () => ({ creative_id: '800000001' }), 'list_proads_creatives'],
    ['pause_proads_campaign', () => ({ campaign_id: 'abc' }), 'numeric campaign id'],
  ])('%s refuses %#', async (tool, args, message) => {
    const r = await callTool(apiKey, tool, args());
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(message);
  });
});

describe('proads update tools', () => {
  it('changes budget and bid, lists the daily budget in the plan, and undo restores the before values', async () => {
    const cfo = byName('ABM - Named CFO List');
    const dry = await callToolOk(apiKey, 'update_proads_campaign_budget', {
      campaign_id: cfo.id,
      daily_budget: 80,
      unit_cost: 50,
      dry_run: true,
    });
    expect(dry.structured!.budgets).toEqual([{ entity: 'campaign', id: cfo.id, name: cfo.name, before: 50, after: 80, currency: 'USD' }]);
    await callToolOk(apiKey, 'update_proads_campaign_budget', { campaign_id: cfo.id, daily_budget: 80, unit_cost: 50 });
    const after = await campaign(cfo.id);
    expect([after.daily_budget, (after as unknown as { unit_cost: number }).unit_cost]).toEqual([80, 50]);
    const undo = REGISTRY.get('update_proads_campaign_budget')!.undo!(
      { summary: '', changes: [dry.structured!.changes[0]], data: {} } as never,
      {},
    )!;
    expect(undo).toEqual({ tool: 'update_proads_campaign_budget', arguments: { campaign_id: cfo.id, daily_budget: 50, unit_cost: 45 } });
    await callToolOk(apiKey, undo.tool, undo.arguments);
    expect((await campaign(cfo.id)).daily_budget).toBe(50);
  });

  it('sets and removes a lifetime budget and an end date (the lifetime budget as its daily equivalent in the plan)', async () => {
    const sidebar = byName('Text Ads - Desktop Sidebar');
    const plan = await callToolOk(apiKey, 'update_proads_campaign', {
      campaign_id: sidebar.id,
      total_budget: 3000,
      end_date: addDays(isoDate(new Date()), 29),
      dry_run: true,
    });
    expect(plan.structured!.budgets[0]).toMatchObject({ entity: 'campaign_total_budget', after: 100 });
    await callToolOk(apiKey, 'update_proads_campaign', {
      campaign_id: sidebar.id,
      total_budget: 3000,
      end_date: addDays(isoDate(new Date()), 29),
    });
    expect((await campaign(sidebar.id)).total_budget).toBe(3000);
    await callToolOk(apiKey, 'update_proads_campaign_budget', { campaign_id: sidebar.id, remove_total_budget: true });
    await callToolOk(apiKey, 'update_proads_campaign_schedule', { campaign_id: sidebar.id, remove_end_date: true });
    const after = await campaign(sidebar.id);
    expect([after.total_budget, after.end_date]).toEqual([undefined, undefined]);
  });

  it('adds and removes exclusions; the targeting read back shows them', async () => {
    const itdm = byName('Demand Gen - IT Decision Makers');
    await callToolOk(apiKey, 'update_proads_campaign_targeting', {
      campaign_id: itdm.id,
      add_exclusions: { seniorities: ['seniority:3'] },
      remove: { seniorities: ['seniority:3'] },
    });
    const read = (await callToolOk(apiKey, 'get_proads_campaign_targeting', { campaign_id: itdm.id })).structured!;
    expect(read.targeting.exclude).toEqual({ seniorities: ['seniority:3'] });
    expect(read.targeting.include.seniorities).not.toContain('seniority:3');
    expect(read.names['seniority:3']).toBe('Entry');
  });

  it('excluding a value the campaign reaches moves it out of the reach (the waste analysis advice as given)', async () => {
    const reaching = campaigns.find((c) => c.status === 'ACTIVE' && c.targeting?.include.seniorities?.includes('seniority:3'))!;
    await callToolOk(apiKey, 'update_proads_campaign_targeting', {
      campaign_id: reaching.id,
      add_exclusions: { seniorities: ['seniority:3'] },
    });
    const read = (await callToolOk(apiKey, 'get_proads_campaign_targeting', { campaign_id: reaching.id })).structured!;
    expect(read.targeting.exclude.seniorities).toContain('seniority:3');
    expect(read.targeting.include.seniorities).not.toContain('seniority:3');
  });

  it('applies status and budget changes to many campaigns at once, all checked first', async () => {
    const [a, b] = [byName('Lead Gen - 2026 Buyer Guide'), byName('Mid-Funnel - HR Leaders')];
    const data = await callToolOk(apiKey, 'batch_update_proads_campaigns', {
      updates: [
        { campaign_id: a.id, daily_budget: 300 },
        { campaign_id: b.id, status: 'PAUSED', daily_budget: 100 },
      ],
    });
    expect(data.structured!.campaigns).toHaveLength(2);
    const [ra, rb] = [await campaign(a.id), await campaign(b.id)];
    expect([ra.daily_budget, rb.status, rb.daily_budget]).toEqual([300, 'PAUSED', 100]);
    const refused = await callTool(apiKey, 'batch_update_proads_campaigns', {
      updates: [
        { campaign_id: a.id, daily_budget: 310 },
        { campaign_id: '700000001', status: 'PAUSED' },
      ],
    });
    expect(refused.status).toBe(400);
    expect((await campaign(a.id)).daily_budget).toBe(300);
    await callToolOk(apiKey, 'batch_update_proads_campaigns', {
      updates: [
        { campaign_id: b.id, status: 'ACTIVE', daily_budget: 200 },
        { campaign_id: a.id, daily_budget: 250 },
      ],
    });
  });

  it('edits a creative and a campaign group', async () => {
    const text = creatives.find((c) => c.format === 'TEXT_AD')!;
    await callToolOk(apiKey, 'update_proads_creative', { creative_id: text.id, headline: 'Free for 30 days' });
    const listed = (await callToolOk(apiKey, 'list_proads_creatives', { campaign_id: text.campaign_id })).structured!
      .creatives as Creative[];
    expect(listed.find((c) => c.id === text.id)!.headline).toBe('Free for 30 days');
    const group = groups.find((g) => g.name === 'Brand & Product Launch')!;
    await callToolOk(apiKey, 'update_proads_campaign_group', { campaign_group_id: group.id, total_budget: 45000 });
    const after = (
      (await callToolOk(apiKey, 'search_proads_campaign_groups', { query: 'product launch' })).structured!.campaign_groups as Group[]
    )[0]!;
    expect(after.total_budget).toBe(45000);
  });

  it.each([
    ['update_proads_campaign_budget', () => ({ campaign_id: byName('ABM').id, daily_budget: 5 }), 'at least 10'],
    [
      'update_proads_campaign_budget',
      () => ({ campaign_id: byName('ABM').id, total_budget: 100, daily_budget: 200 }),
      'less than the daily budget',
    ],
    ['update_proads_campaign_budget', () => ({ campaign_id: byName('ABM').id, unit_cost: 1 }), 'at least 2'],
    ['update_proads_campaign_budget', () => ({ campaign_id: byName('ABM').id }), 'give at least one of'],
    ['update_proads_campaign_budget', () => ({ campaign_id: byName('ABM').id, total_budget: 500, remove_total_budget: true }), 'not both'],
    [
      'update_proads_campaign_schedule',
      () => ({ campaign_id: byName('ABM').id, end_date: addDays(isoDate(new Date()), -3) }),
      'in the past',
    ],
    ['update_proads_campaign_schedule', () => ({ campaign_id: byName('ABM').id, start_date: tomorrow() }), 'cannot change'],
    [
      'update_proads_campaign_targeting',
      () => ({ campaign_id: byName('ABM').id, add_exclusions: { seniorities: ['seniority:99'] } }),
      'search_proads_targeting',
    ],
    [
      'update_proads_campaign_targeting',
      () => ({ campaign_id: byName('ABM').id, add: { seniorities: ['seniority:7'] }, add_exclusions: { seniorities: ['seniority:7'] } }),
      'both includes and excludes seniorities seniority:7',
    ],
    [
      'update_proads_campaign_targeting',
      () => ({ campaign_id: byName('ABM').id, remove: { locations: ['geo:us', 'geo:ca'] } }),
      'at least one location',
    ],
    [
      'update_proads_campaign_targeting',
      () => ({ campaign_id: byName('ABM').id, add: { job_titles: ['title:chief-financial-officer'] } }),
      'at least 300',
    ],
    ['update_proads_campaign', () => ({ campaign_id: byName('Webinar').id, daily_budget: 90 }), 'COMPLETED'],
    [
      'update_proads_creative',
      () => ({ creative_id: creatives.find((c) => c.format === 'TEXT_AD')!.id, headline: 'A headline far longer than 25' }),
      'allow 25',
    ],
    [
      'update_proads_creative',
      () => ({ creative_id: creatives.find((c) => c.format === 'TEXT_AD')!.id, call_to_action: 'LEARN_MORE' }),
      'no call-to-action',
    ],
    ['batch_update_proads_campaigns', () => ({ updates: [{ campaign_id: byName('ABM').id }] }), 'changes nothing'],
    [
      'batch_update_proads_campaigns',
      () => ({
        updates: [
          { campaign_id: byName('ABM').id, status: 'PAUSED' },
          { campaign_id: byName('ABM').id, daily_budget: 20 },
        ],
      }),
      'twice',
    ],
  ])('%s refuses %#', async (tool, args, message) => {
    const r = await callTool(apiKey, tool, args());
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(message);
  });
});

describe('proads create tools', () => {
  it('creates a group, a campaign of each format with its creative, all unable to spend, and they show in the lists', async () => {
    const group = (await callToolOk(apiKey, 'create_proads_campaign_group', { name: 'Q4 Pipeline', total_budget: 9000 })).structured!
      .created[0];
    expect(group.status).toBe('DRAFT');
    const base = { campaign_group_id: group.id, objective_type: 'WEBSITE_CONVERSION', daily_budget: 60, unit_cost: 7, targeting };
    const made = [
      await callToolOk(apiKey, 'create_proads_image_campaign', {
        ...base,
        name: 'Q4 image',
        intro_text: 'See the numbers.',
        headline: 'Cut costs 31%',
        landing_page_url: 'https://example.com/q4',
        asset_id: imageAsset,
      }),
      await callToolOk(apiKey, 'create_proads_text_campaign', {
        ...base,
        name: 'Q4 text',
        headline: 'Try it free',
        description: 'Set up in minutes.',
        landing_page_url: 'https://example.com/t',
      }),
      await callToolOk(apiKey, 'create_proads_video_campaign', {
        ...base,
        name: 'Q4 video',
        headline: 'Watch',
        landing_page_url: 'https://example.com/v',
        video_url: 'https://example.com/media/q4.mp4',
      }),
      await callToolOk(apiKey, 'create_proads_carousel_campaign', {
        ...base,
        name: 'Q4 carousel',
        intro_text: 'Five steps.',
        cards: [
          { headline: 'Step 1', landing_page_url: 'https://example.com/1', asset_id: imageAsset },
          { headline: 'Step 2', landing_page_url: 'https://example.com/2', image_url: 'https://example.com/media/2.png' },
        ],
      }),
    ];
    const all = await listCampaigns();
    for (const m of made) {
      const [c, cr] = m.structured!.created as { entity: string; id: string; status: string }[];
      expect([c!.entity, c!.status, cr!.entity]).toEqual(['campaign', 'PAUSED', 'creative']);
      expect(all.find((x) => x.id === c!.id)!.campaign_group_id).toBe(group.id);
    }
    const structure = (await callToolOk(apiKey, 'get_proads_campaign_structure', { campaign_id: made[3]!.structured!.created[0].id }))
      .structured!;
    expect(structure.creatives[0].cards).toHaveLength(2);
    expect(structure.creatives[0].cards.every((c: { asset_id: string }) => c.asset_id.startsWith('asset_'))).toBe(true);
    const draft = (await callToolOk(apiKey, 'add_proads_campaign_to_group', { ...base, name: 'Q4 draft', format: 'SINGLE_IMAGE' }))
      .structured!.created[0];
    expect(draft.status).toBe('DRAFT');
    const added = (
      await callToolOk(apiKey, 'add_proads_creative', {
        campaign_id: draft.id,
        intro_text: 'x',
        headline: 'y',
        landing_page_url: 'https://example.com/',
        asset_id: imageAsset,
      })
    ).structured!.created[0];
    expect(added.entity).toBe('creative');
  });

  it('a creative added to an active campaign starts paused; the plan says every create starts paused', async () => {
    const sidebar = byName('Text Ads - Desktop Sidebar');
    const dry = await callToolOk(apiKey, 'add_proads_text_creative', {
      campaign_id: sidebar.id,
      headline: 'Book a demo',
      description: 'Fifteen minutes.',
      landing_page_url: 'https://example.com/demo',
      dry_run: true,
    });
    expect(dry.structured!.changes.every((c: { startsPaused?: boolean }) => c.startsPaused)).toBe(true);
    const made = (
      await callToolOk(apiKey, 'add_proads_text_creative', {
        campaign_id: sidebar.id,
        headline: 'Book a demo',
        description: 'Fifteen minutes.',
        landing_page_url: 'https://example.com/demo',
      })
    ).structured!.created[0];
    expect(made.status).toBe('PAUSED');
  });

  it('clones a campaign paused with its creatives, and batch-creates groups', async () => {
    const ebook = byName('Lead Gen - 2026 Buyer Guide');
    const clone = (await callToolOk(apiKey, 'clone_proads_campaign', { campaign_id: ebook.id, name: 'eBook clone', daily_budget: 40 }))
      .structured!.created as { entity: string; id: string; status: string }[];
    expect(clone[0]).toMatchObject({ entity: 'campaign', status: 'PAUSED' });
    expect(clone.filter((c) => c.entity === 'creative')).toHaveLength(2);
    expect((await campaign(clone[0]!.id)).daily_budget).toBe(40);
    const batch = (await callToolOk(apiKey, 'batch_create_proads_campaign_groups', { groups: [{ name: 'EMEA' }, { name: 'APAC' }] }))
      .structured!.created;
    expect(batch.map((g: { name: string }) => g.name)).toEqual(['EMEA', 'APAC']);
  });

  it.each([
    ['create_proads_campaign_group', () => ({ name: '2026 Demand Generation' }), 'already exists'],
    ['create_proads_campaign_group', () => ({ name: 'Old', start_date: '2020-01-01' }), 'in the past'],
    [
      'add_proads_campaign_to_group',
      () => ({
        campaign_group_id: groups.find((g) => g.status === 'ARCHIVED')!.id,
        name: 'x',
        objective_type: 'WEBSITE_VISIT',
        daily_budget: 20,
        unit_cost: 5,
        targeting,
        format: 'SINGLE_IMAGE',
      }),
      'ARCHIVED',
    ],
    [
      'add_proads_campaign_to_group',
      () => ({
        campaign_group_id: openGroup().id,
        name: 'x',
        objective_type: 'LEAD_GENERATION',
        daily_budget: 20,
        unit_cost: 5,
        targeting,
        format: 'TEXT_AD',
      }),
      'cannot use objective',
    ],
    [
      'create_proads_image_campaign',
      () => ({
        campaign_group_id: openGroup().id,
        name: 'x',
        objective_type: 'WEBSITE_VISIT',
        daily_budget: 20,
        unit_cost: 5,
        targeting,
        intro_text: 'a',
        headline: 'b',
        landing_page_url: 'https://example.com/',
      }),
      'needs `asset_id`',
    ],
    [
      'create_proads_video_campaign',
      () => ({
        campaign_group_id: openGroup().id,
        name: 'x',
        objective_type: 'VIDEO_VIEW',
        daily_budget: 20,
        unit_cost: 5,
        targeting,
        headline: 'b',
        landing_page_url: 'https://example.com/',
        asset_id: imageAsset,
      }),
      'needs a VIDEO',
    ],
    [
      'create_proads_carousel_campaign',
      () => ({
        campaign_group_id: openGroup().id,
        name: 'x',
        objective_type: 'WEBSITE_VISIT',
        daily_budget: 20,
        unit_cost: 5,
        targeting,
        intro_text: 'a',
        cards: [{ headline: 'a', landing_page_url: 'https://example.com/', asset_id: imageAsset }],
      }),
      'at least 2 cards',
    ],
    [
      'add_proads_creative',
      () => ({
        campaign_id: byName('Text Ads').id,
        intro_text: 'a',
        headline: 'b',
        landing_page_url: 'https://example.com/',
        asset_id: imageAsset,
      }),
      'add_proads_text_creative',
    ],
    [
      'add_proads_creative',
      () => ({
        campaign_id: byName('Demand Gen').id,
        intro_text: 'a',
        headline: 'b',
        landing_page_url: 'https://example.com/',
        asset_id: 'asset_nosuchasset1',
      }),
      'discover_proads_assets',
    ],
    [
      'add_proads_creative',
      () => ({
        campaign_id: byName('Demand Gen').id,
        intro_text: 'a',
        headline: 'b',
        landing_page_url: 'https://example.com/',
        image_url: 'https://example.com/a.bmp',
      }),
      'JPG, PNG or GIF',
    ],
    [
      'add_proads_text_creative',
      () => ({ campaign_id: byName('Text Ads').id, headline: 'x'.repeat(26), description: 'd', landing_page_url: 'https://example.com/' }),
      'at most 25',
    ],
  ])('%s refuses %#', async (tool, args, message) => {
    const r = await callTool(apiKey, tool, args());
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(message);
  });
});

describe('proads delete tools', () => {
  it('removes a draft for good, sets one that ran to PENDING_DELETION, and refuses an active campaign', async () => {
    const fresh = await listCampaigns();
    const draft = fresh.find((c) => c.name === 'Draft - Q3 Field Event - Carousel')!;
    const webinar = fresh.find((c) => c.name.startsWith('Webinar Promo'))!;
    const result = (await callToolOk(apiKey, 'batch_delete_proads_campaigns', { campaign_ids: [draft.id, webinar.id] })).structured!.items;
    expect(result.map((i: { result: string }) => i.result)).toEqual(['DELETED', 'PENDING_DELETION']);
    const after = await listCampaigns();
    expect(after.some((c) => c.id === draft.id)).toBe(false);
    expect(after.find((c) => c.id === webinar.id)!.status).toBe('PENDING_DELETION');
    const active = await callTool(apiKey, 'delete_proads_campaign', { campaign_id: byName('Demand Gen').id });
    expect([active.status, active.body.error]).toEqual([400, expect.stringContaining('pause it first')]);
    expect(REGISTRY.get('delete_proads_campaign')!.destructive).toBe(true);
  });

  it('archives a creative by default and deletes a campaign group that ran', async () => {
    const cr = creatives.find((c) => c.name === 'ITDM - Generic product shot')!;
    expect((await callToolOk(apiKey, 'delete_proads_creative', { creative_id: cr.id })).structured!.items[0].result).toBe('ARCHIVED');
    const webinars = groups.find((g) => g.name === 'Q1 Webinars')!;
    expect((await callToolOk(apiKey, 'delete_proads_campaign_group', { campaign_group_id: webinars.id })).structured!.items[0].result).toBe(
      'PENDING_DELETION',
    );
  });
});
