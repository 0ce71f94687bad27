/**
 * The searchads port's conversion and planning resources (conversion actions, their figures, and
 * keyword ideas), shaped after the platform's `conversion_action` resource, its reports segmented by
 * `segments.conversion_action`, and its keyword planning idea service.
 */
export interface SearchAdsInsightsPort {
  /** Conversion actions of the account, removed ones left out. */
  listConversionActions(): Promise<SearchAdsConversionAction[]>;
  /**
   * Daily conversions per campaign and conversion action over [start, end], as a campaign report
   * segmented by conversion action returns them: `conversions` counts primary actions only (their
   * rows add up to the campaign report's conversions), `all_conversions` every action.
   */
  getConversionReport(start: string, end: string): Promise<SearchAdsConversionRow[]>;
  /** Keyword ideas with search volumes and bid ranges for seeds (keywords, a page URL or both). */
  generateKeywordIdeas(request: SearchAdsKeywordIdeaRequest): Promise<SearchAdsKeywordIdea[]>;
}

export type SearchAdsConversionCategory =
  | 'PURCHASE'
  | 'LEAD'
  | 'SIGNUP'
  | 'ADD_TO_CART'
  | 'BEGIN_CHECKOUT'
  | 'PAGE_VIEW'
  | 'CONTACT'
  | 'SUBMIT_LEAD_FORM'
  | 'PHONE_CALL_LEAD'
  | 'BOOK_APPOINTMENT'
  | 'REQUEST_QUOTE'
  | 'GET_DIRECTIONS'
  | 'QUALIFIED_LEAD'
  | 'CONVERTED_LEAD'
  | 'DOWNLOAD'
  | 'SUBSCRIBE_PAID'
  | 'STORE_VISIT'
  | 'DEFAULT';

export interface SearchAdsConversionAction {
  id: string;
  name: string;
  category: SearchAdsConversionCategory;
  /** How conversions are measured: WEBPAGE (site tag), UPLOAD_CLICKS (offline import), AD_CALL, WEBSITE_CALL, GOOGLE_ANALYTICS_4_*... */
  type: string;
  status: 'ENABLED' | 'HIDDEN';
  /** Primary actions count in `conversions` and steer bidding; secondary ones only in `all_conversions`. */
  primary_for_goal: boolean;
  counting_type: 'ONE_PER_CLICK' | 'MANY_PER_CLICK';
  click_through_lookback_window_days: number;
  default_value?: number;
  always_use_default_value: boolean;
}

export interface SearchAdsConversionRow {
  date: string;
  campaign_id: string;
  conversion_action_id: string;
  conversions: number;
  conversions_value: number;
  all_conversions: number;
  all_conversions_value: number;
}

export interface SearchAdsKeywordIdeaRequest {
  keywords?: string[];
  url?: string;
  /** Language constant id (`1000` = English). */
  language_id: string;
  /** Geo target constant ids; empty = everywhere. */
  geo_target_ids: string[];
  /** Include the partner search network in volumes. */
  include_partners: boolean;
  limit: number;
}

export interface SearchAdsKeywordIdea {
  text: string;
  avg_monthly_searches: number;
  competition: 'LOW' | 'MEDIUM' | 'HIGH' | 'UNSPECIFIED';
  /** 0-100. */
  competition_index: number | null;
  /** Top-of-page bid range in account currency. */
  low_top_of_page_bid: number | null;
  high_top_of_page_bid: number | null;
  /** Searches per month, oldest first (`YYYY-MM`). */
  monthly_searches: { month: string; searches: number }[];
}
