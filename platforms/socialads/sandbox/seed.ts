/**
 * Seeds a new socialads sandbox account: assets (seed-assets.ts), campaigns and ad sets
 * (seed-campaigns.ts), ads (seed-ads.ts), the product catalog (seed-catalog.ts), custom audiences, and
 * the campaigns added later (seed-later-campaigns.ts: one on ad set budgets, one for engagement).
 * Ids are reproducible per account: the parts draw them from one id source, in this order.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import { idSource } from '../../sandbox/ids';
import { SandboxStore } from '../../sandbox/store';
import { brandDomain } from './assets';
import { seedAds } from './seed-ads';
import { seedAssets } from './seed-assets';
import { seedCampaigns } from './seed-campaigns';
import { seedCatalog } from './seed-catalog';
import { seedLaterCampaigns } from './seed-later-campaigns';
import { KIND } from './stored';
import type { SocialAdsCustomAudience } from '../port';

/** What every part of the seed shares: the account, its id source, its dates and its brand. */
export interface SocialAdsSeedBasics {
  account: ConnectedAccount;
  ids: ReturnType<typeof idSource>;
  ago: (days: number) => string;
  created: (days: number) => string;
  metaId: () => string;
  pausedCA: { history: { at: string; before: Record<string, unknown> }[] };
  pausedAwareness: { history: { at: string; before: Record<string, unknown> }[] };
  archivedHoliday: { history: { at: string; before: Record<string, unknown> }[] };
  brand: string;
  domain: string;
  site: string;
}

/** Seeds a new sandbox account with realistic socialads entities. Ids are reproducible per account. */
export async function seedSocialAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('socialads', account.account_id);
  const ids = idSource(`socialads:${account.account_id}`);
  const today = isoDate(new Date(account.connected_at || Date.now()));
  const ago = (days: number) => addDays(today, -days);
  const created = (days: number) => `${ago(days)}T09:00:00Z`;
  const metaId = () => `1202${ids.digits(14)}`;
  // Paused and archived entities were switched off at a moment of the past, so they delivered
  // before it (the history a real account has; the delivery model rebuilds each day from it).
  const switchedOff = (at: string, before: Record<string, unknown>) => ({ history: [{ at, before }] });
  const pausedCA = switchedOff(`${ago(12)}T15:30:00.000Z`, { status: 'ACTIVE' });
  const pausedAwareness = switchedOff(`${ago(19)}T10:00:00.000Z`, { status: 'ACTIVE' });
  const archivedHoliday = switchedOff(`${ago(265)}T11:00:00.000Z`, { status: 'ACTIVE' });
  const brand = account.name.split(' (')[0];
  const domain = brandDomain(account.name);
  const site = `https://www.${domain}`;
  const basics: SocialAdsSeedBasics = {
    account,
    ids,
    ago,
    created,
    metaId,
    pausedCA,
    pausedAwareness,
    archivedHoliday,
    brand,
    domain,
    site,
  };

  const assets = seedAssets(basics);
  const { pages, instagram, leadForms, pixel, redirects, images, videos } = assets;
  const structure = seedCampaigns(basics, assets);
  const { campaigns, adSets } = structure;
  const built = seedAds(basics, assets, structure);
  const { ads } = built;
  const { catalog, products, productSets } = seedCatalog(basics, assets, structure, built);

  const audienceTime = `${ago(3)}T06:00:00+0000`;
  const websiteVisitors: SocialAdsCustomAudience = {
    id: `2385${ids.digits(13)}`,
    name: 'Website visitors 30d',
    subtype: 'WEBSITE',
    approximate_count_lower_bound: 61_000,
    approximate_count_upper_bound: 72_000,
    delivery_status: { code: 200, description: 'This audience is ready for use.' },
    retention_days: 30,
    pixel_id: pixel.id,
    time_updated: audienceTime,
  };
  const purchasers: SocialAdsCustomAudience = {
    id: `2385${ids.digits(13)}`,
    name: 'Purchasers 180d',
    subtype: 'WEBSITE',
    approximate_count_lower_bound: 8_400,
    approximate_count_upper_bound: 9_900,
    delivery_status: { code: 200, description: 'This audience is ready for use.' },
    retention_days: 180,
    pixel_id: pixel.id,
    time_updated: audienceTime,
  };
  const audiences: SocialAdsCustomAudience[] = [
    websiteVisitors,
    purchasers,
    {
      id: `2385${ids.digits(13)}`,
      name: 'Customer list - newsletter',
      subtype: 'CUSTOM',
      approximate_count_lower_bound: 21_000,
      approximate_count_upper_bound: 25_000,
      delivery_status: { code: 200, description: 'This audience is ready for use.' },
      time_updated: audienceTime,
    },
    {
      id: `2385${ids.digits(13)}`,
      name: 'Video viewers 50% - Brand film',
      subtype: 'ENGAGEMENT',
      approximate_count_lower_bound: 700,
      approximate_count_upper_bound: 900,
      delivery_status: { code: 300, description: 'This audience is too small to deliver ads; it needs at least 1,000 people.' },
      retention_days: 365,
      time_updated: audienceTime,
    },
    {
      id: `2385${ids.digits(13)}`,
      name: 'Lookalike (US, 1%) - Purchasers 180d',
      subtype: 'LOOKALIKE',
      approximate_count_lower_bound: 2_100_000,
      approximate_count_upper_bound: 2_500_000,
      delivery_status: { code: 200, description: 'This audience is ready for use.' },
      lookalike_spec: { origin_audience_id: purchasers.id, ratio: 0.01, country: 'US' },
      time_updated: audienceTime,
    },
  ];
  // Last, so the entities above keep the ids they had before it was added.
  seedLaterCampaigns(basics, assets, structure, built);

  await Promise.all([
    store.putMany(KIND.catalog, [catalog]),
    store.putMany(KIND.product, products),
    store.putMany(KIND.productSet, productSets),
    store.putMany(KIND.customAudience, audiences),
    store.putMany(KIND.page, pages),
    store.putMany(KIND.instagram, [instagram]),
    store.putMany(KIND.leadForm, leadForms),
    store.putMany(KIND.pixel, [pixel]),
    store.putMany(KIND.redirect, redirects),
    store.putMany(KIND.image, images),
    store.putMany(KIND.video, videos),
    store.putMany(KIND.campaign, Object.values(campaigns)),
    store.putMany(KIND.adSet, Object.values(adSets)),
    store.putMany(KIND.ad, ads),
  ]);
}
