import type { PlatformModule } from '../platform-module';
import { retailAdsCampaignFigures } from './campaign-figures';
import { findRetailAdsOpportunities } from './opportunities';
import { newRetailAdsProfileId, seedRetailAdsAccount } from './sandbox';
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
export const retailads: PlatformModule = {
  campaignFigures: retailAdsCampaignFigures,
  word: 'retailads',
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
};
