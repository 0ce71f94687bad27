import { money } from '../../../core/markdown';
import { setSandboxFailureMode } from '../../../platforms/sandbox/platform';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

interface Action {
  rank: number;
  kind: string;
  platform: string | null;
  account_id: string | null;
  title: string;
  monthly_value: number;
  tool: string;
  arguments: Record<string, unknown>;
  action_type: 'change' | 'inspect';
}

describe('Tool: suggest_next_action', () => {
  it('puts a broken connection first and suggests connecting the platforms that are missing', async () => {
    // Prepare
    const { apiKey, accounts } = await createTestOwner({ accounts: { chatads: 1 } });
    await setSandboxFailureMode(accounts.chatads![0], 'server_error');
    // Act
    const data = await callToolOk(apiKey, 'suggest_next_action');
    // Assess
    const actions = data.structured!.actions as Action[];
    expect(actions[0]).toMatchObject({
      rank: 1,
      kind: 'fix',
      platform: 'chatads',
      account_id: accounts.chatads![0].account_id,
      tool: 'get_connections_status',
    });
    const setup = actions.filter((a) => a.kind === 'setup').map((a) => a.platform);
    expect(setup).toEqual(expect.arrayContaining(['searchads', 'deskads']));
    expect(setup).not.toContain('chatads');
    expect(data.text).toContain('Start with #1');
  });

  it('ranks actions by value and every action names a registered tool', async () => {
    const { REGISTRY } = await import('../../../functions/all-tools');
    const { apiKey } = await createTestOwner({
      accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 },
    });
    const data = await callToolOk(apiKey, 'suggest_next_action');
    const actions = data.structured!.actions as Action[];
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(REGISTRY.get(action.tool)).toBeDefined();
    const values = actions.filter((a) => a.kind === 'cut_waste').map((a) => a.monthly_value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values.length).toBeGreaterThan(0);
  });

  it('gives actions that run as suggested: each tool call succeeds with its arguments', async () => {
    const { apiKey } = await createTestOwner({
      accounts: { searchads: 1, shortvideo: 1, chatads: 1, socialads: 1, proads: 1, retailads: 1, deskads: 1 },
    });
    const actions = (await callToolOk(apiKey, 'suggest_next_action')).structured!.actions as Action[];
    const acting = actions.filter((a) => a.kind === 'cut_waste' || a.kind === 'scale_winner');
    expect(new Set(acting.map((a) => a.platform)).size).toBeGreaterThanOrEqual(2);
    for (const action of acting) {
      const result = await callTool(apiKey, action.tool, action.arguments);
      expect({ tool: action.tool, status: result.status, error: result.body.error }).toEqual({
        tool: action.tool,
        status: 200,
        error: undefined,
      });
    }
  });

  it("quotes the figures the platform's own tools show", async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const actions = ((await callToolOk(apiKey, 'suggest_next_action')).structured!.actions as Action[]).filter(
      (a) => a.platform === 'searchads' && a.kind === 'cut_waste',
    );
    expect(actions.length).toBeGreaterThan(0);
    type Figures = { id: string; metrics: { spend: number; conversions: number; cpa: number | null } };
    const campaigns = (await callToolOk(apiKey, 'list_campaigns', { lookback_days: 30 })).structured!.campaigns as Figures[];
    const keywords = (await callToolOk(apiKey, 'get_keyword_performance', { lookback_days: 30, limit: 1000 })).structured!
      .rows as Figures[];
    for (const action of actions) {
      // A campaign paused, or one keyword.
      const keywordId = (action.arguments.keyword_ids as string[] | undefined)?.[0];
      const m = (keywordId ? keywords.find((k) => k.id === keywordId) : campaigns.find((c) => c.id === action.arguments.campaign_id))!
        .metrics;
      // Zero-conversion spend is all waste; a CPA far above the account CPA wastes the spend beyond it (core/advice.ts).
      if (m.conversions === 0) expect(action.monthly_value).toBe(m.spend);
      else {
        expect(action.title).toContain(`cost per conversion ${money(m.cpa)}`);
        expect(action.monthly_value).toBeLessThan(m.spend);
      }
    }
  }, 120_000);

  // What each platform's waste actions are (the rows its wasted-spend analysis lists) is checked per platform in
  // test/platforms/advice/waste-watch-rows.test.ts.
  it('covers every platform: each has a finder, and an action is a change when its tool writes, an inspect when it reads', async () => {
    const { PLATFORMS } = await import('../../../platforms');
    const { REGISTRY } = await import('../../../functions/all-tools');
    for (const module of PLATFORMS)
      expect({ platform: module.word, finder: typeof module.findOpportunities }).toEqual({ platform: module.word, finder: 'function' });
    const { apiKey } = await createTestOwner({ accounts: { retailads: 1, deskads: 1, chatads: 1 } });
    const actions = (await callToolOk(apiKey, 'suggest_next_action')).structured!.actions as Action[];
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action.action_type).toBe(REGISTRY.get(action.tool)!.access === 'write' ? 'change' : 'inspect');
  });

  it('never proposes a change to the value something already has: a followed cut disappears', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const before = (await callToolOk(apiKey, 'suggest_next_action')).structured!.actions as Action[];
    const cut = before.find((a) => a.kind === 'cut_waste' && a.tool === 'pause_shortvideo_ad_group')!;
    expect(cut).toBeDefined();
    expect(cut.action_type).toBe('change');
    // Act: follow it (the ad group is now paused, the state the action sets).
    await callToolOk(apiKey, cut.tool, cut.arguments);
    const after = (await callToolOk(apiKey, 'suggest_next_action')).structured!.actions as Action[];
    // Assess
    expect(after.filter((a) => a.arguments.adgroup_id === cut.arguments.adgroup_id)).toEqual([]);
  });

  it('takes no arguments', async () => {
    const { apiKey } = await createTestOwner();
    const result = await callTool(apiKey, 'suggest_next_action', { platform: 'searchads' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`platform` is not a parameter');
  });
});
