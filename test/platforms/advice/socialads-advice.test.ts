/**
 * The advice rules (core/advice.ts) on socialads: waste is measured against the account's cost per
 * result of the same result type (not only zero results), no budget move raises a loser, and every
 * call an analysis proposes works as given.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Action = { tool: string; arguments: Record<string, unknown> };
type Metrics = { result_type: string; spend: number; results: number };

describe('socialads advice rules', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { socialads: 1 } })).apiKey;
  });

  it('counts as waste an ad set whose cost per result is more than 2× the account cost for its result type, with the excess as its waste', async () => {
    const waste = (await callToolOk(apiKey, 'analyze_socialads_wasted_spend', {})).structured!;
    const findings = waste.findings as { level: string; id: string; reason: string; wasted_spend: number; metrics: Metrics }[];
    // Independently: the ad sets of the same 30 days, and each result type's account cost.
    const rows = (await callToolOk(apiKey, 'get_socialads_adset_performance', {})).structured!.ad_sets as { metrics: Metrics }[];
    const cost = (type: string) => {
      const same = rows.filter((r) => r.metrics.result_type === type);
      return same.reduce((s, r) => s + r.metrics.spend, 0) / same.reduce((s, r) => s + r.metrics.results, 0);
    };
    const far = findings.filter((f) => f.level === 'ad_set' && f.metrics.results > 0 && f.reason.includes('the account CPA'));
    expect(far.length).toBeGreaterThan(0);
    for (const f of far) {
      const accountCost = cost(f.metrics.result_type);
      expect(f.metrics.spend / f.metrics.results).toBeGreaterThan(2 * accountCost);
      expect(f.wasted_spend).toBeCloseTo(f.metrics.spend - f.metrics.results * accountCost, 0);
    }
  }, 120_000);

  it('every call its analyses propose works as given', async () => {
    const calls: Action[] = [];
    const waste = (await callToolOk(apiKey, 'analyze_socialads_wasted_spend', {})).structured!;
    calls.push(...(waste.findings as { action: Action }[]).map((f) => f.action));
    const budget = (await callToolOk(apiKey, 'optimize_socialads_budget', {})).structured!;
    calls.push(...(budget.moves as { action: Action }[]).map((m) => m.action));
    const fatigue = (await callToolOk(apiKey, 'detect_socialads_creative_fatigue', {})).structured!;
    calls.push(...(fatigue.ads as { actions: Action[] }[]).flatMap((a) => a.actions));
    const ads = (await callToolOk(apiKey, 'analyze_socialads_ad_performance', {})).structured!;
    calls.push(...(ads.recommendations as { action: Action }[]).map((r) => r.action));
    const anomaly = (await callToolOk(apiKey, 'explain_socialads_anomaly', {})).structured!;
    calls.push(...(anomaly.contributors as { action: Action }[]).map((c) => c.action));
    expect(calls.some((c) => c.tool === 'add_socialads_ad')).toBe(true);
    for (const c of calls) {
      const write = /^(add|update|create|pause|resume|delete)_/.test(c.tool);
      await callToolOk(apiKey, c.tool, write ? { ...c.arguments, dry_run: true } : c.arguments);
    }
  }, 300_000);
});
