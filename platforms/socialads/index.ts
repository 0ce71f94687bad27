import type { PlatformModule } from '../platform-module';
import { digits } from '../sandbox/ids';
import { seedSocialAdsAccount } from './sandbox';

/** The socialads platform: social-network advertising. */
export const socialads: PlatformModule = {
  word: 'socialads',
  kind: 'social-network advertising',
  tools: [],
  newSandboxAccountId: () => `act_${digits(15)}`,
  seedSandbox: seedSocialAdsAccount,
};
