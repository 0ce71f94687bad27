/**
 * The retail marketplace's Ads API and login service faked on 127.0.0.1 for a test file, the
 * retailads settings pointed at them, and owners whose profiles are connected live through the real
 * connector.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { FakeRetailAdsApi } from '../../fakes/retailads-api';
import { FAKE_RETAILADS_CLIENT_ID, FAKE_RETAILADS_CLIENT_SECRET, FakeRetailAdsLogin } from '../../fakes/retailads-login';
import { createTestOwner, type TestOwner } from '../../support/gateway';

const SETTINGS = [
  'RETAILADS_API_URL',
  'RETAILADS_CLIENT_ID',
  'RETAILADS_CLIENT_SECRET',
  'RETAILADS_OAUTH_TOKEN_URL',
  'RETAILADS_OAUTH_AUTHORIZE_URL',
  'RETAILADS_DOWNLOAD_HOSTS',
] as const;

export interface FakeRetailPlatform {
  api: FakeRetailAdsApi;
  login: FakeRetailAdsLogin;
}

/** Starts both fakes before the file's tests and points the settings at them; restores them after. */
export function useFakeRetailAds(): FakeRetailPlatform {
  const platform = {} as FakeRetailPlatform;
  const saved: Partial<Record<(typeof SETTINGS)[number], string>> = {};
  beforeAll(async () => {
    platform.login = await new FakeRetailAdsLogin().start();
    platform.api = await new FakeRetailAdsApi(platform.login).start();
    for (const name of SETTINGS) saved[name] = process.env[name];
    Object.assign(process.env, {
      RETAILADS_API_URL: platform.api.url,
      RETAILADS_CLIENT_ID: FAKE_RETAILADS_CLIENT_ID,
      RETAILADS_CLIENT_SECRET: FAKE_RETAILADS_CLIENT_SECRET,
      RETAILADS_OAUTH_TOKEN_URL: platform.login.tokenUrl,
      RETAILADS_OAUTH_AUTHORIZE_URL: platform.login.authorizeUrl,
      RETAILADS_DOWNLOAD_HOSTS: '127.0.0.1',
    });
  });
  afterAll(async () => {
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await platform.api?.close();
    await platform.login?.close();
  });
  return platform;
}

let users = 0;

export interface LiveRetailOwner extends TestOwner {
  account: ConnectedAccount;
  profileId: string;
  refreshToken: string;
  user: string;
}

/** An owner with one seeded advertising profile on the fake, connected live with its user's refresh token. */
export async function liveRetailOwner(
  platform: FakeRetailPlatform,
  options: { currency?: string; type?: 'seller' | 'vendor'; tier?: 'free' | 'pro' } = {},
): Promise<LiveRetailOwner> {
  const user = `buyer-${++users}-${Date.now()}@example.com`;
  const profileId = platform.api.addProfile({
    name: `Northwind Outdoor ${users}`,
    users: [user],
    currency: options.currency,
    type: options.type,
  });
  platform.api.seed(profileId);
  const refreshToken = platform.login.issueRefreshToken(user);
  const owner = await createTestOwner({ tier: options.tier ?? 'pro' });
  const [account] = await connectLiveAccounts(owner.owner.owner_id, 'retailads', {
    'refresh-token': refreshToken,
    'account-id': profileId,
  });
  return { ...owner, account: account!, profileId, refreshToken, user };
}
