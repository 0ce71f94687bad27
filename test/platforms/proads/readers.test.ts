/**
 * The proads readers, analytics, targeting, conversion and content tools, and a day in the life of
 * a marketer: find the waste, pause it, move its budget to the winner, exclude the wasteful segment,
 * and verify, with the past unchanged.
 */
import { REGISTRY } from '../../../functions/all-tools';
import { addDays, isoDate } from '../../../core/dates';
import type { ProAdsCampaign } from '../../../platforms/proads/port';
import {
  deliveredCreativeDays,
  segmentDays,
  type StoredCampaign,
  type StoredCreative,
  type StoredSegment,
} from '../../../platforms/proads/sandbox/delivery';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Metrics = { spend: number; conversions: number; impressions: number; clicks: number };
type Campaign = {
  id: string;
  name: string;
  status: string;
  format: string;
  objective_type: string;
  daily_budget: number;
  metrics: Metrics;
};

let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { proads: 1 } }));
});

const yesterday = () => addDays(isoDate(new Date()), -1);
const window = () => ({ start_date: addDays(yesterday(), -29), end_date: yesterday() });
const listed = async () => (await callToolOk(apiKey, 'list_proads_campaigns', window())).structured!.campaigns as Campaign[];

describe('proads readers agree with each other and with the analyses', () => {
  it('list, performance and the wasted-spend analysis show the same spend for the same dates; daily rows add up', async () => {
    const campaigns = await listed();
    const perf = (await callToolOk(apiKey, 'get_proads_campaign_performance', { ...window(), time_granularity: 'daily' })).structured!;
    const waste = (await callToolOk(apiKey, 'analyze_proads_wasted_spend', { ...window(), raw_data: true })).structured!;
    for (const row of perf.campaigns as {
      campaign_id: string;
      metrics: Metrics;
      days: { spend: number }[];
      result: string;
      results: number;
    }[]) {
      const c = campaigns.find((x) => x.id === row.campaign_id)!;
      expect(row.metrics.spend).toBe(c.metrics.spend);
      expect((waste.campaigns as { campaign_id: string; metrics: Metrics }[]).find((w) => w.campaign_id === c.id)!.metrics.spend).toBe(
        c.metrics.spend,
      );
      expect(row.days.reduce((s, d) => s + d.spend, 0)).toBeCloseTo(row.metrics.spend, 1);
      if (c.objective_type === 'LEAD_GENERATION') expect(row.result).toBe('leads');
      if (c.objective_type === 'VIDEO_VIEW') expect(row.result).toBe('video_views');
    }
  });

  it('the segments of each breakdown add up to the account, and exclusions are named with the tool that makes them', async () => {
    const data = await callToolOk(apiKey, 'get_proads_audience_insights', window());
    const s = data.structured!;
    for (const breakdown of ['seniority', 'job_function', 'industry', 'company_size']) {
      const rows = (s.segments as { breakdown: string; metrics: Metrics }[]).filter((r) => r.breakdown === breakdown);
      expect(rows.reduce((sum, r) => sum + r.metrics.spend, 0)).toBeCloseTo(s.account.spend, 1);
    }
    expect((s.segments as { id: string; verdict: string }[]).find((r) => r.id === 'seniority:3')!.verdict).toBe('exclude');
    expect(data.text).toContain('update_proads_campaign_targeting');
  });

  it('engagement: leads are the lead-gen conversions, text ads have no social actions, video has completions', async () => {
    const campaigns = await listed();
    const rows = (await callToolOk(apiKey, 'get_proads_engagement_metrics', window())).structured!.campaigns as {
      campaign_id: string;
      format: string;
      engagement: Record<string, number>;
      lead_form_completion_rate: number | null;
    }[];
    for (const r of rows) {
      const c = campaigns.find((x) => x.id === r.campaign_id)!;
      expect(r.engagement.leads).toBe(c.objective_type === 'LEAD_GENERATION' ? c.metrics.conversions : 0);
      if (r.format === 'TEXT_AD') expect(r.engagement.reactions).toBe(0);
      if (r.format === 'VIDEO') expect(r.engagement.video_completions).toBeGreaterThan(0);
      else expect(r.engagement.video_starts).toBe(0);
    }
  });

  it('explains a change as the difference of the two periods', async () => {
    const s = (await callToolOk(apiKey, 'explain_proads_anomaly', { metric: 'clicks' })).structured!;
    expect(s.change).toBe(s.current.value - s.previous.value);
    expect(s.current.end_date).toBe(yesterday());
    expect(s.previous.end_date).toBe(addDays(s.current.start_date, -1));
  });

  it.each([
    ['list_proads_campaigns', { start_date: yesterday(), end_date: isoDate(new Date()) }],
    ['get_proads_campaign_performance', { start_date: yesterday(), end_date: addDays(isoDate(new Date()), 5) }],
    ['get_proads_audience_insights', { start_date: yesterday(), end_date: isoDate(new Date()) }],
    ['explain_proads_anomaly', { compare_start_date: yesterday(), compare_end_date: isoDate(new Date()) }],
  ])('%s refuses dates after yesterday', async (tool, args) => {
    const r = await callTool(apiKey, tool, args);
    expect([r.status, r.body.structured_content?.code]).toEqual([400, 'date_after_yesterday']);
  });

  it('forecasts within budget from the account history, and estimates audiences with the minimum size', async () => {
    const targeting = { include: { locations: ['geo:us'], job_functions: ['function:13'], seniorities: ['seniority:6'] } };
    const f = (await callToolOk(apiKey, 'forecast_proads_campaign_supply', { targeting, daily_budget: 120 })).structured!;
    expect(f.daily.spend).toBeLessThanOrEqual(120);
    expect(f.basis.from_account).toBe(true);
    const small = (
      await callToolOk(apiKey, 'estimate_proads_audience_size', {
        targeting: {
          include: { locations: ['geo:us'], audiences: ['audience:target-accounts-cfo'], job_titles: ['title:chief-financial-officer'] },
        },
      })
    ).structured!;
    expect([small.runnable, small.audience_size]).toEqual([false, 19]);
    const found = (await callToolOk(apiKey, 'search_proads_targeting', { facet: 'seniorities', query: 'dir' })).structured!.results;
    expect(found).toEqual([{ id: 'seniority:6', facet: 'seniorities', name: 'Director' }]);
    const research = (
      await callToolOk(apiKey, 'research_business_for_proads_targeting', {
        business_description: 'Cloud cost software for IT directors at enterprise companies',
      })
    ).structured!;
    expect(research.targeting.include.job_functions).toContain('function:13');
    expect(research.targeting.include.company_sizes).toEqual(['staffCountRange:(10001,2147483647)']);
    expect(research.audience_size).toBeGreaterThan(300);
  });
});

describe('proads conversions, assets and copy', () => {
  it('attaches a conversion rule, shows it on the campaign, and undo detaches it', async () => {
    const campaigns = await listed();
    const ebook = campaigns.find((c) => c.name.startsWith('Lead Gen'))!;
    const rules = (await callToolOk(apiKey, 'list_proads_conversions')).structured!.conversions as { id: string; name: string }[];
    const rule = rules.find((r) => r.name === 'Pricing page view')!;
    await callToolOk(apiKey, 'associate_proads_conversion', { conversion_id: rule.id, campaign_id: ebook.id });
    const structure = (await callToolOk(apiKey, 'get_proads_campaign_structure', { campaign_id: ebook.id })).structured!;
    expect(structure.conversions.map((c: { id: string }) => c.id)).toContain(rule.id);
    const undo = REGISTRY.get('associate_proads_conversion')!.undo!(
      {
        summary: '',
        changes: [{ action: 'update', entity: 'conversion', fields: { campaign_ids: { before: [], after: [ebook.id] } } }],
        data: { action: 'associate', conversion: { id: rule.id, name: rule.name, campaign_ids: [] }, campaign_ids: [ebook.id] },
      } as never,
      {},
    )!;
    await callToolOk(apiKey, undo.tool, undo.arguments);
    const after = (await callToolOk(apiKey, 'get_proads_campaign_structure', { campaign_id: ebook.id })).structured!;
    expect(after.conversions.map((c: { id: string }) => c.id)).not.toContain(rule.id);
    const setup = await callToolOk(apiKey, 'manage_proads_conversions', {
      action: 'setup',
      name: 'Webinar registration',
      type: 'REGISTRATION',
      campaign_ids: [ebook.id],
    });
    expect(setup.structured!.conversions[0].campaign_ids).toEqual([ebook.id]);
    const refused = await callTool(apiKey, 'manage_proads_conversions', { action: 'associate' });
    expect([refused.status, refused.body.error]).toEqual([400, expect.stringContaining('needs `conversion_id` and `campaign_ids`')]);
  });

  it('validates images, uploads only the valid ones, and they show in the asset library', async () => {
    const data = await callToolOk(apiKey, 'validate_and_prepare_proads_assets', {
      images: [
        { url: 'https://example.com/media/hero-1200x628.png', width: 1200, height: 628, size_bytes: 400_000 },
        { url: 'https://example.com/media/tiny.png', width: 300, height: 200 },
        { url: 'https://example.com/media/doc.pdf' },
      ],
    });
    const results = data.structured!.results as { valid: boolean; asset_id?: string; problems: string[] }[];
    expect(results.map((r) => r.valid)).toEqual([true, false, false]);
    expect(results[1]!.problems.join(' ')).toContain('under the 640 x 360 minimum');
    const library = (await callToolOk(apiKey, 'discover_proads_assets', { name_contains: 'hero' })).structured!.assets as { id: string }[];
    expect(library.map((a) => a.id)).toEqual([results[0]!.asset_id]);
    const again = await callToolOk(apiKey, 'validate_and_prepare_proads_assets', {
      images: [{ url: 'https://example.com/media/hero-1200x628.png' }],
    });
    expect(again.structured!.changed).toBe(false);
  });

  it('drafts copy inside each format limit, with no button on text ads', async () => {
    const text = (
      await callToolOk(apiKey, 'generate_proads_ad_creatives', {
        business_name: 'Northwind',
        product: 'Northwind Cloud Cost Control',
        audience: 'IT leaders at mid-size companies',
        value_proposition: 'Cut cloud spend by a third in one quarter',
        format: 'text',
        variations: 6,
      })
    ).structured!.drafts as { headline: string; description: string; call_to_action?: string }[];
    expect(text).toHaveLength(6);
    for (const d of text) expect([d.headline.length <= 25, d.description.length <= 75, d.call_to_action]).toEqual([true, true, undefined]);
    const objectives = (await callToolOk(apiKey, 'explain_proads_objectives', { goal: 'conversions' })).structured!;
    expect([objectives.recommended, objectives.has_conversion_rule]).toEqual(['WEBSITE_CONVERSION', true]);
  });
});

describe('proads delivery: an exclusion stops a segment from the moment it is made', () => {
  it('gives an excluded segment nothing of that campaign on the days after the exclusion, the days before unchanged', () => {
    const today = isoDate(new Date());
    const changedAt = `${addDays(today, -5)}T00:00:00.000Z`;
    const campaign: StoredCampaign = {
      id: '700000009',
      campaign_group_id: '600000001',
      name: 'C',
      type: 'SPONSORED_UPDATES',
      format: 'SINGLE_IMAGE',
      objective_type: 'WEBSITE_CONVERSION',
      status: 'ACTIVE',
      cost_type: 'CPC',
      daily_budget: 500,
      unit_cost: 8,
      targeting: { include: { locations: ['geo:us'] }, exclude: { seniorities: ['seniority:3'] } },
      start_date: addDays(today, -30),
      created_at: `${addDays(today, -30)}T00:00:00Z`,
      history: [{ at: changedAt, before: { targeting: { include: { locations: ['geo:us'] } } } }],
    } as ProAdsCampaign & { history: never };
    const creative: StoredCreative = {
      id: '800000009',
      campaign_id: campaign.id,
      name: 'cr',
      format: 'SINGLE_IMAGE',
      status: 'ACTIVE',
      headline: 'h',
      landing_page_url: 'https://example.com',
      start_date: campaign.start_date,
      created_at: campaign.created_at,
      performance: 'average',
    };
    const segments: StoredSegment[] = [
      { id: 'seg_entry', pivot: 'SENIORITY', value: 'Entry', urn: 'seniority:3', performance: 'average' },
      { id: 'seg_director', pivot: 'SENIORITY', value: 'Director', urn: 'seniority:6', performance: 'average' },
    ];
    const days = deliveredCreativeDays(
      { groups: [], campaigns: [campaign], creatives: [creative] },
      addDays(today, -10),
      addDays(today, -1),
      today,
    );
    const bySegment = segmentDays(segments, days, [campaign]);
    const entry = bySegment.get('seg_entry')!;
    expect(entry.filter((d) => d.date < addDays(today, -5)).every((d) => d.spend > 0)).toBe(true);
    expect(entry.filter((d) => d.date >= addDays(today, -5)).every((d) => d.spend === 0 && d.impressions === 0)).toBe(true);
    // The segments still add up to the campaign every day.
    for (const [i, d] of bySegment.get('seg_director')!.entries()) {
      const whole = days.filter((x) => x.date === d.date).reduce((s, x) => s + x.spend_cents, 0) / 100;
      expect(d.spend + entry[i]!.spend).toBeCloseTo(whole, 2);
    }
  });
});

describe('proads: a day in the life', () => {
  it('finds the waste, pauses it, moves the budget to the winner, excludes the wasteful segment, and verifies; the past stays as it was', async () => {
    const before = await listed();
    // 1. Find the waste.
    const waste = (await callToolOk(apiKey, 'analyze_proads_wasted_spend', window())).structured!;
    const actions = waste.quick_actions as {
      action: string;
      target_id: string;
      calls: { tool: string; arguments: Record<string, unknown> }[];
    }[];
    const pause = actions.find((a) => a.action === 'pause_campaign')!;
    const loser = before.find((c) => c.id === pause.target_id)!;
    expect(loser.metrics.conversions).toBe(0);
    // 2. Pause it with the call the analysis names (previewed first).
    const call = pause.calls[0]!;
    expect((await callToolOk(apiKey, call.tool, { ...call.arguments, dry_run: true })).structured!.dry_run).toBe(true);
    await callToolOk(apiKey, call.tool, call.arguments);
    // 3. Move its budget to the campaign with the best cost per conversion.
    const winner = before
      .filter((c) => c.status === 'ACTIVE' && c.metrics.conversions > 0)
      .sort((a, b) => a.metrics.spend / a.metrics.conversions - b.metrics.spend / b.metrics.conversions)[0]!;
    const moved = await callToolOk(apiKey, 'batch_update_proads_campaigns', {
      updates: [{ campaign_id: winner.id, daily_budget: winner.daily_budget + loser.daily_budget }],
    });
    expect(moved.structured!.changed).toBe(true);
    // 4. Exclude the wasteful segment where the analysis says.
    const exclude = actions.find((a) => a.action === 'exclude_segment' && a.target_id === 'seniority:3')!;
    for (const c of exclude.calls) await callToolOk(apiKey, c.tool, c.arguments);
    // 5. Verify: the next reads show the changes, the past is unchanged, and the waste finder no longer names the loser.
    const after = await listed();
    expect(after.find((c) => c.id === loser.id)!.status).toBe('PAUSED');
    expect(after.find((c) => c.id === winner.id)!.daily_budget).toBe(winner.daily_budget + loser.daily_budget);
    for (const c of before) expect(after.find((x) => x.id === c.id)!.metrics).toEqual(c.metrics);
    for (const c of exclude.calls) {
      const t = (await callToolOk(apiKey, 'get_proads_campaign_targeting', { campaign_id: c.arguments.campaign_id as string })).structured!;
      expect(t.targeting.exclude.seniorities).toContain('seniority:3');
    }
    const next = (await callToolOk(apiKey, 'suggest_next_action')).structured!.actions as {
      tool: string;
      arguments: Record<string, unknown>;
    }[];
    expect(next.some((a) => a.tool === 'pause_proads_campaign' && a.arguments.campaign_id === loser.id)).toBe(false);
    const again = (await callToolOk(apiKey, 'analyze_proads_wasted_spend', window())).structured!.quick_actions as {
      action: string;
      target_id: string;
    }[];
    expect(again.some((a) => a.action === 'pause_campaign' && a.target_id === loser.id)).toBe(false);
  });
});
