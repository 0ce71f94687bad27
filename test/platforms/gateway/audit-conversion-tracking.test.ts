import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;

describe('Tool: audit_conversion_tracking', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({
      accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 },
    }));
  });

  it('reads every connected platform and reports gaps with their fix tool; a fix shows up in the next audit', async () => {
    const audit = await callToolOk(apiKey, 'audit_conversion_tracking');
    const accounts = audit.structured!.accounts as Row[];
    expect(accounts.map((a) => a.platform).sort()).toEqual([
      'chatads',
      'deskads',
      'proads',
      'retailads',
      'searchads',
      'shortvideo',
      'socialads',
    ]);
    const byPlatform = (p: string) => accounts.find((a) => a.platform === p)!;
    for (const p of ['chatads', 'socialads', 'shortvideo', 'deskads']) expect(byPlatform(p).status).toBe('checked');
    for (const p of ['searchads', 'proads', 'retailads'])
      expect(byPlatform(p)).toMatchObject({ status: 'not_checked', reason: expect.any(String) });
    const chat = byPlatform('chatads').gaps as Row[];
    // Seeded: the app's server-events pixel has no event settings, advanced matching is off, no API key.
    expect(chat).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          severity: 'medium',
          tool: 'create_chatads_event_setting',
          gap: expect.stringContaining('Trail app server events'),
        }),
        expect.objectContaining({
          severity: 'low',
          tool: 'set_chatads_conversions_config',
          gap: expect.stringContaining('Advanced matching is off'),
        }),
        expect.objectContaining({ tool: 'create_chatads_conversions_api_key' }),
      ]),
    );
    expect(audit.structured!.gap_count).toBe(accounts.reduce((t, a) => t + a.gaps.length, 0));
    expect(audit.text).toContain('### chatads');

    await callToolOk(apiKey, 'set_chatads_conversions_config', { advanced_matching: true });
    const again = await callToolOk(apiKey, 'audit_conversion_tracking', { platforms: ['chatads'] });
    const gaps = (again.structured!.accounts as Row[])[0].gaps as Row[];
    expect(gaps.some((g) => g.gap.includes('Advanced matching'))).toBe(false);
    expect(gaps.length).toBe(chat.length - 1);
  });

  it('refuses unknown platforms', async () => {
    const result = await callTool(apiKey, 'audit_conversion_tracking', { platforms: ['tvads'] });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`platforms');
  });
});
