import type { PlatformModule } from '../platform-module';
import { digits } from '../sandbox/ids';
import { seedShortVideoAccount } from './sandbox';

/** The shortvideo platform: short-video advertising. */
export const shortvideo: PlatformModule = {
  word: 'shortvideo',
  kind: 'short-video advertising',
  tools: [],
  newSandboxAccountId: () => `7${digits(18)}`,
  seedSandbox: seedShortVideoAccount,
};
