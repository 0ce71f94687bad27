/**
 * What a live deskads account does when the platform says no: throttling, an expired access token,
 * a revoked grant, lost access, the operator's own setup, the platform's validation errors, server
 * errors (reads retried; a write sent once and answered outcome_unknown, also when its answer is lost); and
 * that no secret shows up in a table or an answer.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { GatewayError } from '../../../core/errors';
import { operatorCall } from '../../../platforms/live/connector';
import { deskads } from '../../../platforms/deskads/manifest';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { TABLE_SPECS } from '../../../functions/runtime/stores/tables';
import { FAKE_DESKADS_CLIENT_SECRET, FAKE_DESKADS_DEVELOPER_TOKEN } from '../../fakes/deskads-api';
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { deskAdsLiveOwner, useFakeDeskAds } from './live-support';

useTestTables();
const platform = useFakeDeskAds();

type Row = Record<string, any>;

const deskadsStatus = async (apiKey: string) =>
  ((await callToolOk(apiKey, 'get_connections_status', {})).structured!.platforms as Row[]).find((p) => p.platform === 'deskads')!;

describe('Live deskads account: failures', () => {
  afterEach(() => {
    platform.developerToken = FAKE_DESKADS_DEVELOPER_TOKEN;
    platform.throttle(0);
  });

  it.each([429, 117] as const)('throttling (%s) answers 429 upstream_rate_limited with Retry-After; nothing changed', async (as) => {
    const { apiKey } = await deskAdsLiveOwner(platform);
    platform.throttle(5, as);
    const result = await callTool(apiKey, 'list_deskads_campaigns', {});
    expect(result.status).toBe(429);
    expect(result.body.structured_content).toMatchObject({ code: 'upstream_rate_limited' });
    expect(Number(result.headers['Retry-After'] ?? result.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an expired access token is refreshed and the call goes through', async () => {
    const { apiKey } = await deskAdsLiveOwner(platform);
    await callToolOk(apiKey, 'list_deskads_campaigns', {});
    const refreshes = platform.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length;
    platform.expireAccessTokens();
    await callToolOk(apiKey, 'list_deskads_campaigns', {});
    expect(platform.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length).toBeGreaterThan(refreshes);
  });

  it('a revoked grant answers 400 connection_broken and get_connections_status shows the fix', async () => {
    const { apiKey, user, refreshToken, account } = await deskAdsLiveOwner(platform);
    platform.revokeUser(user);
    const broken = await callTool(apiKey, 'list_deskads_campaigns', {});
    expect(broken.status).toBe(400);
    expect(broken.body.structured_content).toMatchObject({ code: 'connection_broken' });
    expect(JSON.stringify(broken.body)).not.toContain(refreshToken);
    const status = await deskadsStatus(apiKey);
    expect(status.healthy).toBe(false);
    expect(status.accounts[0]).toMatchObject({ id: account.account_id, healthy: false, fix: expect.stringContaining('connect') });
  });

  it('an account the user lost access to is a broken connection too', async () => {
    const { apiKey, user, account } = await deskAdsLiveOwner(platform);
    platform.removeAccess(user, account.account_id);
    const broken = await callTool(apiKey, 'list_deskads_campaigns', {});
    expect(broken.status).toBe(400);
    expect(broken.body.structured_content).toMatchObject({ code: 'connection_broken' });
  });

  it("a developer token the platform refuses is the operator's problem: live_setup_incomplete, the connection stays healthy", async () => {
    const { apiKey } = await deskAdsLiveOwner(platform);
    platform.developerToken = 'ANOTHERTOKEN';
    const result = await callTool(apiKey, 'list_deskads_campaigns', {});
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({ code: 'live_setup_incomplete' });
    expect(result.body.error).toContain('DESKADS_DEVELOPER_TOKEN');
    expect(JSON.stringify(result.body)).not.toContain(FAKE_DESKADS_DEVELOPER_TOKEN);
    platform.developerToken = FAKE_DESKADS_DEVELOPER_TOKEN;
    expect((await deskadsStatus(apiKey)).healthy).toBe(true);
  });

  it("a request the platform refuses comes back as 400 with the platform's message, error code and tracking id", async () => {
    const { account } = await deskAdsLiveOwner(platform);
    const port = deskads.open(account, operatorCall(60_000));
    const refused = await port.listAdGroups('999999999').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(GatewayError);
    const error = refused as GatewayError;
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain('The campaign identifier is not valid.');
    expect(error.structuredContent).toMatchObject({
      code: 'not_found',
      platform_error: 'CampaignServiceInvalidCampaignId',
      platform_request_id: expect.any(String),
    });
  });

  it('a server error on a read is retried and the call goes through', async () => {
    const { apiKey } = await deskAdsLiveOwner(platform);
    const reads = () => platform.requests.filter((r) => r.operation === 'CampaignManagement.GetCampaignsByAccountId').length;
    const before = reads();
    platform.interrupt(1, 500, 'reads');
    const listed = await callTool(apiKey, 'list_deskads_campaigns', {});
    expect(listed.status).toBe(200);
    expect(reads()).toBeGreaterThan(before + 1);
  });

  it.each([500, 'lost'] as const)(
    'a write that meets a server error or loses its answer (%s) answers 500 outcome_unknown and is sent only once',
    async (how) => {
      const { apiKey, account } = await deskAdsLiveOwner(platform);
      const brand = [...platform.accounts.get(account.account_id)!.campaigns.values()].find((c) => c.Name === 'Brand search')!;
      await callToolOk(apiKey, 'list_deskads_campaigns', {});
      const updates = () => platform.writes().filter((r) => r.operation === 'CampaignManagement.UpdateCampaigns').length;
      const before = updates();
      platform.interrupt(1, how);
      const result = await callTool(apiKey, 'pause_deskads_campaign', { campaign_id: String(brand.Id) });
      expect(result.status).toBe(500);
      expect(result.body.structured_content).toMatchObject({ code: 'outcome_unknown', platform: 'deskads' });
      expect(updates()).toBe(before + 1);
      // A lost answer: the platform did it. A 500: it did not. Either way the gateway cannot know, and asks nothing twice.
      expect(brand.Status).toBe(how === 'lost' ? 'Paused' : 'Active');
    },
  );

  it('no refresh token, client secret or developer token is kept in plain text in any table', async () => {
    const { apiKey } = await deskAdsLiveOwner(platform);
    platform.expireAccessTokens();
    await callToolOk(apiKey, 'list_deskads_campaigns', {});
    const secrets = [...platform.issuedRefreshTokens(), FAKE_DESKADS_CLIENT_SECRET, FAKE_DESKADS_DEVELOPER_TOKEN];
    for (const table of Object.keys(TABLE_SPECS) as (keyof typeof TABLE_SPECS)[]) {
      const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
      const text = JSON.stringify(Items);
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
