/**
 * The professional network's Marketing API and OAuth server faked on 127.0.0.1 for a test file, the
 * proads settings pointed at it, and owners whose proads accounts are connected live through the
 * real connector (refresh token of a member with a role on the account).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FakeProAdsApi } from '../../fakes/proads-api';
import type { FakeAccount } from '../../fakes/proads-model';
import { createTestOwner, type TestOwner } from '../../support/gateway';

const SETTINGS = [
  'PROADS_API_URL',
  'PROADS_API_VERSION',
  'PROADS_CLIENT_ID',
  'PROADS_CLIENT_SECRET',
  'PROADS_OAUTH_TOKEN_URL',
  'PROADS_OAUTH_AUTHORIZE_URL',
  'UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS',
] as const;

export interface FakeProAdsPlatform {
  api: FakeProAdsApi;
}

/** Starts the fake before the file's tests and points the settings at it; restores them after. */
export function useFakeProAds(): FakeProAdsPlatform {
  const platform = {} as FakeProAdsPlatform;
  const saved: Partial<Record<(typeof SETTINGS)[number], string>> = {};
  beforeAll(async () => {
    platform.api = await FakeProAdsApi.start();
    for (const name of SETTINGS) saved[name] = process.env[name];
    Object.assign(process.env, {
      PROADS_API_URL: platform.api.apiUrl,
      PROADS_API_VERSION: '202611',
      PROADS_CLIENT_ID: FAKE_CLIENT_ID,
      PROADS_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      PROADS_OAUTH_TOKEN_URL: platform.api.tokenUrl,
      PROADS_OAUTH_AUTHORIZE_URL: platform.api.authorizeUrl,
    });
  });
  afterAll(async () => {
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await platform.api?.close();
  });
  return platform;
}

export interface LiveProAdsOwner extends TestOwner {
  account: ConnectedAccount;
  upstream: FakeAccount;
  refreshToken: string;
  member: string;
}

/** An owner with one seeded ad account on the fake, connected live with a refresh token of its member. */
export async function liveOwner(
  platform: FakeProAdsPlatform,
  options: { currency?: string; name?: string; tier?: 'free' | 'pro' } = {},
): Promise<LiveProAdsOwner> {
  const { account: upstream, member, refreshToken } = platform.api.addAccount({ currency: options.currency, name: options.name });
  const owner = await createTestOwner({ tier: options.tier ?? 'pro' });
  const [account] = await connectLiveAccounts(owner.owner.owner_id, 'proads', { 'refresh-token': refreshToken, 'account-id': upstream.id });
  return { ...owner, account: account!, upstream, refreshToken, member };
}
