/**
 * Connecting live socialads accounts: `gateway accounts connect --live --access-token` against the
 * fake Graph API (the token debugger, every ad account the token reaches or the one named), a
 * refused token, the operator's missing app settings, and the connect link end to end over HTTP
 * (login dialog, code exchange, long-lived token exchange). No credential shows in a table, a log
 * line or an answer.
 */
import type { Server } from 'node:http';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runCommand } from '../../../bin/gateway';
import { freePort } from '../../../functions/local/dynamodb-local';
import { startHttpServer } from '../../../functions/local/server';
import { tableName, type TableName } from '../../../functions/runtime/config';
import { loadCredentials } from '../../../functions/runtime/stores/credentials';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useFakeSocialAdsApi } from './live-support';

useTestTables();
const fake = useFakeSocialAdsApi();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json']));

async function scanAll(): Promise<string> {
  const tables: TableName[] = ['apiKeys', 'owners', 'usage', 'idempotency', 'sandbox', 'audit'];
  const dumps = await Promise.all(
    tables.map(async (t) => JSON.stringify((await documentClient().send(new ScanCommand({ TableName: tableName(t) }))).Items ?? [])),
  );
  return dumps.join('\n');
}

/** Everything written to stdout and stderr while `work` runs, with logging on. */
async function captureLogs(work: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'info';
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => (lines.push(String(chunk)), true));
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => (lines.push(String(chunk)), true));
  try {
    await work();
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.env.LOG_LEVEL = level;
  }
  return lines.join('');
}

describe('gateway accounts connect --platform socialads --live', () => {
  it('connects every live ad account the token reaches, named as the platform names them, and leaks no credential', async () => {
    const token = fake.api.addToken({ expiresInDays: 55 });
    const usd = fake.api.addAccount(token, { name: 'Northwind US' });
    const jpy = fake.api.addAccount(token, { name: 'Northwind Japan', currency: 'JPY', timezone: 'Asia/Tokyo' });
    fake.api.addAccount(token, { name: 'Closed shop', status: 101 });
    const { owner, apiKey } = await createTestOwner();
    let result: any;
    let answers = '';
    const logs = await captureLogs(async () => {
      result = await json([
        'accounts',
        'connect',
        '--owner',
        owner.owner_id,
        '--platform',
        'socialads',
        '--live',
        '--access-token',
        token.token,
      ]);
      answers = JSON.stringify(await callToolOk(apiKey, 'list_socialads_campaigns', { ad_account_id: usd.id }));
    });
    expect(result.platform).toBe('socialads');
    expect(result.accounts).toEqual(
      expect.arrayContaining([
        { id: usd.id, name: 'Northwind US' },
        { id: jpy.id, name: 'Northwind Japan' },
      ]),
    );
    expect(result.accounts).toHaveLength(2);
    const accounts = await listConnectedAccounts(owner.owner_id, 'socialads');
    expect(accounts.find((a) => a.account_id === jpy.id)).toMatchObject({ mode: 'live', currency: 'JPY', time_zone: 'Asia/Tokyo' });
    // The token debugger was asked with the app's token, and the token's expiry is kept (not the token).
    expect(fake.api.count('GET', /\/debug_token$/)).toBeGreaterThan(0);
    expect(Number(accounts[0]!.upstream?.token_expires_at)).toBeGreaterThan(Date.now() / 1000 + 50 * 86_400);
    expect(await loadCredentials(accounts[0]!)).toMatchObject({ access_token: token.token });
    for (const secret of [token.token, fake.api.clientSecret]) {
      expect(await scanAll()).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(answers).not.toContain(secret);
      expect(JSON.stringify(result)).not.toContain(secret);
    }
  });

  it('connects only the ad account named with --account-id (act_ prefix optional)', async () => {
    const token = fake.api.addToken();
    const one = fake.api.addAccount(token, { name: 'Only this one' });
    fake.api.addAccount(token, { name: 'Not this one' });
    const { owner } = await createTestOwner();
    const result = await json([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'socialads',
      '--live',
      '--access-token',
      token.token,
      '--account-id',
      one.id.replace('act_', ''),
    ]);
    expect(result.accounts).toEqual([{ id: one.id, name: 'Only this one' }]);
  });

  it('reads the access token from standard input with --credential-stdin, so it never shows in the process list', async () => {
    const token = fake.api.addToken();
    const one = fake.api.addAccount(token, { name: 'Piped in' });
    const { owner } = await createTestOwner();
    const argv = ['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'socialads', '--live', '--credential-stdin'];
    const text = await runCommand([...argv, '--account-id', one.id, '--json'], { stdin: async () => `${token.token}\n` });
    expect(JSON.parse(text)).toEqual({ platform: 'socialads', accounts: [{ id: one.id, name: 'Piped in' }] });
    expect(text).not.toContain(token.token);
    const [account] = await listConnectedAccounts(owner.owner_id, 'socialads');
    expect(await loadCredentials(account!)).toMatchObject({ access_token: token.token });
    // Both ways at once, or nothing piped in, is a usage error; nothing more is connected.
    await expect(runCommand([...argv, '--access-token', token.token], { stdin: async () => token.token })).rejects.toThrow(
      /either with --access-token or with --credential-stdin/,
    );
    await expect(runCommand(argv, { stdin: async () => '\n' })).rejects.toThrow(/read nothing from standard input/);
    expect(await listConnectedAccounts(owner.owner_id, 'socialads')).toHaveLength(1);
  });

  it('refuses a revoked token, a token without the ads scopes and a malformed account id, and stores nothing', async () => {
    const { owner } = await createTestOwner();
    const revoked = fake.api.addToken();
    fake.api.addAccount(revoked);
    fake.api.revoke(revoked.token);
    const connect = (args: string[]) =>
      runCommand(['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'socialads', '--live', ...args]);
    await expect(connect(['--access-token', revoked.token])).rejects.toThrow(/refused this access token: it is not valid/);
    const noScopes = fake.api.addToken({ scopes: ['public_profile'] });
    await expect(connect(['--access-token', noScopes.token])).rejects.toThrow(/neither ads_management nor ads_read/);
    await expect(connect(['--access-token', 'x', '--account-id', 'acct-12'])).rejects.toThrow(/--account-id must be an ad account id/);
    await expect(connect([])).rejects.toThrow(/--access-token is required/);
    expect(await listConnectedAccounts(owner.owner_id, 'socialads')).toEqual([]);
  });

  it('answers live_setup_incomplete when the operator has not set the app secret, naming the setting', async () => {
    const token = fake.api.addToken();
    fake.api.addAccount(token);
    const { owner } = await createTestOwner();
    const secret = process.env.SOCIALADS_CLIENT_SECRET;
    delete process.env.SOCIALADS_CLIENT_SECRET;
    try {
      const err = await runCommand([
        'accounts',
        'connect',
        '--owner',
        owner.owner_id,
        '--platform',
        'socialads',
        '--live',
        '--access-token',
        token.token,
      ]).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err?.message).toContain('SOCIALADS_CLIENT_SECRET');
      expect((err?.cause as any)?.structuredContent).toMatchObject({ code: 'live_setup_incomplete' });
    } finally {
      process.env.SOCIALADS_CLIENT_SECRET = secret;
    }
  });
});

describe('connect-link for socialads', () => {
  let server: Server;
  let base: string;
  const previousBaseUrl = process.env.PUBLIC_BASE_URL;
  beforeAll(async () => {
    const port = await freePort();
    server = await startHttpServer(port);
    base = `http://127.0.0.1:${port}`;
    process.env.PUBLIC_BASE_URL = base;
  });
  afterAll(async () => {
    if (previousBaseUrl === undefined) delete process.env.PUBLIC_BASE_URL;
    else process.env.PUBLIC_BASE_URL = previousBaseUrl;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const follow = async (url: string) => {
    const response = await fetch(url, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), body: await response.text() };
  };

  it('sends the owner through the login dialog with the ads scopes and connects a long-lived token', async () => {
    fake.api.decision = 'allow';
    fake.api.onConsent = (token) => void fake.api.addAccount(token, { name: 'Linked Outdoor' });
    const { owner, apiKey } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'socialads']);
    const opened = await follow(link.url);
    expect(opened.status).toBe(302);
    const dialog = new URL(opened.location!);
    expect(`${dialog.origin}${dialog.pathname}`).toBe(fake.api.authorizeUrl);
    expect(dialog.searchParams.get('scope')!.split(',')).toEqual(['ads_management', 'ads_read', 'business_management']);
    const consent = await follow(opened.location!);
    expect(consent.location!.startsWith(`${base}/connect/socialads/callback?`)).toBe(true);
    const done = await follow(consent.location!);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Linked Outdoor');

    const [account] = await listConnectedAccounts(owner.owner_id, 'socialads');
    expect(account).toMatchObject({ mode: 'live', name: 'Linked Outdoor' });
    // The code's short-lived token was exchanged for a long-lived one (about 60 days), and that one is stored.
    expect(fake.api.count('GET', /\/oauth\/access_token$/)).toBeGreaterThanOrEqual(2);
    const stored = await loadCredentials<{ access_token: string; expires_at: string }>(account!);
    expect(Number(stored!.expires_at)).toBeGreaterThan(Date.now() / 1000 + 59 * 86_400);
    expect((await callToolOk(apiKey, 'list_socialads_campaigns', {})).structured!.campaigns.length).toBeGreaterThan(0);
    for (const secret of [stored!.access_token, fake.api.clientSecret]) {
      expect(done.body).not.toContain(secret);
      expect(await scanAll()).not.toContain(secret);
    }
  });

  it('connects nothing when the person declines on the login dialog', async () => {
    fake.api.decision = 'deny';
    const { owner } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'socialads']);
    const consent = await follow((await follow(link.url)).location!);
    const done = await follow(consent.location!);
    expect(done.status).toBe(400);
    expect(await listConnectedAccounts(owner.owner_id, 'socialads')).toEqual([]);
    fake.api.decision = 'allow';
  });
});
