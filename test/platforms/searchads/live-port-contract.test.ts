import { operatorCall } from '../../../platforms/live/connector';
import { openSearchAdsPort } from '../../../platforms/searchads/define';
import { useTestTables } from '../../support/gateway';
import { liveOwner, useFakeSearchPlatform } from './live-support';
import { describePortContract } from './port-contract';
import { describePmaxPortContract } from './port-contract-pmax';
import { describeShoppingPortContract } from './port-contract-shopping';

useTestTables();
const platform = useFakeSearchPlatform();

describePortContract('live adapter over the fake search platform', async () => {
  const { account } = await liveOwner(platform);
  return openSearchAdsPort(account, operatorCall());
});

describePmaxPortContract('live adapter over the fake search platform', async () => {
  const { account } = await liveOwner(platform);
  return openSearchAdsPort(account, operatorCall());
});

describeShoppingPortContract('live adapter over the fake search platform', async () => {
  const { account } = await liveOwner(platform);
  return openSearchAdsPort(account, operatorCall());
});
