import { definePlatform } from '../manifest';
import { auditDeskAdsConversionTracking } from './conversion-audit';
import { DESKADS_ACCOUNT } from './define';
import type { DeskAdsPort } from './port';
import { deskAdsExtensionTools } from './tools/extensions';
import { deskAdsRecommendationTools } from './tools/recommendations';
import { deskAdsAudienceTools } from './tools/audiences';
import { deskAdsBudgetTools } from './tools/budgets';
import { deskAdsCreateCampaignTools } from './tools/create-campaigns';
import { importDeskAdsFromSearchAds } from './tools/import-from-searchads';
import { getDeskAdsGeoPerformance } from './tools/geo-performance';
import { deskAdsCampaignFigures } from './campaign-figures';
import { findDeskAdsOpportunities } from './opportunities';
import { deskAdsSandbox } from './sandbox/adapter';
import { seedDeskAdsAccount } from './sandbox/seed';
import { newDeskAdsAccountId } from './sandbox/stored';
import { openDeskAdsLive } from './live/adapter';
import { deskAdsConnector } from './live/connector';
import { createDeskAdsResponsiveSearchAd, listDeskAdsAds, pauseDeskAdsAd, resumeDeskAdsAd, updateDeskAdsAd } from './tools/ads';
import {
  createDeskAdsAdGroup,
  listDeskAdsAdGroups,
  pauseDeskAdsAdGroup,
  resumeDeskAdsAdGroup,
  updateDeskAdsAdGroup,
} from './tools/ad-groups';
import {
  deleteDeskAdsCampaign,
  listDeskAdsCampaigns,
  pauseDeskAdsCampaign,
  resumeDeskAdsCampaign,
  updateDeskAdsCampaign,
} from './tools/campaigns';
import { getDeskAdsProductPerformance } from './tools/get-deskads-product-performance';
import { getDeskAdsAccountPerformance, getDeskAdsCampaignPerformance, getDeskAdsKeywordPerformance } from './tools/reports';
import { analyzeDeskAdsWastedSpend, getDeskAdsSearchTerms } from './tools/search-terms';
import { createDeskAdsConversionGoal, listDeskAdsUetTags } from './tools/tracking';
import {
  addDeskAdsKeywords,
  addDeskAdsNegativeKeywords,
  listDeskAdsKeywords,
  listDeskAdsNegativeKeywords,
  removeDeskAdsKeywords,
  removeDeskAdsNegativeKeywords,
  updateDeskAdsKeywords,
} from './tools/keywords';
import { listDeskAdsAccounts } from './tools/list-deskads-accounts';
import { listDeskAdsConversionGoals } from './tools/list-deskads-conversion-goals';

/** The deskads platform: desktop search and shopping advertising. */
export const deskads = definePlatform<DeskAdsPort>({
  auditConversionTracking: auditDeskAdsConversionTracking,
  campaignFigures: deskAdsCampaignFigures,
  word: 'deskads',
  title: 'Desktop search and shopping advertising platform',
  account: DESKADS_ACCOUNT,
  exampleAccountIds: ['141234567', '149876543'],
  adapters: {
    sandbox: deskAdsSandbox,
    live: (account, call) => openDeskAdsLive(account, call),
  },
  connector: deskAdsConnector,
  kind: 'desktop search and shopping advertising',
  tools: [
    listDeskAdsAccounts,
    listDeskAdsConversionGoals,
    getDeskAdsProductPerformance,
    listDeskAdsCampaigns,
    updateDeskAdsCampaign,
    pauseDeskAdsCampaign,
    resumeDeskAdsCampaign,
    deleteDeskAdsCampaign,
    listDeskAdsAdGroups,
    createDeskAdsAdGroup,
    updateDeskAdsAdGroup,
    pauseDeskAdsAdGroup,
    resumeDeskAdsAdGroup,
    listDeskAdsKeywords,
    addDeskAdsKeywords,
    updateDeskAdsKeywords,
    removeDeskAdsKeywords,
    listDeskAdsNegativeKeywords,
    addDeskAdsNegativeKeywords,
    removeDeskAdsNegativeKeywords,
    getDeskAdsCampaignPerformance,
    getDeskAdsAccountPerformance,
    getDeskAdsKeywordPerformance,
    listDeskAdsUetTags,
    createDeskAdsConversionGoal,
    getDeskAdsSearchTerms,
    analyzeDeskAdsWastedSpend,
    listDeskAdsAds,
    createDeskAdsResponsiveSearchAd,
    updateDeskAdsAd,
    pauseDeskAdsAd,
    resumeDeskAdsAd,
    ...deskAdsExtensionTools,
    ...deskAdsRecommendationTools,
    ...deskAdsAudienceTools,
    getDeskAdsGeoPerformance,
    ...deskAdsBudgetTools,
    ...deskAdsCreateCampaignTools,
    importDeskAdsFromSearchAds,
  ],
  newSandboxAccountId: newDeskAdsAccountId,
  seedSandbox: seedDeskAdsAccount,
  findOpportunities: findDeskAdsOpportunities,
});
