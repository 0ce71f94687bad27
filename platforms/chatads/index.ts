import type { PlatformModule } from '../platform-module';
import { alphanumeric } from '../sandbox/ids';
import { findWasteAndWinners } from '../sandbox/opportunities';
import { ChatAdsSandbox, seedChatAdsAccount } from './sandbox';
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
  async findOpportunities(account, now) {
    // Awareness (impression-bid) campaigns are not judged on conversions.
    const campaigns = (await new ChatAdsSandbox(account).listCampaigns()).filter((c) => c.status === 'active' && c.bidding_type !== 'impressions');
    const ad_account_id = account.account_id;
    return findWasteAndWinners(
      'chatads',
      account,
      now,
      campaigns.map((c) => ({ id: c.id, name: c.name, performance: c.performance, start_date: c.start_date })),
      { cut: (c) => ({ verb: 'Pause campaign', tool: 'pause_chatads_campaign', arguments: { ad_account_id, campaign_id: c.id } }) },
    );
  },
};
