import { operatorCall } from '../../../platforms/live/connector';
import { retailads } from '../../../platforms/retailads/manifest';
import { useTestTables } from '../../support/gateway';
import { liveRetailOwner, useFakeRetailAds } from './live-support';
import { describePortContract } from './port-contract';

useTestTables();
const platform = useFakeRetailAds();

describePortContract('live adapter over the fake retail marketplace API', async () => {
  const { account } = await liveRetailOwner(platform);
  return retailads.open(account, operatorCall(60_000));
});
