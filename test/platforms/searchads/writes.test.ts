import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';

useTestTables();

describe('searchads write tools', () => {
  let apiKey: string;
  let customerId: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  let groups: Awaited<ReturnType<typeof adGroupsByName>>;
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    customerId = owner.accounts.searchads![0]!.account_id;
    campaigns = await campaignsByName(apiKey);
    groups = await adGroupsByName(apiKey);
  });

  describe('Tool: add_callout_extensions', () => {
    it('adds callouts as library assets linked to the campaign, noting the 4-8 recommendation', async () => {
      const competitor = campaigns['Competitor Terms']!;
      const data = await callToolOk(apiKey, 'add_callout_extensions', {
        campaign_id: competitor.id,
        callouts: ['Free Shipping Over $50', 'Made in Portland'],
      });
      const added = data.structured!.added as { text: string; new_asset: boolean; resource_name: string }[];
      expect(added.map((a) => a.text)).toEqual(['Free Shipping Over $50', 'Made in Portland']);
      // The first text already exists in the library and is reused; the second is a new asset.
      expect(added.map((a) => a.new_asset)).toEqual([false, true]);
      expect(data.structured!.total_callouts).toBe(2);
      expect(data.text).toContain('4-8 are recommended');
      // Adding the same again is harmless.
      const again = await callToolOk(apiKey, 'add_callout_extensions', {
        campaign_id: competitor.id,
        callouts: ['Made in Portland', 'Lifetime Warranty', 'Expert Fit Advice', 'Vegan Leather Options'],
      });
      expect(again.structured!.skipped_existing).toEqual(['Made in Portland']);
      expect(again.structured!.total_callouts).toBe(5);
      expect(again.text).not.toContain('are recommended');
      // Written callouts read back with the campaign's structure.
      const structure = await callToolOk(apiKey, 'get_campaign_structure', { campaign_id: competitor.id });
      expect((structure.structured!.callouts as { text: string }[]).map((c) => c.text).sort()).toEqual([
        'Expert Fit Advice',
        'Free Shipping Over $50',
        'Lifetime Warranty',
        'Made in Portland',
        'Vegan Leather Options',
      ]);
      expect(structure.text).toContain('**Callouts:**');
    });

    it('rejects callouts over 25 characters, calls to action and a final period, each named', async () => {
      const result = await callTool(apiKey, 'add_callout_extensions', {
        campaign_id: campaigns['Brand - Exact']!.id,
        callouts: ['This callout is far too long for it', 'Buy Now', 'Call Us Today', 'Free Returns.', 'Clicks Are Great'],
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`callouts[0]` must be at most 25 characters');
      expect(result.body.error).toContain('`callouts[1]` must not be a call to action (found "Buy"');
      expect(result.body.error).toContain('`callouts[2]` must not be a call to action (found "Call"');
      expect(result.body.error).toContain('`callouts[3]` must not end with a period');
      // "Clicks" is not the word "click".
      expect(result.body.error).not.toContain('`callouts[4]`');
    });

    it('rejects an unknown campaign', async () => {
      const result = await callTool(apiKey, 'add_callout_extensions', { campaign_id: '42', callouts: ['Free Returns'] });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('"42"');
    });
  });

  describe('Tool: update_campaign_dates', () => {
    it('moves the start of a campaign that has not started and sets its end date', async () => {
      const launch = campaigns['Search - Summer Sandals Launch']!;
      const start = addDays(isoDate(new Date()), 7);
      const end = addDays(start, 30);
      const data = await callToolOk(apiKey, 'update_campaign_dates', { campaign_id: launch.id, start_date: start, end_date: end });
      expect(data.structured!.after).toEqual({ start_date: start, end_date: end });
      const after = (await campaignsByName(apiKey))['Search - Summer Sandals Launch']!;
      expect(after).toMatchObject({ start_date: start, end_date: end });
      // An empty end date makes it open-ended.
      await callToolOk(apiKey, 'update_campaign_dates', { campaign_id: launch.id, end_date: '' });
      expect((await campaignsByName(apiKey))['Search - Summer Sandals Launch']!.end_date).toBeUndefined();
    });

    it('rejects a start date in the past for a campaign that has not started', async () => {
      const launch = campaigns['Search - Summer Sandals Launch']!;
      const result = await callTool(apiKey, 'update_campaign_dates', {
        campaign_id: launch.id,
        start_date: addDays(isoDate(new Date()), -3),
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`start_date`');
      expect(result.body.error).toContain('is in the past');
    });

    it('rejects a new start date for a campaign that has started', async () => {
      const brand = campaigns['Brand - Exact']!;
      const result = await callTool(apiKey, 'update_campaign_dates', {
        campaign_id: brand.id,
        start_date: addDays(isoDate(new Date()), 5),
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('cannot be changed');
    });

    it('rejects an end date that is not after the start date, and malformed dates', async () => {
      const launch = campaigns['Search - Summer Sandals Launch']!;
      const order = await callTool(apiKey, 'update_campaign_dates', {
        campaign_id: launch.id,
        start_date: '2030-05-10',
        end_date: '2030-05-10',
      });
      expect(order.status).toBe(400);
      expect(order.body.error).toContain('`end_date` (2030-05-10) must be after `start_date` (2030-05-10)');
      const existingStart = await callTool(apiKey, 'update_campaign_dates', {
        campaign_id: campaigns['Brand - Exact']!.id,
        end_date: '2020-01-01',
      });
      expect(existingStart.status).toBe(400);
      expect(existingStart.body.error).toContain('must be after the start date');
      const format = await callTool(apiKey, 'update_campaign_dates', { campaign_id: launch.id, end_date: '10/05/2030' });
      expect(format.status).toBe(400);
      expect(format.body.error).toContain('`end_date` must be a date in the form YYYY-MM-DD');
      const nothing = await callTool(apiKey, 'update_campaign_dates', { campaign_id: launch.id });
      expect(nothing.status).toBe(400);
      expect(nothing.body.error).toContain('give `start_date`, `end_date` or both');
    });
  });

  describe('Tool: add_ad_group_audiences', () => {
    it('adds segments of every kind (ids and resource names), visible in get_campaign_targeting', async () => {
      const group = groups['Hiking Boots - Women']!;
      const lists = await callToolOk(apiKey, 'search_audiences', { types: ['USER_LIST', 'CUSTOM'] });
      const segments = lists.structured!.segments as { id: string; type: string; resource_name: string; name: string }[];
      const userList = segments.find((s) => s.type === 'USER_LIST' && s.name.startsWith('Purchasers'))!;
      const custom = segments.find((s) => s.type === 'CUSTOM')!;
      const data = await callToolOk(apiKey, 'add_ad_group_audiences', {
        ad_group_id: group.id,
        in_market_audiences: ['80443'],
        affinity_audiences: ['userInterests/92001'],
        custom_audiences: [custom.id],
        user_lists: [userList.resource_name],
      });
      expect((data.structured!.added as unknown[]).length).toBe(4);
      expect(data.text).toContain('OBSERVATION');
      const targeting = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: group.campaign_id });
      const onGroup = (targeting.structured!.audiences as { ad_group_id: string; audience_id: string }[])
        .filter((a) => a.ad_group_id === group.id)
        .map((a) => a.audience_id);
      expect(onGroup.sort()).toEqual(['80443', '92001', custom.id, userList.id].sort());
    });

    it('rejects unknown ids and segments passed in the wrong field, adding nothing', async () => {
      const group = groups['Brand - Core']!;
      const result = await callTool(apiKey, 'add_ad_group_audiences', { ad_group_id: group.id, in_market_audiences: ['92001', '55555'] });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain(
        '`in_market_audiences[0]` "92001" (Outdoor Enthusiasts) is an AFFINITY segment; pass it in `affinity_audiences`',
      );
      expect(result.body.error).toContain('`in_market_audiences[1]` "55555" is not a known');
      const targeting = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: group.campaign_id });
      expect((targeting.structured!.audiences as { ad_group_id: string }[]).filter((a) => a.ad_group_id === group.id)).toEqual([]);
    });

    it('requires at least one audience', async () => {
      const result = await callTool(apiKey, 'add_ad_group_audiences', { ad_group_id: groups['Brand - Core']!.id, user_lists: [] });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('give at least one audience');
    });

    it('refuses a removed ad group', async () => {
      const result = await callTool(apiKey, 'add_ad_group_audiences', {
        ad_group_id: groups['Trail Runners (retired)']!.id,
        in_market_audiences: ['80443'],
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('is REMOVED');
    });
  });

  describe('Tool: remove_call_assets', () => {
    it('unlinks one call asset from this campaign only; the library and other campaigns keep it', async () => {
      const brand = campaigns['Brand - Exact']!;
      const generic = campaigns['Generic - Hiking Boots']!;
      const before = await callToolOk(apiKey, 'list_call_assets', { campaign_id: brand.id });
      const shared = (before.structured!.call_assets as { id: string; linked_campaigns: { campaign_id: string }[] }[]).find((a) =>
        a.linked_campaigns.some((l) => l.campaign_id === generic.id),
      )!;
      const data = await callToolOk(apiKey, 'remove_call_assets', {
        campaign_id: brand.id,
        asset_ids: [`customers/${customerId}/assets/${shared.id}`],
      });
      expect(data.structured!.remaining).toBe(1);
      const library = await callToolOk(apiKey, 'list_call_assets', {});
      const still = (library.structured!.call_assets as { id: string; linked_campaigns: { campaign_id: string }[] }[]).find(
        (a) => a.id === shared.id,
      )!;
      expect(still.linked_campaigns.map((l) => l.campaign_id)).toEqual([generic.id]);
    });

    it('unlinks ALL call assets of the campaign when asset_ids is omitted', async () => {
      const brand = campaigns['Brand - Exact']!;
      const data = await callToolOk(apiKey, 'remove_call_assets', { campaign_id: brand.id });
      expect((data.structured!.removed as unknown[]).length).toBe(1);
      const linked = await callToolOk(apiKey, 'list_call_assets', { campaign_id: brand.id });
      expect(linked.structured!.call_assets).toEqual([]);
      const library = await callToolOk(apiKey, 'list_call_assets', {});
      expect((library.structured!.call_assets as unknown[]).length).toBe(4);
      const again = await callToolOk(apiKey, 'remove_call_assets', { campaign_id: brand.id });
      expect(again.text).toContain('nothing changed');
    });

    it('rejects an asset that is not linked to the campaign', async () => {
      const generic = campaigns['Generic - Hiking Boots']!;
      const library = await callToolOk(apiKey, 'list_call_assets', {});
      const unlinked = (library.structured!.call_assets as { id: string; linked_campaigns: unknown[] }[]).find(
        (a) => a.linked_campaigns.length === 0,
      )!;
      const result = await callTool(apiKey, 'remove_call_assets', { campaign_id: generic.id, asset_ids: [unlinked.id] });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('is not linked to this campaign');
      const empty = await callTool(apiKey, 'remove_call_assets', { campaign_id: generic.id, asset_ids: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toContain('`asset_ids` must list at least one asset');
    });
  });

  describe('Tool: resume_ad_group', () => {
    it('resumes a paused ad group of a Display campaign, then is a no-op', async () => {
      const group = groups['Site Visitors 90d']!;
      expect(group.status).toBe('PAUSED');
      // A dry run answers the plan and changes nothing.
      const preview = await callToolOk(apiKey, 'resume_ad_group', { ad_group_id: group.id, dry_run: true });
      expect(preview.structured).toMatchObject({
        dry_run: true,
        changes: [{ action: 'update', entity: 'ad_group', id: group.id, fields: { status: { before: 'PAUSED', after: 'ENABLED' } } }],
      });
      expect(preview.text).toContain('Nothing was changed');
      expect((await adGroupsByName(apiKey))['Site Visitors 90d']!.status).toBe('PAUSED');
      const data = await callToolOk(apiKey, 'resume_ad_group', { ad_group_id: group.id });
      expect(data.structured).toMatchObject({ previous_status: 'PAUSED', status: 'ENABLED', changed: true });
      // Its campaign is paused: the answer says the group will not serve yet.
      expect(data.text).toContain('is PAUSED');
      expect((await adGroupsByName(apiKey))['Site Visitors 90d']!.status).toBe('ENABLED');
      const again = await callToolOk(apiKey, 'resume_ad_group', { ad_group_id: group.id });
      expect(again.structured!.changed).toBe(false);
      expect(again.text).toContain('already enabled');
    });

    it('answers 400 for a removed ad group', async () => {
      const result = await callTool(apiKey, 'resume_ad_group', { ad_group_id: groups['Trail Runners (retired)']!.id });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('is REMOVED and cannot be resumed');
    });

    it('answers 400 for an unknown ad group', async () => {
      const result = await callTool(apiKey, 'resume_ad_group', { ad_group_id: '777' });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('"777"');
    });
  });
});
