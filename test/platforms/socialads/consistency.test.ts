/**
 * The socialads sandbox as a practitioner checks it: levels add up, reports of the same dates
 * agree, the past never changes, state gates delivery, budgets hold, the future has no figures,
 * and every objective reports its own results.
 */
import { createLogger } from '../../../functions/runtime/log';
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { ALL_TOOLS } from '../../../functions/all-tools';
import { socialads } from '../../../platforms/socialads/manifest';
import type { SocialAdsInsightsRow, SocialAdsPort } from '../../../platforms/socialads/port';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

let account: ConnectedAccount;
let apiKey: string;
beforeAll(async () => {
  const owner = await createTestOwner({ accounts: { socialads: 1 } });
  account = owner.accounts.socialads![0]!;
  apiKey = owner.apiKey;
});

const port = (): SocialAdsPort =>
  socialads.open(account, {
    signal: new AbortController().signal,
    deadline: Date.now() + 30_000,
    log: createLogger({ test: 'consistency' }),
  });
const today = () => isoDate(new Date());
const yesterday = () => addDays(today(), -1);
const cents = (n: number) => Math.round(n * 100);

/** Spend in cents per (key, date). */
function spendBy(rows: SocialAdsInsightsRow[], key: (r: SocialAdsInsightsRow) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(`${key(r)}|${r.date}`, (out.get(`${key(r)}|${r.date}`) ?? 0) + cents(r.spend));
  return out;
}

describe('socialads sandbox: one delivery model, allocated top down', () => {
  it.each([7, 30, 120])('ads add up to ad sets and ad sets to campaigns, every day and figure, over the last %i days', async (days) => {
    const range = { since: addDays(yesterday(), -(days - 1)), until: yesterday() };
    const [ads, sets, campaigns] = await Promise.all(
      (['ad', 'adset', 'campaign'] as const).map((level) => port().getInsights({ level, time_range: range })),
    );
    expect(ads.length).toBeGreaterThan(0);
    for (const [children, parents, key] of [
      [ads, sets, (r: SocialAdsInsightsRow) => r.ad_set_id!],
      [sets, campaigns, (r: SocialAdsInsightsRow) => r.campaign_id],
    ] as const) {
      for (const field of ['impressions', 'clicks', 'conversions', 'video_views', 'reach'] as const) {
        const sum = new Map<string, number>();
        for (const r of children) sum.set(`${key(r)}|${r.date}`, (sum.get(`${key(r)}|${r.date}`) ?? 0) + (r[field] ?? 0));
        for (const p of parents) expect([field, sum.get(`${key(p)}|${p.date}`)]).toEqual([field, p[field] ?? 0]);
      }
      const childSpend = spendBy(children, key);
      const parentSpend = spendBy(parents, key);
      expect(childSpend).toEqual(parentSpend);
    }
  });

  it('never spends more than a daily budget, at the level that holds it', async () => {
    const p = port();
    const [campaigns, sets] = await Promise.all([p.listCampaigns(), p.listAdSets()]);
    const range = { since: addDays(yesterday(), -89), until: yesterday() };
    const [byCampaign, bySet] = await Promise.all([
      p.getInsights({ level: 'campaign', time_range: range }),
      p.getInsights({ level: 'adset', time_range: range }),
    ]);
    let limited = 0;
    for (const row of byCampaign) {
      const budget = campaigns.find((c) => c.id === row.campaign_id)!.daily_budget;
      if (budget) {
        expect(row.spend).toBeLessThanOrEqual(budget);
        if (row.spend >= budget * 0.93) limited++;
      }
    }
    for (const row of bySet) {
      const budget = sets.find((s) => s.id === row.ad_set_id)!.daily_budget;
      if (budget) expect(row.spend).toBeLessThanOrEqual(budget);
    }
    // The seeded sales campaign runs into its budget: the cap is real, not just never reached.
    expect(limited).toBeGreaterThan(0);
  });

  it('has no figures for today or the future', async () => {
    const rows = await port().getInsights({ level: 'ad', time_range: { since: today(), until: addDays(today(), 40) } });
    expect(rows).toEqual([]);
  });

  it('refuses a report window that ends in the future with a clear 400', async () => {
    const result = await callTool(apiKey, 'list_socialads_ad_sets', { start_date: addDays(today(), 1), end_date: addDays(today(), 30) });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('in the future');
  });
});

describe('socialads sandbox: state gates delivery and the past never changes', () => {
  it('a seeded ad set paused 12 days ago delivered before, part of that day, and nothing after', async () => {
    const sets = await port().listAdSets();
    const paused = sets.find((s) => s.name === 'CA - Hikers')!;
    expect(paused.status).toBe('PAUSED');
    const pauseDay = addDays(today(), -12);
    const rows = await port().getInsights({
      level: 'adset',
      ids: [paused.id],
      time_range: { since: addDays(pauseDay, -10), until: yesterday() },
    });
    const spendOn = (date: string) => rows.find((r) => r.date === date)?.spend ?? 0;
    expect(rows.filter((r) => r.date > pauseDay)).toEqual([]);
    expect(spendOn(pauseDay)).toBeGreaterThan(0);
    const before = rows.filter((r) => r.date < pauseDay).map((r) => r.spend);
    expect(before.length).toBe(10);
    // Paused at 15:30 UTC: the day of the pause ran about 65 % of a day.
    expect(spendOn(pauseDay)).toBeLessThan(Math.max(...before));
  });

  it('pausing an ad set, changing a campaign budget and archiving an ad leave every past day as it was', async () => {
    const range = { since: addDays(yesterday(), -44), until: yesterday() };
    const before = await port().getInsights({ level: 'ad', time_range: range });
    const p = port();
    const [campaigns, sets, ads] = await Promise.all([p.listCampaigns(), p.listAdSets(), p.listAds()]);
    const store = new SandboxStore('socialads', account.account_id);
    const sales = campaigns.find((c) => c.name === 'Catalog Sales - Conversions')!;
    await store.update('campaign', sales.id, { daily_budget: 50_000 });
    await store.update('ad_set', sets.find((s) => s.name === 'US - Broad 25-54')!.id, { status: 'PAUSED' });
    await store.update('ad', ads.find((a) => a.name === 'Catalog request - image')!.id, {
      status: 'ARCHIVED',
      effective_status: 'ARCHIVED',
    });
    const after = await port().getInsights({ level: 'ad', time_range: range });
    expect(after).toEqual(before);
  });

  it('a pause made yesterday at noon splits that day and stops the days after it', async () => {
    const p = port();
    const target = (await p.listAdSets()).find((s) => s.name === 'Catalog request - US 30+')!;
    const range = { since: addDays(yesterday(), -6), until: yesterday() };
    const dayBefore = addDays(yesterday(), -1);
    const before = await p.getInsights({ level: 'adset', ids: [target.id], time_range: range });
    const store = new SandboxStore('socialads', account.account_id);
    // The pause happened at noon the day before yesterday (history recorded at that moment).
    await store.update('ad_set', target.id, { status: 'PAUSED' }, { now: new Date(`${dayBefore}T12:00:00.000Z`) });
    const after = await port().getInsights({ level: 'adset', ids: [target.id], time_range: range });
    expect(after.filter((r) => r.date < dayBefore)).toEqual(before.filter((r) => r.date < dayBefore));
    expect(after.find((r) => r.date === yesterday())).toBeUndefined();
    const full = before.find((r) => r.date === dayBefore)!;
    const half = after.find((r) => r.date === dayBefore)!;
    expect(half.impressions).toBeGreaterThan(0);
    expect(half.impressions).toBeLessThan(full.impressions);
  });

  it('an ad in review delivers nothing, and neither do its paused parents', async () => {
    const rows = await port().getInsights({ level: 'ad', time_range: { since: addDays(yesterday(), -200), until: yesterday() } });
    const ads = await port().listAds();
    for (const ad of ads.filter((a) => a.effective_status === 'PENDING_REVIEW')) expect(rows.filter((r) => r.ad_id === ad.id)).toEqual([]);
  });
});

describe('socialads tools: the same figures everywhere, in the unit of each objective', () => {
  const window = () => ({ start_date: addDays(yesterday(), -29), end_date: yesterday() });

  it('ads add up to their ad set in the list tools, and the app report agrees with the lists', async () => {
    const sets = (await callToolOk(apiKey, 'list_socialads_ad_sets', { ...window(), limit: 200 })).structured!.ad_sets as {
      id: string;
      campaign_id: string;
      objective: string;
      metrics: { spend: number; impressions: number };
    }[];
    const ads = (await callToolOk(apiKey, 'list_socialads_ads', { ...window(), limit: 200 })).structured!.ads as {
      ad_set_id: string;
      metrics: { spend: number; impressions: number };
    }[];
    for (const s of sets) {
      const own = ads.filter((a) => a.ad_set_id === s.id);
      expect(cents(own.reduce((sum, a) => sum + a.metrics.spend, 0))).toBe(cents(s.metrics.spend));
      expect(own.reduce((sum, a) => sum + a.metrics.impressions, 0)).toBe(s.metrics.impressions);
    }
    const app = (await callToolOk(apiKey, 'get_socialads_app_campaigns', window())).structured!.campaigns as {
      id: string;
      metrics: { spend: number };
    }[];
    for (const c of app) {
      expect(cents(c.metrics.spend)).toBe(cents(sets.filter((s) => s.campaign_id === c.id).reduce((sum, s) => sum + s.metrics.spend, 0)));
    }
  });

  it('reports ThruPlays for a video-views ad set, reach for awareness, and no conversion metrics where there are none', async () => {
    const since = addDays(yesterday(), -60);
    const sets = (
      await callToolOk(apiKey, 'list_socialads_ad_sets', { start_date: since, end_date: addDays(yesterday(), -20), limit: 200 })
    ).structured!.ad_sets as {
      name: string;
      optimization_goal: string;
      metrics: Record<string, unknown> & { result_type: string; results: number; video_views?: number };
    }[];
    const video = sets.find((s) => s.optimization_goal === 'THRUPLAY')!;
    expect(video.metrics.result_type).toBe('thruplays');
    expect(video.metrics.results).toBeGreaterThan(0);
    expect(video.metrics.results).toBe(video.metrics.video_views);
    expect(video.metrics).not.toHaveProperty('conversions');
    expect(video.metrics).not.toHaveProperty('roas');
    const leads = sets.find((s) => s.optimization_goal === 'LEAD_GENERATION')!;
    expect(leads.metrics.result_type).toBe('leads');
    expect(leads.metrics).not.toHaveProperty('roas');
    expect(leads.metrics).not.toHaveProperty('video_views');
    const sales = sets.find((s) => s.optimization_goal === 'OFFSITE_CONVERSIONS' && s.metrics.results > 0)!;
    expect(sales.metrics.result_type).toBe('purchases');
    expect(sales.metrics).toHaveProperty('roas');
    const installs = sets.find((s) => s.optimization_goal === 'APP_INSTALLS')!;
    expect(installs.metrics.result_type).toBe('installs');
  });

  it('names only tools of the registry in its suggestions, each a write that carries the action out', async () => {
    const names = new Set(ALL_TOOLS.map((t) => t.name));
    const found = await socialads.findOpportunities!(account, new Date());
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) {
      expect(names.has(o.tool)).toBe(true);
      expect(ALL_TOOLS.find((t) => t.name === o.tool)!.access).toBe('write');
    }
  });
  it('names only tools of the registry in the text of its read tools, and no real-platform identifiers', async () => {
    const names = new Set(ALL_TOOLS.map((t) => t.name));
    for (const tool of [
      'list_socialads_ad_sets',
      'list_socialads_ads',
      'list_socialads_pages',
      'discover_socialads_assets',
      'get_socialads_app_campaigns',
      'get_socialads_app_adsets',
      'get_socialads_app_creatives',
    ]) {
      const { text } = await callToolOk(apiKey, tool, {});
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
