/** The socialads seed's campaigns (app campaigns included) and ad sets. */
import type { StoredAdSet, StoredCampaign } from './delivery';
import type { SocialAdsSeedBasics } from './seed';
import type { SocialAdsSeedAssets } from './seed-assets';
import type { SocialAdsTargeting } from '../port';

export function seedCampaigns(basics: SocialAdsSeedBasics, assets: SocialAdsSeedAssets) {
  const { ids, ago, created, metaId, pausedCA, pausedAwareness, archivedHoliday, brand, domain } = basics;
  const { pages, pixel, leadForms } = assets;
  const campaign = (
    c: Omit<StoredCampaign, 'id' | 'buying_type' | 'special_ad_categories' | 'created_at'>,
    days: number,
  ): StoredCampaign => ({
    id: metaId(),
    buying_type: 'AUCTION',
    special_ad_categories: [],
    created_at: created(days),
    ...c,
  });
  const iosApp = {
    application_id: ids.digits(15),
    app_name: `${brand} Trail Maps`,
    store: 'APP_STORE' as const,
    object_store_url: `https://apps.apple.com/app/id${ids.digits(10)}`,
  };
  const androidApp = {
    application_id: iosApp.application_id,
    app_name: iosApp.app_name,
    store: 'GOOGLE_PLAY' as const,
    object_store_url: `https://play.google.com/store/apps/details?id=com.${domain.replace('.com', '')}.trails`,
  };
  const campaigns: Record<string, StoredCampaign> = {
    traffic: campaign(
      {
        name: 'Spring Sale - Traffic',
        objective: 'OUTCOME_TRAFFIC',
        status: 'ACTIVE',
        daily_budget: 60,
        start_date: ago(75),
        performance: 'strong',
      },
      75,
    ),
    sales: campaign(
      {
        name: 'Catalog Sales - Conversions',
        objective: 'OUTCOME_SALES',
        status: 'ACTIVE',
        daily_budget: 150,
        start_date: ago(110),
        performance: 'average',
      },
      110,
    ),
    ios: campaign(
      {
        name: 'App Installs - iOS',
        objective: 'OUTCOME_APP_PROMOTION',
        status: 'ACTIVE',
        daily_budget: 90,
        start_date: ago(95),
        performance: 'average',
        app: iosApp,
      },
      95,
    ),
    android: campaign(
      {
        name: 'App Installs - Android',
        objective: 'OUTCOME_APP_PROMOTION',
        status: 'ACTIVE',
        daily_budget: 70,
        start_date: ago(60),
        performance: 'poor',
        app: androidApp,
      },
      60,
    ),
    leads: campaign(
      {
        name: 'Lead Gen - Catalog Request',
        objective: 'OUTCOME_LEADS',
        status: 'ACTIVE',
        daily_budget: 40,
        start_date: ago(50),
        performance: 'average',
        lead_form_id: leadForms[0].id,
      },
      50,
    ),
    awareness: campaign(
      {
        name: 'Brand Awareness - Video',
        objective: 'OUTCOME_AWARENESS',
        status: 'PAUSED',
        lifetime_budget: 3000,
        start_date: ago(140),
        end_date: ago(20),
        performance: 'wasteful',
        ...pausedAwareness,
      },
      140,
    ),
    old: campaign(
      {
        name: 'Retargeting - Holiday 2025',
        objective: 'OUTCOME_SALES',
        status: 'ARCHIVED',
        daily_budget: 35,
        start_date: ago(330),
        end_date: ago(270),
        performance: 'poor',
        ...archivedHoliday,
      },
      330,
    ),
  };

  const targeting = (countries: string[], age_min = 18, age_max = 65, genders: number[] = []): SocialAdsTargeting => ({
    countries,
    age_min,
    age_max,
    genders,
    publisher_platforms: ['main_app', 'photo_app'],
  });
  const adSet = (
    c: StoredCampaign,
    a: Omit<StoredAdSet, 'id' | 'campaign_id' | 'created_at' | 'start_date'> & { start_date?: string },
  ): StoredAdSet => ({
    id: metaId(),
    campaign_id: c.id,
    created_at: c.created_at,
    start_date: a.start_date ?? c.start_date,
    ...a,
  });
  const adSets: Record<string, StoredAdSet> = {
    trafficBroad: adSet(campaigns.traffic, {
      name: 'US - Broad 25-54',
      status: 'ACTIVE',
      optimization_goal: 'LANDING_PAGE_VIEWS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US'], 25, 54),
      performance: 'strong',
    }),
    trafficCA: adSet(campaigns.traffic, {
      name: 'CA - Hikers',
      status: 'PAUSED',
      optimization_goal: 'LINK_CLICKS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['CA'], 21, 60),
      performance: 'average',
      ...pausedCA,
    }),
    salesLookalike: adSet(campaigns.sales, {
      name: 'Lookalike 1% - Purchasers',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE' },
      performance: 'average',
    }),
    salesInterests: adSet(campaigns.sales, {
      name: 'Interests - Camping',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US', 'CA'], 25, 65),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE' },
      performance: 'poor',
    }),
    iosBroad: adSet(campaigns.ios, {
      name: 'iOS - US Broad',
      status: 'ACTIVE',
      optimization_goal: 'APP_INSTALLS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { application_id: iosApp.application_id, object_store_url: iosApp.object_store_url },
      performance: 'average',
    }),
    iosOutdoor: adSet(campaigns.ios, {
      name: 'iOS - Outdoor enthusiasts',
      status: 'ACTIVE',
      optimization_goal: 'APP_INSTALLS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US', 'GB'], 18, 44),
      promoted_object: { application_id: iosApp.application_id, object_store_url: iosApp.object_store_url },
      performance: 'strong',
    }),
    androidBroad: adSet(campaigns.android, {
      name: 'Android - US Broad',
      status: 'ACTIVE',
      optimization_goal: 'APP_INSTALLS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { application_id: androidApp.application_id, object_store_url: androidApp.object_store_url },
      performance: 'poor',
    }),
    leadsUS: adSet(campaigns.leads, {
      name: 'Catalog request - US 30+',
      status: 'ACTIVE',
      optimization_goal: 'LEAD_GENERATION',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US'], 30, 65),
      promoted_object: { page_id: pages[0].id },
      performance: 'average',
    }),
    awarenessVideo: adSet(campaigns.awareness, {
      name: 'ThruPlay - Broad',
      status: 'PAUSED',
      optimization_goal: 'THRUPLAY',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      performance: 'wasteful',
      ...pausedAwareness,
    }),
    oldRetargeting: adSet(campaigns.old, {
      name: 'Site visitors 30d',
      status: 'ARCHIVED',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE' },
      performance: 'poor',
      ...archivedHoliday,
    }),
  };

  return { campaign, campaigns, iosApp, androidApp, targeting, adSet, adSets };
}

export type SocialAdsSeedCampaigns = ReturnType<typeof seedCampaigns>;
