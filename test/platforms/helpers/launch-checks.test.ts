/** Launch checks (preflight, draft validation) and the business profile. */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('launch checks and business profile', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1, chatads: 1, socialads: 1 } })).apiKey;
  });

  it('preflight_campaign checks the connection, conversion tracking, recent delivery and guardrails', async () => {
    const chat = (await callToolOk(apiKey, 'preflight_campaign', { platform: 'chatads' })).structured!;
    const checks = Object.fromEntries((chat.checks as { check: string; status: string }[]).map((c) => [c.check, c.status]));
    expect(checks).toMatchObject({ connection: 'pass', 'recent delivery': 'pass', guardrails: 'pass' });
    expect(['pass', 'warn', 'fail']).toContain(checks['conversion tracking']);
    const search = (await callToolOk(apiKey, 'preflight_campaign', { platform: 'searchads' })).structured!;
    expect(search.checks.find((c: { check: string }) => c.check === 'conversion tracking')).toMatchObject({ status: 'not_checked' });
    expect((await callTool(apiKey, 'preflight_campaign', { platform: 'deskads' })).body.structured_content).toMatchObject({
      code: 'account_not_connected',
    });
  });

  it('validate_campaign_draft lists every broken rule at once, and plans a valid draft without creating it', async () => {
    const bad = (
      await callToolOk(apiKey, 'validate_campaign_draft', { tool: 'create_search_campaign', arguments: { name: '', daily_budget: -5 } })
    ).structured!;
    expect(bad.valid).toBe(false);
    expect(bad.problems.length).toBeGreaterThan(1);
    const rsa = {
      headlines: ['Trail Boots', 'Free Returns', 'Waterproof'],
      descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'],
      final_url: 'https://www.example.com/trail',
    };
    const before = ((await callToolOk(apiKey, 'list_campaigns')).structured!.campaigns as unknown[]).length;
    const good = (
      await callToolOk(apiKey, 'validate_campaign_draft', {
        tool: 'create_search_campaign',
        arguments: {
          name: 'Draft search',
          daily_budget: 20,
          ad_groups: [{ name: 'G', keywords: [{ text: 'draft boots', match_type: 'EXACT' }], ads: [rsa] }],
        },
      })
    ).structured!;
    expect(good).toMatchObject({ valid: true, problems: [], plan: { starts_paused: true } });
    expect(good.plan.creates).toBeGreaterThan(0);
    expect(((await callToolOk(apiKey, 'list_campaigns')).structured!.campaigns as unknown[]).length).toBe(before);
    expect(
      (await callTool(apiKey, 'validate_campaign_draft', { tool: 'create_nothing_here', arguments: {} })).body.structured_content,
    ).toMatchObject({ code: 'not_found' });
    expect((await callTool(apiKey, 'validate_campaign_draft', { tool: 'list_campaigns', arguments: {} })).status).toBe(400);
  });

  it("infer_business_profile shows evidence and saves only when asked; save_business_profile keeps the owner's word; get_business_profile reads it", async () => {
    expect((await callToolOk(apiKey, 'get_business_profile')).structured).toMatchObject({ profile: null });
    const inferred = (await callToolOk(apiKey, 'infer_business_profile', {})).structured!;
    expect(inferred).toMatchObject({
      saved: false,
      profile: { vertical: 'outdoor_and_sports', goal: 'sales', currency: expect.any(String) },
    });
    expect(inferred.evidence[0]).toContain('campaign names match');
    expect((await callToolOk(apiKey, 'get_business_profile')).structured!.profile).toBeNull();
    await callToolOk(apiKey, 'save_business_profile', { business_name: 'Northwind Outdoor', vertical: 'retail', target_roas: 4 });
    await callToolOk(apiKey, 'infer_business_profile', { save: true });
    const stored = (await callToolOk(apiKey, 'get_business_profile')).structured!;
    expect(stored.profile).toMatchObject({
      business_name: 'Northwind Outdoor',
      vertical: 'retail',
      target_roas: 4,
      goal: 'sales',
      source: 'saved',
    });
    expect(stored.accounts).toHaveLength(3);
    const again = await callToolOk(apiKey, 'save_business_profile', { vertical: 'retail' });
    expect(again.text).toContain('unchanged');
    expect((await callTool(apiKey, 'save_business_profile', {})).body.error).toContain('at least one field');
    expect((await callTool(apiKey, 'save_business_profile', { website: 'not a url' })).status).toBe(400);
  });
});
