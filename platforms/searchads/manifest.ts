import { definePlatform } from '../manifest';
import { SEARCHADS_ACCOUNT } from './define';
import type { SearchAdsPort } from './port';
import { campaignFiguresFrom, searchAdsCampaignFigures } from './campaign-figures';
import { budgetDaysOf, withSharedBudgetSpend } from '../../core/budget-limited';
import { digits } from '../sandbox/ids';
import { findWinners, opportunityWindow } from '../opportunities';
import { addDays } from '../../core/dates';
import type { Opportunity } from '../../core/platform';
import { findSearchAdsWaste } from './tools/waste';
import { searchAdsConnector } from './live/connector';
import { seedSearchAdsAccount } from './sandbox/seed';
import { SEARCHADS_ADAPTERS } from './ports';
import { addAdGroupAudiences } from './tools/add-ad-group-audiences';
import { addCalloutExtensions } from './tools/add-callout-extensions';
import { getCampaignLabels } from './tools/get-campaign-labels';
import { getCampaignStructure } from './tools/get-campaign-structure';
import { getCampaignTargeting } from './tools/get-campaign-targeting';
import { getDisplayFrequencyCaps } from './tools/get-display-frequency-caps';
import { listAdGroups } from './tools/list-ad-groups';
import { listCallAssets } from './tools/list-call-assets';
import { listCampaigns } from './tools/list-campaigns';
import { listSearchAdsLanguages } from './tools/list-searchads-languages';
import { removeCallAssets } from './tools/remove-call-assets';
import { resolveSearchAdsLocations } from './tools/resolve-searchads-locations';
import { resumeAdGroup } from './tools/resume-ad-group';
import { searchAudiences } from './tools/search-audiences';
import { updateCampaign } from './tools/update-campaign';
import { updateCampaignDates } from './tools/update-campaign-dates';
import { analyzeSearchTerms } from './tools/analyze-search-terms';
import { analyzeWastedSpend } from './tools/analyze-wasted-spend';
import { KEYWORD_LIST_TOOLS, keywordListTool } from './tools/keyword-lists';
import { removeNegativeKeywords } from './tools/remove-negative-keywords';
import { REPORT_TOOLS, reportTool } from './tools/report-readers';
import { STATUS_TOOLS, statusTool } from './tools/status-changes';
import { updateBidStrategy } from './tools/update-bid-strategy';
import { updateCampaignBudget } from './tools/update-campaign-budget';
import { updateKeyword } from './tools/update-keyword';
import { AD_COPY_TOOLS, adCopyTool } from './tools/ad-copy';
import { createAd } from './tools/create-ad';
import { createSearchCampaign } from './tools/create-search-campaign';
import { getAdCreative } from './tools/get-ad-creative';
import { ATTACH_TOOLS, DETACH_TOOLS, attachTool, detachTool } from './tools/asset-attachments';
import { listCampaignExtensions } from './tools/list-campaign-extensions';
import { getConversionActionPerformance, listConversionActions } from './tools/conversion-actions';
import { researchKeywords } from './tools/research-keywords';
import { addSearchCampaignImage } from './tools/add-search-campaign-image';
import { explainPerformanceAnomaly } from './tools/explain-performance-anomaly';
import { getBenchmarkContext } from './tools/get-benchmark-context';
import { optimizeBudgetAllocation } from './tools/optimize-budget-allocation';
import { selectSearchAdsCampaignType } from './tools/select-campaign-type';
import { suggestAdContent } from './tools/suggest-ad-content';
import { applyLabels, createLabel, removeLabels } from './tools/labels';
import { assignSharedBudget, createSharedBudget, listSharedBudgets } from './tools/shared-budgets';
import { assignBiddingStrategy, createBiddingStrategy, listBiddingStrategies } from './tools/bidding-strategies';
import { getAdSchedule, setAdSchedule } from './tools/ad-schedule';
import { setBidModifiers } from './tools/bid-modifiers';
import {
  DISPLAY_ADD_TOOLS,
  DISPLAY_READ_SURFACES,
  displayCriteriaAddTool,
  displayCriteriaReadTool,
  removeDisplayCriteria,
} from './tools/display-criteria';
import { updateDisplayDemographics } from './tools/update-display-demographics';
import { addDisplayAd, updateDisplayAdCreative } from './tools/display-ads';
import { addDisplayAdGroup, getDisplayAdGroupSettings, updateDisplayAdGroup } from './tools/display-ad-groups';
import { createDisplayCampaign, updateDisplayCampaignSchedule, updateDisplayFrequencyCaps } from './tools/display-campaigns';
import {
  addNegativeKeywordListKeywords,
  attachNegativeKeywordList,
  createNegativeKeywordList,
  detachNegativeKeywordList,
  listNegativeKeywordLists,
  removeNegativeKeywordListKeywords,
} from './tools/negative-keyword-lists';
import { createCustomerMatchList, listUserLists } from './tools/user-lists';
import { createExperiment, listExperiments } from './tools/experiments';
import { RECOMMENDATION_TOOLS } from './tools/recommendations';
import { getChangeHistory } from './tools/change-history';
import { addPmaxAssetGroup, getPmaxAssetGroups, removePmaxAssetGroup, updatePmaxAssetGroup } from './tools/pmax-asset-groups';
import { ADD_LINK_TOOLS, LIST_LINK_TOOLS, REMOVE_LINK_TOOLS, addLinksTool, listLinksTool, removeLinksTool } from './tools/pmax-asset-links';
import {
  SIGNAL_LIST_TOOLS,
  addPmaxAudienceSignal,
  addPmaxSearchThemes,
  removePmaxAudienceSignal,
  removePmaxSearchThemes,
  signalListTool,
} from './tools/pmax-signals';
import { addAssetGroupListingFilter, getAssetGroupListingFilters, removeAssetGroupListingFilter } from './tools/listing-filters';
import { getPmaxAssetPerformance } from './tools/get-pmax-asset-performance';
import { createPmaxCampaign } from './tools/create-pmax-campaign';
import { discoverExistingAssets, helpUserUpload, validateAndPrepareAssets } from './tools/pmax-asset-prep';
import { getMerchantFeedLinks, linkMerchantFeed, unlinkMerchantFeed } from './tools/merchant-links';
import { addShoppingAdGroup, addShoppingProductAd, getShoppingSettings } from './tools/shopping';
import { addProductGroup, getProductGroups, removeProductGroup, updateProductGroup } from './tools/product-groups';
import {
  addDemandGenAd,
  addDemandGenAdGroup,
  getDemandGenAudiences,
  getDemandGenChannelControls,
  replaceDemandGenAudiences,
  updateDemandGenChannelControls,
} from './tools/demand-gen';
import { createAppCampaign, createDemandGenCampaign, createShoppingCampaign, createVideoCampaign } from './tools/channel-campaigns';

/** The searchads platform: search and display advertising. */
export const searchads = definePlatform<SearchAdsPort>({
  conversionTrackingNotRead: "the gateway does not read searchads conversion actions yet; check them in the platform's conversions page.",
  campaignFigures: searchAdsCampaignFigures,
  word: 'searchads',
  title: 'Search and display advertising platform (tools without a platform word in their name belong here)',
  account: SEARCHADS_ACCOUNT,
  exampleAccountIds: ['1234567890', '9876543210'],
  adapters: SEARCHADS_ADAPTERS,
  kind: 'search and display advertising',
  tools: [
    // Read
    listCampaigns,
    listAdGroups,
    getCampaignStructure,
    getCampaignTargeting,
    getCampaignLabels,
    getDisplayFrequencyCaps,
    listCallAssets,
    searchAudiences,
    listSearchAdsLanguages,
    resolveSearchAdsLocations,
    ...REPORT_TOOLS.map(reportTool),
    analyzeSearchTerms,
    analyzeWastedSpend,
    getAdCreative,
    listCampaignExtensions,
    listNegativeKeywordLists,
    explainPerformanceAnomaly,
    optimizeBudgetAllocation,
    getBenchmarkContext,
    selectSearchAdsCampaignType,
    suggestAdContent,
    listConversionActions,
    getConversionActionPerformance,
    researchKeywords,
    listSharedBudgets,
    listBiddingStrategies,
    getAdSchedule,
    listUserLists,
    listExperiments,
    getChangeHistory,
    // Performance Max (read)
    getPmaxAssetGroups,
    ...LIST_LINK_TOOLS.map(listLinksTool),
    getPmaxAssetPerformance,
    ...SIGNAL_LIST_TOOLS.map(signalListTool),
    getAssetGroupListingFilters,
    helpUserUpload,
    discoverExistingAssets,
    ...DISPLAY_READ_SURFACES.map(displayCriteriaReadTool),
    getDisplayAdGroupSettings,
    // Write
    updateCampaign,
    updateCampaignDates,
    addCalloutExtensions,
    addAdGroupAudiences,
    removeCallAssets,
    resumeAdGroup,
    ...STATUS_TOOLS.map(statusTool),
    ...KEYWORD_LIST_TOOLS.map(keywordListTool),
    removeNegativeKeywords,
    updateKeyword,
    updateCampaignBudget,
    updateBidStrategy,
    createAd,
    addSearchCampaignImage,
    createSearchCampaign,
    ...AD_COPY_TOOLS.map(adCopyTool),
    ...ATTACH_TOOLS.map(attachTool),
    ...DETACH_TOOLS.map(detachTool),
    createNegativeKeywordList,
    addNegativeKeywordListKeywords,
    removeNegativeKeywordListKeywords,
    attachNegativeKeywordList,
    detachNegativeKeywordList,
    createLabel,
    applyLabels,
    removeLabels,
    createSharedBudget,
    assignSharedBudget,
    createBiddingStrategy,
    assignBiddingStrategy,
    setAdSchedule,
    setBidModifiers,
    createCustomerMatchList,
    createExperiment,
    ...RECOMMENDATION_TOOLS,
    // Performance Max (write)
    createPmaxCampaign,
    addPmaxAssetGroup,
    updatePmaxAssetGroup,
    removePmaxAssetGroup,
    ...ADD_LINK_TOOLS.map(addLinksTool),
    ...REMOVE_LINK_TOOLS.map(removeLinksTool),
    addPmaxAudienceSignal,
    removePmaxAudienceSignal,
    addPmaxSearchThemes,
    removePmaxSearchThemes,
    addAssetGroupListingFilter,
    removeAssetGroupListingFilter,
    validateAndPrepareAssets,
    // Shopping, App, Demand Gen and video campaigns
    getShoppingSettings,
    getProductGroups,
    getMerchantFeedLinks,
    getDemandGenAudiences,
    getDemandGenChannelControls,
    createShoppingCampaign,
    addShoppingAdGroup,
    addShoppingProductAd,
    addProductGroup,
    updateProductGroup,
    removeProductGroup,
    linkMerchantFeed,
    unlinkMerchantFeed,
    createAppCampaign,
    createDemandGenCampaign,
    createVideoCampaign,
    addDemandGenAdGroup,
    addDemandGenAd,
    replaceDemandGenAudiences,
    updateDemandGenChannelControls,
    // Display
    createDisplayCampaign,
    updateDisplayCampaignSchedule,
    updateDisplayFrequencyCaps,
    addDisplayAdGroup,
    updateDisplayAdGroup,
    addDisplayAd,
    updateDisplayAdCreative,
    ...DISPLAY_ADD_TOOLS.map(displayCriteriaAddTool),
    updateDisplayDemographics,
    removeDisplayCriteria,
  ],
  newSandboxAccountId: () => digits(10),
  seedSandbox: seedSearchAdsAccount,
  connector: searchAdsConnector,
  async findOpportunities(port, account, now) {
    const { start, end } = opportunityWindow(now, account);
    const customer_id = account.account_id;
    // Waste: exactly the rows analyze_wasted_spend lists with an action over the window, with its defaults (./tools/waste.ts).
    const waste = await findSearchAdsWaste(port, account.currency, { start, end, today: addDays(end, 1) });
    const cuts: Opportunity[] = waste.findings.map((f) => ({
      platform: 'searchads',
      account_id: customer_id,
      kind: 'cut_waste',
      title: `Pause ${f.level === 'campaign' ? `campaign "${f.name}"` : `keyword "${f.name}" in "${f.campaign_name}"`}: ${f.reason} (${start} to ${end}, as analyze_wasted_spend shows)`,
      monthly_value: f.wasted_spend,
      tool: f.action.tool,
      arguments: { customer_id, ...f.action.arguments },
      ...(f.level === 'campaign' ? { current: { status: 'ENABLED' } } : {}),
    }));
    // Winners: the figures list_campaigns, reports and monitors show (one source), and the daily rows with each
    // day's budget that optimize_budget_allocation judges "limited" on (core/budget-limited.ts).
    // (read once: the campaigns and the campaign report the waste analysis read)
    const { campaigns: all, campaignRows: report } = waste.read;
    const shared = await port.listSharedBudgets();
    const byId = new Map(campaignFiguresFrom(all, report).map((c) => [c.id, c.figures]));
    const poolOf = (id: string) => shared.find((b) => b.campaign_ids.includes(id))?.id;
    // Campaigns that run now, judged on conversions: video campaigns are judged on views, not scaled on
    // conversions; an ended or not yet started campaign has nothing to scale.
    const campaigns = all.filter(
      (c) => c.status === 'ENABLED' && c.type !== 'VIDEO' && c.start_date <= end && (!c.end_date || c.end_date > end),
    );
    // Never more budget for what the waste analysis lists, nor for a shared budget one of its campaigns draws from.
    const listed = new Set([...waste.campaigns, ...waste.high_cost_campaigns].map((c) => c.id));
    const wastedPools = new Set([...listed].flatMap((id) => poolOf(id) ?? []));
    const wasting = new Set(campaigns.filter((c) => listed.has(c.id) || wastedPools.has(poolOf(c.id) ?? '')).map((c) => c.id));
    // A campaign on a shared budget is judged with the spend of every campaign on it (core/budget-limited.ts).
    const pooled = withSharedBudgetSpend(report);
    const winners = findWinners(
      'searchads',
      account,
      campaigns.map((c) => {
        const days = budgetDaysOf(
          pooled.filter((r) => r.campaign_id === c.id),
          c.budget_amount,
        );
        return { id: c.id, name: c.name, figures: byId.get(c.id)!, budget: { today: c.budget_amount, pool: poolOf(c.id), ...days } };
      }),
      (c, budget) => ({ tool: 'update_campaign', arguments: { customer_id, campaign_id: c.id, budget_amount: budget } }),
      wasting,
    );
    return [...cuts, ...winners];
  },
});
