/**
 * Live shortvideo advertisers when things go wrong or need care: rate limits, revoked and expiring
 * tokens, the operator's app problems, per-item refusals, dry runs, money in two currencies, lost
 * answers of writes, long report windows and report tasks, and secrets kept out of logs and tables.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/runtime/config';
import { GatewayError, ToolError } from '../../../core/errors';
import { addDays, isoDate } from '../../../core/dates';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { TABLE_SPECS } from '../../../functions/runtime/stores/tables';
import { shortvideo } from '../../../platforms/shortvideo/manifest';
import type { ConnectedAccount } from '../../../core/accounts';
import type { ShortVideoPort } from '../../../platforms/shortvideo/port';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { liveShortVideoOwner, useFakeShortVideoApi } from './live-support';

useTestTables();
const platform = useFakeShortVideoApi();

type Row = Record<string, any>;
const silent = { info() {}, warn() {}, error() {} };
const portOf = (account: ConnectedAccount, ms = 30_000): ShortVideoPort =>
  shortvideo.open(account, { signal: AbortSignal.timeout(ms), deadline: Date.now() + ms, log: silent });
const used = async (apiKey: string) => (await callToolOk(apiKey, 'get_usage_status')).structured!.used as number;
const failureOf = <T>(promise: Promise<T>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err as GatewayError,
  );
const posts = () => platform.api.requests.filter((r) => r.method === 'POST').length;

describe('Live shortvideo: rate limits', () => {
  it("a rate-limit code answers 429 with the platform's Retry-After, uses no quota, and the next call works", async () => {
    const { apiKey } = await liveShortVideoOwner(platform);
    const before = await used(apiKey);
    platform.api.rateLimitNext(1, 7);
    const result = await callTool(apiKey, 'list_shortvideo_campaigns', {});
    expect(result.status).toBe(429);
    expect(result.headers['Retry-After'] ?? result.headers['retry-after']).toBe('7');
    expect(result.body.structured_content).toMatchObject({ code: 'upstream_rate_limited' });
    expect(await used(apiKey)).toBe(before);
    expect((await callTool(apiKey, 'list_shortvideo_campaigns', {})).status).toBe(200);
  });

  it('without a Retry-After header the wait is derived, and the fake enforces its own per-minute limit', async () => {
    const { apiKey } = await liveShortVideoOwner(platform);
    platform.api.rateLimitNext(1);
    const derived = await callTool(apiKey, 'list_shortvideo_campaigns', {});
    expect(derived.status).toBe(429);
    expect(Number(derived.headers['Retry-After'] ?? derived.headers['retry-after'])).toBeGreaterThan(0);
    platform.api.perMinute = 1;
    try {
      const first = await callTool(apiKey, 'list_shortvideo_pixels', {});
      const second = await callTool(apiKey, 'list_shortvideo_pixels', {});
      expect([first.status, second.status]).toContain(429);
    } finally {
      platform.api.perMinute = 10_000;
    }
  });
});

describe('Live shortvideo: credentials', () => {
  it('a revoked token answers 400 connection_broken and get_connections_status shows the fix', async () => {
    const { apiKey, token, account } = await liveShortVideoOwner(platform);
    platform.api.revoke(token.accessToken);
    const before = await used(apiKey);
    const result = await callTool(apiKey, 'list_shortvideo_campaigns', {});
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({
      code: 'connection_broken',
      platform: 'shortvideo',
      account_id: account.account_id,
    });
    expect(result.body.error).toContain('Reconnect');
    expect(result.body.error).not.toContain(token.accessToken);
    expect(await used(apiKey)).toBe(before);
    const status = await callToolOk(apiKey, 'get_connections_status', {});
    const entry = (status.structured!.platforms as Row[]).find((p) => p.platform === 'shortvideo')!;
    expect(entry.accounts[0]).toMatchObject({ id: account.account_id, healthy: false, fix: expect.stringContaining('connect-link') });
  });

  it("the operator's app problem answers live_setup_incomplete and leaves the connection healthy", async () => {
    const { apiKey, owner, account } = await liveShortVideoOwner(platform);
    platform.api.appState = 'unapproved';
    try {
      const result = await callTool(apiKey, 'list_shortvideo_campaigns', {});
      expect(result.status).toBe(400);
      expect(result.body.structured_content).toMatchObject({ code: 'live_setup_incomplete', platform: 'shortvideo' });
      expect(result.body.error).toContain('operator');
    } finally {
      platform.api.appState = 'approved';
    }
    const [stored] = await listConnectedAccounts(owner.owner_id, 'shortvideo');
    expect(stored!.health?.healthy).not.toBe(false);
    expect(stored!.account_id).toBe(account.account_id);
    expect((await callTool(apiKey, 'list_shortvideo_campaigns', {})).status).toBe(200);
  });

  it('a switched-off API version answers live_setup_incomplete without calling the platform', async () => {
    const { account } = await liveShortVideoOwner(platform);
    const before = platform.api.requests.length;
    process.env.SHORTVIDEO_API_VERSION = 'v1.2';
    try {
      const failure = await failureOf(portOf(account).listCampaigns());
      expect(failure?.structuredContent).toMatchObject({ code: 'live_setup_incomplete' });
      expect(failure?.message).toContain('SHORTVIDEO_API_VERSION');
    } finally {
      delete process.env.SHORTVIDEO_API_VERSION;
    }
    expect(platform.api.requests.length).toBe(before);
  });

  describe('expiring access tokens', () => {
    afterEach(() => {
      platform.api.expiringTokens = undefined;
    });

    it('are refreshed before they lapse; the new tokens are stored and used by the next call', async () => {
      platform.api.expiringTokens = 3600;
      const { apiKey, owner } = await liveShortVideoOwner(platform);
      const [stored] = await listConnectedAccounts(owner.owner_id, 'shortvideo');
      // The stored token lapses within the refresh margin.
      const { saveCredentials, loadCredentials } = await import('../../../functions/runtime/stores/credentials');
      const credentials = (await loadCredentials<Record<string, string>>(stored!))!;
      await saveCredentials(stored!, { ...credentials, access_token_expires_at: new Date(Date.now() + 60_000).toISOString() });
      const refreshes = platform.api.count('POST', '/oauth2/refresh_token/');
      const refusals = platform.api.requests.filter((r) => r.code !== 0).length;
      expect((await callTool(apiKey, 'list_shortvideo_campaigns', {})).status).toBe(200);
      expect(platform.api.count('POST', '/oauth2/refresh_token/')).toBe(refreshes + 1);
      // Refreshed before any call was refused; the old token was rotated away and the new one stored.
      expect(platform.api.requests.filter((r) => r.code !== 0).length).toBe(refusals);
      const renewed = (await loadCredentials<Record<string, string>>(stored!))!;
      expect(renewed.access_token).not.toBe(credentials.access_token);
      expect(Date.parse(renewed.access_token_expires_at!)).toBeGreaterThan(Date.now() + 3_000_000);
      expect((await callTool(apiKey, 'list_shortvideo_ad_groups', {})).status).toBe(200);
      expect(platform.api.count('POST', '/oauth2/refresh_token/')).toBe(refreshes + 1);
    });

    it('are refreshed once when the platform calls one expired, and the call goes through', async () => {
      platform.api.expiringTokens = 3600;
      const { apiKey } = await liveShortVideoOwner(platform);
      platform.api.expireTokens();
      const refreshes = platform.api.count('POST', '/oauth2/refresh_token/');
      const result = await callTool(apiKey, 'list_shortvideo_campaigns', {});
      expect(result.status).toBe(200);
      expect(platform.api.count('POST', '/oauth2/refresh_token/')).toBe(refreshes + 1);
    });

    it('a refused refresh marks the connection broken', async () => {
      platform.api.expiringTokens = 3600;
      const { apiKey, token, upstream } = await liveShortVideoOwner(platform);
      platform.api.revokeAdvertiser(upstream.id);
      platform.api.expireTokens();
      const result = await callTool(apiKey, 'list_shortvideo_campaigns', {});
      expect(result.status).toBe(400);
      expect(result.body.structured_content).toMatchObject({ code: 'connection_broken' });
      expect(result.body.error).not.toContain(token.refreshToken!);
    });
  });
});

describe('Live shortvideo: writes', () => {
  it('a per-item refusal of a status update comes back for that item, and nothing else changes', async () => {
    const { apiKey, upstream } = await liveShortVideoOwner(platform);
    const ad = upstream.ads.find((a) => a.ad_name === 'Trail launch A')!;
    platform.api.refuseItem(ad.ad_id, 'The ad is in an appeal and cannot change status.');
    const result = await callTool(apiKey, 'pause_shortvideo_ad', { ad_id: ad.ad_id });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(ad.ad_id);
    expect(result.body.error).toContain('in an appeal');
    expect(ad.operation_status).toBe('ENABLE');
  });

  it('a dry run sends nothing that changes the platform', async () => {
    const { apiKey, upstream } = await liveShortVideoOwner(platform);
    const spring = upstream.campaigns.find((c) => c.campaign_name === 'Spring trail launch')!;
    const before = posts();
    const result = await callToolOk(apiKey, 'update_shortvideo_campaign', { campaign_id: spring.campaign_id, budget: 140, dry_run: true });
    expect(result.structured).toMatchObject({ dry_run: true });
    expect(posts()).toBe(before);
    expect(spring.budget).toBe(100);
  });

  it('a lost answer of a write is outcome_unknown, sent once; reads are retried', async () => {
    const { apiKey, upstream } = await liveShortVideoOwner(platform);
    const visitors = upstream.campaigns.find((c) => c.campaign_name === 'Site visitors')!;
    platform.api.failNext(1, { method: 'POST' });
    const before = platform.api.count('POST', '/campaign/status/update/');
    const result = await callTool(apiKey, 'pause_shortvideo_campaign', { campaign_id: visitors.campaign_id });
    expect(result.status).toBe(500);
    expect(result.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    expect(platform.api.count('POST', '/campaign/status/update/')).toBe(before + 1);
    const reads = platform.api.count('GET', '/campaign/get/');
    platform.api.failNext(1, { method: 'GET' });
    expect((await callTool(apiKey, 'list_shortvideo_campaigns', {})).status).toBe(200);
    expect(platform.api.count('GET', '/campaign/get/')).toBe(reads + 2);
  });

  it("a create that failed is retried with the platform's request_id: one campaign, not two", async () => {
    const { account, upstream } = await liveShortVideoOwner(platform);
    const before = upstream.campaigns.length;
    // The platform creates it, then its answer is a server error: the retry gets the same campaign.
    platform.api.failNext(1, { method: 'POST', afterApply: true });
    const sent = platform.api.count('POST', '/campaign/create/');
    const port = portOf(account);
    const created = await port.createCampaign({
      campaign_name: 'Retried create',
      objective_type: 'TRAFFIC',
      status: 'PAUSED',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 60,
      budget_optimize_on: false,
      create_time: new Date().toISOString(),
      start_date: isoDate(new Date()),
    });
    const requests = platform.api.requests.filter((r) => r.path === '/campaign/create/').slice(sent);
    expect(requests.map((r) => r.code)).toEqual([50000, 0]);
    expect(requests[0]!.body!.request_id).toMatch(/^\d+$/);
    expect(requests[1]!.body!.request_id).toBe(requests[0]!.body!.request_id);
    expect(upstream.campaigns.length).toBe(before + 1);
    expect(created).toMatchObject({ campaign_name: 'Retried create', status: 'PAUSED', budget: 60 });
  });

  it('money goes out in the advertiser currency: decimals for USD, whole yen for JPY, minimums checked first', async () => {
    const usd = await liveShortVideoOwner(platform);
    const jpy = await liveShortVideoOwner(platform, { currency: 'JPY' });
    const usdCampaign = usd.upstream.campaigns[0]!;
    await portOf(usd.account).updateCampaign(usdCampaign.campaign_id, { budget: 75.126 });
    expect(usdCampaign.budget).toBe(75.13);
    const yenCampaign = jpy.upstream.campaigns[0]!;
    await portOf(jpy.account).updateCampaign(yenCampaign.campaign_id, { budget: 12_345.6 });
    expect(yenCampaign.budget).toBe(12_346);
    const before = posts();
    const low = await failureOf(portOf(jpy.account).updateCampaign(yenCampaign.campaign_id, { budget: 4_999 }));
    expect(low).toBeInstanceOf(ToolError);
    expect(low!.message).toContain('5000 JPY');
    const lowUsd = await failureOf(portOf(usd.account).updateCampaign(usdCampaign.campaign_id, { budget: 49 }));
    expect(lowUsd!.message).toContain('50 USD');
    expect(posts()).toBe(before);
    const listed = (await callToolOk(jpy.apiKey, 'list_shortvideo_campaigns', {})).structured!.campaigns as Row[];
    expect(listed.find((c) => c.id === yenCampaign.campaign_id)!.budget).toBe(12_346);
  });

  it("a validation refusal answers 400 with the platform's message and request id", async () => {
    const { account, upstream } = await liveShortVideoOwner(platform);
    const group = upstream.adGroups[0]!;
    const failure = await failureOf(
      portOf(account).createAd({
        adgroup_id: group.adgroup_id,
        campaign_id: group.campaign_id,
        ad_name: 'Unknown video',
        ad_format: 'SINGLE_VIDEO',
        status: 'DISABLED',
        review_status: 'IN_REVIEW',
        video_id: 'v10033g50000nosuchvideo',
        display_name: 'Northwind',
        create_time: new Date().toISOString(),
      }),
    );
    expect(failure).toBeInstanceOf(ToolError);
    expect(failure!.structuredContent).toMatchObject({ code: 'tool_rejected', platform_error: '40053', request_id: expect.any(String) });
    expect(failure!.message).toContain('video_id v10033g50000nosuchvideo is invalid');
  });
});

describe('Live shortvideo: reports', () => {
  it('a window longer than one request is asked in 30-day pieces and every day comes back', async () => {
    const { account } = await liveShortVideoOwner(platform);
    const end = addDays(isoDate(new Date()), -1);
    const start = addDays(end, -44);
    const before = platform.api.count('GET', '/report/integrated/get/');
    const rows = await portOf(account).getReport({ data_level: 'AUCTION_ADVERTISER', start_date: start, end_date: end });
    expect(platform.api.count('GET', '/report/integrated/get/') - before).toBe(2);
    expect(new Set(rows.map((r) => r.date)).size).toBe(45);
    const segments = await portOf(account).getAudienceReport({
      data_level: 'AUCTION_ADVERTISER',
      start_date: start,
      end_date: end,
      dimensions: 'age_gender',
    });
    const spend = (list: { spend: number }[]) => Math.round(list.reduce((t, r) => t + r.spend, 0) * 100);
    const impressions = (list: { impressions: number }[]) => list.reduce((t, r) => t + r.impressions, 0);
    expect(spend(segments)).toBe(spend(rows));
    expect(impressions(segments)).toBe(impressions(rows));
  });

  it('reach over a long window is a report task: pending within the call, collected by the same call later', async () => {
    const { account } = await liveShortVideoOwner(platform);
    const end = addDays(isoDate(new Date()), -1);
    const query = { data_level: 'AUCTION_CAMPAIGN' as const, start_date: addDays(end, -59), end_date: end };
    platform.api.taskChecksBeforeDone = 1_000;
    const tasks = platform.api.count('POST', '/report/task/create/');
    const pending = await failureOf(portOf(account, 3_500).getReachReport(query));
    expect(pending?.statusCode).toBe(503);
    expect(pending?.structuredContent).toMatchObject({ code: 'report_pending' });
    expect(Number(pending?.headers['Retry-After'])).toBeGreaterThan(0);
    platform.api.taskChecksBeforeDone = 0;
    const reach = await portOf(account).getReachReport(query);
    expect(platform.api.count('POST', '/report/task/create/')).toBe(tasks + 1);
    expect(reach.length).toBe(3);
    for (const row of reach) expect(row.frequency).toBeGreaterThanOrEqual(1);
    platform.api.taskChecksBeforeDone = 1;
  });

  it('a report file on a host the deployment does not allow is not downloaded', async () => {
    const { account } = await liveShortVideoOwner(platform);
    const end = addDays(isoDate(new Date()), -1);
    process.env.SHORTVIDEO_DOWNLOAD_HOSTS = 'files.example.com';
    try {
      platform.api.taskChecksBeforeDone = 0;
      const failure = await failureOf(
        portOf(account).getReachReport({ data_level: 'AUCTION_CAMPAIGN', start_date: addDays(end, -40), end_date: end }),
      );
      expect(failure?.structuredContent).toMatchObject({ code: 'upstream_unavailable' });
      expect(failure?.message).toContain('127.0.0.1');
    } finally {
      process.env.SHORTVIDEO_DOWNLOAD_HOSTS = '127.0.0.1';
      platform.api.taskChecksBeforeDone = 1;
    }
  });
});

describe('Live shortvideo: secrets', () => {
  it('no access token, refresh token or app secret appears in any table item or log line', async () => {
    const lines: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    };
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    try {
      platform.api.expiringTokens = 60;
      const live = await liveShortVideoOwner(platform);
      await callTool(live.apiKey, 'list_shortvideo_campaigns', {});
      await callTool(live.apiKey, 'get_shortvideo_campaign_performance', {});
      platform.api.revokeAdvertiser(live.upstream.id);
      await callTool(live.apiKey, 'list_shortvideo_ad_groups', {});
    } finally {
      platform.api.expiringTokens = undefined;
      process.env.LOG_LEVEL = level;
      out.mockRestore();
      err.mockRestore();
    }
    const logged = lines.join('');
    expect(logged).toContain('upstream call');
    const secrets = [...platform.api.secrets, platform.api.clientSecret];
    for (const secret of secrets) expect(logged).not.toContain(secret);
    for (const table of Object.keys(TABLE_SPECS) as (keyof typeof TABLE_SPECS)[]) {
      const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
      const text = JSON.stringify(Items);
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
