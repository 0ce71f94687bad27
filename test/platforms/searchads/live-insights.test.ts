/**
 * The searchads conversion and keyword research tools on a live account: conversion actions and
 * the report segmented by action, and keyword ideas, through the fake search platform's wire
 * format (which refuses clicks or cost next to the conversion action segment, and more than 20
 * seed keywords), with the sandbox answer's shape.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';

useTestTables();
// Dates in the account's time zone (America/New_York): a clock that does not depend on the time of day.
useMiddayClock();
const platform = useFakeSearchPlatform();

type Structured = Record<string, any>;
const ago = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('searchads insights tools on a live account (fake search platform)', () => {
  let live: LiveOwner;
  let sandboxKey: string;
  beforeAll(async () => {
    live = await liveOwner(platform);
    sandboxKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
  });

  it('lists conversion actions without removed ones, primary and secondary as the platform says', async () => {
    const [l, s] = await Promise.all([
      callToolOk(live.apiKey, 'list_conversion_actions', {}),
      callToolOk(sandboxKey, 'list_conversion_actions', {}),
    ]);
    const actions = l.structured!.conversion_actions as Structured[];
    expect(actions.map((a) => a.name).sort()).toEqual(['Add to cart', 'Lead form (offline import)', 'Website purchase']);
    expect(actions.find((a) => a.name === 'Lead form (offline import)')).toMatchObject({
      type: 'UPLOAD_CLICKS',
      click_through_lookback_window_days: 90,
      default_value: 25,
      always_use_default_value: true,
    });
    expect(Object.keys(actions[0]!).sort()).toEqual(Object.keys((s.structured!.conversion_actions as Structured[])[0]!).sort());
  });

  it('splits the conversions of the campaign report by action, in the wire format the platform allows', async () => {
    const dates = { start_date: ago(30), end_date: ago(1) };
    const [split, report] = await Promise.all([
      callToolOk(live.apiKey, 'get_conversion_action_performance', dates),
      callToolOk(live.apiKey, 'get_campaign_performance', { ...dates, limit: 1000 }),
    ]);
    const actions = split.structured!.actions as Structured[];
    const primary = actions.filter((a) => a.primary_for_goal);
    expect(primary.reduce((a, x) => a + x.conversions, 0)).toBeCloseTo(report.structured!.totals.conversions, 2);
    expect(actions.find((a) => a.name === 'Add to cart')!.all_conversions).toBeGreaterThan(0);
    expect(split.structured!.spend).toBeCloseTo(report.structured!.totals.spend, 2);
  });

  it('researches keywords through the idea service', async () => {
    const data = await callToolOk(live.apiKey, 'research_keywords', {
      keywords: ['hiking boots'],
      location_ids: ['2840'],
      include_partners: true,
      limit: 5,
    });
    const ideas = data.structured!.ideas as Structured[];
    expect(ideas.length).toBe(5);
    expect(
      ideas.every((i) => i.avg_monthly_searches >= 100 && ['LOW', 'MEDIUM', 'HIGH'].includes(i.competition) && i.low_top_of_page_bid > 0),
    ).toBe(true);
    expect(ideas[0]!.monthly_searches[0]).toMatchObject({ month: '2026-10' });
    expect(platform.api.countRequests(/:generateKeywordIdeas$/)).toBeGreaterThan(0);
  });

  it("anomalies, budget allocation, benchmarks and campaign type choice work on the platform's figures", async () => {
    const anomaly = await callToolOk(live.apiKey, 'explain_performance_anomaly', { metric: 'cpa', lookback_days: 7 });
    expect(anomaly.structured!.drivers.map((d: Structured) => d.factor)).toEqual(['cpc', 'conversion_rate']);
    const budget = await callToolOk(live.apiKey, 'optimize_budget_allocation', {});
    const rows = budget.structured!.campaigns as Structured[];
    expect(rows.reduce((a, r) => a + r.proposed_daily_budget, 0)).toBeCloseTo(budget.structured!.total_daily_budget, 2);
    const bench = await callToolOk(live.apiKey, 'get_benchmark_context', { vertical: 'retail' });
    expect((bench.structured!.metrics as Structured[]).find((m) => m.metric === 'ctr')!.account).toBeGreaterThan(0);
    const type = await callToolOk(live.apiKey, 'select_searchads_campaign_type', { goal: 'leads' });
    expect(type.structured!.recommended).toBe('SEARCH');
  });
});
