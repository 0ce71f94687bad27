import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;
let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createTestOwner({}));
});

describe('Tool: get_campaign_spec', () => {
  it('lists the flows of a platform when campaign_type is omitted', async () => {
    const data = await callToolOk(apiKey, 'get_campaign_spec', { platform: 'searchads' });
    expect((data.structured!.campaign_types as Row[]).map((t) => t.campaign_type)).toEqual(['search', 'pmax', 'display', 'video']);
    expect(data.text).toContain('| campaign_type |');
    const pro = await callToolOk(apiKey, 'get_campaign_spec', { platform: 'proads' });
    expect((pro.structured!.campaign_types as Row[]).map((t) => t.campaign_type)).toEqual([
      'proads_image',
      'proads_video',
      'proads_carousel',
      'proads_text',
    ]);
  });

  it('returns the real limits for a search campaign, consistent with the tools', async () => {
    const data = await callToolOk(apiKey, 'get_campaign_spec', { platform: 'searchads', campaign_type: 'search' });
    const limits = data.structured!.character_limits;
    expect(limits.headline).toMatchObject({ max: 30, items: '3-15 per ad' });
    expect(limits.description).toMatchObject({ max: 90, items: '2-4 per ad' });
    expect(limits.callout.max).toBe(25);
    expect(data.structured!.enums.keyword_match_type).toEqual(['BROAD', 'PHRASE', 'EXACT']);
    expect(data.text).toContain('### Character limits');
    const pmax = await callToolOk(apiKey, 'get_campaign_spec', { platform: 'searchads', campaign_type: 'performance_max' });
    expect(pmax.structured!.campaign_type).toBe('pmax');
    expect(pmax.structured!.character_limits.long_headline.max).toBe(90);
  });

  it('accepts the _ads spelling and per-platform aliases', async () => {
    const tiktok = await callToolOk(apiKey, 'get_campaign_spec', { platform: 'shortvideo_ads', campaign_type: 'shortvideo' });
    expect(tiktok.structured!.platform).toBe('shortvideo');
    expect(tiktok.structured!.character_limits.ad_text).toMatchObject({ min_chars: 1, max: 100 });
    expect(tiktok.structured!.character_limits.display_name.max).toBe(40);
    expect(tiktok.structured!.asset_requirements.video).toContain('5-60 seconds');
    const social = await callToolOk(apiKey, 'get_campaign_spec', { platform: 'SOCIALADS', campaign_type: 'carousel' });
    expect(social.structured!.character_limits.card_description.max).toBe(20);
    expect(social.structured!.asset_requirements.cards).toContain('2-10');
    const pro = await callToolOk(apiKey, 'get_campaign_spec', { platform: 'proads_ads', campaign_type: 'image' });
    expect(pro.structured!.campaign_type).toBe('proads_image');
    expect(pro.structured!.character_limits.introductory_text.max).toBe(600);
    expect(pro.structured!.character_limits.headline.max).toBe(200);
  });

  it('rejects unknown platforms and campaign types, listing the valid ones', async () => {
    const platform = await callTool(apiKey, 'get_campaign_spec', { platform: 'retailads' });
    expect(platform.status).toBe(400);
    expect(platform.body.error).toContain('`platform` must be one of');
    const type = await callTool(apiKey, 'get_campaign_spec', { platform: 'socialads', campaign_type: 'pmax' });
    expect(type.status).toBe(400);
    expect(type.body.error).toContain('`campaign_type` "pmax" is not a socialads campaign type; use one of image, video, carousel');
    const missing = await callTool(apiKey, 'get_campaign_spec', {});
    expect(missing.body.error).toContain('`platform` is required');
  });
});
