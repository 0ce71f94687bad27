import type { PlatformModule } from '../platform-module';
import { digits } from '../sandbox/ids';
import { seedShortVideoAccount } from './sandbox';
import { listShortVideoAdVideos, listShortVideoCustomAudiences, listShortVideoLeadPages, listShortVideoPixels, searchShortVideoTargeting } from './tools/assets';
import { createShortVideoDcoAd } from './tools/create-dco-ad';
import { createShortVideoVideoCampaign } from './tools/create-video-campaign';
import { getShortVideoAdGroup, listShortVideoAdGroups, listShortVideoAds, listShortVideoCampaigns } from './tools/read-entities';
import { resumeShortVideoAdGroup } from './tools/resume-ad-group';
import { updateShortVideoAdGroup } from './tools/update-ad-group';

/** The shortvideo platform: short-video advertising. */
export const shortvideo: PlatformModule = {
  word: 'shortvideo',
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
  ],
  newSandboxAccountId: () => `7${digits(18)}`,
  seedSandbox: seedShortVideoAccount,
};
