import type { SearchAdsLabel } from './port-types';

/**
 * Labels, shared budgets, portfolio bidding strategies, ad schedules and bid modifiers: the part
 * of the searchads port shaped after the platform's `label`, `campaign_label` / `ad_group_label` /
 * `ad_group_ad_label` / `ad_group_criterion_label`, `campaign_budget` (explicitly shared),
 * `bidding_strategy` (portfolio) and `campaign_criterion` (AD_SCHEDULE, DEVICE, LOCATION
 * `bid_modifier`) resources.
 */
export interface SearchAdsBiddingPort {
  /** Creates a text label (`label.text_label`); returns it with the id the platform assigned. */
  createLabel(label: NewSearchAdsLabel): Promise<SearchAdsLabel>;
  /** Every label ↔ entity link of the account (campaign_label, ad_group_label, ad_group_ad_label, ad_group_criterion_label). */
  listLabelLinks(): Promise<SearchAdsLabelLink[]>;
  addLabelLinks(links: SearchAdsLabelLink[]): Promise<void>;
  removeLabelLinks(links: SearchAdsLabelLink[]): Promise<void>;

  /** Explicitly shared campaign budgets (not removed), with the campaigns (not removed) that use each. */
  listSharedBudgets(): Promise<SearchAdsSharedBudget[]>;
  createSharedBudget(budget: NewSearchAdsSharedBudget): Promise<SearchAdsSharedBudget>;
  /** Points a campaign's `campaign_budget` at a shared budget; its daily budget is then the shared amount. */
  moveCampaignToBudget(campaignId: string, budgetId: string): Promise<void>;

  /** Portfolio bidding strategies (not removed), with the campaigns (not removed) that use each. */
  listBiddingStrategies(): Promise<SearchAdsBiddingStrategy[]>;
  createBiddingStrategy(strategy: NewSearchAdsBiddingStrategy): Promise<SearchAdsBiddingStrategy>;
  /** Sets `campaign.bidding_strategy` (a portfolio); the campaign's own standard strategy ends. */
  assignBiddingStrategy(campaignId: string, strategyId: string): Promise<void>;

  /** AD_SCHEDULE campaign criteria of a campaign. */
  listAdSchedules(campaignId: string): Promise<SearchAdsAdSchedule[]>;
  /** Removes, creates and re-bids AD_SCHEDULE criteria of one campaign in one request. */
  changeAdSchedules(campaignId: string, change: SearchAdsAdScheduleChange): Promise<void>;
  /** DEVICE campaign criteria of a campaign (a device without one has no modifier). */
  listDeviceModifiers(campaignId: string): Promise<SearchAdsDeviceModifier[]>;
  /** Sets device bid modifiers (0 = the device is excluded) and modifiers of location criteria the campaign has. */
  setBidModifiers(campaignId: string, modifiers: SearchAdsBidModifiers): Promise<void>;
}

export interface NewSearchAdsLabel {
  name: string;
  description?: string;
  /** `#RRGGBB`. */
  background_color: string;
}

export type SearchAdsLabelEntity = 'campaign' | 'ad_group' | 'ad' | 'keyword';

export interface SearchAdsLabelLink {
  label_id: string;
  entity_type: SearchAdsLabelEntity;
  /** The entity's id as the port gives it (keywords: `<ad group>~<criterion>` on live accounts). */
  entity_id: string;
}

export interface SearchAdsSharedBudget {
  id: string;
  name: string;
  /** Daily amount in account currency. */
  amount: number;
  delivery_method: 'STANDARD' | 'ACCELERATED';
  campaign_ids: string[];
}

export type NewSearchAdsSharedBudget = Pick<SearchAdsSharedBudget, 'name' | 'amount'>;

export type PortfolioStrategyType =
  'TARGET_CPA' | 'TARGET_ROAS' | 'MAXIMIZE_CONVERSIONS' | 'MAXIMIZE_CONVERSION_VALUE' | 'TARGET_IMPRESSION_SHARE' | 'TARGET_SPEND';
export type ImpressionShareLocation = 'ANYWHERE_ON_PAGE' | 'TOP_OF_PAGE' | 'ABSOLUTE_TOP_OF_PAGE';

export interface SearchAdsBiddingStrategy {
  id: string;
  name: string;
  type: PortfolioStrategyType;
  /** TARGET_CPA, MAXIMIZE_CONVERSIONS (optional there); account currency. */
  target_cpa?: number;
  /** TARGET_ROAS, MAXIMIZE_CONVERSION_VALUE (optional there); ratio, 4 = 400 %. */
  target_roas?: number;
  /** TARGET_IMPRESSION_SHARE: where on the page, and the share of auctions (0.01-1). */
  location?: ImpressionShareLocation;
  location_fraction?: number;
  /** Highest CPC the strategy may bid (TARGET_CPA, TARGET_ROAS, TARGET_IMPRESSION_SHARE, TARGET_SPEND). */
  cpc_bid_ceiling?: number;
  /** Lowest CPC (TARGET_CPA, TARGET_ROAS). */
  cpc_bid_floor?: number;
  campaign_ids: string[];
}

export type NewSearchAdsBiddingStrategy = Omit<SearchAdsBiddingStrategy, 'id' | 'campaign_ids'>;

export type DayOfWeek = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
export type MinuteOfHour = 'ZERO' | 'FIFTEEN' | 'THIRTY' | 'FORTY_FIVE';

export interface SearchAdsAdSchedule {
  criterion_id: string;
  day_of_week: DayOfWeek;
  start_hour: number;
  start_minute: MinuteOfHour;
  /** 0-24; 24:ZERO is the end of the day. */
  end_hour: number;
  end_minute: MinuteOfHour;
  /** 1 = no change. */
  bid_modifier?: number;
}

export type NewSearchAdsAdSchedule = Omit<SearchAdsAdSchedule, 'criterion_id'>;

export interface SearchAdsAdScheduleChange {
  remove: string[];
  add: NewSearchAdsAdSchedule[];
  /** New bid modifiers of criteria that stay. */
  rebid: { criterion_id: string; bid_modifier: number }[];
}

export type SearchAdsDevice = 'MOBILE' | 'DESKTOP' | 'TABLET';

export interface SearchAdsDeviceModifier {
  criterion_id: string;
  device: SearchAdsDevice;
  bid_modifier: number;
}

export interface SearchAdsBidModifiers {
  devices: { device: SearchAdsDevice; bid_modifier: number }[];
  /** Location criteria by criterion id (the geo target constant id). */
  locations: { criterion_id: string; bid_modifier: number }[];
}

/** The platform's criterion ids of the device criteria. */
export const DEVICE_CRITERION_IDS: Record<SearchAdsDevice, string> = { DESKTOP: '30000', MOBILE: '30001', TABLET: '30002' };
