/**
 * Connecting live searchads accounts: `gateway accounts connect --live` against the fake search
 * platform (accessible customers, manager accounts, dashed ids), no credential anywhere it could
 * leak, and the connector's OAuth half (consent URL, code exchange) against the fake OAuth server.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runCommand, UsageError } from '../../../bin/gateway';
import { tableName, type TableName } from '../../../functions/runtime/config';
import { GatewayError } from '../../../core/errors';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { operatorCall } from '../../../platforms/live/connector';
import { searchAdsConnector } from '../../../platforms/searchads/live/connector';
import { FAKE_CLIENT_ID } from '../../fakes/searchads-oauth';
import { callToolOk, useTestTables } from '../../support/gateway';
import { customerId, useFakeSearchPlatform } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json']));
const dashed = (id: string) => `${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}`;

async function scanAll(): Promise<string> {
  const tables: TableName[] = ['apiKeys', 'owners', 'usage', 'idempotency', 'sandbox'];
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

describe('gateway accounts connect --platform searchads --live', () => {
  it('connects every ad account the token reaches, clients of a manager through it, and leaks no credential', async () => {
    const user = `ops-${customerId()}@example.com`;
    const [direct, manager, client, cancelled] = [customerId(), customerId(), customerId(), customerId()];
    platform.api.addCustomer({ id: direct, name: 'Northwind Direct', users: [user] });
    platform.api.addCustomer({ id: client, name: 'Contoso Client' });
    platform.api.addCustomer({ id: cancelled, name: 'Old Client', status: 'CANCELED' });
    platform.api.addCustomer({ id: manager, name: 'Agency Manager', users: [user], manager: true, clients: [client, cancelled] });
    platform.api.seed(client);
    const refreshToken = platform.oauth.issueRefreshToken(user);
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const key = await json(['keys', 'create', '--owner', owner.owner_id]);

    let printed = '';
    const logs = await captureLogs(async () => {
      printed = await runCommand([
        'accounts',
        'connect',
        '--owner',
        owner.owner_id,
        '--platform',
        'searchads',
        '--live',
        '--refresh-token',
        refreshToken,
        '--json',
      ]);
      await callToolOk(key.api_key, 'list_campaigns', { customer_id: client });
    });
    const connected = JSON.parse(printed);
    expect(connected).toEqual({
      platform: 'searchads',
      accounts: expect.arrayContaining([
        { id: direct, name: 'Northwind Direct' },
        { id: client, name: 'Contoso Client' },
      ]),
    });
    expect(connected.accounts).toHaveLength(2);
    const stored = await listConnectedAccounts(owner.owner_id, 'searchads');
    expect(stored.find((a) => a.account_id === client)).toMatchObject({ mode: 'live', upstream: { login_customer_id: manager } });
    expect(stored.find((a) => a.account_id === direct)!.upstream).toBeUndefined();

    const accessTokens = platform.oauth.tokenRequests.length;
    expect(accessTokens).toBeGreaterThan(0);
    for (const place of [printed, logs, await scanAll()]) {
      expect(place).not.toContain(refreshToken);
      expect(place).not.toMatch(/ya29\.fake-/);
      expect(place).not.toContain('fake-client-secret');
      expect(place).not.toContain('fake-developer-token');
    }
    expect(logs).toContain('upstream call');
  });

  it('connects only the customer asked for, dashes accepted, through the login customer given', async () => {
    const user = `ops-${customerId()}@example.com`;
    const [manager, client] = [customerId(), customerId()];
    platform.api.addCustomer({ id: client, name: 'Fabrikam Client' });
    platform.api.addCustomer({ id: manager, name: 'Agency Two', users: [user], manager: true, clients: [client] });
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const connected = await json([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'searchads',
      '--live',
      '--refresh-token',
      platform.oauth.issueRefreshToken(user),
      '--customer-id',
      dashed(client),
      '--login-customer-id',
      dashed(manager),
    ]);
    expect(connected).toEqual({ platform: 'searchads', accounts: [{ id: client, name: 'Fabrikam Client' }] });
    expect((await listConnectedAccounts(owner.owner_id, 'searchads'))[0]!.upstream).toEqual({ login_customer_id: manager });
  });

  it('explains malformed options and refused tokens without echoing the token', async () => {
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const base = ['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'searchads', '--live'];
    await expect(runCommand(base)).rejects.toThrow(/--refresh-token is required/);
    await expect(runCommand([...base, '--refresh-token', 'x', '--customer-id', '12-34'])).rejects.toThrow(UsageError);
    const revoked = platform.oauth.issueRefreshToken('gone@example.com');
    platform.oauth.revoke(revoked);
    const error = await runCommand([...base, '--refresh-token', revoked]).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toContain('expired or was revoked');
    expect(error?.message).not.toContain(revoked);
    expect(await listConnectedAccounts(owner.owner_id, 'searchads')).toEqual([]);
  });
});

describe('searchads OAuth half of the connect link', () => {
  const redirectUri = 'https://gateway.example/api/v1/connect/callback';

  it('builds the consent URL, and exchanges the code the consent page sends back for a refresh token that connects', async () => {
    const user = `consent-${customerId()}@example.com`;
    const id = customerId();
    platform.api.addCustomer({ id, name: 'Consenting Co', users: [user] });
    platform.oauth.consentUser = user;

    const url = new URL(await searchAdsConnector.oauth!.authorizeUrl('state-123', redirectUri));
    expect(`${url.origin}${url.pathname}`).toBe(platform.oauth.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: FAKE_CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/adwords',
      access_type: 'offline',
      prompt: 'consent',
      state: 'state-123',
    });
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code')!;

    const options = await searchAdsConnector.oauth!.exchangeCode(code, redirectUri, operatorCall());
    expect(Object.keys(options)).toEqual(['refresh-token']);
    const grants = await searchAdsConnector.connect(options, operatorCall());
    expect(grants.map((g) => g.account_id)).toEqual([id]);

    const reused = await searchAdsConnector.oauth!.exchangeCode(code, redirectUri, operatorCall()).then(
      () => undefined,
      (e: GatewayError) => e,
    );
    expect(reused?.statusCode).toBe(400);
    expect(reused?.message).toContain('already used');
  });

  it("refuses an unknown code, and says when the gateway's own client credentials are wrong", async () => {
    const unknown = await searchAdsConnector.oauth!.exchangeCode('4/not-a-code', redirectUri, operatorCall()).then(
      () => undefined,
      (e: GatewayError) => e,
    );
    expect(unknown?.statusCode).toBe(400);
    const secret = process.env.SEARCHADS_CLIENT_SECRET;
    process.env.SEARCHADS_CLIENT_SECRET = 'wrong-secret';
    try {
      const misconfigured = await searchAdsConnector.oauth!.exchangeCode('4/any', redirectUri, operatorCall()).then(
        () => undefined,
        (e: GatewayError) => e,
      );
      expect(misconfigured?.statusCode).toBe(400);
      expect(misconfigured?.structuredContent).toMatchObject({ code: 'live_setup_incomplete' });
      expect(misconfigured?.message).not.toContain('wrong-secret');
    } finally {
      process.env.SEARCHADS_CLIENT_SECRET = secret;
    }
  });

  it('a user who denies consent is sent back with the error and no code', async () => {
    platform.oauth.consentUser = undefined;
    const consent = await fetch(await searchAdsConnector.oauth!.authorizeUrl('s-9', redirectUri), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 's-9' });
  });
});
