import type { PlatformModule } from '../platform-module';
import { digits } from '../sandbox/ids';
import { seedSearchAdsAccount } from './sandbox';
import { listCampaigns } from './tools/list-campaigns';

/** The searchads platform: search and display advertising. */
export const searchads: PlatformModule = {
  word: 'searchads',
  kind: 'search and display advertising',
  tools: [listCampaigns],
  newSandboxAccountId: () => digits(10),
  seedSandbox: seedSearchAdsAccount,
};
