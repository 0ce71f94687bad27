import type { PlatformModule } from '../platform-module';
import { alphanumeric } from '../sandbox/ids';
import { seedChatAdsAccount } from './sandbox';
import { createChatAdsAdGroup, listChatAdsAdGroups } from './tools/ad-groups';
import { archiveChatAdsCampaign, listChatAdsCampaigns, pauseChatAdsCampaign, resumeChatAdsCampaign } from './tools/campaigns';
import { getChatAdsConversionInsights } from './tools/conversion-insights';
import { listChatAdsCustomAudiences } from './tools/custom-audiences';

/** The chatads platform: chat-assistant advertising. */
export const chatads: PlatformModule = {
  word: 'chatads',
  kind: 'chat-assistant advertising',
  tools: [
    listChatAdsCampaigns,
    pauseChatAdsCampaign,
    resumeChatAdsCampaign,
    archiveChatAdsCampaign,
    createChatAdsAdGroup,
    listChatAdsAdGroups,
    getChatAdsConversionInsights,
    listChatAdsCustomAudiences,
  ],
  newSandboxAccountId: () => `acct_${alphanumeric(24)}`,
  seedSandbox: seedChatAdsAccount,
};
