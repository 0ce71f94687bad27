/**
 * Connecting live shortvideo advertisers: the operator command (`--access-token`, `--account-id`)
 * and the connect link over real HTTP (the gateway's link, the platform's authorization page, the
 * callback, the `auth_code` exchange, the advertisers the user authorized), then a tool call.
 */
import type { Server } from 'node:http';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runCommand } from '../../../bin/gateway';
import { freePort } from '../../../functions/local/dynamodb-local';
import { startHttpServer } from '../../../functions/local/server';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useFakeShortVideoApi } from './live-support';

useTestTables();
const platform = useFakeShortVideoApi();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json'])) as Record<string, any>;
const failureOf = (argv: string[]) =>
  runCommand(argv).then(
    () => undefined,
    (err: Error) => err,
  );

describe('gateway accounts connect --platform shortvideo --live', () => {
  it('connects every advertiser the token reaches, named as the platform names them', async () => {
    const { owner } = await createTestOwner();
    const first = platform.api.addAdvertiser({ name: 'Northwind US' });
    const second = platform.api.addAdvertiser({ name: 'Northwind Japan', currency: 'JPY', timezone: 'Asia/Tokyo' });
    const { accessToken } = platform.api.issueToken([first.id, second.id]);
    const result = await json([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'shortvideo',
      '--live',
      '--access-token',
      accessToken,
    ]);
    expect(result).toEqual({
      platform: 'shortvideo',
      accounts: expect.arrayContaining([
        { id: first.id, name: 'Northwind US' },
        { id: second.id, name: 'Northwind Japan' },
      ]),
    });
    const connected = await listConnectedAccounts(owner.owner_id, 'shortvideo');
    expect(connected.find((a) => a.account_id === second.id)).toMatchObject({ mode: 'live', currency: 'JPY', time_zone: 'Asia/Tokyo' });
    const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName('owners') }));
    expect(JSON.stringify(Items)).not.toContain(accessToken);
  });

  it('connects only the advertiser given with --account-id', async () => {
    const { owner } = await createTestOwner();
    const first = platform.api.addAdvertiser({ name: 'Only this one' });
    const other = platform.api.addAdvertiser({ name: 'Not this one' });
    const { accessToken } = platform.api.issueToken([first.id, other.id]);
    const result = await json([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'shortvideo',
      '--live',
      '--access-token',
      accessToken,
      '--account-id',
      first.id,
    ]);
    expect(result.accounts).toEqual([{ id: first.id, name: 'Only this one' }]);
  });

  it('refuses a missing, malformed or refused token without storing anything, and never echoes it', async () => {
    const { owner } = await createTestOwner();
    const base = ['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'shortvideo', '--live'];
    expect((await failureOf(base))?.message).toContain('--access-token');
    expect((await failureOf([...base, '--access-token', 'short']))?.message).toContain('does not look like an access token');
    expect((await failureOf([...base, '--access-token', 'a'.repeat(40), '--account-id', 'abc']))?.message).toContain('--account-id');
    const wrong = 'f'.repeat(40);
    const refused = await failureOf([...base, '--access-token', wrong]);
    expect(refused?.message).toContain('refused this access token');
    expect(refused?.message).not.toContain(wrong);
    expect(await listConnectedAccounts(owner.owner_id, 'shortvideo')).toEqual([]);
  });
});

describe('connect-link for shortvideo', () => {
  let server: Server;
  let base: string;
  const previousBaseUrl = process.env.PUBLIC_BASE_URL;

  beforeAll(async () => {
    const port = await freePort();
    server = await startHttpServer(port);
    base = `http://127.0.0.1:${port}`;
    process.env.PUBLIC_BASE_URL = base;
    platform.api.redirectUris = [`${base}/connect/shortvideo/callback`];
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

  it('connects the advertisers the user authorizes on the platform, and the owner can use them at once', async () => {
    const advertiser = platform.api.addAdvertiser({ name: 'Linked Outdoor' });
    platform.api.authorizes = [advertiser.id];
    platform.api.decision = 'allow';
    const { owner, apiKey } = await createTestOwner();

    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'shortvideo']);
    expect(link.url.startsWith(`${base}/connect/shortvideo?`)).toBe(true);
    const opened = await follow(link.url);
    expect(opened.status).toBe(302);
    const authorize = new URL(opened.location!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(platform.api.authorizeUrl);
    expect(authorize.searchParams.get('app_id')).toBe(platform.api.clientId);
    const consent = await follow(opened.location!);
    expect(consent.location!.startsWith(`${base}/connect/shortvideo/callback?`)).toBe(true);
    const done = await follow(consent.location!);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Linked Outdoor');

    const connected = await listConnectedAccounts(owner.owner_id, 'shortvideo');
    expect(connected).toEqual([expect.objectContaining({ account_id: advertiser.id, mode: 'live', name: 'Linked Outdoor' })]);
    const campaigns = await callToolOk(apiKey, 'list_shortvideo_campaigns', {});
    expect((campaigns.structured!.campaigns as unknown[]).length).toBe(3);
    for (const secret of [...platform.api.secrets, platform.api.clientSecret]) expect(done.body).not.toContain(secret);
    // The code works once: the platform refuses it again.
    expect(platform.api.count('POST', '/oauth2/access_token/')).toBeGreaterThan(0);
  });

  it('connects nothing when the user declines on the authorization page', async () => {
    platform.api.decision = 'deny';
    const { owner } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'shortvideo']);
    const consent = await follow((await follow(link.url)).location!);
    const done = await follow(consent.location!);
    expect(done.status).toBe(400);
    expect(await listConnectedAccounts(owner.owner_id, 'shortvideo')).toEqual([]);
    platform.api.decision = 'allow';
  });
});
