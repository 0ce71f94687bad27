import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables, type TestOwner } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;

describe('chatads entity families, creates and launch', () => {
  let env: TestOwner;
  let apiKey: string;
  beforeAll(async () => {
    env = await createTestOwner({ accounts: { chatads: 1 } });
    apiKey = env.apiKey;
  });

  async function activeAd(): Promise<Row> {
    const ads = (await callToolOk(apiKey, 'list_chatads_ads', { status_filter: ['active'] })).structured!.ads as Row[];
    const campaigns = (await callToolOk(apiKey, 'list_chatads_campaigns', { status_filter: ['active'] })).structured!.campaigns as Row[];
    const groups = (await callToolOk(apiKey, 'list_chatads_ad_groups', { status_filter: ['active'] })).structured!.ad_groups as Row[];
    return ads.find((a) => campaigns.some((c) => c.id === a.campaign_id) && groups.some((g) => g.id === a.ad_group_id))!;
  }

  it.each([
    ['campaign', 'campaign_id', (ad: Row) => ad.campaign_id],
    ['ad_group', 'ad_group_id', (ad: Row) => ad.ad_group_id],
    ['ad', 'ad_id', (ad: Row) => ad.id],
  ])('%s: get, pause, resume, archive (final), with dry runs and no-ops', async (kind, idField, idOf) => {
    const id = idOf(await activeAd());
    const got = await callToolOk(apiKey, `get_chatads_${kind}`, { [idField]: id });
    expect(got.structured![kind].id).toBe(id);
    expect(got.structured!.figures.spend).toBeGreaterThanOrEqual(0);
    expect(got.structured!.end_date).toBe(addDays(isoDate(new Date()), -1));

    const dry = await callToolOk(apiKey, `pause_chatads_${kind}`, { [idField]: id, dry_run: true });
    expect(dry.structured!.changes[0].fields.status).toEqual({ before: 'active', after: 'paused' });
    expect((await callToolOk(apiKey, `get_chatads_${kind}`, { [idField]: id })).structured![kind].status).toBe('active');

    const paused = await callToolOk(apiKey, `pause_chatads_${kind}`, { [idField]: id });
    expect(paused.structured).toMatchObject({ previous_status: 'active', status: 'paused', changed: true });
    expect((await callToolOk(apiKey, `get_chatads_${kind}`, { [idField]: id })).structured![kind].status).toBe('paused');
    expect((await callToolOk(apiKey, `pause_chatads_${kind}`, { [idField]: id })).text).toContain('already paused');
    const resumed = await callToolOk(apiKey, `resume_chatads_${kind}`, { [idField]: id });
    expect(resumed.structured).toMatchObject({ status: 'active', changed: true });
    const archived = await callToolOk(apiKey, `archive_chatads_${kind}`, { [idField]: id });
    expect(archived.structured).toMatchObject({ status: 'archived', changed: true });
    const resumeArchived = await callTool(apiKey, `resume_chatads_${kind}`, { [idField]: id });
    expect(resumeArchived.status).toBe(400);
    expect(resumeArchived.body.error).toContain('cannot be resumed');
    expect((await callTool(apiKey, `pause_chatads_${kind}`, { [idField]: id })).status).toBe(400);
  });

  it.each(['get_chatads_ad', 'pause_chatads_ad_group', 'archive_chatads_ad'])(
    '%s names an unknown id and refuses a malformed one',
    async (tool) => {
      const field = tool.endsWith('_ad_group') ? 'ad_group_id' : 'ad_id';
      const prefix = field === 'ad_id' ? 'ad_' : 'adgrp_';
      const unknown = await callTool(apiKey, tool, { [field]: `${prefix}doesnotexist` });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain(`${prefix}doesnotexist`);
      const malformed = await callTool(apiKey, tool, { [field]: '12345' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toContain(`\`${field}\` must be`);
    },
  );

  it('status_filter is one shape on every list: an array, or the same as a comma string', async () => {
    for (const tool of ['list_chatads_campaigns', 'list_chatads_ad_groups', 'list_chatads_ads']) {
      const key = tool.replace('list_chatads_', '');
      const asArray = (await callToolOk(apiKey, tool, { status_filter: ['active', 'paused'] })).structured![key] as Row[];
      const asString = (await callToolOk(apiKey, tool, { status_filter: 'active,paused' })).structured![key] as Row[];
      expect(asArray.map((r) => r.id)).toEqual(asString.map((r) => r.id));
      expect(asArray.every((r) => ['active', 'paused'].includes(r.status))).toBe(true);
      const bad = await callTool(apiKey, tool, { status_filter: ['active', 'deleted'] });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('`status_filter` has unknown value deleted');
    }
  });

  it('list_chatads_ads shows figures of a window ending yesterday and refuses today', async () => {
    const today = isoDate(new Date());
    const refused = await callTool(apiKey, 'list_chatads_ads', { end_date: today });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('`end_date`');
    const listed = await callToolOk(apiKey, 'list_chatads_ads', { limit: 3 });
    expect(listed.structured!.ads).toHaveLength(3);
    expect(listed.structured!.end_date).toBe(addDays(today, -1));
  });

  it('create_chatads_campaign starts paused, plans its budget, and shows up in the list', async () => {
    const args = { name: 'Winter Test', bidding_type: 'clicks', budget: 3000, daily_budget: 100 };
    const dry = await callToolOk(apiKey, 'create_chatads_campaign', { ...args, dry_run: true });
    expect(dry.structured!.changes[0]).toMatchObject({ action: 'create', entity: 'campaign', startsPaused: true });
    expect(dry.structured!.budgets).toEqual([expect.objectContaining({ after: 100 })]);
    expect((await callToolOk(apiKey, 'list_chatads_campaigns', { query: 'Winter Test' })).structured!.campaigns).toHaveLength(0);
    const created = await callToolOk(apiKey, 'create_chatads_campaign', args);
    expect(created.structured!.campaign).toMatchObject({
      name: 'Winter Test',
      status: 'paused',
      bidding_type: 'clicks',
      budget: 3000,
      daily_budget: 100,
    });
    expect((await callToolOk(apiKey, 'list_chatads_campaigns', { query: 'Winter Test' })).structured!.campaigns[0].id).toBe(
      created.structured!.campaign.id,
    );
    // A lifetime budget without a daily limit: its daily equivalent over its dates, said in a note.
    const lifetime = await callToolOk(apiKey, 'create_chatads_campaign', {
      name: 'Lifetime only',
      budget: 1000,
      start_date: addDays(isoDate(new Date()), 1),
      end_date: addDays(isoDate(new Date()), 10),
      dry_run: true,
    });
    expect(lifetime.structured!.budgets[0].after).toBe(100);
    expect(lifetime.structured!.notes[0]).toContain('daily equivalent');
  });

  it.each([
    [{ daily_budget: 5000 }, '`daily_budget` (5000) must not exceed the lifetime `budget`'],
    [{ start_date: '2020-01-01' }, 'is in the past'],
    [{ start_date: '2030-01-10', end_date: '2030-01-05' }, '`end_date` (2030-01-05) must be after `start_date`'],
    [{ name: 'ab' }, '`name` must be at least 3 characters'],
    [{ bidding_type: 'views' }, '`bidding_type`'],
    [{ bidding_type: 'conversions' }, 'needs `conversion_event_setting_id`'],
    [
      { bidding_type: 'clicks', conversion_event_setting_id: 'evs_1' },
      '`conversion_event_setting_id` is for campaigns with `bidding_type` conversions',
    ],
    [{ bidding_type: 'conversions', conversion_event_setting_id: 'evs_unknown1' }, 'evs_unknown1'],
  ])('create_chatads_campaign refuses %o', async (bad, message) => {
    const result = await callTool(apiKey, 'create_chatads_campaign', { name: 'Rule check', budget: 1000, ...bad });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it("a conversions campaign optimizes for one of the account's event settings, named on create and read back", async () => {
    const setting = ((await callToolOk(apiKey, 'list_chatads_event_settings', {})).structured!.event_settings as Row[])[0];
    const created = await callToolOk(apiKey, 'create_chatads_campaign', {
      name: 'Conversions Test',
      bidding_type: 'conversions',
      conversion_event_setting_id: setting.id,
      budget: 1000,
    });
    expect(created.structured!.campaign).toMatchObject({ bidding_type: 'conversions', conversion_event_setting_id: setting.id });
    // Out of the way of the tests below, which pick paused campaigns.
    await callToolOk(apiKey, 'archive_chatads_campaign', { campaign_id: created.structured!.campaign.id });
  });

  it.each([
    [{ headline: 'ab' }, '`headline` must be at least 3 characters'],
    [{ headline: 'x'.repeat(51) }, '`headline` must be at most 50 characters'],
    [{ body: 'x'.repeat(101) }, '`body` must be at most 100 characters'],
  ])("create_chatads_ad keeps the platform's creative limits (title 3-50, body up to 100): refuses %o", async (bad, message) => {
    const group = ((await callToolOk(apiKey, 'list_chatads_ad_groups', { status_filter: ['active'] })).structured!.ad_groups as Row[])[0];
    const base = { ad_group_id: group.id, name: 'Limits', headline: 'Fits', body: 'Fits', landing_url: 'https://www.example.com' };
    const result = await callTool(apiKey, 'create_chatads_ad', { ...base, ...bad });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
    const fits = await callTool(apiKey, 'create_chatads_ad', { ...base, headline: 'x'.repeat(50), body: 'x'.repeat(100), dry_run: true });
    expect(fits.status).toBe(200);
  });

  it.each(['create_chatads_ad', 'launch_chatads_ad'])(
    "%s keeps the platform's ad name limit (3-1000 characters): 2 are a 400 naming it, 3 pass",
    async (tool) => {
      const group = ((await callToolOk(apiKey, 'list_chatads_ad_groups', { status_filter: ['active'] })).structured!.ad_groups as Row[])[0];
      const card = { headline: 'Fits', body: 'Fits', landing_url: 'https://www.example.com', dry_run: true };
      const args = (name: string) =>
        tool === 'create_chatads_ad'
          ? { ...card, ad_group_id: group.id, name }
          : {
              ...card,
              campaign_name: 'Name limit',
              budget: 1000,
              max_cpm_bid: 12,
              image_url: 'https://cdn.example.com/card.png',
              ad_name: name,
            };
      const short = await callTool(apiKey, tool, args('ab'));
      expect(short.status).toBe(400);
      expect(short.body.structured_content).toMatchObject({ code: 'invalid_arguments' });
      expect(short.body.error).toContain(`\`${tool === 'create_chatads_ad' ? 'name' : 'ad_name'}\` must be at least 3 characters`);
      expect((await callTool(apiKey, tool, args('abc'))).status).toBe(200);
    },
  );

  it('create_chatads_ad_group is planned: a dry run names the ad group and creates nothing', async () => {
    const campaign = (
      (await callToolOk(apiKey, 'list_chatads_campaigns', { status_filter: ['paused'] })).structured!.campaigns as Row[]
    )[0];
    const dry = await callToolOk(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign.id,
      name: 'Dry group',
      max_bid: 2,
      dry_run: true,
    });
    expect(dry.structured!.changes[0]).toMatchObject({ action: 'create', entity: 'ad_group', name: 'Dry group', startsPaused: true });
    const groups = (await callToolOk(apiKey, 'list_chatads_ad_groups', { campaign_id: campaign.id })).structured!.ad_groups as Row[];
    expect(groups.map((g) => g.name)).not.toContain('Dry group');
  });

  it('create_chatads_ad adds a paused chat card with its uploaded image; archived ad groups refuse', async () => {
    const ad = await activeAd();
    const created = await callToolOk(apiKey, 'create_chatads_ad', {
      ad_group_id: ad.ad_group_id,
      name: 'Card 3',
      headline: 'Light tents',
      body: 'Two-person tents under 1 kg.',
      landing_url: 'https://www.example.com/tents',
      image_url: 'https://cdn.example.com/tent.png',
    });
    expect(created.structured!.ad).toMatchObject({ status: 'paused', ad_group_id: ad.ad_group_id, type: 'chat_card' });
    expect(created.structured!.ad.image_file_id).toMatch(/^file_/);
    const listed = (await callToolOk(apiKey, 'list_chatads_ads', { ad_group_id: ad.ad_group_id })).structured!.ads as Row[];
    expect(listed.map((a) => a.id)).toContain(created.structured!.ad.id);
    const archivedGroup = (
      (await callToolOk(apiKey, 'list_chatads_ad_groups', { status_filter: ['archived'] })).structured!.ad_groups as Row[]
    )[0];
    const refused = await callTool(apiKey, 'create_chatads_ad', {
      ad_group_id: archivedGroup.id,
      name: 'xyz',
      headline: 'xyz',
      body: 'x',
      landing_url: 'https://www.example.com',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('archived');
    const badImage = await callTool(apiKey, 'create_chatads_ad', {
      ad_group_id: ad.ad_group_id,
      name: 'xyz',
      headline: 'xyz',
      body: 'x',
      landing_url: 'https://www.example.com',
      image_url: 'https://cdn.example.com/tent.gif',
    });
    expect(badImage.body.error).toContain('PNG, JPEG or WebP');
    const http = await callTool(apiKey, 'create_chatads_ad', {
      ad_group_id: ad.ad_group_id,
      name: 'xyz',
      headline: 'xyz',
      body: 'x',
      landing_url: 'http://www.example.com',
    });
    expect(http.body.error).toContain('`landing_url` must be an HTTPS URL');
  });

  it('launch_chatads_ad creates campaign, ad group, image and ad; a retry after a failure resumes without duplicates', async () => {
    const account = env.accounts.chatads![0];
    const args = {
      campaign_name: 'Launch Test',
      bidding_type: 'clicks',
      budget: 2000,
      daily_budget: 50,
      max_bid: 1.5,
      context_hints: ['best rain jacket'],
      headline: 'Stay dry',
      body: 'Rain jackets tested in storms.',
      landing_url: 'https://www.example.com/rain',
      image_url: 'https://cdn.example.com/rain.jpg',
    };
    const dry = await callToolOk(apiKey, 'launch_chatads_ad', { ...args, dry_run: true });
    expect(dry.structured!.changes.map((c: Row) => c.entity)).toEqual(['campaign', 'ad_group', 'image', 'ad']);
    await injectSandboxFailure(account, 'create_ad', 1);
    const failed = await callTool(apiKey, 'launch_chatads_ad', args);
    expect(failed.status).toBe(500);
    const retried = await callToolOk(apiKey, 'launch_chatads_ad', args);
    const store = new SandboxStore('chatads', account.account_id);
    const campaigns = (await store.list<Row & { id: string }>('campaign')).filter((c) => c.name === 'Launch Test');
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0].status).toBe('paused');
    expect((await store.list<Row & { id: string }>('ad_group')).filter((g) => g.campaign_id === campaigns[0].id)).toHaveLength(1);
    expect((await store.list<Row & { id: string }>('image')).filter((i) => i.url === args.image_url)).toHaveLength(1);
    expect(retried.structured).toMatchObject({ campaign_id: campaigns[0].id, status: 'paused' });
    const ad = await callToolOk(apiKey, 'get_chatads_ad', { ad_id: retried.structured!.ad_id });
    expect(ad.structured!.ad).toMatchObject({
      campaign_id: campaigns[0].id,
      headline: 'Stay dry',
      image_file_id: retried.structured!.image_file_id,
    });
    const noBid = await callTool(apiKey, 'launch_chatads_ad', { ...args, max_bid: undefined });
    expect(noBid.body.error).toContain('click billing needs `max_bid`');
  });
});
