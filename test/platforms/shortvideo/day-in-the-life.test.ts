/**
 * A day in the life of a shortvideo marketer, through the tools only: find the waste, pause it,
 * move budget to the winner, verify. The analyses name the tools and arguments that are applied.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('shortvideo: find the waste → pause it → move budget to the winner → verify', () => {
  it('follows the advice of the analyses with the tools they name', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const groups = async () => (await callToolOk(apiKey, 'list_shortvideo_ad_groups', { lookback_days: 7 })).structured!.ad_groups as any[];
    const before = await groups();

    // Find the waste: an ad group that spends without converting, with the call that stops it.
    const waste = (await callToolOk(apiKey, 'analyze_shortvideo_wasted_spend', { level: 'ad_group' })).structured!;
    const critical = (waste.findings as any[]).find((f) => f.severity === 'CRITICAL');
    expect(critical.name).toBe('Add to Cart - Wasteful Test');
    const [pause] = critical.actions;
    expect(pause.tool).toBe('pause_shortvideo_ad_group');

    // The reallocation proposes the same pause and where the money should go.
    const plan = (await callToolOk(apiKey, 'optimize_shortvideo_budget', {})).structured!;
    expect((plan.moves as any[]).find((m) => m.adgroup_id === critical.id)).toMatchObject({
      role: 'donor',
      tool: 'pause_shortvideo_ad_group',
    });
    const others = (plan.moves as any[]).filter((m) => m.adgroup_id !== critical.id);
    const winner = others.find((m) => m.adgroup_name === 'Purchase - Broad');
    expect(winner.role).toBe('recipient');
    const cap = others.find((m) => m.role === 'campaign_cap' && m.campaign_id === winner.campaign_id);
    expect(winner.proposed_budget).toBeGreaterThan(winner.current_budget);

    // Pause it (dry run first: nothing changes).
    await callToolOk(apiKey, pause.tool, { ...pause.arguments, dry_run: true });
    expect((await groups()).find((g) => g.id === critical.id).status).toBe('ENABLED');
    await callToolOk(apiKey, pause.tool, pause.arguments);

    // Move the budget: every other move, with the tool and arguments it names.
    for (const move of others) await callToolOk(apiKey, move.tool, move.arguments);

    // Verify: the waste is paused, the winner has its new budget, the campaign budget does not cap it.
    const after = await groups();
    expect(after.find((g) => g.id === critical.id).status).toBe('DISABLED');
    expect(after.find((g) => g.id === winner.adgroup_id).budget).toBe(winner.proposed_budget);
    const campaign = (await callToolOk(apiKey, 'get_shortvideo_campaign_details', { campaign_id: winner.campaign_id })).structured!
      .campaign;
    const enabledBudgets = after
      .filter((g) => g.campaign_id === winner.campaign_id && g.status === 'ENABLED')
      .reduce((t, g) => t + g.budget, 0);
    expect(campaign.budget).toBe(cap.proposed_budget);
    expect(campaign.budget).toBeGreaterThanOrEqual(enabledBudgets);
    // The past does not change: last week's figures are the same before and after the writes.
    expect(after.map((g) => [g.id, g.metrics])).toEqual(before.map((g) => [g.id, g.metrics]));
    // The advice moves on: the paused ad group has nothing left to do, and no one proposes it again.
    const again = (await callToolOk(apiKey, 'analyze_shortvideo_wasted_spend', { level: 'ad_group' })).structured!;
    expect((again.findings as any[]).find((f) => f.id === critical.id).actions).toEqual([]);
    const next = (await callToolOk(apiKey, 'suggest_next_action', {})).structured!.actions as any[];
    expect(next.filter((a) => a.arguments?.adgroup_id === critical.id)).toEqual([]);
    const replan = (await callToolOk(apiKey, 'optimize_shortvideo_budget', {})).structured!;
    expect((replan.moves as any[]).find((m) => m.adgroup_id === critical.id)).toBeUndefined();
  });
});
