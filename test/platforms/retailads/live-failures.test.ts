/**
 * What a live retailads profile does when the platform says no: rate limits (429 with the platform's
 * Retry-After, or one derived), an access token that lapsed (refreshed, the call goes through), a
 * revoked grant (400 connection_broken, the connection marked broken with the fix), an operator's
 * problem (400 live_setup_incomplete, the connection stays healthy), money outside the
 * marketplace's limits in two currencies (refused before anything is sent), reports that take
 * longer than the call (503 report_pending, collected by the same call later without a new
 * report), an access token refreshed before it lapses (on a controlled clock), a write whose answer
 * is lost (500 outcome_unknown, not sent again), report files only from the allowed hosts and without the Bearer token; and no secret in
 * any answer, table item or log line.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, isoDate } from '../../../core/dates';
import { GatewayError } from '../../../core/errors';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { TABLE_SPECS } from '../../../functions/runtime/stores/tables';
import { operatorCall } from '../../../platforms/live/connector';
import { openRetailAdsLive } from '../../../platforms/retailads/live/adapter';
import { retailads } from '../../../platforms/retailads/manifest';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { liveRetailOwner, useFakeRetailAds } from './live-support';

useTestTables();
const platform = useFakeRetailAds();

type Row = Record<string, any>;
const used = async (apiKey: string) => (await callToolOk(apiKey, 'get_usage_status')).structured!.used as number;
const retryAfter = (headers: Record<string, string | undefined>) => headers['Retry-After'] ?? headers['retry-after'];

/** Every line the gateway logs during the file, for the secrets scan. */
const logged: string[] = [];
beforeAll(() => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => JSON.stringify(a)).join(' ')));
  const write = process.stdout.write.bind(process.stdout);
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  });
});
afterAll(() => jest.restoreAllMocks());

const answers: string[] = [];
const call = async (apiKey: string, tool: string, args: Record<string, unknown> = {}) => {
  const result = await callTool(apiKey, tool, args);
  answers.push(JSON.stringify(result.body));
  return result;
};

describe('Live retailads profile: failures', () => {
  it("a 429 answers 429 with the platform's Retry-After (or one derived when it sends none) and uses no quota", async () => {
    const { apiKey } = await liveRetailOwner(platform);
    await callToolOk(apiKey, 'list_retailads_profiles');
    const before = await used(apiKey);
    platform.api.throttle(1, '7');
    const limited = await call(apiKey, 'list_retailads_profiles');
    expect(limited.status).toBe(429);
    expect(limited.body.structured_content).toMatchObject({ code: 'upstream_rate_limited' });
    expect(retryAfter(limited.headers)).toBe('7');
    platform.api.throttle(1, null);
    const derived = await call(apiKey, 'list_retailads_profiles');
    expect(derived.status).toBe(429);
    expect(Number(retryAfter(derived.headers))).toBeGreaterThan(0);
    expect(await used(apiKey)).toBe(before);
    expect((await call(apiKey, 'list_retailads_profiles')).status).toBe(200);
  });

  it('an access token that lapsed is refreshed with the refresh token and the call goes through', async () => {
    const { apiKey } = await liveRetailOwner(platform);
    await callToolOk(apiKey, 'list_retailads_profiles');
    const refreshes = platform.login.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length;
    // The platform stops taking the token before the gateway expected: a 401, a new token, one more try.
    platform.login.expireAccessTokens();
    const result = await call(apiKey, 'list_retailads_sb_ad_groups');
    expect(result.status).toBe(200);
    expect(platform.login.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length).toBe(refreshes + 1);
  });

  it('an access token is refreshed a minute before it lapses, on the clock the port is given, not after a refusal', async () => {
    const { account } = await liveRetailOwner(platform);
    const refreshes = () => platform.login.tokenRequests.filter((r) => r.grant_type === 'refresh_token' && r.status === 200).length;
    const refusals = () => platform.api.requests.filter((r) => r.status === 401).length;
    const refusedBefore = refusals();
    // A clock of its own: the token's hour is counted on it, whatever the time of day.
    let clock = Date.parse('2031-05-04T09:00:00Z');
    const port = openRetailAdsLive(account, operatorCall(60_000), undefined, { now: () => clock });
    await port.listProfiles();
    const first = refreshes();
    // 58 minutes into the hour the token is still used as it is.
    clock += 58 * 60_000;
    await port.listProfiles();
    expect(refreshes()).toBe(first);
    // 59.5 minutes in, inside the last minute: a new one before the call, which the platform never refused.
    clock += 90_000;
    await port.listProfiles();
    expect(refreshes()).toBe(first + 1);
    expect(refusals()).toBe(refusedBefore);
  });

  it('a write whose answer is lost after the platform applied it answers 500 outcome_unknown and is sent only once', async () => {
    const { apiKey, profileId } = await liveRetailOwner(platform);
    const campaign = platform.api.recs(profileId, 'campaign', 'SP').find((c) => c.name === 'SP - Trail Backpacks')!;
    await callToolOk(apiKey, 'list_retailads_campaigns');
    const puts = () => platform.api.requests.filter((r) => r.method === 'PUT' && r.path === '/sp/campaigns').length;
    const before = puts();
    platform.api.loseAnswers(1, 'PUT');
    const lost = await call(apiKey, 'update_retailads_campaigns', { campaigns: [{ campaignId: campaign.id, dailyBudget: 61 }] });
    expect(lost.status).toBe(500);
    expect(lost.body.structured_content).toMatchObject({ code: 'outcome_unknown', platform: 'retailads' });
    // The platform did apply it; the gateway did not send it again to find out.
    expect(campaign.budget).toBe(61);
    expect(puts()).toBe(before + 1);
  });

  it('a revoked grant answers 400 connection_broken, and get_connections_status shows the profile broken with the fix', async () => {
    const { apiKey, account, refreshToken } = await liveRetailOwner(platform);
    platform.login.revoke(refreshToken);
    platform.login.expireAccessTokens();
    const before = await used(apiKey);
    const result = await call(apiKey, 'list_retailads_campaigns');
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({
      code: 'connection_broken',
      platform: 'retailads',
      account_id: account.account_id,
    });
    expect(result.body.error).toContain('expired or was revoked');
    expect(await used(apiKey)).toBe(before);
    const status = await callToolOk(apiKey, 'get_connections_status');
    const retail = (status.structured!.platforms as Row[]).find((p) => p.platform === 'retailads')!;
    expect(retail).toMatchObject({ connected: true, mode: 'live', healthy: false });
    expect(retail.accounts[0]).toMatchObject({ id: account.account_id, healthy: false, fix: expect.stringContaining('--refresh-token') });
  });

  it("an app the platform does not take answers 400 live_setup_incomplete, and the owner's connection stays healthy", async () => {
    const { apiKey, account } = await liveRetailOwner(platform);
    platform.api.clientApproved = false;
    try {
      const result = await call(apiKey, 'list_retailads_campaigns');
      expect(result.status).toBe(400);
      expect(result.body.structured_content).toMatchObject({ code: 'live_setup_incomplete', platform: 'retailads' });
      expect(result.body.error).toContain('RETAILADS_CLIENT_ID');
    } finally {
      platform.api.clientApproved = true;
    }
    const status = await callToolOk(apiKey, 'get_connections_status');
    const retail = (status.structured!.platforms as Row[]).find((p) => p.platform === 'retailads')!;
    expect(retail.accounts.find((a: Row) => a.id === account.account_id)).toMatchObject({ healthy: true });
    expect((await call(apiKey, 'list_retailads_profiles')).status).toBe(200);
  });

  it("a budget or bid outside the marketplace's limits is refused before anything is sent, in dollars and in yen", async () => {
    const dollars = await liveRetailOwner(platform);
    const yen = await liveRetailOwner(platform, { currency: 'JPY' });
    const campaignOf = (profileId: string) =>
      platform.api.recs(profileId, 'campaign', 'SP').find((c) => c.name === 'SP - Trail Backpacks')!;
    const writes = () => platform.api.requests.filter((r) => r.method === 'PUT').length;
    const before = writes();
    // 60 is a fine daily budget in dollars and below the marketplace's minimum of 100 in yen.
    const low = await call(yen.apiKey, 'update_retailads_campaigns', {
      campaigns: [{ campaignId: campaignOf(yen.profileId).id, dailyBudget: 60 }],
    });
    expect(low.status).toBe(400);
    expect(low.body.error).toContain('100 JPY');
    expect(writes()).toBe(before);
    expect(campaignOf(yen.profileId).budget).toBe(50);
    const tooLow = await call(yen.apiKey, 'update_retailads_keywords', {
      keywords: [{ keywordId: platform.api.recs(yen.profileId, 'keyword', 'SP')[0]!.id, bid: 1 }],
    });
    expect(tooLow.status).toBe(400);
    expect(tooLow.body.error).toContain('2 JPY');
    expect(writes()).toBe(before);
    // The same 60 is a daily budget the marketplace takes in dollars.
    const dollarsOk = await call(dollars.apiKey, 'update_retailads_campaigns', {
      campaigns: [{ campaignId: campaignOf(dollars.profileId).id, dailyBudget: 60 }],
    });
    expect(dollarsOk.status).toBe(200);
    expect(campaignOf(dollars.profileId).budget).toBe(60);
    const ok = await call(yen.apiKey, 'update_retailads_campaigns', {
      campaigns: [{ campaignId: campaignOf(yen.profileId).id, dailyBudget: 3000 }],
    });
    expect(ok.status).toBe(200);
    expect(campaignOf(yen.profileId).budget).toBe(3000);
  });

  it('a report the platform has not finished within the call answers report_pending; the same call later collects it without a new report', async () => {
    const { account } = await liveRetailOwner(platform);
    const end = addDays(isoDate(new Date()), -1);
    const start = addDays(end, -6);
    const creates = () => platform.api.requests.filter((r) => r.method === 'POST' && r.path === '/reporting/reports').length;
    const before = creates();
    platform.api.reportPolls = 1_000;
    try {
      const port = await retailads.open(account, operatorCall(4_000));
      const pending = await port.getReport('spCampaigns', start, end).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(pending).toBeInstanceOf(GatewayError);
      expect((pending as GatewayError).statusCode).toBe(503);
      expect((pending as GatewayError).structuredContent).toMatchObject({ code: 'report_pending' });
    } finally {
      platform.api.reportPolls = 1;
    }
    expect(creates()).toBe(before + 1);
    const downloads = platform.api.downloads.length;
    const rows = await (await retailads.open(account, operatorCall(60_000))).getReport('spCampaigns', start, end);
    expect(rows.length).toBeGreaterThan(0);
    expect(creates()).toBe(before + 1);
    const files = platform.api.downloads.slice(downloads);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((d) => !d.authorization)).toBe(true);
  });

  it('a report file on a host outside RETAILADS_DOWNLOAD_HOSTS is not downloaded', async () => {
    const { apiKey } = await liveRetailOwner(platform);
    const downloads = platform.api.downloads.length;
    const saved = process.env.RETAILADS_DOWNLOAD_HOSTS;
    process.env.RETAILADS_DOWNLOAD_HOSTS = 'offline-report-storage-us-east-1-prod.s3.amazonaws.com';
    try {
      const result = await call(apiKey, 'get_retailads_campaign_performance', {});
      expect(result.status).toBe(500);
      expect(result.body.structured_content).toMatchObject({ code: 'upstream_unavailable', platform: 'retailads' });
      expect(result.body.error).toContain('does not download from');
    } finally {
      process.env.RETAILADS_DOWNLOAD_HOSTS = saved;
    }
    expect(platform.api.downloads.length).toBe(downloads);
  });

  it('shows no refresh token, access token or app secret in any answer, table item or log line', async () => {
    const secrets = [...platform.login.secrets(), process.env.RETAILADS_CLIENT_SECRET!];
    expect(secrets.length).toBeGreaterThan(2);
    const tables: string[] = [];
    for (const table of Object.keys(TABLE_SPECS) as (keyof typeof TABLE_SPECS)[]) {
      const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
      tables.push(JSON.stringify(Items));
    }
    const everything = [...answers, ...tables, ...logged].join('\n');
    expect(answers.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
