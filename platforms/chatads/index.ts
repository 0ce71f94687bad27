import type { PlatformModule } from '../platform-module';
import { alphanumeric } from '../sandbox/ids';
import { seedChatAdsAccount } from './sandbox';

/** The chatads platform: chat-assistant advertising. */
export const chatads: PlatformModule = {
  word: 'chatads',
  kind: 'chat-assistant advertising',
  tools: [],
  newSandboxAccountId: () => `acct_${alphanumeric(24)}`,
  seedSandbox: seedChatAdsAccount,
};
