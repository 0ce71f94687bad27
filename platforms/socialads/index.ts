import type { PlatformModule } from '../platform-module';
import { digits } from '../sandbox/ids';
import { findSocialAdsOpportunities } from './opportunities';
import { seedSocialAdsAccount } from './sandbox';
import { addSocialAdsAd } from './tools/add-ad';
import { getSocialAdsAppAdSets, getSocialAdsAppCampaigns, getSocialAdsAppCreatives } from './tools/app-reports';
import { createSocialAdsVideoCampaign } from './tools/create-video-campaign';
import { discoverSocialAdsAssets, listSocialAdsAds, listSocialAdsAdSets, listSocialAdsPages } from './tools/list-structure';

/** The socialads platform: social-network advertising. */
export const socialads: PlatformModule = {
  word: 'socialads',
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
  ],
  newSandboxAccountId: () => `act_${digits(15)}`,
  seedSandbox: seedSocialAdsAccount,
  findOpportunities: findSocialAdsOpportunities,
};
