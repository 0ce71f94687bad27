/**
 * add_search_campaign_image on a sandbox account and on a live one (fake search platform): library
 * images and downloaded ones become campaign assets of a Search campaign (marketing images and the
 * business logo), the platform's size and count rules are refused with a message, and a second call
 * adds nothing.
 */
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { campaignsByName } from './helpers';
import { startImageHost } from './image-host';
import { liveOwner, useFakeSearchPlatform } from './live-support';

useTestTables();
const platform = useFakeSearchPlatform();

type Structured = Record<string, any>;
let host: Awaited<ReturnType<typeof startImageHost>>;
beforeAll(async () => {
  host = await startImageHost();
});
afterAll(async () => host.close());

for (const mode of ['sandbox', 'live'] as const) {
  describe(`add_search_campaign_image (${mode})`, () => {
    let apiKey: string;
    let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
    beforeAll(async () => {
      apiKey = mode === 'sandbox' ? (await createTestOwner({ accounts: { searchads: 1 } })).apiKey : (await liveOwner(platform)).apiKey;
      campaigns = await campaignsByName(apiKey);
    });
    const search = () => Object.values(campaigns).find((c) => c.type === 'SEARCH' && c.status === 'ENABLED')!;

    it('attaches a downloaded landscape image and a square logo; a second call skips them', async () => {
      const images = [{ image_url: `${host.url}/landscape.png` }, { image_url: `${host.url}/logo.png`, use: 'LOGO' }];
      const dry = await callToolOk(apiKey, 'add_search_campaign_image', { campaign_id: search().id, images, dry_run: true });
      expect(dry.structured!.changes.filter((c: Structured) => c.entity === 'campaign_asset')).toHaveLength(2);
      const data = await callToolOk(apiKey, 'add_search_campaign_image', { campaign_id: search().id, images });
      const s = data.structured!;
      expect(s.results.map((r: Structured) => [r.use, r.result, r.new_asset])).toEqual([
        ['MARKETING_IMAGE', 'added', true],
        ['LOGO', 'added', true],
      ]);
      expect(s.has_logo).toBe(true);
      const library = (await callToolOk(apiKey, 'discover_existing_assets', { types: ['IMAGE'] })).structured!.assets as Structured[];
      expect(library.some((a) => a.id === s.results[0].asset_id && a.width === 1200 && a.height === 628)).toBe(true);
      const again = await callToolOk(apiKey, 'add_search_campaign_image', {
        campaign_id: search().id,
        images: [{ image_url: `${host.url}/landscape.png` }],
      });
      expect(again.structured!.results[0]).toMatchObject({ result: 'skipped', reason: 'already on the campaign' });
    });

    it('refuses images the platform refuses, a second logo, other campaign types and unknown assets', async () => {
      const tiny = await callTool(apiKey, 'add_search_campaign_image', {
        campaign_id: search().id,
        images: [{ image_url: `${host.url}/tiny.png` }],
      });
      expect(tiny.status).toBe(400);
      expect(tiny.body.error).toContain('200x105');
      const portrait = await callTool(apiKey, 'add_search_campaign_image', {
        campaign_id: search().id,
        images: [{ image_url: `${host.url}/portrait.png` }],
      });
      expect(portrait.body.error).toContain('square (1:1) or landscape (1.91:1)');
      const landscapeLogo = await callTool(apiKey, 'add_search_campaign_image', {
        campaign_id: search().id,
        images: [{ image_url: `${host.url}/landscape.png`, use: 'LOGO' }],
      });
      expect(landscapeLogo.body.error).toContain('a logo must be square');
      const secondLogo = await callTool(apiKey, 'add_search_campaign_image', {
        campaign_id: search().id,
        images: [{ image_url: `${host.url}/square.jpg`, use: 'LOGO' }],
      });
      expect(secondLogo.status).toBe(400);
      expect(secondLogo.body.error).toContain('already has a business logo');
      const display = Object.values(campaigns).find((c) => c.type === 'DISPLAY')!;
      expect(
        (
          await callTool(apiKey, 'add_search_campaign_image', {
            campaign_id: display.id,
            images: [{ image_url: `${host.url}/square.jpg` }],
          })
        ).body.error,
      ).toContain('Search campaigns');
      expect(
        (await callTool(apiKey, 'add_search_campaign_image', { campaign_id: search().id, images: [{ asset_id: '1' }] })).body.error,
      ).toContain('discover_existing_assets');
      expect(
        (
          await callTool(apiKey, 'add_search_campaign_image', {
            campaign_id: search().id,
            images: [{ asset_id: '1', image_url: `${host.url}/square.jpg` }],
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await callTool(apiKey, 'add_search_campaign_image', {
            campaign_id: search().id,
            images: [
              { image_url: `${host.url}/square.jpg`, use: 'LOGO' },
              { image_url: `${host.url}/logo.png`, use: 'LOGO' },
            ],
          })
        ).body.error,
      ).toContain('one business logo');
      expect((await callTool(apiKey, 'add_search_campaign_image', { campaign_id: search().id, images: [] })).status).toBe(400);
    });
  });
}
