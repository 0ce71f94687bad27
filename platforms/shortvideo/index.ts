import type { PortCall } from '../../functions/runtime/tool';
import type { PlatformModule } from '../platform-module';
import type { MetricTotals } from '../metrics';
import { finderCall, findWasteAndWinners, opportunityWindow, WASTE_MIN_SPEND } from '../opportunities';
import { openShortVideoPort } from './define';
import type { Objective } from './port';
import { freshId, seedShortVideoAccount } from './sandbox';
import { listShortVideoAdVideos, listShortVideoCustomAudiences, listShortVideoLeadPages, listShortVideoPixels, searchShortVideoTargeting } from './tools/assets';
import { createShortVideoDcoAd } from './tools/create-dco-ad';
import { createShortVideoVideoCampaign } from './tools/create-video-campaign';
import { getShortVideoAdGroup, listShortVideoAdGroups, listShortVideoAds, listShortVideoCampaigns, reportTotals } from './tools/read-entities';
import { resumeShortVideoAdGroup } from './tools/resume-ad-group';
import { updateShortVideoAdGroup } from './tools/update-ad-group';

/** Objectives whose result is a conversion (a purchase, lead or install): the finders' rules fit them. */
const CONVERSION_OBJECTIVES = new Set<Objective>(['WEB_CONVERSIONS', 'PRODUCT_SALES', 'LEAD_GENERATION', 'APP_PROMOTION']);
/** The lowest daily budget the finder cuts a wasting ad group to. */
const BUDGET_FLOOR = 20;
/** The finders' waste rule (opportunities.ts): spend without a conversion. */
const isWaste = (figures: MetricTotals) => figures.spend >= WASTE_MIN_SPEND && figures.conversions === 0;

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
  newSandboxAccountId: freshId.advertiser,
  seedSandbox: seedShortVideoAccount,
  /** Judges ad groups by the figures list_shortvideo_ad_groups shows, read through the port as tools read it. */
  async findOpportunities(account, now, call: PortCall = finderCall(account)) {
    const platform = openShortVideoPort(account, call);
    const [campaigns, adGroups] = await Promise.all([platform.listCampaigns(), platform.listAdGroups()]);
    // Ad groups with a daily budget of their own (not under campaign budget optimization), of
    // objectives judged on conversions: traffic, reach and video-view ad groups are not waste for
    // lacking conversions they never optimize for.
    const optimized = new Set(campaigns.filter((c) => c.budget_optimize_on).map((c) => c.id));
    const judged = new Set(campaigns.filter((c) => CONVERSION_OBJECTIVES.has(c.objective_type)).map((c) => c.id));
    const candidates = adGroups.filter((g) => g.status === 'ENABLED' && g.budget_mode === 'BUDGET_MODE_DAY' && g.budget && !optimized.has(g.campaign_id) && judged.has(g.campaign_id));
    const advertiser_id = account.account_id;
    const { start, end } = opportunityWindow(now);
    const figures = await reportTotals(platform, 'AUCTION_ADGROUP', candidates.map((g) => g.id), start, end);
    // A wasting ad group already at the budget floor has no cut left to propose (no change equal to the current value).
    const atFloor = (g: (typeof candidates)[number]) => g.budget! <= BUDGET_FLOOR && isWaste(figures.get(g.id)!);
    return findWasteAndWinners(
      'shortvideo',
      account,
      candidates.filter((g) => !atFloor(g)).map((g) => ({ id: g.id, name: g.adgroup_name, figures: figures.get(g.id)!, daily_budget: g.budget })),
      {
        // No pause tool on this platform's list: cut the daily budget to the 20 USD floor instead.
        cut: (g, figures) => ({
          verb: `Cut to ${BUDGET_FLOOR}/day the budget of ad group`,
          tool: 'update_shortvideo_ad_group',
          arguments: { advertiser_id, adgroup_id: g.id, budget: BUDGET_FLOOR },
          current: { budget: g.daily_budget },
          saving: Math.max(0, figures.spend - BUDGET_FLOOR * 30),
        }),
        scale: (g, budget) => ({ tool: 'update_shortvideo_ad_group', arguments: { advertiser_id, adgroup_id: g.id, budget } }),
      },
    );
  },
};

