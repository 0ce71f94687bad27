/**
 * The entity kinds of the searchads sandbox (the sort-key prefixes of its store) and how the stored
 * entities read as the port's: without the sandbox's own fields (performance tier, start date,
 * budget and portfolio links, creation times). Families add their own kinds (BIDDING_KIND,
 * AUDIENCE_KIND, SHOPPING_KIND, PMAX_KIND beside their family).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import type {
  SearchAdsAccountSettings,
  SearchAdsAd,
  SearchAdsAdGroup,
  SearchAdsCampaign,
  SearchAdsKeyword,
  SearchAdsListNegativeKeyword,
  SearchAdsNegativeKeyword,
  SearchAdsNegativeKeywordList,
} from '../port-types';
import { portCampaign } from './bidding';
import type { StoredAd, StoredAdGroup, StoredCampaign, StoredKeyword, StoredNegative } from './delivery';

/** Entity kinds of the searchads sandbox's own entities (the sort-key prefixes). */
export const KIND = {
  settings: 'settings',
  campaign: 'campaign',
  adGroup: 'ad_group',
  ad: 'ad',
  keyword: 'keyword',
  negativeKeyword: 'negative_keyword',
  campaignCriterion: 'campaign_criterion',
  asset: 'asset',
  campaignAsset: 'campaign_asset',
  label: 'label',
  negativeList: 'negative_list',
  audience: 'audience',
  conversionAction: 'conversion_action',
  adGroupCriterion: 'ad_group_criterion',
  adSchedule: 'ad_schedule',
} as const;

export const SETTINGS_ID = 'account';

/** A campaign as the port shows it: without the sandbox's own fields (performance tier, budget and portfolio links, creation time). */
export const campaignOf = ({ created_at: _created, ...campaign }: StoredCampaign & { created_at?: string }): SearchAdsCampaign =>
  portCampaign(campaign);
export const adGroupOf = ({ performance: _performance, start_date: _start, ...group }: StoredAdGroup): SearchAdsAdGroup => group;
export const keywordOf = ({ performance: _performance, start_date: _start, ...keyword }: StoredKeyword): SearchAdsKeyword => keyword;
/** An ad as the port shows it (a responsive display ad's own parts are read with getDisplayAd). */
export const adOf = ({ start_date: _start, display: _display, ...ad }: StoredAd & { display?: unknown }): SearchAdsAd => ad;
/** A shared list as stored: its keywords with when each was added, and when it was applied to each campaign. */
export type StoredNegativeList = Omit<SearchAdsNegativeKeywordList, 'keywords'> & {
  keywords: (SearchAdsListNegativeKeyword & { created_at?: string })[];
  attached: Record<string, string>;
};
export const negativeListOf = ({ attached: _attached, keywords, ...list }: StoredNegativeList): SearchAdsNegativeKeywordList => ({
  ...list,
  keywords: keywords.map(({ created_at: _at, ...k }) => k),
});
export const negativeOf = ({ created_at: _created, ...negative }: StoredNegative): SearchAdsNegativeKeyword => negative;

/** The account settings of an account nobody changed. */
export function defaultSettings(account: ConnectedAccount): SearchAdsAccountSettings {
  return {
    id: SETTINGS_ID,
    customer_id: account.account_id,
    descriptive_name: account.name,
    currency_code: account.currency,
    time_zone: account.time_zone,
    is_partner_account: false,
  };
}
