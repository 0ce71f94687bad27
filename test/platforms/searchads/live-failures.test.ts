/**
 * Failures of the live search platform, end to end through the gateway: rate limits, refused
 * credentials, token expiry, the platform's validation errors, server errors and hangs.
 */
import { UpstreamUnavailableError } from '../../../core/errors';
import { readUsage } from '../../../functions/runtime/stores/usage';
import { operatorCall } from '../../../platforms/live/connector';
import { searchads } from '../../../platforms/searchads/manifest';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';
import { liveOwner, useFakeSearchPlatform } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

afterEach(() => platform.api.clearFaults());

describe('searchads live failures', () => {
  it("an upstream 429 answers 429 with Retry-After taken from the failure's QuotaErrorDetails.retry_delay, and consumes no quota", async () => {
    const { apiKey, owner } = await liveOwner(platform);
    platform.api.fail('rate_limit', 1, { retryAfter: 17 });
    const limited = await callTool(apiKey, 'list_campaigns', {});
    expect(limited.status).toBe(429);
    expect(limited.headers['Retry-After'] ?? limited.headers['retry-after']).toBe('17');
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
    expect((await callTool(apiKey, 'list_campaigns', {})).status).toBe(200);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(1);
  });

  it('an expired access token is refreshed once and the call goes on; a valid one is reused', async () => {
    const { apiKey } = await liveOwner(platform);
    await callToolOk(apiKey, 'list_searchads_languages', {});
    const tokens = platform.oauth.tokenRequests.length;
    await callToolOk(apiKey, 'list_searchads_languages', {});
    expect(platform.oauth.tokenRequests.length).toBe(tokens);
    platform.oauth.expireAccessTokens();
    const unauthenticated = platform.api.countRequests(/googleAds:search/);
    await callToolOk(apiKey, 'list_searchads_languages', {});
    expect(platform.oauth.tokenRequests.slice(tokens)).toEqual([{ grant_type: 'refresh_token', status: 200 }]);
    expect(
      platform.api.requests
        .filter((r) => r.path.endsWith('googleAds:search'))
        .slice(unauthenticated)
        .map((r) => r.status),
    ).toEqual([401, 200]);
  });

  it('a revoked refresh token answers 400 connection_broken, and get_connections_status shows the fix', async () => {
    const { apiKey, owner, refreshToken, account } = await liveOwner(platform);
    platform.oauth.revoke(refreshToken);
    const broken = await callTool(apiKey, 'list_campaigns', {});
    expect(broken.status).toBe(400);
    expect(broken.body.structured_content).toMatchObject({
      code: 'connection_broken',
      platform: 'searchads',
      account_id: account.account_id,
    });
    expect(broken.body.error).toContain('expired or was revoked');
    expect(JSON.stringify(broken.body)).not.toContain(refreshToken);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(0);
    const status = await callToolOk(apiKey, 'get_connections_status', {});
    const searchads = (status.structured!.platforms as { platform: string; healthy: boolean; accounts: Record<string, unknown>[] }[]).find(
      (p) => p.platform === 'searchads',
    )!;
    expect(searchads.healthy).toBe(false);
    expect(searchads.accounts[0]).toMatchObject({
      id: account.account_id,
      mode: 'live',
      healthy: false,
      detail: 'the refresh token has expired or was revoked.',
      fix: expect.stringContaining('Reconnect'),
    });
  });

  it('a customer the user lost access to is a broken connection too', async () => {
    const { apiKey, account, user } = await liveOwner(platform);
    const customer = platform.api.customer(account.account_id);
    customer.users = customer.users.filter((u) => u !== user);
    const broken = await callTool(apiKey, 'list_campaigns', {});
    expect(broken.status).toBe(400);
    expect(broken.body.structured_content).toMatchObject({ code: 'connection_broken' });
    expect(broken.body.error).toContain('USER_PERMISSION_DENIED');
  });

  it("an operator-side 403 (the deployment's Cloud project) is live_setup_incomplete and leaves the connection healthy", async () => {
    const { apiKey } = await liveOwner(platform);
    platform.api.fail('forbidden', 1, { code: 'CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION' });
    const refused = await callTool(apiKey, 'list_campaigns', {});
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({ code: 'live_setup_incomplete', platform: 'searchads' });
    expect(refused.body.error).toContain('CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION');
    const status = await callToolOk(apiKey, 'get_connections_status', {});
    const searchads = (status.structured!.platforms as { platform: string; healthy: boolean }[]).find((p) => p.platform === 'searchads')!;
    expect(searchads.healthy).toBe(true);
    expect((await callTool(apiKey, 'list_campaigns', {})).status).toBe(200);
  });

  it('works without a developer token (they were sunset): the header is sent only when set', async () => {
    const { apiKey } = await liveOwner(platform);
    const saved = process.env.SEARCHADS_DEVELOPER_TOKEN;
    delete process.env.SEARCHADS_DEVELOPER_TOKEN;
    try {
      expect((await callTool(apiKey, 'list_campaigns', {})).status).toBe(200);
    } finally {
      process.env.SEARCHADS_DEVELOPER_TOKEN = saved;
    }
  });

  it("the platform's validation error comes back as a 400 with its own message and code", async () => {
    const { apiKey, owner } = await liveOwner(platform);
    const campaigns = await campaignsByName(apiKey);
    const used = (await readUsage(owner.owner_id, new Date())).used;
    const result = await callTool(apiKey, 'update_campaign', {
      campaign_id: campaigns['Generic - Hiking Boots']!.id,
      name: 'Brand - Exact',
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('A campaign with this name already exists.');
    expect(result.body.structured_content).toMatchObject({
      code: 'invalid_arguments',
      platform_error: 'CAMPAIGN_ERROR.DUPLICATE_CAMPAIGN_NAME',
    });
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(used);
  });

  it('reads are retried after a 5xx; writes never are', async () => {
    const { apiKey, account } = await liveOwner(platform);
    const before = platform.api.countRequests(/googleAds:search/);
    platform.api.fail('server_error', 1, { path: /googleAds:search$/ });
    await callToolOk(apiKey, 'list_searchads_languages', {});
    expect(platform.api.countRequests(/googleAds:search/) - before).toBe(2);

    const group = (await adGroupsByName(apiKey))['Brand - Misspellings']!;
    platform.api.fail('server_error', 1, { path: /adGroups:mutate$/ });
    const write = await callTool(apiKey, 'resume_ad_group', { ad_group_id: group.id });
    expect(write.status).toBe(500);
    expect(write.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    expect(platform.api.countRequests(/adGroups:mutate/)).toBe(1);
    expect(platform.api.customer(account.account_id).adGroups.find((g) => g.id === group.id)!.status).toBe('PAUSED');
  });

  it('a platform that hangs ends within the deadline, as unavailable', async () => {
    const { account } = await liveOwner(platform);
    const port = searchads.open(account, operatorCall(1500));
    platform.api.fail('hang', 10);
    const started = Date.now();
    await expect(port.listCampaigns()).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
