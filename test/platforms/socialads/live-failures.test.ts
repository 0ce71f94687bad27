/**
 * What a live socialads account does when the platform says no or is slow, through the gateway:
 * rate limits (429 with Retry-After from the usage header, no quota used), a revoked or expired
 * token (connection_broken, shown with its fix), the operator's problems (live_setup_incomplete,
 * the connection stays healthy), validation errors with the platform's message and request id,
 * token renewal before expiry, asynchronous reports collected on the next call, money in two
 * currencies, creates that start paused, and dry runs that the platform only checks.
 */
import { loadCredentials, saveCredentials } from '../../../functions/runtime/stores/credentials';
import { operatorCall } from '../../../platforms/live/connector';
import { socialads } from '../../../platforms/socialads/manifest';
import { readUsage } from '../../../functions/runtime/stores/usage';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { liveSocialAdsOwner, useFakeSocialAdsApi } from './live-support';

useTestTables();
const fake = useFakeSocialAdsApi();
jest.setTimeout(120_000);

type Row = Record<string, any>;

const health = async (apiKey: string) => {
  const status = await callToolOk(apiKey, 'get_connections_status', {});
  return (status.structured!.platforms as { platform: string; accounts: Row[] }[]).find((p) => p.platform === 'socialads')!.accounts[0]!;
};

describe('live socialads failures', () => {
  it('a rate limit answers 429 with Retry-After from the platform estimate, uses no quota, and the next call works', async () => {
    const { apiKey, ownerId } = await liveSocialAdsOwner(fake.api);
    const before = (await readUsage(ownerId, new Date())).used;
    // The list reads campaigns, ad sets and ads at once (ad sets and ads more than once); when one
    // is throttled the answer is 429 at once while the others still reach the platform a moment
    // later. Each step waits until no more reads arrive, so that a throttle armed for the next step
    // is not used up by the last step's stragglers.
    const lists = /\/(campaigns|adsets|ads)$/;
    const untilReadsSettle = async (before: number) => {
      let seen = before;
      for (let quiet = 0, i = 0; quiet < 4 && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const now = fake.api.count('GET', lists);
        quiet = now === seen ? quiet + 1 : 0;
        seen = now;
      }
    };
    let sent = fake.api.count('GET', lists);
    fake.api.rateLimit(1, 80000, 3);
    const limited = await callTool(apiKey, 'list_socialads_campaigns', {});
    await untilReadsSettle(sent);
    expect(limited.status).toBe(429);
    expect(limited.headers['Retry-After'] ?? limited.headers['retry-after']).toBe('180');
    expect(limited.body.structured_content).toMatchObject({ code: 'upstream_rate_limited' });
    expect((await readUsage(ownerId, new Date())).used).toBe(before);
    // A user-level throttle without an estimate still tells the caller when to come back.
    sent = fake.api.count('GET', lists);
    fake.api.rateLimit(1, 17, 0);
    const derived = await callTool(apiKey, 'list_socialads_campaigns', {});
    await untilReadsSettle(sent);
    expect(derived.status).toBe(429);
    expect(Number(derived.headers['Retry-After'] ?? derived.headers['retry-after'])).toBeGreaterThan(0);
    expect((await callTool(apiKey, 'list_socialads_campaigns', {})).status).toBe(200);
  });

  it('a revoked token answers 400 connection_broken and get_connections_status shows the fix', async () => {
    const { apiKey, ownerId, token, account } = await liveSocialAdsOwner(fake.api);
    fake.api.revoke(token.token);
    const broken = await callTool(apiKey, 'list_socialads_campaigns', {});
    expect(broken.status).toBe(400);
    expect(broken.body.structured_content).toMatchObject({
      code: 'connection_broken',
      platform: 'socialads',
      account_id: account.account_id,
    });
    expect(broken.body.error).toContain('invalidated');
    expect(JSON.stringify(broken.body)).not.toContain(token.token);
    expect((await readUsage(ownerId, new Date())).used).toBe(0);
    expect(await health(apiKey)).toMatchObject({ healthy: false, fix: expect.stringContaining('--access-token') });
  });

  it("the app's missing access and a sunset API version answer live_setup_incomplete; the owner's connection stays healthy", async () => {
    const { apiKey } = await liveSocialAdsOwner(fake.api);
    fake.api.failNext({ code: 10, message: '(#10) Application does not have permission for this action' }, 403);
    const noAccess = await callTool(apiKey, 'list_socialads_campaigns', {});
    expect(noAccess.status).toBe(400);
    expect(noAccess.body.structured_content).toMatchObject({ code: 'live_setup_incomplete', platform: 'socialads' });
    expect(noAccess.body.error).toContain('App Review');
    process.env.SOCIALADS_API_VERSION = 'v18.0';
    try {
      const sunset = await callTool(apiKey, 'list_socialads_campaigns', {});
      expect(sunset.status).toBe(400);
      expect(sunset.body.structured_content).toMatchObject({ code: 'live_setup_incomplete' });
      expect(sunset.body.error).toContain('SOCIALADS_API_VERSION');
    } finally {
      delete process.env.SOCIALADS_API_VERSION;
    }
    expect((await health(apiKey)).healthy).toBe(true);
    expect((await callTool(apiKey, 'list_socialads_campaigns', {})).status).toBe(200);
  });

  it("a refused write answers 400 tool_rejected with the platform's own message and request id, and nothing changes", async () => {
    const { apiKey, upstream } = await liveSocialAdsOwner(fake.api);
    const traffic = upstream.campaigns.find((c) => c.objective === 'OUTCOME_TRAFFIC')!;
    fake.api.failNext({
      code: 100,
      error_subcode: 1885650,
      type: 'OAuthException',
      message: 'Invalid parameter',
      error_user_title: 'Budget too high',
      error_user_msg: 'The daily budget is above the spending limit of this ad account.',
      fbtrace_id: 'AtraceBudget',
    });
    const refused = await callTool(apiKey, 'update_socialads_campaign', { campaign_id: traffic.id, daily_budget: 70 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('The daily budget is above the spending limit of this ad account.');
    expect(refused.body.structured_content).toMatchObject({
      code: 'tool_rejected',
      platform_error: '100/1885650',
      request_id: 'AtraceBudget',
    });
    expect(traffic.daily_budget).toBe('1500');
  });

  it('a write whose answer is lost is outcome_unknown and is not sent twice', async () => {
    const { apiKey, upstream } = await liveSocialAdsOwner(fake.api);
    const traffic = upstream.campaigns.find((c) => c.objective === 'OUTCOME_TRAFFIC')!;
    await callToolOk(apiKey, 'get_socialads_campaign_details', { campaign_id: traffic.id });
    const posts = fake.api.count('POST', new RegExp(`/${traffic.id}$`));
    fake.api.failNext({ code: 2, message: 'Service temporarily unavailable', is_transient: true }, 500, 'POST');
    const lost = await callTool(apiKey, 'pause_socialads_campaign', { campaign_id: traffic.id });
    expect(lost.status).toBe(500);
    expect(lost.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    expect(fake.api.count('POST', new RegExp(`/${traffic.id}$`))).toBe(posts + 1);
  });

  it('a token close to its expiry is exchanged for a fresh long-lived one before the call, and stored', async () => {
    const { apiKey, token, account } = await liveSocialAdsOwner(fake.api, { expiresInDays: 3 });
    await callToolOk(apiKey, 'list_socialads_campaigns', {});
    const stored = await loadCredentials<{ access_token: string; expires_at: string }>(account);
    expect(stored!.access_token).not.toBe(token.token);
    expect(Number(stored!.expires_at)).toBeGreaterThan(Date.now() / 1000 + 59 * 86_400);
    const exchanges = fake.api.requests.filter(
      (r) => r.path.endsWith('/oauth/access_token') && r.params.grant_type === 'fb_exchange_token',
    );
    expect(exchanges).toHaveLength(1);
    // The fresh token is used from then on, without another exchange.
    await callToolOk(apiKey, 'list_socialads_ad_sets', {});
    expect(fake.api.requests.filter((r) => r.params.grant_type === 'fb_exchange_token')).toHaveLength(1);
    expect((await health(apiKey)).detail).toMatch(/expires in 5\d days/);
  });

  it('a token the platform will not renew keeps working until it lapses, and the status warns before it does', async () => {
    const { apiKey, token, account } = await liveSocialAdsOwner(fake.api, { expiresInDays: 3 });
    fake.api.failNext({ code: 1, message: 'An unknown error occurred' }, 400, 'GET', /\/oauth\/access_token$/);
    await callToolOk(apiKey, 'list_socialads_campaigns', {});
    expect(fake.api.count('GET', /\/oauth\/access_token$/)).toBeGreaterThan(0);
    expect((await loadCredentials<{ access_token: string }>(account))!.access_token).toBe(token.token);
    const status = await health(apiKey);
    expect(status).toMatchObject({ healthy: true, fix: expect.stringContaining('--access-token') });
    expect(status.detail).toMatch(/expires in 2 day\(s\)/);
  });

  it('a token another instance replaced is read again once and the call goes through', async () => {
    const { account, token } = await liveSocialAdsOwner(fake.api);
    const port = socialads.open(account, operatorCall());
    await port.listCampaigns();
    // Another instance renewed the token and stored the new one; the old one stops working.
    const renewed = fake.api.addToken({ userId: token.userId });
    await saveCredentials(account, { access_token: renewed.token, expires_at: '0' });
    fake.api.revoke(token.token);
    expect((await port.listAdSets()).length).toBeGreaterThan(0);
    expect(fake.api.requests.filter((r) => r.path.endsWith('/adsets')).length).toBeGreaterThanOrEqual(2);
  });

  it('a token past its expiry is a broken connection', async () => {
    const { apiKey, token } = await liveSocialAdsOwner(fake.api, { expiresInDays: 1 });
    token.expiresAt = Math.floor(Date.now() / 1000) - 60;
    const broken = await callTool(apiKey, 'list_socialads_campaigns', {});
    expect(broken.status).toBe(400);
    expect(broken.body.structured_content).toMatchObject({ code: 'connection_broken' });
    expect(broken.body.error).toContain('expired');
  });

  it('a breakdown report the platform prepares slowly answers 503 report_pending, and the same call collects the same run', async () => {
    const { apiKey, ownerId } = await liveSocialAdsOwner(fake.api);
    const runs = () => fake.api.count('POST', /\/act_\d+\/insights$/);
    const before = runs();
    fake.api.reportPolls = 1_000;
    try {
      // A function with 8 s left (the Lambda timeout is 30 s): the deadline comes first all the same, sooner.
      const pending = await callTool(apiKey, 'get_socialads_audience_insights', { breakdown: 'gender' }, { functionMs: 8000 });
      expect(pending.status).toBe(503);
      expect(pending.body.structured_content).toMatchObject({ code: 'report_pending', platform: 'socialads' });
      expect(Number(pending.headers['Retry-After'] ?? pending.headers['retry-after'])).toBeGreaterThan(0);
      expect((await readUsage(ownerId, new Date())).used).toBe(0);
    } finally {
      fake.api.reportPolls = 0;
    }
    const done = await callToolOk(apiKey, 'get_socialads_audience_insights', { breakdown: 'gender' });
    expect((done.structured!.rows as Row[]).map((r) => r.breakdown_value ?? r.value ?? r.gender)).toEqual(
      expect.arrayContaining(['female', 'male']),
    );
    expect(runs()).toBe(before + 1);
  });
});

describe('live socialads multi-step writes', () => {
  it('a create the platform refuses at its ad answers that refusal; the same call again resumes without a second campaign or ad set', async () => {
    const { apiKey, upstream } = await liveSocialAdsOwner(fake.api);
    const args = {
      campaign_name: 'Resumed launch',
      daily_budget: 20,
      landing_page_url: 'https://www.example.com/trail',
      primary_text: 'Gear that goes further',
      existing_image_hash: upstream.images[0].hash,
      page_id: upstream.pages.find((p) => p.is_published)!.id,
    };
    const posts = (path: RegExp) => fake.api.count('POST', path);
    const before = { campaigns: posts(/\/act_\d+\/campaigns$/), adsets: posts(/\/act_\d+\/adsets$/) };
    fake.api.failNext(
      {
        code: 100,
        error_subcode: 1487390,
        message: 'Invalid parameter',
        error_user_title: 'Ad creative post was created by an app that is in development mode',
        error_user_msg: 'The page post must be public before it can run as an ad.',
        fbtrace_id: 'AresumeTrace',
      },
      400,
      'POST',
      /\/act_\d+\/ads$/,
    );
    const refused = await callTool(apiKey, 'create_socialads_image_campaign', args);
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({ code: 'tool_rejected', request_id: 'AresumeTrace' });
    expect(refused.body.error).toContain('The page post must be public');
    expect(upstream.campaigns.filter((c) => c.name === 'Resumed launch')).toHaveLength(1);
    const created = await callToolOk(apiKey, 'create_socialads_image_campaign', args);
    // The campaign and ad set made before the refusal were reused, not made again.
    expect(posts(/\/act_\d+\/campaigns$/)).toBe(before.campaigns + 1);
    expect(posts(/\/act_\d+\/adsets$/)).toBe(before.adsets + 1);
    const campaign = upstream.campaigns.find((c) => c.name === 'Resumed launch')!;
    expect(created.structured).toMatchObject({ campaign_id: campaign.id, ad_id: expect.any(String) });
    expect(upstream.ads.filter((a) => a.id === created.structured!.ad_id)).toHaveLength(1);
  });
});

describe('live socialads: what the public API does not take', () => {
  it('a placement-specific image answers 400 live_not_supported naming what is missing, and no ad is made', async () => {
    const { apiKey, upstream } = await liveSocialAdsOwner(fake.api);
    const adSet = upstream.adsets.find((s) => s.status === 'ACTIVE')!;
    const ads = upstream.ads.length;
    const refused = await callTool(apiKey, 'add_socialads_ad', {
      ad_set_id: adSet.id,
      ad_type: 'image',
      landing_page_url: 'https://www.example.com/trail',
      existing_image_hash: upstream.images[0].hash,
      story_image_url: `${fake.api.url}/files/story.jpg`,
      primary_text: 'Gear that goes further',
      headline: 'Trail-tested packs',
      facebook_page_id: upstream.pages.find((p) => p.is_published)!.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({ code: 'live_not_supported', platform: 'socialads' });
    expect(refused.body.error).toMatch(/Placement-specific images/);
    expect(upstream.ads.length).toBe(ads);
  });
});

describe('live socialads money, statuses and dry runs', () => {
  it('sends budgets in the account currency minor units and reads them back, in USD and in JPY', async () => {
    for (const [currency, budget, minor] of [
      ['USD', 20, '2000'],
      ['JPY', 3000, '3000'],
    ] as const) {
      const { apiKey, upstream } = await liveSocialAdsOwner(fake.api, { currency });
      const page = upstream.pages.find((p) => p.is_published)!.id;
      const created = await callToolOk(apiKey, 'create_socialads_image_campaign', {
        campaign_name: `Money ${currency}`,
        daily_budget: budget,
        landing_page_url: 'https://www.example.com/trail',
        primary_text: 'Gear that goes further',
        existing_image_hash: upstream.images[0].hash,
        page_id: page,
      });
      const campaign = upstream.campaigns.find((c) => c.name === `Money ${currency}`)!;
      const adSet = upstream.adsets.find((s) => s.campaign_id === campaign.id)!;
      // The budget sits on the campaign or on its ad set; either way in minor units, as a whole number.
      expect(campaign.daily_budget ?? adSet.daily_budget).toBe(minor);
      // Creates start paused.
      expect(campaign.status).toBe('PAUSED');
      expect(created.structured!.campaign_id).toBe(campaign.id);
      // Read back through the platform: the ad set shows the same budget in account currency.
      const sets = (await callToolOk(apiKey, 'list_socialads_ad_sets', {})).structured!.ad_sets as Row[];
      expect(sets.find((s) => s.campaign_id === campaign.id)!.daily_budget).toBe(budget);
      // The seeded sales campaign's 50 units come back as 50 in the account currency.
      const listed = (await callToolOk(apiKey, 'list_socialads_campaigns', {})).structured!.campaigns as Row[];
      const sale = listed.find((c) => c.name === 'Spring sale')!;
      expect(sale.daily_budget).toBe(50);
    }
  });

  it('an ad in a paused campaign reads as paused; archived campaigns are listed as such and found by status, deleted ones never', async () => {
    const { apiKey, upstream } = await liveSocialAdsOwner(fake.api);
    const ads = (await callToolOk(apiKey, 'list_socialads_ads', {})).structured!.ads as Row[];
    expect(ads.find((a) => a.name === 'Planner form')).toMatchObject({ status: 'ACTIVE', effective_status: 'PAUSED' });
    const deleted = upstream.campaigns.find((c) => c.name === 'Spring sale')!;
    deleted.status = 'DELETED';
    const campaigns = (await callToolOk(apiKey, 'list_socialads_campaigns', {})).structured!.campaigns as Row[];
    expect(campaigns.find((c) => c.name === 'Old winter sale')).toMatchObject({ status: 'ARCHIVED' });
    expect(campaigns.map((c) => c.id)).not.toContain(deleted.id);
    const archived = (await callToolOk(apiKey, 'list_socialads_campaigns', { status: 'ARCHIVED' })).structured!.campaigns as Row[];
    expect(archived.map((c) => c.name)).toEqual(['Old winter sale']);
    // The platform was asked for archived objects by effective status (it leaves them out otherwise).
    const asked = fake.api.requests.filter((r) => /\/act_\d+\/campaigns$/.test(r.path) && r.method === 'GET').pop()!;
    expect(JSON.parse(asked.params.effective_status)).toContain('ARCHIVED');
  });

  it('a dry run is checked by the platform (validate_only) and changes nothing there', async () => {
    const { apiKey, upstream } = await liveSocialAdsOwner(fake.api);
    const page = upstream.pages.find((p) => p.is_published)!.id;
    const campaigns = upstream.campaigns.length;
    const firstRequest = fake.api.requests.length;
    const dry = await callToolOk(apiKey, 'create_socialads_image_campaign', {
      campaign_name: 'Dry run',
      daily_budget: 20,
      landing_page_url: 'https://www.example.com/trail',
      primary_text: 'Gear that goes further',
      existing_image_hash: upstream.images[0].hash,
      page_id: page,
      dry_run: true,
    });
    expect(dry.structured!.dry_run).toBe(true);
    expect(dry.structured!.platformCheck).toMatchObject({ checked: true });
    const posts = fake.api.requests.slice(firstRequest).filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((r) => JSON.parse(r.params.execution_options ?? '[]').includes('validate_only'))).toBe(true);
    expect(upstream.campaigns.length).toBe(campaigns);
    // A dry run the platform refuses says so, with its reason, still without changing anything.
    const traffic = upstream.campaigns.find((c) => c.objective === 'OUTCOME_TRAFFIC')!;
    fake.api.failNext(
      { code: 100, message: 'Invalid parameter', error_user_msg: 'This campaign is in a special ad category review.' },
      400,
      'POST',
    );
    const refused = await callToolOk(apiKey, 'update_socialads_campaign', { campaign_id: traffic.id, daily_budget: 70, dry_run: true });
    expect(refused.structured!.platformCheck).toMatchObject({
      checked: true,
      message: expect.stringContaining('special ad category review'),
    });
    expect(traffic.daily_budget).toBe('1500');
  });
});
