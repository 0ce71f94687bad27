/**
 * MCP sign-in as a remote client does it: the official SDK's client discovers the gateway's
 * authorization server from the 401, registers itself, sends the owner to the consent page (here
 * the test fills the form as the owner would, with an API key or a one-time code from
 * `gateway mcp-link`), exchanges the code with PKCE and calls tools with the token. Against the
 * local server on 127.0.0.1, DynamoDB Local behind it.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { freePort } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { listGrants } from '../../functions/oauth/store';
import { runCommand } from '../../bin/gateway';
import { pkceChallenge } from '../../functions/oauth/routes';
import { clearAuthCache } from '../../functions/runtime/middleware/authenticate';
import { createTestOwner, useTestTables } from '../support/gateway';
import { tableName } from '../../functions/runtime/config';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';

useTestTables();

let server: Server;
let base: string;
const REDIRECT = 'http://127.0.0.1:7777/callback';

beforeAll(async () => {
  const port = await freePort();
  server = await startHttpServer(port);
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** An MCP client's OAuth state, in memory, as a hosted chat app keeps it per user. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  constructor(private readonly scope = 'read') {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test chat app',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: this.scope,
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The owner on the consent page: opens it, fills the form, and follows the redirect's code back. */
async function consent(
  authorizationUrl: URL,
  credential: string,
  scope: string,
): Promise<{ status: number; code?: string; location?: URL; page: string }> {
  const pageResponse = await fetch(authorizationUrl);
  const page = await pageResponse.text();
  expect(pageResponse.status).toBe(200);
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[match[1]] = match[2]
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  const action = /<form method="post" action="([^"]+)">/.exec(page)![1];
  const response = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, scope, credential, decision: 'allow' }).toString(),
  });
  const location = response.headers.get('location') ? new URL(response.headers.get('location')!) : undefined;
  return { status: response.status, code: location?.searchParams.get('code') ?? undefined, location, page: await response.text() };
}

/** Signs in with the SDK's flow and returns a connected client. */
async function signIn(credential: string, scope: string) {
  const provider = new MemoryProvider(scope);
  const first = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await expect(client.connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).toBeDefined();
  const answer = await consent(provider.authorizationUrl!, credential, scope);
  expect(answer.status).toBe(302);
  expect(answer.location!.searchParams.get('iss')).toBe(base);
  await first.finishAuth(answer.code!);
  const connected = new Client({ name: 'oauth-test', version: '1.0.0' });
  await connected.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider }));
  return { client: connected, provider };
}

describe('MCP sign-in (OAuth 2.1)', () => {
  it('answers 401 with the resource metadata, which names the gateway as authorization server with PKCE S256, registration and metadata documents', async () => {
    const unauthenticated = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(unauthenticated.status).toBe(401);
    const challenge = unauthenticated.headers.get('www-authenticate')!;
    expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    const resource = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource).toMatchObject({
      resource: `${base}/mcp`,
      authorization_servers: [base],
      scopes_supported: ['read', 'write', 'approve'],
    });
    const server = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(server).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
  }, 60_000);

  it('signs in with an API key on the consent page, calls a read tool with the token, and a read-scoped token cannot write', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const { client, provider } = await signIn(apiKey, 'read');
    expect(provider.saved!.access_token).toMatch(/^mcp_at_/);
    expect(provider.saved!.scope).toBe('read');
    const listed = await client.callTool({ name: 'list_campaigns', arguments: {} });
    expect(listed.isError).toBe(false);
    const campaign = (listed.structuredContent as { campaigns: { id: string }[] }).campaigns[0];
    const write = await client.callTool({ name: 'pause_campaign', arguments: { campaign_id: campaign.id } });
    expect(write.isError).toBe(true);
    expect(write.structuredContent).toMatchObject({ status: 403 });
    // Tokens never rest in plaintext: no table item holds the access or refresh token.
    const items = JSON.stringify((await documentClient().send(new ScanCommand({ TableName: tableName('apiKeys') }))).Items);
    expect(items).not.toContain(provider.saved!.access_token);
    expect(items).not.toContain(provider.saved!.refresh_token);
    await client.close();
  }, 120_000);

  it('signs in with a one-time code from gateway mcp-link for write access, once; the operator revokes the sign-in', async () => {
    const { apiKey, owner } = await createTestOwner({ accounts: { searchads: 1 } });
    const ownerId = owner.owner_id;
    const { code } = JSON.parse(await runCommand(['mcp-link', '--owner', ownerId, '--json'])) as { code: string };
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const { client, provider } = await signIn(code.toLowerCase(), 'write');
    const listed = await client.callTool({ name: 'list_campaigns', arguments: {} });
    const campaign = (listed.structuredContent as { campaigns: { id: string; status: string }[] }).campaigns.find(
      (c) => c.status === 'ENABLED',
    )!;
    const paused = await client.callTool({ name: 'pause_campaign', arguments: { campaign_id: campaign.id, dry_run: true } });
    expect(paused.isError).toBe(false);
    // The code worked once.
    const again = new MemoryProvider('write');
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: again });
    await expect(new Client({ name: 'again', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const reused = await consent(again.authorizationUrl!, code, 'write');
    expect(reused.status).toBe(401);
    expect(reused.page).toMatch(/one-time code/);
    // The operator revokes: the token stops working (after the 10-second auth cache, cleared here).
    expect(JSON.parse(await runCommand(['mcp-signins', '--owner', ownerId, '--json'])).signins).toEqual([
      expect.objectContaining({ client_id: provider.client!.client_id, scope: 'write' }),
    ]);
    expect(JSON.parse(await runCommand(['mcp-revoke', '--owner', ownerId, '--json']))).toMatchObject({ tokens_revoked: 2 });
    expect(await listGrants(ownerId)).toEqual([]);
    clearAuthCache();
    const refused = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${provider.saved!.access_token}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toMatch(/revoked/);
    // API keys keep working unchanged.
    const withKey = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(withKey.status).toBe(200);
    await client.close();
  }, 120_000);

  it('rotates refresh tokens, and a refresh token used twice ends the sign-in', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const { client, provider } = await signIn(apiKey, 'read');
    await client.close();
    const clientId = provider.client!.client_id;
    const refresh = (token: string) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId }).toString(),
      });
    const first = await refresh(provider.saved!.refresh_token!);
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as OAuthTokens;
    expect(rotated.refresh_token).not.toBe(provider.saved!.refresh_token);
    const replay = await refresh(provider.saved!.refresh_token!);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    // The replay revoked the grant: the rotated refresh token is dead too.
    expect((await refresh(rotated.refresh_token!)).status).toBe(400);
  }, 120_000);

  it('refuses a code without the right PKCE verifier, an unregistered redirect URI, and a wrong API key', async () => {
    const { apiKey } = await createTestOwner();
    const registered = (await (
      await fetch(`${base}/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_name: 'x', redirect_uris: [REDIRECT] }),
      })
    ).json()) as { client_id: string };
    expect(registered).toMatchObject({ client_id: expect.stringMatching(/^mcp_client_/), token_endpoint_auth_method: 'none' });
    const verifier = 'v'.repeat(50);
    const authorize = new URL(`${base}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: registered.client_id,
      redirect_uri: REDIRECT,
      code_challenge: pkceChallenge(verifier),
      code_challenge_method: 'S256',
      state: 's1',
    }).toString();
    const wrongKey = await consent(authorize, `sk_live_${'x'.repeat(32)}`, 'read');
    expect(wrongKey.status).toBe(401);
    const answer = await consent(authorize, apiKey, 'read');
    expect(answer.location!.searchParams.get('state')).toBe('s1');
    const exchange = (codeVerifier: string) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: answer.code!,
          code_verifier: codeVerifier,
          redirect_uri: REDIRECT,
          client_id: registered.client_id,
        }).toString(),
      });
    expect((await exchange('w'.repeat(50))).status).toBe(400);
    // A code is spent by its first exchange, even a failed one.
    expect((await exchange(verifier)).status).toBe(400);
    const foreign = new URL(authorize);
    foreign.searchParams.set('redirect_uri', 'https://attacker.example/callback');
    const page = await fetch(foreign, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    const noPkce = new URL(authorize);
    noPkce.searchParams.delete('code_challenge');
    const refused = await fetch(noPkce, { redirect: 'manual' });
    expect(refused.status).toBe(302);
    expect(new URL(refused.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const badRegistration = await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://example.com/cb'] }),
    });
    expect(badRegistration.status).toBe(400);
  }, 120_000);

  it('takes a client ID metadata document (an https URL as client_id; a loopback listener here)', async () => {
    const { apiKey } = await createTestOwner();
    const documentServer = http.createServer((req, res) => {
      const self = `http://127.0.0.1:${(documentServer.address() as AddressInfo).port}/client.json`;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ client_id: self, client_name: 'Metadata app', redirect_uris: [REDIRECT] }));
    });
    await new Promise<void>((resolve) => documentServer.listen(0, '127.0.0.1', resolve));
    const clientId = `http://127.0.0.1:${(documentServer.address() as AddressInfo).port}/client.json`;
    const previous = process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;
    process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = 'true';
    try {
      const authorize = new URL(`${base}/oauth/authorize`);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: pkceChallenge('m'.repeat(43)),
        code_challenge_method: 'S256',
      }).toString();
      const page = await (await fetch(authorize)).text();
      expect(page).toContain('Metadata app');
      const answer = await consent(authorize, apiKey, 'read');
      expect(answer.code).toBeDefined();
    } finally {
      if (previous === undefined) delete process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;
      else process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = previous;
      await new Promise<void>((resolve) => documentServer.close(() => resolve()));
    }
  }, 60_000);
});
