import type { PlatformModule } from '../platform-module';
import { digits } from '../sandbox/ids';
import { seedRetailAdsAccount } from './sandbox';

/** The retailads platform: retail-marketplace advertising. */
export const retailads: PlatformModule = {
  word: 'retailads',
  kind: 'retail-marketplace advertising',
  tools: [],
  newSandboxAccountId: () => digits(16),
  seedSandbox: seedRetailAdsAccount,
};
