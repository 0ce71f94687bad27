import { operatorCall } from '../../../platforms/live/connector';
import { deskads } from '../../../platforms/deskads/manifest';
import { useTestTables } from '../../support/gateway';
import { deskAdsLiveOwner, useFakeDeskAds } from './live-support';
import { describePortContract } from './port-contract';

useTestTables();
const platform = useFakeDeskAds();

describePortContract('live adapter over the fake deskads platform', async () => {
  const { account } = await deskAdsLiveOwner(platform);
  return deskads.open(account, operatorCall(120_000));
});
