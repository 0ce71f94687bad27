/**
 * The retailads creators, in registry order: ad groups (a list create), Sponsored Products / Brands /
 * Display campaigns (multi-step: each step checkpointed with ctx.step so a retry resumes without
 * duplicates), Sponsored Brands ads and new creative versions (moderated), and the moderation reader.
 * Campaigns start PAUSED unless state ENABLED is asked for (always PAUSED under the "create paused"
 * guardrail).
 */
import { createRetailAdsAdGroups } from './create-ad-groups';
import { createRetailAdsSpCampaign } from './sponsored-products-creates';
import { createRetailAdsSbCampaign } from './sponsored-brands-creates';
import { createRetailAdsSbAd, getRetailAdsModeration, updateRetailAdsSbCreative } from './sponsored-brands-ads';
import { createRetailAdsSdCampaign } from './sponsored-display-creates';

export const createTools = [
  createRetailAdsAdGroups,
  createRetailAdsSpCampaign,
  createRetailAdsSbCampaign,
  createRetailAdsSbAd,
  updateRetailAdsSbCreative,
  getRetailAdsModeration,
  createRetailAdsSdCampaign,
];
