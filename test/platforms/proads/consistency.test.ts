/**
 * The proads sandbox as a practitioner checks it: creatives add up to campaigns and segments to
 * the account, analyses agree with each other for the same dates, the past never changes, state
 * gates delivery, budgets hold, the future has no figures, and formats are judged by their own
 * benchmarks.
 */
import { createLogger } from '../../../functions/runtime/log';
import type { ConnectedAccount } from '../../../core/accounts';
import { ALL_TOOLS, REGISTRY } from '../../../functions/all-tools';
import { addDays, isoDate } from '../../../core/dates';
import { proads } from '../../../platforms/proads/manifest';
import type { ProAdsAnalyticsRow, ProAdsPort } from '../../../platforms/proads/port';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

let account: ConnectedAccount;
let apiKey: string;
beforeAll(async () => {
  const owner = await createTestOwner({ accounts: { proads: 1 } });
  account = owner.accounts.proads![0]!;
  apiKey = owner.apiKey;
});

const port = (): ProAdsPort =>
  proads.open(account, { signal: new AbortController().signal, deadline: Date.now() + 30_000, log: createLogger({ test: 'consistency' }) });
const today = () => isoDate(new Date());
const yesterday = () => addDays(today(), -1);
const cents = (n: number) => Math.round(n * 100);
const daily = (pivot: Parameters<ProAdsPort['getAnalytics']>[0]['pivot'], start: string, end = yesterday()) =>
  port().getAnalytics({ pivot, date_range: { start, end }, time_granularity: 'DAILY' });

function sumByDay(rows: ProAdsAnalyticsRow[]): Map<string, { impressions: number; clicks: number; spend: number; conversions: number }> {
  const out = new Map<string, { impressions: number; clicks: number; spend: number; conversions: number }>();
  for (const r of rows) {
    const sum = out.get(r.date_range.start) ?? { impressions: 0, clicks: 0, spend: 0, conversions: 0 };
    sum.impressions += r.impressions;
    sum.clicks += r.clicks;
    sum.spend += cents(r.spend);
    sum.conversions += r.conversions;
    out.set(r.date_range.start, sum);
  }
  return out;
}

describe('proads sandbox: one delivery model, allocated top down', () => {
  it.each(['MEMBER_SENIORITY', 'MEMBER_JOB_FUNCTION', 'MEMBER_INDUSTRY', 'MEMBER_COMPANY_SIZE'] as const)(
    'the segments of %s split the account delivery of each day exactly',
    async (pivot) => {
      const start = addDays(yesterday(), -29);
      const [campaigns, segments] = await Promise.all([daily('CAMPAIGN', start), daily(pivot, start)]);
      const account = sumByDay(campaigns);
      const split = sumByDay(segments);
      expect([...split.keys()].sort()).toEqual([...account.keys()].sort());
      for (const [date, whole] of account) {
        const parts = split.get(date)!;
        expect([date, parts.impressions, parts.spend, parts.conversions]).toEqual([
          date,
          whole.impressions,
          whole.spend,
          whole.conversions,
        ]);
        expect(Math.abs(parts.clicks - whole.clicks)).toBeLessThanOrEqual(1);
      }
    },
  );

  it('never spends more than a campaign daily budget, and budgets do limit delivery', async () => {
    const campaigns = await port().listCampaigns();
    const rows = await daily('CAMPAIGN', addDays(yesterday(), -89));
    let limited = 0;
    for (const row of rows) {
      const budget = campaigns.find((c) => c.id === row.pivot_value)!.daily_budget;
      expect(row.spend).toBeLessThanOrEqual(budget);
      if (row.spend >= budget * 0.93) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });

  it('has no figures for today or the future, and the analyses refuse a future window', async () => {
    expect(await daily('CREATIVE', today(), addDays(today(), 60))).toEqual([]);
    expect(await daily('MEMBER_SENIORITY', today(), addDays(today(), 60))).toEqual([]);
    const result = await callTool(apiKey, 'analyze_proads_creative_performance', { start_date: '2027-01-01', end_date: '2027-01-31' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('in the future');
  });
});

describe('proads sandbox: state gates delivery and the past never changes', () => {
  it('a completed campaign delivered inside its dates only; a draft never delivered', async () => {
    const campaigns = await port().listCampaigns();
    const completed = campaigns.find((c) => c.status === 'COMPLETED')!;
    const draft = campaigns.find((c) => c.status === 'DRAFT')!;
    const rows = await port().getAnalytics({
      pivot: 'CAMPAIGN',
      date_range: { start: addDays(completed.start_date, -5), end: yesterday() },
      time_granularity: 'DAILY',
      campaigns: [completed.id, draft.id],
    });
    const own = rows.filter((r) => r.pivot_value === completed.id);
    expect(own.length).toBeGreaterThan(30);
    expect(own.every((r) => r.date_range.start >= completed.start_date && r.date_range.start <= completed.end_date!)).toBe(true);
    expect(rows.filter((r) => r.pivot_value === draft.id)).toEqual([]);
  });

  it('pausing a campaign, changing a budget and archiving a creative leave every past day as it was', async () => {
    const start = addDays(yesterday(), -44);
    const before = await Promise.all([daily('CREATIVE', start), daily('MEMBER_SENIORITY', start)]);
    const p = port();
    const [campaigns, creatives] = await Promise.all([p.listCampaigns(), p.listCreatives()]);
    const store = new SandboxStore('proads', account.account_id);
    await store.update('campaign', campaigns.find((c) => c.format === 'TEXT_AD')!.id, { status: 'PAUSED' });
    await store.update('campaign', campaigns.find((c) => c.objective_type === 'LEAD_GENERATION' && c.status === 'ACTIVE')!.id, {
      daily_budget: 5_000,
    });
    await store.update('creative', creatives.find((cr) => cr.status === 'ACTIVE')!.id, { status: 'ARCHIVED' });
    const after = await Promise.all([daily('CREATIVE', start), daily('MEMBER_SENIORITY', start)]);
    expect(after).toEqual(before);
  });

  it('a pause made at noon splits that day and stops the days after it', async () => {
    const target = (await port().listCampaigns()).find((c) => c.name.startsWith('Mid-Funnel'))!;
    const pauseDay = addDays(yesterday(), -1);
    const query = () =>
      port().getAnalytics({
        pivot: 'CAMPAIGN',
        date_range: { start: addDays(yesterday(), -6), end: yesterday() },
        time_granularity: 'DAILY',
        campaigns: [target.id],
      });
    const before = await query();
    await new SandboxStore('proads', account.account_id).update(
      'campaign',
      target.id,
      { status: 'PAUSED' },
      { now: new Date(`${pauseDay}T12:00:00.000Z`) },
    );
    const after = await query();
    expect(after.filter((r) => r.date_range.start < pauseDay)).toEqual(before.filter((r) => r.date_range.start < pauseDay));
    expect(after.find((r) => r.date_range.start === yesterday())).toBeUndefined();
    const full = before.find((r) => r.date_range.start === pauseDay)!;
    const half = after.find((r) => r.date_range.start === pauseDay)!;
    expect(half.spend).toBeGreaterThan(0);
    expect(half.spend).toBeLessThanOrEqual(full.spend);
    expect(half.impressions).toBeLessThan(full.impressions);
  });
});

describe('proads analyses: the same figures, judged by format and objective', () => {
  let owner: { apiKey: string; account: ConnectedAccount };
  beforeAll(async () => {
    // A fresh account: the tests above changed the other one.
    const created = await createTestOwner({ accounts: { proads: 1 } });
    owner = { apiKey: created.apiKey, account: created.accounts.proads![0]! };
  });
  const window = () => ({ start_date: addDays(yesterday(), -29), end_date: yesterday() });

  it('the wasted-spend campaigns equal the sums of the creative analysis for the same dates', async () => {
    const waste = (await callToolOk(owner.apiKey, 'analyze_proads_wasted_spend', { ...window(), raw_data: true })).structured!;
    const creatives = (await callToolOk(owner.apiKey, 'analyze_proads_creative_performance', { ...window(), raw_data: true })).structured!
      .creatives as { campaign_id: string; spend: number; conversions: number }[];
    for (const c of waste.campaigns as { campaign_id: string; metrics: { spend: number; conversions: number } }[]) {
      const own = creatives.filter((cr) => cr.campaign_id === c.campaign_id);
      expect(cents(own.reduce((s, cr) => s + cr.spend, 0))).toBe(cents(c.metrics.spend));
      expect(own.reduce((s, cr) => s + cr.conversions, 0)).toBe(c.metrics.conversions);
    }
  });

  it('text ads run at text-ad CTRs and are judged against the text-ad floor, never told to test an image', async () => {
    const creative = (await callToolOk(owner.apiKey, 'analyze_proads_creative_performance', window())).structured!;
    const rows = [
      ...(creative.ranked as { format: string; ctr: number; creative_id: string }[]),
      ...(creative.not_ranked as { format: string; ctr: number; creative_id: string }[]),
    ];
    const text = rows.filter((r) => r.format === 'TEXT_AD');
    expect(text.length).toBeGreaterThan(0);
    for (const r of text) {
      expect(r.ctr).toBeGreaterThan(0.0001);
      expect(r.ctr).toBeLessThan(0.0006);
    }
    for (const rec of creative.recommendations as { creative_id?: string; reason: string }[]) {
      if (text.some((r) => r.creative_id === rec.creative_id)) expect(rec.reason).not.toMatch(/image/i);
    }
    const waste = (await callToolOk(owner.apiKey, 'analyze_proads_wasted_spend', window())).structured!;
    const textCampaign = (waste.campaigns as { format: string; reasons: string[] }[]).find((c) => c.format === 'TEXT_AD')!;
    expect(textCampaign.reasons.join(' ')).not.toContain('0.350%');
  });

  it('only video creatives report video views, lead generation reports leads', async () => {
    const ranked = (await callToolOk(owner.apiKey, 'analyze_proads_creative_performance', window())).structured!;
    const all = [...(ranked.ranked as Record<string, unknown>[]), ...(ranked.not_ranked as Record<string, unknown>[])];
    for (const r of all) {
      if (r.format === 'VIDEO') expect(r).toHaveProperty('video_views');
      else expect(r).not.toHaveProperty('video_views');
    }
    const leadGen = all.filter((r) => r.result_type === 'leads');
    expect(leadGen.length).toBeGreaterThan(0);
    for (const r of leadGen) expect(r.leads).toBe(r.conversions);
    const raw = (await callToolOk(owner.apiKey, 'analyze_proads_creative_performance', { ...window(), raw_data: true })).structured!
      .creatives as { format: string; impressions: number }[];
    expect(raw.every((r) => r.impressions > 0)).toBe(true);
  });

  it('proposes budget cuts that differ from the current budget, and names only tools that exist', async () => {
    const waste = (await callToolOk(owner.apiKey, 'analyze_proads_wasted_spend', window())).structured!;
    for (const q of waste.quick_actions as { current_daily_budget?: number; new_daily_budget?: number }[]) {
      if (q.new_daily_budget !== undefined) expect(q.new_daily_budget).toBeLessThan(q.current_daily_budget!);
    }
    const names = new Set(ALL_TOOLS.map((t) => t.name));
    // Every quick action names the tool that carries it out: a write, or for a campaign to review (MEDIUM),
    // the read that shows its creatives.
    for (const q of waste.quick_actions as { tool: string; calls: { tool: string }[] }[]) {
      expect(q.calls.length).toBeGreaterThan(0);
      for (const call of q.calls) {
        const access = REGISTRY.get(call.tool)?.access;
        expect(access === 'write' || call.tool === 'analyze_proads_creative_performance').toBe(true);
      }
    }
    for (const o of await proads.findOpportunities!(owner.account, new Date())) {
      expect(names.has(o.tool)).toBe(true);
      expect(REGISTRY.get(o.tool)?.access).toBe('write');
    }
  });
  it('names only tools of the registry in the text of its read tools, and no real-platform identifiers', async () => {
    const names = new Set(ALL_TOOLS.map((t) => t.name));
    for (const tool of ['analyze_proads_wasted_spend', 'analyze_proads_creative_performance', 'select_proads_campaign_type']) {
      const { text } = await callToolOk(owner.apiKey, tool, tool === 'select_proads_campaign_type' ? { campaign_type: 'text' } : {});
      const named = [
        ...text.matchAll(
          /\b(?:list|get|analyze|create|add|update|pause|resume|select|suggest|validate|archive|remove|discover)_[a-z_]+\b/g,
        ),
      ].map((m) => m[0]);
      for (const name of named) expect([tool, name, names.has(name)]).toEqual([tool, name, true]);
      expect(text).not.toMatch(/urn:li:|LinkedIn|Facebook|Instagram\b|\bMeta\b/);
    }
  });
});
