/**
 * suggest_next_action and run_watch_now see waste measured against the account CPA (core/advice.ts),
 * not only zero-result spend: the seeded proads account's campaign far above the account CPA (about
 * 9×, the largest waste analyze_proads_wasted_spend finds) is an action and a signal, valued at the
 * spend beyond what its conversions are worth at the account CPA, with a call that works as given.
 */
import { lastDays } from '../../../core/dates';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Campaign = { campaign_id: string; name: string; status: string; metrics: { spend: number; conversions: number; cpa: number | null } };

describe('waste against the account CPA in suggest_next_action and run_watch_now', () => {
  it('proads: the campaign far above the account CPA is an action and a signal, and its call works', async () => {
    const { apiKey } = await createTestOwner({ accounts: { proads: 1 } });
    const month = lastDays(new Date(), 30, 'UTC');
    const waste = (await callToolOk(apiKey, 'analyze_proads_wasted_spend', { start_date: month.start, end_date: month.end })).structured!;
    const accountCpa = waste.account_cost_per_conversion as number;
    const far = (waste.campaigns as Campaign[])
      .filter((c) => c.status === 'ACTIVE' && c.metrics.conversions > 0 && c.metrics.cpa! > 2 * accountCpa)
      .map((c) => ({ ...c, excess: c.metrics.spend - c.metrics.conversions * accountCpa }))
      .sort((a, b) => b.excess - a.excess);
    expect(far.length).toBeGreaterThan(0);
    const worst = far[0]!;

    const actions = (await callToolOk(apiKey, 'suggest_next_action')).structured!.actions as {
      title: string;
      monthly_value: number;
      tool: string;
      arguments: Record<string, unknown>;
    }[];
    const action = actions.find((a) => a.arguments.campaign_id === worst.campaign_id);
    expect(action).toBeDefined();
    expect(action!.title).toContain('the account CPA');
    expect(action!.monthly_value).toBeCloseTo(worst.excess, 0);
    await callToolOk(apiKey, action!.tool, { ...action!.arguments, dry_run: true });

    const signals = (await callToolOk(apiKey, 'run_watch_now')).structured!.signals as {
      title: string;
      monthly_value: number;
      fixes: { tool: string; arguments: Record<string, unknown> }[];
    }[];
    const signal = signals.find((s) => s.fixes.some((f) => f.arguments.campaign_id === worst.campaign_id));
    expect(signal).toBeDefined();
    expect(signal!.monthly_value).toBeCloseTo(worst.excess, 0);
  }, 120_000);
});
