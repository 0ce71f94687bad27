/**
 * The socialads families: list, structure and performance readers, and the planned updates of
 * campaigns, ad sets and ads (pause, resume, budgets, targeting, creative), with a day in the life
 * of a marketer: find the waste, pause it, move its budget to the winner, verify.
 */
import * as v from 'valibot';
import { REGISTRY } from '../../../functions/all-tools';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

let apiKey: string;
type Row = {
  id: string;
  name: string;
  status: string;
  objective: string;
  budget_level: string;
  daily_budget: number | null;
  metrics: Record<string, any>;
};
let campaigns: Row[];

/** Calls a tool, expects 200, and checks data.structured against the tool's declared output schema. */
async function ok(tool: string, args: Record<string, unknown> = {}) {
  const data = await callToolOk(apiKey, tool, args);
  const schema = REGISTRY.get(tool)!.output;
  if (schema && !args.dry_run) v.parse(schema, data.structured);
  return data;
}

beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { socialads: 1 } }));
  campaigns = (await ok('list_socialads_campaigns')).structured!.campaigns;
});

const byName = (name: string) => campaigns.find((c) => c.name === name)!;

describe('socialads readers', () => {
  it('list campaigns with each objective judged on its own metric', async () => {
    const awareness = byName('Brand Awareness - Video');
    expect(awareness.metrics.result_type).toBe('thruplays');
    expect(awareness.metrics.cpa).toBeUndefined();
    const sales = byName('Catalog Sales - Conversions');
    expect(sales.metrics.result_type).toBe('purchases');
    expect(typeof sales.metrics.roas).toBe('number');
    expect(byName('Lead Gen - Catalog Request').metrics.result_type).toBe('leads');
    expect(byName('Catalog - Dynamic Product Ads').budget_level).toBe('campaign');
  });

  it.each([
    ['get_socialads_campaign_details', () => ({ campaign_id: byName('Catalog Sales - Conversions').id }), 'ad_sets'],
    ['get_socialads_campaign_performance', () => ({ campaign_id: byName('Spring Sale - Traffic').id, lookback_days: 7 }), 'daily'],
    ['get_socialads_adset_performance', () => ({ campaign_id: byName('Catalog Sales - Conversions').id }), 'ad_sets'],
    ['get_socialads_ad_performance', () => ({}), 'ads'],
    ['get_socialads_audience_insights', () => ({ breakdown: 'publisher_platform' }), 'rows'],
    ['analyze_socialads_audiences', () => ({ campaign_id: byName('Catalog Sales - Conversions').id }), 'recommendations'],
    ['optimize_socialads_placements', () => ({}), 'suggestions'],
    ['get_socialads_ad_creatives', () => ({ campaign_id: byName('Catalog Sales - Conversions').id }), 'creatives'],
  ])('%s answers with figures', async (tool, args, key) => {
    const data = await ok(tool, args());
    expect((data.structured![key] as unknown[]).length).toBeGreaterThan(0);
    expect(data.text).toMatch(/^## /);
  });

  it('breakdown rows add up to the campaign figures of the same dates', async () => {
    const sales = byName('Catalog Sales - Conversions');
    const window = { start_date: '2026-10-01', end_date: '2026-10-31' };
    const perf = (await ok('get_socialads_campaign_performance', { campaign_id: sales.id, ...window })).structured!.campaigns[0].metrics;
    for (const breakdown of ['age', 'gender', 'platform_position', 'impression_device']) {
      const rows = (await ok('get_socialads_audience_insights', { campaign_id: sales.id, breakdown, ...window })).structured!.rows as {
        spend: number;
        conversions: number;
        impressions: number;
      }[];
      expect(Math.round(rows.reduce((s, r) => s + r.spend, 0) * 100)).toBe(Math.round(perf.spend * 100));
      expect(rows.reduce((s, r) => s + r.conversions, 0)).toBe(perf.conversions);
      expect(rows.reduce((s, r) => s + r.impressions, 0)).toBe(perf.impressions);
    }
  });

  it.each([
    ['get_socialads_campaign_details', { campaign_id: '999999999' }, 'list_socialads_campaigns'],
    ['get_socialads_adset_performance', { campaign_id: '999999999' }, 'list_socialads_campaigns'],
    ['get_socialads_ad_performance', { ad_set_id: '999999999' }, 'list_socialads_ad_sets'],
    ['get_socialads_ad_creatives', { ad_id: '999999999' }, 'list_socialads_ads'],
    ['list_socialads_campaigns', { start_date: '2026-10-05', end_date: '2026-10-01' }, 'start_date'],
    ['get_socialads_campaign_performance', { start_date: '2026-10-01', end_date: '2099-01-01' }, 'yesterday'],
    ['get_socialads_audience_insights', { breakdown: 'country' }, 'breakdown'],
  ])('%s refuses bad input with a 400 that says what to do', async (tool, args, hint) => {
    const result = await callTool(apiKey, tool, args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(hint);
  });
});

describe('socialads updates', () => {
  it('a dry run plans the change and changes nothing', async () => {
    const traffic = byName('Spring Sale - Traffic');
    const plan = await callToolOk(apiKey, 'update_socialads_campaign', { campaign_id: traffic.id, daily_budget: 75, dry_run: true });
    expect(plan.structured!.dry_run).toBe(true);
    expect(plan.structured!.budgets).toEqual([expect.objectContaining({ before: 60, after: 75 })]);
    const again = (await ok('list_socialads_campaigns')).structured!.campaigns.find((c: Row) => c.id === traffic.id);
    expect(again.daily_budget).toBe(60);
  });

  it('pause and resume a campaign; the change shows in the next read and a repeat changes nothing', async () => {
    const leads = byName('Lead Gen - Catalog Request');
    const paused = await ok('pause_socialads_campaign', { campaign_id: leads.id });
    expect(paused.structured!.changes).toEqual([{ field: 'status', before: 'ACTIVE', after: 'PAUSED' }]);
    expect((await ok('list_socialads_campaigns', { status: 'PAUSED' })).structured!.campaigns.map((c: Row) => c.id)).toContain(leads.id);
    const again = await ok('pause_socialads_campaign', { campaign_id: leads.id });
    expect(again.structured!.changed).toBe(false);
    expect(again.text).toContain('nothing changed');
    expect(
      REGISTRY.get('pause_socialads_campaign')!.undo!(
        {
          summary: '',
          changes: [{ action: 'update', entity: 'campaign', fields: {} }],
          data: { kind: 'campaign', id: leads.id, name: '', before: { status: 'ACTIVE' }, after: { status: 'PAUSED' } },
        },
        {},
      ),
    ).toEqual({ tool: 'resume_socialads_campaign', arguments: { campaign_id: leads.id } });
    await ok('resume_socialads_campaign', { campaign_id: leads.id });
  });

  it('edits ad set targeting and an ad, undo restores the before values', async () => {
    const sets = (await ok('get_socialads_adset_performance', { campaign_id: byName('Catalog Sales - Conversions').id })).structured!
      .ad_sets as Row[];
    const hiking = (await ok('search_socialads_targeting', { query: 'hiking' })).structured!.options[0];
    const changed = await ok('update_socialads_ad_set', { ad_set_id: sets[0].id, age_min: 25, interest_ids: [hiking.id] });
    expect(changed.structured!.changes[0].after).toMatchObject({ age_min: 25, interests: [{ id: hiking.id, name: 'Hiking' }] });
    const details = (
      await ok('get_socialads_campaign_details', { campaign_id: byName('Catalog Sales - Conversions').id })
    ).structured!.ad_sets.find((s: any) => s.id === sets[0].id);
    expect(details.targeting.age_min).toBe(25);
    const ad = details.ads[0];
    const edited = await ok('update_socialads_ad', { ad_id: ad.id, headline: 'New headline here' });
    expect(edited.structured!.notes.join(' ')).toContain('review');
    // Undo: the call the family builds from the before values puts the targeting back.
    const undo = REGISTRY.get('update_socialads_ad_set')!.undo!(
      {
        summary: '',
        changes: [],
        data: {
          kind: 'ad_set',
          id: sets[0].id,
          name: '',
          before: { targeting: { ...details.targeting, age_min: 18, interests: [] } },
          after: { targeting: details.targeting },
        },
      },
      {},
    )!;
    expect(undo.tool).toBe('update_socialads_ad_set');
    await ok(undo.tool, undo.arguments);
    const restored = (
      await ok('get_socialads_campaign_details', { campaign_id: byName('Catalog Sales - Conversions').id })
    ).structured!.ad_sets.find((s: any) => s.id === sets[0].id);
    expect(restored.targeting.age_min).toBe(18);
    expect(restored.targeting.interests).toEqual([]);
  });

  it.each([
    ['update_socialads_ad_set', () => ({ ad_set_id: campaigns.length && '999999999', status: 'PAUSED' }), 'list_socialads_ad_sets'],
    ['update_socialads_campaign', () => ({ campaign_id: byName('Spring Sale - Traffic').id }), 'at least one field'],
    [
      'update_socialads_campaign',
      () => ({ campaign_id: byName('Spring Sale - Traffic').id, daily_budget: 50, lifetime_budget: 500 }),
      'mutually exclusive',
    ],
    ['update_socialads_campaign', () => ({ campaign_id: byName('Spring Sale - Traffic').id, daily_budget: 0.5 }), 'at least 1'],
    ['update_socialads_campaign', () => ({ campaign_id: byName('Retargeting - Holiday 2025').id, status: 'ACTIVE' }), 'ARCHIVED'],
    ['update_socialads_campaign', () => ({ campaign_id: byName('Brand Awareness - Video').id, daily_budget: 40 }), 'lifetime budget'],
    [
      'update_socialads_catalog_campaign',
      () => ({ campaign_id: byName('Spring Sale - Traffic').id, status: 'PAUSED' }),
      'update_socialads_campaign',
    ],
    ['update_socialads_campaign', () => ({ campaign_id: byName('Spring Sale - Traffic').id, end_date: '2020-01-01' }), 'in the past'],
    ['update_socialads_ad_set', () => ({ ad_set_id: '123456789', age_min: 50, age_max: 30 }), 'age_min'],
    ['update_socialads_ad_set', () => ({ ad_set_id: '123456789', publisher_platforms: ['instagram'] }), 'publisher_platforms'],
    ['pause_socialads_campaign', () => ({ campaign_id: 'abc' }), 'list_socialads_campaigns'],
  ])('%s refuses a broken rule (%#)', async (tool, args, hint) => {
    const result = await callTool(apiKey, tool, args());
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(hint);
  });

  it('refuses an ad set budget under a campaign budget, naming the campaign tool', async () => {
    const sets = (await ok('get_socialads_adset_performance', { campaign_id: byName('Catalog Sales - Conversions').id })).structured!
      .ad_sets as Row[];
    const result = await callTool(apiKey, 'update_socialads_ad_set', { ad_set_id: sets[0].id, daily_budget: 30 });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('update_socialads_campaign');
  });
});

describe('a day in the life of a socialads marketer', () => {
  it('finds the waste, pauses it, moves its budget to the winner and verifies', async () => {
    // Find the waste.
    const waste = (await ok('analyze_socialads_wasted_spend')).structured!;
    const worst = waste.findings[0];
    expect(worst.action.tool).toMatch(/^update_socialads_(ad|ad_set)$|^pause_socialads_campaign$/);
    // Pause it with the tool the analysis names.
    await ok(worst.action.tool, worst.action.arguments);
    const paused = (await ok('get_socialads_ad_performance', { status: 'PAUSED' })).structured!.ads.map((a: { id: string }) => a.id);
    if (worst.level === 'ad') expect(paused).toContain(worst.id);
    // Move budget to the winner.
    const plan = (await ok('optimize_socialads_budget')).structured!;
    const move = plan.moves.find((m: any) => m.direction === 'increase');
    expect(move).toBeDefined();
    await ok(move.action.tool, move.action.arguments);
    // Verify.
    const budgetNow =
      move.level === 'campaign'
        ? (await ok('list_socialads_campaigns')).structured!.campaigns.find((c: Row) => c.id === move.id).daily_budget
        : (await ok('get_socialads_adset_performance')).structured!.ad_sets.find((s: Row) => s.id === move.id).daily_budget;
    expect(budgetNow).toBe(move.proposed_daily_budget);
    expect(move.proposed_daily_budget).toBeGreaterThan(move.current_daily_budget);
    // The waste no longer shows up as waste.
    const again = (await ok('analyze_socialads_wasted_spend')).structured!.findings.map((f: { id: string }) => f.id);
    expect(again).not.toContain(worst.id);
  });
});
