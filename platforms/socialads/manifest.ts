import { definePlatform } from '../manifest';
import { auditSocialAdsConversionTracking } from './conversion-audit';
import { SOCIALADS_ACCOUNT } from './define';
import type { SocialAdsPort } from './port';
import { socialAdsCampaignFigures } from './campaign-figures';
import { digits } from '../sandbox/ids';
import { findSocialAdsOpportunities } from './opportunities';
import { socialAdsSandbox } from './sandbox/adapter';
import { seedSocialAdsAccount } from './sandbox/seed';
import { openSocialAdsLive } from './live/adapter';
import { socialAdsConnector } from './live/connector';
import { addSocialAdsAd } from './tools/add-ad';
import { getSocialAdsAppAdSets, getSocialAdsAppCampaigns, getSocialAdsAppCreatives } from './tools/app-reports';
import { createSocialAdsVideoCampaign } from './tools/create-video-campaign';
import {
  analyzeSocialAdsAudiences,
  getSocialAdsAdCreatives,
  getSocialAdsAdPerformance,
  getSocialAdsAdsetPerformance,
  getSocialAdsAudienceInsights,
  getSocialAdsCampaignDetails,
  getSocialAdsCampaignPerformance,
  listSocialAdsCampaigns,
  optimizeSocialAdsPlacements,
} from './tools/report-tools';
import {
  pauseSocialAdsCampaign,
  resumeSocialAdsCampaign,
  updateSocialAdsAd,
  updateSocialAdsAdSet,
  updateSocialAdsCampaign,
  updateSocialAdsCatalogAd,
  updateSocialAdsCatalogAdSet,
  updateSocialAdsCatalogCampaign,
} from './tools/update-tools';
import {
  analyzeSocialAdsAdPerformance,
  analyzeSocialAdsWastedSpend,
  detectSocialAdsCreativeFatigue,
  explainSocialAdsAnomaly,
  optimizeSocialAdsBudget,
} from './tools/analyses';
import {
  browseSocialAdsTargeting,
  getSocialAdsLeadFormSubmissions,
  listSocialAdsCustomAudiences,
  listSocialAdsInstagramAccounts,
  listSocialAdsLeadForms,
  listSocialAdsPixels,
  searchSocialAdsTargeting,
  selectSocialAdsCampaignType,
} from './tools/directory-tools';
import {
  analyzeSocialAdsCatalogPerformance,
  compareSocialAdsCatalogProductSets,
  detectSocialAdsCatalogWaste,
  diagnoseSocialAdsCatalogFunnel,
  getSocialAdsProductPerformance,
  listSocialAdsCatalogs,
  listSocialAdsProducts,
  listSocialAdsProductSets,
  validateCatalogReadiness,
} from './tools/catalog-tools';
import { createSocialAdsProductSet, duplicateSocialAdsCampaign, validateAndPrepareSocialAdsAssets } from './tools/copy-tools';
import {
  addSocialAdsAdSet,
  addSocialAdsCatalogAd,
  addSocialAdsCatalogAdSet,
  createSocialAdsCarouselCampaign,
  createSocialAdsCatalogCampaign,
  createSocialAdsDcoAd,
  createSocialAdsImageCampaign,
} from './tools/create-tools';
import { discoverSocialAdsAssets, listSocialAdsAds, listSocialAdsAdSets, listSocialAdsPages } from './tools/list-structure';

/** The socialads platform: social-network advertising. */
export const socialads = definePlatform<SocialAdsPort>({
  auditConversionTracking: auditSocialAdsConversionTracking,
  campaignFigures: socialAdsCampaignFigures,
  word: 'socialads',
  title: 'Social-network advertising platform',
  account: SOCIALADS_ACCOUNT,
  exampleAccountIds: ['act_1234567890', 'act_9876543210'],
  adapters: {
    sandbox: socialAdsSandbox,
    live: openSocialAdsLive,
  },
  connector: socialAdsConnector,
  kind: 'social-network advertising',
  tools: [
    addSocialAdsAd,
    createSocialAdsVideoCampaign,
    listSocialAdsAdSets,
    listSocialAdsAds,
    listSocialAdsPages,
    discoverSocialAdsAssets,
    getSocialAdsAppCampaigns,
    getSocialAdsAppAdSets,
    getSocialAdsAppCreatives,
    // Lists, structure and performance (report family).
    listSocialAdsCampaigns,
    getSocialAdsCampaignDetails,
    getSocialAdsCampaignPerformance,
    getSocialAdsAdsetPerformance,
    getSocialAdsAdPerformance,
    getSocialAdsAudienceInsights,
    analyzeSocialAdsAudiences,
    optimizeSocialAdsPlacements,
    getSocialAdsAdCreatives,
    // Status, budget and field changes (update family).
    pauseSocialAdsCampaign,
    resumeSocialAdsCampaign,
    updateSocialAdsCampaign,
    updateSocialAdsAdSet,
    updateSocialAdsAd,
    updateSocialAdsCatalogCampaign,
    updateSocialAdsCatalogAdSet,
    updateSocialAdsCatalogAd,
    // Analyses that name the writes carrying out their advice.
    analyzeSocialAdsWastedSpend,
    optimizeSocialAdsBudget,
    detectSocialAdsCreativeFatigue,
    analyzeSocialAdsAdPerformance,
    explainSocialAdsAnomaly,
    // Audiences, targeting, profiles, lead forms, pixels, format guide.
    searchSocialAdsTargeting,
    browseSocialAdsTargeting,
    listSocialAdsCustomAudiences,
    listSocialAdsInstagramAccounts,
    listSocialAdsLeadForms,
    getSocialAdsLeadFormSubmissions,
    listSocialAdsPixels,
    selectSocialAdsCampaignType,
    // Catalogs, product sets and products.
    listSocialAdsCatalogs,
    listSocialAdsProductSets,
    listSocialAdsProducts,
    getSocialAdsProductPerformance,
    analyzeSocialAdsCatalogPerformance,
    compareSocialAdsCatalogProductSets,
    detectSocialAdsCatalogWaste,
    diagnoseSocialAdsCatalogFunnel,
    validateCatalogReadiness,
    createSocialAdsProductSet,
    // Creates (create family, paused by default), duplication, assets.
    addSocialAdsAdSet,
    addSocialAdsCatalogAdSet,
    addSocialAdsCatalogAd,
    createSocialAdsImageCampaign,
    createSocialAdsCarouselCampaign,
    createSocialAdsCatalogCampaign,
    createSocialAdsDcoAd,
    duplicateSocialAdsCampaign,
    validateAndPrepareSocialAdsAssets,
  ],
  newSandboxAccountId: () => `act_${digits(15)}`,
  seedSandbox: seedSocialAdsAccount,
  findOpportunities: findSocialAdsOpportunities,
});
