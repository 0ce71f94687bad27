/**
 * The request and answer shapes of the deskads platform's JSON REST operations the live adapter
 * calls (version 13 of the Campaign Management, Customer Management, Ad Insight and Reporting
 * services), typed after the platform's published REST models: test/fakes/deskads-fields.json
 * lists them all, generated from the official REST SDK, and test/platforms/deskads/wire-types.test.ts
 * checks every member named here against the model its `@model` tag (or its operation) names.
 *
 * Conventions of the wire: 64-bit ids are strings, amounts are decimal numbers in the account's
 * currency, enums are their names (flag enums a comma-separated list), dates of ad groups and
 * reports are `{ Year, Month, Day }` and those of campaigns date-times. Only the members the
 * adapter sends or reads are named; every member may be missing or null in an answer.
 */

export type Maybe<T> = T | null | undefined;

/** @model CampaignManagement.Date */
export interface WireDate {
  Year?: Maybe<number>;
  Month?: Maybe<number>;
  Day?: Maybe<number>;
}

/** @model CampaignManagement.Bid */
export interface WireBid {
  Amount?: Maybe<number>;
}

/** @model CampaignManagement.TargetSettingDetail */
export interface WireTargetSettingDetail {
  CriterionTypeGroup?: Maybe<string>;
  TargetAndBid?: Maybe<boolean>;
}

/** A campaign's or ad group's setting (ShoppingSetting, TargetSetting). @model CampaignManagement.Setting */
export interface WireSetting {
  Type?: Maybe<string>;
  StoreId?: Maybe<string>;
  SalesCountryCode?: Maybe<string>;
  Priority?: Maybe<number>;
  Details?: Maybe<WireTargetSettingDetail[]>;
}

/** @model CampaignManagement.BiddingScheme */
export interface WireBiddingScheme {
  Type?: Maybe<string>;
  TargetCpa?: Maybe<number>;
}

/** @model CampaignManagement.Campaign */
export interface WireCampaign {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Status?: Maybe<string>;
  CampaignType?: Maybe<string>;
  DailyBudget?: Maybe<number>;
  BudgetType?: Maybe<string>;
  BudgetId?: Maybe<string>;
  BiddingScheme?: Maybe<WireBiddingScheme>;
  Languages?: Maybe<string[]>;
  /** A date-time (`YYYY-MM-DDT00:00:00`). */
  StartDate?: Maybe<string>;
  EndDate?: Maybe<string>;
  UseCampaignLevelDates?: Maybe<boolean>;
  Settings?: Maybe<WireSetting[]>;
}

/** @model CampaignManagement.AdGroup */
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

/** @model CampaignManagement.Keyword */
export interface WireKeyword {
  Id?: Maybe<string>;
  Text?: Maybe<string>;
  MatchType?: Maybe<string>;
  Bid?: Maybe<WireBid>;
  Status?: Maybe<string>;
  FinalUrls?: Maybe<string[]>;
}

/** @model CampaignManagement.NegativeKeyword */
export interface WireNegativeKeyword {
  Id?: Maybe<string>;
  Type?: Maybe<string>;
  Text?: Maybe<string>;
  MatchType?: Maybe<string>;
}

/** @model CampaignManagement.EntityNegativeKeyword */
export interface WireEntityNegativeKeywords {
  EntityId?: Maybe<string>;
  EntityType?: Maybe<string>;
  NegativeKeywords?: Maybe<WireNegativeKeyword[]>;
}

/** @model CampaignManagement.Asset */
export interface WireAsset {
  Type?: Maybe<string>;
  Text?: Maybe<string>;
}

/** @model CampaignManagement.AssetLink */
export interface WireAssetLink {
  Asset?: Maybe<WireAsset>;
}

/** A responsive search ad or a product ad. @model CampaignManagement.Ad */
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
  PromotionalText?: Maybe<string>;
}

/** A sitelink or a callout. @model CampaignManagement.AdExtension */
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

/** @model CampaignManagement.AdExtensionIdentity */
export interface WireAdExtensionIdentity {
  Id?: Maybe<string>;
}

/** @model CampaignManagement.AdExtensionAssociation */
export interface WireAdExtensionAssociation {
  EntityId?: Maybe<string>;
  AdExtension?: Maybe<WireAdExtension>;
}

/** @model CampaignManagement.AdExtensionAssociationCollection */
export interface WireAdExtensionAssociationCollection {
  AdExtensionAssociations?: Maybe<Maybe<WireAdExtensionAssociation>[]>;
}

/** @model CampaignManagement.AdExtensionIdToEntityIdAssociation */
export interface WireAdExtensionIdToEntityId {
  AdExtensionId?: Maybe<string>;
  EntityId?: Maybe<string>;
}

/** @model CampaignManagement.ProductCondition */
export interface WireProductCondition {
  Operand?: Maybe<string>;
  Attribute?: Maybe<string>;
}

/** An audience, location or product partition criterion. @model CampaignManagement.Criterion */
export interface WireCriterionTarget {
  Type?: Maybe<string>;
  AudienceId?: Maybe<string>;
  AudienceType?: Maybe<string>;
  LocationId?: Maybe<string>;
  PartitionType?: Maybe<string>;
  ParentCriterionId?: Maybe<string>;
  Condition?: Maybe<WireProductCondition>;
}

/** A fixed bid or a bid multiplier. @model CampaignManagement.CriterionBid */
export interface WireCriterionBid {
  Type?: Maybe<string>;
  Amount?: Maybe<number>;
  Multiplier?: Maybe<number>;
}

/** @model CampaignManagement.AdGroupCriterion */
export interface WireCriterion {
  Id?: Maybe<string>;
  Type?: Maybe<string>;
  AdGroupId?: Maybe<string>;
  Status?: Maybe<string>;
  Criterion?: Maybe<WireCriterionTarget>;
  CriterionBid?: Maybe<WireCriterionBid>;
}

/** @model CampaignManagement.AdGroupCriterionAction */
export interface WireCriterionAction {
  Action?: Maybe<string>;
  AdGroupCriterion?: Maybe<WireCriterion>;
}

/** @model CampaignManagement.CampaignCriterion */
export interface WireCampaignCriterion {
  Type?: Maybe<string>;
  CampaignId?: Maybe<string>;
  Criterion?: Maybe<WireCriterionTarget>;
  CriterionBid?: Maybe<WireCriterionBid>;
}

/** @model CampaignManagement.Budget */
export interface WireBudget {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Amount?: Maybe<number>;
  BudgetType?: Maybe<string>;
}

/** @model CampaignManagement.IdCollection */
export interface WireIdCollection {
  Ids?: Maybe<Maybe<string>[]>;
}

/** @model CampaignManagement.BMCStore */
export interface WireStore {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  IsActive?: Maybe<boolean>;
  IsProductAdsEnabled?: Maybe<boolean>;
}

/** @model CampaignManagement.ConversionGoalRevenue */
export interface WireGoalRevenue {
  Type?: Maybe<string>;
  Value?: Maybe<number>;
  CurrencyCode?: Maybe<string>;
}

/** A conversion goal of any type the port knows (URL, duration, pages viewed, event...). @model CampaignManagement.ConversionGoal */
export interface WireGoal {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Type?: Maybe<string>;
  Status?: Maybe<string>;
  TrackingStatus?: Maybe<string>;
  TagId?: Maybe<string>;
  Revenue?: Maybe<WireGoalRevenue>;
  CountType?: Maybe<string>;
  ConversionWindowInMinutes?: Maybe<number>;
  GoalCategory?: Maybe<string>;
  Scope?: Maybe<string>;
  UrlOperator?: Maybe<string>;
  UrlExpression?: Maybe<string>;
  CategoryOperator?: Maybe<string>;
  CategoryExpression?: Maybe<string>;
  ActionOperator?: Maybe<string>;
  ActionExpression?: Maybe<string>;
  LabelOperator?: Maybe<string>;
  LabelExpression?: Maybe<string>;
  MinimumDurationInSeconds?: Maybe<number>;
  MinimumPagesViewed?: Maybe<number>;
}

/** @model CampaignManagement.UetTag */
export interface WireUetTag {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  TrackingStatus?: Maybe<string>;
}

/** @model CampaignManagement.Audience */
export interface WireAudience {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Type?: Maybe<string>;
  Description?: Maybe<string>;
  MembershipDuration?: Maybe<number>;
  SearchSize?: Maybe<number | string>;
  AudienceNetworkSize?: Maybe<number | string>;
  Scope?: Maybe<string>;
  SourceId?: Maybe<string>;
}

/** @model CampaignManagement.BatchError */
export interface WireBatchError {
  Index?: Maybe<number>;
  Code?: Maybe<number>;
  ErrorCode?: Maybe<string>;
  Message?: Maybe<string>;
}

/** One entity's item errors of a nested batch answer. @model CampaignManagement.BatchErrorCollection */
export interface WireBatchErrorCollection extends WireBatchError {
  BatchErrors?: Maybe<WireBatchError[]>;
}

/** @model CustomerManagement.AdvertiserAccount */
export interface WireAccount {
  Id?: Maybe<string>;
  Name?: Maybe<string>;
  Number?: Maybe<string>;
  CurrencyCode?: Maybe<string>;
  TimeZone?: Maybe<string>;
  ParentCustomerId?: Maybe<string>;
  AccountLifeCycleStatus?: Maybe<string>;
}

/** @model CustomerManagement.User */
export interface WireUser {
  Id?: Maybe<string>;
}

/** @model CustomerManagement.CustomerRole */
export interface WireCustomerRole {
  CustomerId?: Maybe<string>;
  AccountIds?: Maybe<string[]>;
  LinkedAccountIds?: Maybe<string[]>;
}

/** @model CustomerManagement.Predicate */
export interface WirePredicate {
  Field: string;
  Operator: string;
  Value: string;
}

/** @model CustomerManagement.OrderBy */
export interface WireOrderBy {
  Field: string;
  Order: string;
}

/** @model CustomerManagement.Paging */
export interface WirePaging {
  Index: number;
  Size: number;
}

/** @model AdInsight.EstimatedBidAndTraffic */
export interface WireEstimatedBid {
  EstimatedMinBid?: Maybe<number>;
}

/** @model AdInsight.KeywordEstimatedBid */
export interface WireKeywordEstimatedBid {
  EstimatedBids?: Maybe<Maybe<WireEstimatedBid>[]>;
}

/** @model AdInsight.KeywordIdEstimatedBid */
export interface WireKeywordIdEstimatedBid {
  KeywordId?: Maybe<string>;
  KeywordEstimatedBid?: Maybe<WireKeywordEstimatedBid>;
}

/** @model Reporting.Date */
export interface WireReportDate {
  Year: number;
  Month: number;
  Day: number;
}

/** @model Reporting.ReportTime */
export interface WireReportTime {
  CustomDateRangeStart: WireReportDate;
  CustomDateRangeEnd: WireReportDate;
}

/** The account (and, for ad group scoped reports, every ad group) a report covers. @model Reporting.AccountThroughAdGroupReportScope */
export interface WireReportScope {
  AccountIds: string[];
  Campaigns: null;
  AdGroups?: null;
}

/** @model Reporting.ReportRequest */
export interface WireReportRequest {
  Type: string;
  ReportName: string;
  Format: 'Csv';
  FormatVersion: string;
  ReturnOnlyCompleteData: boolean;
  ExcludeColumnHeaders: boolean;
  ExcludeReportHeader: boolean;
  ExcludeReportFooter: boolean;
  Aggregation?: string;
  Columns: string[];
  Scope: WireReportScope;
  Time: WireReportTime;
}

/** @model Reporting.ReportRequestStatus */
export interface WireReportRequestStatus {
  Status?: Maybe<string>;
  ReportDownloadUrl?: Maybe<string>;
}

type Ids = Maybe<Maybe<string>[]>;
type PartialErrors = { PartialErrors?: Maybe<WireBatchError[]> };
type NestedPartialErrors = { NestedPartialErrors?: Maybe<Maybe<WireBatchErrorCollection>[]> };

/** The request body of each operation (checked against the operation's published request model). */
export interface Requests {
  'CampaignManagement.GetCampaignsByAccountId': { AccountId: string; CampaignType: string };
  'CampaignManagement.AddCampaigns': { AccountId: string; Campaigns: WireCampaign[] };
  'CampaignManagement.UpdateCampaigns': { AccountId: string; Campaigns: WireCampaign[] };
  'CampaignManagement.DeleteCampaigns': { AccountId: string; CampaignIds: string[] };
  'CampaignManagement.GetAdGroupsByCampaignId': { CampaignId: string };
  'CampaignManagement.AddAdGroups': { CampaignId: string; AdGroups: WireAdGroup[] };
  'CampaignManagement.UpdateAdGroups': { CampaignId: string; AdGroups: WireAdGroup[] };
  'CampaignManagement.DeleteAdGroups': { CampaignId: string; AdGroupIds: string[] };
  'CampaignManagement.GetKeywordsByAdGroupId': { AdGroupId: string };
  'CampaignManagement.AddKeywords': { AdGroupId: string; Keywords: WireKeyword[] };
  'CampaignManagement.UpdateKeywords': { AdGroupId: string; Keywords: WireKeyword[] };
  'CampaignManagement.DeleteKeywords': { AdGroupId: string; KeywordIds: string[] };
  'CampaignManagement.GetNegativeKeywordsByEntityIds': { EntityIds: string[]; EntityType: string; ParentEntityId: string };
  'CampaignManagement.AddNegativeKeywordsToEntities': { EntityNegativeKeywords: WireEntityNegativeKeywords[] };
  'CampaignManagement.DeleteNegativeKeywordsFromEntities': { EntityNegativeKeywords: WireEntityNegativeKeywords[] };
  'CampaignManagement.GetAdsByAdGroupId': { AdGroupId: string; AdTypes: string[] };
  'CampaignManagement.AddAds': { AdGroupId: string; Ads: WireAd[] };
  'CampaignManagement.UpdateAds': { AdGroupId: string; Ads: WireAd[] };
  'CampaignManagement.DeleteAds': { AdGroupId: string; AdIds: string[] };
  'CampaignManagement.GetConversionGoalsByIds': { ConversionGoalIds: string[] | null; ConversionGoalTypes: string };
  'CampaignManagement.AddConversionGoals': { ConversionGoals: WireGoal[] };
  'CampaignManagement.GetUetTagsByIds': { TagIds: string[] | null };
  'CampaignManagement.GetAdExtensionIdsByAccountId': { AccountId: string; AdExtensionType: string; AssociationType: string | null };
  'CampaignManagement.GetAdExtensionsByIds': { AccountId: string; AdExtensionIds: string[]; AdExtensionType: string };
  'CampaignManagement.GetAdExtensionsAssociations': {
    AccountId: string;
    AdExtensionType: string;
    AssociationType: string;
    EntityIds: string[];
  };
  'CampaignManagement.AddAdExtensions': { AccountId: string; AdExtensions: WireAdExtension[] };
  'CampaignManagement.SetAdExtensionsAssociations': {
    AccountId: string;
    AssociationType: string;
    AdExtensionIdToEntityIdAssociations: WireAdExtensionIdToEntityId[];
  };
  'CampaignManagement.DeleteAdExtensionsAssociations': {
    AccountId: string;
    AssociationType: string;
    AdExtensionIdToEntityIdAssociations: WireAdExtensionIdToEntityId[];
  };
  'CampaignManagement.GetBudgetsByIds': { BudgetIds: string[] | null };
  'CampaignManagement.UpdateBudgets': { Budgets: WireBudget[] };
  'CampaignManagement.GetCampaignIdsByBudgetIds': { BudgetIds: string[] };
  'CampaignManagement.GetBMCStoresByCustomerId': Record<string, never>;
  'CampaignManagement.ApplyProductPartitionActions': { CriterionActions: WireCriterionAction[] };
  'CampaignManagement.GetAdGroupCriterionsByIds': { AdGroupId: string; AdGroupCriterionIds: string[] | null; CriterionType: string };
  'CampaignManagement.AddAdGroupCriterions': { CriterionType: string; AdGroupCriterions: WireCriterion[] };
  'CampaignManagement.GetAudiencesByIds': { AudienceIds: string[] | null; Type: string };
  'CampaignManagement.GetGeoLocationsFileUrl': { Version: string; LanguageLocale: string };
  'CampaignManagement.AddCampaignCriterions': { CriterionType: string; CampaignCriterions: WireCampaignCriterion[] };
  'CampaignManagement.GetCampaignCriterionsByIds': { CampaignId: string; CampaignCriterionIds: string[] | null; CriterionType: string };
  'CustomerManagement.GetUser': { UserId: string | null };
  'CustomerManagement.SearchAccounts': { Predicates: WirePredicate[]; Ordering: WireOrderBy[]; PageInfo: WirePaging };
  'CustomerManagement.GetAccount': { AccountId: string };
  'AdInsight.GetEstimatedBidByKeywordIds': { KeywordIds: string[]; TargetPositionForAds: string };
  'Reporting.SubmitGenerateReport': { ReportRequest: WireReportRequest };
  'Reporting.PollGenerateReport': { ReportRequestId: string };
}

/** The answer of each operation (checked against the operation's published response model). */
export interface Answers {
  'CampaignManagement.GetCampaignsByAccountId': { Campaigns?: Maybe<WireCampaign[]> };
  'CampaignManagement.AddCampaigns': { CampaignIds?: Ids } & PartialErrors;
  'CampaignManagement.UpdateCampaigns': PartialErrors;
  'CampaignManagement.DeleteCampaigns': PartialErrors;
  'CampaignManagement.GetAdGroupsByCampaignId': { AdGroups?: Maybe<WireAdGroup[]> };
  'CampaignManagement.AddAdGroups': { AdGroupIds?: Ids } & PartialErrors;
  'CampaignManagement.UpdateAdGroups': PartialErrors;
  'CampaignManagement.DeleteAdGroups': PartialErrors;
  'CampaignManagement.GetKeywordsByAdGroupId': { Keywords?: Maybe<WireKeyword[]> };
  'CampaignManagement.AddKeywords': { KeywordIds?: Ids } & PartialErrors;
  'CampaignManagement.UpdateKeywords': PartialErrors;
  'CampaignManagement.DeleteKeywords': PartialErrors;
  'CampaignManagement.GetNegativeKeywordsByEntityIds': {
    EntityNegativeKeywords?: Maybe<Maybe<WireEntityNegativeKeywords>[]>;
  } & PartialErrors;
  'CampaignManagement.AddNegativeKeywordsToEntities': { NegativeKeywordIds?: Maybe<Maybe<WireIdCollection>[]> } & NestedPartialErrors;
  'CampaignManagement.DeleteNegativeKeywordsFromEntities': NestedPartialErrors;
  'CampaignManagement.GetAdsByAdGroupId': { Ads?: Maybe<WireAd[]> };
  'CampaignManagement.AddAds': { AdIds?: Ids } & PartialErrors;
  'CampaignManagement.UpdateAds': PartialErrors;
  'CampaignManagement.DeleteAds': PartialErrors;
  'CampaignManagement.GetConversionGoalsByIds': { ConversionGoals?: Maybe<Maybe<WireGoal>[]> } & PartialErrors;
  'CampaignManagement.AddConversionGoals': { ConversionGoalIds?: Ids } & PartialErrors;
  'CampaignManagement.GetUetTagsByIds': { UetTags?: Maybe<Maybe<WireUetTag>[]> } & PartialErrors;
  'CampaignManagement.GetAdExtensionIdsByAccountId': { AdExtensionIds?: Maybe<string[]> };
  'CampaignManagement.GetAdExtensionsByIds': { AdExtensions?: Maybe<Maybe<WireAdExtension>[]> } & PartialErrors;
  'CampaignManagement.GetAdExtensionsAssociations': {
    AdExtensionAssociationCollection?: Maybe<Maybe<WireAdExtensionAssociationCollection>[]>;
  } & PartialErrors;
  'CampaignManagement.AddAdExtensions': { AdExtensionIdentities?: Maybe<Maybe<WireAdExtensionIdentity>[]> } & NestedPartialErrors;
  'CampaignManagement.SetAdExtensionsAssociations': PartialErrors;
  'CampaignManagement.DeleteAdExtensionsAssociations': PartialErrors;
  'CampaignManagement.GetBudgetsByIds': { Budgets?: Maybe<WireBudget[]> } & PartialErrors;
  'CampaignManagement.UpdateBudgets': PartialErrors;
  'CampaignManagement.GetCampaignIdsByBudgetIds': { CampaignIdCollection?: Maybe<Maybe<WireIdCollection>[]> } & PartialErrors;
  'CampaignManagement.GetBMCStoresByCustomerId': { BMCStores?: Maybe<WireStore[]> };
  'CampaignManagement.ApplyProductPartitionActions': { AdGroupCriterionIds?: Ids } & PartialErrors;
  'CampaignManagement.GetAdGroupCriterionsByIds': { AdGroupCriterions?: Maybe<Maybe<WireCriterion>[]> };
  'CampaignManagement.AddAdGroupCriterions': { AdGroupCriterionIds?: Ids } & NestedPartialErrors;
  'CampaignManagement.GetAudiencesByIds': { Audiences?: Maybe<Maybe<WireAudience>[]> } & PartialErrors;
  'CampaignManagement.GetGeoLocationsFileUrl': { FileUrl?: Maybe<string> };
  'CampaignManagement.AddCampaignCriterions': { CampaignCriterionIds?: Ids } & NestedPartialErrors;
  'CampaignManagement.GetCampaignCriterionsByIds': { CampaignCriterions?: Maybe<Maybe<WireCampaignCriterion>[]> } & PartialErrors;
  'CustomerManagement.GetUser': { User?: Maybe<WireUser>; CustomerRoles?: Maybe<WireCustomerRole[]> };
  'CustomerManagement.SearchAccounts': { Accounts?: Maybe<WireAccount[]> };
  'CustomerManagement.GetAccount': { Account?: Maybe<WireAccount> };
  'AdInsight.GetEstimatedBidByKeywordIds': { KeywordEstimatedBids?: Maybe<Maybe<WireKeywordIdEstimatedBid>[]> };
  'Reporting.SubmitGenerateReport': { ReportRequestId?: Maybe<string> };
  'Reporting.PollGenerateReport': { ReportRequestStatus?: Maybe<WireReportRequestStatus> };
}
