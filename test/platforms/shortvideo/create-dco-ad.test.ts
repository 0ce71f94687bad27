import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupNamed } from './helpers';

useTestTables();

async function setup() {
  const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
  const dynamic = (await adGroupNamed(apiKey, 'Creative Test - Dynamic')).id;
  const videos = (
    (await callToolOk(apiKey, 'list_shortvideo_ad_videos', {})).structured!.videos as { video_id: string; duration: number }[]
  ).filter((x) => x.duration <= 60);
  return { apiKey, dynamic, videoIds: videos.map((x) => x.video_id) };
}

describe('Tool: create_shortvideo_dco_ad', () => {
  it('creates a dynamic creative in a DYNAMIC ad group; the ad is listed', async () => {
    const { apiKey, dynamic, videoIds } = await setup();
    const data = await callToolOk(apiKey, 'create_shortvideo_dco_ad', {
      adgroup_id: dynamic,
      video_ids: videoIds.slice(0, 3),
      ad_texts: ['Boots that love mud', 'Resoleable, not replaceable', 'Free returns on every pair'],
      call_to_action: 'SHOP_NOW',
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/boots',
    });
    expect(data.structured!.combinations).toBe(9);
    const ads = await callToolOk(apiKey, 'list_shortvideo_ads', { adgroup_id: dynamic });
    expect(ads.structured!.ads).toHaveLength(1);
    expect(ads.structured!.ads[0]).toMatchObject({ ad_format: 'DYNAMIC', video_ids: videoIds.slice(0, 3), review_status: 'IN_REVIEW' });
    // One dynamic creative per ad group.
    const again = await callTool(apiKey, 'create_shortvideo_dco_ad', {
      adgroup_id: dynamic,
      video_ids: [videoIds[0]],
      ad_texts: ['Another'],
      display_name: 'Northwind',
      landing_page_url: 'https://www.example.com/',
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toContain('one per ad group');
  });

  it('refuses an ad group whose creative mode is CUSTOM', async () => {
    const { apiKey, videoIds } = await setup();
    const custom = (await adGroupNamed(apiKey, 'Purchase - Broad')).id;
    const result = await callTool(apiKey, 'create_shortvideo_dco_ad', {
      adgroup_id: custom,
      video_ids: [videoIds[0]],
      ad_texts: ['Hi'],
      display_name: 'N',
      landing_page_url: 'https://www.example.com/',
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('DYNAMIC');
  });

  it('enforces the platform limits: 1-10 videos, 1-5 texts of 1-100 characters', async () => {
    const { apiKey, dynamic, videoIds } = await setup();
    const base = { adgroup_id: dynamic, display_name: 'N', landing_page_url: 'https://www.example.com/' };
    const tooMany = await callTool(apiKey, 'create_shortvideo_dco_ad', {
      ...base,
      video_ids: Array.from({ length: 11 }, (_, i) => `v${i}`),
      ad_texts: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('`video_ids` must list at most 10 videos');
    expect(tooMany.body.error).toContain('`ad_texts` must list at most 5 ad texts');
    const long = await callTool(apiKey, 'create_shortvideo_dco_ad', { ...base, video_ids: [videoIds[0]], ad_texts: ['z'.repeat(101)] });
    expect(long.body.error).toContain('`ad_texts[0]` must be at most 100 characters');
    const unknown = await callTool(apiKey, 'create_shortvideo_dco_ad', {
      ...base,
      video_ids: ['v10033g50000doesnotexist'],
      ad_texts: ['ok'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('not in the video library');
  });
});
