import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { campaignsByName } from './helpers';

useTestTables();

describe('Tool: update_campaign', () => {
  let apiKey: string;
  let customerId: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    customerId = owner.accounts.searchads![0]!.account_id;
    campaigns = await campaignsByName(apiKey);
  });

  it('changes status, budget and name, shows before → after, and list_campaigns sees it', async () => {
    const display = campaigns['Display - Remarketing']!;
    const data = await callToolOk(apiKey, 'update_campaign', {
      campaign_id: display.id,
      status: 'ENABLED',
      budget_amount: 55.5,
      name: 'Display - Remarketing v2',
    });
    expect(data.text).toContain('| status | PAUSED | ENABLED |');
    expect(data.text).toContain('| budget_amount (daily) | 40.00 | 55.50 |');
    const after = (await campaignsByName(apiKey))['Display - Remarketing v2']!;
    expect(after).toMatchObject({ id: display.id, status: 'ENABLED', budget_amount: 55.5 });
    // And back to PAUSED.
    await callToolOk(apiKey, 'update_campaign', { campaign_id: display.id, status: 'PAUSED' });
    expect((await campaignsByName(apiKey))['Display - Remarketing v2']!.status).toBe('PAUSED');
  });

  it('adds free-text and constant locations and removes a criterion, visible in get_campaign_targeting', async () => {
    const competitor = campaigns['Competitor Terms']!;
    const chicago = `customers/${customerId}/campaignCriteria/${competitor.id}~1016367`;
    const data = await callToolOk(apiKey, 'update_campaign', {
      campaign_id: competitor.id,
      locations_to_add: ['Austin, TX', 'geoTargetConstants/1027744'],
      locations_to_remove: [chicago],
    });
    expect(data.structured!.locations_removed).toEqual([chicago]);
    const targeting = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: competitor.id });
    const ids = (targeting.structured!.locations as { criterion_id: string }[]).map((l) => l.criterion_id).sort();
    expect(ids).toEqual(['1013962', '1023191', '1026201', '1027744']);
  });

  it('rejects a location criterion that does not exist, changing nothing', async () => {
    const competitor = campaigns['Competitor Terms']!;
    const before = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: competitor.id });
    const result = await callTool(apiKey, 'update_campaign', {
      campaign_id: competitor.id,
      budget_amount: 99,
      locations_to_remove: [`customers/${customerId}/campaignCriteria/${competitor.id}~2276`],
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`locations_to_remove[0]`');
    expect(result.body.error).toContain('is not a location criterion of this campaign');
    const after = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: competitor.id });
    expect(after.structured!.locations).toEqual(before.structured!.locations);
    expect((await campaignsByName(apiKey))['Competitor Terms']!.budget_amount).toBe(80);
  });

  it('rejects criterion names of another customer, another campaign, or the wrong shape', async () => {
    const competitor = campaigns['Competitor Terms']!;
    const other = await callTool(apiKey, 'update_campaign', {
      campaign_id: competitor.id,
      locations_to_remove: [`customers/1111111111/campaignCriteria/${competitor.id}~1023191`],
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toContain('names customer 1111111111');
    const campaign = await callTool(apiKey, 'update_campaign', {
      campaign_id: competitor.id,
      locations_to_remove: [`customers/${customerId}/campaignCriteria/123~1023191`],
    });
    expect(campaign.status).toBe(400);
    expect(campaign.body.error).toContain('`locations_to_remove[0]` belongs to campaign 123');
    const shape = await callTool(apiKey, 'update_campaign', {
      campaign_id: competitor.id,
      locations_to_remove: ['geoTargetConstants/2840'],
    });
    expect(shape.status).toBe(400);
    expect(shape.body.error).toContain('`locations_to_remove[0]` must be a criterion resource name');
  });

  it('rejects a location that matches nothing', async () => {
    const result = await callTool(apiKey, 'update_campaign', {
      campaign_id: campaigns['Competitor Terms']!.id,
      locations_to_add: ['Atlantis'],
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`locations_to_add[0]` "Atlantis" matches no location');
  });

  it('treats language_codes as a no-op with a note on Search, and replaces them on Performance Max', async () => {
    const brand = campaigns['Brand - Exact']!;
    const search = await callToolOk(apiKey, 'update_campaign', { campaign_id: brand.id, language_codes: ['de'] });
    expect(search.structured!.changed).toBe(false);
    expect(search.text).toContain('only Performance Max still honors it');
    const brandTargeting = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: brand.id });
    expect((brandTargeting.structured!.languages as { code: string }[]).map((l) => l.code)).toEqual(['en']);

    const pmax = campaigns['Performance Max - All Products']!;
    await callToolOk(apiKey, 'update_campaign', { campaign_id: pmax.id, language_codes: ['es', 'languageConstants/1001'] });
    const pmaxTargeting = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: pmax.id });
    expect((pmaxTargeting.structured!.languages as { code: string }[]).map((l) => l.code)).toEqual(['es', 'de']);
  });

  it('rejects an unsupported language code', async () => {
    const result = await callTool(apiKey, 'update_campaign', { campaign_id: campaigns['Brand - Exact']!.id, language_codes: ['xx'] });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`language_codes[0]` "xx" is not a supported language');
  });

  it('ignores ai_max_enabled on non-Search campaigns with a note, applies it on Search', async () => {
    const shopping = campaigns['Shopping - Footwear']!;
    const ignored = await callToolOk(apiKey, 'update_campaign', { campaign_id: shopping.id, ai_max_enabled: true });
    expect(ignored.structured!.changed).toBe(false);
    expect(ignored.text).toContain('`ai_max_enabled` applies to Search campaigns only');
    const applied = await callToolOk(apiKey, 'update_campaign', {
      campaign_id: campaigns['Generic - Hiking Boots']!.id,
      ai_max_enabled: true,
      audience_targeting_mode: 'TARGETING',
    });
    expect(applied.text).toContain('| ai_max_enabled | false | true |');
    const targeting = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: campaigns['Generic - Hiking Boots']!.id });
    expect(targeting.structured!.audience_targeting_mode).toBe('TARGETING');
  });

  it('rejects target_partner_search_network on a non-partner account and accepts it on a partner account', async () => {
    const brand = campaigns['Brand - Exact']!;
    const refused = await callTool(apiKey, 'update_campaign', { campaign_id: brand.id, target_partner_search_network: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('only available to partner accounts');
    await new SandboxStore('searchads', customerId).update('settings', 'account', { is_partner_account: true });
    const accepted = await callToolOk(apiKey, 'update_campaign', {
      campaign_id: brand.id,
      target_partner_search_network: true,
      target_youtube: true,
    });
    expect(accepted.text).toContain('| target_partner_search_network | false | true |');
    expect(accepted.text).toContain('| target_youtube | false | true |');
  });

  it('replaces and clears custom parameters, tracking template and final URL suffix', async () => {
    const brand = campaigns['Brand - Exact']!;
    const set = await callToolOk(apiKey, 'update_campaign', {
      campaign_id: brand.id,
      url_custom_parameters: [{ key: 'promo', value: 'spring26' }],
      final_url_suffix: 'utm_source=sa',
    });
    expect(set.text).toContain('{_promo}=spring26');
    const cleared = await callToolOk(apiKey, 'update_campaign', {
      campaign_id: brand.id,
      url_custom_parameters: [],
      tracking_url_template: '',
      final_url_suffix: '',
    });
    const settings = Object.fromEntries(
      (cleared.structured!.changes as { setting: string; after: string }[]).map((c) => [c.setting, c.after]),
    );
    expect(settings).toMatchObject({
      url_custom_parameters: '(cleared)',
      tracking_url_template: '(cleared)',
      final_url_suffix: '(cleared)',
    });
    const stored = await new SandboxStore('searchads', customerId).get<{
      id: string;
      tracking_url_template?: string;
      url_custom_parameters: unknown[];
    }>('campaign', brand.id);
    expect(stored!.tracking_url_template).toBeUndefined();
    expect(stored!.url_custom_parameters).toEqual([]);
  });

  it('rejects custom parameter keys that are not lowercase alphanumeric, and duplicate keys', async () => {
    const brand = campaigns['Brand - Exact']!;
    const braces = await callTool(apiKey, 'update_campaign', {
      campaign_id: brand.id,
      url_custom_parameters: [{ key: '{_Promo}', value: 'x' }],
    });
    expect(braces.status).toBe(400);
    expect(braces.body.error).toContain('`url_custom_parameters[0].key` must be lowercase letters and digits only');
    const dupes = await callTool(apiKey, 'update_campaign', {
      campaign_id: brand.id,
      url_custom_parameters: [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ],
    });
    expect(dupes.status).toBe(400);
    expect(dupes.body.error).toContain('has the key "a" twice');
  });

  it('rejects a tracking template without {lpurl}', async () => {
    const result = await callTool(apiKey, 'update_campaign', {
      campaign_id: campaigns['Brand - Exact']!.id,
      tracking_url_template: 'https://track.example/?x=1',
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`tracking_url_template` must be empty');
  });

  it('requires at least one change, a positive budget and a known status', async () => {
    const id = campaigns['Brand - Exact']!.id;
    const none = await callTool(apiKey, 'update_campaign', { campaign_id: id });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('give at least one setting to change');
    const budget = await callTool(apiKey, 'update_campaign', { campaign_id: id, budget_amount: 0 });
    expect(budget.status).toBe(400);
    expect(budget.body.error).toContain('`budget_amount` must be greater than 0');
    const status = await callTool(apiKey, 'update_campaign', { campaign_id: id, status: 'REMOVED' });
    expect(status.status).toBe(400);
    expect(status.body.error).toContain('`status` must be one of');
  });

  it('refuses to change a removed campaign', async () => {
    const result = await callTool(apiKey, 'update_campaign', { campaign_id: campaigns['Holiday 2025 - Search']!.id, status: 'ENABLED' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('is REMOVED');
  });
});
