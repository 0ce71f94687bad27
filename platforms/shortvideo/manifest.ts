import { definePlatform } from '../manifest';
import { auditShortVideoConversionTracking } from './conversion-audit';
import { SHORTVIDEO_ACCOUNT } from './define';
import type { ShortVideoPort } from './port';
import { shortVideoCampaignFigures } from './campaign-figures';
import { findWasteAndWinners, opportunityWindow } from '../opportunities';
import type { Objective } from './port';
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
import { reportFigures, shortVideoBudgetDays } from './tools/shared';
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

/** Objectives whose result is a conversion (a purchase, lead or install): the finders' rules fit them. */
const CONVERSION_OBJECTIVES = new Set<Objective>(['WEB_CONVERSIONS', 'PRODUCT_SALES', 'LEAD_GENERATION', 'APP_PROMOTION']);

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
  /** Judges ad groups by the figures list_shortvideo_ad_groups shows, read through the port as tools read it. */
  async findOpportunities(platform, account, now) {
    const [campaigns, adGroups] = await Promise.all([platform.listCampaigns(), platform.listAdGroups()]);
    // Ad groups with a daily budget of their own (not under campaign budget optimization), of
    // objectives judged on conversions: traffic, reach and video-view ad groups are not waste for
    // lacking conversions they never optimize for.
    const optimized = new Set(campaigns.filter((c) => c.budget_optimize_on).map((c) => c.id));
    const judged = new Set(campaigns.filter((c) => CONVERSION_OBJECTIVES.has(c.objective_type)).map((c) => c.id));
    const candidates = adGroups.filter(
      (g) =>
        g.status === 'ENABLED' &&
        g.budget_mode === 'BUDGET_MODE_DAY' &&
        g.budget &&
        !optimized.has(g.campaign_id) &&
        judged.has(g.campaign_id),
    );
    const advertiser_id = account.account_id;
    const { start, end } = opportunityWindow(now, account);
    // The figures list_shortvideo_ad_groups shows and the days optimize_shortvideo_budget judges
    // "limited" on: each day it ran against the budget it had that day (core/budget-limited.ts).
    const figures = await reportFigures(
      platform,
      'AUCTION_ADGROUP',
      candidates.map((g) => g.id),
      start,
      end,
    );
    // Only enabled ad groups are candidates, so a pause is always a change.
    return findWasteAndWinners(
      'shortvideo',
      account,
      candidates.map((g) => {
        const read = figures.get(g.id)!;
        return {
          id: g.id,
          name: g.adgroup_name,
          figures: read.totals,
          budget: { today: g.budget!, ...shortVideoBudgetDays(read.days, g.budget!) },
        };
      }),
      {
        cut: (g, figures) => ({
          verb: 'Pause ad group',
          tool: 'pause_shortvideo_ad_group',
          arguments: { advertiser_id, adgroup_id: g.id },
          current: { status: 'ENABLED' },
          saving: figures.spend,
        }),
        scale: (g, budget) => ({ tool: 'update_shortvideo_ad_group', arguments: { advertiser_id, adgroup_id: g.id, budget } }),
      },
    );
  },
});
