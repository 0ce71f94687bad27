import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupsByName, campaignsByName } from './helpers';

useTestTables();

describe('searchads read tools', () => {
  let apiKey: string;
  let customerId: string;
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    customerId = owner.accounts.searchads![0]!.account_id;
  });

  it('seeds a 10-digit customer with campaigns of every type and state', async () => {
    expect(customerId).toMatch(/^\d{10}$/);
    const campaigns = Object.values(await campaignsByName(apiKey));
    expect(new Set(campaigns.map((c) => c.type))).toEqual(
      new Set(['SEARCH', 'PERFORMANCE_MAX', 'DISPLAY', 'SHOPPING', 'VIDEO', 'DEMAND_GEN']),
    );
    expect(new Set(campaigns.map((c) => c.status))).toEqual(new Set(['ENABLED', 'PAUSED', 'REMOVED']));
  });

  describe('list_ad_groups', () => {
    it('hides removed ad groups by default and filters by campaign and status', async () => {
      const campaigns = await campaignsByName(apiKey);
      const generic = campaigns['Generic - Hiking Boots']!;
      const data = await callToolOk(apiKey, 'list_ad_groups', { campaign_id: generic.id });
      const groups = data.structured!.ad_groups as { status: string; campaign_id: string; metrics: { spend: number } }[];
      expect(groups.length).toBeGreaterThanOrEqual(3);
      expect(groups.every((g) => g.campaign_id === generic.id && g.status !== 'REMOVED')).toBe(true);
      const removed = await callToolOk(apiKey, 'list_ad_groups', { status: 'REMOVED' });
      expect((removed.structured!.ad_groups as { status: string }[]).length).toBeGreaterThan(0);
      expect((removed.structured!.ad_groups as { status: string }[]).every((g) => g.status === 'REMOVED')).toBe(true);
    });

    it('rejects an unknown campaign', async () => {
      const result = await callTool(apiKey, 'list_ad_groups', { campaign_id: '999' });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('999');
    });
  });

  describe('get_campaign_structure', () => {
    it('shows ad groups with responsive search ads, keywords of every match type and negatives', async () => {
      const generic = (await campaignsByName(apiKey))['Generic - Hiking Boots']!;
      const data = await callToolOk(apiKey, 'get_campaign_structure', { campaign_id: generic.id });
      const groups = data.structured!.ad_groups as {
        ads: { type: string; headlines: string[] }[];
        keywords: { match_type: string }[];
        negative_keywords: unknown[];
      }[];
      expect(groups.every((g) => g.ads.every((a) => a.type === 'RESPONSIVE_SEARCH_AD' && a.headlines.every((h) => h.length <= 30)))).toBe(
        true,
      );
      expect(new Set(groups.flatMap((g) => g.keywords.map((k) => k.match_type)))).toEqual(new Set(['EXACT', 'PHRASE', 'BROAD']));
      expect((data.structured!.campaign_negative_keywords as unknown[]).length).toBeGreaterThan(0);
      expect(groups.some((g) => g.negative_keywords.length > 0)).toBe(true);
      expect(data.text).toContain('Hiking Boots - Men');
      expect(data.text).not.toContain('Trail Runners (retired)');
    });

    it('rejects a campaign id that is not numeric', async () => {
      const result = await callTool(apiKey, 'get_campaign_structure', { campaign_id: 'abc' });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`campaign_id` must be a numeric campaign id');
    });
  });

  describe('get_campaign_targeting', () => {
    it('lists locations with criterion resource names, languages, audiences and mode', async () => {
      const competitor = (await campaignsByName(apiKey))['Competitor Terms']!;
      const data = await callToolOk(apiKey, 'get_campaign_targeting', { campaign_id: competitor.id });
      const locations = data.structured!.locations as { resource_name: string; name: string }[];
      expect(locations.map((l) => l.resource_name)).toContain(`customers/${customerId}/campaignCriteria/${competitor.id}~1023191`);
      expect(locations.find((l) => l.resource_name.endsWith('~1023191'))!.name).toBe('New York,New York,United States');
      expect(data.structured!.languages).toEqual([{ resource_name: 'languageConstants/1000', id: '1000', code: 'en', name: 'English' }]);
      expect(data.structured!.audience_targeting_mode).toBe('OBSERVATION');
    });
  });

  describe('list_call_assets', () => {
    it('lists library call assets with their campaign links, including unlinked ones', async () => {
      const data = await callToolOk(apiKey, 'list_call_assets', {});
      const assets = data.structured!.call_assets as { linked_campaigns: unknown[]; resource_name: string }[];
      expect(assets.length).toBeGreaterThanOrEqual(4);
      expect(assets.some((a) => a.linked_campaigns.length === 0)).toBe(true);
      expect(assets[0]!.resource_name).toMatch(new RegExp(`^customers/${customerId}/assets/\\d+$`));
      const brand = (await campaignsByName(apiKey))['Brand - Exact']!;
      const linked = await callToolOk(apiKey, 'list_call_assets', { campaign_id: brand.id });
      expect((linked.structured!.call_assets as unknown[]).length).toBe(2);
    });
  });

  describe('search_audiences', () => {
    it('finds segments of every kind by text and filters by type', async () => {
      const boots = await callToolOk(apiKey, 'search_audiences', { query: 'hiking' });
      const segments = boots.structured!.segments as { type: string; name: string }[];
      expect(segments.some((s) => s.type === 'IN_MARKET' && s.name === 'Hiking Boots')).toBe(true);
      expect(segments.every((s) => JSON.stringify(s).toLowerCase().includes('hiking'))).toBe(true);
      const lists = await callToolOk(apiKey, 'search_audiences', { types: ['USER_LIST'] });
      const userLists = lists.structured!.segments as { type: string; resource_name: string }[];
      expect(userLists.length).toBeGreaterThan(0);
      expect(userLists.every((s) => s.type === 'USER_LIST' && s.resource_name.startsWith(`customers/${customerId}/userLists/`))).toBe(true);
    });

    it('rejects an unknown segment type naming the field', async () => {
      const result = await callTool(apiKey, 'search_audiences', { types: ['INTERESTS'] });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`types[0]` must be one of');
      expect(result.body.error).toContain('USER_LIST');
    });
  });

  describe('list_searchads_languages', () => {
    it('lists language constants with ids and ISO codes, and filters', async () => {
      const all = await callToolOk(apiKey, 'list_searchads_languages', {});
      const languages = all.structured!.languages as { code: string; id: string; resource_name: string }[];
      expect(languages.length).toBe(47);
      expect(languages.find((l) => l.code === 'en')).toMatchObject({ id: '1000', resource_name: 'languageConstants/1000' });
      const spanish = await callToolOk(apiKey, 'list_searchads_languages', { query: 'spanish' });
      expect(spanish.structured!.languages).toEqual([expect.objectContaining({ code: 'es', id: '1003' })]);
    });
  });

  describe('resolve_searchads_locations', () => {
    it('resolves free text to geo target constants with canonical names', async () => {
      const data = await callToolOk(apiKey, 'resolve_searchads_locations', { locations: ['United States', 'Austin, TX', 'nowhereville'] });
      const results = data.structured!.results as { best_match: { resource_name: string; canonical_name: string } | null }[];
      expect(results[0]!.best_match!.resource_name).toBe('geoTargetConstants/2840');
      expect(results[1]!.best_match!.canonical_name).toBe('Austin,Texas,United States');
      expect(results[2]!.best_match).toBeNull();
      expect(data.structured!.unresolved).toEqual(['nowhereville']);
    });

    it('requires at least one location', async () => {
      const result = await callTool(apiKey, 'resolve_searchads_locations', { locations: [] });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`locations` must have at least 1 items');
    });
  });

  describe('get_display_frequency_caps', () => {
    it('returns the caps of a Display campaign', async () => {
      const display = (await campaignsByName(apiKey))['Display - Remarketing']!;
      const data = await callToolOk(apiKey, 'get_display_frequency_caps', { campaign_id: display.id });
      expect(data.structured!.frequency_caps).toEqual(
        expect.arrayContaining([expect.objectContaining({ level: 'CAMPAIGN', time_unit: 'DAY', cap: 3 })]),
      );
    });

    it('answers 400 for a campaign that is not Display', async () => {
      const search = (await campaignsByName(apiKey))['Brand - Exact']!;
      const result = await callTool(apiKey, 'get_display_frequency_caps', { campaign_id: search.id });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('only for DISPLAY campaigns');
    });
  });

  describe('get_campaign_labels', () => {
    it('lists the labels of a campaign', async () => {
      const brand = (await campaignsByName(apiKey))['Brand - Exact']!;
      const data = await callToolOk(apiKey, 'get_campaign_labels', { campaign_id: brand.id });
      expect((data.structured!.labels as { name: string }[]).map((l) => l.name).sort()).toEqual(['Brand', 'Evergreen']);
    });

    it('rejects an unknown campaign', async () => {
      const result = await callTool(apiKey, 'get_campaign_labels', { campaign_id: '123' });
      expect(result.status).toBe(400);
    });
  });

  it('has ad groups in every state', async () => {
    const groups = Object.values(await adGroupsByName(apiKey));
    expect(new Set(groups.map((g) => g.status))).toEqual(new Set(['ENABLED', 'PAUSED', 'REMOVED']));
  });
});
