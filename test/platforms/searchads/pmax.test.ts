import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { imageSize } from '../../../platforms/image-check';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { campaignsByName } from './helpers';
import { jpegOf, pngOf, startImageHost } from './image-host';

useTestTables();

const texts = {
  headlines: ['Trail Boots', 'Free Returns', 'Waterproof Gear'],
  long_headlines: ['Boots and packs tested on thousands of miles of real trails'],
  descriptions: ['Trail-tested boots.', 'Expert fit advice online and free returns on every order over $50.'],
  business_name: 'Northwind Outdoor',
};

describe('searchads Performance Max tools (sandbox)', () => {
  let apiKey: string;
  let owner: Awaited<ReturnType<typeof createTestOwner>>;
  let pmaxId: string;
  let host: Awaited<ReturnType<typeof startImageHost>>;
  let core: { id: string; name: string };
  let winter: { id: string; name: string };
  let library: { id: string; type: string; label: string; fits: string[]; text?: string }[];
  beforeAll(async () => {
    host = await startImageHost();
    owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    const campaigns = await campaignsByName(apiKey);
    pmaxId = campaigns['Performance Max - All Products']!.id;
    const groups = (await callToolOk(apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId })).structured!.asset_groups as {
      id: string;
      name: string;
    }[];
    core = groups.find((g) => g.name === 'All Products - Core')!;
    winter = groups.find((g) => g.name === 'Winter Gear')!;
    library = (await callToolOk(apiKey, 'discover_existing_assets', {})).structured!.assets as typeof library;
  });
  afterAll(() => host.close());

  const imageId = (name: string) => library.find((a) => a.type === 'IMAGE' && a.label.startsWith(name))!.id;

  it('reads image sizes from PNG and JPEG bytes', () => {
    expect(imageSize(pngOf(1200, 628))).toEqual({ format: 'PNG', width: 1200, height: 628 });
    expect(imageSize(jpegOf(640, 480))).toEqual({ format: 'JPEG', width: 640, height: 480 });
    expect(imageSize(Buffer.from('<html>'))).toBeUndefined();
  });

  describe('Tool: get_pmax_asset_groups', () => {
    it('lists the seeded asset groups with counts and ad strength', async () => {
      const data = await callToolOk(apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId });
      const groups = data.structured!.asset_groups as {
        name: string;
        status: string;
        asset_counts: Record<string, number>;
        ad_strength: string;
      }[];
      expect(groups.map((g) => [g.name, g.status])).toEqual(
        expect.arrayContaining([
          ['All Products - Core', 'ENABLED'],
          ['Winter Gear', 'PAUSED'],
        ]),
      );
      expect(groups.find((g) => g.name === 'All Products - Core')!.asset_counts).toMatchObject({
        HEADLINE: 5,
        LONG_HEADLINE: 1,
        DESCRIPTION: 2,
        BUSINESS_NAME: 1,
        LOGO: 1,
      });
      expect(data.text).toContain('All Products - Core');
    });

    it('refuses a campaign that is not Performance Max', async () => {
      const search = (await campaignsByName(apiKey))['Brand - Exact']!;
      const result = await callTool(apiKey, 'get_pmax_asset_groups', { campaign_id: search.id });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('only Performance Max campaigns have asset groups');
    });
  });

  describe('Tool: discover_existing_assets', () => {
    it('lists images with the fields they fit, texts and extensions', async () => {
      expect(library.find((a) => a.label.startsWith('boots-landscape.jpg'))!.fits).toEqual(['MARKETING_IMAGE']);
      expect(library.find((a) => a.label.startsWith('logo-square.png'))!.fits).toEqual(['SQUARE_MARKETING_IMAGE', 'LOGO']);
      expect(library.some((a) => a.type === 'CALLOUT')).toBe(true);
      const images = await callToolOk(apiKey, 'discover_existing_assets', { types: ['IMAGE'], query: 'portrait' });
      const portraits = images.structured!.assets as { type: string; label: string }[];
      expect(portraits.length).toBeGreaterThanOrEqual(1);
      expect(portraits.every((a) => a.type === 'IMAGE' && /portrait/i.test(a.label))).toBe(true);
    });

    it('refuses an unknown type', async () => {
      const result = await callTool(apiKey, 'discover_existing_assets', { types: ['GIF'] });
      expect(result.status).toBe(400);
    });
  });

  describe('Tool: help_user_upload', () => {
    it('explains hosting and the image requirements', async () => {
      const data = await callToolOk(apiKey, 'help_user_upload', { image_count: 1 });
      expect(data.text).toContain('public direct link');
      expect(data.text).toContain('validate_and_prepare_assets');
      expect(data.text).toContain('you need more');
      expect((data.structured!.requirements as { field_type: string }[]).map((r) => r.field_type)).toContain('LOGO');
    });
  });

  let bundleId: string;
  describe('Tool: validate_and_prepare_assets', () => {
    it('downloads each link, reads the real size, matches fields and packages the good ones', async () => {
      const data = await callToolOk(apiKey, 'validate_and_prepare_assets', {
        images: [
          { url: `${host.url}/landscape.png` },
          { url: `${host.url}/square.jpg` },
          { url: `${host.url}/logo.png`, field_type: 'LOGO' },
          { url: `${host.url}/tiny.png` },
          { url: `${host.url}/page.html` },
          { url: `${host.url}/private` },
          { url: `${host.url}/landscape.png`, field_type: 'SQUARE_MARKETING_IMAGE' },
        ],
      });
      const images = data.structured!.images as { url: string; ok: boolean; field_type?: string; width?: number; problems: string[] }[];
      expect(images.map((i) => [i.ok, i.field_type])).toEqual([
        [true, 'MARKETING_IMAGE'],
        [true, 'SQUARE_MARKETING_IMAGE'],
        [true, 'LOGO'],
        [false, undefined],
        [false, undefined],
        [false, undefined],
        [false, 'SQUARE_MARKETING_IMAGE'],
      ]);
      expect(images[1]!.width).toBe(1200);
      expect(images[3]!.problems.join(' ')).toContain('fits no image field');
      expect(images[4]!.problems.join(' ')).toContain('opens a web page');
      expect(images[5]!.problems.join(' ')).toContain('HTTP 403');
      expect(images[6]!.problems.join(' ')).toContain('is not 1:1');
      expect(data.structured!.usable).toBe(3);
      expect(data.structured!.missing_fields).toEqual([]);
      bundleId = data.structured!.bundle_id as string;
      expect(bundleId).toMatch(/^bnd_/);
    });

    it('refuses a link to a private network address, and packages nothing', async () => {
      // Refused with the arguments, as every URL argument of every tool is (functions/runtime/validation.ts).
      const result = await callTool(apiKey, 'validate_and_prepare_assets', { images: [{ url: 'http://10.0.0.7/a.png' }] });
      expect(result.status).toBe(400);
      expect(result.body.structured_content).toMatchObject({ code: 'invalid_arguments' });
      expect(result.body.error).toContain('`images[0].url` is refused: 10.0.0.7 is a private');
    });

    it('refuses the same link and field twice', async () => {
      const result = await callTool(apiKey, 'validate_and_prepare_assets', {
        images: [{ url: `${host.url}/a.png` }, { url: `${host.url}/a.png` }],
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('twice');
    });
  });

  let newCampaignId: string;
  let newGroupId: string;
  describe('Tool: create_pmax_campaign', () => {
    it('creates budget, campaign, asset group with assets from a bundle, signal and themes, PAUSED', async () => {
      const data = await callToolOk(apiKey, 'create_pmax_campaign', {
        name: 'PMax - Spring Launch',
        daily_budget: 75,
        bidding_strategy: 'MAXIMIZE_CONVERSION_VALUE',
        target_roas: 4,
        location_ids: ['2840'],
        final_url: 'https://www.northwind-outdoor.example/spring',
        ...texts,
        bundle_id: bundleId,
        video_ids: ['nWo7dPk2xQa'],
        audience_signal: { name: 'Hikers', in_market_audiences: ['80443'] },
        search_themes: ['spring hiking boots', 'trail shoes'],
      });
      const s = data.structured!;
      expect(s.status).toBe('PAUSED');
      expect(s.asset_counts).toMatchObject({
        HEADLINE: 3,
        LONG_HEADLINE: 1,
        DESCRIPTION: 2,
        BUSINESS_NAME: 1,
        MARKETING_IMAGE: 1,
        SQUARE_MARKETING_IMAGE: 1,
        LOGO: 1,
        YOUTUBE_VIDEO: 1,
      });
      expect([s.audience_signals, s.search_themes, s.locations]).toEqual([1, 2, 1]);
      newCampaignId = s.campaign_id as string;
      newGroupId = s.asset_group_id as string;
      // The write shows in the reads.
      const campaign = (
        (await callToolOk(apiKey, 'list_campaigns', {})).structured!.campaigns as { id: string; type: string; status: string }[]
      ).find((c) => c.id === newCampaignId)!;
      expect([campaign.type, campaign.status]).toEqual(['PERFORMANCE_MAX', 'PAUSED']);
      const themes = await callToolOk(apiKey, 'get_pmax_search_themes', { campaign_id: newCampaignId });
      expect(
        (themes.structured!.signals as { search_theme: string; approval_status: string }[])
          .map((t) => [t.search_theme, t.approval_status])
          .sort(),
      ).toEqual([
        ['spring hiking boots', 'UNDER_REVIEW'],
        ['trail shoes', 'UNDER_REVIEW'],
      ]);
      // The existing library text "Northwind Outdoor" is reused rather than duplicated.
      const again = await callToolOk(apiKey, 'discover_existing_assets', { types: ['TEXT'], query: 'Northwind Outdoor' });
      expect((again.structured!.assets as { text: string }[]).filter((a) => a.text === 'Northwind Outdoor')).toHaveLength(1);
    });

    it('a retry after a failed step resumes without duplicates', async () => {
      const account = owner.accounts.searchads![0]!;
      const images = [
        { asset_id: imageId('boots-landscape'), field_type: 'MARKETING_IMAGE' },
        { asset_id: imageId('boots-square'), field_type: 'SQUARE_MARKETING_IMAGE' },
        { asset_id: imageId('logo-square'), field_type: 'LOGO' },
      ];
      const args = {
        name: 'PMax - Retry',
        daily_budget: 30,
        final_url: 'https://www.northwind-outdoor.example/retry',
        ...texts,
        headlines: ['Retry Boots', 'Retry Returns', 'Retry Gear'],
        images,
        search_themes: ['retry boots'],
      };
      await injectSandboxFailure(account, 'create_asset_group', 1);
      const failed = await callTool(apiKey, 'create_pmax_campaign', args);
      expect(failed.status).toBe(500);
      const retried = await callToolOk(apiKey, 'create_pmax_campaign', args);
      const store = new SandboxStore('searchads', account.account_id);
      expect((await store.list<{ id: string; name: string }>('campaign')).filter((c) => c.name === 'PMax - Retry')).toHaveLength(1);
      expect((await store.list<{ id: string; text?: string }>('media_asset')).filter((a) => a.text === 'Retry Boots')).toHaveLength(1);
      expect(
        (await store.list<{ id: string; campaign_id: string }>('asset_group')).filter(
          (g) => g.campaign_id === retried.structured!.campaign_id,
        ),
      ).toHaveLength(1);
    });

    it('refuses a bundle of another account', async () => {
      const other = await createTestOwner({ accounts: { searchads: 1 } });
      const result = await callTool(other.apiKey, 'create_pmax_campaign', {
        name: 'PMax - Other',
        daily_budget: 20,
        final_url: 'https://www.example.com/',
        ...texts,
        bundle_id: bundleId,
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('is unknown');
    });

    it('refuses an asset set without the required images, naming what is missing', async () => {
      const result = await callTool(apiKey, 'create_pmax_campaign', {
        name: 'PMax - No Images',
        daily_budget: 20,
        final_url: 'https://www.example.com/',
        ...texts,
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('MARKETING_IMAGE: 0 given, at least 1 needed');
      expect(result.body.error).toContain('LOGO: 0 given, at least 1 needed');
    });

    it('refuses descriptions without a short one, a target with the wrong strategy, an unknown bundle and a duplicate name', async () => {
      const images = [
        { asset_id: imageId('boots-landscape'), field_type: 'MARKETING_IMAGE' },
        { asset_id: imageId('boots-square'), field_type: 'SQUARE_MARKETING_IMAGE' },
        { asset_id: imageId('logo-square'), field_type: 'LOGO' },
      ];
      const long = 'x'.repeat(70);
      const noShort = await callTool(apiKey, 'create_pmax_campaign', {
        name: 'PMax - Long',
        daily_budget: 20,
        final_url: 'https://www.example.com/',
        ...texts,
        descriptions: [long, `${long}y`],
        images,
      });
      expect(noShort.body.error).toContain('at least one description must be 60 characters or shorter');
      const wrongTarget = await callTool(apiKey, 'create_pmax_campaign', {
        name: 'PMax - T',
        daily_budget: 20,
        target_roas: 3,
        final_url: 'https://www.example.com/',
        ...texts,
        images,
      });
      expect(wrongTarget.body.error).toContain('`target_roas` goes with bidding_strategy MAXIMIZE_CONVERSION_VALUE');
      const unknownBundle = await callTool(apiKey, 'create_pmax_campaign', {
        name: 'PMax - B',
        daily_budget: 20,
        final_url: 'https://www.example.com/',
        ...texts,
        bundle_id: 'bnd_AAAAAAAAAAAAAAAAAAAA',
      });
      expect(unknownBundle.body.error).toContain('is unknown');
      const duplicate = await callTool(apiKey, 'create_pmax_campaign', {
        name: 'PMax - Spring Launch',
        daily_budget: 20,
        final_url: 'https://www.example.com/',
        ...texts,
        images,
      });
      expect(duplicate.body.error).toContain('already exists');
      const wrongShape = await callTool(apiKey, 'create_pmax_campaign', {
        name: 'PMax - S',
        daily_budget: 20,
        final_url: 'https://www.example.com/',
        ...texts,
        images: [...images, { asset_id: imageId('trail-portrait'), field_type: 'LOGO' }],
      });
      expect(wrongShape.body.error).toContain('is not 1:1');
    });
  });

  describe('Tool: add_pmax_asset_group', () => {
    it('adds a PAUSED asset group with library images to the campaign', async () => {
      const data = await callToolOk(apiKey, 'add_pmax_asset_group', {
        campaign_id: pmaxId,
        name: 'Tents',
        final_url: 'https://www.northwind-outdoor.example/tents',
        ...texts,
        images: [
          { asset_id: imageId('tent-landscape'), field_type: 'MARKETING_IMAGE' },
          { asset_id: imageId('boots-square'), field_type: 'SQUARE_MARKETING_IMAGE' },
          { asset_id: imageId('logo-square'), field_type: 'LOGO' },
        ],
      });
      expect((data.structured!.asset_group as { status: string }).status).toBe('PAUSED');
      expect(data.structured!.assets_linked).toBe(10);
      const groups = (await callToolOk(apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId })).structured!.asset_groups as {
        name: string;
      }[];
      expect(groups.map((g) => g.name)).toContain('Tents');
    });

    it('refuses a duplicate name and a search campaign', async () => {
      const images = [
        { asset_id: imageId('tent-landscape'), field_type: 'MARKETING_IMAGE' },
        { asset_id: imageId('boots-square'), field_type: 'SQUARE_MARKETING_IMAGE' },
        { asset_id: imageId('logo-square'), field_type: 'LOGO' },
      ];
      const dup = await callTool(apiKey, 'add_pmax_asset_group', {
        campaign_id: pmaxId,
        name: 'tents',
        final_url: 'https://www.example.com/',
        ...texts,
        images,
      });
      expect(dup.body.error).toContain('already has an asset group named');
      const search = (await campaignsByName(apiKey))['Brand - Exact']!;
      const wrong = await callTool(apiKey, 'add_pmax_asset_group', {
        campaign_id: search.id,
        name: 'X',
        final_url: 'https://www.example.com/',
        ...texts,
        images,
      });
      expect(wrong.body.error).toContain('this tool works on Performance Max campaigns');
    });
  });

  describe('Tool: update_pmax_asset_group', () => {
    it('changes name, status and paths, and names its undo', async () => {
      const data = await callToolOk(apiKey, 'update_pmax_asset_group', {
        asset_group_id: winter.id,
        name: 'Winter Gear 2026',
        status: 'ENABLED',
        path1: 'winter',
      });
      expect(data.structured!.changed).toEqual(['name', 'status', 'path1']);
      const groups = (await callToolOk(apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId })).structured!.asset_groups as {
        id: string;
        name: string;
        status: string;
        path1?: string;
      }[];
      expect(groups.find((g) => g.id === winter.id)).toMatchObject({ name: 'Winter Gear 2026', status: 'ENABLED', path1: 'winter' });
    });

    it('refuses nothing to change, path2 without path1, and a duplicate name', async () => {
      expect((await callTool(apiKey, 'update_pmax_asset_group', { asset_group_id: winter.id })).body.error).toContain(
        'give at least one of',
      );
      expect((await callTool(apiKey, 'update_pmax_asset_group', { asset_group_id: core.id, path1: '', path2: 'x' })).body.error).toContain(
        '`path2` needs `path1`',
      );
      expect((await callTool(apiKey, 'update_pmax_asset_group', { asset_group_id: winter.id, name: 'Tents' })).body.error).toContain(
        'already has an asset group named',
      );
    });
  });

  describe('Tools: asset group assets and images', () => {
    it('add_pmax_asset_group_asset adds texts and a video, skipping what is there; list shows them', async () => {
      const data = await callToolOk(apiKey, 'add_pmax_asset_group_asset', {
        asset_group_id: core.id,
        assets: [
          { field_type: 'HEADLINE', text: 'Packs for Every Trail' },
          { field_type: 'HEADLINE', text: 'Northwind Outdoor' },
          { field_type: 'YOUTUBE_VIDEO', video_id: 'abcdefghijk' },
        ],
      });
      expect((data.structured!.results as { result: string }[]).map((r) => r.result)).toEqual(['added', 'skipped', 'added']);
      const listed = await callToolOk(apiKey, 'list_pmax_asset_group_assets', { asset_group_id: core.id, field_types: ['HEADLINE'] });
      const headlines = listed.structured!.assets as { label: string; performance_label: string }[];
      expect(headlines.find((h) => h.label === 'Packs for Every Trail')!.performance_label).toBe('LEARNING');
      expect(headlines).toHaveLength(6);
    });

    it('add_pmax_asset_group_asset refuses too long text for the field, a text for an image field, and passing a maximum', async () => {
      const long = await callTool(apiKey, 'add_pmax_asset_group_asset', {
        asset_group_id: core.id,
        assets: [{ field_type: 'HEADLINE', text: 'A headline that is much too long to fit' }],
      });
      expect(long.body.error).toContain('at most 30 characters for HEADLINE');
      const wrong = await callTool(apiKey, 'add_pmax_asset_group_asset', {
        asset_group_id: core.id,
        assets: [{ field_type: 'LOGO', text: 'Logo' }],
      });
      expect(wrong.body.error).toContain('LOGO takes no text');
      const many = await callTool(apiKey, 'add_pmax_asset_group_asset', {
        asset_group_id: core.id,
        assets: ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'].map((t) => ({
          field_type: 'HEADLINE',
          text: `Headline ${t}`,
        })),
      });
      expect(many.body.error).toContain('at most 15 allowed');
    });

    it('add_pmax_asset_group_image adds an image by link with its field from the shape; list_pmax_asset_group_images shows it', async () => {
      // Both images came into the library with create_pmax_campaign (the redirect leads to the same file): they are reused.
      const data = await callToolOk(apiKey, 'add_pmax_asset_group_image', {
        asset_group_id: core.id,
        images: [
          { image_url: `${host.url}/moved.png` },
          { image_url: `${host.url}/logo.png`, field_type: 'LOGO' },
          { image_url: `${host.url}/portrait.png` },
        ],
      });
      expect((data.structured!.results as { field_type: string; new_asset: boolean }[]).map((r) => [r.field_type, r.new_asset])).toEqual([
        ['MARKETING_IMAGE', false],
        ['LOGO', false],
        ['PORTRAIT_MARKETING_IMAGE', true],
      ]);
      const images = (await callToolOk(apiKey, 'list_pmax_asset_group_images', { asset_group_id: core.id })).structured!.assets as {
        field_type: string;
        width?: number;
      }[];
      expect(images.filter((i) => i.field_type === 'MARKETING_IMAGE')).toHaveLength(2);
      expect(images.filter((i) => i.field_type === 'LOGO')).toHaveLength(2);
    });

    it('add_pmax_asset_group_image refuses an image of the wrong shape and a web page', async () => {
      const result = await callTool(apiKey, 'add_pmax_asset_group_image', {
        asset_group_id: core.id,
        images: [{ image_url: `${host.url}/landscape.png`, field_type: 'LOGO' }, { image_url: `${host.url}/page.html` }],
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('is not 1:1');
      expect(result.body.error).toContain('opens a web page');
    });

    it('remove_pmax_asset_group_image unlinks an image; removing the only square image is refused', async () => {
      const images = (await callToolOk(apiKey, 'list_pmax_asset_group_images', { asset_group_id: core.id })).structured!.assets as {
        asset_id: string;
        field_type: string;
        resource_name: string;
      }[];
      const logos = images.filter((i) => i.field_type === 'LOGO');
      const removed = await callToolOk(apiKey, 'remove_pmax_asset_group_image', {
        asset_group_id: core.id,
        asset_ids: [logos[1]!.resource_name],
      });
      expect(removed.structured!.removed).toHaveLength(1);
      const square = images.find((i) => i.field_type === 'SQUARE_MARKETING_IMAGE')!;
      const refused = await callTool(apiKey, 'remove_pmax_asset_group_image', {
        asset_group_id: core.id,
        asset_ids: [square.asset_id],
        field_type: 'SQUARE_MARKETING_IMAGE',
      });
      expect(refused.body.error).toContain('SQUARE_MARKETING_IMAGE: 0 given, at least 1 needed');
    });

    it('remove_pmax_asset_group_asset unlinks a headline; going below 3 headlines or an unknown asset is refused', async () => {
      const listed = (await callToolOk(apiKey, 'list_pmax_asset_group_assets', { asset_group_id: winter.id, field_types: ['HEADLINE'] }))
        .structured!.assets as { asset_id: string }[];
      const refused = await callTool(apiKey, 'remove_pmax_asset_group_asset', {
        asset_group_id: winter.id,
        asset_ids: [listed[0]!.asset_id],
      });
      expect(refused.body.error).toContain('HEADLINE: 2 given, at least 3 needed');
      const own = (await callToolOk(apiKey, 'list_pmax_asset_group_assets', { asset_group_id: core.id })).structured!.assets as {
        asset_id: string;
        label: string;
      }[];
      const added = own.find((a) => a.label === 'Packs for Every Trail')!;
      await callToolOk(apiKey, 'remove_pmax_asset_group_asset', { asset_group_id: core.id, asset_ids: [added.asset_id] });
      const after = (await callToolOk(apiKey, 'list_pmax_asset_group_assets', { asset_group_id: core.id })).structured!.assets as {
        label: string;
      }[];
      expect(after.some((a) => a.label === 'Packs for Every Trail')).toBe(false);
      const unknown = await callTool(apiKey, 'remove_pmax_asset_group_asset', { asset_group_id: core.id, asset_ids: ['123'] });
      expect(unknown.body.error).toContain('has no asset "123"');
    });

    it('list_pmax_asset_group_assets needs exactly one of asset group or campaign', async () => {
      expect((await callTool(apiKey, 'list_pmax_asset_group_assets', {})).body.error).toContain('give exactly one of');
      const all = await callToolOk(apiKey, 'list_pmax_asset_group_assets', { campaign_id: pmaxId });
      expect((all.structured!.asset_groups as unknown[]).length).toBeGreaterThanOrEqual(3);
    });
  });

  describe('Tool: get_pmax_asset_performance', () => {
    it('counts ratings and names LOW assets to replace', async () => {
      const data = await callToolOk(apiKey, 'get_pmax_asset_performance', { campaign_id: pmaxId, asset_group_id: core.id });
      const counts = data.structured!.counts as Record<string, number>;
      expect(counts.BEST! + counts.GOOD! + counts.LOW!).toBeGreaterThan(0);
      expect(counts.LEARNING).toBeGreaterThan(0);
      expect((data.structured!.to_replace as unknown[]).length).toBe(counts.LOW);
      const low = await callToolOk(apiKey, 'get_pmax_asset_performance', { campaign_id: pmaxId, labels: ['LEARNING'] });
      expect((low.structured!.assets as { performance_label: string }[]).every((a) => a.performance_label === 'LEARNING')).toBe(true);
    });
  });

  describe('Tools: audience signals', () => {
    it('add, get and remove an audience signal on every asset group of a campaign', async () => {
      const before = (await callToolOk(apiKey, 'get_pmax_audience_signals', { campaign_id: pmaxId })).structured!.signals as unknown[];
      expect(before).toHaveLength(1);
      const custom = ((await callToolOk(apiKey, 'search_audiences', { types: ['USER_LIST'] })).structured!.segments as { id: string }[])[0]!
        .id;
      const added = await callToolOk(apiKey, 'add_pmax_audience_signal', {
        campaign_id: pmaxId,
        name: 'Buyers',
        user_lists: [custom],
        affinity_audiences: ['92001'],
      });
      const rows = added.structured!.added as { resource_name: string }[];
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const listed = (await callToolOk(apiKey, 'get_pmax_audience_signals', { campaign_id: pmaxId })).structured!.signals as {
        resource_name: string;
        audience: { name: string; segments: unknown[] };
      }[];
      expect(listed.filter((s) => s.audience.name === 'Buyers')).toHaveLength(rows.length);
      await callToolOk(apiKey, 'remove_pmax_audience_signal', { campaign_id: pmaxId, resource_names: [rows[0]!.resource_name] });
      const after = (await callToolOk(apiKey, 'get_pmax_audience_signals', { campaign_id: pmaxId })).structured!.signals as {
        resource_name: string;
      }[];
      expect(after.map((s) => s.resource_name)).not.toContain(rows[0]!.resource_name);
    });

    it('refuses no segments, an unknown segment, a duplicate name and an unknown signal', async () => {
      expect((await callTool(apiKey, 'add_pmax_audience_signal', { campaign_id: pmaxId, name: 'Empty' })).body.error).toContain(
        'give at least one of',
      );
      expect(
        (await callTool(apiKey, 'add_pmax_audience_signal', { campaign_id: pmaxId, name: 'X', in_market_audiences: ['999999'] })).body
          .error,
      ).toContain('Unknown audience segment');
      expect(
        (
          await callTool(apiKey, 'add_pmax_audience_signal', {
            campaign_id: pmaxId,
            asset_group_id: core.id,
            name: 'Hikers and outdoor fans',
            affinity_audiences: ['92001'],
          })
        ).body.error,
      ).toContain('already have an audience signal named');
      const customerId = (await callToolOk(apiKey, 'list_campaigns', {})).structured!.customer_id as string;
      const unknown = await callTool(apiKey, 'remove_pmax_audience_signal', {
        campaign_id: pmaxId,
        resource_names: [`customers/${customerId}/assetGroupSignals/1~2`],
      });
      expect(unknown.body.error).toContain('has no audience signal');
    });
  });

  describe('Tools: search themes', () => {
    it('add skips duplicates, get shows approval, remove takes texts', async () => {
      const added = await callToolOk(apiKey, 'add_pmax_search_themes', {
        asset_group_id: core.id,
        themes: ['Hiking Boots', 'camping tents', 'Camping Tents'],
      });
      expect((added.structured!.results as { result: string; reason?: string }[]).map((r) => r.reason ?? r.result)).toEqual([
        'already on the asset group',
        'added',
        'listed twice',
      ]);
      const themes = (await callToolOk(apiKey, 'get_pmax_search_themes', { campaign_id: pmaxId, asset_group_id: core.id })).structured!
        .signals as { search_theme: string; approval_status: string }[];
      expect(themes.find((t) => t.search_theme === 'hiking boots')!.approval_status).toBe('APPROVED');
      expect(themes.find((t) => t.search_theme === 'camping tents')!.approval_status).toBe('UNDER_REVIEW');
      await callToolOk(apiKey, 'remove_pmax_search_themes', { campaign_id: pmaxId, themes: ['CAMPING TENTS'] });
      const after = (await callToolOk(apiKey, 'get_pmax_search_themes', { campaign_id: pmaxId })).structured!.signals as {
        search_theme: string;
      }[];
      expect(after.map((t) => t.search_theme)).not.toContain('camping tents');
    });

    it('refuses more than 50 themes on an asset group and removing a theme that is not there', async () => {
      const many = Array.from({ length: 47 }, (_, i) => `theme number ${i}`);
      const over = await callTool(apiKey, 'add_pmax_search_themes', { asset_group_id: core.id, themes: many });
      expect(over.body.error).toContain('limit of 50');
      const missing = await callTool(apiKey, 'remove_pmax_search_themes', { campaign_id: pmaxId, themes: ['not a theme'] });
      expect(missing.body.error).toContain('has no search theme "not a theme"');
    });
  });

  describe('Tools: listing group filters', () => {
    it('get shows the seeded brand split; add extends it; remove drops a value and then the split', async () => {
      const seeded = await callToolOk(apiKey, 'get_asset_group_listing_filters', { asset_group_id: core.id });
      const group = (
        seeded.structured!.asset_groups as {
          summary: string;
          filters: { id: string; value?: string; type: string; parent_id?: string }[];
        }[]
      )[0]!;
      expect(group.summary).toBe('Only products whose brand is Northwind, Trailhead are advertised.');
      expect(seeded.text).toContain('Include brand Northwind');
      const added = await callToolOk(apiKey, 'add_asset_group_listing_filter', {
        asset_group_id: core.id,
        dimension: 'BRAND',
        values: ['Summit', 'Northwind'],
      });
      expect([added.structured!.added, added.structured!.skipped]).toEqual([['Summit'], ['Northwind']]);
      const tree = (
        (await callToolOk(apiKey, 'get_asset_group_listing_filters', { asset_group_id: core.id })).structured!
          .asset_groups as (typeof group)[]
      )[0]!;
      expect(tree.summary).toContain('Summit');
      const trailhead = tree.filters.find((f) => f.value === 'Trailhead')!;
      await callToolOk(apiKey, 'remove_asset_group_listing_filter', { asset_group_id: core.id, filter_ids: [trailhead.id] });
      const root = tree.filters.find((f) => !f.parent_id)!;
      const reset = await callToolOk(apiKey, 'remove_asset_group_listing_filter', { asset_group_id: core.id, filter_ids: [root.id] });
      expect(reset.structured!.summary).toBe('Every product of the feed is advertised.');
    });

    it('a new split replaces the all-products root; another dimension, a mixed mode and the "everything else" node are refused', async () => {
      const made = await callToolOk(apiKey, 'add_asset_group_listing_filter', {
        asset_group_id: winter.id,
        dimension: 'CUSTOM_ATTRIBUTE',
        custom_attribute_index: 0,
        values: ['clearance'],
        mode: 'EXCLUDE',
      });
      expect(made.structured!.summary).toBe('Every product except those whose custom attribute is clearance is advertised.');
      expect(
        (await callTool(apiKey, 'add_asset_group_listing_filter', { asset_group_id: winter.id, dimension: 'BRAND', values: ['A'] })).body
          .error,
      ).toContain('remove that split first');
      expect(
        (
          await callTool(apiKey, 'add_asset_group_listing_filter', {
            asset_group_id: winter.id,
            dimension: 'CUSTOM_ATTRIBUTE',
            custom_attribute_index: 0,
            values: ['B'],
          })
        ).body.error,
      ).toContain('would mix both');
      const tree = (
        (await callToolOk(apiKey, 'get_asset_group_listing_filters', { campaign_id: pmaxId })).structured!.asset_groups as {
          asset_group_id: string;
          filters: { id: string; value?: string; parent_id?: string }[];
        }[]
      ).find((g) => g.asset_group_id === winter.id)!;
      const others = tree.filters.find((f) => f.parent_id && f.value === undefined)!;
      expect(
        (await callTool(apiKey, 'remove_asset_group_listing_filter', { asset_group_id: winter.id, filter_ids: [others.id] })).body.error,
      ).toContain('"everything else" node');
      expect(
        (
          await callTool(apiKey, 'add_asset_group_listing_filter', {
            asset_group_id: winter.id,
            dimension: 'CUSTOM_ATTRIBUTE',
            values: ['x'],
          })
        ).body.error,
      ).toContain('`custom_attribute_index` is required');
      expect(
        (
          await callTool(apiKey, 'add_asset_group_listing_filter', {
            asset_group_id: winter.id,
            dimension: 'CONDITION',
            values: ['BROKEN'],
          })
        ).body.error,
      ).toContain('`values` of CONDITION');
    });
  });

  describe('Tool: remove_pmax_asset_group', () => {
    it('removes an asset group for good; the last one of a campaign is refused; a removed one cannot change', async () => {
      const groups = (await callToolOk(apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId })).structured!.asset_groups as {
        id: string;
        name: string;
      }[];
      const tents = groups.find((g) => g.name === 'Tents')!;
      await callToolOk(apiKey, 'remove_pmax_asset_group', { asset_group_id: tents.id });
      const after = (await callToolOk(apiKey, 'get_pmax_asset_groups', { campaign_id: pmaxId, include_removed: true })).structured!
        .asset_groups as { id: string; status: string }[];
      expect(after.find((g) => g.id === tents.id)!.status).toBe('REMOVED');
      expect((await callTool(apiKey, 'update_pmax_asset_group', { asset_group_id: tents.id, status: 'ENABLED' })).body.error).toContain(
        'is REMOVED',
      );
      const last = await callTool(apiKey, 'remove_pmax_asset_group', { asset_group_id: newGroupId });
      expect(last.body.error).toContain('is the last one of campaign');
    });
  });
});
