/**
 * Live proads accounts when things go wrong, over the fake Marketing API: throttling without a
 * Retry-After (the gateway derives one), access tokens refreshed before they expire and once after a
 * 401, a revoked grant (connection_broken, shown with its fix), a member who lost the account, the
 * operator's problems (app without the product, sunset version: live_setup_incomplete, connection
 * stays healthy), server errors on reads (retried) and writes (never retried), a hanging platform,
 * per-item refusals of a batch, dry runs that send nothing, every page read, and no secret in any
 * log line or table item.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { GatewayError } from '../../../core/errors';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { TABLE_SPECS } from '../../../functions/runtime/stores/tables';
import { operatorCall } from '../../../platforms/live/connector';
import { proads } from '../../../platforms/proads/manifest';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { FAKE_CLIENT_SECRET } from '../../fakes/proads-api';
import { liveOwner, useFakeProAds } from './live-support';

useTestTables();
const platform = useFakeProAds();

type Row = Record<string, any>;
const used = async (apiKey: string) => (await callToolOk(apiKey, 'get_usage_status')).structured!.used as number;
const proadsStatus = async (apiKey: string) =>
  ((await callToolOk(apiKey, 'get_connections_status', {})).structured!.platforms as Row[]).find((p) => p.platform === 'proads')!;
const retryAfter = (headers: Record<string, string>) => headers['Retry-After'] ?? headers['retry-after'];
const unauthorized = () => platform.api.requests.filter((r) => r.status === 401).length;

describe('Live proads account: throttling and tokens', () => {
  it('a 429 without Retry-After answers 429 with a derived Retry-After that says so, and uses no quota', async () => {
    const { apiKey } = await liveOwner(platform);
    const before = await used(apiKey);
    platform.api.rateLimitNext(1);
    const first = await callTool(apiKey, 'list_proads_campaign_groups', {});
    expect(first.status).toBe(429);
    expect(first.body.structured_content).toMatchObject({ code: 'upstream_rate_limited', retry_after_derived: true });
    expect(Number(retryAfter(first.headers))).toBeGreaterThan(0);
    expect(first.body.error).toContain('gave no wait time');
    platform.api.rateLimitNext(1);
    const second = await callTool(apiKey, 'list_proads_campaign_groups', {});
    // A second throttle soon after waits longer (backoff).
    expect(Number(retryAfter(second.headers))).toBeGreaterThan(Number(retryAfter(first.headers)));
    expect(await used(apiKey)).toBe(before);
    expect((await callTool(apiKey, 'list_proads_campaign_groups', {})).status).toBe(200);
  });

  it("the fake's own daily limit per member and resource answers 429 as well", async () => {
    const { apiKey } = await liveOwner(platform);
    platform.api.dailyLimit = 1;
    try {
      expect((await callTool(apiKey, 'list_proads_conversions', {})).status).toBe(200);
      expect((await callTool(apiKey, 'list_proads_conversions', {})).status).toBe(429);
    } finally {
      platform.api.dailyLimit = 100_000;
    }
  });

  it('refreshes the access token once after a 401 and the call succeeds', async () => {
    const { apiKey } = await liveOwner(platform);
    await callToolOk(apiKey, 'list_proads_conversions', {});
    platform.api.expireAccessTokens();
    const tokenCalls = platform.api.count('POST', '/oauth/v2/accessToken');
    const expired = platform.api.count('GET', '/conversions', 401);
    expect((await callTool(apiKey, 'list_proads_conversions', {})).status).toBe(200);
    expect(platform.api.count('GET', '/conversions', 401)).toBe(expired + 1);
    expect(platform.api.count('POST', '/oauth/v2/accessToken')).toBe(tokenCalls + 1);
  });

  it('refreshes an access token that is about to expire before using it (no 401 on the way)', async () => {
    platform.api.accessTokenSeconds = 30;
    try {
      const { apiKey } = await liveOwner(platform);
      await callToolOk(apiKey, 'list_proads_conversions', {});
      const tokenCalls = platform.api.count('POST', '/oauth/v2/accessToken');
      const refused = unauthorized();
      await callToolOk(apiKey, 'list_proads_conversions', {});
      expect(platform.api.count('POST', '/oauth/v2/accessToken')).toBeGreaterThan(tokenCalls);
      expect(unauthorized()).toBe(refused);
    } finally {
      platform.api.accessTokenSeconds = 5_184_000;
    }
  });

  it('a revoked grant answers 400 connection_broken, marks the account broken with the fix, and uses no quota', async () => {
    const { apiKey, refreshToken, account } = await liveOwner(platform);
    platform.api.revoke(refreshToken);
    const before = await used(apiKey);
    const result = await callTool(apiKey, 'list_proads_campaigns', {});
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({ code: 'connection_broken', platform: 'proads', account_id: account.account_id });
    expect(result.body.error).toContain('Reconnect the account');
    expect(result.body.error).not.toContain(refreshToken);
    expect(await used(apiKey)).toBe(before);
    const status = await proadsStatus(apiKey);
    expect(status.accounts[0]).toMatchObject({ id: account.account_id, healthy: false, fix: expect.stringContaining('connect-link') });
  });

  it('a member who lost their role on the ad account breaks the connection with the fix to ask an administrator', async () => {
    const { apiKey, upstream, member } = await liveOwner(platform);
    upstream.roles.delete(member);
    const result = await callTool(apiKey, 'list_proads_campaign_groups', {});
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({ code: 'connection_broken' });
    expect(result.body.error).toContain('no longer has a role');
  });
});

describe("Live proads account: the operator's problems", () => {
  it('an app without the advertising product answers live_setup_incomplete and the connection stays healthy', async () => {
    const { apiKey, account } = await liveOwner(platform);
    platform.api.advertisingApi = false;
    try {
      const result = await callTool(apiKey, 'list_proads_campaign_groups', {});
      expect(result.status).toBe(400);
      expect(result.body.structured_content).toMatchObject({ code: 'live_setup_incomplete', platform: 'proads' });
      expect(result.body.error).toContain('Advertising API');
      const [stored] = await listConnectedAccounts(account.owner_id, 'proads');
      expect(stored!.health).toMatchObject({ healthy: true });
      const status = await proadsStatus(apiKey);
      expect(status.accounts[0]).toMatchObject({ healthy: true, warning: expect.stringContaining('operator') });
    } finally {
      platform.api.advertisingApi = true;
    }
  });

  it('a sunset API version answers live_setup_incomplete naming PROADS_API_VERSION', async () => {
    const { apiKey, account } = await liveOwner(platform);
    const version = process.env.PROADS_API_VERSION;
    process.env.PROADS_API_VERSION = '202401';
    try {
      const result = await callTool(apiKey, 'list_proads_conversions', {});
      expect(result.status).toBe(400);
      expect(result.body.structured_content).toMatchObject({ code: 'live_setup_incomplete' });
      expect(result.body.error).toContain('PROADS_API_VERSION');
      const [stored] = await listConnectedAccounts(account.owner_id, 'proads');
      expect(stored!.health?.healthy).toBe(true);
    } finally {
      process.env.PROADS_API_VERSION = version;
    }
  });
});

describe('Live proads account: platform failures', () => {
  it('reads are retried after a 5xx; the call succeeds', async () => {
    const { apiKey } = await liveOwner(platform);
    const before = platform.api.count('GET', '/conversions');
    platform.api.failNext(1, { method: 'GET' });
    expect((await callTool(apiKey, 'list_proads_conversions', {})).status).toBe(200);
    expect(platform.api.count('GET', '/conversions') - before).toBe(2);
  });

  it('writes are never retried after a 5xx: 500 outcome_unknown, one request, its quota unit held until it is settled', async () => {
    const { apiKey, upstream } = await liveOwner(platform);
    const target = upstream.campaigns.find((c) => c.name === 'IT Decision Makers - Image')!;
    const before = await used(apiKey);
    const path = `/adAccounts/${upstream.id}/adCampaigns/${target.id}`;
    const sent = platform.api.count('POST', path);
    platform.api.failNext(1, { method: 'POST' });
    const result = await callTool(apiKey, 'pause_proads_campaign', { campaign_id: String(target.id) });
    expect(result.status).toBe(500);
    expect(result.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    expect(platform.api.count('POST', path) - sent).toBe(1);
    expect(target.status).toBe('ACTIVE');
    expect(await used(apiKey)).toBe(before + 1);
  });

  it('a hanging platform ends the call at its deadline with upstream_unavailable', async () => {
    const { account } = await liveOwner(platform);
    platform.api.hangNext(5000);
    try {
      const deadline = Date.now() + 1500;
      const port = proads.open(account, { signal: AbortSignal.timeout(1500), deadline, log: { info() {}, warn() {}, error() {} } });
      const failure = await port.listConversions().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(GatewayError);
      expect((failure as GatewayError).structuredContent).toMatchObject({ code: 'upstream_unavailable' });
      expect(Date.now()).toBeLessThan(deadline + 1000);
    } finally {
      platform.api.hangNext(0);
    }
  });
});

describe('Live proads account: batches, dry runs, pages', () => {
  it('a batch of associations answers per item: the platform refused one campaign, the other is attached', async () => {
    const { apiKey, upstream } = await liveOwner(platform);
    const rule = upstream.conversions.find((c) => c.name === 'Trial sign-up')!;
    const open = upstream.campaigns.find((c) => c.name === 'Free Trial - Text Ads')!;
    const archived = upstream.campaigns.find((c) => c.name === 'Buyer Guide - Carousel')!;
    archived.status = 'ARCHIVED';
    const result = await callTool(apiKey, 'manage_proads_conversions', {
      action: 'associate',
      conversion_id: String(rule.id),
      campaign_ids: [String(open.id), String(archived.id)],
    });
    expect(result.status).toBe(400);
    expect(result.body.structured_content!.items).toEqual([
      { campaign_id: String(open.id), result: 'attached' },
      { campaign_id: String(archived.id), result: 'failed', error: expect.stringContaining('ARCHIVED') },
    ]);
    expect(result.body.error).toContain(String(archived.id));
    expect(rule.campaigns).toEqual([`urn:li:sponsoredCampaign:${open.id}`]);
  });

  it('a dry run reads but sends nothing that changes the platform', async () => {
    const { apiKey, upstream } = await liveOwner(platform);
    const writes = platform.api.writes().length;
    const group = String(upstream.groups.find((g) => g.status === 'ACTIVE')!.id);
    const dry = await callToolOk(apiKey, 'create_proads_text_campaign', {
      campaign_group_id: group,
      name: 'Dry text',
      objective_type: 'WEBSITE_VISIT',
      daily_budget: 30,
      unit_cost: 4,
      targeting: { include: { locations: ['geo:103644278'] } },
      headline: 'Dry',
      description: 'Nothing is sent',
      landing_page_url: 'https://www.northwind.example/dry',
      dry_run: true,
    });
    expect(dry.structured!.dry_run).toBe(true);
    await callToolOk(apiKey, 'pause_proads_campaign', { campaign_id: String(upstream.campaigns[0]!.id), dry_run: true });
    expect(platform.api.writes().length).toBe(writes);
    expect(upstream.campaigns.some((c) => c.name === 'Dry text')).toBe(false);
  });

  it('lists follow every page of the platform', async () => {
    const { apiKey, upstream } = await liveOwner(platform);
    platform.api.pageCap = 2;
    try {
      const campaigns = (await callToolOk(apiKey, 'list_proads_campaigns', { status: ['ACTIVE', 'PAUSED'] })).structured!
        .campaigns as Row[];
      expect(campaigns).toHaveLength(4);
      const creatives = (await callToolOk(apiKey, 'list_proads_creatives', { status: ['ACTIVE', 'PAUSED'] })).structured!
        .creatives as Row[];
      expect(creatives).toHaveLength(
        upstream.creatives.filter((c) => !c.campaign.endsWith(String(upstream.campaigns.find((x) => x.type === 'SPONSORED_INMAILS')!.id)))
          .length,
      );
      expect(
        platform.api.requests.filter((r) => r.path === `/adAccounts/${upstream.id}/creatives` && r.query.includes('pageToken')).length,
      ).toBeGreaterThan(0);
    } finally {
      platform.api.pageCap = 1000;
    }
  });
});

describe('Live proads account: secrets', () => {
  it('no refresh token, access token or client secret appears in any table item or log line of live calls', async () => {
    const lines: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    };
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    let refreshToken: string | undefined;
    try {
      const live = await liveOwner(platform);
      refreshToken = live.refreshToken;
      await callTool(live.apiKey, 'list_proads_campaigns', {});
      await callTool(live.apiKey, 'get_proads_campaign_performance', {});
      platform.api.revoke(live.refreshToken);
      await callTool(live.apiKey, 'list_proads_campaigns', {});
      await callTool(live.apiKey, 'get_connections_status', {});
    } finally {
      process.env.LOG_LEVEL = level;
      out.mockRestore();
      err.mockRestore();
    }
    const logged = lines.join('');
    expect(logged).toContain('upstream call');
    const secrets = [refreshToken!, FAKE_CLIENT_SECRET, ...platform.api.issuedAccessTokens()];
    for (const secret of secrets) expect(logged).not.toContain(secret);
    for (const table of Object.keys(TABLE_SPECS) as (keyof typeof TABLE_SPECS)[]) {
      const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
      const text = JSON.stringify(Items);
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});

describe('Live proads port: wire limits', () => {
  it('splits an analytics request of more than 20 fields into requests the platform accepts, merged by pivot and day', async () => {
    const { account, upstream } = await liveOwner(platform);
    const { analyticsRows } = await import('../../../platforms/proads/live/analytics');
    const { ProAdsApi } = await import('../../../platforms/proads/live/api');
    const { loadCredentials } = await import('../../../functions/runtime/stores/credentials');
    const credentials = (await loadCredentials<{ refresh_token: string }>(account))!;
    const api = new ProAdsApi(credentials, operatorCall(), async (reason) => new Error(reason));
    const metrics = [
      'impressions',
      'clicks',
      'costInLocalCurrency',
      'externalWebsiteConversions',
      'oneClickLeads',
      'videoViews',
      'videoStarts',
      'videoCompletions',
      'reactions',
      'likes',
      'comments',
      'shares',
      'follows',
      'oneClickLeadFormOpens',
      'landingPageClicks',
      'totalEngagements',
      'conversionValueInLocalCurrency',
      'commentLikes',
      'companyPageClicks',
      'otherEngagements',
      'costInUsd',
      'actionClicks',
    ];
    const before = platform.api.count('GET', '/adAnalytics');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = yesterday.split('-').map(Number) as [number, number, number];
    const rows = await analyticsRows(
      api,
      {
        q: 'analytics',
        pivot: 'CAMPAIGN',
        timeGranularity: 'ALL',
        accounts: [`urn:li:sponsoredAccount:${upstream.id}`],
        dateRange: { start: { year: y, month: m, day: d }, end: { year: y, month: m, day: d } } as never,
      },
      metrics,
    );
    expect(platform.api.count('GET', '/adAnalytics') - before).toBe(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(Object.keys(row)).toEqual(expect.arrayContaining(['impressions', 'actionClicks', 'costInUsd', 'pivotValues']));
  });
});
