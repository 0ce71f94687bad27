/** The deskads sandbox's store kinds, account ids, and the entities as stored (with what never leaves the adapter). */
import { digits } from '../../sandbox/ids';
import type { PerformanceTier } from '../../sandbox/metrics';
import type { DeskAdsAd, DeskAdsCampaign, DeskAdsKeyword, DeskAdsNegativeKeyword, DeskAdsProduct } from '../port';
import type { DeskAdsBudget, DeskAdsCampaignSettings } from '../port-rest';

/** Entity kinds of the deskads sandbox (the sort-key prefixes). */
export const KIND = {
  account: 'account',
  goal: 'conversion_goal',
  tag: 'uet_tag',
  product: 'product',
  campaign: 'campaign',
  adGroup: 'ad_group',
  keyword: 'keyword',
  negative: 'negative_keyword',
  ad: 'ad',
  extension: 'ad_extension',
  dismissed: 'dismissed_recommendation',
  budget: 'budget',
  store: 'merchant_store',
  partition: 'product_partition',
  audience: 'audience',
  audienceCriterion: 'audience_criterion',
  audienceSetting: 'audience_target_setting',
  productAd: 'product_ad',
} as const;
export const ACCOUNT_INFO_ID = 'info';

/** A new sandbox AccountId, shaped like the real platform's (nine digits). */
export const newDeskAdsAccountId = () => `1${digits(8)}`;

/**
 * What the sandbox stores of a product: the product, the tier its simulated figures come from and
 * its offer review status (a disapproved offer does not serve).
 */
export type StoredProduct = DeskAdsProduct & { performance: PerformanceTier; offer_status?: 'Approved' | 'Disapproved' };

/** A campaign: shopping and Performance Max campaigns serve products, search campaigns keywords. */
export type StoredCampaign = DeskAdsCampaign & DeskAdsCampaignSettings;
/** A shared budget as stored: the campaigns that use it are those whose budget_id names it. */
export type StoredBudget = Omit<DeskAdsBudget, 'campaign_ids'>;
/** A keyword and the tier its simulated demand comes from. */
export type StoredKeyword = DeskAdsKeyword & { performance: PerformanceTier };

/** An ad as stored: the outcome of its editorial review and when the review is done (Pending until then). */
export type StoredAd = Omit<DeskAdsAd, 'editorial_status' | 'editorial_reason'> & {
  review_done_at: string;
  review_outcome: 'Approved' | 'Disapproved';
  review_reason: string | null;
};

/** A negative keyword as stored: removal keeps it, with the moment, so past days keep their blocking. */
export type StoredNegative = DeskAdsNegativeKeyword & { created_at: string; deleted_at?: string };
