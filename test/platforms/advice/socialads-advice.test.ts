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
    const far = findings.filter((f) => f.level === 'ad_set' && f.metrics.results > 0 && f.reason.includes("× the account's"));
    expect(far.length).toBeGreaterThan(0);
    for (const f of far) {
      const accountCost = cost(f.metrics.result_type);
      expect(f.metrics.spend / f.metrics.results).toBeGreaterThan(2 * accountCost);
      expect(f.wasted_spend).toBeCloseTo(f.metrics.spend - f.metrics.results * accountCost, 0);
    }
  }, 120_000);

  it('every budget move carries the figures its verdict rests on, and its call runs as given', async () => {
    type Figures = {
      result_type: string;
      spend: number;
      results: number;
      cost_per_result: number | null;
      average_cost_per_result: number | null;
      cost_multiple: number | null;
      roas: number | null;
      target_roas: number | null;
      limited_days: number;
      days: number;
      budget_used: number | null;
    };
    type Move = { id: string; direction: string; reason: string; budget_used: number | null; figures: Figures; action: Action };
    type Holder = {
      id: string;
      budget_used: number | null;
      limited_days: number;
      days: number;
      metrics: Metrics & { cost_per_result: number | null; roas?: number };
    };
    const budget = (await callToolOk(apiKey, 'optimize_socialads_budget', {})).structured!;
    const holders = budget.holders as Holder[];
    // A cut whose budget pays for waste is given as the waste's pauses instead (pause_instead), with the same figures.
    const instead = (budget.pause_instead as Omit<Move, 'direction' | 'action'>[]).map((p) => ({ ...p, direction: 'decrease' }));
    const moves = budget.moves as Move[];
    expect([...moves, ...instead].map((m) => m.direction)).toEqual(expect.arrayContaining(['increase', 'decrease']));
    for (const move of [...moves, ...instead] as Move[]) {
      const f = move.figures;
      const holder = holders.find((h) => h.id === move.id)!;
      // The figures are the holder's own over the window judged...
      expect(f).toMatchObject({
        result_type: holder.metrics.result_type,
        spend: holder.metrics.spend,
        results: holder.metrics.results,
        cost_per_result: holder.metrics.cost_per_result,
        roas: holder.metrics.roas ?? null,
        limited_days: holder.limited_days,
        days: holder.days,
        budget_used: holder.budget_used,
      });
      // ...its goal's average is the same for every holder of that goal...
      for (const other of moves.filter((m) => m.figures.result_type === f.result_type))
        expect(other.figures.average_cost_per_result).toBe(f.average_cost_per_result);
      // ...and the verdict follows from them.
      if (move.direction === 'decrease')
        expect(f.results === 0 || f.cost_multiple! > 1.4 || (f.result_type === 'purchases' && (f.roas ?? 0) < 1)).toBe(true);
      else {
        expect(f.cost_multiple!).toBeLessThan(0.85);
        expect(f.limited_days).toBeGreaterThanOrEqual(f.days / 2);
        expect(f.limited_days).toBeGreaterThan(0);
        if (f.result_type === 'purchases') expect(f.roas!).toBeGreaterThanOrEqual(f.target_roas!);
        expect(move.reason).toContain(`${f.limited_days} of ${f.days} days`);
      }
      if (!move.action) continue;
      const res = await callToolOk(apiKey, move.action.tool, { ...move.action.arguments, dry_run: true });
      expect(res.structured).toBeDefined();
    }
  }, 300_000);

  it('the optimiser and the waste analysis over the same days never give one ad set both a cut and a pause', async () => {
    type Pause = { level: string; id: string; campaign_id: string; action: Action };
    const waste = (await callToolOk(apiKey, 'analyze_socialads_wasted_spend', { lookback_days: 14 })).structured!;
    const findings = waste.findings as Pause[];
    const budget = (await callToolOk(apiKey, 'optimize_socialads_budget', { lookback_days: 14 })).structured!;
    expect({ start: budget.start_date, end: budget.end_date }).toEqual({ start: waste.start_date, end: waste.end_date });
    const ads = (await callToolOk(apiKey, 'list_socialads_ads', {})).structured!.ads as { id: string; ad_set_id: string }[];
    const adSetOf = new Map(ads.map((a) => [a.id, a.ad_set_id]));
    // What a budget pays for: a campaign budget every ad set and ad of the campaign, an ad set budget its own ads.
    const paidBy = (holder: { level: string; id: string }) =>
      findings.filter((f) =>
        holder.level === 'campaign' ? f.campaign_id === holder.id : (f.level === 'ad_set' ? f.id : adSetOf.get(f.id)) === holder.id,
      );
    const cuts = (budget.moves as { level: string; id: string; direction: string }[]).filter((m) => m.direction === 'decrease');
    for (const cut of cuts) expect({ cut: cut.id, pauses: paidBy(cut) }).toEqual({ cut: cut.id, pauses: [] });
    // The holders whose budget pays for waste get the waste analysis's pause calls, exactly, instead of a cut.
    const instead = budget.pause_instead as { level: string; id: string; waste: { id: string; action: Action }[] }[];
    expect(instead.length).toBeGreaterThan(0);
    for (const row of instead) {
      expect(row.waste.map((w) => w.action)).toEqual(paidBy(row).map((f) => f.action));
      expect(row.waste.every((w) => w.action.arguments.status === 'PAUSED')).toBe(true);
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
