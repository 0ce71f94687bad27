/** Seeds a new shortvideo sandbox account. */
import type { ConnectedAccount } from '../../../core/accounts';
import type { HistoryEntry, WithHistory } from '../../sandbox/history';
import { idSource } from '../../sandbox/ids';
import type { PerformanceTier } from '../../sandbox/metrics';
import { SandboxStore } from '../../sandbox/store';
import { US_LOCATION_ID } from '../targeting-catalog';
import { KIND, type StoredAd, type StoredAdGroup, type StoredCampaign } from './stored';
import type {
  AdGroupStatus,
  ShortVideoIdentity,
  ShortVideoCampaign,
  ShortVideoCustomAudience,
  ShortVideoImage,
  ShortVideoLeadPage,
  ShortVideoPixel,
  ShortVideoVideo,
} from '../port';

// -----------------------------------------------------------------------------------------------
// Seed

const ALL_DAY = '1'.repeat(336);
/** Monday-Friday 07:00-23:00, weekends all day (48 half-hour slots a day). */
const WEEKDAY_EVENINGS = [
  ...Array<string>(5).fill('0'.repeat(14) + '1'.repeat(32) + '0'.repeat(2)),
  ...Array<string>(2).fill('1'.repeat(48)),
].join('');

/** Seeds a new sandbox account with realistic shortvideo entities. Ids are reproducible per account. */
export async function seedShortVideoAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('shortvideo', account.account_id);
  const ids = idSource(`shortvideo:${account.account_id}`);
  const entityId = () => `17${ids.digits(17)}`;
  const created = '2026-01-12T10:00:00Z';

  const pixels: ShortVideoPixel[] = [
    {
      id: `7${ids.digits(18)}`,
      pixel_code: `C${ids.alphanumeric(19).toUpperCase()}`,
      pixel_name: 'Store Pixel',
      activity_status: 'ACTIVE',
      events: [
        { optimization_event: 'ON_WEB_ORDER', event_name: 'CompletePayment', last_fired: '2026-06-30' },
        { optimization_event: 'ON_WEB_CART', event_name: 'AddToCart', last_fired: '2026-06-30' },
        { optimization_event: 'ON_WEB_DETAIL', event_name: 'ViewContent', last_fired: '2026-06-30' },
        { optimization_event: 'ON_WEB_REGISTER', event_name: 'CompleteRegistration', last_fired: '2026-06-28' },
        { optimization_event: 'LANDING_PAGE_VIEW', event_name: 'PageView', last_fired: '2026-06-30' },
        { optimization_event: 'SEARCH', event_name: 'Search', last_fired: '2026-06-29' },
      ],
    },
    {
      id: `7${ids.digits(18)}`,
      pixel_code: `C${ids.alphanumeric(19).toUpperCase()}`,
      pixel_name: 'Blog Pixel',
      activity_status: 'INACTIVE',
      events: [
        { optimization_event: 'LANDING_PAGE_VIEW', event_name: 'PageView', last_fired: '2026-03-02' },
        { optimization_event: 'CLICK_LANDING_PAGE', event_name: 'ClickButton', last_fired: '2026-03-02' },
      ],
    },
  ];

  const leadPages: ShortVideoLeadPage[] = [
    {
      id: `7${ids.digits(18)}`,
      title: 'Guided Hike Sign-up',
      status: 'PUBLISHED',
      questions: ['Full name', 'Email', 'Phone number', 'Preferred date'],
      privacy_policy_url: 'https://www.example.com/privacy',
      create_time: '2026-02-01T09:00:00Z',
    },
    {
      id: `7${ids.digits(18)}`,
      title: 'Catalog Request',
      status: 'PUBLISHED',
      questions: ['Full name', 'Email', 'ZIP code'],
      privacy_policy_url: 'https://www.example.com/privacy',
      create_time: '2026-03-15T09:00:00Z',
    },
    {
      id: `7${ids.digits(18)}`,
      title: 'Winter Waitlist (draft)',
      status: 'DRAFT',
      questions: ['Email'],
      privacy_policy_url: 'https://www.example.com/privacy',
      create_time: '2026-05-20T09:00:00Z',
    },
  ];

  const audiences: ShortVideoCustomAudience[] = [
    {
      id: ids.digits(9),
      name: 'Customers - CRM upload',
      audience_type: 'CUSTOMER_FILE',
      cover_num: 48_000,
      is_valid: true,
      is_expired: false,
      create_time: '2026-01-20T00:00:00Z',
    },
    {
      id: ids.digits(9),
      name: 'Website visitors - 30 days',
      audience_type: 'WEBSITE_TRAFFIC',
      cover_num: 126_000,
      is_valid: true,
      is_expired: false,
      create_time: '2026-01-22T00:00:00Z',
    },
    {
      id: ids.digits(9),
      name: 'Lookalike 1% - Customers',
      audience_type: 'LOOKALIKE',
      cover_num: 1_900_000,
      is_valid: true,
      is_expired: false,
      create_time: '2026-02-02T00:00:00Z',
    },
    {
      id: ids.digits(9),
      name: 'Video engagers - 75% viewed',
      audience_type: 'ENGAGEMENT',
      cover_num: 310_000,
      is_valid: true,
      is_expired: false,
      create_time: '2026-02-10T00:00:00Z',
    },
    {
      id: ids.digits(9),
      name: 'Lead form openers',
      audience_type: 'LEAD_GENERATION',
      cover_num: 800,
      is_valid: false,
      is_expired: false,
      create_time: '2026-04-01T00:00:00Z',
    },
    {
      id: ids.digits(9),
      name: 'App users - 2025 (expired)',
      audience_type: 'APP_ACTIVITY',
      cover_num: 0,
      is_valid: false,
      is_expired: true,
      create_time: '2025-03-01T00:00:00Z',
    },
  ];

  const video = (file_name: string, duration: number, width: number, height: number, size: number): ShortVideoVideo => ({
    id: `v10033g50000${ids.alphanumeric(20).toLowerCase()}`,
    file_name,
    duration,
    size,
    width,
    height,
    format: 'mp4',
    status: 'READY',
    create_time: created,
  });
  const videos: ShortVideoVideo[] = [
    video('trail_boots_hook_15s.mp4', 15.2, 1080, 1920, 18_400_000),
    video('ugc_unboxing_22s.mp4', 22.0, 1080, 1920, 26_900_000),
    video('app_demo_30s.mp4', 30.1, 1080, 1920, 34_200_000),
    video('brand_story_45s.mp4', 45.5, 1080, 1920, 61_000_000),
    video('lead_hike_teaser_12s.mp4', 12.4, 1080, 1920, 14_100_000),
    video('tv_spot_landscape_30s.mp4', 30.0, 1920, 1080, 52_300_000),
  ];

  // Entities seeded in a stopped state ran until then: their history says when they stopped.
  const pausedAt = (at: string, status: string): HistoryEntry[] => [{ at, before: { status } }];
  const campaign = (
    campaign_name: string,
    objective_type: ShortVideoCampaign['objective_type'],
    status: ShortVideoCampaign['status'],
    budget: number,
    performance: PerformanceTier,
    start_date: string,
    extra: Partial<WithHistory<StoredCampaign>> = {},
  ): WithHistory<StoredCampaign> => ({
    id: entityId(),
    campaign_name,
    objective_type,
    status,
    budget_mode: 'BUDGET_MODE_DAY',
    budget,
    budget_optimize_on: false,
    create_time: `${start_date}T08:00:00Z`,
    start_date,
    performance,
    ...extra,
  });
  const [traffic, conversions, app, reach, clearance, leads, shopping, oldTest] = [
    campaign('Spring Trail Launch - Traffic', 'TRAFFIC', 'ACTIVE', 120, 'average', '2026-03-01'),
    campaign('Boots Checkout - Web Conversions', 'WEB_CONVERSIONS', 'ACTIVE', 250, 'strong', '2026-02-10'),
    campaign('Trail Buddy App - Installs', 'APP_PROMOTION', 'ACTIVE', 150, 'poor', '2026-04-05', { app_promotion_type: 'APP_INSTALL' }),
    // Started three weeks before the account was set up: its lifetime budget is paced over 30 days from then.
    campaign(
      'Summer Awareness - Reach',
      'REACH',
      'ACTIVE',
      3000,
      'new',
      new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
      { budget_mode: 'BUDGET_MODE_TOTAL' },
    ),
    campaign('Winter Clearance - Traffic', 'TRAFFIC', 'PAUSED', 80, 'wasteful', '2025-12-01', {
      history: pausedAt('2026-02-20T18:00:00.000Z', 'ACTIVE'),
    }),
    campaign('Guided Hikes - Lead Generation', 'LEAD_GENERATION', 'ACTIVE', 60, 'average', '2026-05-02'),
    campaign('Catalog Sales - All Products', 'PRODUCT_SALES', 'ACTIVE', 200, 'strong', '2026-03-20', { budget_optimize_on: true }),
    campaign('Old Test Campaign', 'TRAFFIC', 'DELETED', 20, 'poor', '2025-10-01', {
      history: pausedAt('2025-11-15T09:00:00.000Z', 'ACTIVE'),
    }),
  ];
  const campaigns = [traffic, conversions, app, reach, clearance, leads, shopping, oldTest];

  const adGroup = (
    c: StoredCampaign,
    adgroup_name: string,
    status: AdGroupStatus,
    performance: PerformanceTier,
    extra: Partial<WithHistory<StoredAdGroup>> = {},
  ): WithHistory<StoredAdGroup> => ({
    id: entityId(),
    campaign_id: c.id,
    adgroup_name,
    status,
    budget_mode: c.budget_optimize_on ? 'BUDGET_MODE_INFINITE' : 'BUDGET_MODE_DAY',
    budget: c.budget_optimize_on ? undefined : Math.round(c.budget / 2),
    schedule_type: 'SCHEDULE_FROM_NOW',
    schedule_start_time: `${c.start_date} 00:00:00`,
    pacing: 'PACING_MODE_SMOOTH',
    bid_type: 'BID_TYPE_NO_BID',
    billing_event: 'OCPM',
    optimization_goal: 'CLICK',
    location_ids: [US_LOCATION_ID],
    gender: 'GENDER_UNLIMITED',
    age_groups: ['AGE_18_24', 'AGE_25_34', 'AGE_35_44', 'AGE_45_54', 'AGE_55_100'],
    placement_type: 'PLACEMENT_TYPE_NORMAL',
    placements: ['PLACEMENT_SHORTVIDEO'],
    brand_safety_type: 'NO_BRAND_SAFETY',
    creative_material_mode: 'CUSTOM',
    create_time: c.create_time,
    performance,
    ...extra,
  });
  const pixel = pixels[0];
  const adGroups: WithHistory<StoredAdGroup>[] = [
    adGroup(traffic, 'US 18-34 - Outdoor Interests', 'ENABLED', 'average', {
      billing_event: 'CPC',
      bid_display_mode: 'CPC',
      optimization_goal: 'TRAFFIC_LANDING_PAGE_VIEW',
      age_groups: ['AGE_18_24', 'AGE_25_34'],
      interest_category_ids: ['15001000000', '15001001000'],
      interest_keyword_ids: ['260147', '260148'],
      dayparting: WEEKDAY_EVENINGS,
    }),
    adGroup(traffic, 'Retargeting - Site Visitors', 'DISABLED', 'poor', {
      history: pausedAt('2026-05-15T16:30:00.000Z', 'ENABLED'),
      billing_event: 'CPC',
      bid_display_mode: 'CPC',
      optimization_goal: 'CLICK',
      bid_type: 'BID_TYPE_CUSTOM',
      bid_price: 0.9,
      audience_ids: [audiences[1].id],
      excluded_audience_ids: [audiences[0].id],
    }),
    adGroup(traffic, 'Creative Test - Dynamic', 'ENABLED', 'new', {
      billing_event: 'CPC',
      optimization_goal: 'TRAFFIC_LANDING_PAGE_VIEW',
      creative_material_mode: 'DYNAMIC',
    }),
    adGroup(conversions, 'Purchase - Broad', 'ENABLED', 'strong', {
      location_ids: [US_LOCATION_ID, '6251999', '2635167', '2077456'],
      optimization_goal: 'CONVERT',
      pixel_id: pixel.id,
      optimization_event: 'ON_WEB_ORDER',
      promotion_type: 'WEBSITE',
      statistic_type: 'ALL_DAY',
      dayparting: ALL_DAY,
    }),
    adGroup(conversions, 'Purchase - Cost Cap 25-44', 'ENABLED', 'average', {
      optimization_goal: 'CONVERT',
      pixel_id: pixel.id,
      optimization_event: 'ON_WEB_ORDER',
      bid_type: 'BID_TYPE_MAX_CONVERSION',
      conversion_bid_price: 28,
      age_groups: ['AGE_25_34', 'AGE_35_44'],
      audience_ids: [audiences[2].id],
    }),
    adGroup(conversions, 'Add to Cart - Wasteful Test', 'ENABLED', 'wasteful', {
      optimization_goal: 'CONVERT',
      pixel_id: pixel.id,
      optimization_event: 'ON_WEB_CART',
    }),
    adGroup(app, 'Android Installs - US', 'ENABLED', 'poor', {
      optimization_goal: 'INSTALL',
      promotion_type: 'APP_ANDROID',
      app_id: '7312345678901234567',
      operating_systems: ['ANDROID'],
    }),
    adGroup(app, 'iOS Installs - Day-1 Retention', 'DISABLED', 'average', {
      history: pausedAt('2026-06-01T08:00:00.000Z', 'ENABLED'),
      optimization_goal: 'INSTALL',
      promotion_type: 'APP_IOS',
      app_id: '7312345678901234568',
      operating_systems: ['IOS'],
      deep_bid_type: 'VO_MIN_DAY1_RETENTION',
      deep_cpa_bid: 6,
      conversion_bid_price: 15,
      next_day_retention: 0.4,
      bid_type: 'BID_TYPE_CUSTOM',
      bid_price: 15,
    }),
    adGroup(reach, 'Reach - Broad US', 'ENABLED', 'new', {
      billing_event: 'CPM',
      bid_display_mode: 'CPM',
      optimization_goal: 'REACH',
      frequency: 2,
      frequency_schedule: 1,
      budget_mode: 'BUDGET_MODE_TOTAL',
      budget: 1500,
    }),
    // Created before frequency caps were required: the next update sets the REACH default (3 per 7 days).
    adGroup(reach, 'Reach - Creator Lookalikes', 'ENABLED', 'new', {
      billing_event: 'CPM',
      optimization_goal: 'REACH',
      budget_mode: 'BUDGET_MODE_TOTAL',
      budget: 1500,
      audience_ids: [audiences[2].id],
    }),
    adGroup(clearance, 'Clearance - Broad', 'DISABLED', 'wasteful', {
      billing_event: 'CPC',
      optimization_goal: 'CLICK',
      history: pausedAt('2026-02-20T18:00:00.000Z', 'ENABLED'),
    }),
    adGroup(leads, 'Instant Form - 25-54', 'ENABLED', 'average', {
      optimization_goal: 'LEAD_GENERATION',
      age_groups: ['AGE_25_34', 'AGE_35_44', 'AGE_45_54'],
    }),
    adGroup(shopping, 'Catalog - All Products', 'ENABLED', 'strong', {
      optimization_goal: 'VALUE',
      pixel_id: pixel.id,
      optimization_event: 'ON_WEB_ORDER',
      roas_bid: 2.5,
    }),
    adGroup(oldTest, 'Old Test Ad Group', 'DELETED', 'poor', {
      billing_event: 'CPC',
      optimization_goal: 'CLICK',
      history: pausedAt('2025-11-15T09:00:00.000Z', 'ENABLED'),
    }),
  ];

  const byName = (name: string) => adGroups.find((g) => g.adgroup_name === name)!;
  const ad = (
    g: StoredAdGroup,
    ad_name: string,
    ad_text: string,
    v: ShortVideoVideo,
    extra: Partial<WithHistory<StoredAd>> = {},
  ): WithHistory<StoredAd> => ({
    id: entityId(),
    adgroup_id: g.id,
    campaign_id: g.campaign_id,
    ad_name,
    ad_format: 'SINGLE_VIDEO',
    status: g.status === 'DELETED' ? 'DELETED' : 'ENABLED',
    review_status: 'APPROVED',
    ad_text,
    video_id: v.id,
    display_name: 'Northwind Outdoor',
    call_to_action: 'SHOP_NOW',
    landing_page_url: 'https://www.example.com/boots?utm_source=shortvideo',
    create_time: g.create_time,
    performance: g.performance,
    ...extra,
  });
  const freshCreative = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10) + 'T09:00:00Z';
  const ads: WithHistory<StoredAd>[] = [
    ad(byName('US 18-34 - Outdoor Interests'), 'Hook - boots in the rain', 'Waterproof boots that survived 100 miles of mud', videos[0], {
      call_to_action: 'LEARN_MORE',
    }),
    ad(byName('US 18-34 - Outdoor Interests'), 'UGC unboxing', 'Unboxing our lightest trail boot yet', videos[1]),
    ad(byName('Retargeting - Site Visitors'), 'Come back - 10% off', 'Still thinking it over? Take 10% off today', videos[0], {
      status: 'DISABLED',
      history: pausedAt('2026-05-15T16:30:00.000Z', 'ENABLED'),
    }),
    ad(byName('Purchase - Broad'), 'Best seller reel', 'The boot 40,000 hikers swear by', videos[1]),
    // A newer creative, launched three weeks before the account was set up, already wearing off.
    ad(byName('Purchase - Broad'), 'Rain test hook', 'We hosed these boots for an hour. Still dry.', videos[0], {
      create_time: freshCreative,
      fatigue_days: 10,
    }),
    ad(byName('Purchase - Cost Cap 25-44'), 'Brand story', 'Made to be resoled, not replaced', videos[3]),
    ad(byName('Add to Cart - Wasteful Test'), 'Landscape TV cut', 'Adventure starts at your doorstep', videos[5], {
      review_status: 'REJECTED',
    }),
    // The rejected landscape cut never ran; the vertical cut carries the ad group.
    ad(byName('Add to Cart - Wasteful Test'), 'Vertical cut', 'Adventure starts at your doorstep', videos[1]),
    ad(byName('Android Installs - US'), 'App demo', 'Plan every trail offline with Trail Buddy', videos[2], {
      call_to_action: 'DOWNLOAD',
      landing_page_url: undefined,
    }),
    ad(byName('Reach - Broad US'), 'Summer teaser', 'Summer on the trail starts now', videos[0], {
      call_to_action: 'WATCH_NOW',
      review_status: 'IN_REVIEW',
    }),
    ad(byName('Reach - Creator Lookalikes'), 'Creator trail day', 'A day on the trail with our creators', videos[1], {
      call_to_action: 'WATCH_NOW',
    }),
    ad(byName('Instant Form - 25-54'), 'Guided hike teaser', 'Join a free guided hike this weekend', videos[4], {
      call_to_action: 'SIGN_UP',
      landing_page_url: undefined,
      page_id: leadPages[0].id,
    }),
    ad(byName('Catalog - All Products'), 'Catalog video', 'Gear up for summer: boots, packs and more', videos[1]),
    ad(byName('Old Test Ad Group'), 'Old test', 'Test ad', videos[0]),
  ];

  const identities: (ShortVideoIdentity & { id: string })[] = [
    { identity_id: ids.digits(19), identity_type: 'CUSTOMIZED_USER', display_name: 'Northwind Outdoor', can_spark: false },
    { identity_id: ids.digits(19), identity_type: 'ACCOUNT_USER', display_name: '@northwindoutdoor', can_spark: true },
    {
      identity_id: ids.digits(19),
      identity_type: 'AUTH_CODE',
      display_name: '@trailwithmaya (creator)',
      can_spark: true,
      auth_expire_time: '2027-03-01T00:00:00Z',
    },
    { identity_id: ids.digits(19), identity_type: 'BUSINESS_CENTER_USER', display_name: '@northwind.gear', can_spark: true },
  ].map((identity) => ({ ...identity, id: identity.identity_id }) as ShortVideoIdentity & { id: string });
  const image = (file_name: string, width: number, height: number, size: number): ShortVideoImage => ({
    id: `ad-site-i18n-sg/${ids.alphanumeric(24).toLowerCase()}`,
    source: 'URL',
    image_url: `https://cdn.example.com/creative/${file_name}`,
    file_name,
    width,
    height,
    format: file_name.endsWith('.png') ? 'png' : 'jpeg',
    size,
    create_time: created,
  });
  const images: ShortVideoImage[] = [
    image('boots_hero_1080x1920.jpg', 1080, 1920, 312_000),
    image('boots_side_1080x1920.jpg', 1080, 1920, 287_000),
    image('boots_sole_1080x1920.jpg', 1080, 1920, 264_000),
    image('pack_square_1080x1080.jpg', 1080, 1080, 198_000),
    image('logo_square_640x640.png', 640, 640, 41_000),
    image('banner_wide_1200x628.jpg', 1200, 628, 95_000),
    image('thumb_small_300x300.jpg', 300, 300, 18_000),
  ];

  await Promise.all([
    store.putMany(KIND.identity, identities),
    store.putMany(KIND.image, images),
    store.putMany(KIND.pixel, pixels),
    store.putMany(KIND.leadPage, leadPages),
    store.putMany(KIND.audience, audiences),
    store.putMany(KIND.video, videos),
    store.putMany(KIND.campaign, campaigns),
    store.putMany(KIND.adgroup, adGroups),
    store.putMany(KIND.ad, ads),
  ]);
}
