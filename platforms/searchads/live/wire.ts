/**
 * The search platform's wire shapes as the searchads live adapter reads and writes them (JSON of the
 * REST interface: lowerCamelCase names, int64 as strings, enums as their names), from the published
 * protos (google.ads.googleads.v25, the field lists in test/fakes/searchads-fields.json). Only the
 * fields the adapter selects are listed; test/platforms/searchads/wire-fields.test.ts checks every
 * selected and mutated path against the definitions.
 *
 * Leaf fields are optional: the platform leaves out a field that is unset or holds its default
 * (false, 0, an empty list). A row holds the message of every resource its query selects fields
 * of (the resource name is always returned), so the row's parts are present; `metrics` is optional.
 * Unknown JSON is narrowed where it enters (`wireObject` below); what passes is trusted to have
 * these shapes, as the platform's published definitions promise.
 */

/** A non-null JSON object, else an empty one (an answer without a body reads as empty). */
export function wireObject(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The message a field of a message holds, by the field's name chosen at run time (`keyword`, `userList`...). */
export function messageAt(message: object, field: string): Record<string, unknown> | undefined {
  const value = (message as Record<string, unknown>)[field];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

// Messages of the common package (repeated, selected whole).

/** common.AdTextAsset */
export interface AdTextAsset {
  text?: string;
  pinnedField?: string;
}
/** common.AdImageAsset */
export interface AdImageAsset {
  asset?: string;
}
/** common.AdVideoAsset */
export interface AdVideoAsset {
  asset?: string;
}
/** common.FrequencyCapEntry */
export interface FrequencyCapEntry {
  key?: { level?: string; eventType?: string; timeUnit?: string; timeLength?: number };
  cap?: number;
}
/** common.TargetRestriction */
export interface TargetRestriction {
  targetingDimension?: string;
  bidOnly?: boolean;
}
/** common.CustomParameter */
export interface CustomParameter {
  key?: string;
  value?: string;
}
/**
 * common.AudienceSegment: one of `userList.userList`, `userInterest.userInterestCategory`,
 * `customAudience.customAudience` (a resource name), `lifeEvent`, `detailedDemographic`.
 */
export type AudienceSegment = Record<string, Record<string, string>>;
/** common.AudienceDimension (the adapter reads its audience segments). */
export interface AudienceDimension {
  audienceSegments?: { segments?: AudienceSegment[] };
}
/** ChangeEvent.ChangedResource: the changed resource under its own name (`campaign`, `adGroup`...). */
export type ChangedResource = Record<string, Record<string, unknown>>;

// Resources (the fields the adapter selects).

export interface Ad {
  id?: string;
  type?: string;
}

export interface AdGroup {
  cpcBidMicros?: string;
  demandGenAdGroupSettings?: {
    channelControls?: {
      channelConfig?: string;
      channelStrategy?: string;
      selectedChannels?: {
        discover?: boolean;
        display?: boolean;
        gmail?: boolean;
        maps?: boolean;
        youtubeInFeed?: boolean;
        youtubeInStream?: boolean;
        youtubeShorts?: boolean;
      };
    };
  };
  id?: string;
  name?: string;
  status?: string;
  type?: string;
}

export interface AdGroupAd {
  ad?: {
    finalUrls?: string[];
    id?: string;
    responsiveDisplayAd?: {
      accentColor?: string;
      allowFlexibleColor?: boolean;
      businessName?: string;
      callToActionText?: string;
      controlSpec?: {
        enableAssetEnhancements?: boolean;
        enableAutogenVideo?: boolean;
      };
      descriptions?: AdTextAsset[];
      formatSetting?: string;
      headlines?: AdTextAsset[];
      logoImages?: AdImageAsset[];
      longHeadline?: AdTextAsset;
      mainColor?: string;
      marketingImages?: AdImageAsset[];
      pricePrefix?: string;
      promoText?: string;
      squareLogoImages?: AdImageAsset[];
      squareMarketingImages?: AdImageAsset[];
      youtubeVideos?: AdVideoAsset[];
    };
    responsiveSearchAd?: {
      descriptions?: AdTextAsset[];
      headlines?: AdTextAsset[];
      path1?: string;
      path2?: string;
    };
    type?: string;
  };
  status?: string;
}

export interface AdGroupCriterion {
  cpcBidMicros?: string;
  criterionId?: string;
  customAudience?: {
    customAudience?: string;
  };
  keyword?: {
    matchType?: string;
    text?: string;
  };
  listingGroup?: {
    caseValue?: ListingCaseValue;
    parentAdGroupCriterion?: string;
    type?: string;
  };
  negative?: boolean;
  qualityInfo?: {
    qualityScore?: number;
  };
  status?: string;
  type?: string;
  userInterest?: {
    userInterestCategory?: string;
  };
  userList?: {
    userList?: string;
  };
}

export interface Asset {
  callAsset?: {
    countryCode?: string;
    phoneNumber?: string;
  };
  calloutAsset?: {
    calloutText?: string;
  };
  finalUrls?: string[];
  id?: string;
  imageAsset?: {
    fileSize?: string;
    fullSize?: {
      heightPixels?: string;
      url?: string;
      widthPixels?: string;
    };
    mimeType?: string;
  };
  name?: string;
  sitelinkAsset?: {
    description1?: string;
    description2?: string;
    linkText?: string;
  };
  structuredSnippetAsset?: {
    header?: string;
    values?: string[];
  };
  textAsset?: {
    text?: string;
  };
  type?: string;
  youtubeVideoAsset?: {
    youtubeVideoId?: string;
    youtubeVideoTitle?: string;
  };
}

export interface AssetGroup {
  adStrength?: string;
  campaign?: string;
  finalUrls?: string[];
  id?: string;
  name?: string;
  path1?: string;
  path2?: string;
  status?: string;
}

export interface AssetGroupAsset {
  asset?: string;
  assetGroup?: string;
  fieldType?: string;
  resourceName?: string;
  status?: string;
}

export interface AssetGroupListingGroupFilter {
  caseValue?: ListingCaseValue;
  id?: string;
  parentListingGroupFilter?: string;
  resourceName?: string;
  type?: string;
}

export interface AssetGroupSignal {
  approvalStatus?: string;
  assetGroup?: string;
  audience?: {
    audience?: string;
  };
  resourceName?: string;
  searchTheme?: {
    text?: string;
  };
}

export interface Audience {
  dimensions?: AudienceDimension[];
  id?: string;
  name?: string;
  resourceName?: string;
}

export interface BiddingStrategy {
  id?: string;
  maximizeConversionValue?: {
    targetRoas?: number;
  };
  maximizeConversions?: {
    targetCpaMicros?: string;
  };
  name?: string;
  status?: string;
  targetCpa?: {
    cpcBidCeilingMicros?: string;
    cpcBidFloorMicros?: string;
    targetCpaMicros?: string;
  };
  targetImpressionShare?: {
    cpcBidCeilingMicros?: string;
    location?: string;
    locationFractionMicros?: string;
  };
  targetRoas?: {
    cpcBidCeilingMicros?: string;
    cpcBidFloorMicros?: string;
    targetRoas?: number;
  };
  targetSpend?: {
    cpcBidCeilingMicros?: string;
  };
  type?: string;
}

export interface Campaign {
  advertisingChannelSubType?: string;
  advertisingChannelType?: string;
  aiMaxSetting?: {
    enableAiMax?: boolean;
  };
  appCampaignSetting?: {
    appId?: string;
    appStore?: string;
    biddingStrategyGoalType?: string;
  };
  biddingStrategy?: string;
  biddingStrategyType?: string;
  brandGuidelinesEnabled?: boolean;
  campaignBudget?: string;
  endDateTime?: string;
  finalUrlSuffix?: string;
  frequencyCaps?: FrequencyCapEntry[];
  id?: string;
  labels?: string[];
  maximizeConversionValue?: {
    targetRoas?: number;
  };
  maximizeConversions?: {
    targetCpaMicros?: string;
  };
  name?: string;
  networkSettings?: NetworkSettings;
  shoppingSetting?: {
    advertisingPartnerIds?: string[];
    campaignPriority?: number;
    disableProductFeed?: boolean;
    enableLocal?: boolean;
    feedLabel?: string;
    ignoreBrandExclusionInShoppingAds?: boolean;
    merchantId?: string;
    useVehicleInventory?: boolean;
  };
  startDateTime?: string;
  status?: string;
  targetCpa?: {
    targetCpaMicros?: string;
  };
  targetRoas?: {
    targetRoas?: number;
  };
  targetingSetting?: {
    targetRestrictions?: TargetRestriction[];
  };
  trackingUrlTemplate?: string;
  urlCustomParameters?: CustomParameter[];
}

export interface CampaignAsset {
  asset?: string;
  campaign?: string;
  fieldType?: string;
  status?: string;
}

export interface CampaignBudget {
  amountMicros?: string;
  deliveryMethod?: string;
  explicitlyShared?: boolean;
  id?: string;
  name?: string;
  status?: string;
}

export interface CampaignCriterion {
  adSchedule?: {
    dayOfWeek?: string;
    endHour?: number;
    endMinute?: string;
    startHour?: number;
    startMinute?: string;
  };
  bidModifier?: number;
  criterionId?: string;
  device?: {
    type?: string;
  };
  keyword?: {
    matchType?: string;
    text?: string;
  };
  language?: {
    languageConstant?: string;
  };
  location?: {
    geoTargetConstant?: string;
  };
  negative?: boolean;
  type?: string;
}

export interface CampaignSharedSet {
  status?: string;
}

export interface ChangeEvent {
  adGroup?: string;
  campaign?: string;
  changeDateTime?: string;
  changeResourceName?: string;
  changeResourceType?: string;
  changedFields?: string;
  clientType?: string;
  newResource?: ChangedResource;
  oldResource?: ChangedResource;
  resourceChangeOperation?: string;
  resourceName?: string;
  userEmail?: string;
}

export interface ConversionAction {
  category?: string;
  clickThroughLookbackWindowDays?: string;
  countingType?: string;
  id?: string;
  name?: string;
  primaryForGoal?: boolean;
  status?: string;
  type?: string;
  valueSettings?: {
    alwaysUseDefaultValue?: boolean;
    defaultValue?: number;
  };
}

export interface CustomAudience {
  description?: string;
  id?: string;
  name?: string;
  status?: string;
}

export interface Customer {
  currencyCode?: string;
  descriptiveName?: string;
  id?: string;
  manager?: boolean;
  timeZone?: string;
}

export interface CustomerClient {
  currencyCode?: string;
  descriptiveName?: string;
  id?: string;
  level?: string;
  manager?: boolean;
  status?: string;
  timeZone?: string;
}

export interface Experiment {
  description?: string;
  endDate?: string;
  experimentId?: string;
  name?: string;
  resourceName?: string;
  startDate?: string;
  status?: string;
  suffix?: string;
  type?: string;
}

export interface ExperimentArm {
  campaigns?: string[];
  control?: boolean;
  experiment?: string;
  inDesignCampaigns?: string[];
  name?: string;
  resourceName?: string;
  trafficSplit?: string;
}

export interface GeoTargetConstant {
  canonicalName?: string;
  countryCode?: string;
  id?: string;
  name?: string;
  targetType?: string;
}

export interface Label {
  id?: string;
  name?: string;
  textLabel?: {
    backgroundColor?: string;
    description?: string;
  };
}

export interface LanguageConstant {
  code?: string;
  id?: string;
  name?: string;
  targetable?: boolean;
}

export interface Metrics {
  allConversions?: number;
  allConversionsValue?: number;
  clicks?: string;
  conversions?: number;
  conversionsValue?: number;
  costMicros?: string;
  impressions?: string;
  videoTrueviewViews?: string;
}

export interface ProductLink {
  merchantCenter?: {
    merchantCenterId?: string;
  };
  productLinkId?: string;
  type?: string;
}

export interface ProductLinkInvitation {
  merchantCenter?: {
    merchantCenterId?: string;
  };
  productLinkInvitationId?: string;
  status?: string;
  type?: string;
}

export interface Recommendation {
  adGroup?: string;
  campaign?: string;
  campaignBudgetRecommendation?: {
    currentBudgetAmountMicros?: string;
    recommendedBudgetAmountMicros?: string;
  };
  dismissed?: boolean;
  impact?: {
    baseMetrics?: RecommendationMetrics;
    potentialMetrics?: RecommendationMetrics;
  };
  keywordMatchTypeRecommendation?: {
    keyword?: {
      matchType?: string;
      text?: string;
    };
    recommendedMatchType?: string;
  };
  keywordRecommendation?: {
    keyword?: {
      matchType?: string;
      text?: string;
    };
    recommendedCpcBidMicros?: string;
  };
  resourceName?: string;
  targetCpaOptInRecommendation?: {
    recommendedTargetCpaMicros?: string;
  };
  type?: string;
}

export interface SearchTermView {
  searchTerm?: string;
}

export interface Segments {
  conversionAction?: string;
  date?: string;
  keyword?: {
    adGroupCriterion?: string;
  };
}

export interface SharedCriterion {
  criterionId?: string;
  keyword?: {
    matchType?: string;
    text?: string;
  };
  type?: string;
}

export interface SharedSet {
  id?: string;
  name?: string;
  status?: string;
  type?: string;
}

export interface TopicConstant {
  id?: string;
  path?: string[];
}

export interface UserInterest {
  name?: string;
  taxonomyType?: string;
  userInterestId?: string;
  userInterestParent?: string;
}

export interface UserList {
  crmBasedUserList?: {
    uploadKeyType?: string;
  };
  description?: string;
  eligibleForSearch?: boolean;
  id?: string;
  membershipLifeSpan?: string;
  membershipStatus?: string;
  name?: string;
  resourceName?: string;
  sizeForDisplay?: string;
  sizeForSearch?: string;
  type?: string;
}

/** GoogleAdsRow: one row of a search answer, resources by their lowerCamelCase names. */
export interface GoogleAdsRow {
  ad: Ad;
  adGroup: AdGroup;
  adGroupAd: AdGroupAd;
  adGroupCriterion: AdGroupCriterion;
  asset: Asset;
  assetGroup: AssetGroup;
  assetGroupAsset: AssetGroupAsset;
  assetGroupListingGroupFilter: AssetGroupListingGroupFilter;
  assetGroupSignal: AssetGroupSignal;
  audience: Audience;
  biddingStrategy: BiddingStrategy;
  campaign: Campaign;
  campaignAsset: CampaignAsset;
  campaignBudget: CampaignBudget;
  campaignCriterion: CampaignCriterion;
  campaignSharedSet: CampaignSharedSet;
  changeEvent: ChangeEvent;
  conversionAction: ConversionAction;
  customAudience: CustomAudience;
  customer: Customer;
  customerClient: CustomerClient;
  experiment: Experiment;
  experimentArm: ExperimentArm;
  geoTargetConstant: GeoTargetConstant;
  label: Label;
  languageConstant: LanguageConstant;
  metrics?: Metrics;
  productLink: ProductLink;
  productLinkInvitation: ProductLinkInvitation;
  recommendation: Recommendation;
  searchTermView: SearchTermView;
  segments: Segments;
  sharedCriterion: SharedCriterion;
  sharedSet: SharedSet;
  topicConstant: TopicConstant;
  userInterest: UserInterest;
  userList: UserList;
  campaignLabel: LabelLink;
  adGroupLabel: LabelLink;
  adGroupAdLabel: LabelLink;
  adGroupCriterionLabel: LabelLink;
}

/** campaign_label, ad_group_label, ad_group_ad_label, ad_group_criterion_label (selected through a template). */
export interface LabelLink {
  resourceName?: string;
  label?: string;
}

/** A listing group's case value: one dimension message under its field name (`productBrand`, `productCategory`...). */
export type ListingCaseValue = Partial<Record<string, ListingDimension>>;
/** The fields of the listing dimension messages the adapter reads. */
export interface ListingDimension {
  value?: string;
  categoryId?: string;
  level?: string;
  condition?: string;
  index?: string;
}

/** Recommendation.RecommendationMetrics */
export interface RecommendationMetrics {
  clicks?: number;
  conversions?: number;
  conversionsValue?: number;
  costMicros?: string;
  impressions?: number;
  videoViews?: number;
}

/** Campaign.NetworkSettings */
export interface NetworkSettings {
  targetContentNetwork?: boolean;
  targetGoogleSearch?: boolean;
  targetGoogleTvNetwork?: boolean;
  targetPartnerSearchNetwork?: boolean;
  targetSearchNetwork?: boolean;
  targetYoutube?: boolean;
}

/** The bidding scheme messages of a campaign or a portfolio strategy, by their field names. */
export type BiddingSchemeField =
  'targetCpa' | 'targetRoas' | 'maximizeConversions' | 'maximizeConversionValue' | 'targetImpressionShare' | 'targetSpend';
/** Any bidding scheme's fields (each scheme holds some of them). */
export interface BiddingScheme {
  targetCpaMicros?: string;
  targetRoas?: number;
  location?: string;
  locationFractionMicros?: string;
  cpcBidCeilingMicros?: string;
  cpcBidFloorMicros?: string;
}

// Answers.

/** GoogleAdsService.Search */
export interface SearchResponse {
  results?: GoogleAdsRow[];
  nextPageToken?: string;
}
/** The result of one operation of a mutate. */
export interface MutateResult {
  resourceName: string;
}
/** <Resource>Service.Mutate<Resources> */
export interface MutateResponse {
  results?: MutateResult[];
}
/** GoogleAdsService.Mutate: one `<resource>Result` per operation. */
export interface MutateAllResponse {
  mutateOperationResponses?: Record<string, MutateResult | undefined>[];
}
/** CustomerService.ListAccessibleCustomers */
export interface ListAccessibleCustomersResponse {
  resourceNames?: string[];
}
/** KeywordPlanIdeaService.GenerateKeywordIdeas: one idea. */
export interface KeywordIdea {
  text?: string;
  keywordIdeaMetrics?: {
    avgMonthlySearches?: string;
    competition?: string;
    competitionIndex?: string;
    lowTopOfPageBidMicros?: string;
    highTopOfPageBidMicros?: string;
    monthlySearchVolumes?: { year?: string; month?: string; monthlySearches?: string }[];
  };
}
export interface GenerateKeywordIdeasResponse {
  results?: KeywordIdea[];
}
/** GeoTargetConstantService.SuggestGeoTargetConstants: one suggestion. */
export interface GeoTargetConstantSuggestion {
  locale?: string;
  reach?: string;
  searchTerm?: string;
  geoTargetConstant?: GeoTargetConstant;
  geoTargetConstantParents?: GeoTargetConstant[];
}
export interface SuggestGeoTargetConstantsResponse {
  geoTargetConstantSuggestions?: GeoTargetConstantSuggestion[];
}
/** An answer of a custom method (`offlineUserDataJobs:create`, `productLinkInvitations:update`...). */
export interface MethodResponse {
  resourceName?: string;
  [field: string]: unknown;
}

// Writes.

/** A resource's fields as an operation writes them (nested messages as objects, built by path). */
export type WireBody = Record<string, unknown>;
/** One operation of a `<resources>:mutate`: create, update (with the mask of the fields it sets) or remove. */
export type Operation = { create: WireBody } | { update: WireBody; updateMask: string } | { remove: string };
/** One operation of `googleAds:mutate`: `{ campaignOperation: Operation }`, `{ assetGroupOperation: ... }`. */
export type MutateOperation = Partial<Record<`${string}Operation`, Operation>>;

// Failures.

/** QuotaErrorDetails: the delay a rate-limited caller should wait (a duration such as `"17s"`). */
export interface QuotaErrorDetails {
  rateScope?: string;
  rateName?: string;
  retryDelay?: string;
}
/** GoogleAdsError: its code as `{ <category>: <value> }` (`{ fieldError: 'REQUIRED' }`). */
export interface GoogleAdsError {
  errorCode?: Record<string, string>;
  message?: string;
  location?: { fieldPathElements?: { fieldName?: string; index?: number }[] };
  details?: { quotaErrorDetails?: QuotaErrorDetails };
}
/** The failure body: google.rpc.Status with GoogleAdsFailure details. */
export interface FailureBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; errors?: GoogleAdsError[]; requestId?: string }[];
  };
}
