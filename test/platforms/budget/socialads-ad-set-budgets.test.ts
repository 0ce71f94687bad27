/**
 * optimize_socialads_budget on ad set budgets (ABO) and campaign budgets (CBO), issue 31: the budget to
 * raise or cut is its owner's (the ad set's own daily_budget when the campaign has no budget, the
 * campaign's otherwise), "limited" is judged per owner each day against that day's budget
 * (core/budget-limited.ts), and no raise or cut goes to a budget that pays for what
 * analyze_socialads_wasted_spend lists over the same days: the waste's pauses come first.
 */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';

useTestTables();
useMiddayClock();

type Row = Record<string, any>;
type Action = { tool: string; arguments: Record<string, unknown> };
type Move = { level: string; id: string; direction: string; current_daily_budget: number; proposed_daily_budget: number; action: Action };
type Holder = { level: string; id: string; daily_budget: number; limited_by_budget: boolean };

describe('optimize_socialads_budget: the budget owner of ad set and campaign budgets', () => {
  let apiKey: string;
  let optimized: Row;
  let waste: Row;
  let adSets: Row[];
  let campaigns: Row[];

  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { socialads: 1 } })).apiKey;
    optimized = (await callToolOk(apiKey, 'optimize_socialads_budget', {})).structured!;
    // The waste analysis over the same days.
    waste = (await callToolOk(apiKey, 'analyze_socialads_wasted_spend', { start_date: optimized.start_date, end_date: optimized.end_date }))
      .structured!;
    adSets = (await callToolOk(apiKey, 'list_socialads_ad_sets', {})).structured!.ad_sets as Row[];
    campaigns = (await callToolOk(apiKey, 'list_socialads_campaigns', {})).structured!.campaigns as Row[];
  }, 180_000);

  const adSet = (name: string) => adSets.find((s) => s.name === name)!;
  const holder = (id: string) => (optimized.holders as Holder[]).find((h) => h.id === id);
  const movesOn = (id: string) => (optimized.moves as Move[]).filter((m) => m.id === id);

  it('on ad set budgets: raises the limited ad set that sells on its own budget, and pauses the one that wastes instead of cutting it', async () => {
    const abo = campaigns.find((c) => c.name === 'Prospecting - Ad Set Budgets')!;
    const limited = adSet('Lookalike 3% - Add to cart');
    const wasting = adSet('Broad - Cold 18-65');
    // The campaign holds no budget: its ad sets are the owners, and only they are judged.
    expect(holder(abo.id)).toBeUndefined();
    expect(movesOn(abo.id)).toEqual([]);
    expect(holder(limited.id)).toMatchObject({ level: 'ad_set', daily_budget: 40, limited_by_budget: true });
    expect(holder(wasting.id)).toMatchObject({ level: 'ad_set', daily_budget: 30 });
    // The waste analysis lists the wasting ad set, not the limited one.
    const listed = (waste.findings as Row[]).map((f) => f.id);
    expect(listed).toContain(wasting.id);
    expect(listed).not.toContain(limited.id);
    expect(movesOn(limited.id).map((m) => m.action)).toEqual([
      { tool: 'update_socialads_ad_set', arguments: { ad_set_id: limited.id, daily_budget: 48 } },
    ]);
    // The waste analysis pauses the wasting ad set: the optimiser gives that pause, not a cut of its own.
    expect(movesOn(wasting.id)).toEqual([]);
    const instead = (optimized.pause_instead as Row[]).find((p) => p.id === wasting.id)!;
    expect(instead.waste.map((f: Row) => f.action)).toEqual([
      { tool: 'update_socialads_ad_set', arguments: { ad_set_id: wasting.id, status: 'PAUSED' } },
    ]);
    // Each proposed call works as given (planned under dry_run).
    for (const action of [...movesOn(limited.id).map((m) => m.action), ...instead.waste.map((f: Row) => f.action as Action)]) {
      const planned = await callTool(apiKey, action.tool, { ...action.arguments, dry_run: true });
      expect({ tool: action.tool, status: planned.status }).toEqual({ tool: action.tool, status: 200 });
    }
  }, 120_000);

  it('never raises a budget that pays for what the waste analysis lists: the raise is held back with the pause to make first', async () => {
    const findings = waste.findings as Row[];
    const adSetOf = new Map(adSets.map((s) => [s.id, s.campaign_id]));
    for (const m of (optimized.moves as Move[]).filter((x) => x.direction === 'increase')) {
      const paidFor = findings.filter((f) =>
        m.level === 'campaign' ? f.campaign_id === m.id : f.id === m.id || (f.level === 'ad' && adSetOf.get(f.id) === m.id),
      );
      expect({ raised: m.id, paysFor: paidFor.map((f) => f.name) }).toEqual({ raised: m.id, paysFor: [] });
    }
    // The seeded catalog campaign sells under its campaign budget but pays for a prospecting ad set
    // without a purchase: held back, naming that ad set's pause.
    const catalog = campaigns.find((c) => c.name === 'Catalog - Dynamic Product Ads')!;
    const prospecting = adSet('Prospecting - Boots broad');
    expect(findings.map((f) => f.id)).toContain(prospecting.id);
    const held = (optimized.held_back as Row[]).find((b) => b.id === catalog.id)!;
    expect(held).toBeDefined();
    expect(held.waste.map((f: Row) => f.action)).toEqual([
      { tool: 'update_socialads_ad_set', arguments: { ad_set_id: prospecting.id, status: 'PAUSED' } },
    ]);
    expect(movesOn(catalog.id).filter((m) => m.direction === 'increase')).toEqual([]);
  }, 120_000);
});
