import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Metrics = {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  revenue: number;
  ctr: number | null;
  cpa: number | null;
  roas: number | null;
};
type Ranked = {
  rank: number;
  creative_id: string;
  name: string;
  campaign_id: string;
  campaign_name: string;
  impressions: number;
  ctr: number | null;
  cpc: number | null;
  spend: number;
  conversions: number;
  cost_per_conversion: number | null;
};
type Classified = { severity: string; reasons: string[]; wasted_spend: number; metrics: Metrics };

let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { proads: 1 } }));
});

const yesterday = () => addDays(isoDate(new Date()), -1);

describe('Tool: analyze_proads_creative_performance', () => {
  it('ranks creatives by cost per conversion, then CTR, with top/bottom performers and recommendations', async () => {
    // Act
    const data = await callToolOk(apiKey, 'analyze_proads_creative_performance', {});
    // Assess
    const s = data.structured!;
    const ranked = s.ranked as Ranked[];
    expect(ranked.length).toBeGreaterThanOrEqual(8);
    expect(s.end_date).toBe(yesterday());
    expect(s.start_date).toBe(addDays(yesterday(), -29));
    // Ranking holds: converting creatives first by cost/conv ascending, then by CTR descending.
    const converting = ranked.filter((r) => r.conversions > 0);
    const zero = ranked.filter((r) => r.conversions === 0);
    expect(ranked.slice(0, converting.length)).toEqual(converting);
    for (let i = 1; i < converting.length; i++)
      expect(converting[i].cost_per_conversion!).toBeGreaterThanOrEqual(converting[i - 1].cost_per_conversion!);
    for (let i = 1; i < zero.length; i++) expect(zero[i].ctr!).toBeLessThanOrEqual(zero[i - 1].ctr!);
    // Cost per conversion is recomputed from spend and conversions.
    for (const r of converting) expect(r.cost_per_conversion).toBeCloseTo(r.spend / r.conversions, 1);
    expect((s.top_performers as Ranked[])[0].rank).toBe(1);
    expect((s.bottom_performers as Ranked[])[0].rank).toBe(ranked.length);
    // Too new or too small creatives are not ranked.
    expect((s.not_ranked as { name: string }[]).map((r) => r.name)).toEqual(
      expect.arrayContaining(['Launch teaser 15s', 'CFO - Finance ops benchmark']),
    );
    const recs = s.recommendations as { action: string; creative_id?: string }[];
    const pause = recs.filter((r) => r.action === 'pause_creative');
    expect(pause.length).toBeGreaterThan(0);
    for (const p of pause) expect(ranked.find((r) => r.creative_id === p.creative_id)!.conversions).toBe(0);
    expect(data.text).toContain('### Top performers');
  });

  it('filters by campaign_name (partial, case-insensitive) and campaign_id', async () => {
    const byName = await callToolOk(apiKey, 'analyze_proads_creative_performance', { campaign_name: 'testimonials' });
    const names = new Set((byName.structured!.ranked as Ranked[]).map((r) => r.campaign_name));
    expect([...names]).toEqual(['Retargeting - Customer Testimonials - Video']);
    const campaignId = (byName.structured!.ranked as Ranked[])[0].campaign_id;
    const byId = await callToolOk(apiKey, 'analyze_proads_creative_performance', { campaign_id: campaignId });
    expect((byId.structured!.ranked as Ranked[]).every((r) => r.campaign_id === campaignId)).toBe(true);
  });

  it('returns only raw metrics with raw_data', async () => {
    const data = await callToolOk(apiKey, 'analyze_proads_creative_performance', { raw_data: true });
    expect(data.structured!.raw_data).toBe(true);
    expect(data.structured!.recommendations).toBeUndefined();
    expect(data.structured!.ranked).toBeUndefined();
    expect((data.structured!.creatives as unknown[]).length).toBeGreaterThan(5);
    expect(data.text).not.toContain('Recommendations');
  });

  it('lets start/end override date_range, and date_range override lookback_days', async () => {
    const explicit = await callToolOk(apiKey, 'analyze_proads_creative_performance', {
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      date_range: 'last_7_days',
      lookback_days: 90,
    });
    expect([explicit.structured!.start_date, explicit.structured!.end_date, explicit.structured!.window_source]).toEqual([
      '2026-01-01',
      '2026-01-31',
      'start_end',
    ]);
    const ranged = await callToolOk(apiKey, 'analyze_proads_creative_performance', { date_range: 'last_14_days', lookback_days: 90 });
    expect(ranged.structured!.start_date).toBe(addDays(yesterday(), -13));
    expect(ranged.structured!.window_source).toBe('date_range');
    const lookback = await callToolOk(apiKey, 'analyze_proads_creative_performance', { lookback_days: 60 });
    expect(lookback.structured!.start_date).toBe(addDays(yesterday(), -59));
  });

  it.each([
    [{ lookback_days: 6 }, '`lookback_days` must be at least 7'],
    [{ lookback_days: 121 }, '`lookback_days` must be at most 120'],
    [{ date_range: 'last_year' }, '`date_range` must be one of'],
    [{ start_date: '2026-02-30', end_date: '2026-03-01' }, '`start_date` must be a real calendar date'],
    [{ start_date: '2026-03-01' }, '`start_date` and `end_date` must be given together'],
    [{ start_date: '2026-03-10', end_date: '2026-03-01' }, '`start_date` must be on or before `end_date`'],
    [{ raw_data: 'yes' }, '`raw_data`'],
  ])('rejects %j', async (args, message) => {
    const result = await callTool(apiKey, 'analyze_proads_creative_performance', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('says which campaigns exist when campaign_name matches none, and rejects an unknown campaign_id', async () => {
    const result = await callTool(apiKey, 'analyze_proads_creative_performance', { campaign_name: 'no such campaign' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('No campaign name contains');
    const unknown = await callTool(apiKey, 'analyze_proads_creative_performance', { campaign_id: '700000001' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('700000001');
  });
});

describe('Tool: analyze_proads_wasted_spend', () => {
  it('classifies campaigns, segments and creatives into every severity class with quick actions', async () => {
    const data = await callToolOk(apiKey, 'analyze_proads_wasted_spend', {});
    const s = data.structured!;
    const campaigns = s.campaigns as (Classified & { name: string })[];
    const segments = s.segments as (Classified & { pivot: string; value: string; urn: string })[];
    const creatives = s.creatives as (Classified & { name: string; creative_id: string })[];
    const all = [...campaigns, ...segments, ...creatives];
    for (const severity of ['CRITICAL', 'HIGH', 'MEDIUM', 'LEARNING', 'INSUFFICIENT_DATA']) {
      expect(all.some((x) => x.severity === severity)).toBe(true);
    }
    expect(new Set(campaigns.map((c) => c.severity))).toEqual(
      new Set(['CRITICAL', 'HIGH', 'MEDIUM', 'LEARNING', 'INSUFFICIENT_DATA', 'OK']),
    );
    const t = s.thresholds as { campaign: { critical_zero_conv_spend: number; min_impressions: number } };
    // Every CRITICAL campaign without a target ROAS is a real zero-conversion spender above the threshold.
    for (const c of campaigns.filter((c) => c.severity === 'CRITICAL')) {
      expect(c.metrics.conversions).toBe(0);
      expect(c.metrics.spend).toBeGreaterThanOrEqual(t.campaign.critical_zero_conv_spend);
      expect(c.wasted_spend).toBeCloseTo(c.metrics.spend, 2);
    }
    // HIGH through CPA: recomputed against the account average.
    const accountCpa = s.account_cost_per_conversion as number;
    for (const c of campaigns.filter((c) => c.severity === 'HIGH' && c.metrics.conversions > 0))
      expect(c.metrics.cpa! / accountCpa).toBeGreaterThan(3);
    for (const c of campaigns.filter((c) => c.severity === 'INSUFFICIENT_DATA'))
      expect(c.metrics.impressions < t.campaign.min_impressions || c.metrics.spend < 100).toBe(true);
    expect(campaigns.find((c) => c.severity === 'LEARNING')!.name).toBe('Product Launch - Teaser - Video');
    // Waste and quick actions.
    expect(segments.find((x) => x.value === 'Entry')!.severity).toBe('CRITICAL');
    const actions = s.quick_actions as { action: string; target_id: string; text: string }[];
    expect(actions.some((a) => a.action === 'exclude_segment' && a.text.includes('seniority Entry'))).toBe(true);
    const pausedCreative = actions.find((a) => a.action === 'pause_creative')!;
    expect(['CRITICAL', 'HIGH']).toContain(creatives.find((c) => c.creative_id === pausedCreative.target_id)!.severity);
    expect(s.estimated_wasted_spend).toBeCloseTo(
      campaigns.reduce((sum, c) => sum + c.wasted_spend, 0),
      1,
    );
    expect(s.estimated_wasted_spend).toBeLessThanOrEqual(s.total_spend as number);
    expect(data.text).toContain('### Quick actions');
  });

  it('flags campaigns below target_roas', async () => {
    const data = await callToolOk(apiKey, 'analyze_proads_wasted_spend', {
      target_roas: 50,
      include_demographic_breakdown: false,
      include_creative_analysis: false,
    });
    const campaigns = data.structured!.campaigns as (Classified & { objective_type: string })[];
    const judged = campaigns.filter(
      (c) =>
        !['LEARNING', 'INSUFFICIENT_DATA'].includes(c.severity) &&
        !['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'].includes(c.objective_type),
    );
    expect(judged.length).toBeGreaterThan(0);
    for (const c of judged) {
      expect(c.severity).not.toBe('OK');
      expect(c.reasons.join(' ')).toContain('below target 50');
    }
    expect(data.structured!.segments).toBeUndefined();
    expect(data.structured!.creatives).toBeUndefined();
    expect(data.text).not.toContain('### Demographic segments');
  });

  it('returns only raw metrics with raw_data', async () => {
    const data = await callToolOk(apiKey, 'analyze_proads_wasted_spend', { raw_data: true });
    expect(data.structured!.quick_actions).toBeUndefined();
    const campaigns = data.structured!.campaigns as { metrics: Metrics; severity?: string }[];
    expect(campaigns.every((c) => c.severity === undefined)).toBe(true);
    expect((data.structured!.segments as unknown[]).length).toBeGreaterThan(10);
  });

  it.each([
    [{ target_roas: 0 }, '`target_roas` must be greater than 0'],
    [{ include_demographic_breakdown: 'no' }, '`include_demographic_breakdown`'],
    [{ lookback_days: 200 }, '`lookback_days` must be at most 120'],
    [{ end_date: '2026-03-01' }, '`start_date` and `end_date` must be given together'],
  ])('rejects %j', async (args, message) => {
    const result = await callTool(apiKey, 'analyze_proads_wasted_spend', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });
});

describe('Tool: select_proads_campaign_type', () => {
  it.each([
    ['image', 'SINGLE_IMAGE', { introductory_text: 600, headline: 200 }],
    ['video', 'VIDEO', { introductory_text: 600, headline: 200 }],
    ['carousel', 'CAROUSEL', { introductory_text: 255, card_headline: 45 }],
    ['text', 'TEXT_AD', { headline: 25, description: 75 }],
  ])('describes the %s format with its limits and the account context', async (type, format, limits) => {
    const data = await callToolOk(apiKey, 'select_proads_campaign_type', { campaign_type: type });
    const s = data.structured!;
    expect(s.format).toBe(format);
    for (const [field, max] of Object.entries(limits)) expect(s.character_limits[field].max).toBe(max);
    expect((s.account.campaign_groups as unknown[]).length).toBe(2);
    expect((s.account.existing_campaigns as { id: string }[]).length).toBeGreaterThan(0);
    expect(data.text).toContain('### Next steps');
  });

  it('names the carousel card range and rejects an unknown type', async () => {
    const data = await callToolOk(apiKey, 'select_proads_campaign_type', { campaign_type: 'carousel' });
    expect(data.structured!.asset_specs.cards).toBe('2 to 10');
    const bad = await callTool(apiKey, 'select_proads_campaign_type', { campaign_type: 'story' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('`campaign_type` must be one of "image", "video", "carousel", "text"');
    const missing = await callTool(apiKey, 'select_proads_campaign_type', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('`campaign_type` is required');
  });
});
