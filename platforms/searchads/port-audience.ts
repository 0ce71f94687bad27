/**
 * searchads port, family D2: user lists and Customer Match uploads, experiments, recommendations and
 * the change history, shaped after the platform's resources (user_list, offline_user_data_job,
 * experiment, experiment_arm, recommendation, change_event). SearchAdsPort extends this interface.
 */

/** user_list.type. */
export type SearchAdsUserListType = 'RULE_BASED' | 'CRM_BASED' | 'LOGICAL' | 'SIMILAR';

/** A user list (remarketing or Customer Match list): the `user_list` resource. */
export interface SearchAdsUserList {
  id: string;
  /** `customers/<cid>/userLists/<id>`. */
  resource_name: string;
  name: string;
  description?: string;
  type: SearchAdsUserListType;
  /** OPEN lists take new members; CLOSED ones keep their members but add none. */
  membership_status: 'OPEN' | 'CLOSED';
  /** Days a member stays on the list (1-540), or 10000 for no expiry. */
  membership_life_span: number;
  /** Approximate active users on Search and on Display (the platform rounds them). */
  size_for_search: number;
  size_for_display: number;
  /** Whether Search campaigns may target the list (eligible_for_search). */
  eligible_for_search: boolean;
  /** CRM_BASED lists: crm_based_user_list.upload_key_type. */
  upload_key_type?: 'CONTACT_INFO' | 'CRM_ID' | 'MOBILE_ADVERTISING_ID';
}

export interface NewSearchAdsCustomerMatchList {
  name: string;
  description?: string;
  membership_life_span: number;
}

/** The consent of the people uploaded (offline_user_data_job ... consent: ad_user_data, ad_personalization). */
export interface SearchAdsConsent {
  ad_user_data: 'GRANTED' | 'DENIED';
  ad_personalization: 'GRANTED' | 'DENIED';
}

/**
 * Members of a Customer Match upload, already normalised and SHA-256 hashed (hex) by the gateway:
 * the port never sees a raw email or phone number.
 */
export interface SearchAdsCustomerMatchMembers {
  hashed_emails: string[];
  hashed_phone_numbers: string[];
  consent: SearchAdsConsent;
}

/** An offline_user_data_job of type CUSTOMER_MATCH_USER_LIST. */
export interface SearchAdsOfflineUserDataJob {
  id: string;
  user_list_id: string;
  type: 'CUSTOMER_MATCH_USER_LIST';
  /** PENDING (created), RUNNING (run asked for), SUCCESS or FAILED. */
  status: 'PENDING' | 'RUNNING' | 'SUCCESS' | 'FAILED';
  /** User identifiers sent. */
  identifiers: number;
}

export type SearchAdsExperimentStatus = 'SETUP' | 'INITIATED' | 'ENABLED' | 'GRADUATED' | 'REMOVED' | 'HALTED' | 'PROMOTED';

/** One arm of an experiment (experiment_arm): the control runs the base campaign, the treatment a trial copy. */
export interface SearchAdsExperimentArm {
  name: string;
  control: boolean;
  /** Percent of the base campaign's traffic (the arms add up to 100). */
  traffic_split: number;
  /** Control: the base campaign. Treatment: the trial campaign once the experiment is scheduled. */
  campaign_id?: string;
}

/** The experiment resource (type SEARCH_CUSTOM). */
export interface SearchAdsExperiment {
  id: string;
  resource_name: string;
  name: string;
  description?: string;
  type: 'SEARCH_CUSTOM';
  status: SearchAdsExperimentStatus;
  start_date: string;
  end_date: string;
  /** Text appended to the base campaign's name to name the trial campaign. */
  suffix: string;
  arms: SearchAdsExperimentArm[];
}

export type NewSearchAdsExperiment = Pick<SearchAdsExperiment, 'name' | 'description' | 'start_date' | 'end_date' | 'suffix'>;

export type SearchAdsRecommendationType =
  'CAMPAIGN_BUDGET' | 'KEYWORD' | 'TARGET_CPA_OPT_IN' | 'RESPONSIVE_SEARCH_AD' | 'SITELINK_ASSET' | 'KEYWORD_MATCH_TYPE';

/** Figures of a recommendation's impact (recommendation.impact.base_metrics / potential_metrics), per week. */
export interface SearchAdsRecommendationMetrics {
  impressions: number;
  clicks: number;
  cost: number;
  conversions: number;
}

/** The recommendation resource: its type, what it is about, its impact and the change applying makes. */
export interface SearchAdsRecommendation {
  /** The id in the resource name `customers/<cid>/recommendations/<id>`. */
  id: string;
  resource_name: string;
  type: SearchAdsRecommendationType;
  campaign_id?: string;
  ad_group_id?: string;
  dismissed: boolean;
  impact: { base: SearchAdsRecommendationMetrics; potential: SearchAdsRecommendationMetrics };
  /**
   * campaign_budget_recommendation (account currency). On a shared budget the budget is the shared one
   * (`shared_budget`, with the campaigns on it): its campaigns together are limited by it.
   */
  campaign_budget?: {
    current_amount: number;
    recommended_amount: number;
    shared_budget?: { id: string; name: string; campaign_ids: string[] };
  };
  /** keyword_recommendation. */
  keyword?: { text: string; match_type: 'EXACT' | 'PHRASE' | 'BROAD'; recommended_cpc_bid?: number };
  /** target_cpa_opt_in_recommendation (account currency). */
  target_cpa_opt_in?: { target_cpa: number };
  /** keyword_match_type_recommendation: the existing keyword (in `ad_group_id`) and the broader match type. */
  keyword_match_type?: { text: string; match_type: 'EXACT' | 'PHRASE' | 'BROAD'; recommended_match_type: 'EXACT' | 'PHRASE' | 'BROAD' };
}

/** What applying does beyond the recommendation itself (apply parameters of the platform's apply operation). */
export interface SearchAdsApplyParameters {
  /** CAMPAIGN_BUDGET: the new amount (default the recommended one). */
  new_budget_amount?: number;
  /** TARGET_CPA_OPT_IN: the target (default the recommended one). */
  target_cpa?: number;
}

export type SearchAdsChangeResourceType =
  'CAMPAIGN' | 'CAMPAIGN_BUDGET' | 'AD_GROUP' | 'AD_GROUP_AD' | 'AD_GROUP_CRITERION' | 'CAMPAIGN_CRITERION' | 'ASSET' | 'CAMPAIGN_ASSET';

/** A change_event: one change to one resource. */
export interface SearchAdsChangeEvent {
  /** ISO timestamp (change_event.change_date_time). */
  change_date_time: string;
  change_resource_type: SearchAdsChangeResourceType;
  /** The changed resource's name (change_event.change_resource_name). */
  change_resource_name: string;
  resource_change_operation: 'CREATE' | 'UPDATE' | 'REMOVE';
  /** snake_case field paths (change_event.changed_fields); money fields without `_micros`, in account currency. */
  changed_fields: string[];
  old_values: Record<string, unknown>;
  new_values: Record<string, unknown>;
  user_email: string;
  /** GOOGLE_ADS_WEB_CLIENT, GOOGLE_ADS_API, GOOGLE_ADS_AUTOMATED_RULE, ... */
  client_type: string;
  campaign_id?: string;
  ad_group_id?: string;
}

/** The change history reaches back this many days at most (change_event). */
export const CHANGE_HISTORY_DAYS = 30;
/** At most this many change events per query (change_event needs a LIMIT of at most 10,000). */
export const CHANGE_HISTORY_LIMIT = 10_000;

export interface SearchAdsAudiencePort {
  /** User lists of the account (user_list). */
  listUserLists(): Promise<SearchAdsUserList[]>;
  /** Creates a CRM_BASED user list with upload key type CONTACT_INFO (user_list create). */
  createCustomerMatchList(list: NewSearchAdsCustomerMatchList): Promise<SearchAdsUserList>;
  /**
   * Uploads hashed members to a Customer Match list: creates an offline user data job of type
   * CUSTOMER_MATCH_USER_LIST with the consent, adds the identifiers, and runs it.
   */
  uploadCustomerMatchMembers(userListId: string, members: SearchAdsCustomerMatchMembers): Promise<SearchAdsOfflineUserDataJob>;

  listExperiments(): Promise<SearchAdsExperiment[]>;
  /** Creates an experiment in SETUP (experiment create). */
  createExperiment(experiment: NewSearchAdsExperiment): Promise<SearchAdsExperiment>;
  /** Creates the arms (experiment_arm): the control names the base campaign, the treatment gets a draft copy. */
  createExperimentArms(experimentId: string, arms: SearchAdsExperimentArm[]): Promise<SearchAdsExperiment>;
  /** Schedules it (ScheduleExperiment): the trial campaign is made, the experiment goes INITIATED → ENABLED at its start. */
  scheduleExperiment(experimentId: string): Promise<SearchAdsExperiment>;

  /** Recommendations, dismissed ones included (flagged). */
  listRecommendations(): Promise<SearchAdsRecommendation[]>;
  /** Applies a recommendation (its change happens on the account). */
  applyRecommendation(recommendationId: string, parameters?: SearchAdsApplyParameters): Promise<void>;
  dismissRecommendation(recommendationId: string): Promise<void>;

  /** Change events from `from` (inclusive) to `to` (exclusive), ISO timestamps, newest first, at most `limit`. */
  listChangeEvents(from: string, to: string, limit: number): Promise<SearchAdsChangeEvent[]>;
}
