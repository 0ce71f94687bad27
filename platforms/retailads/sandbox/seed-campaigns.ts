/** The campaigns the retailads seed creates: type, targeting, budget, products and performance of each. */
import type { PerformanceTier } from '../../sandbox/metrics';
import { type RetailAdsAdProduct, type RetailAdsCampaign } from '../port';

export interface SeedCampaign {
  name: string;
  ad_product: RetailAdsAdProduct;
  state: RetailAdsCampaign['state'];
  targeting_type?: 'MANUAL' | 'AUTO';
  budget: number;
  performance: PerformanceTier;
  /** Products (indexes in PRODUCTS) advertised. */
  products: number[];
  /** Start date offset in days before the seed date. */
  startedDaysAgo: number;
  endedDaysAgo?: number;
  placement?: { TOP_OF_SEARCH?: number; PRODUCT_PAGES?: number; REST_OF_SEARCH?: number };
}

export const CAMPAIGNS: SeedCampaign[] = [
  {
    name: 'SP - Brand - Exact',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 60,
    performance: 'strong',
    products: [0, 2, 4],
    startedDaysAgo: 400,
    placement: { TOP_OF_SEARCH: 50 },
  },
  {
    name: 'SP - Hiking Backpacks - Manual',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 120,
    performance: 'average',
    products: [0, 1],
    startedDaysAgo: 300,
    placement: { TOP_OF_SEARCH: 20, PRODUCT_PAGES: 10 },
  },
  {
    name: 'SP - Tents - Broad Research',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 90,
    performance: 'wasteful',
    products: [2, 3],
    startedDaysAgo: 200,
  },
  {
    name: 'SP - Auto - All Products',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'AUTO',
    budget: 75,
    performance: 'average',
    products: [0, 2, 4, 6, 8, 10],
    startedDaysAgo: 350,
  },
  {
    name: 'SP - Water Bottles - Manual',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'PAUSED',
    targeting_type: 'MANUAL',
    budget: 40,
    performance: 'poor',
    products: [4, 5],
    startedDaysAgo: 250,
    endedDaysAgo: 12,
  },
  {
    name: 'SP - Holiday Gifts 2025',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ARCHIVED',
    targeting_type: 'MANUAL',
    budget: 150,
    performance: 'average',
    products: [8, 9, 11],
    startedDaysAgo: 380,
    endedDaysAgo: 320,
  },
  {
    name: 'SP - Sleeping Bags - Launch',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 35,
    performance: 'new',
    products: [6, 7],
    startedDaysAgo: 9,
  },
  {
    name: 'SP - Camp Kitchen & Lights',
    ad_product: 'SPONSORED_PRODUCTS',
    state: 'ENABLED',
    targeting_type: 'MANUAL',
    budget: 50,
    performance: 'poor',
    products: [8, 9, 11],
    startedDaysAgo: 150,
    placement: { TOP_OF_SEARCH: 100 },
  },
  {
    name: 'SB - Brand Store Spotlight',
    ad_product: 'SPONSORED_BRANDS',
    state: 'ENABLED',
    budget: 80,
    performance: 'strong',
    products: [0, 2, 6],
    startedDaysAgo: 280,
  },
  {
    name: 'SB - Video - Backpacks',
    ad_product: 'SPONSORED_BRANDS',
    state: 'ENABLED',
    budget: 70,
    performance: 'average',
    products: [0, 1],
    startedDaysAgo: 120,
  },
  {
    name: 'SB - Competitor Conquest',
    ad_product: 'SPONSORED_BRANDS',
    state: 'PAUSED',
    budget: 45,
    performance: 'wasteful',
    products: [2, 3],
    startedDaysAgo: 180,
    endedDaysAgo: 20,
  },
  {
    name: 'SD - Product Retargeting',
    ad_product: 'SPONSORED_DISPLAY',
    state: 'ENABLED',
    budget: 55,
    performance: 'average',
    products: [0, 4, 6],
    startedDaysAgo: 220,
  },
  {
    name: 'SD - Category Audiences',
    ad_product: 'SPONSORED_DISPLAY',
    state: 'ARCHIVED',
    budget: 30,
    performance: 'poor',
    products: [10, 11],
    startedDaysAgo: 330,
    endedDaysAgo: 200,
  },
];
