import type { PlatformModule } from '../platform-module';
import { findDeskAdsOpportunities } from './opportunities';
import { newDeskAdsAccountId, seedDeskAdsAccount } from './sandbox';
import { getDeskAdsProductPerformance } from './tools/get-deskads-product-performance';
import { listDeskAdsAccounts } from './tools/list-deskads-accounts';
import { listDeskAdsConversionGoals } from './tools/list-deskads-conversion-goals';

/** The deskads platform: desktop search and shopping advertising. */
export const deskads: PlatformModule = {
  word: 'deskads',
  kind: 'desktop search and shopping advertising',
  tools: [listDeskAdsAccounts, listDeskAdsConversionGoals, getDeskAdsProductPerformance],
  newSandboxAccountId: newDeskAdsAccountId,
  seedSandbox: seedDeskAdsAccount,
  findOpportunities: findDeskAdsOpportunities,
};
