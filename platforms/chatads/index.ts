import type { PlatformModule } from '../platform-module';
import { alphanumeric } from '../sandbox/ids';
import { findWasteAndWinners, opportunityWindow } from '../opportunities';
import { ChatAdsSandbox, seedChatAdsAccount } from './sandbox';
import { createChatAdsAdGroup, listChatAdsAdGroups } from './tools/ad-groups';
import { archiveChatAdsCampaign, listChatAdsCampaigns, pauseChatAdsCampaign, resumeChatAdsCampaign } from './tools/campaigns';
import { campaignTotals, getChatAdsConversionInsights } from './tools/conversion-insights';
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
    const sandbox = new ChatAdsSandbox(account);
    const [all, ads] = await Promise.all([sandbox.listCampaigns(), sandbox.listAds()]);
    const campaigns = all.filter((c) => c.status === 'active' && c.bidding_type !== 'impressions');
    const ad_account_id = account.account_id;
    const { start, end } = opportunityWindow(now);
    return findWasteAndWinners(
      'chatads',
      account,
      campaigns.map((c) => ({ id: c.id, name: c.name, figures: campaignTotals(c, ads, start, end) })),
      { cut: (c) => ({ verb: 'Pause campaign', tool: 'pause_chatads_campaign', arguments: { ad_account_id, campaign_id: c.id } }) },
    );
  },
};
