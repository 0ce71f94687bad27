import { operatorCall } from '../../../platforms/live/connector';
import { chatads } from '../../../platforms/chatads/manifest';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { useFakeChatAdsApi } from './live-support';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';

useTestTables();

describePortContract('sandbox', async () => {
  const { accounts } = await createTestOwner({ accounts: { chatads: 1 } });
  return chatads.open(accounts.chatads![0], operatorCall());
});

const fakePlatform = useFakeChatAdsApi();

describePortContract('live adapter over the fake Advertiser API', async () => {
  const { owner } = await createTestOwner();
  const { apiKey } = fakePlatform.api.addAccount();
  const [account] = await connectLiveAccounts(owner.owner_id, 'chatads', { 'api-key': apiKey });
  return chatads.open(account, operatorCall());
});
