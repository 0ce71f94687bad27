/**
 * The seeded chatads sandbox account: an outdoor retailer's campaigns (active, paused, archived,
 * scheduled) with their ad groups and ads and the history of their stops, custom audiences, a pixel
 * with its event settings, and the conversions settings. Ids are reproducible per account.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import type { HistoryEntry } from '../../sandbox/history';
import { idSource } from '../../sandbox/ids';
import type { PerformanceTier } from '../../sandbox/metrics';
import { SandboxStore } from '../../sandbox/store';
import type { ChatAdsCampaign, ChatAdsCustomAudience, ChatAdsEventSetting, ChatAdsPixel, ChatAdsStatus } from '../port';
import { CONFIG_ID, KIND, lower, type Seeded } from './stored';
import type { StoredAudience } from './audiences';
import type { StoredAd, StoredAdGroup, StoredCampaign } from './delivery';

interface SeedCampaign {
  name: string;
  description: string;
  status: ChatAdsStatus;
  bidding_type: ChatAdsCampaign['bidding_type'];
  budget: number;
  daily_budget?: number;
  startedDaysAgo: number;
  stoppedDaysAgo?: number;
  endsInDays?: number;
  performance: PerformanceTier;
  groups: { name: string; hints: string[]; status?: ChatAdsStatus; performance?: PerformanceTier }[];
}

const CAMPAIGNS: SeedCampaign[] = [
  {
    name: 'Spring Launch - Awareness',
    description: 'Reach people planning spring hikes',
    status: 'active',
    bidding_type: 'impressions',
    budget: 15000,
    startedDaysAgo: 75,
    endsInDays: 30,
    performance: 'strong',
    groups: [
      { name: 'Trail planning conversations', hints: ['planning a weekend hike', 'best trails near me'] },
      { name: 'Gear checklists', hints: ['what to pack for a day hike'] },
    ],
  },
  {
    name: 'Product Questions - Clicks',
    description: 'Answer gear comparison questions with a chat card',
    status: 'active',
    bidding_type: 'clicks',
    budget: 8000,
    daily_budget: 120,
    startedDaysAgo: 140,
    performance: 'average',
    groups: [
      { name: 'Backpack comparisons', hints: ['which hiking backpack should I buy', 'backpack for a 3 day trip'] },
      { name: 'Tent questions', hints: ['lightweight tent for two'], status: 'paused', performance: 'poor' },
    ],
  },
  {
    name: 'Trial Signups - Conversions',
    description: 'Drive trail-app trial signups',
    status: 'active',
    bidding_type: 'conversions',
    budget: 12000,
    daily_budget: 200,
    startedDaysAgo: 110,
    performance: 'average',
    groups: [
      { name: 'Route finding', hints: ['app to find hiking routes'] },
      { name: 'Fitness tracking', hints: ['track elevation gain on hikes'], performance: 'wasteful' },
    ],
  },
  {
    name: 'Competitor Comparisons',
    description: 'Compare against other outdoor brands',
    status: 'paused',
    bidding_type: 'clicks',
    budget: 5000,
    startedDaysAgo: 200,
    stoppedDaysAgo: 15,
    performance: 'poor',
    groups: [{ name: 'Brand vs brand', hints: ['is brand x better than brand y'] }],
  },
  {
    name: 'Holiday Promo 2025',
    description: 'Holiday gift guide',
    status: 'archived',
    bidding_type: 'conversions',
    budget: 20000,
    startedDaysAgo: 360,
    stoppedDaysAgo: 320,
    performance: 'average',
    groups: [{ name: 'Gift ideas', hints: ['gift for a hiker'], status: 'archived' }],
  },
  {
    name: 'Retargeting Chat Cards',
    description: 'Bring back site visitors',
    status: 'paused',
    bidding_type: 'conversions',
    budget: 4000,
    daily_budget: 60,
    startedDaysAgo: 90,
    stoppedDaysAgo: 5,
    performance: 'wasteful',
    groups: [{ name: 'Cart abandoners', hints: ['finish my gear order'] }],
  },
  {
    name: 'New Market Test - Canada',
    description: 'First test outside the US',
    status: 'active',
    bidding_type: 'clicks',
    budget: 2500,
    daily_budget: 40,
    startedDaysAgo: 6,
    performance: 'new',
    groups: [{ name: 'Canadian trails', hints: ['hiking in banff'] }],
  },
];

const AUDIENCES: [string, ChatAdsCustomAudience['status'], number, number][] = [
  ['Newsletter subscribers', 'ready', 182_400, 240_000],
  ['Past purchasers (12 months)', 'ready', 48_650, 61_000],
  ['App trial users (30 days)', 'ready', 12_300, 15_800],
  ['VIP customers', 'too_small', 850, 1_020],
  ['CRM import - March', 'processing', 0, 95_000],
  ['Partner list upload', 'failed', 0, 30_000],
];

/** Seeds a new sandbox account with realistic chatads entities. Ids are reproducible per account. */
export async function seedChatAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('chatads', account.account_id);
  const ids = idSource(`chatads:${account.account_id}`);
  const id = (prefix: string) => `${prefix}_${lower(24, ids.random)}`;
  const today = isoDate(new Date(account.connected_at || Date.now()));
  const campaigns: Seeded<StoredCampaign>[] = [];
  const adGroups: Seeded<StoredAdGroup>[] = [];
  const ads: Seeded<StoredAd>[] = [];
  for (const seed of CAMPAIGNS) {
    const start = addDays(today, -seed.startedDaysAgo);
    // A campaign seeded paused or archived ran until mid-afternoon of its stop day (and its archived
    // ad groups and ads with it): their history says so, so its past delivery is there.
    const stoppedAt = seed.stoppedDaysAgo !== undefined ? `${addDays(today, -seed.stoppedDaysAgo)}T14:00:00.000Z` : undefined;
    const wasActive = (status: ChatAdsStatus): { history?: HistoryEntry[] } =>
      stoppedAt && status !== 'active' ? { history: [{ at: stoppedAt, before: { status: 'active' } }] } : {};
    const campaign: Seeded<StoredCampaign> = {
      id: id('cmpn'),
      name: seed.name,
      description: seed.description,
      status: seed.status,
      bidding_type: seed.bidding_type,
      budget: seed.budget,
      daily_budget: seed.daily_budget,
      start_date: start,
      end_date:
        seed.endsInDays !== undefined
          ? addDays(today, seed.endsInDays)
          : seed.status === 'archived'
            ? addDays(today, -seed.stoppedDaysAgo!)
            : undefined,
      created_at: `${addDays(start, -2)}T15:00:00.000Z`,
      performance: seed.performance,
      ...wasActive(seed.status),
    };
    campaigns.push(campaign);
    seed.groups.forEach((g, gi) => {
      const strategy =
        seed.bidding_type === 'clicks' && gi === 0
          ? 'maximize_clicks'
          : seed.bidding_type === 'conversions' && gi === 0
            ? 'maximize_conversions'
            : 'fixed_bid';
      const billing = seed.bidding_type === 'impressions' ? 'impression' : 'click';
      const groupStatus = g.status ?? (seed.status === 'archived' ? 'archived' : 'active');
      const adGroup: Seeded<StoredAdGroup> = {
        ...(seed.status === 'archived' ? wasActive(groupStatus) : {}),
        id: id('adgrp'),
        campaign_id: campaign.id,
        name: g.name,
        status: groupStatus,
        strategy,
        billing_event_type: billing,
        max_bid_micros: strategy === 'fixed_bid' && billing === 'click' ? 1_800_000 + gi * 400_000 : undefined,
        max_cpm_bid_micros: strategy === 'fixed_bid' && billing === 'impression' ? 12_000_000 : undefined,
        context_hints: g.hints,
        custom_audience_bid_multipliers: [],
        created_at: campaign.created_at,
        performance: g.performance ?? seed.performance,
      };
      adGroups.push(adGroup);
      for (const [ai, headline] of [`${g.name}: gear that goes further`, 'Northwind Outdoor - built for the trail'].entries()) {
        ads.push({
          id: id('ad'),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          name: `${g.name} - card ${ai + 1}`,
          type: 'chat_card',
          headline,
          body:
            ai === 0
              ? 'Lightweight, tested on 1,000+ miles of trail. Free returns for 60 days.'
              : 'Find the right pack, tent or app for your next hike.',
          call_to_action: ai === 0 ? 'Shop now' : 'Learn more',
          landing_url: 'https://www.example.com/trail',
          status: adGroup.status === 'archived' ? 'archived' : 'active',
          ...(adGroup.status === 'archived' ? wasActive('archived') : {}),
          performance: ai === 1 && adGroup.performance === 'average' ? 'poor' : adGroup.performance,
        });
      }
    });
  }
  const audiences: StoredAudience[] = AUDIENCES.map(([name, status, matched, uploaded], i) => ({
    id: id('aud'),
    name,
    status,
    archived: false,
    matched_users: matched,
    uploaded_identifiers: uploaded,
    created_at: `${addDays(today, -(120 - i * 15))}T10:00:00.000Z`,
  }));
  const pixels: ChatAdsPixel[] = [
    {
      id: id('cds'),
      name: 'Website pixel - northwind.example',
      events: ['page_view', 'add_to_cart', 'purchase', 'sign_up'],
      status: 'active',
      created_at: `${addDays(today, -300)}T09:00:00.000Z`,
    },
    {
      id: id('cds'),
      name: 'Trail app server events',
      events: ['start_trial', 'subscribe'],
      status: 'active',
      created_at: `${addDays(today, -150)}T09:00:00.000Z`,
    },
  ];
  await store.putMany(KIND.campaign, campaigns);
  await store.putMany(KIND.adGroup, adGroups);
  await store.putMany(KIND.ad, ads);
  await store.putMany(KIND.audience, audiences);
  await store.putMany(KIND.pixel, pixels);
  // The website pixel counts purchases and sign-ups; the app's server events have no event settings yet.
  const settings: ChatAdsEventSetting[] = [
    {
      id: id('evs'),
      pixel_id: pixels[0].id,
      event_type: 'purchase',
      event_name: 'purchase',
      counting: 'every',
      click_through_window_days: 7,
      primary: true,
      created_at: pixels[0].created_at,
    },
    {
      id: id('evs'),
      pixel_id: pixels[0].id,
      event_type: 'sign_up',
      event_name: 'sign_up',
      counting: 'once',
      click_through_window_days: 7,
      primary: false,
      created_at: pixels[0].created_at,
    },
  ];
  await store.putMany(KIND.eventSetting, settings);
  await store.putMany(KIND.config, [
    <{ id: string }>{
      id: CONFIG_ID,
      default_pixel_id: pixels[0].id,
      click_through_window_days: 7,
      view_through_window_days: 1,
      advanced_matching: false,
    },
  ]);
}
