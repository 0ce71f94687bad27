/** The products the retailads seed advertises (and keyword suggestions start from), and the match types it cycles through. */
import type { RetailAdsMatchType } from '../port';

interface SeedProduct {
  title: string;
  category: string;
  /** Words shoppers search with. */
  keywords: string[];
}

export const PRODUCTS: SeedProduct[] = [
  {
    title: 'Trailhead 45L Hiking Backpack with Rain Cover',
    category: 'Hiking Backpacks',
    keywords: ['hiking backpack', 'backpacking pack', '45l backpack', 'daypack'],
  },
  {
    title: 'Summit 28L Daypack, Lightweight',
    category: 'Hiking Backpacks',
    keywords: ['daypack', 'hiking daypack', 'lightweight backpack'],
  },
  {
    title: 'Ridgeline 2-Person Backpacking Tent',
    category: 'Tents',
    keywords: ['backpacking tent', '2 person tent', 'camping tent', 'ultralight tent'],
  },
  { title: 'Basecamp 6-Person Family Tent', category: 'Tents', keywords: ['family tent', '6 person tent', 'camping tent'] },
  {
    title: 'Glacier 32oz Insulated Water Bottle',
    category: 'Water Bottles',
    keywords: ['insulated water bottle', 'water bottle', 'stainless steel bottle'],
  },
  { title: 'Trickle 1L Collapsible Water Bottle', category: 'Water Bottles', keywords: ['collapsible water bottle', 'water bottle'] },
  {
    title: 'Northstar 20F Mummy Sleeping Bag',
    category: 'Sleeping Bags',
    keywords: ['sleeping bag', 'mummy sleeping bag', 'cold weather sleeping bag'],
  },
  {
    title: 'Dreamer Ultralight Sleeping Pad',
    category: 'Sleeping Bags',
    keywords: ['sleeping pad', 'camping pad', 'inflatable sleeping pad'],
  },
  {
    title: 'Beacon 400-Lumen Rechargeable Headlamp',
    category: 'Camping Lights',
    keywords: ['headlamp', 'rechargeable headlamp', 'led headlamp'],
  },
  { title: 'Lumen Collapsible Camping Lantern', category: 'Camping Lights', keywords: ['camping lantern', 'led lantern'] },
  {
    title: 'Switchback Carbon Trekking Poles (Pair)',
    category: 'Trekking Poles',
    keywords: ['trekking poles', 'hiking poles', 'walking sticks'],
  },
  { title: 'Campfire Titanium Cookset', category: 'Camp Kitchen', keywords: ['camping cookware', 'backpacking cookset', 'titanium pot'] },
];

export const MATCH_TYPES: RetailAdsMatchType[] = ['EXACT', 'PHRASE', 'BROAD'];
