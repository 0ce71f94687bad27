/**
 * The fake search platform (API and OAuth server) started for a test file, with one seeded customer
 * and a user's access token, and a POST that sends what the live adapter sends (bearer token,
 * developer token, JSON), answering the status, body and the first error code.
 */
import { FAKE_API_VERSION, FAKE_DEVELOPER_TOKEN, FakeSearchAdsApi } from '../../fakes/searchads-api';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FakeSearchAdsOAuth } from '../../fakes/searchads-oauth';

export interface FakeUpstream {
  api: FakeSearchAdsApi;
  oauth: FakeSearchAdsOAuth;
  token: string;
  /** POST `<api>/<version>/<path>` as the live adapter does; `headers` override (an empty Authorization removes it). */
  post(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: any; code: Record<string, string> | undefined }>;
}

export function useFakeSearchAdsUpstream(customerId: string): FakeUpstream {
  const upstream = {} as FakeUpstream;
  beforeAll(async () => {
    upstream.oauth = await new FakeSearchAdsOAuth().start();
    upstream.api = await new FakeSearchAdsApi(upstream.oauth).start();
    upstream.api.addCustomer({ id: customerId, name: 'Fake Co', users: ['u@example.com'] });
    upstream.api.seed(customerId);
    const refresh = upstream.oauth.issueRefreshToken('u@example.com');
    const response = await fetch(upstream.oauth.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refresh,
        client_id: FAKE_CLIENT_ID,
        client_secret: FAKE_CLIENT_SECRET,
      }),
    });
    upstream.token = ((await response.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await upstream.api?.close();
    await upstream.oauth?.close();
  });
  upstream.post = async (path, body, headers = {}) => {
    const response = await fetch(`${upstream.api.url}/${FAKE_API_VERSION}/${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${upstream.token}`,
        'developer-token': FAKE_DEVELOPER_TOKEN,
        'Content-Type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as any;
    return { status: response.status, json, code: json.error?.details?.[0]?.errors?.[0]?.errorCode as Record<string, string> | undefined };
  };
  return upstream;
}
