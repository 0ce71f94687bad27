import { operatorCall } from '../../../platforms/live/connector';
import { socialads } from '../../../platforms/socialads/manifest';
import { useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';
import { liveSocialAdsOwner, useFakeSocialAdsApi } from './live-support';

useTestTables();
const fake = useFakeSocialAdsApi();

describePortContract(
  'live adapter over the fake Graph API',
  async () => {
    const { account } = await liveSocialAdsOwner(fake.api);
    return socialads.open(account, operatorCall());
  },
  { imageUrl: () => `${fake.api.url}/files/hero.jpg` },
);
