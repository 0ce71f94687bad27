/** Seeds a new proads sandbox account. */
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import { idSource } from '../../sandbox/ids';
import type { PerformanceTier } from '../../sandbox/metrics';
import { SandboxStore } from '../../sandbox/store';
import { KIND } from './stored';
import type {
  ProAdsAsset,
  ProAdsCampaign,
  ProAdsCampaignGroup,
  ProAdsConversion,
  ProAdsCreative,
  ProAdsOrganization,
  ProAdsSegment,
  ProAdsTargeting,
} from '../port';
import { type Simulation, type StoredCreative, type StoredSegment } from './delivery';

/** Seeds a new sandbox account with realistic proads entities. Ids are reproducible per account. */
export async function seedProAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('proads', account.account_id);
  const ids = idSource(`proads:${account.account_id}`);
  const today = isoDate(new Date(account.connected_at || Date.now()));
  const ago = (days: number) => addDays(today, -days);
  const brand = account.name.split(' (')[0];
  const site = `https://www.${brand.toLowerCase().replace(/[^a-z0-9]/g, '')}.com`;

  const groups: ProAdsCampaignGroup[] = [
    { id: `6${ids.digits(8)}`, name: '2026 Demand Generation', status: 'ACTIVE', total_budget: 120000 },
    { id: `6${ids.digits(8)}`, name: 'Brand & Product Launch', status: 'ACTIVE', total_budget: 40000 },
    { id: `6${ids.digits(8)}`, name: 'Q1 Webinars', status: 'ARCHIVED' },
  ];
  const [demand, brandGroup, webinars] = groups;

  type Seed = Omit<ProAdsCampaign, 'id' | 'created_at' | 'type'>;
  // Every seeded campaign reaches the US and Canada plus its own audience facets, with manual bids.
  const campaign = (c: Seed, audience: ProAdsTargeting['include'] = {}): ProAdsCampaign => ({
    id: `7${ids.digits(8)}`,
    type: c.format === 'TEXT_AD' ? 'TEXT_AD' : 'SPONSORED_UPDATES',
    created_at: `${c.start_date}T10:00:00Z`,
    bid_strategy: 'MANUAL',
    targeting: { include: { locations: ['geo:us', 'geo:ca'], ...audience } },
    ...c,
  });
  const itAudience = {
    job_functions: ['function:13', 'function:8'],
    seniorities: ['seniority:3', 'seniority:4', 'seniority:5', 'seniority:6', 'seniority:8'],
  };
  const c = {
    itdm: campaign(
      {
        campaign_group_id: demand.id,
        name: 'Demand Gen - IT Decision Makers - Single Image',
        format: 'SINGLE_IMAGE',
        objective_type: 'WEBSITE_CONVERSION',
        status: 'ACTIVE',
        cost_type: 'CPC',
        daily_budget: 400,
        unit_cost: 6.5,
        start_date: ago(120),
      },
      itAudience,
    ),
    ebook: campaign({
      campaign_group_id: demand.id,
      name: 'Lead Gen - 2026 Buyer Guide eBook - Carousel',
      format: 'CAROUSEL',
      objective_type: 'LEAD_GENERATION',
      status: 'ACTIVE',
      cost_type: 'CPC',
      daily_budget: 250,
      unit_cost: 8,
      start_date: ago(90),
    }),
    testimonials: campaign({
      campaign_group_id: demand.id,
      name: 'Retargeting - Customer Testimonials - Video',
      format: 'VIDEO',
      objective_type: 'WEBSITE_CONVERSION',
      status: 'ACTIVE',
      cost_type: 'CPM',
      daily_budget: 150,
      unit_cost: 38,
      start_date: ago(80),
    }),
    sidebar: campaign(
      {
        campaign_group_id: demand.id,
        name: 'Text Ads - Desktop Sidebar - Free Trial',
        format: 'TEXT_AD',
        objective_type: 'WEBSITE_CONVERSION',
        status: 'ACTIVE',
        cost_type: 'CPC',
        daily_budget: 350,
        unit_cost: 9,
        start_date: ago(100),
      },
      { company_sizes: ['staffCountRange:(2,10)', 'staffCountRange:(201,500)', 'staffCountRange:(10001,2147483647)'] },
    ),
    hr: campaign(
      {
        campaign_group_id: demand.id,
        name: 'Mid-Funnel - HR Leaders - Single Image',
        format: 'SINGLE_IMAGE',
        objective_type: 'WEBSITE_CONVERSION',
        status: 'ACTIVE',
        cost_type: 'CPC',
        daily_budget: 200,
        unit_cost: 7.5,
        start_date: ago(70),
      },
      { job_functions: ['function:12'] },
    ),
    launch: campaign({
      campaign_group_id: brandGroup.id,
      name: 'Product Launch - Teaser - Video',
      format: 'VIDEO',
      objective_type: 'VIDEO_VIEW',
      status: 'ACTIVE',
      cost_type: 'CPM',
      daily_budget: 120,
      unit_cost: 30,
      start_date: ago(5),
    }),
    cfo: campaign(
      {
        campaign_group_id: brandGroup.id,
        name: 'ABM - Named CFO List - Single Image',
        format: 'SINGLE_IMAGE',
        objective_type: 'BRAND_AWARENESS',
        status: 'ACTIVE',
        cost_type: 'CPM',
        daily_budget: 50,
        unit_cost: 45,
        start_date: ago(60),
      },
      { audiences: ['audience:target-accounts-cfo'] },
    ),
    webinar: campaign({
      campaign_group_id: webinars.id,
      name: 'Webinar Promo - Q1 Security Briefing',
      format: 'SINGLE_IMAGE',
      objective_type: 'LEAD_GENERATION',
      status: 'COMPLETED',
      cost_type: 'CPC',
      daily_budget: 150,
      unit_cost: 8,
      start_date: ago(260),
      end_date: ago(200),
    }),
    draft: campaign({
      campaign_group_id: brandGroup.id,
      name: 'Draft - Q3 Field Event - Carousel',
      format: 'CAROUSEL',
      objective_type: 'ENGAGEMENT',
      status: 'DRAFT',
      cost_type: 'CPC',
      daily_budget: 100,
      unit_cost: 7,
      start_date: ago(1),
    }),
  };

  type CreativeSeed = Omit<
    StoredCreative,
    'id' | 'campaign_id' | 'format' | 'start_date' | 'created_at' | 'landing_page_url' | 'status'
  > & { status?: ProAdsCreative['status']; path: string };
  const creative = (parent: ProAdsCampaign, s: CreativeSeed): StoredCreative => {
    const { path, ...rest } = s;
    return {
      id: `8${ids.digits(8)}`,
      campaign_id: parent.id,
      format: parent.format,
      status: 'ACTIVE',
      review_status: 'APPROVED',
      start_date: parent.start_date,
      created_at: parent.created_at,
      landing_page_url: `${site}${path}`,
      ...rest,
    };
  };
  const creatives: StoredCreative[] = [
    creative(c.itdm, {
      name: 'ITDM - Cost savings stat',
      performance: 'strong',
      intro_text: 'IT leaders cut infrastructure spend 31% in year one. See how.',
      headline: 'Cut infrastructure costs by 31%',
      call_to_action: 'LEARN_MORE',
      path: '/roi',
    }),
    creative(c.itdm, {
      name: 'ITDM - Analyst quote',
      performance: 'average',
      profile_overrides: { impressions: 2200, cvr: 0.065 },
      intro_text: 'Named a Leader by analysts for the third year running.',
      headline: 'See why analysts rank us #1',
      call_to_action: 'DOWNLOAD',
      path: '/report',
    }),
    creative(c.itdm, {
      name: 'ITDM - Generic product shot',
      performance: 'wasteful',
      profile_overrides: { impressions: 2600 },
      intro_text: 'Our platform. Your infrastructure.',
      headline: 'Meet the platform',
      call_to_action: 'LEARN_MORE',
      path: '/product',
    }),
    creative(c.ebook, {
      name: 'eBook carousel - 5 chapters',
      performance: 'average',
      intro_text: 'The 2026 buyer guide: five chapters, zero fluff.',
      headline: 'Download the 2026 Buyer Guide',
      call_to_action: 'DOWNLOAD',
      path: '/buyer-guide',
    }),
    creative(c.ebook, {
      name: 'eBook carousel - checklist',
      performance: 'average',
      profile_overrides: { impressions: 2400, cvr: 0.055 },
      intro_text: 'A 20-point evaluation checklist for your shortlist.',
      headline: 'Get the evaluation checklist',
      call_to_action: 'DOWNLOAD',
      path: '/checklist',
    }),
    creative(c.testimonials, {
      name: 'Testimonial - Fintech CTO 45s',
      performance: 'wasteful',
      intro_text: '"We shipped 3x faster." Hear it from their CTO.',
      headline: 'Customer story: 3x faster releases',
      call_to_action: 'LEARN_MORE',
      path: '/customers/fintech',
    }),
    creative(c.testimonials, {
      name: 'Testimonial - Retail CIO 60s',
      performance: 'wasteful',
      profile_overrides: { impressions: 1400 },
      intro_text: 'How a 900-store retailer modernised in 6 months.',
      headline: 'Customer story: retail at scale',
      call_to_action: 'LEARN_MORE',
      path: '/customers/retail',
    }),
    creative(c.sidebar, {
      name: 'Text ad - Free trial',
      performance: 'poor',
      headline: 'Try it free: 30 days',
      description: 'No credit card. Set up in minutes. Cancel anytime.',
      path: '/trial',
    }),
    creative(c.sidebar, {
      name: 'Text ad - Demo',
      performance: 'poor',
      profile_overrides: { impressions: 7000 },
      headline: 'Book a 15-min demo',
      description: 'See the platform live with an engineer, not a deck.',
      path: '/demo',
    }),
    creative(c.hr, {
      name: 'HR Leaders - Retention stat',
      performance: 'average',
      profile_overrides: { impressions: 5200, ctr: 0.0026, cvr: 0.07 },
      intro_text: 'Retention is the new recruiting.',
      headline: 'Keep your best people',
      call_to_action: 'LEARN_MORE',
      path: '/hr',
    }),
    creative(c.hr, {
      name: 'HR Leaders - Survey results',
      performance: 'average',
      profile_overrides: { impressions: 4200, ctr: 0.0028, cvr: 0.07 },
      intro_text: '2,000 HR leaders told us what matters in 2026.',
      headline: 'The 2026 HR survey',
      call_to_action: 'DOWNLOAD',
      path: '/hr-survey',
    }),
    creative(c.launch, {
      name: 'Launch teaser 15s',
      performance: 'new',
      intro_text: 'Something new is coming. Be first to see it.',
      headline: 'Coming soon',
      call_to_action: 'LEARN_MORE',
      path: '/launch',
    }),
    creative(c.cfo, {
      name: 'CFO - Finance ops benchmark',
      performance: 'average',
      profile_overrides: { impressions: 22 },
      intro_text: 'How does your finance ops stack compare?',
      headline: 'Finance ops benchmark 2026',
      call_to_action: 'DOWNLOAD',
      path: '/cfo',
    }),
    creative(c.webinar, {
      name: 'Webinar - Security briefing',
      performance: 'poor',
      status: 'ARCHIVED',
      intro_text: 'Join our Q1 security briefing.',
      headline: 'Register: Q1 Security Briefing',
      call_to_action: 'REGISTER',
      path: '/webinar',
    }),
    creative(c.draft, {
      name: 'Field event - carousel (draft)',
      performance: 'new',
      status: 'PAUSED',
      intro_text: 'Meet us at the Q3 field event.',
      headline: 'Join us in Austin',
      call_to_action: 'REGISTER',
      path: '/events',
    }),
  ];

  type SegmentSeed = [ProAdsSegment['pivot'], string, string, PerformanceTier, Simulation['profile_overrides']?];
  const segmentSeeds: SegmentSeed[] = [
    ['SENIORITY', 'Entry', 'seniority:3', 'wasteful', { impressions: 2400 }],
    ['SENIORITY', 'Senior', 'seniority:4', 'average'],
    ['SENIORITY', 'Manager', 'seniority:5', 'average', { impressions: 2800 }],
    ['SENIORITY', 'Director', 'seniority:6', 'strong', { impressions: 2500 }],
    ['SENIORITY', 'CXO', 'seniority:8', 'strong', { impressions: 900 }],
    ['JOB_FUNCTION', 'Information Technology', 'function:13', 'strong'],
    ['JOB_FUNCTION', 'Engineering', 'function:8', 'average'],
    ['JOB_FUNCTION', 'Education', 'function:9', 'wasteful', { impressions: 1300 }],
    ['JOB_FUNCTION', 'Human Resources', 'function:12', 'poor', { impressions: 4000 }],
    ['INDUSTRY', 'Software Development', 'industry:4', 'strong'],
    ['INDUSTRY', 'Financial Services', 'industry:43', 'average'],
    ['INDUSTRY', 'Higher Education', 'industry:68', 'wasteful', { impressions: 1200 }],
    ['COMPANY_SIZE', '1-10 employees', 'staffCountRange:(2,10)', 'poor', { impressions: 5000 }],
    ['COMPANY_SIZE', '201-500 employees', 'staffCountRange:(201,500)', 'average'],
    ['COMPANY_SIZE', '10,001+ employees', 'staffCountRange:(10001,2147483647)', 'strong', { impressions: 1800 }],
    ['INDUSTRY', 'Religious Institutions', 'industry:89', 'average', { impressions: 15 }],
  ];
  const segments: StoredSegment[] = segmentSeeds.map(([pivot, value, urn, performance, profile_overrides]) => ({
    id: `seg_${ids.alphanumeric(10)}`,
    pivot,
    value,
    urn,
    performance,
    ...(profile_overrides ? { profile_overrides } : {}),
  }));

  // Ended and archived entities ran before they were switched off (the history a real account
  // has; the delivery model rebuilds each day from it).
  const switchedOff = (entity: object, at: string) => Object.assign(entity, { history: [{ at, before: { status: 'ACTIVE' } }] });
  switchedOff(webinars, `${ago(190)}T09:00:00.000Z`);
  switchedOff(c.webinar, `${ago(199)}T00:00:00.000Z`);
  switchedOff(
    creatives.find((cr) => cr.campaign_id === c.webinar.id)!,
    `${ago(190)}T09:00:00.000Z`,
  );

  const conversions: ProAdsConversion[] = [
    {
      id: `9${ids.digits(7)}`,
      name: 'Demo request form submit',
      type: 'REQUEST_DEMO',
      attribution_type: 'LAST_TOUCH_BY_CAMPAIGN',
      post_click_window_days: 30,
      view_through_window_days: 7,
      value: 250,
      enabled: true,
      campaign_ids: [c.itdm.id, c.testimonials.id, c.sidebar.id, c.hr.id],
      created_at: `${ago(150)}T09:00:00.000Z`,
    },
    {
      id: `9${ids.digits(7)}`,
      name: 'Free trial sign-up',
      type: 'SIGN_UP',
      attribution_type: 'LAST_TOUCH_BY_CAMPAIGN',
      post_click_window_days: 30,
      view_through_window_days: 7,
      enabled: true,
      campaign_ids: [c.sidebar.id],
      created_at: `${ago(150)}T09:05:00.000Z`,
    },
    {
      id: `9${ids.digits(7)}`,
      name: 'Pricing page view',
      type: 'KEY_PAGE_VIEW',
      attribution_type: 'LAST_TOUCH_BY_CONVERSION',
      post_click_window_days: 7,
      view_through_window_days: 1,
      enabled: true,
      campaign_ids: [],
      created_at: `${ago(40)}T09:00:00.000Z`,
    },
  ];
  const assets: ProAdsAsset[] = [
    {
      id: `asset_${ids.alphanumeric(12)}`,
      kind: 'IMAGE',
      name: 'roi-stat-1200x628.png',
      source_url: `${site}/media/roi-stat-1200x628.png`,
      width: 1200,
      height: 628,
      size_bytes: 412_000,
      created_at: `${ago(121)}T09:00:00.000Z`,
    },
    {
      id: `asset_${ids.alphanumeric(12)}`,
      kind: 'IMAGE',
      name: 'buyer-guide-card-1080.png',
      source_url: `${site}/media/buyer-guide-card-1080.png`,
      width: 1080,
      height: 1080,
      size_bytes: 380_000,
      created_at: `${ago(91)}T09:00:00.000Z`,
    },
    {
      id: `asset_${ids.alphanumeric(12)}`,
      kind: 'IMAGE',
      name: 'checklist-card-1080.png',
      source_url: `${site}/media/checklist-card-1080.png`,
      width: 1080,
      height: 1080,
      size_bytes: 350_000,
      created_at: `${ago(91)}T09:00:00.000Z`,
    },
    {
      id: `asset_${ids.alphanumeric(12)}`,
      kind: 'IMAGE',
      name: 'logo-100x100.png',
      source_url: `${site}/media/logo-100x100.png`,
      width: 100,
      height: 100,
      size_bytes: 18_000,
      created_at: `${ago(101)}T09:00:00.000Z`,
    },
    {
      id: `asset_${ids.alphanumeric(12)}`,
      kind: 'VIDEO',
      name: 'fintech-cto-45s.mp4',
      source_url: `${site}/media/fintech-cto-45s.mp4`,
      width: 1920,
      height: 1080,
      size_bytes: 48_000_000,
      duration_seconds: 45,
      created_at: `${ago(81)}T09:00:00.000Z`,
    },
    {
      id: `asset_${ids.alphanumeric(12)}`,
      kind: 'VIDEO',
      name: 'launch-teaser-15s.mp4',
      source_url: `${site}/media/launch-teaser-15s.mp4`,
      width: 1080,
      height: 1080,
      size_bytes: 16_000_000,
      duration_seconds: 15,
      created_at: `${ago(6)}T09:00:00.000Z`,
    },
  ];
  const organizations: ProAdsOrganization[] = [
    { id: `org_${ids.digits(8)}`, name: brand, kind: 'COMPANY_PAGE', role: 'ADMINISTRATOR' },
    { id: `org_${ids.digits(8)}`, name: `${brand} Careers`, kind: 'COMPANY_PAGE', role: 'CONTENT_ADMIN' },
    { id: account.account_id, name: account.name, kind: 'AD_ACCOUNT', role: 'CAMPAIGN_MANAGER' },
  ];

  await Promise.all([
    store.putMany(KIND.conversion, conversions),
    store.putMany(KIND.asset, assets),
    store.putMany(KIND.organization, organizations),
    store.putMany(KIND.group, groups),
    store.putMany(KIND.campaign, Object.values(c)),
    store.putMany(KIND.creative, creatives),
    store.putMany(KIND.segment, segments),
  ]);
}
