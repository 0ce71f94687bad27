import { definePlatform } from '../manifest';
import { auditChatAdsConversionTracking } from './conversion-audit';
import { CHATADS_ACCOUNT } from './define';
import type { ChatAdsPort } from './port';
import { openChatAdsLive } from './live/adapter';
import { chatAdsCampaignFigures } from './campaign-figures';
import { alphanumeric } from '../sandbox/ids';
import { findWasteAndWinners, opportunityWindow } from '../opportunities';
import { chatAdsConnector } from './live/connector';
import { chatAdsSandbox } from './sandbox/adapter';
import { seedChatAdsAccount } from './sandbox/seed';
import { createChatAdsAdGroup, listChatAdsAdGroups } from './tools/ad-groups';
import { listChatAdsCampaigns } from './tools/campaigns';
import { entityTools } from './tools/entities';
import { listChatAdsAds } from './tools/ads';
import { createChatAdsAd, createChatAdsCampaign, launchChatAdsAd } from './tools/create';
import { getChatAdsConversionInsights } from './tools/conversion-insights';
import { customAudienceTools } from './tools/custom-audiences';
import { conversionTools } from './tools/conversions';
import { reportTools } from './tools/reports';

/** The chatads platform: chat-assistant advertising. */
export const chatads = definePlatform<ChatAdsPort>({
  auditConversionTracking: auditChatAdsConversionTracking,
  campaignFigures: chatAdsCampaignFigures,
  word: 'chatads',
  title: 'Chat-assistant advertising platform',
  account: CHATADS_ACCOUNT,
  exampleAccountIds: ['acct_1a2b3c4d', 'acct_5e6f7a8b'],
  adapters: {
    sandbox: chatAdsSandbox,
    live: openChatAdsLive,
  },
  kind: 'chat-assistant advertising',
  tools: [
    listChatAdsCampaigns,
    ...entityTools,
    listChatAdsAds,
    createChatAdsCampaign,
    createChatAdsAd,
    launchChatAdsAd,
    createChatAdsAdGroup,
    listChatAdsAdGroups,
    getChatAdsConversionInsights,
    ...customAudienceTools,
    ...conversionTools,
    ...reportTools,
  ],
  newSandboxAccountId: () => `acct_${alphanumeric(24)}`,
  seedSandbox: seedChatAdsAccount,
  connector: chatAdsConnector,
  async findOpportunities(port, account, now) {
    // Read through the port, opened as the tools open it. Awareness (impression-bid) campaigns are
    // not judged on conversions.
    const campaigns = (await port.listCampaigns()).filter((c) => c.status === 'active' && c.bidding_type !== 'impressions');
    if (campaigns.length === 0) return [];
    const { start, end } = opportunityWindow(now, account);
    // The figures list_chatads_campaigns, reports and monitors show (one source). (Live campaigns all
    // bid for impressions, so a live account never gets this far: its public insights carry no conversions.)
    const figures = new Map((await chatAdsCampaignFigures(port, account, start, end)).map((c) => [c.id, c.figures]));
    const ad_account_id = account.account_id;
    return findWasteAndWinners(
      'chatads',
      account,
      campaigns.map((c) => ({ id: c.id, name: c.name, figures: figures.get(c.id)! })),
      {
        entities: 'campaigns',
        cut: (c) => ({ verb: 'Pause campaign', tool: 'pause_chatads_campaign', arguments: { ad_account_id, campaign_id: c.id } }),
      },
    );
  },
});
