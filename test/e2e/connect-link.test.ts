/**
 * The connect-link flow end to end over real HTTP: the `gateway accounts connect-link` command, the
 * local server of `npm start` (same router and Lambda handlers as AWS), a fake OAuth authorization
 * server on 127.0.0.1, and a test-only connector on the searchads module that speaks to that fake,
 * so this does not depend on any platform's live adapter.
 */
import type { Server } from 'node:http';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { runCommand } from '../../bin/gateway';
import { freePort } from '../../functions/local/dynamodb-local';
import { toApiGatewayEvent } from '../../functions/local/router';
import { startHttpServer } from '../../functions/local/server';
import { sha256Hex } from '../../functions/runtime/canonical';
import { tableName } from '../../functions/runtime/config';
import { ToolError } from '../../core/errors';
import { loadCredentials } from '../../functions/runtime/stores/credentials';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { listConnectedAccounts } from '../../functions/runtime/stores/owners';
import type { PortCall } from '../../core/tool';
import { searchads } from '../../platforms/searchads/manifest';
import { CONNECTORS } from '../../platforms/connectors';
import { PLATFORMS } from '../../platforms';
import { ConnectOptionsError } from '../../platforms/live/connector';
import type { LiveConnector } from '../../core/platform';
import { startFakeAuthorizationServer, type FakeAuthorizationServer } from '../fakes/oauth-authorization-server';
import { callToolOk, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

const SCOPE = 'https://www.example.com/auth/adwords';
/** The accounts the test user's token reaches; the name checks that pages escape what platforms send. */
const TEST_ACCOUNTS = [
  { account_id: '1234567890', name: 'Acme <Outdoor> & "Co"', currency: 'EUR', time_zone: 'Europe/Berlin' },
  { account_id: '9876543210', name: 'Acme Retail', currency: 'EUR', time_zone: 'Europe/Berlin' },
];

let server: Server;
let base: string;
let fake: FakeAuthorizationServer;
/** The client secret the test connector sends (a test changes it to see the fake refuse it). */
let connectorClientSecret: string;
const originalLive = searchads.connector;
const previousBaseUrl = process.env.PUBLIC_BASE_URL;
/** Every page body the flow answered, to check none carries a secret. */
const pages: string[] = [];
/** Every link token and OAuth state the tests saw. */
const oneTimeTokens: string[] = [];

async function postForm(
  url: string,
  form: Record<string, string>,
  call: PortCall,
): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    signal: call.signal,
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** A connector over the fake authorization server: consent page, code exchange, refresh-token check. */
function testConnector(): LiveConnector {
  const client = () => ({ client_id: fake.clientId, client_secret: connectorClientSecret });
  return {
    usage: '--refresh-token T',
    settings: [],
    async connect(options, call) {
      const refreshToken = options['refresh-token'];
      if (!refreshToken) throw new ConnectOptionsError('Missing --refresh-token.');
      const refreshed = await postForm(fake.tokenUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, ...client() }, call);
      if (refreshed.status !== 200) throw new ToolError(`The refresh token was refused (${refreshed.body.error}).`);
      return TEST_ACCOUNTS.map((account) => ({ ...account, credentials: { refresh_token: refreshToken } }));
    },
    async checkHealth() {
      return { healthy: true, detail: 'ok' };
    },
    oauth: {
      async authorizeUrl(state, redirectUri) {
        const url = new URL(fake.authorizeUrl);
        const params = {
          client_id: fake.clientId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: SCOPE,
          access_type: 'offline',
          prompt: 'consent',
          state,
        };
        for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
        return url.toString();
      },
      async exchangeCode(code, redirectUri, call) {
        const exchanged = await postForm(
          fake.tokenUrl,
          { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...client() },
          call,
        );
        if (exchanged.status !== 200) throw new ToolError(`The sign-in could not be confirmed (${exchanged.body.error}).`);
        return { 'refresh-token': exchanged.body.refresh_token };
      },
    },
  };
}

beforeAll(async () => {
  const port = await freePort();
  server = await startHttpServer(port);
  base = `http://127.0.0.1:${port}`;
  process.env.PUBLIC_BASE_URL = base;
  fake = await startFakeAuthorizationServer({ redirectUris: [`${base}/connect/searchads/callback`], scope: SCOPE });
  connectorClientSecret = fake.clientSecret;
  searchads.connector = testConnector();
  // The connect pages and links read the connectors without the manifests (platforms/connectors.ts).
  CONNECTORS.searchads = searchads.connector;
});

afterAll(async () => {
  searchads.connector = originalLive;
  CONNECTORS.searchads = originalLive;
  if (previousBaseUrl === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = previousBaseUrl;
  await fake.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  fake.decision = 'allow';
  connectorClientSecret = fake.clientSecret;
});

/** `gateway accounts connect-link --json`, as an operator runs it. */
async function connectLink(ownerId: string, platform = 'searchads'): Promise<{ platform: string; url: string; expires_at: string }> {
  const link = JSON.parse(await runCommand(['accounts', 'connect-link', '--owner', ownerId, '--platform', platform, '--json']));
  oneTimeTokens.push(linkToken(link.url));
  return link;
}

interface Answer {
  status: number;
  location: string | null;
  type: string | null;
  body: string;
  headers: Headers;
}

/** One browser step: GET without following redirects. */
async function get(url: string): Promise<Answer> {
  const response = await fetch(url, { redirect: 'manual' });
  const body = await response.text();
  pages.push(body);
  return {
    status: response.status,
    location: response.headers.get('location'),
    type: response.headers.get('content-type'),
    body,
    headers: response.headers,
  };
}

/** Opens the link and goes through the consent page; returns the callback address the fake sent back. */
async function throughConsent(linkUrl: string): Promise<string> {
  const opened = await get(linkUrl);
  expect(opened.status).toBe(302);
  expect(opened.location!.startsWith(fake.authorizeUrl)).toBe(true);
  oneTimeTokens.push(new URL(opened.location!).searchParams.get('state')!);
  const consent = await get(opened.location!);
  expect(consent.status).toBe(302);
  expect(consent.location!.startsWith(`${base}/connect/searchads/callback?`)).toBe(true);
  return consent.location!;
}

const linkToken = (url: string) => new URL(url).searchParams.get('link')!;

async function scan(table: 'owners' | 'idempotency'): Promise<string> {
  const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
  return JSON.stringify(Items);
}

describe('Connect link: one-time link → consent page → callback → accounts connected', () => {
  it('connects the accounts the consent allows, with credentials stored encrypted, and lists them', async () => {
    const { owner, apiKey } = await createTestOwner();
    const link = await connectLink(owner.owner_id);
    expect(link.platform).toBe('searchads');
    expect(link.url).toMatch(new RegExp(`^${base}/connect/searchads\\?link=[A-Za-z0-9_-]{43}$`));
    const minutesLeft = (Date.parse(link.expires_at) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);

    const opened = await get(link.url);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    const consentUrl = new URL(opened.location!);
    expect(consentUrl.searchParams.get('redirect_uri')).toBe(`${base}/connect/searchads/callback`);
    expect(consentUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(opened.location).not.toContain(linkToken(link.url));

    const consent = await get(opened.location!);
    const done = await get(consent.location!);
    expect(done.status).toBe(200);
    expect(done.type).toBe('text/html; charset=utf-8');
    expect(done.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(done.body).toContain('Connected 2 searchads accounts');
    expect(done.body).toContain('Acme &lt;Outdoor&gt; &amp; &quot;Co&quot; (1234567890)');
    expect(done.body).toContain('Acme Retail (9876543210)');
    expect(done.body).not.toContain('<Outdoor>');

    // The owner sees them through the API as live accounts.
    const listed = await callToolOk(apiKey, 'list_connected_accounts');
    const searchads = (listed.structured!.platforms as { platform: string; accounts: { id: string; name: string; mode: string }[] }[]).find(
      (p) => p.platform === 'searchads',
    )!;
    expect(searchads.accounts).toEqual([
      { id: '1234567890', name: TEST_ACCOUNTS[0].name, mode: 'live' },
      { id: '9876543210', name: TEST_ACCOUNTS[1].name, mode: 'live' },
    ]);

    // The refresh token the consent issued is stored, encrypted, once per account, and nowhere in plaintext.
    const refreshToken = fake.refreshTokens.at(-1)!;
    for (const account of await listConnectedAccounts(owner.owner_id, 'searchads')) {
      expect(await loadCredentials(account)).toEqual({ refresh_token: refreshToken });
    }
    const code = new URL(consent.location!).searchParams.get('code')!;
    const state = consentUrl.searchParams.get('state')!;
    const secrets = [refreshToken, code, state, linkToken(link.url), fake.clientSecret];
    const stored = (await scan('owners')) + (await scan('idempotency'));
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
    }
    // The link is kept only as its hash.
    expect(stored).toContain(`CONNECT_LINK#${sha256Hex(linkToken(link.url))}`);
  });

  it('refuses a link that was used, and a replayed callback, without sending the code again', async () => {
    const { owner } = await createTestOwner();
    const link = await connectLink(owner.owner_id);
    const callback = await throughConsent(link.url);
    expect((await get(callback)).status).toBe(200);
    const refusalsBefore = fake.refusals.length;

    const again = await get(link.url);
    expect(again.status).toBe(410);
    expect(again.type).toBe('text/html; charset=utf-8');
    expect(again.body).toContain('This link was already used');
    expect(again.body).toContain('gateway accounts connect-link');

    const replayed = await get(callback);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toContain('This sign-in cannot be used');
    expect(fake.refusals.length).toBe(refusalsBefore);
  });

  it('refuses an expired link, and an unknown one, saying how to get a new link', async () => {
    const { owner } = await createTestOwner();
    const link = await connectLink(owner.owner_id);
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('idempotency'),
        Key: { id: `CONNECT_LINK#${sha256Hex(linkToken(link.url))}` },
        UpdateExpression: 'SET valid_until = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const expired = await get(link.url);
    expect(expired.status).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect(expired.body).toContain('Ask whoever sent you this link for a new one');

    const unknown = await get(`${base}/connect/searchads?link=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('This link is not valid');
    expect((await get(`${base}/connect/searchads`)).status).toBe(400);
    expect(await listConnectedAccounts(owner.owner_id)).toEqual([]);
  });

  it('refuses a tampered state and connects nothing; the genuine answer still works', async () => {
    const { owner } = await createTestOwner();
    const link = await connectLink(owner.owner_id);
    const callback = new URL(await throughConsent(link.url));
    const genuineState = callback.searchParams.get('state')!;
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${genuineState.slice(0, -1)}${genuineState.endsWith('A') ? 'B' : 'A'}`);
    const refused = await get(tampered.toString());
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('This sign-in cannot be used');
    expect(refused.body).toContain('Nothing was connected');
    expect(await listConnectedAccounts(owner.owner_id)).toEqual([]);

    expect((await get(callback.toString())).status).toBe(200);
    expect(await listConnectedAccounts(owner.owner_id)).toHaveLength(2);
  });

  it('answers a declined consent (access_denied) with a clear page; the link can be used again', async () => {
    const { owner } = await createTestOwner();
    const link = await connectLink(owner.owner_id);
    fake.decision = 'deny';
    const denied = await get(await throughConsent(link.url));
    expect(denied.status).toBe(400);
    expect(denied.type).toBe('text/html; charset=utf-8');
    expect(denied.body).toContain('Nothing was connected');
    expect(denied.body).toContain('was not allowed on the consent page');
    expect(await listConnectedAccounts(owner.owner_id)).toEqual([]);

    fake.decision = 'allow';
    expect((await get(await throughConsent(link.url))).status).toBe(200);
    expect(await listConnectedAccounts(owner.owner_id)).toHaveLength(2);
  });

  it('answers a code the platform refuses (wrong client credentials) with a page, not a stack trace', async () => {
    const { owner } = await createTestOwner();
    const link = await connectLink(owner.owner_id);
    connectorClientSecret = 'not-the-secret';
    const refused = await get(await throughConsent(link.url));
    expect(fake.refusals.at(-1)).toBe('invalid_client');
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('did not accept this sign-in');
    expect(await listConnectedAccounts(owner.owner_id)).toEqual([]);
    // The link is not spent by a failed attempt.
    connectorClientSecret = fake.clientSecret;
    expect((await get(await throughConsent(link.url))).status).toBe(200);
  });

  it('offers links only for platforms with a consent page, and only to GET', async () => {
    const { owner } = await createTestOwner();
    // A platform whose live adapter has no consent page (or none yet).
    const noLink = PLATFORMS.find((p) => !p.connector?.oauth)!.word;
    await expect(connectLink(owner.owner_id, noLink)).rejects.toThrow(/cannot be connected with a link.*searchads/);
    const noConsent = await get(`${base}/connect/${noLink}?link=${'x'.repeat(43)}`);
    expect(noConsent.status).toBe(404);
    expect(noConsent.type).toBe('text/html; charset=utf-8');
    const posted = await fetch(`${base}/connect/searchads/callback`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
    await expect(connectLink('own_nobody')).rejects.toThrow(/No owner/);
  });

  it("says what to set when the gateway's public URL is unknown, and prints the link in words", async () => {
    const { owner } = await createTestOwner();
    delete process.env.PUBLIC_BASE_URL;
    try {
      await expect(connectLink(owner.owner_id)).rejects.toThrow(/PUBLIC_BASE_URL is not set/);
    } finally {
      process.env.PUBLIC_BASE_URL = base;
    }
    const text = await runCommand(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'searchads']);
    expect(text).toMatch(new RegExp(`works once, until .+ \\(15 minutes\\):\\n\\n  ${base}/connect/searchads\\?link=[A-Za-z0-9_-]{43}\\n`));
  });

  it('logs one line per page with its outcome, never the link, state, code or token', async () => {
    const { owner } = await createTestOwner();
    const link = await connectLink(owner.owner_id);
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    try {
      expect((await get(await throughConsent(link.url))).status).toBe(200);
    } finally {
      if (level === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = level;
      write.mockRestore();
    }
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.map((entry) => [entry.route, entry.outcome, entry.status])).toEqual([
      ['connect', 'redirected', 302],
      ['connect_callback', 'connected', 200],
    ]);
    const logged = lines.join('');
    for (const secret of [linkToken(link.url), oneTimeTokens.at(-1)!, fake.codes.at(-1)!, fake.refreshTokens.at(-1)!])
      expect(logged).not.toContain(secret);
  });

  it('hands the connect pages the event API Gateway builds for their routes', () => {
    const event = toApiGatewayEvent({ method: 'GET', url: '/connect/searchads/callback?code=c&state=s', headers: {} });
    expect(event).toMatchObject({
      resource: '/connect/{platform}/callback',
      pathParameters: { platform: 'searchads' },
      queryStringParameters: { code: 'c', state: 's' },
    });
    expect(toApiGatewayEvent({ method: 'GET', url: '/connect/searchads?link=x', headers: {} })).toMatchObject({
      resource: '/connect/{platform}',
      pathParameters: { platform: 'searchads' },
    });
  });

  it('shows no secret and no stack trace on any page', () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(oneTimeTokens.length).toBeGreaterThan(10);
    const everything = pages.join('\n');
    for (const secret of [...fake.refreshTokens, ...fake.codes, ...oneTimeTokens, fake.clientSecret])
      expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/\bat .+:\d+:\d+\)?/);
    expect(everything).not.toMatch(/Error:|ya29\./);
  });
});
