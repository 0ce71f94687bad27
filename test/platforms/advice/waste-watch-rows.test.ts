/**
 * One waste rule for the analyses and the watch (issue 31, core/waste.ts): over the same window (the
 * last 30 days ending yesterday), run_watch_now's waste signals and suggest_next_action's waste actions
 * of a platform are exactly the rows its wasted-spend analysis lists with an action: the same entities,
 * the same amounts to the cent, the same write. Spend at a cost per result far above the account's is
 * among them, not only spend with no result.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { day, useFixedClock } from '../figures/support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
/** One waste item: the entity its write acts on, the write, and its value. */
interface Item {
  id: string;
  tool: string;
  value: number;
}
const window = { start_date: day(-30), end_date: day(-1) };
const byValue = <T extends Item>(items: T[]) => [...items].sort((a, b) => b.value - a.value || a.id.localeCompare(b.id));

interface WasteCase {
  platform: 'socialads' | 'proads';
  /** The analysis's rows that carry a write, as items, and whether each has conversions. */
  analysis(apiKey: string): Promise<(Item & { converting: boolean })[]>;
  /** The entity a watch fix or suggested action acts on. */
  idOf(args: Row): string;
}

const CASES: WasteCase[] = [
  {
    platform: 'socialads',
    async analysis(apiKey) {
      const s = (await callToolOk(apiKey, 'analyze_socialads_wasted_spend', window)).structured!;
      return (s.findings as Row[]).map((f) => ({
        id: f.id,
        tool: f.action.tool,
        value: f.wasted_spend,
        converting: f.metrics.results > 0,
      }));
    },
    idOf: (a) => a.ad_set_id ?? a.ad_id,
  },
  {
    platform: 'proads',
    async analysis(apiKey) {
      const s = (await callToolOk(apiKey, 'analyze_proads_wasted_spend', window)).structured!;
      return (s.campaigns as Row[])
        .filter((c) => c.status === 'ACTIVE' && c.wasted_spend > 0)
        .flatMap((c) => {
          const action = (s.quick_actions as Row[]).find((a) => a.target_id === c.campaign_id);
          return action ? [{ id: c.campaign_id, tool: action.tool, value: c.wasted_spend, converting: c.metrics.conversions > 0 }] : [];
        });
    },
    idOf: (a) => a.campaign_id,
  },
];

describe('the watch and suggest_next_action list what the wasted-spend analysis lists', () => {
  for (const c of CASES) {
    it(`${c.platform}: the same entities, amounts and writes, high cost per result included`, async () => {
      const { apiKey } = await createTestOwner({ accounts: { [c.platform]: 1 } });
      const rows = byValue(await c.analysis(apiKey));
      const expected = rows.map(({ converting: _c, ...item }) => item);
      expect(rows.length).toBeGreaterThan(0);
      // Waste is measured against the account's cost per result, not only zero results.
      expect(rows.some((r) => r.converting && r.value > 0)).toBe(true);

      const signals = (await callToolOk(apiKey, 'run_watch_now')).structured!.signals as Row[];
      // A signal's write is its fix; a read (a review) is what it names to inspect.
      const watched = signals
        .filter((s) => s.kind === 'cut_waste' && s.platform === c.platform)
        .map((s) => ({ call: s.fixes[0] ?? s.inspect, value: s.monthly_value }))
        .map(({ call, value }) => ({ id: c.idOf(call.arguments), tool: call.tool, value }));
      expect(byValue(watched)).toEqual(expected);

      const actions = ((await callToolOk(apiKey, 'suggest_next_action')).structured!.actions as Row[]).filter(
        (a) => a.kind === 'cut_waste' && a.platform === c.platform,
      );
      expect(actions.length).toBe(Math.min(expected.length, 10));
      const suggested = actions.map((a) => ({ id: c.idOf(a.arguments), tool: a.tool, value: a.monthly_value }));
      for (const s of suggested) expect(expected).toContainEqual(s);
      // The largest is first, and its call works as given.
      expect(suggested[0]).toEqual(expected[0]);
      const first = actions[0]!;
      await callToolOk(apiKey, first.tool, first.action_type === 'change' ? { ...first.arguments, dry_run: true } : first.arguments);
    }, 240_000);
  }
});
