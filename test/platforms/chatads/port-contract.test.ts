import { operatorCall } from '../../../platforms/live/connector';
import { openChatAdsPort } from '../../../platforms/chatads/define';
import { connectLiveAccounts } from '../../../platforms/connect';
import { FakeChatAdsApi } from '../../fakes/chatads-api';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';

useTestTables();

describePortContract('sandbox', async () => {
  const { accounts } = await createTestOwner({ accounts: { chatads: 1 } });
  return openChatAdsPort(accounts.chatads![0], operatorCall());
});

let fake: FakeChatAdsApi;
const savedUrl = process.env.CHATADS_API_URL;
beforeAll(async () => {
  fake = await FakeChatAdsApi.start();
  process.env.CHATADS_API_URL = fake.url;
});
afterAll(async () => {
  if (savedUrl === undefined) delete process.env.CHATADS_API_URL;
  else process.env.CHATADS_API_URL = savedUrl;
  await fake.close();
});

describePortContract('live adapter over the fake Advertiser API', async () => {
  const { owner } = await createTestOwner();
  const { apiKey } = fake.addAccount();
  const [account] = await connectLiveAccounts(owner.owner_id, 'chatads', { 'api-key': apiKey });
  return openChatAdsPort(account, operatorCall());
});
