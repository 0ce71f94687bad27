import { definePlatform } from '../manifest';
import { auditShortVideoConversionTracking } from './conversion-audit';
import { SHORTVIDEO_ACCOUNT } from './define';
import type { ShortVideoPort } from './port';
import { shortVideoCampaignFigures } from './campaign-figures';
import { findShortVideoOpportunities } from './opportunities';
import { shortVideoSandbox } from './sandbox/adapter';
import { seedShortVideoAccount } from './sandbox/seed';
import { freshId } from './sandbox/stored';
import { openShortVideoLive } from './live/adapter';
import { shortVideoConnector } from './live/connector';
import {
  listShortVideoAdVideos,
  listShortVideoCustomAudiences,
  listShortVideoLeadPages,
  listShortVideoPixels,
  searchShortVideoTargeting,
} from './tools/assets';
import { createShortVideoDcoAd } from './tools/create-dco-ad';
import { createShortVideoVideoCampaign } from './tools/create-video-campaign';
import { getShortVideoAdGroup, listShortVideoAdGroups, listShortVideoAds, listShortVideoCampaigns } from './tools/read-entities';
import { resumeShortVideoAdGroup } from './tools/resume-ad-group';
import { updateShortVideoAdGroup } from './tools/update-ad-group';
import { addShortVideoAdGroup } from './tools/ad-groups';
import { addShortVideoAd, updateShortVideoAd } from './tools/ads';
import { createShortVideoCampaign } from './tools/create-campaign';
import { duplicateShortVideoAdGroup, duplicateShortVideoCampaign } from './tools/duplicate';
import {
  createShortVideoCarouselCard,
  discoverShortVideoAssets,
  listShortVideoIdentities,
  uploadShortVideoImages,
  validateAndPrepareShortVideoAssets,
} from './tools/images';
import { explainShortVideoObjective } from './tools/objective';
import {
  analyzeShortVideoWastedSpend,
  detectShortVideoCreativeFatigue,
  explainShortVideoAnomaly,
  optimizeShortVideoBudget,
} from './tools/analyses';
import { getShortVideoCampaign, getShortVideoCampaignDetails, updateShortVideoCampaign } from './tools/campaigns';
import {
  analyzeShortVideoGeoPerformance,
  getShortVideoAdPerformance,
  getShortVideoAudienceInsights,
  getShortVideoCampaignPerformance,
} from './tools/performance';
import {
  deleteShortVideoAd,
  deleteShortVideoAdGroup,
  deleteShortVideoCampaign,
  pauseShortVideoAd,
  pauseShortVideoAdGroup,
  pauseShortVideoCampaign,
  resumeShortVideoAd,
  resumeShortVideoCampaign,
} from './tools/status';

/** The shortvideo platform: short-video advertising. */
export const shortvideo = definePlatform<ShortVideoPort>({
  auditConversionTracking: auditShortVideoConversionTracking,
  campaignFigures: shortVideoCampaignFigures,
  word: 'shortvideo',
  title: 'Short-video advertising platform',
  account: SHORTVIDEO_ACCOUNT,
  exampleAccountIds: ['7012345678901234567', '7098765432109876543'],
  adapters: {
    sandbox: shortVideoSandbox,
    live: openShortVideoLive,
  },
  connector: shortVideoConnector,
  kind: 'short-video advertising',
  tools: [
    listShortVideoCampaigns,
    listShortVideoAdGroups,
    getShortVideoAdGroup,
    listShortVideoAds,
    resumeShortVideoAdGroup,
    updateShortVideoAdGroup,
    createShortVideoVideoCampaign,
    createShortVideoDcoAd,
    listShortVideoPixels,
    listShortVideoLeadPages,
    listShortVideoAdVideos,
    listShortVideoCustomAudiences,
    searchShortVideoTargeting,
    // Issue 15: the shortvideo family.
    getShortVideoCampaign,
    getShortVideoCampaignDetails,
    updateShortVideoCampaign,
    pauseShortVideoCampaign,
    resumeShortVideoCampaign,
    pauseShortVideoAdGroup,
    pauseShortVideoAd,
    resumeShortVideoAd,
    getShortVideoCampaignPerformance,
    getShortVideoAdPerformance,
    getShortVideoAudienceInsights,
    analyzeShortVideoGeoPerformance,
    analyzeShortVideoWastedSpend,
    detectShortVideoCreativeFatigue,
    explainShortVideoAnomaly,
    optimizeShortVideoBudget,
    explainShortVideoObjective,
    createShortVideoCampaign,
    addShortVideoAdGroup,
    addShortVideoAd,
    updateShortVideoAd,
    discoverShortVideoAssets,
    uploadShortVideoImages,
    validateAndPrepareShortVideoAssets,
    createShortVideoCarouselCard,
    listShortVideoIdentities,
    // Beyond the list: what the platform's API also offers.
    deleteShortVideoCampaign,
    deleteShortVideoAdGroup,
    deleteShortVideoAd,
    duplicateShortVideoCampaign,
    duplicateShortVideoAdGroup,
  ],
  newSandboxAccountId: freshId.advertiser,
  seedSandbox: seedShortVideoAccount,
  /** What analyze_shortvideo_wasted_spend lists at CRITICAL and HIGH, and budget-limited ad groups (./opportunities.ts). */
  findOpportunities: findShortVideoOpportunities,
});
