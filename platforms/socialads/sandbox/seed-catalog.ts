/** The socialads seed's product catalog, its product sets and products, and the catalog campaign selling them. */
import type { PerformanceTier } from '../../sandbox/metrics';
import type { StoredAdSet } from './delivery';
import { PRODUCT_ROWS } from './reference';
import type { SocialAdsSeedBasics } from './seed';
import type { SocialAdsSeedAds } from './seed-ads';
import type { SocialAdsSeedAssets } from './seed-assets';
import type { SocialAdsSeedCampaigns } from './seed-campaigns';
import type { SocialAdsCatalog, SocialAdsProduct, SocialAdsProductSet } from '../port';

/** Adds the catalog campaign, its ad sets and ads to the seed's and returns the catalog's entities. */
export function seedCatalog(
  basics: SocialAdsSeedBasics,
  assets: SocialAdsSeedAssets,
  structure: SocialAdsSeedCampaigns,
  built: SocialAdsSeedAds,
) {
  const { account, ids, ago, created, brand, site } = basics;
  const { pixel } = assets;
  const { campaign, campaigns, adSet, adSets, targeting } = structure;
  const { creative, ad, ads } = built;
  // The product catalog, its product sets and a catalog (dynamic product ads) campaign with a
  // campaign budget: a retargeting ad set that sells, a prospecting one that does not.
  const catalog: SocialAdsCatalog = {
    id: ids.digits(16),
    name: `${brand} Product Catalog`,
    vertical: 'commerce',
    product_count: PRODUCT_ROWS.length,
    pixel_ids: [pixel.id],
    feed_last_upload_time: `${ago(1)}T04:00:00+0000`,
    feed_errors: 1,
  };
  const products: SocialAdsProduct[] = PRODUCT_ROWS.map(([sku, name, category, productBrand, price, availability, review_status]) => ({
    id: ids.digits(16),
    retailer_id: sku,
    catalog_id: catalog.id,
    name,
    category,
    brand: productBrand,
    price,
    currency: account.currency,
    availability,
    image_url: `https://scontent.sandbox.invalid/p/${sku.toLowerCase()}.jpg`,
    url: `${site}/p/${sku.toLowerCase()}`,
    review_status,
    ...(price >= 200 ? { custom_label_0: 'premium' } : {}),
  }));
  const productSets: SocialAdsProductSet[] = [
    { id: ids.digits(16), catalog_id: catalog.id, name: 'All products', filter: [], product_count: 0, created_at: created(100) },
    {
      id: ids.digits(16),
      catalog_id: catalog.id,
      name: 'Boots',
      filter: [{ field: 'category', operator: 'eq', value: 'boots' }],
      product_count: 0,
      created_at: created(100),
    },
    {
      id: ids.digits(16),
      catalog_id: catalog.id,
      name: 'Under 100',
      filter: [{ field: 'price', operator: 'lt', value: 100 }],
      product_count: 0,
      created_at: created(60),
    },
  ];
  const catalogCampaign = campaign(
    {
      name: 'Catalog - Dynamic Product Ads',
      objective: 'OUTCOME_SALES',
      status: 'ACTIVE',
      daily_budget: 80,
      start_date: ago(70),
      performance: 'average',
      promoted_object: { product_catalog_id: catalog.id },
    },
    70,
  );
  const catalogSets = {
    retargeting: adSet(catalogCampaign, {
      name: 'Retargeting - viewed or carted 14d',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US']),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE', product_set_id: productSets[0].id },
      retargeting_days: 14,
      performance: 'strong',
    }),
    prospecting: adSet(catalogCampaign, {
      name: 'Prospecting - Boots broad',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      targeting: targeting(['US', 'CA'], 25, 65),
      promoted_object: { pixel_id: pixel.id, custom_event_type: 'PURCHASE', product_set_id: productSets[1].id },
      performance: 'poor',
    }),
  };
  const catalogAd = (s: StoredAdSet, name: string, performance: PerformanceTier, productSetId: string) =>
    ad(
      s,
      name,
      'catalog',
      performance,
      creative({
        link: site,
        primary_texts: ['Still thinking about {{product.name}}?'],
        headlines: ['{{product.name}}'],
        descriptions: ['{{product.price}}'],
        call_to_action: 'SHOP_NOW',
        product_set_id: productSetId,
        catalog_format: 'carousel',
      }),
    );
  campaigns.catalog = catalogCampaign;
  Object.assign(adSets, catalogSets);
  ads.push(
    catalogAd(catalogSets.retargeting, 'Catalog carousel - all products', 'strong', productSets[0].id),
    catalogAd(catalogSets.prospecting, 'Catalog carousel - boots', 'poor', productSets[1].id),
  );
  return { catalog, products, productSets };
}
