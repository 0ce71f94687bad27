import { addDays, isoDate } from '../../../core/dates';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

async function setup() {
  const owner = await createTestOwner({ accounts: { socialads: 1 } });
  const pages = (await callToolOk(owner.apiKey, 'list_socialads_pages')).structured!.pages as { id: string }[];
  const videos = (await callToolOk(owner.apiKey, 'discover_socialads_assets', { asset_type: 'videos' })).structured!.videos as {
    id: string;
  }[];
  return { ...owner, pages, videos };
}

describe('Tool: create_socialads_video_campaign', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    env = await setup();
  });
  const base = () => ({
    campaign_name: `Video test ${Math.random().toString(36).slice(2, 8)}`,
    daily_budget: 25,
    existing_video_id: env.videos[0].id,
    primary_text: 'See the trail in 15 seconds.',
    page_id: env.pages[0].id,
  });

  it('creates campaign, ad set and video ad, visible through the read tools', async () => {
    const args = {
      ...base(),
      objective: 'OUTCOME_TRAFFIC',
      landing_page_url: 'https://www.example.com/v',
      countries: ['US', 'CA'],
      age_min: 25,
      age_max: 54,
      genders: 'female',
    };
    const data = await callToolOk(env.apiKey, 'create_socialads_video_campaign', args);
    const s = data.structured!;
    expect(s.optimization_goal).toBe('LANDING_PAGE_VIEWS');
    expect(s.status).toBe('PAUSED');
    const sets = (await callToolOk(env.apiKey, 'list_socialads_ad_sets', { campaign_id: s.campaign_id })).structured!.ad_sets as {
      id: string;
      daily_budget: number;
      targeting: { countries: string[]; age_min: number; genders: number[] };
      status: string;
    }[];
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ id: s.ad_set_id, daily_budget: 25, status: 'PAUSED' });
    expect(sets[0].targeting).toMatchObject({ countries: ['US', 'CA'], age_min: 25, genders: [2] });
    const ads = (await callToolOk(env.apiKey, 'list_socialads_ads', { campaign_id: s.campaign_id })).structured!.ads as {
      id: string;
      ad_type: string;
      creative: { video_id: string; link: string };
    }[];
    expect(ads).toEqual([
      expect.objectContaining({
        id: s.ad_id,
        ad_type: 'video',
        creative: expect.objectContaining({ video_id: env.videos[0].id, link: 'https://www.example.com/v' }),
      }),
    ]);
  });

  it('uploads a video_url, defaults to awareness/REACH, and fetches the lead form and pixel when there is one', async () => {
    const awareness = await callToolOk(env.apiKey, 'create_socialads_video_campaign', {
      ...base(),
      existing_video_id: undefined,
      daily_budget: undefined,
      video_url: 'https://cdn.example.com/launch.mp4',
      lifetime_budget: 700,
      end_date: addDays(isoDate(new Date()), 30),
    });
    expect(awareness.structured!.objective).toBe('OUTCOME_AWARENESS');
    expect(awareness.structured!.optimization_goal).toBe('REACH');
    const videos = (await callToolOk(env.apiKey, 'discover_socialads_assets', { asset_type: 'videos', search: 'launch.mp4' })).structured!
      .videos as { id: string; status: string }[];
    expect(videos[0]).toMatchObject({ id: awareness.structured!.video_id, status: 'processing' });
    const sales = await callToolOk(env.apiKey, 'create_socialads_video_campaign', {
      ...base(),
      objective: 'OUTCOME_SALES',
      landing_page_url: 'https://www.example.com/buy',
    });
    expect(sales.structured!.pixel_id).toMatch(/^\d+$/);
    // The plan of a sales campaign names the pixel and the event it counts (issue 31).
    const salesPlan = await callToolOk(env.apiKey, 'create_socialads_video_campaign', {
      ...base(),
      objective: 'OUTCOME_SALES',
      landing_page_url: 'https://www.example.com/buy',
      dry_run: true,
    });
    expect(salesPlan.structured!.summary).toMatch(new RegExp(`counting PURCHASE on pixel "[^"]+" \\(${sales.structured!.pixel_id}\\)`));
    expect(salesPlan.structured!.changes).toContainEqual(
      expect.objectContaining({
        entity: 'ad_set',
        fields: expect.objectContaining({ pixel_id: { after: sales.structured!.pixel_id }, conversion_event: { after: 'PURCHASE' } }),
      }),
    );
    // Page 0 has two active lead forms: the tool asks which.
    const leads = await callTool(env.apiKey, 'create_socialads_video_campaign', { ...base(), objective: 'OUTCOME_LEADS' });
    expect(leads.status).toBe(400);
    expect(leads.body.error).toContain('Please specify lead_form_id');
    expect(leads.body.structured_content!.lead_forms).toHaveLength(2);
  });

  it('resumes after a failure part-way through without duplicating the campaign', async () => {
    // Prepare
    const args = { ...base(), objective: 'OUTCOME_ENGAGEMENT' };
    const account = env.accounts.socialads![0];
    await injectSandboxFailure(account, 'create_ad_set', 1);
    // Act
    const failed = await callTool(env.apiKey, 'create_socialads_video_campaign', args);
    const retried = await callToolOk(env.apiKey, 'create_socialads_video_campaign', args);
    // Assess
    expect(failed.status).toBe(500);
    const campaigns = (await new SandboxStore('socialads', account.account_id).list<{ id: string; name: string }>('campaign')).filter(
      (c) => c.name === args.campaign_name,
    );
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0].id).toBe(retried.structured!.campaign_id);
    expect(retried.structured!.optimization_goal).toBe('THRUPLAY');
  });

  it.each([
    [{ daily_budget: undefined }, 'one of `daily_budget` or `lifetime_budget` is required'],
    [{ lifetime_budget: 500 }, '`daily_budget` and `lifetime_budget` are mutually exclusive'],
    [{ daily_budget: undefined, lifetime_budget: 500 }, '`end_date` is required with `lifetime_budget`'],
    [{ daily_budget: 0.5 }, '`daily_budget` must be at least 1'],
    [{ daily_budget: undefined, lifetime_budget: 5, end_date: addDays(isoDate(new Date()), 30) }, 'under the minimum of $1.00 per day'],
    [{ existing_video_id: undefined }, 'one of `video_url` or `existing_video_id` is required'],
    [{ video_url: 'https://x.example.com/v.mp4' }, '`video_url` and `existing_video_id` are mutually exclusive'],
    [{ objective: 'OUTCOME_REACH' }, '`objective` must be one of'],
    [{ objective: 'OUTCOME_TRAFFIC' }, '`landing_page_url` is required for OUTCOME_TRAFFIC'],
    [{ objective: 'OUTCOME_APP_PROMOTION' }, '`object_store_url` is required for OUTCOME_APP_PROMOTION'],
    [{ optimization_goal: 'APP_INSTALLS' }, '`optimization_goal` APP_INSTALLS does not fit OUTCOME_AWARENESS'],
    [{ age_min: 50, age_max: 30 }, '`age_min` must not be greater than `age_max`'],
    [{ age_min: 13 }, '`age_min` must be at least 18'],
    [{ countries: ['usa'] }, '`countries[0]` must be an ISO 3166-1 alpha-2 country code'],
    [{ primary_text: 'x'.repeat(2201) }, '`primary_text` must be at most 2200'],
    [{ landing_page_url: 'http://example.com' }, '`landing_page_url` must use HTTPS'],
    [{ lead_form_id: '1234567890' }, '`lead_form_id` only applies to OUTCOME_LEADS'],
  ])('rejects %j', async (override, message) => {
    const result = await callTool(env.apiKey, 'create_socialads_video_campaign', { ...base(), ...override });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('rejects a start date in the past and asks for the page with two promotable pages', async () => {
    const past = await callTool(env.apiKey, 'create_socialads_video_campaign', { ...base(), start_date: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(past.body.error).toContain('is in the past');
    const { page_id: _p, ...noPage } = base();
    const ask = await callTool(env.apiKey, 'create_socialads_video_campaign', noPage);
    expect(ask.status).toBe(400);
    expect(ask.body.structured_content!.pages).toHaveLength(2);
  });
});
