/**
 * Connecting live retailads profiles: `gateway accounts connect --platform retailads --live
 * --refresh-token T [--account-id P]` over the fake login service and Ads API (every advertising
 * profile the token's user manages, or only the one asked for; refused
 * tokens and options), and the connect link end to end over real HTTP (the gateway's link, the fake
 * consent page, the callback, the code exchange), then a tool on the profile just connected. The
 * refresh token shows in no output and no table item.
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
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useFakeRetailAds } from './live-support';

useTestTables();
const platform = useFakeRetailAds();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json'])) as Record<string, unknown>;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: Error) => err,
  );

/** Every item of every table, as text (for the secrets scan). */
async function allTables(): Promise<string> {
  const texts: string[] = [];
  for (const table of Object.keys(TABLE_SPECS) as (keyof typeof TABLE_SPECS)[]) {
    const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
    texts.push(JSON.stringify(Items));
  }
  return texts.join('\n');
}

let users = 0;
const newUser = () => `connect-${++users}-${Date.now()}@example.com`;

describe('gateway accounts connect --platform retailads --live --refresh-token', () => {
  it("connects every advertising profile the token's user manages, named as the platform names them", async () => {
    const user = newUser();
    const us = platform.api.addProfile({ name: 'Northwind Outdoor US', users: [user] });
    const de = platform.api.addProfile({ name: 'Northwind Outdoor DE', users: [user], currency: 'EUR', type: 'vendor' });
    platform.api.addProfile({ name: 'Somebody else', users: ['other@example.com'] });
    platform.api.seed(us);
    const token = platform.login.issueRefreshToken(user);
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const ownerId = String(owner.owner_id);
    const raw = await runCommand([
      'accounts',
      'connect',
      '--owner',
      ownerId,
      '--platform',
      'retailads',
      '--live',
      '--refresh-token',
      token,
      '--json',
    ]);
    const printed = JSON.parse(raw) as { platform: string; accounts: { id: string; name: string }[] };
    expect(printed.platform).toBe('retailads');
    expect(printed.accounts.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { id: de, name: 'Northwind Outdoor DE' },
      { id: us, name: 'Northwind Outdoor US' },
    ]);
    expect(raw).not.toContain(token);
    const connected = await listConnectedAccounts(ownerId, 'retailads');
    expect(connected.find((a) => a.account_id === de)).toMatchObject({ mode: 'live', currency: 'EUR', time_zone: 'Europe/Paris' });
    expect(connected.find((a) => a.account_id === us)).toMatchObject({ mode: 'live', currency: 'USD' });

    const key = await json(['keys', 'create', '--owner', ownerId]);
    const campaigns = await callToolOk(String(key.api_key), 'list_retailads_campaigns', { profile_id: us });
    expect((campaigns.structured!.campaigns as unknown[]).length).toBe(platform.api.recs(us, 'campaign').length);
    // The calls carried the app's client id, the profile scope and a Bearer token; none showed the refresh token.
    const scoped = platform.api.requests.filter((r) => r.profile === us);
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((r) => r.authorization)).toBe(true);
    const tables = await allTables();
    for (const secret of platform.login.secrets()) expect(tables).not.toContain(secret);
  });

  it('connects only the profile --account-id names, and refuses one the token cannot manage', async () => {
    const user = newUser();
    const first = platform.api.addProfile({ name: 'First shop', users: [user] });
    const second = platform.api.addProfile({ name: 'Second shop', users: [user] });
    const stranger = platform.api.addProfile({ name: 'Not yours', users: ['other@example.com'] });
    const token = platform.login.issueRefreshToken(user);
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const ownerId = String(owner.owner_id);
    const printed = await json([
      'accounts',
      'connect',
      '--owner',
      ownerId,
      '--platform',
      'retailads',
      '--live',
      '--refresh-token',
      token,
      '--account-id',
      second,
    ]);
    expect(printed).toEqual({ platform: 'retailads', accounts: [{ id: second, name: 'Second shop' }] });
    const refused = await failureOf(
      runCommand([
        'accounts',
        'connect',
        '--owner',
        ownerId,
        '--platform',
        'retailads',
        '--live',
        '--refresh-token',
        token,
        '--account-id',
        stranger,
      ]),
    );
    expect(refused?.message).toContain(stranger);
    expect(refused?.message).toContain(first);
    expect(refused?.message).not.toContain(token);
    expect((await listConnectedAccounts(ownerId, 'retailads')).map((a) => a.account_id)).toEqual([second]);
  });

  it('refuses a missing or revoked refresh token, a malformed profile id and unknown options, storing nothing and echoing no token', async () => {
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const ownerId = String(owner.owner_id);
    const base = ['accounts', 'connect', '--owner', ownerId, '--platform', 'retailads', '--live'];
    expect((await failureOf(runCommand(base)))?.message).toContain('--refresh-token');
    const user = newUser();
    platform.api.addProfile({ name: 'Revoked shop', users: [user] });
    const token = platform.login.issueRefreshToken(user);
    expect((await failureOf(runCommand([...base, '--refresh-token', token, '--account-id', 'shop-1'])))?.message).toContain(
      'numeric advertising profile id',
    );
    expect((await failureOf(runCommand([...base, '--refresh-token', token, '--api-key', 'x'])))?.message).toContain('--api-key');
    platform.login.revoke(token);
    const revoked = await failureOf(runCommand([...base, '--refresh-token', token]));
    expect(revoked?.message).toContain('expired or was revoked');
    expect(revoked?.message).not.toContain(token);
    expect(await listConnectedAccounts(ownerId, 'retailads')).toEqual([]);
  });
});

describe('connect-link for retailads with the live connector', () => {
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

  it('connects the profiles the consenting user manages, and the owner can use them at once', async () => {
    const user = newUser();
    const profile = platform.api.addProfile({ name: 'Linked Outdoor', users: [user] });
    platform.api.seed(profile);
    platform.login.consentUser = user;
    const { owner, apiKey } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'retailads']);
    expect(String(link.url).startsWith(`${base}/connect/retailads?`)).toBe(true);
    const opened = await follow(String(link.url));
    expect(opened.status).toBe(302);
    const consentUrl = new URL(opened.location!);
    expect(`${consentUrl.origin}${consentUrl.pathname}`).toBe(platform.login.authorizeUrl);
    expect(consentUrl.searchParams.get('scope')).toBe('advertising::campaign_management');
    const consent = await follow(opened.location!);
    expect(consent.location!.startsWith(`${base}/connect/retailads/callback?`)).toBe(true);
    const done = await follow(consent.location!);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Linked Outdoor');
    expect(await listConnectedAccounts(owner.owner_id, 'retailads')).toEqual([
      expect.objectContaining({ account_id: profile, mode: 'live', name: 'Linked Outdoor' }),
    ]);
    const campaigns = await callToolOk(apiKey, 'list_retailads_campaigns', { profile_id: profile });
    expect((campaigns.structured!.campaigns as unknown[]).length).toBe(platform.api.recs(profile, 'campaign').length);
    for (const secret of platform.login.secrets()) expect(done.body).not.toContain(secret);
  });

  it('connects nothing when the user declines on the consent page', async () => {
    platform.login.consentUser = undefined;
    const { owner } = await createTestOwner();
    const link = await json(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'retailads']);
    const consent = await follow((await follow(String(link.url))).location!);
    const done = await follow(consent.location!);
    expect(done.status).toBe(400);
    expect(await listConnectedAccounts(owner.owner_id, 'retailads')).toEqual([]);
  });
});
