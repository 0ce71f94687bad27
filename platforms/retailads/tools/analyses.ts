/**
 * The retailads report readers (campaign, product, purchased-product and search-term performance,
 * as data over one reader) and analyses (targeting, wasted spend, bid and budget advice, budget
 * usage and reallocation), in registry order. Every piece of advice names the write tool that
 * carries it out, and no advice loses money: an ACOS above the target never gets a bid or budget raise.
 */
import {
  getRetailAdsCampaignPerformance,
  getRetailAdsProductPerformance,
  getRetailAdsPurchasedProducts,
  getRetailAdsSearchTerms,
} from './performance-readers';
import {
  analyzeRetailAdsTargeting,
  getRetailAdsBidRecommendations,
  getRetailAdsSbBidRecommendations,
  getRetailAdsSbKeywordRecommendations,
} from './bid-advice';
import { analyzeRetailAdsWastedSpend } from './wasted-spend';
import { getRetailAdsBudgetRecommendations, getRetailAdsBudgetUsage, optimizeRetailAdsBudget } from './budget-advice';
import { listRetailAdsBrands } from './list-brands';

export const analysisTools = [
  getRetailAdsCampaignPerformance,
  getRetailAdsProductPerformance,
  getRetailAdsPurchasedProducts,
  getRetailAdsSearchTerms,
  analyzeRetailAdsTargeting,
  getRetailAdsBidRecommendations,
  getRetailAdsSbBidRecommendations,
  getRetailAdsSbKeywordRecommendations,
  analyzeRetailAdsWastedSpend,
  getRetailAdsBudgetUsage,
  getRetailAdsBudgetRecommendations,
  optimizeRetailAdsBudget,
  listRetailAdsBrands,
];
