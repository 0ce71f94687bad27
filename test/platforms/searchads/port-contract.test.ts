import { operatorCall } from '../../../platforms/live/connector';
import { openSearchAdsPort } from '../../../platforms/searchads/define';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';
import { describePmaxPortContract } from './port-contract-pmax';
import { describeShoppingPortContract } from './port-contract-shopping';

useTestTables();

describePortContract('sandbox (opened through openPort, inside the failure wrapper)', async () => {
  const { accounts } = await createTestOwner({ accounts: { searchads: 1 } });
  return openSearchAdsPort(accounts.searchads![0]!, operatorCall());
});

describePmaxPortContract('sandbox', async () => {
  const { accounts } = await createTestOwner({ accounts: { searchads: 1 } });
  return openSearchAdsPort(accounts.searchads![0]!, operatorCall());
});

describeShoppingPortContract('sandbox (opened through openPort, inside the failure wrapper)', async () => {
  const { accounts } = await createTestOwner({ accounts: { searchads: 1 } });
  return openSearchAdsPort(accounts.searchads![0]!, operatorCall());
});
