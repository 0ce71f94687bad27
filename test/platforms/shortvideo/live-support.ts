/** The short-video platform's Business API faked on 127.0.0.1 for a test file, with the SHORTVIDEO_* settings pointed at it. */
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { createTestOwner } from '../../support/gateway';
import { FakeShortVideoApi, type FakeAdvertiser } from '../../fakes/shortvideo-api';

export interface FakeShortVideoPlatform {
  api: FakeShortVideoApi;
}

const SETTINGS = [
  'SHORTVIDEO_API_URL',
  'SHORTVIDEO_CLIENT_ID',
  'SHORTVIDEO_CLIENT_SECRET',
  'SHORTVIDEO_OAUTH_AUTHORIZE_URL',
  'SHORTVIDEO_OAUTH_TOKEN_URL',
  'SHORTVIDEO_DOWNLOAD_HOSTS',
  'SHORTVIDEO_API_VERSION',
] as const;

/** Starts the fake before the file's tests and points the settings at it; restores both after. */
export function useFakeShortVideoApi(): FakeShortVideoPlatform {
  const platform = {} as FakeShortVideoPlatform;
  const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
  beforeAll(async () => {
    platform.api = await FakeShortVideoApi.start();
    Object.assign(process.env, {
      SHORTVIDEO_API_URL: platform.api.url,
      SHORTVIDEO_CLIENT_ID: platform.api.clientId,
      SHORTVIDEO_CLIENT_SECRET: platform.api.clientSecret,
      SHORTVIDEO_OAUTH_AUTHORIZE_URL: platform.api.authorizeUrl,
      SHORTVIDEO_OAUTH_TOKEN_URL: platform.api.tokenUrl,
      SHORTVIDEO_DOWNLOAD_HOSTS: '127.0.0.1',
    });
    delete process.env.SHORTVIDEO_API_VERSION;
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

/** A gateway owner with one live shortvideo advertiser connected with its own access token. */
export async function liveShortVideoOwner(platform: FakeShortVideoPlatform, options: { currency?: string; name?: string } = {}) {
  const { owner, apiKey } = await createTestOwner();
  const upstream: FakeAdvertiser = platform.api.addAdvertiser(options);
  const token = platform.api.issueToken([upstream.id]);
  const [account] = await connectLiveAccounts(owner.owner_id, 'shortvideo', {
    'access-token': token.accessToken,
    'account-id': upstream.id,
    ...(token.refreshToken ? { 'refresh-token': token.refreshToken, 'access-token-expires-in': String(token.expiresIn) } : {}),
  });
  return { owner, apiKey, upstream, token, account: account! };
}
