/**
 * Connecting live proads accounts: the operator command with a member's refresh token (every ad
 * account of the member, or only --account-id), the connect link end to end over real HTTP (consent
 * page with the ads scopes, callback, code exchange), the refusals (a revoked token, a wrong app
 * secret, an app without refresh tokens, a declined consent), and the authorization's lapse date
 * in get_connections_status with a warning in its last month. No refresh token shows anywhere.
 */
import type { Server } from 'node:http';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runCommand } from '../../../bin/gateway';
import { freePort } from '../../../functions/local/dynamodb-local';
import { startHttpServer } from '../../../functions/local/server';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { TABLE_SPECS } from '../../../functions/runtime/stores/tables';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { GatewayError } from '../../../core/errors';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useFakeProAds } from './live-support';

useTestTables();
const platform = useFakeProAds();

let server: Server;
let base: string;
const previousBaseUrl = process.env.PUBLIC_BASE_URL;

beforeAll(async () => {
  const port = await freePort();
  server = await startHttpServer(port);
  base = `http://127.0.0.1:${port}`;
  process.env.PUBLIC_BASE_URL = base;
  platform.api.redirectUris = [`${base}/connect/proads/callback`];
});

afterAll(async () => {
  if (previousBaseUrl === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = previousBaseUrl;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json']));
const follow = async (url: string) => {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

async function tablesText(): Promise<string> {
  const texts: string[] = [];
  for (const table of Object.keys(TABLE_SPECS) as (keyof typeof TABLE_SPECS)[]) {
    const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
    texts.push(JSON.stringify(Items));
  }
  return texts.join('\n');
}

describe('gateway accounts connect --platform proads --live', () => {
  it('connects every ad account the member has a role on, named as the platform names them, and shows the token nowhere', async () => {
    const first = platform.api.addAccount({ name: 'Contoso Analytics Ads' });
    const second = platform.api.addAccount({ name: 'Contoso Europe', currency: 'EUR', member: first.member });
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const key = await json(['keys', 'create', '--owner', owner.owner_id]);
    const raw = await runCommand([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'proads',
      '--live',
      '--refresh-token',
      first.refreshToken,
      '--json',
    ]);
    const printed = JSON.parse(raw);
    expect(printed.platform).toBe('proads');
    expect(printed.accounts).toEqual(
      expect.arrayContaining([
        { id: first.account.id, name: 'Contoso Analytics Ads' },
        { id: second.account.id, name: 'Contoso Europe' },
      ]),
    );
    expect(raw).not.toContain(first.refreshToken);
    const connected = await listConnectedAccounts(owner.owner_id, 'proads');
    expect(connected.find((a) => a.account_id === second.account.id)).toMatchObject({ mode: 'live', currency: 'EUR', time_zone: 'UTC' });
    expect(await tablesText()).not.toContain(first.refreshToken);
    const groups = await callToolOk(key.api_key, 'list_proads_campaign_groups', { ad_account_id: first.account.id });
    expect((groups.structured!.campaign_groups as { name: string }[]).map((g) => g.name)).toContain('Demand Generation 2026');
  });

  it('connects only --account-id, and refuses an account the member has no role on', async () => {
    const mine = platform.api.addAccount({ name: 'Only This One' });
    platform.api.addAccount({ member: mine.member, name: 'Not This One' });
    const { owner } = await createTestOwner();
    const accounts = await connectLiveAccounts(owner.owner_id, 'proads', {
      'refresh-token': mine.refreshToken,
      'account-id': mine.account.id,
    });
    expect(accounts.map((a) => a.name)).toEqual(['Only This One']);
    const other = platform.api.addAccount({ name: 'Someone Else' });
    const refused = await failure(
      connectLiveAccounts(owner.owner_id, 'proads', { 'refresh-token': mine.refreshToken, 'account-id': other.account.id }),
    );
    expect((refused as GatewayError).structuredContent).toMatchObject({ code: 'account_not_connected' });
    expect((refused as Error).message).toContain(other.account.id);
  });

  it('refuses a revoked refresh token with invalid_credentials and connects nothing', async () => {
    const { refreshToken } = platform.api.addAccount();
    platform.api.revoke(refreshToken);
    const { owner } = await createTestOwner();
    const refused = await failure(connectLiveAccounts(owner.owner_id, 'proads', { 'refresh-token': refreshToken }));
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).structuredContent).toMatchObject({ code: 'invalid_credentials', platform: 'proads' });
    expect((refused as Error).message).not.toContain(refreshToken);
    expect(await listConnectedAccounts(owner.owner_id, 'proads')).toEqual([]);
  });

  it("answers live_setup_incomplete naming the settings when the platform refuses the app's secret", async () => {
    const { refreshToken } = platform.api.addAccount();
    const secret = process.env.PROADS_CLIENT_SECRET;
    process.env.PROADS_CLIENT_SECRET = 'not-the-secret';
    try {
      const { owner } = await createTestOwner();
      const refused = await failure(connectLiveAccounts(owner.owner_id, 'proads', { 'refresh-token': refreshToken }));
      expect((refused as GatewayError).structuredContent).toMatchObject({ code: 'live_setup_incomplete' });
      expect((refused as Error).message).toContain('PROADS_CLIENT_SECRET');
      expect((refused as Error).message).not.toContain('not-the-secret');
    } finally {
      process.env.PROADS_CLIENT_SECRET = secret;
    }
  });

  it('asks for --refresh-token and refuses other flags', async () => {
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    await expect(runCommand(['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'proads', '--live'])).rejects.toThrow(
      /--refresh-token/,
    );
    await expect(
      runCommand([
        'accounts',
        'connect',
        '--owner',
        owner.owner_id,
        '--platform',
        'proads',
        '--live',
        '--refresh-token',
        'x',
        '--api-key',
        'y',
      ]),
    ).rejects.toThrow(/--api-key/);
  });

  it('takes the refresh token from standard input with --credential-stdin, so it is not on the command line', async () => {
    const seeded = platform.api.addAccount({ name: 'Piped In Ads' });
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const argv = ['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'proads', '--live', '--credential-stdin'];
    const raw = await runCommand([...argv, '--json'], { stdin: async () => `${seeded.refreshToken}\n` });
    expect(JSON.parse(raw).accounts).toEqual([{ id: seeded.account.id, name: 'Piped In Ads' }]);
    expect(raw).not.toContain(seeded.refreshToken);
    expect(await tablesText()).not.toContain(seeded.refreshToken);
    await expect(runCommand(argv, { stdin: async () => '\n' })).rejects.toThrow(/read nothing/);
    await expect(runCommand([...argv, '--refresh-token', 'x'], { stdin: async () => seeded.refreshToken })).rejects.toThrow(
      /either with --refresh-token or with --credential-stdin/,
    );
  });
});

describe('connect-link for proads', () => {
  it('asks for the ads scopes, exchanges the code and connects the accounts of the consenting member; the owner uses them at once', async () => {
    const seeded = platform.api.addAccount({ name: 'Linked Consulting Ads' });
    platform.api.consentMember = seeded.member;
    const { owner, apiKey } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'proads']);
    const opened = await follow(link.url);
    expect(opened.status).toBe(302);
    const consentUrl = new URL(opened.location!);
    expect(consentUrl.toString().startsWith(platform.api.authorizeUrl)).toBe(true);
    expect(consentUrl.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['r_ads', 'rw_ads', 'r_ads_reporting']));
    const consent = await follow(opened.location!);
    expect(consent.location!.startsWith(`${base}/connect/proads/callback?`)).toBe(true);
    const done = await follow(consent.location!);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Linked Consulting Ads');
    expect(await listConnectedAccounts(owner.owner_id, 'proads')).toEqual([
      expect.objectContaining({ account_id: seeded.account.id, mode: 'live', name: 'Linked Consulting Ads' }),
    ]);
    const campaigns = await callToolOk(apiKey, 'list_proads_campaigns', {});
    expect((campaigns.structured!.campaigns as unknown[]).length).toBeGreaterThan(0);
    for (const secret of [...platform.api.refreshTokens.keys(), process.env.PROADS_CLIENT_SECRET!]) expect(done.body).not.toContain(secret);
    expect(await tablesText()).not.toContain([...platform.api.refreshTokens.keys()].at(-1)!);
  });

  it('connects nothing when the member cancels on the consent page', async () => {
    platform.api.consentMember = undefined;
    const { owner } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'proads']);
    const done = await follow((await follow((await follow(link.url)).location!)).location!);
    expect(done.status).toBe(400);
    expect(await listConnectedAccounts(owner.owner_id, 'proads')).toEqual([]);
  });

  it('connects nothing when the app is not approved for refresh tokens, and says the operator must fix it', async () => {
    const seeded = platform.api.addAccount();
    platform.api.consentMember = seeded.member;
    platform.api.refreshTokensEnabled = false;
    try {
      const { owner } = await createTestOwner();
      const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'proads']);
      const done = await follow((await follow((await follow(link.url)).location!)).location!);
      expect(done.status).not.toBe(200);
      expect(await listConnectedAccounts(owner.owner_id, 'proads')).toEqual([]);
    } finally {
      platform.api.refreshTokensEnabled = true;
    }
  });
});

describe('get_connections_status for live proads accounts', () => {
  it('shows when the authorization lapses, and warns in its last month', async () => {
    const fresh = platform.api.addAccount({ name: 'Fresh Grant' });
    const ageing = platform.api.addAccount({ name: 'Ageing Grant' });
    const ageingToken = platform.api.issueRefreshToken(ageing.member, { days: 12 });
    const { owner, apiKey } = await createTestOwner();
    await connectLiveAccounts(owner.owner_id, 'proads', { 'refresh-token': fresh.refreshToken });
    await connectLiveAccounts(owner.owner_id, 'proads', { 'refresh-token': ageingToken, 'account-id': ageing.account.id });
    const status = await callToolOk(apiKey, 'get_connections_status', {});
    const proads = (status.structured!.platforms as { platform: string; accounts: Record<string, any>[] }[]).find(
      (p) => p.platform === 'proads',
    )!;
    const freshRow = proads.accounts.find((a) => a.id === fresh.account.id)!;
    const ageingRow = proads.accounts.find((a) => a.id === ageing.account.id)!;
    expect(freshRow).toMatchObject({ healthy: true, days_left: expect.any(Number) });
    expect(freshRow.days_left).toBeGreaterThan(300);
    expect(freshRow.warning).toBeUndefined();
    expect(ageingRow).toMatchObject({ healthy: true, days_left: 11, warning: expect.stringContaining('connect-link') });
    expect(status.text).toContain('Lapses soon');
    expect(status.text).toContain('Ageing Grant');
  });
});
