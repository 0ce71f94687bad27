/**
 * The search platform faked on 127.0.0.1 (API + OAuth server), the settings pointed at it, and an
 * owner whose searchads account is connected live through the real connector.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { FAKE_API_VERSION, FAKE_DEVELOPER_TOKEN, FakeSearchAdsApi } from '../../fakes/searchads-api';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FakeSearchAdsOAuth } from '../../fakes/searchads-oauth';
import { createTestOwner, type TestOwner } from '../../support/gateway';

const SETTINGS = [
  'SEARCHADS_API_URL',
  'SEARCHADS_API_VERSION',
  'SEARCHADS_DEVELOPER_TOKEN',
  'SEARCHADS_CLIENT_ID',
  'SEARCHADS_CLIENT_SECRET',
  'SEARCHADS_OAUTH_TOKEN_URL',
  'SEARCHADS_OAUTH_AUTHORIZE_URL',
] as const;

export interface FakeSearchPlatform {
  api: FakeSearchAdsApi;
  oauth: FakeSearchAdsOAuth;
}

/** Starts both fakes before the file's tests and points the settings at them; restores them after. */
export function useFakeSearchPlatform(): FakeSearchPlatform {
  const platform = {} as FakeSearchPlatform;
  const saved: Partial<Record<(typeof SETTINGS)[number], string>> = {};
  beforeAll(async () => {
    platform.oauth = await new FakeSearchAdsOAuth().start();
    platform.api = await new FakeSearchAdsApi(platform.oauth).start();
    for (const name of SETTINGS) saved[name] = process.env[name];
    Object.assign(process.env, {
      SEARCHADS_API_URL: platform.api.url,
      SEARCHADS_API_VERSION: FAKE_API_VERSION,
      SEARCHADS_DEVELOPER_TOKEN: FAKE_DEVELOPER_TOKEN,
      SEARCHADS_CLIENT_ID: FAKE_CLIENT_ID,
      SEARCHADS_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      SEARCHADS_OAUTH_TOKEN_URL: platform.oauth.tokenUrl,
      SEARCHADS_OAUTH_AUTHORIZE_URL: platform.oauth.authorizeUrl,
    });
  });
  afterAll(async () => {
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await platform.api?.close();
    await platform.oauth?.close();
  });
  return platform;
}

let nextCustomer = 1_000_000_000;
/** A fresh 10-digit customer id. */
export const customerId = () => String(nextCustomer++ + Math.floor(Math.random() * 1000) * 1000);

export interface LiveOwner extends TestOwner {
  account: ConnectedAccount;
  refreshToken: string;
  user: string;
}

/** An owner with one seeded ad account on the fake, connected live with a refresh token of its user. */
export async function liveOwner(platform: FakeSearchPlatform, options: { tier?: 'free' | 'pro' } = {}): Promise<LiveOwner> {
  const user = `user-${customerId()}@example.com`;
  const id = customerId();
  platform.api.addCustomer({ id, name: 'Northwind Outdoor (live)', users: [user] });
  platform.api.seed(id);
  const refreshToken = platform.oauth.issueRefreshToken(user);
  const owner = await createTestOwner({ tier: options.tier ?? 'pro' });
  const [account] = await connectLiveAccounts(owner.owner.owner_id, 'searchads', { 'refresh-token': refreshToken, 'customer-id': id });
  return { ...owner, account: account!, refreshToken, user };
}
