/**
 * Live chatads accounts through the gateway (router, Lambda handler, middy chain) against the fake
 * Advertiser API: every chatads tool, its output shape next to a sandbox account's, writes that
 * show up on the fake, and the failure paths (rate limit, revoked key, validation errors, 5xx on
 * reads and writes, hangs).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/runtime/config';
import { GatewayError } from '../../../core/errors';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { TABLE_SPECS } from '../../../functions/runtime/stores/tables';
import { chatads } from '../../../platforms/chatads/manifest';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { useFakeChatAdsApi } from './live-support';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;

const fakePlatform = useFakeChatAdsApi();

/** A gateway owner with one live chatads account connected against a fresh fake ad account. */
async function liveOwner() {
  const { owner, apiKey } = await createTestOwner();
  const { account: upstream, apiKey: platformKey } = fakePlatform.api.addAccount();
  const [account] = await connectLiveAccounts(owner.owner_id, 'chatads', { 'api-key': platformKey });
  return { owner, apiKey, platformKey, upstream, account };
}

const used = async (apiKey: string) => (await callToolOk(apiKey, 'get_usage_status')).structured!.used as number;
/** Keys of objects, merged over a list (optional fields differ between entities). */
const keysOf = (items: Row[]) => [...new Set(items.flatMap((i) => Object.keys(i)))].sort();

describe('Live chatads account: every tool through the gateway', () => {
  let live: Awaited<ReturnType<typeof liveOwner>>;
  let sandboxKey: string;
  beforeAll(async () => {
    live = await liveOwner();
    ({ apiKey: sandboxKey } = await createTestOwner({ accounts: { chatads: 1 } }));
  });

  it('connects the ad account the key reaches, named as the platform names it', () => {
    expect(live.account).toMatchObject({
      account_id: live.upstream.id,
      name: live.upstream.name,
      mode: 'live',
      currency: 'USD',
      time_zone: 'UTC',
    });
  });

  it('list_chatads_campaigns reads every campaign from the platform, shaped as on a sandbox account', async () => {
    const data = await callToolOk(live.apiKey, 'list_chatads_campaigns', { sort_by: 'created_at' });
    const campaigns = data.structured!.campaigns as Row[];
    expect(campaigns.map((c) => c.id).sort()).toEqual(live.upstream.campaigns.map((c) => c.id).sort());
    const spring = campaigns.find((c) => c.name === 'Spring launch')!;
    expect(spring).toMatchObject({ status: 'active', bidding_type: 'impressions', budget: 5000, description: 'Promote the spring range' });
    const sandbox = (await callToolOk(sandboxKey, 'list_chatads_campaigns', {})).structured!;
    expect(Object.keys(data.structured!).sort()).toEqual(Object.keys(sandbox).sort());
    expect(keysOf(campaigns).every((k) => keysOf(sandbox.campaigns).includes(k))).toBe(true);
    const filtered = await callToolOk(live.apiKey, 'list_chatads_campaigns', { status_filter: 'paused' });
    expect((filtered.structured!.campaigns as Row[]).map((c) => c.name)).toEqual(['Holiday promo']);
  });

  it('pause, resume and archive change the campaign on the platform; the next read shows it', async () => {
    const target = live.upstream.campaigns.find((c) => c.name === 'Gear questions')!;
    const paused = await callToolOk(live.apiKey, 'pause_chatads_campaign', { campaign_id: target.id });
    expect(paused.structured).toMatchObject({ id: target.id, status: 'paused', changed: true });
    expect(target.status).toBe('paused');
    expect(fakePlatform.api.count('POST', `/v1/campaigns/${target.id}/pause`)).toBe(1);
    const listed = (await callToolOk(live.apiKey, 'list_chatads_campaigns', { query: target.id })).structured!.campaigns as Row[];
    expect(listed[0].status).toBe('paused');
    const again = await callToolOk(live.apiKey, 'pause_chatads_campaign', { campaign_id: target.id });
    expect(again.structured!.changed).toBe(false);
    expect(fakePlatform.api.count('POST', `/v1/campaigns/${target.id}/pause`)).toBe(1);
    expect((await callToolOk(live.apiKey, 'resume_chatads_campaign', { campaign_id: target.id })).structured!.status).toBe('active');
    expect(target.status).toBe('active');
    const archived = await callToolOk(live.apiKey, 'archive_chatads_campaign', { campaign_id: target.id });
    expect(archived.structured).toMatchObject({ id: target.id, status: 'archived', previous_status: 'active', changed: true });
    expect(target.status).toBe('archived');
    const resume = await callTool(live.apiKey, 'resume_chatads_campaign', { campaign_id: target.id });
    expect(resume.status).toBe(400);
    expect(resume.body.error).toContain('archived');
  });

  it("an unknown campaign id answers 400 naming it, with the platform's error code", async () => {
    const result = await callTool(live.apiKey, 'pause_chatads_campaign', { campaign_id: 'cmpn_nosuchcampaign1' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('cmpn_nosuchcampaign1');
    expect(result.body.structured_content).toMatchObject({ code: 'not_found', platform_error: 'not_found' });
  });

  it('create_chatads_ad_group creates the ad group on the platform with the id it assigns; list_chatads_ad_groups shows it', async () => {
    const parent = live.upstream.campaigns.find((c) => c.name === 'Spring launch')!;
    const data = await callToolOk(live.apiKey, 'create_chatads_ad_group', {
      campaign_id: parent.id,
      name: 'Ultralight shoppers',
      billing_event_type: 'impression',
      max_cpm_bid_micros: 8_000_000,
      context_hints: ['lightest tent for thru-hiking'],
      status: 'paused',
    });
    const group = data.structured!.ad_group as Row;
    const onPlatform = live.upstream.adGroups.find((g) => g.name === 'Ultralight shoppers')!;
    expect(group.id).toBe(onPlatform.id);
    // The platform bids per impression: $8 CPM is 8,000 micros per impression.
    expect(onPlatform).toMatchObject({
      campaign_id: parent.id,
      status: 'paused',
      context_hints: ['lightest tent for thru-hiking'],
      bidding_config: { billing_event_type: 'impression', max_bid_micros: 8000 },
    });
    expect(group).toMatchObject({
      campaign_id: parent.id,
      billing_event_type: 'impression',
      max_cpm_bid_micros: 8_000_000,
      strategy: 'fixed_bid',
      status: 'paused',
    });
    const listed = await callToolOk(live.apiKey, 'list_chatads_ad_groups', { campaign_id: parent.id });
    expect((listed.structured!.ad_groups as Row[]).map((g) => g.id)).toContain(group.id);
    const all = await callToolOk(live.apiKey, 'list_chatads_ad_groups', {});
    expect(all.structured!.total).toBe(live.upstream.adGroups.length);
    const sandboxGroups = (await callToolOk(sandboxKey, 'list_chatads_ad_groups', {})).structured!;
    expect(Object.keys(all.structured!).sort()).toEqual(Object.keys(sandboxGroups).sort());
    expect(keysOf(all.structured!.ad_groups).every((k) => keysOf(sandboxGroups.ad_groups).includes(k))).toBe(true);
  });

  it("a platform validation error comes back as 400 with the platform's own message, and nothing is created", async () => {
    const parent = live.upstream.campaigns.find((c) => c.name === 'Spring launch')!;
    const before = live.upstream.adGroups.length;
    const usedBefore = await used(live.apiKey);
    // Click billing is valid for the gateway, but the platform bills a campaign bidding for impressions per impression.
    const result = await callTool(live.apiKey, 'create_chatads_ad_group', { campaign_id: parent.id, name: 'Click billed', max_bid: 1.5 });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('a campaign bidding for impressions bills per impression');
    expect(result.body.structured_content).toMatchObject({ code: 'invalid_arguments', platform_error: 'invalid_value' });
    expect(live.upstream.adGroups.length).toBe(before);
    expect(await used(live.apiKey)).toBe(usedBefore);
  });

  it("reads each campaign's own bidding type and each ad group's strategy back from the platform", async () => {
    const campaigns = (await callToolOk(live.apiKey, 'list_chatads_campaigns', {})).structured!.campaigns as Row[];
    expect(campaigns.find((c) => c.name === 'Gear questions')).toMatchObject({ bidding_type: 'clicks', budget: 50, daily_budget: 50 });
    expect(campaigns.find((c) => c.name === 'Spring launch')).toMatchObject({ bidding_type: 'impressions', budget: 5000 });
    const gear = live.upstream.campaigns.find((c) => c.name === 'Gear questions')!;
    const groups = (await callToolOk(live.apiKey, 'list_chatads_ad_groups', { campaign_id: gear.id })).structured!.ad_groups as Row[];
    expect(groups.find((g) => g.name.endsWith('Trail planning'))).toMatchObject({
      strategy: 'fixed_bid',
      billing_event_type: 'click',
      max_bid_micros: 1_500_000,
    });
    const maximized = groups.find((g) => g.name.endsWith('Gear checklists'))!;
    expect(maximized).toMatchObject({ strategy: 'maximize_clicks', billing_event_type: 'click' });
    expect(maximized.max_bid_micros).toBeUndefined();
  });

  it('create_chatads_ad_group with maximize_clicks goes to a clicks campaign with a daily budget, without a bid and under an Idempotency-Key', async () => {
    const fresh = await liveOwner();
    const gear = fresh.upstream.campaigns.find((c) => c.name === 'Gear questions')!;
    const data = await callToolOk(fresh.apiKey, 'create_chatads_ad_group', {
      campaign_id: gear.id,
      name: 'Checklist clicks',
      strategy: 'maximize_clicks',
      status: 'paused',
    });
    const onPlatform = fresh.upstream.adGroups.find((g) => g.name === 'Checklist clicks')!;
    expect(onPlatform.bidding_config).toEqual({ billing_event_type: 'click', strategy: 'maximize_clicks' });
    expect(data.structured!.ad_group).toMatchObject({ id: onPlatform.id, strategy: 'maximize_clicks', billing_event_type: 'click' });
    const sent = fakePlatform.api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/ad_groups').at(-1)!;
    expect(sent.idempotencyKey).toMatch(/^gw-[0-9a-f]{48}$/);
    // A campaign with a lifetime budget cannot maximize: the platform refuses it and nothing is created.
    const clicksLifetime = await callToolOk(fresh.apiKey, 'create_chatads_campaign', {
      name: 'Clicks lifetime',
      bidding_type: 'clicks',
      budget: 500,
    });
    const refused = await callTool(fresh.apiKey, 'create_chatads_ad_group', {
      campaign_id: clicksLifetime.structured!.campaign.id,
      name: 'Cannot maximize',
      strategy: 'maximize_clicks',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('needs a campaign with a daily budget');
    expect(fresh.upstream.adGroups.some((g) => g.name === 'Cannot maximize')).toBe(false);
  });

  it('ad groups and ads: get, pause, resume and archive go to the platform; the next read shows it', async () => {
    const group = live.upstream.adGroups.find((g) => g.status === 'active')!;
    const got = await callToolOk(live.apiKey, 'get_chatads_ad_group', { ad_group_id: group.id });
    expect(got.structured!.ad_group).toMatchObject({ id: group.id, campaign_id: group.campaign_id, status: 'active' });
    await callToolOk(live.apiKey, 'pause_chatads_ad_group', { ad_group_id: group.id });
    expect(group.status).toBe('paused');
    expect(fakePlatform.api.count('POST', `/v1/ad_groups/${group.id}/pause`)).toBe(1);
    expect((await callToolOk(live.apiKey, 'get_chatads_ad_group', { ad_group_id: group.id })).structured!.ad_group.status).toBe('paused');
    const ad = live.upstream.ads.find((a) => a.status === 'active')!;
    await callToolOk(live.apiKey, 'archive_chatads_ad', { ad_id: ad.id });
    expect(ad.status).toBe('archived');
    expect((await callToolOk(live.apiKey, 'get_chatads_ad', { ad_id: ad.id })).structured!.ad).toMatchObject({
      id: ad.id,
      status: 'archived',
    });
    const resumed = await callTool(live.apiKey, 'resume_chatads_ad', { ad_id: ad.id });
    expect(resumed.status).toBe(400);
    expect(fakePlatform.api.count('POST', `/v1/ads/${ad.id}/activate`)).toBe(0);
    const unknown = await callTool(live.apiKey, 'get_chatads_ad', { ad_id: 'ad_nosuchad1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('ad_nosuchad1');
  });

  it('create_chatads_campaign sends its bidding type and one budget in micros: a lifetime limit, or a daily limit that holds the lifetime budget', async () => {
    const data = await callToolOk(live.apiKey, 'create_chatads_campaign', { name: 'Live created', budget: 1200, bidding_type: 'clicks' });
    const onPlatform = live.upstream.campaigns.find((c) => c.name === 'Live created')!;
    expect(onPlatform).toMatchObject({ status: 'paused', bidding_type: 'clicks', budget: { lifetime_spend_limit_micros: 1_200_000_000 } });
    expect(data.structured!.campaign).toMatchObject({ id: onPlatform.id, status: 'paused', bidding_type: 'clicks', budget: 1200 });
    // A daily budget: sent alone (the platform holds one), so the end date must keep it within the lifetime budget.
    const start = new Date();
    const end = new Date(start.getTime() + 29 * 86_400_000).toISOString().slice(0, 10);
    const daily = await callToolOk(live.apiKey, 'create_chatads_campaign', {
      name: 'Live daily',
      budget: 1200,
      daily_budget: 40,
      end_date: end,
    });
    const dailyOnPlatform = live.upstream.campaigns.find((c) => c.name === 'Live daily')!;
    expect(dailyOnPlatform.budget).toEqual({ daily_spend_limit_micros: 40_000_000 });
    expect(daily.structured!.campaign).toMatchObject({ daily_budget: 40, end_date: end });
    const unbounded = await callTool(live.apiKey, 'create_chatads_campaign', { name: 'Live unbounded', budget: 1200, daily_budget: 40 });
    expect(unbounded.status).toBe(400);
    expect(unbounded.body.error).toContain('one budget');
    expect(live.upstream.campaigns.some((c) => c.name === 'Live unbounded')).toBe(false);
    // A conversions campaign names its one conversion event setting: sent as the platform's list of one, read back.
    const sentBefore = fakePlatform.api.count('POST', '/v1/campaigns');
    const without = await callTool(live.apiKey, 'create_chatads_campaign', { name: 'Conv live', budget: 100, bidding_type: 'conversions' });
    expect(without.status).toBe(400);
    expect(without.body.error).toContain('needs `conversion_event_setting_id`');
    const onClicks = await callTool(live.apiKey, 'create_chatads_campaign', {
      name: 'Conv live',
      budget: 100,
      bidding_type: 'clicks',
      conversion_event_setting_id: 'evset_1',
    });
    expect(onClicks.status).toBe(400);
    expect(fakePlatform.api.count('POST', '/v1/campaigns')).toBe(sentBefore);
    const conversions = await callToolOk(live.apiKey, 'create_chatads_campaign', {
      name: 'Conv live',
      budget: 100,
      bidding_type: 'conversions',
      conversion_event_setting_id: 'evset_1',
    });
    const convOnPlatform = live.upstream.campaigns.find((c) => c.name === 'Conv live')!;
    expect(convOnPlatform).toMatchObject({ bidding_type: 'conversions', conversion_event_setting_ids: ['evset_1'] });
    expect(conversions.structured!.campaign).toMatchObject({ bidding_type: 'conversions', conversion_event_setting_id: 'evset_1' });
  });

  it('create_chatads_ad uploads the image by URL, then creates the chat card on the platform with the file id', async () => {
    const group = live.upstream.adGroups.find((g) => g.status === 'active')!;
    const data = await callToolOk(live.apiKey, 'create_chatads_ad', {
      ad_group_id: group.id,
      name: 'Live card',
      headline: 'Packs that carry more',
      body: 'Trail-tested on 1,000 miles.',
      landing_url: 'https://www.northwind.example/packs',
      image_url: 'https://cdn.northwind.example/packs.png',
    });
    const onPlatform = live.upstream.ads.find((a) => a.name === 'Live card')!;
    const fileId = [...live.upstream.files].find(([, source]) => source === 'https://cdn.northwind.example/packs.png')![0];
    expect(onPlatform).toMatchObject({
      ad_group_id: group.id,
      status: 'paused',
      creative: { type: 'chat_card', title: 'Packs that carry more', file_id: fileId, target_url: 'https://www.northwind.example/packs' },
    });
    expect(data.structured!.ad).toMatchObject({ id: onPlatform.id, image_file_id: fileId, status: 'paused', review_status: 'pending' });
    const uploads = fakePlatform.api.requests.filter((r) => r.path === '/v1/upload');
    expect(uploads.at(-1)!.idempotencyKey).toMatch(/^gw-/);
    // The platform's limits (a title of 3 to 50 characters) are the tool's: refused before anything is sent.
    const sentBefore = fakePlatform.api.count('POST', '/v1/ads');
    const long = await callTool(live.apiKey, 'create_chatads_ad', {
      ad_group_id: group.id,
      name: 'Too long',
      headline: 'A title far longer than the fifty characters a card takes',
      body: 'x',
      landing_url: 'https://www.northwind.example/',
      image_file_id: fileId,
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('`headline` must be at most 50 characters');
    expect(fakePlatform.api.count('POST', '/v1/ads')).toBe(sentBefore);
    expect(live.upstream.ads.some((a) => a.name === 'Too long')).toBe(false);
  });

  it('launch_chatads_ad creates campaign, ad group, image and ad on the platform', async () => {
    const data = await callToolOk(live.apiKey, 'launch_chatads_ad', {
      campaign_name: 'Live launch',
      budget: 300,
      max_cpm_bid: 12,
      image_url: 'https://cdn.northwind.example/launch.png',
      ad_name: 'Launch card',
      headline: 'Gear that goes further',
      body: 'Trail-tested packs.',
      landing_url: 'https://www.northwind.example/trail',
    });
    const campaign = live.upstream.campaigns.find((c) => c.name === 'Live launch')!;
    expect(data.structured).toMatchObject({ campaign_id: campaign.id });
    const group = live.upstream.adGroups.find((g) => g.campaign_id === campaign.id)!;
    expect(group.bidding_config).toEqual({ billing_event_type: 'impression', strategy: 'fixed_bid', max_bid_micros: 12_000 });
    expect(live.upstream.ads.find((a) => a.ad_group_id === group.id)).toMatchObject({ name: 'Launch card' });
  });

  it('chatads_geo_lookup searches the platform for countries, regions and DMA markets', async () => {
    const data = await callToolOk(live.apiKey, 'chatads_geo_lookup', { query: 'San Francisco' });
    expect(data.structured!.locations).toEqual([
      { id: '3000194', name: 'San Francisco - Oakland - San Jose', type: 'dma', country_code: 'US', parent: 'United States' },
    ]);
    expect(fakePlatform.api.count('GET', '/v1/geo_lookup/search')).toBeGreaterThan(0);
  });

  it.each([
    ['list_chatads_pixels', {}],
    ['create_chatads_custom_audience', { name: 'x' }],
    ['list_chatads_custom_audience_operations', {}],
    ['get_chatads_conversions_config', {}],
  ])('%s on a live account answers 400 live_not_supported', async (tool, args) => {
    const result = await callTool(live.apiKey, tool, args);
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({ code: expect.stringMatching(/live_not_supported|not_found/) });
  });

  it('what the public API does not offer answers 400 live_not_supported, never a made-up answer', async () => {
    const audiences = (await callToolOk(live.apiKey, 'list_chatads_custom_audiences', {})).structured!.custom_audiences as Row[];
    const ready = audiences.find((a) => a.usable_for_bid_multiplier)!;
    const parent = live.upstream.campaigns.find((c) => c.name === 'Spring launch')!;
    const multipliers = await callTool(live.apiKey, 'create_chatads_ad_group', {
      campaign_id: parent.id,
      name: 'With multiplier',
      billing_event_type: 'impression',
      max_cpm_bid_micros: 5_000_000,
      custom_audience_bid_multipliers: [{ custom_audience_id: ready.id, bid_multiplier_micros: 1_500_000 }],
    });
    expect(multipliers.status).toBe(400);
    expect(multipliers.body.structured_content).toMatchObject({ code: 'live_not_supported' });
    expect(live.upstream.adGroups.some((g) => g.name === 'With multiplier')).toBe(false);
    const usedBefore = await used(live.apiKey);
    const insights = await callTool(live.apiKey, 'get_chatads_conversion_insights', {});
    expect(insights.status).toBe(400);
    expect(insights.body.structured_content).toMatchObject({ code: 'live_not_supported' });
    expect(insights.body.error).toContain('Conversion figures are not reported');
    expect(await used(live.apiKey)).toBe(usedBefore);
  });

  it("list_chatads_custom_audiences reads the platform's audiences with the same shape", async () => {
    const data = await callToolOk(live.apiKey, 'list_chatads_custom_audiences', {});
    const audiences = data.structured!.custom_audiences as Row[];
    expect(audiences.map((a) => a.name).sort()).toEqual(live.upstream.audiences.map((a) => a.name).sort());
    expect(audiences.find((a) => a.name === 'Newsletter subscribers')).toMatchObject({
      status: 'ready',
      matched_users: 182_400,
      uploaded_identifiers: 240_000,
      usable_for_bid_multiplier: true,
    });
    const sandbox = (await callToolOk(sandboxKey, 'list_chatads_custom_audiences', {})).structured!.custom_audiences as Row[];
    expect(keysOf(audiences)).toEqual(keysOf(sandbox));
  });

  it('suggest_next_action reads a live account without failing, and judges no campaign on conversions it cannot read', async () => {
    const result = await callToolOk(live.apiKey, 'suggest_next_action', {});
    expect(result.structured!.skipped).toEqual([]);
    expect(JSON.stringify(result.structured!.actions)).not.toContain('pause_chatads_campaign');
  });
});

describe('Live chatads account: failures', () => {
  it('an upstream 429 answers 429 with Retry-After and uses no quota', async () => {
    const { apiKey } = await liveOwner();
    const before = await used(apiKey);
    fakePlatform.api.rateLimitNext(1, 7);
    const result = await callTool(apiKey, 'list_chatads_campaigns', {});
    expect(result.status).toBe(429);
    expect(result.headers['Retry-After'] ?? result.headers['retry-after']).toBe('7');
    expect(await used(apiKey)).toBe(before);
    expect((await callTool(apiKey, 'list_chatads_campaigns', {})).status).toBe(200);
  });

  it('the fake enforces the per-endpoint limit by itself', async () => {
    const { apiKey } = await liveOwner();
    fakePlatform.api.limits = { perEndpoint: 1, overall: 1200 };
    try {
      const result = await callTool(apiKey, 'list_chatads_custom_audiences', {});
      const second = await callTool(apiKey, 'list_chatads_custom_audiences', {});
      expect([result.status, second.status]).toContain(429);
    } finally {
      fakePlatform.api.limits = { perEndpoint: 600, overall: 1200 };
    }
  });

  it('a revoked key answers 400 connection_broken, and get_connections_status shows the account broken with the fix', async () => {
    const { apiKey, platformKey, account } = await liveOwner();
    fakePlatform.api.revoke(platformKey);
    const before = await used(apiKey);
    const result = await callTool(apiKey, 'list_chatads_campaigns', {});
    expect(result.status).toBe(400);
    expect(result.body.structured_content).toMatchObject({
      code: 'connection_broken',
      platform: 'chatads',
      account_id: account.account_id,
    });
    expect(result.body.error).toContain('Reconnect the account');
    expect(result.body.error).not.toContain(platformKey);
    expect(await used(apiKey)).toBe(before);
    const status = await callToolOk(apiKey, 'get_connections_status', {});
    const chatads = (status.structured!.platforms as Row[]).find((p) => p.platform === 'chatads')!;
    expect(chatads).toMatchObject({ connected: true, mode: 'live', healthy: false });
    expect(chatads.accounts[0]).toMatchObject({
      id: account.account_id,
      healthy: false,
      detail: expect.stringContaining('refused its API key'),
      fix: expect.stringContaining('--api-key'),
    });
    expect(status.text).toContain('Needs attention');
  });

  it('reads are retried after a 5xx; the call succeeds', async () => {
    const { apiKey } = await liveOwner();
    const before = fakePlatform.api.count('GET', '/v1/campaigns');
    fakePlatform.api.failNext(1, { method: 'GET' });
    const result = await callTool(apiKey, 'list_chatads_campaigns', {});
    expect(result.status).toBe(200);
    expect(fakePlatform.api.count('GET', '/v1/campaigns') - before).toBe(2);
  });

  it('a create whose answer was lost is sent again under the same Idempotency-Key: one campaign, not two', async () => {
    const { apiKey, upstream } = await liveOwner();
    const before = fakePlatform.api.count('POST', '/v1/campaigns');
    fakePlatform.api.dropAnswerNext(1);
    const data = await callToolOk(apiKey, 'create_chatads_campaign', { name: 'Answer lost', budget: 100 });
    const created = upstream.campaigns.filter((c) => c.name === 'Answer lost');
    expect(created).toHaveLength(1);
    expect(data.structured!.campaign.id).toBe(created[0].id);
    const sent = fakePlatform.api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/campaigns').slice(before);
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(sent[0].idempotencyKey).toMatch(/^gw-[0-9a-f]{48}$/);
  });

  it("two identical creates under different gateway Idempotency-Keys make two campaigns: the platform's key follows the gateway's", async () => {
    const { apiKey, upstream } = await liveOwner();
    const args = { name: 'Twice on purpose', budget: 100 };
    for (const key of ['9b2f0c1e-4d5a-4c6b-8e7f-0a1b2c3d4e5f', '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e6a']) {
      const result = await callTool(apiKey, 'create_chatads_campaign', args, { headers: { 'Idempotency-Key': key } });
      expect(result.status).toBe(200);
    }
    // Without a gateway key, each request is its own as well.
    await callToolOk(apiKey, 'create_chatads_campaign', args);
    expect(upstream.campaigns.filter((c) => c.name === 'Twice on purpose')).toHaveLength(3);
  });

  it('a create whose every answer was lost and that is sent again under the same gateway Idempotency-Key makes one campaign', async () => {
    const { apiKey, upstream } = await liveOwner();
    const key = { 'Idempotency-Key': '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' };
    const args = { name: 'Lost three times', budget: 100 };
    const before = fakePlatform.api.requests.length;
    // Every attempt of the first request loses its answer: the gateway cannot tell the caller the id, and the
    // campaign exists. The answer says so (never "nothing was changed") and how to resend safely.
    fakePlatform.api.dropAnswerNext(3);
    const first = await callTool(apiKey, 'create_chatads_campaign', args, { headers: key });
    expect(first.status).toBe(500);
    expect(first.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    expect(first.body.error).toContain('may or may not have been applied');
    expect(first.body.error).toContain('send it again with the same key');
    expect(first.body.error).not.toContain('Nothing was changed');
    expect(upstream.campaigns.filter((c) => c.name === 'Lost three times')).toHaveLength(1);
    const retried = await callTool(apiKey, 'create_chatads_campaign', args, { headers: key });
    expect(retried.status).toBe(200);
    const created = upstream.campaigns.filter((c) => c.name === 'Lost three times');
    expect(created).toHaveLength(1);
    expect(retried.body.data!.structured!.campaign.id).toBe(created[0].id);
    const sent = fakePlatform.api.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/campaigns');
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
    // The trail: the lost write settled by the replay that sent it again, the replay's own record applied once.
    const history = (await callToolOk(apiKey, 'list_change_history', { tool: 'create_chatads_campaign' })).structured!.entries as any[];
    const mine = history.filter((h) => h.arguments.name === 'Lost three times');
    expect(mine.map((h) => h.outcome).sort()).toEqual(['applied', 'not_applied']);
  });

  it('a partner key connects one account per --account-id; each call names its account in OpenAI-Ad-Account', async () => {
    const { owner, apiKey } = await createTestOwner();
    const { account: east } = fakePlatform.api.addAccount('Northwind East');
    const { account: west } = fakePlatform.api.addAccount('Northwind West');
    const partnerKey = fakePlatform.api.addPartnerKey([east.id, west.id]);
    const accounts = await connectLiveAccounts(owner.owner_id, 'chatads', { 'api-key': partnerKey, 'account-id': `${east.id},${west.id}` });
    expect(accounts.map((a) => [a.account_id, a.name])).toEqual([
      [east.id, 'Northwind East'],
      [west.id, 'Northwind West'],
    ]);
    const before = fakePlatform.api.requests.length;
    const westCampaigns = await callToolOk(apiKey, 'list_chatads_campaigns', { ad_account_id: west.id });
    expect((westCampaigns.structured!.campaigns as Row[]).map((c) => c.id).sort()).toEqual(west.campaigns.map((c) => c.id).sort());
    expect(fakePlatform.api.requests.slice(before).every((r) => r.adAccount === west.id)).toBe(true);
    // Without --account-id a partner key reaches no single account: the platform says so and nothing is stored.
    await expect(connectLiveAccounts(owner.owner_id, 'chatads', { 'api-key': partnerKey })).rejects.toThrow('OpenAI-Ad-Account');
  });

  it('writes are never retried after a 5xx: 500 outcome_unknown, one request, its quota unit held until it is settled', async () => {
    const { apiKey, upstream } = await liveOwner();
    const target = upstream.campaigns.find((c) => c.status === 'active')!;
    const before = await used(apiKey);
    fakePlatform.api.failNext(1, { method: 'POST' });
    const result = await callTool(apiKey, 'pause_chatads_campaign', { campaign_id: target.id });
    expect(result.status).toBe(500);
    expect(result.body.structured_content).toMatchObject({ code: 'outcome_unknown' });
    expect(fakePlatform.api.count('POST', `/v1/campaigns/${target.id}/pause`)).toBe(1);
    expect(target.status).toBe('active');
    expect(await used(apiKey)).toBe(before + 1);
  });

  it('a hanging platform ends the call at its deadline with upstream_unavailable', async () => {
    const { account } = await liveOwner();
    fakePlatform.api.hangNext(10);
    const deadline = Date.now() + 1500;
    const silent = { info() {}, warn() {}, error() {} };
    const port = chatads.open(account, { signal: AbortSignal.timeout(1500), deadline, log: silent });
    const failure = await port.listCampaigns().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(GatewayError);
    expect((failure as GatewayError).structuredContent).toMatchObject({ code: 'upstream_unavailable' });
    expect(Date.now()).toBeLessThan(deadline + 1000);
    fakePlatform.api.hangNext(0);
  });

  it('no API key appears in any table item, and none in the log lines of live calls', async () => {
    const lines: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    };
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    let platformKey: string;
    try {
      const live = await liveOwner();
      platformKey = live.platformKey;
      await callTool(live.apiKey, 'list_chatads_campaigns', {});
      await callTool(live.apiKey, 'list_chatads_ad_groups', {});
      fakePlatform.api.revoke(live.platformKey);
      await callTool(live.apiKey, 'list_chatads_campaigns', {});
    } finally {
      process.env.LOG_LEVEL = level;
      out.mockRestore();
      err.mockRestore();
    }
    expect(lines.join('')).toContain('upstream call');
    expect(lines.join('')).not.toContain(platformKey!);
    for (const table of Object.keys(TABLE_SPECS) as (keyof typeof TABLE_SPECS)[]) {
      const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
      expect(JSON.stringify(Items)).not.toContain(platformKey!);
    }
  });
});
