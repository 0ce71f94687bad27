/**
 * Connecting live deskads accounts: the `gateway accounts connect --live --refresh-token` command
 * and the connect-link flow over real HTTP (the gateway's local server, the fake consent page and
 * token endpoint, the fake Customer Management service), then a tool call on what was connected.
 */
import type { Server } from 'node:http';
import { runCommand } from '../../../bin/gateway';
import { freePort } from '../../../functions/local/dynamodb-local';
import { startHttpServer } from '../../../functions/local/server';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { FAKE_DESKADS_CLIENT_SECRET } from '../../fakes/deskads-api';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useFakeDeskAds, userEmail } from './live-support';

useTestTables();
const platform = useFakeDeskAds();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json']));

describe('gateway accounts connect --platform deskads --live --refresh-token', () => {
  it("connects every active account the token's user reaches, named as the platform names them", async () => {
    const user = userEmail();
    platform.addUser(user);
    const first = platform.addAccount(user, { name: 'Northwind Outdoor US' });
    const second = platform.addAccount(user, {
      name: 'Northwind Outdoor UK',
      currency: 'GBP',
      timeZone: 'GreenwichMeanTimeDublinEdinburghLisbonLondon',
    });
    platform.addAccount(user, { name: 'Closed account', status: 'Inactive' });
    const token = platform.issueRefreshToken(user);
    const { owner, apiKey } = await createTestOwner();
    const printed = await runCommand([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'deskads',
      '--live',
      '--refresh-token',
      token,
      '--json',
    ]);
    expect(printed).not.toContain(token);
    expect(JSON.parse(printed)).toEqual({
      platform: 'deskads',
      accounts: expect.arrayContaining([
        { id: first, name: 'Northwind Outdoor US' },
        { id: second, name: 'Northwind Outdoor UK' },
      ]),
    });
    expect(JSON.parse(printed).accounts).toHaveLength(2);
    const connected = await listConnectedAccounts(owner.owner_id, 'deskads');
    expect(connected.find((a) => a.account_id === second)).toMatchObject({ mode: 'live', currency: 'GBP', time_zone: 'Europe/London' });
    // Money in the account's own currency, as the platform gives it.
    const campaigns = (await callToolOk(apiKey, 'list_deskads_campaigns', { account_id: second })).structured!;
    expect(JSON.stringify(campaigns)).toContain('GBP');
  });

  it('--account-id connects only that account; a token that cannot reach it connects nothing', async () => {
    const user = userEmail();
    platform.addUser(user);
    const wanted = platform.addAccount(user, { name: 'Only this one' });
    platform.addAccount(user, { name: 'Not this one' });
    const token = platform.issueRefreshToken(user);
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const done = await json([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'deskads',
      '--live',
      '--refresh-token',
      token,
      '--account-id',
      wanted,
    ]);
    expect(done.accounts).toEqual([{ id: wanted, name: 'Only this one' }]);
    const other = await json(['owners', 'create', '--tier', 'pro']);
    await expect(
      runCommand([
        'accounts',
        'connect',
        '--owner',
        other.owner_id,
        '--platform',
        'deskads',
        '--live',
        '--refresh-token',
        token,
        '--account-id',
        '123456789',
      ]),
    ).rejects.toThrow(/cannot be reached/);
    expect(await listConnectedAccounts(other.owner_id, 'deskads')).toEqual([]);
  });

  it('a revoked refresh token connects nothing and says to get a new one', async () => {
    const user = userEmail();
    platform.addUser(user);
    platform.addAccount(user, { name: 'Revoked' });
    const token = platform.issueRefreshToken(user);
    platform.revokeUser(user);
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const error = await runCommand([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'deskads',
      '--live',
      '--refresh-token',
      token,
    ]).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toContain('refresh token');
    expect(error?.message).not.toContain(token);
    expect(await listConnectedAccounts(owner.owner_id, 'deskads')).toEqual([]);
  });
});

describe('connect-link for deskads', () => {
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

  it('connects the accounts the consenting user reaches, and the owner can use them at once', async () => {
    const user = userEmail();
    platform.addUser(user);
    const account = platform.addAccount(user, { name: 'Linked Outdoor' });
    platform.consentUser = user;
    const { owner, apiKey } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'deskads']);
    expect(link.url.startsWith(`${base}/connect/deskads?`)).toBe(true);
    const opened = await follow(link.url);
    expect(opened.status).toBe(302);
    expect(opened.location!.startsWith(platform.authorizeUrl)).toBe(true);
    expect(new URL(opened.location!).searchParams.get('scope')).toContain('offline_access');
    const consent = await follow(opened.location!);
    expect(consent.location!.startsWith(`${base}/connect/deskads/callback?`)).toBe(true);
    const done = await follow(consent.location!);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Linked Outdoor');
    for (const secret of [...platform.issuedRefreshTokens(), FAKE_DESKADS_CLIENT_SECRET]) expect(done.body).not.toContain(secret);
    expect(await listConnectedAccounts(owner.owner_id, 'deskads')).toEqual([
      expect.objectContaining({ account_id: account, mode: 'live', name: 'Linked Outdoor' }),
    ]);
    const campaigns = await callToolOk(apiKey, 'list_deskads_campaigns', {});
    expect((campaigns.structured!.campaigns as unknown[]).length).toBeGreaterThan(0);
  });

  it('connects nothing when the user declines on the consent page', async () => {
    platform.consentUser = undefined;
    const { owner } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'deskads']);
    const consent = await follow((await follow(link.url)).location!);
    const done = await follow(consent.location!);
    expect(done.status).toBe(400);
    expect(await listConnectedAccounts(owner.owner_id, 'deskads')).toEqual([]);
  });
});
