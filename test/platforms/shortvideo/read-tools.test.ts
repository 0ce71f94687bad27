import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { allAdGroups } from './helpers';

useTestTables();

describe('shortvideo read tools over the seeded sandbox', () => {
  it('seeds a 19-digit advertiser with campaigns of several objectives and states', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const advertiserId = accounts.shortvideo![0].account_id;
    expect(advertiserId).toMatch(/^\d{19}$/);
    const data = await callToolOk(apiKey, 'list_shortvideo_campaigns', {});
    const campaigns = data.structured!.campaigns as { id: string; objective_type: string; status: string; metrics: { spend: number } }[];
    expect(data.structured!.advertiser_id).toBe(advertiserId);
    expect(new Set(campaigns.map((c) => c.objective_type))).toEqual(expect.objectContaining({}));
    for (const objective of ['TRAFFIC', 'WEB_CONVERSIONS', 'APP_PROMOTION', 'REACH'])
      expect(campaigns.map((c) => c.objective_type)).toContain(objective);
    expect(campaigns.every((c) => /^\d{19}$/.test(c.id))).toBe(true);
    expect(campaigns.some((c) => c.status === 'PAUSED')).toBe(true);
    expect(campaigns.some((c) => c.status === 'DELETED')).toBe(false);
    const deleted = await callToolOk(apiKey, 'list_shortvideo_campaigns', { status: 'DELETED' });
    expect(deleted.structured!.campaigns).toHaveLength(1);
    const traffic = await callToolOk(apiKey, 'list_shortvideo_campaigns', { objective: 'TRAFFIC' });
    expect((traffic.structured!.campaigns as { objective_type: string }[]).every((c) => c.objective_type === 'TRAFFIC')).toBe(true);
  });

  it('lists ad groups in every state and shows one ad group with its ads', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const groups = await allAdGroups(apiKey);
    expect(new Set(groups.map((g) => g.status))).toEqual(new Set(['ENABLED', 'DISABLED', 'DELETED']));
    const withAds = groups.find((g) => g.adgroup_name === 'US 18-34 - Outdoor Interests')!;
    const data = await callToolOk(apiKey, 'get_shortvideo_ad_group', { adgroup_id: withAds.id });
    expect(data.structured!.ad_group.dayparting).toHaveLength(336);
    expect(data.structured!.ads.length).toBe(2);
    const ads = await callToolOk(apiKey, 'list_shortvideo_ads', { adgroup_id: withAds.id });
    expect(ads.structured!.total).toBe(2);
    const missing = await callTool(apiKey, 'get_shortvideo_ad_group', { adgroup_id: '1700000000000000000' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('1700000000000000000');
  });

  it('lists pixels with numeric id, alphanumeric code and events', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const data = await callToolOk(apiKey, 'list_shortvideo_pixels', {});
    const pixels = data.structured!.pixels as { pixel_id: string; pixel_code: string; events: { optimization_event: string }[] }[];
    expect(pixels.length).toBeGreaterThanOrEqual(2);
    for (const p of pixels) {
      expect(p.pixel_id).toMatch(/^\d+$/);
      expect(p.pixel_code).toMatch(/^[A-Z0-9]{20}$/);
      expect(p.pixel_code).toMatch(/[A-Z]/);
      expect(p.events.length).toBeGreaterThan(0);
    }
    expect(data.text).toContain('numeric');
  });

  it('lists instant forms with PUBLISHED and DRAFT status, and filters', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const all = await callToolOk(apiKey, 'list_shortvideo_lead_pages', {});
    const statuses = (all.structured!.lead_pages as { status: string }[]).map((p) => p.status);
    expect(statuses).toContain('PUBLISHED');
    expect(statuses).toContain('DRAFT');
    const drafts = await callToolOk(apiKey, 'list_shortvideo_lead_pages', { status: 'DRAFT' });
    expect((drafts.structured!.lead_pages as { status: string }[]).every((p) => p.status === 'DRAFT')).toBe(true);
  });

  it('lists library videos with duration, size and ratio, and pages', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const data = await callToolOk(apiKey, 'list_shortvideo_ad_videos', {});
    const videos = data.structured!.videos as { video_id: string; duration: number; size: number; ratio: string; issues: string[] }[];
    expect(videos.length).toBe(data.structured!.total);
    expect(videos.every((x) => x.video_id.startsWith('v') && x.duration > 0 && x.size > 0)).toBe(true);
    expect(videos.some((x) => x.ratio === '9:16')).toBe(true);
    const landscape = videos.find((x) => x.ratio === '16:9')!;
    expect(landscape.issues.join(' ')).toContain('9:16');
    const page = await callToolOk(apiKey, 'list_shortvideo_ad_videos', { limit: 2, offset: 1 });
    expect(page.structured!.videos).toHaveLength(2);
    expect(page.structured!.has_more).toBe(true);
  });

  it('lists custom audiences with targetability', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const data = await callToolOk(apiKey, 'list_shortvideo_custom_audiences', {});
    const audiences = data.structured!.audiences as { audience_id: string; targetable: boolean; is_expired: boolean }[];
    expect(audiences.length).toBeGreaterThanOrEqual(4);
    expect(audiences.some((a) => !a.targetable && a.is_expired)).toBe(true);
    const lookalikes = await callToolOk(apiKey, 'list_shortvideo_custom_audiences', { audience_type: 'LOOKALIKE' });
    expect((lookalikes.structured!.audiences as { audience_type: string }[]).every((a) => a.audience_type === 'LOOKALIKE')).toBe(true);
  });

  it('searches targeting ids by type and query', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const us = await callToolOk(apiKey, 'search_shortvideo_targeting', { targeting_type: 'locations', query: 'united states' });
    expect(us.structured!.results[0].id).toBe('6252001');
    const keywords = await callToolOk(apiKey, 'search_shortvideo_targeting', { targeting_type: 'interest_keywords', query: 'hiking' });
    const results = keywords.structured!.results as { id: string; name: string }[];
    expect(results.length).toBeGreaterThanOrEqual(2);
    expect(results.every((r) => /^\d+$/.test(r.id) && r.name.includes('hiking'))).toBe(true);
    expect(keywords.structured!.parameter).toBe('interest_keyword_ids');
    const bad = await callTool(apiKey, 'search_shortvideo_targeting', { targeting_type: 'hobbies', query: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('`targeting_type` must be one of');
  });
});
