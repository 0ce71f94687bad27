import type { PlatformModule } from '../platform-module';
import { digits } from '../sandbox/ids';
import { seedDeskAdsAccount } from './sandbox';

/** The deskads platform: desktop search and shopping advertising. */
export const deskads: PlatformModule = {
  word: 'deskads',
  kind: 'desktop search and shopping advertising',
  tools: [],
  newSandboxAccountId: () => `1${digits(8)}`,
  seedSandbox: seedDeskAdsAccount,
};
