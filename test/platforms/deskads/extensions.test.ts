/** deskads sitelinks and callouts on campaigns and ad groups, and the change history. */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('deskads ad extensions and change history', () => {
  let apiKey: string;
  let campaignId: string;
  let adGroupId: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { deskads: 1 } })).apiKey;
    const campaigns = (await callToolOk(apiKey, 'list_deskads_campaigns', {})).structured!.campaigns as {
      id: string;
      type: string;
      name: string;
    }[];
    // Not the brand campaign: the seed gives it sitelinks and a callout already.
    campaignId = campaigns.find((c) => c.type === 'Search' && !c.name.includes('Brand'))!.id;
    adGroupId = (
      (await callToolOk(apiKey, 'list_deskads_ad_groups', { campaign_id: campaignId })).structured!.ad_groups as { id: string }[]
    )[0]!.id;
  });
  const extensions = async (args: Record<string, unknown> = {}) =>
    (await callToolOk(apiKey, 'list_deskads_ad_extensions', args)).structured!.extensions as {
      id: string;
      type: string;
      text: string;
      campaign_ids: string[];
      ad_group_ids: string[];
      status: string;
    }[];

  it('the seeded brand campaign has sitelinks and a callout', async () => {
    const seeded = await extensions();
    expect(seeded.map((e) => e.type).sort()).toEqual(['Callout', 'Sitelink', 'Sitelink']);
  });

  it('adds sitelinks to a campaign and shows them with their association; an identical one is reused on an ad group', async () => {
    const sitelinks = [
      {
        text: 'Hiking Boots',
        final_url: 'https://www.example.com/boots',
        description1: 'Waterproof leather',
        description2: 'Free returns',
      },
      { text: 'Sale 🥾🥾', final_url: 'https://www.example.com/sale' },
    ];
    const added = (await callToolOk(apiKey, 'add_deskads_sitelinks', { campaign_id: campaignId, sitelinks })).structured!;
    expect(added.results.map((r: { result: string }) => r.result)).toEqual(['added', 'added']);
    expect(added.total_of_type).toBe(2);
    const listed = (await extensions({ type_filter: 'Sitelink' })).filter((e) => e.campaign_ids.includes(campaignId));
    expect(listed.map((e) => e.text).sort()).toEqual(['Hiking Boots', 'Sale 🥾🥾']);
    expect(listed.every((e) => e.campaign_ids.includes(campaignId))).toBe(true);
    const again = (await callToolOk(apiKey, 'add_deskads_sitelinks', { campaign_id: campaignId, sitelinks: [sitelinks[0]] })).structured!;
    expect(again.results[0]).toMatchObject({ result: 'already_there' });
    const onGroup = (await callToolOk(apiKey, 'add_deskads_sitelinks', { ad_group_id: adGroupId, sitelinks: [sitelinks[0]] })).structured!;
    expect(onGroup.results[0]).toMatchObject({ result: 'reused', extension_id: added.results[0].extension_id });
    expect((await extensions({ type_filter: 'Sitelink' })).find((e) => e.id === added.results[0].extension_id)!.ad_group_ids).toEqual([
      adGroupId,
    ]);
  });

  it('adds callouts, detaches them (they stay in the library), and a dry run changes nothing', async () => {
    const added = (
      await callToolOk(apiKey, 'add_deskads_callouts', { campaign_id: campaignId, callouts: ['Free returns', '24/7 support'] })
    ).structured!;
    const ids = added.results.map((r: { extension_id: string }) => r.extension_id);
    const dry = await callToolOk(apiKey, 'remove_deskads_ad_extensions', {
      campaign_id: campaignId,
      extension_ids: [ids[0]],
      dry_run: true,
    });
    expect(dry.structured).toMatchObject({ dry_run: true });
    expect(
      (await extensions({ type_filter: 'Callout', status_filter: 'Active' }))
        .filter((e) => e.campaign_ids.includes(campaignId))
        .map((e) => e.id)
        .sort(),
    ).toEqual([...ids].sort());
    await callToolOk(apiKey, 'remove_deskads_ad_extensions', { campaign_id: campaignId, extension_ids: [ids[0]] });
    const after = await extensions({ type_filter: 'Callout' });
    expect(after.find((e) => e.id === ids[0])).toMatchObject({ status: 'Unassociated', campaign_ids: [] });
    expect(
      (await callTool(apiKey, 'remove_deskads_ad_extensions', { campaign_id: campaignId, extension_ids: [ids[0]] })).body.error,
    ).toContain('Not associated');
  });

  it.each([
    ['add_deskads_callouts', { campaign_id: '1', ad_group_id: '2', callouts: ['x'] }, 'exactly one of'],
    ['add_deskads_callouts', { callouts: ['x'] }, 'exactly one of'],
    ['add_deskads_callouts', { campaign_id: '1', callouts: ['This callout is far too long'] }, 'must be 1-25 characters'],
    ['add_deskads_callouts', { campaign_id: '1', callouts: ['Same', 'same'] }, 'same text'],
    [
      'add_deskads_sitelinks',
      { campaign_id: '1', sitelinks: [{ text: 'A', final_url: 'https://a.example.com', description1: 'only one' }] },
      'both `description1` and `description2`',
    ],
    ['add_deskads_sitelinks', { campaign_id: '1', sitelinks: [{ text: 'A', final_url: 'http://a.example.com' }] }, 'https://'],
    [
      'add_deskads_sitelinks',
      { campaign_id: '1', sitelinks: [{ text: 'A', final_url: 'https://a.example.com', description1: 'x'.repeat(36), description2: 'y' }] },
      'must be 1-35 characters',
    ],
    ['add_deskads_callouts', { campaign_id: '999999', callouts: ['x'] }, 'No campaign 999999'],
  ])('%s refuses %j with a 400', async (tool, args, message) => {
    const result = await callTool(apiKey, tool, args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('refuses more than 20 callouts on one campaign', async () => {
    await callToolOk(apiKey, 'add_deskads_callouts', {
      ad_group_id: adGroupId,
      callouts: Array.from({ length: 19 }, (_, i) => `Callout ${i}`),
    });
    const result = await callTool(apiKey, 'add_deskads_callouts', { ad_group_id: adGroupId, callouts: ['One more', 'And another'] });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('at most 20');
  });

  it('get_deskads_change_history shows a budget and a status change with old and new values', async () => {
    const campaign = (
      (await callToolOk(apiKey, 'list_deskads_campaigns', {})).structured!.campaigns as {
        id: string;
        daily_budget: number;
        status: string;
      }[]
    ).find((c) => c.id === campaignId)!;
    await callToolOk(apiKey, 'update_deskads_campaign', { campaign_id: campaignId, daily_budget: campaign.daily_budget + 5 });
    const [tool, to] = campaign.status === 'Active' ? ['pause_deskads_campaign', 'Paused'] : ['resume_deskads_campaign', 'Active'];
    await callToolOk(apiKey, tool, { campaign_id: campaignId });
    const history = (await callToolOk(apiKey, 'get_deskads_change_history', { entity_type: 'Campaign' })).structured!;
    const changes = history.changes as { entity_id: string; field: string; old_value: unknown; new_value: unknown }[];
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity_id: campaignId,
          field: 'daily_budget',
          old_value: campaign.daily_budget,
          new_value: campaign.daily_budget + 5,
        }),
        expect.objectContaining({ entity_id: campaignId, field: 'status', old_value: campaign.status, new_value: to }),
      ]),
    );
    expect((await callTool(apiKey, 'get_deskads_change_history', { end_date: '2099-01-01' })).status).toBe(400);
    expect((await callTool(apiKey, 'get_deskads_change_history', { limit: 5 })).status).toBe(400);
  });
});
