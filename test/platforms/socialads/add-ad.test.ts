import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type AdSetRow = { id: string; name: string; objective: string; status: string; page: { id: string } | null; campaign_name: string };

async function adSets(apiKey: string, extra: Record<string, unknown> = {}): Promise<AdSetRow[]> {
  return (await callToolOk(apiKey, 'list_socialads_ad_sets', extra)).structured!.ad_sets as AdSetRow[];
}
const byObjective = (sets: AdSetRow[], objective: string, status = 'ACTIVE') =>
  sets.find((s) => s.objective === objective && s.status === status && !s.page)!;

async function setup() {
  const owner = await createTestOwner({ accounts: { socialads: 1 } });
  const sets = await adSets(owner.apiKey);
  const pages = (await callToolOk(owner.apiKey, 'list_socialads_pages')).structured!.pages as { id: string; name: string }[];
  const assets = (await callToolOk(owner.apiKey, 'discover_socialads_assets')).structured!;
  return { ...owner, sets, pages, images: assets.images as { hash: string; name: string }[], videos: assets.videos as { id: string }[] };
}

const base = (adSetId: string, pageId: string) => ({
  ad_set_id: adSetId,
  ad_type: 'image',
  landing_page_url: 'https://www.example.com/spring',
  primary_text: 'Fresh gear for spring trails.',
  headline: 'Spring gear, 30% off',
  facebook_page_id: pageId,
});

describe('Tool: add_socialads_ad', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    env = await setup();
  });

  describe('happy paths', () => {
    it('adds an image ad that is then visible through list_socialads_ads', async () => {
      // Prepare
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      // Act
      const created = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        existing_image_hash: env.images[0].hash,
        ad_name: 'Test image ad',
        url_tags: '?utm_source=meta&utm_medium=paid',
        display_link: 'example.com',
        call_to_action: 'SHOP_NOW',
        multi_advertiser: false,
        disabled_creative_features: ['image_touchups', 'music'],
      });
      // Assess
      const ad = created.structured!.ad;
      expect(ad.creative.url_tags).toBe('utm_source=meta&utm_medium=paid');
      expect(ad.creative.image_hashes).toEqual([env.images[0].hash]);
      expect(ad.creative.call_to_action).toBe('SHOP_NOW');
      expect(ad.effective_status).toBe('PENDING_REVIEW');
      const listed = (await callToolOk(env.apiKey, 'list_socialads_ads', { ad_set_id: adSet.id })).structured!.ads as {
        id: string;
        name: string;
        creative: { multi_advertiser: boolean; disabled_creative_features: string[] };
      }[];
      const found = listed.find((a) => a.id === ad.id)!;
      expect(found.name).toBe('Test image ad');
      expect(found.creative.multi_advertiser).toBe(false);
      expect(found.creative.disabled_creative_features).toEqual(['image_touchups', 'music']);
    });

    it('a paused ad reads "Paused", not its own status and review state mixed (issue 31)', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const created = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        existing_image_hash: env.images[0].hash,
        ad_name: 'Paused status ad',
      });
      expect(created.text).toContain('Active (pending review)');
      await callToolOk(env.apiKey, 'update_socialads_ad', { ad_id: created.structured!.ad.id, status: 'PAUSED' });
      const listed = await callToolOk(env.apiKey, 'list_socialads_ads', { ad_set_id: adSet.id, status: 'PAUSED' });
      const row = listed.text.split('\n').find((line) => line.includes('Paused status ad'))!;
      expect(row).toContain('| Paused |');
      expect(listed.text).not.toMatch(/PAUSED \(/);
    });

    it('defaults call_to_action to LEARN_MORE and accepts the name alias', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const created = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        image_url: 'https://cdn.example.com/img/hero.jpg',
        name: 'Alias name',
      });
      expect(created.structured!.ad.creative.call_to_action).toBe('LEARN_MORE');
      expect(created.structured!.ad.name).toBe('Alias name');
      // The uploaded image is now an asset of the account.
      const images = (await callToolOk(env.apiKey, 'discover_socialads_assets', { asset_type: 'images', search: 'hero.jpg' })).structured!
        .images as { hash: string }[];
      expect(images.map((i) => i.hash)).toContain(created.structured!.ad.creative.image_hashes[0]);
    });

    it('adds a carousel with image_hash alias and image_url cards, falling back to the ad-level link', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const created = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ad_set_id: adSet.id,
        ad_type: 'carousel',
        landing_page_url: 'https://www.example.com/all',
        primary_text: 'Pick your kit.',
        facebook_page_id: env.pages[1].id,
        cards: [
          { headline: 'Boots', image_hash: env.images[1].hash, description: 'From $89' },
          {
            headline: 'Tents',
            image_url: 'https://cdn.example.com/tent.jpg',
            landing_page_url: 'https://www.example.com/tents',
            call_to_action: 'SHOP_NOW',
          },
        ],
      });
      const cards = created.structured!.ad.creative.cards;
      expect(cards).toHaveLength(2);
      expect(cards[0].image_hash).toBe(env.images[1].hash);
      expect(cards[0].link).toBe('https://www.example.com/all');
      expect(cards[1].link).toBe('https://www.example.com/tents');
      expect(cards[1].call_to_action).toBe('SHOP_NOW');
      expect(created.structured!.ad.creative.page_id).toBe(env.pages[1].id);
    });

    it('adds a video ad from an existing video with an image-hash thumbnail', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_SALES');
      const created = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        ad_type: 'video',
        existing_video_id: env.videos[0].id,
        existing_image_hash: env.images[2].hash,
      });
      expect(created.structured!.ad.creative.video_id).toBe(env.videos[0].id);
      expect(created.structured!.ad.creative.thumbnail).toBe(env.images[2].hash);
    });

    it('uploads placement-specific videos', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_SALES');
      const created = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        ad_type: 'video',
        placement_specific_videos: { feed: env.videos[0].id, stories_reels: 'https://cdn.example.com/story.mp4' },
      });
      const placements = created.structured!.ad.creative.placement_videos;
      expect(placements.feed).toBe(env.videos[0].id);
      expect(placements.stories_reels).toMatch(/^\d+$/);
      const videos = (await callToolOk(env.apiKey, 'discover_socialads_assets', { asset_type: 'videos' })).structured!.videos as {
        id: string;
        status: string;
      }[];
      expect(videos.find((v) => v.id === placements.stories_reels)?.status).toBe('processing');
    });

    it('takes the page from the ad set and the lead form from the lead campaign', async () => {
      const leadSet = env.sets.find((s) => s.objective === 'OUTCOME_LEADS')!;
      expect(leadSet.page).not.toBeNull();
      const created = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ad_set_id: leadSet.id,
        ad_type: 'image',
        landing_page_url: 'https://www.example.com/catalog',
        primary_text: 'Free catalog',
        existing_image_hash: env.images[0].hash,
      });
      expect(created.structured!.ad.creative.page_id).toBe(leadSet.page!.id);
      expect(created.structured!.ad.creative.lead_form_id).toMatch(/^\d+$/);
      expect(created.structured!.page_selection).toBe('ad_set');
      expect(created.text).toContain('fetched from the campaign');
    });

    it('notes that deep links only work in app campaigns, and keeps them for app campaigns', async () => {
      const traffic = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const web = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ...base(traffic.id, env.pages[0].id),
        existing_image_hash: env.images[0].hash,
        deep_link_url_ios: 'myapp://trail/1',
      });
      expect(web.structured!.notes.join(' ')).toContain('only effective in app-promotion campaigns');
      const app = env.sets.find((s) => s.objective === 'OUTCOME_APP_PROMOTION')!;
      const inApp = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ...base(app.id, env.pages[0].id),
        existing_image_hash: env.images[0].hash,
        deep_link_url_ios: 'myapp://trail/1',
        call_to_action: 'INSTALL_MOBILE_APP',
      });
      expect(inApp.structured!.notes.join(' ')).not.toContain('only effective');
      expect(inApp.structured!.ad.creative.deep_links.ios).toBe('myapp://trail/1');
    });
  });

  describe('page selection', () => {
    it('lists the promotable pages and asks when two or more apply', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const { facebook_page_id: _omit, ...args } = base(adSet.id, '');
      const result = await callTool(env.apiKey, 'add_socialads_ad', { ...args, existing_image_hash: env.images[0].hash });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('Please specify facebook_page_id');
      expect(result.body.structured_content!.pages).toHaveLength(2);
      expect(result.body.structured_content!.pages.map((p: { id: string }) => p.id).sort()).toEqual(env.pages.map((p) => p.id).sort());
    });

    it('uses the only promotable page without asking', async () => {
      // Prepare: a separate account where one of the two pages loses its ad permission.
      const other = await setup();
      const account = other.accounts.socialads![0];
      await new SandboxStore('socialads', account.account_id).update('page', other.pages[1].id, { promotable: false });
      const adSet = byObjective(other.sets, 'OUTCOME_TRAFFIC');
      const { facebook_page_id: _omit, ...args } = base(adSet.id, '');
      // Act
      const created = await callToolOk(other.apiKey, 'add_socialads_ad', { ...args, existing_image_hash: other.images[0].hash });
      // Assess
      expect(created.structured!.ad.creative.page_id).toBe(other.pages[0].id);
      expect(created.structured!.page_selection).toBe('only_promotable_page');
    });

    it('rejects a page that is not promotable', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const all = (await callToolOk(env.apiKey, 'list_socialads_pages', { include_unpromotable: true })).structured!.pages as {
        id: string;
        promotable: boolean;
      }[];
      const blocked = all.find((p) => !p.promotable)!;
      const result = await callTool(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, blocked.id),
        existing_image_hash: env.images[0].hash,
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('cannot run ads');
    });
  });

  describe('auto_copy_creative', () => {
    it('blocks an image hash of another connected account unless auto_copy_creative is true, then copies it', async () => {
      // Prepare: one owner, two accounts.
      const owner = await createTestOwner({ accounts: { socialads: 2 } });
      const [a, b] = owner.accounts.socialads!;
      const foreign = (
        (await callToolOk(owner.apiKey, 'discover_socialads_assets', { ad_account_id: b.account_id, asset_type: 'images' })).structured!
          .images as { hash: string }[]
      )[0].hash;
      const setsA = await adSets(owner.apiKey, { ad_account_id: a.account_id });
      const pagesA = (await callToolOk(owner.apiKey, 'list_socialads_pages', { ad_account_id: a.account_id })).structured!.pages as {
        id: string;
      }[];
      const args = {
        ...base(byObjective(setsA, 'OUTCOME_TRAFFIC').id, pagesA[0].id),
        existing_image_hash: foreign,
        ad_account_id: a.account_id,
      };
      // Act: without copying.
      const blocked = await callTool(owner.apiKey, 'add_socialads_ad', args);
      // Assess
      expect(blocked.status).toBe(400);
      expect(blocked.body.error).toContain(b.account_id);
      expect(blocked.body.error).toContain('auto_copy_creative');
      const before = (await callToolOk(owner.apiKey, 'discover_socialads_assets', { ad_account_id: a.account_id, asset_type: 'images' }))
        .structured!.images as { hash: string }[];
      expect(before.map((i) => i.hash)).not.toContain(foreign);
      // Act: with copying.
      const copied = await callToolOk(owner.apiKey, 'add_socialads_ad', { ...args, auto_copy_creative: true });
      expect(copied.structured!.copied_images).toEqual([expect.objectContaining({ hash: foreign, from_account_id: b.account_id })]);
      const after = (await callToolOk(owner.apiKey, 'discover_socialads_assets', { ad_account_id: a.account_id, asset_type: 'images' }))
        .structured!.images as { hash: string; origin: string }[];
      expect(after.find((i) => i.hash === foreign)?.origin).toBe('copied');
      // Now the hash is the account's own: no copy needed.
      const again = await callToolOk(owner.apiKey, 'add_socialads_ad', args);
      expect(again.structured!.copied_images).toEqual([]);
    });

    it('rejects a hash that no connected account has', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const result = await callTool(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        existing_image_hash: 'f'.repeat(32),
        auto_copy_creative: true,
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('discover_socialads_assets');
    });
  });

  describe('argument rules', () => {
    const cases: [string, (adSet: string, page: string) => Record<string, unknown>, string][] = [
      [
        'missing primary text',
        (s, p) => {
          const { primary_text: _x, ...r } = base(s, p);
          return { ...r, image_url: 'https://x.example.com/a.jpg' };
        },
        'exactly one of `primary_text` or `primary_texts`',
      ],
      [
        'both primary text forms',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', primary_texts: ['a', 'b'] }),
        '`primary_text` and `primary_texts` are mutually exclusive',
      ],
      [
        'primary text over 2200',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', primary_text: 'x'.repeat(2201) }),
        '`primary_text` must be at most 2200',
      ],
      [
        'primary_texts with one item',
        (s, p) => {
          const { primary_text: _x, ...r } = base(s, p);
          return { ...r, image_url: 'https://x.example.com/a.jpg', primary_texts: ['only'] };
        },
        '`primary_texts` must have 2-5',
      ],
      [
        'primary_texts with six items',
        (s, p) => {
          const { primary_text: _x, ...r } = base(s, p);
          return { ...r, image_url: 'https://x.example.com/a.jpg', primary_texts: ['a', 'b', 'c', 'd', 'e', 'f'] };
        },
        '`primary_texts` must have 2-5',
      ],
      [
        'plain http landing page',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', landing_page_url: 'http://www.example.com' }),
        '`landing_page_url` must use HTTPS',
      ],
      [
        'headline over 255',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', headline: 'h'.repeat(256) }),
        '`headline` must be at most 255',
      ],
      [
        'headline and headlines',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', headlines: ['a', 'b'] }),
        '`headline` and `headlines` are mutually exclusive',
      ],
      [
        'one headline variation',
        (s, p) => {
          const { headline: _x, ...r } = base(s, p);
          return { ...r, image_url: 'https://x.example.com/a.jpg', headlines: ['a'] };
        },
        '`headlines` must have 2-5',
      ],
      [
        'description over 255',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', description: 'd'.repeat(256) }),
        '`description` must be at most 255',
      ],
      [
        'six descriptions',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', descriptions: ['a', 'b', 'c', 'd', 'e', 'f'] }),
        '`descriptions` must have at most 5',
      ],
      ['image ad without image', (s, p) => base(s, p), 'ad_type image needs an image'],
      [
        'image ad with a video',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', video_url: 'https://x.example.com/v.mp4' }),
        '`video_url` only applies to ad_type video',
      ],
      [
        'image_url and existing_image_hash',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', existing_image_hash: 'a'.repeat(32) }),
        'mutually exclusive; give one image source',
      ],
      [
        'image_urls with image_url',
        (s, p) => ({
          ...base(s, p),
          image_url: 'https://x.example.com/a.jpg',
          image_urls: ['https://x.example.com/1.jpg', 'https://x.example.com/2.jpg'],
        }),
        '`image_urls` is mutually exclusive with `image_url`',
      ],
      [
        'image_urls with story image',
        (s, p) => ({
          ...base(s, p),
          story_image_url: 'https://x.example.com/s.jpg',
          image_urls: ['https://x.example.com/1.jpg', 'https://x.example.com/2.jpg'],
        }),
        '`image_urls` is mutually exclusive with `story_image_url`',
      ],
      [
        'one image_url in image_urls',
        (s, p) => ({ ...base(s, p), image_urls: ['https://x.example.com/1.jpg'] }),
        '`image_urls` must have 2-10',
      ],
      [
        'image_urls on a video ad',
        (s, p) => ({
          ...base(s, p),
          ad_type: 'video',
          video_url: 'https://x.example.com/v.mp4',
          image_urls: ['https://x.example.com/1.jpg', 'https://x.example.com/2.jpg'],
        }),
        '`image_urls` only applies to ad_type image',
      ],
      ['video ad without video', (s, p) => ({ ...base(s, p), ad_type: 'video' }), 'ad_type video needs a video'],
      [
        'video_url and existing_video_id',
        (s, p) => ({ ...base(s, p), ad_type: 'video', video_url: 'https://x.example.com/v.mp4', existing_video_id: '1234567890' }),
        '`video_url` and `existing_video_id` are mutually exclusive',
      ],
      [
        'placement videos with video_url',
        (s, p) => ({
          ...base(s, p),
          ad_type: 'video',
          video_url: 'https://x.example.com/v.mp4',
          placement_specific_videos: { feed: 'https://x.example.com/f.mp4' },
        }),
        '`placement_specific_videos` is mutually exclusive with `video_url`',
      ],
      [
        'placement videos on an image ad',
        (s, p) => ({
          ...base(s, p),
          image_url: 'https://x.example.com/a.jpg',
          placement_specific_videos: { feed: 'https://x.example.com/f.mp4' },
        }),
        '`placement_specific_videos` only applies to ad_type video',
      ],
      [
        'unknown placement key',
        (s, p) => ({ ...base(s, p), ad_type: 'video', placement_specific_videos: { reels: 'https://x.example.com/f.mp4' } }),
        '`placement_specific_videos.reels` is not a known field here; did you mean `stories_reels`?',
      ],
      [
        'display link on video',
        (s, p) => ({ ...base(s, p), ad_type: 'video', video_url: 'https://x.example.com/v.mp4', display_link: 'example.com' }),
        '`display_link` only applies to ad_type image or carousel',
      ],
      ['carousel without cards', (s, p) => ({ ...base(s, p), ad_type: 'carousel' }), 'ad_type carousel needs `cards`'],
      [
        'carousel with headlines',
        (s, p) => {
          const { headline: _h, ...r } = base(s, p);
          return {
            ...r,
            ad_type: 'carousel',
            headlines: ['a', 'b'],
            cards: [
              { headline: 'a', image_url: 'https://x.example.com/1.jpg' },
              { headline: 'b', image_url: 'https://x.example.com/2.jpg' },
            ],
          };
        },
        '`headlines` is not for carousel ads',
      ],
      [
        'carousel with primary_texts',
        (s, p) => {
          const { primary_text: _t, ...r } = base(s, p);
          return {
            ...r,
            ad_type: 'carousel',
            primary_texts: ['a', 'b'],
            cards: [
              { headline: 'a', image_url: 'https://x.example.com/1.jpg' },
              { headline: 'b', image_url: 'https://x.example.com/2.jpg' },
            ],
          };
        },
        '`primary_texts` is not for carousel ads',
      ],
      [
        'one card',
        (s, p) => ({ ...base(s, p), ad_type: 'carousel', cards: [{ headline: 'a', image_url: 'https://x.example.com/1.jpg' }] }),
        '`cards` must have at least 2 cards',
      ],
      [
        'eleven cards',
        (s, p) => ({
          ...base(s, p),
          ad_type: 'carousel',
          cards: Array.from({ length: 11 }, (_, i) => ({ headline: `c${i}`, image_url: `https://x.example.com/${i}.jpg` })),
        }),
        '`cards` must have at most 10 cards',
      ],
      [
        'card without headline',
        (s, p) => ({
          ...base(s, p),
          ad_type: 'carousel',
          cards: [{ image_url: 'https://x.example.com/1.jpg' }, { headline: 'b', image_url: 'https://x.example.com/2.jpg' }],
        }),
        '`cards[0].headline` is required',
      ],
      [
        'card without image',
        (s, p) => ({
          ...base(s, p),
          ad_type: 'carousel',
          cards: [{ headline: 'a' }, { headline: 'b', image_url: 'https://x.example.com/2.jpg' }],
        }),
        '`cards[0]` needs ONE of `existing_image_hash`',
      ],
      [
        'card with two images',
        (s, p) => ({
          ...base(s, p),
          ad_type: 'carousel',
          cards: [
            { headline: 'a', image_url: 'https://x.example.com/1.jpg', image_hash: 'a'.repeat(32) },
            { headline: 'b', image_url: 'https://x.example.com/2.jpg' },
          ],
        }),
        '`cards[0]` give ONE of',
      ],
      [
        'card description over 20',
        (s, p) => ({
          ...base(s, p),
          ad_type: 'carousel',
          cards: [
            { headline: 'a', image_url: 'https://x.example.com/1.jpg', description: 'x'.repeat(21) },
            { headline: 'b', image_url: 'https://x.example.com/2.jpg' },
          ],
        }),
        '`cards[0].description` must be at most 20 characters',
      ],
      [
        'video-only card',
        (s, p) => ({
          ...base(s, p),
          ad_type: 'carousel',
          cards: [
            { headline: 'a', video_url: 'https://x.example.com/v.mp4' },
            { headline: 'b', image_url: 'https://x.example.com/2.jpg' },
          ],
        }),
        'video-only cards are unsupported',
      ],
      [
        'unknown call to action',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', call_to_action: 'CLICK_HERE' }),
        '`call_to_action` must be one of',
      ],
      [
        'standard_enhancements',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', disabled_creative_features: ['standard_enhancements'] }),
        "'standard_enhancements' is rejected",
      ],
      [
        'ad_name and a different name',
        (s, p) => ({ ...base(s, p), image_url: 'https://x.example.com/a.jpg', ad_name: 'a', name: 'b' }),
        '`name` is an alias of `ad_name`',
      ],
      [
        'missing ad_type',
        (s, p) => {
          const { ad_type: _t, ...r } = base(s, p);
          return r;
        },
        '`ad_type` is required',
      ],
    ];
    it.each(cases)('rejects %s with a 400 naming the rule', async (_label, build, message) => {
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const result = await callTool(env.apiKey, 'add_socialads_ad', build(adSet.id, env.pages[0].id));
      expect(result.status).toBe(400);
      expect(result.body.error).toContain(message);
    });

    it('rejects a display link that neither matches nor redirects to the landing domain, and accepts a known redirect', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const bad = await callTool(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        image_url: 'https://x.example.com/a.jpg',
        display_link: 'other-shop.com',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('must match or redirect to the landing page domain example.com');
      // The seeded short domain go.<brand>.link redirects to the brand's .com domain.
      const brand = env.accounts
        .socialads![0].name.split(' (')[0]
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
      const ok = await callToolOk(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        landing_page_url: `https://www.${brand}.com/x`,
        image_url: 'https://x.example.com/a.jpg',
        display_link: `go.${brand}.link`,
      });
      expect(ok.structured!.ad.creative.display_link).toBe(`go.${brand}.link`);
    });

    it('rejects an unknown ad set, an archived ad set, and a lead form outside lead campaigns', async () => {
      const unknown = await callTool(env.apiKey, 'add_socialads_ad', {
        ...base('120200000000000001', env.pages[0].id),
        image_url: 'https://x.example.com/a.jpg',
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('120200000000000001');
      const archived = env.sets.find((s) => s.status === 'ARCHIVED')!;
      const onArchived = await callTool(env.apiKey, 'add_socialads_ad', {
        ...base(archived.id, env.pages[0].id),
        image_url: 'https://x.example.com/a.jpg',
      });
      expect(onArchived.status).toBe(400);
      expect(onArchived.body.error).toContain('ARCHIVED');
      const traffic = byObjective(env.sets, 'OUTCOME_TRAFFIC');
      const lead = await callTool(env.apiKey, 'add_socialads_ad', {
        ...base(traffic.id, env.pages[0].id),
        image_url: 'https://x.example.com/a.jpg',
        lead_form_id: '1234567890123456',
      });
      expect(lead.status).toBe(400);
      expect(lead.body.error).toContain('only applies to ads in lead campaigns');
    });

    it('rejects an existing_video_id that the account does not have', async () => {
      const adSet = byObjective(env.sets, 'OUTCOME_SALES');
      const result = await callTool(env.apiKey, 'add_socialads_ad', {
        ...base(adSet.id, env.pages[0].id),
        ad_type: 'video',
        existing_video_id: '9999999999999999',
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('is not a video of ad account');
    });
  });
});
