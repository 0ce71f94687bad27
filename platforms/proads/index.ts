import type { PlatformModule } from '../platform-module';
import { digits } from '../sandbox/ids';
import { seedProAdsAccount } from './sandbox';

/** The proads platform: professional-network advertising. */
export const proads: PlatformModule = {
  word: 'proads',
  kind: 'professional-network advertising',
  tools: [],
  newSandboxAccountId: () => `5${digits(8)}`,
  seedSandbox: seedProAdsAccount,
};
