/**
 * A seeded fake ad account: campaigns of every kind the gateway's tools read, with their budgets, ad groups, ads, criteria, assets, labels, audiences, conversion actions, Performance Max, shopping and Merchant Center links.
 */
import { seedAudience } from './searchads-api-audience';
import { BIDDING_STRATEGIES } from './searchads-api-campaigns';
import { type FakeCustomer, type Obj, addDays, newId, today } from './searchads-api-core';

/** Fills an ad account with campaigns of every kind the gateway's tools read. */
export function seedCustomer(c: FakeCustomer): void {
  const customerId = c.id;
  const rn = (collection: string, id: string) => `customers/${customerId}/${collection}/${id}`;
  const labels = [
    ['Brand', '#1A73E8', 'Brand-term campaigns'],
    ['Needs Review', '#D93025', undefined],
  ].map(([name, color, description]) => {
    const id = newId(10);
    return {
      id,
      resourceName: rn('labels', id),
      name,
      status: 'ENABLED',
      textLabel: { backgroundColor: color, ...(description ? { description } : {}) },
    };
  });
  c.labels.push(...labels);
  const network = (o: Obj = {}) => ({
    targetGoogleSearch: true,
    targetSearchNetwork: false,
    targetContentNetwork: false,
    targetPartnerSearchNetwork: false,
    targetYoutube: false,
    targetGoogleTvNetwork: false,
    ...o,
  });
  const campaign = (name: string, type: string, status: string, amount: number, o: Obj = {}) => {
    const budgetId = newId(10);
    c.budgets.push({
      id: budgetId,
      resourceName: rn('campaignBudgets', budgetId),
      amountMicros: String(amount * 1_000_000),
      explicitlyShared: false,
    });
    const id = newId(11);
    const campaign = {
      id,
      resourceName: rn('campaigns', id),
      name,
      status,
      advertisingChannelType: type,
      biddingStrategyType: 'MAXIMIZE_CONVERSIONS',
      campaignBudget: rn('campaignBudgets', budgetId),
      startDateTime: `${addDays(today(), -200)} 00:00:00`,
      networkSettings: network(),
      targetingSetting: { targetRestrictions: [{ targetingDimension: 'AUDIENCE', bidOnly: true }] },
      urlCustomParameters: [],
      labels: [],
      frequencyCaps: [],
      ...o,
    };
    const strategy = BIDDING_STRATEGIES.find(([, type]) => type === campaign.biddingStrategyType)!;
    Object.assign(campaign, { [strategy[0]]: {} });
    c.campaigns.push(campaign);
    return campaign;
  };
  const brand = campaign('Brand - Exact', 'SEARCH', 'ENABLED', 50, {
    networkSettings: network({ targetSearchNetwork: true }),
    aiMaxSetting: { enableAiMax: false },
    trackingUrlTemplate: '{lpurl}?utm_source=searchads',
    urlCustomParameters: [{ key: 'campaign', value: 'brandexact' }],
    labels: [labels[0]!.resourceName],
    biddingStrategyType: 'TARGET_IMPRESSION_SHARE',
  });
  const generic = campaign('Generic - Hiking Boots', 'SEARCH', 'ENABLED', 120, {
    aiMaxSetting: { enableAiMax: false },
    labels: [labels[1]!.resourceName],
  });
  const display = campaign('Display - Remarketing', 'DISPLAY', 'PAUSED', 40, {
    networkSettings: network({ targetGoogleSearch: false, targetContentNetwork: true }),
    targetingSetting: { targetRestrictions: [{ targetingDimension: 'AUDIENCE', bidOnly: false }] },
    frequencyCaps: [{ key: { level: 'CAMPAIGN', eventType: 'IMPRESSION', timeUnit: 'DAY', timeLength: 1 }, cap: 3 }],
  });
  // Created before brand guidelines became the default: its business name and logo belong to its asset group.
  const pmax = campaign('Performance Max - All Products', 'PERFORMANCE_MAX', 'ENABLED', 200, { brandGuidelinesEnabled: false });
  const launch = campaign('Search - Summer Launch', 'SEARCH', 'ENABLED', 60, {
    startDateTime: `${addDays(today(), 21)} 00:00:00`,
    endDateTime: `${addDays(today(), 111)} 23:59:59`,
    aiMaxSetting: { enableAiMax: false },
  });
  campaign('Holiday - Search', 'SEARCH', 'REMOVED', 150, { endDateTime: `${addDays(today(), -30)} 23:59:59` });

  const adGroup = (camp: Obj, name: string, status: string, bid: number, type = 'SEARCH_STANDARD') => {
    const id = newId(11);
    const group = {
      id,
      resourceName: rn('adGroups', id),
      name,
      status,
      type,
      cpcBidMicros: String(bid * 1_000_000),
      campaign: camp.resourceName,
    };
    c.adGroups.push(group);
    return group;
  };
  const core = adGroup(brand, 'Brand - Core', 'ENABLED', 0.9);
  const misspell = adGroup(brand, 'Brand - Misspellings', 'PAUSED', 0.6);
  const men = adGroup(generic, 'Hiking Boots - Men', 'ENABLED', 1.6);
  const women = adGroup(generic, 'Hiking Boots - Women', 'ENABLED', 1.55);
  const cart = adGroup(display, 'Cart Abandoners 30d', 'ENABLED', 0.8, 'DISPLAY_STANDARD');
  const sandals = adGroup(launch, 'Summer Sandals', 'ENABLED', 1.0);

  const rsa = (group: Obj, headlines: string[], descriptions: string[], path1: string) => {
    const id = newId(12);
    c.ads.push({
      resourceName: rn('adGroupAds', `${group.id}~${id}`),
      status: 'ENABLED',
      adGroup: group.resourceName,
      ad: {
        id,
        type: 'RESPONSIVE_SEARCH_AD',
        finalUrls: [`https://www.northwind-outdoor.example/${path1}`],
        responsiveSearchAd: {
          headlines: headlines.map((text) => ({ text })),
          descriptions: descriptions.map((text) => ({ text })),
          path1,
        },
      },
    });
  };
  rsa(
    core,
    ['Northwind Outdoor Official', 'Hiking Gear Built to Last', 'Free Shipping Over $50'],
    ['Boots, packs and apparel tested on real trails.', 'Free returns on every order.'],
    'brand',
  );
  rsa(
    misspell,
    ['Northwind Outdoor Store', 'Official Hiking Gear'],
    ['Shop boots at the official store.', 'Free shipping over $50.'],
    'brand',
  );
  rsa(
    men,
    ["Men's Hiking Boots", 'Waterproof & Breathable'],
    ["Lightweight men's hiking boots.", 'Return any pair within 30 days.'],
    'boots',
  );
  rsa(
    women,
    ["Women's Hiking Boots", 'Waterproof Trail Boots'],
    ["Women's boots tested on 500+ mile trails.", 'Free 30-day returns.'],
    'boots',
  );
  rsa(
    sandals,
    ['Summer Hiking Sandals', 'Trail-Ready Sandals'],
    ['Quick-drying sandals for river crossings.', 'Pre-order now.'],
    'sandals',
  );
  const displayAdId = newId(12);
  const rdaImage = (name: string, width: number, height: number) => {
    const id = newId(11);
    c.assets.push({
      id,
      resourceName: rn('assets', id),
      type: 'IMAGE',
      name,
      imageAsset: {
        mimeType: 'IMAGE_JPEG',
        fileSize: '120000',
        fullSize: { widthPixels: width, heightPixels: height, url: `https://tpc.example/simgad/${id}` },
      },
    });
    return rn('assets', id);
  };
  const [hero, rdaSquare, logo] = [
    rdaImage('Trail hero 1200x628', 1200, 628),
    rdaImage('Trail square 1200x1200', 1200, 1200),
    rdaImage('Northwind logo 512x512', 512, 512),
  ];
  rdaImage('Leaderboard banner 728x90', 728, 90);
  const videoAssetId = newId(11);
  c.assets.push({
    id: videoAssetId,
    resourceName: rn('assets', videoAssetId),
    type: 'YOUTUBE_VIDEO',
    name: 'Trail boots 15s',
    youtubeVideoAsset: { youtubeVideoId: 'Nw0tRa1lB15', youtubeVideoTitle: 'Northwind trail boots in 15 seconds' },
  });
  c.ads.push({
    resourceName: rn('adGroupAds', `${cart.id}~${displayAdId}`),
    status: 'ENABLED',
    adGroup: cart.resourceName,
    ad: {
      id: displayAdId,
      type: 'RESPONSIVE_DISPLAY_AD',
      finalUrls: ['https://www.northwind-outdoor.example/'],
      responsiveDisplayAd: {
        headlines: [{ text: 'Still Thinking It Over?' }],
        descriptions: [{ text: 'Come back for free shipping.' }],
        longHeadline: { text: 'Trail-tested boots, packs and layers from Northwind Outdoor' },
        businessName: 'Northwind Outdoor',
        marketingImages: [{ asset: hero }],
        squareMarketingImages: [{ asset: rdaSquare }],
        squareLogoImages: [{ asset: logo }],
        callToActionText: 'Shop now',
      },
    },
  });

  for (const adGroupAd of c.ads) c.adObjects.push(Object.assign(adGroupAd.ad, { resourceName: rn('ads', adGroupAd.ad.id) }));

  for (const camp of c.campaigns)
    for (const label of camp.labels)
      c.campaignLabels.push({
        resourceName: rn('campaignLabels', `${camp.id}~${label.split('/').at(-1)}`),
        campaign: camp.resourceName,
        label,
      });
  const sharedId = newId(10);
  c.budgets.push({
    id: sharedId,
    resourceName: rn('campaignBudgets', sharedId),
    name: 'Shared - Search Evergreen',
    amountMicros: '150000000',
    explicitlyShared: true,
    deliveryMethod: 'STANDARD',
    status: 'ENABLED',
  });
  const strategyId = newId(10);
  c.biddingStrategies.push({
    id: strategyId,
    resourceName: rn('biddingStrategies', strategyId),
    name: 'Portfolio - Search tCPA 25',
    type: 'TARGET_CPA',
    status: 'ENABLED',
    targetCpa: { targetCpaMicros: '25000000', cpcBidCeilingMicros: '4000000' },
  });

  const criterion = (group: Obj, fields: Obj) => {
    const id = newId(11);
    c.adGroupCriteria.push({
      resourceName: rn('adGroupCriteria', `${group.id}~${id}`),
      criterionId: id,
      status: 'ENABLED',
      negative: false,
      adGroup: group.resourceName,
      ...fields,
    });
  };
  const keyword = (group: Obj, text: string, matchType: string, qualityScore: number) =>
    criterion(group, { type: 'KEYWORD', keyword: { text, matchType }, cpcBidMicros: group.cpcBidMicros, qualityInfo: { qualityScore } });
  keyword(core, 'northwind outdoor', 'EXACT', 10);
  keyword(core, 'northwind outdoor boots', 'PHRASE', 9);
  keyword(misspell, 'northwnd outdoor', 'EXACT', 7);
  keyword(men, 'mens hiking boots', 'PHRASE', 7);
  keyword(women, 'womens hiking boots', 'PHRASE', 8);
  keyword(sandals, 'hiking sandals', 'PHRASE', 6);
  criterion(men, { type: 'KEYWORD', negative: true, keyword: { text: 'women', matchType: 'BROAD' } });
  criterion(men, { type: 'USER_INTEREST', userInterest: { userInterestCategory: rn('userInterests', '80443') } });
  criterion(cart, { type: 'PLACEMENT', placement: { url: 'www.trailjournal.example' } });
  criterion(cart, { type: 'TOPIC', topic: { topicConstant: 'topicConstants/1316' } });
  criterion(cart, { type: 'AGE_RANGE', negative: true, ageRange: { type: 'AGE_RANGE_18_24' } });

  const campaignCriterion = (camp: Obj, id: string, fields: Obj) =>
    c.campaignCriteria.push({
      resourceName: rn('campaignCriteria', `${camp.id}~${id}`),
      criterionId: id,
      negative: false,
      campaign: camp.resourceName,
      ...fields,
    });
  for (const [camp, geos] of [
    [brand, ['2840', '2124']],
    [generic, ['2840']],
    [display, ['2840']],
    [launch, ['21137']],
  ] as const) {
    for (const geo of geos)
      campaignCriterion(camp, geo, { type: 'LOCATION', location: { geoTargetConstant: `geoTargetConstants/${geo}` } });
  }
  for (const camp of [brand, generic, display, pmax])
    campaignCriterion(camp, '1000', { type: 'LANGUAGE', language: { languageConstant: 'languageConstants/1000' } });
  campaignCriterion(generic, newId(11), { type: 'KEYWORD', negative: true, keyword: { text: 'free', matchType: 'BROAD' } });

  const asset = (fields: Obj) => {
    const id = newId(11);
    const a = { id, resourceName: rn('assets', id), ...fields };
    c.assets.push(a);
    return a;
  };
  const callouts = ['Free Shipping Over $50', '30-Day Free Returns'].map((text) =>
    asset({ type: 'CALLOUT', calloutAsset: { calloutText: text } }),
  );
  const phone = asset({ type: 'CALL', callAsset: { phoneNumber: '+1 800-555-0142', countryCode: 'US' } });
  const support = asset({ type: 'CALL', callAsset: { phoneNumber: '+1 800-555-0199', countryCode: 'US' } });
  asset({ type: 'CALL', callAsset: { phoneNumber: '+1 877-555-0110', countryCode: 'US' } });
  const link = (camp: Obj, a: Obj) =>
    c.campaignAssets.push({
      resourceName: rn('campaignAssets', `${camp.id}~${a.id}~${a.type}`),
      campaign: camp.resourceName,
      asset: a.resourceName,
      fieldType: a.type,
      status: 'ENABLED',
    });
  for (const a of callouts) link(brand, a);
  link(brand, phone);
  link(brand, support);
  link(generic, phone);

  // Performance Max: one asset group with its minimum assets and more, a search theme, an audience signal and a brand filter.
  const text = (t: string) => asset({ type: 'TEXT', textAsset: { text: t } });
  const image = (name: string, width: number, height: number) =>
    asset({
      type: 'IMAGE',
      name,
      imageAsset: {
        fileSize: '120000',
        mimeType: 'IMAGE_JPEG',
        fullSize: { url: `https://tpc.example/simgad/${name}`, widthPixels: String(width), heightPixels: String(height) },
      },
    });
  const group = {
    id: newId(11),
    resourceName: '',
    campaign: pmax.resourceName,
    name: 'All Products',
    status: 'ENABLED',
    finalUrls: ['https://www.northwind-outdoor.example/'],
  };
  group.resourceName = rn('assetGroups', group.id);
  c.assetGroups.push(group);
  // Asset group assets carry no performance label in the platform's current definitions.
  const linkTo = (a: Obj, fieldType: string) =>
    c.assetGroupAssets.push({
      resourceName: rn('assetGroupAssets', `${group.id}~${a.id}~${fieldType}`),
      assetGroup: group.resourceName,
      asset: a.resourceName,
      fieldType,
      status: 'ENABLED',
    });
  ['Northwind Outdoor', 'Hiking Boots for Every Trail', 'Free 30-Day Returns', 'Shop the New Season'].forEach((t) =>
    linkTo(text(t), 'HEADLINE'),
  );
  linkTo(text('Boots, packs and layers tested on real trails'), 'LONG_HEADLINE');
  ['Trail-tested boots.', 'Expert fit advice online and free returns on every order over $50.'].forEach((t) =>
    linkTo(text(t), 'DESCRIPTION'),
  );
  linkTo(
    c.assets.find((a) => a.textAsset?.text === 'Northwind Outdoor')!,
    'BUSINESS_NAME',
  );
  linkTo(image('boots-landscape.jpg', 1200, 628), 'MARKETING_IMAGE');
  const square = image('boots-square.jpg', 1200, 1200);
  linkTo(square, 'SQUARE_MARKETING_IMAGE');
  linkTo(square, 'LOGO');
  image('tent-landscape.jpg', 1910, 1000);
  const theme = newId(12);
  c.assetGroupSignals.push({
    resourceName: rn('assetGroupSignals', `${group.id}~${theme}`),
    assetGroup: group.resourceName,
    searchTheme: { text: 'hiking boots' },
    approvalStatus: 'APPROVED',
  });
  const audience = {
    id: newId(10),
    resourceName: '',
    name: 'Hikers',
    status: 'ENABLED',
    dimensions: [{ audienceSegments: { segments: [{ userInterest: { userInterestCategory: rn('userInterests', '80443') } }] } }],
  };
  audience.resourceName = rn('audiences', audience.id);
  c.audiences.push(audience);
  const signal = newId(12);
  c.assetGroupSignals.push({
    resourceName: rn('assetGroupSignals', `${group.id}~${signal}`),
    assetGroup: group.resourceName,
    audience: { audience: audience.resourceName },
    approvalStatus: 'APPROVED',
  });
  const filter = newId(11);
  c.listingGroupFilters.push({
    resourceName: rn('assetGroupListingGroupFilters', `${group.id}~${filter}`),
    id: filter,
    assetGroup: group.resourceName,
    type: 'UNIT_INCLUDED',
    listingSource: 'SHOPPING',
  });

  const audienceId = newId(10);
  c.customAudiences.push({
    id: audienceId,
    resourceName: rn('customAudiences', audienceId),
    name: 'Thru-hikers',
    description: 'Long-distance hiking gear',
    status: 'ENABLED',
  });
  for (const [name, size] of [
    ['All visitors (540 days)', 48_000],
    ['Newsletter subscribers', 800],
  ] as const) {
    const id = newId(10);
    c.userLists.push({ id, resourceName: rn('userLists', id), name, sizeForSearch: String(size) });
  }

  const action = (name: string, category: string, type: string, primaryForGoal: boolean, status = 'ENABLED', o: Obj = {}) => {
    const id = newId(9);
    c.conversionActions.push({
      id,
      resourceName: rn('conversionActions', id),
      name,
      category,
      type,
      status,
      primaryForGoal,
      countingType: 'ONE_PER_CLICK',
      clickThroughLookbackWindowDays: '30',
      valueSettings: { alwaysUseDefaultValue: false },
      ...o,
    });
  };
  action('Website purchase', 'PURCHASE', 'WEBPAGE', true, 'ENABLED', { countingType: 'MANY_PER_CLICK' });
  action('Lead form (offline import)', 'SUBMIT_LEAD_FORM', 'UPLOAD_CLICKS', true, 'ENABLED', {
    clickThroughLookbackWindowDays: '90',
    valueSettings: { defaultValue: 25, alwaysUseDefaultValue: true },
  });
  action('Add to cart', 'ADD_TO_CART', 'WEBPAGE', false);
  action('Old checkout tag', 'PURCHASE', 'WEBPAGE', true, 'REMOVED');
  seedAudience(c);
  // Merchant Center: one linked feed, one merchant's pending request; image and video assets.
  const linkId = newId(10);
  c.productLinks.push({
    resourceName: rn('productLinks', linkId),
    productLinkId: linkId,
    type: 'MERCHANT_CENTER',
    merchantCenter: { merchantCenterId: '5012345678' },
  });
  const invitationId = newId(10);
  c.productLinkInvitations.push({
    resourceName: rn('productLinkInvitations', invitationId),
    productLinkInvitationId: invitationId,
    status: 'PENDING_APPROVAL',
    type: 'MERCHANT_CENTER',
    merchantCenter: { merchantCenterId: '5087654321' },
  });
  for (const [name, width, height] of [
    ['Trail hero 1200x628', 1200, 628],
    ['Boots square 1200x1200', 1200, 1200],
    ['Northwind logo 512x512', 512, 512],
  ] as const) {
    asset({ type: 'IMAGE', name, imageAsset: { fullSize: { widthPixels: width, heightPixels: height } } });
  }
  asset({ type: 'YOUTUBE_VIDEO', name: 'Brand story (30s)', youtubeVideoAsset: { youtubeVideoId: 'dQw4w9WgXcQ' } });
}
