import { GatewayError, LiveSetupError } from '../../core/errors';
import { PLATFORMS } from '../../platforms';
import { CONNECTORS } from '../../platforms/connectors';

/**
 * One error for the operator's setup of every live adapter (core/errors.ts, LiveSetupError): 400
 * `live_setup_incomplete` naming the platform, never a secret's value. Before, each adapter had its own class, and
 * searchads answered 500 for the same problem.
 */
describe('live setup incomplete: one answer for every platform', () => {
  const secretNames = PLATFORMS.flatMap((p) => (CONNECTORS[p.word]?.settings ?? []).filter((s) => s.kind === 'secret').map((s) => s.name));
  const saved = new Map(secretNames.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const [name, value] of saved)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  const withOAuth = PLATFORMS.filter((p) => CONNECTORS[p.word]?.oauth).map((p) => p.word);
  it.each(withOAuth)('%s: a consent link without the app credentials is a 400 for the operator, naming what to set', async (word) => {
    const settings = (CONNECTORS[word]!.settings ?? []).filter((s) => s.kind === 'secret').map((s) => s.name);
    // Every secret setting unset but the app's client secret, set to a value that must never show.
    for (const name of secretNames) delete process.env[name];
    const clientSecret = settings.find((name) => /SECRET/.test(name));
    if (clientSecret) process.env[clientSecret] = 'do-not-show-this-value';
    const failure = await CONNECTORS[word]!.oauth!.authorizeUrl('state', 'http://127.0.0.1:1/callback').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(LiveSetupError);
    const error = failure as GatewayError;
    expect({ status: error.statusCode, ...error.structuredContent }).toMatchObject({
      status: 400,
      code: 'live_setup_incomplete',
      platform: word,
    });
    expect(error.message).toMatch(/_CLIENT_ID/);
    expect(error.message).not.toContain('do-not-show-this-value');
  });

  it("says what is wrong, that the operator fixes it where, and that the account's connection is fine", () => {
    const platform = new LiveSetupError({ platform: 'deskads', platformError: '105' }, 'DESKADS_DEVELOPER_TOKEN is not set.');
    expect(platform.statusCode).toBe(400);
    expect(platform.structuredContent).toEqual({ code: 'live_setup_incomplete', platform: 'deskads', platform_error: '105' });
    expect(platform.message).toBe(
      "The gateway's deskads setup for live accounts is not ready: DESKADS_DEVELOPER_TOKEN is not set. The gateway's operator must fix it (docs/live/deskads.md); nothing was changed and the account's connection is fine.",
    );
    const secret = new LiveSetupError({ setting: 'LIVE_SECRETS_ARN' }, 'Secrets Manager refused the secret.');
    expect(secret.structuredContent).toEqual({ code: 'live_setup_incomplete', setting: 'LIVE_SECRETS_ARN' });
    expect(secret.message).toContain('(docs/live-accounts.md)');
  });
});
