import { operatorCall } from '../../../platforms/live/connector';
import { searchads } from '../../../platforms/searchads/manifest';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';
import { describePmaxPortContract } from './port-contract-pmax';
import { describeShoppingPortContract } from './port-contract-shopping';

useTestTables();

describePortContract('sandbox (opened through openPort, inside the failure wrapper)', async () => {
  const { accounts } = await createTestOwner({ accounts: { searchads: 1 } });
  return searchads.open(accounts.searchads![0]!, operatorCall());
});

describePmaxPortContract('sandbox', async () => {
  const { accounts } = await createTestOwner({ accounts: { searchads: 1 } });
  return searchads.open(accounts.searchads![0]!, operatorCall());
});

describeShoppingPortContract('sandbox (opened through openPort, inside the failure wrapper)', async () => {
  const { accounts } = await createTestOwner({ accounts: { searchads: 1 } });
  return searchads.open(accounts.searchads![0]!, operatorCall());
});
