/** The socialads seed's assets: pages, Instagram account, lead forms, pixel, redirects, images and videos. */
import { imageHashOf } from './assets';
import type { SocialAdsSeedBasics } from './seed';
import type {
  SocialAdsDomainRedirect,
  SocialAdsImage,
  SocialAdsInstagramAccount,
  SocialAdsLeadForm,
  SocialAdsPage,
  SocialAdsPixel,
  SocialAdsVideo,
} from '../port';

export function seedAssets(basics: SocialAdsSeedBasics) {
  const { account, ids, ago, created, brand, domain } = basics;
  // Pages: two promotable (so ambiguous ads ask which), one unpublished (never offered).
  const pages: SocialAdsPage[] = [
    { id: ids.digits(15), name: brand, category: 'Outdoor & Sporting Goods Company', promotable: true },
    { id: ids.digits(15), name: `${brand} Outlet`, category: 'Retail Company', promotable: true },
    { id: ids.digits(15), name: `${brand} Careers`, category: 'Employment Agency', promotable: false },
  ];
  const instagram: SocialAdsInstagramAccount = { id: `1784${ids.digits(13)}`, username: domain.replace('.com', ''), page_id: pages[0].id };
  pages[0].instagram_account_id = instagram.id;

  const leadForms: SocialAdsLeadForm[] = [
    {
      id: ids.digits(16),
      name: 'Catalog request - 2026',
      page_id: pages[0].id,
      status: 'ACTIVE',
      questions: ['FULL_NAME', 'EMAIL', 'ZIP'],
    },
    { id: ids.digits(16), name: 'Newsletter signup', page_id: pages[0].id, status: 'ACTIVE', questions: ['EMAIL'] },
    {
      id: ids.digits(16),
      name: 'Spring event RSVP (old)',
      page_id: pages[1].id,
      status: 'ARCHIVED',
      questions: ['FULL_NAME', 'EMAIL', 'PHONE'],
    },
  ];
  const pixel: SocialAdsPixel = {
    id: ids.digits(15),
    name: `${brand} Pixel`,
    last_fired_time: `${ago(1)}T22:41:00+0000`,
    event_counts_7d: { PageView: 48210, ViewContent: 15380, AddToCart: 2140, InitiateCheckout: 910, Purchase: 402 },
    catalog_match_rate: 0.91,
  };
  const redirects: SocialAdsDomainRedirect[] = [{ id: `go.${domain.replace('.com', '.link')}`, redirects_to: domain }];

  const imageSpecs: [string, number, number][] = [
    ['spring-hero-1200x628.jpg', 1200, 628],
    ['spring-hero-square-1080.jpg', 1080, 1080],
    ['story-trail-1080x1920.jpg', 1080, 1920],
    ['product-boots-1080.jpg', 1080, 1080],
    ['product-jacket-1080.jpg', 1080, 1080],
    ['product-tent-1080.jpg', 1080, 1080],
    ['app-screens-1080.png', 1080, 1080],
    ['catalog-cover-1200x628.jpg', 1200, 628],
  ];
  const images: SocialAdsImage[] = imageSpecs.map(([name, width, height], i) => {
    const hash = imageHashOf(`${account.account_id}/${name}`);
    return {
      id: hash,
      hash,
      name,
      url: `https://scontent.sandbox.invalid/${hash}/${name}`,
      width,
      height,
      created_at: created(120 - i),
      origin: 'upload',
    };
  });
  const img = (name: string) => images.find((i) => i.name.startsWith(name))!.hash;

  const videos: SocialAdsVideo[] = [
    ['Brand film 30s', 30],
    ['Product demo 15s', 15],
    ['App walkthrough 20s', 20],
    ['Stories cut 9x16 10s', 10],
  ].map(([title, length], i) => {
    const id = ids.digits(16);
    return {
      id,
      title: String(title),
      length_seconds: Number(length),
      thumbnail_url: `https://scontent.sandbox.invalid/v/${id}/thumb.jpg`,
      status: 'ready',
      created_at: created(90 - i),
    };
  });

  return { pages, instagram, leadForms, pixel, redirects, images, img, videos };
}

export type SocialAdsSeedAssets = ReturnType<typeof seedAssets>;
