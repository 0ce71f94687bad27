/** The chat-assistant platform's Advertiser API faked on 127.0.0.1 for a test file, with CHATADS_API_URL pointed at it. */
import { FakeChatAdsApi } from '../../fakes/chatads-api';

export interface FakeChatAdsPlatform {
  api: FakeChatAdsApi;
}

/** Starts the fake before the file's tests and points the setting at it; restores both after. */
export function useFakeChatAdsApi(): FakeChatAdsPlatform {
  const platform = {} as FakeChatAdsPlatform;
  const savedUrl = process.env.CHATADS_API_URL;
  beforeAll(async () => {
    platform.api = await FakeChatAdsApi.start();
    process.env.CHATADS_API_URL = platform.api.url;
  });
  afterAll(async () => {
    if (savedUrl === undefined) delete process.env.CHATADS_API_URL;
    else process.env.CHATADS_API_URL = savedUrl;
    await platform.api?.close();
  });
  return platform;
}
