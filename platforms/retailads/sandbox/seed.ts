/** Seeds a new retailads sandbox account from the seed's products and campaigns (seed-products.ts, seed-campaigns.ts). */
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import type { HistoryEntry } from '../../sandbox/history';
import { idSource } from '../../sandbox/ids';
import { type PerformanceTier } from '../../sandbox/metrics';
import { SandboxStore } from '../../sandbox/store';
import type { Stored } from './reports';
import { CAMPAIGNS } from './seed-campaigns';
import { MATCH_TYPES, PRODUCTS } from './seed-products';
import { KIND } from './stored';
import {
  type RetailAdsAsset,
  type RetailAdsNegativeKeyword,
  type RetailAdsSbAd,
  type RetailAdsAdGroup,
  type RetailAdsCampaign,
  type RetailAdsKeyword,
  type RetailAdsProductAd,
  type RetailAdsProfile,
  type RetailAdsSbNegativeKeyword,
  type RetailAdsTarget,
} from '../port';

/** Seeds a new sandbox account with realistic retailads entities. Ids are reproducible per account. */
export async function seedRetailAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('retailads', account.account_id);
  const ids = idSource(`retailads:${account.account_id}`);
  const today = isoDate(new Date(account.connected_at || Date.now()));
  const asin = () => `B0${ids.alphanumeric(8).toUpperCase()}`;
  const entityId = () => ids.digits(15);
  const asins = PRODUCTS.map(() => asin());

  const profile: RetailAdsProfile = {
    id: account.account_id,
    profile_id: account.account_id,
    country_code: 'US',
    currency_code: account.currency,
    marketplace_string_id: 'US-MAIN',
    timezone: account.time_zone,
    daily_budget: 999_999_999,
    account_info: {
      id: `A${ids.alphanumeric(13).toUpperCase()}`,
      type: 'seller',
      name: account.name.replace(/ \(.*\)$/, ''),
      valid_payment_method: true,
    },
  };

  const campaigns: Stored<RetailAdsCampaign>[] = [];
  const adGroups: Stored<RetailAdsAdGroup>[] = [];
  const productAds: Stored<RetailAdsProductAd>[] = [];
  const keywords: Stored<RetailAdsKeyword>[] = [];
  const targets: Stored<RetailAdsTarget>[] = [];
  const negatives: RetailAdsSbNegativeKeyword[] = [];

  // Entities seeded in a stopped state ran until then: their history says when they stopped
  // (a campaign on its end date or 30 days ago, a paused ad group 45 days ago).
  const stoppedAt = (date: string, was: string): HistoryEntry[] => [{ at: `${date}T18:00:00.000Z`, before: { state: was } }];
  CAMPAIGNS.forEach((seed, ci) => {
    const stopped = addDays(today, -(seed.endedDaysAgo ?? 30));
    const campaign: Stored<RetailAdsCampaign> = {
      id: entityId(),
      name: seed.name,
      ad_product: seed.ad_product,
      state: seed.state,
      targeting_type: seed.targeting_type,
      daily_budget: seed.budget,
      start_date: addDays(today, -seed.startedDaysAgo),
      end_date: seed.endedDaysAgo !== undefined ? addDays(today, -seed.endedDaysAgo) : undefined,
      bidding_strategy: seed.ad_product === 'SPONSORED_PRODUCTS' ? (ci % 2 ? 'AUTO_FOR_SALES' : 'LEGACY_FOR_SALES') : undefined,
      placement_adjustments:
        seed.ad_product === 'SPONSORED_PRODUCTS' ? { TOP_OF_SEARCH: 0, PRODUCT_PAGES: 0, REST_OF_SEARCH: 0, ...seed.placement } : undefined,
      performance: seed.performance,
      ...(seed.state !== 'ENABLED' ? { history: stoppedAt(stopped, 'ENABLED') } : {}),
    };
    campaigns.push(campaign);
    // Two ad groups for campaigns with several products, one otherwise.
    const groups =
      seed.products.length > 2 && seed.ad_product !== 'SPONSORED_BRANDS'
        ? [seed.products.slice(0, 2), seed.products.slice(2)]
        : [seed.products];
    groups.forEach((productIdx, gi) => {
      const groupName =
        seed.ad_product === 'SPONSORED_BRANDS'
          ? `${seed.name.replace(/^SB - /, '')} - Ad group`
          : `${PRODUCTS[productIdx[0]].category}${groups.length > 1 ? ` ${gi + 1}` : ''}`;
      const adGroup: Stored<RetailAdsAdGroup> = {
        id: entityId(),
        campaign_id: campaign.id,
        ad_product: seed.ad_product,
        name: groupName,
        state: campaign.state === 'ARCHIVED' ? 'ARCHIVED' : gi === 1 && ci % 3 === 0 ? 'PAUSED' : 'ENABLED',
        default_bid: Math.round((0.6 + ids.random() * 1.4) * 100) / 100,
        performance: seed.performance,
      };
      if (adGroup.state === 'ARCHIVED') adGroup.history = stoppedAt(stopped, 'ENABLED');
      else if (adGroup.state === 'PAUSED') adGroup.history = stoppedAt(addDays(today, -45), 'ENABLED');
      adGroups.push(adGroup);
      for (const p of productIdx) {
        productAds.push({
          id: entityId(),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          ad_product: seed.ad_product,
          asin: asins[p],
          sku: `NW-${PRODUCTS[p].category.slice(0, 3).toUpperCase()}-${String(p + 1).padStart(3, '0')}`,
          title: PRODUCTS[p].title,
          category: PRODUCTS[p].category,
          state: adGroup.state,
          performance: p % 5 === 4 && seed.performance === 'average' ? 'poor' : seed.performance,
          history: adGroup.history,
        });
      }
      const words = [...new Set(productIdx.flatMap((p) => PRODUCTS[p].keywords))];
      if (seed.ad_product === 'SPONSORED_PRODUCTS' && seed.targeting_type === 'MANUAL') {
        words.forEach((text, wi) => {
          const matchType = MATCH_TYPES[(wi + ci) % 3];
          keywords.push({
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            keyword_text: ci === 0 ? `northwind ${text}` : text,
            match_type: matchType,
            bid: Math.round((0.5 + ids.random() * 1.8) * 100) / 100,
            state: adGroup.state === 'ARCHIVED' ? 'ARCHIVED' : wi === 5 ? 'PAUSED' : 'ENABLED',
            performance: wi % 4 === 3 && seed.performance !== 'new' ? 'wasteful' : seed.performance,
            ...(adGroup.state === 'ARCHIVED' ? { history: adGroup.history } : {}),
          });
        });
        // One product-attribute target per ad group (a competitor ASIN).
        targets.push({
          id: entityId(),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          ad_product: seed.ad_product,
          expression: `asinSameAs=${asin()}`,
          expression_type: 'MANUAL',
          bid: 0.95,
          state: adGroup.state === 'ARCHIVED' ? 'ARCHIVED' : 'ENABLED',
          performance: 'poor',
          ...(adGroup.state === 'ARCHIVED' ? { history: adGroup.history } : {}),
        });
      } else if (seed.ad_product === 'SPONSORED_PRODUCTS') {
        // The four automatic-targeting groups of the real platform.
        const autoTypes: [string, PerformanceTier][] = [
          ['queryHighRelMatches (close-match)', 'strong'],
          ['queryBroadRelMatches (loose-match)', 'wasteful'],
          ['asinSubstituteRelated (substitutes)', 'average'],
          ['asinAccessoryRelated (complements)', 'poor'],
        ];
        for (const [expression, performance] of autoTypes) {
          targets.push({
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            expression,
            expression_type: 'AUTO',
            bid: adGroup.default_bid,
            state: adGroup.state,
            performance,
            history: adGroup.history,
          });
        }
      } else if (seed.ad_product === 'SPONSORED_BRANDS') {
        const sbState = campaign.state === 'ENABLED' ? 'enabled' : 'paused';
        words.slice(0, 6).forEach((text, wi) => {
          keywords.push({
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            keyword_text: text,
            match_type: MATCH_TYPES[wi % 3],
            bid: Math.round((0.8 + ids.random() * 2) * 100) / 100,
            state: wi === 4 ? 'paused' : sbState,
            performance: wi === 2 ? 'wasteful' : seed.performance,
            ...(wi !== 4 && sbState === 'paused' ? { history: stoppedAt(stopped, 'enabled') } : {}),
          });
        });
        targets.push({
          id: entityId(),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          ad_product: seed.ad_product,
          expression: `asinCategorySameAs=${PRODUCTS[productIdx[0]].category}`,
          expression_type: 'MANUAL',
          bid: 1.1,
          state: sbState,
          performance: seed.performance,
          ...(sbState === 'paused' ? { history: stoppedAt(stopped, 'enabled') } : {}),
        });
        negatives.push({
          id: entityId(),
          campaign_id: campaign.id,
          ad_group_id: adGroup.id,
          keyword_text: 'free',
          match_type: 'negativePhrase',
          state: 'enabled',
          created_at: `${campaign.start_date}T00:00:00.000Z`,
        });
      } else {
        targets.push(
          {
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            expression: 'views=exactProduct lookback=30',
            expression_type: 'MANUAL',
            bid: 0.85,
            state: adGroup.state,
            performance: seed.performance,
            history: adGroup.history,
          },
          {
            id: entityId(),
            campaign_id: campaign.id,
            ad_group_id: adGroup.id,
            ad_product: seed.ad_product,
            expression: `asinCategorySameAs=${PRODUCTS[productIdx[0]].category}`,
            expression_type: 'MANUAL',
            bid: 0.7,
            state: adGroup.state,
            performance: 'poor',
            history: adGroup.history,
          },
        );
      }
    });
  });

  // Sponsored Brands ads (one per SB ad group, its creative approved the day before the campaign
  // started) and the brand's asset library: made last so the ids above stay as they were.
  const logo: RetailAdsAsset = {
    id: `amzn1.assetlibrary.asset1.${ids.digits(12)}`,
    asset_type: 'LOGO',
    name: 'brand-logo.png',
    content_type: 'image/png',
    size_bytes: 182_344,
    width: 600,
    height: 600,
    source_url: 'https://assets.example.com/brand-logo.png',
    tags: ['logo'],
    created_at: `${addDays(today, -400)}T09:00:00.000Z`,
  };
  const video: RetailAdsAsset = {
    id: `amzn1.assetlibrary.asset1.${ids.digits(12)}`,
    asset_type: 'VIDEO',
    name: 'backpack-trail.mp4',
    content_type: 'video/mp4',
    size_bytes: 24_117_248,
    width: 1920,
    height: 1080,
    source_url: 'https://assets.example.com/backpack-trail.mp4',
    tags: ['video', 'backpacks'],
    created_at: `${addDays(today, -130)}T09:00:00.000Z`,
  };
  const sbAds: RetailAdsSbAd[] = adGroups
    .filter((g) => g.ad_product === 'SPONSORED_BRANDS')
    .map((g) => {
      const campaign = campaigns.find((c) => c.id === g.campaign_id)!;
      const isVideo = campaign.name.includes('Video');
      const groupAsins = productAds.filter((p) => p.ad_group_id === g.id).map((p) => p.asin);
      return {
        id: entityId(),
        campaign_id: campaign.id,
        ad_group_id: g.id,
        name: `${g.name.replace(/ - Ad group$/, '')} ad`,
        ad_type: isVideo ? 'video' : 'productCollection',
        state: campaign.state === 'ENABLED' ? 'ENABLED' : 'PAUSED',
        ...(campaign.state !== 'ENABLED' ? { history: campaign.history } : {}),
        creatives: [
          {
            version: 1,
            submitted_at: `${addDays(campaign.start_date, -1)}T10:00:00.000Z`,
            brand_name: profile.account_info.name,
            ...(isVideo
              ? { video_asset_id: video.id, asins: groupAsins.slice(0, 1) }
              : { headline: 'Gear up for every trail', brand_logo_asset_id: logo.id, asins: groupAsins.slice(0, 3) }),
          },
        ],
      };
    });

  // Sponsored Products negative keywords: one campaign-level, one ad group-level.
  const firstManual = campaigns[0]!;
  const spNegatives: RetailAdsNegativeKeyword[] = [
    { id: entityId(), campaign_id: firstManual.id, keyword_text: 'free', match_type: 'NEGATIVE_PHRASE', state: 'ENABLED' },
    {
      id: entityId(),
      campaign_id: firstManual.id,
      ad_group_id: adGroups.find((g) => g.campaign_id === firstManual.id)!.id,
      keyword_text: 'used backpack',
      match_type: 'NEGATIVE_EXACT',
      state: 'ENABLED',
    },
  ];

  await store.putMany(KIND.profile, [profile]);
  await store.putMany(KIND.negativeKeyword, spNegatives);
  await store.putMany(KIND.sbAd, sbAds);
  await store.putMany(KIND.asset, [logo, video]);
  await store.putMany(KIND.campaign, campaigns);
  await store.putMany(KIND.adGroup, adGroups);
  await store.putMany(KIND.productAd, productAds);
  await store.putMany(KIND.keyword, keywords);
  await store.putMany(KIND.target, targets);
  await store.putMany(KIND.sbNegativeKeyword, negatives);
}
