/**
 * The members of the platform's JSON the deskads live adapter reads, typed after the platform's
 * published REST models (test/fakes/deskads-fields.json lists them all): 64-bit ids are strings,
 * amounts are numbers in account currency, enums are their names, dates of ad groups are
 * `{ Year, Month, Day }` and those of campaigns date-times. Every member may be missing or null.
 */

type Maybe<T> = T | null | undefined;

export interface WireDate {
  Year?: Maybe<number>;
  Month?: Maybe<number>;
  Day?: Maybe<number>;
}

export interface WireBid {
  Amount?: Maybe<number>;
}

export interface WireSetting {
  Type?: Maybe<string>;
  StoreId?: Maybe<string>;
  SalesCountryCode?: Maybe<string>;
  Priority?: Maybe<number>;
  Details?: Maybe<{ CriterionTypeGroup?: Maybe<string>; TargetAndBid?: Maybe<boolean> }[]>;
}

export interface WireCampaign {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Status?: Maybe<string>;
  CampaignType?: Maybe<string>;
  DailyBudget?: Maybe<number>;
  BudgetType?: Maybe<string>;
  BudgetId?: Maybe<string>;
  BiddingScheme?: Maybe<{ Type?: Maybe<string>; TargetCpa?: Maybe<number> }>;
  Languages?: Maybe<string[]>;
  StartDate?: Maybe<string>;
  EndDate?: Maybe<string>;
  Settings?: Maybe<WireSetting[]>;
}

export interface WireAdGroup {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Status?: Maybe<string>;
  CpcBid?: Maybe<WireBid>;
  Network?: Maybe<string>;
  StartDate?: Maybe<WireDate>;
  EndDate?: Maybe<WireDate>;
  Settings?: Maybe<WireSetting[]>;
}

export interface WireKeyword {
  Id?: Maybe<string>;
  Text?: Maybe<string>;
  MatchType?: Maybe<string>;
  Bid?: Maybe<WireBid>;
  Status?: Maybe<string>;
  FinalUrls?: Maybe<string[]>;
}

export interface WireNegativeKeyword {
  Id?: Maybe<string>;
  Text?: Maybe<string>;
  MatchType?: Maybe<string>;
}

export interface WireEntityNegativeKeywords {
  EntityId?: Maybe<string>;
  EntityType?: Maybe<string>;
  NegativeKeywords?: Maybe<WireNegativeKeyword[]>;
}

export interface WireAssetLink {
  Asset?: Maybe<{ Text?: Maybe<string> }>;
}

export interface WireAd {
  Id?: Maybe<string>;
  Type?: Maybe<string>;
  Status?: Maybe<string>;
  EditorialStatus?: Maybe<string>;
  Headlines?: Maybe<WireAssetLink[]>;
  Descriptions?: Maybe<WireAssetLink[]>;
  Path1?: Maybe<string>;
  Path2?: Maybe<string>;
  FinalUrls?: Maybe<string[]>;
}

export interface WireAdExtension {
  Id?: Maybe<string>;
  Type?: Maybe<string>;
  Status?: Maybe<string>;
  Text?: Maybe<string>;
  DisplayText?: Maybe<string>;
  Description1?: Maybe<string>;
  Description2?: Maybe<string>;
  FinalUrls?: Maybe<string[]>;
}

export interface WireAdExtensionAssociation {
  EntityId?: Maybe<string>;
  AdExtension?: Maybe<WireAdExtension>;
}

export interface WireCriterion {
  Id?: Maybe<string>;
  Type?: Maybe<string>;
  Status?: Maybe<string>;
  Criterion?: Maybe<{
    Type?: Maybe<string>;
    AudienceId?: Maybe<string>;
    AudienceType?: Maybe<string>;
    PartitionType?: Maybe<string>;
    Condition?: Maybe<{ Operand?: Maybe<string>; Attribute?: Maybe<string> }>;
  }>;
  CriterionBid?: Maybe<{ Type?: Maybe<string>; Amount?: Maybe<number>; Multiplier?: Maybe<number> }>;
}

export interface WireBudget {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Amount?: Maybe<number>;
  BudgetType?: Maybe<string>;
}

export interface WireStore {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  IsActive?: Maybe<boolean>;
  IsProductAdsEnabled?: Maybe<boolean>;
}

export interface WireGoal {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Type?: Maybe<string>;
  Status?: Maybe<string>;
  TrackingStatus?: Maybe<string>;
  TagId?: Maybe<string>;
  Revenue?: Maybe<{ Type?: Maybe<string>; Value?: Maybe<number>; CurrencyCode?: Maybe<string> }>;
  CountType?: Maybe<string>;
  ConversionWindowInMinutes?: Maybe<number>;
  GoalCategory?: Maybe<string>;
  Scope?: Maybe<string>;
}

export interface WireUetTag {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  TrackingStatus?: Maybe<string>;
}

export interface WireAudience {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Type?: Maybe<string>;
  Description?: Maybe<string>;
  MembershipDuration?: Maybe<number>;
  SearchSize?: Maybe<string>;
  AudienceNetworkSize?: Maybe<string>;
  Scope?: Maybe<string>;
  SourceId?: Maybe<string>;
}

export interface WireAccount {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Number?: Maybe<string>;
  CurrencyCode?: Maybe<string>;
  TimeZone?: Maybe<string>;
  ParentCustomerId?: Maybe<string>;
  AccountLifeCycleStatus?: Maybe<string>;
}

export interface WireCustomerRole {
  CustomerId?: Maybe<string>;
  AccountIds?: Maybe<string[]>;
  LinkedAccountIds?: Maybe<string[]>;
}

export interface WireBatchError {
  Index?: Maybe<number>;
  Code?: Maybe<number>;
  ErrorCode?: Maybe<string>;
  Message?: Maybe<string>;
}

export interface WireBatchErrorCollection extends WireBatchError {
  BatchErrors?: Maybe<WireBatchError[]>;
}

export interface WireEstimatedBids {
  KeywordId?: Maybe<string>;
  KeywordEstimatedBid?: Maybe<{ EstimatedBids?: Maybe<{ EstimatedMinBid?: Maybe<number> }[]> }>;
}

/** The answers of the operations the adapter calls. */
export interface Answers {
  campaigns: { Campaigns?: Maybe<WireCampaign[]> };
  ids: { CampaignIds?: Maybe<Maybe<string>[]>; PartialErrors?: Maybe<WireBatchError[]> };
  partial: { PartialErrors?: Maybe<WireBatchError[]> };
  nested: { NestedPartialErrors?: Maybe<WireBatchErrorCollection[]> };
}
