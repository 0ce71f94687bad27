/** The diagnostic and helper tools, each doing its work on a seeded owner. */
import { runCommand } from '../../../bin/gateway';
import { clearAuthCache } from '../../../functions/runtime/middleware/authenticate';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json']));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('helper tools', () => {
  let apiKey: string;
  let ownerId: string;
  let searchAccounts: string[];
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 2, deskads: 1, chatads: 1 } });
    apiKey = owner.apiKey;
    ownerId = owner.owner.owner_id;
    searchAccounts = owner.accounts.searchads!.map((a) => a.account_id);
  });

  it('switch_primary_account makes an account the default when a call names none; undo switches back', async () => {
    const ask = await callTool(apiKey, 'list_campaigns', {});
    expect(ask.body.structured_content).toMatchObject({ code: 'account_selection_required' });
    expect(ask.body.error).toContain('switch_primary_account');
    await callToolOk(apiKey, 'switch_primary_account', { platform: 'searchads', account_id: searchAccounts[1] });
    expect((await callToolOk(apiKey, 'list_campaigns', {})).structured!.customer_id).toBe(searchAccounts[1]);
    const second = await callToolOk(apiKey, 'switch_primary_account', { platform: 'searchads', account_id: searchAccounts[0] });
    expect(second.structured).toMatchObject({ previous: searchAccounts[1] });
    expect((await callToolOk(apiKey, 'list_campaigns', {})).structured!.customer_id).toBe(searchAccounts[0]);
    // Naming an account still wins over the default.
    expect((await callToolOk(apiKey, 'list_campaigns', { customer_id: searchAccounts[1] })).structured!.customer_id).toBe(
      searchAccounts[1],
    );
    const unknown = await callTool(apiKey, 'switch_primary_account', { platform: 'searchads', account_id: '0000000000' });
    expect(unknown.body.structured_content).toMatchObject({ code: 'not_found' });
  });

  it.each([
    ['RESOURCE_EXHAUSTED: quota exceeded for customer', undefined, 'searchads', 'Rate or quota limit'],
    [
      '{"error":{"message":"Error validating access token: Session has expired","type":"OAuthException","code":190}}',
      'socialads',
      'socialads',
      'Access token expired or invalid',
    ],
    ['errorCode 117 CallRateExceeded', 'deskads', 'deskads', 'Call rate exceeded'],
    ['structured_content.code quota_exhausted', 'gateway', 'gateway', 'quota_exhausted'],
  ])('explain_platform_error explains %s', async (error, platform, expectedPlatform, name) => {
    const result = await callToolOk(apiKey, 'explain_platform_error', { error, ...(platform ? { platform } : {}) });
    expect(result.structured).toMatchObject({ matched: true });
    expect(result.structured!.explanations).toEqual(
      expect.arrayContaining([expect.objectContaining({ platform: expectedPlatform, name })]),
    );
  });

  it('explain_platform_error says when it does not know and gives the triage', async () => {
    const result = await callToolOk(apiKey, 'explain_platform_error', { error: 'zxqv blorp' });
    expect(result.structured).toEqual({ matched: false, explanations: [] });
    expect(result.text).toContain('get_connections_status');
  });

  it('why_did_this_fail lists the writes a guardrail blocked, with the reason; usage_value_summary counts what was applied', async () => {
    const campaign = (
      (await callToolOk(apiKey, 'list_campaigns', { customer_id: searchAccounts[0] })).structured!.campaigns as {
        id: string;
        name: string;
      }[]
    ).find((c) => c.name === 'Brand - Exact')!;
    await callToolOk(apiKey, 'update_campaign', { customer_id: searchAccounts[0], campaign_id: campaign.id, budget_amount: 60 });
    await json(['guardrails', 'set', '--owner', ownerId, '--max-daily-budget', 'searchads=100']);
    clearAuthCache();
    expect(
      (await callTool(apiKey, 'update_campaign', { customer_id: searchAccounts[0], campaign_id: campaign.id, budget_amount: 500 })).status,
    ).toBe(400);
    const failures = (await callToolOk(apiKey, 'why_did_this_fail', {})).structured!.failures as {
      tool: string;
      outcome: string;
      reason: string;
    }[];
    expect(failures).toEqual([expect.objectContaining({ tool: 'update_campaign', outcome: 'blocked' })]);
    expect(failures[0]!.reason).toContain('100');
    const value = (await callToolOk(apiKey, 'usage_value_summary')).structured!;
    expect(value.applied_by_tool).toMatchObject({ update_campaign: 1 });
    expect(value.writes_applied).toBeGreaterThanOrEqual(1);
    expect(value.budget_changes).toBe(1);
    await json(['guardrails', 'set', '--owner', ownerId, '--max-daily-budget', 'none']);
    clearAuthCache();
  });

  it('whats_changed_since_last_visit sets a baseline on the first visit and compares since then on the next', async () => {
    const first = (await callToolOk(apiKey, 'whats_changed_since_last_visit')).structured!;
    expect(first).toMatchObject({ first_visit: true, last_visit: null, start_date: day(-7), end_date: day(-1) });
    expect(first.accounts.length).toBe(4);
    const next = (await callToolOk(apiKey, 'whats_changed_since_last_visit')).structured!;
    expect(next).toMatchObject({ first_visit: false, start_date: day(-1), end_date: day(-1) });
    const deskads = next.accounts.find((a: { platform: string }) => a.platform === 'deskads');
    expect(deskads.spend).toBeGreaterThan(0);
  });

  it('weekly_opportunities names at most three write calls, the most valuable first', async () => {
    const ops = (await callToolOk(apiKey, 'weekly_opportunities')).structured!.opportunities as { monthly_value: number; tool: string }[];
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.length).toBeLessThanOrEqual(3);
    expect([...ops].sort((a, b) => b.monthly_value - a.monthly_value)).toEqual(ops);
  });

  it("cluster_keywords groups given terms by their head word, and the accounts' search terms by default", async () => {
    const given = (
      await callToolOk(apiKey, 'cluster_keywords', {
        terms: ['waterproof hiking boots', 'hiking boots women', 'trail running shoes', 'running shoes men', 'boots'],
      })
    ).structured!;
    const themes = Object.fromEntries((given.clusters as { theme: string; terms: number }[]).map((c) => [c.theme, c.terms]));
    expect(themes).toMatchObject({ boots: 3, shoes: 2 });
    const fromAccounts = (await callToolOk(apiKey, 'cluster_keywords', {})).structured!;
    expect(fromAccounts).toMatchObject({ source: 'accounts' });
    expect(fromAccounts.terms).toBeGreaterThan(0);
    expect((await callTool(apiKey, 'cluster_keywords', { terms: ['one'] })).status).toBe(400);
  });

  it('verify_campaign_is_live tells serving from paused, and refuses an unknown campaign', async () => {
    const campaigns = (
      await callToolOk(apiKey, 'list_campaigns', { customer_id: searchAccounts[0], start_date: day(-1), end_date: day(-1) })
    ).structured!.campaigns as { id: string; status: string; metrics: { impressions: number } }[];
    const live = campaigns.find((c) => c.status === 'ENABLED' && c.metrics.impressions > 0)!;
    const paused = campaigns.find((c) => c.status === 'PAUSED')!;
    expect(
      (await callToolOk(apiKey, 'verify_campaign_is_live', { platform: 'searchads', account_id: searchAccounts[0], campaign_id: live.id }))
        .structured,
    ).toMatchObject({ serving: true, impressions_yesterday: live.metrics.impressions, reasons: [] });
    const off = (
      await callToolOk(apiKey, 'verify_campaign_is_live', { platform: 'searchads', account_id: searchAccounts[0], campaign_id: paused.id })
    ).structured!;
    expect(off).toMatchObject({ serving: false, status: 'PAUSED' });
    expect(off.reasons[0]).toContain('PAUSED');
    expect(
      (await callTool(apiKey, 'verify_campaign_is_live', { platform: 'searchads', account_id: searchAccounts[0], campaign_id: '999' })).body
        .structured_content,
    ).toMatchObject({ code: 'not_found' });
    expect(
      (await callTool(apiKey, 'verify_campaign_is_live', { platform: 'socialads', campaign_id: '1' })).body.structured_content,
    ).toMatchObject({ code: 'account_not_connected' });
  });

  it('diagnose_my_setup checks the allowance, every connection, defaults, guardrails and monitors', async () => {
    const result = (await callToolOk(apiKey, 'diagnose_my_setup')).structured!;
    const areas = (result.findings as { area: string; status: string }[]).map((f) => f.area);
    expect(areas).toEqual(expect.arrayContaining(['allowance', `searchads ${searchAccounts[0]}`, 'spend safety', 'monitoring']));
    expect(result.findings.find((f: { area: string }) => f.area === 'monitoring')).toMatchObject({ status: 'warning' });
    expect(result.healthy).toBe(true);
  });
});
