/**
 * Mutable resources of the fake search platform, campaigns family: campaigns (bidding strategies by channel, network settings, dates, frequency caps, shopping and app settings), campaign budgets, ad groups, ad group ads (responsive search and display ads, shopping, app and Demand Gen ads) and ads.
 */
import {
  DATE_TIME,
  DEMAND_GEN_CHANNEL_KEYS,
  ENUM,
  type FakeCustomer,
  type MutableSpec,
  type Obj,
  assetLinks,
  camel,
  checkBid,
  invalid,
  markRemoved,
  newId,
  refOf,
  removeFrom,
  required,
  texts,
  today,
} from './searchads-api-core';

/** The parts of a responsive display ad beyond headlines and descriptions (snake_case). */
export const RDA_PARTS = [
  'long_headline',
  'business_name',
  'marketing_images',
  'square_marketing_images',
  'logo_images',
  'square_logo_images',
  'youtube_videos',
  'call_to_action_text',
  'main_color',
  'accent_color',
  'promo_text',
];
export const RDA_PATHS = ['headlines', 'descriptions', ...RDA_PARTS].map((f) => `responsiveDisplayAd.${camel(f)}`);

/** The bidding strategy fields of a campaign (a oneof) and the type each stands for. */
export const BIDDING_STRATEGIES: [string, string][] = [
  ['manualCpc', 'MANUAL_CPC'],
  ['targetSpend', 'TARGET_SPEND'],
  ['maximizeConversions', 'MAXIMIZE_CONVERSIONS'],
  ['maximizeConversionValue', 'MAXIMIZE_CONVERSION_VALUE'],
  ['targetCpa', 'TARGET_CPA'],
  ['targetRoas', 'TARGET_ROAS'],
  ['targetImpressionShare', 'TARGET_IMPRESSION_SHARE'],
];
/** The schemes of a portfolio bidding strategy (a oneof) and the type each stands for. */
export const PORTFOLIO_SCHEMES: [string, string][] = [
  ['targetCpa', 'TARGET_CPA'],
  ['targetRoas', 'TARGET_ROAS'],
  ['maximizeConversions', 'MAXIMIZE_CONVERSIONS'],
  ['maximizeConversionValue', 'MAXIMIZE_CONVERSION_VALUE'],
  ['targetImpressionShare', 'TARGET_IMPRESSION_SHARE'],
  ['targetSpend', 'TARGET_SPEND'],
];
export const BIDDING_PATHS = [
  'manualCpc',
  'manualCpc.enhancedCpcEnabled',
  'targetSpend',
  'maximizeConversions',
  'maximizeConversions.targetCpaMicros',
  'maximizeConversionValue',
  'maximizeConversionValue.targetRoas',
  'targetCpa.targetCpaMicros',
  'targetRoas.targetRoas',
  'targetImpressionShare',
  'targetImpressionShare.location',
  'targetImpressionShare.locationFractionMicros',
];
/** Portfolio strategy types each channel can use (Performance Max and video take none). */
export const PORTFOLIO_BY_CHANNEL: Record<string, string[]> = {
  SEARCH: ['TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_IMPRESSION_SHARE', 'TARGET_SPEND'],
  DISPLAY: ['TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_SPEND'],
  SHOPPING: ['TARGET_ROAS', 'TARGET_SPEND'],
  PERFORMANCE_MAX: [],
  VIDEO: [],
};

export const BIDDING_BY_CHANNEL: Record<string, string[]> = {
  SEARCH: [
    'MANUAL_CPC',
    'TARGET_SPEND',
    'MAXIMIZE_CONVERSIONS',
    'MAXIMIZE_CONVERSION_VALUE',
    'TARGET_CPA',
    'TARGET_ROAS',
    'TARGET_IMPRESSION_SHARE',
  ],
  DISPLAY: ['MANUAL_CPC', 'TARGET_SPEND', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS'],
  SHOPPING: ['MANUAL_CPC', 'TARGET_SPEND', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_ROAS'],
  PERFORMANCE_MAX: ['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'],
  VIDEO: ['MAXIMIZE_CONVERSIONS', 'TARGET_CPA', 'MANUAL_CPC'],
  DEMAND_GEN: ['TARGET_SPEND', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS'],
  MULTI_CHANNEL: ['TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CONVERSIONS'],
};
export const APP_SUB_TYPES = ['APP_CAMPAIGN', 'APP_CAMPAIGN_FOR_ENGAGEMENT', 'APP_CAMPAIGN_FOR_PRE_REGISTRATION'];
export const APP_GOALS = [
  'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST',
  'OPTIMIZE_IN_APP_CONVERSIONS_TARGET_INSTALL_COST',
  'OPTIMIZE_IN_APP_CONVERSIONS_TARGET_CONVERSION_COST',
  'OPTIMIZE_RETURN_ON_ADVERTISING_SPEND',
  'OPTIMIZE_PRE_REGISTRATION_CONVERSION_VOLUME',
  'OPTIMIZE_INSTALLS_WITHOUT_TARGET_INSTALL_COST',
];

export const RSA_LIMITS = { headlines: [3, 15, 30], descriptions: [2, 4, 90] } as const;
export const checkResponsiveSearchAd = (rsa: Obj | undefined, where: (f: string) => Obj) => {
  if (!rsa) return;
  for (const [field, [min, max, length]] of Object.entries(RSA_LIMITS)) {
    const list: Obj[] = rsa[field] ?? [];
    if (list.length < min)
      throw invalid(
        'adError',
        field === 'headlines' ? 'TOO_FEW_HEADLINES' : 'TOO_FEW_DESCRIPTIONS',
        `Too few ${field}.`,
        where(`responsive_search_ad.${field}`),
      );
    if (list.length > max)
      throw invalid(
        'adError',
        field === 'headlines' ? 'TOO_MANY_HEADLINES' : 'TOO_MANY_DESCRIPTIONS',
        `Too many ${field}.`,
        where(`responsive_search_ad.${field}`),
      );
    for (const item of list)
      if (!item.text || String(item.text).length > length)
        throw invalid(
          'stringLengthError',
          'TOO_LONG',
          `A ${field.slice(0, -1)} is too long (max ${length}).`,
          where(`responsive_search_ad.${field}`),
        );
  }
  for (const path of ['path1', 'path2'])
    if (rsa[path] !== undefined && String(rsa[path]).length > 15)
      throw invalid('stringLengthError', 'TOO_LONG', `${path} is too long (max 15).`, where(`responsive_search_ad.${path}`));
};
/** The platform's responsive display ad rules: counts and lengths of texts, image slots (type, aspect ratio, minimum size, totals), colours. */
export const checkResponsiveDisplayAd = (c: FakeCustomer, rda: Obj, where: (f: string) => Obj) => {
  const texts: [string, number, number, number][] = [
    ['headlines', 1, 5, 30],
    ['descriptions', 1, 5, 90],
  ];
  for (const [field, min, max, length] of texts) {
    const list: Obj[] = rda[field] ?? [];
    if (list.length < min || list.length > max)
      throw invalid(
        'adError',
        field === 'headlines' ? 'TOO_MANY_HEADLINES' : 'TOO_MANY_DESCRIPTIONS',
        `${field}: ${min}-${max} are needed.`,
        where(`responsive_display_ad.${field}`),
      );
    for (const item of list)
      if (!item.text || String(item.text).length > length)
        throw invalid('stringLengthError', 'TOO_LONG', `Too long (max ${length}).`, where(`responsive_display_ad.${field}`));
  }
  required('responsive_display_ad.long_headline', rda.longHeadline?.text, where);
  if (String(rda.longHeadline.text).length > 90)
    throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 90).', where('responsive_display_ad.long_headline'));
  required('responsive_display_ad.business_name', rda.businessName, where);
  if (String(rda.businessName).length > 25)
    throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 25).', where('responsive_display_ad.business_name'));
  if (rda.callToActionText !== undefined && String(rda.callToActionText).length > 30)
    throw invalid('stringLengthError', 'TOO_LONG', 'Too long (max 30).', where('responsive_display_ad.call_to_action_text'));
  if (Boolean(rda.mainColor) !== Boolean(rda.accentColor))
    throw invalid('adError', 'MISSING_COLOR', 'Both main and accent colour, or neither.', where('responsive_display_ad.main_color'));
  for (const color of [rda.mainColor, rda.accentColor])
    if (color !== undefined && !/^#[0-9a-f]{6}$/i.test(color))
      throw invalid('adError', 'INVALID_COLOR', 'Colours are #RRGGBB.', where('responsive_display_ad.main_color'));
  const slots: [string, number, number, number, number][] = [
    ['marketingImages', 1.91, 600, 314, 1],
    ['squareMarketingImages', 1, 300, 300, 1],
    ['logoImages', 4, 512, 128, 0],
    ['squareLogoImages', 1, 128, 128, 0],
  ];
  for (const [slot, ratio, minW, minH, min] of slots) {
    const list: Obj[] = rda[slot] ?? [];
    if (list.length < min)
      throw invalid('adError', 'MISSING_MARKETING_IMAGE', `At least ${min} ${slot} required.`, where(`responsive_display_ad.${slot}`));
    for (const image of list) {
      const asset = c.assets.find((a) => a.resourceName === image.asset);
      if (!asset || asset.type !== 'IMAGE')
        throw invalid(
          'mediaBundleError',
          'INVALID_MEDIA',
          `Asset ${image.asset} is not an image asset.`,
          where(`responsive_display_ad.${slot}`),
        );
      const { widthPixels: w, heightPixels: h } = asset.imageAsset.fullSize;
      if (Math.abs(w / h - ratio) > ratio * 0.01 || w < minW || h < minH)
        throw invalid(
          'imageError',
          'ASPECT_RATIO_NOT_ALLOWED',
          `Image ${asset.id} (${w}x${h}) does not fit ${slot}.`,
          where(`responsive_display_ad.${slot}`),
        );
    }
  }
  if ((rda.marketingImages?.length ?? 0) + (rda.squareMarketingImages?.length ?? 0) > 15)
    throw invalid('adError', 'TOO_MANY_MARKETING_IMAGES', 'At most 15 marketing images.', where('responsive_display_ad.marketing_images'));
  const videos: Obj[] = rda.youtubeVideos ?? [];
  if (videos.length > 5)
    throw invalid('adError', 'TOO_MANY_YOUTUBE_VIDEOS', 'At most 5 videos.', where('responsive_display_ad.youtube_videos'));
  for (const video of videos) {
    if (!c.assets.some((a) => a.resourceName === video.asset && a.type === 'YOUTUBE_VIDEO'))
      throw invalid(
        'mediaBundleError',
        'INVALID_MEDIA',
        `Asset ${video.asset} is not a video asset.`,
        where('responsive_display_ad.youtube_videos'),
      );
  }
  if ((rda.logoImages?.length ?? 0) + (rda.squareLogoImages?.length ?? 0) > 5)
    throw invalid('adError', 'TOO_MANY_LOGO_IMAGES', 'At most 5 logos.', where('responsive_display_ad.logo_images'));
};
/** Frequency caps: display and video campaigns only, known enums, a positive cap, one cap per key. */
export const checkFrequencyCaps = (campaign: Obj, where: (f: string) => Obj) => {
  if (!['DISPLAY', 'VIDEO'].includes(campaign.advertisingChannelType))
    throw invalid(
      'campaignError',
      'FREQUENCY_CAP_NOT_SUPPORTED',
      `Frequency caps are not supported for ${campaign.advertisingChannelType} campaigns.`,
      where('frequency_caps'),
    );
  const keys = new Set<string>();
  for (const f of campaign.frequencyCaps ?? []) {
    ENUM('frequency_caps.key.level', f.key?.level, ['CAMPAIGN', 'AD_GROUP', 'AD_GROUP_AD'], where);
    ENUM('frequency_caps.key.event_type', f.key?.eventType, ['IMPRESSION', 'VIDEO_VIEW'], where);
    ENUM('frequency_caps.key.time_unit', f.key?.timeUnit, ['DAY', 'WEEK', 'MONTH'], where);
    if (!Number.isInteger(Number(f.cap)) || Number(f.cap) < 1)
      throw invalid('frequencyCapError', 'CAP_MUST_BE_POSITIVE', 'A frequency cap must be positive.', where('frequency_caps.cap'));
    const key = JSON.stringify(f.key);
    if (keys.has(key))
      throw invalid('frequencyCapError', 'DUPLICATE_FREQUENCY_CAP', 'Two frequency caps have the same key.', where('frequency_caps'));
    keys.add(key);
  }
};

/** Mutate specs of this family's resources (by service name). */
export const CAMPAIGN_MUTABLE: Record<string, MutableSpec> = {
  campaigns: {
    list: 'campaigns',
    update: [
      'name',
      'status',
      'networkSettings.targetGoogleSearch',
      'networkSettings.targetSearchNetwork',
      'networkSettings.targetContentNetwork',
      'networkSettings.targetPartnerSearchNetwork',
      'networkSettings.targetYoutube',
      'networkSettings.targetGoogleTvNetwork',
      'targetingSetting.targetRestrictions',
      'aiMaxSetting.enableAiMax',
      'trackingUrlTemplate',
      'finalUrlSuffix',
      'urlCustomParameters',
      'startDateTime',
      'endDateTime',
      'campaignBudget',
      'biddingStrategy',
      'frequencyCaps',
      ...BIDDING_PATHS,
    ],
    create: [
      'name',
      'status',
      'advertisingChannelType',
      'campaignBudget',
      'containsEuPoliticalAdvertising',
      'startDateTime',
      'endDateTime',
      'finalUrlSuffix',
      'brandGuidelinesEnabled',
      ...BIDDING_PATHS,
      'advertisingChannelSubType',
      'shoppingSetting.merchantId',
      'shoppingSetting.feedLabel',
      'shoppingSetting.campaignPriority',
      'shoppingSetting.enableLocal',
      'appCampaignSetting.appId',
      'appCampaignSetting.appStore',
      'appCampaignSetting.biddingStrategyGoalType',
      'networkSettings.targetGoogleSearch',
      'networkSettings.targetSearchNetwork',
      'networkSettings.targetContentNetwork',
      'networkSettings.targetPartnerSearchNetwork',
      'networkSettings.targetYoutube',
      'networkSettings.targetGoogleTvNetwork',
    ],
    build(c, create, where) {
      ENUM(
        'advertising_channel_type',
        create.advertisingChannelType,
        ['SEARCH', 'DISPLAY', 'SHOPPING', 'VIDEO', 'PERFORMANCE_MAX', 'DEMAND_GEN', 'MULTI_CHANNEL'],
        where,
      );
      const shopping = create.shoppingSetting;
      if (shopping !== undefined && create.advertisingChannelType !== 'SHOPPING')
        throw invalid(
          'campaignError',
          'SHOPPING_SETTING_NOT_ALLOWED',
          'Only Shopping campaigns take a shopping setting.',
          where('shopping_setting'),
        );
      if (create.advertisingChannelType === 'SHOPPING') {
        required('shopping_setting.merchant_id', shopping?.merchantId, where);
        if (!c.productLinks.some((l) => String(l.merchantCenter?.merchantCenterId) === String(shopping.merchantId))) {
          throw invalid(
            'campaignError',
            'MERCHANT_NOT_ALLOWED_FOR_SHOPPING_CAMPAIGN',
            `Merchant Center ${shopping.merchantId} is not linked to the customer.`,
            where('shopping_setting.merchant_id'),
          );
        }
        const priority = Number(shopping.campaignPriority ?? 0);
        if (!Number.isInteger(priority) || priority < 0 || priority > 2)
          throw invalid(
            'campaignError',
            'INVALID_CAMPAIGN_PRIORITY',
            'The campaign priority is 0, 1 or 2.',
            where('shopping_setting.campaign_priority'),
          );
      }
      const app = create.appCampaignSetting;
      if ((app !== undefined || create.advertisingChannelSubType !== undefined) && create.advertisingChannelType !== 'MULTI_CHANNEL')
        throw invalid(
          'campaignError',
          'APP_CAMPAIGN_SETTING_NOT_ALLOWED',
          'Only App campaigns take an app campaign setting.',
          where('app_campaign_setting'),
        );
      if (create.advertisingChannelType === 'MULTI_CHANNEL') {
        ENUM('advertising_channel_sub_type', create.advertisingChannelSubType, APP_SUB_TYPES, where);
        required('app_campaign_setting.app_id', app?.appId, where);
        ENUM('app_campaign_setting.app_store', app.appStore, ['GOOGLE_APP_STORE', 'APPLE_APP_STORE'], where);
        ENUM('app_campaign_setting.bidding_strategy_goal_type', app.biddingStrategyGoalType, APP_GOALS, where);
        if (create.advertisingChannelSubType === 'APP_CAMPAIGN_FOR_PRE_REGISTRATION' && app.appStore !== 'GOOGLE_APP_STORE')
          throw invalid('campaignError', 'APP_NOT_FOUND', 'Pre-registration is for Android apps.', where('app_campaign_setting.app_store'));
      }
      refOf(c, 'budgets', create.campaignBudget, 'campaign_budget', where);
      ENUM(
        'contains_eu_political_advertising',
        create.containsEuPoliticalAdvertising,
        ['CONTAINS_EU_POLITICAL_ADVERTISING', 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING'],
        where,
      );
      if (create.brandGuidelinesEnabled === true && create.advertisingChannelType !== 'PERFORMANCE_MAX')
        throw invalid(
          'campaignError',
          'BRAND_GUIDELINES_UNSUPPORTED_CHANNEL',
          'Brand Guidelines cannot be set for this channel type. Brand Guidelines supports Performance Max campaigns.',
          where('brand_guidelines_enabled'),
        );
      const id = newId(11);
      return {
        // New Performance Max campaigns have brand guidelines unless the create turns them off (the default since v21).
        ...(create.advertisingChannelType === 'PERFORMANCE_MAX' ? { brandGuidelinesEnabled: true } : {}),
        urlCustomParameters: [],
        labels: [],
        frequencyCaps: [],
        startDateTime: `${today()} 00:00:00`,
        networkSettings: {},
        ...structuredClone(create),
        id,
        resourceName: `customers/${c.id}/campaigns/${id}`,
      };
    },
    validate(c, campaign, where, before) {
      // Exactly one bidding strategy: the one set last replaces the others (a oneof on the platform,
      // with the portfolio `bidding_strategy` as one of its members).
      const set = BIDDING_STRATEGIES.filter(
        ([field]) => campaign[field] !== undefined && (!before || JSON.stringify(campaign[field]) !== JSON.stringify(before[field])),
      );
      const portfolioSet = campaign.biddingStrategy !== undefined && campaign.biddingStrategy !== before?.biddingStrategy;
      if (portfolioSet && set.length)
        throw invalid('mutateError', 'INVALID_OPERATION', 'Only one bidding strategy may be set.', where('campaign_bidding_strategy'));
      if (campaign.biddingStrategy !== undefined && !set.length) {
        const portfolio = refOf(c, 'biddingStrategies', campaign.biddingStrategy, 'bidding_strategy', where);
        if (portfolio.status === 'REMOVED')
          throw invalid('biddingStrategyError', 'BIDDING_STRATEGY_REMOVED', 'The bidding strategy was removed.', where('bidding_strategy'));
        if (!PORTFOLIO_BY_CHANNEL[campaign.advertisingChannelType]?.includes(portfolio.type)) {
          throw invalid(
            'biddingStrategyError',
            'BIDDING_STRATEGY_NOT_SUPPORTED',
            `A ${portfolio.type} portfolio strategy is not supported for ${campaign.advertisingChannelType} campaigns.`,
            where('bidding_strategy'),
          );
        }
        for (const [field] of BIDDING_STRATEGIES) campaign[field] = undefined;
        campaign.biddingStrategyType = portfolio.type;
      } else {
        const strategy = set[0] ?? BIDDING_STRATEGIES.find(([field]) => campaign[field] !== undefined);
        if (!strategy)
          throw invalid('biddingError', 'BIDDING_STRATEGY_REQUIRED', 'A bidding strategy must be set.', where('campaign_bidding_strategy'));
        if (set.length > 1)
          throw invalid('mutateError', 'INVALID_OPERATION', 'Only one bidding strategy may be set.', where('campaign_bidding_strategy'));
        for (const [field] of BIDDING_STRATEGIES) if (field !== strategy[0]) campaign[field] = undefined;
        campaign.biddingStrategy = undefined;
        campaign.biddingStrategyType = strategy[1];
        if (!BIDDING_BY_CHANNEL[campaign.advertisingChannelType]?.includes(strategy[1])) {
          throw invalid(
            'biddingError',
            'BIDDING_STRATEGY_NOT_SUPPORTED_WITH_AD_SCHEDULE',
            `${strategy[1]} is not supported for ${campaign.advertisingChannelType} campaigns.`,
            where('campaign_bidding_strategy'),
          );
        }
      }
      if (campaign.campaignBudget !== before?.campaignBudget) {
        const budget = refOf(c, 'budgets', campaign.campaignBudget, 'campaign_budget', where);
        if (budget.status === 'REMOVED')
          throw invalid(
            'campaignBudgetError',
            'CAMPAIGN_BUDGET_REMOVED',
            'The requested campaign budget no longer exists.',
            where('campaign_budget'),
          );
        if (budget.explicitlyShared && campaign.advertisingChannelType === 'PERFORMANCE_MAX') {
          throw invalid(
            'campaignBudgetError',
            'CAMPAIGN_BUDGET_CANNOT_BE_SHARED',
            'A Performance Max campaign cannot use a shared budget.',
            where('campaign_budget'),
          );
        }
        if (
          !budget.explicitlyShared &&
          c.campaigns.some((x) => x.resourceName !== campaign.resourceName && x.campaignBudget === budget.resourceName)
        ) {
          throw invalid(
            'campaignBudgetError',
            'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS',
            'Only explicitly shared campaign budgets can be used with multiple campaigns.',
            where('campaign_budget'),
          );
        }
      }
      const cpa = campaign.maximizeConversions?.targetCpaMicros;
      if (cpa !== undefined && (Number(cpa) <= 0 || Number(cpa) % 10_000 !== 0))
        throw invalid('biddingError', 'INVALID_TARGET_CPA', 'The target CPA is invalid.', where('maximize_conversions.target_cpa_micros'));
      required('name', campaign.name, where);
      ENUM('status', campaign.status, ['ENABLED', 'PAUSED', 'REMOVED'], where);
      if (before?.status === 'REMOVED')
        throw invalid('campaignError', 'CANNOT_MODIFY_REMOVED_CAMPAIGN', 'Cannot modify a removed campaign.', where('status'));
      if (
        c.campaigns.some(
          (x) => x !== before && x.resourceName !== campaign.resourceName && x.status !== 'REMOVED' && x.name === campaign.name,
        )
      ) {
        throw invalid('campaignError', 'DUPLICATE_CAMPAIGN_NAME', 'A campaign with this name already exists.', where('name'));
      }
      for (const field of ['startDateTime', 'endDateTime']) {
        if (campaign[field] !== undefined && !DATE_TIME.test(campaign[field]))
          throw invalid(
            'dateError',
            'INVALID_STRING_DATE_TIME_SECONDS',
            `The string date time's format should be yyyy-mm-dd hh:mm:ss (${field}).`,
            where(field),
          );
      }
      if (before && campaign.startDateTime !== before.startDateTime && before.startDateTime.slice(0, 10) <= today()) {
        throw invalid(
          'campaignError',
          'CANNOT_MODIFY_START_DATE_IF_ALREADY_STARTED',
          'Cannot modify the start date of a campaign that has already started.',
          where('start_date_time'),
        );
      }
      if (campaign.endDateTime && campaign.endDateTime.slice(0, 10) < campaign.startDateTime.slice(0, 10))
        throw invalid(
          'dateError',
          'DATE_RANGE_MINIMUM_DATE_LATER_THAN_MAXIMUM_DATE',
          'Date range bounds are not in order.',
          where('end_date_time'),
        );
      if (before && JSON.stringify(campaign.frequencyCaps ?? []) !== JSON.stringify(before.frequencyCaps ?? []))
        checkFrequencyCaps(campaign, where);
      if (campaign.trackingUrlTemplate !== undefined && !/\{(lpurl|unescapedlpurl|escapedlpurl)/.test(campaign.trackingUrlTemplate)) {
        throw invalid(
          'urlFieldError',
          'MISSING_URL_TAG',
          'The tracking url template must contain a url tag such as {lpurl}.',
          where('tracking_url_template'),
        );
      }
    },
    remove: removeFrom,
  },
  campaignBudgets: {
    list: 'budgets',
    update: ['amountMicros'],
    create: ['name', 'amountMicros', 'deliveryMethod', 'explicitlyShared'],
    build(c, create, where) {
      required('name', create.name, where);
      if (create.deliveryMethod !== undefined) ENUM('delivery_method', create.deliveryMethod, ['STANDARD', 'ACCELERATED'], where);
      if (c.budgets.some((b) => b.name === create.name))
        throw invalid('campaignBudgetError', 'DUPLICATE_NAME', 'A budget with this name already exists.', where('name'));
      const id = newId(10);
      return {
        id,
        resourceName: `customers/${c.id}/campaignBudgets/${id}`,
        explicitlyShared: false,
        deliveryMethod: 'STANDARD',
        status: 'ENABLED',
        ...create,
      };
    },
    validate(_c, budget, where) {
      required('amount_micros', budget.amountMicros, where);
      const micros = Number(budget.amountMicros);
      if (!Number.isInteger(micros) || micros <= 0)
        throw invalid('campaignBudgetError', 'MONEY_AMOUNT_TOO_SMALL', 'The budget amount is too small.', where('amount_micros'));
      if (micros % 10_000 !== 0)
        throw invalid(
          'campaignBudgetError',
          'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
          'The budget amount is not a multiple of the minimum currency unit.',
          where('amount_micros'),
        );
    },
    remove: removeFrom,
  },
  adGroups: {
    list: 'adGroups',
    update: [
      'name',
      'status',
      'cpcBidMicros',
      'demandGenAdGroupSettings.channelControls.channelStrategy',
      ...DEMAND_GEN_CHANNEL_KEYS.map((k) => `demandGenAdGroupSettings.channelControls.selectedChannels.${k}`),
    ],
    create: [
      'campaign',
      'name',
      'status',
      'type',
      'cpcBidMicros',
      'demandGenAdGroupSettings.channelControls.channelStrategy',
      ...DEMAND_GEN_CHANNEL_KEYS.map((k) => `demandGenAdGroupSettings.channelControls.selectedChannels.${k}`),
    ],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      const untyped = ['DEMAND_GEN', 'MULTI_CHANNEL'].includes(campaign.advertisingChannelType);
      if (untyped && create.type !== undefined)
        throw invalid(
          'adGroupError',
          'AD_GROUP_TYPE_NOT_VALID_FOR_ADVERTISING_CHANNEL_TYPE',
          `Ad groups of ${campaign.advertisingChannelType} campaigns have no type.`,
          where('type'),
        );
      if (!untyped) ENUM('type', create.type, ['SEARCH_STANDARD', 'DISPLAY_STANDARD', 'SHOPPING_PRODUCT_ADS', 'VIDEO_RESPONSIVE'], where);
      if (create.type === 'SHOPPING_PRODUCT_ADS' && campaign.advertisingChannelType !== 'SHOPPING')
        throw invalid(
          'adGroupError',
          'AD_GROUP_TYPE_NOT_VALID_FOR_ADVERTISING_CHANNEL_TYPE',
          'SHOPPING_PRODUCT_ADS ad groups belong to Shopping campaigns.',
          where('type'),
        );
      if (create.demandGenAdGroupSettings !== undefined && campaign.advertisingChannelType !== 'DEMAND_GEN')
        throw invalid(
          'adGroupError',
          'INVALID_DEMAND_GEN_AD_GROUP_SETTINGS',
          'Only Demand Gen ad groups have channel controls.',
          where('demand_gen_ad_group_settings'),
        );
      const id = newId(11);
      return {
        id,
        resourceName: `customers/${c.id}/adGroups/${id}`,
        ...(untyped ? { type: 'UNSPECIFIED' } : {}),
        ...structuredClone(create),
      };
    },
    validate(c, group, where, before) {
      const controls = group.demandGenAdGroupSettings?.channelControls;
      if (controls) {
        // A oneof: the member this request set replaces the other.
        if (controls.channelStrategy !== undefined && controls.selectedChannels !== undefined) {
          const changedSelection =
            JSON.stringify(controls.selectedChannels) !==
            JSON.stringify(before?.demandGenAdGroupSettings?.channelControls?.selectedChannels);
          if (changedSelection) delete controls.channelStrategy;
          else delete controls.selectedChannels;
        }
        if (controls.channelStrategy !== undefined)
          ENUM(
            'demand_gen_ad_group_settings.channel_controls.channel_strategy',
            controls.channelStrategy,
            ['ALL_CHANNELS', 'ALL_OWNED_AND_OPERATED_CHANNELS'],
            where,
          );
        if (controls.selectedChannels !== undefined && !Object.values(controls.selectedChannels).some(Boolean)) {
          throw invalid(
            'adGroupError',
            'INVALID_DEMAND_GEN_CHANNEL_CONTROLS',
            'Selected channels need at least one channel on.',
            where('demand_gen_ad_group_settings.channel_controls.selected_channels'),
          );
        }
      }
      if (before?.status === 'REMOVED')
        throw invalid('adGroupError', 'CANNOT_MODIFY_REMOVED_AD_GROUP', 'A removed ad group cannot be changed.', where('status'));
      required('name', group.name, where);
      ENUM('status', group.status, ['ENABLED', 'PAUSED', 'REMOVED'], where);
      checkBid(group.cpcBidMicros, where);
      if (
        c.adGroups.some(
          (g) =>
            g !== before &&
            g.resourceName !== group.resourceName &&
            g.campaign === group.campaign &&
            g.status !== 'REMOVED' &&
            g.name === group.name,
        )
      ) {
        throw invalid(
          'adGroupError',
          'DUPLICATE_ADGROUP_NAME',
          'An ad group with this name already exists in the campaign.',
          where('name'),
        );
      }
    },
    remove: removeFrom,
  },
  adGroupAds: {
    list: 'ads',
    update: ['status'],
    create: [
      'adGroup',
      'status',
      'ad.finalUrls',
      'ad.responsiveSearchAd.headlines',
      'ad.responsiveSearchAd.descriptions',
      'ad.responsiveSearchAd.path1',
      'ad.responsiveSearchAd.path2',
      ...RDA_PATHS.map((p) => `ad.${p}`),
      'ad.shoppingProductAd',
      'ad.appAd.headlines',
      'ad.appAd.descriptions',
      'ad.appAd.images',
      'ad.appAd.youtubeVideos',
      'ad.demandGenMultiAssetAd.headlines',
      'ad.demandGenMultiAssetAd.descriptions',
      'ad.demandGenMultiAssetAd.businessName',
      'ad.demandGenMultiAssetAd.callToActionText',
      'ad.demandGenMultiAssetAd.marketingImages',
      'ad.demandGenMultiAssetAd.squareMarketingImages',
      'ad.demandGenMultiAssetAd.logoImages',
      'ad.demandGenVideoResponsiveAd.headlines',
      'ad.demandGenVideoResponsiveAd.longHeadlines',
      'ad.demandGenVideoResponsiveAd.descriptions',
      'ad.demandGenVideoResponsiveAd.videos',
      'ad.demandGenVideoResponsiveAd.logoImages',
      'ad.demandGenVideoResponsiveAd.businessName.text',
    ],
    build(c, create, where) {
      const group = refOf(c, 'adGroups', create.adGroup, 'ad_group', where);
      const channel = c.campaigns.find((x) => x.resourceName === group.campaign)?.advertisingChannelType;
      const kinds = ['responsiveSearchAd', 'shoppingProductAd', 'appAd', 'demandGenMultiAssetAd', 'demandGenVideoResponsiveAd'].filter(
        (k) => create.ad?.[k] !== undefined,
      );
      if (kinds.length > 1) throw invalid('adError', 'AD_TYPE_NOT_SUPPORTED', 'An ad has one type.', where('ad'));
      const typed = (type: string, info: string, allowed: boolean, fields: Obj) => {
        if (!allowed)
          throw invalid(
            'adError',
            'AD_TYPE_NOT_SUPPORTED',
            `${type} ads do not belong to this ad group (${channel}, ${group.type}).`,
            where('ad'),
          );
        const id = newId(12);
        const ad = {
          id,
          resourceName: `customers/${c.id}/ads/${id}`,
          type,
          ...(create.ad.finalUrls ? { finalUrls: create.ad.finalUrls } : {}),
          [info]: fields,
        };
        c.adObjects.push(ad);
        return {
          resourceName: `customers/${c.id}/adGroupAds/${group.id}~${id}`,
          status: create.status ?? 'ENABLED',
          adGroup: group.resourceName,
          ad,
        };
      };
      const needsUrl = () => {
        if (!Array.isArray(create.ad.finalUrls) || !create.ad.finalUrls.length)
          throw invalid('adError', 'FINAL_URL_REQUIRED', 'A final URL is required.', where('ad.final_urls'));
      };
      switch (kinds[0]) {
        case 'shoppingProductAd':
          if (c.ads.some((a) => a.adGroup === group.resourceName && a.status !== 'REMOVED' && a.ad.type === 'SHOPPING_PRODUCT_AD'))
            throw invalid('adGroupAdError', 'AD_GROUP_AD_ALREADY_EXISTS', 'The ad group already has a product ad.', where('ad'));
          return typed('SHOPPING_PRODUCT_AD', 'shoppingProductAd', group.type === 'SHOPPING_PRODUCT_ADS', {});
        case 'appAd': {
          const info = create.ad.appAd;
          texts(info.headlines, 'headlines', 1, 5, 30, where);
          texts(info.descriptions, 'descriptions', 1, 5, 90, where);
          assetLinks(c, info.images, 'images', 'IMAGE', 0, 20, where);
          assetLinks(c, info.youtubeVideos, 'youtubeVideos', 'YOUTUBE_VIDEO', 0, 20, where);
          return typed('APP_AD', 'appAd', channel === 'MULTI_CHANNEL', info);
        }
        case 'demandGenMultiAssetAd': {
          const info = create.ad.demandGenMultiAssetAd;
          needsUrl();
          texts(info.headlines, 'headlines', 1, 5, 30, where);
          texts(info.descriptions, 'descriptions', 1, 5, 90, where);
          required('business_name', info.businessName, where);
          if (String(info.businessName).length > 25)
            throw invalid('stringLengthError', 'TOO_LONG', 'The business name is at most 25 characters.', where('business_name'));
          assetLinks(c, info.marketingImages, 'marketingImages', 'IMAGE', 0, 20, where);
          assetLinks(c, info.squareMarketingImages, 'squareMarketingImages', 'IMAGE', 0, 20, where);
          assetLinks(c, info.logoImages, 'logoImages', 'IMAGE', 1, 5, where);
          if (!(info.marketingImages?.length || info.squareMarketingImages?.length))
            throw invalid(
              'adError',
              'MARKETING_IMAGE_REQUIRED',
              'A marketing or square marketing image is required.',
              where('marketing_images'),
            );
          return typed('DEMAND_GEN_MULTI_ASSET_AD', 'demandGenMultiAssetAd', channel === 'DEMAND_GEN', info);
        }
        case 'demandGenVideoResponsiveAd': {
          const info = create.ad.demandGenVideoResponsiveAd;
          needsUrl();
          texts(info.headlines, 'headlines', 1, 5, 40, where);
          texts(info.longHeadlines, 'long_headlines', 1, 5, 90, where);
          texts(info.descriptions, 'descriptions', 1, 5, 90, where);
          required('business_name.text', info.businessName?.text, where);
          assetLinks(c, info.videos, 'videos', 'YOUTUBE_VIDEO', 1, 5, where);
          assetLinks(c, info.logoImages, 'logoImages', 'IMAGE', 1, 5, where);
          return typed('DEMAND_GEN_VIDEO_RESPONSIVE_AD', 'demandGenVideoResponsiveAd', channel === 'DEMAND_GEN', info);
        }
        default:
          break;
      }
      if (!Array.isArray(create.ad?.finalUrls) || !create.ad.finalUrls.length)
        throw invalid('adError', 'FINAL_URL_REQUIRED', 'A final URL is required.', where('ad.final_urls'));
      if (create.ad.responsiveDisplayAd) {
        checkResponsiveDisplayAd(c, create.ad.responsiveDisplayAd, where);
        const id = newId(12);
        const ad = {
          id,
          resourceName: `customers/${c.id}/ads/${id}`,
          type: 'RESPONSIVE_DISPLAY_AD',
          finalUrls: create.ad.finalUrls,
          responsiveDisplayAd: create.ad.responsiveDisplayAd,
        };
        c.adObjects.push(ad);
        return {
          resourceName: `customers/${c.id}/adGroupAds/${group.id}~${id}`,
          status: create.status ?? 'ENABLED',
          adGroup: group.resourceName,
          ad,
        };
      }
      if (!create.ad.responsiveSearchAd) throw invalid('adError', 'AD_TYPE_NOT_SUPPORTED', 'The ad type is missing.', where('ad'));
      checkResponsiveSearchAd(create.ad.responsiveSearchAd, where);
      const id = newId(12);
      const ad = {
        id,
        resourceName: `customers/${c.id}/ads/${id}`,
        type: 'RESPONSIVE_SEARCH_AD',
        finalUrls: create.ad.finalUrls,
        responsiveSearchAd: create.ad.responsiveSearchAd,
      };
      c.adObjects.push(ad);
      return {
        resourceName: `customers/${c.id}/adGroupAds/${group.id}~${id}`,
        status: create.status ?? 'ENABLED',
        adGroup: group.resourceName,
        ad,
      };
    },
    validate(_c, adGroupAd, where, before) {
      ENUM('status', adGroupAd.status, ['ENABLED', 'PAUSED'], where);
      if (before?.status === 'REMOVED')
        throw invalid('adGroupAdError', 'CANNOT_OPERATE_ON_REMOVED_ADGROUPAD', 'Cannot operate on a removed ad.', where('status'));
    },
    remove: markRemoved,
  },
  ads: {
    list: 'adObjects',
    update: [
      'finalUrls',
      'responsiveSearchAd.headlines',
      'responsiveSearchAd.descriptions',
      'responsiveSearchAd.path1',
      'responsiveSearchAd.path2',
      ...RDA_PATHS,
    ],
    validate(_c, ad, where, before) {
      if (before && before.type === 'RESPONSIVE_SEARCH_AD' && ad.responsiveDisplayAd)
        throw invalid('adError', 'CANNOT_CHANGE_AD_TYPE', "An ad's type cannot change.", where('responsive_display_ad'));
      if (before && before.type === 'RESPONSIVE_DISPLAY_AD' && ad.responsiveSearchAd)
        throw invalid('adError', 'CANNOT_CHANGE_AD_TYPE', "An ad's type cannot change.", where('responsive_search_ad'));
      if (ad.type === 'RESPONSIVE_SEARCH_AD') checkResponsiveSearchAd(ad.responsiveSearchAd, where);
      if (ad.type === 'RESPONSIVE_DISPLAY_AD') checkResponsiveDisplayAd(_c, ad.responsiveDisplayAd, where);
      if (!Array.isArray(ad.finalUrls) || !ad.finalUrls.length)
        throw invalid('adError', 'FINAL_URL_REQUIRED', 'A final URL is required.', where('final_urls'));
    },
    remove() {
      throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', 'Ads are removed through their ad group ad.');
    },
  },
};
