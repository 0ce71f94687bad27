/** The platform's Graph API faked on 127.0.0.1 for a test file, with the SOCIALADS_* settings pointed at it. */
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { FakeSocialAdsApi, type FakeAdAccount, type FakeToken } from '../../fakes/socialads-api';
import { createTestOwner } from '../../support/gateway';

export interface FakeSocialAdsPlatform {
  api: FakeSocialAdsApi;
}

const NAMES = [
  'SOCIALADS_API_URL',
  'SOCIALADS_API_VERSION',
  'SOCIALADS_CLIENT_ID',
  'SOCIALADS_CLIENT_SECRET',
  'SOCIALADS_OAUTH_AUTHORIZE_URL',
  'SOCIALADS_OAUTH_TOKEN_URL',
];

/** Starts the fake before the file's tests and points the settings at it; restores both after. */
export function useFakeSocialAdsApi(): FakeSocialAdsPlatform {
  const platform = {} as FakeSocialAdsPlatform;
  const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  beforeAll(async () => {
    platform.api = await FakeSocialAdsApi.start();
    Object.assign(process.env, {
      SOCIALADS_API_URL: platform.api.url,
      SOCIALADS_CLIENT_ID: platform.api.clientId,
      SOCIALADS_CLIENT_SECRET: platform.api.clientSecret,
      SOCIALADS_OAUTH_AUTHORIZE_URL: platform.api.authorizeUrl,
      SOCIALADS_OAUTH_TOKEN_URL: platform.api.tokenUrl,
    });
    delete process.env.SOCIALADS_API_VERSION;
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await platform.api?.close();
  });
  return platform;
}

/** A gateway owner with one live socialads account connected against a fresh fake ad account. */
export async function liveSocialAdsOwner(
  api: FakeSocialAdsApi,
  options: { currency?: string; expiresInDays?: number } = {},
): Promise<{
  apiKey: string;
  ownerId: string;
  token: FakeToken;
  upstream: FakeAdAccount;
  account: Awaited<ReturnType<typeof connectLiveAccounts>>[number];
}> {
  const { owner, apiKey } = await createTestOwner();
  const token = api.addToken({ expiresInDays: options.expiresInDays });
  const upstream = api.addAccount(token, { currency: options.currency });
  const [account] = await connectLiveAccounts(owner.owner_id, 'socialads', { 'access-token': token.token, 'account-id': upstream.id });
  return { apiKey, ownerId: owner.owner_id, token, upstream, account: account! };
}
