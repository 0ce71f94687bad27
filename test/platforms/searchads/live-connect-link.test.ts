/**
 * The connect-link flow with the real searchads connector, end to end over real HTTP: the
 * `gateway accounts connect-link` command, the local server, the fake consent page and token
 * endpoint, the fake search API (accessible customers, customer details), then a tool call on the
 * account the owner just connected.
 */
import type { Server } from 'node:http';
import { runCommand } from '../../../bin/gateway';
import { freePort } from '../../../functions/local/dynamodb-local';
import { startHttpServer } from '../../../functions/local/server';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { customerId, useFakeSearchPlatform } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

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

describe('connect-link for searchads with the live connector', () => {
  it('connects the ad accounts the consenting user reaches, and the owner can use them at once', async () => {
    const user = `marketer-${customerId()}@example.com`;
    const account = customerId();
    platform.api.addCustomer({ id: account, name: 'Linked Outdoor', users: [user] });
    platform.api.seed(account);
    platform.oauth.consentUser = user;
    const { owner, apiKey } = await createTestOwner();

    const link = JSON.parse(await runCommand(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'searchads', '--json']));
    expect(link.url.startsWith(`${base}/connect/searchads?`)).toBe(true);
    const opened = await follow(link.url);
    expect(opened.status).toBe(302);
    expect(opened.location!.startsWith(platform.oauth.authorizeUrl)).toBe(true);
    const consent = await follow(opened.location!);
    expect(consent.location!.startsWith(`${base}/connect/searchads/callback?`)).toBe(true);
    const done = await follow(consent.location!);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Linked Outdoor');

    const connected = await listConnectedAccounts(owner.owner_id, 'searchads');
    expect(connected).toEqual([expect.objectContaining({ account_id: account, mode: 'live', name: 'Linked Outdoor' })]);
    const campaigns = await callToolOk(apiKey, 'list_campaigns', {});
    expect(campaigns.structured).toBeDefined();
    expect(done.body).not.toMatch(/ya29\.fake-|1\/\/fake-|fake-client-secret/);
  });

  it('connects nothing when the user declines on the consent page', async () => {
    platform.oauth.consentUser = undefined;
    const { owner } = await createTestOwner();
    const link = JSON.parse(await runCommand(['accounts', 'connect-link', '--owner', owner.owner_id, '--platform', 'searchads', '--json']));
    const consent = await follow((await follow(link.url)).location!);
    const done = await follow(consent.location!);
    expect(done.status).toBe(400);
    expect(await listConnectedAccounts(owner.owner_id, 'searchads')).toEqual([]);
  });
});
