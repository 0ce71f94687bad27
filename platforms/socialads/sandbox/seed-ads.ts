/** The socialads seed's ads and their creatives. */
import type { PerformanceTier } from '../../sandbox/metrics';
import type { StoredAd, StoredAdSet } from './delivery';
import type { SocialAdsSeedBasics } from './seed';
import type { SocialAdsSeedAssets } from './seed-assets';
import type { SocialAdsSeedCampaigns } from './seed-campaigns';
import type { SocialAdsAd, SocialAdsCreative } from '../port';

export function seedAds(basics: SocialAdsSeedBasics, assets: SocialAdsSeedAssets, structure: SocialAdsSeedCampaigns) {
  const { metaId, site, domain } = basics;
  const { pages, instagram, img, videos, leadForms } = assets;
  const { adSets, iosApp, androidApp } = structure;
  const creative = (
    c: Partial<SocialAdsCreative> & Pick<SocialAdsCreative, 'link' | 'primary_texts' | 'headlines'>,
  ): SocialAdsCreative => ({
    page_id: pages[0].id,
    instagram_account_id: instagram.id,
    call_to_action: 'LEARN_MORE',
    descriptions: [],
    image_hashes: [],
    disabled_creative_features: [],
    ...c,
  });
  const ad = (
    s: StoredAdSet,
    name: string,
    ad_type: SocialAdsAd['ad_type'],
    performance: PerformanceTier,
    cr: SocialAdsCreative,
    status: SocialAdsAd['status'] = 'ACTIVE',
  ): StoredAd => ({
    // An ad switched off went off with its ad set, and was approved and delivering before.
    ...(status !== 'ACTIVE' && s.history
      ? { history: s.history.map((h) => ({ at: h.at, before: { status: 'ACTIVE', effective_status: 'ACTIVE' } })) }
      : {}),
    id: metaId(),
    ad_set_id: s.id,
    campaign_id: s.campaign_id,
    name,
    status,
    effective_status: status === 'ACTIVE' ? 'ACTIVE' : status === 'PAUSED' ? 'PAUSED' : 'ARCHIVED',
    ad_type,
    creative: cr,
    start_date: s.start_date,
    created_at: s.created_at,
    performance,
  });
  const ads: StoredAd[] = [
    ad(
      adSets.trafficBroad,
      'Spring hero - image',
      'image',
      'strong',
      creative({
        link: `${site}/spring-sale`,
        primary_texts: ['Spring gear is 30% off this week only. Trail-tested, weekend-ready.'],
        headlines: ['Up to 30% off spring gear'],
        descriptions: ['Free shipping over $50'],
        image_hashes: [img('spring-hero-1200')],
        call_to_action: 'SHOP_NOW',
        display_link: domain,
      }),
    ),
    ad(
      adSets.trafficBroad,
      'Spring - product carousel',
      'carousel',
      'average',
      creative({
        link: `${site}/spring-sale`,
        primary_texts: ['Pick your next adventure kit.'],
        headlines: [],
        cards: [
          {
            headline: 'Waterproof boots',
            image_hash: img('product-boots'),
            link: `${site}/boots`,
            description: 'From $89',
            call_to_action: 'SHOP_NOW',
          },
          {
            headline: 'Rain shell jacket',
            image_hash: img('product-jacket'),
            link: `${site}/jackets`,
            description: 'From $119',
            call_to_action: 'SHOP_NOW',
          },
          {
            headline: '2-person tent',
            image_hash: img('product-tent'),
            link: `${site}/tents`,
            description: 'From $199',
            call_to_action: 'SHOP_NOW',
          },
        ],
        call_to_action: 'SHOP_NOW',
      }),
    ),
    ad(
      adSets.trafficCA,
      'CA - square image',
      'image',
      'average',
      creative({
        link: `${site}/ca`,
        primary_texts: ['Canadian trails are calling.'],
        headlines: ['Gear up for the trail'],
        image_hashes: [img('spring-hero-square')],
      }),
      'PAUSED',
    ),
    ad(
      adSets.salesLookalike,
      'Boots - dynamic creative',
      'image',
      'average',
      creative({
        link: `${site}/boots`,
        primary_texts: ['Dry feet, every mile.', 'Our best-rated boots, now in wide fit.', 'Built for mud, rain and rock.'],
        headlines: ['Waterproof hiking boots', 'Rated 4.8 by 3,000 hikers'],
        image_hashes: [img('product-boots'), img('spring-hero-square')],
        call_to_action: 'SHOP_NOW',
      }),
    ),
    ad(
      adSets.salesInterests,
      'Tent - product video',
      'video',
      'poor',
      creative({
        link: `${site}/tents`,
        primary_texts: ['Pitch it in 90 seconds.'],
        headlines: ['The 2-minute tent'],
        video_id: videos[1].id,
        thumbnail: img('product-tent'),
        call_to_action: 'SHOP_NOW',
      }),
    ),
    ad(
      adSets.iosBroad,
      'iOS - walkthrough video',
      'video',
      'average',
      creative({
        link: iosApp.object_store_url,
        primary_texts: ['Offline trail maps for 40,000 trails.'],
        headlines: ['Never lose the trail'],
        video_id: videos[2].id,
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.iosBroad,
      'iOS - screenshots image',
      'image',
      'poor',
      creative({
        link: iosApp.object_store_url,
        primary_texts: ['Plan, track and share every hike.'],
        headlines: ['Trail Maps for iPhone'],
        image_hashes: [img('app-screens')],
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.iosOutdoor,
      'iOS - stories cut',
      'video',
      'strong',
      creative({
        link: iosApp.object_store_url,
        primary_texts: ['Your next summit, mapped.'],
        headlines: ['Download free'],
        video_id: videos[3].id,
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.iosOutdoor,
      'iOS - UGC carousel',
      'carousel',
      'average',
      creative({
        link: iosApp.object_store_url,
        primary_texts: ['Hikers love Trail Maps.'],
        headlines: [],
        cards: [
          { headline: 'Offline maps', image_hash: img('app-screens'), link: iosApp.object_store_url, call_to_action: 'INSTALL_MOBILE_APP' },
          {
            headline: 'Track your hike',
            image_hash: img('story-trail'),
            link: iosApp.object_store_url,
            call_to_action: 'INSTALL_MOBILE_APP',
          },
        ],
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.androidBroad,
      'Android - walkthrough video',
      'video',
      'poor',
      creative({
        link: androidApp.object_store_url,
        primary_texts: ['Offline trail maps for Android.'],
        headlines: ['Get the Android app'],
        video_id: videos[2].id,
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.androidBroad,
      'Android - screenshots',
      'image',
      'wasteful',
      creative({
        link: androidApp.object_store_url,
        primary_texts: ['Trail Maps: plan your weekend.'],
        headlines: ['Free download'],
        image_hashes: [img('app-screens')],
        call_to_action: 'INSTALL_MOBILE_APP',
      }),
    ),
    ad(
      adSets.leadsUS,
      'Catalog request - image',
      'image',
      'average',
      creative({
        link: `${site}/catalog`,
        primary_texts: ['Get the 2026 field catalog free, delivered to your door.'],
        headlines: ['Free 2026 catalog'],
        image_hashes: [img('catalog-cover')],
        call_to_action: 'SIGN_UP',
        lead_form_id: leadForms[0].id,
      }),
    ),
    ad(
      adSets.awarenessVideo,
      'Brand film 30s',
      'video',
      'wasteful',
      creative({
        link: `${site}/story`,
        primary_texts: ['Made for the long way round.'],
        headlines: ['Our story'],
        video_id: videos[0].id,
        call_to_action: 'WATCH_MORE',
      }),
      'PAUSED',
    ),
    ad(
      adSets.oldRetargeting,
      'Holiday - cart reminder',
      'image',
      'poor',
      creative({
        link: `${site}/cart`,
        primary_texts: ['Still thinking it over?'],
        headlines: ['Your cart is waiting'],
        image_hashes: [img('spring-hero-1200')],
        call_to_action: 'SHOP_NOW',
      }),
      'ARCHIVED',
    ),
  ];

  return { creative, ad, ads };
}

export type SocialAdsSeedAds = ReturnType<typeof seedAds>;
