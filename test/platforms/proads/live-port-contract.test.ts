/** The proads port contract, run against the live adapter over the fake Marketing API. */
import { operatorCall } from '../../../platforms/live/connector';
import { proads } from '../../../platforms/proads/manifest';
import { useTestTables } from '../../support/gateway';
import { liveOwner, useFakeProAds } from './live-support';
import { describePortContract } from './port-contract';

useTestTables();
const platform = useFakeProAds();

describePortContract('live adapter over the fake Marketing API', async () => {
  const { account } = await liveOwner(platform);
  return proads.open(account, operatorCall());
});
