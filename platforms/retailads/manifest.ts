import { definePlatform } from '../manifest';
import { RETAILADS_ACCOUNT } from './define';
import type { RetailAdsPort } from './port';
import { retailAdsCampaignFigures } from './campaign-figures';
import { findRetailAdsOpportunities } from './opportunities';
import { retailAdsSandbox } from './sandbox/adapter';
import { seedRetailAdsAccount } from './sandbox/seed';
import { newRetailAdsProfileId } from './sandbox/stored';
import { openRetailAdsLive } from './live/adapter';
import { retailAdsConnector } from './live/connector';
import { analyzeRetailAdsPlacements } from './tools/analyze-placements';
import { getRetailAdsReport } from './tools/get-report';
import { getRetailAdsKeywordRecommendations } from './tools/keyword-recommendations';
import { listRetailAdsAdGroups } from './tools/list-ad-groups';
import { listRetailAdsProfiles } from './tools/list-profiles';
import { addTools } from './tools/adds';
import { analysisTools } from './tools/analyses';
import { assetTools } from './tools/assets';
import { createTools } from './tools/creates';
import { retailAdsUnifiedApi } from './tools/unified-api';
import { listTools } from './tools/lists';
import { writeTools } from './tools/writes';
import { addRetailAdsSbNegativeKeywords, listRetailAdsSbNegativeKeywords } from './tools/sb-negative-keywords';

/** The retailads platform: retail-marketplace advertising. */
export const retailads = definePlatform<RetailAdsPort>({
  conversionTrackingNotRead: 'retailads attributes sales itself (no pixel or tag to set up); nothing to check.',
  campaignFigures: retailAdsCampaignFigures,
  word: 'retailads',
  title: 'Retail-marketplace advertising platform',
  account: RETAILADS_ACCOUNT,
  exampleAccountIds: ['3456789012345678', '8765432109876543'],
  adapters: {
    sandbox: retailAdsSandbox,
    live: (account, call) => openRetailAdsLive(account, call),
  },
  connector: retailAdsConnector,
  kind: 'retail-marketplace advertising',
  tools: [
    getRetailAdsReport,
    analyzeRetailAdsPlacements,
    getRetailAdsKeywordRecommendations,
    listRetailAdsAdGroups,
    addRetailAdsSbNegativeKeywords,
    listRetailAdsSbNegativeKeywords,
    listRetailAdsProfiles,
    ...listTools,
    ...writeTools,
    ...addTools,
    ...analysisTools,
    ...createTools,
    ...assetTools,
    retailAdsUnifiedApi,
  ],
  newSandboxAccountId: newRetailAdsProfileId,
  seedSandbox: seedRetailAdsAccount,
  findOpportunities: findRetailAdsOpportunities,
});
