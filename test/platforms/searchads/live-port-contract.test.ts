import { operatorCall } from '../../../platforms/live/connector';
import { searchads } from '../../../platforms/searchads/manifest';
import { useTestTables } from '../../support/gateway';
import { liveOwner, useFakeSearchPlatform } from './live-support';
import { describePortContract } from './port-contract';
import { describePmaxPortContract } from './port-contract-pmax';
import { describeShoppingPortContract } from './port-contract-shopping';

useTestTables();
const platform = useFakeSearchPlatform();

describePortContract('live adapter over the fake search platform', async () => {
  const { account } = await liveOwner(platform);
  return searchads.open(account, operatorCall());
});

describePmaxPortContract('live adapter over the fake search platform', async () => {
  const { account } = await liveOwner(platform);
  return searchads.open(account, operatorCall());
});

describeShoppingPortContract('live adapter over the fake search platform', async () => {
  const { account } = await liveOwner(platform);
  return searchads.open(account, operatorCall());
});
